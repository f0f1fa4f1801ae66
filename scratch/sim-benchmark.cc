/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * sim-benchmark: wall time, events per second and peak RSS of gossip
 * simulations on square grids, for each filter and for a bare broadcaster
 * that sends the same frames at the same times with no filter logic.
 *
 *   sim-benchmark                                  # 10^2 .. 100^2, bf lbf abf + bare, grid channel
 *   sim-benchmark --sizes 10,20,40 --channel grid,stock --csv bench.csv
 *   sim-benchmark --energy                         # with radio energy accounting
 *   sim-benchmark --help
 *
 * Every option is checked before the first run, by the harness's parsers
 * and GossipScenarioConfig::Validate: a bad one is one line on stderr naming
 * it, exit code 2, before the table's header.
 *
 * Every (size, channel, application) runs in a child process (fork), so the
 * peak RSS (getrusage of the child) is that run's own; a child dies with
 * the benchmark (PR_SET_PDEATHSIG), however it is stopped.  Each point runs
 * --repeat times, gossip and bare interleaved, and the run with the median
 * Simulator::Run() wall time is reported.  The ratio gossip/bare is the
 * median of the ratios of the interleaved pairs (each pair runs back to back,
 * so a drift of machine speed cancels out), printed with their range.  Times
 * are wall-clock: on a shared machine repeat more, or compare instruction
 * counts with callgrind.  The bare broadcaster
 * uses the same random streams as the gossip application, so its frames
 * leave at the same instants, and sends the gossip's measured advertisement
 * (the frame sizes of the gossip run's most frequent advertisement, per
 * family: a DV sends its entries, 1 frame, not its full-size 3; with --apps
 * bare a gossip run measures it first, unreported), so the same sizes and
 * the same CSMA/CA draws: both runs put the same frames on the air (the
 * "frames" column; frames_per_beacon is the measured advertisement's) and
 * the ratio gossip/bare of the Simulator::Run() wall times is the cost of the
 * gossip logic (decoding, merging, rebuilding; GossipMetrics only with
 * --metrics) on top of the network simulation.
 */
#include "ns3/bloom-gossip-compat.h"
#include "ns3/bloom-gossip-module.h"
#include "ns3/bloom-gossip-scenario-module.h"
#include "ns3/command-line.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/grid-spectrum-channel.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scheduler.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <sys/resource.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace po = boost::program_options;
using namespace ns3;

namespace
{

constexpr const char* kProgram = "sim-benchmark";
using cli::Range;

/**
 * Sends the frames of an advertisement (the gossip's measured advertisement,
 * Advertisement) on the periodic gossip timer, with the gossip application's
 * random draws; drops whatever it receives.
 */
class BareBroadcastApplication : public Application
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::BareBroadcastApplication")
                                .SetParent<Application>()
                                .SetGroupName("BloomGossip")
                                .AddConstructor<BareBroadcastApplication>();
        return tid;
    }

    void Configure(std::vector<std::vector<uint8_t>> frames, Time interval, Time jitter)
    {
        m_frames = std::move(frames);
        m_interval = interval;
        m_jitter = jitter;
    }

    int64_t AssignStreams(int64_t stream)
    {
        m_rng->SetStream(stream);
        return 1;
    }

    uint64_t GetReceived() const
    {
        return m_received;
    }

  private:
    void StartApplication() override
    {
        m_device = GetNode()->GetDevice(0);
        GetNode()->RegisterProtocolHandler(MakeCallback(&BareBroadcastApplication::Receive, this),
                                           0,
                                           m_device,
                                           false);
        Schedule(Seconds(m_rng->GetValue(0.0, m_interval.GetSeconds())));
    }

    void StopApplication() override
    {
        m_event.Cancel();
    }

    void Schedule(Time delay)
    {
        m_event = bloom::ScheduleCall(delay, [this]() {
            for (const auto& bytes : m_frames)
            {
                m_device->Send(Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size())),
                               m_device->GetBroadcast(),
                               0x88B5);
            }
            const double j = m_jitter.GetSeconds();
            const double offset = j > 0 ? m_rng->GetValue(-j, j) : 0.0;
            Schedule(Max(m_interval + Seconds(offset), MicroSeconds(1)));
        });
    }

    void Receive(Ptr<NetDevice>,
                 Ptr<const Packet>,
                 uint16_t,
                 const Address&,
                 const Address&,
                 NetDevice::PacketType)
    {
        ++m_received;
    }

    std::vector<std::vector<uint8_t>> m_frames;
    Time m_interval;
    Time m_jitter;
    Ptr<NetDevice> m_device;
    Ptr<UniformRandomVariable> m_rng{CreateObject<UniformRandomVariable>()};
    EventId m_event;
    uint64_t m_received{0};
};

