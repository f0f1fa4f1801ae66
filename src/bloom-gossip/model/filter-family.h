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

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

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
    bool cellSlots;            //!< slots are `--b` (CellBits) bits wide; else one bit each
    bool purgeBound;           //!< a removed resource fades within the reach (not SDBF:
                               //!< a bit two neighbours both keep outlives it)
    uint32_t sizeBits{1};      //!< bits of one unit of the size attribute when the slots
                               //!< are not cells (DV: its size is in bytes, 8)

    /**
     * \param cellBits the run's cell width b
     * \return the bits of one unit of m: b for a family of cells, else
     *         sizeBits (1: one bit; DV: 8, one byte of entries)
     */
    uint32_t SlotBits(uint32_t cellBits) const
    {
        return cellSlots ? cellBits : sizeBits;
    }

    /**
     * \param depth the run's depth d (0: automatic)
     * \return the levels of a filter: d for a family of levels, else 1
     */
    uint32_t Levels(uint32_t depth) const
    {
        return levels ? depth : 1;
    }

    /**
     * Slots per level a byte budget holds; every level is byte-aligned on
     * the wire, so a family of levels gets whole bytes per level.
     * \param budgetBytes the budget B
     * \param cellBits the cell width b
     * \param depth the depth d (>= 1)
     * \return the slots m that fit (may be 0)
     */
    uint64_t SlotsInBudget(uint64_t budgetBytes, uint32_t cellBits, uint32_t depth) const
    {
        return (levels ? budgetBytes / depth : budgetBytes) * 8 / SlotBits(cellBits);
    }

    /**
     * \param cellBits the cell width b
     * \param depth the depth d (0: automatic, checked once it is known)
     * \return the least byte budget holding one slot on every level
     */
    uint64_t MinBudgetBytes(uint32_t cellBits, uint32_t depth) const
    {
        return uint64_t{Levels(depth)} * ((SlotBits(cellBits) + 7) / 8);
    }
};

/**
 * \ingroup bloom-gossip
 * \brief Adds a family's descriptor to FilterFamilies() when the library is
 * loaded.  Each family's gossip application .cc holds one, next to its
 * NS_OBJECT_ENSURE_REGISTERED:
 *
 *     static const bloom::FilterFamilyRegistration g_family({bloom::FilterKind::LINEAR, "lbf",
 * ...});
 *
 * A kind or name registered twice throws std::logic_error (at load time).
 */
class FilterFamilyRegistration
{
  public:
    /// \param family the family's descriptor (its texts must outlive the program)
    explicit FilterFamilyRegistration(const FilterFamily& family);
};

/**
 * \ingroup bloom-gossip
 * \return every registered family, in the order of their kinds: the order
 *         of `--filter all` and of the plots (not complete before main())
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

/**
 * \ingroup bloom-gossip
 * \return every family's `name`, in the order of FilterFamilies()
 */
std::vector<std::string> FilterFamilyNames();

/**
 * \ingroup bloom-gossip
 * \param separator what goes between two names, e.g. ", "
 * \return every family's `name` joined, e.g. "bf, lbf, abf, sdbf"
 */
std::string FilterFamilyNames(const std::string& separator);

/**
 * \ingroup bloom-gossip
 * The plot scripts' family table (analysis/families.json, which
 * analysis/plot_common.py reads): one JSON object per family, in the order
 * of FilterFamilies(), with its name, label, title, colour, marker, line
 * style and whether it estimates distance.  CTest families-json-in-sync
 * checks the committed file against it.
 * \return the JSON text, ending with a newline
 */
std::string FilterFamiliesJson();

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_FAMILY_H
