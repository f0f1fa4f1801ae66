#!/usr/bin/env bash
# Hostile invocations of the scripts of scenarios/ (issue 15): each must be
# refused with exit code 2 and one line on stderr naming the option, before
# any run starts and before anything is written; valid ones must do exactly
# what they say.  One group per CTest entry:
#
#   tests/cli/check-scenario-scripts.sh BUILD_DIR GROUP
#
#   lock      two sweeps (or a sweep and another script) on one output folder;
#             (issue 37) no script with a trap of its own; a sweep stopped
#             half-way resumes
#   outdir    empty, root, odd or non-folder output folders, every script
#   keys      parts keyed by the program, the config's content and the extra
#             options: a changed parameter set runs again, runs.csv holds it only
#   seeds     the one strict seed-list parser (-s) of sweep.sh and slurm-sweep.sh
#   args      every argument checked before the first run (issue 37:
#             scaling.sh's -t and sides against sim-benchmark's ranges,
#             slurm-sweep.sh's -t and -m as sbatch takes them)
#   extra-outputs  (issue 31) output options a sweep cannot pass on, refused
#             by one rule (sweep.sh, slurm-sweep.sh, mobility-sweep.sh, as
#             extra options and as config keys); tasks.txt the same for any -j;
#             (issue 37) common.sh's part names, option quoting and joining
#             of parts (links, missing, empty or stale parts, all or none)
#   wrappers  (issue 31) energy-sweep.sh, mobility-sweep.sh, map.sh and
#             filter-space.sh (issue 28: resources-sweep.sh's lists, -j, -o
#             and -b; issue 41: its -n and -c): every option checked before the first run, no
#             empty output folder left behind, their folders locked from the
#             start (a sweep.sh into one of them is refused)
#   signals-int, signals-term, signals-hup  (issue 37) sweep.sh, bcun.sh,
#             resources-sweep.sh, mobility-sweep.sh, scaling.sh (twice),
#             energy-sweep.sh, map.sh, filter-space.sh and
#             paper-reproduction.sh stopped by that signal: no process of
#             theirs survives, nothing half-written, the folder's lock free
#
# The programs run through wrappers in a fake build folder that log every
# real run (a --dry-run check is not a run) and, for the lock group, hold a
# run until the test releases it.  Nothing here measures time: the waits poll
# for a file, with a generous bound that only guards against a hang.
set -uo pipefail # no -e: every check runs and reports
here="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "$1" && pwd)"
group="$2"
work="$(mktemp -d)" # the sandbox the scripts write into
meta="$(mktemp -d)" # the test's own files: run log, stderr, holds, logs
failed=0
cases=0 # hostile cases (refused calls, re-runs with changed inputs, concurrent sweeps)
valid=0 # valid controls beside them
check() { # check STATUS TEXT
    if [ "$1" -eq 0 ]; then echo "ok   $2"; else echo "FAIL $2"; failed=1; fi
}

# Names a script would write at the filesystem root when given an empty or
# root output folder; any that appears during the test is reported and
# removed again (only if it was not there before).
root_names=(parts configs slurm runs tasks.txt runs.csv by-distance.csv queries.csv sweep.slurm
    .sweep.lock benchmark.csv convergence.csv calibration.csv capacity.csv comparison.md
    fig4.png fig5a.png fig5b.png fig5c.png fig5d.png fig6a.png fig6b.png)
root_before=()
for n in "${root_names[@]}"; do
    [ -e "/$n" ] && root_before+=("$n")
done
root_new() { # prints the root names that appeared, and removes them
    local n b seen
    for n in "${root_names[@]}"; do
        [ -e "/$n" ] || continue
        seen=0
        for b in ${root_before[@]+"${root_before[@]}"}; do [ "$b" = "$n" ] && seen=1; done
        if [ $seen -eq 0 ]; then
            printf '/%s ' "$n"
            rm -rf -- "/${n:?}"
        fi
    done
}
cleanup() {
    touch "$meta/hold/release" 2>/dev/null
    wait
    rm -rf "$work" "$meta"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# The fake build: every program is a wrapper around the real one.
fake="$work/fakebuild"
mkdir -p "$fake/bin" "$meta/hold"
for prog in diameter-sweep sim-benchmark lbf-calibration; do
    cat > "$fake/bin/$prog" <<EOF
#!/usr/bin/env bash
case " \$* " in *" --dry-run "*) exec "$build/bin/$prog" "\$@" ;; esac
echo "$prog \$*" >> "$meta/runs.log"
if [ -n "\${HOLD_RUNS:-}" ]; then
    touch "$meta/hold/started.\$\$"
    for _ in \$(seq 1200); do [ -e "$meta/hold/release" ] && break; sleep 0.1; done
fi
exec "$build/bin/$prog" "\$@"
EOF
    chmod +x "$fake/bin/$prog"
done
# filter-space.sh runs the real program (it has no --dry-run): not logged,
# held like the others.
cat > "$fake/bin/filter-space" <<EOF
#!/usr/bin/env bash
if [ -n "\${HOLD_RUNS:-}" ]; then
    touch "$meta/hold/started.\$\$"
    for _ in \$(seq 1200); do [ -e "$meta/hold/release" ] && break; sleep 0.1; done
fi
exec "$build/bin/filter-space" "\$@"
EOF
chmod +x "$fake/bin/filter-space"
: > "$meta/runs.log"

cat > "$work/tiny.ini" <<'INI'
topology = line
nodes = 5
filter = lbf
sim-time = 5
probes = 10
INI
cd "$work" || exit 1
sweep="$here/scenarios/sweep.sh"
slurm="$here/scenarios/slurm-sweep.sh"
concat="$here/scenarios/concat-parts.sh"
scaling="$here/scenarios/scaling.sh"
paper="$here/scenarios/paper-reproduction.sh"

# A snapshot of everything under the sandbox (names, sizes, times): a
# refused call must leave it as it was, the times of the folders in it too
# (the sandbox folder's own time is left out).
snapshot() {
    find "$work" -mindepth 1 -printf '%p %s %T@\n' | sort
}

# refused NAME OPTION [ENV=VALUE...] -- COMMAND...: exit code 2, one line on
# stderr naming OPTION, nothing on stdout, no run started, no file written
# or changed (here or at the filesystem root).  refused_io: the same with
# exit code 1 (not a usage error: a missing or stale part).
refused_io() {
    want_rc=1 refused "$@"
}
want_rc=2
refused() {
    local name="$1" option="$2" envs=()
    shift 2
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    cases=$((cases + 1))
    local before runs_before out err rc lines new
    before="$(snapshot)"
    runs_before="$(wc -l < "$meta/runs.log")"
    out="$(env ${envs[@]+"${envs[@]}"} "$@" 2> "$meta/stderr" < /dev/null)"
    rc=$?
    err="$(cat "$meta/stderr")"
    lines="$(printf '%s' "$err" | grep -c '')"
    new="$(root_new)"
    local problems=""
    [ $rc -eq "$want_rc" ] || problems="$problems exit $rc;"
    [ "$lines" -eq 1 ] || problems="$problems $lines stderr lines;"
    case "$err" in *"$option"*) ;; *) problems="$problems $option not named;" ;; esac
    [ -z "$out" ] || problems="$problems stdout not empty;"
    [ "$(wc -l < "$meta/runs.log")" -eq "$runs_before" ] || problems="$problems a run started;"
    [ "$(snapshot)" = "$before" ] || problems="$problems files changed;"
    [ -z "$new" ] || problems="$problems wrote at the root: $new;"
    if [ -z "$problems" ]; then
        echo "ok   refused: $name: $err"
    else
        echo "FAIL refused: $name:$problems stderr: ${err:0:300}"
        failed=1
    fi
}

# The processes started with BG_TEST_MARK=MARK in their environment (a
# script and everything it started, whatever their process group): their
# pids, one a line.
marked() { # marked MARK
    grep -lzxF -- "BG_TEST_MARK=$1" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3
}

