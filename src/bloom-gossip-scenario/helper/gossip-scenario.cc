/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-scenario.h"

#include "netanim-recorder.h"
#include "scenario-parameters.h"
#include "truth-sampler.h"
#include "wifi-device-builder.h"

#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-query-application.h"
#include "ns3/bloom-query-helper.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/duty-cycle-scheduler.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/filter-family.h"
#include "ns3/gossip-message.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-energy-helper.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#if BLOOM_GOSSIP_UDP6
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv6-address-helper.h"
#include "ns3/sixlowpan-helper.h"
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GossipScenario");

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
/// Stream picking the mobile nodes (--mobile-share).
constexpr int64_t kMobileSelectStream = 50;

uint32_t
GridSide(uint32_t nodes)
{
    return static_cast<uint32_t>(std::ceil(std::sqrt(static_cast<double>(nodes)) - 1e-9));
}

} // namespace

BloomGossipHelper
MakeGossipHelper(const GossipScenarioConfig& c, uint32_t slots, uint32_t depth)
{
    // Every attribute of the parameter table (scenario-parameters.cc) that the
    // family's application type has, m and the depth as resolved for the run.
    GossipScenarioConfig run = c;
    run.slots = slots;
    run.depth = depth;
    const std::string type = bloom::GetFilterFamily(c.filter).typeId;
    BloomGossipHelper gossip(type);
    for (const auto& [name, value] : ScenarioAttributeValues(type, run))
    {
        gossip.SetAttribute(name, *value);
    }
    return gossip;
}

std::optional<double>
PurgeBound(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    // A family without purgeBound (SDBF: a bit that two neighbours both keep
    // outlives its resource, as in a BF) has none despite a finite reach.
    if (r.reach == std::numeric_limits<uint32_t>::max() ||
        !bloom::GetFilterFamily(c.filter).purgeBound ||
        c.timer != BloomGossipApplication::PERIODIC ||
        c.learning != BloomGossipApplication::GOSSIP) // learnt entries never expire
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
    if (c.topology == ScenarioTopology::LINE)
    {
        return WsnTopology::Line(c.nodes, c.spacing);
    }
    if (c.topology == ScenarioTopology::GRID)
    {
        const uint32_t w = c.gridWidth > 0 ? c.gridWidth : GridSide(c.nodes);
        const uint32_t h =
            c.gridWidth > 0 ? (c.gridHeight > 0 ? c.gridHeight : w) : (c.nodes + w - 1) / w;
        return WsnTopology::Grid(w, h, c.spacing);
    }
    if (c.topology == ScenarioTopology::DISK)
    {
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(kTopologyStream);
        return WsnTopology::RandomDisk(c.nodes, c.radio.range, c.meanDegree, rng, c.diskPolicy);
    }
    if (c.topology == ScenarioTopology::BCUN)
    {
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(kTopologyStream);
        return WsnTopology::Bcun(c.bcun, c.radio.range, rng);
    }
    return WsnTopology::FromCsv(c.positions);
}

