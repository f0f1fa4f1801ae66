/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scope-decay-bloom-filter.h"

#include "bloom-filter.h"

#include "ns3/user-text.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

std::string
ToString(SdbfEstimator estimator)
{
    return estimator == SdbfEstimator::RATIO ? "ratio" : "mle";
}

SdbfEstimator
ParseSdbfEstimator(const std::string& name)
{
    return ParseName(name, {SdbfEstimator::MLE, SdbfEstimator::RATIO});
}

ScopeDecayBloomFilter::ScopeDecayBloomFilter(uint32_t bits, uint32_t hashes)
    : BloomFilter(bits, hashes)
{
}

uint32_t
ScopeDecayBloomFilter::Count(const Key& key) const
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < GetHashes(); ++i)
    {
        c += Bits().Test(key.Position(i, GetBits())) ? 1 : 0;
    }
    return c;
}

bool
ScopeDecayBloomFilter::MergeMasked(const ScopeDecayBloomFilter& other, const PackedBits& keep)
{
    if (other.GetBits() != GetBits() || other.GetHashes() != GetHashes() ||
        keep.Size() != GetBits())
    {
        throw std::invalid_argument("SDBF masked merge needs equal m and k and an m-bit mask");
    }
    auto& words = MutableBits().MutableWords();
    const auto& theirs = other.Bits().Words();
    const auto& mask = keep.Words();
    bool changed = false;
    for (size_t w = 0; w < words.size(); ++w)
    {
        const uint64_t next = words[w] | (theirs[w] & mask[w]);
        changed = changed || next != words[w];
        words[w] = next;
    }
    return changed;
}

bool
ScopeDecayBloomFilter::MaskedSubsetOf(const ScopeDecayBloomFilter& other,
                                      const PackedBits& keep) const
{
    if (other.GetBits() != GetBits() || keep.Size() != GetBits())
    {
        throw std::invalid_argument("SDBF subset test needs equal m and an m-bit mask");
    }
    const auto& ours = Bits().Words();
    const auto& theirs = other.Bits().Words();
    const auto& mask = keep.Words();
    for (size_t w = 0; w < ours.size(); ++w)
    {
        if ((ours[w] & mask[w] & ~theirs[w]) != 0)
        {
            return false;
        }
    }
    return true;
}

uint32_t
ScopeDecayBloomFilter::CountMissingFrom(const ScopeDecayBloomFilter& other) const
{
    if (other.GetBits() != GetBits())
    {
        throw std::invalid_argument("SDBF comparison needs equal m");
    }
    const auto& ours = Bits().Words();
    const auto& theirs = other.Bits().Words();
    uint32_t n = 0;
    for (size_t w = 0; w < ours.size(); ++w)
    {
        n += static_cast<uint32_t>(__builtin_popcountll(ours[w] & ~theirs[w]));
    }
    return n;
}

PackedBits
DrawKeepMask(uint32_t bits, double keep, const std::function<double()>& uniform)
{
    PackedBits mask(bits);
    for (uint32_t i = 0; i < bits; ++i)
    {
        if (uniform() < keep)
        {
            mask.SetBit(i);
        }
    }
    return mask;
}

void
CheckDecayProbability(double p)
{
    if (!(p > 0.0 && p < 1.0))
    {
        throw std::invalid_argument("SDBF decay probability p=" + std::to_string(p) +
                                    " not in (0, 1)");
    }
}

namespace
{

/// log P(c | k, q^h) up to the binomial coefficient (constant in h).
double
LogLikelihood(uint32_t c, uint32_t k, double logKeep, uint32_t h)
{
    const double logX = h * logKeep;
    if (c == k)
    {
        return k * logX;
    }
    if (h == 0)
    {
        return -INFINITY; // q^0 = 1: every position is set
    }
    return c * logX + (k - c) * std::log(-std::expm1(logX));
}

} // namespace

uint32_t
SdbfEstimateHops(uint32_t count, uint32_t hashes, double keep, SdbfEstimator estimator)
{
    if (count == 0 || hashes == 0)
    {
        return kSdbfMaxHops;
    }
    if (count >= hashes)
    {
        return 0;
    }
    const double logKeep = std::log(keep);
    // Continuous maximum: q^h = c/k.
    const double h = std::log(static_cast<double>(count) / hashes) / logKeep;
    if (estimator == SdbfEstimator::RATIO)
    {
        return static_cast<uint32_t>(std::min<double>(kSdbfMaxHops, std::llround(h)));
    }
    // The log-likelihood is concave in h, so the integer maximum is floor(h)
    // or ceil(h) (h >= 1: c < k is impossible at h = 0); ties to the smaller.
    const auto lo = static_cast<uint32_t>(
        std::clamp<double>(std::floor(h), 1.0, static_cast<double>(kSdbfMaxHops)));
    const uint32_t hi = std::min(lo + 1, kSdbfMaxHops);
    return LogLikelihood(count, hashes, logKeep, hi) > LogLikelihood(count, hashes, logKeep, lo)
               ? hi
               : lo;
}

double
BinomialPmf(uint32_t c, uint32_t k, double x)
{
    if (c > k)
    {
        return 0.0;
    }
    const double logC = std::lgamma(k + 1.0) - std::lgamma(c + 1.0) - std::lgamma(k - c + 1.0);
    const double a = c == 0 ? 0.0 : c * std::log(x);
    const double b = c == k ? 0.0 : (k - c) * std::log1p(-x);
    return std::exp(logC + a + b);
}

SdbfEstimateMoments
SdbfMoments(uint32_t hashes, double keep, uint32_t hops, uint32_t minCount, SdbfEstimator estimator)
{
    SdbfEstimateMoments r;
    const double x = std::pow(keep, hops);
    double s1 = 0;
    double s2 = 0;
    for (uint32_t c = std::max<uint32_t>(minCount, 1); c <= hashes; ++c)
    {
        const double pc = BinomialPmf(c, hashes, x);
        const double e = SdbfEstimateHops(c, hashes, keep, estimator);
        r.detect += pc;
        s1 += pc * e;
        s2 += pc * e * e;
    }
    if (r.detect <= 0)
    {
        return r;
    }
    r.mean = s1 / r.detect;
    r.bias = r.mean - hops;
    r.variance = std::max(0.0, s2 / r.detect - r.mean * r.mean);
    r.mse = r.variance + r.bias * r.bias;
    return r;
}

} // namespace bloom
} // namespace ns3
