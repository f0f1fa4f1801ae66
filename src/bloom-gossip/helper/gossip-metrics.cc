/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-metrics.h"

#include "ns3/abort.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-mac-header.h"
#include "ns3/message-type.h"
#include "ns3/net-device.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iterator>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GossipMetrics");

namespace
{
/// 802.15.4 synchronisation header (4-byte preamble, SFD) and PHY header.
constexpr uint32_t kLrWpanPhyOverhead = 6;

/**
 * \param truth the true hop distance (kUnreachable: no live holder reachable)
 * \param present the node's filter reports the resource
 * \param estimate the node's hop estimate, if its filter has one
 * \param hasDistance the filter estimates distances (else membership only)
 * \return whether the pair is right: the estimate is the truth (BF:
 * membership is reachability)
 */
bool
IsRight(uint32_t truth, bool present, const std::optional<uint32_t>& estimate, bool hasDistance)
{
    if (truth == kUnreachable)
    {
        return !present;
    }
    if (hasDistance)
    {
        return estimate.has_value() && *estimate == truth;
    }
    return present;
}

/**
 * \param packet a frame as an lr-wpan MAC traces it (MAC header first)
 * \return whether its payload is a gossip advertisement segment
 */
bool
IsGossipFrame(Ptr<const Packet> packet)
{
    LrWpanMacHeader header;
    const uint32_t headerBytes = packet->PeekHeader(header);
    if (packet->GetSize() < headerBytes + 2)
    {
        return false;
    }
    std::vector<uint8_t> bytes(headerBytes + 2);
    packet->CopyData(bytes.data(), static_cast<uint32_t>(bytes.size()));
    return bloom::IsAdvertisement(bytes.data() + headerBytes, 2);
}
} // namespace

double
HopAccuracy::SettledShare() const
{
    return settlePairs > 0 ? static_cast<double>(settleTimes.size()) / settlePairs : std::nan("");
}

double
HopAccuracy::SettleQuantile(double q) const
{
    if (settlePairs == 0)
    {
        return std::nan("");
    }
    const double rank = std::ceil(q * settlePairs);
    const auto index = static_cast<uint64_t>(rank < 1 ? 1 : rank);
    if (index > settleTimes.size())
    {
        return std::nan("");
    }
    std::vector<double> sorted = settleTimes;
    std::sort(sorted.begin(), sorted.end());
    return sorted[index - 1];
}

double
Quantile(std::vector<double> values, double q)
{
    if (values.empty())
    {
        return std::nan("");
    }
    std::sort(values.begin(), values.end());
    const double rank = std::ceil(q * values.size());
    const size_t index = rank < 1 ? 0 : static_cast<size_t>(rank) - 1;
    return values[std::min(index, values.size() - 1)];
}

GossipMetrics::GossipMetrics(std::vector<Ptr<BloomGossipApplication>> apps,
                             std::vector<std::vector<uint32_t>> graph)
    : m_apps(std::move(apps)),
      m_graph(std::move(graph)),
      m_alive(m_apps.size(), true)
{
    NS_LOG_FUNCTION(this << m_apps.size());
    NS_ABORT_MSG_UNLESS(m_apps.size() == m_graph.size(),
                        "GossipMetrics: one application per graph node");
    // One callback object per sink, shared by every node's trace source (a
    // connection then costs a list entry, not a callback of ~280 bytes); only
    // the sinks that need the node index are bound per node.
    const auto onBeacon = MakeCallback(&GossipMetrics::OnBeacon, this);
    const auto onMalformed = MakeCallback(&GossipMetrics::OnMalformed, this);
    for (uint32_t i = 0; i < m_apps.size(); ++i)
    {
        m_apps[i]->TraceConnectWithoutContext(
            "FilterChanged",
            MakeBoundCallback(&GossipMetrics::FilterChangedSink, this, i));
        m_apps[i]->TraceConnectWithoutContext("BeaconSent", onBeacon);
        m_apps[i]->TraceConnectWithoutContext("MalformedDropped", onMalformed);
        m_apps[i]->TraceConnectWithoutContext(
            "ResourceAdded",
            MakeBoundCallback(&GossipMetrics::ResourceAddedSink, this, i));
        m_apps[i]->TraceConnectWithoutContext(
            "ResourceRemoved",
            MakeBoundCallback(&GossipMetrics::ResourceRemovedSink, this, i));
        m_apps[i]->TraceConnectWithoutContext(
            "Failed",
            MakeBoundCallback(&GossipMetrics::FailedSink, this, i));
    }
}

