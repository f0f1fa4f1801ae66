#!/usr/bin/env bash
# Outputs and resources under hostile conditions (issue 15), end to end:
#   #6  a disk that fills during the final writes: diameter-sweep's tables are
#       all replaced or none is (the file-size limit stands in for a full disk:
#       writes fail with EFBIG, as with ENOSPC), exit 1, no temporary left;
#   #9  lbf-calibration --experiment capacity --repetitions 10^7 under a 600 MB
#       address-space limit keeps running (it used to allocate 3.77 GB at
#       once and fail with bad_alloc);
#   #14 lbf-calibration stopped by SIGTERM or SIGINT leaves no file;
#   #21 a disconnected positions file: a warning on stderr and components = 2;
#   #24 an output name of 249 characters is written (no probe suffix).
# Issue 31 (outputs, names and signals):
#   a --netanim run stopped by SIGQUIT or SIGUSR1 ends by the signal and
#       leaves nothing: no output, no bloom-gossip-netanim-* in TMPDIR;
#   under nohup (SIGHUP ignored) a --netanim run sent SIGHUP finishes;
#   a --netanim run whose trace cannot be written in full (a file-size
#       limit standing in for a full temporary folder) exits 1, no output;
#   every program of BIN_DIR exits 1 with one line when standard output
#       cannot be written (> /dev/full, or closed: >&-);
#   filter-space stopped by SIGTERM leaves nothing in its output folder;
#   filter-space says up front how long a run of costly cuckoo kicks takes;
#   an output name holding a newline or a tab is refused (exit 2).
#
#   tests/cli/check-outputs-hostile.sh BIN_DIR
#
# Not for the sanitizer build (address-space limits break ASan).  Exit 1
# listing what failed.
set -uo pipefail
bin="$(cd "$1" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
cases=0 # each block below, once per signal, program or name it tries
fail() {
    echo "FAIL: $*"
    failed=1
}
ds() { "$bin/diameter-sweep" --quiet --sim-time 20 "$@"; }

# #6: the first run writes three tables; the second (another seed, queries)
# cannot write its tables past 1 KiB: every old table stays, no new file.
cases=$((cases + 1))
cd "$work" && mkdir full && cd full
ds --nodes 6 --queries 2 --out run.csv > /dev/null 2>&1 || fail "#6: first run"
cp run.csv run.bak && cp run-by-distance.csv dist.bak && cp run-queries.csv queries.bak
(
    trap '' XFSZ
    ulimit -f 1
    ds --queries 2 --RngRun=7 --nodes 30 --out run.csv
) > /dev/null 2> err.txt
rc=$?
[ $rc -eq 1 ] || fail "#6: exit $rc on a full disk, expected 1"
grep -q "cannot write" err.txt || fail "#6: no 'cannot write' in: $(cat err.txt)"
cmp -s run.csv run.bak && cmp -s run-by-distance.csv dist.bak && cmp -s run-queries.csv queries.bak ||
    fail "#6: a table changed although another could not be written"
left=$(find . -name '.bloom-gossip.*' | wc -l)
[ "$left" -eq 0 ] || fail "#6: $left temporary files left"
cd "$work"

# #9 and #14: a long capacity run stays small, and a stopped one leaves nothing.
for sig in TERM INT; do
    cases=$((cases + 1))
    mkdir "cal-$sig" && cd "cal-$sig"
    (
        ulimit -v 600000
        exec timeout -s "$sig" 4 "$bin/lbf-calibration" --experiment capacity \
            --repetitions 10000000 --bits 4 --hashes 1 --threads 1 --out cal.csv
    ) > /dev/null 2> err.txt
    rc=$?
    [ $rc -eq 124 ] || fail "#9: lbf-calibration ended with $rc before SIG$sig: $(head -c 300 err.txt)"
    rm -f err.txt
    [ -z "$(ls -A .)" ] || fail "#14: SIG$sig left: $(ls -A . | tr '\n' ' ')"
    cd "$work"
done

# #21: two pairs of nodes far apart.
cases=$((cases + 1))
printf '0,0,0\n1,10,0\n2,5000,0\n3,5010,0\n' > apart.csv
"$bin/diameter-sweep" --quiet --sim-time 5 --topology file --positions apart.csv \
    --filter lbf --out apart-run.csv 2> err.txt > /dev/null || fail "#21: run failed"
grep -q "disconnected (2 components" err.txt || fail "#21: no warning: $(cat err.txt)"
col=$(head -1 apart-run.csv | tr ',' '\n' | grep -n '^components$' | cut -d: -f1)
[ -n "$col" ] && [ "$(sed -n 2p apart-run.csv | cut -d, -f"$col")" = 2 ] ||
    fail "#21: components column is not 2"

