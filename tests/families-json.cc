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

#include <iostream>

int
main(int argc, char** /* argv */)
{
    if (argc != 1)
    {
        std::cerr << "families-json: takes no arguments (writes analysis/families.json to stdout)"
                  << std::endl;
        return 2;
    }
    std::cout << ns3::bloom::FilterFamiliesJson() << std::flush;
    return std::cout ? 0 : 1;
}
