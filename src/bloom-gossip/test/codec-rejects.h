/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Whether the filter codec refuses a byte string: shared by the test suites
 * of the wire format (filter-codec) and of the scope-decay Bloom filter.
 */
#ifndef BLOOM_GOSSIP_TEST_CODEC_REJECTS_H
#define BLOOM_GOSSIP_TEST_CODEC_REJECTS_H

#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/filter-codec.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{
namespace test
{

/// True when Decode(bytes) throws DecodeError (any other exception escapes).
inline bool
Rejects(const std::vector<uint8_t>& bytes)
{
    return Throws<DecodeError>([&bytes] { Decode(bytes); });
}

} // namespace test
} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_TEST_CODEC_REJECTS_H
