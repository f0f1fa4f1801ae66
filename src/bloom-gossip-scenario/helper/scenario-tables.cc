/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-tables.h"

#include "dynamics-tables.h"

#include "ns3/filter-family.h"
#include "ns3/log.h"

#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScenarioTables");

namespace
{

std::string
Na(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? fmt::format("{:.6g}", *v) : "NA";
}

std::string
Num(double v)
{
    return std::isfinite(v) ? fmt::format("{:.6g}", v) : "NA";
}

} // namespace

std::string
GossipCsvHeader()
{
    return "filter,topology,nodes,diameter,components,mean_degree,seed,run,m,k,b,a,depth,reach,"
           "budget_bytes,"
           "interval,timer,resources,replicas,sim_time,payload_bytes,frames_per_beacon,"
           "advertisements,gossip_frames,bytes_on_air,gossip_bytes_per_node_s,hop_pairs,hop_mae,"
           "hop_rmse,hop_bias,hop_exact,hop_within1,hop_miss,membership,fpr,"
           "diss_latency_median,diss_latency_p95,diss_latency_max,convergence_time,stale_pairs,"
           "stale_reported,purge_time,malformed,phy_frames,frame_loss,purge_bound,query_strategy,"
           "queries,query_success,"
           "query_latency_median,query_latency_p95,query_stretch,query_frames,query_rtt_median,"
           "query_absent_frames";
}

std::string
GossipEnergyCsvHeader()
{
    return "duty_period,duty_cycle,battery_j,energy_w_mean,energy_w_max,energy_tx_w,energy_rx_w,"
           "energy_listen_w,energy_idle_w,energy_sleep_w,energy_airtime_w,energy_total_j,"
           "energy_airtime_j,energy_per_adv_j,energy_airtime_per_adv_j,radio_on_share,"
           "depleted_nodes,first_depletion,query_tx_energy_j";
}

std::string
GossipTailCsvHeader()
{
    return "gossip_frames_on_air,gossip_frames_dropped,settled_share,settle_time_median,"
           "settle_time_p90";
}

std::string
GossipTailCsvColumns(const GossipScenarioResult& r)
{
    const GossipRunMetrics& m = r.metrics;
    const auto count = [](const std::optional<uint64_t>& v) {
        return v ? fmt::format("{}", *v) : std::string("NA");
    };
    return fmt::format(",{},{},{},{},{}",
                       count(m.gossipFramesOnAir),
                       count(m.gossipFramesDropped),
                       Num(m.overall.SettledShare()),
                       Num(m.overall.SettleQuantile(0.5)),
                       Num(m.overall.SettleQuantile(0.9)));
}

std::string
GossipCsvHeader(const GossipScenarioConfig& config)
{
    return config.EnergyOn() ? GossipCsvHeader() + "," + GossipEnergyCsvHeader()
                             : GossipCsvHeader();
}

namespace
{

/// The gossip columns of a per-run row (everything before query_strategy).
std::string GossipColumns(const GossipScenarioConfig& c, const GossipScenarioResult& r);

/// The energy columns of a per-run row (empty when the run has no energy).
std::string EnergyColumns(const GossipScenarioConfig& c,
                          const GossipScenarioResult& r,
                          const QuerySummary* q);

} // namespace

std::vector<std::string>
GossipCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    const std::string gossip = GossipColumns(c, r);
    std::vector<std::string> rows;
    for (bloom::QueryStrategy strategy : r.queryStrategies)
    {
        const QuerySummary q = SummariseQueries(r.queries, strategy);
        rows.push_back(fmt::format("{},{},{},{},{},{},{},{},{},{}",
                                   gossip,
                                   bloom::ToString(strategy),
                                   q.queries,
                                   Num(q.success),
                                   Num(q.latencyMedian),
                                   Num(q.latencyP95),
                                   Num(q.stretch),
                                   Num(q.frames),
                                   Num(q.rttMedian),
                                   Num(q.absentFrames)) +
                       EnergyColumns(c, r, &q));
    }
    if (rows.empty())
    {
        rows.push_back(gossip + ",NA,0,NA,NA,NA,NA,NA,NA,NA" + EnergyColumns(c, r, nullptr));
    }
    return rows;
}

std::string
GossipCsvRow(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    return GossipCsvRows(c, r).front();
}

std::string
GossipQueryCsvHeader()
{
    return "filter,strategy,nodes,diameter,seed,run,query_id,origin,key,absent,true_hops,success,"
           "hops_taken,stretch,latency_to_holder,round_trip,frames,topology,issued,delivered,"
           "holders_reached,outcome";
}

std::vector<std::string>
GossipQueryCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    std::vector<std::string> rows;
    rows.reserve(r.queries.size());
    for (const QueryRecord& q : r.queries)
    {
        const std::string trueHops =
            q.trueHops == kUnreachable ? std::string("NA") : fmt::format("{}", q.trueHops);
        rows.push_back(
            fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                        bloom::ToString(c.filter),
                        bloom::ToString(q.strategy),
                        r.nodes,
                        r.diameter,
                        r.seed,
                        r.run,
                        q.index,
                        q.origin,
                        q.key,
                        q.absent ? 1 : 0,
                        trueHops,
                        q.success ? 1 : 0,
                        q.delivered ? fmt::format("{}", q.hopsTaken) : "NA",
                        Num(q.Stretch()),
                        q.delivered ? Num(q.latencyToHolder) : "NA",
                        q.success ? Num(q.roundTrip) : "NA",
                        q.frames,
                        ToString(c.topology),
                        Num(q.issued),
                        q.delivered ? 1 : 0,
                        q.holdersReached,
                        bloom::ToString(q.outcome)));
    }
    return rows;
}

