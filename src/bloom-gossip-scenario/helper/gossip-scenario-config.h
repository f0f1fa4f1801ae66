/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The parameters of one gossip run (topology, radio, filter, timers,
 * workload, faults, queries) and their validation: the range checks come
 * from the parameter registry (scenario-parameters.h), the combination
 * checks are here.  A problem is reported as
 * std::invalid_argument "--option: problem", naming the command-line option
 * of the scenario programs that sets the field.
 */
#ifndef BLOOM_GOSSIP_GOSSIP_SCENARIO_CONFIG_H
#define BLOOM_GOSSIP_GOSSIP_SCENARIO_CONFIG_H

#include "attribute-options.h"
#include "scenario-limits.h"
#include "scenario-mobility.h"

#include "ns3/bloom-gossip-application.h"
#include "ns3/filter-shape.h"
#include "ns3/gossip-workload.h"
#include "ns3/query-strategy.h"
#include "ns3/type-id.h"
#include "ns3/wsn-network-helper.h"
#include "ns3/wsn-topology.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

// ThrowOptionError, kMaxScenarioNodes, kMinScenarioPeriod and
// kMaxScenarioTime: scenario-limits.h.
/**
 * Whether this build has the udp6 transport: it needs ns-3's internet and
 * sixlowpan modules, which an ns-3 tree may be configured without (the
 * build files set BLOOM_GOSSIP_UDP6; see the module chapter, "Building").
 * Without them Validate() refuses --transport udp6.
 */
bool Udp6TransportBuilt();

/// Largest --frame-bytes with --transport link-layer: lr-wpan's MTU, the
/// 127-byte PHY frame less the MAC header (short addresses) and the FCS.
constexpr uint32_t kLinkLayerMaxFrameBytes = 114;
/// The largest gossip frame payload with --device wifi: WifiNetDevice's MTU.
constexpr uint32_t kWifiMaxFrameBytes = 2296;
/// Room the duty-cycle schedule keeps before a window's end for CSMA-CA (s).
constexpr double kDutyGuardSeconds = 0.005;
/// Most (node, resource) pairs of ground truth a run may track: the metrics
/// keep and re-evaluate every pair, so memory and time grow with them.
constexpr uint64_t kMaxTruthPairs = 4000000;
/// Largest message budget (bytes).
constexpr uint32_t kMaxBudgetBytes = 1U << 20;

/**
 * \ingroup bloom-gossip-scenario
 * The network layouts of a scenario (--topology).
 */
enum class ScenarioTopology : uint8_t
{
    LINE, //!< nodes on a line (WsnTopology::Line)
    GRID, //!< a rectangular grid (WsnTopology::Grid)
    DISK, //!< uniform at random in a square (WsnTopology::RandomDisk)
    FILE, //!< positions from a CSV file (WsnTopology::FromCsv)
    BCUN, //!< BCUN's random geometric graph (WsnTopology::Bcun)
};

/**
 * \ingroup bloom-gossip-scenario
 * \param topology a network layout
 * \return "line", "grid", "disk", "file" or "bcun"
 */
std::string ToString(ScenarioTopology topology);
/**
 * \ingroup bloom-gossip-scenario
 * Inverse of ToString(ScenarioTopology); throws std::invalid_argument
 * "'<name>' is not one of line, grid, disk, file, bcun" on anything else.
 * \param name "line", "grid", "disk", "file" or "bcun"
 * \return the layout
 */
ScenarioTopology ParseScenarioTopology(const std::string& name);

/**
 * \ingroup bloom-gossip-scenario
 * Where the resources of a run are (--placement).
 */
enum class ResourcePlacement : uint8_t
{
    RANDOM,       //!< resources 1..R, each on --replicas random nodes
    ONE_PER_NODE, //!< node i holds resource i + 1, and only it (BCUN)
};

/**
 * \ingroup bloom-gossip-scenario
 * \param placement a resource placement
 * \return "random" or "one-per-node"
 */
std::string ToString(ResourcePlacement placement);

