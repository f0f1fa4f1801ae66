/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-dynamics.h"

#include "gossip-scenario-config.h"
#include "output-files.h"

#ifndef BLOOM_GOSSIP_NETANIM
#error "BLOOM_GOSSIP_NETANIM is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#if BLOOM_GOSSIP_NETANIM
#include "ns3/animation-interface.h"
#endif
#include "ns3/box.h"
#include "ns3/constant-velocity-mobility-model.h"
#include "ns3/double.h"
#include "ns3/gauss-markov-mobility-model.h"
#include "ns3/input-file.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/ns2-mobility-helper.h"
#include "ns3/pointer.h"
#include "ns3/position-allocator.h"
#include "ns3/random-variable-stream.h"
#include "ns3/random-waypoint-mobility-model.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fmt/format.h>
#include <fstream>
#include <numeric>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScenarioDynamics");

std::string
ToString(ScenarioMobility mobility)
{
    switch (mobility)
    {
    case ScenarioMobility::NONE:
        return "none";
    case ScenarioMobility::RANDOM_WAYPOINT:
        return "random-waypoint";
    case ScenarioMobility::GAUSS_MARKOV:
        return "gauss-markov";
    case ScenarioMobility::NS2:
        return "ns2";
    }
    return "none";
}

std::string
ToString(ScenarioMobileNodes set)
{
    switch (set)
    {
    case ScenarioMobileNodes::RANDOM:
        return "random";
    case ScenarioMobileNodes::HOLDERS:
        return "holders";
    case ScenarioMobileNodes::SINKS:
        return "sinks";
    }
    return "random";
}

bool
NetAnimBuilt()
{
    return BLOOM_GOSSIP_NETANIM != 0;
}

namespace
{
/// Gauss-Markov memory (ns-3's default).
constexpr double kGaussMarkovAlpha = 0.85;

/// Node numbers a trace names: "$node_(N)".
std::vector<uint64_t>
TraceNodes(const std::string& text)
{
    std::vector<uint64_t> nodes;
    static const std::regex kNode(R"(\$node_\(\s*([0-9]{1,9})\s*\))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kNode);
         it != std::sregex_iterator();
         ++it)
    {
        nodes.push_back(std::stoull((*it)[1].str()));
    }
    return nodes;
}
} // namespace

