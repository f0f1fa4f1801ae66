/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The shape of a filter (family and parameters, everything but its
 * contents) and its 10-byte wire header, shared by the whole-filter codec
 * and the advertisement segments.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_FILTER_SHAPE_H
#define BLOOM_GOSSIP_FILTER_SHAPE_H

#include "decode-error.h"
#include "filter-kinds.h"
#include "lbf-quantization.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/// The family's FilterTraits name: "bf", "lbf", "abf", "sdbf" or "dv" ("unknown" for no family).
std::string ToString(FilterKind kind);
/**
 * \param kind a wire kind
 * \return the FilterTraits of its filter class, or nullptr when no family has that kind
 */
const FilterTraits* GetFilterTraits(FilterKind kind);
/// \return every family's kind, in the order of filter-kinds.h's list
std::vector<FilterKind> FilterKinds();
/**
 * Inverse of ToString(FilterKind).
 * \param name "bf", "lbf", "abf", "sdbf" or "dv"
 * \return the filter family; throws std::invalid_argument "'<name>' is not
 *         one of bf, lbf, abf, sdbf, dv" on anything else
 */
FilterKind ParseFilterKind(const std::string& name);

/// Version written in every header; the only one ParseHeader() accepts.
constexpr uint8_t kWireVersion = 1;
/// Size of the wire header in bytes.
constexpr size_t kWireHeaderSize = 10;

/**
 * \ingroup bloom-filter-core
 * \brief Shape of a filter: family and parameters.
 *
 * A filter of any family is a flat array of d m slots of b bits: BF and
 * SDBF m slots of 1 bit, LBF m cells of b bits, ABF d levels of m bits (level-major,
 * slot = level m + bit), DV m entries of b bits (a w-bit id and a hop count).  Each filter packs
 * and unpacks ranges of its own slots (AppendWireSlots / StoreWireSlots); encodings only frame
 * them.
 *
 * Wire header, all integers little-endian:
 *
 *     offset size field
 *     0      1    version (1)
 *     1      1    kind: 1 = BF, 2 = LBF, 3 = ABF, 4 = SDBF, 5 = DV
 *     2      1    k, hash functions (1..32); DV: id bits w (1..24)
 *     3      1    b, bits per slot (BF, ABF, SDBF: 1; LBF: 1..16;
 *                 DV: bits per entry, w + 1 .. w + 8)
 *     4      1    d, levels (BF, LBF, SDBF: 1; ABF: 1..255)
 *     5      1    quantization (LBF: 0 floor, 1 ceil, 2 round; else 0)
 *     6      4    m, slots per level (1..2^20; DV: entries, 0..2^20)
 */
struct FilterShape
{
    FilterKind kind{FilterKind::BLOOM};
    uint32_t hashes{0};                             //!< k
    uint32_t slotBits{1};                           //!< b
    uint32_t depth{1};                              //!< d
    Quantization quantization{Quantization::FLOOR}; //!< LBF rule
    uint32_t slots{0};                              //!< m, slots per level

    /// Bytes of one level's packed slots, ceil(m b / 8).
    size_t LevelBytes() const;
    /// Bytes of the whole-filter payload (d levels, each byte-aligned).
    size_t PayloadBytes() const;

    /// Header plus payload.
    size_t EncodedBytes() const
    {
        return kWireHeaderSize + PayloadBytes();
    }

    /// Slots of all levels, d m.
    uint64_t TotalSlots() const
    {
        return static_cast<uint64_t>(slots) * depth;
    }

    /// Throws DecodeError when a field is out of range or inconsistent with the kind.
    void Validate() const;
    bool operator==(const FilterShape& o) const;

    bool operator!=(const FilterShape& o) const
    {
        return !(*this == o);
    }
};

/// Append the 10-byte header of a shape.
void AppendHeader(const FilterShape& shape, std::vector<uint8_t>& out);
/// Parse and validate a header (needs at least kWireHeaderSize bytes).
FilterShape ParseHeader(const uint8_t* data, size_t size);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_SHAPE_H
