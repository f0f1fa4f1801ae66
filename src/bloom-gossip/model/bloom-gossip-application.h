/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Bloom-filter gossip for resource discovery: one shared ns-3 Application,
 * three variants that differ only in their filter policy.
 */
#ifndef BLOOM_GOSSIP_APPLICATION_H
#define BLOOM_GOSSIP_APPLICATION_H

#include "bloom-gossip-compat.h"
#include "bloom-gossip-version.h"
#include "filter-policy.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

class Packet;

/**
 * \ingroup bloom-gossip
 * \brief Periodic (or Trickle-timed) gossip of a Bloom-filter summary of the
 * resources reachable from a node.
 *
 * Soft state: the application keeps the latest filter heard from each
 * neighbour with the time it was heard; an entry expires after
 * NeighbourExpiry.  The advertised filter is recomputed from the node's own
 * resources and its live neighbour entries whenever either changes (see
 * bloom::FilterPolicy), so removals and dead nodes fade out.
 *
 * Transport: link-layer broadcast on the node's NetDevice (default; frames
 * start with the 6LoWPAN NALP dispatch 0x3B, so they coexist with 6LoWPAN),
 * or UDP over IPv6 to the link-local all-nodes group ff02::1 (needs an IPv6
 * stack, e.g. over 6LoWPAN, which fragments).  Filters larger than a frame
 * are split into self-describing segments (bloom::EncodeSegments): losing one
 * frame loses only its slot range.  With attribute Codec = entropy each
 * segment's slots are entropy-coded (bloom::AppendCodedSlots: the family's
 * coding, raw where that is not shorter); a node decodes plain and coded
 * segments alike, whatever its own Codec, and drops (MalformedDropped) what
 * it cannot decode.
 *
 * Frames of the same dispatch that carry queries or replies
 * (bloom::MessageType::QUERY, REPLY) are left to BloomQueryApplication and
 * not counted as malformed; any other unknown type is.
 *
 * Subclasses only supply the policy (BfGossipApplication,
 * LbfGossipApplication, AbfGossipApplication, SdbfGossipApplication).
 */
class BloomGossipApplication : public Application
{
  public:
    /// Timer driving the advertisements.
    enum TimerMode
    {
        PERIODIC, //!< every BeaconInterval, +/- Jitter
        TRICKLE,  //!< RFC 6206 with TrickleImin, TrickleImax, TrickleK
    };

    /// Where neighbours' filters come from.
    enum LearningMode
    {
        GOSSIP,  //!< the node's own advertisements (Timer); entries expire
        QUERIES, //!< only filters carried by query frames (LearnFrom); no
                 //!< advertisements, no expiry
    };

    /// How advertisements travel.
    enum TransportMode
    {
        LINK_LAYER, //!< broadcast frames on the NetDevice
        UDP6,       //!< UDP to ff02::1 (IPv6 stack required)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BloomGossipApplication();
    ~BloomGossipApplication() override;

    /**
     * Make a resource local to this node (takes effect at once).
     * \param id the resource number (its key is bloom::Key::FromId(id))
     */
    void AddResource(uint64_t id);
    /**
     * Make a resource local without rebuilding the advertised filter yet:
     * ResourceAdded fires now, the filter (and FilterChanged) waits for
     * CommitResources.  A placement of R resources adds them all, then
     * commits each node once: AddResource rebuilds the filter every time,
     * O(R) each, quadratic in R.  Until the commit, the advertised filter
     * (Knows, EstimateHops, an advertisement) lacks the resource.
     * \param id the resource number
     */
    void AddResourceDeferred(uint64_t id);
    /// Rebuild the advertised filter if AddResourceDeferred added a resource since.
    void CommitResources();
    /**
     * Remove a local resource; no-op if absent.
     * \param id the resource number
     */
    void RemoveResource(uint64_t id);
    /**
     * \param id a resource number
     * \return whether the resource is local to this node
     */
    bool HasResource(uint64_t id) const;
    /**
     * \param key a resource key (queries carry key hashes)
     * \return whether a local resource has this key
     */
    bool HoldsKey(const bloom::Key& key) const;

    /**
     * \param id a resource number
     * \return whether the node's current filter reports the resource
     */
    bool Knows(uint64_t id) const;
    /**
     * \param id a resource number
     * \return the node's hop estimate for the resource (nullopt: absent, or BF)
     */
    std::optional<uint32_t> EstimateHops(uint64_t id) const;
    /// \return the filter the node currently advertises
    const bloom::AnyFilter& GetAdvertisedFilter() const;
    /// \return the variant's policy (valid once the attributes are set)
    const bloom::FilterPolicy& GetPolicy() const;
    /// \return the live neighbour entries (address, last filter heard)
    std::vector<std::pair<Address, const bloom::AnyFilter*>> GetNeighbourFilters() const;