NS_OBJECT_ENSURE_REGISTERED(BareBroadcastApplication);

struct Options
{
    GossipScenarioConfig base;
    uint32_t depth{32};
    bool metrics{false};
    bool energy{false}; //!< LrWpanRadioEnergyModel on every device (gossip and bare)
};

/**
 * What the gossip sends per advertisement, measured: the frame sizes of the
 * most frequent (frames, bytes) among all the advertisements of a gossip run
 * (BeaconSent; the sizes of the segments the application encoded).  The
 * bare broadcaster sends exactly these frames, so that both put the same
 * work on the air whatever the family: a fixed-size filter always sends the
 * same frames, a distance vector only its entries (1 frame where the
 * segmentation bound, MaxSegments, allows 3).
 */
struct Advertisement
{
    std::vector<uint32_t> sizes; //!< bytes of each frame

    /// The frames (their contents do not matter: the bare broadcaster's
    /// receivers drop them).
    std::vector<std::vector<uint8_t>> Frames() const
    {
        std::vector<std::vector<uint8_t>> out;
        for (uint32_t size : sizes)
        {
            out.emplace_back(size, 0);
        }
        return out;
    }
};

struct Measurement
{
    double setupSeconds{0};
    double runSeconds{0};
    uint64_t events{0};
    uint64_t frames{0};
    uint32_t framesPerBeacon{0};
    uint32_t diameter{0};
    uint64_t candidates{0};
    long peakRssKb{-1};          //!< the child's peak RSS; -1: not measured (--no-fork)
    Advertisement advertisement; //!< the gossip's (or, bare, the one sent)
};

uint64_t g_phyFrames = 0;
/// (frames, bytes) of every advertisement of the gossip run -> how many, and
/// the frame sizes of the first of each.
std::map<std::pair<uint32_t, uint32_t>, std::pair<uint64_t, std::vector<uint32_t>>>
    g_advertisements;

void
CountPhyTx(Ptr<const Packet>)
{
    ++g_phyFrames;
}

/// BeaconSent of `app`: counted; the first of its kind encoded again (as the
/// application just did, from the filter it advertised) for its frame sizes.
void
CountAdvertisement(BloomGossipApplication* app, uint16_t sequence, uint32_t frames, uint32_t bytes)
{
    auto& [count, sizes] = g_advertisements[{frames, bytes}];
    if (count++ == 0)
    {
        for (const auto& frame :
             bloom::EncodeSegments(app->GetAdvertisedFilter(), sequence, app->GetFrameBytes()))
        {
            sizes.push_back(static_cast<uint32_t>(frame.size()));
        }
    }
}

/// \return whether `app` names the bare broadcaster (bare-<filter>)
bool
IsBare(const std::string& app)
{
    return app.rfind("bare-", 0) == 0;
}

/**
 * The configuration of one point: the options' base on a side x side grid,
 * with the filter of `app` (bf, lbf, abf, sdbf, dv, or bare-<filter>), the fixed
 * ABF depth and the channel.
 */
GossipScenarioConfig
PointConfig(const Options& o, uint32_t side, const std::string& channel, const std::string& app)
{
    GossipScenarioConfig c = o.base;
    c.topology = ScenarioTopology::GRID;
    c.gridWidth = c.gridHeight = side;
    c.nodes = side * side;
    c.filter = bloom::ParseFilterKind(IsBare(app) ? app.substr(5) : app);
    // The fixed depth, for a family with levels (its levels attribute's option).
    const bloom::FilterFamily& family = bloom::GetFilterFamily(c.filter);
    if (const bloom::FamilyOption* levels =
            family.HasLevels() ? family.FindOption(family.levelsAttribute) : nullptr)
    {
        c.familyOptions[levels->name] = uint64_t{o.depth};
    }
    c.radio.channel = WsnRadioConfig::ParseChannel(channel);
    return c;
}

/// The shape of the configuration's filter, as the bare broadcaster sends it.
bloom::FilterShape
ShapeOf(const GossipScenarioConfig& c)
{
    bloom::FilterShape shape;
    shape.kind = c.filter;
    shape.hashes = c.hashes;
    shape.slots = c.slots;
    shape.slotBits = c.SlotBits();
    shape.depth = ResolveDepth(c, 0);
    return shape;
}

/**
 * The bare broadcaster on every node: it sends `sent` (the gossip's measured
 * advertisement of this point) on the gossip's timer.
 * \param stage the network built
 * \param c the point's configuration
 * \param sent the advertisement to send
 * \param out the measurement: frames per beacon and the advertisement sent
 */
