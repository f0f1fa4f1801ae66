/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linear-bloom-filter.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <type_traits>

namespace ns3
{
namespace bloom
{

namespace
{

// ----------------------------------------------------------- whole-word paths
// For a stride dividing 64 no cell straddles two words, so cells can be
// handled a word (64 / stride cells) at a time with SWAR arithmetic.  The
// kernels below take the cell width B; B = 4 cells are byte-wide in memory.

/// Bits of memory per B-bit cell.
template <unsigned B>
constexpr unsigned kStride = LinearBloomFilter::CellStride(B);

/// 1 in the lowest bit of every B-bit field.
template <unsigned B>
constexpr uint64_t kLowBits = ~uint64_t{0} / ((uint64_t{1} << B) - 1);
/// 1 in the highest bit of every B-bit field.
template <unsigned B>
constexpr uint64_t kHighBits = kLowBits<B> << (B - 1);

/// Field-wise unsigned maximum of two words of B-bit fields.
template <unsigned B>
inline uint64_t
SwarMax(uint64_t x, uint64_t y)
{
    if constexpr (B == 1)
    {
        return x | y;
    }
    else
    {
        constexpr uint64_t H = kHighBits<B>;
        // Per field: 2^(B-1) + low(x) - low(y) >= 1, so no borrow crosses a
        // field; its high bit tells low(x) >= low(y).
        const uint64_t diff = (x | H) - (y & ~H);
        const uint64_t ge = ((x & ~y) | (~(x ^ y) & diff)) & H; // x >= y
        uint64_t mask = ge >> (B - 1);
        mask = (mask << B) - mask; // all ones in the fields where x >= y
        return (x & mask) | (y & ~mask);
    }
}

/// Decay of every B-bit cell of a word.
template <unsigned B>
inline uint64_t
DecayWord(uint64_t w, const uint8_t* byteTable, const uint16_t* next)
{
    uint64_t out = 0;
    if constexpr (B == 4)
    {
        // Byte-wide cells, each < 16: bytes 0, 2, 4, 6 of `pairs` hold cells
        // 2j and 2j + 1 as two nibbles; `next` is the pair table here.
        (void)byteTable;
        const uint64_t pairs = w | (w >> 4);
        for (unsigned j = 0; j < 64; j += 16)
        {
            out |= uint64_t{next[(pairs >> j) & 0xFF]} << j;
        }
    }
    else if constexpr (B <= 8)
    {
        (void)next;
        for (unsigned j = 0; j < 64; j += 8)
        {
            out |= uint64_t{byteTable[(w >> j) & 0xFF]} << j;
        }
    }
    else
    {
        (void)byteTable;
        for (unsigned j = 0; j < 64; j += 16)
        {
            out |= uint64_t{next[(w >> j) & 0xFFFF]} << j;
        }
    }
    return out;
}

/// Whether no B-bit cell straddles two words (the stride divides 64).
template <unsigned B>
constexpr bool kOneWord = 64 % kStride<B> == 0;

/// Largest value of a B-bit cell (its mask).
template <unsigned B>
constexpr uint64_t kCellMask = (uint64_t{1} << B) - 1;

/// Cell i of B-bit cells, the second word read only when the cell straddles two.
template <unsigned B>
inline uint32_t
CellAt(const uint64_t* words, uint32_t i)
{
    const uint64_t off = static_cast<uint64_t>(i) * kStride<B>;
    const unsigned s = off & 63;
    uint64_t v = words[off >> 6] >> s;
    if constexpr (!kOneWord<B>)
    {
        if (s + B > 64)
        {
            v |= words[(off >> 6) + 1] << (64 - s);
        }
    }
    return static_cast<uint32_t>(v & kCellMask<B>);
}

/**
 * Cell i for the query: on little-endian hosts the words' bytes are the
 * cells' bytes in order, so a cell stored in 8 or 16 bits is one load instead
 * of a 64-bit load and a variable shift.
 */
template <unsigned B>
inline uint32_t
QueryCellAt(const uint64_t* words, uint32_t i)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const auto* bytes = reinterpret_cast<const unsigned char*>(words);
    if constexpr (kStride<B> == 8)
    {
        return bytes[i];
    }
    else if constexpr (B == 16)
    {
        uint16_t v;
        std::memcpy(&v, bytes + 2 * static_cast<size_t>(i), sizeof v);
        return v;
    }
#endif
    return CellAt<B>(words, i);
}

/// Cell i of B-bit cells set to q (which fits), in two parts when it straddles two words.
template <unsigned B>
inline void
StoreCellAt(uint64_t* words, uint32_t i, uint32_t q)
{
    const uint64_t off = static_cast<uint64_t>(i) * kStride<B>;
    uint64_t& w = words[off >> 6];
    const unsigned s = off & 63;
    w = (w & ~(kCellMask<B> << s)) | (uint64_t{q} << s);
    if constexpr (!kOneWord<B>)
    {
        if (s + B > 64)
        {
            const unsigned spill = 64 - s;
            uint64_t& next = words[(off >> 6) + 1];
            next = (next & ~(kCellMask<B> >> spill)) | (uint64_t{q} >> spill);
        }
    }
}

/// The positions of a key's hash functions (the kernels' position source).
struct KeyPositions
{
    Key key;    //!< the key (a copy: stores into the cells cannot alias its hash)
    uint32_t m; //!< cells

