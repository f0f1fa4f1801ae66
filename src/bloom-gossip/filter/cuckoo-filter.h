/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Cuckoo filter (Fan, Andersen, Kaminsky & Mitzenmacher, CoNEXT 2014):
 * membership with deletion.  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_CUCKOO_FILTER_H
#define BLOOM_GOSSIP_CUCKOO_FILTER_H

#include "bloom-hash.h"
#include "packed-bits.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * \brief Source of the random choices of a cuckoo insertion: each call
 * returns 64 uniformly random bits.  Injected into the filter so that runs
 * are reproducible and no global state is involved.
 */
using CuckooRandom = std::function<uint64_t()>;

/**
 * \ingroup bloom-filter-core
 * \brief SplitMix64 (Steele, Lea & Flood 2014): a small seeded generator for
 * CuckooRandom.  The same seed gives the same sequence on every platform.
 */
class SplitMix64
{
  public:
    /// Generator whose state starts at `seed`.
    explicit SplitMix64(uint64_t seed)
        : m_state(seed)
    {
    }

    /// Next 64 random bits.
    uint64_t operator()()
    {
        uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

  private:
    uint64_t m_state; //!< advanced by the golden-ratio increment at every call
};

/**
 * \ingroup bloom-filter-core
 * \brief Cuckoo filter: B buckets (a power of two) of b entries, each entry
 * empty or holding a fingerprint of f bits (Fan et al., CoNEXT 2014).
 *
 * Hashing, from the key's 64-bit hash h (Key::GetHash(), XXH3-64):
 *  - fingerprint fp = 1 + floor((h >> 32) * (2^f - 1) / 2^32), in 1..2^f - 1
 *    (0 marks an empty entry);
 *  - first bucket i1 = h mod B (the low bits, independent of fp's);
 *  - partial-key cuckoo hashing: the alternate bucket of a fingerprint in
 *    bucket i is i XOR (Mix(fp) mod B), Mix the SplitMix64 finaliser, so
 *    i2 = i1 XOR (Mix(fp) mod B) and i1 = i2 XOR (Mix(fp) mod B): a stored
 *    fingerprint can move between its two buckets without the key.
 *
 * A key is present when its fingerprint is in bucket i1 or i2.  Insert puts
 * the fingerprint in a free entry of i1 or i2; when both are full it evicts
 * a random entry of a random one of them and moves the victim to its
 * alternate bucket, up to GetMaxKicks() times (default 500).  The random
 * choices come from the injected CuckooRandom, so equal seeds give equal
 * tables.
 *
 * Insert failure rolls back: when the kicks run out, every eviction is
 * undone in reverse order, so the table is exactly as before the call, the
 * key is not added and Insert returns false (GetInsertFailures() counts
 * these).  No stash: every accepted key stays findable (no false negatives)
 * and a failed key is simply absent.
 *
 * Remove deletes one copy of the key's fingerprint from i1 or i2 and returns
 * false when there is none.  Removing a key that was never inserted but
 * whose fingerprint collides with a stored one deletes that other key's
 * fingerprint (a false negative for it): remove only inserted keys.  A key
 * inserted t times is stored t times (at most 2b copies fit) and needs t
 * removals.
 *
 * Constructors throw std::invalid_argument on parameters out of range (B a
 * power of two in 1..kMaxBuckets, b in 1..kMaxBucketSize, f in
 * 1..kMaxFingerprintBits, max kicks in 0..kMaxKicksLimit, a non-empty
 * generator).
 */
class CuckooFilter
{
  public:
    /// Default entries per bucket b (Fan et al.: 95 % load with 4).
    static constexpr uint32_t kDefaultBucketSize = 4;
    /// Default limit of evictions per insertion (Fan et al.'s 500).
    static constexpr uint32_t kDefaultMaxKicks = 500;
    /// Largest number of buckets B.
    static constexpr uint32_t kMaxBuckets = 1U << 22;
    /// Largest number of entries per bucket b.
    static constexpr uint32_t kMaxBucketSize = 8;
    /// Largest fingerprint width f, in bits.
    static constexpr uint32_t kMaxFingerprintBits = 32;
    /// Largest limit of evictions per insertion.
    static constexpr uint32_t kMaxKicksLimit = 1U << 20;

