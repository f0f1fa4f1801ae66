/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Learning from query traffic (BCUN's mode): no advertisements, every frame
 * of a query carries its sender's filter and every receiver merges it.  The
 * carried-filter trailer on the wire, what a line learns from one query, the
 * shorter ABC waits of the next query, malformed carried filters, the same
 * bytes for the same seed, and how close LBF b = 16 cells come to BCUN's
 * float cells.
 */
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/bloom-query-application.h"
#include "ns3/bloom-query-helper.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/enum.h"
#include "ns3/filter-codec.h"
#include "ns3/lbf-decay.h"
#include "ns3/packet.h"
#include "ns3/query-message.h"
#include "ns3/query-strategy.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wsn-network-helper.h"

#include <cmath>
#include <stdexcept>
#include <tuple>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

/// The key every test looks for.
constexpr uint64_t kResource = 5;

/// The cancel strategies' timer attributes.
const char* const kCancelTypeIds[] = {"ns3::AbcQueryStrategy",
                                      "ns3::BcirQueryStrategy",
                                      "ns3::BcirStarQueryStrategy"};

/// \param hopDelay HopDelay of the cancel strategies \param jitter their Jitter
void
SetCancelTimers(Time hopDelay, Time jitter)
{
    for (const std::string tid : kCancelTypeIds)
    {
        Config::SetDefault(tid + "::HopDelay", TimeValue(hopDelay));
        Config::SetDefault(tid + "::Jitter", TimeValue(jitter));
    }
}

/// \param frame a frame \return whether SplitCarriedFilter rejects it
bool
SplitRejects(const std::vector<uint8_t>& frame)
{
    try
    {
        SplitCarriedFilter(frame.data(), frame.size());
    }
    catch (const DecodeError&)
    {
        return true;
    }
    return false;
}

/// A line of lr-wpan nodes 10 m apart (radio 12 m) learning from queries:
/// LBF m = 32, b = 16 (a query frame with the filter: 97 of 114 bytes).
struct LearnNet
{
    WsnNetworkHelper network;
    NodeContainer nodes;
    NetDeviceContainer devices;
    std::vector<Ptr<BloomGossipApplication>> gossip;
    std::vector<Ptr<BloomQueryApplication>> query;
    uint32_t beacons{0};                 //!< advertisements sent (BeaconSent)
    uint32_t gossipMalformed{0};         //!< gossip MalformedDropped
    uint32_t queryMalformed{0};          //!< query MalformedDropped
    std::vector<uint8_t> sent;           //!< every frame handed over, in order
    std::vector<double> answerTime;      //!< per query: ReplyReceived time from the issue (s)
    std::vector<uint8_t> answerHops;     //!< per query: the search's hops
    std::map<uint32_t, uint32_t> frames; //!< frames handed over per query sequence
    Time issued;

    static WsnRadioConfig Radio()
    {
        WsnRadioConfig radio;
        radio.range = 12.0;
        return radio;
    }

    /// An LBF of `cells` cells of `bits` bits.
    LearnNet(uint32_t n, uint32_t cells, uint32_t bits, bool carry)
        : LearnNet(n, "ns3::LbfGossipApplication", {{"Cells", cells}, {"CellBits", bits}}, carry)
    {
    }

    /// A family's application `typeId` with unsigned attributes `shape`.
    LearnNet(uint32_t n,
             const std::string& typeId,
             const std::vector<std::pair<std::string, uint32_t>>& shape,
             bool carry)
        : network(Radio())
    {
        devices = network.Install(WsnTopology::Line(n, 10));
        nodes = network.GetNodes();
        network.AssignStreams(100);
        BloomGossipHelper g(typeId);
        for (const auto& [name, value] : shape)
        {
            g.SetAttribute(name, UintegerValue(value));
        }
        g.SetAttribute("Learning",
                       EnumValue(bloom::compat::AsEnumValue(BloomGossipApplication::QUERIES)));
        ApplicationContainer ga = g.Install(nodes);
        g.AssignStreams(nodes, 1000);
        BloomQueryHelper q;
        q.SetAttribute("CarryFilter", BooleanValue(carry));
        ApplicationContainer qa = q.Install(nodes);
        q.AssignStreams(nodes, 2000);
        for (uint32_t i = 0; i < n; ++i)
        {
            gossip.push_back(DynamicCast<BloomGossipApplication>(ga.Get(i)));
            query.push_back(DynamicCast<BloomQueryApplication>(qa.Get(i)));
            gossip[i]->TraceConnectWithoutContext(
                "BeaconSent",
                MakeBoundCallback(
                    +[](uint32_t* c, uint16_t, uint32_t, uint32_t) { ++*c; },
                    &beacons));
            gossip[i]->TraceConnectWithoutContext(
                "MalformedDropped",
                MakeBoundCallback(
                    +[](uint32_t* c, Ptr<const Packet>, const std::string&) { ++*c; },
                    &gossipMalformed));
            query[i]->TraceConnectWithoutContext(
                "MalformedDropped",
                MakeBoundCallback(
                    +[](uint32_t* c, Ptr<const Packet>, const std::string&) { ++*c; },
                    &queryMalformed));
            query[i]->TraceConnectWithoutContext(
                "FrameSent",
                MakeBoundCallback(
                    +[](LearnNet* net, const QueryId& id, Ptr<const Packet> p) {
                        std::vector<uint8_t> b(p->GetSize());
                        p->CopyData(b.data(), b.size());
                        net->sent.insert(net->sent.end(), b.begin(), b.end());
                        ++net->frames[id.sequence];
                    },
                    this));
        }
        query[0]->TraceConnectWithoutContext(
            "ReplyReceived",
            MakeBoundCallback(
                +[](LearnNet* net, const QueryId&, uint16_t, uint8_t hops, uint8_t) {
                    net->answerTime.push_back((Simulator::Now() - net->issued).GetSeconds());
                    net->answerHops.push_back(hops);
                },
                this));
        ga.Start(Seconds(0));
        qa.Start(Seconds(0));
    }

    /// Node 0 queries kResource with `strategy` at `at`.
    void QueryAt(Time at, const std::string& strategy)
    {
        bloom::ScheduleCall(at, [this, strategy]() {
            issued = Simulator::Now();
            query[0]->Query(Key::FromId(kResource), ParseQueryStrategy(strategy));
        });
    }

    /// \param i a node \return the minimum of its cells for kResource (0: absent)
    uint32_t Cell(uint32_t i) const
    {
        const FilterPolicy& policy = gossip[i]->GetPolicy();
        const auto rank =
            policy.GradientRank(gossip[i]->GetAdvertisedFilter(), Key::FromId(kResource));
        return rank ? 65535 - *rank : 0;
    }
};

/**
 * The carried-filter trailer: round trip for a query, a reply and a cancel
 * (type byte with bit 7, the message unchanged, the filter, its length);
 * the type seen through PeekMessageType is the message's own; broken
 * framing is a DecodeError; a strategy cannot register a type with bit 7.
 */
/// \ingroup bloom-gossip-tests
/// Test case: the carried-filter trailer on the wire.
class CarriedWireTestCase : public TestCase
{
  public:
    CarriedWireTestCase()
        : TestCase("carried filter: trailer round trip, type byte, broken framing rejected")
    {
    }

  private:
    void DoRun() override
    {
        QueryMessage m;
        m.id = {7, 9};
        m.keyHash = 42;
        m.strategy = QueryStrategy::FLOOD;
        m.ttl = 5;
        m.hops = 1;
        ReplyMessage r;
        r.id = {7, 9};
        r.strategy = QueryStrategy::FLOOD;
        r.responder = 3;
        const std::vector<uint8_t> cancel = {kGossipDispatch, 0x15, 7, 0, 9, 0, 3, 0, 2, 1};
        const std::vector<uint8_t> filter = Encode(AnyFilter(LinearBloomFilter(32, 16, 4)));
        for (const auto& frame : {EncodeQuery(m), EncodeReply(r), cancel})
        {
            const std::vector<uint8_t> carried = AppendCarriedFilter(frame, filter);
            NS_TEST_ASSERT_MSG_EQ(carried.size(),
                                  frame.size() + filter.size() + 2,
                                  "message, filter, 2-byte length");
            NS_TEST_ASSERT_MSG_EQ(int{carried[1]}, (frame[1] | 0x80), "type byte with bit 7");
            NS_TEST_ASSERT_MSG_EQ(int{PeekMessageType(carried.data(), carried.size()).value()},
                                  int{frame[1]},
                                  "PeekMessageType: the message's type");
            NS_TEST_ASSERT_MSG_EQ(CarriesFilter(carried.data(), carried.size()), true, "flag");
            NS_TEST_ASSERT_MSG_EQ(CarriesFilter(frame.data(), frame.size()), false, "no flag");
            const CarriedFrame split = SplitCarriedFilter(carried.data(), carried.size());
            NS_TEST_ASSERT_MSG_EQ((split.message == frame), true, "message back");
            NS_TEST_ASSERT_MSG_EQ((split.filter == filter), true, "filter back");
            const CarriedFrame plain = SplitCarriedFilter(frame.data(), frame.size());
            NS_TEST_ASSERT_MSG_EQ((plain.message == frame && plain.filter.empty()),
                                  true,
                                  "a frame without the flag: as is");
            std::vector<uint8_t> zero = carried;
            zero[zero.size() - 2] = zero[zero.size() - 1] = 0;
            NS_TEST_ASSERT_MSG_EQ(SplitRejects(zero), true, "length 0");
            std::vector<uint8_t> longer = carried;
            longer[longer.size() - 2] = static_cast<uint8_t>(carried.size() - 3);
            longer[longer.size() - 1] = 0;
            NS_TEST_ASSERT_MSG_EQ(SplitRejects(longer), true, "length past the type byte");
        }
        NS_TEST_ASSERT_MSG_EQ(SplitRejects({kGossipDispatch, 0x82, 1}), true, "no length field");
        bool threw = false;
        try
        {
            AppendCarriedFilter(EncodeQuery(m), {});
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "an empty filter is not carried");
        QueryStrategyInfo info;
        info.code = static_cast<QueryStrategy>(230);
        info.name = "bit7";
        info.search.messageType = 0x95;
        threw = false;
        try
        {
            RegisterQueryStrategy(info);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "a strategy's message type with bit 7 is refused");
    }
};

/**
 * A line of 8 nodes without gossip, holder 7, origin 0, abc with HopDelay
 * 100 ms and no jitter.  Before any query nobody but the holder knows the
 * key.  The first query finds no gradient (node h hops out waits
 * max(2 (h - 1), 1) d: the holder hears the search after 3.1 s); its
 * cancel and answer carry the holder's
 * filter back, so afterwards node i holds the holder's cells attenuated
 * 7 - i times: exactly the b = 16 chain value v(7 - i) (floor(0.9 v) per
 * hop, within 7/65535 of 0.9^(7 - i)) and the estimate 7 - i.  The second
 * query runs on that gradient: node i waits max(w (1 - 0.9^(7 - i)), d)
 * and the answer comes after 0.75 s.  No advertisement is ever sent.
 */
/// \ingroup bloom-gossip-tests
/// Test case: a line learns the gradient from one query; the next abc query is faster.
class LearnLineTestCase : public TestCase
{
  public:
    LearnLineTestCase()
        : TestCase("no gossip: one query teaches a line max(own, 0.9^h); abc then shortens waits")
    {
    }

  private:
    void DoRun() override
    {
        SetCancelTimers(MilliSeconds(100), Seconds(0));
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(3);
        const uint32_t n = 8;
        const uint32_t holder = n - 1;
        LearnNet net(n, 32, 16, true);
        net.gossip[holder]->AddResource(kResource);
        std::vector<uint32_t> before(n);
        std::vector<uint32_t> after(n);
        std::vector<std::optional<uint32_t>> estimate(n);
        bloom::ScheduleCall(Seconds(0.9), [&net, &before, n]() {
            for (uint32_t i = 0; i < n; ++i)
            {
                before[i] = net.Cell(i);
            }
        });
        net.QueryAt(Seconds(1), "abc");
        bloom::ScheduleCall(Seconds(19), [&net, &after, &estimate, n]() {
            for (uint32_t i = 0; i < n; ++i)
            {
                after[i] = net.Cell(i);
                estimate[i] = net.gossip[i]->EstimateHops(kResource);
            }
        });
        net.QueryAt(Seconds(20), "abc");
        Simulator::Stop(Seconds(40));
        Simulator::Run();
        Simulator::Destroy();

        for (uint32_t i = 0; i < holder; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(before[i], 0U, "node " << i << " knows nothing before");
        }
        NS_TEST_ASSERT_MSG_EQ(before[holder], 65535U, "the holder's own cells");
        const LbfDecay decay = LbfDecay::Multiplicative(0.9, 16);
        for (uint32_t i = 0; i < n; ++i)
        {
            const uint32_t h = holder - i;
            NS_TEST_ASSERT_MSG_EQ(after[i], uint32_t{decay.Chain().at(h)}, "node " << i);
            NS_TEST_ASSERT_MSG_EQ_TOL(after[i] / 65535.0,
                                      std::pow(0.9, h),
                                      (h + 1) / 65535.0,
                                      "node " << i << ": 0.9^h within quantization");
            NS_TEST_ASSERT_MSG_EQ(estimate[i].value_or(99), h, "node " << i << " estimate");
        }
        NS_TEST_ASSERT_MSG_EQ(net.answerTime.size(), 2U, "both queries answered");
        NS_TEST_ASSERT_MSG_EQ(int{net.answerHops.at(0)}, 7, "first: 7 hops");
        NS_TEST_ASSERT_MSG_EQ(int{net.answerHops.at(1)}, 7, "second: 7 hops");
        // No estimate anywhere: abc waits max(2 (h - 1), 1) d at hop h, 3.1 s
        // in all; the frames' air and MAC time (7 searches and 7 answers of
        // about 100 bytes) comes on top, the same in both queries.
        NS_TEST_ASSERT_MSG_EQ_TOL(net.answerTime.at(0), 3.1 + 0.05, 0.05, "first: no gradient");
        double t = 0;
        for (uint32_t i = 1; i < holder; ++i)
        {
            const double w = std::max(0.2 * (i - 1.0), 0.1);
            t += std::max(w * (1 - std::pow(0.9, holder - i)), 0.1);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(t, 0.753, 0.001, "second, by hand");
        NS_TEST_ASSERT_MSG_EQ_TOL(net.answerTime.at(1), t + 0.05, 0.05, "second: on the gradient");
        NS_TEST_ASSERT_MSG_EQ_TOL(net.answerTime.at(0) - net.answerTime.at(1),
                                  3.1 - t,
                                  0.01,
                                  "the waits saved by the learnt gradient");
        NS_TEST_ASSERT_MSG_EQ(net.beacons, 0U, "no advertisement");
        NS_TEST_ASSERT_MSG_EQ(net.gossipMalformed + net.queryMalformed, 0U, "nothing malformed");
        SetCancelTimers(MilliSeconds(10), MilliSeconds(7));
    }
};

/**
 * Without CarryFilter the same two queries teach nothing (the mode is
 * the attribute), and the same seed gives the same frames byte for byte.
 */
/// \ingroup bloom-gossip-tests
/// Test case: nothing learnt without CarryFilter; same seed, same bytes.
class LearnSwitchTestCase : public TestCase
{
  public:
    LearnSwitchTestCase()
        : TestCase("without CarryFilter nothing is learnt; the same seed sends the same bytes")
    {
    }

  private:
    static LearnNet* Run(bool carry, std::vector<uint8_t>* sent, uint32_t* known)
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(5);
        const uint32_t n = 6;
        auto* net = new LearnNet(n, 32, 8, carry);
        net->gossip[n - 1]->AddResource(kResource);
        net->QueryAt(Seconds(1), "abc");
        net->QueryAt(Seconds(12), "bcir");
        Simulator::Stop(Seconds(25));
        Simulator::Run();
        *known = 0;
        for (uint32_t i = 0; i + 1 < n; ++i)
        {
            *known += net->gossip[i]->Knows(kResource) ? 1 : 0;
        }
        *sent = net->sent;
        Simulator::Destroy();
        return net;
    }

    void DoRun() override
    {
        std::vector<uint8_t> a;
        std::vector<uint8_t> b;
        std::vector<uint8_t> off;
        uint32_t knownA = 0;
        uint32_t knownB = 0;
        uint32_t knownOff = 0;
        delete Run(true, &a, &knownA);
        delete Run(true, &b, &knownB);
        delete Run(false, &off, &knownOff);
        NS_TEST_ASSERT_MSG_EQ(knownA, 5U, "every node learnt the key");
        NS_TEST_ASSERT_MSG_EQ((a == b), true, "same seed, same bytes");
        NS_TEST_ASSERT_MSG_EQ(knownOff, 0U, "without CarryFilter nobody learns");
        NS_TEST_ASSERT_MSG_GT(a.size(), off.size(), "the carried filters are sent bytes");
    }
};

/**
 * Malformed carried filters: node 0 sends node 1 (a) a query whose carried
 * filter does not decode, (b) one whose filter has another shape, (c) one
 * whose length field is 0.  (a) and (b) are dropped by the gossip
 * application as malformed and the query itself is still handled (node 1
 * relays it); (c) breaks the framing: the query application drops it.
 */
/// \ingroup bloom-gossip-tests
/// Test case: a malformed carried filter is counted and dropped.
class LearnMalformedTestCase : public TestCase
{
  public:
    LearnMalformedTestCase()
        : TestCase("a malformed or foreign carried filter is counted and dropped, the query kept")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        LearnNet net(3, 32, 8, false);
        uint32_t relayed = 0;
        net.query[1]->TraceConnectWithoutContext(
            "QueryForwarded",
            MakeBoundCallback(
                +[](uint32_t* c, const QueryId&, uint8_t, bool) { ++*c; },
                &relayed));
        QueryMessage m;
        m.id = {0x0101, 1};
        m.keyHash = Key::FromId(kResource).GetHash();
        m.strategy = QueryStrategy::BLIND_FLOOD;
        m.ttl = 5;
        m.hops = 1;
        std::vector<uint8_t> garbage(42, 0xFF);
        LinearBloomFilter other(64, 8, 4);
        other.Insert(Key::FromId(kResource), 1.0);
        const std::vector<uint8_t> foreign = Encode(AnyFilter(other));
        std::vector<std::vector<uint8_t>> frames;
        frames.push_back(AppendCarriedFilter(EncodeQuery(m), garbage));
        m.id.sequence = 2;
        frames.push_back(AppendCarriedFilter(EncodeQuery(m), foreign));
        m.id.sequence = 3;
        std::vector<uint8_t> broken = AppendCarriedFilter(EncodeQuery(m), garbage);
        broken[broken.size() - 2] = broken[broken.size() - 1] = 0;
        frames.push_back(broken);
        Ptr<NetDevice> device = net.devices.Get(0);
        for (size_t i = 0; i < frames.size(); ++i)
        {
            bloom::ScheduleCall(Seconds(1) + MilliSeconds(200 * i), [device, bytes = frames[i]]() {
                device->Send(Create<Packet>(bytes.data(), bytes.size()), device->GetBroadcast(), 0);
            });
        }
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        const bool knows = net.gossip[1]->Knows(kResource);
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(net.gossipMalformed, 2U, "two carried filters dropped");
        NS_TEST_ASSERT_MSG_EQ(net.queryMalformed, 1U, "the broken framing dropped");
        NS_TEST_ASSERT_MSG_EQ(relayed, 2U, "the two queries with bad filters still relayed");
        NS_TEST_ASSERT_MSG_EQ(knows, false, "nothing learnt from the foreign filter");
    }
};

