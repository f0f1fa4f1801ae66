/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-scenario-config.h"

#include "wifi-device-builder.h"

#include "ns3/abf-gossip-application.h"
#include "ns3/bf-gossip-application.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-query-application.h"
#include "ns3/duty-cycle-scheduler.h"
#include "ns3/dv-policy.h"
#include "ns3/error-model.h"
#include "ns3/filter-family.h"
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

void
GossipScenarioConfig::ValidateWifi() const
{
    if (!WifiDeviceBuilt())
    {
        ThrowOptionError("--device",
                         "wifi needs ns-3's wifi module, which this build was configured without "
                         "(in an ns-3 tree: --enable-modules='bloom-gossip-scenario;wifi')");
    }
    // Options of the 802.15.4 radio only (the wifi device has its own channel,
    // loss model and MAC, and no energy model, duty cycling or frame loss).
    const auto refuse = [](const char* option, const std::string& why) {
        ThrowOptionError(option, "not with --device wifi (" + why + ")");
    };
    if (radio.loss != WsnRadioConfig::Loss::RANGE)
    {
        refuse("--radio",
               "wifi's loss is two-ray ground; give its ranges with --range, --cs-range");
    }
    if (radio.channel != WsnRadioConfig::Channel::STOCK)
    {
        refuse("--channel", "the grid channel is an 802.15.4 spectrum channel");
    }
    if (energy)
    {
        refuse("--energy", "the energy model is lr-wpan's");
    }
    if (batteryJoules > 0)
    {
        refuse("--battery-joules", "the energy model is lr-wpan's");
    }
    if (dutyCycle < 1)
    {
        refuse("--duty-cycle", "duty cycling drives the lr-wpan MAC");
    }
    if (frameLoss > 0)
    {
        refuse("--frame-loss", "frame loss is applied to lr-wpan PHYs");
    }
    if (transport != BloomGossipApplication::LINK_LAYER)
    {
        refuse("--transport", "udp6 runs over 6LoWPAN, i.e. lr-wpan");
    }
    if (radio.CarrierSenseRange() < radio.range)
    {
        ThrowOptionError("--cs-range",
                         fmt::format("{} m below --range {} m; the carrier-sense range must "
                                     "reach at least the reception range",
                                     radio.CarrierSenseRange(),
                                     radio.range));
    }
    if (frameBytes > kWifiMaxFrameBytes)
    {
        ThrowOptionError("--frame-bytes",
                         fmt::format("{} bytes do not fit one 802.11 frame: at most {} (the "
                                     "wifi MTU)",
                                     frameBytes,
                                     kWifiMaxFrameBytes));
    }
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
    case ScenarioTopology::BCUN:
        return "bcun";
    }
    return "unknown";
}

std::string
ToString(ResourcePlacement placement)
{
    return placement == ResourcePlacement::ONE_PER_NODE ? "one-per-node" : "random";
}

