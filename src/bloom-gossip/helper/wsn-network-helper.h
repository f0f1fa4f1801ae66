/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Builds the ns-3 lr-wpan (or, through a WsnDeviceBuilder, another) network
 * of a WsnTopology and the radio ground truth.
 */
#ifndef BLOOM_GOSSIP_WSN_NETWORK_HELPER_H
#define BLOOM_GOSSIP_WSN_NETWORK_HELPER_H

#include "wsn-topology.h"

#include "ns3/attribute.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/mac16-address.h"
#include "ns3/mobility-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object.h"
#include "ns3/propagation-loss-model.h"
#include "ns3/spectrum-channel.h"
#include "ns3/static-shadowing-loss-model.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/// Receive sensitivity (dBm) of the ns-3 lr-wpan PHY when the PHY has no
/// accessor for it (fixed in LrWpanPhy's constructor up to ns-3.37; later
/// releases have LrWpanPhy::GetRxSensitivity, which is used instead).
constexpr double kLrWpanDefaultRxSensitivityDbm = -106.58;
/// The 2.4 GHz channel every lr-wpan PHY starts on (the helper never changes it).
constexpr uint32_t kLrWpanDefaultChannel = 11;

/**
 * \ingroup bloom-gossip
 * \brief Radio configuration of a WSN built by WsnNetworkHelper.
 *
 * The defaults are the scenario programs' (a unit disk of 12 m, 0 dBm, the
 * stock channel); the same settings are the attributes of ns3::WsnRadio,
 * which Config and `--ns3::WsnRadio::<name>` reach.
 */
struct WsnRadioConfig
{
    /// Propagation loss model of the channel.
    enum class Loss
    {
        RANGE,        ///< RangePropagationLossModel: exact unit disk of radius range
        LOG_DISTANCE, ///< LogDistancePropagationLossModel (+ optional static shadowing)
    };

    Loss loss{Loss::RANGE};          ///< loss model
    double range{12.0};              ///< RANGE: radio range R (m); link iff distance <= R
    double txPowerDbm{0.0};          ///< transmit power of every PHY (dBm)
    double exponent{3.0};            ///< LOG_DISTANCE: path-loss exponent
    double referenceLossDb{46.6777}; ///< LOG_DISTANCE: loss at the reference distance (dB)
    double referenceDistance{1.0};   ///< LOG_DISTANCE: reference distance (m)
    double shadowingSigmaDb{0.0};    ///< LOG_DISTANCE: static shadowing sigma (dB), 0 = off
    double linkMarginDb{3.0};        ///< LOG_DISTANCE: link iff rx >= sensitivity + margin
    /// Channel MaxLossDb (dB); NaN = automatic: RANGE 500 (in range 0 dB, out of range
    /// 1000 dB); LOG_DISTANCE txPower - (sensitivity - 10 dB), i.e. signals more than
    /// 10 dB below the sensitivity (and the noise floor) are not delivered at all.
    double maxLossDb{std::numeric_limits<double>::quiet_NaN()};
    uint16_t panId{1}; ///< PAN id of all devices

    // The limits of the values (Validate and ns3::WsnRadio's checkers).
    static constexpr double kMinRange = 1e-3;              ///< range (m), at least
    static constexpr double kMaxRange = 1e6;               ///< range (m), at most
    static constexpr double kMaxAbsTxPowerDbm = 100;       ///< |txPowerDbm| at most
    static constexpr double kMaxExponent = 10;             ///< exponent in (0, this]
    static constexpr double kMaxAbsReferenceLossDb = 1000; ///< |referenceLossDb| at most
    static constexpr double kMaxShadowingSigmaDb = 100;    ///< shadowingSigmaDb in [0, this]
    static constexpr double kMaxAbsLinkMarginDb = 100;     ///< |linkMarginDb| at most

