/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linear-bloom-filter-bank.h"

#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

namespace
{
/// Ones in each lane (SWAR within 16-bit lanes; at most 16).
LbfLanes
PopCount(LbfLanes x)
{
    x = x - ((x >> 1) & 0x5555);
    x = (x & 0x3333) + ((x >> 2) & 0x3333);
    x = (x + (x >> 4)) & 0x0f0f;
    return (x + (x >> 8)) & 0x1f;
}
} // namespace

LinearBloomFilterBank::LinearBloomFilterBank(uint32_t cells, uint32_t cellBits, uint32_t hashes)
    : m_m(cells),
      m_b(cellBits),
      m_k(hashes)
{
    // Same checks and messages as the other filters.
    UnpackedLinearBloomFilter check(cells, cellBits, hashes);
    m_cells.assign(cells, LbfLanes{0, 0, 0, 0});
}

void
LinearBloomFilterBank::Drain(const uint32_t* positions, size_t count, CellCounts counts[kLanes])
{
    const LbfLanes zero = {0, 0, 0, 0};
    // 16-bit lane sums: flush every 2048 cells (2048 x 16 ones < 2^16).
    constexpr size_t kBlock = 2048;
    for (size_t begin = 0; begin < count; begin += kBlock)
    {
        const size_t end = std::min(count, begin + kBlock);
        LbfLanes ones = zero;
        LbfLanes nonZero = zero;
        for (size_t i = begin; i < end; ++i)
        {
            LbfLanes& cell = m_cells[positions[i]];
            const LbfLanes v = cell;
            ones += PopCount(v);
            nonZero -= reinterpret_cast<LbfLanes>(v != 0); // -1 where non-zero
            cell = zero;
        }
        for (uint32_t j = 0; j < kLanes; ++j)
        {
            counts[j].ones += ones[j];
            counts[j].nonZero += nonZero[j];
        }
    }
}

void
LinearBloomFilterBank::Clear()
{
    std::fill(m_cells.begin(), m_cells.end(), LbfLanes{0, 0, 0, 0});
}

LinearBloomFilter
LinearBloomFilterBank::Pack(uint32_t lane, Quantization rule) const
{
    if (lane >= kLanes)
    {
        throw std::invalid_argument("LBF bank lane " + std::to_string(lane) + " out of range 0..3");
    }
    LinearBloomFilter f(m_m, m_b, m_k, rule);
    for (uint32_t i = 0; i < m_m; ++i)
    {
        f.SetCell(i, m_cells[i][lane]);
    }
    return f;
}

} // namespace bloom
} // namespace ns3
