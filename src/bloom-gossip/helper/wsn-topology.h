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
#include <stdexcept>
#include <string>
#include <vector>

namespace ns3
{

/// Most nodes of one network: 16-bit short addresses of one 802.15.4 PAN
/// (0xFFFE and 0xFFFF are reserved).
constexpr uint32_t kMaxWsnNodes = 0xFFFD;

/// Largest |x| or |y| (m) a positions file may give: far beyond any radio
/// range, and small enough that differences, squared distances, travel times
/// and the grid channel's cell index stay finite (FromCsv refuses beyond).
constexpr double kMaxWsnCoordinate = 1e12;

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

    /// Spacing of a line or grid the scenario programs use (--spacing, m).
    static constexpr double kDefaultSpacing = 10.0;
    /// Mean degree a random disk is sized for in the scenario programs (--degree).
    static constexpr double kDefaultMeanDegree = 8.0;

    /// Empty topology (no nodes).
    WsnTopology() = default;
    /// Nodes at the given positions (id = index), no links.
    /// \param positions position of node i at index i
    explicit WsnTopology(std::vector<Vector> positions);

    /**
     * \param n number of nodes
     * \param spacing distance between neighbours (m; default the programs')
     * \return n nodes on the x axis at (i*spacing, 0, 0), no links
     */
    static WsnTopology Line(uint32_t n, double spacing = kDefaultSpacing);
    /**
     * \param width nodes per row
     * \param height rows
     * \param spacing distance between neighbours (m; default the programs')
     * \return width*height nodes, id = y*width + x at (x*spacing, y*spacing, 0),
     *         no links
     */
    static WsnTopology Grid(uint32_t width, uint32_t height, double spacing = kDefaultSpacing);

    /**
     * Side of the square in which n uniform nodes with radio range R have an
     * expected mean degree of meanDegree, ignoring the border:
     * side = sqrt(n*pi*R^2/meanDegree).
     * \param n number of nodes
     * \param range radio range R (m)
     * \param meanDegree the mean degree wanted
     * \return the side (m)
     */
    static double DiskSide(uint32_t n, double range, double meanDegree);

    /**
     * Expected mean degree of n nodes uniform in a square of the given side,
     * with the border effect: (n-1)*p, with p = pi*r^2 - 8/3*r^3 + r^4/2 the
     * probability that two uniform points are within r = range/side (exact
     * for r <= 1).
     * \param n number of nodes
     * \param side side of the square (m)
     * \param range radio range (m)
     * \return the expected mean degree
     */
    static double ExpectedMeanDegree(uint32_t n, double side, double range);

    /**
     * n nodes uniformly at random in a square of side DiskSide(n, range,
     * meanDegree), linked when their distance is <= range (unit disk).
     * \param n number of nodes drawn
     * \param range radio range (m)
     * \param meanDegree the mean degree wanted (sizes the square)
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
     * \param maxAttempts most draws with CONNECTED
     * \param info if not null, receives side, attempts and dropped nodes.
     * \return the topology, with its unit-disk links
     */
    static WsnTopology RandomDisk(uint32_t n,
                                  double range,
                                  double meanDegree,
                                  Ptr<UniformRandomVariable> rng,
                                  DiskPolicy policy = DiskPolicy::CONNECTED,
                                  uint32_t maxAttempts = 1000,
                                  DiskInfo* info = nullptr);

    /// BCUN's generator (Bcun): the parameters of `genMina.py 400 0.1 0.001 4`.
    struct BcunParams
    {
        uint32_t nodes{400};        ///< nodes drawn in the unit square
        double radius{0.1};         ///< link radius in the unit square
        double radiusStep{0.005};   ///< radius growth per disconnected draw, first round only
        double minDistance2{0.001}; ///< a node with a neighbour closer than sqrt(this) goes
        uint32_t maxDegree{4};      ///< highest-degree nodes go while above this degree
        uint32_t maxDraws{1000};    ///< most draws before Bcun gives up (throws)
    };

    /// Most links Bcun lets a draw expect (memory and time per draw grow with them).
    static constexpr double kMaxBcunLinks = 2e6;

    /**
     * Links expected among n uniform points of the unit square linked within
     * `radius`: n(n-1)/2 p, p = pi r^2 - 8/3 r^3 + r^4/2 for r <= 1, else 1
     * (an upper bound).  Bcun refuses a draw expecting more than kMaxBcunLinks.
     * \param nodes points drawn
     * \param radius link radius in the unit square
     * \return the expected number of links
     */
    static double BcunExpectedLinks(uint32_t nodes, double radius);

