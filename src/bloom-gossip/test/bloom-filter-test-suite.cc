/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the key hashing scheme and the plain Bloom filter.
 */
#include "ns3/bloom-filter.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/bloom-hash.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <set>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

/// \ingroup bloom-gossip-tests
/// The hash scheme is a wire contract: pin it to known values.
class KeyHashStabilityTestCase : public TestCase
{
  public:
    KeyHashStabilityTestCase()
        : TestCase("key hashing is XXH3-64 and positions follow the documented formula")
    {
    }

  private:
    void DoRun() override
    {
        // Canonical XXH3_64bits("") from the xxHash specification.
        NS_TEST_ASSERT_MSG_EQ(Key::FromName("").GetHash(),
                              0x2D06800538D394C2ULL,
                              "XXH3 of the empty input");
        NS_TEST_ASSERT_MSG_EQ(Key::FromName("sensor-1").GetHash(),
                              0xbb05c9a08b99653aULL,
                              "XXH3 of a name");
        NS_TEST_ASSERT_MSG_EQ(Key::FromId(1).GetHash(),
                              0x2fbc593564db792eULL,
                              "ids hash as 8 little-endian bytes");
        const uint32_t expected[] = {748, 857, 965, 50, 159, 268, 377};
        const Key key = Key::FromName("sensor-1");
        for (uint32_t i = 0; i < 7; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(key.Position(i, 1024), expected[i], "position " << i);
        }
        NS_TEST_ASSERT_MSG_NE(Key::FromId(1).GetHash(), Key::FromId(2).GetHash(), "distinct ids");
    }
};

/// \ingroup bloom-gossip-tests
/// Positions are spread evenly over the table.
class KeyPositionUniformityTestCase : public TestCase
{
  public:
    KeyPositionUniformityTestCase()
        : TestCase("hash positions are uniform over the table (chi-square)")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t slots = 64;
        const uint32_t keys = 20000;
        const uint32_t k = 4;
        std::vector<uint32_t> counts(slots, 0);
        for (uint32_t id = 0; id < keys; ++id)
        {
            const Key key = Key::FromId(id);
            for (uint32_t i = 0; i < k; ++i)
            {
                const uint32_t p = key.Position(i, slots);
                NS_TEST_ASSERT_MSG_LT(p, slots, "position inside the table");
                ++counts[p];
            }
        }
        const double expected = static_cast<double>(keys) * k / slots;
        double chi2 = 0;
        for (uint32_t c : counts)
        {
            chi2 += (c - expected) * (c - expected) / expected;
        }
        // 63 degrees of freedom: the 99.9th percentile is 103.4.
        NS_TEST_ASSERT_MSG_LT(chi2, 103.4, "chi-square of slot counts");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: BF: no false negatives, union, fill, cardinality, bad parameters.
class BloomFilterBasicsTestCase : public TestCase
{
  public:
    BloomFilterBasicsTestCase()
        : TestCase("BF: no false negatives, union, fill, cardinality, bad parameters")
    {
    }

  private:
    void DoRun() override
    {
        BloomFilter f(1024, 5);
        NS_TEST_ASSERT_MSG_EQ(f.CountOnes(), 0U, "empty filter");
        NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(7)), false, "empty filter holds nothing");
        for (uint64_t id = 0; id < 100; ++id)
        {
            f.Insert(Key::FromId(id));
        }
        for (uint64_t id = 0; id < 100; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(id)), true, "no false negative " << id);
        }
        NS_TEST_ASSERT_MSG_LT_OR_EQ(f.CountOnes(), 500U, "at most k bits per insert");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.Fill(), f.CountOnes() / 1024.0, 1e-12, "fill is X/m");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.EstimatedCardinality(), 100.0, 10.0, "cardinality estimate");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.EstimatedFpr(),
                                  std::pow(f.Fill(), 5),
                                  1e-12,
                                  "current FPR is fill^k");

        BloomFilter a(256, 3);
        BloomFilter b(256, 3);
        a.Insert(Key::FromName("a"));
        b.Insert(Key::FromName("b"));
        BloomFilter u = a;
        u.Union(b);
        NS_TEST_ASSERT_MSG_EQ(u.Contains(Key::FromName("a")), true, "union keeps a");
        NS_TEST_ASSERT_MSG_EQ(u.Contains(Key::FromName("b")), true, "union keeps b");
        BloomFilter u2 = b;
        u2.Union(a);
        NS_TEST_ASSERT_MSG_EQ((u == u2), true, "union is commutative");
        u2.Union(a);
        NS_TEST_ASSERT_MSG_EQ((u == u2), true, "union is idempotent");
        u.Clear();
        NS_TEST_ASSERT_MSG_EQ(u.CountOnes(), 0U, "clear");

        using bloom::test::Throws;
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { a.Union(BloomFilter(128, 3)); }),
                              true,
                              "union of different m is refused");
        for (auto [m, k] :
             {std::pair<uint32_t, uint32_t>{0, 3}, {64, 0}, {64, 33}, {(1U << 20) + 1, 3}})
        {
            NS_TEST_ASSERT_MSG_EQ(Throws([m = m, k = k] { BloomFilter(m, k); }),
                                  true,
                                  "m=" << m << " k=" << k << " is refused");
        }
    }
};

