/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * WsnTopology's generators: line, grid, random disk, BCUN, and the
 * unit-disk graph of a radio range.
 */
#include "wsn-topology.h"

#include "ns3/log.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WsnTopologyGenerators");

namespace
{

void
CheckPositiveFinite(double value, const char* what)
{
    if (!(std::isfinite(value) && value > 0))
    {
        std::ostringstream os;
        os << "WsnTopology: " << what << " must be finite and > 0 (got " << value << ")";
        throw std::invalid_argument(os.str());
    }
}

/// The unit-square graph BCUN's generator works on: every drawn point,
/// those still in the graph, their links and live degrees.
struct UnitSquareGraph
{
    std::vector<double> x;                  ///< x of every drawn point
    std::vector<double> y;                  ///< y of every drawn point
    std::vector<std::vector<uint32_t>> adj; ///< links within the radius, ascending
    std::vector<bool> alive;                ///< still in the graph
    std::vector<uint32_t> degree;           ///< links to nodes still in the graph

    double Distance2(uint32_t a, uint32_t b) const
    {
        const double dx = x[a] - x[b];
        const double dy = y[a] - y[b];
        return dx * dx + dy * dy;
    }

    /// Draw n points (x then y of each) and link those within `radius`.
    void Draw(uint32_t n, double radius, const Ptr<UniformRandomVariable>& rng)
    {
        x.resize(n);
        y.resize(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            x[i] = rng->GetValue(0.0, 1.0);
            y[i] = rng->GetValue(0.0, 1.0);
        }
        // Cells of side >= radius: a neighbour is in the 3 x 3 cells around.
        const auto cells = static_cast<uint32_t>(
            std::clamp(std::floor(1.0 / radius), 1.0, std::max(1.0, std::sqrt(double(n)))));
        const auto cellOf = [cells](double v) {
            return std::min(cells - 1, static_cast<uint32_t>(v * cells));
        };
        std::vector<std::vector<uint32_t>> members(static_cast<std::size_t>(cells) * cells);
        for (uint32_t i = 0; i < n; ++i)
        {
            members[static_cast<std::size_t>(cellOf(y[i])) * cells + cellOf(x[i])].push_back(i);
        }
        adj.assign(n, {});
        const double r2 = radius * radius;
        for (uint32_t i = 0; i < n; ++i)
        {
            const uint32_t cx = cellOf(x[i]);
            const uint32_t cy = cellOf(y[i]);
            for (uint32_t yy = cy > 0 ? cy - 1 : 0; yy <= std::min(cells - 1, cy + 1); ++yy)
            {
                for (uint32_t xx = cx > 0 ? cx - 1 : 0; xx <= std::min(cells - 1, cx + 1); ++xx)
                {
                    for (uint32_t j : members[static_cast<std::size_t>(yy) * cells + xx])
                    {
                        if (j != i && Distance2(i, j) <= r2)
                        {
                            adj[i].push_back(j);
                        }
                    }
                }
            }
            std::sort(adj[i].begin(), adj[i].end());
        }
        alive.assign(n, true);
        degree.resize(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            degree[i] = static_cast<uint32_t>(adj[i].size());
        }
    }

    void Remove(uint32_t v)
    {
        alive[v] = false;
        for (uint32_t u : adj[v])
        {
            if (alive[u])
            {
                --degree[u];
            }
        }
        degree[v] = 0;
    }

    /// \return whether the nodes still in the graph form one component (none: false)
    bool Connected() const
    {
        const auto n = static_cast<uint32_t>(alive.size());
        uint32_t start = 0;
        while (start < n && !alive[start])
        {
            ++start;
        }
        if (start == n)
        {
            return false;
        }
        std::vector<bool> seen(n, false);
        std::vector<uint32_t> stack{start};
        seen[start] = true;
        uint32_t reached = 1;
        while (!stack.empty())
        {
            const uint32_t v = stack.back();
            stack.pop_back();
            for (uint32_t u : adj[v])
            {
                if (alive[u] && !seen[u])
                {
                    seen[u] = true;
                    ++reached;
                    stack.push_back(u);
                }
            }
        }
        return reached == static_cast<uint32_t>(std::count(alive.begin(), alive.end(), true));
    }
};

} // namespace

