/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Whole runs through RunGossipScenario that check the module end to end:
 * transports and timers converge, gradient queries take shortest paths,
 * absent keys end, and the grid channel equals ns-3's stock channel.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/dynamics-tables.h"
#include "ns3/filter-family.h"
#include "ns3/gossip-scenario.h"
#include "ns3/query-strategy.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-cli.h"
#include "ns3/scenario-sweep.h"
#include "ns3/scenario-tables.h"
#include "ns3/test.h"
#include "ns3/user-text.h"

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

GossipScenarioConfig
Line(FilterKind filter, uint32_t nodes)
{
    GossipScenarioConfig c;
    c.filter = filter;
    c.topology = ScenarioTopology::LINE;
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
        : TestCase("udp6 over 6LoWPAN (refused when not built), Trickle and tiny frames all "
                   "converge to the truth")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        for (FilterKind filter : {FilterKind::LINEAR, FilterKind::ATTENUATED})
        {
            GossipScenarioConfig udp = Line(filter, 8);
            udp.transport = BloomGossipApplication::UDP6;
            if (Udp6TransportBuilt())
            {
                const GossipScenarioResult u = RunGossipScenario(udp);
                NS_TEST_ASSERT_MSG_EQ(u.metrics.overall.exact,
                                      1.0,
                                      ToString(filter) << " over udp6");
                // A 256-byte datagram travels as several 802.15.4 fragments.
                NS_TEST_ASSERT_MSG_GT(u.metrics.phyFrames, 2 * u.metrics.gossipFrames, "fragments");
            }
            else
            {
                // Built without ns-3's internet and sixlowpan: refused, naming the option.
                std::string error;
                try
                {
                    udp.Validate();
                }
                catch (const std::invalid_argument& e)
                {
                    error = e.what();
                }
                NS_TEST_ASSERT_MSG_EQ(error.rfind("--transport: udp6 needs", 0),
                                      0U,
                                      "udp6 refused: " << error);
            }

            GossipScenarioConfig tiny = Line(filter, 8);
            tiny.frameBytes = 40; // 18 payload bytes per segment
            const GossipScenarioResult t = RunGossipScenario(tiny);
            NS_TEST_ASSERT_MSG_GT(t.metrics.framesPerBeacon,
                                  10U,
                                  ToString(filter) << " many segments");
            NS_TEST_ASSERT_MSG_EQ(t.metrics.overall.exact,
                                  1.0,
                                  ToString(filter) << " with tiny frames");

            GossipScenarioConfig periodic = Line(filter, 10);
            periodic.simTime = 120;
            GossipScenarioConfig trickle = periodic;
            trickle.timer = BloomGossipApplication::TRICKLE;
            const GossipScenarioResult p = RunGossipScenario(periodic);
            const GossipScenarioResult tr = RunGossipScenario(trickle);
            NS_TEST_ASSERT_MSG_EQ(tr.metrics.overall.exact,
                                  1.0,
                                  ToString(filter) << " with Trickle");
            NS_TEST_ASSERT_MSG_LT(tr.metrics.advertisements * 3,
                                  p.metrics.advertisements,
                                  ToString(filter) << ": Trickle sends far fewer advertisements");
        }
    }
};

