/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Scope-decay Bloom filter gossip: own resources fresh, OR every neighbour's
 * filter through this node's static keep mask.  Plain C++17, no ns-3
 * dependency.
 */
#ifndef BLOOM_GOSSIP_SDBF_POLICY_H
#define BLOOM_GOSSIP_SDBF_POLICY_H

#include "filter-policy.h"

#include "ns3/scope-decay-bloom-filter.h"

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief Scope-decay Bloom filter gossip (Li, Wu & Xu 2006).
 *
 * Advertised filter = own keys inserted fresh, OR (neighbour filter AND keep
 * mask) for every live neighbour.  The keep mask is static (drawn once per
 * node): fresh coin flips per message would let bits re-enter on every
 * beacon and saturate any graph with cycles.  The hop estimate comes from
 * the count c of a key's k positions set (SdbfEstimateHops); membership is
 * claimed iff c >= MinCount.
 */
class SdbfPolicy : public FilterPolicy
{
  public:
    /**
     * \param bits filter size m in bits
     * \param hashes hash functions k
     * \param decayProbability p, the probability a mask bit is cleared, 0 < p < 1
     * \param keepMask this node's keep mask, m bits
     * \param minCount smallest count c that claims membership, 1..k
     * \param estimator how c becomes a hop estimate
     */
    SdbfPolicy(uint32_t bits,
               uint32_t hashes,
               double decayProbability,
               PackedBits keepMask,
               uint32_t minCount,
               SdbfEstimator estimator);
    FilterKind GetKind() const override;
    FilterShape GetShape() const override;
    AnyFilter Build(const std::vector<uint64_t>& own,
                    const std::vector<const AnyFilter*>& neighbours) const override;
    /**
     * A node cannot know its neighbour's keep mask, so it cannot tell a bit
     * the neighbour dropped by design from one it has not heard.  A
     * neighbour that has heard `mine` lacks about Binomial(X, p) of its X
     * bits (those its mask clears); this is a statistical test of that:
     * the neighbour covers `mine` iff it lacks at most p X + 3 sqrt(p (1-p)
     * X) + 1 of them.  A neighbour that lacks a few bits only (e.g. one new
     * key far away) may pass: the next Trickle interval still carries them.
     */
    bool Covers(const AnyFilter& neighbour, const AnyFilter& mine) const override;
    bool Accumulate(AnyFilter& view, const AnyFilter& neighbour) const override;
    bool Contains(const AnyFilter& filter, const Key& key) const override;
    std::optional<uint32_t> EstimateHops(const AnyFilter& filter, const Key& key) const override;
    /// The hop estimate (EstimateHops): the smallest estimate first.
    std::optional<uint32_t> GradientRank(const AnyFilter& filter, const Key& key) const override;
    bool HasDistance() const override;
    /// The estimate for c = MinCount, the largest one the estimator gives.
    uint32_t Reach() const override;
    std::string Describe() const override;
    std::optional<HopAttenuation> Attenuation() const override;

    /// \return the probability q = 1 - p that a hop keeps a bit
    double GetKeep() const
    {
        return 1.0 - m_p;
    }

    /// \return this node's keep mask
    const PackedBits& GetKeepMask() const
    {
        return m_keep;
    }

    /// \return MinCount
    uint32_t GetMinCount() const
    {
        return m_minCount;
    }

    /// \return the estimator
    SdbfEstimator GetEstimator() const
    {
        return m_estimator;
    }

  private:
    ScopeDecayBloomFilter m_empty;
    double m_p;
    PackedBits m_keep;
    uint32_t m_minCount;
    SdbfEstimator m_estimator;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_SDBF_POLICY_H
