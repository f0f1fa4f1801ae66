/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the code lengths codec-entropy measures the codec against
 * (code-length.h): the NML normaliser against enumeration of every sequence
 * for small alphabets and lengths, against the convolution identity for long
 * sequences and large alphabets (where C overflows a double) and against
 * Szpankowski's expansion; the NML codes' Kraft sums (1 over the alphabet,
 * at most 1 over the symbols present); n H; bad arguments.
 */
#include "code-length.h"

#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
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
    }
};

CodeLengthTestSuite g_codeLengthTestSuite;

} // namespace
