/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Distance vector: an exact (resource id, hop count) table, the
 * non-probabilistic reference beside the Bloom-filter families.  Plain
 * C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_DV_FILTER_H
#define BLOOM_GOSSIP_DV_FILTER_H

#include "filter-limits.h"
#include "packed-bits.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * \brief One entry of a distance vector: a resource and its hop count.
 */
struct DvEntry
{
    uint32_t id;   //!< resource id (1 .. 2^kMaxDvIdBits - 1)
    uint32_t hops; //!< hop count (at most kMaxDvHops)

    bool operator==(const DvEntry& o) const
    {
        return id == o.id && hops == o.hops;
    }
};

/**
 * \ingroup bloom-filter-core
 * \brief Distance vector: a list of (resource id, hops) entries, as a RIP
 * or DODAG advertisement carries per destination.
 *
 * Seen by the filter core as a flat array of m entry slots of b bits: the
 * low w = k bits of a slot are the id (1 .. 2^w - 1), the high b - w bits
 * the hop count.  The widths are the sender's configuration (DvPolicy: w
 * from the largest resource id, b - w from the horizon); m, the number of
 * entries, varies from one advertisement to the next (0 allowed).  A slot
 * of value 0 (id 0) is empty: a receiver's copy made from a shape
 * (MakeFilter, before the segments arrive) is all empty, and a slot left
 * empty reads as no entry.  FromEntries() writes a table in its canonical
 * form, nearest first, ties by id.
 *
 * Lookups read the entries by the key hash of the id (Key::FromId), so that
 * queries, which carry key hashes, and the ground truth find them; duplicate
 * ids (which no canonical table has) read as their least hop count.
 *
 * Constructors throw std::invalid_argument on widths or sizes out of range
 * (CheckParameters).
 */
class DistanceVector
{
  public:
    /// An empty table (no entries, widths 1 and 2).
    DistanceVector();

    /**
     * A table of `count` empty entries of the given widths.
     * \param idBits w, bits of the id (1..kMaxDvIdBits)
     * \param entryBits b, bits of an entry (w + 1 .. w + kMaxDvHopBits)
     * \param count m, entries (0..kMaxSlots)
     */
    DistanceVector(uint32_t idBits, uint32_t entryBits, uint32_t count);

    /// The family's traits for the filter core (filter-kinds.h's list).
    static constexpr FilterTraits kTraits{"dv", false, false, false, true};

    /// Write k (id bits), b (entry bits) and m (entries) into a shape.
    template <typename Shape>
    void FillShape(Shape& shape) const
    {
        shape.hashes = m_idBits;
        shape.slotBits = m_entryBits;
        shape.slots = GetCount();
    }

    /// \return a table of empty entries of a shape of this family
    template <typename Shape>
    static DistanceVector FromShape(const Shape& shape)
    {
        return DistanceVector(shape.hashes, shape.slotBits, shape.slots);
    }

    /// Throws std::invalid_argument unless the widths and count are in range.
    static void CheckParameters(uint32_t idBits, uint32_t entryBits, uint64_t count);

    /**
     * The canonical advertisement of a table.
     * \param entries the entries, one per id, ids in 1 .. 2^w - 1 and hop
     *        counts below 2^(b - w) (throws std::invalid_argument otherwise)
     * \param idBits w
     * \param entryBits b
     * \return the table sorted by (hops, id)
     */
    static DistanceVector FromEntries(std::vector<DvEntry> entries,
                                      uint32_t idBits,
                                      uint32_t entryBits);

    /// \return the number of bits that hold `value` (at least 1)
    static uint32_t WidthOf(uint64_t value);

    uint32_t GetIdBits() const
    {
        return m_idBits;
    }

    uint32_t GetEntryBits() const
    {
        return m_entryBits;
    }

    /// \return m, the entry slots (empty or not)
    uint32_t GetCount() const
    {
        return static_cast<uint32_t>(m_slots.size());
    }

    /// \return the entries, in slot order (empty slots skipped)
    std::vector<DvEntry> Entries() const;

    /**
     * \param keyHash Key::FromId(id).GetHash() of a resource
     * \return the hop count of an entry of that id (the least one), or nullopt
     */
    std::optional<uint32_t> FindHops(uint64_t keyHash) const;

    /// Append entry slots first .. first + n - 1 as on the wire (n b bits,
    /// little-endian bit order, zero padding to a whole byte).
    void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const;

    /**
     * Store entry slots first .. first + n - 1 from `data` (bits past n b
     * ignored).  Any change counts as lowered too: a slot may now hold
     * another id, so what the table lost is not known slot by slot.
     */
    StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data);

    bool operator==(const DistanceVector& o) const
    {
        return m_idBits == o.m_idBits && m_entryBits == o.m_entryBits && m_slots == o.m_slots;
    }

    bool operator!=(const DistanceVector& o) const
    {
        return !(*this == o);
    }

  private:
    /// Build the (key hash, hops) index of the entries.
    void Index() const;

    uint32_t m_idBits;
    uint32_t m_entryBits;
    std::vector<uint32_t> m_slots; //!< entry slot values: id | hops << w (0: empty)
    /// (key hash, hops) of the entries, sorted; built on first lookup.
    mutable std::vector<std::pair<uint64_t, uint32_t>> m_index;
    mutable bool m_indexed{false};
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_DV_FILTER_H
