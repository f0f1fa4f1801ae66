/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Prints the filter families' table of the plot scripts
 * (analysis/families.json) from the C++ descriptors (bloom::FilterFamilies).
 * CTest families-json-in-sync runs it through tests/check-families-json.py;
 * after a change to src/bloom-gossip/model/filter-family.cc, regenerate with
 *     build/bin/families-json > analysis/families.json
 */
#include "ns3/filter-family.h"
#include "ns3/standard-output.h"

#include <iostream>

int
main(int argc, char** /* argv */)
{
    // > /dev/full or >&-: one line on stderr and exit 1 (the exit handler).
    ns3::CheckStandardOutputAtExit("families-json");
    if (argc != 1)
    {
        std::cerr << "families-json: takes no arguments (writes analysis/families.json to stdout)"
                  << std::endl;
        return 2;
    }
    std::cout << ns3::bloom::FilterFamiliesJson();
    return 0;
}
