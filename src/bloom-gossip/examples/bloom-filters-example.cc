/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
/**
 * \file
 * \ingroup bloom-gossip-examples
 * A tour of the three filter families of the bloom-gossip module: insert,
 * query, merge, per-hop attenuation and hop estimates, as a line of nodes
 * would see them.
 *
 *   ./bloom-filters-example --bits=8 --factor=0.9 --hops=6
 */
#include "ns3/attenuated-bloom-filter.h"
#include "ns3/bloom-filter.h"
#include "ns3/command-line.h"
#include "ns3/filter-codec.h"
#include "ns3/linear-bloom-filter.h"
#include "ns3/standard-output.h"

#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

std::string
Hops(const std::optional<uint32_t>& h)
{
    return h ? std::to_string(*h) : std::string("absent");
}

} // namespace

int
main(int argc, char* argv[])
{
    CheckStandardOutputAtExit("bloom-filters-example"); // > /dev/full: exit 1, not 0
    uint32_t cells = 256;
    uint32_t cellBits = 8;
    uint32_t hashes = 4;
    double factor = 0.9;
    uint32_t hops = 6;
    CommandLine cmd(__FILE__);
    cmd.AddValue("cells", "LBF cells m (BF and ABF use m bits per level)", cells);
    cmd.AddValue("bits", "LBF bits per cell b (1..16)", cellBits);
    cmd.AddValue("hashes", "hash functions k", hashes);
    cmd.AddValue("factor", "LBF attenuation factor a per hop, 0 < a < 1", factor);
    cmd.AddValue("hops", "length of the line of nodes to walk", hops);
    cmd.Parse(argc, argv);

    try
    {
        const Key printer = Key::FromName("printer");
        const Key camera = Key::FromName("camera");
        const Key absent = Key::FromName("never-inserted");
        std::cout << std::fixed << std::setprecision(4);

        std::cout << "== Plain Bloom filter (m=" << cells << " bits, k=" << hashes << ")\n";
        BloomFilter bf(cells, hashes);
        bf.Insert(printer);
        BloomFilter other(cells, hashes);
        other.Insert(camera);
        bf.Union(other);
        std::cout << "printer " << bf.Contains(printer) << ", camera " << bf.Contains(camera)
                  << ", never-inserted " << bf.Contains(absent) << "; fill " << bf.Fill()
                  << ", estimated n " << bf.EstimatedCardinality() << ", FPR now "
                  << bf.EstimatedFpr() << ", message " << Encode(bf).size() << " bytes\n\n";

        std::cout << "== Linear Bloom filter (m=" << cells << " cells x b=" << cellBits
                  << " bits, k=" << hashes << ", floor quantisation)\n";
        const LbfDecay decay = LbfDecay::Multiplicative(factor, cellBits);
        LinearBloomFilter lbf(cells, cellBits, hashes);
        lbf.Insert(printer, 1.0);
        lbf.Insert(camera, 0.5);
        std::cout << "insert (printer, 1.0), (camera, 0.5): query printer " << lbf.Query(printer)
                  << ", camera " << lbf.Query(camera) << ", never-inserted " << lbf.Query(absent)
                  << "\n";
        std::cout << "decay " << decay.Describe() << ": horizon " << decay.Horizon()
                  << " hops (distances 0.." << decay.Horizon() << " can be told apart)\n";
        std::cout << "walking a line: node i keeps max(own, attenuate(node i-1))\n";
        LinearBloomFilter walk(cells, cellBits, hashes);
        walk.Insert(printer, 1.0);
        for (uint32_t node = 0; node <= hops; ++node)
        {
            std::cout << "  node " << std::setw(2) << node << ": cell min " << std::setw(5)
                      << walk.QueryQuantized(printer) << "  c^ " << walk.Query(printer)
                      << "  hop estimate " << Hops(walk.EstimateHops(printer, decay)) << "\n";
            LinearBloomFilter next(cells, cellBits, hashes);
            next.MergeAttenuated(walk, decay);
            walk = next;
        }
        std::cout << "message " << Encode(lbf).size() << " bytes, whatever the network size\n\n";

        const uint32_t depth = hops + 1;
        std::cout << "== Attenuated Bloom filter (d=" << depth << " levels x m=" << cells
                  << " bits, k=" << hashes << ")\n";
        AttenuatedBloomFilter abf(depth, cells, hashes);
        abf.InsertLocal(printer);
        for (uint32_t node = 0; node <= hops; ++node)
        {
            std::cout << "  node " << std::setw(2) << node << ": lowest matching level "
                      << Hops(abf.EstimateHops(printer)) << "\n";
            AttenuatedBloomFilter next(depth, cells, hashes);
            next.MergeShifted(abf);
            abf = next;
        }
        std::cout << "message " << Encode(abf).size() << " bytes (grows with the depth d)\n";
    }
    catch (const std::invalid_argument& e)
    {
        std::cerr << "bloom-filters-example: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
