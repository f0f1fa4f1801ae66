/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wifi-drop-counter.h"

#ifndef BLOOM_GOSSIP_WIFI
#error "BLOOM_GOSSIP_WIFI is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#include "ns3/bloom-gossip-version.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#if BLOOM_GOSSIP_WIFI
#include "ns3/mac48-address.h"
#include "ns3/wifi-mac-header.h"
#include "ns3/wifi-mac.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-phy-state-helper.h"
#include "ns3/wifi-phy.h"
#if BLOOM_GOSSIP_NS3_VERSION >= 3037
#include "ns3/wifi-mpdu.h"
#else
#include "ns3/wifi-mac-queue-item.h"
#endif
#endif

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WifiDropCounter");

namespace
{

/// Slack of the reception-range comparison (dB): a receiver exactly at the range is in.
constexpr double kLevelSlackDb = 0.01;

/// How long after a frame's end its receptions are settled (RxOk comes at the end).
const Time kSettle = MilliSeconds(1);

/// The fates ns-2 traces no "COL" line for: never counted.
constexpr uint8_t kExcluded =
    Ns2ReceiverRule::WHILE_SENDING | Ns2ReceiverRule::CAPTURED | Ns2ReceiverRule::OVERLAPS_SENDING;

} // namespace

#if BLOOM_GOSSIP_WIFI
#if BLOOM_GOSSIP_NS3_VERSION >= 3037
/// The MAC's MPDU type in DroppedMpdu.
using DroppedMpduItem = WifiMpdu;
#else
/// The MAC's MPDU type in DroppedMpdu (ns-3 <= 3.36).
using DroppedMpduItem = WifiMacQueueItem;
#endif
#endif

/// One receiver that would have received a transmission alone.
struct WifiDropExpect
{
    uint32_t receiver{0}; //!< node index
    Time end;             //!< end of the frame on the air
    uint8_t fate{0};      //!< ns-2's Ns2ReceiverRule::Fate bits for it there
    bool received{false}; //!< the receiver's PHY received it
};

struct WifiDropCounter::Impl : public Ns2ReceiverRule::Listener
{
    std::shared_ptr<Ns2ReceiverRule> rule; //!< ns-2's rule, this its listener
    std::vector<Address> addresses;        //!< per node: the device's MAC address
    double rxDbm{0};                       //!< reception level
    /// Pending receptions by packet uid (retransmissions keep the uid).
    std::unordered_map<uint64_t, std::vector<WifiDropExpect>> active;
    std::vector<std::pair<Time, uint64_t>> order; //!< (frame end, uid), in transmission order
    size_t orderHead{0};                          //!< first entry of `order` not settled
    WifiDropCounts counts;                        //!< settled so far

    /// Add the settled reception `e` to `c`.
    static void Count(const WifiDropExpect& e, WifiDropCounts& c);
    /// Count the receptions of frames that ended before `now` - kSettle.
    void Settle(Time now);

    void OnTransmission(uint32_t sender,
                        Ptr<const Packet> packet,
                        const std::vector<Ns2ReceiverRule::Arrival>& arrivals) override;
    void OnFate(uint32_t receiver, const Ns2ReceiverRule::Frame& frame) override;
    void OnRxOk(uint32_t receiver, Ptr<const Packet> packet);
#if BLOOM_GOSSIP_WIFI
    void OnDropped(WifiMacDropReason reason);
#endif
};

void
WifiDropCounter::Impl::Count(const WifiDropExpect& e, WifiDropCounts& c)
{
    if (e.fate & kExcluded)
    {
        return;
    }
    const bool ns2Lost = (e.fate & Ns2ReceiverRule::kLost) != 0;
    if (!e.received)
    {
        ++c.collisionDrops;
        ++(ns2Lost ? c.collisionNs2Drops : c.collisionNs3OnlyDrops);
    }
    else if (ns2Lost)
    {
        ++c.collisionNs2OnlyReceived;
    }
}

void
WifiDropCounter::Impl::Settle(Time now)
{
    while (orderHead < order.size() && order[orderHead].first + kSettle <= now)
    {
        const auto [end, uid] = order[orderHead++];
        auto it = active.find(uid);
        if (it == active.end())
        {
            continue;
        }
        std::vector<WifiDropExpect>& list = it->second;
        for (auto e = list.begin(); e != list.end();)
        {
            if (e->end > end)
            {
                ++e; // a later transmission of the same frame
                continue;
            }
            Count(*e, counts);
            e = list.erase(e);
        }
        if (list.empty())
        {
            active.erase(it);
        }
    }
    if (orderHead > 4096 && orderHead * 2 > order.size())
    {
        order.erase(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(orderHead));
        orderHead = 0;
    }
}

