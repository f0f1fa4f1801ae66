/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the counting Bloom filter: membership as a Bloom filter, deletion,
 * multiplicity, counter saturation, false-positive rate.
 */
#include "counting-bloom-filter.h"
#include "hashing-reference.h"

#include "ns3/bloom-filter.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/bloom-hash.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

using bloom::test::Throws;

/// Number of distinct positions of a key (what Insert touches).
uint32_t
DistinctPositions(const Key& key, uint32_t m, uint32_t k)
{
    std::set<uint32_t> positions;
    for (uint32_t i = 0; i < k; ++i)
    {
        positions.insert(key.Position(i, m));
    }
    return static_cast<uint32_t>(positions.size());
}

/// Counters at the maximum, counted by reading every counter.
uint32_t
ScanSaturated(const CountingBloomFilter& f)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < f.GetCounters(); ++i)
    {
        n += f.GetCounter(i) == f.GetMaxCount() ? 1 : 0;
    }
    return n;
}

class CountingBasicsTestCase : public TestCase
{
  public:
    CountingBasicsTestCase()
        : TestCase("CBF: no false negatives, answers as a Bloom filter, bad parameters")
    {
    }

  private:
    void DoRun() override
    {
        CountingBloomFilter f(2048, 5);
        NS_TEST_ASSERT_MSG_EQ(f.GetCounterBits(), 4U, "default counter width");
        NS_TEST_ASSERT_MSG_EQ(f.GetMaxCount(), 15U, "2^4 - 1");
        NS_TEST_ASSERT_MSG_EQ(f.GetSizeBits(), 2048U * 4, "m * c bits");
        NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(1)), false, "empty filter holds nothing");
        NS_TEST_ASSERT_MSG_EQ(f.Count(Key::FromId(1)), 0U, "empty filter counts nothing");
        BloomFilter bf(2048, 5);
        for (uint64_t id = 0; id < 300; ++id)
        {
            f.Insert(Key::FromId(id));
            bf.Insert(Key::FromId(id));
        }
        for (uint64_t id = 0; id < 300; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(id)), true, "no false negative " << id);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(f.Count(Key::FromId(id)), 1U, "count of " << id);
        }
        NS_TEST_ASSERT_MSG_EQ(f.CountNonZero(), bf.CountOnes(), "non-zero counters = BF bits");
        uint32_t positives = 0;
        for (uint64_t id = 1000000; id < 1020000; ++id)
        {
            const Key key = Key::FromId(id);
            NS_TEST_ASSERT_MSG_EQ(f.Contains(key), bf.Contains(key), "same answer as the BF");
            NS_TEST_ASSERT_MSG_EQ((f.Count(key) > 0), f.Contains(key), "count > 0 iff contained");
            positives += f.Contains(key) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_GT(positives, 0U, "some false positives at this load");

        f.Clear();
        NS_TEST_ASSERT_MSG_EQ(f.CountNonZero(), 0U, "clear");
        NS_TEST_ASSERT_MSG_EQ((f == CountingBloomFilter(2048, 5)), true, "clear = fresh filter");

        for (auto [m, k, c] : {std::tuple<uint32_t, uint32_t, uint32_t>{0, 3, 4},
                               {64, 0, 4},
                               {64, 33, 4},
                               {(1U << 20) + 1, 3, 4},
                               {64, 3, 0},
                               {64, 3, 17},
                               {64, 3, 32},
                               {64, 3, 200}})
        {
            NS_TEST_ASSERT_MSG_EQ(Throws([m = m, k = k, c = c] { CountingBloomFilter(m, k, c); }),
                                  true,
                                  "m=" << m << " k=" << k << " c=" << c << " is refused");
        }
        for (uint32_t c = 1; c <= 16; ++c)
        {
            CountingBloomFilter g(100, 3, c);
            NS_TEST_ASSERT_MSG_EQ(g.GetMaxCount(), (1U << c) - 1, "maximum at c=" << c);
            g.Insert(Key::FromName("x"));
            NS_TEST_ASSERT_MSG_EQ(g.Contains(Key::FromName("x")), true, "c=" << c);
        }
    }
};

