/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scenario-parameters.h"

#include "ns2-trace-reader.h"
#include "scenario-cli.h"
#include "wifi-device-builder.h"

#include "ns3/application.h"
#include "ns3/basic-energy-source.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-query-application.h"
#include "ns3/double.h"
#include "ns3/duty-cycle-scheduler.h"
#include "ns3/dv-filter.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/filter-family.h"
#include "ns3/filter-limits.h"
#include "ns3/gauss-markov-mobility-model.h"
#include "ns3/gossip-message.h"
#include "ns3/grid-spectrum-channel.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/lr-wpan-radio-energy-model.h"
#include "ns3/nstime.h"
#include "ns3/position-allocator.h"
#include "ns3/propagation-loss-model.h"
#include "ns3/random-variable-stream.h"
#include "ns3/random-waypoint-mobility-model.h"
#include "ns3/spectrum-channel.h"
#include "ns3/static-shadowing-loss-model.h"
#include "ns3/uinteger.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScenarioParameters");

namespace
{

using Config = GossipScenarioConfig;
using Type = ScenarioParameter::Type;
using AttrValue = std::function<Ptr<AttributeValue>(const Config&)>;

/// A field of the configuration: FIELD(radio.range).
#define FIELD(f)                                                                                   \
    [](Config & c) -> auto&                                                                        \
    {                                                                                              \
        return c.f;                                                                                \
    }

/// Builds one table entry.
class Def
{
  public:
    ScenarioParameter p; //!< the entry

    /// The value as an enum attribute value (CHOICE of enumerators).
    AttrValue enumValue;

    /**
     * An attribute of a gossip application of the module holding the
     * option's value: MakeGossipHelper sets it, to a value of the checker's
     * type (time in seconds, double, unsigned or enum), or to `value`.
     */
    Def& Attr(TypeId type, const char* name, AttrValue value = nullptr)
    {
        if (!value)
        {
            TypeId::AttributeInformation info;
            if (!type.LookupAttributeByName(name, &info))
            {
                NS_FATAL_ERROR(type.GetName() << " has no attribute " << name);
            }
            const std::string kind = info.checker->GetValueTypeName();
            const auto number = p.number;
            if (kind == "ns3::TimeValue")
            {
                value = [number](const Config& c) -> Ptr<AttributeValue> {
                    return Create<TimeValue>(Seconds(number(c)));
                };
            }
            else if (kind == "ns3::DoubleValue")
            {
                value = [number](const Config& c) -> Ptr<AttributeValue> {
                    return Create<DoubleValue>(number(c));
                };
            }
            else if (kind == "ns3::UintegerValue")
            {
                value = [number](const Config& c) -> Ptr<AttributeValue> {
                    return Create<UintegerValue>(static_cast<uint64_t>(number(c)));
                };
            }
            else
            {
                value = enumValue;
            }
            NS_ABORT_MSG_UNLESS(value, "no value for " << type.GetName() << "::" << name);
        }
        p.attributes.push_back({type, name, std::move(value), true});
        return *this;
    }

    /// The last attribute is not given a value from the table (the run passes
    /// its own; the checker is still compared).
    Def& NotPushed()
    {
        p.attributes.back().value = nullptr;
        return *this;
    }

    /// The last attribute's checker cannot hold the parameter's values
    /// exactly (not compared; the reason in a comment at the entry).
    Def& Inexact()
    {
        p.attributes.back().exact = false;
        return *this;
    }

    /// An attribute the run sets from the option elsewhere (a helper of the
    /// run, an ns-3 model), or derives from it: owned by the option, its
    /// checker not compared with the option's range.
    Def& Derived(TypeId type, const char* name)
    {
        p.attributes.push_back({type, name, nullptr, false});
        return *this;
    }

    /// The attribute `name` of every filter family's application that has
    /// one of that name (k: not DV).
    Def& FamilyAttr(const std::function<const char*(const bloom::FilterFamily&)>& name)
    {
        for (const bloom::FilterFamily& f : bloom::FilterFamilies())
        {
            const TypeId type = TypeId::LookupByName(f.typeId);
            TypeId::AttributeInformation info;
            if (type.LookupAttributeByName(name(f), &info))
            {
                Attr(type, name(f));
            }
        }
        return *this;
    }

    Def& Columns(std::initializer_list<const char*> columns)
    {
        p.columns.insert(p.columns.end(), columns.begin(), columns.end());
        return *this;
    }

    /// Applies only when `holds` (else refused, or with `warn` ignored with a warning).
    Def& When(const std::string& condition,
              std::function<bool(const Config&)> holds,
              bool warn = false)
    {
        p.condition = condition;
        p.applies = [holds](const Config& c, const std::vector<bloom::FilterKind>&) {
            return holds(c);
        };
        p.warnOnly = warn;
        return *this;
    }

    /**
     * Applies when a family of the sweep has the first attribute: the
     * family's application type is the attribute's type or derives from it.
     * \param extra a further condition ("and --decay subtractive"), or empty
     * \param holds whether it holds (null: always)
     */
    Def& Family(const std::string& extra = "", std::function<bool(const Config&)> holds = nullptr)
    {
        const TypeId owner = p.attributes.front().type;
        std::vector<std::string> names;
        for (const bloom::FilterFamily& f : bloom::FilterFamilies())
        {
            const TypeId t = TypeId::LookupByName(f.typeId);
            if (t == owner || t.IsChildOf(owner))
            {
                names.emplace_back(f.name);
            }
        }
        p.condition = "--filter " + bloom::JoinList(names, " or ") + " or all" +
                      (extra.empty() ? "" : " and " + extra);
        p.applies = [owner, holds](const Config& c, const std::vector<bloom::FilterKind>& fs) {
            bool any = false;
            for (bloom::FilterKind kind : fs)
            {
                const TypeId t = TypeId::LookupByName(bloom::GetFilterFamily(kind).typeId);
                any = any || t == owner || t.IsChildOf(owner);
            }
            return any && (!holds || holds(c));
        };
        return *this;
    }

    /// Validate checks the range only when `when` holds.
    Def& CheckedWhen(std::function<bool(const Config&)> when)
    {
        p.checked = std::move(when);
        return *this;
    }

