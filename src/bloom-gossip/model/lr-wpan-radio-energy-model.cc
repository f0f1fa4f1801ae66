/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lr-wpan-radio-energy-model.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LrWpanRadioEnergyModel");

NS_OBJECT_ENSURE_REGISTERED(LrWpanRadioEnergyModel);

#if BLOOM_GOSSIP_NS3_VERSION >= 3042
namespace lr = lrwpan;
#else
namespace lr = ns3;
#endif

namespace
{
/// Supply voltage assumed without an energy source (the CC2420 figures').
constexpr double kDefaultVoltage = 3.0;
/// Predictions further away than this are not scheduled (Time's range ends
/// at about 9.2e9 s); the next state change predicts again.
constexpr double kLongestPredictionS = 1e9;
/// The largest current of any state: no 802.15.4 transceiver draws an
/// ampere (the CC2420's largest is 18.8 mA); beyond it a nanosecond could
/// hold more energy than the depletion margin.
constexpr double kMaxCurrentA = 1.0;
} // namespace

TypeId
LrWpanRadioEnergyModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LrWpanRadioEnergyModel")
            .SetParent<DeviceEnergyModel>()
            .SetGroupName("BloomGossip")
            .AddConstructor<LrWpanRadioEnergyModel>()
            .AddAttribute("TxCurrentA",
                          "Current while transmitting (BUSY_TX); CC2420 at 0 dBm: 17.4 mA",
                          DoubleValue(0.0174),
                          MakeDoubleAccessor(&LrWpanRadioEnergyModel::m_txCurrentA),
                          MakeDoubleChecker<double>(0.0, kMaxCurrentA))
            .AddAttribute("RxCurrentA",
                          "Current while receiving a frame (BUSY_RX); CC2420: 18.8 mA",
                          DoubleValue(0.0188),
                          MakeDoubleAccessor(&LrWpanRadioEnergyModel::m_rxCurrentA),
                          MakeDoubleChecker<double>(0.0, kMaxCurrentA))
            .AddAttribute("ListenCurrentA",
                          "Current with the receiver on and no frame (RX_ON); CC2420: 18.8 mA",
                          DoubleValue(0.0188),
                          MakeDoubleAccessor(&LrWpanRadioEnergyModel::m_listenCurrentA),
                          MakeDoubleChecker<double>(0.0, kMaxCurrentA))
            .AddAttribute("IdleCurrentA",
                          "Current in TX_ON (turnarounds; CC2420 idle mode): 426 uA",
                          DoubleValue(426e-6),
                          MakeDoubleAccessor(&LrWpanRadioEnergyModel::m_idleCurrentA),
                          MakeDoubleChecker<double>(0.0, kMaxCurrentA))
            .AddAttribute("SleepCurrentA",
                          "Current with the transceiver off (TRX_OFF; CC2420 power down): 20 uA",
                          DoubleValue(20e-6),
                          MakeDoubleAccessor(&LrWpanRadioEnergyModel::m_sleepCurrentA),
                          MakeDoubleChecker<double>(0.0, kMaxCurrentA))
            .AddAttribute("DepletionMarginJ",
                          "Energy left in the source at which the node counts as depleted. "
                          "The model checks the source when half of it is left, before "
                          "BasicEnergySource would charge past zero (it rounds each charge "
                          "to 1e-9 J); 1 uJ is 18 us at the 56.4 mW of RX",
                          DoubleValue(1e-6),
                          MakeDoubleAccessor(&LrWpanRadioEnergyModel::m_depletionMarginJ),
                          MakeDoubleChecker<double>(1e-8))
            .AddTraceSource("TotalEnergyConsumption",
                            "Energy (J) the radio has used, updated at every state change",
                            MakeTraceSourceAccessor(&LrWpanRadioEnergyModel::m_totalEnergy),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("Depleted",
                            "The energy source ran out: the radio is off for good.  Fired "
                            "once, after the radio was switched off, at the instant of the "
                            "depletion; the layers above stop through it",
                            MakeTraceSourceAccessor(&LrWpanRadioEnergyModel::m_depletedTrace),
                            "ns3::LrWpanRadioEnergyModel::DepletedCallback");
    return tid;
}

LrWpanRadioEnergyModel::LrWpanRadioEnergyModel()
    : m_txCurrentA(0.0174),
      m_rxCurrentA(0.0188),
      m_listenCurrentA(0.0188),
      m_idleCurrentA(426e-6),
      m_sleepCurrentA(20e-6),
      m_depletionMarginJ(1e-6),
      m_lastUpdate(Simulator::Now()),
      m_totalEnergy(0.0)
{
    NS_LOG_FUNCTION(this);
}

LrWpanRadioEnergyModel::~LrWpanRadioEnergyModel() = default;

void
LrWpanRadioEnergyModel::DoDispose()
{
    m_depletionCheck.Cancel();
    m_source = nullptr;
    m_device = nullptr;
    m_detachedPhy = nullptr;
    DeviceEnergyModel::DoDispose();
}

