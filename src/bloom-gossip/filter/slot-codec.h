/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Entropy coding of a filter's slot ranges (the payload of a coded
 * advertisement segment): sparse bits, cells of a small alphabet, sorted
 * distance-vector entries.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_SLOT_CODEC_H
#define BLOOM_GOSSIP_SLOT_CODEC_H

#include "decode-error.h"
#include "filter-shape.h"
#include "lbf-decay.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * What a node's advertisements are coded with (attribute Codec of the gossip
 * applications; one per run).
 */
enum class Codec : uint8_t
{
    NONE,    //!< slots packed as they are (advertisement segments of type 1)
    ENTROPY, //!< the family's entropy coding (SlotCoding), raw where it is not shorter
};

/// "none" or "entropy", the codec's name as a value of attribute Codec
std::string ToString(Codec codec);
/**
 * Inverse of ToString(Codec).
 * \param name "none" or "entropy"
 * \return the codec; throws std::invalid_argument "'<name>' is not none or entropy"
 */
Codec ParseCodec(const std::string& name);

/**
 * \ingroup bloom-filter-core
 * How one coded slot range is coded: the low 4 bits of a coded segment's
 * codec byte.
 */
enum class SlotCoding : uint8_t
{
    RAW = 0,     //!< the packed slots, as in a plain segment
    BITS = 1,    //!< 1-bit slots (BF, SDBF, ABF): count and urn; later levels in context
    CELLS = 2,   //!< LBF cells: counts per symbol (LBF model), zero map, multinomial urn
    ENTRIES = 3, //!< DV entries in canonical order: hop steps, Golomb-coded id gaps
};

/// "raw", "bits", "cells" or "entries" ("unknown" for another value)
std::string ToString(SlotCoding coding);

/**
 * \ingroup bloom-filter-core
 * \brief The values an LBF cell can hold besides 0, both ends knowing them:
 * the decay chain v0 = 2^b - 1 > v1 > ... > vH (lbf-decay.h), from b, the
 * decay rule and its factor or step.  Cell coding codes a cell as the index
 * h of its value (its hop count), so its alphabet has H + 2 symbols, not
 * 2^b.  A 4-bit fingerprint of the alphabet (b, its size and up to 16
 * values spread over it) travels in the codec byte, so that a receiver
 * with another alphabet refuses the segment instead of reading other values
 * (a 1/16 chance of a clash).
 */
class CellAlphabet
{
  public:
    /**
     * \param cellBits b (1..16)
     * \param values the distinct non-zero values, each below 2^b, in the order
     *        of their symbols (a chain: strictly decreasing); throws
     *        std::invalid_argument otherwise
     */
    CellAlphabet(uint32_t cellBits, std::shared_ptr<const std::vector<uint16_t>> values);
    /// The alphabet of an LBF decay's chain (sharing the decay's interned table).
    static CellAlphabet FromDecay(const LbfDecay& decay);

    uint32_t GetCellBits() const
    {
        return m_bits;
    }

    /// \return the number of non-zero symbols, H + 1
    uint32_t Size() const
    {
        return static_cast<uint32_t>(m_values->size());
    }

    /// \return the value of symbol i (< Size())
    uint32_t Value(uint32_t i) const
    {
        return (*m_values)[i];
    }

    /// \return the symbol of a non-zero value, or nullopt when it is not in the alphabet
    std::optional<uint32_t> Symbol(uint32_t value) const;

    /// \return the 4-bit fingerprint of (b, values)
    uint8_t Fingerprint() const
    {
        return m_fingerprint;
    }

  private:
    /// The values need no check (a decay's chain).
    struct Checked
    {
    };

    CellAlphabet(uint32_t cellBits, std::shared_ptr<const std::vector<uint16_t>> values, Checked);

    uint32_t m_bits;
    std::shared_ptr<const std::vector<uint16_t>> m_values;
    uint8_t m_fingerprint;
};

/**
 * \param shape a filter shape
 * \return the coding the entropy codec tries for its slots: BITS for 1-bit
 *         slots (BF, SDBF, ABF), CELLS for LBF cells, ENTRIES for DV entries
 */
