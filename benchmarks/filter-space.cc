/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * filter-space: Bloom filter (BF), counting Bloom filter (CBF) and cuckoo
 * filter side by side, as the seeds compare them: for each target
 * false-positive rate, each filter is sized for n keys at that target and
 * the program reports its bits per element, the measured false-positive
 * rate, insert / query / delete CPU nanoseconds per operation, counter overflow
 * (CBF) and insertion failures (cuckoo), at n keys and past capacity.
 *
 *   filter-space --out filter-space.csv
 *   filter-space --elements 100000 --targets 0.5,1,2,5 --queries 2000000 --out a.csv
 *   filter-space --no-timing --out a.csv      # same seed -> byte-identical file
 *
 * Plain C++17 over the filter library (src/bloom-gossip/filter), no ns-3.
 * Bad input: one line on stderr naming the option, exit code 2, no file.
 * The command line is the scenario programs' (cli-options.h, plain C++ as
 * this program: the same option checks and messages, --PrintHelp in ns-3
 * CommandLine's format, flags taking =true/false/1/0).
 * --out goes through the scenario programs' output mechanism (OutputFiles,
 * output-files.h, plain C++ as this program): checked before any work (a
 * device, FIFO, symbolic link or folder is refused), written at the end to a
 * temporary file beside it and renamed into place, the temporary removed if
 * a signal stops the program.
 */
#include "bloom-filter.h"
#include "bloom-hash.h"
#include "cli-options.h"
#include "counting-bloom-filter.h"
#include "cuckoo-filter.h"
#include "filter-limits.h"
#include "ideal-hashing.h"
#include "output-files.h"

#include "ns3/standard-output.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

using namespace ns3::bloom;

namespace
{

constexpr const char* kProgram = "filter-space";
/// Filter operations (inserts, queries, deletes) above which the program
/// announces its cost up front and prints its progress.
constexpr double kLongRunOperations = 2e9;
/// Operations per second assumed for the estimate (one core, 2020s laptop).
constexpr double kOperationsPerSecond = 3e7;
/// Seconds between two progress lines of a long run.
constexpr double kProgressSeconds = 30;

/// UsageError "--option: what" (one line on stderr, exit code 2: cli::RunMain).
[[noreturn]] void
Bad(const std::string& option, const std::string& what)
{
    ns3::cli::Fail("--" + option, what);
}

std::string
Num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.10g", v);
    return buf;
}

// ------------------------------------------------------------ command line

/// What the help prints above the options.
constexpr const char* kAbout =
    "filter-space: Bloom, counting Bloom and cuckoo filters side by side (space, accuracy, "
    "speed).\n"
    "\n"
    "For every target false-positive rate and fill, each filter is sized for --elements\n"
    "keys at that target (BF and CBF: m = ceil(-n ln(target) / ln(2)^2), k = round(m/n ln 2);\n"
    "CBF: the same m counters of --counter-bits bits; cuckoo: the smallest fingerprint f\n"
    "with 1 - (1 - 1/(2^f - 1))^(2b) <= target and the smallest power-of-two number of\n"
    "buckets holding n keys at --max-load), gets fill% * n keys and is measured.\n"
    "\n"
    "Options (--name value or --name=value):\n";

/// Whether `text` is a plain unsigned decimal integer that fits 64 bits.
bool
ParseUnsigned(const std::string& text, uint64_t& v)
{
    if (text.empty() || text.size() > 20 ||
        text.find_first_not_of("0123456789") != std::string::npos)
    {
        return false;
    }
    errno = 0;
    char* end = nullptr;
    const unsigned long long x = std::strtoull(text.c_str(), &end, 10);
    if (errno == ERANGE || *end != '\0')
    {
        return false;
    }
    v = x;
    return true;
}

/// Whether `text` is a plain decimal number (digits, at most one point).
bool
ParseDecimal(const std::string& text, double& v)
{
    if (text.empty() || text.size() > 32 ||
        text.find_first_not_of("0123456789.") != std::string::npos ||
        std::count(text.begin(), text.end(), '.') > 1 || text == ".")
    {
        return false;
    }
    char* end = nullptr;
    v = std::strtod(text.c_str(), &end);
    return *end == '\0' && std::isfinite(v);
}

/**
 * A list of numbers: comma-separated items, each a number (`integers`: an
 * integer) or an integer range a:b or a:b:step; every value in lo..hi, no
 * value twice.
 */
