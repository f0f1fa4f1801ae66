#!/usr/bin/env bash
# The BF / counting BF / cuckoo filter comparison in one command: install what
# is missing, build, write the table (build/bin/filter-space) and draw it
# (analysis/plot-filter-space.py).
#
#   scenarios/filter-space.sh [FILTER-SPACE OPTIONS...]
#
# Without options: --elements 30000 --targets 0.01,0.1,0.5,1:20, as in
# doc/filter-space.md.  Output: OUT_DIR (default results/filter-space/)
# filter-space.csv and filter-space.png.  Bad options are refused by
# filter-space in one line (exit 2).
set -euo pipefail
source "$(dirname "$0")/../cmake/bootstrap.sh"
bg_bootstrap
OUT="${OUT_DIR:-$BG_ROOT/results/filter-space}"
mkdir -p "$OUT"
if [ $# -eq 0 ]; then
    set -- --elements 30000 --targets 0.01,0.1,0.5,1:20
fi
"$BUILD_DIR/bin/filter-space" "$@" --out "$OUT/filter-space.csv"
"$(bg_python)" "$BG_ROOT/analysis/plot-filter-space.py" "$OUT/filter-space.csv" \
    "$OUT/filter-space.png"
echo "filter-space: $OUT/filter-space.csv and $OUT/filter-space.png"
