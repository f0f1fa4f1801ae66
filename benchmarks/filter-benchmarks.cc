/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Micro-benchmarks of the three filter families: insert, query, merge,
 * attenuate, encode and decode for BF, LBF (b = 4, 8, 16) and ABF (d = 8, 32)
 * at m = 256 .. 4096 slots.
 *
 *   build/bin/filter-benchmarks                       # everything
 *   build/bin/filter-benchmarks --benchmark_filter='Lbf.*Merge'
 *   build/bin/filter-benchmarks --benchmark_repetitions=5 \
 *       --benchmark_report_aggregates_only=true --benchmark_format=csv
 *
 * Filters are filled with n = m/16 keys (BF, ABF levels: about 22 % of the
 * bits set at k = 4; LBF: about 22 % of the cells non-zero) with random
 * values, so merges and queries see realistic data.  Query benchmarks probe
 * a rotating set of 65,536 keys, half inserted and half not ("Hit" probes only
 * inserted keys: all k positions are read).  The set is larger than a branch
 * predictor can learn: with 1,024 probes the CPU memorised where each absent
 * key's loop stops, for one filter shape and not the next, and the "half
 * hit" figures swung by up to 1.8x between shapes of the same code.
 * QueryPair times BF and LBF queries in alternating batches and reports
 * their ratio, the figure to read on a machine whose speed drifts.
 */
#include "ns3/attenuated-bloom-filter.h"
#include "ns3/bloom-filter.h"
#include "ns3/filter-codec.h"
#include "ns3/linear-bloom-filter.h"
#include "ns3/standard-output.h"

#include <benchmark/benchmark.h>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

using namespace ns3::bloom;

namespace
{

constexpr uint32_t kHashes = 4;
constexpr size_t kProbeKeys = 65536;

std::vector<Key>
Keys(size_t n, uint64_t base)
{
    std::vector<Key> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i)
    {
        out.push_back(Key::FromId(base + i));
    }
    return out;
}

/// Inserted keys first half, absent second half, interleaved.
std::vector<Key>
ProbeKeys(const std::vector<Key>& inserted)
{
    std::vector<Key> out;
    const auto absent = Keys(kProbeKeys / 2, 1'000'000'000);
    for (size_t i = 0; i < kProbeKeys / 2; ++i)
    {
        out.push_back(inserted[i % inserted.size()]);
        out.push_back(absent[i]);
    }
    return out;
}

uint32_t
Fill(uint32_t m)
{
    return std::max<uint32_t>(1, m / 16);
}

BloomFilter
MakeBf(uint32_t m, uint64_t seed)
{
    BloomFilter f(m, kHashes);
    for (const Key& key : Keys(Fill(m), seed * 1'000'000))
    {
        f.Insert(key);
    }
    return f;
}

LinearBloomFilter
MakeLbf(uint32_t m, uint32_t b, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    LinearBloomFilter f(m, b, kHashes);
    std::uniform_int_distribution<uint32_t> value(1, f.MaxValue());
    for (const Key& key : Keys(Fill(m), seed * 1'000'000))
    {
        f.InsertQuantized(key, value(rng));
    }
    return f;
}

AttenuatedBloomFilter
MakeAbf(uint32_t d, uint32_t m, uint64_t seed)
{
    AttenuatedBloomFilter f(d, m, kHashes);
    const auto keys = Keys(Fill(m), seed * 1'000'000);
    for (uint32_t level = 0; level < d; ++level)
    {
        for (size_t i = level; i < keys.size(); i += d)
        {
            f.Insert(keys[i], level);
        }
    }
    return f;
}

// ------------------------------------------------------------------------ BF

void
BfInsert(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    BloomFilter f(m, kHashes);
    const auto keys = Keys(kProbeKeys, 1);
    size_t i = 0;
    for (auto _ : state)
    {
        f.Insert(keys[i++ & (kProbeKeys - 1)]);
        benchmark::ClobberMemory();
    }
}

void
BfQuery(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const BloomFilter f = MakeBf(m, 1);
    const auto probes = ProbeKeys(Keys(Fill(m), 1'000'000));
    size_t i = 0;
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(f.Contains(probes[i++ & (kProbeKeys - 1)]));
    }
}

void
BfQueryHit(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const BloomFilter f = MakeBf(m, 1);
    const auto keys = Keys(Fill(m), 1'000'000);
    size_t i = 0;
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(f.Contains(keys[i++ % keys.size()]));
    }
}

