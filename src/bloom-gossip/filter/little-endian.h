/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Little-endian integers in byte buffers: every integer field of the
 * module's wire formats (filter header, advertisement segments, queries and
 * replies) is read and written through these.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_LITTLE_ENDIAN_H
#define BLOOM_GOSSIP_LITTLE_ENDIAN_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace bloom
{

/// Append the `bytes` low bytes of `v`, least significant first.
inline void
AppendLittleEndian(std::vector<uint8_t>& out, uint64_t v, size_t bytes)
{
    for (size_t i = 0; i < bytes; ++i)
    {
        out.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
}

/// Write the `bytes` low bytes of `v` at `p`, least significant first.
inline void
StoreLittleEndian(uint8_t* p, uint64_t v, size_t bytes)
{
    for (size_t i = 0; i < bytes; ++i)
    {
        p[i] = static_cast<uint8_t>(v >> (8 * i));
    }
}

/// Read a `bytes`-byte (1..8) little-endian integer at `p`.
inline uint64_t
LoadLittleEndian(const uint8_t* p, size_t bytes)
{
    uint64_t v = 0;
    for (size_t i = bytes; i-- > 0;)
    {
        v = (v << 8) | p[i];
    }
    return v;
}

/// 16-bit field at `p`.
inline uint16_t
LoadLe16(const uint8_t* p)
{
    return static_cast<uint16_t>(LoadLittleEndian(p, 2));
}

/// 32-bit field at `p`.
inline uint32_t
LoadLe32(const uint8_t* p)
{
    return static_cast<uint32_t>(LoadLittleEndian(p, 4));
}

/// 64-bit field at `p`.
inline uint64_t
LoadLe64(const uint8_t* p)
{
    return LoadLittleEndian(p, 8);
}

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_LITTLE_ENDIAN_H
