#!/usr/bin/env bash
# BCUN's query experiment (issue 29) in one command: install what is
# missing, build, run diameter-sweep on many generated BCUN topologies
# (--topology bcun: 400 points, thinned to degree <= 4, ~165 nodes) once
# per query mechanism - FLOOD (blind-flood), BCIR, BCIR* (bcir-star) and
# ABC (abc, the last three with the cancel as the answer, as in BCUN),
# each in its own simulation as BCUN runs them - in several
# settings, concatenate the per-query tables and compare them with BCUN's
# published results (analysis/compare-bcun.py, analysis/bcun-reference.csv).
#
#   scenarios/bcun.sh [--full] [-t TOPOLOGIES] [-m MECHANISMS] [-S SETTINGS]
#                     [-j JOBS] [-o OUTDIR] [-b BUILD_DIR] [--dry-run]
#
# Settings (-S picks some; default faithful,wifi,lr-wpan; the first one
# given is the one compared with BCUN):
#   faithful  BCUN's setting as ns-2 ran it (scenarios/bcun.ini and the
#            attributes below): 802.11b at 11 Mb/s, two-ray ground, 250 m
#            reception, 550 m carrier sense, and, unlike `wifi`: FLOOD
#            relays after d + U (10 ms + U(0, 7 ms)) and broadcasts its
#            answer back along the recorded route with d + U per hop,
#            every frame is padded to 1,000 bytes, and reception follows
#            ns-2's rule (every frame above carrier sense holds the
#            receiver; WifiDeviceBuilder's Reception ns2).
#   faithful-backoff
#            `faithful` with ns-2's wait before every frame on an idle
#            medium (BloomQueryApplication's IdleBackoff: k x 20 us, k
#            uniform in 0 ... 30, as Mac802_11::send's DIFS + Random % cw_
#            slots; ns-3's Txop sends after DIFS): measures what that wait
#            moves (doc/bcun-reproduction.md, "What cannot be matched").
#   faithful-no-bytes, faithful-no-relay
#            `faithful` without one factor (leave-one-out, to split FLOOD's
#            losses): frames as long as their content; FLOOD relaying after
#            U(0, 20 ms) and its answer relayed after U(0, 20 ms) per hop
#            (no d = 10 ms, no 7 ms window).
#   wifi     scenarios/bcun.ini as it is: BCUN's radio and queries, no
#            gossip: nodes learn from query traffic (every query frame
#            carries the sender's LBF, b = 16, merged with decay 0.9), 5
#            warm-up ABC queries, then 200 queries 10 s apart from t = 100 s;
#            FLOOD relays after U(0, 20 ms) and unicasts its answer; frames
#            as long as their content (~540 bytes); YANS reception.
#   wifi-relay, wifi-answer, wifi-bytes, wifi-ns2rx
#            `wifi` with one of faithful's four factors switched on (the
#            ablation of doc/bcun-reproduction.md): FLOOD's d + U relay
#            delay; its answer broadcast along the route (each hop after the
#            flood's relay wait, U(0, 20 ms) here); 1,000-byte frames;
#            ns-2's reception.
#   lr-wpan  scenarios/bcun-lr-wpan.ini: this module's own setting - the same
#            topologies and queries on 802.15.4, with periodic LBF gossip.
# Every 802.11 run counts its transmissions and lost frames as BCUN's
# logPROCrgg.txt does (WifiDeviceBuilder's CountDrops: runs.csv's wifi_*
# columns); counting changes no result.
#
#   --full          100 topologies (BCUN used 500): about 2 h with 2 jobs
#   -t 1:10         RngRun values, one topology each: N, A:B or a comma list
#                   (default 1:4; --full 1:100)
#   -m LIST         mechanisms, comma list of blind-flood, bcir, bcir-star,
#                   abc (default all four)
#   -S LIST         settings, comma list of faithful, faithful-backoff,
#                   faithful-no-bytes, faithful-no-relay, wifi, wifi-relay,
#                   wifi-answer, wifi-bytes, wifi-ns2rx, lr-wpan (default
#                   faithful,wifi,lr-wpan)
#   -j N            parallel runs (default: the number of cores)
#   -o DIR          output folder (default results/bcun)
#   -b DIR          use this build as it is (default: install what is
#                   missing and build into $BUILD_DIR or build/)
#   --dry-run       check every argument and every (setting, mechanism)
#                   as a run would, then stop: nothing is run or written
# Timing on a 2-core Debian 12 machine (doc/bcun-reproduction.md), CPU
# seconds per run: about 11 for wifi, 31 for faithful (ns-2's reception
# holds every receiver within carrier sense: about 7 times the receptions),
# 14 for lr-wpan; the default (4 topologies, 48 runs) takes about 15 min
# with 2 jobs on an idle machine, --full (1,200 runs) about 6 h.
# Output: DIR/<setting>-queries.csv (every measured query of every run,
# one header; diameter-sweep reports no warm-up query) and
# DIR/<setting>-runs.csv (one row per run), DIR/parts/ (per run), and from
# analysis/compare-bcun.py: DIR/bcun-table.md (the side-by-side table and,
# with several 802.11 settings, the ablation),
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
dry_run=0
topologies=""
topologies_given=0
mechanisms="blind-flood,bcir,bcir-star,abc"
settings="faithful,wifi,lr-wpan"
jobs="$(nproc 2>/dev/null || echo 2)"
outdir="$here/results/bcun"
build=""
while [ $# -gt 0 ]; do
    case "$1" in
        --full) full=1; shift ;;
        --dry-run) dry_run=1; shift ;;
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
bg_parse_words -S "$settings" faithful faithful-backoff faithful-no-bytes faithful-no-relay \
    wifi wifi-relay wifi-answer wifi-bytes wifi-ns2rx lr-wpan
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
        lr-wpan) echo "$here/scenarios/bcun-lr-wpan.ini" ;;
        *) echo "$here/scenarios/bcun.ini" ;;
    esac
}
# factors SETTING: the setting's attributes on top of its config.  The
# values are BCUN's (doc/bcun-reproduction.md gives the file and line of
# each): FLOOD's relay wait d + U, d = 10 ms, U(0, 7 ms) (gbcagent.cc,
# calcDelayHop case 1; gbcsearch.tcl val(delay), val(jitter)); its answer
# broadcast back along the route, d + U per hop (gbcproto.cc, recvflood);
# 1,000-byte packets (gbcsearch.tcl val(mesg_size), genTraffileRND.py's
# size); ns-2's reception (Mac802_11::recv with CPThresh_ 10, CSThresh_ and
# RXThresh_ of gbcsearch.tcl).
jitter="--ns3::BloomQueryApplication::FloodJitter=7ms"
relay="--ns3::BlindFloodQueryStrategy::HopDelay=10ms $jitter"
answer="--ns3::BlindFloodQueryStrategy::BroadcastAnswers=true"
bytes="--ns3::BloomQueryApplication::FrameBytes=1000"
ns2rx="--ns3::WifiDeviceBuilder::Reception=ns2"
count="--ns3::WifiDeviceBuilder::CountDrops=true"
# ns-2's wait on an idle medium: Mac802_11::send defers DIFS + (Random % cw_)
# slots, cw_ = CWMin 31, slot 20 us (802.11b): k uniform in 0 ... 30.
backoff="--ns3::BloomQueryApplication::IdleBackoff=620us --ns3::BloomQueryApplication::IdleBackoffSlot=20us"
# factors SETTING MECHANISM: FLOOD's relay wait and answer are attributes
# of blind-flood's strategy, given to its runs only (diameter-sweep refuses
# a strategy's attribute in a run without that strategy); FloodJitter, the
# application's, goes to every run of the setting.
factors() {
    local r="$relay" a="$answer"
    if [ "$2" != blind-flood ]; then
        r="$jitter"
        a=""
    fi
    case "$1" in
        faithful) echo "$r $a $bytes $ns2rx $count" ;;
        faithful-backoff) echo "$r $a $bytes $ns2rx $backoff $count" ;;
        faithful-no-bytes) echo "$r $a $ns2rx $count" ;;
        faithful-no-relay) echo "$a $bytes $ns2rx $count" ;;
        wifi) echo "$count" ;;
        wifi-relay) echo "$r $count" ;;
        wifi-answer) echo "$a $count" ;;
        wifi-bytes) echo "$bytes $count" ;;
        wifi-ns2rx) echo "$ns2rx $count" ;;
        lr-wpan) echo "" ;;
    esac
}
# Check every (setting, mechanism) once at the first topology: nothing is
# written before all pass.
for setting in "${setting_list[@]}"; do
    for m in "${mechanism_list[@]}"; do
        # shellcheck disable=SC2046
        bg_dry_run -S "$setting with $m" --config "$(ini "$setting")" $(mechanism "$m") \
            $(factors "$setting" "$m") "--RngRun=${topology_list[0]}"
    done
