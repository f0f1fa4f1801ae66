/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A filter of any of the families gossip carries, and the operations that
 * dispatch on the family: shape, empty filter of a shape, wire form of a
 * slot range.  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_ANY_FILTER_H
#define BLOOM_GOSSIP_ANY_FILTER_H

#include "attenuated-bloom-filter.h"
#include "bloom-filter.h"
#include "filter-shape.h"
#include "linear-bloom-filter.h"
#include "scope-decay-bloom-filter.h"

#include <cstdint>
#include <variant>
#include <vector>

namespace ns3
{
namespace bloom
{

/// \ingroup bloom-filter-core
/// A Bloom, linear Bloom, attenuated Bloom or scope-decay Bloom filter.
using AnyFilter =
    std::variant<BloomFilter, LinearBloomFilter, AttenuatedBloomFilter, ScopeDecayBloomFilter>;

FilterShape ShapeOf(const BloomFilter& f);
FilterShape ShapeOf(const LinearBloomFilter& f);
FilterShape ShapeOf(const AttenuatedBloomFilter& f);
FilterShape ShapeOf(const ScopeDecayBloomFilter& f);
FilterShape ShapeOf(const AnyFilter& f);

/// An all-zero filter of a shape (throws std::invalid_argument on an invalid shape).
AnyFilter MakeFilter(const FilterShape& shape);

/// The filter's AppendWireSlots: flat slots first .. first + n - 1 packed as
/// on the wire (n b bits, zero padding to a whole byte).
void AppendWireSlots(const AnyFilter& filter,
                     uint64_t first,
                     uint64_t n,
                     std::vector<uint8_t>& out);
/// The filter's StoreWireSlots: set flat slots first .. first + n - 1 from
/// their wire form (bits past n b ignored).
StoreEffect StoreWireSlots(AnyFilter& filter, uint64_t first, uint64_t n, const uint8_t* data);

/// Flat slot i of a filter (0/1, or an LBF cell).
uint32_t GetSlot(const AnyFilter& filter, uint64_t slot);
/// Write flat slot i of a filter.
void SetSlot(AnyFilter& filter, uint64_t slot, uint32_t value);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_ANY_FILTER_H
