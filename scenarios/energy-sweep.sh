#!/usr/bin/env bash
# Radio energy of the four families in one command (issue 18): install what is
# missing, build, then
#   1. the diameter sweep of scenarios/energy-line.ini with always-on radios,
#   2. the same sweep with synchronised duty cycling (--duty-cycle 0.1, 1 s),
#   3. the duty-cycle trade-off at diameter 16 (scenarios/energy-tradeoff.ini)
#      for every duty cycle of -d,
# and draw them (analysis/plot-energy.py).
#
#   scenarios/energy-sweep.sh [-s SEEDS] [-d DUTY,...] [-o OUTDIR]
#
#   -s 1:3            RngRun values, as scenarios/sweep.sh takes them (default 1:3)
#   -d 0.5,0.2,0.1,0.05  duty cycles of the trade-off (always-on is added)
#   -o DIR            output folder (default results/energy)
# (-s is checked by scenarios/sweep.sh, after the build.)
# Output: DIR/always, DIR/duty and DIR/tradeoff-<duty>/ (runs.csv and
# by-distance.csv of each sweep), DIR/energy-vs-diameter.png and
# DIR/duty-tradeoff.png.  Bad arguments are refused in one line (exit 2)
# before anything runs.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=energy-sweep.sh
source "$here/scenarios/common.sh"
seeds="1:3"
duties="0.5,0.2,0.1,0.05"
out="$here/results/energy"
while [ $# -gt 0 ]; do
    case "$1" in
        -s) bg_need_value "$@"; seeds="$2"; shift 2 ;;
        -d) bg_need_value "$@"; duties="$2"; shift 2 ;;
        -o) bg_need_value "$@"; out="$2"; shift 2 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) bg_fail "$1" "unknown argument (see energy-sweep.sh --help)" ;;
    esac
done
bg_check_outdir -o "$out"
IFS=, read -r -a duty_list <<< "$duties"
[ ${#duty_list[@]} -gt 0 ] || bg_fail -d "no duty cycle given"
for d in "${duty_list[@]}"; do
    [[ "$d" =~ ^(0?\.[0-9]+|1(\.0*)?)$ ]] && awk -v d="$d" 'BEGIN { exit !(d > 0 && d <= 1) }' \
        || bg_fail -d "$(bg_show "$d") is not a number in (0, 1]"
done

source "$here/cmake/bootstrap.sh"
bg_bootstrap
sweep() { "$here/scenarios/sweep.sh" -b "$BUILD_DIR" -s "$seeds" "$@"; }
sweep -o "$out/always" "$here/scenarios/energy-line.ini"
sweep -o "$out/duty" "$here/scenarios/energy-line.ini" -- --duty-cycle 0.1 --duty-period 1
tradeoff=("$out/tradeoff-1")
sweep -o "$out/tradeoff-1" "$here/scenarios/energy-tradeoff.ini"
for d in "${duty_list[@]}"; do
    sweep -o "$out/tradeoff-$d" "$here/scenarios/energy-tradeoff.ini" -- --duty-cycle "$d"
    tradeoff+=("$out/tradeoff-$d")
done
"$(bg_python)" "$here/analysis/plot-energy.py" "$out" "$out/always/runs.csv" \
    "$out/duty/runs.csv" "${tradeoff[@]/%//runs.csv}"
echo "energy-sweep: CSV and PNG files are in $out"
