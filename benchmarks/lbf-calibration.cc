/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * lbf-calibration: the LBF paper's section 4 evaluation as a command-line
 * program (a thin layer over ns3::bloom::RunCalibration / RunCapacity).
 *
 *   lbf-calibration --out results/paper/calibration.csv          # the paper's grid
 *   lbf-calibration --grid product --bits 8 --hashes 7 --elements 70 --out point.csv
 *   lbf-calibration --experiment capacity --out results/paper/capacity.csv
 *
 * Bad input: one line on stderr naming the option and what it accepts, exit
 * code 2, no output file.  The CSV is written to a temporary file next to
 * --out and renamed into place when complete.
 */
#include "lbf-calibration/lbf-calibration.h"

#include "ns3/bloom-gossip-scenario-module.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fmt/core.h>
#include <fmt/format.h>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace po = boost::program_options;
using namespace ns3::bloom;

namespace
{

constexpr const char* kProgram = "lbf-calibration";

/// A problem with the command line: reported by cli::RunMain as one line,
/// exit code 2.
using ns3::cli::UsageError;

[[noreturn]] void
Bad(const std::string& option, const std::string& what)
{
    ns3::cli::Fail("--" + option, what);
}

/// An integer option given as one number.
uint64_t
Single(const po::variables_map& vm,
       const std::string& name,
       uint64_t fallback,
       uint64_t lo,
       uint64_t hi)
{
    return vm.count(name) ? ns3::cli::ParseUnsigned("--" + name, vm[name].as<std::string>(), lo, hi)
                          : fallback;
}

/// An integer list option ("1:16", "30:70:10", "2,4"): the set of its values,
/// in increasing order; a value given twice is refused (it would be dropped).
std::vector<uint64_t>
List(const po::variables_map& vm,
     const std::string& name,
     const std::string& fallback,
     uint64_t lo,
     uint64_t hi)
{
    std::vector<uint64_t> values =
        ns3::cli::ParseUnsignedList("--" + name,
                                    vm.count(name) ? vm[name].as<std::string>() : fallback,
                                    lo,
                                    hi);
    std::sort(values.begin(), values.end());
    const auto twice = std::adjacent_find(values.begin(), values.end());
    if (twice != values.end())
    {
        Bad(name,
            fmt::format(
                "{} gives {} twice",
                ns3::bloom::QuoteForMessage(vm.count(name) ? vm[name].as<std::string>() : fallback),
                *twice));
    }
    return values;
}

std::vector<Quantization>
Rules(const po::variables_map& vm)
{
    const std::string text =
        vm.count("quantization") ? vm["quantization"].as<std::string>() : "all";
    const std::string allowed = "allowed: floor, ceil, round, all, or a comma-separated list";
    if (text == "all")
    {
        return {Quantization::FLOOR, Quantization::CEIL, Quantization::ROUND};
    }
    std::vector<Quantization> rules;
    for (const std::string& item : ns3::bloom::SplitList(text))
    {
        Quantization rule;
        try
        {
            rule = ParseQuantization(item);
        }
        catch (const std::invalid_argument&)
        {
            Bad("quantization",
                fmt::format("{} is not a rule ({})", ns3::bloom::QuoteForMessage(text), allowed));
        }
        if (std::find(rules.begin(), rules.end(), rule) != rules.end())
        {
            Bad("quantization",
                fmt::format("{} names a rule twice ({})",
                            ns3::bloom::QuoteForMessage(text),
                            allowed));
        }
        rules.push_back(rule);
    }
    return rules;
}

std::string
Num(double v)
{
    // A statistic over an empty set (NaN) is NA, as in every table.
    return std::isfinite(v) ? fmt::format("{:.10g}", v) : std::string("NA");
}

/// "512 MiB", "2.4 TiB": a byte count for a message.
std::string
Bytes(double bytes)
{
    const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    size_t u = 0;
    while (bytes >= 1024 && u + 1 < sizeof(units) / sizeof(units[0]))
    {
        bytes /= 1024;
        ++u;
    }
    return fmt::format("{:.3g} {}", bytes, units[u]);
}

/// "45 s", "12.5 min", "3.1 hours": a duration for a message.
std::string
Duration(double seconds)
{
    if (seconds < 120)
    {
        return fmt::format("{:.0f} s", seconds);
    }
    if (seconds < 7200)
    {
        return fmt::format("{:.1f} min", seconds / 60);
    }
    if (seconds < 3 * 86400)
    {
        return fmt::format("{:.1f} hours", seconds / 3600);
    }
    return fmt::format("{:.3g} days", seconds / 86400);
}

/// Calibration work per second of one thread: (point, rule, element, hash)
/// updates, each rule on its own LinearBloomFilter (doc/paper-reproduction.md's
/// timings: the paper grid, 9e8 updates at --iterations 5000, in 4.4 s of CPU
/// time on a loaded machine, 2.0e8 per CPU second).
constexpr double kCalibrationTriplesPerSecond = 2.0e8;
/// Runs estimated to take longer than this (s) are announced on stderr.
constexpr double kAnnounceSeconds = 60;

/**
 * A progress observer printing, on stderr, a line 10 s into the run and then
 * every 30 s: the share of the work done and the time left at the pace so
 * far.  (The work is reported as units finish: chunks of 1000 iterations of
 * one n, or capacity repetitions; a run of few large units reports seldom.)
 */
CalibrationProgress
ProgressLines()
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    auto next = std::make_shared<Clock::time_point>(start + std::chrono::seconds(10));
    return [start, next](double done) {
        const Clock::time_point now = Clock::now();
        if (now < *next || !(done > 0))
        {
            return;
        }
        *next = now + std::chrono::seconds(30);
        const double elapsed = std::chrono::duration<double>(now - start).count();
        fmt::print(stderr,
                   "{}: {:.3g}% done after {}, about {} left\n",
                   kProgram,
                   100.0 * done,
                   Duration(elapsed),
                   Duration(elapsed * (1 - done) / done));
    };
}