    uint32_t operator()(uint32_t i) const
    {
        return key.Position(i, m);
    }
};

/// Positions already computed (the kernels' position source).
struct GivenPositions
{
    const uint32_t* positions; //!< k of them, each < m

    uint32_t operator()(uint32_t i) const
    {
        return positions[i];
    }
};

/// Minimum of the k >= 1 cells at pos(0 .. k - 1), 0 as soon as one cell is 0.
template <unsigned B, typename Pos>
uint32_t
QueryCells(const uint64_t* words, Pos pos, uint32_t k)
{
    uint32_t q = kCellMask<B>;
    uint32_t i = 0;
    do
    {
        const uint32_t cell = QueryCellAt<B>(words, pos(i));
        if (cell == 0)
        {
            return 0;
        }
        q = std::min(q, cell);
    } while (++i < k);
    return q;
}

/// insFBL: max(cell, q) at pos(0 .. k - 1); a cell is written only when it grows.
template <unsigned B, typename Pos>
void
InsertCells(uint64_t* words, Pos pos, uint32_t k, uint32_t q)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if constexpr (kStride<B> == 8 || kStride<B> == 16)
    {
        // Byte or 16-bit cells (the words' bytes in order): one load and
        // at most one store each.
        using Cell = std::conditional_t<kStride<B> == 8, unsigned char, uint16_t>;
        auto* bytes = reinterpret_cast<unsigned char*>(words);
        for (uint32_t i = 0; i < k; ++i)
        {
            unsigned char* at = bytes + sizeof(Cell) * static_cast<size_t>(pos(i));
            Cell cell;
            std::memcpy(&cell, at, sizeof cell);
            if (cell < q)
            {
                cell = static_cast<Cell>(q);
                std::memcpy(at, &cell, sizeof cell);
            }
        }
        return;
    }
#endif
    for (uint32_t i = 0; i < k; ++i)
    {
        const uint32_t c = pos(i);
        if (CellAt<B>(words, c) < q)
        {
            StoreCellAt<B>(words, c, q);
        }
    }
}

/// Ones of a cell value below 2^16 (SWAR: the build assumes no popcount instruction).
inline uint32_t
PopCount16(uint32_t v)
{
    v = v - ((v >> 1) & 0x5555);
    v = (v & 0x3333) + ((v >> 2) & 0x3333);
    v = (v + (v >> 4)) & 0x0F0F;
    return (v + (v >> 8)) & 0x1F;
}

/// InsertCells, adding the 1-bits and non-zero cells it adds to `counts`.
template <unsigned B, typename Pos>
void
InsertCellsCounting(uint64_t* words, Pos pos, uint32_t k, uint32_t q, LbfCellCounts& counts)
{
    for (uint32_t i = 0; i < k; ++i)
    {
        const uint32_t c = pos(i);
        const uint32_t old = CellAt<B>(words, c);
        if (old < q)
        {
            StoreCellAt<B>(words, c, q);
            counts.ones +=
                uint64_t{PopCount16(q)} - PopCount16(old); // modular: the sum stays exact
            counts.nonZero += old == 0 ? 1 : 0;
        }
    }
}

/// Calls f(std::integral_constant<unsigned, B>) for the cell width b (1..16).
template <typename F>
decltype(auto)
WithCellWidth(uint32_t b, F&& f)
{
#define BLOOM_GOSSIP_LBF_WIDTH(B)                                                                  \
    case B:                                                                                        \
        return f(std::integral_constant<unsigned, B>{})
    switch (b)
    {
        BLOOM_GOSSIP_LBF_WIDTH(1);
        BLOOM_GOSSIP_LBF_WIDTH(2);
        BLOOM_GOSSIP_LBF_WIDTH(3);
        BLOOM_GOSSIP_LBF_WIDTH(4);
        BLOOM_GOSSIP_LBF_WIDTH(5);
        BLOOM_GOSSIP_LBF_WIDTH(6);
        BLOOM_GOSSIP_LBF_WIDTH(7);
        BLOOM_GOSSIP_LBF_WIDTH(8);
        BLOOM_GOSSIP_LBF_WIDTH(9);
        BLOOM_GOSSIP_LBF_WIDTH(10);
        BLOOM_GOSSIP_LBF_WIDTH(11);
        BLOOM_GOSSIP_LBF_WIDTH(12);
        BLOOM_GOSSIP_LBF_WIDTH(13);
        BLOOM_GOSSIP_LBF_WIDTH(14);
        BLOOM_GOSSIP_LBF_WIDTH(15);
    default: // 16: the constructor admits nothing else
        return f(std::integral_constant<unsigned, 16>{});
    }
#undef BLOOM_GOSSIP_LBF_WIDTH
}

/**
 * a[j] = max(a[j], d[j]) for n bytes; a non-zero return when a byte changed.
 * A plain loop, which the compiler vectorises (SSE2: pmaxub); bytes may
 * alias the words of a filter.
 */
inline unsigned char
MaxBytes(unsigned char* a, const unsigned char* d, size_t n)
{
    unsigned char changed = 0;
    for (size_t j = 0; j < n; ++j)
    {
        const unsigned char v = std::max(a[j], d[j]);
        changed |= v ^ a[j];
        a[j] = v;
    }
    return changed;
}

/// The 16-bit table DecayWord<B> reads: the nibble-pair table for B = 4, else
/// the decay of every value.
template <unsigned B>
const uint16_t*
DecayWordTable(const LbfDecay& decay)
{
    return B == 4 ? decay.NibblePairTable().data() : decay.NextTable().data();
}

template <unsigned B>
void
MergeWords(std::vector<uint64_t>& x, const std::vector<uint64_t>& y)
{
    if constexpr (kStride<B> == 8)
    {
        MaxBytes(reinterpret_cast<unsigned char*>(x.data()),
                 reinterpret_cast<const unsigned char*>(y.data()),
                 x.size() * sizeof(uint64_t));
    }
    else
    {
        for (size_t i = 0; i < x.size(); ++i)
        {
            x[i] = SwarMax<kStride<B>>(x[i], y[i]);
        }
    }
}

template <unsigned B>
void
AttenuateWords(std::vector<uint64_t>& x, const LbfDecay& decay)
{
    const uint8_t* byteTable = decay.ByteTable().data();
    const uint16_t* next = DecayWordTable<B>(decay);
    for (uint64_t& w : x)
    {
        if (w != 0)
        {
            w = DecayWord<B>(w, byteTable, next);
        }
    }
}

template <unsigned B>
bool
MergeAttenuatedWords(std::vector<uint64_t>& x,
                     const std::vector<uint64_t>& y,
                     const LbfDecay& decay)
{
    const uint8_t* byteTable = decay.ByteTable().data();
    const uint16_t* next = DecayWordTable<B>(decay);
    if constexpr (kStride<B> == 8)
    {
        // Byte lanes: decay a block of words (table lookups), then take the
        // byte-wise maximum (MaxBytes, vectorised).
        constexpr size_t kBlock = 32;
        uint64_t decayed[kBlock];
        unsigned char changed = 0;
        for (size_t start = 0; start < x.size(); start += kBlock)
        {
            const size_t n = std::min(kBlock, x.size() - start);
            for (size_t i = 0; i < n; ++i)
            {
                const uint64_t o = y[start + i];
                decayed[i] = o == 0 ? 0 : DecayWord<B>(o, byteTable, next);
            }
            changed |= MaxBytes(reinterpret_cast<unsigned char*>(x.data() + start),
                                reinterpret_cast<const unsigned char*>(decayed),
                                n * sizeof(uint64_t));
        }
        return changed != 0;
    }
    else
    {
        uint64_t changed = 0;
        for (size_t i = 0; i < x.size(); ++i)
        {
            const uint64_t o = y[i];
            if (o != 0)
            {
                const uint64_t merged = SwarMax<kStride<B>>(x[i], DecayWord<B>(o, byteTable, next));
                changed |= merged ^ x[i];
                x[i] = merged;
            }
        }
        return changed != 0;
    }
}

/// Calls f(std::integral_constant<unsigned, B>) for b in {1, 2, 4, 8, 16};
/// returns false for any other width.
template <typename F>
bool
DispatchWidth(uint32_t b, F&& f)
{
    switch (b)
    {
    case 1:
        f(std::integral_constant<unsigned, 1>{});
        return true;
    case 2:
        f(std::integral_constant<unsigned, 2>{});
        return true;
    case 4:
        f(std::integral_constant<unsigned, 4>{});
        return true;
    case 8:
        f(std::integral_constant<unsigned, 8>{});
        return true;
    case 16:
        f(std::integral_constant<unsigned, 16>{});
        return true;
    default:
        return false;
    }
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/// Eight byte-wide cells (each < 16) packed into 4 bytes, the even one low.
inline uint64_t
PackNibbles(uint64_t w)
{
    uint64_t t = (w | (w >> 4)) & 0x00FF00FF00FF00FFULL;
    t = (t | (t >> 8)) & 0x0000FFFF0000FFFFULL;
    return (t | (t >> 16)) & 0x00000000FFFFFFFFULL;
}

/// n byte-wide cells (each < 16) packed two to a byte, the even one low:
/// writes ceil(n / 2) bytes.  Little-endian hosts only.
void
PackByteCells(const unsigned char* cells, uint32_t n, uint8_t* out)
{
    uint32_t i = 0;
    for (; i + 8 <= n; i += 8, out += 4)
    {
        uint64_t w;
        std::memcpy(&w, cells + i, sizeof w);
        const auto packed = static_cast<uint32_t>(PackNibbles(w));
        std::memcpy(out, &packed, sizeof packed);
    }
    for (; i < n; i += 2)
    {
        *out++ = static_cast<uint8_t>(cells[i] | (i + 1 < n ? cells[i + 1] << 4 : 0));
    }
}
#endif

} // namespace

LinearBloomFilter::LinearBloomFilter(uint32_t cells,
                                     uint32_t cellBits,
                                     uint32_t hashes,
                                     Quantization rule)
    : m_m(cells),
      m_b(cellBits),
      m_k(hashes),
      m_rule(rule),
      m_stride(CellStride(cellBits)),
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
    m_cells = PackedBits(static_cast<uint64_t>(cells) * m_stride);
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
    uint64_t* words = m_cells.MutableWords().data();
    WithCellWidth(m_b, [&](auto width) {
        InsertCells<decltype(width)::value>(words, KeyPositions{key, m_m}, m_k, q);
    });
}