class CountingDeletionTestCase : public TestCase
{
  public:
    CountingDeletionTestCase()
        : TestCase("CBF: deleting inserted keys restores the filter; absent keys are refused")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 2048;
        const uint32_t k = 4;
        CountingBloomFilter both(m, k);
        CountingBloomFilter onlyA(m, k);
        for (uint64_t id = 0; id < 200; ++id)
        {
            both.Insert(Key::FromId(id));
            onlyA.Insert(Key::FromId(id));
        }
        for (uint64_t id = 500; id < 700; ++id)
        {
            both.Insert(Key::FromId(id));
        }
        NS_TEST_ASSERT_MSG_EQ(both.GetSaturatedCounters(), 0U, "precondition: no saturation");
        for (uint64_t id = 500; id < 700; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(both.Remove(Key::FromId(id)), true, "remove inserted " << id);
        }
        NS_TEST_ASSERT_MSG_EQ((both == onlyA), true, "insert A+B, remove B = insert A");
        for (uint64_t id = 0; id < 200; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(both.Contains(Key::FromId(id)), true, "A kept " << id);
        }

        // An absent key (some counter zero) is refused and nothing changes.
        uint32_t refused = 0;
        for (uint64_t id = 5000; id < 5200; ++id)
        {
            const Key key = Key::FromId(id);
            if (both.Contains(key))
            {
                continue;
            }
            const CountingBloomFilter before = both;
            NS_TEST_ASSERT_MSG_EQ(both.Remove(key), false, "absent key refused " << id);
            NS_TEST_ASSERT_MSG_EQ((both == before), true, "refusal changes nothing " << id);
            ++refused;
        }
        NS_TEST_ASSERT_MSG_GT(refused, 150U, "most probes are absent");

        for (uint64_t id = 0; id < 200; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(both.Remove(Key::FromId(id)), true, "remove " << id);
        }
        NS_TEST_ASSERT_MSG_EQ(both.CountNonZero(), 0U, "everything removed: all counters zero");
        NS_TEST_ASSERT_MSG_EQ(both.Remove(Key::FromId(0)), false, "removing twice is refused");

        // Interleaved inserts and removals, checked against the set of live keys.
        CountingBloomFilter f(1024, 3);
        std::set<uint64_t> live;
        for (uint64_t step = 0; step < 3000; ++step)
        {
            const uint64_t id = (step * 7919) % 400;
            if (live.count(id))
            {
                NS_TEST_ASSERT_MSG_EQ(f.Remove(Key::FromId(id)), true, "remove live " << id);
                live.erase(id);
            }
            else
            {
                f.Insert(Key::FromId(id));
                live.insert(id);
            }
        }
        for (uint64_t id : live)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(id)), true, "live key " << id);
        }
        CountingBloomFilter fresh(1024, 3);
        for (uint64_t id : live)
        {
            fresh.Insert(Key::FromId(id));
        }
        NS_TEST_ASSERT_MSG_EQ(f.GetSaturatedCounters(), 0U, "precondition: no saturation");
        NS_TEST_ASSERT_MSG_EQ((f == fresh), true, "history does not matter, only the live set");
    }
};

class CountingMultiplicityTestCase : public TestCase
{
  public:
    CountingMultiplicityTestCase()
        : TestCase("CBF: count is the minimum counter, an upper bound of the multiplicity")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 4096;
        const uint32_t k = 4;
        CountingBloomFilter f(m, k, 6);
        std::vector<uint32_t> times(300);
        for (uint64_t id = 0; id < times.size(); ++id)
        {
            times[id] = 1 + static_cast<uint32_t>((id * 13) % 5);
            for (uint32_t t = 0; t < times[id]; ++t)
            {
                f.Insert(Key::FromId(id));
            }
        }
        NS_TEST_ASSERT_MSG_EQ(f.GetSaturatedCounters(), 0U, "precondition: no saturation");
        uint32_t exact = 0;
        for (uint64_t id = 0; id < times.size(); ++id)
        {
            const Key key = Key::FromId(id);
            uint32_t minimum = f.GetMaxCount();
            for (uint32_t i = 0; i < k; ++i)
            {
                minimum = std::min(minimum, f.GetCounter(key.Position(i, m)));
            }
            NS_TEST_ASSERT_MSG_EQ(f.Count(key), minimum, "count is the minimum counter " << id);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(f.Count(key), times[id], "upper bound " << id);
            exact += f.Count(key) == times[id] ? 1 : 0;
        }
        // A count is too high only when every counter of the key is shared
        // with another of the 300 keys: about (1 - e^(-300k/m))^k = 0.4 %.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(exact, 295U, "counts are exact for almost every key");

