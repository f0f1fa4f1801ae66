/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "cli-options.h"

#include "ns3/standard-output.h"
#include "ns3/time-text.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>

namespace po = boost::program_options;

namespace ns3
{
namespace cli
{

namespace
{

using bloom::QuoteForMessage;

/// A value as it may appear in a one-line message: quoted, control
/// characters replaced, long values shortened.
/// `text` for an error message (QuoteForMessage).
std::string
Quote(const std::string& text)
{
    return QuoteForMessage(text);
}

std::string
WithDashes(const std::string& name)
{
    return name.rfind('-', 0) == 0 ? name : "--" + name;
}

/// A Boost.PO message with its bytes outside printable ASCII escaped as
/// QuoteForMessage writes them (Boost quotes the offending text itself).
std::string
PrintableMessage(const std::string& what)
{
    const std::string quoted = QuoteForMessage(what, what.size());
    return quoted.substr(1, quoted.size() - 2);
}

/// Boost.PO errors as "--option: problem".
[[noreturn]] void
Translate(const po::error& e, const std::string& context = "")
{
    if (const auto* u = dynamic_cast<const po::unknown_option*>(&e))
    {
        const std::string key = u->get_option_name();
        if (context.empty())
        {
            Fail(NameForMessage(WithDashes(key)), "unknown option (see --help)");
        }
        // A config file: its keys are the long options without "--".
        Fail(context,
             "unknown key " + Quote(key) +
                 (key.rfind("\xEF\xBB\xBF", 0) == 0
                      ? " (the file starts with a UTF-8 byte-order mark; save it without one)"
                      : " (keys are the long options without --; see --help)"));
    }
    if (const auto* m = dynamic_cast<const po::multiple_occurrences*>(&e))
    {
        Fail(WithDashes(m->get_option_name()), "given more than once");
    }
    if (const auto* s = dynamic_cast<const po::invalid_command_line_syntax*>(&e))
    {
        const std::string name = WithDashes(s->get_option_name());
        switch (s->kind())
        {
        case po::invalid_syntax::missing_parameter:
            Fail(name, "needs a value");
        case po::invalid_syntax::extra_parameter:
            Fail(name, "takes no value");
        case po::invalid_syntax::empty_adjacent_parameter:
            Fail(name, "needs a value after = (see --help)");
        default:
            Fail(name, e.what());
        }
    }
    if (const auto* n = dynamic_cast<const po::error_with_option_name*>(&e))
    {
        if (!n->get_option_name().empty())
        {
            Fail(context.empty() ? NameForMessage(WithDashes(n->get_option_name())) : context,
                 PrintableMessage(e.what()));
        }
    }
    const std::string what = PrintableMessage(e.what());
    throw UsageError(context.empty() ? what : context + ": " + what);
}

/**
 * What PrintHelp and ParseArguments know of an option's value besides
 * Boost.PO: its default as printed, whether it has none, and whether a
 * stored value is the default's.
 */
class DefaultInfo
{
  public:
    virtual ~DefaultInfo() = default;
    /// The default as --PrintHelp prints it ("" for none).
    virtual std::string PrintedDefault() const = 0;
    /// Whether the option has no default (an empty value: not given).
    virtual bool Optional() const = 0;
    /// Whether the stored `value` is the default.
    virtual bool SameAsDefault(const boost::any& value) const = 0;
};

/// A string-valued option (Text, Choice, Parsed, Unsigned, Real).
class TextValue : public po::typed_value<std::string>, public DefaultInfo
{
  public:
    /**
     * \param target where Boost stores the text (nullptr: a notifier does)
     * \param printed the default's text ("" and `optional`: none)
     * \param optional whether the option has no default
     * \param same whether a text means the default
     */
    TextValue(std::string* target,
              std::string printed,
              bool optional,
              std::function<bool(const std::string&)> same)
        : po::typed_value<std::string>(target),
          m_printed(std::move(printed)),
          m_optional(optional),
          m_same(std::move(same))
    {
        if (!m_optional)
        {
            default_value(m_printed);
        }
    }

