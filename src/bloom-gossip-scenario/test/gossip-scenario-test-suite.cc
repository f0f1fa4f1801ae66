/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Whole runs through RunGossipScenario that check the module end to end:
 * transports and timers converge, gradient queries take shortest paths,
 * absent keys end, and the grid channel equals ns-3's stock channel.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/gossip-scenario.h"
#include "ns3/query-strategy.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-tables.h"
#include "ns3/test.h"

#include <set>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

GossipScenarioConfig
Line(const std::string& filter, uint32_t nodes)
{
    GossipScenarioConfig c;
    c.filter = filter;
    c.topology = "line";
    c.nodes = nodes;
    c.resources = 2;
    c.probes = 0;
    c.simTime = 40;
    return c;
}

class TransportAndTimerTestCase : public TestCase
{
  public:
    TransportAndTimerTestCase()
        : TestCase("udp6 over 6LoWPAN, Trickle and tiny frames all converge to the truth")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        for (const std::string filter : {"lbf", "abf"})
        {
            GossipScenarioConfig udp = Line(filter, 8);
            udp.transport = "udp6";
            const GossipScenarioResult u = RunGossipScenario(udp);
            NS_TEST_ASSERT_MSG_EQ(u.metrics.overall.exact, 1.0, filter << " over udp6");
            // A 256-byte datagram travels as several 802.15.4 fragments.
            NS_TEST_ASSERT_MSG_GT(u.metrics.phyFrames, 2 * u.metrics.gossipFrames, "fragments");

            GossipScenarioConfig tiny = Line(filter, 8);
            tiny.frameBytes = 40; // 18 payload bytes per segment
            const GossipScenarioResult t = RunGossipScenario(tiny);
            NS_TEST_ASSERT_MSG_GT(t.metrics.framesPerBeacon, 10U, filter << " many segments");
            NS_TEST_ASSERT_MSG_EQ(t.metrics.overall.exact, 1.0, filter << " with tiny frames");

            GossipScenarioConfig periodic = Line(filter, 10);
            periodic.simTime = 120;
            GossipScenarioConfig trickle = periodic;
            trickle.timer = "trickle";
            const GossipScenarioResult p = RunGossipScenario(periodic);
            const GossipScenarioResult tr = RunGossipScenario(trickle);
            NS_TEST_ASSERT_MSG_EQ(tr.metrics.overall.exact, 1.0, filter << " with Trickle");
            NS_TEST_ASSERT_MSG_LT(tr.metrics.advertisements * 3,
                                  p.metrics.advertisements,
                                  filter << ": Trickle sends far fewer advertisements");
        }
    }
};

/// Roomy filters on a line, converged before the queries.
GossipScenarioConfig
RoomyLine(const std::string& filter, uint32_t nodes)
{
    GossipScenarioConfig c;
    c.filter = filter;
    c.topology = "line";
    c.nodes = nodes;
    c.slots = filter == "bf" ? 2048 : 256;
    c.hashes = 4;
    c.cellBits = 8;
    c.resources = 2;
    c.probes = 0;
    c.simTime = 36;
    c.queries = 16;
    c.queryInterval = 0.5;
    c.queryTimeout = 2;
    return c;
}

