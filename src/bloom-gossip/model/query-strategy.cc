/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "query-strategy.h"

#include "message-type.h"

#include "ns3/user-text.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

namespace
{

/// The registry, by code (a function-local static: registrations run at
/// static initialisation, in any order).
std::map<uint8_t, QueryStrategyInfo>&
Registry()
{
    static std::map<uint8_t, QueryStrategyInfo> registry;
    return registry;
}

bool
Runs(const QueryStrategyInfo& info, bool distance)
{
    return info.listed && (!info.needsDistance || distance);
}

} // namespace

void
RegisterQueryStrategy(const QueryStrategyInfo& info)
{
    const auto code = static_cast<uint8_t>(info.code);
    const std::string what = "RegisterQueryStrategy(" + info.name + "): ";
    if (code == 0)
    {
        throw std::invalid_argument(what + "wire code 0");
    }
    if (info.name.empty())
    {
        throw std::invalid_argument(what + "empty name");
    }
    if (Registry().count(code))
    {
        throw std::invalid_argument(what + "wire code " + std::to_string(code) + " taken by " +
                                    Registry().at(code).name);
    }
    if (FindQueryStrategy(info.name))
    {
        throw std::invalid_argument(what + "name taken");
    }
    const uint8_t type = info.search.messageType;
    if ((type & kCarriedFilterFlag) != 0)
    {
        throw std::invalid_argument(what + "message type " + std::to_string(type) +
                                    " has bit 7 set (it marks a carried filter)");
    }
    if (type != 0 && (type <= static_cast<uint8_t>(MessageType::CODED_ADVERTISEMENT) ||
                      FindQueryStrategyByMessageType(type)))
    {
        throw std::invalid_argument(what + "message type " + std::to_string(type) + " taken");
    }
    Registry().emplace(code, info);
}

const QueryStrategyInfo*
FindQueryStrategy(QueryStrategy code)
{
    auto it = Registry().find(static_cast<uint8_t>(code));
    return it == Registry().end() ? nullptr : &it->second;
}

const QueryStrategyInfo*
FindQueryStrategy(const std::string& name)
{
    for (const auto& [code, info] : Registry())
    {
        if (info.name == name)
        {
            return &info;
        }
    }
    return nullptr;
}

const QueryStrategyInfo*
FindQueryStrategyByMessageType(uint8_t messageType)
{
    if (messageType == 0)
    {
        return nullptr;
    }
    for (const auto& [code, info] : Registry())
    {
        if (info.search.messageType == messageType)
        {
            return &info;
        }
    }
    return nullptr;
}

std::vector<QueryStrategyInfo>
RegisteredQueryStrategies()
{
    std::vector<QueryStrategyInfo> out;
    for (const auto& [code, info] : Registry())
    {
        if (info.listed)
        {
            out.push_back(info);
        }
    }
    return out;
}

std::vector<QueryStrategy>
StrategiesFor(bool distance)
{
    std::vector<QueryStrategy> out;
    for (const auto& [code, info] : Registry())
    {
        if (info.inAll && Runs(info, distance))
        {
            out.push_back(info.code);
        }
    }
    return out;
}

std::vector<QueryStrategy>
AutoStrategiesFor(bool distance)
{
    const QueryAutoUse use = distance ? QueryAutoUse::DISTANCE : QueryAutoUse::NO_DISTANCE;
    std::vector<QueryStrategy> out;
    for (const auto& [code, info] : Registry())
    {
        if (info.autoUse == use && Runs(info, distance))
        {
            out.push_back(info.code);
        }
    }
    return out;
}

uint8_t
DefaultQueryTtl(QueryStrategy strategy, uint32_t diameter)
{
    const QueryStrategyInfo* info = FindQueryStrategy(strategy);
    const uint32_t perHop = info ? info->ttlPerHop : 1;
    return static_cast<uint8_t>(std::min<uint64_t>(255, uint64_t{perHop} * std::max(1U, diameter)));
}

std::string
ToString(QueryStrategy strategy)
{
    const QueryStrategyInfo* info = FindQueryStrategy(strategy);
    return info ? info->name : "unknown";
}

QueryStrategy
ParseQueryStrategy(const std::string& name)
{
    if (const QueryStrategyInfo* info = FindQueryStrategy(name))
    {
        return info->code;
    }
    std::vector<std::string> names;
    for (const auto& [code, info] : Registry())
    {
        if (info.listed)
        {
            names.push_back(info.name);
        }
    }
    throw std::invalid_argument(NotOneOf(name, names));
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
