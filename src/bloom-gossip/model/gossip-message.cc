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

/// Slots per coded segment when every one goes raw.
uint64_t
RawSlotsPerCodedSegment(const FilterShape& shape, size_t frameBytes)
{
    if (frameBytes <= kCodedSegmentHeaderSize)
    {
        throw std::invalid_argument("frame of " + std::to_string(frameBytes) +
                                    " bytes cannot hold a coded segment header");
    }
    const uint64_t per =
        std::min<uint64_t>((frameBytes - kCodedSegmentHeaderSize) * 8 / shape.slotBits, 0xFFFF);
    if (per == 0)
    {
        throw std::invalid_argument("frame of " + std::to_string(frameBytes) +
                                    " bytes cannot hold one slot");
    }
    return per;
}

/// The segment header (without codec byte) of slots first .. first + n - 1.
void
AppendSegmentHeader(MessageType type,
                    uint16_t sequence,
                    uint32_t index,
                    uint32_t count,
                    const FilterShape& shape,
                    uint64_t first,
                    uint64_t n,
                    std::vector<uint8_t>& out)
{
    out.push_back(kGossipDispatch);
    out.push_back(static_cast<uint8_t>(type));
    AppendLittleEndian(out, sequence, 2);
    out.push_back(static_cast<uint8_t>(index));
    out.push_back(static_cast<uint8_t>(count));
    AppendHeader(shape, out);
    AppendLittleEndian(out, first, 4);
    AppendLittleEndian(out, n, 2);
}

/// A coded segment's slot range and payload (codec byte included).
struct CodedPiece
{
    uint64_t first;
    uint64_t n;
    std::vector<uint8_t> payload;
};

/**
 * Greedy split into coded pieces: each the longest slot range whose payload
 * (AppendCodedSlots) fits a frame.  The payload grows with the range, so the
 * longest one is found from the raw range (which always fits) by growing at
 * least twofold (or as far as its bytes per slot reach) until a range does
 * not fit, then by interpolation and bisection between the two: a few
 * encodings of at most twice the range found.
 */
std::vector<CodedPiece>
PlanCoded(const AnyFilter& filter, size_t frameBytes, const CellAlphabet* alphabet)
{
    const FilterShape shape = ShapeOf(filter);
    const uint64_t rawPer = RawSlotsPerCodedSegment(shape, frameBytes);
    const size_t budget = frameBytes - kSegmentHeaderSize; // codec byte and payload
    const uint64_t total = shape.TotalSlots();
    std::vector<CodedPiece> pieces;
    if (total == 0)
    {
        pieces.push_back({0, 0, {CodecByte(SlotCoding::RAW, nullptr)}});
        return pieces;
    }
    std::vector<uint8_t> raw;
    for (uint64_t pos = 0; pos < total;)
    {
        const uint64_t most = std::min<uint64_t>(total - pos, 0xFFFF);
        raw.clear();
        AppendWireSlots(filter, pos, most, raw);
        const auto code = [&](uint64_t n) {
            std::vector<uint8_t> payload;
            AppendCodedSlots(shape, static_cast<uint32_t>(n), raw.data(), alphabet, payload);
            return payload;
        };
        // lo fits (at worst raw); hi, once known (0 before), does not.
        uint64_t lo = std::min(rawPer, most);
        std::vector<uint8_t> best = code(lo);
        uint64_t hi = 0;
        size_t hiSize = 0;
        int interpolations = 0;
        while (lo < most && (hi == 0 || hi - lo > 1))
        {
            uint64_t guess = lo + (hi - lo) / 2;
            if (hi == 0)
            {
                // Up at least twofold, or as far as lo's bytes per slot reach.
                guess = std::min(most, std::max(2 * lo, lo * budget / best.size() + 1));
            }
            else if (interpolations++ < 4)
            {
                guess = lo + (hi - lo) * (budget - best.size()) / (hiSize - best.size());
                guess = std::clamp(guess, lo + 1, hi - 1);
            }
            std::vector<uint8_t> payload = code(guess);
            if (payload.size() <= budget)
            {
                lo = guess;
                best = std::move(payload);
            }
            else
            {
                hi = guess;
                hiSize = payload.size();
            }
        }
        pieces.push_back({pos, lo, std::move(best)});
        pos += lo;
    }
    if (pieces.size() > 255)
    {
        throw std::invalid_argument("filter needs " + std::to_string(pieces.size()) +
                                    " coded segments of " + std::to_string(frameBytes) +
                                    " bytes; at most 255 are allowed");
    }
    return pieces;
}

} // namespace

uint32_t
SegmentCount(const FilterShape& shape, size_t frameBytes)
{
    return Plan(shape, frameBytes).second;
}

