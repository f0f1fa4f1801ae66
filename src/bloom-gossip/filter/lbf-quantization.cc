/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lbf-quantization.h"

#include "ns3/user-text.h"

#include <stdexcept>

namespace ns3
{
namespace bloom
{

void
CheckCellBits(uint32_t bits)
{
    if (!IsCellBits(bits))
    {
        throw std::invalid_argument("LBF cell bits b=" + std::to_string(bits) + " out of range " +
                                    std::to_string(kMinCellBits) + ".." +
                                    std::to_string(kMaxCellBits));
    }
}

std::string
ToString(Quantization q)
{
    switch (q)
    {
    case Quantization::FLOOR:
        return "floor";
    case Quantization::CEIL:
        return "ceil";
    case Quantization::ROUND:
        return "round";
    }
    return "unknown";
}

Quantization
ParseQuantization(const std::string& name)
{
    return ParseName(name, {Quantization::FLOOR, Quantization::CEIL, Quantization::ROUND});
}

void
ThrowBadQuantizeArgument(double c, uint32_t bits)
{
    CheckCellBits(bits);
    throw std::invalid_argument("LBF confidence c=" + std::to_string(c) + " must lie in [0,1]");
}

void
ThrowUnknownQuantization()
{
    throw std::invalid_argument("unknown quantization rule");
}

double
Dequantize(uint32_t q, uint32_t bits)
{
    return static_cast<double>(q) / static_cast<double>((1U << bits) - 1);
}

} // namespace bloom
} // namespace ns3