uint32_t
LinearBloomFilter::QueryQuantized(const Key& key) const
{
    const uint64_t* words = m_cells.Words().data();
    return WithCellWidth(m_b, [&](auto width) {
        return QueryCells<decltype(width)::value>(words, KeyPositions{key, m_m}, m_k);
    });
}

LbfPositions::LbfPositions(uint32_t cells, uint32_t hashes)
    : m_m(cells),
      m_k(hashes)
{
    LinearBloomFilter(cells, 1, hashes); // the same checks and messages
}

void
LbfPositions::Assign(const Key* keys, size_t n)
{
    m_positions.resize(n * m_k);
    m_n = n;
    for (size_t e = 0; e < n; ++e)
    {
        const Key key = keys[e];
        uint32_t* row = m_positions.data() + e * m_k;
        for (uint32_t i = 0; i < m_k; ++i)
        {
            row[i] = key.Position(i, m_m);
        }
    }
}

void
LinearBloomFilter::CheckRows(const LbfPositions& rows, const uint32_t* values) const
{
    if (rows.GetCells() != m_m || rows.GetHashes() < m_k)
    {
        throw std::invalid_argument("LBF positions for m=" + std::to_string(rows.GetCells()) +
                                    ", k=" + std::to_string(rows.GetHashes()) +
                                    " used with a filter of m=" + std::to_string(m_m) +
                                    ", k=" + std::to_string(m_k));
    }
    uint32_t largest = 0;
    for (size_t e = 0; values != nullptr && e < rows.Size(); ++e)
    {
        largest = std::max(largest, values[e]);
    }
    if (largest > MaxValue())
    {
        throw std::invalid_argument("LBF value exceeds 2^b - 1");
    }
}

