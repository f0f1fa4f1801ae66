/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "cancel-query-strategy.h"

#include "bloom-gossip-application.h"
#include "bloom-gossip-compat.h"

#include "ns3/boolean.h"
#include "ns3/decode-error.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CancelQueryStrategy");

NS_OBJECT_ENSURE_REGISTERED(CancelQueryStrategy);
BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(AbcQueryStrategy, AbcQueryStrategy::Registration);
BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(BcirQueryStrategy, BcirQueryStrategy::Registration);
BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(BcirStarQueryStrategy, BcirStarQueryStrategy::Registration);

namespace
{

/// Cancel message types (the type byte after the dispatch), one per strategy.
constexpr uint8_t kAbcCancel = 0x15;
constexpr uint8_t kBcirCancel = 0x16;
constexpr uint8_t kBcirStarCancel = 0x17;

/// Short addresses a cancel never names (broadcast, none).
bool
BadShort(uint16_t a)
{
    return a == 0xFFFF || a == 0xFFFE;
}

/// The registration common to the three strategies.
bloom::QueryStrategyInfo
CancelInfo(uint8_t code,
           const std::string& name,
           const std::string& help,
           const std::string& typeId,
           uint8_t cancelType)
{
    bloom::QueryStrategyInfo info;
    info.code = static_cast<bloom::QueryStrategy>(code);
    info.name = name;
    info.help = help;
    info.typeId = typeId;
    info.search.messageType = cancelType;
    // Outside `all`: the queries of all strategies share one simulation, so
    // joining `all` would change the runs that ask for it.
    info.inAll = false;
    return info;
}

} // namespace

// ------------------------------------------------------------------ common

TypeId
CancelQueryStrategy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CancelQueryStrategy")
                            .SetParent<BloomQueryStrategy>()
                            .SetGroupName("BloomGossip");
    return tid;
}

TypeId
CancelQueryStrategy::AddTimerAttributes(TypeId tid)
{
    return tid
        .AddAttribute("HopDelay",
                      "d of the relay timers (BCUN: 10 ms); also the delay of every cancel "
                      "before U(0, Jitter).",
                      TimeValue(MilliSeconds(10)),
                      MakeTimeAccessor(&CancelQueryStrategy::m_hopDelay),
                      MakeTimeChecker(Seconds(0), Seconds(10)))
        .AddAttribute("Jitter",
                      "Bound of the uniform delay U(0, Jitter) added to every relay and "
                      "cancel (BCUN: 7 ms).",
                      TimeValue(MilliSeconds(7)),
                      MakeTimeAccessor(&CancelQueryStrategy::m_jitter),
                      MakeTimeChecker(Seconds(0), Seconds(10)))
        .AddAttribute("CancelAnswers",
                      "The origin learns the answer from the cancel wave, as in BCUN (no "
                      "reply from the holder); false: a FOUND reply along the reverse path.",
                      BooleanValue(false),
                      MakeBooleanAccessor(&CancelQueryStrategy::m_cancelAnswers),
                      MakeBooleanChecker());
}

CancelQueryStrategy::CancelQueryStrategy() = default;

CancelQueryStrategy::~CancelQueryStrategy() = default;

std::vector<uint8_t>
CancelQueryStrategy::EncodeCancel(uint8_t type, const Cancel& c)
{
    return {bloom::kGossipDispatch,
            type,
            static_cast<uint8_t>(c.id.origin),
            static_cast<uint8_t>(c.id.origin >> 8),
            static_cast<uint8_t>(c.id.sequence),
            static_cast<uint8_t>(c.id.sequence >> 8),
            static_cast<uint8_t>(c.holder),
            static_cast<uint8_t>(c.holder >> 8),
            c.hops,
            c.cancelHops};
}

CancelQueryStrategy::Cancel
CancelQueryStrategy::DecodeCancel(uint8_t type, const uint8_t* data, size_t size)
{
    if (size != kCancelSize)
    {
        throw bloom::DecodeError("cancel of " + std::to_string(size) + " bytes, not " +
                                 std::to_string(kCancelSize));
    }
    if (data[0] != bloom::kGossipDispatch || data[1] != type)
    {
        throw bloom::DecodeError("not a cancel of type " + std::to_string(type));
    }
    Cancel c;
    c.id.origin = static_cast<uint16_t>(data[2] | data[3] << 8);
    c.id.sequence = static_cast<uint16_t>(data[4] | data[5] << 8);
    c.holder = static_cast<uint16_t>(data[6] | data[7] << 8);
    c.hops = data[8];
    c.cancelHops = data[9];
    if (BadShort(c.id.origin) || BadShort(c.holder))
    {
        throw bloom::DecodeError("cancel with a broadcast or empty address");
    }
    if (c.hops == 0 || c.cancelHops == 0)
    {
        throw bloom::DecodeError("cancel with hops 0");
    }
    return c;
}

