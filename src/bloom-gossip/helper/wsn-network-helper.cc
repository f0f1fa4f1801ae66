/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wsn-network-helper.h"

#include "ns3/abort.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-version.h"
#include "ns3/constant-position-mobility-model.h"
#include "ns3/double.h"
#include "ns3/duty-cycle-scheduler.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/grid-spectrum-channel.h"
#include "ns3/log.h"
#include "ns3/lr-wpan-helper.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/lr-wpan-spectrum-value-helper.h"
#include "ns3/propagation-delay-model.h"
#include "ns3/single-model-spectrum-channel.h"
#include "ns3/uinteger.h"
#include "ns3/user-text.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WsnNetworkHelper");

NS_OBJECT_ENSURE_REGISTERED(WsnRadio);

namespace
{

/// True when T has GetRxSensitivity() (LrWpanPhy from ns-3.38/3.39 on).
template <typename T, typename = void>
struct HasGetRxSensitivity : std::false_type
{
};

template <typename T>
struct HasGetRxSensitivity<T, std::void_t<decltype(std::declval<T&>().GetRxSensitivity())>>
    : std::true_type
{
};

/// Sensitivity (dBm) of a PHY: its accessor if it has one, else the ns-3.37 constant.
template <typename Phy>
double
ReadRxSensitivityDbm(Phy& phy)
{
    if constexpr (HasGetRxSensitivity<Phy>::value)
    {
        return phy.GetRxSensitivity();
    }
    else
    {
        (void)phy;
        return kLrWpanDefaultRxSensitivityDbm;
    }
}

/// Margin below the sensitivity down to which signals are still delivered (interference).
constexpr double kInterferenceMarginDb = 10.0;
/// MaxLossDb for the range model: 0 dB in range, 1000 dB (rx -1000 dBm) out of range.
constexpr double kRangeMaxLossDb = 500.0;

} // namespace

WsnRadioConfig::Loss
WsnRadioConfig::ParseLoss(const std::string& name)
{
    return bloom::ParseName(name, {Loss::RANGE, Loss::LOG_DISTANCE}, &WsnRadioConfig::LossName);
}

std::string
WsnRadioConfig::LossName(Loss loss)
{
    return loss == Loss::RANGE ? "range" : "log-distance";
}

WsnRadioConfig::Channel
WsnRadioConfig::ParseChannel(const std::string& name)
{
    return bloom::ParseName(name, {Channel::STOCK, Channel::GRID}, &WsnRadioConfig::ChannelName);
}

std::string
WsnRadioConfig::ChannelName(Channel channel)
{
    return channel == Channel::STOCK ? "stock" : "grid";
}

WsnRadioConfig::Device
WsnRadioConfig::ParseDevice(const std::string& name)
{
    return bloom::ParseName(name, {Device::LR_WPAN, Device::WIFI}, &WsnRadioConfig::DeviceName);
}

std::string
WsnRadioConfig::DeviceName(Device device)
{
    return device == Device::LR_WPAN ? "lr-wpan" : "wifi";
}

