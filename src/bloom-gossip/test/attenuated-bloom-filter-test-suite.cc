/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the attenuated Bloom filter.
 */
#include "bloom-gossip-test-compat.h"

#include "ns3/attenuated-bloom-filter.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::bloom;

namespace
{

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

class AttenuatedBloomFilterTestSuite : public TestSuite
{
  public:
    AttenuatedBloomFilterTestSuite()
        : TestSuite("bloom-gossip-attenuated-bloom-filter", test::kUnit)
    {
        AddTestCase(new AbfLineTestCase, test::kQuick);
        AddTestCase(new AbfLowestLevelTestCase, test::kQuick);
    }
};

AttenuatedBloomFilterTestSuite g_attenuatedBloomFilterTestSuite;

} // namespace
