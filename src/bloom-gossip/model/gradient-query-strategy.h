/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The gradient walk: a query unicast towards the neighbour whose filter puts
 * the key closest, with a visited list and backtracking.
 */
#ifndef BLOOM_GOSSIP_GRADIENT_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_GRADIENT_QUERY_STRATEGY_H

#include "bloom-query-strategy.h"

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief gradient (bloom::QueryStrategy::GRADIENT; families that estimate
 * distance): the query walks by link-layer unicast with MAC
 * acknowledgements.
 *
 * A node ranks its live neighbours by the filter each last advertised
 * (FilterPolicy::GradientRank; LBF: highest cell minimum for the key, ABF:
 * lowest matching level), skips neighbours in the message's visited list,
 * the origin, its own previous hop and the neighbours it already tried for
 * this query, and forwards to the best, ties broken uniformly at random.
 * A neighbour the link layer gives up is replaced by the next-best one; when
 * no candidate is left (dead end: a false positive or a stale entry) the
 * query goes back to the previous hop (BACKTRACK flag), which tries its
 * next-best neighbour - a depth-first search.  The origin reports
 * "no-gradient" when no neighbour reports the key at all, "exhausted" when
 * every branch was tried.  Every transmission counts against the TTL; where
 * it runs out, a TTL-expired reply goes back to the origin ("ttl-expired").
 * A node reached again by a forward (a loop the bounded visited list no
 * longer shows) bounces the query back as a dead end.
 */
class GradientQueryStrategy : public BloomQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 1, "gradient")
    static bloom::QueryStrategyInfo Registration();

    void Start(const bloom::QueryMessage& m) override;
    void Receive(const bloom::QueryMessage& m, const Address& from) override;

  private:
    /// Forward a query (as received, or as issued) to the best candidate.
    void Continue(const bloom::QueryMessage& m);
    /// No candidate left: back to the previous hop, or fail at the origin.
    void DeadEnd(const bloom::QueryMessage& m);
    /// The TTL is used up here.
    void ExpireTtl(const bloom::QueryMessage& m);
    /// Send `m` back to `to` as a dead end (BACKTRACK), with this node visited.
    void Bounce(const bloom::QueryMessage& m, const Address& to);
};

} // namespace ns3

#endif // BLOOM_GOSSIP_GRADIENT_QUERY_STRATEGY_H
