/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * ns-2's 802.11 receiver rule (Mac802_11::recv) replayed over a run's own
 * transmissions: which frame each receiver holds, and which frames ns-2
 * loses, and why.  Shared by WifiDeviceBuilder's Reception ns2 (the
 * post-reception error model) and WifiDropCounter.
 */
#ifndef BLOOM_GOSSIP_NS2_RECEIVER_RULE_H
#define BLOOM_GOSSIP_NS2_RECEIVER_RULE_H

#include "ns3/mobility-model.h"
#include "ns3/net-device-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/propagation-loss-model.h"

#include <cstdint>
#include <deque>
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
 * \brief ns-2's 802.11 receiver rule (Mac802_11::recv, WirelessPhy::sendUp)
 * replayed over a run's own transmissions, one instance per run, fed by
 * every PHY's PhyTxBegin (Connect).
 *
 * ns-2's receiver holds the first frame above carrier sense that reaches
 * it idle (pktRx_) until its end; a frame arriving meanwhile is captured
 * (dropped without a trace line) when the held one is at least the capture
 * threshold (CPThresh_) stronger, else both collide (traced "COL") and the
 * one that ends last is held.  A frame from beyond the reception range or
 * arriving while the node transmits carries the error flag (lost, held all
 * the same, never traced); a frame the node holds when it starts to
 * transmit is freed.  A captured frame is forgotten: its remaining air time
 * neither holds the receiver nor interferes.  Frames sent at the same
 * instant arrive in the order of their propagation delays.
 *
 * Every arrival (frame, receiver) gets its fate, the reasons bits below,
 * which later arrivals and the receiver's own transmission may add to
 * while the frame is on the air; a Listener hears each transmission's
 * arrivals and each later change.  Lost() answers for the last 10 ms of
 * arrivals (Ns2ReceptionErrorModel).  Rx powers and delays from
 * WifiAudience, air times from WifiAirTime.  An observer: no random draw,
 * nothing scheduled.
 */
class Ns2ReceiverRule
{
  public:
    /// What happens to a frame at a receiver in ns-2: bits of Frame::fate.
    enum Fate : uint8_t
    {
        BEYOND_RANGE = 1,      ///< error flag: from beyond the reception range
        WHILE_SENDING = 2,     ///< error flag: arrived while the receiver transmits
        CAPTURED = 4,          ///< dropped: held frame or newcomer >= CPThresh stronger
        COLLIDED = 8,          ///< collision: ns-2 traces "COL" (unless error-flagged)
        FREED = 16,            ///< held when the receiver started to transmit
        OVERLAPS_SENDING = 32, ///< on the air when the receiver started to transmit
    };

    /// The fates ns-2 loses a frame to.
    static constexpr uint8_t kLost = BEYOND_RANGE | WHILE_SENDING | CAPTURED | COLLIDED | FREED;

    /// One frame at one receiver.
    struct Frame
    {
        uint64_t uid{0}; //!< packet uid
        Time start;      //!< first bit here
        Time end;        //!< last bit here
        double dbm{0};   //!< rx power here
        uint8_t fate{0}; //!< Fate bits so far

        /// \return whether ns-2 loses it (so far)
        bool Lost() const
        {
            return (fate & kLost) != 0;
        }
    };

    /// A transmission's frame at one node that hears it.
    struct Arrival
    {
        uint32_t receiver; //!< node index
        Frame frame;       //!< the frame there, its fate at the start of the transmission
    };

    /// Hears what the rule decides (WifiDropCounter).
    class Listener
    {
      public:
        virtual ~Listener() = default;
        /**
         * A node started a transmission (after the rule took its arrivals).
         * \param sender the node \param packet the MPDU
         * \param arrivals the frame at every node that hears it
         */
        virtual void OnTransmission(uint32_t sender,
                                    Ptr<const Packet> packet,
                                    const std::vector<Arrival>& arrivals) = 0;
        /**
         * The fate of a frame that arrived earlier grew (it is still on the air).
         * \param receiver the node \param frame the frame, its new fate
         */
        virtual void OnFate(uint32_t receiver, const Frame& frame) = 0;
    };

    /**
     * \param mobility each node's mobility model, node i first
     * \param loss the channel's loss model
     * \param rxDbm the reception level (ns-2's RXThresh_): a frame below it
     *        carries the error flag
     * \param csDbm the carrier-sense level (ns-2's CSThresh_): a frame at or
     *        above it holds the receiver
     * \param captureDb the capture threshold CPThresh_ (dB)
     */
    Ns2ReceiverRule(std::vector<Ptr<MobilityModel>> mobility,
                    Ptr<PropagationLossModel> loss,
                    double rxDbm,
                    double csDbm,
                    double captureDb);

    /// Take every transmission of `devices` (802.11 devices, device i on node i).
    void Connect(const NetDeviceContainer& devices);

    /// \param listener hears the decisions from now on (nullptr: none); not owned
    void SetListener(Listener* listener);

    /**
     * Node `sender` starts sending `packet` at `txW`: its frame arrives at
     * every node that hears it (Mac802_11::recv).
     * \param sender the node \param packet the MPDU \param txW the transmit power (W)
     */
    void Record(uint32_t sender, Ptr<const Packet> packet, double txW);

    /**
     * \param node a receiver \param uid a packet uid
     * \return whether ns-2 loses at `node` the latest arrival of `uid`
     *         that has begun (false when none is recorded)
     */
    bool Lost(uint32_t node, uint64_t uid) const;

  private:
    /// A node's receiver as ns-2's Mac802_11 keeps it.
    struct Receiver
    {
        Frame held;               //!< the frame it holds (pktRx_): until held.end
        Time txEnd;               //!< end of its own transmission
        std::deque<Frame> frames; //!< the frames that arrived in the last 10 ms
    };

    /// Add `fate` to the recorded frame `f` of node `node`; tell the listener.
    void AddFate(uint32_t node, const Frame& f, uint8_t fate);

    WifiAudience m_audience;        //!< who hears whom
    double m_rxDbm;                 //!< reception level
    double m_captureDb;             //!< capture threshold
    std::vector<Receiver> m_rx;     //!< per node
    Listener* m_listener{nullptr};  //!< not owned
    std::vector<Arrival> m_scratch; //!< a transmission's arrivals
};

} // namespace ns3

#endif // BLOOM_GOSSIP_NS2_RECEIVER_RULE_H
