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
}

uint32_t
DistanceVector::WidthOf(uint64_t value)
{
    uint32_t bits = 1;
    while (bits < 64 && (value >> bits) != 0)
    {
        ++bits;
    }
    return bits;
}

DistanceVector
DistanceVector::FromEntries(std::vector<DvEntry> entries, uint32_t idBits, uint32_t entryBits)
{
    DistanceVector dv(idBits, entryBits, static_cast<uint32_t>(entries.size()));
    std::sort(entries.begin(), entries.end(), [](const DvEntry& a, const DvEntry& b) {
        return a.hops != b.hops ? a.hops < b.hops : a.id < b.id;
    });
    const uint32_t hopBits = entryBits - idBits;
    for (size_t i = 0; i < entries.size(); ++i)
    {
        const DvEntry& e = entries[i];
        if (e.id == 0 || e.id >> idBits != 0 || e.hops >> hopBits != 0)
        {
            throw std::invalid_argument("distance vector entry (" + std::to_string(e.id) + ", " +
                                        std::to_string(e.hops) + ") does not fit " +
                                        std::to_string(idBits) + " id bits and " +
                                        std::to_string(hopBits) + " hop bits (ids from 1)");
        }
        dv.m_slots[i] = e.id | e.hops << idBits;
    }
    return dv;
}

std::vector<DvEntry>
DistanceVector::Entries() const
{
    std::vector<DvEntry> out;
    out.reserve(m_slots.size());
    for (uint32_t slot : m_slots)
    {
        const uint32_t id = slot & ((1U << m_idBits) - 1);
        if (id != 0)
        {
            out.push_back({id, slot >> m_idBits});
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
        if (m_slots[slot] != value)
        {
            m_slots[slot] = value;
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
