/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "query-metrics.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/message-type.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <cmath>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("QueryMetrics");

double
QueryRecord::Stretch() const
{
    if (!delivered || trueHops == 0 || trueHops == kUnreachable)
    {
        return std::nan("");
    }
    return static_cast<double>(hopsTaken) / trueHops;
}

QuerySummary
SummariseQueries(const std::vector<QueryRecord>& records, bloom::QueryStrategy strategy)
{
    QuerySummary s;
    s.strategy = strategy;
    std::vector<double> latencies;
    std::vector<double> rtts;
    double stretchSum = 0;
    uint64_t stretchN = 0;
    uint64_t answered = 0;
    uint64_t delivered = 0;
    uint64_t frames = 0;
    uint64_t airBytes = 0;
    uint64_t absentFrames = 0;
    for (const QueryRecord& r : records)
    {
        if (r.strategy != strategy)
        {
            continue;
        }
        ++s.queries;
        if (r.absent)
        {
            ++s.absent;
            absentFrames += r.frames;
            continue;
        }
        if (r.trueHops == kUnreachable)
        {
            continue;
        }
        ++s.reachable;
        frames += r.frames;
        airBytes += r.airBytes;
        if (r.delivered)
        {
            ++delivered;
            latencies.push_back(r.latencyToHolder);
            const double st = r.Stretch();
            if (std::isfinite(st))
            {
                stretchSum += st;
                ++stretchN;
            }
        }
        if (r.success)
        {
            ++answered;
            rtts.push_back(r.roundTrip);
        }
    }
    const double nan = std::nan("");
    s.success = s.reachable ? static_cast<double>(answered) / s.reachable : nan;
    s.delivered = s.reachable ? static_cast<double>(delivered) / s.reachable : nan;
    s.latencyMedian = Quantile(latencies, 0.5);
    s.latencyP95 = Quantile(latencies, 0.95);
    s.rttMedian = Quantile(rtts, 0.5);
    s.stretch = stretchN ? stretchSum / stretchN : nan;
    s.frames = s.reachable ? static_cast<double>(frames) / s.reachable : nan;
    s.airBytes = s.reachable ? static_cast<double>(airBytes) / s.reachable : nan;
    s.absentFrames = s.absent ? static_cast<double>(absentFrames) / s.absent : nan;
    return s;
}

QueryMetrics::QueryMetrics(std::vector<Ptr<BloomQueryApplication>> apps, const GossipMetrics& truth)
    : m_apps(std::move(apps)),
      m_truth(truth)
{
    NS_LOG_FUNCTION(this << m_apps.size());
    for (uint32_t i = 0; i < m_apps.size(); ++i)
    {
        Ptr<BloomQueryApplication> app = m_apps[i];
        app->TraceConnectWithoutContext("QuerySent", MakeCallback(&QueryMetrics::OnSent, this));
        app->TraceConnectWithoutContext("QueryForwarded",
                                        MakeBoundCallback(&QueryMetrics::OnForwarded, this, i));
        app->TraceConnectWithoutContext("QueryDelivered",
                                        MakeBoundCallback(&QueryMetrics::OnDelivered, this, i));
        app->TraceConnectWithoutContext("QueryFailed", MakeCallback(&QueryMetrics::OnFailed, this));
        app->TraceConnectWithoutContext("ReplyReceived",
                                        MakeCallback(&QueryMetrics::OnReply, this));
        app->TraceConnectWithoutContext("FrameSent", MakeCallback(&QueryMetrics::OnFrame, this));
    }
}

void
QueryMetrics::TrackDevices(const NetDeviceContainer& devices)
{
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        PointerValue mac;
        // Bytes a frame adds to its payload: lr-wpan's SHR and PHR (its MacTx
        // packet carries the MAC header); 802.11's MAC header (24), LLC/SNAP
        // (8) and FCS (4) (its MacTx packet is the payload).
        m_frameOverhead =
            (*it)->GetInstanceTypeId().GetName() == "ns3::WifiNetDevice" ? 24 + 8 + 4 : 6;
        if ((*it)->GetAttributeFailSafe("Mac", mac) && mac.Get<Object>() &&
            mac.Get<Object>()->TraceConnectWithoutContext(
                "MacTx",
                MakeCallback(&QueryMetrics::OnMacTx, this)))
        {
            m_macTracked = true;
        }
    }
}

void
QueryMetrics::TrackWorkload(Ptr<GossipWorkload> workload)
{
    workload->TraceConnectWithoutContext("QueryIssued",
                                         MakeCallback(&QueryMetrics::OnIssued, this));
}

void
QueryMetrics::OnIssued(uint32_t origin, uint64_t key, bool absent, bloom::QueryStrategy strategy)
{
    NS_LOG_FUNCTION(this << origin << key << absent << bloom::ToString(strategy));
    NS_ABORT_MSG_UNLESS(origin < m_apps.size(), "QueryMetrics: no node " << origin);
    QueryRecord r;
    r.index = static_cast<uint32_t>(m_records.size());
    r.strategy = strategy;
    r.origin = origin;
    r.key = key;
    r.absent = absent;
    r.trueHops = absent ? kUnreachable : m_truth.TrueDistance(origin, key);
    r.issued = Simulator::Now().GetSeconds();
    m_records.push_back(r);
    m_issuing = m_records.size() - 1; // the origin's QuerySent follows at once
    if (m_observer)
    {
        m_observer->QueryIssued(m_records.back());
    }
}

