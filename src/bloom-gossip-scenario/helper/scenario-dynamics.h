/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * What a scenario adds for dynamic networks and pictures: mobility (ns-3's
 * random waypoint and Gauss-Markov models, ns-2 traces), a ground truth
 * that follows the motion (sampled), and the rows of the maps (per-node
 * estimates and truth links at chosen times) and of the query paths.
 * Everything is off by default; a run without these options draws, schedules
 * and writes exactly what it did before.
 */
#ifndef BLOOM_GOSSIP_SCENARIO_DYNAMICS_H
#define BLOOM_GOSSIP_SCENARIO_DYNAMICS_H

#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-query-application.h"
#include "ns3/gossip-metrics.h"
#include "ns3/gossip-workload.h"
#include "ns3/query-strategy.h"
#include "ns3/wsn-network-helper.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/// Most rows the maps of one run may hold (node rows and link rows, over
/// every map): one map of the largest ground truth (kMaxTruthPairs) and as
/// many links; the rows are kept in memory until the run ends (about 160
/// bytes each with their CSV text).
constexpr uint64_t kMaxMapRows = 8000000;

/// \ingroup bloom-gossip
/// How nodes move.
enum class ScenarioMobility : uint8_t
{
    NONE,            //!< every node stays where the topology put it
    RANDOM_WAYPOINT, //!< RandomWaypointMobilityModel in the deployment area
    GAUSS_MARKOV,    //!< GaussMarkovMobilityModel in the deployment area
    NS2,             //!< an ns-2 movement trace (Ns2MobilityHelper)
};

/// \param mobility a mobility kind \return "none", "random-waypoint", "gauss-markov" or "ns2"
std::string ToString(ScenarioMobility mobility);

/// \ingroup bloom-gossip
/// Which nodes may move (--mobile-nodes); --mobile-share picks within them.
enum class ScenarioMobileNodes : uint8_t
{
    RANDOM,  //!< any node
    HOLDERS, //!< the nodes that hold a resource (placed, or added by an event)
    SINKS,   //!< the picked nodes become the sinks: every query is issued from one
};

/// \param set a mobile set \return "random", "holders" or "sinks"
std::string ToString(ScenarioMobileNodes set);

/**
 * \ingroup bloom-gossip
 * \brief Options for motion, the moving ground truth and the pictures.
 * All off by default.
 */
struct ScenarioDynamicsConfig
{
    ScenarioMobility mobility{ScenarioMobility::NONE}; //!< motion model
    double speed{1.0};       //!< m/s: waypoint speed, Gauss-Markov mean speed
    double pause{0.0};       //!< s: random waypoint pause at each waypoint
    double mobileShare{1.0}; //!< share of the mobileNodes set that moves (own stream)
    std::string ns2Trace;    //!< NS2: the trace file
    /// Who may move (--mobile-nodes); mobileShare picks within them.
    ScenarioMobileNodes mobileNodes{ScenarioMobileNodes::RANDOM};
    /// > 0: recompute the ground-truth graph from the positions every this
    /// many seconds (from 0) and record a time series; with mobility and 0,
    /// 1 s is used.
    double sampleInterval{0};
    double sampleFrom{0}; //!< runs.csv means average the samples at t >= this (s)
    bool map{false};      //!< record map rows
    double mapTime{-1};   //!< first map time (s); < 0: the end of the run
    double mapEvery{0};   //!< > 0: a map every this many seconds from mapTime (or 0)
    bool walks{false};    //!< record query paths
    bool netanim{false};  //!< record a NetAnim trace (ScenarioDynamicsResult::netanim)

    /// \return whether the ground truth is sampled (time series)
    bool Sampling() const
    {
        return mobility != ScenarioMobility::NONE || sampleInterval > 0;
    }

    /// \return the first map time (s): mapTime, 0 with only mapEvery, < 0 for the end
    double FirstMapTime() const
    {
        return mapTime >= 0 ? mapTime : (mapEvery > 0 ? 0.0 : -1.0);
    }

    /// \return the sampling interval in use (s)
    double EffectiveSampleInterval() const
    {
        return sampleInterval > 0 ? sampleInterval : 1.0;
    }