# signalled NAME SIGNAL DIR [ENV=VALUE...] -- COMMAND...: start COMMAND (a
# script) with its runs held, send SIGNAL to the script alone once a run has
# started, and require: the script ends by that signal (exit status 128 +
# N), no process it started survives it, the held runs released afterwards
# write nothing (none is left to), no temporary or empty file is left in
# DIR (but the lock file), and DIR's lock is free.  Started with job control
# on (set -m): a background job of a script ignores SIGINT otherwise.
signalled() {
    local name="$1" sig="$2" dir="$3" envs=() pid rc mark left="" before after new odd
    local problems="" i
    shift 3
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    cases=$((cases + 1))
    mark="signal-$$-$cases"
    rm -rf "$meta/hold"
    mkdir -p "$meta/hold"
    set -m
    env BG_TEST_MARK="$mark" HOLD_RUNS=1 ${envs[@]+"${envs[@]}"} "$@" \
        > "$meta/signal.log" 2>&1 < /dev/null &
    pid=$!
    set +m
    for _ in $(seq 1200); do
        ls "$meta/hold" | grep -q '^started' && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if ! ls "$meta/hold" | grep -q '^started'; then
        echo "FAIL signalled: $name: no run started: $(tail -n 3 "$meta/signal.log")"
        failed=1
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        return
    fi
    sleep 0.2
    before="$(find "$dir" -mindepth 1 -printf '%P\n' 2>/dev/null | sort)"
    kill -s "$sig" "$pid"
    # The script must end at once (its handler waits up to 10 s for its
    # runs): still there after 20 s, it is killed and reported.
    for i in $(seq 200); do
        kill -0 "$pid" 2>/dev/null || break
        [ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" != Z ] || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null && [ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" != Z ]; then
        problems="$problems still running 20 s after SIG$sig;"
        kill -KILL "$pid" 2>/dev/null
    fi
    wait "$pid" 2>/dev/null
    rc=$?
    [ $rc -eq $((128 + $(kill -l "$sig"))) ] || problems="$problems exit $rc;"
    for i in $(seq 30); do
        left="$(marked "$mark")"
        [ -n "$left" ] || break
        sleep 0.1
    done
    if [ -n "$left" ]; then
        problems="$problems $(echo "$left" | wc -l) processes survive ($(for i in $left; do
            cat "/proc/$i/comm" 2>/dev/null; done | sort | uniq -c | tr -s ' \n' ' '));"
    fi
    # The held runs released: each (started.PID; the wrapper execs the
    # program under its pid) must end without writing, if one is left.
    touch "$meta/hold/release"
    for i in $(seq 100); do
        left=""
        for f in "$meta/hold"/started.*; do
            [ -e "$f" ] || continue
            kill -0 "${f##*.}" 2>/dev/null &&
                [ "$(awk '{ print $3 }' "/proc/${f##*.}/stat" 2>/dev/null)" != Z ] && left=1
        done
        [ -n "$left" ] || break
        sleep 0.1
    done
    after="$(find "$dir" -mindepth 1 -printf '%P\n' 2>/dev/null | sort)"
    new="$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after") | sed '/^$/d')"
    [ -z "$new" ] || problems="$problems written after the signal: $(echo $new);"
    odd="$(find "$dir" -mindepth 1 \( -name '*.tmp*' -o -name '.*.??????' -o \
        \( -type f -empty ! -name .sweep.lock \) \) -printf '%P ' 2>/dev/null)"
    [ -z "$odd" ] || problems="$problems left: $odd;"
    if [ -e "$dir/.sweep.lock" ] && ! flock -n "$dir/.sweep.lock" true; then
        problems="$problems the folder is still locked;"
    fi
    # The test's own hygiene: whatever survived goes now.
    for i in $(marked "$mark"); do kill -KILL "$i" 2>/dev/null; done
    if [ -z "$problems" ]; then
        echo "ok   signalled: $name: SIG$sig -> exit $rc, nothing left running or half-written"
    else
        echo "FAIL signalled: $name:$problems log: $(tail -n 2 "$meta/signal.log" | tr '\n' ' ' | cut -c 1-300)"
        failed=1
    fi
}

# The column COLUMN of a CSV, one value a line.
column() { # column FILE COLUMN
    awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }' "$1"
}

# signal_cases SIGNAL RUNNER...: each runner (sweep, bcun, resources,
# mobility, scaling, energy, map, filter-space, paper) stopped by SIGNAL
# while its runs are held (issue 37), through signalled.
signal_cases() {
    local sig="$1" d runner
    shift
    d="$work/sig-$sig"
    for runner in "$@"; do
        case "$runner" in
            sweep) signalled "sweep.sh -j 2" "$sig" "$d/sweep" -- \
                "$sweep" -b "$fake" -j 2 -s 1:3 -o "$d/sweep" "$work/tiny.ini" ;;
            bcun) signalled "bcun.sh -j 2" "$sig" "$d/bcun" -- \
                "$here/scenarios/bcun.sh" -b "$fake" -j 2 -S wifi -m blind-flood -t 1:3 \
                -o "$d/bcun" ;;
            resources) signalled "resources-sweep.sh -j 2" "$sig" "$d/res" -- \
                "$here/scenarios/resources-sweep.sh" -b "$fake" -j 2 -r 4 -s 1 -o "$d/res" ;;
            mobility) signalled "mobility-sweep.sh -j 2" "$sig" "$d/mob" -- \
                "$here/scenarios/mobility-sweep.sh" -b "$fake" -j 2 -s 1:3 -v 0 -o "$d/mob" ;;
            scaling)
                signalled "scaling.sh, benchmark series" "$sig" "$d/scaling" -- \
                    "$scaling" -b "$fake" -s 2 -c '' -t 1 -r 1 -o "$d/scaling"
                signalled "scaling.sh, convergence run" "$sig" "$d/conv" -- \
                    "$scaling" -b "$fake" -s '' -c 3 -o "$d/conv"
                ;;
            energy) signalled "energy-sweep.sh" "$sig" "$d/energy" -- \
                "$here/scenarios/energy-sweep.sh" -b "$fake" -s 1:2 -d 0.5 -o "$d/energy" ;;
            map) signalled "map.sh" "$sig" "$d/map" SKIP_BUILD=1 BUILD_DIR="$fake" \
                OUT_DIR="$d/map" -- "$here/scenarios/map.sh" --topology line --nodes 4 \
                --filter lbf --sim-time 6 --resources 1 --queries 1 --query-timeout 1 \
                --map-time 5 ;;
            filter-space) signalled "filter-space.sh" "$sig" "$d/fs" SKIP_BUILD=1 \
                BUILD_DIR="$fake" OUT_DIR="$d/fs" -- "$here/scenarios/filter-space.sh" \
                --elements 1000 --targets 1 --queries 1000 --no-timing ;;
            paper) signalled "paper-reproduction.sh" "$sig" "$d/paper" BUILD_DIR="$fake" \
                OUT_DIR="$d/paper" ITERATIONS=10 REPETITIONS=2 THREADS=1 -- "$paper" ;;
        esac
    done
}

