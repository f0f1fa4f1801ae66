/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * GridSpectrumChannel: the same simulation gives byte-identical results with
 * the stock SingleModelSpectrumChannel and with the grid-indexed channel, for
 * every filter, on a grid and a random disk, with the range and log-distance
 * (with and without shadowing) radios; the cut-off and the index behave.
 */
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/constant-position-mobility-model.h"
#include "ns3/constant-velocity-mobility-model.h"
#include "ns3/double.h"
#include "ns3/grid-spectrum-channel.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/mac16-address.h"
#include "ns3/packet.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/wsn-network-helper.h"

#include <cmath>
#include <limits>
#include <vector>

using namespace ns3;

namespace
{

/// \ingroup bloom-gossip-tests
/// Test case: cut-off from Range and LogDistance models and MaxLossDb; index covers the .
class CutoffTestCase : public TestCase
{
  public:
    CutoffTestCase()
        : TestCase("cut-off from Range and LogDistance models and MaxLossDb; index covers the "
                   "static nodes and follows a moved node")
    {
    }

  private:
    void DoRun() override
    {
        const double inf = std::numeric_limits<double>::infinity();
        Ptr<RangePropagationLossModel> range = CreateObject<RangePropagationLossModel>();
        range->SetAttribute("MaxRange", DoubleValue(42.0));
        NS_TEST_ASSERT_MSG_EQ(GridSpectrumChannel::CutoffFor(range, 500, 0), 42.0, "range");
        NS_TEST_ASSERT_MSG_EQ(GridSpectrumChannel::CutoffFor(range, 1000, 0), inf, "range, all");

        Ptr<LogDistancePropagationLossModel> logd = CreateObject<LogDistancePropagationLossModel>();
        logd->SetAttribute("Exponent", DoubleValue(3.0));
        logd->SetAttribute("ReferenceLoss", DoubleValue(46.6777));
        logd->SetAttribute("ReferenceDistance", DoubleValue(1.0));
        const double d = GridSpectrumChannel::CutoffFor(logd, 116.58, 0);
        NS_TEST_ASSERT_MSG_EQ_TOL(d, std::pow(10.0, (116.58 - 46.6777) / 30.0), 1e-9, "log");
        // At the cut-off the model's loss is MaxLossDb.
        Ptr<MobilityModel> a = CreateObject<ConstantPositionMobilityModel>();
        Ptr<MobilityModel> b = CreateObject<ConstantPositionMobilityModel>();
        b->SetPosition(Vector(d, 0, 0));
        NS_TEST_ASSERT_MSG_EQ_TOL(-logd->CalcRxPower(0, a, b), 116.58, 1e-9, "loss at cut-off");
        NS_TEST_ASSERT_MSG_EQ(GridSpectrumChannel::CutoffFor(logd, 40, 0), 1.0, "at least d0");
        NS_TEST_ASSERT_MSG_GT(GridSpectrumChannel::CutoffFor(logd, 116.58, 6), d, "extra gain");
        NS_TEST_ASSERT_MSG_EQ(GridSpectrumChannel::CutoffFor(nullptr, 100, 0), inf, "no model");

        // A network built with the grid channel: all nodes indexed, the
        // channel's cut-off is the helper's, widened by rounding slack only.
        WsnRadioConfig radio;
        radio.range = 15;
        radio.channel = WsnRadioConfig::Channel::GRID;
        WsnNetworkHelper network(radio);
        network.Install(WsnTopology::Grid(6, 5, 10));
        Ptr<GridSpectrumChannel> channel = DynamicCast<GridSpectrumChannel>(network.GetChannel());
        NS_TEST_ASSERT_MSG_NE(channel, nullptr, "grid channel installed");
        NS_TEST_ASSERT_MSG_EQ(network.GetDeliveryCutoff(), 15.0, "helper cut-off");
        NS_TEST_ASSERT_MSG_EQ_TOL(channel->GetEffectiveCutoff(), 15.0, 1e-5, "channel cut-off");
        NS_TEST_ASSERT_MSG_EQ(channel->GetIndexedPhyCount(), 30U, "every static PHY indexed");
        const uint32_t rebuilds = channel->GetRebuildCount();
        network.GetMobility(7)->SetPosition(Vector(100, 100, 0));
        channel->GetEffectiveCutoff();
        NS_TEST_ASSERT_MSG_EQ(channel->GetRebuildCount(), rebuilds + 1, "rebuilt after a move");
        Simulator::Destroy();
    }
};

/**
 * \ingroup bloom-gossip-tests
 * Positions no cell grid can index: nodes 1e308 m either side of a pair
 * 5 m apart (their extent overflows a double), and a sender far outside the
 * grid.  The channel neither throws (it threw "cannot create std::vector
 * larger than max_size()") nor converts an out-of-range cell number: it
 * examines every PHY, and the pair still hears each other.
 */
class ExtentTestCase : public TestCase
{
  public:
    ExtentTestCase()
        : TestCase("an extent beyond a double, or a sender far outside the grid: every PHY "
                   "examined, frames delivered, no throw")
    {
    }