void
ScenarioDynamicsConfig::Validate(double simTime, uint32_t queries, bool resources) const
{
    const bool moving =
        mobility == ScenarioMobility::RANDOM_WAYPOINT || mobility == ScenarioMobility::GAUSS_MARKOV;
    if (moving && !(speed > 0 && speed <= 1000))
    {
        ThrowOptionError("--speed",
                         fmt::format("{} m/s; random waypoint and Gauss-Markov need a speed in "
                                     "(0, 1000] (use --mobility none for static nodes)",
                                     speed));
    }
    if (!(pause >= 0 && pause <= kMaxScenarioTime))
    {
        ThrowOptionError("--pause",
                         fmt::format("{} s is outside [0, {}]", pause, kMaxScenarioTime));
    }
    if (!(mobileShare > 0 && mobileShare <= 1))
    {
        ThrowOptionError("--mobile-share", fmt::format("{} is outside (0, 1]", mobileShare));
    }
    if (mobileNodes != ScenarioMobileNodes::RANDOM)
    {
        const std::string set = ToString(mobileNodes);
        if (mobility == ScenarioMobility::NONE)
        {
            ThrowOptionError("--mobile-nodes",
                             set + " needs --mobility random-waypoint or gauss-markov");
        }
        if (mobility == ScenarioMobility::NS2)
        {
            ThrowOptionError("--mobile-nodes", "not with --mobility ns2 (the trace moves nodes)");
        }
        if (mobileNodes == ScenarioMobileNodes::SINKS && queries == 0)
        {
            ThrowOptionError("--mobile-nodes",
                             "sinks needs --queries > 0 (the sinks are the nodes that issue "
                             "the queries)");
        }
        if (mobileNodes == ScenarioMobileNodes::HOLDERS && !resources)
        {
            ThrowOptionError("--mobile-nodes",
                             "holders, but no node holds a resource (--resources 0 and no "
                             "add event)");
        }
    }
    if (netanim && !NetAnimBuilt())
    {
        ThrowOptionError("--netanim",
                         "needs ns-3's netanim module, which this build was configured without "
                         "(in an ns-3 tree: --enable-modules='bloom-gossip-scenario;netanim')");
    }
    if (mobility == ScenarioMobility::NS2)
    {
        if (ns2Trace.empty())
        {
            ThrowOptionError("--ns2-trace", "--mobility ns2 needs a trace file");
        }
        if (mobileShare != 1)
        {
            ThrowOptionError("--mobile-share", "not with --mobility ns2 (the trace moves nodes)");
        }
        std::string text;
        try
        {
            text = ReadInputFile(ns2Trace);
        }
        catch (const std::exception& e)
        {
            ThrowOptionError("--ns2-trace", e.what());
        }
        if (TraceNodes(text).empty())
        {
            ThrowOptionError("--ns2-trace",
                             QuoteForMessage(ns2Trace) +
                                 " names no node ($node_(N) set X_ ... or $ns_ at T "
                                 "\"$node_(N) setdest X Y SPEED\")");
        }
    }
    else if (!ns2Trace.empty())
    {
        ThrowOptionError("--ns2-trace", "only with --mobility ns2");
    }
    if (!(sampleInterval >= 0 && sampleInterval <= simTime))
    {
        ThrowOptionError(
            "--sample-interval",
            fmt::format("{} s is outside [0, --sim-time {}]", sampleInterval, simTime));
    }
    if (sampleInterval > 0 && simTime / sampleInterval > 1e6)
    {
        ThrowOptionError("--sample-interval",
                         fmt::format("{} samples over {} s; at most a million",
                                     simTime / sampleInterval,
                                     simTime));
    }
    if (map && mapTime > simTime)
    {
        ThrowOptionError("--map-time",
                         fmt::format("{} s is after --sim-time {}", mapTime, simTime));
    }
    if (!map && (mapTime >= 0 || mapEvery > 0))
    {
        ThrowOptionError(mapTime >= 0 ? "--map-time" : "--map-every", "needs --map-csv");
    }
    if (mapEvery < 0 || (mapEvery > 0 && simTime / mapEvery > 10000))
    {
        ThrowOptionError("--map-every",
                         fmt::format("{} s: at most 10,000 maps per run, none below 0", mapEvery));
    }
    if (walks && queries == 0)
    {
        ThrowOptionError("--walk-csv", "needs --queries > 0 (no query, no path)");
    }
}

struct ScenarioDynamics::Impl
{
    ScenarioDynamicsConfig config;
    std::vector<bool> mobile;
    std::vector<Ptr<MobilityModel>> models; //!< moving models, node order
    const WsnNetworkHelper* network{nullptr};
    GossipMetrics* metrics{nullptr};
    double simTime{0};
    ScenarioDynamicsResult result;
    EventId next;

    // Query paths.
    struct Pending
    {
        uint32_t query;
        bloom::QueryStrategy strategy;
        uint32_t origin;
        uint64_t key;
    };

    std::optional<Pending> issuing;
    std::map<bloom::QueryId, Pending> byId;
    std::map<std::pair<uint32_t, std::string>, uint32_t> steps;
    uint32_t issued{0};
    std::unique_ptr<TemporaryFile> animFile; //!< the NetAnim trace's temporary file
#if BLOOM_GOSSIP_NETANIM
    std::unique_ptr<AnimationInterface> anim; //!< the NetAnim trace
#endif

