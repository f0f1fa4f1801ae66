#!/usr/bin/env bash
# Concatenate the per-(config, seed) CSVs of a sweep folder:
#   scenarios/concat-parts.sh OUTDIR
# DIR/parts/*-run*.csv -> DIR/runs.csv, DIR/parts/*-run*-by-distance.csv ->
# DIR/by-distance.csv (one header each).  Used by sweep.sh and slurm-sweep.sh.
set -euo pipefail
outdir="${1:?usage: concat-parts.sh OUTDIR}"

concat() { # concat SUFFIX OUT: one header, then every part's rows
    local suffix="$1" out="$2" first=1 tmp="$2.tmp.$$" f
    : > "$tmp"
    for f in "$outdir"/parts/*-run*"$suffix"; do
        [ -e "$f" ] || continue
        case "$f" in *-by-distance.csv) [ "$suffix" = ".csv" ] && continue ;; esac
        if [ $first -eq 1 ]; then head -n 1 "$f" >> "$tmp"; first=0; fi
        tail -n +2 "$f" >> "$tmp"
    done
    mv "$tmp" "$out"
}
concat ".csv" "$outdir/runs.csv"
concat "-by-distance.csv" "$outdir/by-distance.csv"
rows=$(($(wc -l < "$outdir/runs.csv") - 1))
[ $rows -lt 0 ] && rows=0
echo "sweep: wrote $outdir/runs.csv ($rows rows) and $outdir/by-distance.csv"
