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
#ifdef __linux__
#include <sys/mman.h> // memfd_create: the NetAnim trace recorded in memory
#endif
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
#include <cerrno>
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

/// One command of an ns-2 movement trace.
struct Ns2Command
{
    uint64_t line{0};      //!< line number (from 1)
    uint64_t node{0};      //!< $node_(N)
    bool scheduled{false}; //!< "$ns_ at T ...", else an initial "$node_(N) set"
    double at{0};          //!< T (s), scheduled only
    bool setdest{false};   //!< setdest X Y S, else set X_/Y_/Z_ V
    double x{0};           //!< setdest: destination x (m)
    double y{0};           //!< setdest: destination y (m)
    double speed{0};       //!< setdest: speed (m/s; 0 stops the node)
    char coord{0};         //!< set: 'X', 'Y' or 'Z'
    double value{0};       //!< set: the coordinate (m)
};

/// Longest speed (m/s) a moving model or an ns-2 setdest may give.
constexpr double kMaxScenarioSpeed = 1000;

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

/// Whether `s` is a plain decimal number (sign, digits, point, exponent):
/// what ns-3's parser and ours read alike (no nan, inf, hex or blanks).
bool
IsDecimal(const std::string& s)
{
    static const std::regex kDecimal(R"([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)");
    return std::regex_match(s, kDecimal);
}

/**
 * Read and check an ns-2 movement trace, every line, as ns-3's
 * Ns2MobilityHelper will read it: blank lines and '#' comments are skipped,
 * blanks and ';' at a line's end are ignored, GOD lines ("$god_ ..." and
 * "$ns_ at T \"$god_ ...\"") are ignored; every other line must be
 *   $node_(N) set X_|Y_|Z_ V
 *   $ns_ at T "$node_(N) set X_|Y_|Z_ V"
 *   $ns_ at T "$node_(N) setdest X Y S"
 * with coordinates within +-kMaxWsnCoordinate, T in [0, kMaxScenarioTime],
 * S in [0, kMaxScenarioSpeed], and each node's scheduled commands in time
 * order (ns-3 applies them in file order, each from where the previous one
 * left the node).  Throws "--ns2-trace: FILE line L: problem".
 * \param path the trace
 * \return its commands, file order
 */