/// Roomy filters on a line, converged before the queries.
GossipScenarioConfig
RoomyLine(FilterKind filter, uint32_t nodes)
{
    GossipScenarioConfig c;
    c.filter = filter;
    c.topology = ScenarioTopology::LINE;
    c.nodes = nodes;
    c.slots = filter == FilterKind::BLOOM ? 2048 : 256;
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

/**
 * The per-query frame kinds on a converged line: every frame is a search, a
 * cancel or an answer; a blind flood has no cancel; bcir, bcir-star and abc
 * answered queries cancel (at least the holder), answer along a path of
 * their success hops (MAC retries may add frames), and the success hops of
 * a line are its true distance.
 */
class QueryFrameKindsTestCase : public TestCase
{
  public:
    QueryFrameKindsTestCase()
        : TestCase("per-query frames split into search, cancel and answer; hops of the answered "
                   "search copy")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(6);
        GossipScenarioConfig c = RoomyLine(FilterKind::LINEAR, 10);
        c.queries = 6;
        c.queryStrategy = ParseQueryStrategySelection("blind-flood,bcir,bcir-star,abc");
        const GossipScenarioResult r = RunGossipScenario(c);
        NS_TEST_ASSERT_MSG_EQ(r.queries.size(), 24U, "every query issued");
        std::map<std::string, uint32_t> answered;
        for (const QueryRecord& q : r.queries)
        {
            const std::string name = ToString(q.strategy);
            NS_TEST_ASSERT_MSG_EQ(q.frames,
                                  q.searchFrames + q.cancelFrames + q.answerFrames,
                                  name << ": query " << q.index << " frames by kind");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(q.searchFrames, 1U, name << ": the origin searches");
            if (name == "blind-flood")
            {
                NS_TEST_ASSERT_MSG_EQ(q.cancelFrames, 0U, "a flood has no cancel");
            }
            if (!q.success)
            {
                continue;
            }
            ++answered[name];
            NS_TEST_ASSERT_MSG_EQ(q.successHops, q.trueHops, name << ": a line has one path");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(q.answerFrames,
                                        uint64_t{q.successHops},
                                        name << ": the answer, hop by hop");
            if (name != "blind-flood")
            {
                NS_TEST_ASSERT_MSG_GT_OR_EQ(q.cancelFrames,
                                            uint64_t{q.successHops},
                                            name << ": the cancel reaches the origin");
            }
        }
        for (const std::string name : {"blind-flood", "bcir", "bcir-star", "abc"})
        {
            NS_TEST_ASSERT_MSG_GT(answered[name], 0U, name << ": some queries answered");
        }
    }
};

/**
 * --learn queries end to end on a line of 10 (LBF m = 32, b = 16: a query
 * frame with the filter fits 802.15.4): no advertisement, every abc query
 * answered at its true distance, and the same queries over converged gossip
 * send the same kinds of frames with fewer bytes (the carried filters: at
 * least 76 bytes per frame).
 */
class LearnFromQueriesTestCase : public TestCase
{
  public:
    LearnFromQueriesTestCase()
        : TestCase("--learn queries: no advertisement, queries answered, carried bytes counted")
    {
    }

