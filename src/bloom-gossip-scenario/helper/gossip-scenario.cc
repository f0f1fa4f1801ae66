/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "gossip-scenario.h"

#include "netanim-recorder.h"
#include "scenario-parameters.h"
#include "truth-sampler.h"
#include "wifi-device-builder.h"

#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-query-application.h"
#include "ns3/bloom-query-helper.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/duty-cycle-scheduler.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/filter-family.h"
#include "ns3/gossip-message.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-energy-helper.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"
#include "ns3/user-text.h"

#if BLOOM_GOSSIP_UDP6
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv6-address-helper.h"
#include "ns3/sixlowpan-helper.h"
#endif

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GossipScenario");

namespace
{

/// Probe keys live far away from resource numbers (and from the absent
/// keys of queries, GossipWorkload::kAbsentKeyBase).
constexpr uint64_t kProbeBase = 1000000000ULL;

/// Stream numbers: topology draws, workload draws (placement, queries,
/// warm-up: three streams, GossipWorkload::AssignStreams), then devices and
/// apps (gossip applications, then query applications).
constexpr int64_t kTopologyStream = 0;
constexpr int64_t kWorkloadStream = 1;
constexpr int64_t kFirstDeviceStream = 100;
/// Stream picking the mobile nodes (--mobile-share).
constexpr int64_t kMobileSelectStream = 50;
/// First stream of every planning application (CheckFamilyAttributes: the
/// timer's, then the family's own, e.g. the SDBF's keep mask; 60 up to 69),
/// the same for each, so a plan does not depend on what ran before it.
constexpr int64_t kPlanningStream = 60;
/// Streams a planning application may use, from kPlanningStream.
constexpr int64_t kPlanningStreams = 10;

uint32_t
GridSide(uint32_t nodes)
{
    return static_cast<uint32_t>(std::ceil(std::sqrt(static_cast<double>(nodes)) - 1e-9));
}

} // namespace

std::vector<std::pair<std::string, Ptr<AttributeValue>>>
GossipAttributeValues(const GossipScenarioConfig& c, uint32_t slots, uint32_t depth)
{
    // Every attribute of the parameter table (scenario-parameters.cc) that the
    // family's application type has, m and the depth as resolved for the run.
    const bloom::FilterFamily& family = bloom::GetFilterFamily(c.filter);
    const TypeId tid = TypeId::LookupByName(family.typeId);
    GossipScenarioConfig run = c;
    run.slots = slots;
    const bloom::FamilyOption* levels =
        family.HasLevels() ? family.FindOption(family.levelsAttribute) : nullptr;
    if (levels != nullptr)
    {
        run.familyOptions[levels->name] = uint64_t{depth};
    }
    auto values = ScenarioAttributeValues(family.typeId, run);
    if (family.HasLevels() && levels == nullptr)
    {
        values.emplace_back(family.levelsAttribute, Create<UintegerValue>(depth));
    }
    // Each value within its checker (a family's checker may be narrower
    // than the option's range, e.g. a plug-in's size).
    for (const auto& [name, value] : values)
    {
        TypeId::AttributeInformation info;
        tid.LookupAttributeByName(name, &info);
        if (!info.checker->Check(*value))
        {
            const std::string owner = ScenarioOptionOwning(tid, name);
            ThrowOptionError(name == family.sizeAttribute && c.budgetBytes > 0 ? "--budget-bytes"
                             : owner.rfind("--", 0) == 0                       ? owner
                                                                               : "--filter",
                             fmt::format("{} gives {}::{} the value {}, outside {}",
                                         family.name,
                                         family.typeId,
                                         name,
                                         value->SerializeToString(info.checker),
                                         info.checker->GetUnderlyingTypeInformation()));
        }
    }
    return values;
}

BloomGossipHelper
MakeGossipHelper(const GossipScenarioConfig& c, uint32_t slots, uint32_t depth)
{
    BloomGossipHelper gossip(bloom::GetFilterFamily(c.filter).typeId);
    for (const auto& [name, value] : GossipAttributeValues(c, slots, depth))
    {
        gossip.SetAttribute(name, *value);
    }
    return gossip;
}

std::string
WithOptionNames(const GossipScenarioConfig& c, const std::string& problem, std::string& option)
{
    const bloom::FilterFamily& family = bloom::GetFilterFamily(c.filter);
    const TypeId tid = TypeId::LookupByName(family.typeId);
    const auto optionOf = [&](const std::string& attribute) -> std::string {
        if (attribute == family.sizeAttribute && c.budgetBytes > 0)
        {
            return "--budget-bytes";
        }
        const std::string owner = ScenarioOptionOwning(tid, attribute);
        return owner.rfind("--", 0) == 0 ? owner : std::string();
    };
    const auto isName = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; };
    // "Attribute: problem": the option of the attribute at fault.
    size_t start = 0;
    option = "--filter";
    std::string out = std::string(family.name) + ": " + problem;
    const size_t colon = problem.find(": ");
    if (colon != std::string::npos &&
        std::all_of(problem.begin(), problem.begin() + colon, isName) &&
        !optionOf(problem.substr(0, colon)).empty())
    {
        option = optionOf(problem.substr(0, colon));
        out = problem.substr(colon + 2);
        start = 0;
    }
    // Every other attribute named by its option.
    std::string text;
    for (size_t i = start; i < out.size();)
    {
        size_t j = i;
        while (j < out.size() && isName(out[j]))
        {
            ++j;
        }
        if (j == i)
        {
            text += out[i++];
            continue;
        }
        const std::string word = out.substr(i, j - i);
        TypeId::AttributeInformation info;
        const std::string replaced = std::isupper(static_cast<unsigned char>(word[0])) &&
                                             tid.LookupAttributeByName(word, &info)
                                         ? optionOf(word)
                                         : std::string();
        text += replaced.empty() ? word : replaced;
        i = j;
    }
    return text;
}

