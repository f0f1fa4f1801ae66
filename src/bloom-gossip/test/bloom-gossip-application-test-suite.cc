/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the gossip application itself: other link layers, UDP over
 * IPv6/6LoWPAN, the Trickle timer, segmentation under a small frame budget,
 * and the accounting of malformed and foreign frames.
 */
#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/double.h"
#include "ns3/gossip-message.h"
#include "ns3/gossip-workload.h"
#include "ns3/lbf-gossip-application.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/sdbf-gossip-application.h"
#include "ns3/simple-net-device-helper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

void
CountMalformed(uint32_t* count, Ptr<const Packet>, const std::string&)
{
    ++*count;
}

void
CountCalls(uint32_t* count)
{
    ++*count;
}

void
CountAdded(std::vector<uint64_t>* added, uint64_t id)
{
    added->push_back(id);
}

/// \ingroup bloom-gossip-tests
/// Issue 37: placing R resources rebuilt a holder's filter once per resource
/// (each rebuild O(R): a set-up quadratic in R, 57 s for a DV run of 65,535).
/// GossipWorkload::PlaceResources adds them all (ResourceAdded in id order,
/// as before) and rebuilds each holder once; the filters hold them all.
class PlacementRebuildsOnceTestCase : public TestCase
{
  public:
    PlacementRebuildsOnceTestCase()
        : TestCase("placing R resources rebuilds each holder's filter once, not R times")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        SimpleNetDeviceHelper simple;
        simple.Install(nodes);
        BloomGossipHelper helper("ns3::LbfGossipApplication");
        helper.SetAttribute("Cells", UintegerValue(4096));
        ApplicationContainer apps = helper.Install(nodes);
        helper.AssignStreams(nodes, 1);
        apps.Start(Seconds(0));
        apps.Stop(Seconds(1));
        std::vector<Ptr<BloomGossipApplication>> app;
        uint32_t changes = 0;
        std::vector<uint64_t> added;
        for (uint32_t i = 0; i < 3; ++i)
        {
            app.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
            app[i]->TraceConnectWithoutContext("FilterChanged",
                                               MakeBoundCallback(&CountCalls, &changes));
            app[i]->TraceConnectWithoutContext("ResourceAdded",
                                               MakeBoundCallback(&CountAdded, &added));
        }
        Ptr<GossipWorkload> workload = CreateObject<GossipWorkload>();
        workload->AssignStreams(7);
        workload->SetApplications(app);
        const uint32_t resources = 300;
        workload->PlaceResources(resources, 1);
        Simulator::Stop(Seconds(0.0001)); // the placement only
        Simulator::Run();
        uint32_t holders = 0;
        for (uint32_t i = 0; i < 3; ++i)
        {
            uint32_t own = 0;
            for (uint64_t r = 1; r <= resources; ++r)
            {
                own += app[i]->HasResource(r) ? 1 : 0;
                if (app[i]->HasResource(r))
                {
                    NS_TEST_ASSERT_MSG_EQ(app[i]->EstimateHops(r).value_or(99),
                                          0U,
                                          "node " << i << " advertises its resource " << r);
                }
            }
            holders += own > 0 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(added.size(), resources, "every resource added once");
        NS_TEST_ASSERT_MSG_EQ(std::is_sorted(added.begin(), added.end()),
                              true,
                              "ResourceAdded in id order");
        NS_TEST_ASSERT_MSG_EQ(changes, holders, "one rebuild per holder");
        Simulator::Destroy();
    }
};

