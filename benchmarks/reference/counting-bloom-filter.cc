/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "counting-bloom-filter.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

void
CountingBloomFilter::CheckParameters(uint32_t counters, uint32_t hashes, uint32_t counterBits)
{
    if (counters == 0 || counters > kMaxSlots)
    {
        throw std::invalid_argument("counting Bloom filter counters m=" + std::to_string(counters) +
                                    " out of range 1.." + std::to_string(kMaxSlots));
    }
    if (hashes == 0 || hashes > kMaxHashes)
    {
        throw std::invalid_argument("counting Bloom filter hashes k=" + std::to_string(hashes) +
                                    " out of range 1.." + std::to_string(kMaxHashes));
    }
    if (counterBits < kMinCounterBits || counterBits > kMaxCounterBits)
    {
        throw std::invalid_argument(
            "counting Bloom filter counter bits c=" + std::to_string(counterBits) +
            " out of range " + std::to_string(kMinCounterBits) + ".." +
            std::to_string(kMaxCounterBits));
    }
}

CountingBloomFilter::CountingBloomFilter(uint32_t counters, uint32_t hashes, uint32_t counterBits)
    : m_m((CheckParameters(counters, hashes, counterBits), counters)), // first: m_max shifts by c
      m_k(hashes),
      m_c(counterBits),
      m_max((1U << counterBits) - 1),
      m_saturated(0),
      m_overflows(0),
      m_counters(static_cast<uint64_t>(counters) * counterBits)
{
}

uint32_t
CountingBloomFilter::Positions(const Key& key, uint32_t* out) const
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < m_k; ++i)
    {
        const uint32_t p = key.Position(i, m_m);
        bool seen = false;
        for (uint32_t j = 0; j < n; ++j)
        {
            seen = seen || out[j] == p;
        }
        if (!seen)
        {
            out[n++] = p;
        }
    }
    return n;
}

CountingInsert
CountingBloomFilter::Insert(const Key& key)
{
    uint32_t positions[kMaxHashes];
    const uint32_t n = Positions(key, positions);
    CountingInsert result = CountingInsert::EXACT;
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint64_t offset = static_cast<uint64_t>(positions[i]) * m_c;
        const uint32_t v = m_counters.Get(offset, m_c);
        if (v == m_max)
        {
            ++m_overflows;
            result = CountingInsert::SATURATED;
            continue;
        }
        m_counters.Set(offset, m_c, v + 1);
        if (v + 1 == m_max)
        {
            ++m_saturated;
            result = CountingInsert::SATURATED;
        }
    }
    return result;
}

template <class Combine>
void
CountingBloomFilter::CombineCounters(const CountingBloomFilter& other, Combine combine)
{
    CheckSameShape(other);
    for (uint32_t i = 0; i < m_m; ++i)
    {
        const uint64_t offset = static_cast<uint64_t>(i) * m_c;
        const uint32_t v = m_counters.Get(offset, m_c);
        const uint32_t next = combine(v, other.m_counters.Get(offset, m_c));
        if (next != v)
        {
            m_counters.Set(offset, m_c, next);
            m_saturated += next == m_max ? 1 : 0;
        }
    }
}

void
CountingBloomFilter::AddCounters(const CountingBloomFilter& other)
{
    CombineCounters(other, [this](uint32_t v, uint32_t add) {
        const uint32_t room = m_max - v; // 0 once saturated: the counter sticks
        m_overflows += add > room ? add - room : 0;
        return v + std::min(add, room);
    });
}

void
CountingBloomFilter::MaxCounters(const CountingBloomFilter& other)
{
    CombineCounters(other, [](uint32_t v, uint32_t theirs) { return std::max(v, theirs); });
}

void
CountingBloomFilter::CheckSameShape(const CountingBloomFilter& other) const
{
    if (other.m_m != m_m || other.m_k != m_k || other.m_c != m_c)
    {
        throw std::invalid_argument("counting Bloom filter merge needs the same m, k and c");
    }
}

bool
CountingBloomFilter::Remove(const Key& key)
{
    uint32_t positions[kMaxHashes];
    const uint32_t n = Positions(key, positions);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (m_counters.Get(static_cast<uint64_t>(positions[i]) * m_c, m_c) == 0)
        {
            return false;
        }
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint64_t offset = static_cast<uint64_t>(positions[i]) * m_c;
        const uint32_t v = m_counters.Get(offset, m_c);
        if (v != m_max)
        {
            m_counters.Set(offset, m_c, v - 1);
        }
    }
    return true;
}

bool
CountingBloomFilter::Contains(const Key& key) const
{
    for (uint32_t i = 0; i < m_k; ++i)
    {
        if (m_counters.Get(static_cast<uint64_t>(key.Position(i, m_m)) * m_c, m_c) == 0)
        {
            return false;
        }
    }
    return true;
}

uint32_t
CountingBloomFilter::Count(const Key& key) const
{
    uint32_t count = m_max;
    for (uint32_t i = 0; i < m_k && count > 0; ++i)
    {
        const uint32_t v = m_counters.Get(static_cast<uint64_t>(key.Position(i, m_m)) * m_c, m_c);
        count = v < count ? v : count;
    }
    return count;
}

void
CountingBloomFilter::Clear()
{
    m_counters.Clear();
    m_saturated = 0;
    m_overflows = 0;
}

uint32_t
CountingBloomFilter::CountNonZero() const
{
    return static_cast<uint32_t>(m_counters.CountNonZeroFields(m_c, m_m));
}

double
CountingBloomFilter::TheoreticalFpr(uint32_t counters, uint32_t hashes, uint64_t n)
{
    return std::pow(-std::expm1(-static_cast<double>(hashes) * n / counters), hashes);
}

} // namespace bloom
} // namespace ns3