        // Removing every key once: counts stay upper bounds, and exact ones
        // fall by one.
        for (uint64_t id = 0; id < times.size(); ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Remove(Key::FromId(id)), true, "remove " << id);
            --times[id];
        }
        exact = 0;
        for (uint64_t id = 0; id < times.size(); ++id)
        {
            const Key key = Key::FromId(id);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(f.Count(key), times[id], "upper bound after " << id);
            NS_TEST_ASSERT_MSG_EQ(f.Contains(key), (f.Count(key) > 0), "contains " << id);
            exact += f.Count(key) == times[id] ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(exact, 295U, "counts still exact for almost every key");
    }
};

class CountingSaturationTestCase : public TestCase
{
  public:
    CountingSaturationTestCase()
        : TestCase("CBF: counters saturate at 2^c - 1, stick there and are reported")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 512;
        const uint32_t k = 4;
        const Key x = Key::FromName("hot");
        const uint32_t d = DistinctPositions(x, m, k);
        CountingBloomFilter f(m, k, 2); // counters 0..3
        NS_TEST_ASSERT_MSG_EQ((f.Insert(x) == CountingInsert::EXACT), true, "1st insert exact");
        NS_TEST_ASSERT_MSG_EQ((f.Insert(x) == CountingInsert::EXACT), true, "2nd insert exact");
        NS_TEST_ASSERT_MSG_EQ(f.GetSaturatedCounters(), 0U, "nothing saturated yet");
        NS_TEST_ASSERT_MSG_EQ((f.Insert(x) == CountingInsert::SATURATED),
                              true,
                              "3rd insert reaches the maximum");
        NS_TEST_ASSERT_MSG_EQ(f.GetSaturatedCounters(), d, "every counter of x saturated");
        NS_TEST_ASSERT_MSG_EQ(f.GetOverflows(), 0U, "no increment lost yet");
        NS_TEST_ASSERT_MSG_EQ((f.Insert(x) == CountingInsert::SATURATED), true, "4th insert");
        NS_TEST_ASSERT_MSG_EQ((f.Insert(x) == CountingInsert::SATURATED), true, "5th insert");
        NS_TEST_ASSERT_MSG_EQ(f.GetOverflows(), 2U * d, "two increments lost per counter");
        NS_TEST_ASSERT_MSG_EQ(f.GetSaturatedCounters(), d, "still d saturated counters");
        NS_TEST_ASSERT_MSG_EQ(f.Count(x), 3U, "count stops at the maximum");
        for (int i = 0; i < 5; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Remove(x), true, "removal " << i << " accepted");
        }
        NS_TEST_ASSERT_MSG_EQ(f.Contains(x), true, "sticky counters: no false negative");
        NS_TEST_ASSERT_MSG_EQ(f.Count(x), 3U, "saturated counters are not decremented");
        NS_TEST_ASSERT_MSG_EQ(f.GetSaturatedCounters(), d, "saturation survives removals");
        f.Clear();
        NS_TEST_ASSERT_MSG_EQ(f.GetSaturatedCounters(), 0U, "clear resets the tally");
        NS_TEST_ASSERT_MSG_EQ(f.GetOverflows(), 0U, "clear resets the overflows");

        // c = 1: a Bloom filter whose removals only check presence.
        CountingBloomFilter one(m, k, 1);
        NS_TEST_ASSERT_MSG_EQ((one.Insert(x) == CountingInsert::SATURATED), true, "c=1");
        NS_TEST_ASSERT_MSG_EQ(one.Remove(x), true, "c=1 removal accepted");
        NS_TEST_ASSERT_MSG_EQ(one.Contains(x), true, "c=1 keeps the key");

        // Heavy load at c = 3: the tally matches the counters, no inserted key
        // is lost while half of them are removed.
        CountingBloomFilter g(1024, 3, 3);
        uint64_t reported = 0;
        for (uint64_t id = 0; id < 3000; ++id)
        {
            const uint64_t before = g.GetOverflows() + g.GetSaturatedCounters();
            const bool saturated = g.Insert(Key::FromId(id)) == CountingInsert::SATURATED;
            const bool changed = g.GetOverflows() + g.GetSaturatedCounters() != before;
            NS_TEST_ASSERT_MSG_EQ(saturated, changed, "insert reports saturation " << id);
            reported += saturated ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_GT(reported, 1000U, "most inserts hit saturated counters here");
        NS_TEST_ASSERT_MSG_EQ(g.GetSaturatedCounters(), ScanSaturated(g), "tally = scan");
        for (uint64_t id = 0; id < 3000; id += 2)
        {
            NS_TEST_ASSERT_MSG_EQ(g.Remove(Key::FromId(id)), true, "remove " << id);
        }
        NS_TEST_ASSERT_MSG_EQ(g.GetSaturatedCounters(), ScanSaturated(g), "tally = scan");
        for (uint64_t id = 1; id < 3000; id += 2)
        {
            NS_TEST_ASSERT_MSG_EQ(g.Contains(Key::FromId(id)), true, "no false negative " << id);
        }
    }
};