case "$group" in
lock)
    # Finding 11: two sweeps into one -o shared tasks.txt.  A folder is used
    # by one script at a time: the second fails at once, the first's rows
    # are all there.
    "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/reference" "$work/tiny.ini" > /dev/null 2>&1
    check $? "reference sweep"
    mkdir -p "$work/out"
    HOLD_RUNS=1 "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/out" "$work/tiny.ini" \
        > "$meta/first.log" 2>&1 &
    first=$!
    for _ in $(seq 1200); do
        ls "$meta/hold" | grep -q '^started' && break
        kill -0 $first 2>/dev/null || break
        sleep 0.1
    done
    ls "$meta/hold" | grep -q '^started'; check $? "first sweep started its runs (and holds them)"
    cp "$work/out/tasks.txt" "$work/tasks-first.txt"
    refused "second sweep, same options" "-o" -- \
        "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/out" "$work/tiny.ini"
    refused "second sweep, other seeds and options" "-o" -- \
        "$sweep" -b "$fake" -j 2 -s 3:4 -o "$work/out" "$work/tiny.ini" -- --m 128
    refused "second sweep, the folder spelt otherwise" "-o" -- \
        "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/./out/" "$work/tiny.ini"
    ln -s "$work/out" "$work/out-link"
    refused "second sweep through a symbolic link" "-o" -- \
        "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/out-link" "$work/tiny.ini"
    refused "slurm-sweep.sh into the busy folder" "-o" -- \
        "$slurm" -b "$fake" -s 1:2 -o "$work/out" "$work/tiny.ini"
    refused "concat-parts.sh on the busy folder" "OUTDIR" -- "$concat" "$work/out"
    refused "scaling.sh into the busy folder" "-o" -- \
        "$scaling" -b "$fake" -s 4 -c '' -o "$work/out"
    refused "paper-reproduction.sh into the busy folder" "OUT_DIR" \
        BUILD_DIR="$fake" OUT_DIR="$work/out" ITERATIONS=10 REPETITIONS=2 -- "$paper"
    cmp -s "$work/out/tasks.txt" "$work/tasks-first.txt"; check $? "the first sweep's tasks.txt untouched"
    touch "$meta/hold/release"
    wait $first
    check $? "first sweep finishes"
    cmp -s "$work/out/runs.csv" "$work/reference/runs.csv"; check $? "first sweep: runs.csv has all its rows"
    cmp -s "$work/out/by-distance.csv" "$work/reference/by-distance.csv"
    check $? "first sweep: by-distance.csv has all its rows"
    # The lock held by another process (flock(1), as a sweep holds it).
    exec 9>> "$work/out/.sweep.lock"
    flock -n 9; check $? "the test takes the folder's lock"
    refused "sweep while another process holds the lock" "-o" -- \
        "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/out" "$work/tiny.ini"
    exec 9>&-
    "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/out" "$work/tiny.ini" > "$meta/again.log" 2>&1
    check $? "once the lock is released, the sweep runs (resumes)"
    grep -q "0 runs to do" "$meta/again.log"; check $? "and finds nothing to do"

    # (issue 37: every runner stopped by a signal, groups signals-int,
    # signals-term, signals-hup)
    # One handler, common.sh's: no script of scenarios/ sets a trap of its
    # own (it would replace the handler and leave its runs behind).
    cases=$((cases + 1))
    own="$(grep -l '^[[:space:]]*trap[[:space:]]' "$here"/scenarios/*.sh | grep -v '/common\.sh$')"
    [ -z "$own" ]; check $? "no script sets its own trap (${own:-none})"
    # A sweep stopped half-way resumes: the parts it finished are kept and
    # not run again, the others run, runs.csv is the reference's.
    cases=$((cases + 1))
    rm -rf "$meta/hold"
    mkdir -p "$meta/hold"
    "$sweep" -b "$fake" -j 1 -s 1:2 -o "$work/half" "$work/tiny.ini" > /dev/null 2>&1
    rm -f "$work/half/runs.csv" "$work/half/by-distance.csv"
    rm -f "$work/half/parts/"*-run2*
    "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/half" "$work/tiny.ini" > "$meta/half.log" 2>&1
    check $? "a sweep with one part lost runs again"
    grep -q "1 runs to do" "$meta/half.log"; check $? "and runs only the lost part"
    cmp -s "$work/half/runs.csv" "$work/reference/runs.csv"; check $? "runs.csv as the reference's"
    ;;

outdir)
    # Finding 12 (-o '' wrote /parts, /tasks.txt, /runs.csv) and the same
    # class in every script: an output folder that is empty, the root, odd
    # or not a folder is refused before anything is written.
    echo "not a folder" > "$work/a-file"
    ln -s / "$work/root-link"
    for script in sweep slurm; do
        s="${!script}"
        refused "$script: -o ''" "-o" -- "$s" -b "$fake" -s 1 -o '' "$work/tiny.ini"
        refused "$script: -o /" "-o" -- "$s" -b "$fake" -s 1 -o / "$work/tiny.ini"
        refused "$script: -o //" "-o" -- "$s" -b "$fake" -s 1 -o // "$work/tiny.ini"
        refused "$script: -o /tmp/.." "-o" -- "$s" -b "$fake" -s 1 -o /tmp/.. "$work/tiny.ini"
        refused "$script: -o a symbolic link to /" "-o" -- \
            "$s" -b "$fake" -s 1 -o "$work/root-link" "$work/tiny.ini"
        refused "$script: -o a regular file" "-o" -- \
            "$s" -b "$fake" -s 1 -o "$work/a-file" "$work/tiny.ini"
        refused "$script: -o under a regular file" "-o" -- \
            "$s" -b "$fake" -s 1 -o "$work/a-file/sub" "$work/tiny.ini"
        refused "$script: -o with a newline" "-o" -- \
            "$s" -b "$fake" -s 1 -o "$work/a"$'\n'"b" "$work/tiny.ini"
        refused "$script: -o with a tab" "-o" -- \
            "$s" -b "$fake" -s 1 -o "$work/a"$'\t'"b" "$work/tiny.ini"
        refused "$script: -o an option" "-o" -- "$s" -b "$fake" -o -s 1 "$work/tiny.ini"
        refused "$script: -o without a value" "-o" -- "$s" -b "$fake" -s 1 "$work/tiny.ini" -o
    done
    refused "concat-parts.sh ''" "OUTDIR" -- "$concat" ''
    refused "concat-parts.sh without OUTDIR" "OUTDIR" -- "$concat"
    refused "concat-parts.sh /" "OUTDIR" -- "$concat" /
    refused "concat-parts.sh a regular file" "OUTDIR" -- "$concat" "$work/a-file"
    refused "concat-parts.sh a missing folder" "OUTDIR" -- "$concat" "$work/missing"
    mkdir "$work/no-tasks"
    refused "concat-parts.sh a folder without tasks.txt" "OUTDIR" -- "$concat" "$work/no-tasks"
    refused "scaling.sh -o ''" "-o" -- "$scaling" -b "$fake" -s '' -c '' -o ''
    refused "scaling.sh -o /" "-o" -- "$scaling" -b "$fake" -s '' -c '' -o /
    refused "scaling.sh -o a regular file" "-o" -- "$scaling" -b "$fake" -s '' -c '' -o "$work/a-file"
    refused "scaling.sh -o with a newline" "-o" -- \
        "$scaling" -b "$fake" -s '' -c '' -o "$work/a"$'\n'"b"
    for dir in / "$work/a-file" "$work/a-file/sub" "$work/root-link" "$work/a"$'\n'"b"; do
        refused "paper-reproduction.sh OUT_DIR=$(printf '%q' "$dir")" "OUT_DIR" \
            BUILD_DIR="$fake" OUT_DIR="$dir" ITERATIONS=10 REPETITIONS=2 THREADS=1 -- "$paper"
    done
    # Valid odd names still work: spaces, a leading dash written ./-x.
    valid=$((valid + 2))
    "$sweep" -b "$fake" -s 1 -o "$work/with space" "$work/tiny.ini" > /dev/null 2>&1
    check $? "-o with a space: runs"
    [ "$(wc -l < "$work/with space/runs.csv")" -eq 2 ]; check $? "-o with a space: runs.csv"
    "$sweep" -b "$fake" -s 1 -o ./-dash "$work/tiny.ini" > /dev/null 2>&1
    check $? "-o ./-dash: runs"
    [ -s "$work/-dash/runs.csv" ]; check $? "-o ./-dash: runs.csv"
    ;;

