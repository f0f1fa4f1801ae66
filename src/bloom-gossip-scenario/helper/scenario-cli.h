/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Command-line plumbing shared by the scenario programs (scratch/): the
 * plain command line of cli-options.h (options parsed and range-checked by
 * us, ns-3 CommandLine's --PrintHelp format, one error line with exit code 2
 * for every user error) plus ns-3's own arguments: --RngRun=N,
 * --ns3::Type::Attribute=value (checked without letting ns-3 abort) and the
 * general arguments --PrintGlobals, --PrintTypeIds, ... (printed by ns-3's
 * CommandLine).
 */
#ifndef BLOOM_GOSSIP_SCENARIO_CLI_H
#define BLOOM_GOSSIP_SCENARIO_CLI_H

#include "cli-options.h"

#include "ns3/type-id.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{
namespace cli
{

/**
 * ParseArguments (cli-options.h) with ns-3's arguments: returns the ns-3
 * arguments (IsNs3Argument) for ApplyNs3Arguments, reads the config file
 * with ReadInputFile, and has ns-3 CommandLine's general arguments
 * (Ns3GeneralArguments).
 */
std::vector<std::string> ParseCommandLine(
    int argc,
    char** argv,
    const boost::program_options::options_description& all,
    boost::program_options::variables_map& vm,
    const std::string& configOption = "config",
    const std::vector<GeneralArgument>& programArguments = {});

/**
 * Largest --RngSeed: ns-3's MRG32k3a streams (RngStream) need every seed
 * word below m2 = 4294944443 and abort otherwise.
 */
constexpr uint64_t kMaxRngSeed = 4294944442ULL;

/**
 * Who sets an attribute for every run: given a TypeId and an attribute name,
 * the program option that owns it ("--interval"), a phrase saying why the
 * run fixes it, or an empty string when a --ns3:: default of it takes effect.
 */
using AttributeOwner = std::function<std::string(TypeId, const std::string&)>;

/**
 * ns-3 CommandLine's general arguments --PrintGlobals, --PrintGroups,
 * --PrintGroup=[group], --PrintTypeIds and --PrintAttributes=[typeid], each
 * printed by ns-3's own CommandLine (which then ends the program with exit
 * code 0), as any ns-3 program prints them.
 * \param program the program's name
 * \return the arguments, for CommandLineExtras::general
 */
std::vector<GeneralArgument> Ns3GeneralArguments(const std::string& program);

/// --RngRun=N, --RngSeed=N or --ns3::Type::Attribute=value.
bool IsNs3Argument(const std::string& arg);

/**
 * Check and apply ns-3 arguments: --RngRun=N (0..2^64-1), --RngSeed=N
 * (1..kMaxRngSeed), --ns3::Type::Attribute=value (Config::SetDefault: the
 * type and attribute must exist, `owner` must not name an option that sets
 * it for every run, and the value must be valid for it; the value is tried in
 * a child process first, since some ns-3 value parsers abort on garbage).
 * Each argument at most once.  Once all are applied, `owner` is asked again
 * for each (an attribute may be owned only under another default, e.g. with
 * WifiDeviceBuilder::Reception ns2), so the arguments' order does not
 * matter.  Throws UsageError naming the argument.  Call before anything is
 * simulated.
 *
 * \param args the arguments ParseCommandLine returned
 * \param owner who sets an attribute for every run (empty: nobody)
 * \param unused why the runs never build the type's model (its phrase
 *        ends "..., so a default would have no effect"), or an empty string
 *        when they may (empty function: every type may be built)
 */
void ApplyNs3Arguments(const std::vector<std::string>& args,
                       const AttributeOwner& owner = {},
                       const AttributeOwner& unused = {});

} // namespace cli
} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_CLI_H
