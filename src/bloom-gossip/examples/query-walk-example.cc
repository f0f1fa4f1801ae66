/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
/**
 * \file
 * \ingroup bloom-gossip-examples
 * A gradient query on a converged LBF network.  Linear-Bloom-filter gossip
 * runs on a grid (or a line) until every node knows how far the resource is;
 * then node 0 asks for it.  The query walks by unicast, each hop to the
 * neighbour whose filter puts the resource closest.  Each hop is printed from
 * the query applications' trace sources, then the shortest path length.
 *
 *   ./query-walk-example                          (5 x 5 grid, corner to corner)
 *   ./query-walk-example --topology=line --size=12
 */
#include "ns3/bloom-gossip-helper.h"
#include "ns3/bloom-query-application.h"
#include "ns3/bloom-query-helper.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/simulator.h"
#include "ns3/standard-output.h"
#include "ns3/wsn-network-helper.h"
#include "ns3/wsn-topology.h"

#include <iostream>
#include <string>

using namespace ns3;

namespace
{

const uint64_t kResource = 1; //!< the resource looked for
uint32_t g_walkHops = 0;      //!< transmissions of the query until it reached the holder

/// "t = 15.003808 s  node 3" for a trace context "/NodeList/3/ApplicationList/1/...".
std::string
At(const std::string& context)
{
    const size_t start = context.find("/NodeList/") + 10;
    const std::string node = context.substr(start, context.find('/', start) - start);
    return "t = " + std::to_string(Simulator::Now().GetSeconds()) + " s  node " + node;
}

/// QuerySent sink (origin): the query is issued.
void
QuerySent(std::string context, const bloom::QueryId&, uint64_t, bloom::QueryStrategy strategy)
{
    std::cout << At(context) << " issues a " << bloom::ToString(strategy) << " query\n";
}

/// QueryForwarded sink: a node sends the query on (or back, on a dead end).
void
QueryForwarded(std::string context, const bloom::QueryId&, uint8_t hops, bool backtrack)
{
    std::cout << At(context) << (backtrack ? " sends it back (dead end)" : " sends it on")
              << ", hop " << unsigned{hops} << "\n";
}

/// QueryDelivered sink (holder): the query reached a node holding the resource.
void
QueryDelivered(std::string context, const bloom::QueryId&, uint8_t hops)
{
    g_walkHops = hops;
    std::cout << At(context) << " holds the resource: reached after " << unsigned{hops}
              << " hops\n";
}

/// ReplyReceived sink (origin): the answer came back along the reverse path.
void
ReplyReceived(std::string context, const bloom::QueryId&, uint16_t, uint8_t, uint8_t replyHops)
{
    std::cout << At(context) << " gets the reply, " << unsigned{replyHops} << " hops back\n";
}

/// QueryFailed sink (origin).
void
QueryFailed(std::string context, const bloom::QueryId&, bloom::QueryOutcome outcome)
{
    std::cout << At(context) << ": query failed, " << bloom::ToString(outcome) << "\n";
}

/// Issue the query (scheduled once the gossip has converged).
void
IssueQuery(Ptr<BloomQueryApplication> app)
{
    app->Query(bloom::Key::FromId(kResource), bloom::QueryStrategy::GRADIENT);
}

} // namespace

int
main(int argc, char* argv[])
{
    CheckStandardOutputAtExit("query-walk-example"); // > /dev/full: exit 1, not 0
    std::string topology = "grid";
    uint32_t size = 5;
    double queryTime = 15.0;
    CommandLine cmd(__FILE__);
    cmd.AddValue("topology", "grid (size x size nodes) or line (size nodes)", topology);
    cmd.AddValue("size", "grid side or line length (2..20)", size);
    cmd.AddValue("queryTime", "when the query is issued (s); gossip converges before", queryTime);
    cmd.Parse(argc, argv);
    if ((topology != "grid" && topology != "line") || size < 2 || size > 20)
    {
        std::cerr << "query-walk-example: --topology=grid|line, --size=2..20\n";
        return 2;
    }

    // Nodes 10 m apart, radio range 12 m: no diagonal links on the grid.
    WsnRadioConfig radio;
    radio.range = 12.0;
    WsnNetworkHelper network(radio);
    network.Install(topology == "grid" ? WsnTopology::Grid(size, size, 10.0)
                                       : WsnTopology::Line(size, 10.0));
    network.AssignStreams(100);
    NodeContainer nodes = network.GetNodes();

    // LBF gossip, then the query applications (each uses its node's gossip).
    BloomGossipHelper gossip("ns3::LbfGossipApplication");
    ApplicationContainer gossipApps = gossip.Install(nodes);
    gossip.AssignStreams(nodes, 200);
    BloomQueryHelper query;
    ApplicationContainer queryApps = query.Install(nodes);
    query.AssignStreams(nodes, 1000);
    gossipApps.Start(Seconds(0));
    queryApps.Start(Seconds(0));

    const std::string path = "/NodeList/*/ApplicationList/*/$ns3::BloomQueryApplication/";
    Config::Connect(path + "QuerySent", MakeCallback(&QuerySent));
    Config::Connect(path + "QueryForwarded", MakeCallback(&QueryForwarded));
    Config::Connect(path + "QueryDelivered", MakeCallback(&QueryDelivered));
    Config::Connect(path + "ReplyReceived", MakeCallback(&ReplyReceived));
    Config::Connect(path + "QueryFailed", MakeCallback(&QueryFailed));

    // The resource sits on the last node; the first node asks for it.
    const uint32_t origin = 0;
    const uint32_t holder = nodes.GetN() - 1;
    DynamicCast<BloomGossipApplication>(gossipApps.Get(holder))->AddResource(kResource);
    Ptr<BloomQueryApplication> asker = DynamicCast<BloomQueryApplication>(queryApps.Get(origin));
    Simulator::Schedule(Seconds(queryTime), &IssueQuery, asker);

    Simulator::Stop(Seconds(queryTime + 2));
    Simulator::Run();

    const uint32_t shortest = network.GetTopology().HopDistances({holder})[origin];
    std::cout << "\nshortest path from node " << origin << " to node " << holder << ": " << shortest
              << " hops; the walk took " << g_walkHops << " hops\n";
    Simulator::Destroy();
    return 0;
}
