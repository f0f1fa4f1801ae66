/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bf-policy.h"

#include "ns3/ideal-hashing.h"

#include <limits>
#include <sstream>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

BfPolicy::BfPolicy(uint32_t bits, uint32_t hashes)
    : m_empty(bits, hashes)
{
}

FilterKind
BfPolicy::GetKind() const
{
    return FilterKind::BLOOM;
}

FilterShape
BfPolicy::GetShape() const
{
    return ShapeOf(m_empty);
}

AnyFilter
BfPolicy::Build(const std::vector<uint64_t>& own,
                const std::vector<const AnyFilter*>& neighbours) const
{
    BloomFilter f = m_empty;
    for (uint64_t id : own)
    {
        const Key key = Key::FromId(id);
        f.Insert(key);
    }
    for (const AnyFilter* n : neighbours)
    {
        f.Union(std::get<BloomFilter>(*n));
    }
    return f;
}

bool
BfPolicy::Covers(const AnyFilter& neighbour, const AnyFilter& mine) const
{
    return std::get<BloomFilter>(mine).Bits().IsSubsetOf(std::get<BloomFilter>(neighbour).Bits());
}

bool
BfPolicy::Accumulate(AnyFilter& view, const AnyFilter& neighbour) const
{
    return std::get<BloomFilter>(view).Union(std::get<BloomFilter>(neighbour));
}

bool
BfPolicy::Contains(const AnyFilter& filter, const Key& key) const
{
    return std::get<BloomFilter>(filter).Contains(key);
}

std::optional<uint32_t>
BfPolicy::EstimateHops(const AnyFilter&, const Key&) const
{
    return std::nullopt;
}

std::optional<uint32_t>
BfPolicy::GradientRank(const AnyFilter&, const Key&) const
{
    return std::nullopt;
}

bool
BfPolicy::HasDistance() const
{
    return false;
}

uint32_t
BfPolicy::Reach() const
{
    return std::numeric_limits<uint32_t>::max();
}

std::string
BfPolicy::Describe() const
{
    std::ostringstream os;
    os << "bf m=" << m_empty.GetBits() << " k=" << m_empty.GetHashes();
    return os.str();
}

std::optional<FilterPolicy::IdealFigures>
BfPolicy::IdealModel(const std::vector<uint32_t>& hops) const
{
    const auto n = static_cast<uint32_t>(hops.size());
    return IdealFigures{IdealHashingFpr(m_empty.GetBits(), m_empty.GetHashes(), n), std::nullopt};
}

} // namespace bloom
} // namespace ns3