void
WifiDropCounter::Impl::OnFate(uint32_t receiver, const Ns2ReceiverRule::Frame& frame)
{
    auto it = active.find(frame.uid);
    if (it == active.end())
    {
        return;
    }
    for (WifiDropExpect& e : it->second)
    {
        if (e.receiver == receiver && e.end == frame.end)
        {
            e.fate = frame.fate;
        }
    }
}

void
WifiDropCounter::Impl::OnTransmission(uint32_t,
                                      Ptr<const Packet> packet,
                                      const std::vector<Ns2ReceiverRule::Arrival>& arrivals)
{
    Settle(Simulator::Now());
    ++counts.transmissions;
    const uint64_t uid = packet->GetUid();
    Address to;
    bool broadcast = true;
#if BLOOM_GOSSIP_WIFI
    WifiMacHeader header;
    if (packet->PeekHeader(header) > 0)
    {
        broadcast = header.GetAddr1().IsGroup();
        to = header.GetAddr1();
    }
#endif
    std::vector<WifiDropExpect> expects;
    Time last;
    for (const Ns2ReceiverRule::Arrival& a : arrivals)
    {
        const uint32_t r = a.receiver;
        if (a.frame.dbm >= rxDbm - kLevelSlackDb && (broadcast || to == addresses[r]))
        {
            expects.push_back(WifiDropExpect{r, a.frame.end, a.frame.fate, false});
            last = std::max(last, a.frame.end);
        }
    }
    if (!expects.empty())
    {
        auto& list = active[uid];
        list.insert(list.end(), expects.begin(), expects.end());
        order.emplace_back(last, uid);
    }
}

void
WifiDropCounter::Impl::OnRxOk(uint32_t receiver, Ptr<const Packet> packet)
{
    auto it = active.find(packet->GetUid());
    if (it == active.end())
    {
        return;
    }
    // The transmission that just ended (the latest one, for a retransmitted frame).
    const Time now = Simulator::Now();
    WifiDropExpect* best = nullptr;
    for (WifiDropExpect& e : it->second)
    {
        if (e.receiver == receiver && !e.received && e.end <= now + MicroSeconds(10) &&
            (!best || e.end > best->end))
        {
            best = &e;
        }
    }
    if (best)
    {
        best->received = true;
    }
}

#if BLOOM_GOSSIP_WIFI
void
WifiDropCounter::Impl::OnDropped(WifiMacDropReason reason)
{
    if (reason == WIFI_MAC_DROP_REACHED_RETRY_LIMIT)
    {
        ++counts.retryDrops;
    }
    else
    {
        ++counts.queueDrops;
    }
}

namespace
{

void
RxOk(WifiDropCounter::Impl* impl,
     uint32_t node,
     Ptr<const Packet> packet,
     double,
     WifiMode,
     WifiPreamble)
{
    impl->OnRxOk(node, packet);
}

void
Dropped(WifiDropCounter::Impl* impl, WifiMacDropReason reason, Ptr<const DroppedMpduItem>)
{
    impl->OnDropped(reason);
}

} // namespace
#endif

WifiDropCounter::WifiDropCounter(const NetDeviceContainer& devices,
                                 std::shared_ptr<Ns2ReceiverRule> rule,
                                 double rxDbm)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->rule = std::move(rule);
    m_impl->rxDbm = rxDbm;
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<NetDevice> device = devices.Get(i);
        m_impl->addresses.push_back(device->GetAddress());
#if BLOOM_GOSSIP_WIFI
        Ptr<WifiNetDevice> wifi = DynamicCast<WifiNetDevice>(device);
        NS_ABORT_MSG_UNLESS(wifi, "WifiDropCounter: device " << i << " is not an 802.11 device");
        PointerValue state;
        wifi->GetPhy()->GetAttribute("State", state);
        state.Get<WifiPhyStateHelper>()->TraceConnectWithoutContext(
            "RxOk",
            MakeBoundCallback(&RxOk, m_impl.get(), i));
        wifi->GetMac()->TraceConnectWithoutContext("DroppedMpdu",
                                                   MakeBoundCallback(&Dropped, m_impl.get()));
#endif
    }
    m_impl->rule->SetListener(m_impl.get());
}

WifiDropCounter::~WifiDropCounter()
{
    m_impl->rule->SetListener(nullptr);
}

WifiDropCounts
WifiDropCounter::GetCounts() const
{
    WifiDropCounts out = m_impl->counts;
    const Time now = Simulator::Now();
    for (const auto& [uid, list] : m_impl->active)
    {
        for (const WifiDropExpect& e : list)
        {
            if (e.end + kSettle <= now)
            {
                Impl::Count(e, out);
            }
        }
    }
    return out;
}

} // namespace ns3