void
WsnRadioConfig::Validate() const
{
    auto check = [](bool ok, const char* what, double value) {
        if (!ok)
        {
            std::ostringstream os;
            os << "WsnRadioConfig: bad " << what << " " << value;
            throw std::invalid_argument(os.str());
        }
    };
    const auto within = [](double v, double lo, double hi) { return v >= lo && v <= hi; };
    check(within(range, kMinRange, kMaxRange), "range (m, 0.001..1e6)", range);
    check(within(txPowerDbm, -kMaxAbsTxPowerDbm, kMaxAbsTxPowerDbm),
          "tx power (dBm, -100..100)",
          txPowerDbm);
    check(exponent > 0 && exponent <= kMaxExponent, "path-loss exponent (0 < n <= 10)", exponent);
    check(within(referenceLossDb, -kMaxAbsReferenceLossDb, kMaxAbsReferenceLossDb),
          "reference loss (dB, -1000..1000)",
          referenceLossDb);
    check(std::isfinite(referenceDistance) && referenceDistance > 0,
          "reference distance (m, > 0)",
          referenceDistance);
    check(within(shadowingSigmaDb, 0, kMaxShadowingSigmaDb),
          "shadowing sigma (dB, 0..100)",
          shadowingSigmaDb);
    check(within(linkMarginDb, -kMaxAbsLinkMarginDb, kMaxAbsLinkMarginDb),
          "link margin (dB, -100..100)",
          linkMarginDb);
    check(std::isnan(maxLossDb) || std::isfinite(maxLossDb), "MaxLossDb (dB)", maxLossDb);
    if (shadowingSigmaDb > 0 && loss != Loss::LOG_DISTANCE)
    {
        throw std::invalid_argument("WsnRadioConfig: shadowing needs the log-distance loss model");
    }
    check(within(csRange, 0, kMaxRange), "carrier-sense range (m, 0..1e6)", csRange);
    if (device == Device::WIFI)
    {
        if (loss != Loss::RANGE)
        {
            throw std::invalid_argument(
                "WsnRadioConfig: the wifi device needs the range loss (its own two-ray ground)");
        }
        if (channel != Channel::STOCK)
        {
            throw std::invalid_argument(
                "WsnRadioConfig: the grid channel is a spectrum channel, lr-wpan only");
        }
        if (CarrierSenseRange() < range)
        {
            std::ostringstream os;
            os << "WsnRadioConfig: carrier-sense range " << CarrierSenseRange()
               << " m below the reception range " << range << " m";
            throw std::invalid_argument(os.str());
        }
    }
}