    /// 0 is allowed besides lo..hi and means `meaning`.
    Def& Zero(const char* meaning)
    {
        p.zero = meaning;
        return *this;
    }
};

Def
Base(const char* group, const char* name, Type type, const char* unit, const char* help)
{
    Def d;
    d.p.group = group;
    d.p.name = name;
    d.p.option = std::string("--") + name;
    d.p.type = type;
    d.p.unit = unit;
    d.p.help = help;
    return d;
}

/// The range of a REAL option as the command line checks it (0 allowed when it has a meaning).
cli::Range
OptionRange(const ScenarioParameter& p)
{
    const double lo = p.zero.empty() ? p.lo : 0;
    const bool loOpen = p.zero.empty() && p.loOpen;
    if (!loOpen && !p.hiOpen)
    {
        return cli::Range::Closed(lo, p.hi);
    }
    if (loOpen && p.hiOpen)
    {
        return cli::Range::Open(lo, p.hi);
    }
    NS_ABORT_MSG_UNLESS(loOpen, "no right-open ranges: " << p.name);
    return cli::Range::LeftOpen(lo, p.hi);
}

/// The help text of the option: the help, the unit, the meaning of 0.
std::string
OptionHelp(const ScenarioParameter& p)
{
    return p.help + (p.unit.empty() ? "" : " (" + p.unit + ")") +
           (p.zero.empty() ? "" : "; 0: " + p.zero);
}

template <typename Get>
Def
Real(const char* group,
     const char* name,
     Get get,
     double lo,
     double hi,
     bool loOpen,
     bool hiOpen,
     const char* unit,
     const char* help)
{
    Def d = Base(group, name, Type::REAL, unit, help);
    d.p.lo = lo;
    d.p.hi = hi;
    d.p.loOpen = loOpen;
    d.p.hiOpen = hiOpen;
    d.p.addOption = [get](cli::OptionAdder& adder, Config& c, const ScenarioParameter& p) {
        // A time (s): read exactly, a whole number of ns-3's nanoseconds.
        const auto add = p.unit == "s" ? &cli::OptionAdder::Seconds : &cli::OptionAdder::Real;
        (adder.*add)(p.name.c_str(), &get(c), OptionRange(p), OptionHelp(p));
    };
    d.p.print = [get](const Config& c) { return fmt::format("{}", get(const_cast<Config&>(c))); };
    d.p.number = [get](const Config& c) { return get(const_cast<Config&>(c)); };
    return d;
}

template <typename Get>
Def
Closed(const char* group,
       const char* name,
       Get get,
       double lo,
       double hi,
       const char* unit,
       const char* help)
{
    return Real(group, name, get, lo, hi, false, false, unit, help);
}

/// A time in [kMinScenarioPeriod, kMaxScenarioTime] s.
template <typename Get>
Def
Period(const char* group, const char* name, Get get, const char* help)
{
    return Closed(group, name, get, kMinScenarioPeriod, kMaxScenarioTime, "s", help);
}

template <typename Get>
Def
Unsigned(const char* group,
         const char* name,
         Get get,
         uint64_t lo,
         uint64_t hi,
         const char* unit,
         const char* help)
{
    Def d = Base(group, name, Type::UNSIGNED, unit, help);
    d.p.lo = static_cast<double>(lo);
    d.p.hi = static_cast<double>(hi);
    d.p.addOption = [get](cli::OptionAdder& adder, Config& c, const ScenarioParameter& p) {
        adder.Unsigned(p.name.c_str(),
                       &get(c),
                       p.zero.empty() ? static_cast<uint64_t>(p.lo) : 0,
                       static_cast<uint64_t>(p.hi),
                       OptionHelp(p));
    };
    d.p.print = [get](const Config& c) { return fmt::format("{}", get(const_cast<Config&>(c))); };
    d.p.number = [get](const Config& c) {
        return static_cast<double>(get(const_cast<Config&>(c)));
    };
    return d;
}

/// One of (name, value) pairs.
template <typename Get, typename T>
Def
Choice(const char* group,
       const char* name,
       Get get,
       const std::vector<std::pair<std::string, T>>& choices,
       const char* help)
{
    Def d = Base(group, name, Type::CHOICE, "", help);
    for (const auto& choice : choices)
    {
        d.p.choices.push_back(choice.first);
    }
    d.p.addOption = [get, choices](cli::OptionAdder& adder, Config& c, const ScenarioParameter& p) {
        adder.Choice(p.name.c_str(), &get(c), choices, OptionHelp(p));
    };
    d.p.print = [get, choices](const Config& c) {
        for (const auto& choice : choices)
        {
            if (choice.second == get(const_cast<Config&>(c)))
            {
                return choice.first;
            }
        }
        return std::string("?");
    };
    return d;
}

/// One of the enumerators `values`, each named by its ToString.
template <typename Get, typename T>
Def
Enum(const char* group, const char* name, Get get, const std::vector<T>& values, const char* help)
{
    std::vector<std::pair<std::string, T>> choices;
    choices.reserve(values.size());
    for (const T& value : values)
    {
        choices.emplace_back(ToString(value), value);
    }
    Def d = Choice(group, name, get, choices, help);
    d.enumValue = [get](const Config& c) -> Ptr<AttributeValue> {
        return EnumValue(bloom::compat::AsEnumValue(get(const_cast<Config&>(c)))).Copy();
    };
    return d;
}

template <typename Get>
Def
Flag(const char* group, const char* name, Get get, const char* help)
{
    Def d = Base(group, name, Type::FLAG, "", help);
    d.p.addOption = [get](cli::OptionAdder& adder, Config& c, const ScenarioParameter& p) {
        adder.Flag(p.name.c_str(), &get(c), OptionHelp(p));
    };
    d.p.print = [get](const Config& c) {
        return std::string(get(const_cast<Config&>(c)) ? "true" : "false");
    };
    return d;
}

template <typename Get>
Def
Text(const char* group, const char* name, Get get, const char* help)
{
    Def d = Base(group, name, Type::TEXT, "", help);
    d.p.addOption = [get](cli::OptionAdder& adder, Config& c, const ScenarioParameter& p) {
        adder.Text(p.name.c_str(), &get(c), OptionHelp(p));
    };
    d.p.print = [get](const Config& c) { return get(const_cast<Config&>(c)); };
    return d;
}

bool
LogDistance(const Config& c)
{
    return c.radio.loss == WsnRadioConfig::Loss::LOG_DISTANCE;
}

bool
Wifi(const Config& c)
{
    return c.radio.device == WsnRadioConfig::Device::WIFI;
}

bool
Disk(const Config& c)
{
    return c.topology == ScenarioTopology::DISK;
}

bool
Bcun(const Config& c)
{
    return c.topology == ScenarioTopology::BCUN;
}

bool
RandomPlacement(const Config& c)
{
    return c.placement == ResourcePlacement::RANDOM;
}

bool
Trickle(const Config& c)
{
    return c.timer == BloomGossipApplication::TRICKLE;
}

bool
Gossiping(const Config& c)
{
    return c.learning == BloomGossipApplication::GOSSIP;
}

bool
Queries(const Config& c)
{
    return c.queries > 0;
}

bool
Moving(const Config& c)
{
    return c.dynamics.mobility == ScenarioMobility::RANDOM_WAYPOINT ||
           c.dynamics.mobility == ScenarioMobility::GAUSS_MARKOV;
}

bool
Multiplicative(const Config& c)
{
    return c.decay == LbfGossipApplication::MULTIPLICATIVE;
}

bool
Subtractive(const Config& c)
{
    return c.decay == LbfGossipApplication::SUBTRACTIVE;
}

constexpr const char* kTopology = "Topology and radio";
constexpr const char* kFilters = "Filters";
constexpr const char* kGossip = "Gossip";
constexpr const char* kWorkload = "Workload";
constexpr const char* kQueries = "Queries";
constexpr const char* kEnergy = "Energy and duty cycling";
constexpr const char* kMobility = "Mobility and pictures";

/// The table.  Each knob once; see ScenarioParameter for the fields.
std::vector<ScenarioParameter>
BuildTable()
{
    using bloom::FilterFamily;
    using bloom::FilterKind;
    using Loss = WsnRadioConfig::Loss;
    using Channel = WsnRadioConfig::Channel;
    using Device = WsnRadioConfig::Device;
    const double inf = std::numeric_limits<double>::infinity();
    const TypeId gossip = BloomGossipApplication::GetTypeId();
    const TypeId lbf = LbfGossipApplication::GetTypeId();
    const TypeId query = BloomQueryApplication::GetTypeId();
    const TypeId rwp = RandomWaypointMobilityModel::GetTypeId();
    const TypeId gm = GaussMarkovMobilityModel::GetTypeId();
    const TypeId logd = LogDistancePropagationLossModel::GetTypeId();
    const TypeId radio = WsnRadio::GetTypeId();
    using R = WsnRadioConfig;
    const TypeId sdbf =
        TypeId::LookupByName(bloom::GetFilterFamily(FilterKind::SCOPE_DECAY).typeId);
    const TypeId abf = TypeId::LookupByName(bloom::GetFilterFamily(FilterKind::ATTENUATED).typeId);
    const TypeId dv =
        TypeId::LookupByName(bloom::GetFilterFamily(FilterKind::DISTANCE_VECTOR).typeId);

    std::vector<Def> t;
    // Topology and radio.
    t.push_back(Enum(kTopology,
                     "topology",
                     FIELD(topology),
                     std::vector<ScenarioTopology>{ScenarioTopology::LINE,
                                                   ScenarioTopology::GRID,
                                                   ScenarioTopology::DISK,
                                                   ScenarioTopology::FILE,
                                                   ScenarioTopology::BCUN},
                     "topology")
                    .Columns({"topology"}));
    t.push_back(Closed(kTopology, "spacing", FIELD(spacing), 1e-3, 1e6, "m", "line/grid spacing")
                    .When("--topology line or grid", [](const Config& c) {
                        return c.topology == ScenarioTopology::LINE ||
                               c.topology == ScenarioTopology::GRID;
                    }));
    t.push_back(Real(kTopology,
                     "degree",
                     FIELD(meanDegree),
                     0,
                     inf,
                     true,
                     true,
                     "",
                     "disk: mean degree the square is sized for, < nodes")
                    .When("--topology disk", Disk)
                    .CheckedWhen(Disk));
    t.push_back(
        Enum(kTopology,
             "disk-policy",
             FIELD(diskPolicy),
             std::vector<WsnTopology::DiskPolicy>{WsnTopology::DiskPolicy::CONNECTED,
                                                  WsnTopology::DiskPolicy::LARGEST_COMPONENT},
             "disk: redraw until connected, or keep the largest component")
            .When("--topology disk", Disk));
    t.push_back(Text(kTopology, "positions", FIELD(positions), "file: CSV id,x,y"));
    // BCUN's generator (WsnTopology::Bcun, genMina.py 400 0.1 0.001 4).
    t.push_back(Unsigned(kTopology,
                         "bcun-nodes",
                         FIELD(bcun.nodes),
                         2,
                         kMaxScenarioNodes,
                         "",
                         "bcun: nodes drawn in the unit square, before removals")
                    .When("--topology bcun", Bcun));
    t.push_back(Real(kTopology,
                     "bcun-radius",
                     FIELD(bcun.radius),
                     0,
                     1.5,
                     true,
                     false,
                     "",
                     "bcun: link radius in the unit square (scaled to --range)")
                    .When("--topology bcun", Bcun));
    t.push_back(Closed(kTopology,
                       "bcun-radius-step",
                       FIELD(bcun.radiusStep),
                       0,
                       1,
                       "",
                       "bcun: radius growth per disconnected draw until the first connected one")
                    .When("--topology bcun", Bcun));
    t.push_back(Closed(kTopology,
                       "bcun-min-distance2",
                       FIELD(bcun.minDistance2),
                       0,
                       2,
                       "",
                       "bcun: a node with a neighbour closer than the square root of this "
                       "(unit square) is removed, < radius^2")
                    .When("--topology bcun", Bcun));
    t.push_back(Unsigned(kTopology,
                         "bcun-max-degree",
                         FIELD(bcun.maxDegree),
                         1,
                         kMaxScenarioNodes,
                         "",
                         "bcun: the highest-degree node is removed while its degree exceeds this")
                    .When("--topology bcun", Bcun));
    t.push_back(Choice(kTopology,
                       "radio",
                       FIELD(radio.loss),
                       std::vector<std::pair<std::string, Loss>>{
                           {WsnRadioConfig::LossName(Loss::RANGE), Loss::RANGE},
                           {WsnRadioConfig::LossName(Loss::LOG_DISTANCE), Loss::LOG_DISTANCE}},
                       "unit disk or log-distance loss")
                    .Derived(radio, "Loss")
                    .Derived(radio, "ReferenceDistance")
                    .Derived(radio, "MaxLossDb")
                    .Derived(radio, "PanId")
                    .Derived(logd, "ReferenceDistance")
                    .Derived(SpectrumChannel::GetTypeId(), "MaxLossDb"));
    t.push_back(Choice(kTopology,
                       "channel",
                       FIELD(radio.channel),
                       std::vector<std::pair<std::string, Channel>>{
                           {WsnRadioConfig::ChannelName(Channel::STOCK), Channel::STOCK},
                           {WsnRadioConfig::ChannelName(Channel::GRID), Channel::GRID}},
                       "stock (SingleModelSpectrumChannel, O(N) per frame) or grid "
                       "(GridSpectrumChannel: spatial index, same results)")
                    .Derived(radio, "Channel")
                    .Derived(GridSpectrumChannel::GetTypeId(), "CutoffDistance"));
    t.push_back(Closed(kTopology,
                       "range",
                       FIELD(radio.range),
                       R::kMinRange,
                       R::kMaxRange,
                       "m",
                       "range radio: radius")
                    .Attr(radio, "Range")
                    .NotPushed()
                    .Derived(RangePropagationLossModel::GetTypeId(), "MaxRange")
                    .When("--radio range or --topology disk or bcun",
                          [](const Config& c) { return !LogDistance(c) || Disk(c) || Bcun(c); }));
    t.push_back(Closed(kTopology,
                       "tx-power",
                       FIELD(radio.txPowerDbm),
                       -R::kMaxAbsTxPowerDbm,
                       R::kMaxAbsTxPowerDbm,
                       "dBm",
                       "transmit power")
                    .Attr(radio, "TxPowerDbm")
                    .NotPushed()
                    .When("--device lr-wpan", [](const Config& c) { return !Wifi(c); }));
    t.push_back(Real(kTopology,
                     "exponent",
                     FIELD(radio.exponent),
                     0,
                     R::kMaxExponent,
                     true,
                     false,
                     "",
                     "log-distance: path-loss exponent")
                    .Attr(radio, "PathLossExponent")
                    .NotPushed()
                    .Derived(logd, "Exponent")
                    .When("--radio log-distance", LogDistance));
    t.push_back(Closed(kTopology,
                       "reference-loss",
                       FIELD(radio.referenceLossDb),
                       -R::kMaxAbsReferenceLossDb,
                       R::kMaxAbsReferenceLossDb,
                       "dB",
                       "log-distance: loss at 1 m")
                    .Attr(radio, "ReferenceLossDb")
                    .NotPushed()
                    .Derived(logd, "ReferenceLoss")
                    .When("--radio log-distance", LogDistance));
    t.push_back(Closed(kTopology,
                       "shadowing",
                       FIELD(radio.shadowingSigmaDb),
                       0,
                       R::kMaxShadowingSigmaDb,
                       "dB",
                       "log-distance: static log-normal shadowing sigma")
                    .Attr(radio, "ShadowingSigmaDb")
                    .NotPushed()
                    .Derived(StaticShadowingLossModel::GetTypeId(), "Sigma")
                    .When("--radio log-distance", LogDistance));
    t.push_back(Closed(kTopology,
                       "link-margin",
                       FIELD(radio.linkMarginDb),
                       -R::kMaxAbsLinkMarginDb,
                       R::kMaxAbsLinkMarginDb,
                       "dB",
                       "log-distance: ground-truth link iff rx >= sensitivity + margin")
                    .Attr(radio, "LinkMarginDb")
                    .NotPushed()
                    .When("--radio log-distance", LogDistance));
    t.push_back(Choice(kTopology,
                       "device",
                       FIELD(radio.device),
                       std::vector<std::pair<std::string, Device>>{
                           {WsnRadioConfig::DeviceName(Device::LR_WPAN), Device::LR_WPAN},
                           {WsnRadioConfig::DeviceName(Device::WIFI), Device::WIFI}},
                       "radio device: lr-wpan (802.15.4) or wifi (802.11b at 11 Mb/s, two-ray "
                       "ground at 914 MHz, --range reception, --cs-range carrier sense)")
                    .Derived(radio, "Device"));
    t.push_back(Closed(kTopology,
                       "cs-range",
                       FIELD(radio.csRange),
                       0,
                       R::kMaxRange,
                       "m",
                       "wifi: carrier-sense range, at least --range; 0: 2.2 x --range")
                    .Attr(radio, "CsRange")
                    .NotPushed()
                    .When("--device wifi", Wifi));

    // Filters.
    t.push_back(Unsigned(kFilters,
                         "m",
                         FIELD(slots),
                         1,
                         bloom::kMaxSlots,
                         "",
                         "slots: BF bits, LBF cells, ABF bits per level, SDBF bits, DV "
                         "payload bytes")
                    .FamilyAttr([](const FilterFamily& f) { return f.sizeAttribute; })
                    .CheckedWhen([](const Config& c) { return c.budgetBytes == 0; })
                    .When("--budget-bytes 0 (a budget sets m)",
                          [](const Config& c) { return c.budgetBytes == 0; })
                    .Columns({"m"}));
    t.push_back(Unsigned(kFilters, "k", FIELD(hashes), 1, bloom::kMaxHashes, "", "hash functions")
                    .FamilyAttr([](const FilterFamily&) { return "Hashes"; })
                    .Columns({"k"}));
    t.push_back(Unsigned(kFilters,
                         "b",
                         FIELD(cellBits),
                         bloom::kMinCellBits,
                         bloom::kMaxCellBits,
                         "",
                         "LBF bits per cell")
                    .Attr(lbf, "CellBits")
                    .Family()
                    .Columns({"b"}));
    t.push_back(Enum(kFilters,
                     "quantization",
                     FIELD(quantization),
                     std::vector<bloom::Quantization>{bloom::Quantization::FLOOR,
                                                      bloom::Quantization::CEIL,
                                                      bloom::Quantization::ROUND},
                     "LBF quantization")
                    .Attr(lbf, "Quantization")
                    .Family());
    t.push_back(
        Enum(kFilters,
             "decay",
             FIELD(decay),
             std::vector<LbfGossipApplication::DecayMode>{LbfGossipApplication::MULTIPLICATIVE,
                                                          LbfGossipApplication::SUBTRACTIVE},
             "LBF per-hop decay")
            .Attr(lbf, "Decay")
            .Family());
    t.push_back(
        Real(kFilters, "a", FIELD(factor), 0, 1, true, true, "", "LBF multiplicative factor")
            .Attr(lbf, "Factor")
            .Family("--decay multiplicative", Multiplicative)
            .CheckedWhen(Multiplicative)
            .Columns({"a"}));
    t.push_back(Unsigned(kFilters,
                         "delta",
                         FIELD(step),
                         1,
                         65535,
                         "",
                         "LBF subtractive step, at most 2^b - 1")
                    .Attr(lbf, "Step")
                    .Family("--decay subtractive", Subtractive)
                    .CheckedWhen(Subtractive)
                    .Columns({"a"}));
    t.push_back(Unsigned(kFilters, "depth", FIELD(depth), 1, bloom::kMaxDepth, "", "ABF levels")
                    .Zero("diameter + 1")
                    .Attr(abf, "Depth")
                    .Family()
                    .Columns({"depth"}));
    t.push_back(Real(kFilters,
                     "decay-probability",
                     FIELD(decayProbability),
                     0,
                     1,
                     true,
                     true,
                     "",
                     "SDBF: probability p that a node's static keep mask clears a bit")
                    .Attr(sdbf, "DecayProbability")
                    .Family()
                    .Columns({"a"}));
    t.push_back(
        Unsigned(kFilters,
                 "min-count",
                 FIELD(minCount),
                 1,
                 bloom::kMaxHashes,
                 "",
                 "SDBF: membership iff at least this many of the k positions are set, <= k")
            .Attr(sdbf, "MinCount")
            .Family()
            .CheckedWhen([](const Config& c) { return c.filter == FilterKind::SCOPE_DECAY; }));
    t.push_back(Enum(kFilters,
                     "estimator",
                     FIELD(sdbfEstimator),
                     std::vector<bloom::SdbfEstimator>{bloom::SdbfEstimator::MLE,
                                                       bloom::SdbfEstimator::RATIO},
                     "SDBF hop estimator from the count of set positions")
                    .Attr(sdbf, "Estimator")
                    .Family());
    t.push_back(Unsigned(kFilters,
                         "horizon",
                         FIELD(horizon),
                         1,
                         bloom::kMaxDvHops,
                         "hops",
                         "DV: largest hop count carried; entries beyond it are dropped")
                    .Attr(dv, "Horizon")
                    .Family()
                    .Columns({"reach"}));
    t.push_back(Unsigned(kFilters,
                         "budget-bytes",
                         FIELD(budgetBytes),
                         0,
                         kMaxBudgetBytes,
                         "bytes",
                         "equal message budget: m of each filter derived so it carries N "
                         "bytes (0: equal m)")
                    .Columns({"budget_bytes"}));

    // Gossip.
    t.push_back(Period(kGossip, "interval", FIELD(interval), "beacon interval")
                    .Attr(gossip, "BeaconInterval")
                    .When("--learn gossip", Gossiping)
                    .Columns({"interval"}));
    t.push_back(Closed(kGossip,
                       "jitter",
                       FIELD(jitter),
                       0,
                       kMaxScenarioTime,
                       "s",
                       "beacon jitter, <= interval/2")
                    .Attr(gossip, "Jitter")
                    .When("--learn gossip", Gossiping));
    t.push_back(Period(kGossip, "expiry", FIELD(expiry), "neighbour entry expiry")
                    .Zero("3.5 x interval, or 3.5 x trickle-imax with Trickle")
                    .Attr(gossip,
                          "NeighbourExpiry",
                          [](const Config& c) -> Ptr<AttributeValue> {
                              return Create<TimeValue>(Seconds(c.EffectiveExpiry()));
                          })
                    .When("--learn gossip", Gossiping));
    t.push_back(
        Enum(kGossip,
             "timer",
             FIELD(timer),
             std::vector<BloomGossipApplication::TimerMode>{BloomGossipApplication::PERIODIC,
                                                            BloomGossipApplication::TRICKLE},
             "beacon timer")
            .Attr(gossip, "Timer")
            .Columns({"timer"}));
    t.push_back(
        Enum(kGossip,
             "learn",
             FIELD(learning),
             std::vector<BloomGossipApplication::LearningMode>{BloomGossipApplication::GOSSIP,
                                                               BloomGossipApplication::QUERIES},
             "where filters come from: periodic advertisements, or (as BCUN) only the filter "
             "every query frame carries, merged by every receiver; queries needs --queries and "
             "a filter that fits a query frame")
            .Attr(gossip, "Learning")
            .Derived(query, "CarryFilter"));
    t.push_back(Period(kGossip, "trickle-imin", FIELD(trickleImin), "Trickle Imin")
                    .Attr(gossip, "TrickleImin")
                    .When("--timer trickle", Trickle));
    t.push_back(
        Period(kGossip, "trickle-imax", FIELD(trickleImax), "Trickle largest interval, >= Imin")
            .Attr(gossip, "TrickleImax")
            .When("--timer trickle", Trickle));
    t.push_back(Unsigned(kGossip,
                         "trickle-k",
                         FIELD(trickleK),
                         0,
                         1000,
                         "",
                         "Trickle redundancy constant (0: no suppression)")
                    .Attr(gossip, "TrickleK")
                    .When("--timer trickle", Trickle));
    t.push_back(
        Enum(kGossip,
             "transport",
             FIELD(transport),
             std::vector<BloomGossipApplication::TransportMode>{BloomGossipApplication::LINK_LAYER,
                                                                BloomGossipApplication::UDP6},
             "broadcast frames on the link layer, or UDP to ff02::1 over IPv6/6LoWPAN")
            .Attr(gossip, "Transport")
            .Derived(gossip, "DeviceIndex"));
    t.push_back(Unsigned(kGossip,
                         "frame-bytes",
                         FIELD(frameBytes),
                         bloom::kSegmentHeaderSize + 1,
                         65000,
                         "bytes",
                         "bytes per frame")
                    .Zero("device MTU (114 on lr-wpan)")
                    .Attr(gossip, "FrameBytes")
                    // 0 or 23..65000: a UintegerChecker holds no gap.
                    .Inexact());

    // Workload.
    t.push_back(Unsigned(kWorkload,
                         "resources",
                         FIELD(resources),
                         0,
                         100000,
                         "",
                         "resources, numbered 1..R, on random nodes")
                    .Attr(dv,
                          "IdBits",
                          [](const Config& c) -> Ptr<AttributeValue> {
                              return Create<UintegerValue>(
                                  bloom::DistanceVector::WidthOf(c.LargestResourceId()));
                          })
                    .Inexact() // DV's id width, from the largest id (--events may add more)
                    .When("--placement random", RandomPlacement)
                    .Columns({"resources"}));
    t.push_back(Unsigned(kWorkload,
                         "replicas",
                         FIELD(replicas),
                         1,
                         kMaxScenarioNodes,
                         "",
                         "holders per resource")
                    .When("--placement random", RandomPlacement)
                    .Columns({"replicas"}));
    t.push_back(Enum(
        kWorkload,
        "placement",
        FIELD(placement),
        std::vector<ResourcePlacement>{ResourcePlacement::RANDOM, ResourcePlacement::ONE_PER_NODE},
        "random: --resources on --replicas random nodes each; one-per-node: node i "
        "holds resource i + 1 (BCUN)"));
    t.push_back(Unsigned(kWorkload,
                         "probes",
                         FIELD(probes),
                         0,
                         100000,
                         "",
                         "keys never inserted, for the false-positive rate"));
    t.push_back(Period(kWorkload, "sim-time", FIELD(simTime), "simulated time")
                    .Derived(Application::GetTypeId(), "StopTime")
                    .Columns({"sim_time"}));
    t.push_back(Closed(kWorkload,
                       "frame-loss",
                       FIELD(frameLoss),
                       0,
                       0.9,
                       "",
                       "share of received frames every PHY drops anyway (RateErrorModel)")
                    .Derived(RateErrorModel::GetTypeId(), "ErrorRate")
                    .Columns({"frame_loss"}));

    // Queries.
    t.push_back(Unsigned(kQueries,
                         "queries",
                         FIELD(queries),
                         0,
                         100000,
                         "",
                         "query draws (origin, key) per run, each issued once per strategy; 0: "
                         "none"));
    t.push_back(Closed(kQueries,
                       "query-start",
                       FIELD(queryStart),
                       0,
                       kMaxScenarioTime,
                       "s",
                       "time of the first query; 0: as late as the window allows (last answer "
                       "due at --sim-time)")
                    .When("--queries above 0", Queries));
    t.push_back(Period(kQueries, "query-interval", FIELD(queryInterval), "time between two queries")
                    .When("--queries above 0", Queries));
    t.push_back(Closed(kQueries,
                       "query-absent",
                       FIELD(queryAbsent),
                       0,
                       1,
                       "",
                       "share of draws for keys never inserted")
                    .When("--queries above 0", Queries));
    {
        Def d = Base(kQueries,
                     "query-strategy",
                     Type::LIST,
                     "",
                     "comma list of gradient (LBF/ABF/SDBF), flood, ring, blind-flood, abc "
                     "(LBF/ABF/SDBF), bcir, bcir-star; auto = gradient for lbf/abf/sdbf, "
                     "flood,ring,blind-flood for bf; all = every one of the first four the "
                     "filter supports");
        d.p.addOption = [](cli::OptionAdder& adder, Config& c, const ScenarioParameter& p) {
            adder.Parsed(p.name.c_str(),
                         &c.queryStrategy,
                         ParseQueryStrategySelection,
                         OptionHelp(p));
        };
        d.p.print = [](const Config& c) { return ToString(c.queryStrategy); };
        t.push_back(d.Derived(query, "Strategy")
                        .When("--queries above 0", Queries)
                        .Columns({"query_strategy"}));
    }
    t.push_back(Unsigned(kQueries,
                         "query-ttl",
                         FIELD(queryTtl),
                         1,
                         255,
                         "",
                         "most transmissions of a query (gradient walk, flood scope, largest "
                         "ring)")
                    .Zero("auto, gradient 2 D, floods D")
                    .Attr(query, "Ttl")
                    // The workload passes the resolved TTL with every query.
                    .NotPushed()
                    .When("--queries above 0", Queries));
    t.push_back(Unsigned(kQueries,
                         "query-max-visited",
                         FIELD(queryMaxVisited),
                         0,
                         255,
                         "",
                         "gradient: visited-list entries carried (at most 47 fit a 114-byte "
                         "frame)")
                    .Attr(query, "MaxVisited")
                    .When("--queries above 0", Queries));
    t.push_back(Period(kQueries,
                       "query-timeout",
                       FIELD(queryTimeout),
                       "the origin gives up after this long")
                    .Attr(query, "QueryTimeout")
                    .When("--queries above 0", Queries));
    t.push_back(Unsigned(kQueries,
                         "query-warmup",
                         FIELD(queryWarmup),
                         0,
                         100000,
                         "",
                         "warm-up draws, issued before the measured queries (own random stream) "
                         "and never reported; 0: none")
                    .When("--queries above 0", Queries));
    t.push_back(Closed(kQueries,
                       "query-warmup-start",
                       FIELD(queryWarmupStart),
                       kMinScenarioPeriod,
                       kMaxScenarioTime,
                       "s",
                       "time of the first warm-up query, then one every --query-interval")
                    .Zero("one --query-interval")
                    // Ignored with a warning: a per-strategy run without
                    // warm-up (--query-warmup 0) on bcun.ini is BCUN's setting.
                    .When(
                        "--query-warmup above 0",
                        [](const Config& c) { return Queries(c) && c.queryWarmup > 0; },
                        true));
    {
        Def d = Base(kQueries,
                     "query-warmup-strategy",
                     Type::LIST,
                     "",
                     "strategies of the warm-up queries, as --query-strategy; same = the run's "
                     "own");
        d.p.addOption = [](cli::OptionAdder& adder, Config& c, const ScenarioParameter& p) {
            adder.Parsed(
                p.name.c_str(),
                &c.queryWarmupStrategy,
                [](const std::string& text) {
                    return text == "same" ? QueryStrategySelection::Same()
                                          : ParseQueryStrategySelection(text);
                },
                OptionHelp(p));
        };
        d.p.print = [](const Config& c) { return ToString(c.queryWarmupStrategy); };
        t.push_back(d.When(
            "--query-warmup above 0",
            [](const Config& c) { return Queries(c) && c.queryWarmup > 0; },
            true));
    }

    // Energy and duty cycling.
    t.push_back(Flag(kEnergy,
                     "energy",
                     FIELD(energy),
                     "radio energy model (CC2420 at 3 V) on every node; adds the energy columns"));
    t.push_back(Closed(kEnergy,
                       "battery-joules",
                       FIELD(batteryJoules),
                       0,
                       1e12,
                       "J",
                       "initial energy of every node; a node stops when it runs out; 0: "
                       "unlimited (implies --energy)")
                    .Derived(BasicEnergySource::GetTypeId(), "BasicEnergySourceInitialEnergyJ")
                    .Columns({"battery_j"}));
    t.push_back(Period(kEnergy, "duty-period", FIELD(dutyPeriod), "duty-cycle period")
                    .Attr(DutyCycleScheduler::GetTypeId(), "Period")
                    .When(
                        "--duty-cycle below 1",
                        [](const Config& c) { return c.dutyCycle < 1; },
                        true)
                    .Columns({"duty_period"}));
    t.push_back(Real(kEnergy,
                     "duty-cycle",
                     FIELD(dutyCycle),
                     0,
                     1,
                     true,
                     false,
                     "",
                     "share of every period the radios are on (synchronised windows); 1: "
                     "always on (implies --energy when below 1)")
                    .Attr(DutyCycleScheduler::GetTypeId(), "DutyCycle")
                    .Columns({"duty_cycle"}));

    // Mobility and pictures.
    t.push_back(Enum(kMobility,
                     "mobility",
                     FIELD(dynamics.mobility),
                     std::vector<ScenarioMobility>{ScenarioMobility::NONE,
                                                   ScenarioMobility::RANDOM_WAYPOINT,
                                                   ScenarioMobility::GAUSS_MARKOV,
                                                   ScenarioMobility::NS2},
                     "ns-3 mobility model of the mobile nodes, in the positions' bounding box")
                    .Columns({"mobility"}));
    t.push_back(Real(kMobility,
                     "speed",
                     FIELD(dynamics.speed),
                     0,
                     kMaxScenarioSpeed,
                     true,
                     false,
                     "m/s",
                     "random waypoint speed, Gauss-Markov mean speed")
                    .Derived(rwp, "Speed")
                    .Derived(gm, "MeanVelocity")
                    .Derived(gm, "NormalVelocity")
                    .Derived(GridSpectrumChannel::GetTypeId(), "MaxSpeed")
                    .When("--mobility random-waypoint or gauss-markov", Moving, true)
                    .CheckedWhen(Moving)
                    .Columns({"speed"}));
    t.push_back(Closed(kMobility,
                       "pause",
                       FIELD(dynamics.pause),
                       0,
                       kMaxScenarioTime,
                       "s",
                       "waypoint pause")
                    .Derived(rwp, "Pause")
                    .When(
                        "--mobility random-waypoint",
                        [](const Config& c) {
                            return c.dynamics.mobility == ScenarioMobility::RANDOM_WAYPOINT;
                        },
                        true)
                    .Columns({"pause"}));
    t.push_back(
        Real(kMobility,
             "mobile-share",
             FIELD(dynamics.mobileShare),
             0,
             1,
             true,
             false,
             "",
             "share of the --mobile-nodes set that moves, picked at random")
            .When(
                "--mobility",
                [](const Config& c) { return c.dynamics.mobility != ScenarioMobility::NONE; },
                true));
    t.push_back(Enum(kMobility,
                     "mobile-nodes",
                     FIELD(dynamics.mobileNodes),
                     std::vector<ScenarioMobileNodes>{ScenarioMobileNodes::RANDOM,
                                                      ScenarioMobileNodes::HOLDERS,
                                                      ScenarioMobileNodes::SINKS},
                     "who may move: any node, the resource holders, or sinks (the moving "
                     "nodes issue every query)")
                    .Columns({"mobile_nodes"}));
    t.push_back(Text(kMobility,
                     "ns2-trace",
                     FIELD(dynamics.ns2Trace),
                     "--mobility ns2: ns-2 movement trace file"));
    t.push_back(Closed(kMobility,
                       "sample-interval",
                       FIELD(dynamics.sampleInterval),
                       0,
                       kMaxScenarioTime,
                       "s",
                       "recompute the truth graph and sample the estimates every this many "
                       "seconds (0: 1 s with --mobility, none without)")
                    .Columns({"sample_interval"}));
    t.push_back(Closed(kMobility,
                       "sample-from",
                       FIELD(dynamics.sampleFrom),
                       0,
                       kMaxScenarioTime,
                       "s",
                       "runs.csv means over the samples from this time on")
                    .When(
                        "--mobility or --sample-interval above 0",
                        [](const Config& c) { return c.dynamics.Sampling(); },
                        true)
                    .Columns({"sample_from"}));

    std::vector<ScenarioParameter> out;
    out.reserve(t.size());
    for (Def& d : t)
    {
        out.push_back(std::move(d.p));
    }
    return out;
}

} // namespace

