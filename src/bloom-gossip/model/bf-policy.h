/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Plain Bloom filter gossip: union of own resources and neighbours.  Plain C++17, no ns-3
 * dependency.
 */
#ifndef BLOOM_GOSSIP_BF_POLICY_H
#define BLOOM_GOSSIP_BF_POLICY_H

#include "filter-policy.h"

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief Plain Bloom filter gossip.
 */
class BfPolicy : public FilterPolicy
{
  public:
    /**
     * \param bits filter size m in bits
     * \param hashes hash functions k
     */
    BfPolicy(uint32_t bits, uint32_t hashes);
    FilterKind GetKind() const override;
    FilterShape GetShape() const override;
    AnyFilter Build(const std::vector<uint64_t>& own,
                    const std::vector<const AnyFilter*>& neighbours) const override;
    bool Covers(const AnyFilter& neighbour, const AnyFilter& mine) const override;
    bool Accumulate(AnyFilter& view, const AnyFilter& neighbour) const override;
    bool Contains(const AnyFilter& filter, const Key& key) const override;
    std::optional<uint32_t> EstimateHops(const AnyFilter& filter, const Key& key) const override;
    std::optional<uint32_t> GradientRank(const AnyFilter& filter, const Key& key) const override;
    bool HasDistance() const override;
    uint32_t Reach() const override;
    std::string Describe() const override;
    /**
     * FPR = IdealHashingFpr(m, k, n), n = every key the node can learn (the
     * union holds them all); no distance, so no exact estimates.
     * \param hops the true distances of the resources the node can learn
     * \return the ideal figures
     */
    std::optional<IdealFigures> IdealModel(const std::vector<uint32_t>& hops) const override;

    /// FillFpr: all k bits of the key set (AllSlotsFpr).
    /// \param filter a filter of GetShape() \return the rate
    std::optional<double> FillFpr(const AnyFilter& filter) const override
    {
        return AllSlotsFpr(filter, m_empty.GetHashes());
    }

  private:
    BloomFilter m_empty;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_BF_POLICY_H
