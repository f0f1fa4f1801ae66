/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * One gossip simulation from a GossipScenarioConfig: builds the topology and
 * the 802.15.4 network, installs the gossip (and query) applications and the
 * workload, runs, and returns the ground-truth metrics.  Used by the
 * scenario programs in scratch/ and by the system tests.
 */
#ifndef BLOOM_GOSSIP_GOSSIP_SCENARIO_H
#define BLOOM_GOSSIP_GOSSIP_SCENARIO_H

#include "gossip-scenario-config.h"
#include "scenario-recorders.h"
#include "wifi-drop-counter.h"

#include "ns3/bloom-gossip-helper.h"
#include "ns3/energy-metrics.h"
#include "ns3/filter-policy.h"
#include "ns3/gossip-metrics.h"
#include "ns3/query-metrics.h"
#include "ns3/wsn-topology.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

class NetDeviceContainer;
class WsnNetworkHelper;

/// What one run produced.
struct GossipScenarioResult
{
    uint32_t seed{0};
    uint64_t run{0};
    uint32_t nodes{0};        //!< nodes simulated
    uint32_t droppedNodes{0}; //!< disk (largest-component), bcun: nodes drawn but left out
    uint32_t diameter{0};     //!< of the radio's ground-truth graph (largest component's)
    uint32_t components{0};   //!< connected components of the ground-truth graph
    /// Air time a neighbourhood (a node and its mean degree of neighbours)
    /// offers per shortest beacon interval, with full frames; above 1 the
    /// shared channel cannot carry it and CSMA/CA drops frames (link-layer).
    double offeredLoad{0};
    uint32_t framesPerAdvertisement{0}; //!< frames (segments) of one advertisement
    double meanDegree{0};
    uint32_t slots{0};  //!< m actually used
    uint32_t hashes{0}; //!< k actually used (the option's, or a codec budget's choice)
    uint32_t depth{0};  //!< ABF d actually used (1 otherwise)
    /// With --budget-bytes and --codec entropy: the expected false-positive
    /// rate of the chosen shape on the budget search's converged line (the
    /// policy's FillFpr; none for a family without a fill model)
    std::optional<double> budgetFpr;
    std::string describe; //!< filter parameters in words
    /// Largest hop distance the filter can report (LBF H - 1, ABF d - 1;
    /// UINT32_MAX for BF).
    uint32_t reach{0};
    /// The per-hop attenuation (bloom::FilterPolicy::Attenuation: LBF a or
    /// delta, SDBF 1 - p; none for the others), the CSVs' `a` column.
    std::optional<bloom::FilterPolicy::HopAttenuation> attenuation;
    GossipRunMetrics metrics;
    /// Energy figures, when the configuration's EnergyOn().
    std::optional<EnergyRunMetrics> energy;
    /// 802.11 transmissions and drops as BCUN counts them, when the wifi
    /// device's builder counts them (WifiDeviceBuilder's CountDrops).
    std::optional<WifiDropCounts> wifiDrops;
    std::vector<bloom::QueryStrategy> queryStrategies; //!< strategies queried in this run
    std::vector<QueryRecord> queries;                  //!< one per query issued
    double wallSeconds{0};
    ScenarioDynamicsResult dynamics; //!< time series, maps, query paths (when asked for)
};

/**
 * The attribute values of a run's gossip applications: every attribute of
 * the parameter table their type has (scenario-parameters.h), m and the
 * levels as resolved.  Throws std::invalid_argument "--option: ..." when a
 * value is outside its attribute's checker.
 * \param config the run's configuration
 * \param slots the m actually used (after --budget-bytes)
 * \param depth the levels actually used (ResolveDepth)
 * \return (attribute name, value) pairs
 */
std::vector<std::pair<std::string, Ptr<AttributeValue>>> GossipAttributeValues(
    const GossipScenarioConfig& config,
    uint32_t slots,
    uint32_t depth);

/**
 * A gossip helper for the configuration's filter family with every gossip
 * attribute of the configuration set (GossipAttributeValues); `slots` and
 * `depth` are the m and levels actually used (after --budget-bytes or an
 * automatic depth).
 */
BloomGossipHelper MakeGossipHelper(const GossipScenarioConfig& config,
                                   uint32_t slots,
                                   uint32_t depth);

/**
 * A family's problem (BloomGossipApplication::CheckAttributes: "Attribute:
 * problem") told with the scenario options: the attribute at fault becomes
 * the option of the error, every other attribute with an option its
 * option's name ("MinCount: 5 out of range 1..4 (Hashes)" gives
 * "--min-count" and "5 out of range 1..4 (--k)").
 * \param config the run's configuration \param problem the family's text
 * \param option set to the option at fault ("--filter" when none)
 * \return the problem with the options' names
 */
std::string WithOptionNames(const GossipScenarioConfig& config,
                            const std::string& problem,
                            std::string& option);

