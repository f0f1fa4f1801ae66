/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "static-shadowing-loss-model.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/mobility-model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StaticShadowingLossModel");

NS_OBJECT_ENSURE_REGISTERED(StaticShadowingLossModel);

TypeId
StaticShadowingLossModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::StaticShadowingLossModel")
            .SetParent<PropagationLossModel>()
            .SetGroupName("BloomGossip")
            .AddConstructor<StaticShadowingLossModel>()
            .AddAttribute("Sigma",
                          "Standard deviation (dB) of the static, symmetric per-pair offset",
                          DoubleValue(4.0),
                          MakeDoubleAccessor(&StaticShadowingLossModel::SetSigma,
                                             &StaticShadowingLossModel::GetSigma),
                          MakeDoubleChecker<double>(0.0));
    return tid;
}

StaticShadowingLossModel::StaticShadowingLossModel()
    : m_sigmaDb(4.0),
      m_normal(CreateObject<NormalRandomVariable>())
{
    m_normal->SetAttribute("Mean", DoubleValue(0.0));
    m_normal->SetAttribute("Variance", DoubleValue(1.0));
}

void
StaticShadowingLossModel::SetSigma(double sigmaDb)
{
    NS_ABORT_MSG_UNLESS(std::isfinite(sigmaDb) && sigmaDb >= 0, "Sigma must be finite and >= 0");
    m_sigmaDb = sigmaDb;
}

double
StaticShadowingLossModel::GetSigma() const
{
    return m_sigmaDb;
}

void
StaticShadowingLossModel::Reset()
{
    m_z.clear();
    m_index.clear();
}

double
StaticShadowingLossModel::GetMaxOffsetDb() const
{
    double top = 0.0;
    for (const auto& row : m_z)
    {
        for (float z : row)
        {
            if (!std::isnan(z))
            {
                top = std::max(top, static_cast<double>(z));
            }
        }
    }
    return m_sigmaDb * top;
}

uint32_t
StaticShadowingLossModel::IndexOf(const MobilityModel* m) const
{
    const auto it = m_index.emplace(m, static_cast<uint32_t>(m_index.size())).first;
    return it->second;
}

double
StaticShadowingLossModel::GetOffsetDb(Ptr<MobilityModel> a, Ptr<MobilityModel> b) const
{
    NS_ASSERT(a && b);
    if (a == b)
    {
        return 0.0;
    }
    uint32_t i = IndexOf(PeekPointer(a));
    uint32_t j = IndexOf(PeekPointer(b));
    if (i > j)
    {
        std::swap(i, j);
    }
    if (m_z.size() <= j)
    {
        m_z.resize(j + 1);
    }
    auto& row = m_z[j];
    if (row.size() < j)
    {
        row.resize(j, std::numeric_limits<float>::quiet_NaN());
    }
    if (std::isnan(row[i]))
    {
        row[i] = static_cast<float>(m_normal->GetValue());
    }
    return m_sigmaDb * static_cast<double>(row[i]);
}

double
StaticShadowingLossModel::DoCalcRxPower(double txPowerDbm,
                                        Ptr<MobilityModel> a,
                                        Ptr<MobilityModel> b) const
{
    return txPowerDbm + GetOffsetDb(a, b);
}

int64_t
StaticShadowingLossModel::DoAssignStreams(int64_t stream)
{
    // A fresh variable: NormalRandomVariable keeps the second value of each
    // Box-Muller pair, which SetStream alone would not forget.
    m_normal = CreateObject<NormalRandomVariable>();
    m_normal->SetAttribute("Mean", DoubleValue(0.0));
    m_normal->SetAttribute("Variance", DoubleValue(1.0));
    m_normal->SetStream(stream);
    Reset();
    return 1;
}

} // namespace ns3