Ptr<BloomGossipApplication>
CheckFamilyAttributes(const GossipScenarioConfig& c, uint32_t slots, uint32_t depth)
{
    ObjectFactory factory(bloom::GetFilterFamily(c.filter).typeId);
    for (const auto& [name, value] : GossipAttributeValues(c, slots, depth))
    {
        factory.Set(name, *value);
    }
    Ptr<BloomGossipApplication> app = factory.Create<BloomGossipApplication>();
    // Fixed streams before its policy is built (the SDBF draws its keep mask
    // then): not ns-3's automatically assigned ones, whose numbers depend on
    // how many random variables the process created before.
    const int64_t used = app->AssignStreams(kPlanningStream);
    NS_ABORT_MSG_IF(used > kPlanningStreams,
                    "a planning application uses " << used << " streams, more than "
                                                   << kPlanningStreams);
    const std::string problem = app->CheckAttributes();
    if (!problem.empty())
    {
        std::string option;
        const std::string text = WithOptionNames(c, problem, option);
        ThrowOptionError(option, text);
    }
    return app;
}

std::optional<double>
PurgeBound(const GossipScenarioConfig& c, const GossipScenarioResult& r)
{
    // A family without purgeBound (SDBF: a bit that two neighbours both keep
    // outlives its resource, as in a BF) has none despite a finite reach.
    if (r.reach == std::numeric_limits<uint32_t>::max() ||
        !bloom::GetFilterFamily(c.filter).purgeBound ||
        c.timer != BloomGossipApplication::PERIODIC ||
        c.learning != BloomGossipApplication::GOSSIP) // learnt entries never expire
    {
        return std::nullopt;
    }
    const bool crash = std::any_of(c.events.begin(), c.events.end(), [](const WorkloadEvent& e) {
        return e.kind == WorkloadEvent::FAIL;
    });
    return (r.reach + 1.0) * (c.interval + c.jitter) + (crash ? c.EffectiveExpiry() : 0.0);
}

bool
FamilyHasHashes(bloom::FilterKind filter)
{
    // The parameter table's --k sets an attribute of every family type that has one.
    const TypeId tid = TypeId::LookupByName(bloom::GetFilterFamily(filter).typeId);
    const std::vector<ScenarioParameter::Attribute>& set = FindScenarioParameter("k")->attributes;
    return std::any_of(set.begin(), set.end(), [&tid](const ScenarioParameter::Attribute& a) {
        return a.type == tid;
    });
}

uint32_t
ResolveDepth(const GossipScenarioConfig& c, uint32_t diameter)
{
    const bloom::FilterFamily& family = bloom::GetFilterFamily(c.filter);
    if (!family.HasLevels())
    {
        return 1;
    }
    const uint32_t requested = c.RequestedDepth();
    if (requested > 0)
    {
        return requested;
    }
    // Automatic: diameter + 1, at most what the levels attribute allows.
    const double most =
        DescribeAttribute(TypeId::LookupByName(family.typeId), family.levelsAttribute).hi;
    return static_cast<uint32_t>(std::min<double>(most, diameter + 1.0));
}

WsnTopology
BuildTopology(const GossipScenarioConfig& c)
{
    if (c.topology == ScenarioTopology::LINE)
    {
        return WsnTopology::Line(c.nodes, c.spacing);
    }
    if (c.topology == ScenarioTopology::GRID)
    {
        const uint32_t w = c.gridWidth > 0 ? c.gridWidth : GridSide(c.nodes);
        const uint32_t h =
            c.gridWidth > 0 ? (c.gridHeight > 0 ? c.gridHeight : w) : (c.nodes + w - 1) / w;
        return WsnTopology::Grid(w, h, c.spacing);
    }
    if (c.topology == ScenarioTopology::DISK)
    {
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(kTopologyStream);
        return WsnTopology::RandomDisk(c.nodes, c.radio.range, c.meanDegree, rng, c.diskPolicy);
    }
    if (c.topology == ScenarioTopology::BCUN)
    {
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(kTopologyStream);
        return WsnTopology::Bcun(c.bcun, c.radio.range, rng);
    }
    return WsnTopology::FromCsv(c.positions);
}

namespace
{

/**
 * A run as its stages build it.  The feasibility check resolves the
 * configuration, builds the network (its ground truth decides the
 * diameter, hence the levels and the budget's slots) and plans the
 * filters and queries; every option error comes from it.  The stages
 * after it install what the plan says and never refuse an option.
 */
struct ScenarioRun
{
    /// \param given the configuration \param rec what to record
    ScenarioRun(const GossipScenarioConfig& given, const ScenarioRecorders& rec)
        : c(given),
          recorders(rec)
    {
    }