    /**
     * Take a filter a neighbour carried in another frame (a query,
     * BloomQueryApplication::CarryFilter) as that neighbour's latest
     * advertisement: it replaces the neighbour's entry and the family's merge
     * applies (LBF: attenuate one hop, then max).  A filter that does not
     * decode (filter-codec) or has a shape this node does not accept is
     * dropped and reported through MalformedDropped, like a malformed
     * advertisement.  Ignored while the application is not running.
     * \param from the neighbour's link-layer address
     * \param bytes the filter in the filter-codec encoding
     * \param packet the frame that carried it (for MalformedDropped)
     * \return whether the filter was taken
     */
    bool LearnFrom(const Address& from,
                   const std::vector<uint8_t>& bytes,
                   Ptr<const Packet> packet);
    /// \return where neighbours' filters come from (attribute Learning)
    LearningMode GetLearning() const;

    /**
     * Check the attributes together.  Each attribute's checker holds the
     * limits of its own value; some limits depend on another attribute (an
     * LBF's Step below 2^CellBits, an SDBF's MinCount at most Hashes).  The
     * application calls it before it first builds its filter policy (at the
     * latest at StartApplication) and ends the simulation with a fatal error
     * carrying the problem (NS_FATAL_ERROR, never an exception out of
     * Simulator::Run).
     * \return empty when the values fit together, else the first problem,
     *         naming the attribute, e.g. "Step=400: out of range 1..255 for
     *         CellBits=8"
     */
    virtual std::string CheckAttributes() const;

    /// Crash the node: stop sending and receiving, drop all state.
    void Fail();
    /// \return whether the node has crashed (Fail)
    bool IsFailed() const;

    /// \return how advertisements travel (attribute Transport)
    TransportMode GetTransport() const;
    /// \return what advertisements are coded with (attribute Codec)
    bloom::Codec GetCodec() const;
    /**
     * \return the most frames one advertisement takes with the current
     *         transport and codec (with Codec entropy: were every segment raw)
     */
    uint32_t GetFramesPerAdvertisement() const;
    /**
     * What the advertisement of the current filter takes on the air with the
     * current transport and codec (bloom::MeasureAdvertisement: frames, the
     * filter's packed bytes, the bytes after the segment headers as sent,
     * and every frame's bytes); a pure function of GetAdvertisedFilter().
     * \return the advertisement's size
     */
    bloom::AdvertisementSize GetAdvertisementSize() const;
    /// \return the bytes of one frame budget (device MTU, or FrameBytes when set)
    uint32_t GetFrameBytes() const;

    /**
     * Assign a fixed random variable stream number to the random variables
     * used by this application.
     * \param stream first stream number to use
     * \return the number of streams used (1, plus AssignPolicyStreams)
     */
    int64_t AssignStreams(int64_t stream)
#if BLOOM_GOSSIP_NS3_VERSION >= 3042
        override
#endif
        ;

    /// TracedCallback signature of BeaconSent: sequence, frames, bytes.
    typedef void (*BeaconSentCallback)(uint16_t sequence, uint32_t frames, uint32_t bytes);
    /// TracedCallback signature of FilterReceived: sender, sequence, segment.
    typedef void (*FilterReceivedCallback)(const Address& from, uint16_t sequence, uint8_t segment);
    /// TracedCallback signature of MalformedDropped: packet, reason.
    typedef void (*MalformedDroppedCallback)(Ptr<const Packet> packet, const std::string& reason);
    /// TracedCallback signature of ResourceAdded and ResourceRemoved: resource id.
    typedef void (*ResourceCallback)(uint64_t id);

  protected:
    void DoDispose() override;
    /// \return the variant's filter policy, built from the subclass's attributes
    virtual std::unique_ptr<bloom::FilterPolicy> CreatePolicy() const = 0;
    /**
     * Streams of a variant's own random variables (AssignStreams calls it
     * after numbering the timer stream); none by default.
     * \param stream first stream number for the variant
     * \return the number of streams used
     */
    virtual int64_t AssignPolicyStreams(int64_t stream);

  private:
    struct Neighbour
    {
        bloom::AnyFilter filter;
        Time lastHeard;
    };

    void StartApplication() override;
    void StopApplication() override;

    const bloom::FilterPolicy& Policy() const;
    void SendAdvertisement();
    /// Insert a resource (checked) into the own set; whether it is new.
    bool InsertResource(uint64_t id);
    void SendFrame(const std::vector<uint8_t>& bytes);
    void ReceiveFromDevice(Ptr<NetDevice> device,
                           Ptr<const Packet> packet,
                           uint16_t protocol,
                           const Address& from,
                           const Address& to,
                           NetDevice::PacketType type);
    void ReceiveFromSocket(Ptr<Socket> socket);
    void HandleFrame(Ptr<const Packet> packet, const Address& from);
    /// Recompute the advertised filter; true when it changed.
    bool Rebuild();
    void ScheduleExpiry();
    void ExpireNeighbours();
    void CancelTimers();

