/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-query-application.h"

#include "bloom-gossip-compat.h"
#include "duty-cycle-scheduler.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/mac16-address.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BloomQueryApplication");

NS_OBJECT_ENSURE_REGISTERED(BloomQueryApplication);

TypeId
BloomQueryApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BloomQueryApplication")
            .SetParent<Application>()
            .SetGroupName("BloomGossip")
            .AddConstructor<BloomQueryApplication>()
            .AddAttribute(
                "Strategy",
                "Strategy of Query(id): gradient (LBF/ABF walk), flood (gated by the "
                "origin's filter), ring (gated expanding ring), blind-flood (no filter).",
                EnumValue(bloom::compat::AsEnumValue(bloom::QueryStrategy::GRADIENT)),
                BLOOM_GOSSIP_ENUM_ACCESSOR(bloom::QueryStrategy,
                                           &BloomQueryApplication::m_strategy),
                MakeEnumChecker(bloom::compat::AsEnumValue(bloom::QueryStrategy::GRADIENT),
                                "gradient",
                                bloom::compat::AsEnumValue(bloom::QueryStrategy::FLOOD),
                                "flood",
                                bloom::compat::AsEnumValue(bloom::QueryStrategy::RING),
                                "ring",
                                bloom::compat::AsEnumValue(bloom::QueryStrategy::BLIND_FLOOD),
                                "blind-flood"))
            .AddAttribute("Ttl",
                          "Most transmissions of a query: gradient walk length (forwards and "
                          "backtracks), flood scope in hops, largest expanding ring.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&BloomQueryApplication::m_ttl),
                          MakeUintegerChecker<uint8_t>(1))
            .AddAttribute("MaxVisited",
                          "Gradient: most entries of the visited list carried by a query "
                          "(oldest dropped first; also limited by the device MTU).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&BloomQueryApplication::m_maxVisited),
                          MakeUintegerChecker<uint32_t>(0, 255))
            .AddAttribute("LinkRetries",
                          "Re-sends of a unicast frame the MAC dropped (after its own retries) "
                          "before the next hop counts as lost.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&BloomQueryApplication::m_linkRetries),
                          MakeUintegerChecker<uint32_t>(0, 16))
            .AddAttribute("HopTimeout",
                          "A unicast frame without MAC confirmation (ACK or drop) after this "
                          "long counts as lost (gradient: try the next-best neighbour).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&BloomQueryApplication::m_hopTimeout),
                          MakeTimeChecker(MicroSeconds(1)))
            .AddAttribute("QueryTimeout",
                          "The origin reports a query without answer as failed (timeout) "
                          "after this long.",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&BloomQueryApplication::m_queryTimeout),
                          MakeTimeChecker(MilliSeconds(1), Seconds(1e7)))
            .AddAttribute("FloodJitter",
                          "Floods: a node rebroadcasts after a uniform delay in [0, FloodJitter]; "
                          "also the delay before a link-level re-send.",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&BloomQueryApplication::m_floodJitter),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("RingFirstTtl",
                          "Expanding ring: TTL of the first round.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BloomQueryApplication::m_ringFirstTtl),
                          MakeUintegerChecker<uint8_t>(1))
            .AddAttribute("RingFactor",
                          "Expanding ring: TTL multiplier between rounds.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&BloomQueryApplication::m_ringFactor),
                          MakeUintegerChecker<uint32_t>(2, 16))
            .AddAttribute("RingHopTime",
                          "Expanding ring: a round of TTL t waits (2 t + 1) RingHopTime for a "
                          "reply.",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&BloomQueryApplication::m_ringHopTime),
                          MakeTimeChecker(MicroSeconds(1)))
            .AddAttribute("DeviceIndex",
                          "Index of the node's NetDevice used for queries.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&BloomQueryApplication::m_deviceIndex),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("QuerySent",
                            "A query was issued here: id, key hash, strategy.",
                            MakeTraceSourceAccessor(&BloomQueryApplication::m_sentTrace),
                            "ns3::BloomQueryApplication::QuerySentCallback")
            .AddTraceSource("QueryForwarded",
                            "This node sent a query frame: id, hops incl. this one, backtrack.",
                            MakeTraceSourceAccessor(&BloomQueryApplication::m_forwardedTrace),
                            "ns3::BloomQueryApplication::QueryForwardedCallback")
            .AddTraceSource("QueryDelivered",
                            "A query reached this holder (first copy): id, hops.",
                            MakeTraceSourceAccessor(&BloomQueryApplication::m_deliveredTrace),
                            "ns3::BloomQueryApplication::QueryDeliveredCallback")
            .AddTraceSource("QueryFailed",
                            "A query issued here failed: id, outcome (filter-absent, "
                            "no-gradient, exhausted, ttl-expired, timeout).",
                            MakeTraceSourceAccessor(&BloomQueryApplication::m_failedTrace),
                            "ns3::BloomQueryApplication::QueryFailedCallback")
            .AddTraceSource("ReplyReceived",
                            "First answer to a query issued here: id, holder, query hops, "
                            "reply hops.",
                            MakeTraceSourceAccessor(&BloomQueryApplication::m_replyTrace),
                            "ns3::BloomQueryApplication::ReplyReceivedCallback")
            .AddTraceSource("FrameSent",
                            "A query or reply frame was handed to the device: id, packet.",
                            MakeTraceSourceAccessor(&BloomQueryApplication::m_frameTrace),
                            "ns3::BloomQueryApplication::FrameSentCallback")
            .AddTraceSource("MalformedDropped",
                            "A query or reply frame that does not decode was dropped.",
                            MakeTraceSourceAccessor(&BloomQueryApplication::m_malformedTrace),
                            "ns3::BloomQueryApplication::MalformedDroppedCallback");
    return tid;
}