  private:
    void DoRun() override
    {
        std::map<bool, GossipScenarioResult> runs;
        for (const bool learn : {false, true})
        {
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(4);
            GossipScenarioConfig c = RoomyLine(FilterKind::LINEAR, 10);
            c.slots = 32;
            c.cellBits = 16;
            c.queries = 6;
            c.queryStrategy = ParseQueryStrategySelection("abc");
            c.learning = learn ? BloomGossipApplication::QUERIES : BloomGossipApplication::GOSSIP;
            runs[learn] = RunGossipScenario(c);
        }
        const GossipScenarioResult& learnt = runs[true];
        const GossipScenarioResult& gossip = runs[false];
        NS_TEST_ASSERT_MSG_EQ(learnt.metrics.advertisements, 0U, "no advertisement");
        NS_TEST_ASSERT_MSG_EQ(learnt.metrics.gossipFrames, 0U, "no gossip frame");
        NS_TEST_ASSERT_MSG_GT(gossip.metrics.advertisements, 0U, "gossip advertises");
        NS_TEST_ASSERT_MSG_EQ(learnt.queries.size(), 6U, "every query issued");
        for (size_t i = 0; i < learnt.queries.size(); ++i)
        {
            const QueryRecord& q = learnt.queries[i];
            NS_TEST_ASSERT_MSG_EQ(q.success, true, "query " << i << " answered");
            NS_TEST_ASSERT_MSG_EQ(q.successHops, q.trueHops, "query " << i << ": a line");
            NS_TEST_ASSERT_MSG_EQ(q.trueHops, gossip.queries[i].trueHops, "the same queries");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(q.airBytes,
                                        q.frames * (21 + 76),
                                        "query " << i << ": every frame carries the filter");
            NS_TEST_ASSERT_MSG_LT(gossip.queries[i].airBytes,
                                  gossip.queries[i].frames * 60,
                                  "query " << i << " over gossip: short frames");
        }
    }
};

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
        for (FilterKind filter : {FilterKind::LINEAR, FilterKind::ATTENUATED})
        {
            GossipScenarioConfig c = RoomyLine(filter, 14);
            c.queryStrategy = QueryStrategySelection::Of({QueryStrategy::GRADIENT});
            const GossipScenarioResult r = RunGossipScenario(c);
            NS_TEST_ASSERT_MSG_EQ(r.queries.size(),
                                  c.queries,
                                  ToString(filter) << ": every query issued");
            NS_TEST_ASSERT_MSG_EQ(r.metrics.malformed,
                                  0U,
                                  ToString(filter) << ": no malformed frame");
            std::set<uint32_t> distances;
            for (const QueryRecord& q : r.queries)
            {
                NS_TEST_ASSERT_MSG_EQ(q.absent, false, "present key");
                NS_TEST_ASSERT_MSG_GT(q.trueHops, 0U, "origin is not a holder");
                NS_TEST_ASSERT_MSG_EQ(q.delivered, true, ToString(filter) << ": query " << q.index);
                NS_TEST_ASSERT_MSG_EQ(q.hopsTaken,
                                      q.trueHops,
                                      ToString(filter)
                                          << ": query " << q.index << " shortest path");
                NS_TEST_ASSERT_MSG_EQ(q.success, true, ToString(filter) << ": reply at the origin");
                NS_TEST_ASSERT_MSG_EQ(ToString(q.outcome),
                                      "found",
                                      ToString(filter) << ": outcome");
                NS_TEST_ASSERT_MSG_GT(q.roundTrip, q.latencyToHolder, "round trip");
                NS_TEST_ASSERT_MSG_GT_OR_EQ(q.frames, 2U * q.trueHops, "a frame per hop, each way");
                distances.insert(q.trueHops);
            }
            NS_TEST_ASSERT_MSG_GT(distances.size(), 3U, ToString(filter) << ": several distances");
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
        for (FilterKind filter : {FilterKind::LINEAR, FilterKind::ATTENUATED, FilterKind::BLOOM})
        {
            GossipScenarioConfig c = RoomyLine(filter, 10);
            c.queryStrategy = QueryStrategySelection::All();
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
                                      ToString(filter)
                                          << " " << ToString(q.strategy) << " outcome");
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
        for (FilterKind filter : {FilterKind::LINEAR, FilterKind::ATTENUATED})
        {
            GossipScenarioConfig c = RoomyLine(filter, 10);
            c.slots = 12;
            c.hashes = 1;
            c.resources = 6;
            c.queryStrategy = QueryStrategySelection::Of({QueryStrategy::GRADIENT});
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
                NS_TEST_ASSERT_MSG_EQ(ended,
                                      true,
                                      ToString(filter) << ": ended as " << ToString(q.outcome));
                walked += ToString(q.outcome) != "no-gradient";
                // At most TTL query transmissions plus a TTL-expired reply
                // back over at most TTL hops (MAC retries aside).
                NS_TEST_ASSERT_MSG_LT_OR_EQ(q.frames, 2U * c.queryTtl + 6, "bounded by the TTL");
            }
            NS_TEST_ASSERT_MSG_GT(walked, 0U, ToString(filter) << ": some false positive walked");
        }
    }
};

/// A small scenario whose area is several cut-offs wide, so that the grid
/// channel really leaves receivers out.
GossipScenarioConfig
Scenario(FilterKind filter, ScenarioTopology topology, WsnRadioConfig::Loss loss, double shadowing)
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
    if (topology == ScenarioTopology::GRID)
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
    EquivalenceTestCase(ScenarioTopology topology, WsnRadioConfig::Loss loss, double shadowing)
        : TestCase("stock and grid channels give byte-identical CSV rows: " + ToString(topology) +
                   ", " + WsnRadioConfig::LossName(loss) +
                   (shadowing > 0 ? " with shadowing" : std::string())),
          m_topology(topology),
          m_loss(loss),
          m_shadowing(shadowing)
    {
    }

  private:
    void DoRun() override
    {
        for (FilterKind filter : {FilterKind::BLOOM, FilterKind::LINEAR, FilterKind::ATTENUATED})
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
            NS_TEST_ASSERT_MSG_EQ(rows[0], rows[1], ToString(filter) << ": per-run row");
            NS_TEST_ASSERT_MSG_EQ((distanceRows[0] == distanceRows[1]),
                                  true,
                                  ToString(filter) << ": per-distance rows");
        }
    }

    ScenarioTopology m_topology;
    WsnRadioConfig::Loss m_loss;
    double m_shadowing;
};