void
InstallBare(const GossipScenarioStage& stage,
            const GossipScenarioConfig& c,
            const Advertisement& sent,
            Measurement& out)
{
    const uint32_t n = stage.network.GetTopology().GetN();
    NodeContainer nodes = stage.network.GetNodes();
    const auto frames = sent.Frames();
    out.framesPerBeacon = static_cast<uint32_t>(sent.sizes.size());
    out.advertisement = sent;
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<BareBroadcastApplication> a = CreateObject<BareBroadcastApplication>();
        a->Configure(frames, Seconds(c.interval), Seconds(c.jitter));
        nodes.Get(i)->AddApplication(a);
        a->AssignStreams(stage.stream + i);
        a->SetStartTime(Seconds(0));
        a->SetStopTime(Seconds(c.simTime));
    }
}

/**
 * The gossip application on every node, its advertisements counted
 * (CountAdvertisement), and the workload's resources.
 * \param stage the network built
 * \param c the point's configuration
 * \param withMetrics whether to attach GossipMetrics (--metrics)
 * \return the metrics, or null
 */
std::unique_ptr<GossipMetrics>
InstallGossip(const GossipScenarioStage& stage, const GossipScenarioConfig& c, bool withMetrics)
{
    WsnNetworkHelper& network = stage.network;
    const uint32_t n = network.GetTopology().GetN();
    NodeContainer nodes = network.GetNodes();
    BloomGossipHelper gossip = MakeGossipHelper(c, c.slots, ResolveDepth(c, 0));
    ApplicationContainer apps = gossip.Install(nodes);
    gossip.AssignStreams(nodes, stage.stream);
    apps.Start(Seconds(0));
    apps.Stop(Seconds(c.simTime));
    std::vector<Ptr<BloomGossipApplication>> gossipApps;
    for (uint32_t i = 0; i < n; ++i)
    {
        gossipApps.push_back(DynamicCast<BloomGossipApplication>(apps.Get(i)));
    }
    g_advertisements.clear();
    for (const auto& app : gossipApps)
    {
        // A plain pointer: a Ptr bound into the app's own trace would
        // hold it in a cycle (a leak LeakSanitizer reports).
        app->TraceConnectWithoutContext("BeaconSent",
                                        MakeBoundCallback(&CountAdvertisement, PeekPointer(app)));
    }
    std::unique_ptr<GossipMetrics> metrics;
    if (withMetrics)
    {
        std::vector<std::vector<uint32_t>> graph;
        for (uint32_t i = 0; i < n; ++i)
        {
            graph.push_back(network.GetTopology().GetNeighbours(i));
        }
        metrics = std::make_unique<GossipMetrics>(gossipApps, graph);
    }
    Ptr<GossipWorkload> workload = CreateObject<GossipWorkload>();
    workload->AssignStreams(stage.workloadStream);
    workload->SetApplications(gossipApps);
    workload->PlaceResources(c.resources, 1);
    return metrics;
}

/**
 * \return the frame sizes of the gossip run's most frequent advertisement
 * (the fewest frames on a tie; g_advertisements)
 */
Advertisement
MostFrequentAdvertisement()
{
    Advertisement advertisement;
    uint64_t most = 0;
    for (const auto& [key, seen] : g_advertisements)
    {
        if (seen.first > most)
        {
            most = seen.first;
            advertisement.sizes = seen.second;
        }
    }
    return advertisement;
}

/**
 * One run in this process, through the harness's runner (RunGossipScenario:
 * its topology, network, random streams and checks) with this program's
 * applications on it: the gossip application (GossipMetrics only with
 * --metrics, InstallGossip) or the bare broadcaster (InstallBare).  `app`
 * is bf, lbf, abf, sdbf, dv, or bare-<filter>.
 */
Measurement
RunOne(const Options& o,
       uint32_t side,
       const std::string& channel,
       const std::string& app,
       const Advertisement& sent)
{
    const auto t0 = std::chrono::steady_clock::now();
    auto t1 = t0;
    auto t2 = t0;
    const bool bare = IsBare(app);
    const GossipScenarioConfig c = PointConfig(o, side, channel, app);
    g_phyFrames = 0; // this run's frames (--no-fork runs them all in one process)
    Measurement out;
    out.diameter = 2 * (side - 1); // 4-neighbour grid (range < spacing * sqrt 2)
    std::unique_ptr<GossipMetrics> metrics;
    Ptr<SpectrumChannel> spectrum;

    GossipScenarioHooks hooks;
    hooks.applications = [&](const GossipScenarioStage& stage) {
        const NetDeviceContainer& devices = stage.devices;
        spectrum = stage.network.GetChannel();
        const uint32_t n = stage.network.GetTopology().GetN();
        for (uint32_t i = 0; i < n; ++i)
        {
            PointerValue phy;
            devices.Get(i)->GetAttribute("Phy", phy);
            phy.Get<Object>()->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&CountPhyTx));
        }
        if (o.energy)
        {
            LrWpanEnergyHelper().Install(devices);
        }
        if (bare)
        {
            InstallBare(stage, c, sent, out);
            return;
        }
        metrics = InstallGossip(stage, c, o.metrics);
    };
    hooks.beforeRun = [&]() { t1 = std::chrono::steady_clock::now(); };
    hooks.afterRun = [&]() {
        t2 = std::chrono::steady_clock::now();
        out.events = Simulator::GetEventCount();
        out.frames = g_phyFrames;
        if (auto grid = DynamicCast<GridSpectrumChannel>(spectrum))
        {
            out.candidates = grid->GetCandidateCount();
        }
        if (!bare)
        {
            out.advertisement = MostFrequentAdvertisement();
            out.framesPerBeacon = static_cast<uint32_t>(out.advertisement.sizes.size());
        }
        metrics.reset();
    };
    RunGossipScenario(c, ScenarioRecorders(), hooks);
    out.setupSeconds = std::chrono::duration<double>(t1 - t0).count();
    out.runSeconds = std::chrono::duration<double>(t2 - t1).count();
    return out;
}

