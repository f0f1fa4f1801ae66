#!/usr/bin/env bash
# Build the libFuzzer targets (tests/fuzz, clang++, ASan + UBSan) in their own
# build folder and run each for a bounded time, starting from a seed corpus
# the targets write themselves.  Fails on any crash, leak, UB report or
# violated property; prints the executions per target and in total.
#
#   tests/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET]       (default 60)
#
# Environment: FUZZ_BUILD_DIR (default build-fuzz), FUZZ_RUNS (a -runs=N
# bound per target instead of / besides the time), FUZZ_MAX_LEN (default
# 2048 bytes), FUZZ_TARGETS (names, default every fuzz-* target built),
# CXX (default clang++).  The corpus grows in $FUZZ_BUILD_DIR/corpus/<target>
# across runs; a crashing input is saved as
# $FUZZ_BUILD_DIR/artifacts/<target>/crash-*.  Reproduce one with
#   $FUZZ_BUILD_DIR/<target> <file>
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:-60}"
build="${FUZZ_BUILD_DIR:-$root/build-fuzz}"
max_len="${FUZZ_MAX_LEN:-2048}"
case "$seconds" in ''|*[!0-9]*) echo "run-fuzzers.sh: SECONDS_PER_TARGET must be a whole number" >&2; exit 2 ;; esac

mkdir -p "$build"
cmake -S "$root/tests/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="${CXX:-clang++}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo > "$build/configure.log" 2>&1 \
    || { cat "$build/configure.log" >&2; exit 1; }
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)"

if [ -n "${FUZZ_TARGETS:-}" ]; then
    targets=($FUZZ_TARGETS)
else
    targets=()
    for exe in "$build"/fuzz-*; do
        [ -x "$exe" ] && [ -f "$exe" ] && targets+=("$(basename "$exe")")
    done
fi
if [ ${#targets[@]} -eq 0 ]; then
    echo "run-fuzzers.sh: no fuzz target built (is ${CXX:-clang++} a clang with libFuzzer?)" >&2
    exit 1
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
total=0
failed=0
start=$(date +%s)
printf '%-24s %14s %10s %8s  %s\n' target executions exec/s seconds result
for t in "${targets[@]}"; do
    seeds="$build/seeds/$t"
    corpus="$build/corpus/$t"
    artifacts="$build/artifacts/$t"
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$artifacts"
    BLOOM_GOSSIP_FUZZ_SEEDS="$seeds" "$build/$t" 2> /dev/null
    log="$build/$t.log"
    args=(-max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1
          -artifact_prefix="$artifacts/" -timeout=10 -rss_limit_mb=2048)
    if [ -n "${FUZZ_RUNS:-}" ]; then args+=(-runs="$FUZZ_RUNS"); fi
    t0=$(date +%s)
    if "$build/$t" "${args[@]}" "$corpus" "$seeds" > "$log" 2>&1; then
        result=ok
    else
        result="FAILED (see $log)"
        failed=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    runs="${runs:-0}"
    total=$((total + runs))
    printf '%-24s %14s %10s %8s  %s\n' "$t" "$runs" "${rate:-?}" "$(( $(date +%s) - t0 ))" "$result"
    if [ "$result" != ok ]; then
        grep -E "ERROR|SUMMARY|property violated|runtime error" "$log" | head -n 5 >&2 || true
    fi
done
printf '%-24s %14s %10s %8s\n' total "$total" "" "$(( $(date +%s) - start ))"
exit $failed
