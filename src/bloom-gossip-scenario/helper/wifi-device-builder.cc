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
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <stdexcept>
#include <unordered_map>

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
                          "preambles detected only from within the reception range) or ns2 "
                          "(ns-2's rule: every frame above the carrier-sense level holds the "
                          "receiver for its duration, and one from beyond the reception range "
                          "is then lost, ReceptionRangeErrorModel).  Either way the DSSS error "
                          "model decodes a frame whose SINR stays at least 10 dB (ns-2's "
                          "CPThresh_).",
                          EnumValue(AsEnumValue(YANS)),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(Reception, &WifiDeviceBuilder::m_reception),
                          MakeEnumChecker(AsEnumValue(YANS), "yans", AsEnumValue(NS2), "ns2"))
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

std::optional<WifiDropCounts>
WifiDeviceBuilder::GetDropCounts() const
{
    if (!m_counter)
    {
        return std::nullopt;
    }
    return m_counter->GetCounts();
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
 * \brief ns-2's error flag for frames from beyond the reception range
 * (WirelessPhy::sendUp: Pr < RXThresh_), as a WifiPhy's post-reception
 * error model (WifiDeviceBuilder's Reception ns2): a frame its PHY decoded
 * is lost when its sender's rx power here is below the reception level.
 * The sender of a frame is found by its packet uid, recorded when a PHY
 * starts sending it (SenderTable); rx powers come from the channel's loss
 * model.  Draws no random number.
 */
class ReceptionRangeErrorModel : public ErrorModel
{
  public:
    /// Senders of the frames on the air, by packet uid, shared by every PHY's model.
    struct SenderTable
    {
        std::vector<Ptr<MobilityModel>> mobility;                      //!< per node
        std::unordered_map<uint64_t, std::pair<uint32_t, Time>> byUid; //!< uid -> (node, tx start)
        double txDbm{0};                                               //!< transmit power
        Ptr<PropagationLossModel> loss;                                //!< the channel's
        double rxDbm{0};                                               //!< reception level

        /// Node `node` starts sending `packet`.
        void Record(uint32_t node, Ptr<const Packet> packet)
        {
            const Time now = Simulator::Now();
            if (++inserts % 4096 == 0)
            {
                for (auto it = byUid.begin(); it != byUid.end();)
                {
                    it = now - it->second.second > Seconds(1) ? byUid.erase(it) : std::next(it);
                }
            }
            byUid[packet->GetUid()] = {node, now};
        }

        uint64_t inserts{0}; //!< Record calls (purge every 4096)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::ReceptionRangeErrorModel")
                                .SetParent<ErrorModel>()
                                .SetGroupName("BloomGossip")
                                .AddConstructor<ReceptionRangeErrorModel>();
        return tid;
    }

    /// \param table the shared senders \param node this PHY's node index
    void Attach(std::shared_ptr<SenderTable> table, uint32_t node)
    {
        m_table = std::move(table);
        m_node = node;
    }

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        auto it = m_table->byUid.find(p->GetUid());
        if (it == m_table->byUid.end())
        {
            return false;
        }
        const uint32_t sender = it->second.first;
        return m_table->loss->CalcRxPower(m_table->txDbm,
                                          m_table->mobility[sender],
                                          m_table->mobility[m_node]) <
               m_table->rxDbm - kWifiThresholdMarginDb;
    }

    void DoReset() override
    {
    }

    std::shared_ptr<SenderTable> m_table; //!< senders
    uint32_t m_node{0};                   //!< this PHY's node
};

NS_OBJECT_ENSURE_REGISTERED(ReceptionRangeErrorModel);

/// PhyTxBegin of node `node`: remember the frame's sender.
void
RecordSender(ReceptionRangeErrorModel::SenderTable* table,
             uint32_t node,
             Ptr<const Packet> packet,
             double)
{
    table->Record(node, packet);
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
    const bool ns2 = static_cast<Reception>(m_reception) == NS2;
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
    if (ns2)
    {
        // ns-2 (Mac802_11::recv): every frame above the carrier-sense level
        // holds the receiver; one from beyond the reception range is then
        // lost (the post-reception error model below).
        phy.SetPreambleDetectionModel("ns3::ThresholdPreambleDetectionModel",
                                      "MinimumRssi",
                                      DoubleValue(m_ccaDbm - kWifiThresholdMarginDb),
                                      "Threshold",
                                      DoubleValue(-100));
    }
    else
    {
        phy.SetPreambleDetectionModel("ns3::ThresholdPreambleDetectionModel",
                                      "MinimumRssi",
                                      DoubleValue(m_sensitivityDbm - kWifiThresholdMarginDb));
    }
    phy.Set("TxPowerStart", DoubleValue(m_txPowerDbm));
    phy.Set("TxPowerEnd", DoubleValue(m_txPowerDbm));
    phy.Set("RxSensitivity", DoubleValue(m_ccaDbm - kWifiThresholdMarginDb - kSensitivityWidthDb));
    phy.Set("CcaEdThreshold", DoubleValue(m_ccaDbm - kWifiThresholdMarginDb));
    TypeId::AttributeInformation info;
    if (WifiPhy::GetTypeId().LookupAttributeByName("CcaSensitivity", &info))
    {
        // ns-3 >= 3.36: the CCA threshold of signals whose preamble was
        // detected (ns2: every detected frame keeps the medium busy).
        phy.Set("CcaSensitivity",
                DoubleValue((ns2 ? m_ccaDbm : m_sensitivityDbm) - kWifiThresholdMarginDb));
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
    if (ns2)
    {
        auto senders = std::make_shared<ReceptionRangeErrorModel::SenderTable>();
        senders->txDbm = m_txPowerDbm;
        senders->loss = m_loss;
        senders->rxDbm = m_sensitivityDbm;
        for (uint32_t i = 0; i < m_devices.GetN(); ++i)
        {
            senders->mobility.push_back(nodes.Get(i)->GetObject<MobilityModel>());
        }
        for (uint32_t i = 0; i < m_devices.GetN(); ++i)
        {
            Ptr<WifiPhy> p = DynamicCast<WifiNetDevice>(m_devices.Get(i))->GetPhy();
            p->TraceConnectWithoutContext("PhyTxBegin",
                                          MakeBoundCallback(&RecordSender, senders.get(), i));
            Ptr<ReceptionRangeErrorModel> error = CreateObject<ReceptionRangeErrorModel>();
            error->Attach(senders, i);
            p->SetPostReceptionErrorModel(error);
        }
        m_senders = senders;
    }
    if (m_countDrops)
    {
        m_counter = std::make_unique<WifiDropCounter>(m_devices,
                                                      m_loss,
                                                      m_sensitivityDbm,
                                                      m_ccaDbm,
                                                      kWifiCaptureDb);
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
