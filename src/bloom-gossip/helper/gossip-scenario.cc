/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-scenario.h"

#include "bloom-gossip-helper.h"
#include "bloom-query-helper.h"

#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-query-application.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/gossip-message.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv6-address-helper.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/sixlowpan-helper.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

namespace
{

/// Probe keys live far away from resource numbers (and from the absent
/// keys of queries, GossipWorkload::kAbsentKeyBase).
constexpr uint64_t kProbeBase = 1000000000ULL;

/// Stream numbers: topology draws, workload draws (placement, then queries:
/// two streams), then devices and apps (gossip applications, then query
/// applications).
constexpr int64_t kTopologyStream = 0;
constexpr int64_t kWorkloadStream = 1;
constexpr int64_t kFirstDeviceStream = 100;

[[noreturn]] void
Bad(const std::string& option, const std::string& problem)
{
    throw std::invalid_argument(option + ": " + problem);
}

std::vector<std::string>
Split(const std::string& text, char sep)
{
    std::vector<std::string> out;
    std::string item;
    std::istringstream is(text);
    while (std::getline(is, item, sep))
    {
        out.push_back(item);
    }
    if (!text.empty() && text.back() == sep)
    {
        out.emplace_back();
    }
    return out;
}

uint32_t
GridSide(uint32_t nodes)
{
    return static_cast<uint32_t>(std::ceil(std::sqrt(static_cast<double>(nodes)) - 1e-9));
}

std::string
Na(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? fmt::format("{:.6g}", *v) : "NA";
}

std::string
Num(double v)
{
    return std::isfinite(v) ? fmt::format("{:.6g}", v) : "NA";
}

} // namespace

WsnRadioConfig
GossipScenarioConfig::DefaultRadio()
{
    WsnRadioConfig radio;
    radio.range = 12.0;
    return radio;
}

