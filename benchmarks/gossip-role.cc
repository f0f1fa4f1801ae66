/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * gossip-role: would a counting Bloom filter or a cuckoo filter earn a place
 * as a gossip family beside the BF, LBF and ABF?  Round-based gossip on a
 * line (a tree of bidirectional links) and a grid (cycles): in every round
 * each node's filter becomes its own keys merged with its neighbours'
 * filters of the previous round, as the gossip applications do.  Merges:
 *
 *  - BF: bitwise OR (the reference);
 *  - CBF, sum: AddCounters, the multiset union, the only merge that keeps a
 *    CBF's counts meaningful;
 *  - CBF, max: MaxCounters, idempotent;
 *  - cuckoo: Merge (fingerprints re-inserted, each stored once).
 *
 * After 3 D rounds it reports, per scheme, the share of (node, key) pairs
 * reported present, the CBF count against the true number of holders (1),
 * the false-positive rate on keys never inserted, refused fingerprints, and
 * then, after one holder removes its key and 3 D more rounds, the share of
 * nodes that still report it.  Prints Markdown tables; the answer in
 * doc/filter-space.md ("A gossip role?") comes from them.
 *
 *   gossip-role            # about a second; no options
 *
 * Deterministic (keys are ids, holders drawn by a seeded SplitMix64).  Plain
 * C++17 over the filter core, no ns-3.
 */
#include "bloom-filter.h"
#include "bloom-hash.h"
#include "counting-bloom-filter.h"
#include "cuckoo-filter.h"

#include "ns3/standard-output.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace ns3::bloom;

namespace
{

/// An undirected graph as adjacency lists, with its diameter.
struct Graph
{
    std::string name;
    std::vector<std::vector<uint32_t>> neighbours;
    uint32_t diameter;
};

Graph
Line(uint32_t n)
{
    Graph g{"line of " + std::to_string(n), std::vector<std::vector<uint32_t>>(n), n - 1};
    for (uint32_t i = 0; i + 1 < n; ++i)
    {
        g.neighbours[i].push_back(i + 1);
        g.neighbours[i + 1].push_back(i);
    }
    return g;
}

Graph
Grid(uint32_t side)
{
    const uint32_t n = side * side;
    Graph g{"grid " + std::to_string(side) + "x" + std::to_string(side),
            std::vector<std::vector<uint32_t>>(n),
            2 * (side - 1)};
    for (uint32_t y = 0; y < side; ++y)
    {
        for (uint32_t x = 0; x < side; ++x)
        {
            const uint32_t i = y * side + x;
            if (x + 1 < side)
            {
                g.neighbours[i].push_back(i + 1);
                g.neighbours[i + 1].push_back(i);
            }
            if (y + 1 < side)
            {
                g.neighbours[i].push_back(i + side);
                g.neighbours[i + side].push_back(i);
            }
        }
    }
    return g;
}

/// What one scheme gives on one graph.
struct Outcome
{
    double reported = 0;         //!< share of (node, key) pairs reported present
    double meanCount = 0;        //!< CBF: mean Count over those pairs (truth: 1)
    uint32_t maxCount = 0;       //!< CBF: largest Count
    double fpr = 0;              //!< share of (node, absent key) pairs reported
    uint64_t refused = 0;        //!< cuckoo: fingerprints refused over all merges
    double staleAfterRemove = 0; //!< share of nodes still reporting the removed key
};

/**
 * Gossip on `g`: node i's own filter is `make(keys of node i)`; after 3 D
 * rounds key 0's holder drops it from its own filter and 3 D more rounds run.
 * \param make builds a filter from a list of key ids
 * \param merge merge(into, from) merges a neighbour's filter
 * \param count count(filter, key): the CBF count, else 0 or 1
 * \param refused refused(filter): fingerprints the filter refused so far
 */
template <class Make, class Merge, class Count, class Refused>
Outcome
Gossip(const Graph& g,
       const std::vector<uint32_t>& holder,
       Make make,
       Merge merge,
       Count count,
       Refused refused)
{
    const auto n = static_cast<uint32_t>(g.neighbours.size());
    const auto keys = static_cast<uint32_t>(holder.size());
    std::vector<std::vector<uint64_t>> held(n);
    for (uint32_t key = 0; key < keys; ++key)
    {
        held[holder[key]].push_back(key);
    }
    using Filter = decltype(make(held[0]));
    std::vector<Filter> own;
    for (uint32_t i = 0; i < n; ++i)
    {
        own.push_back(make(held[i]));
    }
    std::vector<Filter> current = own;
    uint64_t refusals = 0;
    auto rounds = [&](uint32_t r) {
        for (uint32_t round = 0; round < r; ++round)
        {
            std::vector<Filter> next = own;
            for (uint32_t i = 0; i < n; ++i)
            {
                const uint64_t before = refused(next[i]);
                for (uint32_t j : g.neighbours[i])
                {
                    merge(next[i], current[j]);
                }
                refusals += refused(next[i]) - before;
            }
            current.swap(next);
        }
    };
    rounds(3 * g.diameter);
    Outcome o;
    uint64_t hits = 0;
    double sum = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        for (uint32_t key = 0; key < keys; ++key)
        {
            const uint32_t c = count(current[i], Key::FromId(key));
            hits += c > 0 ? 1 : 0;
            sum += c;
            o.maxCount = std::max(o.maxCount, c);
        }
    }
    const double pairs = static_cast<double>(n) * keys;
    o.reported = static_cast<double>(hits) / pairs;
    o.meanCount = sum / pairs;
    const uint32_t probes = 2000;
    uint64_t falsePositives = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        for (uint32_t p = 0; p < probes; ++p)
        {
            falsePositives += count(current[i], Key::FromId(1000000 + p)) > 0 ? 1 : 0;
        }
    }
    o.fpr = static_cast<double>(falsePositives) / (static_cast<double>(n) * probes);
    o.refused = refusals;
    // Key 0's holder gives it up: its own filter is rebuilt without it.
    std::vector<uint64_t> rest;
    for (uint64_t key : held[holder[0]])
    {
        if (key != 0)
        {
            rest.push_back(key);
        }
    }
    own[holder[0]] = make(rest);
    rounds(3 * g.diameter);
    uint32_t stale = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        stale += count(current[i], Key::FromId(0)) > 0 ? 1 : 0;
    }
    o.staleAfterRemove = static_cast<double>(stale) / n;
    return o;
}

