/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The moving ground truth of a run: samples of the truth graph and of the
 * estimates against it (a time series), and the maps (per-node estimates
 * and truth links at chosen times).
 */
#ifndef BLOOM_GOSSIP_TRUTH_SAMPLER_H
#define BLOOM_GOSSIP_TRUTH_SAMPLER_H

#include "scenario-mobility.h"

#include "ns3/event-id.h"
#include "ns3/gossip-metrics.h"
#include "ns3/wsn-network-helper.h"

#include <cstdint>
#include <vector>

namespace ns3
{

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
/// What a TruthSampler recorded.
struct TruthRecord
{
    std::vector<DynamicsSample> samples; //!< time series (when sampling)
    std::vector<double> repairDelays;    //!< s, from a link change to right again
    uint64_t unrepaired{0};              //!< broken pairs not right at the end
    std::vector<MapNodeRow> mapNodes;    //!< map rows
    std::vector<MapLinkRow> mapLinks;    //!< map links
};

/**
 * \ingroup bloom-gossip
 * \brief Samples the ground truth of one run as the nodes move (hands the
 * current graph to the metrics every EffectiveSampleInterval()) and records
 * the maps at the given times.  A map only observes: it reads the links and
 * the truth of its instant without handing them to the metrics.
 */
class TruthSampler
{
  public:
    /**
     * \param config the motion and sampling options (validated)
     * \param mapTimes the maps' times (s), ascending; one at the run's end
     * is recorded by Finish (ScenarioRecorders::MapTimes)
     */
    TruthSampler(const ScenarioDynamicsConfig& config, std::vector<double> mapTimes);

    /**
     * Schedule the samples and the maps.
     * \param network the installed helper (positions, graph); must outlive the run
     * \param metrics the run's metrics (truth); must outlive the run
     * \param simTime the run's end (s)
     */
    void Start(const WsnNetworkHelper& network, GossipMetrics& metrics, double simTime);

    /// \return what was recorded (call after Simulator::Run): the last sample
    /// and the map at the end, the repairs
    TruthRecord Finish();

  private:
    void Sample();
    void Map();

    ScenarioDynamicsConfig m_config;            //!< options
    std::vector<double> m_mapTimes;             //!< map times (s)
    const WsnNetworkHelper* m_network{nullptr}; //!< Start's
    GossipMetrics* m_metrics{nullptr};          //!< Start's
    double m_simTime{0};                        //!< Start's (s)
    TruthRecord m_record;                       //!< so far
    EventId m_next;                             //!< next sample
};

} // namespace ns3

#endif // BLOOM_GOSSIP_TRUTH_SAMPLER_H