    // Periodic timer.
    void SchedulePeriodic(Time delay);
    // Trickle timer (RFC 6206).
    void TrickleStartInterval();
    void TrickleTransmit();
    void TrickleIntervalEnd();
    void TrickleInconsistency();

    // Attributes.
    Time m_interval;
    Time m_jitter;
    Time m_expiry;
    TimerMode m_timerMode;
    LearningMode m_learning;
    Time m_trickleImin;
    Time m_trickleImax;
    uint32_t m_trickleK;
    TransportMode m_transport;
    bloom::compat::EnumStorage<bloom::Codec> m_codec; //!< bloom::Codec
    uint32_t m_deviceIndex;
    uint32_t m_frameBytes;
    uint16_t m_port;

    // State.
    mutable std::unique_ptr<bloom::FilterPolicy> m_policy;
    mutable bloom::FilterShape m_shape; //!< m_policy->GetShape()
    mutable std::optional<bloom::AnyFilter> m_view;
    std::vector<uint8_t> m_rxBuffer; //!< bytes of the frame being handled
    std::vector<uint8_t> m_rxSlots;  //!< the slots of a coded segment, decoded
    std::set<uint64_t> m_own;
    std::map<Address, Neighbour> m_neighbours;
    /// The entry of the last sender heard (the segments of one advertisement
    /// arrive back to back); m_neighbours.end() when unknown.
    std::map<Address, Neighbour>::iterator m_lastSender{m_neighbours.end()};
    Ptr<NetDevice> m_device;
    Ptr<Socket> m_socket;
    Ptr<UniformRandomVariable> m_rng;
    uint16_t m_sequence;
    bool m_running;
    bool m_failed;
    bool m_commitPending{false}; //!< AddResourceDeferred added; CommitResources rebuilds
    EventId m_sendEvent;
    EventId m_expiryEvent;
    /// Whether m_expiryEvent is scheduled, and when it fires (cheaper than
    /// EventId::IsExpired on every received frame).
    bool m_expiryPending{false};
    Time m_expiryAt;
    EventId m_trickleEndEvent;
    Time m_trickleI;
    uint32_t m_trickleC;
    Time m_lastSent;

    TracedCallback<uint16_t, uint32_t, uint32_t> m_beaconSentTrace;
    TracedCallback<const Address&, uint16_t, uint8_t> m_filterReceivedTrace;
    TracedCallback<> m_filterChangedTrace;
    TracedCallback<Ptr<const Packet>, const std::string&> m_malformedTrace;
    TracedCallback<uint64_t> m_resourceAddedTrace;   //!< ResourceAdded
    TracedCallback<uint64_t> m_resourceRemovedTrace; //!< ResourceRemoved
    TracedCallback<> m_failedTrace;                  //!< Failed
};

/**
 * \ingroup bloom-gossip
 * \param mode a timer mode
 * \return "periodic" or "trickle", its name as a value of attribute Timer
 */
std::string ToString(BloomGossipApplication::TimerMode mode);
/**
 * \ingroup bloom-gossip
 * Inverse of ToString(TimerMode); throws std::invalid_argument
 * "'<name>' is not periodic or trickle" on anything else.
 * \param name "periodic" or "trickle"
 * \return the timer mode
 */
BloomGossipApplication::TimerMode ParseTimerMode(const std::string& name);
/**
 * \ingroup bloom-gossip
 * \param mode a learning mode
 * \return "gossip" or "queries", its name as a value of attribute Learning
 */
std::string ToString(BloomGossipApplication::LearningMode mode);
/**
 * \ingroup bloom-gossip
 * Inverse of ToString(LearningMode); throws std::invalid_argument
 * "'<name>' is not gossip or queries" on anything else.
 * \param name "gossip" or "queries"
 * \return the learning mode
 */
BloomGossipApplication::LearningMode ParseLearningMode(const std::string& name);
/**
 * \ingroup bloom-gossip
 * \param mode a transport
 * \return "link-layer" or "udp6", its name as a value of attribute Transport
 */
std::string ToString(BloomGossipApplication::TransportMode mode);
/**
 * \ingroup bloom-gossip
 * Inverse of ToString(TransportMode); throws std::invalid_argument
 * "'<name>' is not link-layer or udp6" on anything else.
 * \param name "link-layer" or "udp6"
 * \return the transport
 */
BloomGossipApplication::TransportMode ParseTransportMode(const std::string& name);

} // namespace ns3

#endif // BLOOM_GOSSIP_APPLICATION_H