/// The message of the exception f() throws: std::invalid_argument, or the
/// programs' cli::UsageError ("" if none).
template <typename F>
std::string
Refusal(F f)
{
    try
    {
        f();
    }
    catch (const std::exception& e)
    {
        return e.what();
    }
    return "";
}

class IntegerListTestCase : public TestCase
{
  public:
    IntegerListTestCase()
        : TestCase("integer lists: v, a:b, a:b:step and comma lists in the order given; "
                   "malformed input rejected naming the option")
    {
    }

  private:
    void DoRun() override
    {
        using Values = std::vector<uint64_t>;
        const auto list = [](const std::string& text, uint64_t lo, uint64_t hi) {
            return cli::ParseUnsignedList("--x", text, lo, hi);
        };
        Values all;
        for (uint64_t v = 1; v <= 16; ++v)
        {
            all.push_back(v);
        }
        NS_TEST_ASSERT_MSG_EQ((list("1:16", 1, 16) == all), true, "1:16");
        NS_TEST_ASSERT_MSG_EQ((list("30:70:10", 1, 100) == Values{30, 40, 50, 60, 70}),
                              true,
                              "30:70:10");
        NS_TEST_ASSERT_MSG_EQ((list("2:16:5", 1, 16) == Values{2, 7, 12}),
                              true,
                              "the end need not be on the step");
        NS_TEST_ASSERT_MSG_EQ((list("8,2,4:5,4", 1, 16) == Values{8, 2, 4, 5, 4}),
                              true,
                              "the order given, repeats kept");
        NS_TEST_ASSERT_MSG_EQ((list("5:5", 1, 32) == Values{5}), true, "5:5");
        NS_TEST_ASSERT_MSG_EQ((list("18446744073709551615", 0, UINT64_MAX) == Values{UINT64_MAX}),
                              true,
                              "the largest value, no wrap");
        for (const char* bad : {"3:1",
                                "a:b",
                                "",
                                "1:",
                                ":3",
                                "1:16:0",
                                "1::2",
                                "1:2:3:4",
                                "0:3",
                                "17",
                                "-1",
                                " 1",
                                "1,,2",
                                "1,",
                                "2:x",
                                "1.5",
                                "99999999999999999999",
                                "0x10"})
        {
            const std::string why = Refusal([&] { list(bad, 1, 16); });
            NS_TEST_ASSERT_MSG_EQ(
                (why.rfind("--x: ", 0) == 0 && why.find("1..16") != std::string::npos &&
                 why.find('\n') == std::string::npos),
                true,
                "'" << bad << "' refused naming the option and the range: " << why);
        }
        NS_TEST_ASSERT_MSG_EQ((Refusal([&] { list("1:1000001", 1, 2000000); }).find("more than") !=
                               std::string::npos),
                              true,
                              "a list of more than a million values is refused");
    }
};

class ConfigNamesTestCase : public TestCase
{
  public:
    ConfigNamesTestCase()
        : TestCase("configuration choices: ToString and Parse are inverses; query strategy "
                   "lists keep their words and resolve per filter family")
    {
    }

