/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of advertisement segmentation and of the filter policies.
 */
#include "ns3/abf-policy.h"
#include "ns3/bf-policy.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/filter-policy.h"
#include "ns3/gossip-message.h"
#include "ns3/lbf-policy.h"
#include "ns3/test.h"

#include <algorithm>
#include <memory>
#include <random>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

AnyFilter
Filled(const FilterShape& shape, std::mt19937_64& rng)
{
    AnyFilter f = MakeFilter(shape);
    const uint32_t mask = (1U << shape.slotBits) - 1;
    for (uint64_t i = 0; i < shape.TotalSlots(); ++i)
    {
        SetSlot(f, i, static_cast<uint32_t>(rng()) & mask);
    }
    return f;
}

FilterShape
Shape(FilterKind kind, uint32_t m, uint32_t b, uint32_t d)
{
    FilterShape s;
    s.kind = kind;
    s.hashes = 3;
    s.slots = m;
    s.slotBits = b;
    s.depth = d;
    return s;
}

bool
Rejects(const std::vector<uint8_t>& bytes)
{
    try
    {
        DecodeSegment(bytes.data(), bytes.size());
    }
    catch (const DecodeError&)
    {
        return true;
    }
    return false;
}

/// \ingroup bloom-gossip-tests
/// Test case: segments: round trip, frame budget, ABF level ranges.
class SegmentRoundTripTestCase : public TestCase
{
  public:
    SegmentRoundTripTestCase()
        : TestCase("segments: round trip, frame budget, ABF level ranges")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(11);
        const FilterShape shapes[] = {Shape(FilterKind::BLOOM, 1024, 1, 1),
                                      Shape(FilterKind::BLOOM, 8, 1, 1),
                                      Shape(FilterKind::LINEAR, 128, 8, 1),
                                      Shape(FilterKind::LINEAR, 500, 5, 1),
                                      Shape(FilterKind::LINEAR, 4096, 16, 1),
                                      Shape(FilterKind::ATTENUATED, 256, 1, 8),
                                      Shape(FilterKind::ATTENUATED, 2000, 1, 3)};
        for (const FilterShape& shape : shapes)
        {
            for (size_t frame : {std::size_t{40}, std::size_t{114}, std::size_t{1200}})
            {
                const AnyFilter f = Filled(shape, rng);
                std::vector<std::vector<uint8_t>> segs;
                try
                {
                    segs = EncodeSegments(f, 7, frame);
                }
                catch (const std::invalid_argument&)
                {
                    // Only a 4096-cell, 16-bit LBF in 40-byte frames needs > 255.
                    NS_TEST_ASSERT_MSG_EQ(frame, 40U, "too many segments only at 40 bytes");
                    continue;
                }
                NS_TEST_ASSERT_MSG_EQ(segs.size(), SegmentCount(shape, frame), "count");
                AnyFilter g = MakeFilter(shape);
                uint64_t covered = 0;
                for (size_t i = 0; i < segs.size(); ++i)
                {
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(segs[i].size(), frame, "fits the frame");
                    const AdvertisementSegment s = DecodeSegment(segs[i].data(), segs[i].size());
                    NS_TEST_ASSERT_MSG_EQ(s.sequence, 7, "sequence");
                    NS_TEST_ASSERT_MSG_EQ(s.index, i, "index");
                    NS_TEST_ASSERT_MSG_EQ(s.count, segs.size(), "count field");
                    NS_TEST_ASSERT_MSG_EQ(s.firstSlot, covered, "contiguous ranges");
                    if (shape.kind == FilterKind::ATTENUATED && shape.slots * 1 <= (frame - 22) * 8)
                    {
                        NS_TEST_ASSERT_MSG_EQ(s.firstSlot % shape.slots, 0U, "whole levels");
                    }
                    covered += s.slotCount;
                    ApplySegment(g, s);
                }
                NS_TEST_ASSERT_MSG_EQ(covered, shape.TotalSlots(), "every slot covered");
                NS_TEST_ASSERT_MSG_EQ((f == g), true, "reassembled filter");
            }
        }
        // One frame of 114 bytes carries 92 payload bytes.
        NS_TEST_ASSERT_MSG_EQ(SegmentCount(Shape(FilterKind::LINEAR, 128, 8, 1), 114), 2U, "LBF");
        NS_TEST_ASSERT_MSG_EQ(SegmentCount(Shape(FilterKind::BLOOM, 736, 1, 1), 114), 1U, "BF");
        NS_TEST_ASSERT_MSG_EQ(SegmentCount(Shape(FilterKind::BLOOM, 737, 1, 1), 114), 2U, "BF+1");
        NS_TEST_ASSERT_MSG_EQ(SegmentCount(Shape(FilterKind::ATTENUATED, 256, 1, 8), 114),
                              4U,
                              "ABF: 8 levels, 2 levels of 32 bytes per 92-byte frame");
        NS_TEST_ASSERT_MSG_EQ(
            bloom::test::Throws([] { SegmentCount(Shape(FilterKind::BLOOM, 64, 1, 1), 22); }),
            true,
            "a frame must hold more than the header");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: segments: a lost frame loses only its slot range.
class SegmentLossTestCase : public TestCase
{
  public:
    SegmentLossTestCase()
        : TestCase("segments: a lost frame loses only its slot range")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(3);
        const FilterShape shape = Shape(FilterKind::LINEAR, 300, 6, 1);
        const AnyFilter old = Filled(shape, rng);
        const AnyFilter next = Filled(shape, rng);
        const auto segs = EncodeSegments(next, 2, 80);
        NS_TEST_ASSERT_MSG_GT(segs.size(), 2U, "several segments");
        AnyFilter copy = old;
        const AdvertisementSegment lost = DecodeSegment(segs[1].data(), segs[1].size());
        for (size_t i = 0; i < segs.size(); ++i)
        {
            if (i != 1)
            {
                ApplySegment(copy, DecodeSegment(segs[i].data(), segs[i].size()));
            }
        }
        for (uint64_t slot = 0; slot < shape.TotalSlots(); ++slot)
        {
            const bool inLost =
                slot >= lost.firstSlot && slot < uint64_t{lost.firstSlot} + lost.slotCount;
            NS_TEST_ASSERT_MSG_EQ(GetSlot(copy, slot),
                                  GetSlot(inLost ? old : next, slot),
                                  "slot " << slot);
        }
        // A segment of another shape replaces the stored filter.
        AnyFilter other = MakeFilter(Shape(FilterKind::LINEAR, 300, 5, 1));
        ApplySegment(other, lost);
        NS_TEST_ASSERT_MSG_EQ((ShapeOf(other) == shape), true, "shape adopted");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: segments: malformed input is rejected.
class SegmentRejectionTestCase : public TestCase
{
  public:
    SegmentRejectionTestCase()
        : TestCase("segments: malformed input is rejected")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(8);
        const AnyFilter f = Filled(Shape(FilterKind::LINEAR, 50, 3, 1), rng);
        const std::vector<uint8_t> good = EncodeSegments(f, 1, 114).at(0);
        NS_TEST_ASSERT_MSG_EQ(Rejects(good), false, "valid segment");
        for (size_t n = 0; n < good.size(); ++n)
        {
            NS_TEST_ASSERT_MSG_EQ(Rejects({good.begin(), good.begin() + n}), true, "prefix " << n);
        }
        auto longer = good;
        longer.push_back(0);
        NS_TEST_ASSERT_MSG_EQ(Rejects(longer), true, "extra byte");

