/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The query strategy plug-in interface: what a strategy decides (on issue,
 * on receiving a search, on its timers, on its own message kinds), what the
 * query application offers it, and the registration of a strategy class.
 */
#ifndef BLOOM_GOSSIP_BLOOM_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_BLOOM_QUERY_STRATEGY_H

#include "query-message.h"
#include "query-strategy.h"

#include "ns3/address.h"
#include "ns3/attribute.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <functional>
#include <set>
#include <vector>

namespace ns3
{

class BloomGossipApplication;

/**
 * \ingroup bloom-gossip
 * What a node remembers about a query it has seen (kept by the query
 * application for 2 QueryTimeout after the last access, see
 * QueryStrategyHost::GetVisit).
 */
struct QueryVisit
{
    Address prevHop;         //!< neighbour the (latest round's) first copy came from
    bool hasPrev{false};     //!< prevHop is set (false at the origin); replies go there
    bool entered{false};     //!< the query reached this node (or it is the origin)
    bool delivered{false};   //!< QueryDelivered reported here
    int lastRound{-1};       //!< floods: highest round seen (origin: never relays)
    std::set<Address> tried; //!< unicast strategies: neighbours forwarded to
    Time expires;            //!< forget after this time
};

/**
 * \ingroup bloom-gossip
 * The query application's settings a strategy may read (its attributes).
 */
struct QueryParameters
{
    uint8_t ttl{32};         //!< Ttl
    Time queryTimeout;       //!< QueryTimeout
    Time floodJitter;        //!< FloodJitter: relay delay bound
    uint8_t ringFirstTtl{1}; //!< RingFirstTtl
    uint32_t ringFactor{2};  //!< RingFactor
    Time ringHopTime;        //!< RingHopTime
};

/**
 * \ingroup bloom-gossip
 * \brief What the query application (BloomQueryApplication) offers a
 * strategy: the node, its per-query memory, the origin's bookkeeping and the
 * link layer (QueryLink: every frame is confirmed, re-sent and, when lost
 * for good, reported through its fallback).
 */
class QueryStrategyHost
{
  public:
    virtual ~QueryStrategyHost() = default;

    /// \return this node's 16-bit address
    virtual uint16_t GetShortAddress() const = 0;
    /// \return the node's gossip application (filters, resources, policy)
    virtual Ptr<BloomGossipApplication> GetGossip() const = 0;
    /// \return whether the application runs and the node has not failed
    virtual bool IsAlive() const = 0;
    /// \return the application's settings
    virtual const QueryParameters& GetParameters() const = 0;
    /// \return the application's random variable (one stream per node)
    virtual Ptr<UniformRandomVariable> GetRandom() const = 0;
    /// Remember a scheduled event so that stopping the application cancels it.
    /// \param event the event
    virtual void Keep(const EventId& event) = 0;

    /// \param id a query \return this node's memory of it (created if new; kept longer)
    virtual QueryVisit& GetVisit(const bloom::QueryId& id) = 0;
    /// \param id a query \return this node's memory of it, or null
    virtual QueryVisit* FindVisit(const bloom::QueryId& id) = 0;
    /// \param m a search; this node is appended to its visited list (bounded)
    virtual void AppendVisited(bloom::QueryMessage& m) const = 0;

    /// Unicast a search (QueryForwarded trace first).
    /// \param m the search \param to the next hop
    /// \param onFail runs when the link layer gives the frame up (null: log)
    virtual void SendQuery(const bloom::QueryMessage& m,
                           const Address& to,
                           std::function<void()> onFail = nullptr) = 0;
    /// Broadcast a search (QueryForwarded trace first).
    /// \param m the search
    virtual void BroadcastQuery(const bloom::QueryMessage& m) = 0;
    /// Send a reply one hop. \param r the reply \param to the next hop
    virtual void SendReply(const bloom::ReplyMessage& r, const Address& to) = 0;
    /// Send a frame of the strategy's own message type (e.g. a cancel).
    /// \param id the query it belongs to \param bytes the frame
    /// \param to the next hop or the device's broadcast address (GetBroadcast)
    virtual void SendStrategyFrame(const bloom::QueryId& id,
                                   const std::vector<uint8_t>& bytes,
                                   const Address& to) = 0;
    /// \return the device's broadcast address
    virtual Address GetBroadcast() const = 0;

