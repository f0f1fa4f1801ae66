/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The filter families' own options (bloom::FilterFamily::options) as the
 * harness sees them: one entry per option name, the families that declare
 * it and the domain of its attribute.  The harness names no family: every
 * option of a family, a plug-in's too, comes from here.
 */
#ifndef BLOOM_GOSSIP_FAMILY_OPTIONS_H
#define BLOOM_GOSSIP_FAMILY_OPTIONS_H

#include "attribute-options.h"

#include "ns3/filter-family.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * \brief One family option of the scenario programs: what the families
 * that declare it say, and what its attribute allows.
 */
struct FamilyOptionInfo
{
    bloom::FamilyOption option; //!< the first declaring family's entry
    /// The kinds of the families that declare it, in the order of bloom::FilterFamilies()
    std::vector<bloom::FilterKind> families;
    AttributeDomain domain; //!< its attribute's, in the first declaring family

    /// \return its default: 0 when 0 has a meaning (FamilyOption::zero), else
    ///         the attribute's initial value
    OptionValue Default() const;
    /// \param family a family \return whether it declares the option
    bool DeclaredBy(const bloom::FilterFamily& family) const;
};

/**
 * \ingroup bloom-gossip-scenario
 * \return every family option, once per name, in the order of the
 *         families and of their options (built at first use, once the
 *         families are registered: not before main())
 */
const std::vector<FamilyOptionInfo>& FamilyOptions();

/**
 * \ingroup bloom-gossip-scenario
 * \param name an option name without dashes
 * \return its entry, or nullptr
 */
const FamilyOptionInfo* FindFamilyOption(const std::string& name);

} // namespace ns3

#endif // BLOOM_GOSSIP_FAMILY_OPTIONS_H
