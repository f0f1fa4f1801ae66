/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Stable key hashing shared by the three filter families.  Plain C++17, no
 * ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_BLOOM_HASH_H
#define BLOOM_GOSSIP_BLOOM_HASH_H

#include <cstdint>
#include <string_view>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * \brief A resource key, reduced once to a 64-bit hash.
 *
 * The hashing scheme is part of the wire contract (two nodes must agree on
 * the positions of a key), so it is fixed and documented here:
 *
 *  - h = XXH3_64bits(bytes, seed 0) over the key bytes (xxHash >= 0.8, whose
 *    XXH3 output is frozen and identical on every platform and compiler);
 *    a numeric id is hashed as its 8 little-endian bytes; a name as its
 *    bytes, without terminator.
 *  - g = (rotl64(h, 32) * 0x9E3779B97F4A7C15 mod 2^64) | 1  (odd stride)
 *  - position i (0 <= i < k) in a table of m slots
 *      = floor(((h + i * g) mod 2^64) * m / 2^64)
 *    (double hashing, Kirsch & Mitzenmacher 2006, with Lemire's
 *    multiply-shift range reduction instead of a modulo).
 */
class Key
{
  public:
    /// Key of a numeric resource id (hashed as 8 little-endian bytes).
    static Key FromId(uint64_t id);
    /// Key of a resource name (hashed as its bytes).
    static Key FromName(std::string_view name);

    /// Key from an already computed XXH3 hash (for tests and tools).
    static constexpr Key FromHash(uint64_t hash)
    {
        return Key(hash);
    }

    constexpr uint64_t GetHash() const
    {
        return m_hash;
    }

    /// Position of the i-th hash function in a table of `slots` entries.
    constexpr uint32_t Position(uint32_t i, uint32_t slots) const
    {
        const uint64_t x = m_hash + static_cast<uint64_t>(i) * Stride();
        __extension__ typedef unsigned __int128 Wide; // GCC and Clang, 64-bit targets
        return static_cast<uint32_t>((static_cast<Wide>(x) * slots) >> 64);
    }

    constexpr bool operator==(const Key& o) const
    {
        return m_hash == o.m_hash;
    }

    constexpr bool operator!=(const Key& o) const
    {
        return m_hash != o.m_hash;
    }

  private:
    constexpr explicit Key(uint64_t hash)
        : m_hash(hash)
    {
    }

    constexpr uint64_t Stride() const
    {
        const uint64_t r = (m_hash << 32) | (m_hash >> 32);
        return (r * 0x9E3779B97F4A7C15ULL) | 1ULL;
    }

    uint64_t m_hash;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_BLOOM_HASH_H