std::vector<double>
NumberList(const std::string& name, const std::string& text, double lo, double hi, bool integers)
{
    const std::string allowed = std::string("allowed: comma-separated ") +
                                (integers ? "integers" : "numbers") + " " + Num(lo) + ".." +
                                Num(hi) + " and ranges a:b or a:b:step";
    std::vector<double> values;
    size_t pos = 0;
    while (true)
    {
        const size_t comma = text.find(',', pos);
        const std::string item =
            text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        if (item.find(':') != std::string::npos)
        {
            std::vector<uint64_t> parts;
            size_t p = 0;
            while (true)
            {
                const size_t colon = item.find(':', p);
                uint64_t v = 0;
                if (!ParseUnsigned(
                        item.substr(p, colon == std::string::npos ? std::string::npos : colon - p),
                        v))
                {
                    Bad(name, "'" + item + "' is not a range of integers (" + allowed + ")");
                }
                parts.push_back(v);
                if (colon == std::string::npos)
                {
                    break;
                }
                p = colon + 1;
            }
            if (parts.size() > 3)
            {
                Bad(name, "'" + item + "' is not a range of integers (" + allowed + ")");
            }
            const uint64_t step = parts.size() == 3 ? parts[2] : 1;
            if (step == 0)
            {
                Bad(name, "'" + item + "' has a step of 0 (" + allowed + ")");
            }
            if (parts[0] > parts[1])
            {
                Bad(name, "'" + item + "': the start exceeds the end (" + allowed + ")");
            }
            for (const uint64_t bound : {parts[0], parts[1]})
            {
                if (static_cast<double>(bound) < lo || static_cast<double>(bound) > hi)
                {
                    Bad(name, std::to_string(bound) + " is out of range (" + allowed + ")");
                }
            }
            for (uint64_t v = parts[0]; v <= parts[1]; v += step)
            {
                values.push_back(static_cast<double>(v));
                if (parts[1] - v < step)
                {
                    break;
                }
            }
        }
        else
        {
            double v = 0;
            uint64_t u = 0;
            if (integers ? !ParseUnsigned(item, u) : !ParseDecimal(item, v))
            {
                Bad(name,
                    "'" + item + "' is not " + (integers ? "an integer" : "a number") + " (" +
                        allowed + ")");
            }
            if (integers)
            {
                v = static_cast<double>(u);
            }
            if (v < lo || v > hi)
            {
                Bad(name, item + " is out of range (" + allowed + ")");
            }
            values.push_back(v);
        }
        if (comma == std::string::npos)
        {
            break;
        }
        pos = comma + 1;
    }
    std::set<double> seen;
    for (double v : values)
    {
        if (!seen.insert(v).second)
        {
            Bad(name, "'" + text + "' gives " + Num(v) + " twice (" + allowed + ")");
        }
    }
    return values;
}

// ------------------------------------------------------------- measurement

enum class Kind
{
    BF,
    CBF,
    CUCKOO
};

const char*
Name(Kind kind)
{
    switch (kind)
    {
    case Kind::BF:
        return "bf";
    case Kind::CBF:
        return "cbf";
    case Kind::CUCKOO:
        return "cuckoo";
    }
    return "?";
}

/// Run-wide settings.
struct Settings
{
    uint64_t elements;
    uint64_t queries;
    uint32_t counterBits;
    uint32_t bucketSize;
    double maxLoad;
    uint32_t maxKicks;
    uint64_t seed;
    bool timing;
};

/// A filter's shape for n keys at a target rate.
struct Shape
{
    uint32_t slots = 0;    //!< BF bits, CBF counters, cuckoo entries B * b
    uint32_t slotBits = 0; //!< 1, c, f
    uint32_t hashes = 0;   //!< k (BF, CBF)
    uint32_t buckets = 0;  //!< B (cuckoo)
    uint64_t sizeBits = 0; //!< memory of the table
};

/// BF and CBF: m = ceil(-n ln(target) / ln(2)^2), k = round(m/n ln 2) in 1..kMaxHashes.
Shape
BloomShape(uint64_t n, double target)
{
    const double ln2 = std::log(2.0);
    const double m = std::ceil(-static_cast<double>(n) * std::log(target) / (ln2 * ln2));
    Shape s;
    if (m > kMaxSlots)
    {
        s.slots = 0; // too large: reported by the caller
        return s;
    }
    s.slots = std::max<uint32_t>(1, static_cast<uint32_t>(m));
    const double k = std::round(s.slots / static_cast<double>(n) * ln2);
    s.hashes = static_cast<uint32_t>(std::clamp(k, 1.0, static_cast<double>(kMaxHashes)));
    s.slotBits = 1;
    s.sizeBits = s.slots;
    return s;
}

