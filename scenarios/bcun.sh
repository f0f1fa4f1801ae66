#!/usr/bin/env bash
# BCUN's query experiment (issue 29) in one command: install what is
# missing, build, run diameter-sweep on many generated BCUN topologies
# (--topology bcun: 400 points, thinned to degree <= 4, ~165 nodes) once
# per query mechanism - FLOOD (blind-flood), BCIR, BCIR* (bcir-star) and
# ABC (abc, the last three with the cancel as the answer, as in BCUN),
# each in its own simulation as BCUN runs them - in two
# settings, concatenate the per-query tables and compare them with BCUN's
# published results (analysis/compare-bcun.py, analysis/bcun-reference.csv).
#
#   scenarios/bcun.sh [--full] [-t TOPOLOGIES] [-m MECHANISMS] [-S SETTINGS]
#                     [-j JOBS] [-o OUTDIR] [-b BUILD_DIR]
#
# Settings (one ini each; -S picks some, default both):
#   wifi     scenarios/bcun.ini: BCUN's own setting - 802.11b at 11 Mb/s,
#            250 m reception, ~550 m carrier sense, no gossip: nodes learn
#            from query traffic (every query frame carries the sender's LBF,
#            b = 16, merged with decay 0.9), 5 warm-up ABC queries, then 200
#            queries 10 s apart from t = 100 s.
#   lr-wpan  scenarios/bcun-lr-wpan.ini: this module's own setting - the same
#            topologies and queries on 802.15.4, with periodic LBF gossip.
#
#   --full          100 topologies (BCUN used 500): about 2 h with 2 jobs
#   -t 1:10         RngRun values, one topology each: N, A:B or a comma list
#                   (default 1:4; --full 1:100)
#   -m LIST         mechanisms, comma list of blind-flood, bcir, bcir-star,
#                   abc (default all four)
#   -S LIST         settings, comma list of wifi, lr-wpan (default both)
#   -j N            parallel runs (default: the number of cores)
#   -o DIR          output folder (default results/bcun)
#   -b DIR          use this build as it is (default: install what is
#                   missing and build into $BUILD_DIR or build/)
# Timing on a 2-core Debian 12 machine (doc/bcun-reproduction.md): 3.6 s
# of wall time per 802.11 run and 13.8 s per 802.15.4 run with -j 2, so the
# default (4 topologies, 32 runs) takes about 5 min, --full (800 runs) 2 h.
# Output: DIR/<setting>-queries.csv (every measured query of every run,
# one header; diameter-sweep reports no warm-up query), DIR/runs.csv,
# DIR/parts/ (per run), and from
# analysis/compare-bcun.py: DIR/bcun-table.md (the side-by-side table),
# DIR/bcun-per-hop.csv and DIR/bcun.png.  Bad arguments are refused in one
# line (exit 2) before anything runs: the lists by the strict parsers of
# scenarios/common.sh, then every (setting, mechanism) through
# diameter-sweep --dry-run.  DIR is locked while the script runs.  A
# signal (INT, TERM, HUP) ends the script and every run it started; the
# CSVs appear complete, all of them, or none.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=bcun.sh
source "$here/scenarios/common.sh"
full=0
topologies=""
topologies_given=0
mechanisms="blind-flood,bcir,bcir-star,abc"
settings="wifi,lr-wpan"
jobs="$(nproc 2>/dev/null || echo 2)"
outdir="$here/results/bcun"
build=""
while [ $# -gt 0 ]; do
    case "$1" in
        --full) full=1; shift ;;
        -t) bg_need_value "$@"; topologies="$2"; topologies_given=1; shift 2 ;;
        -m) bg_need_value "$@"; mechanisms="$2"; shift 2 ;;
        -S) bg_need_value "$@"; settings="$2"; shift 2 ;;
        -j) bg_need_value "$@"; jobs="$2"; shift 2 ;;
        -o) bg_need_value "$@"; outdir="$2"; shift 2 ;;
        -b) bg_need_value "$@"; build="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
        *) bg_fail "$1" "unknown argument (see bcun.sh --help)" ;;
    esac
done
if [ $topologies_given -eq 0 ]; then
    if [ $full -eq 1 ]; then topologies="1:100"; else topologies="1:4"; fi
fi
bg_parse_list -t "$topologies" 1 4294944442 10000 topology
topology_list=("${BG_LIST[@]}")
bg_parse_words -m "$mechanisms" blind-flood bcir bcir-star abc
mechanism_list=("${BG_WORDS[@]}")
bg_parse_words -S "$settings" wifi lr-wpan
setting_list=("${BG_WORDS[@]}")
bg_check_uint -j "$jobs" 1 1024
bg_check_outdir -o "$outdir"

bg_script_program -b "$build" diameter-sweep

# mechanism MECHANISM: the run's strategy options.  In BCUN the holder of a
# BCIR, BCIR* or ABC search sends no answer: the cancel it floods is the
# answer (the origin learns when the first cancel reaches it), so those
# runs set the strategy's CancelAnswers (module chapter, "Search and
# cancel"); BCUN's FLOOD answers along the recorded route, as blind-flood.
mechanism() {
    case "$1" in
        abc) echo "--query-strategy abc --ns3::AbcQueryStrategy::CancelAnswers=true" ;;
        bcir) echo "--query-strategy bcir --ns3::BcirQueryStrategy::CancelAnswers=true" ;;
        bcir-star) echo "--query-strategy bcir-star --ns3::BcirStarQueryStrategy::CancelAnswers=true" ;;
        *) echo "--query-strategy $1" ;;
    esac
}
ini() { # ini SETTING: the setting's config
    case "$1" in
        wifi) echo "$here/scenarios/bcun.ini" ;;
        lr-wpan) echo "$here/scenarios/bcun-lr-wpan.ini" ;;
    esac
}
# Check every (setting, mechanism) once at the first topology: nothing is
# written before all pass.
for setting in "${setting_list[@]}"; do
    for m in "${mechanism_list[@]}"; do
        # shellcheck disable=SC2046
        bg_dry_run -S "$setting with $m" --config "$(ini "$setting")" $(mechanism "$m") \
            "--RngRun=${topology_list[0]}"
    done
done
bg_make_outdir -o "$outdir"
outdir="$BG_OUTDIR"
bg_lock_outdir -o "$outdir"
bg_make_outdir -o "$outdir/parts"
BG_OUTDIR="$outdir" # the runs write into BG_OUTDIR/parts

for setting in "${setting_list[@]}"; do
    for t in "${topology_list[@]}"; do
        for m in "${mechanism_list[@]}"; do
            # shellcheck disable=SC2046
            bg_add_task "$setting-$m-run$t" --config "$(ini "$setting")" $(mechanism "$m") \
                "--RngRun=$t"
        done
    done
done
bg_run_tasks "$jobs"
bg_concat_tasks "$BG_OUTDIR/runs.csv" ""
compare=()
for setting in "${setting_list[@]}"; do
    bg_concat_tasks "$BG_OUTDIR/$setting-queries.csv" "-queries" "$setting-"
    compare+=("$setting=$BG_OUTDIR/$setting-queries.csv")
done
bg_commit_outputs
bg_run "$(bg_python)" "$here/analysis/compare-bcun.py" "$BG_OUTDIR" "${compare[@]}"
echo "bcun: CSV, table and PNG files are in $BG_OUTDIR"