    GossipScenarioConfig c;             //!< resolved (one resource per node: R = n)
    const ScenarioRecorders& recorders; //!< what the run records
    GossipScenarioResult result;        //!< filled stage by stage
    std::chrono::steady_clock::time_point wallStart{std::chrono::steady_clock::now()};
    std::unique_ptr<WsnNetworkHelper> network;           //!< nodes, topology, channel, truth
    std::shared_ptr<WifiDeviceBuilder> wifi;             //!< the 802.11 builder (--device wifi)
    std::unique_ptr<ScenarioMobilityInstaller> mobility; //!< the mobile nodes' models
    NetDeviceContainer devices;                          //!< every node's radio device
    int64_t stream{kFirstDeviceStream};                  //!< the next free random stream
    // The plan (feasibility check).
    uint32_t slots{0};                            //!< m actually used
    uint32_t depth{1};                            //!< levels actually used
    std::vector<bloom::QueryStrategy> strategies; //!< strategies queried (none without queries)
    // What the stages set up.
    std::vector<Ptr<BloomGossipApplication>> apps;
    std::vector<Ptr<BloomQueryApplication>> queryApps;
    std::vector<Ptr<LrWpanRadioEnergyModel>> energyModels;
    std::unique_ptr<GossipMetrics> metrics;
    Ptr<GossipWorkload> workload;
    std::unique_ptr<QueryWalkRecorder> walks;
    std::unique_ptr<QueryMetrics> queryMetrics;
    std::unique_ptr<TruthSampler> sampler;
    NetAnimRecorder anim;
};

/**
 * The nodes --mobile-nodes lets move, ascending, before the network exists:
 * every node (random, sinks), or the holders: the nodes the workload's
 * placement will draw (replayed on a variable of the workload's placement
 * stream, through the same function) and those add events give a resource.
 */
std::vector<uint32_t>
MobileCandidates(const GossipScenarioConfig& c, const WsnTopology& topology)
{
    const uint32_t n = topology.GetN();
    std::vector<uint32_t> nodes;
    if (c.dynamics.mobileNodes != ScenarioMobileNodes::HOLDERS ||
        c.placement == ResourcePlacement::ONE_PER_NODE)
    {
        nodes.resize(n);
        std::iota(nodes.begin(), nodes.end(), 0);
        return nodes;
    }
    std::vector<bool> holder(n, false);
    Ptr<UniformRandomVariable> placement = CreateObject<UniformRandomVariable>();
    placement->SetStream(kWorkloadStream);
    for (const auto& holders : GossipWorkload::DrawPlacement(placement, n, c.resources, c.replicas))
    {
        for (uint32_t node : holders)
        {
            holder[node] = true;
        }
    }
    for (const WorkloadEvent& e : c.events)
    {
        if (e.kind == WorkloadEvent::ADD && e.node < n)
        {
            holder[e.node] = true;
        }
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        if (holder[i])
        {
            nodes.push_back(i);
        }
    }
    return nodes;
}

/// The topology of the run, a bad positions file or random draw told as
/// the option that asked for it.
WsnTopology
TopologyOf(const GossipScenarioConfig& c)
{
    try
    {
        return BuildTopology(c);
    }
    catch (const WsnTopology::BcunError& e)
    {
        // No BCUN graph: the option of the step where most draws failed.
        using Step = WsnTopology::BcunError;
        const std::map<int, const char*> option{{Step::DISCONNECTED, "--bcun-radius"},
                                                {Step::CLOSE, "--bcun-min-distance2"},
                                                {Step::DEGREE, "--bcun-max-degree"},
                                                {Step::TOO_FEW, "--bcun-nodes"},
                                                {Step::RADIUS_GREW, "--bcun-radius-step"}};
        ThrowOptionError(option.at(e.GetStep()), e.what());
    }
    catch (const std::exception& e)
    {
        // A bad positions file, or no connected random draw.
        ThrowOptionError(c.topology == ScenarioTopology::FILE   ? "--positions"
                         : c.topology == ScenarioTopology::DISK ? "--degree"
                                                                : "--topology",
                         e.what());
    }
}

/// Stage network (part of the feasibility check): the nodes, their radio
/// devices and mobility models, the channel and its ground truth, frame loss.
void
NetworkStage(ScenarioRun& r, const WsnTopology& input)
{
    const GossipScenarioConfig& c = r.c;
    if (input.GetN() > kMaxScenarioNodes)
    {
        // A square grid for --nodes N rounds up (65,533 nodes: 256 x 256).
        ThrowOptionError(c.topology == ScenarioTopology::GRID
                             ? (c.gridWidth > 0 ? "--grid" : "--nodes")
                             : "--nodes",
                         fmt::format("a {} of {} nodes, more than the {} of one 802.15.4 PAN",
                                     ToString(c.topology),
                                     input.GetN(),
                                     kMaxScenarioNodes));
    }
    r.network = std::make_unique<WsnNetworkHelper>(c.radio);
    if (c.radio.device == WsnRadioConfig::Device::WIFI)
    {
        r.wifi = std::make_shared<WifiDeviceBuilder>();
        r.network->SetDeviceBuilder(r.wifi);
    }
    r.mobility = std::make_unique<ScenarioMobilityInstaller>(c.dynamics);
    r.mobility->PrepareNetwork(*r.network, input, kMobileSelectStream, MobileCandidates(c, input));
    r.devices = r.network->Install(input);
    r.stream += r.network->AssignStreams(r.stream);
    if (c.frameLoss > 0)
    {
        r.stream += r.network->SetFrameLoss(c.frameLoss, r.stream);
    }
}

/// The truth's size against the run's limits (feasibility check); the
/// result's network figures.
void
CheckNetwork(ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    const WsnTopology& topo = r.network->GetTopology();
    const uint32_t n = topo.GetN();
    if (c.replicas > n)
    {
        ThrowOptionError(
            "--replicas",
            fmt::format("{} holders per resource, but the network has {} nodes", c.replicas, n));
    }
    if (uint64_t{n} * c.resources > kMaxTruthPairs)
    {
        ThrowOptionError(c.placement == ResourcePlacement::ONE_PER_NODE ? "--placement"
                                                                        : "--resources",
                         fmt::format("{} resources on {} nodes are {} (node, resource) pairs of "
                                     "ground truth, more than the {} a run tracks (memory and time "
                                     "grow with them)",
                                     c.resources,
                                     n,
                                     uint64_t{n} * c.resources,
                                     kMaxTruthPairs));
    }
    std::vector<uint64_t> placed(c.resources); // resources 1..R at 0 s
    std::iota(placed.begin(), placed.end(), 1);
    const std::string events = GossipWorkload::CheckEvents(c.events, n, placed);
    if (!events.empty())
    {
        ThrowOptionError("--events", events);
    }
    r.recorders.CheckMapRows(c.simTime,
                             n,
                             c.resources + std::count_if(c.events.begin(),
                                                         c.events.end(),
                                                         [](const WorkloadEvent& e) {
                                                             return e.kind == WorkloadEvent::ADD;
                                                         }),
                             topo.GetLinkCount());
    r.result.nodes = n;
    r.result.droppedNodes = c.topology == ScenarioTopology::DISK   ? c.nodes - n
                            : c.topology == ScenarioTopology::BCUN ? c.bcun.nodes - n
                                                                   : 0;
    r.result.diameter = topo.Diameter();
    const std::vector<uint32_t> labels = topo.ComponentLabels();
    r.result.components = labels.empty() ? 0 : *std::max_element(labels.begin(), labels.end()) + 1;
    r.result.meanDegree = topo.MeanDegree();
}

/// The options that shape the filter, for a message: the size, the
/// family's slot width and levels options, the budget.
std::string
ShapeOptions(const bloom::FilterFamily& family)
{
    std::vector<std::string> options{"--m"};
    for (const char* attribute : {family.slotBitsAttribute, family.levelsAttribute})
    {
        const bloom::FamilyOption* option =
            attribute != nullptr ? family.FindOption(attribute) : nullptr;
        if (option != nullptr)
        {
            options.push_back(std::string("--") + option->name);
        }
    }
    return bloom::JoinList(options) + " or --budget-bytes";
}

/// The bytes of one gossip frame: --frame-bytes, else the device's MTU, or
/// the udp6 datagram.
uint32_t
PlanFrameBytes(const ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    return c.frameBytes > 0 ? c.frameBytes
           : c.transport == BloomGossipApplication::UDP6
               ? BloomGossipApplication::kDefaultUdpDatagramBytes
               : r.devices.Get(0)->GetMtu();
}

/**
 * The filters a line of nodes of the run converges to (budget with a
 * codec): every resource id of the run (1..the largest, events' included)
 * spread evenly over a line of min(diameter, reach) + 1 nodes, one after
 * the other, the line's filters built by the family's own policy (Build)
 * until none changes.  A pure function of the run's shape, R and diameter:
 * the run's own filters do not exist yet.
 * \param r the run (diameter known)
 * \param policy the family's policy of the candidate shape
 * \return the line's converged filters
 */
std::vector<bloom::AnyFilter>
ConvergedLine(const ScenarioRun& r, const bloom::FilterPolicy& policy)
{
    const uint64_t ids = r.c.LargestResourceId();
    const uint32_t reach = policy.Reach();
    const uint32_t length =
        std::min<uint32_t>(r.result.diameter, std::min<uint32_t>(reach, kMaxScenarioNodes)) + 1;
    std::vector<std::vector<uint64_t>> own(length);
    for (uint64_t id = 1; id <= ids; ++id)
    {
        own[(id - 1) % length].push_back(id);
    }
    std::vector<bloom::AnyFilter> line;
    line.reserve(length);
    for (uint32_t i = 0; i < length; ++i)
    {
        line.push_back(policy.Build(own[i], {}));
    }
    for (uint32_t round = 0; round < 2 * length + 2; ++round)
    {
        bool changed = false;
        for (uint32_t i = 0; i < length; ++i)
        {
            std::vector<const bloom::AnyFilter*> neighbours;
            if (i > 0)
            {
                neighbours.push_back(&line[i - 1]);
            }
            if (i + 1 < length)
            {
                neighbours.push_back(&line[i + 1]);
            }
            bloom::AnyFilter next = policy.Build(own[i], neighbours);
            if (!(next == line[i]))
            {
                changed = true;
            }
            line[i] = std::move(next);
        }
        if (!changed)
        {
            break;
        }
    }
    return line;
}

/**
 * The advertisement a node of the run can expect once converged, coded:
 * the largest coded size (and its frames) of the nodes of ConvergedLine.
 * \param r the run (diameter known)
 * \param policy the family's policy of the candidate shape
 * \param frameBytes bytes per frame
 * \return the largest advertisement size over the line
 */
bloom::AdvertisementSize
ExpectedCodedAdvertisement(const ScenarioRun& r,
                           const bloom::FilterPolicy& policy,
                           uint32_t frameBytes)
{
    bloom::AdvertisementSize most;
    for (const bloom::AnyFilter& filter : ConvergedLine(r, policy))
    {
        const bloom::AdvertisementSize size = bloom::MeasureAdvertisement(filter,
                                                                          frameBytes,
                                                                          bloom::Codec::ENTROPY,
                                                                          policy.GetCellAlphabet());
        if (size.codedBytes > most.codedBytes ||
            (size.codedBytes == most.codedBytes && size.frames > most.frames))
        {
            most = size;
        }
    }
    return most;
}

/**
 * The budget on what is sent (--budget-bytes with --codec entropy): the
 * largest m from `rawSlots` (the raw budget's, whose coded size is at most
 * its raw size plus a codec byte per frame) up to kMaxSlots whose expected
 * coded advertisement (ExpectedCodedAdvertisement) takes at most the budget,
 * a shape the family accepts and whose every segment could still go raw
 * (MaxSegments); below `rawSlots` when even that one codes larger (a dense
 * filter: the codec bytes).  The coded size is not monotone in m slot by
 * slot, so the search doubles m while it fits, then bisects between the
 * last fitting m and the first that does not.
 * \param r the run
 * \param rawSlots m of the raw budget
 * \return m, and the expected frames of an advertisement
 */
std::pair<uint32_t, uint32_t>
CodedSlotsInBudget(ScenarioRun& r, uint32_t rawSlots)
{
    const GossipScenarioConfig& c = r.c;
    const uint32_t frameBytes = PlanFrameBytes(r);
    const auto fits = [&](uint32_t m, uint32_t* frames) {
        try
        {
            const Ptr<BloomGossipApplication> app = CheckFamilyAttributes(c, m, r.depth);
            const bloom::FilterPolicy& policy = app->GetPolicy();
            policy.MaxSegments(frameBytes, bloom::Codec::ENTROPY);
            const bloom::AdvertisementSize size = ExpectedCodedAdvertisement(r, policy, frameBytes);
            if (size.codedBytes > c.budgetBytes)
            {
                return false;
            }
            *frames = size.frames;
            return true;
        }
        catch (const std::invalid_argument&)
        {
            return false; // a shape the family refuses, or one raw segments cannot carry
        }
    };
    uint32_t frames = 0;
    uint32_t lo = rawSlots;
    while (lo > 1 && !fits(lo, &frames))
    {
        lo = lo / 2;
    }
    if (!fits(lo, &frames))
    {
        return {rawSlots, 0}; // nothing fits: the raw budget's check refuses it
    }
    uint32_t hi = lo;
    uint32_t hiFrames = frames;
    while (hi < bloom::kMaxSlots)
    {
        const uint32_t next =
            static_cast<uint32_t>(std::min<uint64_t>(2ULL * hi, bloom::kMaxSlots));
        uint32_t f = 0;
        if (!fits(next, &f))
        {
            break;
        }
        lo = hi = next;
        frames = hiFrames = f;
    }
    if (hi == bloom::kMaxSlots)
    {
        return {hi, hiFrames};
    }
    // lo fits, 2 lo does not.
    uint32_t bad = static_cast<uint32_t>(std::min<uint64_t>(2ULL * lo, bloom::kMaxSlots));
    while (bad - lo > 1)
    {
        const uint32_t mid = lo + (bad - lo) / 2;
        uint32_t f = 0;
        if (fits(mid, &f))
        {
            lo = mid;
            frames = f;
        }
        else
        {
            bad = mid;
        }
    }
    return {lo, frames};
}

/// The shape a budget with a codec chooses (CodedShapeInBudget).
struct CodedShape
{
    uint32_t slots{0};  //!< m
    uint32_t frames{0}; //!< expected frames of an advertisement (0: nothing fits)
    uint32_t hashes{0}; //!< k
    /// The expected FPR of the membership test: the mean of the policy's
    /// FillFpr over the search's converged line (none: no fill model)
    std::optional<double> fpr;
};

/// The largest k the budget search with a codec tries.
constexpr uint32_t kMostSearchedHashes = 8;

/**
 * The budget on what is sent, m and k: for a family with k hashes
 * (FamilyHasHashes) whose policy has a fill model (FilterPolicy::FillFpr)
 * and whose --k was not given (GossipScenarioConfig::hashesGiven), the
 * option's k and every k in 1..kMostSearchedHashes, each with its largest
 * fitting m (CodedSlotsInBudget),
 * keeping the (m, k) of the lowest expected false-positive rate over the
 * search's converged line (the mean of FillFpr over its nodes), the smaller
 * m on a tie; otherwise the option's k and its m.  Leaves r.c.hashes at the
 * chosen k.
 * \param r the run
 * \param rawSlots m of the raw budget
 * \return the shape
 */
CodedShape
CodedShapeInBudget(ScenarioRun& r, uint32_t rawSlots)
{
    const auto measure = [&](uint32_t k) {
        r.c.hashes = k;
        CodedShape shape;
        shape.hashes = k;
        std::tie(shape.slots, shape.frames) = CodedSlotsInBudget(r, rawSlots);
        if (shape.frames == 0)
        {
            return shape; // nothing fits
        }
        const Ptr<BloomGossipApplication> app = CheckFamilyAttributes(r.c, shape.slots, r.depth);
        const bloom::FilterPolicy& policy = app->GetPolicy();
        const std::vector<bloom::AnyFilter> line = ConvergedLine(r, policy);
        double sum = 0;
        for (const bloom::AnyFilter& filter : line)
        {
            const std::optional<double> fpr = policy.FillFpr(filter);
            if (!fpr)
            {
                return shape;
            }
            sum += *fpr;
        }
        shape.fpr = sum / line.size();
        NS_LOG_LOGIC("budget with a codec: k " << k << " m " << shape.slots << " FPR "
                                               << *shape.fpr);
        return shape;
    };
    const uint32_t given = r.c.hashes;
    const CodedShape own = measure(given);
    if (r.c.hashesGiven || !FamilyHasHashes(r.c.filter) || (own.frames > 0 && !own.fpr))
    {
        r.c.hashes = given; // a given k, or a family without k or a fill model
        return own;
    }
    std::optional<CodedShape> best;
    if (own.frames > 0)
    {
        best = own;
    }
    for (uint32_t k = 1; k <= kMostSearchedHashes; ++k)
    {
        if (k == given)
        {
            continue;
        }
        const CodedShape shape = measure(k);
        if (shape.frames > 0 && shape.fpr &&
            (!best || *shape.fpr < *best->fpr ||
             (*shape.fpr == *best->fpr && shape.slots < best->slots)))
        {
            best = shape;
        }
    }
    if (!best)
    {
        r.c.hashes = given; // nothing fits: the raw budget's check refuses it
        return own;
    }
    r.c.hashes = best->hashes;
    return *best;
}

/// The frames of one advertisement (feasibility check): from one
/// application built from the run's values, in frames of the bytes the
/// gossip applications will use (PlanFrameBytes).
uint32_t
PlanFrames(ScenarioRun& r, const bloom::FilterPolicy& policy)
{
    const GossipScenarioConfig& c = r.c;
    const uint32_t frameBytes = PlanFrameBytes(r);
    try
    {
        return policy.MaxSegments(frameBytes, c.codec);
    }
    catch (const std::invalid_argument& e)
    {
        ThrowOptionError(c.budgetBytes > 0 ? "--budget-bytes" : "--m",
                         std::string(e.what()) + " (lower " +
                             ShapeOptions(bloom::GetFilterFamily(c.filter)) +
                             ", or raise --frame-bytes)");
    }
}

/// What the radio can carry (feasibility check): an advertisement's frames
/// between two of them, and within the duty cycle's windows; the
/// neighbourhood's offered load.
void
CheckAirTime(ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    if (c.transport != BloomGossipApplication::LINK_LAYER ||
        c.radio.device != WsnRadioConfig::Device::LR_WPAN)
    {
        return;
    }
    // A node whose advertisement takes longer on the air than the shortest
    // time between two of them feeds its MAC queue faster than the radio
    // drains it (lr-wpan's queue has no bound): memory grows with the
    // simulated time.  Refused; a shared channel merely overloaded by the
    // neighbourhood is reported (CSMA/CA then drops frames, which is
    // bounded).  802.15.4 air time (DutyCycleScheduler::AirTime: 32 us per
    // byte, with the MAC header, FCS and the PHY's preamble, SFD and
    // length); a frame carries at least the segment header and one byte.
    const uint32_t frames = r.result.framesPerAdvertisement;
    const double leastFrame =
        DutyCycleScheduler::AirTime(bloom::kSegmentHeaderSize + 1).GetSeconds();
    const double fullFrame =
        DutyCycleScheduler::AirTime(c.frameBytes > 0 ? c.frameBytes : kLinkLayerMaxFrameBytes)
            .GetSeconds();
    const double shortest = c.timer == BloomGossipApplication::TRICKLE
                                ? c.trickleImin / 2
                                : std::max(c.interval - c.jitter, 1e-9);
    const double least = frames * leastFrame;
    if (least >= shortest)
    {
        ThrowOptionError(c.timer == BloomGossipApplication::TRICKLE ? "--trickle-imin"
                                                                    : "--interval",
                         fmt::format("an advertisement of {} frames takes at least {:.4g} s on "
                                     "the air at 250 kb/s, longer than the {:.4g} s between "
                                     "two of them: the radio cannot send what the node "
                                     "offers",
                                     frames,
                                     least,
                                     shortest));
    }
    // Duty cycling: the frames of one advertisement per beacon interval must
    // fit, even back to back, in the active windows of that interval (the
    // schedule's queue has no bound either).
    const double windows = c.dutyCycle * c.dutyPeriod * (shortest / c.dutyPeriod);
    if (c.dutyCycle < 1 && least >= windows)
    {
        ThrowOptionError("--duty-cycle",
                         fmt::format("an advertisement of {} frames takes at least {:.4g} s "
                                     "on the air, more than the {:.4g} s of active window "
                                     "between two of them: the radio cannot send what the "
                                     "node offers",
                                     frames,
                                     least,
                                     windows));
    }
    r.result.offeredLoad =
        frames * fullFrame * (r.network->GetTopology().MeanDegree() + 1) / shortest;
}

/// The filter's plan (feasibility check): its levels and slots (from the
/// budget and the diameter), the family's check of the run's values, the
/// frames of an advertisement and what the radio can carry.
void
PlanFilter(ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    const bloom::FilterFamily& family = bloom::GetFilterFamily(c.filter);
    r.depth = ResolveDepth(c, r.result.diameter);
    r.slots = c.slots;
    if (c.budgetBytes > 0)
    {
        // The filter's levels: a family with levels (its filter class'
        // traits) says them through its policy's shape (ABF: the depth; a
        // plug-in: its own rule); each level gets whole bytes.
        const bloom::FilterTraits* traits = bloom::GetFilterTraits(c.filter);
        const uint32_t levels =
            traits != nullptr && traits->levels
                ? CheckFamilyAttributes(c, r.slots, r.depth)->GetPolicy().GetShape().depth
                : 1;
        const uint64_t per = family.SlotsInBudget(c.budgetBytes, c.SlotBits(), levels);
        if (per < 1)
        {
            ThrowOptionError("--budget-bytes",
                             fmt::format("{} bytes cannot hold one slot of {} ({} levels)",
                                         c.budgetBytes,
                                         bloom::ToString(c.filter),
                                         levels));
        }
        r.slots = static_cast<uint32_t>(std::min<uint64_t>(per, bloom::kMaxSlots));
    }
    uint32_t codedFrames = 0;
    if (c.budgetBytes > 0 && c.codec == bloom::Codec::ENTROPY)
    {
        // The budget counts what is sent: the coded size, for m and k.
        const CodedShape shape = CodedShapeInBudget(r, r.slots);
        r.slots = shape.slots;
        codedFrames = shape.frames;
        r.result.budgetFpr = shape.fpr;
    }
    r.result.slots = r.slots;
    r.result.hashes = c.hashes;
    const Ptr<BloomGossipApplication> probe = CheckFamilyAttributes(c, r.slots, r.depth);
    const bloom::FilterPolicy& policy = probe->GetPolicy();
    r.result.depth = policy.GetShape().depth;
    r.result.framesPerAdvertisement = PlanFrames(r, policy);
    if (codedFrames > 0)
    {
        // A coded budget is planned for the converged filter's frames (its
        // fill is the run's R; every segment raw is only the bound of
        // PlanFrames, which must still hold).
        r.result.framesPerAdvertisement = codedFrames;
    }
    CheckAirTime(r);
    if (c.queries > 0 && c.learning == BloomGossipApplication::QUERIES)
    {
        // Query frames are not segmented: the filter must fit one.
        const size_t need = BloomQueryApplication::LeastQueryFrameBytes(policy, true);
        const uint32_t mtu = r.devices.Get(0)->GetMtu();
        if (need > mtu)
        {
            ThrowOptionError("--learn",
                             fmt::format("queries: a query frame carrying the {} filter takes "
                                         "{} bytes, more than the device MTU of {} bytes "
                                         "(lower {})",
                                         policy.Describe(),
                                         need,
                                         mtu,
                                         ShapeOptions(family)));
        }
    }
    // Query applications only when the run issues queries (runs without
    // queries stay as they were, random streams included).
    r.strategies = c.queries > 0 ? c.QueryStrategies() : std::vector<bloom::QueryStrategy>{};
    r.result.queryStrategies = r.strategies;
}

/**
 * The feasibility check: every option error of a run, fits included, and
 * nothing set up but the network (whose ground truth the checks need).
 * --dry-run (CheckGossipScenario) runs exactly this.  A program's own
 * applications (hooks.applications) need only the network.
 */
void
Feasibility(ScenarioRun& r, const GossipScenarioHooks& hooks)
{
    r.c.Validate();
    r.recorders.Validate(r.c.simTime, r.c.queries);
    r.result.seed = RngSeedManager::GetSeed();
    r.result.run = RngSeedManager::GetRun();
    const WsnTopology input = TopologyOf(r.c);
    if (r.c.placement == ResourcePlacement::ONE_PER_NODE)
    {
        // One resource per node: as many resources as nodes, known only now.
        r.c.resources = input.GetN();
        r.c.replicas = 1;
        r.c.CheckCombinations(); // e.g. the ids a family carries, up to n
    }
    NetworkStage(r, input);
    r.result.nodes = r.network->GetTopology().GetN();
    if (hooks.applications)
    {
        return;
    }
    CheckNetwork(r);
    PlanFilter(r);
}

/// Stage gossip: one gossip application per node, on its radio device (or
/// UDP over IPv6 and 6LoWPAN); the filter's description from the first.
void
GossipStage(ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    BloomGossipHelper gossip = MakeGossipHelper(c, r.slots, r.depth);
    // Link layer: every node's one radio device (udp6: its 6LoWPAN device, below).
    gossip.SetAttribute("DeviceIndex", UintegerValue(r.devices.Get(0)->GetIfIndex()));
    NodeContainer nodes = r.network->GetNodes();
#if BLOOM_GOSSIP_UDP6
    if (c.transport == BloomGossipApplication::UDP6)
    {
        // IPv6 over 6LoWPAN on the lr-wpan devices; gossip goes to ff02::1.
        InternetStackHelper internet;
        internet.SetIpv4StackInstall(false);
        internet.Install(nodes);
        r.stream += internet.AssignStreams(nodes, r.stream);
        SixLowPanHelper sixlowpan;
        NetDeviceContainer six = sixlowpan.Install(r.devices);
        r.stream += sixlowpan.AssignStreams(six, r.stream);
        Ipv6AddressHelper ipv6;
        ipv6.SetBase(Ipv6Address("2001:db8::"), Ipv6Prefix(64));
        ipv6.Assign(six);
        gossip.SetAttribute("DeviceIndex", UintegerValue(six.Get(0)->GetIfIndex()));
    }
#endif
    ApplicationContainer apps = gossip.Install(nodes);
    r.stream += gossip.AssignStreams(nodes, r.stream);
    apps.Start(Seconds(0));
    apps.Stop(Seconds(c.simTime));
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        r.apps.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
    }
    const bloom::FilterPolicy& policy = r.apps.front()->GetPolicy();
    r.result.describe = policy.Describe();
    r.result.reach = policy.Reach();
    r.result.attenuation = policy.Attenuation();
}

