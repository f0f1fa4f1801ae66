/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hsbf-gossip.h"

#include "ns3/filter-family.h"
#include "ns3/filter-limits.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HsbfGossipApplication");

NS_OBJECT_ENSURE_REGISTERED(HsbfGossipApplication);

namespace
{

/// The filter class' kind, for the filter core: a name, the shape rules
/// (levels of one-bit slots) and an empty filter of a shape.
const bloom::PluginFilterRegistration g_kind(
    {kHsbfKind,
     bloom::FilterTraits{"hsbf", false, true, false},
     [](const bloom::FilterShape& s) -> std::unique_ptr<bloom::PluginFilterBody> {
         return std::make_unique<HopScopedBloomFilter>(s.depth, s.slots, s.hashes);
     }});

/// The family's descriptor: names, application, capabilities, its option.
bloom::FilterFamily
Family()
{
    bloom::FilterFamily f;
    f.kind = kHsbfKind;
    f.name = "hsbf";
    f.label = "HSBF";
    f.title = "Hop-scoped BF";
    f.typeId = "ns3::HsbfGossipApplication";
    f.sizeAttribute = "Bits";
    f.sizeHelp = "bits per level";
    f.distance = true;
    f.purgeBound = true; // a stale bit falls off after scope + 1 rounds
    f.options = {{"scope",
                  "Scope",
                  "HSBF: resources farther than this many hops are not advertised",
                  "scope",
                  "hops"}};
    return f;
}

const bloom::FilterFamilyRegistration g_family(Family());

/// The filter of a filter (an HSBF, as the policy's GetShape says).
const HopScopedBloomFilter&
Hsbf(const bloom::AnyFilter& f)
{
    return std::get<bloom::PluginFilter>(f).As<HopScopedBloomFilter>();
}

} // namespace

// ----------------------------------------------------------------- filter

HopScopedBloomFilter::HopScopedBloomFilter(uint32_t levels, uint32_t bits, uint32_t hashes)
    : m_levels(levels),
      m_bits(bits),
      m_hashes(hashes),
      m_slots(uint64_t{levels} * bits)
{
}

void
HopScopedBloomFilter::FillShape(bloom::FilterShape& shape) const
{
    shape.hashes = m_hashes;
    shape.slots = m_bits;
    shape.depth = m_levels;
}

void
HopScopedBloomFilter::AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const
{
    m_slots.AppendBytes(out, first, n);
}

bloom::StoreEffect
HopScopedBloomFilter::StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data)
{
    return m_slots.StoreFields(first, data, 0, n, 1);
}

void
HopScopedBloomFilter::Insert(const bloom::Key& key, uint32_t level)
{
    for (uint32_t i = 0; i < m_hashes; ++i)
    {
        m_slots.SetBit(uint64_t{level} * m_bits + key.Position(i, m_bits));
    }
}

std::optional<uint32_t>
HopScopedBloomFilter::LowestLevel(const bloom::Key& key) const
{
    for (uint32_t level = 0; level < m_levels; ++level)
    {
        bool all = true;
        for (uint32_t i = 0; i < m_hashes && all; ++i)
        {
            all = m_slots.Test(uint64_t{level} * m_bits + key.Position(i, m_bits));
        }
        if (all)
        {
            return level;
        }
    }
    return std::nullopt;
}

bool
HopScopedBloomFilter::MergeShifted(const HopScopedBloomFilter& neighbour)
{
    bool changed = false;
    for (uint64_t bit = 0; bit + m_bits < uint64_t{m_levels} * m_bits; ++bit)
    {
        if (neighbour.m_slots.Test(bit) && !m_slots.Test(bit + m_bits))
        {
            m_slots.SetBit(bit + m_bits);
            changed = true;
        }
    }
    return changed;
}

bool
HopScopedBloomFilter::ShiftedSubsetOf(const HopScopedBloomFilter& neighbour) const
{
    for (uint64_t bit = 0; bit + m_bits < uint64_t{m_levels} * m_bits; ++bit)
    {
        if (m_slots.Test(bit) && !neighbour.m_slots.Test(bit + m_bits))
        {
            return false;
        }
    }
    return true;
}

uint32_t
HopScopedBloomFilter::GetLevels() const
{
    return m_levels;
}

