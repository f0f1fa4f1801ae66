/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Expanding-ring search: gated floods of growing TTL.
 */
#ifndef BLOOM_GOSSIP_RING_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_RING_QUERY_STRATEGY_H

#include "flood-query-strategy.h"

#include <map>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief ring (bloom::QueryStrategy::RING; every family): gated like flood;
 * floods of TTL RingFirstTtl, x RingFactor, ... up to the query's TTL (the
 * last round uses the TTL itself); a round that brings no reply within
 * (2 t + 1) RingHopTime (t: the round's TTL) starts the next; after the last
 * round (or round kMaxRingRound) the query is "exhausted".  Relays behave
 * as in a flood, per round (a node relays each round's first copy); replies
 * follow the latest round's reverse path.  The three settings are the query
 * application's attributes.
 */
class RingQueryStrategy : public FloodQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 3, "ring")
    static bloom::QueryStrategyInfo Registration();

    void Start(const bloom::QueryMessage& m) override;
    void Finish(const bloom::QueryId& id) override;
    void Stop() override;

  private:
    /// A ring search this node issued.
    struct Search
    {
        uint64_t keyHash{0}; //!< the key
        uint8_t maxTtl{1};   //!< TTL of the last round
        uint8_t ttl{1};      //!< TTL of the current round
        uint8_t round{0};    //!< current round
        EventId roundTimer;  //!< end of the current round
    };

    void StartRound(uint16_t sequence);
    void RoundTimeout(uint16_t sequence);

    std::map<uint16_t, Search> m_searches; //!< by sequence number, until Finish
};

} // namespace ns3

#endif // BLOOM_GOSSIP_RING_QUERY_STRATEGY_H