TypeId
WsnRadio::GetTypeId()
{
    using Loss = WsnRadioConfig::Loss;
    using Channel = WsnRadioConfig::Channel;
    using Device = WsnRadioConfig::Device;
    using bloom::compat::AsEnumValue;
    constexpr double kMax = std::numeric_limits<double>::max();
    constexpr double kPositive = std::numeric_limits<double>::denorm_min();
    const WsnRadioConfig d; // the defaults
    static TypeId tid =
        TypeId("ns3::WsnRadio")
            .SetParent<Object>()
            .SetGroupName("BloomGossip")
            .AddConstructor<WsnRadio>()
            .AddAttribute("Loss",
                          "Propagation loss: range (a unit disk of radius Range) or "
                          "log-distance (optionally with static shadowing).",
                          EnumValue(AsEnumValue(d.loss)),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(Loss, &WsnRadio::m_loss),
                          MakeEnumChecker(AsEnumValue(Loss::RANGE),
                                          WsnRadioConfig::LossName(Loss::RANGE),
                                          AsEnumValue(Loss::LOG_DISTANCE),
                                          WsnRadioConfig::LossName(Loss::LOG_DISTANCE)))
            .AddAttribute(
                "Range",
                "Loss range: radio range (m); a link iff the distance is at most it.",
                DoubleValue(d.range),
                MakeDoubleAccessor(&WsnRadio::m_range),
                MakeDoubleChecker<double>(WsnRadioConfig::kMinRange, WsnRadioConfig::kMaxRange))
            .AddAttribute("TxPowerDbm",
                          "Transmit power of every PHY (dBm).",
                          DoubleValue(d.txPowerDbm),
                          MakeDoubleAccessor(&WsnRadio::m_txPowerDbm),
                          MakeDoubleChecker<double>(-WsnRadioConfig::kMaxAbsTxPowerDbm,
                                                    WsnRadioConfig::kMaxAbsTxPowerDbm))
            .AddAttribute("PathLossExponent",
                          "Loss log-distance: path-loss exponent (> 0).",
                          DoubleValue(d.exponent),
                          MakeDoubleAccessor(&WsnRadio::m_exponent),
                          MakeDoubleChecker<double>(kPositive, WsnRadioConfig::kMaxExponent))
            .AddAttribute("ReferenceLossDb",
                          "Loss log-distance: loss at the reference distance (dB).",
                          DoubleValue(d.referenceLossDb),
                          MakeDoubleAccessor(&WsnRadio::m_referenceLossDb),
                          MakeDoubleChecker<double>(-WsnRadioConfig::kMaxAbsReferenceLossDb,
                                                    WsnRadioConfig::kMaxAbsReferenceLossDb))
            .AddAttribute("ReferenceDistance",
                          "Loss log-distance: reference distance (m, > 0).",
                          DoubleValue(d.referenceDistance),
                          MakeDoubleAccessor(&WsnRadio::m_referenceDistance),
                          MakeDoubleChecker<double>(kPositive, kMax))
            .AddAttribute("ShadowingSigmaDb",
                          "Loss log-distance: sigma of the static shadowing (dB), 0 = off.",
                          DoubleValue(d.shadowingSigmaDb),
                          MakeDoubleAccessor(&WsnRadio::m_shadowingSigmaDb),
                          MakeDoubleChecker<double>(0, WsnRadioConfig::kMaxShadowingSigmaDb))
            .AddAttribute("LinkMarginDb",
                          "Loss log-distance: a ground-truth link iff the rx power is at "
                          "least the sensitivity plus this (dB).",
                          DoubleValue(d.linkMarginDb),
                          MakeDoubleAccessor(&WsnRadio::m_linkMarginDb),
                          MakeDoubleChecker<double>(-WsnRadioConfig::kMaxAbsLinkMarginDb,
                                                    WsnRadioConfig::kMaxAbsLinkMarginDb))
            .AddAttribute("MaxLossDb",
                          "The channel's MaxLossDb (dB); 0: automatic (range: 500 dB; "
                          "log-distance: TxPowerDbm less 10 dB under the sensitivity).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&WsnRadio::m_maxLossDb),
                          MakeDoubleChecker<double>(-kMax, kMax))
            .AddAttribute("PanId",
                          "PAN id of every device.",
                          UintegerValue(d.panId),
                          MakeUintegerAccessor(&WsnRadio::m_panId),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Channel",
                          "Spectrum channel: stock (SingleModelSpectrumChannel) or grid "
                          "(GridSpectrumChannel, same results, only nearby PHYs).",
                          EnumValue(AsEnumValue(d.channel)),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(Channel, &WsnRadio::m_channel),
                          MakeEnumChecker(AsEnumValue(Channel::STOCK),
                                          WsnRadioConfig::ChannelName(Channel::STOCK),
                                          AsEnumValue(Channel::GRID),
                                          WsnRadioConfig::ChannelName(Channel::GRID)))
            .AddAttribute("Device",
                          "Radio device: lr-wpan (802.15.4) or wifi (802.11b ad hoc at 11 Mb/s, "
                          "two-ray ground at 914 MHz; needs Loss range, Channel stock and a "
                          "WsnDeviceBuilder).",
                          EnumValue(AsEnumValue(d.device)),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(Device, &WsnRadio::m_device),
                          MakeEnumChecker(AsEnumValue(Device::LR_WPAN),
                                          WsnRadioConfig::DeviceName(Device::LR_WPAN),
                                          AsEnumValue(Device::WIFI),
                                          WsnRadioConfig::DeviceName(Device::WIFI)))
            .AddAttribute("CsRange",
                          "Device wifi: carrier-sense range (m, at least Range); 0: automatic, "
                          "2.2 x Range.",
                          DoubleValue(d.csRange),
                          MakeDoubleAccessor(&WsnRadio::m_csRange),
                          MakeDoubleChecker<double>(0, WsnRadioConfig::kMaxRange));
    return tid;
}

WsnRadio::WsnRadio()
{
    SetConfig(WsnRadioConfig());
}

WsnRadioConfig
WsnRadio::GetConfig() const
{
    WsnRadioConfig c;
    c.loss = static_cast<WsnRadioConfig::Loss>(m_loss);
    c.range = m_range;
    c.txPowerDbm = m_txPowerDbm;
    c.exponent = m_exponent;
    c.referenceLossDb = m_referenceLossDb;
    c.referenceDistance = m_referenceDistance;
    c.shadowingSigmaDb = m_shadowingSigmaDb;
    c.linkMarginDb = m_linkMarginDb;
    c.maxLossDb = m_maxLossDb == 0 ? std::numeric_limits<double>::quiet_NaN() : m_maxLossDb;
    c.panId = m_panId;
    c.channel = static_cast<WsnRadioConfig::Channel>(m_channel);
    c.device = static_cast<WsnRadioConfig::Device>(m_device);
    c.csRange = m_csRange;
    return c;
}

