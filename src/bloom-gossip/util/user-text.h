/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Names in user text: an enumerator read back from its name (the inverse of
 * its ToString), comma-separated lists, and user text quoted in a one-line
 * error message.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_USER_TEXT_H
#define BLOOM_GOSSIP_USER_TEXT_H

#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filters
 * \brief `text` in single quotes for an error message: at most `maxChars`
 * characters (then "..."), every byte outside printable ASCII written as
 * \\xNN, so a message stays one readable line whatever the input holds
 * (escape sequences, a byte-order mark, binary data, a 10 MB field).
 *
 * \param text the text to quote
 * \param maxChars the most characters of `text` kept
 * \return the quoted text
 */
std::string QuoteForMessage(const std::string& text, std::size_t maxChars = 60);

/**
 * \ingroup bloom-filters
 * \brief The items of `text` between the separators, empty items included
 * ("a,,b" gives "a", "", "b"; "a," gives "a", ""; "" gives none).
 * \param text the list
 * \param sep the separator
 * \return the items, in order
 */
std::vector<std::string> SplitList(const std::string& text, char sep = ',');

/**
 * \ingroup bloom-filters
 * \brief `items` joined by `sep`.
 * \param items the items
 * \param sep the separator
 * \return the joined text
 */
std::string JoinList(const std::vector<std::string>& items, const char* sep = ", ");

/**
 * \ingroup bloom-filters
 * \brief The message for a name that is none of `names`:
 * "'text' is not one of a, b, c" (text quoted with QuoteForMessage).
 * \param text the name given
 * \param names the allowed names
 * \return the message
 */
std::string NotOneOf(const std::string& text, const std::vector<std::string>& names);

/**
 * \ingroup bloom-filters
 * \brief A number as the shortest decimal that reads back as the same
 * double ("0.9", "1e-12", "0.999999999"), for messages naming a value.
 * \param value the number
 * \return its text
 */
std::string ShortestDecimal(double value);

/**
 * \ingroup bloom-filters
 * \brief The value among `values` whose name is `name`: the one inverse of
 * every ToString of a closed set of values in the module.
 *
 *     Quantization q = ParseName(text, {Quantization::FLOOR, Quantization::CEIL});
 *
 * \param name the name to read
 * \param values the allowed values
 * \param nameOf a value's name: ToString (found by argument-dependent lookup)
 *        unless given
 * \return the value named `name`
 * \throws std::invalid_argument NotOneOf(name, names of `values`) when no
 *         value has that name
 */
template <typename T, typename NameOf>
T
ParseName(const std::string& name, std::initializer_list<T> values, NameOf nameOf)
{
    std::vector<std::string> names;
    for (const T& value : values)
    {
        names.push_back(nameOf(value));
        if (names.back() == name)
        {
            return value;
        }
    }
    throw std::invalid_argument(NotOneOf(name, names));
}

/// ParseName with each value named by its ToString.
template <typename T>
T
ParseName(const std::string& name, std::initializer_list<T> values)
{
    return ParseName(name, values, [](const T& value) { return ToString(value); });
}

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_USER_TEXT_H
