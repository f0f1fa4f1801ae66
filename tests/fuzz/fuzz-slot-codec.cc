/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * libFuzzer target: bloom::DecodeCodedSlots and AppendCodedSlots
 * (slot-codec.h), the entropy codings of a slot range, on every family.
 * The input's first 6 bytes choose the shape and range (family, m, b or
 * widths, the LBF decay and k, first slot, slot count); byte 6 is the codec byte,
 * the rest its payload.  Properties, both ways:
 *  - decoding: every rejection is a DecodeError; what decodes has its wire
 *    form's size and zero padding, is valid for the family (LBF cells on
 *    the alphabet's chain, DV entries canonical) and re-encodes, with the
 *    same coding, to the same payload;
 *  - encoding: the payload read as slot contents (any bits, masked to the
 *    shape) codes with AppendCodedSlots to at most the raw size plus the
 *    codec byte and decodes back to the same wire form.
 */
#include "filter-codec.h"
#include "filter-limits.h"
#include "fuzz-common.h"
#include "slot-codec.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>

using namespace ns3::bloom;

namespace
{

constexpr size_t kPrefix = 7;

/// The LBF alphabets the target uses: b = 1..16, multiplicative 0.9 or subtractive 1.
const CellAlphabet&
Alphabet(uint32_t b, bool subtractive)
{
    static std::map<std::pair<uint32_t, bool>, CellAlphabet> cache;
    auto it = cache.find({b, subtractive});
    if (it == cache.end())
    {
        it = cache
                 .emplace(std::make_pair(b, subtractive),
                          CellAlphabet::FromDecay(subtractive ? LbfDecay::Subtractive(1, b)
                                                              : LbfDecay::Multiplicative(0.9, b)))
                 .first;
    }
    return it->second;
}

struct Setup
{
    FilterShape shape;
    uint64_t first{0};
    uint32_t n{0};
    const CellAlphabet* alphabet{nullptr};
};

/// The shape and range of an input's prefix; nullopt when they are not valid.
std::optional<Setup>
Parse(const uint8_t* data)
{
    Setup s;
    const uint32_t family = data[0] % 5;
    const uint32_t m = 1 + (data[1] | (data[2] & 0x0F) << 8); // 1..4096
    s.shape.hashes = 3;
    s.shape.slots = m;
    switch (family)
    {
    case 0:
        s.shape.kind = FilterKind::BLOOM;
        break;
    case 1:
        s.shape.kind = FilterKind::SCOPE_DECAY;
        break;
    case 2:
        s.shape.kind = FilterKind::ATTENUATED;
        s.shape.slots = 1 + m % 64;
        s.shape.depth = 1 + data[3] % 16;
        break;
    case 3:
        s.shape.kind = FilterKind::LINEAR;
        s.shape.hashes = 1 + data[0] / 5 % kMaxHashes; // CELLS' count model uses k
        s.shape.slotBits = 1 + data[3] % 16;
        s.alphabet = &Alphabet(s.shape.slotBits, (data[3] & 0x80) != 0);
        break;
    default:
        s.shape.kind = FilterKind::DISTANCE_VECTOR;
        s.shape.hashes = 1 + data[3] % 24;                          // w
        s.shape.slotBits = s.shape.hashes + 1 + (data[3] >> 5) % 8; // w + hop bits
        s.shape.slots = m % 512;
        break;
    }
    const uint64_t total = s.shape.TotalSlots();
    if (total == 0)
    {
        return s; // an empty DV: no slots
    }
    s.first = (data[4] | data[2] >> 4 << 8) % total;
    s.n = static_cast<uint32_t>(1 + data[5] * 61 % std::min<uint64_t>(total - s.first, 0xFFFF));
    return s;
}

/// Whether a decoded wire form is valid for the family.
bool
Valid(const Setup& s, const std::vector<uint8_t>& raw)
{
    const uint32_t b = s.shape.slotBits;
    std::vector<uint8_t> copy = raw;
    CheckPadding(copy.data(), uint64_t{s.n} * b, "fuzz");
    AnyFilter f = MakeFilter(s.shape);
    StoreWireSlots(f, s.first, s.n, raw.data());
    if (s.alphabet != nullptr)
    {
        for (uint32_t i = 0; i < s.n; ++i)
        {
            const uint32_t v = GetSlot(f, s.first + i);
            if (v != 0 && !s.alphabet->Symbol(v))
            {
                return false;
            }
        }
    }
    if (s.shape.kind == FilterKind::DISTANCE_VECTOR && s.n > 0)
    {
        const uint32_t w = s.shape.hashes;
        uint32_t prev = 0;
        for (uint32_t i = 0; i < s.n; ++i)
        {
            const uint32_t v = GetSlot(f, s.first + i);
            const uint32_t key = (v >> w) << 24 | (v & ((1U << w) - 1));
            if ((v & ((1U << w) - 1)) == 0 || (i > 0 && key <= prev))
            {
                return false;
            }
            prev = key;
        }
    }
    return true;
}

/**
 * Make a DV range canonical where the content allows it (non-zero ids,
 * strictly increasing by hops then id), so that ENTRIES codes it; a range
 * that cannot be made so stays as it is (and goes raw).
 */
void
Canonicalize(AnyFilter& f, const Setup& s)
{
    const uint32_t w = s.shape.hashes;
    const uint32_t ids = (1U << w) - 1;
    const uint32_t hops = (1U << (s.shape.slotBits - w)) - 1;
    std::vector<std::pair<uint32_t, uint32_t>> entries; // (hops, id)
    for (uint32_t i = 0; i < s.n; ++i)
    {
        const uint32_t v = GetSlot(f, s.first + i);
        entries.emplace_back(v >> w, 1 + (v & ids) % ids);
    }
    std::sort(entries.begin(), entries.end());
    for (size_t i = 1; i < entries.size(); ++i)
    {
        if (entries[i] <= entries[i - 1])
        {
            entries[i] = entries[i - 1];
            if (++entries[i].second > ids)
            {
                entries[i] = {entries[i].first + 1, 1};
            }
            if (entries[i].first > hops)
            {
                return;
            }
        }
    }
    for (uint32_t i = 0; i < s.n; ++i)
    {
        SetSlot(f, s.first + i, entries[i].second | entries[i].first << w);
    }
}

/// A seed: the prefix `input`, then the coded range of `f` it names.
std::vector<uint8_t>
WithCodedRange(std::vector<uint8_t> input, const Setup& s, const AnyFilter& f)
{
    std::vector<uint8_t> wire;
    AppendWireSlots(f, s.first, s.n, wire);
    std::vector<uint8_t> coded;
    AppendCodedSlots(s.shape, s.n, wire.data(), s.alphabet, coded);
    input.insert(input.end(), coded.begin(), coded.end());
    return input;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < kPrefix)
    {
        return 0;
    }
    const std::optional<Setup> setup = Parse(data);
    const Setup& s = *setup;
    const uint8_t codecByte = data[6];
    const uint8_t* payload = data + kPrefix;
    const size_t payloadSize = size - kPrefix;
    const uint64_t rawBytes = (uint64_t{s.n} * s.shape.slotBits + 7) / 8;