void
LrWpanRadioEnergyModel::AttachDevice(Ptr<LrWpanNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ASSERT(device);
    m_device = device;
    device->GetPhy()->TraceConnectWithoutContext(
        "TrxState",
        MakeCallback(&LrWpanRadioEnergyModel::NotifyTrxState, this));
}

void
LrWpanRadioEnergyModel::SetEnergySource(Ptr<EnergySource> source)
{
    NS_LOG_FUNCTION(this << source);
    NS_ASSERT(source);
    m_source = source;
    // Predict once the source has this model among its consumers.
    m_depletionCheck.Cancel();
    m_depletionCheck = Simulator::ScheduleNow(&LrWpanRadioEnergyModel::CheckDepletion, this);
}

LrWpanRadioEnergyModel::State
LrWpanRadioEnergyModel::FromPhyState(LrWpanPhyEnumeration phyState)
{
    switch (phyState)
    {
    case IEEE_802_15_4_PHY_BUSY_TX:
        return TX;
    case IEEE_802_15_4_PHY_BUSY_RX:
        return RX;
    case IEEE_802_15_4_PHY_RX_ON:
        return LISTEN;
    case IEEE_802_15_4_PHY_TX_ON:
        return IDLE;
    default:
        return SLEEP;
    }
}

std::string
LrWpanRadioEnergyModel::StateName(State state)
{
    switch (state)
    {
    case TX:
        return "tx";
    case RX:
        return "rx";
    case LISTEN:
        return "listen";
    case IDLE:
        return "idle";
    case SLEEP:
        return "sleep";
    }
    return "?";
}

double
LrWpanRadioEnergyModel::GetStateCurrent(State state) const
{
    switch (state)
    {
    case TX:
        return m_txCurrentA;
    case RX:
        return m_rxCurrentA;
    case LISTEN:
        return m_listenCurrentA;
    case IDLE:
        return m_idleCurrentA;
    case SLEEP:
        return m_sleepCurrentA;
    }
    return 0.0;
}

double
LrWpanRadioEnergyModel::GetSupplyVoltage() const
{
    return m_source ? m_source->GetSupplyVoltage() : kDefaultVoltage;
}

double
LrWpanRadioEnergyModel::DoGetCurrentA() const
{
    return m_depleted ? 0.0 : GetStateCurrent(m_state);
}

void
LrWpanRadioEnergyModel::Account()
{
    const Time now = Simulator::Now();
    const Time elapsed = now - m_lastUpdate;
    if (elapsed.IsStrictlyPositive())
    {
        m_time[m_state] += elapsed;
        const double joules = DoGetCurrentA() * GetSupplyVoltage() * elapsed.GetSeconds();
        m_energy[m_state] += joules;
        m_totalEnergy += joules;
    }
    m_lastUpdate = now;
}

void
LrWpanRadioEnergyModel::ChangeState(int newState)
{
    NS_LOG_FUNCTION(this << newState);
    NS_ASSERT(newState >= 0 && newState < kStates);
    Account();
    // The source charges the interval since its last update at the current
    // it reads now: update it (GetRemainingEnergy does) before the current
    // changes, then predict the depletion at the new current.
    if (m_source && !m_depleted)
    {
        const double remainingJ = m_source->GetRemainingEnergy();
        m_state = static_cast<State>(newState);
        if (!m_depleted)
        {
            ScheduleDepletionCheck(remainingJ);
        }
        return;
    }
    m_state = static_cast<State>(newState);
}

void
LrWpanRadioEnergyModel::ScheduleDepletionCheck(double remainingJ)
{
    // BasicEnergySource asserts (debug builds) that no charge exceeds what is
    // left, and notices an empty battery only at its updates: schedule one
    // for when half the margin is left, rounded down to the nanosecond.
    m_depletionCheck.Cancel();
    const double watts = DoGetCurrentA() * GetSupplyVoltage();
    if (watts <= 0)
    {
        return;
    }
    const double seconds = std::max(0.0, remainingJ - m_depletionMarginJ / 2) / watts;
    if (seconds < kLongestPredictionS)
    {
        m_depletionCheck = Simulator::Schedule(NanoSeconds(std::floor(seconds * 1e9)),
                                               &LrWpanRadioEnergyModel::CheckDepletion,
                                               this);
    }
}

void
LrWpanRadioEnergyModel::CheckDepletion()
{
    if (!m_source || m_depleted)
    {
        return;
    }
    const double remainingJ = m_source->GetRemainingEnergy(); // may deplete
    if (m_depleted)
    {
        return;
    }
    const double watts = DoGetCurrentA() * GetSupplyVoltage();
    if (remainingJ <= m_depletionMarginJ ||
        (watts > 0 && (remainingJ - m_depletionMarginJ / 2) / watts < 1e-9))
    {
        // A source whose low-battery threshold is below the margin, or less
        // than a nanosecond of energy left above half the margin: the next
        // check would fall at this same instant, for ever.
        HandleEnergyDepletion();
        return;
    }
    ScheduleDepletionCheck(remainingJ); // e.g. a harvester added energy
}