/**
 * The measured false-positive rate lies within 3 sigma of the textbook
 * (1 - e^(-kn/m))^k.  Each of F independent filters gets n keys and is
 * probed with keys never inserted; sigma is the standard error of the mean
 * of the F per-filter rates, so it covers both the binomial noise of the
 * probes and the filter-to-filter spread of the fill.
 */
/// \ingroup bloom-gossip-tests
/// Test case: BF: measured false-positive rate within 3 sigma of the textbook (1-exp(-kn:m))^k.
class BloomFilterFprTestCase : public TestCase
{
  public:
    BloomFilterFprTestCase()
        : TestCase(
              "BF: measured false-positive rate within 3 sigma of the textbook (1-exp(-kn:m))^k")
    {
    }

  private:
    void DoRun() override
    {
        struct Point
        {
            uint32_t m;
            uint32_t k;
            uint32_t n;
        };

        const Point points[] = {{1024, 3, 100}, {2048, 7, 200}, {4096, 4, 600}, {512, 2, 128}};
        uint64_t nextId = 0;
        for (const Point& p : points)
        {
            const uint32_t filters = 100;
            const uint32_t probes = 2000;
            double sum = 0;
            double sumSq = 0;
            for (uint32_t f = 0; f < filters; ++f)
            {
                BloomFilter bf(p.m, p.k);
                for (uint32_t i = 0; i < p.n; ++i)
                {
                    bf.Insert(Key::FromId(nextId++));
                }
                uint32_t hits = 0;
                for (uint32_t i = 0; i < probes; ++i)
                {
                    hits += bf.Contains(Key::FromId(nextId++)) ? 1 : 0;
                }
                const double rate = static_cast<double>(hits) / probes;
                sum += rate;
                sumSq += rate * rate;
            }
            const double mean = sum / filters;
            const double variance = (sumSq - filters * mean * mean) / (filters - 1);
            const double sigma = std::sqrt(variance / filters);
            const double expected = BloomFilter::TheoreticalFpr(p.m, p.k, p.n);
            NS_TEST_ASSERT_MSG_GT(sigma, 0.0, "the rate varies between filters");
            NS_TEST_ASSERT_MSG_LT(std::abs(mean - expected),
                                  3 * sigma,
                                  "m=" << p.m << " k=" << p.k << " n=" << p.n << " measured "
                                       << mean << " expected " << expected << " sigma " << sigma);
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-bloom-filter.
class BloomFilterTestSuite : public TestSuite
{
  public:
    BloomFilterTestSuite()
        : TestSuite("bloom-gossip-bloom-filter", test::kUnit)
    {
        AddTestCase(new KeyHashStabilityTestCase, test::kQuick);
        AddTestCase(new KeyPositionUniformityTestCase, test::kQuick);
        AddTestCase(new BloomFilterBasicsTestCase, test::kQuick);
        AddTestCase(new BloomFilterFprTestCase, test::kQuick);
    }
};

BloomFilterTestSuite g_bloomFilterTestSuite;

} // namespace
