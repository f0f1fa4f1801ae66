/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-gossip-application.h"

#include "bloom-gossip-compat.h"
#include "gossip-message.h"
#include "query-strategy.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/filter-codec.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/ipv6-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BloomGossipApplication");

NS_OBJECT_ENSURE_REGISTERED(BloomGossipApplication);

namespace
{
/// Advertisement payload bytes over a UDP/IPv6 datagram of this size go in
/// one message; larger filters are segmented at that size.
constexpr uint32_t kDefaultUdpDatagram = 1200;
} // namespace

TypeId
BloomGossipApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BloomGossipApplication")
            .SetParent<Application>()
            .SetGroupName("BloomGossip")
            .AddAttribute("BeaconInterval",
                          "Mean time between two advertisements (periodic timer).",
                          TimeValue(Seconds(1.0)),
                          MakeTimeAccessor(&BloomGossipApplication::m_interval),
                          MakeTimeChecker(MilliSeconds(1), Seconds(1e7)))
            .AddAttribute("Jitter",
                          "Each periodic advertisement is moved by a uniform offset in "
                          "[-Jitter, +Jitter]; the first one is uniform in [0, BeaconInterval).",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&BloomGossipApplication::m_jitter),
                          MakeTimeChecker(Seconds(0), Seconds(1e7)))
            .AddAttribute("NeighbourExpiry",
                          "A neighbour's filter is forgotten when nothing was heard from it "
                          "for this long.",
                          TimeValue(Seconds(3.5)),
                          MakeTimeAccessor(&BloomGossipApplication::m_expiry),
                          MakeTimeChecker(MilliSeconds(1), Seconds(1e7)))
            .AddAttribute(
                "Timer",
                "What drives the advertisements.",
                EnumValue(BloomGossipApplication::PERIODIC),
                BLOOM_GOSSIP_ENUM_ACCESSOR(TimerMode, &BloomGossipApplication::m_timerMode),
                MakeEnumChecker(BloomGossipApplication::PERIODIC,
                                ToString(BloomGossipApplication::PERIODIC),
                                BloomGossipApplication::TRICKLE,
                                ToString(BloomGossipApplication::TRICKLE)))
            .AddAttribute(
                "Learning",
                "gossip: the node advertises its filter (Timer) and neighbour entries "
                "expire; queries: no advertisements, neighbour filters come only with query "
                "frames (LearnFrom, BloomQueryApplication::CarryFilter) and never expire "
                "(filters only grow, so the latest one per neighbour is the running max).",
                EnumValue(BloomGossipApplication::GOSSIP),
                BLOOM_GOSSIP_ENUM_ACCESSOR(LearningMode, &BloomGossipApplication::m_learning),
                MakeEnumChecker(BloomGossipApplication::GOSSIP,
                                ToString(BloomGossipApplication::GOSSIP),
                                BloomGossipApplication::QUERIES,
                                ToString(BloomGossipApplication::QUERIES)))
            .AddAttribute("TrickleImin",
                          "Trickle: smallest interval Imin (RFC 6206).",
                          TimeValue(MilliSeconds(500)),
                          MakeTimeAccessor(&BloomGossipApplication::m_trickleImin),
                          MakeTimeChecker(MilliSeconds(1), Seconds(1e7)))
            .AddAttribute("TrickleImax",
                          "Trickle: largest interval (Imin doubled Imax times in RFC 6206 terms).",
                          TimeValue(Seconds(16)),
                          MakeTimeAccessor(&BloomGossipApplication::m_trickleImax),
                          MakeTimeChecker(MilliSeconds(1), Seconds(1e7)))
            .AddAttribute("TrickleK",
                          "Trickle: redundancy constant k; 0 means never suppress.  A node "
                          "silent for NeighbourExpiry/2 transmits even when suppressed.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BloomGossipApplication::m_trickleK),
                          MakeUintegerChecker<uint32_t>(0, 1000))
            .AddAttribute(
                "Transport",
                "link-layer: broadcast frames on the NetDevice; udp6: UDP to ff02::1.",
                EnumValue(BloomGossipApplication::LINK_LAYER),
                BLOOM_GOSSIP_ENUM_ACCESSOR(TransportMode, &BloomGossipApplication::m_transport),
                MakeEnumChecker(BloomGossipApplication::LINK_LAYER,
                                ToString(BloomGossipApplication::LINK_LAYER),
                                BloomGossipApplication::UDP6,
                                ToString(BloomGossipApplication::UDP6)))
            .AddAttribute(
                "Codec",
                "none: advertisement segments carry the filter's slots packed as they are; "
                "entropy: each segment's slots are entropy-coded (sparse bits: count and urn; "
                "LBF cells: zero map and histogram over the decay's chain; DV: hop steps and "
                "id gaps), raw where that is not shorter, in as few frames as the coded "
                "slots fit.  Received segments are decoded whatever this value.",
                EnumValue(bloom::compat::AsEnumValue(bloom::Codec::NONE)),
                BLOOM_GOSSIP_ENUM_ACCESSOR(bloom::Codec, &BloomGossipApplication::m_codec),
                MakeEnumChecker(bloom::compat::AsEnumValue(bloom::Codec::NONE),
                                bloom::ToString(bloom::Codec::NONE),
                                bloom::compat::AsEnumValue(bloom::Codec::ENTROPY),
                                bloom::ToString(bloom::Codec::ENTROPY)))
            .AddAttribute("DeviceIndex",
                          "Index of the node's NetDevice used by the link-layer transport.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&BloomGossipApplication::m_deviceIndex),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("FrameBytes",
                          "Bytes per frame (link layer) or datagram (udp6); 0: the device MTU "
                          "(link layer) or 1200 (udp6).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&BloomGossipApplication::m_frameBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Port",
                          "UDP port of the udp6 transport.",
                          UintegerValue(6363),
                          MakeUintegerAccessor(&BloomGossipApplication::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddTraceSource("BeaconSent",
                            "An advertisement was sent: sequence, frames, bytes.",
                            MakeTraceSourceAccessor(&BloomGossipApplication::m_beaconSentTrace),
                            "ns3::BloomGossipApplication::BeaconSentCallback")
            .AddTraceSource("FilterReceived",
                            "A segment of a neighbour's filter was received and applied.",
                            MakeTraceSourceAccessor(&BloomGossipApplication::m_filterReceivedTrace),
                            "ns3::BloomGossipApplication::FilterReceivedCallback")
            .AddTraceSource("FilterChanged",
                            "The node's own advertised filter changed.",
                            MakeTraceSourceAccessor(&BloomGossipApplication::m_filterChangedTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("MalformedDropped",
                            "A malformed or foreign-shaped gossip frame was dropped.",
                            MakeTraceSourceAccessor(&BloomGossipApplication::m_malformedTrace),
                            "ns3::BloomGossipApplication::MalformedDroppedCallback")
            .AddTraceSource("ResourceAdded",
                            "The node started holding a resource (after its filter was rebuilt).",
                            MakeTraceSourceAccessor(&BloomGossipApplication::m_resourceAddedTrace),
                            "ns3::BloomGossipApplication::ResourceCallback")
            .AddTraceSource(
                "ResourceRemoved",
                "The node stopped holding a resource (after its filter was rebuilt).",
                MakeTraceSourceAccessor(&BloomGossipApplication::m_resourceRemovedTrace),
                "ns3::BloomGossipApplication::ResourceCallback")
            .AddTraceSource("Failed",
                            "The node crashed (Fail): it sends and receives nothing any more.",
                            MakeTraceSourceAccessor(&BloomGossipApplication::m_failedTrace),
                            "ns3::TracedCallback::Void");
    return tid;
}

BloomGossipApplication::BloomGossipApplication()
    : m_rng(CreateObject<UniformRandomVariable>()),
      m_sequence(0),
      m_running(false),
      m_failed(false),
      m_trickleC(0)
{
    NS_LOG_FUNCTION(this);
}

BloomGossipApplication::~BloomGossipApplication() = default;

void
BloomGossipApplication::DoDispose()
{
    CancelTimers();
    m_neighbours.clear();
    m_lastSender = m_neighbours.end();
    m_device = nullptr;
    m_socket = nullptr;
    m_rng = nullptr;
    Application::DoDispose();
}

int64_t
BloomGossipApplication::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1 + AssignPolicyStreams(stream + 1);
}

int64_t
BloomGossipApplication::AssignPolicyStreams(int64_t /* stream */)
{
    return 0;
}

const bloom::FilterPolicy&
BloomGossipApplication::Policy() const
{
    if (!m_policy)
    {
        const std::string problem = CheckAttributes();
        NS_ABORT_MSG_IF(!problem.empty(), GetInstanceTypeId().GetName() << ": " << problem);
        std::string error;
        try
        {
            m_policy = CreatePolicy();
        }
        catch (const std::invalid_argument& e)
        {
            error = e.what();
        }
        // A limit CheckAttributes missed: still an ns-3 error, not an
        // exception out of Simulator::Run (reported outside the handler).
        NS_ABORT_MSG_IF(!m_policy,
                        GetInstanceTypeId().GetName() << ": bad attribute values: " << error);
        m_shape = m_policy->GetShape();
    }
    return *m_policy;
}

std::string
BloomGossipApplication::CheckAttributes() const
{
    return "";
}

const bloom::FilterPolicy&
BloomGossipApplication::GetPolicy() const
{
    return Policy();
}

const bloom::AnyFilter&
BloomGossipApplication::GetAdvertisedFilter() const
{
    if (!m_view)
    {
        m_view = Policy().Build({}, {});
    }
    return *m_view;
}

bool
BloomGossipApplication::InsertResource(uint64_t id)
{
    const std::string problem = Policy().CheckResource(id);
    NS_ABORT_MSG_IF(!problem.empty(),
                    GetInstanceTypeId().GetName() << ": resource " << id << ": " << problem);
    return !m_failed && m_own.insert(id).second;
}

void
BloomGossipApplication::AddResource(uint64_t id)
{
    NS_LOG_FUNCTION(this << id);
    if (InsertResource(id))
    {
        Rebuild();
        m_resourceAddedTrace(id);
    }
}

void
BloomGossipApplication::AddResourceDeferred(uint64_t id)
{
    NS_LOG_FUNCTION(this << id);
    if (InsertResource(id))
    {
        m_commitPending = true;
        m_resourceAddedTrace(id);
    }
}

void
BloomGossipApplication::CommitResources()
{
    NS_LOG_FUNCTION(this);
    if (m_commitPending)
    {
        m_commitPending = false;
        if (!m_failed)
        {
            Rebuild();
        }
    }
}

void
BloomGossipApplication::RemoveResource(uint64_t id)
{
    NS_LOG_FUNCTION(this << id);
    if (!m_failed && m_own.erase(id) > 0)
    {
        Rebuild();
        m_resourceRemovedTrace(id);
    }
}

bool
BloomGossipApplication::HasResource(uint64_t id) const
{
    return m_own.count(id) > 0;
}

bool
BloomGossipApplication::HoldsKey(const bloom::Key& key) const
{
    return std::any_of(m_own.begin(), m_own.end(), [&key](uint64_t id) {
        return bloom::Key::FromId(id) == key;
    });
}

bool
BloomGossipApplication::Knows(uint64_t id) const
{
    return Policy().Contains(GetAdvertisedFilter(), bloom::Key::FromId(id));
}

std::optional<uint32_t>
BloomGossipApplication::EstimateHops(uint64_t id) const
{
    return Policy().EstimateHops(GetAdvertisedFilter(), bloom::Key::FromId(id));
}

std::vector<std::pair<Address, const bloom::AnyFilter*>>
BloomGossipApplication::GetNeighbourFilters() const
{
    std::vector<std::pair<Address, const bloom::AnyFilter*>> out;
    for (const auto& [address, n] : m_neighbours)
    {
        out.emplace_back(address, &n.filter);
    }
    return out;
}

bool
BloomGossipApplication::IsFailed() const
{
    return m_failed;
}

void
BloomGossipApplication::Fail()
{
    NS_LOG_FUNCTION(this);
    if (m_failed)
    {
        return;
    }
    CancelTimers();
    m_failed = true;
    m_running = false;
    m_own.clear();
    m_neighbours.clear();
    m_lastSender = m_neighbours.end();
    m_view = Policy().Build({}, {});
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
    m_failedTrace();
}

uint32_t
BloomGossipApplication::GetFrameBytes() const
{
    if (m_frameBytes != 0)
    {
        return m_frameBytes;
    }
    if (m_transport == UDP6)
    {
        return kDefaultUdpDatagram;
    }
    Ptr<NetDevice> device = m_device;
    if (!device && GetNode() && m_deviceIndex < GetNode()->GetNDevices())
    {
        device = GetNode()->GetDevice(m_deviceIndex);
    }
    NS_ABORT_MSG_UNLESS(device, "BloomGossipApplication: no NetDevice " << m_deviceIndex);
    return device->GetMtu();
}

BloomGossipApplication::TransportMode
BloomGossipApplication::GetTransport() const
{
    return m_transport;
}

bloom::Codec
BloomGossipApplication::GetCodec() const
{
    return static_cast<bloom::Codec>(m_codec);
}

uint32_t
BloomGossipApplication::GetFramesPerAdvertisement() const
{
    return Policy().MaxSegments(GetFrameBytes(), GetCodec());
}

bloom::AdvertisementSize
BloomGossipApplication::GetAdvertisementSize() const
{
    return bloom::MeasureAdvertisement(GetAdvertisedFilter(),
                                       GetFrameBytes(),
                                       GetCodec(),
                                       Policy().GetCellAlphabet());
}

void
BloomGossipApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_failed)
    {
        return;
    }
    Policy();
    // Fails early, with the reason, when the filter cannot be segmented.
    std::string unsegmentable;
    try
    {
        GetFramesPerAdvertisement();
    }
    catch (const std::invalid_argument& e)
    {
        unsegmentable = e.what();
    }
    NS_ABORT_MSG_IF(!unsegmentable.empty(),
                    GetInstanceTypeId().GetName()
                        << ": FrameBytes=" << m_frameBytes << " (frames of " << GetFrameBytes()
                        << " bytes): " << unsegmentable
                        << " (a smaller filter, or larger frames, is needed)");
    if (m_transport == LINK_LAYER)
    {
        NS_ABORT_MSG_UNLESS(m_deviceIndex < GetNode()->GetNDevices(),
                            "BloomGossipApplication: node " << GetNode()->GetId()
                                                            << " has no device " << m_deviceIndex);
        m_device = GetNode()->GetDevice(m_deviceIndex);
        // Protocol 0 matches every protocol: lr-wpan hands frames up with
        // protocol 0; the dispatch byte tells gossip frames apart.
        GetNode()->RegisterProtocolHandler(
            MakeCallback(&BloomGossipApplication::ReceiveFromDevice, this),
            0,
            m_device,
            false);
    }
    else
    {
        const TypeId udp = TypeId::LookupByName("ns3::UdpSocketFactory");
        NS_ABORT_MSG_UNLESS(GetNode()->GetObject<Object>(udp),
                            "BloomGossipApplication: Transport udp6 needs an IPv6 stack on node "
                                << GetNode()->GetId() << " (InternetStackHelper)");
        m_socket = Socket::CreateSocket(GetNode(), udp);
        NS_ABORT_MSG_IF(m_socket->Bind(Inet6SocketAddress(Ipv6Address::GetAny(), m_port)) != 0,
                        "BloomGossipApplication: cannot bind UDP port " << m_port);
        // ff02::1 is link-local: send on the configured device (e.g. 6LoWPAN).
        NS_ABORT_MSG_UNLESS(m_deviceIndex < GetNode()->GetNDevices(),
                            "BloomGossipApplication: node " << GetNode()->GetId()
                                                            << " has no device " << m_deviceIndex);
        m_socket->BindToNetDevice(GetNode()->GetDevice(m_deviceIndex));
        m_socket->SetAllowBroadcast(true);
        m_socket->SetRecvCallback(MakeCallback(&BloomGossipApplication::ReceiveFromSocket, this));
    }
    m_running = true;
    Rebuild();
    if (m_learning == QUERIES)
    {
        return; // no advertisements: filters arrive with queries (LearnFrom)
    }
    if (m_timerMode == PERIODIC)
    {
        SchedulePeriodic(Seconds(m_rng->GetValue(0.0, m_interval.GetSeconds())));
    }
    else
    {
        m_trickleI = m_trickleImin;
        TrickleStartInterval();
    }
}

