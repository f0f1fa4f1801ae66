/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-scenario-config.h"

#include "ns3/abf-gossip-application.h"
#include "ns3/bf-gossip-application.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-query-application.h"
#include "ns3/duty-cycle-scheduler.h"
#include "ns3/error-model.h"
#include "ns3/filter-limits.h"
#include "ns3/gauss-markov-mobility-model.h"
#include "ns3/gossip-message.h"
#include "ns3/grid-spectrum-channel.h"
#include "ns3/lbf-decay.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/position-allocator.h"
#include "ns3/propagation-loss-model.h"
#include "ns3/random-variable-stream.h"
#include "ns3/random-waypoint-mobility-model.h"
#include "ns3/sdbf-gossip-application.h"
#include "ns3/spectrum-channel.h"
#include "ns3/static-shadowing-loss-model.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <sstream>
#include <stdexcept>

#ifndef BLOOM_GOSSIP_UDP6
#error "BLOOM_GOSSIP_UDP6 is not defined: build through the module's CMakeLists.txt or wscript"
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GossipScenarioConfig");

bool
Udp6TransportBuilt()
{
    return BLOOM_GOSSIP_UDP6 != 0;
}

namespace
{

/// The text of an empty --query-strategy.
constexpr const char* kEmptyQueryStrategy =
    "empty; give gradient, flood, ring, blind-flood (comma-separated), auto or all";

} // namespace

std::string
ToString(ScenarioTopology topology)
{
    switch (topology)
    {
    case ScenarioTopology::LINE:
        return "line";
    case ScenarioTopology::GRID:
        return "grid";
    case ScenarioTopology::DISK:
        return "disk";
    case ScenarioTopology::FILE:
        return "file";
    }
    return "unknown";
}

ScenarioTopology
ParseScenarioTopology(const std::string& name)
{
    return bloom::ParseName(name,
                            {ScenarioTopology::LINE,
                             ScenarioTopology::GRID,
                             ScenarioTopology::DISK,
                             ScenarioTopology::FILE});
}

QueryStrategySelection
QueryStrategySelection::Of(const std::vector<bloom::QueryStrategy>& strategies)
{
    QueryStrategySelection selection;
    selection.words.clear();
    for (bloom::QueryStrategy strategy : strategies)
    {
        selection.words.push_back(Word{Mode::ONE, strategy});
    }
    return selection;
}

QueryStrategySelection
QueryStrategySelection::All()
{
    QueryStrategySelection selection;
    selection.words = {Word{Mode::ALL, bloom::QueryStrategy::GRADIENT}};
    return selection;
}

std::vector<bloom::QueryStrategy>
QueryStrategySelection::Resolve(bloom::FilterKind filter) const
{
    using bloom::QueryStrategy;
    const bool distance = filter != bloom::FilterKind::BLOOM;
    std::vector<QueryStrategy> out;
    const auto add = [&out, distance](QueryStrategy s) {
        if ((s != QueryStrategy::GRADIENT || distance) &&
            std::find(out.begin(), out.end(), s) == out.end())
        {
            out.push_back(s);
        }
    };
    for (const Word& word : words)
    {
        switch (word.mode)
        {
        case Mode::AUTO:
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
            break;
        case Mode::ALL:
            for (auto s : {QueryStrategy::GRADIENT,
                           QueryStrategy::FLOOD,
                           QueryStrategy::RING,
                           QueryStrategy::BLIND_FLOOD})
            {
                add(s);
            }
            break;
        case Mode::ONE:
            add(word.strategy);
            break;
        }
    }
    return out;
}

std::string
ToString(const QueryStrategySelection& selection)
{
    std::string out;
    for (const QueryStrategySelection::Word& word : selection.words)
    {
        out += out.empty() ? "" : ",";
        switch (word.mode)
        {
        case QueryStrategySelection::Mode::AUTO:
            out += "auto";
            break;
        case QueryStrategySelection::Mode::ALL:
            out += "all";
            break;
        case QueryStrategySelection::Mode::ONE:
            out += bloom::ToString(word.strategy);
            break;
        }
    }
    return out;
}