/**
 * In a child just forked: make it die with its parent.  The kernel sends the
 * child SIGKILL when the parent ends, however it ends (SIGTERM, SIGINT,
 * SIGKILL, a crash), which no signal handler of the parent could promise
 * (SIGKILL cannot be caught); the child holds no file to clean up.  A parent
 * that ended between fork() and prctl() is caught by comparing getppid()
 * with the pid the parent had.  (PR_SET_PDEATHSIG follows the thread that
 * forked: the parent forks from its only thread.  Linux only; elsewhere the
 * child checks nothing and may outlive a killed parent.)
 * \param parent the parent's pid, read before fork()
 */
void
DieWithParent(pid_t parent)
{
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
    {
        _exit(1);
    }
#else
    (void)parent;
#endif
}

/// Run in a child process; its peak RSS comes from wait4.
Measurement
RunForked(const Options& o,
          uint32_t side,
          const std::string& channel,
          const std::string& app,
          const Advertisement& sent)
{
    int fds[2];
    if (pipe(fds) != 0)
    {
        throw std::runtime_error("pipe failed");
    }
    std::cout.flush();
    std::cerr.flush();
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0)
    {
        throw std::runtime_error("fork failed");
    }
    if (pid == 0)
    {
        DieWithParent(parent);
        close(fds[0]);
        int code = 0;
        std::string line;
        try
        {
            const Measurement m = RunOne(o, side, channel, app, sent);
            line = fmt::format("{} {} {} {} {} {} {} {} {}\n",
                               m.setupSeconds,
                               m.runSeconds,
                               m.events,
                               m.frames,
                               m.framesPerBeacon,
                               m.diameter,
                               m.candidates,
                               m.advertisement.sizes.size(),
                               fmt::join(m.advertisement.sizes, " "));
        }
        catch (const std::exception& e)
        {
            std::cerr << kProgram << ": " << e.what() << "\n";
            code = 1;
        }
        if (!line.empty() && write(fds[1], line.data(), line.size()) < 0)
        {
            code = 1;
        }
        close(fds[1]);
        std::cout.flush();
        std::cerr.flush();
        _exit(code);
    }
    close(fds[1]);
    std::string text;
    char buffer[256];
    ssize_t got;
    while ((got = read(fds[0], buffer, sizeof(buffer))) > 0)
    {
        text.append(buffer, static_cast<size_t>(got));
    }
    close(fds[0]);
    int status = 0;

    struct rusage usage
    {
    };

    if (wait4(pid, &status, 0, &usage) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    {
        throw std::runtime_error(fmt::format("run {}x{} {} {} failed", side, side, channel, app));
    }
    Measurement m;
    std::istringstream is(text);
    size_t sizes = 0;
    is >> m.setupSeconds >> m.runSeconds >> m.events >> m.frames >> m.framesPerBeacon >>
        m.diameter >> m.candidates >> sizes;
    m.advertisement.sizes.resize(std::min<size_t>(sizes, 255));
    for (uint32_t& size : m.advertisement.sizes)
    {
        is >> size;
    }
    m.peakRssKb = usage.ru_maxrss;
    return m;
}

