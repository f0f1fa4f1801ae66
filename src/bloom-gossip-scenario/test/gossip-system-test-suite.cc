/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * System tests: gossip over simulated 802.15.4 multi-hop networks converges
 * to the BFS ground truth, forgets removed resources and failed nodes within
 * the analytic bounds, and is reproducible.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/gossip-scenario.h"
#include "ns3/node-list.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-tables.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

using namespace ns3;
using bloom::FilterKind;

namespace
{

/// Roomy filters: few resources, large m, ABF deeper than the diameter.
GossipScenarioConfig
Roomy(FilterKind filter, ScenarioTopology topology, uint32_t nodes)
{
    GossipScenarioConfig c;
    c.filter = filter;
    c.topology = topology;
    c.nodes = nodes;
    c.slots = filter == FilterKind::BLOOM ? 2048 : 256;
    c.hashes = 4;
    c.SetFamilyOption("b", "8");
    c.SetFamilyOption("a", "0.9");
    c.SetFamilyOption("horizon", "24"); // DV: beyond every diameter here
    c.resources = 3;
    c.probes = 200;
    c.simTime = 45;
    return c;
}

/**
 * The coded budget cases' run: a 5 x 5 grid, 92 bytes with the entropy
 * codec, LBF b = 5, 16 resources (few enough to code small, enough to fill
 * 92 bytes).
 */
GossipScenarioConfig
CodedBudgetGrid(FilterKind filter)
{
    GossipScenarioConfig c = Roomy(filter, ScenarioTopology::GRID, 25);
    c.budgetBytes = 92;
    c.codec = bloom::Codec::ENTROPY;
    c.SetFamilyOption("b", "5");
    c.resources = 16;
    return c;
}

/// \return the value of column `name` in the first runs.csv row of (c, r)
double
RunsColumn(const GossipScenarioConfig& c, const GossipScenarioResult& r, const std::string& name)
{
    std::vector<std::string> header;
    std::vector<std::string> row;
    std::stringstream h(GossipRunsCsvHeader(c));
    for (std::string f; std::getline(h, f, ',');)
    {
        header.push_back(f);
    }
    std::stringstream v(GossipRunsCsvRows(c, r).front());
    for (std::string f; std::getline(v, f, ',');)
    {
        row.push_back(f);
    }
    const auto at = std::find(header.begin(), header.end(), name);
    NS_ABORT_MSG_IF(at == header.end() || row.size() != header.size(), "no column " << name);
    return std::stod(row[at - header.begin()]);
}

class ConvergenceTestCase : public TestCase
{
  public:
    ConvergenceTestCase(ScenarioTopology topology, uint32_t nodes, uint32_t diameter)
        : TestCase("after convergence every estimate equals the BFS truth on a " +
                   ToString(topology) + " of " + std::to_string(nodes) + " nodes"),
          m_topology(topology),
          m_nodes(nodes),
          m_diameter(diameter)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        for (FilterKind filter : {FilterKind::BLOOM,
                                  FilterKind::LINEAR,
                                  FilterKind::ATTENUATED,
                                  FilterKind::DISTANCE_VECTOR})
        {
            const GossipScenarioConfig c = Roomy(filter, m_topology, m_nodes);
            const GossipScenarioResult r = RunGossipScenario(c);
            const HopAccuracy& h = r.metrics.overall;
            NS_TEST_ASSERT_MSG_EQ(r.nodes, m_nodes, "nodes");
            NS_TEST_ASSERT_MSG_EQ(r.diameter, m_diameter, "diameter of the radio graph");
            NS_TEST_ASSERT_MSG_EQ(h.pairs, uint64_t{m_nodes} * c.resources, "every pair counted");
            NS_TEST_ASSERT_MSG_EQ(h.membership, 1.0, ToString(filter) << ": reported everywhere");
            if (filter != FilterKind::BLOOM)
            {
                NS_TEST_ASSERT_MSG_EQ(h.exact,
                                      1.0,
                                      ToString(filter) << ": every hop estimate exact");
                NS_TEST_ASSERT_MSG_EQ(h.mae, 0.0, ToString(filter) << ": MAE");
                NS_TEST_ASSERT_MSG_EQ(h.miss, 0.0, ToString(filter) << ": no miss");
            }
            NS_TEST_ASSERT_MSG_EQ(h.latencies.size(),
                                  h.pairs,
                                  ToString(filter) << ": every pair converged");
            CheckSettle(filter, r.metrics);
            const auto& m = r.metrics;
            NS_TEST_ASSERT_MSG_EQ(m.gossipFramesOnAir.has_value(), true, "lr-wpan MACs tracked");
            NS_TEST_ASSERT_MSG_GT(m.gossipFramesOnAir.value_or(0), 0U, "gossip frames on air");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(m.gossipFramesOnAir.value_or(0) +
                                            m.gossipFramesDropped.value_or(0),
                                        m.gossipFrames,
                                        "sent or dropped only what was handed down");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(m.gossipFramesOnAir.value_or(0), m.phyFrames, "PHY");
            NS_TEST_ASSERT_MSG_GT(r.metrics.advertisements, uint64_t{m_nodes} * 30, "traffic");
            NS_TEST_ASSERT_MSG_EQ(r.metrics.malformed, 0U, "no malformed frame");
            if (filter == FilterKind::ATTENUATED)
            {
                NS_TEST_ASSERT_MSG_EQ(r.depth, m_diameter + 1, "ABF depth covers the diameter");
            }
        }
    }

