/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Transmissions and lost frames of the 802.11 devices, counted as BCUN's
 * ns-2 trace counts them (an observer of the PHY and MAC traces).
 */
#ifndef BLOOM_GOSSIP_WIFI_DROP_COUNTER_H
#define BLOOM_GOSSIP_WIFI_DROP_COUNTER_H

#include "ns2-receiver-rule.h"

#include "ns3/net-device-container.h"
#include "ns3/propagation-loss-model.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

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
    /// collision drops that ns-2's rule loses too (Ns2ReceiverRule: a collision, or the
    /// error flag of a frame at the reception range's edge)
    uint64_t collisionNs2Drops{0};
    /// collision drops ns-2's rule would have received: lost by ns-3's PHY alone
    /// (collisionDrops - collisionNs2Drops)
    uint64_t collisionNs3OnlyDrops{0};
    /// frames counted like collision drops (in range, not excluded) that ns-2's rule
    /// loses but ns-3's PHY received (none with Reception ns2: its error model drops them)
    uint64_t collisionNs2OnlyReceived{0};

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
 * the exclusions from ns-2's rule applied to the run's own transmissions
 * (Ns2ReceiverRule, the one Reception ns2 uses: rx powers from the
 * channel's loss model, air times from the frames' sizes, a receiver's
 * lock as ns-2 keeps it).  It also splits the collision drops by ns-2's
 * verdict on the same pair: lost by ns-2's rule too (it would trace
 * "COL"), or lost by ns-3's PHY alone (ns-2 would have received it: the
 * PHY locked on another frame, the SINR, the CCA's timing); and counts
 * the opposite, pairs ns-2's rule loses that ns-3 received.  Queue drops
 * (the MAC queue full or a frame's lifetime over: ns-2's IFQ drops) and
 * retry drops (ns-2's RET) come from the MAC's DroppedMpdu trace.  An
 * observer: it draws no random number and schedules nothing.
 */
class WifiDropCounter
{
  public:
    /**
     * Connect to the devices' traces and listen to `rule`.
     * \param devices the 802.11 devices (device i on node i)
     * \param rule ns-2's rule over the same devices, connected to them
     *        (Ns2ReceiverRule::Connect); its listener from now on
     * \param rxDbm the reception level (ns-2's RXThresh_): a frame from
     *        within it is one the receiver would have received alone
     */
    WifiDropCounter(const NetDeviceContainer& devices,
                    std::shared_ptr<Ns2ReceiverRule> rule,
                    double rxDbm);
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
