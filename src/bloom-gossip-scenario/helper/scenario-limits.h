/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The bounds every part of a scenario checks its options against, and the
 * form of a refusal ("--option: problem").  At the bottom of the harness's
 * includes: the configuration (gossip-scenario-config.h) and the parts it
 * holds (scenario-mobility.h, ...) include it, it includes none of them.
 */
#ifndef BLOOM_GOSSIP_SCENARIO_LIMITS_H
#define BLOOM_GOSSIP_SCENARIO_LIMITS_H

#include "ns3/wsn-topology.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * Throw std::invalid_argument("<option>: <problem>"), the form of every
 * configuration error.
 * \param option the command-line option, e.g. "--speed"
 * \param problem what is wrong with it
 */
[[noreturn]] inline void
ThrowOptionError(const std::string& option, const std::string& problem)
{
    throw std::invalid_argument(option + ": " + problem);
}

/// Most nodes a scenario may have (16-bit short addresses of one PAN).
constexpr uint32_t kMaxScenarioNodes = kMaxWsnNodes;
/// Shortest interval, expiry, Trickle Imin and simulated time (s).
constexpr double kMinScenarioPeriod = 1e-3;
/// Longest simulated time and timer setting (s).
constexpr double kMaxScenarioTime = 1e7;

} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_LIMITS_H