void
GossipMetrics::TrackDevices(const NetDeviceContainer& devices)
{
    // Shared by every device, as in the constructor.
    const auto onWifiPhyTx = MakeCallback(&GossipMetrics::OnWifiPhyTx, this);
    const auto onMacTxOk = MakeCallback(&GossipMetrics::OnMacTxOk, this);
    const auto onMacTxDrop = MakeCallback(&GossipMetrics::OnMacTxDrop, this);
    const auto onPhyTx = MakeCallback(&GossipMetrics::OnPhyTx, this);
    const auto onMacTx = MakeCallback(&GossipMetrics::OnMacTx, this);
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        PointerValue phy;
        PointerValue mac;
        if ((*it)->GetInstanceTypeId().GetName() == "ns3::WifiNetDevice")
        {
            // 802.11: PhyTxBegin(packet, tx power W) sees every MPDU (MAC
            // header and FCS included, ACKs too); the wifi MAC has no
            // MacTxOk, so the gossip frames on the air are not counted.
            if ((*it)->GetAttributeFailSafe("Phy", phy) && phy.Get<Object>())
            {
                phy.Get<Object>()->TraceConnectWithoutContext("PhyTxBegin", onWifiPhyTx);
            }
            continue;
        }
        if ((*it)->GetAttributeFailSafe("Mac", mac) && mac.Get<Object>())
        {
            m_macTracked = true;
            mac.Get<Object>()->TraceConnectWithoutContext("MacTxOk", onMacTxOk);
            mac.Get<Object>()->TraceConnectWithoutContext("MacTxDrop", onMacTxDrop);
        }
        if ((*it)->GetAttributeFailSafe("Phy", phy) && phy.Get<Object>())
        {
            phy.Get<Object>()->TraceConnectWithoutContext("PhyTxBegin", onPhyTx);
        }
        else
        {
            (*it)->TraceConnectWithoutContext("MacTx", onMacTx);
        }
    }
}

void
GossipMetrics::TrackMalformed(Ptr<Object> source)
{
    source->TraceConnectWithoutContext("MalformedDropped",
                                       MakeCallback(&GossipMetrics::OnMalformed, this));
}

void
GossipMetrics::SetProbes(std::vector<uint64_t> ids)
{
    m_probes = std::move(ids);
}

GossipMetrics::Resource&
GossipMetrics::Find(uint64_t id, bool create)
{
    const auto it = m_resourceIndex.find(id);
    if (it != m_resourceIndex.end())
    {
        return m_resources[it->second];
    }
    NS_ABORT_MSG_UNLESS(create, "GossipMetrics: unknown resource " << id);
    Resource r;
    r.id = id;
    r.holders.assign(m_apps.size(), false);
    r.pairs.resize(m_apps.size());
    m_resourceIndex.emplace(id, m_resources.size());
    m_resources.push_back(std::move(r));
    return m_resources.back();
}

void
GossipMetrics::OnResourceAdded(uint32_t node, uint64_t id)
{
    NS_LOG_FUNCTION(this << node << id);
    Resource& r = Find(id, true);
    r.holders[node] = true;
    RecomputeTruth(r);
}

void
GossipMetrics::OnResourceRemoved(uint32_t node, uint64_t id)
{
    NS_LOG_FUNCTION(this << node << id);
    Resource& r = Find(id, false);
    r.holders.at(node) = false;
    RecomputeTruth(r);
}

void
GossipMetrics::OnFailed(uint32_t node)
{
    NS_LOG_FUNCTION(this << node);
    if (!m_alive.at(node))
    {
        return;
    }
    m_alive[node] = false;
    for (Resource& r : m_resources)
    {
        r.holders[node] = false;
        RecomputeTruth(r);
    }
}

void
GossipMetrics::ResourceAddedSink(GossipMetrics* metrics, uint32_t node, uint64_t id)
{
    metrics->OnResourceAdded(node, id);
}

void
GossipMetrics::ResourceRemovedSink(GossipMetrics* metrics, uint32_t node, uint64_t id)
{
    metrics->OnResourceRemoved(node, id);
}