void
BloomGossipApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    CancelTimers();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
}

void
BloomGossipApplication::CancelTimers()
{
    m_sendEvent.Cancel();
    m_expiryEvent.Cancel();
    m_expiryPending = false;
    m_trickleEndEvent.Cancel();
}

void
BloomGossipApplication::SchedulePeriodic(Time delay)
{
    m_sendEvent = bloom::ScheduleCall(delay, [this]() {
        SendAdvertisement();
        const double j = m_jitter.GetSeconds();
        const double offset = j > 0 ? m_rng->GetValue(-j, j) : 0.0;
        SchedulePeriodic(Max(m_interval + Seconds(offset), MicroSeconds(1)));
    });
}

void
BloomGossipApplication::TrickleStartInterval()
{
    m_trickleC = 0;
    const double i = m_trickleI.GetSeconds();
    m_sendEvent.Cancel();
    m_trickleEndEvent.Cancel();
    m_sendEvent = Simulator::Schedule(Seconds(m_rng->GetValue(i / 2, i)),
                                      &BloomGossipApplication::TrickleTransmit,
                                      this);
    m_trickleEndEvent =
        Simulator::Schedule(m_trickleI, &BloomGossipApplication::TrickleIntervalEnd, this);
}

void
BloomGossipApplication::TrickleTransmit()
{
    // Suppression (c >= k) is overridden when the node has been silent for
    // half the neighbour expiry: soft state would otherwise forget a node that
    // is suppressed interval after interval.
    const bool refresh = Simulator::Now() - m_lastSent >= m_expiry / 2;
    if (m_trickleK == 0 || m_trickleC < m_trickleK || refresh)
    {
        SendAdvertisement();
    }
}