keys)
    # Finding 19: a re-run with other parameters found "0 runs to do" and
    # kept the old rows.  Parts are keyed by what produced them.
    run_sweep() { # run_sweep LOG ARGS...
        local log="$1"
        shift
        "$sweep" -b "$fake" -j 2 -s 1:2 -o "$work/out" "$@" > "$log" 2>&1
    }
    todo() { grep -o '[0-9]* runs to do' "$1" | cut -d' ' -f1; }
    step() { # step NAME EXPECTED-TODO EXPECTED-M LOG ARGS...: a sweep, its runs to do, runs.csv's m
        local name="$1" want="$2" m="$3" log="$meta/$4"
        shift 4
        cases=$((cases + 1))
        run_sweep "$log" "$@"
        check $? "$name: sweep runs"
        [ "$(todo "$log")" = "$want" ]; check $? "$name: $want runs to do (got $(todo "$log"))"
        [ "$(column "$work/out/runs.csv" m | sort -u | tr '\n' ' ')" = "$m " ]
        check $? "$name: runs.csv holds m = $m only"
        [ "$(wc -l < "$work/out/runs.csv")" -eq 3 ]; check $? "$name: runs.csv has 2 rows"
    }
    step "first sweep" 2 256 1.log "$work/tiny.ini"
    cp "$work/out/runs.csv" "$work/runs-256.csv"
    step "-- --m 128" 2 128 2.log "$work/tiny.ini" -- --m 128
    step "-- --m=128 (another spelling: runs again)" 2 128 3.log "$work/tiny.ini" -- --m=128
    step "back to no extra option: earlier parts reused" 0 256 4.log "$work/tiny.ini"
    cmp -s "$work/out/runs.csv" "$work/runs-256.csv"; check $? "runs.csv as after the first sweep"
    step "-- --m 128 again: reused" 0 128 5.log "$work/tiny.ini" -- --m 128
    echo "m = 64" >> "$work/tiny.ini"
    step "edited config (m = 64)" 2 64 6.log "$work/tiny.ini"
    cp "$work/tiny.ini" "$work/other-place.ini"
    mkdir -p "$work/elsewhere"
    cp "$work/tiny.ini" "$work/elsewhere/tiny.ini"
    step "same content at another path: reused" 0 64 7.log "$work/elsewhere/tiny.ini"
    # Another program (here: another wrapper script) -> other parts.
    cp -r "$fake" "$work/fake2"
    echo "# another build" >> "$work/fake2/bin/diameter-sweep"
    cases=$((cases + 1))
    "$sweep" -b "$work/fake2" -j 2 -s 1:2 -o "$work/out" "$work/tiny.ini" > "$meta/8.log" 2>&1
    check $? "another program: sweep runs"
    [ "$(todo "$meta/8.log")" = 2 ]; check $? "another program: 2 runs to do"
    # A positions file counts with its content.
    printf 'id,x,y\n0,0,0\n1,10,0\n2,20,0\n' > "$work/pos.csv"
    printf 'topology = file\npositions = %s\nfilter = lbf\nsim-time = 5\nprobes = 10\n' \
        "$work/pos.csv" > "$work/file.ini"
    cases=$((cases + 1))
    "$sweep" -b "$fake" -s 1 -o "$work/pos" "$work/file.ini" > "$meta/9.log" 2>&1
    check $? "positions file: first sweep"
    [ "$(column "$work/pos/runs.csv" nodes)" = 3 ]; check $? "positions file: 3 nodes"
    printf '3,30,0\n' >> "$work/pos.csv"
    "$sweep" -b "$fake" -s 1 -o "$work/pos" "$work/file.ini" > "$meta/10.log" 2>&1
    check $? "positions file edited: sweep runs"
    [ "$(todo "$meta/10.log")" = 1 ]; check $? "positions file edited: 1 run to do"
    [ "$(column "$work/pos/runs.csv" nodes)" = 4 ]; check $? "positions file edited: 4 nodes"
    # Parts of the old naming (<config>-run<seed>) are not taken as this sweep's.
    cases=$((cases + 1))
    mkdir -p "$work/old/parts"
    printf 'filter,stale\nx,1\n' > "$work/old/parts/tiny-run1.csv"
    printf 'filter,stale\nx,1\n' > "$work/old/parts/tiny-run1-by-distance.csv"
    "$sweep" -b "$fake" -s 1 -o "$work/old" "$work/tiny.ini" > "$meta/11.log" 2>&1
    check $? "old-style part in the folder: sweep runs"
    [ "$(todo "$meta/11.log")" = 1 ]; check $? "old-style part: not taken (1 run to do)"
    # A sweep without queries after one with: no stale queries.csv.
    cases=$((cases + 1))
    # (no query-only key in it: with --queries 0 such a key would be refused
    # as applying to no run)
    printf 'topology = line\nnodes = 5\nfilter = lbf\nsim-time = 12\nqueries = 2\n' \
        > "$work/q.ini"
    "$sweep" -b "$fake" -s 1 -o "$work/q" "$work/q.ini" > /dev/null 2>&1
    [ -s "$work/q/queries.csv" ]; check $? "sweep with queries writes queries.csv"
    "$sweep" -b "$fake" -s 1 -o "$work/q" "$work/q.ini" -- --queries 0 > /dev/null 2>&1
    check $? "same config with --queries 0 runs"
    [ ! -e "$work/q/queries.csv" ]; check $? "queries.csv of the earlier parameter set removed"
    # concat-parts.sh OUTDIR after sweep.sh: tasks.txt lists the whole sweep.
    cases=$((cases + 1))
    cp "$work/out/runs.csv" "$work/runs-now.csv"
    "$concat" "$work/out" > /dev/null
    check $? "concat-parts.sh OUTDIR after a resumed sweep"
    cmp -s "$work/out/runs.csv" "$work/runs-now.csv"; check $? "the same runs.csv (every part, not only the re-run ones)"
    # slurm-sweep.sh keys its parts the same way.
    cases=$((cases + 1))
    "$slurm" -b "$fake" -s 1:2 -o "$work/slurm" "$work/tiny.ini" > /dev/null
    cut -f 3 "$work/slurm/tasks.txt" > "$work/slurm-a.txt"
    "$slurm" -b "$fake" -s 1:2 -o "$work/slurm" "$work/tiny.ini" -- --m 128 > /dev/null
    cut -f 3 "$work/slurm/tasks.txt" > "$work/slurm-b.txt"
    ! cmp -s "$work/slurm-a.txt" "$work/slurm-b.txt"; check $? "slurm-sweep.sh: other options, other part names"
    grep -q -- "--m 128" "$work/slurm/sweep.slurm"; check $? "slurm-sweep.sh: sweep.slurm runs the new options"
    SLURM_ARRAY_TASK_ID=1 bash "$work/slurm/sweep.slurm" > /dev/null 2>&1
    check $? "slurm-sweep.sh: array task 1 runs"
    [ -s "$(head -n 1 "$work/slurm-b.txt")" ]; check $? "slurm-sweep.sh: task 1 wrote its keyed part"
    refused "slurm array task 0" "SLURM_ARRAY_TASK_ID" SLURM_ARRAY_TASK_ID=0 -- bash "$work/slurm/sweep.slurm"
    refused "slurm array task 3 of 2" "SLURM_ARRAY_TASK_ID" SLURM_ARRAY_TASK_ID=3 -- bash "$work/slurm/sweep.slurm"
    refused "slurm array task abc" "SLURM_ARRAY_TASK_ID" SLURM_ARRAY_TASK_ID=abc -- bash "$work/slurm/sweep.slurm"
    # The generated script carries its task list: a later generation into
    # the folder does not change what a queued array runs.
    cases=$((cases + 1))
    cp "$work/slurm/sweep.slurm" "$work/queued.slurm"
    "$slurm" -b "$fake" -s 5:6 -o "$work/slurm" "$work/tiny.ini" > /dev/null
    SLURM_ARRAY_TASK_ID=2 bash "$work/queued.slurm" > /dev/null 2>&1
    check $? "a queued array task after regeneration"
    [ -s "$(sed -n 2p "$work/slurm-b.txt")" ]; check $? "it ran its own task (seed 2, --m 128)"
    ;;

