/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * An ns-3 attribute seen as a command-line option: its kind of value, the
 * range or names its checker allows (found by asking the checker, so that
 * the option allows exactly what the attribute does), its initial value as
 * text, and the attribute value of a text.  The scenario harness builds the
 * families' own options (bloom::FilterFamily::options) from it.
 */
#ifndef BLOOM_GOSSIP_ATTRIBUTE_OPTIONS_H
#define BLOOM_GOSSIP_ATTRIBUTE_OPTIONS_H

#include "ns3/attribute.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * The value of an attribute option as the option reads it: an integer
 * (UNSIGNED), a number (REAL; TIME in seconds), a name (CHOICE) or a flag.
 */
using OptionValue = std::variant<uint64_t, double, std::string, bool>;

/**
 * \ingroup bloom-gossip-scenario
 * \brief What an attribute's checker allows, as an option reads it.
 */
struct AttributeDomain
{
    /// The value type of the attribute.
    enum class Type : uint8_t
    {
        UNSIGNED, //!< UintegerValue: an integer in lo..hi
        REAL,     //!< DoubleValue: a number in the interval lo..hi
        TIME,     //!< TimeValue: seconds in the interval lo..hi
        CHOICE,   //!< EnumValue: one of `choices`
        FLAG,     //!< BooleanValue
    };

    Type type{Type::UNSIGNED};           //!< the value type
    double lo{0};                        //!< UNSIGNED, REAL, TIME: smallest value
    double hi{0};                        //!< UNSIGNED, REAL, TIME: largest value
    bool loOpen{false};                  //!< REAL, TIME: lo excluded (the checker's least value
                                         //!< is the next double above a shorter number)
    bool hiOpen{false};                  //!< REAL, TIME: hi excluded (likewise below)
    std::vector<std::string> choices;    //!< CHOICE: the names, in the checker's order
    OptionValue initial;                 //!< the attribute's original initial value
    Ptr<const AttributeChecker> checker; //!< the attribute's checker

    /// \param v a number \return whether lo..hi (ends open or closed) holds it
    bool Contains(double v) const;
};

/**
 * \ingroup bloom-gossip-scenario
 * The domain of an attribute: the value type from its checker, the least
 * and largest value its checker accepts (found by bisection, so exact), an
 * end shown open when it is the neighbour of a shorter number (a checker
 * of (0, 1) holds the least double above 0 and the largest below 1), the
 * names of an enum.  Aborts (NS_FATAL_ERROR) on another value type: a
 * family option must be an integer, a real, a time, an enum or a flag.
 * \param tid the type \param name the attribute
 * \return its domain
 */
AttributeDomain DescribeAttribute(TypeId tid, const std::string& name);

/**
 * \ingroup bloom-gossip-scenario
 * \param domain an attribute's domain
 * \param value a value of the domain's type
 * \return the attribute value of the checker's type (not checked against it)
 */
Ptr<AttributeValue> AttributeValueOf(const AttributeDomain& domain, const OptionValue& value);

/**
 * \ingroup bloom-gossip-scenario
 * \param value an option value
 * \return it as the option writes it: "8", "0.9" (fmt's shortest), a name,
 *         "true" or "false"
 */
std::string ToString(const OptionValue& value);

/**
 * \ingroup bloom-gossip-scenario
 * Read a value of a domain from text, as a config file or a test writes it;
 * throws std::invalid_argument "'<text>' ..." naming what is allowed.
 * \param domain the domain \param text the text
 * \return the value
 */
OptionValue ParseOptionValue(const AttributeDomain& domain, const std::string& text);

} // namespace ns3

#endif // BLOOM_GOSSIP_ATTRIBUTE_OPTIONS_H