    // Decoding.
    std::vector<uint8_t> raw;
    bool decoded = true;
    try
    {
        DecodeCodedSlots(s.shape, s.n, codecByte, payload, payloadSize, s.alphabet, raw);
    }
    catch (const DecodeError&)
    {
        decoded = false;
    }
    if (decoded)
    {
        FUZZ_CHECK(raw.size() == rawBytes);
        FUZZ_CHECK(Valid(s, raw) || (codecByte & 0x0F) == 0);
        std::vector<uint8_t> again;
        FUZZ_CHECK(AppendSlotsAs(static_cast<SlotCoding>(codecByte & 0x0F),
                                 s.shape,
                                 s.n,
                                 raw.data(),
                                 s.alphabet,
                                 again));
        FUZZ_CHECK(again.size() == payloadSize &&
                   (payloadSize == 0 || std::memcmp(again.data(), payload, payloadSize) == 0));
    }

    // Encoding: the payload as slot contents.
    std::vector<uint8_t> content(rawBytes, 0);
    if (rawBytes > 0 && payloadSize > 0)
    {
        std::memcpy(content.data(), payload, std::min<uint64_t>(rawBytes, payloadSize));
    }
    AnyFilter f = MakeFilter(s.shape);
    StoreWireSlots(f, s.first, s.n, content.data()); // bits past n b ignored
    if (s.alphabet != nullptr)
    {
        // Cells on the chain: a value becomes the chain value of its index.
        for (uint32_t i = 0; i < s.n; ++i)
        {
            const uint32_t v = GetSlot(f, s.first + i);
            SetSlot(f, s.first + i, v == 0 ? 0 : s.alphabet->Value(v % s.alphabet->Size()));
        }
    }
    if (s.shape.kind == FilterKind::DISTANCE_VECTOR && (codecByte & 0x80) != 0)
    {
        Canonicalize(f, s);
    }
    std::vector<uint8_t> wire;
    AppendWireSlots(f, s.first, s.n, wire);
    std::vector<uint8_t> coded;
    const size_t n = AppendCodedSlots(s.shape, s.n, wire.data(), s.alphabet, coded);
    FUZZ_CHECK(n == coded.size() && n >= 1 && n <= 1 + rawBytes);
    std::vector<uint8_t> back;
    DecodeCodedSlots(s.shape, s.n, coded[0], coded.data() + 1, n - 1, s.alphabet, back);
    FUZZ_CHECK(back == wire);
    return 0;
}