namespace
{

std::string
GossipColumns(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    const GossipRunMetrics& m = r.metrics;
    const HopAccuracy& h = m.overall;
    const bool hop = m.hasDistance;
    const auto hopValue = [&](double v) { return hop && h.pairs > 0 ? Num(v) : std::string("NA"); };
    const auto& lat = h.latencies;
    const bloom::FilterFamily& family = bloom::GetFilterFamily(c.filter);
    std::string out =
        fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},",
                    bloom::ToString(c.filter),
                    ToString(c.topology),
                    r.nodes,
                    r.diameter,
                    r.components,
                    Num(r.meanDegree),
                    r.seed,
                    r.run,
                    r.slots,
                    c.hashes,
                    family.cellSlots ? fmt::format("{}", c.cellBits) : "NA",
                    r.attenuation,
                    r.depth,
                    r.reach == std::numeric_limits<uint32_t>::max() ? std::string("NA")
                                                                    : fmt::format("{}", r.reach),
                    c.budgetBytes,
                    Num(c.interval),
                    ToString(c.timer),
                    c.resources,
                    c.replicas,
                    Num(c.simTime));
    out +=
        fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                    m.payloadBytes,
                    m.framesPerBeacon,
                    m.advertisements,
                    m.gossipFrames,
                    m.bytesOnAir,
                    Num(m.gossipBytesPerNodeS),
                    h.pairs,
                    hopValue(h.mae),
                    hopValue(h.rmse),
                    hopValue(h.bias),
                    hopValue(h.exact),
                    hopValue(h.within1),
                    hopValue(h.miss),
                    h.pairs > 0 ? Num(h.membership) : "NA",
                    m.probePairs > 0 ? Num(m.fpr) : "NA",
                    Num(Quantile(lat, 0.5)),
                    Num(Quantile(lat, 0.95)),
                    Num(Quantile(lat, 1.0)),
                    Na(m.convergenceTime),
                    m.stalePairs,
                    m.staleReported,
                    Na(m.purgeTime),
                    m.malformed,
                    m.phyFrames,
                    Num(c.frameLoss),
                    Na(PurgeBound(c, r)));
    return out;
}

} // namespace

std::string
RunKeyCsvHeader()
{
    return "filter,topology,nodes,diameter,seed,run";
}

std::string
RunKeyCsvColumns(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    return fmt::format("{},{},{},{},{},{}",
                       bloom::ToString(c.filter),
                       ToString(c.topology),
                       r.nodes,
                       r.diameter,
                       r.seed,
                       r.run);
}

std::string
DynamicsRunPrefixHeader()
{
    return RunKeyCsvHeader() + "," + DynamicsKeyCsvHeader();
}

std::string
DynamicsRunPrefix(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    return RunKeyCsvColumns(c, r) + "," + DynamicsKeyCsvColumns(c.dynamics);
}

std::string
GossipDistanceCsvHeader()
{
    return RunKeyCsvHeader() +
           ",m,b,depth,budget_bytes,true_hops,pairs,"
           "hop_mae,hop_bias,hop_exact,hop_within1,hop_miss,membership,diss_latency_median,"
           "diss_latency_p95,settled_share,settle_time_median,settle_time_p90";
}

std::vector<std::string>
GossipDistanceCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    std::vector<std::string> rows;
    const bool hop = r.metrics.hasDistance;
    for (size_t d = 0; d < r.metrics.byDistance.size(); ++d)
    {
        const HopAccuracy& h = r.metrics.byDistance[d];
        if (h.pairs == 0)
        {
            continue;
        }
        const auto hopValue = [&](double v) { return hop ? Num(v) : std::string("NA"); };
        rows.push_back(fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            RunKeyCsvColumns(c, r),
            r.slots,
            bloom::GetFilterFamily(c.filter).cellSlots ? fmt::format("{}", c.cellBits) : "NA",
            r.depth,
            c.budgetBytes,
            d,
            h.pairs,
            hopValue(h.mae),
            hopValue(h.bias),
            hopValue(h.exact),
            hopValue(h.within1),
            hopValue(h.miss),
            Num(h.membership),
            Num(Quantile(h.latencies, 0.5)),
            Num(Quantile(h.latencies, 0.95)),
            Num(h.SettledShare()),
            Num(h.SettleQuantile(0.5)),
            Num(h.SettleQuantile(0.9))));
    }
    return rows;
}

namespace
{

std::string
EnergyColumns(const GossipScenarioConfig& c, const GossipScenarioResult& r, const QuerySummary* q)
{
    if (!r.energy)
    {
        return std::string();
    }
    using Model = LrWpanRadioEnergyModel;
    const EnergyRunMetrics& e = *r.energy;
    const double queryJ = q ? q->airBytes * e.txJoulesPerByte : std::nan("");
    return fmt::format(",{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                       Num(c.dutyPeriod),
                       Num(c.dutyCycle),
                       Num(c.batteryJoules),
                       Num(e.meanW),
                       Num(e.maxW),
                       Num(e.stateW[Model::TX]),
                       Num(e.stateW[Model::RX]),
                       Num(e.stateW[Model::LISTEN]),
                       Num(e.stateW[Model::IDLE]),
                       Num(e.stateW[Model::SLEEP]),
                       Num(e.airtimeW),
                       Num(e.totalJ),
                       Num(e.airtimeJ),
                       Num(e.perAdvertisementJ),
                       Num(e.airtimePerAdvertisementJ),
                       Num(e.radioOnShare),
                       e.depleted,
                       Na(e.firstDepletion),
                       Num(queryJ));
}

} // namespace

} // namespace ns3