void
GossipScenarioConfig::Validate() const
{
    const auto range = [](double v, double lo, double hi) { return v >= lo && v <= hi; };
    if (topology != "line" && topology != "grid" && topology != "disk" && topology != "file")
    {
        Bad("--topology", "'" + topology + "' is not one of line, grid, disk, file");
    }
    if (topology == "file")
    {
        if (positions.empty())
        {
            Bad("--positions", "required with --topology file (a CSV file id,x,y)");
        }
    }
    else if (topology == "grid" && gridWidth > 0)
    {
        const uint64_t n =
            gridWidth * static_cast<uint64_t>(gridHeight == 0 ? gridWidth : gridHeight);
        if (n < 2 || n > kMaxScenarioNodes)
        {
            Bad("--grid", fmt::format("{} nodes, out of range 2..{}", n, kMaxScenarioNodes));
        }
    }
    else if (nodes < 2 || nodes > kMaxScenarioNodes)
    {
        Bad("--nodes", fmt::format("{} out of range 2..{}", nodes, kMaxScenarioNodes));
    }
    if (!range(spacing, 1e-3, 1e6))
    {
        Bad("--spacing", fmt::format("{} out of range [0.001, 1e6] m", spacing));
    }
    if (topology == "disk" && !(meanDegree > 0 && meanDegree < nodes))
    {
        Bad("--degree", fmt::format("{} out of range (0, nodes) = (0, {})", meanDegree, nodes));
    }
    if (diskPolicy != "connected" && diskPolicy != "largest-component")
    {
        Bad("--disk-policy", "'" + diskPolicy + "' is not connected or largest-component");
    }
    // Radio: each field under the option that sets it.
    if (!range(radio.range, 1e-3, 1e6))
    {
        Bad("--range", fmt::format("{} out of range [0.001, 1e6] m", radio.range));
    }
    if (!range(radio.txPowerDbm, -100, 100))
    {
        Bad("--tx-power", fmt::format("{} out of range [-100, 100] dBm", radio.txPowerDbm));
    }
    if (!(radio.exponent > 0 && radio.exponent <= 10))
    {
        Bad("--exponent", fmt::format("{} out of range (0, 10]", radio.exponent));
    }
    if (!range(radio.referenceLossDb, -1000, 1000))
    {
        Bad("--reference-loss",
            fmt::format("{} out of range [-1000, 1000] dB", radio.referenceLossDb));
    }
    if (!range(radio.shadowingSigmaDb, 0, 100))
    {
        Bad("--shadowing", fmt::format("{} out of range [0, 100] dB", radio.shadowingSigmaDb));
    }
    if (radio.shadowingSigmaDb > 0 && radio.loss != WsnRadioConfig::Loss::LOG_DISTANCE)
    {
        Bad("--shadowing", "needs --radio log-distance (or 0)");
    }
    if (!range(radio.linkMarginDb, -100, 100))
    {
        Bad("--link-margin", fmt::format("{} out of range [-100, 100] dB", radio.linkMarginDb));
    }
    try
    {
        radio.Validate();
    }
    catch (const std::invalid_argument& e)
    {
        Bad("--radio", e.what());
    }
    if (filter != "bf" && filter != "lbf" && filter != "abf")
    {
        Bad("--filter", "'" + filter + "' is not one of bf, lbf, abf, all");
    }
    if (budgetBytes == 0 && (slots < 1 || slots > bloom::kMaxSlots))
    {
        Bad("--m", fmt::format("{} out of range 1..{}", slots, bloom::kMaxSlots));
    }
    if (hashes < 1 || hashes > bloom::kMaxHashes)
    {
        Bad("--k", fmt::format("{} out of range 1..{}", hashes, bloom::kMaxHashes));
    }
    if (cellBits < bloom::kMinCellBits || cellBits > bloom::kMaxCellBits)
    {
        Bad("--b", fmt::format("{} out of range 1..16", cellBits));
    }
    try
    {
        bloom::ParseQuantization(quantization);
    }
    catch (const std::invalid_argument&)
    {
        Bad("--quantization", "'" + quantization + "' is not one of floor, ceil, round");
    }
    if (decay == "multiplicative")
    {
        if (!(factor > 0 && factor < 1))
        {
            Bad("--a", fmt::format("{} out of range (0, 1)", factor));
        }
    }
    else if (decay == "subtractive")
    {
        if (step < 1 || step >= (1U << cellBits))
        {
            Bad("--delta",
                fmt::format("{} out of range 1..{} (2^b - 1)", step, (1U << cellBits) - 1));
        }
    }
    else
    {
        Bad("--decay", "'" + decay + "' is not multiplicative or subtractive");
    }
    if (depth > bloom::kMaxDepth)
    {
        Bad("--depth", fmt::format("{} out of range 0 (auto)..{}", depth, bloom::kMaxDepth));
    }
    if (budgetBytes > kMaxBudgetBytes)
    {
        Bad("--budget-bytes", fmt::format("{} out of range 0..{}", budgetBytes, kMaxBudgetBytes));
    }
    if (budgetBytes > 0)
    {
        // Bytes one slot needs (ABF: a byte per level); an automatic ABF depth
        // is checked once the diameter is known (CheckGossipScenario).
        const uint64_t need = filter == "lbf" ? (cellBits + 7) / 8 : filter == "abf" ? depth : 1;
        if (budgetBytes < need)
        {
            Bad("--budget-bytes",
                fmt::format("{} bytes cannot hold one slot of {} ({} levels); need >= {}",
                            budgetBytes,
                            filter,
                            filter == "abf" ? depth : 1,
                            need));
        }
    }
    const auto time = [&](const char* option, double v, double lo) {
        if (!range(v, lo, kMaxScenarioTime))
        {
            Bad(option, fmt::format("{} out of range [{}, {:g}] s", v, lo, kMaxScenarioTime));
        }
    };
    time("--interval", interval, kMinScenarioPeriod);
    if (!(jitter >= 0) || jitter > interval / 2)
    {
        Bad("--jitter",
            fmt::format("{} out of range [0, interval/2] = [0, {}] s", jitter, interval / 2));
    }
    if (expiry != 0)
    {
        time("--expiry", expiry, kMinScenarioPeriod); // 0: automatic
    }
    if (timer != "periodic" && timer != "trickle")
    {
        Bad("--timer", "'" + timer + "' is not periodic or trickle");
    }
    time("--trickle-imin", trickleImin, kMinScenarioPeriod);
    time("--trickle-imax", trickleImax, kMinScenarioPeriod);
    if (trickleImax < trickleImin)
    {
        Bad("--trickle-imax",
            fmt::format("{} below --trickle-imin {}; need imin <= imax", trickleImax, trickleImin));
    }
    if (trickleK > 1000)
    {
        Bad("--trickle-k", fmt::format("{} out of range 0..1000", trickleK));
    }
    if (timer == "trickle" && expiry > 0 && expiry <= 3 * trickleImax)
    {
        // A suppressed node refreshes after expiry/2 of silence, at its next
        // transmission point, at most 1.5 Imax later.
        Bad("--expiry",
            fmt::format("with --timer trickle it must exceed 3 x --trickle-imax = {} s "
                        "(or be 0: automatic)",
                        3 * trickleImax));
    }
    if (timer == "periodic" && expiry > 0 && expiry <= interval + jitter)
    {
        Bad("--expiry", fmt::format("must exceed interval + jitter = {} s", interval + jitter));
    }
    if (transport != "link-layer" && transport != "udp6")
    {
        Bad("--transport", "'" + transport + "' is not link-layer or udp6");
    }
    if (frameBytes != 0 && (frameBytes <= bloom::kSegmentHeaderSize || frameBytes > 65000))
    {
        Bad("--frame-bytes",
            fmt::format("{} out of range: 0 (device MTU) or {}..65000",
                        frameBytes,
                        bloom::kSegmentHeaderSize + 1));
    }
    if (resources > 100000)
    {
        Bad("--resources", fmt::format("{} out of range 0..100000", resources));
    }
    if (replicas < 1 || replicas > kMaxScenarioNodes)
    {
        Bad("--replicas", fmt::format("{} out of range 1..{}", replicas, kMaxScenarioNodes));
    }
    if (probes > 100000)
    {
        Bad("--probes", fmt::format("{} out of range 0..100000", probes));
    }
    time("--sim-time", simTime, kMinScenarioPeriod);
    if (!range(frameLoss, 0, 0.9))
    {
        Bad("--frame-loss", fmt::format("{} out of range [0, 0.9]", frameLoss));
    }
    if (queries > 100000)
    {
        Bad("--queries", fmt::format("{} out of range 0..100000", queries));
    }
    if (queryStart != 0)
    {
        time("--query-start", queryStart, 0.0); // 0: automatic
    }
    time("--query-interval", queryInterval, kMinScenarioPeriod);
    if (!range(queryAbsent, 0, 1))
    {
        Bad("--query-absent", fmt::format("{} out of range [0, 1]", queryAbsent));
    }
    time("--query-timeout", queryTimeout, kMinScenarioPeriod);
    if (queryTtl > 255)
    {
        Bad("--query-ttl", fmt::format("{} out of range 0 (auto)..255", queryTtl));
    }
    if (queryMaxVisited > 255)
    {
        Bad("--query-max-visited", fmt::format("{} out of range 0..255", queryMaxVisited));
    }
    if (queries > 0 && transport != "link-layer")
    {
        Bad("--queries", "queries need --transport link-layer");
    }
    std::vector<bloom::QueryStrategy> strategies;
    try
    {
        strategies = QueryStrategies();
    }
    catch (const std::invalid_argument& e)
    {
        Bad("--query-strategy", e.what());
    }
    if (queries > 0 && !strategies.empty())
    {
        const double count = static_cast<double>(queries) * strategies.size();
        const double span = (count - 1) * queryInterval + queryTimeout;
        if (queryStart == 0 && span > simTime)
        {
            Bad("--queries",
                fmt::format("{} queries x {} strategies, {} s apart, with a {} s timeout need {} "
                            "s; raise --sim-time ({} s)",
                            queries,
                            strategies.size(),
                            queryInterval,
                            queryTimeout,
                            span,
                            simTime));
        }
        if (queryStart > 0 && queryStart + span > simTime + 1e-9)
        {
            Bad("--query-start",
                fmt::format("the last query's answer is due at {} s, after --sim-time {} s",
                            queryStart + span,
                            simTime));
        }
    }
    for (const WorkloadEvent& e : events)
    {
        if (!(e.time >= 0) || e.time > simTime)
        {
            Bad("--events",
                fmt::format("event '{}' outside [0, --sim-time] = [0, {}] s",
                            e.ToString(),
                            simTime));
        }
        if ((e.kind == WorkloadEvent::ADD || e.kind == WorkloadEvent::REMOVE) &&
            (e.resource < 1 || e.resource > resources + 1000000))
        {
            Bad("--events",
                fmt::format("event '{}': resource out of range 1..{}",
                            e.ToString(),
                            resources + 1000000));
        }
        if (e.kind != WorkloadEvent::REMOVE && e.node >= kMaxScenarioNodes)
        {
            Bad("--events", fmt::format("event '{}': node out of range", e.ToString()));
        }
    }
}

