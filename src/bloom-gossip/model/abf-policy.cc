/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "abf-policy.h"

#include <limits>
#include <sstream>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

AbfPolicy::AbfPolicy(uint32_t depth, uint32_t bits, uint32_t hashes)
    : m_empty(depth, bits, hashes)
{
}

FilterKind
AbfPolicy::GetKind() const
{
    return FilterKind::ATTENUATED;
}

FilterShape
AbfPolicy::GetShape() const
{
    return ShapeOf(m_empty);
}

AnyFilter
AbfPolicy::Build(const std::vector<uint64_t>& own,
                 const std::vector<const AnyFilter*>& neighbours) const
{
    AttenuatedBloomFilter f = m_empty;
    for (uint64_t id : own)
    {
        const Key key = Key::FromId(id);
        f.InsertLocal(key);
    }
    for (const AnyFilter* n : neighbours)
    {
        f.MergeShifted(std::get<AttenuatedBloomFilter>(*n));
    }
    return f;
}

bool
AbfPolicy::Covers(const AnyFilter& neighbour, const AnyFilter& mine) const
{
    const auto& theirs = std::get<AttenuatedBloomFilter>(neighbour);
    const auto& ours = std::get<AttenuatedBloomFilter>(mine);
    return ours.ShiftedSubsetOf(theirs);
}

bool
AbfPolicy::Accumulate(AnyFilter& view, const AnyFilter& neighbour) const
{
    return std::get<AttenuatedBloomFilter>(view).MergeShifted(
        std::get<AttenuatedBloomFilter>(neighbour));
}

bool
AbfPolicy::Contains(const AnyFilter& filter, const Key& key) const
{
    return std::get<AttenuatedBloomFilter>(filter).Contains(key);
}

std::optional<uint32_t>
AbfPolicy::EstimateHops(const AnyFilter& filter, const Key& key) const
{
    return std::get<AttenuatedBloomFilter>(filter).EstimateHops(key);
}

std::optional<uint32_t>
AbfPolicy::GradientRank(const AnyFilter& filter, const Key& key) const
{
    return std::get<AttenuatedBloomFilter>(filter).EstimateHops(key);
}

bool
AbfPolicy::HasDistance() const
{
    return true;
}

uint32_t
AbfPolicy::Reach() const
{
    return m_empty.GetDepth() - 1;
}

std::string
AbfPolicy::Describe() const
{
    std::ostringstream os;
    os << "abf d=" << m_empty.GetDepth() << " m=" << m_empty.GetBits()
       << " k=" << m_empty.GetHashes();
    return os.str();
}

} // namespace bloom
} // namespace ns3