std::vector<std::vector<uint8_t>>
fuzz::Seeds()
{
    std::vector<std::vector<uint8_t>> seeds;
    // Each family, a few fills: prefix, then the coded payload of a content.
    for (uint8_t family = 0; family < 5; ++family)
    {
        for (uint8_t fill : {0U, 8U, 64U, 200U})
        {
            std::vector<uint8_t> input{family, 200, 1, static_cast<uint8_t>(4 + family * 37), 0, 7};
            const std::optional<Setup> s = Parse(input.data());
            AnyFilter f = MakeFilter(s->shape);
            uint32_t x = 12345 + fill;
            for (uint32_t i = 0; i < s->n; ++i)
            {
                x = x * 1103515245U + 12345U;
                if ((x >> 24) < fill)
                {
                    const uint32_t v = x >> 8;
                    SetSlot(f,
                            s->first + i,
                            s->alphabet ? s->alphabet->Value(v % s->alphabet->Size())
                                        : v & ((1U << s->shape.slotBits) - 1));
                }
            }
            if (s->shape.kind == FilterKind::DISTANCE_VECTOR)
            {
                Canonicalize(f, *s);
            }
            seeds.push_back(WithCodedRange(input, *s, f));
        }
    }
    // LBF ranges made the LBF way (issue 41's count model): resources at
    // hop counts, each writing its chain value into k cells, the largest kept.
    for (const uint32_t k : {1U, 4U, 8U, 32U})
    {
        for (const uint32_t resources : {3U, 30U, 300U})
        {
            std::vector<uint8_t> input{static_cast<uint8_t>(3 + 5 * (k - 1)), 255, 3, 7, 0, 17};
            const std::optional<Setup> s = Parse(input.data());
            AnyFilter f = MakeFilter(s->shape);
            const uint32_t size = s->alphabet->Size();
            uint32_t x = 777 + resources + k;
            for (uint32_t r = 0; r < resources; ++r)
            {
                x = x * 1103515245U + 12345U;
                const uint32_t hop = (x >> 16) % 13 % size;
                for (uint32_t j = 0; j < k; ++j)
                {
                    x = x * 1103515245U + 12345U;
                    const uint64_t cell = s->first + (x >> 8) % s->n;
                    SetSlot(f, cell, std::max(GetSlot(f, cell), s->alphabet->Value(hop)));
                }
            }
            seeds.push_back(WithCodedRange(input, *s, f));
        }
    }
    return seeds;
}
