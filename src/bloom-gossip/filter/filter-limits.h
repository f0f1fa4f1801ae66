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
/// Largest id width w of a distance vector's entries (ids below 2^24).
constexpr uint32_t kMaxDvIdBits = 24;
/// Largest hop-count width of a distance vector's entries.
constexpr uint32_t kMaxDvHopBits = 8;
/// Largest hop count a distance vector carries (its horizon's limit).
constexpr uint32_t kMaxDvHops = (1U << kMaxDvHopBits) - 1;

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
    /// Slots are entries of b bits whose low k bits are an id (distance
    /// vector): k = 1..kMaxDvIdBits, b = k + 1 .. k + kMaxDvHopBits, and m
    /// (0..kMaxSlots) varies with what an advertisement carries.
    bool entrySlots{false};
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_LIMITS_H
