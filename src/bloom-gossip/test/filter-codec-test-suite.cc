/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the wire encoding: round trips, exact sizes, and rejection of
 * every kind of malformed input.
 */
#include "codec-rejects.h"

#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/filter-codec.h"
#include "ns3/test.h"

#include <random>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

using test::Rejects;

AnyFilter
RandomFilter(std::mt19937_64& rng)
{
    const uint32_t k = 1 + rng() % kMaxHashes;
    const uint32_t m = 1 + rng() % 3000;
    switch (rng() % 3)
    {
    case 0: {
        BloomFilter f(m, k);
        for (uint32_t i = 0; i < rng() % 50; ++i)
        {
            f.Insert(Key::FromId(rng()));
        }
        return f;
    }
    case 1: {
        const uint32_t b = 1 + rng() % 16;
        LinearBloomFilter f(m, b, k, static_cast<Quantization>(rng() % 3));
        for (uint32_t i = 0; i < m; ++i)
        {
            f.SetCell(i, static_cast<uint32_t>(rng() & f.MaxValue()));
        }
        return f;
    }
    default: {
        AttenuatedBloomFilter f(1 + rng() % 20, m, k);
        for (uint32_t i = 0; i < rng() % 50; ++i)
        {
            f.Insert(Key::FromId(rng()), static_cast<uint32_t>(rng() % f.GetDepth()));
        }
        return f;
    }
    }
}