  private:
    void DoRun() override
    {
        for (auto t : {ScenarioTopology::LINE,
                       ScenarioTopology::GRID,
                       ScenarioTopology::DISK,
                       ScenarioTopology::FILE,
                       ScenarioTopology::BCUN})
        {
            NS_TEST_ASSERT_MSG_EQ((ParseScenarioTopology(ToString(t)) == t), true, ToString(t));
        }
        NS_TEST_ASSERT_MSG_EQ(Refusal([] { ParseScenarioTopology("ring"); }),
                              "'ring' is not one of line, grid, disk, file, bcun",
                              "unknown topology");
        for (auto k : {FilterKind::BLOOM,
                       FilterKind::LINEAR,
                       FilterKind::ATTENUATED,
                       FilterKind::SCOPE_DECAY})
        {
            NS_TEST_ASSERT_MSG_EQ((ParseFilterKind(ToString(k)) == k), true, ToString(k));
        }
        NS_TEST_ASSERT_MSG_EQ(Refusal([] { ParseFilterKind("cbf"); }),
                              "'cbf' is not one of bf, lbf, abf, sdbf, dv",
                              "unknown filter");
        NS_TEST_ASSERT_MSG_EQ(Refusal([] { ParseFilterKind("l\nbf\x1b"); }),
                              "'l\\x0abf\\x1b' is not one of bf, lbf, abf, sdbf, dv",
                              "control characters quoted: one line");
        NS_TEST_ASSERT_MSG_EQ(
            (SplitList("a,,b:c,") == std::vector<std::string>{"a", "", "b:c", ""}),
            true,
            "SplitList keeps empty items");
        NS_TEST_ASSERT_MSG_EQ(SplitList("").empty(), true, "SplitList of nothing");

        using Strategies = std::vector<QueryStrategy>;
        const auto flood = QueryStrategy::FLOOD;
        const auto gradient = QueryStrategy::GRADIENT;
        const auto ring = QueryStrategy::RING;
        const auto blind = QueryStrategy::BLIND_FLOOD;
        NS_TEST_ASSERT_MSG_EQ(ToString(QueryStrategySelection()), "auto", "default");
        const QueryStrategySelection mixed = ParseQueryStrategySelection("flood,auto,ring");
        NS_TEST_ASSERT_MSG_EQ(ToString(mixed), "flood,auto,ring", "words kept");
        // Issue 37: a word twice, or beside all, would be dropped: refused.
        for (const char* twice : {"flood,auto,ring,flood", "abc,abc", "all,abc", "all,all"})
        {
            bool refused = false;
            try
            {
                ParseQueryStrategySelection(twice);
            }
            catch (const std::invalid_argument&)
            {
                refused = true;
            }
            NS_TEST_ASSERT_MSG_EQ(refused, true, twice);
        }
        NS_TEST_ASSERT_MSG_EQ(
            (mixed.Resolve(FilterKind::LINEAR) == Strategies{flood, gradient, ring}),
            true,
            "lbf: in order, each once");
        NS_TEST_ASSERT_MSG_EQ((mixed.Resolve(FilterKind::BLOOM) == Strategies{flood, ring, blind}),
                              true,
                              "bf: auto gives flood, ring, blind-flood");
        NS_TEST_ASSERT_MSG_EQ((ParseQueryStrategySelection("all").Resolve(FilterKind::BLOOM) ==
                               Strategies{flood, ring, blind}),
                              true,
                              "bf: all but gradient");
        NS_TEST_ASSERT_MSG_EQ((QueryStrategySelection::All().Resolve(FilterKind::ATTENUATED) ==
                               Strategies{gradient, flood, ring, blind}),
                              true,
                              "abf: all");
        NS_TEST_ASSERT_MSG_EQ(
            (QueryStrategySelection().Resolve(FilterKind::SCOPE_DECAY) == Strategies{gradient}),
            true,
            "sdbf: auto is the gradient");
        NS_TEST_ASSERT_MSG_EQ(
            QueryStrategySelection::Of({gradient}).Resolve(FilterKind::BLOOM).empty(),
            true,
            "bf: no gradient");
        NS_TEST_ASSERT_MSG_EQ(ToString(QueryStrategySelection::Of({blind, gradient})),
                              "blind-flood,gradient",
                              "Of");
        NS_TEST_ASSERT_MSG_EQ(Refusal([] { ParseQueryStrategySelection(""); }),
                              "empty; give gradient, flood, ring, blind-flood (comma-separated), "
                              "auto or all",
                              "empty list");
        NS_TEST_ASSERT_MSG_EQ(Refusal([] { ParseQueryStrategySelection("gradient,"); }),
                              "empty item in 'gradient,'",
                              "empty item");
        NS_TEST_ASSERT_MSG_EQ(Refusal([] { ParseQueryStrategySelection("auto,teleport"); }),
                              Refusal([] { ParseQueryStrategy("teleport"); }),
                              "unknown strategy");
        GossipScenarioConfig c;
        c.queryStrategy.words.clear();
        NS_TEST_ASSERT_MSG_EQ(Refusal([&c] { c.Validate(); }),
                              "--query-strategy: empty; give gradient, flood, ring, blind-flood "
                              "(comma-separated), auto or all",
                              "Validate refuses an empty selection");
    }
};

} // namespace

