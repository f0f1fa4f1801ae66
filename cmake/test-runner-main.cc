/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Standalone test runner: Debian's ns-3 ships no test-runner binary, but
 * exports ns3::TestRunner::Run.  The test suites are linked into this program,
 * so their static registrations are kept.  Accepts test-runner's options,
 * e.g. --suite=NAME, --list, --verbose.
 */
#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
