/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * diameter-sweep: BF, LBF and ABF gossip on multi-hop 802.15.4 networks of
 * growing diameter.  One CSV row per (network, filter) - per (network,
 * filter, query strategy) with --queries - plus a CSV broken down by true hop
 * distance and, with --queries, a CSV with one row per query.
 *
 *   diameter-sweep --topology line --diameters 5,10,20,40 --filter all --out line.csv
 *   diameter-sweep --config scenarios/grid.ini --RngRun=3
 *   diameter-sweep --config scenarios/queries.ini --query-strategy all
 *   diameter-sweep --help
 *
 * --ns3::Type::Attribute=value (an attribute default the scenario does not
 * set itself, e.g. --ns3::LrWpanNetDevice::UseAcks=false), --RngRun=N and
 * --RngSeed=N are ns-3's.  Every option is checked before the first simulation starts; a bad
 * one gives one line "diameter-sweep: --option: problem" on stderr and exit
 * code 2, and no output file.
 */
#include "ns3/diameter-sweep-program.h"

int
main(int argc, char** argv)
{
    return ns3::DiameterSweepMain(argc, argv);
}
