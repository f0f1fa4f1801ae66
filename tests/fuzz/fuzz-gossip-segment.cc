/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * libFuzzer target: bloom::DecodeSegment (gossip-message.h), the decoder of
 * every received advertisement frame, and ApplySegment on what it accepts
 * (plain segments, type 1; coded ones, type 4, are fuzz-coded-segment's).
 * Properties: every rejection is a DecodeError; an accepted segment is
 * consistent (index < count, slot range inside the filter or the one empty
 * segment of an empty distance vector, slot values fit b bits) and re-encodes, by an independent
 * encoder here, to the same bytes; applied to a filter of another shape it replaces it, sets
 * exactly its slot range, is idempotent, and the resulting filter survives Encode/Decode and
 * EncodeSegments/DecodeSegment/ApplySegment.
 */
#include "filter-codec.h"
#include "fuzz-common.h"
#include "gossip-message.h"
#include "segment-fuzz.h"

#include <cstring>

using namespace ns3::bloom;
using fuzz::kApplyBits;
using fuzz::kRoundTripBits;

namespace
{

/// The wire form of a segment, written here independently of EncodeSegments.
std::vector<uint8_t>
Reencode(const AdvertisementSegment& s)
{
    std::vector<uint8_t> out = fuzz::SegmentHeaderBytes(MessageType::ADVERTISEMENT, s);
    const uint32_t b = s.shape.slotBits;
    std::vector<uint8_t> packed((static_cast<uint64_t>(s.slotCount) * b + 7) / 8, 0);
    for (uint64_t i = 0; i < s.slotCount; ++i)
    {
        for (uint32_t j = 0; j < b; ++j)
        {
            const uint64_t bit = i * b + j;
            packed[bit / 8] |= static_cast<uint8_t>(((s.slots[i] >> j) & 1U) << (bit % 8));
        }
    }
    out.insert(out.end(), packed.begin(), packed.end());
    return out;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    AdvertisementSegment seg;
    try
    {
        seg = DecodeSegment(data, size);
    }
    catch (const DecodeError&)
    {
        return 0;
    }
    if (seg.coded)
    {
        return 0; // a coded segment (type 4): fuzz-coded-segment's
    }
    const uint64_t total = seg.shape.TotalSlots();
    const uint32_t b = seg.shape.slotBits;
    fuzz::CheckSegmentConsistent(seg);
    const std::vector<uint8_t> again = Reencode(seg);
    FUZZ_CHECK(again.size() == size && std::memcmp(again.data(), data, size) == 0);

    if (total * b > kApplyBits)
    {
        return 0;
    }
    // A neighbour entry of another shape is replaced by the segment's shape.
    AnyFilter filter = BloomFilter(8, 1);
    ApplySegment(filter, seg);
    FUZZ_CHECK(ShapeOf(filter) == seg.shape);
    AnyFilter expected = MakeFilter(seg.shape); // zero outside the range
    for (uint32_t i = 0; i < seg.slotCount; ++i)
    {
        FUZZ_CHECK(GetSlot(filter, seg.firstSlot + uint64_t{i}) == seg.slots[i]);
        SetSlot(expected, seg.firstSlot + uint64_t{i}, seg.slots[i]);
    }
    FUZZ_CHECK(filter == expected);
    const AnyFilter once = filter;
    ApplySegment(filter, seg);
    FUZZ_CHECK(filter == once); // idempotent
    FUZZ_CHECK(Decode(Encode(filter)) == filter);

    if (total * b > kRoundTripBits)
    {
        return 0;
    }
    const size_t frame = 23 + data[size - 1] % 100; // 23..122 bytes
    std::vector<std::vector<uint8_t>> frames;
    try
    {
        frames = EncodeSegments(filter, seg.sequence, frame);
    }
    catch (const std::invalid_argument&)
    {
        return 0; // more than 255 frames
    }
    fuzz::CheckRebuild(
        filter,
        seg.sequence,
        frames,
        frame,
        [](const std::vector<uint8_t>& f) { return DecodeSegment(f.data(), f.size()); },
        [](const std::vector<uint8_t>&, const AdvertisementSegment& s) { FUZZ_CHECK(!s.coded); });
    return 0;
}

std::vector<std::vector<uint8_t>>
fuzz::Seeds()
{
    std::vector<std::vector<uint8_t>> seeds;
    std::vector<AnyFilter> filters;
    {
        BloomFilter bf(300, 3);
        bf.Insert(Key::FromId(1));
        bf.Insert(Key::FromId(2));
        filters.emplace_back(bf);
    }
    for (uint32_t b : {1U, 5U, 8U, 16U})
    {
        LinearBloomFilter lbf(70, b, 3, Quantization::FLOOR);
        lbf.Insert(Key::FromId(1), 1.0);
        lbf.Insert(Key::FromId(2), 0.5);
        filters.emplace_back(lbf);
    }
    {
        AttenuatedBloomFilter abf(4, 40, 2);
        abf.Insert(Key::FromId(1), 0);
        abf.Insert(Key::FromId(2), 3);
        filters.emplace_back(abf);
        filters.emplace_back(AttenuatedBloomFilter(3, 1000, 2)); // levels split across frames
        ScopeDecayBloomFilter sdbf(500, 4);
        sdbf.Insert(Key::FromId(3));
        filters.emplace_back(sdbf);
    }
    {
        std::vector<DvEntry> table;
        for (uint32_t id = 1; id <= 60; ++id)
        {
            table.push_back({id, id % 9});
        }
        filters.emplace_back(DistanceVector::FromEntries(table, 16, 20)); // several frames
        filters.emplace_back(DistanceVector());                           // empty: no slots
    }
    fuzz::AppendEncodedSeeds(
        filters,
        7,
        [](const AnyFilter& f, uint16_t sequence, size_t frame) {
            return EncodeSegments(f, sequence, frame);
        },
        seeds);
    // Nearly valid: truncated, one byte too many, another type, index = count.
    const std::vector<uint8_t> base = seeds.front();
    seeds.emplace_back(base.begin(), base.end() - 1);
    seeds.push_back(base);
    seeds.back().push_back(0);
    seeds.push_back(base);
    seeds.back()[1] = 2;
    seeds.push_back(base);
    seeds.back()[4] = seeds.back()[5];
    return seeds;
}
