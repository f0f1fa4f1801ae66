/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * StartTx/StartRx mirror ns-3.37's SingleModelSpectrumChannel (Nicola Baldo,
 * CTTC, GPL-2.0-only) receiver by receiver, and ns-3.35's where that release
 * differs (antenna getter, spectrum loss applied in StartTx); only the
 * receiver set differs.
 */
#include "grid-spectrum-channel.h"

#include "ns3/angles.h"
#include "ns3/antenna-model.h"
#include "ns3/constant-position-mobility-model.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/propagation-delay-model.h"
#include "ns3/simulator.h"
#include "ns3/spectrum-phy.h"
#include "ns3/spectrum-propagation-loss-model.h"
#include "ns3/spectrum-signal-parameters.h"
#include "ns3/spectrum-value.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GridSpectrumChannel");

NS_OBJECT_ENSURE_REGISTERED(GridSpectrumChannel);

namespace
{
/// RangePropagationLossModel's rx power out of range is -1000 dBm, i.e. a
/// loss of 1000 dB at 0 dBm.
constexpr double kRangeOutOfRangeLossDb = 1000.0;
/// Relative and absolute widening of the cut-off (rounding of pow/log10).
constexpr double kRelativeSlack = 1e-9;
constexpr double kAbsoluteSlack = 1e-6;
} // namespace

TypeId
GridSpectrumChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GridSpectrumChannel")
            .SetParent<SpectrumChannel>()
            .SetGroupName("BloomGossip")
            .AddConstructor<GridSpectrumChannel>()
            .AddAttribute("CutoffDistance",
                          "Receivers farther than this (m) from the sender are not considered; "
                          "the caller guarantees their path loss exceeds MaxLossDb.  0: derived "
                          "from the loss model and MaxLossDb (single Range or LogDistance "
                          "model), else no cut-off.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&GridSpectrumChannel::SetCutoffDistance,
                                             &GridSpectrumChannel::GetCutoffDistance),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("CellSize",
                          "Side (m) of the grid cells; 0: the cut-off distance.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&GridSpectrumChannel::SetCellSize,
                                             &GridSpectrumChannel::GetCellSize),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("MaxSpeed",
                          "Bound (m/s) on the speed of every PHY whose mobility model is not a "
                          "ConstantPositionMobilityModel; > 0: they are indexed too, at their "
                          "positions of the last rebuild, and a transmission looks that much "
                          "farther per second since (rebuilt after half a cell).  0: they are "
                          "candidates for every transmission.  The caller guarantees the bound.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&GridSpectrumChannel::SetMaxSpeed,
                                             &GridSpectrumChannel::GetMaxSpeed),
                          MakeDoubleChecker<double>(0.0));
    return tid;
}

GridSpectrumChannel::GridSpectrumChannel()
{
    NS_LOG_FUNCTION(this);
}

GridSpectrumChannel::~GridSpectrumChannel() = default;

void
GridSpectrumChannel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (const Ptr<MobilityModel>& mobility : m_keepers)
    {
        mobility->TraceDisconnectWithoutContext(
            "CourseChange",
            MakeCallback(&GridSpectrumChannel::OnCourseChange, this));
    }
    m_keepers.clear();
    m_watched.clear();
    m_entries.clear();
    m_cellStart.clear();
    m_cellItems.clear();
    m_alwaysCandidates.clear();
    m_spectrumModel = nullptr;
    m_builtLoss = nullptr;
    SpectrumChannel::DoDispose();
}

void
GridSpectrumChannel::SetCutoffDistance(double d)
{
    m_cutoffAttribute = d;
    Invalidate();
}

double
GridSpectrumChannel::GetCutoffDistance() const
{
    return m_cutoffAttribute;
}

void
GridSpectrumChannel::SetMaxSpeed(double v)
{
    m_maxSpeed = v;
    Invalidate();
}

double
GridSpectrumChannel::GetMaxSpeed() const
{
    return m_maxSpeed;
}

void
GridSpectrumChannel::SetCellSize(double d)
{
    m_cellAttribute = d;
    Invalidate();
}

