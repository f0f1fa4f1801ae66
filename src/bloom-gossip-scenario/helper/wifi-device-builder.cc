/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wifi-device-builder.h"

#ifndef BLOOM_GOSSIP_WIFI
#error "BLOOM_GOSSIP_WIFI is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#if BLOOM_GOSSIP_WIFI
#include "ns3/txop.h"
#include "ns3/wifi-mac-queue.h"
#include "ns3/wifi-mac.h"
#include "ns3/wifi-mode.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-phy.h"
#include "ns3/wifi-remote-station-manager.h"
#include "ns3/yans-wifi-channel.h"
#include "ns3/yans-wifi-helper.h"
#endif
#include "ns3/bloom-gossip-version.h"
#include "ns3/constant-position-mobility-model.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/propagation-delay-model.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WifiDeviceBuilder");

bool
WifiDeviceBuilt()
{
    return BLOOM_GOSSIP_WIFI != 0;
}

std::string
WifiDeviceOwning(TypeId tid, const std::string& attribute)
{
    // By name: the wifi types exist only in a build with the wifi module.
    static const struct
    {
        const char* type;
        const char* attribute;
        const char* why;
    } kSet[] = {
        {"ns3::TwoRayGroundPropagationLossModel",
         "Frequency",
         "the wifi device fixes it (BCUN's two-ray ground at 914 MHz)"},
        {"ns3::TwoRayGroundPropagationLossModel",
         "HeightAboveZ",
         "the wifi device fixes it (antennas 1.5 m above the nodes)"},
        {"ns3::ConstantRateWifiManager", "DataMode", "the wifi device fixes it at 11 Mb/s"},
        {"ns3::ConstantRateWifiManager", "ControlMode", "the wifi device fixes it at 11 Mb/s"},
        {"ns3::WifiRemoteStationManager", "NonUnicastMode", "the wifi device fixes it at 11 Mb/s"},
        {"ns3::WifiRemoteStationManager",
         "RtsCtsThreshold",
         "the wifi device fixes it (no RTS/CTS)"},
        {"ns3::ThresholdPreambleDetectionModel",
         "MinimumRssi",
         "the wifi device derives it from --range"},
        {"ns3::WifiPhy", "TxPowerStart", "the wifi device derives it from --range"},
        {"ns3::WifiPhy", "TxPowerEnd", "the wifi device derives it from --range"},
        {"ns3::WifiPhy", "RxSensitivity", "the wifi device derives it from --cs-range"},
        {"ns3::WifiPhy", "CcaEdThreshold", "the wifi device derives it from --cs-range"},
        {"ns3::WifiPhy", "CcaSensitivity", "the wifi device derives it from --range"},
        {"ns3::WifiPhy", "Sifs", "the 802.11b standard of the wifi device fixes it"},
        {"ns3::WifiPhy", "Slot", "the 802.11b standard of the wifi device fixes it"},
        {"ns3::WifiPhy", "Pifs", "the 802.11b standard of the wifi device fixes it"},
        {"ns3::WifiMacQueue",
         "MaxSize",
         "the wifi device fixes it at 20 packets (BCUN's interface queue)"},
    };

    for (const auto& set : kSet)
    {
        TypeId type;
        if (attribute == set.attribute && TypeId::LookupByNameFailSafe(set.type, &type) &&
            (tid == type || tid.IsChildOf(type)))
        {
            return set.why;
        }
    }
    return {};
}

namespace
{

/// \return BCUN's loss model: two-ray ground at 914 MHz, antennas 1.5 m up
Ptr<PropagationLossModel>
MakeTwoRayGround()
{
    Ptr<TwoRayGroundPropagationLossModel> loss = CreateObject<TwoRayGroundPropagationLossModel>();
    loss->SetAttribute("Frequency", DoubleValue(kWifiFrequencyHz));
    loss->SetAttribute("HeightAboveZ", DoubleValue(kWifiAntennaHeight));
    return loss;
}

/// Thresholds sit this far (dB) below the rx power at their range, so that
/// a node exactly at the range is in (1 m at 250 m is 0.07 dB).
constexpr double kWifiThresholdMarginDb = 0.001;

#if BLOOM_GOSSIP_NS3_VERSION >= 3036
/// The channel compares the rx power with RxSensitivity raised by the
/// transmission width over 20 MHz (22 MHz for DSSS: 0.41 dB) from ns-3.36 on.
const double kSensitivityWidthDb = 10 * std::log10(22.0 / 20.0);
#else
/// ns-3.35 compares the rx power with RxSensitivity as it is.
constexpr double kSensitivityWidthDb = 0.0;
#endif

} // namespace

double
WifiDeviceBuilder::RxPowerAt(double range, double txPowerDbm)
{
    Ptr<PropagationLossModel> loss = MakeTwoRayGround();
    Ptr<MobilityModel> a = CreateObject<ConstantPositionMobilityModel>();
    Ptr<MobilityModel> b = CreateObject<ConstantPositionMobilityModel>();
    a->SetPosition(Vector(0, 0, 0));
    b->SetPosition(Vector(range, 0, 0));
    return loss->CalcRxPower(txPowerDbm, a, b);
}