void
Row(const char* scheme, uint32_t bits, const Outcome& o, bool counts)
{
    std::printf("| %s | %u | %.3f | ", scheme, bits, o.reported);
    if (counts)
    {
        std::printf("%.1f / %u | ", o.meanCount, o.maxCount);
    }
    else
    {
        std::printf("– | ");
    }
    std::printf("%.4f | %llu | %.2f |\n",
                o.fpr,
                static_cast<unsigned long long>(o.refused),
                o.staleAfterRemove);
}

} // namespace

int
main(int argc, char** argv)
{
    ns3::CheckStandardOutputAtExit("gossip-role"); // > /dev/full: exit 1, not 0
    if (argc > 1)
    {
        std::fprintf(stderr, "gossip-role: takes no options (got '%s')\n", argv[1]);
        return 2;
    }
    // 512 bits for the BF and the cuckoo table (64 entries of 8 bits, 16
    // buckets of 4); the CBF has the BF's 512 positions with 4-bit counters.
    const uint32_t m = 512;
    const uint32_t k = 5;
    const uint32_t c = 4;
    const uint32_t buckets = 16;
    const uint32_t bucketSize = 4;
    const uint32_t f = 8;
    SplitMix64 random(1);
    for (const Graph& g : {Line(20), Grid(10)})
    {
        for (uint32_t keys : {30U, 70U})
        {
            const auto n = static_cast<uint32_t>(g.neighbours.size());
            std::vector<uint32_t> holder(keys);
            for (uint32_t& h : holder)
            {
                h = static_cast<uint32_t>(((random() >> 32) * n) >> 32);
            }
            std::printf("\n%s (D = %u), %u keys on random nodes, 3 D rounds:\n\n",
                        g.name.c_str(),
                        g.diameter,
                        keys);
            std::printf("| scheme | bits | reported | CBF count mean / max (truth 1) | FPR | "
                        "refused | still reported after removal |\n");
            std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
            auto bf = [&](const std::vector<uint64_t>& ids) {
                BloomFilter x(m, k);
                for (uint64_t id : ids)
                {
                    x.Insert(Key::FromId(id));
                }
                return x;
            };
            auto cbf = [&](const std::vector<uint64_t>& ids) {
                CountingBloomFilter x(m, k, c);
                for (uint64_t id : ids)
                {
                    x.Insert(Key::FromId(id));
                }
                return x;
            };
            auto cuckoo = [&](const std::vector<uint64_t>& ids) {
                CuckooFilter x(buckets, f, bucketSize, ids.empty() ? 0 : ids.front());
                for (uint64_t id : ids)
                {
                    x.Insert(Key::FromId(id));
                }
                return x;
            };
            auto none = [](const auto&) { return uint64_t{0}; };
            Row("BF, OR",
                m,
                Gossip(
                    g,
                    holder,
                    bf,
                    [](BloomFilter& a, const BloomFilter& b) { a.Union(b); },
                    [](const BloomFilter& x, const Key& key) { return x.Contains(key) ? 1U : 0U; },
                    none),
                false);
            auto cbfCount = [](const CountingBloomFilter& x, const Key& key) {
                return x.Count(key);
            };
            Row("CBF, sum",
                m * c,
                Gossip(
                    g,
                    holder,
                    cbf,
                    [](CountingBloomFilter& a, const CountingBloomFilter& b) { a.AddCounters(b); },
                    cbfCount,
                    none),
                true);
            Row("CBF, max",
                m * c,
                Gossip(
                    g,
                    holder,
                    cbf,
                    [](CountingBloomFilter& a, const CountingBloomFilter& b) { a.MaxCounters(b); },
                    cbfCount,
                    none),
                true);
            Row("cuckoo, Merge",
                buckets * bucketSize * f,
                Gossip(
                    g,
                    holder,
                    cuckoo,
                    [](CuckooFilter& a, const CuckooFilter& b) { a.Merge(b); },
                    [](const CuckooFilter& x, const Key& key) { return x.Contains(key) ? 1U : 0U; },
                    [](const CuckooFilter& x) { return x.GetInsertFailures(); }),
                false);
        }
    }
    return 0;
}