/**
 * Every family learns through its own merge: on a line of 6 nodes without
 * gossip (filters that fit a query frame: BF 128 bits, LBF 32 cells of 8
 * bits, ABF 64 bits x 8 levels, SDBF 256 bits, DV 32 bytes), one bcir query
 * from node 0 to the holder 5 teaches every node the key; the families with
 * exact distances (LBF, ABF, DV) estimate 5 - i at node i.
 */
/// \ingroup bloom-gossip-tests
/// Test case: BF, LBF, ABF, SDBF and DV learn from one query.
class LearnFamiliesTestCase : public TestCase
{
  public:
    LearnFamiliesTestCase()
        : TestCase("every family learns from one query through its own merge")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 6;
        const std::vector<std::tuple<std::string,
                                     std::string,
                                     std::vector<std::pair<std::string, uint32_t>>,
                                     bool>>
            families = {
                {"bf", "ns3::BfGossipApplication", {{"Bits", 128}}, false},
                {"lbf", "ns3::LbfGossipApplication", {{"Cells", 32}, {"CellBits", 8}}, true},
                {"abf", "ns3::AbfGossipApplication", {{"Bits", 64}, {"Depth", 8}}, true},
                {"sdbf", "ns3::SdbfGossipApplication", {{"Bits", 256}}, false},
                {"dv", "ns3::DvGossipApplication", {{"Bytes", 32}}, true},
            };
        for (const auto& [name, typeId, shape, exact] : families)
        {
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(2);
            LearnNet net(n, typeId, shape, true);
            net.gossip[n - 1]->AddResource(kResource);
            net.QueryAt(Seconds(1), "bcir");
            std::vector<bool> knew(n);
            std::vector<bool> knows(n);
            std::vector<std::optional<uint32_t>> estimate(n);
            bloom::ScheduleCall(Seconds(0.5), [&net, &knew, n]() {
                for (uint32_t i = 0; i < n; ++i)
                {
                    knew[i] = net.gossip[i]->Knows(kResource);
                }
            });
            Simulator::Stop(Seconds(10));
            Simulator::Run();
            for (uint32_t i = 0; i < n; ++i)
            {
                knows[i] = net.gossip[i]->Knows(kResource);
                estimate[i] = net.gossip[i]->EstimateHops(kResource);
            }
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(net.answerTime.size(), 1U, name << ": answered");
            NS_TEST_ASSERT_MSG_EQ(net.beacons, 0U, name << ": no advertisement");
            for (uint32_t i = 0; i < n; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(knew[i], (i == n - 1), name << ": node " << i << " before");
                NS_TEST_ASSERT_MSG_EQ(knows[i], true, name << ": node " << i << " after");
                if (exact)
                {
                    NS_TEST_ASSERT_MSG_EQ(estimate[i].value_or(99),
                                          n - 1 - i,
                                          name << ": node " << i << " estimate");
                }
            }
        }
    }
};

