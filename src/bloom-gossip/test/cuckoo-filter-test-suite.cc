/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the cuckoo filter: partial-key hashing, no false negatives,
 * deletion, insertion failure past capacity (rolled back), reproducibility,
 * false-positive rate.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/bloom-hash.h"
#include "ns3/cuckoo-filter.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

using bloom::test::Throws;

/// Whether every entry of the table is empty.
bool
AllEmpty(const CuckooFilter& f)
{
    for (uint32_t i = 0; i < f.GetBuckets(); ++i)
    {
        for (uint32_t s = 0; s < f.GetBucketSize(); ++s)
        {
            if (f.GetEntry(i, s) != 0)
            {
                return false;
            }
        }
    }
    return true;
}

class CuckooHashingTestCase : public TestCase
{
  public:
    CuckooHashingTestCase()
        : TestCase("cuckoo: fingerprints in 1..2^f-1, alternate bucket is an involution")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t f : {1U, 2U, 7U, 8U, 16U, 32U})
        {
            const CuckooFilter filter(1024, f, 4, uint64_t{1});
            const uint64_t top = (uint64_t{1} << f) - 1;
            for (uint64_t id = 0; id < 5000; ++id)
            {
                const Key key = Key::FromId(id);
                const uint32_t fp = filter.FingerprintOf(key);
                NS_TEST_ASSERT_MSG_GT_OR_EQ(fp, 1U, "fingerprint not zero, f=" << f);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(fp, top, "fingerprint fits, f=" << f);
                const uint32_t i1 = filter.IndexOf(key);
                NS_TEST_ASSERT_MSG_LT(i1, 1024U, "bucket in range");
                const uint32_t i2 = filter.AltIndex(i1, fp);
                NS_TEST_ASSERT_MSG_LT(i2, 1024U, "alternate bucket in range");
                NS_TEST_ASSERT_MSG_EQ(filter.AltIndex(i2, fp), i1, "involution, f=" << f);
            }
        }
        // Every fingerprint value is used about equally often (chi-square, f = 4:
        // 15 values, 14 degrees of freedom, 99.9th percentile 36.1).
        const CuckooFilter filter(1024, 4, 4, uint64_t{1});
        std::vector<uint32_t> counts(16, 0);
        const uint32_t keys = 30000;
        for (uint64_t id = 0; id < keys; ++id)
        {
            ++counts[filter.FingerprintOf(Key::FromId(id))];
        }
        NS_TEST_ASSERT_MSG_EQ(counts[0], 0U, "no zero fingerprint");
        double chi2 = 0;
        const double expected = keys / 15.0;
        for (uint32_t v = 1; v < 16; ++v)
        {
            chi2 += (counts[v] - expected) * (counts[v] - expected) / expected;
        }
        NS_TEST_ASSERT_MSG_LT(chi2, 36.1, "chi-square of fingerprint values");
    }
};

class CuckooBasicsTestCase : public TestCase
{
  public:
    CuckooBasicsTestCase()
        : TestCase("cuckoo: no false negatives, load factor, deletion, bad parameters")
    {
    }