void
LinearBloomFilter::InsertQuantizedAt(const LbfPositions& rows, const uint32_t* values)
{
    CheckRows(rows, values);
    uint64_t* words = m_cells.MutableWords().data();
    WithCellWidth(m_b, [&](auto width) {
        for (size_t e = 0; e < rows.Size(); ++e)
        {
            InsertCells<decltype(width)::value>(words, GivenPositions{rows.Row(e)}, m_k, values[e]);
        }
    });
}

void
LinearBloomFilter::InsertQuantizedAt(const LbfPositions& rows,
                                     const uint32_t* values,
                                     LbfCellCounts& counts)
{
    CheckRows(rows, values);
    uint64_t* words = m_cells.MutableWords().data();
    WithCellWidth(m_b, [&](auto width) {
        for (size_t e = 0; e < rows.Size(); ++e)
        {
            InsertCellsCounting<decltype(width)::value>(words,
                                                        GivenPositions{rows.Row(e)},
                                                        m_k,
                                                        values[e],
                                                        counts);
        }
    });
}

void
LinearBloomFilter::QueryQuantizedAt(const LbfPositions& rows, uint32_t* out) const
{
    CheckRows(rows, nullptr);
    const uint64_t* words = m_cells.Words().data();
    WithCellWidth(m_b, [&](auto width) {
        for (size_t e = 0; e < rows.Size(); ++e)
        {
            out[e] = QueryCells<decltype(width)::value>(words, GivenPositions{rows.Row(e)}, m_k);
        }
    });
}

