/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "walk-query-strategy.h"

#include "ns3/bloom-gossip-application.h"
#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WalkQueryStrategy");

BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(WalkQueryStrategy, WalkQueryStrategy::Registration);

TypeId
WalkQueryStrategy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::WalkQueryStrategy")
            .SetParent<BloomQueryStrategy>()
            .SetGroupName("BloomGossip")
            .AddConstructor<WalkQueryStrategy>()
            .AddAttribute("Bias",
                          "Probability that a step goes to a neighbour whose filter reports the "
                          "key (when one does) rather than to any neighbour.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&WalkQueryStrategy::m_bias),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

bloom::QueryStrategyInfo
WalkQueryStrategy::Registration()
{
    bloom::QueryStrategyInfo info;
    info.code = static_cast<bloom::QueryStrategy>(200);
    info.name = "walk";
    info.help = "random walk biased towards the key";
    info.typeId = "ns3::WalkQueryStrategy";
    info.ttlPerHop = 4; // a walk wanders: four steps per hop of diameter
    info.inAll = false; // `all` keeps the module's own strategies
    return info;
}

void
WalkQueryStrategy::Start(const bloom::QueryMessage& m)
{
    Step(m);
}

void
WalkQueryStrategy::Receive(const bloom::QueryMessage& m, const Address& from)
{
    QueryStrategyHost& host = Host();
    QueryVisit& visit = host.GetVisit(m.id);
    if (!visit.entered && m.id.origin != host.GetShortAddress())
    {
        // The first visit: replies go back the way the walk first came.
        visit.entered = true;
        visit.prevHop = from;
        visit.hasPrev = true;
    }
    if (host.GetGossip()->HoldsKey(bloom::Key::FromHash(m.keyHash)))
    {
        host.Deliver(m, from);
        return;
    }
    Step(m);
}

void
WalkQueryStrategy::Step(const bloom::QueryMessage& m)
{
    QueryStrategyHost& host = Host();
    if (!host.IsAlive() || m.hops >= m.ttl)
    {
        return; // the walk ends; its origin times out
    }
    const bloom::Key key = bloom::Key::FromHash(m.keyHash);
    Ptr<BloomGossipApplication> gossip = host.GetGossip();
    std::vector<Address> any;
    std::vector<Address> reporting;
    for (const auto& [address, filter] : gossip->GetNeighbourFilters())
    {
        any.push_back(address);
        if (gossip->GetPolicy().Contains(*filter, key))
        {
            reporting.push_back(address);
        }
    }
    if (any.empty())
    {
        return;
    }
    Ptr<UniformRandomVariable> rng = host.GetRandom();
    const bool biased = !reporting.empty() && rng->GetValue(0, 1) < m_bias;
    const std::vector<Address>& from = biased ? reporting : any;
    const Address next = from[rng->GetInteger(0, static_cast<uint32_t>(from.size()) - 1)];
    bloom::QueryMessage out = m;
    ++out.hops;
    host.SendQuery(out, next);
}

} // namespace ns3
