/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-workload.h"

#include "input-file.h"
#include "time-text.h"

#include "ns3/bloom-gossip-compat.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GossipWorkload");

NS_OBJECT_ENSURE_REGISTERED(GossipWorkload);

namespace
{

/// At most this many characters of user text are quoted in an error.
constexpr size_t kQuoteLimit = 40;

/// `text` for an error message (QuoteForMessage, shortened to kQuoteLimit).
std::string
Quote(const std::string& text)
{
    return QuoteForMessage(text, kQuoteLimit);
}

/// An integer lo..hi written in decimal digits; nothing wraps.
uint64_t
ParseField(const std::string& text, const std::string& what, uint64_t lo, uint64_t hi)
{
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    {
        throw std::invalid_argument(what + " " + Quote(text) + " is not a non-negative integer");
    }
    const std::string digits = text.substr(std::min(text.find_first_not_of('0'), text.size() - 1));
    if (digits.size() > 19 || std::stoull(digits) < lo || std::stoull(digits) > hi)
    {
        throw std::invalid_argument(what + " " + Quote(text) + " out of range " +
                                    std::to_string(lo) + ".." + std::to_string(hi));
    }
    return std::stoull(digits);
}

double
ParseTime(const std::string& text)
{
    // Exactly, a whole number of nanoseconds (time-text.h); no sign.
    if (text.empty() || text[0] == '-' || text[0] == '+')
    {
        throw std::invalid_argument("time " + Quote(text) + " is not a time >= 0 in seconds");
    }
    try
    {
        return ParseSecondsExactly(text);
    }
    catch (const std::invalid_argument& e)
    {
        throw std::invalid_argument(std::string("time ") + e.what());
    }
}

} // namespace

WorkloadEvent
WorkloadEvent::Parse(const std::string& text)
{
    const auto f = bloom::SplitList(text, ':');
    try
    {
        const std::string expected = "expected T:add:RES:NODE, T:remove:RES or T:fail:NODE";
        if (f.size() < 2)
        {
            throw std::invalid_argument(expected);
        }
        WorkloadEvent e;
        e.time = ParseTime(f[0]);
        if (f[1] == "add" && f.size() == 4)
        {
            e.kind = ADD;
            e.resource = ParseField(f[2], "resource", 1, kMaxWorkloadResource);
            e.node = static_cast<uint32_t>(ParseField(f[3], "node", 0, kMaxWorkloadNodes - 1));
        }
        else if (f[1] == "remove" && f.size() == 3)
        {
            e.kind = REMOVE;
            e.resource = ParseField(f[2], "resource", 1, kMaxWorkloadResource);
        }
        else if (f[1] == "fail" && f.size() == 3)
        {
            e.kind = FAIL;
            e.node = static_cast<uint32_t>(ParseField(f[2], "node", 0, kMaxWorkloadNodes - 1));
        }
        else
        {
            throw std::invalid_argument(expected);
        }
        return e;
    }
    catch (const std::invalid_argument& err)
    {
        throw std::invalid_argument("event " + Quote(text) + ": " + err.what());
    }
}

std::string
WorkloadEvent::ToString() const
{
    std::ostringstream os;
    os << time;
    switch (kind)
    {
    case ADD:
        os << ":add:" << resource << ":" << node;
        break;
    case REMOVE:
        os << ":remove:" << resource;
        break;
    case FAIL:
        os << ":fail:" << node;
        break;
    }
    return os.str();
}

TypeId
GossipWorkload::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GossipWorkload")
            .SetParent<Object>()
            .SetGroupName("BloomGossip")
            .AddConstructor<GossipWorkload>()
            .AddTraceSource("QueryIssued",
                            "A query is about to be issued: origin node, key number, whether the "
                            "key was never inserted, strategy.",
                            MakeTraceSourceAccessor(&GossipWorkload::m_queryIssuedTrace),
                            "ns3::GossipWorkload::QueryIssuedCallback");
    return tid;
}

