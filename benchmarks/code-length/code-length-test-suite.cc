/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the code lengths codec-entropy measures the codec against
 * (code-length.h): the NML normaliser against enumeration of every sequence
 * for small alphabets and lengths, against the convolution identity for long
 * sequences and large alphabets (where C overflows a double) and against
 * Szpankowski's expansion; the NML codes' Kraft sums (1 over the alphabet,
 * at most 1 over the symbols present); n H; bad arguments.  The LBF
 * content's probability (LbfSegmentBits): the grid's hop laws by hand, the
 * probabilities of every content of tiny configurations summing to 1, and
 * against the frequencies of a direct simulation of codec-entropy's
 * generator (there and, through the cells per hop, on the 13 x 13 grid).
 */
#include "code-length.h"

#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <random>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

/// Every sequence of n symbols of an alphabet of k, in turn, as f(sequence).
template <typename F>
void
ForEachSequence(uint32_t k, uint32_t n, F f)
{
    std::vector<uint32_t> x(n, 0);
    for (;;)
    {
        f(x);
        uint32_t i = 0;
        while (i < n && ++x[i] == k)
        {
            x[i++] = 0;
        }
        if (i == n)
        {
            return;
        }
    }
}

/// P_ML(x): prod over symbols of (n_i / n)^(n_i).
double
MaximumLikelihood(const std::vector<uint32_t>& x)
{
    return std::exp2(-Order0Bits(x));
}

/// ln of sum exp(terms).
double
LogSumExp(const std::vector<double>& terms)
{
    double top = -INFINITY;
    for (double t : terms)
    {
        top = std::max(top, t);
    }
    double sum = 0;
    for (double t : terms)
    {
        sum += std::exp(t - top);
    }
    return top + std::log(sum);
}

class EnumerationTestCase : public TestCase
{
  public:
    EnumerationTestCase()
        : TestCase("C(K, n) is the sum of P_ML over every sequence (K <= 5, n <= 7)")
    {
    }

  private:
    void DoRun() override
    {
        // By hand: C(K, 1) = K; C(2, 2) = 1 + 1 + 1/4 + 1/4; C(3, 2) = 3 + 6/4.
        NS_TEST_ASSERT_MSG_EQ_TOL(std::exp2(Log2NmlNormaliser(7, 1)), 7.0, 1e-12, "C(7, 1)");
        NS_TEST_ASSERT_MSG_EQ_TOL(std::exp2(Log2NmlNormaliser(2, 2)), 2.5, 1e-12, "C(2, 2)");
        NS_TEST_ASSERT_MSG_EQ_TOL(std::exp2(Log2NmlNormaliser(3, 2)), 4.5, 1e-12, "C(3, 2)");
        NS_TEST_ASSERT_MSG_EQ(Log2NmlNormaliser(1, 100), 0.0, "C(1, n) = 1");
        NS_TEST_ASSERT_MSG_EQ(Log2NmlNormaliser(9, 0), 0.0, "C(K, 0) = 1");
        for (uint32_t k = 1; k <= 5; ++k)
        {
            for (uint32_t n = 1; n <= 7; ++n)
            {
                double sum = 0;
                ForEachSequence(k, n, [&sum](const std::vector<uint32_t>& x) {
                    sum += MaximumLikelihood(x);
                });
                NS_TEST_ASSERT_MSG_EQ_TOL(Log2NmlNormaliser(k, n),
                                          std::log2(sum),
                                          1e-10,
                                          "log2 C(" << k << ", " << n << ")");
            }
        }
    }
};

class LargeTestCase : public TestCase
{
  public:
    LargeTestCase()
        : TestCase("C(K, n) for long sequences and large alphabets: convolution, expansion")
    {
    }

  private:
    /// ln C(k1 + k2, n) = ln sum_r binom(n, r) (r/n)^r ((n-r)/n)^(n-r) C(k1, r) C(k2, n - r).
    static double Convolution(uint32_t k1, uint32_t k2, uint32_t n)
    {
        std::vector<double> terms;
        const double nn = n;
        for (uint32_t r = 0; r <= n; ++r)
        {
            const double a = r;
            const double b = nn - a;
            double t = Log2Choose(nn, a) * std::log(2.0);
            t += r == 0 ? 0 : a * std::log(a / nn);
            t += r == n ? 0 : b * std::log(b / nn);
            t += (Log2NmlNormaliser(k1, r) + Log2NmlNormaliser(k2, n - r)) * std::log(2.0);
            terms.push_back(t);
        }
        return LogSumExp(terms) / std::log(2.0);
    }

