/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "flood-query-strategy.h"

#include "bloom-gossip-application.h"
#include "bloom-gossip-compat.h"
#include "bloom-query-application.h"

#include "ns3/boolean.h"
#include "ns3/decode-error.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FloodQueryStrategy");

BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(FloodQueryStrategy, FloodQueryStrategy::Registration);
BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(BlindFloodQueryStrategy,
                                     BlindFloodQueryStrategy::Registration);

namespace
{

/// blind-flood's answer message type (BroadcastAnswers).
constexpr uint8_t kBlindFloodAnswer = 0x14;

/// Short addresses an answer never names (broadcast, none).
bool
BadShort(uint16_t a)
{
    return a == 0xFFFF || a == 0xFFFE;
}

} // namespace

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
        if (m_broadcastAnswers)
        {
            // BCUN: the answer is scheduled before the holder's own relay.
            host.Reached(m);
            ScheduleAnswer(Answer{m.id,
                                  host.GetShortAddress(),
                                  BloomQueryApplication::ShortAddressOf(from),
                                  m.hops,
                                  1});
        }
        else
        {
            host.Deliver(m, from);
        }
    }
    if (m.hops < m.ttl)
    {
        bloom::QueryMessage out = m;
        ++out.hops;
        const Time delay = RelayWait();
        QueryStrategyHost* h = &host;
        host.Keep(bloom::ScheduleCall(delay, [h, out]() {
            if (h->IsAlive())
            {
                h->BroadcastQuery(out);
            }
        }));
    }
}

Time
FloodQueryStrategy::RelayWait()
{
    return m_hopDelay +
           Seconds(
               Host().GetRandom()->GetValue(0.0, Host().GetParameters().floodJitter.GetSeconds()));
}

std::vector<uint8_t>
FloodQueryStrategy::EncodeAnswer(uint8_t type, const Answer& a)
{
    return {bloom::kGossipDispatch,
            type,
            static_cast<uint8_t>(a.id.origin),
            static_cast<uint8_t>(a.id.origin >> 8),
            static_cast<uint8_t>(a.id.sequence),
            static_cast<uint8_t>(a.id.sequence >> 8),
            static_cast<uint8_t>(a.holder),
            static_cast<uint8_t>(a.holder >> 8),
            static_cast<uint8_t>(a.next),
            static_cast<uint8_t>(a.next >> 8),
            a.hops,
            a.answerHops};
}

FloodQueryStrategy::Answer
FloodQueryStrategy::DecodeAnswer(uint8_t type, const uint8_t* data, size_t size)
{
    if (size != kAnswerSize)
    {
        throw bloom::DecodeError("answer of " + std::to_string(size) + " bytes, not " +
                                 std::to_string(kAnswerSize));
    }
    if (data[0] != bloom::kGossipDispatch || data[1] != type)
    {
        throw bloom::DecodeError("not an answer of type " + std::to_string(type));
    }
    Answer a;
    a.id.origin = static_cast<uint16_t>(data[2] | data[3] << 8);
    a.id.sequence = static_cast<uint16_t>(data[4] | data[5] << 8);
    a.holder = static_cast<uint16_t>(data[6] | data[7] << 8);
    a.next = static_cast<uint16_t>(data[8] | data[9] << 8);
    a.hops = data[10];
    a.answerHops = data[11];
    if (BadShort(a.id.origin) || BadShort(a.holder) || BadShort(a.next))
    {
        throw bloom::DecodeError("answer with a broadcast or empty address");
    }
    if (a.hops == 0 || a.answerHops == 0)
    {
        throw bloom::DecodeError("answer with hops 0");
    }
    return a;
}

void
FloodQueryStrategy::ScheduleAnswer(const Answer& a)
{
    const Time now = Simulator::Now();
    for (auto it = m_answered.begin(); it != m_answered.end();)
    {
        it = it->second < now ? m_answered.erase(it) : std::next(it);
    }
    if (!m_answered.emplace(a.id, now + Host().GetParameters().queryTimeout * 2).second)
    {
        return; // sent or relayed already
    }
    QueryStrategyHost* h = &Host();
    const std::vector<uint8_t> bytes = EncodeAnswer(Info().search.messageType, a);
    Host().Keep(bloom::ScheduleCall(RelayWait(), [h, a, bytes]() {
        if (h->IsAlive())
        {
            h->SendStrategyFrame(a.id, bytes, h->GetBroadcast());
        }
    }));
}

void
FloodQueryStrategy::ReceiveFrame(const uint8_t* data, size_t size, const Address&)
{
    const Answer a = DecodeAnswer(Info().search.messageType, data, size);
    QueryStrategyHost& host = Host();
    if (a.id.origin == host.GetShortAddress())
    {
        host.Answered(a.id, a.holder, a.hops, a.answerHops); // the first one counts
        return;
    }
    const QueryVisit* v = host.FindVisit(a.id);
    if (a.next != host.GetShortAddress() || !v || !v->hasPrev)
    {
        return; // not the route's next node, or never reached by the search
    }
    Answer out = a;
    out.next = BloomQueryApplication::ShortAddressOf(v->prevHop);
    out.answerHops = a.answerHops == 255 ? 255 : a.answerHops + 1;
    ScheduleAnswer(out);
}

TypeId
BlindFloodQueryStrategy::GetTypeId()
{
    // The attributes are blind-flood's own (the gated flood and the ring,
    // which share the code, keep HopDelay 0 and unicast replies).
    static TypeId tid =
        TypeId("ns3::BlindFloodQueryStrategy")
            .SetParent<FloodQueryStrategy>()
            .SetGroupName("BloomGossip")
            .AddConstructor<BlindFloodQueryStrategy>()
            .AddAttribute("HopDelay",
                          "d of BCUN's FLOOD: a node relays a search, and a route node an "
                          "answer (BroadcastAnswers), after d + U(0, FloodJitter) (BCUN: 10 ms, "
                          "with FloodJitter 7 ms); 0: after U(0, FloodJitter).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&BlindFloodQueryStrategy::m_hopDelay),
                          MakeTimeChecker(Seconds(0), Seconds(10)))
            .AddAttribute("BroadcastAnswers",
                          "The holder broadcasts the answer back along the recorded route (each "
                          "route node relays it once after HopDelay + U(0, FloodJitter), no "
                          "ACK), as BCUN's FLOOD; false: a FOUND reply unicast along the "
                          "reverse path.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BlindFloodQueryStrategy::m_broadcastAnswers),
                          MakeBooleanChecker());
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
    info.search.messageType = kBlindFloodAnswer; // BroadcastAnswers
    info.search.messageAnswers = true;
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
