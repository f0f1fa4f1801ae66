/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the linear Bloom filter: quantisation, insFBL/conFBL semantics,
 * packing, attenuation chains and hop estimates, merge laws, occupancy.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/linear-bloom-filter.h"
#include "ns3/test.h"

#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

using bloom::test::Throws;

LinearBloomFilter
RandomLbf(std::mt19937_64& rng, uint32_t m, uint32_t b, uint32_t k)
{
    LinearBloomFilter f(m, b, k);
    for (uint32_t i = 0; i < m; ++i)
    {
        f.SetCell(i, static_cast<uint32_t>(rng() % (f.MaxValue() + 1)));
    }
    return f;
}

/// \ingroup bloom-gossip-tests
/// Test case: LBF quantisation: boundaries, floor, ceil, round, error bound, bad input.
class QuantizationTestCase : public TestCase
{
  public:
    QuantizationTestCase()
        : TestCase("LBF quantisation: boundaries, floor, ceil, round, error bound, bad input")
    {
    }

  private:
    void DoRun() override
    {
        const Quantization rules[] = {Quantization::FLOOR, Quantization::CEIL, Quantization::ROUND};
        std::mt19937_64 rng(42);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (uint32_t b = 1; b <= 16; ++b)
        {
            const uint32_t top = (1U << b) - 1;
            for (Quantization r : rules)
            {
                NS_TEST_ASSERT_MSG_EQ(Quantize(0.0, b, r), 0U, "c=0 gives 0, b=" << b);
                NS_TEST_ASSERT_MSG_EQ(Quantize(1.0, b, r), top, "c=1 gives all ones, b=" << b);
            }
            for (int i = 0; i < 2000; ++i)
            {
                const double c = unit(rng);
                const double scaled = c * top;
                const uint32_t fl = Quantize(c, b, Quantization::FLOOR);
                const uint32_t ce = Quantize(c, b, Quantization::CEIL);
                const uint32_t ro = Quantize(c, b, Quantization::ROUND);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(fl, scaled, "floor never exceeds c(2^b-1)");
                NS_TEST_ASSERT_MSG_GT(fl + 1.0, scaled, "floor is the largest such integer");
                NS_TEST_ASSERT_MSG_GT_OR_EQ(ce, scaled, "ceil never falls below c(2^b-1)");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(ro - scaled), 0.5, "round within half a step");
                for (uint32_t q : {fl, ce, ro})
                {
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(Dequantize(q, b) - c),
                                                1.0 / top,
                                                "error within 1/(2^b-1)");
                }
            }
        }
        // Floor keeps any attenuated local value below all ones.
        NS_TEST_ASSERT_MSG_LT(Quantize(0.9999, 8, Quantization::FLOOR), 255U, "floor of c<1");
        NS_TEST_ASSERT_MSG_EQ(Quantize(1e-6, 8, Quantization::CEIL), 1U, "ceil keeps c>0 visible");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { Quantize(-0.1, 8, Quantization::FLOOR); }), true, "c<0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { Quantize(1.1, 8, Quantization::FLOOR); }), true, "c>1");
        NS_TEST_ASSERT_MSG_EQ(
            Throws(
                [] { Quantize(std::numeric_limits<double>::quiet_NaN(), 8, Quantization::FLOOR); }),
            true,
            "c=NaN");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { Quantize(0.5, 0, Quantization::FLOOR); }), true, "b=0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { Quantize(0.5, 17, Quantization::FLOOR); }), true, "b=17");
        NS_TEST_ASSERT_MSG_EQ((ParseQuantization("ceil") == Quantization::CEIL),
                              true,
                              "parse ceil");
        NS_TEST_ASSERT_MSG_EQ(ToString(ParseQuantization("round")), "round", "round trip name");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { ParseQuantization("nearest"); }), true, "unknown rule");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: LBF insert is a cell-wise max, query the min of k cells; one-sided error.
class MinMaxSemanticsTestCase : public TestCase
{
  public:
    MinMaxSemanticsTestCase()
        : TestCase("LBF insert is a cell-wise max, query the min of k cells; one-sided error")
    {
    }

  private:
    void DoRun() override
    {
        const Key a = Key::FromName("a");
        LinearBloomFilter f(512, 8, 4);
        NS_TEST_ASSERT_MSG_EQ(f.QueryQuantized(a), 0U, "absent key reads 0");
        f.InsertQuantized(a, 100);
        NS_TEST_ASSERT_MSG_EQ(f.QueryQuantized(a), 100U, "inserted value");
        f.InsertQuantized(a, 40);
        NS_TEST_ASSERT_MSG_EQ(f.QueryQuantized(a), 100U, "a lower insert keeps the max");
        f.InsertQuantized(a, 200);
        NS_TEST_ASSERT_MSG_EQ(f.QueryQuantized(a), 200U, "a higher insert raises it");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.Query(a), 200.0 / 255.0, 1e-12, "dequantised query");

