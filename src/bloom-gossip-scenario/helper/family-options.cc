/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "family-options.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FamilyOptions");

OptionValue
FamilyOptionInfo::Default() const
{
    if (option.zero == nullptr)
    {
        return domain.initial;
    }
    if (domain.type == AttributeDomain::Type::UNSIGNED)
    {
        return uint64_t{0};
    }
    return 0.0;
}

bool
FamilyOptionInfo::DeclaredBy(const bloom::FilterFamily& family) const
{
    return std::find(families.begin(), families.end(), family.kind) != families.end();
}

const std::vector<FamilyOptionInfo>&
FamilyOptions()
{
    static const std::vector<FamilyOptionInfo> options = [] {
        std::vector<FamilyOptionInfo> out;
        for (const bloom::FilterFamily& family : bloom::FilterFamilies())
        {
            const TypeId tid = TypeId::LookupByName(family.typeId);
            for (const bloom::FamilyOption& option : family.options)
            {
                auto it =
                    std::find_if(out.begin(), out.end(), [&option](const FamilyOptionInfo& o) {
                        return std::string(o.option.name) == option.name;
                    });
                const AttributeDomain domain = DescribeAttribute(tid, option.attribute);
                if (it == out.end())
                {
                    out.push_back({option, {family.kind}, domain});
                    continue;
                }
                // Several families, one option: the same kind of value.
                NS_ABORT_MSG_UNLESS(domain.type == it->domain.type,
                                    "family option --" << option.name << " of " << family.name
                                                       << " holds another kind of value than "
                                                       << bloom::ToString(it->families.front())
                                                       << "'s");
                it->families.push_back(family.kind);
            }
        }
        return out;
    }();
    return options;
}

const FamilyOptionInfo*
FindFamilyOption(const std::string& name)
{
    for (const FamilyOptionInfo& o : FamilyOptions())
    {
        if (name == o.option.name)
        {
            return &o;
        }
    }
    return nullptr;
}

} // namespace ns3
