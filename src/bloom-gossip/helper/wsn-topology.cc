/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * WsnTopology: the positions, the links and the graph's queries (the
 * generators, the CSV input and the graph algorithms are in the
 * wsn-topology-*.cc files beside it).
 */
#include "wsn-topology.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WsnTopology");

WsnTopology::WsnTopology(std::vector<Vector> positions)
    : m_positions(std::move(positions)),
      m_adj(m_positions.size())
{
    for (std::size_t i = 0; i < m_positions.size(); ++i)
    {
        const Vector& p = m_positions[i];
        if (!(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)))
        {
            throw std::invalid_argument("WsnTopology: position of node " + std::to_string(i) +
                                        " is not finite");
        }
    }
}

void
WsnTopology::CheckId(uint32_t id) const
{
    if (id >= GetN())
    {
        throw std::invalid_argument("WsnTopology: node id " + std::to_string(id) +
                                    " out of range (n=" + std::to_string(GetN()) + ")");
    }
}

const Vector&
WsnTopology::GetPosition(uint32_t id) const
{
    CheckId(id);
    return m_positions[id];
}

void
WsnTopology::BuildGraph(const LinkPredicate& link)
{
    NS_LOG_FUNCTION(this << GetN());
    m_adj = LinksWithin(m_positions, std::numeric_limits<double>::infinity(), link);
}

void
WsnTopology::BuildGraph(const LinkPredicate& link,
                        double maxDistance,
                        const std::vector<Vector>* at)
{
    NS_LOG_FUNCTION(this << GetN() << maxDistance);
    if (at && at->size() != GetN())
    {
        throw std::invalid_argument("WsnTopology::BuildGraph: " + std::to_string(at->size()) +
                                    " positions for " + std::to_string(GetN()) + " nodes");
    }
    m_adj = LinksWithin(at ? *at : m_positions, maxDistance, link);
}

std::vector<std::vector<uint32_t>>
WsnTopology::LinksWithin(const std::vector<Vector>& at,
                         double maxDistance,
                         const LinkPredicate& link)
{
    const auto n = static_cast<uint32_t>(at.size());
    std::vector<std::vector<uint32_t>> adj(n);
    // Cells a little wider than maxDistance (rounding): a link has its ends
    // in the same or adjacent cells.  Cell coordinates stay far inside int64.
    const double cell = maxDistance * (1 + 1e-9) + 1e-6;
    constexpr double kMaxCellIndex = 4.0e15;
    bool indexed = std::isfinite(cell) && cell > 0 && n > 1;
    for (uint32_t i = 0; indexed && i < n; ++i)
    {
        indexed =
            std::abs(at[i].x / cell) < kMaxCellIndex && std::abs(at[i].y / cell) < kMaxCellIndex;
    }
    if (!indexed)
    {
        // Every pair in increasing (a, b) order: a predicate that draws
        // (static shadowing) draws in that order; the lists come out sorted.
        for (uint32_t a = 0; a < n; ++a)
        {
            for (uint32_t b = a + 1; b < n; ++b)
            {
                if (link(a, b))
                {
                    adj[a].push_back(b);
                    adj[b].push_back(a);
                }
            }
        }
        return adj;
    }
    using Key = std::pair<int64_t, int64_t>;
    const auto key = [cell](const Vector& p) {
        return Key{static_cast<int64_t>(std::floor(p.x / cell)),
                   static_cast<int64_t>(std::floor(p.y / cell))};
    };
    std::map<Key, std::vector<uint32_t>> cells; // ids ascending per cell
    for (uint32_t i = 0; i < n; ++i)
    {
        cells[key(at[i])].push_back(i);
    }
    for (uint32_t a = 0; a < n; ++a)
    {
        const Key k = key(at[a]);
        // Cells by dx, then dy: the order of first calls is part of the
        // results when the predicate draws (shadowing offsets of pairs that
        // come within range under mobility).
        for (int64_t dx = -1; dx <= 1; ++dx)
        {
            for (int64_t dy = -1; dy <= 1; ++dy)
            {
                const auto it = cells.find({k.first + dx, k.second + dy});
                if (it == cells.end())
                {
                    continue;
                }
                for (uint32_t b : it->second)
                {
                    if (b > a && link(a, b))
                    {
                        adj[a].push_back(b);
                        adj[b].push_back(a);
                    }
                }
            }
        }
    }
    for (auto& neighbours : adj)
    {
        std::sort(neighbours.begin(), neighbours.end());
    }
    return adj;
}

void
WsnTopology::ClearGraph()
{
    m_adj.assign(GetN(), {});
}

const std::vector<uint32_t>&
WsnTopology::GetNeighbours(uint32_t id) const
{
    CheckId(id);
    return m_adj[id];
}

uint32_t
WsnTopology::GetDegree(uint32_t id) const
{
    return static_cast<uint32_t>(GetNeighbours(id).size());
}

bool
WsnTopology::HasLink(uint32_t a, uint32_t b) const
{
    CheckId(b);
    const auto& nb = GetNeighbours(a);
    return std::binary_search(nb.begin(), nb.end(), b);
}

uint64_t
WsnTopology::GetLinkCount() const
{
    uint64_t ends = 0;
    for (const auto& nb : m_adj)
    {
        ends += nb.size();
    }
    return ends / 2;
}

double
WsnTopology::MeanDegree() const
{
    return GetN() == 0 ? 0.0 : 2.0 * static_cast<double>(GetLinkCount()) / GetN();
}

WsnTopology
WsnTopology::Subset(const std::vector<uint32_t>& ids) const
{
    std::vector<uint32_t> newId(GetN(), kUnreachable);
    std::vector<Vector> positions;
    positions.reserve(ids.size());
    for (uint32_t i = 0; i < ids.size(); ++i)
    {
        CheckId(ids[i]);
        if (newId[ids[i]] != kUnreachable)
        {
            throw std::invalid_argument("WsnTopology::Subset: id " + std::to_string(ids[i]) +
                                        " given twice");
        }
        newId[ids[i]] = i;
        positions.push_back(m_positions[ids[i]]);
    }
    WsnTopology sub(std::move(positions));
    for (uint32_t i = 0; i < ids.size(); ++i)
    {
        for (uint32_t v : m_adj[ids[i]])
        {
            if (newId[v] != kUnreachable)
            {
                sub.m_adj[i].push_back(newId[v]);
            }
        }
        std::sort(sub.m_adj[i].begin(), sub.m_adj[i].end());
    }
    return sub;
}

} // namespace ns3