/**
 * \ingroup bloom-gossip-scenario
 * \brief The query strategies a run asks for (--query-strategy): a list of
 * words, each one strategy or `auto` or `all`, resolved for a filter family
 * by Resolve().  The words are kept as given, so ToString() gives the text
 * back.
 */
struct QueryStrategySelection
{
    /// What a word of the list names.
    enum class Mode : uint8_t
    {
        AUTO, //!< the registry's auto strategies for the family (bloom::AutoStrategiesFor)
        ALL,  //!< every strategy the filter supports
        ONE,  //!< the strategy of the word
    };

    /// One word of the list.
    struct Word
    {
        Mode mode{Mode::AUTO};                                         //!< what it names
        bloom::QueryStrategy strategy{bloom::QueryStrategy::GRADIENT}; //!< with Mode::ONE
    };

    std::vector<Word> words{Word{}}; //!< in the order given; by default `auto`

    /**
     * \param strategies query strategies
     * \return the selection of these strategies, in this order
     */
    static QueryStrategySelection Of(const std::vector<bloom::QueryStrategy>& strategies);
    /// \return the selection `all`
    static QueryStrategySelection All();
    /// \return the selection `same` (no words: the run's own strategies,
    /// for --query-warmup-strategy)
    static QueryStrategySelection Same();

    /**
     * The strategies for a filter family, in the order of the words, each
     * once.  `auto`: the registry's strategies for a family with or without
     * distance (bloom::AutoStrategiesFor, the family's descriptor saying
     * which); `all`: the registry's `all` the family can run.  A strategy
     * the family does not support (needsDistance, and the family without
     * distance) is left out, so the result may be empty.
     * \param filter the filter family
     * \return the strategies
     */
    std::vector<bloom::QueryStrategy> Resolve(bloom::FilterKind filter) const;
};

/**
 * \ingroup bloom-gossip-scenario
 * The help of --query-strategy, from the strategy registry and the family
 * descriptors: every listed strategy (with the families that can run it
 * when it needs distance), what `auto` and `all` pick.
 * \return the text
 */
std::string QueryStrategyHelp();

/**
 * \ingroup bloom-gossip-scenario
 * \return which listed strategies need a family with distance and which
 *         families have it, e.g. "gradient and abc need lbf, abf, sdbf or dv"
 */
std::string QueryStrategyNeeds();

/**
 * \ingroup bloom-gossip-scenario
 * The TTL the harness gives a query when --query-ttl is 0: the strategy's
 * ttlPerHop (its registration) times the network diameter, at least
 * ttlPerHop, at most 255.
 * \param strategy a registered strategy \param diameter the network's diameter in hops
 * \return the TTL
 */
uint8_t ScenarioQueryTtl(bloom::QueryStrategy strategy, uint32_t diameter);

/**
 * \ingroup bloom-gossip-scenario
 * \param selection a query strategy selection
 * \return its words joined by commas, e.g. "auto" or "flood,ring"
 */
std::string ToString(const QueryStrategySelection& selection);
/**
 * \ingroup bloom-gossip-scenario
 * Inverse of ToString(QueryStrategySelection): a comma list of gradient,
 * flood, ring, blind-flood, auto and all.  Throws std::invalid_argument on
 * an empty text ("empty; give ..."), an empty item ("empty item in
 * '<text>'") or an unknown word (bloom::ParseQueryStrategy's message).
 * \param text the list
 * \return the selection
 */
QueryStrategySelection ParseQueryStrategySelection(const std::string& text);

/**
 * \ingroup bloom-gossip
 * \brief Parameters of one gossip run.  Validate() checks ranges (one check
 * per parameter, from the parameter registry, scenario-parameters.h) and
 * combinations and throws std::invalid_argument with "option: problem".
 */