BloomQueryApplication::BloomQueryApplication()
    : m_rng(CreateObject<UniformRandomVariable>()),
      m_address(0),
      m_sequence(0),
      m_visitedCap(0),
      m_running(false)
{
}

BloomQueryApplication::~BloomQueryApplication() = default;

void
BloomQueryApplication::DoDispose()
{
    StopApplication();
    m_device = nullptr;
    m_scheduler = nullptr;
    m_mac = nullptr;
    m_gossip = nullptr;
    m_rng = nullptr;
    Application::DoDispose();
}

int64_t
BloomQueryApplication::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

uint16_t
BloomQueryApplication::ShortAddressOf(const Address& address)
{
    uint8_t buf[Address::MAX_SIZE];
    const uint32_t len = address.CopyTo(buf);
    NS_ABORT_MSG_IF(len < 2, "BloomQueryApplication: address " << address << " too short");
    return static_cast<uint16_t>((buf[len - 2] << 8) | buf[len - 1]);
}

uint16_t
BloomQueryApplication::GetShortAddress() const
{
    return m_address;
}

Ptr<BloomGossipApplication>
BloomQueryApplication::GetGossip() const
{
    return m_gossip;
}

void
BloomQueryApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetNode();
    NS_ABORT_MSG_UNLESS(m_deviceIndex < node->GetNDevices(),
                        "BloomQueryApplication: node " << node->GetId() << " has no device "
                                                       << m_deviceIndex);
    m_device = node->GetDevice(m_deviceIndex);
    m_scheduler = node->GetObject<DutyCycleScheduler>();
    for (uint32_t i = 0; i < node->GetNApplications() && !m_gossip; ++i)
    {
        m_gossip = DynamicCast<BloomGossipApplication>(node->GetApplication(i));
    }
    NS_ABORT_MSG_UNLESS(m_gossip,
                        "BloomQueryApplication: node " << node->GetId()
                                                       << " has no BloomGossipApplication");
    // Gradients need neighbour entries keyed by link-layer addresses.
    NS_ABORT_MSG_UNLESS(m_gossip->GetTransport() == BloomGossipApplication::LINK_LAYER,
                        "BloomQueryApplication: needs link-layer gossip (Transport link-layer)");
    m_address = ShortAddressOf(m_device->GetAddress());
    m_visitedCap = std::min<size_t>(m_maxVisited, bloom::MaxVisitedEntries(m_device->GetMtu()));
    node->RegisterProtocolHandler(MakeCallback(&BloomQueryApplication::ReceiveFromDevice, this),
                                  0,
                                  m_device,
                                  false);
    PointerValue mac;
    if (m_device->GetAttributeFailSafe("Mac", mac) && mac.Get<Object>())
    {
        m_mac = mac.Get<Object>();
        m_mac->TraceConnectWithoutContext("MacTxOk",
                                          MakeCallback(&BloomQueryApplication::OnMacTxOk, this));
        m_mac->TraceConnectWithoutContext("MacTxDrop",
                                          MakeCallback(&BloomQueryApplication::OnMacTxDrop, this));
    }
    m_running = true;
}

