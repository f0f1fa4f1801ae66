/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Plain Bloom filter (membership only).  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_BLOOM_FILTER_H
#define BLOOM_GOSSIP_BLOOM_FILTER_H

#include "bloom-hash.h"
#include "filter-limits.h"
#include "packed-bits.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * \brief Bloom filter of m bits and k hash positions (Bloom 1970).
 *
 * Constructors throw std::invalid_argument on parameters out of range
 * (m in 1..kMaxSlots, k in 1..kMaxHashes); combining filters of different
 * parameters throws std::invalid_argument too.
 */
class BloomFilter
{
  public:
    BloomFilter(uint32_t bits, uint32_t hashes);

    /// The family's traits for the filter core (filter-kinds.h's list).
    static constexpr FilterTraits kTraits{"bf", false, false, false};

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
    static BloomFilter FromShape(const Shape& shape)
    {
        return BloomFilter(shape.slots, shape.hashes);
    }

    /// Throws std::invalid_argument unless m is in 1..kMaxSlots and k in 1..kMaxHashes.
    static void CheckParameters(uint32_t bits, uint32_t hashes);

    uint32_t GetBits() const
    {
        return m_m;
    }

    uint32_t GetHashes() const
    {
        return m_k;
    }

    void Insert(const Key& key);
    bool Contains(const Key& key) const;
    /// Set union: this |= other; true when a bit changed.
    bool Union(const BloomFilter& other);
    void Clear();

    /// Number of bits set (X).
    uint32_t CountOnes() const;
    /// Share of bits set, X/m.
    double Fill() const;
    /// False-positive probability implied by the current fill: (X/m)^k.
    double EstimatedFpr() const;
    /// Cardinality estimate -(m/k) ln(1 - X/m) (Swamidass & Baldi); +inf when full.
    double EstimatedCardinality() const;
    /// Textbook false-positive rate after n inserts: (1 - e^(-kn/m))^k.
    static double TheoreticalFpr(uint32_t bits, uint32_t hashes, uint64_t n);

    const PackedBits& Bits() const
    {
        return m_bits;
    }

    /// Append bits first .. first + n - 1 as on the wire (bit `first` at
    /// bit 0, little-endian bit order, zero padding to a whole byte).
    void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const
    {
        m_bits.AppendBytes(out, first, n);
    }

    /// Set bits first .. first + n - 1 from `data` (bit 0 on; bits past n
    /// ignored): whether a bit changed, whether one was cleared.
    StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data)
    {
        return m_bits.StoreFields(first, data, 0, n, 1);
    }

    bool operator==(const BloomFilter& o) const
    {
        return m_m == o.m_m && m_k == o.m_k && m_bits == o.m_bits;
    }

    bool operator!=(const BloomFilter& o) const
    {
        return !(*this == o);
    }

  protected:
    /// The bits, for filters built on this one (the scope-decay Bloom filter).
    PackedBits& MutableBits()
    {
        return m_bits;
    }

  private:
    uint32_t m_m;
    uint32_t m_k;
    PackedBits m_bits;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_BLOOM_FILTER_H
