/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-tables.h"

#include "dynamics-tables.h"
#include "scenario-parameters.h"
#include "wifi-device-builder.h"

#include "ns3/filter-family.h"
#include "ns3/log.h"

#include <algorithm>
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

/// A mean of counts: a whole number as an integer, else as Num.
std::string
Count(double v)
{
    return std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15
               ? fmt::format("{}", static_cast<int64_t>(v))
               : Num(v);
}

template <typename T>
std::string
Int(T v)
{
    return fmt::format("{}", v);
}

std::string
Count(const std::optional<uint64_t>& v)
{
    return v ? Int(*v) : std::string("NA");
}

/// The columns of a per-run row: a run, and one of its query strategies
/// (none when the run issued no queries).
struct RunRow
{
    const GossipScenarioConfig& c;
    const GossipScenarioResult& r;
    const QuerySummary* q; //!< the strategy's summary, or nullptr
};

using RunColumns = std::vector<CsvColumn<RunRow>>;

/// The runs.csv `b` column: the cell width of a family with b-bit cells.
std::string
SlotBitsColumn(const GossipScenarioConfig& c)
{
    return bloom::GetFilterFamily(c.filter).CellSlots() ? Int(c.SlotBits()) : "NA";
}

/// The `k` column: the hash functions the run used, NA for a family
/// without them (DV).
std::string
HashesColumn(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    return FamilyHasHashes(c.filter) ? Int(r.hashes) : "NA";
}

/// The runs.csv `a` column: the per-hop attenuation of the run's policy, a
/// factor as printf's %.6g ("0.9"), a step as "sub<delta>", NA without one.
std::string
AttenuationColumn(const GossipScenarioConfig& /* c */, const GossipScenarioResult& r)
{
    if (!r.attenuation)
    {
        return "NA";
    }
    if (r.attenuation->step > 0)
    {
        return "sub" + std::to_string(r.attenuation->step);
    }
    return fmt::format("{:.6g}", r.attenuation->factor);
}

/// A hop-accuracy value of the whole run: NA without distances or pairs.
std::function<std::string(const RunRow&)>
HopValue(double HopAccuracy::*field)
{
    return [field](const RunRow& x) {
        const HopAccuracy& h = x.r.metrics.overall;
        return x.r.metrics.hasDistance && h.pairs > 0 ? Num(h.*field) : std::string("NA");
    };
}

/// A query summary value: NA for the row of a run without queries.
std::function<std::string(const RunRow&)>
QueryValue(double QuerySummary::*field)
{
    return [field](const RunRow& x) { return x.q ? Num(x.q->*field) : std::string("NA"); };
}

