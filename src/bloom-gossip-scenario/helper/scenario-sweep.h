/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A sweep of gossip runs, as a program runs it once its options are parsed:
 * the networks of the sweep (--diameters, --grid, --nodes or a positions
 * file), the names of its outputs, the checks before the first simulation
 * (every run set up, its cost estimated), the runs with their progress lines
 * and the CSV tables joined and written all together.  Each step is a
 * function of its own, so that every program can reuse the ones it needs;
 * RunScenarioSweep chains them (diameter-sweep's main).
 */
#ifndef BLOOM_GOSSIP_SCENARIO_SWEEP_H
#define BLOOM_GOSSIP_SCENARIO_SWEEP_H

#include "gossip-scenario.h"
#include "output-files.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * What a sweep program's options give the sweep.  The option parser fills
 * it; every check that needs more than one option happens in the sweep's
 * functions, which report a bad combination with cli::Fail (one line naming
 * the option, exit 2 through cli::RunMain) before anything is simulated or
 * written.
 */
struct ScenarioSweepOptions
{
    std::string program{"diameter-sweep"}; //!< for warnings and notes on stderr
    /// The base of every run: every option except the network's size and
    /// the filter family, which the sweep sets per run.
    GossipScenarioConfig config;
    std::vector<bloom::FilterKind> filters; //!< the families of the sweep, in order
    /// Whether an option ("--diameters") was given, on the command line or
    /// in the --config file (cli::Given); unset: none was.
    std::function<bool(const std::string& option)> given;
    std::string diameters;       //!< --diameters: a list (line, grid)
    std::string grid;            //!< --grid: WxH
    std::string nodes;           //!< --nodes: a list (default 20)
    std::string events;          //!< --events: T:add:RES:NODE, T:remove:RES, T:fail:NODE, ...
    std::string configFile;      //!< --config (an input: no output may be it)
    std::string out{"runs.csv"}; //!< --out, the per-run table
    std::string outDistance;     //!< --out-distance (default derived from --out)
    std::string outQueries;      //!< --out-queries (default derived from --out)
    std::string outSeries;       //!< --out-series (default derived from --out)
    std::string mapCsv;          //!< --map-csv (with recorders.map)
    std::string walkCsv;         //!< --walk-csv (with recorders.walks)
    std::string netanim;         //!< --netanim (with recorders.netanim)
    /// What every run records besides its metrics (maps, query paths, NetAnim).
    ScenarioRecorders recorders;
    bool quiet{false};  //!< no progress lines
    bool dryRun{false}; //!< check and set up every run, simulate none
    /// Lines printed once the sweep is accepted (options ignored with a warning).
    std::vector<std::string> warnings;

    /// \param option e.g. "--diameters" \return whether it was given
    bool Given(const std::string& option) const
    {
        return given && given(option);
    }
};

/**
 * \ingroup bloom-gossip-scenario
 * The checks of the options that concern the whole sweep: --events parsed
 * into config.events, and with --queries at least one family of the sweep
 * supporting a listed query strategy.
 * \param options the sweep's options (config.events filled)
 */
void CheckSweepOptions(ScenarioSweepOptions& options);

/**
 * \ingroup bloom-gossip-scenario
 * The networks of a sweep: one configuration per network (the base with
 * its nodes and grid set; the filter left to the run), from --diameters
 * (line or square grid), --grid WxH, the positions file, or --nodes
 * (default 20).
 * \param options the sweep's options
 * \return the networks, in order
 */
std::vector<GossipScenarioConfig> ExpandSweep(const ScenarioSweepOptions& options);

/**
 * \ingroup bloom-gossip-scenario
 * The sweep's files: the derived output names (OUT with -by-distance,
 * -queries, -series before .csv) filled in `options`, the inputs and then
 * every output the sweep writes registered with `outputs` (checked now,
 * written together at the end), in the order SweepTables::Contents gives
 * their contents.
 * \param options the sweep's options
 * \param runs the number of runs (for --netanim, one run only)
 * \param outputs the registry to fill
 */
void AddSweepFiles(ScenarioSweepOptions& options, size_t runs, OutputFiles& outputs);

/**
 * \ingroup bloom-gossip-scenario
 * Everything a run could reject, before the first simulation: every run of
 * the sweep set up without simulating (CheckGossipScenario), with a warning
 * line for an overloaded neighbourhood or a disconnected network.
 * \param options the sweep's options
 * \param points the networks (ExpandSweep)
 * \return the estimated frame receptions of the whole sweep
 */
double CheckSweepRuns(const ScenarioSweepOptions& options,
                      const std::vector<GossipScenarioConfig>& points);

/**
 * \ingroup bloom-gossip-scenario
 * The progress lines of one finished run (run count, filter, network, exact
 * share, wall time; one line per query strategy), as printed on stderr.
 * \param done runs finished, this one included \param total runs of the sweep
 * \param config the run's configuration \param result its result
 * \return the lines, each ending in a newline
 */
std::string SweepProgress(size_t done,
                          size_t total,
                          const GossipScenarioConfig& config,
                          const GossipScenarioResult& result);

/**
 * \ingroup bloom-gossip-scenario
 * The tables of a sweep, filled run by run and joined at the end.
 */
class SweepTables
{
  public:
    /// \param options the sweep's options (which tables it writes)
    explicit SweepTables(const ScenarioSweepOptions& options);
    /// Append a run's rows. \param config the run's configuration \param result its result
    void Add(const GossipScenarioConfig& config, const GossipScenarioResult& result);
    /// \return each table's whole text (header and rows), in the order of AddSweepFiles
    std::vector<std::string> Contents() const;

  private:
    GossipScenarioConfig m_config; //!< the sweep's base configuration
    ScenarioRecorders m_recorders; //!< what the runs record
    std::vector<std::string> m_runs;
    std::vector<std::string> m_distance;
    std::vector<std::string> m_queries;
    std::vector<std::string> m_series;
    std::vector<std::string> m_maps;
    std::vector<std::string> m_walks;
    std::string m_netanim;
};

/**
 * \ingroup bloom-gossip-scenario
 * A whole sweep once its options are parsed: CheckSweepOptions,
 * ExpandSweep, AddSweepFiles, CheckSweepRuns (then the warnings and, for a
 * long sweep, a note of its cost), and unless options.dryRun every run with
 * its progress lines and the tables written all together.
 * \param options the sweep's options
 * \return the exit code (0)
 */
int RunScenarioSweep(ScenarioSweepOptions options);

} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_SWEEP_H
