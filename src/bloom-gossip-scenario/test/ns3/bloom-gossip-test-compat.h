/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The suites' #include "ns3/bloom-gossip-test-compat.h" finds this file
 * beside them (a quoted include looks in the including file's folder first):
 * bloom-gossip's test-only header, which is not installed, from the module
 * folder beside this one (src/ of the repository, contrib/ of an ns-3 tree).
 */
#include "../../../bloom-gossip/test/ns3/bloom-gossip-test-compat.h"
