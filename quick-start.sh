#!/usr/bin/env bash
# Quick-start command 1: install what is missing, build, run the main job:
# a diameter sweep of BF, LBF, ABF and SDBF gossip on lines and grids (3 seeds),
# then the plots.  Output: results/quick-start/{line,grid,budget}/ with
# runs.csv, by-distance.csv and the PNG figures.
set -euo pipefail
source "$(dirname "$0")/cmake/bootstrap.sh"
bg_bootstrap
OUT="$BG_ROOT/results/quick-start"
rm -rf "$OUT" # a fresh run: no part of an earlier build is reused
for part in line grid budget; do
    "$BG_ROOT/scenarios/sweep.sh" -b "$BUILD_DIR" -s 1:3 -o "$OUT/$part" \
        "$BG_ROOT/scenarios/quick-$part.ini"
    "$(bg_python)" "$BG_ROOT/analysis/plot-sweep.py" "$OUT/$part/runs.csv" \
        "$OUT/$part/by-distance.csv" "$OUT/$part"
done
echo "bloom-gossip: CSV and PNG files are in $OUT"
