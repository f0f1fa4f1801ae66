/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packed-bits.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

PackedBits::PackedBits(uint64_t nbits)
    : m_nbits(nbits),
      m_words((nbits + 63) / 64, 0)
{
}

namespace
{
/**
 * Ones in a word, inline (SWAR): the build assumes no popcount instruction,
 * so __builtin_popcountll would be a library call per word, while this
 * compiles to a few instructions, vectorised in CountOnes' loop.
 */
inline uint64_t
PopCount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (x * 0x0101010101010101ULL) >> 56;
}
} // namespace

uint64_t
PackedBits::CountOnes() const
{
    uint64_t n = 0;
    for (uint64_t w : m_words)
    {
        n += PopCount64(w);
    }
    return n;
}

uint64_t
PackedBits::CountNonZeroFields(unsigned width, uint64_t fields) const
{
    if (width < 1 || width > 16 || fields > m_nbits / width)
    {
        throw std::invalid_argument("PackedBits::CountNonZeroFields: width must be 1..16 and "
                                    "fields * width at most Size()");
    }
    const uint64_t nbits = fields * width;
    if (nbits == 0)
    {
        return 0;
    }
    __extension__ typedef unsigned __int128 Wide; // GCC and Clang, 64-bit targets
    // OR over a window of `width` bits, placed at the window's lowest bit: OR
    // over windows of 2^p <= width by doubling, then two overlapping windows.
    unsigned pow2 = 1;
    while (pow2 * 2 <= width)
    {
        pow2 *= 2;
    }
    // Field starts in a word form a periodic mask whose phase (the offset of
    // the first start in the word) depends on the word index.
    uint64_t startMask[16];
    for (unsigned phase = 0; phase < width; ++phase)
    {
        uint64_t m = 0;
        for (unsigned s = phase; s < 64; s += width)
        {
            m |= uint64_t{1} << s;
        }
        startMask[phase] = m;
    }
    const uint64_t words = (nbits + 63) / 64;
    const unsigned step = 64 % width; // how far field starts shift per word
    unsigned phase = 0;
    uint64_t count = 0;
    for (uint64_t w = 0; w < words; ++w)
    {
        Wide x = m_words[w];
        if (w + 1 < m_words.size())
        {
            x |= static_cast<Wide>(m_words[w + 1]) << 64;
        }
        for (unsigned span = 1; span < pow2; span *= 2)
        {
            x |= x >> span;
        }
        x |= x >> (width - pow2);
        uint64_t mask = startMask[phase];
        if (w == words - 1 && (nbits & 63) != 0)
        {
            mask &= (uint64_t{1} << (nbits & 63)) - 1; // no start past the last field
        }
        count += PopCount64(static_cast<uint64_t>(x) & mask);
        phase += width - step; // (phase + width - step) % width, without a division
        phase -= phase >= width ? width : 0;
    }
    return count;
}

void
PackedBits::Clear()
{
    std::fill(m_words.begin(), m_words.end(), 0);
}

bool
PackedBits::OrWith(const PackedBits& other)
{
    uint64_t added = 0;
    for (size_t i = 0; i < m_words.size(); ++i)
    {
        added |= other.m_words[i] & ~m_words[i];
        m_words[i] |= other.m_words[i];
    }
    return added != 0;
}

bool
PackedBits::IsSubsetOf(const PackedBits& other) const
{
    for (size_t i = 0; i < m_words.size(); ++i)
    {
        if ((m_words[i] & ~other.m_words[i]) != 0)
        {
            return false;
        }
    }
    return true;
}

void
PackedBits::AppendBytes(std::vector<uint8_t>& out, uint64_t offset, uint64_t nbits) const
{
    if (offset % 64 != 0)
    {
        PackedBits part(nbits);
        part.CopyFrom(*this, offset, 0, nbits);
        part.AppendBytes(out);
        return;
    }
    const uint64_t n = (nbits + 7) / 8;
    const uint64_t* words = m_words.data() + offset / 64;
    const size_t start = out.size();
    out.resize(start + n);
    uint8_t* p = out.data() + start;
    // Whole words first (8 bytes each, least significant byte first), then
    // the bytes of the last, partial word, whose bits past nbits are masked.
    const uint64_t full = n / 8;
    for (uint64_t w = 0; w < full; ++w, p += 8)
    {
        const uint64_t v = words[w];
        for (unsigned j = 0; j < 8; ++j)
        {
            p[j] = static_cast<uint8_t>(v >> (8 * j));
        }
    }
    for (uint64_t i = full * 8; i < n; ++i)
    {
        *p++ = static_cast<uint8_t>(words[i / 8] >> (8 * (i % 8)));
    }
    const unsigned tail = nbits % 8;
    if (tail != 0)
    {
        out.back() &= static_cast<uint8_t>((1U << tail) - 1);
    }
}