        // The minimum hides a partial overlap: raise one of a's cells only.
        const uint32_t c0 = a.Position(0, 512);
        f.SetCell(c0, 255);
        NS_TEST_ASSERT_MSG_EQ(f.QueryQuantized(a), 200U, "partial overlap does not change the min");

        // One-sided error: with many keys, every estimate is >= its insert.
        std::mt19937_64 rng(7);
        LinearBloomFilter g(256, 6, 3);
        std::vector<uint32_t> inserted(300);
        for (uint64_t id = 0; id < inserted.size(); ++id)
        {
            inserted[id] = 1 + static_cast<uint32_t>(rng() % 63);
            g.InsertQuantized(Key::FromId(id), inserted[id]);
        }
        uint32_t over = 0;
        for (uint64_t id = 0; id < inserted.size(); ++id)
        {
            const uint32_t q = g.QueryQuantized(Key::FromId(id));
            NS_TEST_ASSERT_MSG_GT_OR_EQ(q, inserted[id], "no under-estimate for id " << id);
            over += q > inserted[id] ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_GT(over, 0U, "a crowded filter does over-estimate some keys");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { g.InsertQuantized(a, 64); }), true, "q > 2^b-1");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: LBF cells: m*stride bits in memory, packed into m*b bits on the wire, across .
