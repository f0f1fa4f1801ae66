/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Transmissions and lost frames of the 802.11 devices, counted as BCUN's
 * ns-2 trace counts them (an observer of the PHY and MAC traces).
 */
#ifndef BLOOM_GOSSIP_WIFI_DROP_COUNTER_H
#define BLOOM_GOSSIP_WIFI_DROP_COUNTER_H

#include "ns3/mobility-model.h"
#include "ns3/net-device-container.h"
#include "ns3/nstime.h"
#include "ns3/propagation-loss-model.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \param mpduBytes an 802.11 MPDU's bytes (MAC header, payload, FCS)
 * \return its air time at 11 Mb/s after the long DSSS preamble and header
 *         (192 us at 1 Mb/s), in whole microseconds as DsssPhy counts it
 */
Time WifiAirTime(uint32_t mpduBytes);

/**
 * \ingroup bloom-gossip
 * \brief Who hears a node's 802.11 frames at the carrier-sense level or
 * above, with the rx power (the channel's loss model) and the propagation
 * delay (the speed of light, as ConstantSpeedPropagationDelayModel): once
 * per sender and transmit power when every node has a
 * ConstantPositionMobilityModel, else at every call.  No random draw.
 */
class WifiAudience
{
  public:
    /// One node that hears the sender.
    struct Hearer
    {
        uint32_t node; //!< node index
        double dbm;    //!< rx power
        Time delay;    //!< propagation delay
    };

    /**
     * \param mobility each node's mobility model, node i first
     * \param loss the channel's loss model
     * \param csDbm the carrier-sense level
     */
    WifiAudience(std::vector<Ptr<MobilityModel>> mobility,
                 Ptr<PropagationLossModel> loss,
                 double csDbm);

    /**
     * \param sender a node \param txDbm its transmit power
     * \return the other nodes that hear it, by index
     */
    const std::vector<Hearer>& Of(uint32_t sender, double txDbm);

    /// \return each node's mobility model
    const std::vector<Ptr<MobilityModel>>& GetMobility() const
    {
        return m_mobility;
    }

  private:
    std::vector<Ptr<MobilityModel>> m_mobility; //!< per node
    Ptr<PropagationLossModel> m_loss;           //!< the channel's
    double m_csDbm;                             //!< carrier-sense level
    bool m_static;                              //!< every node stays put: cache
    std::vector<std::vector<Hearer>> m_cache;   //!< per sender (m_static)
    std::vector<double> m_cachedDbm;            //!< tx power of each cache entry (NaN: none)
    std::vector<Hearer> m_scratch;              //!< the answer when not cached
};

/**
 * \ingroup bloom-gossip
 * What a WifiDropCounter counted over a run.
 */
struct WifiDropCounts
{
    uint64_t transmissions{0};  //!< PHY transmissions (every MPDU, ACKs included): ns-2's "s"
    uint64_t collisionDrops{0}; //!< frames an in-range receiver lost to another frame: "d ... COL"
    uint64_t queueDrops{0};     //!< frames the MAC queue refused or let expire: "d ... IFQ"
    uint64_t retryDrops{0};     //!< unicast frames given up after the MAC's retries: "d ... RET"

    /// \return every drop: what BCUN's drop.awk counts (every "d" line)
    uint64_t Drops() const
    {
        return collisionDrops + queueDrops + retryDrops;
    }
};

/**
 * \ingroup bloom-gossip
 * \brief Counts, on a run's 802.11 devices, the transmissions and the lost
 * frames as the LBF authors' ns-2 experiment (BCUN) counts them: its
 * `logPROCrgg.txt` gives drops / transmissions, from `drop.awk` (every "d"
 * line of the trace: `$21="COL"` assigns rather than compares) over
 * `totaltrans.awk` (every "s" line; only the MAC trace is on, so MAC
 * transmissions).
 *
 * Transmissions: every MPDU a PHY starts sending (PhyTxBegin).  Collision
 * drops: ns-2's MAC traces a "COL" drop at each receiver for each frame it
 * would have received alone (from within the reception range, addressed to
 * it or broadcast) and lost to another frame on the air.  It does not trace
 * a frame that arrives while the receiver transmits (discarded with the
 * error flag set), one from beyond the reception range (error flag), nor
 * one "captured": arriving while the receiver receives a frame at least
 * the capture threshold stronger (Mac802_11::capture frees it silently).
 * So for every such (frame, receiver) pair the counter takes the outcome
 * from ns-3 (received: the receiver's PHY reported it received, RxOk) and
 * the exclusions from ns-2's rules applied to the run's own transmissions:
 * rx powers from the channel's loss model (deterministic two-ray ground),
 * air times from the frames' sizes at 11 Mb/s with the long DSSS preamble,
 * and a receiver's lock as ns-2 keeps it (the first frame above the
 * carrier-sense level; on a collision the one that ends last).  Queue drops
 * (the MAC queue full or a frame's lifetime over: ns-2's IFQ drops) and
 * retry drops (ns-2's RET) come from the MAC's DroppedMpdu trace.  An
 * observer: it draws no random number and schedules nothing.
 */
class WifiDropCounter
{
  public:
    /**
     * Connect to the devices' traces.
     * \param devices the 802.11 devices (device i on node i)
     * \param loss the channel's loss model
     * \param rxDbm the reception level (ns-2's RXThresh_)
     * \param csDbm the carrier-sense level (ns-2's CSThresh_)
     * \param captureDb ns-2's capture threshold CPThresh_ (dB)
     */
    WifiDropCounter(const NetDeviceContainer& devices,
                    Ptr<PropagationLossModel> loss,
                    double rxDbm,
                    double csDbm,
                    double captureDb);
    ~WifiDropCounter();

    /// \return the counts so far (a frame's receptions count from 1 ms after its end)
    WifiDropCounts GetCounts() const;

    /// The counter's state (the wifi module's types stay in the .cc).
    struct Impl;

  private:
    std::unique_ptr<Impl> m_impl; //!< the state
};

} // namespace ns3

#endif // BLOOM_GOSSIP_WIFI_DROP_COUNTER_H
