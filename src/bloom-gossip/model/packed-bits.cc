/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packed-bits.h"

#include <algorithm>

namespace ns3
{
namespace bloom
{

PackedBits::PackedBits(uint64_t nbits)
    : m_nbits(nbits),
      m_words((nbits + 63) / 64, 0)
{
}

uint64_t
PackedBits::CountOnes() const
{
    uint64_t n = 0;
    for (uint64_t w : m_words)
    {
        n += static_cast<uint64_t>(__builtin_popcountll(w));
    }
    return n;
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

void
PackedBits::AppendBytes(std::vector<uint8_t>& out) const
{
    const uint64_t n = ByteSize();
    const size_t start = out.size();
    out.resize(start + n);
    uint8_t* p = out.data() + start;
    // Whole words first (8 bytes each, least significant byte first), then
    // the bytes of the last, partial word.
    const uint64_t full = n / 8;
    for (uint64_t w = 0; w < full; ++w, p += 8)
    {
        const uint64_t v = m_words[w];
        for (unsigned j = 0; j < 8; ++j)
        {
            p[j] = static_cast<uint8_t>(v >> (8 * j));
        }
    }
    for (uint64_t i = full * 8; i < n; ++i)
    {
        *p++ = static_cast<uint8_t>(m_words[i / 8] >> (8 * (i % 8)));
    }
}

bool
PackedBits::LoadBytes(const uint8_t* data)
{
    const uint64_t n = ByteSize();
    const unsigned tail = m_nbits % 8;
    if (tail != 0 && (data[n - 1] >> tail) != 0)
    {
        return false;
    }
    const uint64_t full = n / 8;
    for (uint64_t w = 0; w < full; ++w, data += 8)
    {
        uint64_t v = 0;
        for (unsigned j = 0; j < 8; ++j)
        {
            v |= uint64_t{data[j]} << (8 * j);
        }
        m_words[w] = v;
    }
    if (full < m_words.size())
    {
        uint64_t v = 0;
        for (uint64_t i = full * 8; i < n; ++i)
        {
            v |= uint64_t{*data++} << (8 * (i % 8));
        }
        m_words[full] = v;
    }
    return true;
}

} // namespace bloom
} // namespace ns3
