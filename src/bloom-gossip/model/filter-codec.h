/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Versioned, self-describing wire encoding of the three filter families.
 * Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_FILTER_CODEC_H
#define BLOOM_GOSSIP_FILTER_CODEC_H

#include "attenuated-bloom-filter.h"
#include "bloom-filter.h"
#include "linear-bloom-filter.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace ns3
{
namespace bloom
{

/// Filter family carried in an encoding.
enum class FilterKind : uint8_t
{
    BLOOM = 1,
    LINEAR = 2,
    ATTENUATED = 3,
};

/// "bf", "lbf" or "abf".
std::string ToString(FilterKind kind);

/// Version written by Encode(); the only one Decode() accepts.
constexpr uint8_t kWireVersion = 1;
/// Size of the encoding header in bytes.
constexpr size_t kWireHeaderSize = 10;

/**
 * \ingroup bloom-gossip
 * \brief Shape of an encoded filter (everything but its contents).
 *
 * Wire layout, all integers little-endian:
 *
 *     offset size field
 *     0      1    version (1)
 *     1      1    kind: 1 = BF, 2 = LBF, 3 = ABF
 *     2      1    k, hash functions (1..32)
 *     3      1    b, bits per slot (BF, ABF: 1; LBF: 1..16)
 *     4      1    d, levels (BF, LBF: 1; ABF: 1..255)
 *     5      1    quantization (LBF: 0 floor, 1 ceil, 2 round; else 0)
 *     6      4    m, slots per level (1..2^20)
 *     10     P    payload: d levels, each ceil(m b / 8) bytes of packed
 *                 slots (slot i at bits i b .. i b + b - 1, little-endian
 *                 bit order); padding bits are zero
 */
struct FilterShape
{
    FilterKind kind{FilterKind::BLOOM};
    uint32_t hashes{0};
    uint32_t slotBits{1};
    uint32_t depth{1};
    Quantization quantization{Quantization::FLOOR};
    uint32_t slots{0};

    /// Bytes of one level's packed slots.
    size_t LevelBytes() const;
    /// Bytes of the whole payload (depth levels).
    size_t PayloadBytes() const;

    /// Header plus payload.
    size_t EncodedBytes() const
    {
        return kWireHeaderSize + PayloadBytes();
    }

    /// Throws DecodeError when a field is out of range or inconsistent with the kind.
    void Validate() const;
    bool operator==(const FilterShape& o) const;
};

/// Thrown by every decoder on malformed input; never undefined behaviour.
class DecodeError : public std::runtime_error
{
  public:
    using std::runtime_error::runtime_error;
};

using AnyFilter = std::variant<BloomFilter, LinearBloomFilter, AttenuatedBloomFilter>;

FilterShape ShapeOf(const BloomFilter& f);
FilterShape ShapeOf(const LinearBloomFilter& f);
FilterShape ShapeOf(const AttenuatedBloomFilter& f);
FilterShape ShapeOf(const AnyFilter& f);

/// Write the 10-byte header of a shape.
void AppendHeader(const FilterShape& shape, std::vector<uint8_t>& out);
/// Parse and validate a header (needs at least kWireHeaderSize bytes).
FilterShape ParseHeader(const uint8_t* data, size_t size);

std::vector<uint8_t> Encode(const BloomFilter& f);
std::vector<uint8_t> Encode(const LinearBloomFilter& f);
std::vector<uint8_t> Encode(const AttenuatedBloomFilter& f);
std::vector<uint8_t> Encode(const AnyFilter& f);

/// Decode any filter; throws DecodeError on truncated, over-long, out-of-range,
/// inconsistent or unknown-version input, or non-zero padding bits.
AnyFilter Decode(const uint8_t* data, size_t size);

inline AnyFilter
Decode(const std::vector<uint8_t>& bytes)
{
    return Decode(bytes.data(), bytes.size());
}

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_CODEC_H
