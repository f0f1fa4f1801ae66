/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dv-policy.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

namespace
{

/// (hops, id) order: nearest first, ties by id.
bool
Nearer(const DvEntry& a, const DvEntry& b)
{
    return a.hops != b.hops ? a.hops < b.hops : a.id < b.id;
}

/// Entries sorted by id.
std::vector<DvEntry>
ById(std::vector<DvEntry> entries)
{
    std::sort(entries.begin(), entries.end(), [](const DvEntry& a, const DvEntry& b) {
        return a.id != b.id ? a.id < b.id : a.hops < b.hops;
    });
    return entries;
}

} // namespace

std::string
DvPolicy::Check(uint32_t bytes, uint32_t horizon, uint32_t idBits)
{
    if (bytes < 1 || bytes > kMaxSlots)
    {
        return "budget of " + std::to_string(bytes) + " bytes out of range 1.." +
               std::to_string(kMaxSlots);
    }
    if (horizon < 1 || horizon > kMaxDvHops)
    {
        return "horizon " + std::to_string(horizon) + " out of range 1.." +
               std::to_string(kMaxDvHops);
    }
    if (idBits < 1 || idBits > kMaxDvIdBits)
    {
        return "id bits " + std::to_string(idBits) + " out of range 1.." +
               std::to_string(kMaxDvIdBits);
    }
    const uint32_t entry = idBits + DistanceVector::WidthOf(horizon);
    if (uint64_t{bytes} * 8 < entry)
    {
        return std::to_string(bytes) + " bytes hold no entry of " + std::to_string(entry) +
               " bits (" + std::to_string(idBits) + " id bits, " + std::to_string(entry - idBits) +
               " for hop counts up to " + std::to_string(horizon) + ")";
    }
    return "";
}

DvPolicy::DvPolicy(uint32_t bytes, uint32_t horizon, uint32_t idBits)
    : m_bytes(bytes),
      m_horizon(horizon),
      m_idBits(idBits),
      m_entryBits(0),
      m_capacity(0)
{
    const std::string problem = Check(bytes, horizon, idBits);
    if (!problem.empty())
    {
        throw std::invalid_argument("distance vector: " + problem);
    }
    m_entryBits = idBits + DistanceVector::WidthOf(horizon);
    m_capacity =
        static_cast<uint32_t>(std::min<uint64_t>(uint64_t{bytes} * 8 / m_entryBits, kMaxSlots));
}

FilterKind
DvPolicy::GetKind() const
{
    return FilterKind::DISTANCE_VECTOR;
}

FilterShape
DvPolicy::GetShape() const
{
    return ShapeOf(DistanceVector(m_idBits, m_entryBits, m_capacity));
}

bool
DvPolicy::Accepts(const FilterShape& shape) const
{
    FilterShape full = shape;
    full.slots = m_capacity;
    return full == GetShape() && shape.slots <= m_capacity;
}

std::string
DvPolicy::CheckResource(uint64_t id) const
{
    if (id == 0 || id >> m_idBits != 0)
    {
        return "a distance vector of " + std::to_string(m_idBits) + " id bits carries ids 1.." +
               std::to_string((uint64_t{1} << m_idBits) - 1);
    }
    return "";
}

void
DvPolicy::Relax(const DistanceVector& from, std::vector<DvEntry>& best) const
{
    for (const DvEntry& e : from.Entries())
    {
        if (e.hops + 1 <= m_horizon)
        {
            best.push_back({e.id, e.hops + 1});
        }
    }
}

DistanceVector
DvPolicy::Advertise(std::vector<DvEntry> entries) const
{
    // One entry per id, the least hop count; then nearest first, ties by id.
    entries = ById(std::move(entries));
    entries.erase(std::unique(entries.begin(),
                              entries.end(),
                              [](const DvEntry& a, const DvEntry& b) { return a.id == b.id; }),
                  entries.end());
    std::sort(entries.begin(), entries.end(), Nearer);
    if (entries.size() > m_capacity)
    {
        entries.resize(m_capacity);
    }
    return DistanceVector::FromEntries(std::move(entries), m_idBits, m_entryBits);
}

AnyFilter
DvPolicy::Build(const std::vector<uint64_t>& own,
                const std::vector<const AnyFilter*>& neighbours) const
{
    std::vector<DvEntry> best;
    best.reserve(own.size());
    for (uint64_t id : own)
    {
        best.push_back({static_cast<uint32_t>(id), 0});
    }
    for (const AnyFilter* n : neighbours)
    {
        Relax(std::get<DistanceVector>(*n), best);
    }
    return Advertise(std::move(best));
}

bool
DvPolicy::Covers(const AnyFilter& neighbour, const AnyFilter& mine) const
{
    const auto& theirs = std::get<DistanceVector>(neighbour);
    std::vector<DvEntry> offered;
    Relax(std::get<DistanceVector>(mine), offered);
    const DistanceVector given = Advertise(std::move(offered));
    const std::vector<DvEntry> held = theirs.Entries();
    // A full table that holds only nearer entries covers what it has no room for.
    const bool full = held.size() >= m_capacity;
    const DvEntry last = held.empty() ? DvEntry{0, 0} : held.back();
    const std::vector<DvEntry> heldById = ById(held);
    for (const DvEntry& e : given.Entries())
    {
        const auto it = std::lower_bound(heldById.begin(),
                                         heldById.end(),
                                         DvEntry{e.id, 0},
                                         [](const DvEntry& a, const DvEntry& b) {
                                             return a.id != b.id ? a.id < b.id : a.hops < b.hops;
                                         });
        const bool known = it != heldById.end() && it->id == e.id && it->hops <= e.hops;
        if (!known && !(full && !held.empty() && Nearer(last, e)))
        {
            return false;
        }
    }
    return true;
}

bool
DvPolicy::Accumulate(AnyFilter& view, const AnyFilter& neighbour) const
{
    // The view is the least count per id within the budget; a neighbour that
    // only gained entries or lost hops can only improve entries, so merging
    // it into the view and cutting again gives what Build would.
    auto& table = std::get<DistanceVector>(view);
    std::vector<DvEntry> best = table.Entries();
    Relax(std::get<DistanceVector>(neighbour), best);
    DistanceVector next = Advertise(std::move(best));
    if (next == table)
    {
        return false;
    }
    table = std::move(next);
    return true;
}

bool
DvPolicy::Contains(const AnyFilter& filter, const Key& key) const
{
    return std::get<DistanceVector>(filter).FindHops(key.GetHash()).has_value();
}

std::optional<uint32_t>
DvPolicy::EstimateHops(const AnyFilter& filter, const Key& key) const
{
    return std::get<DistanceVector>(filter).FindHops(key.GetHash());
}

std::optional<uint32_t>
DvPolicy::GradientRank(const AnyFilter& filter, const Key& key) const
{
    return EstimateHops(filter, key);
}

bool
DvPolicy::HasDistance() const
{
    return true;
}

uint32_t
DvPolicy::Reach() const
{
    return m_horizon;
}

std::string
DvPolicy::Describe() const
{
    std::ostringstream os;
    os << "dv bytes=" << m_bytes << " horizon=" << m_horizon << " id-bits=" << m_idBits;
    return os.str();
}

} // namespace bloom
} // namespace ns3
