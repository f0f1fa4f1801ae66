/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The CSV tables of a run: per run (one row per query strategy), per query
 * and per true hop distance.  Each table is a list of columns, each declared
 * once with its name and how its value is made (CsvColumn); the header and
 * every row are derived from the list.  Columns are documented in the module
 * chapter (doc/bloom-gossip-scenario.rst) and the README.
 */
#ifndef BLOOM_GOSSIP_SCENARIO_TABLES_H
#define BLOOM_GOSSIP_SCENARIO_TABLES_H

#include "gossip-scenario.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * One column of a CSV table: its name and how its value is made from a row's
 * data, declared together.  A table is a std::vector of them; CsvHeader and
 * CsvRow derive its header and rows.
 * \tparam Row what one row is made from
 */
template <typename Row>
struct CsvColumn
{
    const char* name;                             //!< the header's word
    std::function<std::string(const Row&)> value; //!< the row's value
};

/// \param columns a table's columns \return its header (no trailing newline)
template <typename Row>
std::string
CsvHeader(const std::vector<CsvColumn<Row>>& columns)
{
    std::string out;
    for (const auto& column : columns)
    {
        out += (out.empty() ? "" : ",") + std::string(column.name);
    }
    return out;
}

/// \param columns a table's columns \param row a row's data \return the row (no newline)
template <typename Row>
std::string
CsvRow(const std::vector<CsvColumn<Row>>& columns, const Row& row)
{
    std::string out;
    bool first = true;
    for (const auto& column : columns)
    {
        out += (first ? "" : ",") + column.value(row);
        first = false;
    }
    return out;
}

/**
 * \ingroup bloom-gossip-scenario
 * The names of the per-run table's columns for a configuration, in order:
 * the gossip and query columns, the energy columns when config.EnergyOn(),
 * the dynamics columns when config.dynamics.Sampling(), then the tail
 * columns (GossipTailCsvHeader).  The header GossipRunsCsvHeader writes.
 * \param config the sweep's configuration
 * \return the column names
 */
std::vector<std::string> GossipCsvColumnNames(const GossipScenarioConfig& config);
/**
 * The whole header of the per-run table (runs.csv) for a configuration,
 * GossipCsvColumnNames joined (no trailing newline).
 * \param config the sweep's configuration
 * \return the header
 */
std::string GossipRunsCsvHeader(const GossipScenarioConfig& config);
/**
 * Whole rows of the per-run table, matching GossipRunsCsvHeader: GossipCsvRows,
 * then the dynamics columns when sampling, then the tail columns.
 * \param config a run's configuration \param result its result \return the rows
 */
std::vector<std::string> GossipRunsCsvRows(const GossipScenarioConfig& config,
                                           const GossipScenarioResult& result);

/// CSV header of the per-run table (no trailing newline).
std::string GossipCsvHeader();
/**
 * CSV header of the per-run table for a configuration: GossipCsvHeader(),
 * then, when config.EnergyOn(), the energy columns (GossipEnergyCsvHeader).
 * \param config the sweep's configuration
 * \return the header
 */
std::string GossipCsvHeader(const GossipScenarioConfig& config);
/// The energy columns appended to the per-run table when energy is on.
std::string GossipEnergyCsvHeader();
/**
 * The columns every per-run row ends with, after the energy and dynamics
 * columns (so that every earlier column keeps its place): gossip frames on
 * the air and dropped by the MAC, the share of non-holder pairs right for
 * good and the censored median and p90 of their time until right for good.
 * \return the header of GossipTailCsvColumns (no leading comma)
 */
std::string GossipTailCsvHeader();
/// \param result a run's result \return the values of GossipTailCsvHeader, with a leading comma
std::string GossipTailCsvColumns(const GossipScenarioResult& result);
/**
 * Rows of the per-run table (no trailing newline): one per query strategy of
 * the run (the gossip columns repeated), or one row with query_strategy NA
 * and NA query columns when the run issued no queries.
 */
std::vector<std::string> GossipCsvRows(const GossipScenarioConfig& config,
                                       const GossipScenarioResult& result);
/// The first of GossipCsvRows.
std::string GossipCsvRow(const GossipScenarioConfig& config, const GossipScenarioResult& result);
/// CSV header of the per-query table.
std::string GossipQueryCsvHeader();
/// Rows of the per-query table, one per query.
std::vector<std::string> GossipQueryCsvRows(const GossipScenarioConfig& config,
                                            const GossipScenarioResult& result);
/// The columns identifying a run: filter, topology, nodes, diameter, seed, run.
std::string RunKeyCsvHeader();
/// \param config a run's configuration \param result its result \return the values of
/// RunKeyCsvHeader (no trailing comma)
std::string RunKeyCsvColumns(const GossipScenarioConfig& config,
                             const GossipScenarioResult& result);
/// The prefix of the dynamics tables (time series, maps, query paths): the run key, then
/// DynamicsKeyCsvHeader (mobility, speed).
std::string DynamicsRunPrefixHeader();
/// \param config a run's configuration \param result its result
/// \return the values of DynamicsRunPrefixHeader, for DynamicsSeriesCsvRows and the others
std::string DynamicsRunPrefix(const GossipScenarioConfig& config,
                              const GossipScenarioResult& result);
/// CSV header of the per-distance table.
std::string GossipDistanceCsvHeader();
/// Rows of the per-distance table, one per true hop distance.
std::vector<std::string> GossipDistanceCsvRows(const GossipScenarioConfig& config,
                                               const GossipScenarioResult& result);

} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_TABLES_H
