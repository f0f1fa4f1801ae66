#!/usr/bin/env bash
# The mobile sweep in one command: install what is missing, build, run
# diameter-sweep with scenarios/mobility.ini at every speed (random waypoint,
# every node mobile; speed 0 is the static grid with the same sampling) and
# seed, concatenate the CSVs and draw analysis/plot-mobility.py.
#
#   scenarios/mobility-sweep.sh [-s SEEDS] [-v SPEEDS] [-m MODEL] [-j JOBS]
#                               [-o OUTDIR] [-c CONFIG] [-b BUILD_DIR]
#                               [-- EXTRA OPTIONS]
#
#   -s 1:3          RngRun values: N, A:B or a comma list (default 1:3)
#   -v 0,1,2,5,10   speeds in m/s, whole numbers (default 0,1,2,5,10)
#   -m MODEL        random-waypoint (default) or gauss-markov
#   -j N            parallel runs (default: the number of cores)
#   -o DIR          output folder (default results/mobility)
#   -c FILE         the ini (default scenarios/mobility.ini)
#   -b DIR          use this build as it is (default: install what is
#                   missing and build into $BUILD_DIR or build/)
# EXTRA OPTIONS go to every diameter-sweep run (e.g. --pause 2, or
# --mobile-share 0.5).  Output: DIR/runs.csv (one row per run and family,
# with the mobility summary columns), DIR/series.csv (one row per sample),
# DIR/parts/ (per run), the figures of analysis/plot-mobility.py in DIR.
# Every run is checked first (diameter-sweep --dry-run): a bad option gives
# one line and exit code 2 before anything runs or is written.  Options the
# script sets (--RngRun, --out, --out-series, --config) and the other output
# files (--map-csv, --walk-csv, --netanim: one file for every run), as extra
# options or keys of the ini, are refused as sweep.sh refuses them.  A
# signal (INT, TERM, HUP) ends the script and every run it started; the
# CSVs appear complete, all of them, or none.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=mobility-sweep.sh
source "$here/scenarios/common.sh"
seeds="1:3"
speeds="0,1,2,5,10"
model="random-waypoint"
jobs="$(nproc 2>/dev/null || echo 2)"
outdir="$here/results/mobility"
config="$here/scenarios/mobility.ini"
build=""
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        -s) bg_need_value "$@"; seeds="$2"; shift 2 ;;
        -v) bg_need_value "$@"; speeds="$2"; shift 2 ;;
        -m) bg_need_value "$@"; model="$2"; shift 2 ;;
        -j) bg_need_value "$@"; jobs="$2"; shift 2 ;;
        -o) bg_need_value "$@"; outdir="$2"; shift 2 ;;
        -c) bg_need_value "$@"; config="$2"; shift 2 ;;
        -b) bg_need_value "$@"; build="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
        *) bg_fail "$1" "unknown option (see mobility-sweep.sh --help)" ;;
    esac
done
bg_parse_list -s "$seeds" 1 4294944442 10000 seed
seed_list=("${BG_LIST[@]}")
bg_parse_list -v "$speeds" 0 1000 100 speed
speed_list=("${BG_LIST[@]}")
case "$model" in
    random-waypoint | gauss-markov) ;;
    *) bg_fail -m "$(bg_show "$model") is neither random-waypoint nor gauss-markov" ;;
esac
bg_check_uint -j "$jobs" 1 1024
bg_check_input_file -c "$config"
bg_check_outdir -o "$outdir"
configs=("$config")
bg_sweep_check_outputs ${extra[@]+"${extra[@]}"}

bg_script_program -b "$build" diameter-sweep

motion() { # motion SPEED: the options of one speed
    if [ "$1" -eq 0 ]; then
        echo "--mobility none"
    else
        echo "--mobility $model --speed $1"
    fi
}
# Check every speed's options once (the seed changes nothing a check sees),
# with the outputs named in a scratch folder: nothing is written before all
# of them pass.
BG_DRY_OUTPUTS=(out-series)
for v in "${speed_list[@]}"; do
    # shellcheck disable=SC2046
    bg_dry_run "" "" --config "$config" $(motion "$v") ${extra[@]+"${extra[@]}"}
done
bg_make_outdir -o "$outdir"
outdir="$BG_OUTDIR"
bg_lock_outdir -o "$outdir"
bg_make_outdir -o "$outdir/parts"
BG_OUTDIR="$outdir" # the runs write into BG_OUTDIR/parts

for v in "${speed_list[@]}"; do
    for s in "${seed_list[@]}"; do
        # shellcheck disable=SC2046
        bg_add_task "speed$v-run$s" --config "$config" $(motion "$v") ${extra[@]+"${extra[@]}"} \
            "--RngRun=$s" --out-series "$BG_OUTDIR/parts/speed$v-run$s-series.csv"
    done
done
bg_run_tasks "$jobs"
bg_concat_tasks "$BG_OUTDIR/runs.csv" ""
bg_concat_tasks "$BG_OUTDIR/series.csv" "-series"
bg_commit_outputs
bg_run "$(bg_python)" "$here/analysis/plot-mobility.py" "$BG_OUTDIR/runs.csv" "$BG_OUTDIR/series.csv" \
    "$BG_OUTDIR"
