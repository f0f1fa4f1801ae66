/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "filter-shape.h"

#include "lbf-quantization.h"
#include "little-endian.h"

#include "ns3/user-text.h"

#include <array>
#include <map>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace bloom
{

namespace
{

/// The traits of AnyFilter's alternatives, in the variant's order.
template <size_t... I>
constexpr std::array<FilterTraits, sizeof...(I)>
TraitsTable(std::index_sequence<I...>)
{
    return {std::variant_alternative_t<I, AnyFilter>::kTraits...};
}

constexpr auto kTraitsTable = TraitsTable(std::make_index_sequence<kCoreKinds>());

/// The registered plug-in classes, by kind (a function-local static:
/// registrations run at static initialisation, in any order).
std::map<uint8_t, PluginFilterClass>&
PluginClasses()
{
    static std::map<uint8_t, PluginFilterClass> classes;
    return classes;
}

} // namespace

const FilterTraits*
GetFilterTraits(FilterKind kind)
{
    const auto i = static_cast<size_t>(kind);
    if (i >= 1 && i <= kTraitsTable.size())
    {
        return &kTraitsTable[i - 1];
    }
    const auto it = PluginClasses().find(static_cast<uint8_t>(kind));
    return it == PluginClasses().end() ? nullptr : &it->second.traits;
}

std::vector<FilterKind>
FilterKinds()
{
    std::vector<FilterKind> kinds;
    for (size_t i = 1; i <= kTraitsTable.size(); ++i)
    {
        kinds.push_back(static_cast<FilterKind>(i));
    }
    for (const auto& [kind, filterClass] : PluginClasses())
    {
        kinds.push_back(filterClass.kind);
    }
    return kinds;
}

PluginFilterRegistration::PluginFilterRegistration(PluginFilterClass filterClass)
    : m_kind(filterClass.kind)
{
    const auto kind = static_cast<uint8_t>(filterClass.kind);
    const std::string name = filterClass.traits.name != nullptr ? filterClass.traits.name : "";
    const std::string what =
        "plug-in filter class '" + name + "' (kind " + std::to_string(kind) + "): ";
    if (kind < kFirstPluginKind)
    {
        throw std::logic_error(what + "plug-in kinds are " + std::to_string(kFirstPluginKind) +
                               "..255");
    }
    if (name.empty() || !filterClass.fromShape)
    {
        throw std::logic_error(what + "no name or no fromShape");
    }
    for (FilterKind k : FilterKinds())
    {
        if (k == filterClass.kind || ToString(k) == name)
        {
            throw std::logic_error(what + "kind or name taken by '" + ToString(k) + "'");
        }
    }
    PluginClasses().emplace(kind, std::move(filterClass));
}

PluginFilterRegistration::~PluginFilterRegistration()
{
    PluginClasses().erase(static_cast<uint8_t>(m_kind));
}

PluginFilter
MakePluginFilter(const FilterShape& shape)
{
    const auto it = PluginClasses().find(static_cast<uint8_t>(shape.kind));
    if (it == PluginClasses().end())
    {
        throw std::invalid_argument("unknown filter kind");
    }
    return PluginFilter(shape.kind, it->second.fromShape(shape));
}

std::string
ToString(FilterKind kind)
{
    const FilterTraits* traits = GetFilterTraits(kind);
    return traits != nullptr ? traits->name : "unknown";
}

FilterKind
ParseFilterKind(const std::string& name)
{
    std::vector<std::string> names;
    for (FilterKind kind : FilterKinds())
    {
        names.push_back(ToString(kind));
        if (names.back() == name)
        {
            return kind;
        }
    }
    throw std::invalid_argument(NotOneOf(name, names));
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
    const FilterTraits* traits = GetFilterTraits(kind);
    if (traits == nullptr)
    {
        throw DecodeError("unknown filter kind " + std::to_string(static_cast<int>(kind)));
    }
    if (slots < (traits->entrySlots ? 0U : 1U) || slots > kMaxSlots)
    {
        throw DecodeError("slot count m=" + std::to_string(slots) + " out of range");
    }
    if (traits->entrySlots)
    {
        if (hashes < 1 || hashes > kMaxDvIdBits)
        {
            throw DecodeError("id width k=" + std::to_string(hashes) + " out of range");
        }
        if (slotBits <= hashes || slotBits > hashes + kMaxDvHopBits)
        {
            throw DecodeError("entry width b=" + std::to_string(slotBits) +
                              " invalid for k=" + std::to_string(hashes));
        }
    }
    else
    {
        if (hashes < 1 || hashes > kMaxHashes)
        {
            throw DecodeError("hash count k=" + std::to_string(hashes) + " out of range");
        }
        if (traits->cellSlots ? !IsCellBits(slotBits) : slotBits != 1)
        {
            throw DecodeError("slot width b=" + std::to_string(slotBits) + " invalid for " +
                              ToString(kind));
        }
    }
    if (traits->levels ? (depth < 1 || depth > kMaxDepth) : depth != 1)
    {
        throw DecodeError("depth d=" + std::to_string(depth) + " invalid for " + ToString(kind));
    }
    const auto q = static_cast<uint8_t>(quantization);
    if (traits->quantized ? q > static_cast<uint8_t>(Quantization::ROUND) : q != 0)
    {
        throw DecodeError("quantization " + std::to_string(q) + " invalid for " + ToString(kind));
    }
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
    AppendLittleEndian(out, shape.slots, 4);
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
    s.slots = LoadLe32(data + 6);
    s.Validate();
    return s;
}

} // namespace bloom
} // namespace ns3
