/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "slot-codec.h"

#include "filter-codec.h"
#include "lbf-quantization.h"
#include "range-coder.h"
#include "user-text.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

namespace
{

/// Field of `width` (1..32) bits at bit `bit` of a wire form (little-endian bit order).
uint32_t
Field(const uint8_t* raw, uint64_t bit, uint32_t width)
{
    const uint64_t byte = bit / 8;
    const unsigned shift = bit % 8;
    const unsigned need = shift + width;
    uint64_t v = 0;
    for (unsigned i = 0; i * 8 < need; ++i)
    {
        v |= static_cast<uint64_t>(raw[byte + i]) << (8 * i);
    }
    return static_cast<uint32_t>((v >> shift) & ((uint64_t{1} << width) - 1));
}

/// Write a field into a zeroed wire form.
void
PutField(uint8_t* raw, uint64_t bit, uint32_t width, uint32_t value)
{
    const uint64_t byte = bit / 8;
    const unsigned shift = bit % 8;
    const uint64_t v = static_cast<uint64_t>(value) << shift;
    for (unsigned i = 0; i * 8 < shift + width; ++i)
    {
        raw[byte + i] |= static_cast<uint8_t>(v >> (8 * i));
    }
}

bool
Bit(const uint8_t* raw, uint64_t i)
{
    return ((raw[i / 8] >> (i % 8)) & 1U) != 0;
}

uint64_t
WireBytes(uint64_t n, uint32_t b)
{
    return (n * b + 7) / 8;
}

// ------------------------------------------------------------ bits (urn)

/// Bits a .. e - 1 of a wire form: count, then each bit with the urn's probability.
void
EncodeBitPiece(RangeEncoder& enc, const uint8_t* raw, uint32_t a, uint32_t e)
{
    uint32_t ones = 0;
    for (uint32_t i = a; i < e; ++i)
    {
        ones += Bit(raw, i) ? 1 : 0;
    }
    enc.EncodeCount(ones, e - a);
    for (uint32_t i = a; i < e && ones != 0 && ones != e - i; ++i)
    {
        const bool bit = Bit(raw, i);
        enc.EncodeUrnBit(bit, ones, e - i);
        ones -= bit ? 1 : 0;
    }
}

/// Mirror of EncodeBitPiece; sets the ones in a zeroed wire form.
void
DecodeBitPiece(RangeDecoder& dec, uint8_t* raw, uint32_t a, uint32_t e)
{
    uint32_t ones = dec.DecodeCount(e - a);
    for (uint32_t i = a; i < e && ones != 0; ++i)
    {
        if (ones == e - i || dec.DecodeUrnBit(ones, e - i))
        {
            raw[i / 8] |= static_cast<uint8_t>(1U << (i % 8));
            --ones;
        }
    }
}

/**
 * A range of n 1-bit slots of levels of m bits: the first min(n, m)
 * (at most one level's worth) as a count and the urn; every later bit i with
 * a Krichevsky-Trofimov estimate of its own context: the bits i - m and i - 2m
 * of the range (the same position one and two levels before; ABF: in gossip
 * a level holds every key of the level two before, on a bipartite graph none
 * of the level before).  A BF or SDBF range is one level: count and urn only.
 */
class BitContexts
{
  public:
    explicit BitContexts(uint32_t m)
        : m_m(m)
    {
    }

    /// The context of bit i (i >= m) of a range whose bits below i are in `raw`.
    size_t Of(const uint8_t* raw, uint32_t i) const
    {
        const size_t c1 = Bit(raw, i - m_m) ? 1 : 0;
        const size_t c2 = i >= 2 * uint64_t{m_m} ? (Bit(raw, i - 2 * m_m) ? 1 : 0) : 2;
        return c1 * 3 + c2;
    }

    uint32_t ones[6] = {};
    uint32_t zeros[6] = {};

