/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Mobility tests: the ground truth follows moving nodes and the estimates
 * follow the truth within a stated bound; a mobile run is reproducible; the
 * grid channel delivers to exactly the PHYs in range while nodes move.
 */
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/constant-velocity-mobility-model.h"
#include "ns3/double.h"
#include "ns3/dynamics-tables.h"
#include "ns3/gossip-scenario.h"
#include "ns3/grid-spectrum-channel.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/mac16-address.h"
#include "ns3/netanim-recorder.h"
#include "ns3/packet.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-tables.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

using namespace ns3;
using bloom::FilterKind;

namespace
{

/**
 * \ingroup bloom-gossip-tests
 * A line of 7 nodes 10 m apart (range 12 m), resource 1 on node 3.  Node 0
 * walks away from the line (ns-2 trace): up to (0, 30) from 10 s (5 m/s),
 * across to (70, 30) from 20 s, down to (70, 0) from 30 s, where it is the
 * neighbour of node 6.  Its true distance goes 3 -> unreachable (about
 * 11.3 s) -> 4 (about 34.7 s).  Bound: after a sample sees a link change, a
 * pair made wrong is right again within expiry + (D + 1) x (interval +
 * jitter) + the sampling interval (expired neighbour entries, then one
 * round per hop of the new path, D the diameter of the line), and every
 * estimate is exact at the end.
 */
class WalkAwayTestCase : public TestCase
{
  public:
    explicit WalkAwayTestCase(FilterKind filter)
        : TestCase("a node walking away from a line: the truth changes and " +
                   bloom::ToString(filter) + " estimates follow within the bound"),
          m_filter(filter)
    {
    }

  private:
    void DoRun() override
    {
        const std::string trace = CreateTempDirFilename("walk-away.ns_movements");
        {
            std::ofstream f(trace);
            f << "$ns_ at 10.0 \"$node_(0) setdest 0.0 30.0 5.0\"\n"
              << "$ns_ at 20.0 \"$node_(0) setdest 70.0 30.0 10.0\"\n"
              << "$ns_ at 30.0 \"$node_(0) setdest 70.0 0.0 5.0\"\n";
        }
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        GossipScenarioConfig c;
        c.filter = m_filter;
        c.topology = ScenarioTopology::LINE;
        c.nodes = 7;
        c.spacing = 10;
        c.radio.range = 12;
        c.slots = 256;
        c.resources = 0;
        c.probes = 0;
        c.events = {WorkloadEvent::Parse("0:add:1:3")};
        c.simTime = 60;
        c.dynamics.mobility = ScenarioMobility::NS2;
        c.dynamics.ns2Trace = trace;
        c.dynamics.sampleInterval = 0.5;
        ScenarioRecorders rec;
        rec.map = true;
        rec.mapTime = 25;  // node 0 cut off
        rec.mapEvery = 35; // and the end (60 s)
        const GossipScenarioResult r = RunGossipScenario(c, rec);
        const ScenarioDynamicsResult& d = r.dynamics;
        NS_TEST_ASSERT_MSG_EQ(d.mobileNodes, 7U, "every node has a trace-driven model");

        // The truth moved: node 0's distance at 25 s and at the end.
        auto truthOf0 = [&d](double t) {
            for (const MapNodeRow& m : d.mapNodes)
            {
                if (std::abs(m.time - t) < 1e-9 && m.pair.node == 0)
                {
                    return m.pair;
                }
            }
            return PairState{};
        };
        const PairState cut = truthOf0(25);
        const PairState end = truthOf0(60);
        NS_TEST_ASSERT_MSG_EQ(cut.truth, kUnreachable, "cut off at 25 s");
        NS_TEST_ASSERT_MSG_EQ(end.truth, 4U, "beside node 6 at the end");
        NS_TEST_ASSERT_MSG_EQ(cut.right, true, "estimate gone by 25 s (no stale report)");
        NS_TEST_ASSERT_MSG_EQ(end.right, true, "estimate right at the end");
        uint64_t changes = 0;
        for (const DynamicsSample& s : d.samples)
        {
            changes += s.linkChanges;
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(changes, 2U, "links lost and gained");

        // The estimates follow within the bound.
        const double bound = c.EffectiveExpiry() + (r.diameter + 1) * (c.interval + c.jitter) +
                             c.dynamics.sampleInterval;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(d.repairDelays.size(), 1U, "a pair was broken and repaired");
        for (double delay : d.repairDelays)
        {
            NS_TEST_ASSERT_MSG_LT_OR_EQ(delay, bound, "repaired within the bound");
        }
        NS_TEST_ASSERT_MSG_EQ(d.unrepaired, 0U, "nothing left broken");
        NS_TEST_ASSERT_MSG_EQ_TOL(d.samples.back().truth.exact, 1.0, 1e-12, "exact at the end");
        NS_TEST_ASSERT_MSG_EQ_TOL(d.samples.back().truth.stale, 0.0, 1e-12, "nothing stale");
    }

    FilterKind m_filter;
};

/// Random waypoint on a grid, half the nodes mobile, with queries (recorded
/// by WanderingRecorders).
GossipScenarioConfig
Wandering(ScenarioMobility mobility)
{
    GossipScenarioConfig c;
    c.filter = FilterKind::LINEAR;
    c.topology = ScenarioTopology::GRID;
    c.nodes = 25;
    c.spacing = 10;
    c.radio.range = 12;
    c.resources = 3;
    c.probes = 20;
    c.simTime = 30;
    c.queries = 2;
    c.queryTimeout = 3;
    c.dynamics.mobility = mobility;
    c.dynamics.speed = 3;
    c.dynamics.mobileShare = 0.5;
    c.dynamics.sampleInterval = 1;
    return c;
}

/// What Wandering's runs record: maps at 10, 20 and 30 s, the query paths.
ScenarioRecorders
WanderingRecorders()
{
    ScenarioRecorders rec;
    rec.map = true;
    rec.mapTime = 10;
    rec.mapEvery = 10;
    rec.walks = true;
    return rec;
}

/// The time series as text, for comparisons.
std::string
Series(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    std::string text = DynamicsCsvRowSuffix(c.dynamics, r.dynamics) + "\n";
    for (const auto& rows : {DynamicsSeriesCsvRows("x", r.dynamics),
                             MapCsvRows("x", r.dynamics),
                             WalkCsvRows("x", r.dynamics)})
    {
        for (const auto& row : rows)
        {
            text += row + "\n";
        }
    }
    return text;
}

/**
 * \ingroup bloom-gossip-tests
 * Same seed, same mobile run: identical time series, maps and walks; another
 * run number moves the nodes elsewhere.
 */
class ReproducibleTestCase : public TestCase
{
  public:
    explicit ReproducibleTestCase(ScenarioMobility mobility)
        : TestCase("same seed, same " + ToString(mobility) + " time series"),
          m_mobility(mobility)
    {
    }