    /**
     * Every pair converged: the settle times are the latencies of the
     * non-holder pairs (the holders' zeros excluded), each after the first
     * beacon and within one beacon round per hop plus one.
     */
    void CheckSettle(FilterKind filter, const GossipRunMetrics& m)
    {
        const double round = 1.0 + 0.1; // interval + jitter
        const HopAccuracy& h = m.overall;
        NS_TEST_ASSERT_MSG_EQ(m.byDistance.at(0).settlePairs, 0U, "holders excluded");
        NS_TEST_ASSERT_MSG_EQ(h.settlePairs,
                              h.pairs - m.byDistance[0].pairs,
                              "every non-holder pair counted");
        NS_TEST_ASSERT_MSG_EQ(h.SettledShare(), 1.0, ToString(filter) << ": all right for good");
        std::vector<double> nonHolders;
        for (size_t d = 1; d < m.byDistance.size(); ++d)
        {
            const HopAccuracy& a = m.byDistance[d];
            nonHolders.insert(nonHolders.end(), a.latencies.begin(), a.latencies.end());
            NS_TEST_ASSERT_MSG_EQ(a.settleTimes.size(), a.settlePairs, "h = " << d);
            for (double t : a.settleTimes)
            {
                NS_TEST_ASSERT_MSG_GT(t, 0.0, ToString(filter) << ": h = " << d << " not at 0");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(t, (d + 1) * round, "h = " << d << ": a round a hop");
            }
        }
        std::vector<double> settle = h.settleTimes;
        std::sort(settle.begin(), settle.end());
        std::sort(nonHolders.begin(), nonHolders.end());
        NS_TEST_ASSERT_MSG_EQ((settle == nonHolders), true, "the latencies without the holders");
        NS_TEST_ASSERT_MSG_EQ(h.SettleQuantile(0.5), Quantile(settle, 0.5), "median");
        NS_TEST_ASSERT_MSG_EQ(h.SettleQuantile(0.9), Quantile(settle, 0.9), "p90");
    }

    ScenarioTopology m_topology;
    uint32_t m_nodes;
    uint32_t m_diameter;
};

/**
 * The time until right for good by hand: the holders' own pairs are
 * excluded and the pairs never right for good are censored (later than any
 * settled pair), so a quantile is defined only when it falls on a settled
 * pair; a run too short for any exchange has share 0 and no median.
 */
class SettleTimeTestCase : public TestCase
{
  public:
    SettleTimeTestCase()
        : TestCase("time until right for good: holders excluded, never-right pairs censored")
    {
    }

