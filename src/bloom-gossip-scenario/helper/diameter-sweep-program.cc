/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "diameter-sweep-program.h"

#include "cli-options.h"
#include "gossip-scenario-config.h"
#include "scenario-cli.h"
#include "scenario-parameters.h"
#include "scenario-recorders.h"
#include "scenario-sweep.h"

#include "ns3/filter-family.h"
#include "ns3/log.h"

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace po = boost::program_options;

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DiameterSweepProgram");

namespace
{

using cli::Range;

/// What the command line fills: the sweep's options and the program's own.
struct ProgramOptions
{
    ScenarioSweepOptions sweep; //!< the sweep (its config: the run's parameters)
    bool help{false};           //!< read from the variables map before Notify
    double mapTime{std::numeric_limits<double>::quiet_NaN()}; //!< none: the end of the run
};

/// \return the families of `--filter all`: every registered one
std::vector<bloom::FilterKind>
AllFilters()
{
    std::vector<bloom::FilterKind> all;
    for (const bloom::FilterFamily& family : bloom::FilterFamilies())
    {
        all.push_back(family.kind);
    }
    return all;
}

/// The options of a section of the parameter registry (scenario-parameters.cc).
po::options_description
Section(const std::string& group, GossipScenarioConfig& c)
{
    po::options_description d(group);
    AddScenarioOptions(d, group, c);
    return d;
}

/// The general options: help, config file, outputs, quiet, dry run.
po::options_description
GeneralOptions(ProgramOptions& o)
{
    ScenarioSweepOptions& s = o.sweep;
    po::options_description general("General");
    cli::OptionAdder(general)
        .Flag("help,h", &o.help, "print this help and exit")
        .Text("config",
              &s.configFile,
              "read options from an ini file (key = value; command line wins)")
        .Text("out",
              &s.out,
              "per-run CSV (one row per network and filter); the others are named after it")
        .Text("out-distance",
              &s.outDistance,
              "per-distance CSV (default: by-distance.csv beside an OUT named runs.csv, else OUT "
              "with -by-distance before .csv)")
        .Text("out-queries",
              &s.outQueries,
              "per-query CSV, written with --queries (default: queries.csv beside runs.csv, else "
              "OUT with -queries before .csv)")
        .Flag("quiet", &s.quiet, "no progress lines on stderr")
        .Flag("dry-run",
              &s.dryRun,
              "check every option and set up every network of the sweep, then exit (0 when all "
              "is well) without simulating or writing");
    return general;
}

/**
 * Every option, in help order: the general ones, then the registry's
 * sections (scenario-parameters.cc), each with the program's own options of
 * its section (networks to sweep, families, events, outputs of the
 * pictures).
 */
po::options_description
AllOptions(ProgramOptions& o)
{
    ScenarioSweepOptions& s = o.sweep;
    GossipScenarioConfig& c = s.config;
    po::options_description topo = Section("Topology and radio", c);
    cli::OptionAdder(topo)
        .Text("nodes",
              &s.nodes,
              fmt::format("node counts to sweep, comma-separated, each 2..{} (default 20)",
                          kMaxScenarioNodes))
        .Text("diameters",
              &s.diameters,
              "line/grid: diameters to sweep, comma-separated (line: D+1 nodes, D >= 1; grid: "
              "(D/2+1)^2 nodes, D even, 2..508)")
        .Text("grid", &s.grid, "grid: WxH (one network), W, H >= 1 and 2..65533 nodes");
    po::options_description filter("Filters");
    std::vector<std::pair<std::string, std::vector<bloom::FilterKind>>> filterChoices;
    for (const bloom::FilterFamily& family : bloom::FilterFamilies())
    {
        filterChoices.push_back({family.name, {family.kind}});
    }
    filterChoices.emplace_back("all", AllFilters());
    cli::OptionAdder(filter).Choice("filter", &s.filters, filterChoices, "filter family");
    AddScenarioOptions(filter, "Filters", c); // one heading: --filter, then the table's
    po::options_description work = Section("Workload", c);
    cli::OptionAdder(work).Text("events",
                                &s.events,
                                "comma-separated T:add:RES:NODE, T:remove:RES, T:fail:NODE");
    // Mobility, the moving ground truth, maps and query paths (issue 19).
    po::options_description dynamic = Section("Mobility and pictures", c);
    cli::OptionAdder(dynamic)
        .Text("out-series",
              &s.outSeries,
              "time-series CSV when sampling (default: series.csv beside runs.csv, else OUT "
              "with -series before .csv)")
        .Text("map-csv", &s.mapCsv, "write per-node estimates and truth links (maps) here")
        .Seconds("map-time",
                 &o.mapTime,
                 Range::Closed(0, kMaxScenarioTime),
                 "time of the (first) map (s; default the end of the run)")
        .Seconds("map-every",
                 &s.recorders.mapEvery,
                 Range::Closed(0, kMaxScenarioTime),
                 "a map every this many seconds from --map-time (default 0; animations)")
        .Text("walk-csv", &s.walkCsv, "write every hop of every query and its shortest path here")
        .Text("netanim",
              &s.netanim,
              "write an ns-3 NetAnim XML trace of the run here (nodes and moves, no packets; "
              "one run only)");
    po::options_description visible;
    visible.add(GeneralOptions(o))
        .add(topo)
        .add(filter)
        .add(Section("Gossip", c))
        .add(work)
        .add(Section("Queries", c))
        .add(Section("Energy and duty cycling", c))
        .add(dynamic);
    return visible;
}

/**
 * A general argument (prints, then exit 0; not an option SEM would pass):
 * the option tables of the scenario chapter, from the parameter table (the
 * CTest scenario-doc-options compares them with the .rst).
 */
cli::GeneralArgument
PrintOptionsArgument()
{
    return {"print-options",
            "print-options=rst",
            "Print the option tables of the scenario chapter (reStructuredText).",
            [](const std::string&) { std::cout << ScenarioParametersRst(); },
            "rst",
            [](const std::string& format) {
                if (format != "rst")
                {
                    cli::Fail("--print-options", "the only format is rst");
                }
            }};
}

/**
 * Options and ns-3 attribute defaults given that apply to no run of the
 * sweep: refused, or (ScenarioOptionScope::warnOnly) ignored with a warning
 * once the sweep is accepted (ScenarioOptionScopes, Ns3ArgumentScopes).
 * \param vm the parsed options \param ns3Args the ns-3 arguments given
 * \param o the options \param program the program's name
 */
void
CheckScopes(const po::variables_map& vm,
            const std::vector<std::string>& ns3Args,
            ProgramOptions& o,
            const std::string& program)
{
    ScenarioSweepOptions& s = o.sweep;
    for (const ScenarioOptionScope& scope : Ns3ArgumentScopes(ns3Args, s.config, s.filters))
    {
        if (!scope.applies)
        {
            cli::Fail(scope.option,
                      "applies only with " + scope.condition + ", so the run would ignore it");
        }
    }
    for (const ScenarioOptionScope& scope : ScenarioOptionScopes(s.config, s.filters))
    {
        if (!scope.applies && cli::Given(vm, scope.option))
        {
            if (!scope.warnOnly)
            {
                cli::Fail(scope.option,
                          "applies only with " + scope.condition + ", so the run would ignore it");
            }
            s.warnings.push_back(fmt::format("{}: warning: {}: applies only with {}; ignored",
                                             program,
                                             scope.option,
                                             scope.condition));
        }
    }
}

int
Main(int argc, char** argv, const std::string& program)
{
    ProgramOptions o;
    o.sweep.program = program;
    o.sweep.filters = AllFilters(); // --filter all
    const po::options_description all = AllOptions(o);
    po::variables_map vm;
    const std::vector<std::string> ns3Args =
        cli::ParseCommandLine(argc, argv, all, vm, "config", {PrintOptionsArgument()});
    if (vm.count("help") && vm["help"].as<bool>())
    {
        std::cout << "Usage: " << program << " [options] [--ns3::Type::Attr=value] [--RngRun=N]\n"
                  << all << "\n";
        return 0;
    }
    cli::Notify(vm);
    ScenarioRecorders& record = o.sweep.recorders;
    record.map = vm.count("map-csv") > 0;
    record.walks = vm.count("walk-csv") > 0;
    record.netanim = vm.count("netanim") > 0;
    record.mapTime = vm.count("map-time") && !vm["map-time"].defaulted() ? o.mapTime : -1;
    CheckScopes(vm, ns3Args, o, program);
    // ns-3's own options (--RngRun, --ns3::...): checked and applied before
    // anything random is drawn.
    const GossipScenarioConfig& c = o.sweep.config;
    cli::ApplyNs3Arguments(ns3Args, ScenarioOptionOwning, [&c](TypeId tid, const std::string&) {
        return ScenarioModelUnused(c, tid); // a model of a module no run builds
    });
    // The sweep (scenario-sweep.h): its networks, outputs, checks, runs and
    // tables, from what the options gave.
    o.sweep.given = [&vm](const std::string& option) { return cli::Given(vm, option); };
    return RunScenarioSweep(o.sweep);
}

} // namespace

int
DiameterSweepMain(int argc, char** argv, const std::string& program)
{
    return cli::RunMain(program, [&]() { return Main(argc, argv, program); });
}

} // namespace ns3
