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
#include "bloom-query-strategy.h"
#include "query-link.h"
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
 * How a query searches is its strategy (attribute Strategy or per Query
 * call): a BloomQueryStrategy plug-in, one object per strategy and node,
 * created the first time the node issues or receives a search of it.  The
 * module's own are gradient (GradientQueryStrategy), flood and blind-flood
 * (FloodQueryStrategy, BlindFloodQueryStrategy) and ring
 * (RingQueryStrategy); each registers itself (bloom::QueryStrategyInfo:
 * name, wire code, what its searches carry, which families can run it).
 * This application does what is common to all: the origin's bookkeeping
 * (QuerySent; a holder that queries its own key is answered at once with 0
 * hops; the first FOUND reply is reported through ReplyReceived and later
 * ones ignored; a query without an answer after QueryTimeout is reported
 * "timeout"), answers at holders (Deliver), the per-node memory of queries
 * (previous hop, neighbours tried, rounds seen; kept for 2 QueryTimeout),
 * replies travelling hop by hop by unicast with ACKs along the reverse path
 * (the neighbour each node first received the query from; per ring round,
 * the latest round's), and decoding (MalformedDropped).
 *
 * Link reliability is QueryLink's: on lr-wpan devices every frame is watched
 * through the MAC's confirmations and re-sent after a uniform delay in [0,
 * FloodJitter], up to LinkRetries times, when the MAC drops it or does not
 * confirm it within HopTimeout; only then does a gradient hop fall back to
 * the next-best neighbour; a reply or broadcast is dropped.  On other
 * devices frames are sent once, without watch.
 */
class BloomQueryApplication : public Application, private QueryStrategyHost
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
     * Query a key; the application must be running.  Aborts when the strategy
     * is not registered or needs distance estimates the node's filter family
     * does not give (gradient on a plain BF).  Outcomes known at once (the
     * origin holds the key, filter-absent, no-gradient) are reported through
     * the trace sources before this returns; QuerySent always comes first.
     * \param key the key looked for
     * \param strategy how to search
     * \param ttl most transmissions of the query (0: the Ttl attribute)
     * \return the identity of the query (origin address, sequence number)
     */
    bloom::QueryId Query(const bloom::Key& key, bloom::QueryStrategy strategy, uint8_t ttl = 0);

    /// \return this node's 16-bit address as used in messages (see ShortAddressOf)
    uint16_t GetShortAddress() const override;
    /// \return the node's gossip application (null before start)
    Ptr<BloomGossipApplication> GetGossip() const override;

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
     * The most bytes a frame's carried filter takes (CarryFilter) without
     * the length field: the filter-codec encoding of the largest filter the
     * policy advertises.
     * \param policy the node's filter policy
     * \return the filter's shape header and payload bytes
     */
    static size_t CarriedFilterBytes(const bloom::FilterPolicy& policy);
    /**
     * The most bytes of a query frame without visited entries: the header
     * with the largest strategy bytes of any registered strategy (or a
     * reply, if longer) and, with CarryFilter, the carried filter and its
     * length field.  StartApplication aborts when it exceeds the device MTU
     * (frames are never segmented).
     * \param policy the node's filter policy
     * \param carry whether queries carry the filter
     * \return bytes
     */
    static size_t LeastQueryFrameBytes(const bloom::FilterPolicy& policy, bool carry);

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
    /// A query this node issued and waits for.
    struct Pending
    {
        bloom::QueryStrategy strategy{bloom::QueryStrategy::GRADIENT}; //!< its strategy
        EventId timeout;                                               //!< QueryTimeout
    };

    void StartApplication() override;
    void StopApplication() override;

    void ReceiveFromDevice(Ptr<NetDevice> device,
                           Ptr<const Packet> packet,
                           uint16_t protocol,
                           const Address& from,
                           const Address& to,
                           NetDevice::PacketType type);
    void HandleReply(const bloom::ReplyMessage& r, const Address& from);
    /// \return `frame` with this node's advertised filter appended (CarryFilter), else as is
    std::vector<uint8_t> Carry(std::vector<uint8_t> frame);
    /// \return the frame sent for `message`: Carry, then padded to FrameBytes (if set)
    std::vector<uint8_t> Frame(const std::vector<uint8_t>& message);

    /// \param code a registered strategy \return this node's object of it (created on first use)
    BloomQueryStrategy& GetStrategy(bloom::QueryStrategy code);
    /// Origin: tell the strategy (if it exists here) that a query ended.
    void FinishStrategy(bloom::QueryStrategy code, const bloom::QueryId& id);
    /// Origin: report success and forget the query.
    void Succeed(const bloom::ReplyMessage& r);
    void PurgeVisits();
    bool IsOrigin(const bloom::QueryId& id) const;

    // QueryStrategyHost: what the strategies use (and the two public getters).
    bool IsAlive() const override;
    const QueryParameters& GetParameters() const override;
    Ptr<UniformRandomVariable> GetRandom() const override;
    void Keep(const EventId& event) override;
    QueryVisit& GetVisit(const bloom::QueryId& id) override;
    QueryVisit* FindVisit(const bloom::QueryId& id) override;
    void AppendVisited(bloom::QueryMessage& m) const override;
    void SendQuery(const bloom::QueryMessage& m,
                   const Address& to,
                   std::function<void()> onFail = nullptr) override;
    void BroadcastQuery(const bloom::QueryMessage& m) override;
    void SendReply(const bloom::ReplyMessage& r, const Address& to) override;
    void SendStrategyFrame(const bloom::QueryId& id,
                           const std::vector<uint8_t>& bytes,
                           const Address& to) override;
    Address GetBroadcast() const override;
    void Deliver(const bloom::QueryMessage& m, const Address& to) override;
    void Reached(const bloom::QueryMessage& m) override;
    void Answered(const bloom::QueryId& id,
                  uint16_t holder,
                  uint8_t queryHops,
                  uint8_t replyHops) override;
    void Fail(const bloom::QueryId& id, bloom::QueryOutcome outcome) override;
    bool IsPending(const bloom::QueryId& id) const override;

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
    bool m_carryFilter;
    uint32_t m_frameBytes{0};
    Time m_idleBackoff;     //!< IdleBackoff attribute
    Time m_idleBackoffSlot; //!< IdleBackoffSlot attribute

    // State.
    QueryParameters m_parameters; //!< the attributes strategies read (set at start)
    Ptr<NetDevice> m_device;
    Ptr<QueryLink> m_link; //!< unconfirmed frames, MAC confirmations, re-sends
    Ptr<BloomGossipApplication> m_gossip;
    Ptr<UniformRandomVariable> m_rng;
    uint16_t m_address;
    uint16_t m_sequence;
    size_t m_visitedCap;
    size_t m_carriedBytes{0};                      //!< CarriedFilterBytes when CarryFilter, else 0
    std::optional<bloom::AnyFilter> m_encodedFrom; //!< the filter m_encoded encodes
    std::vector<uint8_t> m_encoded;                //!< its filter-codec encoding
    bool m_running;
    std::map<bloom::QueryId, QueryVisit> m_visits;
    std::map<uint16_t, Pending> m_pending;
    /// Strategy objects by wire code, created on first use.
    std::map<uint8_t, Ptr<BloomQueryStrategy>> m_strategies;
    std::vector<EventId> m_events; //!< relays, cancelled on stop

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
