/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The harness's reader of ns-2 movement traces: every line checked, as
 * ns-3's Ns2MobilityHelper will read it, before the run (--ns2-trace).
 */
#ifndef BLOOM_GOSSIP_NS2_TRACE_READER_H
#define BLOOM_GOSSIP_NS2_TRACE_READER_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/// Fastest speed (m/s) a moving model or an ns-2 setdest may give.
constexpr double kMaxScenarioSpeed = 1000;

/// \ingroup bloom-gossip
/// One command of an ns-2 movement trace.
struct Ns2Command
{
    uint64_t line{0};      //!< line number (from 1)
    uint64_t node{0};      //!< $node_(N)
    bool scheduled{false}; //!< "$ns_ at T ...", else an initial "$node_(N) set"
    double at{0};          //!< T (s), scheduled only
    bool setdest{false};   //!< setdest X Y S, else set X_/Y_/Z_ V
    double x{0};           //!< setdest: destination x (m)
    double y{0};           //!< setdest: destination y (m)
    double speed{0};       //!< setdest: speed (m/s; 0 stops the node)
    char coord{0};         //!< set: 'X', 'Y' or 'Z'
    double value{0};       //!< set: the coordinate (m)
};

/**
 * Read and check an ns-2 movement trace, every line, as ns-3's
 * Ns2MobilityHelper will read it: blank lines and '#' comments are skipped,
 * blanks and ';' at a line's end are ignored, GOD lines ("$god_ ..." and
 * "$ns_ at T \"$god_ ...\"") are ignored; every other line must be
 *   $node_(N) set X_|Y_|Z_ V
 *   $ns_ at T "$node_(N) set X_|Y_|Z_ V"
 *   $ns_ at T "$node_(N) setdest X Y S"
 * with coordinates within +-kMaxWsnCoordinate, T in [0, kMaxScenarioTime],
 * S in [0, kMaxScenarioSpeed], and each node's scheduled commands in time
 * order (ns-3 applies them in file order, each from where the previous one
 * left the node).  Throws "--ns2-trace: FILE line L: problem".
 * \param path the trace
 * \return its commands, file order
 */
std::vector<Ns2Command> ReadNs2Trace(const std::string& path);

} // namespace ns3

#endif // BLOOM_GOSSIP_NS2_TRACE_READER_H
