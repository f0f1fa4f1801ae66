/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * diameter-sweep: BF, LBF and ABF gossip on multi-hop 802.15.4 networks of
 * growing diameter.  One CSV row per (network, filter) - per (network,
 * filter, query strategy) with --queries - plus a CSV broken down by true hop
 * distance and, with --queries, a CSV with one row per query.
 *
 *   diameter-sweep --topology line --diameters 5,10,20,40 --filter all --out line.csv
 *   diameter-sweep --config scenarios/grid.ini --RngRun=3
 *   diameter-sweep --config scenarios/queries.ini --query-strategy all
 *   diameter-sweep --help
 *
 * --ns3::Type::Attribute=value (an attribute default the scenario does not
 * set itself, e.g. --ns3::LrWpanNetDevice::UseAcks=false), --RngRun=N and
 * --RngSeed=N are ns-3's.  Every option is checked before the first simulation starts; a bad
 * one gives one line "diameter-sweep: --option: problem" on stderr and exit
 * code 2, and no output file.
 */
#include "ns3/bloom-gossip-module.h"
#include "ns3/bloom-gossip-scenario-module.h"
#include "ns3/scenario-cli.h"
#include "ns3/scenario-parameters.h"

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace po = boost::program_options;
using namespace ns3;
using cli::Range;