/// Stage queries: one query application per node, when the run issues queries.
void
QueryStage(ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    if (r.strategies.empty())
    {
        return;
    }
    BloomQueryHelper query;
    query.SetAttribute("MaxVisited", UintegerValue(c.queryMaxVisited));
    query.SetAttribute("QueryTimeout", TimeValue(Seconds(c.queryTimeout)));
    query.SetAttribute("DeviceIndex", UintegerValue(r.devices.Get(0)->GetIfIndex()));
    if (c.learning == BloomGossipApplication::QUERIES)
    {
        query.SetAttribute("CarryFilter", BooleanValue(true));
    }
    NodeContainer nodes = r.network->GetNodes();
    ApplicationContainer qapps = query.Install(nodes);
    r.stream += query.AssignStreams(nodes, r.stream);
    qapps.Start(Seconds(0));
    qapps.Stop(Seconds(c.simTime));
    for (uint32_t i = 0; i < qapps.GetN(); ++i)
    {
        r.queryApps.push_back(DynamicCast<BloomQueryApplication>(qapps.Get(i)));
    }
}

/// Stage energy: the radios' energy models and the duty cycle (off by
/// default: nothing installed, no random stream taken, so runs without
/// them stay as they were).
void
EnergyStage(ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    if (c.EnergyOn())
    {
        LrWpanEnergyHelper energy;
        energy.SetBattery(c.batteryJoules);
        r.energyModels = energy.Install(r.devices);
    }
    if (c.dutyCycle < 1)
    {
        DutyCycleHelper duty;
        duty.SetAttribute("Period", TimeValue(Seconds(c.dutyPeriod)));
        duty.SetAttribute("DutyCycle", DoubleValue(c.dutyCycle));
        duty.SetAttribute("Guard", TimeValue(Seconds(kDutyGuardSeconds)));
        r.stream += DutyCycleHelper::AssignStreams(duty.Install(r.devices), r.stream);
    }
}

