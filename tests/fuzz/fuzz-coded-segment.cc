/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * libFuzzer target: bloom::DecodeSegment on coded advertisement segments
 * (message type 4, gossip-message.h), the decoder of every received frame
 * of Codec entropy, with the receiver's cell alphabet of the segment's b
 * (an LBF decay of factor 0.9).  Properties: every rejection is a
 * DecodeError; an accepted coded segment is consistent (index < count,
 * slot range inside the filter or the empty DV's, a codec byte of the
 * family) and re-encodes, header by hand and slots with its own coding, to
 * the same bytes; applied to a filter of another shape it gives a valid
 * filter of its shape (Decode(Encode(f)) == f) holding exactly its range;
 * and that filter's own coded advertisement (EncodeSegments, Codec entropy,
 * frames of 24..123 bytes) decodes back to it frame by frame, every frame
 * within its size and at most 1 + raw bytes of payload.
 */
#include "filter-codec.h"
#include "fuzz-common.h"
#include "gossip-message.h"
#include "segment-fuzz.h"

#include <array>
#include <cstring>
#include <map>

using namespace ns3::bloom;
using fuzz::kApplyBits;
using fuzz::kRoundTripBits;

namespace
{

/// The receiver's alphabet for cells of b bits (factor 0.9), or null.
const CellAlphabet*
Alphabet(const FilterShape& shape)
{
    if (shape.kind != FilterKind::LINEAR)
    {
        return nullptr;
    }
    static std::map<uint32_t, CellAlphabet> cache;
    auto it = cache.find(shape.slotBits);
    if (it == cache.end())
    {
        it = cache
                 .emplace(shape.slotBits,
                          CellAlphabet::FromDecay(LbfDecay::Multiplicative(0.9, shape.slotBits)))
                 .first;
    }
    return &it->second;
}

/// The frame of a coded segment, written here from its fields.
std::vector<uint8_t>
Reencode(const AdvertisementSegment& s, const AnyFilter& f, const CellAlphabet* alphabet)
{
    std::vector<uint8_t> out = fuzz::SegmentHeaderBytes(MessageType::CODED_ADVERTISEMENT, s);
    out.push_back(s.codecByte);
    std::vector<uint8_t> raw;
    AppendWireSlots(f, s.firstSlot, s.slotCount, raw);
    FUZZ_CHECK(AppendSlotsAs(s.Coding(), s.shape, s.slotCount, raw.data(), alphabet, out));
    return out;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 2 || data[1] != static_cast<uint8_t>(MessageType::CODED_ADVERTISEMENT))
    {
        // Plain segments are fuzz-gossip-segment's; refused or not, never a crash.
        try
        {
            DecodeSegment(data, size, nullptr);
        }
        catch (const DecodeError&)
        {
        }
        return 0;
    }
    const CellAlphabet* alphabet = nullptr;
    AdvertisementSegment seg;
    try
    {
        const AdvertisementSegment header = DecodeSegmentHeader(data, size);
        alphabet = Alphabet(header.shape);
        seg = DecodeSegment(data, size, alphabet);
    }
    catch (const DecodeError&)
    {
        return 0;
    }
    FUZZ_CHECK(seg.coded);
    const uint64_t total = seg.shape.TotalSlots();
    const uint32_t b = seg.shape.slotBits;
    fuzz::CheckSegmentConsistent(seg);
    FUZZ_CHECK(seg.Coding() == SlotCoding::RAW || seg.Coding() == EntropyCoding(seg.shape));
    if (total * b > kApplyBits)
    {
        return 0;
    }
    AnyFilter filter = BloomFilter(8, 1);
    ApplySegment(filter, seg);
    FUZZ_CHECK(ShapeOf(filter) == seg.shape);
    for (uint32_t i = 0; i < seg.slotCount; ++i)
    {
        FUZZ_CHECK(GetSlot(filter, seg.firstSlot + uint64_t{i}) == seg.slots[i]);
    }
    FUZZ_CHECK(Decode(Encode(filter)) == filter);
    const std::vector<uint8_t> again = Reencode(seg, filter, alphabet);
    FUZZ_CHECK(again.size() == size && std::memcmp(again.data(), data, size) == 0);