    void Sample();
    void Map();
    void AddWalk(const Pending& p,
                 const std::string& kind,
                 uint32_t node,
                 uint32_t hops,
                 bool back);
    static void OnIssued(Impl* impl,
                         uint32_t origin,
                         uint64_t key,
                         bool absent,
                         bloom::QueryStrategy strategy);
    static void OnSent(Impl* impl, const bloom::QueryId& id, uint64_t, bloom::QueryStrategy);
    static void OnForwarded(Impl* impl,
                            uint32_t node,
                            const bloom::QueryId& id,
                            uint8_t hops,
                            bool backtrack);
    static void OnDelivered(Impl* impl, uint32_t node, const bloom::QueryId& id, uint8_t hops);
};

ScenarioDynamics::ScenarioDynamics(const ScenarioDynamicsConfig& config)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->config = config;
}

ScenarioDynamics::~ScenarioDynamics()
{
#if BLOOM_GOSSIP_NETANIM
    m_impl->anim.reset(); // closes the file before animFile removes it
#endif
}

void
ScenarioDynamics::PrepareNetwork(WsnNetworkHelper& network,
                                 const WsnTopology& topology,
                                 int64_t selectStream,
                                 const std::vector<uint32_t>& candidates)
{
    const ScenarioDynamicsConfig& c = m_impl->config;
    if (c.mobility == ScenarioMobility::NONE)
    {
        return;
    }
    const uint32_t n = topology.GetN();
    double minX = 0;
    double maxX = 0;
    double minY = 0;
    double maxY = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        const Vector& p = topology.GetPosition(i);
        minX = i == 0 ? p.x : std::min(minX, p.x);
        maxX = i == 0 ? p.x : std::max(maxX, p.x);
        minY = i == 0 ? p.y : std::min(minY, p.y);
        maxY = i == 0 ? p.y : std::max(maxY, p.y);
    }
    if (c.mobility == ScenarioMobility::GAUSS_MARKOV && (maxX - minX < 1e-9 || maxY - minY < 1e-9))
    {
        ThrowOptionError("--mobility",
                         "gauss-markov needs a deployment area; the positions span no area (a "
                         "line?); use random-waypoint");
    }
    if (c.mobility == ScenarioMobility::NS2)
    {
        const std::vector<uint64_t> named = TraceNodes(ReadInputFile(c.ns2Trace));
        const uint64_t most = *std::max_element(named.begin(), named.end());
        if (most >= n)
        {
            ThrowOptionError("--ns2-trace",
                             fmt::format("the trace moves $node_({}), but the network has {} "
                                         "nodes (0..{})",
                                         most,
                                         n,
                                         n - 1));
        }
    }
    // The mobile nodes: every candidate, or a random share of them drawn
    // from their own stream (with every node a candidate, the draw is the
    // one --mobile-share made before --mobile-nodes existed).
    const auto m = static_cast<uint32_t>(candidates.size());
    if (m == 0)
    {
        throw std::logic_error("ScenarioDynamics::PrepareNetwork: no candidate node");
    }
    std::vector<uint32_t> order = candidates;
    uint32_t k = m;
    if (c.mobileShare < 1)
    {
        k = std::max<uint32_t>(
            1,
            static_cast<uint32_t>(std::lround(c.mobileShare * static_cast<double>(m))));
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(selectStream);
        for (uint32_t i = 0; i < k; ++i)
        {
            const uint32_t j = rng->GetInteger(i, m - 1);
            std::swap(order[i], order[j]);
        }
    }
    m_impl->mobile.assign(n, false);
    for (uint32_t i = 0; i < k; ++i)
    {
        if (order[i] >= n)
        {
            throw std::logic_error("ScenarioDynamics::PrepareNetwork: candidate out of range");
        }
        m_impl->mobile[order[i]] = true;
    }
    Impl* impl = m_impl.get();
    const Box area(minX, maxX, minY, maxY, -1, 1);
    network.SetMobilityFactory([impl, area](uint32_t i, const Vector& at) -> Ptr<MobilityModel> {
        if (!impl->mobile[i])
        {
            return nullptr;
        }
        const ScenarioDynamicsConfig& c = impl->config;
        Ptr<MobilityModel> model;
        if (c.mobility == ScenarioMobility::RANDOM_WAYPOINT)
        {
            Ptr<RandomRectanglePositionAllocator> waypoints =
                CreateObject<RandomRectanglePositionAllocator>();
            Ptr<UniformRandomVariable> x = CreateObject<UniformRandomVariable>();
            x->SetAttribute("Min", DoubleValue(area.xMin));
            x->SetAttribute("Max", DoubleValue(area.xMax));
            Ptr<UniformRandomVariable> y = CreateObject<UniformRandomVariable>();
            y->SetAttribute("Min", DoubleValue(area.yMin));
            y->SetAttribute("Max", DoubleValue(area.yMax));
            waypoints->SetX(x);
            waypoints->SetY(y);
            model = CreateObjectWithAttributes<RandomWaypointMobilityModel>(
                "Speed",
                StringValue(fmt::format("ns3::ConstantRandomVariable[Constant={}]", c.speed)),
                "Pause",
                StringValue(fmt::format("ns3::ConstantRandomVariable[Constant={}]", c.pause)),
                "PositionAllocator",
                PointerValue(waypoints));
        }
        else if (c.mobility == ScenarioMobility::GAUSS_MARKOV)
        {
            // Mean speed c.speed, speed noise N(0, (speed/4)^2) cut at speed/2,
            // direction noise N(0, 0.2) cut at 0.6 rad, no pitch: a plane.
            model = CreateObjectWithAttributes<GaussMarkovMobilityModel>(
                "Bounds",
                BoxValue(area),
                "Alpha",
                DoubleValue(kGaussMarkovAlpha),
                "MeanVelocity",
                StringValue(fmt::format("ns3::ConstantRandomVariable[Constant={}]", c.speed)),
                "MeanDirection",
                StringValue("ns3::UniformRandomVariable[Min=0|Max=6.283185307]"),
                "MeanPitch",
                StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                "NormalVelocity",
                StringValue(fmt::format("ns3::NormalRandomVariable[Mean=0|Variance={}|Bound={}]",
                                        c.speed * c.speed / 16,
                                        c.speed / 2)),
                "NormalDirection",
                StringValue("ns3::NormalRandomVariable[Mean=0|Variance=0.2|Bound=0.6]"),
                "NormalPitch",
                StringValue("ns3::NormalRandomVariable[Mean=0|Variance=0|Bound=1]"));
        }
        else
        {
            model = CreateObject<ConstantVelocityMobilityModel>();
        }
        model->SetPosition(at);
        impl->models.push_back(model);
        return model;
    });
}

