/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Per-query records of a run: outcome, latency, hops against the BFS truth,
 * frames on air.
 */
#ifndef BLOOM_GOSSIP_QUERY_METRICS_H
#define BLOOM_GOSSIP_QUERY_METRICS_H

#include "gossip-metrics.h"
#include "gossip-workload.h"

#include "ns3/bloom-query-application.h"
#include "ns3/net-device-container.h"
#include "ns3/query-message.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief What happened to one query.
 *
 * Definitions:
 *  - trueHops: BFS distance from the origin to the nearest live holder when
 *    the query was issued (kUnreachable for absent keys or cut-off holders);
 *  - delivered / latencyToHolder / hopsTaken: the query reached a holder;
 *    time from issue to the first arrival at any holder, and the
 *    transmissions the query had taken on the way (gradient: the walk
 *    including backtracks; floods: the hop count of that copy);
 *  - success / roundTrip: the origin received a FOUND reply; time from issue
 *    to that reply;
 *  - stretch: hopsTaken / trueHops (delivered, trueHops >= 1);
 *  - frames: every transmission of a frame of this query on air, queries and
 *    replies of all rounds, MAC retransmissions included (lr-wpan MacTx; on
 *    other devices, frames handed to the device); MAC ACKs are not counted;
 *  - searchFrames / cancelFrames / answerFrames: frames split by kind:
 *    searches (QUERY messages), frames of the strategy's own message type
 *    (QuerySearchShape::messageType: the cancels of abc, bcir, bcir-star),
 *    answers (REPLY messages, and a strategy's own frames that carry the
 *    answer, QuerySearchShape::messageAnswers: blind-flood's answers along
 *    the route); they add up to frames;
 *  - successHops: when success, the hops the search copy whose answer
 *    reached the origin took to its holder (the FOUND reply's query hops;
 *    0 when the origin holds the key): BCUN's axis, beside trueHops;
 *  - outcome: found, filter-absent, no-gradient, exhausted, ttl-expired,
 *    timeout, or pending (no outcome before the end of the simulation).
 */
struct QueryRecord
{
    uint32_t index{0};                                             //!< issue order in the run
    bloom::QueryStrategy strategy{bloom::QueryStrategy::GRADIENT}; //!< strategy
    uint32_t origin{0};                                            //!< node index of the origin
    uint64_t key{0};                                           //!< resource number (or absent id)
    bool absent{false};                                        //!< key never inserted
    uint32_t trueHops{kUnreachable};                           //!< BFS distance at issue time
    double issued{0};                                          //!< issue time (s)
    bool delivered{false};                                     //!< reached a holder
    double latencyToHolder{0};                                 //!< s, when delivered
    uint32_t hopsTaken{0};                                     //!< when delivered
    uint32_t holdersReached{0};                                //!< distinct holders reached
    bool success{false};                                       //!< FOUND reply at the origin
    double roundTrip{0};                                       //!< s, when success
    bloom::QueryOutcome outcome{bloom::QueryOutcome::PENDING}; //!< how it ended
    uint64_t frames{0};                                        //!< transmissions on air
    uint64_t searchFrames{0};                                  //!< of frames: searches (QUERY)
    uint64_t cancelFrames{0}; //!< of frames: the strategy's own message type (cancels)
    uint64_t answerFrames{0}; //!< of frames: answers (REPLY, own answer frames)
    uint32_t successHops{0};  //!< when success: hops of the answered search copy
    /// PHY bytes of those transmissions (MAC frame + 6 bytes SHR/PHR; without
    /// MAC tracking: payload + 17), for the query's transmit energy
    uint64_t airBytes{0};

    /// \return hopsTaken / trueHops, NaN when not delivered or trueHops is 0 or unknown
    double Stretch() const;
};

/**
 * \ingroup bloom-gossip
 * \brief Summary of the queries of one strategy.  success, latency and
 * stretch figures are over the queries for present keys whose holder was
 * reachable ("reachable" queries); absentFrames over the queries for absent
 * keys.  NaN where there is nothing to average.
 */
struct QuerySummary
{
    bloom::QueryStrategy strategy{bloom::QueryStrategy::GRADIENT}; //!< strategy summarised
    uint64_t queries{0};                                           //!< all queries of the strategy
    uint64_t reachable{0};   //!< present key, holder reachable
    uint64_t absent{0};      //!< absent key
    double success{0};       //!< share of reachable queries answered (FOUND reply)
    double delivered{0};     //!< share of reachable queries that reached a holder
    double latencyMedian{0}; //!< to the holder, over delivered reachable queries (s)
    double latencyP95{0};    //!< to the holder, 95th percentile (s)
    double rttMedian{0};     //!< round trip, over successful reachable queries (s)
    double stretch{0};       //!< mean hopsTaken / trueHops over delivered reachable queries
    double frames{0};        //!< mean frames per reachable query
    double absentFrames{0};  //!< mean frames per absent-key query
    double airBytes{0};      //!< mean PHY bytes transmitted per reachable query
};

/**
 * \param records the records of a run
 * \param strategy the strategy summarised
 * \return the summary of the records of that strategy
 */