class PackingTestCase : public TestCase
{
  public:
    PackingTestCase()
        : TestCase("LBF cells: m*stride bits in memory, packed into m*b bits on the wire, across "
                   "word boundaries")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t b = 1; b <= 16; ++b)
        {
            const uint32_t m = 97;
            LinearBloomFilter f(m, b, 3);
            const uint32_t stride = b == 4 ? 8 : b;
            NS_TEST_ASSERT_MSG_EQ(f.GetCellStride(), stride, "stride for b=" << b);
            NS_TEST_ASSERT_MSG_EQ(f.Cells().Size(), uint64_t{m} * stride, "memory bits, b=" << b);
            std::vector<uint32_t> expect(m);
            for (uint32_t i = 0; i < m; ++i)
            {
                expect[i] = (i * 2654435761U) & f.MaxValue();
                f.SetCell(i, expect[i]);
            }
            for (uint32_t i = 0; i < m; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(f.GetCell(i), expect[i], "cell " << i << " b=" << b);
            }
            // Overwrite every other cell and check the neighbours survived.
            for (uint32_t i = 0; i < m; i += 2)
            {
                f.SetCell(i, f.MaxValue() - expect[i]);
            }
            for (uint32_t i = 0; i < m; ++i)
            {
                const uint32_t want = i % 2 == 0 ? f.MaxValue() - expect[i] : expect[i];
                NS_TEST_ASSERT_MSG_EQ(f.GetCell(i), want, "rewrite cell " << i << " b=" << b);
            }
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: LBF wire slots: cell i at bits i*b.. for every b and m, whatever the memory .
class WireLayoutTestCase : public TestCase
{
  public:
    WireLayoutTestCase()
        : TestCase("LBF wire slots: cell i at bits i*b.. for every b and m, whatever the memory "
                   "stride; ranges stored back with changed or lowered; padding bits ignored")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(11);
        for (uint32_t b = 1; b <= 16; ++b)
        {
            for (uint32_t m : {1U, 2U, 7U, 8U, 9U, 15U, 16U, 17U, 63U, 64U, 65U, 97U, 256U})
            {
                LinearBloomFilter f(m, b, 2);
                PackedBits reference(uint64_t{m} * b);
                for (uint32_t i = 0; i < m; ++i)
                {
                    const auto v = static_cast<uint32_t>(rng() % (f.MaxValue() + 1));
                    f.SetCell(i, v);
                    reference.Set(uint64_t{i} * b, b, v);
                }
                std::vector<uint8_t> expected{0xAB}; // appended after what is there
                reference.AppendBytes(expected);
                std::vector<uint8_t> wire{0xAB};
                f.AppendWireSlots(0, m, wire);
                NS_TEST_ASSERT_MSG_EQ((wire == expected), true, "wire bytes b=" << b << " m=" << m);
                NS_TEST_ASSERT_MSG_EQ(wire.size(), 1 + (uint64_t{m} * b + 7) / 8, "size b=" << b);

                LinearBloomFilter g(m, b, 2);
                g.StoreWireSlots(0, m, wire.data() + 1);
                NS_TEST_ASSERT_MSG_EQ((f == g), true, "load b=" << b << " m=" << m);
                // A range of cells, packed from cell `first` at bit 0, and
                // stored back into a filter with other contents.
                for (int trial = 0; trial < 4; ++trial)
                {
                    const auto first = static_cast<uint32_t>(rng() % m);
                    const auto n = static_cast<uint32_t>(1 + rng() % (m - first));
                    PackedBits part(uint64_t{n} * b);
                    for (uint32_t i = 0; i < n; ++i)
                    {
                        part.Set(uint64_t{i} * b, b, f.GetCell(first + i));
                    }
                    std::vector<uint8_t> partBytes{0x5A};
                    part.AppendBytes(partBytes);
                    std::vector<uint8_t> cells{0x5A};
                    f.AppendWireSlots(first, n, cells);
                    NS_TEST_ASSERT_MSG_EQ((cells == partBytes),
                                          true,
                                          "cells " << first << "+" << n << " b=" << b);

                    LinearBloomFilter h(m, b, 2);
                    bool lowers = false;
                    bool changes = false;
                    for (uint32_t i = 0; i < m; ++i)
                    {
                        const auto v = static_cast<uint32_t>(
                            rng() % 4 == 0 ? f.GetCell(i) : rng() % (f.MaxValue() + 1));
                        h.SetCell(i, v);
                        if (i >= first && i < first + n)
                        {
                            changes = changes || v != f.GetCell(i);
                            lowers = lowers || f.GetCell(i) < v;
                        }
                    }
                    LinearBloomFilter expect = h;
                    for (uint32_t i = 0; i < n; ++i)
                    {
                        expect.SetCell(first + i, f.GetCell(first + i));
                    }
                    const auto effect = h.StoreWireSlots(first, n, cells.data() + 1);
                    NS_TEST_ASSERT_MSG_EQ((h == expect), true, "stored range b=" << b);
                    NS_TEST_ASSERT_MSG_EQ(effect.changed, changes, "changed b=" << b);
                    NS_TEST_ASSERT_MSG_EQ(effect.lowered, lowers, "lowered b=" << b);
                    const auto again = h.StoreWireSlots(first, n, cells.data() + 1);
                    NS_TEST_ASSERT_MSG_EQ(again.changed || again.lowered, false, "unchanged");
                }
                if (uint64_t{m} * b % 8 != 0)
                {
                    // Bits past m b are not the filter's: ignored here, refused
                    // by the decoders (filter-codec, gossip-message).
                    std::vector<uint8_t> padded = wire;
                    padded.back() |= 0x80;
                    LinearBloomFilter p(m, b, 2);
                    p.StoreWireSlots(0, m, padded.data() + 1);
                    NS_TEST_ASSERT_MSG_EQ((p == f),
                                          true,
                                          "padding bit ignored b=" << b << " m=" << m);
                }
            }
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: LBF attenuation chains: horizons and exact hop inversion.
class HorizonTestCase : public TestCase
{
  public:
    HorizonTestCase()
        : TestCase("LBF attenuation chains: horizons and exact hop inversion")
    {
    }

  private:
    void DoRun() override
    {
        const std::pair<uint32_t, uint32_t> expected[] =
            {{3, 7}, {4, 12}, {5, 18}, {6, 24}, {8, 37}, {12, 63}, {16, 89}};
        for (auto [b, h] : expected)
        {
            const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
            NS_TEST_ASSERT_MSG_EQ(decay.ChainLength(), h, "chain a=0.9 b=" << b);
            NS_TEST_ASSERT_MSG_EQ(decay.Horizon(), h - 1, "horizon a=0.9 b=" << b);
            NS_TEST_ASSERT_MSG_EQ(decay.Chain().front(), (1U << b) - 1, "chain starts at 2^b-1");
        }
        NS_TEST_ASSERT_MSG_EQ(LbfDecay::Multiplicative(0.7, 4).Apply(10), 7U, "0.7 x 10 = 7");
        NS_TEST_ASSERT_MSG_EQ(LbfDecay::Multiplicative(0.9, 8).Apply(255), 229U, "floor(229.5)");

        // A key inserted at all ones and attenuated h times reads h hops.
        for (uint32_t b : {3U, 5U, 8U})
        {
            const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
            LinearBloomFilter f(64, b, 3);
            const Key key = Key::FromName("printer");
            f.Insert(key, 1.0);
            for (uint32_t h = 0; h <= decay.Horizon(); ++h)
            {
                NS_TEST_ASSERT_MSG_EQ(f.EstimateHops(key, decay).value_or(999),
                                      h,
                                      "hop estimate b=" << b << " h=" << h);
                f.Attenuate(decay);
            }
            NS_TEST_ASSERT_MSG_EQ(f.EstimateHops(key, decay).has_value(),
                                  false,
                                  "beyond the horizon the key is invisible, b=" << b);
        }

        // Subtractive decay counts hops exactly up to (2^b-1)/delta.
        const LbfDecay sub = LbfDecay::Subtractive(3, 4);
        NS_TEST_ASSERT_MSG_EQ(sub.ChainLength(), 5U, "ceil(15/3) non-zero values: 15 12 9 6 3");
        NS_TEST_ASSERT_MSG_EQ(sub.Describe(), "sub:3", "description");
        NS_TEST_ASSERT_MSG_EQ(sub.HopsFor(9).value_or(999), 2U, "15-2*3 = 9 is two hops");
        NS_TEST_ASSERT_MSG_EQ(sub.HopsFor(10).value_or(999), 2U, "a raised 9 reads two hops");
        NS_TEST_ASSERT_MSG_EQ(sub.HopsFor(0).has_value(), false, "0 is absent");

        NS_TEST_ASSERT_MSG_EQ(Throws([] { LbfDecay::Multiplicative(1.0, 8); }), true, "a=1");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LbfDecay::Multiplicative(0.0, 8); }), true, "a=0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LbfDecay::Subtractive(0, 8); }), true, "delta=0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LbfDecay::Subtractive(16, 4); }), true, "delta>2^b-1");
        LinearBloomFilter f(64, 4, 3);
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { f.Attenuate(LbfDecay::Multiplicative(0.9, 8)); }),
                              true,
                              "decay of another width");
    }
};

