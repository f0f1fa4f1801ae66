/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * How the nodes of a scenario move: the options of motion and of the moving
 * ground truth's sampling (ScenarioDynamicsConfig, GossipScenarioConfig's
 * `dynamics`), and their installation on the network (ns-3's random
 * waypoint and Gauss-Markov models, ns-2 traces through ns2-trace-reader.h).
 * Everything is off by default; a run without these options draws,
 * schedules and writes exactly what it did before.
 */
#ifndef BLOOM_GOSSIP_SCENARIO_MOBILITY_H
#define BLOOM_GOSSIP_SCENARIO_MOBILITY_H

#include "ns3/box.h"
#include "ns3/mobility-model.h"
#include "ns3/ptr.h"
#include "ns3/wsn-network-helper.h"
#include "ns3/wsn-topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

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
 * \brief Options for motion and the moving ground truth (model parameters;
 * what a run records is ScenarioRecorders, scenario-recorders.h).  All off
 * by default.
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

    /// \return whether the ground truth is sampled (time series)
    bool Sampling() const
    {
        return mobility != ScenarioMobility::NONE || sampleInterval > 0;
    }

    /// \return the sampling interval in use (s)
    double EffectiveSampleInterval() const
    {
        return sampleInterval > 0 ? sampleInterval : 1.0;
    }

    /**
     * Throws std::invalid_argument "--option: problem" (ThrowOptionError).
     * \param simTime the run's simulated time (s)
     * \param queries the run's query draws
     * \param resources whether any node holds a resource (placed or added by an event)
     */
    void Validate(double simTime, uint32_t queries, bool resources) const;
};

/**
 * \ingroup bloom-gossip
 * \brief Installs the motion of one run: picks the mobile nodes, gives them
 * their mobility models through the network helper's factory, applies an
 * ns-2 trace and assigns the models' streams.  Draws only from its own
 * streams.
 */
class ScenarioMobilityInstaller
{
  public:
    /// \param config the options (validated)
    explicit ScenarioMobilityInstaller(const ScenarioDynamicsConfig& config);

    /**
     * Before WsnNetworkHelper::Install: pick the mobile nodes (a share of
     * `candidates`, own stream) and set the factory of their models.
     * \param network the helper (must not outlive this installer's Install)
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

    /// \return the moving models installed (after WsnNetworkHelper::Install)
    uint32_t GetModelCount() const;

    /**
     * After WsnNetworkHelper::Install: the ns-2 trace, the channel's speed
     * bound, the streams of the models.
     * \param network the installed helper
     * \param stream first stream of the models
     * \return streams used
     */
    int64_t Install(const WsnNetworkHelper& network, int64_t stream);

  private:
    /**
     * The factory of the network's mobility models: the model of mobile node
     * `i` at `at` moving in `area`, none for a node that stays.
     * \param i the node \param at its position \param area the deployment area
     * \return its model, or null
     */
    Ptr<MobilityModel> MakeModel(uint32_t i, const Vector& at, const Box& area);

    ScenarioDynamicsConfig m_config;          //!< the options
    std::vector<bool> m_mobile;               //!< by node: picked to move
    std::vector<Ptr<MobilityModel>> m_models; //!< moving models, node order
};

} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_MOBILITY_H
