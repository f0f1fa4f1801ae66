/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The distance-vector family's policy: what a node advertises from its own
 * resources and its neighbours' tables.  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_DV_POLICY_H
#define BLOOM_GOSSIP_DV_POLICY_H

#include "filter-policy.h"

#include <string>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * \brief Distance-vector policy: own resources at 0 hops, every live
 * neighbour's entries at one hop more, the least count per id; entries
 * beyond the horizon are dropped (as RIP's 16 bounds counting to infinity);
 * the table is sorted nearest first (ties by id) and cut to the longest
 * prefix whose canonical encoding (DistanceVector::FromEntries) fits the
 * byte budget.
 */
class DvPolicy : public FilterPolicy
{
  public:
    /**
     * \param bytes most payload bytes of one advertisement (1..kMaxSlots)
     * \param horizon largest hop count carried (1..kMaxDvHops)
     */
    DvPolicy(uint32_t bytes, uint32_t horizon);
    FilterKind GetKind() const override;
    FilterShape GetShape() const override;
    bool Accepts(const FilterShape& shape) const override;
    size_t PayloadBytes() const override;
    uint32_t MaxSegments(size_t frameBytes) const override;
    std::string CheckResource(uint64_t id) const override;
    AnyFilter Build(const std::vector<uint64_t>& own,
                    const std::vector<const AnyFilter*>& neighbours) const override;
    bool Covers(const AnyFilter& neighbour, const AnyFilter& mine) const override;
    bool Accumulate(AnyFilter& view, const AnyFilter& neighbour) const override;
    bool Contains(const AnyFilter& filter, const Key& key) const override;
    std::optional<uint32_t> EstimateHops(const AnyFilter& filter, const Key& key) const override;
    std::optional<uint32_t> GradientRank(const AnyFilter& filter, const Key& key) const override;
    bool HasDistance() const override;
    uint32_t Reach() const override;
    std::string Describe() const override;

    /**
     * The table's canonical advertisement: entries sorted by (hops, id), the
     * longest prefix that fits the budget.
     * \param entries one entry per id
     * \return the advertised table
     */
    DistanceVector Advertise(std::vector<DvEntry> entries) const;

  private:
    /// Fold a table's entries, one hop further, into `best` (id -> hops).
    void Relax(const DistanceVector& from, std::vector<DvEntry>& best) const;

    uint32_t m_bytes;
    uint32_t m_horizon;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_DV_POLICY_H