  private:
    void DoRun() override
    {
        CuckooFilter f(512, 12, 4, uint64_t{7});
        NS_TEST_ASSERT_MSG_EQ(f.GetCapacity(), 2048U, "B * b entries");
        NS_TEST_ASSERT_MSG_EQ(f.GetSizeBits(), 2048U * 12, "B * b * f bits");
        NS_TEST_ASSERT_MSG_EQ(f.GetMaxKicks(), 500U, "default kick limit");
        NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(3)), false, "empty filter holds nothing");
        NS_TEST_ASSERT_MSG_EQ(f.Remove(Key::FromId(3)), false, "nothing to remove");
        const uint64_t n = 1800; // load 0.88
        for (uint64_t id = 0; id < n; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Insert(Key::FromId(id)), true, "insert " << id);
        }
        NS_TEST_ASSERT_MSG_EQ(f.GetEntries(), n, "entries");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.GetLoadFactor(), n / 2048.0, 1e-12, "load factor");
        NS_TEST_ASSERT_MSG_GT(f.GetKicks(), 0U, "this load needs evictions");
        NS_TEST_ASSERT_MSG_EQ(f.GetInsertFailures(), 0U, "no failure below capacity");
        for (uint64_t id = 0; id < n; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(id)), true, "no false negative " << id);
        }

        // Remove every other key: the rest stays, the removed ones mostly go.
        for (uint64_t id = 0; id < n; id += 2)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Remove(Key::FromId(id)), true, "remove " << id);
        }
        NS_TEST_ASSERT_MSG_EQ(f.GetEntries(), n / 2, "half the entries left");
        uint32_t stillThere = 0;
        for (uint64_t id = 0; id < n; ++id)
        {
            const bool present = f.Contains(Key::FromId(id));
            if (id % 2 == 1)
            {
                NS_TEST_ASSERT_MSG_EQ(present, true, "kept key " << id);
            }
            else
            {
                stillThere += present ? 1 : 0;
            }
        }
        // A removed key still answers yes only through a fingerprint
        // collision: rate about 8 * 0.44 / 4095 = 0.09 %.
        NS_TEST_ASSERT_MSG_LT(stillThere, 10U, "removed keys are gone");

        // An absent key is refused and nothing changes.
        for (uint64_t id = 100000; id < 100200; ++id)
        {
            if (f.Contains(Key::FromId(id)))
            {
                continue;
            }
            const CuckooFilter before = f;
            NS_TEST_ASSERT_MSG_EQ(f.Remove(Key::FromId(id)), false, "absent " << id);
            NS_TEST_ASSERT_MSG_EQ((f == before), true, "refusal changes nothing");
        }
        for (uint64_t id = 1; id < n; id += 2)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Remove(Key::FromId(id)), true, "remove " << id);
        }
        NS_TEST_ASSERT_MSG_EQ(f.GetEntries(), 0U, "empty again");
        NS_TEST_ASSERT_MSG_EQ(AllEmpty(f), true, "every entry empty");
        f.Insert(Key::FromId(1));
        f.Clear();
        NS_TEST_ASSERT_MSG_EQ(AllEmpty(f), true, "clear");
        NS_TEST_ASSERT_MSG_EQ(f.GetEntries(), 0U, "clear resets the count");

        // A key inserted t times is stored t times; 2b copies fit, not more.
        CuckooFilter d(64, 8, 4, uint64_t{3});
        const Key x = Key::FromName("duplicate");
        const bool twoBuckets = d.IndexOf(x) != d.AltIndex(d.IndexOf(x), d.FingerprintOf(x));
        const uint32_t fit = twoBuckets ? 8 : 4;
        for (uint32_t t = 0; t < fit; ++t)
        {
            NS_TEST_ASSERT_MSG_EQ(d.Insert(x), true, "copy " << t);
        }
        const CuckooFilter full = d;
        NS_TEST_ASSERT_MSG_EQ(d.Insert(x), false, "one copy too many");
        NS_TEST_ASSERT_MSG_EQ((d == full), true, "the failed insert rolled back");
        NS_TEST_ASSERT_MSG_EQ(d.GetInsertFailures(), 1U, "failure counted");
        for (uint32_t t = 0; t < fit; ++t)
        {
            NS_TEST_ASSERT_MSG_EQ(d.Remove(x), true, "remove copy " << t);
        }
        NS_TEST_ASSERT_MSG_EQ(d.Remove(x), false, "all copies removed");

        for (auto [buckets, fp, b, kicks] :
             {std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>{0, 8, 4, 500},
              {3, 8, 4, 500},
              {1U << 23, 8, 4, 500},
              {64, 0, 4, 500},
              {64, 33, 4, 500},
              {64, 64, 4, 500},
              {64, 200, 4, 500},
              {64, 8, 0, 500},
              {64, 8, 9, 500},
              {64, 8, 4, (1U << 20) + 1}})
        {
            NS_TEST_ASSERT_MSG_EQ(Throws([buckets = buckets, fp = fp, b = b, kicks = kicks] {
                                      CuckooFilter(buckets, fp, b, uint64_t{1}, kicks);
                                  }),
                                  true,
                                  "B=" << buckets << " f=" << fp << " b=" << b << " kicks=" << kicks
                                       << " is refused");
        }
        NS_TEST_ASSERT_MSG_EQ(Throws([] { CuckooFilter(64, 8, 4, CuckooRandom()); }),
                              true,
                              "an empty generator is refused");
        NS_TEST_ASSERT_MSG_EQ(CuckooFilter::BucketsFor(1000, 4, 0.95), 512U, "1000 / 3.8 -> 512");
        NS_TEST_ASSERT_MSG_EQ(CuckooFilter::BucketsFor(1024, 4, 1.0), 256U, "exact fit");
        NS_TEST_ASSERT_MSG_EQ(CuckooFilter::BucketsFor(1025, 4, 1.0), 512U, "one more");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { CuckooFilter::BucketsFor(100, 4, 0.0); }),
                              true,
                              "load 0 is refused");
        // 1 - (1 - 1/(2^f - 1))^8 <= 1 %: 2^f - 1 >= 796.5, f = 10.
        NS_TEST_ASSERT_MSG_EQ(CuckooFilter::FingerprintBitsFor(0.01, 4), 10U, "f for 1 %");
        NS_TEST_ASSERT_MSG_EQ(CuckooFilter::FingerprintBitsFor(0.2, 4), 6U, "f for 20 %");
    }
};

