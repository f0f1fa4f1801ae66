/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "query-link.h"

#include "bloom-gossip-compat.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("QueryLink");

QueryLink::QueryLink(Ptr<UniformRandomVariable> rng,
                     std::function<bool()> isAlive,
                     FrameCallback onFrame)
    : m_rng(rng),
      m_isAlive(std::move(isAlive)),
      m_onFrame(std::move(onFrame))
{
}

QueryLink::~QueryLink() = default;

void
QueryLink::Start(Ptr<NetDevice> device,
                 uint16_t address,
                 Time hopTimeout,
                 Time floodJitter,
                 Time idleBackoff,
                 Time idleBackoffSlot)
{
    m_device = device;
    m_address = address;
    m_hopTimeout = hopTimeout;
    m_floodJitter = floodJitter;
    m_idleBackoff = idleBackoff;
    m_idleBackoffSlot = idleBackoffSlot;
    PointerValue mac;
    // The MAC's confirmations (lr-wpan's MacTxOk and MacTxDrop).  A MAC
    // without them (802.11's WifiMac: its own retries, no MacTxOk) is not
    // watched: every frame is sent once and the strategies' own timers apply.
    if (m_device->GetAttributeFailSafe("Mac", mac) && mac.Get<Object>() &&
        mac.Get<Object>()->GetInstanceTypeId().LookupTraceSourceByName("MacTxOk"))
    {
        m_mac = mac.Get<Object>();
        m_mac->TraceConnectWithoutContext("MacTxOk", MakeCallback(&QueryLink::OnMacTxOk, this));
        m_mac->TraceConnectWithoutContext("MacTxDrop", MakeCallback(&QueryLink::OnMacTxDrop, this));
    }
}

void
QueryLink::Stop()
{
    if (m_mac)
    {
        m_mac->TraceDisconnectWithoutContext("MacTxOk", MakeCallback(&QueryLink::OnMacTxOk, this));
        m_mac->TraceDisconnectWithoutContext("MacTxDrop",
                                             MakeCallback(&QueryLink::OnMacTxDrop, this));
        m_mac = nullptr;
    }
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
}

void
QueryLink::Send(const bloom::QueryId& id,
                const std::vector<uint8_t>& bytes,
                const Address& to,
                bool broadcast,
                std::function<void()> onFail,
                uint32_t retries)
{
    if (!m_idleBackoff.IsStrictlyPositive())
    {
        HandDown(id, bytes, to, broadcast, std::move(onFail), retries);
        return;
    }
    const Time delay = IdleBackoffDelay();
    Keep(bloom::ScheduleCall(delay, [this, id, bytes, to, broadcast, onFail, retries]() {
        if (m_isAlive())
        {
            HandDown(id, bytes, to, broadcast, onFail, retries);
        }
    }));
}

Time
QueryLink::IdleBackoffDelay()
{
    if (!m_idleBackoffSlot.IsStrictlyPositive())
    {
        return Seconds(m_rng->GetValue(0.0, m_idleBackoff.GetSeconds()));
    }
    // ns-2: (Random::random() % cw_) * slot, cw_ = bound / slot.
    const int64_t slots = m_idleBackoff.GetTimeStep() / m_idleBackoffSlot.GetTimeStep();
    NS_ASSERT(slots >= 1); // BloomQueryApplication refuses a bound below one slot
    const uint32_t k = m_rng->GetInteger(0, static_cast<uint32_t>(slots - 1));
    return TimeStep(m_idleBackoffSlot.GetTimeStep() * static_cast<int64_t>(k));
}

void
QueryLink::HandDown(const bloom::QueryId& id,
                    const std::vector<uint8_t>& bytes,
                    const Address& to,
                    bool broadcast,
                    std::function<void()> onFail,
                    uint32_t retries)
{
    Ptr<Packet> packet = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    m_onFrame(id, packet);
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
        // Under duty cycling the device may first hold the frame for the next
        // window: the guard adds the longest it may (0 on other devices).
        TimeValue hold;
        m_device->GetAttributeFailSafe("MaxTransmitHold", hold);
        const Time guard = m_hopTimeout + hold.Get();
        u.guard = bloom::ScheduleCall(guard, [this, uid]() {
            NS_LOG_INFO("node " << m_address << ": no MAC confirmation in time");
            LinkFailed(uid);
        });
    }
    if (!m_device->Send(packet, to, bloom::kGossipProtocol))
    {
        NS_LOG_WARN("node " << m_address << ": device refused a query frame");
    }
}

void
QueryLink::OnMacTxOk(Ptr<const Packet> packet)
{
    auto it = m_unconfirmed.find(packet->GetUid());
    if (it != m_unconfirmed.end())
    {
        it->second.guard.Cancel();
        m_unconfirmed.erase(it);
    }
}

void
QueryLink::OnMacTxDrop(Ptr<const Packet> packet)
{
    const uint64_t uid = packet->GetUid();
    if (m_unconfirmed.count(uid))
    {
        NS_LOG_INFO("node " << m_address << ": the MAC dropped a query frame");
        // Not from inside the MAC's own call chain.
        Keep(Simulator::ScheduleNow(&QueryLink::LinkFailed, this, uid));
    }
}

void
QueryLink::LinkFailed(uint64_t uid)
{
    auto it = m_unconfirmed.find(uid);
    if (it == m_unconfirmed.end())
    {
        return;
    }
    Unconfirmed u = std::move(it->second);
    m_unconfirmed.erase(it);
    u.guard.Cancel();
    if (!m_isAlive())
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
        if (m_isAlive())
        {
            Send(u.id, u.bytes, u.to, u.broadcast, u.onFail, u.retriesLeft - 1);
        }
    }));
}

void
QueryLink::Keep(const EventId& event)
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

} // namespace ns3
