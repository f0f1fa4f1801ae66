/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * How a query looks for a holder of its key, and how it ends at its origin:
 * the registry of query strategies (names, wire codes, what a search of each
 * carries, which filter families can run it).  Plain C++17, no ns-3
 * dependency: the wire format (query-message.h) reads it.
 */
#ifndef BLOOM_GOSSIP_QUERY_STRATEGY_H
#define BLOOM_GOSSIP_QUERY_STRATEGY_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * A query strategy, by its wire code (the strategy byte of every query and
 * reply).  The set is open: the registry (RegisterQueryStrategy) holds every
 * strategy the program knows, each registered by its own source file (see
 * bloom-query-strategy.h); the four named values are the module's own.  A
 * plug-in strategy names its code as static_cast<QueryStrategy>(n).
 */
enum class QueryStrategy : uint8_t
{
    /// Walk: unicast to the neighbour whose advertised filter puts the key
    /// closest (LBF: highest cell minimum, ABF: lowest matching level);
    /// visited list, backtracking on dead ends.  Families that estimate
    /// distance only (gradient-query-strategy.h).
    GRADIENT = 1,
    /// TTL-scoped flood with duplicate suppression, only when the origin's own
    /// filter reports the key (a plain BF tells whether to search, not where)
    /// (flood-query-strategy.h).
    FLOOD = 2,
    /// Expanding-ring search: gated like FLOOD, floods of TTL 1, 2, 4, ... up
    /// to the maximum, a new round when no reply came in time
    /// (ring-query-strategy.h).
    RING = 3,
    /// Flood that ignores every filter (baseline) (flood-query-strategy.h).
    BLIND_FLOOD = 4,
};

/**
 * \ingroup bloom-gossip
 * What a search (QUERY message) of a strategy may carry besides the common
 * header, and what replies to it may say.  The decoder rejects the rest.
 */
struct QuerySearchShape
{
    bool backtrack{false};    //!< the BACKTRACK flag may be set
    bool visitedList{false};  //!< a visited list may follow the header
    bool rounds{false};       //!< a ring round 0..kMaxRingRound may be set
    bool expiredReply{false}; //!< a TTL-expired reply may answer it
    /// Strategy bytes after the visited list, exactly this many in every
    /// search (e.g. the sender's estimate for the key); 0: none.
    uint8_t extraBytes{0};
    /// A message type of its own (the type byte after the dispatch, e.g. a
    /// cancel message) that the query application hands to the strategy;
    /// 0: none.  Must not be 1..4 (advertisement, query, reply, coded advertisement).
    uint8_t messageType{0};
};

/**
 * \ingroup bloom-gossip
 * Which families `auto` picks a strategy for (--query-strategy auto).
 */
enum class QueryAutoUse : uint8_t
{
    NEVER,       //!< only when asked for by name (or `all`)
    DISTANCE,    //!< for families that estimate distance (LBF, ABF, SDBF)
    NO_DISTANCE, //!< for families that do not (BF)
};

/**
 * \ingroup bloom-gossip
 * \brief One registered query strategy: the plain facts every layer reads
 * (wire format, command line, CSV, selection of strategies per family).
 */
struct QueryStrategyInfo
{
    QueryStrategy code{QueryStrategy::GRADIENT}; //!< wire code, 1..255, unique
    std::string name;   //!< command-line word and CSV value, unique, e.g. "gradient"
    std::string help;   //!< one line for attribute and option help
    std::string typeId; //!< the strategy class' TypeId name, e.g. "ns3::GradientQueryStrategy"
    bool needsDistance{false};                 //!< only families that estimate distance can run it
    QueryAutoUse autoUse{QueryAutoUse::NEVER}; //!< picked by `auto` for these families
    QuerySearchShape search;                   //!< what its searches carry
    /// TTL per hop of distance the harness gives it: 2 for a walk (its TTL
    /// counts forwards and backtracks of one copy), 1 for floods.
    uint8_t ttlPerHop{1};
    /// Listed: part of `all` and of the names offered in errors.  A strategy
    /// registered by a test is not, so that it never joins the runs and
    /// messages of other suites sharing its test runner.
    bool listed{true};
    /// Part of `all` (when listed).  A listed strategy outside `all` is
    /// offered in help and errors and runs when named; it keeps runs that
    /// ask for `all` as they were before it existed (the queries of all
    /// strategies share one simulation and one query window).
    bool inAll{true};
};

/**
 * Add a strategy to the registry (normally through
 * BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY, at static initialisation).
 * \param info the strategy
 * \throws std::invalid_argument on code 0, a code or name already taken, an
 *         empty name, or a message type 1..4
 */
void RegisterQueryStrategy(const QueryStrategyInfo& info);

/**
 * \param code a wire code
 * \return the registered strategy with that code, or null
 */
const QueryStrategyInfo* FindQueryStrategy(QueryStrategy code);
/**
 * \param name a strategy name
 * \return the registered strategy with that name, or null
 */
const QueryStrategyInfo* FindQueryStrategy(const std::string& name);
/**
 * \param messageType a message type byte
 * \return the registered strategy owning that message type, or null
 */
const QueryStrategyInfo* FindQueryStrategyByMessageType(uint8_t messageType);
/// \return every listed strategy, by code (for help texts and messages)
std::vector<QueryStrategyInfo> RegisteredQueryStrategies();

/**
 * \param distance whether a filter family estimates distance
 * \return the listed strategies of `all` (QueryStrategyInfo::inAll) it can
 *         run, by code
 */
std::vector<QueryStrategy> StrategiesFor(bool distance);
/**
 * \param distance whether a filter family estimates distance
 * \return the strategies `auto` picks for it, by code
 */
std::vector<QueryStrategy> AutoStrategiesFor(bool distance);

/**
 * The TTL the scenario harness gives a query when none is set: ttlPerHop
 * times the network diameter, at least ttlPerHop, at most 255.
 * \param strategy a registered strategy
 * \param diameter the network's diameter in hops
 * \return the TTL
 */
uint8_t DefaultQueryTtl(QueryStrategy strategy, uint32_t diameter);

/**
 * \param strategy a query strategy
 * \return its registered name ("gradient", "flood", "ring", "blind-flood",
 *         ...), "unknown" if none is registered with that code
 */
std::string ToString(QueryStrategy strategy);
/**
 * Inverse of ToString; throws std::invalid_argument (NotOneOf: the listed
 * names, by code) on anything else.
 * \param name a registered strategy name
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