void
BloomQueryApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_running && m_device)
    {
        GetNode()->UnregisterProtocolHandler(
            MakeCallback(&BloomQueryApplication::ReceiveFromDevice, this));
    }
    m_running = false;
    if (m_mac)
    {
        m_mac->TraceDisconnectWithoutContext("MacTxOk",
                                             MakeCallback(&BloomQueryApplication::OnMacTxOk, this));
        m_mac->TraceDisconnectWithoutContext(
            "MacTxDrop",
            MakeCallback(&BloomQueryApplication::OnMacTxDrop, this));
        m_mac = nullptr;
    }
    for (auto& [seq, p] : m_pending)
    {
        p.timeout.Cancel();
        p.roundTimer.Cancel();
    }
    m_pending.clear();
    for (auto& [uid, u] : m_unconfirmed)
    {
        u.guard.Cancel();
    }
    m_unconfirmed.clear();
    for (EventId& e : m_events)
    {
        e.Cancel();
    }
    m_events.clear();
    m_visits.clear();
}

bool
BloomQueryApplication::IsAlive() const
{
    return m_running && m_gossip && !m_gossip->IsFailed();
}

bool
BloomQueryApplication::IsOrigin(const bloom::QueryId& id) const
{
    return id.origin == m_address;
}

// ------------------------------------------------------------------ origin

bloom::QueryId
BloomQueryApplication::Query(uint64_t id)
{
    return Query(bloom::Key::FromId(id), static_cast<bloom::QueryStrategy>(m_strategy));
}

bloom::QueryId
BloomQueryApplication::Query(const bloom::Key& key, bloom::QueryStrategy strategy, uint8_t ttl)
{
    NS_ABORT_MSG_UNLESS(m_running, "BloomQueryApplication::Query before start or after stop");
    const bloom::QueryId id{m_address, m_sequence++};
    NS_LOG_FUNCTION(this << id.sequence << key.GetHash() << bloom::ToString(strategy));
    const bloom::FilterPolicy& policy = m_gossip->GetPolicy();
    NS_ABORT_MSG_IF(strategy == bloom::QueryStrategy::GRADIENT && !policy.HasDistance(),
                    "BloomQueryApplication: gradient queries need LBF or ABF gossip, not "
                        << policy.Describe());
    m_sentTrace(id, key.GetHash(), strategy);
    Pending& p = m_pending[id.sequence];
    p.key = key;
    p.strategy = strategy;
    p.maxTtl = ttl > 0 ? ttl : m_ttl;
    p.timeout = bloom::ScheduleCall(m_queryTimeout,
                                    [this, id]() { Fail(id, bloom::QueryOutcome::TIMEOUT); });

    PurgeVisits();
    Visit& v = GetVisit(id);
    v.entered = true;
    v.lastRound = std::numeric_limits<int>::max(); // own floods are never relayed here
    if (m_gossip->IsFailed())
    {
        Fail(id, bloom::QueryOutcome::ORIGIN_FAILED); // a crashed node cannot search
        return id;
    }
    if (m_gossip->HoldsKey(key))
    {
        v.delivered = true;
        m_deliveredTrace(id, 0);
        bloom::ReplyMessage self;
        self.id = id;
        self.keyHash = key.GetHash();
        self.strategy = strategy;
        self.responder = m_address;
        self.queryHops = 0;
        self.replyHops = 1;
        Succeed(self);
        return id;
    }
    const bool gated =
        strategy == bloom::QueryStrategy::FLOOD || strategy == bloom::QueryStrategy::RING;
    if (gated && !policy.Contains(m_gossip->GetAdvertisedFilter(), key))
    {
        Fail(id, bloom::QueryOutcome::FILTER_ABSENT);
        return id;
    }
    bloom::QueryMessage m;
    m.id = id;
    m.keyHash = key.GetHash();
    m.strategy = strategy;
    m.ttl = p.maxTtl;
    switch (strategy)
    {
    case bloom::QueryStrategy::GRADIENT:
        ContinueGradient(m);
        break;
    case bloom::QueryStrategy::FLOOD:
    case bloom::QueryStrategy::BLIND_FLOOD:
        m.hops = 1;
        BroadcastQuery(m);
        break;
    case bloom::QueryStrategy::RING:
        p.ttl = std::min(m_ringFirstTtl, p.maxTtl);
        p.round = 0;
        StartRound(id.sequence);
        break;
    }
    return id;
}

