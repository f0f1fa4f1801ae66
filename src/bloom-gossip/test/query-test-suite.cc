/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Query-based discovery: the query/reply wire format, the gossip
 * application leaving query frames alone, and queries over simulated
 * 802.15.4 networks (gradient walks in exactly the shortest-path hop count,
 * absent keys reported failed, floods reaching every holder, replies back at
 * the origin, fallback around a deaf neighbour), and a strategy plug-in
 * registered by this file (search bytes, a cancel message of its own, a
 * per-hop wait, its own attributes) run by the unchanged application.
 */
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/bloom-query-application.h"
#include "ns3/bloom-query-helper.h"
#include "ns3/bloom-query-strategy.h"
#include "ns3/boolean.h"
#include "ns3/cancel-query-strategy.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/packet.h"
#include "ns3/query-message.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simple-net-device-helper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wsn-network-helper.h"

#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

void
Count(uint32_t* n, Ptr<const Packet>, const std::string&)
{
    ++*n;
}

void
RecordDelivery(std::map<uint32_t, uint8_t>* delivered, uint32_t node, const QueryId&, uint8_t hops)
{
    (*delivered)[node] = hops;
}

void
RecordReply(bool* replied, const QueryId&, uint16_t, uint8_t, uint8_t)
{
    *replied = true;
}

void
RecordFailure(std::string* failure, const QueryId&, QueryOutcome outcome)
{
    *failure = ToString(outcome);
}

void
RecordHolder(std::map<std::pair<uint16_t, uint16_t>, std::set<uint32_t>>* reached,
             uint32_t node,
             const QueryId& id,
             uint8_t)
{
    (*reached)[{id.origin, id.sequence}].insert(node);
}

void
RecordAnswer(std::set<std::pair<uint16_t, uint16_t>>* answered,
             const QueryId& id,
             uint16_t,
             uint8_t,
             uint8_t)
{
    answered->insert({id.origin, id.sequence});
}

template <typename Message, typename Decoder>
bool
Rejects(const std::vector<uint8_t>& bytes, Decoder decode)
{
    try
    {
        decode(bytes.data(), bytes.size());
    }
    catch (const DecodeError&)
    {
        return true;
    }
    return false;
}

bool
QueryRejects(const std::vector<uint8_t>& bytes)
{
    return Rejects<QueryMessage>(bytes, DecodeQuery);
}

bool
ReplyRejects(const std::vector<uint8_t>& bytes)
{
    return Rejects<ReplyMessage>(bytes, DecodeReply);
}

QueryMessage
SampleQuery()
{
    QueryMessage m;
    m.id = {0x0102, 0x0304};
    m.keyHash = 0x1122334455667788ULL;
    m.strategy = QueryStrategy::GRADIENT;
    m.backtrack = true;
    m.ttl = 20;
    m.hops = 3;
    m.visited = {0x0001, 0x0A0B, 0x0007};
    return m;
}

ReplyMessage
SampleReply()
{
    ReplyMessage r;
    r.id = {0x0102, 0x0304};
    r.keyHash = 0x1122334455667788ULL;
    r.strategy = QueryStrategy::RING;
    r.status = ReplyStatus::FOUND;
    r.responder = 0x0009;
    r.queryHops = 4;
    r.replyHops = 2;
    r.round = 3;
    return r;
}

/// \ingroup bloom-gossip-tests
/// Test case: query and reply messages: byte layout and round trips.
class QueryMessageRoundTripTestCase : public TestCase
{
  public:
    QueryMessageRoundTripTestCase()
        : TestCase("query and reply messages: byte layout and round trips")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint8_t> q = EncodeQuery(SampleQuery());
        const std::vector<uint8_t> expected = {0x3B, 0x02, 0x02, 0x01, 0x04, 0x03, 0x88, 0x77, 0x66,
                                               0x55, 0x44, 0x33, 0x22, 0x11, 0x01, 0x01, 20,   3,
                                               0,    3,    0x01, 0x00, 0x0B, 0x0A, 0x07, 0x00};
        NS_TEST_ASSERT_MSG_EQ((q == expected), true, "query byte layout");
        NS_TEST_ASSERT_MSG_EQ((DecodeQuery(q.data(), q.size()) == SampleQuery()),
                              true,
                              "query decodes to itself");
        const std::vector<uint8_t> r = EncodeReply(SampleReply());
        const std::vector<uint8_t> expectedReply = {0x3B, 0x03, 0x02, 0x01, 0x04, 0x03, 0x88,
                                                    0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
                                                    0x03, 0x00, 0x09, 0x00, 4,    2,    3};
        NS_TEST_ASSERT_MSG_EQ((r == expectedReply), true, "reply byte layout");
        NS_TEST_ASSERT_MSG_EQ(r.size(), kReplySize, "reply size");
        NS_TEST_ASSERT_MSG_EQ((DecodeReply(r.data(), r.size()) == SampleReply()),
                              true,
                              "reply decodes to itself");
        NS_TEST_ASSERT_MSG_EQ(MaxVisitedEntries(114), 47U, "47 visited entries on lr-wpan");
        NS_TEST_ASSERT_MSG_EQ(PeekMessageType(q.data(), q.size()).value_or(0), 2, "peek query");
        NS_TEST_ASSERT_MSG_EQ(PeekMessageType(r.data(), 1).has_value(), false, "peek short");

        std::mt19937_64 rng(5);
        for (int i = 0; i < 2000; ++i)
        {
            QueryMessage m;
            m.id = {static_cast<uint16_t>(rng() % 0xFFFE), static_cast<uint16_t>(rng())};
            m.keyHash = rng();
            m.strategy = static_cast<QueryStrategy>(1 + rng() % 4);
            m.ttl = static_cast<uint8_t>(1 + rng() % 255);
            m.hops = static_cast<uint8_t>(rng() % (m.ttl + 1));
            if (m.strategy == QueryStrategy::GRADIENT)
            {
                m.backtrack = rng() % 2;
                const size_t n = rng() % 48;
                while (m.visited.size() < n)
                {
                    const auto a = static_cast<uint16_t>(rng() % 0xFFFE);
                    if (std::find(m.visited.begin(), m.visited.end(), a) == m.visited.end())
                    {
                        m.visited.push_back(a);
                    }
                }
            }
            if (m.strategy == QueryStrategy::RING)
            {
                m.round = static_cast<uint8_t>(rng() % (kMaxRingRound + 1));
            }
            const auto bytes = EncodeQuery(m);
            NS_TEST_ASSERT_MSG_EQ(bytes.size(), kQueryHeaderSize + 2 * m.visited.size(), "size");
            NS_TEST_ASSERT_MSG_EQ((DecodeQuery(bytes.data(), bytes.size()) == m), true, "round");
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: query and reply decoders reject truncated, oversized, inconsistent and .
class QueryMessageRejectTestCase : public TestCase
{
  public:
    QueryMessageRejectTestCase()
        : TestCase("query and reply decoders reject truncated, oversized, inconsistent and "
                   "unknown input")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint8_t> q = EncodeQuery(SampleQuery());
        for (size_t n = 0; n < q.size(); ++n)
        {
            NS_TEST_ASSERT_MSG_EQ(QueryRejects({q.begin(), q.begin() + n}),
                                  true,
                                  "query prefix of " << n << " bytes");
        }
        auto longer = q;
        longer.push_back(0);
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(longer), true, "query with an extra byte");
        NS_TEST_ASSERT_MSG_EQ(QueryRejects({}), true, "empty query");

        struct Mutation
        {
            size_t offset;
            uint8_t value;
            const char* what;
        };

        const Mutation queryMutations[] = {
            {0, 0x3A, "dispatch"},
            {1, 3, "type reply"},
            {1, 1, "type advertisement"},
            {1, 9, "unknown type"},
            {14, 0, "strategy 0"},
            {14, 5, "strategy 5"},
            {15, 2, "unknown flag"},
            {16, 0, "TTL 0"},
            {17, 21, "hops > TTL"},
            {18, 1, "round on a gradient query"},
            {19, 4, "visited count beyond the data"},
            {19, 2, "visited count short of the data"},
        };
        for (const auto& mut : queryMutations)
        {
            auto bad = q;
            bad[mut.offset] = mut.value;
            NS_TEST_ASSERT_MSG_EQ(QueryRejects(bad), true, "query: " << mut.what);
        }

        // Two-byte fields (visited: 01 00, 0B 0A, 07 00 at offset 20).
        const struct
        {
            size_t offset;
            uint8_t lo;
            uint8_t hi;
            const char* what;
        } pairs[] = {
            {20, 0x07, 0x00, "duplicate visited entry"},
            {20, 0xFF, 0xFF, "broadcast address in the visited list"},
            {22, 0xFE, 0xFF, "no-address in the visited list"},
            {2, 0xFF, 0xFF, "broadcast origin"},
        };

        for (const auto& p : pairs)
        {
            auto bad = q;
            bad[p.offset] = p.lo;
            bad[p.offset + 1] = p.hi;
            NS_TEST_ASSERT_MSG_EQ(QueryRejects(bad), true, "query: " << p.what);
        }
        // Strategy-dependent fields.
        QueryMessage flood = SampleQuery();
        flood.strategy = QueryStrategy::FLOOD;
        flood.backtrack = false;
        flood.visited.clear();
        auto f = EncodeQuery(flood);
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(f), false, "plain flood accepted");
        auto g = f;
        g[15] = 1;
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(g), true, "backtrack on a flood");
        g = f;
        g[18] = 1;
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(g), true, "round on a flood");
        g = f;
        g[19] = 1;
        g.push_back(1);
        g.push_back(0);
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(g), true, "visited list on a flood");
        g = f;
        g[14] = static_cast<uint8_t>(QueryStrategy::RING);
        g[18] = kMaxRingRound + 1;
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(g), true, "ring round too large");
        g[18] = kMaxRingRound;
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(g), false, "largest ring round accepted");

        const std::vector<uint8_t> r = EncodeReply(SampleReply());
        for (size_t n = 0; n < r.size(); ++n)
        {
            NS_TEST_ASSERT_MSG_EQ(ReplyRejects({r.begin(), r.begin() + n}),
                                  true,
                                  "reply prefix of " << n << " bytes");
        }
        auto longReply = r;
        longReply.push_back(0);
        NS_TEST_ASSERT_MSG_EQ(ReplyRejects(longReply), true, "reply with an extra byte");
        const Mutation replyMutations[] = {
            {0, 0x00, "dispatch"},
            {1, 2, "type query"},
            {14, 7, "strategy 7"},
            {15, 2, "status 2"},
            {15, 1, "TTL expired on a ring query"},
            {19, 0, "reply hops 0"},
            {14, 2, "round on a flood reply"},
            {20, kMaxRingRound + 1, "ring round too large"},
        };
        for (const auto& mut : replyMutations)
        {
            auto bad = r;
            bad[mut.offset] = mut.value;
            NS_TEST_ASSERT_MSG_EQ(ReplyRejects(bad), true, "reply: " << mut.what);
        }
        auto bad = r;
        bad[16] = 0xFE;
        bad[17] = 0xFF;
        NS_TEST_ASSERT_MSG_EQ(ReplyRejects(bad), true, "reply: reserved responder");
        ReplyMessage ttl = SampleReply();
        ttl.strategy = QueryStrategy::GRADIENT;
        ttl.round = 0;
        ttl.status = ReplyStatus::TTL_EXPIRED;
        NS_TEST_ASSERT_MSG_EQ(ReplyRejects(EncodeReply(ttl)), false, "TTL expired on a gradient");

        // The encoders refuse what the decoders would reject.
        QueryMessage wrong = SampleQuery();
        wrong.hops = 30;
        bool threw = false;
        try
        {
            EncodeQuery(wrong);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "EncodeQuery refuses hops > TTL");
        ReplyMessage wrongReply = SampleReply();
        wrongReply.replyHops = 0;
        threw = false;
        try
        {
            EncodeReply(wrongReply);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "EncodeReply refuses reply hops 0");

        // Random and bit-flipped buffers: never a crash, and what decodes
        // re-encodes to the same bytes.
        std::mt19937_64 rng(11);
        for (int i = 0; i < 20000; ++i)
        {
            std::vector<uint8_t> buf = i % 2 ? q : r;
            if (i % 3 == 0)
            {
                buf.resize(rng() % 64);
                for (auto& b : buf)
                {
                    b = static_cast<uint8_t>(rng());
                }
                if (!buf.empty())
                {
                    buf[0] = kGossipDispatch;
                }
                if (buf.size() > 1)
                {
                    buf[1] = static_cast<uint8_t>(2 + rng() % 2);
                }
            }
            else
            {
                buf[rng() % buf.size()] ^= static_cast<uint8_t>(1U << (rng() % 8));
            }
            try
            {
                if (buf.size() > 1 && buf[1] == 2)
                {
                    const QueryMessage m = DecodeQuery(buf.data(), buf.size());
                    NS_TEST_ASSERT_MSG_EQ((EncodeQuery(m) == buf), true, "canonical query");
                }
                else
                {
                    const ReplyMessage m = DecodeReply(buf.data(), buf.size());
                    NS_TEST_ASSERT_MSG_EQ((EncodeReply(m) == buf), true, "canonical reply");
                }
            }
            catch (const DecodeError&)
            {
            }
        }
    }
};

