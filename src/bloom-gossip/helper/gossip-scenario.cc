/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-scenario.h"

#include "bloom-gossip-helper.h"

#include "ns3/bloom-gossip-application.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/gossip-message.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
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
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

namespace
{

/// Probe keys live far away from resource numbers.
constexpr uint64_t kProbeBase = 1000000000ULL;

/// Stream numbers: topology draws, workload draws, then devices and apps.
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

uint64_t
ParseUnsigned(const std::string& text, const std::string& what)
{
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 18)
    {
        throw std::invalid_argument(what + " '" + text + "' is not a non-negative integer");
    }
    return std::stoull(text);
}

double
ParseTime(const std::string& text, const std::string& what)
{
    size_t used = 0;
    double v = 0;
    try
    {
        v = std::stod(text, &used);
    }
    catch (const std::exception&)
    {
        used = 0;
    }
    if (used == 0 || used != text.size() || !std::isfinite(v) || v < 0)
    {
        throw std::invalid_argument(what + " '" + text + "' is not a time >= 0 in seconds");
    }
    return v;
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

ScenarioEvent
ScenarioEvent::Parse(const std::string& text)
{
    const auto f = Split(text, ':');
    try
    {
        if (f.size() < 2)
        {
            throw std::invalid_argument("expected T:add:RES:NODE, T:remove:RES or T:fail:NODE");
        }
        ScenarioEvent e;
        e.time = ParseTime(f[0], "time");
        if (f[1] == "add" && f.size() == 4)
        {
            e.kind = ADD;
            e.resource = ParseUnsigned(f[2], "resource");
            e.node = static_cast<uint32_t>(ParseUnsigned(f[3], "node"));
        }
        else if (f[1] == "remove" && f.size() == 3)
        {
            e.kind = REMOVE;
            e.resource = ParseUnsigned(f[2], "resource");
        }
        else if (f[1] == "fail" && f.size() == 3)
        {
            e.kind = FAIL;
            e.node = static_cast<uint32_t>(ParseUnsigned(f[2], "node"));
        }
        else
        {
            throw std::invalid_argument("expected T:add:RES:NODE, T:remove:RES or T:fail:NODE");
        }
        if ((e.kind == ADD || e.kind == REMOVE) && e.resource == 0)
        {
            throw std::invalid_argument("resources are numbered from 1");
        }
        return e;
    }
    catch (const std::invalid_argument& err)
    {
        throw std::invalid_argument("event '" + text + "': " + err.what());
    }
}

std::string
ScenarioEvent::ToString() const
{
    switch (kind)
    {
    case ADD:
        return fmt::format("{}:add:{}:{}", time, resource, node);
    case REMOVE:
        return fmt::format("{}:remove:{}", time, resource);
    case FAIL:
        return fmt::format("{}:fail:{}", time, node);
    }
    return "";
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
        // Bits one slot needs; an automatic ABF depth is checked once the
        // diameter is known (CheckGossipScenario).
        const uint64_t need = filter == "lbf" ? cellBits : filter == "abf" ? depth : 1;
        if (uint64_t{budgetBytes} * 8 < need)
        {
            Bad("--budget-bytes",
                fmt::format("{} bytes cannot hold one {}-bit slot of {}; need >= {}",
                            budgetBytes,
                            need,
                            filter,
                            (need + 7) / 8));
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
    time("--expiry", expiry, kMinScenarioPeriod);
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
    if (transport != "link-layer" && transport != "udp6")
    {
        Bad("--transport", "'" + transport + "' is not link-layer or udp6");
    }
    if (transport != "link-layer")
    {
        // The application supports UDP over IPv6, but the scenario builds no
        // IPv6 stack (6LoWPAN): the run would start without sockets.
        Bad("--transport",
            "'" + transport + "' is not supported by the scenario runner; use link-layer");
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
    for (const ScenarioEvent& e : events)
    {
        if (!(e.time >= 0) || e.time > simTime)
        {
            Bad("--events",
                fmt::format("event '{}' outside [0, --sim-time] = [0, {}] s",
                            e.ToString(),
                            simTime));
        }
        if ((e.kind == ScenarioEvent::ADD || e.kind == ScenarioEvent::REMOVE) &&
            (e.resource < 1 || e.resource > resources + 1000000))
        {
            Bad("--events",
                fmt::format("event '{}': resource out of range 1..{}",
                            e.ToString(),
                            resources + 1000000));
        }
        if (e.kind != ScenarioEvent::REMOVE && e.node >= kMaxScenarioNodes)
        {
            Bad("--events", fmt::format("event '{}': node out of range", e.ToString()));
        }
    }
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

/// Set up a run and, when `simulate`, run it; RunGossipScenario and
/// CheckGossipScenario share every step up to Simulator::Run.
GossipScenarioResult
SetUpAndRun(const GossipScenarioConfig& c, bool simulate)
{
    const auto wallStart = std::chrono::steady_clock::now();
    c.Validate();
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
        const uint64_t bits = uint64_t{c.budgetBytes} * 8;
        const uint64_t per = c.filter == "bf"    ? bits
                             : c.filter == "lbf" ? bits / c.cellBits
                                                 : bits / depth;
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

    const std::string type = c.filter == "bf"    ? "ns3::BfGossipApplication"
                             : c.filter == "lbf" ? "ns3::LbfGossipApplication"
                                                 : "ns3::AbfGossipApplication";
    BloomGossipHelper gossip(type);
    gossip.SetAttribute("BeaconInterval", TimeValue(Seconds(c.interval)));
    gossip.SetAttribute("Jitter", TimeValue(Seconds(c.jitter)));
    gossip.SetAttribute("NeighbourExpiry", TimeValue(Seconds(c.expiry)));
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
    NodeContainer nodes = network.GetNodes();
    ApplicationContainer apps = gossip.Install(nodes);
    gossip.AssignStreams(nodes, stream);
    apps.Start(Seconds(0));
    apps.Stop(Seconds(c.simTime));

    std::vector<Ptr<BloomGossipApplication>> appList;
    std::vector<std::vector<uint32_t>> graph;
    for (uint32_t i = 0; i < n; ++i)
    {
        appList.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
        graph.push_back(topo.GetNeighbours(i));
    }
    result.describe = appList.front()->GetPolicy().Describe();
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

    // Workload: each resource on `replicas` distinct random nodes.
    Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
    pick->SetStream(kWorkloadStream);
    const uint32_t replicas = std::min(c.replicas, n);
    for (uint64_t r = 1; r <= c.resources; ++r)
    {
        std::vector<uint32_t> chosen;
        while (chosen.size() < replicas)
        {
            const uint32_t node = pick->GetInteger(0, n - 1);
            if (std::find(chosen.begin(), chosen.end(), node) == chosen.end())
            {
                chosen.push_back(node);
            }
        }
        for (uint32_t node : chosen)
        {
            Simulator::ScheduleNow(&GossipMetrics::AddResource, &metrics, node, r);
        }
    }
    for (const ScenarioEvent& e : c.events)
    {
        if (e.kind != ScenarioEvent::REMOVE && e.node >= n)
        {
            Bad("--events",
                fmt::format("event '{}': node {} out of range 0..{}", e.ToString(), e.node, n - 1));
        }
        switch (e.kind)
        {
        case ScenarioEvent::ADD:
            Simulator::Schedule(Seconds(e.time),
                                &GossipMetrics::AddResource,
                                &metrics,
                                e.node,
                                e.resource);
            break;
        case ScenarioEvent::REMOVE:
            for (uint32_t node = 0; node < n; ++node)
            {
                Simulator::Schedule(Seconds(e.time), [&metrics, node, e]() {
                    if (metrics.TrueDistance(node, e.resource) == 0)
                    {
                        metrics.RemoveResource(node, e.resource);
                    }
                });
            }
            break;
        case ScenarioEvent::FAIL:
            Simulator::Schedule(Seconds(e.time), &GossipMetrics::FailNode, &metrics, e.node);
            break;
        }
    }

    if (!simulate)
    {
        Simulator::Destroy();
        return result;
    }
    Simulator::Stop(Seconds(c.simTime));
    Simulator::Run();
    result.metrics = metrics.Finish(Seconds(c.simTime));
    Simulator::Destroy();
    result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    return result;
}

/// SetUpAndRun, leaving no simulation objects behind when it throws.
GossipScenarioResult
SetUpAndRunCleanly(const GossipScenarioConfig& c, bool simulate)
{
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

std::string
GossipCsvHeader()
{
    return "filter,topology,nodes,diameter,mean_degree,seed,run,m,k,b,a,depth,budget_bytes,"
           "interval,timer,resources,replicas,sim_time,payload_bytes,frames_per_beacon,"
           "advertisements,gossip_frames,bytes_on_air,gossip_bytes_per_node_s,hop_pairs,hop_mae,"
           "hop_rmse,hop_bias,hop_exact,hop_within1,hop_miss,membership,fpr,"
           "diss_latency_median,diss_latency_p95,diss_latency_max,convergence_time,stale_pairs,"
           "stale_reported,purge_time,malformed";
}

std::string
GossipCsvRow(const GossipScenarioConfig& c, const GossipScenarioResult& r)
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
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
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
                       m.malformed);
    return out;
}

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
