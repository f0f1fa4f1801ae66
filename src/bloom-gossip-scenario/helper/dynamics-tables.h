/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The CSV text of a run's dynamics: the runs.csv columns they add, the
 * time series, the maps and the query paths.  Rows only; the program
 * decides the files.
 */
#ifndef BLOOM_GOSSIP_DYNAMICS_TABLES_H
#define BLOOM_GOSSIP_DYNAMICS_TABLES_H

#include "scenario-mobility.h"
#include "scenario-recorders.h"

#include <string>
#include <vector>

namespace ns3
{

/// \return the runs.csv columns the dynamics add (leading comma)
std::string DynamicsCsvHeaderSuffix();
/// \param config the options \param result the run's dynamics \return the values (leading comma)
std::string DynamicsCsvRowSuffix(const ScenarioDynamicsConfig& config,
                                 const ScenarioDynamicsResult& result);
/// \return the columns the dynamics add to a run's identity in the tables below: mobility, speed
std::string DynamicsKeyCsvHeader();
/// \param config the options \return their values (the speed 0 without motion, NA for a trace)
std::string DynamicsKeyCsvColumns(const ScenarioDynamicsConfig& config);
/// \param prefixHeader the columns identifying a run (DynamicsRunPrefixHeader of scenario-tables.h)
/// \return header of the time-series CSV
std::string DynamicsSeriesCsvHeader(const std::string& prefixHeader);
/// \param prefix values identifying the run (no trailing comma) \param result the dynamics
/// \return one row per sample
std::vector<std::string> DynamicsSeriesCsvRows(const std::string& prefix,
                                               const ScenarioDynamicsResult& result);
/// \param prefixHeader the columns identifying a run \return header of the map CSV
std::string MapCsvHeader(const std::string& prefixHeader);
/// \param prefix values identifying the run \param result the dynamics \return node and link rows
std::vector<std::string> MapCsvRows(const std::string& prefix,
                                    const ScenarioDynamicsResult& result);
/// \param prefixHeader the columns identifying a run \return header of the query-path CSV
std::string WalkCsvHeader(const std::string& prefixHeader);
/// \param prefix values identifying the run \param result the dynamics \return one row per step
std::vector<std::string> WalkCsvRows(const std::string& prefix,
                                     const ScenarioDynamicsResult& result);

} // namespace ns3

#endif // BLOOM_GOSSIP_DYNAMICS_TABLES_H
