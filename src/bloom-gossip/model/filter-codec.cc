/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "filter-codec.h"

namespace ns3
{
namespace bloom
{

std::string
ToString(FilterKind kind)
{
    switch (kind)
    {
    case FilterKind::BLOOM:
        return "bf";
    case FilterKind::LINEAR:
        return "lbf";
    case FilterKind::ATTENUATED:
        return "abf";
    }
    return "unknown";
}

size_t
FilterShape::LevelBytes() const
{
    return static_cast<size_t>((static_cast<uint64_t>(slots) * slotBits + 7) / 8);
}

size_t
FilterShape::PayloadBytes() const
{
    return LevelBytes() * depth;
}

bool
FilterShape::operator==(const FilterShape& o) const
{
    return kind == o.kind && hashes == o.hashes && slotBits == o.slotBits && depth == o.depth &&
           quantization == o.quantization && slots == o.slots;
}

void
FilterShape::Validate() const
{
    if (kind != FilterKind::BLOOM && kind != FilterKind::LINEAR && kind != FilterKind::ATTENUATED)
    {
        throw DecodeError("unknown filter kind " + std::to_string(static_cast<int>(kind)));
    }
    if (hashes < 1 || hashes > kMaxHashes)
    {
        throw DecodeError("hash count k=" + std::to_string(hashes) + " out of range");
    }
    if (slots < 1 || slots > kMaxSlots)
    {
        throw DecodeError("slot count m=" + std::to_string(slots) + " out of range");
    }
    const bool linear = kind == FilterKind::LINEAR;
    if (linear ? (slotBits < kMinCellBits || slotBits > kMaxCellBits) : slotBits != 1)
    {
        throw DecodeError("slot width b=" + std::to_string(slotBits) + " invalid for " +
                          ToString(kind));
    }
    const bool layered = kind == FilterKind::ATTENUATED;
    if (layered ? (depth < 1 || depth > kMaxDepth) : depth != 1)
    {
        throw DecodeError("depth d=" + std::to_string(depth) + " invalid for " + ToString(kind));
    }
    const auto q = static_cast<uint8_t>(quantization);
    if (linear ? q > static_cast<uint8_t>(Quantization::ROUND) : q != 0)
    {
        throw DecodeError("quantization " + std::to_string(q) + " invalid for " + ToString(kind));
    }
}

FilterShape
ShapeOf(const BloomFilter& f)
{
    FilterShape s;
    s.kind = FilterKind::BLOOM;
    s.hashes = f.GetHashes();
    s.slots = f.GetBits();
    return s;
}

FilterShape
ShapeOf(const LinearBloomFilter& f)
{
    FilterShape s;
    s.kind = FilterKind::LINEAR;
    s.hashes = f.GetHashes();
    s.slots = f.GetCells();
    s.slotBits = f.GetCellBits();
    s.quantization = f.GetQuantization();
    return s;
}

FilterShape
ShapeOf(const AttenuatedBloomFilter& f)
{
    FilterShape s;
    s.kind = FilterKind::ATTENUATED;
    s.hashes = f.GetHashes();
    s.slots = f.GetBits();
    s.depth = f.GetDepth();
    return s;
}

FilterShape
ShapeOf(const AnyFilter& f)
{
    return std::visit([](const auto& x) { return ShapeOf(x); }, f);
}

void
AppendHeader(const FilterShape& shape, std::vector<uint8_t>& out)
{
    out.push_back(kWireVersion);
    out.push_back(static_cast<uint8_t>(shape.kind));
    out.push_back(static_cast<uint8_t>(shape.hashes));
    out.push_back(static_cast<uint8_t>(shape.slotBits));
    out.push_back(static_cast<uint8_t>(shape.depth));
    out.push_back(static_cast<uint8_t>(shape.quantization));
    for (int i = 0; i < 4; ++i)
    {
        out.push_back(static_cast<uint8_t>(shape.slots >> (8 * i)));
    }
}

FilterShape
ParseHeader(const uint8_t* data, size_t size)
{
    if (data == nullptr || size < kWireHeaderSize)
    {
        throw DecodeError("truncated filter header (" + std::to_string(size) + " bytes)");
    }
    if (data[0] != kWireVersion)
    {
        throw DecodeError("unknown filter encoding version " + std::to_string(data[0]));
    }
    FilterShape s;
    s.kind = static_cast<FilterKind>(data[1]);
    s.hashes = data[2];
    s.slotBits = data[3];
    s.depth = data[4];
    s.quantization = static_cast<Quantization>(data[5]);
    s.slots = 0;
    for (int i = 0; i < 4; ++i)
    {
        s.slots |= static_cast<uint32_t>(data[6 + i]) << (8 * i);
    }
    s.Validate();
    return s;
}

namespace
{
std::vector<uint8_t>
StartEncoding(const FilterShape& shape)
{
    std::vector<uint8_t> out;
    out.reserve(shape.EncodedBytes());
    AppendHeader(shape, out);
    return out;
}

/// Throws unless a load succeeded (LoadBytes refuses a set padding bit).
void
RequireCleanPadding(bool loaded)
{
    if (!loaded)
    {
        throw DecodeError("non-zero padding bits in filter payload");
    }
}
} // namespace

std::vector<uint8_t>
Encode(const BloomFilter& f)
{
    auto out = StartEncoding(ShapeOf(f));
    f.Bits().AppendBytes(out);
    return out;
}

std::vector<uint8_t>
Encode(const LinearBloomFilter& f)
{
    auto out = StartEncoding(ShapeOf(f));
    f.AppendWireBytes(out);
    return out;
}

std::vector<uint8_t>
Encode(const AttenuatedBloomFilter& f)
{
    auto out = StartEncoding(ShapeOf(f));
    for (uint32_t i = 0; i < f.GetDepth(); ++i)
    {
        f.AppendLevelBytes(i, out);
    }
    return out;
}

std::vector<uint8_t>
Encode(const AnyFilter& f)
{
    return std::visit([](const auto& x) { return Encode(x); }, f);
}

AnyFilter
Decode(const uint8_t* data, size_t size)
{
    const FilterShape s = ParseHeader(data, size);
    if (size != s.EncodedBytes())
    {
        throw DecodeError("filter encoding has " + std::to_string(size) + " bytes, expected " +
                          std::to_string(s.EncodedBytes()));
    }
    const uint8_t* payload = data + kWireHeaderSize;
    switch (s.kind)
    {
    case FilterKind::BLOOM: {
        BloomFilter f(s.slots, s.hashes);
        RequireCleanPadding(f.Bits().LoadBytes(payload));
        return f;
    }
    case FilterKind::LINEAR: {
        LinearBloomFilter f(s.slots, s.slotBits, s.hashes, s.quantization);
        RequireCleanPadding(f.LoadWireBytes(payload));
        return f;
    }
    case FilterKind::ATTENUATED: {
        AttenuatedBloomFilter f(s.depth, s.slots, s.hashes);
        for (uint32_t i = 0; i < s.depth; ++i)
        {
            RequireCleanPadding(f.LoadLevelBytes(i, payload + i * s.LevelBytes()));
        }
        return f;
    }
    }
    throw DecodeError("unknown filter kind");
}

} // namespace bloom
} // namespace ns3