std::string
ScenarioParameter::Allowed() const
{
    std::string allowed;
    switch (type)
    {
    case Type::UNSIGNED:
        allowed = fmt::format("{}..{}", lo, hi);
        break;
    case Type::REAL: {
        ScenarioParameter p = *this;
        p.zero.clear();
        allowed = OptionRange(p).ToString();
        break;
    }
    case Type::CHOICE:
        return bloom::JoinList(choices, " | ");
    default:
        return std::string();
    }
    return (zero.empty() ? "" : "0 (" + zero + ") or ") + allowed;
}

bool
ScenarioParameter::Contains(double v) const
{
    if (!zero.empty() && v == 0)
    {
        return true;
    }
    if (type == Type::UNSIGNED)
    {
        return v >= lo && v <= hi;
    }
    return std::isfinite(v) && (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi);
}

const std::vector<ScenarioParameter>&
ScenarioParameters()
{
    static const std::vector<ScenarioParameter> table = BuildTable();
    return table;
}

const ScenarioParameter*
FindScenarioParameter(const std::string& name)
{
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        if (p.name == name)
        {
            return &p;
        }
    }
    return nullptr;
}

std::vector<std::string>
ScenarioParameterGroups()
{
    std::vector<std::string> groups;
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        if (std::find(groups.begin(), groups.end(), p.group) == groups.end())
        {
            groups.push_back(p.group);
        }
    }
    return groups;
}

