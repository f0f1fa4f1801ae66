/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "energy-metrics.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EnergyMetrics");

EnergyMetrics::EnergyMetrics(std::vector<Ptr<LrWpanRadioEnergyModel>> models)
    : m_models(std::move(models))
{
}

EnergyRunMetrics
EnergyMetrics::Finish(Time duration, uint64_t advertisements) const
{
    using Model = LrWpanRadioEnergyModel;
    EnergyRunMetrics r;
    const double seconds = duration.GetSeconds();
    const auto n = static_cast<double>(m_models.size());
    if (m_models.empty() || !(seconds > 0))
    {
        return r;
    }
    r.txJoulesPerByte =
        32e-6 * m_models.front()->GetStateCurrent(Model::TX) * m_models.front()->GetSupplyVoltage();
    double onShare = 0;
    for (const auto& model : m_models)
    {
        double node = 0;
        for (int s = 0; s < Model::kStates; ++s)
        {
            const double e = model->GetStateEnergy(static_cast<Model::State>(s));
            r.stateW[s] += e;
            node += e;
        }
        r.totalJ += node;
        r.maxW = std::max(r.maxW, node / seconds);
        onShare += 1.0 - model->GetStateTime(Model::SLEEP).GetSeconds() / seconds;
        if (model->IsDepleted())
        {
            ++r.depleted;
            const double t = model->GetDepletionTime().GetSeconds();
            r.firstDepletion = r.firstDepletion ? std::min(*r.firstDepletion, t) : t;
        }
    }
    r.airtimeJ = r.stateW[Model::TX] + r.stateW[Model::RX];
    for (double& w : r.stateW)
    {
        w /= n * seconds;
    }
    r.meanW = r.totalJ / (n * seconds);
    r.airtimeW = r.airtimeJ / (n * seconds);
    r.radioOnShare = onShare / n;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.perAdvertisementJ = advertisements > 0 ? r.totalJ / advertisements : nan;
    r.airtimePerAdvertisementJ = advertisements > 0 ? r.airtimeJ / advertisements : nan;
    return r;
}

} // namespace ns3
