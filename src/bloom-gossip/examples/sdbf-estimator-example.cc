/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
/**
 * \file
 * \ingroup bloom-gossip-examples
 * Scope-decay Bloom filter (SDBF) hop estimates, analytic next to measured.
 * One node (node 0: an end of the line, a corner of the grid) holds `keys`
 * resources; every node gossips an SDBF over IEEE 802.15.4 (lr-wpan, unit
 * disk: each node hears its 2 line or 4 grid neighbours).  After `time`
 * seconds, for every true (BFS) hop distance h, the estimates of all nodes
 * at h for all keys over `seeds` runs (RngRun 1..seeds) are summarised:
 * detection rate, mean, bias and variance of h^ among detected keys, next
 * to the exact values for c ~ Binomial(k, (1-p)^h) (bloom::SdbfMoments).
 * On a line the model is exact but for collisions with other keys' bits; on
 * a grid several paths each keep a bit independently, so more bits survive
 * and h^ is biased low.
 *
 *   ./sdbf-estimator-example --topology=line --nodes=13 --seeds=20
 *   ./sdbf-estimator-example --topology=grid --nodes=7 --p=0.1
 */
#include "ns3/bloom-gossip-helper.h"
#include "ns3/command-line.h"
#include "ns3/double.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scope-decay-bloom-filter.h"
#include "ns3/sdbf-gossip-application.h"
#include "ns3/simulator.h"
#include "ns3/standard-output.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/wsn-network-helper.h"
#include "ns3/wsn-topology.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;

int
main(int argc, char* argv[])
{
    CheckStandardOutputAtExit("sdbf-estimator-example"); // > /dev/full: exit 1, not 0
    std::string topology = "line";
    uint32_t nodes = 13;
    uint32_t seeds = 10;
    uint32_t keys = 8;
    uint32_t bits = 4096;
    uint32_t hashes = 16;
    double p = 0.1;
    std::string estimator = "mle";
    double time = 30.0;
    CommandLine cmd(__FILE__);
    cmd.AddValue("topology", "line (nodes on a line) or grid (nodes x nodes)", topology);
    cmd.AddValue("nodes", "line length, or grid side (2..40)", nodes);
    cmd.AddValue("seeds", "runs, RngRun 1..seeds (1..1000)", seeds);
    cmd.AddValue("keys", "resources held by node 0 (1..100)", keys);
    cmd.AddValue("m", "SDBF bits m", bits);
    cmd.AddValue("k", "hash functions k (1..32)", hashes);
    cmd.AddValue("p", "decay probability p, 0 < p < 1", p);
    cmd.AddValue("estimator", "mle or ratio", estimator);
    cmd.AddValue("time", "simulated seconds per run", time);
    cmd.Parse(argc, argv);
    bloom::SdbfEstimator est;
    try
    {
        est = bloom::ParseSdbfEstimator(estimator);
        bloom::CheckDecayProbability(p);
        bloom::ScopeDecayBloomFilter(bits, hashes);
    }
    catch (const std::exception& e)
    {
        std::cerr << "sdbf-estimator-example: " << e.what() << "\n";
        return 2;
    }
    if ((topology != "line" && topology != "grid") || nodes < 2 || nodes > 40 || seeds < 1 ||
        seeds > 1000 || keys < 1 || keys > 100)
    {
        std::cerr << "sdbf-estimator-example: --topology=line|grid, --nodes=2..40, "
                     "--seeds=1..1000, --keys=1..100\n";
        return 2;
    }

    std::vector<double> pairs;
    std::vector<double> detected;
    std::vector<double> sum;
    std::vector<double> sum2;
    std::vector<uint32_t> truth;
    for (uint32_t run = 1; run <= seeds; ++run)
    {
        RngSeedManager::SetRun(run);
        WsnRadioConfig radio;
        radio.range = 12.0; // 10 m spacing: 2 line or 4 grid neighbours
        WsnNetworkHelper network(radio);
        network.Install(topology == "line" ? WsnTopology::Line(nodes, 10.0)
                                           : WsnTopology::Grid(nodes, nodes, 10.0));
        network.AssignStreams(100);
        BloomGossipHelper gossip("ns3::SdbfGossipApplication");
        gossip.SetAttribute("Bits", UintegerValue(bits));
        gossip.SetAttribute("Hashes", UintegerValue(hashes));
        gossip.SetAttribute("DecayProbability", DoubleValue(p));
        gossip.SetAttribute("Estimator", StringValue(estimator));
        ApplicationContainer apps = gossip.Install(network.GetNodes());
        gossip.AssignStreams(network.GetNodes(), 200);
        apps.Start(Seconds(0));
        std::vector<Ptr<SdbfGossipApplication>> app;
        for (uint32_t i = 0; i < apps.GetN(); ++i)
        {
            app.push_back(DynamicCast<SdbfGossipApplication>(apps.Get(i)));
        }
        for (uint64_t id = 1; id <= keys; ++id)
        {
            app[0]->AddResource(id);
        }
        Simulator::Stop(Seconds(time));
        Simulator::Run();
        truth = network.GetTopology().HopDistances({0});
        const uint32_t diameter = *std::max_element(truth.begin(), truth.end());
        pairs.resize(diameter + 1, 0);
        detected.resize(diameter + 1, 0);
        sum.resize(diameter + 1, 0);
        sum2.resize(diameter + 1, 0);
        for (uint32_t v = 0; v < app.size(); ++v)
        {
            for (uint64_t id = 1; id <= keys; ++id)
            {
                const auto h = app[v]->EstimateHops(id);
                pairs[truth[v]] += 1;
                if (h)
                {
                    detected[truth[v]] += 1;
                    sum[truth[v]] += *h;
                    sum2[truth[v]] += static_cast<double>(*h) * *h;
                }
            }
        }
        Simulator::Destroy();
    }

    std::printf("SDBF on a %s (%u nodes%s), m=%u k=%u p=%g, %s estimator, MinCount 1; "
                "%u keys at node 0, %u runs\n",
                topology.c_str(),
                topology == "line" ? nodes : nodes * nodes,
                topology == "line" ? "" : ", 4 neighbours",
                bits,
                hashes,
                p,
                estimator.c_str(),
                keys,
                seeds);
    std::printf("%3s %6s | %-29s | %-29s\n", "h", "pairs", "analytic", "measured");
    std::printf("%3s %6s | %6s %7s %7s %6s | %6s %7s %7s %6s\n",
                "",
                "",
                "detect",
                "mean",
                "bias",
                "var",
                "detect",
                "mean",
                "bias",
                "var");
    for (uint32_t h = 0; h < pairs.size(); ++h)
    {
        if (pairs[h] == 0)
        {
            continue;
        }
        const bloom::SdbfEstimateMoments a = bloom::SdbfMoments(hashes, 1 - p, h, 1, est);
        const double n = detected[h];
        const double mean = n > 0 ? sum[h] / n : 0;
        const double var = n > 1 ? (sum2[h] - n * mean * mean) / (n - 1) : 0;
        std::printf("%3u %6.0f | %6.3f %7.3f %+7.3f %6.3f | %6.3f %7.3f %+7.3f %6.3f\n",
                    h,
                    pairs[h],
                    a.detect,
                    a.mean,
                    a.bias,
                    a.variance,
                    n / pairs[h],
                    mean,
                    mean - h,
                    var);
    }
    return 0;
}
