/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "duty-cycle-scheduler.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DutyCycleScheduler");

NS_OBJECT_ENSURE_REGISTERED(DutyCycleScheduler);
NS_OBJECT_ENSURE_REGISTERED(DutyCycleNetDevice);

namespace
{
/// 802.15.4 at 2.4 GHz: 250 kb/s.
constexpr int64_t kNanosecondsPerByte = 32000;
/// SHR (preamble, SFD) and PHR: 6 bytes.
constexpr uint32_t kPhyOverheadBytes = 6;
/// MAC header with short addresses and PAN ID compression (9) plus FCS (2).
constexpr uint32_t kMacOverheadBytes = 11;
} // namespace

TypeId
DutyCycleNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DutyCycleNetDevice")
            .SetParent<LrWpanNetDevice>()
            .SetGroupName("BloomGossip")
            .AddConstructor<DutyCycleNetDevice>()
            .AddAttribute("MaxTransmitHold",
                          "The longest a frame may wait in the device for the radio's next "
                          "active window before it reaches the MAC: the DutyCycleScheduler's "
                          "Period, 0 without duty cycling (read only)",
                          TypeId::ATTR_GET,
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&DutyCycleNetDevice::GetMaxTransmitHold),
                          MakeTimeChecker());
    return tid;
}

DutyCycleNetDevice::DutyCycleNetDevice()
{
    NS_LOG_FUNCTION(this);
}

DutyCycleNetDevice::~DutyCycleNetDevice() = default;

bool
DutyCycleNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    if (m_scheduler)
    {
        m_scheduler->Send(packet, dest, protocolNumber);
        return true;
    }
    return LrWpanNetDevice::Send(packet, dest, protocolNumber);
}

bool
DutyCycleNetDevice::SendNow(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    return LrWpanNetDevice::Send(packet, dest, protocolNumber);
}

void
DutyCycleNetDevice::SetScheduler(Ptr<DutyCycleScheduler> scheduler)
{
    m_scheduler = scheduler;
}

Ptr<DutyCycleScheduler>
DutyCycleNetDevice::GetScheduler() const
{
    return m_scheduler;
}

Time
DutyCycleNetDevice::GetMaxTransmitHold() const
{
    return m_scheduler ? m_scheduler->GetPeriod() : Seconds(0);
}