void
AddScenarioOptions(boost::program_options::options_description& description,
                   const std::string& group,
                   GossipScenarioConfig& config)
{
    cli::OptionAdder adder(description);
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        if (p.group == group)
        {
            p.addOption(adder, config, p);
        }
    }
}

void
CheckScenarioParameterRanges(const GossipScenarioConfig& config)
{
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        if (!p.number || (p.checked && !p.checked(config)))
        {
            continue;
        }
        const double v = p.number(config);
        if (!p.Contains(v))
        {
            ThrowOptionError(p.option,
                             fmt::format("{} out of range {}{}",
                                         v,
                                         p.Allowed(),
                                         p.unit.empty() ? "" : " " + p.unit));
        }
    }
}

std::vector<std::pair<std::string, Ptr<AttributeValue>>>
ScenarioAttributeValues(const std::string& typeId, const GossipScenarioConfig& config)
{
    const TypeId tid = TypeId::LookupByName(typeId);
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> out;
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        for (const ScenarioParameter::Attribute& a : p.attributes)
        {
            if (a.value && (tid == a.type || tid.IsChildOf(a.type)))
            {
                out.emplace_back(a.name, a.value(config));
            }
        }
    }
    return out;
}

namespace
{

/// "ns3::energy::BasicEnergySource" -> "BasicEnergySource" (the same on every release).
std::string
ClassName(TypeId tid)
{
    const std::string name = tid.GetName();
    const auto sep = name.rfind("::");
    return sep == std::string::npos ? name : name.substr(sep + 2);
}

/// Text for a list-table cell: backslashes and asterisks escaped.
std::string
Cell(const std::string& text)
{
    std::string out;
    for (char ch : text)
    {
        if (ch == '*' || ch == '\\' || ch == '`' || ch == '|')
        {
            out += '\\';
        }
        out += ch;
    }
    return out;
}

} // namespace

