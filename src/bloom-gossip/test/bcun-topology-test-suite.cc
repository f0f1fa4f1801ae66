/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of WsnTopology::Bcun, BCUN's random geometric graph (issue 29):
 * invariants, determinism, the removal order replayed naively, refusals.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"
#include "ns3/wsn-topology.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

Ptr<UniformRandomVariable>
MakeUniform(int64_t stream)
{
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(stream);
    return u;
}

/// Range of BCUN's radio (m).
constexpr double kRange = 250.0;

/// Smallest distance between two nodes of a topology.
double
MinDistance(const WsnTopology& t)
{
    double best = std::numeric_limits<double>::infinity();
    for (uint32_t a = 0; a < t.GetN(); ++a)
    {
        for (uint32_t b = a + 1; b < t.GetN(); ++b)
        {
            best = std::min(best, CalculateDistance(t.GetPosition(a), t.GetPosition(b)));
        }
    }
    return best;
}

/// \ingroup bloom-gossip-tests
/// Test case: the defaults over several runs: connected, degree <= 4, no pair
/// closer than the minimum distance, 120..220 nodes.
class BcunInvariantsTestCase : public TestCase
{
  public:
    BcunInvariantsTestCase()
        : TestCase("bcun defaults: connected, max degree 4, minimum distance, node count")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t savedRun = RngSeedManager::GetRun();
        const WsnTopology::BcunParams p;
        for (uint64_t run = 1; run <= 5; ++run)
        {
            RngSeedManager::SetRun(run);
            WsnTopology::BcunInfo info;
            const WsnTopology t = WsnTopology::Bcun(p, kRange, MakeUniform(0), &info);
            const std::string at = " (run " + std::to_string(run) + ")";
            NS_TEST_ASSERT_MSG_EQ(t.IsConnected(), true, "connected" << at);
            uint32_t top = 0;
            for (uint32_t i = 0; i < t.GetN(); ++i)
            {
                top = std::max(top, t.GetDegree(i));
            }
            NS_TEST_ASSERT_MSG_EQ((top <= p.maxDegree), true, "max degree " << top << at);
            const double zoom = kRange / info.radius;
            NS_TEST_ASSERT_MSG_GT_OR_EQ(MinDistance(t),
                                        std::sqrt(p.minDistance2) * zoom,
                                        "no pair closer than sqrt(0.001) scaled" << at);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(t.GetN(), 120U, "node count" << at);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(t.GetN(), 220U, "node count" << at);
            NS_TEST_ASSERT_MSG_EQ(info.originalIds.size(), t.GetN(), "ids" << at);
            NS_TEST_ASSERT_MSG_EQ(info.closeRemoved + info.degreeRemoved + t.GetN(),
                                  p.nodes,
                                  "every node drawn is kept or removed" << at);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(info.radius, p.radius, "radius only grows" << at);
            for (const Vector& v : t.GetPositions())
            {
                NS_TEST_ASSERT_MSG_EQ((v.x >= 0 && v.x < zoom && v.y >= 0 && v.y < zoom),
                                      true,
                                      "inside the scaled unit square" << at);
            }
            // The links are the unit disk of the range.
            WsnTopology check(t.GetPositions());
            check.BuildUnitDiskGraph(kRange);
            NS_TEST_ASSERT_MSG_EQ(check.GetLinkCount(), t.GetLinkCount(), "unit disk" << at);
        }
        RngSeedManager::SetRun(savedRun);
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: the accepted draw replayed from the stream and reduced the way
/// genMina.py does it (restart the scans after every removal) keeps the same
/// nodes in the same order.
class BcunReplayTestCase : public TestCase
{
  public:
    BcunReplayTestCase()
        : TestCase("bcun: the accepted draw, reduced naively as genMina.py does, same nodes")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t savedRun = RngSeedManager::GetRun();
        for (uint64_t run = 1; run <= 3; ++run)
        {
            RngSeedManager::SetRun(run);
            WsnTopology::BcunParams p;
            p.nodes = 200; // a smaller draw, several redraws likely
            p.radius = 0.12;
            WsnTopology::BcunInfo info;
            const WsnTopology t = WsnTopology::Bcun(p, kRange, MakeUniform(3), &info);
            // Replay: the accepted draw is the last 2n values of draws x 2n.
            Ptr<UniformRandomVariable> u = MakeUniform(3);
            for (uint64_t i = 0; i < uint64_t{info.draws - 1} * 2 * p.nodes; ++i)
            {
                u->GetValue(0.0, 1.0);
            }
            std::vector<double> x(p.nodes);
            std::vector<double> y(p.nodes);
            for (uint32_t i = 0; i < p.nodes; ++i)
            {
                x[i] = u->GetValue(0.0, 1.0);
                y[i] = u->GetValue(0.0, 1.0);
            }
            const double r2 = info.radius * info.radius;
            std::vector<bool> alive(p.nodes, true);
            const auto d2 = [&](uint32_t a, uint32_t b) {
                return (x[a] - x[b]) * (x[a] - x[b]) + (y[a] - y[b]) * (y[a] - y[b]);
            };
            const auto degree = [&](uint32_t v) {
                uint32_t d = 0;
                for (uint32_t u2 = 0; u2 < p.nodes; ++u2)
                {
                    d += u2 != v && alive[u2] && d2(u2, v) <= r2;
                }
                return d;
            };
            // nodeNear: the first node with a neighbour closer than the minimum, again and again.
            for (bool removed = true; removed;)
            {
                removed = false;
                for (uint32_t v = 0; v < p.nodes && !removed; ++v)
                {
                    for (uint32_t w = 0; w < p.nodes && alive[v]; ++w)
                    {
                        if (w != v && alive[w] && d2(v, w) <= r2 && d2(v, w) < p.minDistance2)
                        {
                            alive[v] = false;
                            removed = true;
                            break;
                        }
                    }
                }
            }
            // nodeMaxDegree: the first node of highest degree, while above the bound.
            while (true)
            {
                uint32_t top = 0;
                uint32_t best = 0;
                for (uint32_t v = 0; v < p.nodes; ++v)
                {
                    if (alive[v] && degree(v) > best)
                    {
                        best = degree(v);
                        top = v;
                    }
                }
                if (best <= p.maxDegree)
                {
                    break;
                }
                alive[top] = false;
            }
            std::vector<uint32_t> kept;
            for (uint32_t v = 0; v < p.nodes; ++v)
            {
                if (alive[v])
                {
                    kept.push_back(v);
                }
            }
            NS_TEST_ASSERT_MSG_EQ((kept == info.originalIds), true, "same nodes, run " << run);
            const double zoom = kRange / info.radius;
            for (uint32_t i = 0; i < t.GetN() && i < kept.size(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(t.GetPosition(i).x,
                                          x[kept[i]] * zoom,
                                          1e-9,
                                          "scaled x, run " << run);
                NS_TEST_ASSERT_MSG_EQ_TOL(t.GetPosition(i).y,
                                          y[kept[i]] * zoom,
                                          1e-9,
                                          "scaled y, run " << run);
            }
        }
        RngSeedManager::SetRun(savedRun);
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: same stream and run, same topology; another run, another one.
class BcunDeterminismTestCase : public TestCase
{
  public:
    BcunDeterminismTestCase()
        : TestCase("bcun: same stream and run, same topology; other run, other topology")
    {
    }

  private:
    static std::vector<Vector> Draw(uint64_t run)
    {
        RngSeedManager::SetRun(run);
        return WsnTopology::Bcun(WsnTopology::BcunParams(), kRange, MakeUniform(0)).GetPositions();
    }

    void DoRun() override
    {
        const uint64_t savedRun = RngSeedManager::GetRun();
        const auto a = Draw(4);
        const auto b = Draw(4);
        const auto c = Draw(5);
        RngSeedManager::SetRun(savedRun);
        bool same = a.size() == b.size();
        for (std::size_t i = 0; same && i < a.size(); ++i)
        {
            same = a[i].x == b[i].x && a[i].y == b[i].y;
        }
        NS_TEST_ASSERT_MSG_EQ(same, true, "same run, same positions");
        bool differ = a.size() != c.size();
        for (std::size_t i = 0; !differ && i < a.size(); ++i)
        {
            differ = a[i].x != c[i].x || a[i].y != c[i].y;
        }
        NS_TEST_ASSERT_MSG_EQ(differ, true, "other run, other positions");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: radius growth on the first draws only, and the refusals.
class BcunParametersTestCase : public TestCase
{
  public:
    BcunParametersTestCase()
        : TestCase("bcun: radius growth, bad parameters, bounded redraws")
    {
    }

  private:
    static std::string Error(const WsnTopology::BcunParams& p, double range = kRange)
    {
        try
        {
            WsnTopology::Bcun(p, range, MakeUniform(0));
        }
        catch (const std::exception& e)
        {
            return e.what();
        }
        return "";
    }

    void DoRun() override
    {
        // 30 points at radius 0.01 are never connected: the radius grows
        // by 0.1 per failed draw until one is.
        WsnTopology::BcunParams grow;
        grow.nodes = 30;
        grow.radius = 0.01;
        grow.radiusStep = 0.1;
        grow.minDistance2 = 0;
        grow.maxDegree = 1000;
        WsnTopology::BcunInfo info;
        const WsnTopology t = WsnTopology::Bcun(grow, kRange, MakeUniform(0), &info);
        NS_TEST_ASSERT_MSG_GT(info.radius, 0.2, "grown");
        const double steps = (info.radius - grow.radius) / grow.radiusStep;
        NS_TEST_ASSERT_MSG_EQ_TOL(steps, std::round(steps), 1e-9, "by whole steps");
        NS_TEST_ASSERT_MSG_EQ(info.draws,
                              static_cast<uint32_t>(std::round(steps)) + 1,
                              "one draw per step, then the connected one (nothing removed)");
        NS_TEST_ASSERT_MSG_EQ(t.GetN(), 30U, "no removal");

        WsnTopology::BcunParams stuck = grow;
        stuck.radiusStep = 0;
        stuck.maxDraws = 5;
        NS_TEST_ASSERT_MSG_EQ(
            (Error(stuck).find("no connected graph in 5 draws") != std::string::npos),
            true,
            "bounded redraws: " << Error(stuck));
        // Bounded memory: too many links expected at the start, or after growth.
        WsnTopology::BcunParams big;
        big.nodes = 65533;
        NS_TEST_ASSERT_MSG_EQ((Error(big).find("links, more than") != std::string::npos),
                              true,
                              Error(big));
        WsnTopology::BcunParams jump;
        jump.nodes = 3000;
        jump.radius = 0.001;
        jump.radiusStep = 0.6;
        jump.minDistance2 = 0;
        NS_TEST_ASSERT_MSG_EQ((Error(jump).find("radius grew to 0.601") != std::string::npos),
                              true,
                              Error(jump));
        NS_TEST_ASSERT_MSG_EQ_TOL(WsnTopology::BcunExpectedLinks(400, 0.1),
                                  0.5 * 400 * 399 * (M_PI * 0.01 - 8.0 / 3 * 0.001 + 0.5e-4),
                                  1e-6,
                                  "expected links");
        WsnTopology::BcunParams p;
        p.minDistance2 = 0.02; // beyond radius^2
        NS_TEST_ASSERT_MSG_EQ((Error(p).find("[0, radius^2)") != std::string::npos),
                              true,
                              Error(p));
        p = WsnTopology::BcunParams();
        p.nodes = 1;
        NS_TEST_ASSERT_MSG_EQ(Error(p).empty(), false, "one node refused");
        p = WsnTopology::BcunParams();
        p.maxDegree = 0;
        NS_TEST_ASSERT_MSG_EQ(Error(p).empty(), false, "max degree 0 refused");
        p = WsnTopology::BcunParams();
        p.radius = 0;
        NS_TEST_ASSERT_MSG_EQ(Error(p).empty(), false, "radius 0 refused");
        NS_TEST_ASSERT_MSG_EQ(Error(WsnTopology::BcunParams(), -1).empty(),
                              false,
                              "negative range refused");
    }
};

/// \ingroup bloom-gossip-tests
/// BCUN's topology generator (issue 29).
class BcunTopologyTestSuite : public TestSuite
{
  public:
    BcunTopologyTestSuite()
        : TestSuite("bloom-gossip-bcun-topology", bloom::test::kUnit)
    {
        AddTestCase(new BcunInvariantsTestCase, bloom::test::kQuick);
        AddTestCase(new BcunReplayTestCase, bloom::test::kQuick);
        AddTestCase(new BcunDeterminismTestCase, bloom::test::kQuick);
        AddTestCase(new BcunParametersTestCase, bloom::test::kQuick);
    }
};

/// The suite's static instance.
BcunTopologyTestSuite g_bcunTopologyTestSuite;

} // namespace