    /**
     * The one schedule of the maps (Start schedules them, Finish adds the
     * one at the end, the row bound counts them).
     * \param simTime the run's simulated time (s)
     * \return the map times (s), in order; one at simTime is the end-of-run map
     */
    std::vector<double> MapTimes(double simTime) const;

    /// \param simTime the run's simulated time (s) \return the maps a run records
    uint64_t MapCount(double simTime) const;

    /**
     * Refuse (ThrowOptionError) maps whose rows would exceed kMaxMapRows:
     * maps x (nodes x resources + links), the links those of the network as
     * built (a moving network's change as it moves).
     * \param simTime the run's simulated time (s)
     * \param nodes the network's nodes
     * \param resources the most resources a run tracks (placed and added)
     * \param links the network's links as built
     */
    void CheckMapRows(double simTime, uint32_t nodes, uint64_t resources, uint64_t links) const;

    /**
     * Throws std::invalid_argument "--option: problem" (ThrowOptionError).
     * \param simTime the run's simulated time (s)
     * \param queries the run's query draws
     * \param resources whether any node holds a resource (placed or added by an event)
     */
    void Validate(double simTime, uint32_t queries, bool resources) const;
};

/// \ingroup bloom-gossip
/// One sample of the moving ground truth.
struct DynamicsSample
{
    double time{0};          //!< s
    TruthSample truth;       //!< shares of exact / within 1 / wrong / stale pairs
    uint64_t links{0};       //!< undirected links of the truth graph
    uint64_t linkChanges{0}; //!< links added or removed since the previous sample
    uint32_t components{0};  //!< connected components of the truth graph
};

/// \ingroup bloom-gossip
/// One node of a map: its estimate of one resource.
struct MapNodeRow
{
    double time{0}; //!< s
    double x{0};    //!< m
    double y{0};    //!< m
    PairState pair; //!< truth and estimate
};

/// \ingroup bloom-gossip
/// One link of a map's truth graph.
struct MapLinkRow
{
    double time{0}; //!< s
    uint32_t a{0};  //!< a node (a < b)
    uint32_t b{0};  //!< the other
};

/// \ingroup bloom-gossip
/// One step of a query path.
struct WalkRow
{
    uint32_t query{0};                                             //!< issue order in the run
    bloom::QueryStrategy strategy{bloom::QueryStrategy::GRADIENT}; //!< strategy
    uint32_t origin{0};                                            //!< origin node
    uint64_t key{0};                                               //!< resource number
    std::string kind;                                              //!< send, deliver or shortest
    uint32_t step{0};      //!< order within the query and kind
    double time{0};        //!< s (shortest: issue time)
    uint32_t node{0};      //!< node index
    uint32_t hops{0};      //!< hops so far (send: incl. this transmission)
    bool backtrack{false}; //!< send: a gradient backtrack
};

/// \ingroup bloom-gossip
/// What the dynamics of one run produced.
struct ScenarioDynamicsResult
{
    std::vector<DynamicsSample> samples; //!< time series (when sampling)
    std::vector<double> repairDelays;    //!< s, from a link change to right again
    uint64_t unrepaired{0};              //!< broken pairs not right at the end
    uint32_t mobileNodes{0};             //!< nodes with a moving model
    std::vector<MapNodeRow> mapNodes;    //!< map rows
    std::vector<MapLinkRow> mapLinks;    //!< map links
    std::vector<WalkRow> walks;          //!< query paths
    std::vector<uint32_t> moving;        //!< the nodes with a moving model, ascending
    std::string netanim;                 //!< the NetAnim XML trace (config.netanim)
};

/**
 * Whether this build can write NetAnim traces: it needs ns-3's netanim
 * module, which an ns-3 tree may be configured without (the build files set
 * BLOOM_GOSSIP_NETANIM; see the module chapter, "Building").  Without it
 * GossipScenarioConfig::Validate() refuses --netanim.
 */
bool NetAnimBuilt();

/**
 * \ingroup bloom-gossip
 * \brief Drives the dynamics of one run: installs the mobility models
 * through the network helper's factory, samples the ground truth, records
 * the maps and the query paths.  Only observes the run (trace sources,
 * positions); draws only from its own streams.
 */
