/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The linear Bloom filter with one 16-bit word per cell: a fast path for
 * simulation inner loops (the LBF calibration).  Plain C++17, no ns-3
 * dependency.
 */
#ifndef BLOOM_GOSSIP_UNPACKED_LINEAR_BLOOM_FILTER_H
#define BLOOM_GOSSIP_UNPACKED_LINEAR_BLOOM_FILTER_H

#include "ns3/bloom-hash.h"
#include "ns3/linear-bloom-filter.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

namespace detail
{
/// Ones in every byte value (a table: no popcnt instruction is assumed).
constexpr std::array<uint8_t, 256>
MakePopCount8()
{
    std::array<uint8_t, 256> t{};
    for (unsigned v = 0; v < 256; ++v)
    {
        t[v] = static_cast<uint8_t>((v & 1) + t[v / 2]);
    }
    return t;
}

inline constexpr std::array<uint8_t, 256> kPopCount8 = MakePopCount8();
} // namespace detail

/// Numbers of 1-bits and of non-zero cells of (part of) a filter.
struct CellCounts
{
    uint64_t ones = 0;
    uint64_t nonZero = 0;
};

/**
 * \ingroup bloom-gossip
 * \brief LinearBloomFilter semantics with one uint16_t per cell.
 *
 * Same m, b, k, rule, positions (Key::Position), insFBL (cell-wise max) and
 * conFBL (minimum) as LinearBloomFilter, but the cells are not packed, so a
 * cell access is a plain load or store: a fast path for simulation inner
 * loops such as the LBF calibration.  Positions may be passed precomputed
 * (k of them, as Key::Position(0..k-1, m) gives them), so that several
 * filters of the same m share them.  Occupancy can be had three ways: a full
 * scan (Count), counts kept up to date by the counting insert, or Drain,
 * which counts and clears only the cells an iteration wrote.  Pack() gives
 * the equivalent LinearBloomFilter (the wire form); the test suite checks
 * the two agree cell by cell.
 */
class UnpackedLinearBloomFilter
{
  public:
    /// Throws std::invalid_argument on m, b or k out of range (as LinearBloomFilter).
    UnpackedLinearBloomFilter(uint32_t cells,
                              uint32_t cellBits,
                              uint32_t hashes,
                              Quantization rule = Quantization::FLOOR);

    uint32_t GetCells() const
    {
        return m_m;
    }

    uint32_t GetCellBits() const
    {
        return m_b;
    }

    uint32_t GetHashes() const
    {
        return m_k;
    }

    Quantization GetQuantization() const
    {
        return m_rule;
    }

    /// Largest cell value, 2^b - 1.
    uint32_t MaxValue() const
    {
        return (1U << m_b) - 1;
    }

    /// Write the k positions of a key (Key::Position(i, m), i < k) to `out`.
    void Positions(const Key& key, uint32_t* out) const
    {
        const Key local = key;
        for (uint32_t i = 0; i < m_k; ++i)
        {
            out[i] = local.Position(i, m_m);
        }
    }

    /// insFBL(key, c): c in [0,1].
    void Insert(const Key& key, double confidence);
    /// conFBL(key) dequantised.
    double Query(const Key& key) const;
    /// Minimum of the key's k cells.
    uint32_t QueryQuantized(const Key& key) const;

    /**
     * insFBL with an already quantised q (<= MaxValue(), unchecked) at k
     * precomputed positions (each < m, unchecked).
     */
    void InsertQuantizedAt(const uint32_t* positions, uint32_t q)
    {
        for (uint32_t i = 0; i < m_k; ++i)
        {
            uint16_t& cell = m_cells[positions[i]];
            cell = static_cast<uint16_t>(std::max<uint32_t>(cell, q));
        }
    }

    /// The same, adding the change in 1-bits and non-zero cells to `counts`.
    void InsertQuantizedAt(const uint32_t* positions, uint32_t q, CellCounts& counts)
    {
        for (uint32_t i = 0; i < m_k; ++i)
        {
            uint16_t& cell = m_cells[positions[i]];
            const uint32_t old = cell;
            const uint32_t now = std::max(old, q);
            cell = static_cast<uint16_t>(now);
            // In 64 bits: the total never goes negative, so modular steps are exact.
            counts.ones += uint64_t{PopCount16(now)} - PopCount16(old);
            counts.nonZero += (old == 0 && now != 0) ? 1 : 0;
        }
    }

    /// conFBL at k precomputed positions: the minimum of the cells.
    uint32_t QueryQuantizedAt(const uint32_t* positions) const
    {
        uint32_t q = MaxValue();
        for (uint32_t i = 0; i < m_k; ++i)
        {
            q = std::min<uint32_t>(q, m_cells[positions[i]]);
        }
        return q;
    }

    /**
     * Count the 1-bits and non-zero cells among the listed cells (each cell
     * once, however often listed) and set them to zero.  When the list holds
     * every position written since the filter was empty, the counts are the
     * whole filter's and the filter is empty again, at the cost of the list
     * rather than of m.
     */
    CellCounts Drain(const uint32_t* positions, size_t count)
    {
        CellCounts c;
        uint16_t* cells = m_cells.data();
        if (m_b <= 8) // one table look-up per cell
        {
            for (size_t i = 0; i < count; ++i)
            {
                const uint32_t v = cells[positions[i]];
                c.ones += detail::kPopCount8[v];
                c.nonZero += v != 0 ? 1 : 0;
                cells[positions[i]] = 0;
            }
            return c;
        }
        for (size_t i = 0; i < count; ++i)
        {
            const uint32_t v = cells[positions[i]];
            c.ones += PopCount16(v);
            c.nonZero += v != 0 ? 1 : 0;
            cells[positions[i]] = 0;
        }
        return c;
    }

    uint32_t GetCell(uint32_t i) const
    {
        return m_cells[i];
    }

    /// Set every cell to zero.
    void Clear();
    /// 1-bits and non-zero cells of the whole filter (a scan of the m cells).
    CellCounts Count() const;

    /// Share of 1-bits for the counts of this filter, as LinearBloomFilter::OccupancyBits().
    double OccupancyBits(const CellCounts& counts) const
    {
        return static_cast<double>(counts.ones) / (static_cast<double>(m_m) * m_b);
    }

    /// Share of non-zero cells, as LinearBloomFilter::OccupancyCells().
    double OccupancyCells(const CellCounts& counts) const
    {
        return static_cast<double>(counts.nonZero) / m_m;
    }

    /// The same filter, packed.
    LinearBloomFilter Pack() const;

  private:
    static uint32_t PopCount16(uint32_t v)
    {
        return detail::kPopCount8[v & 0xff] + detail::kPopCount8[v >> 8];
    }

    uint32_t m_m;
    uint32_t m_b;
    uint32_t m_k;
    Quantization m_rule;
    std::vector<uint16_t> m_cells;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_UNPACKED_LINEAR_BLOOM_FILTER_H
