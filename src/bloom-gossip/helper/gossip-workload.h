/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * What happens to a gossip network during a run: resources placed on
 * nodes, scheduled additions, removals and crashes, and queries.  The
 * workload only acts on the applications; metrics observe the run through
 * trace sources (gossip-metrics.h, query-metrics.h).
 */
#ifndef BLOOM_GOSSIP_GOSSIP_WORKLOAD_H
#define BLOOM_GOSSIP_GOSSIP_WORKLOAD_H

#include "ns3/bloom-gossip-application.h"
#include "ns3/bloom-query-application.h"
#include "ns3/object.h"
#include "ns3/query-strategy.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/// Most nodes of a network a workload can address (16-bit short addresses
/// of one PAN, 0xFFFE and 0xFFFF reserved, numbered from 1).
constexpr uint32_t kMaxWorkloadNodes = 65533;
/// Largest resource number an event may name.
constexpr uint64_t kMaxWorkloadResource = 999999999ULL;

/**
 * \ingroup bloom-gossip
 * \brief A scheduled change of a gossip workload.
 *
 * Text form (command lines, configuration files): "T:add:RES:NODE",
 * "T:remove:RES" (from every holder) or "T:fail:NODE", T in seconds.
 */
struct WorkloadEvent
{
    enum Kind
    {
        ADD,    //!< resource appears on a node
        REMOVE, //!< resource disappears from every holder
        FAIL,   //!< node crashes
    };

    double time{0};       //!< when (s)
    Kind kind{ADD};       //!< what
    uint64_t resource{0}; //!< resource number 1..kMaxWorkloadResource (ADD, REMOVE)
    uint32_t node{0};     //!< node index 0..kMaxWorkloadNodes - 1 (ADD, FAIL)

    /**
     * Parse the text form; throws std::invalid_argument quoting the event
     * (escaped and shortened) and saying what is wrong: a field that is no
     * number, a number out of range (nothing wraps), an unknown kind.
     * \param text "T:add:RES:NODE", "T:remove:RES" or "T:fail:NODE"
     * \return the event
     */
    static WorkloadEvent Parse(const std::string& text);
    /// \return the text form
    std::string ToString() const;
};

/**
 * \ingroup bloom-gossip
 * \brief Drives a gossip run: places resources on random nodes, schedules
 * additions, removals and crashes on the gossip applications, and issues
 * queries on the query applications.
 *
 * Every random draw goes through the workload's own streams
 * (AssignStreams: resource placement, then query draws).  The QueryIssued
 * trace fires just before each query is handed to its origin's
 * BloomQueryApplication, so an observer (QueryMetrics) can record what the
 * workload meant to ask: key number and whether the key was never
 * inserted.
 */
class GossipWorkload : public Object
{
  public:
    /// Key numbers of absent-key queries start here (never inserted).
    static constexpr uint64_t kAbsentKeyBase = 2000000000ULL;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    GossipWorkload();

    /**
     * The applications driven, index = node.
     * \param gossip one gossip application per node
     * \param queries empty (no queries) or one BloomQueryApplication per node
     */
    void SetApplications(std::vector<Ptr<BloomGossipApplication>> gossip,
                         std::vector<Ptr<BloomQueryApplication>> queries = {});

    /**
     * Resources 1..resources, each on min(replicas, N) distinct random nodes
     * (placement stream), added when the simulation starts: all of them in
     * id order (AddResourceDeferred), then each holder's filter rebuilt once
     * (CommitResources), linear in R.
     * \param resources number of resources R
     * \param replicas holders per resource
     */
    void PlaceResources(uint32_t resources, uint32_t replicas);

    /**
     * Resource i + 1 on node i, for every node (BCUN's placement), added
     * when the simulation starts; no random draw.
     */
    void PlaceOnePerNode();

    /**
     * The placement PlaceResources draws: for each resource 1..resources
     * (index r - 1), its min(replicas, nodes) distinct holders in draw order.
     * PlaceResources draws through this function from the placement stream,
     * so a caller that needs the holders before the applications exist (the
     * scenario's --mobile-nodes holders) replays it on a variable of that
     * stream.
     * \param rng the placement draws
     * \param nodes the number of nodes N
     * \param resources number of resources R
     * \param replicas holders per resource
     * \return the holders of each resource
     */
    static std::vector<std::vector<uint32_t>> DrawPlacement(Ptr<UniformRandomVariable> rng,
                                                            uint32_t nodes,
                                                            uint32_t resources,
                                                            uint32_t replicas);