void
BloomGossipApplication::TrickleIntervalEnd()
{
    m_trickleI = Min(m_trickleI * 2, m_trickleImax);
    TrickleStartInterval();
}

void
BloomGossipApplication::TrickleInconsistency()
{
    if (m_running && m_timerMode == TRICKLE && m_trickleI > m_trickleImin)
    {
        m_trickleI = m_trickleImin;
        TrickleStartInterval();
    }
}

void
BloomGossipApplication::SendAdvertisement()
{
    if (!m_running)
    {
        return;
    }
    ExpireNeighbours();
    // Encoded afresh each time: keeping the last encoding and the filter it
    // encoded cost about 1 kB per node (m = 256, b = 9) for under 1 % of
    // the instructions of a run.
    const std::vector<std::vector<uint8_t>> frames =
        bloom::EncodeSegments(GetAdvertisedFilter(),
                              m_sequence,
                              GetFrameBytes(),
                              GetCodec(),
                              Policy().GetCellAlphabet());
    uint32_t bytes = 0;
    for (const auto& frame : frames)
    {
        SendFrame(frame);
        bytes += static_cast<uint32_t>(frame.size());
    }
    NS_LOG_INFO("node " << GetNode()->GetId() << " advertisement " << m_sequence << ": "
                        << frames.size() << " frames, " << bytes << " bytes");
    m_beaconSentTrace(m_sequence, static_cast<uint32_t>(frames.size()), bytes);
    ++m_sequence;
    m_lastSent = Simulator::Now();
}