/**
 * How close LBF b = 16 comes to BCUN's float cells under the factor 0.9:
 * over 0..40 hops the b = 16 chain (floor(0.9 v) per hop from 65535) stays
 * within 8.7e-5 of 0.9^h (0.6 % at 40 hops, the largest), its hop estimate
 * is h exactly, so ABC's p = 0.9^estimate, the ascending-gradient test and
 * the wait max(w (1 - p), d + U) equal BCUN's with the float cell.
 */
/// \ingroup bloom-gossip-tests
/// Test case: LBF b = 16 against float cells over 0..40 hops.
class FloatCellsTestCase : public TestCase
{
  public:
    FloatCellsTestCase()
        : TestCase("LBF b = 16 against BCUN's float cells: error, hop estimates, ABC waits")
    {
    }

  private:
    void DoRun() override
    {
        const LbfDecay decay = LbfDecay::Multiplicative(0.9, 16);
        double largest = 0;
        uint32_t at = 0;
        float cell = 1.0F; // BCUN's float cell h hops from the holder
        for (uint32_t h = 0; h <= 40; ++h)
        {
            const uint32_t v = decay.Chain().at(h);
            const double error = std::abs(v / 65535.0 - std::pow(0.9, h));
            if (error > largest)
            {
                largest = error;
                at = h;
            }
            NS_TEST_ASSERT_MSG_EQ(decay.HopsFor(v).value_or(99), h, "estimate at " << h);
            // ABC's p: ours 0.9^estimate; BCUN's the float cell, 0.9f times
            // the neighbour's float cell per hop.  Their waits, w = 2 (h - 1) d
            // with d = 10 ms, differ by float rounding only (< 1 us).
            const double p = std::pow(0.9, decay.HopsFor(v).value());
            const double w = std::max(2.0 * (h - 1.0), 1.0) * 0.01;
            NS_TEST_ASSERT_MSG_EQ_TOL(w * (1 - p), w * (1 - cell), 1e-6, "wait at " << h);
            cell = 0.9F * cell;
        }
        NS_TEST_ASSERT_MSG_EQ(at, 40U, "the error grows with the hops");
        NS_TEST_ASSERT_MSG_EQ_TOL(largest, 8.64e-5, 0.01e-5, "largest cell error");
        NS_TEST_ASSERT_MSG_EQ(decay.Horizon(), 88U, "b = 16 tells 0..88 hops apart");
    }
};

/// \ingroup bloom-gossip-tests
/// Learning from query traffic.
class LearnQueriesTestSuite : public TestSuite
{
  public:
    LearnQueriesTestSuite()
        : TestSuite("bloom-gossip-learn-queries", bloom::test::kSystem)
    {
        AddTestCase(new CarriedWireTestCase, bloom::test::kQuick);
        AddTestCase(new FloatCellsTestCase, bloom::test::kQuick);
        AddTestCase(new LearnLineTestCase, bloom::test::kQuick);
        AddTestCase(new LearnSwitchTestCase, bloom::test::kQuick);
        AddTestCase(new LearnMalformedTestCase, bloom::test::kQuick);
        AddTestCase(new LearnFamiliesTestCase, bloom::test::kQuick);
    }
};

/// Registers the suite.
LearnQueriesTestSuite g_learnQueriesTestSuite;

} // namespace