namespace
{
GossipScenarioResult SetUpAndRun(const GossipScenarioConfig& c,
                                 const ScenarioRecorders& rec,
                                 bool simulate,
                                 const GossipScenarioHooks& hooks);

/// Simulate the run set up, with the hooks around Simulator::Run.
void
Simulate(const GossipScenarioConfig& c, const GossipScenarioHooks& hooks)
{
    Simulator::Stop(Seconds(c.simTime));
    if (hooks.beforeRun)
    {
        hooks.beforeRun();
    }
    Simulator::Run();
    if (hooks.afterRun)
    {
        hooks.afterRun();
    }
}

/**
 * The nodes --mobile-nodes lets move, ascending, before the network exists:
 * every node (random, sinks), or the holders: the nodes the workload's
 * placement will draw (replayed on a variable of the workload's placement
 * stream, through the same function) and those add events give a resource.
 */
std::vector<uint32_t>
MobileCandidates(const GossipScenarioConfig& c, const WsnTopology& topology)
{
    const uint32_t n = topology.GetN();
    std::vector<uint32_t> nodes;
    if (c.dynamics.mobileNodes != ScenarioMobileNodes::HOLDERS ||
        c.placement == ResourcePlacement::ONE_PER_NODE)
    {
        nodes.resize(n);
        std::iota(nodes.begin(), nodes.end(), 0);
        return nodes;
    }
    std::vector<bool> holder(n, false);
    Ptr<UniformRandomVariable> placement = CreateObject<UniformRandomVariable>();
    placement->SetStream(kWorkloadStream);
    for (const auto& holders : GossipWorkload::DrawPlacement(placement, n, c.resources, c.replicas))
    {
        for (uint32_t node : holders)
        {
            holder[node] = true;
        }
    }
    for (const WorkloadEvent& e : c.events)
    {
        if (e.kind == WorkloadEvent::ADD && e.node < n)
        {
            holder[e.node] = true;
        }
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        if (holder[i])
        {
            nodes.push_back(i);
        }
    }
    return nodes;
}

/// SetUpAndRun, leaving no node, device or event behind when it throws.
GossipScenarioResult
SetUpAndRunCleanly(const GossipScenarioConfig& c,
                   const ScenarioRecorders& rec,
                   bool simulate,
                   const GossipScenarioHooks& hooks)
{
    c.Validate();
    rec.Validate(c.simTime, c.queries);
    try
    {
        return SetUpAndRun(c, rec, simulate, hooks);
    }
    catch (...)
    {
        Simulator::Destroy();
        throw;
    }
}
} // namespace

GossipScenarioResult
RunGossipScenario(const GossipScenarioConfig& c,
                  const ScenarioRecorders& rec,
                  const GossipScenarioHooks& hooks)
{
    return SetUpAndRunCleanly(c, rec, true, hooks);
}

GossipScenarioResult
CheckGossipScenario(const GossipScenarioConfig& c, const ScenarioRecorders& rec)
{
    return SetUpAndRunCleanly(c, rec, false, GossipScenarioHooks());
}

