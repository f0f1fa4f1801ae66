/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Names of test durations and suite types across ns-3 releases
 * (TestCase::QUICK became TestCase::Duration::QUICK in ns-3.42, the old
 * names were removed in 3.46), and small helpers shared by the suites.
 *
 * Test-only, hence not installed with the module's headers: it sits in
 * test/ns3/, so that the suites' #include "ns3/bloom-gossip-test-compat.h"
 * finds it beside them (a quoted include looks in the including file's
 * folder first); bloom-gossip-scenario's suites reach it through
 * ../bloom-gossip-scenario/test/ns3/bloom-gossip-test-compat.h.
 */
#ifndef BLOOM_GOSSIP_TEST_COMPAT_H
#define BLOOM_GOSSIP_TEST_COMPAT_H

#include "ns3/bloom-gossip-version.h"
#include "ns3/test.h"

#include <stdexcept>

namespace ns3
{
namespace bloom
{
namespace test
{
#if BLOOM_GOSSIP_NS3_VERSION >= 3042
constexpr auto kQuick = TestCase::Duration::QUICK;
constexpr auto kExtensive = TestCase::Duration::EXTENSIVE;
constexpr auto kUnit = TestSuite::Type::UNIT;
constexpr auto kSystem = TestSuite::Type::SYSTEM;
#else
constexpr auto kQuick = TestCase::QUICK;
constexpr auto kExtensive = TestCase::EXTENSIVE;
constexpr auto kUnit = TestSuite::UNIT;
constexpr auto kSystem = TestSuite::SYSTEM;
#endif

/// Whether f() throws an exception of type E.
template <typename E = std::invalid_argument, typename F>
bool
Throws(F&& f)
{
    try
    {
        f();
    }
    catch (const E&)
    {
        return true;
    }
    return false;
}
} // namespace test
} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_TEST_COMPAT_H