  private:
    void DoRun() override
    {
        HopAccuracy a;
        NS_TEST_ASSERT_MSG_EQ(std::isnan(a.SettledShare()), true, "no pair: no share");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(a.SettleQuantile(0.5)), true, "no pair: no median");
        // Five pairs: right for good after 3, 1 and 2 s; two never.
        a.settlePairs = 5;
        a.settleTimes = {3, 1, 2};
        NS_TEST_ASSERT_MSG_EQ(a.SettledShare(), 0.6, "3 of 5");
        NS_TEST_ASSERT_MSG_EQ(a.SettleQuantile(0.5), 3.0, "rank 3 of 5: the third settled");
        NS_TEST_ASSERT_MSG_EQ(a.SettleQuantile(0.2), 1.0, "rank 1");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(a.SettleQuantile(0.9)), true, "rank 5: censored");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(a.SettleQuantile(0.7)), true, "rank 4: censored");
        a.settleTimes = {};
        NS_TEST_ASSERT_MSG_EQ(a.SettledShare(), 0.0, "never right: share 0");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(a.SettleQuantile(0.5)), true, "never right: no median");

        // A line of 10 nodes run for less than the first beacon round: only
        // the holders are right (latency 0, still in the old latency column).
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        for (FilterKind filter : {FilterKind::BLOOM,
                                  FilterKind::LINEAR,
                                  FilterKind::ATTENUATED,
                                  FilterKind::SCOPE_DECAY})
        {
            GossipScenarioConfig c = Roomy(filter, ScenarioTopology::LINE, 10);
            c.resources = 2;
            c.simTime = 0.001;
            const GossipScenarioResult r = RunGossipScenario(c);
            const HopAccuracy& h = r.metrics.overall;
            NS_TEST_ASSERT_MSG_EQ(h.latencies.size(), 2U, ToString(filter) << ": holders only");
            NS_TEST_ASSERT_MSG_EQ(Quantile(h.latencies, 0.5), 0.0, "holders' latency 0");
            NS_TEST_ASSERT_MSG_EQ(h.settlePairs, 18U, ToString(filter) << ": 2 x 9 non-holders");
            NS_TEST_ASSERT_MSG_EQ(h.SettledShare(), 0.0, ToString(filter) << ": none settled");
            NS_TEST_ASSERT_MSG_EQ(std::isnan(h.SettleQuantile(0.5)), true, "censored: no median");
            const std::string row = GossipCsvRow(c, r);
            // After its leading comma, the tail's fields 2..4: settled_share,
            // settle_time_median, settle_time_p90.
            std::vector<std::string> tail;
            std::stringstream fields(GossipTailCsvColumns(r));
            for (std::string f; std::getline(fields, f, ',');)
            {
                tail.push_back(f);
            }
            NS_TEST_ASSERT_MSG_GT(tail.size(), 5U, "tail columns");
            NS_TEST_ASSERT_MSG_EQ(tail[3] + "," + tail[4] + "," + tail[5],
                                  "0,NA,NA",
                                  ToString(filter) << ": share 0, median and p90 NA");
        }
    }
};

/**
 * After a resource is removed, LBF and ABF stop reporting it within the
 * analytic bound: stale values count up one hop per exchange, so they vanish
 * after at most H (LBF horizon) or d (ABF depth) beacon rounds of at most
 * interval + jitter each.  A failed holder is first forgotten by its
 * neighbours (expiry), then the same count-up happens.  The plain BF, on a
 * graph with cycles (every bidirectional link is one), keeps reporting.
 */