namespace
{
/// Set up a run and, when `simulate`, run it; RunGossipScenario and
/// CheckGossipScenario share every step up to Simulator::Run.
GossipScenarioResult
SetUpAndRun(const GossipScenarioConfig& given,
            const ScenarioRecorders& rec,
            bool simulate,
            const GossipScenarioHooks& hooks)
{
    const auto wallStart = std::chrono::steady_clock::now();
    GossipScenarioResult result;
    result.seed = RngSeedManager::GetSeed();
    result.run = RngSeedManager::GetRun();

    WsnTopology input;
    try
    {
        input = BuildTopology(given);
    }
    catch (const WsnTopology::BcunError& e)
    {
        // No BCUN graph: the option of the step where most draws failed.
        using Step = WsnTopology::BcunError;
        const std::map<int, const char*> option{{Step::DISCONNECTED, "--bcun-radius"},
                                                {Step::CLOSE, "--bcun-min-distance2"},
                                                {Step::DEGREE, "--bcun-max-degree"},
                                                {Step::TOO_FEW, "--bcun-nodes"},
                                                {Step::RADIUS_GREW, "--bcun-radius-step"}};
        ThrowOptionError(option.at(e.GetStep()), e.what());
    }
    catch (const std::exception& e)
    {
        // A bad positions file, or no connected random draw.
        ThrowOptionError(given.topology == ScenarioTopology::FILE   ? "--positions"
                         : given.topology == ScenarioTopology::DISK ? "--degree"
                                                                    : "--topology",
                         e.what());
    }
    // One resource per node: as many resources as nodes, known only now.
    GossipScenarioConfig resolved = given;
    if (given.placement == ResourcePlacement::ONE_PER_NODE)
    {
        resolved.resources = input.GetN();
        resolved.replicas = 1;
        resolved.CheckCombinations(); // e.g. DV's id width for ids up to n
    }
    const GossipScenarioConfig& c = resolved;
    if (input.GetN() > kMaxScenarioNodes)
    {
        // A square grid for --nodes N rounds up (65,533 nodes: 256 x 256).
        ThrowOptionError(c.topology == ScenarioTopology::GRID
                             ? (c.gridWidth > 0 ? "--grid" : "--nodes")
                             : "--nodes",
                         fmt::format("a {} of {} nodes, more than the {} of one 802.15.4 PAN",
                                     ToString(c.topology),
                                     input.GetN(),
                                     kMaxScenarioNodes));
    }
    WsnNetworkHelper network(c.radio);
    if (c.radio.device == WsnRadioConfig::Device::WIFI)
    {
        network.SetDeviceBuilder(std::make_shared<WifiDeviceBuilder>());
    }
    ScenarioMobilityInstaller mobility(c.dynamics);
    mobility.PrepareNetwork(network, input, kMobileSelectStream, MobileCandidates(c, input));
    NetDeviceContainer devices = network.Install(input);
    int64_t stream = kFirstDeviceStream;
    stream += network.AssignStreams(stream);
    if (c.frameLoss > 0)
    {
        stream += network.SetFrameLoss(c.frameLoss, stream);
    }
    if (hooks.applications)
    {
        // A program's own applications on the run's network (sim-benchmark).
        hooks.applications(GossipScenarioStage{c, network, devices, stream, kWorkloadStream});
        result.nodes = network.GetTopology().GetN();
        if (simulate)
        {
            Simulate(c, hooks);
        }
        Simulator::Destroy();
        result.wallSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
        return result;
    }
    const WsnTopology& topo = network.GetTopology();
    const uint32_t n = topo.GetN();
    if (c.replicas > n)
    {
        ThrowOptionError(
            "--replicas",
            fmt::format("{} holders per resource, but the network has {} nodes", c.replicas, n));
    }
    if (uint64_t{n} * c.resources > kMaxTruthPairs)
    {
        ThrowOptionError(c.placement == ResourcePlacement::ONE_PER_NODE ? "--placement"
                                                                        : "--resources",
                         fmt::format("{} resources on {} nodes are {} (node, resource) pairs of "
                                     "ground truth, more than the {} a run tracks (memory and time "
                                     "grow with them)",
                                     c.resources,
                                     n,
                                     uint64_t{n} * c.resources,
                                     kMaxTruthPairs));
    }
    rec.CheckMapRows(c.simTime,
                     n,
                     c.resources + std::count_if(c.events.begin(),
                                                 c.events.end(),
                                                 [](const WorkloadEvent& e) {
                                                     return e.kind == WorkloadEvent::ADD;
                                                 }),
                     topo.GetLinkCount());
    result.nodes = n;
    result.droppedNodes = c.topology == ScenarioTopology::DISK   ? c.nodes - n
                          : c.topology == ScenarioTopology::BCUN ? c.bcun.nodes - n
                                                                 : 0;
    result.diameter = topo.Diameter();
    {
        const std::vector<uint32_t> labels = topo.ComponentLabels();
        result.components =
            labels.empty() ? 0 : *std::max_element(labels.begin(), labels.end()) + 1;
    }
    result.meanDegree = topo.MeanDegree();

    // Filter shape: equal parameters, or derived from the byte budget.
    const bloom::FilterFamily& family = bloom::GetFilterFamily(c.filter);
    const uint32_t depth =
        c.depth > 0 ? c.depth : std::min<uint32_t>(bloom::kMaxDepth, result.diameter + 1);
    uint32_t slots = c.slots;
    if (c.budgetBytes > 0)
    {
        const uint64_t per = family.SlotsInBudget(c.budgetBytes, c.cellBits, depth);
        if (per < 1)
        {
            ThrowOptionError("--budget-bytes",
                             fmt::format("{} bytes cannot hold one slot of {} ({} levels)",
                                         c.budgetBytes,
                                         bloom::ToString(c.filter),
                                         depth));
        }
        slots = static_cast<uint32_t>(std::min<uint64_t>(per, bloom::kMaxSlots));
    }
    result.slots = slots;
    result.depth = family.Levels(depth);

    BloomGossipHelper gossip = MakeGossipHelper(c, slots, depth);
    // Link layer: every node's one lr-wpan device (udp6: its 6LoWPAN device, below).
    const uint32_t lrWpanIndex = devices.Get(0)->GetIfIndex();
    gossip.SetAttribute("DeviceIndex", UintegerValue(lrWpanIndex));
    NodeContainer nodes = network.GetNodes();
#if BLOOM_GOSSIP_UDP6
    if (c.transport == BloomGossipApplication::UDP6)
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
#endif
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
        query.SetAttribute("DeviceIndex", UintegerValue(lrWpanIndex));
        if (c.learning == BloomGossipApplication::QUERIES)
        {
            query.SetAttribute("CarryFilter", BooleanValue(true));
            // Query frames are not segmented: the filter must fit one.
            const Ptr<BloomGossipApplication> first =
                DynamicCast<BloomGossipApplication>(apps.Get(0));
            const size_t need =
                BloomQueryApplication::LeastQueryFrameBytes(first->GetPolicy(), true);
            const uint32_t mtu = devices.Get(0)->GetMtu();
            if (need > mtu)
            {
                ThrowOptionError("--learn",
                                 fmt::format("queries: a query frame carrying the {} filter takes "
                                             "{} bytes, more than the device MTU of {} bytes "
                                             "(lower --m or --b)",
                                             first->GetPolicy().Describe(),
                                             need,
                                             mtu));
            }
        }
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
    result.attenuation = appList.front()->GetPolicy().Attenuation();
    // Fail early, with a clear reason, when the filter cannot be segmented.
    uint32_t framesPerAdvertisement = 0;
    try
    {
        framesPerAdvertisement = appList.front()->GetFramesPerAdvertisement();
        result.framesPerAdvertisement = framesPerAdvertisement;
    }
    catch (const std::invalid_argument& e)
    {
        ThrowOptionError(c.budgetBytes > 0 ? "--budget-bytes" : "--m",
                         std::string(e.what()) +
                             " (lower --m, --b, --depth or --budget-bytes, or raise "
                             "--frame-bytes)");
    }
    // Offered load.  A node whose advertisement takes longer on the air than
    // the shortest time between two of them feeds its MAC queue faster than
    // the radio drains it (lr-wpan's queue has no bound): memory grows with
    // the simulated time.  Refused; a shared channel merely overloaded by the
    // neighbourhood is reported (CSMA/CA then drops frames, which is bounded).
    if (c.transport == BloomGossipApplication::LINK_LAYER &&
        c.radio.device == WsnRadioConfig::Device::LR_WPAN)
    {
        // 802.15.4 air time (DutyCycleScheduler::AirTime: 32 us per byte,
        // with the MAC header, FCS and the PHY's preamble, SFD and length); a
        // frame carries at least the segment header and one byte.
        const double leastFrame =
            DutyCycleScheduler::AirTime(bloom::kSegmentHeaderSize + 1).GetSeconds();
        const double fullFrame =
            DutyCycleScheduler::AirTime(c.frameBytes > 0 ? c.frameBytes : kLinkLayerMaxFrameBytes)
                .GetSeconds();
        const double shortest = c.timer == BloomGossipApplication::TRICKLE
                                    ? c.trickleImin / 2
                                    : std::max(c.interval - c.jitter, 1e-9);
        const double least = framesPerAdvertisement * leastFrame;
        if (least >= shortest)
        {
            ThrowOptionError(c.timer == BloomGossipApplication::TRICKLE ? "--trickle-imin"
                                                                        : "--interval",
                             fmt::format("an advertisement of {} frames takes at least {:.4g} s on "
                                         "the air at 250 kb/s, longer than the {:.4g} s between "
                                         "two of them: the radio cannot send what the node "
                                         "offers",
                                         framesPerAdvertisement,
                                         least,
                                         shortest));
        }
        if (c.dutyCycle < 1)
        {
            // Duty cycling: the frames of one advertisement per beacon
            // interval must fit, even back to back, in the active windows of
            // that interval (the schedule's queue has no bound either).
            const double windows = c.dutyCycle * c.dutyPeriod * (shortest / c.dutyPeriod);
            const double need = framesPerAdvertisement * leastFrame;
            if (need >= windows)
            {
                ThrowOptionError(
                    "--duty-cycle",
                    fmt::format("an advertisement of {} frames takes at least {:.4g} s "
                                "on the air, more than the {:.4g} s of active window "
                                "between two of them: the radio cannot send what the "
                                "node offers",
                                framesPerAdvertisement,
                                need,
                                windows));
            }
        }
        result.offeredLoad =
            framesPerAdvertisement * fullFrame * (topo.MeanDegree() + 1) / shortest;
    }

    // Energy and duty cycling (off by default: nothing installed, no random
    // stream taken, so runs without them stay as they were).
    std::vector<Ptr<LrWpanRadioEnergyModel>> energyModels;
    if (c.EnergyOn())
    {
        LrWpanEnergyHelper energy;
        energy.SetBattery(c.batteryJoules);
        energyModels = energy.Install(devices);
    }
    if (c.dutyCycle < 1)
    {
        DutyCycleHelper duty;
        duty.SetAttribute("Period", TimeValue(Seconds(c.dutyPeriod)));
        duty.SetAttribute("DutyCycle", DoubleValue(c.dutyCycle));
        duty.SetAttribute("Guard", TimeValue(Seconds(kDutyGuardSeconds)));
        stream += DutyCycleHelper::AssignStreams(duty.Install(devices), stream);
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
    if (c.placement == ResourcePlacement::ONE_PER_NODE)
    {
        workload->PlaceOnePerNode();
    }
    else
    {
        workload->PlaceResources(c.resources, c.replicas);
    }
    if (c.dynamics.mobileNodes == ScenarioMobileNodes::SINKS)
    {
        workload->SetOrigins(mobility.MobileNodes()); // the moving nodes are the sinks
    }
    try
    {
        workload->ScheduleEvents(c.events);
    }
    catch (const std::invalid_argument& e)
    {
        ThrowOptionError("--events", e.what());
    }
    QueryWalkRecorder walks(metrics); // --walk-csv: through queryMetrics' subscription
    std::unique_ptr<QueryMetrics> queryMetrics;
    if (!queryApps.empty())
    {
        queryMetrics = std::make_unique<QueryMetrics>(queryApps, metrics);
        if (rec.walks)
        {
            queryMetrics->SetObserver(&walks);
        }
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
        plan.warmup = c.queryWarmup;
        plan.warmupStart = c.QueryWarmupStart();
        plan.warmupStrategies =
            c.queryWarmup > 0 ? c.QueryWarmupStrategies() : std::vector<bloom::QueryStrategy>{};
        plan.ttl = [&c, diameter = result.diameter](bloom::QueryStrategy s) -> uint8_t {
            if (c.queryTtl > 0)
            {
                return static_cast<uint8_t>(c.queryTtl);
            }
            return bloom::DefaultQueryTtl(s, diameter);
        };
        workload->ScheduleQueries(plan);
    }

    // Mobility (own streams after all others) and the truth's observers.
    stream += mobility.Install(network, stream);
    result.dynamics.mobileNodes = mobility.GetModelCount();
    result.dynamics.moving = mobility.MobileNodes();
    TruthSampler sampler(c.dynamics, rec.MapTimes(c.simTime));
    sampler.Start(network, metrics, c.simTime);

    if (!simulate)
    {
        Simulator::Destroy();
        return result;
    }
    NetAnimRecorder anim;
    if (rec.netanim)
    {
        anim.Start(Seconds(c.dynamics.EffectiveSampleInterval()));
    }
    Simulate(c, hooks);
    TruthRecord truth = sampler.Finish();
    result.dynamics.samples = std::move(truth.samples);
    result.dynamics.repairDelays = std::move(truth.repairDelays);
    result.dynamics.unrepaired = truth.unrepaired;
    result.dynamics.mapNodes = std::move(truth.mapNodes);
    result.dynamics.mapLinks = std::move(truth.mapLinks);
    result.dynamics.walks = walks.GetRows();
    result.metrics = metrics.Finish(Seconds(c.simTime));
    if (!energyModels.empty())
    {
        result.energy =
            EnergyMetrics(energyModels).Finish(Seconds(c.simTime), result.metrics.advertisements);
    }
    if (queryMetrics)
    {
        queryMetrics->Finish(Seconds(c.simTime));
        result.queries = queryMetrics->GetRecords();
    }
    Simulator::Destroy();
    result.dynamics.netanim = anim.Finish();
    result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    return result;
}
} // namespace

} // namespace ns3
