/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "range-coder.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace ns3
{
namespace bloom
{

namespace
{

/// The range never falls below this after a step (a byte is shifted out).
constexpr uint32_t kTop = 1U << 24;
/// Uniform values above kMaxCoderTotal are coded as a high part and 16 low bits.
constexpr uint32_t kLowBits = 16;

/**
 * One coding step, the same in the encoder and the decoder: [low, low +
 * range) narrowed to the symbol's share [cum, cum + freq) of total.
 */
void
Narrow(uint64_t& low, uint32_t& range, uint32_t cum, uint32_t freq, uint32_t total)
{
    assert(freq >= 1 && total <= kMaxCoderTotal && cum + uint64_t{freq} <= total);
    const uint64_t lo = uint64_t{range} * cum / total;
    const uint64_t hi = uint64_t{range} * (cum + freq) / total;
    low += lo;
    range = static_cast<uint32_t>(hi - lo);
}

/**
 * The value in [low, low + range) with the most trailing zero bits (the
 * smallest such): what the encoder's termination writes.
 */
uint64_t
Termination(uint64_t low, uint32_t range)
{
    for (int t = 32; t > 0; --t)
    {
        const uint64_t mask = (uint64_t{1} << t) - 1;
        const uint64_t v = (low + mask) & ~mask;
        if (v < low + range)
        {
            return v;
        }
    }
    return low;
}

} // namespace

RangeEncoder::RangeEncoder()
    : m_low(0),
      m_range(0xFFFFFFFFU),
      m_cache(0),
      m_cacheSize(1),
      m_skipFirst(true)
{
}

void
RangeEncoder::Put(uint8_t byte)
{
    if (m_skipFirst)
    {
        // The code value lies in [0, 1): its leading byte is always 0.
        m_skipFirst = false;
        return;
    }
    m_out.push_back(byte);
}

void
RangeEncoder::ShiftLow()
{
    if (static_cast<uint32_t>(m_low) < 0xFF000000U || (m_low >> 32) != 0)
    {
        const auto carry = static_cast<uint8_t>(m_low >> 32);
        uint8_t temp = m_cache;
        do
        {
            Put(static_cast<uint8_t>(temp + carry));
            temp = 0xFF;
        } while (--m_cacheSize != 0);
        m_cache = static_cast<uint8_t>(static_cast<uint32_t>(m_low) >> 24);
    }
    ++m_cacheSize;
    m_low = (m_low & 0x00FFFFFFU) << 8;
}

void
RangeEncoder::Encode(uint32_t cum, uint32_t freq, uint32_t total)
{
    Narrow(m_low, m_range, cum, freq, total);
    Normalize();
}

void
RangeEncoder::Normalize()
{
    while (m_range < kTop)
    {
        m_range <<= 8;
        ShiftLow();
    }
}

void
RangeEncoder::EncodeBinary(bool bit, uint32_t zeros, uint32_t total)
{
    // Encode(bit ? zeros : 0, bit ? total - zeros : zeros, total), whose
    // split at `total` is the range itself: one division instead of two.
    assert(zeros >= 1 && zeros < total && total <= kMaxCoderTotal);
    const auto split = static_cast<uint32_t>(uint64_t{m_range} * zeros / total);
    if (bit)
    {
        m_low += split;
        m_range -= split;
    }
    else
    {
        m_range = split;
    }
    Normalize();
}

void
RangeEncoder::EncodeUniform(uint32_t value, uint32_t count)
{
    assert(count >= 1 && value < count);
    if (count <= kMaxCoderTotal)
    {
        if (count > 1)
        {
            Encode(value, 1, count);
        }
        return;
    }
    const uint32_t top = (count - 1) >> kLowBits;
    const uint32_t high = value >> kLowBits;
    EncodeUniform(high, top + 1);
    const uint32_t lowCount = high == top ? ((count - 1) & 0xFFFFU) + 1 : 1U << kLowBits;
    EncodeUniform(value & 0xFFFFU, lowCount);
}

void
RangeEncoder::EncodeUrnBit(bool bit, uint32_t ones, uint32_t total)
{
    assert(ones <= total);
    if (ones == 0 || ones == total)
    {
        return;
    }
    EncodeBinary(bit, total - ones, total);
}

void
RangeEncoder::EncodeKtBit(bool bit, uint32_t ones, uint32_t zeros)
{
    const uint32_t total = 2 * (ones + zeros) + 2;
    EncodeBinary(bit, total - (2 * ones + 1), total);
}

void
RangeEncoder::EncodeCount(uint32_t c, uint32_t n)
{
    assert(c <= n);
    const uint32_t length = BitLength(c);
    EncodeUniform(length, BitLength(n) + 1);
    if (length >= 2)
    {
        const uint32_t base = 1U << (length - 1);
        EncodeUniform(c - base, std::min(base, n - base + 1));
    }
}

double
RangeEncoder::CountBits(uint32_t c, uint32_t n)
{
    double bits = std::log2(BitLength(n) + 1.0);
    const uint32_t length = BitLength(c);
    if (length >= 2)
    {
        const uint32_t base = 1U << (length - 1);
        bits += std::log2(static_cast<double>(std::min(base, n - base + 1)));
    }
    return bits;
}

void
RangeEncoder::Finish(std::vector<uint8_t>& out)
{
    m_low = Termination(m_low, m_range);
    for (int i = 0; i < 5; ++i)
    {
        ShiftLow();
    }
    while (!m_out.empty() && m_out.back() == 0)
    {
        m_out.pop_back();
    }
    out.insert(out.end(), m_out.begin(), m_out.end());
    *this = RangeEncoder();
}

// ------------------------------------------------------------------ decoder

RangeDecoder::RangeDecoder(const uint8_t* data, size_t size)
    : m_data(data),
      m_size(data == nullptr ? 0 : size),
      m_pos(0),
      m_low(0),
      m_range(0xFFFFFFFFU),
      m_window(0)
{
    for (int i = 0; i < 4; ++i)
    {
        m_window = (m_window << 8) | Next();
    }
    if (m_window >= m_range)
    {
        throw DecodeError("coded payload: code value out of range");
    }
}

uint8_t
RangeDecoder::Next()
{
    const uint8_t byte = m_pos < m_size ? m_data[m_pos] : 0;
    ++m_pos;
    return byte;
}

uint32_t
RangeDecoder::Target(uint32_t total) const
{
    assert(total >= 1 && total <= kMaxCoderTotal);
    // The code value relative to the interval (always below m_range).
    const uint32_t code = m_window - static_cast<uint32_t>(m_low);
    // The largest s with floor(range s / total) <= code.
    return static_cast<uint32_t>(((uint64_t{code} + 1) * total - 1) / m_range);
}

void
RangeDecoder::Consume(uint32_t cum, uint32_t freq, uint32_t total)
{
    Narrow(m_low, m_range, cum, freq, total);
    Normalize();
}

void
RangeDecoder::Normalize()
{
    while (m_range < kTop)
    {
        m_range <<= 8;
        m_low = (m_low & 0x00FFFFFFU) << 8;
        m_window = (m_window << 8) | Next();
    }
}

bool
RangeDecoder::DecodeBinary(uint32_t zeros, uint32_t total)
{
    assert(zeros >= 1 && zeros < total && total <= kMaxCoderTotal);
    const auto split = static_cast<uint32_t>(uint64_t{m_range} * zeros / total);
    const bool bit = m_window - static_cast<uint32_t>(m_low) >= split;
    if (bit)
    {
        m_low += split;
        m_range -= split;
    }
    else
    {
        m_range = split;
    }
    Normalize();
    return bit;
}

uint32_t
RangeDecoder::DecodeUniform(uint32_t count)
{
    assert(count >= 1);
    if (count <= kMaxCoderTotal)
    {
        if (count == 1)
        {
            return 0;
        }
        const uint32_t v = Target(count);
        Consume(v, 1, count);
        return v;
    }
    const uint32_t top = (count - 1) >> kLowBits;
    const uint32_t high = DecodeUniform(top + 1);
    const uint32_t lowCount = high == top ? ((count - 1) & 0xFFFFU) + 1 : 1U << kLowBits;
    return (high << kLowBits) | DecodeUniform(lowCount);
}

bool
RangeDecoder::DecodeUrnBit(uint32_t ones, uint32_t total)
{
    assert(ones <= total);
    if (ones == 0 || ones == total)
    {
        return ones != 0;
    }
    return DecodeBinary(total - ones, total);
}

bool
RangeDecoder::DecodeKtBit(uint32_t ones, uint32_t zeros)
{
    const uint32_t total = 2 * (ones + zeros) + 2;
    return DecodeBinary(total - (2 * ones + 1), total);
}

uint32_t
RangeDecoder::DecodeCount(uint32_t n)
{
    const uint32_t length = DecodeUniform(BitLength(n) + 1);
    if (length < 2)
    {
        return length;
    }
    const uint32_t base = 1U << (length - 1);
    return base + DecodeUniform(std::min(base, n - base + 1));
}

void
RangeDecoder::Finish() const
{
    if (m_size > m_pos)
    {
        throw DecodeError("coded payload: " + std::to_string(m_size - m_pos) +
                          " bytes past its end");
    }
    if (m_size > 0 && m_data[m_size - 1] == 0)
    {
        throw DecodeError("coded payload: trailing zero byte");
    }
    if (static_cast<uint32_t>(Termination(m_low, m_range)) != m_window)
    {
        throw DecodeError("coded payload: not the canonical termination");
    }
}

} // namespace bloom
} // namespace ns3
