/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "attenuated-bloom-filter.h"

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
    : m_levels(CheckedDepth(depth), BloomFilter(bits, hashes))
{
}

void
AttenuatedBloomFilter::InsertLocal(const Key& key)
{
    m_levels.front().Insert(key);
}

void
AttenuatedBloomFilter::Insert(const Key& key, uint32_t level)
{
    if (level >= m_levels.size())
    {
        throw std::invalid_argument("ABF level " + std::to_string(level) + " beyond depth " +
                                    std::to_string(m_levels.size()));
    }
    m_levels[level].Insert(key);
}

std::optional<uint32_t>
AttenuatedBloomFilter::EstimateHops(const Key& key) const
{
    // Every level has the same m and k: compute the k positions once.
    const uint32_t m = GetBits();
    const uint32_t k = GetHashes();
    uint32_t positions[kMaxHashes];
    for (uint32_t i = 0; i < k; ++i)
    {
        positions[i] = key.Position(i, m);
    }
    for (uint32_t level = 0; level < m_levels.size(); ++level)
    {
        const PackedBits& bits = m_levels[level].Bits();
        uint32_t i = 0;
        while (i < k && bits.Test(positions[i]))
        {
            ++i;
        }
        if (i == k)
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
    if (other.GetDepth() != GetDepth() || other.GetBits() != GetBits() ||
        other.GetHashes() != GetHashes())
    {
        throw std::invalid_argument("ABF merge needs equal d, m and k");
    }
}

void
AttenuatedBloomFilter::Merge(const AttenuatedBloomFilter& other)
{
    CheckCompatible(other);
    for (uint32_t i = 0; i < m_levels.size(); ++i)
    {
        m_levels[i].Union(other.m_levels[i]);
    }
}

bool
AttenuatedBloomFilter::MergeShifted(const AttenuatedBloomFilter& neighbour)
{
    CheckCompatible(neighbour);
    bool changed = false;
    for (uint32_t i = 1; i < m_levels.size(); ++i)
    {
        changed |= m_levels[i].Union(neighbour.m_levels[i - 1]);
    }
    return changed;
}

void
AttenuatedBloomFilter::Clear()
{
    for (auto& level : m_levels)
    {
        level.Clear();
    }
}

} // namespace bloom
} // namespace ns3
