#!/usr/bin/env bash
# sim-benchmark runs every simulation in a forked child (so that the peak RSS
# is the run's own).  When the parent is stopped by a signal, its children
# must end with it (issue 31): SIGTERM, SIGHUP and SIGKILL (which no handler
# can catch) are sent to the parent alone, never to its process group, and
# the child it was waiting for must be gone within a few seconds; no --csv
# file is written.
#
# Usage: check-sim-benchmark-signals.sh BUILD_BIN_DIR
# Exit 0 when every case passes, 1 otherwise, 77 (skipped) off Linux.
set -u

bin="${1:?usage: $0 BUILD_BIN_DIR}"
prog="$bin/sim-benchmark"
[ -x "$prog" ] || { echo "no $prog" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/sim-benchmark-signals.XXXXXX")"
failed=0
cases=0
strays=()
cleanup() {
    local p
    for p in "${strays[@]}"; do
        kill -KILL "$p" 2>/dev/null
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
# The parent-death signal is Linux's (prctl), and the children are found in /proc.
if [ "$(uname -s)" != Linux ] || [ ! -r /proc/self/stat ]; then
    echo "check-sim-benchmark-signals: skipped (needs Linux and /proc)"
    exit 77
fi

# children PID: the pids whose parent is PID (from /proc).
children() {
    local want="$1" stat rest p ppid
    for stat in /proc/[0-9]*/stat; do
        { read -r rest < "$stat"; } 2>/dev/null || continue
        # "pid (comm) state ppid ...": comm may hold spaces, so cut after ") ".
        rest="${rest##*) }"
        read -r _ ppid _ <<< "$rest"
        if [ "$ppid" = "$want" ]; then
            p="${stat#/proc/}"
            echo "${p%/stat}"
        fi
    done
}

# one SIGNAL: start a long benchmark, wait for its child, signal the parent.
one() {
    local sig="$1" pid child rc left
    cases=$((cases + 1))
    mkdir -p "$work/$sig"
    # Started directly (no subshell), so that $! is sim-benchmark itself.
    "$prog" --sizes 20 --filters bf --apps gossip --repeat 1 --sim-time 1000000 \
        --csv "$work/$sig/bench.csv" > "$work/$sig/out.txt" 2> "$work/$sig/err.txt" &
    pid=$!
    strays+=("$pid")
    child=""
    for _ in $(seq 300); do
        child="$(children "$pid" | head -n 1)"
        [ -n "$child" ] && break
        sleep 0.1
    done
    if [ -z "$child" ]; then
        echo "FAIL $sig: no child process appeared"
        kill -KILL "$pid" 2>/dev/null
        failed=$((failed + 1))
        return
    fi
    strays+=("$child")
    kill -"$sig" "$pid"
    wait "$pid" 2>/dev/null
    rc=$?
    for _ in $(seq 50); do
        kill -0 "$child" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$child" 2>/dev/null; then
        echo "FAIL $sig: child $child still runs after its parent ended (rc $rc)"
        failed=$((failed + 1))
    elif [ -e "$work/$sig/bench.csv" ]; then
        echo "FAIL $sig: bench.csv written by an interrupted run"
        failed=$((failed + 1))
    elif left="$(find "$work/$sig" -mindepth 1 ! -name out.txt ! -name err.txt)" &&
        [ -n "$left" ]; then
        echo "FAIL $sig: files left: $left"
        failed=$((failed + 1))
    else
        echo "ok   $sig: parent rc $rc, child $child gone"
    fi
}

for sig in TERM HUP KILL; do
    one "$sig"
done
echo "check-sim-benchmark-signals: $cases cases, $failed failed"
[ "$failed" -eq 0 ]
