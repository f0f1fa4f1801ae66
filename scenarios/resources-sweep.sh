#!/usr/bin/env bash
# Accuracy against the number of resources (issue 28) in one command: install
# what is missing, build, run diameter-sweep on two fixed networks
# (scenarios/resources-grid.ini: the 13 x 13 grid; scenarios/resources-disk.ini:
# a 400-node disk) for every family (filter = all) and every resource count R,
# at equal m (m = 256, k = 4, LBF b = 5 with subtractive delta 1, as the inis
# say) and at an equal 92-byte budget (--budget-bytes 92), concatenate the
# CSVs and draw analysis/plot-resources.py.
#
#   scenarios/resources-sweep.sh [--full] [-r R,...] [-s SEEDS] [-n NETWORKS]
#                                [-c CODEC] [-j JOBS] [-o OUTDIR] [-b BUILD_DIR]
#
#   --full          R = 4,8,16,...,1024 and seeds 1:3 (9 x 3 runs per network
#                   and comparison, 108 in all: about 50 min of CPU)
#   -r 4,16,64,256,1024  resource counts (default 4,16,64,256,1024; --full:
#                   every power of two 4..1024), each 1..100000
#   -s 1            RngRun values: N, A:B or a comma list (default 1; --full 1:3)
#   -n grid,disk    the networks, a comma list of grid and disk (default both)
#   -c none         the advertisements' codec, none or entropy (default none:
#                   the runs pass no --codec); every comparison's run gets
#                   --codec CODEC, so with entropy the equal budget counts the
#                   coded bytes (diameter-sweep --budget-bytes with a codec
#                   chooses m, and k for BF, LBF and ABF).  runs.csv has no
#                   codec column: one codec per OUTDIR (compare two OUTDIRs)
#   -j N            parallel runs (default: the number of cores)
#   -o DIR          output folder (default results/resources)
#   -b DIR          use this build as it is (default: install what is
#                   missing and build into $BUILD_DIR or build/)
# The default (5 resource counts, one seed: 20 runs) takes about 8.5 min of
# CPU (a disk run at equal m costs the most: the ABF's 16 frames), so about
# 5 min with -j 2 on 2 free cores.
# R is swept the way mobility-sweep.sh sweeps the speed: one diameter-sweep
# run per (network, comparison, R, seed) with --resources R (and
# --budget-bytes 92 for the equal budget) on the command line, the network
# and the filters in the two inis; the rows carry `resources` and
# `budget_bytes`, so one runs.csv holds them all.
# The true distances for analysis/ideal-spread.py (the ideal process's
# spread from the run's real node x resource distances, not the pooled
# profile): per network and seed one more run, the LBF alone at the largest R
# with --map-csv (its map at the end of the run: nodes x R rows).  The truth
# is the network's, the same for every family and comparison, and the holders
# of resources 1..R are drawn in id order, so this one map holds every R's
# distances (ideal-spread.py takes the first R; it refuses a map whose
# distances do not add up to a run's by-distance.csv).  These runs are
# parts/map-<network>-run<seed>*.csv, in no runs.csv.
# Output: DIR/runs.csv and DIR/by-distance.csv (every run, one header each),
# DIR/parts/ (per run), DIR/resources-grid.png and DIR/resources-disk.png, one
# per network of -n (analysis/plot-resources.py; with BG_PLOT_SERIES set, each with its series
# sidecar FIG.csv), DIR/spread.csv (analysis/ideal-spread.py with the maps:
# 200 repetitions, seed 1).  Bad arguments are refused in one line (exit 2)
# before anything runs: the lists by the strict parsers of
# scenarios/common.sh, then every run's options through diameter-sweep
# --dry-run.  DIR is locked while the sweep runs.  A signal (INT, TERM,
# HUP) ends the script and every run it started; the CSVs appear complete,
# all of them, or none.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=resources-sweep.sh
source "$here/scenarios/common.sh"
full=0
counts=""
seeds=""
counts_given=0
seeds_given=0
networks_arg="grid,disk"
codec="none"
jobs="$(nproc 2>/dev/null || echo 2)"
outdir="$here/results/resources"
build=""
while [ $# -gt 0 ]; do
    case "$1" in
        --full) full=1; shift ;;
        -r) bg_need_value "$@"; counts="$2"; counts_given=1; shift 2 ;;
        -s) bg_need_value "$@"; seeds="$2"; seeds_given=1; shift 2 ;;
        -n) bg_need_value "$@"; networks_arg="$2"; shift 2 ;;
        -c) bg_need_value "$@"; codec="$2"; shift 2 ;;
        -j) bg_need_value "$@"; jobs="$2"; shift 2 ;;
        -o) bg_need_value "$@"; outdir="$2"; shift 2 ;;
        -b) bg_need_value "$@"; build="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
        *) bg_fail "$1" "unknown argument (see resources-sweep.sh --help)" ;;
    esac
