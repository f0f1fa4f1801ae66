/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The distance-vector family: its canonical table, wire form and segments
 * (empty tables included), and its policy's rules (horizon, least count per
 * id, nearest-first cut to the byte budget, Accumulate, Covers, Accepts).
 */
#include "codec-rejects.h"

#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/dv-filter.h"
#include "ns3/dv-policy.h"
#include "ns3/filter-codec.h"
#include "ns3/gossip-message.h"
#include "ns3/test.h"

#include <algorithm>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

using test::Rejects;
using test::Throws;

/// The hops a table reports for resource `id`, or 99.
uint32_t
HopsOf(const DistanceVector& dv, uint32_t id)
{
    return dv.FindHops(Key::FromId(id).GetHash()).value_or(99);
}

/// \ingroup bloom-gossip-tests
/// Test case: canonical order and widths, the wire form, bad shapes.
class DvTableTestCase : public TestCase
{
  public:
    DvTableTestCase()
        : TestCase("distance vector: canonical table, widths, wire form, shape limits")
    {
    }

  private:
    void DoRun() override
    {
        // 10 id bits, 2 hop bits: entries of 12 bits.
        const DistanceVector dv =
            DistanceVector::FromEntries({{700, 3}, {5, 0}, {9, 3}, {2, 1}}, 10, 12);
        const std::vector<DvEntry> sorted{{5, 0}, {2, 1}, {9, 3}, {700, 3}};
        NS_TEST_ASSERT_MSG_EQ((dv.Entries() == sorted), true, "nearest first, ties by id");
        NS_TEST_ASSERT_MSG_EQ(ShapeOf(dv).PayloadBytes(), 6U, "4 x 12 bits");
        NS_TEST_ASSERT_MSG_EQ(HopsOf(dv, 9), 3U, "lookup by key hash");
        NS_TEST_ASSERT_MSG_EQ(HopsOf(dv, 10), 99U, "absent id");
        NS_TEST_ASSERT_MSG_EQ(DistanceVector::WidthOf(0), 1U, "at least one bit");
        NS_TEST_ASSERT_MSG_EQ(DistanceVector::WidthOf(255), 8U, "255");
        NS_TEST_ASSERT_MSG_EQ(DistanceVector::WidthOf(1024), 11U, "1024");

        // Wire: entry i at bits 12 i .. 12 i + 11, id low.  Entry 0 = (5, 0).
        const std::vector<uint8_t> wire = Encode(dv);
        NS_TEST_ASSERT_MSG_EQ(wire.size(), kWireHeaderSize + 6, "header + payload");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(wire[1]), 5, "kind 5");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(wire[2]), 10, "k = id bits");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(wire[3]), 12, "b = entry bits");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(wire[kWireHeaderSize]), 5, "id 5, low byte");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(wire[kWireHeaderSize + 1]),
                              (2 << 4),
                              "entry 0's hops 0, entry 1's id 2 from bit 12");
        const AnyFilter back = Decode(wire);
        NS_TEST_ASSERT_MSG_EQ((std::get<DistanceVector>(back) == dv), true, "round trip");

        const std::vector<uint8_t> empty = Encode(DistanceVector());
        NS_TEST_ASSERT_MSG_EQ(empty.size(), kWireHeaderSize, "an empty table: header only");
        NS_TEST_ASSERT_MSG_EQ((std::get<DistanceVector>(Decode(empty)) == DistanceVector()),
                              true,
                              "empty round trip");

        // Shapes: the id and entry widths are checked, m = 0 is a DV's only.
        std::vector<uint8_t> bad = wire;
        bad[2] = 0;
        NS_TEST_ASSERT_MSG_EQ(Rejects(bad), true, "k = 0");
        bad = wire;
        bad[2] = 25;
        NS_TEST_ASSERT_MSG_EQ(Rejects(bad), true, "k = 25 > 24 id bits");
        bad = wire;
        bad[3] = 10;
        NS_TEST_ASSERT_MSG_EQ(Rejects(bad), true, "b = k: no hop bits");
        bad = wire;
        bad[3] = 19;
        NS_TEST_ASSERT_MSG_EQ(Rejects(bad), true, "b = k + 9");
        bad = Encode(DistanceVector::FromEntries({{5, 0}, {2, 1}, {9, 3}}, 4, 6)); // 18 of 24 bits
        NS_TEST_ASSERT_MSG_EQ(Rejects(bad), false, "three entries of 6 bits");
        bad.back() |= 0x80;
        NS_TEST_ASSERT_MSG_EQ(Rejects(bad), true, "padding bits set");
        std::vector<uint8_t> bfEmpty = empty;
        bfEmpty[1] = 1;
        bfEmpty[3] = 1;
        NS_TEST_ASSERT_MSG_EQ(Rejects(bfEmpty), true, "m = 0 for a BF");
        NS_TEST_ASSERT_MSG_EQ(Throws<std::invalid_argument>([] {
                                  DistanceVector::FromEntries({{16, 0}}, 4, 6);
                              }),
                              true,
                              "id of 5 bits in 4");
        NS_TEST_ASSERT_MSG_EQ(Throws<std::invalid_argument>([] {
                                  DistanceVector::FromEntries({{0, 1}}, 4, 6);
                              }),
                              true,
                              "id 0 (an empty slot)");
        NS_TEST_ASSERT_MSG_EQ(Throws<std::invalid_argument>([] {
                                  DistanceVector::FromEntries({{1, 4}}, 4, 6);
                              }),
                              true,
                              "4 hops in 2 bits");

        // A copy made from the shape is empty; a slot stored holds an entry,
        // a zero slot none.
        AnyFilter copy = MakeFilter(ShapeOf(dv));
        NS_TEST_ASSERT_MSG_EQ(std::get<DistanceVector>(copy).Entries().size(), 0U, "empty");
        SetSlot(copy, 2, 700 | 3U << 10);
        NS_TEST_ASSERT_MSG_EQ(HopsOf(std::get<DistanceVector>(copy), 700), 3U, "one stored");
        NS_TEST_ASSERT_MSG_EQ(GetSlot(copy, 2), (700U | 3U << 10), "GetSlot of 12 bits");
        NS_TEST_ASSERT_MSG_EQ(std::get<DistanceVector>(copy).Entries().size(), 1U, "one entry");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: advertisements in segments, an empty table in one.
