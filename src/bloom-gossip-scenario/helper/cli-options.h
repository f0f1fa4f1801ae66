/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The command line of the programs, without ns-3: options parsed and
 * range-checked by us rather than by Boost.Program_options (which wraps
 * "--m -5" into 4294967291 and accepts "nan"), ns-3 CommandLine's --PrintHelp
 * format (which SEM, the ns-3 Simulation Execution Manager, parses), and one
 * error line with exit code 2 for every user error.  Plain C++ (Boost.PO,
 * fmt and "ns3/user-text.h"), so that the programs without ns-3
 * (benchmarks/filter-space) link it too; scenario-cli.h adds ns-3's own
 * arguments (--RngRun, --ns3::Type::Attribute, --PrintGlobals).
 */
#ifndef BLOOM_GOSSIP_CLI_OPTIONS_H
#define BLOOM_GOSSIP_CLI_OPTIONS_H

#include <boost/program_options.hpp>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace cli
{

/**
 * A user error.  RunMain prints it as one line "<program>: <what>" and exits
 * with code 2.  By convention `what` reads "--option: problem", the problem
 * stating the allowed values.
 */
class UsageError : public std::runtime_error
{
  public:
    using std::runtime_error::runtime_error;
};

/// Throw UsageError("<option>: <problem>").
[[noreturn]] void Fail(const std::string& option, const std::string& problem);

/**
 * An option name or config key for a message: as it is when printable
 * ASCII, otherwise quoted (bloom::QuoteForMessage), so that no raw byte of
 * the input (a byte-order mark, non-UTF-8 bytes) reaches the terminal.
 * \param name the name as given
 * \return the name to print
 */
std::string NameForMessage(const std::string& name);

/**
 * \ingroup bloom-gossip
 * \brief Allowed values of a real-valued option: an interval with open or
 * closed ends (infinite ends allowed); NaN and infinities are always refused.
 */
class Range
{
  public:
    /// [lo, hi]
    static Range Closed(double lo, double hi);
    /// (lo, hi)
    static Range Open(double lo, double hi);
    /// (lo, hi]
    static Range LeftOpen(double lo, double hi);
    /// Any finite number.
    static Range Finite();

    bool Contains(double v) const;
    /// "(0, 1)", "[0.001, 1e+07]", "> 0", "any finite number", ...
    std::string ToString() const;

  private:
    Range(double lo, double hi, bool loOpen, bool hiOpen);
    double m_lo;
    double m_hi;
    bool m_loOpen;
    bool m_hiOpen;
};

/**
 * An integer in lo..hi written in decimal digits, optionally followed by a
 * point and zeros ("20.0", as SEM passes the defaults it read; "20.5" is not
 * an integer); no sign ("-5", "-0" and "+5" are refused, never wrapped).
 * Throws UsageError "<option>: ... lo..hi".
 */
uint64_t ParseUnsigned(const std::string& option,
                       const std::string& text,
                       uint64_t lo,
                       uint64_t hi);
/// A finite decimal number inside `range`; throws UsageError naming the range.
double ParseReal(const std::string& option, const std::string& text, const Range& range);
/// A time in seconds inside `range`, read exactly (ParseSecondsExactly,
/// time-text.h); throws UsageError naming the option.
double ParseSeconds(const std::string& option, const std::string& text, const Range& range);
/// Most values an integer list may expand to (ParseUnsignedList).
constexpr uint64_t kMaxListValues = 1000000;

/**
 * \brief A non-empty comma-separated list of integers in lo..hi, each item a
 * value v, a range a:b or a stepped range a:b:step (a <= b; b need not be on
 * the step), expanded in the order given ("8,2:6:2" is 8, 2, 4, 6): the one
 * parser of integer lists in the programs.
 * \param option the option named in errors
 * \param text the list
 * \param lo the smallest value allowed
 * \param hi the largest value allowed
 * \return the values
 * \throws UsageError "<option>: <problem>; allowed: integers lo..hi as ..."
 *         on bad syntax, a value out of range, a step of 0, a range a > b or
 *         more than kMaxListValues values
 */
std::vector<uint64_t> ParseUnsignedList(const std::string& option,
                                        const std::string& text,
                                        uint64_t lo,
                                        uint64_t hi);
/// One of `choices`; throws UsageError listing them.
std::string ParseChoice(const std::string& option,
                        const std::string& text,
                        const std::vector<std::string>& choices);

/**
 * \ingroup bloom-gossip
 * \brief Adds options to a Boost.PO options_description.  Every value is
 * read as a string and parsed by the functions above when the variables map
 * is notified, so bad values and out-of-range numbers fail with
 * "--name: problem (allowed range)".  The allowed range is appended to the
 * help text.
 *
 *     cli::OptionAdder(desc)
 *         .Unsigned("m", &config.slots, 1, 1 << 20, "slots")
 *         .Real("a", &config.factor, cli::Range::Open(0, 1), "attenuation factor")
 *         .Choice("timer", &config.timer, {BloomGossipApplication::PERIODIC,
 *                                          BloomGossipApplication::TRICKLE}, "beacon timer");
 *
 * Typed options (Choice of enumerators, Parsed) are parsed here, once: the
 * target holds the value, never its text.
 *
 * Every option has a printable default (PrintHelp, SEM), and a value equal
 * to it is the same as not giving the option (SameAsDefault).  Options
 * without a default, a Text whose target is empty and a Real whose target is
 * NaN, print an empty default "[]": for them only, an empty value
 * ("--map-csv=", "map-csv =" in a config file) means "not given".
 */
class OptionAdder
{
  public:
    explicit OptionAdder(boost::program_options::options_description& description);

    /// A switch, false unless given: "--quiet" alone is true, and it takes
    /// a value written "--quiet=VALUE", VALUE true, false, 1 or 0 in any
    /// case ("--quiet=False", as SEM passes it).
    OptionAdder& Flag(const char* name, bool* target, const std::string& help);
    /// Free text (file names, lists parsed later); the default is the target's
    /// current value when not empty, otherwise the option has none (an empty
    /// value means not given).
    OptionAdder& Text(const char* name, std::string* target, const std::string& help);
    OptionAdder& Choice(const char* name,
                        std::string* target,
                        const std::vector<std::string>& choices,
                        const std::string& help);

    /**
     * \brief One of the enumerators `values`, each named by its ToString
     * (found by argument-dependent lookup, e.g. bloom::ToString(Quantization)).
     *
     * A name not in the list fails with "--name: 'text' is not one of a, b".
     * \param name the option name
     * \param target receives the value; its current value is the default
     * \param values the allowed values, in the order the help lists them
     * \param help the help text ("; one of a | b" is appended)
     * \return this adder
     */
    template <typename T>
    OptionAdder& Choice(const char* name,
                        T* target,
                        const std::vector<T>& values,
                        const std::string& help)
    {
        std::vector<std::pair<std::string, T>> choices;
        for (const T& value : values)
        {
            choices.emplace_back(ToString(value), value);
        }
        return Choice(name, target, choices, help);
    }

    /**
     * \brief One of the names of `choices`, stored as the value paired with
     * it.
     * \param name the option name
     * \param target receives the value; its current value, which must be one
     *        of the choices' values, is the default
     * \param choices (name, value) pairs, in the order the help lists them
     * \param help the help text ("; one of a | b" is appended)
     * \return this adder
     */
    template <typename T>
    OptionAdder& Choice(const char* name,
                        T* target,
                        const std::vector<std::pair<std::string, T>>& choices,
                        const std::string& help)
    {
        std::vector<std::string> names;
        std::vector<T> values;
        std::string current;
        for (const auto& choice : choices)
        {
            names.push_back(choice.first);
            values.push_back(choice.second);
            if (choice.second == *target)
            {
                current = choice.first;
            }
        }
        return AddChoice(
            name,
            names,
            current,
            [target, values](size_t index) { *target = values[index]; },
            help);
    }

    /**
     * \brief A value read from its text by `parse`, which throws
     * std::invalid_argument on bad text ("--name: <its message>").
     * \param name the option name
     * \param target receives the value; ToString(*target) is the default
     * \param parse text to value: a callable T(const std::string&)
     * \param help the help text
     * \return this adder
     */
    template <typename T, typename Parse>
    OptionAdder& Parsed(const char* name, T* target, Parse parse, const std::string& help)
    {
        return AddParsed(
            name,
            ToString(*target),
            [target, parse](const std::string& text) { *target = parse(text); },
            help);
    }

    /// An integer in lo..hi (ParseUnsigned: "20" or "20.0").
    OptionAdder& Unsigned(const char* name,
                          uint32_t* target,
                          uint64_t lo,
                          uint64_t hi,
                          const std::string& help);
    OptionAdder& Unsigned64(const char* name,
                            uint64_t* target,
                            uint64_t lo,
                            uint64_t hi,
                            const std::string& help);
    /// A finite number in `range`; a NaN target means no default (an empty
    /// value means not given).
    OptionAdder& Real(const char* name,
                      double* target,
                      const Range& range,
                      const std::string& help);
    /// A time in seconds in `range`, read exactly (ParseSecondsExactly,
    /// time-text.h: a whole number of nanoseconds that the double holds);
    /// otherwise as Real.
    OptionAdder& Seconds(const char* name,
                         double* target,
                         const Range& range,
                         const std::string& help);

  private:
    /**
     * A real option read by `parse` (ParseReal, ParseSeconds).
     * \param name the option name
     * \param target receives the value; NaN: no default
     * \param range the allowed values
     * \param help the help text
     * \param parse text to value, throwing UsageError
     * \return this adder
     */
    OptionAdder& AddReal(const char* name,
                         double* target,
                         const Range& range,
                         const std::string& help,
                         double (*parse)(const std::string&, const std::string&, const Range&));
    /**
     * A choice among `names`, the default `current`; `store(i)` stores the
     * i-th when the option is notified.
     * \param name the option name
     * \param names the allowed names
     * \param current the default name
     * \param store stores the value of the i-th name
     * \param help the help text
     * \return this adder
     */
    OptionAdder& AddChoice(const char* name,
                           const std::vector<std::string>& names,
                           const std::string& current,
                           const std::function<void(size_t)>& store,
                           const std::string& help);
    /**
     * Text given to `store` when the option is notified; its
     * std::invalid_argument becomes UsageError "--name: what".
     * \param name the option name
     * \param current the default text
     * \param store parses and stores the text
     * \param help the help text
     * \return this adder
     */
    OptionAdder& AddParsed(const char* name,
                           const std::string& current,
                           const std::function<void(const std::string&)>& store,
                           const std::string& help);

    boost::program_options::options_description& m_description; //!< options added here
};

/**
 * \ingroup bloom-gossip
 * \brief An argument every program understands besides its options, as ns-3
 * CommandLine's "General Arguments" (--PrintGlobals, --PrintTypeIds, ...):
 * given, it runs `print` with its value and the program ends with exit code
 * 0.  --PrintHelp is always there (PrintHelp).
 *
 * One rule for all of them (ParseArguments): one general argument per
 * command line, given once; one without a `value` takes none
 * ("--PrintTypeIds=x": "takes no value"), one with a `value` needs a
 * non-empty one, which `check` (when set) accepts or refuses with a
 * UsageError naming the argument, before anything is printed.
 */
struct GeneralArgument
{
    std::string name;                                //!< "PrintGroup"
    std::string display;                             //!< as the help shows it: "PrintGroup=[group]"
    std::string help;                                //!< "Print all TypeIds of group."
    std::function<void(const std::string&)> print;   //!< prints, given the value
    std::string value{};                             //!< its value ("group"); empty: takes none
    std::function<void(const std::string&)> check{}; //!< refuses a bad value (null: any)
};

/**
 * \ingroup bloom-gossip
 * \brief What a program adds to the plain command line (ParseArguments).
 */
struct CommandLineExtras
{
    /// Arguments that are not options of `all` but are returned to the
    /// program unparsed (ns-3's --RngRun=N); empty: none.
    std::function<bool(const std::string&)> passThrough;
    /// Reads the --config file: its text, or std::invalid_argument (needed
    /// when `configOption` is not empty).
    std::function<std::string(const std::string&)> readFile;
    /// The general arguments besides --PrintHelp, in the order the help lists them.
    std::vector<GeneralArgument> general;
};

/**
 * Thrown by ParseArguments once --PrintHelp or a general argument has
 * printed: RunMain returns `code` (0).  Not a std::exception.
 */
struct ExitRequest
{
    int code; //!< the program's exit code
};

/**
 * Parse argv (and, when `configOption` is not empty and given, that ini
 * file; the command line wins) into `vm` without running the notifiers
 * (call Notify after handling --help).  Prefix abbreviations of option names
 * are not accepted.  --PrintHelp (PrintHelp) or a general argument of
 * `extras` prints and throws ExitRequest{0}.  An empty value of an option
 * without a default counts as not given (the config file may then set it);
 * a value equal to the option's default is stored as defaulted (Given is
 * false for it: SEM passes every option with its default).  Returns the
 * arguments `extras.passThrough` accepts; any other unknown option or
 * positional word throws UsageError, and so does a config file that sets
 * `configOption` itself (config files do not nest).
 */
std::vector<std::string> ParseArguments(int argc,
                                        char** argv,
                                        const boost::program_options::options_description& all,
                                        boost::program_options::variables_map& vm,
                                        const std::string& configOption,
                                        const CommandLineExtras& extras);

/**
 * Print the options of `all` in ns-3 CommandLine's --PrintHelp format, which
 * SEM parses: "<program> [Program Options] [General Arguments]", then
 * "Program Options:" and one line per option, "    --name:  help [default]"
 * (the names padded to one column, the default always there, "[]" for an
 * option without one), then "General Arguments:" with `general` and
 * --PrintHelp.  Option names inside the help texts are written without their
 * leading "--", since SEM takes the last "--" of a line for the option's name.
 * The config-file option is listed with the general arguments
 * ("--config=[file]"): it is not a parameter of a run, and SEM, which passes
 * every parameter of "Program Options" on every run, must not pass it empty.
 * \param os where to print
 * \param program the program's name
 * \param all the options
 * \param general the general arguments besides --PrintHelp
 * \param configOption the config-file option ("" for none)
 */
void PrintHelp(std::ostream& os,
               const std::string& program,
               const boost::program_options::options_description& all,
               const std::vector<GeneralArgument>& general,
               const std::string& configOption = "");

/**
 * Whether option `option` ("--pause") was given explicitly, on the command
 * line or in the --config file (not left at its default).
 * \param vm the parsed options
 * \param option the option, with its dashes
 * \return whether it was given
 */
bool Given(const boost::program_options::variables_map& vm, const std::string& option);

/// po::notify, Boost errors turned into UsageError.
void Notify(boost::program_options::variables_map& vm);

/// po::notify, Boost errors turned into UsageError.
void Notify(boost::program_options::variables_map& vm);

/**
 * Run a program's body and turn exceptions into one line on stderr,
 * "<program>: <what>" (line breaks in `what` replaced): UsageError,
 * std::invalid_argument and Boost.PO errors give exit code 2, any other
 * std::exception exit code 1; ExitRequest gives its code.  Returns the
 * body's exit code otherwise, but 1 when the body returns 0 and its standard
 * output could not be written (FlushStandardOutput, output-files.h).
 */
int RunMain(const std::string& program, const std::function<int()>& body);

} // namespace cli
} // namespace ns3

#endif // BLOOM_GOSSIP_CLI_OPTIONS_H
