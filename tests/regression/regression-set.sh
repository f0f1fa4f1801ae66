#!/usr/bin/env bash
# The regression set: a fixed list of diameter-sweep runs covering the five
# families, the seven query strategies, energy and duty cycling, mobility
# with maps and walks, events, Trickle, the equal budget with log-distance,
# shadowing, frame loss and the grid channel, udp6, 802.11 and the BCUN
# generator.  Every CSV a run writes, with its stdout and stderr, lands in
# OUTDIR/<case>/; two builds give byte-identical results when
# `diff -r OUTDIR_A OUTDIR_B` prints nothing.  A developer tool (about
# 3 minutes on 2 cores), not a CTest: a change that must keep results
# byte-identical is checked with it before and after.
#
#   tests/regression/regression-set.sh BUILD_DIR OUTDIR [CASE...]
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 BUILD_DIR OUTDIR [CASE...]" >&2
    exit 2
fi
bin="$(cd "$1" && pwd)/bin/diameter-sweep"
out="$2"
shift 2
[ -x "$bin" ] || { echo "regression-set: no $bin" >&2; exit 2; }
[ ! -e "$out" ] || { echo "regression-set: $out exists; give a new folder" >&2; exit 2; }
root="$(cd "$(dirname "$0")/../.." && pwd)"
S="$root/scenarios"
declare -A cases=(
    [quick-line]="--config $S/quick-line.ini --diameters 4,16 --RngRun=1"
    [quick-grid]="--config $S/quick-grid.ini --diameters 4,8 --RngRun=2"
    [quick-budget]="--config $S/quick-budget.ini --diameters 4,12 --RngRun=1"
    [queries-all]="--config $S/queries-grid.ini --diameters 8 --query-strategy all --sim-time 60 --queries 20"
    [queries-cancel]="--topology grid --diameters 8 --filter lbf --queries 20 --query-strategy abc,bcir,bcir-star,gradient --query-timeout 5 --query-interval 0.5 --sim-time 80"
    [energy-duty]="--config $S/energy-line.ini --diameters 4,8 --duty-cycle 0.2 --duty-period 1 --battery-joules 50 --sim-time 40"
    [mobility-maps]="--config $S/mobility.ini --diameters 6 --mobility random-waypoint --speed 2 --sim-time 40 --sample-from 10 --map-csv MAP --map-time 0 --map-every 10 --walk-csv WALK --queries 5 --query-timeout 3"
    [events-trickle]="--topology grid --diameters 8 --filter all --timer trickle --events 20:remove:1,25:add:9:3 --resources 4 --sim-time 60"
    [budget-logd]="--topology grid --diameters 8 --filter all --budget-bytes 60 --radio log-distance --shadowing 4 --frame-loss 0.1 --channel grid --sim-time 40"
    [udp6]="--topology line --diameters 6 --filter lbf --transport udp6 --sim-time 30"
    [sdbf]="--topology disk --nodes 60 --filter sdbf --estimator ratio --min-count 2 --resources 30 --sim-time 40"
    [dv]="--topology disk --nodes 60 --filter dv --horizon 12 --resources 30 --sim-time 40"
    [wifi-bcun]="--config $S/bcun.ini --bcun-nodes 120 --queries 20 --query-strategy abc,bcir,bcir-star,flood --query-warmup 2 --query-interval 2 --sim-time 330 --query-start 100"
)
order=(quick-line quick-grid quick-budget queries-all queries-cancel energy-duty mobility-maps
    events-trickle budget-logd udp6 sdbf dv wifi-bcun)
[ $# -eq 0 ] || order=("$@")
mkdir -p "$out"
out="$(cd "$out" && pwd)"
for name in "${order[@]}"; do
    args="${cases[$name]:-}"
    [ -n "$args" ] || { echo "regression-set: no case $name" >&2; exit 2; }
    dir="$out/$name"
    mkdir -p "$dir"
    args="${args//MAP/map.csv}"
    args="${args//WALK/walk.csv}"
    # Relative output names and no wall times, so that stderr compares too.
    status=0
    # shellcheck disable=SC2086
    (cd "$dir" && "$bin" $args --out runs.csv > stdout 2> stderr.raw) || status=$?
    sed -E 's/wall=[0-9.]+s/wall=_/' "$dir/stderr.raw" > "$dir/stderr"
    rm "$dir/stderr.raw"
    echo "$status" > "$dir/exit"
    [ "$status" -eq 0 ] || echo "regression-set: $name exited $status; see $dir/stderr" >&2
    echo "$name done" >&2
done
