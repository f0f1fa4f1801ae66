/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * What the two advertisement-segment targets (fuzz-gossip-segment: plain
 * segments; fuzz-coded-segment: coded ones) check and seed alike: the
 * consistency of an accepted segment, the rebuild of a filter from its own
 * advertisement frame by frame, and seeds encoded from a list of filters.
 */
#ifndef BLOOM_GOSSIP_SEGMENT_FUZZ_H
#define BLOOM_GOSSIP_SEGMENT_FUZZ_H

#include "fuzz-common.h"
#include "gossip-message.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace fuzz
{

/// Applying allocates the whole filter: only up to this many bits.
constexpr uint64_t kApplyBits = uint64_t{1} << 17;
/// Full round trips through EncodeSegments: only up to this many bits.
constexpr uint64_t kRoundTripBits = uint64_t{1} << 14;

/**
 * A segment's header as its wire format lays it out (dispatch, type,
 * sequence, index, count, filter shape, first slot, slot count), written
 * here independently of the encoder.
 */
inline std::vector<uint8_t>
SegmentHeaderBytes(ns3::bloom::MessageType type, const ns3::bloom::AdvertisementSegment& s)
{
    std::vector<uint8_t> out{ns3::bloom::kGossipDispatch,
                             static_cast<uint8_t>(type),
                             static_cast<uint8_t>(s.sequence),
                             static_cast<uint8_t>(s.sequence >> 8),
                             s.index,
                             s.count};
    ns3::bloom::AppendHeader(s.shape, out);
    for (int i = 0; i < 4; ++i)
    {
        out.push_back(static_cast<uint8_t>(s.firstSlot >> (8 * i)));
    }
    out.push_back(static_cast<uint8_t>(s.slotCount));
    out.push_back(static_cast<uint8_t>(s.slotCount >> 8));
    return out;
}

/**
 * An accepted segment is consistent: index < count, its slot range inside
 * the filter (or the one segment of no slots of an empty distance vector,
 * total = 0), one value per slot, each within b bits.
 */
inline void
CheckSegmentConsistent(const ns3::bloom::AdvertisementSegment& seg)
{
    const uint64_t total = seg.shape.TotalSlots();
    FUZZ_CHECK(seg.count >= 1 && seg.index < seg.count);
    const bool empty = total == 0 && seg.count == 1 && seg.firstSlot == 0 && seg.slotCount == 0;
    FUZZ_CHECK(empty || (seg.slotCount >= 1 && seg.firstSlot + uint64_t{seg.slotCount} <= total));
    FUZZ_CHECK(seg.slots.size() == seg.slotCount);
    for (uint32_t v : seg.slots)
    {
        FUZZ_CHECK(v < (uint64_t{1} << seg.shape.slotBits));
    }
}

/**
 * The frames of a filter's own advertisement rebuild it: each within
 * frameLimit bytes, decoded by decode (a segment of the advertisement's
 * sequence and count, checked further by checkFrame), applied to an empty
 * filter of the same shape.
 */
template <typename Decode, typename CheckFrame>
void
CheckRebuild(const ns3::bloom::AnyFilter& filter,
             uint16_t sequence,
             const std::vector<std::vector<uint8_t>>& frames,
             size_t frameLimit,
             Decode decode,
             CheckFrame checkFrame)
{
    ns3::bloom::AnyFilter copy = ns3::bloom::MakeFilter(ns3::bloom::ShapeOf(filter));
    for (const auto& f : frames)
    {
        FUZZ_CHECK(f.size() <= frameLimit);
        const ns3::bloom::AdvertisementSegment s = decode(f);
        FUZZ_CHECK(s.count == frames.size() && s.sequence == sequence);
        checkFrame(f, s);
        ns3::bloom::ApplySegment(copy, s);
    }
    FUZZ_CHECK(copy == filter);
}

/**
 * Seeds: every filter's advertisement, encoded by encode(filter, sequence,
 * frame bytes) with frames of 114 and 40 bytes and sequence numbers from
 * firstSequence on; a filter refused (more than 255 frames) gives none.
 */
template <typename Encode>
void
AppendEncodedSeeds(const std::vector<ns3::bloom::AnyFilter>& filters,
                   uint16_t firstSequence,
                   Encode encode,
                   std::vector<std::vector<uint8_t>>& seeds)
{
    uint16_t sequence = firstSequence;
    for (const ns3::bloom::AnyFilter& f : filters)
    {
        for (size_t frame : {114U, 40U})
        {
            try
            {
                for (auto& s : encode(f, sequence++, frame))
                {
                    seeds.push_back(std::move(s));
                }
            }
            catch (const std::invalid_argument&)
            {
            }
        }
    }
}

} // namespace fuzz

#endif // BLOOM_GOSSIP_SEGMENT_FUZZ_H
