/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "code-length.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
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

/**
 * The Binomial(trials, p) probabilities of 0 .. trials successes: the mode
 * from lgamma, the rest by the ratio of neighbours (terms below 1e-300 are
 * 0: they are negligible next to the mode's).
 */
void
BinomialRow(uint64_t trials, double p, std::vector<double>& row)
{
    row.assign(trials + 1, 0.0);
    if (p <= 0)
    {
        row[0] = 1;
        return;
    }
    if (p >= 1)
    {
        row[trials] = 1;
        return;
    }
    const auto n = static_cast<double>(trials);
    const auto mode = std::min<uint64_t>(trials, static_cast<uint64_t>(std::floor((n + 1) * p)));
    const auto a = static_cast<double>(mode);
    row[mode] = std::exp(std::lgamma(n + 1) - std::lgamma(a + 1) - std::lgamma(n - a + 1) +
                         a * std::log(p) + (n - a) * std::log1p(-p));
    const double odds = p / (1 - p);
    for (uint64_t r = mode; r < trials && row[r] > 1e-300; ++r)
    {
        row[r + 1] = row[r] * static_cast<double>(trials - r) / static_cast<double>(r + 1) * odds;
    }
    for (uint64_t r = mode; r > 0 && row[r] > 1e-300; --r)
    {
        row[r - 1] = row[r] * static_cast<double>(r) / static_cast<double>(trials - r + 1) / odds;
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

HopMixture
GridHopMixture(uint32_t side, uint32_t horizon)
{
    if (side == 0 || horizon == 0)
    {
        throw std::invalid_argument("hop mixture: a grid of side " + std::to_string(side) +
                                    " and a horizon of " + std::to_string(horizon) +
                                    " (both at least 1)");
    }
    // Positions per hop seen from each node position, and how many node
    // positions see each such count vector.
    std::map<std::vector<uint64_t>, uint64_t> classes;
    const auto s = static_cast<int64_t>(side);
    for (int64_t x = 0; x < s; ++x)
    {
        for (int64_t y = 0; y < s; ++y)
        {
            std::vector<uint64_t> perHop(horizon, 0);
            for (int64_t u = 0; u < s; ++u)
            {
                for (int64_t v = 0; v < s; ++v)
                {
                    const auto h = static_cast<uint64_t>(std::llabs(u - x) + std::llabs(v - y));
                    if (h < horizon)
                    {
                        ++perHop[h];
                    }
                }
            }
            ++classes[perHop];
        }
    }
    HopMixture out;
    const double positions = static_cast<double>(s * s);
    for (const auto& [perHop, nodes] : classes)
    {
        uint64_t within = 0;
        for (uint64_t c : perHop)
        {
            within += c;
        }
        std::vector<double> law;
        for (uint64_t c : perHop)
        {
            law.push_back(static_cast<double>(c) / static_cast<double>(within));
        }
        out.laws.push_back(law);
        out.weights.push_back(static_cast<double>(nodes) / positions);
    }
    return out;
}

double
LbfSegmentBits(const HopMixture& mixture,
               uint32_t resources,
               uint32_t hashes,
               uint64_t cells,
               const std::vector<uint64_t>& counts,
               uint64_t n)
{
    const size_t hops = mixture.laws.empty() ? 0 : mixture.laws[0].size();
    bool lawsOk = hops > 0 && mixture.weights.size() == mixture.laws.size();
    for (const auto& law : mixture.laws)
    {
        lawsOk = lawsOk && law.size() == hops;
    }
    uint64_t taken = 0;
    for (uint64_t c : counts)
    {
        taken += c;
    }
    if (!lawsOk || resources == 0 || hashes == 0 || n == 0 || n > cells || counts.size() > hops ||
        taken > n)
    {
        throw std::invalid_argument(
            "LBF segment: " + std::to_string(mixture.laws.size()) + " hop laws of " +
            std::to_string(hops) + " hops and " + std::to_string(mixture.weights.size()) +
            " weights, R = " + std::to_string(resources) + ", k = " + std::to_string(hashes) +
            ", n = " + std::to_string(n) + " of m = " + std::to_string(cells) + " cells, " +
            std::to_string(counts.size()) + " counts of " + std::to_string(taken) + " cells");
    }
    const uint64_t draws = uint64_t{hashes} * resources;
    const double nn = static_cast<double>(n);
    // g[h][r] = P(c_h new cells | r resources at hop h, U_h cells taken),
    // scaled to a maximum of 1 per hop (the scale in `scale`, natural log);
    // the same for every position.
    std::vector<std::vector<double>> g(hops, std::vector<double>(resources + 1, 0.0));
    double scale = 0;
    std::vector<double> occupancy(draws + 1);
    std::vector<double> ways;
    std::vector<double> row;
    uint64_t before = 0; // U_h
    for (size_t h = 0; h < hops; ++h)
    {
        const uint64_t c = h < counts.size() ? counts[h] : 0;
        const auto u = static_cast<double>(before);
        // occupancy[D] = P(exactly c new cells after D draws); ways[j] =
        // P(j new so far), j <= c (a count never falls).
        ways.assign(c + 1, 0.0);
        ways[0] = 1;
        occupancy[0] = c == 0 ? 1 : 0;
        for (uint64_t d = 1; d <= draws; ++d)
        {
            for (uint64_t j = std::min<uint64_t>(d, c) + 1; j-- > 0;)
            {
                const auto jj = static_cast<double>(j);
                ways[j] =
                    ways[j] * (u + jj) / nn + (j > 0 ? ways[j - 1] * (nn - u - jj + 1) / nn : 0);
            }
            occupancy[d] = ways[c];
        }
        double top = 0;
        for (uint32_t r = 0; r <= resources; ++r)
        {
            BinomialRow(uint64_t{hashes} * r, nn / static_cast<double>(cells), row);
            double sum = 0;
            for (uint64_t d = c; d < row.size(); ++d)
            {
                sum += row[d] * occupancy[d];
            }
            g[h][r] = sum;
            top = std::max(top, sum);
        }
        if (top <= 0)
        {
            return std::numeric_limits<double>::infinity();
        }
        for (double& v : g[h])
        {
            v /= top;
        }
        scale += std::log(top);
        before += c;
    }
    // The forward pass per position class: f[R_rem], rescaled per hop.
    double best = -std::numeric_limits<double>::infinity();
    std::vector<double> logs; // ln(weight P(V | class)) - scale
    std::vector<double> f(resources + 1);
    std::vector<double> next(resources + 1);
    for (size_t k = 0; k < mixture.laws.size(); ++k)
    {
        const std::vector<double>& law = mixture.laws[k];
        std::vector<double> suffix(hops + 1, 0.0);
        for (size_t h = hops; h-- > 0;)
        {
            suffix[h] = suffix[h + 1] + law[h];
        }
        std::fill(f.begin(), f.end(), 0.0);
        f[resources] = 1;
        double logScale = std::log(mixture.weights[k]);
        for (size_t h = 0; h < hops && logScale > -INFINITY; ++h)
        {
            const double t = suffix[h] > 0 ? std::min(1.0, law[h] / suffix[h]) : 0.0;
            std::fill(next.begin(), next.end(), 0.0);
            for (uint32_t left = 0; left <= resources; ++left)
            {
                if (f[left] == 0)
                {
                    continue;
                }
                BinomialRow(left, t, row);
                for (uint32_t r = 0; r <= left; ++r)
                {
                    next[left - r] += f[left] * row[r] * g[h][r];
                }
            }
            const double top = *std::max_element(next.begin(), next.end());
            if (top <= 0)
            {
                logScale = -INFINITY;
                break;
            }
            for (uint32_t left = 0; left <= resources; ++left)
            {
                f[left] = next[left] / top;
            }
            logScale += std::log(top);
        }
        if (logScale > -INFINITY && f[0] > 0)
        {
            logs.push_back(logScale + std::log(f[0]));
            best = std::max(best, logs.back());
        }
    }
    if (logs.empty())
    {
        return std::numeric_limits<double>::infinity();
    }
    double sum = 0;
    for (double l : logs)
    {
        sum += std::exp(l - best);
    }
    const double lnV = best + std::log(sum) + scale;
    // -log2 P(content) = -log2 P(V) + log2 multinomial(n; V).
    double lnWays = std::lgamma(nn + 1) - std::lgamma(static_cast<double>(n - taken) + 1);
    for (uint64_t c : counts)
    {
        lnWays -= std::lgamma(static_cast<double>(c) + 1);
    }
    return (lnWays - lnV) / std::log(2.0);
}

} // namespace bloom
} // namespace ns3