void
GossipMetrics::FailedSink(GossipMetrics* metrics, uint32_t node)
{
    metrics->OnFailed(node);
}

std::vector<uint32_t>
GossipMetrics::Distances(const Resource& r, const std::vector<std::vector<uint32_t>>& graph) const
{
    const auto n = static_cast<uint32_t>(m_apps.size());
    std::vector<uint32_t> dist(n, kUnreachable);
    std::deque<uint32_t> queue;
    for (uint32_t i = 0; i < n; ++i)
    {
        if (r.holders[i] && m_alive[i])
        {
            dist[i] = 0;
            queue.push_back(i);
        }
    }
    while (!queue.empty())
    {
        const uint32_t u = queue.front();
        queue.pop_front();
        for (uint32_t v : graph[u])
        {
            if (m_alive[v] && dist[v] == kUnreachable)
            {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
        }
    }
    return dist;
}

void
GossipMetrics::RecomputeTruth(Resource& r)
{
    const auto n = static_cast<uint32_t>(m_apps.size());
    const std::vector<uint32_t> dist = Distances(r, m_graph);
    const Time now = Simulator::Now();
    r.epoch = now;
    for (uint32_t i = 0; i < n; ++i)
    {
        r.pairs[i].truth = dist[i];
        Evaluate(i, r);
    }
}

void
GossipMetrics::Evaluate(uint32_t node, Resource& r)
{
    Pair& p = r.pairs[node];
    const Ptr<BloomGossipApplication>& app = m_apps[node];
    const bool present = app->Knows(r.id);
    const std::optional<uint32_t> estimate = app->EstimateHops(r.id);
    const Time now = Simulator::Now();
    if (present != p.present || estimate != p.estimate)
    {
        p.lastChange = now;
    }
    p.present = present;
    p.estimate = estimate;
    const bool right = IsRight(p.truth, present, estimate, app->GetPolicy().HasDistance());
    if (right && !p.right)
    {
        p.rightSince = now;
        if (p.broken)
        {
            m_repairDelays.push_back((now - p.brokenAt).GetSeconds());
            p.broken = false;
        }
    }
    if (right)
    {
        p.everRight = true;
        p.rightTruth = p.truth;
    }
    p.right = right;
}

uint64_t
GossipMetrics::SetGraph(std::vector<std::vector<uint32_t>> graph)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_UNLESS(graph.size() == m_graph.size(), "GossipMetrics: same nodes");
    uint64_t changes = 0;
    for (uint32_t u = 0; u < graph.size(); ++u)
    {
        std::sort(graph[u].begin(), graph[u].end());
        std::vector<uint32_t> old = m_graph[u];
        std::sort(old.begin(), old.end());
        std::vector<uint32_t> diff;
        std::set_symmetric_difference(old.begin(),
                                      old.end(),
                                      graph[u].begin(),
                                      graph[u].end(),
                                      std::back_inserter(diff));
        for (uint32_t v : diff)
        {
            changes += v > u ? 1 : 0;
        }
    }
    m_graph = std::move(graph);
    if (changes == 0)
    {
        return 0;
    }
    const Time now = Simulator::Now();
    for (Resource& r : m_resources)
    {
        const std::vector<uint32_t> dist = Distances(r, m_graph);
        bool moved = false;
        for (uint32_t i = 0; i < dist.size(); ++i)
        {
            Pair& p = r.pairs[i];
            if (p.truth == dist[i])
            {
                continue;
            }
            moved = true;
            const bool wasRight = p.right;
            p.truth = dist[i];
            Evaluate(i, r);
            if (wasRight && !p.right && m_alive[i])
            {
                p.broken = true;
                p.brokenAt = now;
            }
        }
        if (moved)
        {
            r.epoch = now;
        }
    }
    return changes;
}

std::vector<PairState>
GossipMetrics::Snapshot() const
{
    std::vector<PairState> out;
    for (const Resource& r : m_resources)
    {
        for (uint32_t i = 0; i < r.pairs.size(); ++i)
        {
            const Pair& p = r.pairs[i];
            out.push_back(PairState{i,
                                    r.id,
                                    p.truth,
                                    p.estimate,
                                    p.present,
                                    p.right,
                                    static_cast<bool>(r.holders[i]),
                                    static_cast<bool>(m_alive[i])});
        }
    }
    return out;
}

