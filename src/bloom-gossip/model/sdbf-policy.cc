/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sdbf-policy.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

SdbfPolicy::SdbfPolicy(uint32_t bits,
                       uint32_t hashes,
                       double decayProbability,
                       PackedBits keepMask,
                       uint32_t minCount,
                       SdbfEstimator estimator)
    : m_empty(bits, hashes),
      m_p(decayProbability),
      m_keep(std::move(keepMask)),
      m_minCount(minCount),
      m_estimator(estimator)
{
    CheckDecayProbability(decayProbability);
    if (m_keep.Size() != bits)
    {
        throw std::invalid_argument("SDBF keep mask has " + std::to_string(m_keep.Size()) +
                                    " bits, the filter " + std::to_string(bits));
    }
    if (minCount < 1 || minCount > hashes)
    {
        throw std::invalid_argument("SDBF MinCount=" + std::to_string(minCount) +
                                    " out of range 1..k=" + std::to_string(hashes));
    }
}

FilterKind
SdbfPolicy::GetKind() const
{
    return FilterKind::SCOPE_DECAY;
}

FilterShape
SdbfPolicy::GetShape() const
{
    return ShapeOf(m_empty);
}

AnyFilter
SdbfPolicy::Build(const std::vector<uint64_t>& own,
                  const std::vector<const AnyFilter*>& neighbours) const
{
    ScopeDecayBloomFilter f = m_empty;
    for (uint64_t id : own)
    {
        const Key key = Key::FromId(id);
        f.Insert(key);
    }
    for (const AnyFilter* n : neighbours)
    {
        f.MergeMasked(std::get<ScopeDecayBloomFilter>(*n), m_keep);
    }
    return f;
}

bool
SdbfPolicy::Covers(const AnyFilter& neighbour, const AnyFilter& mine) const
{
    const auto& ours = std::get<ScopeDecayBloomFilter>(mine);
    const double ones = ours.CountOnes();
    const double missing = ours.CountMissingFrom(std::get<ScopeDecayBloomFilter>(neighbour));
    return missing <= m_p * ones + 3 * std::sqrt(m_p * (1 - m_p) * ones) + 1;
}

bool
SdbfPolicy::Accumulate(AnyFilter& view, const AnyFilter& neighbour) const
{
    return std::get<ScopeDecayBloomFilter>(view).MergeMasked(
        std::get<ScopeDecayBloomFilter>(neighbour),
        m_keep);
}

bool
SdbfPolicy::Contains(const AnyFilter& filter, const Key& key) const
{
    return std::get<ScopeDecayBloomFilter>(filter).Count(key) >= m_minCount;
}

std::optional<uint32_t>
SdbfPolicy::EstimateHops(const AnyFilter& filter, const Key& key) const
{
    const uint32_t c = std::get<ScopeDecayBloomFilter>(filter).Count(key);
    if (c < m_minCount)
    {
        return std::nullopt;
    }
    return SdbfEstimateHops(c, m_empty.GetHashes(), GetKeep(), m_estimator);
}

std::optional<uint32_t>
SdbfPolicy::GradientRank(const AnyFilter& filter, const Key& key) const
{
    return EstimateHops(filter, key);
}

bool
SdbfPolicy::HasDistance() const
{
    return true;
}

uint32_t
SdbfPolicy::Reach() const
{
    return SdbfEstimateHops(m_minCount, m_empty.GetHashes(), GetKeep(), m_estimator);
}

std::string
SdbfPolicy::Describe() const
{
    std::ostringstream os;
    os << "sdbf m=" << m_empty.GetBits() << " k=" << m_empty.GetHashes() << " p=" << m_p
       << " min=" << m_minCount << " " << ToString(m_estimator);
    return os.str();
}

std::optional<FilterPolicy::HopAttenuation>
SdbfPolicy::Attenuation() const
{
    return HopAttenuation{1 - m_p, 0};
}

} // namespace bloom
} // namespace ns3