    /// Spectrum channel implementation.
    enum class Channel
    {
        STOCK, ///< ns-3 SingleModelSpectrumChannel: every frame to every PHY, O(N)
        GRID,  ///< GridSpectrumChannel: only PHYs within the cut-off, same results
    };

    Channel channel{Channel::STOCK}; ///< channel implementation

    /// Radio device on every node.
    enum class Device
    {
        LR_WPAN, ///< ns-3 lr-wpan (802.15.4, 2.4 GHz, 250 kb/s): the default
        WIFI,    ///< ns-3 wifi (802.11b ad hoc, 11 Mb/s), built by a WsnDeviceBuilder
    };

    Device device{Device::LR_WPAN}; ///< radio device
    /// WIFI: carrier-sense range (m), at least `range`; 0 = automatic,
    /// kWifiCsRatio x range (BCUN's 550 m for 250 m).
    double csRange{0.0};
    /// WIFI: the automatic carrier-sense range over the reception range.
    static constexpr double kWifiCsRatio = 2.2;

    /// \return the carrier-sense range (m): csRange, or kWifiCsRatio x range when 0
    double CarrierSenseRange() const
    {
        return csRange > 0 ? csRange : kWifiCsRatio * range;
    }

    /**
     * \param name "range" or "log-distance"; anything else throws
     *        std::invalid_argument
     * \return the loss model
     */
    static Loss ParseLoss(const std::string& name);
    /// \param loss a loss model \return "range" or "log-distance"
    static std::string LossName(Loss loss);
    /**
     * \param name "stock" or "grid"; anything else throws std::invalid_argument
     * \return the channel implementation
     */
    static Channel ParseChannel(const std::string& name);
    /// \param channel a channel implementation \return "stock" or "grid"
    static std::string ChannelName(Channel channel);
    /**
     * \param name "lr-wpan" or "wifi"; anything else throws std::invalid_argument
     * \return the device
     */
    static Device ParseDevice(const std::string& name);
    /// \param device a device \return "lr-wpan" or "wifi"
    static std::string DeviceName(Device device);
    /// Throws std::invalid_argument on a value out of range (the k* limits).
    void Validate() const;
};

/**
 * \ingroup bloom-gossip
 * \brief The radio settings of WsnNetworkHelper (WsnRadioConfig) as
 * attributes, with its defaults: what Config::SetDefault("ns3::WsnRadio::
 * Range", ...), `--ns3::WsnRadio::Range=...` on an ns-3 CommandLine and
 * WsnNetworkHelper::SetRadioAttribute reach.  The checkers hold each
 * value's limits; the one rule across attributes (ShadowingSigmaDb > 0
 * needs Loss log-distance) is checked by WsnNetworkHelper::Install.
 */
class WsnRadio : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    WsnRadio();

    /// \return the settings as a WsnRadioConfig (MaxLossDb 0: automatic, NaN)
    WsnRadioConfig GetConfig() const;
    /// \param config settings to take (NaN MaxLossDb: 0, automatic)
    void SetConfig(const WsnRadioConfig& config);

  private:
    bloom::compat::EnumStorage<WsnRadioConfig::Loss> m_loss;       //!< Loss
    double m_range;                                                //!< Range
    double m_txPowerDbm;                                           //!< TxPowerDbm
    double m_exponent;                                             //!< PathLossExponent
    double m_referenceLossDb;                                      //!< ReferenceLossDb
    double m_referenceDistance;                                    //!< ReferenceDistance
    double m_shadowingSigmaDb;                                     //!< ShadowingSigmaDb
    double m_linkMarginDb;                                         //!< LinkMarginDb
    double m_maxLossDb;                                            //!< MaxLossDb (0: automatic)
    uint16_t m_panId;                                              //!< PanId
    bloom::compat::EnumStorage<WsnRadioConfig::Channel> m_channel; //!< Channel
    bloom::compat::EnumStorage<WsnRadioConfig::Device> m_device;   //!< Device
    double m_csRange;                                              //!< CsRange
};