std::vector<PairState>
GossipMetrics::Snapshot(const std::vector<std::vector<uint32_t>>& graph) const
{
    NS_ABORT_MSG_UNLESS(graph.size() == m_graph.size(), "GossipMetrics: same nodes");
    std::vector<PairState> out;
    for (const Resource& r : m_resources)
    {
        const std::vector<uint32_t> dist = Distances(r, graph);
        for (uint32_t i = 0; i < r.pairs.size(); ++i)
        {
            const Pair& p = r.pairs[i];
            out.push_back(PairState{
                i,
                r.id,
                dist[i],
                p.estimate,
                p.present,
                IsRight(dist[i], p.present, p.estimate, m_apps[i]->GetPolicy().HasDistance()),
                static_cast<bool>(r.holders[i]),
                static_cast<bool>(m_alive[i])});
        }
    }
    return out;
}

TruthSample
GossipMetrics::Sample() const
{
    TruthSample s;
    const bool hasDistance = !m_apps.empty() && m_apps.front()->GetPolicy().HasDistance();
    uint64_t exact = 0;
    uint64_t within1 = 0;
    uint64_t wrong = 0;
    uint64_t stale = 0;
    for (const Resource& r : m_resources)
    {
        for (uint32_t i = 0; i < r.pairs.size(); ++i)
        {
            const Pair& p = r.pairs[i];
            if (!m_alive[i])
            {
                continue;
            }
            ++s.livePairs;
            if (!p.right)
            {
                ++wrong;
                stale += p.everRight && p.rightTruth != p.truth ? 1 : 0;
            }
            if (p.truth == kUnreachable)
            {
                continue;
            }
            ++s.pairs;
            if (!hasDistance)
            {
                exact += p.present ? 1 : 0;
                within1 += p.present ? 1 : 0;
            }
            else if (p.estimate)
            {
                const auto e = static_cast<int64_t>(*p.estimate) - static_cast<int64_t>(p.truth);
                exact += e == 0 ? 1 : 0;
                within1 += std::abs(e) <= 1 ? 1 : 0;
            }
        }
    }
    // Shares over no pair are NaN (NA in the series), not 0.
    const double nan = std::nan("");
    s.exact = s.pairs > 0 ? static_cast<double>(exact) / s.pairs : nan;
    s.within1 = s.pairs > 0 ? static_cast<double>(within1) / s.pairs : nan;
    s.wrong = s.livePairs > 0 ? static_cast<double>(wrong) / s.livePairs : nan;
    s.stale = s.livePairs > 0 ? static_cast<double>(stale) / s.livePairs : nan;
    return s;
}

uint64_t
GossipMetrics::CountUnrepaired() const
{
    uint64_t count = 0;
    for (const Resource& r : m_resources)
    {
        for (uint32_t i = 0; i < r.pairs.size(); ++i)
        {
            count += m_alive[i] && r.pairs[i].broken ? 1 : 0;
        }
    }
    return count;
}

void
GossipMetrics::OnFilterChanged(uint32_t node)
{
    if (!m_alive[node])
    {
        return;
    }
    for (Resource& r : m_resources)
    {
        Evaluate(node, r);
    }
}

void
GossipMetrics::OnBeacon(uint16_t, uint32_t frames, uint32_t bytes)
{
    ++m_advertisements;
    m_gossipFrames += frames;
    m_gossipBytes += bytes;
}

void
GossipMetrics::OnMalformed(Ptr<const Packet>, const std::string&)
{
    ++m_malformed;
}

void
GossipMetrics::FilterChangedSink(GossipMetrics* metrics, uint32_t node)
{
    metrics->OnFilterChanged(node);
}

void
GossipMetrics::OnPhyTx(Ptr<const Packet> packet)
{
    ++m_phyFrames;
    m_bytesOnAir += packet->GetSize() + kLrWpanPhyOverhead;
}

void
GossipMetrics::OnWifiPhyTx(Ptr<const Packet> packet, double)
{
    ++m_phyFrames;
    m_bytesOnAir += packet->GetSize();
}

void
GossipMetrics::OnMacTx(Ptr<const Packet> packet)
{
    ++m_phyFrames;
    m_bytesOnAir += packet->GetSize();
}

void
GossipMetrics::OnMacTxOk(Ptr<const Packet> packet)
{
    m_gossipFramesOnAir += IsGossipFrame(packet) ? 1 : 0;
}

