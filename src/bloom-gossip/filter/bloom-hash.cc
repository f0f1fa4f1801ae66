/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-hash.h"

// Header-only use of the system xxHash (Debian libxxhash-dev): no link-time
// dependency, same frozen XXH3 algorithm.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ns3
{
namespace bloom
{

Key
Key::FromId(uint64_t id)
{
    unsigned char bytes[8];
    for (int i = 0; i < 8; ++i)
    {
        bytes[i] = static_cast<unsigned char>(id >> (8 * i));
    }
    return Key(XXH3_64bits(bytes, sizeof(bytes)));
}

Key
Key::FromName(std::string_view name)
{
    return Key(XXH3_64bits(name.data(), name.size()));
}

} // namespace bloom
} // namespace ns3
