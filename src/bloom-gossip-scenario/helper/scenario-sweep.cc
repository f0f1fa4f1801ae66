/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-sweep.h"

#include "dynamics-tables.h"
#include "netanim-recorder.h"
#include "scenario-cli.h"
#include "scenario-tables.h"

#include "ns3/filter-family.h"
#include "ns3/log.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <fmt/format.h>
#include <iostream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScenarioSweep");

namespace
{

/// Frame receptions above which the sweep announces its cost up front.
constexpr double kLongSweepReceptions = 1e9;

std::string
JoinLines(const std::string& header, const std::vector<std::string>& rows)
{
    std::string out = header + "\n";
    for (const auto& row : rows)
    {
        out += row + "\n";
    }
    return out;
}

template <typename T>
void
Append(std::vector<T>& to, std::vector<T> rows)
{
    for (auto& row : rows)
    {
        to.push_back(std::move(row));
    }
}

/// The families of `--filter all`.
std::vector<bloom::FilterKind>
AllFilters()
{
    std::vector<bloom::FilterKind> all;
    for (const bloom::FilterFamily& f : bloom::FilterFamilies())
    {
        all.push_back(f.kind);
    }
    return all;
}

} // namespace

void
CheckSweepOptions(ScenarioSweepOptions& o)
{
    GossipScenarioConfig& c = o.config;
    if (o.Given("--events"))
    {
        if (o.events.empty())
        {
            cli::Fail("--events",
                      "empty list; expected T:add:RES:NODE, T:remove:RES or T:fail:NODE, "
                      "comma-separated");
        }
        size_t start = 0;
        while (true)
        {
            const size_t comma = o.events.find(',', start);
            const std::string item =
                o.events.substr(start,
                                comma == std::string::npos ? std::string::npos : comma - start);
            try
            {
                c.events.push_back(WorkloadEvent::Parse(item));
            }
            catch (const std::invalid_argument& e)
            {
                cli::Fail("--events", e.what());
            }
            if (comma == std::string::npos)
            {
                break;
            }
            start = comma + 1;
        }
    }
    // Queries: at least one filter of the sweep must support a listed
    // strategy (some need a family with distance), or the sweep would issue none.
    if (c.queries > 0)
    {
        bool any = false;
        for (bloom::FilterKind f : o.filters)
        {
            any = any || !c.queryStrategy.Resolve(f).empty();
        }
        if (!any)
        {
            cli::Fail("--query-strategy",
                      "'" + ToString(c.queryStrategy) + "' does not apply to --filter " +
                          (o.filters == AllFilters() ? "all" : bloom::ToString(o.filters.front())) +
                          " (" + QueryStrategyNeeds() + "), so no query would be issued");
        }
        bool anyWarmup = c.queryWarmup == 0;
        for (bloom::FilterKind f : o.filters)
        {
            GossipScenarioConfig p = c;
            p.filter = f;
            anyWarmup = anyWarmup || !p.QueryWarmupStrategies().empty();
        }
        if (!anyWarmup)
        {
            cli::Fail("--query-warmup-strategy",
                      "'" + ToString(c.queryWarmupStrategy) + "' does not apply to --filter " +
                          (o.filters == AllFilters() ? "all" : bloom::ToString(o.filters.front())) +
                          " (" + QueryStrategyNeeds() + "), so no warm-up query would be issued");
        }
    }
}