/**
 * The measured false-positive rate lies within 4 sigma of (1 - e^(-kn/m))^k,
 * over F independent filters (sigma: standard error of the mean of the
 * per-filter rates, about 1 % of the rate here), also after as many keys
 * again were inserted and removed.  The positions are the BloomFilter's
 * (Key::Position), whose rate bloom-gossip-bloom-filter holds to ideal
 * hashing; at these shapes the textbook formula is exact to 0.1 %, while a
 * wrong k or position would be far outside the bound.
 */
class CountingFprTestCase : public TestCase
{
  public:
    CountingFprTestCase()
        : TestCase("CBF: measured false-positive rate within 4 sigma of (1-exp(-kn:m))^k")
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

        const Point points[] = {{2048, 4, 200}, {4096, 6, 400}, {8192, 3, 1500}, {1024, 2, 100}};
        uint64_t nextId = 0;
        for (const Point& p : points)
        {
            const uint32_t probes = 4000;
            const test::FprEstimate measured = test::MeanOverFilters(200, [&] {
                CountingBloomFilter f(p.m, p.k);
                for (uint32_t j = 0; j < p.n; ++j)
                {
                    f.Insert(Key::FromId(nextId++));
                }
                // As many keys again, inserted and removed: no trace left.
                const uint64_t churn = nextId;
                for (uint32_t j = 0; j < p.n; ++j)
                {
                    f.Insert(Key::FromId(churn + j));
                }
                for (uint32_t j = 0; j < p.n; ++j)
                {
                    NS_TEST_EXPECT_MSG_EQ(f.Remove(Key::FromId(churn + j)), true, "churn");
                }
                nextId += p.n;
                uint32_t hits = 0;
                for (uint32_t j = 0; j < probes; ++j)
                {
                    hits += f.Contains(Key::FromId(nextId++)) ? 1 : 0;
                }
                return static_cast<double>(hits) / probes;
            });
            const double mean = measured.mean;
            const double sigma = measured.standardError;
            const double expected = CountingBloomFilter::TheoreticalFpr(p.m, p.k, p.n);
            NS_TEST_ASSERT_MSG_GT(sigma, 0.0, "the rate varies between filters");
            NS_TEST_ASSERT_MSG_LT(std::abs(mean - expected),
                                  4 * sigma,
                                  "m=" << p.m << " k=" << p.k << " n=" << p.n << " measured "
                                       << mean << " expected " << expected << " sigma " << sigma);
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: CBF merges: counter-wise sum (multiset union) and maximum.
class CountingMergeTestCase : public TestCase
{
  public:
    CountingMergeTestCase()
        : TestCase("CBF: AddCounters sums counts and saturates; MaxCounters is a BF union")
    {
    }

  private:
    void DoRun() override
    {
        CountingBloomFilter a(512, 4);
        CountingBloomFilter b(512, 4);
        BloomFilter both(512, 4);
        for (uint64_t id = 0; id < 40; ++id)
        {
            a.Insert(Key::FromId(id));
            both.Insert(Key::FromId(id));
        }
        for (uint64_t id = 20; id < 60; ++id)
        {
            b.Insert(Key::FromId(id));
            both.Insert(Key::FromId(id));
        }
        CountingBloomFilter maxed = a;
        maxed.MaxCounters(b);
        CountingBloomFilter again = maxed;
        again.MaxCounters(b);
        NS_TEST_ASSERT_MSG_EQ((again == maxed), true, "MaxCounters is idempotent");
        CountingBloomFilter summed = a;
        summed.AddCounters(b);
        for (uint64_t id = 0; id < 2000; ++id)
        {
            const Key key = Key::FromId(id);
            NS_TEST_ASSERT_MSG_EQ(maxed.Contains(key), both.Contains(key), "max: BF union");
            NS_TEST_ASSERT_MSG_EQ(summed.Contains(key), both.Contains(key), "sum: BF union");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(summed.Count(key),
                                        a.Count(key) + b.Count(key),
                                        "sum: counts add up (collisions only add)");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(maxed.Count(key),
                                        std::max(a.Count(key), b.Count(key)),
                                        "max: at least the larger count");
        }
        NS_TEST_ASSERT_MSG_EQ((summed.Count(Key::FromId(30)) >= 2), true, "a key in both counts 2");
        // Sum is not idempotent: merging a filter into itself again and again
        // doubles its counts until they saturate, and the lost increments are
        // reported.
        CountingBloomFilter echo(64, 3, 3);
        echo.Insert(Key::FromId(1));
        for (int round = 0; round < 4; ++round)
        {
            const CountingBloomFilter copy = echo;
            echo.AddCounters(copy);
        }
        NS_TEST_ASSERT_MSG_EQ(echo.Count(Key::FromId(1)), 7U, "1 -> 2 -> 4 -> 7 (saturated)");
        NS_TEST_ASSERT_MSG_GT(echo.GetOverflows(), 0U, "lost increments reported");
        NS_TEST_ASSERT_MSG_GT(echo.GetSaturatedCounters(), 0U, "saturated counters reported");
        NS_TEST_ASSERT_MSG_EQ(Throws([] {
                                  CountingBloomFilter x(64, 3);
                                  x.AddCounters(CountingBloomFilter(64, 4));
                              }),
                              true,
                              "another k is refused");
        NS_TEST_ASSERT_MSG_EQ(Throws([] {
                                  CountingBloomFilter x(64, 3);
                                  x.MaxCounters(CountingBloomFilter(64, 3, 8));
                              }),
                              true,
                              "another c is refused");
    }
};

class CountingBloomFilterTestSuite : public TestSuite
{
  public:
    CountingBloomFilterTestSuite()
        : TestSuite("bloom-gossip-counting-bloom-filter", test::kUnit)
    {
        AddTestCase(new CountingBasicsTestCase, test::kQuick);
        AddTestCase(new CountingDeletionTestCase, test::kQuick);
        AddTestCase(new CountingMultiplicityTestCase, test::kQuick);
        AddTestCase(new CountingSaturationTestCase, test::kQuick);
        AddTestCase(new CountingFprTestCase, test::kQuick);
        AddTestCase(new CountingMergeTestCase, test::kQuick);
    }
};

CountingBloomFilterTestSuite g_countingBloomFilterTestSuite;

} // namespace
