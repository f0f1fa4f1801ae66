/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Linear Bloom Filter (LBF / FBL): Lima, Baquero, Miranda, "FBL - Filtro de
 * Bloom Linear".  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_H
#define BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_H

#include "bloom-hash.h"
#include "filter-limits.h"
#include "lbf-decay.h"
#include "lbf-quantization.h"
#include "packed-bits.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * \brief What an LBF's cells hold: 1-bits and non-zero cells (the two
 * occupancies' numerators; LinearBloomFilter::CountCells, kept up to date by
 * the counting LinearBloomFilter::InsertQuantizedAt).
 */
struct LbfCellCounts
{
    uint64_t ones = 0;    //!< 1-bits among the m b bits
    uint64_t nonZero = 0; //!< cells other than 0
};

/**
 * \ingroup bloom-filter-core
 * \brief The cells of n keys in LBFs of m cells, hashed once: row e holds
 * Key::Position(i, m), i < k, of key e.
 *
 * A row serves every LinearBloomFilter of these m cells and at most k hash
 * functions (its first k positions: LinearBloomFilter::InsertQuantizedAt,
 * QueryQuantizedAt), so that a key inserted into or looked up in many
 * filters is hashed once.  Positions are computed here, so they are always
 * below m.
 */
class LbfPositions
{
  public:
    /// Throws std::invalid_argument on m or k out of range (as LinearBloomFilter).
    LbfPositions(uint32_t cells, uint32_t hashes);

    /// Rows for keys[0 .. n - 1] (replacing the previous rows).
    void Assign(const Key* keys, size_t n);

    uint32_t GetCells() const
    {
        return m_m;
    }

    uint32_t GetHashes() const
    {
        return m_k;
    }

    /// Number of rows (keys).
    size_t Size() const
    {
        return m_n;
    }

    /// The k positions of key e < Size().
    const uint32_t* Row(size_t e) const
    {
        return m_positions.data() + e * m_k;
    }

  private:
    uint32_t m_m;                      //!< cells
    uint32_t m_k;                      //!< positions per row
    size_t m_n{0};                     //!< rows
    std::vector<uint32_t> m_positions; //!< [e * k + i]
};

/**
 * \ingroup bloom-filter-core
 * \brief Linear Bloom filter: m cells of b bits.
 *
 * On the wire the cells are packed into m b bits (cell i at bits i b ..).
 * In memory cell i sits at bit i s, s = CellStride(b): s = b, except that
 * 4-bit cells take a byte each (s = 8), so that a query reads a cell with one
 * byte load instead of a load, a variable shift and a mask; the high half of
 * such a byte is always 0.
 *
 * Insert stores max(cell, q) on the k cells of a key (insFBL), query returns
 * their minimum (conFBL); 0 means absent.  Collisions can only raise the
 * minimum, so errors are one-sided (c^ >= c).  Merge is the cell-wise
 * maximum (commutative, associative, idempotent).
 */
class LinearBloomFilter
{
  public:
    /// Throws std::invalid_argument on m, b or k out of range.
    LinearBloomFilter(uint32_t cells,
                      uint32_t cellBits,
                      uint32_t hashes,
                      Quantization rule = Quantization::FLOOR);

    /// The family's traits for the filter core (filter-kinds.h's list).
    static constexpr FilterTraits kTraits{"lbf", true, false, true};

    /// Write k, m and the family's own fields (b, d, rule) into a shape (Shape: FilterShape;
    /// a template, so that the filter needs no filter-shape.h: filter-kinds.h includes it).
    template <typename Shape>
    void FillShape(Shape& shape) const
    {
        shape.hashes = GetHashes();
        shape.slots = GetCells();
        shape.slotBits = GetCellBits();
        shape.quantization = GetQuantization();
    }

    /// \return an all-zero filter of a shape of this family (its kind already checked)
    template <typename Shape>
    static LinearBloomFilter FromShape(const Shape& shape)
    {
        return LinearBloomFilter(shape.slots, shape.slotBits, shape.hashes, shape.quantization);
    }

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

    /// insFBL(key, c): c in [0,1].
    void Insert(const Key& key, double confidence);
    /// Insert an already quantised value (<= MaxValue()).
    void InsertQuantized(const Key& key, uint32_t q);
    /// conFBL(key): minimum of the k cells, dequantised.
    double Query(const Key& key) const;
    /// Minimum of the k cells.
    uint32_t QueryQuantized(const Key& key) const;

    /**
     * Insert n elements hashed once beforehand (bulk insFBL): element e
     * stores values[e] (already quantised, <= MaxValue()) at the first k
     * positions of rows.Row(e), e < rows.Size(): the same cells as
     * InsertQuantized of the elements' keys.  Throws std::invalid_argument,
     * before changing anything, when the rows are for another m or fewer
     * than k hash functions, or a value exceeds MaxValue().
     */
    void InsertQuantizedAt(const LbfPositions& rows, const uint32_t* values);

