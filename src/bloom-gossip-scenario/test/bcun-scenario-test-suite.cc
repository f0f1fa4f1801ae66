/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Runs of BCUN's setting (issue 29): --topology bcun in a run and a sweep,
 * one resource per node, warm-up queries before the measured ones.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/gossip-scenario.h"
#include "ns3/query-strategy.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-sweep.h"
#include "ns3/scenario-tables.h"
#include "ns3/test.h"

#include <cmath>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

/// A small BCUN network (about 40 nodes) with one resource per node.
GossipScenarioConfig
SmallBcun()
{
    GossipScenarioConfig c;
    c.topology = ScenarioTopology::BCUN;
    c.bcun.nodes = 100;
    c.bcun.radius = 0.2;
    c.bcun.minDistance2 = 0.004;
    c.radio.range = 20;
    c.placement = ResourcePlacement::ONE_PER_NODE;
    c.filter = FilterKind::LINEAR;
    c.probes = 0;
    c.interval = 1;
    c.simTime = 60;
    c.queries = 6;
    c.queryStart = 30;
    c.queryInterval = 2;
    c.queryTimeout = 2;
    c.queryStrategy = ParseQueryStrategySelection("blind-flood");
    return c;
}

/// \ingroup bloom-gossip-scenario-tests
/// Test case: a bcun run: its network, one point per sweep, the same per run.
class BcunRunTestCase : public TestCase
{
  public:
    BcunRunTestCase()
        : TestCase("bcun in a run: the generator's network, one sweep point, same per RngRun")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(2);
        GossipScenarioConfig c = SmallBcun();
        c.queries = 0;
        c.simTime = 5;
        const WsnTopology t = BuildTopology(c);
        const GossipScenarioResult r = CheckGossipScenario(c);
        NS_TEST_ASSERT_MSG_EQ(r.nodes, t.GetN(), "the generator's nodes");
        NS_TEST_ASSERT_MSG_EQ(r.diameter, t.Diameter(), "its diameter");
        NS_TEST_ASSERT_MSG_EQ(r.components, 1U, "connected");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(r.meanDegree, 4.0, "degree at most 4");
        NS_TEST_ASSERT_MSG_EQ(r.droppedNodes, c.bcun.nodes - r.nodes, "drawn but removed");
        const std::string row = GossipCsvRow(c, r);
        NS_TEST_ASSERT_MSG_EQ((row.find(",bcun,") != std::string::npos), true, "topology column");
        NS_TEST_ASSERT_MSG_EQ(
            (row.find(",bcun," + std::to_string(r.nodes) + ",") != std::string::npos),
            true,
            "nodes column");
        const WsnTopology again = BuildTopology(c);
        NS_TEST_ASSERT_MSG_EQ(again.GetN(), t.GetN(), "same run, same network");
        NS_TEST_ASSERT_MSG_EQ(again.GetPosition(0).x, t.GetPosition(0).x, "same positions");
        RngSeedManager::SetRun(3);
        const WsnTopology other = BuildTopology(c);
        NS_TEST_ASSERT_MSG_NE(other.GetPosition(0).x, t.GetPosition(0).x, "other run, other one");
        RngSeedManager::SetRun(2);

        ScenarioSweepOptions o;
        o.config = c;
        NS_TEST_ASSERT_MSG_EQ(ExpandSweep(o).size(), 1U, "one point: the network is drawn");
    }
};

/// \ingroup bloom-gossip-scenario-tests
/// Test case: one resource per node: node i holds resource i + 1, and the
/// queries ask another node's resource.
class OnePerNodeTestCase : public TestCase
{
  public:
    OnePerNodeTestCase()
        : TestCase("one resource per node: node i holds i + 1; the origin never holds the key")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(4);
        GossipScenarioConfig c = SmallBcun();
        c.queries = 10;
        c.queryStart = 20;
        ScenarioRecorders rec;
        rec.walks = true;
        const WsnTopology t = BuildTopology(c);
        const GossipScenarioResult r = RunGossipScenario(c, rec);
        NS_TEST_ASSERT_MSG_EQ(r.queries.size(), 10U, "every query issued");
        uint32_t delivered = 0;
        for (const QueryRecord& q : r.queries)
        {
            NS_TEST_ASSERT_MSG_EQ((q.key >= 1 && q.key <= r.nodes), true, "a resource 1..n");
            NS_TEST_ASSERT_MSG_NE(uint64_t{q.origin} + 1, q.key, "the origin does not hold it");
            // The only holder of key k is node k - 1: the truth's distance is the BFS one.
            const auto holder = static_cast<uint32_t>(q.key - 1);
            NS_TEST_ASSERT_MSG_EQ(q.trueHops,
                                  t.HopDistances({holder})[q.origin],
                                  "the truth puts key " << q.key << " on node " << holder);
        }
        for (const WalkRow& w : r.dynamics.walks)
        {
            if (w.kind == "deliver")
            {
                ++delivered;
                NS_TEST_ASSERT_MSG_EQ(uint64_t{w.node} + 1, w.key, "delivered at node key - 1");
            }
        }
        NS_TEST_ASSERT_MSG_GT(delivered, 0U, "some searches reach their holder");
        const std::string row = GossipCsvRow(c, r);
        NS_TEST_ASSERT_MSG_EQ(
            (row.find(",periodic," + std::to_string(r.nodes) + ",1,") != std::string::npos),
            true,
            "resources column = nodes, replicas 1: " << row);
    }
};

