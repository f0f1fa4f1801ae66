#!/usr/bin/env bash
# Run diameter-sweep for every (config, seed) pair on all cores, or on several
# hosts, and concatenate the CSVs.
#
#   scenarios/sweep.sh [-j JOBS] [-s SEEDS] [-o OUTDIR] [-b BUILD_DIR]
#                      [--sshloginfile FILE [--no-shared-fs] [--ssh CMD]] [--check]
#                      CONFIG.ini... [-- EXTRA OPTIONS]
#
#   -s 1:5      RngRun values: N, A:B (A <= B) or a comma list of them
#               (1:3,7), default 1:3; a seed given twice is refused
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
#   --check     check every argument as below, then exit (0 when all is
#               well) without writing or running anything (energy-sweep.sh
#               checks all its sweeps this way before the first runs)
# Each (config, seed) writes DIR/parts/<config>-<key>-run<seed>.csv (and
# -by-distance.csv, and -queries.csv for configs with queries), where <key>
# hashes what produced it: the program and its libraries, the config file's
# content and the extra options (DIR/parts/<config>-<key>.txt lists them).
# Finished parts of the same key are skipped when the sweep is re-run
# (resume); other options or an edited config run again.  The concatenation
# goes to DIR/runs.csv, DIR/by-distance.csv and, when any part has queries,
# DIR/queries.csv; DIR/tasks.txt lists the sweep's (config, seed, part), the
# part relative to DIR (the same list whatever -j, DIR or the hosts).
# Every argument is checked (each config with the extra options through
# diameter-sweep --dry-run) before anything runs; a bad one gets one line
# and exit code 2.  Extra options (and config keys) that name an output file
# (--map-csv, --walk-csv, --netanim, --out-series, --out...) are refused:
# every run would write that one file.  One sweep at a time per DIR (a lock
# in DIR): a second fails at once with exit code 2.  A signal (INT, TERM,
# HUP) ends the sweep and every run it started (GNU parallel's jobs too):
# the parts finished so far are kept (a re-run resumes), nothing is left
# half-written.
# For a SLURM cluster, see scenarios/slurm-sweep.sh.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=sweep.sh
source "$here/scenarios/common.sh"
jobs="$(nproc 2>/dev/null || echo 2)"
seeds="1:3"
outdir="$here/results/sweep"
build="${BUILD_DIR:-$here/build}"
sshloginfile=""
shared_fs=1
ssh_cmd=""
check_only=0
configs=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        -j) bg_need_value "$@"; jobs="$2"; shift 2 ;;
        -s) bg_need_value "$@"; seeds="$2"; shift 2 ;;
        -o) bg_need_value "$@"; outdir="$2"; shift 2 ;;
        -b) bg_need_value "$@"; build="$2"; shift 2 ;;
        --sshloginfile) bg_need_value "$@"; sshloginfile="$2"; shift 2 ;;
        --no-shared-fs) shared_fs=0; shift ;;
        --ssh) bg_need_value "$@"; ssh_cmd="$2"; shift 2 ;;
        --check) check_only=1; shift ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
        -*) bg_fail "$1" "unknown option (see sweep.sh --help)" ;;
        *) configs+=("$1"); shift ;;
    esac
done

# Every argument is checked here, before anything is written or run.
bg_check_outdir -o "$outdir"
bg_sweep_check_common
if [ -n "$sshloginfile" ]; then
    bg_check_input_file --sshloginfile "$sshloginfile"
    command -v parallel >/dev/null 2>&1 || bg_fail --sshloginfile "needs GNU parallel"
elif [ $shared_fs -eq 0 ]; then
    bg_fail --no-shared-fs "needs --sshloginfile"
fi
bg_check_uint -j "$jobs" 1 4096 "job count"
bg_sweep_check_runs
[ $check_only -eq 0 ] || exit 0

bg_make_outdir -o "$outdir"
outdir="$BG_OUTDIR" # absolute: remote hosts start in their home
bg_lock_outdir -o "$outdir"
bg_make_outdir -o "$outdir/parts"
if [ $shared_fs -eq 0 ]; then
    bg_make_outdir -o "$outdir/configs"
fi

# Tasks: config, seed, part.  The config's path is absolute (relative to
# OUTDIR without a shared filesystem, where it is the same on both ends of
# the transfer); the part's is relative to OUTDIR, so that tasks.txt is the
# same list whatever the folder, -j or the hosts.  tasks.txt lists them all;
# the runs to do go to GNU parallel, with absolute part paths on a shared
# filesystem.
bg_sweep_parts "$outdir"
bg_temp_file "$outdir/tasks.txt"
tasks_tmp="$BG_TEMP"
for i in "${!BG_PART_CONFIGS[@]}"; do
    cfg="${BG_PART_CONFIGS[$i]}"
    name="$(basename "$cfg" .ini)"
    if [ $shared_fs -eq 0 ]; then
        bg_temp_file "$outdir/configs/$name.ini"
        cp -- "$cfg" "$BG_TEMP"
        bg_commit "$BG_TEMP" "$outdir/configs/$name.ini"
        cfg_path="configs/$name.ini"
        prefix="parts"
    else
        cfg_path="$(cd "$(dirname "$cfg")" && pwd)/$(basename "$cfg")"
        prefix="parts"
    fi
    for s in "${BG_SEEDS[@]}"; do
        part="${BG_PART_STEMS[$i]}-run$s"
        printf '%s\t%s\t%s\n' "$cfg_path" "$s" "$prefix/${part##*/}.csv"
    done
