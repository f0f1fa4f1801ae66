#!/usr/bin/env bash
# Reproduce the LBF paper's section 4 (Lima, Baquero & Miranda): the
# calibration grid (Figs. 5 and 6: N = 100,000 iterations, b = 1..16 at k = 7
# and k = 2..16 at b = 8, n = 30..70, floor/ceil/round), the capacity
# experiment (Fig. 4: 1000 repetitions, k = 7, targets 30..70 %), then the
# figures and the comparison with the paper's numbers.
#
# Builds nothing: run cmake first (see README).  Environment:
#   BUILD_DIR   build folder holding bin/lbf-calibration (default: build)
#   OUT_DIR     output folder (default: results/paper)
#   IDS         element ids, continue or restart (default: continue)
#   SEED        MRG32k3a seed (default: 1)
#   THREADS     worker threads (default: all cores; results do not depend on it)
#   PYTHON      interpreter with pandas and matplotlib (default: the first of
#               python3, /usr/bin/python3 that imports both)
#   ITERATIONS  calibration iterations N per point (default 100000, the paper's)
#   REPETITIONS capacity repetitions (default 1000, the paper's)
# Every setting is checked before the first run (one line naming it, exit
# code 2); one script at a time per OUT_DIR (a lock in it).  A signal (INT,
# TERM, HUP) ends the script and its runs.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=paper-reproduction
source "$ROOT/scenarios/common.sh"
if [ $# -ne 0 ]; then
    bg_fail "$1" "no arguments; settings come from the environment (see the script's header)"
fi
BUILD_DIR="${BUILD_DIR:-build}"
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR="$ROOT/$BUILD_DIR" ;; esac
OUT_DIR="${OUT_DIR:-$ROOT/results/paper}"
IDS="${IDS:-continue}"
SEED="${SEED:-1}"
ITERATIONS="${ITERATIONS:-100000}"
REPETITIONS="${REPETITIONS:-1000}"
THREADS="${THREADS:-$(nproc 2>/dev/null || echo 2)}"
# lbf-calibration's own ranges, checked here too: the capacity run (the
# second) must not fail after the long calibration run.
case "$IDS" in
    continue | restart) ;;
    *) bg_fail IDS "$(bg_show "$IDS") is not an id mode (allowed: continue, restart)" ;;
esac
bg_check_uint SEED "$SEED" 1 4294944442
bg_check_uint THREADS "$THREADS" 1 1024
bg_check_uint ITERATIONS "$ITERATIONS" 1 1000000000
bg_check_uint REPETITIONS "$REPETITIONS" 1 10000000
bg_check_outdir OUT_DIR "$OUT_DIR"
PROG="$BUILD_DIR/bin/lbf-calibration"
if [ ! -x "$PROG" ]; then
    bg_fail BUILD_DIR "$PROG not found; build first (cmake -S . -B build -G Ninja && cmake --build build)"
fi
if [ -n "${PYTHON:-}" ]; then
    "$PYTHON" -c "import pandas, matplotlib" >/dev/null 2>&1 ||
        bg_fail PYTHON "$(bg_show "$PYTHON") cannot import pandas and matplotlib"
else
    for candidate in python3 /usr/bin/python3; do
        if "$candidate" -c "import pandas, matplotlib" >/dev/null 2>&1; then
            PYTHON="$candidate"
            break
        fi
    done
fi
if [ -z "${PYTHON:-}" ]; then
    bg_fail PYTHON "no python3 with pandas and matplotlib (apt-get install python3-pandas python3-matplotlib)"
fi
bg_make_outdir OUT_DIR "$OUT_DIR"
bg_lock_outdir OUT_DIR "$BG_OUTDIR"
comparison="$OUT_DIR/comparison.md"

echo "paper-reproduction: calibration grid -> $OUT_DIR/calibration.csv"
bg_run "$PROG" --experiment calibration --ids "$IDS" --seed "$SEED" --threads "$THREADS" \
    --iterations "$ITERATIONS" --out "$OUT_DIR/calibration.csv"
echo "paper-reproduction: capacity (Fig. 4) -> $OUT_DIR/capacity.csv"
bg_run "$PROG" --experiment capacity --ids "$IDS" --seed "$SEED" --threads "$THREADS" \
    --repetitions "$REPETITIONS" --out "$OUT_DIR/capacity.csv"
echo "paper-reproduction: figures -> $OUT_DIR"
# comparison.md appears complete or not at all.
bg_temp_file "$comparison"
comparison_tmp="$BG_TEMP"
figures() {
    "$PYTHON" "$ROOT/analysis/plot-paper.py" "$OUT_DIR/calibration.csv" "$OUT_DIR/capacity.csv" \
        --out "$OUT_DIR" | tee "$comparison_tmp"
}
bg_run figures
bg_commit "$comparison_tmp" "$comparison"
