/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-cli.h"

#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/input-file.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/standard-output.h"
#include "ns3/string.h"
#include "ns3/time-text.h"
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

using bloom::QuoteForMessage;

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

/**
 * Fail when owner says the run sets the attribute of name
 * (--ns3::Type::Attribute, checked to exist) for every run.
 */
void
CheckNotOwned(const std::string& name, const AttributeOwner& owner)
{
    const std::string path = name.substr(2);
    const auto sep = path.rfind("::");
    TypeId tid = TypeId::LookupByName(path.substr(0, sep));
    const std::string option = owner(tid, path.substr(sep + 2));
    if (!option.empty())
    {
        Fail(NameForMessage(name),
             "set by the scenario for every run, so a default would have no effect; " +
                 (option.rfind("--", 0) == 0 ? "use " + option : option));
    }
}

void
ApplyAttributeDefault(const std::string& arg,
                      const AttributeOwner& owner,
                      const AttributeOwner& unused)
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
        CheckNotOwned(name, owner);
    }
    if (unused)
    {
        const std::string why = unused(tid, attribute);
        if (!why.empty())
        {
            Fail(NameForMessage(name), why + ", so a default would have no effect");
        }
    }
    const std::string allowed = info.checker->GetUnderlyingTypeInformation();
    // A Time (any attribute whose checker makes Time values): read exactly
    // (time-text.h), not through ns-3's double, which turned 1e400s into 0.
    if (DynamicCast<const TimeValue>(info.checker->Create()))
    {
        Time time;
        try
        {
            time = Time(static_cast<long long>(
                ParseTimeText(value, static_cast<TimeTextUnit>(Time::GetResolution()), true)));
        }
        catch (const std::invalid_argument& e)
        {
            Fail(NameForMessage(name), e.what());
        }
        if (!Config::SetDefaultFailSafe(path, TimeValue(time)))
        {
            Fail(NameForMessage(name),
                 QuoteForMessage(value) + " is outside " + info.checker->GetValueTypeName() +
                     (allowed.empty() ? "" : " (" + allowed + ")"));
        }
        return;
    }
    if (!DefaultAccepted(path, value) || !Config::SetDefaultFailSafe(path, StringValue(value)))
    {
        Fail(NameForMessage(name),
             QuoteForMessage(value) + " is not a valid " + info.checker->GetValueTypeName() +
                 (allowed.empty() ? "" : " (" + allowed + ")"));
    }
}

} // namespace

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

std::vector<GeneralArgument>
Ns3GeneralArguments(const std::string& program)
{
    // ns-3's CommandLine prints these and ends the program (std::exit(0)).
    const auto byNs3 = [program](const std::string& name) {
        return [program, name](const std::string& value) {
            static std::string reported; // CheckStandardOutputAtExit keeps the pointer
            reported = program;
            CheckStandardOutputAtExit(reported.c_str()); // > /dev/full: exit 1, not 0
            std::string arg = "--" + name + (value.empty() ? "" : "=" + value);
            std::vector<char*> argv{const_cast<char*>(program.c_str()), arg.data(), nullptr};
            CommandLine cmd;
            cmd.Parse(2, argv.data());
        };
    };
    // ns-3 aborts on an unknown type id and prints nothing for an unknown
    // group: both are refused here, before ns-3 sees them.
    const auto typeId = [](const std::string& name) {
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(name, &tid))
        {
            Fail("--PrintAttributes",
                 "no ns-3 type " + QuoteForMessage(name) + " (see --PrintTypeIds)");
        }
    };
    const auto group = [](const std::string& name) {
        for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
        {
            if (TypeId::GetRegistered(i).GetGroupName() == name)
            {
                return;
            }
        }
        Fail("--PrintGroup", "no group " + QuoteForMessage(name) + " (see --PrintGroups)");
    };
    return {{"PrintGlobals", "PrintGlobals", "Print the list of globals.", byNs3("PrintGlobals")},
            {"PrintGroups", "PrintGroups", "Print the list of groups.", byNs3("PrintGroups")},
            {"PrintGroup",
             "PrintGroup=[group]",
             "Print all TypeIds of group.",
             byNs3("PrintGroup"),
             "group",
             group},
            {"PrintTypeIds", "PrintTypeIds", "Print all TypeIds.", byNs3("PrintTypeIds")},
            {"PrintAttributes",
             "PrintAttributes=[typeid]",
             "Print all attributes of typeid.",
             byNs3("PrintAttributes"),
             "typeid",
             typeId}};
}

std::vector<std::string>
ParseCommandLine(int argc,
                 char** argv,
                 const po::options_description& all,
                 po::variables_map& vm,
                 const std::string& configOption,
                 const std::vector<GeneralArgument>& programArguments)
{
    std::string program = argc > 0 ? argv[0] : "program";
    program = program.substr(program.rfind('/') + 1);
    CommandLineExtras extras;
    extras.passThrough = IsNs3Argument;
    extras.readFile = [](const std::string& path) { return ReadInputFile(path); };
    extras.general = Ns3GeneralArguments(program);
    extras.general.insert(extras.general.end(), programArguments.begin(), programArguments.end());
    return ParseArguments(argc, argv, all, vm, configOption, extras);
}

void
ApplyNs3Arguments(const std::vector<std::string>& args,
                  const AttributeOwner& owner,
                  const AttributeOwner& unused)
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
            ApplyAttributeDefault(arg, owner, unused);
        }
    }
    // An owner that depends on another default (given later on the line).
    for (const std::string& arg : args)
    {
        if (owner && arg.rfind("--ns3::", 0) == 0)
        {
            CheckNotOwned(arg.substr(0, arg.find('=')), owner);
        }
    }
}

} // namespace cli
} // namespace ns3