class RemovalTestCase : public TestCase
{
  public:
    RemovalTestCase()
        : TestCase("removed resources and failed nodes fade within the analytic bound")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(2);
        const double round = 1.0 + 0.1; // interval + jitter
        for (FilterKind filter : {FilterKind::LINEAR,
                                  FilterKind::ATTENUATED,
                                  FilterKind::DISTANCE_VECTOR,
                                  FilterKind::BLOOM})
        {
            GossipScenarioConfig c = Roomy(filter, ScenarioTopology::LINE, 10);
            c.SetFamilyOption("b", "4");        // horizon 12 > diameter 9
            c.SetFamilyOption("horizon", "12"); // DV: the same horizon
            c.resources = 1;
            c.simTime = 60;
            c.events = {WorkloadEvent::Parse("20:remove:1")};
            const GossipScenarioResult r = RunGossipScenario(c);
            const auto& m = r.metrics;
            NS_TEST_ASSERT_MSG_EQ(m.stalePairs,
                                  10U,
                                  ToString(filter) << ": every node's pair is stale");
            if (filter == FilterKind::BLOOM)
            {
                NS_TEST_ASSERT_MSG_EQ(m.staleReported,
                                      10U,
                                      "BF: union without decay keeps the removed resource");
                NS_TEST_ASSERT_MSG_EQ(m.purgeTime.has_value(), false, "BF never purges");
                continue;
            }
            const double reach = filter == FilterKind::ATTENUATED ? r.depth : 12;
            NS_TEST_ASSERT_MSG_EQ(m.staleReported,
                                  0U,
                                  ToString(filter) << ": nobody reports it at the end");
            NS_TEST_ASSERT_MSG_EQ(m.purgeTime.has_value(),
                                  true,
                                  ToString(filter) << ": purge time");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(m.purgeTime.value_or(1e9),
                                        reach * round,
                                        ToString(filter)
                                            << ": purged within " << reach << " rounds");
            NS_TEST_ASSERT_MSG_GT(m.purgeTime.value_or(0),
                                  0.0,
                                  ToString(filter) << ": not instantaneous");
        }

        // A failed holder: its resource vanishes once neighbours expire it.
        for (FilterKind filter :
             {FilterKind::LINEAR, FilterKind::ATTENUATED, FilterKind::DISTANCE_VECTOR})
        {
            GossipScenarioConfig c = Roomy(filter, ScenarioTopology::LINE, 10);
            c.SetFamilyOption("b", "4");
            c.SetFamilyOption("horizon", "12");
            c.resources = 1;
            c.simTime = 60;
            // Resource 1 is on a random node; fail every node holding it by
            // failing nodes 0..9 is too much: add it on node 0 and fail node 0.
            c.resources = 0;
            c.events = {WorkloadEvent::Parse("0:add:1:0"), WorkloadEvent::Parse("20:fail:0")};
            const GossipScenarioResult r = RunGossipScenario(c);
            const double reach = filter == FilterKind::ATTENUATED ? r.depth : 12;
            NS_TEST_ASSERT_MSG_EQ(r.metrics.stalePairs, 9U, ToString(filter) << ": 9 live nodes");
            NS_TEST_ASSERT_MSG_EQ(r.metrics.staleReported,
                                  0U,
                                  ToString(filter) << ": resource vanished");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.metrics.purgeTime.value_or(1e9),
                                        c.EffectiveExpiry() + reach * round,
                                        ToString(filter) << ": within expiry + reach rounds");
        }
    }
};

/**
 * The distance vector's horizon on a line of 20: every pair within it is
 * exact, every pair beyond it a miss (an entry past the horizon is dropped,
 * never estimated wrongly), and no probe is reported (exact, no false
 * positive).
 */
class DvHorizonTestCase : public TestCase
{
  public:
    DvHorizonTestCase()
        : TestCase("distance vector: exact within the horizon (line, disk), a miss beyond it, "
                   "no false positive")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(3);
        GossipScenarioConfig c = Roomy(FilterKind::DISTANCE_VECTOR, ScenarioTopology::LINE, 20);
        c.SetFamilyOption("horizon", "8");
        c.resources = 6;
        const GossipScenarioResult r = RunGossipScenario(c);
        const auto& by = r.metrics.byDistance;
        NS_TEST_ASSERT_MSG_GT(by.size(), 10U, "distances beyond the horizon exist");
        for (size_t d = 0; d < by.size(); ++d)
        {
            if (by[d].pairs == 0)
            {
                continue;
            }
            NS_TEST_ASSERT_MSG_EQ(by[d].exact, (d <= 8 ? 1.0 : 0.0), "exact at h = " << d);
            NS_TEST_ASSERT_MSG_EQ(by[d].miss, (d <= 8 ? 0.0 : 1.0), "miss at h = " << d);
        }
        NS_TEST_ASSERT_MSG_GT(r.metrics.probePairs, 0U, "probes checked");
        NS_TEST_ASSERT_MSG_EQ(r.metrics.probeHits, 0U, "no false positive");
        NS_TEST_ASSERT_MSG_EQ(r.reach, 8U, "reach = horizon");