std::vector<GossipScenarioConfig>
ExpandSweep(const ScenarioSweepOptions& o)
{
    const GossipScenarioConfig& c = o.config;
    const bool given[3] = {o.Given("--diameters"), o.Given("--grid"), o.Given("--nodes")};
    if (given[0] + given[1] + given[2] > 1)
    {
        cli::Fail(given[0] ? "--diameters" : "--grid",
                  "give only one of --diameters, --grid and --nodes");
    }
    if (c.topology != ScenarioTopology::FILE && o.Given("--positions"))
    {
        cli::Fail("--positions",
                  "only with --topology file (the topology is " + ToString(c.topology) + ")");
    }
    if (c.topology == ScenarioTopology::FILE && (given[0] || given[1] || given[2]))
    {
        cli::Fail(given[0]   ? "--diameters"
                  : given[1] ? "--grid"
                             : "--nodes",
                  "not with --topology file (the positions file sets the nodes)");
    }
    if (c.topology == ScenarioTopology::BCUN && (given[0] || given[1] || given[2]))
    {
        cli::Fail(given[0]   ? "--diameters"
                  : given[1] ? "--grid"
                             : "--nodes",
                  "not with --topology bcun (--bcun-nodes sets the nodes drawn; the diameter "
                  "is a result)");
    }
    std::vector<GossipScenarioConfig> points;
    if (given[0])
    {
        if (c.topology != ScenarioTopology::LINE && c.topology != ScenarioTopology::GRID)
        {
            cli::Fail("--diameters", "only for --topology line or grid (use --nodes)");
        }
        for (uint64_t diameter :
             cli::ParseUnsignedList("--diameters", o.diameters, 1, kMaxScenarioNodes - 1))
        {
            const auto d = static_cast<uint32_t>(diameter);
            GossipScenarioConfig p = c;
            if (c.topology == ScenarioTopology::LINE)
            {
                p.nodes = d + 1;
            }
            else
            {
                if (d % 2 != 0 || d < 2 || d > 508)
                {
                    cli::Fail("--diameters",
                              fmt::format("{}: a square grid has an even diameter in 2..508", d));
                }
                p.gridWidth = p.gridHeight = d / 2 + 1;
                p.nodes = p.gridWidth * p.gridHeight;
            }
            points.push_back(p);
        }
    }
    else if (given[1])
    {
        if (c.topology != ScenarioTopology::GRID)
        {
            cli::Fail("--grid", "needs --topology grid");
        }
        const auto x = o.grid.find('x');
        if (x == std::string::npos)
        {
            cli::Fail("--grid", bloom::QuoteForMessage(o.grid) + " is not WxH (e.g. 5x4)");
        }
        const auto w = cli::ParseUnsigned("--grid", o.grid.substr(0, x), 1, kMaxScenarioNodes);
        const auto h = cli::ParseUnsigned("--grid", o.grid.substr(x + 1), 1, kMaxScenarioNodes);
        if (w * h < 2 || w * h > kMaxScenarioNodes)
        {
            cli::Fail("--grid",
                      fmt::format("{} has {} nodes, out of range 2..{}",
                                  bloom::QuoteForMessage(o.grid),
                                  w * h,
                                  kMaxScenarioNodes));
        }
        GossipScenarioConfig p = c;
        p.gridWidth = static_cast<uint32_t>(w);
        p.gridHeight = static_cast<uint32_t>(h);
        p.nodes = p.gridWidth * p.gridHeight;
        points.push_back(p);
    }
    else if (c.topology == ScenarioTopology::FILE || c.topology == ScenarioTopology::BCUN)
    {
        points.push_back(c);
    }
    else
    {
        for (uint64_t n :
             cli::ParseUnsignedList("--nodes", given[2] ? o.nodes : "20", 2, kMaxScenarioNodes))
        {
            GossipScenarioConfig p = c;
            p.nodes = static_cast<uint32_t>(n);
            points.push_back(p);
        }
    }
    return points;
}

void
AddSweepFiles(ScenarioSweepOptions& o, size_t runs, OutputFiles& outputs)
{
    const ScenarioDynamicsConfig& dyn = o.config.dynamics;
    // Outputs: the per-run table, the per-distance table and, with queries,
    // the per-query table.
    if (o.out.empty())
    {
        cli::Fail("--out", "empty file name");
    }
    if (o.outDistance.empty())
    {
        o.outDistance = OutputFiles::DerivedName("--out", o.out, "-by-distance.csv");
    }
    if (o.outQueries.empty())
    {
        o.outQueries = OutputFiles::DerivedName("--out", o.out, "-queries.csv");
    }
    // Every output checked now (not a folder, device, FIFO or symbolic link;
    // a writable folder; no two the same file, none an input), written at
    // the end all together or not at all.
    if (!o.configFile.empty())
    {
        outputs.AddInput("--config", o.configFile);
    }
    if (o.config.topology == ScenarioTopology::FILE)
    {
        outputs.AddInput("--positions", o.config.positions);
    }
    if (dyn.mobility == ScenarioMobility::NS2)
    {
        outputs.AddInput("--ns2-trace", dyn.ns2Trace);
    }
    // The per-run table first, so it is renamed last: when it exists, so do
    // the others (sweep.sh resumes on it).
    outputs.AddOutput("--out", o.out);
    outputs.AddOutput("--out-distance", o.outDistance);
    if (o.config.queries > 0)
    {
        outputs.AddOutput("--out-queries", o.outQueries);
    }
    if (o.outSeries.empty())
    {
        o.outSeries = OutputFiles::DerivedName("--out", o.out, "-series.csv");
    }
    if (dyn.Sampling())
    {
        outputs.AddOutput("--out-series", o.outSeries);
    }
    if (o.recorders.map)
    {
        outputs.AddOutput("--map-csv", o.mapCsv);
    }
    if (o.recorders.walks)
    {
        outputs.AddOutput("--walk-csv", o.walkCsv);
    }
    if (o.recorders.netanim)
    {
        // (Without the netanim module, Validate() refuses --netanim later.)
        if (NetAnimBuilt() && runs != 1)
        {
            cli::Fail("--netanim",
                      fmt::format("traces one run, but this sweep has {} (give one --filter "
                                  "and one network)",
                                  runs));
        }
        outputs.AddOutput("--netanim", o.netanim);
    }
}

