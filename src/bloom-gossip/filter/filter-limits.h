/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Parameter limits shared by every filter family (and by the wire header,
 * whose fields must hold them).  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_FILTER_LIMITS_H
#define BLOOM_GOSSIP_FILTER_LIMITS_H

#include <cstdint>

namespace ns3
{
namespace bloom
{

/// Largest number of hash functions k of any filter.
constexpr uint32_t kMaxHashes = 32;
/// Largest number of slots (bits or cells) of one filter or filter level.
constexpr uint32_t kMaxSlots = 1U << 20;

struct FilterShape;

/**
 * \ingroup bloom-filters
 * \brief What the filter core's generic code (filter-shape.cc,
 * any-filter.cc) needs to know of a filter family: each filter class of
 * filter-kinds.h's list has a `static constexpr FilterTraits kTraits`, a
 * `void FillShape(FilterShape&) const` and a `static X FromShape(const
 * FilterShape&)`.
 */
struct FilterTraits
{
    const char* name; //!< the family's name, e.g. "lbf" (ToString(FilterKind))
    bool cellSlots;   //!< slots of b = 1..16 bits (IsCellBits); else 1 bit
    bool levels;      //!< d = 1..kMaxDepth levels of m slots; else d = 1
    bool quantized;   //!< has a Quantization rule; else the field is 0
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_LIMITS_H