    /**
     * Whether `minDistance2` is below `radius` squared, Bcun's rule for its
     * parameters, with the product's rounding taken as equality (0.01 and
     * 0.1 are refused, though 0.1 * 0.1 is 0.010000000000000002 in doubles):
     * at or beyond the radius, every linked pair is too close.
     * \param minDistance2 squared distance below which a node goes
     * \param radius link radius
     * \return whether the pair is allowed
     */
    static bool BcunMinDistanceBelowRadius(double minDistance2, double radius);

    /**
     * Bcun found no graph: the step at which most of its draws failed, so
     * that a caller can name the parameter to change.
     */
    class BcunError : public std::runtime_error
    {
      public:
        /// Where draws failed.
        enum Step
        {
            DISCONNECTED, ///< as drawn: radius (and its growth) too small for the nodes
            CLOSE,        ///< removing the nodes with a too close neighbour: minDistance2
            DEGREE,       ///< removing the nodes above the degree bound: maxDegree
            TOO_FEW,      ///< fewer than 2 nodes left: nodes
            RADIUS_GREW,  ///< the growing radius reached the link bound: radiusStep
        };

        /**
         * \param step where most draws failed
         * \param what the message
         */
        BcunError(Step step, const std::string& what)
            : std::runtime_error(what),
              m_step(step)
        {
        }

        /// \return where most draws failed
        Step GetStep() const
        {
            return m_step;
        }

      private:
        Step m_step; //!< where most draws failed
    };

    /// Details of a Bcun draw.
    struct BcunInfo
    {
        double radius{0.0};                ///< link radius in the unit square after growth
        uint32_t draws{0};                 ///< positions drawn (1 + redraws)
        uint32_t closeRemoved{0};          ///< nodes removed for a too close neighbour
        uint32_t degreeRemoved{0};         ///< nodes removed for their degree
        std::vector<uint32_t> originalIds; ///< new id -> id in the accepted draw
    };

    /**
     * The random geometric graph of BCUN (rmlima/BCUN, dataset/genMina.py,
     * own implementation): `nodes` uniform points in the unit square, linked
     * within `radius`; while the very first draws are disconnected the radius
     * grows by `radiusStep` (kept afterwards); then, in ascending id order,
     * every node that still has a neighbour closer than sqrt(minDistance2)
     * is removed; if the graph is still connected, the node of highest
     * degree (lowest id on ties) is removed while that degree exceeds
     * `maxDegree`; a disconnected graph after either step is redrawn from
     * scratch (all `nodes` points, radius kept).  The remaining nodes keep
     * their order (ids 0..k-1) and are scaled by range / radius, so that the
     * link radius becomes the radio range; links are the unit disk of
     * `range` on the scaled positions.  A result of fewer than 2 nodes is
     * redrawn too (genMina.py would return it).
     *
     * \param params the generator's parameters (bad ones throw
     *        std::invalid_argument; minDistance2 must be below radius^2)
     * \param range radio range (m)
     * \param rng source of all draws (x then y of every node, per draw)
     * \param info if not null, receives the final radius, draws and removals
     * \return the topology, with its unit-disk links; throws BcunError (a
     *         std::runtime_error naming the step where most draws failed)
     *         after params.maxDraws draws without a result, or when the
     *         radius has grown so far that a draw would expect more than
     *         kMaxBcunLinks links (std::invalid_argument if the initial
     *         radius does)
     */
    static WsnTopology Bcun(const BcunParams& params,
                            double range,
                            Ptr<UniformRandomVariable> rng,
                            BcunInfo* info = nullptr);

    /**
     * \param name "connected" or "largest-component"; anything else throws
     *        std::invalid_argument
     * \return the policy
     */
    static DiskPolicy ParseDiskPolicy(const std::string& name);

    /**
     * Positions from a CSV file of lines "id,x,y" (an optional header line
     * whose first field is not a number, blank lines and lines starting with
     * '#' are skipped; spaces around fields are allowed).  The ids must be
     * 0..n-1, each exactly once.  A garbled line, a duplicate or missing id
     * or a coordinate not finite or beyond +-kMaxWsnCoordinate throws
     * std::invalid_argument with a one-line
     * message "<path>:<line>: <problem>" (no line number for a missing id).
     * No links.
     * \param path the CSV file
     * \return the topology
     */
    static WsnTopology FromCsv(const std::string& path);
    /// Write "id,x,y" with a header line, full double precision.
    /// \param os the stream written to
    void WriteCsv(std::ostream& os) const;

