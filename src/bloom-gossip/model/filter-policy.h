/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * What distinguishes the gossip variants: how a node builds the filter it
 * advertises from its own resources and its neighbours' filters, and what it
 * can read from it.  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_FILTER_POLICY_H
#define BLOOM_GOSSIP_FILTER_POLICY_H

#include "gossip-message.h"

#include "ns3/any-filter.h"
#include "ns3/bloom-hash.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief Filter policy of a gossip variant.
 *
 * The advertised filter is recomputed from scratch (soft state):
 *  - BF:  union of the own resources and every live neighbour's filter;
 *  - LBF: own resources at confidence 1, cell-wise max with every live
 *         neighbour's filter attenuated by one hop;
 *  - ABF: own resources at level 0, every live neighbour's filter shifted down
 *         one level.
 */
class FilterPolicy
{
  public:
    virtual ~FilterPolicy() = default;

    /// \return the filter family
    virtual FilterKind GetKind() const = 0;
    /**
     * \return the shape of the filters this policy advertises and accepts
     *         (a family whose advertisements vary in shape, DV: the shape of
     *         an empty one)
     */
    virtual FilterShape GetShape() const = 0;

    /**
     * \param shape the shape of a received advertisement
     * \return whether this policy takes it (default: it equals GetShape();
     *         DV: any DV shape whose payload fits PayloadBytes())
     */
    virtual bool Accepts(const FilterShape& shape) const
    {
        return shape == GetShape();
    }

    /// \return the most payload bytes of one advertisement (default: GetShape()'s)
    virtual size_t PayloadBytes() const
    {
        return GetShape().PayloadBytes();
    }

    /**
     * \param frameBytes most bytes of one frame
     * \param codec the codec of the advertisements
     * \return the most segments (frames) one advertisement takes (default:
     *         MaxSegmentCount of GetShape(); throws std::invalid_argument when a
     *         frame cannot hold one slot or more than 255 segments are needed)
     */
    virtual uint32_t MaxSegments(size_t frameBytes, Codec codec = Codec::NONE) const
    {
        return MaxSegmentCount(GetShape(), frameBytes, codec);
    }

    /**
     * \return the values the family's cells can hold besides 0, which its
     *         coded advertisements (Codec::ENTROPY) code cells against;
     *         null (the default) for a family without cells.  LBF: its
     *         decay's chain.
     */
    virtual const CellAlphabet* GetCellAlphabet() const
    {
        return nullptr;
    }

    /**
     * \param id a resource id a node is given
     * \return empty when the family can carry it, else why not (DV: ids
     *         below 2^24); the application refuses such a resource
     */
    virtual std::string CheckResource(uint64_t id) const
    {
        (void)id;
        return "";
    }

    /**
     * \param own ids of the node's own resources (the Bloom families insert
     *        Key::FromId(id))
     * \param neighbours the live neighbours' filters (each Accepts()ed)
     * \return the filter the node advertises
     */
    virtual AnyFilter Build(const std::vector<uint64_t>& own,
                            const std::vector<const AnyFilter*>& neighbours) const = 0;
    /**
     * Whether `neighbour` already holds everything `mine` would add to it:
     * Build({}, {&mine}) is below `neighbour` slot by slot.  Trickle counts a
     * received advertisement as consistent only when it changed nothing here
     * and covers this node's own advertisement.
     * \param neighbour a neighbour's advertised filter
     * \param mine this node's advertised filter
     * \return whether `neighbour` covers what `mine` would give it
     */
    virtual bool Covers(const AnyFilter& neighbour, const AnyFilter& mine) const = 0;
    /**
     * Fold one neighbour's filter into an advertised filter, as Build does
     * for each neighbour (BF union, LBF max with the attenuated filter, ABF
     * shifted union).  Every contribution is monotone in the neighbour's
     * slots, so when a neighbour's filter only grew, Accumulate(view, grown)
     * gives what Build would give afresh.
     * \param view the advertised filter, updated in place
     * \param neighbour a neighbour's filter (of GetShape())
     * \return whether `view` changed
     */
    virtual bool Accumulate(AnyFilter& view, const AnyFilter& neighbour) const = 0;
    /**
     * \param filter a filter of GetShape()
     * \param key a resource key
     * \return whether the filter reports the key at all
     */
    virtual bool Contains(const AnyFilter& filter, const Key& key) const = 0;
    /**
     * \param filter a filter of GetShape()
     * \param key a resource key
     * \return the hop estimate; nullopt when absent or when the family has no
     *         distance (BF)
     */
    virtual std::optional<uint32_t> EstimateHops(const AnyFilter& filter, const Key& key) const = 0;
    /**
     * Rank of a neighbour's advertised filter for a key in a gradient walk
     * (BloomQueryApplication).  LBF: (2^b - 1) - cell minimum, i.e. the
     * highest c^ first; ABF: the lowest matching level.
     * \param filter a neighbour's advertised filter
     * \param key the key looked for
     * \return the rank, smaller is closer; nullopt when the filter does not
     *         report the key or the family has no distance (BF)
     */
    virtual std::optional<uint32_t> GradientRank(const AnyFilter& filter, const Key& key) const = 0;
    /// \return whether EstimateHops() is meaningful
    virtual bool HasDistance() const = 0;
    /// \return the largest hop distance the family can report (UINT32_MAX for BF: unbounded)
    virtual uint32_t Reach() const = 0;
    /// \return human-readable parameters, e.g. "lbf m=128 b=8 k=4 mul:0.9 floor"
    virtual std::string Describe() const = 0;