        // A random disk within the horizon: every estimate is the BFS truth.
        GossipScenarioConfig disk = Roomy(FilterKind::DISTANCE_VECTOR, ScenarioTopology::DISK, 60);
        disk.resources = 8;
        const GossipScenarioResult d = RunGossipScenario(disk);
        NS_TEST_ASSERT_MSG_LT(uint64_t{d.diameter},
                              std::get<uint64_t>(disk.FamilyOption("horizon")),
                              "disk within the horizon");
        NS_TEST_ASSERT_MSG_EQ(d.metrics.overall.pairs, 60U * 8, "every pair");
        NS_TEST_ASSERT_MSG_EQ(d.metrics.overall.exact, 1.0, "disk: every estimate exact");
    }
};

/**
 * Faults under 20 % frame loss: a removed resource and the resource of a
 * crashed node fade out of every live node's LBF and ABF; the plain BF keeps
 * both.  The loss-free bound no longer holds (lost exchanges stall the
 * count-up), but recovery completes.
 */
class FaultsUnderLossTestCase : public TestCase
{
  public:
    FaultsUnderLossTestCase()
        : TestCase("with 20 % frame loss, LBF and ABF forget a removed resource and a crashed "
                   "holder; BF does not")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(3);
        for (FilterKind filter : {FilterKind::LINEAR, FilterKind::ATTENUATED, FilterKind::BLOOM})
        {
            GossipScenarioConfig c = Roomy(filter, ScenarioTopology::GRID, 36);
            c.SetFamilyOption("b", "5"); // horizon 18 > diameter 10
            c.frameLoss = 0.2;
            c.resources = 0;
            c.simTime = 120;
            c.events = {WorkloadEvent::Parse("0:add:1:0"),
                        WorkloadEvent::Parse("0:add:2:35"),
                        WorkloadEvent::Parse("0:add:3:14"),
                        WorkloadEvent::Parse("30:remove:1"),
                        WorkloadEvent::Parse("30:fail:35")};
            const GossipScenarioResult r = RunGossipScenario(c);
            const auto& m = r.metrics;
            NS_TEST_ASSERT_MSG_EQ(m.stalePairs,
                                  70U,
                                  ToString(filter) << ": 2 gone resources x 35 nodes");
            NS_TEST_ASSERT_MSG_EQ(m.overall.pairs,
                                  35U,
                                  ToString(filter) << ": resource 3 everywhere");
            NS_TEST_ASSERT_MSG_EQ(m.overall.membership,
                                  1.0,
                                  ToString(filter) << ": resource 3 known");
            if (filter == FilterKind::BLOOM)
            {
                NS_TEST_ASSERT_MSG_EQ(m.staleReported, 70U, "BF keeps both gone resources");
                continue;
            }
            NS_TEST_ASSERT_MSG_EQ(m.staleReported,
                                  0U,
                                  ToString(filter) << ": both gone resources forgotten");
            NS_TEST_ASSERT_MSG_EQ(m.purgeTime.has_value(),
                                  true,
                                  ToString(filter) << ": purge time");
            NS_TEST_ASSERT_MSG_EQ(m.overall.exact, 1.0, ToString(filter) << ": resource 3 exact");
            NS_TEST_ASSERT_MSG_GT(m.phyFrames, 0U, "traffic");
        }
    }
};

class ReproducibilityTestCase : public TestCase
{
  public:
    ReproducibilityTestCase()
        : TestCase("same seed gives the same CSV row; another RngRun another random topology")
    {
    }