/**
 * \ingroup bloom-gossip-scenario-tests
 * End-to-end runs of the module through the scenario runner.
 */
/**
 * The per-run table's columns are declared once (name and value together):
 * the names GossipCsvColumnNames gives are the header's, each row has one
 * value per name, energy and sampling add their columns before the tail, and
 * the family-specific `b` and `a` come from the filter family's descriptor.
 */
class TableColumnsTestCase : public TestCase
{
  public:
    TableColumnsTestCase()
        : TestCase("CSV tables: runs.csv column names match header and rows; b and a per family")
    {
    }

  private:
    static std::vector<std::string> Split(const std::string& text)
    {
        std::vector<std::string> out;
        size_t start = 0;
        while (true)
        {
            const size_t comma = text.find(',', start);
            out.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
            if (comma == std::string::npos)
            {
                return out;
            }
            start = comma + 1;
        }
    }

    /// The value of column `name` in the first runs.csv row of (c, r).
    static std::string Value(const GossipScenarioConfig& c,
                             const GossipScenarioResult& r,
                             const std::string& name)
    {
        const auto names = GossipCsvColumnNames(c);
        const auto values = Split(GossipRunsCsvRows(c, r).front());
        for (size_t i = 0; i < names.size() && i < values.size(); ++i)
        {
            if (names[i] == name)
            {
                return values[i];
            }
        }
        return "(no column " + name + ")";
    }

    void DoRun() override
    {
        GossipScenarioConfig c;
        GossipScenarioResult r;
        r.reach = 3;
        const auto names = GossipCsvColumnNames(c);
        NS_TEST_ASSERT_MSG_EQ((names == Split(GossipRunsCsvHeader(c))), true, "names = header");
        NS_TEST_ASSERT_MSG_EQ(names.size(), 62U, "runs.csv columns without energy or sampling");
        NS_TEST_ASSERT_MSG_EQ(names.front(), "filter", "first column");
        NS_TEST_ASSERT_MSG_EQ(names[10] + names[11], "ba", "b and a after m and k");
        NS_TEST_ASSERT_MSG_EQ(names.back(), "exact_ideal", "the tail ends every row");
        NS_TEST_ASSERT_MSG_EQ(std::set<std::string>(names.begin(), names.end()).size(),
                              names.size(),
                              "no name twice");
        NS_TEST_ASSERT_MSG_EQ(Split(GossipRunsCsvRows(c, r).front()).size(),
                              names.size(),
                              "one value per column");

        GossipScenarioConfig e = c;
        e.energy = true;
        e.dynamics.sampleInterval = 1;
        r.energy = EnergyRunMetrics();
        const auto more = GossipCsvColumnNames(e);
        NS_TEST_ASSERT_MSG_EQ(more.size(),
                              names.size() + 19 + Split(DynamicsCsvHeaderSuffix()).size() - 1,
                              "energy and dynamics columns");
        NS_TEST_ASSERT_MSG_EQ(more[names.size() - 7], "duty_period", "energy after the queries");
        NS_TEST_ASSERT_MSG_EQ(more.back(), "exact_ideal", "the tail still ends every row");
        NS_TEST_ASSERT_MSG_EQ(Split(GossipRunsCsvRows(e, r).front()).size(),
                              more.size(),
                              "one value per column, with energy and sampling");
        r.energy.reset();

        // b and a of real runs: the cell width of a family of cells, and
        // each family's per-hop attenuation (LBF a or sub<delta>, SDBF 1 - p).
        GossipScenarioConfig run = Line(FilterKind::BLOOM, 4);
        run.simTime = 5;
        run.cellBits = 6;
        run.factor = 0.25;
        run.step = 3;
        run.decayProbability = 0.3;
        const std::map<std::string, std::string> attenuation{{"lbf", "0.25 sub3"},
                                                             {"sdbf", "0.7 0.7"}};
        for (const FilterFamily& family : FilterFamilies())
        {
            run.filter = family.kind;
            std::string a[2];
            for (int i = 0; i < 2; ++i)
            {
                run.decay = i == 0 ? LbfGossipApplication::MULTIPLICATIVE
                                   : LbfGossipApplication::SUBTRACTIVE;
                const GossipScenarioResult result = RunGossipScenario(run);
                a[i] = Value(run, result, "a");
                const std::string b = family.cellSlots ? "6" : "NA";
                NS_TEST_ASSERT_MSG_EQ(Value(run, result, "b"), b, family.name << ": b");
            }
            const auto known = attenuation.find(family.name);
            const std::string expected = known == attenuation.end() ? "NA NA" : known->second;
            NS_TEST_ASSERT_MSG_EQ(a[0] + " " + a[1], expected, family.name << ": a");
        }
    }
};