void
WsnRadio::SetConfig(const WsnRadioConfig& c)
{
    m_loss = bloom::compat::AsEnumValue(c.loss);
    m_range = c.range;
    m_txPowerDbm = c.txPowerDbm;
    m_exponent = c.exponent;
    m_referenceLossDb = c.referenceLossDb;
    m_referenceDistance = c.referenceDistance;
    m_shadowingSigmaDb = c.shadowingSigmaDb;
    m_linkMarginDb = c.linkMarginDb;
    m_maxLossDb = std::isnan(c.maxLossDb) ? 0.0 : c.maxLossDb;
    m_panId = c.panId;
    m_channel = bloom::compat::AsEnumValue(c.channel);
    m_device = bloom::compat::AsEnumValue(c.device);
    m_csRange = c.csRange;
}

WsnNetworkHelper::WsnNetworkHelper()
    : m_radio(CreateObject<WsnRadio>())
{
    m_config = m_radio->GetConfig();
}

WsnNetworkHelper::WsnNetworkHelper(const WsnRadioConfig& config)
    : m_config(config)
{
    m_config.Validate();
}

void
WsnNetworkHelper::SetRadioAttribute(const std::string& name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(m_installed,
                    "WsnNetworkHelper::SetRadioAttribute(" << name << ") after Install");
    if (!m_radio)
    {
        m_radio = CreateObject<WsnRadio>();
        m_radio->SetConfig(m_config);
    }
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(WsnRadio::GetTypeId().LookupAttributeByName(name, &info),
                        "WsnNetworkHelper::SetRadioAttribute: ns3::WsnRadio has no attribute "
                            << name);
    NS_ABORT_MSG_UNLESS(m_radio->SetAttributeFailSafe(name, value),
                        "WsnNetworkHelper::SetRadioAttribute: ns3::WsnRadio::"
                            << name << ": value out of range or of the wrong type (" << info.help
                            << ")");
    m_config = m_radio->GetConfig();
}

void
WsnNetworkHelper::SetDeviceBuilder(std::shared_ptr<WsnDeviceBuilder> builder)
{
    if (m_installed)
    {
        throw std::logic_error("WsnNetworkHelper::SetDeviceBuilder after Install");
    }
    m_builder = std::move(builder);
}

double
WsnNetworkHelper::NominalRange(const WsnRadioConfig& config)
{
    config.Validate();
    if (config.loss == WsnRadioConfig::Loss::RANGE)
    {
        return config.range;
    }
    const double threshold = kLrWpanDefaultRxSensitivityDbm + config.linkMarginDb;
    return config.referenceDistance *
           std::pow(10.0,
                    (config.txPowerDbm - config.referenceLossDb - threshold) /
                        (10.0 * config.exponent));
}

