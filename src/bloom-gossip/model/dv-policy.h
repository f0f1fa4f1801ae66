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
 * the table is sorted nearest first (ties by id) and cut to the entries
 * the byte budget holds.
 *
 * Entries are w + h bits: w = `idBits` (the run's largest resource id sets
 * it), h the least that holds the horizon; the budget of B bytes holds
 * floor(8 B / (w + h)) of them (the capacity, GetShape()'s m).  An
 * advertisement carries up to that many: its shape differs from GetShape()
 * in m only, which Accepts() allows.
 */
class DvPolicy : public FilterPolicy
{
  public:
    /**
     * Throws std::invalid_argument on a parameter out of range or a budget
     * that holds no entry.
     * \param bytes most payload bytes of one advertisement (1..kMaxSlots)
     * \param horizon largest hop count carried (1..kMaxDvHops)
     * \param idBits id width w (1..kMaxDvIdBits): ids 1 .. 2^w - 1
     */
    DvPolicy(uint32_t bytes, uint32_t horizon, uint32_t idBits);

    /// \return why the parameters are unusable (e.g. no entry fits), or empty
    static std::string Check(uint32_t bytes, uint32_t horizon, uint32_t idBits);

    FilterKind GetKind() const override;
    FilterShape GetShape() const override;
    bool Accepts(const FilterShape& shape) const override;
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

    /// \return the entries one advertisement holds
    uint32_t GetCapacity() const
    {
        return m_capacity;
    }

    /**
     * The table's canonical advertisement: one entry per id (the least
     * count), sorted by (hops, id), the first GetCapacity() of them.
     * \param entries the candidate entries
     * \return the advertised table
     */
    DistanceVector Advertise(std::vector<DvEntry> entries) const;

  private:
    /// Append a table's entries, one hop further and within the horizon.
    void Relax(const DistanceVector& from, std::vector<DvEntry>& out) const;

    uint32_t m_bytes;
    uint32_t m_horizon;
    uint32_t m_idBits;
    uint32_t m_entryBits;
    uint32_t m_capacity;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_DV_POLICY_H