/// The gossip and query columns of runs.csv (GossipCsvHeader()).
const RunColumns&
GossipColumns()
{
    static const RunColumns columns{
        {"filter", [](const RunRow& x) { return bloom::ToString(x.c.filter); }},
        {"topology", [](const RunRow& x) { return ToString(x.c.topology); }},
        {"nodes", [](const RunRow& x) { return Int(x.r.nodes); }},
        {"diameter", [](const RunRow& x) { return Int(x.r.diameter); }},
        {"components", [](const RunRow& x) { return Int(x.r.components); }},
        {"mean_degree", [](const RunRow& x) { return Num(x.r.meanDegree); }},
        {"seed", [](const RunRow& x) { return Int(x.r.seed); }},
        {"run", [](const RunRow& x) { return Int(x.r.run); }},
        {"m", [](const RunRow& x) { return Int(x.r.slots); }},
        {"k", [](const RunRow& x) { return HashesColumn(x.c, x.r); }},
        {"b", [](const RunRow& x) { return SlotBitsColumn(x.c); }},
        {"a", [](const RunRow& x) { return AttenuationColumn(x.c, x.r); }},
        {"depth", [](const RunRow& x) { return Int(x.r.depth); }},
        {"reach",
         [](const RunRow& x) {
             return x.r.reach == std::numeric_limits<uint32_t>::max() ? std::string("NA")
                                                                      : Int(x.r.reach);
         }},
        {"budget_bytes", [](const RunRow& x) { return Int(x.c.budgetBytes); }},
        {"interval", [](const RunRow& x) { return Num(x.c.interval); }},
        {"timer", [](const RunRow& x) { return ToString(x.c.timer); }},
        {"resources",
         [](const RunRow& x) {
             // One per node: as many as the run's nodes (the run resolves it).
             return x.c.placement == ResourcePlacement::ONE_PER_NODE ? Int(x.r.nodes)
                                                                     : Int(x.c.resources);
         }},
        {"replicas", [](const RunRow& x) { return Int(x.c.replicas); }},
        {"sim_time", [](const RunRow& x) { return Num(x.c.simTime); }},
        {"payload_bytes", [](const RunRow& x) { return Count(x.r.metrics.payloadBytes); }},
        {"frames_per_beacon", [](const RunRow& x) { return Count(x.r.metrics.framesPerBeacon); }},
        {"advertisements", [](const RunRow& x) { return Int(x.r.metrics.advertisements); }},
        {"gossip_frames", [](const RunRow& x) { return Int(x.r.metrics.gossipFrames); }},
        {"bytes_on_air", [](const RunRow& x) { return Int(x.r.metrics.bytesOnAir); }},
        {"gossip_bytes_per_node_s",
         [](const RunRow& x) { return Num(x.r.metrics.gossipBytesPerNodeS); }},
        {"hop_pairs", [](const RunRow& x) { return Int(x.r.metrics.overall.pairs); }},
        {"hop_mae", HopValue(&HopAccuracy::mae)},
        {"hop_rmse", HopValue(&HopAccuracy::rmse)},
        {"hop_bias", HopValue(&HopAccuracy::bias)},
        {"hop_exact", HopValue(&HopAccuracy::exact)},
        {"hop_within1", HopValue(&HopAccuracy::within1)},
        {"hop_miss", HopValue(&HopAccuracy::miss)},
        {"membership",
         [](const RunRow& x) {
             const HopAccuracy& h = x.r.metrics.overall;
             return h.pairs > 0 ? Num(h.membership) : std::string("NA");
         }},
        {"fpr",
         [](const RunRow& x) {
             return x.r.metrics.probePairs > 0 ? Num(x.r.metrics.fpr) : std::string("NA");
         }},
        {"diss_latency_median",
         [](const RunRow& x) { return Num(Quantile(x.r.metrics.overall.latencies, 0.5)); }},
        {"diss_latency_p95",
         [](const RunRow& x) { return Num(Quantile(x.r.metrics.overall.latencies, 0.95)); }},
        {"diss_latency_max",
         [](const RunRow& x) { return Num(Quantile(x.r.metrics.overall.latencies, 1.0)); }},
        {"convergence_time", [](const RunRow& x) { return Na(x.r.metrics.convergenceTime); }},
        {"stale_pairs", [](const RunRow& x) { return Int(x.r.metrics.stalePairs); }},
        {"stale_reported", [](const RunRow& x) { return Int(x.r.metrics.staleReported); }},
        {"purge_time", [](const RunRow& x) { return Na(x.r.metrics.purgeTime); }},
        {"malformed", [](const RunRow& x) { return Int(x.r.metrics.malformed); }},
        {"phy_frames", [](const RunRow& x) { return Int(x.r.metrics.phyFrames); }},
        {"frame_loss", [](const RunRow& x) { return Num(x.c.frameLoss); }},
        {"purge_bound", [](const RunRow& x) { return Na(PurgeBound(x.c, x.r)); }},
        {"query_strategy",
         [](const RunRow& x) { return x.q ? bloom::ToString(x.q->strategy) : std::string("NA"); }},
        {"queries", [](const RunRow& x) { return x.q ? Int(x.q->queries) : std::string("0"); }},
        {"query_success", QueryValue(&QuerySummary::success)},
        {"query_latency_median", QueryValue(&QuerySummary::latencyMedian)},
        {"query_latency_p95", QueryValue(&QuerySummary::latencyP95)},
        {"query_stretch", QueryValue(&QuerySummary::stretch)},
        {"query_frames", QueryValue(&QuerySummary::frames)},
        {"query_rtt_median", QueryValue(&QuerySummary::rttMedian)},
        {"query_absent_frames", QueryValue(&QuerySummary::absentFrames)},
    };
    return columns;
}

/// An energy figure of the run.
std::function<std::string(const RunRow&)>
EnergyValue(double EnergyRunMetrics::*field)
{
    return [field](const RunRow& x) { return Num((*x.r.energy).*field); };
}

