/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The false-positive rate of a Bloom-type filter under ideal hashing, exact:
 * the one formula the tests, benchmarks/hash-quality.cc and the families'
 * ideal models (FilterPolicy::IdealModel) use.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_IDEAL_HASHING_H
#define BLOOM_GOSSIP_IDEAL_HASHING_H

#include <cstdint>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * The false-positive rate of a Bloom filter with ideal hashing: each of the
 * k n insert positions and the k query positions independent and uniform
 * over m slots (with repetition, as k hash functions can agree).  Exact, not
 * the textbook (1 - e^(-kn/m))^k, which is off by 2 % at m = 256, k = 4,
 * n = 16 and by 6 % at m = 8: the query hits d distinct slots with
 * probability S(k, d) m^(d falling) / m^k (S: Stirling numbers of the second
 * kind), and d given slots all hold a key with probability
 * sum_i (-1)^i C(d, i) (1 - i/m)^(kn) (inclusion-exclusion).
 *
 * Below 1e-12 the alternating sum is lost in cancellation (it came out
 * -1.2e-17 at m = 59,002, k = 4, n = 16); there the classic
 * (1 - (1 - 1/m)^(kn))^k is returned, computed without cancellation, which
 * the exact value approaches as m grows (such rates need m >> k).
 *
 * The same number is the probability that all k slots of one more key are
 * covered by n other keys, whatever the slots hold: the LBF model uses it
 * for "every cell of a key holds a closer key".
 * \param m slots (>= 1)
 * \param k positions per key (1..64)
 * \param n keys inserted
 * \return the expected false-positive rate (0 when n = 0)
 */
double IdealHashingFpr(uint32_t m, uint32_t k, uint32_t n);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_IDEAL_HASHING_H