/// The plan of the queries: draws, window, strategies, warm-up, TTLs.
GossipWorkload::QueryPlan
QueryPlanOf(const GossipScenarioConfig& c,
            const std::vector<bloom::QueryStrategy>& strategies,
            uint32_t diameter)
{
    GossipWorkload::QueryPlan plan;
    plan.draws = c.queries;
    plan.start = c.QueryWindowStart();
    plan.interval = c.queryInterval;
    plan.absentShare = c.queryAbsent;
    plan.strategies = strategies;
    plan.warmup = c.queryWarmup;
    plan.warmupStart = c.QueryWarmupStart();
    plan.warmupStrategies =
        c.queryWarmup > 0 ? c.QueryWarmupStrategies() : std::vector<bloom::QueryStrategy>{};
    const uint32_t ttl = c.queryTtl;
    plan.ttl = [ttl, diameter](bloom::QueryStrategy s) -> uint8_t {
        return ttl > 0 ? static_cast<uint8_t>(ttl) : ScenarioQueryTtl(s, diameter);
    };
    return plan;
}

/**
 * Stage workload: the metrics (they only observe), then each resource on
 * `replicas` distinct random nodes, the events, and the queries (draw i
 * (origin, key) at its first slot, issued once per strategy).
 */
void
WorkloadStage(ScenarioRun& r)
{
    const GossipScenarioConfig& c = r.c;
    const WsnTopology& topo = r.network->GetTopology();
    std::vector<std::vector<uint32_t>> graph;
    for (uint32_t i = 0; i < topo.GetN(); ++i)
    {
        graph.push_back(topo.GetNeighbours(i));
    }
    r.metrics = std::make_unique<GossipMetrics>(r.apps, graph);
    r.metrics->TrackDevices(r.devices);
    std::vector<uint64_t> probes;
    for (uint32_t i = 0; i < c.probes; ++i)
    {
        probes.push_back(kProbeBase + i);
    }
    r.metrics->SetProbes(probes);

    r.workload = CreateObject<GossipWorkload>();
    r.workload->AssignStreams(kWorkloadStream);
    r.workload->SetApplications(r.apps, r.queryApps);
    if (c.placement == ResourcePlacement::ONE_PER_NODE)
    {
        r.workload->PlaceOnePerNode();
    }
    else
    {
        r.workload->PlaceResources(c.resources, c.replicas);
    }
    if (c.dynamics.mobileNodes == ScenarioMobileNodes::SINKS)
    {
        r.workload->SetOrigins(r.mobility->MobileNodes()); // the moving nodes are the sinks
    }
    r.workload->ScheduleEvents(c.events);                      // checked by the feasibility check
    r.walks = std::make_unique<QueryWalkRecorder>(*r.metrics); // through the query metrics
    if (r.queryApps.empty())
    {
        return;
    }
    r.queryMetrics = std::make_unique<QueryMetrics>(r.queryApps, *r.metrics);
    if (r.recorders.walks)
    {
        r.queryMetrics->SetObserver(r.walks.get());
    }
    for (const auto& app : r.queryApps)
    {
        r.metrics->TrackMalformed(app); // malformed query frames count too
    }
    r.queryMetrics->TrackDevices(r.devices);
    r.queryMetrics->TrackWorkload(r.workload);
    r.workload->ScheduleQueries(QueryPlanOf(c, r.strategies, r.result.diameter));
}