/**
 * The BF's (and the CBF's, which answers as the BF) expected false-positive
 * rate after `offered` keys under ideal hashing, exact (IdealHashingFpr: k
 * independent positions per key, with repetition, as the filters hash), not
 * the textbook (1 - e^(-kn/m))^k, 2 % lower at m = 256, k = 4, n = 16.
 */
double
ExpectedBloomFpr(const Shape& shape, uint64_t offered)
{
    return IdealHashingFpr(shape.slots, shape.hashes, static_cast<uint32_t>(offered));
}

/// One row of the CSV.
struct Row
{
    Kind kind;
    double targetPct;
    double fillPct;
    Shape shape;
    uint64_t offered = 0;
    uint64_t accepted = 0;
    double expectedFpr = 0;
    uint64_t falsePositives = 0;
    uint64_t falseNegatives = 0;
    double load = 0;
    uint64_t insertFailures = 0;
    uint64_t kicks = 0;
    uint64_t saturatedInserts = 0;
    uint64_t saturatedCounters = 0;
    uint64_t overflows = 0;
    uint64_t deleteRefused = 0;
    uint64_t residual = 0;
    double insertNs = 0;
    double queryMissNs = 0;
    double queryHitNs = 0;
    double deleteNs = 0;
};

/**
 * CPU time of the calling thread, in nanoseconds.  The timings use it rather
 * than wall time so that other processes on a shared machine, which take
 * the core away, do not count (their cache pollution still does).
 */
struct CpuClock
{
    /// Nanoseconds of CPU time of this thread so far.
    static double Now()
    {
        timespec ts;
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
    }
};

double
NsPerOp(double start, uint64_t ops)
{
    // Per operation over no operation (nothing offered, accepted or
    // deleted): NaN, written NA.
    return ops == 0 ? std::nan("") : (CpuClock::Now() - start) / static_cast<double>(ops);
}

/// Told, every 1024 inserts of a row, how many of its `offered` are done.
using InsertProgress = std::function<void(uint64_t done, uint64_t offered)>;

/**
 * Insert the first `offered` members, query the non-members and the
 * members, call `filled` (the filter as filled), then delete the accepted
 * keys when `remove` is given: the row's counts and timings.
 */
template <typename Filter, typename InsertFn, typename FilledFn, typename RemoveFn>
void
Exercise(Filter& filter,
         const std::vector<Key>& members,
         uint64_t offered,
         const std::vector<Key>& others,
         Row& row,
         const InsertProgress& progress,
         InsertFn insert,
         FilledFn filled,
         RemoveFn remove)
{
    std::vector<uint8_t> in(offered, 0);
    double start = CpuClock::Now();
    for (uint64_t i = 0; i < offered; ++i)
    {
        in[i] = insert(filter, members[i]) ? 1 : 0;
        // A long row says how far it is: every 1024 inserts, and after every
        // failed one (a cuckoo insert past capacity costs --max-kicks kicks).
        if (progress && ((i & 1023) == 1023 || !in[i]))
        {
            progress(i + 1, offered);
        }
    }
    row.insertNs = NsPerOp(start, offered);
    row.offered = offered;
    row.accepted = static_cast<uint64_t>(std::count(in.begin(), in.end(), 1));

    uint64_t positives = 0;
    start = CpuClock::Now();
    for (const Key& key : others)
    {
        positives += filter.Contains(key) ? 1 : 0;
    }
    row.queryMissNs = NsPerOp(start, others.size());
    row.falsePositives = positives;

    uint64_t found = 0;
    start = CpuClock::Now();
    for (uint64_t i = 0; i < offered; ++i)
    {
        found += (filter.Contains(members[i]) && in[i]) ? 1 : 0;
    }
    row.queryHitNs = NsPerOp(start, offered);
    row.falseNegatives = row.accepted - found;
    filled(filter);

    if constexpr (std::is_same_v<RemoveFn, std::nullptr_t>)
    {
        return;
    }
    else
    {
        uint64_t refused = 0;
        start = CpuClock::Now();
        for (uint64_t i = 0; i < offered; ++i)
        {
            if (in[i])
            {
                refused += remove(filter, members[i]) ? 0 : 1;
            }
        }
        row.deleteNs = NsPerOp(start, row.accepted);
        row.deleteRefused = refused;
    }
}