    /**
     * Issue queries only from these nodes (the scenario's sinks): a draw's
     * origin is picked among the live ones, which are then the "live
     * nodes" of ScheduleQueries; none alive: the draw is not issued.
     * \param nodes the origins; empty (the default): every node
     */
    void SetOrigins(std::vector<uint32_t> nodes);

    /**
     * Schedule events on the applications.  Throws std::invalid_argument
     * ("event 'T:fail:9': node 9 out of range 0..N-1") on a node this
     * network does not have, and on an event that would change nothing: a
     * removal of a resource no node holds at its time (never placed or
     * added, or removed before; events at one time apply in the order
     * given) and a second failure of a node.  Call after the placement
     * (PlaceResources, PlaceOnePerNode).  Resources added by events are
     * known to the query draws.
     * \param events the events, in any order
     */
    void ScheduleEvents(const std::vector<WorkloadEvent>& events);

    /// When and how queries are issued (ScheduleQueries).
    struct QueryPlan
    {
        uint32_t draws{0};     //!< (origin, key) draws, each issued once per strategy
        double start{0};       //!< time of the first query (s)
        double interval{1};    //!< seconds between two queries
        double absentShare{0}; //!< share of draws for keys never inserted
        std::vector<bloom::QueryStrategy> strategies; //!< issued in this order per draw
        /// TTL of a query of a strategy (0: the application's Ttl attribute).
        std::function<uint8_t(bloom::QueryStrategy)> ttl;
        /// Warm-up draws: made like the others but from their own stream,
        /// issued before the measured ones and not announced (QueryIssued),
        /// so that no metric reports them.
        uint32_t warmup{0};
        double warmupStart{0}; //!< time of the first warm-up query (s)
        /// issued in this order per warm-up draw, every `interval` seconds
        std::vector<bloom::QueryStrategy> warmupStrategies;
    };

    /**
     * Query i with strategy s (S strategies) is issued at start + (i S + s)
     * interval.  Draw i is made when its first query is due, among the live
     * nodes: with probability absentShare (or when no resource is held) a
     * key never inserted from a random live origin; otherwise a random held
     * resource from a random live node that does not hold it.  Warm-up
     * query j (warm-up draw j / W, W warm-up strategies) is issued the same
     * way at warmupStart + j interval, drawn from the warm-up stream, and
     * not announced.  Needs query applications (SetApplications).
     * \param plan when and how queries are issued
     */
    void ScheduleQueries(const QueryPlan& plan);

    /**
     * Streams: `stream` for resource placement, `stream` + 1 for query draws,
     * `stream` + 2 for warm-up query draws (its variable is created only when
     * a plan has warm-up queries).
     * \param stream first stream number to use
     * \return the number of streams used (3)
     */
    int64_t AssignStreams(int64_t stream);

    /// TracedCallback signature of QueryIssued.
    typedef void (*QueryIssuedCallback)(uint32_t origin,
                                        uint64_t key,
                                        bool absent,
                                        bloom::QueryStrategy strategy);

  protected:
    void DoDispose() override;

  private:
    /// One (origin, key) draw of the query plan.
    struct Draw
    {
        bool valid{false};
        uint32_t origin{0};
        uint64_t key{0};
        bool absent{false};
    };

    Draw MakeDraw(uint32_t i, double absentShare, const Ptr<UniformRandomVariable>& rng);
    void IssueWarmup(uint32_t draw, bool first, bloom::QueryStrategy strategy);
    void Remove(uint64_t resource);
    void IssueQuery(uint32_t draw, bool first, bloom::QueryStrategy strategy);

    std::vector<Ptr<BloomGossipApplication>> m_gossip;
    std::vector<Ptr<BloomQueryApplication>> m_queries;
    Ptr<UniformRandomVariable> m_placement;   //!< resource placement draws
    Ptr<UniformRandomVariable> m_queryDraws;  //!< query draws
    std::vector<uint64_t> m_known;            //!< resources placed or added by events
    Ptr<UniformRandomVariable> m_warmupDraws; //!< warm-up query draws (created when needed)
    int64_t m_firstStream{-1};                //!< AssignStreams' first stream (-1: none)
    std::vector<Draw> m_draws;                //!< query draws made so far
    std::vector<Draw> m_warmups;              //!< warm-up draws made so far
    std::vector<uint32_t> m_origins;          //!< query origins (empty: every node)
    QueryPlan m_plan;
    TracedCallback<uint32_t, uint64_t, bool, bloom::QueryStrategy> m_queryIssuedTrace;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_GOSSIP_WORKLOAD_H