  private:
    uint32_t m_m;
};

void
EncodeBits(RangeEncoder& enc, const FilterShape& shape, uint32_t n, const uint8_t* raw)
{
    const uint32_t head = std::min(n, shape.slots);
    EncodeBitPiece(enc, raw, 0, head);
    BitContexts ctx(shape.slots);
    for (uint32_t i = head; i < n; ++i)
    {
        const size_t c = ctx.Of(raw, i);
        const bool bit = Bit(raw, i);
        enc.EncodeKtBit(bit, ctx.ones[c], ctx.zeros[c]);
        ++(bit ? ctx.ones[c] : ctx.zeros[c]);
    }
}

void
DecodeBits(RangeDecoder& dec, const FilterShape& shape, uint32_t n, uint8_t* raw)
{
    const uint32_t head = std::min(n, shape.slots);
    DecodeBitPiece(dec, raw, 0, head);
    BitContexts ctx(shape.slots);
    for (uint32_t i = head; i < n; ++i)
    {
        const size_t c = ctx.Of(raw, i);
        const bool bit = dec.DecodeKtBit(ctx.ones[c], ctx.zeros[c]);
        ++(bit ? ctx.ones[c] : ctx.zeros[c]);
        raw[i / 8] |= static_cast<uint8_t>((bit ? 1U : 0U) << (i % 8));
    }
}

// ------------------------------------------------------------ cells

/// Cumulative counts over d symbols (Fenwick tree).
class Fenwick
{
  public:
    explicit Fenwick(const std::vector<uint32_t>& counts)
        : m_tree(counts.size() + 1, 0)
    {
        for (size_t i = 0; i < counts.size(); ++i)
        {
            Add(i, counts[i]);
        }
    }

    void Add(size_t i, int64_t delta)
    {
        for (size_t j = i + 1; j < m_tree.size(); j += j & (~j + 1))
        {
            m_tree[j] = static_cast<uint32_t>(m_tree[j] + delta);
        }
    }

    /// Sum of counts 0 .. i - 1.
    uint32_t Prefix(size_t i) const
    {
        uint32_t sum = 0;
        for (size_t j = i; j > 0; j -= j & (~j + 1))
        {
            sum += m_tree[j];
        }
        return sum;
    }

    /// The symbol k with Prefix(k) <= t < Prefix(k + 1) (t below the total).
    size_t Find(uint32_t t) const
    {
        size_t pos = 0;
        size_t step = 1;
        while (step * 2 < m_tree.size())
        {
            step *= 2;
        }
        for (; step > 0; step /= 2)
        {
            if (pos + step < m_tree.size() && m_tree[pos + step] <= t)
            {
                pos += step;
                t -= m_tree[pos];
            }
        }
        return pos;
    }

  private:
    std::vector<uint32_t> m_tree;
};

/**
 * Cells: the zero map as a bit piece; then, over the non-zero cells' symbols,
 * the least and greatest symbol present (uniform), which symbols between them
 * are present (KT bits), how many cells each present symbol has (a
 * composition of the count: urn over its c - 1 cut points) and the symbols
 * in cell order (multinomial urn).  False when a cell is outside the alphabet.
 */
bool
EncodeCells(RangeEncoder& enc,
            uint32_t n,
            uint32_t b,
            const uint8_t* raw,
            const CellAlphabet& alphabet)
{
    std::vector<uint32_t> symbols;
    std::vector<uint8_t> map((n + 7) / 8, 0);
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t v = Field(raw, uint64_t{i} * b, b);
        if (v != 0)
        {
            const auto s = alphabet.Symbol(v);
            if (!s)
            {
                return false;
            }
            symbols.push_back(*s);
            map[i / 8] |= static_cast<uint8_t>(1U << (i % 8));
        }
    }
    EncodeBitPiece(enc, map.data(), 0, n);
    const auto c = static_cast<uint32_t>(symbols.size());
    if (c == 0)
    {
        return true;
    }
    std::vector<uint32_t> present = symbols;
    std::sort(present.begin(), present.end());
    present.erase(std::unique(present.begin(), present.end()), present.end());
    const uint32_t s = alphabet.Size();
    const uint32_t lo = present.front();
    const uint32_t hi = present.back();
    enc.EncodeUniform(lo, s);
    enc.EncodeUniform(hi - lo, s - lo);
    uint32_t ones = 0;
    uint32_t zeros = 0;
    size_t next = 1;
    for (uint32_t v = lo + 1; v < hi; ++v)
    {
        const bool here = present[next] == v;
        enc.EncodeKtBit(here, ones, zeros);
        ++(here ? ones : zeros);
        next += here ? 1 : 0;
    }
    const size_t d = present.size();
    std::vector<uint32_t> counts(d, 0);
    std::vector<uint32_t> index(c);
    for (uint32_t i = 0; i < c; ++i)
    {
        index[i] = static_cast<uint32_t>(
            std::lower_bound(present.begin(), present.end(), symbols[i]) - present.begin());
        ++counts[index[i]];
    }
    // The composition: cut point p (1..c-1) is set when a symbol's cells end there.
    uint32_t cut = counts[0];
    size_t k = 1;
    auto cuts = static_cast<uint32_t>(d - 1);
    for (uint32_t p = 1; p < c && cuts != 0 && cuts != c - p; ++p)
    {
        const bool here = p == cut;
        enc.EncodeUrnBit(here, cuts, c - p);
        if (here)
        {
            --cuts;
            cut += counts[k++];
        }
    }
    Fenwick tree(counts);
    for (uint32_t i = 0; i < c; ++i)
    {
        const uint32_t j = index[i];
        enc.Encode(tree.Prefix(j), counts[j], c - i);
        --counts[j];
        tree.Add(j, -1);
    }
    return true;
}

