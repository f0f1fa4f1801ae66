#!/usr/bin/env bash
# Write a SLURM job-array script for a sweep: one array task per (config,
# seed), each running diameter-sweep once.  Nothing is submitted.
#
#   scenarios/slurm-sweep.sh [-s SEEDS] [-o OUTDIR] [-b BUILD_DIR] [-p PARTITION]
#                            [-t TIME] [-m MEM] [-n MAX_RUNNING] [-J NAME]
#                            CONFIG.ini... [-- EXTRA OPTIONS]
#   sbatch OUTDIR/sweep.slurm                 # then, when the array is done:
#   scenarios/concat-parts.sh OUTDIR          # OUTDIR/runs.csv, by-distance.csv (+ queries.csv)
#
#   -s 1:5      RngRun values: N, A:B (A <= B) or a comma list of them,
#               default 1:3; a seed given twice is refused
#   -o DIR      output folder, default results/sweep
#   -p NAME     SLURM partition (default: the cluster's default)
#   -t TIME     time limit per task, default 01:00:00 (sbatch's forms:
#               M, M:S, H:M:S, D-H, D-H:M, D-H:M:S, or UNLIMITED)
#   -m MEM      memory per task, default 2G (a whole number, optionally
#               followed by K, M, G or T; 0: all of a node's memory)
#   -n N        at most N tasks running at once (--array=...%N)
#   -J NAME     job name, default bloom-gossip-sweep
#
# Writes DIR/tasks.txt (line i = array task i: config, seed, part CSV) and
# DIR/sweep.slurm, which reads a copy of that list named after its content,
# DIR/slurm/tasks-<hash>.txt, never rewritten: a queued array runs the tasks
# it was generated with, whatever is generated into DIR later.  Parts are named as by sweep.sh (DIR/parts/<config>-<key>-run<seed>,
# the key hashing the program, the config's content and the extra options).
# Every argument is checked first (each config through diameter-sweep
# --dry-run); a bad one gets one line and exit code 2.  Assumes the
# cluster's nodes share the filesystem (the build, the configs and DIR at the
# same absolute paths).  A task whose part CSVs already exist exits at once,
# so resubmitting the script resumes the sweep.  Try one task on this
# machine before submitting:
#   SLURM_ARRAY_TASK_ID=1 bash DIR/sweep.slurm
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
BG_PROG=slurm-sweep.sh
source "$here/scenarios/common.sh"
seeds="1:3"
outdir="$here/results/sweep"
build="${BUILD_DIR:-$here/build}"
partition=""
time_limit="01:00:00"
mem="2G"
max_running=""
name="bloom-gossip-sweep"
configs=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        -s) bg_need_value "$@"; seeds="$2"; shift 2 ;;
        -o) bg_need_value "$@"; outdir="$2"; shift 2 ;;
        -b) bg_need_value "$@"; build="$2"; shift 2 ;;
        -p) bg_need_value "$@"; partition="$2"; shift 2 ;;
        -t) bg_need_value "$@"; time_limit="$2"; shift 2 ;;
        -m) bg_need_value "$@"; mem="$2"; shift 2 ;;
        -n) bg_need_value "$@"; max_running="$2"; shift 2 ;;
        -J) bg_need_value "$@"; name="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
        -*) bg_fail "$1" "unknown option (see slurm-sweep.sh --help)" ;;
        *) configs+=("$1"); shift ;;
    esac
done

# Every argument is checked here, before anything is written.  The values
# that go into #SBATCH lines must be one word.
bg_check_outdir -o "$outdir"
bg_sweep_check_common
for opt in -p -t -m -J; do
    case "$opt" in
        -p) v="$partition"; [ -n "$v" ] || continue ;;
        -t) v="$time_limit" ;;
        -m) v="$mem" ;;
        -J) v="$name" ;;
    esac
    if [ -z "$v" ] || [[ "$v" == *[[:space:][:cntrl:]]* ]]; then
        bg_fail "$opt" "$(bg_show "$v") is not one word (it goes into an #SBATCH line)"
    fi
done
# sbatch would refuse other forms only when the script is submitted.
if [[ ! "${time_limit^^}" =~ ^([0-9]+(:[0-9]+){0,2}|[0-9]+-[0-9]+(:[0-9]+){0,2}|UNLIMITED|INFINITE)$ ]]; then
    bg_fail -t "$(bg_show "$time_limit") is not a SLURM time limit (M, M:S, H:M:S, D-H, D-H:M, D-H:M:S or UNLIMITED)"