/// Stage mobility: the mobile nodes' models (their own streams, after all others).
void
MobilityStage(ScenarioRun& r)
{
    r.stream += r.mobility->Install(*r.network, r.stream);
    r.result.dynamics.mobileNodes = r.mobility->GetModelCount();
    r.result.dynamics.moving = r.mobility->MobileNodes();
}

/// Stage recorders: the truth's observers (samples, maps) and NetAnim.
void
RecordersStage(ScenarioRun& r)
{
    r.sampler = std::make_unique<TruthSampler>(r.c.dynamics, r.recorders.MapTimes(r.c.simTime));
    r.sampler->Start(*r.network, *r.metrics, r.c.simTime);
}

/// Simulate the run set up, with the hooks around Simulator::Run.
void
Simulate(const GossipScenarioConfig& c, const GossipScenarioHooks& hooks)
{
    Simulator::Stop(Seconds(c.simTime));
    if (hooks.beforeRun)
    {
        hooks.beforeRun();
    }
    Simulator::Run();
    if (hooks.afterRun)
    {
        hooks.afterRun();
    }
}

/// Stage run: simulate with the hooks around Simulator::Run, then collect.
void
RunStage(ScenarioRun& r, const GossipScenarioHooks& hooks)
{
    const GossipScenarioConfig& c = r.c;
    if (r.recorders.netanim)
    {
        r.anim.Start(Seconds(c.dynamics.EffectiveSampleInterval()));
    }
    Simulate(c, hooks);
    TruthRecord truth = r.sampler->Finish();
    GossipScenarioResult& result = r.result;
    result.dynamics.samples = std::move(truth.samples);
    result.dynamics.repairDelays = std::move(truth.repairDelays);
    result.dynamics.unrepaired = truth.unrepaired;
    result.dynamics.mapNodes = std::move(truth.mapNodes);
    result.dynamics.mapLinks = std::move(truth.mapLinks);
    result.dynamics.walks = r.walks->GetRows();
    result.metrics = r.metrics->Finish(Seconds(c.simTime));
    if (!r.energyModels.empty())
    {
        result.energy =
            EnergyMetrics(r.energyModels).Finish(Seconds(c.simTime), result.metrics.advertisements);
    }
    if (r.queryMetrics)
    {
        r.queryMetrics->Finish(Seconds(c.simTime));
        result.queries = r.queryMetrics->GetRecords();
    }
    if (r.wifi)
    {
        result.wifiDrops = r.wifi->GetDropCounts();
    }
    Simulator::Destroy();
    result.dynamics.netanim = r.anim.Finish();
}