void
BloomQueryApplication::StartRound(uint16_t sequence)
{
    auto it = m_pending.find(sequence);
    if (it == m_pending.end())
    {
        return;
    }
    Pending& p = it->second;
    bloom::QueryMessage m;
    m.id = {m_address, sequence};
    m.keyHash = p.key.GetHash();
    m.strategy = bloom::QueryStrategy::RING;
    m.ttl = p.ttl;
    m.hops = 1;
    m.round = p.round;
    BroadcastQuery(m);
    p.roundTimer = Simulator::Schedule(m_ringHopTime * (2 * p.ttl + 1),
                                       &BloomQueryApplication::RoundTimeout,
                                       this,
                                       sequence);
}

void
BloomQueryApplication::RoundTimeout(uint16_t sequence)
{
    auto it = m_pending.find(sequence);
    if (it == m_pending.end())
    {
        return;
    }
    Pending& p = it->second;
    if (p.ttl >= p.maxTtl || p.round >= bloom::kMaxRingRound)
    {
        Fail({m_address, sequence}, bloom::QueryOutcome::EXHAUSTED);
        return;
    }
    p.ttl = static_cast<uint8_t>(std::min<uint32_t>(uint32_t{p.ttl} * m_ringFactor, p.maxTtl));
    ++p.round;
    StartRound(sequence);
}

void
BloomQueryApplication::Succeed(const bloom::ReplyMessage& r)
{
    auto it = m_pending.find(r.id.sequence);
    if (it == m_pending.end())
    {
        return; // already answered or given up
    }
    it->second.timeout.Cancel();
    it->second.roundTimer.Cancel();
    m_pending.erase(it);
    NS_LOG_INFO("node " << m_address << " query " << r.id.sequence << " answered by " << r.responder
                        << " after " << int{r.queryHops} << "+" << int{r.replyHops} << " hops");
    m_replyTrace(r.id, r.responder, r.queryHops, r.replyHops);
}

void
BloomQueryApplication::Fail(const bloom::QueryId& id, bloom::QueryOutcome outcome)
{
    auto it = m_pending.find(id.sequence);
    if (it == m_pending.end())
    {
        return;
    }
    it->second.timeout.Cancel();
    it->second.roundTimer.Cancel();
    m_pending.erase(it);
    NS_LOG_INFO("node " << m_address << " query " << id.sequence
                        << " failed: " << bloom::ToString(outcome));
    m_failedTrace(id, outcome);
}

// --------------------------------------------------------------- receiving

void
BloomQueryApplication::ReceiveFromDevice(Ptr<NetDevice>,
                                         Ptr<const Packet> packet,
                                         uint16_t protocol,
                                         const Address& from,
                                         const Address&,
                                         NetDevice::PacketType)
{
    if ((protocol != 0 && protocol != bloom::kGossipProtocol) || !IsAlive())
    {
        return;
    }
    const uint32_t size = packet->GetSize();
    if (size < 2)
    {
        return;
    }
    std::vector<uint8_t> bytes(size);
    packet->CopyData(bytes.data(), size);
    const auto type = bloom::PeekMessageType(bytes.data(), size);
    try
    {
        if (type == static_cast<uint8_t>(bloom::MessageType::QUERY))
        {
            HandleQuery(bloom::DecodeQuery(bytes.data(), size), from);
        }
        else if (type == static_cast<uint8_t>(bloom::MessageType::REPLY))
        {
            HandleReply(bloom::DecodeReply(bytes.data(), size), from);
        }
        // Anything else (advertisements, 6LoWPAN) is not ours.
    }
    catch (const bloom::DecodeError& e)
    {
        NS_LOG_WARN("node " << m_address << " dropped a malformed query frame: " << e.what());
        m_malformedTrace(packet, e.what());
    }
}

