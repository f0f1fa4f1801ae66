/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-query-application.h"

#include "bloom-gossip-compat.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/filter-codec.h"
#include "ns3/log.h"
#include "ns3/mac16-address.h"
#include "ns3/node.h"
#include "ns3/packet.h"
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
                "Strategy of Query(id), any registered one: gradient (LBF/ABF walk), flood "
                "(gated by the origin's filter), ring (gated expanding ring), blind-flood (no "
                "filter).",
                EnumValue(bloom::compat::AsEnumValue(bloom::QueryStrategy::GRADIENT)),
                BLOOM_GOSSIP_ENUM_ACCESSOR(bloom::QueryStrategy,
                                           &BloomQueryApplication::m_strategy),
                MakeQueryStrategyChecker())
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
            .AddAttribute("CarryFilter",
                          "Every frame of a query this node sends (search, answer, a strategy's "
                          "own such as a cancel) carries its advertised filter (learning from "
                          "queries, with the gossip application's Learning queries); every "
                          "receiver hands a carried filter to its gossip application "
                          "(LearnFrom) whatever this attribute.  The filter and a query's "
                          "header must fit the device MTU.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BloomQueryApplication::m_carryFilter),
                          MakeBooleanChecker())
            .AddAttribute("FrameBytes",
                          "Pad every frame this node sends (search, answer, a strategy's own "
                          "such as a cancel; a carried filter included) to this many bytes, as "
                          "BCUN's fixed 1,000-byte packets (PadFrame: zeros and a 2-byte "
                          "length; longer frames go as they are); 0: no padding.  Every "
                          "receiver strips padding whatever this attribute.  At most the "
                          "device MTU.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&BloomQueryApplication::m_frameBytes),
                          MakeUintegerChecker<uint32_t>(0, 65535))
            .AddAttribute("IdleBackoff",
                          "Hand every frame this node sends (a re-send too) to the device after "
                          "a random wait of k IdleBackoffSlot, k uniform in 0 ... "
                          "floor(IdleBackoff / IdleBackoffSlot) - 1, as ns-2's 802.11 MAC "
                          "waits DIFS + (Random % CWMin) slots even on an idle medium "
                          "(Mac802_11::send; 802.11b: 31 x 20 us = 620 us); ns-3's Txop sends "
                          "after DIFS.  0: frames go down at once (no random draw).  At least "
                          "one IdleBackoffSlot when above 0.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&BloomQueryApplication::m_idleBackoff),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
            .AddAttribute("IdleBackoffSlot",
                          "The slot of IdleBackoff's wait (802.11b's 20 us); 0: the wait is "
                          "uniform in [0, IdleBackoff].",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&BloomQueryApplication::m_idleBackoffSlot),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
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
    m_link = Create<QueryLink>(
        m_rng,
        [this]() { return IsAlive(); },
        [this](const bloom::QueryId& id, Ptr<const Packet> packet) { m_frameTrace(id, packet); });
}

BloomQueryApplication::~BloomQueryApplication() = default;

