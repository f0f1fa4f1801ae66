/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "user-text.h"

#include <cstdio>
#include <cstdlib>

namespace ns3
{
namespace bloom
{

std::string
ShortestDecimal(double value)
{
    char text[40];
    for (int digits = 1; digits <= 17; ++digits)
    {
        std::snprintf(text, sizeof(text), "%.*g", digits, value);
        if (std::strtod(text, nullptr) == value)
        {
            break;
        }
    }
    return text;
}

std::string
QuoteForMessage(const std::string& text, std::size_t maxChars)
{
    static const char* hex = "0123456789abcdef";
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < maxChars; ++i)
    {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F)
        {
            out += static_cast<char>(c);
        }
        else
        {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    if (text.size() > maxChars)
    {
        out += "...";
    }
    return out + "'";
}

std::vector<std::string>
SplitList(const std::string& text, char sep)
{
    std::vector<std::string> items;
    if (text.empty())
    {
        return items;
    }
    std::size_t start = 0;
    while (true)
    {
        const std::size_t end = text.find(sep, start);
        items.push_back(text.substr(start, end == std::string::npos ? end : end - start));
        if (end == std::string::npos)
        {
            return items;
        }
        start = end + 1;
    }
}

std::string
JoinList(const std::vector<std::string>& items, const char* sep)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
    {
        out += (i == 0 ? "" : sep) + items[i];
    }
    return out;
}

std::string
NotOneOf(const std::string& text, const std::vector<std::string>& names)
{
    return QuoteForMessage(text) + " is not one of " + JoinList(names);
}

} // namespace bloom
} // namespace ns3