void
BfMerge(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    BloomFilter a = MakeBf(m, 1);
    const BloomFilter b = MakeBf(m, 2);
    for (auto _ : state)
    {
        a.Union(b);
        benchmark::ClobberMemory();
    }
}

void
BfEncode(benchmark::State& state)
{
    const BloomFilter f = MakeBf(static_cast<uint32_t>(state.range(0)), 1);
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(Encode(f));
    }
}

void
BfDecode(benchmark::State& state)
{
    const auto bytes = Encode(MakeBf(static_cast<uint32_t>(state.range(0)), 1));
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(Decode(bytes));
    }
}

// ----------------------------------------------------------------------- LBF
// Arguments: m, b.

void
LbfInsert(benchmark::State& state)
{
    LinearBloomFilter f(static_cast<uint32_t>(state.range(0)),
                        static_cast<uint32_t>(state.range(1)),
                        kHashes);
    const auto keys = Keys(kProbeKeys, 1);
    const uint32_t q = f.MaxValue();
    size_t i = 0;
    for (auto _ : state)
    {
        f.InsertQuantized(keys[i & (kProbeKeys - 1)], q - (i & 1));
        ++i;
        benchmark::ClobberMemory();
    }
}

void
LbfQuery(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const LinearBloomFilter f = MakeLbf(m, static_cast<uint32_t>(state.range(1)), 1);
    const auto probes = ProbeKeys(Keys(Fill(m), 1'000'000));
    size_t i = 0;
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(f.QueryQuantized(probes[i++ & (kProbeKeys - 1)]));
    }
}

void
LbfQueryHit(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const LinearBloomFilter f = MakeLbf(m, static_cast<uint32_t>(state.range(1)), 1);
    const auto keys = Keys(Fill(m), 1'000'000);
    size_t i = 0;
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(f.QueryQuantized(keys[i++ % keys.size()]));
    }
}

/**
 * LBF query time over BF query time, measured in pairs: each iteration runs
 * kPairBatch BF queries then kPairBatch LBF queries (same m, same k, filters
 * filled with the same keys, the same probes), each batch timed with
 * steady_clock.  The two batches of a pair are microseconds apart, so a
 * change of machine speed (a shared VM's neighbours) hits both alike; the
 * counters are the summed times per query and their ratio.  Range 2: 1 =
 * every probe present (all k cells read), 0 = half present.
 */
constexpr size_t kPairBatch = 1024;

void
QueryPair(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto b = static_cast<uint32_t>(state.range(1));
    const bool hit = state.range(2) != 0;
    const BloomFilter bf = MakeBf(m, 1);
    const LinearBloomFilter lbf = MakeLbf(m, b, 1);
    const auto inserted = Keys(Fill(m), 1'000'000);
    const auto probes = hit ? inserted : ProbeKeys(inserted);
    using Clock = std::chrono::steady_clock;
    Clock::duration bfTime{0};
    Clock::duration lbfTime{0};
    size_t i = 0;
    for (auto _ : state)
    {
        const size_t first = i;
        const auto t0 = Clock::now();
        for (size_t j = 0; j < kPairBatch; ++j)
        {
            benchmark::DoNotOptimize(bf.Contains(probes[i++ % probes.size()]));
        }
        const auto t1 = Clock::now();
        i = first;
        for (size_t j = 0; j < kPairBatch; ++j)
        {
            benchmark::DoNotOptimize(lbf.QueryQuantized(probes[i++ % probes.size()]));
        }
        const auto t2 = Clock::now();
        bfTime += t1 - t0;
        lbfTime += t2 - t1;
    }
    const double queries = static_cast<double>(state.iterations()) * kPairBatch;
    const double bfNs = std::chrono::duration<double, std::nano>(bfTime).count() / queries;
    const double lbfNs = std::chrono::duration<double, std::nano>(lbfTime).count() / queries;
    state.counters["bf_ns"] = bfNs;
    state.counters["lbf_ns"] = lbfNs;
    state.counters["lbf_over_bf"] = lbfNs / bfNs;
}

void
LbfMerge(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto b = static_cast<uint32_t>(state.range(1));
    LinearBloomFilter x = MakeLbf(m, b, 1);
    const LinearBloomFilter y = MakeLbf(m, b, 2);
    for (auto _ : state)
    {
        x.Merge(y);
        benchmark::ClobberMemory();
    }
}

