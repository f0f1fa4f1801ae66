/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The filter families of the filter core, listed once: the wire kinds and
 * the filter classes of AnyFilter, side by side.  Everything else of the
 * core (names, shape checks, MakeFilter, ShapeOf, the codec) is generic
 * over this list.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_FILTER_KINDS_H
#define BLOOM_GOSSIP_FILTER_KINDS_H

#include "attenuated-bloom-filter.h"
#include "bloom-filter.h"
#include "dv-filter.h"
#include "linear-bloom-filter.h"
#include "scope-decay-bloom-filter.h"

#include <cstdint>
#include <variant>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filters
 * Filter family carried in an encoding (the wire header's kind byte): kind
 * i is AnyFilter's alternative i - 1.
 */
enum class FilterKind : uint8_t
{
    BLOOM = 1,
    LINEAR = 2,
    ATTENUATED = 3,
    SCOPE_DECAY = 4,
    DISTANCE_VECTOR = 5,
};

/**
 * \ingroup bloom-filter-core
 * A filter of any family: alternative i - 1 is the filter class of
 * FilterKind i (a new family appends its kind above and its class here).
 */
using AnyFilter = std::variant<BloomFilter,
                               LinearBloomFilter,
                               AttenuatedBloomFilter,
                               ScopeDecayBloomFilter,
                               DistanceVector>;

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_KINDS_H