  private:
    /// PhyRxBegin: `node` starts receiving a frame.
    static void Heard(std::vector<uint32_t>* heard, uint32_t node, Ptr<const Packet>)
    {
        heard->push_back(node);
    }

    /// Broadcast one frame from `device`.
    static void Send(Ptr<LrWpanNetDevice> device)
    {
        device->Send(Create<Packet>(10), Mac16Address("ff:ff"), 0);
    }

    /// Broadcast one frame from `from`; \return the nodes that received it.
    static std::vector<uint32_t> Broadcast(WsnNetworkHelper& network, uint32_t from)
    {
        NetDeviceContainer devices = network.GetDevices();
        std::vector<uint32_t> heard;
        for (uint32_t i = 0; i < devices.GetN(); ++i)
        {
            DynamicCast<LrWpanNetDevice>(devices.Get(i))
                ->GetPhy()
                ->TraceConnectWithoutContext("PhyRxBegin", MakeBoundCallback(&Heard, &heard, i));
        }
        Simulator::Schedule(Seconds(0.1), &Send, DynamicCast<LrWpanNetDevice>(devices.Get(from)));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        return heard;
    }

    void DoRun() override
    {
        WsnRadioConfig radio;
        radio.range = 15;
        radio.channel = WsnRadioConfig::Channel::GRID;
        {
            WsnNetworkHelper network(radio);
            network.Install(WsnTopology(
                {Vector(0, 0, 0), Vector(5, 0, 0), Vector(1e308, 0, 0), Vector(-1e308, 0, 0)}));
            Ptr<GridSpectrumChannel> channel =
                DynamicCast<GridSpectrumChannel>(network.GetChannel());
            NS_TEST_ASSERT_MSG_NE(channel, nullptr, "grid channel installed");
            channel->GetEffectiveCutoff(); // rebuilds the index
            NS_TEST_ASSERT_MSG_EQ(channel->GetIndexedPhyCount(), 0U, "nothing indexed");
            const std::vector<uint32_t> heard = Broadcast(network, 0);
            NS_TEST_ASSERT_MSG_EQ(heard.size(), 1U, "one receiver");
            NS_TEST_ASSERT_MSG_EQ(heard.at(0), 1U, "the neighbour 5 m away");
            Simulator::Destroy();
        }
        {
            // Node 2 moves (a constant-velocity model, not indexed without
            // MaxSpeed): a sender 1e300 m from the indexed nodes.
            WsnNetworkHelper network(radio);
            network.SetMobilityFactory([](uint32_t i, const Vector& at) -> Ptr<MobilityModel> {
                if (i != 2)
                {
                    return nullptr;
                }
                Ptr<MobilityModel> model = CreateObject<ConstantVelocityMobilityModel>();
                model->SetPosition(at);
                return model;
            });
            network.Install(
                WsnTopology({Vector(0, 0, 0), Vector(5, 0, 0), Vector(1e300, 1e300, 0)}));
            Ptr<GridSpectrumChannel> channel =
                DynamicCast<GridSpectrumChannel>(network.GetChannel());
            channel->GetEffectiveCutoff();
            NS_TEST_ASSERT_MSG_EQ(channel->GetIndexedPhyCount(), 2U, "the static pair indexed");
            NS_TEST_ASSERT_MSG_EQ(Broadcast(network, 2).size(), 0U, "nobody hears the far node");
            Simulator::Destroy();
        }
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-grid-channel.
class GridSpectrumChannelTestSuite : public TestSuite
{
  public:
    GridSpectrumChannelTestSuite()
        : TestSuite("bloom-gossip-grid-channel", bloom::test::kSystem)
    {
        AddTestCase(new CutoffTestCase, bloom::test::kQuick);
        AddTestCase(new ExtentTestCase, bloom::test::kQuick);
    }
};

GridSpectrumChannelTestSuite g_gridSpectrumChannelTestSuite;

} // namespace