WsnTopology
WsnTopology::Line(uint32_t n, double spacing)
{
    NS_LOG_FUNCTION(n << spacing);
    CheckPositiveFinite(spacing, "line spacing");
    std::vector<Vector> positions;
    positions.reserve(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        positions.emplace_back(i * spacing, 0.0, 0.0);
    }
    return WsnTopology(std::move(positions));
}

WsnTopology
WsnTopology::Grid(uint32_t width, uint32_t height, double spacing)
{
    NS_LOG_FUNCTION(width << height << spacing);
    CheckPositiveFinite(spacing, "grid spacing");
    if (static_cast<uint64_t>(width) * height > std::numeric_limits<uint32_t>::max())
    {
        throw std::invalid_argument("WsnTopology: grid too large");
    }
    std::vector<Vector> positions;
    positions.reserve(static_cast<std::size_t>(width) * height);
    for (uint32_t y = 0; y < height; ++y)
    {
        for (uint32_t x = 0; x < width; ++x)
        {
            positions.emplace_back(x * spacing, y * spacing, 0.0);
        }
    }
    return WsnTopology(std::move(positions));
}

double
WsnTopology::DiskSide(uint32_t n, double range, double meanDegree)
{
    CheckPositiveFinite(range, "radio range");
    CheckPositiveFinite(meanDegree, "mean degree");
    if (n == 0)
    {
        throw std::invalid_argument("WsnTopology: random disk needs n >= 1");
    }
    return std::sqrt(n * M_PI * range * range / meanDegree);
}

double
WsnTopology::ExpectedMeanDegree(uint32_t n, double side, double range)
{
    CheckPositiveFinite(side, "side");
    CheckPositiveFinite(range, "radio range");
    if (n < 2)
    {
        return 0.0;
    }
    const double r = range / side;
    if (r > 1.0)
    {
        throw std::invalid_argument("WsnTopology::ExpectedMeanDegree: formula needs range <= side");
    }
    const double p = M_PI * r * r - 8.0 / 3.0 * r * r * r + 0.5 * r * r * r * r;
    return (n - 1) * p;
}

WsnTopology::DiskPolicy
WsnTopology::ParseDiskPolicy(const std::string& name)
{
    return bloom::ParseName(name, {DiskPolicy::CONNECTED, DiskPolicy::LARGEST_COMPONENT});
}

std::string
ToString(WsnTopology::DiskPolicy policy)
{
    return policy == WsnTopology::DiskPolicy::LARGEST_COMPONENT ? "largest-component" : "connected";
}

WsnTopology
WsnTopology::RandomDisk(uint32_t n,
                        double range,
                        double meanDegree,
                        Ptr<UniformRandomVariable> rng,
                        DiskPolicy policy,
                        uint32_t maxAttempts,
                        DiskInfo* info)
{
    NS_LOG_FUNCTION(n << range << meanDegree << maxAttempts);
    const double side = DiskSide(n, range, meanDegree);
    if (!rng)
    {
        throw std::invalid_argument("WsnTopology::RandomDisk: null random variable");
    }
    if (maxAttempts == 0)
    {
        throw std::invalid_argument("WsnTopology::RandomDisk: maxAttempts must be >= 1");
    }
    const uint32_t attempts = policy == DiskPolicy::CONNECTED ? maxAttempts : 1;
    for (uint32_t attempt = 1; attempt <= attempts; ++attempt)
    {
        std::vector<Vector> positions;
        positions.reserve(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            const double x = rng->GetValue(0.0, side);
            const double y = rng->GetValue(0.0, side);
            positions.emplace_back(x, y, 0.0);
        }
        WsnTopology topology(std::move(positions));
        topology.BuildUnitDiskGraph(range);
        if (policy == DiskPolicy::CONNECTED)
        {
            if (!topology.IsConnected())
            {
                continue;
            }
            if (info)
            {
                info->side = side;
                info->attempts = attempt;
                info->requested = n;
                info->dropped = 0;
                info->originalIds.resize(n);
                for (uint32_t i = 0; i < n; ++i)
                {
                    info->originalIds[i] = i;
                }
            }
            return topology;
        }
        std::vector<uint32_t> keep = topology.LargestComponent();
        if (info)
        {
            info->side = side;
            info->attempts = 1;
            info->requested = n;
            info->dropped = n - static_cast<uint32_t>(keep.size());
            info->originalIds = keep;
        }
        return topology.Subset(keep);
    }
    std::ostringstream os;
    os << "WsnTopology::RandomDisk: no connected unit-disk graph in " << maxAttempts
       << " draws (n=" << n << ", range=" << range << ", mean degree=" << meanDegree
       << ", side=" << side
       << "); raise the mean degree or maxAttempts, or use the largest-component policy";
    throw std::runtime_error(os.str());
}