void
PackedBits::CopyFrom(const PackedBits& src, uint64_t srcBit, uint64_t dstBit, uint64_t nbits)
{
    for (uint64_t j = 0; j < nbits; j += 32)
    {
        const unsigned w = static_cast<unsigned>(std::min<uint64_t>(32, nbits - j));
        Set(dstBit + j, w, src.Get(srcBit + j, w));
    }
}

namespace
{
/// `width` (1..56) bits of a serialised bit string from bit `bit` on (reads
/// only the bytes that hold them).
uint64_t
ReadBits(const uint8_t* p, uint64_t bit, unsigned width)
{
    const uint8_t* q = p + bit / 8;
    const unsigned shift = bit % 8;
    const unsigned bytes = (shift + width + 7) / 8;
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; ++i)
    {
        v |= uint64_t{q[i]} << (8 * i);
    }
    return (v >> shift) & ((uint64_t{1} << width) - 1);
}
} // namespace

StoreEffect
PackedBits::StoreFields(uint64_t dstBit,
                        const uint8_t* src,
                        uint64_t srcBit,
                        uint64_t nbits,
                        unsigned width)
{
    StoreEffect effect;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // On little-endian hosts the words are the serialised bytes.
    if (dstBit % 8 == 0 && srcBit % 8 == 0)
    {
        const uint64_t whole = nbits / 8;
        const auto tail = static_cast<unsigned>(nbits % 8);
        const auto* stored = reinterpret_cast<const uint8_t*>(m_words.data()) + dstBit / 8;
        if (std::memcmp(stored, src + srcBit / 8, whole) == 0 &&
            (tail == 0 ||
             ReadBits(src, srcBit + 8 * whole, tail) == Get64(dstBit + 8 * whole, tail)))
        {
            return effect;
        }
    }
#endif
    // Whole fields, up to 56 bits at a time.
    const unsigned chunk = (56 / width) * width;
    const uint64_t mask = (uint64_t{1} << width) - 1;
    for (uint64_t j = 0; j < nbits; j += chunk)
    {
        const unsigned w = static_cast<unsigned>(std::min<uint64_t>(chunk, nbits - j));
        const uint64_t now = ReadBits(src, srcBit + j, w);
        const uint64_t before = Get64(dstBit + j, w);
        if (now == before)
        {
            continue;
        }
        effect.changed = true;
        if (width == 1)
        {
            effect.lowered = effect.lowered || (before & ~now) != 0;
        }
        for (unsigned f = 0; width > 1 && f < w && !effect.lowered; f += width)
        {
            effect.lowered = ((now >> f) & mask) < ((before >> f) & mask);
        }
        Set64(dstBit + j, w, now);
    }
    return effect;
}

bool
PackedBits::LoadBytes(const uint8_t* data, uint64_t offset, uint64_t nbits)
{
    const uint64_t n = (nbits + 7) / 8;
    const unsigned tail = nbits % 8;
    if (tail != 0 && (data[n - 1] >> tail) != 0)
    {
        return false;
    }
    uint64_t* words = m_words.data() + offset / 64;
    const uint64_t full = n / 8;
    for (uint64_t w = 0; w < full; ++w, data += 8)
    {
        uint64_t v = 0;
        for (unsigned j = 0; j < 8; ++j)
        {
            v |= uint64_t{data[j]} << (8 * j);
        }
        words[w] = v;
    }
    if (full * 8 < n)
    {
        uint64_t v = 0;
        for (uint64_t i = full * 8; i < n; ++i)
        {
            v |= uint64_t{*data++} << (8 * (i % 8));
        }
        words[full] = v;
    }
    return true;
}

} // namespace bloom
} // namespace ns3
