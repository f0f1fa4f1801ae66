#!/usr/bin/env bash
# Scaling series: simulation cost against network size, stock versus grid
# channel, and LBF gossip run to convergence on square grids up to 100 x 100.
#
#   scenarios/scaling.sh [-o OUTDIR] [-b BUILD_DIR] [-s SIDES] [-c CONV_SIDES]
#                        [-t SIM_TIME] [-T CONV_TIME] [-r REPEAT]
#                        [-m MAX_STOCK_NODES] [-C CODEC]
#
#   -s 10,20,40,70,100   grid sides of the benchmark series (N = side^2)
#   -c 10,20,40,70,100   grid sides of the convergence runs ('' = none)
#   -t 10                simulated seconds per benchmark run
#   -T D/2+30            simulated seconds of every convergence run
#   -r 3                 benchmark repetitions per point (median kept)
#   -m 1600              largest N run on the stock channel (O(N) per frame)
#   -C none              codec of the convergence runs' advertisements (none
#                        or entropy: diameter-sweep's --codec); the same
#                        seed, so a run with each codec compares them
#   -o DIR               output folder, default results/scaling
#   Sides are N, A:B or comma lists of them, no side twice: benchmark sides
#   2..250 (sim-benchmark's --sizes), convergence sides 2..255 (at most
#   65,533 nodes).
#
# Writes DIR/benchmark.csv (sim-benchmark: LBF and the bare broadcaster on
# both channels), DIR/convergence.csv (one diameter-sweep row per side, with
# wall and CPU seconds and peak RSS of the process, the codec, the frames per
# advertisement, the gossip frames sent and the raw and coded bytes per
# advertisement) and DIR/runs/*.  Plot with
#   analysis/plot-scaling.py DIR/benchmark.csv DIR/convergence.csv DIR/scaling.png
#
# The LBF uses subtractive decay (delta = 1) with b = 8 bits per cell up to
# D = 254 hops, its horizon, and b = 9 (horizon 510) beyond: the 250 x 250
# grid (D = 498) takes b = 9, 4 frames per advertisement.  The multiplicative
# a = 0.9 reaches at most 88 hops, at b = 16.  Grid: 10 m spacing, 12 m unit
# disk (4 neighbours).  Convergence runs simulate D/2 + 30 s unless -T is
# given (the 100 x 100 grid converged after 52 simulated seconds in a 129 s
# run; the 250 x 250 one, -T 180, after 133.9 s: 0.29 s per hop from its
# farthest holder, 466 hops away; see doc/performance, "62,500 nodes").
# Every program runs with GLIBC_TUNABLES=glibc.malloc.hugetlb=1: malloc asks
# for transparent huge pages, which cuts the run time of large networks by
# about a fifth and changes no output.
# Every option is checked before anything runs or is created (one line
# naming it, exit code 2, no folder left): the lists and numbers here, then
# every convergence run and the benchmark series' point options (-t, and
# the LBF settings, through the same harness validation sim-benchmark
# applies) through diameter-sweep --dry-run.  One script at a time per
# output folder (a lock in DIR).  A signal (INT, TERM, HUP) ends the script
# and every run it started; no partial file is left.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=scaling.sh
source "$here/scenarios/common.sh"
outdir="$here/results/scaling"
build="${BUILD_DIR:-$here/build}"
sides="10,20,40,70,100"
conv_sides="10,20,40,70,100"
sim_time=10
repeat=3
max_stock=1600
conv_time=""
codec=none
while [ $# -gt 0 ]; do
    case "$1" in
        -o) bg_need_value "$@"; outdir="$2"; shift 2 ;;
        -b) bg_need_value "$@"; build="$2"; shift 2 ;;
        -s) bg_need_value "$@"; sides="$2"; shift 2 ;;
        -c) bg_need_value "$@"; conv_sides="$2"; shift 2 ;;
        -t) bg_need_value "$@"; sim_time="$2"; shift 2 ;;
        -T) bg_need_value "$@"; conv_time="$2"; shift 2 ;;
        -r) bg_need_value "$@"; repeat="$2"; shift 2 ;;
        -m) bg_need_value "$@"; max_stock="$2"; shift 2 ;;
        -C) bg_need_value "$@"; codec="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
        *) bg_fail "$1" "unknown option (see scaling.sh --help)" ;;
    esac
done
# Grid sides: 2..250 for sim-benchmark, 2..255 (at most 65,533 nodes) for
# diameter-sweep; '' = no series.
side_list=()
if [ -n "$sides" ]; then
    bg_parse_list -s "$sides" 2 250 64 "grid side"
    side_list=("${BG_LIST[@]}")
fi
conv_list=()
if [ -n "$conv_sides" ]; then
    bg_parse_list -c "$conv_sides" 2 255 64 "grid side"
    conv_list=("${BG_LIST[@]}")
fi
bg_check_positive_real -t "$sim_time"
[ -z "$conv_time" ] || bg_check_positive_real -T "$conv_time"
bg_check_uint -r "$repeat" 1 1000 "repetition count"
bg_check_uint -m "$max_stock" 0 65533 "node count"
case "$codec" in
    none|entropy) ;;
    *) bg_fail -C "'$codec' is not a codec (none or entropy)" ;;
esac
bg_check_outdir -o "$outdir"
for prog in sim-benchmark diameter-sweep; do
    bg_find_program -b "$build" "$prog"
