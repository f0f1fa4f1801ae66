/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Up to four linear Bloom filters of the same shape, written at the same
 * positions, their cells interleaved so that one vector operation serves all
 * four: a fast path for the LBF calibration, which runs the same insertions
 * under several quantisation rules.  Plain C++17 with the GCC/Clang vector
 * extension, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_BANK_H
#define BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_BANK_H

#include "unpacked-linear-bloom-filter.h"

#include "ns3/linear-bloom-filter.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * Four 16-bit values, one per filter of a LinearBloomFilterBank (GCC/Clang
 * vector extension: SSE2 on x86-64, plain scalar code elsewhere).
 */
typedef uint16_t LbfLanes __attribute__((vector_size(8)));

/**
 * \ingroup bloom-gossip
 * \brief Four LBFs of the same m, b, k whose insertions share positions.
 *
 * Lane j is a linear Bloom filter of its own (its cells are GetCell(i, j));
 * InsertQuantizedAt stores the lane-wise max of the cells and the four
 * values at the k positions (insFBL in every lane), QueryQuantizedAt returns
 * the lane-wise min (conFBL in every lane).  Used with one quantisation rule
 * per lane, a lane is exactly the LinearBloomFilter that the same inserts
 * would build (Pack checks it; so does the test suite).  Unused lanes may
 * simply be given 0.  Positions are as Key::Position(0..k-1, m) gives them.
 */
class LinearBloomFilterBank
{
  public:
    static constexpr uint32_t kLanes = 4;

    /// Throws std::invalid_argument on m, b or k out of range (as LinearBloomFilter).
    LinearBloomFilterBank(uint32_t cells, uint32_t cellBits, uint32_t hashes);

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

    /// insFBL in every lane: q[j] <= 2^b - 1 (unchecked) at k positions < m (unchecked).
    void InsertQuantizedAt(const uint32_t* positions, LbfLanes q)
    {
        for (uint32_t i = 0; i < m_k; ++i)
        {
            LbfLanes& cell = m_cells[positions[i]];
            cell = Max(cell, q);
        }
    }

    /// conFBL in every lane: the lane-wise minimum of the k cells.
    LbfLanes QueryQuantizedAt(const uint32_t* positions) const
    {
        const auto top = static_cast<uint16_t>((1U << m_b) - 1);
        LbfLanes q = {top, top, top, top};
        for (uint32_t i = 0; i < m_k; ++i)
        {
            q = Min(q, m_cells[positions[i]]);
        }
        return q;
    }

    /**
     * Add, per lane, the 1-bits and non-zero cells among the listed cells
     * (each cell once, however often listed) to counts[0..3], and set those
     * cells to zero: as UnpackedLinearBloomFilter::Drain, for four lanes.
     */
    void Drain(const uint32_t* positions, size_t count, CellCounts counts[kLanes]);

    uint32_t GetCell(uint32_t i, uint32_t lane) const
    {
        return m_cells[i][lane];
    }

    /// Set every cell of every lane to zero.
    void Clear();

    /// Lane `lane` as a packed LinearBloomFilter with the given rule.
    LinearBloomFilter Pack(uint32_t lane, Quantization rule) const;

  private:
    static LbfLanes Max(LbfLanes a, LbfLanes b)
    {
        const auto aLarger = reinterpret_cast<LbfLanes>(a > b); // all ones where a > b
        return (a & aLarger) | (b & ~aLarger);
    }

    static LbfLanes Min(LbfLanes a, LbfLanes b)
    {
        const auto aSmaller = reinterpret_cast<LbfLanes>(a < b);
        return (a & aSmaller) | (b & ~aSmaller);
    }

    uint32_t m_m;
    uint32_t m_b;
    uint32_t m_k;
    std::vector<LbfLanes> m_cells;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_BANK_H