        struct Mutation
        {
            size_t offset;
            uint8_t value;
            const char* what;
        };

        const Mutation mutations[] = {
            {0, 0x41, "6LoWPAN dispatch"},
            {1, 9, "unknown type"},
            {4, 1, "index >= count"},
            {5, 0, "count 0"},
            {6, 2, "filter encoding version 2"},
            {9, 0, "b = 0"},
            {16, 50, "first slot at the end"},
            {20, 0, "zero slots"},
            {20, 51, "range past the end"},
        };
        for (const auto& mu : mutations)
        {
            auto bad = good;
            bad[mu.offset] = mu.value;
            NS_TEST_ASSERT_MSG_EQ(Rejects(bad), true, mu.what);
        }
        auto padded = good; // 50 cells x 3 bits = 150 bits: 2 padding bits
        padded.back() |= 0x80;
        NS_TEST_ASSERT_MSG_EQ(Rejects(padded), true, "padding bit");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: policies: BF union, LBF attenuated max, ABF shift; soft state.
class PolicyTestCase : public TestCase
{
  public:
    PolicyTestCase()
        : TestCase("policies: BF union, LBF attenuated max, ABF shift; soft state")
    {
    }

  private:
    void DoRun() override
    {
        const Key a = Key::FromId(1);
        const Key b = Key::FromId(2);
        BfPolicy bf(512, 3);
        const AnyFilter bfA = bf.Build({1}, {});
        const AnyFilter bfB = bf.Build({2}, {&bfA});
        NS_TEST_ASSERT_MSG_EQ(bf.Contains(bfB, a) && bf.Contains(bfB, b), true, "BF union");
        NS_TEST_ASSERT_MSG_EQ(bf.EstimateHops(bfB, a).has_value(), false, "BF has no distance");
        NS_TEST_ASSERT_MSG_EQ(bf.Contains(bf.Build({2}, {}), a), false, "dropping a neighbour");

        LbfPolicy lbf(128, 8, 4, Quantization::FLOOR, LbfDecay::Multiplicative(0.9, 8));
        const AnyFilter l0 = lbf.Build({1}, {});
        const AnyFilter l1 = lbf.Build({}, {&l0});
        const AnyFilter l2 = lbf.Build({2}, {&l1, &l0});
        NS_TEST_ASSERT_MSG_EQ(lbf.EstimateHops(l0, a).value_or(99), 0U, "own");
        NS_TEST_ASSERT_MSG_EQ(lbf.EstimateHops(l1, a).value_or(99), 1U, "one hop");
        NS_TEST_ASSERT_MSG_EQ(lbf.EstimateHops(l2, a).value_or(99), 1U, "shortest of two paths");
        NS_TEST_ASSERT_MSG_EQ(lbf.Reach(), 36U, "horizon 37 at b=8, a=0.9");
        NS_TEST_ASSERT_MSG_EQ(lbf.PayloadBytes(), 128U, "m b / 8");

        AbfPolicy abf(4, 256, 3);
        const AnyFilter x0 = abf.Build({1}, {});
        const AnyFilter x1 = abf.Build({}, {&x0});
        const AnyFilter x2 = abf.Build({}, {&x1});
        NS_TEST_ASSERT_MSG_EQ(abf.EstimateHops(x2, a).value_or(99), 2U, "two hops");
        NS_TEST_ASSERT_MSG_EQ(abf.Reach(), 3U, "d - 1");
        NS_TEST_ASSERT_MSG_EQ(abf.PayloadBytes(), 128U, "d m / 8");
        NS_TEST_ASSERT_MSG_EQ(lbf.Describe(), "lbf m=128 b=8 k=4 mul:0.9 floor", "describe");
    }
};

/// Slot-wise max of two filters of one shape.
AnyFilter
SlotMax(const AnyFilter& a, const AnyFilter& b)
{
    AnyFilter out = a;
    for (uint64_t i = 0; i < ShapeOf(a).TotalSlots(); ++i)
    {
        SetSlot(out, i, std::max(GetSlot(a, i), GetSlot(b, i)));
    }
    return out;
}

/// \ingroup bloom-gossip-tests
/// Test case: segments: ApplySegmentPayload equals DecodeSegment + ApplySegment and reports .
class SegmentPayloadTestCase : public TestCase
{
  public:
    SegmentPayloadTestCase()
        : TestCase("segments: ApplySegmentPayload equals DecodeSegment + ApplySegment and reports "
                   "changed and lowered slots exactly")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(11);
        std::vector<FilterShape> shapes;
        for (uint32_t m : {1U, 7U, 64U, 100U, 1000U})
        {
            shapes.push_back(Shape(FilterKind::BLOOM, m, 1, 1));
            for (uint32_t b : {1U, 3U, 4U, 8U, 11U, 16U})
            {
                shapes.push_back(Shape(FilterKind::LINEAR, m, b, 1));
            }
            for (uint32_t d : {1U, 3U, 9U})
            {
                shapes.push_back(Shape(FilterKind::ATTENUATED, m, 1, d));
            }
        }
        uint32_t segments = 0;
        for (const FilterShape& shape : shapes)
        {
            for (size_t frame : {30U, 57U, 114U})
            {
                if (SegmentCount(shape, frame) > 255)
                {
                    continue;
                }
                const AnyFilter before = Filled(shape, rng);
                const AnyFilter random = Filled(shape, rng);
                std::vector<uint32_t> beforeSlots(shape.TotalSlots());
                for (uint64_t i = 0; i < beforeSlots.size(); ++i)
                {
                    beforeSlots[i] = GetSlot(before, i);
                }
                // Sources: unrelated, grown only, identical, and identical
                // but for the first or the last slot (raised or lowered).
                AnyFilter firstChanged = before;
                SetSlot(firstChanged, 0, GetSlot(before, 0) == 0 ? 1 : 0);
                AnyFilter lastChanged = before;
                const uint64_t last = shape.TotalSlots() - 1;
                SetSlot(lastChanged, last, GetSlot(before, last) == 0 ? 1 : 0);
                for (const AnyFilter& source :
                     {random, SlotMax(before, random), before, firstChanged, lastChanged})
                {
                    for (const auto& bytes : EncodeSegments(source, 9, frame))
                    {
                        AnyFilter slow = before;
                        ApplySegment(slow, DecodeSegment(bytes.data(), bytes.size()));
                        AnyFilter fast = before;
                        const AdvertisementSegment header =
                            DecodeSegmentHeader(bytes.data(), bytes.size());
                        NS_TEST_ASSERT_MSG_EQ(header.slots.empty(), true, "header only");
                        const StoreEffect effect =
                            ApplySegmentPayload(fast, header, bytes.data() + kSegmentHeaderSize);
                        NS_TEST_ASSERT_MSG_EQ((fast == slow), true, "same filter");
                        bool changed = false;
                        bool lowered = false;
                        for (uint64_t i = 0; i < beforeSlots.size(); ++i)
                        {
                            const uint32_t now = GetSlot(slow, i);
                            changed |= now != beforeSlots[i];
                            lowered |= now < beforeSlots[i];
                        }
                        NS_TEST_ASSERT_MSG_EQ(effect.changed, changed, "changed");
                        NS_TEST_ASSERT_MSG_EQ(effect.lowered, lowered, "lowered");
                        ++segments;
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(segments, 500U, "enough segments");
        // A filter of another shape is replaced first.
        std::mt19937_64 rng2(3);
        const AnyFilter lbf = Filled(Shape(FilterKind::LINEAR, 40, 4, 1), rng2);
        AnyFilter other = MakeFilter(Shape(FilterKind::BLOOM, 40, 1, 1));
        const auto bytes = EncodeSegments(lbf, 1, 114).at(0);
        const StoreEffect effect =
            ApplySegmentPayload(other,
                                DecodeSegmentHeader(bytes.data(), bytes.size()),
                                bytes.data() + kSegmentHeaderSize);
        NS_TEST_ASSERT_MSG_EQ((other == lbf), true, "replaced and filled");
        NS_TEST_ASSERT_MSG_EQ(effect.changed && effect.lowered, true, "reported as lowered");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: policies: folding a grown neighbour filter into the view equals a rebuild.
class AccumulateTestCase : public TestCase
{
  public:
    AccumulateTestCase()
        : TestCase("policies: folding a grown neighbour filter into the view equals a rebuild")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(5);
        std::vector<std::unique_ptr<FilterPolicy>> policies;
        policies.push_back(std::make_unique<BfPolicy>(300, 3));
        policies.push_back(std::make_unique<LbfPolicy>(100,
                                                       8,
                                                       3,
                                                       Quantization::FLOOR,
                                                       LbfDecay::Multiplicative(0.9, 8)));
        policies.push_back(std::make_unique<LbfPolicy>(100,
                                                       5,
                                                       3,
                                                       Quantization::FLOOR,
                                                       LbfDecay::Subtractive(2, 5)));
        policies.push_back(std::make_unique<AbfPolicy>(5, 120, 3));
        for (const auto& policy : policies)
        {
            const std::vector<uint64_t> own{1, 2};
            for (int round = 0; round < 50; ++round)
            {
                // Sparse neighbours, so that growth often changes nothing.
                std::vector<AnyFilter> neighbours;
                for (int i = 0; i < 4; ++i)
                {
                    AnyFilter f = MakeFilter(policy->GetShape());
                    for (int j = 0; j < 5; ++j)
                    {
                        const uint64_t slot = rng() % policy->GetShape().TotalSlots();
                        SetSlot(f, slot, GetSlot(Filled(policy->GetShape(), rng), slot));
                    }
                    neighbours.push_back(f);
                }
                auto pointers = [&]() {
                    std::vector<const AnyFilter*> out;
                    out.reserve(neighbours.size());
                    for (const auto& f : neighbours)
                    {
                        out.push_back(&f);
                    }
                    return out;
                };
                AnyFilter view = policy->Build(own, pointers());
                const AnyFilter old = view;
                AnyFilter grown = neighbours[round % 4];
                const uint64_t slot = rng() % policy->GetShape().TotalSlots();
                const uint32_t top = (1U << policy->GetShape().slotBits) - 1;
                SetSlot(grown,
                        slot,
                        std::max(GetSlot(grown, slot), static_cast<uint32_t>(rng()) & top));
                neighbours[round % 4] = grown;
                const bool changed = policy->Accumulate(view, grown);
                const AnyFilter rebuilt = policy->Build(own, pointers());
                NS_TEST_ASSERT_MSG_EQ((view == rebuilt), true, policy->Describe() << ": as built");
                NS_TEST_ASSERT_MSG_EQ(changed,
                                      !(rebuilt == old),
                                      policy->Describe() << ": changed");
            }
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-gossip-message.
class GossipMessageTestSuite : public TestSuite
{
  public:
    GossipMessageTestSuite()
        : TestSuite("bloom-gossip-gossip-message", test::kUnit)
    {
        AddTestCase(new SegmentRoundTripTestCase, test::kQuick);
        AddTestCase(new SegmentLossTestCase, test::kQuick);
        AddTestCase(new SegmentRejectionTestCase, test::kQuick);
        AddTestCase(new PolicyTestCase, test::kQuick);
        AddTestCase(new SegmentPayloadTestCase, test::kQuick);
        AddTestCase(new AccumulateTestCase, test::kQuick);
    }
};

GossipMessageTestSuite g_gossipMessageTestSuite;

} // namespace