/**
 * Past capacity: insertions start failing near Fan et al.'s 95 % load for
 * b = 4, each failure leaves the table exactly as it was, and every accepted
 * key is still found.
 */
class CuckooOverloadTestCase : public TestCase
{
  public:
    CuckooOverloadTestCase()
        : TestCase("cuckoo: past capacity inserts fail, roll back, keep accepted keys")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t buckets = 256;
        CuckooFilter f(buckets, 12, 4, uint64_t{11});
        CuckooFilter noKicks(buckets, 12, 4, uint64_t{11}, 0);
        std::vector<uint64_t> accepted;
        uint64_t refused = 0;
        double firstFailureLoad = -1;
        double firstFailureLoadNoKicks = -1;
        for (uint64_t id = 0; id < 1500; ++id) // 1.46 times the 1024 entries
        {
            const Key key = Key::FromId(id);
            const CuckooFilter before = f;
            if (f.Insert(key))
            {
                accepted.push_back(id);
            }
            else
            {
                ++refused;
                NS_TEST_ASSERT_MSG_EQ((f == before),
                                      true,
                                      "failed insert " << id << " rolled back");
                if (firstFailureLoad < 0)
                {
                    firstFailureLoad = f.GetLoadFactor();
                }
            }
            if (!noKicks.Insert(key) && firstFailureLoadNoKicks < 0)
            {
                firstFailureLoadNoKicks = noKicks.GetLoadFactor();
            }
        }
        NS_TEST_ASSERT_MSG_GT(refused, 0U, "an overloaded filter refuses keys");
        NS_TEST_ASSERT_MSG_EQ(f.GetInsertFailures(), refused, "every refusal counted");
        NS_TEST_ASSERT_MSG_EQ(f.GetEntries(), accepted.size(), "entries = accepted keys");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(f.GetEntries(), f.GetCapacity(), "at most B * b");
        NS_TEST_ASSERT_MSG_GT(firstFailureLoad, 0.9, "b = 4 fills past 90 % before a failure");
        NS_TEST_ASSERT_MSG_GT(f.GetLoadFactor(), 0.95, "final load");
        NS_TEST_ASSERT_MSG_LT(firstFailureLoadNoKicks,
                              firstFailureLoad - 0.1,
                              "without evictions the filter fails much earlier");
        for (uint64_t id : accepted)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Contains(Key::FromId(id)), true, "accepted key " << id);
        }
        for (uint64_t id : accepted)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Remove(Key::FromId(id)), true, "remove accepted " << id);
        }
        NS_TEST_ASSERT_MSG_EQ(AllEmpty(f), true, "removing the accepted keys empties it");
    }
};