    std::string PrintedDefault() const override
    {
        return m_printed;
    }

    bool Optional() const override
    {
        return m_optional;
    }

    bool SameAsDefault(const boost::any& value) const override
    {
        const auto* text = boost::any_cast<std::string>(&value);
        return !m_optional && text != nullptr && m_same(*text);
    }

  private:
    std::string m_printed;                          //!< the default's text
    bool m_optional;                                //!< no default
    std::function<bool(const std::string&)> m_same; //!< text means the default
};

/// A flag: false unless given; alone true, or "=VALUE" (true, false, 1, 0).
class FlagValue : public po::typed_value<bool>, public DefaultInfo
{
  public:
    /**
     * \param target receives the value
     * \param option the option, with its dashes, for errors
     */
    FlagValue(bool* target, std::string option)
        : po::typed_value<bool>(target),
          m_option(std::move(option))
    {
        default_value(false);
        implicit_value(true);
    }

    void xparse(boost::any& store, const std::vector<std::string>& tokens) const override
    {
        // Given twice (even with the same value): refused, as every other
        // option (Boost's validators check this; this parser replaces them).
        po::validators::check_first_occurrence(store);
        if (tokens.empty())
        {
            store = true;
            return;
        }
        std::string text = tokens.front();
        std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
            return static_cast<char>(std::tolower(c));
        });
        if (text == "true" || text == "1" || text.empty())
        {
            store = true;
        }
        else if (text == "false" || text == "0")
        {
            store = false;
        }
        else
        {
            Fail(m_option,
                 Quote(tokens.front()) +
                     " is not a flag value; allowed: true, false, 1 or 0 (the flag alone: true)");
        }
    }

    /// Nothing after the name in --help, as a plain switch.
    std::string name() const override
    {
        return "";
    }

    std::string PrintedDefault() const override
    {
        return "false";
    }

    bool Optional() const override
    {
        return false;
    }

    bool SameAsDefault(const boost::any& value) const override
    {
        const auto* flag = boost::any_cast<bool>(&value);
        return flag != nullptr && !*flag;
    }

  private:
    std::string m_option; //!< the option, for errors
};

/// The option's DefaultInfo, or nullptr for an option not added by OptionAdder.
const DefaultInfo*
InfoOf(const po::option_description& option)
{
    return dynamic_cast<const DefaultInfo*>(option.semantic().get());
}

/// Erase the options without a default that were given an empty value.
void
DropEmptyOptional(const po::options_description& all, po::variables_map& vm)
{
    for (auto it = vm.begin(); it != vm.end();)
    {
        const po::option_description* option = all.find_nothrow(it->first, false);
        const DefaultInfo* info = option ? InfoOf(*option) : nullptr;
        const auto* text = boost::any_cast<std::string>(&it->second.value());
        if (info && info->Optional() && text && text->empty())
        {
            it = vm.erase(it);
        }
        else
        {
            ++it;
        }
    }
}

/// Store the values equal to their option's default as defaulted.
void
MarkDefaults(const po::options_description& all, po::variables_map& vm)
{
    for (auto& [name, value] : vm)
    {
        const po::option_description* option = all.find_nothrow(name, false);
        const DefaultInfo* info = option ? InfoOf(*option) : nullptr;
        if (info && !value.defaulted() && info->SameAsDefault(value.value()))
        {
            value = po::variable_value(value.value(), true);
        }
    }
}

} // namespace

std::string
NameForMessage(const std::string& name)
{
    for (const char ch : name)
    {
        const auto c = static_cast<unsigned char>(ch);
        if (c <= 0x20 || c >= 0x7F || c == '\'' || c == '\\')
        {
            return Quote(name);
        }
    }
    return name;
}

void
Fail(const std::string& option, const std::string& problem)
{
    throw UsageError(option + ": " + problem);
}