double
GridSpectrumChannel::GetCellSize() const
{
    return m_cellAttribute;
}

void
GridSpectrumChannel::AddRx(Ptr<SpectrumPhy> phy)
{
    NS_LOG_FUNCTION(this << phy);
    m_entries.push_back({phy, m_nextOrder++});
    Invalidate();
}

void
GridSpectrumChannel::RemoveRx(Ptr<SpectrumPhy> phy)
{
    NS_LOG_FUNCTION(this << phy);
    auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) {
        return e.phy == phy;
    });
    if (it != m_entries.end())
    {
        m_entries.erase(it); // keeps the attach order, like the stock vector
        Invalidate();
    }
}

std::size_t
GridSpectrumChannel::GetNDevices() const
{
    return m_entries.size();
}

Ptr<NetDevice>
GridSpectrumChannel::GetDevice(std::size_t i) const
{
    return m_entries.at(i).phy->GetDevice()->GetObject<NetDevice>();
}

void
GridSpectrumChannel::Invalidate()
{
    m_dirty = true;
}

void
GridSpectrumChannel::OnCourseChange(Ptr<const MobilityModel>)
{
    Invalidate();
}

double
GridSpectrumChannel::CutoffFor(Ptr<PropagationLossModel> loss, double maxLossDb, double extraGainDb)
{
    const double inf = std::numeric_limits<double>::infinity();
    if (!loss)
    {
        return inf;
    }
    const double budget = maxLossDb + extraGainDb;
    if (!std::isfinite(budget))
    {
        return inf;
    }
    if (DynamicCast<RangePropagationLossModel>(loss))
    {
        if (budget >= kRangeOutOfRangeLossDb)
        {
            return inf;
        }
        DoubleValue range;
        loss->GetAttribute("MaxRange", range);
        return range.Get();
    }
    if (DynamicCast<LogDistancePropagationLossModel>(loss))
    {
        DoubleValue exponent;
        DoubleValue referenceLoss;
        DoubleValue referenceDistance;
        loss->GetAttribute("Exponent", exponent);
        loss->GetAttribute("ReferenceLoss", referenceLoss);
        loss->GetAttribute("ReferenceDistance", referenceDistance);
        if (!(exponent.Get() > 0))
        {
            return inf;
        }
        // loss(d) = L0 for d <= d0, L0 + 10 n log10(d / d0) beyond.
        const double d = referenceDistance.Get() *
                         std::pow(10.0, (budget - referenceLoss.Get()) / (10.0 * exponent.Get()));
        return std::max(d, referenceDistance.Get());
    }
    return inf;
}

