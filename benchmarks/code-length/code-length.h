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
 *
 * The content's information under codec-entropy's LBF generator (issue 41:
 * the order-0 entropy lies below it), -log2 P(segment content), exactly:
 * a node position uniform over the positions (each with its hop law p(h),
 * h < S, of resources within the horizon), R resources over the hops
 * T ~ Multinomial(R, p), each resource's k draws into a segment of n of the
 * filter's m cells ~ Binomial(k, n/m), each draw uniform over the n cells;
 * a cell holds the least hop of the draws that hit it (none: 0).  Cells are
 * exchangeable, so P(content) = P(V) / multinomial(n; V), V = the cells per
 * symbol.  P(V) is a forward pass over the hops h = 0 .. S-1 with the
 * resources not yet placed as state: r_h ~ Binomial(R_rem, p_h / sum_{j>=h}
 * p_j), D ~ Binomial(k r_h, n/m) draws in the segment, of which c_h hit new
 * cells, the occupancy law of D uniform draws over n cells of which
 * U_h = sum_{j<h} c_j hold a lesser hop; mixed over the positions.
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

/**
 * Hop laws of resources seen from the positions of a node, grouped: laws[c]
 * is P(h) for h = 0 .. S-1 of class c (sums to 1), weights[c] the share of
 * the node's positions with that law (sums to 1).
 */
struct HopMixture
{
    std::vector<std::vector<double>> laws;
    std::vector<double> weights;
};

/**
 * The hop laws of codec-entropy's LBF generator: a node uniform over the
 * positions of a side x side grid (4-neighbour, hop = Manhattan distance),
 * resources uniform over the positions within the horizon, h < S; positions
 * of equal laws form one class (28 on 13 x 13 for S > 24).  Throws
 * std::invalid_argument for side = 0 or S = 0.
 */
HopMixture GridHopMixture(uint32_t side, uint32_t horizon);

/**
 * -log2 P(content) of a segment of n of an LBF's m cells under the
 * generator above: `counts`[h] cells hold hop h (h < S = the laws' size;
 * fewer entries: 0), the other n - sum of them are empty; R = `resources`
 * resources of k = `hashes` draws each.  +infinity for a content of
 * probability 0.  Throws std::invalid_argument for an empty or inconsistent
 * mixture (laws of different sizes, weights not one per law), R = 0, k = 0,
 * n = 0, n > m, more counts than S or counts summing past n.
 */
double LbfSegmentBits(const HopMixture& mixture,
                      uint32_t resources,
                      uint32_t hashes,
                      uint64_t cells,
                      const std::vector<uint64_t>& counts,
                      uint64_t n);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_CODE_LENGTH_H