seeds)
    # Finding 20: duplicates, leading zeros and unknown syntax.  One parser
    # for -s (sweep.sh, slurm-sweep.sh) and the side lists of scaling.sh.
    for spec in 1,1 01,1 01 1:03 1:3:9 1:2,2:3 3,1:5 1,2,1 "1:3;5" 1..3 "1, 2" 1-3 +1 0x10 1e3 \
        1:1e2 " 1" "1 " 1:-2; do
        refused "sweep.sh -s $(printf '%q' "$spec")" "-s" -- \
            "$sweep" -b "$fake" -s "$spec" -o "$work/out" "$work/tiny.ini"
    done
    for spec in 1,1 01 1:3:9; do
        refused "slurm-sweep.sh -s $spec" "-s" -- \
            "$slurm" -b "$fake" -s "$spec" -o "$work/out" "$work/tiny.ini"
    done
    for spec in 10,10 010 10:20:5; do
        refused "scaling.sh -c $spec" "-c" -- "$scaling" -b "$fake" -s '' -c "$spec" -o "$work/out"
        refused "scaling.sh -s $spec" "-s" -- "$scaling" -b "$fake" -s "$spec" -c '' -o "$work/out"
    done
    # Valid lists: order kept, ranges and items mixed, 0 allowed.
    valid_list() { # valid_list SPEC EXPECTED-RUNS
        valid=$((valid + 1))
        rm -rf "$work/v"
        "$sweep" -b "$fake" -j 2 -s "$1" -o "$work/v" "$work/tiny.ini" > "$meta/v.log" 2>&1
        check $? "-s $1: runs"
        [ "$(column "$work/v/runs.csv" run | tr '\n' ' ')" = "$2 " ]
        check $? "-s $1: runs.csv has RngRun $2 (got $(column "$work/v/runs.csv" run | tr '\n' ' '))"
    }
    valid_list "3,1" "3 1"
    valid_list "1:2,5" "1 2 5"
    valid_list "0" "0"
    valid_list "7:7" "7"
    ;;

args)
    # Finding 28: -s 5:1 said "0 runs" and failed late; -s abc failed in
    # every run.  Every argument is checked before the first run.
    printf 'topology = line\nnodes = 5\nbogus-key = 3\n' > "$work/bad.ini"
    mkdir -p "$work/a-folder.ini"
    for spec in 5:1 abc '' 1, ,1 -1 1.5 99999999999999999999 9223372036854775808 1:200000; do
        refused "sweep.sh -s $(printf '%q' "$spec")" "-s" -- \
            "$sweep" -b "$fake" -s "$spec" -o "$work/out" "$work/tiny.ini"
    done
    refused "-s without a value" "-s" -- "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -s
    refused "-j 0" "-j" -- "$sweep" -b "$fake" -j 0 -o "$work/out" "$work/tiny.ini"
    refused "-j abc" "-j" -- "$sweep" -b "$fake" -j abc -o "$work/out" "$work/tiny.ini"
    refused "-j 99999" "-j" -- "$sweep" -b "$fake" -j 99999 -o "$work/out" "$work/tiny.ini"
    refused "-b missing build" "-b" -- "$sweep" -b "$work/missing" -o "$work/out" "$work/tiny.ini"
    refused "-b ''" "-b" -- "$sweep" -b '' -o "$work/out" "$work/tiny.ini"
    refused "unknown option" "-x" -- "$sweep" -b "$fake" -x -o "$work/out" "$work/tiny.ini"
    refused "no config" "CONFIG" -- "$sweep" -b "$fake" -o "$work/out"
    refused "missing config" "CONFIG" -- "$sweep" -b "$fake" -o "$work/out" "$work/missing.ini"
    refused "config is a folder" "CONFIG" -- "$sweep" -b "$fake" -o "$work/out" "$work/a-folder.ini"
    refused "two configs of one name" "CONFIG" -- \
        "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" "$work/tiny.ini"
    refused "bad key in a config" "bogus-key" -- "$sweep" -b "$fake" -o "$work/out" "$work/bad.ini"
    refused "bad second config: the first does not run" "bogus-key" -- \
        "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" "$work/bad.ini"
    refused "-- --m abc" "--m" -- "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --m abc
    refused "-- --m 0" "--m" -- "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --m 0
    refused "-- --bogus" "--bogus" -- "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --bogus
    refused "-- --RngRun=3 (the sweep sets it)" "--RngRun" -- \
        "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --RngRun=3
    refused "-- --out x.csv (the sweep sets it)" "--out" -- \
        "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --out x.csv
    refused "-- --config other.ini (the sweep sets it)" "--config" -- \
        "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --config "$work/bad.ini"
    refused "-- --ns3::No::Such=1" "--ns3::No::Such" -- \
        "$sweep" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --ns3::No::Such=1
    refused "--no-shared-fs alone" "--no-shared-fs" -- \
        "$sweep" -b "$fake" --no-shared-fs -o "$work/out" "$work/tiny.ini"
    refused "--sshloginfile missing" "--sshloginfile" -- \
        "$sweep" -b "$fake" --sshloginfile "$work/missing" -o "$work/out" "$work/tiny.ini"
    # slurm-sweep.sh: the same checks, and #SBATCH values of one word.
    refused "slurm-sweep.sh -s 5:1" "-s" -- "$slurm" -b "$fake" -s 5:1 -o "$work/out" "$work/tiny.ini"
    refused "slurm-sweep.sh -- --m abc" "--m" -- \
        "$slurm" -b "$fake" -o "$work/out" "$work/tiny.ini" -- --m abc
    refused "slurm-sweep.sh -J with a newline" "-J" -- \
        "$slurm" -b "$fake" -J $'x\n#SBATCH --mem=1T' -o "$work/out" "$work/tiny.ini"
    refused "slurm-sweep.sh -p without a value" "-p" -- "$slurm" -b "$fake" -o "$work/out" "$work/tiny.ini" -p
    refused "slurm-sweep.sh -t with a space" "-t" -- \
        "$slurm" -b "$fake" -t "1 00" -o "$work/out" "$work/tiny.ini"
    refused "slurm-sweep.sh -n 0" "-n" -- "$slurm" -b "$fake" -n 0 -o "$work/out" "$work/tiny.ini"
    refused "slurm-sweep.sh bad config" "bogus-key" -- "$slurm" -b "$fake" -o "$work/out" "$work/bad.ini"
    # scaling.sh: sides, times and counts before the benchmark series runs.
    for args in "-c abc" "-c 5:1" "-c 1" "-c 256" "-s 10,abc" "-t 0" "-t abc" "-t -1" "-t nan" \
        "-r 0" "-r abc" "-m -1" "-m 1e3" "-T 0" "-T abc" "-T -5" "-T 1e2" "-C zlib" "-C NONE"; do
        set -- $args
        refused "scaling.sh $args" "$1" -- "$scaling" -b "$fake" "$@" -o "$work/out"
    done
    refused "scaling.sh -t without a value" "-t" -- "$scaling" -b "$fake" -o "$work/out" -t
    refused "scaling.sh -T without a value" "-T" -- "$scaling" -b "$fake" -o "$work/out" -T
    refused "scaling.sh -C without a value" "-C" -- "$scaling" -b "$fake" -o "$work/out" -C
    refused "scaling.sh -C ''" "-C" -- "$scaling" -b "$fake" -o "$work/out" -C ''
    # Out of diameter-sweep's range: refused by its --dry-run before the
    # benchmark series (they used to fail after it, naming --sim-time).
    for value in 99999999999 0.0000001; do
        refused "scaling.sh -T $value" "-T" -- "$scaling" -b "$fake" -s 3 -c 3 -T "$value" -o "$work/out"
    done
    # Issue 37: -t past sim-benchmark's range passed the script's check and
    # was refused by sim-benchmark after DIR, its lock and the "machine:"
    # line existed; sides 251..255 the same.  Now refused before anything.
    for value in 99999999999999999999 10000000.5 0.0001; do
        refused "scaling.sh -s 2 -c '' -t $value" "-t" -- \
            "$scaling" -b "$fake" -s 2 -c '' -t "$value" -o "$work/out"
    done
    refused "scaling.sh -s 251 (sim-benchmark's sides end at 250)" "-s" -- \
        "$scaling" -b "$fake" -s 251 -c '' -o "$work/out"
    refused "scaling.sh -s 2,255" "-s" -- "$scaling" -b "$fake" -s 2,255 -c '' -o "$work/out/new"
    # slurm-sweep.sh: -t and -m as sbatch takes them (else refused only at
    # submission).
    for value in 1h 1:2:3:4 -1 "1-" 01:00:00x; do
        refused "slurm-sweep.sh -t $value" "-t" -- \
            "$slurm" -b "$fake" -t "$value" -o "$work/out" "$work/tiny.ini"
    done
    for value in 2GB 1,5G 1.5G G -2G; do
        refused "slurm-sweep.sh -m $value" "-m" -- \
            "$slurm" -b "$fake" -m "$value" -o "$work/out" "$work/tiny.ini"
    done
    # paper-reproduction.sh: every setting before the calibration run (the
    # capacity run's REPETITIONS used to fail after it).
    for setting in REPETITIONS=abc REPETITIONS=0 REPETITIONS=10000001 ITERATIONS=-5 SEED=0 \
        SEED=4294967295 THREADS=abc THREADS=2000 IDS=sometimes PYTHON=/nonexistent/python3; do
        refused "paper-reproduction.sh $setting" "${setting%%=*}" \
            BUILD_DIR="$fake" OUT_DIR="$work/out" ITERATIONS=10 REPETITIONS=2 THREADS=1 "$setting" -- "$paper"
    done
    refused "paper-reproduction.sh with an argument" "--help" -- "$paper" --help
    ;;

