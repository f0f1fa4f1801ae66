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

void
PackedBits::OrWith(const PackedBits& other)
{
    for (size_t i = 0; i < m_words.size(); ++i)
    {
        m_words[i] |= other.m_words[i];
    }
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
PackedBits::AppendBytes(std::vector<uint8_t>& out) const
{
    const uint64_t n = ByteSize();
    out.reserve(out.size() + n);
    for (uint64_t i = 0; i < n; ++i)
    {
        out.push_back(static_cast<uint8_t>(m_words[i / 8] >> (8 * (i % 8))));
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
    std::fill(m_words.begin(), m_words.end(), 0);
    for (uint64_t i = 0; i < n; ++i)
    {
        m_words[i / 8] |= uint64_t{data[i]} << (8 * (i % 8));
    }
    return true;
}

} // namespace bloom
} // namespace ns3