int64_t
ScenarioDynamics::InstallMobility(const WsnNetworkHelper& network, int64_t stream)
{
    const ScenarioDynamicsConfig& c = m_impl->config;
    m_impl->result.mobileNodes = static_cast<uint32_t>(m_impl->models.size());
    m_impl->result.moving = MobileNodes();
    if (c.mobility == ScenarioMobility::NONE)
    {
        return 0;
    }
    if (c.mobility == ScenarioMobility::NS2)
    {
        // Finds each node's ConstantVelocityMobilityModel (the factory's).
        Ns2MobilityHelper ns2(c.ns2Trace);
        NodeContainer nodes = network.GetNodes();
        ns2.Install(nodes.Begin(), nodes.End());
        return 0;
    }
    // The grid channel may index the moving PHYs under a bound on their speed:
    // random waypoint moves at `speed`; Gauss-Markov's speed stays within
    // mean + sqrt(1 - a^2) B / (1 - a) for a noise cut at B.
    const double bound = c.mobility == ScenarioMobility::RANDOM_WAYPOINT
                             ? c.speed
                             : c.speed + std::sqrt(1 - kGaussMarkovAlpha * kGaussMarkovAlpha) *
                                             (c.speed / 2) / (1 - kGaussMarkovAlpha);
    network.GetChannel()->SetAttributeFailSafe("MaxSpeed", DoubleValue(bound * (1 + 1e-6)));
    int64_t used = 0;
    for (const auto& model : m_impl->models)
    {
        used += model->AssignStreams(stream + used);
    }
    return used;
}

