/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-message.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

namespace
{

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
    if (shape.kind == FilterKind::ATTENUATED && shape.slots <= per)
    {
        per -= per % shape.slots; // whole levels
    }
    return per;
}

/// Balanced slots per segment and the segment count.
std::pair<uint64_t, uint32_t>
Plan(const FilterShape& shape, size_t frameBytes)
{
    const uint64_t total = TotalSlots(shape);
    const uint64_t maxPer = SlotsPerSegment(shape, frameBytes);
    const uint64_t segments = (total + maxPer - 1) / maxPer;
    if (segments > 255)
    {
        throw std::invalid_argument("filter needs " + std::to_string(segments) + " segments of " +
                                    std::to_string(frameBytes) + " bytes; at most 255 are allowed");
    }
    uint64_t per = (total + segments - 1) / segments;
    if (shape.kind == FilterKind::ATTENUATED && shape.slots <= maxPer)
    {
        per = (per + shape.slots - 1) / shape.slots * shape.slots;
    }
    return {per, static_cast<uint32_t>(segments)};
}

void
PutU16(std::vector<uint8_t>& out, uint32_t v)
{
    out.push_back(static_cast<uint8_t>(v));
    out.push_back(static_cast<uint8_t>(v >> 8));
}

void
PutU32(std::vector<uint8_t>& out, uint32_t v)
{
    PutU16(out, v & 0xFFFF);
    PutU16(out, v >> 16);
}

uint32_t
GetU16(const uint8_t* p)
{
    return p[0] | (static_cast<uint32_t>(p[1]) << 8);
}

uint32_t
GetU32(const uint8_t* p)
{
    return GetU16(p) | (GetU16(p + 2) << 16);
}

/// Copy `bits` bits from `src` at bit `from` to `dst` at bit `to`, 32 at a time.
void
CopyBits(const PackedBits& src, uint64_t from, PackedBits& dst, uint64_t to, uint64_t bits)
{
    for (uint64_t j = 0; j < bits; j += 32)
    {
        const unsigned w = static_cast<unsigned>(std::min<uint64_t>(32, bits - j));
        dst.Set(to + j, w, src.Get(from + j, w));
    }
}

/// Flat slots first .. first + n - 1 of a filter, packed into `dst` from bit 0.
void
CopySlotRange(const AnyFilter& filter, uint64_t first, uint64_t n, PackedBits& dst)
{
    if (const auto* bf = std::get_if<BloomFilter>(&filter))
    {
        CopyBits(bf->Bits(), first, dst, 0, n);
    }
    else if (const auto* lbf = std::get_if<LinearBloomFilter>(&filter))
    {
        // Cells packed in memory as on the wire (stride b; for b = 4 see
        // LinearBloomFilter::AppendWireCells in EncodeSegments).
        const uint64_t b = lbf->GetCellBits();
        CopyBits(lbf->Cells(), first * b, dst, 0, n * b);
    }
    else
    {
        const auto& abf = std::get<AttenuatedBloomFilter>(filter);
        const uint64_t m = abf.GetBits();
        for (uint64_t slot = first; slot < first + n;)
        {
            const uint64_t local = slot % m;
            const uint64_t count = std::min(first + n - slot, m - local);
            CopyBits(abf.Bits(),
                     abf.LevelOffset(static_cast<uint32_t>(slot / m)) + local,
                     dst,
                     slot - first,
                     count);
            slot += count;
        }
    }
}

} // namespace

uint64_t
TotalSlots(const FilterShape& shape)
{
    return static_cast<uint64_t>(shape.slots) * shape.depth;
}

uint32_t
GetSlot(const AnyFilter& filter, uint64_t slot)
{
    if (const auto* bf = std::get_if<BloomFilter>(&filter))
    {
        return bf->Bits().Test(slot) ? 1 : 0;
    }
    if (const auto* lbf = std::get_if<LinearBloomFilter>(&filter))
    {
        return lbf->GetCell(static_cast<uint32_t>(slot));
    }
    const auto& abf = std::get<AttenuatedBloomFilter>(filter);
    const uint32_t m = abf.GetBits();
    return abf.Bits().Test(abf.LevelOffset(static_cast<uint32_t>(slot / m)) + slot % m) ? 1 : 0;
}

