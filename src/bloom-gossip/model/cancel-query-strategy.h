/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Broadcast searches stopped by a cancel wave from the holder, after the
 * LBF authors' ns-2 agent (BCUN, ns2/gbc): BCIR, BCIR* and ABC (Adaptive
 * Broadcast Cancellation).
 */
#ifndef BLOOM_GOSSIP_CANCEL_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_CANCEL_QUERY_STRATEGY_H

#include "bloom-query-strategy.h"

#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief The search-and-cancel mechanism shared by BCIR, BCIR* and ABC.
 *
 * A search is broadcast by the origin with hops 1.  A node that receives a
 * search for the first time (duplicate suppression by query id: each node
 * relays a search at most once):
 *  - holds the key: answers (the query application's FOUND reply, unicast
 *    along the reverse path: the recorded route; with CancelAnswers, no
 *    reply: the cancel wave tells the origin, as in BCUN), does not relay
 *    the search, and broadcasts a CANCEL (its own message type) after
 *    HopDelay + U(0, Jitter);
 *  - else, while hops < TTL, schedules its relay after SearchWait() (the
 *    strategy's timer, from the hops h the search travelled); the relay
 *    carries hops + 1.
 *
 * A node that receives a CANCEL of a query: if its relay of the search is
 * still pending, drops it (and does not forward the cancel); if it relayed
 * the search (the origin counts as having relayed it), forwards the cancel
 * once, after HopDelay + U(0, Jitter); otherwise ignores it.  A holder never
 * forwards a cancel (it sent its own).  Every random draw comes from the
 * query application's stream (AssignStreams).
 *
 * Cancel wire layout (integers little-endian), kCancelSize bytes:
 *
 *     offset size field
 *     0      1    dispatch 0x3B (bloom::kGossipDispatch)
 *     1      1    the strategy's cancel message type (QuerySearchShape)
 *     2      2    origin short address
 *     4      2    query sequence number
 *     6      2    holder short address (the node that started the wave)
 *     8      1    hops of the search copy that reached the holder (>= 1)
 *     9      1    transmissions of this cancel so far, this one included
 *                 (>= 1; 255 stays 255)
 *
 * By default the origin succeeds on the FOUND reply (answer frames are
 * counted apart, see QueryRecord); with CancelAnswers it succeeds on the
 * first cancel it receives (holder, search hops, cancel hops), as in BCUN.
 * Either way the origin forwards the cancel like any node that relayed.
 */
class CancelQueryStrategy : public BloomQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    CancelQueryStrategy();
    ~CancelQueryStrategy() override;

    /// Bytes of a cancel frame.
    static constexpr size_t kCancelSize = 10;

    /// A CANCEL frame's fields.
    struct Cancel
    {
        bloom::QueryId id;     //!< the query
        uint16_t holder{0};    //!< the holder that started the wave
        uint8_t hops{1};       //!< hops of the search copy that reached it
        uint8_t cancelHops{1}; //!< transmissions of this cancel, this one included
    };

    /**
     * \param type the cancel message type \param c the cancel
     * \return its frame
     */
    static std::vector<uint8_t> EncodeCancel(uint8_t type, const Cancel& c);
    /**
     * Parse a cancel; throws bloom::DecodeError on a wrong size, dispatch,
     * type, broadcast/none origin or holder, or hops or cancel hops 0.
     * \param type the expected message type \param data the frame
     * \param size its length \return the cancel
     */
    static Cancel DecodeCancel(uint8_t type, const uint8_t* data, size_t size);

    void Start(const bloom::QueryMessage& m) override;
    void Receive(const bloom::QueryMessage& m, const Address& from) override;
    void ReceiveFrame(const uint8_t* data, size_t size, const Address& from) override;
    void Stop() override;

  protected:
    /**
     * Add the timer attributes (HopDelay, Jitter) and CancelAnswers to a
     * strategy's TypeId.
     * \param tid the TypeId of a subclass \return tid
     */
    static TypeId AddTimerAttributes(TypeId tid);

    /**
     * The wait before relaying a search (the strategy's timer).
     * \param m the search as received (hops: the transmissions it took to
     *        reach this node; extra: the sender's strategy bytes)
     * \return the wait
     */
    virtual Time SearchWait(const bloom::QueryMessage& m) = 0;
    /**
     * Write this node's strategy bytes into a search it sends (issue or
     * relay).  Default: nothing.
     * \param m the search
     */
    virtual void Stamp(bloom::QueryMessage& m);

    /// \return a draw of U(0, Jitter) from the application's stream
    Time DrawJitter();

    Time m_hopDelay;             //!< HopDelay: BCUN's d
    Time m_jitter;               //!< Jitter: bound of BCUN's U
    bool m_cancelAnswers{false}; //!< CancelAnswers: the origin learns from the cancel

  private:
    /// Where this node stands in a query.
    enum class State : uint8_t
    {
        PENDING, //!< search relay scheduled
        RELAYED, //!< search relayed (or issued here)
        DROPPED, //!< relay cancelled, or TTL reached: never relays, never forwards a cancel
        HOLDER,  //!< answered and started a cancel wave
    };

    /// A query as this node knows it.
    struct Entry
    {
        State state{State::PENDING}; //!< where it stands
        bool cancelSent{false};      //!< a cancel was sent or forwarded (at most once)
        EventId relay;               //!< the pending search relay
        EventId cancel;              //!< the pending cancel
        Time expires;                //!< forgotten after this
    };

    /// \param id a query \return its entry (created, PENDING, when new)
    Entry& Touch(const bloom::QueryId& id);
    /// Forget entries past their time.
    void Purge();
    /// Broadcast a cancel after HopDelay + U(0, Jitter) (once per query).
    /// \param e the query's entry \param c the cancel
    void ScheduleCancel(Entry& e, const Cancel& c);

    std::map<bloom::QueryId, Entry> m_entries;
};

