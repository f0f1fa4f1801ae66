#!/usr/bin/env bash
# Concatenate the per-(config, seed) CSVs of a sweep folder:
#   scenarios/concat-parts.sh OUTDIR [PART...]
# PART is a part's path without ".csv" (OUTDIR/parts/<config>-<key>-run<seed>);
# the default is every part listed in OUTDIR/tasks.txt (third column; relative
# paths are under OUTDIR), in that order, as sweep.sh and slurm-sweep.sh
# write it.  Writes OUTDIR/runs.csv (the parts'
# .csv), OUTDIR/by-distance.csv (-by-distance.csv) and, when any part has
# one, OUTDIR/queries.csv (the -queries.csv of the parts that have one).  One header each; every output
# appears complete or not at all.  Exit 1 when a part is missing or has
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

tmp=""
trap '[ -z "$tmp" ] || rm -f "$tmp"' EXIT
concat() { # concat SUFFIX OUT [optional]: with "optional", parts without SUFFIX are skipped
    local suffix="$1" out="$2" optional="${3:-}" first=1 part header=""
    tmp="$2.tmp.$$"
    : > "$tmp"
    for part in "${parts[@]}"; do
        if [ -n "$optional" ] && [ ! -e "$part$suffix" ]; then
            continue
        fi
        if [ ! -s "$part$suffix" ]; then
            echo "concat-parts.sh: missing $part$suffix" >&2
            rm -f "$tmp"
            exit 1
        fi
        if [ $first -eq 1 ]; then
            header="$(head -n 1 "$part$suffix")"
            printf '%s\n' "$header" >> "$tmp"
            first=0
        elif [ "$(head -n 1 "$part$suffix")" != "$header" ]; then
            echo "concat-parts.sh: $part$suffix has another header than the first part (stale part from another version? delete it to re-run)" >&2
            rm -f "$tmp"
            exit 1
        fi
        tail -n +2 "$part$suffix" >> "$tmp"
    done
    mv "$tmp" "$out"
    tmp=""
}
concat ".csv" "$outdir/runs.csv"
concat "-by-distance.csv" "$outdir/by-distance.csv"
queries=""
for part in "${parts[@]}"; do
    if [ -e "$part-queries.csv" ]; then
        concat "-queries.csv" "$outdir/queries.csv" optional
        queries=" and $outdir/queries.csv ($(($(wc -l < "$outdir/queries.csv") - 1)) queries)"
        break
    fi
done
# No part of this sweep has queries: a queries.csv of an earlier sweep into
# the same folder is not this sweep's.
[ -n "$queries" ] || rm -f "$outdir/queries.csv"
echo "sweep: wrote $outdir/runs.csv ($(($(wc -l < "$outdir/runs.csv") - 1)) rows), $outdir/by-distance.csv$queries"