/// Wire code and own message type of the test strategy (a plug-in).
constexpr auto kTestCancel = static_cast<QueryStrategy>(201);
constexpr uint8_t kTestCancelMessage = 0x31;

/// What the test strategy saw, per node (short address).
struct TestCancelLog
{
    int lastExtra{-1};    //!< strategy byte of the last search received
    uint32_t cancels{0};  //!< cancel frames received
    uint32_t finished{0}; //!< Finish calls (origin)
};

std::map<uint16_t, TestCancelLog> g_testCancelLog;

/**
 * \ingroup bloom-gossip-tests
 * A strategy shaped like BCIR, registered from this test file only: the
 * search carries one strategy byte (the origin writes 42, every relay adds
 * 1); a node relays its first copy after Wait; a holder answers and
 * broadcasts a cancel of its own message type (unless SendCancel is false),
 * which drops a relay still waiting.
 */
class TestCancelQueryStrategy : public BloomQueryStrategy
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::TestCancelQueryStrategy")
                .SetParent<BloomQueryStrategy>()
                .SetGroupName("BloomGossip")
                .AddConstructor<TestCancelQueryStrategy>()
                .AddAttribute("Wait",
                              "Relay delay.",
                              TimeValue(MilliSeconds(500)),
                              MakeTimeAccessor(&TestCancelQueryStrategy::m_wait),
                              MakeTimeChecker())
                .AddAttribute("SendCancel",
                              "Whether a holder broadcasts a cancel.",
                              BooleanValue(true),
                              MakeBooleanAccessor(&TestCancelQueryStrategy::m_sendCancel),
                              MakeBooleanChecker());
        return tid;
    }

    static QueryStrategyInfo Registration()
    {
        QueryStrategyInfo info;
        info.code = kTestCancel;
        info.name = "test-cancel";
        info.help = "test plug-in";
        info.typeId = "ns3::TestCancelQueryStrategy";
        info.search.extraBytes = 1;
        info.search.messageType = kTestCancelMessage;
        info.listed = false;
        return info;
    }

    static std::vector<uint8_t> EncodeCancel(const QueryId& id)
    {
        return {kGossipDispatch,
                kTestCancelMessage,
                static_cast<uint8_t>(id.origin),
                static_cast<uint8_t>(id.origin >> 8),
                static_cast<uint8_t>(id.sequence),
                static_cast<uint8_t>(id.sequence >> 8)};
    }

    void Start(const QueryMessage& m) override
    {
        QueryMessage out = m;
        out.hops = 1;
        out.extra.at(0) = 42;
        Host().BroadcastQuery(out);
    }

    void Receive(const QueryMessage& m, const Address& from) override
    {
        QueryStrategyHost& host = Host();
        if (m.id.origin == host.GetShortAddress())
        {
            return;
        }
        QueryVisit& v = host.GetVisit(m.id);
        if (v.entered)
        {
            return;
        }
        v.entered = true;
        v.prevHop = from;
        v.hasPrev = true;
        g_testCancelLog[host.GetShortAddress()].lastExtra = m.extra.at(0);
        if (host.GetGossip()->HoldsKey(Key::FromHash(m.keyHash)))
        {
            host.Deliver(m, from);
            if (m_sendCancel)
            {
                host.SendStrategyFrame(m.id, EncodeCancel(m.id), host.GetBroadcast());
            }
            return;
        }
        if (m.hops < m.ttl)
        {
            QueryMessage out = m;
            ++out.hops;
            ++out.extra.at(0);
            m_relays[m.id] = bloom::ScheduleCall(m_wait, [this, out]() {
                if (Host().IsAlive())
                {
                    Host().BroadcastQuery(out);
                }
            });
        }
    }

    void ReceiveFrame(const uint8_t* data, size_t size, const Address&) override
    {
        if (size != 6)
        {
            throw DecodeError("test cancel of " + std::to_string(size) + " bytes");
        }
        const QueryId id{static_cast<uint16_t>(data[2] | data[3] << 8),
                         static_cast<uint16_t>(data[4] | data[5] << 8)};
        ++g_testCancelLog[Host().GetShortAddress()].cancels;
        auto it = m_relays.find(id);
        if (it != m_relays.end())
        {
            it->second.Cancel();
        }
    }

    void Finish(const QueryId&) override
    {
        ++g_testCancelLog[Host().GetShortAddress()].finished;
    }

    void Stop() override
    {
        for (auto& [id, event] : m_relays)
        {
            event.Cancel();
        }
        m_relays.clear();
    }

  private:
    Time m_wait;
    bool m_sendCancel{true};
    std::map<QueryId, EventId> m_relays;
};

} // namespace

namespace ns3
{
BLOOM_GOSSIP_REGISTER_QUERY_STRATEGY(TestCancelQueryStrategy,
                                     TestCancelQueryStrategy::Registration);
} // namespace ns3

namespace
{

/// The scenarios' default radio: a unit disk of 12 m.
WsnRadioConfig
UnitDisk12()
{
    WsnRadioConfig radio;
    radio.range = 12.0;
    return radio;
}

/// A small lr-wpan network with LBF or ABF gossip and query applications.
struct QueryNet
{
    WsnNetworkHelper network{UnitDisk12()};
    NodeContainer nodes;
    NetDeviceContainer devices;
    std::vector<Ptr<BloomGossipApplication>> gossip;
    std::vector<Ptr<BloomQueryApplication>> query;