std::vector<uint32_t>
ScenarioDynamics::MobileNodes() const
{
    std::vector<uint32_t> nodes;
    for (uint32_t i = 0; i < m_impl->mobile.size(); ++i)
    {
        if (m_impl->mobile[i])
        {
            nodes.push_back(i);
        }
    }
    return nodes;
}

void
ScenarioDynamics::StartNetAnim()
{
    Impl& impl = *m_impl;
    if (!impl.config.netanim)
    {
        return;
    }
#if BLOOM_GOSSIP_NETANIM
    // AnimationInterface writes to a file it opens itself: a private
    // temporary one (removed at the end, or if the program is stopped by a
    // signal), read back by FinishNetAnim; the program writes the trace to
    // --netanim through OutputFiles like its other outputs.
    const char* tmp = std::getenv("TMPDIR");
    const std::string pattern =
        std::string(tmp && *tmp ? tmp : "/tmp") + "/bloom-gossip-netanim-XXXXXX";
    impl.animFile = std::make_unique<TemporaryFile>(pattern);
    if (impl.animFile->Fd() < 0)
    {
        throw std::runtime_error("--netanim: cannot create a temporary file " +
                                 QuoteForMessage(pattern) + ": " +
                                 std::strerror(impl.animFile->Error()));
    }
    ::close(impl.animFile->Fd());
    impl.anim = std::make_unique<AnimationInterface>(impl.animFile->Path());
    // Cheap: positions and moves only (no packet, no metadata, no counter),
    // polled at the truth's sampling interval.
    impl.anim->SkipPacketTracing();
    impl.anim->EnablePacketMetadata(false);
    impl.anim->SetMobilityPollInterval(Seconds(impl.config.EffectiveSampleInterval()));
#endif
}

std::string
ScenarioDynamics::FinishNetAnim()
{
    Impl& impl = *m_impl;
    if (!impl.animFile)
    {
        return {};
    }
#if BLOOM_GOSSIP_NETANIM
    impl.anim.reset(); // closes the anim element and the file
#endif
    std::ifstream in(impl.animFile->Path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in.good() && !in.eof())
    {
        throw std::runtime_error("--netanim: cannot read back the temporary trace " +
                                 QuoteForMessage(impl.animFile->Path()));
    }
    impl.animFile.reset();
    return text.str();
}

void
ScenarioDynamics::Start(const WsnNetworkHelper& network,
                        GossipMetrics& metrics,
                        const std::vector<Ptr<BloomQueryApplication>>& queryApps,
                        Ptr<GossipWorkload> workload,
                        double simTime)
{
    Impl* impl = m_impl.get();
    impl->network = &network;
    impl->metrics = &metrics;
    impl->simTime = simTime;
    const ScenarioDynamicsConfig& c = impl->config;
    if (c.Sampling())
    {
        impl->next = Simulator::Schedule(Seconds(0), &Impl::Sample, impl);
    }
    const double first = c.FirstMapTime();
    if (c.map && first >= 0)
    {
        double t = first;
        while (t < simTime - 1e-9)
        {
            Simulator::Schedule(Seconds(t), &Impl::Map, impl);
            if (!(c.mapEvery > 0))
            {
                break;
            }
            t += c.mapEvery;
        }
    }
    if (c.walks && !queryApps.empty())
    {
        workload->TraceConnectWithoutContext("QueryIssued",
                                             MakeBoundCallback(&Impl::OnIssued, impl));
        for (uint32_t i = 0; i < queryApps.size(); ++i)
        {
            queryApps[i]->TraceConnectWithoutContext("QuerySent",
                                                     MakeBoundCallback(&Impl::OnSent, impl));
            queryApps[i]->TraceConnectWithoutContext(
                "QueryForwarded",
                MakeBoundCallback(&Impl::OnForwarded, impl, i));
            queryApps[i]->TraceConnectWithoutContext(
                "QueryDelivered",
                MakeBoundCallback(&Impl::OnDelivered, impl, i));
        }
    }
}