void
BloomGossipApplication::SendFrame(const std::vector<uint8_t>& bytes)
{
    Ptr<Packet> packet = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    if (m_transport == LINK_LAYER)
    {
        // Under duty cycling the device holds the frame for the next window.
        m_device->Send(packet, m_device->GetBroadcast(), bloom::kGossipProtocol);
    }
    else
    {
        m_socket->SendTo(packet,
                         0,
                         Inet6SocketAddress(Ipv6Address::GetAllNodesMulticast(), m_port));
    }
}

void
BloomGossipApplication::ReceiveFromDevice(Ptr<NetDevice>,
                                          Ptr<const Packet> packet,
                                          uint16_t protocol,
                                          const Address& from,
                                          const Address&,
                                          NetDevice::PacketType)
{
    if (protocol != 0 && protocol != bloom::kGossipProtocol)
    {
        return;
    }
    HandleFrame(packet, from);
}

void
BloomGossipApplication::ReceiveFromSocket(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        HandleFrame(packet, from);
    }
}

void
BloomGossipApplication::HandleFrame(Ptr<const Packet> packet, const Address& from)
{
    if (!m_running || m_failed)
    {
        return;
    }
    const uint32_t size = packet->GetSize();
    m_rxBuffer.resize(size);
    packet->CopyData(m_rxBuffer.data(), size);
    const uint8_t* bytes = m_rxBuffer.data();
    if (!bloom::IsGossipFrame(bytes, size))
    {
        return; // not a bloom-gossip frame (e.g. 6LoWPAN on the same link)
    }
    if (bloom::IsMessage(bytes, size, bloom::MessageType::QUERY) ||
        bloom::IsMessage(bytes, size, bloom::MessageType::REPLY) ||
        bloom::FindQueryStrategyByMessageType(bloom::PeekMessageType(bytes, size).value_or(0)))
    {
        return; // queries, replies and strategies' own frames belong to BloomQueryApplication
    }
    bloom::AdvertisementSegment segment;
    try
    {
        segment = bloom::DecodeSegmentHeader(bytes, size);
    }
    catch (const bloom::DecodeError& e)
    {
        NS_LOG_WARN("node " << GetNode()->GetId() << " dropped a malformed frame: " << e.what());
        m_malformedTrace(packet, e.what());
        return;
    }
    if (!(segment.shape == m_shape) && !Policy().Accepts(segment.shape))
    {
        m_malformedTrace(packet, "filter shape differs from this node's");
        return;
    }
    const uint8_t* slots = nullptr;
    try
    {
        slots = bloom::SegmentSlots(segment, bytes, size, Policy().GetCellAlphabet(), m_rxSlots);
    }
    catch (const bloom::DecodeError& e)
    {
        NS_LOG_WARN("node " << GetNode()->GetId() << " dropped a malformed frame: " << e.what());
        m_malformedTrace(packet, e.what());
        return;
    }
    auto it = m_lastSender;
    if (it == m_neighbours.end() || !(it->first == from))
    {
        // ns-3's Address operator< is costly (logged accessors); a scan with
        // operator== is cheaper for the few neighbours of a WSN node.
        if (m_neighbours.size() <= 32)
        {
            it = m_neighbours.begin();
            while (it != m_neighbours.end() && !(it->first == from))
            {
                ++it;
            }
        }
        else
        {
            it = m_neighbours.find(from);
        }
        if (it == m_neighbours.end())
        {
            it = m_neighbours.emplace(from, Neighbour{Policy().Build({}, {}), Simulator::Now()})
                     .first;
        }
        m_lastSender = it;
    }
    const bloom::StoreEffect effect = bloom::ApplySegmentPayload(it->second.filter, segment, slots);
    it->second.lastHeard = Simulator::Now();
    m_filterReceivedTrace(from, segment.sequence, segment.index);
    // The advertised filter is a function of the own resources and the
    // neighbour filters (Rebuild).  While running it is always up to date, so:
    // an unchanged neighbour filter leaves it as it is; one that only grew
    // can be folded in (every policy's contribution is monotone); one that
    // lost something needs the full rebuild (as does a node without a view yet).
    bool changed = false;
    if (m_view && effect.changed && !effect.lowered)
    {
        changed = Policy().Accumulate(*m_view, it->second.filter);
        if (changed)
        {
            m_filterChangedTrace();
            TrickleInconsistency();
        }
    }
    else if (!m_view || effect.changed)
    {
        changed = Rebuild();
    }
    if (!changed && m_timerMode == TRICKLE)
    {
        if (Policy().Covers(it->second.filter, GetAdvertisedFilter()))
        {
            ++m_trickleC; // consistent: it changed nothing here and knows all we know
        }
        else
        {
            TrickleInconsistency(); // the neighbour lacks what we know
        }
    }
    // Hearing a neighbour only moves the oldest entry later, so a pending
    // expiry check is still due first (ScheduleExpiry would keep it).
    if (!m_expiryPending)
    {
        ScheduleExpiry();
    }
}