done > "$tasks_tmp"
bg_commit "$tasks_tmp" "$outdir/tasks.txt"
bg_temp_file "$outdir/todo.txt"
todo_list="$BG_TEMP"
while IFS=$'\t' read -r cfg_path s p; do
    part="$outdir/parts/${p##*/}"
    if [ -s "$part" ] && [ -s "${part%.csv}-by-distance.csv" ]; then
        continue # finished earlier: resume
    fi
    [ $shared_fs -eq 0 ] || p="$part"
    printf '%s\t%s\t%s\n' "$cfg_path" "$s" "$p"
done < "$outdir/tasks.txt" > "$todo_list"
todo=$(wc -l < "$todo_list")
where="$jobs jobs"
[ -n "$sshloginfile" ] && where="the hosts of $sshloginfile ($jobs jobs each unless the file says)"
echo "sweep.sh: $todo runs to do on $where (output $outdir)"

# One task: RUN_ONE CONFIG SEED PART, run by bash wherever the task runs.  A
# one-line script passed in the environment rather than an exported bash
# function: a remote host runs the job through the login shell ($SHELL),
# which may be dash or zsh.  Extra options come from $EXTRA (printf %q words).
# The log is removed first: written anew, never through a symbolic link.
RUN_ONE='cfg="$1"; seed="$2"; part="$3"; eval "extra=($EXTRA)"; mkdir -p "$(dirname "$part")"; rm -f "${part%.csv}.log"; "$PROG" --config "$cfg" --RngRun="$seed" --out "$part" --quiet "${extra[@]}" 2> "${part%.csv}.log" || { echo "FAILED: $cfg seed $seed (see ${part%.csv}.log)" >&2; exit 1; }; echo "done: $(basename "$cfg") RngRun=$seed -> $(basename "$part")"'
export RUN_ONE
export PROG="$BG_DS"
EXTRA=""
if [ ${#extra[@]} -gt 0 ]; then EXTRA="$(printf '%q ' "${extra[@]}")"; fi
export EXTRA
run_tasks() { # the runs of todo_list, through GNU parallel (or xargs)
    if [ -n "$sshloginfile" ]; then
        remote=(--sshloginfile "$sshloginfile" --env RUN_ONE --env PROG --env EXTRA)
        [ -n "$ssh_cmd" ] && remote+=(--ssh "$ssh_cmd")
        if [ $shared_fs -eq 0 ]; then
            # Relative paths under a fresh folder on the host; the task's
            # parts/ folder (its CSVs, log and any per-query CSV) comes back
            # into OUTDIR/parts (parallel runs from OUTDIR).
            remote+=(--workdir ... --transferfile {1} --return parts --cleanup)
        fi
        cd "$outdir" && parallel --will-cite -j "$jobs" --colsep '\t' "${remote[@]}" \
            bash -c '"$RUN_ONE"' run_one {1} {2} {3} :::: "$todo_list"
    elif command -v parallel >/dev/null 2>&1; then
        parallel --will-cite --line-buffer -j "$jobs" --colsep '\t' \
            bash -c '"$RUN_ONE"' run_one {1} {2} {3} :::: "$todo_list"
    else
        cut -f 1-3 "$todo_list" | tr '\t' '\n' | xargs -d '\n' -n 3 -P "$jobs" bash -c "$RUN_ONE" run_one
    fi
}
# When the sweep ends early (a failed run, a signal), a run that did not
# finish leaves no empty log (a log that says something stays).
unfinished_logs() {
    local p
    while IFS=$'\t' read -r _ _ p; do
        p="$outdir/parts/${p##*/}"
        if [ ! -s "$p" ] && [ -f "${p%.csv}.log" ] && [ ! -s "${p%.csv}.log" ]; then
            rm -f -- "${p%.csv}.log"
        fi
    done < "$outdir/tasks.txt"
}
bg_at_exit unfinished_logs
if [ "$todo" -gt 0 ]; then
    bg_run run_tasks
fi

# The parts of this sweep, in config then seed order (not every file in
# parts/: an earlier sweep into the same folder may have left others).
parts=()
while IFS=$'\t' read -r _ _ p; do
    parts+=("$outdir/parts/$(basename "${p%.csv}")")
done < "$outdir/tasks.txt"
bg_run "$here/scenarios/concat-parts.sh" "$outdir" "${parts[@]}"
