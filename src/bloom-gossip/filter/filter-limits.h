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

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_LIMITS_H