BloomGossipApplication::LearningMode
BloomGossipApplication::GetLearning() const
{
    return m_learning;
}

bool
BloomGossipApplication::LearnFrom(const Address& from,
                                  const std::vector<uint8_t>& bytes,
                                  Ptr<const Packet> packet)
{
    if (!m_running || m_failed)
    {
        return false;
    }
    std::optional<bloom::AnyFilter> filter;
    try
    {
        filter = bloom::Decode(bytes);
    }
    catch (const bloom::DecodeError& e)
    {
        NS_LOG_WARN("node " << GetNode()->GetId()
                            << " dropped a malformed carried filter: " << e.what());
        m_malformedTrace(packet, std::string("carried filter: ") + e.what());
        return false;
    }
    const bloom::FilterShape shape = bloom::ShapeOf(*filter);
    if (!(shape == m_shape) && !Policy().Accepts(shape))
    {
        m_malformedTrace(packet, "carried filter shape differs from this node's");
        return false;
    }
    auto it = m_neighbours.find(from);
    const bool changed = it == m_neighbours.end() || !(it->second.filter == *filter);
    if (it == m_neighbours.end())
    {
        it = m_neighbours.emplace(from, Neighbour{std::move(*filter), Simulator::Now()}).first;
    }
    else
    {
        it->second.filter = std::move(*filter);
        it->second.lastHeard = Simulator::Now();
    }
    m_lastSender = m_neighbours.end();
    if (changed)
    {
        Rebuild();
    }
    if (m_learning == GOSSIP && !m_expiryPending)
    {
        ScheduleExpiry();
    }
    return true;
}