uint32_t
LinearBloomFilter::QueryQuantizedGeneric(const Key& key) const
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
    auto& x = m_cells.MutableWords();
    const auto& y = other.m_cells.Words();
    if (!DispatchWidth(m_b, [&](auto width) { MergeWords<decltype(width)::value>(x, y); }))
    {
        MergeGeneric(other);
    }
}

void
LinearBloomFilter::MergeGeneric(const LinearBloomFilter& other)
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
    auto& x = m_cells.MutableWords();
    if (!DispatchWidth(m_b, [&](auto width) { AttenuateWords<decltype(width)::value>(x, decay); }))
    {
        AttenuateGeneric(decay);
    }
}

void
LinearBloomFilter::AttenuateGeneric(const LbfDecay& decay)
{
    CheckDecay(decay);
    for (uint32_t i = 0; i < m_m; ++i)
    {
        SetCell(i, decay.Apply(GetCell(i)));
    }
}

bool
LinearBloomFilter::MergeAttenuated(const LinearBloomFilter& other, const LbfDecay& decay)
{
    CheckCompatible(other);
    CheckDecay(decay);
    auto& x = m_cells.MutableWords();
    const auto& y = other.m_cells.Words();
    bool changed = false;
    if (!DispatchWidth(m_b, [&](auto width) {
            changed = MergeAttenuatedWords<decltype(width)::value>(x, y, decay);
        }))
    {
        changed = MergeAttenuatedGeneric(other, decay);
    }
    return changed;
}

