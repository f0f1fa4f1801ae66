/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of WsnTopology (generators, positions files, graph algorithms).
 */
#include "bloom-gossip-test-compat.h"

#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"
#include "ns3/wsn-topology.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ns3;

namespace
{

Ptr<UniformRandomVariable>
MakeUniform(int64_t stream)
{
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(stream);
    return u;
}

class TopologyLineTestCase : public TestCase
{
  public:
    TopologyLineTestCase()
        : TestCase("line of 20: BFS distances, diameter, multi-source, unreachable")
    {
    }

  private:
    void DoRun() override
    {
        WsnTopology t = WsnTopology::Line(20, 10.0);
        NS_TEST_ASSERT_MSG_EQ(t.GetN(), 20U, "node count");
        NS_TEST_ASSERT_MSG_EQ(t.GetLinkCount(), 0U, "generators build no links");
        t.BuildUnitDiskGraph(10.0 * 1.01);
        NS_TEST_ASSERT_MSG_EQ(t.GetLinkCount(), 19U, "19 links");
        NS_TEST_ASSERT_MSG_EQ_TOL(t.MeanDegree(), 2.0 * 19 / 20, 1e-12, "mean degree");
        NS_TEST_ASSERT_MSG_EQ(t.IsConnected(), true, "connected");
        NS_TEST_ASSERT_MSG_EQ(t.Diameter(), 19U, "diameter");
        const auto d = t.HopDistances({0});
        for (uint32_t i = 0; i < 20; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(d[i], i, "distance of node " << i);
            NS_TEST_ASSERT_MSG_EQ(t.GetPosition(i).x, 10.0 * i, "x of node " << i);
        }
        const auto d2 = t.HopDistances({0, 19});
        for (uint32_t i = 0; i < 20; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(d2[i], std::min(i, 19 - i), "two sources, node " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(t.HasLink(3, 4), true, "3-4");
        NS_TEST_ASSERT_MSG_EQ(t.HasLink(4, 3), true, "4-3");
        NS_TEST_ASSERT_MSG_EQ(t.HasLink(3, 5), false, "3-5");
        NS_TEST_ASSERT_MSG_EQ(t.GetNeighbours(0).size(), 1U, "end node");
        NS_TEST_ASSERT_MSG_EQ(t.GetDegree(7), 2U, "inner node");

        // Cut the line between 9 and 10: two components.
        t.BuildGraph([](uint32_t a, uint32_t b) { return b == a + 1 && a != 9; });
        NS_TEST_ASSERT_MSG_EQ(t.IsConnected(), false, "cut line");
        NS_TEST_ASSERT_MSG_EQ(t.Diameter(), 9U, "largest finite eccentricity");
        const auto d3 = t.HopDistances({0});
        NS_TEST_ASSERT_MSG_EQ(d3[9], 9U, "same side");
        NS_TEST_ASSERT_MSG_EQ(d3[10], WsnTopology::kUnreachable, "other side");
        NS_TEST_ASSERT_MSG_EQ(t.LargestComponent().front(), 0U, "tie: smallest id wins");
        t.ClearGraph();
        NS_TEST_ASSERT_MSG_EQ(t.Diameter(), 0U, "no links");
        NS_TEST_ASSERT_MSG_EQ(WsnTopology().IsConnected(), true, "empty topology");

        bool threw = false;
        try
        {
            t.HopDistances({20});
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "source out of range");
        threw = false;
        try
        {
            WsnTopology::Line(5, 0.0);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "zero spacing");
    }
};

class TopologyGridTestCase : public TestCase
{
  public:
    TopologyGridTestCase()
        : TestCase("6x6 grid, R = 1.01 s: diameter 10, distances are Manhattan")
    {
    }

  private:
    void DoRun() override
    {
        const double s = 7.5;
        WsnTopology t = WsnTopology::Grid(6, 6, s);
        NS_TEST_ASSERT_MSG_EQ(t.GetN(), 36U, "n = w*h");
        t.BuildUnitDiskGraph(s * 1.01);
        NS_TEST_ASSERT_MSG_EQ(t.GetLinkCount(), 2U * 6 * 5, "no diagonals");
        NS_TEST_ASSERT_MSG_EQ(t.Diameter(), 10U, "diameter");
        for (uint32_t a = 0; a < 36; ++a)
        {
            const auto d = t.HopDistances({a});
            for (uint32_t b = 0; b < 36; ++b)
            {
                const int manhattan =
                    std::abs(int(a % 6) - int(b % 6)) + std::abs(int(a / 6) - int(b / 6));
                NS_TEST_ASSERT_MSG_EQ(d[b], uint32_t(manhattan), a << " -> " << b);
            }
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetPosition(13).x, 1 * s, 1e-12, "x of id 13");
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetPosition(13).y, 2 * s, 1e-12, "y of id 13");
    }
};

class TopologyDiskTestCase : public TestCase
{
  public:
    TopologyDiskTestCase()
        : TestCase("random unit disk: connected policy, mean degree, largest component")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 150;
        const double range = 20.0;
        const double degree = 10.0;
        const double side = WsnTopology::DiskSide(n, range, degree);
        NS_TEST_ASSERT_MSG_EQ_TOL(side * side * degree,
                                  n * M_PI * range * range,
                                  1e-6 * side * side * degree,
                                  "side^2 = n pi R^2 / degree");
        const double expected = WsnTopology::ExpectedMeanDegree(n, side, range);
        NS_TEST_ASSERT_MSG_GT(expected, 0.8 * degree, "border effect is moderate");
        NS_TEST_ASSERT_MSG_LT(expected, degree, "border effect lowers the degree");

