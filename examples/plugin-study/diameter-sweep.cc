/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The plug-in study's diameter-sweep: the module's program (the harness's
 * DiameterSweepMain) with this folder's family, hsbf (hsbf-gossip.cc), and
 * query strategy, walk (walk-query-strategy.cc), linked in.  Both register
 * themselves when the program loads, so --filter hsbf, --scope,
 * --query-strategy walk and --ns3::WalkQueryStrategy::Bias are options of
 * this program like the module's own.  See README.md.
 */
#include "ns3/diameter-sweep-program.h"

int
main(int argc, char** argv)
{
    return ns3::DiameterSweepMain(argc, argv);
}
