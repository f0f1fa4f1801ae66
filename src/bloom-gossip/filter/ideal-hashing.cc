/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ideal-hashing.h"

#include <cmath>
#include <vector>

namespace ns3
{
namespace bloom
{

double
IdealHashingFpr(uint32_t m, uint32_t k, uint32_t n)
{
    std::vector<std::vector<long double>> stirling(k + 1, std::vector<long double>(k + 1, 0));
    stirling[0][0] = 1;
    for (uint32_t a = 1; a <= k; ++a)
    {
        for (uint32_t d = 1; d <= a; ++d)
        {
            stirling[a][d] = d * stirling[a - 1][d] + stirling[a - 1][d - 1];
        }
    }
    const long double balls = static_cast<long double>(k) * n;
    const long double slots = m;
    long double total = 0;
    long double falling = 1; // m (m-1) ... (m-d+1) / m^d
    for (uint32_t d = 1; d <= k && d <= m; ++d)
    {
        falling *= (slots - d + 1) / slots;
        const long double distinct =
            stirling[k][d] * falling * std::pow(slots, static_cast<long double>(d) - k);
        long double allHeld = 0;
        long double binomial = 1;
        for (uint32_t i = 0; i <= d; ++i)
        {
            allHeld += (i % 2 ? -1 : 1) * binomial * std::pow(1.0L - i / slots, balls);
            binomial = binomial * (d - i) / (i + 1);
        }
        total += distinct * allHeld;
    }
    if (n > 0 && total < 1e-12L)
    {
        // Cancellation: the classic rate, each factor without it.
        const long double held = -std::expm1(balls * std::log1p(-1.0L / slots));
        return static_cast<double>(std::pow(held, static_cast<long double>(k)));
    }
    return static_cast<double>(total);
}

} // namespace bloom
} // namespace ns3
