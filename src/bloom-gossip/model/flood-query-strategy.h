/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Floods: a TTL-scoped broadcast flood gated by the origin's own filter, and
 * the blind flood that looks at no filter.
 */
#ifndef BLOOM_GOSSIP_FLOOD_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_FLOOD_QUERY_STRATEGY_H

#include "bloom-query-strategy.h"

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

    void Start(const bloom::QueryMessage& m) override;
    /// Relay the first copy of each round (after a jitter), answer at a holder.
    void Receive(const bloom::QueryMessage& m, const Address& from) override;

  protected:
    /// \param m a search issued here \return whether the origin's own filter
    ///        reports its key (else the query fails "filter-absent")
    bool OwnFilterReports(const bloom::QueryMessage& m);
};

/**
 * \ingroup bloom-gossip
 * \brief blind-flood (bloom::QueryStrategy::BLIND_FLOOD; every family):
 * a flood that ignores every filter (baseline).
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