done
if [ $counts_given -eq 0 ]; then
    if [ $full -eq 1 ]; then counts="4,8,16,32,64,128,256,512,1024"; else counts="4,16,64,256,1024"; fi
fi
if [ $seeds_given -eq 0 ]; then
    if [ $full -eq 1 ]; then seeds="1:3"; else seeds="1"; fi
fi
bg_parse_list -r "$counts" 1 100000 100 "resource count"
count_list=("${BG_LIST[@]}")
bg_parse_list -s "$seeds" 1 4294944442 10000 seed
seed_list=("${BG_LIST[@]}")
bg_parse_words -n "$networks_arg" grid disk
networks=("${BG_WORDS[@]}")
bg_parse_words -c "$codec" none entropy
[ ${#BG_WORDS[@]} -eq 1 ] || bg_fail -c "one codec per run of the script (none or entropy)"
codec_args=()
[ "$codec" = none ] || codec_args=(--codec "$codec")
bg_check_uint -j "$jobs" 1 1024
bg_check_outdir -o "$outdir"

bg_script_program -b "$build" diameter-sweep

# The comparisons: "NAME INI [OPTIONS...]", per network.
sweeps=()
for net in "${networks[@]}"; do
    sweeps+=("$net-m resources-$net.ini" "$net-budget resources-$net.ini --budget-bytes 92")
done
# Check every (comparison, R) once at the first seed: nothing is written
# before all of them pass.
for spec in "${sweeps[@]}"; do
    read -r -a words <<<"$spec"
    for r in "${count_list[@]}"; do
        bg_dry_run -r "R = $r on ${words[0]}" --config "$here/scenarios/${words[1]}" \
            "${words[@]:2}" ${codec_args[@]+"${codec_args[@]}"} --resources "$r" \
            "--RngRun=${seed_list[0]}"
    done
done
# The map runs: one per network and seed, the LBF alone (the ini's LBF
# options apply to it) at the largest R.
largest=0
for r in "${count_list[@]}"; do [ "$r" -le "$largest" ] || largest="$r"; done
BG_DRY_OUTPUTS=(map-csv)
for net in "${networks[@]}"; do
    bg_dry_run -r "the map of $net at R = $largest" --config "$here/scenarios/resources-$net.ini" \
        --filter lbf --resources "$largest" "--RngRun=${seed_list[0]}"
done
BG_DRY_OUTPUTS=()
bg_make_outdir -o "$outdir"
outdir="$BG_OUTDIR"
bg_lock_outdir -o "$outdir"
bg_make_outdir -o "$outdir/parts"
BG_OUTDIR="$outdir" # the runs write into BG_OUTDIR/parts

for spec in "${sweeps[@]}"; do
    read -r -a words <<<"$spec"
    for r in "${count_list[@]}"; do
        for s in "${seed_list[@]}"; do
            bg_add_task "${words[0]}-r$r-run$s" --config "$here/scenarios/${words[1]}" \
                "${words[@]:2}" ${codec_args[@]+"${codec_args[@]}"} --resources "$r" \
                "--RngRun=$s"
        done
    done
done
maps=()
for net in "${networks[@]}"; do
    for s in "${seed_list[@]}"; do
        map="$BG_OUTDIR/parts/map-$net-run$s-map.csv"
        bg_add_task "map-$net-run$s" --config "$here/scenarios/resources-$net.ini" --filter lbf \
            --resources "$largest" "--RngRun=$s" --map-csv "$map"
        maps+=(--map "$map")
    done
done
bg_run_tasks "$jobs"
# runs.csv and by-distance.csv: the comparisons' runs, not the map runs
runs=()
distances=()
for part in "${BG_TASK_PARTS[@]}"; do
    case "$part" in map-*) continue ;; esac
    runs+=("$BG_OUTDIR/parts/$part.csv")
    distances+=("$BG_OUTDIR/parts/$part-by-distance.csv")
done
bg_concat "$BG_OUTDIR/runs.csv" "${runs[@]}"
bg_concat "$BG_OUTDIR/by-distance.csv" "${distances[@]}"
bg_commit_outputs
bg_run "$(bg_python)" "$here/analysis/plot-resources.py" "$BG_OUTDIR/runs.csv" "$BG_OUTDIR"
bg_run "$(bg_python)" "$here/analysis/ideal-spread.py" "$BG_OUTDIR/runs.csv" \
    "$BG_OUTDIR/by-distance.csv" "${maps[@]}" --out "$BG_OUTDIR/spread.csv" >/dev/null
echo "resources-sweep: CSV and PNG files (and spread.csv) are in $BG_OUTDIR"
