/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "filter-family.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

namespace
{

/// The registered families, in the order of their kinds.
std::vector<FilterFamily>&
Registry()
{
    static std::vector<FilterFamily> families;
    return families;
}

} // namespace

const FamilyOption*
FilterFamily::FindOption(const std::string& attribute) const
{
    for (const FamilyOption& option : options)
    {
        if (attribute == option.attribute)
        {
            return &option;
        }
    }
    return nullptr;
}

FilterFamilyRegistration::FilterFamilyRegistration(const FilterFamily& family)
{
    std::vector<FilterFamily>& families = Registry();
    for (const FilterFamily& f : families)
    {
        if (f.kind == family.kind || std::string(f.name) == family.name)
        {
            throw std::logic_error(std::string("filter family '") + family.name +
                                   "' registered twice (kind or name of '" + f.name + "')");
        }
    }
    const auto at = std::find_if(families.begin(),
                                 families.end(),
                                 [&family](const FilterFamily& f) { return f.kind > family.kind; });
    families.insert(at, family);
}

const std::vector<FilterFamily>&
FilterFamilies()
{
    return Registry();
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
               ", \"title\": " + Quoted(f.title) +
               ", \"distance\": " + (f.distance ? "true" : "false") + "}" +
               (i + 1 < families.size() ? ",\n" : "\n");
    }
    return out + "]\n";
}

} // namespace bloom
} // namespace ns3