/// The event schedulers ns-3 has: the registered subclasses of ns3::Scheduler.
std::vector<std::string>
SchedulerNames()
{
    std::vector<std::string> names;
    const TypeId base = Scheduler::GetTypeId();
    for (uint32_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid != base && tid.IsChildOf(base) && tid.HasConstructor())
        {
            names.push_back(tid.GetName());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

/**
 * Everything a run would refuse, found before the first one: each point's
 * configuration through GossipScenarioConfig::Validate (the harness's one
 * owner of ranges and combinations, e.g. --delta against --b), each filter's
 * segmentation into 802.15.4 frames, and, with --metrics, the ground truth's
 * (node, resource) pairs against the harness's kMaxTruthPairs.
 */
void
CheckPoints(const Options& o,
            const std::vector<uint32_t>& sides,
            const std::vector<std::string>& channels,
            const std::vector<std::string>& filters)
{
    for (const std::string& f : filters)
    {
        for (uint32_t side : sides)
        {
            for (const std::string& channel : channels)
            {
                PointConfig(o, side, channel, f).Validate();
            }
        }
        const GossipScenarioConfig c = PointConfig(o, sides.front(), channels.front(), f);
        CheckFamilyAttributes(c, c.slots, ResolveDepth(c, 0)); // e.g. --a with --b
        try
        {
            bloom::SegmentCount(ShapeOf(c), kLinkLayerMaxFrameBytes);
        }
        catch (const std::invalid_argument& e)
        {
            cli::Fail(bloom::GetFilterFamily(c.filter).HasLevels() ? "--depth" : "--m",
                      fmt::format("{}: {} (lower --m, --b or --depth)", f, e.what()));
        }
    }
    const uint64_t most = *std::max_element(sides.begin(), sides.end());
    if (o.metrics && most * most * o.base.resources > kMaxTruthPairs)
    {
        cli::Fail("--resources",
                  fmt::format("{} resources on {} nodes are {} (node, resource) pairs of ground "
                              "truth for --metrics, more than the {} a run tracks",
                              o.base.resources,
                              most * most,
                              most * most * o.base.resources,
                              kMaxTruthPairs));
    }
}

/**
 * Everything the command line sets (bound to the options by AddOptions, so
 * never copied): the runs' base configuration, the points and how they run
 * and are printed.
 */
struct Settings
{
    /// The defaults: BF/LBF/ABF with the LBF's own options on 10^2..100^2 grids.
    Settings()
    {
        o.base.slots = 256;
        o.base.hashes = 4;
        // The LBF's own options (bloom::FilterFamily::options), bound in AddOptions.
        o.base.SetFamilyOption("b", "8");
        o.base.SetFamilyOption("decay", "subtractive");
        o.base.SetFamilyOption("a", "0.9");
        o.base.SetFamilyOption("delta", "1");
        o.base.resources = 4;
        o.base.simTime = 20;
        o.base.spacing = 10;
        o.base.radio.range = 12;
    }

    Settings(const Settings&) = delete;
    Settings& operator=(const Settings&) = delete;

    Options o;                                  //!< each point's base configuration
    std::string sizes{"10,20,40,70,100"};       //!< --sizes as given
    std::string filters{"bf,lbf,abf"};          //!< --filters as given
    std::string channels{"grid"};               //!< --channel as given
    std::string csv;                            //!< --csv
    bool writeCsv{false};                       //!< whether --csv was given
    uint32_t maxStockNodes{1600};               //!< --max-stock-nodes
    uint64_t run{1};                            //!< --run (RngRun)
    std::string which{"both"};                  //!< --apps: gossip, bare or both
    bool noFork{false};                         //!< --no-fork
    bool help{false};                           //!< --help (read from vm before Notify)
    uint32_t repeat{3};                         //!< --repeat
    std::string scheduler{"ns3::MapScheduler"}; //!< --scheduler
    std::vector<uint32_t> sides;                //!< the grid sides of --sizes
    std::vector<std::string> filterList;        //!< the filters of --filters
    std::vector<std::string> channelList;       //!< the channels of --channel
};

/**
 * The options, bound to `s`.  Every value is read as text and checked by the
 * harness's parsers (scenario-cli.h): "--m -5" is refused rather than
 * wrapped, "nan" is not a number, and each problem is one line naming the
 * option.
 * \param opts where the options go
 * \param s the settings the options set
 */
void
AddOptions(po::options_description& opts, Settings& s)
{
    Options& o = s.o;
    auto& lbf = o.base.familyOptions;
    cli::OptionAdder(opts)
        .Flag("help,h", &s.help, "print this help and exit")
        .Text("sizes", &s.sizes, "grid sides (N = side^2 nodes), comma-separated, each 2..250")
        .Text("filters",
              &s.filters,
              "gossip variants: " + bloom::FilterFamilyNames(", ") + ", comma-separated")
        .Text("channel", &s.channels, "grid, stock, or both: grid,stock")
        .Unsigned("max-stock-nodes",
                  &s.maxStockNodes,
                  0,
                  kMaxScenarioNodes,
                  "skip the stock channel above this many nodes (O(N) per frame)")
        .Choice("apps",
                &s.which,
                {"gossip", "bare", "both"},
                "gossip (the filters only), bare (the bare broadcaster only) or both")
        .Flag("metrics", &o.metrics, "attach GossipMetrics to the gossip runs")
        .Flag("energy",
              &o.energy,
              "radio energy accounting (LrWpanRadioEnergyModel and a BasicEnergySource per node) "
              "in every run, gossip and bare")
        .Seconds("sim-time",
                 &o.base.simTime,
                 Range::Closed(kMinScenarioPeriod, kMaxScenarioTime),
                 "simulated seconds per run")
        .Real("spacing", &o.base.spacing, Range::Closed(1e-3, 1e6), "grid spacing (m)")
        .Real("range", &o.base.radio.range, Range::Closed(1e-3, 1e6), "unit-disk radio range (m)")
        .Unsigned("m",
                  &o.base.slots,
                  1,
                  bloom::kMaxSlots,
                  "slots: BF bits, LBF cells, ABF bits per level")
        .Unsigned("k", &o.base.hashes, 1, bloom::kMaxHashes, "hash functions")
        .Unsigned64("b",
                    &std::get<uint64_t>(lbf["b"]),
                    bloom::kMinCellBits,
                    bloom::kMaxCellBits,
                    "LBF bits per cell")
        .Choice("decay",
                &std::get<std::string>(lbf["decay"]),
                {"multiplicative", "subtractive"},
                "LBF per-hop decay")
        .Real("a", &std::get<double>(lbf["a"]), Range::Open(0, 1), "LBF factor")
        .Unsigned64("delta",
                    &std::get<uint64_t>(lbf["delta"]),
                    1,
                    65535,
                    "LBF subtractive step, at most 2^b - 1")
        .Unsigned("depth", &o.depth, 1, bloom::kMaxDepth, "ABF levels (fixed, not diameter + 1)")
        .Unsigned("resources", &o.base.resources, 0, 100000, "resources on random nodes")
        .Unsigned64("run", &s.run, 0, std::numeric_limits<uint64_t>::max(), "RngRun")
        .Text("csv", &s.csv, "also write the table as CSV")
        .Choice("scheduler", &s.scheduler, SchedulerNames(), "ns-3 event scheduler (SchedulerType)")
        .Unsigned("repeat",
                  &s.repeat,
                  1,
                  1000,
                  "runs of each point (interleaved); the median Simulator::Run() time is reported")
        .Flag("no-fork", &s.noFork, "run everything in this process (peak RSS is then cumulative)");
}

/**
 * Parse and check the command line into `s`, every point included
 * (CheckPoints), before any run; --help prints and throws
 * cli::ExitRequest{0}.
 * \param argc the argument count
 * \param argv the arguments
 * \param s the settings, at their defaults
 */
void
ParseOptions(int argc, char** argv, Settings& s)
{
    po::options_description opts("Options");
    AddOptions(opts, s);
    po::variables_map vm;
    // Unknown options and positional words are refused here; ns-3's own
    // arguments come back, and are refused below.
    const std::vector<std::string> ns3Args = cli::ParseCommandLine(argc, argv, opts, vm, "");
    if (vm.count("help") && vm["help"].as<bool>())
    {
        std::cout << "Usage: " << kProgram << " [options]\n" << opts << "\n";
        throw cli::ExitRequest{0};
    }
    cli::Notify(vm);
    if (!ns3Args.empty())
    {
        const std::string& arg = ns3Args.front();
        cli::Fail(arg.substr(0, arg.find('=')),
                  "ns-3 arguments are not taken by sim-benchmark (the RngRun is --run)");
    }
    s.writeCsv = vm.count("csv") > 0;
    for (uint64_t side : cli::ParseUnsignedList("--sizes", s.sizes, 2, 250))
    {
        s.sides.push_back(static_cast<uint32_t>(side));
    }
    s.filterList = bloom::SplitList(s.filters);
    for (const auto& f : s.filterList)
    {
        cli::ParseChoice("--filters", f, bloom::FilterFamilyNames());
    }
    s.channelList = bloom::SplitList(s.channels);
    for (const auto& ch : s.channelList)
    {
        cli::ParseChoice("--channel", ch, {"stock", "grid"});
    }
    CheckPoints(s.o, s.sides, s.channelList, s.filterList);
}

/// The runs of one point: its applications and each one's measurements.
struct PointRuns
{
    std::vector<std::string> apps;             //!< <filter>, bare-<filter> or both
    std::vector<std::vector<Measurement>> all; //!< per application, one per repetition
};

/**
 * Run one point --repeat times.  The repetitions are interleaved (gossip,
 * bare, gossip, bare, ...) so that a change of machine load hits both
 * alike.  The bare broadcaster sends the advertisement the gossip sent in
 * its first run (a gossip run measures it first, unreported, with --apps
 * bare).
 * \param s the settings
 * \param side the grid's side
 * \param channel grid or stock
 * \param f the filter
 * \return the runs
 */
PointRuns
MeasurePoint(const Settings& s, uint32_t side, const std::string& channel, const std::string& f)
{
    PointRuns point;
    if (s.which != "bare")
    {
        point.apps.push_back(f);
    }
    if (s.which != "gossip")
    {
        point.apps.push_back("bare-" + f);
    }
    const auto runOne = [&](const std::string& app, const Advertisement& sent) {
        return s.noFork ? RunOne(s.o, side, channel, app, sent)
                        : RunForked(s.o, side, channel, app, sent);
    };
    Advertisement sent;
    if (s.which == "bare")
    {
        sent = runOne(f, sent).advertisement;
    }
    point.all.resize(point.apps.size());
    for (uint32_t rep = 0; rep < s.repeat; ++rep)
    {
        for (size_t a = 0; a < point.apps.size(); ++a)
        {
            point.all[a].push_back(runOne(point.apps[a], sent));
            if (rep == 0 && !IsBare(point.apps[a]))
            {
                sent = point.all[a].back().advertisement;
            }
        }
    }
    return point;
}

/**
 * The cost ratios gossip/bare, taken within each interleaved pair (run back
 * to back, so a drift of machine speed cancels out).
 * \param point the runs of a point
 * \param repeat the runs of each application
 * \return the ratios, sorted; empty unless both applications ran
 */
std::vector<double>
PairRatios(const PointRuns& point, uint32_t repeat)
{
    std::vector<double> pairRatios;
    if (point.apps.size() == 2)
    {
        for (uint32_t rep = 0; rep < repeat; ++rep)
        {
            if (point.all[1][rep].runSeconds > 0)
            {
                pairRatios.push_back(point.all[0][rep].runSeconds / point.all[1][rep].runSeconds);
            }
        }
        std::sort(pairRatios.begin(), pairRatios.end());
    }
    return pairRatios;
}

/// What a line of the table shows of an application's runs at one point.
struct ReportedRun
{
    Measurement m;     //!< the run with the median Simulator::Run() time
    double ratio;      //!< bare: the median pair ratio; NaN otherwise or without pairs
    std::string range; //!< bare: the pair ratios' range; empty otherwise
    double cand;       //!< grid channel candidates per frame; NaN without
    double eventRate;  //!< events per second of Simulator::Run(); NaN without run time
    double rssMb;      //!< peak RSS (MB); NaN without a child (--no-fork)
};

/**
 * \param runs an application's runs at one point (sorted here by run time)
 * \param bare whether the application is the bare broadcaster
 * \param channel grid or stock
 * \param pairRatios the point's sorted pair ratios (PairRatios)
 * \return what the table shows of them
 */
ReportedRun
Report(std::vector<Measurement>& runs,
       bool bare,
       const std::string& channel,
       const std::vector<double>& pairRatios)
{
    std::sort(runs.begin(), runs.end(), [](const auto& x, const auto& y) {
        return x.runSeconds < y.runSeconds;
    });
    ReportedRun r;
    r.m = runs[(runs.size() - 1) / 2];
    const double ratioMedian = pairRatios.empty() ? NAN : pairRatios[(pairRatios.size() - 1) / 2];
    r.ratio = bare ? ratioMedian : NAN;
    r.range = bare && !pairRatios.empty()
                  ? fmt::format("{:.3f}-{:.3f}", pairRatios.front(), pairRatios.back())
                  : std::string();
    r.cand = r.m.frames > 0 && channel == "grid" ? static_cast<double>(r.m.candidates) / r.m.frames
                                                 : NAN;
    // Over an empty set (no run time; no child, --no-fork): NA.
    r.eventRate = r.m.runSeconds > 0 ? static_cast<double>(r.m.events) / r.m.runSeconds : NAN;
    r.rssMb = r.m.peakRssKb >= 0 ? r.m.peakRssKb / 1024.0 : NAN;
    return r;
}

/// \return `v` in `format`, or `none` for NaN
std::string
Shown(double v, const char* format, const char* none)
{
    return std::isnan(v) ? std::string(none) : fmt::format(fmt::runtime(format), v);
}

/// Print the table's header line.
void
PrintTableHeader()
{
    std::cout << fmt::format("{:>6} {:>4} {:>6} {:>9} {:>4} {:>8} {:>8} {:>11} {:>10} {:>9} "
                             "{:>6} {:>8} {:>6} {:>13}\n",
                             "nodes",
                             "D",
                             "chan",
                             "app",
                             "fpb",
                             "setup_s",
                             "run_s",
                             "events",
                             "events/s",
                             "frames",
                             "cand",
                             "rss_MB",
                             "ratio",
                             "pair range");
}

/**
 * Print an application's line of the table.
 * \param side the grid's side
 * \param channel grid or stock
 * \param app the application
 * \param r what the line shows
 */
void
PrintTableLine(uint32_t side,
               const std::string& channel,
               const std::string& app,
               const ReportedRun& r)
{
    std::cout << fmt::format("{:>6} {:>4} {:>6} {:>9} {:>4} {:>8.2f} {:>8.2f} "
                             "{:>11} {:>10} {:>9} {:>6} {:>8} {:>6} {:>13}\n",
                             side * side,
                             r.m.diameter,
                             channel,
                             app,
                             r.m.framesPerBeacon,
                             r.m.setupSeconds,
                             r.m.runSeconds,
                             r.m.events,
                             Shown(r.eventRate, "{:.0f}", "-"),
                             r.m.frames,
                             Shown(r.cand, "{:.1f}", "-"),
                             Shown(r.rssMb, "{:.1f}", "-"),
                             std::isnan(r.ratio) ? std::string("") : fmt::format("{:.3f}", r.ratio),
                             r.range);
    std::cout.flush();
}

/**
 * \param s the settings
 * \param side the grid's side
 * \param channel grid or stock
 * \param app the application
 * \param r what the line shows
 * \return an application's row of the CSV (kCsvHeader), without its line break
 */
std::string
CsvRow(const Settings& s,
       uint32_t side,
       const std::string& channel,
       const std::string& app,
       const ReportedRun& r)
{
    return fmt::format("{},{},{},{},{},{},{},{:.3f},{:.3f},{},{},{},{},{},{},{}",
                       side * side,
                       r.m.diameter,
                       channel,
                       app,
                       r.m.framesPerBeacon,
                       s.o.base.simTime,
                       s.repeat,
                       r.m.setupSeconds,
                       r.m.runSeconds,
                       r.m.events,
                       Shown(r.eventRate, "{:.0f}", "NA"),
                       r.m.frames,
                       Shown(r.cand, "{:.2f}", "NA"),
                       Shown(r.rssMb, "{:.1f}", "NA"),
                       std::isnan(r.ratio) ? std::string("NA") : fmt::format("{:.3f}", r.ratio),
                       r.range.empty() ? std::string("NA") : r.range);
}

/// The CSV's header (CsvRow).
constexpr const char* kCsvHeader =
    "nodes,diameter,channel,app,frames_per_beacon,sim_time,repeat,setup_s,"
    "run_s,events,events_per_s,frames,candidates_per_frame,peak_rss_mb,"
    "ratio_to_bare,ratio_range";

/**
 * Run every point (sides, then channels, then filters), printing each
 * application's line as it completes; the stock channel is skipped above
 * --max-stock-nodes.
 * \param s the settings
 * \return the CSV's rows
 */
std::vector<std::string>
RunPoints(const Settings& s)
{
    std::vector<std::string> rows;
    for (uint32_t side : s.sides)
    {
        for (const auto& channel : s.channelList)
        {
            if (channel == "stock" && side * side > s.maxStockNodes)
            {
                std::cout << fmt::format("{:>6} skipped: stock channel above --max-stock-nodes\n",
                                         side * side);
                continue;
            }
            for (const auto& f : s.filterList)
            {
                PointRuns point = MeasurePoint(s, side, channel, f);
                // The median over the pairs is reported with its range.
                const std::vector<double> pairRatios = PairRatios(point, s.repeat);
                for (size_t a = 0; a < point.apps.size(); ++a)
                {
                    const std::string& app = point.apps[a];
                    const ReportedRun r = Report(point.all[a], IsBare(app), channel, pairRatios);
                    PrintTableLine(side, channel, app, r);
                    rows.push_back(CsvRow(s, side, channel, app, r));
                }
            }
        }
    }
    return rows;
}

int
Main(int argc, char** argv)
{
    Settings s;
    ParseOptions(argc, argv, s);
    // The table is checked now (a regular file or a new path in a writable
    // folder, not a device, FIFO, symbolic link or folder) and written at the
    // end, all or nothing.
    OutputFiles outputs;
    if (s.writeCsv)
    {
        outputs.AddOutput("--csv", s.csv);
    }
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(s.run);
    GlobalValue::Bind("SchedulerType", StringValue(s.scheduler));
    PrintTableHeader();
    const std::vector<std::string> rows = RunPoints(s);
    if (s.writeCsv)
    {
        std::string text = std::string(kCsvHeader) + "\n";
        for (const auto& r : rows)
        {
            text += r + "\n";
        }
        outputs.WriteAll({text});
    }
    return 0;
}

} // namespace

int
main(int argc, char** argv)
{
    return cli::RunMain(kProgram, [&]() { return Main(argc, argv); });
}
