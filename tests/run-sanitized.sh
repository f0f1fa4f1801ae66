#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (with LeakSanitizer) and
# UndefinedBehaviorSanitizer: configure build-asan with
# -DBLOOM_GOSSIP_SANITIZE=ON (g++), build, run every CTest entry.  Any
# sanitizer report fails the test that triggered it (UBSan halts:
# -fno-sanitize-recover; ASan and LSan exit non-zero).
#
#   tests/run-sanitized.sh [CTEST ARGUMENTS...]     e.g. -R cli
#
# The formatting and clang-tidy checks (label lint) and the tests of the
# shell/Python tools and documents (label scripts) are left out: they do not
# depend on the build flags, exercise no C++ path the rest does not, and run
# in the plain build.
# Only our code is instrumented: Debian's ns-3 libraries are not (ASan still
# checks every heap block, since it replaces malloc for the whole process).
# Leaks inside ns-3 itself are suppressed by tests/sanitizers/lsan.supp; each
# entry there says why.  ASAN_BUILD_DIR (default build-asan) and the usual
# ASAN_OPTIONS / LSAN_OPTIONS / UBSAN_OPTIONS may be set.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${ASAN_BUILD_DIR:-$root/build-asan}"
jobs="$(nproc 2>/dev/null || echo 2)"

# The Google Benchmark micro-benchmarks (filter-benchmarks) are not built:
# no test runs them.
# -O1 -g1: ASan's recommended optimisation, line tables for the reports;
# compiling model/bloom-gossip-application.cc instrumented takes 20 s of CPU
# instead of 45-58 s with RelWithDebInfo's -O2 -g (measured 2026-11-25).
# The test suites' own sources at -O0: they are most of the instrumented
# compile time and little of the run time (the library code they drive stays
# at -O1); measured 2026-11-26 on the 2-core VM: build 587 -> 402 CPU-s,
# tests 275 -> 321 CPU-s (the one loop-heavy case was then rewritten).
cmake -S "$root" -B "$build" -G Ninja -DBLOOM_GOSSIP_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DBLOOM_GOSSIP_TEST_CXX_FLAGS=-O0 \
    -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON
cmake --build "$build" -j "$jobs"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:strict_init_order=1:check_initialization_order=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir "$build" --output-on-failure -j "$jobs" -LE "lint|scripts" "$@"