/// \ingroup bloom-gossip-tests
/// Test case: codec round trip over random parameters and contents.
class RoundTripTestCase : public TestCase
{
  public:
    RoundTripTestCase()
        : TestCase("codec round trip over random parameters and contents")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(99);
        for (int trial = 0; trial < 600; ++trial)
        {
            const AnyFilter f = RandomFilter(rng);
            const std::vector<uint8_t> bytes = Encode(f);
            NS_TEST_ASSERT_MSG_EQ(bytes.size(), ShapeOf(f).EncodedBytes(), "declared size");
            const AnyFilter g = Decode(bytes);
            NS_TEST_ASSERT_MSG_EQ((f == g), true, "round trip, trial " << trial);
            NS_TEST_ASSERT_MSG_EQ((Encode(g) == bytes), true, "canonical encoding");
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: codec sizes: BF m:8, LBF mb:8, ABF dm:8 bytes plus a 10-byte header.
class SizesTestCase : public TestCase
{
  public:
    SizesTestCase()
        : TestCase("codec sizes: BF m:8, LBF mb:8, ABF dm:8 bytes plus a 10-byte header")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(Encode(BloomFilter(1000, 3)).size(), 10U + 125U, "BF");
        NS_TEST_ASSERT_MSG_EQ(Encode(LinearBloomFilter(100, 5, 3)).size(), 10U + 63U, "LBF");
        NS_TEST_ASSERT_MSG_EQ(Encode(AttenuatedBloomFilter(3, 100, 3)).size(),
                              10U + 3U * 13U,
                              "ABF levels are byte-aligned");
        LinearBloomFilter f(4, 4, 1);
        f.SetCell(0, 0x1);
        f.SetCell(1, 0x2);
        f.SetCell(2, 0xF);
        const std::vector<uint8_t> bytes = Encode(f);
        const std::vector<uint8_t> expected = {1, 2, 1, 4, 1, 0, 4, 0, 0, 0, 0x21, 0x0F};
        NS_TEST_ASSERT_MSG_EQ((bytes == expected), true, "documented byte layout");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: codec rejects truncated, over-long, inconsistent and unknown-version input.
class RejectionTestCase : public TestCase
{
  public:
    RejectionTestCase()
        : TestCase("codec rejects truncated, over-long, inconsistent and unknown-version input")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(5);
        // Every strict prefix and every extension of valid encodings is refused.
        for (int trial = 0; trial < 30; ++trial)
        {
            const std::vector<uint8_t> bytes = Encode(RandomFilter(rng));
            for (size_t n = 0; n < bytes.size(); ++n)
            {
                NS_TEST_ASSERT_MSG_EQ(Rejects({bytes.begin(), bytes.begin() + n}),
                                      true,
                                      "prefix of " << n << " bytes");
            }
            std::vector<uint8_t> longer = bytes;
            longer.push_back(0);
            NS_TEST_ASSERT_MSG_EQ(Rejects(longer), true, "one byte too many");
        }
        NS_TEST_ASSERT_MSG_EQ(Rejects({}), true, "empty");
        NS_TEST_ASSERT_MSG_EQ(bloom::test::Throws<DecodeError>([] { Decode(nullptr, 0); }),
                              true,
                              "null buffer");

        const std::vector<uint8_t> bf = Encode(BloomFilter(64, 3));
        const std::vector<uint8_t> lbf = Encode(LinearBloomFilter(64, 4, 3));
        const std::vector<uint8_t> abf = Encode(AttenuatedBloomFilter(2, 64, 3));

        struct Mutation
        {
            const std::vector<uint8_t>* base;
            size_t offset;
            uint8_t value;
            const char* what;
        };

        const Mutation mutations[] = {
            {&bf, 0, 0, "version 0"},
            {&bf, 0, 2, "version 2"},
            {&bf, 1, 0, "kind 0"},
            {&bf, 1, 5, "kind 5 (4 is SDBF)"},
            {&bf, 2, 0, "k = 0"},
            {&bf, 2, 33, "k = 33"},
            {&bf, 3, 2, "BF with b = 2"},
            {&bf, 4, 2, "BF with d = 2"},
            {&bf, 5, 1, "BF with a quantization"},
            {&lbf, 3, 0, "LBF b = 0"},
            {&lbf, 3, 17, "LBF b = 17"},
            {&lbf, 4, 2, "LBF with d = 2"},
            {&lbf, 5, 3, "LBF quantization 3"},
            {&abf, 4, 0, "ABF d = 0"},
            {&abf, 3, 2, "ABF with b = 2"},
            {&bf, 6, 0, "m = 0 (with m's other bytes zero)"},
            {&bf, 8, 0x20, "m beyond 2^20"},
            {&bf, 6, 72, "m = 72 does not match the payload length"},
        };
        for (const Mutation& mu : mutations)
        {
            std::vector<uint8_t> bytes = *mu.base;
            bytes[mu.offset] = mu.value;
            NS_TEST_ASSERT_MSG_EQ(Rejects(bytes), true, mu.what);
        }
        // Non-zero padding bits after m*b payload bits.
        std::vector<uint8_t> padded = Encode(BloomFilter(60, 3));
        padded.back() |= 0x80;
        NS_TEST_ASSERT_MSG_EQ(Rejects(padded), true, "padding bit set");
        std::vector<uint8_t> abfPadded = Encode(AttenuatedBloomFilter(3, 12, 3));
        abfPadded[kWireHeaderSize + 1] |= 0x10; // level 0, past bit 12
        NS_TEST_ASSERT_MSG_EQ(Rejects(abfPadded), true, "padding bit inside an ABF level");
    }
};

/**
 * Garbage never crashes the decoder; whatever it accepts is canonical (it
 * re-encodes to the very same bytes).
 */
/// \ingroup bloom-gossip-tests
/// Test case: codec on random and mutated buffers: reject or decode canonically.
class GarbageTestCase : public TestCase
{
  public:
    GarbageTestCase()
        : TestCase("codec on random and mutated buffers: reject or decode canonically")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(77);
        uint32_t accepted = 0;
        for (int trial = 0; trial < 20000; ++trial)
        {
            std::vector<uint8_t> bytes;
            if (trial % 2 == 0)
            {
                bytes.resize(rng() % 64);
                for (auto& b : bytes)
                {
                    b = static_cast<uint8_t>(rng());
                }
            }
            else
            {
                bytes = Encode(RandomFilter(rng));
                const size_t flips = 1 + rng() % 3;
                for (size_t i = 0; i < flips; ++i)
                {
                    bytes[rng() % bytes.size()] ^= static_cast<uint8_t>(1U << (rng() % 8));
                }
            }
            try
            {
                const AnyFilter f = Decode(bytes);
                NS_TEST_ASSERT_MSG_EQ((Encode(f) == bytes), true, "accepted input is canonical");
                ++accepted;
            }
            catch (const DecodeError&)
            {
            }
        }
        // Flips inside payloads keep the input valid, so some must be accepted.
        NS_TEST_ASSERT_MSG_GT(accepted, 1000U, "payload flips decode");
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-filter-codec.
class FilterCodecTestSuite : public TestSuite
{
  public:
    FilterCodecTestSuite()
        : TestSuite("bloom-gossip-filter-codec", test::kUnit)
    {
        AddTestCase(new RoundTripTestCase, test::kQuick);
        AddTestCase(new SizesTestCase, test::kQuick);
        AddTestCase(new RejectionTestCase, test::kQuick);
        AddTestCase(new GarbageTestCase, test::kQuick);
    }
};

FilterCodecTestSuite g_filterCodecTestSuite;

} // namespace
