/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-mobility.h"

#include "ns2-trace-reader.h"
#include "scenario-limits.h"

#include "ns3/box.h"
#include "ns3/constant-velocity-mobility-model.h"
#include "ns3/double.h"
#include "ns3/gauss-markov-mobility-model.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/ns2-mobility-helper.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/position-allocator.h"
#include "ns3/random-variable-stream.h"
#include "ns3/random-waypoint-mobility-model.h"
#include "ns3/string.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScenarioMobility");

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

namespace
{
/// Gauss-Markov memory (ns-3's default).
constexpr double kGaussMarkovAlpha = 0.85;

/**
 * The slowest speed (m/s) that crosses an area whose diagonal is `diagonal`
 * within kMaxScenarioTime: a random waypoint's or a setdest's arrival is
 * scheduled at distance / speed, which beyond that (ns-3's Time holds about
 * 9.2e9 s) wraps to a past time and replays the move for ever.
 * \param diagonal m
 * \return m/s
 */
double
SlowestSpeed(double diagonal)
{
    return diagonal / kMaxScenarioTime;
}
} // namespace

void
ScenarioDynamicsConfig::Validate(double simTime, uint32_t queries, bool resources) const
{
    // The ranges of speed, pause and mobile-share are the parameter table's
    // (scenario-parameters.cc), checked before this.
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
        ReadNs2Trace(ns2Trace); // every line checked (the network's size: PrepareNetwork)
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
}

ScenarioMobilityInstaller::ScenarioMobilityInstaller(const ScenarioDynamicsConfig& config)
    : m_config(config)
{
}

namespace
{

/// The bounding box of the positions (a plane: z in -1..1).
Box
PositionsArea(const WsnTopology& topology)
{
    double minX = 0;
    double maxX = 0;
    double minY = 0;
    double maxY = 0;
    for (uint32_t i = 0; i < topology.GetN(); ++i)
    {
        const Vector& p = topology.GetPosition(i);
        minX = i == 0 ? p.x : std::min(minX, p.x);
        maxX = i == 0 ? p.x : std::max(maxX, p.x);
        minY = i == 0 ? p.y : std::min(minY, p.y);
        maxY = i == 0 ? p.y : std::max(maxY, p.y);
    }
    return Box(minX, maxX, minY, maxY, -1, 1);
}

/// The motion a model makes in the area: an area to move in, a speed that
/// crosses it within the longest run.
void
CheckMotion(const ScenarioDynamicsConfig& c, const Box& area)
{
    const double minX = area.xMin;
    const double maxX = area.xMax;
    const double minY = area.yMin;
    const double maxY = area.yMax;
    if (c.mobility == ScenarioMobility::GAUSS_MARKOV && (maxX - minX < 1e-9 || maxY - minY < 1e-9))
    {
        ThrowOptionError("--mobility",
                         "gauss-markov needs a deployment area; the positions span no area (a "
                         "line?); use random-waypoint");
    }
    // Every arrival ns-3 schedules (distance / speed) must fall within
    // kMaxScenarioTime: the speed must cross the area's diagonal in that time.
    if (c.mobility == ScenarioMobility::RANDOM_WAYPOINT ||
        c.mobility == ScenarioMobility::GAUSS_MARKOV)
    {
        const double diagonal = std::hypot(maxX - minX, maxY - minY);
        if (c.mobility == ScenarioMobility::RANDOM_WAYPOINT && !(diagonal > 0))
        {
            // Every waypoint is the node's own position: ns-3 would walk
            // there in no time, for ever, at time 0.
            ThrowOptionError("--mobility",
                             "random-waypoint needs positions that span a distance; every "
                             "node is at the same point");
        }
        if (c.speed < SlowestSpeed(diagonal))
        {
            ThrowOptionError("--speed",
                             fmt::format("{} m/s would take more than {:g} s (the longest run) "
                                         "to cross the deployment area ({:g} m corner to "
                                         "corner); at least {:g} m/s",
                                         c.speed,
                                         kMaxScenarioTime,
                                         diagonal,
                                         SlowestSpeed(diagonal)));
        }
    }
}

/// The ns-2 trace: nodes of the network, speeds that cross the area in time.
void
CheckNs2Trace(const ScenarioDynamicsConfig& c, const Box& area, uint32_t n)
{
    const double minX = area.xMin;
    const double maxX = area.xMax;
    const double minY = area.yMin;
    const double maxY = area.yMax;
    const std::vector<Ns2Command> trace = ReadNs2Trace(c.ns2Trace);
    // The area a setdest may cross: the positions, the trace's
    // coordinates and the origin (ns-3 starts a node the trace places
    // nowhere from (0, 0)).
    double x0 = std::min(minX, 0.0);
    double x1 = std::max(maxX, 0.0);
    double y0 = std::min(minY, 0.0);
    double y1 = std::max(maxY, 0.0);
    const auto cover = [&](double x, double y) {
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
    };
    for (const Ns2Command& command : trace)
    {
        if (command.node >= n)
        {
            ThrowOptionError("--ns2-trace",
                             fmt::format("{} line {}: the trace moves $node_({}), but the "
                                         "network has {} nodes (0..{})",
                                         bloom::QuoteForMessage(c.ns2Trace),
                                         command.line,
                                         command.node,
                                         n,
                                         n - 1));
        }
        if (command.setdest)
        {
            cover(command.x, command.y);
        }
        else if (command.coord == 'X')
        {
            cover(command.value, y0);
        }
        else if (command.coord == 'Y')
        {
            cover(x0, command.value);
        }
    }
    const double diagonal = std::hypot(x1 - x0, y1 - y0);
    for (const Ns2Command& command : trace)
    {
        if (command.setdest && command.speed > 0 && command.speed < SlowestSpeed(diagonal))
        {
            ThrowOptionError("--ns2-trace",
                             fmt::format("{} line {}: speed {:g} m/s would take more than "
                                         "{:g} s to cross the area of the trace and the "
                                         "positions ({:g} m corner to corner); at least "
                                         "{:g} m/s, or 0 to stop",
                                         bloom::QuoteForMessage(c.ns2Trace),
                                         command.line,
                                         command.speed,
                                         kMaxScenarioTime,
                                         diagonal,
                                         SlowestSpeed(diagonal)));
        }
    }
}

} // namespace

