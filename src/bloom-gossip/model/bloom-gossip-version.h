/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * BLOOM_GOSSIP_NS3_VERSION = 1000 * major + minor of the ns-3 release the
 * module is built against (3037 for ns-3.37), from the header the build
 * writes at configure time (model/bloom-gossip-config.h.in, written by
 * CMakeLists.txt or wscript next to the module's other headers): the
 * module's headers compile with only the include path.
 */
#ifndef BLOOM_GOSSIP_VERSION_H
#define BLOOM_GOSSIP_VERSION_H

#include "ns3/bloom-gossip-config.h"

#ifndef BLOOM_GOSSIP_NS3_VERSION
#error "ns3/bloom-gossip-config.h does not define BLOOM_GOSSIP_NS3_VERSION"
#endif

#endif // BLOOM_GOSSIP_VERSION_H
