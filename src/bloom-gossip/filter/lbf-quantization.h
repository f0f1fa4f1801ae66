/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Quantisation of a confidence in [0,1] into the b-bit cells of a linear
 * Bloom filter (the LBF paper's Algorithm 2 and two variants).  Plain
 * C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_LBF_QUANTIZATION_H
#define BLOOM_GOSSIP_LBF_QUANTIZATION_H

#include <cstdint>
#include <string>

namespace ns3
{
namespace bloom
{

/// Smallest and largest cell width b of a linear Bloom filter (paper: 1..16).
constexpr uint32_t kMinCellBits = 1;
constexpr uint32_t kMaxCellBits = 16;

/**
 * \ingroup bloom-filter-core
 * \brief How a confidence c in [0,1] becomes a b-bit cell value q.
 *
 * With Q = 2^b - 1:
 *  - FLOOR: q = floor(c Q)   (paper, Algorithm 2; default).  Any attenuation
 *    of c = 1 falls below all-ones; never exceeds c Q.
 *  - CEIL:  q = ceil(c Q)    every c > 0 stays visible (q >= 1).
 *  - ROUND: q = round(c Q)   (half away from zero) smallest mean error.
 * Dequantisation is always c^ = q / Q; the absolute error is below 1/Q.
 */
enum class Quantization : uint8_t
{
    FLOOR = 0,
    CEIL = 1,
    ROUND = 2,
};

/// "floor", "ceil" or "round".
std::string ToString(Quantization q);
/// Parse "floor", "ceil" or "round"; throws std::invalid_argument otherwise.
Quantization ParseQuantization(const std::string& name);

/// Throws the std::invalid_argument of a bad Quantize() argument (c or b).
[[noreturn]] void ThrowBadQuantizeArgument(double c, uint32_t bits);
/// Throws std::invalid_argument("unknown quantization rule").
[[noreturn]] void ThrowUnknownQuantization();

/// Whether b is a valid LBF cell width (kMinCellBits..kMaxCellBits): the one
/// definition every check of b uses.
constexpr bool
IsCellBits(uint32_t bits)
{
    return bits >= kMinCellBits && bits <= kMaxCellBits;
}

/**
 * Quantise c (in [0,1], else std::invalid_argument) to b bits (1..16, else
 * std::invalid_argument).  Inline: simulations call it in their inner loops.
 */
inline uint32_t
Quantize(double c, uint32_t bits, Quantization rule)
{
    if (bits < kMinCellBits || bits > kMaxCellBits || !(c >= 0.0 && c <= 1.0))
    {
        ThrowBadQuantizeArgument(c, bits);
    }
    const double scaled = c * static_cast<double>((1U << bits) - 1);
    // 0 <= scaled < 2^16: truncation is floor, and scaled - floor is exact,
    // so these equal std::floor, std::ceil and std::round (half away from
    // zero) without a libm call.
    const auto whole = static_cast<uint32_t>(scaled);
    const double frac = scaled - whole;
    switch (rule)
    {
    case Quantization::FLOOR:
        return whole;
    case Quantization::CEIL:
        return whole + (frac > 0.0 ? 1 : 0);
    case Quantization::ROUND:
        return whole + (frac >= 0.5 ? 1 : 0);
    }
    ThrowUnknownQuantization();
}

/// q / (2^b - 1).
double Dequantize(uint32_t q, uint32_t bits);

/// Throws std::invalid_argument unless kMinCellBits <= bits <= kMaxCellBits.
void CheckCellBits(uint32_t bits);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_LBF_QUANTIZATION_H
