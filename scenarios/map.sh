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
# when Pillow is there).  Output: OUT_DIR (default results/map/) runs.csv,
# map.csv, walk.csv, map.png, walk.png (and map.gif).  Bad options are
# refused by diameter-sweep in one line (exit 2).
set -euo pipefail
source "$(dirname "$0")/../cmake/bootstrap.sh"
bg_bootstrap
OUT="${OUT_DIR:-$BG_ROOT/results/map}"
mkdir -p "$OUT"
if [ $# -eq 0 ]; then
    set -- --topology grid --grid 7x7 --spacing 10 --range 12 --filter all --resources 4 \
        --sim-time 30 --queries 3 --query-interval 1 --query-timeout 3 --map-time 20
fi
"$BUILD_DIR/bin/diameter-sweep" "$@" --quiet --out "$OUT/runs.csv" \
    --map-csv "$OUT/map.csv" --walk-csv "$OUT/walk.csv"
gif=()
if [ "$(awk -F, 'NR > 1 && $10 == "node" { print $9 }' "$OUT/map.csv" | sort -u | wc -l)" -gt 1 ] &&
    "$(bg_python)" -c 'import PIL' 2>/dev/null; then
    gif=(--gif)
fi
"$(bg_python)" "$BG_ROOT/analysis/plot-map.py" "$OUT/map.csv" "$OUT" --walk "$OUT/walk.csv" \
    "${gif[@]}"
echo "map: $OUT/map.png and $OUT/walk.png"
