/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wifi-device-builder.h"

#ifndef BLOOM_GOSSIP_WIFI
#error "BLOOM_GOSSIP_WIFI is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#if BLOOM_GOSSIP_WIFI
#include "ns3/error-model.h"
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
#include "ns3/boolean.h"
#include "ns3/constant-position-mobility-model.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/mobility-model.h"
#include "ns3/pointer.h"
#include "ns3/propagation-delay-model.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WifiDeviceBuilder");

NS_OBJECT_ENSURE_REGISTERED(WifiDeviceBuilder);

bool
WifiDeviceBuilt()
{
    return BLOOM_GOSSIP_WIFI != 0;
}

TypeId
WifiDeviceBuilder::GetTypeId()
{
    using bloom::compat::AsEnumValue;
    static TypeId tid =
        TypeId("ns3::WifiDeviceBuilder")
            .SetParent<ObjectBase>()
            .SetGroupName("BloomGossip")
            .AddAttribute("Reception",
                          "How a PHY decides that a frame is received: yans (ns-3's YANS PHY, "
                          "preambles detected only from within the reception range, capture by "
                          "the DSSS error model's SINR) or ns2 (ns-2's rule: every frame above "
                          "the carrier-sense level holds the receiver for its duration; a frame "
                          "is lost when it comes from beyond the reception range, arrives while "
                          "another is on the air, or is joined by one less than "
                          "CaptureThreshold weaker: Ns2ReceptionErrorModel).",
                          EnumValue(AsEnumValue(YANS)),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(Reception, &WifiDeviceBuilder::m_reception),
                          MakeEnumChecker(AsEnumValue(YANS), "yans", AsEnumValue(NS2), "ns2"))
            .AddAttribute("CaptureThreshold",
                          "ns-2's CPThresh_ (dB; BCUN: 10): with Reception ns2 a frame is lost "
                          "when another one arrives during it less than this much weaker; the "
                          "drop counter (CountDrops) does not count a frame that arrived during "
                          "one at least this much stronger (ns-2 frees it without a trace line).",
                          DoubleValue(10),
                          MakeDoubleAccessor(&WifiDeviceBuilder::m_captureDb),
                          MakeDoubleChecker<double>(0, 60))
            .AddAttribute("CountDrops",
                          "Count the run's PHY transmissions and lost frames as BCUN's ns-2 "
                          "trace counts them (WifiDropCounter; the per-run table gets the "
                          "wifi_* columns).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&WifiDeviceBuilder::m_countDrops),
                          MakeBooleanChecker());
    return tid;
}

TypeId
WifiDeviceBuilder::GetInstanceTypeId() const
{
    return GetTypeId();
}

WifiDeviceBuilder::WifiDeviceBuilder()
{
    ObjectBase::ConstructSelf(AttributeConstructionList());
}

WifiDeviceBuilder::~WifiDeviceBuilder() = default;

bool
WifiDeviceBuilder::CountsDropsByDefault()
{
    return WifiDeviceBuilder().m_countDrops;
}

bool
WifiDeviceBuilder::ReceivesAsNs2ByDefault()
{
    return WifiDeviceBuilder().m_reception == NS2;
}

std::optional<WifiDropCounts>
WifiDeviceBuilder::GetDropCounts() const
{
    if (!m_counter)
    {
        return std::nullopt;
    }
    return m_counter->GetCounts();
}

