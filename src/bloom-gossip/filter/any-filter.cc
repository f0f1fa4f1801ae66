/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "any-filter.h"

#include <array>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace bloom
{

PluginFilter::PluginFilter(FilterKind kind, std::unique_ptr<PluginFilterBody> body)
    : m_kind(kind),
      m_body(std::move(body))
{
    if (!m_body)
    {
        throw std::invalid_argument("plug-in filter of kind " +
                                    std::to_string(static_cast<int>(kind)) + " without a body");
    }
}

PluginFilter::PluginFilter(const PluginFilter& other)
    : m_kind(other.m_kind),
      m_body(other.m_body->Clone())
{
}

PluginFilter&
PluginFilter::operator=(const PluginFilter& other)
{
    if (this != &other)
    {
        m_kind = other.m_kind;
        m_body = other.m_body->Clone();
    }
    return *this;
}

FilterShape
ShapeOf(const PluginFilter& f)
{
    FilterShape s;
    s.kind = f.GetKind();
    f.Body().FillShape(s);
    return s;
}

FilterShape
ShapeOf(const AnyFilter& f)
{
    return std::visit([](const auto& x) { return ShapeOf(x); }, f);
}

namespace
{

/// Alternative I of AnyFilter built from a shape of its kind.
template <size_t I>
AnyFilter
FromShape(const FilterShape& shape)
{
    return AnyFilter(std::in_place_index<I>,
                     std::variant_alternative_t<I, AnyFilter>::FromShape(shape));
}

/// FromShape of every alternative of the core's list, in the variant's order.
template <size_t... I>
constexpr std::array<AnyFilter (*)(const FilterShape&), sizeof...(I)>
Factories(std::index_sequence<I...>)
{
    return {&FromShape<I>...};
}

} // namespace

AnyFilter
MakeFilter(const FilterShape& shape)
{
    static constexpr auto factories = Factories(std::make_index_sequence<kCoreKinds>());
    const auto i = static_cast<size_t>(shape.kind);
    if (i >= 1 && i <= factories.size())
    {
        return factories[i - 1](shape);
    }
    return MakePluginFilter(shape);
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
    uint32_t value = 0;
    for (size_t i = 0; i < wire.size() && i < 4; ++i)
    {
        value |= static_cast<uint32_t>(wire[i]) << (8 * i);
    }
    return value;
}

void
SetSlot(AnyFilter& filter, uint64_t slot, uint32_t value)
{
    const uint8_t wire[4] = {static_cast<uint8_t>(value),
                             static_cast<uint8_t>(value >> 8),
                             static_cast<uint8_t>(value >> 16),
                             static_cast<uint8_t>(value >> 24)};
    StoreWireSlots(filter, slot, 1, wire);
}

} // namespace bloom
} // namespace ns3