double
GossipScenarioConfig::EffectiveExpiry() const
{
    if (expiry > 0)
    {
        return expiry;
    }
    return 3.5 * (timer == "trickle" ? trickleImax : interval);
}

std::vector<bloom::QueryStrategy>
GossipScenarioConfig::QueryStrategies() const
{
    using bloom::QueryStrategy;
    const bool distance = filter == "lbf" || filter == "abf";
    std::vector<QueryStrategy> out;
    const auto add = [&out, distance](QueryStrategy s) {
        if ((s != QueryStrategy::GRADIENT || distance) &&
            std::find(out.begin(), out.end(), s) == out.end())
        {
            out.push_back(s);
        }
    };
    for (const std::string& name : Split(queryStrategy, ','))
    {
        if (name == "auto")
        {
            if (distance)
            {
                add(QueryStrategy::GRADIENT);
            }
            else
            {
                add(QueryStrategy::FLOOD);
                add(QueryStrategy::RING);
                add(QueryStrategy::BLIND_FLOOD);
            }
        }
        else if (name == "all")
        {
            for (auto s : {QueryStrategy::GRADIENT,
                           QueryStrategy::FLOOD,
                           QueryStrategy::RING,
                           QueryStrategy::BLIND_FLOOD})
            {
                add(s);
            }
        }
        else
        {
            add(bloom::ParseQueryStrategy(name));
        }
    }
    return out;
}