/// A radio state's mean power.
std::function<std::string(const RunRow&)>
StateW(LrWpanRadioEnergyModel::State state)
{
    return [state](const RunRow& x) { return Num(x.r.energy->stateW[state]); };
}

/// The energy columns of runs.csv (GossipEnergyCsvHeader()), when energy is on.
const RunColumns&
EnergyColumns()
{
    using Model = LrWpanRadioEnergyModel;
    static const RunColumns columns{
        {"duty_period", [](const RunRow& x) { return Num(x.c.dutyPeriod); }},
        {"duty_cycle", [](const RunRow& x) { return Num(x.c.dutyCycle); }},
        {"battery_j", [](const RunRow& x) { return Num(x.c.batteryJoules); }},
        {"energy_w_mean", EnergyValue(&EnergyRunMetrics::meanW)},
        {"energy_w_max", EnergyValue(&EnergyRunMetrics::maxW)},
        {"energy_tx_w", StateW(Model::TX)},
        {"energy_rx_w", StateW(Model::RX)},
        {"energy_listen_w", StateW(Model::LISTEN)},
        {"energy_idle_w", StateW(Model::IDLE)},
        {"energy_sleep_w", StateW(Model::SLEEP)},
        {"energy_airtime_w", EnergyValue(&EnergyRunMetrics::airtimeW)},
        {"energy_total_j", EnergyValue(&EnergyRunMetrics::totalJ)},
        {"energy_airtime_j", EnergyValue(&EnergyRunMetrics::airtimeJ)},
        {"energy_per_adv_j", EnergyValue(&EnergyRunMetrics::perAdvertisementJ)},
        {"energy_airtime_per_adv_j", EnergyValue(&EnergyRunMetrics::airtimePerAdvertisementJ)},
        {"radio_on_share", EnergyValue(&EnergyRunMetrics::radioOnShare)},
        {"depleted_nodes", [](const RunRow& x) { return Int(x.r.energy->depleted); }},
        {"first_depletion", [](const RunRow& x) { return Na(x.r.energy->firstDepletion); }},
        {"query_tx_energy_j",
         [](const RunRow& x) {
             return x.q ? Num(x.q->airBytes * x.r.energy->txJoulesPerByte) : std::string("NA");
         }},
    };
    return columns;
}

/// The columns every per-run row ends with (GossipTailCsvHeader()); a new
/// column of every run goes last, keeping the earlier ones in place.
const std::vector<CsvColumn<GossipScenarioResult>>&
TailColumns()
{
    using R = GossipScenarioResult;
    static const std::vector<CsvColumn<R>> columns{
        {"gossip_frames_on_air", [](const R& r) { return Count(r.metrics.gossipFramesOnAir); }},
        {"gossip_frames_dropped", [](const R& r) { return Count(r.metrics.gossipFramesDropped); }},
        {"settled_share", [](const R& r) { return Num(r.metrics.overall.SettledShare()); }},
        {"settle_time_median",
         [](const R& r) { return Num(r.metrics.overall.SettleQuantile(0.5)); }},
        {"settle_time_p90", [](const R& r) { return Num(r.metrics.overall.SettleQuantile(0.9)); }},
        {"fpr_ideal", [](const R& r) { return Na(r.metrics.fprIdeal); }},
        {"exact_ideal", [](const R& r) { return Na(r.metrics.exactIdeal); }},
        {"coded_bytes", [](const R& r) { return Count(r.metrics.codedBytes); }},
    };
    return columns;
}

/// A run's configuration and result: the run key's row.
struct RunKey
{
    const GossipScenarioConfig& c;
    const GossipScenarioResult& r;
};

/// The columns identifying a run (RunKeyCsvHeader()).
const std::vector<CsvColumn<RunKey>>&
RunKeyColumns()
{
    static const std::vector<CsvColumn<RunKey>> columns{
        {"filter", [](const RunKey& x) { return bloom::ToString(x.c.filter); }},
        {"topology", [](const RunKey& x) { return ToString(x.c.topology); }},
        {"nodes", [](const RunKey& x) { return Int(x.r.nodes); }},
        {"diameter", [](const RunKey& x) { return Int(x.r.diameter); }},
        {"seed", [](const RunKey& x) { return Int(x.r.seed); }},
        {"run", [](const RunKey& x) { return Int(x.r.run); }},
    };
    return columns;
}

