/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * WsnTopology's graph algorithms: hop distances (BFS), the diameter,
 * connected components.
 */
#include "wsn-topology.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

namespace ns3
{

std::vector<uint32_t>
WsnTopology::HopDistances(const std::vector<uint32_t>& sources) const
{
    std::vector<uint32_t> dist(GetN(), kUnreachable);
    std::vector<uint32_t> queue;
    queue.reserve(GetN());
    for (uint32_t s : sources)
    {
        CheckId(s);
        if (dist[s] != 0)
        {
            dist[s] = 0;
            queue.push_back(s);
        }
    }
    for (std::size_t head = 0; head < queue.size(); ++head)
    {
        const uint32_t u = queue[head];
        for (uint32_t v : m_adj[u])
        {
            if (dist[v] == kUnreachable)
            {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
        }
    }
    return dist;
}

uint32_t
WsnTopology::Diameter() const
{
    // One exact diameter per component, the largest kept.
    uint32_t diameter = 0;
    const std::vector<uint32_t> label = ComponentLabels();
    std::vector<bool> done;
    for (uint32_t s = 0; s < GetN(); ++s)
    {
        if (label[s] >= done.size())
        {
            done.resize(label[s] + 1, false);
        }
        if (!done[label[s]])
        {
            done[label[s]] = true;
            diameter = std::max(diameter, ComponentDiameter(s));
        }
    }
    return diameter;
}

uint32_t
WsnTopology::ComponentDiameter(uint32_t start) const
{
    // iFUB (Crescenzi et al., Theor. Comput. Sci. 514, 2013): BFS from a
    // central node u, then the eccentricities of u's fringe, farthest level
    // first.  Every pair within level i - 1 of u is at most 2 (i - 1) apart,
    // so once the largest eccentricity found exceeds that bound it is the
    // diameter.  Exact; N BFS at worst, far fewer on grids and disks.
    // The first node of the largest finite distance (a reached node, also
    // when the component is a single node).
    const auto farthest = [](const std::vector<uint32_t>& dist) {
        uint32_t node = kUnreachable;
        uint32_t far = 0;
        for (uint32_t v = 0; v < dist.size(); ++v)
        {
            if (dist[v] != kUnreachable && (node == kUnreachable || dist[v] > far))
            {
                far = dist[v];
                node = v;
            }
        }
        return std::make_pair(node, far);
    };
    // Four sweeps for a central u: a far from start, b far from a, c the
    // first node halfway between them, d far from c; u minimises the largest
    // distance to a, b and d (the first such node).  On a grid a, b, d are
    // three corners and u the centre.
    const uint32_t a = farthest(HopDistances({start})).first;
    const std::vector<uint32_t> fromA = HopDistances({a});
    const auto [b, sweep] = farthest(fromA);
    const std::vector<uint32_t> fromB = HopDistances({b});
    const auto central = [&fromA](const std::vector<std::vector<uint32_t>>& from) {
        uint32_t best = 0;
        uint32_t bestRadius = kUnreachable;
        for (uint32_t v = 0; v < fromA.size(); ++v)
        {
            if (fromA[v] == kUnreachable)
            {
                continue;
            }
            uint32_t radius = 0;
            for (const auto& dist : from)
            {
                radius = std::max(radius, dist[v]);
            }
            if (radius < bestRadius)
            {
                bestRadius = radius;
                best = v;
            }
        }
        return best;
    };
    const uint32_t c = central({fromA, fromB});
    const auto [d, sweepC] = farthest(HopDistances({c}));
    const std::vector<uint32_t> fromD = HopDistances({d});
    const uint32_t u = central({fromA, fromB, fromD});
    const std::vector<uint32_t> fromU = HopDistances({u});
    const uint32_t eccU = farthest(fromU).second;
    std::vector<std::vector<uint32_t>> fringe(eccU + 1);
    for (uint32_t v = 0; v < fromU.size(); ++v)
    {
        if (fromU[v] != kUnreachable)
        {
            fringe[fromU[v]].push_back(v);
        }
    }
    uint32_t lower = std::max({sweep, sweepC, eccU});
    uint32_t upper = 2 * eccU;
    for (uint32_t i = eccU; i >= 1 && upper > lower; --i)
    {
        for (uint32_t x : fringe[i])
        {
            lower = std::max(lower, farthest(HopDistances({x})).second);
        }
        if (lower > 2 * (i - 1))
        {
            return lower;
        }
        upper = 2 * (i - 1);
    }
    return lower;
}

bool
WsnTopology::IsConnected() const
{
    if (GetN() <= 1)
    {
        return true;
    }
    const auto dist = HopDistances({0});
    return std::find(dist.begin(), dist.end(), kUnreachable) == dist.end();
}

std::vector<uint32_t>
WsnTopology::ComponentLabels() const
{
    std::vector<uint32_t> label(GetN(), kUnreachable);
    uint32_t next = 0;
    std::vector<uint32_t> stack;
    for (uint32_t s = 0; s < GetN(); ++s)
    {
        if (label[s] != kUnreachable)
        {
            continue;
        }
        label[s] = next;
        stack.push_back(s);
        while (!stack.empty())
        {
            const uint32_t u = stack.back();
            stack.pop_back();
            for (uint32_t v : m_adj[u])
            {
                if (label[v] == kUnreachable)
                {
                    label[v] = next;
                    stack.push_back(v);
                }
            }
        }
        ++next;
    }
    return label;
}

std::vector<uint32_t>
WsnTopology::LargestComponent() const
{
    const auto label = ComponentLabels();
    std::vector<uint32_t> size;
    for (uint32_t l : label)
    {
        if (l >= size.size())
        {
            size.resize(l + 1, 0);
        }
        ++size[l];
    }
    // Labels follow the smallest member id, so max_element's first maximum
    // is the largest component holding the smallest id.
    const auto best =
        static_cast<uint32_t>(std::max_element(size.begin(), size.end()) - size.begin());
    std::vector<uint32_t> ids;
    for (uint32_t i = 0; i < GetN(); ++i)
    {
        if (label[i] == best)
        {
            ids.push_back(i);
        }
    }
    return ids;
}

} // namespace ns3