/// \ingroup bloom-gossip-tests
/// Gossip along a line: node i's filter = max(own, decay(node i-1)).
class LineGossipTestCase : public TestCase
{
  public:
    LineGossipTestCase()
        : TestCase("LBF on a line of nodes: hop estimate equals distance up to the horizon")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t b = 5;
        const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
        const Key key = Key::FromId(1234);
        LinearBloomFilter prev(128, b, 4);
        prev.Insert(key, 1.0);
        prev.Insert(Key::FromId(99), 1.0); // another local resource
        for (uint32_t node = 1; node < 25; ++node)
        {
            LinearBloomFilter cur(128, b, 4);
            cur.MergeAttenuated(prev, decay);
            LinearBloomFilter check(128, b, 4);
            LinearBloomFilter copy = prev;
            copy.Attenuate(decay);
            check.Merge(copy);
            NS_TEST_ASSERT_MSG_EQ((cur == check), true, "MergeAttenuated = Attenuate then Merge");
            const auto est = cur.EstimateHops(key, decay);
            if (node <= decay.Horizon())
            {
                NS_TEST_ASSERT_MSG_EQ(est.value_or(999), node, "node " << node);
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(est.has_value(), false, "node " << node << " past horizon");
            }
            prev = cur;
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: LBF merge is commutative, associative and idempotent.
class MergeLawsTestCase : public TestCase
{
  public:
    MergeLawsTestCase()
        : TestCase("LBF merge is commutative, associative and idempotent")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(2024);
        for (uint32_t b : {1U, 3U, 8U, 13U, 16U})
        {
            for (int trial = 0; trial < 20; ++trial)
            {
                const LinearBloomFilter x = RandomLbf(rng, 77, b, 3);
                const LinearBloomFilter y = RandomLbf(rng, 77, b, 3);
                const LinearBloomFilter z = RandomLbf(rng, 77, b, 3);
                LinearBloomFilter xy = x;
                xy.Merge(y);
                LinearBloomFilter yx = y;
                yx.Merge(x);
                NS_TEST_ASSERT_MSG_EQ((xy == yx), true, "commutative b=" << b);
                LinearBloomFilter xy_z = xy;
                xy_z.Merge(z);
                LinearBloomFilter yz = y;
                yz.Merge(z);
                LinearBloomFilter x_yz = x;
                x_yz.Merge(yz);
                NS_TEST_ASSERT_MSG_EQ((xy_z == x_yz), true, "associative b=" << b);
                LinearBloomFilter xx = x;
                xx.Merge(x);
                NS_TEST_ASSERT_MSG_EQ((xx == x), true, "idempotent b=" << b);
                for (uint32_t i = 0; i < 77; ++i)
                {
                    NS_TEST_ASSERT_MSG_EQ(xy.GetCell(i),
                                          std::max(x.GetCell(i), y.GetCell(i)),
                                          "cell-wise max");
                }
            }
        }
        LinearBloomFilter a(64, 4, 3);
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { a.Merge(LinearBloomFilter(64, 5, 3)); }), true, "b");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { a.Merge(LinearBloomFilter(65, 4, 3)); }), true, "m");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LinearBloomFilter(0, 4, 3); }), true, "m=0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LinearBloomFilter(64, 0, 3); }), true, "b=0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LinearBloomFilter(64, 17, 3); }), true, "b=17");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LinearBloomFilter(64, 4, 0); }), true, "k=0");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: LBF occupancy as share of 1-bits and as share of non-zero cells.
class OccupancyTestCase : public TestCase
{
  public:
    OccupancyTestCase()
        : TestCase("LBF occupancy as share of 1-bits and as share of non-zero cells")
    {
    }