/// One row of the per-query table.
struct QueryRow
{
    const GossipScenarioConfig& c;
    const GossipScenarioResult& r;
    const QueryRecord& q;
};

/// The per-query table's columns (GossipQueryCsvHeader()).
const std::vector<CsvColumn<QueryRow>>&
QueryColumns()
{
    using Q = QueryRow;
    static const std::vector<CsvColumn<Q>> columns{
        {"filter", [](const Q& x) { return bloom::ToString(x.c.filter); }},
        {"strategy", [](const Q& x) { return bloom::ToString(x.q.strategy); }},
        {"nodes", [](const Q& x) { return Int(x.r.nodes); }},
        {"diameter", [](const Q& x) { return Int(x.r.diameter); }},
        {"seed", [](const Q& x) { return Int(x.r.seed); }},
        {"run", [](const Q& x) { return Int(x.r.run); }},
        {"query_id", [](const Q& x) { return Int(x.q.index); }},
        {"origin", [](const Q& x) { return Int(x.q.origin); }},
        {"key", [](const Q& x) { return Int(x.q.key); }},
        {"absent", [](const Q& x) { return Int(x.q.absent ? 1 : 0); }},
        {"true_hops",
         [](const Q& x) {
             return x.q.trueHops == kUnreachable ? std::string("NA") : Int(x.q.trueHops);
         }},
        {"success", [](const Q& x) { return Int(x.q.success ? 1 : 0); }},
        {"hops_taken",
         [](const Q& x) { return x.q.delivered ? Int(x.q.hopsTaken) : std::string("NA"); }},
        {"stretch", [](const Q& x) { return Num(x.q.Stretch()); }},
        {"latency_to_holder",
         [](const Q& x) { return x.q.delivered ? Num(x.q.latencyToHolder) : std::string("NA"); }},
        {"round_trip",
         [](const Q& x) { return x.q.success ? Num(x.q.roundTrip) : std::string("NA"); }},
        {"frames", [](const Q& x) { return Int(x.q.frames); }},
        {"topology", [](const Q& x) { return ToString(x.c.topology); }},
        {"issued", [](const Q& x) { return Num(x.q.issued); }},
        {"delivered", [](const Q& x) { return Int(x.q.delivered ? 1 : 0); }},
        {"holders_reached", [](const Q& x) { return Int(x.q.holdersReached); }},
        {"outcome", [](const Q& x) { return bloom::ToString(x.q.outcome); }},
        {"search_frames", [](const Q& x) { return Int(x.q.searchFrames); }},
        {"cancel_frames", [](const Q& x) { return Int(x.q.cancelFrames); }},
        {"answer_frames", [](const Q& x) { return Int(x.q.answerFrames); }},
        {"success_hops",
         [](const Q& x) { return x.q.success ? Int(x.q.successHops) : std::string("NA"); }},
    };
    return columns;
}

/// One row of the per-distance table: a run and one true hop distance.
struct DistanceRow
{
    const GossipScenarioConfig& c;
    const GossipScenarioResult& r;
    size_t distance;
    const HopAccuracy& h;
};

/// A hop-accuracy value at one distance: NA without distances.
std::function<std::string(const DistanceRow&)>
DistanceHopValue(double HopAccuracy::*field)
{
    return [field](const DistanceRow& x) {
        return x.r.metrics.hasDistance ? Num(x.h.*field) : std::string("NA");
    };
}

/// The per-distance table's columns after the run key (GossipDistanceCsvHeader()).
const std::vector<CsvColumn<DistanceRow>>&
DistanceColumns()
{
    using D = DistanceRow;
    static const std::vector<CsvColumn<D>> columns{
        {"m", [](const D& x) { return Int(x.r.slots); }},
        {"b", [](const D& x) { return SlotBitsColumn(x.c); }},
        {"depth", [](const D& x) { return Int(x.r.depth); }},
        {"budget_bytes", [](const D& x) { return Int(x.c.budgetBytes); }},
        {"true_hops", [](const D& x) { return Int(x.distance); }},
        {"pairs", [](const D& x) { return Int(x.h.pairs); }},
        {"hop_mae", DistanceHopValue(&HopAccuracy::mae)},
        {"hop_bias", DistanceHopValue(&HopAccuracy::bias)},
        {"hop_exact", DistanceHopValue(&HopAccuracy::exact)},
        {"hop_within1", DistanceHopValue(&HopAccuracy::within1)},
        {"hop_miss", DistanceHopValue(&HopAccuracy::miss)},
        {"membership", [](const D& x) { return Num(x.h.membership); }},
        {"diss_latency_median", [](const D& x) { return Num(Quantile(x.h.latencies, 0.5)); }},
        {"diss_latency_p95", [](const D& x) { return Num(Quantile(x.h.latencies, 0.95)); }},
        {"settled_share", [](const D& x) { return Num(x.h.SettledShare()); }},
        {"settle_time_median", [](const D& x) { return Num(x.h.SettleQuantile(0.5)); }},
        {"settle_time_p90", [](const D& x) { return Num(x.h.SettleQuantile(0.9)); }},
    };
    return columns;
}