/**
 * The family's own check of the run's values (CheckAttributes on one
 * application built from GossipAttributeValues, on no node): throws
 * std::invalid_argument "--option: problem" (WithOptionNames).  The
 * application's random streams are fixed (from stream 60, the same for
 * every application it builds), so its policy (the SDBF's keep mask) is a
 * function of the values and the seed and run only.
 * \param config the run's configuration
 * \param slots the m actually used \param depth the levels actually used
 * \return the application, whose policy (GetPolicy) is the runs'
 */
Ptr<BloomGossipApplication> CheckFamilyAttributes(const GossipScenarioConfig& config,
                                                  uint32_t slots,
                                                  uint32_t depth);

/**
 * The analytic bound on `purge_time`: a stale LBF value or ABF bit climbs one
 * hop per beacon round, so it is gone after reach + 1 rounds of at most
 * interval + jitter, plus the neighbour expiry when a node crashed.  Empty
 * for the BF (no bound: union never forgets in a cycle) and with Trickle.
 */
std::optional<double> PurgeBound(const GossipScenarioConfig& config,
                                 const GossipScenarioResult& result);

/**
 * The levels of the run's filter: 1 for a family without levels, else the
 * depth asked for (GossipScenarioConfig::RequestedDepth) or, when that is
 * 0, diameter + 1 bounded by the levels attribute's checker.
 * \param config the run's configuration \param diameter its network's diameter
 * \return the depth
 */
uint32_t ResolveDepth(const GossipScenarioConfig& config, uint32_t diameter);

/**
 * \ingroup bloom-gossip-scenario
 * \param filter a filter family
 * \return whether its application has k hash functions (the attribute of
 *         --k), so that --k and the runs.csv `k` column apply to it
 */
bool FamilyHasHashes(bloom::FilterKind filter);

/// Build the topology a configuration describes (no simulation objects).
WsnTopology BuildTopology(const GossipScenarioConfig& config);

/**
 * \ingroup bloom-gossip-scenario
 * A run's network, set up by the runner (topology, devices, frame loss and
 * their random streams), handed to GossipScenarioHooks::applications.
 */
struct GossipScenarioStage
{
    const GossipScenarioConfig& config; //!< the run's configuration
    WsnNetworkHelper& network;          //!< nodes, topology and channel
    const NetDeviceContainer& devices;  //!< every node's lr-wpan device
    int64_t stream;                     //!< the first random stream free for applications
    int64_t workloadStream;             //!< the workload's stream (GossipWorkload::AssignStreams)
};

/**
 * \ingroup bloom-gossip-scenario
 * What a program adds to a run of RunGossipScenario: callbacks around
 * Simulator::Run (timing, counters read before Simulator::Destroy) and, for
 * a program that measures applications of its own (sim-benchmark), the
 * applications in place of the run's.
 */
struct GossipScenarioHooks
{
    /// When set, installs the applications on the runner's network in place
    /// of everything the run would install (gossip, queries, workload, ground
    /// truth, energy, dynamics); the run then simulates and returns only its
    /// seed, run, nodes and wall time.
    std::function<void(const GossipScenarioStage& stage)> applications;
    std::function<void()> beforeRun; //!< just before Simulator::Run
    std::function<void()> afterRun;  //!< just after it, before Simulator::Destroy
};

/**
 * Run one simulation (Simulator::Destroy() is called at the end).
 * \param config the model parameters
 * \param recorders what to record besides the metrics (maps, query paths,
 * NetAnim; validated here): handed back in the result's `dynamics`
 * \param hooks a program's callbacks around the run (sim-benchmark's timing
 * and its own applications)
 * \return what the run produced
 */
GossipScenarioResult RunGossipScenario(const GossipScenarioConfig& config,
                                       const ScenarioRecorders& recorders = ScenarioRecorders(),
                                       const GossipScenarioHooks& hooks = GossipScenarioHooks());

/**
 * The feasibility check of a run, which RunGossipScenario runs first and
 * which is the only place a run refuses an option: Validate(), the
 * recorders' limits, the topology with its positions file or random draw,
 * the network and its radio ground truth (the one stage set up), the
 * network's size against the limits, the events' nodes, the filter's
 * levels and slots from the budget and the diameter, the family's check of
 * its values (CheckFamilyAttributes), the advertisement's frames, what the
 * radio and the duty cycle can carry and a query frame's room for a
 * carried filter; then Simulator::Destroy().  Throws std::invalid_argument
 * "--option: problem".  Draws the same random numbers as the run, so
 * results do not change.  Returns what it knows (nodes, diameter,
 * components, filter shape, frames per advertisement, offered load; no
 * metrics).  --dry-run runs exactly this.
 */
GossipScenarioResult CheckGossipScenario(const GossipScenarioConfig& config,
                                         const ScenarioRecorders& recorders = ScenarioRecorders());

} // namespace ns3

#endif // BLOOM_GOSSIP_GOSSIP_SCENARIO_H
