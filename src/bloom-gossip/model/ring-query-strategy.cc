/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ring-query-strategy.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RingQueryStrategy");

BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(RingQueryStrategy, RingQueryStrategy::Registration);

TypeId
RingQueryStrategy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RingQueryStrategy")
                            .SetParent<FloodQueryStrategy>()
                            .SetGroupName("BloomGossip")
                            .AddConstructor<RingQueryStrategy>();
    return tid;
}

bloom::QueryStrategyInfo
RingQueryStrategy::Registration()
{
    bloom::QueryStrategyInfo info;
    info.code = bloom::QueryStrategy::RING;
    info.name = "ring";
    info.help = "gated expanding ring";
    info.typeId = "ns3::RingQueryStrategy";
    info.autoUse = bloom::QueryAutoUse::NO_DISTANCE;
    info.search.rounds = true;
    return info;
}

void
RingQueryStrategy::Start(const bloom::QueryMessage& m)
{
    if (!OwnFilterReports(m))
    {
        return;
    }
    Search& s = m_searches[m.id.sequence];
    s.keyHash = m.keyHash;
    s.maxTtl = m.ttl;
    s.ttl = std::min(Host().GetParameters().ringFirstTtl, s.maxTtl);
    s.round = 0;
    StartRound(m.id.sequence);
}

void
RingQueryStrategy::StartRound(uint16_t sequence)
{
    auto it = m_searches.find(sequence);
    if (it == m_searches.end())
    {
        return;
    }
    Search& s = it->second;
    bloom::QueryMessage m;
    m.id = {Host().GetShortAddress(), sequence};
    m.keyHash = s.keyHash;
    m.strategy = Info().code;
    m.ttl = s.ttl;
    m.hops = 1;
    m.round = s.round;
    Host().BroadcastQuery(m);
    s.roundTimer = Simulator::Schedule(Host().GetParameters().ringHopTime * (2 * s.ttl + 1),
                                       &RingQueryStrategy::RoundTimeout,
                                       this,
                                       sequence);
}

void
RingQueryStrategy::RoundTimeout(uint16_t sequence)
{
    auto it = m_searches.find(sequence);
    if (it == m_searches.end())
    {
        return;
    }
    Search& s = it->second;
    if (s.ttl >= s.maxTtl || s.round >= bloom::kMaxRingRound)
    {
        Host().Fail({Host().GetShortAddress(), sequence}, bloom::QueryOutcome::EXHAUSTED);
        return;
    }
    s.ttl = static_cast<uint8_t>(
        std::min<uint32_t>(uint32_t{s.ttl} * Host().GetParameters().ringFactor, s.maxTtl));
    ++s.round;
    StartRound(sequence);
}

void
RingQueryStrategy::Finish(const bloom::QueryId& id)
{
    auto it = m_searches.find(id.sequence);
    if (it != m_searches.end())
    {
        it->second.roundTimer.Cancel();
        m_searches.erase(it);
    }
}

void
RingQueryStrategy::Stop()
{
    for (auto& [sequence, s] : m_searches)
    {
        s.roundTimer.Cancel();
    }
    m_searches.clear();
}

} // namespace ns3
