/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Code lengths of a sequence of symbols that codec-entropy measures the
 * advertisements' codec against (issue 41): the order-0 empirical entropy
 * n H, and the normalized maximum likelihood (NML, Shtarkov) code length,
 * the minimax-regret universal code for i.i.d. sources: over an alphabet of
 * K symbols it spends n H + log2 C(K, n) bits on every sequence of n, where
 *
 *   C(K, n) = sum over x in K^n of P_ML(x) = sum over counts n_1 + ... + n_K = n
 *             of n! / (n_1! ... n_K!) prod (n_i / n)^(n_i)
 *
 * (Shtarkov 1987), and no code has a smaller worst-case regret over the
 * empirical entropy.  C follows Kontkanen and Myllymaki's recursion ("A
 * linear-time algorithm for computing the multinomial stochastic complexity",
 * Information Processing Letters 103, 2007):
 *
 *   C(1, n) = 1,  C(2, n) = sum_h binom(n, h) (h/n)^h ((n - h)/n)^(n - h),
 *   C(K + 2, n) = C(K + 1, n) + n / K * C(K, n),
 *
 * in logarithms (C grows like (n/2)^((K - 1)/2): past 1e308 for n = 4,096
 * and K = 200).  Plain C++17, no ns-3; the test suite
 * bloom-gossip-code-length checks C against enumeration and the codes' Kraft
 * sums.
 */
#ifndef BLOOM_GOSSIP_CODE_LENGTH_H
#define BLOOM_GOSSIP_CODE_LENGTH_H

#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/// log2 of the binomial coefficient binom(n, k) (lgamma; n >= k >= 0).
double Log2Choose(double n, double k);

/// n H of the frequencies of `values` (the order-0 empirical entropy), bits.
double Order0Bits(const std::vector<uint32_t>& values);

/**
 * log2 C(K, n), the NML normaliser (the minimax regret, bits) of i.i.d.
 * sources over K symbols for sequences of n: 0 for K = 1 or n = 0; throws
 * std::invalid_argument for K = 0.
 */
double Log2NmlNormaliser(uint32_t symbols, uint64_t n);

/**
 * The NML code length of `values` over an alphabet of `alphabet` symbols,
 * bits: n H + log2 C(alphabet, n).  A code (Kraft sum 1 over the
 * alphabet's sequences of n), the minimax one.  Throws std::invalid_argument
 * when `values` has more distinct symbols than `alphabet`.
 */
double NmlAlphabetBits(const std::vector<uint32_t>& values, uint32_t alphabet);

/**
 * The NML code length over the symbols present, bits: how many of the
 * alphabet's A symbols occur (K, log2 A), which (log2 binom(A, K)), then the
 * NML code over those K: n H + log2 C(K, n).  A code too (Kraft sum at most
 * 1); shorter than NmlAlphabetBits when few of a large alphabet's symbols
 * occur (an LBF's cells).  0 for an empty sequence.  Throws
 * std::invalid_argument as NmlAlphabetBits.
 */
double NmlPresentBits(const std::vector<uint32_t>& values, uint32_t alphabet);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_CODE_LENGTH_H