        Ptr<UniformRandomVariable> u = MakeUniform(11);
        double sum = 0;
        const int draws = 8;
        for (int k = 0; k < draws; ++k)
        {
            WsnTopology::DiskInfo info;
            WsnTopology t = WsnTopology::RandomDisk(n,
                                                    range,
                                                    degree,
                                                    u,
                                                    WsnTopology::DiskPolicy::CONNECTED,
                                                    1000,
                                                    &info);
            NS_TEST_ASSERT_MSG_EQ(t.GetN(), n, "connected policy keeps every node");
            NS_TEST_ASSERT_MSG_EQ(t.IsConnected(), true, "connected");
            NS_TEST_ASSERT_MSG_EQ(info.dropped, 0U, "nothing dropped");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(info.attempts, 1U, "attempts");
            for (const Vector& p : t.GetPositions())
            {
                NS_TEST_ASSERT_MSG_EQ((p.x >= 0 && p.x <= side && p.y >= 0 && p.y <= side),
                                      true,
                                      "inside the square");
            }
            WsnTopology check = t;
            check.BuildUnitDiskGraph(range);
            NS_TEST_ASSERT_MSG_EQ(check.GetLinkCount(), t.GetLinkCount(), "unit disk graph");
            sum += t.MeanDegree();
        }
        const double mean = sum / draws;
        // Border-corrected expectation; conditioning on connectivity raises it a little.
        NS_TEST_ASSERT_MSG_GT(mean, 0.9 * expected, "mean degree vs expected " << expected);
        NS_TEST_ASSERT_MSG_LT(mean, 1.15 * expected, "mean degree vs expected " << expected);
        NS_TEST_ASSERT_MSG_GT(mean, 0.75 * degree, "mean degree vs requested");
        NS_TEST_ASSERT_MSG_LT(mean, 1.05 * degree, "mean degree vs requested");