  private:
    void DoRun() override
    {
        const GossipScenarioConfig c = Wandering(m_mobility);
        const ScenarioRecorders rec = WanderingRecorders();
        std::string texts[3];
        uint64_t changes = 0;
        for (uint32_t i = 0; i < 3; ++i)
        {
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(i < 2 ? 1 : 2);
            const GossipScenarioResult r = RunGossipScenario(c, rec);
            texts[i] = Series(c, r);
            NS_TEST_ASSERT_MSG_EQ(r.dynamics.mobileNodes, 13U, "half of 25 nodes move");
            NS_TEST_ASSERT_MSG_EQ(r.dynamics.samples.size(), 31U, "a sample a second, 0..30 s");
            NS_TEST_ASSERT_MSG_GT(r.dynamics.walks.size(), 0U, "query paths recorded");
            for (const DynamicsSample& s : r.dynamics.samples)
            {
                changes += s.linkChanges;
            }
        }
        NS_TEST_ASSERT_MSG_GT(changes, 0U, "nodes moved: links changed");
        NS_TEST_ASSERT_MSG_EQ(texts[0], texts[1], "same seed, same series");
        NS_TEST_ASSERT_MSG_NE(texts[0], texts[2], "another run, another series");
    }

    ScenarioMobility m_mobility;
};

/**
 * \ingroup bloom-gossip-tests
 * Maps observe without changing what they observe: a random-waypoint run
 * with a map every 0.05 s from 0 s gives the same per-run, per-distance,
 * per-query, time-series and query-path rows, byte for byte, as the same run
 * without maps (the truth moves at the sampling interval alone); the maps
 * themselves show the links of their instant.
 */
class MapsObserveTestCase : public TestCase
{
  public:
    MapsObserveTestCase()
        : TestCase("maps every 0.05 s leave every other output of a mobile run unchanged")
    {
    }

  private:
    /// Every table of a run but the maps, as text.
    static std::string Tables(const GossipScenarioConfig& c, const GossipScenarioResult& r)
    {
        std::string text;
        for (const auto& rows : {GossipCsvRows(c, r),
                                 GossipDistanceCsvRows(c, r),
                                 GossipQueryCsvRows(c, r),
                                 DynamicsSeriesCsvRows("x", r.dynamics),
                                 WalkCsvRows("x", r.dynamics)})
        {
            for (const auto& row : rows)
            {
                text += row + "\n";
            }
        }
        return text;
    }