class CuckooReproducibleTestCase : public TestCase
{
  public:
    CuckooReproducibleTestCase()
        : TestCase("cuckoo: the injected generator makes runs reproducible")
    {
    }

  private:
    void DoRun() override
    {
        auto fill = [](CuckooFilter& f) {
            for (uint64_t id = 0; id < 1100; ++id)
            {
                f.Insert(Key::FromId(id));
            }
        };
        CuckooFilter a(256, 8, 4, uint64_t{5});
        CuckooFilter b(256, 8, 4, uint64_t{5});
        CuckooFilter c(256, 8, 4, CuckooRandom(SplitMix64(5)));
        CuckooFilter other(256, 8, 4, uint64_t{6});
        fill(a);
        fill(b);
        fill(c);
        fill(other);
        NS_TEST_ASSERT_MSG_EQ((a == b), true, "same seed, same table");
        NS_TEST_ASSERT_MSG_EQ((a == c), true, "seed constructor = injected SplitMix64");
        NS_TEST_ASSERT_MSG_EQ(a.GetInsertFailures(), b.GetInsertFailures(), "same failures");
        NS_TEST_ASSERT_MSG_EQ(a.GetKicks(), b.GetKicks(), "same kicks");
        NS_TEST_ASSERT_MSG_EQ((a == other), false, "another seed moves other victims");

        // Every random choice comes from the injected generator: it is called
        // once per walk and once per eviction, and not at all while every key
        // finds a free entry in one of its buckets.
        uint64_t calls = 0;
        CuckooFilter counted(256, 8, 4, [&calls] { return SplitMix64(++calls)(); });
        counted.Insert(Key::FromId(0));
        NS_TEST_ASSERT_MSG_EQ(calls, 0U, "no eviction, no random choice");
        fill(counted);
        const uint64_t evictions = counted.GetKicks() + counted.GetInsertFailures() * 500;
        NS_TEST_ASSERT_MSG_GT(evictions, 0U, "evictions happened");
        NS_TEST_ASSERT_MSG_GT(calls, evictions, "one call per eviction plus one per walk");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(calls, 2 * evictions, "at most one walk per eviction");
    }
};

/// Mean and standard error of per-filter false-positive rates.
struct RateStats
{
    double mean;
    double sigma;
};

/**
 * Measured false-positive rate against 1 - (1 - 1/(2^f - 1))^(2bα) at the
 * filters' load α.  That formula takes 2bα stored fingerprints per lookup;
 * the real number varies from lookup to lookup, and by Jensen's inequality
 * the mean rate is at most the formula and below it by about
 * p * Var(occupancy) / 2 relatively (p = 1/(2^f - 1)): under 1.5 % for the
 * points here (f >= 6).  So: measured within [0.97 * formula - 3 sigma,
 * formula + 3 sigma], and below Fan et al.'s 2b/2^f (+ 3 sigma).
 */
class CuckooFprTestCase : public TestCase
{
  public:
    CuckooFprTestCase()
        : TestCase("cuckoo: measured false-positive rate matches the formula at the filters' load")
    {
    }

