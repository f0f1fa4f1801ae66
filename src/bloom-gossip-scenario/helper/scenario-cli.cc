/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-cli.h"

#include "output-files.h"

#include "ns3/config.h"
#include "ns3/input-file.h"
#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/user-text.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fcntl.h>
#include <fmt/format.h>
#include <iostream>
#include <limits>
#include <sys/wait.h>
#include <unistd.h>

namespace po = boost::program_options;

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScenarioCli");

namespace cli
{

namespace
{

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

/// An option name or config key for a message: as it is when printable
/// ASCII, otherwise quoted (QuoteForMessage), so that no raw byte of the
/// input (a byte-order mark, non-UTF-8 bytes) reaches the terminal.
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

std::string
IntegerDefault(uint64_t v)
{
    return std::to_string(v);
}

/// Whether Config::SetDefault accepts a value, tried in a child process: some
/// ns-3 value parsers (ATTRIBUTE_VALUE_IMPLEMENT, Time) abort on garbage.
bool
DefaultAccepted(const std::string& path, const std::string& value)
{
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0)
    {
        return false; // cannot try safely: refuse rather than risk an abort
    }
    if (pid == 0)
    {
        const int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
        {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        const bool ok = Config::SetDefaultFailSafe(path, StringValue(value));
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
    {
        if (errno != EINTR)
        {
            return false;
        }
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void
ApplyAttributeDefault(const std::string& arg, const AttributeOwner& owner)
{
    const auto eq = arg.find('=');
    const std::string name = arg.substr(0, eq); // --ns3::Type::Attribute
    if (eq == std::string::npos)
    {
        Fail(NameForMessage(name), "needs a value (--ns3::Type::Attribute=value)");
    }
    const std::string value = arg.substr(eq + 1);
    const std::string path = name.substr(2);
    const auto sep = path.rfind("::");
    if (sep == std::string::npos || sep < 5 || sep + 2 >= path.size())
    {
        Fail(NameForMessage(name), "expected --ns3::Type::Attribute=value");
    }
    const std::string typeName = path.substr(0, sep);
    const std::string attribute = path.substr(sep + 2);
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        Fail(NameForMessage(name),
             "no ns-3 type " + NameForMessage(typeName) +
                 " (see --PrintTypeIds of any ns-3 program)");
    }
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(attribute, &info))
    {
        Fail(NameForMessage(name),
             "type " + typeName + " has no attribute " + NameForMessage(attribute));
    }
    if (owner)
    {
        const std::string option = owner(tid, attribute);
        if (!option.empty())
        {
            Fail(NameForMessage(name),
                 "set by the scenario for every run, so a default would have no effect; " +
                     (option.rfind("--", 0) == 0 ? "use " + option : option));
        }
    }
    const std::string allowed = info.checker->GetUnderlyingTypeInformation();
    if (!DefaultAccepted(path, value) || !Config::SetDefaultFailSafe(path, StringValue(value)))
    {
        Fail(NameForMessage(name),
             Quote(value) + " is not a valid " + info.checker->GetValueTypeName() +
                 (allowed.empty() ? "" : " (" + allowed + ")"));
    }
}

} // namespace

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
    const bool negative = !text.empty() && text[0] == '-';
    const std::string digits = negative ? text.substr(1) : text;
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
    {
        Fail(option, Quote(text) + " is not an integer in " + range);
    }
    uint64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || end != digits.data() + digits.size() || (negative && v != 0) ||
        v < lo || v > hi)
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
    return v;
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
    m_description.add_options()(name, po::bool_switch(target), help.c_str());
    return *this;
}