std::string
ScenarioParametersRst()
{
    const GossipScenarioConfig defaults;
    std::string out;
    for (const std::string& group : ScenarioParameterGroups())
    {
        out += fmt::format("**{}**\n\n.. list-table::\n   :header-rows: 1\n   :widths: 22 12 22 "
                           "44\n\n   * - option\n     - default\n     - allowed\n     - meaning\n",
                           group);
        for (const ScenarioParameter& p : ScenarioParameters())
        {
            if (p.group != group)
            {
                continue;
            }
            std::string def = p.print(defaults);
            if (p.type == ScenarioParameter::Type::FLAG)
            {
                def = def == "true" ? "on" : "off";
            }
            std::string allowed = p.Allowed();
            if (!allowed.empty() && !p.unit.empty() && p.type != ScenarioParameter::Type::CHOICE)
            {
                allowed += " " + p.unit;
            }
            std::string meaning = Cell(p.help) + ".";
            std::vector<std::string> set;
            for (const ScenarioParameter::Attribute& a : p.attributes)
            {
                const std::string name = "``" + ClassName(a.type) + "::" + a.name + "``";
                if (std::find(set.begin(), set.end(), name) == set.end())
                {
                    set.push_back(name);
                }
            }
            if (!set.empty())
            {
                meaning += " Sets " + bloom::JoinList(set, ", ") + ".";
            }
            if (!p.columns.empty())
            {
                meaning += " Column ``" + bloom::JoinList(p.columns, "``, ``") + "``.";
            }
            if (!p.condition.empty())
            {
                meaning += " Only with ``" + p.condition + "``" +
                           (p.warnOnly ? " (else ignored with a warning)." : ".");
            }
            out += fmt::format("   * - ``{}``\n     - {}\n     - {}\n     - {}\n",
                               p.option,
                               def.empty() ? "(none)" : "``" + def + "``",
                               allowed.empty() ? "text" : Cell(allowed),
                               meaning);
        }
        out += "\n";
    }
    // The columns of runs.csv that show a parameter, in the table's order.
    std::vector<std::pair<std::string, std::vector<std::string>>> columns;
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        for (const std::string& column : p.columns)
        {
            auto it = std::find_if(columns.begin(), columns.end(), [&column](const auto& c) {
                return c.first == column;
            });
            if (it == columns.end())
            {
                columns.push_back({column, {}});
                it = columns.end() - 1;
            }
            it->second.push_back("``" + p.option + "``");
        }
    }
    out += "**runs.csv columns of the parameters**\n\n.. list-table::\n   :header-rows: 1\n"
           "   :widths: 30 70\n\n   * - column\n     - option\n";
    for (const auto& [column, options] : columns)
    {
        out += fmt::format("   * - ``{}``\n     - {}\n", column, bloom::JoinList(options, ", "));
    }
    return out;
}