double
GossipScenarioConfig::QueryWindowStart() const
{
    if (queryStart > 0)
    {
        return queryStart;
    }
    const size_t strategies = QueryStrategies().size();
    if (queries == 0 || strategies == 0)
    {
        return simTime;
    }
    const double count = static_cast<double>(queries) * strategies;
    return std::max(0.0, simTime - queryTimeout - (count - 1) * queryInterval);
}

BloomGossipHelper
MakeGossipHelper(const GossipScenarioConfig& c, uint32_t slots, uint32_t depth)
{
    const std::string type = c.filter == "bf"    ? "ns3::BfGossipApplication"
                             : c.filter == "lbf" ? "ns3::LbfGossipApplication"
                                                 : "ns3::AbfGossipApplication";
    BloomGossipHelper gossip(type);
    gossip.SetAttribute("BeaconInterval", TimeValue(Seconds(c.interval)));
    gossip.SetAttribute("Jitter", TimeValue(Seconds(c.jitter)));
    gossip.SetAttribute("NeighbourExpiry", TimeValue(Seconds(c.EffectiveExpiry())));
    gossip.SetAttribute("Timer", StringValue(c.timer));
    gossip.SetAttribute("TrickleImin", TimeValue(Seconds(c.trickleImin)));
    gossip.SetAttribute("TrickleImax", TimeValue(Seconds(c.trickleImax)));
    gossip.SetAttribute("TrickleK", UintegerValue(c.trickleK));
    gossip.SetAttribute("Transport", StringValue(c.transport));
    gossip.SetAttribute("FrameBytes", UintegerValue(c.frameBytes));
    gossip.SetAttribute("Hashes", UintegerValue(c.hashes));
    if (c.filter == "bf")
    {
        gossip.SetAttribute("Bits", UintegerValue(slots));
    }
    else if (c.filter == "lbf")
    {
        gossip.SetAttribute("Cells", UintegerValue(slots));
        gossip.SetAttribute("CellBits", UintegerValue(c.cellBits));
        gossip.SetAttribute("Quantization", StringValue(c.quantization));
        gossip.SetAttribute("Decay", StringValue(c.decay));
        gossip.SetAttribute("Factor", DoubleValue(c.factor));
        gossip.SetAttribute("Step", UintegerValue(c.step));
    }
    else
    {
        gossip.SetAttribute("Depth", UintegerValue(depth));
        gossip.SetAttribute("Bits", UintegerValue(slots));
    }
    return gossip;
}