void
SetSlot(AnyFilter& filter, uint64_t slot, uint32_t value)
{
    if (auto* bf = std::get_if<BloomFilter>(&filter))
    {
        bf->Bits().Set(slot, 1, value);
        return;
    }
    if (auto* lbf = std::get_if<LinearBloomFilter>(&filter))
    {
        lbf->SetCell(static_cast<uint32_t>(slot), value);
        return;
    }
    auto& abf = std::get<AttenuatedBloomFilter>(filter);
    const uint32_t m = abf.GetBits();
    abf.Bits().Set(abf.LevelOffset(static_cast<uint32_t>(slot / m)) + slot % m, 1, value);
}

AnyFilter
MakeFilter(const FilterShape& shape)
{
    switch (shape.kind)
    {
    case FilterKind::BLOOM:
        return BloomFilter(shape.slots, shape.hashes);
    case FilterKind::LINEAR:
        return LinearBloomFilter(shape.slots, shape.slotBits, shape.hashes, shape.quantization);
    case FilterKind::ATTENUATED:
        return AttenuatedBloomFilter(shape.depth, shape.slots, shape.hashes);
    }
    throw std::invalid_argument("unknown filter kind");
}

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
    const uint64_t total = TotalSlots(shape);
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
        PutU16(out, sequence);
        out.push_back(static_cast<uint8_t>(s));
        out.push_back(static_cast<uint8_t>(count));
        AppendHeader(shape, out);
        PutU32(out, static_cast<uint32_t>(first));
        PutU16(out, static_cast<uint32_t>(n));
        const auto* lbf = std::get_if<LinearBloomFilter>(&filter);
        if (lbf != nullptr && lbf->GetCellStride() != lbf->GetCellBits())
        {
            // Cells not packed in memory (b = 4): packed by the filter.
            lbf->AppendWireCells(static_cast<uint32_t>(first), static_cast<uint32_t>(n), out);
        }
        else
        {
            PackedBits packed(n * shape.slotBits);
            CopySlotRange(filter, first, n, packed);
            packed.AppendBytes(out);
        }
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
    seg.sequence = static_cast<uint16_t>(GetU16(data + 2));
    seg.index = data[4];
    seg.count = data[5];
    if (seg.count == 0 || seg.index >= seg.count)
    {
        throw DecodeError("segment index " + std::to_string(seg.index) + " of " +
                          std::to_string(seg.count));
    }
    seg.shape = ParseHeader(data + 6, kWireHeaderSize);
    seg.firstSlot = GetU32(data + 16);
    seg.slotCount = GetU16(data + 20);
    const uint64_t total = TotalSlots(seg.shape);
    if (seg.slotCount == 0 || seg.firstSlot >= total || seg.slotCount > total - seg.firstSlot)
    {
        throw DecodeError("segment slot range out of the filter");
    }
    const uint64_t bits = static_cast<uint64_t>(seg.slotCount) * seg.shape.slotBits;
    if (size != kSegmentHeaderSize + (bits + 7) / 8)
    {
        throw DecodeError("gossip segment has " + std::to_string(size) + " bytes, expected " +
                          std::to_string(kSegmentHeaderSize + (bits + 7) / 8));
    }
    const unsigned tail = bits % 8;
    if (tail != 0 && (data[size - 1] >> tail) != 0)
    {
        throw DecodeError("non-zero padding bits in gossip segment");
    }
    return seg;
}

AdvertisementSegment
DecodeSegment(const uint8_t* data, size_t size)
{
    AdvertisementSegment seg = DecodeSegmentHeader(data, size);
    const uint64_t bits = static_cast<uint64_t>(seg.slotCount) * seg.shape.slotBits;
    PackedBits packed(bits);
    packed.LoadBytes(data + kSegmentHeaderSize); // padding checked above
    seg.slots.resize(seg.slotCount);
    for (uint32_t i = 0; i < seg.slotCount; ++i)
    {
        seg.slots[i] =
            packed.Get(static_cast<uint64_t>(i) * seg.shape.slotBits, seg.shape.slotBits);
    }
    return seg;
}

namespace
{

/// `width` (1..56) bits of a little-endian bit string from bit `bit` on
/// (reads only the bytes that hold them).
uint64_t
ReadBits(const uint8_t* p, uint64_t bit, unsigned width)
{
    const uint8_t* q = p + bit / 8;
    const unsigned shift = bit % 8;
    const unsigned bytes = (shift + width + 7) / 8;
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; ++i)
    {
        v |= uint64_t{q[i]} << (8 * i);
    }
    return (v >> shift) & ((uint64_t{1} << width) - 1);
}