void
GossipMetrics::OnMacTxDrop(Ptr<const Packet> packet)
{
    m_gossipFramesDropped += IsGossipFrame(packet) ? 1 : 0;
}

uint32_t
GossipMetrics::TrueDistance(uint32_t node, uint64_t id) const
{
    for (const Resource& r : m_resources)
    {
        if (r.id == id)
        {
            return r.pairs.at(node).truth;
        }
    }
    return kUnreachable;
}

bool
GossipMetrics::AllRight() const
{
    for (const Resource& r : m_resources)
    {
        for (uint32_t i = 0; i < r.pairs.size(); ++i)
        {
            if (m_alive[i] && !r.pairs[i].right)
            {
                return false;
            }
        }
    }
    return true;
}

namespace
{
void
Accumulate(HopAccuracy& a,
           bool hasDistance,
           bool present,
           std::optional<uint32_t> est,
           uint32_t truth)
{
    ++a.pairs;
    a.present += present ? 1 : 0;
    if (!hasDistance || !est)
    {
        return;
    }
    const double e = static_cast<double>(*est) - static_cast<double>(truth);
    ++a.estimated;
    a.mae += std::abs(e);
    a.rmse += e * e;
    a.bias += e;
    a.exact += e == 0 ? 1 : 0;
    a.within1 += std::abs(e) <= 1 ? 1 : 0;
}

/// The sums into means and shares; a statistic over an empty set is NaN
/// (the tables' NA): the shares without pairs, the errors without a pair
/// that has an estimate (every pair missed: hop_miss = 1, hop_mae NA, not 0).
void
Normalise(HopAccuracy& a)
{
    const double nan = std::nan("");
    if (a.pairs == 0)
    {
        a.exact = a.within1 = a.miss = a.membership = nan;
    }
    else
    {
        const auto n = static_cast<double>(a.pairs);
        a.exact /= n;
        a.within1 /= n;
        a.miss = static_cast<double>(a.pairs - a.estimated) / n;
        a.membership = static_cast<double>(a.present) / n;
    }
    if (a.estimated == 0)
    {
        a.mae = a.rmse = a.bias = nan;
    }
    else
    {
        const auto k = static_cast<double>(a.estimated);
        a.mae /= k;
        a.rmse = std::sqrt(a.rmse / k);
        a.bias /= k;
    }
}
} // namespace

