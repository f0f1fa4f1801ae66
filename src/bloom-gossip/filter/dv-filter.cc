/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dv-filter.h"

#include "bloom-hash.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{
namespace bloom
{

void
DistanceVector::CheckParameters(uint32_t idBits, uint32_t entryBits, uint64_t count)
{
    if (idBits < 1 || idBits > kMaxDvIdBits)
    {
        throw std::invalid_argument("distance vector id bits " + std::to_string(idBits) +
                                    " out of range 1.." + std::to_string(kMaxDvIdBits));
    }
    if (entryBits <= idBits || entryBits > idBits + kMaxDvHopBits)
    {
        throw std::invalid_argument("distance vector entry bits " + std::to_string(entryBits) +
                                    " out of range " + std::to_string(idBits + 1) + ".." +
                                    std::to_string(idBits + kMaxDvHopBits));
    }
    if (count > kMaxSlots)
    {
        throw std::invalid_argument("distance vector of " + std::to_string(count) +
                                    " entries; at most " + std::to_string(kMaxSlots));
    }
}

DistanceVector::DistanceVector()
    : DistanceVector(1, 2, 0)
{
}

DistanceVector::DistanceVector(uint32_t idBits, uint32_t entryBits, uint32_t count)
    : m_idBits(idBits),
      m_entryBits(entryBits)
{
    CheckParameters(idBits, entryBits, count);
    m_slots.assign(count, 0);
    m_present.assign(count, false);
}

uint32_t
DistanceVector::WidthOf(uint32_t value)
{
    uint32_t bits = 1;
    while (bits < 32 && (value >> bits) != 0)
    {
        ++bits;
    }
    return bits;
}

DistanceVector
DistanceVector::FromEntries(std::vector<DvEntry> entries)
{
    std::sort(entries.begin(), entries.end(), [](const DvEntry& a, const DvEntry& b) {
        return a.hops != b.hops ? a.hops < b.hops : a.id < b.id;
    });
    uint32_t maxId = 0;
    uint32_t maxHops = 0;
    for (const DvEntry& e : entries)
    {
        if (e.id >> kMaxDvIdBits != 0 || e.hops > kMaxDvHops)
        {
            throw std::invalid_argument("distance vector entry (" + std::to_string(e.id) + ", " +
                                        std::to_string(e.hops) + ") out of range");
        }
        maxId = std::max(maxId, e.id);
        maxHops = std::max(maxHops, e.hops);
    }
    const uint32_t w = WidthOf(maxId);
    DistanceVector dv(w, w + WidthOf(maxHops), static_cast<uint32_t>(entries.size()));
    for (size_t i = 0; i < entries.size(); ++i)
    {
        dv.m_slots[i] = entries[i].id | entries[i].hops << w;
        dv.m_present[i] = true;
    }
    return dv;
}

std::vector<DvEntry>
DistanceVector::Entries() const
{
    std::vector<DvEntry> out;
    for (size_t i = 0; i < m_slots.size(); ++i)
    {
        if (m_present[i])
        {
            out.push_back({m_slots[i] & ((1U << m_idBits) - 1), m_slots[i] >> m_idBits});
        }
    }
    return out;
}

void
DistanceVector::Index() const
{
    m_index.clear();
    for (const DvEntry& e : Entries())
    {
        m_index.emplace_back(Key::FromId(e.id).GetHash(), e.hops);
    }
    std::sort(m_index.begin(), m_index.end());
    m_indexed = true;
}

std::optional<uint32_t>
DistanceVector::FindHops(uint64_t keyHash) const
{
    if (!m_indexed)
    {
        Index();
    }
    const auto it =
        std::lower_bound(m_index.begin(), m_index.end(), std::make_pair(keyHash, uint32_t{0}));
    if (it == m_index.end() || it->first != keyHash)
    {
        return std::nullopt;
    }
    return it->second;
}

void
DistanceVector::AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const
{
    if (first + n > m_slots.size())
    {
        throw std::out_of_range("distance vector slots out of range");
    }
    PackedBits packed(n * m_entryBits);
    for (uint64_t i = 0; i < n; ++i)
    {
        packed.Set(i * m_entryBits, m_entryBits, m_slots[first + i]);
    }
    packed.AppendBytes(out);
}

StoreEffect
DistanceVector::StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data)
{
    if (first + n > m_slots.size())
    {
        throw std::out_of_range("distance vector slots out of range");
    }
    StoreEffect effect;
    for (uint64_t i = 0; i < n; ++i)
    {
        uint32_t value = 0;
        for (uint32_t bit = 0; bit < m_entryBits; ++bit)
        {
            const uint64_t at = i * m_entryBits + bit;
            value |= static_cast<uint32_t>(data[at / 8] >> (at % 8) & 1U) << bit;
        }
        const uint64_t slot = first + i;
        if (!m_present[slot] || m_slots[slot] != value)
        {
            m_slots[slot] = value;
            m_present[slot] = true;
            effect.changed = effect.lowered = true;
        }
    }
    if (effect.changed)
    {
        m_indexed = false;
    }
    return effect;
}

} // namespace bloom
} // namespace ns3