  private:
    void DoRun() override
    {
        GossipScenarioConfig c = Roomy(FilterKind::LINEAR, ScenarioTopology::DISK, 30);
        c.meanDegree = 6;
        c.radio.range = 20;
        c.simTime = 20;
        RngSeedManager::SetSeed(7);
        RngSeedManager::SetRun(1);
        const std::string first = GossipCsvRow(c, RunGossipScenario(c));
        RngSeedManager::SetRun(1);
        const std::string second = GossipCsvRow(c, RunGossipScenario(c));
        NS_TEST_ASSERT_MSG_EQ(first, second, "same seed and run, same row");

        RngSeedManager::SetRun(1);
        const WsnTopology a = BuildTopology(c);
        RngSeedManager::SetRun(2);
        const WsnTopology b = BuildTopology(c);
        NS_TEST_ASSERT_MSG_EQ((a.GetPositions() == b.GetPositions()), false, "RngRun 2 differs");
        RngSeedManager::SetRun(1);
        const WsnTopology a2 = BuildTopology(c);
        NS_TEST_ASSERT_MSG_EQ((a.GetPositions() == a2.GetPositions()), true, "RngRun 1 repeats");
    }
};

/// Equal message budget: every filter's payload fits the budget.
class BudgetTestCase : public TestCase
{
  public:
    BudgetTestCase()
        : TestCase(
              "equal budget: each filter carries at most N bytes; too small a budget is refused")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetRun(1);
        for (FilterKind filter : {FilterKind::BLOOM,
                                  FilterKind::LINEAR,
                                  FilterKind::ATTENUATED,
                                  FilterKind::SCOPE_DECAY,
                                  FilterKind::DISTANCE_VECTOR})
        {
            GossipScenarioConfig c = Roomy(filter, ScenarioTopology::GRID, 25);
            c.budgetBytes = 92;
            c.SetFamilyOption("b", "5");
            c.simTime = filter == FilterKind::DISTANCE_VECTOR ? 20 : 2;
            // DV: 200 resources do not fit 92 bytes; the nearest do.
            c.resources = filter == FilterKind::DISTANCE_VECTOR ? 200 : c.resources;
            const GossipScenarioResult r = RunGossipScenario(c);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.metrics.payloadBytes, 92U, ToString(filter) << " fits");
            NS_TEST_ASSERT_MSG_GT(r.metrics.payloadBytes,
                                  92U - r.depth - (filter == FilterKind::DISTANCE_VECTOR ? 2 : 0),
                                  ToString(filter) << " uses it");
            NS_TEST_ASSERT_MSG_EQ(r.metrics.framesPerBeacon, 1U, ToString(filter) << ": one frame");
        }
        GossipScenarioConfig c = Roomy(FilterKind::ATTENUATED, ScenarioTopology::LINE, 30);
        c.budgetBytes = 20; // 30 levels cannot get a byte each
        bool threw = false;
        try
        {
            RunGossipScenario(c);
        }
        catch (const std::invalid_argument& e)
        {
            threw = std::string(e.what()).find("--budget-bytes") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "a budget below one byte per level is refused");
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes(), 0U, "a refused run leaves no node behind");
    }
};

/**
 * runs.csv reports what is sent: payload_bytes is the raw filter, coded_bytes
 * the bytes after the segment headers as coded.  Equal with --codec none;
 * with entropy, a sparse BF or LBF (3 resources) codes well below its raw
 * size, in no more frames.
 */
class CodedBytesTestCase : public TestCase
{
  public:
    CodedBytesTestCase()
        : TestCase("coded_bytes: the raw payload with codec none, below it with entropy")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        for (FilterKind filter : {FilterKind::BLOOM, FilterKind::LINEAR})
        {
            GossipScenarioConfig c = Roomy(filter, ScenarioTopology::GRID, 25);
            c.simTime = 10;
            const GossipScenarioResult none = RunGossipScenario(c);
            const double raw = RunsColumn(c, none, "payload_bytes");
            NS_TEST_ASSERT_MSG_EQ(raw, 256.0, "BF 2048 bits, LBF 256 cells of 8 bits");
            NS_TEST_ASSERT_MSG_EQ(RunsColumn(c, none, "coded_bytes"),
                                  raw,
                                  ToString(filter) << ": none");
            c.codec = bloom::Codec::ENTROPY;
            const GossipScenarioResult coded = RunGossipScenario(c);
            NS_TEST_ASSERT_MSG_EQ(RunsColumn(c, coded, "payload_bytes"), raw, "payload stays raw");
            NS_TEST_ASSERT_MSG_LT(RunsColumn(c, coded, "coded_bytes"),
                                  raw / 2,
                                  ToString(filter) << ": 3 resources code to under half");
            NS_TEST_ASSERT_MSG_GT(RunsColumn(c, coded, "coded_bytes"), 0.0, "something is sent");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(RunsColumn(c, coded, "frames_per_beacon"),
                                        RunsColumn(c, none, "frames_per_beacon"),
                                        ToString(filter) << ": no more frames");
        }
    }
};

