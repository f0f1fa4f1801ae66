/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lbf-policy.h"

#include "ns3/ideal-hashing.h"

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

LbfPolicy::LbfPolicy(uint32_t cells,
                     uint32_t cellBits,
                     uint32_t hashes,
                     Quantization rule,
                     LbfDecay decay)
    : m_empty(cells, cellBits, hashes, rule),
      m_decay(std::move(decay)),
      m_alphabet(CellAlphabet::FromDecay(m_decay))
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
LbfPolicy::Build(const std::vector<uint64_t>& own,
                 const std::vector<const AnyFilter*>& neighbours) const
{
    LinearBloomFilter f = m_empty;
    for (uint64_t id : own)
    {
        const Key key = Key::FromId(id);
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

std::optional<uint32_t>
LbfPolicy::GradientRank(const AnyFilter& filter, const Key& key) const
{
    const auto& lbf = std::get<LinearBloomFilter>(filter);
    const uint32_t q = lbf.QueryQuantized(key);
    if (q == 0)
    {
        return std::nullopt;
    }
    return lbf.MaxValue() - q;
}

bool
LbfPolicy::HasDistance() const
{
    return true;
}

uint32_t
LbfPolicy::Reach() const
{
    return m_decay.Horizon();
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

std::string
LbfPolicy::Attenuation() const
{
    // LbfDecay::Describe() is "mul:<a>" (a as %.6g) or "sub:<delta>".
    const std::string d = m_decay.Describe();
    const bool multiplicative = d.compare(0, 4, "mul:") == 0;
    return (multiplicative ? "" : "sub") + d.substr(4);
}

const CellAlphabet*
LbfPolicy::GetCellAlphabet() const
{
    return &m_alphabet;
}

std::optional<FilterPolicy::IdealFigures>
LbfPolicy::IdealModel(const std::vector<uint32_t>& hops) const
{
    const uint32_t m = m_empty.GetCells();
    const uint32_t k = m_empty.GetHashes();
    const uint32_t horizon = m_decay.Horizon();
    std::vector<uint32_t> sorted(hops);
    std::sort(sorted.begin(), sorted.end());
    // Keys at the same distance share one level and one probability.
    double exact = 0;
    uint32_t closer = 0;
    for (size_t i = 0; i < sorted.size() && sorted[i] <= horizon;)
    {
        size_t j = i;
        while (j < sorted.size() && sorted[j] == sorted[i])
        {
            ++j;
        }
        exact += (j - i) * (1.0 - IdealHashingFpr(m, k, closer));
        closer = static_cast<uint32_t>(j);
        i = j;
    }
    // `closer` now counts every key within the horizon.
    return IdealFigures{IdealHashingFpr(m, k, closer), exact};
}

} // namespace bloom
} // namespace ns3