/**
 * \ingroup bloom-gossip
 * \brief Builds the devices of a radio other than lr-wpan for
 * WsnNetworkHelper (WsnRadioConfig::Device::WIFI): bloom-gossip-scenario's
 * WifiDeviceBuilder, which needs ns-3's wifi module (this module does not).
 */
class WsnDeviceBuilder
{
  public:
    virtual ~WsnDeviceBuilder() = default;
    /**
     * Install one device per node (the nodes already carry their mobility
     * models) on a channel of its own.
     * \param nodes the nodes, node i of the topology first
     * \param config the radio configuration (validated)
     * \return the devices, device i on node i
     */
    virtual NetDeviceContainer Install(const NodeContainer& nodes,
                                       const WsnRadioConfig& config) = 0;
    /// \param stream first stream number \return number of streams used
    virtual int64_t AssignStreams(int64_t stream) = 0;
    /// \return the channel's propagation loss model (after Install)
    virtual Ptr<PropagationLossModel> GetPropagationLoss() const = 0;
    /// \return the transmit power of every PHY (dBm)
    virtual double GetTxPowerDbm() const = 0;
    /// \return the receive sensitivity of every PHY (dBm, after Install)
    virtual double GetRxSensitivityDbm() const = 0;
};

/**
 * \ingroup bloom-gossip
 * \brief Builds the ns-3 network of a WsnTopology: nodes at the topology's
 * positions (ConstantPositionMobilityModel), one SingleModelSpectrumChannel
 * or GridSpectrumChannel (WsnRadioConfig::channel; constant-speed delay, the
 * configured loss, MaxLossDb set), one lr-wpan device per node (a
 * DutyCycleNetDevice, which a DutyCycleHelper may give a sleep schedule)
 * associated to one PAN, and the ground-truth graph of the radio.
 *
 * The radio settings come from a WsnRadioConfig, or, with the default
 * constructor, from the attributes of ns3::WsnRadio (so Config and
 * `--ns3::WsnRadio::...` apply), changed with SetRadioAttribute.
 *
 * With WsnRadioConfig::Device::WIFI the devices come from the
 * WsnDeviceBuilder given by SetDeviceBuilder (no spectrum channel, no PAN;
 * the ground truth is the unit disk of the range).
 *
 * Node i of the topology is GetNodes().Get(i) and GetDevices().Get(i) (not
 * Node::GetId(), which counts every node of the simulation).  Short addresses
 * are assigned by LrWpanHelper::AssociateToPan (ns-3 <= 3.37) or
 * CreateAssociatedPan (>= 3.38), both number the devices from 00:01, so node i
 * has short address i + 1 (GetShortAddress reads it back from the MAC).
 *
 * Ground truth (GetTopology's graph): RANGE, distance <= range (what
 * RangePropagationLossModel delivers); LOG_DISTANCE, the rx power predicted by
 * the channel's own loss model objects (CalcRxPower, shadowing included) >=
 * sensitivity + linkMarginDb.  With log-distance, links below that threshold
 * still deliver frames: the ns-3 PHY locks on at SINR > -5 dB (noise about
 * -107 dBm) and its error model is lenient; measured on ns-3.37 with 15-byte
 * frames, delivery is reliable above about -106 dBm and occasional down to
 * -111 dBm.  The ground truth leaves that grey zone out (raise or lower
 * linkMarginDb to move the line), and the graph need not be connected even
 * when the input topology's unit-disk graph was.
 *
 * The tx power is applied as the PHY's tx power spectral density; a later
 * PLME-SET of phyTransmitPower or of the channel would recompute it from the
 * PIB.
 */
class WsnNetworkHelper
{
  public:
    /// The radio of ns3::WsnRadio's attributes (their defaults, or Config's).
    WsnNetworkHelper();
    /// \param config radio configuration (validated, throws std::invalid_argument)
    explicit WsnNetworkHelper(const WsnRadioConfig& config);