Row
Measure(Kind kind,
        double targetPct,
        double fillPct,
        const Settings& s,
        const std::vector<Key>& members,
        const std::vector<Key>& others,
        uint64_t rowSeed,
        const InsertProgress& progress)
{
    Row row;
    row.kind = kind;
    row.targetPct = targetPct;
    row.fillPct = fillPct;
    const double target = targetPct / 100.0;
    const auto offered = static_cast<uint64_t>(std::llround(s.elements * fillPct / 100.0));
    switch (kind)
    {
    case Kind::BF: {
        row.shape = BloomShape(s.elements, target);
        BloomFilter f(row.shape.slots, row.shape.hashes);
        Exercise(
            f,
            members,
            offered,
            others,
            row,
            progress,
            [](BloomFilter& bf, const Key& key) {
                bf.Insert(key);
                return true;
            },
            [&row](const BloomFilter& bf) { row.load = bf.Fill(); },
            nullptr); // a Bloom filter cannot delete
        row.expectedFpr = ExpectedBloomFpr(row.shape, offered);
        break;
    }
    case Kind::CBF: {
        row.shape = BloomShape(s.elements, target);
        row.shape.slotBits = s.counterBits;
        row.shape.sizeBits = static_cast<uint64_t>(row.shape.slots) * s.counterBits;
        CountingBloomFilter f(row.shape.slots, row.shape.hashes, s.counterBits);
        Exercise(
            f,
            members,
            offered,
            others,
            row,
            progress,
            [&row](CountingBloomFilter& cbf, const Key& key) {
                row.saturatedInserts += cbf.Insert(key) == CountingInsert::SATURATED ? 1 : 0;
                return true;
            },
            [&row](const CountingBloomFilter& cbf) {
                row.load = static_cast<double>(cbf.CountNonZero()) / cbf.GetCounters();
                row.saturatedCounters = cbf.GetSaturatedCounters();
                row.overflows = cbf.GetOverflows();
            },
            [](CountingBloomFilter& cbf, const Key& key) { return cbf.Remove(key); });
        row.residual = f.CountNonZero();
        row.expectedFpr = ExpectedBloomFpr(row.shape, offered); // answers as the BF
        break;
    }
    case Kind::CUCKOO: {
        Shape& sh = row.shape;
        sh.slotBits = CuckooFilter::FingerprintBitsFor(target, s.bucketSize);
        sh.buckets = CuckooFilter::BucketsFor(s.elements, s.bucketSize, s.maxLoad);
        sh.slots = sh.buckets * s.bucketSize;
        sh.sizeBits = static_cast<uint64_t>(sh.slots) * sh.slotBits;
        CuckooFilter f(sh.buckets, sh.slotBits, s.bucketSize, rowSeed, s.maxKicks);
        Exercise(
            f,
            members,
            offered,
            others,
            row,
            progress,
            [](CuckooFilter& cf, const Key& key) { return cf.Insert(key); },
            [&row](const CuckooFilter& cf) {
                row.load = cf.GetLoadFactor();
                row.insertFailures = cf.GetInsertFailures();
                row.kicks = cf.GetKicks();
                row.expectedFpr = cf.ExactFpr(); // the filled table's exact rate
            },
            [](CuckooFilter& cf, const Key& key) { return cf.Remove(key); });
        row.residual = f.GetEntries();
        break;
    }
    }
    return row;
}

void
WriteHeader(std::string& csv, bool timing)
{
    csv += "filter,target_fpr,fill_pct,elements,offered,accepted,slots,slot_bits,hashes,"
           "buckets,bucket_size,size_bits,bits_per_element,load,expected_fpr,queries,"
           "false_positives,measured_fpr,false_negatives,insert_failures,kicks,"
           "saturated_inserts,saturated_counters,overflows,delete_refused,"
           "residual_after_delete";
    csv += timing ? ",insert_ns,query_miss_ns,query_hit_ns,delete_ns\n" : "\n";
}

