/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * One gossip simulation from a plain configuration: topology, radio, filter,
 * timers, workload and faults in; ground-truth metrics out.  Used by the
 * scenario programs in scratch/ and by the system tests.
 */
#ifndef BLOOM_GOSSIP_GOSSIP_SCENARIO_H
#define BLOOM_GOSSIP_GOSSIP_SCENARIO_H

#include "bloom-gossip-helper.h"
#include "gossip-metrics.h"
#include "gossip-workload.h"
#include "query-metrics.h"
#include "wsn-network-helper.h"

#include "ns3/query-message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/// Most nodes a scenario may have (16-bit short addresses of one PAN).
constexpr uint32_t kMaxScenarioNodes = 65533;
/// Shortest interval, expiry, Trickle Imin and simulated time (s).
constexpr double kMinScenarioPeriod = 1e-3;
/// Longest simulated time and timer setting (s).
constexpr double kMaxScenarioTime = 1e7;
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

/// What one run produced.
struct GossipScenarioResult
{
    uint32_t seed{0};
    uint64_t run{0};
    uint32_t nodes{0};        //!< nodes simulated
    uint32_t droppedNodes{0}; //!< disk, largest-component: nodes left out
    uint32_t diameter{0};     //!< of the radio's ground-truth graph
    double meanDegree{0};
    uint32_t slots{0};    //!< m actually used
    uint32_t depth{0};    //!< ABF d actually used (1 otherwise)
    std::string describe; //!< filter parameters in words
    /// Largest hop distance the filter can report (LBF H - 1, ABF d - 1;
    /// UINT32_MAX for BF).
    uint32_t reach{0};
    GossipRunMetrics metrics;
    std::vector<bloom::QueryStrategy> queryStrategies; //!< strategies queried in this run
    std::vector<QueryRecord> queries;                  //!< one per query issued
    double wallSeconds{0};
};

/**
 * A gossip helper for the configuration's filter family with every gossip
 * attribute of the configuration set; `slots` and `depth` are the m and ABF
 * d actually used (after --budget-bytes or an automatic depth).
 */
BloomGossipHelper MakeGossipHelper(const GossipScenarioConfig& config,
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

/// Build the topology a configuration describes (no simulation objects).
WsnTopology BuildTopology(const GossipScenarioConfig& config);

/// Run one simulation (Simulator::Destroy() is called at the end).
GossipScenarioResult RunGossipScenario(const GossipScenarioConfig& config);

/**
 * Everything RunGossipScenario would reject, found without simulating: runs
 * its set-up (Validate(), the topology with its positions file or random
 * draw, the network and the radio ground truth, the filter shape derived
 * from the budget and the diameter, its segmentation into frames, the
 * events' node numbers) and then Simulator::Destroy().  Throws
 * std::invalid_argument "--option: problem".  Draws the same random numbers
 * as the run, so results do not change.
 */
void CheckGossipScenario(const GossipScenarioConfig& config);

/// CSV header of the per-run table (no trailing newline).
std::string GossipCsvHeader();
/**
 * Rows of the per-run table (no trailing newline): one per query strategy of
 * the run (the gossip columns repeated), or one row with query_strategy NA
 * and NA query columns when the run issued no queries.
 */
std::vector<std::string> GossipCsvRows(const GossipScenarioConfig& config,
                                       const GossipScenarioResult& result);
/// The first of GossipCsvRows.
std::string GossipCsvRow(const GossipScenarioConfig& config, const GossipScenarioResult& result);
/// CSV header of the per-query table.
std::string GossipQueryCsvHeader();
/// Rows of the per-query table, one per query.
std::vector<std::string> GossipQueryCsvRows(const GossipScenarioConfig& config,
                                            const GossipScenarioResult& result);
/// CSV header of the per-distance table.
std::string GossipDistanceCsvHeader();
/// Rows of the per-distance table, one per true hop distance.
std::vector<std::string> GossipDistanceCsvRows(const GossipScenarioConfig& config,
                                               const GossipScenarioResult& result);

/**
 * Write a file so that readers never see it half-written: the content goes
 * to a temporary file in the same folder, which is then renamed over `path`.
 * Throws std::runtime_error naming the path on failure (and leaves nothing).
 */
void WriteFileAtomically(const std::string& path, const std::string& content);

} // namespace ns3

#endif // BLOOM_GOSSIP_GOSSIP_SCENARIO_H