    /// Gossip runs until `gossipStop` (the filters then stay as they are),
    /// queries until `stop`.
    QueryNet(const WsnTopology& topology, const std::string& filter, Time stop, Time gossipStop)
    {
        devices = network.Install(topology);
        nodes = network.GetNodes();
        network.AssignStreams(100);
        BloomGossipHelper g(filter == "lbf" ? "ns3::LbfGossipApplication"
                                            : "ns3::AbfGossipApplication");
        if (filter == "lbf")
        {
            g.SetAttribute("Cells", UintegerValue(256));
            g.SetAttribute("CellBits", UintegerValue(8));
        }
        else
        {
            g.SetAttribute("Depth", UintegerValue(network.GetTopology().Diameter() + 1));
            g.SetAttribute("Bits", UintegerValue(256));
        }
        ApplicationContainer ga = g.Install(nodes);
        g.AssignStreams(nodes, 1000);
        BloomQueryHelper q;
        ApplicationContainer qa = q.Install(nodes);
        q.AssignStreams(nodes, 2000);
        for (uint32_t i = 0; i < nodes.GetN(); ++i)
        {
            gossip.push_back(DynamicCast<BloomGossipApplication>(ga.Get(i)));
            query.push_back(DynamicCast<BloomQueryApplication>(qa.Get(i)));
        }
        ga.Start(Seconds(0));
        ga.Stop(gossipStop);
        qa.Start(Seconds(0));
        qa.Stop(stop);
    }
};

/**
 * Frames with the gossip dispatch: queries and replies are not malformed
 * for the gossip application, unknown types still are; broken query frames
 * are malformed for the query application.
 */
/// \ingroup bloom-gossip-tests
/// Test case: the gossip application does not count query or reply frames as malformed.
class GossipIgnoresQueriesTestCase : public TestCase
{
  public:
    GossipIgnoresQueriesTestCase()
        : TestCase("the gossip application does not count query or reply frames as malformed")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        QueryNet net(WsnTopology::Line(2, 10), "lbf", Seconds(4), Seconds(4));
        uint32_t gossipMalformed = 0;
        uint32_t queryMalformed = 0;
        net.gossip[1]->TraceConnectWithoutContext("MalformedDropped",
                                                  MakeBoundCallback(&Count, &gossipMalformed));
        net.query[1]->TraceConnectWithoutContext("MalformedDropped",
                                                 MakeBoundCallback(&Count, &queryMalformed));

        // Valid frames node 1 has no state for: a backtrack and a reply.
        QueryMessage m = SampleQuery();
        ReplyMessage r = SampleReply();
        std::vector<std::vector<uint8_t>> frames = {EncodeQuery(m), EncodeReply(r)};
        auto truncated = EncodeQuery(m);
        truncated.resize(12);
        frames.push_back(truncated); // broken query: query app's
        std::vector<uint8_t> unknown(30, 0);
        unknown[0] = kGossipDispatch;
        unknown[1] = 9;
        frames.push_back(unknown); // unknown type: gossip app's
        Ptr<NetDevice> device = net.devices.Get(0);
        for (size_t i = 0; i < frames.size(); ++i)
        {
            bloom::ScheduleCall(Seconds(2) + MilliSeconds(50 * i), [device, bytes = frames[i]]() {
                device->Send(Create<Packet>(bytes.data(), bytes.size()), device->GetBroadcast(), 0);
            });
        }
        Simulator::Stop(Seconds(4));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(gossipMalformed, 1U, "gossip: only the unknown type is malformed");
        NS_TEST_ASSERT_MSG_EQ(queryMalformed, 1U, "query: only the truncated query is malformed");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: flooding reaches every reachable holder and the reply returns to the origin.
class FloodTestCase : public TestCase
{
  public:
    FloodTestCase()
        : TestCase("flooding reaches every reachable holder and the reply returns to the origin")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(5);
        // Holders 0, 4 and 9 on a line of 10.  The gossip stops once
        // converged (its filters stay), so that no beacon collides with a
        // flood frame at a hidden terminal: a line has one path per
        // direction, and broadcasts are not acknowledged.
        QueryNet net(WsnTopology::Line(10, 10), "lbf", Seconds(40), Seconds(15));
        const std::set<uint32_t> holders{0, 4, 9};
        for (uint32_t h : holders)
        {
            net.gossip[h]->AddResource(1);
        }
        std::map<std::pair<uint16_t, uint16_t>, std::set<uint32_t>> reached;
        std::set<std::pair<uint16_t, uint16_t>> answered;
        for (uint32_t i = 0; i < 10; ++i)
        {
            net.query[i]->TraceConnectWithoutContext("QueryDelivered",
                                                     MakeBoundCallback(&RecordHolder, &reached, i));
            net.query[i]->TraceConnectWithoutContext("ReplyReceived",
                                                     MakeBoundCallback(&RecordAnswer, &answered));
        }
        std::vector<std::pair<QueryId, QueryStrategy>> issued;
        Time t = Seconds(16);
        for (QueryStrategy s :
             {QueryStrategy::FLOOD, QueryStrategy::BLIND_FLOOD, QueryStrategy::RING})
        {
            for (uint32_t origin = 0; origin < 10; ++origin)
            {
                if (holders.count(origin))
                {
                    continue;
                }
                bloom::ScheduleCall(t, [&net, &issued, origin, s]() {
                    issued.emplace_back(net.query[origin]->Query(Key::FromId(1), s, 9), s);
                });
                t += MilliSeconds(500);
            }
        }
        Simulator::Stop(Seconds(40));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(issued.size(), 21U, "7 origins x 3 strategies");
        for (const auto& [id, s] : issued)
        {
            const auto key = std::make_pair(id.origin, id.sequence);
            const std::string what = ToString(s) + " from " + std::to_string(id.origin);
            NS_TEST_ASSERT_MSG_EQ(answered.count(key), 1U, what << ": reply at the origin");
            if (s != QueryStrategy::RING)
            {
                NS_TEST_ASSERT_MSG_EQ((reached[key] == holders), true, what << ": every holder");
            }
            else
            {
                NS_TEST_ASSERT_MSG_GT(reached[key].size(), 0U, what << ": a holder");
            }
        }
    }
};

/**
 * Fallback: the best next hop stops receiving (its radio is deaf, its
 * advertisements still arrive); the walk falls back to the next-best
 * neighbour and still finds the holder.
 */
/// \ingroup bloom-gossip-tests
/// Test case: a gradient hop that is not acknowledged falls back to the next-best neighbour.
class FallbackTestCase : public TestCase
{
  public:
    FallbackTestCase()
        : TestCase("a gradient hop that is not acknowledged falls back to the next-best neighbour")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(6);
        // 3 x 3 grid, node = 3 y + x.  Holder 2 (corner), origin 0: best
        // neighbour 1 (1 hop from the holder), next best 3 (3 hops).
        QueryNet net(WsnTopology::Grid(3, 3, 10), "lbf", Seconds(20), Seconds(20));
        net.gossip[2]->AddResource(7);
        std::map<uint32_t, uint8_t> delivered;
        bool replied = false;
        std::string failure;
        net.query[2]->TraceConnectWithoutContext(
            "QueryDelivered",
            MakeBoundCallback(&RecordDelivery, &delivered, uint32_t{2}));
        net.query[0]->TraceConnectWithoutContext("ReplyReceived",
                                                 MakeBoundCallback(&RecordReply, &replied));
        net.query[0]->TraceConnectWithoutContext("QueryFailed",
                                                 MakeBoundCallback(&RecordFailure, &failure));
        Ptr<LrWpanNetDevice> deaf = DynamicCast<LrWpanNetDevice>(net.devices.Get(1));
        bloom::ScheduleCall(Seconds(15), [deaf]() { deaf->GetMac()->SetRxOnWhenIdle(false); });
        bloom::ScheduleCall(Seconds(15.2), [&net]() {
            NS_ASSERT(net.gossip[0]->EstimateHops(7).value_or(0) == 2);
            net.query[0]->Query(Key::FromId(7), QueryStrategy::GRADIENT, 10);
        });
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(failure, "", "no failure");
        NS_TEST_ASSERT_MSG_EQ(replied, true, "answered");
        NS_TEST_ASSERT_MSG_EQ(delivered.count(2), 1U, "holder reached");
        // 0 -> 3 -> 4 -> 5 -> 2 (node 4 also falls back from deaf node 1).
        NS_TEST_ASSERT_MSG_EQ(int{delivered[2]}, 4, "around the deaf node");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: the strategy registry: built-ins, a plug-in, selection by family, wire shape.
class StrategyRegistryTestCase : public TestCase
{
  public:
    StrategyRegistryTestCase()
        : TestCase("query strategy registry: names, codes, families, shapes, a plug-in")
    {
    }

