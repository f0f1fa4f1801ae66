/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * What a run records besides its metrics, asked for by the program apart
 * from the model parameters (ScenarioRecorders: maps, query paths, a
 * NetAnim trace), and what the run gives back (ScenarioDynamicsResult:
 * data, no file).  The program decides the files (dynamics-tables.h formats
 * the rows).  Everything is off by default; a run records nothing it was
 * not asked for, and recording changes nothing it observes.
 */
#ifndef BLOOM_GOSSIP_SCENARIO_RECORDERS_H
#define BLOOM_GOSSIP_SCENARIO_RECORDERS_H

#include "query-walks.h"
#include "truth-sampler.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/// Most rows the maps of one run may hold (node rows and link rows, over
/// every map): one map of the largest ground truth (kMaxTruthPairs) and as
/// many links; the rows are kept in memory until the run ends (about 160
/// bytes each with their CSV text).
constexpr uint64_t kMaxMapRows = 8000000;

/**
 * \ingroup bloom-gossip
 * \brief The recorders a run attaches (RunGossipScenario's second
 * argument).  All off by default.
 */
struct ScenarioRecorders
{
    bool map{false};     //!< record map rows (--map-csv)
    double mapTime{-1};  //!< first map time (s); < 0: the end of the run
    double mapEvery{0};  //!< > 0: a map every this many seconds from mapTime (or 0)
    bool walks{false};   //!< record query paths (--walk-csv)
    bool netanim{false}; //!< record a NetAnim trace (--netanim)

    /// \return the first map time (s): mapTime, 0 with only mapEvery, < 0 for the end
    double FirstMapTime() const
    {
        return mapTime >= 0 ? mapTime : (mapEvery > 0 ? 0.0 : -1.0);
    }

    /**
     * The one schedule of the maps (TruthSampler records them, the row
     * bound counts them).
     * \param simTime the run's simulated time (s)
     * \return the map times (s), in order; one at simTime is the end-of-run map
     */
    std::vector<double> MapTimes(double simTime) const;

    /// \param simTime the run's simulated time (s) \return the maps a run records
    uint64_t MapCount(double simTime) const;

    /**
     * Refuse (ThrowOptionError) maps whose rows would exceed kMaxMapRows:
     * maps x (nodes x resources + links), the links those of the network as
     * built (a moving network's change as it moves).
     * \param simTime the run's simulated time (s)
     * \param nodes the network's nodes
     * \param resources the most resources a run tracks (placed and added)
     * \param links the network's links as built
     */
    void CheckMapRows(double simTime, uint32_t nodes, uint64_t resources, uint64_t links) const;

    /**
     * Throws std::invalid_argument "--option: problem" (ThrowOptionError).
     * \param simTime the run's simulated time (s)
     * \param queries the run's query draws
     */
    void Validate(double simTime, uint32_t queries) const;
};

/// \ingroup bloom-gossip
/// What the dynamics and the recorders of one run produced.
struct ScenarioDynamicsResult
{
    std::vector<DynamicsSample> samples; //!< time series (when sampling)
    std::vector<double> repairDelays;    //!< s, from a link change to right again
    uint64_t unrepaired{0};              //!< broken pairs not right at the end
    uint32_t mobileNodes{0};             //!< nodes with a moving model
    std::vector<MapNodeRow> mapNodes;    //!< map rows (ScenarioRecorders::map)
    std::vector<MapLinkRow> mapLinks;    //!< map links (ScenarioRecorders::map)
    std::vector<WalkRow> walks;          //!< query paths (ScenarioRecorders::walks)
    std::vector<uint32_t> moving;        //!< the nodes with a moving model, ascending
    std::string netanim;                 //!< the NetAnim XML trace (ScenarioRecorders::netanim)
};

} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_RECORDERS_H