# #24: 249 characters fit (255 with "-by-distance" would not: name it).
cases=$((cases + 1))
long="$(printf 'a%.0s' $(seq 1 245)).csv"
ds --nodes 6 --out "$long" --out-distance d.csv > /dev/null 2>&1 || fail "#24: a 249-character name refused"
[ -s "$long" ] || fail "#24: no file written"

# Issue 31.  Background jobs of a script ignore SIGINT and SIGQUIT: start
# them with job control on (set -m) so that they get every signal.
anim_args=(--quiet --filter lbf --topology grid --nodes 400 --mobility random-waypoint
    --sim-time 3000)
# Wait until the run records its trace (the network is built), at most 120 s.
wait_recording() {
    local pid=$1 i
    for ((i = 0; i < 1200; i++)); do
        ls -l "/proc/$pid/fd" 2> /dev/null | grep -q 'bloom-gossip-netanim' && return 0
        kill -0 "$pid" 2> /dev/null || return 1
        sleep 0.1
    done
    return 1
}
if "$bin/diameter-sweep" --netanim probe.xml --dry-run "${anim_args[@]}" > /dev/null 2>&1; then
    for sig in QUIT USR1; do
        cases=$((cases + 1))
        mkdir -p "anim-$sig/tmp" && cd "anim-$sig"
        set -m
        TMPDIR="$PWD/tmp" "$bin/diameter-sweep" "${anim_args[@]}" --out k.csv --netanim k.xml \
            > /dev/null 2>&1 &
        pid=$!
        set +m
        wait_recording "$pid" || fail "SIG$sig: the --netanim run did not start recording"
        sleep 0.3
        kill -"$sig" "$pid"
        wait "$pid" 2> /dev/null
        rc=$?
        [ $rc -eq $((128 + $(kill -l "$sig"))) ] || fail "SIG$sig: --netanim run ended with $rc"
        left="$(ls -A tmp) $(ls -A | grep -v '^tmp$')"
        [ -z "${left// /}" ] || fail "SIG$sig: a stopped --netanim run left: $left"
        cd "$work"
    done

    # nohup: SIGHUP ignored stays ignored while the trace is recorded (a run
    # of about 2 s of CPU after it starts recording: the signal reaches it
    # while it runs, which is checked).
    cases=$((cases + 1))
    mkdir nohup && cd nohup
    set -m
    (
        trap '' HUP
        exec "$bin/diameter-sweep" --quiet --filter lbf --topology grid --nodes 49 \
            --mobility random-waypoint --sim-time 200 --out k.csv --netanim k.xml
    ) > /dev/null 2> err.txt &
    pid=$!
    set +m
    wait_recording "$pid" || fail "nohup: the --netanim run did not start recording"
    [ "$(awk '{ print $3 }' "/proc/$pid/stat" 2> /dev/null)" != Z ] && kill -HUP "$pid" ||
        fail "nohup: the --netanim run ended before SIGHUP was sent"
    wait "$pid" 2> /dev/null
    rc=$?
    [ $rc -eq 0 ] || fail "nohup: SIGHUP ended the --netanim run ($rc): $(head -c 300 err.txt)"
    [ -s k.xml ] && [ -s k.csv ] || fail "nohup: the --netanim run wrote no trace or table"
    cd "$work"

    # A trace cut short (file-size limit: writes fail with EFBIG as with
    # ENOSPC) is an error, not a truncated XML reported as success.
    cases=$((cases + 1))
    mkdir anim-full && cd anim-full
    (
        trap '' XFSZ
        ulimit -f 64
        exec "$bin/diameter-sweep" --quiet --filter lbf --topology grid --nodes 25 \
            --mobility random-waypoint --sim-time 300 --out k.csv --netanim k.xml
    ) > /dev/null 2> err.txt
    rc=$?
    [ $rc -eq 1 ] || fail "full: --netanim run with a cut trace exited $rc"
    grep -q -- "--netanim: .*cut short" err.txt || fail "full: no '--netanim: ... cut short' in: $(cat err.txt)"
    rm -f err.txt
    [ -z "$(ls -A .)" ] || fail "full: a cut --netanim run left: $(ls -A . | tr '\n' ' ')"
    cd "$work"
fi