  private:
    void DoRun() override
    {
        using S = std::vector<QueryStrategy>;
        const auto g = QueryStrategy::GRADIENT;
        const auto f = QueryStrategy::FLOOD;
        const auto r = QueryStrategy::RING;
        const auto b = QueryStrategy::BLIND_FLOOD;
        // The test's strategy is registered but not listed (not in `all`);
        // abc, bcir and bcir-star are listed but not in `all`.
        NS_TEST_ASSERT_MSG_EQ((StrategiesFor(true) == S{g, f, r, b}), true, "all, distance family");
        NS_TEST_ASSERT_MSG_EQ((StrategiesFor(false) == S{f, r, b}), true, "all, plain BF");
        NS_TEST_ASSERT_MSG_EQ(RegisteredQueryStrategies().size(), 7U, "seven listed");
        NS_TEST_ASSERT_MSG_EQ((AutoStrategiesFor(true) == S{g}), true, "auto, distance family");
        NS_TEST_ASSERT_MSG_EQ((AutoStrategiesFor(false) == S{f, r, b}), true, "auto, plain BF");
        NS_TEST_ASSERT_MSG_EQ(int{FindQueryStrategy(g)->ttlPerHop}, 2, "walk: 2 per hop");
        NS_TEST_ASSERT_MSG_EQ(int{FindQueryStrategy(r)->ttlPerHop}, 1, "ring: 1 per hop");
        NS_TEST_ASSERT_MSG_EQ(int{FindQueryStrategy(kTestCancel)->ttlPerHop},
                              1,
                              "flood: 1 per hop");
        NS_TEST_ASSERT_MSG_EQ(ToString(kTestCancel), "test-cancel", "plug-in name");
        NS_TEST_ASSERT_MSG_EQ(ToString(static_cast<QueryStrategy>(99)), "unknown", "no name");
        NS_TEST_ASSERT_MSG_EQ((ParseQueryStrategy("test-cancel") == kTestCancel), true, "parse");
        NS_TEST_ASSERT_MSG_EQ((ParseQueryStrategy("blind-flood") == b), true, "parse built-in");
        std::string refusal;
        try
        {
            ParseQueryStrategy("teleport");
        }
        catch (const std::invalid_argument& e)
        {
            refusal = e.what();
        }
        NS_TEST_ASSERT_MSG_NE(refusal.find("blind-flood"), std::string::npos, "names listed");
        NS_TEST_ASSERT_MSG_EQ(refusal.find("test-cancel"), std::string::npos, "unlisted");
        NS_TEST_ASSERT_MSG_EQ(FindQueryStrategyByMessageType(kTestCancelMessage)->name,
                              "test-cancel",
                              "own message type");
        QueryStrategyInfo clash = TestCancelQueryStrategy::Registration();
        clash.name = "other";
        bool threw = false;
        try
        {
            RegisterQueryStrategy(clash);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "a taken code is refused");
        clash = TestCancelQueryStrategy::Registration();
        clash.code = static_cast<QueryStrategy>(202);
        clash.search.messageType = 0;
        threw = false;
        try
        {
            RegisterQueryStrategy(clash);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "a taken name is refused");
        NS_TEST_ASSERT_MSG_EQ(FindQueryStrategy(static_cast<QueryStrategy>(202)),
                              nullptr,
                              "nothing registered on refusal");

        // The search of a plug-in carries its strategy byte; the decoder
        // wants exactly that many and what its shape allows.
        QueryMessage m;
        m.id = {3, 4};
        m.strategy = kTestCancel;
        m.ttl = 5;
        m.hops = 1;
        m.extra = {42};
        const auto bytes = EncodeQuery(m);
        NS_TEST_ASSERT_MSG_EQ(bytes.size(), kQueryHeaderSize + 1, "one strategy byte");
        NS_TEST_ASSERT_MSG_EQ(int{bytes.back()}, 42, "strategy byte last");
        NS_TEST_ASSERT_MSG_EQ((DecodeQuery(bytes.data(), bytes.size()) == m), true, "round trip");
        NS_TEST_ASSERT_MSG_EQ(QueryRejects({bytes.begin(), bytes.end() - 1}),
                              true,
                              "strategy byte missing");
        auto bad = bytes;
        bad[15] = 1;
        NS_TEST_ASSERT_MSG_EQ(QueryRejects(bad), true, "backtrack outside the shape");
        QueryMessage flood = m;
        flood.strategy = QueryStrategy::FLOOD;
        threw = false;
        try
        {
            EncodeQuery(flood);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "no strategy bytes on a flood");
    }
};

/**
 * A plug-in strategy runs through the unchanged application: three nodes in
 * range of each other, origin 0, holder 1.  Node 2 waits before relaying;
 * the holder's cancel (the strategy's own message type) reaches it first
 * and drops the relay.  Without the cancel (its SendCancel attribute, a
 * Config default of the strategy's TypeId) node 2 relays once.
 */
/// \ingroup bloom-gossip-tests
/// Test case: a strategy registered by the test runs with its own bytes, timers and cancel frames.
class PluginStrategyTestCase : public TestCase
{
  public:
    PluginStrategyTestCase()
        : TestCase("a strategy registered by a test: search bytes, per-hop wait, cancel frames")
    {
    }

  private:
    void DoRun() override
    {
        for (bool cancel : {true, false})
        {
            Config::SetDefault("ns3::TestCancelQueryStrategy::SendCancel", BooleanValue(cancel));
            g_testCancelLog.clear();
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(3);
            QueryNet net(WsnTopology::Line(3, 5), "lbf", Seconds(20), Seconds(20));
            net.gossip[1]->AddResource(5);
            net.query[0]->SetAttribute("Strategy", StringValue("test-cancel"));
            bool replied = false;
            uint32_t relays = 0;
            uint32_t gossipMalformed = 0;
            uint32_t queryMalformed = 0;
            net.query[0]->TraceConnectWithoutContext("ReplyReceived",
                                                     MakeBoundCallback(&RecordReply, &replied));
            net.query[2]->TraceConnectWithoutContext(
                "QueryForwarded",
                MakeBoundCallback(
                    +[](uint32_t* n, const QueryId&, uint8_t, bool) { ++*n; },
                    &relays));
            for (uint32_t i = 0; i < 3; ++i)
            {
                net.gossip[i]->TraceConnectWithoutContext(
                    "MalformedDropped",
                    MakeBoundCallback(&Count, &gossipMalformed));
                net.query[i]->TraceConnectWithoutContext(
                    "MalformedDropped",
                    MakeBoundCallback(&Count, &queryMalformed));
            }
            bloom::ScheduleCall(Seconds(15), [&net]() { net.query[0]->Query(5); });
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            Simulator::Destroy();
            const uint16_t a0 = net.query[0]->GetShortAddress();
            const uint16_t a1 = net.query[1]->GetShortAddress();
            const uint16_t a2 = net.query[2]->GetShortAddress();
            const std::string what = cancel ? "with cancel: " : "without cancel: ";
            NS_TEST_ASSERT_MSG_EQ(replied, true, what << "answered");
            NS_TEST_ASSERT_MSG_EQ(g_testCancelLog[a0].finished, 1U, what << "finished once");
            NS_TEST_ASSERT_MSG_EQ(g_testCancelLog[a1].lastExtra, 42, what << "byte at the holder");
            NS_TEST_ASSERT_MSG_EQ(g_testCancelLog[a2].lastExtra, 42, what << "byte at node 2");
            NS_TEST_ASSERT_MSG_EQ(g_testCancelLog[a2].cancels, cancel ? 1U : 0U, what << "cancel");
            NS_TEST_ASSERT_MSG_EQ(relays, cancel ? 0U : 1U, what << "relays of node 2");
            NS_TEST_ASSERT_MSG_EQ(gossipMalformed, 0U, what << "gossip leaves strategy frames");
            NS_TEST_ASSERT_MSG_EQ(queryMalformed, 0U, what << "nothing malformed");
        }
        Config::SetDefault("ns3::TestCancelQueryStrategy::SendCancel", BooleanValue(true));
    }
};

/// The cancel strategies' TypeIds (their timer attributes).
const std::vector<std::string> kCancelTypeIds = {"ns3::AbcQueryStrategy",
                                                 "ns3::BcirQueryStrategy",
                                                 "ns3::BcirStarQueryStrategy"};

/// Set the timers of the three cancel strategies (Config defaults).
/// \param hopDelay HopDelay \param jitter Jitter
void
SetCancelTimers(Time hopDelay, Time jitter)
{
    for (const std::string& tid : kCancelTypeIds)
    {
        Config::SetDefault(tid + "::HopDelay", TimeValue(hopDelay));
        Config::SetDefault(tid + "::Jitter", TimeValue(jitter));
    }
}

/// What each node sent for the one query of a cancel run, by node index.
struct CancelRun
{
    std::vector<uint32_t> searches;    //!< searches sent (QueryForwarded)
    std::vector<double> searchTime;    //!< time of the first, from the issue (s); -1: none
    std::vector<uint32_t> cancels;     //!< frames of the strategy's own type handed over
    std::vector<uint32_t> answers;     //!< replies handed over
    std::vector<uint8_t> delivered;    //!< QueryDelivered here
    bool answered{false};              //!< the origin got a FOUND reply
    int queryHops{-1};                 //!< ReplyReceived's query hops
    int replyHops{-1};                 //!< ReplyReceived's reply hops
    double answerTime{-1};             //!< ReplyReceived's time from the issue (s)
    Time issued;                       //!< issue time
    std::vector<std::string> estimate; //!< EstimateHops of each node at the issue ("-": none)
};

void
CancelSearch(CancelRun* run, uint32_t node, const QueryId&, uint8_t, bool)
{
    if (run->searches[node]++ == 0)
    {
        run->searchTime[node] = (Simulator::Now() - run->issued).GetSeconds();
    }
}

void
CancelAnswer(CancelRun* run, const QueryId&, uint16_t, uint8_t queryHops, uint8_t replyHops)
{
    run->answered = true;
    run->queryHops = queryHops;
    run->replyHops = replyHops;
    run->answerTime = (Simulator::Now() - run->issued).GetSeconds();
}

void
CancelFrame(CancelRun* run, uint32_t node, const QueryId&, Ptr<const Packet> packet)
{
    uint8_t head[2] = {0, 0};
    packet->CopyData(head, 2);
    if (head[1] == static_cast<uint8_t>(MessageType::REPLY))
    {
        ++run->answers[node];
    }
    else if (head[1] != static_cast<uint8_t>(MessageType::QUERY))
    {
        ++run->cancels[node];
    }
}

/**
 * One query of a cancel strategy for key 5 over `topology` (unit disk 12 m):
 * gossip (`filter`) until 14 s, the query at 15 s, the end at 40 s.
 * \param topology the nodes \param filter lbf or abf \param strategy its name
 * \param origin the origin \param holders nodes holding key 5
 * \return what every node sent
 */
CancelRun
RunCancelQuery(const WsnTopology& topology,
               const std::string& filter,
               const std::string& strategy,
               uint32_t origin,
               const std::vector<uint32_t>& holders)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(7);
    QueryNet net(topology, filter, Seconds(40), Seconds(14));
    const uint32_t n = net.nodes.GetN();
    CancelRun run;
    run.searches.assign(n, 0);
    run.searchTime.assign(n, -1);
    run.cancels.assign(n, 0);
    run.answers.assign(n, 0);
    run.delivered.assign(n, 0);
    run.estimate.assign(n, "-");
    for (uint32_t h : holders)
    {
        net.gossip[h]->AddResource(5);
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        net.query[i]->TraceConnectWithoutContext("QueryForwarded",
                                                 MakeBoundCallback(&CancelSearch, &run, i));
        net.query[i]->TraceConnectWithoutContext("FrameSent",
                                                 MakeBoundCallback(&CancelFrame, &run, i));
        net.query[i]->TraceConnectWithoutContext(
            "QueryDelivered",
            MakeBoundCallback(
                +[](std::vector<uint8_t>* d, uint32_t node, const QueryId&, uint8_t) {
                    d->at(node) = 1;
                },
                &run.delivered,
                i));
    }
    net.query[origin]->TraceConnectWithoutContext("ReplyReceived",
                                                  MakeBoundCallback(&CancelAnswer, &run));
    bloom::ScheduleCall(Seconds(15), [&net, &run, origin, strategy, n]() {
        run.issued = Simulator::Now();
        for (uint32_t i = 0; i < n; ++i)
        {
            const auto e = net.gossip[i]->EstimateHops(5);
            run.estimate[i] = e ? std::to_string(*e) : "-";
        }
        net.query[origin]->Query(Key::FromId(5), ParseQueryStrategy(strategy));
    });
    Simulator::Stop(Seconds(40));
    Simulator::Run();
    Simulator::Destroy();
    return run;
}

/// \param v counts \return them as text, e.g. "1 1 0"
template <typename T>
std::string
Join(const std::vector<T>& v)
{
    std::string out;
    for (const T& x : v)
    {
        out += (out.empty() ? "" : " ") + std::to_string(x);
    }
    return out;
}

/**
 * The cancel wave of bcir and bcir-star on a line of 12 nodes (10 m apart,
 * radio 12 m: neighbours only), origin 5, holder 2 (k = 3 hops), HopDelay
 * 100 ms and no jitter, so that the timers decide (MAC delays are a few ms).
 * In units of d: the node j hops beyond the origin on the far side relays at
 * R_j = j(j-1) (bcir) or j(j-1)/2 (bcir-star); the holder gets the search at
 * a = R_{k-1}, cancels at a + 1, and the cancel reaches that node at
 * C_j = a + k + j.  It relays iff R_j < C_j (its predecessor relayed); the
 * first node with R_j > C_j drops its pending search, the ones beyond never
 * hear it.  Nodes beyond the holder never hear the search.  Cancels: the
 * holder and every node that relayed (origin included) once; answers: the
 * holder and the relays between it and the origin once, the reply at the
 * origin right after the holder got the search (a).  With CancelAnswers
 * (bcir) no answer frame: the origin succeeds when the cancel reaches it,
 * at a + k, with k cancel hops.
 */
/// \ingroup bloom-gossip-tests
/// Test case: the cancel wave of bcir and bcir-star stops the search where the timers say.
class CancelFrontTestCase : public TestCase
{
  public:
    CancelFrontTestCase()
        : TestCase("bcir, bcir-star on a line: the cancel wave stops the search where the timers "
                   "say")
    {
    }