/**
 * The sweep's steps, as any program reuses them: ExpandSweep turns
 * --diameters, --grid and --nodes into the networks (and refuses a bad
 * combination naming the option), SweepTables joins a run's rows under the
 * headers, and RunGossipScenario's hooks run a program's own applications
 * on the runner's network with callbacks around Simulator::Run.
 */
class SweepStepsTestCase : public TestCase
{
  public:
    SweepStepsTestCase()
        : TestCase("sweep steps: networks from --diameters, --grid or --nodes; tables joined, "
                   "runner hooks")
    {
    }

  private:
    /// The options of a sweep where only `option` was given, with `value`.
    static ScenarioSweepOptions Given(ScenarioTopology topology,
                                      const std::string& option,
                                      const std::string& value)
    {
        ScenarioSweepOptions o;
        o.config.topology = topology;
        o.filters = {FilterKind::LINEAR};
        o.given = [option](const std::string& name) { return name == option; };
        (option == "--diameters" ? o.diameters : option == "--grid" ? o.grid : o.nodes) = value;
        return o;
    }

    /// The error ExpandSweep gives for `o` ("" when none).
    static std::string Error(const ScenarioSweepOptions& o)
    {
        try
        {
            ExpandSweep(o);
        }
        catch (const cli::UsageError& e)
        {
            return e.what();
        }
        return "";
    }