void
WriteRow(std::string& csv, const Row& r, const Settings& s)
{
    const bool bf = r.kind == Kind::BF;
    const bool cbf = r.kind == Kind::CBF;
    const bool cuckoo = r.kind == Kind::CUCKOO;
    auto opt = [](bool applies, const std::string& v) { return applies ? v : std::string(); };
    const std::string line =
        std::string(Name(r.kind)) + "," + Num(r.targetPct / 100.0) + "," + Num(r.fillPct) + "," +
        std::to_string(s.elements) + "," + std::to_string(r.offered) + "," +
        std::to_string(r.accepted) + "," + std::to_string(r.shape.slots) + "," +
        std::to_string(r.shape.slotBits) + "," + opt(!cuckoo, std::to_string(r.shape.hashes)) +
        "," + opt(cuckoo, std::to_string(r.shape.buckets)) + "," +
        opt(cuckoo, std::to_string(s.bucketSize)) + "," + std::to_string(r.shape.sizeBits) + "," +
        Num(static_cast<double>(r.shape.sizeBits) / s.elements) + "," + Num(r.load) + "," +
        Num(r.expectedFpr) + "," + std::to_string(s.queries) + "," +
        std::to_string(r.falsePositives) + "," +
        Num(static_cast<double>(r.falsePositives) / s.queries) + "," +
        std::to_string(r.falseNegatives) + "," + opt(cuckoo, std::to_string(r.insertFailures)) +
        "," + opt(cuckoo, std::to_string(r.kicks)) + "," +
        opt(cbf, std::to_string(r.saturatedInserts)) + "," +
        opt(cbf, std::to_string(r.saturatedCounters)) + "," +
        opt(cbf, std::to_string(r.overflows)) + "," + opt(!bf, std::to_string(r.deleteRefused)) +
        "," + opt(!bf, std::to_string(r.residual));
    csv += line;
    if (s.timing)
    {
        const auto ns = [](double v) {
            char buf[64];
            std::snprintf(buf, sizeof(buf), "%.2f", v);
            return std::isfinite(v) ? std::string(buf) : std::string("NA");
        };
        csv += "," + ns(r.insertNs) + "," + ns(r.queryMissNs) + "," + ns(r.queryHitNs) + ",";
        if (!bf)
        {
            csv += ns(r.deleteNs);
        }
    }
    csv += '\n';
}

