/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A fixed-size bit string with fields of 1..16 bits, packed without padding.
 * Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_PACKED_BITS_H
#define BLOOM_GOSSIP_PACKED_BITS_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/// What writing a run of fields did (PackedBits::StoreFields and the
/// filters' StoreWireSlots).
struct StoreEffect
{
    bool changed = false; //!< some field took a new value
    bool lowered = false; //!< some field took a smaller value

    StoreEffect& operator|=(const StoreEffect& o)
    {
        changed = changed || o.changed;
        lowered = lowered || o.lowered;
        return *this;
    }
};

/**
 * \ingroup bloom-filter-core
 * \brief Bit string of a fixed length stored in 64-bit words.
 *
 * Bit j lives in word j/64 at position j%64.  Serialised, byte i carries bits
 * 8i..8i+7 with bit 8i as its least significant bit (little-endian bit and
 * byte order, independent of the host).  Bits past the length are always
 * zero, so equality and popcount need no masking.
 */
class PackedBits
{
  public:
    explicit PackedBits(uint64_t nbits = 0);

    uint64_t Size() const
    {
        return m_nbits;
    }

    /// Read `width` (1..32) bits starting at bit `offset`.
    uint32_t Get(uint64_t offset, unsigned width) const
    {
        return static_cast<uint32_t>(Get64(offset, width));
    }

    /// Write `width` (1..32) bits starting at bit `offset`; value must fit.
    void Set(uint64_t offset, unsigned width, uint32_t value)
    {
        Set64(offset, width, value);
    }

    /// `width` (1..63) bits from bit `offset` on, for word-at-a-time loops.
    uint64_t Get64(uint64_t offset, unsigned width) const
    {
        const uint64_t w = offset >> 6;
        const unsigned s = offset & 63;
        uint64_t v = m_words[w] >> s;
        if (s + width > 64)
        {
            v |= m_words[w + 1] << (64 - s);
        }
        return v & ((uint64_t{1} << width) - 1);
    }

    /// Write `width` (1..63) bits starting at bit `offset`; value must fit.
    void Set64(uint64_t offset, unsigned width, uint64_t value)
    {
        const uint64_t w = offset >> 6;
        const unsigned s = offset & 63;
        const uint64_t mask = (uint64_t{1} << width) - 1;
        m_words[w] = (m_words[w] & ~(mask << s)) | (value << s);
        if (s + width > 64)
        {
            const unsigned spill = 64 - s;
            m_words[w + 1] = (m_words[w + 1] & ~(mask >> spill)) | (value >> spill);
        }
    }

    bool Test(uint64_t bit) const
    {
        return (m_words[bit >> 6] >> (bit & 63)) & 1U;
    }

    void SetBit(uint64_t bit)
    {
        m_words[bit >> 6] |= uint64_t{1} << (bit & 63);
    }

    /// Number of bits set to one.
    uint64_t CountOnes() const;
    /**
     * Number of non-zero fields among the first `fields` fields of `width`
     * (1..16) bits, field i at bits i*width .. i*width+width-1.  Word-parallel
     * (a few operations per 64-bit word, whatever the width);
     * throws std::invalid_argument unless 1 <= width <= 16 and
     * fields * width <= Size().
     */
    uint64_t CountNonZeroFields(unsigned width, uint64_t fields) const;
    /// Set every bit to zero.
    void Clear();
    /// Bitwise OR with a string of the same size; true when a bit changed.
    bool OrWith(const PackedBits& other);
    /// Whether every bit set here is set in `other` (same size).
    bool IsSubsetOf(const PackedBits& other) const;

    /// Number of bytes of the serialised form: ceil(size / 8).
    uint64_t ByteSize() const
    {
        return (m_nbits + 7) / 8;
    }

    /// Append the serialised form (ByteSize() bytes) to `out`.
    void AppendBytes(std::vector<uint8_t>& out) const
    {
        AppendBytes(out, 0, m_nbits);
    }

    /**
     * Load from exactly ByteSize() bytes.  Returns false (and leaves the
     * object unchanged) when a padding bit past Size() is set.
     */
    bool LoadBytes(const uint8_t* data)
    {
        return LoadBytes(data, 0, m_nbits);
    }

    /**
     * Append the serialised form of bits offset .. offset + nbits - 1
     * (ceil(nbits / 8) bytes, bit `offset` first, padding bits zero); the
     * range must lie within Size().  Word-aligned ranges are copied a word
     * at a time.
     */
    void AppendBytes(std::vector<uint8_t>& out, uint64_t offset, uint64_t nbits) const;
    /// Copy bits srcBit .. srcBit + nbits - 1 of `src` to dstBit .. here.
    void CopyFrom(const PackedBits& src, uint64_t srcBit, uint64_t dstBit, uint64_t nbits);
    /**
     * Write `nbits` bits of a serialised bit string `src`, from its bit
     * `srcBit` on, at dstBit .. dstBit + nbits - 1, seen as fields of `width`
     * (1..16) bits: reports whether a field changed and whether one got
     * smaller.  Reads only the bytes of `src` that hold those bits.  A run
     * that changes nothing (the common case once gossip has converged) is
     * settled by one memcmp when both sides start on a byte.
     */
    StoreEffect StoreFields(uint64_t dstBit,
                            const uint8_t* src,
                            uint64_t srcBit,
                            uint64_t nbits,
                            unsigned width);
    /**
     * Load bits offset .. offset + nbits - 1 from ceil(nbits / 8) bytes
     * (`offset` a multiple of 64, the range within Size()); the bits from
     * offset + nbits to the end of that 64-bit word become zero.  Returns
     * false (and changes nothing) when a bit of the last byte past nbits is set.
     */
    bool LoadBytes(const uint8_t* data, uint64_t offset, uint64_t nbits);

    const std::vector<uint64_t>& Words() const
    {
        return m_words;
    }

    /**
     * Direct access to the words for whole-word algorithms.  The caller must
     * keep every bit past Size() zero.
     */
    std::vector<uint64_t>& MutableWords()
    {
        return m_words;
    }

    bool operator==(const PackedBits& o) const
    {
        return m_nbits == o.m_nbits && m_words == o.m_words;
    }

    bool operator!=(const PackedBits& o) const
    {
        return !(*this == o);
    }

  private:
    uint64_t m_nbits;
    std::vector<uint64_t> m_words;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_PACKED_BITS_H