NetDeviceContainer
WifiDeviceBuilder::Install(const NodeContainer& nodes, const WsnRadioConfig& config)
{
    config.Validate();
    // The rx power at the reception range stays what 0.2818 W brings at 250 m.
    m_txPowerDbm =
        kWifiBcunTxPowerDbm + (RxPowerAt(kWifiReferenceRange, 0.0) - RxPowerAt(config.range, 0.0));
    m_sensitivityDbm = RxPowerAt(config.range, m_txPowerDbm);
    m_ccaDbm = RxPowerAt(config.CarrierSenseRange(), m_txPowerDbm);
    m_loss = MakeTwoRayGround();
#if BLOOM_GOSSIP_WIFI
    Ptr<YansWifiChannel> channel = CreateObject<YansWifiChannel>();
    channel->SetPropagationLossModel(m_loss);
    channel->SetPropagationDelayModel(CreateObject<ConstantSpeedPropagationDelayModel>());

    WifiHelper wifi;
    wifi.SetStandard(WIFI_STANDARD_80211b);
    wifi.SetRemoteStationManager("ns3::ConstantRateWifiManager",
                                 "DataMode",
                                 StringValue("DsssRate11Mbps"),
                                 "ControlMode",
                                 StringValue("DsssRate11Mbps"),
                                 "NonUnicastMode",
                                 StringValue("DsssRate11Mbps"),
                                 "RtsCtsThreshold",
                                 UintegerValue(65535));
    // YansWifiChannel drops every signal below RxSensitivity before the PHY
    // sees it (no energy either): the sensitivity is the carrier-sense
    // level.  Reception stops at the reception range through the preamble
    // detection's minimum RSSI; the signals between the two ranges are
    // energy only, which the CCA's energy detection turns into a busy
    // medium.
    YansWifiPhyHelper phy;
    phy.SetChannel(channel);
    phy.SetPreambleDetectionModel("ns3::ThresholdPreambleDetectionModel",
                                  "MinimumRssi",
                                  DoubleValue(m_sensitivityDbm - kWifiThresholdMarginDb));
    phy.Set("TxPowerStart", DoubleValue(m_txPowerDbm));
    phy.Set("TxPowerEnd", DoubleValue(m_txPowerDbm));
    phy.Set("RxSensitivity", DoubleValue(m_ccaDbm - kWifiThresholdMarginDb - kSensitivityWidthDb));
    phy.Set("CcaEdThreshold", DoubleValue(m_ccaDbm - kWifiThresholdMarginDb));
    TypeId::AttributeInformation info;
    if (WifiPhy::GetTypeId().LookupAttributeByName("CcaSensitivity", &info))
    {
        // ns-3 >= 3.36: the CCA threshold of signals whose preamble was detected.
        phy.Set("CcaSensitivity", DoubleValue(m_sensitivityDbm - kWifiThresholdMarginDb));
    }
    WifiMacHelper mac;
    mac.SetType("ns3::AdhocWifiMac");
    m_devices = wifi.Install(phy, mac, nodes);
    for (uint32_t i = 0; i < m_devices.GetN(); ++i)
    {
        Ptr<WifiNetDevice> device = DynamicCast<WifiNetDevice>(m_devices.Get(i));
        // 11 Mb/s as a basic rate (ns-2's basicRate_): ACKs at 11 Mb/s too.
        device->GetRemoteStationManager()->AddBasicMode(WifiMode("DsssRate11Mbps"));
        PointerValue txop;
        device->GetMac()->GetAttribute("Txop", txop);
        txop.Get<Txop>()->GetWifiMacQueue()->SetMaxSize(
            QueueSize(QueueSizeUnit::PACKETS, kWifiQueuePackets));
    }
    NS_LOG_INFO("802.11b on " << nodes.GetN() << " nodes: tx " << m_txPowerDbm
                              << " dBm, sensitivity " << m_sensitivityDbm << " dBm, CCA "
                              << m_ccaDbm << " dBm");
    return m_devices;
#else
    (void)nodes;
    throw std::logic_error("WifiDeviceBuilder: this build has no wifi (ns-3's wifi module)");
#endif
}

int64_t
WifiDeviceBuilder::AssignStreams(int64_t stream)
{
#if BLOOM_GOSSIP_WIFI
    WifiHelper wifi;
    return wifi.AssignStreams(m_devices, stream);
#else
    (void)stream;
    return 0;
#endif
}

Ptr<PropagationLossModel>
WifiDeviceBuilder::GetPropagationLoss() const
{
    return m_loss;
}

double
WifiDeviceBuilder::GetTxPowerDbm() const
{
    return m_txPowerDbm;
}

double
WifiDeviceBuilder::GetRxSensitivityDbm() const
{
    return m_sensitivityDbm;
}

} // namespace ns3
