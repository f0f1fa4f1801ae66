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
#include "filter-limits.h"

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
 * \ingroup bloom-filter-core
 * \brief Attenuated Bloom filter: d Bloom filters of m bits; level i holds
 * the resources i hops away.
 *
 * Level 0 holds a node's own resources; merging a neighbour's filter ORs its
 * level i-1 into level i.  The hop estimate is the lowest matching level, so
 * reach is capped at d - 1 hops and a message costs d m bits.
 *
 * All levels live in one bit string (one allocation, so copying a filter and
 * merging a neighbour's touch one contiguous block): level i occupies bits
 * LevelOffset(i) .. LevelOffset(i) + m - 1, each level starting on a 64-bit
 * word, and the bits between the end of one level and the start of the next
 * are always zero.
 */
class AttenuatedBloomFilter
{
  public:
    /// Throws std::invalid_argument unless 1 <= depth <= 255 and m, k are valid.
    AttenuatedBloomFilter(uint32_t depth, uint32_t bits, uint32_t hashes);

    /// The family's traits for the filter core (filter-kinds.h's list).
    static constexpr FilterTraits kTraits{"abf", false, true, false};

    /// Write k, m and the family's own fields (b, d, rule) into a shape (Shape: FilterShape;
    /// a template, so that the filter needs no filter-shape.h: filter-kinds.h includes it).
    template <typename Shape>
    void FillShape(Shape& shape) const
    {
        shape.hashes = GetHashes();
        shape.slots = GetBits();
        shape.depth = GetDepth();
    }

    /// \return an all-zero filter of a shape of this family (its kind already checked)
    template <typename Shape>
    static AttenuatedBloomFilter FromShape(const Shape& shape)
    {
        return AttenuatedBloomFilter(shape.depth, shape.slots, shape.hashes);
    }

    uint32_t GetDepth() const
    {
        return m_depth;
    }

    uint32_t GetBits() const
    {
        return m_m;
    }

    uint32_t GetHashes() const
    {
        return m_k;
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
    /// Whether MergeShifted(`this`) would leave `neighbour` unchanged: every
    /// level i-1 here is a subset of the neighbour's level i (same shape).
    bool ShiftedSubsetOf(const AttenuatedBloomFilter& neighbour) const;
    void Clear();

    /// Level `level` (< depth) as a Bloom filter of its own (a copy).
    BloomFilter Level(uint32_t level) const;

    /// First bit of level `level` in Bits().
    uint64_t LevelOffset(uint32_t level) const
    {
        return static_cast<uint64_t>(level) * m_stride;
    }

    /// Every level, laid out as described above.
    const PackedBits& Bits() const
    {
        return m_bits;
    }

    /**
     * Append flat slots first .. first + n - 1 (slot = level m + bit,
     * within d m) as on the wire: n bits, slot `first` at bit 0, levels
     * back to back without padding, zero padding to a whole byte.
     */
    void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const;
    /// Set flat slots first .. first + n - 1 from `data` (bit 0 on; bits
    /// past n ignored): whether a bit changed, whether one was cleared.
    StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data);

    bool operator==(const AttenuatedBloomFilter& o) const
    {
        return m_depth == o.m_depth && m_m == o.m_m && m_k == o.m_k && m_bits == o.m_bits;
    }

    bool operator!=(const AttenuatedBloomFilter& o) const
    {
        return !(*this == o);
    }

  private:
    void CheckCompatible(const AttenuatedBloomFilter& other) const;
    void CheckLevel(uint32_t level) const;

    uint32_t m_depth;  ///< d
    uint32_t m_m;      ///< bits per level
    uint32_t m_k;      ///< hash functions
    uint64_t m_stride; ///< bits from one level's start to the next (a multiple of 64)
    PackedBits m_bits; ///< d levels of m_stride bits each
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_ATTENUATED_BLOOM_FILTER_H