    void DoRun() override
    {
        auto points = ExpandSweep(Given(ScenarioTopology::GRID, "--diameters", "2,6"));
        NS_TEST_ASSERT_MSG_EQ(points.size(), 2U, "two grids");
        NS_TEST_ASSERT_MSG_EQ(points[1].gridWidth * 100 + points[1].gridHeight, 404U, "D 6: 4x4");
        NS_TEST_ASSERT_MSG_EQ(points[1].nodes, 16U, "16 nodes");
        points = ExpandSweep(Given(ScenarioTopology::LINE, "--diameters", "5"));
        NS_TEST_ASSERT_MSG_EQ(points.at(0).nodes, 6U, "a line of diameter 5");
        points = ExpandSweep(Given(ScenarioTopology::GRID, "--grid", "5x4"));
        NS_TEST_ASSERT_MSG_EQ(points.at(0).nodes, 20U, "5x4");
        points = ExpandSweep(Given(ScenarioTopology::DISK, "--nodes", "10,30"));
        NS_TEST_ASSERT_MSG_EQ(points.size() * 100 + points.at(1).nodes, 230U, "two disks");
        points = ExpandSweep(Given(ScenarioTopology::LINE, "", ""));
        NS_TEST_ASSERT_MSG_EQ(points.at(0).nodes, 20U, "--nodes defaults to 20");
        NS_TEST_ASSERT_MSG_EQ(Error(Given(ScenarioTopology::GRID, "--diameters", "5"))
                                  .rfind("--diameters: 5: a square grid has an even diameter", 0),
                              0U,
                              "odd grid diameter refused");
        NS_TEST_ASSERT_MSG_EQ(Error(Given(ScenarioTopology::LINE, "--grid", "5x4")),
                              "--grid: needs --topology grid",
                              "--grid on a line refused");
        NS_TEST_ASSERT_MSG_EQ(Error(Given(ScenarioTopology::DISK, "--diameters", "4")),
                              "--diameters: only for --topology line or grid (use --nodes)",
                              "--diameters on a disk refused");

        // One run through the runner with the sweep's tables.
        ScenarioSweepOptions o = Given(ScenarioTopology::LINE, "--nodes", "4");
        o.config.resources = 1;
        o.config.probes = 0;
        o.config.simTime = 10;
        GossipScenarioConfig p = ExpandSweep(o).at(0);
        p.filter = FilterKind::LINEAR;
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        int calls = 0;
        GossipScenarioHooks hooks;
        hooks.beforeRun = [&calls]() { calls += 1; };
        hooks.afterRun = [&calls]() { calls += 10; };
        const GossipScenarioResult r = RunGossipScenario(p, ScenarioRecorders(), hooks);
        NS_TEST_ASSERT_MSG_EQ(calls, 11, "both callbacks, once each");
        SweepTables tables(o);
        tables.Add(p, r);
        const std::vector<std::string> contents = tables.Contents();
        NS_TEST_ASSERT_MSG_EQ(contents.size(), 2U, "runs and by-distance (no queries)");
        NS_TEST_ASSERT_MSG_EQ(contents[0],
                              GossipRunsCsvHeader(p) + "\n" + GossipRunsCsvRows(p, r).front() +
                                  "\n",
                              "runs.csv: header and the one row");
        NS_TEST_ASSERT_MSG_EQ(SweepProgress(1, 1, p, r).rfind("[1/1] lbf line n=4 D=3 ", 0),
                              0U,
                              "progress line");

        // A program's own applications in place of the run's.
        uint32_t nodes = 0;
        hooks.applications = [&nodes](const GossipScenarioStage& stage) {
            nodes = stage.devices.GetN();
        };
        const GossipScenarioResult own = RunGossipScenario(p, ScenarioRecorders(), hooks);
        NS_TEST_ASSERT_MSG_EQ(nodes, 4U, "the hook sees the runner's devices");
        NS_TEST_ASSERT_MSG_EQ(calls, 22, "the callbacks around that run too");
        NS_TEST_ASSERT_MSG_EQ(own.nodes, 4U, "nodes");
        NS_TEST_ASSERT_MSG_EQ(own.metrics.advertisements, 0U, "no gossip of the runner's");
    }
};

class GossipScenarioTestSuite : public TestSuite
{
  public:
    GossipScenarioTestSuite()
        : TestSuite("bloom-gossip-scenario", bloom::test::kSystem)
    {
        AddTestCase(new ConfigNamesTestCase, bloom::test::kQuick);
        AddTestCase(new TableColumnsTestCase, bloom::test::kQuick);
        AddTestCase(new SweepStepsTestCase, bloom::test::kQuick);
        AddTestCase(new IntegerListTestCase, bloom::test::kQuick);
        AddTestCase(new TransportAndTimerTestCase, bloom::test::kQuick);
        AddTestCase(new GradientShortestPathTestCase, bloom::test::kQuick);
        AddTestCase(new QueryFrameKindsTestCase, bloom::test::kQuick);
        AddTestCase(new LearnFromQueriesTestCase, bloom::test::kQuick);
        AddTestCase(new AbsentKeyTestCase, bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase(ScenarioTopology::GRID, WsnRadioConfig::Loss::RANGE, 0),
                    bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase(ScenarioTopology::DISK, WsnRadioConfig::Loss::RANGE, 0),
                    bloom::test::kQuick);
        AddTestCase(
            new EquivalenceTestCase(ScenarioTopology::GRID, WsnRadioConfig::Loss::LOG_DISTANCE, 0),
            bloom::test::kQuick);
        AddTestCase(
            new EquivalenceTestCase(ScenarioTopology::DISK, WsnRadioConfig::Loss::LOG_DISTANCE, 4),
            bloom::test::kQuick);
    }
};

/// The suite's only instance.
static GossipScenarioTestSuite g_gossipScenarioTestSuite;
