/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A program whose standard output cannot be written (> /dev/full, a closed
 * descriptor, a broken pipe) says so in one line and exits 1 rather than
 * reporting success.  Plain C++ (stdio and iostreams), without ns-3, so that
 * every program links it: the examples, the scenario programs
 * (cli::RunMain), the filter programs of benchmarks/ and tests/.
 */
#ifndef BLOOM_GOSSIP_STANDARD_OUTPUT_H
#define BLOOM_GOSSIP_STANDARD_OUTPUT_H

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Make the program fail when its standard output cannot be written.
 *
 * Registers (once) an exit handler that flushes and closes standard output:
 * if any write to it failed (`> /dev/full`, `>&-`, a closed pipe), the
 * program prints "<program>: cannot write to standard output: <reason>" on
 * standard error and ends with exit code 1 instead of reporting success.
 * Every program calls it first thing in main().
 * \param program the program's name, for the message (a string literal or a
 *        string that outlives the program's end)
 */
void CheckStandardOutputAtExit(const char* program);

/**
 * \ingroup bloom-gossip
 * \brief Flush standard output now and check that every write to it
 * succeeded (a program writing its result there, before it reports success).
 * \throws std::runtime_error "cannot write to standard output: <reason>"
 *         (the exit handler of CheckStandardOutputAtExit then says nothing
 *         more)
 */
void FlushStandardOutput();

} // namespace ns3

#endif // BLOOM_GOSSIP_STANDARD_OUTPUT_H
