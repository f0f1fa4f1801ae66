/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-recorders.h"

#include "netanim-recorder.h"
#include "scenario-limits.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScenarioRecorders");

void
ScenarioRecorders::Validate(double simTime, uint32_t queries) const
{
    if (netanim && !NetAnimBuilt())
    {
        ThrowOptionError("--netanim",
                         "needs ns-3's netanim module, which this build was configured without "
                         "(in an ns-3 tree: --enable-modules='bloom-gossip-scenario;netanim')");
    }
    if (map && mapTime > simTime)
    {
        ThrowOptionError("--map-time",
                         fmt::format("{} s is after --sim-time {}", mapTime, simTime));
    }
    if (!map && (mapTime >= 0 || mapEvery > 0))
    {
        ThrowOptionError(mapTime >= 0 ? "--map-time" : "--map-every", "needs --map-csv");
    }
    if (mapEvery < 0 || (mapEvery > 0 && simTime / mapEvery > 10000))
    {
        ThrowOptionError("--map-every",
                         fmt::format("{} s: at most 10,000 maps per run, none below 0", mapEvery));
    }
    if (walks && queries == 0)
    {
        ThrowOptionError("--walk-csv", "needs --queries > 0 (no query, no path)");
    }
}

std::vector<double>
ScenarioRecorders::MapTimes(double simTime) const
{
    // The one schedule of the maps.  Times are first + i x mapEvery,
    // multiplied rather than summed, so that one that falls on the end of
    // the run is not lost to rounding (0.05 s steps summed over 30 s end a
    // hair above 30 s).  A time at the end (within 1e-9 s, relative to the
    // run beyond 1 s) is the end-of-run map; so is a map asked for at or
    // after the end, or at no time.
    std::vector<double> times;
    if (!map)
    {
        return times;
    }
    const double end = simTime - 1e-9;
    const double first = FirstMapTime();
    if (first < 0 || first >= end)
    {
        times.push_back(simTime);
        return times;
    }
    for (uint64_t i = 0;; ++i)
    {
        const double t = first + static_cast<double>(i) * mapEvery;
        if (t >= end)
        {
            if (std::abs(t - simTime) <= 1e-9 * std::max(1.0, simTime))
            {
                times.push_back(simTime);
            }
            break;
        }
        times.push_back(t);
        if (!(mapEvery > 0))
        {
            break;
        }
    }
    return times;
}

uint64_t
ScenarioRecorders::MapCount(double simTime) const
{
    return MapTimes(simTime).size();
}

void
ScenarioRecorders::CheckMapRows(double simTime,
                                uint32_t nodes,
                                uint64_t resources,
                                uint64_t links) const
{
    const uint64_t maps = MapCount(simTime);
    const uint64_t perMap = uint64_t{nodes} * resources + links;
    if (maps > 0 && perMap > kMaxMapRows / maps)
    {
        ThrowOptionError(mapEvery > 0 ? "--map-every" : "--map-csv",
                         fmt::format("{} maps of {} rows ({} nodes x {} resources and {} links) "
                                     "are {} rows, more than the {} a run keeps (memory grows with "
                                     "them); map less often or fewer resources",
                                     maps,
                                     perMap,
                                     nodes,
                                     resources,
                                     links,
                                     maps * perMap,
                                     kMaxMapRows));
    }
}

} // namespace ns3
