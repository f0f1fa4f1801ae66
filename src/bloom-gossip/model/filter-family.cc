/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "filter-family.h"

#include <stdexcept>

namespace ns3
{
namespace bloom
{

const std::vector<FilterFamily>&
FilterFamilies()
{
    static const std::vector<FilterFamily> families{
        {FilterKind::BLOOM,
         "bf",
         "BF",
         "Bloom filter",
         "ns3::BfGossipApplication",
         "Bits",
         false,
         false,
         "tab:gray",
         "s",
         "-",
         false,
         true},
        {FilterKind::LINEAR,
         "lbf",
         "LBF",
         "Linear BF",
         "ns3::LbfGossipApplication",
         "Cells",
         true,
         false,
         "tab:blue",
         "o",
         "--",
         true,
         true},
        {FilterKind::ATTENUATED,
         "abf",
         "ABF",
         "Attenuated BF",
         "ns3::AbfGossipApplication",
         "Bits",
         true,
         true,
         "tab:orange",
         "^",
         "-.",
         false,
         true},
        {FilterKind::SCOPE_DECAY,
         "sdbf",
         "SDBF",
         "Scope-decay BF",
         "ns3::SdbfGossipApplication",
         "Bits",
         true,
         false,
         "tab:green",
         "D",
         ":",
         false,
         false},
    };
    return families;
}

const FilterFamily&
GetFilterFamily(FilterKind kind)
{
    for (const FilterFamily& f : FilterFamilies())
    {
        if (f.kind == kind)
        {
            return f;
        }
    }
    throw std::invalid_argument("no filter family of kind " +
                                std::to_string(static_cast<int>(kind)));
}

const FilterFamily*
FindFilterFamily(const std::string& name)
{
    for (const FilterFamily& f : FilterFamilies())
    {
        if (name == f.name)
        {
            return &f;
        }
    }
    return nullptr;
}

std::vector<std::string>
FilterFamilyNames()
{
    std::vector<std::string> names;
    for (const FilterFamily& f : FilterFamilies())
    {
        names.emplace_back(f.name);
    }
    return names;
}

std::string
FilterFamilyNames(const std::string& separator)
{
    std::string out;
    for (const FilterFamily& f : FilterFamilies())
    {
        out += (out.empty() ? "" : separator) + f.name;
    }
    return out;
}

namespace
{

/// A JSON string: the descriptor's texts are plain ASCII without quotes or
/// backslashes (checked), so quoting is all it takes.
std::string
Quoted(const char* text)
{
    const std::string s(text);
    for (char c : s)
    {
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 ||
            static_cast<unsigned char>(c) >= 0x7f)
        {
            throw std::invalid_argument("filter family text '" + s + "' needs JSON escaping");
        }
    }
    return '"' + s + '"';
}

} // namespace

std::string
FilterFamiliesJson()
{
    std::string out = "[\n";
    const auto& families = FilterFamilies();
    for (size_t i = 0; i < families.size(); ++i)
    {
        const FilterFamily& f = families[i];
        out += std::string("  {\"name\": ") + Quoted(f.name) + ", \"label\": " + Quoted(f.label) +
               ", \"title\": " + Quoted(f.title) + ", \"colour\": " + Quoted(f.colour) +
               ", \"marker\": " + Quoted(f.marker) + ", \"line\": " + Quoted(f.line) +
               ", \"distance\": " + (f.distance ? "true" : "false") + "}" +
               (i + 1 < families.size() ? ",\n" : "\n");
    }
    return out + "]\n";
}

} // namespace bloom
} // namespace ns3