        // Largest component at a low degree.
        WsnTopology::DiskInfo info;
        WsnTopology lc = WsnTopology::RandomDisk(200,
                                                 range,
                                                 2.5,
                                                 MakeUniform(12),
                                                 WsnTopology::DiskPolicy::LARGEST_COMPONENT,
                                                 1,
                                                 &info);
        NS_TEST_ASSERT_MSG_EQ(lc.IsConnected(), true, "largest component is connected");
        NS_TEST_ASSERT_MSG_GT(info.dropped, 0U, "degree 2.5 leaves nodes out");
        NS_TEST_ASSERT_MSG_EQ(lc.GetN() + info.dropped, 200U, "kept + dropped");
        NS_TEST_ASSERT_MSG_EQ(info.originalIds.size(), size_t(lc.GetN()), "id map");
        WsnTopology check = lc;
        check.BuildUnitDiskGraph(range);
        NS_TEST_ASSERT_MSG_EQ(check.GetLinkCount(), lc.GetLinkCount(), "links kept");
        // Same draw again: the kept nodes are the largest component of the full draw.
        Ptr<UniformRandomVariable> again = MakeUniform(12);
        std::vector<Vector> all;
        for (uint32_t i = 0; i < 200; ++i)
        {
            const double x = again->GetValue(0.0, info.side);
            const double y = again->GetValue(0.0, info.side);
            all.emplace_back(x, y, 0.0);
        }
        WsnTopology full(all);
        full.BuildUnitDiskGraph(range);
        NS_TEST_ASSERT_MSG_EQ((full.LargestComponent() == info.originalIds), true, "largest");
        for (uint32_t i = 0; i < lc.GetN(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(lc.GetPosition(i).x, all[info.originalIds[i]].x, "renumbered");
        }

        // Connected policy gives up with a clear message.
        bool threw = false;
        try
        {
            WsnTopology::RandomDisk(100,
                                    range,
                                    1.0,
                                    MakeUniform(13),
                                    WsnTopology::DiskPolicy::CONNECTED,
                                    3);
        }
        catch (const std::runtime_error& e)
        {
            threw = std::string(e.what()).find("no connected unit-disk graph in 3 draws") !=
                    std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "gives up after maxAttempts");
        NS_TEST_ASSERT_MSG_EQ((WsnTopology::ParseDiskPolicy("largest-component") ==
                               WsnTopology::DiskPolicy::LARGEST_COMPONENT),
                              true,
                              "policy names");
    }
};

class TopologyRngTestCase : public TestCase
{
  public:
    TopologyRngTestCase()
        : TestCase("random disk: same stream and run, same positions; other run, other ones")
    {
    }

  private:
    static std::vector<Vector> Draw(int64_t stream)
    {
        return WsnTopology::RandomDisk(60,
                                       10.0,
                                       8.0,
                                       MakeUniform(stream),
                                       WsnTopology::DiskPolicy::LARGEST_COMPONENT)
            .GetPositions();
    }

    static bool Same(const std::vector<Vector>& a, const std::vector<Vector>& b)
    {
        if (a.size() != b.size())
        {
            return false;
        }
        for (std::size_t i = 0; i < a.size(); ++i)
        {
            if (a[i].x != b[i].x || a[i].y != b[i].y)
            {
                return false;
            }
        }
        return true;
    }

    void DoRun() override
    {
        const uint64_t savedRun = RngSeedManager::GetRun();
        RngSeedManager::SetRun(1);
        const auto a = Draw(7);
        const auto b = Draw(7);
        const auto c = Draw(8);
        RngSeedManager::SetRun(2);
        const auto d = Draw(7);
        RngSeedManager::SetRun(savedRun);
        NS_TEST_ASSERT_MSG_EQ(Same(a, b), true, "same stream, same run");
        NS_TEST_ASSERT_MSG_EQ(Same(a, c), false, "other stream");
        NS_TEST_ASSERT_MSG_EQ(Same(a, d), false, "other run");
    }
};

class TopologyCsvTestCase : public TestCase
{
  public:
    TopologyCsvTestCase()
        : TestCase("positions file: good files, header, garbled, duplicate, missing, NaN")
    {
    }

  private:
    std::string m_dir;

    std::string Write(const std::string& name, const std::string& text)
    {
        const std::string path = m_dir + "/" + name;
        std::ofstream(path) << text;
        return path;
    }

    /// The message of the std::invalid_argument FromCsv throws, or "" if none.
    static std::string Error(const std::string& path)
    {
        try
        {
            WsnTopology::FromCsv(path);
        }
        catch (const std::invalid_argument& e)
        {
            return e.what();
        }
        return "";
    }

