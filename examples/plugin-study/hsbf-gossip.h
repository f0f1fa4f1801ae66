/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A filter family of the plug-in study, outside the module: the hop-scoped
 * Bloom filter (HSBF).  A node advertises the resources within Scope hops
 * of it, one Bloom filter per hop distance 0..Scope (level h: the resources
 * h hops away, learnt from the neighbours' level h - 1); a resource farther
 * away is dropped, whatever the network's diameter.  Its filter class (a
 * plug-in filter class with wire kind 200), its policy and its gossip
 * application are here; hsbf-gossip.cc registers the kind and the family.
 */
#ifndef PLUGIN_STUDY_HSBF_GOSSIP_H
#define PLUGIN_STUDY_HSBF_GOSSIP_H

#include "ns3/any-filter.h"
#include "ns3/bloom-gossip-application.h"
#include "ns3/filter-policy.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/// The HSBF's wire kind: a plug-in kind (bloom::kFirstPluginKind..255).
constexpr bloom::FilterKind kHsbfKind = static_cast<bloom::FilterKind>(200);

/**
 * \brief The hop-scoped Bloom filter: L levels of m bits, level h holding
 * the keys h hops away, packed level after level.
 */
class HopScopedBloomFilter : public bloom::PluginFilterOf<HopScopedBloomFilter>
{
  public:
    /// \param levels L = scope + 1 \param bits m per level \param hashes k
    HopScopedBloomFilter(uint32_t levels, uint32_t bits, uint32_t hashes);

    void FillShape(bloom::FilterShape& shape) const override;
    void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const override;
    bloom::StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data) override;

    /// \param key a key \param level its hop distance (< levels)
    void Insert(const bloom::Key& key, uint32_t level);
    /// \param key a key \return the lowest level holding it (its hop estimate), if any
    std::optional<uint32_t> LowestLevel(const bloom::Key& key) const;
    /// Add a neighbour's filter one hop further: level h |= its level h - 1
    /// (its last level is beyond the scope and dropped).
    /// \param neighbour a filter of the same shape \return whether a bit changed
    bool MergeShifted(const HopScopedBloomFilter& neighbour);
    /// \param neighbour a filter of the same shape
    /// \return whether MergeShifted(*this) would leave `neighbour` unchanged
    bool ShiftedSubsetOf(const HopScopedBloomFilter& neighbour) const;

    /// \return L
    uint32_t GetLevels() const;
    /// \return m
    uint32_t GetBits() const;
    /// \return k
    uint32_t GetHashes() const;

    bool operator==(const HopScopedBloomFilter& o) const;

  private:
    uint32_t m_levels;         //!< L
    uint32_t m_bits;           //!< m per level
    uint32_t m_hashes;         //!< k
    bloom::PackedBits m_slots; //!< L m bits, level h at h m
};

/**
 * \brief What an HSBF node does in gossip: its own keys at level 0, every
 * neighbour's filter shifted one level down.
 */
class HsbfPolicy : public bloom::FilterPolicy
{
  public:
    /// \param scope the hops it keeps \param bits m per level \param hashes k
    HsbfPolicy(uint32_t scope, uint32_t bits, uint32_t hashes);

    bloom::FilterKind GetKind() const override;
    bloom::FilterShape GetShape() const override;
    bloom::AnyFilter Build(const std::vector<uint64_t>& own,
                           const std::vector<const bloom::AnyFilter*>& neighbours) const override;
    bool Covers(const bloom::AnyFilter& neighbour, const bloom::AnyFilter& mine) const override;
    bool Accumulate(bloom::AnyFilter& view, const bloom::AnyFilter& neighbour) const override;
    bool Contains(const bloom::AnyFilter& filter, const bloom::Key& key) const override;
    std::optional<uint32_t> EstimateHops(const bloom::AnyFilter& filter,
                                         const bloom::Key& key) const override;
    std::optional<uint32_t> GradientRank(const bloom::AnyFilter& filter,
                                         const bloom::Key& key) const override;
    bool HasDistance() const override;
    uint32_t Reach() const override;
    std::string Describe() const override;

  private:
    HopScopedBloomFilter m_empty; //!< an empty filter of the shape
};

/**
 * \brief HSBF gossip: the BloomGossipApplication of the family, with its
 * tunable Scope.
 */
class HsbfGossipApplication : public BloomGossipApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    std::unique_ptr<bloom::FilterPolicy> CreatePolicy() const override;

  private:
    uint32_t m_bits;   //!< Bits: m per level
    uint32_t m_hashes; //!< Hashes: k
    uint32_t m_scope;  //!< Scope: the hops kept
};

} // namespace ns3

#endif // PLUGIN_STUDY_HSBF_GOSSIP_H
