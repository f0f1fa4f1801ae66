/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Gossip advertisements split into self-describing segments that each fit one
 * frame.  The segment format frames a slot range; the filter packs and
 * unpacks its own slots (any-filter.h).  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_GOSSIP_MESSAGE_H
#define BLOOM_GOSSIP_GOSSIP_MESSAGE_H

#include "message-type.h"

#include "ns3/any-filter.h"
#include "ns3/decode-error.h"
#include "ns3/filter-shape.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/// Bytes before the packed slots of a segment.
constexpr size_t kSegmentHeaderSize = 22;

/**
 * \ingroup bloom-gossip
 * \brief One segment of an advertisement.
 *
 * A filter is seen as a flat array of slots: BF m slots of 1 bit, LBF m
 * slots of b bits, ABF d m slots of 1 bit (level-major: slot = level m +
 * bit), DV m entries of b bits.  A segment carries a contiguous slot range, so a receiver can
 * update that range of its copy of the sender's filter even when other segments of the same
 * advertisement are lost.  Wire layout (little-endian):
 *
 *     offset size field
 *     0      1    dispatch 0x3B
 *     1      1    type (1 = advertisement)
 *     2      2    advertisement sequence number
 *     4      1    segment index (< count)
 *     5      1    segment count (1..255)
 *     6      10   filter shape (the filter-codec header: version, kind,
 *                 k, b, d, quantisation, m)
 *     16     4    first slot
 *     20     2    slot count (>= 1; first + count <= d m; an empty DV,
 *                 m = 0: one segment, first 0, count 0)
 *     22     P    ceil(count b / 8) bytes of packed slots, padding zero
 *
 * For a filter of several levels (ABF) that fit a frame, segments hold whole levels (a level
 * range); larger levels are split.
 */
struct AdvertisementSegment
{
    uint16_t sequence{0};
    uint8_t index{0};
    uint8_t count{1};
    FilterShape shape;
    uint32_t firstSlot{0};
    uint32_t slotCount{0};
    std::vector<uint32_t> slots; //!< slot values (0/1, or LBF cells)
};

/**
 * Split a filter into segments of at most `frameBytes` bytes each.  Throws
 * std::invalid_argument when a frame cannot hold the header and one slot, or
 * more than 255 segments would be needed.
 * \param filter the filter to advertise
 * \param sequence the advertisement sequence number
 * \param frameBytes most bytes of one frame
 * \return the encoded segments, in slot order
 */
std::vector<std::vector<uint8_t>> EncodeSegments(const AnyFilter& filter,
                                                 uint16_t sequence,
                                                 size_t frameBytes);

/**
 * \param shape a filter shape
 * \param frameBytes most bytes of one frame
 * \return the number of segments EncodeSegments() produces for the shape
 */
uint32_t SegmentCount(const FilterShape& shape, size_t frameBytes);

/**
 * Parse one segment; throws DecodeError on a wrong dispatch or type,
 * truncated or over-long input, an invalid shape, an index >= count, an empty
 * or out-of-range slot range, or non-zero padding.
 * \param data the frame
 * \param size its length in bytes
 * \return the segment, slots unpacked
 */
AdvertisementSegment DecodeSegment(const uint8_t* data, size_t size);

/**
 * Parse and validate one segment exactly as DecodeSegment does (padding bits
 * included) but leave `slots` empty: the payload, data + kSegmentHeaderSize,
 * is applied with ApplySegmentPayload.
 * \param data the frame
 * \param size its length in bytes
 * \return the segment without its slots
 */
AdvertisementSegment DecodeSegmentHeader(const uint8_t* data, size_t size);

/**
 * Write the packed slots of a segment straight into `filter`: the same
 * result as ApplySegment(filter, DecodeSegment(data, size)), without
 * unpacking the slots, whole runs of bits at a time.  When the filter's
 * shape differs it is replaced by an empty filter of the segment's shape
 * first (reported as changed and lowered).
 * \param filter the receiver's copy of the sender's filter, updated in place
 * \param segment DecodeSegmentHeader(data, size)
 * \param payload data + kSegmentHeaderSize
 * \return whether slots changed, and whether some were lowered
 */
StoreEffect ApplySegmentPayload(AnyFilter& filter,
                                const AdvertisementSegment& segment,
                                const uint8_t* payload);

/**
 * Write a segment's slots into `filter`.  When the filter's shape differs
 * (a neighbour changed parameters) it is replaced by an empty filter of the
 * segment's shape first.
 * \param filter the receiver's copy of the sender's filter, updated in place
 * \param segment a decoded segment
 */
void ApplySegment(AnyFilter& filter, const AdvertisementSegment& segment);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_GOSSIP_MESSAGE_H
