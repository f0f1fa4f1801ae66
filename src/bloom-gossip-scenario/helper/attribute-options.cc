/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "attribute-options.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/user-text.h"

#include <cctype>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <limits>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AttributeOptions");

namespace
{

/// A double as an unsigned key in the order of the doubles (NaNs aside).
uint64_t
OrderKey(double x)
{
    uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof(bits));
    return (bits >> 63) != 0 ? ~bits : bits | (uint64_t{1} << 63);
}

/// Inverse of OrderKey.
double
FromOrderKey(uint64_t key)
{
    const uint64_t bits = (key >> 63) != 0 ? key & ~(uint64_t{1} << 63) : ~key;
    double x = 0;
    std::memcpy(&x, &bits, sizeof(x));
    return x;
}

/**
 * The end of the interval of keys `accepts` holds, from a key it holds:
 * the least (toward `limit` below `inside`) or the largest (above).
 */
template <typename Accepts>
uint64_t
Bisect(uint64_t inside, uint64_t limit, const Accepts& accepts)
{
    if (accepts(limit))
    {
        return limit;
    }
    // accepts(inside), !accepts(limit): narrow the gap to one step.
    while (inside != limit && (inside > limit ? inside - limit : limit - inside) > 1)
    {
        const uint64_t mid =
            inside > limit ? limit + (inside - limit) / 2 : inside + (limit - inside) / 2;
        if (accepts(mid))
        {
            inside = mid;
        }
        else
        {
            limit = mid;
        }
    }
    return inside;
}

/// A checker's end seen from the option: open at a shorter neighbour.
void
OpenEnd(double& end, bool& open, double outward)
{
    const double neighbour = std::nextafter(end, outward);
    if (std::isfinite(neighbour) &&
        fmt::format("{}", neighbour).size() < fmt::format("{}", end).size())
    {
        end = neighbour;
        open = true;
    }
}

/// The interval of doubles (as seconds for a time) `check` accepts around `initial`.
template <typename Check>
void
RealInterval(AttributeDomain& d, double initial, const Check& check)
{
    const auto accepts = [&check](uint64_t key) { return check(FromOrderKey(key)); };
    const double inf = std::numeric_limits<double>::infinity();
    d.lo = FromOrderKey(Bisect(OrderKey(initial), OrderKey(-inf), accepts));
    d.hi = FromOrderKey(Bisect(OrderKey(initial), OrderKey(inf), accepts));
    OpenEnd(d.lo, d.loOpen, -inf);
    OpenEnd(d.hi, d.hiOpen, inf);
}

} // namespace

bool
AttributeDomain::Contains(double v) const
{
    return std::isfinite(v) && (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi);
}

