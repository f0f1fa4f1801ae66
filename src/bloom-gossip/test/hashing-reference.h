/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * References for the key hashing (issue 17 part 1): measuring a Bloom-type
 * filter's false-positive rate over many key sets, to hold against the exact
 * rate of ideal hashing (IdealHashingFpr, in the filter core:
 * filter/ideal-hashing.h), and the double hashing the module used before,
 * which the tests must be able to reject.  Shared by the test suites of both
 * modules and benchmarks/hash-quality.cc; not part of the module's API.
 */
#ifndef BLOOM_GOSSIP_TEST_HASHING_REFERENCE_H
#define BLOOM_GOSSIP_TEST_HASHING_REFERENCE_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{
namespace test
{

/// A filter shape: m slots, k positions per key, n keys inserted.
struct FprShape
{
    uint32_t m; //!< slots
    uint32_t k; //!< positions per key
    uint32_t n; //!< keys inserted
};

/// Mean of per-filter false-positive rates and its standard error.
struct FprEstimate
{
    double mean;          //!< mean over the filters
    double standardError; //!< sample standard deviation / sqrt(filters)
};

/**
 * \ingroup bloom-gossip-tests
 * Average the false-positive rate over `filters` independent filters.
 * `oneFilter()` builds one filter from fresh keys, probes it with keys never
 * inserted and returns the share it wrongly reports.  The standard error
 * comes from the spread of the per-filter rates, so it includes both the
 * probe noise and the filter-to-filter spread of the fill.
 * \param filters number of filters (>= 2)
 * \param oneFilter callable returning one filter's measured rate
 * \return the mean rate and its standard error
 */
template <class OneFilter>
FprEstimate
MeanOverFilters(uint32_t filters, OneFilter oneFilter)
{
    double sum = 0;
    double sumSq = 0;
    for (uint32_t f = 0; f < filters; ++f)
    {
        const double rate = oneFilter();
        sum += rate;
        sumSq += rate * rate;
    }
    const double mean = sum / filters;
    const double variance = (sumSq - filters * mean * mean) / (filters - 1);
    return {mean, std::sqrt(std::max(variance, 0.0) / filters)};
}

/**
 * \ingroup bloom-gossip-tests
 * Position i of a key hash in a table of m slots under the scheme used before
 * issue 17: Kirsch-Mitzenmacher double hashing h + i g, g = (rotl64(h, 32)
 * 0x9E3779B97F4A7C15) | 1, reduced by multiply-shift.
 * \param hash the key's 64-bit hash (Key::GetHash())
 * \param i which position, 0 .. k-1
 * \param m slots
 * \return the position in [0, m)
 */
inline uint32_t
DoubleHashingPosition(uint64_t hash, uint32_t i, uint32_t m)
{
    const uint64_t g = (((hash << 32) | (hash >> 32)) * 0x9E3779B97F4A7C15ULL) | 1;
    __extension__ typedef unsigned __int128 Wide; // GCC and Clang, 64-bit targets
    return static_cast<uint32_t>((static_cast<Wide>(hash + i * g) * m) >> 64);
}

} // namespace test
} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_TEST_HASHING_REFERENCE_H