void
LbfAttenuate(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto b = static_cast<uint32_t>(state.range(1));
    const LinearBloomFilter source = MakeLbf(m, b, 1);
    const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
    LinearBloomFilter x = source;
    for (auto _ : state)
    {
        // Attenuating the same filter over and over empties it; restart from
        // the source (a copy of m b / 8 bytes, included in the time) instead.
        x = source;
        x.Attenuate(decay);
        benchmark::ClobberMemory();
    }
}

/// The gossip step: this = max(this, decay(neighbour)).
void
LbfMergeAttenuated(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto b = static_cast<uint32_t>(state.range(1));
    LinearBloomFilter x = MakeLbf(m, b, 1);
    const LinearBloomFilter y = MakeLbf(m, b, 2);
    const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
    for (auto _ : state)
    {
        x.MergeAttenuated(y, decay);
        benchmark::ClobberMemory();
    }
}

/// The copy included in LbfAttenuate, to subtract.
void
LbfCopy(benchmark::State& state)
{
    const LinearBloomFilter source =
        MakeLbf(static_cast<uint32_t>(state.range(0)), static_cast<uint32_t>(state.range(1)), 1);
    LinearBloomFilter x = source;
    for (auto _ : state)
    {
        x = source;
        benchmark::ClobberMemory();
    }
}

// The per-cell reference paths (the implementation before the whole-word
// paths), for a same-run before/after comparison.

void
LbfQueryGeneric(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const LinearBloomFilter f = MakeLbf(m, static_cast<uint32_t>(state.range(1)), 1);
    const auto probes = ProbeKeys(Keys(Fill(m), 1'000'000));
    size_t i = 0;
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(f.QueryQuantizedGeneric(probes[i++ & (kProbeKeys - 1)]));
    }
}

void
LbfMergeGeneric(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto b = static_cast<uint32_t>(state.range(1));
    LinearBloomFilter x = MakeLbf(m, b, 1);
    const LinearBloomFilter y = MakeLbf(m, b, 2);
    for (auto _ : state)
    {
        x.MergeGeneric(y);
        benchmark::ClobberMemory();
    }
}

void
LbfMergeAttenuatedGeneric(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto b = static_cast<uint32_t>(state.range(1));
    LinearBloomFilter x = MakeLbf(m, b, 1);
    const LinearBloomFilter y = MakeLbf(m, b, 2);
    const LbfDecay decay = LbfDecay::Multiplicative(0.9, b);
    for (auto _ : state)
    {
        x.MergeAttenuatedGeneric(y, decay);
        benchmark::ClobberMemory();
    }
}

void
LbfEncode(benchmark::State& state)
{
    const LinearBloomFilter f =
        MakeLbf(static_cast<uint32_t>(state.range(0)), static_cast<uint32_t>(state.range(1)), 1);
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(Encode(f));
    }
}

void
LbfDecode(benchmark::State& state)
{
    const auto bytes = Encode(
        MakeLbf(static_cast<uint32_t>(state.range(0)), static_cast<uint32_t>(state.range(1)), 1));
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(Decode(bytes));
    }
}

// ----------------------------------------------------------------------- ABF
// Arguments: m, d.

void
AbfInsert(benchmark::State& state)
{
    AttenuatedBloomFilter f(static_cast<uint32_t>(state.range(1)),
                            static_cast<uint32_t>(state.range(0)),
                            kHashes);
    const auto keys = Keys(kProbeKeys, 1);
    size_t i = 0;
    for (auto _ : state)
    {
        f.InsertLocal(keys[i++ & (kProbeKeys - 1)]);
        benchmark::ClobberMemory();
    }
}

/// Hop estimate: lowest matching level (absent keys scan every level).
void
AbfQuery(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const AttenuatedBloomFilter f = MakeAbf(static_cast<uint32_t>(state.range(1)), m, 1);
    const auto probes = ProbeKeys(Keys(Fill(m), 1'000'000));
    size_t i = 0;
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(f.EstimateHops(probes[i++ & (kProbeKeys - 1)]));
    }
}

void
AbfMerge(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto d = static_cast<uint32_t>(state.range(1));
    AttenuatedBloomFilter x = MakeAbf(d, m, 1);
    const AttenuatedBloomFilter y = MakeAbf(d, m, 2);
    for (auto _ : state)
    {
        x.Merge(y);
        benchmark::ClobberMemory();
    }
}