void
GossipScenarioConfig::Validate() const
{
    // One range check per parameter, from the table; then the combinations.
    CheckScenarioParameterRanges(*this);
    CheckCombinations();
}

std::vector<ScenarioOptionScope>
ScenarioOptionScopes(const GossipScenarioConfig& c, const std::vector<bloom::FilterKind>& filters)
{
    std::vector<ScenarioOptionScope> scopes;
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        if (p.applies)
        {
            scopes.push_back(
                {p.option.c_str(), p.condition.c_str(), p.applies(c, filters), p.warnOnly});
        }
    }
    // The program-level options with a condition (not fields of the configuration).
    scopes.push_back(
        {"--out-series", "--mobility or --sample-interval above 0", c.dynamics.Sampling(), true});
    scopes.push_back({"--out-queries", "--queries above 0", c.queries > 0, false});
    return scopes;
}

std::string
ScenarioOptionOwning(TypeId tid, const std::string& attribute)
{
    const auto owns = [&tid, &attribute](TypeId type, const std::string& name) {
        return attribute == name && (tid == type || tid.IsChildOf(type));
    };
    // The attributes the parameters set (ScenarioParameter::attributes).
    for (const ScenarioParameter& p : ScenarioParameters())
    {
        for (const ScenarioParameter::Attribute& a : p.attributes)
        {
            if (owns(a.type, a.name))
            {
                return p.option;
            }
        }
    }

    // The attributes a run fixes or derives without an option of their own,
    // with the reason (the query application's DeviceIndex, the energy
    // source's constants, the mobility models' fixed parameters, ...).  The
    // test suite bloom-gossip-scenario-attributes walks the objects of real
    // runs and checks that every attribute they set is owned.
    static const struct
    {
        TypeId (*type)();
        const char* attribute;
        const char* owner;
    } kOwned[] = {
        {&Application::GetTypeId, "StartTime", "the run starts every application at 0 s"},
        {&BloomQueryApplication::GetTypeId,
         "DeviceIndex",
         "the run sends queries on the node's lr-wpan device"},
        {&DutyCycleScheduler::GetTypeId, "Guard", "the run fixes the CSMA-CA guard at 5 ms"},
        {&DutyCycleNetDevice::GetTypeId,
         "MaxTransmitHold",
         "it is read-only: one --duty-period on a duty-cycled device"},
        {&BasicEnergySource::GetTypeId,
         "BasicEnergyLowBatteryThreshold",
         "the run derives it from --battery-joules"},
        {&BasicEnergySource::GetTypeId, "BasicEnergySupplyVoltageV", "the run fixes it at 3 V"},
        {&BasicEnergySource::GetTypeId, "PeriodicEnergyUpdateInterval", "the run fixes it at 1 s"},
        {&RandomWaypointMobilityModel::GetTypeId,
         "PositionAllocator",
         "the run draws waypoints in the deployment area"},
        {&RandomRectanglePositionAllocator::GetTypeId,
         "X",
         "the run draws waypoints in the deployment area"},
        {&RandomRectanglePositionAllocator::GetTypeId,
         "Y",
         "the run draws waypoints in the deployment area"},
        {&GaussMarkovMobilityModel::GetTypeId,
         "Bounds",
         "the run keeps nodes in the deployment area"},
        {&GaussMarkovMobilityModel::GetTypeId, "Alpha", "the run fixes it at 0.85"},
        {&GaussMarkovMobilityModel::GetTypeId, "MeanDirection", "the run fixes it (uniform)"},
        {&GaussMarkovMobilityModel::GetTypeId, "NormalDirection", "the run fixes it"},
        {&GaussMarkovMobilityModel::GetTypeId, "MeanPitch", "the run fixes it at 0 (a plane)"},
        {&GaussMarkovMobilityModel::GetTypeId, "NormalPitch", "the run fixes it at 0 (a plane)"},
        {&RandomVariableStream::GetTypeId,
         "Stream",
         "the run assigns every random variable its stream (vary runs with --RngRun)"},
        {&RateErrorModel::GetTypeId, "ErrorUnit", "the run drops whole frames"},
        {&LrWpanMac::GetTypeId, "PanId", "the run puts every node in one PAN"},
    };

    for (const auto& owned : kOwned)
    {
        if (owns(owned.type(), owned.attribute))
        {
            return owned.owner;
        }
    }
    return WifiDeviceOwning(tid, attribute); // the 802.11 device's own settings
}