    /**
     * Set a radio setting, ns-3 style, before Install.  An unknown name or a
     * value its checker refuses is a fatal error naming the attribute.
     * \param name attribute of ns3::WsnRadio (Loss, Range, TxPowerDbm,
     *        PathLossExponent, ReferenceLossDb, ReferenceDistance,
     *        ShadowingSigmaDb, LinkMarginDb, MaxLossDb, PanId, Channel, Device,
     *        CsRange)
     * \param value its value
     */
    void SetRadioAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Build the network of a topology (its links are ignored and replaced by
     * the radio ground truth).  Once per helper; a second call throws
     * std::logic_error.
     * \param topology the node positions
     * \return the devices, device i on node i
     */
    NetDeviceContainer Install(const WsnTopology& topology);

    /**
     * The builder of the devices when the radio's device is not lr-wpan
     * (WsnRadioConfig::Device::WIFI); Install throws std::invalid_argument
     * without one.  Set before Install.
     * \param builder the builder
     */
    void SetDeviceBuilder(std::shared_ptr<WsnDeviceBuilder> builder);

    /**
     * Assign fixed random streams to the devices (CSMA/CA, PHY error model)
     * and the shadowing model; with shadowing the offsets are drawn again
     * from the new stream and the ground-truth graph rebuilt, so call it
     * before reading GetTopology() and before Simulator::Run.
     * \param stream first stream number to use
     * \return number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * Frame loss on top of the radio: every PHY drops a share `rate` (0..1)
     * of the frames it received correctly (ACKs included), independently,
     * through a RateErrorModel of its own with stream `stream + i` for device
     * i.  ns-3 >= 3.37: the PHY's post-reception error model; ns-3.35 and
     * 3.36, which lack it: the same error model between the PHY's data
     * indication and the MAC (the frame is dropped before the MAC sees it;
     * the PHY's drop trace does not fire).  Call after Install, once.
     * \param rate share of correctly received frames dropped (0..1)
     * \param stream first stream number to use
     *
eturn number of streams used (the device count)
     */
    int64_t SetFrameLoss(double rate, int64_t stream);

    /// \return the radio configuration
    const WsnRadioConfig& GetConfig() const
    {
        return m_config;
    }

    /// \return the nodes, node i of the topology first-to-last
    NodeContainer GetNodes() const
    {
        return m_nodes;
    }

    /// \return the lr-wpan devices, device i on node i
    NetDeviceContainer GetDevices() const
    {
        return m_devices;
    }

    /// \return the positions and the ground-truth graph
    const WsnTopology& GetTopology() const
    {
        return m_topology;
    }

    /// \return the spectrum channel (null with the wifi device, whose channel is its builder's)
    Ptr<SpectrumChannel> GetChannel() const
    {
        return m_channel;
    }

    /// \return the head of the channel's loss chain
    Ptr<PropagationLossModel> GetPropagationLoss() const
    {
        return m_loss;
    }

    /// \return the shadowing model in the chain, or null
    Ptr<StaticShadowingLossModel> GetShadowing() const
    {
        return m_shadowing;
    }

    /// \return the receive sensitivity of the PHYs (dBm)
    double GetRxSensitivityDbm() const
    {
        return m_sensitivityDbm;
    }

    /// \return the LOG_DISTANCE link threshold: sensitivity + link margin (dBm)
    double GetLinkThresholdDbm() const
    {
        return m_sensitivityDbm + m_config.linkMarginDb;
    }

    /// \return the MaxLossDb set on the channel (dB)
    double GetMaxLossDb() const
    {
        return m_maxLossDb;
    }

