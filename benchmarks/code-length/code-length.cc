/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "code-length.h"

#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

namespace
{

/// The counts of the distinct symbols of `values`.
std::map<uint32_t, uint64_t>
Counts(const std::vector<uint32_t>& values)
{
    std::map<uint32_t, uint64_t> counts;
    for (uint32_t v : values)
    {
        ++counts[v];
    }
    return counts;
}

/// n H of the counts, bits.
double
Order0Of(const std::map<uint32_t, uint64_t>& counts, uint64_t n)
{
    double bits = 0;
    for (const auto& [v, c] : counts)
    {
        bits -= static_cast<double>(c) * std::log2(static_cast<double>(c) / static_cast<double>(n));
    }
    return bits;
}

void
CheckAlphabet(size_t present, uint32_t alphabet)
{
    if (present > alphabet)
    {
        throw std::invalid_argument("code length: " + std::to_string(present) +
                                    " distinct symbols in an alphabet of " +
                                    std::to_string(alphabet));
    }
}

} // namespace

double
Log2Choose(double n, double k)
{
    return (std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1)) / std::log(2.0);
}

double
Order0Bits(const std::vector<uint32_t>& values)
{
    return Order0Of(Counts(values), values.size());
}

double
Log2NmlNormaliser(uint32_t symbols, uint64_t n)
{
    if (symbols == 0)
    {
        throw std::invalid_argument("code length: an alphabet of no symbols");
    }
    if (symbols == 1 || n == 0)
    {
        return 0;
    }
    // C(2, n): terms of at most 1, summed in long double.
    const auto nn = static_cast<long double>(n);
    const long double lgn = std::lgamma(nn + 1);
    long double c2 = 0;
    for (uint64_t h = 0; h <= n; ++h)
    {
        const auto a = static_cast<long double>(h);
        const long double b = nn - a;
        long double ln = lgn - std::lgamma(a + 1) - std::lgamma(b + 1);
        ln += h == 0 ? 0 : a * std::log(a / nn);
        ln += h == n ? 0 : b * std::log(b / nn);
        c2 += std::exp(ln);
    }
    // Natural logarithms of C(K, n) and C(K + 1, n), K = 1 ...
    long double lo = 0;
    long double hi = std::log(c2);
    for (uint32_t k = 1; k + 2 <= symbols; ++k)
    {
        // C(k + 2) = C(k + 1) + n / k C(k)
        const long double next =
            hi + std::log1p(nn / static_cast<long double>(k) * std::exp(lo - hi));
        lo = hi;
        hi = next;
    }
    return static_cast<double>(hi / std::log(2.0L));
}

double
NmlAlphabetBits(const std::vector<uint32_t>& values, uint32_t alphabet)
{
    const auto counts = Counts(values);
    CheckAlphabet(counts.size(), alphabet);
    return Order0Of(counts, values.size()) + Log2NmlNormaliser(alphabet, values.size());
}

double
NmlPresentBits(const std::vector<uint32_t>& values, uint32_t alphabet)
{
    const auto counts = Counts(values);
    CheckAlphabet(counts.size(), alphabet);
    if (values.empty())
    {
        return 0;
    }
    const auto present = static_cast<uint32_t>(counts.size());
    return std::log2(static_cast<double>(alphabet)) + Log2Choose(alphabet, present) +
           Order0Of(counts, values.size()) + Log2NmlNormaliser(present, values.size());
}

} // namespace bloom
} // namespace ns3
