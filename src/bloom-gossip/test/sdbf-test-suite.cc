/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the scope-decay Bloom filter (SDBF): the filter core (count,
 * masked merge, wire form), its hop estimator against an exact analytic
 * distribution and a Monte-Carlo over binomial draws, and SDBF gossip on a
 * line against the exact fixed point of the static keep masks and, in
 * expectation over seeds, against the analytic mean of the estimate.
 */
#include "codec-rejects.h"

#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/double.h"
#include "ns3/filter-codec.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scope-decay-bloom-filter.h"
#include "ns3/sdbf-gossip-application.h"
#include "ns3/sdbf-policy.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wsn-network-helper.h"

#include <cmath>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

using test::Rejects;

/// \ingroup bloom-gossip-tests
/// Test case: insert, count, union, masked merge and the wire form.
class SdbfFilterTestCase : public TestCase
{
  public:
    SdbfFilterTestCase()
        : TestCase("SDBF: count, masked merge, wire round trip, malformed input rejected")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 300;
        const uint32_t k = 6;
        ScopeDecayBloomFilter f(m, k);
        const Key a = Key::FromId(7);
        NS_TEST_ASSERT_MSG_EQ(f.Count(a), 0U, "empty");
        f.Insert(a);
        NS_TEST_ASSERT_MSG_EQ(f.Count(a), k, "inserted: all k positions set");

        // Masked merge: the count is the number of the key's positions kept.
        PackedBits keep(m);
        for (uint32_t i = 0; i < m; i += 2)
        {
            keep.SetBit(i);
        }
        uint32_t kept = 0;
        for (uint32_t i = 0; i < k; ++i)
        {
            kept += a.Position(i, m) % 2 == 0 ? 1 : 0;
        }
        ScopeDecayBloomFilter g(m, k);
        NS_TEST_ASSERT_MSG_EQ(g.MergeMasked(f, keep), (kept > 0), "changed iff a bit survived");
        NS_TEST_ASSERT_MSG_EQ(g.Count(a), kept, "count after one masked hop");
        NS_TEST_ASSERT_MSG_EQ(g.MergeMasked(f, keep), false, "idempotent");
        NS_TEST_ASSERT_MSG_EQ(g.MaskedSubsetOf(f, keep), true, "g within f");
        NS_TEST_ASSERT_MSG_EQ(f.MaskedSubsetOf(g, PackedBits(m)), true, "empty mask: subset");
        ScopeDecayBloomFilter h(m, k);
        h.MergeMasked(f, PackedBits(m));
        NS_TEST_ASSERT_MSG_EQ(h.CountOnes(), 0U, "an all-clear mask drops everything");
        PackedBits all(m);
        for (uint32_t i = 0; i < m; ++i)
        {
            all.SetBit(i);
        }
        h.MergeMasked(f, all);
        NS_TEST_ASSERT_MSG_EQ((h == f), true, "an all-set mask is a plain union");
        NS_TEST_ASSERT_MSG_EQ(h.Union(g), false, "g adds nothing to f");
        NS_TEST_ASSERT_MSG_EQ(test::Throws([&] { h.MergeMasked(f, PackedBits(m - 1)); }),
                              true,
                              "mask of another size");
        NS_TEST_ASSERT_MSG_EQ(test::Throws([] { ScopeDecayBloomFilter(0, 1); }), true, "m = 0");
        NS_TEST_ASSERT_MSG_EQ(test::Throws([] { ScopeDecayBloomFilter(8, 33); }), true, "k = 33");