    void DoRun() override
    {
        for (auto [k1, k2, n] : {std::tuple{1U, 1U, 700U},
                                 std::tuple{2U, 3U, 300U},
                                 std::tuple{13U, 13U, 1024U},
                                 std::tuple{500U, 500U, 1024U}})
        {
            const double direct = Log2NmlNormaliser(k1 + k2, n);
            NS_TEST_ASSERT_MSG_EQ(std::isfinite(direct), true, "finite at K = " << k1 + k2);
            NS_TEST_ASSERT_MSG_EQ_TOL(direct,
                                      Convolution(k1, k2, n),
                                      1e-9 * direct,
                                      "log2 C(" << k1 + k2 << ", " << n << ")");
        }
        // C(1000, 1024) is about 2^1202: past a double's range.
        NS_TEST_ASSERT_MSG_GT(Log2NmlNormaliser(1000, 1024), 1024.0, "C(1000, 1024)");
        // Szpankowski: ln C(K, n) = (K-1)/2 ln(n/2) + ln(sqrt(pi) / Gamma(K/2))
        //   + sqrt(2) K Gamma(K/2) / (3 Gamma(K/2 - 1/2) sqrt(n)) + O(1/n).
        for (uint32_t k : {2U, 3U, 5U})
        {
            const double n = 4096;
            const double g = std::tgamma(k / 2.0);
            const double expansion =
                (k - 1) / 2.0 * std::log(n / 2) + std::log(std::sqrt(std::acos(-1.0)) / g) +
                std::sqrt(2.0) * k * g / (3 * std::tgamma(k / 2.0 - 0.5) * std::sqrt(n));
            NS_TEST_ASSERT_MSG_EQ_TOL(Log2NmlNormaliser(k, 4096) * std::log(2.0),
                                      expansion,
                                      5e-3,
                                      "ln C(" << k << ", 4096) against the expansion");
        }
    }
};

class KraftTestCase : public TestCase
{
  public:
    KraftTestCase()
        : TestCase("NML codes: Kraft sum 1 over the alphabet, at most 1 over the symbols present")
    {
    }

  private:
    void DoRun() override
    {
        for (auto [symbols, n] : {std::pair{2U, 9U}, std::pair{3U, 6U}, std::pair{5U, 5U}})
        {
            const uint32_t a = symbols; // a lambda captures no structured binding
            double alphabet = 0;
            double present = 0;
            ForEachSequence(a, n, [&](const std::vector<uint32_t>& x) {
                alphabet += std::exp2(-NmlAlphabetBits(x, a));
                present += std::exp2(-NmlPresentBits(x, a));
            });
            NS_TEST_ASSERT_MSG_EQ_TOL(alphabet, 1.0, 1e-9, "A = " << a << ", n = " << n);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(present, 1.0 + 1e-9, "A = " << a << ", n = " << n);
        }
        // Few of many symbols: naming them beats the whole alphabet's regret.
        std::vector<uint32_t> cells(256, 0);
        for (uint32_t i = 0; i < 40; ++i)
        {
            cells[i * 6] = 20 + i % 3;
        }
        const double h = Order0Bits(cells);
        NS_TEST_ASSERT_MSG_EQ_TOL(NmlPresentBits(cells, 40),
                                  h + std::log2(40.0) + Log2Choose(40, 4) +
                                      Log2NmlNormaliser(4, 256),
                                  1e-9,
                                  "4 of 40 symbols");
        NS_TEST_ASSERT_MSG_LT(NmlPresentBits(cells, 40), NmlAlphabetBits(cells, 40), "4 of 40");
        NS_TEST_ASSERT_MSG_EQ(NmlPresentBits({}, 40), 0.0, "an empty sequence");
    }
};