std::optional<double>
PurgeBound(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    if (r.reach == std::numeric_limits<uint32_t>::max() || c.timer != "periodic")
    {
        return std::nullopt;
    }
    const bool crash = std::any_of(c.events.begin(), c.events.end(), [](const WorkloadEvent& e) {
        return e.kind == WorkloadEvent::FAIL;
    });
    return (r.reach + 1.0) * (c.interval + c.jitter) + (crash ? c.EffectiveExpiry() : 0.0);
}

WsnTopology
BuildTopology(const GossipScenarioConfig& c)
{
    if (c.topology == "line")
    {
        return WsnTopology::Line(c.nodes, c.spacing);
    }
    if (c.topology == "grid")
    {
        const uint32_t w = c.gridWidth > 0 ? c.gridWidth : GridSide(c.nodes);
        const uint32_t h =
            c.gridWidth > 0 ? (c.gridHeight > 0 ? c.gridHeight : w) : (c.nodes + w - 1) / w;
        return WsnTopology::Grid(w, h, c.spacing);
    }
    if (c.topology == "disk")
    {
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(kTopologyStream);
        return WsnTopology::RandomDisk(c.nodes,
                                       c.radio.range,
                                       c.meanDegree,
                                       rng,
                                       WsnTopology::ParseDiskPolicy(c.diskPolicy));
    }
    return WsnTopology::FromCsv(c.positions);
}

namespace
{
GossipScenarioResult SetUpAndRun(const GossipScenarioConfig& c, bool simulate);

/// SetUpAndRun, leaving no node, device or event behind when it throws.
GossipScenarioResult
SetUpAndRunCleanly(const GossipScenarioConfig& c, bool simulate)
{
    c.Validate();
    try
    {
        return SetUpAndRun(c, simulate);
    }
    catch (...)
    {
        Simulator::Destroy();
        throw;
    }
}
} // namespace

GossipScenarioResult
RunGossipScenario(const GossipScenarioConfig& c)
{
    return SetUpAndRunCleanly(c, true);
}

void
CheckGossipScenario(const GossipScenarioConfig& c)
{
    SetUpAndRunCleanly(c, false);
}