void
DecodeCells(RangeDecoder& dec, uint32_t n, uint32_t b, uint8_t* raw, const CellAlphabet& alphabet)
{
    std::vector<uint8_t> map((n + 7) / 8, 0);
    DecodeBitPiece(dec, map.data(), 0, n);
    uint32_t c = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        c += Bit(map.data(), i) ? 1 : 0;
    }
    if (c == 0)
    {
        return;
    }
    const uint32_t s = alphabet.Size();
    const uint32_t lo = dec.DecodeUniform(s);
    const uint32_t hi = lo + dec.DecodeUniform(s - lo);
    std::vector<uint32_t> present{lo};
    uint32_t ones = 0;
    uint32_t zeros = 0;
    for (uint32_t v = lo + 1; v < hi; ++v)
    {
        const bool here = dec.DecodeKtBit(ones, zeros);
        ++(here ? ones : zeros);
        if (here)
        {
            present.push_back(v);
        }
    }
    if (hi != lo)
    {
        present.push_back(hi);
    }
    const size_t d = present.size();
    if (d > c)
    {
        throw DecodeError("coded cells: " + std::to_string(d) + " symbols for " +
                          std::to_string(c) + " cells");
    }
    std::vector<uint32_t> counts(d, 0);
    auto cuts = static_cast<uint32_t>(d - 1);
    uint32_t last = 0;
    size_t k = 0;
    for (uint32_t p = 1; p < c && cuts != 0; ++p)
    {
        if (cuts == c - p || dec.DecodeUrnBit(cuts, c - p))
        {
            counts[k++] = p - last;
            last = p;
            --cuts;
        }
    }
    counts[k] = c - last;
    Fenwick tree(counts);
    uint32_t cell = 0;
    for (uint32_t i = 0; i < c; ++i, ++cell)
    {
        const uint32_t total = c - i;
        const size_t j = tree.Find(dec.Target(total));
        dec.Consume(tree.Prefix(j), counts[j], total);
        --counts[j];
        tree.Add(j, -1);
        while (!Bit(map.data(), cell))
        {
            ++cell;
        }
        PutField(raw, uint64_t{cell} * b, b, alphabet.Value(present[j]));
    }
}

// ------------------------------------------------------------ entries

/// Golomb-code x in 0..span, parameter from the r ids left to place in span + 1 values.
void
EncodeGap(RangeEncoder& enc, uint32_t x, uint32_t span, uint32_t r)
{
    const uint64_t m = std::max<uint64_t>(1, (uint64_t{span} + 1) * 709 / (uint64_t{1024} * r));
    const auto quotient = static_cast<uint32_t>(x / m);
    const auto last = static_cast<uint32_t>(span / m);
    for (uint32_t q = 0; q < quotient; ++q)
    {
        enc.Encode(1, 1, 2);
    }
    if (quotient < last)
    {
        enc.Encode(0, 1, 2);
    }
    const uint64_t count = quotient == last ? span - uint64_t{last} * m + 1 : m;
    enc.EncodeUniform(static_cast<uint32_t>(x - quotient * m), static_cast<uint32_t>(count));
}

uint32_t
DecodeGap(RangeDecoder& dec, uint32_t span, uint32_t r)
{
    const uint64_t m = std::max<uint64_t>(1, (uint64_t{span} + 1) * 709 / (uint64_t{1024} * r));
    const auto last = static_cast<uint32_t>(span / m);
    uint32_t quotient = 0;
    while (quotient < last && dec.DecodeUniform(2) == 1)
    {
        ++quotient;
    }
    const uint64_t count = quotient == last ? span - uint64_t{last} * m + 1 : m;
    return static_cast<uint32_t>(quotient * m + dec.DecodeUniform(static_cast<uint32_t>(count)));
}