    /**
     * \param buckets number of buckets B, a power of two in 1..kMaxBuckets
     * \param fingerprintBits fingerprint width f, 1..kMaxFingerprintBits
     * \param bucketSize entries per bucket b, 1..kMaxBucketSize
     * \param random generator of the eviction choices (copied into the filter)
     * \param maxKicks evictions per insertion before it fails, 0..kMaxKicksLimit
     */
    CuckooFilter(uint32_t buckets,
                 uint32_t fingerprintBits,
                 uint32_t bucketSize,
                 CuckooRandom random,
                 uint32_t maxKicks = kDefaultMaxKicks);
    /// Same, with a SplitMix64 generator seeded with `seed`.
    CuckooFilter(uint32_t buckets,
                 uint32_t fingerprintBits,
                 uint32_t bucketSize,
                 uint64_t seed,
                 uint32_t maxKicks = kDefaultMaxKicks);

    /// Throws std::invalid_argument unless B, f, b and the kick limit are in range.
    static void CheckParameters(uint32_t buckets,
                                uint32_t fingerprintBits,
                                uint32_t bucketSize,
                                uint32_t maxKicks);

    /**
     * Smallest power-of-two number of buckets that holds n keys at a load
     * factor of at most `maxLoad` (0 < maxLoad <= 1): n <= maxLoad * B * b.
     * Throws std::invalid_argument when that exceeds kMaxBuckets.
     */
    static uint32_t BucketsFor(uint64_t n, uint32_t bucketSize, double maxLoad);
    /**
     * False-positive rate at load factor α: 1 - (1 - 1/(2^f - 1))^(2bα), a
     * lookup compares its fingerprint with about 2bα stored ones, each equal
     * with probability 1/(2^f - 1).  Below 2bα/(2^f - 1); Fan et al.'s
     * 2b/2^f at α = 1.
     */
    static double TheoreticalFpr(uint32_t fingerprintBits, uint32_t bucketSize, double load);
    /**
     * Smallest f whose TheoreticalFpr at full load (α = 1) is at most
     * `targetFpr` (0 < target < 1); kMaxFingerprintBits + 1 when none is.
     */
    static uint32_t FingerprintBitsFor(double targetFpr, uint32_t bucketSize);

    /**
     * The exact false-positive rate of this table under ideal hashing: the
     * share of the (first bucket, fingerprint) pairs, every one equally
     * likely for a non-member, whose fingerprint is in the first bucket or in
     * its other bucket.  Not the TheoreticalFpr estimate from the load: it
     * counts the stored fingerprints where they are, in O(B b log(B b)).
     * \return the rate, in [0, 1]
     */
    double ExactFpr() const;

    /// Number of buckets B.
    uint32_t GetBuckets() const
    {
        return m_buckets;
    }

    /// Entries per bucket b.
    uint32_t GetBucketSize() const
    {
        return m_b;
    }

    /// Fingerprint width f, in bits.
    uint32_t GetFingerprintBits() const
    {
        return m_f;
    }

    /// Evictions per insertion before it fails.
    uint32_t GetMaxKicks() const
    {
        return m_maxKicks;
    }

    /// Memory of the table, B * b * f bits.
    uint64_t GetSizeBits() const
    {
        return static_cast<uint64_t>(m_buckets) * m_b * m_f;
    }

    /// Number of entries B * b.
    uint64_t GetCapacity() const
    {
        return static_cast<uint64_t>(m_buckets) * m_b;
    }

    /// Number of stored fingerprints.
    uint64_t GetEntries() const
    {
        return m_entries;
    }

    /// Stored fingerprints over entries, GetEntries() / GetCapacity().
    double GetLoadFactor() const
    {
        return static_cast<double>(m_entries) / GetCapacity();
    }

    /// Insertions refused since the last Clear (the table was left unchanged).
    uint64_t GetInsertFailures() const
    {
        return m_failures;
    }

    /// Evictions made by the accepted insertions since the last Clear.
    uint64_t GetKicks() const
    {
        return m_kicks;
    }

