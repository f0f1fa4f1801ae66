#!/usr/bin/env bash
# The BF / counting BF / cuckoo filter comparison in one command: install what
# is missing, build, write the table (build/bin/filter-space) and draw it
# (analysis/plot-filter-space.py).
#
#   scenarios/filter-space.sh [FILTER-SPACE OPTIONS...]
#
# Without options: --elements 30000 --targets 0.01,0.1,0.5,1:20, as in
# doc/filter-space.md.  Output: OUT_DIR (default results/filter-space/)
# filter-space.csv and filter-space.png.  Environment: OUT_DIR; BUILD_DIR
# (default build/); SKIP_BUILD=1 uses BUILD_DIR as it is (no package
# install, no build).  Bad options are refused by filter-space in one line
# (exit 2; --out is set here and refused) before anything is created:
# filter-space has no dry run, so it writes its table into a scratch folder
# first (it checks every option before any work), and OUT_DIR is made only
# once the table exists.  One script at a time per OUT_DIR (a lock in it,
# taken before the run when OUT_DIR exists).  A signal (INT, TERM, HUP) ends
# the script and its run.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=filter-space.sh
source "$here/scenarios/common.sh"
OUT="${OUT_DIR:-$here/results/filter-space}"
bg_help_if_asked "$0" "$@"
bg_check_outdir OUT_DIR "$OUT"
bg_refuse_options "set by filter-space.sh (OUT_DIR/filter-space.csv)" out -- "$@"
if [ $# -eq 0 ]; then
    set -- --elements 30000 --targets 0.01,0.1,0.5,1:20
fi
bg_build filter-space
# An existing OUT_DIR is locked before the run; a new one is made after it.
if [ -d "$OUT" ]; then
    bg_make_outdir OUT_DIR "$OUT"
    bg_lock_outdir OUT_DIR "$BG_OUTDIR"
fi
bg_temp_dir
scratch="$BG_TEMP"
bg_run "$BG_DS" "$@" --out "$scratch/filter-space.csv"
bg_make_outdir OUT_DIR "$OUT"
OUT="$BG_OUTDIR"
bg_lock_outdir OUT_DIR "$OUT"
bg_temp_file "$OUT/filter-space.csv"
cp -- "$scratch/filter-space.csv" "$BG_TEMP"
bg_commit "$BG_TEMP" "$OUT/filter-space.csv"
bg_remove_temp "$scratch"
bg_run "$(bg_python)" "$here/analysis/plot-filter-space.py" "$OUT/filter-space.csv" \
    "$OUT/filter-space.png"
echo "filter-space: $OUT/filter-space.csv and $OUT/filter-space.png"
