/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Linear Bloom Filter (LBF / FBL): Lima, Baquero, Miranda, "FBL - Filtro de
 * Bloom Linear".  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_H
#define BLOOM_GOSSIP_LINEAR_BLOOM_FILTER_H

#include "bloom-filter.h"
#include "bloom-hash.h"
#include "packed-bits.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/// Smallest and largest cell width b of a linear Bloom filter (paper: 1..16).
constexpr uint32_t kMinCellBits = 1;
constexpr uint32_t kMaxCellBits = 16;

/**
 * \ingroup bloom-gossip
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

/**
 * \ingroup bloom-gossip
 * \brief The per-hop decay of LBF cells and its inversion into hop counts.
 *
 * Two modes:
 *  - multiplicative (paper section 3.2): q <- floor(a q), 0 < a < 1;
 *  - subtractive (degrading counting filters): q <- max(0, q - delta).
 * A value that left its origin at Q = 2^b - 1 follows the chain
 * v0 = Q, v(h+1) = decay(v(h)).  Hop estimates invert that exact chain: the
 * estimate for a cell minimum q > 0 is the least h with v(h) <= q, which can
 * only under-estimate when collisions raise q.  The horizon H is the number
 * of non-zero chain values: distances 0..H-1 can be told apart.
 *
 * The multiplication is evaluated as floor(a q + 1e-9) so that a decimal
 * factor behaves as the exact decimal (0.7 x 10 = 7, not 6.999...).
 */
class LbfDecay
{
  public:
    /// Throws std::invalid_argument unless 0 < a < 1 and 1 <= bits <= 16.
    static LbfDecay Multiplicative(double factor, uint32_t bits);
    /// Throws std::invalid_argument unless 1 <= delta < 2^bits and 1 <= bits <= 16.
    static LbfDecay Subtractive(uint32_t delta, uint32_t bits);

    uint32_t GetCellBits() const
    {
        return m_tables->bits;
    }

    /// Value of a cell after one hop.
    uint32_t Apply(uint32_t q) const
    {
        return m_tables->next[q];
    }

    /// Number of distinct non-zero values of the chain.
    uint32_t Horizon() const
    {
        return static_cast<uint32_t>(m_tables->chain.size());
    }

    /// v0 .. v(H-1).
    const std::vector<uint16_t>& Chain() const
    {
        return m_tables->chain;
    }

    /// Hop estimate for a cell minimum q; nullopt when q == 0 (absent).
    std::optional<uint32_t> HopsFor(uint32_t q) const
    {
        if (q == 0)
        {
            return std::nullopt;
        }
        return m_tables->hopOf[q];
    }

    /// "mul:0.9" or "sub:16".
    std::string Describe() const;

    /**
     * For b in {1, 2, 4, 8}: the decay applied to every b-bit field of a
     * byte (256 entries), for whole-word attenuation; empty otherwise.
     */
    const std::vector<uint8_t>& ByteTable() const
    {
        return m_tables->byteNext;
    }

    /**
     * For b = 4: the decay of the two 4-bit values of a byte, spread to the
     * low halves of two bytes (256 entries), for cells stored a byte each;
     * empty otherwise.
     */
    const std::vector<uint16_t>& NibblePairTable() const
    {
        return m_tables->nibblePairNext;
    }

    /// The decay of every value 0..Q (2^b entries), for whole-word attenuation.
    const std::vector<uint16_t>& NextTable() const
    {
        return m_tables->next;
    }

    /**
     * Whether two decays share their tables: equal decays built anywhere in
     * the process do (see below), so a network of N nodes holds one copy.
     */
    bool SharesTablesWith(const LbfDecay& other) const
    {
        return m_tables == other.m_tables;
    }

  private:
    /// Everything derived from the decay, immutable once built.
    struct Tables
    {
        uint32_t bits;
        std::string description;
        std::vector<uint16_t> next;           //!< decay of every value 0..Q
        std::vector<uint16_t> chain;          //!< v0..v(H-1)
        std::vector<uint16_t> hopOf;          //!< least h with v(h) <= q, for q in 0..Q
        std::vector<uint8_t> byteNext;        //!< b in {1,2,4,8}: decay of every field of a byte
        std::vector<uint16_t> nibblePairNext; //!< b = 4: byte of two values -> two decayed bytes
    };

    LbfDecay(uint32_t bits, std::vector<uint16_t> next, std::string description);
    static std::shared_ptr<const Tables> BuildTables(uint32_t bits,
                                                     std::vector<uint16_t> next,
                                                     std::string description);

    /// Interned: every LbfDecay with the same b, description and decay table
    /// points to one Tables (about 2 KiB at b = 8, up to 390 KiB at b = 16), which
    /// stays in cache however many nodes' policies use it.
    std::shared_ptr<const Tables> m_tables;
};

/**
 * \ingroup bloom-gossip
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
     * 4, 8, 16}), so no cell straddles two words.  Every operation gives the same
     * result either way; the generic paths stay for the other widths and as
     * the reference in the tests (see the *Generic functions).
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

    /// The cells in memory: m GetCellStride() bits, cell i at bit i GetCellStride().
    const PackedBits& Cells() const
    {
        return m_cells;
    }

    /// The cells in memory, for bulk writers that keep the high half of a
    /// byte-wide 4-bit cell, and every bit past the m-th cell, at 0.
    PackedBits& Cells()
    {
        return m_cells;
    }

    /// Bytes of the packed cells on the wire: ceil(m b / 8).
    size_t WireBytes() const
    {
        return static_cast<size_t>((static_cast<uint64_t>(m_m) * m_b + 7) / 8);
    }

    /// Append the cells packed into m b bits (cell i at bits i b ..,
    /// little-endian bit order, zero padding to a whole byte).
    void AppendWireBytes(std::vector<uint8_t>& out) const;
    /// Load WireBytes() bytes written by AppendWireBytes; false (the cells
    /// then undefined) when a padding bit is set.
    bool LoadWireBytes(const uint8_t* data);

    /// Append cells first .. first + n - 1 (within m) packed as on the wire,
    /// cell `first` at bit 0: ceil(n b / 8) bytes, zero padding.
    void AppendWireCells(uint32_t first, uint32_t n, std::vector<uint8_t>& out) const;

    /// What StoreWireCells did: some cell changed; some cell was lowered.
    struct StoreEffect
    {
        bool changed = false;
        bool lowered = false;
    };

    /// Set cells first .. first + n - 1 (within m) to n cells packed as on
    /// the wire in `data` (cell `first` at bit 0; bits past n b ignored).
    StoreEffect StoreWireCells(uint32_t first, uint32_t n, const uint8_t* data);

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