/**
 * Declare the options in `desc`, each read as text into `text` (validated
 * afterwards, so that each problem gets one message naming the option and
 * its allowed values), --help into `help`.
 */
void
DeclareOptions(po::options_description& desc,
               std::map<std::string, std::string>& text,
               bool& help,
               unsigned hw)
{
    ns3::cli::OptionAdder(desc)
        .Flag("help,h", &help, "print this help and exit")
        .Text("experiment",
              &text["experiment"],
              "calibration (default): c^ statistics per (b, k, n, rule); capacity: elements "
              "inserted until an occupancy target is reached")
        .Text("out",
              &text["out"],
              "CSV file to write (atomically, via a temporary file in the same folder); - for "
              "standard output (default)")
        .Text("dim",
              &text["dim"],
              "filter size in bits, 16..1048576 (default 4096); m = "
              "floor(dim / b) cells, any remainder bits unused")
        .Text("bits", &text["bits"], "cell widths b, 1..16 (default 1:16)")
        .Text("hashes",
              &text["hashes"],
              "hash counts k, 1..32 (default 2:16 for calibration, 7 for capacity)")
        .Text("elements",
              &text["elements"],
              "calibration: elements n per iteration, 1..1000000 (default 30:70:10); the grid must "
              "fit in 2 GiB of memory")
        .Text(
            "grid",
            &text["grid"],
            "calibration: paper (default) = b sweep at k = --paper-k plus k sweep at b = --paper-b "
            "(Figs. 5 and 6), each for every n; product = every (b, k, n)")
        .Text("paper-k",
              &text["paper-k"],
              "calibration, paper grid: k of the b sweep, 1..32 (default 7)")
        .Text("paper-b",
              &text["paper-b"],
              "calibration, paper grid: b of the k sweep, 1..16 (default 8)")
        .Text("iterations",
              &text["iterations"],
              "calibration: iterations N per point, 1..1000000000 (default 100000)")
        .Text("repetitions",
              &text["repetitions"],
              "capacity: repetitions per point, 1..10000000 (default 1000)")
        .Text("targets",
              &text["targets"],
              "capacity: occupancy targets in percent, 1..100 (default 30:70:10)")
        .Text("max-elements",
              &text["max-elements"],
              "capacity: give up a repetition after this many insertions, 1..1000000000 (default "
              "1000000)")
        .Text("quantization",
              &text["quantization"],
              "floor, ceil, round, all (default) or a list such as floor,ceil")
        .Text("ids",
              &text["ids"],
              "element ids: continue (default; the counter never restarts, every iteration sees "
              "fresh hash positions) or restart (ids 0..n-1 in every iteration)")
        .Text("seed", &text["seed"], "MRG32k3a seed, 1..4294944442 (default 1)")
        .Text("threads",
              &text["threads"],
              fmt::format("worker threads, 1..1024 (default: hardware concurrency, {}); results do "
                          "not depend on it",
                          hw));
}