  private:
    void DoRun() override
    {
        struct Point
        {
            uint32_t f;
            uint32_t b;
            double load;
        };

        const Point points[] = {{8, 4, 0.95}, {6, 4, 0.9}, {12, 4, 0.95}, {8, 2, 0.8}, {7, 8, 0.9}};
        const uint32_t buckets = 1024;
        uint64_t nextId = 0;
        uint64_t seed = 1;
        for (const Point& p : points)
        {
            const uint32_t filters = 40;
            const uint32_t probes = 20000;
            double sum = 0;
            double sumSq = 0;
            double loadSum = 0;
            for (uint32_t i = 0; i < filters; ++i)
            {
                CuckooFilter f(buckets, p.f, p.b, seed++);
                const auto n = static_cast<uint64_t>(p.load * f.GetCapacity());
                for (uint64_t j = 0; j < n; ++j)
                {
                    f.Insert(Key::FromId(nextId++));
                }
                uint32_t hits = 0;
                for (uint32_t j = 0; j < probes; ++j)
                {
                    hits += f.Contains(Key::FromId(nextId++)) ? 1 : 0;
                }
                const double rate = static_cast<double>(hits) / probes;
                sum += rate;
                sumSq += rate * rate;
                loadSum += f.GetLoadFactor();
            }
            const double mean = sum / filters;
            const double sigma =
                std::sqrt((sumSq - filters * mean * mean) / (filters - 1) / filters);
            const double load = loadSum / filters;
            const double formula = CuckooFilter::TheoreticalFpr(p.f, p.b, load);
            const double fan = 2.0 * p.b / std::ldexp(1.0, static_cast<int>(p.f));
            NS_TEST_ASSERT_MSG_GT(sigma, 0.0, "the rate varies between filters");
            NS_TEST_ASSERT_MSG_LT(mean,
                                  formula + 3 * sigma,
                                  "f=" << p.f << " b=" << p.b << " load=" << load << " measured "
                                       << mean << " formula " << formula << " sigma " << sigma);
            NS_TEST_ASSERT_MSG_GT(mean,
                                  0.97 * formula - 3 * sigma,
                                  "f=" << p.f << " b=" << p.b << " load=" << load << " measured "
                                       << mean << " formula " << formula << " sigma " << sigma);
            NS_TEST_ASSERT_MSG_LT(mean, fan + 3 * sigma, "below 2b/2^f, f=" << p.f << " b=" << p.b);
        }
    }
};

/**
 * The measured rate of one filter equals its exact rate: the share of (first
 * bucket, fingerprint) pairs, all equally likely for a non-member, whose
 * fingerprint is in one of the two buckets.  Binomial sigma, 4 sigma bound.
 */
class CuckooExactFprTestCase : public TestCase
{
  public:
    CuckooExactFprTestCase()
        : TestCase("cuckoo: measured false-positive rate = the table's exact rate (enumerated)")
    {
    }