void
ScenarioDynamics::Impl::Sample()
{
    const double now = Simulator::Now().GetSeconds();
    DynamicsSample s;
    s.time = now;
    if (config.mobility != ScenarioMobility::NONE)
    {
        s.linkChanges = metrics->SetGraph(network->CurrentGraph());
    }
    s.truth = metrics->Sample();
    const auto& graph = metrics->GetGraph();
    std::vector<uint32_t> label(graph.size(), UINT32_MAX);
    for (uint32_t u = 0; u < graph.size(); ++u)
    {
        s.links += graph[u].size();
        if (label[u] != UINT32_MAX)
        {
            continue;
        }
        std::deque<uint32_t> queue{u};
        label[u] = s.components++;
        while (!queue.empty())
        {
            const uint32_t v = queue.front();
            queue.pop_front();
            for (uint32_t w : graph[v])
            {
                if (label[w] == UINT32_MAX)
                {
                    label[w] = label[u];
                    queue.push_back(w);
                }
            }
        }
    }
    s.links /= 2;
    result.samples.push_back(s);
    const double next = now + config.EffectiveSampleInterval();
    if (next < simTime - 1e-9)
    {
        this->next = Simulator::Schedule(Seconds(next) - Simulator::Now(), &Impl::Sample, this);
    }
}

void
ScenarioDynamics::Impl::Map()
{
    // A map observes: it reads the links and the truth of this instant
    // without handing them to the metrics, whose truth (link changes,
    // repairs, samples) moves at --sample-interval alone.
    const bool moving = config.mobility != ScenarioMobility::NONE;
    std::vector<std::vector<uint32_t>> graph =
        moving ? network->CurrentGraph() : metrics->GetGraph();
    if (moving)
    {
        for (auto& neighbours : graph)
        {
            std::sort(neighbours.begin(), neighbours.end()); // as SetGraph keeps them
        }
    }
    const double now = Simulator::Now().GetSeconds();
    for (const PairState& p : moving ? metrics->Snapshot(graph) : metrics->Snapshot())
    {
        const Vector at = network->GetMobility(p.node)->GetPosition();
        result.mapNodes.push_back(MapNodeRow{now, at.x, at.y, p});
    }
    for (uint32_t a = 0; a < graph.size(); ++a)
    {
        for (uint32_t b : graph[a])
        {
            if (a < b)
            {
                result.mapLinks.push_back(MapLinkRow{now, a, b});
            }
        }
    }
}

void
ScenarioDynamics::Impl::AddWalk(const Pending& p,
                                const std::string& kind,
                                uint32_t node,
                                uint32_t hops,
                                bool back)
{
    WalkRow row;
    row.query = p.query;
    row.strategy = p.strategy;
    row.origin = p.origin;
    row.key = p.key;
    row.kind = kind;
    row.step = steps[{p.query, kind}]++;
    row.time = Simulator::Now().GetSeconds();
    row.node = node;
    row.hops = hops;
    row.backtrack = back;
    result.walks.push_back(row);
}

void
ScenarioDynamics::Impl::OnIssued(Impl* impl,
                                 uint32_t origin,
                                 uint64_t key,
                                 bool,
                                 bloom::QueryStrategy strategy)
{
    const Pending p{impl->issued++, strategy, origin, key};
    impl->issuing = p;
    // The shortest path now: down the truth's BFS distances, lowest index first.
    GossipMetrics& m = *impl->metrics;
    uint32_t at = origin;
    uint32_t d = m.TrueDistance(at, key);
    if (d == kUnreachable)
    {
        return;
    }
    impl->AddWalk(p, "shortest", at, 0, false);
    for (uint32_t hop = 1; d > 0; ++hop)
    {
        const uint32_t from = at;
        for (uint32_t v : m.GetGraph()[at])
        {
            if (m.TrueDistance(v, key) == d - 1)
            {
                at = v;
                break;
            }
        }
        if (at == from)
        {
            return; // no step down: the truth and the graph disagree (never expected)
        }
        d = m.TrueDistance(at, key);
        impl->AddWalk(p, "shortest", at, hop, false);
    }
}