/// Append the names of a header (comma-separated, a leading comma allowed).
void
AppendNames(std::vector<std::string>& names, const std::string& header)
{
    size_t start = header.empty() || header.front() != ',' ? 0 : 1;
    while (start <= header.size())
    {
        const size_t comma = header.find(',', start);
        names.push_back(header.substr(start, comma == std::string::npos ? comma : comma - start));
        if (comma == std::string::npos)
        {
            break;
        }
        start = comma + 1;
    }
}

} // namespace

std::string
GossipCsvHeader()
{
    return CsvHeader(GossipColumns());
}

std::string
GossipEnergyCsvHeader()
{
    return CsvHeader(EnergyColumns());
}

std::string
GossipTailCsvHeader()
{
    return CsvHeader(TailColumns());
}

std::string
GossipTailCsvColumns(const GossipScenarioResult& r)
{
    return "," + CsvRow(TailColumns(), r);
}

std::string
GossipCsvHeader(const GossipScenarioConfig& config)
{
    return config.EnergyOn() ? GossipCsvHeader() + "," + GossipEnergyCsvHeader()
                             : GossipCsvHeader();
}

std::vector<std::string>
GossipCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    const auto row = [&](const QuerySummary* q) {
        const RunRow x{c, r, q};
        std::string out = CsvRow(GossipColumns(), x);
        if (r.energy)
        {
            out += "," + CsvRow(EnergyColumns(), x);
        }
        return out;
    };
    std::vector<std::string> rows;
    for (bloom::QueryStrategy strategy : r.queryStrategies)
    {
        const QuerySummary q = SummariseQueries(r.queries, strategy);
        rows.push_back(row(&q));
    }
    if (rows.empty())
    {
        rows.push_back(row(nullptr));
    }
    return rows;
}

std::string
GossipCsvRow(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    return GossipCsvRows(c, r).front();
}

/**
 * The runs.csv columns the parameter table names (ScenarioParameter::columns)
 * that none of the lists above places: a new option's column, declared with
 * the option alone (a plug-in family's own option, FilterFamily::options).
 * Appended at the end of every row in the table's order, its value as the
 * option prints it, NA in a run the option does not apply to (a run of
 * another family); every column of the module's own options is placed, so
 * none is appended in its programs.
 */
const std::vector<CsvColumn<GossipScenarioConfig>>&
ParameterColumns()
{
    static const std::vector<CsvColumn<GossipScenarioConfig>> columns = [] {
        std::vector<std::string> placed;
        AppendNames(placed,
                    GossipCsvHeader() + "," + GossipEnergyCsvHeader() + DynamicsCsvHeaderSuffix() +
                        "," + GossipTailCsvHeader());
        std::vector<CsvColumn<GossipScenarioConfig>> out;
        for (const ScenarioParameter& p : ScenarioParameters())
        {
            for (const std::string& name : p.columns)
            {
                if (std::find(placed.begin(), placed.end(), name) == placed.end())
                {
                    placed.push_back(name);
                    const ScenarioParameter* parameter = &p;
                    // NA where the option does not apply to the run (a
                    // family option in a run of another family).
                    out.push_back({name.c_str(), [parameter](const GossipScenarioConfig& c) {
                                       return parameter->checked && !parameter->checked(c)
                                                  ? std::string("NA")
                                                  : parameter->print(c);
                                   }});
                }
            }
        }
        return out;
    }();
    return columns;
}