Time
CancelQueryStrategy::DrawJitter()
{
    return Seconds(Host().GetRandom()->GetValue(0.0, m_jitter.GetSeconds()));
}

void
CancelQueryStrategy::Stamp(bloom::QueryMessage&)
{
}

CancelQueryStrategy::Entry&
CancelQueryStrategy::Touch(const bloom::QueryId& id)
{
    Entry& e = m_entries[id];
    e.expires = Simulator::Now() + Host().GetParameters().queryTimeout * 2;
    return e;
}

void
CancelQueryStrategy::Purge()
{
    const Time now = Simulator::Now();
    for (auto it = m_entries.begin(); it != m_entries.end();)
    {
        it = it->second.expires < now ? m_entries.erase(it) : std::next(it);
    }
}

void
CancelQueryStrategy::Start(const bloom::QueryMessage& m)
{
    Purge();
    Touch(m.id).state = State::RELAYED; // the origin forwards the cancel like a relay
    bloom::QueryMessage out = m;
    out.hops = 1;
    Stamp(out);
    Host().BroadcastQuery(out);
}

void
CancelQueryStrategy::Receive(const bloom::QueryMessage& m, const Address& from)
{
    QueryStrategyHost& host = Host();
    if (m.id.origin == host.GetShortAddress() || m_entries.count(m.id))
    {
        return; // own search heard back, or a duplicate
    }
    Purge();
    Entry& e = Touch(m.id);
    QueryVisit& v = host.GetVisit(m.id);
    v.entered = true;
    v.prevHop = from; // the reply's way back
    v.hasPrev = true;
    if (host.GetGossip()->HoldsKey(bloom::Key::FromHash(m.keyHash)))
    {
        e.state = State::HOLDER;
        if (m_cancelAnswers)
        {
            host.Reached(m); // the cancel wave tells the origin
        }
        else
        {
            host.Deliver(m, from);
        }
        ScheduleCancel(e, Cancel{m.id, host.GetShortAddress(), m.hops, 1});
        return;
    }
    if (m.hops >= m.ttl)
    {
        e.state = State::DROPPED;
        return;
    }
    e.state = State::PENDING;
    bloom::QueryMessage out = m;
    ++out.hops;
    const Time wait = SearchWait(m);
    NS_LOG_LOGIC("node " << host.GetShortAddress() << " relays " << m.id.origin << "/"
                         << m.id.sequence << " (hop " << int{m.hops} << ") in " << wait);
    QueryStrategyHost* h = &host;
    const bloom::QueryId id = m.id;
    e.relay = bloom::ScheduleCall(wait, [this, h, id, out]() {
        auto it = m_entries.find(id);
        if (it == m_entries.end() || it->second.state != State::PENDING || !h->IsAlive())
        {
            return;
        }
        it->second.state = State::RELAYED;
        bloom::QueryMessage relay = out;
        Stamp(relay);
        h->BroadcastQuery(relay);
    });
}

void
CancelQueryStrategy::ScheduleCancel(Entry& e, const Cancel& c)
{
    if (e.cancelSent)
    {
        return;
    }
    e.cancelSent = true;
    QueryStrategyHost* h = &Host();
    const std::vector<uint8_t> bytes = EncodeCancel(Info().search.messageType, c);
    e.cancel = bloom::ScheduleCall(m_hopDelay + DrawJitter(), [h, c, bytes]() {
        if (h->IsAlive())
        {
            h->SendStrategyFrame(c.id, bytes, h->GetBroadcast());
        }
    });
}

void
CancelQueryStrategy::ReceiveFrame(const uint8_t* data, size_t size, const Address&)
{
    const Cancel c = DecodeCancel(Info().search.messageType, data, size);
    if (m_cancelAnswers && c.id.origin == Host().GetShortAddress())
    {
        Host().Answered(c.id, c.holder, c.hops, c.cancelHops); // first one counts
    }
    auto it = m_entries.find(c.id);
    if (it == m_entries.end())
    {
        return; // never saw the search: nothing to stop
    }
    Entry& e = it->second;
    switch (e.state)
    {
    case State::PENDING:
        e.relay.Cancel();
        e.state = State::DROPPED;
        NS_LOG_LOGIC("node " << Host().GetShortAddress() << " drops its relay of " << c.id.origin
                             << "/" << c.id.sequence);
        break;
    case State::RELAYED: {
        e.expires = Simulator::Now() + Host().GetParameters().queryTimeout * 2;
        Cancel out = c;
        out.cancelHops = c.cancelHops == 255 ? 255 : c.cancelHops + 1;
        ScheduleCancel(e, out);
        break;
    }
    case State::DROPPED:
    case State::HOLDER:
        break;
    }
}

