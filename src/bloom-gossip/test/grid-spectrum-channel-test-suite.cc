/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * GridSpectrumChannel: the same simulation gives byte-identical results with
 * the stock SingleModelSpectrumChannel and with the grid-indexed channel, for
 * every filter, on a grid and a random disk, with the range and log-distance
 * (with and without shadowing) radios; the cut-off and the index behave.
 */
#include "bloom-gossip-test-compat.h"

#include "ns3/constant-position-mobility-model.h"
#include "ns3/double.h"
#include "ns3/gossip-scenario.h"
#include "ns3/grid-spectrum-channel.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/wsn-network-helper.h"

#include <cmath>
#include <limits>

using namespace ns3;

namespace
{

/// A small scenario whose area is several cut-offs wide, so that the grid
/// channel really leaves receivers out.
GossipScenarioConfig
Scenario(const std::string& filter,
         const std::string& topology,
         WsnRadioConfig::Loss loss,
         double shadowing)
{
    GossipScenarioConfig c;
    c.filter = filter;
    c.topology = topology;
    c.radio.loss = loss;
    c.radio.shadowingSigmaDb = shadowing;
    c.slots = 128;
    c.resources = 3;
    c.probes = 50;
    c.simTime = 12;
    c.events = {WorkloadEvent::Parse("6:remove:1"), WorkloadEvent::Parse("8:fail:3")};
    if (loss == WsnRadioConfig::Loss::RANGE)
    {
        c.radio.range = 12;
        c.spacing = 10;
    }
    else
    {
        // Nominal range about 79 m; frames reach about 213 m (MaxLossDb).
        c.radio.range = WsnNetworkHelper::NominalRange(c.radio);
        c.spacing = 60;
    }
    if (topology == "grid")
    {
        c.gridWidth = 9;
        c.gridHeight = 7;
        c.nodes = 63;
    }
    else
    {
        c.nodes = 70;
        c.meanDegree = 6;
    }
    return c;
}

class EquivalenceTestCase : public TestCase
{
  public:
    EquivalenceTestCase(std::string topology, WsnRadioConfig::Loss loss, double shadowing)
        : TestCase("stock and grid channels give byte-identical CSV rows: " + topology + ", " +
                   WsnRadioConfig::LossName(loss) +
                   (shadowing > 0 ? " with shadowing" : std::string())),
          m_topology(std::move(topology)),
          m_loss(loss),
          m_shadowing(shadowing)
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string filter : {"bf", "lbf", "abf"})
        {
            std::string rows[2];
            std::vector<std::string> distanceRows[2];
            for (int i = 0; i < 2; ++i)
            {
                RngSeedManager::SetSeed(1);
                RngSeedManager::SetRun(2);
                GossipScenarioConfig c = Scenario(filter, m_topology, m_loss, m_shadowing);
                c.radio.channel =
                    i == 0 ? WsnRadioConfig::Channel::STOCK : WsnRadioConfig::Channel::GRID;
                const GossipScenarioResult r = RunGossipScenario(c);
                rows[i] = GossipCsvRow(c, r);
                distanceRows[i] = GossipDistanceCsvRows(c, r);
                NS_TEST_ASSERT_MSG_GT(r.metrics.phyFrames, 100U, "traffic");
                NS_TEST_ASSERT_MSG_GT(r.diameter, 3U, "multi-hop");
            }
            NS_TEST_ASSERT_MSG_EQ(rows[0], rows[1], filter << ": per-run row");
            NS_TEST_ASSERT_MSG_EQ((distanceRows[0] == distanceRows[1]),
                                  true,
                                  filter << ": per-distance rows");
        }
    }

    std::string m_topology;
    WsnRadioConfig::Loss m_loss;
    double m_shadowing;
};

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

class GridSpectrumChannelTestSuite : public TestSuite
{
  public:
    GridSpectrumChannelTestSuite()
        : TestSuite("bloom-gossip-grid-channel", bloom::test::kSystem)
    {
        AddTestCase(new CutoffTestCase, bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("grid", WsnRadioConfig::Loss::RANGE, 0),
                    bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("disk", WsnRadioConfig::Loss::RANGE, 0),
                    bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("grid", WsnRadioConfig::Loss::LOG_DISTANCE, 0),
                    bloom::test::kQuick);
        AddTestCase(new EquivalenceTestCase("disk", WsnRadioConfig::Loss::LOG_DISTANCE, 4),
                    bloom::test::kQuick);
    }
};

GridSpectrumChannelTestSuite g_gridSpectrumChannelTestSuite;

} // namespace