/// A run: the feasibility check, then (when `simulate`) the stages; no
/// node, device or event is left behind when it throws.
GossipScenarioResult
SetUpAndRun(const GossipScenarioConfig& given,
            const ScenarioRecorders& rec,
            bool simulate,
            const GossipScenarioHooks& hooks)
{
    ScenarioRun r(given, rec);
    try
    {
        Feasibility(r, hooks);
        if (hooks.applications)
        {
            // A program's own applications on the run's network (sim-benchmark).
            hooks.applications(
                GossipScenarioStage{r.c, *r.network, r.devices, r.stream, kWorkloadStream});
            if (simulate)
            {
                Simulate(r.c, hooks);
            }
        }
        else if (simulate)
        {
            GossipStage(r);
            QueryStage(r);
            EnergyStage(r);
            WorkloadStage(r);
            MobilityStage(r);
            RecordersStage(r);
            RunStage(r, hooks);
        }
    }
    catch (...)
    {
        Simulator::Destroy();
        throw;
    }
    Simulator::Destroy();
    r.result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - r.wallStart).count();
    return r.result;
}

} // namespace

GossipScenarioResult
RunGossipScenario(const GossipScenarioConfig& c,
                  const ScenarioRecorders& rec,
                  const GossipScenarioHooks& hooks)
{
    return SetUpAndRun(c, rec, true, hooks);
}

GossipScenarioResult
CheckGossipScenario(const GossipScenarioConfig& c, const ScenarioRecorders& rec)
{
    return SetUpAndRun(c, rec, false, GossipScenarioHooks());
}

} // namespace ns3