uint32_t
MaxSegmentCount(const FilterShape& shape, size_t frameBytes, Codec codec)
{
    if (codec == Codec::NONE)
    {
        return SegmentCount(shape, frameBytes);
    }
    const uint64_t per = RawSlotsPerCodedSegment(shape, frameBytes);
    const uint64_t segments = std::max<uint64_t>(1, (shape.TotalSlots() + per - 1) / per);
    if (segments > 255)
    {
        throw std::invalid_argument("filter needs up to " + std::to_string(segments) +
                                    " coded segments of " + std::to_string(frameBytes) +
                                    " bytes; at most 255 are allowed");
    }
    return static_cast<uint32_t>(segments);
}

std::vector<std::vector<uint8_t>>
EncodeSegments(const AnyFilter& filter,
               uint16_t sequence,
               size_t frameBytes,
               Codec codec,
               const CellAlphabet* alphabet)
{
    if (codec == Codec::NONE)
    {
        return EncodeSegments(filter, sequence, frameBytes);
    }
    const FilterShape shape = ShapeOf(filter);
    const std::vector<CodedPiece> pieces = PlanCoded(filter, frameBytes, alphabet);
    const auto count = static_cast<uint32_t>(pieces.size());
    std::vector<std::vector<uint8_t>> segments;
    segments.reserve(count);
    for (uint32_t s = 0; s < count; ++s)
    {
        const CodedPiece& piece = pieces[s];
        std::vector<uint8_t> out;
        out.reserve(kSegmentHeaderSize + piece.payload.size());
        AppendSegmentHeader(MessageType::CODED_ADVERTISEMENT,
                            sequence,
                            s,
                            count,
                            shape,
                            piece.first,
                            piece.n,
                            out);
        out.insert(out.end(), piece.payload.begin(), piece.payload.end());
        segments.push_back(std::move(out));
    }
    return segments;
}

AdvertisementSize
MeasureAdvertisement(const AnyFilter& filter,
                     size_t frameBytes,
                     Codec codec,
                     const CellAlphabet* alphabet)
{
    AdvertisementSize size;
    size.payloadBytes = ShapeOf(filter).PayloadBytes();
    for (const auto& frame : EncodeSegments(filter, 0, frameBytes, codec, alphabet))
    {
        ++size.frames;
        size.bytes += frame.size();
        size.codedBytes += frame.size() - kSegmentHeaderSize;
    }
    return size;
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
        AppendSegmentHeader(MessageType::ADVERTISEMENT, sequence, s, count, shape, first, n, out);
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
    const bool coded = data[1] == static_cast<uint8_t>(MessageType::CODED_ADVERTISEMENT);
    if (data[1] != static_cast<uint8_t>(MessageType::ADVERTISEMENT) && !coded)
    {
        throw DecodeError("unknown gossip message type " + std::to_string(data[1]));
    }
    if (coded && size < kCodedSegmentHeaderSize)
    {
        throw DecodeError("truncated coded gossip segment (" + std::to_string(size) + " bytes)");
    }
    AdvertisementSegment seg;
    seg.coded = coded;
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
    size_t offset = kSegmentHeaderSize;
    if (coded)
    {
        seg.codecByte = data[kSegmentHeaderSize];
        CheckCodecByte(seg.shape, seg.codecByte);
        if (seg.Coding() != SlotCoding::RAW)
        {
            return seg; // the payload is checked as it is decoded (SegmentSlots)
        }
        offset = kCodedSegmentHeaderSize;
    }
    const uint64_t bits = static_cast<uint64_t>(seg.slotCount) * seg.shape.slotBits;
    if (size != offset + (bits + 7) / 8)
    {
        throw DecodeError("gossip segment has " + std::to_string(size) + " bytes, expected " +
                          std::to_string(offset + (bits + 7) / 8));
    }
    CheckPadding(data + offset, bits, "gossip segment");
    return seg;
}

const uint8_t*
SegmentSlots(const AdvertisementSegment& segment,
             const uint8_t* data,
             size_t size,
             const CellAlphabet* alphabet,
             std::vector<uint8_t>& scratch)
{
    if (!segment.coded)
    {
        return data + kSegmentHeaderSize;
    }
    if (segment.Coding() == SlotCoding::RAW)
    {
        return data + kCodedSegmentHeaderSize;
    }
    DecodeCodedSlots(segment.shape,
                     segment.slotCount,
                     segment.codecByte,
                     data + kCodedSegmentHeaderSize,
                     size - kCodedSegmentHeaderSize,
                     alphabet,
                     scratch);
    return scratch.data();
}

AdvertisementSegment
DecodeSegment(const uint8_t* data, size_t size, const CellAlphabet* alphabet)
{
    AdvertisementSegment seg = DecodeSegmentHeader(data, size);
    std::vector<uint8_t> scratch;
    const uint8_t* payload = SegmentSlots(seg, data, size, alphabet, scratch);
    const unsigned b = seg.shape.slotBits;
    PackedBits packed(static_cast<uint64_t>(seg.slotCount) * b);
    packed.LoadBytes(payload); // padding zero (checked or decoded)
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