NetDeviceContainer
WsnNetworkHelper::Install(const WsnTopology& topology)
{
    if (m_installed)
    {
        throw std::logic_error("WsnNetworkHelper::Install called twice");
    }
    try
    {
        m_config.Validate(); // the attributes' rule across them
    }
    catch (const std::invalid_argument& e)
    {
        NS_FATAL_ERROR("WsnNetworkHelper: ns3::WsnRadio: " << e.what());
    }
    m_installed = true;
    m_topology = topology;
    const uint32_t n = topology.GetN();
    if (n == 0 || n > kMaxWsnNodes)
    {
        throw std::invalid_argument("WsnNetworkHelper: node count " + std::to_string(n) +
                                    " out of range 1.." + std::to_string(kMaxWsnNodes) +
                                    " (16-bit short addresses)");
    }

    const bool isLrWpan = m_config.device == WsnRadioConfig::Device::LR_WPAN;
    if (!isLrWpan && !m_builder)
    {
        throw std::invalid_argument("WsnNetworkHelper: the " +
                                    WsnRadioConfig::DeviceName(m_config.device) +
                                    " device needs a WsnDeviceBuilder (SetDeviceBuilder)");
    }
    m_txPowerDbm = m_config.txPowerDbm;

    // Loss chain.
    if (!isLrWpan)
    {
        // The builder's channel and loss model (below).
    }
    else if (m_config.loss == WsnRadioConfig::Loss::RANGE)
    {
        Ptr<RangePropagationLossModel> range = CreateObject<RangePropagationLossModel>();
        range->SetAttribute("MaxRange", DoubleValue(m_config.range));
        m_loss = range;
    }
    else
    {
        Ptr<LogDistancePropagationLossModel> logDistance =
            CreateObject<LogDistancePropagationLossModel>();
        logDistance->SetAttribute("Exponent", DoubleValue(m_config.exponent));
        logDistance->SetAttribute("ReferenceLoss", DoubleValue(m_config.referenceLossDb));
        logDistance->SetAttribute("ReferenceDistance", DoubleValue(m_config.referenceDistance));
        if (m_config.shadowingSigmaDb > 0)
        {
            m_shadowing = CreateObject<StaticShadowingLossModel>();
            m_shadowing->SetSigma(m_config.shadowingSigmaDb);
            logDistance->SetNext(m_shadowing);
        }
        m_loss = logDistance;
    }

    if (isLrWpan)
    {
        if (m_config.channel == WsnRadioConfig::Channel::GRID)
        {
            m_channel = CreateObject<GridSpectrumChannel>();
        }
        else
        {
            m_channel = CreateObject<SingleModelSpectrumChannel>();
        }
        m_channel->AddPropagationLossModel(m_loss);
        m_channel->SetPropagationDelayModel(CreateObject<ConstantSpeedPropagationDelayModel>());
    }

    // Nodes and positions.
    m_nodes.Create(n);
    m_mobility.clear();
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<MobilityModel> mobility =
            m_mobilityFactory ? m_mobilityFactory(i, topology.GetPosition(i)) : nullptr;
        if (!mobility)
        {
            mobility = CreateObject<ConstantPositionMobilityModel>();
            mobility->SetPosition(topology.GetPosition(i));
        }
        m_nodes.Get(i)->AggregateObject(mobility);
        m_mobility.emplace_back(mobility);
    }

    if (!isLrWpan)
    {
        // The builder's devices on its channel; the ground truth is the unit
        // disk of the reception range (its PHYs' sensitivity is the rx power
        // at that range).
        m_devices = m_builder->Install(m_nodes, m_config);
        NS_ASSERT(m_devices.GetN() == n);
        m_loss = m_builder->GetPropagationLoss();
        m_txPowerDbm = m_builder->GetTxPowerDbm();
        m_sensitivityDbm = m_builder->GetRxSensitivityDbm();
        m_maxLossDb = m_txPowerDbm - m_sensitivityDbm;
        m_cutoff = m_config.range;
        BuildGroundTruth();
        NS_LOG_INFO("built " << n << " nodes, device "
                             << WsnRadioConfig::DeviceName(m_config.device) << ", "
                             << m_topology.GetLinkCount() << " links");
        return m_devices;
    }

    // Devices on the channel, one PAN.
    // As LrWpanHelper::Install does, with devices whose frames a duty-cycle
    // schedule can hold (DutyCycleNetDevice; plain lr-wpan without one).
    LrWpanHelper lrWpan;
    lrWpan.SetChannel(m_channel);
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<Node> node = m_nodes.Get(i);
        Ptr<DutyCycleNetDevice> device = CreateObject<DutyCycleNetDevice>();
        device->SetChannel(m_channel);
        node->AddDevice(device);
        device->SetNode(node);
        m_devices.Add(device);
    }
#if BLOOM_GOSSIP_NS3_VERSION >= 3038
    lrWpan.CreateAssociatedPan(m_devices, m_config.panId);
#else
    lrWpan.AssociateToPan(m_devices, m_config.panId);
#endif
    // ~LrWpanHelper() disposes its channel, which empties the channel's PHY
    // list (frames are then sent but never received).  Hand it a throwaway
    // channel; ours lives in ChannelList and is disposed by Simulator::Destroy.
    lrWpan.SetChannel(CreateObject<SingleModelSpectrumChannel>());

    LrWpanSpectrumValueHelper psdHelper;
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<LrWpanNetDevice> device = DynamicCast<LrWpanNetDevice>(m_devices.Get(i));
        NS_ASSERT(device);
        Ptr<LrWpanPhy> phy = device->GetPhy();
        phy->SetMobility(m_mobility[i]); // explicit: older releases need it
#if BLOOM_GOSSIP_NS3_VERSION >= 3037
        const uint32_t channelNumber = phy->GetCurrentChannelNum();