    void DoRun() override
    {
        GossipScenarioConfig c = Wandering(ScenarioMobility::RANDOM_WAYPOINT);
        ScenarioRecorders rec = WanderingRecorders();
        rec.map = false;
        rec.mapTime = -1;
        rec.mapEvery = 0;
        std::string texts[2];
        ScenarioDynamicsResult mapped;
        for (uint32_t i = 0; i < 2; ++i)
        {
            if (i == 1)
            {
                rec.map = true;
                rec.mapTime = 0;
                rec.mapEvery = 0.05;
            }
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(1);
            const GossipScenarioResult r = RunGossipScenario(c, rec);
            texts[i] = Tables(c, r);
            NS_TEST_ASSERT_MSG_GT(r.dynamics.repairDelays.size(),
                                  0U,
                                  "links broke, pairs repaired");
            if (i == 1)
            {
                mapped = r.dynamics;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(texts[0], texts[1], "the same run with and without maps");
        // A map every 0.05 s; the links they show change between two samples.
        std::set<double> times;
        std::map<double, std::set<std::pair<uint32_t, uint32_t>>> links;
        for (const MapNodeRow& m : mapped.mapNodes)
        {
            times.insert(m.time);
        }
        for (const MapLinkRow& l : mapped.mapLinks)
        {
            links[l.time].insert({l.a, l.b});
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(times.size(), 600U, "a map every 0.05 s");
        uint32_t between = 0;
        for (auto it = links.begin(); it != links.end() && std::next(it) != links.end(); ++it)
        {
            const double t = std::next(it)->first;
            const bool sampleTime = std::fabs(t - std::round(t)) < 1e-9;
            between += (!sampleTime && it->second != std::next(it)->second) ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(between, 0U, "maps show the links of their instant");
    }
};

/// Each node's positions at the map times (from the map rows).
std::map<uint32_t, std::vector<std::pair<double, double>>>
Positions(const ScenarioDynamicsResult& d)
{
    std::map<uint32_t, std::map<double, std::pair<double, double>>> byTime;
    for (const MapNodeRow& m : d.mapNodes)
    {
        byTime[m.pair.node][m.time] = {m.x, m.y};
    }
    std::map<uint32_t, std::vector<std::pair<double, double>>> positions;
    for (const auto& [node, times] : byTime)
    {
        for (const auto& [time, at] : times)
        {
            positions[node].push_back(at);
        }
    }
    return positions;
}

/**
 * \ingroup bloom-gossip-tests
 * --mobile-nodes holders and sinks: exactly the set moves (its nodes'
 * positions change between the maps at 0, 10, 20 and 30 s, every other
 * node's stay put); with sinks every query is issued from a moving node; a
 * second run with the same seed moves the same nodes the same way.
 */
class MobileSetTestCase : public TestCase
{
  public:
    explicit MobileSetTestCase(ScenarioMobileNodes set)
        : TestCase("--mobile-nodes " + ToString(set) + ": exactly that set moves"),
          m_set(set)
    {
    }

  private:
    void DoRun() override
    {
        GossipScenarioConfig c = Wandering(ScenarioMobility::RANDOM_WAYPOINT);
        ScenarioRecorders rec = WanderingRecorders();
        c.dynamics.mobileNodes = m_set;
        // Holders: every holder moves; sinks: 10 of the 25 nodes.
        c.dynamics.mobileShare = m_set == ScenarioMobileNodes::HOLDERS ? 1.0 : 0.4;
        rec.mapTime = 0;
        c.queries = 6;
        c.queryInterval = 1;
        std::string texts[2];
        for (uint32_t i = 0; i < 2; ++i)
        {
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(1);
            const GossipScenarioResult r = RunGossipScenario(c, rec);
            const ScenarioDynamicsResult& d = r.dynamics;
            texts[i] = Series(c, r);
            const std::set<uint32_t> moving(d.moving.begin(), d.moving.end());
            NS_TEST_ASSERT_MSG_EQ(moving.size(), d.mobileNodes, "one model per moving node");
            std::set<uint32_t> expected;
            if (m_set == ScenarioMobileNodes::HOLDERS)
            {
                for (const MapNodeRow& m : d.mapNodes)
                {
                    if (m.time == 0 && m.pair.holder)
                    {
                        expected.insert(m.pair.node);
                    }
                }
                NS_TEST_ASSERT_MSG_GT(expected.size(), 0U, "resources placed");
                NS_TEST_ASSERT_MSG_LT(expected.size(), r.nodes, "not every node holds one");
                NS_TEST_ASSERT_MSG_EQ((moving == expected), true, "the holders move");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(moving.size(), 10U, "0.4 of 25 nodes are sinks");
                uint32_t origins = 0;
                for (const WalkRow& w : d.walks)
                {
                    ++origins;
                    NS_TEST_ASSERT_MSG_EQ(moving.count(w.origin),
                                          1U,
                                          "query " << w.query << " issued by a sink");
                }
                NS_TEST_ASSERT_MSG_GT(origins, 0U, "queries issued");
                NS_TEST_ASSERT_MSG_GT(r.queries.size(), 0U, "queries recorded");
            }
            const auto positions = Positions(d);
            NS_TEST_ASSERT_MSG_EQ(positions.size(), r.nodes, "every node on the maps");
            for (const auto& [node, at] : positions)
            {
                NS_TEST_ASSERT_MSG_EQ(at.size(), 4U, "maps at 0, 10, 20, 30 s");
                bool moved = false;
                for (const auto& p : at)
                {
                    moved = moved || p != at.front();
                }
                const bool mobile = moving.count(node) == 1;
                NS_TEST_ASSERT_MSG_EQ(moved,
                                      mobile,
                                      "node " << node << (moved ? " moved" : " stayed"));
            }
        }
        NS_TEST_ASSERT_MSG_EQ(texts[0], texts[1], "same seed, same moves");
    }

    ScenarioMobileNodes m_set;
};

/**
 * \ingroup bloom-gossip-tests
 * The sets are refused where they mean nothing: sinks without queries,
 * holders without resources, either without a motion model.
 */
class MobileSetRefusalTestCase : public TestCase
{
  public:
    MobileSetRefusalTestCase()
        : TestCase("--mobile-nodes refused without queries, resources or motion")
    {
    }

  private:
    void DoRun() override
    {
        const auto refusal = [](const GossipScenarioConfig& c) -> std::string {
            try
            {
                c.Validate();
            }
            catch (const std::invalid_argument& e)
            {
                return e.what();
            }
            return "";
        };
        GossipScenarioConfig c = Wandering(ScenarioMobility::RANDOM_WAYPOINT);
        c.queries = 0;
        c.dynamics.mobileNodes = ScenarioMobileNodes::SINKS;
        NS_TEST_ASSERT_MSG_EQ(refusal(c).rfind("--mobile-nodes: sinks needs --queries", 0),
                              0U,
                              refusal(c));
        c.dynamics.mobileNodes = ScenarioMobileNodes::HOLDERS;
        c.resources = 0;
        NS_TEST_ASSERT_MSG_EQ(refusal(c).rfind("--mobile-nodes: holders, but", 0), 0U, refusal(c));
        c.events = {WorkloadEvent::Parse("5:add:7:3")};
        NS_TEST_ASSERT_MSG_EQ(refusal(c), "", "an add event makes a holder");
        c.dynamics.mobility = ScenarioMobility::NONE;
        NS_TEST_ASSERT_MSG_EQ(refusal(c).rfind("--mobile-nodes: holders needs --mobility", 0),
                              0U,
                              refusal(c));
    }
};

/// Whether `xml` is well formed enough for NetAnim: balanced elements, one
/// root; counts the elements named `name`.
bool
BalancedXml(const std::string& xml, const std::string& name, uint32_t& count)
{
    std::vector<std::string> open;
    uint32_t roots = 0;
    count = 0;
    size_t at = 0;
    while ((at = xml.find('<', at)) != std::string::npos)
    {
        const size_t end = xml.find('>', at);
        if (end == std::string::npos)
        {
            return false;
        }
        const std::string tag = xml.substr(at + 1, end - at - 1);
        at = end + 1;
        if (tag.empty() || tag[0] == '?' || tag[0] == '!')
        {
            continue;
        }
        if (tag[0] == '/')
        {
            if (open.empty() || open.back() != tag.substr(1))
            {
                return false;
            }
            open.pop_back();
            continue;
        }
        const std::string element = tag.substr(0, tag.find_first_of(" \t\n/"));
        if (open.empty())
        {
            ++roots;
        }
        count += element == name ? 1 : 0;
        if (tag.back() != '/')
        {
            open.push_back(element);
        }
    }
    return open.empty() && roots == 1;
}

/**
 * \ingroup bloom-gossip-tests
 * --netanim: a well-formed NetAnim trace with one node element per node and
 * position updates of the moving ones, the same for the same seed, and the
 * run's tables unchanged by it; refused when the build has no netanim.
 */
class NetAnimTestCase : public TestCase
{
  public:
    NetAnimTestCase()
        : TestCase("--netanim: one node element per node, moves, same seed same trace")
    {
    }

  private:
    void DoRun() override
    {
        GossipScenarioConfig c = Wandering(ScenarioMobility::RANDOM_WAYPOINT);
        ScenarioRecorders rec = WanderingRecorders();
        rec.netanim = true;
        if (!NetAnimBuilt())
        {
            std::string error;
            try
            {
                rec.Validate(c.simTime, c.queries);
            }
            catch (const std::invalid_argument& e)
            {
                error = e.what();
            }
            NS_TEST_ASSERT_MSG_EQ(error.rfind("--netanim: needs ns-3's netanim module", 0),
                                  0U,
                                  "refused: " << error);
            return;
        }
        std::string traces[2];
        std::string tables[3];
        for (uint32_t i = 0; i < 3; ++i)
        {
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(1);
            rec.netanim = i < 2;
            const GossipScenarioResult r = RunGossipScenario(c, rec);
            tables[i] = Series(c, r);
            if (i == 2)
            {
                NS_TEST_ASSERT_MSG_EQ(r.dynamics.netanim, "", "no trace without --netanim");
                break;
            }
            traces[i] = r.dynamics.netanim;
            uint32_t nodes = 0;
            NS_TEST_ASSERT_MSG_EQ(BalancedXml(traces[i], "node", nodes), true, "well formed");
            NS_TEST_ASSERT_MSG_EQ(traces[i].rfind("<anim ", 0), 0U, "an anim root");
            NS_TEST_ASSERT_MSG_EQ(nodes, r.nodes, "one node element per node");
            // Position updates (<nu p="p" ... id="N" ...>): of moving nodes only.
            const std::set<uint32_t> moving(r.dynamics.moving.begin(), r.dynamics.moving.end());
            std::set<uint32_t> moved;
            const std::string update = "<nu p=\"p\" ";
            for (size_t at = traces[i].find(update); at != std::string::npos;
                 at = traces[i].find(update, at + 1))
            {
                const size_t id = traces[i].find(" id=\"", at) + 5;
                moved.insert(static_cast<uint32_t>(std::stoul(traces[i].substr(id))));
            }
            NS_TEST_ASSERT_MSG_EQ(moving.size(), 13U, "half of 25 nodes move");
            NS_TEST_ASSERT_MSG_EQ((moved == moving), true, "the moving nodes' updates, only");
            NS_TEST_ASSERT_MSG_EQ(traces[i].find("fbTx="), std::string::npos, "no packet sent");
            NS_TEST_ASSERT_MSG_EQ(traces[i].find("fbRx="), std::string::npos, "none received");
        }
        NS_TEST_ASSERT_MSG_EQ(traces[0], traces[1], "same seed, same trace");
        NS_TEST_ASSERT_MSG_EQ(tables[0], tables[1], "same seed, same tables");
        NS_TEST_ASSERT_MSG_EQ(tables[0], tables[2], "the trace only observes");
    }
};

/**
 * \ingroup bloom-gossip-tests
 * The grid channel while nodes move: node 1 (static) is moved out of range
 * with SetPosition (index rebuild) and stops receiving node 0's broadcasts;
 * node 2 (constant velocity, 10 m/s away from node 0) receives while within
 * range only; node 3 (constant velocity towards node 0) starts receiving
 * once within range.  The stock channel receives the same frames.
 */
class GridChannelMotionTestCase : public TestCase
{
  public:
    GridChannelMotionTestCase()
        : TestCase("grid channel: moved and moving nodes receive exactly while in range")
    {
    }

  private:
    /// counts[phase][node]: frames received in second `phase` (one broadcast each).
    static void Count(std::vector<std::vector<uint32_t>>* counts, uint32_t node, Ptr<const Packet>)
    {
        const auto phase = static_cast<uint32_t>(Simulator::Now().GetSeconds());
        ++(*counts).at(phase).at(node);
    }

    static void Send(Ptr<LrWpanNetDevice> device)
    {
        device->Send(Create<Packet>(10), Mac16Address("ff:ff"), 0);
    }

    std::vector<std::vector<uint32_t>> Run(WsnRadioConfig::Channel kind, double maxSpeed)
    {
        WsnRadioConfig radio;
        radio.range = 12;
        radio.channel = kind;
        WsnNetworkHelper network(radio);
        // Node 2 moves away from node 0 at 10 m/s from x = 5 (in range until
        // 0.7 s); node 3 comes from x = -40 at 10 m/s (in range from 2.8 s).
        network.SetMobilityFactory([](uint32_t i, const Vector& at) -> Ptr<MobilityModel> {
            if (i < 2)
            {
                return nullptr;
            }
            Ptr<ConstantVelocityMobilityModel> m = CreateObject<ConstantVelocityMobilityModel>();
            m->SetPosition(at);
            m->SetVelocity(Vector(10, 0, 0));
            return m;
        });
        network.Install(
            WsnTopology({Vector(0, 0, 0), Vector(10, 0, 0), Vector(5, 0, 0), Vector(-40, 0, 0)}));
        if (maxSpeed > 0)
        {
            network.GetChannel()->SetAttribute("MaxSpeed", DoubleValue(maxSpeed));
            // Cells of 100 m: no rebuild for 5 s, so the speed slack must do it.
            network.GetChannel()->SetAttribute("CellSize", DoubleValue(100));
        }
        std::vector<std::vector<uint32_t>> counts(5, std::vector<uint32_t>(4, 0));
        for (uint32_t node = 1; node < 4; ++node)
        {
            DynamicCast<LrWpanNetDevice>(network.GetDevices().Get(node))
                ->GetPhy()
                ->TraceConnectWithoutContext("PhyRxBegin",
                                             MakeBoundCallback(&Count, &counts, node));
        }
        Ptr<LrWpanNetDevice> sender = DynamicCast<LrWpanNetDevice>(network.GetDevices().Get(0));
        for (uint32_t phase = 0; phase < 5; ++phase)
        {
            Simulator::Schedule(Seconds(phase + 0.5), &Send, sender);
        }
        // Static node 1 jumps out of range at 1.2 s.
        Ptr<MobilityModel> one = network.GetMobility(1);
        Simulator::Schedule(Seconds(1.2), &MobilityModel::SetPosition, one, Vector(10, 50, 0));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        Simulator::Destroy();
        return counts;
    }

    void DoRun() override
    {
        const auto stock = Run(WsnRadioConfig::Channel::STOCK, 0);
        // Moving PHYs always examined, then indexed with a speed bound of 10 m/s.
        for (double maxSpeed : {0.0, 10.0})
        {
            const auto grid = Run(WsnRadioConfig::Channel::GRID, maxSpeed);
            // Broadcast at 0.5 s: node 1 (10 m), node 2 (10 m) in range; node 3 (35 m) not.
            NS_TEST_ASSERT_MSG_EQ(grid[0][1], 1U, "node 1 in range at 0.5 s");
            NS_TEST_ASSERT_MSG_EQ(grid[0][2], 1U, "node 2 in range at 0.5 s");
            NS_TEST_ASSERT_MSG_EQ(grid[0][3], 0U, "node 3 out of range at 0.5 s");
            // 1.5 s: node 1 moved away (50 m), node 2 at 20 m, node 3 at 25 m.
            NS_TEST_ASSERT_MSG_EQ(grid[1][1], 0U, "node 1 moved out: no frame");
            NS_TEST_ASSERT_MSG_EQ(grid[1][2], 0U, "node 2 walked out: no frame");
            NS_TEST_ASSERT_MSG_EQ(grid[1][3], 0U, "node 3 still far at 1.5 s");
            // 3.5 s: node 3 at -5 m: in range.
            NS_TEST_ASSERT_MSG_EQ(grid[3][3], 1U, "node 3 walked in by 3.5 s");
            NS_TEST_ASSERT_MSG_EQ(grid[3][1] + grid[3][2], 0U, "nodes 1 and 2 stay out");
            // 4.5 s: node 3 at 5 m: in range.
            NS_TEST_ASSERT_MSG_EQ(grid[4][3], 1U, "node 3 in range at 4.5 s");
            NS_TEST_ASSERT_MSG_EQ((grid == stock), true, "grid and stock channels agree");
        }
    }
};

/**
 * \ingroup bloom-gossip-tests
 * What a run refuses in set-up (CheckGossipScenario, what --dry-run runs)
 * before ns-3 schedules a move it cannot end: a node's ns-2 commands out of
 * time order (ns-3 applies them in file order: a setdest at 3 s listed
 * before one at 1 s moved the node from 1 s), a speed that cannot cross the
 * area within the longest run (the arrival overflowed ns-3's Time and the
 * run never ended), and maps beyond kMaxMapRows; MapCount is the number of
 * maps a run records.
 */
class SetUpRefusalTestCase : public TestCase
{
  public:
    SetUpRefusalTestCase()
        : TestCase("set-up refuses ns-2 commands out of time order, speeds that cannot cross "
                   "the area, maps beyond the row bound; MapCount counts the maps")
    {
    }

  private:
    /// \return the refusal of CheckGossipScenario(c, rec), empty if accepted
    static std::string Refusal(const GossipScenarioConfig& c,
                               const ScenarioRecorders& rec = ScenarioRecorders())
    {
        try
        {
            CheckGossipScenario(c, rec);
        }
        catch (const std::invalid_argument& e)
        {
            return e.what();
        }
        return "";
    }

    /// \return a 5-node line driven by an ns-2 trace of `text`
    GossipScenarioConfig Traced(const std::string& text)
    {
        const std::string trace = CreateTempDirFilename("order.ns_movements");
        {
            std::ofstream f(trace);
            f << text;
        }
        GossipScenarioConfig c;
        c.filter = FilterKind::LINEAR;
        c.topology = ScenarioTopology::LINE;
        c.nodes = 5;
        c.spacing = 10;
        c.simTime = 10;
        c.dynamics.mobility = ScenarioMobility::NS2;
        c.dynamics.ns2Trace = trace;
        return c;
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const std::string late = "$ns_ at 3.0 \"$node_(0) setdest 10 0 2\"\n";
        const std::string early = "$ns_ at 1.0 \"$node_(0) setdest 0 10 2\"\n";
        const std::string other = "$ns_ at 0.5 \"$node_(1) setdest 10 5 2\"\n";
        std::string refusal = Refusal(Traced(late + early));
        NS_TEST_ASSERT_MSG_EQ(refusal.rfind("--ns2-trace: ", 0), 0U, refusal);
        NS_TEST_ASSERT_MSG_NE(refusal.find("line 2: $node_(0) at 1.0 s is listed after its "
                                           "command at 3 s (line 1)"),
                              std::string::npos,
                              refusal);
        NS_TEST_ASSERT_MSG_EQ(Refusal(Traced(early + late)), "", "in time order");
        NS_TEST_ASSERT_MSG_EQ(Refusal(Traced("# from setdest\n$god_ set-dist 0 1 2\n"
                                             "$ns_ at 2.0 \"$god_ set-dist 0 1 1\"\n\n" +
                                             early + "$node_(0) set X_ 0.0 ;\n" + late)),
                              "",
                              "comments, GOD lines, a blank line and a ';' skipped");
        NS_TEST_ASSERT_MSG_EQ(Refusal(Traced(early + late + other)),
                              "",
                              "another node's earlier command may follow");
        refusal = Refusal(Traced("$ns_ at 1.0 \"$node_(99999999999) setdest 0 10 2\"\n"));
        NS_TEST_ASSERT_MSG_NE(refusal.find("line 1: node number '99999999999' is beyond"),
                              std::string::npos,
                              refusal);

        GossipScenarioConfig c = Wandering(ScenarioMobility::RANDOM_WAYPOINT);
        NS_TEST_ASSERT_MSG_EQ(Refusal(c), "", "the wandering grid");
        c.dynamics.speed = 1e-40;
        refusal = Refusal(c);
        NS_TEST_ASSERT_MSG_EQ(refusal.rfind("--speed: 1e-40 m/s would take more than", 0),
                              0U,
                              refusal);
        c.dynamics.mobility = ScenarioMobility::GAUSS_MARKOV;
        NS_TEST_ASSERT_MSG_EQ(Refusal(c).rfind("--speed: ", 0), 0U, Refusal(c));

        // Maps: 10 from 10 s every 10 s over 30 s are at 10, 20 and 30 s.
        c = Wandering(ScenarioMobility::RANDOM_WAYPOINT);
        ScenarioRecorders rec = WanderingRecorders();
        NS_TEST_ASSERT_MSG_EQ(rec.MapCount(c.simTime), 3U, "10, 20, 30 s");
        const GossipScenarioResult r = RunGossipScenario(c, rec);
        std::set<double> times;
        for (const MapNodeRow& m : r.dynamics.mapNodes)
        {
            times.insert(m.time);
        }
        NS_TEST_ASSERT_MSG_EQ(times.size(), rec.MapCount(c.simTime), "maps recorded");
        rec.mapTime = -1;
        rec.mapEvery = 0;
        NS_TEST_ASSERT_MSG_EQ(rec.MapCount(c.simTime), 1U, "the end only");
        rec.mapTime = 0;
        rec.mapEvery = 0.5;
        NS_TEST_ASSERT_MSG_EQ(rec.MapCount(c.simTime), 61U, "0 to 30 s");
        rec.mapEvery = 0.05; // summed, the steps ended past 30 s: no map at the end
        NS_TEST_ASSERT_MSG_EQ(rec.MapCount(c.simTime), 601U, "0 to 30 s, with 30 s");
        NS_TEST_ASSERT_MSG_EQ(rec.MapTimes(c.simTime).back(), c.simTime, "the end");
        rec.mapEvery = 0.5;
        c.resources = 6000; // 25 nodes x 6000 resources x 61 maps
        refusal = Refusal(c, rec);
        NS_TEST_ASSERT_MSG_EQ(refusal.rfind("--map-every: 61 maps of ", 0), 0U, refusal);
        rec.mapEvery = 10;
        NS_TEST_ASSERT_MSG_EQ(Refusal(c, rec), "", "4 maps of 150,000 rows and the links");
    }
};

/**
 * \ingroup bloom-gossip-tests
 * The query paths come through QueryMetrics' one subscription to the query
 * traces (QueryObserver): every path row names its query as QueryMetrics
 * recorded it, the deliveries are the holders it counted (the first at the
 * hops it recorded), and recording the paths changes no table; a run asked
 * for no recorder records nothing.
 */
class WalksObserveTestCase : public TestCase
{
  public:
    WalksObserveTestCase()
        : TestCase("query paths through QueryMetrics' observer: the same queries, tables unchanged")
    {
    }

  private:
    void DoRun() override
    {
        GossipScenarioConfig c = Wandering(ScenarioMobility::RANDOM_WAYPOINT);
        c.queries = 6;
        c.queryInterval = 1;
        c.queryStrategy = ParseQueryStrategySelection("all");
        std::string tables[2];
        for (uint32_t i = 0; i < 2; ++i)
        {
            ScenarioRecorders rec;
            rec.walks = i == 1;
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(1);
            const GossipScenarioResult r = RunGossipScenario(c, rec);
            for (const auto& rows : {GossipCsvRows(c, r),
                                     GossipDistanceCsvRows(c, r),
                                     GossipQueryCsvRows(c, r),
                                     DynamicsSeriesCsvRows("x", r.dynamics)})
            {
                for (const auto& row : rows)
                {
                    tables[i] += row + "\n";
                }
            }
            if (i == 0)
            {
                NS_TEST_ASSERT_MSG_EQ(r.dynamics.walks.size(), 0U, "no path without the recorder");
                NS_TEST_ASSERT_MSG_EQ(r.dynamics.mapNodes.size(),
                                      0U,
                                      "no map without the recorder");
                NS_TEST_ASSERT_MSG_EQ(r.dynamics.netanim, "", "no trace without the recorder");
                continue;
            }
            NS_TEST_ASSERT_MSG_GT(r.queries.size(), 6U, "queries of several strategies");
            NS_TEST_ASSERT_MSG_GT(r.dynamics.walks.size(), 0U, "paths recorded");
            std::map<uint32_t, uint32_t> delivers;
            std::map<uint32_t, uint32_t> firstHops;
            uint32_t sends = 0;
            for (const WalkRow& w : r.dynamics.walks)
            {
                NS_TEST_ASSERT_MSG_LT(w.query, r.queries.size(), "a recorded query");
                const QueryRecord& q = r.queries[w.query];
                NS_TEST_ASSERT_MSG_EQ(w.origin, q.origin, "its origin");
                NS_TEST_ASSERT_MSG_EQ(w.key, q.key, "its key");
                NS_TEST_ASSERT_MSG_EQ(bloom::ToString(w.strategy),
                                      bloom::ToString(q.strategy),
                                      "its strategy");
                sends += w.kind == "send" ? 1 : 0;
                if (w.kind == "deliver")
                {
                    if (delivers[w.query]++ == 0)
                    {
                        firstHops[w.query] = w.hops;
                    }
                }
            }
            NS_TEST_ASSERT_MSG_GT(sends, 0U, "transmissions recorded");
            uint32_t delivered = 0;
            for (const QueryRecord& q : r.queries)
            {
                NS_TEST_ASSERT_MSG_EQ(delivers[q.index], q.holdersReached, "one row per arrival");
                if (q.delivered)
                {
                    ++delivered;
                    NS_TEST_ASSERT_MSG_EQ(firstHops[q.index], q.hopsTaken, "the first arrival");
                }
            }
            NS_TEST_ASSERT_MSG_GT(delivered, 0U, "queries delivered");
        }
        NS_TEST_EXPECT_MSG_EQ(tables[0], tables[1], "the same run with and without paths");
    }
};

/**
 * \ingroup bloom-gossip-tests
 * Test suite bloom-gossip-mobility.
 */
class GossipMobilityTestSuite : public TestSuite
{
  public:
    GossipMobilityTestSuite()
        : TestSuite("bloom-gossip-mobility", bloom::test::kSystem)
    {
        AddTestCase(new GridChannelMotionTestCase, bloom::test::kQuick);
        AddTestCase(new WalkAwayTestCase(FilterKind::LINEAR), bloom::test::kQuick);
        AddTestCase(new WalkAwayTestCase(FilterKind::ATTENUATED), bloom::test::kQuick);
        AddTestCase(new WalkAwayTestCase(FilterKind::BLOOM), bloom::test::kQuick);
        AddTestCase(new ReproducibleTestCase(ScenarioMobility::RANDOM_WAYPOINT),
                    bloom::test::kQuick);
        AddTestCase(new ReproducibleTestCase(ScenarioMobility::GAUSS_MARKOV), bloom::test::kQuick);
        AddTestCase(new MapsObserveTestCase, bloom::test::kQuick);
        AddTestCase(new WalksObserveTestCase, bloom::test::kQuick);
        AddTestCase(new MobileSetTestCase(ScenarioMobileNodes::HOLDERS), bloom::test::kQuick);
        AddTestCase(new MobileSetTestCase(ScenarioMobileNodes::SINKS), bloom::test::kQuick);
        AddTestCase(new MobileSetRefusalTestCase, bloom::test::kQuick);
        AddTestCase(new NetAnimTestCase, bloom::test::kQuick);
        AddTestCase(new SetUpRefusalTestCase, bloom::test::kQuick);
    }
};

/// The suite's instance.
GossipMobilityTestSuite g_gossipMobilityTestSuite;

} // namespace
