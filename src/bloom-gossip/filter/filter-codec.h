/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Versioned, self-describing wire encoding of a whole filter: the shape's
 * header followed by every level's slots.  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_FILTER_CODEC_H
#define BLOOM_GOSSIP_FILTER_CODEC_H

#include "any-filter.h"
#include "decode-error.h"
#include "filter-shape.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * Encode a filter: the FilterShape header (filter-shape.h), then d levels,
 * each ceil(m b / 8) bytes of the level's slots in their wire form (slot i at
 * bits i b .. i b + b - 1, little-endian bit order, padding bits zero).
 */
std::vector<uint8_t> Encode(const AnyFilter& f);

/// Decode any filter; throws DecodeError on truncated, over-long, out-of-range,
/// inconsistent or unknown-version input, or non-zero padding bits.
AnyFilter Decode(const uint8_t* data, size_t size);

inline AnyFilter
Decode(const std::vector<uint8_t>& bytes)
{
    return Decode(bytes.data(), bytes.size());
}

/**
 * Throws DecodeError when a bit of the last of the ceil(nbits / 8) bytes at
 * `data` past `nbits` is set (every encoding pads with zero bits).
 */
void CheckPadding(const uint8_t* data, uint64_t nbits, const char* what);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_CODEC_H