extra-outputs)
    # Issue 31: --map-csv (and every other output option) after -- or in the
    # config made every seed of a sweep write ./map.csv.  One rule refuses
    # them in sweep.sh, slurm-sweep.sh and mobility-sweep.sh.
    for opt in "--map-csv map.csv" "--map-csv=map.csv" "--queries 1 --sim-time 20 --walk-csv walk.csv" \
        "--netanim anim.xml" "--out-series series.csv" "--out-distance d.csv" \
        "--out-queries=q.csv"; do
        set -- $opt
        name="${opt% *}"
        name="${name##* }"
        name="${name%%=*}"
        refused "sweep.sh -- $opt" "$name" -- \
            "$sweep" -b "$fake" -s 1:3 -o "$work/out" "$work/tiny.ini" -- --m 128 "$@"
        refused "slurm-sweep.sh -- $opt" "$name" -- \
            "$slurm" -b "$fake" -s 1:3 -o "$work/out" "$work/tiny.ini" -- "$@"
    done
    # (The configs are valid otherwise, and their names do not hold the key.)
    n=0
    for key in map-csv walk-csv netanim out-series out-distance out-queries out; do
        n=$((n + 1))
        printf 'topology = line\nnodes = 5\nfilter = lbf\nsim-time = 20\nqueries = 1\nquery-timeout = 2\n  %s=x.csv   # a comment\n' \
            "$key" > "$work/k$n.ini"
        refused "sweep.sh, config key $key" "$key" -- \
            "$sweep" -b "$fake" -s 1:3 -o "$work/out" "$work/k$n.ini"
    done
    refused "slurm-sweep.sh, config key map-csv" "map-csv" -- \
        "$slurm" -b "$fake" -s 1:3 -o "$work/out" "$work/k1.ini"
    refused "sweep.sh, config key map-csv in the second config" "map-csv" -- \
        "$sweep" -b "$fake" -s 1 -o "$work/out" "$work/tiny.ini" "$work/k1.ini"
    refused "sweep.sh -- --RngRun 3 (the sweep sets it)" "--RngRun" -- \
        "$sweep" -b "$fake" -s 1 -o "$work/out" "$work/tiny.ini" -- --RngRun 3
    refused "sweep.sh -- --dry-run" "--dry-run" -- \
        "$sweep" -b "$fake" -s 1 -o "$work/out" "$work/tiny.ini" -- --dry-run
    mob="$here/scenarios/mobility-sweep.sh"
    for opt in "--map-csv map.csv" "--walk-csv=w.csv" "--netanim a.xml" "--out-series s.csv" \
        "--RngRun=3" "--out x.csv" "--config x.ini"; do
        set -- $opt
        refused "mobility-sweep.sh -- $opt" "${1%%=*}" -- \
            "$mob" -b "$fake" -s 1:2 -v 0,1 -o "$work/mob" -- "$@"
    done
    cp "$here/scenarios/mobility.ini" "$work/mob-k.ini"
    echo "map-csv = m.csv" >> "$work/mob-k.ini"
    refused "mobility-sweep.sh, config key map-csv" "map-csv" -- \
        "$mob" -b "$fake" -s 1:2 -v 0,1 -o "$work/mob" -c "$work/mob-k.ini"
    # Valid: a commented-out key is no key; the tasks of -j 1 and -j 2 (into
    # other folders) are the same file, and so are the CSVs.
    valid=$((valid + 2))
    printf 'topology = line\nnodes = 5\nfilter = lbf\nsim-time = 5\n# map-csv = m.csv\n' \
        > "$work/commented.ini"
    "$sweep" -b "$fake" -s 1 -o "$work/commented" "$work/commented.ini" > /dev/null 2>&1
    check $? "a config with '# map-csv = m.csv' (a comment) runs"
    [ ! -e "$work/m.csv" ]; check $? "and writes no m.csv"
    cases=$((cases + 1))
    "$sweep" -b "$fake" -j 1 -s 1:3 -o "$work/j1" "$work/tiny.ini" > /dev/null 2>&1
    check $? "sweep -j 1"
    "$sweep" -b "$fake" -j 2 -s 1:3 -o "$work/j2" "$work/tiny.ini" > /dev/null 2>&1
    check $? "sweep -j 2"
    for f in tasks.txt runs.csv by-distance.csv; do
        cmp -s "$work/j1/$f" "$work/j2/$f"; check $? "-j 1 and -j 2 (other folders): the same $f"
    done
    "$concat" "$work/j2" > /dev/null; check $? "concat-parts.sh reads the relative tasks.txt"
    cmp -s "$work/j1/runs.csv" "$work/j2/runs.csv"; check $? "and gives the same runs.csv"

    # Issue 37: common.sh's runs and their parts (bg_add_task,
    # bg_run_tasks, bg_concat_tasks), driven as bcun.sh, resources-sweep.sh
    # and mobility-sweep.sh drive them.  The program records its arguments.
    cat > "$work/argprog" <<'EOF'
#!/usr/bin/env bash
out="" prev=""
for a in "$@"; do [ "$prev" != --out ] || out="$a"; prev="$a"; done
printf '%s\0' "$@" > "$out.args"
printf 'a,b\n1,2\n' > "$out"
EOF
    cat > "$work/driver.sh" <<'EOF'
#!/usr/bin/env bash
# driver.sh COMMON OUTDIR run PART WORD...: one run of "argprog"
# driver.sh COMMON OUTDIR concat PART...: runs.csv and by-distance.csv of
#   the parts, whose files are in OUTDIR/parts already
set -euo pipefail
BG_PROG=driver.sh
source "$1"
BG_OUTDIR="$2"
BG_DS="$(dirname "$0")/argprog"
mode="$3"
shift 3
case "$mode" in
    run)
        bg_add_task "$@"
        bg_run_tasks 1 2> /dev/null
        ;;
    concat)
        for part in "$@"; do bg_add_task "$part" --RngRun=1; done
        bg_concat_tasks "$BG_OUTDIR/runs.csv" ""
        bg_concat_tasks "$BG_OUTDIR/by-distance.csv" "-by-distance"
        bg_commit_outputs
        ;;