/**
 * DV entries in canonical order (by hops, then id): the first hop count
 * (uniform), each next one as "same or up" (KT bits) and, when up, the step
 * (EncodeCount); then the ids of each run of equal hops, ascending, as
 * Golomb-coded gaps.  False when the entries are not canonical.
 */
bool
EncodeEntries(RangeEncoder& enc, const FilterShape& shape, uint32_t n, const uint8_t* raw)
{
    const uint32_t w = shape.hashes;
    const uint32_t b = shape.slotBits;
    const uint32_t idMask = (1U << w) - 1;
    const uint32_t hopMax = (1U << (b - w)) - 1;
    std::vector<uint32_t> ids(n);
    std::vector<uint32_t> hops(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t v = Field(raw, uint64_t{i} * b, b);
        ids[i] = v & idMask;
        hops[i] = v >> w;
        if (ids[i] == 0 ||
            (i > 0 && (hops[i] < hops[i - 1] || (hops[i] == hops[i - 1] && ids[i] <= ids[i - 1]))))
        {
            return false;
        }
    }
    if (n == 0)
    {
        return true;
    }
    enc.EncodeUniform(hops[0], hopMax + 1);
    uint32_t ups = 0;
    uint32_t sames = 0;
    for (uint32_t i = 1; i < n; ++i)
    {
        const uint32_t prev = hops[i - 1];
        if (prev == hopMax)
        {
            continue;
        }
        const bool up = hops[i] > prev;
        enc.EncodeKtBit(up, ups, sames);
        ++(up ? ups : sames);
        if (up)
        {
            enc.EncodeCount(hops[i] - prev - 1, hopMax - prev - 1);
        }
    }
    for (uint32_t start = 0; start < n;)
    {
        uint32_t end = start + 1;
        while (end < n && hops[end] == hops[start])
        {
            ++end;
        }
        uint32_t prev = 0;
        for (uint32_t i = start; i < end; ++i)
        {
            const uint32_t r = end - i;
            const uint32_t span = idMask - (r - 1) - prev - 1;
            EncodeGap(enc, ids[i] - prev - 1, span, r);
            prev = ids[i];
        }
        start = end;
    }
    return true;
}

void
DecodeEntries(RangeDecoder& dec, const FilterShape& shape, uint32_t n, uint8_t* raw)
{
    if (n == 0)
    {
        return;
    }
    const uint32_t w = shape.hashes;
    const uint32_t b = shape.slotBits;
    const uint32_t idMask = (1U << w) - 1;
    const uint32_t hopMax = (1U << (b - w)) - 1;
    std::vector<uint32_t> hops(n);
    hops[0] = dec.DecodeUniform(hopMax + 1);
    uint32_t ups = 0;
    uint32_t sames = 0;
    for (uint32_t i = 1; i < n; ++i)
    {
        const uint32_t prev = hops[i - 1];
        hops[i] = prev;
        if (prev == hopMax)
        {
            continue;
        }
        const bool up = dec.DecodeKtBit(ups, sames);
        ++(up ? ups : sames);
        if (up)
        {
            hops[i] = prev + 1 + dec.DecodeCount(hopMax - prev - 1);
        }
    }
    for (uint32_t start = 0; start < n;)
    {
        uint32_t end = start + 1;
        while (end < n && hops[end] == hops[start])
        {
            ++end;
        }
        if (end - start > idMask)
        {
            throw DecodeError("coded entries: " + std::to_string(end - start) + " ids of " +
                              std::to_string(w) + " bits at one hop count");
        }
        uint32_t prev = 0;
        for (uint32_t i = start; i < end; ++i)
        {
            const uint32_t r = end - i;
            const uint32_t span = idMask - (r - 1) - prev - 1;
            const uint32_t id = prev + 1 + DecodeGap(dec, span, r);
            PutField(raw, uint64_t{i} * b, b, id | hops[i] << w);
            prev = id;
        }
        start = end;
    }
}

