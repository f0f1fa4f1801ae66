/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Times written by users (options, config files, --ns3:: attributes, event
 * lists), read exactly or refused.  ns-3's own reading of a Time
 * (Time(std::string)) goes through a double: "1e400s" and a 400-digit number
 * became 0 s, "1.5ns" 2 ns, "1e-10s" 0 s, without a word.  Here a time is
 * exact when its decimal value is a whole number of the Time resolution and
 * that count fits ns-3's int64; anything else is refused.  Plain C++17 (no
 * ns-3), so that the programs without ns-3 and the plain command line
 * (cli-options) read times the same way.
 */
#ifndef BLOOM_GOSSIP_TIME_TEXT_H
#define BLOOM_GOSSIP_TIME_TEXT_H

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * ns-3's Time units, in the order of ns-3's Time::Unit (a cast converts
 * one into the other): year (365 days), day, hour, minute, second,
 * millisecond, microsecond, nanosecond, picosecond, femtosecond.
 */
enum class TimeTextUnit
{
    Y = 0,
    D,
    H,
    MIN,
    S,
    MS,
    US,
    NS,
    PS,
    FS
};

/// The unit's symbol as ns-3 writes it ("y", "d", "h", "min", "s", "ms", "us", "ns", "ps", "fs").
const char* TimeTextUnitSymbol(TimeTextUnit unit);

/**
 * \ingroup bloom-gossip
 * \brief A time read exactly from text, as a whole number of `resolution`.
 *
 * The text is a decimal number - an optional sign, digits with at most one
 * point, an optional exponent e[+-]digits; any number of digits - followed,
 * when `withUnit`, by an optional unit symbol (TimeTextUnitSymbol; none:
 * seconds, as ns-3).  No space, no "inf", "nan" or hexadecimal.  The value
 * is computed in exact decimal arithmetic, never through a double.
 *
 * \param text the time
 * \param resolution what a count counts (ns-3's Time::GetResolution())
 * \param withUnit whether a unit may follow the number (false: seconds,
 *        a plain number)
 * \return the count, |count| <= 2^63 - 1 (ns-3's Time::Max())
 * \throws std::invalid_argument "'text' is not a time ...", "'text' is not a
 *         whole number of ns (ns-3's Time resolution)" or "'text' is beyond
 *         ns-3's Time: at most 9223372036854775807 ns (about 292 years)"
 *         (the caller adds the option's name)
 */
int64_t ParseTimeText(const std::string& text, TimeTextUnit resolution, bool withUnit);

/**
 * \ingroup bloom-gossip
 * \brief A time in seconds as the scenario options hold it (a double,
 * converted to a Time by ns3::Seconds at ns-3's default resolution of 1 ns,
 * which the programs keep), read exactly: the text is a plain decimal
 * number of seconds (ParseTimeText without a unit) that is a whole number of
 * nanoseconds, and the double nearest to it lies within half a nanosecond
 * of that count, so that Seconds() of the double is the time written.  A
 * double holds every whole nanosecond up to 2^52 ns (about 52 days); beyond,
 * a time with more significant digits than a double keeps is refused.
 * \param text the time in seconds
 * \return the double
 * \throws std::invalid_argument "'text' ..." (the caller adds the option)
 */
double ParseSecondsExactly(const std::string& text);

} // namespace ns3

#endif // BLOOM_GOSSIP_TIME_TEXT_H