  private:
    void DoRun() override
    {
        LinearBloomFilter f(10, 4, 1);
        NS_TEST_ASSERT_MSG_EQ(f.OccupancyBits(), 0.0, "empty");
        f.SetCell(0, 15); // 4 one-bits
        f.SetCell(3, 1);  // 1 one-bit
        f.SetCell(9, 6);  // 2 one-bits
        NS_TEST_ASSERT_MSG_EQ_TOL(f.OccupancyBits(), 7.0 / 40.0, 1e-12, "7 of 40 bits");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.OccupancyCells(), 3.0 / 10.0, 1e-12, "3 of 10 cells");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: PackedBits::CountNonZeroFields equals a field-by-field count, b = 1..16.
class CountNonZeroFieldsTestCase : public TestCase
{
  public:
    CountNonZeroFieldsTestCase()
        : TestCase("PackedBits::CountNonZeroFields equals a field-by-field count, b = 1..16")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(7);
        for (unsigned b = 1; b <= 16; ++b)
        {
            for (uint32_t m : {1U, 3U, 63U, 64U, 65U, 97U, 200U, 4096U / b})
            {
                // Sparse to full: single bits at random spots, so fields that
                // straddle words are exercised with only their top or bottom bit.
                for (double density : {0.0, 0.01, 0.1, 0.5, 1.0})
                {
                    PackedBits bits(uint64_t{m} * b);
                    for (uint64_t j = 0; j < bits.Size(); ++j)
                    {
                        if (std::uniform_real_distribution<double>(0, 1)(rng) < density / b)
                        {
                            bits.SetBit(j);
                        }
                    }
                    uint64_t naive = 0;
                    for (uint32_t i = 0; i < m; ++i)
                    {
                        naive += bits.Get(uint64_t{i} * b, b) != 0 ? 1 : 0;
                    }
                    NS_TEST_ASSERT_MSG_EQ(bits.CountNonZeroFields(b, m),
                                          naive,
                                          "b=" << b << " m=" << m << " density=" << density);
                    // A prefix of the fields only.
                    uint64_t prefix = 0;
                    for (uint32_t i = 0; i < m / 2; ++i)
                    {
                        prefix += bits.Get(uint64_t{i} * b, b) != 0 ? 1 : 0;
                    }
                    NS_TEST_ASSERT_MSG_EQ(bits.CountNonZeroFields(b, m / 2), prefix, "prefix");
                }
            }
        }
        PackedBits bits(64);
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { bits.CountNonZeroFields(0, 1); }), true, "width 0");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { bits.CountNonZeroFields(17, 1); }), true, "width 17");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { bits.CountNonZeroFields(8, 9); }), true, "too many");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: PackedBits::Get64/Set64 agree with bit-by-bit access, widths 1..63.
class WideFieldsTestCase : public TestCase
{
  public:
    WideFieldsTestCase()
        : TestCase("PackedBits::Get64 and Set64 agree with bit-by-bit access, widths 1..63")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(11);
        for (unsigned width = 1; width <= 63; ++width)
        {
            for (uint64_t offset : {0ULL, 1ULL, 7ULL, 63ULL, 64ULL, 100ULL, 127ULL, 130ULL})
            {
                PackedBits bits(256);
                for (uint64_t j = 0; j < bits.Size(); ++j)
                {
                    if (rng() & 1U)
                    {
                        bits.SetBit(j);
                    }
                }
                const PackedBits original = bits;
                uint64_t expected = 0;
                for (unsigned i = 0; i < width; ++i)
                {
                    expected |= uint64_t{bits.Test(offset + i)} << i;
                }
                NS_TEST_ASSERT_MSG_EQ(bits.Get64(offset, width),
                                      expected,
                                      "Get64 width=" << width << " offset=" << offset);
                const uint64_t value = rng() & ((uint64_t{1} << width) - 1);
                bits.Set64(offset, width, value);
                for (uint64_t j = 0; j < bits.Size(); ++j)
                {
                    const bool inside = j >= offset && j < offset + width;
                    const bool want =
                        inside ? ((value >> (j - offset)) & 1U) != 0 : original.Test(j);
                    NS_TEST_ASSERT_MSG_EQ(bits.Test(j),
                                          want,
                                          "Set64 width=" << width << " offset=" << offset
                                                         << " bit=" << j);
                }
            }
        }
    }
};