/// \ingroup bloom-gossip-tests
/// Four nodes on one shared SimpleChannel (a device that demultiplexes by
/// protocol number, as CSMA and Wi-Fi do): everyone is one hop from everyone.
class OtherLinkLayerTestCase : public TestCase
{
  public:
    OtherLinkLayerTestCase()
        : TestCase("gossip over a non-802.15.4 device: link-layer broadcast with a protocol "
                   "number; the frame size follows the device MTU")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(4);
        SimpleNetDeviceHelper simple;
        NetDeviceContainer devices = simple.Install(nodes);
        for (uint32_t i = 0; i < devices.GetN(); ++i)
        {
            devices.Get(i)->SetMtu(1500);
        }
        BloomGossipHelper helper("ns3::LbfGossipApplication");
        ApplicationContainer apps = helper.Install(nodes);
        helper.AssignStreams(nodes, 1);
        apps.Start(Seconds(0));
        apps.Stop(Seconds(10));
        std::vector<Ptr<BloomGossipApplication>> app;
        uint32_t malformed = 0;
        for (uint32_t i = 0; i < 4; ++i)
        {
            app.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
            app[i]->TraceConnectWithoutContext("MalformedDropped",
                                               MakeBoundCallback(&CountMalformed, &malformed));
        }
        bloom::ScheduleCall(Seconds(0), [&]() { app[2]->AddResource(42); });
        // A foreign frame (not starting with the dispatch byte) and a malformed
        // gossip frame (dispatch byte, then garbage), broadcast by node 3.
        bloom::ScheduleCall(Seconds(5), [&]() {
            const uint8_t foreign[] = {0x60, 1, 2, 3};
            const uint8_t broken[] = {bloom::kGossipDispatch, 1, 0, 0, 0, 1, 9, 9};
            devices.Get(3)->Send(Create<Packet>(foreign, 4),
                                 devices.Get(3)->GetBroadcast(),
                                 0x88B5);
            devices.Get(3)->Send(Create<Packet>(broken, 8), devices.Get(3)->GetBroadcast(), 0x88B5);
        });
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(app[i]->EstimateHops(42).value_or(99),
                                  (i == 2 ? 0U : 1U),
                                  "node " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(app[0]->GetFrameBytes(), 1500U, "the device MTU");
        NS_TEST_ASSERT_MSG_EQ(app[0]->GetFramesPerAdvertisement(), 1U, "one frame");
        // Nodes 0, 1, 2 each drop the broken frame; nobody counts the foreign one.
        NS_TEST_ASSERT_MSG_EQ(malformed, 3U, "malformed frames counted, foreign ones ignored");
        Simulator::Destroy();
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: the names of the timer, transport and decay modes.
class ModeNamesTestCase : public TestCase
{
  public:
    ModeNamesTestCase()
        : TestCase("timer, transport and decay modes: ToString and Parse are inverses and name "
                   "the attribute values")
    {
    }

  private:
    /// The value of attribute `name` of `app`, as text.
    static std::string Get(Ptr<Object> app, const std::string& name)
    {
        StringValue value;
        app->GetAttribute(name, value);
        return value.Get();
    }

    void DoRun() override
    {
        using bloom::test::Throws;
        Ptr<LbfGossipApplication> app = CreateObject<LbfGossipApplication>();
        for (auto mode : {BloomGossipApplication::PERIODIC, BloomGossipApplication::TRICKLE})
        {
            NS_TEST_ASSERT_MSG_EQ(ParseTimerMode(ToString(mode)), mode, ToString(mode));
            app->SetAttribute("Timer", StringValue(ToString(mode)));
            NS_TEST_ASSERT_MSG_EQ(Get(app, "Timer"), ToString(mode), "attribute Timer");
        }
        for (auto mode : {BloomGossipApplication::LINK_LAYER, BloomGossipApplication::UDP6})
        {
            NS_TEST_ASSERT_MSG_EQ(ParseTransportMode(ToString(mode)), mode, ToString(mode));
            app->SetAttribute("Transport", StringValue(ToString(mode)));
            NS_TEST_ASSERT_MSG_EQ(Get(app, "Transport"), ToString(mode), "attribute Transport");
        }
        for (auto mode : {LbfGossipApplication::MULTIPLICATIVE, LbfGossipApplication::SUBTRACTIVE})
        {
            NS_TEST_ASSERT_MSG_EQ(ParseDecayMode(ToString(mode)), mode, ToString(mode));
            app->SetAttribute("Decay", StringValue(ToString(mode)));
            NS_TEST_ASSERT_MSG_EQ(Get(app, "Decay"), ToString(mode), "attribute Decay");
        }
        NS_TEST_ASSERT_MSG_EQ(Throws([] { ParseTimerMode("Trickle"); }), true, "unknown timer");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { ParseTransportMode("udp"); }), true, "unknown transport");
        NS_TEST_ASSERT_MSG_EQ(Throws([] { ParseDecayMode(""); }), true, "unknown decay");
    }
};