    void DoRun() override
    {
        m_dir = (std::filesystem::temp_directory_path() /
                 ("bloom-gossip-topology-" + std::to_string(::getpid())))
                    .string();
        std::filesystem::create_directories(m_dir);

        const auto good =
            Write("good.csv", "id,x,y\n2,5.5,1\n0, 0 ,0\n\n# comment\n1,2.25,-3e1\r\n");
        WsnTopology t = WsnTopology::FromCsv(good);
        NS_TEST_ASSERT_MSG_EQ(t.GetN(), 3U, "3 nodes");
        NS_TEST_ASSERT_MSG_EQ(t.GetPosition(2).x, 5.5, "x of id 2");
        NS_TEST_ASSERT_MSG_EQ(t.GetPosition(1).x, 2.25, "x of id 1");
        NS_TEST_ASSERT_MSG_EQ(t.GetPosition(1).y, -30.0, "y of id 1");
        NS_TEST_ASSERT_MSG_EQ(t.GetPosition(0).y, 0.0, "y of id 0");

        const auto noHeader = Write("no-header.csv", "0,1,2\n1,3,4\n");
        NS_TEST_ASSERT_MSG_EQ(WsnTopology::FromCsv(noHeader).GetPosition(1).y, 4.0, "no header");

        // Round trip through WriteCsv.
        WsnTopology r = WsnTopology::RandomDisk(30,
                                                10.0,
                                                6.0,
                                                MakeUniform(21),
                                                WsnTopology::DiskPolicy::LARGEST_COMPONENT);
        std::ostringstream os;
        r.WriteCsv(os);
        WsnTopology back = WsnTopology::FromCsv(Write("round.csv", os.str()));
        NS_TEST_ASSERT_MSG_EQ(back.GetN(), r.GetN(), "round trip size");
        for (uint32_t i = 0; i < r.GetN(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(back.GetPosition(i).x, r.GetPosition(i).x, "exact x");
            NS_TEST_ASSERT_MSG_EQ(back.GetPosition(i).y, r.GetPosition(i).y, "exact y");
        }

        struct Bad
        {
            const char* name;
            const char* text;
            const char* message; // after "<path>:"
        };

        const Bad bad[] = {
            {"garbled.csv", "id,x,y\n0,1,2\n1,2\n", "3: expected 3 fields id,x,y, got 2"},
            {"garbled2.csv", "0,1,2\n1,abc,3\n", "2: x 'abc' is not a number"},
            {"garbled3.csv", "0,1,2\n-1,1,3\n", "2: id '-1' is not an unsigned integer"},
            {"garbled4.csv", "0,1,2\nx,1,3\n", "2: id 'x' is not an unsigned integer"},
            {"duplicate.csv", "0,1,2\n1,1,2\n1,3,4\n", "3: duplicate id 1 (first on line 2)"},
            {"missing.csv",
             "id,x,y\n0,1,2\n1,1,2\n3,3,4\n",
             "4: id 3 out of range: 3 nodes need ids 0..2 (id 2 is missing)"},
            {"nan.csv", "0,1,2\n1,nan,2\n", "2: x 'nan' is not finite"},
            {"inf.csv", "0,1,inf\n", "1: y 'inf' is not finite"},
            {"extra.csv", "0,1,2,3\n", "1: expected 3 fields id,x,y, got 4"},
        };
        for (const Bad& b : bad)
        {
            const std::string path = Write(b.name, b.text);
            NS_TEST_ASSERT_MSG_EQ(Error(path), path + ":" + b.message, b.name);
        }
        const auto empty = Write("empty.csv", "id,x,y\n");
        NS_TEST_ASSERT_MSG_EQ(Error(empty), empty + ": no node lines", "empty");
        NS_TEST_ASSERT_MSG_EQ(Error(m_dir + "/absent.csv"),
                              m_dir + "/absent.csv: cannot open positions file",
                              "absent");

        std::filesystem::remove_all(m_dir);
    }
};

class WsnTopologyTestSuite : public TestSuite
{
  public:
    WsnTopologyTestSuite()
        : TestSuite("bloom-gossip-topology", bloom::test::kUnit)
    {
        AddTestCase(new TopologyLineTestCase, bloom::test::kQuick);
        AddTestCase(new TopologyGridTestCase, bloom::test::kQuick);
        AddTestCase(new TopologyDiskTestCase, bloom::test::kQuick);
        AddTestCase(new TopologyRngTestCase, bloom::test::kQuick);
        AddTestCase(new TopologyCsvTestCase, bloom::test::kQuick);
    }
};

WsnTopologyTestSuite g_wsnTopologyTestSuite;

} // namespace