done
build="$(dirname "$(dirname "$BG_DS")")"
if [ ${#conv_list[@]} -gt 0 ]; then
    # The convergence runs are timed by GNU time and read by python3.
    [ -x /usr/bin/time ] || bg_fail -c "needs GNU time as /usr/bin/time (Debian package time), or -c ''"
    command -v python3 >/dev/null 2>&1 || bg_fail -c "needs python3, or -c ''"
fi
lbf=(--m 256 --k 4 --decay subtractive --delta 1) # and --b per run
# One convergence run's diameter-sweep options (sets d, t and conv_args).
converge_args() { # converge_args SIDE
    d=$((2 * ($1 - 1)))
    t="${conv_time:-$(( d / 2 + 30 ))}"
    local b=8
    [ "$d" -le 254 ] || b=9
    conv_args=(--topology grid --grid "${1}x${1}" --spacing 10 --range 12 --filter lbf "${lbf[@]}"
        --b "$b" --resources 4 --sim-time "$t" --channel grid --codec "$codec")
}
# Every convergence run checked by diameter-sweep --dry-run before anything
# runs or is written (-T out of the program's range, for one).
conv_opt=-c
[ -z "$conv_time" ] || conv_opt=-T
for side in "${conv_list[@]}"; do
    converge_args "$side"
    bg_dry_run "$conv_opt" "${side}x${side}" "${conv_args[@]}"
done
# sim-benchmark has no dry run: its points' settings (-t and the LBF's) go
# through diameter-sweep --dry-run on the first side, where the harness
# checks them as sim-benchmark does (GossipScenarioConfig::Validate); the
# sides, -r and -m are checked above against sim-benchmark's ranges.
if [ ${#side_list[@]} -gt 0 ]; then
    bg_dry_run -t "benchmark ${side_list[0]}x${side_list[0]}" --topology grid \
        --grid "${side_list[0]}x${side_list[0]}" --spacing 10 --range 12 --filter lbf "${lbf[@]}" \
        --b 8 --resources 4 --sim-time "$sim_time" --channel grid
fi
bg_make_outdir -o "$outdir"
outdir="$BG_OUTDIR"
bg_lock_outdir -o "$outdir"
bg_make_outdir -o "$outdir/runs"
# Transparent huge pages for malloc (glibc >= 2.35; ignored by older ones).
export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.hugetlb=1"

echo "scaling.sh: machine: $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ ${#side_list[@]} -gt 0 ]; then
    sides="$(IFS=,; echo "${side_list[*]}")"
    echo "scaling.sh: benchmark series (sides $sides, $sim_time s simulated, $repeat repetitions)"
    bg_temp_file "$outdir/runs/benchmark.txt"
    log="$BG_TEMP"
    benchmark() {
        "$build/bin/sim-benchmark" --sizes "$sides" --filters lbf --apps both --channel grid,stock \
            --max-stock-nodes "$max_stock" --sim-time "$sim_time" --repeat "$repeat" "${lbf[@]}" \
            --b 8 --csv "$outdir/benchmark.csv" | tee "$log"
    }
    bg_run benchmark
    bg_commit "$log" "$outdir/runs/benchmark.txt"
fi

if [ ${#conv_list[@]} -gt 0 ]; then
    conv="$outdir/convergence.csv"
    bg_temp_file "$conv"
    tmp="$BG_TEMP"
    echo "nodes,diameter,sim_time,wall_s,cpu_s,peak_rss_mb,hop_exact,hop_miss,convergence_time,load_before,codec,frames_per_beacon,gossip_frames,payload_bytes,coded_bytes" > "$tmp"
    for side in "${conv_list[@]}"; do
        converge_args "$side"
        run="$outdir/runs/converge-${side}x${side}"
        load="$(cut -d' ' -f1 /proc/loadavg)"
        echo "scaling.sh: convergence ${side}x${side} (D = $d, $t s simulated)"
        # GNU time: elapsed, user + system CPU seconds, peak RSS (KB).
        bg_temp_file "$run.time"
        bg_run /usr/bin/time -f "%e %U %S %M" -o "$BG_TEMP" \
            "$build/bin/diameter-sweep" "${conv_args[@]}" --out "$run.csv" --quiet
        bg_commit "$BG_TEMP" "$run.time"
        read -r wall user sys rss < "$run.time"
        # hop_exact, hop_miss and convergence_time by column name.
        python3 - "$run.csv" "$side" "$d" "$t" "$wall" "$user" "$sys" "$rss" "$load" "$codec" >> "$tmp" <<'EOF'
import csv, sys
path, side, d, t, wall, user, sys_, rss, load, codec = sys.argv[1:]
row = next(csv.DictReader(open(path)))
print(f"{int(side) ** 2},{d},{t},{wall},{float(user) + float(sys_):.2f},"
      f"{int(rss) / 1024:.1f},{row['hop_exact']},{row['hop_miss']},{row['convergence_time']},{load},"
      f"{codec},{row['frames_per_beacon']},{row['gossip_frames']},{row['payload_bytes']},"
      f"{row['coded_bytes']}")
EOF
        tail -n 1 "$tmp"
    done
    bg_commit "$tmp" "$conv"
    echo "scaling.sh: wrote $conv"
fi