SlotCoding EntropyCoding(const FilterShape& shape);

/**
 * The codec byte of a coded segment: the coding in its low 4 bits, and for
 * CELLS the alphabet's fingerprint in its high 4 bits (else 0).
 */
uint8_t CodecByte(SlotCoding coding, const CellAlphabet* alphabet);

/**
 * Code a range of n slots of a filter of `shape` with `coding`.  The codings
 * see a range on its own: where it starts in the filter does not matter
 * (ABF: a bit's context is the bit m and 2m slots before it in the range).
 * \param shape the filter's shape
 * \param n the number of slots (at most 0xFFFF)
 * \param raw their wire form (AppendWireSlots: slot i at bits i b ..; bits
 *        past n b are ignored, so a longer range's wire form will do)
 * \param coding how to code them
 * \param alphabet the cell alphabet (CELLS only)
 * \param out the coded bytes are appended (not the codec byte)
 * \return false, appending nothing, when `coding` cannot code these slots:
 *         not the family's coding, CELLS without an alphabet of b bits or
 *         with a cell outside it, ENTRIES not in canonical order (ids
 *         non-zero, strictly increasing by hops then id)
 */
bool AppendSlotsAs(SlotCoding coding,
                   const FilterShape& shape,
                   uint32_t n,
                   const uint8_t* raw,
                   const CellAlphabet* alphabet,
                   std::vector<uint8_t>& out);

/**
 * The bits CELLS spends on the counts of a range's symbols: the least and
 * greatest symbol present and the count of every symbol between them under
 * the LBF count model (slot-codec.cc, CellCountModel: r resources a hop,
 * geometric, each writing Binomial(k, q) new cells of the range), the ideal
 * -log2 of the coder's integer frequencies.  The zero map and the cells'
 * order (urns) are not counted.
 * \param shape the filter's shape (k = hashes, m = slots)
 * \param n the number of cells of the range
 * \param counts counts[h]: the cells of symbol h (one entry a symbol of the
 *        alphabet), summing to at most n (else std::invalid_argument)
 * \return the bits
 */
double CellCountBits(const FilterShape& shape, uint32_t n, const std::vector<uint32_t>& counts);

/**
 * The payload of a coded segment: the codec byte, then the slots coded with
 * the family's coding (EntropyCoding) when that is shorter than their wire
 * form, else the wire form (RAW).  Never more than 1 + ceil(n b / 8) bytes.
 * Arguments as AppendSlotsAs.
 * \return the number of bytes appended
 */
size_t AppendCodedSlots(const FilterShape& shape,
                        uint32_t n,
                        const uint8_t* raw,
                        const CellAlphabet* alphabet,
                        std::vector<uint8_t>& out);

/**
 * Check a codec byte against a shape: throws DecodeError on an unknown
 * coding, a coding of another family, or a non-zero high nibble where the
 * coding has none (every coding but CELLS).
 * \param shape the filter's shape
 * \param codecByte the codec byte
 */
void CheckCodecByte(const FilterShape& shape, uint8_t codecByte);

/**
 * Decode a coded slot range into its wire form.  Throws DecodeError on an
 * unknown coding, a coding not of the shape's family, a non-zero high nibble
 * (CELLS: a fingerprint other than the alphabet's, or no alphabet of b
 * bits), a wrong size or non-zero padding (RAW), and coded bytes that are not
 * exactly what AppendSlotsAs writes for some slots (so whatever decodes
 * re-encodes to the same bytes).
 * \param shape the filter's shape (validated)
 * \param n the number of slots (a range within the filter)
 * \param codecByte the codec byte
 * \param data the bytes after it
 * \param size their number
 * \param alphabet the receiver's cell alphabet, or null
 * \param raw set to the ceil(n b / 8) bytes of the slots' wire form
 */
void DecodeCodedSlots(const FilterShape& shape,
                      uint32_t n,
                      uint8_t codecByte,
                      const uint8_t* data,
                      size_t size,
                      const CellAlphabet* alphabet,
                      std::vector<uint8_t>& raw);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_SLOT_CODEC_H
