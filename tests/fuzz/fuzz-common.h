/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Shared by the libFuzzer targets of tests/fuzz: property checks that abort
 * (so libFuzzer records a crash), and seed writing.  Each target defines
 * fuzz::Seeds(); run with BLOOM_GOSSIP_FUZZ_SEEDS=DIR, it writes them to DIR
 * (one file each) and exits instead of fuzzing (tests/fuzz/run-fuzzers.sh
 * does this).
 */
#ifndef BLOOM_GOSSIP_FUZZ_COMMON_H
#define BLOOM_GOSSIP_FUZZ_COMMON_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace fuzz
{

/// Valid and nearly valid inputs of the target, defined by each target.
std::vector<std::vector<uint8_t>> Seeds();

[[noreturn]] inline void
Violated(const char* what, const char* file, int line)
{
    std::fprintf(stderr, "%s:%d: property violated: %s\n", file, line, what);
    std::abort();
}

} // namespace fuzz

/// Abort (a libFuzzer crash) when a property does not hold.
#define FUZZ_CHECK(cond)                                                                           \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            ::fuzz::Violated(#cond, __FILE__, __LINE__);                                           \
        }                                                                                          \
    } while (false)

extern "C" int
LLVMFuzzerInitialize(int* /* argc */, char*** /* argv */)
{
    const char* dir = std::getenv("BLOOM_GOSSIP_FUZZ_SEEDS");
    if (dir == nullptr)
    {
        return 0;
    }
    const auto seeds = fuzz::Seeds();
    for (size_t i = 0; i < seeds.size(); ++i)
    {
        char name[32];
        std::snprintf(name, sizeof(name), "/seed-%04zu", i);
        const std::string path = std::string(dir) + name;
        std::FILE* f = std::fopen(path.c_str(), "wb");
        if (f == nullptr || std::fwrite(seeds[i].data(), 1, seeds[i].size(), f) != seeds[i].size())
        {
            std::fprintf(stderr, "cannot write %s\n", path.c_str());
            std::exit(1);
        }
        std::fclose(f);
    }
    std::fprintf(stderr, "wrote %zu seeds to %s\n", seeds.size(), dir);
    std::exit(0);
}

#endif // BLOOM_GOSSIP_FUZZ_COMMON_H