AttributeDomain
DescribeAttribute(TypeId tid, const std::string& name)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        NS_FATAL_ERROR(tid.GetName() << " has no attribute " << name);
    }
    AttributeDomain d;
    d.checker = info.checker;
    const Ptr<const AttributeChecker> checker = info.checker;
    const std::string kind = checker->GetValueTypeName();
    const Ptr<AttributeValue> initial = checker->CreateValidValue(*info.originalInitialValue);
    NS_ABORT_MSG_UNLESS(initial, tid.GetName() << "::" << name << ": an invalid initial value");
    if (kind == "ns3::UintegerValue")
    {
        d.type = AttributeDomain::Type::UNSIGNED;
        const uint64_t value = DynamicCast<UintegerValue>(initial)->Get();
        const auto accepts = [&checker](uint64_t v) { return checker->Check(UintegerValue(v)); };
        d.lo = static_cast<double>(Bisect(value, 0, accepts));
        d.hi = static_cast<double>(Bisect(value, std::numeric_limits<uint64_t>::max(), accepts));
        d.initial = value;
    }
    else if (kind == "ns3::DoubleValue")
    {
        d.type = AttributeDomain::Type::REAL;
        const double value = DynamicCast<DoubleValue>(initial)->Get();
        RealInterval(d, value, [&checker](double v) { return checker->Check(DoubleValue(v)); });
        d.initial = value;
    }
    else if (kind == "ns3::TimeValue")
    {
        d.type = AttributeDomain::Type::TIME;
        const double value = DynamicCast<TimeValue>(initial)->Get().GetSeconds();
        RealInterval(d, value, [&checker](double v) {
            return std::fabs(v) < 9e9 && checker->Check(TimeValue(Seconds(v)));
        });
        d.initial = value;
    }
    else if (kind.find("EnumValue") != std::string::npos)
    {
        d.type = AttributeDomain::Type::CHOICE;
        d.choices = bloom::SplitList(checker->GetUnderlyingTypeInformation(), '|');
        d.initial = initial->SerializeToString(checker);
    }
    else if (kind == "ns3::BooleanValue")
    {
        d.type = AttributeDomain::Type::FLAG;
        d.initial = DynamicCast<BooleanValue>(initial)->Get();
    }
    else
    {
        NS_FATAL_ERROR(tid.GetName() << "::" << name << ": a family option needs an integer, "
                                     << "real, time, enum or boolean attribute, not " << kind);
    }
    return d;
}

Ptr<AttributeValue>
AttributeValueOf(const AttributeDomain& domain, const OptionValue& value)
{
    switch (domain.type)
    {
    case AttributeDomain::Type::UNSIGNED:
        return Create<UintegerValue>(std::get<uint64_t>(value));
    case AttributeDomain::Type::REAL:
        return Create<DoubleValue>(std::get<double>(value));
    case AttributeDomain::Type::TIME:
        return Create<TimeValue>(Seconds(std::get<double>(value)));
    case AttributeDomain::Type::CHOICE:
        return domain.checker->CreateValidValue(StringValue(std::get<std::string>(value)));
    case AttributeDomain::Type::FLAG:
        return Create<BooleanValue>(std::get<bool>(value));
    }
    return nullptr;
}

std::string
ToString(const OptionValue& value)
{
    if (const auto* whole = std::get_if<uint64_t>(&value))
    {
        return fmt::format("{}", *whole);
    }
    if (const auto* real = std::get_if<double>(&value))
    {
        return fmt::format("{}", *real);
    }
    if (const auto* name = std::get_if<std::string>(&value))
    {
        return *name;
    }
    return std::get<bool>(value) ? "true" : "false";
}

OptionValue
ParseOptionValue(const AttributeDomain& domain, const std::string& text)
{
    const std::string quoted = bloom::QuoteForMessage(text);
    switch (domain.type)
    {
    case AttributeDomain::Type::UNSIGNED: {
        char* end = nullptr;
        const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
        if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])) || *end != '\0' ||
            v < domain.lo || v > domain.hi)
        {
            throw std::invalid_argument(
                fmt::format("{} is not an integer in {}..{}", quoted, domain.lo, domain.hi));
        }
        return uint64_t{v};
    }
    case AttributeDomain::Type::REAL:
    case AttributeDomain::Type::TIME: {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !domain.Contains(v))
        {
            throw std::invalid_argument(fmt::format("{} is not a number in {}{}, {}{}",
                                                    quoted,
                                                    domain.loOpen ? "(" : "[",
                                                    domain.lo,
                                                    domain.hi,
                                                    domain.hiOpen ? ")" : "]"));
        }
        return v;
    }
    case AttributeDomain::Type::CHOICE:
        for (const std::string& choice : domain.choices)
        {
            if (choice == text)
            {
                return text;
            }
        }
        throw std::invalid_argument(bloom::NotOneOf(text, domain.choices));
    case AttributeDomain::Type::FLAG:
        if (text == "true" || text == "false")
        {
            return text == "true";
        }
        throw std::invalid_argument(quoted + " is not true or false");
    }
    return text;
}

} // namespace ns3