void
GridSpectrumChannel::Rebuild()
{
    ++m_rebuilds;
    m_dirty = false;
    m_builtMaxLossDb = m_maxLossDb;
    m_builtLoss = m_propagationLoss;
    double cutoff = std::numeric_limits<double>::infinity();
    if (m_cutoffAttribute > 0)
    {
        cutoff = m_cutoffAttribute;
    }
    else if (m_propagationLoss && !m_propagationLoss->GetNext())
    {
        cutoff = CutoffFor(m_propagationLoss, m_maxLossDb, 0.0);
    }
    if (std::isfinite(cutoff))
    {
        cutoff = cutoff * (1 + kRelativeSlack) + kAbsoluteSlack;
    }
    m_cutoff = cutoff;
    m_cellStart.clear();
    m_cellItems.clear();
    m_alwaysCandidates.clear();
    m_indexed = 0;
    m_nx = m_ny = 0;
    m_indexesMoving = false;
    m_builtAt = Simulator::Now();

    std::vector<Indexed> items;
    for (uint32_t i = 0; i < m_entries.size(); ++i)
    {
        Ptr<MobilityModel> mobility = m_entries[i].phy->GetMobility();
        const bool still = mobility && DynamicCast<ConstantPositionMobilityModel>(mobility);
        if (std::isfinite(cutoff) && mobility && (still || m_maxSpeed > 0))
        {
            const Vector p = mobility->GetPosition();
            if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z))
            {
                items.push_back({i, p});
                m_indexesMoving = m_indexesMoving || !still;
                if (still && m_watched.insert(PeekPointer(mobility)).second)
                {
                    mobility->TraceConnectWithoutContext(
                        "CourseChange",
                        MakeCallback(&GridSpectrumChannel::OnCourseChange, this));
                    m_keepers.push_back(mobility);
                }
                continue;
            }
        }
        m_alwaysCandidates.push_back(i);
    }
    m_indexed = static_cast<uint32_t>(items.size());
    if (items.empty())
    {
        return;
    }

    double minX = items.front().position.x;
    double maxX = minX;
    double minY = items.front().position.y;
    double maxY = minY;
    for (const Indexed& it : items)
    {
        minX = std::min(minX, it.position.x);
        maxX = std::max(maxX, it.position.x);
        minY = std::min(minY, it.position.y);
        maxY = std::max(maxY, it.position.y);
    }
    if (!std::isfinite(maxX - minX) || !std::isfinite(maxY - minY))
    {
        // An extent beyond the largest double (positions near +-1.8e308): no
        // cell grid can index it, so every PHY is a candidate of every
        // transmission, as in the stock channel (exact, only slower).
        NS_LOG_WARN("grid index: positions span more than a double holds; not indexed");
        for (const Indexed& it : items)
        {
            m_alwaysCandidates.push_back(it.entry);
        }
        std::sort(m_alwaysCandidates.begin(), m_alwaysCandidates.end());
        m_indexed = 0;
        m_indexesMoving = false;
        return;
    }
    double cell = m_cellAttribute > 0 ? m_cellAttribute : cutoff;
    if (!(cell > 0))
    {
        cell = 1.0;
    }
    // Keep the cell array in proportion to the number of PHYs (at most
    // maxCells cells: the extent is finite, so doubling the cell ends).
    const double maxCells = 4.0 * static_cast<double>(items.size()) + 1024.0;
    while ((std::floor((maxX - minX) / cell) + 1) * (std::floor((maxY - minY) / cell) + 1) >
           maxCells)
    {
        cell *= 2;
    }
    m_cell = cell;
    m_minX = minX;
    m_minY = minY;
    m_nx = static_cast<int64_t>(std::floor((maxX - minX) / cell)) + 1;
    m_ny = static_cast<int64_t>(std::floor((maxY - minY) / cell)) + 1;

    // Counting sort by cell; within a cell, attach order (items are in it).
    auto cellOf = [&](const Vector& p) {
        const int64_t cx =
            std::min<int64_t>(static_cast<int64_t>((p.x - m_minX) / m_cell), m_nx - 1);
        const int64_t cy =
            std::min<int64_t>(static_cast<int64_t>((p.y - m_minY) / m_cell), m_ny - 1);
        return static_cast<size_t>(cy * m_nx + cx);
    };
    m_cellStart.assign(static_cast<size_t>(m_nx * m_ny) + 1, 0);
    for (const Indexed& it : items)
    {
        ++m_cellStart[cellOf(it.position) + 1];
    }
    for (size_t c = 1; c < m_cellStart.size(); ++c)
    {
        m_cellStart[c] += m_cellStart[c - 1];
    }
    m_cellItems.resize(items.size());
    std::vector<uint32_t> fill(m_cellStart.begin(), m_cellStart.end() - 1);
    for (const Indexed& it : items)
    {
        m_cellItems[fill[cellOf(it.position)]++] = it;
    }
    NS_LOG_INFO("grid index: " << m_indexed << " PHYs in " << m_nx << "x" << m_ny << " cells of "
                               << m_cell << " m, cut-off " << m_cutoff << " m, "
                               << m_alwaysCandidates.size() << " always examined");
}

double
GridSpectrumChannel::GetEffectiveCutoff()
{
    if (m_dirty)
    {
        Rebuild();
    }
    return m_cutoff;
}

uint32_t
GridSpectrumChannel::GetIndexedPhyCount() const
{
    return m_indexed;
}

uint32_t
GridSpectrumChannel::GetRebuildCount() const
{
    return m_rebuilds;
}

