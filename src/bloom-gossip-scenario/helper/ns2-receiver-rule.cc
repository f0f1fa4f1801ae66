/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns2-receiver-rule.h"

#ifndef BLOOM_GOSSIP_WIFI
#error "BLOOM_GOSSIP_WIFI is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#include "ns3/callback.h"
#include "ns3/constant-position-mobility-model.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#if BLOOM_GOSSIP_WIFI
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-phy.h"
#endif

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ns2ReceiverRule");

namespace
{

/// Slack of the carrier-sense comparison (dB): a receiver exactly at the range is in.
constexpr double kLevelSlackDb = 0.01;

/// ConstantSpeedPropagationDelayModel's speed (m/s).
constexpr double kLightSpeed = 299792458.0;

/// How long after its end a frame stays recorded for Lost().
const Time kKeep = MilliSeconds(10);

} // namespace

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

#if BLOOM_GOSSIP_WIFI
namespace
{

/// PhyTxBegin of node `node`.
void
TxBegin(Ns2ReceiverRule* rule, uint32_t node, Ptr<const Packet> packet, double txW)
{
    rule->Record(node, packet, txW);
}

} // namespace
#endif

Ns2ReceiverRule::Ns2ReceiverRule(std::vector<Ptr<MobilityModel>> mobility,
                                 Ptr<PropagationLossModel> loss,
                                 double rxDbm,
                                 double csDbm,
                                 double captureDb)
    : m_audience(std::move(mobility), loss, csDbm),
      m_rxDbm(rxDbm),
      m_captureDb(captureDb),
      m_rx(m_audience.GetMobility().size())
{
}

void
Ns2ReceiverRule::Connect(const NetDeviceContainer& devices)
{
    NS_ABORT_MSG_UNLESS(devices.GetN() == m_rx.size(),
                        "Ns2ReceiverRule: " << devices.GetN() << " devices for " << m_rx.size()
                                            << " nodes");
#if BLOOM_GOSSIP_WIFI
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<WifiNetDevice> wifi = DynamicCast<WifiNetDevice>(devices.Get(i));
        NS_ABORT_MSG_UNLESS(wifi, "Ns2ReceiverRule: device " << i << " is not an 802.11 device");
        wifi->GetPhy()->TraceConnectWithoutContext("PhyTxBegin",
                                                   MakeBoundCallback(&TxBegin, this, i));
    }
#endif
}

void
Ns2ReceiverRule::SetListener(Listener* listener)
{
    m_listener = listener;
}

void
Ns2ReceiverRule::AddFate(uint32_t node, const Frame& f, uint8_t fate)
{
    std::deque<Frame>& q = m_rx[node].frames;
    for (auto it = q.rbegin(); it != q.rend(); ++it)
    {
        if (it->uid == f.uid && it->start == f.start)
        {
            it->fate |= fate;
            if (m_listener)
            {
                m_listener->OnFate(node, *it);
            }
            return;
        }
    }
}

void
Ns2ReceiverRule::Record(uint32_t sender, Ptr<const Packet> packet, double txW)
{
    const Time now = Simulator::Now();
    const Time air = WifiAirTime(packet->GetSize());
    const uint64_t uid = packet->GetUid();
    Receiver& s = m_rx[sender];
    s.txEnd = now + air;
    // tx_active_: whatever the sender has on the air is never traced, and
    // the frame it holds is freed at its end.
    for (Frame& f : s.frames)
    {
        if (f.end > now)
        {
            const bool held = s.held.end > now && f.uid == s.held.uid && f.start == s.held.start;
            f.fate |= OVERLAPS_SENDING | (held ? FREED : 0);
            if (m_listener)
            {
                m_listener->OnFate(sender, f);
            }
        }
    }
    m_scratch.clear();
    for (const WifiAudience::Hearer& h : m_audience.Of(sender, 10 * std::log10(txW) + 30))
    {
        Receiver& r = m_rx[h.node];
        while (!r.frames.empty() && r.frames.front().end + kKeep < now)
        {
            r.frames.pop_front();
        }
        Frame x{uid, now + h.delay, now + h.delay + air, h.dbm, 0};
        // ns-2's error flag: beyond the reception range, or arriving while
        // the receiver transmits (it is held all the same).
        if (x.dbm < m_rxDbm)
        {
            x.fate |= BEYOND_RANGE;
        }
        if (r.txEnd > x.start)
        {
            x.fate |= WHILE_SENDING;
        }
        if (r.held.end > x.start)
        {
            // Sent at the same instant as the held one, it may arrive first.
            const bool first = x.start < r.held.start;
            const Frame& earlier = first ? x : r.held;
            const Frame& later = first ? r.held : x;
            if (earlier.dbm - later.dbm >= m_captureDb)
            {
                // capture(): the later one is dropped, the earlier held.
                if (first)
                {
                    AddFate(h.node, r.held, CAPTURED);
                    r.held = x;
                }
                else
                {
                    x.fate |= CAPTURED;
                }
            }
            else
            {
                // collision(): both lost; the one that ends last is held.
                x.fate |= COLLIDED;
                AddFate(h.node, r.held, COLLIDED);
                if (x.end > r.held.end)
                {
                    r.held = x;
                }
            }
        }
        else
        {
            r.held = x;
        }
        r.frames.push_back(x);
        m_scratch.push_back(Arrival{h.node, x});
    }
    NS_LOG_LOGIC("node " << sender << " sends uid " << uid << " to " << m_scratch.size()
                         << " nodes");
    if (m_listener)
    {
        m_listener->OnTransmission(sender, packet, m_scratch);
    }
}

bool
Ns2ReceiverRule::Lost(uint32_t node, uint64_t uid) const
{
    const std::deque<Frame>& q = m_rx[node].frames;
    const Time now = Simulator::Now();
    auto f = std::find_if(q.rbegin(), q.rend(), [uid, now](const Frame& a) {
        return a.uid == uid && a.start <= now;
    });
    return f != q.rend() && f->Lost(); // not recorded: not ours to judge
}

} // namespace ns3
