/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Node positions and connectivity graph of a static wireless sensor network.
 */
#ifndef BLOOM_GOSSIP_WSN_TOPOLOGY_H
#define BLOOM_GOSSIP_WSN_TOPOLOGY_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"
#include "ns3/vector.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <string>
#include <vector>

namespace ns3
{

/// Most nodes of one network: 16-bit short addresses of one 802.15.4 PAN
/// (0xFFFE and 0xFFFF are reserved).
constexpr uint32_t kMaxWsnNodes = 0xFFFD;

/**
 * \ingroup bloom-gossip
 * \brief Positions of n static nodes (ids 0..n-1) and their undirected
 * connectivity graph, the ground truth for hop distances.
 *
 * A plain value class.  The generators place nodes; the graph is built
 * separately, either from a unit disk of radius R (BuildUnitDiskGraph) or
 * from any symmetric link predicate (BuildGraph), e.g. the radio model's
 * (WsnNetworkHelper does this).  A freshly generated topology has no links,
 * except those of RandomDisk, which builds its unit-disk graph.
 *
 * Bad arguments throw std::invalid_argument.
 */
class WsnTopology
{
  public:
    /// Link predicate: called once per unordered pair with a < b.
    using LinkPredicate = std::function<bool(uint32_t a, uint32_t b)>;

    /// Hop distance of an unreachable node.
    static constexpr uint32_t kUnreachable = std::numeric_limits<uint32_t>::max();

    /// What to do when a random unit-disk draw is not connected.
    enum class DiskPolicy
    {
        CONNECTED,         ///< redraw all positions until the graph is connected
        LARGEST_COMPONENT, ///< keep the largest connected component, renumbered
    };

    /// Details of a RandomDisk draw.
    struct DiskInfo
    {
        double side{0.0};      ///< side of the square (m)
        uint32_t attempts{0};  ///< draws made (CONNECTED: 1 + redraws)
        uint32_t requested{0}; ///< nodes drawn
        uint32_t dropped{0};   ///< nodes outside the largest component (LARGEST_COMPONENT)
        std::vector<uint32_t> originalIds; ///< new id -> id in the draw
    };

    /// Empty topology (no nodes).
    WsnTopology() = default;
    /// Nodes at the given positions (id = index), no links.
    explicit WsnTopology(std::vector<Vector> positions);

    /// n nodes on the x axis at (i*spacing, 0, 0).
    static WsnTopology Line(uint32_t n, double spacing);
    /// width*height nodes, id = y*width + x at (x*spacing, y*spacing, 0).
    static WsnTopology Grid(uint32_t width, uint32_t height, double spacing);

    /**
     * Side of the square in which n uniform nodes with radio range R have an
     * expected mean degree of meanDegree, ignoring the border:
     * side = sqrt(n*pi*R^2/meanDegree).
     */
    static double DiskSide(uint32_t n, double range, double meanDegree);

    /**
     * Expected mean degree of n nodes uniform in a square of the given side,
     * with the border effect: (n-1)*p, with p = pi*r^2 - 8/3*r^3 + r^4/2 the
     * probability that two uniform points are within r = range/side (exact
     * for r <= 1).
     */
    static double ExpectedMeanDegree(uint32_t n, double side, double range);

    /**
     * n nodes uniformly at random in a square of side DiskSide(n, range,
     * meanDegree), linked when their distance is <= range (unit disk).
     *
     * Border effect: nodes near the edges have part of their disk outside the
     * square, so the realised mean degree is below meanDegree (about 16 %
     * below for n = 100, degree 10; see ExpectedMeanDegree); conditioning on
     * connectivity (CONNECTED) pushes it up a little again.
     *
     * \param rng source of all draws (the caller controls its stream and run)
     * \param policy CONNECTED: redraw until connected, at most maxAttempts
     *        draws, then throw std::runtime_error; LARGEST_COMPONENT: keep the
     *        largest component (ties: the one holding the smallest id), ids
     *        renumbered 0..k-1 in the order of the draw.
     * \param info if not null, receives side, attempts and dropped nodes.
     */
    static WsnTopology RandomDisk(uint32_t n,
                                  double range,
                                  double meanDegree,
                                  Ptr<UniformRandomVariable> rng,
                                  DiskPolicy policy = DiskPolicy::CONNECTED,
                                  uint32_t maxAttempts = 1000,
                                  DiskInfo* info = nullptr);

    /// "connected" or "largest-component"; anything else throws std::invalid_argument.
    static DiskPolicy ParseDiskPolicy(const std::string& name);

    /**
     * Positions from a CSV file of lines "id,x,y" (an optional header line
     * whose first field is not a number, blank lines and lines starting with
     * '#' are skipped; spaces around fields are allowed).  The ids must be
     * 0..n-1, each exactly once.  A garbled line, a duplicate or missing id
     * or a non-finite coordinate throws std::invalid_argument with a one-line
     * message "<path>:<line>: <problem>" (no line number for a missing id).
     * No links.
     */
    static WsnTopology FromCsv(const std::string& path);
    /// Write "id,x,y" with a header line, full double precision.
    void WriteCsv(std::ostream& os) const;

    uint32_t GetN() const
    {
        return static_cast<uint32_t>(m_positions.size());
    }

    const std::vector<Vector>& GetPositions() const
    {
        return m_positions;
    }

    const Vector& GetPosition(uint32_t id) const;

    /// Replace the links: {a, b} for every a < b with link(a, b) true. O(N^2) calls.
    void BuildGraph(const LinkPredicate& link);
    /// Replace the links with the unit disk graph: distance(a, b) <= range.
    void BuildUnitDiskGraph(double range);
    /// Remove all links.
    void ClearGraph();

    /// Sorted neighbour ids of a node.
    const std::vector<uint32_t>& GetNeighbours(uint32_t id) const;
    uint32_t GetDegree(uint32_t id) const;
    bool HasLink(uint32_t a, uint32_t b) const;
    /// Number of undirected links.
    uint64_t GetLinkCount() const;
    /// 2 * links / n (0 for an empty topology).
    double MeanDegree() const;

    /**
     * Hop distance of every node to the nearest source (multi-source BFS);
     * kUnreachable when no source is reachable.  O(N + E).
     */
    std::vector<uint32_t> HopDistances(const std::vector<uint32_t>& sources) const;
    /**
     * Largest finite eccentricity (the diameter of a connected graph; the
     * largest component diameter otherwise).  Exact BFS from every node:
     * O(N * (N + E)), fine up to a few thousand nodes.
     */
    uint32_t Diameter() const;
    /// True when every node reaches every other (also for n <= 1).
    bool IsConnected() const;
    /// Component label of every node, labels 0.. in order of the smallest member id.
    std::vector<uint32_t> ComponentLabels() const;
    /// Ids of the largest component, sorted (ties: the one with the smallest id).
    std::vector<uint32_t> LargestComponent() const;
    /// The sub-topology of the given ids (renumbered 0..k-1 in the given order), links kept.
    WsnTopology Subset(const std::vector<uint32_t>& ids) const;

  private:
    void CheckId(uint32_t id) const;

    std::vector<Vector> m_positions;          ///< position of each node
    std::vector<std::vector<uint32_t>> m_adj; ///< sorted neighbour lists
};

} // namespace ns3

#endif // BLOOM_GOSSIP_WSN_TOPOLOGY_H