void
BloomQueryApplication::DoDispose()
{
    StopApplication();
    for (auto& [code, strategy] : m_strategies)
    {
        strategy->Dispose();
    }
    m_strategies.clear();
    m_device = nullptr;
    m_link = nullptr;
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

size_t
BloomQueryApplication::CarriedFilterBytes(const bloom::FilterPolicy& policy)
{
    return bloom::kWireHeaderSize + policy.PayloadBytes();
}

size_t
BloomQueryApplication::LeastQueryFrameBytes(const bloom::FilterPolicy& policy, bool carry)
{
    size_t extra = 0;
    for (const bloom::QueryStrategyInfo& info : bloom::RegisteredQueryStrategies())
    {
        extra = std::max<size_t>(extra, info.search.extraBytes);
    }
    const size_t message = std::max(bloom::kQueryHeaderSize + extra, bloom::kReplySize);
    return message + (carry ? CarriedFilterBytes(policy) + bloom::kCarriedLengthSize : 0);
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
    const size_t mtu = m_device->GetMtu();
    const size_t least = LeastQueryFrameBytes(m_gossip->GetPolicy(), m_carryFilter);
    NS_ABORT_MSG_IF(least > mtu,
                    "BloomQueryApplication: CarryFilter: a query frame with the "
                        << m_gossip->GetPolicy().Describe() << " filter takes " << least
                        << " bytes, more than the device MTU of " << mtu << " bytes");
    NS_ABORT_MSG_IF(m_frameBytes > mtu,
                    "BloomQueryApplication: FrameBytes "
                        << m_frameBytes << " is more than the device MTU of " << mtu << " bytes");
    NS_ABORT_MSG_IF(m_idleBackoff.IsStrictlyPositive() && m_idleBackoff < m_idleBackoffSlot,
                    "BloomQueryApplication: IdleBackoff " << m_idleBackoff.As(Time::US)
                                                          << " is less than one IdleBackoffSlot ("
                                                          << m_idleBackoffSlot.As(Time::US) << ")");
    m_carriedBytes =
        m_carryFilter ? CarriedFilterBytes(m_gossip->GetPolicy()) + bloom::kCarriedLengthSize : 0;
    m_visitedCap = std::min<size_t>(m_maxVisited, bloom::MaxVisitedEntries(mtu - m_carriedBytes));
    m_parameters.ttl = m_ttl;
    m_parameters.queryTimeout = m_queryTimeout;
    m_parameters.floodJitter = m_floodJitter;
    m_parameters.ringFirstTtl = m_ringFirstTtl;
    m_parameters.ringFactor = m_ringFactor;
    m_parameters.ringHopTime = m_ringHopTime;
    node->RegisterProtocolHandler(MakeCallback(&BloomQueryApplication::ReceiveFromDevice, this),
                                  0,
                                  m_device,
                                  false);
    m_link
        ->Start(m_device, m_address, m_hopTimeout, m_floodJitter, m_idleBackoff, m_idleBackoffSlot);
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
    if (m_link)
    {
        m_link->Stop();
    }
    for (auto& [seq, p] : m_pending)
    {
        p.timeout.Cancel();
    }
    m_pending.clear();
    for (auto& [code, strategy] : m_strategies)
    {
        strategy->Stop();
    }
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

const QueryParameters&
BloomQueryApplication::GetParameters() const
{
    return m_parameters;
}

Ptr<UniformRandomVariable>
BloomQueryApplication::GetRandom() const
{
    return m_rng;
}

BloomQueryStrategy&
BloomQueryApplication::GetStrategy(bloom::QueryStrategy code)
{
    Ptr<BloomQueryStrategy>& strategy = m_strategies[static_cast<uint8_t>(code)];
    if (!strategy)
    {
        const bloom::QueryStrategyInfo* info = bloom::FindQueryStrategy(code);
        NS_ABORT_MSG_UNLESS(info,
                            "BloomQueryApplication: no query strategy registered with code "
                                << static_cast<int>(code));
        strategy = CreateQueryStrategy(code);
        strategy->Install(this, *info);
    }
    return *strategy;
}

void
BloomQueryApplication::FinishStrategy(bloom::QueryStrategy code, const bloom::QueryId& id)
{
    auto it = m_strategies.find(static_cast<uint8_t>(code));
    if (it != m_strategies.end())
    {
        it->second->Finish(id);
    }
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
    const bloom::QueryStrategyInfo* info = bloom::FindQueryStrategy(strategy);
    NS_ABORT_MSG_UNLESS(info,
                        "BloomQueryApplication: no query strategy registered with code "
                            << static_cast<int>(strategy));
    const bloom::QueryId id{m_address, m_sequence++};
    NS_LOG_FUNCTION(this << id.sequence << key.GetHash() << info->name);
    const bloom::FilterPolicy& policy = m_gossip->GetPolicy();
    NS_ABORT_MSG_IF(info->needsDistance && !policy.HasDistance(),
                    "BloomQueryApplication: " << info->name
                                              << " queries need LBF or ABF gossip, not "
                                              << policy.Describe());
    m_sentTrace(id, key.GetHash(), strategy);
    Pending& p = m_pending[id.sequence];
    p.strategy = strategy;
    p.timeout = bloom::ScheduleCall(m_queryTimeout,
                                    [this, id]() { Fail(id, bloom::QueryOutcome::TIMEOUT); });

    PurgeVisits();
    QueryVisit& v = GetVisit(id);
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
    bloom::QueryMessage m;
    m.id = id;
    m.keyHash = key.GetHash();
    m.strategy = strategy;
    m.ttl = ttl > 0 ? ttl : m_ttl;
    m.extra.resize(info->search.extraBytes);
    GetStrategy(strategy).Start(m);
    return id;
}

bool
BloomQueryApplication::IsPending(const bloom::QueryId& id) const
{
    return IsOrigin(id) && m_pending.count(id.sequence) > 0;
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
    const bloom::QueryStrategy strategy = it->second.strategy;
    m_pending.erase(it);
    FinishStrategy(strategy, r.id);
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
    const bloom::QueryStrategy strategy = it->second.strategy;
    m_pending.erase(it);
    FinishStrategy(strategy, id);
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
    uint32_t size = packet->GetSize();
    if (size < 2)
    {
        return;
    }
    std::vector<uint8_t> bytes(size);
    packet->CopyData(bytes.data(), size);
    const auto type = bloom::PeekMessageType(bytes.data(), size);
    try
    {
        if (bloom::IsPadded(bytes.data(), size) &&
            type != static_cast<uint8_t>(bloom::MessageType::ADVERTISEMENT))
        {
            bytes = bloom::StripPadding(bytes.data(), size);
            size = static_cast<uint32_t>(bytes.size());
        }
        if (bloom::CarriesFilter(bytes.data(), size))
        {
            if (type == static_cast<uint8_t>(bloom::MessageType::ADVERTISEMENT))
            {
                return; // the gossip application's (it drops it as malformed)
            }
            // The sender's filter is merged first, before the message is
            // handled and its strategy reads estimates (BCUN merges every
            // packet it receives first).
            bloom::CarriedFrame carried = bloom::SplitCarriedFilter(bytes.data(), size);
            m_gossip->LearnFrom(from, carried.filter, packet);
            bytes = std::move(carried.message);
            size = static_cast<uint32_t>(bytes.size());
        }
        if (type == static_cast<uint8_t>(bloom::MessageType::QUERY))
        {
            const bloom::QueryMessage m = bloom::DecodeQuery(bytes.data(), size);
            PurgeVisits();
            GetStrategy(m.strategy).Receive(m, from);
        }
        else if (type == static_cast<uint8_t>(bloom::MessageType::REPLY))
        {
            HandleReply(bloom::DecodeReply(bytes.data(), size), from);
        }
        else if (const bloom::QueryStrategyInfo* owner =
                     bloom::FindQueryStrategyByMessageType(type.value_or(0)))
        {
            GetStrategy(owner->code).ReceiveFrame(bytes.data(), size, from);
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
BloomQueryApplication::Reached(const bloom::QueryMessage& m)
{
    QueryVisit& v = GetVisit(m.id);
    if (!v.delivered)
    {
        v.delivered = true;
        NS_LOG_INFO("node " << m_address << " holds the key of query " << m.id.origin << "/"
                            << m.id.sequence << " (" << int{m.hops} << " hops)");
        m_deliveredTrace(m.id, m.hops);
    }
}

void
BloomQueryApplication::Answered(const bloom::QueryId& id,
                                uint16_t holder,
                                uint8_t queryHops,
                                uint8_t replyHops)
{
    if (!IsPending(id))
    {
        return;
    }
    bloom::ReplyMessage r;
    r.id = id;
    r.responder = holder;
    r.queryHops = queryHops;
    r.replyHops = replyHops;
    Succeed(r);
}

void
BloomQueryApplication::Deliver(const bloom::QueryMessage& m, const Address& to)
{
    Reached(m);
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
    QueryVisit* v = FindVisit(r.id);
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
    m_link->Send(m.id, Frame(bloom::EncodeQuery(m)), to, false, std::move(onFail), m_linkRetries);
}

void
BloomQueryApplication::BroadcastQuery(const bloom::QueryMessage& m)
{
    m_forwardedTrace(m.id, m.hops, false);
    m_link->Send(
        m.id,
        Frame(bloom::EncodeQuery(m)),
        m_device->GetBroadcast(),
        true,
        [this, id = m.id]() {
            NS_LOG_INFO("node " << m_address << " could not broadcast query " << id.origin << "/"
                                << id.sequence);
        },
        m_linkRetries);
}

std::vector<uint8_t>
BloomQueryApplication::Carry(std::vector<uint8_t> frame)
{
    if (!m_carryFilter)
    {
        return frame;
    }
    // Encode again only when the advertised filter changed.
    const bloom::AnyFilter& view = m_gossip->GetAdvertisedFilter();
    if (!m_encodedFrom || !(*m_encodedFrom == view))
    {
        m_encoded = bloom::Encode(view);
        m_encodedFrom = view;
    }
    return bloom::AppendCarriedFilter(frame, m_encoded);
}

std::vector<uint8_t>
BloomQueryApplication::Frame(const std::vector<uint8_t>& message)
{
    std::vector<uint8_t> frame = Carry(message);
    return m_frameBytes > 0 ? bloom::PadFrame(frame, m_frameBytes) : frame;
}

void
BloomQueryApplication::SendReply(const bloom::ReplyMessage& r, const Address& to)
{
    m_link->Send(
        r.id,
        Frame(bloom::EncodeReply(r)),
        to,
        false,
        [this, id = r.id]() {
            NS_LOG_INFO("node " << m_address << " lost the reply of query " << id.origin << "/"
                                << id.sequence);
        },
        m_linkRetries);
}

void
BloomQueryApplication::SendStrategyFrame(const bloom::QueryId& id,
                                         const std::vector<uint8_t>& bytes,
                                         const Address& to)
{
    const bool broadcast = to == m_device->GetBroadcast();
    m_link->Send(
        id,
        Frame(bytes),
        to,
        broadcast,
        [this, id]() {
            NS_LOG_INFO("node " << m_address << " lost a strategy frame of query " << id.origin
                                << "/" << id.sequence);
        },
        m_linkRetries);
}

Address
BloomQueryApplication::GetBroadcast() const
{
    return m_device->GetBroadcast();
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

QueryVisit&
BloomQueryApplication::GetVisit(const bloom::QueryId& id)
{
    QueryVisit& v = m_visits[id];
    v.expires = Simulator::Now() + m_queryTimeout * 2;
    return v;
}

QueryVisit*
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
    // The visited list shares the frame with the strategy's own bytes.
    const size_t mtu = m_device->GetMtu() - m_carriedBytes;
    const size_t cap =
        m.extra.empty()
            ? m_visitedCap
            : std::min(m_visitedCap,
                       bloom::MaxVisitedEntries(mtu > m.extra.size() ? mtu - m.extra.size() : 0));
    if (cap == 0 || std::find(m.visited.begin(), m.visited.end(), m_address) != m.visited.end())
    {
        return;
    }
    while (m.visited.size() >= cap)
    {
        m.visited.erase(m.visited.begin());
    }
    m.visited.push_back(m_address);
}

} // namespace ns3