  private:
    void DoRun() override
    {
        SetCancelTimers(MilliSeconds(100), Seconds(0));
        const uint32_t n = 12;
        const uint32_t origin = 5;
        const uint32_t holder = 2;
        const uint32_t k = origin - holder;
        for (const std::string strategy : {"bcir", "bcir-star", "bcir/cancel-answers"})
        {
            const bool star = strategy == "bcir-star";
            const bool cancelAnswers = strategy == "bcir/cancel-answers";
            Config::SetDefault("ns3::BcirQueryStrategy::CancelAnswers",
                               BooleanValue(cancelAnswers));
            auto relayAt = [star](uint32_t j) { return star ? j * (j - 1) / 2 : j * (j - 1); };
            const uint32_t a = relayAt(k - 1);
            std::vector<uint32_t> searches(n, 0);
            std::vector<uint32_t> cancels(n, 0);
            std::vector<uint32_t> answers(n, 0);
            searches[origin] = cancels[origin] = 1;
            for (uint32_t i = holder + 1; i < origin; ++i)
            {
                searches[i] = cancels[i] = 1;
                answers[i] = cancelAnswers ? 0 : 1;
            }
            cancels[holder] = 1;
            answers[holder] = cancelAnswers ? 0 : 1;
            uint32_t farRelays = 0;
            for (uint32_t j = 1; origin + j < n; ++j)
            {
                if (relayAt(j) >= a + k + j)
                {
                    break;
                }
                searches[origin + j] = cancels[origin + j] = 1;
                ++farRelays;
            }
            NS_TEST_ASSERT_MSG_EQ(farRelays, star ? 4U : 3U, strategy << ": the front, by hand");
            const CancelRun run = RunCancelQuery(WsnTopology::Line(n, 10),
                                                 "lbf",
                                                 cancelAnswers ? "bcir" : strategy,
                                                 origin,
                                                 {holder});
            NS_TEST_ASSERT_MSG_EQ(run.answered, true, strategy << ": answered");
            NS_TEST_ASSERT_MSG_EQ(run.queryHops, int(k), strategy << ": search hops");
            NS_TEST_ASSERT_MSG_EQ(run.replyHops, int(k), strategy << ": answer or cancel hops");
            // The reply follows at once; the cancel takes d per hop (holder
            // included): the origin hears it at a + k.
            const double answerAt = cancelAnswers ? 0.1 * (a + k) : 0.1 * a;
            NS_TEST_ASSERT_MSG_EQ_TOL(run.answerTime, answerAt, 0.03, strategy << ": answer time");
            NS_TEST_ASSERT_MSG_EQ(Join(run.searches), Join(searches), strategy << ": searches");
            NS_TEST_ASSERT_MSG_EQ(Join(run.cancels), Join(cancels), strategy << ": cancels");
            NS_TEST_ASSERT_MSG_EQ(Join(run.answers), Join(answers), strategy << ": answers");
        }
        Config::SetDefault("ns3::BcirQueryStrategy::CancelAnswers", BooleanValue(false));
        SetCancelTimers(MilliSeconds(10), MilliSeconds(7));
    }
};

/**
 * blind-flood as BCUN's FLOOD on a line of 12 nodes (10 m apart, radio
 * 12 m) and node 12, 8 m beside node 3 (its only neighbour); origin 5,
 * holder 2 (k = 3 hops), HopDelay d = 100 ms, FloodJitter 0, so that the
 * timers decide (MAC delays are a few ms).  Every node relays the search
 * once, the node j hops from the origin at j d (the holder too: it keeps
 * flooding).  With unicast replies the holder answers at once: the origin
 * has it at (k - 1) d, through the holder and nodes 3, 4.  With
 * BroadcastAnswers the holder broadcasts an answer d after the search
 * reached it and each node of the recorded route relays it d after
 * hearing it: the origin has it at (2k - 1) d, after k answer frames, from
 * the holder and nodes 3 and 4 only.  Node 12 relayed the search and hears
 * node 3's answer, but is not on the route: it stays silent.
 */
/// \ingroup bloom-gossip-tests
/// Test case: blind-flood relays after HopDelay and answers back along the recorded route.
class FloodRouteTestCase : public TestCase
{
  public:
    FloodRouteTestCase()
        : TestCase("blind-flood: relays after HopDelay; BroadcastAnswers goes back along the "
                   "recorded route, d per hop")
    {
    }

