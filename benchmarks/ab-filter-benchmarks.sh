#!/usr/bin/env bash
# Two builds' filter micro-benchmarks, run alternately so that both see the
# same spells of the machine, as Google Benchmark JSON; the table comes from
#   analysis/bench-tables.py --ab OUT/before-*.json -- OUT/after-*.json
#
#   benchmarks/ab-filter-benchmarks.sh BEFORE_BUILD_DIR AFTER_BUILD_DIR OUT_DIR [REGEX [ROUNDS]]
#
# Each build directory must hold bin/filter-benchmarks (./run-tests.sh with
# BUILD_DIR=...); an older commit is built in a worktree, e.g.
#   git worktree add /tmp/before 6c01966 && (cd /tmp/before && BUILD_DIR=/tmp/before/build ./run-tests.sh)
set -euo pipefail
if [[ $# -lt 3 || $# -gt 5 ]]; then
    echo "usage: $0 BEFORE_BUILD_DIR AFTER_BUILD_DIR OUT_DIR [REGEX [ROUNDS]]" >&2
    exit 2
fi
before=$1/bin/filter-benchmarks
after=$2/bin/filter-benchmarks
out=$3
filter=${4:-.}
rounds=${5:-3}
for bin in "$before" "$after"; do
    [[ -x $bin ]] || { echo "$0: no benchmark program $bin" >&2; exit 2; }
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "$0: ROUNDS must be a positive integer, not '$rounds'" >&2; exit 2; }
mkdir -p "$out"
for ((r = 1; r <= rounds; r++)); do
    for side in before after; do
        bin=$before
        [[ $side == after ]] && bin=$after
        echo "round $r/$rounds: $side" >&2
        "$bin" --benchmark_filter="$filter" --benchmark_repetitions=3 \
            --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true \
            --benchmark_out_format=json --benchmark_out="$out/$side-$r.json" > /dev/null
    done
done
echo "wrote $out/{before,after}-{1..$rounds}.json" >&2
