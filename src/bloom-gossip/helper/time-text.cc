/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "time-text.h"

// Plain C++ without ns-3 (see time-text.h): no NS_LOG here.
#include "ns3/user-text.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace ns3
{

namespace
{

/// A unit as (multiplier, power of ten) of a second: y = 31536000 x 10^0 s, ms = 1 x 10^-3 s.
struct UnitFactor
{
    const char* symbol;  //!< as ns-3 writes it
    uint32_t multiplier; //!< integer part of the factor
    int power;           //!< power of ten of the factor
};

/// In ns-3's Time::Unit order.
constexpr UnitFactor kUnits[] = {{"y", 31536000, 0},
                                 {"d", 86400, 0},
                                 {"h", 3600, 0},
                                 {"min", 60, 0},
                                 {"s", 1, 0},
                                 {"ms", 1, -3},
                                 {"us", 1, -6},
                                 {"ns", 1, -9},
                                 {"ps", 1, -12},
                                 {"fs", 1, -15}};

const UnitFactor&
Factor(TimeTextUnit unit)
{
    return kUnits[static_cast<int>(unit)];
}

/// Decimal digits (most significant first, no leading zero) times `m`.
std::string
Multiply(const std::string& digits, uint32_t m)
{
    std::string out(digits.size() + 10, '0');
    uint64_t carry = 0;
    size_t at = out.size();
    for (size_t i = digits.size(); i-- > 0;)
    {
        const uint64_t v = static_cast<uint64_t>(digits[i] - '0') * m + carry;
        out[--at] = static_cast<char>('0' + v % 10);
        carry = v / 10;
    }
    while (carry > 0)
    {
        out[--at] = static_cast<char>('0' + carry % 10);
        carry /= 10;
    }
    return out.substr(at);
}

/// Decimal digits divided by `d`: the quotient's digits (no leading zero, "0" for none) and the
/// remainder.
std::pair<std::string, uint64_t>
Divide(const std::string& digits, uint32_t d)
{
    std::string q;
    uint64_t r = 0;
    for (const char c : digits)
    {
        r = r * 10 + static_cast<uint64_t>(c - '0');
        const uint64_t digit = r / d;
        r %= d;
        if (!q.empty() || digit != 0)
        {
            q += static_cast<char>('0' + digit);
        }
    }
    return {q.empty() ? "0" : q, r};
}

} // namespace

const char*
TimeTextUnitSymbol(TimeTextUnit unit)
{
    return Factor(unit).symbol;
}

int64_t
ParseTimeText(const std::string& text, TimeTextUnit resolution, bool withUnit)
{
    const std::string quoted = bloom::QuoteForMessage(text);
    const auto notATime = [&quoted, withUnit]() {
        return std::invalid_argument(
            quoted + (withUnit ? " is not a time: a decimal number and a unit (y, d, h, min, s, "
                                 "ms, us, ns, ps, fs; none: s)"
                               : " is not a number of seconds"));
    };
    // Sign, digits, point, digits, exponent, unit.
    size_t at = 0;
    const bool negative = at < text.size() && text[at] == '-';
    if (at < text.size() && (text[at] == '-' || text[at] == '+'))
    {
        ++at;
    }
    std::string integer;
    std::string fraction;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
    {
        integer += text[at++];
    }
    if (at < text.size() && text[at] == '.')
    {
        ++at;
        while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
        {
            fraction += text[at++];
        }
    }
    if (integer.empty() && fraction.empty())
    {
        throw notATime();
    }
    // The exponent, saturated: beyond +-10^7 only its sign matters.
    int64_t exponent = 0;
    if (at < text.size() && (text[at] == 'e' || text[at] == 'E'))
    {
        ++at;
        const bool minus = at < text.size() && text[at] == '-';
        if (at < text.size() && (text[at] == '-' || text[at] == '+'))
        {
            ++at;
        }
        const size_t first = at;
        while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
        {
            exponent = std::min<int64_t>(exponent * 10 + (text[at++] - '0'), 10000000);
        }
        if (at == first)
        {
            throw notATime();
        }
        exponent = minus ? -exponent : exponent;
    }
    TimeTextUnit unit = TimeTextUnit::S;
    const std::string symbol = text.substr(at);
    if (!symbol.empty())
    {
        bool known = false;
        for (int u = 0; withUnit && u <= static_cast<int>(TimeTextUnit::FS); ++u)
        {
            if (symbol == kUnits[u].symbol)
            {
                unit = static_cast<TimeTextUnit>(u);
                known = true;
            }
        }
        if (!known)
        {
            throw notATime();
        }
    }

    // value = digits x 10^exponent units; a count of the resolution:
    // digits x m(unit) / m(resolution) x 10^(exponent + p(unit) - p(resolution)).
    std::string digits = integer + fraction;
    exponent -= static_cast<int64_t>(fraction.size());
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    if (digits.empty())
    {
        return 0; // zero, whatever its exponent and unit
    }
    digits = Multiply(digits, Factor(unit).multiplier);
    exponent += Factor(unit).power - Factor(resolution).power;
    while (digits.back() == '0')
    {
        digits.pop_back();
        ++exponent;
    }
    const std::string resolutionSymbol = Factor(resolution).symbol;
    // Digits that end in a non-zero digit times a negative power of ten are
    // not a whole number, and a division cannot make them one.
    if (exponent < 0)
    {
        throw std::invalid_argument(quoted + " is not a whole number of " + resolutionSymbol +
                                    " (ns-3's Time resolution)");
    }
    const auto beyond = [&quoted, &resolutionSymbol, resolution]() {
        const double seconds = static_cast<double>(std::numeric_limits<int64_t>::max()) *
                               Factor(resolution).multiplier *
                               std::pow(10.0, Factor(resolution).power);
        char about[96];
        std::snprintf(about,
                      sizeof(about),
                      "%.3g s, about %.3g years",
                      seconds,
                      seconds / Factor(TimeTextUnit::Y).multiplier);
        return std::invalid_argument(quoted + " is beyond ns-3's Time: at most " +
                                     std::to_string(std::numeric_limits<int64_t>::max()) + " " +
                                     resolutionSymbol + " (" + about + ")");
    };
    // 10^40 / 31536000 is far beyond 2^63: no need to write out more digits.
    if (static_cast<int64_t>(digits.size()) + exponent > 40)
    {
        throw beyond();
    }
    digits.append(static_cast<size_t>(exponent), '0');
    const auto [quotient, remainder] = Divide(digits, Factor(resolution).multiplier);
    if (remainder != 0)
    {
        throw std::invalid_argument(quoted + " is not a whole number of " + resolutionSymbol +
                                    " (ns-3's Time resolution)");
    }
    uint64_t count = 0;
    const auto [end, ec] =
        std::from_chars(quotient.data(), quotient.data() + quotient.size(), count);
    if (ec != std::errc() || end != quotient.data() + quotient.size() ||
        count > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    {
        throw beyond();
    }
    return negative ? -static_cast<int64_t>(count) : static_cast<int64_t>(count);
}

double
ParseSecondsExactly(const std::string& text)
{
    const int64_t ns = ParseTimeText(text, TimeTextUnit::NS, false);
    double seconds = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    // The exact check above accepted the text, so the double reads it all
    // ('+' aside, which from_chars does not take).
    if (text.rfind('+', 0) == 0 || ec != std::errc() || end != text.data() + text.size())
    {
        throw std::invalid_argument(bloom::QuoteForMessage(text) + " is not a number of seconds");
    }
    // Seconds(double) is within half a nanosecond of the count: exactly
    // |mantissa x 2^shift x 10^9 - ns| < 1/2, in 128-bit integers.
    __extension__ typedef __int128 Wide; // GCC and Clang, 64-bit targets
    int shift = 0;
    const double fraction = std::frexp(seconds, &shift);
    const auto mantissa = static_cast<Wide>(std::ldexp(fraction, 53)); // exact
    shift -= 53;
    const Wide product = mantissa * 1000000000; // |.| < 2^83
    bool within = false;
    if (shift >= 0)
    {
        within = shift < 40 && product * (static_cast<Wide>(1) << shift) == ns;
    }
    else if (-shift < 120)
    {
        // |ns| x scale < 2^126 and |product| < 2^83: no overflow below.
        const Wide scale = static_cast<Wide>(1) << -shift;
        const Wide limit = (static_cast<Wide>(1) << 126) / scale;
        if (ns > -limit && ns < limit)
        {
            const Wide difference = product - ns * scale;
            const Wide magnitude = difference < 0 ? -difference : difference;
            within = magnitude < scale / 2; // scale >= 2
        }
    }
    else
    {
        within = ns == 0;
    }
    if (!within)
    {
        throw std::invalid_argument(bloom::QuoteForMessage(text) +
                                    " has more significant digits than a double holds to the "
                                    "nanosecond; round it");
    }
    return seconds;
}

} // namespace ns3