    /// A holder answers: QueryDelivered (first time) and a FOUND reply to `to`.
    /// \param m the search as received \param to where the reply goes
    virtual void Deliver(const bloom::QueryMessage& m, const Address& to) = 0;
    /// A holder found by a strategy that tells the origin its own way (e.g.
    /// by a cancel wave): QueryDelivered (first time), no reply.
    /// \param m the search as received
    virtual void Reached(const bloom::QueryMessage& m) = 0;
    /**
     * Origin: the strategy's own frames brought the answer (e.g. a cancel
     * wave); success as on a FOUND reply (ReplyReceived, Finish), if the
     * query still waits.
     * \param id the query \param holder the holder's short address
     * \param queryHops hops of the search copy that reached the holder
     * \param replyHops hops the answer took back
     */
    virtual void Answered(const bloom::QueryId& id,
                          uint16_t holder,
                          uint8_t queryHops,
                          uint8_t replyHops) = 0;
    /// Origin: the query failed (reported once; BloomQueryStrategy::Finish runs).
    /// \param id the query \param outcome why
    virtual void Fail(const bloom::QueryId& id, bloom::QueryOutcome outcome) = 0;
    /// Origin: whether the query still waits for an answer.
    /// \param id the query \return true until it succeeded or failed
    virtual bool IsPending(const bloom::QueryId& id) const = 0;
};

/**
 * \ingroup bloom-gossip
 * \brief A query strategy: how a query looks for a holder of its key.
 *
 * One instance per query application and strategy, created (through its
 * TypeId, so its own attributes take Config defaults) the first time the
 * node issues or receives a search of that strategy, then Install()ed.  The
 * application does the rest: duplicate-free origin bookkeeping (QuerySent,
 * query timeout, success at the first FOUND reply, QueryFailed), the holder
 * check at the origin, reply forwarding along the reverse path, per-node
 * memory (QueryVisit) and the link layer.  A strategy decides:
 *
 *  - Start: the origin issues a search (it does not hold the key itself);
 *  - Receive: a search of this strategy arrived from a neighbour;
 *  - ReceiveFrame: a frame of its own message type arrived (its
 *    QuerySearchShape::messageType, e.g. a cancel);
 *  - Finish: the query ended at its origin (cancel the origin's timers);
 *  - Stop: the application stops (cancel every timer not given to Keep).
 *
 * What its searches carry and which families can run it are its registered
 * bloom::QueryStrategyInfo; register a strategy class with
 * BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY in its .cc file.
 */
class BloomQueryStrategy : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BloomQueryStrategy();
    ~BloomQueryStrategy() override;

    /// Attach to the application (called once, before any other method).
    /// \param host the application's services \param info the registration
    void Install(QueryStrategyHost* host, const bloom::QueryStrategyInfo& info);

    /**
     * The origin issues a search.  May fail it at once (host Fail) or send.
     * \param m the search: id, key hash, strategy and TTL (the query's
     *        largest) set, hops 0, no visited entries; strategy bytes sized
     */
    virtual void Start(const bloom::QueryMessage& m) = 0;
    /**
     * A search of this strategy arrived (decoded and checked against the
     * shape; never this node's own issue: see the origin's QueryVisit).
     * \param m the search \param from the neighbour it came from
     */
    virtual void Receive(const bloom::QueryMessage& m, const Address& from) = 0;
    /**
     * A frame of this strategy's own message type arrived.  The default
     * ignores it.  Throw bloom::DecodeError on a malformed frame (the
     * application reports MalformedDropped).
     * \param data the frame \param size its length \param from the sender
     */
    virtual void ReceiveFrame(const uint8_t* data, size_t size, const Address& from);
    /// The query ended at its origin (answered or failed).  Default: nothing.
    /// \param id the query
    virtual void Finish(const bloom::QueryId& id);
    /// The application stops: cancel every own timer.  Default: nothing.
    virtual void Stop();

  protected:
    void DoDispose() override;

    /// \return the application's services
    QueryStrategyHost& Host() const;
    /// \return this strategy's registration
    const bloom::QueryStrategyInfo& Info() const;

  private:
    QueryStrategyHost* m_host{nullptr};
    bloom::QueryStrategyInfo m_info;
};

/**
 * \ingroup bloom-gossip
 * Register a strategy: the plain registry entry (bloom::RegisterQueryStrategy)
 * and its name in the Strategy attribute's checker.  Aborts on a clash.
 * Called by BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY.
 * \param info the strategy
 * \return true
 */
bool RegisterQueryStrategyClass(const bloom::QueryStrategyInfo& info);

/**
 * \ingroup bloom-gossip
 * \return the checker of BloomQueryApplication's Strategy attribute: an
 *         EnumChecker holding every registered strategy (registrations add to
 *         it, in any order)
 */
Ptr<const AttributeChecker> MakeQueryStrategyChecker();

/**
 * \ingroup bloom-gossip
 * Create the strategy object of a registered strategy.
 * \param code the strategy
 * \return a new object of its TypeId (aborts when unknown)
 */
Ptr<BloomQueryStrategy> CreateQueryStrategy(bloom::QueryStrategy code);

} // namespace ns3

/**
 * \ingroup bloom-gossip
 * Register strategy class `type` (a BloomQueryStrategy with GetTypeId) with
 * the QueryStrategyInfo returned by `infoFunction` (a function of no
 * arguments): its TypeId, the registry entry and the attribute checker.  One
 * line at namespace ns3 scope in the strategy's .cc file.
 */
#define BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(type, infoFunction)                                   \
    NS_OBJECT_ENSURE_REGISTERED(type);                                                             \
    static const bool g_bloomQueryStrategy##type = ::ns3::RegisterQueryStrategyClass(infoFunction())

#endif // BLOOM_GOSSIP_BLOOM_QUERY_STRATEGY_H
