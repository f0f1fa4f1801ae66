/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The filter families as plug-ins: one descriptor per family, the one place
 * that says which ns-3 application type, size attribute, labels, plot
 * style, capabilities and own options a family has.  Every program, table
 * and plot reads it; no family ternary outside it.
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
 * \brief A tunable attribute of a family's application that the scenario
 * programs offer as an option of their own (FilterFamily::options).  The
 * harness derives everything else from it and from the attribute: the
 * option's type, range and choices from the attribute's checker, its
 * default from the attribute's initial value (0 when `zero` is set), the
 * config key (the name), the help line, the --PrintHelp line SEM reads, the
 * row of the option tables, the runs.csv column, and the value given to
 * the attribute of every run of the family.
 */
struct FamilyOption
{
    const char* name;                //!< option name without dashes and config key, e.g. "a"
    const char* attribute;           //!< the application attribute holding it, e.g. "Factor"
    const char* help;                //!< the help line, e.g. "LBF multiplicative factor"
    const char* column{nullptr};     //!< the runs.csv column showing it (null: none)
    const char* unit{""};            //!< its unit, e.g. "hops" (empty: none)
    const char* zero{nullptr};       //!< what 0 means besides the checker's range, e.g.
                                     //!< "diameter + 1" (then 0 is the default; null: none)
    const char* whenOption{nullptr}; //!< applies only while this option of the family...
    const char* whenValue{nullptr};  //!< ...has this value, e.g. "decay", "subtractive"
    const char* section{"Filters"};  //!< help section of the option
};

/**
 * \ingroup bloom-gossip
 * \brief What the rest of the project needs to know about one filter family:
 * its names, application, capabilities and own options.  The harness reads
 * nothing else of a family: no family is named in it.
 */
struct FilterFamily
{
    FilterKind kind{FilterKind::BLOOM}; //!< the wire kind (the header's kind byte)
    const char* name{""};               //!< command-line word and CSV `filter` value, e.g. "lbf"
    const char* label{""};              //!< plot and table label, e.g. "LBF"
    const char* title{""};              //!< long name, e.g. "Linear BF"
    const char* typeId{""};        //!< gossip application TypeId, e.g. "ns3::LbfGossipApplication"
    const char* sizeAttribute{""}; //!< the application attribute holding m ("Bits", "Cells")
    const char* sizeHelp{""};      //!< what one unit of m is, for --m's help ("cells")
    bool distance{false};          //!< whether it estimates hop distances
    bool purgeBound{false};        //!< a removed resource fades within the reach (not SDBF:
                                   //!< a bit two neighbours both keep outlives it)
    uint32_t sizeBits{1};          //!< bits of one unit of the size attribute when the slots
                                   //!< are not cells (DV: its size is in bytes, 8)
    /// Slots are cells of b bits: the attribute holding b (LBF "CellBits");
    /// null: each slot is one unit of sizeBits
    const char* slotBitsAttribute{nullptr};
    /// The filter has d levels of m slots: the attribute holding d (ABF
    /// "Depth"; the harness resolves its option's 0 to diameter + 1); null: one
    const char* levelsAttribute{nullptr};
    /// It carries resource ids of a bounded width: the attribute the harness
    /// sets to the width of the run's largest id (DV "IdBits"; its checker's
    /// largest value bounds the ids); null: ids of any size
    const char* idBitsAttribute{nullptr};
    std::vector<FamilyOption> options; //!< its own options, in help order

    /// \return whether its slots are cells of b bits (slotBitsAttribute)
    bool CellSlots() const
    {
        return slotBitsAttribute != nullptr;
    }

    /// \return whether it has levels (levelsAttribute)
    bool HasLevels() const
    {
        return levelsAttribute != nullptr;
    }

    /**
     * \param attribute an attribute of the family's application
     * \return its option (FamilyOption), or nullptr
     */
    const FamilyOption* FindOption(const std::string& attribute) const;

    /**
     * \param cellBits the run's cell width b
     * \return the bits of one unit of m: b for a family of cells, else
     *         sizeBits (1: one bit; DV: 8, one byte of entries)
     */
    uint32_t SlotBits(uint32_t cellBits) const
    {
        return CellSlots() ? cellBits : sizeBits;
    }

    /**
     * \param depth the run's depth d (0: automatic)
     * \return the levels of a filter: d for a family of levels, else 1
     */
    uint32_t Levels(uint32_t depth) const
    {
        return HasLevels() ? depth : 1;
    }

    /**
     * Slots per level a byte budget holds; every level is byte-aligned on
     * the wire, so a filter of several levels gets whole bytes per level.
     * \param budgetBytes the budget B
     * \param cellBits the cell width b
     * \param levels the filter's levels (its shape's d: ABF the depth, a
     *        plug-in's as its policy says; 1 without levels)
     * \return the slots m that fit (may be 0)
     */
    uint64_t SlotsInBudget(uint64_t budgetBytes, uint32_t cellBits, uint32_t levels) const
    {
        return (levels > 1 ? budgetBytes / levels : budgetBytes) * 8 / SlotBits(cellBits);
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
 * of FilterFamilies(), with its name, label, title and whether it
 * estimates distance (the plot styles are analysis/plot_common.py's, by
 * family name).  CTest families-json-in-sync
 * checks the committed file against it.
 * \return the JSON text, ending with a newline
 */
std::string FilterFamiliesJson();

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_FAMILY_H