std::set<std::string>
ScenarioModelGroups(const GossipScenarioConfig& c)
{
    std::set<std::string> groups{"", "Core", "Network", "Mobility", "Propagation", "BloomGossip"};
    if (c.radio.device == WsnRadioConfig::Device::WIFI)
    {
        groups.insert("Wifi");
    }
    else
    {
        groups.insert({"LrWpan", "Spectrum", "Antenna"});
    }
    if (c.transport == BloomGossipApplication::UDP6)
    {
        groups.insert({"Internet", "SixLowPan", "TrafficControl"});
    }
    if (c.EnergyOn())
    {
        groups.insert("Energy");
    }
    return groups;
}

std::string
ScenarioModelUnused(const GossipScenarioConfig& c, TypeId tid)
{
    const std::string group = tid.GetGroupName();
    if (ScenarioModelGroups(c).count(group) > 0)
    {
        // The device-level models of this module that a run builds only
        // under a condition (the gossip and query models are the families'
        // and strategies' to say).
        static const struct
        {
            TypeId (*type)();
            bool (*built)(const GossipScenarioConfig&);
            const char* with;
        } kModels[] = {
            {&LrWpanRadioEnergyModel::GetTypeId,
             [](const GossipScenarioConfig& c) { return c.EnergyOn(); },
             "--energy, --battery-joules or --duty-cycle below 1"},
            {&DutyCycleScheduler::GetTypeId,
             [](const GossipScenarioConfig& c) { return c.dutyCycle < 1; },
             "--duty-cycle below 1"},
            {&GridSpectrumChannel::GetTypeId,
             [](const GossipScenarioConfig& c) {
                 return c.radio.device == WsnRadioConfig::Device::LR_WPAN &&
                        c.radio.channel == WsnRadioConfig::Channel::GRID;
             },
             "--channel grid (with --device lr-wpan)"},
        };

        for (const auto& model : kModels)
        {
            if ((tid == model.type() || tid.IsChildOf(model.type())) && !model.built(c))
            {
                return tid.GetName() + " is built only with " + model.with;
            }
        }
        return {};
    }
    // The setting that builds each module a run may lack.
    static const std::map<std::string, std::string> kBuiltWith{
        {"LrWpan", "--device lr-wpan"},
        {"Spectrum", "--device lr-wpan"},
        {"Antenna", "--device lr-wpan"},
        {"Wifi", "--device wifi"},
        {"Internet", "--transport udp6"},
        {"SixLowPan", "--transport udp6"},
        {"TrafficControl", "--transport udp6"},
        {"Energy", "--energy, --battery-joules or --duty-cycle below 1"}};
    const auto it = kBuiltWith.find(group);
    return tid.GetName() + " (ns-3 module " + group + ") is " +
           (it == kBuiltWith.end() ? std::string("never built by a scenario run")
                                   : "built only with " + it->second);
}

} // namespace ns3