/**
 * Boost would take a following option as the value ("--bits --out x"):
 * refuse a missing value, and stray arguments, with a message of our own.
 */
void
CheckTokens(int argc, char** argv, const po::options_description& desc)
{
    for (int i = 1; i < argc; ++i)
    {
        const std::string token = argv[i];
        if (token.rfind("--", 0) == 0 && token.find('=') == std::string::npos)
        {
            const std::string name = token.substr(2);
            const auto* option = desc.find_nothrow(name, false);
            if (option == nullptr || name == "help")
            {
                continue; // unknown options: Boost's message below
            }
            if (i + 1 == argc || std::string(argv[i + 1]).rfind("--", 0) == 0)
            {
                Bad(name, "needs a value (see --help)");
            }
            ++i;
        }
        else if (token != "-h" && token.rfind("--", 0) != 0)
        {
            throw UsageError(fmt::format("unexpected argument {} (options are --name value; "
                                         "see --help)",
                                         ns3::bloom::QuoteForMessage(token)));
        }
    }
}

/// The options both experiments read.
struct CommonOptions
{
    uint32_t dim;
    std::vector<uint64_t> bits;
    std::vector<uint64_t> hashes;
    std::vector<Quantization> rules;
    IdMode ids;
    uint32_t seed;
    uint32_t threads;
};

/// --experiment (true: calibration), with the options of the other
/// experiment refused.
bool
ReadExperiment(const po::variables_map& vm)
{
    const std::string experiment =
        vm.count("experiment") ? vm["experiment"].as<std::string>() : "calibration";
    ns3::cli::ParseChoice("--experiment", experiment, {"calibration", "capacity"});
    const bool calibration = experiment == "calibration";
    const std::vector<std::string> calibrationOnly{"elements",
                                                   "grid",
                                                   "paper-k",
                                                   "paper-b",
                                                   "iterations"};
    const std::vector<std::string> capacityOnly{"repetitions", "targets", "max-elements"};
    for (const std::string& name : calibration ? capacityOnly : calibrationOnly)
    {
        if (ns3::cli::Given(vm, name))
        {
            Bad(name,
                fmt::format("applies to --experiment {} only",
                            calibration ? "capacity" : "calibration"));
        }
    }
    return calibration;
}

CommonOptions
ReadCommon(const po::variables_map& vm, bool calibration, unsigned hw)
{
    CommonOptions c;
    c.dim = static_cast<uint32_t>(Single(vm, "dim", 4096, kMinCalibrationDim, kMaxCalibrationDim));
    c.bits = List(vm, "bits", "1:16", kMinCellBits, kMaxCellBits);
    c.hashes = List(vm, "hashes", calibration ? "2:16" : "7", 1, kMaxHashes);
    c.rules = Rules(vm);
    c.ids = IdMode::CONTINUE;
    if (vm.count("ids"))
    {
        try
        {
            c.ids = ParseIdMode(vm["ids"].as<std::string>());
        }
        catch (const std::invalid_argument& e)
        {
            Bad("ids", e.what());
        }
    }
    c.seed = static_cast<uint32_t>(Single(vm, "seed", 1, 1, 4294944442ULL));
    c.threads = static_cast<uint32_t>(Single(vm, "threads", hw, 1, 1024));
    return c;
}

/// The (dim, b, k) of the calibration grid (--grid, --paper-k, --paper-b),
/// the same for every n.
std::vector<CalibrationPoint>
CalibrationShapes(const po::variables_map& vm, const CommonOptions& c)
{
    const std::string grid = vm.count("grid") ? vm["grid"].as<std::string>() : "paper";
    ns3::cli::ParseChoice("--grid", grid, {"paper", "product"});
    const auto paperK = static_cast<uint32_t>(Single(vm, "paper-k", 7, 1, kMaxHashes));
    const auto paperB = static_cast<uint32_t>(Single(vm, "paper-b", 8, kMinCellBits, kMaxCellBits));
    const bool givenK = ns3::cli::Given(vm, "paper-k");
    if (grid == "product" && (givenK || ns3::cli::Given(vm, "paper-b")))
    {
        Bad(givenK ? "paper-k" : "paper-b", "applies to --grid paper only");
    }
    std::set<CalibrationPoint> shapeSet;
    if (grid == "product")
    {
        for (uint64_t b : c.bits)
        {
            for (uint64_t k : c.hashes)
            {
                shapeSet.insert({c.dim, static_cast<uint32_t>(b), static_cast<uint32_t>(k), 0});
            }
        }
    }
    else
    {
        for (uint64_t b : c.bits)
        {
            shapeSet.insert({c.dim, static_cast<uint32_t>(b), paperK, 0});
        }
        for (uint64_t k : c.hashes)
        {
            shapeSet.insert({c.dim, paperB, static_cast<uint32_t>(k), 0});
        }
    }
    return {shapeSet.begin(), shapeSet.end()};
}