# Standard output that cannot be written (> /dev/full, closed with >&-):
# exit 1, one line naming it, for every program of BIN_DIR (issue 37; a new
# program needs an invocation here).  The test runners are ns-3's.
declare -A stdout_cmd=(
    [diameter-sweep]="--help" [sim-benchmark]="--help" [lbf-calibration]="--help"
    [filter-space]="--elements 100 --targets 1 --queries 10" [gossip-role]=""
    [hash-quality]="" [families-json]="" [filter-benchmarks]="--benchmark_list_tests=true"
    [codec-entropy]="--families bf --fills 1 --trials 1 --no-timing"
    [bloom-filters-example]="" [gossip-line-example]="" [query-walk-example]=""
    [sdbf-estimator-example]="" [equal-budget-example]=""
    [bloom-gossip-test]=SKIP [bloom-gossip-scenario-test]=SKIP
    [reference-filters-test]=SKIP [lbf-calibration-test]=SKIP [code-length-test]=SKIP)
for program in "$bin"/*; do
    [ -f "$program" ] && [ -x "$program" ] || continue
    name="$(basename "$program")"
    if [ -z "${stdout_cmd[$name]+set}" ]; then
        fail "standard output: no invocation for $name in $0"
        continue
    fi
    [ "${stdout_cmd[$name]}" = SKIP ] && continue
    read -r -a words <<< "${stdout_cmd[$name]}"
    for how in full closed; do
        cases=$((cases + 1))
        if [ $how = full ]; then
            "$program" "${words[@]}" > /dev/full 2> err.txt
        else
            "$program" "${words[@]}" >&- 2> err.txt
        fi
        rc=$?
        [ $rc -eq 1 ] || fail "stdout $how: $name ${words[*]} exited $rc"
        [ "$(wc -l < err.txt)" -eq 1 ] && grep -q "^$name: .*cannot write to standard output" err.txt ||
            fail "stdout $how: $name ${words[*]} said: $(head -c 300 err.txt)"
    done
done

# filter-space stopped while it measures: nothing left beside --out.
cases=$((cases + 1))
mkdir fs-term && cd fs-term
set -m
"$bin/filter-space" --elements 100000 --targets 1:20 --queries 100000000 --out fs.csv \
    > /dev/null 2>&1 &
pid=$!
set +m
sleep 2
kill -TERM "$pid"
wait "$pid" 2> /dev/null
rc=$?
[ $rc -eq 143 ] || fail "filter-space: ended with $rc before SIGTERM"
[ -z "$(ls -A .)" ] || fail "filter-space: SIGTERM left: $(ls -A . | tr '\n' ' ')"
cd "$work"

# Issue 37: a cuckoo run whose inserts past capacity each cost a million
# kicks says up front how long it would take (it said nothing for minutes;
# the rows then report from inside every 30 s).
cases=$((cases + 1))
mkdir fs-kicks && cd fs-kicks
set -m
"$bin/filter-space" --filters cuckoo --fill 1000 --max-kicks 1048576 --out fs.csv 2> err.txt &
pid=$!
set +m
for ((i = 0; i < 30; i++)); do # up front: within 3 s
    grep -q "^filter-space: note: " err.txt && break
    sleep 0.1
done
kill -TERM "$pid"
wait "$pid" 2> /dev/null
grep -q "^filter-space: note: .*cuckoo kicks of the inserts past capacity included.*hours" err.txt ||
    fail "filter-space kicks: no estimate up front: $(head -c 300 err.txt)"
rm -f err.txt
[ -z "$(ls -A .)" ] || fail "filter-space kicks: SIGTERM left: $(ls -A . | tr '\n' ' ')"
cd "$work"

# Control characters in output names (quoting cannot put them in a .cases file).
mkdir names && cd names
for name in $'a\nb.csv' $'a\tb.csv' $'run\r.csv'; do
    cases=$((cases + 2)) # diameter-sweep and filter-space
    "$bin/diameter-sweep" --quiet --nodes 5 --sim-time 5 --out "$name" > /dev/null 2> err.txt
    rc=$?
    [ $rc -eq 2 ] && grep -q -- "^diameter-sweep: --out: .*control character" err.txt ||
        fail "names: --out $(printf %q "$name") gave $rc: $(head -c 300 err.txt)"
    "$bin/filter-space" --elements 100 --targets 1 --queries 10 --out "$name" > /dev/null 2> err.txt
    rc=$?
    [ $rc -eq 2 ] && grep -q -- "^filter-space: --out: .*control character" err.txt ||
        fail "names: filter-space --out $(printf %q "$name") gave $rc: $(head -c 300 err.txt)"
    rm -f err.txt
    [ -z "$(ls -A .)" ] || fail "names: left $(ls -A . | tr '\n' ' ')"
done
cd "$work"

[ $failed -eq 0 ] && echo "check-outputs-hostile: $cases cases, all passed"
exit $failed