        // Wire form: kind 4, BF layout, decodes back to an SDBF.
        f.Insert(Key::FromId(8));
        const std::vector<uint8_t> bytes = Encode(f);
        NS_TEST_ASSERT_MSG_EQ(bytes.size(), kWireHeaderSize + (m + 7) / 8, "size");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(bytes[1]), 4, "kind byte");
        const AnyFilter back = Decode(bytes);
        NS_TEST_ASSERT_MSG_EQ(std::holds_alternative<ScopeDecayBloomFilter>(back), true, "family");
        NS_TEST_ASSERT_MSG_EQ((std::get<ScopeDecayBloomFilter>(back) == f), true, "round trip");
        NS_TEST_ASSERT_MSG_EQ(ToString(FilterKind::SCOPE_DECAY), "sdbf", "name");
        NS_TEST_ASSERT_MSG_EQ((ParseFilterKind("sdbf") == FilterKind::SCOPE_DECAY), true, "parse");
        // The same bits under the BF kind decode as a BF, not as an SDBF.
        std::vector<uint8_t> asBf = bytes;
        asBf[1] = 1;
        NS_TEST_ASSERT_MSG_EQ(std::holds_alternative<BloomFilter>(Decode(asBf)), true, "BF kind");
        std::vector<std::vector<uint8_t>> bad(7, bytes);
        bad[0][1] = 5;         // unknown kind
        bad[1][3] = 2;         // b = 2
        bad[2][4] = 2;         // d = 2
        bad[3][5] = 1;         // quantization
        bad[4].pop_back();     // truncated
        bad[5].push_back(0);   // over-long
        bad[6].back() |= 0x80; // padding bit (300 bits: 4 spare)
        for (size_t i = 0; i < bad.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(Rejects(bad[i]), true, "malformed input " << i);
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: the policy's Build, Accumulate, estimate and Trickle cover test.
class SdbfPolicyTestCase : public TestCase
{
  public:
    SdbfPolicyTestCase()
        : TestCase("SDBF policy: own keys at 0 hops, neighbours through the keep mask, cover test")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 2048;
        const uint32_t k = 8;
        const double p = 0.2;
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(77);
        const auto uniform = [&u]() { return u->GetValue(); };
        const PackedBits maskA = DrawKeepMask(m, 1 - p, uniform);
        const PackedBits maskB = DrawKeepMask(m, 1 - p, uniform);
        const double kept = static_cast<double>(maskA.CountOnes()) / m;
        NS_TEST_ASSERT_MSG_EQ_TOL(kept, 1 - p, 5 * std::sqrt(p * (1 - p) / m), "mask density");
        SdbfPolicy a(m, k, p, maskA, 1, SdbfEstimator::MLE);
        SdbfPolicy b(m, k, p, maskB, 1, SdbfEstimator::MLE);
        std::vector<uint64_t> ids;
        std::vector<Key> keys;
        for (uint64_t id = 1; id <= 30; ++id)
        {
            ids.push_back(id);
            keys.push_back(Key::FromId(id));
        }
        const AnyFilter fa = a.Build(ids, {});
        for (const Key& key : keys)
        {
            NS_TEST_ASSERT_MSG_EQ(a.EstimateHops(fa, key).value_or(99), 0U, "own key");
        }
        // Node b hears node a: b's view is a's filter through b's mask.
        const AnyFilter fb = b.Build({}, {&fa});
        AnyFilter acc = b.Build({}, {});
        NS_TEST_ASSERT_MSG_EQ(b.Accumulate(acc, fa), true, "accumulate changes");
        NS_TEST_ASSERT_MSG_EQ((acc == fb), true, "Accumulate equals Build");
        ScopeDecayBloomFilter expect = std::get<ScopeDecayBloomFilter>(fa);
        ScopeDecayBloomFilter masked(m, k);
        masked.MergeMasked(expect, maskB);
        NS_TEST_ASSERT_MSG_EQ((std::get<ScopeDecayBloomFilter>(fb) == masked), true, "fb");
        // b has heard a: b covers a.  An empty neighbour, or one that holds
        // only half of a's keys, does not.
        NS_TEST_ASSERT_MSG_EQ(a.Covers(fb, fa), true, "a neighbour that heard us");
        NS_TEST_ASSERT_MSG_EQ(a.Covers(b.Build({}, {}), fa), false, "an empty neighbour");
        const std::vector<uint64_t> half(ids.begin(), ids.begin() + 15);
        const AnyFilter fHalf = a.Build(half, {});
        NS_TEST_ASSERT_MSG_EQ(a.Covers(b.Build({}, {&fHalf}), fa), false, "half of our keys");
        NS_TEST_ASSERT_MSG_EQ(a.Reach(),
                              SdbfEstimateHops(1, k, 1 - p, SdbfEstimator::MLE),
                              "reach");
        NS_TEST_ASSERT_MSG_EQ(
            test::Throws([&] { SdbfPolicy(m, k, p, maskA, k + 1, SdbfEstimator::MLE); }),
            true,
            "MinCount above k");
        NS_TEST_ASSERT_MSG_EQ(
            test::Throws([&] { SdbfPolicy(m, k, 1.0, maskA, 1, SdbfEstimator::MLE); }),
            true,
            "p = 1");
        NS_TEST_ASSERT_MSG_EQ(
            test::Throws([&] { SdbfPolicy(m + 1, k, p, maskA, 1, SdbfEstimator::MLE); }),
            true,
            "mask of another size");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: the estimators, the analytic moments, and a Monte-Carlo.
class SdbfEstimatorTestCase : public TestCase
{
  public:
    SdbfEstimatorTestCase()
        : TestCase("SDBF estimator: MLE is the likelihood's argmax; analytic bias and variance "
                   "agree with a Monte-Carlo over binomial draws")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ((ParseSdbfEstimator("ratio") == SdbfEstimator::RATIO), true, "parse");
        NS_TEST_ASSERT_MSG_EQ(test::Throws([] { ParseSdbfEstimator("MLE"); }), true, "unknown");
        // MLE: brute-force argmax over h = 0..kSdbfMaxHops of P(c | k, q^h).
        for (double q : {0.5, 0.8, 0.9, 0.97})
        {
            for (uint32_t k = 1; k <= 16; ++k)
            {
                uint32_t last = 0;
                for (uint32_t c = k; c >= 1; --c)
                {
                    uint32_t best = 0;
                    double bestP = -1;
                    for (uint32_t h = 0; h <= kSdbfMaxHops; ++h)
                    {
                        const double p = BinomialPmf(c, k, std::pow(q, h));
                        if (p > bestP * (1 + 1e-12))
                        {
                            bestP = p;
                            best = h;
                        }
                    }
                    const uint32_t mle = SdbfEstimateHops(c, k, q, SdbfEstimator::MLE);
                    NS_TEST_ASSERT_MSG_EQ(mle, best, "MLE q=" << q << " k=" << k << " c=" << c);
                    NS_TEST_ASSERT_MSG_GT_OR_EQ(mle, last, "non-increasing in c");
                    last = mle;
                    const auto ratio = static_cast<uint32_t>(
                        std::llround(std::log(static_cast<double>(c) / k) / std::log(q)));
                    NS_TEST_ASSERT_MSG_EQ(SdbfEstimateHops(c, k, q, SdbfEstimator::RATIO),
                                          ratio,
                                          "ratio");
                }
            }
        }
        // Hand value: k = 1, q = 0.5, h = 1: c = 1 (estimate 0) w.p. 1/2.
        const SdbfEstimateMoments one = SdbfMoments(1, 0.5, 1, 1, SdbfEstimator::MLE);
        NS_TEST_ASSERT_MSG_EQ_TOL(one.detect, 0.5, 1e-12, "detect");
        NS_TEST_ASSERT_MSG_EQ_TOL(one.bias, -1.0, 1e-12, "bias");
        NS_TEST_ASSERT_MSG_EQ_TOL(one.variance, 0.0, 1e-12, "variance");

        // Monte-Carlo: c ~ Binomial(k, q^h) from k Bernoulli draws of an ns-3
        // stream; sample mean and variance of h^ among detected draws against
        // the exact moments, within 5 standard errors (the variance's from the
        // exact fourth central moment).
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(4242);
        const uint32_t draws = 20000;
        for (auto estimator : {SdbfEstimator::MLE, SdbfEstimator::RATIO})
        {
            for (uint32_t k : {4U, 8U, 16U})
            {
                for (uint32_t h : {1U, 3U, 6U, 10U})
                {
                    const double q = 0.9;
                    const uint32_t minCount = k >= 8 ? 2 : 1;
                    const SdbfEstimateMoments a = SdbfMoments(k, q, h, minCount, estimator);
                    double mu4 = 0;
                    for (uint32_t c = minCount; c <= k; ++c)
                    {
                        const double d = SdbfEstimateHops(c, k, q, estimator) - a.mean;
                        mu4 += BinomialPmf(c, k, std::pow(q, h)) * d * d * d * d;
                    }
                    mu4 /= a.detect;
                    double n = 0;
                    double s1 = 0;
                    double s2 = 0;
                    const double x = std::pow(q, h);
                    for (uint32_t t = 0; t < draws; ++t)
                    {
                        uint32_t c = 0;
                        for (uint32_t i = 0; i < k; ++i)
                        {
                            c += u->GetValue() < x ? 1 : 0;
                        }
                        if (c >= minCount)
                        {
                            const double e = SdbfEstimateHops(c, k, q, estimator);
                            n += 1;
                            s1 += e;
                            s2 += e * e;
                        }
                    }
                    const double mean = s1 / n;
                    const double var = (s2 - n * mean * mean) / (n - 1);
                    const double seMean = std::sqrt(a.variance / n);
                    const double seVar =
                        std::sqrt(std::max(mu4 - a.variance * a.variance, 0.0) / n);
                    const double seDetect = std::sqrt(a.detect * (1 - a.detect) / draws);
                    NS_TEST_EXPECT_MSG_EQ_TOL(n / draws,
                                              a.detect,
                                              5 * seDetect + 1e-9,
                                              "detect k=" << k << " h=" << h);
                    NS_TEST_EXPECT_MSG_EQ_TOL(mean - h,
                                              a.bias,
                                              5 * seMean + 1e-9,
                                              "bias k=" << k << " h=" << h);
                    NS_TEST_EXPECT_MSG_EQ_TOL(var,
                                              a.variance,
                                              5 * seVar + 1e-9,
                                              "variance k=" << k << " h=" << h);
                }
            }
        }
    }
};

/// One SDBF line run: node 0 holds `keys` resources 1..keys.
struct LineRun
{
    std::vector<Ptr<SdbfGossipApplication>> apps;
};

LineRun
RunLine(uint32_t nodes,
        uint32_t bits,
        uint32_t hashes,
        double p,
        uint32_t keys,
        double removeAt,
        double stopAt,
        int64_t stream)
{
    WsnRadioConfig radio;
    radio.range = 12.0;
    WsnNetworkHelper network(radio);
    network.Install(WsnTopology::Line(nodes, 10.0));
    network.AssignStreams(0);
    BloomGossipHelper helper("ns3::SdbfGossipApplication");
    helper.SetAttribute("Bits", UintegerValue(bits));
    helper.SetAttribute("Hashes", UintegerValue(hashes));
    helper.SetAttribute("DecayProbability", DoubleValue(p));
    ApplicationContainer apps = helper.Install(network.GetNodes());
    helper.AssignStreams(network.GetNodes(), stream);
    apps.Start(Seconds(0));
    apps.Stop(Seconds(stopAt));
    LineRun run;
    for (uint32_t i = 0; i < nodes; ++i)
    {
        run.apps.push_back(DynamicCast<SdbfGossipApplication>(apps.Get(i)));
    }
    for (uint64_t id = 1; id <= keys; ++id)
    {
        run.apps[0]->AddResource(id);
        if (removeAt > 0)
        {
            Simulator::Schedule(Seconds(removeAt),
                                &BloomGossipApplication::RemoveResource,
                                run.apps[0],
                                id);
        }
    }
    Simulator::Stop(Seconds(stopAt - 0.001));
    Simulator::Run();
    return run;
}

const PackedBits&
MaskOf(const Ptr<SdbfGossipApplication>& app)
{
    return dynamic_cast<const SdbfPolicy&>(app->GetPolicy()).GetKeepMask();
}

/// \ingroup bloom-gossip-tests
/// Test case: the exact fixed point of line gossip, before and after removal.
class SdbfLineFixedPointTestCase : public TestCase
{
  public:
    SdbfLineFixedPointTestCase()
        : TestCase("SDBF line gossip reaches the keep masks' fixed point; a removed resource "
                   "stays where two neighbours keep a bit")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 10;
        const uint32_t m = 512;
        const uint32_t k = 16;
        const Key key = Key::FromId(1);
        for (double removeAt : {0.0, 15.0})
        {
            LineRun run = RunLine(n, m, k, 0.2, 1, removeAt, 40, 10);
            for (uint32_t v = 0; v < n; ++v)
            {
                uint32_t expect = 0;
                for (uint32_t i = 0; i < k; ++i)
                {
                    const uint32_t pos = key.Position(i, m);
                    // r: the last node of the run 1..r that keeps the bit.
                    uint32_t r = 0;
                    while (r + 1 < n && MaskOf(run.apps[r + 1]).Test(pos))
                    {
                        ++r;
                    }
                    bool set = v == 0 || v <= r;
                    if (removeAt > 0)
                    {
                        const bool keep0 = MaskOf(run.apps[0]).Test(pos);
                        const bool survives = (keep0 && r >= 1) || r >= 2;
                        set = survives && v <= r && MaskOf(run.apps[v]).Test(pos);
                    }
                    expect += set ? 1 : 0;
                }
                const auto& filter =
                    std::get<ScopeDecayBloomFilter>(run.apps[v]->GetAdvertisedFilter());
                NS_TEST_ASSERT_MSG_EQ(filter.Count(key),
                                      expect,
                                      "node " << v << (removeAt > 0 ? " after removal" : ""));
            }
            Simulator::Destroy();
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: mean hop estimate on a line, over seeds, against the analytic mean.
class SdbfLineExpectationTestCase : public TestCase
{
  public:
    SdbfLineExpectationTestCase()
        : TestCase("SDBF line gossip: over seeds, membership next to the holder and the mean "
                   "estimate at each BFS distance match the analytic distribution")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 9;
        const uint32_t m = 8192;
        const uint32_t k = 16;
        const double p = 0.15;
        const uint32_t keys = 8;
        const uint32_t seeds = 40;
        std::vector<double> n1(n, 0);
        std::vector<double> s1(n, 0);
        std::vector<double> det(n, 0);
        for (uint32_t s = 0; s < seeds; ++s)
        {
            LineRun run = RunLine(n, m, k, p, keys, 0, 15, 1000 + 10 * s);
            for (uint32_t v = 1; v < n; ++v)
            {
                for (uint64_t id = 1; id <= keys; ++id)
                {
                    const auto est = run.apps[v]->EstimateHops(id);
                    n1[v] += 1;
                    if (est)
                    {
                        det[v] += 1;
                        s1[v] += *est;
                    }
                }
            }
            NS_TEST_ASSERT_MSG_EQ(run.apps[0]->EstimateHops(1).value_or(99), 0U, "holder");
            NS_TEST_ASSERT_MSG_EQ(run.apps[1]->Knows(1), true, "holder's neighbour");
            Simulator::Destroy();
        }
        for (uint32_t v = 1; v < n; ++v)
        {
            const SdbfEstimateMoments a = SdbfMoments(k, 1 - p, v, 1, SdbfEstimator::MLE);
            const double seDet = std::sqrt(a.detect * (1 - a.detect) / n1[v]);
            NS_TEST_EXPECT_MSG_EQ_TOL(det[v] / n1[v], a.detect, 5 * seDet + 0.02, "detect " << v);
            // Keys share bits rarely (128 of 8192 bits): a 0.1 hop allowance.
            const double seMean = std::sqrt(a.variance / det[v]);
            NS_TEST_EXPECT_MSG_EQ_TOL(s1[v] / det[v], a.mean, 5 * seMean + 0.1, "mean " << v);
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-sdbf.
class SdbfTestSuite : public TestSuite
{
  public:
    SdbfTestSuite()
        : TestSuite("bloom-gossip-sdbf", test::kUnit)
    {
        AddTestCase(new SdbfFilterTestCase, test::kQuick);
        AddTestCase(new SdbfPolicyTestCase, test::kQuick);
        AddTestCase(new SdbfEstimatorTestCase, test::kQuick);
        AddTestCase(new SdbfLineFixedPointTestCase, test::kQuick);
        AddTestCase(new SdbfLineExpectationTestCase, test::kQuick);
    }
};

/// The suite's single instance.
SdbfTestSuite g_sdbfTestSuite;

} // namespace