fi
if [[ ! "${mem^^}" =~ ^[0-9]+[KMGT]?$ ]]; then
    bg_fail -m "$(bg_show "$mem") is not a memory size (a whole number, optionally followed by K, M, G or T)"
fi
[ -z "$max_running" ] || bg_check_uint -n "$max_running" 1 1000000 "task count"
bg_sweep_check_runs

bg_make_outdir -o "$outdir"
outdir="$BG_OUTDIR"
bg_lock_outdir -o "$outdir"
bg_make_outdir -o "$outdir/parts"
bg_make_outdir -o "$outdir/slurm"
bg_sweep_parts "$outdir"

tasks="$outdir/tasks.txt"
script="$outdir/sweep.slurm"
bg_temp_file "$tasks"
tasks_tmp="$BG_TEMP"
for i in "${!BG_PART_CONFIGS[@]}"; do
    cfg="${BG_PART_CONFIGS[$i]}"
    abs="$(cd "$(dirname "$cfg")" && pwd)/$(basename "$cfg")"
    for s in "${BG_SEEDS[@]}"; do
        printf '%s\t%s\t%s\n' "$abs" "$s" "${BG_PART_STEMS[$i]}-run$s.csv"
    done
done > "$tasks_tmp"
count=$(wc -l < "$tasks_tmp")
frozen="$outdir/slurm/tasks-$(sha256sum < "$tasks_tmp" | cut -c 1-12).txt"
if [ ! -e "$frozen" ]; then
    bg_temp_file "$frozen"
    cp -- "$tasks_tmp" "$BG_TEMP"
    bg_commit "$BG_TEMP" "$frozen"
fi
array="1-$count"
[ -n "$max_running" ] && array="$array%$max_running"
extra_words=""
if [ ${#extra[@]} -gt 0 ]; then extra_words="$(printf ' %q' "${extra[@]}")"; fi

bg_temp_file "$script"
script_tmp="$BG_TEMP"
{
    echo "#!/bin/bash"
    echo "# Generated by scenarios/slurm-sweep.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ): $count tasks."
    echo "#SBATCH --job-name=$name"
    echo "#SBATCH --array=$array"
    echo "#SBATCH --ntasks=1"
    echo "#SBATCH --cpus-per-task=1"
    echo "#SBATCH --time=$time_limit"
    echo "#SBATCH --mem=$mem"
    echo "#SBATCH --output=$outdir/slurm/%A_%a.out"
    [ -n "$partition" ] && echo "#SBATCH --partition=$partition"
    cat <<EOS
set -euo pipefail
prog=$(printf '%q' "$BG_DS")
id="\${SLURM_ARRAY_TASK_ID:?run under sbatch, or set SLURM_ARRAY_TASK_ID to try one task}"
case "\$id" in
    ''|0*|*[!0-9]*) echo "SLURM_ARRAY_TASK_ID: '\$id' is not a task number (1..$count)" >&2; exit 2 ;;
esac
# The tasks (config, seed, part CSV), as in tasks.txt when this was written.
tasks=$(printf '%q' "$frozen")
line="\$(sed -n "\${id}p" "\$tasks")"
[ -n "\$line" ] || { echo "SLURM_ARRAY_TASK_ID: no task \$id in \$tasks (1..$count)" >&2; exit 2; }
IFS=\$'\\t' read -r cfg seed part <<< "\$line"
if [ -s "\$part" ] && [ -s "\${part%.csv}-by-distance.csv" ]; then
    echo "task \$id: \$part done earlier"
    exit 0
fi
echo "task \$id on \$(hostname): \$cfg RngRun=\$seed -> \$part"
rm -f "\${part%.csv}.log" # a log is written anew, never through a link
"\$prog" --config "\$cfg" --RngRun="\$seed" --out "\$part" --quiet$extra_words 2> "\${part%.csv}.log"
EOS
} > "$script_tmp"
bg_commit "$script_tmp" "$script"
chmod +x "$script"
bg_commit "$tasks_tmp" "$tasks"
echo "slurm-sweep.sh: wrote $script ($count array tasks) and $tasks"
echo "  submit:  sbatch $script"
echo "  collect: $here/scenarios/concat-parts.sh $outdir"