Range::Range(double lo, double hi, bool loOpen, bool hiOpen)
    : m_lo(lo),
      m_hi(hi),
      m_loOpen(loOpen),
      m_hiOpen(hiOpen)
{
}

Range
Range::Closed(double lo, double hi)
{
    return Range(lo, hi, false, false);
}

Range
Range::Open(double lo, double hi)
{
    return Range(lo, hi, true, true);
}

Range
Range::LeftOpen(double lo, double hi)
{
    return Range(lo, hi, true, false);
}

Range
Range::Finite()
{
    const double inf = std::numeric_limits<double>::infinity();
    return Range(-inf, inf, true, true);
}

bool
Range::Contains(double v) const
{
    return std::isfinite(v) && (m_loOpen ? v > m_lo : v >= m_lo) &&
           (m_hiOpen ? v < m_hi : v <= m_hi);
}

std::string
Range::ToString() const
{
    const bool lo = std::isfinite(m_lo);
    const bool hi = std::isfinite(m_hi);
    if (!lo && !hi)
    {
        return "any finite number";
    }
    if (!hi)
    {
        return fmt::format("{} {}", m_loOpen ? ">" : ">=", m_lo);
    }
    if (!lo)
    {
        return fmt::format("{} {}", m_hiOpen ? "<" : "<=", m_hi);
    }
    return fmt::format("{}{}, {}{}", m_loOpen ? "(" : "[", m_lo, m_hi, m_hiOpen ? ")" : "]");
}

uint64_t
ParseUnsigned(const std::string& option, const std::string& text, uint64_t lo, uint64_t hi)
{
    const std::string range = fmt::format("{}..{}", lo, hi);
    // No sign: "-5" is no wrapped 4294967291, and "-0" and "+5" are no
    // integers of an unsigned option either.
    if (!text.empty() && (text[0] == '-' || text[0] == '+'))
    {
        const std::string rest = text.substr(1);
        const bool negative = text[0] == '-' && !rest.empty() &&
                              rest.find_first_not_of("0123456789.") == std::string::npos &&
                              rest.find_first_not_of("0.") != std::string::npos;
        Fail(option,
             Quote(text) + (negative ? " out of range " : " is not an integer in ") + range +
                 " (no sign)");
    }
    std::string digits = text;
    // "20.0": an integral decimal, as SEM passes the defaults it read.
    const auto point = digits.find('.');
    if (point != std::string::npos && point > 0 &&
        digits.find_first_not_of('0', point + 1) == std::string::npos)
    {
        digits.resize(point);
    }
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
    {
        Fail(option, Quote(text) + " is not an integer in " + range);
    }
    uint64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || end != digits.data() + digits.size() || v < lo || v > hi)
    {
        Fail(option, Quote(text) + " out of range " + range);
    }
    return v;
}

double
ParseReal(const std::string& option, const std::string& text, const Range& range)
{
    double v = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(first, last, v, std::chars_format::general);
    if (text.empty() || end != last || (ec != std::errc() && ec != std::errc::result_out_of_range))
    {
        Fail(option, Quote(text) + " is not a number; allowed: " + range.ToString());
    }
    if (ec == std::errc::result_out_of_range || !range.Contains(v))
    {
        Fail(option, Quote(text) + " out of range " + range.ToString());
    }
    return v == 0 ? 0.0 : v; // "-0" is 0, never a -0 in a table
}

double
ParseSeconds(const std::string& option, const std::string& text, const Range& range)
{
    const double v = ParseReal(option, text, range); // syntax and range first
    try
    {
        ParseSecondsExactly(text); // the same double, or why not exactly
        return v;
    }
    catch (const std::invalid_argument& e)
    {
        Fail(option, e.what());
    }
}

