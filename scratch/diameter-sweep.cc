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
    double mapTime = 0;
    ScenarioDynamicsConfig& dyn = c.dynamics;
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
              &dyn.mapEvery,
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

    dyn.map = vm.count("map-csv") > 0;
    dyn.walks = vm.count("walk-csv") > 0;
    dyn.netanim = vm.count("netanim") > 0;
    dyn.mapTime = vm.count("map-time") && !vm["map-time"].defaulted() ? mapTime : -1;
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
    return RunScenarioSweep(sweep);
}

} // namespace

int
main(int argc, char** argv)
{
    return cli::RunMain(kProgram, [&]() { return Main(argc, argv); });
}
