/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Floods: a TTL-scoped broadcast flood gated by the origin's own filter, and
 * the blind flood that looks at no filter.
 */
#ifndef BLOOM_GOSSIP_FLOOD_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_FLOOD_QUERY_STRATEGY_H

#include "bloom-query-strategy.h"

#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief flood (bloom::QueryStrategy::FLOOD; every family): the origin
 * searches only when its own filter reports the key (else "filter-absent"
 * at once, no frame); the query is broadcast and rebroadcast by every node
 * on its first copy (duplicate suppression by query id and round) after a
 * uniform delay in [0, FloodJitter] while hops < TTL.  Holders reply and
 * keep flooding, so every holder within the TTL is reached.
 */
class FloodQueryStrategy : public BloomQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 2, "flood")
    static bloom::QueryStrategyInfo Registration();

    /// Bytes of an answer frame (BroadcastAnswers).
    static constexpr size_t kAnswerSize = 12;

    /// An ANSWER frame's fields (BroadcastAnswers).
    struct Answer
    {
        bloom::QueryId id;     //!< the query
        uint16_t holder{0};    //!< the holder that answered
        uint16_t next{0};      //!< the node of the recorded route that relays it next
        uint8_t hops{1};       //!< hops of the search copy that reached the holder
        uint8_t answerHops{1}; //!< transmissions of this answer, this one included
    };

    /**
     * \param type the answer message type \param a the answer
     * \return its frame
     */
    static std::vector<uint8_t> EncodeAnswer(uint8_t type, const Answer& a);
    /**
     * Parse an answer; throws bloom::DecodeError on a wrong size, dispatch,
     * type, broadcast/none origin, holder or next hop, or hops or answer
     * hops 0.
     * \param type the expected message type \param data the frame
     * \param size its length \return the answer
     */
    static Answer DecodeAnswer(uint8_t type, const uint8_t* data, size_t size);

    void Start(const bloom::QueryMessage& m) override;
    /// Relay the first copy of each round (after a jitter), answer at a holder.
    void Receive(const bloom::QueryMessage& m, const Address& from) override;
    /// An answer along the route (BroadcastAnswers): the origin succeeds,
    /// the node it names relays it once.
    void ReceiveFrame(const uint8_t* data, size_t size, const Address& from) override;

  protected:
    /// \param m a search issued here \return whether the origin's own filter
    ///        reports its key (else the query fails "filter-absent")
    bool OwnFilterReports(const bloom::QueryMessage& m);
    /// \return the wait before a relay (search or answer): HopDelay + U(0, FloodJitter)
    Time RelayWait();

    Time m_hopDelay{0};             //!< HopDelay (blind-flood): BCUN's d
    bool m_broadcastAnswers{false}; //!< BroadcastAnswers (blind-flood)

  private:
    /// Broadcast an answer after RelayWait() (once per query and node).
    /// \param a the answer to send
    void ScheduleAnswer(const Answer& a);

    /// Queries whose answer this node sent or relays, until when they are kept.
    std::map<bloom::QueryId, Time> m_answered;
};

/**
 * \ingroup bloom-gossip
 * \brief blind-flood (bloom::QueryStrategy::BLIND_FLOOD; every family):
 * a flood that ignores every filter (baseline).
 *
 * Two attributes give it BCUN's FLOOD (``gbcproto.cc``): HopDelay d, so that
 * a node relays after d + U(0, FloodJitter) (default 0: U(0, FloodJitter)),
 * and BroadcastAnswers: the holder does not unicast a FOUND reply but
 * broadcasts an ANSWER (the strategy's own message type 0x14, kAnswerSize
 * bytes) after d + U naming its previous hop; the node named relays it
 * once after d + U, naming its own previous hop, so the answer travels back
 * along the recorded route (the chain of first copies), every hop a
 * broadcast without ACK.  The origin succeeds on the first answer it hears.
 * Answer wire layout (integers little-endian):
 *
 *     offset size field
 *     0      1    dispatch 0x3B (bloom::kGossipDispatch)
 *     1      1    0x14
 *     2      2    origin short address
 *     4      2    query sequence number
 *     6      2    holder short address
 *     8      2    next hop: the route node that relays it next
 *     10     1    hops of the search copy that reached the holder (>= 1)
 *     11     1    transmissions of this answer so far, this one included
 *                 (>= 1; 255 stays 255)
 */
class BlindFloodQueryStrategy : public FloodQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 4, "blind-flood")
    static bloom::QueryStrategyInfo Registration();

    void Start(const bloom::QueryMessage& m) override;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_FLOOD_QUERY_STRATEGY_H
