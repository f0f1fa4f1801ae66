/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-message.h"

#include "../filter/little-endian.h"

#include "ns3/filter-codec.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

namespace
{

/// Offset of the sequence number in a segment.
constexpr size_t kSequenceOffset = 2;

/// Slots per segment for a shape, before balancing.
uint64_t
SlotsPerSegment(const FilterShape& shape, size_t frameBytes)
{
    if (frameBytes <= kSegmentHeaderSize)
    {
        throw std::invalid_argument("frame of " + std::to_string(frameBytes) +
                                    " bytes cannot hold a segment header");
    }
    uint64_t per = (frameBytes - kSegmentHeaderSize) * 8 / shape.slotBits;
    per = std::min<uint64_t>(per, 0xFFFF);
    if (per == 0)
    {
        throw std::invalid_argument("frame of " + std::to_string(frameBytes) +
                                    " bytes cannot hold one slot");
    }
    if (shape.depth > 1 && shape.slots <= per)
    {
        per -= per % shape.slots; // whole levels
    }
    return per;
}

/// Balanced slots per segment and the segment count.
std::pair<uint64_t, uint32_t>
Plan(const FilterShape& shape, size_t frameBytes)
{
    const uint64_t total = shape.TotalSlots();
    const uint64_t maxPer = SlotsPerSegment(shape, frameBytes);
    if (total == 0)
    {
        return {0, 1}; // an empty distance vector: one segment of no slots
    }
    const uint64_t segments = (total + maxPer - 1) / maxPer;
    if (segments > 255)
    {
        throw std::invalid_argument("filter needs " + std::to_string(segments) + " segments of " +
                                    std::to_string(frameBytes) + " bytes; at most 255 are allowed");
    }
    uint64_t per = (total + segments - 1) / segments;
    if (shape.depth > 1 && shape.slots <= maxPer)
    {
        per = (per + shape.slots - 1) / shape.slots * shape.slots;
    }
    return {per, static_cast<uint32_t>(segments)};
}

} // namespace

uint32_t
SegmentCount(const FilterShape& shape, size_t frameBytes)
{
    return Plan(shape, frameBytes).second;
}

std::vector<std::vector<uint8_t>>
EncodeSegments(const AnyFilter& filter, uint16_t sequence, size_t frameBytes)
{
    const FilterShape shape = ShapeOf(filter);
    const auto [per, count] = Plan(shape, frameBytes);
    const uint64_t total = shape.TotalSlots();
    std::vector<std::vector<uint8_t>> segments;
    segments.reserve(count);
    for (uint32_t s = 0; s < count; ++s)
    {
        const uint64_t first = s * per;
        const uint64_t n = std::min(per, total - first);
        std::vector<uint8_t> out;
        out.reserve(kSegmentHeaderSize + (n * shape.slotBits + 7) / 8);
        out.push_back(kGossipDispatch);
        out.push_back(static_cast<uint8_t>(MessageType::ADVERTISEMENT));
        AppendLittleEndian(out, sequence, 2);
        out.push_back(static_cast<uint8_t>(s));
        out.push_back(static_cast<uint8_t>(count));
        AppendHeader(shape, out);
        AppendLittleEndian(out, first, 4);
        AppendLittleEndian(out, n, 2);
        AppendWireSlots(filter, first, n, out);
        segments.push_back(std::move(out));
    }
    return segments;
}

AdvertisementSegment
DecodeSegmentHeader(const uint8_t* data, size_t size)
{
    if (data == nullptr || size < kSegmentHeaderSize)
    {
        throw DecodeError("truncated gossip segment (" + std::to_string(size) + " bytes)");
    }
    if (data[0] != kGossipDispatch)
    {
        throw DecodeError("not a bloom-gossip frame (dispatch " + std::to_string(data[0]) + ")");
    }
    if (data[1] != static_cast<uint8_t>(MessageType::ADVERTISEMENT))
    {
        throw DecodeError("unknown gossip message type " + std::to_string(data[1]));
    }
    AdvertisementSegment seg;
    seg.sequence = LoadLe16(data + kSequenceOffset);
    seg.index = data[4];
    seg.count = data[5];
    if (seg.count == 0 || seg.index >= seg.count)
    {
        throw DecodeError("segment index " + std::to_string(seg.index) + " of " +
                          std::to_string(seg.count));
    }
    seg.shape = ParseHeader(data + 6, kWireHeaderSize);
    seg.firstSlot = LoadLe32(data + 16);
    seg.slotCount = LoadLe16(data + 20);
    const uint64_t total = seg.shape.TotalSlots();
    const bool empty = total == 0 && seg.firstSlot == 0 && seg.slotCount == 0 && seg.count == 1;
    if (!empty &&
        (seg.slotCount == 0 || seg.firstSlot >= total || seg.slotCount > total - seg.firstSlot))
    {
        throw DecodeError("segment slot range out of the filter");
    }
    const uint64_t bits = static_cast<uint64_t>(seg.slotCount) * seg.shape.slotBits;
    if (size != kSegmentHeaderSize + (bits + 7) / 8)
    {
        throw DecodeError("gossip segment has " + std::to_string(size) + " bytes, expected " +
                          std::to_string(kSegmentHeaderSize + (bits + 7) / 8));
    }
    CheckPadding(data + kSegmentHeaderSize, bits, "gossip segment");
    return seg;
}

AdvertisementSegment
DecodeSegment(const uint8_t* data, size_t size)
{
    AdvertisementSegment seg = DecodeSegmentHeader(data, size);
    const unsigned b = seg.shape.slotBits;
    PackedBits packed(static_cast<uint64_t>(seg.slotCount) * b);
    packed.LoadBytes(data + kSegmentHeaderSize); // padding checked above
    seg.slots.resize(seg.slotCount);
    for (uint32_t i = 0; i < seg.slotCount; ++i)
    {
        seg.slots[i] = packed.Get(static_cast<uint64_t>(i) * b, b);
    }
    return seg;
}

StoreEffect
ApplySegmentPayload(AnyFilter& filter, const AdvertisementSegment& segment, const uint8_t* payload)
{
    StoreEffect effect;
    if (ShapeOf(filter) != segment.shape)
    {
        filter = MakeFilter(segment.shape);
        effect.changed = effect.lowered = true;
    }
    effect |= StoreWireSlots(filter, segment.firstSlot, segment.slotCount, payload);
    return effect;
}

void
ApplySegment(AnyFilter& filter, const AdvertisementSegment& segment)
{
    if (ShapeOf(filter) != segment.shape)
    {
        filter = MakeFilter(segment.shape);
    }
    for (uint32_t i = 0; i < segment.slotCount; ++i)
    {
        SetSlot(filter, segment.firstSlot + i, segment.slots[i]);
    }
}

} // namespace bloom
} // namespace ns3
