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
/// Frame receptions above which the sweep announces its cost up front.
constexpr double kLongSweepReceptions = 1e9;

std::string
JoinLines(const std::string& header, const std::vector<std::string>& rows)
{
    std::string out = header + "\n";
    for (const auto& row : rows)
    {
        out += row + "\n";
    }
    return out;
}

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
    filter.add(section("Filters"));

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
    ScenarioDynamicsConfig& dyn = c.dynamics;
    ScenarioRecorders record; // what the runs record (maps, query paths, NetAnim)
    po::options_description dynamic = section("Mobility and pictures");
    cli::OptionAdder(dynamic)
        .Text("out-series",
              &outSeries,
              "time-series CSV when sampling (default: OUT with -series before .csv)")
        .Text("map-csv", &mapCsv, "write per-node estimates and truth links (maps) here")
        .Real("map-time",
              &mapTime,
              Range::Closed(0, kMaxScenarioTime),
              "time of the (first) map (s; default the end of the run)")
        .Real("map-every",
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
        [](const std::string& format) {
            if (format != "rst")
            {
                cli::Fail("--print-options", "the only format is rst");
            }
            std::cout << ScenarioParametersRst();
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
    cli::ApplyNs3Arguments(ns3Args, ScenarioOptionOwning);

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
    if (vm.count("events") && !vm["events"].defaulted())
    {
        if (eventsList.empty())
        {
            cli::Fail("--events",
                      "empty list; expected T:add:RES:NODE, T:remove:RES or T:fail:NODE, "
                      "comma-separated");
        }
        size_t start = 0;
        while (true)
        {
            const size_t comma = eventsList.find(',', start);
            const std::string item =
                eventsList.substr(start,
                                  comma == std::string::npos ? std::string::npos : comma - start);
            try
            {
                c.events.push_back(WorkloadEvent::Parse(item));
            }
            catch (const std::invalid_argument& e)
            {
                cli::Fail("--events", e.what());
            }
            if (comma == std::string::npos)
            {
                break;
            }
            start = comma + 1;
        }
    }
    // Queries: at least one filter of the sweep must support a listed
    // strategy (gradient needs lbf, abf or sdbf), or the sweep would issue none.
    if (c.queries > 0)
    {
        bool any = false;
        for (FilterKind f : filters)
        {
            any = any || !c.queryStrategy.Resolve(f).empty();
        }
        if (!any)
        {
            cli::Fail("--query-strategy",
                      "'" + ToString(c.queryStrategy) + "' does not apply to --filter " +
                          (filters == allFilters ? "all" : bloom::ToString(filters.front())) +
                          " (gradient needs lbf, abf or sdbf), so no query would be issued");
        }
    }

    // The networks of the sweep.
    const bool given[3] = {vm.count("diameters") > 0, vm.count("grid") > 0, vm.count("nodes") > 0};
    if (given[0] + given[1] + given[2] > 1)
    {
        cli::Fail(given[0] ? "--diameters" : "--grid",
                  "give only one of --diameters, --grid and --nodes");
    }
    if (c.topology != ScenarioTopology::FILE && vm.count("positions") &&
        !vm["positions"].defaulted())
    {
        cli::Fail("--positions",
                  "only with --topology file (the topology is " + ToString(c.topology) + ")");
    }
    if (c.topology == ScenarioTopology::FILE && (given[0] || given[1] || given[2]))
    {
        cli::Fail(given[0]   ? "--diameters"
                  : given[1] ? "--grid"
                             : "--nodes",
                  "not with --topology file (the positions file sets the nodes)");
    }
    std::vector<GossipScenarioConfig> points;
    if (given[0])
    {
        if (c.topology != ScenarioTopology::LINE && c.topology != ScenarioTopology::GRID)
        {
            cli::Fail("--diameters", "only for --topology line or grid (use --nodes)");
        }
        for (uint64_t diameter :
             cli::ParseUnsignedList("--diameters", diametersList, 1, kMaxScenarioNodes - 1))
        {
            const auto d = static_cast<uint32_t>(diameter);
            GossipScenarioConfig p = c;
            if (c.topology == ScenarioTopology::LINE)
            {
                p.nodes = d + 1;
            }
            else
            {
                if (d % 2 != 0 || d < 2 || d > 508)
                {
                    cli::Fail("--diameters",
                              fmt::format("{}: a square grid has an even diameter in 2..508", d));
                }
                p.gridWidth = p.gridHeight = d / 2 + 1;
                p.nodes = p.gridWidth * p.gridHeight;
            }
            points.push_back(p);
        }
    }
    else if (given[1])
    {
        if (c.topology != ScenarioTopology::GRID)
        {
            cli::Fail("--grid", "needs --topology grid");
        }
        const auto x = grid.find('x');
        if (x == std::string::npos)
        {
            cli::Fail("--grid", QuoteForMessage(grid) + " is not WxH (e.g. 5x4)");
        }
        const auto w = cli::ParseUnsigned("--grid", grid.substr(0, x), 1, kMaxScenarioNodes);
        const auto h = cli::ParseUnsigned("--grid", grid.substr(x + 1), 1, kMaxScenarioNodes);
        if (w * h < 2 || w * h > kMaxScenarioNodes)
        {
            cli::Fail("--grid",
                      fmt::format("{} has {} nodes, out of range 2..{}",
                                  QuoteForMessage(grid),
                                  w * h,
                                  kMaxScenarioNodes));
        }
        c.gridWidth = static_cast<uint32_t>(w);
        c.gridHeight = static_cast<uint32_t>(h);
        c.nodes = c.gridWidth * c.gridHeight;
        points.push_back(c);
    }
    else if (c.topology == ScenarioTopology::FILE)
    {
        points.push_back(c);
    }
    else
    {
        for (uint64_t n :
             cli::ParseUnsignedList("--nodes", given[2] ? nodesList : "20", 2, kMaxScenarioNodes))
        {
            GossipScenarioConfig p = c;
            p.nodes = static_cast<uint32_t>(n);
            points.push_back(p);
        }
    }

    // Outputs: the per-run table, the per-distance table and, with queries,
    // the per-query table.
    if (out.empty())
    {
        cli::Fail("--out", "empty file name");
    }
    if (outDistance.empty())
    {
        outDistance = OutputFiles::DerivedName("--out", out, "-by-distance.csv");
    }
    if (outQueries.empty())
    {
        outQueries = OutputFiles::DerivedName("--out", out, "-queries.csv");
    }
    // Every output checked now (not a folder, device, FIFO or symbolic link;
    // a writable folder; no two the same file, none an input), written at
    // the end all together or not at all.
    OutputFiles outputs;
    if (!configFile.empty())
    {
        outputs.AddInput("--config", configFile);
    }
    if (c.topology == ScenarioTopology::FILE)
    {
        outputs.AddInput("--positions", c.positions);
    }
    if (dyn.mobility == ScenarioMobility::NS2)
    {
        outputs.AddInput("--ns2-trace", dyn.ns2Trace);
    }
    // The per-run table first, so it is renamed last: when it exists, so do
    // the others (sweep.sh resumes on it).
    outputs.AddOutput("--out", out);
    outputs.AddOutput("--out-distance", outDistance);
    if (c.queries > 0)
    {
        outputs.AddOutput("--out-queries", outQueries);
    }
    if (outSeries.empty())
    {
        outSeries = OutputFiles::DerivedName("--out", out, "-series.csv");
    }
    if (dyn.Sampling())
    {
        outputs.AddOutput("--out-series", outSeries);
    }
    if (record.map)
    {
        outputs.AddOutput("--map-csv", mapCsv);
    }
    if (record.walks)
    {
        outputs.AddOutput("--walk-csv", walkCsv);
    }
    if (record.netanim)
    {
        // (Without the netanim module, Validate() refuses --netanim below.)
        if (NetAnimBuilt() && points.size() * filters.size() != 1)
        {
            cli::Fail("--netanim",
                      fmt::format("traces one run, but this sweep has {} (give one --filter "
                                  "and one network)",
                                  points.size() * filters.size()));
        }
        outputs.AddOutput("--netanim", netanim);
    }

    // Everything a run could reject, before the first simulation: set up
    // (without running) every network and filter of the sweep, and estimate
    // its cost: frame receptions (transmissions x (mean degree + 1)), the
    // unit simulation time grows with.
    double receptions = 0;
    for (auto& p : points)
    {
        for (FilterKind f : filters)
        {
            p.filter = f;
            const GossipScenarioResult set = CheckGossipScenario(p, record);
            const double rounds = p.timer == BloomGossipApplication::PERIODIC
                                      ? p.simTime / p.interval
                                      : p.simTime / p.trickleImin;
            receptions += set.nodes * rounds * std::max(1U, set.framesPerAdvertisement) *
                          (set.meanDegree + 1);
            if (set.offeredLoad > 1)
            {
                std::cerr << fmt::format(
                    "{}: warning: {} on the {}-node {}: a neighbourhood offers {:.2f}x the air "
                    "time between two advertisements; CSMA/CA will drop frames (raise "
                    "--interval)\n",
                    kProgram,
                    bloom::ToString(f),
                    set.nodes,
                    ToString(p.topology),
                    set.offeredLoad);
            }
            if (set.components > 1 && f == filters.front())
            {
                // Not an error (a study of partitions is legitimate), but
                // never silent: estimates across components are misses.
                std::cerr << fmt::format(
                    "{}: warning: the {} network of {} nodes is disconnected ({} components; "
                    "diameter {} is the largest component's); see the components column\n",
                    kProgram,
                    ToString(p.topology),
                    set.nodes,
                    set.components,
                    set.diameter);
            }
        }
    }

    for (const std::string& line : ignored)
    {
        std::cerr << line << "\n";
    }

    // Say up front when the sweep is long (the periodic timer's count; with
    // Trickle an upper bound).  A million receptions took 7-10 s of wall
    // time with the grid channel (doc/performance, 1,600 and 10,000 nodes).
    if (receptions > kLongSweepReceptions)
    {
        std::cerr << fmt::format("{}: note: about {:.2g} frame receptions to simulate, roughly "
                                 "{:.1f} hours at the 7-10 s per million measured for the grid "
                                 "channel (doc/performance); progress is printed per "
                                 "run{}\n",
                                 kProgram,
                                 receptions,
                                 receptions / 1e6 * 10 / 3600,
                                 quiet ? " without --quiet" : "");
    }
    if (dryRun)
    {
        if (!quiet)
        {
            std::cerr << fmt::format("{}: {} runs checked, nothing simulated\n",
                                     kProgram,
                                     points.size() * filters.size());
        }
        return 0;
    }

    std::vector<std::string> rows;
    std::vector<std::string> distanceRows;
    std::vector<std::string> queryRows;
    std::vector<std::string> seriesRows;
    std::vector<std::string> mapRows;
    std::vector<std::string> walkRows;
    std::string netanimXml;
    const size_t total = points.size() * filters.size();
    size_t done = 0;
    for (const auto& base : points)
    {
        for (FilterKind f : filters)
        {
            GossipScenarioConfig p = base;
            p.filter = f;
            const GossipScenarioResult r = RunGossipScenario(p, record);
            const std::string suffix =
                (dyn.Sampling() ? DynamicsCsvRowSuffix(p.dynamics, r.dynamics) : std::string()) +
                GossipTailCsvColumns(r);
            for (auto& row : GossipCsvRows(p, r))
            {
                rows.push_back(std::move(row) + suffix);
            }
            const std::string prefix = DynamicsRunPrefix(p, r);
            for (auto& row : DynamicsSeriesCsvRows(prefix, r.dynamics))
            {
                seriesRows.push_back(std::move(row));
            }
            for (auto& row : MapCsvRows(prefix, r.dynamics))
            {
                mapRows.push_back(std::move(row));
            }
            for (auto& row : WalkCsvRows(prefix, r.dynamics))
            {
                walkRows.push_back(std::move(row));
            }
            netanimXml += r.dynamics.netanim;
            for (auto& row : GossipDistanceCsvRows(p, r))
            {
                distanceRows.push_back(std::move(row));
            }
            for (auto& row : GossipQueryCsvRows(p, r))
            {
                queryRows.push_back(std::move(row));
            }
            ++done;
            if (!quiet)
            {
                std::cerr << fmt::format("[{}/{}] {} {} n={} D={} {} exact={} wall={:.1f}s\n",
                                         done,
                                         total,
                                         bloom::ToString(f),
                                         ToString(p.topology),
                                         r.nodes,
                                         r.diameter,
                                         r.describe,
                                         r.metrics.hasDistance
                                             ? fmt::format("{:.3f}", r.metrics.overall.exact)
                                             : std::string("NA"),
                                         r.wallSeconds);
                for (bloom::QueryStrategy strategy : r.queryStrategies)
                {
                    const QuerySummary q = SummariseQueries(r.queries, strategy);
                    std::cerr << fmt::format("        queries {}: {} issued, success {:.3f}, "
                                             "latency median {:.4f} s, stretch {:.2f}, "
                                             "{:.1f} frames/query, absent {:.1f} frames\n",
                                             bloom::ToString(strategy),
                                             q.queries,
                                             q.success,
                                             q.latencyMedian,
                                             q.stretch,
                                             q.frames,
                                             q.absentFrames);
                }
            }
        }
    }
    std::vector<std::string> contents{
        JoinLines(GossipCsvHeader(c) + (dyn.Sampling() ? DynamicsCsvHeaderSuffix() : "") + "," +
                      GossipTailCsvHeader(),
                  rows),
        JoinLines(GossipDistanceCsvHeader(), distanceRows)};
    if (c.queries > 0)
    {
        contents.push_back(JoinLines(GossipQueryCsvHeader(), queryRows));
    }
    if (dyn.Sampling())
    {
        contents.push_back(
            JoinLines(DynamicsSeriesCsvHeader(DynamicsRunPrefixHeader()), seriesRows));
    }
    if (record.map)
    {
        contents.push_back(JoinLines(MapCsvHeader(DynamicsRunPrefixHeader()), mapRows));
    }
    if (record.walks)
    {
        contents.push_back(JoinLines(WalkCsvHeader(DynamicsRunPrefixHeader()), walkRows));
    }
    if (record.netanim)
    {
        contents.push_back(netanimXml);
    }
    outputs.WriteAll(contents);
    if (!quiet)
    {
        std::cerr << "wrote " << outputs.OutputList() << "\n";
    }
    return 0;
}

} // namespace

int
main(int argc, char** argv)
{
    return cli::RunMain(kProgram, [&]() { return Main(argc, argv); });
}
