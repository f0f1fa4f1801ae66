/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Attenuated Bloom filter gossip: own at level 0, neighbours one level down.  Plain C++17, no ns-3
 * dependency.
 */
#ifndef BLOOM_GOSSIP_ABF_POLICY_H
#define BLOOM_GOSSIP_ABF_POLICY_H

#include "filter-policy.h"

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief Attenuated Bloom filter gossip.
 */
class AbfPolicy : public FilterPolicy
{
  public:
    /**
     * \param depth levels d (1..255); hop distances 0..d-1 are visible
     * \param bits bits m per level
     * \param hashes hash functions k
     */
    AbfPolicy(uint32_t depth, uint32_t bits, uint32_t hashes);
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

    /// FillFpr: all k bits of the key set on some level (AllSlotsFpr).
    /// \param filter a filter of GetShape() \return the rate
    std::optional<double> FillFpr(const AnyFilter& filter) const override
    {
        return AllSlotsFpr(filter, m_empty.GetHashes());
    }

  private:
    AttenuatedBloomFilter m_empty;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_ABF_POLICY_H