/**
 * A budget on what is sent (--budget-bytes with --codec entropy): the shape
 * grows past the raw budget's until the expected converged advertisement,
 * coded, fills the budget, and what the nodes send (coded_bytes) fits it.
 */
class CodedBudgetTestCase : public TestCase
{
  public:
    CodedBudgetTestCase()
        : TestCase("coded budget: a larger filter whose coded advertisement fits the bytes")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        for (FilterKind filter : {FilterKind::BLOOM,
                                  FilterKind::LINEAR,
                                  FilterKind::ATTENUATED,
                                  FilterKind::SCOPE_DECAY})
        {
            GossipScenarioConfig c = CodedBudgetGrid(filter);
            c.simTime = 15;
            c.codec = bloom::Codec::NONE;
            const GossipScenarioResult raw = RunGossipScenario(c);
            c.codec = bloom::Codec::ENTROPY;
            const GossipScenarioResult coded = RunGossipScenario(c);
            NS_TEST_ASSERT_MSG_GT(coded.slots, 2 * raw.slots, ToString(filter) << ": m grows");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(coded.metrics.codedBytes,
                                        92.0,
                                        ToString(filter) << ": what is sent fits");
            NS_TEST_ASSERT_MSG_GT(coded.metrics.codedBytes,
                                  0.75 * 92,
                                  ToString(filter) << ": and uses the budget");
            NS_TEST_ASSERT_MSG_GT(coded.metrics.payloadBytes,
                                  2 * raw.metrics.payloadBytes,
                                  ToString(filter) << ": the raw filter is larger");
        }
    }
};

/**
 * A budget on what is sent chooses k as well as m: for a family with a fill
 * model (FilterPolicy::FillFpr), the k of the lowest expected FPR over the
 * search's line, each k with its largest fitting m; a --k given is kept.
 * At 92 bytes and R = 16 the LBF's best k is not the option's 4, and its
 * expected FPR is lower than that of k = 4; the runs.csv `k` column shows
 * the k the run used.
 */