GossipWorkload::GossipWorkload()
    : m_placement(CreateObject<UniformRandomVariable>()),
      m_queryDraws(CreateObject<UniformRandomVariable>())
{
}

void
GossipWorkload::DoDispose()
{
    m_gossip.clear();
    m_queries.clear();
    m_placement = nullptr;
    m_queryDraws = nullptr;
    m_warmupDraws = nullptr;
    Object::DoDispose();
}

void
GossipWorkload::SetApplications(std::vector<Ptr<BloomGossipApplication>> gossip,
                                std::vector<Ptr<BloomQueryApplication>> queries)
{
    if (!queries.empty() && queries.size() != gossip.size())
    {
        throw std::invalid_argument("GossipWorkload: one query application per node, or none");
    }
    m_gossip = std::move(gossip);
    m_queries = std::move(queries);
}

int64_t
GossipWorkload::AssignStreams(int64_t stream)
{
    m_placement->SetStream(stream);
    m_queryDraws->SetStream(stream + 1);
    m_firstStream = stream;
    if (m_warmupDraws)
    {
        m_warmupDraws->SetStream(stream + 2);
    }
    return 3;
}

void
GossipWorkload::PlaceResources(uint32_t resources, uint32_t replicas)
{
    NS_LOG_FUNCTION(this << resources << replicas);
    const auto n = static_cast<uint32_t>(m_gossip.size());
    if (n == 0)
    {
        throw std::logic_error("GossipWorkload::PlaceResources before SetApplications");
    }
    const std::vector<std::vector<uint32_t>> placement =
        DrawPlacement(m_placement, n, resources, replicas);
    // Every resource added in id order (ResourceAdded as before), each
    // holder's filter rebuilt once after them all: a rebuild per resource
    // made the placement quadratic in R.
    std::vector<bool> holds(n, false);
    for (uint64_t r = 1; r <= resources; ++r)
    {
        for (uint32_t node : placement[r - 1])
        {
            Simulator::ScheduleNow(&BloomGossipApplication::AddResourceDeferred, m_gossip[node], r);
            holds[node] = true;
        }
        m_known.push_back(r);
    }
    for (uint32_t node = 0; node < n; ++node)
    {
        if (holds[node])
        {
            Simulator::ScheduleNow(&BloomGossipApplication::CommitResources, m_gossip[node]);
        }
    }
}

void
GossipWorkload::PlaceOnePerNode()
{
    NS_LOG_FUNCTION(this);
    const auto n = static_cast<uint32_t>(m_gossip.size());
    if (n == 0)
    {
        throw std::logic_error("GossipWorkload::PlaceOnePerNode before SetApplications");
    }
    for (uint32_t node = 0; node < n; ++node)
    {
        const uint64_t r = uint64_t{node} + 1;
        Simulator::ScheduleNow(&BloomGossipApplication::AddResource, m_gossip[node], r);
        m_known.push_back(r);
    }
}

std::vector<std::vector<uint32_t>>
GossipWorkload::DrawPlacement(Ptr<UniformRandomVariable> rng,
                              uint32_t nodes,
                              uint32_t resources,
                              uint32_t replicas)
{
    std::vector<std::vector<uint32_t>> placement;
    if (nodes == 0)
    {
        return placement;
    }
    replicas = std::min(replicas, nodes);
    for (uint64_t r = 1; r <= resources; ++r)
    {
        std::vector<uint32_t> chosen;
        while (chosen.size() < replicas)
        {
            const uint32_t node = rng->GetInteger(0, nodes - 1);
            if (std::find(chosen.begin(), chosen.end(), node) == chosen.end())
            {
                chosen.push_back(node);
            }
        }
        placement.push_back(std::move(chosen));
    }
    return placement;
}

void
GossipWorkload::SetOrigins(std::vector<uint32_t> nodes)
{
    m_origins = std::move(nodes);
    std::sort(m_origins.begin(), m_origins.end());
}

