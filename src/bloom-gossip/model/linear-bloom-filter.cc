/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linear-bloom-filter.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

namespace
{
void
CheckCellBits(uint32_t bits)
{
    if (bits < kMinCellBits || bits > kMaxCellBits)
    {
        throw std::invalid_argument("LBF cell bits b=" + std::to_string(bits) + " out of range " +
                                    std::to_string(kMinCellBits) + ".." +
                                    std::to_string(kMaxCellBits));
    }
}
} // namespace

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
    if (name == "floor")
    {
        return Quantization::FLOOR;
    }
    if (name == "ceil")
    {
        return Quantization::CEIL;
    }
    if (name == "round")
    {
        return Quantization::ROUND;
    }
    throw std::invalid_argument("unknown quantization '" + name +
                                "' (allowed: floor, ceil, round)");
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

LbfDecay::LbfDecay(uint32_t bits, std::vector<uint16_t> next, std::string description)
    : m_bits(bits),
      m_description(std::move(description)),
      m_next(std::move(next))
{
    const uint32_t top = (1U << bits) - 1;
    for (uint32_t v = 1; v <= top; ++v)
    {
        if (m_next[v] >= v)
        {
            throw std::invalid_argument("LBF decay must lower every non-zero value");
        }
    }
    for (uint32_t v = top; v > 0; v = m_next[v])
    {
        m_chain.push_back(static_cast<uint16_t>(v));
    }
    // m_chain is strictly decreasing; hopOf[q] = least h with chain[h] <= q.
    m_hopOf.assign(top + 1, 0);
    uint32_t h = static_cast<uint32_t>(m_chain.size());
    for (uint32_t q = 0; q <= top; ++q)
    {
        while (h > 0 && m_chain[h - 1] <= q)
        {
            --h;
        }
        // Values below the last chain entry cannot come from the chain; they
        // read as the farthest visible distance.
        m_hopOf[q] = static_cast<uint16_t>(std::min<uint32_t>(h, m_chain.size() - 1));
    }
}

LbfDecay
LbfDecay::Multiplicative(double factor, uint32_t bits)
{
    CheckCellBits(bits);
    if (!(factor > 0.0 && factor < 1.0))
    {
        throw std::invalid_argument("LBF attenuation factor a must lie in (0,1)");
    }
    const uint32_t top = (1U << bits) - 1;
    std::vector<uint16_t> next(top + 1);
    for (uint32_t q = 0; q <= top; ++q)
    {
        next[q] = static_cast<uint16_t>(std::floor(factor * q + 1e-9));
    }
    std::ostringstream os;
    os << "mul:" << factor;
    return LbfDecay(bits, std::move(next), os.str());
}

LbfDecay
LbfDecay::Subtractive(uint32_t delta, uint32_t bits)
{
    CheckCellBits(bits);
    const uint32_t top = (1U << bits) - 1;
    if (delta < 1 || delta > top)
    {
        throw std::invalid_argument("LBF decay step delta=" + std::to_string(delta) +
                                    " out of range 1.." + std::to_string(top));
    }
    std::vector<uint16_t> next(top + 1);
    for (uint32_t q = 0; q <= top; ++q)
    {
        next[q] = static_cast<uint16_t>(q > delta ? q - delta : 0);
    }
    return LbfDecay(bits, std::move(next), "sub:" + std::to_string(delta));
}

std::string
LbfDecay::Describe() const
{
    return m_description;
}