uint32_t
HopScopedBloomFilter::GetBits() const
{
    return m_bits;
}

uint32_t
HopScopedBloomFilter::GetHashes() const
{
    return m_hashes;
}

bool
HopScopedBloomFilter::operator==(const HopScopedBloomFilter& o) const
{
    return m_levels == o.m_levels && m_bits == o.m_bits && m_hashes == o.m_hashes &&
           m_slots == o.m_slots;
}

// ----------------------------------------------------------------- policy

HsbfPolicy::HsbfPolicy(uint32_t scope, uint32_t bits, uint32_t hashes)
    : m_empty(scope + 1, bits, hashes)
{
}

bloom::FilterKind
HsbfPolicy::GetKind() const
{
    return kHsbfKind;
}

bloom::FilterShape
HsbfPolicy::GetShape() const
{
    return bloom::ShapeOf(bloom::AnyFilter(
        bloom::PluginFilter(kHsbfKind, std::make_unique<HopScopedBloomFilter>(m_empty))));
}

bloom::AnyFilter
HsbfPolicy::Build(const std::vector<uint64_t>& own,
                  const std::vector<const bloom::AnyFilter*>& neighbours) const
{
    auto f = std::make_unique<HopScopedBloomFilter>(m_empty);
    for (uint64_t id : own)
    {
        f->Insert(bloom::Key::FromId(id), 0);
    }
    for (const bloom::AnyFilter* n : neighbours)
    {
        f->MergeShifted(Hsbf(*n));
    }
    return bloom::PluginFilter(kHsbfKind, std::move(f));
}

bool
HsbfPolicy::Covers(const bloom::AnyFilter& neighbour, const bloom::AnyFilter& mine) const
{
    return Hsbf(mine).ShiftedSubsetOf(Hsbf(neighbour));
}

bool
HsbfPolicy::Accumulate(bloom::AnyFilter& view, const bloom::AnyFilter& neighbour) const
{
    return std::get<bloom::PluginFilter>(view).As<HopScopedBloomFilter>().MergeShifted(
        Hsbf(neighbour));
}

bool
HsbfPolicy::Contains(const bloom::AnyFilter& filter, const bloom::Key& key) const
{
    return Hsbf(filter).LowestLevel(key).has_value();
}

std::optional<uint32_t>
HsbfPolicy::EstimateHops(const bloom::AnyFilter& filter, const bloom::Key& key) const
{
    return Hsbf(filter).LowestLevel(key);
}

std::optional<uint32_t>
HsbfPolicy::GradientRank(const bloom::AnyFilter& filter, const bloom::Key& key) const
{
    return Hsbf(filter).LowestLevel(key);
}

bool
HsbfPolicy::HasDistance() const
{
    return true;
}

uint32_t
HsbfPolicy::Reach() const
{
    return m_empty.GetLevels() - 1;
}

std::string
HsbfPolicy::Describe() const
{
    std::ostringstream os;
    os << "hsbf scope=" << m_empty.GetLevels() - 1 << " m=" << m_empty.GetBits()
       << " k=" << m_empty.GetHashes();
    return os.str();
}

// ------------------------------------------------------------ application

TypeId
HsbfGossipApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HsbfGossipApplication")
            .SetParent<BloomGossipApplication>()
            .SetGroupName("BloomGossip")
            .AddConstructor<HsbfGossipApplication>()
            .AddAttribute("Bits",
                          "Bits m of each level.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&HsbfGossipApplication::m_bits),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxSlots))
            .AddAttribute("Hashes",
                          "Hash functions k.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&HsbfGossipApplication::m_hashes),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxHashes))
            .AddAttribute("Scope",
                          "Hops kept: a resource farther away is not advertised (levels "
                          "0..Scope).",
                          UintegerValue(3),
                          MakeUintegerAccessor(&HsbfGossipApplication::m_scope),
                          MakeUintegerChecker<uint32_t>(0, 254));
    return tid;
}

std::unique_ptr<bloom::FilterPolicy>
HsbfGossipApplication::CreatePolicy() const
{
    NS_LOG_FUNCTION(this << m_bits << m_hashes << m_scope);
    return std::make_unique<HsbfPolicy>(m_scope, m_bits, m_hashes);
}

} // namespace ns3