class DvSegmentsTestCase : public TestCase
{
  public:
    DvSegmentsTestCase()
        : TestCase("distance vector: segments of many entries, and of an empty table")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<DvEntry> entries;
        for (uint32_t id = 1; id <= 300; ++id)
        {
            entries.push_back({id, id % 13});
        }
        const DistanceVector dv = DistanceVector::FromEntries(entries, 9, 13);
        const auto segments = EncodeSegments(dv, 7, 60); // 38 payload bytes each
        NS_TEST_ASSERT_MSG_EQ((segments.size() > 10), true, "many segments");
        NS_TEST_ASSERT_MSG_EQ(segments.size(),
                              static_cast<size_t>(SegmentCount(ShapeOf(dv), 60)),
                              "SegmentCount");
        AnyFilter copy = MakeFilter(ShapeOf(dv));
        for (size_t i = 0; i < segments.size(); ++i)
        {
            if (i == 3)
            {
                continue; // lost
            }
            ApplySegment(copy, DecodeSegment(segments[i].data(), segments[i].size()));
        }
        const auto& got = std::get<DistanceVector>(copy);
        NS_TEST_ASSERT_MSG_LT(got.Entries().size(), entries.size(), "one segment lost");
        for (const DvEntry& e : got.Entries())
        {
            NS_TEST_ASSERT_MSG_EQ(e.hops, e.id % 13, "entries of the other segments intact");
        }
        ApplySegment(copy, DecodeSegment(segments[3].data(), segments[3].size()));
        NS_TEST_ASSERT_MSG_EQ((std::get<DistanceVector>(copy) == dv), true, "all segments");

        const auto none = EncodeSegments(DistanceVector(9, 13, 0), 1, 60);
        NS_TEST_ASSERT_MSG_EQ(none.size(), 1U, "an empty table: one segment");
        NS_TEST_ASSERT_MSG_EQ(none[0].size(), kSegmentHeaderSize, "of the header only");
        AnyFilter stale = dv;
        ApplySegment(stale, DecodeSegment(none[0].data(), none[0].size()));
        NS_TEST_ASSERT_MSG_EQ(std::get<DistanceVector>(stale).Entries().size(),
                              0U,
                              "an empty advertisement clears the copy");
        std::vector<uint8_t> twoOfOne = none[0];
        twoOfOne[5] = 2; // count 2 of an empty table
        NS_TEST_ASSERT_MSG_EQ(
            Throws<DecodeError>([&twoOfOne] { DecodeSegment(twoOfOne.data(), twoOfOne.size()); }),
            true,
            "an empty table in two segments");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: the policy's rules.
class DvPolicyTestCase : public TestCase
{
  public:
    DvPolicyTestCase()
        : TestCase("distance vector policy: horizon, least count, budget cut, covers")
    {
    }

