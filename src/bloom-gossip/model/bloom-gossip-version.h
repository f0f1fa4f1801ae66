/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * BLOOM_GOSSIP_NS3_VERSION = 1000 * major + minor of the ns-3 release the
 * module is built against (3037 for ns-3.37).  The build (CMake, standalone
 * or in-tree, and waf) defines it; this header only falls back to ns-3's
 * generated version header when it is missing.
 */
#ifndef BLOOM_GOSSIP_VERSION_H
#define BLOOM_GOSSIP_VERSION_H

#ifndef BLOOM_GOSSIP_NS3_VERSION
#if __has_include("ns3/version-defines.h")
#include "ns3/version-defines.h"
#define BLOOM_GOSSIP_NS3_VERSION (1000 * NS3_VERSION_MAJOR + NS3_VERSION_MINOR)
#else
#error                                                                                             \
    "BLOOM_GOSSIP_NS3_VERSION is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#endif

#endif // BLOOM_GOSSIP_VERSION_H
