/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Ground truth and metrics of a gossip run, collected through trace sources.
 */
#ifndef BLOOM_GOSSIP_GOSSIP_METRICS_H
#define BLOOM_GOSSIP_GOSSIP_METRICS_H

#include "ns3/bloom-gossip-application.h"
#include "ns3/net-device-container.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ns3
{

/// Marks an unreachable node in hop distances.
constexpr uint32_t kUnreachable = std::numeric_limits<uint32_t>::max();

/// \ingroup bloom-gossip
/// Hop-estimation figures over a set of (node, resource) pairs.
struct HopAccuracy
{
    uint64_t pairs{0};     //!< reachable (alive node, present resource) pairs
    uint64_t estimated{0}; //!< pairs with a hop estimate
    uint64_t present{0};   //!< pairs whose filter reports the resource
    // The means and shares below are NaN over an empty set (Finish): the
    // errors without an estimated pair, the shares without a pair.
    double mae{0};                 //!< mean |h^ - h| over estimated pairs
    double rmse{0};                //!< sqrt(mean (h^ - h)^2) over estimated pairs
    double bias{0};                //!< mean (h^ - h) over estimated pairs
    double exact{0};               //!< share of pairs with h^ == h
    double within1{0};             //!< share of pairs with |h^ - h| <= 1
    double miss{0};                //!< share of pairs without an estimate
    double membership{0};          //!< share of pairs reported present
    std::vector<double> latencies; //!< dissemination latency (s) of converged pairs, holders too
    /// Pairs whose true distance is at least 1 (the holders' own pairs excluded).
    uint64_t settlePairs{0};
    /// Of those, the time (s) from the resource's last truth change until the
    /// estimate became right for good (right since then until the end), one
    /// per pair right at the end; the others are censored (SettleQuantile).
    std::vector<double> settleTimes;

    /// \return the share of the non-holder pairs right for good (NaN when none)
    double SettledShare() const;
    /**
     * The q-quantile (nearest rank) of the time until right for good over all
     * settlePairs, the pairs never right for good counted as later than any
     * settled pair (censored at the end of the run).
     * \param q the quantile, 0..1
     * \return the quantile, or NaN when it falls on a censored pair (fewer
     *         than ceil(q x settlePairs) pairs right for good) or there are none
     */
    double SettleQuantile(double q) const;
};

/// \ingroup bloom-gossip
/// Everything a run reports.
struct GossipRunMetrics
{
    bool hasDistance{false}; //!< the family estimates hop distances (LBF, ABF)
    /// Payload bytes of an advertisement: the mean over the live nodes of
    /// their last advertised filter's (a fixed-size family: its one size;
    /// DV: what the converged tables take)
    double payloadBytes{0};
    /// The bytes after the segment headers of an advertisement as sent
    /// (BloomGossipApplication::GetAdvertisementSize: payloadBytes with Codec
    /// none; the codec bytes and coded slots with entropy), averaged as
    /// payloadBytes
    double codedBytes{0};
    /// Frames (segments) of an advertisement, averaged as payloadBytes (the
    /// frames the codec's segments take)
    double framesPerBeacon{0};
    uint64_t advertisements{0}; //!< advertisements sent
    uint64_t gossipFrames{0};   //!< gossip frames handed down (MAC or scheduler)
    /// Gossip frames the lr-wpan MACs sent (MacTxOk); empty without lr-wpan
    /// MACs or with UDP6 transport (frames not recognisable at the MAC).
    std::optional<uint64_t> gossipFramesOnAir;
    /// Gossip frames the lr-wpan MACs dropped (MacTxDrop: for broadcast
    /// frames, CSMA-CA channel access failure); empty as gossipFramesOnAir.
    std::optional<uint64_t> gossipFramesDropped;
    uint64_t gossipBytes{0};               //!< gossip frame bytes (segment headers + slots)
    uint64_t phyFrames{0};                 //!< frames seen at the PHYs (all traffic)
    uint64_t bytesOnAir{0};                //!< PHY bytes incl. MAC header, FCS, SHR and PHR
    uint64_t malformed{0};                 //!< gossip frames dropped as malformed
    double gossipBytesPerNodeS{0};         //!< gossip bytes / (all nodes x duration)
    HopAccuracy overall;                   //!< over every pair
    std::vector<HopAccuracy> byDistance;   //!< index = true hop distance
    uint64_t probePairs{0};                //!< (live node, probe key) pairs checked
    uint64_t probeHits{0};                 //!< of those, reported present
    double fpr{0};                         //!< share of (node, probe key) pairs reported present
    std::optional<double> convergenceTime; //!< last estimate change after the last event (s)
    /// Pairs whose resource is gone or unreachable (removed, holder failed).
    uint64_t stalePairs{0};
    /// Of those, pairs still reported present at the end (BF in a cycle: forever).
    uint64_t staleReported{0};
    /// Time from the event that made them unreachable until the last live node
    /// stopped reporting them (s); empty when none is unreachable or some
    /// node still reports one.
    std::optional<double> purgeTime;
    /// The family's ideal model (FilterPolicy::IdealModel) from the final
    /// truth: its false-positive rate averaged over the live nodes, as `fpr`
    /// averages (empty without a model or without probes).
    std::optional<double> fprIdeal;
    /// The model's expected exact estimates summed over the live nodes, over
    /// `overall.pairs`, as `overall.exact` (empty without a model, without
    /// distances or without pairs).
    std::optional<double> exactIdeal;
};

/// \ingroup bloom-gossip
/// One (node, resource) pair as the metrics see it now (maps of a run).
struct PairState
{
    uint32_t node{0};                 //!< node index
    uint64_t id{0};                   //!< resource number
    uint32_t truth{kUnreachable};     //!< true hop distance now
    std::optional<uint32_t> estimate; //!< the node's hop estimate (LBF, ABF, SDBF)
    bool present{false};              //!< the node's filter reports the resource
    bool right{false};                //!< estimate (BF: membership) equals the truth
    bool holder{false};               //!< the node holds the resource
    bool alive{true};                 //!< the node has not failed
};

/// \ingroup bloom-gossip
/// All pairs at one instant of a run whose truth moves (GossipMetrics::Sample).
struct TruthSample
{
    // The shares are NaN over no pair (Sample).
    uint64_t pairs{0};     //!< (live node, resource) pairs with a reachable live holder
    double exact{0};       //!< share of those whose estimate is the truth (BF: reported)
    double within1{0};     //!< share with |estimate - truth| <= 1 (BF: as exact)
    uint64_t livePairs{0}; //!< every (live node, resource) pair
    double wrong{0};       //!< share of live pairs not right (BF: membership != reachability)
    /// Share of live pairs not right that were right for an earlier, different
    /// truth: the estimate lags behind a change of the topology or workload.
    double stale{0};
};

/**
 * \ingroup bloom-gossip
 * \brief Observes a gossip run: tracks the true hop distance of every (node,
 * resource) pair and the nodes' estimates, only through the applications'
 * trace sources (FilterChanged, ResourceAdded, ResourceRemoved, Failed,
 * BeaconSent, MalformedDropped) and the devices' transmissions.
 *
 * It never acts on the run: whoever drives it (GossipWorkload, a script
 * calling AddResource, RemoveResource and Fail on the applications) is seen
 * through the traces.  The true distance is a multi-source BFS from the live
 * holders over the live nodes of the connectivity graph.
 *
 * A pair is right when the estimate equals the truth (BF: when membership
 * equals reachability).  Its dissemination latency is the time from the last
 * event that changed the resource's truth until the estimate became right
 * for good; pairs not right at the end have none.  The same time over the
 * non-holder pairs (true distance >= 1), never-right-for-good pairs censored
 * at the end of the run, is the settle time (HopAccuracy::SettleQuantile).
 */
class GossipMetrics
{
  public:
    /// \param apps one application per node, index = node index in `graph`.
    /// \param graph undirected connectivity graph (neighbour lists).
    GossipMetrics(std::vector<Ptr<BloomGossipApplication>> apps,
                  std::vector<std::vector<uint32_t>> graph);

    /**
     * Count PHY frames and bytes on these devices (lr-wpan "Phy" attribute,
     * PhyTxBegin trace; other devices: MacTx, without PHY overhead).
     * \param devices the devices of the network
     */
    void TrackDevices(const NetDeviceContainer& devices);
    /**
     * Count the malformed frames another object traces ("MalformedDropped",
     * signature (Ptr<const Packet>, const std::string&)), e.g. the query
     * applications, in the same `malformed` figure.
     * \param source an object with a MalformedDropped trace source
     */
    void TrackMalformed(Ptr<Object> source);
    /**
     * \param ids keys never inserted (resource numbers), checked for false
     *        positives at the end
     */
    void SetProbes(std::vector<uint64_t> ids);

    /**
     * \param node a node index
     * \param id a resource number
     * \return the current true hop distance of the resource from the node
     *         (kUnreachable if no live holder is reachable)
     */
    uint32_t TrueDistance(uint32_t node, uint64_t id) const;
    /// \return whether every tracked pair is right now
    bool AllRight() const;

    /**
     * Replace the connectivity graph (nodes moved) and recompute the truth of
     * every resource.  A pair that was right and is wrong under the new graph
     * is "broken" until it is right again; that delay is a repair delay.
     * \param graph undirected connectivity graph, same nodes
     * \return the number of links added or removed
     */
    uint64_t SetGraph(std::vector<std::vector<uint32_t>> graph);

    /// \return the connectivity graph in use
    const std::vector<std::vector<uint32_t>>& GetGraph() const
    {
        return m_graph;
    }

    /// \return every tracked (node, resource) pair now, resource by resource
    std::vector<PairState> Snapshot() const;
    /**
     * Every tracked pair as Snapshot() gives it, with its truth (and whether
     * it is right) under another connectivity graph, e.g. the one of this
     * instant between two SetGraph calls.  The metrics do not change: an
     * observer (a map) reads the truth without moving it.
     * \param graph undirected connectivity graph, same nodes
     * \return every tracked (node, resource) pair, resource by resource
     */
    std::vector<PairState> Snapshot(const std::vector<std::vector<uint32_t>>& graph) const;
    /// \return the shares of exact, within-1, wrong and stale pairs now
    TruthSample Sample() const;

    /// \return the delays (s) from a SetGraph that broke a pair to it being right again
    const std::vector<double>& GetRepairDelays() const
    {
        return m_repairDelays;
    }

    /// \return live pairs broken by a SetGraph and not right again yet
    uint64_t CountUnrepaired() const;

    /**
     * \param duration the traffic window for per-second rates
     * \return the final figures of the run
     */
    GossipRunMetrics Finish(Time duration) const;

  private:
    struct Pair
    {
        uint32_t truth{kUnreachable};
        bool right{false};
        Time rightSince;
        Time lastChange;
        std::optional<uint32_t> estimate;
        bool present{false};
        bool everRight{false};             //!< right at some time
        uint32_t rightTruth{kUnreachable}; //!< the truth when last right
        bool broken{false};                //!< made wrong by SetGraph, not right since
        Time brokenAt;                     //!< when SetGraph made it wrong
    };

    struct Resource
    {
        uint64_t id;
        std::vector<bool> holders;
        Time epoch;
        std::vector<Pair> pairs;
    };

    Resource& Find(uint64_t id, bool create);
    void RecomputeTruth(Resource& r);
    std::vector<uint32_t> Distances(const Resource& r,
                                    const std::vector<std::vector<uint32_t>>& graph) const;
    void Evaluate(uint32_t node, Resource& r);
    void OnFilterChanged(uint32_t node);
    void OnResourceAdded(uint32_t node, uint64_t id);
    void OnResourceRemoved(uint32_t node, uint64_t id);
    void OnFailed(uint32_t node);
    // Per-node sinks bound to (metrics, node) with MakeBoundCallback (member
    // callbacks with bound arguments need ns-3 >= 3.37).
    static void FilterChangedSink(GossipMetrics* metrics, uint32_t node);
    static void ResourceAddedSink(GossipMetrics* metrics, uint32_t node, uint64_t id);
    static void ResourceRemovedSink(GossipMetrics* metrics, uint32_t node, uint64_t id);
    static void FailedSink(GossipMetrics* metrics, uint32_t node);
    /// Set out.fprIdeal and out.exactIdeal from the policies' ideal models.
    void SetIdealFigures(GossipRunMetrics& out) const;
    void OnBeacon(uint16_t sequence, uint32_t frames, uint32_t bytes);
    void OnMalformed(Ptr<const Packet> packet, const std::string& reason);
    /// An lr-wpan PHY frame: MAC frame + the PHY's SHR and PHR.
    void OnPhyTx(Ptr<const Packet> packet);
    /// An 802.11 PHY frame (MPDU: MAC header, payload, FCS), any tx power.
    void OnWifiPhyTx(Ptr<const Packet> packet, double);
    /// A frame of any other device, counted as the MAC hands it down.
    void OnMacTx(Ptr<const Packet> packet);
    /// An lr-wpan MAC sent a frame (MacTxOk; the frame carries its MAC header).
    void OnMacTxOk(Ptr<const Packet> packet);
    /// An lr-wpan MAC dropped a frame (MacTxDrop; with its MAC header).
    void OnMacTxDrop(Ptr<const Packet> packet);

    std::vector<Ptr<BloomGossipApplication>> m_apps;
    std::vector<std::vector<uint32_t>> m_graph;
    std::vector<bool> m_alive;
    std::vector<Resource> m_resources;
    /// Resource id -> its index in m_resources (Find in O(1), not O(R)).
    std::unordered_map<uint64_t, size_t> m_resourceIndex;
    std::vector<uint64_t> m_probes;
    uint64_t m_advertisements{0};
    uint64_t m_gossipFrames{0};
    uint64_t m_gossipBytes{0};
    uint64_t m_phyFrames{0};
    uint64_t m_bytesOnAir{0};
    uint64_t m_malformed{0};
    bool m_macTracked{false};           //!< lr-wpan MAC traces connected
    uint64_t m_gossipFramesOnAir{0};    //!< gossip frames the MACs sent
    uint64_t m_gossipFramesDropped{0};  //!< gossip frames the MACs dropped
    std::vector<double> m_repairDelays; //!< SetGraph repair delays (s)
};

/**
 * \param values a sample
 * \param q the quantile, 0..1 (0.5: the median)
 * \return the q-quantile (nearest rank); NaN on empty input
 */
double Quantile(std::vector<double> values, double q);

} // namespace ns3

#endif // BLOOM_GOSSIP_GOSSIP_METRICS_H
