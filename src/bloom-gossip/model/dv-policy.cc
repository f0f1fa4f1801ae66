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

DvPolicy::DvPolicy(uint32_t bytes, uint32_t horizon)
    : m_bytes(bytes),
      m_horizon(horizon)
{
    if (bytes < 1 || bytes > kMaxSlots)
    {
        throw std::invalid_argument("distance vector budget of " + std::to_string(bytes) +
                                    " bytes out of range 1.." + std::to_string(kMaxSlots));
    }
    if (horizon < 1 || horizon > kMaxDvHops)
    {
        throw std::invalid_argument("distance vector horizon " + std::to_string(horizon) +
                                    " out of range 1.." + std::to_string(kMaxDvHops));
    }
}

FilterKind
DvPolicy::GetKind() const
{
    return FilterKind::DISTANCE_VECTOR;
}

FilterShape
DvPolicy::GetShape() const
{
    return ShapeOf(DistanceVector());
}

bool
DvPolicy::Accepts(const FilterShape& shape) const
{
    return shape.kind == FilterKind::DISTANCE_VECTOR && shape.PayloadBytes() <= m_bytes;
}

size_t
DvPolicy::PayloadBytes() const
{
    return m_bytes;
}

uint32_t
DvPolicy::MaxSegments(size_t frameBytes) const
{
    // The most entries of each width the budget holds; the widest plan wins.
    uint32_t most = SegmentCount(GetShape(), frameBytes);
    for (uint32_t bits = 2; bits <= kMaxDvIdBits + kMaxDvHopBits; ++bits)
    {
        FilterShape shape = GetShape();
        shape.hashes = bits > kMaxDvHopBits ? bits - kMaxDvHopBits : 1;
        shape.slotBits = bits;
        shape.slots =
            static_cast<uint32_t>(std::min<uint64_t>(uint64_t{m_bytes} * 8 / bits, kMaxSlots));
        most = std::max(most, SegmentCount(shape, frameBytes));
    }
    return most;
}

std::string
DvPolicy::CheckResource(uint64_t id) const
{
    if (id >> kMaxDvIdBits != 0)
    {
        return "a distance vector carries ids below 2^" + std::to_string(kMaxDvIdBits);
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
    // One entry per id, the least hop count.
    entries = ById(std::move(entries));
    entries.erase(std::unique(entries.begin(),
                              entries.end(),
                              [](const DvEntry& a, const DvEntry& b) { return a.id == b.id; }),
                  entries.end());
    std::sort(entries.begin(), entries.end(), Nearer);
    // The longest prefix whose canonical encoding fits: the widths only grow
    // with the prefix, so the first entry that does not fit ends it.
    uint32_t maxId = 0;
    size_t fit = 0;
    for (; fit < entries.size(); ++fit)
    {
        maxId = std::max(maxId, entries[fit].id);
        const uint64_t bits = (fit + 1) * uint64_t{DistanceVector::WidthOf(maxId) +
                                                   DistanceVector::WidthOf(entries[fit].hops)};
        if ((bits + 7) / 8 > m_bytes || fit + 1 > kMaxSlots)
        {
            break;
        }
    }
    entries.resize(fit);
    return DistanceVector::FromEntries(std::move(entries));
}

AnyFilter
DvPolicy::Build(const std::vector<uint64_t>& own,
                const std::vector<const AnyFilter*>& neighbours) const
{
    std::vector<DvEntry> best;
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
    FilterShape one = ShapeOf(theirs);
    ++one.slots;
    const bool full = one.PayloadBytes() > m_bytes;
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
    os << "dv bytes=" << m_bytes << " horizon=" << m_horizon;
    return os.str();
}

} // namespace bloom
} // namespace ns3