std::vector<Ns2Command>
ReadNs2Trace(const std::string& path)
{
    std::string text;
    try
    {
        text = ReadInputFile(path);
    }
    catch (const std::exception& e)
    {
        ThrowOptionError("--ns2-trace", e.what());
    }
    const std::string where = QuoteForMessage(path);
    std::vector<Ns2Command> commands;
    std::map<uint64_t, std::pair<double, uint64_t>> last; // node: (time, line) of its last command
    std::istringstream in(text);
    std::string raw;
    uint64_t lineNo = 0;
    while (std::getline(in, raw))
    {
        ++lineNo;
        const auto fail = [&](const std::string& problem) {
            ThrowOptionError("--ns2-trace", fmt::format("{} line {}: {}", where, lineNo, problem));
        };
        for (size_t i = 0; i < raw.size(); ++i)
        {
            const auto b = static_cast<unsigned char>(raw[i]);
            if ((b < 0x20 && b != '\t') || b >= 0x7f)
            {
                fail(fmt::format("byte 0x{:02X} at column {} ({}); a trace is plain ASCII text{}",
                                 b,
                                 i + 1,
                                 b == 0      ? "a NUL"
                                 : b == '\r' ? "a carriage return"
                                             : "not text",
                                 b == '\r' ? " with Unix line ends" : ""));
            }
        }
        std::string line = raw.substr(0, raw.find('#'));
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == ';'))
        {
            line.pop_back();
        }
        std::istringstream words(line);
        std::vector<std::string> w;
        for (std::string word; words >> word;)
        {
            w.push_back(word);
        }
        // GOD lines (ns-2's shortest-path hints): ns-3 skips them, as it
        // skips every line without a parenthesis.
        const bool god =
            !w.empty() && (w[0] == "$god_" || (w.size() >= 4 && w[0] == "$ns_" && w[1] == "at" &&
                                               w[3].rfind("\"$god_", 0) == 0));
        if (w.empty() || (god && line.find('(') == std::string::npos))
        {
            continue;
        }
        const auto number = [&](const std::string& word, const char* what) {
            if (!IsDecimal(word))
            {
                fail(fmt::format("{} {} is not a decimal number", what, QuoteForMessage(word)));
            }
            return std::strtod(word.c_str(), nullptr);
        };
        const auto coordinate = [&](const std::string& word, const char* what) {
            const double v = number(word, what);
            if (!(std::fabs(v) <= kMaxWsnCoordinate))
            {
                fail(fmt::format("{} {} m is outside [-1e12, 1e12] m", what, word));
            }
            return v;
        };
        const auto node = [&](const std::string& word) {
            static const std::regex kNode(R"(\$node_\(([0-9]+)\))");
            std::smatch m;
            if (!std::regex_match(word, m, kNode))
            {
                fail(
                    fmt::format("{} is not $node_(N) with N a node number", QuoteForMessage(word)));
            }
            if (m[1].length() > 9)
            {
                fail(fmt::format("node number {} is beyond any network (at most {} nodes)",
                                 QuoteForMessage(m[1].str()),
                                 kMaxScenarioNodes));
            }
            return std::stoull(m[1].str());
        };
        const auto coordName = [&](const std::string& word) {
            if (word != "X_" && word != "Y_" && word != "Z_")
            {
                fail(fmt::format("{} is not X_, Y_ or Z_", QuoteForMessage(word)));
            }
        };
        Ns2Command c;
        c.line = lineNo;
        if (w[0] != "$ns_")
        {
            if (w.size() != 4 || w[1] != "set")
            {
                fail("not an ns-2 movement command: $node_(N) set X_|Y_|Z_ V, or $ns_ at T "
                     "\"$node_(N) set X_|Y_|Z_ V\" or \"$node_(N) setdest X Y SPEED\"");
            }
            c.node = node(w[0]);
            coordName(w[2]);
            c.coord = w[2][0];
            c.value = coordinate(w[3], w[2].c_str());
            commands.push_back(c);
            continue;
        }
        // $ns_ at T "$node_(N) ...": the closing quote ends the last word or
        // stands alone.
        if (w.size() >= 2 && w.back() == "\"")
        {
            w.pop_back();
        }
        else if (!w.empty() && w.back().size() > 1 && w.back().back() == '"')
        {
            w.back().pop_back();
        }
        else
        {
            fail("a $ns_ command must end with a closing '\"'");
        }
        const bool set = w.size() == 7 && w[4] == "set";
        const bool setdest = w.size() == 8 && w[4] == "setdest";
        if ((!set && !setdest) || w[1] != "at" || w[3].empty() || w[3][0] != '"')
        {
            fail("not an ns-2 movement command: $ns_ at T \"$node_(N) set X_|Y_|Z_ V\" or "
                 "$ns_ at T \"$node_(N) setdest X Y SPEED\"");
        }
        c.scheduled = true;
        c.at = number(w[2], "time");
        if (!(c.at >= 0 && c.at <= kMaxScenarioTime))
        {
            fail(fmt::format("time {} s is outside [0, {:g}] s", w[2], kMaxScenarioTime));
        }
        c.node = node(w[3].substr(1));
        c.setdest = setdest;
        if (set)
        {
            coordName(w[5]);
            c.coord = w[5][0];
            c.value = coordinate(w[6], w[5].c_str());
        }
        else
        {
            c.x = coordinate(w[5], "x");
            c.y = coordinate(w[6], "y");
            c.speed = number(w[7], "speed");
            if (!(c.speed >= 0 && c.speed <= kMaxScenarioSpeed))
            {
                fail(fmt::format("speed {} m/s is outside [0, {:g}] m/s (0 stops the node)",
                                 w[7],
                                 kMaxScenarioSpeed));
            }
        }
        const auto before = last.find(c.node);
        if (before != last.end() && c.at < before->second.first)
        {
            fail(fmt::format("$node_({}) at {} s is listed after its command at {} s (line {}); "
                             "ns-3 applies a node's commands in file order, so list them in time "
                             "order",
                             c.node,
                             w[2],
                             before->second.first,
                             before->second.second));
        }
        last[c.node] = {c.at, lineNo};
        commands.push_back(c);
    }
    if (commands.empty())
    {
        ThrowOptionError("--ns2-trace",
                         where + " names no node ($node_(N) set X_ ... or $ns_ at T "
                                 "\"$node_(N) setdest X Y SPEED\")");
    }
    return commands;
}
} // namespace

