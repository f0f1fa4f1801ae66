/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wifi-drop-counter.h"

#ifndef BLOOM_GOSSIP_WIFI
#error "BLOOM_GOSSIP_WIFI is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#include "ns3/bloom-gossip-version.h"
#include "ns3/callback.h"
#include "ns3/constant-position-mobility-model.h"
#include "ns3/log.h"
#include "ns3/mobility-model.h"
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
#include <map>
#include <unordered_map>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WifiDropCounter");

namespace
{

/// A power given in W, in dBm.
double
WattToDbm(double w)
{
    return 10 * std::log10(w) + 30;
}

/// Slack of the level comparisons (dB): a receiver exactly at a range is in.
constexpr double kLevelSlackDb = 0.01;

/// How long after a frame's end its receptions are settled (RxOk comes at the end).
const Time kSettle = MilliSeconds(1);

/// ConstantSpeedPropagationDelayModel's speed (m/s).
constexpr double kLightSpeed = 299792458.0;

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

Time
WifiAirTime(uint32_t mpduBytes)
{
    // DSSS: 144 us preamble and 48 us header at 1 Mb/s, then the MPDU at
    // 11 Mb/s in whole microseconds (DsssPhy::GetPayloadDuration).
    return MicroSeconds(192 + static_cast<int64_t>(std::ceil(mpduBytes * 8.0 / 11.0)));
}

WifiAudience::WifiAudience(std::vector<Ptr<MobilityModel>> mobility,
                           Ptr<PropagationLossModel> loss,
                           double csDbm)
    : m_mobility(std::move(mobility)),
      m_loss(loss),
      m_csDbm(csDbm),
      m_static(std::all_of(m_mobility.begin(),
                           m_mobility.end(),
                           [](const Ptr<MobilityModel>& m) {
                               return DynamicCast<ConstantPositionMobilityModel>(m) != nullptr;
                           })),
      m_cache(m_static ? m_mobility.size() : 0),
      m_cachedDbm(m_static ? m_mobility.size() : 0, std::nan(""))
{
}

const std::vector<WifiAudience::Hearer>&
WifiAudience::Of(uint32_t sender, double txDbm)
{
    if (m_static && m_cachedDbm[sender] == txDbm)
    {
        return m_cache[sender];
    }
    std::vector<Hearer>& out = m_static ? m_cache[sender] : m_scratch;
    out.clear();
    for (uint32_t r = 0; r < m_mobility.size(); ++r)
    {
        if (r == sender)
        {
            continue;
        }
        const double dbm = m_loss->CalcRxPower(txDbm, m_mobility[sender], m_mobility[r]);
        if (dbm >= m_csDbm - kLevelSlackDb)
        {
            out.push_back(
                Hearer{r,
                       dbm,
                       Seconds(m_mobility[sender]->GetDistanceFrom(m_mobility[r]) / kLightSpeed)});
        }
    }
    if (m_static)
    {
        m_cachedDbm[sender] = txDbm;
    }
    return out;
}

/// One receiver that would have received a transmission alone.
struct WifiDropExpect
{
    uint32_t receiver{0}; //!< node index
    Time end;             //!< end of the frame on the air
    bool excluded{false}; //!< never a COL drop in ns-2 (own transmission, captured)
    bool received{false}; //!< the receiver's PHY received it
};

/// A receiver as ns-2's MAC sees it.
struct WifiDropNode
{
    Time lockArrival;    //!< arrival of the frame the receiver is locked on (pktRx_)
    Time lockEnd;        //!< its end
    double lockDbm{0};   //!< its rx power
    uint64_t lockUid{0}; //!< its packet uid
    Time txEnd;          //!< end of the node's own transmission
};

struct WifiDropCounter::Impl
{
    std::unique_ptr<WifiAudience> audience; //!< who hears whom
    std::vector<Address> addresses;         //!< per node: the device's MAC address
    double rxDbm{0};                        //!< reception level
    double captureDb{10};                   //!< capture threshold
    std::vector<WifiDropNode> nodes;        //!< per node
    /// Pending receptions by packet uid (retransmissions keep the uid).
    std::unordered_map<uint64_t, std::vector<WifiDropExpect>> active;
    std::vector<std::pair<Time, uint64_t>> order; //!< (frame end, uid), in transmission order
    size_t orderHead{0};                          //!< first entry of `order` not settled
    WifiDropCounts counts;                        //!< settled so far

    /// Count the receptions of frames that ended before `now` - kSettle.
    void Settle(Time now);