bool
LinearBloomFilter::MergeAttenuatedGeneric(const LinearBloomFilter& other, const LbfDecay& decay)
{
    CheckCompatible(other);
    CheckDecay(decay);
    bool changed = false;
    for (uint32_t i = 0; i < m_m; ++i)
    {
        const uint32_t v = decay.Apply(other.GetCell(i));
        if (v > GetCell(i))
        {
            SetCell(i, v);
            changed = true;
        }
    }
    return changed;
}

void
LinearBloomFilter::Clear()
{
    m_cells.Clear();
}

void
LinearBloomFilter::AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const
{
    if (m_stride == m_b)
    {
        m_cells.AppendBytes(out, first * m_b, n * m_b); // packed in memory as on the wire
        return;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (m_stride == 8 && m_b == 4)
    {
        const size_t start = out.size();
        out.resize(start + (n + 1) / 2);
        PackByteCells(reinterpret_cast<const unsigned char*>(m_cells.Words().data()) + first,
                      static_cast<uint32_t>(n),
                      out.data() + start);
        return;
    }
#endif
    PackedBits part(n * m_b);
    for (uint64_t i = 0; i < n; ++i)
    {
        part.Set(i * m_b, m_b, GetCell(static_cast<uint32_t>(first + i)));
    }
    part.AppendBytes(out);
}

StoreEffect
LinearBloomFilter::StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data)
{
    if (m_stride == m_b)
    {
        return m_cells.StoreFields(first * m_b, data, 0, n * m_b, m_b);
    }
    StoreEffect effect;
    auto store = [&](uint64_t i, uint32_t now) {
        const auto cell = static_cast<uint32_t>(first + i);
        const uint32_t before = GetCell(cell);
        if (now != before)
        {
            effect.changed = true;
            effect.lowered = effect.lowered || now < before;
            SetCell(cell, now);
        }
    };
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (m_stride == 8 && m_b == 4)
    {
        // Compare a block of wire bytes with the same cells packed from
        // memory (a segment usually changes nothing once the network has
        // converged); store cell by cell only in a block that differs.
        const auto* cells = reinterpret_cast<const unsigned char*>(m_cells.Words().data()) + first;
        constexpr uint32_t kBlock = 256; // wire bytes, 512 cells
        uint8_t packed[kBlock];
        for (uint64_t start = 0; start < n; start += 2 * kBlock)
        {
            const auto count = static_cast<uint32_t>(std::min<uint64_t>(n - start, 2 * kBlock));
            const uint32_t pairs = count / 2;
            PackByteCells(cells + start, count, packed);
            const uint8_t* wire = data + start / 2;
            // An odd count leaves the wire's last high half unused.
            if (std::memcmp(packed, wire, pairs) == 0 &&
                (count % 2 == 0 || (wire[pairs] & 0xF) == packed[pairs]))
            {
                continue;
            }
            for (uint32_t i = 0; i < count; ++i)
            {
                store(start + i, (wire[i / 2] >> (4 * (i % 2))) & 0xF);
            }
        }
        return effect;
    }
#endif
    // Whole bytes loaded, so that the bits past n b are read and ignored.
    PackedBits part((n * m_b + 7) / 8 * 8);
    part.LoadBytes(data);
    for (uint64_t i = 0; i < n; ++i)
    {
        store(i, part.Get(i * m_b, m_b));
    }
    return effect;
}

double
LinearBloomFilter::OccupancyBits() const
{
    return OccupancyBits(LbfCellCounts{m_cells.CountOnes(), 0});
}

double
LinearBloomFilter::OccupancyCells() const
{
    return OccupancyCells(LbfCellCounts{0, m_cells.CountNonZeroFields(m_stride, m_m)});
}

LbfCellCounts
LinearBloomFilter::CountCells() const
{
    return {m_cells.CountOnes(), m_cells.CountNonZeroFields(m_stride, m_m)};
}

} // namespace bloom
} // namespace ns3