class ScenarioDynamics
{
  public:
    /// \param config the options (validated)
    explicit ScenarioDynamics(const ScenarioDynamicsConfig& config);
    ~ScenarioDynamics();

    /**
     * Before WsnNetworkHelper::Install: pick the mobile nodes (a share of
     * `candidates`, own stream) and set the factory of their models.
     * \param network the helper
     * \param topology the positions the network will be built from
     * \param selectStream the stream for picking the mobile nodes
     * \param candidates the nodes that may move (the --mobile-nodes set),
     * ascending; every node for RANDOM and SINKS
     */
    void PrepareNetwork(WsnNetworkHelper& network,
                        const WsnTopology& topology,
                        int64_t selectStream,
                        const std::vector<uint32_t>& candidates);

    /// \return the nodes picked to move (after PrepareNetwork), ascending
    std::vector<uint32_t> MobileNodes() const;

    /**
     * After Install: the ns-2 trace, the streams of the models.
     * \param network the installed helper
     * \param stream first stream of the models
     * \return streams used
     */
    int64_t InstallMobility(const WsnNetworkHelper& network, int64_t stream);

    /**
     * Schedule the samples and maps, connect the query traces.
     * \param network the installed helper (positions, graph)
     * \param metrics the run's metrics (truth)
     * \param queryApps the query applications (may be empty)
     * \param workload the workload (QueryIssued)
     * \param simTime the run's end (s)
     */
    void Start(const WsnNetworkHelper& network,
               GossipMetrics& metrics,
               const std::vector<Ptr<BloomQueryApplication>>& queryApps,
               Ptr<GossipWorkload> workload,
               double simTime);

    /// \return what was recorded (call after Simulator::Run)
    ScenarioDynamicsResult Finish();

    /**
     * With config.netanim: start ns-3's NetAnim trace (AnimationInterface)
     * into a private temporary file: the nodes where they are now, then
     * their moves, polled every EffectiveSampleInterval(); no packets.  Call
     * after InstallMobility, only when the run will be simulated.
     */
    void StartNetAnim();

    /**
     * Close the NetAnim trace and read it back (call after
     * Simulator::Destroy, so that no trace source still calls it).
     * \return the XML, empty without config.netanim
     */
    std::string FinishNetAnim();

  private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; //!< state
};

/// \return the runs.csv columns the dynamics add (leading comma)
std::string DynamicsCsvHeaderSuffix();
/// \param config the options \param result the run's dynamics \return the values (leading comma)
std::string DynamicsCsvRowSuffix(const ScenarioDynamicsConfig& config,
                                 const ScenarioDynamicsResult& result);
/// \return the columns the dynamics add to a run's identity in the tables below: mobility, speed
std::string DynamicsKeyCsvHeader();
/// \param config the options \return their values (the speed 0 without motion, NA for a trace)
std::string DynamicsKeyCsvColumns(const ScenarioDynamicsConfig& config);
/// \param prefixHeader the columns identifying a run (DynamicsRunPrefixHeader of scenario-tables.h)
/// \return header of the time-series CSV
std::string DynamicsSeriesCsvHeader(const std::string& prefixHeader);
/// \param prefix values identifying the run (no trailing comma) \param result the dynamics
/// \return one row per sample
std::vector<std::string> DynamicsSeriesCsvRows(const std::string& prefix,
                                               const ScenarioDynamicsResult& result);
/// \param prefixHeader the columns identifying a run \return header of the map CSV
std::string MapCsvHeader(const std::string& prefixHeader);
/// \param prefix values identifying the run \param result the dynamics \return node and link rows
std::vector<std::string> MapCsvRows(const std::string& prefix,
                                    const ScenarioDynamicsResult& result);
/// \param prefixHeader the columns identifying a run \return header of the query-path CSV
std::string WalkCsvHeader(const std::string& prefixHeader);
/// \param prefix values identifying the run \param result the dynamics \return one row per step
std::vector<std::string> WalkCsvRows(const std::string& prefix,
                                     const ScenarioDynamicsResult& result);

} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_DYNAMICS_H
