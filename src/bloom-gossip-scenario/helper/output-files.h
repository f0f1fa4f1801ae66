/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Writing result files so that a reader never sees one half-written.
 */
#ifndef BLOOM_GOSSIP_OUTPUT_FILES_H
#define BLOOM_GOSSIP_OUTPUT_FILES_H

#include <string>

namespace ns3
{

/**
 * Write a file so that readers never see it half-written: the content goes
 * to a temporary file in the same folder, which is then renamed over `path`.
 * Throws std::runtime_error naming the path on failure (and leaves nothing).
 */
void WriteFileAtomically(const std::string& path, const std::string& content);

} // namespace ns3

#endif // BLOOM_GOSSIP_OUTPUT_FILES_H
