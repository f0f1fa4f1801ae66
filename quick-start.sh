#!/usr/bin/env bash
# Quick-start command 1: install what is missing, build, run the main job.
set -euo pipefail
source "$(dirname "$0")/cmake/bootstrap.sh"
bg_bootstrap
OUT="$BG_ROOT/results/quick-start"
mkdir -p "$OUT"
"$BUILD_DIR/bin/bloom-filters-example" | tee "$OUT/bloom-filters-example.txt"
echo "bloom-gossip: output written to $OUT"