namespace
{

constexpr const char* kProgram = "diameter-sweep";

int
Main(int argc, char** argv)
{
    GossipScenarioConfig c;
    using bloom::FilterKind;
    std::vector<FilterKind> allFilters; // --filter all: every family
    for (const bloom::FilterFamily& family : bloom::FilterFamilies())
    {
        allFilters.push_back(family.kind);
    }
    std::vector<FilterKind> filters = allFilters; // the families of the sweep
    std::string nodesList;
    std::string diametersList;
    std::string grid;
    std::string eventsList;
    std::string out = "diameter-sweep.csv";
    std::string outDistance;
    std::string outQueries;
    std::string configFile;
    bool quiet = false;
    bool dryRun = false;
    bool help = false; // read from vm before Notify

    po::options_description general("General");
    cli::OptionAdder(general)
        .Flag("help,h", &help, "print this help and exit")
        .Text("config",
              &configFile,
              "read options from an ini file (key = value; command line wins)")
        .Text("out", &out, "per-run CSV (one row per network and filter)")
        .Text("out-distance",
              &outDistance,
              "per-distance CSV (default: OUT with -by-distance before .csv)")
        .Text("out-queries",
              &outQueries,
              "per-query CSV, written with --queries (default: OUT with -queries before .csv)")
        .Flag("quiet", &quiet, "no progress lines on stderr")
        .Flag("dry-run",
              &dryRun,
              "check every option and set up every network of the sweep, then exit (0 when all "
              "is well) without simulating or writing");

    // The options of the run's parameters come from the parameter table
    // (scenario-parameters.cc), section by section; the program's own
    // (networks to sweep, families, events, outputs) are added here.
    const auto section = [&c](const std::string& group) {
        po::options_description d(group);
        AddScenarioOptions(d, group, c);
        return d;
    };
    po::options_description topo = section("Topology and radio");
    cli::OptionAdder(topo)
        .Text("nodes",
              &nodesList,
              fmt::format("node counts to sweep, comma-separated, each 2..{} (default 20)",
                          kMaxScenarioNodes))
        .Text("diameters",
              &diametersList,
              "line/grid: diameters to sweep, comma-separated (line: D+1 nodes, D >= 1; grid: "
              "(D/2+1)^2 nodes, D even, 2..508)")
        .Text("grid", &grid, "grid: WxH (one network), W, H >= 1 and 2..65533 nodes");

    po::options_description filter("Filters");
    std::vector<std::pair<std::string, std::vector<FilterKind>>> filterChoices;
    for (const bloom::FilterFamily& family : bloom::FilterFamilies())
    {
        filterChoices.push_back({family.name, {family.kind}});
    }
    filterChoices.emplace_back("all", allFilters);
    cli::OptionAdder(filter).Choice("filter", &filters, filterChoices, "filter family");
    AddScenarioOptions(filter, "Filters", c); // one heading: --filter, then the table's

    po::options_description gossip = section("Gossip");
    po::options_description work = section("Workload");
    cli::OptionAdder(work).Text("events",
                                &eventsList,
                                "comma-separated T:add:RES:NODE, T:remove:RES, T:fail:NODE");
    po::options_description query = section("Queries");
    po::options_description energy = section("Energy and duty cycling");

    // Mobility, the moving ground truth, maps and query paths (issue 19).
    std::string outSeries;
    std::string mapCsv;
    std::string walkCsv;
    std::string netanim;
    double mapTime = std::numeric_limits<double>::quiet_NaN(); // none: the end of the run
    ScenarioRecorders record; // what the runs record (maps, query paths, NetAnim)
    po::options_description dynamic = section("Mobility and pictures");
    cli::OptionAdder(dynamic)
        .Text("out-series",
              &outSeries,
              "time-series CSV when sampling (default: OUT with -series before .csv)")
        .Text("map-csv", &mapCsv, "write per-node estimates and truth links (maps) here")
        .Seconds("map-time",
                 &mapTime,
                 Range::Closed(0, kMaxScenarioTime),
                 "time of the (first) map (s; default the end of the run)")
        .Seconds("map-every",
                 &record.mapEvery,
                 Range::Closed(0, kMaxScenarioTime),
                 "a map every this many seconds from --map-time (default 0; animations)")
        .Text("walk-csv", &walkCsv, "write every hop of every query and its shortest path here")
        .Text("netanim",
              &netanim,
              "write an ns-3 NetAnim XML trace of the run here (nodes and moves, no packets; "
              "one run only)");

    po::options_description visible;
    visible.add(general).add(topo).add(filter).add(gossip).add(work).add(query).add(energy).add(
        dynamic);
    // A general argument (prints, then exit 0; not an option SEM would pass):
    // the option tables of the scenario chapter, from the parameter table
    // (the CTest scenario-doc-options compares them with the .rst).
    const cli::GeneralArgument printOptions{
        "print-options",
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
    const po::options_description& all = visible;

    po::variables_map vm;
    const std::vector<std::string> ns3Args =
        cli::ParseCommandLine(argc, argv, all, vm, "config", {printOptions});
    if (vm.count("help") && vm["help"].as<bool>())
    {
        std::cout << "Usage: " << kProgram << " [options] [--ns3::Type::Attr=value] [--RngRun=N]\n"
                  << visible << "\n";
        return 0;
    }
    cli::Notify(vm);
    // ns-3's own options (--RngRun, --ns3::...): checked and applied before
    // anything random is drawn.
    cli::ApplyNs3Arguments(ns3Args, ScenarioOptionOwning, [&c](TypeId tid, const std::string&) {
        return ScenarioModelUnused(c, tid); // a model of a module no run builds
    });

    record.map = vm.count("map-csv") > 0;
    record.walks = vm.count("walk-csv") > 0;
    record.netanim = vm.count("netanim") > 0;
    record.mapTime = vm.count("map-time") && !vm["map-time"].defaulted() ? mapTime : -1;
    // Options given (command line or --config) that apply to no run of the
    // sweep: refused, or ignored with a warning once the sweep is accepted
    // (ScenarioOptionScopes, the one table of them).
    std::vector<std::string> ignored;
    for (const ScenarioOptionScope& scope : ScenarioOptionScopes(c, filters))
    {
        if (!scope.applies && cli::Given(vm, scope.option))
        {
            if (!scope.warnOnly)
            {
                cli::Fail(scope.option,
                          std::string("applies only with ") + scope.condition +
                              ", so the run would ignore it");
            }
            ignored.push_back(fmt::format("{}: warning: {}: applies only with {}; ignored",
                                          kProgram,
                                          scope.option,
                                          scope.condition));
        }
    }

    // The sweep (scenario-sweep.h): its networks, outputs, checks, runs and
    // tables, from what the options gave.
    ScenarioSweepOptions sweep;
    sweep.program = kProgram;
    sweep.config = c;
    sweep.filters = filters;
    sweep.given = [&vm](const std::string& option) { return cli::Given(vm, option); };
    sweep.diameters = diametersList;
    sweep.grid = grid;
    sweep.nodes = nodesList;
    sweep.events = eventsList;
    sweep.configFile = configFile;
    sweep.out = out;
    sweep.outDistance = outDistance;
    sweep.outQueries = outQueries;
    sweep.outSeries = outSeries;
    sweep.mapCsv = mapCsv;
    sweep.walkCsv = walkCsv;
    sweep.netanim = netanim;
    sweep.quiet = quiet;
    sweep.dryRun = dryRun;
    sweep.warnings = ignored;
    sweep.recorders = record;
    return RunScenarioSweep(sweep);
}

} // namespace

int
main(int argc, char** argv)
{
    return cli::RunMain(kProgram, [&]() { return Main(argc, argv); });
}