class EntropyTestCase : public TestCase
{
  public:
    EntropyTestCase()
        : TestCase("n H, log2 binom and bad arguments")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ_TOL(Order0Bits({0, 0, 1, 1}), 4.0, 1e-12, "two halves");
        NS_TEST_ASSERT_MSG_EQ_TOL(Order0Bits({7, 7, 7, 3}),
                                  -3 * std::log2(0.75) - std::log2(0.25),
                                  1e-12,
                                  "3 and 1");
        NS_TEST_ASSERT_MSG_EQ(Order0Bits({5, 5, 5}), 0.0, "one symbol");
        NS_TEST_ASSERT_MSG_EQ_TOL(Log2Choose(5, 2), std::log2(10.0), 1e-12, "binom(5, 2)");
        NS_TEST_ASSERT_MSG_EQ(test::Throws<std::invalid_argument>([] { Log2NmlNormaliser(0, 3); }),
                              true,
                              "no symbols");
        NS_TEST_ASSERT_MSG_EQ(test::Throws<std::invalid_argument>([] {
                                  NmlAlphabetBits({0, 1, 2}, 2);
                              }),
                              true,
                              "3 symbols of 2");
        NS_TEST_ASSERT_MSG_EQ(test::Throws<std::invalid_argument>([] {
                                  NmlPresentBits({0, 1, 2}, 2);
                              }),
                              true,
                              "3 symbols of 2");
    }
};

/// A tiny LBF configuration: grid side, horizon S, R, k, m, n.
struct Tiny
{
    uint32_t side;
    uint32_t horizon;
    uint32_t resources;
    uint32_t hashes;
    uint64_t cells;
    uint64_t n;
};

/// -log2 P of a segment content x (0 empty, s > 0 hop s - 1).
double
ContentBits(const HopMixture& mixture, const Tiny& t, const std::vector<uint32_t>& x)
{
    std::vector<uint64_t> counts(t.horizon, 0);
    for (uint32_t v : x)
    {
        if (v > 0)
        {
            ++counts[v - 1];
        }
    }
    return LbfSegmentBits(mixture, t.resources, t.hashes, t.cells, counts, t.n);
}

class HopMixtureTestCase : public TestCase
{
  public:
    HopMixtureTestCase()
        : TestCase("Grid hop laws: by hand on 2 x 2 and 3 x 3, 28 classes on 13 x 13")
    {
    }

  private:
    void DoRun() override
    {
        // 2 x 2: every node sees 1, 2 and 1 positions at 0, 1 and 2 hops.
        HopMixture a = GridHopMixture(2, 3);
        NS_TEST_ASSERT_MSG_EQ(a.laws.size(), 1U, "2 x 2: one class");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.weights[0], 1.0, 1e-15, "2 x 2: weight");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.laws[0][0], 0.25, 1e-15, "2 x 2: h = 0");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.laws[0][1], 0.5, 1e-15, "2 x 2: h = 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.laws[0][2], 0.25, 1e-15, "2 x 2: h = 2");
        a = GridHopMixture(2, 2); // within the horizon only
        NS_TEST_ASSERT_MSG_EQ_TOL(a.laws[0][0], 1.0 / 3, 1e-15, "2 x 2, S = 2: h = 0");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.laws[0][1], 2.0 / 3, 1e-15, "2 x 2, S = 2: h = 1");
        // 3 x 3, S = 2: centre (1 + 4), 4 edges (1 + 3), 4 corners (1 + 2).
        a = GridHopMixture(3, 2);
        NS_TEST_ASSERT_MSG_EQ(a.laws.size(), 3U, "3 x 3: three classes");
        double centre = 0;
        double total = 0;
        for (size_t c = 0; c < a.laws.size(); ++c)
        {
            total += a.weights[c];
            centre += a.laws[c][0] == 0.2 ? a.weights[c] : 0;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(centre, 1.0 / 9, 1e-15, "3 x 3: the centre's law");
        NS_TEST_ASSERT_MSG_EQ_TOL(total, 1.0, 1e-15, "3 x 3: weights");
        a = GridHopMixture(13, 25);
        NS_TEST_ASSERT_MSG_EQ(a.laws.size(), 28U, "13 x 13: 28 classes");
        NS_TEST_ASSERT_MSG_EQ(test::Throws<std::invalid_argument>([] { GridHopMixture(0, 3); }),
                              true,
                              "side 0");
    }
};

/// The tiny configurations of the LBF tests: n = m and n < m, k 1..3, S 2..4, R 1..3.
const std::vector<Tiny> kTiny = {{2, 2, 2, 1, 4, 4},
                                 {3, 3, 2, 2, 5, 3},
                                 {3, 4, 3, 1, 4, 4},
                                 {3, 3, 1, 3, 6, 6},
                                 {2, 3, 3, 2, 6, 4},
                                 {3, 2, 3, 3, 5, 5}};

class LbfSumTestCase : public TestCase
{
  public:
    LbfSumTestCase()
        : TestCase("LBF content: the probabilities of every content sum to 1")
    {
    }

