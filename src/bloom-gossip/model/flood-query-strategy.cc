/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "flood-query-strategy.h"

#include "bloom-gossip-application.h"
#include "bloom-gossip-compat.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FloodQueryStrategy");

BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(FloodQueryStrategy, FloodQueryStrategy::Registration);
BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(BlindFloodQueryStrategy,
                                     BlindFloodQueryStrategy::Registration);

TypeId
FloodQueryStrategy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FloodQueryStrategy")
                            .SetParent<BloomQueryStrategy>()
                            .SetGroupName("BloomGossip")
                            .AddConstructor<FloodQueryStrategy>();
    return tid;
}

bloom::QueryStrategyInfo
FloodQueryStrategy::Registration()
{
    bloom::QueryStrategyInfo info;
    info.code = bloom::QueryStrategy::FLOOD;
    info.name = "flood";
    info.help = "flood gated by the origin's filter";
    info.typeId = "ns3::FloodQueryStrategy";
    info.autoUse = bloom::QueryAutoUse::NO_DISTANCE;
    return info;
}

bool
FloodQueryStrategy::OwnFilterReports(const bloom::QueryMessage& m)
{
    Ptr<BloomGossipApplication> gossip = Host().GetGossip();
    if (!gossip->GetPolicy().Contains(gossip->GetAdvertisedFilter(),
                                      bloom::Key::FromHash(m.keyHash)))
    {
        Host().Fail(m.id, bloom::QueryOutcome::FILTER_ABSENT);
        return false;
    }
    return true;
}

void
FloodQueryStrategy::Start(const bloom::QueryMessage& m)
{
    if (!OwnFilterReports(m))
    {
        return;
    }
    bloom::QueryMessage out = m;
    out.hops = 1;
    Host().BroadcastQuery(out);
}

void
FloodQueryStrategy::Receive(const bloom::QueryMessage& m, const Address& from)
{
    QueryStrategyHost& host = Host();
    if (m.id.origin == host.GetShortAddress())
    {
        return; // our own flood, heard back
    }
    QueryVisit& v = host.GetVisit(m.id);
    if (v.lastRound >= static_cast<int>(m.round))
    {
        return; // duplicate
    }
    v.lastRound = m.round;
    v.entered = true;
    v.prevHop = from;
    v.hasPrev = true;
    if (host.GetGossip()->HoldsKey(bloom::Key::FromHash(m.keyHash)))
    {
        host.Deliver(m, from);
    }
    if (m.hops < m.ttl)
    {
        bloom::QueryMessage out = m;
        ++out.hops;
        const Time delay =
            Seconds(host.GetRandom()->GetValue(0.0, host.GetParameters().floodJitter.GetSeconds()));
        QueryStrategyHost* h = &host;
        host.Keep(bloom::ScheduleCall(delay, [h, out]() {
            if (h->IsAlive())
            {
                h->BroadcastQuery(out);
            }
        }));
    }
}

TypeId
BlindFloodQueryStrategy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::BlindFloodQueryStrategy")
                            .SetParent<FloodQueryStrategy>()
                            .SetGroupName("BloomGossip")
                            .AddConstructor<BlindFloodQueryStrategy>();
    return tid;
}

bloom::QueryStrategyInfo
BlindFloodQueryStrategy::Registration()
{
    bloom::QueryStrategyInfo info;
    info.code = bloom::QueryStrategy::BLIND_FLOOD;
    info.name = "blind-flood";
    info.help = "flood without looking at any filter";
    info.typeId = "ns3::BlindFloodQueryStrategy";
    info.autoUse = bloom::QueryAutoUse::NO_DISTANCE;
    return info;
}

void
BlindFloodQueryStrategy::Start(const bloom::QueryMessage& m)
{
    bloom::QueryMessage out = m;
    out.hops = 1;
    Host().BroadcastQuery(out);
}

} // namespace ns3