std::vector<uint64_t>
ParseUnsignedList(const std::string& option, const std::string& text, uint64_t lo, uint64_t hi)
{
    const std::string allowed =
        fmt::format("allowed: integers {}..{} as v, a:b or a:b:step, comma-separated", lo, hi);
    const auto fail = [&](const std::string& why) {
        Fail(option, Quote(text) + " " + why + "; " + allowed);
    };
    if (text.empty())
    {
        Fail(option, "empty list; " + allowed);
    }
    std::vector<uint64_t> values;
    for (const std::string& item : bloom::SplitList(text))
    {
        const std::vector<std::string> parts = bloom::SplitList(item, ':');
        if (item.empty())
        {
            fail("has an empty item");
        }
        if (parts.size() > 3)
        {
            fail("has an item with more than two ':'");
        }
        const uint64_t a = ParseUnsigned(option, parts[0], lo, hi);
        const uint64_t b = parts.size() > 1 ? ParseUnsigned(option, parts[1], lo, hi) : a;
        uint64_t step = 1;
        if (parts.size() == 3)
        {
            const std::string& digits = parts[2];
            if (digits.empty() || digits.size() > 19 ||
                digits.find_first_not_of("0123456789") != std::string::npos)
            {
                fail("has a step that is not a positive integer");
            }
            step = std::stoull(digits);
            if (step == 0)
            {
                fail("has a step of 0");
            }
        }
        if (a > b)
        {
            fail("has a range whose start exceeds its end");
        }
        if ((b - a) / step + values.size() >= kMaxListValues)
        {
            fail(fmt::format("has more than {} values", kMaxListValues));
        }
        for (uint64_t v = a;; v += step)
        {
            values.push_back(v);
            if (b - v < step)
            {
                break;
            }
        }
    }
    return values;
}

namespace
{
/// The index of `text` in `choices`; UsageError listing them otherwise.
size_t
ChoiceIndex(const std::string& option,
            const std::string& text,
            const std::vector<std::string>& choices)
{
    for (size_t i = 0; i < choices.size(); ++i)
    {
        if (text == choices[i])
        {
            return i;
        }
    }
    Fail(option, bloom::NotOneOf(text, choices));
}
} // namespace

std::string
ParseChoice(const std::string& option,
            const std::string& text,
            const std::vector<std::string>& choices)
{
    return choices[ChoiceIndex(option, text, choices)];
}

OptionAdder::OptionAdder(po::options_description& description)
    : m_description(description)
{
}

OptionAdder&
OptionAdder::Flag(const char* name, bool* target, const std::string& help)
{
    const std::string full = name;
    m_description.add_options()(name,
                                new FlagValue(target, WithDashes(full.substr(0, full.find(',')))),
                                help.c_str());
    return *this;
}

OptionAdder&
OptionAdder::Text(const char* name, std::string* target, const std::string& help)
{
    const std::string current = *target;
    // An integer default also matches its integral decimal ("7.0": SEM).
    const bool integer =
        !current.empty() && current.find_first_not_of("0123456789") == std::string::npos;
    m_description.add_options()(
        name,
        new TextValue(target,
                      current,
                      current.empty(),
                      [current, integer](const std::string& s) {
                          return s == current || (integer && s.size() > current.size() &&
                                                  s.compare(0, current.size(), current) == 0 &&
                                                  s[current.size()] == '.' &&
                                                  s.find_first_not_of('0', current.size() + 1) ==
                                                      std::string::npos);
                      }),
        help.c_str());
    return *this;
}

OptionAdder&
OptionAdder::Choice(const char* name,
                    std::string* target,
                    const std::vector<std::string>& choices,
                    const std::string& help)
{
    return AddChoice(
        name,
        choices,
        *target,
        [target, choices](size_t index) { *target = choices[index]; },
        help);
}

OptionAdder&
OptionAdder::AddChoice(const char* name,
                       const std::vector<std::string>& names,
                       const std::string& current,
                       const std::function<void(size_t)>& store,
                       const std::string& help)
{
    const std::string option = WithDashes(name);
    auto* value = new TextValue(nullptr, current, false, [current](const std::string& s) {
        return s == current;
    });
    value->notifier(
        [option, names, store](const std::string& s) { store(ChoiceIndex(option, s, names)); });
    m_description.add_options()(name,
                                value,
                                (help + "; one of " + bloom::JoinList(names, " | ")).c_str());
    return *this;
}

