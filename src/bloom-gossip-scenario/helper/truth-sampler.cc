/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "truth-sampler.h"

#include "ns3/log.h"
#include "ns3/mobility-model.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TruthSampler");

TruthSampler::TruthSampler(const ScenarioDynamicsConfig& config, std::vector<double> mapTimes)
    : m_config(config),
      m_mapTimes(std::move(mapTimes))
{
}

void
TruthSampler::Start(const WsnNetworkHelper& network, GossipMetrics& metrics, double simTime)
{
    m_network = &network;
    m_metrics = &metrics;
    m_simTime = simTime;
    if (m_config.Sampling())
    {
        m_next = Simulator::Schedule(Seconds(0), &TruthSampler::Sample, this);
    }
    for (double t : m_mapTimes)
    {
        if (t < simTime - 1e-9) // the one at the end: Finish
        {
            Simulator::Schedule(Seconds(t), &TruthSampler::Map, this);
        }
    }
}

void
TruthSampler::Sample()
{
    const double now = Simulator::Now().GetSeconds();
    DynamicsSample s;
    s.time = now;
    if (m_config.mobility != ScenarioMobility::NONE)
    {
        s.linkChanges = m_metrics->SetGraph(m_network->CurrentGraph());
    }
    s.truth = m_metrics->Sample();
    const auto& graph = m_metrics->GetGraph();
    std::vector<uint32_t> label(graph.size(), UINT32_MAX);
    for (uint32_t u = 0; u < graph.size(); ++u)
    {
        s.links += graph[u].size();
        if (label[u] != UINT32_MAX)
        {
            continue;
        }
        std::deque<uint32_t> queue{u};
        label[u] = s.components++;
        while (!queue.empty())
        {
            const uint32_t v = queue.front();
            queue.pop_front();
            for (uint32_t w : graph[v])
            {
                if (label[w] == UINT32_MAX)
                {
                    label[w] = label[u];
                    queue.push_back(w);
                }
            }
        }
    }
    s.links /= 2;
    m_record.samples.push_back(s);
    const double next = now + m_config.EffectiveSampleInterval();
    if (next < m_simTime - 1e-9)
    {
        m_next = Simulator::Schedule(Seconds(next) - Simulator::Now(), &TruthSampler::Sample, this);
    }
}

void
TruthSampler::Map()
{
    // A map observes: it reads the links and the truth of this instant
    // without handing them to the metrics, whose truth (link changes,
    // repairs, samples) moves at --sample-interval alone.
    const bool moving = m_config.mobility != ScenarioMobility::NONE;
    std::vector<std::vector<uint32_t>> graph =
        moving ? m_network->CurrentGraph() : m_metrics->GetGraph();
    if (moving)
    {
        for (auto& neighbours : graph)
        {
            std::sort(neighbours.begin(), neighbours.end()); // as SetGraph keeps them
        }
    }
    const double now = Simulator::Now().GetSeconds();
    for (const PairState& p : moving ? m_metrics->Snapshot(graph) : m_metrics->Snapshot())
    {
        const Vector at = m_network->GetMobility(p.node)->GetPosition();
        m_record.mapNodes.push_back(MapNodeRow{now, at.x, at.y, p});
    }
    for (uint32_t a = 0; a < graph.size(); ++a)
    {
        for (uint32_t b : graph[a])
        {
            if (a < b)
            {
                m_record.mapLinks.push_back(MapLinkRow{now, a, b});
            }
        }
    }
}

TruthRecord
TruthSampler::Finish()
{
    if (m_metrics)
    {
        if (m_config.Sampling() &&
            (m_record.samples.empty() || m_record.samples.back().time < m_simTime - 1e-9))
        {
            Sample();
        }
        if (!m_mapTimes.empty() && m_mapTimes.back() >= m_simTime - 1e-9)
        {
            Map();
        }
        m_record.repairDelays = m_metrics->GetRepairDelays();
        m_record.unrepaired = m_metrics->CountUnrepaired();
    }
    return m_record;
}

} // namespace ns3
