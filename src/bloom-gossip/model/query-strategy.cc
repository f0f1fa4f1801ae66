/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "query-strategy.h"

#include "ns3/user-text.h"

#include <stdexcept>

namespace ns3
{
namespace bloom
{

std::string
ToString(QueryStrategy strategy)
{
    switch (strategy)
    {
    case QueryStrategy::GRADIENT:
        return "gradient";
    case QueryStrategy::FLOOD:
        return "flood";
    case QueryStrategy::RING:
        return "ring";
    case QueryStrategy::BLIND_FLOOD:
        return "blind-flood";
    }
    return "unknown";
}

QueryStrategy
ParseQueryStrategy(const std::string& name)
{
    return ParseName(name,
                     {QueryStrategy::GRADIENT,
                      QueryStrategy::FLOOD,
                      QueryStrategy::RING,
                      QueryStrategy::BLIND_FLOOD});
}

std::string
ToString(QueryOutcome outcome)
{
    switch (outcome)
    {
    case QueryOutcome::PENDING:
        return "pending";
    case QueryOutcome::FOUND:
        return "found";
    case QueryOutcome::FILTER_ABSENT:
        return "filter-absent";
    case QueryOutcome::NO_GRADIENT:
        return "no-gradient";
    case QueryOutcome::EXHAUSTED:
        return "exhausted";
    case QueryOutcome::TTL_EXPIRED:
        return "ttl-expired";
    case QueryOutcome::TIMEOUT:
        return "timeout";
    case QueryOutcome::ORIGIN_FAILED:
        return "origin-failed";
    }
    return "unknown";
}

} // namespace bloom
} // namespace ns3
