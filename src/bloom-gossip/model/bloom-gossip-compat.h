/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Names that moved between ns-3 releases, so that code written with the
 * ns-3.37 names compiles on later releases.  Keep this header small: only
 * aliases, no logic (API changes that need code use BLOOM_GOSSIP_NS3_VERSION
 * guards where they are used).
 *
 *  - ns-3.42 moved the lr-wpan model classes into namespace ns3::lrwpan
 *    (LrWpanHelper stays in ns3).
 */
#ifndef BLOOM_GOSSIP_COMPAT_H
#define BLOOM_GOSSIP_COMPAT_H

#include "bloom-gossip-version.h"

#if BLOOM_GOSSIP_NS3_VERSION >= 3042
#include "ns3/lr-wpan-mac.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/lr-wpan-spectrum-value-helper.h"

namespace ns3
{
using lrwpan::LrWpanMac;
using lrwpan::LrWpanNetDevice;
using lrwpan::LrWpanPhy;
using lrwpan::LrWpanSpectrumValueHelper;
} // namespace ns3
#endif

#endif // BLOOM_GOSSIP_COMPAT_H