  private:
    void DoRun() override
    {
        const DvPolicy policy(1000, 3, 8); // entries of 8 + 2 bits
        NS_TEST_ASSERT_MSG_EQ(policy.GetCapacity(), 800U, "8000 bits / 10");
        const AnyFilter a = policy.Build({1, 2}, {});
        const AnyFilter b = policy.Build({3}, {&a});
        const AnyFilter c = policy.Build({}, {&b, &a});
        const auto& cv = std::get<DistanceVector>(c);
        NS_TEST_ASSERT_MSG_EQ(HopsOf(cv, 1), 1U, "least count over two neighbours");
        NS_TEST_ASSERT_MSG_EQ(HopsOf(cv, 3), 1U, "b's own");
        NS_TEST_ASSERT_MSG_EQ(policy.EstimateHops(c, Key::FromId(2)).value_or(99), 1U, "estimate");
        NS_TEST_ASSERT_MSG_EQ(policy.GradientRank(c, Key::FromId(2)).value_or(99), 1U, "rank");
        NS_TEST_ASSERT_MSG_EQ(policy.Contains(c, Key::FromId(4)), false, "no false positive");
        NS_TEST_ASSERT_MSG_EQ(policy.Accepts(ShapeOf(cv)), true, "fewer entries accepted");
        // A chain beyond the horizon of 3: entries at 4 hops are dropped.
        AnyFilter hop = policy.Build({9}, {});
        for (uint32_t h = 1; h <= 4; ++h)
        {
            hop = policy.Build({}, {&hop});
            NS_TEST_ASSERT_MSG_EQ(policy.EstimateHops(hop, Key::FromId(9)).value_or(99),
                                  (h <= 3 ? h : 99U),
                                  "hop " << h);
        }
        NS_TEST_ASSERT_MSG_EQ(policy.Reach(), 3U, "reach = horizon");

        // Budget: 3 bytes hold 2 entries of 8 + 4 bits (horizon 15), the
        // nearest, ties by id.
        const DvPolicy small(3, 15, 8);
        NS_TEST_ASSERT_MSG_EQ(small.GetCapacity(), 2U, "24 bits / 12");
        const AnyFilter far = small.Build({}, {&a}); // 1 and 2 at one hop
        const auto cut = std::get<DistanceVector>(small.Build({17, 6}, {&far}));
        const std::vector<DvEntry> two{{6, 0}, {17, 0}};
        NS_TEST_ASSERT_MSG_EQ((cut.Entries() == two), true, "own first, ties by id");
        const auto cut2 = std::get<DistanceVector>(small.Build({17}, {&far}));
        const std::vector<DvEntry> next{{17, 0}, {1, 2}};
        NS_TEST_ASSERT_MSG_EQ((cut2.Entries() == next), true, "then the nearest, by id");
        NS_TEST_ASSERT_MSG_EQ(small.Accepts(ShapeOf(cut)), true, "own advertisement accepted");
        NS_TEST_ASSERT_MSG_EQ(small.Accepts(ShapeOf(cv)), false, "other widths refused");
        FilterShape over = small.GetShape();
        ++over.slots;
        NS_TEST_ASSERT_MSG_EQ(small.Accepts(over), false, "more entries than the budget refused");
        NS_TEST_ASSERT_MSG_EQ(small.PayloadBytes(), 3U, "payload cap");
        NS_TEST_ASSERT_MSG_EQ(small.MaxSegments(100), 1U, "three bytes: one frame");
        NS_TEST_ASSERT_MSG_EQ(policy.MaxSegments(60), 27U, "1000 bytes in frames of 38: 27");
        NS_TEST_ASSERT_MSG_EQ(policy.CheckResource(255), "", "largest id of 8 bits");
        NS_TEST_ASSERT_MSG_NE(policy.CheckResource(256), "", "9-bit id refused");
        NS_TEST_ASSERT_MSG_NE(policy.CheckResource(0), "", "id 0 refused (an empty slot)");
        NS_TEST_ASSERT_MSG_NE(DvPolicy::Check(1, 15, 8), "", "one byte holds no 12-bit entry");
        NS_TEST_ASSERT_MSG_EQ(Throws<std::invalid_argument>([] { DvPolicy(1, 15, 8); }),
                              true,
                              "so the policy throws");

        // Accumulate a grown neighbour = Build afresh, also when the budget cuts.
        for (const DvPolicy* p : {&policy, &small})
        {
            AnyFilter view = p->Build({7}, {&a});
            const AnyFilter grown = p->Build({1, 2, 3}, {});
            p->Accumulate(view, grown);
            NS_TEST_ASSERT_MSG_EQ((view == p->Build({7}, {&a, &grown})), true, "as built");
            NS_TEST_ASSERT_MSG_EQ(p->Accumulate(view, grown), false, "idempotent");
        }

        // Covers: b heard a, so b covers a; an empty table does not.
        NS_TEST_ASSERT_MSG_EQ(policy.Covers(b, a), true, "b knows a's entries one hop on");
        NS_TEST_ASSERT_MSG_EQ(policy.Covers(policy.Build({}, {}), a), false, "empty");
        // A full table of nearer entries covers what it has no room for.
        const AnyFilter fullNear = small.Build({1, 2}, {});
        const AnyFilter seven = small.Build({7}, {});
        const AnyFilter seen = small.Build({}, {&seven}); // (7, 1): would give (7, 2)
        NS_TEST_ASSERT_MSG_EQ(small.Covers(fullNear, seen), true, "full of nearer entries");
        NS_TEST_ASSERT_MSG_EQ(small.Covers(small.Build({1}, {}), seen), false, "room for it");
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-dv.
class DvTestSuite : public TestSuite
{
  public:
    DvTestSuite()
        : TestSuite("bloom-gossip-dv", test::kUnit)
    {
        AddTestCase(new DvTableTestCase, test::kQuick);
        AddTestCase(new DvSegmentsTestCase, test::kQuick);
        AddTestCase(new DvPolicyTestCase, test::kQuick);
    }
};

/// The suite's single instance.
DvTestSuite g_dvTestSuite;

} // namespace
