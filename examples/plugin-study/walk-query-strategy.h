/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A query strategy of the plug-in study, outside the module: a random walk
 * biased towards the neighbours whose filters report the key.
 */
#ifndef PLUGIN_STUDY_WALK_QUERY_STRATEGY_H
#define PLUGIN_STUDY_WALK_QUERY_STRATEGY_H

#include "ns3/bloom-query-strategy.h"

namespace ns3
{

/**
 * \brief walk (code 200; every family): the query is unicast hop by hop; a
 * node that does not hold the key sends it on to one live neighbour, with
 * probability Bias one whose advertised filter reports the key (when one
 * does), else any, each at random.  A holder answers (a FOUND reply along
 * the reverse path); the walk ends where its TTL (4 per hop of diameter)
 * runs out, and the origin gives up at its timeout.
 */
class WalkQueryStrategy : public BloomQueryStrategy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return its registration (code 200, "walk")
    static bloom::QueryStrategyInfo Registration();

    void Start(const bloom::QueryMessage& m) override;
    void Receive(const bloom::QueryMessage& m, const Address& from) override;

  private:
    /// Send the walk on from this node. \param m the search as it arrived (or issued)
    void Step(const bloom::QueryMessage& m);

    double m_bias; //!< Bias: the share of steps to a neighbour reporting the key
};

} // namespace ns3

#endif // PLUGIN_STUDY_WALK_QUERY_STRATEGY_H
