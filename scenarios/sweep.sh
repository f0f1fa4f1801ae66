#!/usr/bin/env bash
# Run diameter-sweep for every (config, seed) pair on all cores and concatenate
# the CSVs.
#
#   scenarios/sweep.sh [-j JOBS] [-s SEEDS] [-o OUTDIR] [-b BUILD_DIR] CONFIG.ini... [-- EXTRA OPTIONS]
#
#   -s 1:5      RngRun values (a:b range or comma list), default 1:3
#   -o DIR      output folder, default results/sweep
#   -j N        parallel jobs, default all cores
# Each (config, seed) writes DIR/parts/<config>-run<seed>.csv (and
# -by-distance.csv, and -queries.csv for configs with queries); finished
# parts are skipped when the sweep is re-run (resume).  The concatenation
# goes to DIR/runs.csv, DIR/by-distance.csv and, when any part has queries,
# DIR/queries.csv.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
jobs="$(nproc 2>/dev/null || echo 2)"
seeds="1:3"
outdir="$here/results/sweep"
build="${BUILD_DIR:-$here/build}"
configs=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        -j) jobs="$2"; shift 2 ;;
        -s) seeds="$2"; shift 2 ;;
        -o) outdir="$2"; shift 2 ;;
        -b) build="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        -*) echo "sweep.sh: unknown option $1" >&2; exit 2 ;;
        *) configs+=("$1"); shift ;;
    esac
done
if [ ${#configs[@]} -eq 0 ]; then
    echo "sweep.sh: no config file given (e.g. scenarios/line.ini)" >&2
    exit 2
fi
prog="$build/bin/diameter-sweep"
if [ ! -x "$prog" ]; then
    echo "sweep.sh: $prog not built (run ./quick-start.sh or cmake --build build)" >&2
    exit 2
fi
case "$seeds" in
    *:*) seed_list=$(seq "${seeds%%:*}" "${seeds##*:}") ;;
    *) seed_list=$(echo "$seeds" | tr ',' ' ') ;;
esac
names=" "
for cfg in "${configs[@]}"; do
    [ -r "$cfg" ] || { echo "sweep.sh: cannot read $cfg" >&2; exit 2; }
    name="$(basename "$cfg" .ini)"
    case "$names" in
        *" $name "*) echo "sweep.sh: two configs named $name.ini (their parts would collide)" >&2; exit 2 ;;
    esac
    names="$names$name "
done
mkdir -p "$outdir/parts"

tasks="$outdir/tasks.txt"
: > "$tasks"
for cfg in "${configs[@]}"; do
    name="$(basename "$cfg" .ini)"
    for s in $seed_list; do
        part="$outdir/parts/$name-run$s.csv"
        if [ -s "$part" ] && [ -s "${part%.csv}-by-distance.csv" ]; then
            continue # finished earlier: resume
        fi
        printf '%s\t%s\t%s\n' "$cfg" "$s" "$part" >> "$tasks"
    done
done
todo=$(wc -l < "$tasks")
echo "sweep.sh: $todo runs to do on $jobs jobs (output $outdir)"

run_one() { # run_one CONFIG SEED PART; extra options come from $EXTRA (printf %q words)
    local cfg="$1" seed="$2" part="$3" extra=()
    eval "extra=($EXTRA)"
    "$PROG" --config "$cfg" --RngRun="$seed" --out "$part" --quiet "${extra[@]}" \
        2> "${part%.csv}.log" || { echo "FAILED: $cfg seed $seed (see ${part%.csv}.log)" >&2; return 1; }
    echo "done: $(basename "$cfg") RngRun=$seed -> $(basename "$part")"
}
export -f run_one
export PROG="$prog"
EXTRA=""
if [ ${#extra[@]} -gt 0 ]; then EXTRA="$(printf '%q ' "${extra[@]}")"; fi
export EXTRA
if [ "$todo" -gt 0 ]; then
    if command -v parallel >/dev/null 2>&1; then
        parallel --will-cite --line-buffer -j "$jobs" --colsep '\t' run_one {1} {2} {3} :::: "$tasks"
    else
        tr '\t' '\n' < "$tasks" | xargs -d '\n' -n 3 -P "$jobs" bash -c 'run_one "$@"' _
    fi
fi

# The parts of this sweep, in config then seed order (not every file in
# parts/: an earlier sweep into the same folder may have left others).
parts=()
for cfg in "${configs[@]}"; do
    name="$(basename "$cfg" .ini)"
    for s in $seed_list; do
        parts+=("$outdir/parts/$name-run$s")
    done
done
concat() { # concat SUFFIX OUT: one header, then every part's rows; OUT appears complete or not at all
    local suffix="$1" out="$2" first=1 tmp="$2.tmp.$$" part header=""
    : > "$tmp"
    for part in "${parts[@]}"; do
        if [ ! -s "$part$suffix" ]; then
            echo "sweep.sh: missing $part$suffix" >&2
            rm -f "$tmp"
            exit 1
        fi
        if [ $first -eq 1 ]; then
            header="$(head -n 1 "$part$suffix")"
            printf '%s\n' "$header" >> "$tmp"
            first=0
        elif [ "$(head -n 1 "$part$suffix")" != "$header" ]; then
            echo "sweep.sh: $part$suffix has another header than the first part (stale part from another version? delete it to re-run)" >&2
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
if compgen -G "$outdir/parts/*-run*-queries.csv" > /dev/null; then
    concat "-queries.csv" "$outdir/queries.csv"
    queries=" and $outdir/queries.csv ($(($(wc -l < "$outdir/queries.csv") - 1)) queries)"
fi
echo "sweep.sh: wrote $outdir/runs.csv ($(($(wc -l < "$outdir/runs.csv") - 1)) rows), $outdir/by-distance.csv$queries"
