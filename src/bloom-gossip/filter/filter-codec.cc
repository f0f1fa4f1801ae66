/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "filter-codec.h"

#include <string>

namespace ns3
{
namespace bloom
{

void
CheckPadding(const uint8_t* data, uint64_t nbits, const char* what)
{
    const unsigned tail = nbits % 8;
    if (tail != 0 && (data[(nbits + 7) / 8 - 1] >> tail) != 0)
    {
        throw DecodeError(std::string("non-zero padding bits in ") + what);
    }
}

std::vector<uint8_t>
Encode(const AnyFilter& f)
{
    const FilterShape shape = ShapeOf(f);
    std::vector<uint8_t> out;
    out.reserve(shape.EncodedBytes());
    AppendHeader(shape, out);
    for (uint32_t level = 0; level < shape.depth; ++level)
    {
        AppendWireSlots(f, uint64_t{level} * shape.slots, shape.slots, out);
    }
    return out;
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
    AnyFilter f = MakeFilter(s);
    const uint64_t levelBits = uint64_t{s.slots} * s.slotBits;
    for (uint32_t level = 0; level < s.depth; ++level)
    {
        const uint8_t* bytes = data + kWireHeaderSize + level * s.LevelBytes();
        CheckPadding(bytes, levelBits, "filter payload");
        StoreWireSlots(f, uint64_t{level} * s.slots, s.slots, bytes);
    }
    return f;
}

} // namespace bloom
} // namespace ns3