class CodedBudgetHashesTestCase : public TestCase
{
  public:
    CodedBudgetHashesTestCase()
        : TestCase("coded budget: k chosen by the expected FPR unless --k is given")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        GossipScenarioConfig c = CodedBudgetGrid(FilterKind::LINEAR);
        c.simTime = 15;
        c.hashesGiven = true; // --k 4 given: kept
        const GossipScenarioResult kept = CheckGossipScenario(c);
        NS_TEST_ASSERT_MSG_EQ(kept.hashes, 4U, "a given k is kept");
        NS_TEST_ASSERT_MSG_EQ(kept.budgetFpr.has_value(), true, "the LBF has a fill model");
        c.hashesGiven = false;
        const GossipScenarioResult chosen = CheckGossipScenario(c);
        NS_TEST_ASSERT_MSG_NE(chosen.hashes, 4U, "the budget chooses another k");
        NS_TEST_ASSERT_MSG_LT(*chosen.budgetFpr,
                              *kept.budgetFpr,
                              "whose expected FPR is lower than the option's k");
        NS_TEST_ASSERT_MSG_NE(chosen.slots, kept.slots, "and m is that k's");
        // Every k from 1 to 8 was weighed: none has a lower expected FPR.
        for (uint32_t k = 1; k <= 8; ++k)
        {
            c.hashes = k;
            c.hashesGiven = true;
            const GossipScenarioResult one = CheckGossipScenario(c);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(*one.budgetFpr, *chosen.budgetFpr, "k = " << k);
        }
        // The run uses it, and says so.
        c.hashes = 4;
        c.hashesGiven = false;
        const GossipScenarioResult run = RunGossipScenario(c);
        NS_TEST_ASSERT_MSG_EQ(run.hashes, chosen.hashes, "the run's k");
        NS_TEST_ASSERT_MSG_EQ(run.slots, chosen.slots, "the run's m");
        NS_TEST_ASSERT_MSG_EQ(RunsColumn(c, run, "k"),
                              static_cast<double>(chosen.hashes),
                              "runs.csv k");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(run.metrics.codedBytes, 92.0, "what is sent fits");
        // A family without a fill model keeps the option's k (SDBF).
        GossipScenarioConfig sdbf = c;
        sdbf.filter = FilterKind::SCOPE_DECAY;
        const GossipScenarioResult own = CheckGossipScenario(sdbf);
        NS_TEST_ASSERT_MSG_EQ(own.hashes, 4U, "SDBF: the option's k");
        NS_TEST_ASSERT_MSG_EQ(own.budgetFpr.has_value(), false, "SDBF: no fill model");
        // Without a codec nothing is searched.
        c.codec = bloom::Codec::NONE;
        const GossipScenarioResult raw = CheckGossipScenario(c);
        NS_TEST_ASSERT_MSG_EQ(raw.hashes, 4U, "no codec: the option's k");
        NS_TEST_ASSERT_MSG_EQ(raw.budgetFpr.has_value(), false, "no codec: no search");
    }
};

/**
 * The budget search with a codec plans on applications of its own (the
 * SDBF's line has its random keep mask): their streams are fixed, so the
 * m an SDBF run chooses, and its runs.csv row, do not depend on what ran
 * before it in the process (another family's search, more random
 * variables).
 */
class CodedBudgetStreamsTestCase : public TestCase
{
  public:
    CodedBudgetStreamsTestCase()
        : TestCase("coded budget: the SDBF's m does not depend on what ran before it")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        GossipScenarioConfig c = CodedBudgetGrid(FilterKind::SCOPE_DECAY);
        c.simTime = 5;
        const GossipScenarioResult alone = RunGossipScenario(c);
        // Another family's search first, and random variables of its own.
        CheckGossipScenario(CodedBudgetGrid(FilterKind::LINEAR));
        for (int i = 0; i < 5; ++i)
        {
            CreateObject<UniformRandomVariable>()->GetValue();
        }
        const GossipScenarioResult after = RunGossipScenario(c);
        NS_TEST_ASSERT_MSG_EQ(after.slots, alone.slots, "the same m");
        NS_TEST_ASSERT_MSG_EQ(GossipCsvRow(c, after), GossipCsvRow(c, alone), "the same row");
    }
};

class GossipSystemTestSuite : public TestSuite
{
  public:
    GossipSystemTestSuite()
        : TestSuite("bloom-gossip-system", bloom::test::kSystem)
    {
        AddTestCase(new ConvergenceTestCase(ScenarioTopology::LINE, 20, 19), bloom::test::kQuick);
        AddTestCase(new ConvergenceTestCase(ScenarioTopology::GRID, 36, 10), bloom::test::kQuick);
        AddTestCase(new SettleTimeTestCase, bloom::test::kQuick);
        AddTestCase(new RemovalTestCase, bloom::test::kQuick);
        AddTestCase(new DvHorizonTestCase, bloom::test::kQuick);
        AddTestCase(new FaultsUnderLossTestCase, bloom::test::kQuick);
        AddTestCase(new ReproducibilityTestCase, bloom::test::kQuick);
        AddTestCase(new BudgetTestCase, bloom::test::kQuick);
        AddTestCase(new CodedBytesTestCase, bloom::test::kQuick);
        AddTestCase(new CodedBudgetTestCase, bloom::test::kQuick);
        AddTestCase(new CodedBudgetHashesTestCase, bloom::test::kQuick);
        AddTestCase(new CodedBudgetStreamsTestCase, bloom::test::kQuick);
    }
};

GossipSystemTestSuite g_gossipSystemTestSuite;

} // namespace