/// Copy `nbits` bits (fields of `b` bits) from `src` at bit `srcBit` into
/// `dst` at bit `dstBit`, noting changes and lowered fields.  Whole fields
/// are compared up to 56 bits at a time (a received segment usually changes
/// nothing once the network has converged).
void
CopyFields(PackedBits& dst,
           uint64_t dstBit,
           const uint8_t* src,
           uint64_t srcBit,
           uint64_t nbits,
           unsigned b,
           SegmentEffect& effect)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // On little-endian hosts the words of a PackedBits are its serialised
    // bytes: when both sides start on a byte, one memcmp settles the common
    // case of a segment that changes nothing.
    if (dstBit % 8 == 0 && srcBit % 8 == 0)
    {
        const uint64_t whole = nbits / 8;
        const unsigned tail = static_cast<unsigned>(nbits % 8);
        const auto* stored = reinterpret_cast<const uint8_t*>(dst.Words().data()) + dstBit / 8;
        if (std::memcmp(stored, src + srcBit / 8, whole) == 0 &&
            (tail == 0 ||
             ReadBits(src, srcBit + 8 * whole, tail) == dst.Get64(dstBit + 8 * whole, tail)))
        {
            return;
        }
    }
#endif
    const unsigned chunk = (56 / b) * b;
    const uint64_t mask = (uint64_t{1} << b) - 1;
    for (uint64_t j = 0; j < nbits; j += chunk)
    {
        const unsigned w = static_cast<unsigned>(std::min<uint64_t>(chunk, nbits - j));
        const uint64_t now = ReadBits(src, srcBit + j, w);
        const uint64_t before = dst.Get64(dstBit + j, w);
        if (now == before)
        {
            continue;
        }
        effect.changed = true;
        if (b == 1)
        {
            effect.lowered = effect.lowered || (before & ~now) != 0;
        }
        for (unsigned f = 0; b > 1 && f < w && !effect.lowered; f += b)
        {
            effect.lowered = ((now >> f) & mask) < ((before >> f) & mask);
        }
        dst.Set64(dstBit + j, w, now);
    }
}

} // namespace

SegmentEffect
ApplySegmentPayload(AnyFilter& filter, const AdvertisementSegment& segment, const uint8_t* payload)
{
    SegmentEffect effect;
    if (!(ShapeOf(filter) == segment.shape))
    {
        filter = MakeFilter(segment.shape);
        effect.changed = effect.lowered = true;
    }
    const unsigned b = segment.shape.slotBits;
    if (auto* bf = std::get_if<BloomFilter>(&filter))
    {
        CopyFields(bf->Bits(), segment.firstSlot, payload, 0, segment.slotCount, 1, effect);
    }
    else if (auto* lbf = std::get_if<LinearBloomFilter>(&filter))
    {
        if (lbf->GetCellStride() == b)
        {
            CopyFields(lbf->Cells(),
                       uint64_t{segment.firstSlot} * b,
                       payload,
                       0,
                       uint64_t{segment.slotCount} * b,
                       b,
                       effect);
        }
        else
        {
            const auto stored = lbf->StoreWireCells(segment.firstSlot, segment.slotCount, payload);
            effect.changed = effect.changed || stored.changed;
            effect.lowered = effect.lowered || stored.lowered;
        }
    }
    else
    {
        auto& abf = std::get<AttenuatedBloomFilter>(filter);
        const uint64_t m = abf.GetBits();
        uint64_t slot = segment.firstSlot;
        const uint64_t end = slot + segment.slotCount;
        while (slot < end)
        {
            const uint64_t local = slot % m;
            const uint64_t n = std::min(end - slot, m - local);
            CopyFields(abf.Bits(),
                       abf.LevelOffset(static_cast<uint32_t>(slot / m)) + local,
                       payload,
                       slot - segment.firstSlot,
                       n,
                       1,
                       effect);
            slot += n;
        }
    }
    return effect;
}

void
ApplySegment(AnyFilter& filter, const AdvertisementSegment& segment)
{
    if (!(ShapeOf(filter) == segment.shape))
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
