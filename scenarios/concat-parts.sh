#!/usr/bin/env bash
# Concatenate the per-(config, seed) CSVs of a sweep folder:
#   scenarios/concat-parts.sh OUTDIR [PART...]
# PART is a part's path without ".csv" (OUTDIR/parts/<config>-<key>-run<seed>);
# the default is every part listed in OUTDIR/tasks.txt (third column; relative
# paths are under OUTDIR), in that order, as sweep.sh and slurm-sweep.sh
# write it.  Writes OUTDIR/runs.csv (the parts'
# .csv), OUTDIR/by-distance.csv (-by-distance.csv) and, when any part has
# one, OUTDIR/queries.csv (the -queries.csv of the parts that have one).
# One header each; the outputs appear complete, all of them, or none (each
# through a private temporary beside it, never through a symbolic link).
# Exit 1, in one line naming the part, when a part is missing, empty or has
# another header than the first (a stale part from another version).
# Used by sweep.sh and after a SLURM array (slurm-sweep.sh).  OUTDIR must be
# an existing folder (an empty or odd name is refused with exit code 2), and
# is locked like a sweep's: concatenating while a sweep writes into it fails.
set -euo pipefail
BG_PROG=concat-parts.sh
source "$(cd "$(dirname "$0")" && pwd)/common.sh"
[ $# -ge 1 ] || bg_fail OUTDIR "missing (usage: concat-parts.sh OUTDIR [PART...])"
bg_check_outdir OUTDIR "$1"
[ -d "$1" ] || bg_fail OUTDIR "$(bg_show "$1") is not a folder"
outdir="$1"
shift
parts=("$@")
if [ ${#parts[@]} -eq 0 ]; then
    [ -f "$outdir/tasks.txt" ] && [ -r "$outdir/tasks.txt" ] ||
        bg_fail OUTDIR "cannot read $outdir/tasks.txt (give the parts, or the folder of a sweep)"
fi
bg_lock_outdir OUTDIR "$(cd -P -- "$outdir" && pwd)"
if [ ${#parts[@]} -eq 0 ]; then
    while IFS=$'\t' read -r _ _ part _; do
        case "$part" in
            /*) ;;
            *) part="$outdir/$part" ;;
        esac
        parts+=("${part%.csv}")
    done < "$outdir/tasks.txt"
fi
[ ${#parts[@]} -gt 0 ] || bg_fail PART "no parts to concatenate"

# Every output is joined by bg_concat (a private temporary beside it; every
# part checked first: missing, empty or another header -> one line, exit 1)
# and renamed into place with the others by bg_commit_outputs: all of them,
# or none.
files=()
for part in "${parts[@]}"; do files+=("$part.csv"); done
bg_concat "$outdir/runs.csv" "${files[@]}"
files=()
for part in "${parts[@]}"; do files+=("$part-by-distance.csv"); done
bg_concat "$outdir/by-distance.csv" "${files[@]}"
# queries.csv: the -queries.csv of the parts that have one.
files=()
for part in "${parts[@]}"; do
    if [ -e "$part-queries.csv" ] || [ -L "$part-queries.csv" ]; then
        files+=("$part-queries.csv")
    fi
done
[ ${#files[@]} -eq 0 ] || bg_concat "$outdir/queries.csv" "${files[@]}"
bg_commit_outputs
queries=""
if [ ${#files[@]} -gt 0 ]; then
    queries=" and $outdir/queries.csv ($(($(wc -l < "$outdir/queries.csv") - 1)) queries)"
else
    # No part of this sweep has queries: a queries.csv of an earlier sweep
    # into the same folder is not this sweep's.
    rm -f -- "$outdir/queries.csv"
fi
echo "sweep: wrote $outdir/runs.csv ($(($(wc -l < "$outdir/runs.csv") - 1)) rows), $outdir/by-distance.csv$queries"