double
CheckSweepRuns(const ScenarioSweepOptions& o, const std::vector<GossipScenarioConfig>& points)
{
    // Set up (without running) every network and filter of the sweep, and
    // estimate its cost: frame receptions (transmissions x (mean degree + 1)),
    // the unit simulation time grows with.
    double receptions = 0;
    for (const auto& base : points)
    {
        for (bloom::FilterKind f : o.filters)
        {
            GossipScenarioConfig p = base;
            p.filter = f;
            const GossipScenarioResult set = CheckGossipScenario(p, o.recorders);
            const double rounds = p.timer == BloomGossipApplication::PERIODIC
                                      ? p.simTime / p.interval
                                      : p.simTime / p.trickleImin;
            receptions += set.nodes * rounds * std::max(1U, set.framesPerAdvertisement) *
                          (set.meanDegree + 1);
            if (set.budgetFpr && o.dryRun && !o.quiet)
            {
                // The shape the budget with a codec chose (a run prints it
                // in its progress line).
                std::cerr << fmt::format("{}: {} on the {}-node {}: m = {}, k = {} coded in {} "
                                         "bytes, expected FPR {:.3g}\n",
                                         o.program,
                                         bloom::ToString(f),
                                         set.nodes,
                                         ToString(p.topology),
                                         set.slots,
                                         set.hashes,
                                         p.budgetBytes,
                                         *set.budgetFpr);
            }
            if (set.offeredLoad > 1)
            {
                std::cerr << fmt::format(
                    "{}: warning: {} on the {}-node {}: a neighbourhood offers {:.2f}x the air "
                    "time between two advertisements; CSMA/CA will drop frames (raise "
                    "--interval)\n",
                    o.program,
                    bloom::ToString(f),
                    set.nodes,
                    ToString(p.topology),
                    set.offeredLoad);
            }
            if (set.components > 1 && f == o.filters.front())
            {
                // Not an error (a study of partitions is legitimate), but
                // never silent: estimates across components are misses.
                std::cerr << fmt::format(
                    "{}: warning: the {} network of {} nodes is disconnected ({} components; "
                    "diameter {} is the largest component's); see the components column\n",
                    o.program,
                    ToString(p.topology),
                    set.nodes,
                    set.components,
                    set.diameter);
            }
        }
    }
    return receptions;
}

std::string
SweepProgress(size_t done,
              size_t total,
              const GossipScenarioConfig& p,
              const GossipScenarioResult& r)
{
    std::string out = fmt::format(
        "[{}/{}] {} {} n={} D={} {}{} exact={} wall={:.1f}s\n",
        done,
        total,
        bloom::ToString(p.filter),
        ToString(p.topology),
        r.nodes,
        r.diameter,
        r.describe,
        r.budgetFpr ? fmt::format(" (budget fpr {:.3g})", *r.budgetFpr) : std::string(),
        r.metrics.hasDistance ? fmt::format("{:.3f}", r.metrics.overall.exact) : std::string("NA"),
        r.wallSeconds);
    for (bloom::QueryStrategy strategy : r.queryStrategies)
    {
        const QuerySummary q = SummariseQueries(r.queries, strategy);
        out += fmt::format("        queries {}: {} issued, success {:.3f}, "
                           "latency median {:.4f} s, stretch {:.2f}, "
                           "{:.1f} frames/query, absent {:.1f} frames\n",
                           bloom::ToString(strategy),
                           q.queries,
                           q.success,
                           q.latencyMedian,
                           q.stretch,
                           q.frames,
                           q.absentFrames);
    }
    return out;
}

