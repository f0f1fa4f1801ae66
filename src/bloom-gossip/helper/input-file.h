/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reading a user's input file (positions, configuration) safely, and quoting
 * text from it in error messages.
 */
#ifndef BLOOM_GOSSIP_INPUT_FILE_H
#define BLOOM_GOSSIP_INPUT_FILE_H

#include "ns3/user-text.h"

#include <cstdint>
#include <string>

namespace ns3
{

/// Largest input file ReadInputFile accepts by default (64 MiB: a positions
/// file of 65,533 nodes takes about 3 MB).
constexpr uint64_t kMaxInputFileBytes = uint64_t{64} << 20;

/**
 * \ingroup bloom-gossip
 * \brief The whole content of a regular file of at most `maxBytes` bytes.
 *
 * The file is opened without blocking and checked before it is read, so a
 * FIFO, a device (/dev/zero), a folder or an oversized file is refused at
 * once instead of blocking or exhausting memory.
 *
 * \param path the file
 * \param maxBytes the largest size accepted
 * \return the bytes of the file
 * \throws std::invalid_argument "cannot read '<path>' (<reason>)", the path
 *         quoted with QuoteForMessage
 */
std::string ReadInputFile(const std::string& path, uint64_t maxBytes = kMaxInputFileBytes);

/// QuoteForMessage lives with the other helpers for names in user text.
using bloom::QuoteForMessage;

} // namespace ns3

#endif // BLOOM_GOSSIP_INPUT_FILE_H