/// SplitMix64's output function (a bijective 64-bit mix).
uint64_t
Mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/**
 * The top 4 bits of a SplitMix64 chain over b, the number of values and at
 * most 16 of them, evenly spaced (first and last included): constant time,
 * so that every node's policy can make its alphabet even for chains of
 * 65,535 values.
 */
uint8_t
FingerprintOf(uint32_t bits, const std::vector<uint16_t>& values)
{
    uint64_t h = Mix(bits);
    h = Mix(h ^ values.size());
    const size_t last = values.size() - 1;
    const size_t samples = std::min<size_t>(values.size(), 16);
    for (size_t i = 0; i < samples; ++i)
    {
        h = Mix(h ^ values[samples == 1 ? 0 : i * last / (samples - 1)]);
    }
    return static_cast<uint8_t>(h >> 60);
}

} // namespace

std::string
ToString(Codec codec)
{
    return codec == Codec::ENTROPY ? "entropy" : "none";
}

Codec
ParseCodec(const std::string& name)
{
    return ParseName(name, {Codec::NONE, Codec::ENTROPY});
}

std::string
ToString(SlotCoding coding)
{
    switch (coding)
    {
    case SlotCoding::RAW:
        return "raw";
    case SlotCoding::BITS:
        return "bits";
    case SlotCoding::CELLS:
        return "cells";
    case SlotCoding::ENTRIES:
        return "entries";
    }
    return "unknown";
}

CellAlphabet::CellAlphabet(uint32_t cellBits, std::shared_ptr<const std::vector<uint16_t>> values)
    : CellAlphabet(cellBits, std::move(values), Checked{})
{
    CheckCellBits(cellBits);
    for (size_t i = 0; i < m_values->size(); ++i)
    {
        const uint32_t v = (*m_values)[i];
        if (v == 0 || v >> cellBits != 0 || (i > 0 && v >= (*m_values)[i - 1]))
        {
            throw std::invalid_argument("cell alphabet: values must be non-zero, below 2^b and "
                                        "strictly decreasing");
        }
    }
}

CellAlphabet::CellAlphabet(uint32_t cellBits,
                           std::shared_ptr<const std::vector<uint16_t>> values,
                           Checked)
    : m_bits(cellBits),
      m_values(std::move(values)),
      m_fingerprint(0)
{
    if (!m_values || m_values->empty())
    {
        throw std::invalid_argument("cell alphabet: no values");
    }
    m_fingerprint = FingerprintOf(cellBits, *m_values);
}

CellAlphabet
CellAlphabet::FromDecay(const LbfDecay& decay)
{
    // A decay's chain is strictly decreasing from 2^b - 1 and non-zero.
    return CellAlphabet(decay.GetCellBits(), decay.SharedChain(), Checked{});
}

std::optional<uint32_t>
CellAlphabet::Symbol(uint32_t value) const
{
    // Strictly decreasing: the first value not above `value`.
    const auto it =
        std::lower_bound(m_values->begin(), m_values->end(), value, [](uint16_t a, uint32_t v) {
            return a > v;
        });
    if (it == m_values->end() || *it != value)
    {
        return std::nullopt;
    }
    return static_cast<uint32_t>(it - m_values->begin());
}

SlotCoding
EntropyCoding(const FilterShape& shape)
{
    const FilterTraits* traits = GetFilterTraits(shape.kind);
    if (traits != nullptr && traits->entrySlots)
    {
        return SlotCoding::ENTRIES;
    }
    if (traits != nullptr && traits->cellSlots)
    {
        return SlotCoding::CELLS;
    }
    return SlotCoding::BITS;
}

uint8_t
CodecByte(SlotCoding coding, const CellAlphabet* alphabet)
{
    const uint8_t high =
        coding == SlotCoding::CELLS && alphabet != nullptr ? alphabet->Fingerprint() : 0;
    return static_cast<uint8_t>(static_cast<uint8_t>(coding) | high << 4);
}