double
WsnTopology::BcunExpectedLinks(uint32_t nodes, double radius)
{
    const double r = radius;
    const double share =
        r <= 1.0 ? M_PI * r * r - 8.0 / 3.0 * r * r * r + 0.5 * r * r * r * r : 1.0;
    return 0.5 * nodes * (nodes - 1.0) * share;
}

bool
WsnTopology::BcunMinDistanceBelowRadius(double minDistance2, double radius)
{
    // The product's rounding (a few ulps) counts as equality.
    return std::isfinite(minDistance2) && minDistance2 >= 0 &&
           minDistance2 < radius * radius * (1 - 1e-12);
}

WsnTopology
WsnTopology::Bcun(const BcunParams& p, double range, Ptr<UniformRandomVariable> rng, BcunInfo* info)
{
    NS_LOG_FUNCTION(p.nodes << p.radius << p.radiusStep << p.minDistance2 << p.maxDegree << range);
    CheckPositiveFinite(range, "radio range");
    CheckPositiveFinite(p.radius, "BCUN radius");
    if (!rng)
    {
        throw std::invalid_argument("WsnTopology::Bcun: null random variable");
    }
    if (p.nodes < 2 || p.maxDraws == 0 || p.maxDegree == 0)
    {
        throw std::invalid_argument("WsnTopology::Bcun: needs nodes >= 2, maxDegree >= 1 and "
                                    "maxDraws >= 1");
    }
    if (!(std::isfinite(p.radiusStep) && p.radiusStep >= 0))
    {
        throw std::invalid_argument("WsnTopology::Bcun: radius step must be finite and >= 0");
    }
    if (!BcunMinDistanceBelowRadius(p.minDistance2, p.radius))
    {
        // At or beyond the radius, every linked pair is too close: no links left.
        throw std::invalid_argument("WsnTopology::Bcun: minimum squared distance must be in "
                                    "[0, radius^2)");
    }
    if (BcunExpectedLinks(p.nodes, p.radius) > kMaxBcunLinks)
    {
        std::ostringstream os;
        os << "WsnTopology::Bcun: " << p.nodes << " nodes within radius " << p.radius << " expect "
           << BcunExpectedLinks(p.nodes, p.radius) << " links, more than " << kMaxBcunLinks;
        throw std::invalid_argument(os.str());
    }
    UnitSquareGraph g;
    double radius = p.radius;
    uint32_t draws = 0;
    // Draws failed at each step (BcunError::Step), for the error.
    uint32_t failed[BcunError::RADIUS_GREW + 1] = {};
    const auto draw = [&]() {
        if (draws == p.maxDraws)
        {
            const char* what[] = {"were disconnected as drawn",
                                  "fell apart when the nodes with a neighbour closer than "
                                  "sqrt(min-distance2) were removed",
                                  "fell apart when the nodes above max-degree were removed",
                                  "kept fewer than 2 nodes",
                                  ""};
            uint32_t worst = BcunError::DISCONNECTED;
            for (uint32_t s = BcunError::DISCONNECTED; s <= BcunError::TOO_FEW; ++s)
            {
                worst = failed[s] > failed[worst] ? s : worst;
            }
            std::ostringstream os;
            os << "WsnTopology::Bcun: no connected graph in " << p.maxDraws
               << " draws (nodes=" << p.nodes << ", radius=" << radius
               << ", min-distance2=" << p.minDistance2 << ", max-degree=" << p.maxDegree
               << "): " << failed[worst] << " of them " << what[worst];
            throw BcunError(static_cast<BcunError::Step>(worst), os.str());
        }
        if (BcunExpectedLinks(p.nodes, radius) > kMaxBcunLinks)
        {
            std::ostringstream os;
            os << "WsnTopology::Bcun: after " << draws << " disconnected draws the radius grew to "
               << radius << ", where " << p.nodes << " nodes expect more than " << kMaxBcunLinks
               << " links";
            throw BcunError(BcunError::RADIUS_GREW, os.str());
        }
        ++draws;
        g.Draw(p.nodes, radius, rng);
    };
    bool first = true;
    while (true)
    {
        draw();
        while (!g.Connected())
        {
            ++failed[BcunError::DISCONNECTED];
            if (first)
            {
                radius += p.radiusStep; // only until the first connected draw
            }
            draw();
        }
        first = false;
        // Nodes with a too close neighbour, in id order (the first of such a
        // pair goes; removing it never makes another pair close).
        uint32_t closeRemoved = 0;
        for (uint32_t v = 0; v < p.nodes; ++v)
        {
            for (uint32_t u : g.adj[v])
            {
                if (g.alive[u] && g.Distance2(u, v) < p.minDistance2)
                {
                    g.Remove(v);
                    ++closeRemoved;
                    break;
                }
            }
        }
        if (!g.Connected())
        {
            ++failed[BcunError::CLOSE];
            continue;
        }
        // The highest degree (lowest id on ties) while above the bound.
        uint32_t degreeRemoved = 0;
        while (true)
        {
            uint32_t top = 0;
            uint32_t topDegree = 0;
            for (uint32_t v = 0; v < p.nodes; ++v)
            {
                if (g.alive[v] && g.degree[v] > topDegree)
                {
                    top = v;
                    topDegree = g.degree[v];
                }
            }
            if (topDegree <= p.maxDegree)
            {
                break;
            }
            g.Remove(top);
            ++degreeRemoved;
        }
        if (!g.Connected())
        {
            ++failed[BcunError::DEGREE];
            continue;
        }
        std::vector<uint32_t> kept;
        for (uint32_t v = 0; v < p.nodes; ++v)
        {
            if (g.alive[v])
            {
                kept.push_back(v);
            }
        }
        if (kept.size() < 2)
        {
            ++failed[BcunError::TOO_FEW];
            continue;
        }
        const double zoom = range / radius;
        std::vector<Vector> positions;
        positions.reserve(kept.size());
        for (uint32_t v : kept)
        {
            positions.emplace_back(g.x[v] * zoom, g.y[v] * zoom, 0.0);
        }
        WsnTopology topology(std::move(positions));
        topology.BuildUnitDiskGraph(range);
        // Scaling may move a pair at exactly the radius across the range: the
        // scaled graph must be the one checked (never seen; redrawn if not).
        uint64_t unitLinks = 0;
        bool degreesOk = true;
        for (uint32_t i = 0; i < kept.size(); ++i)
        {
            unitLinks += g.degree[kept[i]];
            degreesOk = degreesOk && topology.GetDegree(i) == g.degree[kept[i]];
        }
        if (!degreesOk || unitLinks != 2 * topology.GetLinkCount() || !topology.IsConnected())
        {
            ++failed[BcunError::DISCONNECTED];
            continue;
        }
        if (info)
        {
            info->radius = radius;
            info->draws = draws;
            info->closeRemoved = closeRemoved;
            info->degreeRemoved = degreeRemoved;
            info->originalIds = kept;
        }
        return topology;
    }
}

void
WsnTopology::BuildUnitDiskGraph(double range)
{
    CheckPositiveFinite(range, "radio range");
    BuildGraph(
        [this, range](uint32_t a, uint32_t b) {
            return CalculateDistance(m_positions[a], m_positions[b]) <= range;
        },
        range);
}

} // namespace ns3
