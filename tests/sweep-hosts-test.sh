#!/usr/bin/env bash
# CTest sweep-across-hosts: a tiny sweep run four ways gives the same
# runs.csv: on this machine; through GNU parallel --sshloginfile with ":"
# (this machine, shared filesystem); with --no-shared-fs through a fake ssh
# (tests/fake-ssh.sh: separate home, configs sent and CSVs returned by
# rsync, remote login shell dash, this shell's SHELL unset as under some
# CI runners); and as the SLURM job-array script of slurm-sweep.sh, each array
# task run here with SLURM_ARRAY_TASK_ID set.  Exit 77 (skipped) without
# GNU parallel or rsync.
#   tests/sweep-hosts-test.sh REPOSITORY_ROOT BUILD_DIR
set -euo pipefail
root="$1"
build="$2"
for tool in parallel rsync; do
    command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool not installed"; exit 77; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/tiny.ini" <<'INI'
topology = line
diameters = 4,6
filter = all
m = 128
resources = 2
probes = 20
sim-time = 16
queries = 3
query-timeout = 3
INI
sweep="$root/scenarios/sweep.sh"
"$sweep" -b "$build" -s 1:2 -j 2 -o "$work/local" "$work/tiny.ini" > /dev/null 2>&1
echo ":" > "$work/hosts-local"
"$sweep" -b "$build" -s 1:2 -j 2 -o "$work/shared" --sshloginfile "$work/hosts-local" "$work/tiny.ini"
echo "2/fakehost" > "$work/hosts-fake"
FAKE_SSH_HOME="$work/remote-home" FAKE_SSH_SHELL=/bin/sh env -u SHELL "$sweep" -b "$build" -s 1:2 -o "$work/noshare" \
    --sshloginfile "$work/hosts-fake" --no-shared-fs --ssh "$root/tests/fake-ssh.sh" "$work/tiny.ini"
"$root/scenarios/slurm-sweep.sh" -b "$build" -s 1:2 -o "$work/slurm" -n 4 "$work/tiny.ini"
bash -n "$work/slurm/sweep.slurm"
grep -q '^#SBATCH --array=1-2%4$' "$work/slurm/sweep.slurm"
for id in 1 2; do SLURM_ARRAY_TASK_ID=$id bash "$work/slurm/sweep.slurm"; done
"$root/scenarios/concat-parts.sh" "$work/slurm"
rows=$(($(wc -l < "$work/local/runs.csv") - 1))
[ "$rows" -ge 12 ] || { echo "FAIL: expected at least 12 rows (2 seeds x 2 diameters x 3 filters), got $rows"; exit 1; }
queries=$(($(wc -l < "$work/local/queries.csv") - 1))
[ "$queries" -gt 0 ] || { echo "FAIL: no per-query rows"; exit 1; }
for way in shared noshare slurm; do
    cmp "$work/local/runs.csv" "$work/$way/runs.csv" || { echo "FAIL: $way differs"; exit 1; }
    cmp "$work/local/by-distance.csv" "$work/$way/by-distance.csv" ||
        { echo "FAIL: $way by-distance differs"; exit 1; }
    cmp "$work/local/queries.csv" "$work/$way/queries.csv" ||
        { echo "FAIL: $way queries differ"; exit 1; }
done
if find "$work/remote-home" -type f | grep -q .; then
    echo "FAIL: files left on the fake remote host"; exit 1
fi
echo "sweep across hosts: local, --sshloginfile, --no-shared-fs and SLURM agree ($rows rows, $queries queries)"