void
BloomQueryApplication::HandleQuery(const bloom::QueryMessage& m, const Address& from)
{
    PurgeVisits();
    if (m.strategy == bloom::QueryStrategy::GRADIENT)
    {
        HandleGradient(m, from);
    }
    else
    {
        HandleFlood(m, from);
    }
}

void
BloomQueryApplication::HandleGradient(const bloom::QueryMessage& m, const Address& from)
{
    Visit* v = FindVisit(m.id);
    if (m.backtrack)
    {
        if (!v || !v->entered || !v->tried.count(from))
        {
            NS_LOG_LOGIC("node " << m_address << " ignores a backtrack it did not cause");
            return;
        }
        ContinueGradient(m);
        return;
    }
    if ((v && v->entered) || IsOrigin(m.id))
    {
        // Reached again through a loop the visited list no longer shows.
        Bounce(m, from);
        return;
    }
    Visit& visit = GetVisit(m.id);
    visit.entered = true;
    visit.prevHop = from;
    visit.hasPrev = true;
    if (m_gossip->HoldsKey(bloom::Key::FromHash(m.keyHash)))
    {
        Deliver(m, from);
        return;
    }
    ContinueGradient(m);
}

void
BloomQueryApplication::HandleFlood(const bloom::QueryMessage& m, const Address& from)
{
    if (IsOrigin(m.id))
    {
        return; // our own flood, heard back
    }
    Visit& v = GetVisit(m.id);
    if (v.lastRound >= static_cast<int>(m.round))
    {
        return; // duplicate
    }
    v.lastRound = m.round;
    v.entered = true;
    v.prevHop = from;
    v.hasPrev = true;
    if (m_gossip->HoldsKey(bloom::Key::FromHash(m.keyHash)))
    {
        Deliver(m, from);
    }
    if (m.hops < m.ttl)
    {
        bloom::QueryMessage out = m;
        ++out.hops;
        const Time delay = Seconds(m_rng->GetValue(0.0, m_floodJitter.GetSeconds()));
        Keep(bloom::ScheduleCall(delay, [this, out]() {
            if (IsAlive())
            {
                BroadcastQuery(out);
            }
        }));
    }
}

void
BloomQueryApplication::Deliver(const bloom::QueryMessage& m, const Address& to)
{
    Visit& v = GetVisit(m.id);
    if (!v.delivered)
    {
        v.delivered = true;
        NS_LOG_INFO("node " << m_address << " holds the key of query " << m.id.origin << "/"
                            << m.id.sequence << " (" << int{m.hops} << " hops)");
        m_deliveredTrace(m.id, m.hops);
    }
    bloom::ReplyMessage r;
    r.id = m.id;
    r.keyHash = m.keyHash;
    r.strategy = m.strategy;
    r.status = bloom::ReplyStatus::FOUND;
    r.responder = m_address;
    r.queryHops = m.hops;
    r.replyHops = 1;
    r.round = m.round;
    SendReply(r, to);
}

void
BloomQueryApplication::HandleReply(const bloom::ReplyMessage& r, const Address&)
{
    if (IsOrigin(r.id))
    {
        if (r.status == bloom::ReplyStatus::FOUND)
        {
            Succeed(r);
        }
        else
        {
            Fail(r.id, bloom::QueryOutcome::TTL_EXPIRED);
        }
        return;
    }
    Visit* v = FindVisit(r.id);
    if (!v || !v->hasPrev)
    {
        NS_LOG_LOGIC("node " << m_address << " has no reverse path for a reply");
        return;
    }
    if (r.replyHops == std::numeric_limits<uint8_t>::max())
    {
        return;
    }
    bloom::ReplyMessage out = r;
    ++out.replyHops;
    SendReply(out, v->prevHop);
}

// ---------------------------------------------------------------- gradient