done
if [ $dry_run -eq 1 ]; then
    echo "bcun.sh: ${#setting_list[@]} settings x ${#mechanism_list[@]} mechanisms checked, nothing run"
    exit 0
fi
bg_make_outdir -o "$outdir"
outdir="$BG_OUTDIR"
bg_lock_outdir -o "$outdir"
bg_make_outdir -o "$outdir/parts"
BG_OUTDIR="$outdir" # the runs write into BG_OUTDIR/parts

for setting in "${setting_list[@]}"; do
    for t in "${topology_list[@]}"; do
        for m in "${mechanism_list[@]}"; do
            # shellcheck disable=SC2046
            # PART: SETTING.MECHANISM-runT ('.' ends the setting's name).
            bg_add_task "$setting.$m-run$t" --config "$(ini "$setting")" $(mechanism "$m") \
                $(factors "$setting" "$m") "--RngRun=$t"
        done
    done
done
bg_run_tasks "$jobs"
compare=()
for setting in "${setting_list[@]}"; do
    bg_concat_tasks "$BG_OUTDIR/$setting-queries.csv" "-queries" "$setting."
    bg_concat_tasks "$BG_OUTDIR/$setting-runs.csv" "" "$setting."
    compare+=("$setting=$BG_OUTDIR/$setting-queries.csv" "--runs=$setting=$BG_OUTDIR/$setting-runs.csv")
done
bg_commit_outputs
bg_run "$(bg_python)" "$here/analysis/compare-bcun.py" "$BG_OUTDIR" "${compare[@]}"
echo "bcun: CSV, table and PNG files are in $BG_OUTDIR"
