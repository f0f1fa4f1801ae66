/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Scope-decay Bloom filter (Li, Wu & Xu, IWNAS 2006): a Bloom filter whose
 * set bits are cleared with some probability at each hop, so the number of a
 * key's k positions still set falls with distance and estimates it.  Plain
 * C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_SCOPE_DECAY_BLOOM_FILTER_H
#define BLOOM_GOSSIP_SCOPE_DECAY_BLOOM_FILTER_H

#include "bloom-filter.h"
#include "bloom-hash.h"
#include "filter-limits.h"
#include "packed-bits.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/// The decay probability p lies in the open interval (0, 1): its smallest
/// and largest values as closed bounds, for range checkers.
constexpr double kMinDecayProbability = std::numeric_limits<double>::denorm_min();
constexpr double kMaxDecayProbability = 1.0 - std::numeric_limits<double>::epsilon() / 2;

/// Largest hop estimate an SDBF estimator returns (the search range of the MLE).
constexpr uint32_t kSdbfMaxHops = 255;

/// How an SDBF turns the count c of a key's set positions into a hop estimate.
enum class SdbfEstimator : uint8_t
{
    MLE = 0,   //!< integer maximum likelihood: argmax_h P(c | k, q^h)
    RATIO = 1, //!< round(ln(c/k) / ln q), the continuous MLE rounded
};

/// "mle" or "ratio".
std::string ToString(SdbfEstimator estimator);
/// Inverse of ToString(SdbfEstimator); throws std::invalid_argument
/// "'<name>' is not one of mle, ratio" on anything else.
SdbfEstimator ParseSdbfEstimator(const std::string& name);

/**
 * \ingroup bloom-filter-core
 * \brief Scope-decay Bloom filter: m bits, k positions per key.
 *
 * Insert sets the key's k bits; Count(key) is how many of its k positions
 * are set (c); merge is bitwise OR.  The decay lives in MergeMasked: a node
 * folds a neighbour's filter in through its static keep mask (bit i kept iff
 * mask bit i is set), so bit i of key x is set at node v iff some path from a
 * holder of x to v has every forwarding node keep bit i.  On a line h hops
 * from the holder, with each mask bit kept with probability q = 1 - p,
 * c ~ Binomial(k, q^h) (collisions with other keys aside).
 *
 * Constructors throw std::invalid_argument on parameters out of range (m in
 * 1..kMaxSlots, k in 1..kMaxHashes); combining filters of other parameters
 * throws std::invalid_argument too.
 */
class ScopeDecayBloomFilter : public BloomFilter
{
  public:
    ScopeDecayBloomFilter(uint32_t bits, uint32_t hashes);

    /// The family's traits for the filter core (filter-kinds.h's list).
    static constexpr FilterTraits kTraits{"sdbf", false, false, false};

    /// Write k, m and the family's own fields (b, d, rule) into a shape (Shape: FilterShape;
    /// a template, so that the filter needs no filter-shape.h: filter-kinds.h includes it).
    template <typename Shape>
    void FillShape(Shape& shape) const
    {
        shape.hashes = GetHashes();
        shape.slots = GetBits();
    }

    /// \return an all-zero filter of a shape of this family (its kind already checked)
    template <typename Shape>
    static ScopeDecayBloomFilter FromShape(const Shape& shape)
    {
        return ScopeDecayBloomFilter(shape.slots, shape.hashes);
    }

    /// Number c of the key's k positions that are set (0..k).
    uint32_t Count(const Key& key) const;

    /// Set union: this |= other; true when a bit changed.
    bool Union(const ScopeDecayBloomFilter& other)
    {
        return BloomFilter::Union(other);
    }

    /// this |= (other & keep); true when a bit changed.  `keep` has m bits.
    bool MergeMasked(const ScopeDecayBloomFilter& other, const PackedBits& keep);
    /// Whether (this & keep) is a subset of `other`.
    bool MaskedSubsetOf(const ScopeDecayBloomFilter& other, const PackedBits& keep) const;
    /// Number of bits set here but not in `other` (of the same m).
    uint32_t CountMissingFrom(const ScopeDecayBloomFilter& other) const;

    bool operator==(const ScopeDecayBloomFilter& o) const
    {
        return BloomFilter::operator==(o);
    }

    bool operator!=(const ScopeDecayBloomFilter& o) const
    {
        return !(*this == o);
    }

    // Plain Bloom filters are another family: no union or comparison with one.
    bool Union(const BloomFilter& other) = delete;
    bool operator==(const BloomFilter& o) const = delete;
    bool operator!=(const BloomFilter& o) const = delete;
};

/**
 * \ingroup bloom-filter-core
 * A static keep mask of `bits` bits: bit i set (kept) iff uniform() < keep.
 * \param bits m
 * \param keep q = 1 - p, the probability a bit survives a hop (0..1)
 * \param uniform source of U[0,1) draws (an ns-3 stream in the simulator)
 * \return the mask
 */
PackedBits DrawKeepMask(uint32_t bits, double keep, const std::function<double()>& uniform);

/// Throws std::invalid_argument unless 0 < p < 1.
void CheckDecayProbability(double p);

/**
 * \ingroup bloom-filter-core
 * Hop estimate from the count c of set positions.
 * \param count c, 1..k (c = 0 carries no distance: the key is absent or
 *        beyond reach; the function returns kSdbfMaxHops for it)
 * \param hashes k
 * \param keep q = 1 - p, in (0, 1)
 * \param estimator MLE or RATIO
 * \return the estimate, 0..kSdbfMaxHops (c = k gives 0)
 */
uint32_t SdbfEstimateHops(uint32_t count, uint32_t hashes, double keep, SdbfEstimator estimator);

/// Binomial probability P(c | k, x).
double BinomialPmf(uint32_t c, uint32_t k, double x);

/// Exact moments of an SDBF hop estimate h^ at true distance h, summing over
/// c ~ Binomial(k, q^h); membership is claimed iff c >= minCount.
struct SdbfEstimateMoments
{
    double detect{0};   //!< P(c >= minCount)
    double mean{0};     //!< E[h^ | detected]
    double bias{0};     //!< E[h^ | detected] - h
    double variance{0}; //!< Var[h^ | detected]
    double mse{0};      //!< E[(h^ - h)^2 | detected]
};

/**
 * \ingroup bloom-filter-core
 * \param hashes k
 * \param keep q = 1 - p
 * \param hops true hop distance h (number of decaying hops)
 * \param minCount smallest c that claims membership (>= 1)
 * \param estimator MLE or RATIO
 * \return the moments (mean, bias, variance and mse are 0 when detect is 0)
 */
SdbfEstimateMoments SdbfMoments(uint32_t hashes,
                                double keep,
                                uint32_t hops,
                                uint32_t minCount,
                                SdbfEstimator estimator);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_SCOPE_DECAY_BLOOM_FILTER_H
