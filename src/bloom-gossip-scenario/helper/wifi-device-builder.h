/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The 802.11 device of WsnNetworkHelper (--device wifi), an optional feature.
 */
#ifndef BLOOM_GOSSIP_WIFI_DEVICE_BUILDER_H
#define BLOOM_GOSSIP_WIFI_DEVICE_BUILDER_H

#include "wifi-drop-counter.h"

#include "ns3/bloom-gossip-compat.h"
#include "ns3/net-device-container.h"
#include "ns3/object-base.h"
#include "ns3/propagation-loss-model.h"
#include "ns3/wsn-network-helper.h"

#include <memory>
#include <optional>
#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \return whether this build has the wifi device (ns-3's wifi module; the
 * feature BLOOM_GOSSIP_WIFI, see the module chapter, "Building").  Without
 * it GossipScenarioConfig::Validate() refuses --device wifi.
 */
bool WifiDeviceBuilt();

/**
 * \ingroup bloom-gossip
 * Why the wifi device (WifiDeviceBuilder::Install) sets an attribute
 * itself, so that a --ns3:: default of it would have no effect on a
 * --device wifi run: its loss model's frequency and antenna height, the
 * rates and RTS/CTS threshold of its station manager, the PHYs' powers and
 * thresholds (from --range and --cs-range), the 802.11b timings and channel,
 * the access parameters the MAC sets for the standard (Txop's MinCw, MaxCw,
 * Aifsn, TxopLimit) and the MAC queue's size, and with the Reception default ns2 the preamble
 * detection's SNR threshold; empty for any other attribute (ScenarioOptionOwning reads it).  The
 * last depends on another default: ApplyNs3Arguments asks again once every --ns3:: default is
 * applied, so the order of the arguments does not matter. \param tid the type named on the command
 * line \param attribute the attribute name \return the reason, or an empty string
 */
std::string WifiDeviceOwning(TypeId tid, const std::string& attribute);

/// BCUN's transmit power, 0.2818 W (dBm), at the reference range.
constexpr double kWifiBcunTxPowerDbm = 24.49941;
/// The reference reception range (m) at which the PHYs transmit kWifiBcunTxPowerDbm.
constexpr double kWifiReferenceRange = 250.0;
/// Carrier frequency of the two-ray ground model (Hz), ns-2's 914 MHz.
constexpr double kWifiFrequencyHz = 914e6;
/// Antenna height above the node's position (m), ns-2's 1.5 m.
constexpr double kWifiAntennaHeight = 1.5;
/// Packets a MAC queue holds, ns-2's ifqLen of BCUN.
constexpr uint32_t kWifiQueuePackets = 20;
/// ns-2's capture threshold CPThresh_ in BCUN (dB), CaptureThreshold's default.
constexpr double kWifiCaptureDb = 10;

/**
 * \ingroup bloom-gossip
 * \brief The 802.11 radio of BCUN (the LBF authors' ns-2 experiment) for
 * WsnNetworkHelper: ns-3 wifi, ad hoc MAC (AdhocWifiMac, no QoS), 802.11b
 * DSSS with ConstantRateWifiManager at 11 Mb/s for data, control and
 * broadcast frames (11 Mb/s added to the basic rates: ACKs at 11 Mb/s), no RTS/CTS, MAC queues of
 * 20 packets, one YansWifiChannel with TwoRayGroundPropagationLossModel at 914 MHz (antennas 1.5 m
 * above the nodes) and a constant-speed delay.
 *
 * Ranges rather than thresholds: the PHYs' RxSensitivity is the rx power
 * at the reception range (WsnRadioConfig::range), and the energy-detection
 * CCA threshold (CcaEdThreshold, and CcaSensitivity where the release has
 * it) and the preamble detection's minimum RSSI are the rx power at the
 * carrier-sense range (WsnRadioConfig::CarrierSenseRange()), both from the
 * same loss model.  A frame from farther than the reception range is never
 * received; one from within the carrier-sense range keeps the medium busy.
 * The transmit power is BCUN's 0.2818 W (24.5 dBm) at a 250 m range and
 * follows the loss model for other ranges (the rx power at the reception
 * range stays BCUN's -64.4 dBm, well above the noise floor).
 *
 * Attributes (ns3::WifiDeviceBuilder; a builder takes the defaults when it
 * is constructed, so `--ns3::WifiDeviceBuilder::...` applies):
 *  - Reception: `yans` (above: preambles detected only from within the
 *    reception range, so a frame from farther is energy only and never
 *    holds the receiver; capture by the DSSS error model: at 11 Mb/s it
 *    decodes a 1,000-byte frame 6 to 8 dB above its interference with
 *    Debian's GSL build, 9 to 10 dB without GSL) or `ns2`, ns-2's rule
 *    (Mac802_11::recv, WirelessPhy::sendUp): every frame above the
 *    carrier-sense level holds the receiver for its whole duration (the
 *    preamble detection's minimum RSSI is the carrier-sense level, its SNR
 *    threshold none), and a frame the PHY decoded is still lost when ns-2
 *    would lose it: from beyond the reception range (ns-2's error flag),
 *    arrived while another frame was on the air, or joined by one less than
 *    CaptureThreshold weaker (a post-reception error model,
 *    ns3::Ns2ReceptionErrorModel, over the arrivals of every PHY's frames).
 *  - CaptureThreshold: ns-2's CPThresh_ (dB, 10), for Reception ns2 and
 *    for the drop counter.
 *  - CountDrops: count, per run, the PHY transmissions and the frames lost
 *    as BCUN's ns-2 trace counts them (WifiDropCounter).
 */