/// \ingroup bloom-gossip-scenario-tests
/// Test case: warm-up queries run before the measured ones, are not
/// reported, and leave the measured draws as they are.
class WarmupTestCase : public TestCase
{
  public:
    WarmupTestCase()
        : TestCase("warm-up queries: issued first, never reported, measured draws unchanged")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(5);
        GossipScenarioConfig c = SmallBcun();
        const GossipScenarioResult plain = RunGossipScenario(c);
        c.queryWarmup = 3;
        c.queryWarmupStart = 10;
        c.queryWarmupStrategy = ParseQueryStrategySelection("bcir,blind-flood");
        const GossipScenarioResult warm = RunGossipScenario(c);
        NS_TEST_ASSERT_MSG_EQ(warm.queries.size(), 6U, "only the measured queries reported");
        NS_TEST_ASSERT_MSG_EQ(plain.queries.size(), 6U, "the same count without warm-up");
        for (std::size_t i = 0; i < warm.queries.size() && i < plain.queries.size(); ++i)
        {
            const QueryRecord& q = warm.queries[i];
            NS_TEST_ASSERT_MSG_EQ_TOL(q.issued, 30.0 + 2.0 * i, 1e-9, "at start + i interval");
            NS_TEST_ASSERT_MSG_EQ(ToString(q.strategy), "blind-flood", "measured strategy");
            NS_TEST_ASSERT_MSG_EQ(q.origin, plain.queries[i].origin, "same origin as without");
            NS_TEST_ASSERT_MSG_EQ(q.key, plain.queries[i].key, "same key as without");
            NS_TEST_ASSERT_MSG_NE(uint64_t{q.origin} + 1, q.key, "origin never the holder");
        }
        // 3 draws x 2 strategies at 10, 12, ..., 20 s: frames on the air.
        NS_TEST_ASSERT_MSG_GT(warm.metrics.phyFrames,
                              plain.metrics.phyFrames,
                              "the warm-up queries were sent");

        // They must end before the first measured query.
        c.queryWarmupStart = 21; // 21 + 5 x 2 = 31 > 30
        bool refused = false;
        try
        {
            c.Validate();
        }
        catch (const std::invalid_argument& e)
        {
            refused = std::string(e.what()).find("--query-warmup") == 0;
        }
        NS_TEST_ASSERT_MSG_EQ(refused, true, "a warm-up overlapping the measured queries");
        c.queryWarmupStart = 0; // one interval: 2, 4, ..., 12 s
        c.queryWarmupStrategy = QueryStrategySelection::Same();
        NS_TEST_ASSERT_MSG_EQ_TOL(c.QueryWarmupStart(), 2.0, 1e-12, "0: one interval");
        NS_TEST_ASSERT_MSG_EQ((c.QueryWarmupStrategies() == c.QueryStrategies()),
                              true,
                              "same: the run's strategies");
        NS_TEST_ASSERT_MSG_EQ(ToString(c.queryWarmupStrategy), "same", "printed as same");
    }
};

/// \ingroup bloom-gossip-scenario-tests
/// BCUN's setting in runs (issue 29).
class BcunScenarioTestSuite : public TestSuite
{
  public:
    BcunScenarioTestSuite()
        : TestSuite("bloom-gossip-scenario-bcun", bloom::test::kSystem)
    {
        AddTestCase(new BcunRunTestCase, bloom::test::kQuick);
        AddTestCase(new OnePerNodeTestCase, bloom::test::kQuick);
        AddTestCase(new WarmupTestCase, bloom::test::kQuick);
    }
};

/// The suite's static instance.
BcunScenarioTestSuite g_bcunScenarioTestSuite;

} // namespace