void
BloomQueryApplication::ContinueGradient(const bloom::QueryMessage& m)
{
    if (!IsAlive())
    {
        return;
    }
    Visit* v = FindVisit(m.id);
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
    std::vector<Address> best;
    uint32_t bestRank = std::numeric_limits<uint32_t>::max();
    for (const auto& [address, filter] : m_gossip->GetNeighbourFilters())
    {
        const uint16_t s = ShortAddressOf(address);
        if (s == m.id.origin || v->tried.count(address) || (v->hasPrev && address == v->prevHop) ||
            std::find(m.visited.begin(), m.visited.end(), s) != m.visited.end())
        {
            continue;
        }
        const auto rank = m_gossip->GetPolicy().GradientRank(*filter, key);
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
    const Address next = best.size() == 1
                             ? best.front()
                             : best[m_rng->GetInteger(0, static_cast<uint32_t>(best.size()) - 1)];
    v->tried.insert(next);
    bloom::QueryMessage out = m;
    out.backtrack = false;
    ++out.hops;
    AppendVisited(out);
    NS_LOG_LOGIC("node " << m_address << " forwards query " << m.id.origin << "/" << m.id.sequence
                         << " to " << ShortAddressOf(next) << " (rank " << bestRank << ", "
                         << best.size() << " tied)");
    // Fallback on a lost link: the next-best neighbour (`next` is tried now).
    SendQuery(out, next, [this, m]() { ContinueGradient(m); });
}

void
BloomQueryApplication::DeadEnd(const bloom::QueryMessage& m)
{
    Visit* v = FindVisit(m.id);
    if (IsOrigin(m.id))
    {
        Fail(m.id,
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
BloomQueryApplication::Bounce(const bloom::QueryMessage& m, const Address& to)
{
    if (m.hops >= m.ttl)
    {
        ExpireTtl(m);
        return;
    }
    bloom::QueryMessage out = m;
    out.backtrack = true;
    ++out.hops;
    AppendVisited(out);
    NS_LOG_LOGIC("node " << m_address << " sends query " << m.id.origin << "/" << m.id.sequence
                         << " back to " << ShortAddressOf(to));
    SendQuery(out, to);
}

void
BloomQueryApplication::ExpireTtl(const bloom::QueryMessage& m)
{
    if (IsOrigin(m.id))
    {
        Fail(m.id, bloom::QueryOutcome::TTL_EXPIRED);
        return;
    }
    Visit* v = FindVisit(m.id);
    if (!v || !v->hasPrev)
    {
        return;
    }
    bloom::ReplyMessage r;
    r.id = m.id;
    r.keyHash = m.keyHash;
    r.strategy = m.strategy;
    r.status = bloom::ReplyStatus::TTL_EXPIRED;
    r.responder = m_address;
    r.queryHops = m.hops;
    r.replyHops = 1;
    SendReply(r, v->prevHop);
}

// ----------------------------------------------------------------- sending

void
BloomQueryApplication::SendQuery(const bloom::QueryMessage& m,
                                 const Address& to,
                                 std::function<void()> onFail)
{
    m_forwardedTrace(m.id, m.hops, m.backtrack);
    if (!onFail)
    {
        onFail = [this, id = m.id]() {
            NS_LOG_INFO("node " << m_address << " lost a backtrack of query " << id.origin << "/"
                                << id.sequence);
        };
    }
    SendFrame(m.id, bloom::EncodeQuery(m), to, false, std::move(onFail), m_linkRetries);
}

void
BloomQueryApplication::BroadcastQuery(const bloom::QueryMessage& m)
{
    m_forwardedTrace(m.id, m.hops, false);
    SendFrame(
        m.id,
        bloom::EncodeQuery(m),
        m_device->GetBroadcast(),
        true,
        [this, id = m.id]() {
            NS_LOG_INFO("node " << m_address << " could not broadcast query " << id.origin << "/"
                                << id.sequence);
        },
        m_linkRetries);
}

void
BloomQueryApplication::SendReply(const bloom::ReplyMessage& r, const Address& to)
{
    SendFrame(
        r.id,
        bloom::EncodeReply(r),
        to,
        false,
        [this, id = r.id]() {
            NS_LOG_INFO("node " << m_address << " lost the reply of query " << id.origin << "/"
                                << id.sequence);
        },
        m_linkRetries);
}

void
BloomQueryApplication::SendFrame(const bloom::QueryId& id,
                                 const std::vector<uint8_t>& bytes,
                                 const Address& to,
                                 bool broadcast,
                                 std::function<void()> onFail,
                                 uint32_t retries)
{
    Ptr<Packet> packet = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    m_frameTrace(id, packet);
    if (m_mac && onFail)
    {
        const uint64_t uid = packet->GetUid();
        Unconfirmed& u = m_unconfirmed[uid];
        u.id = id;
        u.bytes = bytes;
        u.to = to;
        u.broadcast = broadcast;
        u.retriesLeft = retries;
        u.onFail = std::move(onFail);
        // Under duty cycling a frame may first wait for the next window.
        const Time guard = m_scheduler ? m_hopTimeout + m_scheduler->GetPeriod() : m_hopTimeout;
        u.guard = bloom::ScheduleCall(guard, [this, uid]() {
            NS_LOG_INFO("node " << m_address << ": no MAC confirmation in time");
            LinkFailed(uid);
        });
    }
    if (m_scheduler)
    {
        m_scheduler->Send(packet, to, bloom::kGossipProtocol);
    }
    else if (!m_device->Send(packet, to, bloom::kGossipProtocol))
    {
        NS_LOG_WARN("node " << m_address << ": device refused a query frame");
    }
}

void
BloomQueryApplication::OnMacTxOk(Ptr<const Packet> packet)
{
    auto it = m_unconfirmed.find(packet->GetUid());
    if (it != m_unconfirmed.end())
    {
        it->second.guard.Cancel();
        m_unconfirmed.erase(it);
    }
}

void
BloomQueryApplication::OnMacTxDrop(Ptr<const Packet> packet)
{
    const uint64_t uid = packet->GetUid();
    if (m_unconfirmed.count(uid))
    {
        NS_LOG_INFO("node " << m_address << ": the MAC dropped a query frame");
        // Not from inside the MAC's own call chain.
        Keep(Simulator::ScheduleNow(&BloomQueryApplication::LinkFailed, this, uid));
    }
}

void
BloomQueryApplication::LinkFailed(uint64_t uid)
{
    auto it = m_unconfirmed.find(uid);
    if (it == m_unconfirmed.end())
    {
        return;
    }
    Unconfirmed u = std::move(it->second);
    m_unconfirmed.erase(it);
    u.guard.Cancel();
    if (!IsAlive())
    {
        return;
    }
    if (u.retriesLeft == 0)
    {
        u.onFail();
        return;
    }
    const Time delay = Seconds(m_rng->GetValue(0.0, m_floodJitter.GetSeconds()));
    Keep(bloom::ScheduleCall(delay, [this, u]() {
        if (IsAlive())
        {
            SendFrame(u.id, u.bytes, u.to, u.broadcast, u.onFail, u.retriesLeft - 1);
        }
    }));
}

// ------------------------------------------------------------------- state

void
BloomQueryApplication::Keep(const EventId& event)
{
    if (m_events.size() >= 64)
    {
        m_events.erase(std::remove_if(m_events.begin(),
                                      m_events.end(),
                                      [](const EventId& e) { return e.IsExpired(); }),
                       m_events.end());
    }
    m_events.push_back(event);
}

BloomQueryApplication::Visit&
BloomQueryApplication::GetVisit(const bloom::QueryId& id)
{
    Visit& v = m_visits[id];
    v.expires = Simulator::Now() + m_queryTimeout * 2;
    return v;
}

BloomQueryApplication::Visit*
BloomQueryApplication::FindVisit(const bloom::QueryId& id)
{
    auto it = m_visits.find(id);
    return it == m_visits.end() ? nullptr : &it->second;
}

void
BloomQueryApplication::PurgeVisits()
{
    const Time now = Simulator::Now();
    for (auto it = m_visits.begin(); it != m_visits.end();)
    {
        it = it->second.expires < now ? m_visits.erase(it) : std::next(it);
    }
}

void
BloomQueryApplication::AppendVisited(bloom::QueryMessage& m) const
{
    if (m_visitedCap == 0 ||
        std::find(m.visited.begin(), m.visited.end(), m_address) != m.visited.end())
    {
        return;
    }
    while (m.visited.size() >= m_visitedCap)
    {
        m.visited.erase(m.visited.begin());
    }
    m.visited.push_back(m_address);
}

} // namespace ns3