class WifiDeviceBuilder : public WsnDeviceBuilder, public ObjectBase
{
  public:
    /// How the PHYs decide that a frame is received.
    enum Reception
    {
        YANS, ///< preambles detected from within the reception range only
        NS2,  ///< ns-2's lock on every frame above carrier sense, error flag beyond range
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// Takes the attributes' defaults (Config::SetDefault, --ns3::WifiDeviceBuilder::...).
    WifiDeviceBuilder();
    ~WifiDeviceBuilder() override;

    NetDeviceContainer Install(const NodeContainer& nodes, const WsnRadioConfig& config) override;
    int64_t AssignStreams(int64_t stream) override;
    Ptr<PropagationLossModel> GetPropagationLoss() const override;
    double GetTxPowerDbm() const override;
    double GetRxSensitivityDbm() const override;

    /// \return the CCA energy-detection threshold of every PHY (dBm, after Install)
    double GetCcaThresholdDbm() const
    {
        return m_ccaDbm;
    }

    /// \return the counts of the run so far (CountDrops), else nullopt
    std::optional<WifiDropCounts> GetDropCounts() const;

    /**
     * \return whether builders constructed now count drops (the CountDrops
     * default): the per-run table has the drop columns then
     */
    static bool CountsDropsByDefault();

    /**
     * \return whether builders constructed now receive as ns-2 does (the
     * Reception default is ns2): they set the preamble detection's
     * Threshold themselves then
     */
    static bool ReceivesAsNs2ByDefault();

    /**
     * \param range a distance (m)
     * \param txPowerDbm a transmit power (dBm)
     * \return the rx power (dBm) of the two-ray ground model at that distance
     */
    static double RxPowerAt(double range, double txPowerDbm);

  private:
    NetDeviceContainer m_devices;                            ///< the devices, device i on node i
    Ptr<PropagationLossModel> m_loss;                        ///< the channel's loss model
    double m_txPowerDbm{kWifiBcunTxPowerDbm};                ///< tx power (dBm)
    double m_sensitivityDbm{0};                              ///< RxSensitivity (dBm)
    double m_ccaDbm{0};                                      ///< CCA thresholds (dBm)
    bloom::compat::EnumStorage<Reception> m_reception{YANS}; ///< Reception attribute
    double m_captureDb{kWifiCaptureDb};                      ///< CaptureThreshold attribute
    /// ns-2's rule (Reception ns2: the PHYs' error models; CountDrops: the counter)
    std::shared_ptr<Ns2ReceiverRule> m_ns2Rule;
    bool m_countDrops{false};                   ///< CountDrops attribute
    std::unique_ptr<WifiDropCounter> m_counter; ///< with CountDrops, after Install
};

} // namespace ns3

#endif // BLOOM_GOSSIP_WIFI_DEVICE_BUILDER_H
