#!/usr/bin/env bash
# Radio energy of every family in one command (issue 18): install what is
# missing, build, then
#   1. the diameter sweep of scenarios/energy-line.ini with always-on radios,
#   2. the same sweep with synchronised duty cycling (--duty-cycle 0.1, 1 s),
#   3. the duty-cycle trade-off at diameter 16 (scenarios/energy-tradeoff.ini)
#      for every duty cycle of -d,
# and draw them (analysis/plot-energy.py).
#
#   scenarios/energy-sweep.sh [-s SEEDS] [-d DUTY,...] [-o OUTDIR] [-b BUILD_DIR]
#
#   -s 1:3            RngRun values, as scenarios/sweep.sh takes them (default 1:3)
#   -d 0.5,0.2,0.1,0.05  duty cycles of the trade-off, each in (0, 1)
#                     (always-on is added)
#   -o DIR            output folder (default results/energy)
#   -b DIR            use this build as it is (default: install what is
#                     missing and build into $BUILD_DIR or build/)
# Output: DIR/always, DIR/duty and DIR/tradeoff-<duty>/ (runs.csv and
# by-distance.csv of each sweep), DIR/energy-vs-diameter.png and
# DIR/duty-tradeoff.png.  Bad arguments are refused in one line (exit 2)
# before anything runs: -s and -d by the strict list parsers of
# scenarios/common.sh (a duty cycle in (0, 1), none twice), then every sweep
# through scenarios/sweep.sh --check (its options through diameter-sweep
# --dry-run), so that no sweep fails after others have run.  DIR and its
# sweep folders are locked from the start to the end (a sweep.sh into one of
# them is refused meanwhile).  A signal (INT, TERM, HUP) ends the script,
# the sweep it runs and every run of that sweep.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=energy-sweep.sh
source "$here/scenarios/common.sh"
seeds="1:3"
duties="0.5,0.2,0.1,0.05"
out="$here/results/energy"
build=""
while [ $# -gt 0 ]; do
    case "$1" in
        -s) bg_need_value "$@"; seeds="$2"; shift 2 ;;
        -d) bg_need_value "$@"; duties="$2"; shift 2 ;;
        -o) bg_need_value "$@"; out="$2"; shift 2 ;;
        -b) bg_need_value "$@"; build="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
        *) bg_fail "$1" "unknown argument (see energy-sweep.sh --help)" ;;
    esac
done
bg_check_outdir -o "$out"
bg_parse_list -s "$seeds" 0 9223372036854775807 100000 seed
bg_parse_fraction_list -d "$duties" 100 "duty cycle"
duty_list=("${BG_LIST[@]}")
for d in "${duty_list[@]}"; do
    if awk -v d="$d" 'BEGIN { exit !(d + 0 == 1) }'; then
        bg_fail -d "duty cycle $(bg_show "$d") is the always-on point, in every trade-off already (DIR/tradeoff-1)"
    fi
done

source "$here/cmake/bootstrap.sh"
if [ -n "$build" ]; then
    bg_find_program -b "$build" diameter-sweep
    BUILD_DIR="$(cd -- "$build" && pwd)"
else
    bg_run bg_bootstrap
fi
# The sweeps: "OPTION FOLDER CONFIG [EXTRA...]" (OPTION: the argument a
# refusal names).
sweeps=("-s always energy-line.ini"
    "-s duty energy-line.ini --duty-cycle 0.1 --duty-period 1"
    "-s tradeoff-1 energy-tradeoff.ini")
for d in "${duty_list[@]}"; do
    sweeps+=("-d tradeoff-$d energy-tradeoff.ini --duty-cycle $d")
done
sweep() { # sweep [--check] FOLDER CONFIG [EXTRA...]
    local check=()
    if [ "$1" = --check ]; then check=(--check); shift; fi
    local folder="$1" cfg="$2"
    shift 2
    local extra=()
    if [ $# -gt 0 ]; then extra=(-- "$@"); fi
    "$here/scenarios/sweep.sh" ${check[@]+"${check[@]}"} -b "$BUILD_DIR" -s "$seeds" \
        -o "$out/$folder" "$here/scenarios/$cfg" ${extra[@]+"${extra[@]}"}
}
for spec in "${sweeps[@]}"; do
    read -r -a words <<< "$spec"
    if ! err="$(sweep --check "${words[@]:1}" 2>&1 >/dev/null)"; then
        err="$(printf '%s\n' "$err" | tail -n 1)"
        bg_fail "${words[0]}" "the sweep into $(bg_show "$out/${words[1]}"): ${err#sweep.sh: }"
    fi
done
bg_make_outdir -o "$out"
out="$BG_OUTDIR"
bg_lock_outdir -o "$out"
for spec in "${sweeps[@]}"; do
    read -r -a words <<< "$spec"
    bg_make_outdir -o "$out/${words[1]}"
    bg_lock_outdir -o "$BG_OUTDIR"
done
tradeoff=()
for spec in "${sweeps[@]}"; do
    read -r -a words <<< "$spec"
    bg_run sweep "${words[@]:1}"
    case "${words[1]}" in tradeoff-*) tradeoff+=("$out/${words[1]}") ;; esac
done
bg_run "$(bg_python)" "$here/analysis/plot-energy.py" "$out" "$out/always/runs.csv" \
    "$out/duty/runs.csv" "${tradeoff[@]/%//runs.csv}"
echo "energy-sweep: CSV and PNG files are in $out"
