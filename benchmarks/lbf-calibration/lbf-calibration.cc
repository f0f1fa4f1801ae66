/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lbf-calibration.h"

#include "linear-bloom-filter-bank.h"
#include "unpacked-linear-bloom-filter.h"

#include "ns3/rng-stream.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
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

/// Adds one iteration of one (point, rule) to its sums; query(e) is the cell minimum of element e.
template <typename Query>
void
AddIteration(CalibrationSums& s,
             uint32_t n,
             double top,
             const double* c,
             const uint32_t* q,
             Query&& query)
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
        const uint32_t read = query(e);
        const double chat = static_cast<double>(read) / top;
        const double d = chat - c[e];
        iterSum += chat;
        sumChat2 += chat * chat;
        iterSq += d * d;
        const bool collided = read > q[e];
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

} // namespace

std::vector<CalibrationResult>
RunCalibration(const std::vector<CalibrationPoint>& points, const CalibrationOptions& options)
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
    const uint64_t chunks = (options.iterations + kCalibrationChunk - 1) / kCalibrationChunk;
    const size_t nRules = options.rules.size();
    // sums[(point * chunks + chunk) * nRules + rule]; sumC[point * chunks + chunk].
    std::vector<CalibrationSums> sums(points.size() * chunks * nRules);
    std::vector<double> sumC(points.size() * chunks, 0.0);
    auto chunkRange = [&](uint64_t chunk) {
        const uint64_t first = chunk * kCalibrationChunk;
        return std::make_pair(first, std::min(options.iterations, first + kCalibrationChunk));
    };

    if (options.referenceFilter)
    {
        // One packed filter per (point, rule), positions from the key at every access.
        // Progress: a task's work is its elements x hashes (per iteration).
        uint64_t work = 0;
        for (const CalibrationPoint& p : points)
        {
            work += uint64_t{p.elements} * p.hashes * chunks;
        }
        ProgressCounter counter(options.progress, work);
        const auto weight = [&](uint64_t task) {
            const CalibrationPoint& p = points[task / chunks];
            return uint64_t{p.elements} * p.hashes;
        };
        ParallelFor(points.size() * chunks, options.threads, counter, weight, [&](uint64_t task) {
            const CalibrationPoint& p = points[task / chunks];
            const uint64_t chunk = task % chunks;
            const auto [first, last] = chunkRange(chunk);
            const auto top = static_cast<double>((1U << p.bits) - 1);
            ns3::RngStream rng(options.seed, chunk, kCalibrationSubstream);
            std::vector<LinearBloomFilter> filters;
            for (Quantization rule : options.rules)
            {
                filters.emplace_back(CalibrationCells(p.dim, p.bits), p.bits, p.hashes, rule);
            }
            std::vector<double> c(p.elements);
            std::vector<uint32_t> q(p.elements);
            std::vector<Key> keys(p.elements, Key::FromHash(0));
            for (uint64_t it = first; it < last; ++it)
            {
                sumC[task] += Draw(rng, c);
                IterationKeys(options.ids, it, keys, it == first);
                for (size_t r = 0; r < nRules; ++r)
                {
                    LinearBloomFilter& f = filters[r];
                    CalibrationSums& s = sums[task * nRules + r];
                    f.Clear();
                    for (uint32_t e = 0; e < p.elements; ++e)
                    {
                        q[e] = Quantize(c[e], p.bits, options.rules[r]);
                        f.InsertQuantized(keys[e], q[e]);
                    }
                    AddIteration(s, p.elements, top, c.data(), q.data(), [&](uint32_t e) {
                        return f.QueryQuantized(keys[e]);
                    });
                    s.sumOccBits += f.OccupancyBits();
                    s.sumOccCells += f.OccupancyCells();
                }
            }
        });
    }
    else
    {
        // One task per (dim, n) group and chunk: the draws, the ids and, per
        // b, the positions of an iteration serve every point of the group.
        const std::vector<CalibrationGroup> groups = GroupPoints(points);
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
            const CalibrationGroup& g = groups[task / chunks];
            const uint64_t chunk = task % chunks;
            const auto [first, last] = chunkRange(chunk);
            const uint32_t n = g.elements;
            ns3::RngStream rng(options.seed, chunk, kCalibrationSubstream);
            // The rules of a point run side by side in the lanes of filter
            // banks: banks[w][j * nBanks + r / 4], lane r % 4, for width w,
            // its j-th point and rule r.
            const size_t nBanks =
                (nRules + LinearBloomFilterBank::kLanes - 1) / LinearBloomFilterBank::kLanes;
            std::vector<std::vector<LinearBloomFilterBank>> banks(g.widths.size());
            uint32_t maxHashes = 0;
            for (size_t w = 0; w < g.widths.size(); ++w)
            {
                const auto& width = g.widths[w];
                maxHashes = std::max(maxHashes, width.maxHashes);
                for (size_t idx : width.points)
                {
                    for (size_t bank = 0; bank < nBanks; ++bank)
                    {
                        banks[w].emplace_back(width.cells, width.bits, points[idx].hashes);
                    }
                }
            }
            std::vector<double> c(n);
            std::vector<Key> keys(n, Key::FromHash(0));
            std::vector<uint32_t> positions(static_cast<size_t>(n) * maxHashes);
            std::vector<uint32_t> compact(positions.size());             // positions of a smaller k
            std::vector<uint32_t> q(static_cast<size_t>(n) * nRules);    // q[r * n + e]
            std::vector<LbfLanes> lanesIn(n * nBanks);                   // q, bank by bank
            std::vector<uint32_t> read(static_cast<size_t>(n) * nRules); // cell minima
            std::vector<CellCounts> counts(nBanks * LinearBloomFilterBank::kLanes);
            double chunkSumC = 0;
            for (uint64_t it = first; it < last; ++it)
            {
                chunkSumC += Draw(rng, c);
                IterationKeys(options.ids, it, keys, it == first);
                for (size_t w = 0; w < g.widths.size(); ++w)
                {
                    const auto& width = g.widths[w];
                    const uint32_t kmax = width.maxHashes;
                    const auto top = static_cast<double>((1U << width.bits) - 1);
                    const double totalBits = static_cast<double>(width.cells) * width.bits;
                    for (uint32_t e = 0; e < n; ++e)
                    {
                        // Key::Position(i, m) for i < kmax; a point with k
                        // hashes uses the first k.
                        const Key key = keys[e];
                        for (uint32_t i = 0; i < kmax; ++i)
                        {
                            positions[e * kmax + i] = key.Position(i, width.cells);
                        }
                    }
                    std::fill(lanesIn.begin(), lanesIn.end(), LbfLanes{0, 0, 0, 0});
                    for (size_t r = 0; r < nRules; ++r)
                    {
                        for (uint32_t e = 0; e < n; ++e)
                        {
                            q[r * n + e] = Quantize(c[e], width.bits, options.rules[r]);
                            lanesIn[e * nBanks + r / LinearBloomFilterBank::kLanes]
                                   [r % LinearBloomFilterBank::kLanes] =
                                       static_cast<uint16_t>(q[r * n + e]);
                        }
                    }
                    for (size_t j = 0; j < width.points.size(); ++j)
                    {
                        const size_t idx = width.points[j];
                        std::fill(counts.begin(), counts.end(), CellCounts{});
                        for (size_t bank = 0; bank < nBanks; ++bank)
                        {
                            LinearBloomFilterBank& f = banks[w][j * nBanks + bank];
                            const uint32_t k = f.GetHashes();
                            for (uint32_t e = 0; e < n; ++e)
                            {
                                f.InsertQuantizedAt(&positions[e * kmax],
                                                    lanesIn[e * nBanks + bank]);
                            }
                            for (uint32_t e = 0; e < n; ++e)
                            {
                                const LbfLanes v = f.QueryQuantizedAt(&positions[e * kmax]);
                                for (uint32_t lane = 0; lane < LinearBloomFilterBank::kLanes;
                                     ++lane)
                                {
                                    const size_t r = bank * LinearBloomFilterBank::kLanes + lane;
                                    if (r < nRules)
                                    {
                                        read[r * n + e] = v[lane];
                                    }
                                }
                            }
                            // Count and clear only the cells written: the
                            // first k of each element's kmax positions.
                            const uint32_t* written = positions.data();
                            if (k < kmax)
                            {
                                for (uint32_t e = 0; e < n; ++e)
                                {
                                    std::copy_n(&positions[e * kmax], k, &compact[e * k]);
                                }
                                written = compact.data();
                            }
                            f.Drain(written,
                                    static_cast<size_t>(n) * k,
                                    &counts[bank * LinearBloomFilterBank::kLanes]);
                        }
                        for (size_t r = 0; r < nRules; ++r)
                        {
                            CalibrationSums& s = sums[(idx * chunks + chunk) * nRules + r];
                            const uint32_t* rr = &read[r * n];
                            AddIteration(s, n, top, c.data(), &q[r * n], [&](uint32_t e) {
                                return rr[e];
                            });
                            // As LinearBloomFilter::OccupancyBits / OccupancyCells.
                            s.sumOccBits += static_cast<double>(counts[r].ones) / totalBits;
                            s.sumOccCells += static_cast<double>(counts[r].nonZero) / width.cells;
                        }
                    }
                }
            }
            for (const auto& width : g.widths)
            {
                for (size_t idx : width.points)
                {
                    sumC[idx * chunks + chunk] = chunkSumC;
                }
            }
        });
    }

    std::vector<CalibrationResult> results;
    results.reserve(points.size() * nRules);
    for (size_t pi = 0; pi < points.size(); ++pi)
    {
        const CalibrationPoint& p = points[pi];
        double totalC = 0;
        for (uint64_t ch = 0; ch < chunks; ++ch)
        {
            totalC += sumC[pi * chunks + ch];
        }
        for (size_t r = 0; r < nRules; ++r)
        {
            CalibrationSums t;
            for (uint64_t ch = 0; ch < chunks; ++ch)
            {
                const CalibrationSums& s = sums[(pi * chunks + ch) * nRules + r];
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
            res.sigma =
                std::sqrt(std::max(0.0, t.sumChat2 / samples - res.meanChat * res.meanChat));
            res.eqm = t.sumSqErr / samples;
            res.seEqm = StandardError(t.sumIterEqm, t.sumIterEqm2, iters);
            res.occupancyBits = t.sumOccBits / iters;
            res.occupancyCells = t.sumOccCells / iters;
            res.overestimated = static_cast<double>(t.over) / samples;
            // A maximum over no sample without collision is NaN (NA), not 0.
            res.maxErrorNoCollision = t.over < res.samples ? t.maxErrClean : std::nan("");
            results.push_back(res);
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
    // Mirrors RunCalibration's allocations on the filter-bank path.
    CalibrationMemory m;
    const uint64_t chunks = (options.iterations + kCalibrationChunk - 1) / kCalibrationChunk;
    const uint64_t nRules = options.rules.size();
    const uint64_t nBanks =
        (nRules + LinearBloomFilterBank::kLanes - 1) / LinearBloomFilterBank::kLanes;
    m.points = SaturatingMultiply(shapes.size(), elements.size());
    // Per point: the sums of every (chunk, rule) and the sum of c of every
    // chunk, its results, and the point with its index in its group.
    m.perPoint = SaturatingAdd(
        SaturatingMultiply(chunks, nRules * sizeof(CalibrationSums) + sizeof(double)),
        nRules * sizeof(CalibrationResult) + sizeof(CalibrationPoint) + sizeof(size_t));
    uint64_t maxHashes = 0;
    uint64_t filters = 0;
    for (const CalibrationPoint& shape : shapes)
    {
        maxHashes = std::max<uint64_t>(maxHashes, shape.hashes);
        // nBanks banks of m four-lane cells per point of a group.
        filters =
            SaturatingAdd(filters,
                          nBanks * CalibrationCells(shape.dim, shape.bits) * sizeof(LbfLanes));
    }
    const uint64_t n = elements.empty() ? 0 : *std::max_element(elements.begin(), elements.end());
    // Per task, for its n: the confidences, keys, hash positions (and their
    // compacted copy) for the largest k, quantised values and readings per
    // rule, and the banks' input lanes.
    m.taskBuffers =
        SaturatingMultiply(n,
                           sizeof(double) + sizeof(Key) + 2 * maxHashes * sizeof(uint32_t) +
                               2 * nRules * sizeof(uint32_t) + nBanks * sizeof(LbfLanes));
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
    const size_t nRules = options.rules.size();
    const size_t nTargets = options.targets.size();
    constexpr OccupancyDefinition kDefs[2] = {OccupancyDefinition::BITS,
                                              OccupancyDefinition::CELLS};
    const auto one = [](uint64_t) { return uint64_t{1}; };
    ParallelFor(points.size() * inBlock, options.threads, counter, one, [&](uint64_t task) {
        const size_t pi = task / inBlock;
        const CapacityPoint& p = points[pi];
        const uint64_t rep = firstRep + task % inBlock;
        const uint32_t m = CalibrationCells(p.dim, p.bits);
        const ns3::RngStream start(options.seed, rep, kCapacitySubstream);
        const uint64_t idBase = options.ids == IdMode::CONTINUE ? rep * kCapacityIdStride : 0;
        uint64_t* out = &counts[(pi * blockReps + task % inBlock) * perTask];
        for (size_t r = 0; r < nRules; ++r)
        {
            const Quantization rule = options.rules[r];
            // Targets beyond what the rule can reach are skipped (sorted: a prefix is reachable).
            size_t limit[2];
            size_t next[2] = {0, 0};
            for (int d = 0; d < 2; ++d)
            {
                const double most = MaxOccupancy(p.bits, rule, kDefs[d]);
                limit[d] = 0;
                while (limit[d] < nTargets && options.targets[limit[d]] <= most + 1e-12)
                {
                    ++limit[d];
                }
            }
            ns3::RngStream rng(start); // every rule sees the same c sequence
            auto run = [&](auto& f, auto&& insert, auto&& occupancy) {
                for (uint64_t j = 0;
                     j < options.maxElements && (next[0] < limit[0] || next[1] < limit[1]);
                     ++j)
                {
                    insert(f, Key::FromId(idBase + j), rng.RandU01());
                    const auto [bitsShare, cellsShare] = occupancy(f);
                    for (int d = 0; d < 2; ++d)
                    {
                        if (next[d] >= limit[d])
                        {
                            continue;
                        }
                        const double occ = d == 0 ? bitsShare : cellsShare;
                        while (next[d] < limit[d] && occ >= options.targets[next[d]])
                        {
                            out[(r * 2 + d) * nTargets + next[d]] = j + 1;
                            ++next[d];
                        }
                    }
                }
            };
            if (options.referenceFilter)
            {
                LinearBloomFilter f(m, p.bits, p.hashes, rule);
                run(
                    f,
                    [](LinearBloomFilter& x, const Key& key, double v) { x.Insert(key, v); },
                    [](const LinearBloomFilter& x) {
                        return std::make_pair(x.OccupancyBits(), x.OccupancyCells());
                    });
            }
            else
            {
                UnpackedLinearBloomFilter f(m, p.bits, p.hashes, rule);
                CellCounts counts; // kept up to date by the counting insert
                uint32_t pos[kMaxHashes];
                run(
                    f,
                    [&](UnpackedLinearBloomFilter& x, const Key& key, double v) {
                        x.Positions(key, pos);
                        x.InsertQuantizedAt(pos, Quantize(v, p.bits, rule), counts);
                    },
                    [&](const UnpackedLinearBloomFilter& x) {
                        return std::make_pair(x.OccupancyBits(counts), x.OccupancyCells(counts));
                    });
            }
        }
    });
}

} // namespace

std::vector<CapacityResult>
RunCapacity(const std::vector<CapacityPoint>& points, const CapacityOptions& options)
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
    const size_t nRules = options.rules.size();
    const size_t nTargets = options.targets.size();
    const size_t perTask = nRules * 2 * nTargets; // rule, definition, target
    const uint64_t reps = options.repetitions;

    // Statistics per (point, rule, definition, target), accumulated exactly
    // (integer sums) block by block, so memory does not grow with the
    // repetitions and the result does not depend on the block size.
    struct SlotStats
    {
        uint64_t reached{0};
        Uint128 sum{0};
        Uint128 sumSquares{0};
        uint64_t min{0};
        uint64_t max{0};
    };

    std::vector<SlotStats> stats(points.size() * perTask);
    // Repetitions per block: about kCapacityBlockTasks tasks of all points.
    const uint64_t blockReps =
        std::max<uint64_t>(1, std::min<uint64_t>(reps, kCapacityBlockTasks / points.size()));
    // counts[(pi * blockReps + repetition in block) * perTask + (r * 2 + d) *
    // nTargets + j]: insertions that first reached target j; 0 when it was
    // not reached.
    std::vector<uint64_t> counts(points.size() * blockReps * perTask, 0);
    constexpr OccupancyDefinition kDefs[2] = {OccupancyDefinition::BITS,
                                              OccupancyDefinition::CELLS};
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
                    if (v == 0)
                    {
                        continue;
                    }
                    SlotStats& st = stats[pi * perTask + slot];
                    st.min = st.reached == 0 ? v : std::min(st.min, v);
                    st.max = std::max(st.max, v);
                    st.sum += v;
                    st.sumSquares += static_cast<Uint128>(v) * v;
                    ++st.reached;
                }
            }
        }
    }

    std::vector<CapacityResult> results;
    results.reserve(points.size() * perTask);
    for (size_t pi = 0; pi < points.size(); ++pi)
    {
        for (size_t r = 0; r < nRules; ++r)
        {
            for (int d = 0; d < 2; ++d)
            {
                for (size_t j = 0; j < nTargets; ++j)
                {
                    const size_t slot = (r * 2 + d) * nTargets + j;
                    CapacityResult res;
                    res.point = points[pi];
                    res.rule = options.rules[r];
                    res.cells = CalibrationCells(points[pi].dim, points[pi].bits);
                    res.definition = kDefs[d];
                    res.target = options.targets[j];
                    res.repetitions = options.repetitions;
                    const SlotStats& st = stats[pi * perTask + slot];
                    res.reached = static_cast<uint32_t>(st.reached);
                    res.minElements = st.min;
                    res.maxElements = st.max;
                    const double nan = std::numeric_limits<double>::quiet_NaN();
                    res.meanElements =
                        st.reached > 0 ? static_cast<double>(st.sum) / st.reached : nan;
                    // Sum of squared deviations, exactly: (n S2 - S1^2) / n.
                    const double ss =
                        st.reached > 0
                            ? static_cast<double>(st.reached * st.sumSquares - st.sum * st.sum) /
                                  st.reached
                            : 0.0;
                    res.sdElements = st.reached > 1 ? std::sqrt(ss / (st.reached - 1)) : nan;
                    res.seElements = st.reached > 1 ? res.sdElements / std::sqrt(st.reached) : nan;
                    results.push_back(res);
                }
            }
        }
    }
    return results;
}

} // namespace bloom
} // namespace ns3
