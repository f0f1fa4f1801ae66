/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * How a query looks for a holder of its key, and how it ends at its origin.
 * Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_QUERY_STRATEGY_H

#include <cstdint>
#include <string>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * How a query looks for a holder of its key.
 */
enum class QueryStrategy : uint8_t
{
    /// Walk: unicast to the neighbour whose advertised filter puts the key
    /// closest (LBF: highest cell minimum, ABF: lowest matching level);
    /// visited list, backtracking on dead ends.  LBF and ABF only.
    GRADIENT = 1,
    /// TTL-scoped flood with duplicate suppression, only when the origin's own
    /// filter reports the key (a plain BF tells whether to search, not where).
    FLOOD = 2,
    /// Expanding-ring search: gated like FLOOD, floods of TTL 1, 2, 4, ... up
    /// to the maximum, a new round when no reply came in time.
    RING = 3,
    /// Flood that ignores every filter (baseline).
    BLIND_FLOOD = 4,
};

/**
 * \param strategy a query strategy
 * \return "gradient", "flood", "ring" or "blind-flood"
 */
std::string ToString(QueryStrategy strategy);
/**
 * Inverse of ToString; throws std::invalid_argument on anything else.
 * \param name "gradient", "flood", "ring" or "blind-flood"
 * \return the strategy
 */
QueryStrategy ParseQueryStrategy(const std::string& name);

/**
 * \ingroup bloom-gossip
 * How a query ended at its origin (BloomQueryApplication's QueryFailed trace
 * and the per-query CSV).
 */
enum class QueryOutcome : uint8_t
{
    PENDING,       //!< no answer yet
    FOUND,         //!< a FOUND reply reached the origin
    FILTER_ABSENT, //!< flood or ring: the origin's own filter does not report the key
    NO_GRADIENT,   //!< gradient: no neighbour's filter reports the key
    EXHAUSTED,     //!< gradient: every branch was tried (back at the origin)
    TTL_EXPIRED,   //!< gradient: the walk used up its TTL
    TIMEOUT,       //!< no answer within the query timeout
    ORIGIN_FAILED, //!< the origin had crashed
};

/**
 * \param outcome how a query ended
 * \return "pending", "found", "filter-absent", "no-gradient", "exhausted",
 *         "ttl-expired", "timeout" or "origin-failed"
 */
std::string ToString(QueryOutcome outcome);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_QUERY_STRATEGY_H