bool
BloomGossipApplication::Rebuild()
{
    const std::vector<uint64_t> own(m_own.begin(), m_own.end());
    std::vector<const bloom::AnyFilter*> neighbours;
    neighbours.reserve(m_neighbours.size());
    for (const auto& entry : m_neighbours)
    {
        neighbours.push_back(&entry.second.filter);
    }
    bloom::AnyFilter next = Policy().Build(own, neighbours);
    if (!m_view || !(next == *m_view))
    {
        m_view = std::move(next);
        m_filterChangedTrace();
        TrickleInconsistency();
        return true;
    }
    return false;
}

void
BloomGossipApplication::ScheduleExpiry()
{
    if (m_neighbours.empty() || !m_running || m_learning == QUERIES)
    {
        return;
    }
    Time oldest = Simulator::Now();
    for (const auto& entry : m_neighbours)
    {
        oldest = Min(oldest, entry.second.lastHeard);
    }
    const Time due = Max(oldest + m_expiry - Simulator::Now(), Seconds(0));
    if (m_expiryPending && m_expiryAt - Simulator::Now() <= due)
    {
        return;
    }
    m_expiryEvent.Cancel();
    m_expiryPending = true;
    m_expiryAt = Simulator::Now() + due;
    m_expiryEvent = bloom::ScheduleCall(due, [this]() {
        m_expiryPending = false;
        ExpireNeighbours();
        ScheduleExpiry();
    });
}

