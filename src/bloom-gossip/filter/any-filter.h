/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A filter of any of the families gossip carries, and the operations that
 * dispatch on the family: shape, empty filter of a shape, wire form of a
 * slot range; for a plug-in family, through its registered class
 * (PluginFilterRegistration, filter-shape.h).  Plain C++17, no ns-3
 * dependency.
 */
#ifndef BLOOM_GOSSIP_ANY_FILTER_H
#define BLOOM_GOSSIP_ANY_FILTER_H

#include "filter-kinds.h"
#include "filter-shape.h"

#include <cstdint>
#include <type_traits>
#include <variant>
#include <vector>

namespace ns3
{
namespace bloom
{

/// The position of filter class F among AnyFilter's alternatives (a class
/// of the core's list; a plug-in class' kind is its registration's).
template <typename F, size_t I = 0>
constexpr size_t
FilterIndex()
{
    static_assert(I < kCoreKinds, "not a filter class of filter-kinds.h's list");
    if constexpr (std::is_same_v<F, std::variant_alternative_t<I, AnyFilter>>)
    {
        return I;
    }
    else
    {
        return FilterIndex<F, I + 1>();
    }
}

/// \return the wire kind of filter class F (its place in filter-kinds.h's list)
template <typename F>
constexpr FilterKind
KindOf()
{
    return static_cast<FilterKind>(FilterIndex<F>() + 1);
}

/// \return the shape of a filter of any class of filter-kinds.h
template <typename F>
FilterShape
ShapeOf(const F& f)
{
    FilterShape s;
    s.kind = KindOf<F>();
    f.FillShape(s);
    return s;
}

/// \return the shape of a plug-in filter (its kind, then its FillShape)
FilterShape ShapeOf(const PluginFilter& f);

FilterShape ShapeOf(const AnyFilter& f);

/// An all-zero filter of a shape (throws std::invalid_argument on an invalid
/// shape or a kind no class has; a plug-in kind: its registered class).
AnyFilter MakeFilter(const FilterShape& shape);

/// The filter's AppendWireSlots: flat slots first .. first + n - 1 packed as
/// on the wire (n b bits, zero padding to a whole byte).
void AppendWireSlots(const AnyFilter& filter,
                     uint64_t first,
                     uint64_t n,
                     std::vector<uint8_t>& out);
/// The filter's StoreWireSlots: set flat slots first .. first + n - 1 from
/// their wire form (bits past n b ignored).
StoreEffect StoreWireSlots(AnyFilter& filter, uint64_t first, uint64_t n, const uint8_t* data);

/// Flat slot i of a filter (0/1, or an LBF cell).
uint32_t GetSlot(const AnyFilter& filter, uint64_t slot);
/// Write flat slot i of a filter.
void SetSlot(AnyFilter& filter, uint64_t slot, uint32_t value);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_ANY_FILTER_H