std::string
WifiDeviceOwning(TypeId tid, const std::string& attribute)
{
    // By name: the wifi types exist only in a build with the wifi module.
    static const struct
    {
        const char* type;
        std::vector<const char*> attributes;
        const char* why;
    } kSet[] = {
        {"ns3::TwoRayGroundPropagationLossModel",
         {"Frequency"},
         "the wifi device fixes it (BCUN's two-ray ground at 914 MHz)"},
        {"ns3::TwoRayGroundPropagationLossModel",
         {"HeightAboveZ"},
         "the wifi device fixes it (antennas 1.5 m above the nodes)"},
        {"ns3::ConstantRateWifiManager",
         {"DataMode", "ControlMode"},
         "the wifi device fixes it at 11 Mb/s"},
        {"ns3::WifiRemoteStationManager",
         {"NonUnicastMode"},
         "the wifi device fixes it at 11 Mb/s"},
        {"ns3::WifiRemoteStationManager",
         {"RtsCtsThreshold"},
         "the wifi device fixes it (no RTS/CTS)"},
        {"ns3::ThresholdPreambleDetectionModel",
         {"MinimumRssi"},
         "the wifi device derives it from --range"},
        {"ns3::WifiPhy",
         {"TxPowerStart", "TxPowerEnd", "CcaSensitivity"},
         "the wifi device derives it from --range"},
        {"ns3::WifiPhy",
         {"RxSensitivity", "CcaEdThreshold"},
         "the wifi device derives it from --cs-range"},
        {"ns3::WifiPhy",
         {"ChannelNumber",
          "Frequency",
          "ChannelWidth",
          "ChannelSettings",
          "Primary20MHzIndex",
          "Sifs",
          "Slot",
          "Pifs"},
         "the 802.11b standard of the wifi device fixes it"},
        // ns-3.48 has per-link lists (MinCws ...) beside or instead of these.
        {"ns3::Txop",
         {"MinCw", "MaxCw", "Aifsn", "TxopLimit", "MinCws", "MaxCws", "Aifsns", "TxopLimits"},
         "the MAC sets it for the wifi device's 802.11b standard"},
        {"ns3::WifiMacQueue",
         {"MaxSize"},
         "the wifi device fixes it at 20 packets (BCUN's interface queue)"},
    };

    const auto is = [&tid, &attribute](const char* typeName, const char* name) {
        TypeId type;
        return attribute == name && TypeId::LookupByNameFailSafe(typeName, &type) &&
               (tid == type || tid.IsChildOf(type));
    };
    for (const auto& set : kSet)
    {
        for (const char* name : set.attributes)
        {
            if (is(set.type, name))
            {
                return set.why;
            }
        }
    }
    if (is("ns3::ThresholdPreambleDetectionModel", "Threshold") &&
        WifiDeviceBuilder::ReceivesAsNs2ByDefault())
    {
        return "the wifi device sets it to -100 dB with WifiDeviceBuilder::Reception ns2 (every "
               "frame above carrier sense holds the receiver)";
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

#if BLOOM_GOSSIP_WIFI
/**
 * \ingroup bloom-gossip
 * \brief ns-2's reception rule (Mac802_11::recv, WirelessPhy::sendUp) as a
 * WifiPhy's post-reception error model (WifiDeviceBuilder's Reception ns2):
 * a frame the PHY decoded is lost when ns-2 would have lost it
 * (Ns2ReceiverRule, one per run, shared by every PHY's model: dropped by
 * capture or a collision, from beyond the reception range or arrived while
 * the node transmits, or held when the node started to transmit).
 * The PHY (preambles detected down to carrier sense) already drops a frame
 * that arrives while it receives another; this adds what its SINR model
 * lets through (at 11 Mb/s ns-3 decodes a 1,000-byte frame 6 to 8 dB above
 * its interference).  No random draw.
 */
class Ns2ReceptionErrorModel : public ErrorModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::Ns2ReceptionErrorModel")
                                .SetParent<ErrorModel>()
                                .SetGroupName("BloomGossip")
                                .AddConstructor<Ns2ReceptionErrorModel>();
        return tid;
    }

    /// \param rule ns-2's rule over every PHY's frames \param node this PHY's node index
    void Attach(std::shared_ptr<Ns2ReceiverRule> rule, uint32_t node)
    {
        m_rule = std::move(rule);
        m_node = node;
    }

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        return m_rule->Lost(m_node, p->GetUid());
    }

    void DoReset() override
    {
    }

    std::shared_ptr<Ns2ReceiverRule> m_rule; //!< ns-2's rule, shared
    uint32_t m_node{0};                      //!< this PHY's node
};

NS_OBJECT_ENSURE_REGISTERED(Ns2ReceptionErrorModel);

/// The levels (dBm) WifiDeviceBuilder::Install derives from the ranges.
struct WifiLevels
{
    double txDbm;          //!< transmit power
    double sensitivityDbm; //!< rx power at the reception range
    double ccaDbm;         //!< rx power at the carrier-sense range
};

/// \return the 802.11b helper: 11 Mb/s for data, control and broadcasts, no RTS/CTS
WifiHelper
MakeWifi()
{
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
    return wifi;
}

/**
 * Set `phy`'s preamble detection, powers and thresholds.
 *
 * YansWifiChannel drops every signal below RxSensitivity before the PHY
 * sees it (no energy either): the sensitivity is the carrier-sense
 * level.  Reception stops at the reception range through the preamble
 * detection's minimum RSSI; the signals between the two ranges are
 * energy only, which the CCA's energy detection turns into a busy
 * medium.
 * \param phy the PHY helper, its channel set
 * \param levels the levels of the ranges
 * \param ns2 whether the Reception is ns2
 */