GossipRunMetrics
GossipMetrics::Finish(Time duration) const
{
    NS_LOG_FUNCTION(this << duration);
    GossipRunMetrics out;
    NS_ABORT_MSG_IF(m_apps.empty(), "GossipMetrics: no applications");
    const bloom::FilterPolicy& policy = m_apps.front()->GetPolicy();
    out.hasDistance = policy.HasDistance();
    out.payloadBytes = static_cast<double>(policy.PayloadBytes());
    out.codedBytes = out.payloadBytes;
    out.framesPerBeacon = m_apps.front()->GetFramesPerAdvertisement();
    {
        // What the nodes advertise at the end (the view the next beacon sends).
        double payload = 0;
        double coded = 0;
        double frames = 0;
        uint32_t live = 0;
        for (uint32_t i = 0; i < m_apps.size(); ++i)
        {
            if (!m_alive[i])
            {
                continue;
            }
            ++live;
            if (m_apps[i]->GetCodec() == bloom::Codec::NONE)
            {
                const bloom::FilterShape shape = bloom::ShapeOf(m_apps[i]->GetAdvertisedFilter());
                payload += static_cast<double>(shape.PayloadBytes());
                coded += static_cast<double>(shape.PayloadBytes());
                frames += bloom::SegmentCount(shape, m_apps[i]->GetFrameBytes());
                continue;
            }
            const bloom::AdvertisementSize size = m_apps[i]->GetAdvertisementSize();
            payload += static_cast<double>(size.payloadBytes);
            coded += static_cast<double>(size.codedBytes);
            frames += size.frames;
        }
        if (live > 0)
        {
            out.payloadBytes = payload / live;
            out.codedBytes = coded / live;
            out.framesPerBeacon = frames / live;
        }
    }
    out.advertisements = m_advertisements;
    out.gossipFrames = m_gossipFrames;
    out.gossipBytes = m_gossipBytes;
    out.phyFrames = m_phyFrames;
    out.bytesOnAir = m_bytesOnAir;
    out.malformed = m_malformed;
    if (m_macTracked && m_apps.front()->GetTransport() == BloomGossipApplication::LINK_LAYER)
    {
        out.gossipFramesOnAir = m_gossipFramesOnAir;
        out.gossipFramesDropped = m_gossipFramesDropped;
    }
    out.gossipBytesPerNodeS =
        static_cast<double>(m_gossipBytes) / (m_apps.size() * duration.GetSeconds());

    double lastChange = 0;
    double purge = 0;
    bool anyPair = false;
    for (const Resource& r : m_resources)
    {
        for (uint32_t i = 0; i < r.pairs.size(); ++i)
        {
            const Pair& p = r.pairs[i];
            if (!m_alive[i])
            {
                continue;
            }
            anyPair = true;
            lastChange = std::max(lastChange, (Max(p.lastChange, r.epoch) - r.epoch).GetSeconds());
            if (p.truth == kUnreachable)
            {
                ++out.stalePairs;
                if (p.present)
                {
                    ++out.staleReported;
                }
                else
                {
                    purge = std::max(purge, (Max(p.rightSince, r.epoch) - r.epoch).GetSeconds());
                }
                continue;
            }
            if (out.byDistance.size() <= p.truth)
            {
                out.byDistance.resize(p.truth + 1);
            }
            Accumulate(out.overall, out.hasDistance, p.present, p.estimate, p.truth);
            Accumulate(out.byDistance[p.truth], out.hasDistance, p.present, p.estimate, p.truth);
            if (p.right)
            {
                const double latency = (Max(p.rightSince, r.epoch) - r.epoch).GetSeconds();
                out.overall.latencies.push_back(latency);
                out.byDistance[p.truth].latencies.push_back(latency);
            }
            if (p.truth >= 1)
            {
                // The same origin as the latency; not right now: censored.
                ++out.overall.settlePairs;
                ++out.byDistance[p.truth].settlePairs;
                if (p.right)
                {
                    const double settle = (Max(p.rightSince, r.epoch) - r.epoch).GetSeconds();
                    out.overall.settleTimes.push_back(settle);
                    out.byDistance[p.truth].settleTimes.push_back(settle);
                }
            }
        }
    }
    Normalise(out.overall);
    for (HopAccuracy& a : out.byDistance)
    {
        Normalise(a);
    }
    if (anyPair)
    {
        out.convergenceTime = lastChange;
    }
    if (out.stalePairs > 0 && out.staleReported == 0)
    {
        out.purgeTime = purge;
    }
    for (uint32_t i = 0; i < m_apps.size(); ++i)
    {
        if (!m_alive[i])
        {
            continue;
        }
        for (uint64_t id : m_probes)
        {
            ++out.probePairs;
            out.probeHits += m_apps[i]->Knows(id) ? 1 : 0;
        }
    }
    out.fpr = out.probePairs > 0 ? static_cast<double>(out.probeHits) / out.probePairs
                                 : std::nan(""); // no probe: no rate
    SetIdealFigures(out);
    return out;
}

void
GossipMetrics::SetIdealFigures(GossipRunMetrics& out) const
{
    // The model of each live node from the true distances of the resources
    // it can reach; averaged as fpr (per node) and hop_exact (per pair).
    double fprSum = 0;
    double exactSum = 0;
    bool exactKnown = true;
    uint32_t nodes = 0;
    for (uint32_t i = 0; i < m_apps.size(); ++i)
    {
        if (!m_alive[i])
        {
            continue;
        }
        std::vector<uint32_t> hops;
        for (const Resource& r : m_resources)
        {
            if (r.pairs[i].truth != kUnreachable)
            {
                hops.push_back(r.pairs[i].truth);
            }
        }
        const auto model = m_apps[i]->GetPolicy().IdealModel(hops);
        if (!model)
        {
            return;
        }
        fprSum += model->fpr;
        exactKnown = exactKnown && model->exact.has_value();
        exactSum += model->exact.value_or(0);
        ++nodes;
    }
    if (nodes > 0 && out.probePairs > 0)
    {
        out.fprIdeal = fprSum / nodes;
    }
    if (out.hasDistance && exactKnown && out.overall.pairs > 0)
    {
        out.exactIdeal = exactSum / static_cast<double>(out.overall.pairs);
    }
}

} // namespace ns3
