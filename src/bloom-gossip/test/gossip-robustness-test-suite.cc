/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Robustness of the receive path: malformed gossip frames arriving over the
 * air are dropped, traced (MalformedDropped, with the reason) and counted
 * (GossipMetrics, the CSV column "malformed"), and never change a node's
 * state; frames of other protocols are ignored silently.
 */
#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/gossip-message.h"
#include "ns3/gossip-metrics.h"
#include "ns3/mac16-address.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/wsn-network-helper.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// \ingroup bloom-gossip-tests
/// Test case: malformed frames over the air are dropped, traced and counted.
class MalformedFramesTestCase : public TestCase
{
  public:
    MalformedFramesTestCase()
        : TestCase("malformed frames over the air are dropped, traced and counted")
    {
    }

  private:
    void OnMalformed(Ptr<const Packet> packet, const std::string& reason)
    {
        NS_TEST_EXPECT_MSG_EQ(reason.empty(), false, "a drop has a reason");
        m_reasons.push_back(reason);
        m_sizes.push_back(packet->GetSize());
    }

    void OnReceived(const Address&, uint16_t sequence, uint8_t)
    {
        m_received.push_back(sequence);
    }

    void DoRun() override
    {
        // Two nodes 10 m apart in a 50 m unit disk; both gossip (LBF, 64
        // cells of 8 bits: one 86-byte frame per advertisement).
        WsnNetworkHelper network;
        NetDeviceContainer devices = network.Install(WsnTopology::Line(2, 10));
        network.AssignStreams(0);
        BloomGossipHelper helper("ns3::LbfGossipApplication");
        helper.SetAttribute("Cells", UintegerValue(64));
        helper.SetAttribute("CellBits", UintegerValue(8));
        helper.SetAttribute("Hashes", UintegerValue(3));
        ApplicationContainer apps = helper.Install(network.GetNodes());
        helper.AssignStreams(network.GetNodes(), 100);
        apps.Start(Seconds(0));
        apps.Stop(Seconds(20));
        std::vector<Ptr<BloomGossipApplication>> list;
        std::vector<std::vector<uint32_t>> graph;
        for (uint32_t i = 0; i < 2; ++i)
        {
            list.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
            graph.push_back(network.GetTopology().GetNeighbours(i));
        }
        GossipMetrics metrics(list, graph);
        list[0]->TraceConnectWithoutContext(
            "MalformedDropped",
            MakeCallback(&MalformedFramesTestCase::OnMalformed, this));
        list[0]->TraceConnectWithoutContext(
            "FilterReceived",
            MakeCallback(&MalformedFramesTestCase::OnReceived, this));
        list[1]->AddResource(42);

        // A valid advertisement of node 0's shape, then broken variants.
        bloom::LinearBloomFilter lbf(64, 8, 3, bloom::Quantization::FLOOR);
        lbf.Insert(bloom::Key::FromId(7), 1.0);
        const std::vector<uint8_t> valid = bloom::EncodeSegments(lbf, 60000, 114).at(0);
        NS_TEST_ASSERT_MSG_EQ(valid.size(), 86U, "one 86-byte segment");
        std::vector<std::vector<uint8_t>> bad;
        bad.emplace_back(valid.begin(), valid.begin() + 10); // truncated header
        bad.emplace_back(valid.begin(), valid.end() - 1);    // truncated payload
        bad.push_back(valid);
        bad.back().push_back(0); // one byte too many
        bad.push_back(valid);
        bad.back()[1] = 9; // unknown message type
        bad.push_back(valid);
        bad.back()[4] = bad.back()[5]; // segment index = count
        bad.push_back(valid);
        bad.back()[5] = 0; // no segments
        bad.push_back(valid);
        bad.back()[6] = 2; // unknown filter encoding version
        bad.push_back(valid);
        bad.back()[7] = 9; // unknown filter kind
        bad.push_back(valid);
        bad.back()[9] = 17; // b = 17
        bad.push_back(valid);
        bad.back()[16] = 60; // first slot 60 + 64 slots > m = 64
        bad.push_back(valid);
        bad.back()[20] = 0; // zero slots, and then too long
        bad.back()[21] = 0;
        // Well formed, but of another shape than node 0's filter.
        bad.push_back(bloom::EncodeSegments(bloom::BloomFilter(64, 3), 60001, 114).at(0));
        const size_t malformed = bad.size();
        // Not bloom-gossip at all (another dispatch): ignored, not counted.
        std::vector<uint8_t> foreign = valid;
        foreign[0] = 0x41;
        bad.push_back(foreign);
        bad.push_back(valid); // accepted

        Ptr<NetDevice> sender = devices.Get(1);
        for (size_t i = 0; i < bad.size(); ++i)
        {
            Ptr<Packet> p = Create<Packet>(bad[i].data(), bad[i].size());
            bloom::ScheduleCall(Seconds(5.0 + 0.25 * i),
                                [sender, p]() { sender->Send(p, Mac16Address("ff:ff"), 0); });
        }
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        const GossipRunMetrics result = metrics.Finish(Seconds(20));
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(m_reasons.size(), malformed, "every malformed frame traced once");
        for (size_t i = 0; i < m_sizes.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(m_sizes[i], bad[i].size(), "traced in order, whole frame");
        }
        NS_TEST_EXPECT_MSG_EQ(m_reasons.back(), "filter shape differs from this node's", "shape");
        NS_TEST_EXPECT_MSG_EQ(result.malformed, malformed, "counted by GossipMetrics");
        NS_TEST_EXPECT_MSG_EQ(std::count(m_received.begin(), m_received.end(), 60000),
                              1,
                              "the valid frame was accepted once");
        NS_TEST_EXPECT_MSG_EQ(std::count(m_received.begin(), m_received.end(), 60001),
                              0,
                              "the foreign-shape frame was not applied");
        NS_TEST_EXPECT_MSG_GT(m_received.size(), 10U, "node 1's own beacons still arrive");
        NS_TEST_EXPECT_MSG_EQ(list[0]->EstimateHops(42).value_or(99), 1U, "state still right");
    }

    std::vector<std::string> m_reasons;
    std::vector<uint32_t> m_sizes;
    std::vector<uint16_t> m_received;
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-robustness.
class GossipRobustnessTestSuite : public TestSuite
{
  public:
    GossipRobustnessTestSuite()
        : TestSuite("bloom-gossip-robustness", bloom::test::kSystem)
    {
        AddTestCase(new MalformedFramesTestCase, bloom::test::kQuick);
    }
};

GossipRobustnessTestSuite g_gossipRobustnessTestSuite;

} // namespace
