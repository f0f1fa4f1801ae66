/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the wire encoding: round trips, exact sizes, and rejection of
 * every kind of malformed input.
 */
#include "codec-rejects.h"

#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/filter-codec.h"
#include "ns3/gossip-message.h"
#include "ns3/test.h"

#include <random>
#include <stdexcept>

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

/// A plug-in filter class of the test: d levels of m bits, flat.
class TestLevels : public PluginFilterOf<TestLevels>
{
  public:
    TestLevels(uint32_t depth, uint32_t bits, uint32_t hashes)
        : m_depth(depth),
          m_bits(bits),
          m_hashes(hashes),
          m_slots(uint64_t{depth} * bits)
    {
    }

    void FillShape(FilterShape& shape) const override
    {
        shape.hashes = m_hashes;
        shape.slots = m_bits;
        shape.depth = m_depth;
    }

    void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const override
    {
        m_slots.AppendBytes(out, first, n);
    }

    StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data) override
    {
        return m_slots.StoreFields(first, data, 0, n, 1);
    }

    void Set(uint64_t slot)
    {
        m_slots.SetBit(slot);
    }

    bool operator==(const TestLevels& o) const
    {
        return m_depth == o.m_depth && m_bits == o.m_bits && m_hashes == o.m_hashes &&
               m_slots == o.m_slots;
    }

  private:
    uint32_t m_depth;
    uint32_t m_bits;
    uint32_t m_hashes;
    PackedBits m_slots;
};

/// \ingroup bloom-gossip-tests
/// Test case: a plug-in filter class gets a kind of its own and goes
/// through the generic core (name, shape checks, MakeFilter, codec,
/// advertisement segments) without any change to it; its registration ends
/// with its object; kinds outside the plug-in range and taken kinds or
/// names are refused.
class PluginKindTestCase : public TestCase
{
  public:
    PluginKindTestCase()
        : TestCase("a plug-in filter class: its own kind through the generic core")
    {
    }

  private:
    void DoRun() override
    {
        const auto kind = static_cast<FilterKind>(200);
        const size_t before = FilterKinds().size();
        const auto fromShape = [](const FilterShape& s) -> std::unique_ptr<PluginFilterBody> {
            return std::make_unique<TestLevels>(s.depth, s.slots, s.hashes);
        };
        {
            const PluginFilterRegistration registration(
                {kind, FilterTraits{"test-levels", false, true, false}, fromShape});
            NS_TEST_ASSERT_MSG_EQ(ToString(kind), "test-levels", "its name");
            NS_TEST_ASSERT_MSG_EQ((ParseFilterKind("test-levels") == kind), true, "read back");
            NS_TEST_ASSERT_MSG_EQ(FilterKinds().size(), before + 1, "listed");
            NS_TEST_ASSERT_MSG_EQ((FilterKinds().back() == kind), true, "after the core's");

            TestLevels body(3, 37, 2);
            body.Set(0);
            body.Set(40);
            body.Set(110);
            const AnyFilter f = PluginFilter(kind, std::make_unique<TestLevels>(body));
            const FilterShape shape = ShapeOf(f);
            NS_TEST_ASSERT_MSG_EQ((shape.kind == kind), true, "kind of the shape");
            NS_TEST_ASSERT_MSG_EQ(shape.depth, 3U, "depth");
            const std::vector<uint8_t> bytes = Encode(f);
            NS_TEST_ASSERT_MSG_EQ(bytes.size(), kWireHeaderSize + 3 * 5, "3 levels of 5 bytes");
            NS_TEST_ASSERT_MSG_EQ(int{bytes[1]}, 200, "the kind byte");
            const AnyFilter back = Decode(bytes);
            NS_TEST_ASSERT_MSG_EQ((back == f), true, "round trip");
            NS_TEST_ASSERT_MSG_EQ((std::get<PluginFilter>(back).As<TestLevels>() == body),
                                  true,
                                  "its class");
            NS_TEST_ASSERT_MSG_EQ(GetSlot(back, 40), 1U, "a slot");
            NS_TEST_ASSERT_MSG_EQ(GetSlot(back, 41), 0U, "another");
            AnyFilter copy = back;
            SetSlot(copy, 41, 1);
            NS_TEST_ASSERT_MSG_EQ((copy == back), false, "a copy is a copy");
            NS_TEST_ASSERT_MSG_EQ((MakeFilter(shape) == back), false, "MakeFilter is empty");
            // The shape rules of its traits: levels, 1-bit slots.
            FilterShape wrong = shape;
            wrong.slotBits = 2;
            NS_TEST_ASSERT_MSG_EQ(test::Throws<DecodeError>([&wrong] { wrong.Validate(); }),
                                  true,
                                  "b = 2");
            // Segments of 40-byte frames, applied to an empty filter.
            AnyFilter rebuilt = MakeFilter(shape);
            for (const auto& frame : EncodeSegments(f, 7, 40))
            {
                ApplySegment(rebuilt, DecodeSegment(frame.data(), frame.size()));
            }
            NS_TEST_ASSERT_MSG_EQ((rebuilt == f), true, "through segments");

            bool taken = false;
            try
            {
                const PluginFilterRegistration again({static_cast<FilterKind>(201),
                                                      FilterTraits{"lbf", false, false, false},
                                                      fromShape});
            }
            catch (const std::logic_error&)
            {
                taken = true;
            }
            NS_TEST_ASSERT_MSG_EQ(taken, true, "a name taken is refused");
        }
        NS_TEST_ASSERT_MSG_EQ(FilterKinds().size(), before, "gone with its registration");
        NS_TEST_ASSERT_MSG_EQ(ToString(kind), "unknown", "no name then");
        std::vector<uint8_t> header;
        AppendHeader(FilterShape{kind, 2, 1, 3, Quantization::FLOOR, 37}, header);
        NS_TEST_ASSERT_MSG_EQ(Rejects(header), true, "an unregistered kind is refused");
        bool core = false;
        try
        {
            const PluginFilterRegistration low(
                {static_cast<FilterKind>(6), FilterTraits{"six", false, false, false}, fromShape});
        }
        catch (const std::logic_error&)
        {
            core = true;
        }
        NS_TEST_ASSERT_MSG_EQ(core, true, "a kind below the plug-in range is refused");
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
        AddTestCase(new PluginKindTestCase, test::kQuick);
    }
};

FilterCodecTestSuite g_filterCodecTestSuite;

} // namespace