void
ConfigurePhy(YansWifiPhyHelper& phy, const WifiLevels& levels, bool ns2)
{
    if (ns2)
    {
        // ns-2 (Mac802_11::recv): every frame above the carrier-sense level
        // holds the receiver; one from beyond the reception range is then
        // lost (the post-reception error model, AttachNs2Reception).
        phy.SetPreambleDetectionModel("ns3::ThresholdPreambleDetectionModel",
                                      "MinimumRssi",
                                      DoubleValue(levels.ccaDbm - kWifiThresholdMarginDb),
                                      "Threshold",
                                      DoubleValue(-100));
    }
    else
    {
        phy.SetPreambleDetectionModel("ns3::ThresholdPreambleDetectionModel",
                                      "MinimumRssi",
                                      DoubleValue(levels.sensitivityDbm - kWifiThresholdMarginDb));
    }
    phy.Set("TxPowerStart", DoubleValue(levels.txDbm));
    phy.Set("TxPowerEnd", DoubleValue(levels.txDbm));
    phy.Set("RxSensitivity",
            DoubleValue(levels.ccaDbm - kWifiThresholdMarginDb - kSensitivityWidthDb));
    phy.Set("CcaEdThreshold", DoubleValue(levels.ccaDbm - kWifiThresholdMarginDb));
    TypeId::AttributeInformation info;
    if (WifiPhy::GetTypeId().LookupAttributeByName("CcaSensitivity", &info))
    {
        // ns-3 >= 3.36: the CCA threshold of signals whose preamble was
        // detected (ns2: every detected frame keeps the medium busy).
        phy.Set(
            "CcaSensitivity",
            DoubleValue((ns2 ? levels.ccaDbm : levels.sensitivityDbm) - kWifiThresholdMarginDb));
    }
}

/**
 * Give every device 11 Mb/s as a basic rate (ns-2's basicRate_: ACKs at
 * 11 Mb/s too) and BCUN's interface queue of kWifiQueuePackets.
 * \param devices the wifi devices
 */
void
ConfigureDevices(const NetDeviceContainer& devices)
{
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<WifiNetDevice> device = DynamicCast<WifiNetDevice>(devices.Get(i));
        device->GetRemoteStationManager()->AddBasicMode(WifiMode("DsssRate11Mbps"));
        PointerValue txop;
        device->GetMac()->GetAttribute("Txop", txop);
        txop.Get<Txop>()->GetWifiMacQueue()->SetMaxSize(
            QueueSize(QueueSizeUnit::PACKETS, kWifiQueuePackets));
    }
}

/**
 * ns-2's rule over every PHY's transmissions (Reception ns2, CountDrops).
 * \param devices the wifi devices, device i on node i
 * \param nodes the nodes (their mobility models)
 * \param loss the channel's loss model
 * \param levels the levels of the ranges
 * \param captureDb the capture threshold (dB)
 * \return the rule, connected to every PHY's PhyTxBegin
 */
std::shared_ptr<Ns2ReceiverRule>
MakeNs2Rule(const NetDeviceContainer& devices,
            const NodeContainer& nodes,
            Ptr<PropagationLossModel> loss,
            const WifiLevels& levels,
            double captureDb)
{
    std::vector<Ptr<MobilityModel>> mobility;
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        mobility.push_back(nodes.Get(i)->GetObject<MobilityModel>());
    }
    auto rule = std::make_shared<Ns2ReceiverRule>(std::move(mobility),
                                                  loss,
                                                  levels.sensitivityDbm - kWifiThresholdMarginDb,
                                                  levels.ccaDbm,
                                                  captureDb);
    rule->Connect(devices);
    return rule;
}

/**
 * ns-2's reception rule on every PHY (Reception ns2): an
 * Ns2ReceptionErrorModel per PHY that reads `rule`.
 * \param devices the wifi devices, device i on node i
 * \param rule ns-2's rule over their transmissions
 */
void
AttachNs2Reception(const NetDeviceContainer& devices, const std::shared_ptr<Ns2ReceiverRule>& rule)
{
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<Ns2ReceptionErrorModel> error = CreateObject<Ns2ReceptionErrorModel>();
        error->Attach(rule, i);
        DynamicCast<WifiNetDevice>(devices.Get(i))->GetPhy()->SetPostReceptionErrorModel(error);
    }
}
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
    const bool ns2 = static_cast<Reception>(m_reception) == NS2;
    const WifiLevels levels{m_txPowerDbm, m_sensitivityDbm, m_ccaDbm};
    Ptr<YansWifiChannel> channel = CreateObject<YansWifiChannel>();
    channel->SetPropagationLossModel(m_loss);
    channel->SetPropagationDelayModel(CreateObject<ConstantSpeedPropagationDelayModel>());
    WifiHelper wifi = MakeWifi();
    YansWifiPhyHelper phy;
    phy.SetChannel(channel);
    ConfigurePhy(phy, levels, ns2);
    WifiMacHelper mac;
    mac.SetType("ns3::AdhocWifiMac");
    m_devices = wifi.Install(phy, mac, nodes);
    ConfigureDevices(m_devices);
    if (ns2 || m_countDrops)
    {
        m_ns2Rule = MakeNs2Rule(m_devices, nodes, m_loss, levels, m_captureDb);
    }
    if (ns2)
    {
        AttachNs2Reception(m_devices, m_ns2Rule);
    }
    if (m_countDrops)
    {
        m_counter = std::make_unique<WifiDropCounter>(m_devices, m_ns2Rule, m_sensitivityDbm);
    }
    NS_LOG_INFO("802.11b on " << nodes.GetN() << " nodes: tx " << m_txPowerDbm
                              << " dBm, sensitivity " << m_sensitivityDbm << " dBm, CCA "
                              << m_ccaDbm << " dBm, reception " << (ns2 ? "ns2" : "yans"));
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