SweepTables::SweepTables(const ScenarioSweepOptions& options)
    : m_config(options.config),
      m_recorders(options.recorders)
{
}

void
SweepTables::Add(const GossipScenarioConfig& p, const GossipScenarioResult& r)
{
    Append(m_runs, GossipRunsCsvRows(p, r));
    const std::string prefix = DynamicsRunPrefix(p, r);
    Append(m_series, DynamicsSeriesCsvRows(prefix, r.dynamics));
    Append(m_maps, MapCsvRows(prefix, r.dynamics));
    Append(m_walks, WalkCsvRows(prefix, r.dynamics));
    m_netanim += r.dynamics.netanim;
    Append(m_distance, GossipDistanceCsvRows(p, r));
    Append(m_queries, GossipQueryCsvRows(p, r));
}

std::vector<std::string>
SweepTables::Contents() const
{
    const ScenarioDynamicsConfig& dyn = m_config.dynamics;
    std::vector<std::string> contents{JoinLines(GossipRunsCsvHeader(m_config), m_runs),
                                      JoinLines(GossipDistanceCsvHeader(), m_distance)};
    if (m_config.queries > 0)
    {
        contents.push_back(JoinLines(GossipQueryCsvHeader(), m_queries));
    }
    if (dyn.Sampling())
    {
        contents.push_back(JoinLines(DynamicsSeriesCsvHeader(DynamicsRunPrefixHeader()), m_series));
    }
    if (m_recorders.map)
    {
        contents.push_back(JoinLines(MapCsvHeader(DynamicsRunPrefixHeader()), m_maps));
    }
    if (m_recorders.walks)
    {
        contents.push_back(JoinLines(WalkCsvHeader(DynamicsRunPrefixHeader()), m_walks));
    }
    if (m_recorders.netanim)
    {
        contents.push_back(m_netanim);
    }
    return contents;
}

int
RunScenarioSweep(ScenarioSweepOptions o)
{
    CheckSweepOptions(o);
    o.config.hashesGiven = o.Given("--k");
    const std::vector<GossipScenarioConfig> points = ExpandSweep(o);
    const size_t total = points.size() * o.filters.size();
    OutputFiles outputs;
    AddSweepFiles(o, total, outputs);
    const double receptions = CheckSweepRuns(o, points);
    for (const std::string& line : o.warnings)
    {
        std::cerr << line << "\n";
    }
    // Say up front when the sweep is long (the periodic timer's count; with
    // Trickle an upper bound).  A million receptions took 7-10 s of wall
    // time with the grid channel (doc/performance, 1,600 and 10,000 nodes).
    if (receptions > kLongSweepReceptions)
    {
        std::cerr << fmt::format("{}: note: about {:.2g} frame receptions to simulate, roughly "
                                 "{:.1f} hours at the 7-10 s per million measured for the grid "
                                 "channel (doc/performance); progress is printed per "
                                 "run{}\n",
                                 o.program,
                                 receptions,
                                 receptions / 1e6 * 10 / 3600,
                                 o.quiet ? " without --quiet" : "");
    }
    if (o.dryRun)
    {
        if (!o.quiet)
        {
            std::cerr << fmt::format("{}: {} runs checked, nothing simulated\n", o.program, total);
        }
        return 0;
    }

    SweepTables tables(o);
    size_t done = 0;
    for (const auto& base : points)
    {
        for (bloom::FilterKind f : o.filters)
        {
            GossipScenarioConfig p = base;
            p.filter = f;
            const GossipScenarioResult r = RunGossipScenario(p, o.recorders);
            tables.Add(p, r);
            ++done;
            if (!o.quiet)
            {
                std::cerr << SweepProgress(done, total, p, r);
            }
        }
    }
    outputs.WriteAll(tables.Contents());
    if (!o.quiet)
    {
        std::cerr << "wrote " << outputs.OutputList() << "\n";
    }
    return 0;
}

} // namespace ns3