OptionAdder&
OptionAdder::AddParsed(const char* name,
                       const std::string& current,
                       const std::function<void(const std::string&)>& store,
                       const std::string& help)
{
    const std::string option = WithDashes(name);
    auto* value = new TextValue(nullptr, current, false, [current](const std::string& s) {
        return s == current;
    });
    value->notifier([option, store](const std::string& s) {
        try
        {
            store(s);
        }
        catch (const std::invalid_argument& e)
        {
            Fail(option, e.what());
        }
    });
    m_description.add_options()(name, value, help.c_str());
    return *this;
}

namespace
{
/// A TextValue for an integer option whose default is `current`.
TextValue*
IntegerValue(const std::string& option, uint64_t current, uint64_t lo, uint64_t hi)
{
    return new TextValue(nullptr,
                         std::to_string(current),
                         false,
                         [option, current, lo, hi](const std::string& s) {
                             try
                             {
                                 return ParseUnsigned(option, s, lo, hi) == current;
                             }
                             catch (const UsageError&)
                             {
                                 return false;
                             }
                         });
}
} // namespace

OptionAdder&
OptionAdder::Unsigned(const char* name,
                      uint32_t* target,
                      uint64_t lo,
                      uint64_t hi,
                      const std::string& help)
{
    if (hi > std::numeric_limits<uint32_t>::max() || lo > hi)
    {
        throw std::logic_error(std::string("OptionAdder::Unsigned: bad range for ") + name);
    }
    const std::string option = WithDashes(name);
    auto* value = IntegerValue(option, *target, lo, hi);
    value->notifier([option, target, lo, hi](const std::string& s) {
        *target = static_cast<uint32_t>(ParseUnsigned(option, s, lo, hi));
    });
    m_description.add_options()(name,
                                value,
                                fmt::format("{}; allowed {}..{}", help, lo, hi).c_str());
    return *this;
}

OptionAdder&
OptionAdder::Unsigned64(const char* name,
                        uint64_t* target,
                        uint64_t lo,
                        uint64_t hi,
                        const std::string& help)
{
    const std::string option = WithDashes(name);
    auto* value = IntegerValue(option, *target, lo, hi);
    value->notifier([option, target, lo, hi](const std::string& s) {
        *target = ParseUnsigned(option, s, lo, hi);
    });
    m_description.add_options()(name,
                                value,
                                fmt::format("{}; allowed {}..{}", help, lo, hi).c_str());
    return *this;
}

OptionAdder&
OptionAdder::Real(const char* name, double* target, const Range& range, const std::string& help)
{
    return AddReal(name, target, range, help, ParseReal);
}

OptionAdder&
OptionAdder::Seconds(const char* name, double* target, const Range& range, const std::string& help)
{
    return AddReal(name, target, range, help, ParseSeconds);
}

OptionAdder&
OptionAdder::AddReal(const char* name,
                     double* target,
                     const Range& range,
                     const std::string& help,
                     double (*parse)(const std::string&, const std::string&, const Range&))
{
    const std::string option = WithDashes(name);
    const double current = *target;
    const bool optional = std::isnan(current);
    auto* value = new TextValue(nullptr,
                                optional ? "" : fmt::format("{}", current),
                                optional,
                                [option, current, range](const std::string& s) {
                                    try
                                    {
                                        return ParseReal(option, s, range) == current;
                                    }
                                    catch (const UsageError&)
                                    {
                                        return false;
                                    }
                                });
    value->notifier([option, target, range, parse](const std::string& s) {
        *target = parse(option, s, range);
    });
    m_description.add_options()(name,
                                value,
                                fmt::format("{}; allowed {}", help, range.ToString()).c_str());
    return *this;
}