/// The 802.11 drop columns, last in runs.csv when the wifi builder counts
/// drops (WifiDeviceBuilder's CountDrops): BCUN's logPROCrgg.txt figures.
const std::vector<CsvColumn<GossipScenarioResult>>&
WifiDropColumns()
{
    using R = GossipScenarioResult;
    const auto value = [](uint64_t WifiDropCounts::*field) {
        return [field](const R& r) { return r.wifiDrops ? Int((*r.wifiDrops).*field) : "NA"; };
    };
    const auto share = [](bool all) {
        return [all](const R& r) {
            if (!r.wifiDrops || r.wifiDrops->transmissions == 0)
            {
                return std::string("NA");
            }
            const WifiDropCounts& d = *r.wifiDrops;
            return Num(static_cast<double>(all ? d.Drops() : d.collisionDrops) /
                       static_cast<double>(d.transmissions));
        };
    };
    static const std::vector<CsvColumn<R>> columns{
        {"wifi_tx_frames", value(&WifiDropCounts::transmissions)},
        {"wifi_collision_drops", value(&WifiDropCounts::collisionDrops)},
        {"wifi_queue_drops", value(&WifiDropCounts::queueDrops)},
        {"wifi_retry_drops", value(&WifiDropCounts::retryDrops)},
        {"wifi_collision_share", share(false)},
        {"wifi_drop_share", share(true)},
        {"wifi_collision_ns2_drops", value(&WifiDropCounts::collisionNs2Drops)},
        {"wifi_collision_ns3_only_drops", value(&WifiDropCounts::collisionNs3OnlyDrops)},
        {"wifi_collision_ns2_only_received", value(&WifiDropCounts::collisionNs2OnlyReceived)},
    };
    return columns;
}

/// Whether runs.csv has the 802.11 drop columns for a configuration.
bool
HasWifiDropColumns(const GossipScenarioConfig& config)
{
    return config.radio.device == WsnRadioConfig::Device::WIFI &&
           WifiDeviceBuilder::CountsDropsByDefault();
}

std::vector<std::string>
GossipCsvColumnNames(const GossipScenarioConfig& config)
{
    std::vector<std::string> names;
    AppendNames(names, GossipRunsCsvHeader(config));
    return names;
}

std::string
GossipRunsCsvHeader(const GossipScenarioConfig& config)
{
    const std::string added = CsvHeader(ParameterColumns());
    return GossipCsvHeader(config) +
           (config.dynamics.Sampling() ? DynamicsCsvHeaderSuffix() : std::string()) + "," +
           GossipTailCsvHeader() + (added.empty() ? "" : "," + added) +
           (HasWifiDropColumns(config) ? "," + CsvHeader(WifiDropColumns()) : std::string());
}

std::vector<std::string>
GossipRunsCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    const std::string suffix =
        (c.dynamics.Sampling() ? DynamicsCsvRowSuffix(c.dynamics, r.dynamics) : std::string()) +
        GossipTailCsvColumns(r) +
        (ParameterColumns().empty() ? std::string() : "," + CsvRow(ParameterColumns(), c)) +
        (HasWifiDropColumns(c) ? "," + CsvRow(WifiDropColumns(), r) : std::string());
    std::vector<std::string> rows = GossipCsvRows(c, r);
    for (auto& row : rows)
    {
        row += suffix;
    }
    return rows;
}

std::string
GossipQueryCsvHeader()
{
    return CsvHeader(QueryColumns());
}

std::vector<std::string>
GossipQueryCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    std::vector<std::string> rows;
    rows.reserve(r.queries.size());
    for (const QueryRecord& q : r.queries)
    {
        rows.push_back(CsvRow(QueryColumns(), QueryRow{c, r, q}));
    }
    return rows;
}

std::string
RunKeyCsvHeader()
{
    return CsvHeader(RunKeyColumns());
}

std::string
RunKeyCsvColumns(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    return CsvRow(RunKeyColumns(), RunKey{c, r});
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
    return RunKeyCsvHeader() + "," + CsvHeader(DistanceColumns());
}

std::vector<std::string>
GossipDistanceCsvRows(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    std::vector<std::string> rows;
    const std::string key = RunKeyCsvColumns(c, r);
    for (size_t d = 0; d < r.metrics.byDistance.size(); ++d)
    {
        const HopAccuracy& h = r.metrics.byDistance[d];
        if (h.pairs == 0)
        {
            continue;
        }
        rows.push_back(key + "," + CsvRow(DistanceColumns(), DistanceRow{c, r, d, h}));
    }
    return rows;
}

} // namespace ns3