void
ScenarioDynamics::Impl::OnSent(Impl* impl, const bloom::QueryId& id, uint64_t, bloom::QueryStrategy)
{
    if (impl->issuing)
    {
        impl->byId[id] = *impl->issuing;
        impl->issuing.reset();
    }
}

void
ScenarioDynamics::Impl::OnForwarded(Impl* impl,
                                    uint32_t node,
                                    const bloom::QueryId& id,
                                    uint8_t hops,
                                    bool backtrack)
{
    const auto it = impl->byId.find(id);
    if (it != impl->byId.end())
    {
        impl->AddWalk(it->second, "send", node, hops, backtrack);
    }
}

void
ScenarioDynamics::Impl::OnDelivered(Impl* impl,
                                    uint32_t node,
                                    const bloom::QueryId& id,
                                    uint8_t hops)
{
    const auto it = impl->byId.find(id);
    if (it != impl->byId.end())
    {
        impl->AddWalk(it->second, "deliver", node, hops, false);
    }
}

ScenarioDynamicsResult
ScenarioDynamics::Finish()
{
    Impl& impl = *m_impl;
    const ScenarioDynamicsConfig& c = impl.config;
    if (impl.metrics)
    {
        if (c.Sampling() &&
            (impl.result.samples.empty() || impl.result.samples.back().time < impl.simTime - 1e-9))
        {
            impl.Sample();
        }
        const double first = c.FirstMapTime();
        if (c.map && (first < 0 || first >= impl.simTime - 1e-9 ||
                      (c.mapEvery > 0 && std::fmod(impl.simTime - first, c.mapEvery) < 1e-9)))
        {
            impl.Map();
        }
        impl.result.repairDelays = impl.metrics->GetRepairDelays();
        impl.result.unrepaired = impl.metrics->CountUnrepaired();
    }
    return impl.result;
}

namespace
{
std::string
Num(double v)
{
    return std::isfinite(v) ? fmt::format("{:.6g}", v) : std::string("NA");
}

/// The speed column: 0 without motion, NA for a trace (its own speeds).
double
SpeedShown(const ScenarioDynamicsConfig& c)
{
    return c.mobility == ScenarioMobility::NONE  ? 0.0
           : c.mobility == ScenarioMobility::NS2 ? std::nan("")
                                                 : c.speed;
}
} // namespace

std::string
DynamicsCsvHeaderSuffix()
{
    return ",mobility,speed,pause,mobile_nodes,sample_interval,sample_from,samples,mean_exact,"
           "mean_within1,mean_wrong,mean_stale,final_exact,link_changes,repairs,repair_mean_s,"
           "repair_p95_s,unrepaired";
}

std::string
DynamicsCsvRowSuffix(const ScenarioDynamicsConfig& c, const ScenarioDynamicsResult& r)
{
    double exact = 0;
    double within1 = 0;
    double wrong = 0;
    double stale = 0;
    uint64_t used = 0;
    uint64_t changes = 0;
    for (const DynamicsSample& s : r.samples)
    {
        changes += s.linkChanges;
        if (s.time + 1e-9 < c.sampleFrom)
        {
            continue;
        }
        ++used;
        exact += s.truth.exact;
        within1 += s.truth.within1;
        wrong += s.truth.wrong;
        stale += s.truth.stale;
    }
    const double nan = std::nan("");
    const auto k = static_cast<double>(used);
    double mean = nan;
    if (!r.repairDelays.empty())
    {
        mean = std::accumulate(r.repairDelays.begin(), r.repairDelays.end(), 0.0) /
               static_cast<double>(r.repairDelays.size());
    }
    return fmt::format(",{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                       ToString(c.mobility),
                       Num(SpeedShown(c)),
                       c.pause,
                       r.mobileNodes,
                       Num(c.EffectiveSampleInterval()),
                       Num(c.sampleFrom),
                       used,
                       Num(used ? exact / k : nan),
                       Num(used ? within1 / k : nan),
                       Num(used ? wrong / k : nan),
                       Num(used ? stale / k : nan),
                       Num(r.samples.empty() ? nan : r.samples.back().truth.exact),
                       changes,
                       r.repairDelays.size(),
                       Num(mean),
                       Num(Quantile(r.repairDelays, 0.95)),
                       r.unrepaired);
}