  private:
    void DoRun() override
    {
        CuckooFilter f(1024, 7, 4, uint64_t{9});
        for (uint64_t id = 0; id < 3900; ++id)
        {
            f.Insert(Key::FromId(id));
        }
        const uint32_t values = (1U << 7) - 1;
        uint64_t matches = 0;
        for (uint32_t i1 = 0; i1 < f.GetBuckets(); ++i1)
        {
            for (uint32_t fp = 1; fp <= values; ++fp)
            {
                const uint32_t i2 = f.AltIndex(i1, fp);
                bool hit = false;
                for (uint32_t s = 0; s < f.GetBucketSize(); ++s)
                {
                    hit = hit || f.GetEntry(i1, s) == fp || f.GetEntry(i2, s) == fp;
                }
                matches += hit ? 1 : 0;
            }
        }
        const double exact = static_cast<double>(matches) / (f.GetBuckets() * values);
        // ExactFpr counts the same pairs from the stored entries.
        NS_TEST_ASSERT_MSG_EQ_TOL(f.ExactFpr(), exact, 1e-15, "ExactFpr against the enumeration");
        const uint32_t probes = 400000;
        uint32_t hits = 0;
        for (uint32_t j = 0; j < probes; ++j)
        {
            hits += f.Contains(Key::FromId(1000000 + j)) ? 1 : 0;
        }
        const double measured = static_cast<double>(hits) / probes;
        const double sigma = std::sqrt(exact * (1 - exact) / probes);
        NS_TEST_ASSERT_MSG_LT(std::abs(measured - exact),
                              4 * sigma,
                              "measured " << measured << " exact " << exact << " sigma " << sigma);
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: cuckoo filter union by fingerprint re-insertion.
class CuckooMergeTestCase : public TestCase
{
  public:
    CuckooMergeTestCase()
        : TestCase("Cuckoo: Merge holds both filters' keys, is idempotent and reports overflow")
    {
    }

  private:
    void DoRun() override
    {
        CuckooFilter a(256, 12, 4, 1);
        CuckooFilter b(256, 12, 4, 2);
        for (uint64_t id = 0; id < 300; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(a.Insert(Key::FromId(id)), true, "a fits");
        }
        for (uint64_t id = 200; id < 500; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(b.Insert(Key::FromId(id)), true, "b fits");
        }
        NS_TEST_ASSERT_MSG_EQ(a.Merge(b), 0U, "500 distinct keys fit in 1024 entries");
        for (uint64_t id = 0; id < 500; ++id)
        {
            NS_TEST_ASSERT_MSG_EQ(a.Contains(Key::FromId(id)), true, "union holds key " << id);
        }
        NS_TEST_ASSERT_MSG_LT_OR_EQ(a.GetEntries(), 500U, "shared keys stored once");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(a.GetEntries(), 495U, "few fingerprint coincidences");
        const CuckooFilter before = a;
        NS_TEST_ASSERT_MSG_EQ(a.Merge(b), 0U, "merging again places nothing");
        NS_TEST_ASSERT_MSG_EQ((a == before), true, "idempotent");

        // Past capacity: the fingerprints that do not fit are refused and
        // counted; every one that was placed is still found.
        CuckooFilter small(64, 12, 4, 3);
        CuckooFilter big(256, 12, 4, 4);
        for (uint64_t id = 1000; id < 1400; ++id)
        {
            big.Insert(Key::FromId(id));
        }
        NS_TEST_ASSERT_MSG_EQ(Throws([&] { small.Merge(big); }), true, "another B is refused");
        CuckooFilter full(64, 12, 4, 5);
        CuckooFilter many(64, 12, 4, 6);
        uint64_t placed = 0;
        for (uint64_t id = 2000; placed < 240; ++id)
        {
            placed += many.Insert(Key::FromId(id)) ? 1 : 0;
            full.Insert(Key::FromId(id + 100000));
        }
        const uint64_t refused = full.Merge(many);
        NS_TEST_ASSERT_MSG_GT(refused, 0U, "a union past capacity refuses fingerprints");
        NS_TEST_ASSERT_MSG_EQ((full.GetInsertFailures() >= refused), true, "refusals counted");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(full.GetEntries(), 256U, "never more than B b entries");
    }
};

class CuckooFilterTestSuite : public TestSuite
{
  public:
    CuckooFilterTestSuite()
        : TestSuite("bloom-gossip-cuckoo-filter", test::kUnit)
    {
        AddTestCase(new CuckooHashingTestCase, test::kQuick);
        AddTestCase(new CuckooBasicsTestCase, test::kQuick);
        AddTestCase(new CuckooOverloadTestCase, test::kQuick);
        AddTestCase(new CuckooReproducibleTestCase, test::kQuick);
        AddTestCase(new CuckooFprTestCase, test::kQuick);
        AddTestCase(new CuckooExactFprTestCase, test::kQuick);
        AddTestCase(new CuckooMergeTestCase, test::kQuick);
    }
};

CuckooFilterTestSuite g_cuckooFilterTestSuite;

} // namespace
