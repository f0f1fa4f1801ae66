/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * BF, LBF, ABF and SDBF gossip at one message budget on a line.  Every family gets
 * the same number of filter bytes per advertisement (--budget) and sizes its
 * filter to fit: BF m = 8 B bits, LBF m = 8 B / b cells of b bits, ABF
 * d = diameter + 1 levels of B / d bytes each.  One call of
 * RunGossipScenario per family builds the network, runs the gossip and
 * returns the ground-truth metrics.
 *
 *   ./equal-budget-example --nodes=25 --budget=92
 *   ./equal-budget-example --budget=48 --b=4
 */
#include "ns3/command-line.h"
#include "ns3/gossip-scenario.h"
#include "ns3/standard-output.h"

#include <iomanip>
#include <iostream>
#include <stdexcept>

using namespace ns3;

int
main(int argc, char* argv[])
{
    CheckStandardOutputAtExit("equal-budget-example"); // > /dev/full: exit 1, not 0
    uint32_t nodes = 25;
    uint32_t budget = 92;
    uint32_t cellBits = 5;
    uint32_t resources = 16;
    double time = 30.0;
    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "nodes on the line (diameter nodes - 1)", nodes);
    cmd.AddValue("budget", "filter bytes per advertisement, the same for every family", budget);
    cmd.AddValue("b", "LBF bits per cell", cellBits);
    cmd.AddValue("resources", "resources, each on one random node", resources);
    cmd.AddValue("time", "simulated seconds per run", time);
    cmd.Parse(argc, argv);

    // One configuration; only the filter family changes between the runs.
    GossipScenarioConfig config;
    config.topology = ScenarioTopology::LINE;
    config.nodes = nodes;
    config.budgetBytes = budget;
    config.cellBits = cellBits;
    config.resources = resources;
    config.probes = 1000; // keys never inserted: false-positive probes
    config.simTime = time;

    std::cout << "equal budget: " << budget << " filter bytes per advertisement, line of " << nodes
              << " nodes, " << config.resources << " resources, " << time << " s\n\n"
              << "family      m  levels  message bytes  exact hops  hop MAE   miss    FPR\n"
              << std::fixed;
    for (bloom::FilterKind family : bloom::FilterKinds())
    {
        config.filter = family;
        GossipScenarioResult r;
        try
        {
            r = RunGossipScenario(config); // validates the configuration first
        }
        catch (const std::invalid_argument& e)
        {
            std::cerr << "equal-budget-example: " << e.what() << "\n";
            return 2;
        }
        const GossipRunMetrics& m = r.metrics;
        std::cout << std::setw(6) << bloom::ToString(family) << std::setw(7) << r.slots
                  << std::setw(8) << r.depth << std::setw(15) << m.payloadBytes;
        if (m.hasDistance) // hop estimates: LBF, ABF and SDBF
        {
            std::cout << std::setprecision(3) << std::setw(12) << m.overall.exact << std::setw(9)
                      << m.overall.mae << std::setw(7) << m.overall.miss;
        }
        else
        {
            std::cout << std::setw(12) << "-" << std::setw(9) << "-" << std::setw(7) << "-";
        }
        std::cout << std::setprecision(3) << std::setw(7) << m.fpr << "\n";
    }
    std::cout
        << "\nm: BF and SDBF bits, LBF cells, ABF bits per level.\nexact hops: share of (node, "
           "resource)\npairs whose hop estimate equals the BFS distance; hop MAE: mean "
           "error of the\nestimates; miss: share of pairs without an estimate (beyond "
           "the LBF horizon).\nFPR: share of (node, never-inserted key) pairs reported "
           "present.\n";
    return 0;
}