  private:
    void DoRun() override
    {
        const double d = 0.1;
        const uint32_t n = 13;
        const uint32_t origin = 5;
        const uint32_t holder = 2;
        const uint32_t k = origin - holder;
        std::vector<Vector> positions;
        for (uint32_t i = 0; i + 1 < n; ++i)
        {
            positions.emplace_back(10.0 * i, 0, 0);
        }
        positions.emplace_back(30, 8, 0); // node 12, beside node 3
        Config::SetDefault("ns3::BlindFloodQueryStrategy::HopDelay", TimeValue(Seconds(d)));
        Config::SetDefault("ns3::BloomQueryApplication::FloodJitter", TimeValue(Seconds(0)));
        for (const bool broadcast : {false, true})
        {
            const std::string what = broadcast ? "broadcast answers" : "unicast replies";
            Config::SetDefault("ns3::BlindFloodQueryStrategy::BroadcastAnswers",
                               BooleanValue(broadcast));
            const CancelRun run =
                RunCancelQuery(WsnTopology(positions), "lbf", "blind-flood", origin, {holder});
            for (uint32_t i = 0; i < n; ++i)
            {
                const uint32_t j = i == 12 ? 3 : i > origin ? i - origin : origin - i;
                NS_TEST_ASSERT_MSG_EQ(run.searches[i], 1U, what << ": node " << i << " relays");
                NS_TEST_ASSERT_MSG_EQ_TOL(run.searchTime[i],
                                          d * j,
                                          0.004 * (j + 1),
                                          what << ": relay time of node " << i);
            }
            // Answer frames: the strategy's own type (0x14) with broadcast
            // answers, REPLY messages without.
            std::vector<uint32_t> route(n, 0);
            for (uint32_t i = holder; i < origin; ++i)
            {
                route[i] = 1;
            }
            const std::vector<uint32_t> none(n, 0);
            NS_TEST_ASSERT_MSG_EQ(Join(run.cancels), Join(broadcast ? route : none), what);
            NS_TEST_ASSERT_MSG_EQ(Join(run.answers), Join(broadcast ? none : route), what);
            NS_TEST_ASSERT_MSG_EQ(run.answered, true, what << ": answered");
            NS_TEST_ASSERT_MSG_EQ(run.queryHops, int(k), what << ": search hops");
            NS_TEST_ASSERT_MSG_EQ(run.replyHops, int(k), what << ": answer hops");
            const double answerAt = broadcast ? d * (2 * k - 1) : d * (k - 1);
            NS_TEST_ASSERT_MSG_EQ_TOL(run.answerTime, answerAt, 0.03, what << ": answer time");
        }
        Config::SetDefault("ns3::BlindFloodQueryStrategy::BroadcastAnswers", BooleanValue(false));
        Config::SetDefault("ns3::BlindFloodQueryStrategy::HopDelay", TimeValue(Seconds(0)));
        Config::SetDefault("ns3::BloomQueryApplication::FloodJitter", TimeValue(MilliSeconds(20)));
    }
};

/**
 * FrameBytes: PadFrame and StripPadding (layout, frames too long to pad,
 * malformed padding refused), then a blind-flood query on a line of 6 with
 * every node padding to 100 bytes: every frame on the air has 100 bytes,
 * the receivers strip the padding (no malformed frame) and the query is
 * answered.
 */
/**
 * IdleBackoff (QueryLink): a line of 3 nodes, 30 blind-flood queries from
 * node 0, one a second.  The origin hands its search down when it issues
 * the query; the test records how long after the issue its first frame
 * reaches the device (FrameSent).  Default (IdleBackoff 0): at once, every
 * time.  IdleBackoff 620 us with 20 us slots (ns-2's 802.11b: Random % 31
 * slots): every wait a whole number of slots in 0 ... 600 us, several
 * distinct, mean within the bound's middle third.  Slot 0: waits in
 * [0, 620 us], not slot multiples.  Every query is still answered.
 */
/// \ingroup bloom-gossip-tests
/// Test case: IdleBackoff delays every frame by a slot-quantised uniform wait.
class IdleBackoffTestCase : public TestCase
{
  public:
    IdleBackoffTestCase()
        : TestCase(
              "IdleBackoff: frames go down after k whole slots, k uniform below bound over slot")
    {
    }

  private:
    struct Run
    {
        std::vector<int64_t> waitsNs; //!< issue to the origin's first frame, per query
        uint32_t answered{0};
    };

    static Run RunQueries(Time bound, Time slot)
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(5);
        Config::SetDefault("ns3::BloomQueryApplication::IdleBackoff", TimeValue(bound));
        Config::SetDefault("ns3::BloomQueryApplication::IdleBackoffSlot", TimeValue(slot));
        QueryNet net(WsnTopology::Line(3, 10), "lbf", Seconds(50), Seconds(10));
        Config::SetDefault("ns3::BloomQueryApplication::IdleBackoff", TimeValue(Seconds(0)));
        Config::SetDefault("ns3::BloomQueryApplication::IdleBackoffSlot",
                           TimeValue(MicroSeconds(20)));
        net.gossip[2]->AddResource(4);

        struct State
        {
            Run run;
            Time issued;
            bool waiting{false};
        } state;

        net.query[0]->TraceConnectWithoutContext(
            "FrameSent",
            MakeBoundCallback(
                +[](State* st, const QueryId&, Ptr<const Packet>) {
                    if (st->waiting)
                    {
                        st->run.waitsNs.push_back((Simulator::Now() - st->issued).GetNanoSeconds());
                        st->waiting = false;
                    }
                },
                &state));
        net.query[0]->TraceConnectWithoutContext(
            "ReplyReceived",
            MakeBoundCallback(
                +[](uint32_t* n, const QueryId&, uint16_t, uint8_t, uint8_t) { ++*n; },
                &state.run.answered));
        for (uint32_t q = 0; q < 30; ++q)
        {
            bloom::ScheduleCall(Seconds(12 + q), [&net, &state]() {
                state.issued = Simulator::Now();
                state.waiting = true;
                net.query[0]->Query(Key::FromId(4), QueryStrategy::BLIND_FLOOD);
            });
        }
        Simulator::Stop(Seconds(50));
        Simulator::Run();
        Simulator::Destroy();
        return state.run;
    }

