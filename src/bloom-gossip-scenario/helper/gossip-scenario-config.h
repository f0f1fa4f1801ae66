/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The parameters of one gossip run (topology, radio, filter, timers,
 * workload, faults, queries) and their validation: the one owner of every
 * range and combination check.  A problem is reported as
 * std::invalid_argument "--option: problem", naming the command-line option
 * of the scenario programs that sets the field.
 */
#ifndef BLOOM_GOSSIP_GOSSIP_SCENARIO_CONFIG_H
#define BLOOM_GOSSIP_GOSSIP_SCENARIO_CONFIG_H

#include "ns3/gossip-workload.h"
#include "ns3/query-strategy.h"
#include "ns3/type-id.h"
#include "ns3/wsn-network-helper.h"
#include "ns3/wsn-topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * Throw std::invalid_argument("<option>: <problem>"), the form of every
 * configuration error.
 */
[[noreturn]] void ThrowOptionError(const std::string& option, const std::string& problem);

/// Most nodes a scenario may have (16-bit short addresses of one PAN).
constexpr uint32_t kMaxScenarioNodes = kMaxWsnNodes;
/// Shortest interval, expiry, Trickle Imin and simulated time (s).
constexpr double kMinScenarioPeriod = 1e-3;
/// Longest simulated time and timer setting (s).
constexpr double kMaxScenarioTime = 1e7;
/// Largest --frame-bytes with --transport link-layer: lr-wpan's MTU, the
/// 127-byte PHY frame less the MAC header (short addresses) and the FCS.
constexpr uint32_t kLinkLayerMaxFrameBytes = 114;
/// Most (node, resource) pairs of ground truth a run may track: the metrics
/// keep and re-evaluate every pair, so memory and time grow with them.
constexpr uint64_t kMaxTruthPairs = 4000000;
/// Largest message budget (bytes).
constexpr uint32_t kMaxBudgetBytes = 1U << 20;

/**
 * \ingroup bloom-gossip
 * \brief Parameters of one gossip run.  Validate() checks ranges and
 * combinations and throws std::invalid_argument with "option: problem".
 */
struct GossipScenarioConfig
{
    // Topology.
    std::string topology{"line"}; //!< line | grid | disk | file
    uint32_t nodes{20};           //!< line, disk; grid: square side ceil(sqrt(nodes)) if no width
    uint32_t gridWidth{0};        //!< grid width (0: derived from nodes)
    uint32_t gridHeight{0};       //!< grid height (0: same as width)
    double spacing{10.0};         //!< line and grid spacing (m)
    double meanDegree{8.0};       //!< disk: requested mean degree
    std::string diskPolicy{"connected"};  //!< connected | largest-component
    std::string positions;                //!< file: CSV "id,x,y"
    WsnRadioConfig radio{DefaultRadio()}; //!< radio model (unit disk of 12 m by default)

    /// The default radio: unit disk (RangePropagationLossModel) of 12 m.
    static WsnRadioConfig DefaultRadio();

    // Filter.
    std::string filter{"lbf"}; //!< bf | lbf | abf
    uint32_t slots{256};       //!< m: BF bits, LBF cells, ABF bits per level
    uint32_t hashes{4};        //!< k
    uint32_t cellBits{8};      //!< LBF b
    std::string quantization{"floor"};
    std::string decay{"multiplicative"}; //!< multiplicative | subtractive
    double factor{0.9};                  //!< LBF a
    uint32_t step{1};                    //!< LBF delta
    uint32_t depth{0};                   //!< ABF d; 0: diameter + 1 (at most 255)
    uint32_t budgetBytes{0};             //!< > 0: derive m so every filter carries this many bytes

    // Gossip.
    double interval{1.0};
    double jitter{0.1};
    double expiry{0};              //!< 0: 3.5 x interval (periodic) or 3.5 x trickleImax (trickle)
    std::string timer{"periodic"}; //!< periodic | trickle
    double trickleImin{0.5};
    double trickleImax{16.0};
    uint32_t trickleK{1};
    std::string transport{"link-layer"}; //!< link-layer | udp6
    uint32_t frameBytes{0};

    // Workload.
    uint32_t resources{4}; //!< R resources, numbered 1..R, on random nodes
    uint32_t replicas{1};  //!< holders per resource
    uint32_t probes{100};  //!< keys never inserted (false positives)
    std::vector<WorkloadEvent> events;
    double simTime{60.0};
    /// Share of correctly received frames dropped anyway, independently on
    /// every PHY (a RateErrorModel per device, post-reception); 0..0.9.
    double frameLoss{0};

    // Queries (none unless queries > 0).  The run draws `queries` (origin,
    // key) pairs and issues each once per strategy, one query every
    // queryInterval seconds (query i with strategy s at
    // start + (i S + s) queryInterval for S strategies).
    uint32_t queries{0};               //!< query draws (each issued once per strategy)
    double queryStart{0};              //!< first query (s); 0: auto, the last answer due at simTime
    double queryInterval{1.0};         //!< seconds between two queries
    double queryAbsent{0};             //!< share of draws for keys never inserted
    std::string queryStrategy{"auto"}; //!< comma list of gradient, flood, ring, blind-flood;
                                       //!< or auto, all (see QueryStrategies)
    uint32_t queryTtl{0};              //!< 0: auto (gradient 2 D, floods D; 2..255)
    uint32_t queryMaxVisited{16};      //!< gradient visited list entries
    double queryTimeout{10.0};         //!< origin gives up after this long (s)

    /**
     * Strategies of this configuration's filter, in the order given.  "auto":
     * gradient for lbf and abf; flood, ring and blind-flood for bf.  "all":
     * every strategy the filter supports.  A list keeps the strategies the
     * filter supports (gradient needs lbf or abf), so the list may be empty.
     * Throws std::invalid_argument on an unknown name.
     */
    std::vector<bloom::QueryStrategy> QueryStrategies() const;
    /// Time of the first query (resolves the automatic start).
    double QueryWindowStart() const;

    void Validate() const;
    /// The neighbour expiry in force (resolves the automatic 0).
    double EffectiveExpiry() const;
};

/**
 * \ingroup bloom-gossip-scenario
 * The option of the scenario programs that sets attribute `attribute` of
 * type `tid` (or of a type it derives from) for every run, e.g. "--interval"
 * for BloomGossipApplication::BeaconInterval; an empty string when the
 * scenario leaves the attribute at its default, so that a
 * --ns3::Type::Attribute=value default takes effect.
 *
 * \param tid the type named on the command line
 * \param attribute the attribute name
 * \return the owning option, or an empty string
 */
std::string ScenarioOptionOwning(TypeId tid, const std::string& attribute);

} // namespace ns3

#endif // BLOOM_GOSSIP_GOSSIP_SCENARIO_CONFIG_H