void
PrintHelp(std::ostream& os,
          const std::string& program,
          const po::options_description& all,
          const std::vector<GeneralArgument>& general,
          const std::string& configOption)
{
    // The config file is not a parameter of a run: listed with the general
    // arguments, where SEM does not read (it passes every parameter itself).
    std::vector<boost::shared_ptr<po::option_description>> options;
    boost::shared_ptr<po::option_description> config;
    for (const auto& option : all.options())
    {
        if (!configOption.empty() && option->long_name() == configOption)
        {
            config = option;
        }
        else
        {
            options.push_back(option);
        }
    }
    os << program << (options.empty() ? "" : " [Program Options]") << " [General Arguments]\n";
    size_t width = 0;
    for (const auto& option : options)
    {
        width = std::max(width, option->long_name().size());
    }
    width += 3; // room for ":  " between option and help
    if (!options.empty())
    {
        os << "\nProgram Options:\n";
    }
    for (const auto& option : options)
    {
        // SEM reads a line's option name after its last "--": none in the
        // help text, and no line break.
        std::string help = option->description();
        for (size_t at = help.find("--"); at != std::string::npos; at = help.find("--", at))
        {
            help.erase(at, 2);
        }
        std::replace(help.begin(), help.end(), '\n', ' ');
        const DefaultInfo* info = InfoOf(*option);
        const std::string printed = info                                    ? info->PrintedDefault()
                                    : option->semantic()->max_tokens() == 0 ? "false"
                                                                            : "";
        os << "    --" << std::left << std::setw(static_cast<int>(width))
           << (option->long_name() + ":") << std::right << help << " [" << printed << "]\n";
    }
    os << "\nGeneral Arguments:\n";
    const size_t generalWidth = 29; // ns-3's column: "--PrintAttributes=[typeid]:  "
    auto line = [&os, generalWidth](const std::string& display, const std::string& help) {
        os << "    " << std::left << std::setw(static_cast<int>(generalWidth))
           << ("--" + display + ":") << std::right << help << "\n";
    };
    if (config)
    {
        line(configOption + "=[file]", config->description());
    }
    for (const GeneralArgument& argument : general)
    {
        line(argument.display, argument.help);
    }
    line("PrintHelp", "Print this help message.");
    os << "\n";
}

namespace
{

/**
 * --PrintHelp and the general arguments of `extras`, first (as ns-3), under
 * one rule (GeneralArgument): one per command line, its value checked
 * before it prints.  One given: it prints and ExitRequest{0} is thrown;
 * none: nothing happens.
 * \param argc the argument count
 * \param argv the arguments
 * \param all the options (for --PrintHelp)
 * \param configOption the config-file option ("" for none)
 * \param extras the general arguments besides --PrintHelp
 */
void
RunGeneralArgument(int argc,
                   char** argv,
                   const po::options_description& all,
                   const std::string& configOption,
                   const CommandLineExtras& extras)
{
    std::vector<GeneralArgument> general = extras.general;
    general.push_back({"PrintHelp",
                       "PrintHelp",
                       "",
                       [argc, argv, &all, &extras, &configOption](const std::string&) {
                           std::string program = argc > 0 ? argv[0] : "program";
                           program = program.substr(program.rfind('/') + 1);
                           PrintHelp(std::cout, program, all, extras.general, configOption);
                       }});
    const GeneralArgument* given = nullptr;
    std::string givenArg;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        for (const GeneralArgument& argument : general)
        {
            const std::string name = "--" + argument.name;
            if (arg != name && arg.rfind(name + "=", 0) != 0)
            {
                continue;
            }
            if (given != nullptr)
            {
                Fail(name,
                     given == &argument ? "given more than once"
                                        : "cannot be combined with --" + given->name +
                                              " (one general argument at a time)");
            }
            given = &argument;
            givenArg = arg;
        }
    }
    if (given == nullptr)
    {
        return;
    }
    const std::string name = "--" + given->name;
    const bool hasValue = givenArg.size() > name.size();
    const std::string value = hasValue ? givenArg.substr(name.size() + 1) : "";
    if (given->value.empty() && hasValue)
    {
        Fail(name, "takes no value");
    }
    if (!given->value.empty() && value.empty())
    {
        Fail(name, "needs a value, written " + name + "=" + given->value);
    }
    if (given->check)
    {
        given->check(value);
    }
    given->print(value);
    throw ExitRequest{0};
}

