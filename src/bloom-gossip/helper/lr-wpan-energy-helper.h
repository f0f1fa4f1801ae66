/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Installs an energy source and an LrWpanRadioEnergyModel on lr-wpan
 * devices, and the duty-cycle schedule.
 */
#ifndef LR_WPAN_ENERGY_HELPER_H
#define LR_WPAN_ENERGY_HELPER_H

#include "ns3/attribute.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/duty-cycle-scheduler.h"
#include "ns3/lr-wpan-radio-energy-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Gives every lr-wpan device a BasicEnergySource (one per node) and an
 * LrWpanRadioEnergyModel attached to it and to the device's PHY.
 *
 * The source's initial energy is the battery (SetBattery); without one it is
 * practically unlimited (1e30 J).  Its low-battery threshold is 0: the node
 * dies when the battery is empty, detected at the next state change of the
 * radio or periodic update of the source (PeriodicEnergyUpdateInterval,
 * SetUpdateInterval).  Supply voltage: 3 V (BasicEnergySupplyVoltageV).
 *
 * The models switch the radio off on depletion and know nothing of the
 * layers above; Install connects every model's `Depleted` trace source to
 * StopNode, which stops the rest of the node.
 */
class LrWpanEnergyHelper
{
  public:
    LrWpanEnergyHelper();

    /**
     * \param joules initial energy of every node's source; 0: unlimited
     */
    void SetBattery(double joules);
    /**
     * \param interval the sources' periodic update (default 1 s)
     */
    void SetUpdateInterval(Time interval);
    /**
     * Set an attribute of the LrWpanRadioEnergyModel instances.
     * \param name attribute name
     * \param value its value
     */
    void SetModelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param devices lr-wpan devices (LrWpanNetDevice), one per node
     * \return one model per device, in the same order
     */
    std::vector<Ptr<LrWpanRadioEnergyModel>> Install(const NetDeviceContainer& devices);
    /**
     * What a node does when its radio's energy runs out (Install connects it
     * to every model's `Depleted` trace source): its DutyCycleScheduler, if
     * any, stops (queued frames dropped) and every BloomGossipApplication of
     * the node fails (BloomGossipApplication::Fail, as the workload's fail
     * events do), which also silences its BloomQueryApplication.  Public so
     * that a script attaching models itself can connect it too.
     * \param node the node whose radio is depleted
     * \param nodeId its id (the trace's argument)
     */
    static void StopNode(Ptr<Node> node, uint32_t nodeId);

    /// \return the sources Install created, in the devices' order
    EnergySourceContainer GetSources() const;

  private:
    ObjectFactory m_model;
    double m_battery{0};
    Time m_updateInterval;
    EnergySourceContainer m_sources;
};

/**
 * \ingroup bloom-gossip
 * \brief Gives every DutyCycleNetDevice a DutyCycleScheduler (also
 * aggregated to its node), which from then on holds the device's frames
 * until the radio's active windows.
 */
class DutyCycleHelper
{
  public:
    DutyCycleHelper();
    /**
     * Set an attribute of the DutyCycleScheduler instances.
     * \param name attribute name (Period, DutyCycle, Guard, StartJitter)
     * \param value its value
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param devices DutyCycleNetDevices (what WsnNetworkHelper builds), one
     *        per node; any other device is a fatal error
     * \return one scheduler per device, in the same order
     */
    std::vector<Ptr<DutyCycleScheduler>> Install(const NetDeviceContainer& devices) const;
    /**
     * \param schedulers what Install returned
     * \param stream first stream number
     * \return the number of streams used
     */
    static int64_t AssignStreams(const std::vector<Ptr<DutyCycleScheduler>>& schedulers,
                                 int64_t stream);

  private:
    ObjectFactory m_factory;
};

} // namespace ns3

#endif // LR_WPAN_ENERGY_HELPER_H
