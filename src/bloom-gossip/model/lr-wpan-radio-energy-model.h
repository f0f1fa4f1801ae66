/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Radio energy of an lr-wpan (IEEE 802.15.4) device, fed by its PHY's
 * transceiver-state trace.
 */
#ifndef LR_WPAN_RADIO_ENERGY_MODEL_H
#define LR_WPAN_RADIO_ENERGY_MODEL_H

#include "bloom-gossip-compat.h"

#include "ns3/event-id.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <array>
#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief A DeviceEnergyModel of an 802.15.4 radio driven by the PHY's
 * `TrxState` trace source.
 *
 * The model maps every transceiver state of LrWpanPhy to one of five energy
 * states, each with its own current (attributes; defaults from the Texas
 * Instruments CC2420 data sheet, SWRS041c, Table "Electrical
 * Specifications", at 3 V):
 *
 * | PHY state            | energy state | current (default)                 |
 * |----------------------|--------------|-----------------------------------|
 * | BUSY_TX              | TX           | 17.4 mA (transmit, 0 dBm)         |
 * | BUSY_RX              | RX           | 18.8 mA (receive mode)            |
 * | RX_ON                | LISTEN       | 18.8 mA (receive mode)            |
 * | TX_ON (turnarounds)  | IDLE         | 426 uA (idle mode, oscillator on) |
 * | TRX_OFF, anything else | SLEEP      | 20 uA (power down, oscillator off)|
 *
 * RX of frames (BUSY_RX) and listening (RX_ON) draw the same current on the
 * CC2420; they are kept apart so that the air time of received frames can be
 * told from idle listening.  TX_ON is where lr-wpan waits during the 192 us
 * RX/TX turnaround and between a CCA and the transmission: the CC2420 is
 * then in its idle mode (oscillator running, no RF), hence IDLE.
 *
 * Energy of a state = current x supply voltage of the attached energy source
 * (3 V for the defaults; 3 V too when no source is attached) x time spent in
 * it.  The model counts every state's time and energy from its installation
 * (the PHY is in TRX_OFF then: install before Simulator::Run) and notifies
 * the energy source before every change, as ns-3's WifiRadioEnergyModel does.
 *
 * Depletion (HandleEnergyDepletion, called by the source when its energy
 * runs out) switches the radio off: from then on the model draws no current
 * and the radio stays off whatever the MAC was doing (PowerOff: the PHY
 * stops reporting to the MAC, the MAC talks to a detached transceiver that
 * never answers, the PHY is forced to TRX_OFF, discarding a reception in
 * progress, and kept there).  Then the model fires its `Depleted` trace
 * source, once.  The model knows nothing of the layers above it: whatever
 * else must stop (the node's duty-cycle schedule, its applications) listens
 * to `Depleted`, as LrWpanEnergyHelper connects by default.  Recharging
 * does not revive a node.
 */
class LrWpanRadioEnergyModel : public DeviceEnergyModel
{
  public:
    /// Energy states (see the class description for the mapping).
    enum State
    {
        TX = 0,     //!< transmitting a frame (BUSY_TX)
        RX = 1,     //!< receiving a frame (BUSY_RX)
        LISTEN = 2, //!< receiver on, no frame (RX_ON)
        IDLE = 3,   //!< transceiver idle between RX and TX (TX_ON)
        SLEEP = 4,  //!< transceiver off (TRX_OFF)
    };

    /// Number of energy states.
    static constexpr int kStates = 5;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    LrWpanRadioEnergyModel();
    ~LrWpanRadioEnergyModel() override;

    /**
     * Follow a device's PHY (its TrxState trace) and keep the device to
     * switch its radio off on depletion.
     * \param device the lr-wpan device
     */
    void AttachDevice(Ptr<LrWpanNetDevice> device);

    void SetEnergySource(Ptr<EnergySource> source) override;
    double GetTotalEnergyConsumption() const override;
    /// \param newState an energy State
    void ChangeState(int newState) override;
    void HandleEnergyDepletion() override;
    void HandleEnergyRecharged() override;
    void HandleEnergyChanged() override;

    /// \return the current energy state
    State GetState() const;
    /**
     * \param state an energy state
     * \return the time spent in the state up to now
     */
    Time GetStateTime(State state) const;
    /**
     * \param state an energy state
     * \return the energy (J) spent in the state up to now
     */
    double GetStateEnergy(State state) const;
    /**
     * \param state an energy state
     * \return its current (A), from the attributes
     */
    double GetStateCurrent(State state) const;
    /// \return the supply voltage (V): the energy source's, else 3 V
    double GetSupplyVoltage() const;
    /// \return whether the energy source ran out (HandleEnergyDepletion)
    bool IsDepleted() const;
    /// \return when the node died (only meaningful when IsDepleted)
    Time GetDepletionTime() const;
    /**
     * \return the energy (J) left in the source at which the node counts as
     * depleted (attribute DepletionMarginJ)
     */
    double GetDepletionMargin() const;

    /**
     * \param phyState a state of LrWpanPhy
     * \return the energy state it counts as
     */
    static State FromPhyState(LrWpanPhyEnumeration phyState);
    /**
     * \param state an energy state
     * \return its name: "tx", "rx", "listen", "idle" or "sleep"
     */
    static std::string StateName(State state);

    /// TracedCallback signature of Depleted: the node that died.
    typedef void (*DepletedCallback)(uint32_t nodeId);

  protected:
    void DoDispose() override;

  private:
    double DoGetCurrentA() const override;
    /// PHY TrxState trace sink.
    void NotifyTrxState(Time time, LrWpanPhyEnumeration oldState, LrWpanPhyEnumeration newState);
    /// Close the running interval: add its time and energy to the state.
    void Account();
    /**
     * Predict when the source, drawn at the current state's current, holds
     * half the margin, and schedule CheckDepletion() then.
     * \param remainingJ the source's energy now, just updated
     */
    void ScheduleDepletionCheck(double remainingJ);
    /// Update the source; depleted if it holds the margin or less, else predict again.
    void CheckDepletion();
    /// Switch the radio off and fire Depleted (scheduled by HandleEnergyDepletion).
    void StopNode();
    /**
     * Switch the radio off for good: cut the PHY's indications and confirms
     * to the MAC, give the MAC a detached transceiver that never answers,
     * and force the PHY to TRX_OFF.
     */
    void PowerOff();
    /// Force the PHY to TRX_OFF (after PowerOff, whenever it turns on).
    void ForceTrxOff();

    // Attributes.
    double m_txCurrentA;
    double m_rxCurrentA;
    double m_listenCurrentA;
    double m_idleCurrentA;
    double m_sleepCurrentA;
    double m_depletionMarginJ;

    Ptr<EnergySource> m_source;
    Ptr<LrWpanNetDevice> m_device;
    Ptr<LrWpanPhy> m_detachedPhy; //!< what the MAC talks to once the node is depleted
    State m_state{SLEEP};
    Time m_lastUpdate;
    std::array<Time, kStates> m_time{};
    std::array<double, kStates> m_energy{};
    bool m_depleted{false};
    Time m_depletionTime;
    EventId m_depletionCheck;
    TracedValue<double> m_totalEnergy; //!< TotalEnergyConsumption (J)
    TracedCallback<uint32_t> m_depletedTrace;
};

} // namespace ns3

#endif // LR_WPAN_RADIO_ENERGY_MODEL_H