namespace
{
/// Set up a run and, when `simulate`, run it; RunGossipScenario and
/// CheckGossipScenario share every step up to Simulator::Run.
GossipScenarioResult
SetUpAndRun(const GossipScenarioConfig& c, bool simulate)
{
    const auto wallStart = std::chrono::steady_clock::now();
    GossipScenarioResult result;
    result.seed = RngSeedManager::GetSeed();
    result.run = RngSeedManager::GetRun();

    WsnTopology input;
    try
    {
        input = BuildTopology(c);
    }
    catch (const std::exception& e)
    {
        // A bad positions file, or no connected random draw.
        Bad(c.topology == "file"   ? "--positions"
            : c.topology == "disk" ? "--degree"
                                   : "--topology",
            e.what());
    }
    WsnNetworkHelper network(c.radio);
    NetDeviceContainer devices = network.Install(input);
    int64_t stream = kFirstDeviceStream;
    stream += network.AssignStreams(stream);
    if (c.frameLoss > 0)
    {
        stream += network.SetFrameLoss(c.frameLoss, stream);
    }
    const WsnTopology& topo = network.GetTopology();
    const uint32_t n = topo.GetN();
    result.nodes = n;
    result.droppedNodes = c.topology == "disk" ? c.nodes - n : 0;
    result.diameter = topo.Diameter();
    result.meanDegree = topo.MeanDegree();

    // Filter shape: equal parameters, or derived from the byte budget.
    const uint32_t depth =
        c.depth > 0 ? c.depth : std::min<uint32_t>(bloom::kMaxDepth, result.diameter + 1);
    uint32_t slots = c.slots;
    if (c.budgetBytes > 0)
    {
        // ABF levels are byte-aligned on the wire: whole bytes per level.
        const uint64_t bits = uint64_t{c.budgetBytes} * 8;
        const uint64_t per = c.filter == "bf"    ? bits
                             : c.filter == "lbf" ? bits / c.cellBits
                                                 : c.budgetBytes / depth * 8;
        if (per < 1)
        {
            Bad("--budget-bytes",
                fmt::format("{} bytes cannot hold one slot of {} ({} levels)",
                            c.budgetBytes,
                            c.filter,
                            depth));
        }
        slots = static_cast<uint32_t>(std::min<uint64_t>(per, bloom::kMaxSlots));
    }
    result.slots = slots;
    result.depth = c.filter == "abf" ? depth : 1;

    BloomGossipHelper gossip = MakeGossipHelper(c, slots, depth);
    NodeContainer nodes = network.GetNodes();
    if (c.transport == "udp6")
    {
        // IPv6 over 6LoWPAN on the lr-wpan devices; gossip goes to ff02::1.
        InternetStackHelper internet;
        internet.SetIpv4StackInstall(false);
        internet.Install(nodes);
        stream += internet.AssignStreams(nodes, stream);
        SixLowPanHelper sixlowpan;
        NetDeviceContainer six = sixlowpan.Install(devices);
        stream += sixlowpan.AssignStreams(six, stream);
        Ipv6AddressHelper ipv6;
        ipv6.SetBase(Ipv6Address("2001:db8::"), Ipv6Prefix(64));
        ipv6.Assign(six);
        gossip.SetAttribute("DeviceIndex", UintegerValue(six.Get(0)->GetIfIndex()));
    }
    ApplicationContainer apps = gossip.Install(nodes);
    stream += gossip.AssignStreams(nodes, stream);
    apps.Start(Seconds(0));
    apps.Stop(Seconds(c.simTime));

    // Query applications, only when the run issues queries (runs without
    // queries stay as they were, random streams included).
    const std::vector<bloom::QueryStrategy> strategies =
        c.queries > 0 ? c.QueryStrategies() : std::vector<bloom::QueryStrategy>{};
    result.queryStrategies = strategies;
    std::vector<Ptr<BloomQueryApplication>> queryApps;
    if (!strategies.empty())
    {
        BloomQueryHelper query;
        query.SetAttribute("MaxVisited", UintegerValue(c.queryMaxVisited));
        query.SetAttribute("QueryTimeout", TimeValue(Seconds(c.queryTimeout)));
        ApplicationContainer qapps = query.Install(nodes);
        stream += query.AssignStreams(nodes, stream);
        qapps.Start(Seconds(0));
        qapps.Stop(Seconds(c.simTime));
        for (uint32_t i = 0; i < n; ++i)
        {
            queryApps.push_back(DynamicCast<BloomQueryApplication>(qapps.Get(i)));
        }
    }

    std::vector<Ptr<BloomGossipApplication>> appList;
    std::vector<std::vector<uint32_t>> graph;
    for (uint32_t i = 0; i < n; ++i)
    {
        appList.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
        graph.push_back(topo.GetNeighbours(i));
    }
    result.describe = appList.front()->GetPolicy().Describe();
    result.reach = appList.front()->GetPolicy().Reach();
    // Fail early, with a clear reason, when the filter cannot be segmented.
    try
    {
        appList.front()->GetFramesPerAdvertisement();
    }
    catch (const std::invalid_argument& e)
    {
        Bad(c.budgetBytes > 0 ? "--budget-bytes" : "--m",
            std::string(e.what()) + " (lower --m, --b, --depth or --budget-bytes, or raise "
                                    "--frame-bytes)");
    }

    GossipMetrics metrics(appList, graph);
    metrics.TrackDevices(devices);
    std::vector<uint64_t> probes;
    for (uint32_t i = 0; i < c.probes; ++i)
    {
        probes.push_back(kProbeBase + i);
    }
    metrics.SetProbes(probes);

    // Workload: each resource on `replicas` distinct random nodes, the
    // events, then the queries (draw i (origin, key) at its first slot,
    // issued once per strategy).  The metrics only observe.
    Ptr<GossipWorkload> workload = CreateObject<GossipWorkload>();
    workload->AssignStreams(kWorkloadStream);
    workload->SetApplications(appList, queryApps);
    workload->PlaceResources(c.resources, c.replicas);
    try
    {
        workload->ScheduleEvents(c.events);
    }
    catch (const std::invalid_argument& e)
    {
        Bad("--events", e.what());
    }
    std::unique_ptr<QueryMetrics> queryMetrics;
    if (!queryApps.empty())
    {
        queryMetrics = std::make_unique<QueryMetrics>(queryApps, metrics);
        for (const auto& app : queryApps)
        {
            metrics.TrackMalformed(app); // malformed query frames count too
        }
        queryMetrics->TrackDevices(devices);
        queryMetrics->TrackWorkload(workload);
        GossipWorkload::QueryPlan plan;
        plan.draws = c.queries;
        plan.start = c.QueryWindowStart();
        plan.interval = c.queryInterval;
        plan.absentShare = c.queryAbsent;
        plan.strategies = strategies;
        plan.ttl = [&c, diameter = result.diameter](bloom::QueryStrategy s) -> uint8_t {
            if (c.queryTtl > 0)
            {
                return static_cast<uint8_t>(c.queryTtl);
            }
            const uint32_t ttl = s == bloom::QueryStrategy::GRADIENT ? std::max(2U, 2 * diameter)
                                                                     : std::max(1U, diameter);
            return static_cast<uint8_t>(std::min(255U, ttl));
        };
        workload->ScheduleQueries(plan);
    }

    if (!simulate)
    {
        Simulator::Destroy();
        return result;
    }
    Simulator::Stop(Seconds(c.simTime));
    Simulator::Run();
    result.metrics = metrics.Finish(Seconds(c.simTime));
    if (queryMetrics)
    {
        queryMetrics->Finish(Seconds(c.simTime));
        result.queries = queryMetrics->GetRecords();
    }
    Simulator::Destroy();
    result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    return result;
}
} // namespace

