/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Query-based resource discovery on top of Bloom-filter gossip: gradient
 * walks on LBF/ABF neighbour filters, (gated) flooding and expanding-ring
 * search, with replies along the reverse path.
 */
#ifndef BLOOM_GOSSIP_BLOOM_QUERY_APPLICATION_H
#define BLOOM_GOSSIP_BLOOM_QUERY_APPLICATION_H

#include "bloom-gossip-application.h"
#include "bloom-gossip-version.h"
#include "query-message.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

class DutyCycleScheduler;

class Packet;

/**
 * \ingroup bloom-gossip
 * \brief Answers and issues resource queries; one per node, next to the
 * node's BloomGossipApplication (found on the node at start; it must be
 * installed first and use the link-layer transport on the same device).
 *
 * Frames share the gossip dispatch byte 0x3B and carry bloom::QueryMessage
 * (type 2) or bloom::ReplyMessage (type 3); the gossip application ignores
 * them.  Queries and replies identify a query by (origin short address,
 * origin sequence number), see bloom::QueryId.
 *
 * Strategies (bloom::QueryStrategy, attribute Strategy or per Query call):
 *
 *  - gradient (LBF, ABF): the query walks by link-layer unicast with MAC
 *    acknowledgements.  A node ranks its live neighbours by the filter each
 *    last advertised (LBF: highest cell minimum for the key, i.e. highest
 *    c^, lowest hop estimate; ABF: lowest matching level), skips neighbours
 *    in the message's visited list, the origin, its own previous hop and the
 *    neighbours it already tried for this query, and forwards to the best,
 *    ties broken uniformly at random (ns-3 RNG stream).
 *    Fallback: a neighbour that does not take the frame (see link
 *    reliability below) is given up and the next-best one is tried; when no
 *    candidate is left (dead end: a false positive or a stale entry) the
 *    query goes back to the previous hop (BACKTRACK flag), which tries its
 *    next-best neighbour - a depth-first search.  The origin reports
 *    "no-gradient" when no neighbour reports the key at all, "exhausted"
 *    when every branch was tried.  Every transmission (forward or
 *    backtrack) counts against the TTL; where the TTL runs out, a
 *    TTL-expired reply goes back to the origin ("ttl-expired").
 *    Loop avoidance: the bounded visited list (MaxVisited, oldest entries
 *    dropped first); a node reached again by a forward (a loop the list no
 *    longer shows) bounces the query back as a dead end.
 *  - flood: the origin searches only when its own filter reports the key
 *    (else "filter-absent" at once, no frame); the query is broadcast and
 *    rebroadcast by every node on its first copy (duplicate suppression by
 *    query id and round) after a uniform delay in [0, FloodJitter] while
 *    hops < TTL.  Holders reply and keep flooding, so every holder within
 *    the TTL is reached.
 *  - ring: gated like flood; floods of TTL RingFirstTtl, x RingFactor, ...
 *    up to the TTL (the last round uses the TTL itself); a round that
 *    brings no reply within (2 t + 1) RingHopTime (t: the round's TTL)
 *    starts the next; after the last round the query is "exhausted".
 *  - blind-flood: flood without looking at any filter (baseline).
 *
 * Replies travel hop by hop by unicast with ACKs along the reverse path:
 * every node remembers the neighbour it first received the query from (per
 * ring round, the latest round's).  The origin reports the first FOUND
 * reply (ReplyReceived) and ignores later ones; a query without an answer
 * after QueryTimeout is reported "timeout".
 *
 * Link reliability (lr-wpan devices, found through the device's "Mac"
 * attribute): every frame is watched through the MAC's MacTxOk and
 * MacTxDrop traces (matched by packet uid).  A frame the MAC drops (unicast:
 * no ACK after macMaxFrameRetries; any frame: channel access failure) or
 * does not confirm within HopTimeout is sent again after a uniform delay in
 * [0, FloodJitter], up to LinkRetries times - under contention most drops
 * are channel access failures, not dead links.  Only then does a gradient
 * hop fall back to the next-best neighbour; a reply or broadcast is dropped.
 * On other devices frames are sent once, without watch.
 *
 * Per-node query state (previous hop, neighbours tried, rounds seen) is kept
 * for 2 QueryTimeout.
 */