    /**
     * The same, and add to `counts` the 1-bits and non-zero cells the
     * insertions add: counts that were CountCells() before are CountCells()
     * after, without a scan of the m cells.
     */
    void InsertQuantizedAt(const LbfPositions& rows, const uint32_t* values, LbfCellCounts& counts);

    /**
     * Look up n elements hashed once beforehand (bulk conFBL): out[e] = the
     * minimum of the cells at the first k positions of rows.Row(e), as
     * QueryQuantized of the element's key.  Throws std::invalid_argument when
     * the rows are for another m or fewer than k hash functions.
     */
    void QueryQuantizedAt(const LbfPositions& rows, uint32_t* out) const;

    /// Hop estimate (chain inversion); nullopt when the key is absent.
    std::optional<uint32_t> EstimateHops(const Key& key, const LbfDecay& decay) const;

    /// Cell-wise maximum with a filter of the same m, b, k.
    void Merge(const LinearBloomFilter& other);
    /// Apply one hop of decay to every cell.
    void Attenuate(const LbfDecay& decay);
    /// this = max(this, decay(other)), without a temporary copy; true when a
    /// cell changed.
    bool MergeAttenuated(const LinearBloomFilter& other, const LbfDecay& decay);
    void Clear();

    /// Bits of memory per cell for a cell width b: 8 for b = 4, else b.
    static constexpr uint32_t CellStride(uint32_t cellBits)
    {
        return cellBits == 4 ? 8 : cellBits;
    }

    uint32_t GetCellStride() const
    {
        return m_stride;
    }

    uint32_t GetCell(uint32_t i) const
    {
        return m_cells.Get(static_cast<uint64_t>(i) * m_stride, m_b);
    }

    /**
     * Whether whole-word paths are used: the stride divides 64 (b in {1, 2,
     * 4, 8, 16}), so no cell straddles two words.  Merge and decay use them
     * then and the generic per-cell paths otherwise; insertion and look-up
     * have a kernel per width (1..16), a cell that straddles two words read
     * and written in two parts.  Every operation gives the same result
     * either way; the generic paths stay as the reference in the tests (see
     * the *Generic functions).
     */
    bool HasWordPath() const
    {
        return 64 % m_stride == 0;
    }

    /// Reference implementations (per-cell Get/Set), for tests and benchmarks.
    uint32_t QueryQuantizedGeneric(const Key& key) const;
    void MergeGeneric(const LinearBloomFilter& other);
    void AttenuateGeneric(const LbfDecay& decay);
    bool MergeAttenuatedGeneric(const LinearBloomFilter& other, const LbfDecay& decay);

    void SetCell(uint32_t i, uint32_t q)
    {
        m_cells.Set(static_cast<uint64_t>(i) * m_stride, m_b, q);
    }

    /// Share of 1-bits among the m b bits (the paper's "taxa de ocupacao").
    double OccupancyBits() const;
    /// Share of non-zero cells.
    double OccupancyCells() const;

    /// The 1-bits and the non-zero cells of the whole filter (one scan).
    LbfCellCounts CountCells() const;

    /// OccupancyBits() of a filter of this shape with these counts.
    double OccupancyBits(const LbfCellCounts& counts) const
    {
        return static_cast<double>(counts.ones) / (static_cast<double>(m_m) * m_b);
    }

    /// OccupancyCells() of a filter of this shape with these counts.
    double OccupancyCells(const LbfCellCounts& counts) const
    {
        return static_cast<double>(counts.nonZero) / m_m;
    }

    /// The cells in memory: m GetCellStride() bits, cell i at bit i GetCellStride().
    const PackedBits& Cells() const
    {
        return m_cells;
    }

    /**
     * Append cells first .. first + n - 1 (within m) packed as on the wire:
     * n b bits, cell `first` at bit 0, little-endian bit order, zero padding
     * to a whole byte.  The wire form of an LBF's slot range.
     */
    void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const;

    /**
     * Set cells first .. first + n - 1 (within m) to the n cells packed as on
     * the wire in `data` (cell `first` at bit 0; bits past n b ignored), and
     * say whether a cell changed and whether one got smaller.
     */
    StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data);

    bool operator==(const LinearBloomFilter& o) const
    {
        return m_m == o.m_m && m_b == o.m_b && m_k == o.m_k && m_rule == o.m_rule &&
               m_cells == o.m_cells;
    }

    bool operator!=(const LinearBloomFilter& o) const
    {
        return !(*this == o);
    }

  private:
    void CheckCompatible(const LinearBloomFilter& other) const;
    /// Throws unless the rows are for m cells and at least k hashes, and
    /// (with values) each of their values is at most MaxValue().
    void CheckRows(const LbfPositions& rows, const uint32_t* values) const;
    void CheckDecay(const LbfDecay& decay) const;

    uint32_t m_m;
    uint32_t m_b;
    uint32_t m_k;
    Quantization m_rule;
    uint32_t m_stride; //!< CellStride(m_b)
    PackedBits m_cells;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_H