/// \ingroup bloom-gossip-tests
/// Test case: attribute values that each pass their checker but not
/// together are found by CheckAttributes (what the fatal error at the
/// policy's construction reports), naming the attribute.
class AttributeCombinationsTestCase : public TestCase
{
  public:
    AttributeCombinationsTestCase()
        : TestCase("CheckAttributes names the attribute of a bad combination (LBF Step, Factor; "
                   "SDBF MinCount)")
    {
    }

  private:
    /// \return whether `text` contains `part`
    static bool Has(const std::string& text, const std::string& part)
    {
        return text.find(part) != std::string::npos;
    }

    void DoRun() override
    {
        Ptr<LbfGossipApplication> lbf = CreateObject<LbfGossipApplication>();
        NS_TEST_EXPECT_MSG_EQ(lbf->CheckAttributes(), "", "the defaults fit");
        lbf->SetAttribute("Decay", StringValue("subtractive"));
        lbf->SetAttribute("CellBits", UintegerValue(8));
        // The checker allows 65535 (16-bit cells); 8-bit cells end at 255.
        NS_TEST_ASSERT_MSG_EQ(lbf->SetAttributeFailSafe("Step", UintegerValue(400)),
                              true,
                              "each value alone passes its checker");
        const std::string step = lbf->CheckAttributes();
        NS_TEST_EXPECT_MSG_EQ(Has(step, "Step=400") && Has(step, "1..255"),
                              true,
                              "Step=400 on 8-bit cells: " << step);
        lbf->SetAttribute("Step", UintegerValue(255));
        NS_TEST_EXPECT_MSG_EQ(lbf->CheckAttributes(), "", "Step 255 fits 8-bit cells");
        lbf->SetAttribute("CellBits", UintegerValue(4));
        NS_TEST_EXPECT_MSG_EQ(Has(lbf->CheckAttributes(), "Step=255"), true, "but not 4-bit ones");
        lbf->SetAttribute("Decay", StringValue("multiplicative"));
        NS_TEST_EXPECT_MSG_EQ(lbf->CheckAttributes(), "", "Step unused when multiplicative");
        // Passes the checker (a < 1), yet floor(a q + 1e-9) keeps q = 1.
        lbf->SetAttribute("Factor", DoubleValue(1 - 1e-12));
        const std::string factor = lbf->CheckAttributes();
        NS_TEST_EXPECT_MSG_EQ(Has(factor, "Factor="),
                              true,
                              "a factor that lowers no cell: " << factor);

        Ptr<SdbfGossipApplication> sdbf = CreateObject<SdbfGossipApplication>();
        NS_TEST_EXPECT_MSG_EQ(sdbf->CheckAttributes(), "", "the defaults fit");
        sdbf->SetAttribute("Hashes", UintegerValue(4));
        sdbf->SetAttribute("MinCount", UintegerValue(5));
        const std::string minCount = sdbf->CheckAttributes();
        NS_TEST_EXPECT_MSG_EQ(Has(minCount, "MinCount=5") && Has(minCount, "Hashes=4"),
                              true,
                              "MinCount above Hashes: " << minCount);
        sdbf->SetAttribute("MinCount", UintegerValue(4));
        NS_TEST_EXPECT_MSG_EQ(sdbf->CheckAttributes(), "", "MinCount = Hashes fits");
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-application.
class BloomGossipApplicationTestSuite : public TestSuite
{
  public:
    BloomGossipApplicationTestSuite()
        : TestSuite("bloom-gossip-application", bloom::test::kUnit)
    {
        AddTestCase(new OtherLinkLayerTestCase, bloom::test::kQuick);
        AddTestCase(new PlacementRebuildsOnceTestCase, bloom::test::kQuick);
        AddTestCase(new ModeNamesTestCase, bloom::test::kQuick);
        AddTestCase(new AttributeCombinationsTestCase, bloom::test::kQuick);
    }
};

BloomGossipApplicationTestSuite g_bloomGossipApplicationTestSuite;

} // namespace