QueryStrategySelection
ParseQueryStrategySelection(const std::string& text)
{
    using Mode = QueryStrategySelection::Mode;
    if (text.empty())
    {
        throw std::invalid_argument(kEmptyQueryStrategy);
    }
    QueryStrategySelection selection;
    selection.words.clear();
    for (const std::string& name : bloom::SplitList(text))
    {
        if (name.empty())
        {
            throw std::invalid_argument("empty item in '" + text + "'");
        }
        if (name == "auto")
        {
            selection.words.push_back({Mode::AUTO, bloom::QueryStrategy::GRADIENT});
        }
        else if (name == "all")
        {
            selection.words.push_back({Mode::ALL, bloom::QueryStrategy::GRADIENT});
        }
        else
        {
            selection.words.push_back({Mode::ONE, bloom::ParseQueryStrategy(name)});
        }
    }
    return selection;
}

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
    if (topology == ScenarioTopology::FILE)
    {
        if (positions.empty())
        {
            ThrowOptionError("--positions", "required with --topology file (a CSV file id,x,y)");
        }
    }
    else if (topology == ScenarioTopology::GRID && gridWidth > 0)
    {
        const uint64_t n =
            gridWidth * static_cast<uint64_t>(gridHeight == 0 ? gridWidth : gridHeight);
        if (n < 2 || n > kMaxScenarioNodes)
        {
            ThrowOptionError("--grid",
                             fmt::format("{} nodes, out of range 2..{}", n, kMaxScenarioNodes));
        }
    }
    else if (nodes < 2 || nodes > kMaxScenarioNodes)
    {
        ThrowOptionError("--nodes", fmt::format("{} out of range 2..{}", nodes, kMaxScenarioNodes));
    }
    if (!range(spacing, 1e-3, 1e6))
    {
        ThrowOptionError("--spacing", fmt::format("{} out of range [0.001, 1e6] m", spacing));
    }
    if (topology == ScenarioTopology::DISK && !(meanDegree > 0 && meanDegree < nodes))
    {
        ThrowOptionError("--degree",
                         fmt::format("{} out of range (0, nodes) = (0, {})", meanDegree, nodes));
    }
    // Radio: each field under the option that sets it.
    if (!range(radio.range, 1e-3, 1e6))
    {
        ThrowOptionError("--range", fmt::format("{} out of range [0.001, 1e6] m", radio.range));
    }
    if (!range(radio.txPowerDbm, -100, 100))
    {
        ThrowOptionError("--tx-power",
                         fmt::format("{} out of range [-100, 100] dBm", radio.txPowerDbm));
    }
    if (!(radio.exponent > 0 && radio.exponent <= 10))
    {
        ThrowOptionError("--exponent", fmt::format("{} out of range (0, 10]", radio.exponent));
    }
    if (!range(radio.referenceLossDb, -1000, 1000))
    {
        ThrowOptionError("--reference-loss",
                         fmt::format("{} out of range [-1000, 1000] dB", radio.referenceLossDb));
    }
    if (!range(radio.shadowingSigmaDb, 0, 100))
    {
        ThrowOptionError("--shadowing",
                         fmt::format("{} out of range [0, 100] dB", radio.shadowingSigmaDb));
    }
    if (radio.shadowingSigmaDb > 0 && radio.loss != WsnRadioConfig::Loss::LOG_DISTANCE)
    {
        ThrowOptionError("--shadowing", "needs --radio log-distance (or 0)");
    }
    if (!range(radio.linkMarginDb, -100, 100))
    {
        ThrowOptionError("--link-margin",
                         fmt::format("{} out of range [-100, 100] dB", radio.linkMarginDb));
    }
    try
    {
        radio.Validate();
    }
    catch (const std::invalid_argument& e)
    {
        ThrowOptionError("--radio", e.what());
    }
    if (budgetBytes == 0 && (slots < 1 || slots > bloom::kMaxSlots))
    {
        ThrowOptionError("--m", fmt::format("{} out of range 1..{}", slots, bloom::kMaxSlots));
    }
    if (hashes < 1 || hashes > bloom::kMaxHashes)
    {
        ThrowOptionError("--k", fmt::format("{} out of range 1..{}", hashes, bloom::kMaxHashes));
    }
    try
    {
        bloom::CheckCellBits(cellBits);
    }
    catch (const std::invalid_argument&)
    {
        ThrowOptionError("--b",
                         fmt::format("{} out of range {}..{}",
                                     cellBits,
                                     bloom::kMinCellBits,
                                     bloom::kMaxCellBits));
    }
    if (decay == LbfGossipApplication::MULTIPLICATIVE)
    {
        if (!(factor > 0 && factor < 1))
        {
            ThrowOptionError("--a", fmt::format("{} out of range (0, 1)", factor));
        }
        try
        {
            // The filter's own check: a must lower every non-zero b-bit value.
            bloom::LbfDecay::Multiplicative(factor, cellBits);
        }
        catch (const std::invalid_argument& e)
        {
            ThrowOptionError("--a", fmt::format("{} with --b {}: {}", factor, cellBits, e.what()));
        }
    }
    if (decay == LbfGossipApplication::SUBTRACTIVE && (step < 1 || step >= (1U << cellBits)))
    {
        ThrowOptionError(
            "--delta",
            fmt::format("{} out of range 1..{} (2^b - 1)", step, (1U << cellBits) - 1));
    }
    if (!(decayProbability > 0 && decayProbability < 1))
    {
        ThrowOptionError("--decay-probability",
                         fmt::format("{} out of range (0, 1)", decayProbability));
    }
    if (filter == bloom::FilterKind::SCOPE_DECAY && (minCount < 1 || minCount > hashes))
    {
        ThrowOptionError("--min-count",
                         fmt::format("{} out of range 1..{} (--k)", minCount, hashes));
    }
    if (depth > bloom::kMaxDepth)
    {
        ThrowOptionError("--depth",
                         fmt::format("{} out of range 0 (auto)..{}", depth, bloom::kMaxDepth));
    }
    if (budgetBytes > kMaxBudgetBytes)
    {
        ThrowOptionError("--budget-bytes",
                         fmt::format("{} out of range 0..{}", budgetBytes, kMaxBudgetBytes));
    }
    if (budgetBytes > 0)
    {
        // Bytes one slot needs (ABF: a byte per level); an automatic ABF depth
        // is checked once the diameter is known (CheckGossipScenario).
        const bool abf = filter == bloom::FilterKind::ATTENUATED;
        const uint64_t need = filter == bloom::FilterKind::LINEAR ? (cellBits + 7) / 8
                              : abf                               ? depth
                                                                  : 1;
        if (budgetBytes < need)
        {
            ThrowOptionError(
                "--budget-bytes",
                fmt::format("{} bytes cannot hold one slot of {} ({} levels); need >= {}",
                            budgetBytes,
                            bloom::ToString(filter),
                            abf ? depth : 1,
                            need));
        }
    }
    const auto time = [&](const char* option, double v, double lo) {
        if (!range(v, lo, kMaxScenarioTime))
        {
            ThrowOptionError(option,
                             fmt::format("{} out of range [{}, {:g}] s", v, lo, kMaxScenarioTime));
        }
    };
    time("--interval", interval, kMinScenarioPeriod);
    if (!(jitter >= 0) || jitter > interval / 2)
    {
        ThrowOptionError(
            "--jitter",
            fmt::format("{} out of range [0, interval/2] = [0, {}] s", jitter, interval / 2));
    }
    if (expiry != 0)
    {
        time("--expiry", expiry, kMinScenarioPeriod); // 0: automatic
    }
    time("--trickle-imin", trickleImin, kMinScenarioPeriod);
    time("--trickle-imax", trickleImax, kMinScenarioPeriod);
    if (trickleImax < trickleImin)
    {
        ThrowOptionError(
            "--trickle-imax",
            fmt::format("{} below --trickle-imin {}; need imin <= imax", trickleImax, trickleImin));
    }
    if (trickleK > 1000)
    {
        ThrowOptionError("--trickle-k", fmt::format("{} out of range 0..1000", trickleK));
    }
    if (timer == BloomGossipApplication::TRICKLE && expiry > 0 && expiry <= 3 * trickleImax)
    {
        // A suppressed node refreshes after expiry/2 of silence, at its next
        // transmission point, at most 1.5 Imax later.
        ThrowOptionError(
            "--expiry",
            fmt::format("with --timer trickle it must exceed 3 x --trickle-imax = {} s "
                        "(or be 0: automatic)",
                        3 * trickleImax));
    }
    if (timer == BloomGossipApplication::PERIODIC && expiry > 0 && expiry <= interval + jitter)
    {
        ThrowOptionError("--expiry",
                         fmt::format("must exceed interval + jitter = {} s", interval + jitter));
    }
    if (frameBytes != 0 && (frameBytes <= bloom::kSegmentHeaderSize || frameBytes > 65000))
    {
        ThrowOptionError("--frame-bytes",
                         fmt::format("{} out of range: 0 (device MTU) or {}..65000",
                                     frameBytes,
                                     bloom::kSegmentHeaderSize + 1));
    }
    if (transport == BloomGossipApplication::UDP6 && !Udp6TransportBuilt())
    {
        ThrowOptionError("--transport",
                         "udp6 needs ns-3's internet and sixlowpan modules, which this build "
                         "was configured without (in an ns-3 tree: "
                         "--enable-modules='bloom-gossip-scenario;internet;sixlowpan')");
    }
    if (transport == BloomGossipApplication::LINK_LAYER && frameBytes > kLinkLayerMaxFrameBytes)
    {
        ThrowOptionError("--frame-bytes",
                         fmt::format("{} bytes do not fit one 802.15.4 frame with --transport "
                                     "link-layer: at most {} (the 127-byte PHY frame less the MAC "
                                     "header and FCS); larger frames need --transport udp6",
                                     frameBytes,
                                     kLinkLayerMaxFrameBytes));
    }
    if (queryStrategy.words.empty())
    {
        ThrowOptionError("--query-strategy", kEmptyQueryStrategy);
    }
    if (resources > 100000)
    {
        ThrowOptionError("--resources", fmt::format("{} out of range 0..100000", resources));
    }
    if (replicas < 1 || replicas > kMaxScenarioNodes)
    {
        ThrowOptionError("--replicas",
                         fmt::format("{} out of range 1..{}", replicas, kMaxScenarioNodes));
    }
    if (probes > 100000)
    {
        ThrowOptionError("--probes", fmt::format("{} out of range 0..100000", probes));
    }
    time("--sim-time", simTime, kMinScenarioPeriod);
    if (!range(frameLoss, 0, 0.9))
    {
        ThrowOptionError("--frame-loss", fmt::format("{} out of range [0, 0.9]", frameLoss));
    }
    if (!range(batteryJoules, 0, 1e12))
    {
        ThrowOptionError("--battery-joules",
                         fmt::format("{} out of range [0, 1e+12] J (0: unlimited)", batteryJoules));
    }
    if (!(dutyCycle > 0 && dutyCycle <= 1))
    {
        ThrowOptionError("--duty-cycle", fmt::format("{} out of range (0, 1]", dutyCycle));
    }
    time("--duty-period", dutyPeriod, kMinScenarioPeriod);
    if (dutyCycle < 1)
    {
        if (transport != BloomGossipApplication::LINK_LAYER)
        {
            ThrowOptionError("--duty-cycle",
                             "below 1 needs --transport link-layer (the schedule hands frames "
                             "to the lr-wpan MAC)");
        }
        // One full frame (MAC payload, MAC header and FCS, PHY header) and the
        // scheduler's CSMA-CA guard must fit in the active window.
        const uint32_t payload = frameBytes > 0 ? frameBytes : kLinkLayerMaxFrameBytes;
        const double need = DutyCycleScheduler::AirTime(payload).GetSeconds() + kDutyGuardSeconds;
        const double window = dutyCycle * dutyPeriod;
        if (window < need)
        {
            ThrowOptionError("--duty-period",
                             fmt::format("an active window of {:g} s (--duty-cycle x "
                                         "--duty-period) is shorter than one {}-byte frame's "
                                         "air time plus the {:g} s CSMA-CA guard ({:g} s)",
                                         window,
                                         payload,
                                         kDutyGuardSeconds,
                                         need));
        }
    }
    if (queries > 100000)
    {
        ThrowOptionError("--queries", fmt::format("{} out of range 0..100000", queries));
    }
    if (queryStart != 0)
    {
        time("--query-start", queryStart, 0.0); // 0: automatic
    }
    time("--query-interval", queryInterval, kMinScenarioPeriod);
    if (!range(queryAbsent, 0, 1))
    {
        ThrowOptionError("--query-absent", fmt::format("{} out of range [0, 1]", queryAbsent));
    }
    time("--query-timeout", queryTimeout, kMinScenarioPeriod);
    if (queryTtl > 255)
    {
        ThrowOptionError("--query-ttl", fmt::format("{} out of range 0 (auto)..255", queryTtl));
    }
    if (queryMaxVisited > 255)
    {
        ThrowOptionError("--query-max-visited",
                         fmt::format("{} out of range 0..255", queryMaxVisited));
    }
    if (queries > 0 && transport != BloomGossipApplication::LINK_LAYER)
    {
        ThrowOptionError("--queries", "queries need --transport link-layer");
    }
    const std::vector<bloom::QueryStrategy> strategies = QueryStrategies();
    if (queries > 0 && !strategies.empty())
    {
        const double count = static_cast<double>(queries) * strategies.size();
        const double span = (count - 1) * queryInterval + queryTimeout;
        if (queryStart == 0 && span > simTime)
        {
            ThrowOptionError(
                "--queries",
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
            ThrowOptionError(
                "--query-start",
                fmt::format("the last query's answer is due at {} s, after --sim-time {} s",
                            queryStart + span,
                            simTime));
        }
    }
    dynamics.Validate(simTime,
                      queries,
                      resources > 0 ||
                          std::any_of(events.begin(), events.end(), [](const WorkloadEvent& e) {
                              return e.kind == WorkloadEvent::ADD;
                          }));
    for (const WorkloadEvent& e : events)
    {
        if (!(e.time >= 0) || e.time > simTime)
        {
            ThrowOptionError("--events",
                             fmt::format("event '{}' outside [0, --sim-time] = [0, {}] s",
                                         e.ToString(),
                                         simTime));
        }
        if ((e.kind == WorkloadEvent::ADD || e.kind == WorkloadEvent::REMOVE) &&
            (e.resource < 1 || e.resource > resources + 1000000))
        {
            ThrowOptionError("--events",
                             fmt::format("event '{}': resource out of range 1..{}",
                                         e.ToString(),
                                         resources + 1000000));
        }
        if (e.kind != WorkloadEvent::REMOVE && e.node >= kMaxScenarioNodes)
        {
            ThrowOptionError("--events",
                             fmt::format("event '{}': node out of range", e.ToString()));
        }
    }
}

