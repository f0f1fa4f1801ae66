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

// ----------------------------------------------------------- whole-word paths
// For b dividing 64 no cell straddles two words, so cells can be handled a
// word (64 / b cells) at a time with SWAR arithmetic.

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

/// Decay of every B-bit field of a word.
template <unsigned B>
inline uint64_t
DecayWord(uint64_t w, const uint8_t* byteTable, const uint16_t* next)
{
    uint64_t out = 0;
    if constexpr (B <= 8)
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

template <unsigned B>
inline uint32_t
CellAt(const uint64_t* words, uint32_t i)
{
    const uint64_t off = static_cast<uint64_t>(i) * B;
    return static_cast<uint32_t>((words[off >> 6] >> (off & 63)) & ((uint64_t{1} << B) - 1));
}

/**
 * Cell i for the query: on little-endian hosts the words' bytes are the
 * cells' bytes in order, so a cell of 8 or 16 bits is one load (and one of 4
 * bits a byte load and a shift) instead of a 64-bit load and a variable shift.
 */
template <unsigned B>
inline uint32_t
QueryCellAt(const uint64_t* words, uint32_t i)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const auto* bytes = reinterpret_cast<const unsigned char*>(words);
    if constexpr (B == 8)
    {
        return bytes[i];
    }
    else if constexpr (B == 16)
    {
        uint16_t v;
        std::memcpy(&v, bytes + 2 * static_cast<size_t>(i), sizeof v);
        return v;
    }
    else if constexpr (B == 4)
    {
        return (bytes[i >> 1] >> ((i & 1) << 2)) & 0xFU;
    }
#endif
    return CellAt<B>(words, i);
}

template <unsigned B>
uint32_t
QueryWords(const uint64_t* words, Key key, uint32_t m, uint32_t k)
{
    uint32_t q = (1U << B) - 1;
    for (uint32_t i = 0; i < k; ++i)
    {
        const uint32_t cell = QueryCellAt<B>(words, key.Position(i, m));
        if (cell == 0)
        {
            return 0;
        }
        q = std::min(q, cell);
    }
    return q;
}

template <unsigned B>
void
InsertWords(uint64_t* words, const Key& key, uint32_t m, uint32_t k, uint32_t q)
{
    for (uint32_t i = 0; i < k; ++i)
    {
        const uint64_t off = static_cast<uint64_t>(key.Position(i, m)) * B;
        uint64_t& w = words[off >> 6];
        const unsigned s = off & 63;
        const uint64_t cell = (w >> s) & ((uint64_t{1} << B) - 1);
        if (cell < q)
        {
            w = (w & ~(((uint64_t{1} << B) - 1) << s)) | (uint64_t{q} << s);
        }
    }
}

template <unsigned B>
void
MergeWords(std::vector<uint64_t>& x, const std::vector<uint64_t>& y)
{
    for (size_t i = 0; i < x.size(); ++i)
    {
        x[i] = SwarMax<B>(x[i], y[i]);
    }
}

template <unsigned B>
void
AttenuateWords(std::vector<uint64_t>& x, const LbfDecay& decay)
{
    const uint8_t* byteTable = decay.ByteTable().data();
    const uint16_t* next = decay.NextTable().data();
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
    const uint16_t* next = decay.NextTable().data();
    uint64_t changed = 0;
    for (size_t i = 0; i < x.size(); ++i)
    {
        const uint64_t o = y[i];
        if (o != 0)
        {
            const uint64_t merged = SwarMax<B>(x[i], DecayWord<B>(o, byteTable, next));
            changed |= merged ^ x[i];
            x[i] = merged;
        }
    }
    return changed != 0;
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
{
    // Intern: one Tables per (b, description, decay table) in the process.
    // The map holds weak references, so tables no decay uses any more are
    // freed; the mutex only guards construction (the tables are immutable).
    using TableKey = std::tuple<uint32_t, std::string, std::vector<uint16_t>>;
    static std::mutex mutex;
    static std::map<TableKey, std::weak_ptr<const Tables>> interned;
    std::lock_guard<std::mutex> lock(mutex);
    TableKey key{bits, std::move(description), std::move(next)};
    auto it = interned.find(key);
    if (it != interned.end())
    {
        m_tables = it->second.lock();
        if (m_tables)
        {
            return;
        }
        interned.erase(it);
    }
    m_tables = BuildTables(bits, std::get<2>(key), std::get<1>(key));
    interned.emplace(std::move(key), m_tables);
}

std::shared_ptr<const LbfDecay::Tables>
LbfDecay::BuildTables(uint32_t bits, std::vector<uint16_t> next, std::string description)
{
    auto t = std::make_shared<Tables>();
    t->bits = bits;
    t->description = std::move(description);
    t->next = std::move(next);
    const uint32_t top = (1U << bits) - 1;
    for (uint32_t v = 1; v <= top; ++v)
    {
        if (t->next[v] >= v)
        {
            throw std::invalid_argument("LBF decay must lower every non-zero value");
        }
    }
    for (uint32_t v = top; v > 0; v = t->next[v])
    {
        t->chain.push_back(static_cast<uint16_t>(v));
    }
    // chain is strictly decreasing; hopOf[q] = least h with chain[h] <= q.
    t->hopOf.assign(top + 1, 0);
    uint32_t h = static_cast<uint32_t>(t->chain.size());
    for (uint32_t q = 0; q <= top; ++q)
    {
        while (h > 0 && t->chain[h - 1] <= q)
        {
            --h;
        }
        // Values below the last chain entry cannot come from the chain; they
        // read as the farthest visible distance.
        t->hopOf[q] = static_cast<uint16_t>(std::min<uint32_t>(h, t->chain.size() - 1));
    }
    if (bits <= 8 && 8 % bits == 0)
    {
        t->byteNext.resize(256);
        for (uint32_t byte = 0; byte < 256; ++byte)
        {
            uint32_t out = 0;
            for (uint32_t s = 0; s < 8; s += bits)
            {
                out |= static_cast<uint32_t>(t->next[(byte >> s) & top]) << s;
            }
            t->byteNext[byte] = static_cast<uint8_t>(out);
        }
    }
    return t;
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
    return m_tables->description;
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
    uint64_t* words = m_cells.MutableWords().data();
    if (DispatchWidth(m_b, [&](auto width) {
            InsertWords<decltype(width)::value>(words, key, m_m, m_k, q);
        }))
    {
        return;
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
    const uint64_t* words = m_cells.Words().data();
    switch (m_b)
    {
    case 1:
        return QueryWords<1>(words, key, m_m, m_k);
    case 2:
        return QueryWords<2>(words, key, m_m, m_k);
    case 4:
        return QueryWords<4>(words, key, m_m, m_k);
    case 8:
        return QueryWords<8>(words, key, m_m, m_k);
    case 16:
        return QueryWords<16>(words, key, m_m, m_k);
    default:
        return QueryQuantizedGeneric(key);
    }
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
