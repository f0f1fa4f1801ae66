/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dynamics-tables.h"

#include "ns3/gossip-metrics.h"
#include "ns3/log.h"
#include "ns3/query-strategy.h"

#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DynamicsTables");

namespace
{
std::string
Num(double v)
{
    return std::isfinite(v) ? fmt::format("{:.6g}", v) : std::string("NA");
}

/// The speed column: 0 without motion, NA for a trace (its own speeds).
double
SpeedShown(const ScenarioDynamicsConfig& c)
{
    return c.mobility == ScenarioMobility::NONE  ? 0.0
           : c.mobility == ScenarioMobility::NS2 ? std::nan("")
                                                 : c.speed;
}
} // namespace

std::string
DynamicsCsvHeaderSuffix()
{
    return ",mobility,speed,pause,mobile_nodes,sample_interval,sample_from,samples,mean_exact,"
           "mean_within1,mean_wrong,mean_stale,final_exact,link_changes,repairs,repair_mean_s,"
           "repair_p95_s,unrepaired";
}

std::string
DynamicsCsvRowSuffix(const ScenarioDynamicsConfig& c, const ScenarioDynamicsResult& r)
{
    // Each mean over the samples (from sample_from on) where its share is
    // defined (a sample without pairs has none): NA when there is none.
    struct Mean
    {
        double sum{0};
        uint64_t n{0};

        void Add(double v)
        {
            if (std::isfinite(v))
            {
                sum += v;
                ++n;
            }
        }

        double Get() const
        {
            return n > 0 ? sum / static_cast<double>(n) : std::nan("");
        }
    };

    Mean exact;
    Mean within1;
    Mean wrong;
    Mean stale;
    uint64_t used = 0;
    uint64_t changes = 0;
    for (const DynamicsSample& s : r.samples)
    {
        changes += s.linkChanges;
        if (s.time + 1e-9 < c.sampleFrom)
        {
            continue;
        }
        ++used;
        exact.Add(s.truth.exact);
        within1.Add(s.truth.within1);
        wrong.Add(s.truth.wrong);
        stale.Add(s.truth.stale);
    }
    const double nan = std::nan("");
    double mean = nan;
    if (!r.repairDelays.empty())
    {
        mean = std::accumulate(r.repairDelays.begin(), r.repairDelays.end(), 0.0) /
               static_cast<double>(r.repairDelays.size());
    }
    return fmt::format(",{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                       ToString(c.mobility),
                       Num(SpeedShown(c)),
                       c.pause,
                       r.mobileNodes,
                       Num(c.EffectiveSampleInterval()),
                       Num(c.sampleFrom),
                       used,
                       Num(exact.Get()),
                       Num(within1.Get()),
                       Num(wrong.Get()),
                       Num(stale.Get()),
                       Num(r.samples.empty() ? nan : r.samples.back().truth.exact),
                       changes,
                       r.repairDelays.size(),
                       Num(mean),
                       Num(Quantile(r.repairDelays, 0.95)),
                       r.unrepaired);
}

std::string
DynamicsKeyCsvHeader()
{
    return "mobility,speed";
}

std::string
DynamicsKeyCsvColumns(const ScenarioDynamicsConfig& c)
{
    return fmt::format("{},{}", ToString(c.mobility), Num(SpeedShown(c)));
}

std::string
DynamicsSeriesCsvHeader(const std::string& prefixHeader)
{
    return prefixHeader + ",time,pairs,exact,within1,wrong,stale,links,link_changes,components";
}

std::vector<std::string>
DynamicsSeriesCsvRows(const std::string& prefix, const ScenarioDynamicsResult& r)
{
    std::vector<std::string> rows;
    for (const DynamicsSample& s : r.samples)
    {
        rows.push_back(fmt::format("{},{},{},{},{},{},{},{},{},{}",
                                   prefix,
                                   Num(s.time),
                                   s.truth.pairs,
                                   Num(s.truth.exact),
                                   Num(s.truth.within1),
                                   Num(s.truth.wrong),
                                   Num(s.truth.stale),
                                   s.links,
                                   s.linkChanges,
                                   s.components));
    }
    return rows;
}

std::string
MapCsvHeader(const std::string& prefixHeader)
{
    return prefixHeader + ",time,kind,node,peer,x,y,resource,truth,estimate,present,status,holder";
}

namespace
{
/// exact, wrong, missing, false-positive (reported, no reachable holder) or failed.
std::string
Status(const PairState& p)
{
    if (!p.alive)
    {
        return "failed";
    }
    if (p.right)
    {
        return "exact";
    }
    if (p.truth == kUnreachable)
    {
        return "false-positive";
    }
    return p.estimate || p.present ? "wrong" : "missing";
}
} // namespace

std::vector<std::string>
MapCsvRows(const std::string& prefix, const ScenarioDynamicsResult& r)
{
    std::vector<std::string> rows;
    for (const MapNodeRow& m : r.mapNodes)
    {
        const PairState& p = m.pair;
        rows.push_back(
            fmt::format("{},{},node,{},,{},{},{},{},{},{},{},{}",
                        prefix,
                        Num(m.time),
                        p.node,
                        Num(m.x),
                        Num(m.y),
                        p.id,
                        p.truth == kUnreachable ? std::string("NA") : std::to_string(p.truth),
                        p.estimate ? std::to_string(*p.estimate) : std::string("NA"),
                        p.present ? 1 : 0,
                        Status(p),
                        p.holder ? 1 : 0));
    }
    for (const MapLinkRow& l : r.mapLinks)
    {
        rows.push_back(
            fmt::format("{},{},link,{},{},NA,NA,NA,NA,NA,NA,NA,NA", prefix, Num(l.time), l.a, l.b));
    }
    return rows;
}

std::string
WalkCsvHeader(const std::string& prefixHeader)
{
    return prefixHeader + ",query,strategy,origin,key,kind,step,time,node,hops,backtrack";
}

std::vector<std::string>
WalkCsvRows(const std::string& prefix, const ScenarioDynamicsResult& r)
{
    std::vector<std::string> rows;
    for (const WalkRow& w : r.walks)
    {
        rows.push_back(fmt::format("{},{},{},{},{},{},{},{},{},{},{}",
                                   prefix,
                                   w.query,
                                   bloom::ToString(w.strategy),
                                   w.origin,
                                   w.key,
                                   w.kind,
                                   w.step,
                                   Num(w.time),
                                   w.node,
                                   w.hops,
                                   w.backtrack ? 1 : 0));
    }
    return rows;
}

} // namespace ns3