void
ScenarioDynamicsConfig::Validate(double simTime, uint32_t queries, bool resources) const
{
    const bool moving =
        mobility == ScenarioMobility::RANDOM_WAYPOINT || mobility == ScenarioMobility::GAUSS_MARKOV;
    if (moving && !(speed > 0 && speed <= kMaxScenarioSpeed))
    {
        ThrowOptionError("--speed",
                         fmt::format("{} m/s; random waypoint and Gauss-Markov need a speed in "
                                     "(0, {:g}] (use --mobility none for static nodes)",
                                     speed,
                                     kMaxScenarioSpeed));
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

std::vector<double>
ScenarioDynamicsConfig::MapTimes(double simTime) const
{
    // The one schedule of the maps.  Times are first + i x mapEvery,
    // multiplied rather than summed, so that one that falls on the end of
    // the run is not lost to rounding (0.05 s steps summed over 30 s end a
    // hair above 30 s).  A time at the end (within 1e-9 s, relative to the
    // run beyond 1 s) is the end-of-run map; so is a map asked for at or
    // after the end, or at no time.
    std::vector<double> times;
    if (!map)
    {
        return times;
    }
    const double end = simTime - 1e-9;
    const double first = FirstMapTime();
    if (first < 0 || first >= end)
    {
        times.push_back(simTime);
        return times;
    }
    for (uint64_t i = 0;; ++i)
    {
        const double t = first + static_cast<double>(i) * mapEvery;
        if (t >= end)
        {
            if (std::abs(t - simTime) <= 1e-9 * std::max(1.0, simTime))
            {
                times.push_back(simTime);
            }
            break;
        }
        times.push_back(t);
        if (!(mapEvery > 0))
        {
            break;
        }
    }
    return times;
}

uint64_t
ScenarioDynamicsConfig::MapCount(double simTime) const
{
    return MapTimes(simTime).size();
}

void
ScenarioDynamicsConfig::CheckMapRows(double simTime,
                                     uint32_t nodes,
                                     uint64_t resources,
                                     uint64_t links) const
{
    const uint64_t maps = MapCount(simTime);
    const uint64_t perMap = uint64_t{nodes} * resources + links;
    if (maps > 0 && perMap > kMaxMapRows / maps)
    {
        ThrowOptionError(mapEvery > 0 ? "--map-every" : "--map-csv",
                         fmt::format("{} maps of {} rows ({} nodes x {} resources and {} links) "
                                     "are {} rows, more than the {} a run keeps (memory grows with "
                                     "them); map less often or fewer resources",
                                     maps,
                                     perMap,
                                     nodes,
                                     resources,
                                     links,
                                     maps * perMap,
                                     kMaxMapRows));
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
    /// The trace's memory file (Linux), -1 when none; closed by FinishNetAnim
    /// or ~ScenarioDynamics.
    int animMemory{-1};
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
    if (m_impl->animMemory >= 0)
    {
        ::close(m_impl->animMemory);
    }
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
    if (c.mobility == ScenarioMobility::NS2)
    {
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
                                             QuoteForMessage(c.ns2Trace),
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
                                             QuoteForMessage(c.ns2Trace),
                                             command.line,
                                             command.speed,
                                             kMaxScenarioTime,
                                             diagonal,
                                             SlowestSpeed(diagonal)));
            }
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
    // AnimationInterface writes to a file it opens itself and checks none of
    // its writes.  On Linux that file is a memory file (memfd_create, opened
    // through /proc/self/fd): nothing on disk during the run, so a full
    // temporary folder cannot truncate it and no signal, SIGKILL included,
    // leaves it behind.  Elsewhere it is a TemporaryFile in TMPDIR (removed at
    // the end or by a signal).  FinishNetAnim reads it back and checks it is
    // complete; the program writes it to --netanim through OutputFiles like
    // its other outputs.
    std::string path;
#ifdef __linux__
    impl.animMemory = ::memfd_create("bloom-gossip-netanim", MFD_CLOEXEC);
    if (impl.animMemory >= 0)
    {
        path = "/proc/self/fd/" + std::to_string(impl.animMemory);
        if (::access(path.c_str(), W_OK) != 0) // no /proc: the fallback
        {
            ::close(impl.animMemory);
            impl.animMemory = -1;
            path.clear();
        }
    }
#endif
    if (path.empty())
    {
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
        path = impl.animFile->Path();
    }
    impl.anim = std::make_unique<AnimationInterface>(path);
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
    std::string text;
#if BLOOM_GOSSIP_NETANIM
    Impl& impl = *m_impl;
    if (!impl.anim)
    {
        return {};
    }
    impl.anim.reset(); // writes the closing element and closes its file
    const auto fail = [](const std::string& why) {
        throw std::runtime_error("--netanim: cannot record the trace: " + why);
    };
    if (impl.animMemory >= 0)
    {
        char buffer[65536];
        off_t offset = 0;
        while (true)
        {
            const ssize_t got = ::pread(impl.animMemory, buffer, sizeof(buffer), offset);
            if (got < 0 && errno == EINTR)
            {
                continue;
            }
            if (got < 0)
            {
                fail(std::string("reading it back: ") + std::strerror(errno));
            }
            if (got == 0)
            {
                break;
            }
            text.append(buffer, static_cast<size_t>(got));
            offset += got;
        }
        ::close(impl.animMemory);
        impl.animMemory = -1;
    }
    else
    {
        std::ifstream in(impl.animFile->Path(), std::ios::binary);
        std::ostringstream read;
        read << in.rdbuf();
        if (!in.good() && !in.eof())
        {
            fail("cannot read back the temporary trace " + QuoteForMessage(impl.animFile->Path()));
        }
        impl.animFile.reset();
        text = read.str();
    }
    // AnimationInterface reports no failed write: a trace cut short (a full
    // temporary folder, a file-size limit, no memory) lacks its closing
    // element, written last.
    const std::string close = "</anim>\n";
    if (text.size() < close.size() ||
        text.compare(text.size() - close.size(), close.size(), close) != 0)
    {
        fail("it was cut short after " + std::to_string(text.size()) +
             " bytes (a write failed: a full temporary folder or a file-size limit?)");
    }
#endif
    return text;
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
    for (double t : c.MapTimes(simTime))
    {
        if (t < simTime - 1e-9) // the one at the end: Finish
        {
            Simulator::Schedule(Seconds(t), &Impl::Map, impl);
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
        const std::vector<double> maps = c.MapTimes(impl.simTime);
        if (!maps.empty() && maps.back() >= impl.simTime - 1e-9)
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
