/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gradient-query-strategy.h"

#include "bloom-gossip-application.h"
#include "bloom-query-application.h"

#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GradientQueryStrategy");

BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(GradientQueryStrategy, GradientQueryStrategy::Registration);

TypeId
GradientQueryStrategy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GradientQueryStrategy")
                            .SetParent<BloomQueryStrategy>()
                            .SetGroupName("BloomGossip")
                            .AddConstructor<GradientQueryStrategy>();
    return tid;
}

bloom::QueryStrategyInfo
GradientQueryStrategy::Registration()
{
    bloom::QueryStrategyInfo info;
    info.code = bloom::QueryStrategy::GRADIENT;
    info.name = "gradient";
    info.help = "LBF/ABF walk";
    info.typeId = "ns3::GradientQueryStrategy";
    info.needsDistance = true;
    info.autoUse = bloom::QueryAutoUse::DISTANCE;
    info.search.backtrack = true;
    info.search.visitedList = true;
    info.search.expiredReply = true;
    info.ttlPerHop = 2;
    return info;
}

void
GradientQueryStrategy::Start(const bloom::QueryMessage& m)
{
    Continue(m);
}

void
GradientQueryStrategy::Receive(const bloom::QueryMessage& m, const Address& from)
{
    QueryStrategyHost& host = Host();
    QueryVisit* v = host.FindVisit(m.id);
    if (m.backtrack)
    {
        if (!v || !v->entered || !v->tried.count(from))
        {
            NS_LOG_LOGIC("node " << host.GetShortAddress()
                                 << " ignores a backtrack it did not cause");
            return;
        }
        Continue(m);
        return;
    }
    if ((v && v->entered) || m.id.origin == host.GetShortAddress())
    {
        // Reached again through a loop the visited list no longer shows.
        Bounce(m, from);
        return;
    }
    QueryVisit& visit = host.GetVisit(m.id);
    visit.entered = true;
    visit.prevHop = from;
    visit.hasPrev = true;
    if (host.GetGossip()->HoldsKey(bloom::Key::FromHash(m.keyHash)))
    {
        host.Deliver(m, from);
        return;
    }
    Continue(m);
}

void
GradientQueryStrategy::Continue(const bloom::QueryMessage& m)
{
    QueryStrategyHost& host = Host();
    if (!host.IsAlive())
    {
        return;
    }
    QueryVisit* v = host.FindVisit(m.id);
    if (!v)
    {
        return;
    }
    if (m.hops >= m.ttl)
    {
        ExpireTtl(m);
        return;
    }
    const bloom::Key key = bloom::Key::FromHash(m.keyHash);
    Ptr<BloomGossipApplication> gossip = host.GetGossip();
    std::vector<Address> best;
    uint32_t bestRank = std::numeric_limits<uint32_t>::max();
    for (const auto& [address, filter] : gossip->GetNeighbourFilters())
    {
        const uint16_t s = BloomQueryApplication::ShortAddressOf(address);
        if (s == m.id.origin || v->tried.count(address) || (v->hasPrev && address == v->prevHop) ||
            std::find(m.visited.begin(), m.visited.end(), s) != m.visited.end())
        {
            continue;
        }
        const auto rank = gossip->GetPolicy().GradientRank(*filter, key);
        if (!rank)
        {
            continue;
        }
        if (*rank < bestRank)
        {
            bestRank = *rank;
            best.clear();
        }
        if (*rank == bestRank)
        {
            best.push_back(address);
        }
    }
    if (best.empty())
    {
        DeadEnd(m);
        return;
    }
    const Address next =
        best.size() == 1
            ? best.front()
            : best[host.GetRandom()->GetInteger(0, static_cast<uint32_t>(best.size()) - 1)];
    v->tried.insert(next);
    bloom::QueryMessage out = m;
    out.backtrack = false;
    ++out.hops;
    host.AppendVisited(out);
    NS_LOG_LOGIC("node " << host.GetShortAddress() << " forwards query " << m.id.origin << "/"
                         << m.id.sequence << " to " << BloomQueryApplication::ShortAddressOf(next)
                         << " (rank " << bestRank << ", " << best.size() << " tied)");
    // Fallback on a lost link: the next-best neighbour (`next` is tried now).
    host.SendQuery(out, next, [this, m]() { Continue(m); });
}

void
GradientQueryStrategy::DeadEnd(const bloom::QueryMessage& m)
{
    QueryStrategyHost& host = Host();
    QueryVisit* v = host.FindVisit(m.id);
    if (m.id.origin == host.GetShortAddress())
    {
        host.Fail(m.id,
                  v && !v->tried.empty() ? bloom::QueryOutcome::EXHAUSTED
                                         : bloom::QueryOutcome::NO_GRADIENT);
        return;
    }
    if (!v || !v->hasPrev)
    {
        return;
    }
    Bounce(m, v->prevHop);
}

void
GradientQueryStrategy::Bounce(const bloom::QueryMessage& m, const Address& to)
{
    QueryStrategyHost& host = Host();
    if (m.hops >= m.ttl)
    {
        ExpireTtl(m);
        return;
    }
    bloom::QueryMessage out = m;
    out.backtrack = true;
    ++out.hops;
    host.AppendVisited(out);
    NS_LOG_LOGIC("node " << host.GetShortAddress() << " sends query " << m.id.origin << "/"
                         << m.id.sequence << " back to "
                         << BloomQueryApplication::ShortAddressOf(to));
    host.SendQuery(out, to);
}

void
GradientQueryStrategy::ExpireTtl(const bloom::QueryMessage& m)
{
    QueryStrategyHost& host = Host();
    if (m.id.origin == host.GetShortAddress())
    {
        host.Fail(m.id, bloom::QueryOutcome::TTL_EXPIRED);
        return;
    }
    QueryVisit* v = host.FindVisit(m.id);
    if (!v || !v->hasPrev)
    {
        return;
    }
    bloom::ReplyMessage r;
    r.id = m.id;
    r.keyHash = m.keyHash;
    r.strategy = m.strategy;
    r.status = bloom::ReplyStatus::TTL_EXPIRED;
    r.responder = host.GetShortAddress();
    r.queryHops = m.hops;
    r.replyHops = 1;
    host.SendReply(r, v->prevHop);
}

} // namespace ns3