void
BloomGossipApplication::ExpireNeighbours()
{
    if (m_learning == QUERIES)
    {
        return; // learned entries are kept (BCUN's running max)
    }
    const Time now = Simulator::Now();
    bool changed = false;
    for (auto it = m_neighbours.begin(); it != m_neighbours.end();)
    {
        if (now - it->second.lastHeard >= m_expiry)
        {
            NS_LOG_INFO("node " << GetNode()->GetId() << " forgets neighbour " << it->first);
            it = m_neighbours.erase(it);
            m_lastSender = m_neighbours.end();
            changed = true;
        }
        else
        {
            ++it;
        }
    }
    if (changed)
    {
        Rebuild();
    }
}

std::string
ToString(BloomGossipApplication::TimerMode mode)
{
    return mode == BloomGossipApplication::TRICKLE ? "trickle" : "periodic";
}

BloomGossipApplication::TimerMode
ParseTimerMode(const std::string& name)
{
    return bloom::ParseName(name,
                            {BloomGossipApplication::PERIODIC, BloomGossipApplication::TRICKLE});
}

std::string
ToString(BloomGossipApplication::LearningMode mode)
{
    return mode == BloomGossipApplication::QUERIES ? "queries" : "gossip";
}

BloomGossipApplication::LearningMode
ParseLearningMode(const std::string& name)
{
    return bloom::ParseName(name,
                            {BloomGossipApplication::GOSSIP, BloomGossipApplication::QUERIES});
}

std::string
ToString(BloomGossipApplication::TransportMode mode)
{
    return mode == BloomGossipApplication::UDP6 ? "udp6" : "link-layer";
}

BloomGossipApplication::TransportMode
ParseTransportMode(const std::string& name)
{
    return bloom::ParseName(name,
                            {BloomGossipApplication::LINK_LAYER, BloomGossipApplication::UDP6});
}

// ----------------------------------------------------------------- variants

} // namespace ns3