void
QueryMetrics::Finish(Time end)
{
    NS_LOG_FUNCTION(this << end);
    for (QueryRecord& q : m_records)
    {
        TimeValue timeout;
        m_apps[q.origin]->GetAttribute("QueryTimeout", timeout);
        if (q.outcome == bloom::QueryOutcome::PENDING &&
            q.issued + timeout.Get().GetSeconds() <= end.GetSeconds() + 1e-9)
        {
            q.outcome = bloom::QueryOutcome::TIMEOUT;
        }
    }
}

QueryRecord*
QueryMetrics::Find(const bloom::QueryId& id)
{
    auto it = m_byId.find(id);
    return it == m_byId.end() ? nullptr : &m_records[it->second];
}

void
QueryMetrics::OnSent(const bloom::QueryId& id, uint64_t, bloom::QueryStrategy)
{
    if (m_issuing != SIZE_MAX)
    {
        m_byId[id] = m_issuing;
        m_issuing = SIZE_MAX;
    }
}

void
QueryMetrics::OnForwarded(QueryMetrics* self,
                          uint32_t node,
                          const bloom::QueryId& id,
                          uint8_t hops,
                          bool backtrack)
{
    QueryRecord* r = self->Find(id);
    if (r && self->m_observer)
    {
        self->m_observer->QueryForwarded(*r, node, hops, backtrack);
    }
}

void
QueryMetrics::OnDelivered(QueryMetrics* self, uint32_t node, const bloom::QueryId& id, uint8_t hops)
{
    QueryRecord* r = self->Find(id);
    if (!r)
    {
        return;
    }
    ++r->holdersReached;
    if (!r->delivered)
    {
        r->delivered = true;
        r->latencyToHolder = Simulator::Now().GetSeconds() - r->issued;
        r->hopsTaken = hops;
    }
    if (self->m_observer)
    {
        self->m_observer->QueryDelivered(*r, node, hops);
    }
}

void
QueryMetrics::OnFailed(const bloom::QueryId& id, bloom::QueryOutcome outcome)
{
    if (QueryRecord* r = Find(id))
    {
        r->outcome = outcome;
    }
}

void
QueryMetrics::OnReply(const bloom::QueryId& id, uint16_t, uint8_t queryHops, uint8_t)
{
    if (QueryRecord* r = Find(id))
    {
        r->success = true;
        r->successHops = queryHops;
        r->roundTrip = Simulator::Now().GetSeconds() - r->issued;
        r->outcome = bloom::QueryOutcome::FOUND;
    }
}

void
QueryMetrics::CountFrame(QueryRecord& r, FrameKind kind, uint64_t airBytes)
{
    ++r.frames;
    r.airBytes += airBytes;
    switch (kind)
    {
    case FrameKind::SEARCH:
        ++r.searchFrames;
        break;
    case FrameKind::CANCEL:
        ++r.cancelFrames;
        break;
    case FrameKind::ANSWER:
        ++r.answerFrames;
        break;
    }
}

namespace
{

/// \param type a message type \return whether it is a strategy's own answer
///         (QuerySearchShape::messageAnswers, e.g. blind-flood's answers along the route)
bool
OwnAnswerType(uint8_t type)
{
    const bloom::QueryStrategyInfo* owner = bloom::FindQueryStrategyByMessageType(type);
    return owner && owner->search.messageAnswers;
}

} // namespace

void
QueryMetrics::OnFrame(const bloom::QueryId& id, Ptr<const Packet> packet)
{
    auto it = m_byId.find(id);
    if (it == m_byId.end())
    {
        return;
    }
    uint8_t head[2] = {0, 0};
    packet->CopyData(head, 2);
    const std::optional<uint8_t> type = bloom::PeekMessageType(head, packet->GetSize());
    FrameKind kind = FrameKind::CANCEL;
    if (type == static_cast<uint8_t>(bloom::MessageType::QUERY))
    {
        kind = FrameKind::SEARCH;
    }
    else if (type == static_cast<uint8_t>(bloom::MessageType::REPLY) ||
             OwnAnswerType(type.value_or(0)))
    {
        kind = FrameKind::ANSWER;
    }
    if (m_macTracked)
    {
        m_byUid[packet->GetUid()] = {it->second, kind};
    }
    else
    {
        CountFrame(m_records[it->second], kind, packet->GetSize() + 17);
    }
}

void
QueryMetrics::OnMacTx(Ptr<const Packet> packet)
{
    auto it = m_byUid.find(packet->GetUid());
    if (it != m_byUid.end())
    {
        CountFrame(m_records[it->second.first],
                   it->second.second,
                   packet->GetSize() + m_frameOverhead);
    }
}

} // namespace ns3
