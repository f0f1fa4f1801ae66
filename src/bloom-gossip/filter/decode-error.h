/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The one exception every wire decoder of the module throws on malformed
 * input.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_DECODE_ERROR_H
#define BLOOM_GOSSIP_DECODE_ERROR_H

#include <stdexcept>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filter-core
 * \brief Thrown by every decoder (filters, advertisement segments, queries,
 * replies) on malformed input; decoders never read out of bounds or leave
 * undefined state.
 */
class DecodeError : public std::runtime_error
{
  public:
    using std::runtime_error::runtime_error;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_DECODE_ERROR_H