struct GossipScenarioConfig
{
    // Topology.
    ScenarioTopology topology{ScenarioTopology::LINE}; //!< network layout
    uint32_t nodes{20};     //!< line, disk; grid: square side ceil(sqrt(nodes)) if no width
    uint32_t gridWidth{0};  //!< grid width (0: derived from nodes)
    uint32_t gridHeight{0}; //!< grid height (0: same as width)
    double spacing{WsnTopology::kDefaultSpacing};       //!< line and grid spacing (m)
    double meanDegree{WsnTopology::kDefaultMeanDegree}; //!< disk: requested mean degree
    /// disk: redraw until connected, or keep the largest component
    WsnTopology::DiskPolicy diskPolicy{WsnTopology::DiskPolicy::CONNECTED};
    std::string positions;                //!< file: CSV "id,x,y"
    WsnTopology::BcunParams bcun;         //!< bcun: the generator's parameters
    WsnRadioConfig radio{DefaultRadio()}; //!< radio model (unit disk of 12 m by default)

    /// The default radio: unit disk (RangePropagationLossModel) of 12 m.
    static WsnRadioConfig DefaultRadio();

    // Filter.
    bloom::FilterKind filter{bloom::FilterKind::LINEAR}; //!< filter family
    /// m: the family's size attribute (bloom::FilterFamily::sizeAttribute)
    uint32_t slots{256};
    uint32_t hashes{4}; //!< k, for the families whose application has Hashes
    /// --k given (cli::Given: on the command line or in a config file, at a
    /// value other than its default): a budget with a codec keeps it rather
    /// than choosing k
    bool hashesGiven{false};
    uint32_t budgetBytes{0}; //!< > 0: derive m so every filter carries this many bytes
    /// The values of the families' own options (bloom::FilterFamily::options,
    /// family-options.h), by option name; an option not here has its
    /// default (FamilyOption).  Each value is of its option's type.
    std::map<std::string, OptionValue> familyOptions;

    /**
     * \param name a family option's name (e.g. "b")
     * \return its value: the one set, else its default (FamilyOptionInfo::Default)
     */
    OptionValue FamilyOption(const std::string& name) const;
    /**
     * Set a family option from its text, as a config file writes it (tests
     * and programs that build configurations).  Throws std::invalid_argument
     * on an option no family has or a value outside its attribute's domain.
     * \param name the option's name \param text its value
     */
    void SetFamilyOption(const std::string& name, const std::string& text);
    /**
     * \param attribute an attribute of the application of this
     *        configuration's family
     * \return its value for a run: its option's (FamilyOption), else the
     *         attribute's initial value
     */
    OptionValue FamilyAttribute(const std::string& attribute) const;
    /// \return the bits of one unit of m of this configuration's family
    ///         (bloom::FilterFamily::SlotBits of its slotBitsAttribute's value)
    uint32_t SlotBits() const;
    /// \return the depth asked for: the family's levelsAttribute value (0:
    ///         diameter + 1), 0 for a family without levels
    uint32_t RequestedDepth() const;

    // Gossip.
    double interval{1.0};
    double jitter{0.1};
    double expiry{0}; //!< 0: 3.5 x interval (periodic) or 3.5 x trickleImax (trickle)
    BloomGossipApplication::TimerMode timer{BloomGossipApplication::PERIODIC}; //!< beacon timer
    /// Where filters come from: advertisements, or only query frames (--learn)
    BloomGossipApplication::LearningMode learning{BloomGossipApplication::GOSSIP};
    /// How advertisements are coded (--codec; BloomGossipApplication::Codec)
    bloom::Codec codec{bloom::Codec::NONE};
    double trickleImin{0.5};
    double trickleImax{16.0};
    uint32_t trickleK{1};
    /// broadcast frames on the link layer, or UDP over IPv6
    BloomGossipApplication::TransportMode transport{BloomGossipApplication::LINK_LAYER};
    uint32_t frameBytes{0};

    // Workload.
    uint32_t resources{4}; //!< R resources, numbered 1..R, on random nodes
    uint32_t replicas{1};  //!< holders per resource
    /// random (resources, replicas) or one per node (resources = nodes, set by the run)
    ResourcePlacement placement{ResourcePlacement::RANDOM};
    uint32_t probes{100}; //!< keys never inserted (false positives)
    std::vector<WorkloadEvent> events;
    double simTime{60.0};
    /// Share of correctly received frames dropped anyway, independently on
    /// every PHY (a RateErrorModel per device, post-reception); 0..0.9.
    double frameLoss{0};