#else
        const uint32_t channelNumber = kLrWpanDefaultChannel; // no getter before ns-3.37
#endif
        phy->SetTxPowerSpectralDensity(
            psdHelper.CreateTxPowerSpectralDensity(m_config.txPowerDbm, channelNumber));
        if (i == 0)
        {
            m_sensitivityDbm = ReadRxSensitivityDbm(*phy);
        }
    }

    if (!std::isnan(m_config.maxLossDb))
    {
        m_maxLossDb = m_config.maxLossDb;
    }
    else if (m_config.loss == WsnRadioConfig::Loss::RANGE)
    {
        m_maxLossDb = kRangeMaxLossDb;
    }
    else
    {
        m_maxLossDb = m_config.txPowerDbm - (m_sensitivityDbm - kInterferenceMarginDb);
    }
    m_channel->SetAttribute("MaxLossDb", DoubleValue(m_maxLossDb));

    BuildGroundTruth();
    UpdateChannelCutoff();
    NS_LOG_INFO("built " << n << " nodes, loss " << WsnRadioConfig::LossName(m_config.loss) << ", "
                         << m_topology.GetLinkCount() << " links, mean degree "
                         << m_topology.MeanDegree());
    return m_devices;
}

std::vector<Vector>
WsnNetworkHelper::CurrentPositions() const
{
    std::vector<Vector> at(m_mobility.size());
    for (uint32_t i = 0; i < at.size(); ++i)
    {
        at[i] = m_mobility[i]->GetPosition();
    }
    return at;
}

void
WsnNetworkHelper::BuildGroundTruth()
{
    const auto link = [this](uint32_t a, uint32_t b) { return IsLink(a, b); };
    if (m_shadowing)
    {
        // Every pair in order (a < b), which draws the shadowing offsets in
        // a fixed order; the longest link is known only after the draws.
        m_topology.BuildGraph(link);
        return;
    }
    // Deterministic loss: only the pairs within the longest link distance.
    const double longest =
        m_config.loss == WsnRadioConfig::Loss::RANGE
            ? m_config.range
            : GridSpectrumChannel::CutoffFor(m_loss, m_txPowerDbm - GetLinkThresholdDbm(), 0.0);
    const std::vector<Vector> at = CurrentPositions();
    m_topology.BuildGraph(link, longest, &at);
}

int64_t
WsnNetworkHelper::AssignStreams(int64_t stream)
{
    if (!m_installed)
    {
        throw std::logic_error("WsnNetworkHelper::AssignStreams before Install");
    }
    int64_t current = stream;
    if (m_builder && m_config.device != WsnRadioConfig::Device::LR_WPAN)
    {
        current += m_builder->AssignStreams(current);
    }
    for (uint32_t i = 0; i < m_devices.GetN(); ++i)
    {
        Ptr<LrWpanNetDevice> device = DynamicCast<LrWpanNetDevice>(m_devices.Get(i));
        if (device)
        {
            current += device->AssignStreams(current);
        }
    }
    current += m_loss->AssignStreams(current);
    if (m_shadowing)
    {
        BuildGroundTruth();
        UpdateChannelCutoff();
    }
    return current - stream;
}

#if BLOOM_GOSSIP_NS3_VERSION < 3037
namespace
{
/// PHY data indication with frame loss in front of the MAC (ns-3 < 3.37).
void
DropOrIndicate(Ptr<ErrorModel> loss,
               Ptr<LrWpanMac> mac,
               uint32_t psduLength,
               Ptr<Packet> packet,
               uint8_t lqi)
{
    if (!loss->IsCorrupt(packet->Copy()))
    {
        mac->PdDataIndication(psduLength, packet, lqi);
    }
}
} // namespace
#endif