esac
EOF
    chmod +x "$work/argprog" "$work/driver.sh"
    drv="$work/drv"
    mkdir -p "$drv/out/parts"
    common="$here/scenarios/common.sh"
    # Part names: one validation (a space passed half the name to the
    # program as an option; ../../x wrote outside parts/).
    for part in "a b" "../../x" "" ".hidden" "-x" "a/b" "a"$'\n'"b" \
        "$(printf 'p%.0s' $(seq 1 201))"; do
        refused "bg_add_task part $(printf '%q' "$part" | cut -c 1-40)" "part" -- \
            "$work/driver.sh" "$common" "$drv/out" run "$part" --m 128
    done
    cases=$((cases + 1))
    "$work/driver.sh" "$common" "$drv/out" run twice --m 128 > /dev/null 2>&1
    rm -f "$drv/out/parts/twice."*
    printf '%s\n' 'source "$1"; BG_PROG=driver.sh; bg_add_task p1 --m 1; bg_add_task p1 --m 2' \
        > "$work/twice.sh"
    refused "bg_add_task: one part name for two runs" "part" -- bash "$work/twice.sh" "$common"
    # Valid: any characters in the options reach the program as they are.
    valid=$((valid + 1))
    words=("a b" "" "it's" 'say "x"' '$(touch pwned)' '*' "new"$'\n'"line" $'tab\there' "--m=5")
    "$work/driver.sh" "$common" "$drv/out" run odd-words.1_2 "${words[@]}" > /dev/null 2>&1
    check $? "a run with odd option words"
    printf '%s\0' "${words[@]}" --quiet --out "$drv/out/parts/odd-words.1_2.csv" > "$meta/args.want"
    cmp -s "$drv/out/parts/odd-words.1_2.csv.args" "$meta/args.want"
    check $? "the program gets exactly those words"
    [ ! -e "$work/pwned" ] && [ ! -e "$drv/pwned" ]; check $? "nothing in them is run"
    # Joining parts: a missing part, an empty one, one with another header
    # (one line naming it, exit 1), and all outputs or none: runs.csv is not
    # replaced when by-distance.csv cannot be made.
    part() { # part NAME HEADER: NAME.csv and NAME-by-distance.csv, one row each
        printf '%s\n%s\n' "$2" "${1#p},x" > "$drv/out/parts/$1.csv"
        printf 'd,x\n%s,1\n' "${1#p}" > "$drv/out/parts/$1-by-distance.csv"
    }
    part p1 "run,x"
    part p2 "run,x"
    part p3 "run,x"
    echo "an earlier runs.csv" > "$drv/out/runs.csv"
    refused_io "a missing part" "p4.csv" -- "$work/driver.sh" "$common" "$drv/out" concat p1 p2 p4
    rm "$drv/out/parts/p2-by-distance.csv"
    refused_io "a missing part of the second output: no output replaced" "p2-by-distance.csv" -- \
        "$work/driver.sh" "$common" "$drv/out" concat p1 p2 p3
    part p2 "run,x"
    : > "$drv/out/parts/p3.csv"
    refused_io "an empty part" "p3.csv" -- "$work/driver.sh" "$common" "$drv/out" concat p1 p2 p3
    part p3 "run,y"
    refused_io "a part with another header" "p3.csv" -- \
        "$work/driver.sh" "$common" "$drv/out" concat p1 p2 p3
    mkdir "$drv/out/parts/p5.csv"
    refused_io "a part that is a folder" "p5.csv" -- "$work/driver.sh" "$common" "$drv/out" concat p1 p5
    part p3 "run,x"
    # The old fixed temporary OUT.tmp as a symbolic link: its target stays
    # as it was (it was overwritten), the outputs are right.
    cases=$((cases + 1))
    echo "precious" > "$work/victim"
    rm -f "$drv/out/runs.csv.tmp" "$drv/out/by-distance.csv.tmp"
    ln -s "$work/victim" "$drv/out/runs.csv.tmp"
    ln -s "$work/victim" "$drv/out/by-distance.csv.tmp"
    "$work/driver.sh" "$common" "$drv/out" concat p1 p2 p3 > /dev/null 2>&1
    check $? "parts joined with links at OUT.tmp"
    [ "$(cat "$work/victim")" = precious ]; check $? "the links' target untouched"
    [ "$(cat "$drv/out/runs.csv")" = "$(printf 'run,x\n1,x\n2,x\n3,x')" ]
    check $? "runs.csv: one header, the rows in task order"
    [ "$(wc -l < "$drv/out/by-distance.csv")" -eq 4 ]; check $? "by-distance.csv: header and 3 rows"
    [ -z "$(find "$drv/out" -maxdepth 1 -name '.*.??????')" ]; check $? "no temporary left"
    # A symbolic link as the output itself is replaced, not written through.
    cases=$((cases + 1))
    rm "$drv/out/runs.csv"
    ln -s "$work/victim" "$drv/out/runs.csv"
    "$work/driver.sh" "$common" "$drv/out" concat p1 p2 > /dev/null 2>&1
    check $? "parts joined onto a link named runs.csv"
    [ "$(cat "$work/victim")" = precious ] && [ ! -L "$drv/out/runs.csv" ]
    check $? "the link replaced by the file, its target untouched"
    # A run's log named by a symbolic link (sweep.sh wrote through it, and
    # so did a generated sweep.slurm): written anew, the target untouched.
    cases=$((cases + 1))
    echo "precious" > "$work/victim-log"
    "$sweep" -b "$fake" -s 1:2 -o "$work/logs" "$work/tiny.ini" > /dev/null 2>&1
    stem="$work/logs/$(cut -f 3 "$work/logs/tasks.txt" | head -n 1)"
    stem="${stem%.csv}"
    rm -f "$stem.csv" "$stem-by-distance.csv" "$stem.log"
    ln -s "$work/victim-log" "$stem.log"
    "$sweep" -b "$fake" -s 1:2 -o "$work/logs" "$work/tiny.ini" > /dev/null 2>&1
    check $? "sweep.sh with a run's log a symbolic link"
    [ "$(cat "$work/victim-log")" = precious ] && [ ! -L "$stem.log" ]
    check $? "the log written anew, the link's target untouched"
    cases=$((cases + 1))
    echo "precious" > "$work/victim-log"
    "$slurm" -b "$fake" -s 1 -o "$work/logs-slurm" "$work/tiny.ini" > /dev/null 2>&1
    stem="$(cut -f 3 "$work/logs-slurm/tasks.txt")"
    ln -s "$work/victim-log" "${stem%.csv}.log"
    SLURM_ARRAY_TASK_ID=1 bash "$work/logs-slurm/sweep.slurm" > /dev/null 2>&1
    check $? "a SLURM array task with its log a symbolic link"
    [ "$(cat "$work/victim-log")" = precious ] && [ ! -L "${stem%.csv}.log" ]
    check $? "the log written anew, the link's target untouched"
    # concat-parts.sh joins through the same function.
    mkdir -p "$drv/sweep/parts"
    cp "$drv/out/parts/p1"* "$drv/out/parts/p3"* "$drv/sweep/parts/"
    touch "$drv/sweep/.sweep.lock" # (it locks the folder: a lock file is no output)
    refused_io "concat-parts.sh: a missing part" "p2.csv" -- \
        "$concat" "$drv/sweep" "$drv/sweep/parts/p1" "$drv/sweep/parts/p2" "$drv/sweep/parts/p3"
    part p3 "run,y"
    cp "$drv/out/parts/p3.csv" "$drv/sweep/parts/p3.csv"
    refused_io "concat-parts.sh: another header" "p3.csv" -- \
        "$concat" "$drv/sweep" "$drv/sweep/parts/p1" "$drv/sweep/parts/p3"
    ;;

