#!/usr/bin/env bash
# Concatenate the per-(config, seed) CSVs of a sweep folder:
#   scenarios/concat-parts.sh OUTDIR [PART...]
# PART is a part's path without ".csv" (OUTDIR/parts/<config>-run<seed>); the
# default is every part listed in OUTDIR/tasks.txt (third column), in that
# order, as slurm-sweep.sh writes it.  Writes OUTDIR/runs.csv (the parts'
# .csv), OUTDIR/by-distance.csv (-by-distance.csv) and, when any part has
# one, OUTDIR/queries.csv (the -queries.csv of the parts that have one).  One header each; every output
# appears complete or not at all.  Exit 1 when a part is missing or has
# another header than the first (a stale part from another version).
# Used by sweep.sh and after a SLURM array (slurm-sweep.sh).
set -euo pipefail
outdir="${1:?usage: concat-parts.sh OUTDIR [PART...]}"
shift
parts=("$@")
if [ ${#parts[@]} -eq 0 ]; then
    [ -r "$outdir/tasks.txt" ] || { echo "concat-parts.sh: cannot read $outdir/tasks.txt" >&2; exit 2; }
    while IFS=$'\t' read -r _ _ part _; do
        parts+=("${part%.csv}")
    done < "$outdir/tasks.txt"
fi
[ ${#parts[@]} -gt 0 ] || { echo "concat-parts.sh: no parts to concatenate" >&2; exit 2; }

concat() { # concat SUFFIX OUT [optional]: with "optional", parts without SUFFIX are skipped
    local suffix="$1" out="$2" optional="${3:-}" first=1 tmp="$2.tmp.$$" part header=""
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
echo "sweep: wrote $outdir/runs.csv ($(($(wc -l < "$outdir/runs.csv") - 1)) rows), $outdir/by-distance.csv$queries"
