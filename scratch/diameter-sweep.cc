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
    const std::vector<FilterKind> allFilters{FilterKind::BLOOM,
                                             FilterKind::LINEAR,
                                             FilterKind::ATTENUATED,
                                             FilterKind::SCOPE_DECAY};
    std::vector<FilterKind> filters = allFilters; // the families of the sweep
    std::string nodesList;
    std::string diametersList;
    std::string grid;
    std::string radio = "range";
    std::string channel = "stock";
    std::string eventsList;
    std::string out = "diameter-sweep.csv";
    std::string outDistance;
    std::string outQueries;
    std::string configFile;
    bool quiet = false;
    bool dryRun = false;
    bool help = false; // read from vm before Notify
    const double inf = std::numeric_limits<double>::infinity();

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

    po::options_description topo("Topology and radio");
    cli::OptionAdder(topo)
        .Choice("topology",
                &c.topology,
                {ScenarioTopology::LINE,
                 ScenarioTopology::GRID,
                 ScenarioTopology::DISK,
                 ScenarioTopology::FILE},
                "topology")
        .Text("nodes",
              &nodesList,
              fmt::format("node counts to sweep, comma-separated, each 2..{} (default 20)",
                          kMaxScenarioNodes))
        .Text("diameters",
              &diametersList,
              "line/grid: diameters to sweep, comma-separated (line: D+1 nodes, D >= 1; grid: "
              "(D/2+1)^2 nodes, D even, 2..508)")
        .Text("grid", &grid, "grid: WxH (one network), W, H >= 1 and 2..65533 nodes")
        .Real("spacing", &c.spacing, Range::Closed(1e-3, 1e6), "line/grid spacing (m)")
        .Real("degree",
              &c.meanDegree,
              Range::Open(0, inf),
              "disk: mean degree the square is sized for, < nodes")
        .Choice("disk-policy",
                &c.diskPolicy,
                {WsnTopology::DiskPolicy::CONNECTED, WsnTopology::DiskPolicy::LARGEST_COMPONENT},
                "disk: redraw until connected, or keep the largest component")
        .Text("positions", &c.positions, "file: CSV id,x,y")
        .Choice("radio", &radio, {"range", "log-distance"}, "unit disk or log-distance loss")
        .Choice("channel",
                &channel,
                {"stock", "grid"},
                "stock (SingleModelSpectrumChannel, O(N) per frame) or grid (GridSpectrumChannel: "
                "spatial index, same results)")
        .Real("range", &c.radio.range, Range::Closed(1e-3, 1e6), "range radio: radius (m)")
        .Real("tx-power", &c.radio.txPowerDbm, Range::Closed(-100, 100), "transmit power (dBm)")
        .Real("exponent",
              &c.radio.exponent,
              Range::LeftOpen(0, 10),
              "log-distance: path-loss exponent")
        .Real("reference-loss",
              &c.radio.referenceLossDb,
              Range::Closed(-1000, 1000),
              "log-distance: loss at 1 m (dB)")
        .Real("shadowing",
              &c.radio.shadowingSigmaDb,
              Range::Closed(0, 100),
              "log-distance: static log-normal shadowing sigma (dB)")
        .Real("link-margin",
              &c.radio.linkMarginDb,
              Range::Closed(-100, 100),
              "log-distance: ground-truth link iff rx >= sensitivity + margin (dB)");

    po::options_description filter("Filters");
    cli::OptionAdder(filter)
        .Choice("filter",
                &filters,
                {{"bf", {FilterKind::BLOOM}},
                 {"lbf", {FilterKind::LINEAR}},
                 {"abf", {FilterKind::ATTENUATED}},
                 {"sdbf", {FilterKind::SCOPE_DECAY}},
                 {"all", allFilters}},
                "filter family")
        .Unsigned("m",
                  &c.slots,
                  1,
                  bloom::kMaxSlots,
                  "slots: BF bits, LBF cells, ABF bits per level, SDBF bits")
        .Unsigned("k", &c.hashes, 1, bloom::kMaxHashes, "hash functions")
        .Unsigned("b", &c.cellBits, bloom::kMinCellBits, bloom::kMaxCellBits, "LBF bits per cell")
        .Choice("quantization",
                &c.quantization,
                {bloom::Quantization::FLOOR, bloom::Quantization::CEIL, bloom::Quantization::ROUND},
                "LBF quantization")
        .Choice("decay",
                &c.decay,
                {LbfGossipApplication::MULTIPLICATIVE, LbfGossipApplication::SUBTRACTIVE},
                "LBF per-hop decay")
        .Real("a", &c.factor, Range::Open(0, 1), "LBF multiplicative factor")
        .Unsigned("delta", &c.step, 1, 65535, "LBF subtractive step, at most 2^b - 1")
        .Unsigned("depth", &c.depth, 0, bloom::kMaxDepth, "ABF levels; 0 = diameter + 1")
        .Real("decay-probability",
              &c.decayProbability,
              Range::Open(0, 1),
              "SDBF: probability p that a node's static keep mask clears a bit")
        .Unsigned("min-count",
                  &c.minCount,
                  1,
                  bloom::kMaxHashes,
                  "SDBF: membership iff at least this many of the k positions are set, <= k")
        .Choice("estimator",
                &c.sdbfEstimator,
                {bloom::SdbfEstimator::MLE, bloom::SdbfEstimator::RATIO},
                "SDBF hop estimator from the count of set positions")
        .Unsigned(
            "budget-bytes",
            &c.budgetBytes,
            0,
            kMaxBudgetBytes,
            "equal message budget: m of each filter derived so it carries N bytes (0: equal m)");

    po::options_description gossip("Gossip");
    const Range period = Range::Closed(kMinScenarioPeriod, kMaxScenarioTime);
    cli::OptionAdder(gossip)
        .Real("interval", &c.interval, period, "beacon interval (s)")
        .Real("jitter",
              &c.jitter,
              Range::Closed(0, kMaxScenarioTime),
              "beacon jitter (s), <= interval/2")
        .Real("expiry",
              &c.expiry,
              Range::Closed(0, kMaxScenarioTime),
              "neighbour entry expiry (s); 0: 3.5 x interval, or 3.5 x trickle-imax with Trickle")
        .Choice("timer",
                &c.timer,
                {BloomGossipApplication::PERIODIC, BloomGossipApplication::TRICKLE},
                "beacon timer")
        .Real("trickle-imin", &c.trickleImin, period, "Trickle Imin (s)")
        .Real("trickle-imax", &c.trickleImax, period, "Trickle largest interval (s), >= Imin")
        .Unsigned("trickle-k",
                  &c.trickleK,
                  0,
                  1000,
                  "Trickle redundancy constant (0: no suppression)")
        .Choice("transport",
                &c.transport,
                {BloomGossipApplication::LINK_LAYER, BloomGossipApplication::UDP6},
                "broadcast frames on the link layer, or UDP to ff02::1 over IPv6/6LoWPAN")
        .Unsigned("frame-bytes",
                  &c.frameBytes,
                  0,
                  65000,
                  fmt::format("bytes per frame; 0 = device MTU (114 on lr-wpan), else >= {}",
                              bloom::kSegmentHeaderSize + 1));

    po::options_description work("Workload");
    cli::OptionAdder(work)
        .Unsigned("resources", &c.resources, 0, 100000, "resources, numbered 1..R, on random nodes")
        .Unsigned("replicas", &c.replicas, 1, kMaxScenarioNodes, "holders per resource")
        .Unsigned("probes",
                  &c.probes,
                  0,
                  100000,
                  "keys never inserted, for the false-positive rate")
        .Text("events", &eventsList, "comma-separated T:add:RES:NODE, T:remove:RES, T:fail:NODE")
        .Real("sim-time", &c.simTime, period, "simulated time (s)")
        .Real("frame-loss",
              &c.frameLoss,
              Range::Closed(0, 0.9),
              "share of received frames every PHY drops anyway (RateErrorModel)");

    po::options_description query("Queries");
    cli::OptionAdder(query)
        .Unsigned("queries",
                  &c.queries,
                  0,
                  100000,
                  "query draws (origin, key) per run, each issued once per strategy; 0: none")
        .Real("query-start",
              &c.queryStart,
              Range::Closed(0, kMaxScenarioTime),
              "time of the first query (s); 0: as late as the window allows (last answer due at "
              "--sim-time)")
        .Real("query-interval", &c.queryInterval, period, "seconds between two queries")
        .Real("query-absent",
              &c.queryAbsent,
              Range::Closed(0, 1),
              "share of draws for keys never inserted")
        .Parsed("query-strategy",
                &c.queryStrategy,
                ParseQueryStrategySelection,
                "comma list of gradient (LBF/ABF/SDBF), flood, ring, blind-flood; auto = gradient "
                "for lbf/abf/sdbf, flood,ring,blind-flood for bf; all = every strategy the filter "
                "supports")
        .Unsigned("query-ttl",
                  &c.queryTtl,
                  0,
                  255,
                  "most transmissions of a query (gradient walk, flood scope, largest ring); 0: "
                  "auto, gradient 2 D, floods D")
        .Unsigned("query-max-visited",
                  &c.queryMaxVisited,
                  0,
                  255,
                  "gradient: visited-list entries carried (at most 47 fit a 114-byte frame)")
        .Real("query-timeout", &c.queryTimeout, period, "the origin gives up after this long (s)");

    po::options_description energy("Energy and duty cycling");
    cli::OptionAdder(energy)
        .Flag("energy",
              &c.energy,
              "radio energy model (CC2420 at 3 V) on every node; adds the energy columns")
        .Real("battery-joules",
              &c.batteryJoules,
              Range::Closed(0, 1e12),
              "initial energy of every node (J); a node stops when it runs out; 0: unlimited "
              "(implies --energy)")
        .Real("duty-period", &c.dutyPeriod, period, "duty-cycle period (s)")
        .Real("duty-cycle",
              &c.dutyCycle,
              Range::LeftOpen(0, 1),
              "share of every period the radios are on (synchronised windows); 1: always on "
              "(implies --energy when below 1)");

    // Mobility, the moving ground truth, maps and query paths (issue 19).
    std::string outSeries;
    std::string mapCsv;
    std::string walkCsv;
    std::string netanim;
    double mapTime = std::numeric_limits<double>::quiet_NaN(); // none: the end of the run
    ScenarioDynamicsConfig& dyn = c.dynamics;
    ScenarioRecorders record; // what the runs record (maps, query paths, NetAnim)
    po::options_description dynamic("Mobility and pictures");
    cli::OptionAdder(dynamic)
        .Choice("mobility",
                &dyn.mobility,
                {ScenarioMobility::NONE,
                 ScenarioMobility::RANDOM_WAYPOINT,
                 ScenarioMobility::GAUSS_MARKOV,
                 ScenarioMobility::NS2},
                "ns-3 mobility model of the mobile nodes, in the positions' bounding box")
        .Real("speed",
              &dyn.speed,
              Range::LeftOpen(0, 1000),
              "random waypoint speed, Gauss-Markov mean speed (m/s)")
        .Real("pause", &dyn.pause, Range::Closed(0, kMaxScenarioTime), "waypoint pause (s)")
        .Real("mobile-share",
              &dyn.mobileShare,
              Range::LeftOpen(0, 1),
              "share of the --mobile-nodes set that moves, picked at random")
        .Choice(
            "mobile-nodes",
            &dyn.mobileNodes,
            {ScenarioMobileNodes::RANDOM, ScenarioMobileNodes::HOLDERS, ScenarioMobileNodes::SINKS},
            "who may move: any node, the resource holders, or sinks (the moving nodes "
            "issue every query)")
        .Text("ns2-trace", &dyn.ns2Trace, "--mobility ns2: ns-2 movement trace file")
        .Real("sample-interval",
              &dyn.sampleInterval,
              Range::Closed(0, kMaxScenarioTime),
              "recompute the truth graph and sample the estimates every this many s (0: 1 s "
              "with --mobility, none without)")
        .Real("sample-from",
              &dyn.sampleFrom,
              Range::Closed(0, kMaxScenarioTime),
              "runs.csv means over the samples from this time on (s)")
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

    po::options_description all;
    all.add(general).add(topo).add(filter).add(gossip).add(work).add(query).add(energy).add(
        dynamic);

    po::variables_map vm;
    const std::vector<std::string> ns3Args = cli::ParseCommandLine(argc, argv, all, vm, "config");
    if (vm.count("help") && vm["help"].as<bool>())
    {
        std::cout << "Usage: " << kProgram << " [options] [--ns3::Type::Attr=value] [--RngRun=N]\n"
                  << all << "\n";
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
    c.radio.loss = WsnRadioConfig::ParseLoss(radio);
    c.radio.channel = WsnRadioConfig::ParseChannel(channel);
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
