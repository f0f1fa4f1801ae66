/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "query-walks.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("QueryWalks");

QueryWalkRecorder::QueryWalkRecorder(const GossipMetrics& truth)
    : m_truth(truth)
{
}

void
QueryWalkRecorder::Add(const QueryRecord& record,
                       const std::string& kind,
                       uint32_t node,
                       uint32_t hops,
                       bool backtrack)
{
    WalkRow row;
    row.query = record.index;
    row.strategy = record.strategy;
    row.origin = record.origin;
    row.key = record.key;
    row.kind = kind;
    row.step = m_steps[{record.index, kind}]++;
    row.time = Simulator::Now().GetSeconds();
    row.node = node;
    row.hops = hops;
    row.backtrack = backtrack;
    m_rows.push_back(row);
}

void
QueryWalkRecorder::QueryIssued(const QueryRecord& record)
{
    // The shortest path now: down the truth's BFS distances, lowest index first.
    const uint64_t key = record.key;
    uint32_t at = record.origin;
    uint32_t d = m_truth.TrueDistance(at, key);
    if (d == kUnreachable)
    {
        return;
    }
    Add(record, "shortest", at, 0, false);
    for (uint32_t hop = 1; d > 0; ++hop)
    {
        const uint32_t from = at;
        for (uint32_t v : m_truth.GetGraph()[at])
        {
            if (m_truth.TrueDistance(v, key) == d - 1)
            {
                at = v;
                break;
            }
        }
        if (at == from)
        {
            return; // no step down: the truth and the graph disagree (never expected)
        }
        d = m_truth.TrueDistance(at, key);
        Add(record, "shortest", at, hop, false);
    }
}

void
QueryWalkRecorder::QueryForwarded(const QueryRecord& record,
                                  uint32_t node,
                                  uint8_t hops,
                                  bool backtrack)
{
    Add(record, "send", node, hops, backtrack);
}

void
QueryWalkRecorder::QueryDelivered(const QueryRecord& record, uint32_t node, uint8_t hops)
{
    Add(record, "deliver", node, hops, false);
}

} // namespace ns3
