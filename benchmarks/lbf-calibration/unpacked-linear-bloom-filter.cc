/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "unpacked-linear-bloom-filter.h"

#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

UnpackedLinearBloomFilter::UnpackedLinearBloomFilter(uint32_t cells,
                                                     uint32_t cellBits,
                                                     uint32_t hashes,
                                                     Quantization rule)
    : m_m(cells),
      m_b(cellBits),
      m_k(hashes),
      m_rule(rule)
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
    m_cells.assign(cells, 0);
}

void
UnpackedLinearBloomFilter::Insert(const Key& key, double confidence)
{
    uint32_t pos[kMaxHashes];
    Positions(key, pos);
    InsertQuantizedAt(pos, Quantize(confidence, m_b, m_rule));
}

uint32_t
UnpackedLinearBloomFilter::QueryQuantized(const Key& key) const
{
    uint32_t pos[kMaxHashes];
    Positions(key, pos);
    return QueryQuantizedAt(pos);
}

double
UnpackedLinearBloomFilter::Query(const Key& key) const
{
    return Dequantize(QueryQuantized(key), m_b);
}

void
UnpackedLinearBloomFilter::Clear()
{
    std::fill(m_cells.begin(), m_cells.end(), 0);
}

CellCounts
UnpackedLinearBloomFilter::Count() const
{
    CellCounts c;
    for (uint16_t v : m_cells)
    {
        c.ones += PopCount16(v);
        c.nonZero += v != 0 ? 1 : 0;
    }
    return c;
}

LinearBloomFilter
UnpackedLinearBloomFilter::Pack() const
{
    LinearBloomFilter f(m_m, m_b, m_k, m_rule);
    for (uint32_t i = 0; i < m_m; ++i)
    {
        f.SetCell(i, m_cells[i]);
    }
    return f;
}

} // namespace bloom
} // namespace ns3