/// Random cells biased towards the edge cases of SWAR arithmetic: zero,
/// the maximum, the high bit alone, and values shared with a second filter.
LinearBloomFilter
EdgyLbf(std::mt19937_64& rng, uint32_t m, uint32_t b, uint32_t k, double density)
{
    LinearBloomFilter f(m, b, k);
    const uint32_t top = f.MaxValue();
    std::uniform_real_distribution<double> u(0, 1);
    for (uint32_t i = 0; i < m; ++i)
    {
        if (u(rng) >= density)
        {
            continue;
        }
        switch (rng() % 5)
        {
        case 0:
            f.SetCell(i, top);
            break;
        case 1:
            f.SetCell(i, 1U << (b - 1));
            break;
        case 2:
            f.SetCell(i, (1U << (b - 1)) - 1);
            break;
        default:
            f.SetCell(i, static_cast<uint32_t>(rng() % (top + 1)));
        }
    }
    return f;
}

/// \ingroup bloom-gossip-tests
/// Equal decays share one set of tables (one copy per process, not per node).
class DecaySharingTestCase : public TestCase
{
  public:
    DecaySharingTestCase()
        : TestCase("equal LBF decays share their tables; different ones do not")
    {
    }

  private:
    void DoRun() override
    {
        const LbfDecay a = LbfDecay::Multiplicative(0.9, 8);
        const LbfDecay b = LbfDecay::Multiplicative(0.9, 8);
        NS_TEST_ASSERT_MSG_EQ(a.SharesTablesWith(b), true, "same factor and b");
        NS_TEST_ASSERT_MSG_EQ(a.SharesTablesWith(LbfDecay::Multiplicative(0.8, 8)),
                              false,
                              "another factor");
        NS_TEST_ASSERT_MSG_EQ(a.SharesTablesWith(LbfDecay::Multiplicative(0.9, 4)),
                              false,
                              "another b");
        NS_TEST_ASSERT_MSG_EQ(a.SharesTablesWith(LbfDecay::Subtractive(1, 8)),
                              false,
                              "another mode");
        // sub:255 and mul:0.001 have the same table at b = 8 but keep their names.
        const LbfDecay sub = LbfDecay::Subtractive(255, 8);
        const LbfDecay mul = LbfDecay::Multiplicative(0.001, 8);
        NS_TEST_ASSERT_MSG_EQ((sub.NextTable() == mul.NextTable()), true, "same table");
        NS_TEST_ASSERT_MSG_EQ(sub.Describe(), "sub:255", "name kept");
        NS_TEST_ASSERT_MSG_EQ(mul.Describe(), "mul:0.001", "name kept");

        // A decay outlives the one it shared with, and a rebuilt one is whole.
        std::optional<LbfDecay> first(LbfDecay::Subtractive(3, 16));
        const LbfDecay copy = *first;
        first.reset();
        NS_TEST_ASSERT_MSG_EQ(copy.ChainLength(), 21845U, "tables kept alive by the copy");
        const LbfDecay again = LbfDecay::Subtractive(3, 16);
        NS_TEST_ASSERT_MSG_EQ(again.SharesTablesWith(copy), true, "found again");
        NS_TEST_ASSERT_MSG_EQ(again.HopsFor(65535 - 3 * 7).value_or(0), 7U, "chain inversion");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: LBF whole-word paths (b = 1, 2, 4, 8, 16) equal the per-cell paths on random .
class WordPathTestCase : public TestCase
{
  public:
    WordPathTestCase()
        : TestCase("LBF whole-word paths (b = 1, 2, 4, 8, 16) equal the per-cell paths on random "
                   "filters: query, insert, merge, attenuate, merge-attenuated")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(7);
        const uint32_t widths[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 16};
        const uint32_t sizes[] = {1, 3, 31, 64, 65, 100, 257, 1000};
        const double densities[] = {0.0, 0.05, 0.5, 1.0};
        uint32_t compared = 0;
        for (uint32_t b : widths)
        {
            NS_TEST_ASSERT_MSG_EQ(LinearBloomFilter(8, b, 2).HasWordPath(),
                                  (64 % b == 0),
                                  "word path iff b divides 64");
            std::vector<LbfDecay> decays{LbfDecay::Multiplicative(0.9, b),
                                         LbfDecay::Multiplicative(0.5, b),
                                         LbfDecay::Subtractive(1, b)};
            if (b > 1)
            {
                decays.push_back(LbfDecay::Subtractive((1U << b) / 3 + 1, b));
            }
            for (uint32_t m : sizes)
            {
                for (double density : densities)
                {
                    const uint32_t k = 1 + static_cast<uint32_t>(rng() % 6);
                    const LinearBloomFilter x = EdgyLbf(rng, m, b, k, density);
                    const LinearBloomFilter y = EdgyLbf(rng, m, b, k, 1.0 - density / 2);

                    LinearBloomFilter fast = x;
                    LinearBloomFilter slow = x;
                    fast.Merge(y);
                    slow.MergeGeneric(y);
                    NS_TEST_ASSERT_MSG_EQ((fast == slow), true, "merge b=" << b << " m=" << m);
                    for (uint32_t i = 0; i < m; ++i)
                    {
                        NS_TEST_ASSERT_MSG_EQ(fast.GetCell(i),
                                              std::max(x.GetCell(i), y.GetCell(i)),
                                              "merge is the cell-wise max");
                    }
                    for (const LbfDecay& decay : decays)
                    {
                        fast = x;
                        slow = x;
                        fast.Attenuate(decay);
                        slow.AttenuateGeneric(decay);
                        NS_TEST_ASSERT_MSG_EQ((fast == slow),
                                              true,
                                              "attenuate b=" << b << " m=" << m << " "
                                                             << decay.Describe());
                        fast = x;
                        slow = x;
                        fast.MergeAttenuated(y, decay);
                        slow.MergeAttenuatedGeneric(y, decay);
                        NS_TEST_ASSERT_MSG_EQ((fast == slow),
                                              true,
                                              "merge-attenuated b=" << b << " m=" << m << " "
                                                                    << decay.Describe());
                        ++compared;
                    }
                    for (uint64_t id = 0; id < 200; ++id)
                    {
                        const Key key = Key::FromId(id * 7919 + m);
                        NS_TEST_ASSERT_MSG_EQ(x.QueryQuantized(key),
                                              x.QueryQuantizedGeneric(key),
                                              "query b=" << b << " m=" << m);
                    }
                    // Insert: the word path against SetCell of the max.
                    LinearBloomFilter inserted = x;
                    LinearBloomFilter expected = x;
                    for (uint64_t id = 0; id < 50; ++id)
                    {
                        const Key key = Key::FromId(id + 1000 * m);
                        const auto q = static_cast<uint32_t>(rng() % (x.MaxValue() + 1));
                        inserted.InsertQuantized(key, q);
                        for (uint32_t i = 0; i < k; ++i)
                        {
                            const uint32_t c = key.Position(i, m);
                            expected.SetCell(c, std::max(expected.GetCell(c), q));
                        }
                    }
                    NS_TEST_ASSERT_MSG_EQ((inserted == expected), true, "insert b=" << b);
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(compared, 1000U, "enough comparisons");
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-linear-bloom-filter.
/**
 * Issue 39: keys hashed once (LbfPositions) and the bulk InsertQuantizedAt /
 * QueryQuantizedAt give what InsertQuantized / QueryQuantized of the keys
 * give, at every width, with rows of a larger k; the counting insertion
 * keeps CountCells() up to date; mismatched rows and values are refused
 * before anything changes.
 */
class BulkPositionsTestCase : public TestCase
{
  public:
    BulkPositionsTestCase()
        : TestCase("LBF bulk insert and query at positions hashed once equal the per-key "
                   "operations; counting insert keeps CountCells")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(39);
        for (uint32_t b = 1; b <= 16; ++b)
        {
            for (uint32_t m : {1U, 37U, 64U, 1000U})
            {
                const uint32_t k = 1 + (b + m) % 9;
                LinearBloomFilter perKey(m, b, k, Quantization::CEIL);
                LinearBloomFilter bulk = perKey;
                LinearBloomFilter counting = perKey;
                LbfCellCounts counts;
                std::vector<Key> keys;
                std::vector<uint32_t> values;
                for (uint64_t id = 0; id < 60; ++id)
                {
                    keys.push_back(Key::FromId(id * 101 + b));
                    values.push_back(static_cast<uint32_t>(rng() % (perKey.MaxValue() + 1)));
                    perKey.InsertQuantized(keys.back(), values.back());
                }
                LbfPositions rows(m, k + 3); // a larger k: its first k positions serve
                rows.Assign(keys.data(), keys.size());
                NS_TEST_ASSERT_MSG_EQ(rows.Size(), keys.size(), "one row per key");
                bulk.InsertQuantizedAt(rows, values.data());
                counting.InsertQuantizedAt(rows, values.data(), counts);
                NS_TEST_ASSERT_MSG_EQ((bulk == perKey), true, "bulk insert b=" << b << " m=" << m);
                NS_TEST_ASSERT_MSG_EQ((counting == perKey), true, "counting insert b=" << b);
                const LbfCellCounts scanned = perKey.CountCells();
                NS_TEST_ASSERT_MSG_EQ(counts.ones, scanned.ones, "ones kept, b=" << b);
                NS_TEST_ASSERT_MSG_EQ(counts.nonZero, scanned.nonZero, "cells kept, b=" << b);
                NS_TEST_ASSERT_MSG_EQ(perKey.OccupancyBits(scanned),
                                      perKey.OccupancyBits(),
                                      "bits");
                NS_TEST_ASSERT_MSG_EQ(perKey.OccupancyCells(scanned),
                                      perKey.OccupancyCells(),
                                      "cells");
                // Look-ups of the inserted keys and of absent ones.
                for (uint64_t id = 0; id < 60; ++id)
                {
                    keys.push_back(Key::FromId(id + 7777));
                }
                rows.Assign(keys.data(), keys.size());
                std::vector<uint32_t> read(keys.size());
                bulk.QueryQuantizedAt(rows, read.data());
                for (size_t e = 0; e < keys.size(); ++e)
                {
                    NS_TEST_ASSERT_MSG_EQ(read[e], perKey.QueryQuantized(keys[e]), "bulk query");
                }
            }
        }
        LinearBloomFilter f(64, 4, 3);
        const LinearBloomFilter empty = f;
        const Key key = Key::FromId(1);
        const uint32_t tooLarge = 16;
        const uint32_t fine = 15;
        LbfPositions otherM(65, 3);
        otherM.Assign(&key, 1);
        LbfPositions fewer(64, 2);
        fewer.Assign(&key, 1);
        LbfPositions ok(64, 3);
        ok.Assign(&key, 1);
        uint32_t out = 0;
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { f.InsertQuantizedAt(otherM, &fine); }), true, "m");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { f.InsertQuantizedAt(fewer, &fine); }), true, "k");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { f.InsertQuantizedAt(ok, &tooLarge); }), true, "q");
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { f.QueryQuantizedAt(fewer, &out); }), true, "query k");
        NS_TEST_ASSERT_MSG_EQ((f == empty), true, "refused insertions change nothing");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LbfPositions(0, 3); }), true, "rows m=0");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { LbfPositions(8, 33); }), true, "rows k=33");
    }
};

class LinearBloomFilterTestSuite : public TestSuite
{
  public:
    LinearBloomFilterTestSuite()
        : TestSuite("bloom-gossip-linear-bloom-filter", test::kUnit)
    {
        AddTestCase(new QuantizationTestCase, test::kQuick);
        AddTestCase(new MinMaxSemanticsTestCase, test::kQuick);
        AddTestCase(new PackingTestCase, test::kQuick);
        AddTestCase(new WireLayoutTestCase, test::kQuick);
        AddTestCase(new HorizonTestCase, test::kQuick);
        AddTestCase(new LineGossipTestCase, test::kQuick);
        AddTestCase(new MergeLawsTestCase, test::kQuick);
        AddTestCase(new OccupancyTestCase, test::kQuick);
        AddTestCase(new WordPathTestCase, test::kQuick);
        AddTestCase(new BulkPositionsTestCase, test::kQuick);
        AddTestCase(new DecaySharingTestCase, test::kQuick);
        AddTestCase(new CountNonZeroFieldsTestCase, test::kQuick);
        AddTestCase(new WideFieldsTestCase, test::kQuick);
    }
};

LinearBloomFilterTestSuite g_linearBloomFilterTestSuite;

} // namespace