QuerySummary SummariseQueries(const std::vector<QueryRecord>& records,
                              bloom::QueryStrategy strategy);

/**
 * \ingroup bloom-gossip
 * \brief What else follows the queries of a run (e.g. the query paths of
 * the scenario harness), through QueryMetrics' one subscription to the
 * query traces: QueryMetrics calls it after updating the query's record.
 * An observer only observes (it changes neither the run nor the records).
 */
class QueryObserver
{
  public:
    virtual ~QueryObserver() = default;
    /**
     * A query was issued (the workload's QueryIssued).
     * \param record its record (index, strategy, origin, key, true distance)
     */
    virtual void QueryIssued(const QueryRecord& record) = 0;
    /**
     * A node transmitted the query (its application's QueryForwarded).
     * \param record the query's record
     * \param node the node index
     * \param hops hops so far, this transmission included
     * \param backtrack whether the transmission is a gradient backtrack
     */
    virtual void QueryForwarded(const QueryRecord& record,
                                uint32_t node,
                                uint8_t hops,
                                bool backtrack) = 0;
    /**
     * The query reached a holder (its application's QueryDelivered).
     * \param record the query's record
     * \param node the holder's node index
     * \param hops the hops the query took
     */
    virtual void QueryDelivered(const QueryRecord& record, uint32_t node, uint8_t hops) = 0;
};

/**
 * \ingroup bloom-gossip
 * \brief Issues queries and records their fate through the query
 * applications' trace sources (and the lr-wpan MACs' MacTx trace for frame
 * counts).
 */
class QueryMetrics
{
  public:
    /// \param apps one query application per node, index = node index of `truth`.
    /// \param truth ground truth (hop distances) of the same nodes.
    QueryMetrics(std::vector<Ptr<BloomQueryApplication>> apps, const GossipMetrics& truth);

    /**
     * Count transmissions on air through these devices' lr-wpan MAC (MacTx).
     * \param devices the devices of the network
     */
    void TrackDevices(const NetDeviceContainer& devices);
    /**
     * Record the queries a workload issues (its QueryIssued trace): origin,
     * key number, whether the key was never inserted, true distance then.
     * \param workload the workload issuing the queries
     */
    void TrackWorkload(Ptr<GossipWorkload> workload);

    /**
     * Close the run: a query still pending whose timeout (the origin's
     * QueryTimeout) fell at or before `end` timed out (the stop event runs
     * before a timeout due at the same instant).
     * \param end the end of the simulation
     */
    void Finish(Time end);

    /**
     * Let `observer` follow the queries through these metrics' subscription
     * (no second connection to the trace sources).
     * \param observer the observer (not owned; must outlive the run), or nullptr
     */
    void SetObserver(QueryObserver* observer)
    {
        m_observer = observer;
    }

    /// \return one record per query issued, in issue order
    const std::vector<QueryRecord>& GetRecords() const
    {
        return m_records;
    }

  private:
    QueryRecord* Find(const bloom::QueryId& id);
    void OnIssued(uint32_t origin, uint64_t key, bool absent, bloom::QueryStrategy strategy);
    void OnSent(const bloom::QueryId& id, uint64_t keyHash, bloom::QueryStrategy strategy);
    static void OnForwarded(QueryMetrics* self,
                            uint32_t node,
                            const bloom::QueryId& id,
                            uint8_t hops,
                            bool backtrack);
    static void OnDelivered(QueryMetrics* self,
                            uint32_t node,
                            const bloom::QueryId& id,
                            uint8_t hops);
    void OnFailed(const bloom::QueryId& id, bloom::QueryOutcome outcome);
    void OnReply(const bloom::QueryId& id, uint16_t holder, uint8_t queryHops, uint8_t replyHops);
    void OnFrame(const bloom::QueryId& id, Ptr<const Packet> packet);
    void OnMacTx(Ptr<const Packet> packet);

    std::vector<Ptr<BloomQueryApplication>> m_apps;
    const GossipMetrics& m_truth;
    std::vector<QueryRecord> m_records;
    std::map<bloom::QueryId, size_t> m_byId;
    /// What kind of query frame a frame is (QueryRecord's frame counters).
    enum class FrameKind : uint8_t
    {
        SEARCH, //!< QUERY message
        CANCEL, //!< the strategy's own message type
        ANSWER, //!< REPLY message
    };
    /// Count one transmission of a frame. \param r its query \param kind its kind
    /// \param airBytes its PHY bytes
    static void CountFrame(QueryRecord& r, FrameKind kind, uint64_t airBytes);
    /// Frames handed to lr-wpan devices by packet uid, until MacTx: query, kind.
    std::unordered_map<uint64_t, std::pair<size_t, FrameKind>> m_byUid;
    size_t m_issuing{SIZE_MAX};
    bool m_macTracked{false};
    uint32_t m_frameOverhead{6};        ///< bytes a MacTx frame adds to its packet (device type)
    QueryObserver* m_observer{nullptr}; //!< SetObserver's, or none
};

} // namespace ns3

#endif // BLOOM_GOSSIP_QUERY_METRICS_H