/**
 * The config file named empty ("--config=", "--config ''"): refused, not
 * taken for "no file" (a script's unset variable); SEM never passes it
 * (PrintHelp lists it with the general arguments).
 * \param configOption the config-file option
 */
[[noreturn]] void
FailEmptyConfig(const std::string& configOption)
{
    Fail(WithDashes(configOption),
         "needs a file name (an empty one is refused; leave the option out for none)");
}

/**
 * The arguments without "--name=" of an option without a default (not
 * given: Boost.PO would refuse the empty value); "--config=" refused
 * (FailEmptyConfig).
 * \param argc the argument count
 * \param argv the arguments
 * \param all the options
 * \param configOption the config-file option ("" for none)
 * \return argv's pointers, argv[0] first, those left out
 */
std::vector<char*>
WithoutEmptyOptional(int argc,
                     char** argv,
                     const po::options_description& all,
                     const std::string& configOption)
{
    std::vector<char*> args(argv, argv + argc);
    args.erase(std::remove_if(args.begin() + std::min(argc, 1),
                              args.end(),
                              [&all, &configOption](const char* arg) {
                                  const std::string text = arg;
                                  if (text.size() < 4 || text.rfind("--", 0) != 0 ||
                                      text.back() != '=')
                                  {
                                      return false;
                                  }
                                  const std::string name = text.substr(2, text.size() - 3);
                                  if (!configOption.empty() && name == configOption)
                                  {
                                      FailEmptyConfig(configOption);
                                  }
                                  const auto* option = all.find_nothrow(name, false);
                                  const DefaultInfo* info = option ? InfoOf(*option) : nullptr;
                                  return info && info->Optional();
                              }),
               args.end());
    return args;
}

/**
 * Parse the command line into `vm` (no prefix abbreviations): every
 * argument that is not an option of `all` is returned when
 * `extras.passThrough` accepts it (with a value), else refused as an unknown
 * option or an unexpected word.
 * \param args the arguments, argv[0] first
 * \param all the options
 * \param vm where the values go
 * \param extras passThrough
 * \return the arguments passed through
 */
std::vector<std::string>
ParseCommandLineInto(std::vector<char*>& args,
                     const po::options_description& all,
                     po::variables_map& vm,
                     const CommandLineExtras& extras)
{
    std::vector<std::string> passed;
    try
    {
        const int style =
            po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
        po::parsed_options parsed =
            po::command_line_parser(static_cast<int>(args.size()), args.data())
                .options(all)
                .style(style)
                .allow_unregistered()
                .run();
        for (const std::string& arg :
             po::collect_unrecognized(parsed.options, po::include_positional))
        {
            if (extras.passThrough && extras.passThrough(arg))
            {
                if (arg.find('=') == std::string::npos)
                {
                    Fail(NameForMessage(arg),
                         "needs a value, written " + NameForMessage(arg) + "=VALUE");
                }
                passed.push_back(arg);
            }
            else if (arg.rfind('-', 0) == 0 && arg.size() > 1)
            {
                Fail(NameForMessage(arg.substr(0, arg.find('='))), "unknown option (see --help)");
            }
            else
            {
                Fail(Quote(arg), "unexpected argument (options start with --; see --help)");
            }
        }
        po::store(parsed, vm);
    }
    catch (const po::error& e)
    {
        Translate(e);
    }
    return passed;
}

/**
 * Read the config file that `vm` names under `configOption` (given) into
 * `vm`, below the command line's values; a file that sets `configOption`
 * itself is refused.
 * \param all the options
 * \param vm the command line's values, then the file's
 * \param configOption the config-file option
 * \param extras readFile
 */