/**
 * Memory, bounded before anything is allocated: the run's sums, results and
 * task buffers, and the table (a CSV row of at most about 250 bytes per
 * point and rule, built, then copied to write).  Refuses a run over
 * kMaxCalibrationMemory, naming the option whose change helps most.
 */
void
CheckCalibrationMemory(const std::vector<CalibrationPoint>& shapes,
                       const std::vector<uint32_t>& ns,
                       const CalibrationOptions& cal)
{
    const uint64_t chunks = (cal.iterations + kCalibrationChunk - 1) / kCalibrationChunk;
    const CalibrationMemory memory = EstimateCalibrationMemory(shapes, ns, cal);
    const double table = static_cast<double>(memory.points) * cal.rules.size() * 2 * 256;
    const double shared = static_cast<double>(memory.Shared()) + table;
    const double oneTask = static_cast<double>(memory.taskBuffers) + memory.taskFilters;
    const double total = static_cast<double>(memory.Total()) + table;
    if (total <= static_cast<double>(kMaxCalibrationMemory))
    {
        return;
    }
    // --threads when one task at a time would fit; else what grows the
    // larger part (the points' sums grow with the n and the chunks of
    // iterations, a task's buffers with the largest n).
    std::string option = "elements";
    if (memory.runningTasks > 1 && shared + oneTask <= kMaxCalibrationMemory)
    {
        option = "threads";
    }
    else if (shared >= oneTask * memory.runningTasks && chunks > ns.size())
    {
        option = "iterations";
    }
    Bad(option,
        fmt::format("{} points ({} n x {} (b, k)) of {} iterations on {} thread(s) "
                    "would take about {} of memory ({} for the points' sums and the "
                    "table, {} per running task), more than the {} a run may take; "
                    "give fewer or smaller --elements, fewer --iterations, --threads "
                    "or a smaller --dim",
                    memory.points,
                    ns.size(),
                    shapes.size(),
                    cal.iterations,
                    cal.threads,
                    Bytes(total),
                    Bytes(shared),
                    Bytes(oneTask),
                    Bytes(static_cast<double>(kMaxCalibrationMemory))));
}

/**
 * Time: a run estimated over kAnnounceSeconds is announced up front (the
 * progress lines may be far apart: a work unit is 1000 iterations of one
 * n).  The note to print, or "".
 */
std::string
CalibrationAnnouncement(const std::vector<CalibrationPoint>& shapes,
                        const std::vector<uint32_t>& ns,
                        const CalibrationOptions& cal,
                        unsigned hw)
{
    const uint64_t chunks = (cal.iterations + kCalibrationChunk - 1) / kCalibrationChunk;
    double triples = 0;
    uint64_t sumHashes = 0;
    for (const CalibrationPoint& p : shapes)
    {
        sumHashes += p.hashes;
    }
    for (uint32_t n : ns)
    {
        triples += static_cast<double>(n) * sumHashes;
    }
    triples *= static_cast<double>(cal.iterations) * cal.rules.size(); // a filter per rule
    const double running =
        static_cast<double>(std::min<uint64_t>({cal.threads, hw, ns.size() * chunks}));
    const double seconds = triples / kCalibrationTriplesPerSecond / running;
    if (seconds <= kAnnounceSeconds)
    {
        return "";
    }
    return fmt::format("{}: note: about {:.2g} (point, rule, element, hash) updates to compute, "
                       "roughly {} on {} idle thread(s) at the {:.2g} per second measured "
                       "(doc/paper-reproduction.md); progress is printed every 30 s\n",
                       kProgram,
                       triples,
                       Duration(seconds),
                       static_cast<uint64_t>(running),
                       kCalibrationTriplesPerSecond);
}

/// A calibration run, checked and ready: its points, options and the note
/// announcing a long run.
struct CalibrationPlan
{
    std::vector<CalibrationPoint> points;
    CalibrationOptions options;
    std::string announce;
};