std::string
DynamicsKeyCsvHeader()
{
    return "mobility,speed";
}

std::string
DynamicsKeyCsvColumns(const ScenarioDynamicsConfig& c)
{
    return fmt::format("{},{}", ToString(c.mobility), Num(SpeedShown(c)));
}

std::string
DynamicsSeriesCsvHeader(const std::string& prefixHeader)
{
    return prefixHeader + ",time,pairs,exact,within1,wrong,stale,links,link_changes,components";
}

std::vector<std::string>
DynamicsSeriesCsvRows(const std::string& prefix, const ScenarioDynamicsResult& r)
{
    std::vector<std::string> rows;
    for (const DynamicsSample& s : r.samples)
    {
        rows.push_back(fmt::format("{},{},{},{},{},{},{},{},{},{}",
                                   prefix,
                                   Num(s.time),
                                   s.truth.pairs,
                                   Num(s.truth.exact),
                                   Num(s.truth.within1),
                                   Num(s.truth.wrong),
                                   Num(s.truth.stale),
                                   s.links,
                                   s.linkChanges,
                                   s.components));
    }
    return rows;
}

std::string
MapCsvHeader(const std::string& prefixHeader)
{
    return prefixHeader + ",time,kind,node,peer,x,y,resource,truth,estimate,present,status,holder";
}

namespace
{
/// exact, wrong, missing, false-positive (reported, no reachable holder) or failed.
std::string
Status(const PairState& p)
{
    if (!p.alive)
    {
        return "failed";
    }
    if (p.right)
    {
        return "exact";
    }
    if (p.truth == kUnreachable)
    {
        return "false-positive";
    }
    return p.estimate || p.present ? "wrong" : "missing";
}
} // namespace

std::vector<std::string>
MapCsvRows(const std::string& prefix, const ScenarioDynamicsResult& r)
{
    std::vector<std::string> rows;
    for (const MapNodeRow& m : r.mapNodes)
    {
        const PairState& p = m.pair;
        rows.push_back(
            fmt::format("{},{},node,{},,{},{},{},{},{},{},{},{}",
                        prefix,
                        Num(m.time),
                        p.node,
                        Num(m.x),
                        Num(m.y),
                        p.id,
                        p.truth == kUnreachable ? std::string("NA") : std::to_string(p.truth),
                        p.estimate ? std::to_string(*p.estimate) : std::string("NA"),
                        p.present ? 1 : 0,
                        Status(p),
                        p.holder ? 1 : 0));
    }
    for (const MapLinkRow& l : r.mapLinks)
    {
        rows.push_back(
            fmt::format("{},{},link,{},{},NA,NA,NA,NA,NA,NA,NA,NA", prefix, Num(l.time), l.a, l.b));
    }
    return rows;
}

std::string
WalkCsvHeader(const std::string& prefixHeader)
{
    return prefixHeader + ",query,strategy,origin,key,kind,step,time,node,hops,backtrack";
}

std::vector<std::string>
WalkCsvRows(const std::string& prefix, const ScenarioDynamicsResult& r)
{
    std::vector<std::string> rows;
    for (const WalkRow& w : r.walks)
    {
        rows.push_back(fmt::format("{},{},{},{},{},{},{},{},{},{},{}",
                                   prefix,
                                   w.query,
                                   bloom::ToString(w.strategy),
                                   w.origin,
                                   w.key,
                                   w.kind,
                                   w.step,
                                   Num(w.time),
                                   w.node,
                                   w.hops,
                                   w.backtrack ? 1 : 0));
    }
    return rows;
}

} // namespace ns3
