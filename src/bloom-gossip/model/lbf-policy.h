/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Linear Bloom filter gossip: max of own resources and attenuated neighbours.  Plain C++17, no ns-3
 * dependency.
 */
#ifndef BLOOM_GOSSIP_LBF_POLICY_H
#define BLOOM_GOSSIP_LBF_POLICY_H

#include "filter-policy.h"

#include "ns3/lbf-decay.h"

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief Linear Bloom filter gossip.
 */
class LbfPolicy : public FilterPolicy
{
  public:
    /**
     * \param cells cells m
     * \param cellBits bits per cell b (1..16)
     * \param hashes hash functions k
     * \param rule how a confidence becomes a cell value
     * \param decay per-hop attenuation (of the same b)
     */
    LbfPolicy(uint32_t cells,
              uint32_t cellBits,
              uint32_t hashes,
              Quantization rule,
              LbfDecay decay);
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
    std::optional<HopAttenuation> Attenuation() const override;
    /// \return the alphabet of the decay's chain (CellAlphabet::FromDecay)
    const CellAlphabet* GetCellAlphabet() const override;
    /**
     * At convergence a cell holds the largest level v(h) of the keys hashed
     * to it (the decay is monotone, so the max of attenuated values is the
     * attenuated max), and the levels v(0) > v(1) > ... > v(H) are the
     * decay's chain.  A key at distance h <= H is estimated exactly unless
     * every one of its k cells holds a strictly closer key: P(exact) =
     * 1 - IdealHashingFpr(m, k, #keys closer than h).  Keys beyond the
     * horizon H leave no trace (never exact); an absent key is reported with
     * IdealHashingFpr(m, k, #keys within H).
     * \param hops the true distances of the resources the node can learn
     * \return the ideal figures
     */
    std::optional<IdealFigures> IdealModel(const std::vector<uint32_t>& hops) const override;

    /// FillFpr: all k cells of the key non-zero (AllSlotsFpr).
    /// \param filter a filter of GetShape() \return the rate
    std::optional<double> FillFpr(const AnyFilter& filter) const override
    {
        return AllSlotsFpr(filter, m_empty.GetHashes());
    }

    /// \return the per-hop attenuation
    const LbfDecay& GetDecay() const
    {
        return m_decay;
    }

  private:
    LinearBloomFilter m_empty;
    LbfDecay m_decay;
    CellAlphabet m_alphabet; //!< shares the decay's interned chain
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_LBF_POLICY_H
