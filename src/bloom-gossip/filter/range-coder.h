/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A byte-oriented arithmetic (range) coder with exact integer arithmetic
 * and a canonical, shortest termination.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_RANGE_CODER_H
#define BLOOM_GOSSIP_RANGE_CODER_H

#include "decode-error.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/// Largest total of a distribution the range coder codes in one step.
constexpr uint32_t kMaxCoderTotal = 1U << 24;

/**
 * \ingroup bloom-filter-core
 * \brief Range encoder: a symbol is an interval [cum, cum + freq) of a total.
 *
 * The state is a 32-bit window of the code value (low) and a range kept at
 * or above 2^24 (a byte is shifted out whenever it falls below), with carry
 * propagation as in LZMA's range coder.  Each step splits the range exactly
 * as floor(range cum / total), so a symbol of probability p costs -log2 p
 * bits to within 2^-24 relative, whatever the total (up to kMaxCoderTotal).
 *
 * Termination: Finish() picks, in the final interval, the value with the
 * most trailing zero bits and writes the code value's bytes without the
 * always-zero leading byte and without trailing zero bytes (the decoder
 * reads zeros past the end).  The output is therefore the shortest of its
 * kind and unique: RangeDecoder::Finish() refuses any other byte string that
 * would decode to the same symbols.  The code of symbols of total
 * information I bits (the sum of -log2 p) takes at most floor(I / 8) + 1
 * bytes (with I counting the split's rounding, under 2^-24 bits a symbol).
 */
class RangeEncoder
{
  public:
    RangeEncoder();

    /**
     * Code the symbol [cum, cum + freq) of a distribution of `total`
     * (1 <= freq, cum + freq <= total <= kMaxCoderTotal; checked by assert).
     */
    void Encode(uint32_t cum, uint32_t freq, uint32_t total);
    /// Code `value` uniform over 0 .. count - 1 (count >= 1; any size).
    void EncodeUniform(uint32_t value, uint32_t count);
    /**
     * Code one bit of an urn of `total` bits of which `ones` are ones
     * (P(1) = ones / total); nothing is written when the bit is certain.
     */
    void EncodeUrnBit(bool bit, uint32_t ones, uint32_t total);
    /**
     * Code one bit with the Krichevsky-Trofimov estimate after `ones` ones
     * and `zeros` zeros: P(1) = (2 ones + 1) / (2 (ones + zeros) + 2).
     */
    void EncodeKtBit(bool bit, uint32_t ones, uint32_t zeros);
    /**
     * Code a count c in 0..n: its bit length uniform over 0..BitLength(n),
     * then its bits below the leading one uniform (as far as n allows).
     * About log2(log2 n) + log2 c bits: cheap for the small counts of sparse
     * content.
     */
    void EncodeCount(uint32_t c, uint32_t n);
    /// \return the bits EncodeCount(c, n) spends (c <= n)
    static double CountBits(uint32_t c, uint32_t n);

    /// Append the code (see the class) to `out`; the encoder is reset.
    void Finish(std::vector<uint8_t>& out);

  private:
    /// Code a binary symbol: 0 is [0, zeros), 1 is [zeros, total) (one division).
    void EncodeBinary(bool bit, uint32_t zeros, uint32_t total);
    void Normalize();
    void ShiftLow();
    void Put(uint8_t byte);

    uint64_t m_low;
    uint32_t m_range;
    uint8_t m_cache;
    uint64_t m_cacheSize;
    bool m_skipFirst; //!< the first byte (always 0) is not written
    std::vector<uint8_t> m_out;
};

/**
 * \ingroup bloom-filter-core
 * \brief The decoder of RangeEncoder: decodes the same calls in the same
 * order.  Reads zeros past the end of its input, never out of bounds; throws
 * DecodeError when the input cannot be a code (a code value outside the
 * range) and, at Finish(), when it is not exactly what RangeEncoder would
 * have written for the symbols decoded.
 */
class RangeDecoder
{
  public:
    RangeDecoder(const uint8_t* data, size_t size);

    /**
     * The position of the code value in a distribution of `total`: the
     * caller finds the symbol [cum, cum + freq) holding it and calls
     * Consume(cum, freq, total).
     */
    uint32_t Target(uint32_t total) const;
    /// Remove the symbol [cum, cum + freq) found through Target().
    void Consume(uint32_t cum, uint32_t freq, uint32_t total);
    /// Mirror of RangeEncoder::EncodeUniform.
    uint32_t DecodeUniform(uint32_t count);
    /// Mirror of RangeEncoder::EncodeUrnBit.
    bool DecodeUrnBit(uint32_t ones, uint32_t total);
    /// Mirror of RangeEncoder::EncodeKtBit.
    bool DecodeKtBit(uint32_t ones, uint32_t zeros);
    /// Mirror of RangeEncoder::EncodeCount.
    uint32_t DecodeCount(uint32_t n);

    /**
     * Check that the input is exactly the encoder's code of the symbols
     * decoded: no byte past the ones read, no trailing zero byte, and the
     * code value is the one the encoder's termination picks.  Throws
     * DecodeError otherwise.
     */
    void Finish() const;

  private:
    /// Mirror of RangeEncoder::EncodeBinary.
    bool DecodeBinary(uint32_t zeros, uint32_t total);
    void Normalize();
    uint8_t Next();

    const uint8_t* m_data;
    size_t m_size;
    size_t m_pos;
    uint64_t m_low;    //!< the encoder's low, tracked for Finish()
    uint32_t m_range;  //!< the encoder's range
    uint32_t m_window; //!< the last 4 bytes read (the code value's window)
};

/// \return the number of bits of `v` (0 for 0)
constexpr uint32_t
BitLength(uint64_t v)
{
    uint32_t n = 0;
    while (v != 0)
    {
        ++n;
        v >>= 1;
    }
    return n;
}

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_RANGE_CODER_H
