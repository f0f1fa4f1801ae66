/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Counting Bloom filter (membership, deletion, multiplicity).  Plain C++17,
 * no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_COUNTING_BLOOM_FILTER_H
#define BLOOM_GOSSIP_COUNTING_BLOOM_FILTER_H

#include "bloom-hash.h"
#include "filter-limits.h"
#include "packed-bits.h"

#include <cstdint>

namespace ns3
{
namespace bloom
{

/// What CountingBloomFilter::Insert did to the key's counters.
enum class CountingInsert : uint8_t
{
    EXACT,    //!< every counter of the key incremented, all still below the maximum
    SATURATED //!< some counter of the key is now at its maximum 2^c - 1 (it sticks there)
};

/**
 * \ingroup bloom-filter-core
 * \brief Counting Bloom filter of m counters of c bits and k hash positions
 * (Fan, Cao, Almeida & Broder 2000).
 *
 * A key's positions are the BloomFilter's (Key::Position(i, m), i < k): a
 * counting filter given only insertions answers every membership query as a
 * BloomFilter of the same m and k given the same keys, and after removals of
 * inserted keys as that BloomFilter given the remaining keys (unless a
 * counter saturated).  When two of a key's k positions coincide, the counter
 * is touched once: every operation works on the key's distinct positions.
 *
 *  - Insert increments each of the key's counters.
 *  - Contains: every counter of the key is non-zero.
 *  - Count: the minimum of the key's counters, an upper bound of the number
 *    of times the key was inserted (and not removed) unless a counter has
 *    saturated.
 *  - Remove refuses (returns false, changes nothing) when a counter of the
 *    key is zero: such a key is certainly absent, and decrementing the other
 *    counters would corrupt the keys that share them.  A key that is absent
 *    but looks present (a false positive) cannot be told apart and is
 *    removed: that can cause false negatives for other keys, as in every
 *    counting Bloom filter; remove only keys that were inserted.
 *  - Saturation: a counter that reaches 2^c - 1 stays there (sticky).  Its
 *    true count is no longer known, so neither Insert nor Remove changes it
 *    afterwards and it never returns to zero: saturation can add false
 *    positives, never false negatives.  Insert reports it (CountingInsert::
 *    SATURATED), GetSaturatedCounters() counts the counters at the maximum
 *    and GetOverflows() the increments that were lost.  With c = 1 every
 *    set counter is saturated: the filter is a Bloom filter whose Remove
 *    only checks presence.
 *
 * Constructors throw std::invalid_argument on parameters out of range
 * (m in 1..kMaxSlots, k in 1..kMaxHashes, c in 1..16).
 */
class CountingBloomFilter
{
  public:
    /// Default counter width c, in bits (Fan et al.: 4 bits make overflow rare).
    static constexpr uint32_t kDefaultCounterBits = 4;
    /// Smallest counter width c.
    static constexpr uint32_t kMinCounterBits = 1;
    /// Largest counter width c.
    static constexpr uint32_t kMaxCounterBits = 16;

    /**
     * \param counters number of counters m, 1..kMaxSlots
     * \param hashes number of hash positions k, 1..kMaxHashes
     * \param counterBits width c of every counter, 1..16
     */
    CountingBloomFilter(uint32_t counters,
                        uint32_t hashes,
                        uint32_t counterBits = kDefaultCounterBits);

    /// Throws std::invalid_argument unless m, k and c are in range.
    static void CheckParameters(uint32_t counters, uint32_t hashes, uint32_t counterBits);

    /// Number of counters m.
    uint32_t GetCounters() const
    {
        return m_m;
    }

    /// Number of hash positions k.
    uint32_t GetHashes() const
    {
        return m_k;
    }

    /// Counter width c, in bits.
    uint32_t GetCounterBits() const
    {
        return m_c;
    }

    /// Largest counter value 2^c - 1 (a counter there is saturated).
    uint32_t GetMaxCount() const
    {
        return m_max;
    }

    /// Memory of the counters, m * c bits.
    uint64_t GetSizeBits() const
    {
        return static_cast<uint64_t>(m_m) * m_c;
    }

    /// Increment the key's counters (saturating); see CountingInsert.
    CountingInsert Insert(const Key& key);
    /**
     * Decrement the key's counters that are not saturated.  Returns false and
     * changes nothing when a counter of the key is zero (the key is absent).
     */
    bool Remove(const Key& key);
    /// Whether every counter of the key is non-zero.
    bool Contains(const Key& key) const;
    /**
     * Minimum of the key's counters: 0 when the key is absent, otherwise an
     * upper bound of its multiplicity; GetMaxCount() means "at least that many"
     * (a saturated counter).
     */
    uint32_t Count(const Key& key) const;
    /// Every counter back to zero; the saturation and overflow tallies too.
    void Clear();

    /// Value of counter `index` (< m).
    uint32_t GetCounter(uint32_t index) const
    {
        return m_counters.Get(static_cast<uint64_t>(index) * m_c, m_c);
    }

    /// Number of non-zero counters.
    uint32_t CountNonZero() const;

    /**
     * Counter-wise saturating sum with a filter of the same m, k and c: the
     * multiset union (a key's Count adds up).  Increments lost to
     * saturation are added to GetOverflows().  Not idempotent: merging the
     * same filter twice counts its keys twice.
     * \param other the filter to add (throws std::invalid_argument on another shape)
     */
    void AddCounters(const CountingBloomFilter& other);
    /**
     * Counter-wise maximum with a filter of the same m, k and c: an
     * idempotent union whose membership answers are a Bloom filter's union,
     * and a key's Count the larger of its two counts (or more, by collision).
     * \param other the filter to merge (throws std::invalid_argument on another shape)
     */
    void MaxCounters(const CountingBloomFilter& other);

    /// Number of counters at the maximum 2^c - 1 (sticky).
    uint32_t GetSaturatedCounters() const
    {
        return m_saturated;
    }

    /// Increments lost since the last Clear because the counter was saturated.
    uint64_t GetOverflows() const
    {
        return m_overflows;
    }

    /**
     * Textbook false-positive rate after n inserts, that of a Bloom filter of
     * m bits and k hashes: (1 - e^(-kn/m))^k.
     */
    static double TheoreticalFpr(uint32_t counters, uint32_t hashes, uint64_t n);

    /// Same parameters and counters (the overflow tally is history, not compared).
    bool operator==(const CountingBloomFilter& o) const
    {
        return m_m == o.m_m && m_k == o.m_k && m_c == o.m_c && m_counters == o.m_counters;
    }

    /// Negation of operator==.
    bool operator!=(const CountingBloomFilter& o) const
    {
        return !(*this == o);
    }

  private:
    /// Counter i becomes combine(counter i, other's counter i), for every i.
    template <class Combine>
    void CombineCounters(const CountingBloomFilter& other, Combine combine);
    /// Throws std::invalid_argument unless `other` has the same m, k and c.
    void CheckSameShape(const CountingBloomFilter& other) const;
    /// Distinct positions of the key into `out` (kMaxHashes entries); their number.
    uint32_t Positions(const Key& key, uint32_t* out) const;

    uint32_t m_m;          //!< number of counters
    uint32_t m_k;          //!< hash positions per key
    uint32_t m_c;          //!< counter width, bits
    uint32_t m_max;        //!< 2^c - 1
    uint32_t m_saturated;  //!< counters at m_max
    uint64_t m_overflows;  //!< increments lost to saturation
    PackedBits m_counters; //!< m fields of c bits, counter i at bits i*c ..
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_COUNTING_BLOOM_FILTER_H
