/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Attenuated Bloom filter (Rhea & Kubiatowicz, INFOCOM 2002).  Plain C++17,
 * no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_ATTENUATED_BLOOM_FILTER_H
#define BLOOM_GOSSIP_ATTENUATED_BLOOM_FILTER_H

#include "bloom-filter.h"
#include "bloom-hash.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{
namespace bloom
{

/// Largest depth of an attenuated Bloom filter.
constexpr uint32_t kMaxDepth = 255;

/**
 * \ingroup bloom-gossip
 * \brief Attenuated Bloom filter: d Bloom filters of m bits; level i holds
 * the resources i hops away.
 *
 * Level 0 holds a node's own resources; merging a neighbour's filter ORs its
 * level i-1 into level i.  The hop estimate is the lowest matching level, so
 * reach is capped at d - 1 hops and a message costs d m bits.
 */
class AttenuatedBloomFilter
{
  public:
    /// Throws std::invalid_argument unless 1 <= depth <= 255 and m, k are valid.
    AttenuatedBloomFilter(uint32_t depth, uint32_t bits, uint32_t hashes);

    uint32_t GetDepth() const
    {
        return static_cast<uint32_t>(m_levels.size());
    }

    uint32_t GetBits() const
    {
        return m_levels.front().GetBits();
    }

    uint32_t GetHashes() const
    {
        return m_levels.front().GetHashes();
    }

    /// Insert at level 0 (an own resource).
    void InsertLocal(const Key& key);
    /// Insert at a given level (< depth).
    void Insert(const Key& key, uint32_t level);
    /// Lowest level containing the key; nullopt when no level does.
    std::optional<uint32_t> EstimateHops(const Key& key) const;
    /// True when any level contains the key.
    bool Contains(const Key& key) const;

    /// Level-wise union with a filter of the same shape.
    void Merge(const AttenuatedBloomFilter& other);
    /// Union of a neighbour's filter seen one hop away: level i |= other level
    /// i-1; true when a bit changed.
    bool MergeShifted(const AttenuatedBloomFilter& neighbour);
    void Clear();

    const BloomFilter& Level(uint32_t i) const
    {
        return m_levels.at(i);
    }

    BloomFilter& Level(uint32_t i)
    {
        return m_levels.at(i);
    }

    bool operator==(const AttenuatedBloomFilter& o) const
    {
        return m_levels == o.m_levels;
    }

    bool operator!=(const AttenuatedBloomFilter& o) const
    {
        return !(*this == o);
    }

  private:
    void CheckCompatible(const AttenuatedBloomFilter& other) const;

    std::vector<BloomFilter> m_levels;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_ATTENUATED_BLOOM_FILTER_H
