/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "attenuated-bloom-filter.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

namespace
{
uint32_t
CheckedDepth(uint32_t depth)
{
    if (depth == 0 || depth > kMaxDepth)
    {
        throw std::invalid_argument("ABF depth d=" + std::to_string(depth) + " out of range 1.." +
                                    std::to_string(kMaxDepth));
    }
    return depth;
}
} // namespace

AttenuatedBloomFilter::AttenuatedBloomFilter(uint32_t depth, uint32_t bits, uint32_t hashes)
    : m_depth(CheckedDepth(depth)),
      m_m(bits),
      m_k(hashes),
      m_stride((static_cast<uint64_t>(bits) + 63) / 64 * 64),
      m_bits((BloomFilter::CheckParameters(bits, hashes), m_stride * m_depth))
{
}

void
AttenuatedBloomFilter::CheckLevel(uint32_t level) const
{
    if (level >= m_depth)
    {
        throw std::invalid_argument("ABF level " + std::to_string(level) + " beyond depth " +
                                    std::to_string(m_depth));
    }
}

void
AttenuatedBloomFilter::InsertLocal(const Key& key)
{
    Insert(key, 0);
}

void
AttenuatedBloomFilter::Insert(const Key& key, uint32_t level)
{
    CheckLevel(level);
    const uint64_t base = LevelOffset(level);
    for (uint32_t i = 0; i < m_k; ++i)
    {
        m_bits.SetBit(base + key.Position(i, m_m));
    }
}

std::optional<uint32_t>
AttenuatedBloomFilter::EstimateHops(const Key& key) const
{
    // Every level has the same m and k: compute the k positions once.
    uint32_t positions[kMaxHashes];
    for (uint32_t i = 0; i < m_k; ++i)
    {
        positions[i] = key.Position(i, m_m);
    }
    for (uint32_t level = 0; level < m_depth; ++level)
    {
        const uint64_t base = LevelOffset(level);
        uint32_t i = 0;
        while (i < m_k && m_bits.Test(base + positions[i]))
        {
            ++i;
        }
        if (i == m_k)
        {
            return level;
        }
    }
    return std::nullopt;
}

bool
AttenuatedBloomFilter::Contains(const Key& key) const
{
    return EstimateHops(key).has_value();
}

void
AttenuatedBloomFilter::CheckCompatible(const AttenuatedBloomFilter& other) const
{
    if (other.m_depth != m_depth || other.m_m != m_m || other.m_k != m_k)
    {
        throw std::invalid_argument("ABF merge needs equal d, m and k");
    }
}

void
AttenuatedBloomFilter::Merge(const AttenuatedBloomFilter& other)
{
    CheckCompatible(other);
    m_bits.OrWith(other.m_bits);
}

bool
AttenuatedBloomFilter::MergeShifted(const AttenuatedBloomFilter& neighbour)
{
    CheckCompatible(neighbour);
    // Level i |= neighbour level i - 1 for every i >= 1: one pass over the
    // words, the neighbour's read one level (m_stride / 64 words) behind.
    const uint64_t shift = m_stride / 64;
    std::vector<uint64_t>& mine = m_bits.MutableWords();
    const std::vector<uint64_t>& theirs = neighbour.m_bits.Words();
    uint64_t added = 0;
    for (size_t w = shift; w < mine.size(); ++w)
    {
        const uint64_t in = theirs[w - shift];
        added |= in & ~mine[w];
        mine[w] |= in;
    }
    return added != 0;
}

bool
AttenuatedBloomFilter::ShiftedSubsetOf(const AttenuatedBloomFilter& neighbour) const
{
    CheckCompatible(neighbour);
    const uint64_t shift = m_stride / 64;
    const std::vector<uint64_t>& mine = m_bits.Words();
    const std::vector<uint64_t>& theirs = neighbour.m_bits.Words();
    for (size_t w = shift; w < mine.size(); ++w)
    {
        if ((mine[w - shift] & ~theirs[w]) != 0)
        {
            return false;
        }
    }
    return true;
}

void
AttenuatedBloomFilter::Clear()
{
    m_bits.Clear();
}

BloomFilter
AttenuatedBloomFilter::Level(uint32_t level) const
{
    CheckLevel(level);
    BloomFilter f(m_m, m_k);
    std::vector<uint8_t> bytes;
    AppendWireSlots(uint64_t{level} * m_m, m_m, bytes);
    f.StoreWireSlots(0, m_m, bytes.data());
    return f;
}

void
AttenuatedBloomFilter::AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const
{
    const uint64_t local = first % m_m;
    const auto level = static_cast<uint32_t>(first / m_m);
    if (local + n <= m_m)
    {
        m_bits.AppendBytes(out, LevelOffset(level) + local, n); // within one level
        return;
    }
    PackedBits part(n);
    for (uint64_t slot = first; slot < first + n;)
    {
        const uint64_t at = slot % m_m;
        const uint64_t count = std::min(first + n - slot, m_m - at);
        part.CopyFrom(m_bits,
                      LevelOffset(static_cast<uint32_t>(slot / m_m)) + at,
                      slot - first,
                      count);
        slot += count;
    }
    part.AppendBytes(out);
}

StoreEffect
AttenuatedBloomFilter::StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data)
{
    StoreEffect effect;
    for (uint64_t slot = first; slot < first + n;)
    {
        const uint64_t at = slot % m_m;
        const uint64_t count = std::min(first + n - slot, m_m - at);
        effect |= m_bits.StoreFields(LevelOffset(static_cast<uint32_t>(slot / m_m)) + at,
                                     data,
                                     slot - first,
                                     count,
                                     1);
        slot += count;
    }
    return effect;
}

} // namespace bloom
} // namespace ns3