/// The ABF's attenuation: merge a neighbour shifted down one level.
void
AbfMergeShifted(benchmark::State& state)
{
    const auto m = static_cast<uint32_t>(state.range(0));
    const auto d = static_cast<uint32_t>(state.range(1));
    AttenuatedBloomFilter x = MakeAbf(d, m, 1);
    const AttenuatedBloomFilter y = MakeAbf(d, m, 2);
    for (auto _ : state)
    {
        x.MergeShifted(y);
        benchmark::ClobberMemory();
    }
}

void
AbfEncode(benchmark::State& state)
{
    const AttenuatedBloomFilter f =
        MakeAbf(static_cast<uint32_t>(state.range(1)), static_cast<uint32_t>(state.range(0)), 1);
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(Encode(f));
    }
}

void
AbfDecode(benchmark::State& state)
{
    const auto bytes = Encode(
        MakeAbf(static_cast<uint32_t>(state.range(1)), static_cast<uint32_t>(state.range(0)), 1));
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(Decode(bytes));
    }
}

/// m = 256 .. 4096; with b = 4, 8, 16 an LBF of 4096 bits (the paper's
/// dim) has m = 1024, 512, 256.
constexpr int64_t kSlots[] = {256, 512, 1024, 2048, 4096};

void
BfArgs(benchmark::internal::Benchmark* b)
{
    b->ArgName("m");
    for (int64_t m : kSlots)
    {
        b->Arg(m);
    }
}

void
LbfArgs(benchmark::internal::Benchmark* bench)
{
    bench->ArgNames({"m", "b"});
    for (int64_t b : {4, 8, 16})
    {
        for (int64_t m : kSlots)
        {
            bench->Args({m, b});
        }
    }
}

void
QueryPairArgs(benchmark::internal::Benchmark* bench)
{
    bench->ArgNames({"m", "b", "hit"});
    for (int64_t hit : {0, 1})
    {
        for (int64_t b : {4, 8, 16})
        {
            for (int64_t m : kSlots)
            {
                bench->Args({m, b, hit});
            }
        }
    }
}

void
AbfArgs(benchmark::internal::Benchmark* bench)
{
    bench->ArgNames({"m", "d"});
    for (int64_t d : {8, 32})
    {
        for (int64_t m : kSlots)
        {
            bench->Args({m, d});
        }
    }
}

} // namespace

BENCHMARK(BfInsert)->Apply(BfArgs);
BENCHMARK(BfQuery)->Apply(BfArgs);
BENCHMARK(BfQueryHit)->Apply(BfArgs);
BENCHMARK(BfMerge)->Apply(BfArgs);
BENCHMARK(BfEncode)->Apply(BfArgs);
BENCHMARK(BfDecode)->Apply(BfArgs);

BENCHMARK(LbfInsert)->Apply(LbfArgs);
BENCHMARK(LbfQuery)->Apply(LbfArgs);
BENCHMARK(LbfQueryHit)->Apply(LbfArgs);
BENCHMARK(LbfMerge)->Apply(LbfArgs);
BENCHMARK(LbfCopy)->Apply(LbfArgs);
BENCHMARK(LbfAttenuate)->Apply(LbfArgs);
BENCHMARK(LbfMergeAttenuated)->Apply(LbfArgs);
BENCHMARK(LbfQueryGeneric)->Apply(LbfArgs);
BENCHMARK(LbfMergeGeneric)->Apply(LbfArgs);
BENCHMARK(LbfMergeAttenuatedGeneric)->Apply(LbfArgs);
BENCHMARK(LbfEncode)->Apply(LbfArgs);
BENCHMARK(LbfDecode)->Apply(LbfArgs);
BENCHMARK(QueryPair)->Apply(QueryPairArgs);

BENCHMARK(AbfInsert)->Apply(AbfArgs);
BENCHMARK(AbfQuery)->Apply(AbfArgs);
BENCHMARK(AbfMerge)->Apply(AbfArgs);
BENCHMARK(AbfMergeShifted)->Apply(AbfArgs);
BENCHMARK(AbfEncode)->Apply(AbfArgs);
BENCHMARK(AbfDecode)->Apply(AbfArgs);

/// BENCHMARK_MAIN, with standard output checked: > /dev/full exits 1 with one line.
int
main(int argc, char** argv)
{
    ns3::CheckStandardOutputAtExit("filter-benchmarks");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
    {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