class BloomQueryApplication : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BloomQueryApplication();
    ~BloomQueryApplication() override;

    /**
     * Query a resource with the Strategy attribute (see the other overload).
     * \param id the resource number (key bloom::Key::FromId(id))
     * \return the identity of the query
     */
    bloom::QueryId Query(uint64_t id);
    /**
     * Query a key; the application must be running.  Aborts when a gradient
     * query is asked of a plain-BF gossip node.  Outcomes known at once (the
     * origin holds the key, filter-absent, no-gradient) are reported through
     * the trace sources before this returns; QuerySent always comes first.
     * \param key the key looked for
     * \param strategy how to search
     * \param ttl most transmissions of the query (0: the Ttl attribute)
     * \return the identity of the query (origin address, sequence number)
     */
    bloom::QueryId Query(const bloom::Key& key, bloom::QueryStrategy strategy, uint8_t ttl = 0);

    /// \return this node's 16-bit address as used in messages (see ShortAddressOf)
    uint16_t GetShortAddress() const;
    /// \return the node's gossip application (null before start)
    Ptr<BloomGossipApplication> GetGossip() const;

    /**
     * The 16-bit address of a link-layer address: a Mac16Address itself, or
     * the last two bytes of any other address (the lr-wpan pseudo MAC-48
     * address 02:00:00:00:hi:lo of a short address, RFC 6282 mode; on other
     * devices, the low 16 bits of the MAC address).
     * \param address a link-layer address
     * \return its 16-bit address
     */
    static uint16_t ShortAddressOf(const Address& address);

    /**
     * Assign a fixed random variable stream number to the random variables
     * used by this application.
     * \param stream first stream number to use
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream)
#if BLOOM_GOSSIP_NS3_VERSION >= 3042
        override
#endif
        ;

    /// QuerySent: a query was issued at its origin (id, key hash, strategy).
    typedef void (*QuerySentCallback)(const bloom::QueryId& id,
                                      uint64_t keyHash,
                                      bloom::QueryStrategy strategy);
    /// QueryForwarded: this node sent a query frame (id, hops incl. this one, backtrack).
    typedef void (*QueryForwardedCallback)(const bloom::QueryId& id, uint8_t hops, bool backtrack);
    /// QueryDelivered: a query reached this holder for the first time (id, hops).
    typedef void (*QueryDeliveredCallback)(const bloom::QueryId& id, uint8_t hops);
    /// QueryFailed: the origin gave up (id, outcome).
    typedef void (*QueryFailedCallback)(const bloom::QueryId& id, bloom::QueryOutcome outcome);
    /// ReplyReceived: first FOUND reply at the origin (id, holder, query hops, reply hops).
    typedef void (*ReplyReceivedCallback)(const bloom::QueryId& id,
                                          uint16_t holder,
                                          uint8_t queryHops,
                                          uint8_t replyHops);
    /// FrameSent: a query or reply frame was handed to the device.
    typedef void (*FrameSentCallback)(const bloom::QueryId& id, Ptr<const Packet> packet);
    /// MalformedDropped: a query or reply frame failed to decode.
    typedef void (*MalformedDroppedCallback)(Ptr<const Packet> packet, const std::string& reason);

  protected:
    void DoDispose() override;

  private:
    /// What a node remembers about a query it has seen.
    struct Visit
    {
        Address prevHop;         //!< neighbour the (latest round's) first copy came from
        bool hasPrev{false};     //!< prevHop is set (false at the origin)
        bool entered{false};     //!< the query reached this node (gradient)
        bool delivered{false};   //!< QueryDelivered reported here
        int lastRound{-1};       //!< floods: highest round seen
        std::set<Address> tried; //!< gradient: neighbours forwarded to
        Time expires;            //!< forget after this time
    };

    /// A query this node issued and waits for.
    struct Pending
    {
        bloom::Key key{bloom::Key::FromHash(0)};
        bloom::QueryStrategy strategy{bloom::QueryStrategy::GRADIENT};
        uint8_t maxTtl{1}; //!< TTL of the query (ring: of the last round)
        uint8_t ttl{1};    //!< ring: TTL of the current round
        uint8_t round{0};  //!< ring: current round
        EventId timeout;
        EventId roundTimer;
    };

    /// A unicast frame waiting for its MAC confirmation.
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

    void StartApplication() override;
    void StopApplication() override;

    void ReceiveFromDevice(Ptr<NetDevice> device,
                           Ptr<const Packet> packet,
                           uint16_t protocol,
                           const Address& from,
                           const Address& to,
                           NetDevice::PacketType type);
    void HandleQuery(const bloom::QueryMessage& m, const Address& from);
    void HandleGradient(const bloom::QueryMessage& m, const Address& from);
    void HandleFlood(const bloom::QueryMessage& m, const Address& from);
    void HandleReply(const bloom::ReplyMessage& r, const Address& from);

    /// Forward a gradient query (as received, or as issued) to the best candidate.
    void ContinueGradient(const bloom::QueryMessage& m);
    /// No candidate left: back to the previous hop, or fail at the origin.
    void DeadEnd(const bloom::QueryMessage& m);
    /// The TTL is used up here.
    void ExpireTtl(const bloom::QueryMessage& m);
    /// Send `m` back to `to` as a dead end (BACKTRACK), with this node visited.
    void Bounce(const bloom::QueryMessage& m, const Address& to);
    /// Answer a query at a holder.
    void Deliver(const bloom::QueryMessage& m, const Address& to);

    void StartRound(uint16_t sequence);
    void RoundTimeout(uint16_t sequence);
    /// Origin: report success and forget the query.
    void Succeed(const bloom::ReplyMessage& r);
    /// Origin: report failure and forget the query.
    void Fail(const bloom::QueryId& id, bloom::QueryOutcome outcome);

    void SendQuery(const bloom::QueryMessage& m,
                   const Address& to,
                   std::function<void()> onFail = nullptr);
    void BroadcastQuery(const bloom::QueryMessage& m);
    void SendReply(const bloom::ReplyMessage& r, const Address& to);
    /// Hand a frame to the device.  With an lr-wpan MAC, the frame is
    /// watched: when the MAC drops it (unicast: no ACK after its retries;
    /// any frame: channel access failure) or does not confirm it within
    /// HopTimeout, it is sent again after a uniform delay in [0,
    /// FloodJitter], up to `retries` times, then `onFail` runs.
    void SendFrame(const bloom::QueryId& id,
                   const std::vector<uint8_t>& bytes,
                   const Address& to,
                   bool broadcast,
                   std::function<void()> onFail,
                   uint32_t retries);
    void OnMacTxOk(Ptr<const Packet> packet);
    void OnMacTxDrop(Ptr<const Packet> packet);
    /// A watched unicast frame was lost: re-send it or give up.
    void LinkFailed(uint64_t uid);

    /// Remember a scheduled event so that StopApplication cancels it.
    void Keep(const EventId& event);
    Visit& GetVisit(const bloom::QueryId& id);
    Visit* FindVisit(const bloom::QueryId& id);
    void PurgeVisits();
    void AppendVisited(bloom::QueryMessage& m) const;
    bool IsAlive() const;
    bool IsOrigin(const bloom::QueryId& id) const;

    // Attributes.
    bloom::compat::EnumStorage<bloom::QueryStrategy> m_strategy; //!< Strategy attribute
    uint8_t m_ttl;
    uint32_t m_maxVisited;
    uint32_t m_linkRetries;
    Time m_hopTimeout;
    Time m_queryTimeout;
    Time m_floodJitter;
    uint8_t m_ringFirstTtl;
    uint32_t m_ringFactor;
    Time m_ringHopTime;
    uint32_t m_deviceIndex;

    // State.
    Ptr<NetDevice> m_device;
    /// The node's duty-cycle schedule; null: frames go to the device at once.
    Ptr<DutyCycleScheduler> m_scheduler;
    Ptr<Object> m_mac;
    Ptr<BloomGossipApplication> m_gossip;
    Ptr<UniformRandomVariable> m_rng;
    uint16_t m_address;
    uint16_t m_sequence;
    size_t m_visitedCap;
    bool m_running;
    std::map<bloom::QueryId, Visit> m_visits;
    std::map<uint16_t, Pending> m_pending;
    std::map<uint64_t, Unconfirmed> m_unconfirmed;
    std::vector<EventId> m_events; //!< relays and re-sends, cancelled on stop

    TracedCallback<const bloom::QueryId&, uint64_t, bloom::QueryStrategy> m_sentTrace;
    TracedCallback<const bloom::QueryId&, uint8_t, bool> m_forwardedTrace;
    TracedCallback<const bloom::QueryId&, uint8_t> m_deliveredTrace;
    TracedCallback<const bloom::QueryId&, bloom::QueryOutcome> m_failedTrace;
    TracedCallback<const bloom::QueryId&, uint16_t, uint8_t, uint8_t> m_replyTrace;
    TracedCallback<const bloom::QueryId&, Ptr<const Packet>> m_frameTrace;
    TracedCallback<Ptr<const Packet>, const std::string&> m_malformedTrace;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_BLOOM_QUERY_APPLICATION_H
