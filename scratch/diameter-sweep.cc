/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * diameter-sweep: BF, LBF and ABF gossip on multi-hop 802.15.4 networks of
 * growing diameter.  One CSV row per (network, filter), plus a CSV broken
 * down by true hop distance.
 *
 *   diameter-sweep --topology line --diameters 5,10,20,40 --filter all --out line.csv
 *   diameter-sweep --config scenarios/grid.ini --RngRun=3
 *   diameter-sweep --help
 *
 * Unrecognised --ns3::Type::Attribute=value and --RngRun/--RngSeed options
 * are handed to ns-3 (CommandLine), e.g. --ns3::LrWpanMac::MacMaxFrameRetries=5.
 */
#include "ns3/bloom-gossip-module.h"
#include "ns3/command-line.h"
#include "ns3/gossip-scenario.h"
#include "ns3/rng-seed-manager.h"

#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace po = boost::program_options;
using namespace ns3;

namespace
{

constexpr const char* kProgram = "diameter-sweep";

/// A user error: reported as one line, exit code 2.
struct UsageError : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

std::vector<uint32_t>
ParseList(const std::string& option, const std::string& text, uint32_t lo, uint32_t hi)
{
    std::vector<uint32_t> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        size_t used = 0;
        unsigned long v = 0;
        try
        {
            v = std::stoul(item, &used);
        }
        catch (const std::exception&)
        {
            used = 0;
        }
        if (used == 0 || used != item.size() || item[0] == '-' || v < lo || v > hi)
        {
            throw UsageError(
                fmt::format("{}: '{}' is not a list of integers in {}..{}", option, text, lo, hi));
        }
        out.push_back(static_cast<uint32_t>(v));
    }
    if (out.empty())
    {
        throw UsageError(option + ": empty list");
    }
    return out;
}

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
    std::string filters = "all";
    std::string nodesList;
    std::string diametersList;
    std::string grid;
    std::string radio = "range";
    std::string channel = "stock";
    std::string eventsList;
    std::string out = "diameter-sweep.csv";
    std::string outDistance;
    std::string configFile;
    bool quiet = false;

    po::options_description general("General");
    general.add_options()("help,h", "print this help and exit")(
        "config",
        po::value(&configFile),
        "read options from an ini file (key = value; command line wins)")(
        "out",
        po::value(&out)->default_value(out),
        "per-run CSV (one row per network and filter)")(
        "out-distance",
        po::value(&outDistance),
        "per-distance CSV (default: OUT with -by-distance before .csv)")(
        "quiet",
        po::bool_switch(&quiet),
        "no progress lines on stderr");

    po::options_description topo("Topology and radio");
    topo.add_options()("topology",
                       po::value(&c.topology)->default_value(c.topology),
                       "line | grid | disk | file")(
        "nodes",
        po::value(&nodesList),
        "node counts to sweep, comma-separated (default 20)")(
        "diameters",
        po::value(&diametersList),
        "line/grid: diameters to sweep (line: D+1 nodes; grid: (D/2+1)^2 nodes, D even)")(
        "grid",
        po::value(&grid),
        "grid: WxH (one network)")("spacing",
                                   po::value(&c.spacing)->default_value(c.spacing),
                                   "line/grid spacing (m)")(
        "degree",
        po::value(&c.meanDegree)->default_value(c.meanDegree),
        "disk: mean degree the square is sized for")(
        "disk-policy",
        po::value(&c.diskPolicy)->default_value(c.diskPolicy),
        "disk: connected (redraw) | largest-component")("positions",
                                                        po::value(&c.positions),
                                                        "file: CSV id,x,y")(
        "radio",
        po::value(&radio)->default_value(radio),
        "range (unit disk) | log-distance")(
        "channel",
        po::value(&channel)->default_value(channel),
        "stock (SingleModelSpectrumChannel, O(N) per frame) | grid (GridSpectrumChannel: "
        "spatial index, same results)")("range",
                                        po::value(&c.radio.range)->default_value(c.radio.range),
                                        "range radio: radius (m)")(
        "tx-power",
        po::value(&c.radio.txPowerDbm)->default_value(c.radio.txPowerDbm),
        "transmit power (dBm)")("exponent",
                                po::value(&c.radio.exponent)->default_value(c.radio.exponent),
                                "log-distance: path-loss exponent")(
        "reference-loss",
        po::value(&c.radio.referenceLossDb)->default_value(c.radio.referenceLossDb),
        "log-distance: loss at 1 m (dB)")(
        "shadowing",
        po::value(&c.radio.shadowingSigmaDb)->default_value(c.radio.shadowingSigmaDb),
        "log-distance: static log-normal shadowing sigma (dB)")(
        "link-margin",
        po::value(&c.radio.linkMarginDb)->default_value(c.radio.linkMarginDb),
        "log-distance: ground-truth link iff rx >= sensitivity + margin (dB)");

    po::options_description filter("Filters");
    filter.add_options()("filter",
                         po::value(&filters)->default_value(filters),
                         "bf | lbf | abf | all")("m",
                                                 po::value(&c.slots)->default_value(c.slots),
                                                 "slots: BF bits, LBF cells, ABF bits per level")(
        "k",
        po::value(&c.hashes)->default_value(c.hashes),
        "hash functions")("b",
                          po::value(&c.cellBits)->default_value(c.cellBits),
                          "LBF bits per cell (1..16)")(
        "quantization",
        po::value(&c.quantization)->default_value(c.quantization),
        "LBF: floor | ceil | round")("decay",
                                     po::value(&c.decay)->default_value(c.decay),
                                     "LBF: multiplicative | subtractive")(
        "a",
        po::value(&c.factor)->default_value(c.factor),
        "LBF multiplicative factor, 0 < a < 1")("delta",
                                                po::value(&c.step)->default_value(c.step),
                                                "LBF subtractive step")(
        "depth",
        po::value(&c.depth)->default_value(c.depth),
        "ABF levels; 0 = diameter + 1")(
        "budget-bytes",
        po::value(&c.budgetBytes)->default_value(c.budgetBytes),
        "equal message budget: m of each filter derived so it carries N bytes (0: equal m)");

    po::options_description gossip("Gossip");
    gossip.add_options()("interval",
                         po::value(&c.interval)->default_value(c.interval),
                         "beacon interval (s)")("jitter",
                                                po::value(&c.jitter)->default_value(c.jitter),
                                                "beacon jitter (s), <= interval/2")(
        "expiry",
        po::value(&c.expiry)->default_value(c.expiry),
        "neighbour entry expiry (s)")("timer",
                                      po::value(&c.timer)->default_value(c.timer),
                                      "periodic | trickle")(
        "trickle-imin",
        po::value(&c.trickleImin)->default_value(c.trickleImin),
        "Trickle Imin (s)")("trickle-imax",
                            po::value(&c.trickleImax)->default_value(c.trickleImax),
                            "Trickle largest interval (s)")(
        "trickle-k",
        po::value(&c.trickleK)->default_value(c.trickleK),
        "Trickle redundancy constant (0: no suppression)")(
        "transport",
        po::value(&c.transport)->default_value(c.transport),
        "link-layer | udp6")("frame-bytes",
                             po::value(&c.frameBytes)->default_value(c.frameBytes),
                             "bytes per frame; 0 = device MTU (114 on lr-wpan)");

    po::options_description work("Workload");
    work.add_options()("resources",
                       po::value(&c.resources)->default_value(c.resources),
                       "resources, numbered 1..R, on random nodes")(
        "replicas",
        po::value(&c.replicas)->default_value(c.replicas),
        "holders per resource")("probes",
                                po::value(&c.probes)->default_value(c.probes),
                                "keys never inserted, for the false-positive rate")(
        "events",
        po::value(&eventsList),
        "comma-separated T:add:RES:NODE, T:remove:RES, T:fail:NODE")(
        "sim-time",
        po::value(&c.simTime)->default_value(c.simTime),
        "simulated time (s)");

    po::options_description all;
    all.add(general).add(topo).add(filter).add(gossip).add(work);

    po::variables_map vm;
    std::vector<std::string> ns3Args{kProgram};
    try
    {
        po::parsed_options parsed =
            po::command_line_parser(argc, argv).options(all).allow_unregistered().run();
        for (const std::string& arg :
             po::collect_unrecognized(parsed.options, po::include_positional))
        {
            if (arg.rfind("--ns3::", 0) == 0 || arg.rfind("--RngRun=", 0) == 0 ||
                arg.rfind("--RngSeed=", 0) == 0)
            {
                ns3Args.push_back(arg);
            }
            else
            {
                throw UsageError("unknown option '" + arg + "' (see --help)");
            }
        }
        po::store(parsed, vm);
        if (vm.count("config"))
        {
            std::ifstream is(vm["config"].as<std::string>());
            if (!is)
            {
                throw UsageError("--config: cannot read '" + vm["config"].as<std::string>() + "'");
            }
            po::store(po::parse_config_file(is, all), vm);
        }
        po::notify(vm);
    }
    catch (const po::error& e)
    {
        throw UsageError(e.what());
    }
    if (vm.count("help"))
    {
        std::cout << "Usage: " << kProgram << " [options] [--ns3::Type::Attr=value] [--RngRun=N]\n"
                  << all << "\n";
        return 0;
    }

    // ns-3's own options (--RngRun, --ns3::...).
    {
        std::vector<char*> cargv;
        for (auto& a : ns3Args)
        {
            cargv.push_back(a.data());
        }
        CommandLine cmd;
        cmd.Parse(static_cast<int>(cargv.size()), cargv.data());
    }

    c.radio.loss = WsnRadioConfig::ParseLoss(radio);
    c.radio.channel = WsnRadioConfig::ParseChannel(channel);
    if (!eventsList.empty())
    {
        std::stringstream ss(eventsList);
        std::string item;
        while (std::getline(ss, item, ','))
        {
            c.events.push_back(ScenarioEvent::Parse(item));
        }
    }
    std::vector<std::string> filterNames;
    if (filters == "all")
    {
        filterNames = {"bf", "lbf", "abf"};
    }
    else
    {
        filterNames = {filters};
    }

    // The networks of the sweep.
    std::vector<GossipScenarioConfig> points;
    if (!diametersList.empty())
    {
        if (!nodesList.empty() || !grid.empty())
        {
            throw UsageError("--diameters: give either --diameters, --nodes or --grid");
        }
        if (c.topology != "line" && c.topology != "grid")
        {
            throw UsageError("--diameters: only for --topology line or grid (use --nodes)");
        }
        for (uint32_t d : ParseList("--diameters", diametersList, 1, 4000))
        {
            GossipScenarioConfig p = c;
            if (c.topology == "line")
            {
                p.nodes = d + 1;
            }
            else
            {
                if (d % 2 != 0)
                {
                    throw UsageError(fmt::format("--diameters: a square grid has an even "
                                                 "diameter, {} is odd",
                                                 d));
                }
                p.gridWidth = p.gridHeight = d / 2 + 1;
                p.nodes = p.gridWidth * p.gridHeight;
            }
            points.push_back(p);
        }
    }
    else if (!grid.empty())
    {
        unsigned w = 0;
        unsigned h = 0;
        char x = 0;
        char extra = 0;
        if (std::sscanf(grid.c_str(), "%u%c%u%c", &w, &x, &h, &extra) != 3 || x != 'x' || w < 1 ||
            h < 1 || w * h < 2 || w > 1000 || h > 1000)
        {
            throw UsageError("--grid: '" + grid + "' is not WxH with 1..1000 each and >= 2 nodes");
        }
        if (c.topology != "grid")
        {
            throw UsageError("--grid: needs --topology grid");
        }
        c.gridWidth = w;
        c.gridHeight = h;
        c.nodes = w * h;
        points.push_back(c);
    }
    else
    {
        for (uint32_t n : ParseList("--nodes", nodesList.empty() ? "20" : nodesList, 2, 100000))
        {
            GossipScenarioConfig p = c;
            p.nodes = n;
            points.push_back(p);
        }
    }
    for (auto& p : points)
    {
        for (const auto& f : filterNames)
        {
            p.filter = f;
            p.Validate();
        }
    }
    if (outDistance.empty())
    {
        const auto dot = out.rfind(".csv");
        outDistance =
            (dot != std::string::npos && dot + 4 == out.size() ? out.substr(0, dot) : out) +
            "-by-distance.csv";
    }
    for (const std::string& path : {out, outDistance})
    {
        std::ofstream probe(path + ".check", std::ios::trunc);
        if (!probe)
        {
            throw UsageError("--out: cannot write next to '" + path + "'");
        }
        probe.close();
        std::remove((path + ".check").c_str());
    }

    std::vector<std::string> rows;
    std::vector<std::string> distanceRows;
    const size_t total = points.size() * filterNames.size();
    size_t done = 0;
    for (const auto& base : points)
    {
        for (const auto& f : filterNames)
        {
            GossipScenarioConfig p = base;
            p.filter = f;
            const GossipScenarioResult r = RunGossipScenario(p);
            rows.push_back(GossipCsvRow(p, r));
            for (auto& row : GossipDistanceCsvRows(p, r))
            {
                distanceRows.push_back(std::move(row));
            }
            ++done;
            if (!quiet)
            {
                std::cerr << fmt::format("[{}/{}] {} {} n={} D={} {} exact={} wall={:.1f}s\n",
                                         done,
                                         total,
                                         f,
                                         p.topology,
                                         r.nodes,
                                         r.diameter,
                                         r.describe,
                                         r.metrics.hasDistance
                                             ? fmt::format("{:.3f}", r.metrics.overall.exact)
                                             : std::string("NA"),
                                         r.wallSeconds);
            }
        }
    }
    WriteFileAtomically(out, JoinLines(GossipCsvHeader(), rows));
    WriteFileAtomically(outDistance, JoinLines(GossipDistanceCsvHeader(), distanceRows));
    if (!quiet)
    {
        std::cerr << "wrote " << out << " and " << outDistance << "\n";
    }
    return 0;
}

} // namespace

int
main(int argc, char** argv)
{
    try
    {
        return Main(argc, argv);
    }
    catch (const UsageError& e)
    {
        std::cerr << kProgram << ": " << e.what() << "\n";
    }
    catch (const std::invalid_argument& e)
    {
        std::cerr << kProgram << ": " << e.what() << "\n";
    }
    catch (const std::exception& e)
    {
        std::cerr << kProgram << ": " << e.what() << "\n";
        return 1;
    }
    return 2;
}