LinearBloomFilter::LinearBloomFilter(uint32_t cells,
                                     uint32_t cellBits,
                                     uint32_t hashes,
                                     Quantization rule)
    : m_m(cells),
      m_b(cellBits),
      m_k(hashes),
      m_rule(rule),
      m_cells(0)
{
    if (cells == 0 || cells > kMaxSlots)
    {
        throw std::invalid_argument("LBF cells m=" + std::to_string(cells) + " out of range 1.." +
                                    std::to_string(kMaxSlots));
    }
    CheckCellBits(cellBits);
    if (hashes == 0 || hashes > kMaxHashes)
    {
        throw std::invalid_argument("LBF hashes k=" + std::to_string(hashes) + " out of range 1.." +
                                    std::to_string(kMaxHashes));
    }
    if (rule != Quantization::FLOOR && rule != Quantization::CEIL && rule != Quantization::ROUND)
    {
        throw std::invalid_argument("unknown LBF quantization rule");
    }
    m_cells = PackedBits(static_cast<uint64_t>(cells) * cellBits);
}

void
LinearBloomFilter::Insert(const Key& key, double confidence)
{
    InsertQuantized(key, Quantize(confidence, m_b, m_rule));
}

void
LinearBloomFilter::InsertQuantized(const Key& key, uint32_t q)
{
    if (q > MaxValue())
    {
        throw std::invalid_argument("LBF value exceeds 2^b - 1");
    }
    if (q == 0)
    {
        return; // max(cell, 0) changes nothing
    }
    // A local copy: stores into the cells (uint64_t) could otherwise alias
    // the key's hash and force it to be reloaded for every position.
    const Key local = key;
    for (uint32_t i = 0; i < m_k; ++i)
    {
        const uint32_t c = local.Position(i, m_m);
        SetCell(c, std::max(GetCell(c), q)); // branch-free max
    }
}

uint32_t
LinearBloomFilter::QueryQuantized(const Key& key) const
{
    const Key local = key;
    uint32_t q = MaxValue();
    for (uint32_t i = 0; i < m_k; ++i)
    {
        q = std::min(q, GetCell(local.Position(i, m_m)));
    }
    return q;
}

double
LinearBloomFilter::Query(const Key& key) const
{
    return Dequantize(QueryQuantized(key), m_b);
}

std::optional<uint32_t>
LinearBloomFilter::EstimateHops(const Key& key, const LbfDecay& decay) const
{
    CheckDecay(decay);
    return decay.HopsFor(QueryQuantized(key));
}

void
LinearBloomFilter::CheckCompatible(const LinearBloomFilter& other) const
{
    if (other.m_m != m_m || other.m_b != m_b || other.m_k != m_k)
    {
        throw std::invalid_argument("LBF merge needs equal m, b and k");
    }
}

void
LinearBloomFilter::CheckDecay(const LbfDecay& decay) const
{
    if (decay.GetCellBits() != m_b)
    {
        throw std::invalid_argument("LBF decay built for another cell width");
    }
}

void
LinearBloomFilter::Merge(const LinearBloomFilter& other)
{
    CheckCompatible(other);
    for (uint32_t i = 0; i < m_m; ++i)
    {
        const uint32_t v = other.GetCell(i);
        if (v > GetCell(i))
        {
            SetCell(i, v);
        }
    }
}

void
LinearBloomFilter::Attenuate(const LbfDecay& decay)
{
    CheckDecay(decay);
    for (uint32_t i = 0; i < m_m; ++i)
    {
        SetCell(i, decay.Apply(GetCell(i)));
    }
}

void
LinearBloomFilter::MergeAttenuated(const LinearBloomFilter& other, const LbfDecay& decay)
{
    CheckCompatible(other);
    CheckDecay(decay);
    for (uint32_t i = 0; i < m_m; ++i)
    {
        const uint32_t v = decay.Apply(other.GetCell(i));
        if (v > GetCell(i))
        {
            SetCell(i, v);
        }
    }
}

void
LinearBloomFilter::Clear()
{
    m_cells.Clear();
}

double
LinearBloomFilter::OccupancyBits() const
{
    return static_cast<double>(m_cells.CountOnes()) / (static_cast<double>(m_m) * m_b);
}

double
LinearBloomFilter::OccupancyCells() const
{
    return static_cast<double>(m_cells.CountNonZeroFields(m_b, m_m)) / m_m;
}

} // namespace bloom
} // namespace ns3
