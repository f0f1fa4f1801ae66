#!/usr/bin/env bash
# Maps of what the nodes believe and a query walk, in one command: install
# what is missing, build, run diameter-sweep once per family on a small
# network with --map-csv and --walk-csv, and draw analysis/plot-map.py.
#
#   scenarios/map.sh [DIAMETER-SWEEP OPTIONS...]
#
# Without options: a 7x7 grid (10 m apart, 12 m range), every family, 4
# resources, 3 gradient/flood queries from 24 s, the map at 20 s.  Options
# replace these (e.g. --topology disk --nodes 60 --degree 6, or --mobility
# random-waypoint --speed 2 --map-every 2 for an animation, drawn as map.gif
# when Pillow is there and the run has 2 to 1000 map times).  Output: OUT_DIR
# (default results/map/) runs.csv, map.csv, walk.csv, map.png, walk.png (and
# map.gif).  Environment: OUT_DIR; BUILD_DIR (default build/); SKIP_BUILD=1
# uses BUILD_DIR as it is (no package install, no build).
# Every option is checked before anything is written (diameter-sweep
# --dry-run; --out, --map-csv and --walk-csv are set here and refused): a bad
# one gets one line and exit code 2, and no OUT_DIR is created.  One script
# at a time per OUT_DIR (a lock in it).  A signal (INT, TERM, HUP) ends the
# script and its run.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=map.sh
source "$here/scenarios/common.sh"
OUT="${OUT_DIR:-$here/results/map}"
bg_help_if_asked "$0" "$@"
bg_check_outdir OUT_DIR "$OUT"
bg_refuse_options "set by map.sh (OUT_DIR/runs.csv, OUT_DIR/map.csv, OUT_DIR/walk.csv)" \
    out map-csv walk-csv dry-run -- "$@"
if [ $# -eq 0 ]; then
    set -- --topology grid --grid 7x7 --spacing 10 --range 12 --filter all --resources 4 \
        --sim-time 30 --queries 3 --query-interval 1 --query-timeout 3 --map-time 20
fi
bg_build diameter-sweep
# Every option checked, the outputs named in a scratch folder.
BG_DRY_OUTPUTS=(map-csv walk-csv)
bg_dry_run "" "" "$@"
bg_make_outdir OUT_DIR "$OUT"
OUT="$BG_OUTDIR"
bg_lock_outdir OUT_DIR "$OUT"
bg_run "$BG_DS" "$@" --quiet --out "$OUT/runs.csv" --map-csv "$OUT/map.csv" \
    --walk-csv "$OUT/walk.csv"
gif=()
times="$(awk -F, 'NR > 1 && $10 == "node" { print $9 }' "$OUT/map.csv" | sort -u | wc -l)"
if [ "$times" -gt 1 ] && "$(bg_python)" -c 'import PIL' 2>/dev/null; then
    if [ "$times" -le 1000 ]; then
        gif=(--gif)
    else
        echo "map.sh: $times map times, more than a GIF holds (1000): map.gif left out" >&2
    fi
fi
bg_run "$(bg_python)" "$here/analysis/plot-map.py" "$OUT/map.csv" "$OUT" --walk "$OUT/walk.csv" \
    ${gif[@]+"${gif[@]}"}
echo "map: $OUT/map.png and $OUT/walk.png"
