/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
/**
 * \file
 * \ingroup bloom-gossip-examples
 * Bloom-filter gossip on a line of N nodes.  One resource is placed on a
 * random node; every node broadcasts its filter about once a second over
 * IEEE 802.15.4 (lr-wpan).  At the end, each node's hop estimate for the
 * resource is printed next to the true (BFS) hop distance.
 *
 *   ./gossip-line-example --filter=lbf --nodes=10 --time=20
 *   ./gossip-line-example --filter=abf      (ABF with d = N levels)
 *   ./gossip-line-example --filter=bf       (plain BF: presence only)
 *   ./gossip-line-example --filter=sdbf     (scope-decay BF: a random estimate)
 *   ./gossip-line-example --filter=dv       (distance vector: exact, up to its horizon)
 *   ./gossip-line-example --codec=entropy   (coded advertisements: same estimates, fewer bytes)
 */
#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-gossip-helper.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/filter-family.h"
#include "ns3/gossip-workload.h"
#include "ns3/simulator.h"
#include "ns3/slot-codec.h"
#include "ns3/standard-output.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/wsn-network-helper.h"
#include "ns3/wsn-topology.h"

#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

uint32_t g_advertisements = 0; //!< advertisements sent by all nodes
uint64_t g_frames = 0;         //!< their frames
uint64_t g_bytes = 0;          //!< their bytes
Time g_lastChange;             //!< last time any node's filter changed

/// BeaconSent trace sink: one advertisement (sequence, frames, bytes).
void
BeaconSent(uint16_t /* sequence */, uint32_t frames, uint32_t bytes)
{
    ++g_advertisements;
    g_frames += frames;
    g_bytes += bytes;
}

/// FilterChanged trace sink: a node's advertised filter changed.
void
FilterChanged()
{
    g_lastChange = Simulator::Now();
}

} // namespace

int
main(int argc, char* argv[])
{
    CheckStandardOutputAtExit("gossip-line-example"); // > /dev/full: exit 1, not 0
    std::string filter = "lbf";
    uint32_t nodes = 10;
    double time = 20.0;
    std::string codec = "none";
    CommandLine cmd(__FILE__);
    cmd.AddValue("filter", "filter family: " + bloom::FilterFamilyNames(", "), filter);
    cmd.AddValue("codec", "advertisement codec: none or entropy", codec);
    cmd.AddValue("nodes", "nodes on the line (2..100)", nodes);
    cmd.AddValue("time", "simulated seconds", time);
    cmd.Parse(argc, argv);
    const bloom::FilterFamily* family = bloom::FindFilterFamily(filter);
    if (family == nullptr || nodes < 2 || nodes > 100 || (codec != "none" && codec != "entropy"))
    {
        std::cerr << "gossip-line-example: --filter=" << bloom::FilterFamilyNames("|")
                  << ", --nodes=2..100, --codec=none|entropy\n";
        return 2;
    }

    // Nodes 10 m apart, radio range 12 m: each node hears its two neighbours.
    WsnRadioConfig radio;
    radio.range = 12.0;
    WsnNetworkHelper network(radio);
    network.Install(WsnTopology::Line(nodes, 10.0));
    network.AssignStreams(100);

    // One gossip application per node; a family of levels (ABF) needs d >
    // diameter levels.
    BloomGossipHelper gossip(family->typeId);
    if (family->levels)
    {
        gossip.SetAttribute("Depth", UintegerValue(nodes));
    }
    gossip.SetAttribute("Codec", StringValue(codec));
    ApplicationContainer apps = gossip.Install(network.GetNodes());
    gossip.AssignStreams(network.GetNodes(), 200);
    apps.Start(Seconds(0));

    // Trace sinks on every node's gossip application.
    const std::string path = "/NodeList/*/ApplicationList/*/$ns3::BloomGossipApplication/";
    Config::ConnectWithoutContext(path + "BeaconSent", MakeCallback(&BeaconSent));
    Config::ConnectWithoutContext(path + "FilterChanged", MakeCallback(&FilterChanged));

    // The workload places resource 1 on one random node.
    std::vector<Ptr<BloomGossipApplication>> gossipApps;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        gossipApps.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
    }
    Ptr<GossipWorkload> workload = CreateObject<GossipWorkload>();
    workload->AssignStreams(1);
    workload->SetApplications(gossipApps);
    workload->PlaceResources(1, 1);

    Simulator::Stop(Seconds(time));
    Simulator::Run();

    // Compare every node's estimate with the BFS distance from the holder.
    uint32_t holder = 0;
    while (!gossipApps[holder]->HasResource(1))
    {
        ++holder;
    }
    const std::vector<uint32_t> truth = network.GetTopology().HopDistances({holder});
    std::cout << filter << " gossip on a line of " << nodes << " nodes, resource 1 on node "
              << holder << ", " << time << " s simulated, codec " << codec << "\n"
              << "filter: " << gossipApps[0]->GetPolicy().Describe() << "\n\n"
              << "node  true hops  estimate\n";
    uint32_t right = 0;
    for (uint32_t i = 0; i < nodes; ++i)
    {
        std::string estimate;
        bool ok = false;
        if (!family->distance)
        {
            ok = gossipApps[i]->Knows(1); // a plain BF tells presence only
            estimate = ok ? "present" : "absent";
        }
        else
        {
            const std::optional<uint32_t> h = gossipApps[i]->EstimateHops(1);
            ok = h && *h == truth[i];
            estimate = h ? std::to_string(*h) : "absent";
        }
        right += ok ? 1 : 0;
        std::cout << std::setw(4) << i << std::setw(11) << truth[i] << "  " << estimate
                  << (ok ? "" : "  (wrong)") << "\n";
    }
    const bloom::AdvertisementSize size = gossipApps[holder]->GetAdvertisementSize();
    std::cout << "\n"
              << right << "/" << nodes << " nodes right; " << g_advertisements
              << " advertisements in " << g_frames << " frames, " << g_bytes
              << " bytes; last filter change at " << g_lastChange.GetSeconds() << " s\n"
              << "the holder's advertisement: " << size.payloadBytes << " bytes of slots, "
              << size.codedBytes << " sent after the segment headers, " << size.frames
              << " frame(s)\n";
    Simulator::Destroy();
    return 0;
}