OptionAdder&
OptionAdder::Text(const char* name, std::string* target, const std::string& help)
{
    auto* value = po::value(target);
    if (!target->empty())
    {
        value->default_value(*target);
    }
    m_description.add_options()(name, value, help.c_str());
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
    auto* value = po::value<std::string>()->notifier(
        [option, names, store](const std::string& s) { store(ChoiceIndex(option, s, names)); });
    value->default_value(current);
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
    auto* value = po::value<std::string>()->notifier([option, store](const std::string& s) {
        try
        {
            store(s);
        }
        catch (const std::invalid_argument& e)
        {
            Fail(option, e.what());
        }
    });
    value->default_value(current);
    m_description.add_options()(name, value, help.c_str());
    return *this;
}

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
    auto* value =
        po::value<std::string>()->notifier([option, target, lo, hi](const std::string& s) {
            *target = static_cast<uint32_t>(ParseUnsigned(option, s, lo, hi));
        });
    value->default_value(IntegerDefault(*target));
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
    auto* value =
        po::value<std::string>()->notifier([option, target, lo, hi](const std::string& s) {
            *target = ParseUnsigned(option, s, lo, hi);
        });
    value->default_value(IntegerDefault(*target));
    m_description.add_options()(name,
                                value,
                                fmt::format("{}; allowed {}..{}", help, lo, hi).c_str());
    return *this;
}

OptionAdder&
OptionAdder::Real(const char* name, double* target, const Range& range, const std::string& help)
{
    const std::string option = WithDashes(name);
    auto* value = po::value<std::string>()->notifier(
        [option, target, range](const std::string& s) { *target = ParseReal(option, s, range); });
    value->default_value(fmt::format("{}", *target));
    m_description.add_options()(name,
                                value,
                                fmt::format("{}; allowed {}", help, range.ToString()).c_str());
    return *this;
}

bool
IsNs3Argument(const std::string& arg)
{
    for (const char* prefix : {"--RngRun", "--RngSeed"})
    {
        const std::string p = prefix;
        if (arg.rfind(p, 0) == 0 && (arg.size() == p.size() || arg[p.size()] == '='))
        {
            return true;
        }
    }
    return arg.rfind("--ns3::", 0) == 0;
}

std::vector<std::string>
ParseCommandLine(int argc,
                 char** argv,
                 const po::options_description& all,
                 po::variables_map& vm,
                 const std::string& configOption)
{
    std::vector<std::string> ns3Args;
    try
    {
        const int style =
            po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
        po::parsed_options parsed = po::command_line_parser(argc, argv)
                                        .options(all)
                                        .style(style)
                                        .allow_unregistered()
                                        .run();
        for (const std::string& arg :
             po::collect_unrecognized(parsed.options, po::include_positional))
        {
            if (IsNs3Argument(arg))
            {
                if (arg.find('=') == std::string::npos)
                {
                    Fail(NameForMessage(arg),
                         "needs a value, written " + NameForMessage(arg) + "=VALUE");
                }
                ns3Args.push_back(arg);
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
    if (!configOption.empty() && vm.count(configOption))
    {
        const std::string option = WithDashes(configOption);
        const std::string path = vm[configOption].as<std::string>();
        std::string text;
        try
        {
            text = ReadInputFile(path);
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
    return ns3Args;
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
ApplyNs3Arguments(const std::vector<std::string>& args, const AttributeOwner& owner)
{
    std::set<std::string> seen;
    for (const std::string& arg : args)
    {
        const auto eq = arg.find('=');
        const std::string name = arg.substr(0, eq);
        if (!seen.insert(name).second)
        {
            Fail(NameForMessage(name), "given more than once");
        }
        if (name == "--RngRun" || name == "--RngSeed")
        {
            if (eq == std::string::npos)
            {
                Fail(NameForMessage(name), "needs a value, written " + name + "=N");
            }
            const std::string value = arg.substr(eq + 1);
            if (name == "--RngRun")
            {
                RngSeedManager::SetRun(
                    ParseUnsigned(name, value, 0, std::numeric_limits<uint64_t>::max()));
            }
            else
            {
                RngSeedManager::SetSeed(
                    static_cast<uint32_t>(ParseUnsigned(name, value, 1, kMaxRngSeed)));
            }
        }
        else
        {
            ApplyAttributeDefault(arg, owner);
        }
    }
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
        const int status = body();
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