std::string
GossipCsvHeader()
{
    return "filter,topology,nodes,diameter,mean_degree,seed,run,m,k,b,a,depth,budget_bytes,"
           "interval,timer,resources,replicas,sim_time,payload_bytes,frames_per_beacon,"
           "advertisements,gossip_frames,bytes_on_air,gossip_bytes_per_node_s,hop_pairs,hop_mae,"
           "hop_rmse,hop_bias,hop_exact,hop_within1,hop_miss,membership,fpr,"
           "diss_latency_median,diss_latency_p95,diss_latency_max,convergence_time,stale_pairs,"
           "stale_reported,purge_time,malformed,phy_frames,frame_loss,purge_bound,query_strategy,"
           "queries,query_success,"
           "query_latency_median,query_latency_p95,query_stretch,query_frames,query_rtt_median,"
           "query_absent_frames";
}

namespace
{

/// The gossip columns of a per-run row (everything before query_strategy).
std::string GossipColumns(const GossipScenarioConfig& c, const GossipScenarioResult& r);

} // namespace

std::vector<std::string>
GossipCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    const std::string gossip = GossipColumns(c, r);
    std::vector<std::string> rows;
    for (bloom::QueryStrategy strategy : r.queryStrategies)
    {
        const QuerySummary q = SummariseQueries(r.queries, strategy);
        rows.push_back(fmt::format("{},{},{},{},{},{},{},{},{},{}",
                                   gossip,
                                   bloom::ToString(strategy),
                                   q.queries,
                                   Num(q.success),
                                   Num(q.latencyMedian),
                                   Num(q.latencyP95),
                                   Num(q.stretch),
                                   Num(q.frames),
                                   Num(q.rttMedian),
                                   Num(q.absentFrames)));
    }
    if (rows.empty())
    {
        rows.push_back(gossip + ",NA,0,NA,NA,NA,NA,NA,NA,NA");
    }
    return rows;
}

std::string
GossipCsvRow(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    return GossipCsvRows(c, r).front();
}

std::string
GossipQueryCsvHeader()
{
    return "filter,strategy,nodes,diameter,seed,run,query_id,origin,key,absent,true_hops,success,"
           "hops_taken,stretch,latency_to_holder,round_trip,frames,topology,issued,delivered,"
           "holders_reached,outcome";
}

std::vector<std::string>
GossipQueryCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    std::vector<std::string> rows;
    rows.reserve(r.queries.size());
    for (const QueryRecord& q : r.queries)
    {
        const std::string trueHops =
            q.trueHops == kUnreachable ? std::string("NA") : fmt::format("{}", q.trueHops);
        rows.push_back(
            fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                        c.filter,
                        bloom::ToString(q.strategy),
                        r.nodes,
                        r.diameter,
                        r.seed,
                        r.run,
                        q.index,
                        q.origin,
                        q.key,
                        q.absent ? 1 : 0,
                        trueHops,
                        q.success ? 1 : 0,
                        q.delivered ? fmt::format("{}", q.hopsTaken) : "NA",
                        Num(q.Stretch()),
                        q.delivered ? Num(q.latencyToHolder) : "NA",
                        q.success ? Num(q.roundTrip) : "NA",
                        q.frames,
                        c.topology,
                        Num(q.issued),
                        q.delivered ? 1 : 0,
                        q.holdersReached,
                        bloom::ToString(q.outcome)));
    }
    return rows;
}