void
GossipWorkload::ScheduleEvents(const std::vector<WorkloadEvent>& events)
{
    const auto n = static_cast<uint32_t>(m_gossip.size());
    for (const WorkloadEvent& e : events)
    {
        if (e.kind != WorkloadEvent::REMOVE && e.node >= n)
        {
            throw std::invalid_argument("event '" + e.ToString() + "': node " +
                                        std::to_string(e.node) + " out of range 0.." +
                                        std::to_string(n - 1));
        }
    }
    // Events that would change nothing, replayed in time order (at one time
    // in the order given, as the simulator runs them): a removal must find
    // its resource held (placed, or added before, and not removed since), a
    // node fails once.
    std::vector<const WorkloadEvent*> inTime;
    for (const WorkloadEvent& e : events)
    {
        inTime.push_back(&e);
    }
    std::stable_sort(
        inTime.begin(),
        inTime.end(),
        [](const WorkloadEvent* a, const WorkloadEvent* b) { return a->time < b->time; });
    std::set<uint64_t> held(m_known.begin(), m_known.end()); // placed at 0 s
    std::map<uint32_t, const WorkloadEvent*> failed;
    for (const WorkloadEvent* e : inTime)
    {
        switch (e->kind)
        {
        case WorkloadEvent::ADD:
            held.insert(e->resource);
            break;
        case WorkloadEvent::REMOVE:
            if (held.erase(e->resource) == 0)
            {
                throw std::invalid_argument(
                    "event '" + e->ToString() + "': no node holds resource " +
                    std::to_string(e->resource) +
                    " then (never placed or added before, or removed already), so it would "
                    "change nothing");
            }
            break;
        case WorkloadEvent::FAIL:
            if (!failed.emplace(e->node, e).second)
            {
                throw std::invalid_argument("event '" + e->ToString() + "': node " +
                                            std::to_string(e->node) + " fails already at '" +
                                            failed[e->node]->ToString() +
                                            "', so it would change nothing");
            }
            break;
        }
    }
    for (const WorkloadEvent& e : events)
    {
        switch (e.kind)
        {
        case WorkloadEvent::ADD:
            Simulator::Schedule(Seconds(e.time),
                                &BloomGossipApplication::AddResource,
                                m_gossip[e.node],
                                e.resource);
            if (std::find(m_known.begin(), m_known.end(), e.resource) == m_known.end())
            {
                m_known.push_back(e.resource);
            }
            break;
        case WorkloadEvent::REMOVE:
            for (uint32_t node = 0; node < n; ++node)
            {
                // One event per node, as the holders are known only then.
                bloom::ScheduleCall(Seconds(e.time), [this, node, resource = e.resource]() {
                    if (m_gossip[node]->HasResource(resource))
                    {
                        m_gossip[node]->RemoveResource(resource);
                    }
                });
            }
            break;
        case WorkloadEvent::FAIL:
            Simulator::Schedule(Seconds(e.time), &BloomGossipApplication::Fail, m_gossip[e.node]);
            break;
        }
    }
}

void
GossipWorkload::ScheduleQueries(const QueryPlan& plan)
{
    if (plan.draws == 0 || plan.strategies.empty())
    {
        return;
    }
    if (m_queries.empty())
    {
        throw std::logic_error("GossipWorkload::ScheduleQueries without query applications");
    }
    m_plan = plan;
    if (plan.warmup > 0 && !plan.warmupStrategies.empty())
    {
        // Own stream: the measured draws are those of a run without warm-up.
        if (!m_warmupDraws)
        {
            m_warmupDraws = CreateObject<UniformRandomVariable>();
            if (m_firstStream >= 0)
            {
                m_warmupDraws->SetStream(m_firstStream + 2);
            }
        }
        m_warmups.assign(plan.warmup, Draw{});
        const size_t ws = plan.warmupStrategies.size();
        const size_t warmups = static_cast<size_t>(plan.warmup) * ws;
        for (size_t j = 0; j < warmups; ++j)
        {
            Simulator::Schedule(Seconds(plan.warmupStart + j * plan.interval),
                                &GossipWorkload::IssueWarmup,
                                this,
                                static_cast<uint32_t>(j / ws),
                                j % ws == 0,
                                plan.warmupStrategies[j % ws]);
        }
    }
    m_draws.assign(plan.draws, Draw{});
    const size_t strategies = plan.strategies.size();
    const size_t count = static_cast<size_t>(plan.draws) * strategies;
    for (size_t j = 0; j < count; ++j)
    {
        const auto draw = static_cast<uint32_t>(j / strategies);
        Simulator::Schedule(Seconds(plan.start + j * plan.interval),
                            &GossipWorkload::IssueQuery,
                            this,
                            draw,
                            j % strategies == 0,
                            plan.strategies[j % strategies]);
    }
}

