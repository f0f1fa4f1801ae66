#!/usr/bin/env bash
# Run diameter-sweep for every (config, seed) pair on all cores, or on several
# hosts, and concatenate the CSVs.
#
#   scenarios/sweep.sh [-j JOBS] [-s SEEDS] [-o OUTDIR] [-b BUILD_DIR]
#                      [--sshloginfile FILE [--no-shared-fs] [--ssh CMD]]
#                      CONFIG.ini... [-- EXTRA OPTIONS]
#
#   -s 1:5      RngRun values (a:b range or comma list), default 1:3
#   -o DIR      output folder, default results/sweep
#   -j N        parallel jobs (per host with --sshloginfile), default all cores
#   --sshloginfile FILE
#               run the tasks on the hosts listed in FILE (GNU parallel:
#               one "[ncpus/][user@]host" per line, ":" is this machine).
#               Assumes a shared filesystem: the build, the config files and
#               the output folder are seen at the same absolute paths on every
#               host (e.g. an NFS home), and bash is there.
#   --no-shared-fs
#               with --sshloginfile, when the hosts do not share OUTDIR: each
#               task's config file is copied to the host (--transferfile) and
#               its CSVs and log are copied back (--return) and removed there
#               (--cleanup); diameter-sweep must still be installed at the same
#               path (BUILD_DIR) on every host, built from the same commit.
#   --ssh CMD   ssh command for GNU parallel, e.g. "ssh -p 2222"
# Each (config, seed) writes DIR/parts/<config>-run<seed>.csv (and
# -by-distance.csv, and -queries.csv for configs with queries); finished
# parts are skipped when the sweep is re-run (resume).  The concatenation
# goes to DIR/runs.csv, DIR/by-distance.csv and, when any part has queries,
# DIR/queries.csv.
# For a SLURM cluster, see scenarios/slurm-sweep.sh.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
jobs="$(nproc 2>/dev/null || echo 2)"
seeds="1:3"
outdir="$here/results/sweep"
build="${BUILD_DIR:-$here/build}"
sshloginfile=""
shared_fs=1
ssh_cmd=""
configs=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        -j) jobs="$2"; shift 2 ;;
        -s) seeds="$2"; shift 2 ;;
        -o) outdir="$2"; shift 2 ;;
        -b) build="$2"; shift 2 ;;
        --sshloginfile) sshloginfile="$2"; shift 2 ;;
        --no-shared-fs) shared_fs=0; shift ;;
        --ssh) ssh_cmd="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
        -*) echo "sweep.sh: unknown option $1" >&2; exit 2 ;;
        *) configs+=("$1"); shift ;;
    esac
done
if [ ${#configs[@]} -eq 0 ]; then
    echo "sweep.sh: no config file given (e.g. scenarios/line.ini)" >&2
    exit 2
fi
if [ -n "$sshloginfile" ]; then
    [ -r "$sshloginfile" ] || { echo "sweep.sh: cannot read $sshloginfile" >&2; exit 2; }
    command -v parallel >/dev/null 2>&1 ||
        { echo "sweep.sh: --sshloginfile needs GNU parallel" >&2; exit 2; }
elif [ $shared_fs -eq 0 ]; then
    echo "sweep.sh: --no-shared-fs needs --sshloginfile" >&2
    exit 2
fi
build="$(cd "$build" 2>/dev/null && pwd || echo "$build")"
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
outdir="$(cd "$outdir" && pwd)" # absolute: remote hosts start in their home

# Tasks: config, seed, part.  Paths are
# absolute, or relative to OUTDIR without a shared filesystem (where they
# are the same on both ends of the transfer).
tasks="$outdir/tasks.txt"
: > "$tasks"
if [ $shared_fs -eq 0 ]; then
    mkdir -p "$outdir/configs"
fi
for cfg in "${configs[@]}"; do
    name="$(basename "$cfg" .ini)"
    if [ $shared_fs -eq 0 ]; then
        cp "$cfg" "$outdir/configs/$name.ini"
        cfg_path="configs/$name.ini"
        prefix="parts"
    else
        cfg_path="$(cd "$(dirname "$cfg")" && pwd)/$(basename "$cfg")"
        prefix="$outdir/parts"
    fi
    for s in $seed_list; do
        part="$outdir/parts/$name-run$s.csv"
        if [ -s "$part" ] && [ -s "${part%.csv}-by-distance.csv" ]; then
            continue # finished earlier: resume
        fi
        p="$prefix/$name-run$s"
        printf '%s\t%s\t%s\n' "$cfg_path" "$s" "$p.csv" >> "$tasks"
    done
done
todo=$(wc -l < "$tasks")
where="$jobs jobs"
[ -n "$sshloginfile" ] && where="the hosts of $sshloginfile ($jobs jobs each unless the file says)"
echo "sweep.sh: $todo runs to do on $where (output $outdir)"

# One task: RUN_ONE CONFIG SEED PART, run by bash wherever the task runs.  A
# one-line script passed in the environment rather than an exported bash
# function: a remote host runs the job through the login shell ($SHELL),
# which may be dash or zsh.  Extra options come from $EXTRA (printf %q words).
RUN_ONE='cfg="$1"; seed="$2"; part="$3"; eval "extra=($EXTRA)"; mkdir -p "$(dirname "$part")"; "$PROG" --config "$cfg" --RngRun="$seed" --out "$part" --quiet "${extra[@]}" 2> "${part%.csv}.log" || { echo "FAILED: $cfg seed $seed (see ${part%.csv}.log)" >&2; exit 1; }; echo "done: $(basename "$cfg") RngRun=$seed -> $(basename "$part")"'
export RUN_ONE
export PROG="$prog"
EXTRA=""
if [ ${#extra[@]} -gt 0 ]; then EXTRA="$(printf '%q ' "${extra[@]}")"; fi
export EXTRA
if [ "$todo" -gt 0 ]; then
    if [ -n "$sshloginfile" ]; then
        remote=(--sshloginfile "$sshloginfile" --env RUN_ONE --env PROG --env EXTRA)
        [ -n "$ssh_cmd" ] && remote+=(--ssh "$ssh_cmd")
        if [ $shared_fs -eq 0 ]; then
            # Relative paths under a fresh folder on the host; the task's
            # parts/ folder (its CSVs, log and any per-query CSV) comes back
            # into OUTDIR/parts (parallel runs from OUTDIR).
            remote+=(--workdir ... --transferfile {1} --return parts --cleanup)
        fi
        (cd "$outdir" && parallel --will-cite -j "$jobs" --colsep '\t' "${remote[@]}" \
            bash -c '"$RUN_ONE"' run_one {1} {2} {3} :::: "$tasks")
    elif command -v parallel >/dev/null 2>&1; then
        parallel --will-cite --line-buffer -j "$jobs" --colsep '\t' \
            bash -c '"$RUN_ONE"' run_one {1} {2} {3} :::: "$tasks"
    else
        cut -f 1-3 "$tasks" | tr '\t' '\n' | xargs -d '\n' -n 3 -P "$jobs" bash -c "$RUN_ONE" run_one
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
"$here/scenarios/concat-parts.sh" "$outdir" "${parts[@]}"
