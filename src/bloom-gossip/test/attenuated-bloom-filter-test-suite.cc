/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the attenuated Bloom filter.
 */
#include "ns3/attenuated-bloom-filter.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/test.h"

#include <random>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

/// \ingroup bloom-gossip-tests
/// Test case: ABF on a line: lowest matching level equals distance, capped at d-1.
class AbfLineTestCase : public TestCase
{
  public:
    AbfLineTestCase()
        : TestCase("ABF on a line: lowest matching level equals distance, capped at d-1")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t depth = 6;
        const Key key = Key::FromName("camera");
        AttenuatedBloomFilter prev(depth, 256, 4);
        prev.InsertLocal(key);
        NS_TEST_ASSERT_MSG_EQ(prev.EstimateHops(key).value_or(999), 0U, "own resource");
        for (uint32_t node = 1; node < 10; ++node)
        {
            AttenuatedBloomFilter cur(depth, 256, 4);
            cur.InsertLocal(Key::FromId(node)); // each node's own resource
            cur.MergeShifted(prev);
            const auto est = cur.EstimateHops(key);
            if (node < depth)
            {
                NS_TEST_ASSERT_MSG_EQ(est.value_or(999), node, "node " << node);
                if (node > 1)
                {
                    NS_TEST_ASSERT_MSG_EQ(cur.EstimateHops(Key::FromId(node - 1)).value_or(999),
                                          1U,
                                          "previous node's resource is one hop away");
                }
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(est.has_value(), false, "node " << node << " past depth");
            }
            prev = cur;
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: ABF reports the lowest matching level; merge laws; bad parameters.
class AbfLowestLevelTestCase : public TestCase
{
  public:
    AbfLowestLevelTestCase()
        : TestCase("ABF reports the lowest matching level; merge laws; bad parameters")
    {
    }

  private:
    void DoRun() override
    {
        const Key key = Key::FromId(5);
        AttenuatedBloomFilter f(8, 512, 3);
        f.Insert(key, 5);
        f.Insert(key, 2);
        NS_TEST_ASSERT_MSG_EQ(f.EstimateHops(key).value_or(999), 2U, "lowest level wins");
        NS_TEST_ASSERT_MSG_EQ(f.Contains(key), true, "contains");
        NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(6)), false, "absent key");

        AttenuatedBloomFilter g(8, 512, 3);
        g.Insert(Key::FromId(6), 7);
        AttenuatedBloomFilter fg = f;
        fg.Merge(g);
        AttenuatedBloomFilter gf = g;
        gf.Merge(f);
        NS_TEST_ASSERT_MSG_EQ((fg == gf), true, "merge commutative");
        AttenuatedBloomFilter ff = fg;
        ff.Merge(fg);
        NS_TEST_ASSERT_MSG_EQ((ff == fg), true, "merge idempotent");
        NS_TEST_ASSERT_MSG_EQ(fg.EstimateHops(Key::FromId(6)).value_or(999), 7U, "merged level");

        AttenuatedBloomFilter shifted(8, 512, 3);
        shifted.MergeShifted(fg);
        NS_TEST_ASSERT_MSG_EQ(shifted.EstimateHops(key).value_or(999), 3U, "shift adds a hop");
        NS_TEST_ASSERT_MSG_EQ(shifted.Contains(Key::FromId(6)),
                              false,
                              "the deepest level falls off the end");
        fg.Clear();
        NS_TEST_ASSERT_MSG_EQ(fg.Contains(key), false, "clear");

        using bloom::test::Throws;
        NS_TEST_ASSERT_MSG_EQ(Throws([] { AttenuatedBloomFilter(0, 64, 3); }), true, "depth 0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { AttenuatedBloomFilter(256, 64, 3); }), true, "depth 256");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { f.MergeShifted(AttenuatedBloomFilter(7, 512, 3)); }),
                              true,
                              "merge of another depth is refused");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { f.Insert(key, 8); }), true, "level beyond depth");
    }
};

/// \ingroup bloom-gossip-tests
/// The one-block layout must behave as d separate Bloom filters, whatever m.
class AbfLayoutTestCase : public TestCase
{
  public:
    AbfLayoutTestCase()
        : TestCase("ABF levels in one bit string agree with d separate Bloom filters")
    {
    }

  private:
    using Levels = std::vector<BloomFilter>;

    /// Random keys at random levels, into the ABF and the reference alike.
    static void Fill(std::mt19937_64& rng, AttenuatedBloomFilter& f, Levels& ref, uint32_t keys)
    {
        for (uint32_t i = 0; i < keys; ++i)
        {
            const Key key = Key::FromId(static_cast<uint32_t>(rng()));
            const auto level = static_cast<uint32_t>(rng() % f.GetDepth());
            f.Insert(key, level);
            ref[level].Insert(key);
        }
    }