GossipWorkload::Draw
GossipWorkload::MakeDraw(uint32_t i, double absentShare, const Ptr<UniformRandomVariable>& rng)
{
    Draw d;
    const auto n = static_cast<uint32_t>(m_gossip.size());
    std::vector<uint32_t> live;
    std::vector<uint32_t> from; // live origins (SetOrigins)
    for (uint32_t node = 0; node < n; ++node)
    {
        if (!m_gossip[node]->IsFailed())
        {
            live.push_back(node);
            if (m_origins.empty() || std::binary_search(m_origins.begin(), m_origins.end(), node))
            {
                from.push_back(node);
            }
        }
    }
    if (from.empty())
    {
        return d;
    }
    d.valid = true;
    d.absent = rng->GetValue(0.0, 1.0) < absentShare;
    std::vector<uint64_t> present;
    if (!d.absent)
    {
        for (uint64_t r : m_known)
        {
            if (std::any_of(live.begin(), live.end(), [this, r](uint32_t node) {
                    return m_gossip[node]->HasResource(r);
                }))
            {
                present.push_back(r);
            }
        }
        d.absent = present.empty();
    }
    const auto pick = [&rng](const std::vector<uint32_t>& nodes) {
        return nodes[rng->GetInteger(0, static_cast<uint32_t>(nodes.size()) - 1)];
    };
    if (d.absent)
    {
        d.key = kAbsentKeyBase + i;
        d.origin = pick(from);
        return d;
    }
    d.key = present[rng->GetInteger(0, static_cast<uint32_t>(present.size()) - 1)];
    std::vector<uint32_t> origins;
    for (uint32_t node : from)
    {
        if (!m_gossip[node]->HasResource(d.key))
        {
            origins.push_back(node);
        }
    }
    d.origin = pick(origins.empty() ? from : origins); // every origin may hold it
    return d;
}

void
GossipWorkload::IssueWarmup(uint32_t draw, bool first, bloom::QueryStrategy strategy)
{
    Draw& d = m_warmups[draw];
    if (first)
    {
        d = MakeDraw(draw, m_plan.absentShare, m_warmupDraws);
    }
    if (!d.valid)
    {
        return;
    }
    NS_LOG_INFO("warm-up query " << draw << " " << bloom::ToString(strategy) << ": node "
                                 << d.origin << " asks for " << d.key);
    // Not announced: QueryMetrics and the walks never see it.
    m_queries[d.origin]->Query(bloom::Key::FromId(d.key),
                               strategy,
                               m_plan.ttl ? m_plan.ttl(strategy) : 0);
}

void
GossipWorkload::IssueQuery(uint32_t draw, bool first, bloom::QueryStrategy strategy)
{
    Draw& d = m_draws[draw];
    if (first)
    {
        d = MakeDraw(draw, m_plan.absentShare, m_queryDraws);
    }
    if (!d.valid)
    {
        return;
    }
    NS_LOG_INFO("query " << draw << " " << bloom::ToString(strategy) << ": node " << d.origin
                         << " asks for " << d.key);
    m_queryIssuedTrace(d.origin, d.key, d.absent, strategy);
    m_queries[d.origin]->Query(bloom::Key::FromId(d.key),
                               strategy,
                               m_plan.ttl ? m_plan.ttl(strategy) : 0);
}

} // namespace ns3
