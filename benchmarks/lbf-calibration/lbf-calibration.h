/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Monte-Carlo calibration of the linear Bloom filter, as in section 4 of
 * Lima, Baquero, Miranda, "FBL - Filtro de Bloom Linear": the statistics of
 * the estimator c^ (mean, standard deviation, mean squared error) and the
 * filter's occupancy as functions of the cell width b, the number of hash
 * functions k and the number of elements n (calibration), and the number of
 * elements a filter holds before it reaches an occupancy target (capacity,
 * the paper's Fig. 4).
 *
 * Randomness comes only from ns-3's MRG32k3a streams (ns3::RngStream), one
 * stream per work unit, and partial results are combined in a fixed order:
 * the output depends on the seed, never on the number of threads.
 */
#ifndef BLOOM_GOSSIP_LBF_CALIBRATION_H
#define BLOOM_GOSSIP_LBF_CALIBRATION_H

#include "ns3/linear-bloom-filter.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief Which element ids an iteration (or repetition) inserts.
 *
 * The paper says only that the ids are "sequential".
 *  - CONTINUE: the id counter never restarts, so every iteration inserts
 *    fresh ids and sees fresh hash positions (iteration i of a calibration
 *    point with n elements inserts ids i*n .. i*n+n-1; capacity repetition r
 *    inserts r*2^32, r*2^32+1, ...).  A Monte-Carlo over hash layouts too.
 *  - RESTART: every iteration inserts ids 0 .. n-1, so the hash positions
 *    (and which elements collide) are the same in every iteration; only the
 *    confidences change.
 */
enum class IdMode : uint8_t
{
    CONTINUE = 0,
    RESTART = 1,
};

/// "continue" or "restart".
std::string ToString(IdMode mode);
/// Parse "continue" or "restart"; throws std::invalid_argument otherwise.
IdMode ParseIdMode(const std::string& name);

/**
 * \ingroup bloom-gossip
 * \brief The two readings of "occupancy" of an LBF.
 *
 *  - BITS: share of 1-bits among the m b bits (the paper's text, section 4);
 *  - CELLS: share of non-zero cells (a plain Bloom filter's fill).
 */
enum class OccupancyDefinition : uint8_t
{
    BITS = 0,
    CELLS = 1,
};

/// "bits" or "cells".
std::string ToString(OccupancyDefinition definition);

/// Smallest and largest filter size dim = m b accepted, in bits.
constexpr uint32_t kMinCalibrationDim = 16;
constexpr uint32_t kMaxCalibrationDim = 1U << 20;

/// Iterations per calibration work unit (fixed: results must not depend on threads).
constexpr uint64_t kCalibrationChunk = 1000;

/**
 * A progress observer: called with the share of the work done so far, in
 * [0, 1], as work units complete (weighted by their size), from the worker
 * threads, one call at a time (a unit finishing while another thread reports
 * is counted, not reported).  It sees the run and never changes it: results
 * do not depend on it.
 */
using CalibrationProgress = std::function<void(double done)>;

/// Cells of a filter of dim bits with b-bit cells: floor(dim / b).
uint32_t CalibrationCells(uint32_t dim, uint32_t bits);

/// One (dim, b, k, n) point of the calibration grid.
struct CalibrationPoint
{
    uint32_t dim;      //!< filter size in bits; m = floor(dim / b)
    uint32_t bits;     //!< b, 1..16
    uint32_t hashes;   //!< k, 1..32
    uint32_t elements; //!< n inserted per iteration, >= 1

    bool operator<(const CalibrationPoint& o) const;
    bool operator==(const CalibrationPoint& o) const;
};

/// Settings shared by every point of a calibration run.
struct CalibrationOptions
{
    uint64_t iterations = 100000; //!< N
    uint32_t seed = 1;            //!< MRG32k3a seed, 1 .. 4294944442
    IdMode ids = IdMode::CONTINUE;
    uint32_t threads = 1;
    std::vector<Quantization> rules{Quantization::FLOOR, Quantization::CEIL, Quantization::ROUND};
    CalibrationProgress progress; //!< progress observer (none when empty)
};

/**
 * \ingroup bloom-gossip
 * \brief Statistics of one (point, rule) over N iterations of n elements.
 *
 * Every iteration starts from an empty filter, inserts n pairs (id, c) with
 * c ~ U(0,1) quantised with the rule, then queries the n ids (the paper
 * evaluates true positives only).  Means are over the N n samples (paper
 * eqs. 5-7); standard errors come from the spread of the N per-iteration
 * means (the n samples of an iteration share one filter, so they are not
 * independent).  Occupancies are measured after the n insertions, averaged
 * over iterations.
 */
struct CalibrationResult
{
    CalibrationPoint point;
    Quantization rule;
    uint32_t cells;             //!< m = floor(dim / b)
    uint64_t iterations;        //!< N
    uint64_t samples;           //!< N n
    double meanC;               //!< mean of the true c
    double meanChat;            //!< mean of c^ (eq. 5)
    double seMeanChat;          //!< standard error of meanChat
    double sigma;               //!< standard deviation of c^ (eq. 6, population)
    double eqm;                 //!< mean of (c^ - c)^2 (eq. 7)
    double seEqm;               //!< standard error of eqm
    double occupancyBits;       //!< mean share of 1-bits after n insertions
    double occupancyCells;      //!< mean share of non-zero cells after n insertions
    double overestimated;       //!< share of samples whose k cells were all raised by others
    double maxErrorNoCollision; //!< largest |c^ - c| over samples not over-estimated (NaN: none)
};

/**
 * Run the calibration Monte-Carlo for every point and rule.  Results are
 * ordered point by point, rules in options.rules order.  The rules of a
 * point share their draws (the same c values and ids); iteration i draws
 * from stream i / kCalibrationChunk, substream 0, of ns3::RngStream(seed, ...)
 * whatever the point, so points differ by their parameters and not by noise
 * (common random numbers).  Every (point, rule) runs on a LinearBloomFilter
 * of the filter core; the points of the same (dim, n) share an iteration's
 * draws, ids and (per b) hash positions (LinearBloomFilter::InsertQuantizedAt,
 * QueryQuantizedAt).  Throws std::invalid_argument on bad parameters.
 */
std::vector<CalibrationResult> RunCalibration(const std::vector<CalibrationPoint>& points,
                                              const CalibrationOptions& options);

/**
 * \ingroup bloom-gossip
 * \brief What RunCalibration allocates: per-point sums and results, which
 * grow with the points and the chunks of kCalibrationChunk iterations, and
 * each running task's buffers (its n confidences, keys, hash positions,
 * quantised values and readings) and filters (one per point and rule).
 */
struct CalibrationMemory
{
    uint64_t points{0};       //!< points of the grid
    uint64_t perPoint{0};     //!< bytes per point: chunk sums, results, the point
    uint64_t taskBuffers{0};  //!< bytes of one task's per-element buffers (largest n)
    uint64_t taskFilters{0};  //!< bytes of one task's filters (largest group)
    uint64_t runningTasks{0}; //!< tasks at once: min(threads, groups x chunks)

    /// \return the bytes of the per-point sums and results
    uint64_t Shared() const;
    /// \return every byte: Shared() plus runningTasks x one task's
    uint64_t Total() const;
};

/// Most memory a calibration run may take (bytes); lbf-calibration refuses
/// a grid whose EstimateCalibrationMemory is larger.
constexpr uint64_t kMaxCalibrationMemory = uint64_t{2} << 30;

/**
 * The memory RunCalibration would take for a grid, computed without
 * allocating it, so that a caller can refuse a grid too large (the points of
 * (dim, b, k) `shapes` crossed with every n of `elements`; the shapes'
 * elements fields are ignored).  Saturates at UINT64_MAX.
 * \param shapes the (dim, b, k) of the grid, each once, one dim
 * \param elements the n of the grid, each once
 * \param options iterations, threads and rules
 * \return the estimate
 */
CalibrationMemory EstimateCalibrationMemory(const std::vector<CalibrationPoint>& shapes,
                                            const std::vector<uint32_t>& elements,
                                            const CalibrationOptions& options);

/// One (dim, b, k) point of the capacity experiment.
struct CapacityPoint
{
    uint32_t dim;
    uint32_t bits;
    uint32_t hashes;
};

/// Settings of a capacity run.
struct CapacityOptions
{
    uint32_t repetitions = 1000;
    uint32_t seed = 1;
    IdMode ids = IdMode::CONTINUE;
    uint32_t threads = 1;
    std::vector<Quantization> rules{Quantization::FLOOR, Quantization::CEIL, Quantization::ROUND};
    std::vector<double> targets{0.3, 0.4, 0.5, 0.6, 0.7}; //!< occupancy targets in (0,1]
    uint64_t maxElements = 1000000; //!< give up a repetition after this many insertions
    CalibrationProgress progress;   //!< progress observer (none when empty)
};

/**
 * \ingroup bloom-gossip
 * \brief Elements inserted until an occupancy target is first reached.
 *
 * Each repetition inserts (id, c ~ U(0,1)) pairs into an empty filter until
 * the occupancy (in the given definition) is at least the target; the count
 * includes the element that reached it.  Repetitions that hit maxElements
 * first, or targets that the rule cannot reach at all (MaxOccupancy), are
 * not averaged; `reached` says how many repetitions count.
 */
struct CapacityResult
{
    CapacityPoint point;
    Quantization rule;
    uint32_t cells;
    OccupancyDefinition definition;
    double target;
    uint32_t repetitions;
    uint32_t reached;     //!< repetitions that reached the target
    double meanElements;  //!< NaN when reached == 0
    double sdElements;    //!< sample standard deviation (NaN when reached < 2)
    double seElements;    //!< sdElements / sqrt(reached)
    uint64_t minElements; //!< 0 when reached == 0
    uint64_t maxElements; //!< 0 when reached == 0
};

/**
 * Largest occupancy an LBF of b-bit cells can reach with the rule when
 * c ~ U(0,1) (c < 1, so FLOOR never stores 2^b - 1 and b = 1 FLOOR stores
 * nothing).
 */
double MaxOccupancy(uint32_t bits, Quantization rule, OccupancyDefinition definition);

/**
 * Run the capacity experiment for every point, rule, definition and target.
 * Ordered point by point, then rule, definition (bits, cells), target.
 * Repetition r draws from stream r, substream 1, of ns3::RngStream(seed, ...)
 * whatever the point and rule.  Throws std::invalid_argument on bad parameters.
 */
std::vector<CapacityResult> RunCapacity(const std::vector<CapacityPoint>& points,
                                        const CapacityOptions& options);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_LBF_CALIBRATION_H