    /// The per-hop attenuation of a family's gossip: one of the two is set.
    struct HopAttenuation
    {
        double factor{0}; //!< multiplicative: a slot keeps this share per hop (else 0)
        uint32_t step{0}; //!< subtractive: a slot loses this much per hop (else 0)
    };

    /**
     * The per-hop attenuation, as values (the scenario tables write it, in
     * the CSVs' `a` column).
     * \return LBF: the factor a or the step delta; SDBF: the keep
     *         probability q = 1 - p as a factor; none for a family without
     *         one (the default)
     */
    virtual std::optional<HopAttenuation> Attenuation() const
    {
        return std::nullopt;
    }

    /// What one node can expect of its converged filter under ideal hashing.
    struct IdealFigures
    {
        double fpr;                  //!< probability that an absent key is reported
        std::optional<double> exact; //!< expected number of exact hop estimates (none: BF)
    };

    /**
     * The family's ideal model: one node's converged filter, every key's k
     * positions independent and uniform (IdealHashingFpr), no frame loss.
     * \param hops the true hop distance of every resource the node can learn
     *        (one entry per resource; 0 for its own)
     * \return the expected false-positive rate of an absent key and the
     *         expected number of the given resources estimated at exactly
     *         their distance; nullopt for a family without a model (the
     *         default)
     */
    virtual std::optional<IdealFigures> IdealModel(const std::vector<uint32_t>& hops) const
    {
        (void)hops;
        return std::nullopt;
    }

    /**
     * The expected false-positive rate of the membership test (Contains) on
     * `filter` as it is filled: an absent key's k positions independent and
     * uniform, each slot of a level non-zero with that level's share of
     * non-zero slots (the measured counterpart of Mitzenmacher's (1 - p)^k,
     * p the share of zero slots).  The harness's budget search with a codec
     * chooses k by it (CodedShapeInBudget).
     * \param filter a filter of GetShape()
     * \return the rate; nullopt for a family without one (the default: its
     *         k is the option's; SDBF: its accuracy is the hop estimate from
     *         how many of a key's k bits survive, which this rate does not see)
     */
    virtual std::optional<double> FillFpr(const AnyFilter& filter) const
    {
        (void)filter;
        return std::nullopt;
    }

  protected:
    /**
     * \param filter a filter
     * \return the share of non-zero slots on each of its levels (flat slot
     *         level × m + i)
     */
    static std::vector<double> LevelFills(const AnyFilter& filter)
    {
        const FilterShape shape = ShapeOf(filter);
        const uint32_t levels = std::max<uint32_t>(1, shape.depth);
        std::vector<double> fills(levels, 0.0);
        if (shape.slots == 0)
        {
            return fills;
        }
        for (uint32_t level = 0; level < levels; ++level)
        {
            uint64_t set = 0;
            for (uint64_t i = 0; i < shape.slots; ++i)
            {
                set += GetSlot(filter, uint64_t{level} * shape.slots + i) != 0 ? 1 : 0;
            }
            fills[level] = static_cast<double>(set) / shape.slots;
        }
        return fills;
    }

    /**
     * FillFpr of a test that reports a key when all its k slots are
     * non-zero on some level (BF, LBF, ABF): 1 - prod over the levels of
     * (1 - f^k), f the level's share of non-zero slots (levels taken as
     * independent).
     * \param filter a filter \param k its hashes \return the rate
     */
    static double AllSlotsFpr(const AnyFilter& filter, uint32_t k)
    {
        double miss = 1;
        for (double f : LevelFills(filter))
        {
            miss *= 1 - std::pow(f, k);
        }
        return 1 - miss;
    }
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_POLICY_H