bool
GossipScenarioConfig::EnergyOn() const
{
    return energy || batteryJoules > 0 || dutyCycle < 1;
}

double
GossipScenarioConfig::EffectiveExpiry() const
{
    if (expiry > 0)
    {
        return expiry;
    }
    return 3.5 * (timer == BloomGossipApplication::TRICKLE ? trickleImax : interval);
}

std::vector<bloom::QueryStrategy>
GossipScenarioConfig::QueryStrategies() const
{
    return queryStrategy.Resolve(filter);
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

std::vector<ScenarioOptionScope>
ScenarioOptionScopes(const GossipScenarioConfig& c, const std::vector<bloom::FilterKind>& filters)
{
    const auto has = [&filters](bloom::FilterKind f) {
        return std::find(filters.begin(), filters.end(), f) != filters.end();
    };
    const bool lbf = has(bloom::FilterKind::LINEAR);
    const bool sdbf = has(bloom::FilterKind::SCOPE_DECAY);
    const bool logDistance = c.radio.loss == WsnRadioConfig::Loss::LOG_DISTANCE;
    const ScenarioMobility mobility = c.dynamics.mobility;
    const bool moving =
        mobility == ScenarioMobility::RANDOM_WAYPOINT || mobility == ScenarioMobility::GAUSS_MARKOV;
    const bool trickle = c.timer == BloomGossipApplication::TRICKLE;
    const bool disk = c.topology == ScenarioTopology::DISK;
    // Option, condition, whether it holds, whether only a warning.
    return {
        {"--range", "--radio range or --topology disk", !logDistance || disk, false},
        {"--exponent", "--radio log-distance", logDistance, false},
        {"--reference-loss", "--radio log-distance", logDistance, false},
        {"--shadowing", "--radio log-distance", logDistance, false},
        {"--link-margin", "--radio log-distance", logDistance, false},
        {"--spacing",
         "--topology line or grid",
         c.topology == ScenarioTopology::LINE || c.topology == ScenarioTopology::GRID,
         false},
        {"--degree", "--topology disk", disk, false},
        {"--disk-policy", "--topology disk", disk, false},
        {"--b", "--filter lbf or all", lbf, false},
        {"--quantization", "--filter lbf or all", lbf, false},
        {"--decay", "--filter lbf or all", lbf, false},
        {"--a",
         "--filter lbf or all and --decay multiplicative",
         lbf && c.decay == LbfGossipApplication::MULTIPLICATIVE,
         false},
        {"--delta",
         "--filter lbf or all and --decay subtractive",
         lbf && c.decay == LbfGossipApplication::SUBTRACTIVE,
         false},
        {"--depth", "--filter abf or all", has(bloom::FilterKind::ATTENUATED), false},
        {"--decay-probability", "--filter sdbf or all", sdbf, false},
        {"--min-count", "--filter sdbf or all", sdbf, false},
        {"--estimator", "--filter sdbf or all", sdbf, false},
        {"--trickle-imin", "--timer trickle", trickle, false},
        {"--trickle-imax", "--timer trickle", trickle, false},
        {"--trickle-k", "--timer trickle", trickle, false},
        {"--duty-period", "--duty-cycle below 1", c.dutyCycle < 1, true},
        {"--speed", "--mobility random-waypoint or gauss-markov", moving, true},
        {"--pause",
         "--mobility random-waypoint",
         mobility == ScenarioMobility::RANDOM_WAYPOINT,
         true},
        {"--mobile-share", "--mobility", mobility != ScenarioMobility::NONE, true},
        {"--sample-from", "--mobility or --sample-interval above 0", c.dynamics.Sampling(), true},
        {"--out-series", "--mobility or --sample-interval above 0", c.dynamics.Sampling(), true},
        {"--query-start", "--queries above 0", c.queries > 0, false},
        {"--query-interval", "--queries above 0", c.queries > 0, false},
        {"--query-absent", "--queries above 0", c.queries > 0, false},
        {"--query-strategy", "--queries above 0", c.queries > 0, false},
        {"--query-ttl", "--queries above 0", c.queries > 0, false},
        {"--query-max-visited", "--queries above 0", c.queries > 0, false},
        {"--query-timeout", "--queries above 0", c.queries > 0, false},
    };
}

std::string
ScenarioOptionOwning(TypeId tid, const std::string& attribute)
{
    // (type, attribute, owner): every attribute a run gives a value of its own
    // (MakeGossipHelper, the query and duty-cycle helpers, WsnNetworkHelper,
    // LrWpanEnergyHelper, ScenarioDynamics) or ignores in favour of its own
    // (the query application's Strategy and Ttl: the workload passes both
    // with every query).  The owner is the option to use instead, or why the
    // run fixes the value.  The test suite bloom-gossip-scenario-attributes
    // walks the objects of real runs and checks that every attribute they set
    // is here.
    static const struct
    {
        TypeId (*type)();
        const char* attribute;
        const char* owner;
    } kOwned[] = {
        {&BloomGossipApplication::GetTypeId, "BeaconInterval", "--interval"},
        {&BloomGossipApplication::GetTypeId, "Jitter", "--jitter"},
        {&BloomGossipApplication::GetTypeId, "NeighbourExpiry", "--expiry"},
        {&BloomGossipApplication::GetTypeId, "Timer", "--timer"},
        {&BloomGossipApplication::GetTypeId, "TrickleImin", "--trickle-imin"},
        {&BloomGossipApplication::GetTypeId, "TrickleImax", "--trickle-imax"},
        {&BloomGossipApplication::GetTypeId, "TrickleK", "--trickle-k"},
        {&BloomGossipApplication::GetTypeId, "Transport", "--transport"},
        {&BloomGossipApplication::GetTypeId, "DeviceIndex", "--transport"},
        {&BloomGossipApplication::GetTypeId, "FrameBytes", "--frame-bytes"},
        {&BloomGossipApplication::GetTypeId, "Hashes", "--k"},
        {&BfGossipApplication::GetTypeId, "Bits", "--m"},
        {&AbfGossipApplication::GetTypeId, "Bits", "--m"},
        {&AbfGossipApplication::GetTypeId, "Depth", "--depth"},
        {&LbfGossipApplication::GetTypeId, "Cells", "--m"},
        {&LbfGossipApplication::GetTypeId, "CellBits", "--b"},
        {&LbfGossipApplication::GetTypeId, "Quantization", "--quantization"},
        {&LbfGossipApplication::GetTypeId, "Decay", "--decay"},
        {&LbfGossipApplication::GetTypeId, "Factor", "--a"},
        {&LbfGossipApplication::GetTypeId, "Step", "--delta"},
        {&SdbfGossipApplication::GetTypeId, "Bits", "--m"},
        {&SdbfGossipApplication::GetTypeId, "DecayProbability", "--decay-probability"},
        {&SdbfGossipApplication::GetTypeId, "MinCount", "--min-count"},
        {&SdbfGossipApplication::GetTypeId, "Estimator", "--estimator"},
        {&Application::GetTypeId, "StartTime", "the run starts every application at 0 s"},
        {&Application::GetTypeId, "StopTime", "--sim-time"},
        {&BloomQueryApplication::GetTypeId, "MaxVisited", "--query-max-visited"},
        {&BloomQueryApplication::GetTypeId, "QueryTimeout", "--query-timeout"},
        {&BloomQueryApplication::GetTypeId, "Ttl", "--query-ttl"},
        {&BloomQueryApplication::GetTypeId, "Strategy", "--query-strategy"},
        {&BloomQueryApplication::GetTypeId,
         "DeviceIndex",
         "the run sends queries on the node's lr-wpan device"},
        {&DutyCycleScheduler::GetTypeId, "Period", "--duty-period"},
        {&DutyCycleScheduler::GetTypeId, "DutyCycle", "--duty-cycle"},
        {&DutyCycleScheduler::GetTypeId, "Guard", "the run fixes the CSMA-CA guard at 5 ms"},
        {&BasicEnergySource::GetTypeId, "BasicEnergySourceInitialEnergyJ", "--battery-joules"},
        {&BasicEnergySource::GetTypeId,
         "BasicEnergyLowBatteryThreshold",
         "the run derives it from --battery-joules"},
        {&BasicEnergySource::GetTypeId, "BasicEnergySupplyVoltageV", "the run fixes it at 3 V"},
        {&BasicEnergySource::GetTypeId, "PeriodicEnergyUpdateInterval", "the run fixes it at 1 s"},
        {&RandomWaypointMobilityModel::GetTypeId, "Speed", "--speed"},
        {&RandomWaypointMobilityModel::GetTypeId, "Pause", "--pause"},
        {&RandomWaypointMobilityModel::GetTypeId,
         "PositionAllocator",
         "the run draws waypoints in the deployment area"},
        {&RandomRectanglePositionAllocator::GetTypeId,
         "X",
         "the run draws waypoints in the deployment area"},
        {&RandomRectanglePositionAllocator::GetTypeId,
         "Y",
         "the run draws waypoints in the deployment area"},
        {&GaussMarkovMobilityModel::GetTypeId,
         "Bounds",
         "the run keeps nodes in the deployment area"},
        {&GaussMarkovMobilityModel::GetTypeId, "Alpha", "the run fixes it at 0.85"},
        {&GaussMarkovMobilityModel::GetTypeId, "MeanVelocity", "--speed"},
        {&GaussMarkovMobilityModel::GetTypeId, "NormalVelocity", "--speed"},
        {&GaussMarkovMobilityModel::GetTypeId, "MeanDirection", "the run fixes it (uniform)"},
        {&GaussMarkovMobilityModel::GetTypeId, "NormalDirection", "the run fixes it"},
        {&GaussMarkovMobilityModel::GetTypeId, "MeanPitch", "the run fixes it at 0 (a plane)"},
        {&GaussMarkovMobilityModel::GetTypeId, "NormalPitch", "the run fixes it at 0 (a plane)"},
        {&RandomVariableStream::GetTypeId,
         "Stream",
         "the run assigns every random variable its stream (vary runs with --RngRun)"},
        {&RateErrorModel::GetTypeId, "ErrorRate", "--frame-loss"},
        {&RateErrorModel::GetTypeId, "ErrorUnit", "the run drops whole frames"},
        {&LrWpanMac::GetTypeId, "PanId", "the run puts every node in one PAN"},
        {&RangePropagationLossModel::GetTypeId, "MaxRange", "--range"},
        {&LogDistancePropagationLossModel::GetTypeId, "Exponent", "--exponent"},
        {&LogDistancePropagationLossModel::GetTypeId, "ReferenceLoss", "--reference-loss"},
        {&LogDistancePropagationLossModel::GetTypeId, "ReferenceDistance", "--radio"},
        {&StaticShadowingLossModel::GetTypeId, "Sigma", "--shadowing"},
        {&SpectrumChannel::GetTypeId, "MaxLossDb", "--radio"},
        {&GridSpectrumChannel::GetTypeId, "CutoffDistance", "--channel"},
        {&GridSpectrumChannel::GetTypeId, "MaxSpeed", "--speed"},
    };

    for (const auto& owned : kOwned)
    {
        const TypeId base = owned.type();
        if (attribute == owned.attribute && (tid == base || tid.IsChildOf(base)))
        {
            return owned.owner;
        }
    }
    return std::string();
}

} // namespace ns3