class GradientShortestPathTestCase : public TestCase
{
  public:
    GradientShortestPathTestCase()
        : TestCase("converged roomy LBF and ABF on a line: a gradient query reaches the holder in "
                   "exactly the shortest-path hop count and its reply returns to the origin")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(3);
        for (const std::string filter : {"lbf", "abf"})
        {
            GossipScenarioConfig c = RoomyLine(filter, 14);
            c.queryStrategy = "gradient";
            const GossipScenarioResult r = RunGossipScenario(c);
            NS_TEST_ASSERT_MSG_EQ(r.queries.size(), c.queries, filter << ": every query issued");
            NS_TEST_ASSERT_MSG_EQ(r.metrics.malformed, 0U, filter << ": no malformed frame");
            std::set<uint32_t> distances;
            for (const QueryRecord& q : r.queries)
            {
                NS_TEST_ASSERT_MSG_EQ(q.absent, false, "present key");
                NS_TEST_ASSERT_MSG_GT(q.trueHops, 0U, "origin is not a holder");
                NS_TEST_ASSERT_MSG_EQ(q.delivered, true, filter << ": query " << q.index);
                NS_TEST_ASSERT_MSG_EQ(q.hopsTaken,
                                      q.trueHops,
                                      filter << ": query " << q.index << " shortest path");
                NS_TEST_ASSERT_MSG_EQ(q.success, true, filter << ": reply at the origin");
                NS_TEST_ASSERT_MSG_EQ(ToString(q.outcome), "found", filter << ": outcome");
                NS_TEST_ASSERT_MSG_GT(q.roundTrip, q.latencyToHolder, "round trip");
                NS_TEST_ASSERT_MSG_GT_OR_EQ(q.frames, 2U * q.trueHops, "a frame per hop, each way");
                distances.insert(q.trueHops);
            }
            NS_TEST_ASSERT_MSG_GT(distances.size(), 3U, filter << ": several distances");
            const QuerySummary s = SummariseQueries(r.queries, QueryStrategy::GRADIENT);
            NS_TEST_ASSERT_MSG_EQ(s.success, 1.0, "success ratio");
            NS_TEST_ASSERT_MSG_EQ(s.stretch, 1.0, "stretch");
        }
    }
};

class AbsentKeyTestCase : public TestCase
{
  public:
    AbsentKeyTestCase()
        : TestCase("a query for an absent key ends (no gradient, TTL, exhausted, gated) and is "
                   "reported failed")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(4);
        // Roomy filters: nobody reports the key.
        for (const std::string filter : {"lbf", "abf", "bf"})
        {
            GossipScenarioConfig c = RoomyLine(filter, 10);
            c.queryStrategy = "all";
            c.queryAbsent = 1;
            c.queries = 4;
            const GossipScenarioResult r = RunGossipScenario(c);
            NS_TEST_ASSERT_MSG_GT(r.queries.size(), 0U, "queries issued");
            for (const QueryRecord& q : r.queries)
            {
                NS_TEST_ASSERT_MSG_EQ(q.absent, true, "absent key");
                NS_TEST_ASSERT_MSG_EQ(q.success, false, "failed");
                NS_TEST_ASSERT_MSG_EQ(q.delivered, false, "no holder reached");
                const std::string expected = q.strategy == QueryStrategy::GRADIENT ? "no-gradient"
                                             : q.strategy == QueryStrategy::BLIND_FLOOD
                                                 ? "timeout"
                                                 : "filter-absent";
                NS_TEST_ASSERT_MSG_EQ(ToString(q.outcome),
                                      expected,
                                      filter << " " << ToString(q.strategy) << " outcome");
                if (q.strategy != QueryStrategy::BLIND_FLOOD)
                {
                    NS_TEST_ASSERT_MSG_EQ(q.frames, 0U, "nothing sent");
                }
                else
                {
                    NS_TEST_ASSERT_MSG_GT(q.frames, 0U, "the blind flood searched");
                }
            }
        }
        // Crowded filters: false positives lead the walk astray; it still
        // ends, with a failure reported before the timeout.
        for (const std::string filter : {"lbf", "abf"})
        {
            GossipScenarioConfig c = RoomyLine(filter, 10);
            c.slots = 12;
            c.hashes = 1;
            c.resources = 6;
            c.queryStrategy = "gradient";
            c.queryAbsent = 1;
            c.queries = 12;
            c.queryTtl = 6;
            const GossipScenarioResult r = RunGossipScenario(c);
            uint32_t walked = 0;
            for (const QueryRecord& q : r.queries)
            {
                NS_TEST_ASSERT_MSG_EQ(q.success, false, "failed");
                const bool ended = ToString(q.outcome) == "no-gradient" ||
                                   ToString(q.outcome) == "ttl-expired" ||
                                   ToString(q.outcome) == "exhausted";
                NS_TEST_ASSERT_MSG_EQ(ended, true, filter << ": ended as " << ToString(q.outcome));
                walked += ToString(q.outcome) != "no-gradient";
                // At most TTL query transmissions plus a TTL-expired reply
                // back over at most TTL hops (MAC retries aside).
                NS_TEST_ASSERT_MSG_LT_OR_EQ(q.frames, 2U * c.queryTtl + 6, "bounded by the TTL");
            }
            NS_TEST_ASSERT_MSG_GT(walked, 0U, filter << ": some false positive walked");
        }
    }
};