namespace
{

std::string
GossipColumns(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    const GossipRunMetrics& m = r.metrics;
    const HopAccuracy& h = m.overall;
    const bool hop = m.hasDistance;
    const auto hopValue = [&](double v) { return hop && h.pairs > 0 ? Num(v) : std::string("NA"); };
    const auto& lat = h.latencies;
    std::string out =
        fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},",
                    c.filter,
                    c.topology,
                    r.nodes,
                    r.diameter,
                    Num(r.meanDegree),
                    r.seed,
                    r.run,
                    r.slots,
                    c.hashes,
                    c.filter == "lbf" ? fmt::format("{}", c.cellBits) : "NA",
                    c.filter == "lbf" ? (c.decay == "multiplicative" ? Num(c.factor)
                                                                     : fmt::format("sub{}", c.step))
                                      : "NA",
                    r.depth,
                    c.budgetBytes,
                    Num(c.interval),
                    c.timer,
                    c.resources,
                    c.replicas,
                    Num(c.simTime));
    out +=
        fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                    m.payloadBytes,
                    m.framesPerBeacon,
                    m.advertisements,
                    m.gossipFrames,
                    m.bytesOnAir,
                    Num(m.gossipBytesPerNodeS),
                    h.pairs,
                    hopValue(h.mae),
                    hopValue(h.rmse),
                    hopValue(h.bias),
                    hopValue(h.exact),
                    hopValue(h.within1),
                    hopValue(h.miss),
                    h.pairs > 0 ? Num(h.membership) : "NA",
                    m.probePairs > 0 ? Num(m.fpr) : "NA",
                    Num(Quantile(lat, 0.5)),
                    Num(Quantile(lat, 0.95)),
                    Num(Quantile(lat, 1.0)),
                    Na(m.convergenceTime),
                    m.stalePairs,
                    m.staleReported,
                    Na(m.purgeTime),
                    m.malformed,
                    m.phyFrames,
                    Num(c.frameLoss),
                    Na(PurgeBound(c, r)));
    return out;
}

} // namespace

std::string
GossipDistanceCsvHeader()
{
    return "filter,topology,nodes,diameter,seed,run,m,b,depth,budget_bytes,true_hops,pairs,"
           "hop_mae,hop_bias,hop_exact,hop_within1,hop_miss,membership,diss_latency_median,"
           "diss_latency_p95";
}

std::vector<std::string>
GossipDistanceCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    std::vector<std::string> rows;
    const bool hop = r.metrics.hasDistance;
    for (size_t d = 0; d < r.metrics.byDistance.size(); ++d)
    {
        const HopAccuracy& h = r.metrics.byDistance[d];
        if (h.pairs == 0)
        {
            continue;
        }
        const auto hopValue = [&](double v) { return hop ? Num(v) : std::string("NA"); };
        rows.push_back(fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                                   c.filter,
                                   c.topology,
                                   r.nodes,
                                   r.diameter,
                                   r.seed,
                                   r.run,
                                   r.slots,
                                   c.filter == "lbf" ? fmt::format("{}", c.cellBits) : "NA",
                                   r.depth,
                                   c.budgetBytes,
                                   d,
                                   h.pairs,
                                   hopValue(h.mae),
                                   hopValue(h.bias),
                                   hopValue(h.exact),
                                   hopValue(h.within1),
                                   hopValue(h.miss),
                                   Num(h.membership),
                                   Num(Quantile(h.latencies, 0.5)),
                                   Num(Quantile(h.latencies, 0.95))));
    }
    return rows;
}

void
WriteFileAtomically(const std::string& path, const std::string& content)
{
    const std::string tmp = fmt::format("{}.tmp.{}", path, static_cast<long>(getpid()));
    {
        std::ofstream os(tmp, std::ios::binary | std::ios::trunc);
        if (!os)
        {
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        }
        os << content;
        os.flush();
        if (!os)
        {
            os.close();
            std::remove(tmp.c_str());
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
    {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        throw std::runtime_error("cannot write " + path + ": " + why);
    }
}

} // namespace ns3
