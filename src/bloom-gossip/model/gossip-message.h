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
#include "ns3/slot-codec.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/// Bytes before the packed slots of a segment.
constexpr size_t kSegmentHeaderSize = 22;
/// Bytes before the coded slots of a coded segment: the header and the codec byte.
constexpr size_t kCodedSegmentHeaderSize = kSegmentHeaderSize + 1;

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
 *
 * A coded segment (Codec::ENTROPY; message type 4, CODED_ADVERTISEMENT) has the same 22 bytes,
 * then one codec byte (slot-codec.h: the SlotCoding in its low 4 bits; for CELLS the cell
 * alphabet's fingerprint in its high 4 bits), then the slot range coded (to the end of the
 * frame) or, for RAW, packed as above.  Each coded segment holds as many slots as its coded
 * form lets into the frame (greedy, slot order; ABF levels may be split) and decodes on its
 * own.
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
    bool coded{false};           //!< a coded segment (message type 4)
    uint8_t codecByte{0};        //!< its codec byte (coded segments)

    /// \return how the slots are coded (RAW for a plain segment)
    SlotCoding Coding() const
    {
        return static_cast<SlotCoding>(codecByte & 0x0FU);
    }
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
 * Split a filter into segments of at most `frameBytes` bytes each, coded
 * with `codec`: Codec::NONE gives EncodeSegments(filter, sequence,
 * frameBytes); Codec::ENTROPY gives coded segments (type 4), each holding
 * the longest slot range whose coded payload (AppendCodedSlots) fits the
 * frame.  Throws std::invalid_argument as EncodeSegments (a frame of
 * kCodedSegmentHeaderSize bytes or less, or more than 255 segments).
 * \param filter the filter to advertise
 * \param sequence the advertisement sequence number
 * \param frameBytes most bytes of one frame
 * \param codec the codec
 * \param alphabet the cell alphabet of an LBF (null: its cells go raw)
 * \return the encoded segments, in slot order
 */
std::vector<std::vector<uint8_t>> EncodeSegments(const AnyFilter& filter,
                                                 uint16_t sequence,
                                                 size_t frameBytes,
                                                 Codec codec,
                                                 const CellAlphabet* alphabet);

/**
 * \param shape a filter shape
 * \param frameBytes most bytes of one frame
 * \return the number of segments EncodeSegments() produces for the shape
 */
uint32_t SegmentCount(const FilterShape& shape, size_t frameBytes);

/**
 * \param shape a filter shape
 * \param frameBytes most bytes of one frame
 * \param codec the codec
 * \return the most segments EncodeSegments() produces for a filter of the
 *         shape with `codec` (Codec::NONE: exactly SegmentCount(shape,
 *         frameBytes); ENTROPY: every segment raw, SegmentCount(shape,
 *         frameBytes - 1) at most); throws std::invalid_argument as
 *         SegmentCount
 */
uint32_t MaxSegmentCount(const FilterShape& shape, size_t frameBytes, Codec codec);

/// What one advertisement of a filter takes on the air (MeasureAdvertisement).
struct AdvertisementSize
{
    uint32_t frames{0};       //!< segments
    uint64_t payloadBytes{0}; //!< the filter's packed slots, FilterShape::PayloadBytes()
    /// The bytes after the segment headers, as sent: payloadBytes with
    /// Codec::NONE; with ENTROPY the codec bytes and the coded slots.
    uint64_t codedBytes{0};
    uint64_t bytes{0}; //!< every frame's bytes, headers included
};

/**
 * The size of the advertisement EncodeSegments(filter, ., frameBytes, codec,
 * alphabet) gives (a pure function of the filter: for a budget, a metric or
 * a trace).  Throws std::invalid_argument as EncodeSegments.
 * \param filter a filter
 * \param frameBytes most bytes of one frame
 * \param codec the codec
 * \param alphabet the cell alphabet of an LBF, or null
 * \return frames, raw payload bytes, coded bytes and frame bytes
 */
AdvertisementSize MeasureAdvertisement(const AnyFilter& filter,
                                       size_t frameBytes,
                                       Codec codec,
                                       const CellAlphabet* alphabet);

/**
 * Parse one segment, plain or coded; throws DecodeError on a wrong dispatch
 * or type, truncated or over-long input, an invalid shape, an index >=
 * count, an empty or out-of-range slot range, non-zero padding, or a coded
 * payload that does not decode (DecodeCodedSlots).
 * \param data the frame
 * \param size its length in bytes
 * \param alphabet the receiver's cell alphabet (coded LBF cells), or null
 * \return the segment, slots unpacked
 */
AdvertisementSegment DecodeSegment(const uint8_t* data,
                                   size_t size,
                                   const CellAlphabet* alphabet = nullptr);

/**
 * Parse and validate the header of one segment, plain (type 1) or coded
 * (type 4), as DecodeSegment does, but leave `slots` empty: for a plain
 * segment (and a coded one of RAW coding) the padding bits and the size are
 * checked too, and the payload, data + kSegmentHeaderSize, is applied with
 * ApplySegmentPayload; a coded payload is decoded by SegmentSlots.  A coded
 * segment's codec byte is checked here against its shape's family (an
 * unknown coding, one of another family, flags where there are none).
 * \param data the frame
 * \param size its length in bytes
 * \return the segment without its slots
 */
AdvertisementSegment DecodeSegmentHeader(const uint8_t* data, size_t size);

/**
 * The slots of a segment in their wire form, for ApplySegmentPayload: the
 * frame's own bytes for a plain or RAW segment, else the coded payload
 * decoded into `scratch` (DecodeCodedSlots; throws DecodeError).
 * \param segment DecodeSegmentHeader(data, size)
 * \param data the frame
 * \param size its length in bytes
 * \param alphabet the receiver's cell alphabet, or null
 * \param scratch where a coded payload is decoded to
 * \return the packed slots of the segment's range
 */
const uint8_t* SegmentSlots(const AdvertisementSegment& segment,
                            const uint8_t* data,
                            size_t size,
                            const CellAlphabet* alphabet,
                            std::vector<uint8_t>& scratch);

/**
 * Write the packed slots of a segment straight into `filter`: the same
 * result as ApplySegment(filter, DecodeSegment(data, size)), without
 * unpacking the slots, whole runs of bits at a time.  When the filter's
 * shape differs it is replaced by an empty filter of the segment's shape
 * first (reported as changed and lowered).
 * \param filter the receiver's copy of the sender's filter, updated in place
 * \param segment DecodeSegmentHeader(data, size)
 * \param payload the packed slots: data + kSegmentHeaderSize, or SegmentSlots()
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
