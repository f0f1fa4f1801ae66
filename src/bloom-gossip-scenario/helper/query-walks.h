/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The paths of a run's queries, hop by hop, with the shortest path of each
 * at its issue (--walk-csv).  Follows the queries through QueryMetrics (one
 * subscription to the query traces).
 */
#ifndef BLOOM_GOSSIP_QUERY_WALKS_H
#define BLOOM_GOSSIP_QUERY_WALKS_H

#include "ns3/gossip-metrics.h"
#include "ns3/query-metrics.h"
#include "ns3/query-strategy.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/// \ingroup bloom-gossip
/// One step of a query path.
struct WalkRow
{
    uint32_t query{0};                                             //!< issue order in the run
    bloom::QueryStrategy strategy{bloom::QueryStrategy::GRADIENT}; //!< strategy
    uint32_t origin{0};                                            //!< origin node
    uint64_t key{0};                                               //!< resource number
    std::string kind;                                              //!< send, deliver or shortest
    uint32_t step{0};      //!< order within the query and kind
    double time{0};        //!< s (shortest: issue time)
    uint32_t node{0};      //!< node index
    uint32_t hops{0};      //!< hops so far (send: incl. this transmission)
    bool backtrack{false}; //!< send: a gradient backtrack
};

/**
 * \ingroup bloom-gossip
 * \brief Records the query paths: every transmission ("send") and arrival
 * at a holder ("deliver") of every query, and at its issue the shortest
 * path down the truth's BFS distances ("shortest").  Attach it with
 * QueryMetrics::SetObserver.
 */
class QueryWalkRecorder : public QueryObserver
{
  public:
    /// \param truth the run's ground truth (distances and graph at issue time)
    explicit QueryWalkRecorder(const GossipMetrics& truth);

    void QueryIssued(const QueryRecord& record) override;
    void QueryForwarded(const QueryRecord& record,
                        uint32_t node,
                        uint8_t hops,
                        bool backtrack) override;
    void QueryDelivered(const QueryRecord& record, uint32_t node, uint8_t hops) override;

    /// \return the steps recorded, in order
    const std::vector<WalkRow>& GetRows() const
    {
        return m_rows;
    }

  private:
    /// Add a step of `kind` now.
    void Add(const QueryRecord& record,
             const std::string& kind,
             uint32_t node,
             uint32_t hops,
             bool backtrack);

    const GossipMetrics& m_truth;                                 //!< ground truth
    std::vector<WalkRow> m_rows;                                  //!< steps so far
    std::map<std::pair<uint32_t, std::string>, uint32_t> m_steps; //!< next step by query, kind
};

} // namespace ns3

#endif // BLOOM_GOSSIP_QUERY_WALKS_H