void
ScenarioMobilityInstaller::PrepareNetwork(WsnNetworkHelper& network,
                                          const WsnTopology& topology,
                                          int64_t selectStream,
                                          const std::vector<uint32_t>& candidates)
{
    const ScenarioDynamicsConfig& c = m_config;
    if (c.mobility == ScenarioMobility::NONE)
    {
        return;
    }
    const uint32_t n = topology.GetN();
    const Box area = PositionsArea(topology);
    CheckMotion(c, area);
    if (c.mobility == ScenarioMobility::NS2)
    {
        CheckNs2Trace(c, area, n);
    }
    // The mobile nodes: every candidate, or a random share of them drawn
    // from their own stream (with every node a candidate, the draw is the
    // one --mobile-share made before --mobile-nodes existed).
    const auto m = static_cast<uint32_t>(candidates.size());
    if (m == 0)
    {
        throw std::logic_error("ScenarioMobilityInstaller::PrepareNetwork: no candidate node");
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
    m_mobile.assign(n, false);
    for (uint32_t i = 0; i < k; ++i)
    {
        if (order[i] >= n)
        {
            throw std::logic_error(
                "ScenarioMobilityInstaller::PrepareNetwork: candidate out of range");
        }
        m_mobile[order[i]] = true;
    }
    network.SetMobilityFactory(
        [this, area](uint32_t i, const Vector& at) { return MakeModel(i, at, area); });
}

Ptr<MobilityModel>
ScenarioMobilityInstaller::MakeModel(uint32_t i, const Vector& at, const Box& area)
{
    if (!m_mobile[i])
    {
        return nullptr;
    }
    const ScenarioDynamicsConfig& c = m_config;
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
    m_models.push_back(model);
    return model;
}

uint32_t
ScenarioMobilityInstaller::GetModelCount() const
{
    return static_cast<uint32_t>(m_models.size());
}

int64_t
ScenarioMobilityInstaller::Install(const WsnNetworkHelper& network, int64_t stream)
{
    const ScenarioDynamicsConfig& c = m_config;
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
    if (network.GetChannel()) // none with the wifi device
    {
        network.GetChannel()->SetAttributeFailSafe("MaxSpeed", DoubleValue(bound * (1 + 1e-6)));
    }
    int64_t used = 0;
    for (const auto& model : m_models)
    {
        used += model->AssignStreams(stream + used);
    }
    return used;
}

std::vector<uint32_t>
ScenarioMobilityInstaller::MobileNodes() const
{
    std::vector<uint32_t> nodes;
    for (uint32_t i = 0; i < m_mobile.size(); ++i)
    {
        if (m_mobile[i])
        {
            nodes.push_back(i);
        }
    }
    return nodes;
}

} // namespace ns3