    /**
     * Largest distance (m) at which a frame can be delivered, i.e. the path
     * loss can be <= MaxLossDb: RANGE, the range (infinity when MaxLossDb >=
     * 1000 dB); LOG_DISTANCE, the inversion of the log-distance law at
     * MaxLossDb plus the largest shadowing gain drawn (every pair is drawn
     * when the ground truth is built).  The GRID channel's CutoffDistance.
     * \return the delivery cut-off (m)
     */
    double GetDeliveryCutoff() const;

    /**
     * \param from sender node index
     * \param to receiver node index
     * \return the rx power (dBm) at `to` of a frame from `from`, from the
     *         channel's loss models
     */
    double PredictRxPowerDbm(uint32_t from, uint32_t to) const;
    /**
     * Ground-truth link predicate (same as GetTopology().HasLink once built).
     * \param a one node index
     * \param b another node index
     * \return whether the radio links a and b
     */
    bool IsLink(uint32_t a, uint32_t b) const;
    /// \param i node index \return the short address of node i, read from its MAC
    Mac16Address GetShortAddress(uint32_t i) const;
    /// \param i node index \return the mobility model of node i
    Ptr<MobilityModel> GetMobility(uint32_t i) const;

    /// Makes the mobility model of node i at its topology position; null:
    /// a ConstantPositionMobilityModel (the default for every node).
    using MobilityFactory = std::function<Ptr<MobilityModel>(uint32_t i, const Vector& position)>;
    /**
     * Set before Install: the models it returns are aggregated to the nodes
     * and given to the PHYs.  The ground truth GetTopology() is of the
     * positions at Install; CurrentGraph() follows the motion.
     * \param factory the factory
     */
    void SetMobilityFactory(MobilityFactory factory);
    /**
     * The ground-truth graph of the positions now (IsLink on every pair
     * within the delivery cut-off, found through a grid of cut-off cells;
     * every pair when the cut-off is infinite).
     * \return sorted neighbour lists, by node index
     */
    std::vector<std::vector<uint32_t>> CurrentGraph() const;

    /**
     * LOG_DISTANCE without shadowing: distance at which the predicted rx
     * power equals the link threshold, d0 * 10^((tx - L0 - thr) / (10 n)) with
     * thr = sensitivity + margin (the ns-3.37 default sensitivity); RANGE: range.
     * Useful to size random topologies for the log-distance model.
     * \param config a radio configuration
     * \return the nominal range (m)
     */
    static double NominalRange(const WsnRadioConfig& config);

  private:
    void CheckNode(uint32_t i) const;
    /// \return every node's position now, from its mobility model
    std::vector<Vector> CurrentPositions() const;
    void BuildGroundTruth();
    void UpdateChannelCutoff();

    WsnRadioConfig m_config;                                 ///< radio configuration
    Ptr<WsnRadio> m_radio;                                   ///< m_config as attributes
    WsnTopology m_topology;                                  ///< positions and ground truth
    NodeContainer m_nodes;                                   ///< node i of the topology
    NetDeviceContainer m_devices;                            ///< lr-wpan device i
    std::vector<Ptr<MobilityModel>> m_mobility;              ///< mobility model i
    MobilityFactory m_mobilityFactory;                       ///< null: constant positions
    Ptr<SpectrumChannel> m_channel;                          ///< the channel
    Ptr<PropagationLossModel> m_loss;                        ///< head of the loss chain
    double m_cutoff{0};                                      ///< delivery cut-off (m)
    Ptr<StaticShadowingLossModel> m_shadowing;               ///< shadowing, or null
    double m_sensitivityDbm{kLrWpanDefaultRxSensitivityDbm}; ///< PHY sensitivity (dBm)
    double m_maxLossDb{0.0};                                 ///< channel MaxLossDb
    bool m_installed{false};                                 ///< Install done
    std::shared_ptr<WsnDeviceBuilder> m_builder;             ///< non-lr-wpan devices, or null
    double m_txPowerDbm{0.0};                                ///< tx power of every PHY (dBm)
};

} // namespace ns3

#endif // BLOOM_GOSSIP_WSN_NETWORK_HELPER_H
