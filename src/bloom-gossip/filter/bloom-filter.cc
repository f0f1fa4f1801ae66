/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-filter.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

void
BloomFilter::CheckParameters(uint32_t bits, uint32_t hashes)
{
    if (bits == 0 || bits > kMaxSlots)
    {
        throw std::invalid_argument("Bloom filter bits m=" + std::to_string(bits) +
                                    " out of range 1.." + std::to_string(kMaxSlots));
    }
    if (hashes == 0 || hashes > kMaxHashes)
    {
        throw std::invalid_argument("Bloom filter hashes k=" + std::to_string(hashes) +
                                    " out of range 1.." + std::to_string(kMaxHashes));
    }
}

BloomFilter::BloomFilter(uint32_t bits, uint32_t hashes)
    : m_m(bits),
      m_k(hashes),
      m_bits((CheckParameters(bits, hashes), bits))
{
}

void
BloomFilter::Insert(const Key& key)
{
    for (uint32_t i = 0; i < m_k; ++i)
    {
        m_bits.SetBit(key.Position(i, m_m));
    }
}

bool
BloomFilter::Contains(const Key& key) const
{
    for (uint32_t i = 0; i < m_k; ++i)
    {
        if (!m_bits.Test(key.Position(i, m_m)))
        {
            return false;
        }
    }
    return true;
}

bool
BloomFilter::Union(const BloomFilter& other)
{
    if (other.m_m != m_m || other.m_k != m_k)
    {
        throw std::invalid_argument("Bloom filter union needs equal m and k");
    }
    return m_bits.OrWith(other.m_bits);
}

void
BloomFilter::Clear()
{
    m_bits.Clear();
}

uint32_t
BloomFilter::CountOnes() const
{
    return static_cast<uint32_t>(m_bits.CountOnes());
}

double
BloomFilter::Fill() const
{
    return static_cast<double>(CountOnes()) / m_m;
}

double
BloomFilter::EstimatedFpr() const
{
    return std::pow(Fill(), m_k);
}

double
BloomFilter::EstimatedCardinality() const
{
    const uint32_t x = CountOnes();
    if (x >= m_m)
    {
        return std::numeric_limits<double>::infinity();
    }
    return -(static_cast<double>(m_m) / m_k) * std::log1p(-static_cast<double>(x) / m_m);
}

double
BloomFilter::TheoreticalFpr(uint32_t bits, uint32_t hashes, uint64_t n)
{
    return std::pow(-std::expm1(-static_cast<double>(hashes) * n / bits), hashes);
}

} // namespace bloom
} // namespace ns3