  private:
    void DoRun() override
    {
        for (const Tiny& t : kTiny)
        {
            const HopMixture mixture = GridHopMixture(t.side, t.horizon);
            double sum = 0;
            ForEachSequence(t.horizon + 1, t.n, [&](const std::vector<uint32_t>& x) {
                sum += std::exp2(-ContentBits(mixture, t, x));
            });
            NS_TEST_ASSERT_MSG_EQ_TOL(sum,
                                      1.0,
                                      1e-9,
                                      "side " << t.side << ", S " << t.horizon << ", R "
                                              << t.resources << ", k " << t.hashes << ", m "
                                              << t.cells << ", n " << t.n);
        }
        // Impossible: 3 cells of hop 0 from one resource of one draw.
        const Tiny one{2, 2, 1, 1, 4, 4};
        NS_TEST_ASSERT_MSG_EQ(std::isinf(ContentBits(GridHopMixture(2, 2), one, {1, 1, 1, 0})),
                              true,
                              "3 cells from 1 draw");
        const HopMixture m = GridHopMixture(2, 2);
        for (auto [r, k, cells, n, counts] :
             {std::tuple{0U, 1U, 4U, 4U, std::vector<uint64_t>{}},
              std::tuple{1U, 0U, 4U, 4U, std::vector<uint64_t>{}},
              std::tuple{1U, 1U, 4U, 5U, std::vector<uint64_t>{}},
              std::tuple{1U, 1U, 4U, 0U, std::vector<uint64_t>{}},
              std::tuple{1U, 1U, 4U, 4U, std::vector<uint64_t>{1, 1, 1}},
              std::tuple{1U, 1U, 4U, 2U, std::vector<uint64_t>{2, 1}}})
        {
            const uint32_t rr = r; // a lambda captures no structured binding
            const uint32_t kk = k;
            const uint64_t mm = cells;
            const uint64_t nn = n;
            const std::vector<uint64_t> cc = counts;
            NS_TEST_ASSERT_MSG_EQ(
                test::Throws<std::invalid_argument>([&] { LbfSegmentBits(m, rr, kk, mm, cc, nn); }),
                true,
                "R " << rr << " k " << kk << " m " << mm << " n " << nn);
        }
    }
};

class LbfSimulationTestCase : public TestCase
{
  public:
    LbfSimulationTestCase()
        : TestCase("LBF content: probabilities against a simulation of the generator")
    {
    }

  public:
    /// One segment content of the generator, drawn directly: a node, R
    /// resources redrawn until within the horizon, k cells each.
    static std::vector<uint32_t> Draw(const Tiny& t, std::mt19937_64& rng)
    {
        const auto x = static_cast<int64_t>(rng() % t.side);
        const auto y = static_cast<int64_t>(rng() % t.side);
        std::vector<uint32_t> cells(t.cells, 0);
        for (uint32_t r = 0; r < t.resources; ++r)
        {
            uint32_t h = 0;
            do
            {
                h = static_cast<uint32_t>(std::llabs(static_cast<int64_t>(rng() % t.side) - x) +
                                          std::llabs(static_cast<int64_t>(rng() % t.side) - y));
            } while (h >= t.horizon);
            for (uint32_t i = 0; i < t.hashes; ++i)
            {
                uint32_t& c = cells[rng() % t.cells];
                c = c == 0 ? h + 1 : std::min(c, h + 1);
            }
        }
        cells.resize(t.n);
        return cells;
    }

  private:
    void DoRun() override
    {
        // Pearson's chi-square over the contents expected at least 5 times
        // (the rest pooled) below df + 5 sqrt(2 df), 5 standard deviations
        // of its law; no content of probability 0 drawn.  Seed 1.
        constexpr uint64_t kDraws = 400000;
        std::mt19937_64 rng(1);
        for (const Tiny& t : kTiny)
        {
            const HopMixture mixture = GridHopMixture(t.side, t.horizon);
            std::map<std::vector<uint32_t>, uint64_t> seen;
            for (uint64_t i = 0; i < kDraws; ++i)
            {
                ++seen[Draw(t, rng)];
            }
            double chi2 = 0;
            double pooledExpected = 0;
            double pooledSeen = 0;
            uint32_t bins = 0;
            uint64_t impossible = 0;
            ForEachSequence(t.horizon + 1, t.n, [&](const std::vector<uint32_t>& x) {
                const double expected = kDraws * std::exp2(-ContentBits(mixture, t, x));
                const auto it = seen.find(x);
                const double o = it == seen.end() ? 0.0 : static_cast<double>(it->second);
                if (expected == 0)
                {
                    impossible += static_cast<uint64_t>(o);
                }
                else if (expected < 5)
                {
                    pooledExpected += expected;
                    pooledSeen += o;
                }
                else
                {
                    chi2 += (o - expected) * (o - expected) / expected;
                    ++bins;
                }
            });
            if (pooledExpected > 0)
            {
                chi2 +=
                    (pooledSeen - pooledExpected) * (pooledSeen - pooledExpected) / pooledExpected;
                ++bins;
            }
            const double df = bins - 1.0;
            NS_TEST_ASSERT_MSG_EQ(impossible, 0U, "contents of probability 0 drawn");
            NS_TEST_ASSERT_MSG_LT(chi2,
                                  df + 5 * std::sqrt(2 * df),
                                  "side " << t.side << ", S " << t.horizon << ", R " << t.resources
                                          << ", k " << t.hashes << ", m " << t.cells << ", n "
                                          << t.n << ": chi-square " << chi2 << " on " << df
                                          << " degrees of freedom");
        }
    }
};

