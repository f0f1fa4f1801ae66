/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "any-filter.h"

#include <stdexcept>

namespace ns3
{
namespace bloom
{

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
ShapeOf(const ScopeDecayBloomFilter& f)
{
    FilterShape s;
    s.kind = FilterKind::SCOPE_DECAY;
    s.hashes = f.GetHashes();
    s.slots = f.GetBits();
    return s;
}

FilterShape
ShapeOf(const AnyFilter& f)
{
    return std::visit([](const auto& x) { return ShapeOf(x); }, f);
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
    case FilterKind::SCOPE_DECAY:
        return ScopeDecayBloomFilter(shape.slots, shape.hashes);
    }
    throw std::invalid_argument("unknown filter kind");
}

void
AppendWireSlots(const AnyFilter& filter, uint64_t first, uint64_t n, std::vector<uint8_t>& out)
{
    std::visit([&](const auto& f) { f.AppendWireSlots(first, n, out); }, filter);
}

StoreEffect
StoreWireSlots(AnyFilter& filter, uint64_t first, uint64_t n, const uint8_t* data)
{
    return std::visit([&](auto& f) { return f.StoreWireSlots(first, n, data); }, filter);
}

uint32_t
GetSlot(const AnyFilter& filter, uint64_t slot)
{
    std::vector<uint8_t> wire;
    AppendWireSlots(filter, slot, 1, wire);
    return wire[0] | (wire.size() > 1 ? static_cast<uint32_t>(wire[1]) << 8 : 0U);
}

void
SetSlot(AnyFilter& filter, uint64_t slot, uint32_t value)
{
    const uint8_t wire[2] = {static_cast<uint8_t>(value), static_cast<uint8_t>(value >> 8)};
    StoreWireSlots(filter, slot, 1, wire);
}

} // namespace bloom
} // namespace ns3