CalibrationPlan
PlanCalibration(const po::variables_map& vm, const CommonOptions& c, unsigned hw)
{
    const auto elements = List(vm, "elements", "30:70:10", 1, 1000000);
    const std::vector<CalibrationPoint> shapes = CalibrationShapes(vm, c);
    std::vector<uint32_t> ns;
    ns.reserve(elements.size());
    for (uint64_t n : elements)
    {
        ns.push_back(static_cast<uint32_t>(n));
    }
    CalibrationPlan plan;
    CalibrationOptions& cal = plan.options;
    cal.iterations = Single(vm, "iterations", 100000, 1, 1000000000);
    cal.seed = c.seed;
    cal.ids = c.ids;
    cal.threads = c.threads;
    cal.rules = c.rules;
    CheckCalibrationMemory(shapes, ns, cal);
    for (uint32_t n : ns)
    {
        for (CalibrationPoint p : shapes)
        {
            p.elements = n;
            plan.points.push_back(p);
        }
    }
    std::sort(plan.points.begin(), plan.points.end());
    plan.announce = CalibrationAnnouncement(shapes, ns, cal, hw);
    cal.progress = ProgressLines();
    return plan;
}

/// A capacity run, checked and ready.
struct CapacityPlan
{
    std::vector<CapacityPoint> points;
    CapacityOptions options;
};

CapacityPlan
PlanCapacity(const po::variables_map& vm, const CommonOptions& c)
{
    CapacityPlan plan;
    for (uint64_t b : c.bits)
    {
        for (uint64_t k : c.hashes)
        {
            plan.points.push_back({c.dim, static_cast<uint32_t>(b), static_cast<uint32_t>(k)});
        }
    }
    CapacityOptions& cap = plan.options;
    cap.repetitions = static_cast<uint32_t>(Single(vm, "repetitions", 1000, 1, 10000000));
    cap.maxElements = Single(vm, "max-elements", 1000000, 1, 1000000000);
    cap.targets.clear();
    for (uint64_t t : List(vm, "targets", "30:70:10", 1, 100))
    {
        cap.targets.push_back(static_cast<double>(t) / 100.0);
    }
    cap.seed = c.seed;
    cap.ids = c.ids;
    cap.threads = c.threads;
    cap.rules = c.rules;
    cap.progress = ProgressLines();
    return plan;
}

/// Run the calibration and append its CSV to `table`; the number of rows.
size_t
CalibrationTable(const CalibrationPlan& plan, fmt::memory_buffer& table)
{
    const CalibrationOptions& cal = plan.options;
    const auto results = RunCalibration(plan.points, cal);
    const auto f = std::back_inserter(table);
    fmt::format_to(f,
                   "quantization,ids,seed,dim,cells,bits,hashes,elements,iterations,samples,"
                   "mean_c_true,mean_c,se_mean_c,sigma,eqm,se_eqm,occupancy_bits,"
                   "occupancy_cells,overestimated,max_abs_err_no_collision\n");
    for (const auto& r : results)
    {
        fmt::format_to(f,
                       "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                       ToString(r.rule),
                       ToString(cal.ids),
                       cal.seed,
                       r.point.dim,
                       r.cells,
                       r.point.bits,
                       r.point.hashes,
                       r.point.elements,
                       r.iterations,
                       r.samples,
                       Num(r.meanC),
                       Num(r.meanChat),
                       Num(r.seMeanChat),
                       Num(r.sigma),
                       Num(r.eqm),
                       Num(r.seEqm),
                       Num(r.occupancyBits),
                       Num(r.occupancyCells),
                       Num(r.overestimated),
                       Num(r.maxErrorNoCollision));
    }
    return results.size();
}

/// Run the capacity experiment and append its CSV to `table`; the number of rows.
size_t
CapacityTable(const CapacityPlan& plan, fmt::memory_buffer& table)
{
    const CapacityOptions& cap = plan.options;
    const auto results = RunCapacity(plan.points, cap);
    const auto f = std::back_inserter(table);
    fmt::format_to(f,
                   "quantization,ids,seed,dim,cells,bits,hashes,definition,target,repetitions,"
                   "max_elements_cap,reachable,reached,mean_elements,rounded_mean_elements,"
                   "sd_elements,se_elements,min_elements,max_elements\n");
    for (const auto& r : results)
    {
        const bool reachable = r.target <= MaxOccupancy(r.point.bits, r.rule, r.definition);
        fmt::format_to(f,
                       "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                       ToString(r.rule),
                       ToString(cap.ids),
                       cap.seed,
                       r.point.dim,
                       r.cells,
                       r.point.bits,
                       r.point.hashes,
                       ToString(r.definition),
                       Num(r.target),
                       r.repetitions,
                       cap.maxElements,
                       reachable ? 1 : 0,
                       r.reached,
                       Num(r.meanElements),
                       Num(std::round(r.meanElements)),
                       Num(r.sdElements),
                       Num(r.seElements),
                       r.reached > 0 ? std::to_string(r.minElements) : "NA",
                       r.reached > 0 ? std::to_string(r.maxElements) : "NA");
    }
    return results.size();
}

