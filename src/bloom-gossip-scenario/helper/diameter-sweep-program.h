/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The diameter-sweep program: its command line (the general options, the
 * parameter registry's sections, the sweep's own options), the checks of
 * options that apply to no run, and the sweep.  scratch/diameter-sweep.cc
 * is its main(); a study of its own families and strategies (a folder of
 * .cc files registering them, examples/plugin-study) builds the same
 * program with one main() calling DiameterSweepMain: every registered
 * family and strategy is then an option value, its options options.
 */
#ifndef BLOOM_GOSSIP_DIAMETER_SWEEP_PROGRAM_H
#define BLOOM_GOSSIP_DIAMETER_SWEEP_PROGRAM_H

#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * Run diameter-sweep on a command line (cli::RunMain: one error line and
 * exit code 2 for a usage error).
 * \param argc the arguments' count \param argv the arguments
 * \param program the program's name in messages
 * \return the exit code
 */
int DiameterSweepMain(int argc, char** argv, const std::string& program = "diameter-sweep");

} // namespace ns3

#endif // BLOOM_GOSSIP_DIAMETER_SWEEP_PROGRAM_H