    /// Store the key's fingerprint; false (table unchanged) when the kicks run out.
    bool Insert(const Key& key);
    /**
     * Union with a filter of the same shape (B, f, b): every fingerprint of
     * `other` that is in neither of its two buckets here is inserted as
     * Insert would (evictions included).  Idempotent: a fingerprint already
     * held is not stored twice, so two distinct keys with the same
     * fingerprint and buckets merge into one entry (a false positive of
     * either stands for both, and Remove of one removes both).  Fingerprints
     * that do not fit are counted in GetInsertFailures().
     * \param other the filter to merge in
     * \return the number of fingerprints that could not be placed
     */
    uint64_t Merge(const CuckooFilter& other);
    /// Whether the key's fingerprint is in one of its two buckets.
    bool Contains(const Key& key) const;
    /// Delete one copy of the key's fingerprint; false when there is none.
    bool Remove(const Key& key);
    /// Empty every entry; reset the failure and kick tallies (not the generator).
    void Clear();

    /// The key's fingerprint, 1..2^f - 1.
    uint32_t FingerprintOf(const Key& key) const
    {
        const uint64_t high = key.GetHash() >> 32;
        return static_cast<uint32_t>(1 + ((high * m_fpValues) >> 32));
    }

    /// The key's first bucket i1.
    uint32_t IndexOf(const Key& key) const
    {
        return static_cast<uint32_t>(key.GetHash()) & (m_buckets - 1);
    }

    /// The other bucket of fingerprint `fp` when it is in bucket `index`.
    uint32_t AltIndex(uint32_t index, uint32_t fp) const
    {
        return index ^ (static_cast<uint32_t>(Mix(fp)) & (m_buckets - 1));
    }

    /// Entry `slot` (< b) of bucket `index` (< B): 0 when empty, else a fingerprint.
    uint32_t GetEntry(uint32_t index, uint32_t slot) const
    {
        return m_table.Get(Offset(static_cast<uint64_t>(index) * m_b + slot), m_f);
    }

    /// Same parameters, table and entry count (the generator and tallies are not compared).
    bool operator==(const CuckooFilter& o) const
    {
        return m_buckets == o.m_buckets && m_b == o.m_b && m_f == o.m_f &&
               m_entries == o.m_entries && m_table == o.m_table;
    }

    /// Negation of operator==.
    bool operator!=(const CuckooFilter& o) const
    {
        return !(*this == o);
    }

  private:
    /// SplitMix64's finaliser, the hash of a fingerprint for AltIndex.
    static uint64_t Mix(uint64_t x)
    {
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        return x ^ (x >> 31);
    }

    /// Bit offset of entry number `entry` (bucket * b + slot).
    uint64_t Offset(uint64_t entry) const
    {
        return entry * m_f;
    }

    /// Whether bucket `index` holds `fp`.
    bool BucketHas(uint32_t index, uint32_t fp) const;
    /// Put `fp` in a free entry of bucket `index`; false when it is full.
    bool TryPut(uint32_t index, uint32_t fp);
    /// Insert fingerprint `fp` whose buckets are `i1` and AltIndex(i1, fp).
    bool InsertFingerprint(uint32_t i1, uint32_t fp);
    /// Clear one entry of bucket `index` holding `fp`; false when none does.
    bool TryErase(uint32_t index, uint32_t fp);

    uint32_t m_buckets;           //!< B, a power of two
    uint32_t m_b;                 //!< entries per bucket
    uint32_t m_f;                 //!< fingerprint bits
    uint32_t m_maxKicks;          //!< evictions before an insertion fails
    uint64_t m_fpValues;          //!< 2^f - 1, the number of fingerprint values
    uint64_t m_entries;           //!< stored fingerprints
    uint64_t m_failures;          //!< refused insertions
    uint64_t m_kicks;             //!< evictions of accepted insertions
    PackedBits m_table;           //!< B * b fields of f bits, bucket-major
    CuckooRandom m_random;        //!< eviction choices
    std::vector<uint64_t> m_path; //!< entries swapped by the current insertion
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_CUCKOO_FILTER_H
