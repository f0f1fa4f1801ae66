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
         "-"},
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
         DecayColumn::LBF_DECAY},
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
         "-."},
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
         DecayColumn::KEEP_PROBABILITY},
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

} // namespace bloom
} // namespace ns3