void
ReadConfigFile(const po::options_description& all,
               po::variables_map& vm,
               const std::string& configOption,
               const CommandLineExtras& extras)
{
    const std::string option = WithDashes(configOption);
    const std::string path = vm[configOption].as<std::string>();
    std::string text;
    try
    {
        if (!extras.readFile)
        {
            throw std::logic_error("ParseArguments: no readFile for " + option);
        }
        text = extras.readFile(path);
    }
    catch (const std::invalid_argument& e)
    {
        Fail(option, e.what());
    }
    std::istringstream is(text);
    try
    {
        const po::parsed_options fileOptions = po::parse_config_file(is, all);
        for (const po::option& o : fileOptions.options)
        {
            if (o.string_key == configOption)
            {
                Fail(option,
                     Quote(path) + " sets " + configOption +
                         " itself; a config file cannot name another (or itself)");
            }
        }
        po::store(fileOptions, vm);
    }
    catch (const po::error& e)
    {
        Translate(e, option + ": " + Quote(path));
    }
}

} // namespace

std::vector<std::string>
ParseArguments(int argc,
               char** argv,
               const po::options_description& all,
               po::variables_map& vm,
               const std::string& configOption,
               const CommandLineExtras& extras)
{
    RunGeneralArgument(argc, argv, all, configOption, extras);
    std::vector<char*> args = WithoutEmptyOptional(argc, argv, all, configOption);
    std::vector<std::string> passed = ParseCommandLineInto(args, all, vm, extras);
    if (!configOption.empty() && vm.count(configOption) &&
        vm[configOption].as<std::string>().empty())
    {
        FailEmptyConfig(configOption);
    }
    // An empty value of an option without a default: not given (before the
    // config file, which may then give it).
    DropEmptyOptional(all, vm);
    if (!configOption.empty() && vm.count(configOption))
    {
        ReadConfigFile(all, vm, configOption, extras);
        DropEmptyOptional(all, vm);
    }
    MarkDefaults(all, vm);
    return passed;
}

bool
Given(const po::variables_map& vm, const std::string& option)
{
    const std::string name = option.rfind("--", 0) == 0 ? option.substr(2) : option;
    return vm.count(name) > 0 && !vm[name].defaulted();
}

void
Notify(po::variables_map& vm)
{
    try
    {
        po::notify(vm);
    }
    catch (const po::error& e)
    {
        Translate(e);
    }
}

void
ParsePlainProgram(int argc,
                  char** argv,
                  const po::options_description& all,
                  po::variables_map& vm,
                  const char* about)
{
    CommandLineExtras extras;
    extras.general.push_back({"PrintGlobals",
                              "PrintGlobals",
                              "Print the list of globals (none: no ns-3 here).",
                              [](const std::string&) { std::printf("Global values:\n"); }});
    ParseArguments(argc, argv, all, vm, "", extras);
    if (vm["help"].as<bool>())
    {
        std::ostringstream os;
        os << all;
        std::printf("%s%s", about, os.str().c_str());
        throw ExitRequest{0};
    }
    Notify(vm);
}

int
RunMain(const std::string& program, const std::function<int()>& body)
{
    auto report = [&program](const char* what) {
        std::string line = program + ": " + what;
        for (char& ch : line)
        {
            if (ch == '\n' || ch == '\r')
            {
                ch = ' ';
            }
        }
        std::cerr << line << std::endl;
    };
    try
    {
        int status = 0;
        try
        {
            status = body();
        }
        catch (const ExitRequest& exit)
        {
            status = exit.code; // --PrintHelp and the like
        }
        if (status == 0)
        {
            FlushStandardOutput(); // > /dev/full: one line, exit 1, not 0
        }
        return status;
    }
    catch (const UsageError& e)
    {
        report(e.what());
    }
    catch (const std::invalid_argument& e)
    {
        report(e.what());
    }
    catch (const po::error& e)
    {
        report(e.what());
    }
    catch (const std::exception& e)
    {
        report(e.what());
        return 1;
    }
    return 2;
}

} // namespace cli
} // namespace ns3