/// The table to standard output ("-") or, through `outputs`, to --out.
void
WriteTable(const std::string& outPath, ns3::OutputFiles& outputs, const fmt::memory_buffer& table)
{
    if (outPath == "-")
    {
        if (std::fwrite(table.data(), 1, table.size(), stdout) != table.size() ||
            std::fflush(stdout) != 0)
        {
            throw std::runtime_error("cannot write to standard output");
        }
    }
    else
    {
        outputs.WriteAll({fmt::to_string(table)});
    }
}

int
Run(int argc, char** argv)
{
    const unsigned hw = std::max(1U, std::thread::hardware_concurrency());
    po::options_description desc(fmt::format(
        "{}: the LBF paper's section 4 Monte-Carlo (calibration) and Fig. 4 (capacity).\n"
        "Integer lists accept v, a:b, a:b:step and comma-separated items (e.g. 1:16, 30:70:10)."
        "\nOptions",
        kProgram));
    // Each option has its default as text (--PrintHelp, SEM), but --hashes
    // (its default depends on --experiment) and --threads (the machine's).
    std::map<std::string, std::string> text{
        {"experiment", "calibration"},
        {"out", "-"},
        {"dim", "4096"},
        {"bits", "1:16"},
        {"hashes", ""},
        {"elements", "30:70:10"},
        {"grid", "paper"},
        {"paper-k", "7"},
        {"paper-b", "8"},
        {"iterations", "100000"},
        {"repetitions", "1000"},
        {"targets", "30:70:10"},
        {"max-elements", "1000000"},
        {"quantization", "all"},
        {"ids", "continue"},
        {"seed", "1"},
        {"threads", ""},
    };
    bool help = false; // read from vm before Notify
    DeclareOptions(desc, text, help, hw);
    CheckTokens(argc, argv, desc);
    po::variables_map vm;
    ns3::cli::CommandLineExtras extras;
    extras.general = ns3::cli::Ns3GeneralArguments(kProgram);
    ns3::cli::ParseArguments(argc, argv, desc, vm, "", extras);
    if (vm["help"].as<bool>())
    {
        std::ostringstream os;
        os << desc;
        fmt::print("{}", os.str());
        return 0;
    }
    ns3::cli::Notify(vm);

    const bool calibration = ReadExperiment(vm);
    const CommonOptions common = ReadCommon(vm, calibration, hw);
    CalibrationPlan calibrationPlan;
    CapacityPlan capacityPlan;
    if (calibration)
    {
        calibrationPlan = PlanCalibration(vm, common, hw);
    }
    else
    {
        capacityPlan = PlanCapacity(vm, common);
    }

    // Checked now (a regular file or a new path in a writable folder; not a
    // device, FIFO, symbolic link or folder), before the (long) run, written
    // when the run is done: an interrupted run leaves no file behind.
    const std::string outPath = vm.count("out") ? vm["out"].as<std::string>() : "-";
    ns3::OutputFiles outputs;
    if (outPath != "-")
    {
        outputs.AddOutput("--out", outPath);
    }
    fmt::print(stderr, "{}", calibrationPlan.announce);
    fmt::memory_buffer table;
    const auto start = std::chrono::steady_clock::now();
    const size_t rows =
        calibration ? CalibrationTable(calibrationPlan, table) : CapacityTable(capacityPlan, table);
    WriteTable(outPath, outputs, table);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print(stderr,
               "{}: {} rows ({}) in {:.2f} s on {} thread(s) -> {}\n",
               kProgram,
               rows,
               calibration ? "calibration" : "capacity",
               seconds,
               common.threads,
               outPath);
    return 0;
}

} // namespace

int
main(int argc, char** argv)
{
    return ns3::cli::RunMain(kProgram, [&]() { return Run(argc, argv); });
}