    /// \return the number of nodes
    uint32_t GetN() const
    {
        return static_cast<uint32_t>(m_positions.size());
    }

    /// \return the position of every node, by id
    const std::vector<Vector>& GetPositions() const
    {
        return m_positions;
    }

    /// \param id a node id \return its position
    const Vector& GetPosition(uint32_t id) const;

    /// Replace the links: {a, b} for every a < b with link(a, b) true. O(N^2)
    /// calls, in increasing (a, b) order.
    /// \param link the link predicate
    void BuildGraph(const LinkPredicate& link);
    /**
     * Replace the links, asking link(a, b) only for the pairs at most
     * maxDistance apart (a cell index, about N times the nodes within
     * maxDistance); the caller guarantees that no pair farther apart is a link.
     * \param link the link predicate (a < b)
     * \param maxDistance longest link (m); not finite: every pair, as BuildGraph(link)
     * \param at the node positions the index uses (default: the topology's)
     */
    void BuildGraph(const LinkPredicate& link,
                    double maxDistance,
                    const std::vector<Vector>* at = nullptr);
    /**
     * The links among nodes at the given positions (see BuildGraph).
     * \param at node positions
     * \param maxDistance longest link (m); not finite: every pair in increasing (a, b) order
     * \param link the link predicate, asked for a < b
     * \return the sorted neighbour lists
     */
    static std::vector<std::vector<uint32_t>> LinksWithin(const std::vector<Vector>& at,
                                                          double maxDistance,
                                                          const LinkPredicate& link);
    /// Replace the links with the unit disk graph: distance(a, b) <= range.
    /// \param range radio range (m)
    void BuildUnitDiskGraph(double range);
    /// Remove all links.
    void ClearGraph();

    /// \param id a node id \return the sorted neighbour ids of the node
    const std::vector<uint32_t>& GetNeighbours(uint32_t id) const;
    /// \param id a node id \return the number of its neighbours
    uint32_t GetDegree(uint32_t id) const;
    /// \param a one node id \param b another \return whether they are linked
    bool HasLink(uint32_t a, uint32_t b) const;
    /// \return the number of undirected links
    uint64_t GetLinkCount() const;
    /// \return 2 * links / n (0 for an empty topology)
    double MeanDegree() const;

    /**
     * Multi-source BFS, O(N + E).
     * \param sources node ids
     * \return the hop distance of every node to the nearest source;
     *         kUnreachable when no source is reachable
     */
    std::vector<uint32_t> HopDistances(const std::vector<uint32_t>& sources) const;
    /**
     * Exact, by iFUB per component: far fewer BFS than nodes on grids and
     * disks, O(N * (N + E)) at worst.
     * \return the largest finite eccentricity (the diameter of a connected
     *         graph; the largest component diameter otherwise)
     */
    uint32_t Diameter() const;
    /// \return true when every node reaches every other (also for n <= 1)
    bool IsConnected() const;
    /// \return the component label of every node, labels 0.. in order of the smallest member id
    std::vector<uint32_t> ComponentLabels() const;
    /// \return the ids of the largest component, sorted (ties: the one with the smallest id)
    std::vector<uint32_t> LargestComponent() const;
    /**
     * \param ids node ids
     * \return the sub-topology of these ids (renumbered 0..k-1 in the given
     *         order), links kept
     */
    WsnTopology Subset(const std::vector<uint32_t>& ids) const;

  private:
    void CheckId(uint32_t id) const;
    /**
     * \param start a node
     * \return the diameter of start's component
     */
    uint32_t ComponentDiameter(uint32_t start) const;

    std::vector<Vector> m_positions;          ///< position of each node
    std::vector<std::vector<uint32_t>> m_adj; ///< sorted neighbour lists
};

/**
 * \ingroup bloom-gossip
 * \param policy a disk policy
 * \return "connected" or "largest-component" (the inverse of
 *         WsnTopology::ParseDiskPolicy)
 */
std::string ToString(WsnTopology::DiskPolicy policy);

} // namespace ns3

#endif // BLOOM_GOSSIP_WSN_TOPOLOGY_H