class LbfGridTestCase : public TestCase
{
  public:
    LbfGridTestCase()
        : TestCase("LBF content on 13 x 13: the cells per hop against a simulation")
    {
    }

  private:
    void DoRun() override
    {
        // Too many contents to list: the cells per symbol V instead, P(V) =
        // P(content) multinomial(n; V), against their frequencies; Pearson's
        // chi-square over the V expected at least 5 times, the rest pooled,
        // below df + 5 sqrt(2 df).  Seed 2.
        constexpr uint64_t kDraws = 200000;
        std::mt19937_64 rng(2);
        for (const Tiny& t : {Tiny{13, 25, 6, 2, 12, 3}, Tiny{13, 6, 5, 3, 12, 8}})
        {
            const HopMixture mixture = GridHopMixture(t.side, t.horizon);
            std::map<std::vector<uint64_t>, uint64_t> seen;
            for (uint64_t i = 0; i < kDraws; ++i)
            {
                std::vector<uint64_t> counts(t.horizon, 0);
                for (uint32_t v : LbfSimulationTestCase::Draw(t, rng))
                {
                    if (v > 0)
                    {
                        ++counts[v - 1];
                    }
                }
                ++seen[counts];
            }
            double chi2 = 0;
            double expectedBinned = 0;
            double seenBinned = 0;
            uint32_t bins = 0;
            for (const auto& [counts, o] : seen)
            {
                double lnWays = std::lgamma(t.n + 1.0);
                uint64_t taken = 0;
                for (uint64_t c : counts)
                {
                    lnWays -= std::lgamma(c + 1.0);
                    taken += c;
                }
                lnWays -= std::lgamma(static_cast<double>(t.n - taken) + 1);
                const double bits =
                    LbfSegmentBits(mixture, t.resources, t.hashes, t.cells, counts, t.n);
                const double expected = kDraws * std::exp(lnWays - bits * std::log(2.0));
                if (expected >= 5)
                {
                    chi2 += (o - expected) * (o - expected) / expected;
                    expectedBinned += expected;
                    seenBinned += o;
                    ++bins;
                }
            }
            const double pooled = kDraws - expectedBinned;
            chi2 += (kDraws - seenBinned - pooled) * (kDraws - seenBinned - pooled) / pooled;
            const double df = bins;
            NS_TEST_ASSERT_MSG_LT(chi2,
                                  df + 5 * std::sqrt(2 * df),
                                  "S " << t.horizon << ", R " << t.resources << ", k " << t.hashes
                                       << ", m " << t.cells << ", n " << t.n << ": chi-square "
                                       << chi2 << " on " << df << " degrees of freedom");
        }
    }
};

class CodeLengthTestSuite : public TestSuite
{
  public:
    CodeLengthTestSuite()
        : TestSuite("bloom-gossip-code-length", test::kUnit)
    {
        AddTestCase(new EnumerationTestCase, test::kQuick);
        AddTestCase(new LargeTestCase, test::kQuick);
        AddTestCase(new KraftTestCase, test::kQuick);
        AddTestCase(new EntropyTestCase, test::kQuick);
        AddTestCase(new HopMixtureTestCase, test::kQuick);
        AddTestCase(new LbfSumTestCase, test::kQuick);
        AddTestCase(new LbfSimulationTestCase, test::kQuick);
        AddTestCase(new LbfGridTestCase, test::kQuick);
    }
};

CodeLengthTestSuite g_codeLengthTestSuite;

} // namespace
