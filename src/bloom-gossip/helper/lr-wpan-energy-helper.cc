/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lr-wpan-energy-helper.h"

#include "ns3/abort.h"
#include "ns3/basic-energy-source-helper.h"
#include "ns3/bloom-gossip-application.h"
#include "ns3/callback.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LrWpanEnergyHelper");

namespace
{
/// Initial energy of a source without a battery.
constexpr double kUnlimitedJoules = 1e30;
} // namespace

LrWpanEnergyHelper::LrWpanEnergyHelper()
    : m_updateInterval(Seconds(1))
{
    m_model.SetTypeId(LrWpanRadioEnergyModel::GetTypeId());
}

void
LrWpanEnergyHelper::SetBattery(double joules)
{
    NS_ABORT_MSG_IF(joules < 0, "LrWpanEnergyHelper: negative battery " << joules);
    m_battery = joules;
}

void
LrWpanEnergyHelper::SetUpdateInterval(Time interval)
{
    m_updateInterval = interval;
}

void
LrWpanEnergyHelper::SetModelAttribute(const std::string& name, const AttributeValue& value)
{
    m_model.Set(name, value);
}

std::vector<Ptr<LrWpanRadioEnergyModel>>
LrWpanEnergyHelper::Install(const NetDeviceContainer& devices)
{
    const double initialJ = m_battery > 0 ? m_battery : kUnlimitedJoules;
    // The source counts as drained when the model's margin is left (see
    // LrWpanRadioEnergyModel::DepletionMarginJ), a fraction of its energy.
    const double marginJ = m_model.Create<LrWpanRadioEnergyModel>()->GetDepletionMargin();
    BasicEnergySourceHelper sources;
    sources.Set("BasicEnergySourceInitialEnergyJ", DoubleValue(initialJ));
    sources.Set("BasicEnergySupplyVoltageV", DoubleValue(3.0));
    sources.Set("BasicEnergyLowBatteryThreshold", DoubleValue(std::min(1.0, marginJ / initialJ)));
    sources.Set("PeriodicEnergyUpdateInterval", TimeValue(m_updateInterval));
    std::vector<Ptr<LrWpanRadioEnergyModel>> models;
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<LrWpanNetDevice> device = DynamicCast<LrWpanNetDevice>(devices.Get(i));
        NS_ABORT_MSG_UNLESS(device, "LrWpanEnergyHelper: device " << i << " is not lr-wpan");
        Ptr<EnergySource> source = sources.Install(device->GetNode()).Get(0);
        Ptr<LrWpanRadioEnergyModel> model = m_model.Create<LrWpanRadioEnergyModel>();
        model->SetEnergySource(source);
        source->AppendDeviceEnergyModel(model);
        model->AttachDevice(device);
        model->TraceConnectWithoutContext(
            "Depleted",
            MakeBoundCallback(&LrWpanEnergyHelper::StopNode, device->GetNode()));
        m_sources.Add(source);
        models.push_back(model);
    }
    return models;
}

void
LrWpanEnergyHelper::StopNode(Ptr<Node> node, uint32_t)
{
    NS_LOG_FUNCTION(node);
    if (Ptr<DutyCycleScheduler> scheduler = node->GetObject<DutyCycleScheduler>())
    {
        scheduler->Stop();
    }
    for (uint32_t i = 0; i < node->GetNApplications(); ++i)
    {
        if (Ptr<BloomGossipApplication> gossip =
                DynamicCast<BloomGossipApplication>(node->GetApplication(i)))
        {
            gossip->Fail();
        }
    }
}

EnergySourceContainer
LrWpanEnergyHelper::GetSources() const
{
    return m_sources;
}

DutyCycleHelper::DutyCycleHelper()
{
    m_factory.SetTypeId(DutyCycleScheduler::GetTypeId());
}

void
DutyCycleHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

std::vector<Ptr<DutyCycleScheduler>>
DutyCycleHelper::Install(const NetDeviceContainer& devices) const
{
    std::vector<Ptr<DutyCycleScheduler>> schedulers;
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<DutyCycleNetDevice> device = DynamicCast<DutyCycleNetDevice>(devices.Get(i));
        NS_ABORT_MSG_UNLESS(device,
                            "DutyCycleHelper: device "
                                << i
                                << " is no DutyCycleNetDevice, whose frames a schedule can "
                                   "hold (build the network with WsnNetworkHelper)");
        Ptr<DutyCycleScheduler> scheduler = m_factory.Create<DutyCycleScheduler>();
        device->GetNode()->AggregateObject(scheduler);
        scheduler->Install(device);
        schedulers.push_back(scheduler);
    }
    return schedulers;
}

int64_t
DutyCycleHelper::AssignStreams(const std::vector<Ptr<DutyCycleScheduler>>& schedulers,
                               int64_t stream)
{
    int64_t used = 0;
    for (const auto& s : schedulers)
    {
        used += s->AssignStreams(stream + used);
    }
    return used;
}

} // namespace ns3
