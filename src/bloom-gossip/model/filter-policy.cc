/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "filter-policy.h"

#include <limits>
#include <sstream>

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
BfPolicy::Build(const std::vector<Key>& own, const std::vector<const AnyFilter*>& neighbours) const
{
    BloomFilter f = m_empty;
    for (const Key& key : own)
    {
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

LbfPolicy::LbfPolicy(uint32_t cells,
                     uint32_t cellBits,
                     uint32_t hashes,
                     Quantization rule,
                     LbfDecay decay)
    : m_empty(cells, cellBits, hashes, rule),
      m_decay(std::move(decay))
{
    if (m_decay.GetCellBits() != cellBits)
    {
        throw std::invalid_argument("LBF decay built for another cell width");
    }
}

FilterKind
LbfPolicy::GetKind() const
{
    return FilterKind::LINEAR;
}

FilterShape
LbfPolicy::GetShape() const
{
    return ShapeOf(m_empty);
}

AnyFilter
LbfPolicy::Build(const std::vector<Key>& own, const std::vector<const AnyFilter*>& neighbours) const
{
    LinearBloomFilter f = m_empty;
    for (const Key& key : own)
    {
        f.InsertQuantized(key, f.MaxValue());
    }
    for (const AnyFilter* n : neighbours)
    {
        f.MergeAttenuated(std::get<LinearBloomFilter>(*n), m_decay);
    }
    return f;
}

bool
LbfPolicy::Covers(const AnyFilter& neighbour, const AnyFilter& mine) const
{
    const auto& theirs = std::get<LinearBloomFilter>(neighbour);
    const auto& ours = std::get<LinearBloomFilter>(mine);
    for (uint32_t i = 0; i < ours.GetCells(); ++i)
    {
        if (m_decay.Apply(ours.GetCell(i)) > theirs.GetCell(i))
        {
            return false;
        }
    }
    return true;
}

bool
LbfPolicy::Accumulate(AnyFilter& view, const AnyFilter& neighbour) const
{
    return std::get<LinearBloomFilter>(view).MergeAttenuated(std::get<LinearBloomFilter>(neighbour),
                                                             m_decay);
}

bool
LbfPolicy::Contains(const AnyFilter& filter, const Key& key) const
{
    return std::get<LinearBloomFilter>(filter).QueryQuantized(key) != 0;
}

std::optional<uint32_t>
LbfPolicy::EstimateHops(const AnyFilter& filter, const Key& key) const
{
    return std::get<LinearBloomFilter>(filter).EstimateHops(key, m_decay);
}

bool
LbfPolicy::HasDistance() const
{
    return true;
}

uint32_t
LbfPolicy::Reach() const
{
    return m_decay.Horizon() - 1;
}

std::string
LbfPolicy::Describe() const
{
    std::ostringstream os;
    os << "lbf m=" << m_empty.GetCells() << " b=" << m_empty.GetCellBits()
       << " k=" << m_empty.GetHashes() << " " << m_decay.Describe() << " "
       << ToString(m_empty.GetQuantization());
    return os.str();
}

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
AbfPolicy::Build(const std::vector<Key>& own, const std::vector<const AnyFilter*>& neighbours) const
{
    AttenuatedBloomFilter f = m_empty;
    for (const Key& key : own)
    {
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
