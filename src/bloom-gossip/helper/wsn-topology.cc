/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wsn-topology.h"

#include "input-file.h"

#include "ns3/log.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WsnTopology");

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

std::string
Trim(const std::string& s)
{
    const char* ws = " \t\r\n";
    const auto first = s.find_first_not_of(ws);
    if (first == std::string::npos)
    {
        return std::string();
    }
    const auto last = s.find_last_not_of(ws);
    return s.substr(first, last - first + 1);
}

std::vector<std::string>
SplitCsv(const std::string& line)
{
    std::vector<std::string> fields;
    std::string::size_type start = 0;
    while (true)
    {
        const auto comma = line.find(',', start);
        fields.push_back(Trim(line.substr(start, comma - start)));
        if (comma == std::string::npos)
        {
            break;
        }
        start = comma + 1;
    }
    return fields;
}

bool
ParseUnsigned(const std::string& s, uint32_t& out)
{
    const char* end = s.data() + s.size();
    const auto result = std::from_chars(s.data(), end, out);
    return !s.empty() && result.ec == std::errc() && result.ptr == end;
}

bool
ParseDouble(const std::string& s, double& out)
{
    const char* end = s.data() + s.size();
    const auto result = std::from_chars(s.data(), end, out);
    return !s.empty() && result.ec == std::errc() && result.ptr == end;
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

WsnTopology
WsnTopology::FromCsv(const std::string& path)
{
    NS_LOG_FUNCTION(path);
    // A regular file of bounded size (not a FIFO or /dev/zero), read at once.
    std::istringstream in(ReadInputFile(path));
    const std::string where = QuoteForMessage(path);

    struct Row
    {
        uint32_t id;
        Vector position;
        uint64_t line;
    };

    std::vector<Row> rows;
    std::unordered_map<uint32_t, uint64_t> lineOfId;
    bool seenContent = false;
    uint64_t lineNo = 0;
    std::string raw;
    while (std::getline(in, raw))
    {
        ++lineNo;
        const std::string line = Trim(raw);
        if (line.empty() || line[0] == '#')
        {
            continue;
        }
        const bool first = !seenContent;
        seenContent = true;
        auto fail = [&](const std::string& problem) {
            throw std::invalid_argument(where + " line " + std::to_string(lineNo) + ": " + problem);
        };
        const std::vector<std::string> fields = SplitCsv(line);
        uint32_t id = 0;
        double coord[2] = {0, 0};
        const bool idOk = ParseUnsigned(fields[0], id);
        bool anyNumber = idOk;
        for (std::size_t i = 1; i < fields.size(); ++i)
        {
            double unused;
            anyNumber = anyNumber || ParseDouble(fields[i], unused);
        }
        if (first && !anyNumber && fields.size() == 3)
        {
            continue; // header line
        }
        if (fields.size() != 3)
        {
            fail("expected 3 fields id,x,y, got " + std::to_string(fields.size()));
        }
        if (!idOk)
        {
            fail("id " + QuoteForMessage(fields[0]) + " is not an unsigned integer");
        }
        const char* names[2] = {"x", "y"};
        for (int c = 0; c < 2; ++c)
        {
            if (!ParseDouble(fields[1 + c], coord[c]))
            {
                fail(std::string(names[c]) + " " + QuoteForMessage(fields[1 + c]) +
                     " is not a number");
            }
            if (!std::isfinite(coord[c]))
            {
                fail(std::string(names[c]) + " " + QuoteForMessage(fields[1 + c]) +
                     " is not finite");
            }
            static_assert(kMaxWsnCoordinate == 1e12, "the message below names the bound");
            if (std::fabs(coord[c]) > kMaxWsnCoordinate)
            {
                fail(std::string(names[c]) + " " + QuoteForMessage(fields[1 + c]) +
                     " is outside [-1e12, 1e12] m");
            }
        }
        const auto inserted = lineOfId.emplace(id, lineNo);
        if (!inserted.second)
        {
            fail("duplicate id " + std::to_string(id) + " (first on line " +
                 std::to_string(inserted.first->second) + ")");
        }
        rows.push_back(Row{id, Vector(coord[0], coord[1], 0.0), lineNo});
    }
    if (in.bad())
    {
        throw std::invalid_argument(where + ": read error");
    }
    if (rows.empty())
    {
        throw std::invalid_argument(where + ": no node lines");
    }
    if (rows.size() > kMaxWsnNodes)
    {
        throw std::invalid_argument(where + ": " + std::to_string(rows.size()) +
                                    " nodes, more than the " + std::to_string(kMaxWsnNodes) +
                                    " one 802.15.4 PAN can address");
    }
    const auto n = static_cast<uint32_t>(rows.size());
    for (const Row& row : rows)
    {
        if (row.id >= n)
        {
            uint32_t missing = 0;
            while (lineOfId.count(missing))
            {
                ++missing;
            }
            throw std::invalid_argument(
                where + " line " + std::to_string(row.line) + ": id " + std::to_string(row.id) +
                " out of range: " + std::to_string(n) + " nodes need ids 0.." +
                std::to_string(n - 1) + " (id " + std::to_string(missing) + " is missing)");
        }
    }
    // No duplicates and all ids < n: the ids are a permutation of 0..n-1.
    std::vector<Vector> positions(n);
    for (const Row& row : rows)
    {
        positions[row.id] = row.position;
    }
    return WsnTopology(std::move(positions));
}

void
WsnTopology::WriteCsv(std::ostream& os) const
{
    const auto precision = os.precision(std::numeric_limits<double>::max_digits10);
    os << "id,x,y\n";
    for (uint32_t i = 0; i < GetN(); ++i)
    {
        os << i << ',' << m_positions[i].x << ',' << m_positions[i].y << '\n';
    }
    os.precision(precision);
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
WsnTopology::BuildUnitDiskGraph(double range)
{
    CheckPositiveFinite(range, "radio range");
    BuildGraph(
        [this, range](uint32_t a, uint32_t b) {
            return CalculateDistance(m_positions[a], m_positions[b]) <= range;
        },
        range);
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