/// A small scenario whose area is several cut-offs wide, so that the grid
/// channel really leaves receivers out.
GossipScenarioConfig
Scenario(const std::string& filter,
         const std::string& topology,
         WsnRadioConfig::Loss loss,
         double shadowing)
{
    GossipScenarioConfig c;
    c.filter = filter;
    c.topology = topology;
    c.radio.loss = loss;
    c.radio.shadowingSigmaDb = shadowing;
    c.slots = 128;
    c.resources = 3;
    c.probes = 50;
    c.simTime = 12;
    c.events = {WorkloadEvent::Parse("6:remove:1"), WorkloadEvent::Parse("8:fail:3")};
    if (loss == WsnRadioConfig::Loss::RANGE)
    {
        c.radio.range = 12;
        c.spacing = 10;
    }
    else
    {
        // Nominal range about 79 m; frames reach about 213 m (MaxLossDb).
        c.radio.range = WsnNetworkHelper::NominalRange(c.radio);
        c.spacing = 60;
    }
    if (topology == "grid")
    {
        c.gridWidth = 9;
        c.gridHeight = 7;
        c.nodes = 63;
    }
    else
    {
        c.nodes = 70;
        c.meanDegree = 6;
    }
    return c;
}

class EquivalenceTestCase : public TestCase
{
  public:
    EquivalenceTestCase(std::string topology, WsnRadioConfig::Loss loss, double shadowing)
        : TestCase("stock and grid channels give byte-identical CSV rows: " + topology + ", " +
                   WsnRadioConfig::LossName(loss) +
                   (shadowing > 0 ? " with shadowing" : std::string())),
          m_topology(std::move(topology)),
          m_loss(loss),
          m_shadowing(shadowing)
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string filter : {"bf", "lbf", "abf"})
        {
            std::string rows[2];
            std::vector<std::string> distanceRows[2];
            for (int i = 0; i < 2; ++i)
            {
                RngSeedManager::SetSeed(1);
                RngSeedManager::SetRun(2);
                GossipScenarioConfig c = Scenario(filter, m_topology, m_loss, m_shadowing);
                c.radio.channel =
                    i == 0 ? WsnRadioConfig::Channel::STOCK : WsnRadioConfig::Channel::GRID;
                const GossipScenarioResult r = RunGossipScenario(c);
                rows[i] = GossipCsvRow(c, r);
                distanceRows[i] = GossipDistanceCsvRows(c, r);
                NS_TEST_ASSERT_MSG_GT(r.metrics.phyFrames, 100U, "traffic");
                NS_TEST_ASSERT_MSG_GT(r.diameter, 3U, "multi-hop");
            }
            NS_TEST_ASSERT_MSG_EQ(rows[0], rows[1], filter << ": per-run row");
            NS_TEST_ASSERT_MSG_EQ((distanceRows[0] == distanceRows[1]),
                                  true,
                                  filter << ": per-distance rows");
        }
    }

    std::string m_topology;
    WsnRadioConfig::Loss m_loss;
    double m_shadowing;
};

} // namespace

/**
 * \ingroup bloom-gossip-scenario-tests
 * End-to-end runs of the module through the scenario runner.
 */
class GossipScenarioTestSuite : public TestSuite
{
  public:
    GossipScenarioTestSuite()
        : TestSuite("bloom-gossip-scenario", bloom::test::kSystem)
    {
        AddTestCase(new TransportAndTimerTestCase, bloom::test::kQuick);
        AddTestCase(new GradientShortestPathTestCase, bloom::test::kQuick);
        AddTestCase(new AbsentKeyTestCase, bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("grid", WsnRadioConfig::Loss::RANGE, 0),
                    bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("disk", WsnRadioConfig::Loss::RANGE, 0),
                    bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("grid", WsnRadioConfig::Loss::LOG_DISTANCE, 0),
                    bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("disk", WsnRadioConfig::Loss::LOG_DISTANCE, 4),
                    bloom::test::kQuick);
    }
};

/// The suite's only instance.
static GossipScenarioTestSuite g_gossipScenarioTestSuite;