int64_t
WsnNetworkHelper::SetFrameLoss(double rate, int64_t stream)
{
    if (!m_installed)
    {
        throw std::logic_error("WsnNetworkHelper::SetFrameLoss before Install");
    }
    if (!(rate >= 0 && rate <= 1))
    {
        throw std::invalid_argument("frame loss rate must be in [0, 1]");
    }
    if (m_config.device != WsnRadioConfig::Device::LR_WPAN)
    {
        throw std::invalid_argument("frame loss is implemented for the lr-wpan device only");
    }
    for (uint32_t i = 0; i < m_devices.GetN(); ++i)
    {
        Ptr<LrWpanNetDevice> device = DynamicCast<LrWpanNetDevice>(m_devices.Get(i));
        Ptr<RateErrorModel> loss = CreateObject<RateErrorModel>();
        loss->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
        loss->SetRate(rate);
        loss->AssignStreams(stream + i);
#if BLOOM_GOSSIP_NS3_VERSION >= 3037
        device->GetPhy()->SetPostReceptionErrorModel(loss);
#else
        device->GetPhy()->SetPdDataIndicationCallback(
            MakeBoundCallback(&DropOrIndicate, Ptr<ErrorModel>(loss), device->GetMac()));
#endif
    }
    return m_devices.GetN();
}

double
WsnNetworkHelper::GetDeliveryCutoff() const
{
    if (!m_installed)
    {
        throw std::logic_error("WsnNetworkHelper::GetDeliveryCutoff before Install");
    }
    return m_cutoff;
}

void
WsnNetworkHelper::UpdateChannelCutoff()
{
    // The shadowing model is the only other model of the chain; every pair
    // has been drawn by BuildGroundTruth, so its largest gain is known.
    const double extraGainDb = m_shadowing ? m_shadowing->GetMaxOffsetDb() : 0.0;
    m_cutoff = GridSpectrumChannel::CutoffFor(m_loss, m_maxLossDb, extraGainDb);
    if (m_config.channel == WsnRadioConfig::Channel::GRID)
    {
        // 0 would mean "automatic"; infinity "no cut-off": both as 0 when infinite.
        m_channel->SetAttribute("CutoffDistance",
                                DoubleValue(std::isfinite(m_cutoff) ? m_cutoff : 0.0));
    }
}

void
WsnNetworkHelper::CheckNode(uint32_t i) const
{
    if (!m_installed || i >= m_nodes.GetN())
    {
        throw std::invalid_argument("WsnNetworkHelper: no node " + std::to_string(i));
    }
}

Ptr<MobilityModel>
WsnNetworkHelper::GetMobility(uint32_t i) const
{
    CheckNode(i);
    return m_mobility[i];
}

double
WsnNetworkHelper::PredictRxPowerDbm(uint32_t from, uint32_t to) const
{
    CheckNode(from);
    CheckNode(to);
    return m_loss->CalcRxPower(m_txPowerDbm, m_mobility[from], m_mobility[to]);
}

bool
WsnNetworkHelper::IsLink(uint32_t a, uint32_t b) const
{
    CheckNode(a);
    CheckNode(b);
    if (a == b)
    {
        return false;
    }
    if (m_config.loss == WsnRadioConfig::Loss::RANGE)
    {
        // Exactly RangePropagationLossModel's test.
        return m_mobility[a]->GetDistanceFrom(m_mobility[b]) <= m_config.range;
    }
    return PredictRxPowerDbm(a, b) >= GetLinkThresholdDbm();
}

void
WsnNetworkHelper::SetMobilityFactory(MobilityFactory factory)
{
    if (m_installed)
    {
        throw std::logic_error("WsnNetworkHelper::SetMobilityFactory after Install");
    }
    m_mobilityFactory = std::move(factory);
}

std::vector<std::vector<uint32_t>>
WsnNetworkHelper::CurrentGraph() const
{
    if (!m_installed)
    {
        throw std::logic_error("WsnNetworkHelper::CurrentGraph before Install");
    }
    // Every link is within the delivery cut-off (infinite: every pair).
    return WsnTopology::LinksWithin(CurrentPositions(), m_cutoff, [this](uint32_t a, uint32_t b) {
        return IsLink(a, b);
    });
}

Mac16Address
WsnNetworkHelper::GetShortAddress(uint32_t i) const
{
    CheckNode(i);
    Ptr<LrWpanNetDevice> device = DynamicCast<LrWpanNetDevice>(m_devices.Get(i));
    if (!device)
    {
        throw std::logic_error("WsnNetworkHelper::GetShortAddress: node " + std::to_string(i) +
                               " has no lr-wpan device");
    }
    return device->GetMac()->GetShortAddress();
}

} // namespace ns3
