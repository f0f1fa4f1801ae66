/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lbf-calibration.h"

#include "ns3/rng-stream.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace ns3
{
namespace bloom
{

namespace
{

/// MRG32k3a seeds must be non-zero and below its smaller modulus.
constexpr uint64_t kMaxSeed = 4294944442ULL;

/// Substreams: one per experiment, so the two never share draws.
constexpr uint64_t kCalibrationSubstream = 0;
constexpr uint64_t kCapacitySubstream = 1;

/// Capacity repetition r inserts ids r * 2^32 + j in CONTINUE mode.
constexpr uint64_t kCapacityIdStride = uint64_t{1} << 32;

/// Adds up finished work and reports its share to a CalibrationProgress.
class ProgressCounter
{
  public:
    /**
     * \param progress the observer (may be empty)
     * \param total the work of the whole run, in the units of Done()
     */
    ProgressCounter(const CalibrationProgress& progress, uint64_t total)
        : m_progress(progress),
          m_total(static_cast<double>(std::max<uint64_t>(total, 1)))
    {
    }

    /**
     * Work done; reported unless another thread is reporting.
     * \param work its size (e.g. elements x hashes of a chunk)
     */
    void Done(uint64_t work)
    {
        const uint64_t done = m_done += work;
        if (!m_progress)
        {
            return;
        }
        std::unique_lock<std::mutex> lock(m_mutex, std::try_to_lock);
        if (lock.owns_lock())
        {
            m_progress(std::min(1.0, static_cast<double>(done) / m_total));
        }
    }

  private:
    const CalibrationProgress& m_progress; //!< the observer
    double m_total;                        //!< work in all
    std::atomic<uint64_t> m_done{0};       //!< work done
    std::mutex m_mutex;                    //!< one report at a time
};

/**
 * Run body(0 .. tasks-1) on `threads` threads (the calling one included),
 * handing out task indices in increasing order.  The first exception stops
 * the hand-out and is rethrown here.
 * Each finished task t adds weight(t) to `counter`.
 */
template <typename Weight, typename Body>
void
ParallelFor(uint64_t tasks, uint32_t threads, ProgressCounter& counter, Weight weight, Body&& body)
{
    std::atomic<uint64_t> next{0};
    std::mutex mutex;
    std::exception_ptr error;
    auto worker = [&]() {
        for (;;)
        {
            const uint64_t t = next.fetch_add(1);
            if (t >= tasks)
            {
                return;
            }
            try
            {
                body(t);
                counter.Done(weight(t));
            }
            catch (...)
            {
                std::lock_guard<std::mutex> lock(mutex);
                if (!error)
                {
                    error = std::current_exception();
                }
                next.store(tasks);
                return;
            }
        }
    };
    const uint64_t extra =
        std::min<uint64_t>(threads, tasks) > 0 ? std::min<uint64_t>(threads, tasks) - 1 : 0;
    std::vector<std::thread> pool;
    pool.reserve(extra);
    for (uint64_t i = 0; i < extra; ++i)
    {
        pool.emplace_back(worker);
    }
    worker();
    for (auto& t : pool)
    {
        t.join();
    }
    if (error)
    {
        std::rethrow_exception(error);
    }
}

void
CheckCommon(uint32_t seed, uint32_t threads, const std::vector<Quantization>& rules)
{
    if (seed == 0 || seed > kMaxSeed)
    {
        throw std::invalid_argument("seed must lie in 1.." + std::to_string(kMaxSeed));
    }
    if (threads == 0)
    {
        throw std::invalid_argument("threads must be at least 1");
    }
    if (rules.empty())
    {
        throw std::invalid_argument("at least one quantization rule is needed");
    }
}

void
CheckShape(uint32_t dim, uint32_t bits, uint32_t hashes)
{
    if (dim < kMinCalibrationDim || dim > kMaxCalibrationDim)
    {
        throw std::invalid_argument("dim=" + std::to_string(dim) + " out of range " +
                                    std::to_string(kMinCalibrationDim) + ".." +
                                    std::to_string(kMaxCalibrationDim));
    }
    CheckCellBits(bits);
    if (hashes == 0 || hashes > kMaxHashes)
    {
        throw std::invalid_argument("k=" + std::to_string(hashes) + " out of range 1.." +
                                    std::to_string(kMaxHashes));
    }
}

/// Sums of one (chunk, rule) of the calibration.
struct CalibrationSums
{
    double sumChat = 0;      //!< sum of c^
    double sumChat2 = 0;     //!< sum of c^2
    double sumSqErr = 0;     //!< sum of (c^ - c)^2
    double sumIterMean = 0;  //!< sum over iterations of the iteration's mean c^
    double sumIterMean2 = 0; //!< ... and of its square
    double sumIterEqm = 0;   //!< sum over iterations of the iteration's mean (c^ - c)^2
    double sumIterEqm2 = 0;  //!< ... and of its square
    double sumOccBits = 0;
    double sumOccCells = 0;
    uint64_t over = 0;      //!< over-estimated samples
    double maxErrClean = 0; //!< max |c^ - c| over the others
};

/// Standard error of a mean from the sum and sum of squares of n values.
double
StandardError(double sum, double sum2, double n)
{
    if (n < 2)
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    const double mean = sum / n;
    const double var = std::max(0.0, (sum2 - n * mean * mean) / (n - 1));
    return std::sqrt(var / n);
}

} // namespace

std::string
ToString(IdMode mode)
{
    return mode == IdMode::RESTART ? "restart" : "continue";
}

IdMode
ParseIdMode(const std::string& name)
{
    return ParseName(name, {IdMode::CONTINUE, IdMode::RESTART});
}

std::string
ToString(OccupancyDefinition definition)
{
    return definition == OccupancyDefinition::CELLS ? "cells" : "bits";
}

uint32_t
CalibrationCells(uint32_t dim, uint32_t bits)
{
    return dim / bits;
}

bool
CalibrationPoint::operator<(const CalibrationPoint& o) const
{
    return std::tie(dim, bits, hashes, elements) < std::tie(o.dim, o.bits, o.hashes, o.elements);
}

bool
CalibrationPoint::operator==(const CalibrationPoint& o) const
{
    return std::tie(dim, bits, hashes, elements) == std::tie(o.dim, o.bits, o.hashes, o.elements);
}

namespace
{

/// Adds one iteration of one (point, rule) to its sums: read[e] is the cell minimum of element e.
void
AddIteration(CalibrationSums& s,
             uint32_t n,
             double top,
             const double* c,
             const uint32_t* q,
             const uint32_t* read)
{
    // Local copies keep the running sums in registers; the order of the
    // additions is the same as adding into s directly.
    double iterSum = 0;
    double iterSq = 0;
    double sumChat2 = s.sumChat2;
    double maxErrClean = s.maxErrClean;
    uint64_t over = s.over;
    for (uint32_t e = 0; e < n; ++e)
    {
        const double chat = static_cast<double>(read[e]) / top;
        const double d = chat - c[e];
        iterSum += chat;
        sumChat2 += chat * chat;
        iterSq += d * d;
        const bool collided = read[e] > q[e];
        over += collided ? 1 : 0;
        maxErrClean = collided ? maxErrClean : std::max(maxErrClean, std::abs(d));
    }
    s.sumChat2 = sumChat2;
    s.maxErrClean = maxErrClean;
    s.over = over;
    s.sumChat += iterSum;
    s.sumSqErr += iterSq;
    s.sumIterMean += iterSum / n;
    s.sumIterMean2 += (iterSum / n) * (iterSum / n);
    s.sumIterEqm += iterSq / n;
    s.sumIterEqm2 += (iterSq / n) * (iterSq / n);
}

/// Draws the n confidences of one iteration; returns their sum.
double
Draw(ns3::RngStream& rng, std::vector<double>& c)
{
    double sum = 0;
    for (double& v : c)
    {
        v = rng.RandU01();
        sum += v;
    }
    return sum;
}

/// Keys of iteration `it`: ids it*n+e (CONTINUE) or e (RESTART, filled once).
void
IterationKeys(IdMode ids, uint64_t it, std::vector<Key>& keys, bool first)
{
    const uint64_t n = keys.size();
    if (ids == IdMode::CONTINUE || first)
    {
        const uint64_t base = ids == IdMode::CONTINUE ? it * n : 0;
        for (uint64_t e = 0; e < n; ++e)
        {
            keys[e] = Key::FromId(base + e);
        }
    }
}

/// Points sharing dim and n share their draws, ids and (per b) positions.
struct CalibrationGroup
{
    struct Width
    {
        uint32_t bits;
        uint32_t cells;
        uint32_t maxHashes;
        std::vector<size_t> points; //!< indices into the point list
    };

    uint32_t dim;
    uint32_t elements;
    std::vector<Width> widths;
};

std::vector<CalibrationGroup>
GroupPoints(const std::vector<CalibrationPoint>& points)
{
    std::vector<CalibrationGroup> groups;
    for (size_t i = 0; i < points.size(); ++i)
    {
        const CalibrationPoint& p = points[i];
        auto g = std::find_if(groups.begin(), groups.end(), [&](const CalibrationGroup& x) {
            return x.dim == p.dim && x.elements == p.elements;
        });
        if (g == groups.end())
        {
            groups.push_back({p.dim, p.elements, {}});
            g = groups.end() - 1;
        }
        auto w = std::find_if(g->widths.begin(), g->widths.end(), [&](const auto& x) {
            return x.bits == p.bits;
        });
        if (w == g->widths.end())
        {
            g->widths.push_back({p.bits, CalibrationCells(p.dim, p.bits), 0, {}});
            w = g->widths.end() - 1;
        }
        w->maxHashes = std::max(w->maxHashes, p.hashes);
        w->points.push_back(i);
    }
    return groups;
}

void
CheckCalibration(const std::vector<CalibrationPoint>& points, const CalibrationOptions& options)
{
    CheckCommon(options.seed, options.threads, options.rules);
    if (options.iterations == 0)
    {
        throw std::invalid_argument("iterations must be at least 1");
    }
    for (const auto& p : points)
    {
        CheckShape(p.dim, p.bits, p.hashes);
        if (p.elements == 0)
        {
            throw std::invalid_argument("n must be at least 1");
        }
    }
}

/// Chunks of kCalibrationChunk iterations (the last may be partial).
uint64_t
CalibrationChunks(uint64_t iterations)
{
    return (iterations + kCalibrationChunk - 1) / kCalibrationChunk;
}

/// The partial sums of a run: one per (point, chunk, rule), and the sum of c per (point, chunk).
struct CalibrationTally
{
    CalibrationTally(size_t points, uint64_t chunks, size_t rules)
        : chunks(chunks),
          rules(rules),
          sums(points * chunks * rules),
          sumC(points * chunks, 0.0)
    {
    }

    CalibrationSums& At(size_t point, uint64_t chunk, size_t rule)
    {
        return sums[(point * chunks + chunk) * rules + rule];
    }

    uint64_t chunks;
    size_t rules;
    std::vector<CalibrationSums> sums; //!< [(point * chunks + chunk) * rules + rule]
    std::vector<double> sumC;          //!< [point * chunks + chunk]
};

/**
 * One work unit of the calibration: the iterations of one chunk for every
 * point of one (dim, n) group.  The draws, the ids and, per b, the positions
 * of an iteration serve every point of the group; each (point, rule) has its
 * LinearBloomFilter, cleared and refilled every iteration.
 */
class CalibrationTask
{
  public:
    CalibrationTask(const std::vector<CalibrationPoint>& points,
                    const CalibrationOptions& options,
                    const CalibrationGroup& group)
        : m_options(options),
          m_group(group),
          m_n(group.elements),
          m_c(m_n),
          m_keys(m_n, Key::FromHash(0)),
          m_q(static_cast<size_t>(m_n) * options.rules.size()),
          m_read(m_n),
          m_filters(group.widths.size())
    {
        for (size_t w = 0; w < group.widths.size(); ++w)
        {
            const auto& width = group.widths[w];
            m_rows.emplace_back(width.cells, width.maxHashes);
            for (size_t idx : width.points) // filters[w][j * rules + r]
            {
                for (Quantization rule : options.rules)
                {
                    m_filters[w].emplace_back(width.cells, width.bits, points[idx].hashes, rule);
                }
            }
        }
    }

    /// Run iterations first .. last - 1 of `chunk` into the tally.
    void Run(uint64_t chunk, uint64_t first, uint64_t last, CalibrationTally& tally)
    {
        ns3::RngStream rng(m_options.seed, chunk, kCalibrationSubstream);
        double chunkSumC = 0;
        for (uint64_t it = first; it < last; ++it)
        {
            chunkSumC += Draw(rng, m_c);
            IterationKeys(m_options.ids, it, m_keys, it == first);
            for (size_t w = 0; w < m_group.widths.size(); ++w)
            {
                RunWidth(w, chunk, tally);
            }
        }
        for (const auto& width : m_group.widths)
        {
            for (size_t idx : width.points)
            {
                tally.sumC[idx * tally.chunks + chunk] = chunkSumC;
            }
        }
    }

  private:
    /// One iteration of the points of cell width w: positions and values once, then each filter.
    void RunWidth(size_t w, uint64_t chunk, CalibrationTally& tally)
    {
        const auto& width = m_group.widths[w];
        // Key::Position(i, m) for i < the width's largest k; a point with k
        // hashes uses the first k.
        m_rows[w].Assign(m_keys.data(), m_n);
        const size_t nRules = m_options.rules.size();
        for (size_t r = 0; r < nRules; ++r)
        {
            for (uint32_t e = 0; e < m_n; ++e)
            {
                m_q[r * m_n + e] = Quantize(m_c[e], width.bits, m_options.rules[r]);
            }
        }
        const auto top = static_cast<double>((1U << width.bits) - 1);
        for (size_t j = 0; j < width.points.size(); ++j)
        {
            for (size_t r = 0; r < nRules; ++r)
            {
                LinearBloomFilter& f = m_filters[w][j * nRules + r];
                const uint32_t* q = &m_q[r * m_n];
                f.Clear();
                f.InsertQuantizedAt(m_rows[w], q);
                f.QueryQuantizedAt(m_rows[w], m_read.data());
                CalibrationSums& s = tally.At(width.points[j], chunk, r);
                AddIteration(s, m_n, top, m_c.data(), q, m_read.data());
                // A scan of the packed cells costs less than counting every change.
                const LbfCellCounts counts = f.CountCells();
                s.sumOccBits += f.OccupancyBits(counts);
                s.sumOccCells += f.OccupancyCells(counts);
            }
        }
    }

    const CalibrationOptions& m_options;
    const CalibrationGroup& m_group;
    uint32_t m_n;                                          //!< elements per iteration
    std::vector<double> m_c;                               //!< the confidences
    std::vector<Key> m_keys;                               //!< the elements' keys
    std::vector<LbfPositions> m_rows;                      //!< the keys' positions, per width
    std::vector<uint32_t> m_q;                             //!< [r * n + e], quantised
    std::vector<uint32_t> m_read;                          //!< cell minima of one filter
    std::vector<std::vector<LinearBloomFilter>> m_filters; //!< [w][j * rules + r]
};

/// Run every (group, chunk) task into the tally.
void
RunCalibrationTasks(const std::vector<CalibrationPoint>& points,
                    const CalibrationOptions& options,
                    CalibrationTally& tally)
{
    const std::vector<CalibrationGroup> groups = GroupPoints(points);
    const uint64_t chunks = tally.chunks;
    // Progress: a task's work is n x the hashes of its group's points.
    std::vector<uint64_t> groupWork;
    uint64_t work = 0;
    for (const CalibrationGroup& g : groups)
    {
        uint64_t hashes = 0;
        for (const auto& width : g.widths)
        {
            for (size_t idx : width.points)
            {
                hashes += points[idx].hashes;
            }
        }
        groupWork.push_back(uint64_t{g.elements} * hashes);
        work += groupWork.back() * chunks;
    }
    ProgressCounter counter(options.progress, work);
    const auto weight = [&](uint64_t task) { return groupWork[task / chunks]; };
    ParallelFor(groups.size() * chunks, options.threads, counter, weight, [&](uint64_t task) {
        const uint64_t chunk = task % chunks;
        const uint64_t first = chunk * kCalibrationChunk;
        const uint64_t last = std::min(options.iterations, first + kCalibrationChunk);
        CalibrationTask(points, options, groups[task / chunks]).Run(chunk, first, last, tally);
    });
}

/// The result of point pi and rule r from the tally's chunk sums.
CalibrationResult
CalibrationResultOf(const CalibrationPoint& p,
                    size_t pi,
                    size_t r,
                    const CalibrationOptions& options,
                    CalibrationTally& tally)
{
    double totalC = 0;
    CalibrationSums t;
    for (uint64_t ch = 0; ch < tally.chunks; ++ch)
    {
        totalC += tally.sumC[pi * tally.chunks + ch];
        const CalibrationSums& s = tally.At(pi, ch, r);
        t.sumChat += s.sumChat;
        t.sumChat2 += s.sumChat2;
        t.sumSqErr += s.sumSqErr;
        t.sumIterMean += s.sumIterMean;
        t.sumIterMean2 += s.sumIterMean2;
        t.sumIterEqm += s.sumIterEqm;
        t.sumIterEqm2 += s.sumIterEqm2;
        t.sumOccBits += s.sumOccBits;
        t.sumOccCells += s.sumOccCells;
        t.over += s.over;
        t.maxErrClean = std::max(t.maxErrClean, s.maxErrClean);
    }
    const auto iters = static_cast<double>(options.iterations);
    const double samples = iters * p.elements;
    CalibrationResult res;
    res.point = p;
    res.rule = options.rules[r];
    res.cells = CalibrationCells(p.dim, p.bits);
    res.iterations = options.iterations;
    res.samples = options.iterations * p.elements;
    res.meanC = totalC / samples;
    res.meanChat = t.sumChat / samples;
    res.seMeanChat = StandardError(t.sumIterMean, t.sumIterMean2, iters);
    res.sigma = std::sqrt(std::max(0.0, t.sumChat2 / samples - res.meanChat * res.meanChat));
    res.eqm = t.sumSqErr / samples;
    res.seEqm = StandardError(t.sumIterEqm, t.sumIterEqm2, iters);
    res.occupancyBits = t.sumOccBits / iters;
    res.occupancyCells = t.sumOccCells / iters;
    res.overestimated = static_cast<double>(t.over) / samples;
    // A maximum over no sample without collision is NaN (NA), not 0.
    res.maxErrorNoCollision = t.over < res.samples ? t.maxErrClean : std::nan("");
    return res;
}

} // namespace

std::vector<CalibrationResult>
RunCalibration(const std::vector<CalibrationPoint>& points, const CalibrationOptions& options)
{
    CheckCalibration(points, options);
    const size_t nRules = options.rules.size();
    CalibrationTally tally(points.size(), CalibrationChunks(options.iterations), nRules);
    RunCalibrationTasks(points, options, tally);
    std::vector<CalibrationResult> results;
    results.reserve(points.size() * nRules);
    for (size_t pi = 0; pi < points.size(); ++pi)
    {
        for (size_t r = 0; r < nRules; ++r)
        {
            results.push_back(CalibrationResultOf(points[pi], pi, r, options, tally));
        }
    }
    return results;
}

namespace
{
/// a x b, UINT64_MAX when it overflows.
uint64_t
SaturatingMultiply(uint64_t a, uint64_t b)
{
    uint64_t product = 0;
    return __builtin_mul_overflow(a, b, &product) ? std::numeric_limits<uint64_t>::max() : product;
}

/// a + b, UINT64_MAX when it overflows.
uint64_t
SaturatingAdd(uint64_t a, uint64_t b)
{
    uint64_t sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<uint64_t>::max() : sum;
}
} // namespace

uint64_t
CalibrationMemory::Shared() const
{
    return SaturatingMultiply(points, perPoint);
}

uint64_t
CalibrationMemory::Total() const
{
    return SaturatingAdd(Shared(),
                         SaturatingMultiply(runningTasks, SaturatingAdd(taskBuffers, taskFilters)));
}

CalibrationMemory
EstimateCalibrationMemory(const std::vector<CalibrationPoint>& shapes,
                          const std::vector<uint32_t>& elements,
                          const CalibrationOptions& options)
{
    // Mirrors RunCalibration's allocations (CalibrationTally, CalibrationTask).
    CalibrationMemory m;
    const uint64_t chunks = CalibrationChunks(options.iterations);
    const uint64_t nRules = options.rules.size();
    m.points = SaturatingMultiply(shapes.size(), elements.size());
    // Per point: the sums of every (chunk, rule) and the sum of c of every
    // chunk, its results, and the point with its index in its group.
    m.perPoint = SaturatingAdd(
        SaturatingMultiply(chunks, nRules * sizeof(CalibrationSums) + sizeof(double)),
        nRules * sizeof(CalibrationResult) + sizeof(CalibrationPoint) + sizeof(size_t));
    std::map<uint32_t, uint64_t> widthHashes; // the largest k of each b
    uint64_t filters = 0;
    for (const CalibrationPoint& shape : shapes)
    {
        uint64_t& hashes = widthHashes[shape.bits];
        hashes = std::max<uint64_t>(hashes, shape.hashes);
        // One filter per rule: its object and its cells, whole 64-bit words.
        const uint64_t bits = uint64_t{CalibrationCells(shape.dim, shape.bits)} *
                              LinearBloomFilter::CellStride(shape.bits);
        filters =
            SaturatingAdd(filters, nRules * (sizeof(LinearBloomFilter) + (bits + 63) / 64 * 8));
    }
    const uint64_t n = elements.empty() ? 0 : *std::max_element(elements.begin(), elements.end());
    // Per task, for its n: the confidences, keys, hash positions for the
    // largest k of each b, the quantised values per rule and one filter's
    // readings.
    uint64_t positions = 0;
    for (const auto& [bits, hashes] : widthHashes)
    {
        positions += hashes;
    }
    m.taskBuffers = SaturatingMultiply(n,
                                       sizeof(double) + sizeof(Key) +
                                           (positions + nRules + 1) * sizeof(uint32_t));
    m.taskFilters = filters;
    m.runningTasks =
        std::min<uint64_t>(options.threads, SaturatingMultiply(elements.size(), chunks));
    return m;
}

double
MaxOccupancy(uint32_t bits, Quantization rule, OccupancyDefinition definition)
{
    CheckCellBits(bits);
    // c < 1: FLOOR never stores 2^b - 1, whose neighbour below has b - 1 one-bits.
    const bool floorRule = rule == Quantization::FLOOR;
    if (definition == OccupancyDefinition::CELLS)
    {
        return floorRule && bits == 1 ? 0.0 : 1.0;
    }
    return floorRule ? static_cast<double>(bits - 1) / bits : 1.0;
}

namespace
{

/// Exact sums of squares of element counts (GCC/Clang extension; marked so
/// that -Wpedantic, which ns-3 trees build with, accepts it).
__extension__ typedef unsigned __int128 Uint128;

/// Tasks (point x repetition) per block of the capacity experiment.
constexpr uint64_t kCapacityBlockTasks = 1U << 16;

/// The two occupancy definitions, in the order of the results.
constexpr OccupancyDefinition kDefinitions[2] = {OccupancyDefinition::BITS,
                                                 OccupancyDefinition::CELLS};

void
CheckCapacity(const std::vector<CapacityPoint>& points, const CapacityOptions& options)
{
    CheckCommon(options.seed, options.threads, options.rules);
    if (options.repetitions == 0)
    {
        throw std::invalid_argument("repetitions must be at least 1");
    }
    if (options.maxElements == 0)
    {
        throw std::invalid_argument("maxElements must be at least 1");
    }
    if (options.targets.empty())
    {
        throw std::invalid_argument("at least one occupancy target is needed");
    }
    for (double t : options.targets)
    {
        if (!(t > 0.0 && t <= 1.0))
        {
            throw std::invalid_argument("occupancy targets must lie in (0,1]");
        }
    }
    if (!std::is_sorted(options.targets.begin(), options.targets.end()))
    {
        throw std::invalid_argument("occupancy targets must be in increasing order");
    }
    for (const auto& p : points)
    {
        CheckShape(p.dim, p.bits, p.hashes);
    }
}

/**
 * One repetition of one point under one rule: insert (id, c) pairs into an
 * empty filter until every target the rule can reach is reached (or
 * maxElements), writing the insertions that first reached target j of
 * definition d to out[d * targets + j].  The occupancies come from counts
 * the counting insertion keeps, not from a scan per insertion.
 */
void
RunCapacityRule(const CapacityPoint& p,
                Quantization rule,
                const CapacityOptions& options,
                ns3::RngStream rng,
                uint64_t idBase,
                uint64_t* out)
{
    const size_t nTargets = options.targets.size();
    // Targets beyond what the rule can reach are skipped (sorted: a prefix is reachable).
    size_t limit[2] = {0, 0};
    size_t next[2] = {0, 0};
    for (int d = 0; d < 2; ++d)
    {
        const double most = MaxOccupancy(p.bits, rule, kDefinitions[d]);
        while (limit[d] < nTargets && options.targets[limit[d]] <= most + 1e-12)
        {
            ++limit[d];
        }
    }
    LinearBloomFilter f(CalibrationCells(p.dim, p.bits), p.bits, p.hashes, rule);
    LbfCellCounts counts;
    LbfPositions row(f.GetCells(), p.hashes);
    for (uint64_t j = 0; j < options.maxElements && (next[0] < limit[0] || next[1] < limit[1]); ++j)
    {
        const Key key = Key::FromId(idBase + j);
        row.Assign(&key, 1);
        const uint32_t q = Quantize(rng.RandU01(), p.bits, rule);
        f.InsertQuantizedAt(row, &q, counts);
        const double occupancy[2] = {f.OccupancyBits(counts), f.OccupancyCells(counts)};
        for (int d = 0; d < 2; ++d)
        {
            while (next[d] < limit[d] && occupancy[d] >= options.targets[next[d]])
            {
                out[d * nTargets + next[d]] = j + 1;
                ++next[d];
            }
        }
    }
}

/**
 * One block of the capacity experiment: repetitions firstRep .. firstRep +
 * inBlock - 1 of every point, into counts (laid out for blockReps
 * repetitions per point).
 */
void
RunCapacityBlock(const std::vector<CapacityPoint>& points,
                 const CapacityOptions& options,
                 uint64_t firstRep,
                 uint64_t inBlock,
                 uint64_t blockReps,
                 size_t perTask,
                 std::vector<uint64_t>& counts,
                 ProgressCounter& counter)
{
    const auto one = [](uint64_t) { return uint64_t{1}; };
    ParallelFor(points.size() * inBlock, options.threads, counter, one, [&](uint64_t task) {
        const size_t pi = task / inBlock;
        const uint64_t rep = firstRep + task % inBlock;
        const ns3::RngStream start(options.seed, rep, kCapacitySubstream);
        const uint64_t idBase = options.ids == IdMode::CONTINUE ? rep * kCapacityIdStride : 0;
        uint64_t* out = &counts[(pi * blockReps + task % inBlock) * perTask];
        for (size_t r = 0; r < options.rules.size(); ++r)
        {
            // Every rule sees the same c sequence.
            RunCapacityRule(points[pi],
                            options.rules[r],
                            options,
                            start,
                            idBase,
                            out + r * 2 * options.targets.size());
        }
    });
}

/// Statistics of one (point, rule, definition, target), accumulated exactly
/// (integer sums) block by block.
struct SlotStats
{
    uint64_t reached{0};
    Uint128 sum{0};
    Uint128 sumSquares{0};
    uint64_t min{0};
    uint64_t max{0};

    /// Add a repetition that reached the target after v insertions.
    void Add(uint64_t v)
    {
        min = reached == 0 ? v : std::min(min, v);
        max = std::max(max, v);
        sum += v;
        sumSquares += static_cast<Uint128>(v) * v;
        ++reached;
    }
};

/// The result of one slot of point p from its statistics.
CapacityResult
CapacityResultOf(const CapacityPoint& p,
                 size_t slot,
                 const CapacityOptions& options,
                 const SlotStats& st)
{
    const size_t nTargets = options.targets.size();
    CapacityResult res;
    res.point = p;
    res.rule = options.rules[slot / (2 * nTargets)];
    res.cells = CalibrationCells(p.dim, p.bits);
    res.definition = kDefinitions[slot / nTargets % 2];
    res.target = options.targets[slot % nTargets];
    res.repetitions = options.repetitions;
    res.reached = static_cast<uint32_t>(st.reached);
    res.minElements = st.min;
    res.maxElements = st.max;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    res.meanElements = st.reached > 0 ? static_cast<double>(st.sum) / st.reached : nan;
    // Sum of squared deviations, exactly: (n S2 - S1^2) / n.
    const double ss =
        st.reached > 0
            ? static_cast<double>(st.reached * st.sumSquares - st.sum * st.sum) / st.reached
            : 0.0;
    res.sdElements = st.reached > 1 ? std::sqrt(ss / (st.reached - 1)) : nan;
    res.seElements = st.reached > 1 ? res.sdElements / std::sqrt(st.reached) : nan;
    return res;
}

} // namespace

std::vector<CapacityResult>
RunCapacity(const std::vector<CapacityPoint>& points, const CapacityOptions& options)
{
    CheckCapacity(points, options);
    // Slots per point: rule, definition, target.
    const size_t perTask = options.rules.size() * 2 * options.targets.size();
    const uint64_t reps = options.repetitions;
    // Statistics block by block, so that memory does not grow with the
    // repetitions and the result does not depend on the block size.
    std::vector<SlotStats> stats(points.size() * perTask);
    // Repetitions per block: about kCapacityBlockTasks tasks of all points.
    const uint64_t blockReps =
        std::max<uint64_t>(1, std::min<uint64_t>(reps, kCapacityBlockTasks / points.size()));
    // counts[(pi * blockReps + repetition in block) * perTask + slot]:
    // insertions that first reached the slot's target; 0 when it was not reached.
    std::vector<uint64_t> counts(points.size() * blockReps * perTask, 0);
    ProgressCounter counter(options.progress, points.size() * reps);
    for (uint64_t firstRep = 0; firstRep < reps; firstRep += blockReps)
    {
        const uint64_t inBlock = std::min(blockReps, reps - firstRep);
        std::fill(counts.begin(), counts.end(), 0);
        RunCapacityBlock(points, options, firstRep, inBlock, blockReps, perTask, counts, counter);
        for (size_t pi = 0; pi < points.size(); ++pi)
        {
            for (uint64_t rep = 0; rep < inBlock; ++rep)
            {
                for (size_t slot = 0; slot < perTask; ++slot)
                {
                    const uint64_t v = counts[(pi * blockReps + rep) * perTask + slot];
                    if (v != 0)
                    {
                        stats[pi * perTask + slot].Add(v);
                    }
                }
            }
        }
    }
    std::vector<CapacityResult> results;
    results.reserve(points.size() * perTask);
    for (size_t pi = 0; pi < points.size(); ++pi)
    {
        for (size_t slot = 0; slot < perTask; ++slot)
        {
            results.push_back(
                CapacityResultOf(points[pi], slot, options, stats[pi * perTask + slot]));
        }
    }
    return results;
}

} // namespace bloom
} // namespace ns3