    // Energy and duty cycling (issue 18).  Off by default: no energy model,
    // radios always on, and runs.csv without the energy columns.
    bool energy{false};      //!< LrWpanRadioEnergyModel on every device, energy columns
    double batteryJoules{0}; //!< initial energy of every node (J); 0: unlimited
    double dutyPeriod{1.0};  //!< duty-cycle period (s)
    double dutyCycle{1.0};   //!< active share of every period, (0, 1]; 1: always on
    /// Energy accounting in force (--energy, or a battery, or duty cycling).
    bool EnergyOn() const;

    // Queries (none unless queries > 0).  The run draws `queries` (origin,
    // key) pairs and issues each once per strategy, one query every
    // queryInterval seconds (query i with strategy s at
    // start + (i S + s) queryInterval for S strategies).
    uint32_t queries{0};       //!< query draws (each issued once per strategy)
    double queryStart{0};      //!< first query (s); 0: auto, the last answer due at simTime
    double queryInterval{1.0}; //!< seconds between two queries
    double queryAbsent{0};     //!< share of draws for keys never inserted
    QueryStrategySelection queryStrategy; //!< strategies (see QueryStrategies); auto
    uint32_t queryTtl{0};                 //!< 0: auto (gradient 2 D, floods D; 2..255)
    uint32_t queryMaxVisited{16};         //!< gradient visited list entries
    double queryTimeout{10.0};            //!< origin gives up after this long (s)
    /// Warm-up draws, issued before the measured queries and never reported
    /// (warm-up j at queryWarmupStart + j queryInterval, once per warm-up strategy).
    uint32_t queryWarmup{0};
    double queryWarmupStart{0}; //!< first warm-up query (s); 0: one queryInterval
    /// Warm-up strategies; no words: the run's own (QueryStrategies)
    QueryStrategySelection queryWarmupStrategy{QueryStrategySelection::Same()};

    // Mobility, moving ground truth, maps and query paths (off by default).
    ScenarioDynamicsConfig dynamics; //!< see scenario-mobility.h

    /**
     * Strategies of this configuration's filter: queryStrategy.Resolve(filter).
     * \return the strategies, possibly none
     */
    std::vector<bloom::QueryStrategy> QueryStrategies() const;
    /// Time of the first query (resolves the automatic start).
    double QueryWindowStart() const;
    /**
     * Warm-up strategies of this configuration's filter: the run's own
     * (QueryStrategies) for `same`, else queryWarmupStrategy.Resolve(filter).
     * \return the strategies, possibly none
     */
    std::vector<bloom::QueryStrategy> QueryWarmupStrategies() const;
    /// Time of the first warm-up query (resolves the automatic 0).
    double QueryWarmupStart() const;

    /**
     * Check every field: the ranges of the parameter table
     * (CheckScenarioParameterRanges, scenario-parameters.h), then
     * CheckCombinations().  Defined in scenario-parameters.cc, the owner of
     * the ranges, so that this file does not depend on the table (which
     * depends on it).  Throws std::invalid_argument "--option: problem".
     */
    void Validate() const;
    /// CheckCombinations()'s part for --device wifi (ThrowOptionError).
    void ValidateWifi() const;
    /// The checks across fields (e.g. jitter <= interval / 2), assuming every
    /// field within its range, section by section (the functions below);
    /// throws std::invalid_argument "--option: problem".
    void CheckCombinations() const;
    void CheckNetworkCombinations() const;  //!< nodes, grid, generators, radio, device
    void CheckFilterCombinations() const;   //!< the family's ids, the budget
    void CheckGossipCombinations() const;   //!< timers, expiry, transport, frames
    void CheckEnergyCombinations() const;   //!< the duty cycle
    void CheckQueryCombinations() const;    //!< strategies, learning, windows
    void CheckWorkloadCombinations() const; //!< mobility, sampling, events
    /// The neighbour expiry in force (resolves the automatic 0).
    double EffectiveExpiry() const;
    /// \return the largest resource id of the run: R, or an --events add above it
    uint64_t LargestResourceId() const;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_GOSSIP_SCENARIO_CONFIG_H