void
LrWpanRadioEnergyModel::NotifyTrxState(Time, LrWpanPhyEnumeration, LrWpanPhyEnumeration newState)
{
    const State state = FromPhyState(newState);
    if (state != m_state)
    {
        ChangeState(state);
    }
    if (m_detachedPhy && state != SLEEP)
    {
        // Powered off, yet on: ns-3.35's PHY returns to RX_ON at the end of
        // a reception FORCE_TRX_OFF discarded.  Off again at this instant,
        // once the PHY's call chain has returned.
        Simulator::ScheduleNow(&LrWpanRadioEnergyModel::ForceTrxOff, this);
    }
}

double
LrWpanRadioEnergyModel::GetTotalEnergyConsumption() const
{
    const Time elapsed = Simulator::Now() - m_lastUpdate;
    return m_totalEnergy.Get() + DoGetCurrentA() * GetSupplyVoltage() * elapsed.GetSeconds();
}

LrWpanRadioEnergyModel::State
LrWpanRadioEnergyModel::GetState() const
{
    return m_state;
}

Time
LrWpanRadioEnergyModel::GetStateTime(State state) const
{
    Time t = m_time[state];
    if (state == m_state)
    {
        t += Simulator::Now() - m_lastUpdate;
    }
    return t;
}

double
LrWpanRadioEnergyModel::GetStateEnergy(State state) const
{
    double e = m_energy[state];
    if (state == m_state)
    {
        e += DoGetCurrentA() * GetSupplyVoltage() * (Simulator::Now() - m_lastUpdate).GetSeconds();
    }
    return e;
}

bool
LrWpanRadioEnergyModel::IsDepleted() const
{
    return m_depleted;
}

Time
LrWpanRadioEnergyModel::GetDepletionTime() const
{
    return m_depletionTime;
}

double
LrWpanRadioEnergyModel::GetDepletionMargin() const
{
    return m_depletionMarginJ;
}

void
LrWpanRadioEnergyModel::HandleEnergyDepletion()
{
    NS_LOG_FUNCTION(this);
    if (m_depleted)
    {
        return;
    }
    Account();
    m_depleted = true;
    m_depletionCheck.Cancel();
    m_depletionTime = Simulator::Now();
    NS_LOG_INFO("node " << (m_device ? m_device->GetNode()->GetId() : 0) << " depleted at "
                        << m_depletionTime.As(Time::S));
    // The source calls from inside its update, possibly from inside the
    // PHY's state trace: stop the node once that call chain has returned.
    Simulator::ScheduleNow(&LrWpanRadioEnergyModel::StopNode, this);
}

void
LrWpanRadioEnergyModel::StopNode()
{
    if (!m_device)
    {
        return;
    }
    PowerOff();
    // What else stops (the duty-cycle schedule, the applications) is up to
    // whoever listens: LrWpanEnergyHelper connects its default reaction.
    m_depletedTrace(m_device->GetNode()->GetId());
}

void
LrWpanRadioEnergyModel::PowerOff()
{
    Ptr<LrWpanPhy> phy = m_device->GetPhy();
    Ptr<LrWpanMac> mac = m_device->GetMac();
    // The PHY tells the MAC nothing more: no frame, no confirm (of the
    // transmission or CCA in progress, or of the switch below).
    phy->SetPdDataIndicationCallback(lr::PdDataIndicationCallback());
    phy->SetPdDataConfirmCallback(lr::PdDataConfirmCallback());
    phy->SetPlmeCcaConfirmCallback(lr::PlmeCcaConfirmCallback());
    phy->SetPlmeEdConfirmCallback(lr::PlmeEdConfirmCallback());
    phy->SetPlmeSetTRXStateConfirmCallback(lr::PlmeSetTRXStateConfirmCallback());
    // Whatever the MAC was doing (a CSMA-CA backoff, an ACK wait, a
    // retransmission, frames in its queue) it does with a transceiver that
    // is attached to nothing and never answers: it stops at its next request
    // and never reaches the radio again.
    m_detachedPhy = CreateObject<LrWpanPhy>();
    mac->SetPhy(m_detachedPhy);
    mac->SetRxOnWhenIdle(false);
    // The transceiver off now: a reception in progress is discarded, a
    // transmission in progress ends here for the node (its signal is already
    // on the channel).
    ForceTrxOff();
}

void
LrWpanRadioEnergyModel::ForceTrxOff()
{
    if (m_device)
    {
        m_device->GetPhy()->PlmeSetTRXStateRequest(lr::IEEE_802_15_4_PHY_FORCE_TRX_OFF);
    }
}

void
LrWpanRadioEnergyModel::HandleEnergyRecharged()
{
    NS_LOG_FUNCTION(this);
}

void
LrWpanRadioEnergyModel::HandleEnergyChanged()
{
}

} // namespace ns3
