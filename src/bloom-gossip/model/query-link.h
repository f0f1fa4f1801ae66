/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The query application's link layer: frames handed to the device, watched through the lr-wpan
 * MAC's confirmations, re-sent when lost, given up through a fallback.
 */
#ifndef BLOOM_GOSSIP_QUERY_LINK_H
#define BLOOM_GOSSIP_QUERY_LINK_H

#include "query-message.h"

#include "ns3/address.h"
#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Link reliability of query and reply frames (one per
 * BloomQueryApplication).
 *
 * On lr-wpan devices (MAC found through the device's "Mac" attribute) every
 * frame sent with a fallback is watched through the MAC's MacTxOk and
 * MacTxDrop traces (matched by packet uid).  A frame the MAC drops (unicast:
 * no ACK after macMaxFrameRetries; any frame: channel access failure) or
 * does not confirm within HopTimeout (plus the device's MaxTransmitHold,
 * one duty-cycle period on a duty-cycled device: the frame may first wait
 * for the next window) is sent again after a uniform delay in [0, FloodJitter], up to
 * the given number of re-sends, then its fallback runs.  On other devices
 * frames are sent once, without watch.  Frames go to the device, which
 * holds them for the next window under duty cycling (DutyCycleNetDevice).
 *
 * With an idle backoff (BloomQueryApplication's IdleBackoff above 0) every
 * frame, a re-send too, is handed down after a random wait drawn from the
 * application's random variable: k slots, k uniform in 0 … ⌊bound / slot⌋ − 1
 * (a slot of 0: uniform in [0, bound]).  This is ns-2's Mac802_11::send,
 * which waits DIFS + (Random % cw_) slots even on an idle medium, where
 * ns-3's Txop sends after DIFS (doc/bcun-reproduction.md).  The FrameSent
 * trace and the MAC watch start when the frame is handed down.
 */
class QueryLink : public SimpleRefCount<QueryLink>
{
  public:
    /// Called with every frame handed down (the FrameSent trace).
    using FrameCallback = std::function<void(const bloom::QueryId&, Ptr<const Packet>)>;

    /**
     * \param rng the application's random variable (re-send delays)
     * \param isAlive whether the application still runs (no re-send otherwise)
     * \param onFrame called with every frame handed down
     */
    QueryLink(Ptr<UniformRandomVariable> rng, std::function<bool()> isAlive, FrameCallback onFrame);
    ~QueryLink();

    /**
     * Attach to a device: find the device's lr-wpan MAC, and watch the MAC's confirmations.
     * \param device the device
     * \param address this node's short address (log messages)
     * \param hopTimeout the HopTimeout attribute
     * \param floodJitter the FloodJitter attribute (re-send delay bound)
     * \param idleBackoff the IdleBackoff attribute (0: frames go down at once)
     * \param idleBackoffSlot the IdleBackoffSlot attribute (0: no slots)
     */
    void Start(Ptr<NetDevice> device,
               uint16_t address,
               Time hopTimeout,
               Time floodJitter,
               Time idleBackoff = Time(0),
               Time idleBackoffSlot = Time(0));
    /// Detach from the MAC, cancel every guard timer and pending re-send.
    void Stop();

    /**
     * Hand a frame to the device.  With an lr-wpan MAC and a fallback, the
     * frame is watched: when the MAC drops it or does not confirm it within
     * the guard time, it is sent again after a uniform delay in [0,
     * FloodJitter], up to `retries` times, then `onFail` runs.
     * \param id the query of the frame \param bytes the frame
     * \param to next hop or broadcast \param broadcast a broadcast frame
     * \param onFail fallback (null: the frame is not watched)
     * \param retries re-sends left
     */
    void Send(const bloom::QueryId& id,
              const std::vector<uint8_t>& bytes,
              const Address& to,
              bool broadcast,
              std::function<void()> onFail,
              uint32_t retries);

  private:
    /// A frame waiting for its MAC confirmation.
    struct Unconfirmed
    {
        EventId guard;                //!< HopTimeout
        bloom::QueryId id;            //!< query of the frame
        std::vector<uint8_t> bytes;   //!< the frame, for a re-send
        Address to;                   //!< next hop (or broadcast)
        bool broadcast{false};        //!< a broadcast frame
        uint32_t retriesLeft{0};      //!< re-sends left before onFail
        std::function<void()> onFail; //!< fallback once no re-send is left
    };

    /// Hand a frame to the device now (Send's work after the idle backoff).
    void HandDown(const bloom::QueryId& id,
                  const std::vector<uint8_t>& bytes,
                  const Address& to,
                  bool broadcast,
                  std::function<void()> onFail,
                  uint32_t retries);
    /// The idle backoff's wait for one frame (drawn only when IdleBackoff is above 0).
    Time IdleBackoffDelay();
    void OnMacTxOk(Ptr<const Packet> packet);
    void OnMacTxDrop(Ptr<const Packet> packet);
    /// A watched frame was lost: re-send it or give up.
    void LinkFailed(uint64_t uid);
    /// Remember a scheduled event so that Stop cancels it.
    void Keep(const EventId& event);

    Ptr<UniformRandomVariable> m_rng;
    std::function<bool()> m_isAlive;
    FrameCallback m_onFrame;
    Ptr<NetDevice> m_device;
    Ptr<Object> m_mac;
    uint16_t m_address{0};
    Time m_hopTimeout;
    Time m_floodJitter;
    Time m_idleBackoff;     //!< bound of the wait before a frame goes down (0: none)
    Time m_idleBackoffSlot; //!< the wait's slot (0: continuous)
    std::map<uint64_t, Unconfirmed> m_unconfirmed;
    std::vector<EventId> m_events; //!< re-sends, cancelled on stop
};

} // namespace ns3

#endif // BLOOM_GOSSIP_QUERY_LINK_H