void
CancelQueryStrategy::Stop()
{
    for (auto& [id, e] : m_entries)
    {
        e.relay.Cancel();
        e.cancel.Cancel();
    }
    m_entries.clear();
}

// -------------------------------------------------------------------- BCIR

TypeId
BcirQueryStrategy::GetTypeId()
{
    static TypeId tid = AddTimerAttributes(TypeId("ns3::BcirQueryStrategy")
                                               .SetParent<CancelQueryStrategy>()
                                               .SetGroupName("BloomGossip")
                                               .AddConstructor<BcirQueryStrategy>());
    return tid;
}

bloom::QueryStrategyInfo
BcirQueryStrategy::Registration()
{
    return CancelInfo(6,
                      "bcir",
                      "BCIR: broadcast, relay after 2(h-1)d + U, cancel wave from the holder",
                      "ns3::BcirQueryStrategy",
                      kBcirCancel);
}

Time
BcirQueryStrategy::SearchWait(const bloom::QueryMessage& m)
{
    return m_hopDelay * int64x64_t(2 * (int64_t{m.hops} - 1)) + DrawJitter();
}

// ------------------------------------------------------------------- BCIR*

TypeId
BcirStarQueryStrategy::GetTypeId()
{
    static TypeId tid = AddTimerAttributes(TypeId("ns3::BcirStarQueryStrategy")
                                               .SetParent<CancelQueryStrategy>()
                                               .SetGroupName("BloomGossip")
                                               .AddConstructor<BcirStarQueryStrategy>());
    return tid;
}

bloom::QueryStrategyInfo
BcirStarQueryStrategy::Registration()
{
    return CancelInfo(7,
                      "bcir-star",
                      "BCIR*: as bcir, relay after (h-1)d + U",
                      "ns3::BcirStarQueryStrategy",
                      kBcirStarCancel);
}

Time
BcirStarQueryStrategy::SearchWait(const bloom::QueryMessage& m)
{
    return m_hopDelay * int64x64_t(int64_t{m.hops} - 1) + DrawJitter();
}

// --------------------------------------------------------------------- ABC

TypeId
AbcQueryStrategy::GetTypeId()
{
    static TypeId tid =
        AddTimerAttributes(TypeId("ns3::AbcQueryStrategy")
                               .SetParent<CancelQueryStrategy>()
                               .SetGroupName("BloomGossip")
                               .AddConstructor<AbcQueryStrategy>())
            .AddAttribute("Attenuation",
                          "p = Attenuation^e for a node whose filter puts the key e hops "
                          "away (BCUN: 0.9 per hop on float cells).",
                          DoubleValue(0.9),
                          MakeDoubleAccessor(&AbcQueryStrategy::m_attenuation),
                          MakeDoubleChecker<double>(0.0, 1.0));
    return tid;
}

bloom::QueryStrategyInfo
AbcQueryStrategy::Registration()
{
    bloom::QueryStrategyInfo info =
        CancelInfo(5,
                   "abc",
                   "ABC: as bcir, shorter wait on an ascending gradient of the filters",
                   "ns3::AbcQueryStrategy",
                   kAbcCancel);
    info.needsDistance = true;
    info.search.extraBytes = 1;
    return info;
}

uint8_t
AbcQueryStrategy::OwnEstimate(uint64_t keyHash) const
{
    Ptr<BloomGossipApplication> gossip = Host().GetGossip();
    const std::optional<uint32_t> hops =
        gossip->GetPolicy().EstimateHops(gossip->GetAdvertisedFilter(),
                                         bloom::Key::FromHash(keyHash));
    if (!hops)
    {
        return kNoEstimate;
    }
    return static_cast<uint8_t>(std::min<uint32_t>(*hops, kNoEstimate - 1));
}

void
AbcQueryStrategy::Stamp(bloom::QueryMessage& m)
{
    m.extra.at(0) = OwnEstimate(m.keyHash);
}

Time
AbcQueryStrategy::SearchWait(const bloom::QueryMessage& m)
{
    const Time d = m_hopDelay;
    const Time base = std::max(d * int64x64_t(2 * (int64_t{m.hops} - 1)), d) + DrawJitter();
    const uint8_t own = OwnEstimate(m.keyHash);
    const uint8_t sender = m.extra.at(0);
    if (own == kNoEstimate || own >= sender)
    {
        return base; // not on an ascending gradient
    }
    const double p = std::pow(m_attenuation, own);
    return std::max(Seconds(base.GetSeconds() * (1.0 - p)), d + DrawJitter());
}

} // namespace ns3
