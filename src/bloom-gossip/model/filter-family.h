/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The filter families as plug-ins: one descriptor per family, the one place
 * that says which ns-3 application type, size attribute, labels and plot
 * style a family has.  Every program, table and plot reads it; no family
 * ternary outside it.
 */
#ifndef BLOOM_GOSSIP_FILTER_FAMILY_H
#define BLOOM_GOSSIP_FILTER_FAMILY_H

#include "ns3/filter-shape.h"

#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief What the per-run CSV's `a` column (the per-hop decay) shows for a
 * family: NA, the LBF decay (the factor a, or "sub<delta>"), or the per-hop
 * keep probability q = 1 - p of a scope-decay filter.
 */
enum class DecayColumn : uint8_t
{
    NONE,
    LBF_DECAY,
    KEEP_PROBABILITY,
};

/**
 * \ingroup bloom-gossip
 * \brief What the rest of the project needs to know about one filter family.
 */
struct FilterFamily
{
    FilterKind kind;           //!< the wire kind (the header's kind byte)
    const char* name;          //!< command-line word and CSV `filter` value, e.g. "lbf"
    const char* label;         //!< plot and table label, e.g. "LBF"
    const char* title;         //!< long name, e.g. "Linear BF"
    const char* typeId;        //!< gossip application TypeId, e.g. "ns3::LbfGossipApplication"
    const char* sizeAttribute; //!< the application attribute holding m ("Bits", "Cells")
    bool distance;             //!< whether it estimates hop distances
    bool levels;               //!< m is per level of a depth (ABF)
    const char* colour;        //!< matplotlib colour, e.g. "tab:blue"
    const char* marker;        //!< matplotlib marker, e.g. "o"
    const char* line;          //!< matplotlib line style, e.g. "--"
    /// Its slots are `--b` (CellBits) bits wide: the CSV's `b` column is the
    /// cell width (else NA).
    bool cellSlots{false};
    DecayColumn decayColumn{DecayColumn::NONE}; //!< what the CSV's `a` column shows
};

/**
 * \ingroup bloom-gossip
 * \return every family, in the order of `--filter all` and of the plots
 */
const std::vector<FilterFamily>& FilterFamilies();

/**
 * \ingroup bloom-gossip
 * \param kind a filter family
 * \return its descriptor
 */
const FilterFamily& GetFilterFamily(FilterKind kind);

/**
 * \ingroup bloom-gossip
 * \param name a family's `name`
 * \return its descriptor, or nullptr
 */
const FilterFamily* FindFilterFamily(const std::string& name);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_FAMILY_H