TypeId
DutyCycleScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DutyCycleScheduler")
            .SetParent<Object>()
            .SetGroupName("BloomGossip")
            .AddConstructor<DutyCycleScheduler>()
            .AddAttribute("Period",
                          "Length of one schedule period (an active window, then sleep)",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&DutyCycleScheduler::m_period),
                          MakeTimeChecker(MilliSeconds(1), Seconds(1e7)))
            .AddAttribute("DutyCycle",
                          "Share of every period the radio is on, in (0, 1]",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&DutyCycleScheduler::m_dutyCycle),
                          MakeDoubleChecker<double>(std::numeric_limits<double>::min(), 1.0))
            .AddAttribute("Guard",
                          "Room kept before a window's end, beyond a frame's air time, for "
                          "CSMA-CA backoffs",
                          TimeValue(MilliSeconds(5)),
                          MakeTimeAccessor(&DutyCycleScheduler::m_guard),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("StartJitter",
                          "The first frame of a window leaves after a uniform random delay up "
                          "to this (capped to half the window)",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&DutyCycleScheduler::m_startJitter),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Deferred",
                            "A frame waits for the next window",
                            MakeTraceSourceAccessor(&DutyCycleScheduler::m_deferredTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

DutyCycleScheduler::DutyCycleScheduler()
    : m_period(Seconds(1)),
      m_dutyCycle(1.0),
      m_guard(MilliSeconds(5)),
      m_startJitter(MilliSeconds(10)),
      m_rng(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

DutyCycleScheduler::~DutyCycleScheduler() = default;

void
DutyCycleScheduler::DoDispose()
{
    m_windowEvent.Cancel();
    m_pumpEvent.Cancel();
    m_queue.clear();
    if (m_gated)
    {
        m_gated->SetScheduler(nullptr);
    }
    m_gated = nullptr;
    m_device = nullptr;
    m_rng = nullptr;
    Object::DoDispose();
}

int64_t
DutyCycleScheduler::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

Time
DutyCycleScheduler::AirTime(uint32_t bytes)
{
    return NanoSeconds(kNanosecondsPerByte * (bytes + kMacOverheadBytes + kPhyOverheadBytes));
}

Time
DutyCycleScheduler::GetPeriod() const
{
    return m_period;
}

double
DutyCycleScheduler::GetDutyCycle() const
{
    return m_dutyCycle;
}

Time
DutyCycleScheduler::GetWindow() const
{
    return NanoSeconds(static_cast<int64_t>(m_dutyCycle * m_period.GetNanoSeconds()));
}

bool
DutyCycleScheduler::InWindow(Time t) const
{
    const int64_t period = m_period.GetNanoSeconds();
    return t.GetNanoSeconds() % period < GetWindow().GetNanoSeconds();
}

uint32_t
DutyCycleScheduler::GetQueueLength() const
{
    return static_cast<uint32_t>(m_queue.size());
}

Time
DutyCycleScheduler::CurrentWindowEnd() const
{
    const int64_t period = m_period.GetNanoSeconds();
    const int64_t now = Simulator::Now().GetNanoSeconds();
    return NanoSeconds(now - now % period) + GetWindow();
}

void
DutyCycleScheduler::Install(Ptr<LrWpanNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ASSERT(device);
    NS_ABORT_MSG_UNLESS(m_dutyCycle > 0 && m_dutyCycle <= 1,
                        "DutyCycleScheduler: DutyCycle " << m_dutyCycle << " not in (0, 1]");
    m_device = device;
    m_gated = DynamicCast<DutyCycleNetDevice>(device);
    if (m_gated)
    {
        m_gated->SetScheduler(this);
    }
    Ptr<LrWpanMac> mac = device->GetMac();
    mac->TraceConnectWithoutContext("MacTxOk", MakeCallback(&DutyCycleScheduler::MacDone, this));
    mac->TraceConnectWithoutContext("MacTxDrop", MakeCallback(&DutyCycleScheduler::MacDone, this));
    const int64_t period = m_period.GetNanoSeconds();
    const int64_t now = Simulator::Now().GetNanoSeconds();
    const int64_t next = now % period == 0 ? now : now - now % period + period;
    m_windowEvent =
        Simulator::Schedule(NanoSeconds(next - now), &DutyCycleScheduler::WindowStart, this);
}

void
DutyCycleScheduler::WindowStart()
{
    if (m_stopped)
    {
        return;
    }
    m_active = true;
    const Time window = GetWindow();
    if (window < m_period)
    {
        m_device->GetMac()->SetRxOnWhenIdle(true);
        m_windowEvent = Simulator::Schedule(window, &DutyCycleScheduler::WindowEnd, this);
    }
    else
    {
        m_windowEvent = Simulator::Schedule(m_period, &DutyCycleScheduler::WindowStart, this);
    }
    if (!m_queue.empty() && !m_busy)
    {
        const double cap = std::min(m_startJitter.GetSeconds(), window.GetSeconds() / 2);
        m_jitterPending = true;
        m_pumpEvent.Cancel();
        m_pumpEvent = bloom::ScheduleCall(Seconds(m_rng->GetValue(0.0, cap)), [this]() {
            m_jitterPending = false;
            Pump();
        });
    }
}

void
DutyCycleScheduler::WindowEnd()
{
    m_active = false;
    m_device->GetMac()->SetRxOnWhenIdle(false);
    m_windowEvent =
        Simulator::Schedule(m_period - GetWindow(), &DutyCycleScheduler::WindowStart, this);
}

void
DutyCycleScheduler::Send(Ptr<Packet> packet, const Address& to, uint16_t protocol)
{
    if (m_stopped)
    {
        return;
    }
    m_queue.push_back(Pending{packet, to, protocol});
    Pump();
}

void
DutyCycleScheduler::Pump()
{
    if (m_stopped || m_busy || m_jitterPending || m_queue.empty())
    {
        return;
    }
    const Pending& head = m_queue.front();
    const Time now = Simulator::Now();
    if (!m_active || now + AirTime(head.packet->GetSize()) + m_guard > CurrentWindowEnd())
    {
        NS_LOG_LOGIC("frame waits for the next window");
        m_deferredTrace(head.packet);
        return; // WindowStart pumps again
    }
    Pending p = m_queue.front();
    m_queue.pop_front();
    m_busy = true;
    m_busyUid = p.packet->GetUid();
    if (!(m_gated ? m_gated->SendNow(p.packet, p.to, p.protocol)
                  : m_device->Send(p.packet, p.to, p.protocol)))
    {
        m_busy = false;
        Pump();
    }
}

void
DutyCycleScheduler::MacDone(Ptr<const Packet> packet)
{
    if (m_busy && packet->GetUid() == m_busyUid)
    {
        m_busy = false;
        // Not from inside the MAC's own call chain.
        m_pumpEvent = Simulator::ScheduleNow(&DutyCycleScheduler::Pump, this);
    }
}

void
DutyCycleScheduler::Stop()
{
    NS_LOG_FUNCTION(this);
    m_stopped = true;
    m_active = false;
    m_queue.clear();
    m_windowEvent.Cancel();
    m_pumpEvent.Cancel();
}

} // namespace ns3