uint64_t
GridSpectrumChannel::GetCandidateCount() const
{
    return m_candidates;
}

void
GridSpectrumChannel::StartTx(Ptr<SpectrumSignalParameters> txParams)
{
    NS_LOG_FUNCTION(this << txParams->psd << txParams->duration << txParams->txPhy);
    NS_ASSERT_MSG(txParams->psd, "NULL txPsd");
    NS_ASSERT_MSG(txParams->txPhy, "NULL txPhy");

    Ptr<SpectrumSignalParameters> txParamsTrace = txParams->Copy();
    m_txSigParamsTrace(txParamsTrace);

    if (!m_spectrumModel)
    {
        m_spectrumModel = txParams->psd->GetSpectrumModel();
    }
    else
    {
        NS_ASSERT(*(txParams->psd->GetSpectrumModel()) == *m_spectrumModel);
    }

    // The automatic cut-off follows MaxLossDb and the loss model, which are
    // set through the base class without telling us.
    if (m_maxLossDb != m_builtMaxLossDb || m_propagationLoss != m_builtLoss)
    {
        Invalidate();
    }
    // Moving PHYs in the index: rebuilt once they may have moved half a cell.
    if (m_indexesMoving && m_maxSpeed * (Simulator::Now() - m_builtAt).GetSeconds() > m_cell / 2)
    {
        Invalidate();
    }
    if (m_dirty)
    {
        Rebuild();
    }
    const double slack =
        m_indexesMoving ? m_maxSpeed * (Simulator::Now() - m_builtAt).GetSeconds() : 0.0;

    Ptr<MobilityModel> senderMobility = txParams->txPhy->GetMobility();

    // Candidate receivers, in attach order.
    std::vector<uint32_t>& candidates = m_scratch;
    candidates.clear();
    if (!senderMobility || !std::isfinite(m_cutoff))
    {
        for (uint32_t i = 0; i < m_entries.size(); ++i)
        {
            candidates.push_back(i);
        }
    }
    else
    {
        candidates = m_alwaysCandidates;
        if (!m_cellItems.empty())
        {
            const Vector s = senderMobility->GetPosition();
            const double r = m_cutoff + slack;
            // Cells [lo, hi] of one axis, clamped in double before the
            // conversion (a sender far outside the grid, or at a position a
            // double subtraction overflows, gives an empty span).
            const auto span = [this](double lo, double hi, double origin, int64_t n) {
                const auto last = static_cast<double>(n - 1);
                const double a = std::floor((lo - origin) / m_cell);
                const double b = std::floor((hi - origin) / m_cell);
                if (!(a <= last && b >= 0.0))
                {
                    return std::make_pair(int64_t{1}, int64_t{0});
                }
                return std::make_pair(static_cast<int64_t>(std::max(a, 0.0)),
                                      static_cast<int64_t>(std::min(b, last)));
            };
            const auto [x0, x1] = span(s.x - r, s.x + r, m_minX, m_nx);
            const auto [y0, y1] = span(s.y - r, s.y + r, m_minY, m_ny);
            const size_t fixed = candidates.size();
            for (int64_t cy = y0; cy <= y1; ++cy)
            {
                for (int64_t cx = x0; cx <= x1; ++cx)
                {
                    const auto c = static_cast<size_t>(cy * m_nx + cx);
                    for (uint32_t j = m_cellStart[c]; j < m_cellStart[c + 1]; ++j)
                    {
                        const Indexed& it = m_cellItems[j];
                        if (CalculateDistance(s, it.position) <= r)
                        {
                            candidates.push_back(it.entry);
                        }
                    }
                }
            }
            if (fixed > 0 || (x1 > x0 || y1 > y0))
            {
                std::sort(candidates.begin(), candidates.end());
            }
        }
    }
    m_candidates += candidates.size();

    // From here on, SingleModelSpectrumChannel::StartTx for each candidate.
    for (uint32_t index : candidates)
    {
        const Ptr<SpectrumPhy>& rxPhy = m_entries[index].phy;
        Ptr<NetDevice> rxNetDevice = rxPhy->GetDevice();
        Ptr<NetDevice> txNetDevice = txParams->txPhy->GetDevice();

        if (rxNetDevice && txNetDevice)
        {
            if (rxNetDevice->GetNode()->GetId() == txNetDevice->GetNode()->GetId())
            {
                continue;
            }
        }

        if (rxPhy != txParams->txPhy)
        {
            Time delay = MicroSeconds(0);

            Ptr<MobilityModel> receiverMobility = rxPhy->GetMobility();
            Ptr<SpectrumSignalParameters> rxParams = txParams->Copy();

            if (senderMobility && receiverMobility)
            {
                double txAntennaGain = 0;
                double rxAntennaGain = 0;
                double propagationGainDb = 0;
                double pathLossDb = 0;
                if (rxParams->txAntenna)
                {
                    Angles txAngles(receiverMobility->GetPosition(), senderMobility->GetPosition());
                    txAntennaGain = rxParams->txAntenna->GetGainDb(txAngles);
                    pathLossDb -= txAntennaGain;
                }
#if BLOOM_GOSSIP_NS3_VERSION >= 3036
                Ptr<AntennaModel> rxAntenna = DynamicCast<AntennaModel>(rxPhy->GetAntenna());
#else
                Ptr<AntennaModel> rxAntenna = rxPhy->GetRxAntenna();
#endif
                if (rxAntenna)
                {
                    Angles rxAngles(senderMobility->GetPosition(), receiverMobility->GetPosition());
                    rxAntennaGain = rxAntenna->GetGainDb(rxAngles);
                    pathLossDb -= rxAntennaGain;
                }
                if (m_propagationLoss)
                {
                    propagationGainDb =
                        m_propagationLoss->CalcRxPower(0, senderMobility, receiverMobility);
                    pathLossDb -= propagationGainDb;
                }
                m_gainTrace(senderMobility,
                            receiverMobility,
                            txAntennaGain,
                            rxAntennaGain,
                            propagationGainDb,
                            pathLossDb);
                m_pathLossTrace(txParams->txPhy, rxPhy, pathLossDb);
                if (pathLossDb > m_maxLossDb)
                {
                    continue; // beyond range
                }
                double pathGainLinear = std::pow(10.0, (-pathLossDb) / 10.0);
                *(rxParams->psd) *= pathGainLinear;
#if BLOOM_GOSSIP_NS3_VERSION < 3036
                // Up to ns-3.35 the spectrum loss is applied here, from the PSD.
                if (m_spectrumPropagationLoss)
                {
                    rxParams->psd =
                        m_spectrumPropagationLoss->CalcRxPowerSpectralDensity(rxParams->psd,
                                                                              senderMobility,
                                                                              receiverMobility);
                }
#endif

                if (m_propagationDelay)
                {
                    delay = m_propagationDelay->GetDelay(senderMobility, receiverMobility);
                }
            }

            if (rxNetDevice)
            {
                uint32_t dstNode = rxNetDevice->GetNode()->GetId();
                Simulator::ScheduleWithContext(dstNode,
                                               delay,
                                               &GridSpectrumChannel::StartRx,
                                               this,
                                               rxParams,
                                               rxPhy);
            }
            else
            {
                Simulator::Schedule(delay, &GridSpectrumChannel::StartRx, this, rxParams, rxPhy);
            }
        }
    }
}

void
GridSpectrumChannel::StartRx(Ptr<SpectrumSignalParameters> params, Ptr<SpectrumPhy> receiver)
{
    NS_LOG_FUNCTION(this << params);
#if BLOOM_GOSSIP_NS3_VERSION >= 3036 // from ns-3.36 the spectrum loss takes the signal parameters
    if (m_spectrumPropagationLoss)
    {
        params->psd =
            m_spectrumPropagationLoss->CalcRxPowerSpectralDensity(params,
                                                                  params->txPhy->GetMobility(),
                                                                  receiver->GetMobility());
    }
#endif
    receiver->StartRx(params);
}

} // namespace ns3