bool
AppendSlotsAs(SlotCoding coding,
              const FilterShape& shape,
              uint32_t n,
              const uint8_t* raw,
              const CellAlphabet* alphabet,
              std::vector<uint8_t>& out)
{
    if (coding == SlotCoding::RAW)
    {
        const uint64_t bits = uint64_t{n} * shape.slotBits;
        out.insert(out.end(), raw, raw + WireBytes(n, shape.slotBits));
        if (bits % 8 != 0)
        {
            out.back() &= static_cast<uint8_t>((1U << (bits % 8)) - 1); // zero padding
        }
        return true;
    }
    if (coding != EntropyCoding(shape))
    {
        return false;
    }
    RangeEncoder enc;
    switch (coding)
    {
    case SlotCoding::BITS:
        EncodeBits(enc, shape, n, raw);
        break;
    case SlotCoding::CELLS:
        if (alphabet == nullptr || alphabet->GetCellBits() != shape.slotBits ||
            !EncodeCells(enc, n, shape.slotBits, raw, *alphabet))
        {
            return false;
        }
        break;
    case SlotCoding::ENTRIES:
        if (!EncodeEntries(enc, shape, n, raw))
        {
            return false;
        }
        break;
    default:
        return false;
    }
    enc.Finish(out);
    return true;
}

size_t
AppendCodedSlots(const FilterShape& shape,
                 uint32_t n,
                 const uint8_t* raw,
                 const CellAlphabet* alphabet,
                 std::vector<uint8_t>& out)
{
    const size_t start = out.size();
    const uint64_t rawBytes = WireBytes(n, shape.slotBits);
    const SlotCoding coding = EntropyCoding(shape);
    out.push_back(CodecByte(coding, alphabet));
    if (AppendSlotsAs(coding, shape, n, raw, alphabet, out) && out.size() - start - 1 < rawBytes)
    {
        return out.size() - start;
    }
    out.resize(start);
    out.push_back(CodecByte(SlotCoding::RAW, nullptr));
    AppendSlotsAs(SlotCoding::RAW, shape, n, raw, nullptr, out);
    return out.size() - start;
}

void
CheckCodecByte(const FilterShape& shape, uint8_t codecByte)
{
    const auto coding = static_cast<SlotCoding>(codecByte & 0x0FU);
    if (static_cast<uint8_t>(coding) > static_cast<uint8_t>(SlotCoding::ENTRIES))
    {
        throw DecodeError("unknown slot coding " + std::to_string(codecByte & 0x0FU));
    }
    if (coding != SlotCoding::RAW && coding != EntropyCoding(shape))
    {
        throw DecodeError("slot coding " + ToString(coding) + " is not for " +
                          ToString(shape.kind));
    }
    if (codecByte > 0x0F && coding != SlotCoding::CELLS)
    {
        throw DecodeError("codec byte " + std::to_string(codecByte) + ": flags on " +
                          ToString(coding) + " slots");
    }
}

void
DecodeCodedSlots(const FilterShape& shape,
                 uint32_t n,
                 uint8_t codecByte,
                 const uint8_t* data,
                 size_t size,
                 const CellAlphabet* alphabet,
                 std::vector<uint8_t>& raw)
{
    CheckCodecByte(shape, codecByte);
    const auto coding = static_cast<SlotCoding>(codecByte & 0x0FU);
    const uint8_t high = codecByte >> 4;
    const uint64_t rawBytes = WireBytes(n, shape.slotBits);
    if (coding == SlotCoding::RAW)
    {
        if (size != rawBytes)
        {
            throw DecodeError("raw slots have " + std::to_string(size) + " bytes, expected " +
                              std::to_string(rawBytes));
        }
        CheckPadding(data, uint64_t{n} * shape.slotBits, "coded segment");
        raw.assign(data, data + size);
        return;
    }
    if (coding == SlotCoding::CELLS &&
        (alphabet == nullptr || alphabet->GetCellBits() != shape.slotBits))
    {
        throw DecodeError("coded cells of b=" + std::to_string(shape.slotBits) +
                          ": no cell alphabet of that width here");
    }
    if (coding == SlotCoding::CELLS && high != alphabet->Fingerprint())
    {
        throw DecodeError("coded cells: alphabet fingerprint " + std::to_string(high) +
                          ", this node's is " + std::to_string(alphabet->Fingerprint()) +
                          " (another LBF decay)");
    }
    raw.assign(rawBytes, 0);
    RangeDecoder dec(data, size);
    switch (coding)
    {
    case SlotCoding::BITS:
        DecodeBits(dec, shape, n, raw.data());
        break;
    case SlotCoding::CELLS:
        DecodeCells(dec, n, shape.slotBits, raw.data(), *alphabet);
        break;
    default:
        DecodeEntries(dec, shape, n, raw.data());
        break;
    }
    dec.Finish();
}

} // namespace bloom
} // namespace ns3