/**
 * \ingroup bloom-gossip
 * \brief bcir (code 6; every family): Broadcast Cancellation with
 * Increasing Relay delay: a node the search reached in h hops relays after
 * 2 (h - 1) HopDelay + U(0, Jitter).  Ignores every filter.
 */
class BcirQueryStrategy : public CancelQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 6, "bcir")
    static bloom::QueryStrategyInfo Registration();

  protected:
    Time SearchWait(const bloom::QueryMessage& m) override;
};

/**
 * \ingroup bloom-gossip
 * \brief bcir-star (code 7; every family): BCIR*, half BCIR's increase:
 * (h - 1) HopDelay + U(0, Jitter).
 */
class BcirStarQueryStrategy : public CancelQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 7, "bcir-star")
    static bloom::QueryStrategyInfo Registration();

  protected:
    Time SearchWait(const bloom::QueryMessage& m) override;
};

/**
 * \ingroup bloom-gossip
 * \brief abc (code 5; families that estimate distance): Adaptive Broadcast
 * Cancellation.  The search carries one strategy byte, the sender's
 * estimate of its distance to the key (EstimateHops of its advertised
 * filter, 0..254; 255: none).  A node the search reached in h hops waits
 * w = max(2 (h - 1) HopDelay, HopDelay) + U(0, Jitter); when it is on an
 * ascending gradient (its own estimate e is below the sender's, or the
 * sender had none) it shortens the wait to max(w (1 - p), HopDelay + U'),
 * p = Attenuation^e (BCUN's float cell after e hops of attenuation 0.9).
 */
class AbcQueryStrategy : public CancelQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 5, "abc")
    static bloom::QueryStrategyInfo Registration();

    /// The estimate byte of a node without estimate.
    static constexpr uint8_t kNoEstimate = 255;

  protected:
    Time SearchWait(const bloom::QueryMessage& m) override;
    void Stamp(bloom::QueryMessage& m) override;

  private:
    /// \param keyHash a key \return this node's estimate byte for it
    uint8_t OwnEstimate(uint64_t keyHash) const;

    double m_attenuation; //!< Attenuation: p = Attenuation^hops
};

} // namespace ns3

#endif // BLOOM_GOSSIP_CANCEL_QUERY_STRATEGY_H