int
Run(int argc, char** argv)
{
    Settings s;
    s.elements = 60000;
    s.queries = 1000000;
    s.counterBits = CountingBloomFilter::kDefaultCounterBits;
    s.bucketSize = CuckooFilter::kDefaultBucketSize;
    s.maxLoad = 0.95;
    s.maxKicks = CuckooFilter::kDefaultMaxKicks;
    s.seed = 1;
    std::string targetList = "1:20";
    std::string fillList = "100,150";
    std::string filterList = "bf,cbf,cuckoo";
    std::string outPath = "-";
    bool noTiming = false;
    bool help = false;
    namespace po = boost::program_options;
    using ns3::cli::Range;
    po::options_description options;
    ns3::cli::OptionAdder(options)
        .Unsigned64("elements", &s.elements, 1, 10000000, "keys n the filters are sized for")
        .Text("targets",
              &targetList,
              "target false-positive rates in percent, each in 0.001..50: numbers and integer "
              "ranges a:b or a:b:step, comma-separated")
        .Unsigned64("queries", &s.queries, 1, 100000000, "non-member queries per row")
        .Text("fill",
              &fillList,
              "keys inserted, in percent of n, integers 1..1000, same list syntax (at capacity "
              "and past it)")
        .Text("filters", &filterList, "bf, cbf, cuckoo, comma-separated")
        .Unsigned("counter-bits",
                  &s.counterBits,
                  CountingBloomFilter::kMinCounterBits,
                  CountingBloomFilter::kMaxCounterBits,
                  "CBF counter width")
        .Unsigned("bucket-size",
                  &s.bucketSize,
                  1,
                  CuckooFilter::kMaxBucketSize,
                  "cuckoo entries per bucket")
        .Real("max-load",
              &s.maxLoad,
              Range::Closed(0.01, 1),
              "cuckoo load factor the table is sized for")
        .Unsigned("max-kicks",
                  &s.maxKicks,
                  0,
                  CuckooFilter::kMaxKicksLimit,
                  "cuckoo evictions before an insertion fails")
        .Unsigned64("seed", &s.seed, 0, UINT64_MAX, "keys and cuckoo eviction choices")
        .Text("out",
              &outPath,
              "CSV to write atomically (temporary file + rename): a new path or a regular "
              "file, not a device, FIFO or symbolic link; - for standard output")
        .Flag("no-timing",
              &noTiming,
              "leave out the timing columns (insert_ns, query_miss_ns, query_hit_ns, "
              "delete_ns: CPU nanoseconds of this thread per operation): the same seed then "
              "gives a byte-identical file")
        .Flag("help", &help, "print this help and exit");
    po::variables_map vm;
    ns3::cli::CommandLineExtras extras;
    // SEM asks every program for ns-3's globals: this one has none.
    extras.general.push_back({"PrintGlobals",
                              "PrintGlobals",
                              "Print the list of globals (none: no ns-3 here).",
                              [](const std::string&) { std::printf("Global values:\n"); }});
    ns3::cli::ParseArguments(argc, argv, options, vm, "", extras);
    if (vm["help"].as<bool>())
    {
        std::ostringstream os;
        os << options;
        std::printf("%s%s", kAbout, os.str().c_str());
        return 0;
    }
    ns3::cli::Notify(vm);
    const auto targets = NumberList("targets", targetList, 0.001, 50, false);
    const auto fills = NumberList("fill", fillList, 1, 1000, true);
    s.timing = !noTiming;

    std::vector<Kind> kinds;
    {
        const std::string& text = filterList;
        const std::string allowed = "allowed: bf, cbf, cuckoo, comma-separated";
        size_t pos = 0;
        while (true)
        {
            const size_t comma = text.find(',', pos);
            const std::string item =
                text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
            Kind kind;
            if (item == "bf")
            {
                kind = Kind::BF;
            }
            else if (item == "cbf")
            {
                kind = Kind::CBF;
            }
            else if (item == "cuckoo")
            {
                kind = Kind::CUCKOO;
            }
            else
            {
                Bad("filters", "'" + item + "' is not a filter (" + allowed + ")");
            }
            if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end())
            {
                Bad("filters", "'" + text + "' names " + item + " twice (" + allowed + ")");
            }
            kinds.push_back(kind);
            if (comma == std::string::npos)
            {
                break;
            }
            pos = comma + 1;
        }
    }

    // Every shape must fit the filters' limits before anything runs.
    for (double t : targets)
    {
        if (BloomShape(s.elements, t / 100.0).slots == 0)
        {
            Bad("elements",
                std::to_string(s.elements) + " keys at a target of " + Num(t) +
                    " % need a Bloom filter of more than " + std::to_string(kMaxSlots) +
                    " bits (lower --elements or raise --targets)");
        }
        if (CuckooFilter::FingerprintBitsFor(t / 100.0, s.bucketSize) >
            CuckooFilter::kMaxFingerprintBits)
        {
            Bad("targets", Num(t) + " % needs fingerprints of more than 32 bits");
        }
    }
    try
    {
        CuckooFilter::BucketsFor(s.elements, s.bucketSize, s.maxLoad);
    }
    catch (const std::invalid_argument&)
    {
        Bad("elements",
            std::to_string(s.elements) + " keys at --max-load " + Num(s.maxLoad) +
                " need more than " + std::to_string(CuckooFilter::kMaxBuckets) +
                " cuckoo buckets (lower --elements or raise --max-load)");
    }

    // Check the output before the run, so an unwritable path fails at once.
    const bool toStdout = outPath == "-";
    ns3::OutputFiles outputs;
    if (!toStdout)
    {
        try
        {
            outputs.AddOutput("--out", outPath);
        }
        catch (const std::invalid_argument& e)
        {
            throw ns3::cli::UsageError(e.what());
        }
    }

    // The work: per row, the offered inserts, member queries and deletes and
    // the non-member queries, and for the cuckoo filter every insert past the
    // table's capacity B b, which fails after --max-kicks evictions and their
    // undoing.  Say up front when it is long.
    const double maxFill = *std::max_element(fills.begin(), fills.end());
    const bool cuckoo = std::find(kinds.begin(), kinds.end(), Kind::CUCKOO) != kinds.end();
    const double capacity =
        cuckoo
            ? static_cast<double>(CuckooFilter::BucketsFor(s.elements, s.bucketSize, s.maxLoad)) *
                  s.bucketSize
            : 0;
    double operations = 0;
    for (double fill : fills)
    {
        const double offered = std::round(s.elements * fill / 100.0);
        operations +=
            static_cast<double>(targets.size() * kinds.size()) * (3 * offered + s.queries);
        if (cuckoo)
        {
            operations += static_cast<double>(targets.size()) * std::max(0.0, offered - capacity) *
                          2.0 * s.maxKicks;
        }
    }
    const size_t totalRows = targets.size() * fills.size() * kinds.size();
    const bool longRun = operations > kLongRunOperations;
    if (longRun)
    {
        const double seconds = operations / kOperationsPerSecond;
        std::fprintf(stderr,
                     "%s: note: %zu rows, about %.2g filter operations%s, roughly %.0f s (%.2g "
                     "hours) at the %.0f million per second typical of one core; progress "
                     "every %.0f s\n",
                     kProgram,
                     totalRows,
                     operations,
                     cuckoo && s.maxKicks > 0 ? " (cuckoo kicks of the inserts past capacity "
                                                "included)"
                                              : "",
                     seconds,
                     seconds / 3600,
                     kOperationsPerSecond / 1e6,
                     kProgressSeconds);
    }

    // Keys: members seed * 2^40 + i, non-members seed * 2^40 + 2^39 + j
    // (mod 2^64), hashed once here so the timings cover the filters only.
    const auto maxOffered = static_cast<uint64_t>(std::llround(s.elements * maxFill / 100.0));
    const uint64_t base = s.seed << 40;
    std::vector<Key> members;
    members.reserve(maxOffered);
    for (uint64_t i = 0; i < maxOffered; ++i)
    {
        members.push_back(Key::FromId(base + i));
    }
    std::vector<Key> others;
    others.reserve(s.queries);
    for (uint64_t j = 0; j < s.queries; ++j)
    {
        others.push_back(Key::FromId(base + (uint64_t{1} << 39) + j));
    }

    std::string csv;
    WriteHeader(csv, s.timing);
    const auto start = std::chrono::steady_clock::now();
    auto lastProgress = start;
    SplitMix64 rowSeeds(s.seed);
    size_t rows = 0;
    for (double t : targets)
    {
        for (double fill : fills)
        {
            for (Kind kind : kinds)
            {
                // A long row (the cuckoo filter's failing inserts) reports
                // from inside, every kProgressSeconds too.
                const InsertProgress inRow = [&](uint64_t done, uint64_t offered) {
                    const auto now = std::chrono::steady_clock::now();
                    if (longRun && std::chrono::duration<double>(now - lastProgress).count() >=
                                       kProgressSeconds)
                    {
                        lastProgress = now;
                        std::fprintf(stderr,
                                     "%s: row %zu/%zu (%s target %s %%, fill %s %%): %llu/%llu "
                                     "inserts after %.0f s\n",
                                     kProgram,
                                     rows + 1,
                                     totalRows,
                                     Name(kind),
                                     Num(t).c_str(),
                                     Num(fill).c_str(),
                                     static_cast<unsigned long long>(done),
                                     static_cast<unsigned long long>(offered),
                                     std::chrono::duration<double>(now - start).count());
                    }
                };
                const Row row = Measure(kind,
                                        t,
                                        fill,
                                        s,
                                        members,
                                        others,
                                        rowSeeds(),
                                        longRun ? inRow : nullptr);
                WriteRow(csv, row, s);
                ++rows;
                const auto now = std::chrono::steady_clock::now();
                if (longRun && rows < totalRows &&
                    std::chrono::duration<double>(now - lastProgress).count() >= kProgressSeconds)
                {
                    lastProgress = now;
                    std::fprintf(stderr,
                                 "%s: %zu/%zu rows (%s target %s %%, fill %s %%) after %.0f s\n",
                                 kProgram,
                                 rows,
                                 totalRows,
                                 Name(kind),
                                 Num(t).c_str(),
                                 Num(fill).c_str(),
                                 std::chrono::duration<double>(now - start).count());
                }
            }
        }
    }
    if (toStdout)
    {
        std::fwrite(csv.data(), 1, csv.size(), stdout);
        ns3::FlushStandardOutput();
    }
    else
    {
        outputs.WriteAll({csv});
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr,
                 "%s: %zu rows in %.2f s -> %s\n",
                 kProgram,
                 rows,
                 seconds,
                 outPath.c_str());
    return 0;
}

} // namespace

int
main(int argc, char** argv)
{
    ns3::CheckStandardOutputAtExit(kProgram); // --help > /dev/full: exit 1
    return ns3::cli::RunMain(kProgram, [&]() { return Run(argc, argv); });
}