    void DoRun() override
    {
        const Run off = RunQueries(Seconds(0), MicroSeconds(20));
        NS_TEST_ASSERT_MSG_EQ(off.waitsNs.size(), 30U, "default: a first frame per query");
        NS_TEST_ASSERT_MSG_EQ(off.answered, 30U, "default: every query answered");
        for (int64_t w : off.waitsNs)
        {
            NS_TEST_ASSERT_MSG_EQ(w, 0, "default: the frame goes down at once");
        }

        const Run slotted = RunQueries(MicroSeconds(620), MicroSeconds(20));
        NS_TEST_ASSERT_MSG_EQ(slotted.waitsNs.size(), 30U, "slotted: a first frame per query");
        NS_TEST_ASSERT_MSG_EQ(slotted.answered, 30U, "slotted: every query answered");
        std::set<int64_t> distinct;
        double sum = 0;
        for (int64_t w : slotted.waitsNs)
        {
            NS_TEST_ASSERT_MSG_EQ(w % 20000, 0, "slotted: a whole number of 20 us slots");
            NS_TEST_ASSERT_MSG_EQ((w >= 0 && w <= 600000), true, "slotted: 0 ... 30 slots");
            distinct.insert(w);
            sum += w;
        }
        NS_TEST_ASSERT_MSG_GT(distinct.size(), 10U, "slotted: the waits vary");
        const double mean = sum / slotted.waitsNs.size();
        NS_TEST_ASSERT_MSG_EQ((mean > 200000 && mean < 400000), true, "slotted: mean " << mean);

        const Run continuous = RunQueries(MicroSeconds(620), Seconds(0));
        NS_TEST_ASSERT_MSG_EQ(continuous.waitsNs.size(), 30U, "continuous: a frame per query");
        uint32_t offSlot = 0;
        for (int64_t w : continuous.waitsNs)
        {
            NS_TEST_ASSERT_MSG_EQ((w >= 0 && w <= 620000), true, "continuous: within the bound");
            offSlot += w % 20000 != 0 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_GT(offSlot, 20U, "continuous: not slot multiples");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: frames padded to FrameBytes are stripped by every receiver.
class PaddedFramesTestCase : public TestCase
{
  public:
    PaddedFramesTestCase()
        : TestCase("FrameBytes pads every frame; receivers strip it; bad padding is malformed")
    {
    }

  private:
    static bool StripRejects(const std::vector<uint8_t>& bytes)
    {
        try
        {
            StripPadding(bytes.data(), bytes.size());
        }
        catch (const DecodeError&)
        {
            return true;
        }
        return false;
    }

    void DoRun() override
    {
        const std::vector<uint8_t> query = EncodeQuery(SampleQuery());
        const std::vector<uint8_t> padded = PadFrame(query, 100);
        NS_TEST_ASSERT_MSG_EQ(padded.size(), 100U, "padded to 100 bytes");
        NS_TEST_ASSERT_MSG_EQ(int{padded[1]}, int(query[1] | kPaddedFlag), "flag");
        NS_TEST_ASSERT_MSG_EQ(int{padded[98]}, int(100 - query.size()), "length, low byte");
        NS_TEST_ASSERT_MSG_EQ(int{padded[99]}, 0, "length, high byte");
        NS_TEST_ASSERT_MSG_EQ(int{PeekMessageType(padded.data(), padded.size()).value()},
                              int(MessageType::QUERY),
                              "the type seen through the flag");
        NS_TEST_ASSERT_MSG_EQ((StripPadding(padded.data(), padded.size()) == query),
                              true,
                              "round trip");
        NS_TEST_ASSERT_MSG_EQ((StripPadding(query.data(), query.size()) == query),
                              true,
                              "no flag: as it is");
        NS_TEST_ASSERT_MSG_EQ((PadFrame(query, query.size() + 1) == query),
                              true,
                              "no room for the length: as it is");
        NS_TEST_ASSERT_MSG_EQ(PadFrame(query, query.size() + 2).size(),
                              query.size() + 2,
                              "the length alone");
        std::vector<uint8_t> bad = padded;
        bad[98] = 1; // below the length field's own 2 bytes
        NS_TEST_ASSERT_MSG_EQ(StripRejects(bad), true, "length 1");
        bad = padded;
        bad[98] = 99; // leaves less than dispatch and type
        NS_TEST_ASSERT_MSG_EQ(StripRejects(bad), true, "length 99 of 100");
        bad = padded;
        bad[60] = 7;
        NS_TEST_ASSERT_MSG_EQ(StripRejects(bad), true, "a padding byte not 0");
        bool threw = false;
        try
        {
            PadFrame(padded, 200);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "padded twice");
        QueryStrategyInfo info;
        info.code = static_cast<QueryStrategy>(231);
        info.name = "bit6";
        info.search.messageType = 0x45;
        threw = false;
        try
        {
            RegisterQueryStrategy(info);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "a strategy's message type with bit 6 is refused");

        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(3);
        Config::SetDefault("ns3::BloomQueryApplication::FrameBytes", UintegerValue(100));
        QueryNet net(WsnTopology::Line(6, 10), "lbf", Seconds(20), Seconds(10));
        Config::SetDefault("ns3::BloomQueryApplication::FrameBytes", UintegerValue(0));
        net.gossip[5]->AddResource(4);
        std::set<uint32_t> sizes;
        uint32_t malformed = 0;
        bool replied = false;
        for (uint32_t i = 0; i < 6; ++i)
        {
            net.query[i]->TraceConnectWithoutContext(
                "FrameSent",
                MakeBoundCallback(
                    +[](std::set<uint32_t>* s, const QueryId&, Ptr<const Packet> p) {
                        s->insert(p->GetSize());
                    },
                    &sizes));
            net.query[i]->TraceConnectWithoutContext("MalformedDropped",
                                                     MakeBoundCallback(&Count, &malformed));
        }
        net.query[0]->TraceConnectWithoutContext("ReplyReceived",
                                                 MakeBoundCallback(&RecordReply, &replied));
        bloom::ScheduleCall(Seconds(12), [&net]() {
            net.query[0]->Query(Key::FromId(4), QueryStrategy::BLIND_FLOOD);
        });
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(Join(std::vector<uint32_t>(sizes.begin(), sizes.end())),
                              "100",
                              "every frame 100 bytes");
        NS_TEST_ASSERT_MSG_EQ(malformed, 0U, "no malformed frame");
        NS_TEST_ASSERT_MSG_EQ(replied, true, "answered");
    }
};

/**
 * The timers without cancel: a line of 6 nodes, origin 0, nobody holds the
 * key, HopDelay 100 ms, no jitter.  Node j relays at sum over h <= j of the
 * wait at h: bcir 2(h-1)d, so j(j-1)d; bcir-star (h-1)d, half of it; abc
 * max(2(h-1), 1)d (no estimate anywhere: never shortened).  Every node
 * relays once and nobody cancels.
 */
/// \ingroup bloom-gossip-tests
/// Test case: bcir, bcir-star and abc relay after their timers; bcir-star waits half of bcir.
class CancelTimerTestCase : public TestCase
{
  public:
    CancelTimerTestCase()
        : TestCase("bcir, bcir-star, abc relay after their timers; bcir-star waits half of bcir")
    {
    }

  private:
    void DoRun() override
    {
        SetCancelTimers(MilliSeconds(100), Seconds(0));
        const uint32_t n = 6;
        std::map<std::string, CancelRun> runs;
        for (const std::string strategy : {"bcir", "bcir-star", "abc"})
        {
            runs[strategy] = RunCancelQuery(WsnTopology::Line(n, 10), "lbf", strategy, 0, {});
            const CancelRun& run = runs[strategy];
            double expected = 0;
            for (uint32_t j = 1; j < n; ++j)
            {
                const double h = j;
                expected += strategy == "bcir"        ? 0.2 * (h - 1)
                            : strategy == "bcir-star" ? 0.1 * (h - 1)
                                                      : std::max(0.2 * (h - 1), 0.1);
                NS_TEST_ASSERT_MSG_EQ(run.searches[j], 1U, strategy << ": node " << j << " relays");
                NS_TEST_ASSERT_MSG_EQ_TOL(run.searchTime[j],
                                          expected,
                                          0.004 * j,
                                          strategy << ": relay time of node " << j);
                NS_TEST_ASSERT_MSG_EQ(run.cancels[j], 0U, strategy << ": no holder, no cancel");
            }
            NS_TEST_ASSERT_MSG_EQ(run.answered, false, strategy << ": absent key");
        }
        // The frames' air and MAC time is the same in both runs (and differs
        // between ns-3 releases): bcir's extra time is bcir-star's own wait,
        // j (j - 1) / 2 d, so bcir waits twice as long.
        for (uint32_t j = 2; j < n; ++j)
        {
            const double starWait = 0.1 * j * (j - 1) / 2;
            NS_TEST_ASSERT_MSG_EQ_TOL(runs["bcir"].searchTime[j] - runs["bcir-star"].searchTime[j],
                                      starWait,
                                      0.001 * j,
                                      "bcir-star waits half of bcir at node " << j);
        }
        SetCancelTimers(MilliSeconds(10), MilliSeconds(7));
    }
};

/**
 * ABC on an ascending gradient: a line of 9 nodes with LBF gossip converged
 * (estimates checked), holder 8, origin 2, HopDelay 100 ms, no jitter.
 * Towards the holder each node's estimate e is one below the sender's, so
 * its wait max(2(h-1)d, d) shrinks to max(w (1 - 0.9^e), d): the search
 * reaches node 7 after 522 ms where bcir takes 2 s.  Away from the holder
 * (nodes 1, 0) the estimates grow: the waits stay d and 2d.
 */
/// \ingroup bloom-gossip-tests
/// Test case: abc shortens the wait on an ascending gradient only.
class AbcGradientTestCase : public TestCase
{
  public:
    AbcGradientTestCase()
        : TestCase("abc shortens the wait on an ascending LBF gradient, not elsewhere")
    {
    }

  private:
    void DoRun() override
    {
        SetCancelTimers(MilliSeconds(100), Seconds(0));
        const uint32_t n = 9;
        const uint32_t origin = 2;
        const uint32_t holder = 8;
        const CancelRun abc =
            RunCancelQuery(WsnTopology::Line(n, 10), "lbf", "abc", origin, {holder});
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(abc.estimate[i],
                                  std::to_string(holder - i),
                                  "converged LBF estimate at node " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(abc.answered, true, "abc answered");
        double t = 0;
        for (uint32_t i = origin + 1; i < holder; ++i)
        {
            const double h = i - origin;
            const double w = std::max(0.2 * (h - 1), 0.1);
            t += std::max(w * (1 - std::pow(0.9, holder - i)), 0.1);
            NS_TEST_ASSERT_MSG_EQ_TOL(abc.searchTime[i], t, 0.004 * h, "abc: node " << i);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(abc.searchTime[7], 0.5224, 0.03, "abc: node 7 by hand");
        NS_TEST_ASSERT_MSG_EQ_TOL(abc.searchTime[1], 0.1, 0.004, "abc: descending, d");
        NS_TEST_ASSERT_MSG_EQ_TOL(abc.searchTime[0], 0.3, 0.008, "abc: descending, d + 2d");
        NS_TEST_ASSERT_MSG_EQ(abc.searches[holder], 0U, "the holder does not relay");
        NS_TEST_ASSERT_MSG_EQ(abc.cancels[holder], 1U, "the holder cancels");
        const CancelRun bcir =
            RunCancelQuery(WsnTopology::Line(n, 10), "lbf", "bcir", origin, {holder});
        NS_TEST_ASSERT_MSG_EQ_TOL(bcir.searchTime[7], 2.0, 0.03, "bcir: node 7 after 2 s");
        SetCancelTimers(MilliSeconds(10), MilliSeconds(7));
    }
};

/**
 * Duplicate suppression on a 4 x 4 grid with the default timers (10 ms,
 * U(0, 7 ms)): without holder every node relays the search exactly once and
 * nobody cancels; with holders at two corners (15 and 12) and the origin at
 * 0, every node sends at most one search and at most one cancel, a holder
 * sends no search and one cancel, a node that never relayed never cancels,
 * and the origin is answered.
 */
/// \ingroup bloom-gossip-tests
/// Test case: each node relays a search at most once and a cancel at most once.
class CancelDuplicateTestCase : public TestCase
{
  public:
    CancelDuplicateTestCase()
        : TestCase("abc, bcir, bcir-star on a grid: one search and one cancel per node at most")
    {
    }

  private:
    void DoRun() override
    {
        const WsnTopology grid = WsnTopology::Grid(4, 4, 10);
        for (const std::string strategy : {"abc", "bcir", "bcir-star"})
        {
            const CancelRun none = RunCancelQuery(grid, "lbf", strategy, 0, {});
            for (uint32_t i = 0; i < 16; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(none.searches[i], 1U, strategy << ": node " << i);
                NS_TEST_ASSERT_MSG_EQ(none.cancels[i], 0U, strategy << ": node " << i);
            }
            const CancelRun two = RunCancelQuery(grid, "lbf", strategy, 0, {15, 12});
            NS_TEST_ASSERT_MSG_EQ(two.answered, true, strategy << ": answered");
            NS_TEST_ASSERT_MSG_EQ(two.searches[0], 1U, strategy << ": the origin searches once");
            NS_TEST_ASSERT_MSG_EQ(two.cancels[0], 1U, strategy << ": the origin forwards");
            uint32_t holdersReached = 0;
            for (uint32_t i = 0; i < 16; ++i)
            {
                NS_TEST_ASSERT_MSG_LT_OR_EQ(two.searches[i], 1U, strategy << ": node " << i);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(two.cancels[i], 1U, strategy << ": node " << i);
                if (two.delivered[i])
                {
                    ++holdersReached;
                    NS_TEST_ASSERT_MSG_EQ(two.searches[i], 0U, strategy << ": holder " << i);
                    NS_TEST_ASSERT_MSG_EQ(two.cancels[i], 1U, strategy << ": holder " << i);
                }
                else
                {
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(two.cancels[i],
                                                two.searches[i],
                                                strategy << ": only relays cancel, node " << i);
                }
            }
            NS_TEST_ASSERT_MSG_GT_OR_EQ(holdersReached, 1U, strategy << ": a holder reached");
        }
    }
};

/**
 * The cancel strategies on a device other than lr-wpan (SimpleNetDevice on
 * one SimpleChannel: every node hears every other, frames sent once, no MAC
 * confirmations): origin 0, holder 2, HopDelay 100 ms, no jitter.  Nodes 1
 * and 3 relay the search at once (h = 1: no wait) and forward the holder's
 * cancel once, the origin forwards it once, the holder answers directly.
 */
/// \ingroup bloom-gossip-tests
/// Test case: bcir and bcir-star on a SimpleNetDevice channel.
class CancelOtherDeviceTestCase : public TestCase
{
  public:
    CancelOtherDeviceTestCase()
        : TestCase("bcir, bcir-star over a non-802.15.4 device: searches, cancels, answer")
    {
    }

  private:
    void DoRun() override
    {
        SetCancelTimers(MilliSeconds(100), Seconds(0));
        for (const std::string strategy : {"bcir", "bcir-star"})
        {
            NodeContainer nodes;
            nodes.Create(4);
            SimpleNetDeviceHelper simple;
            simple.Install(nodes);
            BloomGossipHelper g("ns3::LbfGossipApplication");
            ApplicationContainer ga = g.Install(nodes);
            g.AssignStreams(nodes, 1);
            BloomQueryHelper q;
            ApplicationContainer qa = q.Install(nodes);
            q.AssignStreams(nodes, 100);
            ga.Start(Seconds(0));
            ga.Stop(Seconds(5));
            qa.Start(Seconds(0));
            qa.Stop(Seconds(20));
            DynamicCast<BloomGossipApplication>(ga.Get(2))->AddResource(5);
            CancelRun run;
            run.searches.assign(4, 0);
            run.searchTime.assign(4, -1);
            run.cancels.assign(4, 0);
            run.answers.assign(4, 0);
            std::vector<Ptr<BloomQueryApplication>> apps;
            for (uint32_t i = 0; i < 4; ++i)
            {
                apps.push_back(DynamicCast<BloomQueryApplication>(qa.Get(i)));
                apps[i]->TraceConnectWithoutContext("QueryForwarded",
                                                    MakeBoundCallback(&CancelSearch, &run, i));
                apps[i]->TraceConnectWithoutContext("FrameSent",
                                                    MakeBoundCallback(&CancelFrame, &run, i));
            }
            apps[0]->TraceConnectWithoutContext("ReplyReceived",
                                                MakeBoundCallback(&RecordReply, &run.answered));
            bloom::ScheduleCall(Seconds(6), [&apps, &run, strategy]() {
                run.issued = Simulator::Now();
                apps[0]->Query(Key::FromId(5), ParseQueryStrategy(strategy));
            });
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(run.answered, true, strategy << ": answered");
            NS_TEST_ASSERT_MSG_EQ(Join(run.searches), "1 1 0 1", strategy << ": searches");
            NS_TEST_ASSERT_MSG_EQ(Join(run.cancels), "1 1 1 1", strategy << ": cancels");
            NS_TEST_ASSERT_MSG_EQ(Join(run.answers), "0 0 1 0", strategy << ": answers");
        }
        SetCancelTimers(MilliSeconds(10), MilliSeconds(7));
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: the cancel frame's wire format and the three registrations.
class CancelWireTestCase : public TestCase
{
  public:
    CancelWireTestCase()
        : TestCase("cancel frames round-trip and reject; abc, bcir, bcir-star registered")
    {
    }

  private:
    void DoRun() override
    {
        CancelQueryStrategy::Cancel c;
        c.id = {0x0102, 0x0304};
        c.holder = 0x0A0B;
        c.hops = 7;
        c.cancelHops = 3;
        const std::vector<uint8_t> bytes = CancelQueryStrategy::EncodeCancel(0x16, c);
        const std::vector<uint8_t> expected =
            {0x3B, 0x16, 0x02, 0x01, 0x04, 0x03, 0x0B, 0x0A, 7, 3};
        NS_TEST_ASSERT_MSG_EQ((bytes == expected), true, "little-endian layout");
        const auto back = CancelQueryStrategy::DecodeCancel(0x16, bytes.data(), bytes.size());
        NS_TEST_ASSERT_MSG_EQ((back.id == c.id), true, "id");
        NS_TEST_ASSERT_MSG_EQ(back.holder, c.holder, "holder");
        NS_TEST_ASSERT_MSG_EQ(int{back.hops}, 7, "hops");
        NS_TEST_ASSERT_MSG_EQ(int{back.cancelHops}, 3, "cancel hops");
        auto rejects = [](const std::vector<uint8_t>& b, uint8_t type) {
            return Rejects<int>(b, [type](const uint8_t* d, size_t s) {
                return CancelQueryStrategy::DecodeCancel(type, d, s);
            });
        };
        NS_TEST_ASSERT_MSG_EQ(rejects(bytes, 0x16), false, "valid");
        NS_TEST_ASSERT_MSG_EQ(rejects(bytes, 0x15), true, "another strategy's type");
        auto shorter = bytes;
        shorter.pop_back();
        NS_TEST_ASSERT_MSG_EQ(rejects(shorter, 0x16), true, "short");
        auto longer = bytes;
        longer.push_back(0);
        NS_TEST_ASSERT_MSG_EQ(rejects(longer, 0x16), true, "long");
        auto zero = bytes;
        zero[8] = 0;
        NS_TEST_ASSERT_MSG_EQ(rejects(zero, 0x16), true, "hops 0");
        zero = bytes;
        zero[9] = 0;
        NS_TEST_ASSERT_MSG_EQ(rejects(zero, 0x16), true, "cancel hops 0");
        auto broadcast = bytes;
        broadcast[6] = broadcast[7] = 0xFF;
        NS_TEST_ASSERT_MSG_EQ(rejects(broadcast, 0x16), true, "broadcast holder");
        auto dispatch = bytes;
        dispatch[0] = 0x3A;
        NS_TEST_ASSERT_MSG_EQ(rejects(dispatch, 0x16), true, "dispatch");

        const std::map<std::string, std::pair<int, int>> codes = {{"abc", {5, 0x15}},
                                                                  {"bcir", {6, 0x16}},
                                                                  {"bcir-star", {7, 0x17}}};
        for (const auto& [name, code] : codes)
        {
            const QueryStrategyInfo* info = FindQueryStrategy(name);
            NS_TEST_ASSERT_MSG_NE(info, nullptr, name << " registered");
            NS_TEST_ASSERT_MSG_EQ(static_cast<int>(info->code), code.first, name << " code");
            NS_TEST_ASSERT_MSG_EQ(int{info->search.messageType}, code.second, name << " cancel");
            NS_TEST_ASSERT_MSG_EQ(info->listed, true, name << " listed");
            NS_TEST_ASSERT_MSG_EQ(info->inAll, false, name << " not in all");
            NS_TEST_ASSERT_MSG_EQ(info->needsDistance, (name == "abc"), name << " distance");
            NS_TEST_ASSERT_MSG_EQ(int{info->search.extraBytes},
                                  (name == "abc" ? 1 : 0),
                                  name << " search bytes");
            NS_TEST_ASSERT_MSG_EQ(int{info->ttlPerHop}, 1, name << " TTL per hop");
        }
        std::string refusal;
        try
        {
            ParseQueryStrategy("teleport");
        }
        catch (const std::invalid_argument& e)
        {
            refusal = e.what();
        }
        NS_TEST_ASSERT_MSG_NE(refusal.find("bcir-star"), std::string::npos, "offered in errors");
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-query.
class QueryTestSuite : public TestSuite
{
  public:
    QueryTestSuite()
        : TestSuite("bloom-gossip-query", bloom::test::kSystem)
    {
        AddTestCase(new QueryMessageRoundTripTestCase, bloom::test::kQuick);
        AddTestCase(new QueryMessageRejectTestCase, bloom::test::kQuick);
        AddTestCase(new GossipIgnoresQueriesTestCase, bloom::test::kQuick);
        AddTestCase(new FloodTestCase, bloom::test::kQuick);
        AddTestCase(new FallbackTestCase, bloom::test::kQuick);
        AddTestCase(new StrategyRegistryTestCase, bloom::test::kQuick);
        AddTestCase(new PluginStrategyTestCase, bloom::test::kQuick);
        AddTestCase(new CancelWireTestCase, bloom::test::kQuick);
        AddTestCase(new CancelTimerTestCase, bloom::test::kQuick);
        AddTestCase(new CancelFrontTestCase, bloom::test::kQuick);
        AddTestCase(new FloodRouteTestCase, bloom::test::kQuick);
        AddTestCase(new PaddedFramesTestCase, bloom::test::kQuick);
        AddTestCase(new IdleBackoffTestCase, bloom::test::kQuick);
        AddTestCase(new AbcGradientTestCase, bloom::test::kQuick);
        AddTestCase(new CancelDuplicateTestCase, bloom::test::kQuick);
        AddTestCase(new CancelOtherDeviceTestCase, bloom::test::kQuick);
    }
};

QueryTestSuite g_queryTestSuite;

} // namespace
