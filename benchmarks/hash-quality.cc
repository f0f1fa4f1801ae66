/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * hash-quality: the Bloom filter's false-positive rate with the module's key
 * hashing (k SplitMix64 positions from XXH3-64), with the double hashing used
 * before issue 17, and with ideal hashing (exact), averaged over many key
 * sets, for the shapes the project uses.  Prints a Markdown table; the
 * figures in src/bloom-gossip/doc/bloom-gossip.rst ("Key hashing against
 * ideal") come from it.  The test bloom-gossip-bloom-filter asserts the same
 * comparison on fewer key sets.
 *
 *   hash-quality          # about 10 s on one core; no options
 *
 * Deterministic: the keys are the ids 0, 1, 2, ... (Key::FromId), so two
 * runs print the same table.  Plain C++17 over the filter core, no ns-3.
 */
#include "bloom-filter.h"
#include "bloom-hash.h"
#include "hashing-reference.h"
#include "ideal-hashing.h"

#include "ns3/standard-output.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace ns3::bloom;

namespace
{

/// One shape and how many key sets and probes measure it.
struct Row
{
    test::FprShape shape;
    uint32_t sets;
    uint32_t probes;
};

/// Mean false-positive rate of `sets` filters whose positions come from `position`.
template <class Position>
test::FprEstimate
Measure(const Row& row, uint64_t firstId, Position position)
{
    const auto [m, k, n] = row.shape;
    uint64_t id = firstId;
    std::vector<uint8_t> bits(m);
    return test::MeanOverFilters(row.sets, [&] {
        std::fill(bits.begin(), bits.end(), 0);
        for (uint32_t e = 0; e < n; ++e)
        {
            const Key key = Key::FromId(id++);
            for (uint32_t i = 0; i < k; ++i)
            {
                bits[position(key, i, m)] = 1;
            }
        }
        uint32_t hits = 0;
        for (uint32_t q = 0; q < row.probes; ++q)
        {
            const Key key = Key::FromId(id++);
            bool all = true;
            for (uint32_t i = 0; i < k && all; ++i)
            {
                all = bits[position(key, i, m)] != 0;
            }
            hits += all ? 1 : 0;
        }
        return static_cast<double>(hits) / row.probes;
    });
}

} // namespace

int
main(int argc, char** argv)
{
    ns3::CheckStandardOutputAtExit("hash-quality"); // > /dev/full: exit 1, not 0
    if (argc > 1)
    {
        std::fprintf(stderr, "hash-quality: takes no options (got '%s')\n", argv[1]);
        return 2;
    }
    const Row rows[] = {{{8, 1, 2}, 4000, 2000},
                        {{100, 3, 10}, 4000, 4000},
                        {{256, 4, 16}, 4000, 4000},
                        {{512, 7, 50}, 4000, 4000},
                        {{1000, 32, 60}, 2000, 4000},
                        {{1024, 4, 100}, 4000, 4000},
                        {{4099, 7, 400}, 500, 8000},
                        {{65536, 8, 8000}, 40, 40000}};
    std::printf("| m | k | n | key sets × probes | ideal (exact) | (1−e^(−kn/m))^k | this module "
                "| Δ / σ | double hashing (before) | Δ / σ |\n");
    std::printf("|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
    for (const Row& row : rows)
    {
        const auto [m, k, n] = row.shape;
        // The same keys for both schemes: the difference is the positions.
        const test::FprEstimate module =
            Measure(row, 0, [](const Key& key, uint32_t i, uint32_t slots) {
                return key.Position(i, slots);
            });
        const test::FprEstimate legacy =
            Measure(row, 0, [](const Key& key, uint32_t i, uint32_t slots) {
                return test::DoubleHashingPosition(key.GetHash(), i, slots);
            });
        const double ideal = IdealHashingFpr(m, k, n);
        std::printf("| %u | %u | %u | %u × %u | %.6f | %.6f | %.6f ± %.6f | %+.1f | %.6f ± %.6f | "
                    "%+.1f |\n",
                    m,
                    k,
                    n,
                    row.sets,
                    row.probes,
                    ideal,
                    BloomFilter::TheoreticalFpr(m, k, n),
                    module.mean,
                    module.standardError,
                    (module.mean - ideal) / module.standardError,
                    legacy.mean,
                    legacy.standardError,
                    (legacy.mean - ideal) / legacy.standardError);
    }
    return 0;
}