    void OnTx(uint32_t sender, Ptr<const Packet> packet, double txPowerW);
    /// Mark the reception of `uid` by `receiver` that ends at `end` as never a COL drop.
    void Exclude(uint64_t uid, uint32_t receiver, Time end);
    void OnRxOk(uint32_t receiver, Ptr<const Packet> packet);
#if BLOOM_GOSSIP_WIFI
    void OnDropped(WifiMacDropReason reason);
#endif
};

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
            if (!e->excluded && !e->received)
            {
                ++counts.collisionDrops;
            }
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
WifiDropCounter::Impl::Exclude(uint64_t uid, uint32_t receiver, Time end)
{
    auto it = active.find(uid);
    if (it == active.end())
    {
        return;
    }
    for (WifiDropExpect& e : it->second)
    {
        if (e.receiver == receiver && e.end == end)
        {
            e.excluded = true;
        }
    }
}

void
WifiDropCounter::Impl::OnTx(uint32_t sender, Ptr<const Packet> packet, double txPowerW)
{
    const Time now = Simulator::Now();
    Settle(now);
    ++counts.transmissions;
    const Time air = WifiAirTime(packet->GetSize());
    const uint64_t uid = packet->GetUid();
    // The sender's own frame: whatever it was receiving is lost without a
    // COL line (ns-2 frees it: tx_active_).
    nodes[sender].txEnd = now + air;
    for (auto& [id, list] : active)
    {
        for (WifiDropExpect& e : list)
        {
            if (e.receiver == sender && e.end > now)
            {
                e.excluded = true;
            }
        }
    }
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
    for (const WifiAudience::Hearer& hearer : audience->Of(sender, WattToDbm(txPowerW)))
    {
        const uint32_t r = hearer.node;
        const double dbm = hearer.dbm;
        // Frames that start together arrive in the order of their distance.
        const Time arrival = now + hearer.delay;
        const Time end = arrival + air;
        WifiDropNode& n = nodes[r];
        const bool good = dbm >= rxDbm - kLevelSlackDb && (broadcast || to == addresses[r]);
        bool excluded = n.txEnd > arrival; // arrives while the receiver transmits
        bool lock = true;
        if (n.lockEnd > arrival && n.lockArrival <= arrival)
        {
            // Arrives while the receiver holds a frame (Mac802_11::recv).
            if (n.lockDbm - dbm >= captureDb)
            {
                excluded = true; // captured: freed without a trace line
                lock = false;
            }
            else
            {
                lock = end > n.lockEnd; // a collision: the frame that ends last stays
            }
        }
        else if (n.lockEnd > arrival)
        {
            // The held frame was sent at this same instant but arrives later
            // (its PhyTxBegin came first): this one is the first.
            if (dbm - n.lockDbm >= captureDb)
            {
                Exclude(n.lockUid, r, n.lockEnd); // the other one is captured
            }
            else
            {
                lock = end > n.lockEnd;
            }
        }
        if (lock)
        {
            n.lockArrival = arrival;
            n.lockEnd = end;
            n.lockDbm = dbm;
            n.lockUid = uid;
        }
        if (good)
        {
            expects.push_back(WifiDropExpect{r, end, excluded, false});
            last = std::max(last, end);
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
TxBegin(WifiDropCounter::Impl* impl, uint32_t node, Ptr<const Packet> packet, double txPowerW)
{
    impl->OnTx(node, packet, txPowerW);
}

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
                                 Ptr<PropagationLossModel> loss,
                                 double rxDbm,
                                 double csDbm,
                                 double captureDb)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->rxDbm = rxDbm;
    m_impl->captureDb = captureDb;
    m_impl->nodes.resize(devices.GetN());
    std::vector<Ptr<MobilityModel>> mobility;
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<NetDevice> device = devices.Get(i);
        mobility.push_back(device->GetNode()->GetObject<MobilityModel>());
        m_impl->addresses.push_back(device->GetAddress());
#if BLOOM_GOSSIP_WIFI
        Ptr<WifiNetDevice> wifi = DynamicCast<WifiNetDevice>(device);
        NS_ABORT_MSG_UNLESS(wifi, "WifiDropCounter: device " << i << " is not an 802.11 device");
        Ptr<WifiPhy> phy = wifi->GetPhy();
        phy->TraceConnectWithoutContext("PhyTxBegin", MakeBoundCallback(&TxBegin, m_impl.get(), i));
        PointerValue state;
        phy->GetAttribute("State", state);
        state.Get<WifiPhyStateHelper>()->TraceConnectWithoutContext(
            "RxOk",
            MakeBoundCallback(&RxOk, m_impl.get(), i));
        wifi->GetMac()->TraceConnectWithoutContext("DroppedMpdu",
                                                   MakeBoundCallback(&Dropped, m_impl.get()));
#endif
    }
    m_impl->audience = std::make_unique<WifiAudience>(std::move(mobility), loss, csDbm);
}

WifiDropCounter::~WifiDropCounter() = default;

WifiDropCounts
WifiDropCounter::GetCounts() const
{
    WifiDropCounts out = m_impl->counts;
    const Time now = Simulator::Now();
    for (const auto& [uid, list] : m_impl->active)
    {
        for (const WifiDropExpect& e : list)
        {
            if (e.end + kSettle <= now && !e.excluded && !e.received)
            {
                ++out.collisionDrops;
            }
        }
    }
    return out;
}

} // namespace ns3