wrappers)
    # Issue 31: energy-sweep.sh ran 45 simulations, then failed on a later
    # sweep's duty period; -d 0.5, was accepted; scripts that refused their
    # arguments left an empty output folder; mobility-sweep.sh died in
    # xargs; a sweep.sh into a folder an energy sweep would use next was not
    # refused.
    energy="$here/scenarios/energy-sweep.sh"
    mob="$here/scenarios/mobility-sweep.sh"
    mapsh="$here/scenarios/map.sh"
    fssh="$here/scenarios/filter-space.sh"
    echo "not a folder" > "$work/a-file"
    for d in "0.5," ,0.5 0.5,,0.2 0.5,0.50 1 1.0 0 0.0 1.5 abc 1e-1 " 0.5" "" -0.5 nan .5.5; do
        refused "energy-sweep.sh -d $(printf '%q' "$d")" "-d" -- \
            "$energy" -b "$fake" -s 1 -d "$d" -o "$work/energy"
    done
    refused "energy-sweep.sh -d 0.001 (a later sweep's duty period): no run" "-d" -- \
        "$energy" -b "$fake" -s 1 -d 0.5,0.001 -o "$work/energy"
    for spec in 5:1 1,1 abc ""; do
        refused "energy-sweep.sh -s $(printf '%q' "$spec")" "-s" -- \
            "$energy" -b "$fake" -s "$spec" -o "$work/energy"
    done
    refused "energy-sweep.sh -o a file" "-o" -- "$energy" -b "$fake" -s 1 -o "$work/a-file"
    refused "energy-sweep.sh -b missing" "-b" -- "$energy" -b "$work/missing" -s 1 -o "$work/energy"
    refused "energy-sweep.sh -x" "-x" -- "$energy" -x
    for opt in --bogus "--speed 3" "--mobility gauss-markov" "--sim-time -1"; do
        set -- $opt
        refused "mobility-sweep.sh -- $opt: no folder" "$1" -- \
            "$mob" -b "$fake" -s 1 -v 0,1 -o "$work/mob/new" -- "$@"
    done
    refused "mobility-sweep.sh -o a file" "-o" -- "$mob" -b "$fake" -s 1 -o "$work/a-file"
    refused "mobility-sweep.sh -b missing" "-b" -- "$mob" -b "$work/missing" -s 1 -o "$work/mob"
    # Issue 28: resources-sweep.sh checks its lists and every run's options first.
    res="$here/scenarios/resources-sweep.sh"
    for r in 0 4,4 abc "" 4: 100001 04; do
        refused "resources-sweep.sh -r $(printf '%q' "$r")" "-r" -- \
            "$res" -b "$fake" -r "$r" -o "$work/res"
    done
    for spec in 5:1 1,1 abc ""; do
        refused "resources-sweep.sh -s $(printf '%q' "$spec")" "-s" -- \
            "$res" -b "$fake" -r 4 -s "$spec" -o "$work/res"
    done
    for n in mesh grid,grid "" grid,; do
        refused "resources-sweep.sh -n $(printf '%q' "$n")" "-n" -- \
            "$res" -b "$fake" -r 4 -n "$n" -o "$work/res"
    done
    for codec in zlib none,entropy "" entropy,entropy; do
        refused "resources-sweep.sh -c $(printf '%q' "$codec")" "-c" -- \
            "$res" -b "$fake" -r 4 -c "$codec" -o "$work/res"
    done
    refused "resources-sweep.sh -j 0" "-j" -- "$res" -b "$fake" -j 0 -o "$work/res"
    refused "resources-sweep.sh -o a file" "-o" -- "$res" -b "$fake" -r 4 -o "$work/a-file"
    refused "resources-sweep.sh -b missing" "-b" -- "$res" -b "$work/missing" -o "$work/res"
    refused "resources-sweep.sh -x" "-x" -- "$res" -x
    # Issue 29: bcun.sh checks its lists and every (setting, mechanism) first.
    bcun="$here/scenarios/bcun.sh"
    for spec in 0 5:1 1,1 abc "" 01; do
        refused "bcun.sh -t $(printf '%q' "$spec")" "-t" -- "$bcun" -b "$fake" -t "$spec" -o "$work/bcun"
    done
    for m in flood abc,abc "" "abc,"; do
        refused "bcun.sh -m $(printf '%q' "$m")" "-m" -- "$bcun" -b "$fake" -m "$m" -o "$work/bcun"
    done
    refused "bcun.sh -S 802.11" "-S" -- "$bcun" -b "$fake" -S 802.11 -o "$work/bcun"
    refused "bcun.sh -j 0" "-j" -- "$bcun" -b "$fake" -j 0 -o "$work/bcun"
    refused "bcun.sh -o a file" "-o" -- "$bcun" -b "$fake" -o "$work/a-file"
    refused "bcun.sh -b missing" "-b" -- "$bcun" -b "$work/missing" -o "$work/bcun"
    refused "bcun.sh -x" "-x" -- "$bcun" -x
    for opt in --bogus "--out x.csv" "--out=x.csv" "--map-csv m.csv" "--walk-csv w.csv" \
        "--nodes 1" "--dry-run"; do
        set -- $opt
        refused "map.sh $opt: no folder" "${1%%=*}" SKIP_BUILD=1 BUILD_DIR="$fake" \
            OUT_DIR="$work/map/new" -- "$mapsh" "$@"
    done
    refused "map.sh OUT_DIR a file" "OUT_DIR" SKIP_BUILD=1 BUILD_DIR="$fake" \
        OUT_DIR="$work/a-file" -- "$mapsh"
    refused "map.sh OUT_DIR under a file" "OUT_DIR" SKIP_BUILD=1 BUILD_DIR="$fake" \
        OUT_DIR="$work/a-file/sub" -- "$mapsh"
    refused "map.sh SKIP_BUILD=2" "SKIP_BUILD" SKIP_BUILD=2 BUILD_DIR="$fake" \
        OUT_DIR="$work/map/new" -- "$mapsh"
    # (issue 37: filter-space.sh no longer creates OUT_DIR before filter-space
    # has checked its options, so the parent's time stays too)
    mkdir -p "$work/fs"
    for opt in --bogus "--out x.csv" "--out=x.csv" "--elements 0" "--targets 0.5,"; do
        set -- $opt
        refused "filter-space.sh $opt: no folder" "${1%%=*}" SKIP_BUILD=1 BUILD_DIR="$fake" \
            OUT_DIR="$work/fs/new" -- "$fssh" "$@"
    done
    refused "filter-space.sh OUT_DIR a file" "OUT_DIR" SKIP_BUILD=1 BUILD_DIR="$fake" \
        OUT_DIR="$work/a-file" -- "$fssh"
    refused "filter-space.sh OUT_DIR under a file" "OUT_DIR" SKIP_BUILD=1 BUILD_DIR="$fake" \
        OUT_DIR="$work/a-file/sub" -- "$fssh"
    # Valid runs of map.sh and filter-space.sh into new folders.
    valid=$((valid + 2))
    SKIP_BUILD=1 BUILD_DIR="$fake" OUT_DIR="$work/fs/ok" "$fssh" --elements 1000 --targets 1 \
        --queries 1000 --no-timing > /dev/null 2>&1
    check $? "filter-space.sh, a small run"
    [ -s "$work/fs/ok/filter-space.csv" ] && [ -s "$work/fs/ok/filter-space.png" ]
    check $? "filter-space.sh wrote the CSV and the PNG"
    SKIP_BUILD=1 BUILD_DIR="$fake" OUT_DIR="$work/map/ok" "$mapsh" --topology line --nodes 4 \
        --filter lbf --sim-time 6 --resources 1 --queries 1 --query-timeout 1 --map-time 5 \
        > /dev/null 2>&1
    check $? "map.sh, a small run"
    [ -s "$work/map/ok/map.png" ] && [ -s "$work/map/ok/walk.png" ]; check $? "map.sh drew map.png and walk.png"
    # The energy sweep's folders are locked from its start: a sweep.sh into
    # the folder of a later sweep, or a second energy sweep, is refused.
    setsid env HOLD_RUNS=1 "$energy" -b "$fake" -s 1 -d 0.5 -o "$work/energy" \
        > "$meta/energy.log" 2>&1 &
    energy_pid=$!
    for _ in $(seq 1200); do
        ls "$meta/hold" | grep -q '^started' && break
        kill -0 $energy_pid 2>/dev/null || break
        sleep 0.1
    done
    ls "$meta/hold" | grep -q '^started'; check $? "energy sweep started its first runs (and holds them)"
    for sub in tradeoff-0.5 duty always ""; do
        refused "sweep.sh into the energy sweep's folder '${sub:-.}'" "-o" -- \
            "$sweep" -b "$fake" -s 1 -o "$work/energy/$sub" "$work/tiny.ini"
    done
    refused "a second energy-sweep.sh into its folder" "-o" -- \
        "$energy" -b "$fake" -s 1 -d 0.5 -o "$work/energy"
    kill -TERM -- -"$energy_pid" 2>/dev/null
    wait "$energy_pid" 2>/dev/null
    ;;

signals-int | signals-term | signals-hup)
    # Issue 37: bcun.sh -j 2 stopped by SIGTERM left xargs and its runs
    # writing parts/ (sweep.sh left GNU parallel and its jobs).  Every script
    # that runs programs takes them all down with it (one handler in
    # common.sh).  One signal per group, so that CTest runs the three side
    # by side (the cases mostly wait for the scripts to start and end).
    sig="${group#signals-}"
    signal_cases "${sig^^}" sweep bcun resources mobility scaling energy map filter-space paper
    ;;

*)
    echo "unknown group $group (lock, outdir, keys, seeds, args, extra-outputs, wrappers," \
        "signals-int, signals-term, signals-hup)"
    exit 2
    ;;
esac
if [ $failed -eq 0 ]; then
    echo "$group: $cases hostile cases handled, $valid valid controls passed"
fi
exit $failed