    if (total * b > kRoundTripBits)
    {
        return 0;
    }
    const size_t frame = kCodedSegmentHeaderSize + 1 + data[size - 1] % 100; // 24..123 bytes
    std::vector<std::vector<uint8_t>> frames;
    try
    {
        frames = EncodeSegments(filter, seg.sequence, frame, Codec::ENTROPY, alphabet);
    }
    catch (const std::invalid_argument&)
    {
        return 0; // more than 255 frames
    }
    try
    {
        FUZZ_CHECK(frames.size() <= MaxSegmentCount(seg.shape, frame, Codec::ENTROPY));
    }
    catch (const std::invalid_argument&)
    {
        // Were every segment raw, more than 255: coded, the filter fits.
    }
    fuzz::CheckRebuild(
        filter,
        seg.sequence,
        frames,
        frame,
        [alphabet](const std::vector<uint8_t>& f) {
            return DecodeSegment(f.data(), f.size(), alphabet);
        },
        [b](const std::vector<uint8_t>& f, const AdvertisementSegment& s) {
            FUZZ_CHECK(s.coded);
            FUZZ_CHECK(f.size() - kSegmentHeaderSize <= 1 + (uint64_t{s.slotCount} * b + 7) / 8);
        });
    return 0;
}

std::vector<std::vector<uint8_t>>
fuzz::Seeds()
{
    std::vector<std::vector<uint8_t>> seeds;
    std::vector<AnyFilter> filters;
    for (uint32_t m : {300U, 3000U})
    {
        BloomFilter bf(m, 3);
        for (uint64_t id = 1; id <= m / 50; ++id)
        {
            bf.Insert(Key::FromId(id));
        }
        filters.emplace_back(bf);
    }
    for (uint32_t b : {1U, 5U, 8U, 9U, 16U})
    {
        const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
        LinearBloomFilter lbf(400, b, 3, Quantization::FLOOR);
        for (uint64_t id = 1; id <= 12; ++id)
        {
            lbf.InsertQuantized(Key::FromId(id), decay.Chain()[id % decay.ChainLength()]);
        }
        filters.emplace_back(lbf);
    }
    // LBFs made the LBF way, as CELLS' count model expects them: k cells a
    // resource, values by hop count, the largest kept (issue 41).
    for (const auto& [m, b, k, keys] : {std::array<uint32_t, 4>{147, 5, 4, 40},
                                        std::array<uint32_t, 4>{1024, 8, 8, 60},
                                        std::array<uint32_t, 4>{256, 9, 1, 120}})
    {
        const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
        LinearBloomFilter lbf(m, b, k, Quantization::FLOOR);
        for (uint64_t id = 1; id <= keys; ++id)
        {
            const uint64_t hops = (id * 7 % 13 + id * 5 % 11) % decay.ChainLength();
            lbf.InsertQuantized(Key::FromId(id), decay.Chain()[hops]);
        }
        filters.emplace_back(lbf);
    }
    {
        AttenuatedBloomFilter abf(6, 40, 2);
        for (uint64_t id = 1; id <= 8; ++id)
        {
            abf.Insert(Key::FromId(id), static_cast<uint32_t>(id % 6));
        }
        filters.emplace_back(abf);
        ScopeDecayBloomFilter sdbf(800, 4);
        sdbf.Insert(Key::FromId(3));
        filters.emplace_back(sdbf);
    }
    {
        std::vector<DvEntry> table;
        for (uint32_t id = 1; id <= 90; ++id)
        {
            table.push_back({id * 13 % 1000 + 1, id % 7});
        }
        filters.emplace_back(DistanceVector::FromEntries(table, 10, 14));
        filters.emplace_back(DistanceVector());
    }
    fuzz::AppendEncodedSeeds(
        filters,
        3,
        [](const AnyFilter& f, uint16_t sequence, size_t frame) {
            return EncodeSegments(f, sequence, frame, Codec::ENTROPY, Alphabet(ShapeOf(f)));
        },
        seeds);
    // Nearly valid: truncated, a byte too many, another coding, no codec byte.
    const std::vector<uint8_t> base = seeds.front();
    seeds.emplace_back(base.begin(), base.end() - 1);
    seeds.push_back(base);
    seeds.back().push_back(1);
    seeds.push_back(base);
    seeds.back()[kSegmentHeaderSize] = 2;
    seeds.emplace_back(base.begin(), base.begin() + kSegmentHeaderSize);
    return seeds;
}
