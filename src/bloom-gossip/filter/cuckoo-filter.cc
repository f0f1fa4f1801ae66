/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "cuckoo-filter.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace bloom
{

void
CuckooFilter::CheckParameters(uint32_t buckets,
                              uint32_t fingerprintBits,
                              uint32_t bucketSize,
                              uint32_t maxKicks)
{
    if (buckets == 0 || buckets > kMaxBuckets || (buckets & (buckets - 1)) != 0)
    {
        throw std::invalid_argument("cuckoo filter buckets B=" + std::to_string(buckets) +
                                    " is not a power of two in 1.." + std::to_string(kMaxBuckets));
    }
    if (fingerprintBits == 0 || fingerprintBits > kMaxFingerprintBits)
    {
        throw std::invalid_argument(
            "cuckoo filter fingerprint bits f=" + std::to_string(fingerprintBits) +
            " out of range 1.." + std::to_string(kMaxFingerprintBits));
    }
    if (bucketSize == 0 || bucketSize > kMaxBucketSize)
    {
        throw std::invalid_argument("cuckoo filter bucket size b=" + std::to_string(bucketSize) +
                                    " out of range 1.." + std::to_string(kMaxBucketSize));
    }
    if (maxKicks > kMaxKicksLimit)
    {
        throw std::invalid_argument("cuckoo filter max kicks " + std::to_string(maxKicks) +
                                    " out of range 0.." + std::to_string(kMaxKicksLimit));
    }
}

CuckooFilter::CuckooFilter(uint32_t buckets,
                           uint32_t fingerprintBits,
                           uint32_t bucketSize,
                           CuckooRandom random,
                           uint32_t maxKicks)
    : m_buckets((CheckParameters(buckets, fingerprintBits, bucketSize, maxKicks), buckets)),
      m_b(bucketSize),
      m_f(fingerprintBits),
      m_maxKicks(maxKicks),
      m_fpValues((uint64_t{1} << fingerprintBits) - 1), // after the check: f <= 32
      m_entries(0),
      m_failures(0),
      m_kicks(0),
      m_table(static_cast<uint64_t>(buckets) * bucketSize * fingerprintBits),
      m_random(std::move(random))
{
    if (!m_random)
    {
        throw std::invalid_argument("cuckoo filter needs a random generator");
    }
    m_path.reserve(maxKicks);
}

CuckooFilter::CuckooFilter(uint32_t buckets,
                           uint32_t fingerprintBits,
                           uint32_t bucketSize,
                           uint64_t seed,
                           uint32_t maxKicks)
    : CuckooFilter(buckets, fingerprintBits, bucketSize, SplitMix64(seed), maxKicks)
{
}

uint32_t
CuckooFilter::BucketsFor(uint64_t n, uint32_t bucketSize, double maxLoad)
{
    if (bucketSize == 0 || bucketSize > kMaxBucketSize)
    {
        throw std::invalid_argument("cuckoo filter bucket size b=" + std::to_string(bucketSize) +
                                    " out of range 1.." + std::to_string(kMaxBucketSize));
    }
    if (!(maxLoad > 0 && maxLoad <= 1))
    {
        throw std::invalid_argument("cuckoo filter load factor must lie in (0, 1]");
    }
    uint64_t buckets = 1;
    while (static_cast<double>(n) > maxLoad * static_cast<double>(buckets * bucketSize))
    {
        buckets *= 2;
        if (buckets > kMaxBuckets)
        {
            throw std::invalid_argument("cuckoo filter for " + std::to_string(n) +
                                        " keys needs more than " + std::to_string(kMaxBuckets) +
                                        " buckets");
        }
    }
    return static_cast<uint32_t>(buckets);
}

double
CuckooFilter::TheoreticalFpr(uint32_t fingerprintBits, uint32_t bucketSize, double load)
{
    const double values = std::ldexp(1.0, static_cast<int>(fingerprintBits)) - 1;
    // 1 - (1 - 1/v)^(2bα), accurate for large v too.
    return -std::expm1(2.0 * bucketSize * load * std::log1p(-1.0 / values));
}

double
CuckooFilter::ExactFpr() const
{
    // A query (i1, fp) hits when fp is in bucket i1, or in bucket j with
    // AltIndex(i1, fp) = j, i.e. i1 = AltIndex(j, fp) (the XOR is its own
    // inverse): every stored fp at j makes (j, fp) and (AltIndex(j, fp), fp)
    // hits.  The distinct pairs over all B (2^f - 1) pairs.
    std::vector<std::pair<uint32_t, uint32_t>> hits;
    hits.reserve(2 * m_entries);
    for (uint32_t j = 0; j < m_buckets; ++j)
    {
        for (uint32_t s = 0; s < m_b; ++s)
        {
            const uint32_t fp = GetEntry(j, s);
            if (fp != 0)
            {
                hits.emplace_back(j, fp);
                hits.emplace_back(AltIndex(j, fp), fp);
            }
        }
    }
    std::sort(hits.begin(), hits.end());
    const auto distinct = static_cast<double>(std::unique(hits.begin(), hits.end()) - hits.begin());
    return distinct / (static_cast<double>(m_buckets) * static_cast<double>(m_fpValues));
}

uint32_t
CuckooFilter::FingerprintBitsFor(double targetFpr, uint32_t bucketSize)
{
    uint32_t f = 1;
    while (f <= kMaxFingerprintBits && TheoreticalFpr(f, bucketSize, 1.0) > targetFpr)
    {
        ++f;
    }
    return f;
}

bool
CuckooFilter::BucketHas(uint32_t index, uint32_t fp) const
{
    const uint64_t first = static_cast<uint64_t>(index) * m_b;
    for (uint32_t s = 0; s < m_b; ++s)
    {
        if (m_table.Get(Offset(first + s), m_f) == fp)
        {
            return true;
        }
    }
    return false;
}

bool
CuckooFilter::TryPut(uint32_t index, uint32_t fp)
{
    const uint64_t first = static_cast<uint64_t>(index) * m_b;
    for (uint32_t s = 0; s < m_b; ++s)
    {
        if (m_table.Get(Offset(first + s), m_f) == 0)
        {
            m_table.Set(Offset(first + s), m_f, fp);
            return true;
        }
    }
    return false;
}

bool
CuckooFilter::TryErase(uint32_t index, uint32_t fp)
{
    const uint64_t first = static_cast<uint64_t>(index) * m_b;
    for (uint32_t s = 0; s < m_b; ++s)
    {
        if (m_table.Get(Offset(first + s), m_f) == fp)
        {
            m_table.Set(Offset(first + s), m_f, 0);
            return true;
        }
    }
    return false;
}

bool
CuckooFilter::Insert(const Key& key)
{
    return InsertFingerprint(IndexOf(key), FingerprintOf(key));
}

uint64_t
CuckooFilter::Merge(const CuckooFilter& other)
{
    if (other.m_buckets != m_buckets || other.m_b != m_b || other.m_f != m_f)
    {
        throw std::invalid_argument("cuckoo filter merge needs the same buckets, bucket size "
                                    "and fingerprint width");
    }
    uint64_t refused = 0;
    for (uint32_t index = 0; index < m_buckets; ++index)
    {
        for (uint32_t slot = 0; slot < m_b; ++slot)
        {
            const uint32_t fp = other.GetEntry(index, slot);
            if (fp != 0 && !BucketHas(index, fp) && !BucketHas(AltIndex(index, fp), fp) &&
                !InsertFingerprint(index, fp))
            {
                ++refused;
            }
        }
    }
    return refused;
}

bool
CuckooFilter::InsertFingerprint(uint32_t i1, uint32_t fp)
{
    const uint32_t i2 = AltIndex(i1, fp);
    if (TryPut(i1, fp) || TryPut(i2, fp))
    {
        ++m_entries;
        return true;
    }
    // Both buckets are full: random walk of evictions (Fan et al., Algorithm 1).
    uint32_t index = (m_random() & 1) != 0 ? i2 : i1;
    m_path.clear();
    for (uint32_t kick = 0; kick < m_maxKicks; ++kick)
    {
        const auto slot = static_cast<uint32_t>(((m_random() >> 32) * m_b) >> 32);
        const uint64_t entry = static_cast<uint64_t>(index) * m_b + slot;
        const uint32_t victim = m_table.Get(Offset(entry), m_f);
        m_table.Set(Offset(entry), m_f, fp);
        m_path.push_back(entry);
        fp = victim;
        index = AltIndex(index, fp);
        if (TryPut(index, fp))
        {
            ++m_entries;
            m_kicks += kick + 1;
            return true;
        }
    }
    // Out of kicks: undo the evictions, last first; fp ends as the key's own.
    for (auto it = m_path.rbegin(); it != m_path.rend(); ++it)
    {
        const uint32_t held = m_table.Get(Offset(*it), m_f);
        m_table.Set(Offset(*it), m_f, fp);
        fp = held;
    }
    ++m_failures;
    return false;
}

bool
CuckooFilter::Contains(const Key& key) const
{
    const uint32_t fp = FingerprintOf(key);
    const uint32_t i1 = IndexOf(key);
    return BucketHas(i1, fp) || BucketHas(AltIndex(i1, fp), fp);
}

bool
CuckooFilter::Remove(const Key& key)
{
    const uint32_t fp = FingerprintOf(key);
    const uint32_t i1 = IndexOf(key);
    if (TryErase(i1, fp) || TryErase(AltIndex(i1, fp), fp))
    {
        --m_entries;
        return true;
    }
    return false;
}

void
CuckooFilter::Clear()
{
    m_table.Clear();
    m_entries = 0;
    m_failures = 0;
    m_kicks = 0;
}

} // namespace bloom
} // namespace ns3