    void Check(const AttenuatedBloomFilter& f, const Levels& ref, const std::string& what)
    {
        uint64_t ones = 0;
        for (uint32_t i = 0; i < f.GetDepth(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ((f.Level(i) == ref[i]), true, what << ": level " << i);
            std::vector<uint8_t> got;
            std::vector<uint8_t> want;
            f.AppendWireSlots(uint64_t{i} * f.GetBits(), f.GetBits(), got);
            ref[i].Bits().AppendBytes(want);
            NS_TEST_ASSERT_MSG_EQ((got == want), true, what << ": bytes of level " << i);
            ones += ref[i].CountOnes();
        }
        NS_TEST_ASSERT_MSG_EQ(f.Bits().CountOnes(), ones, what << ": no bit between levels");
    }

    void DoRun() override
    {
        std::mt19937_64 rng(7);
        for (uint32_t m : {1U, 7U, 63U, 64U, 65U, 100U, 256U, 300U})
        {
            for (uint32_t d : {1U, 2U, 5U})
            {
                const std::string shape = "d=" + std::to_string(d) + " m=" + std::to_string(m);
                AttenuatedBloomFilter a(d, m, 3);
                AttenuatedBloomFilter b(d, m, 3);
                Levels ra(d, BloomFilter(m, 3));
                Levels rb(d, BloomFilter(m, 3));
                Fill(rng, a, ra, 1 + m / 16);
                Fill(rng, b, rb, 1 + m / 16);
                Check(a, ra, shape);

                // a.ShiftedSubsetOf(b): a's level i-1 within b's level i.
                bool subset = true;
                for (uint32_t i = 1; i < d; ++i)
                {
                    subset = subset && ra[i - 1].Bits().IsSubsetOf(rb[i].Bits());
                }
                NS_TEST_ASSERT_MSG_EQ(a.ShiftedSubsetOf(b), subset, shape << ": subset");

                bool changed = false;
                for (uint32_t i = d - 1; i >= 1; --i)
                {
                    changed = rb[i].Union(ra[i - 1]) || changed;
                }
                NS_TEST_ASSERT_MSG_EQ(b.MergeShifted(a), changed, shape << ": change flag");
                Check(b, rb, shape + " after MergeShifted");
                NS_TEST_ASSERT_MSG_EQ(a.ShiftedSubsetOf(b), true, shape << ": merged covers");
                NS_TEST_ASSERT_MSG_EQ(b.MergeShifted(a), false, shape << ": second merge");

                a.Merge(b);
                for (uint32_t i = 0; i < d; ++i)
                {
                    ra[i].Union(rb[i]);
                }
                Check(a, ra, shape + " after Merge");

                // Store level by level into an empty filter: equal to the
                // source; a set padding bit is not the filter's (ignored).
                AttenuatedBloomFilter c(d, m, 3);
                for (uint32_t i = 0; i < d; ++i)
                {
                    std::vector<uint8_t> bytes;
                    a.AppendWireSlots(uint64_t{i} * m, m, bytes);
                    if (m % 8 != 0)
                    {
                        bytes.back() |= static_cast<uint8_t>(0x80);
                    }
                    c.StoreWireSlots(uint64_t{i} * m, m, bytes.data());
                }
                NS_TEST_ASSERT_MSG_EQ((c == a), true, shape << ": stored levels");
                // Every flat slot range, across levels, round-trips too.
                for (int trial = 0; trial < 8; ++trial)
                {
                    const uint64_t total = uint64_t{d} * m;
                    const uint64_t first = rng() % total;
                    const uint64_t n = 1 + rng() % (total - first);
                    std::vector<uint8_t> range;
                    a.AppendWireSlots(first, n, range);
                    NS_TEST_ASSERT_MSG_EQ(range.size(), (n + 7) / 8, shape << ": range bytes");
                    AttenuatedBloomFilter e(d, m, 3);
                    const StoreEffect effect = e.StoreWireSlots(first, n, range.data());
                    bool any = false;
                    for (uint64_t j = 0; j < n; ++j)
                    {
                        const uint64_t slot = first + j;
                        const bool bit =
                            a.Level(static_cast<uint32_t>(slot / m)).Bits().Test(slot % m);
                        any = any || bit;
                        NS_TEST_ASSERT_MSG_EQ((((range[j / 8] >> (j % 8)) & 1) != 0),
                                              bit,
                                              shape << ": slot " << slot);
                    }
                    NS_TEST_ASSERT_MSG_EQ(effect.changed, any, shape << ": changed flag");
                    NS_TEST_ASSERT_MSG_EQ(effect.lowered, false, shape << ": nothing cleared");
                }
            }
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-attenuated-bloom-filter.
class AttenuatedBloomFilterTestSuite : public TestSuite
{
  public:
    AttenuatedBloomFilterTestSuite()
        : TestSuite("bloom-gossip-attenuated-bloom-filter", test::kUnit)
    {
        AddTestCase(new AbfLineTestCase, test::kQuick);
        AddTestCase(new AbfLowestLevelTestCase, test::kQuick);
        AddTestCase(new AbfLayoutTestCase, test::kQuick);
    }
};

AttenuatedBloomFilterTestSuite g_attenuatedBloomFilterTestSuite;

} // namespace