ScenarioTopology
ParseScenarioTopology(const std::string& name)
{
    return bloom::ParseName(name,
                            {ScenarioTopology::LINE,
                             ScenarioTopology::GRID,
                             ScenarioTopology::DISK,
                             ScenarioTopology::FILE,
                             ScenarioTopology::BCUN});
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
QueryStrategySelection::Same()
{
    QueryStrategySelection selection;
    selection.words.clear();
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
        const bloom::QueryStrategyInfo* info = bloom::FindQueryStrategy(s);
        const bool needsDistance = info ? info->needsDistance : s == QueryStrategy::GRADIENT;
        if ((!needsDistance || distance) && std::find(out.begin(), out.end(), s) == out.end())
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
            // The registry's `all` (QueryStrategyInfo::inAll), by code.
            for (auto s : bloom::StrategiesFor(true))
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
    if (selection.words.empty())
    {
        return "same"; // QueryStrategySelection::Same()
    }
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
    const std::vector<std::string> names = bloom::SplitList(text);
    for (const std::string& name : names)
    {
        if (name.empty())
        {
            throw std::invalid_argument("empty item in '" + text + "'");
        }
        // A word given twice, or beside "all" (which holds every strategy),
        // would be dropped without a word when the selection is resolved.
        if (std::count(names.begin(), names.end(), name) > 1)
        {
            throw std::invalid_argument(bloom::QuoteForMessage(text) + " names " + name + " twice");
        }
        if (name != "all" && std::count(names.begin(), names.end(), "all") > 0)
        {
            throw std::invalid_argument(bloom::QuoteForMessage(text) + " names " + name +
                                        " beside all, which holds every strategy");
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
GossipScenarioConfig::CheckCombinations() const
{
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
    if (topology == ScenarioTopology::BCUN &&
        !WsnTopology::BcunMinDistanceBelowRadius(bcun.minDistance2, bcun.radius))
    {
        ThrowOptionError(
            "--bcun-min-distance2",
            fmt::format("{:g} must be below --bcun-radius squared ({:g}): every pair of "
                        "neighbours would be too close",
                        bcun.minDistance2,
                        bcun.radius * bcun.radius));
    }
    if (topology == ScenarioTopology::BCUN &&
        WsnTopology::BcunExpectedLinks(bcun.nodes, bcun.radius) > WsnTopology::kMaxBcunLinks)
    {
        ThrowOptionError("--bcun-radius",
                         fmt::format("{:g} with --bcun-nodes {}: about {:.3g} links per draw, "
                                     "more than the {:g} the generator allows (memory and time "
                                     "grow with them); lower --bcun-radius or --bcun-nodes",
                                     bcun.radius,
                                     bcun.nodes,
                                     WsnTopology::BcunExpectedLinks(bcun.nodes, bcun.radius),
                                     WsnTopology::kMaxBcunLinks));
    }
    if (topology == ScenarioTopology::DISK && !(meanDegree < nodes))
    {
        ThrowOptionError("--degree",
                         fmt::format("{} out of range (0, nodes) = (0, {})", meanDegree, nodes));
    }
    if (radio.shadowingSigmaDb > 0 && radio.loss != WsnRadioConfig::Loss::LOG_DISTANCE)
    {
        ThrowOptionError("--shadowing", "needs --radio log-distance (or 0)");
    }
    if (radio.device == WsnRadioConfig::Device::WIFI)
    {
        ValidateWifi(); // before radio.Validate(), which names no option
    }
    try
    {
        radio.Validate();
    }
    catch (const std::invalid_argument& e)
    {
        ThrowOptionError("--radio", e.what());
    }
    if (decay == LbfGossipApplication::MULTIPLICATIVE)
    {
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
    if (decay == LbfGossipApplication::SUBTRACTIVE && step >= (1U << cellBits))
    {
        ThrowOptionError(
            "--delta",
            fmt::format("{} out of range 1..{} (2^b - 1)", step, (1U << cellBits) - 1));
    }
    if (filter == bloom::FilterKind::SCOPE_DECAY && minCount > hashes)
    {
        ThrowOptionError("--min-count",
                         fmt::format("{} out of range 1..{} (--k)", minCount, hashes));
    }
    if (filter == bloom::FilterKind::DISTANCE_VECTOR)
    {
        // Ids of w bits from the largest id; a budget (or m, in bytes) must
        // hold one entry of w bits and the horizon's hop bits.
        const uint64_t largest = LargestResourceId();
        if (largest >> bloom::kMaxDvIdBits != 0)
        {
            ThrowOptionError(largest > resources ? "--events" : "--resources",
                             fmt::format("resource id {} is beyond what --filter dv carries "
                                         "(ids 1..{})",
                                         largest,
                                         (1U << bloom::kMaxDvIdBits) - 1));
        }
        const std::string problem = bloom::DvPolicy::Check(budgetBytes > 0 ? budgetBytes : slots,
                                                           horizon,
                                                           bloom::DistanceVector::WidthOf(largest));
        if (!problem.empty())
        {
            ThrowOptionError(budgetBytes > 0 ? "--budget-bytes" : "--m", "--filter dv: " + problem);
        }
    }
    if (budgetBytes > 0)
    {
        // Bytes one slot needs on every level (ABF: a byte per level); an
        // automatic ABF depth is checked once the diameter is known
        // (CheckGossipScenario).
        const bloom::FilterFamily& family = bloom::GetFilterFamily(filter);
        const uint64_t need = family.MinBudgetBytes(cellBits, depth);
        if (budgetBytes < need)
        {
            ThrowOptionError(
                "--budget-bytes",
                fmt::format("{} bytes cannot hold one slot of {} ({} levels); need >= {}",
                            budgetBytes,
                            bloom::ToString(filter),
                            family.Levels(depth),
                            need));
        }
    }
    if (jitter > interval / 2)
    {
        ThrowOptionError(
            "--jitter",
            fmt::format("{} out of range [0, interval/2] = [0, {}] s", jitter, interval / 2));
    }
    if (trickleImax < trickleImin)
    {
        ThrowOptionError(
            "--trickle-imax",
            fmt::format("{} below --trickle-imin {}; need imin <= imax", trickleImax, trickleImin));
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
    if (transport == BloomGossipApplication::UDP6 && !Udp6TransportBuilt())
    {
        ThrowOptionError("--transport",
                         "udp6 needs ns-3's internet and sixlowpan modules, which this build "
                         "was configured without (in an ns-3 tree: "
                         "--enable-modules='bloom-gossip-scenario;internet;sixlowpan')");
    }
    if (transport == BloomGossipApplication::LINK_LAYER &&
        radio.device == WsnRadioConfig::Device::LR_WPAN && frameBytes > kLinkLayerMaxFrameBytes)
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
    if (learning == BloomGossipApplication::QUERIES)
    {
        if (queries == 0)
        {
            ThrowOptionError("--learn",
                             "queries needs --queries above 0 (filters travel only with queries)");
        }
        if (timer == BloomGossipApplication::TRICKLE)
        {
            ThrowOptionError("--learn",
                             "queries sends no advertisements: --timer trickle does not apply");
        }
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
    const std::vector<bloom::QueryStrategy> warmups = QueryWarmupStrategies();
    if (queries > 0 && queryWarmup > 0 && !warmups.empty() && !strategies.empty())
    {
        const double last = QueryWarmupStart() +
                            (static_cast<double>(queryWarmup) * warmups.size() - 1) * queryInterval;
        if (!(last < QueryWindowStart()))
        {
            ThrowOptionError(
                "--query-warmup",
                fmt::format("{} warm-up queries x {} strategies from {} s, {} s apart, run until "
                            "{} s, not before the first measured query at {} s",
                            queryWarmup,
                            warmups.size(),
                            QueryWarmupStart(),
                            queryInterval,
                            last,
                            QueryWindowStart()));
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

uint64_t
GossipScenarioConfig::LargestResourceId() const
{
    uint64_t largest = resources;
    for (const WorkloadEvent& e : events)
    {
        if (e.kind == WorkloadEvent::ADD)
        {
            largest = std::max(largest, e.resource);
        }
    }
    return largest;
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

std::vector<bloom::QueryStrategy>
GossipScenarioConfig::QueryWarmupStrategies() const
{
    return queryWarmupStrategy.words.empty() ? QueryStrategies()
                                             : queryWarmupStrategy.Resolve(filter);
}

double
GossipScenarioConfig::QueryWarmupStart() const
{
    return queryWarmupStart > 0 ? queryWarmupStart : queryInterval;
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

} // namespace ns3
