#!/usr/bin/env bash
# Build, run and test bloom-gossip inside real ns-3 release trees, with the
# commands of the README's "Using the module inside an ns-3 tree".
#
#   tests/check-ns3-trees.sh [-w WORKDIR] [-r] [-n | -c] RELEASE...   e.g. 3.35 3.37 3.48
#
# Trees: 3.35 and 3.48 from the tarballs ns-3.X.tar.xz of BG_NS3_TARBALLS
# (default ../shared/ns-3 beside this repository), checked against the
# SHA256SUMS beside them; 3.37 from Debian 12's source package ns3 (3.37-2,
# fetched from deb.debian.org through a private apt state, checked by apt
# against the archive's signed indexes; Debian patches only packaging).  Each
# is unpacked into WORKDIR (default build-trees/), the two modules are placed
# as the README says, the tree is configured with the README's command (only
# the modules they need: --enable-modules=bloom-gossip-scenario, which pulls
# in bloom-gossip and its ns-3 modules; examples and tests on, on CMake trees
# only those of the two modules) and built (waf:
# ./waf build; CMake: the modules, their examples, the scratch programs and
# the test runner, not ns-3's own examples); then
# bloom-filters-example and diameter-sweep run (the sweep's CSVs are checked),
# on 3.48 the plug-in study (examples/plugin-study) as a scratch folder,
# every bloom-gossip test suite runs under test.py, and so does every entry of
# the modules' test/examples-to-run.py (3.35 and 3.48; on 3.37 the standalone
# build runs them against Debian's 3.37, so the in-tree 3.37 build skips the
# test runner), and the cross-version sweeps (a line, a grid and a random disk
# with roomy filters) are run.  Each build also checks that configure names
# no stray module (CMake trees), and the 3.35 (layout A) and 3.48 builds that
# every header the modules install compiles on its own with only the tree's
# include folder (3.35's layout B installs the same headers; 3.37's are
# checked against Debian's 3.37 by the standalone build-headers-alone test).
#
#  - ns-3 <= 3.35 (waf): layout A (this repository cloned as
#    contrib/bloom-gossip; waf finds the modules under its src/ and
#    bloom-gossip-scenario builds its scratch/ programs: configure, build,
#    run), then layout B (src/bloom-gossip and src/bloom-gossip-scenario
#    copied to contrib/, scratch/*.cc to scratch/: configure, build, run, test);
#  - ns-3 >= 3.37 (CMake, ./ns3): layout B.
#
# At the end the cross-version sweeps are compared (analysis/compare-versions.py)
# with each other and with the standalone build's (BG_STANDALONE_BUILD,
# default build/, when its diameter-sweep exists): the accuracy columns of
# BF, LBF and ABF must agree across releases (the SDBF's depend on keep masks
# drawn from ns-3 streams, numbered after the devices' streams, which changed
# in 3.48: its rows are shown, not required), and the in-tree 3.37 build must
# give the standalone build's CSVs byte for byte.  Tables and CSVs: WORKDIR/versions/.
#
# BG_NS3_EXTRA_MODULES (e.g. "internet sixlowpan netanim") adds ns-3 modules
# to the configure command's --enable-modules; the harness builds each of its
# optional features whose modules are all there (udp6 transport: internet and
# sixlowpan; --netanim: netanim), which CI's trees leave out (see
# doc/ns3-releases.md).  The wifi feature (--device wifi: wifi) is enabled on
# 3.35 and 3.48 and left out on 3.37 (BG_NS3_NO_WIFI=1: everywhere).
# -r reuses a tree unpacked by an earlier run (its ns-3 objects are kept, the
# module is replaced), for quick re-checks by hand; CI starts from scratch.
# -n checks the releases only, without the comparisons; -c runs only the
# comparisons, on the sweeps an earlier -n run left in WORKDIR/versions/
# (.ci/run starts the releases before the standalone build exists and
# compares once both are done).
#
# The releases are built one after the other, in the order given (one build
# at a time: side by side, 6 compilers on 2 cores, a run on 2026-11-26 spent
# a quarter of its CPU in the kernel and was no faster); each release's runs,
# suites and sweeps, mostly single-threaded, run in the background beside the
# next release's build, and their lines are printed release by release once
# the last build is done.
# Each step prints its wall time and the CPU time (user + system) of its
# processes, which stays comparable when the machine is shared (CI runs this
# script beside its sanitizer and fuzz stages).
# The files copied are those of the working tree that git tracks or does not
# ignore, i.e. what a clone of it would hold.  Exit 0 when every step passes,
# 1 when one fails (the step and the end of its log are printed), 2 on bad
# arguments or a missing or corrupt tarball.
set -euo pipefail
BG_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
source "$BG_ROOT/tests/debian-archive.sh"
STANDALONE="${BG_STANDALONE_BUILD:-$BG_ROOT/build}"
TARBALLS="${BG_NS3_TARBALLS:-$BG_ROOT/../shared/ns-3}"
WORK="$BG_ROOT/build-trees"
REUSE=0
PHASES=releases,compare
JOBS="$(nproc 2>/dev/null || echo 2)"
read -r -a EXTRA_MODULES <<< "${BG_NS3_EXTRA_MODULES:-}"

usage() {
    echo "usage: tests/check-ns3-trees.sh [-w WORKDIR] [-r] [-n | -c] RELEASE...   (e.g. 3.35 3.37 3.48)" >&2
    exit 2
}
while getopts "w:rnch" opt; do
    case "$opt" in
    w) WORK="$OPTARG" ;;
    r) REUSE=1 ;;
    n) PHASES=releases ;;
    c) PHASES=compare ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage
for release in "$@"; do
    case "$release" in
    3.35 | 3.37 | 3.48) ;;
    *)
        echo "check-ns3-trees: release '$release': one of 3.35, 3.37, 3.48" >&2
        exit 2
        ;;
    esac
done
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"

say() { echo "check-ns3-trees: $*"; }

# cpu_seconds: set CPU_SECONDS to the CPU time (user + system, whole
# seconds) of the processes this shell has waited for so far: the second
# line of the builtin times, which must run in this shell, not in a $(...)
# subshell (a forked shell starts with its children's times at zero).
cpu_seconds() {
    local file="$WORK/.times.$BASHPID"
    times > "$file"
    CPU_SECONDS="$(tail -n 1 "$file" | awk '{
        n = 0
        for (i = 1; i <= 2; ++i) {
            split($i, t, /[ms]/)
            n += t[1] * 60 + t[2]
        }
        printf "%d\n", n
    }')"
    rm -f "$file"
}

# step NAME LOG COMMAND...: run a step with its output in LOG; on failure
# print the end of the log and exit 1.  Prints the step's wall time and the
# CPU time of its processes.
step() {
    local name="$1" log="$2"
    shift 2
    local start=$SECONDS cpu
    cpu_seconds
    cpu=$CPU_SECONDS
    if ! "$@" > "$log" 2>&1; then
        say "FAILED: $name (log: $log)"
        tail -n 40 "$log" | sed 's/^/    /' >&2
        exit 1
    fi
    cpu_seconds
    say "ok: $name ($((SECONDS - start)) s, CPU $((CPU_SECONDS - cpu)) s)"
}

# Copy the files of $BG_ROOT/$1 that a clone would hold into $2.
copy_clone_files() {
    local from="$1" to="$2"
    mkdir -p "$to"
    (
        cd "$BG_ROOT/$from"
        # Files git still tracks but the working tree deleted are skipped.
        git ls-files -z -co --exclude-standard . |
            while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
            xargs -0 -r cp --parents -t "$to"
    )
}

# Remove every placement of the module from a tree (with the forwarding
# headers a CMake tree made for it, which would outlive a moved header).
clear_module() {
    local tree="$1"
    rm -rf "$tree/contrib/bloom-gossip" "$tree/contrib/bloom-gossip-scenario"
    if [ -d "$tree/build/include/ns3" ]; then
        { grep -l "contrib/bloom-gossip" "$tree"/build/include/ns3/*.h 2> /dev/null || true; } |
            xargs -r rm -f
    fi
    local f
    for f in "$BG_ROOT"/scratch/*.cc; do
        rm -f "$tree/scratch/$(basename "$f")"
    done
    rm -rf "$tree/scratch/plugin-study"
}

# Layout A: the repository as contrib/bloom-gossip (waf trees only).
place_layout_a() {
    local tree="$1"
    clear_module "$tree"
    copy_clone_files . "$tree/contrib/bloom-gossip"
}

# Layout B: the module folders into contrib/, the scenario programs into scratch/.
place_layout_b() {
    local tree="$1" module
    clear_module "$tree"
    for module in "$BG_ROOT"/src/*/; do
        module="$(basename "$module")"
        copy_clone_files "src/$module" "$tree/contrib/$module"
    done
    cp "$BG_ROOT"/scratch/*.cc "$tree/scratch/"
}

unpack() {
    local release="$1" tree="$WORK/ns-$1"
    if [ $REUSE -eq 1 ] && [ -f "$tree/VERSION" ]; then
        say "ns-$release: reusing $tree"
        return
    fi
    rm -rf "$tree"
    if [ "$release" = 3.37 ]; then
        # Debian 12's source package: its orig tarball holds ns-allinone-3.37/ns-3.37.
        local dl="$WORK/ns3-3.37-source"
        rm -rf "$dl"
        mkdir -p "$dl"
        bg_apt_fetch "$dl" bookworm deb-src ns3=3.37-2 || exit 2
        say "ns-3.37: fetched Debian's source package ns3 3.37-2 (checked by apt)"
        step "ns-3.37: unpack" "$WORK/ns-3.37-unpack.log" \
            tar -C "$dl" -xjf "$dl/ns3_3.37.orig.tar.bz2" ns-allinone-3.37/ns-3.37
        mv "$dl/ns-allinone-3.37/ns-3.37" "$tree"
        rm -rf "$dl"
        return
    fi
    local tarball="$TARBALLS/ns-$release.tar.xz"
    if [ ! -f "$tarball" ] || [ ! -f "$TARBALLS/SHA256SUMS" ]; then
        echo "check-ns3-trees: no $tarball with SHA256SUMS beside it (set BG_NS3_TARBALLS)" >&2
        exit 2
    fi
    if ! (cd "$TARBALLS" && grep " ns-$release.tar.xz\$" SHA256SUMS | sha256sum -c --quiet -); then
        echo "check-ns3-trees: $tarball does not match its SHA256SUMS line" >&2
        exit 2
    fi
    say "ns-$release: $tarball matches SHA256SUMS"
    step "ns-$release: unpack" "$WORK/ns-$release-unpack.log" tar -C "$WORK" -xf "$tarball"
}

# suites TREE: the bloom-gossip suites test.py knows.
suites() {
    (cd "$1" && ./test.py -n -l 2> /dev/null) | awk '$2 ~ /^bloom-gossip-/ {print $2}' | sort
}

# run_suites RELEASE TREE LABEL: every bloom-gossip suite under test.py -n -s.
run_suites() {
    local release="$1" tree="$2" label="$3"
    local list
    list="$(suites "$tree")"
    local count
    count="$(echo "$list" | grep -c . || true)"
    local expected
    expected="$(cat "$BG_ROOT"/src/*/test/*.cc | grep -c 'TestSuite("bloom-gossip')"
    if [ "$count" -ne "$expected" ]; then
        say "FAILED: ns-$release $label: test.py lists $count bloom-gossip suites (the sources declare $expected)"
        exit 1
    fi
    local s passed=0 start=$SECONDS
    for s in $list; do
        local log="$WORK/ns-$release-$label-test-$s.log"
        if ! (cd "$tree" && ./test.py -n -s "$s") > "$log" 2>&1 || ! grep -q "PASS.*TestSuite $s\$" "$log"; then
            say "FAILED: ns-$release $label: test.py -n -s $s (log: $log)"
            tail -n 40 "$log" | sed 's/^/    /' >&2
            exit 1
        fi
        passed=$((passed + 1))
    done
    say "ok: ns-$release $label: $passed/$count bloom-gossip suites pass under test.py ($((SECONDS - start)) s)"
}

# run_examples RELEASE TREE LABEL: every entry of the modules'
# test/examples-to-run.py (listed by tests/list-examples.py, the reader the
# standalone build's CTest entries use), run the way ns-3's test.py runs it.
#  - ns-3 >= 3.37 (CMake): ./test.py -n -e "NAME ARGS".  test.py picks that
#    entry out of the examples-to-run.py files it parsed and runs it as a
#    test.py job; an entry it does not know ends in "No example matching" and
#    no job (exit 0), so its PASS line is required.
#  - ns-3.35 (waf): test.py's -e takes a program name only and ignores
#    examples-to-run.py (it runs the program without arguments), so an entry
#    without arguments runs as ./test.py -n -e NAME and one with arguments as
#    ./waf --run "NAME ARGS" (test.py would check the same: exit code 0).
run_examples() {
    local release="$1" tree="$2" label="$3"
    local runs
    if ! runs="$(python3 "$BG_ROOT/tests/list-examples.py" "$BG_ROOT" 2>&1)"; then
        say "FAILED: tests/list-examples.py: $runs"
        exit 1
    fi
    local module name args count=0 start=$SECONDS
    while IFS='|' read -r module name args; do
        [ -n "$name" ] || continue
        local entry="$name${args:+ $args}"
        local log="$WORK/ns-$release-$label-example-$count.log"
        count=$((count + 1))
        if ! run_example "$tree" "$module" "$name" "$args" < /dev/null > "$log" 2>&1; then
            say "FAILED: ns-$release $label: example \"$entry\" of $module/test/examples-to-run.py (log: $log)"
            tail -n 40 "$log" | sed 's/^/    /' >&2
            exit 1
        fi
    done <<< "$runs"
    say "ok: ns-$release $label: $count runs of examples-to-run.py pass ($((SECONDS - start)) s)"
}

# run_example TREE MODULE NAME ARGS: one entry of examples-to-run.py (see
# run_examples), in a subshell; fails unless it ran and passed.
run_example() (
    local tree="$1" module="$2" name="$3" args="$4"
    local entry="$name${args:+ $args}" out line
    shopt -s extglob
    cd "$tree"
    if [ -x waf ] && [ -n "$args" ]; then
        ./waf --run "$entry"
        return
    fi
    out="$(NOCOLOR=1 ./test.py -n -e "$entry" 2>&1)" || { echo "$out"; return 1; }
    echo "$out"
    while IFS= read -r line; do
        if [ -x waf ]; then
            # ns-3.35 names the job by the program's path: .../ns3.35-NAME-debug
            [[ "$line" == *"PASS: Example "*"/ns3."+([0-9])"-$name-"+([a-z]) ]] && return 0
        else
            # ns-3.37 and later by the entry: contrib/MODULE/examples/NAME ARGS
            [[ "$line" == *"PASS: Example contrib/$module/examples/$entry" ]] && return 0
        fi
    done <<< "$out"
    echo "check-ns3-trees: no PASS line for \"$entry\""
    return 1
)

# check_sweep RELEASE LABEL CSV: the sweep wrote its tables, one row per run
# (two diameters, every family of the default --filter all: analysis/families.json).
check_sweep() {
    local release="$1" label="$2" csv="$3"
    local rows expected
    rows=$(($(wc -l < "$csv") - 1))
    expected=$((2 * $(grep -c '"name"' "$BG_ROOT/analysis/families.json")))
    if [ "$rows" -ne "$expected" ] || [ ! -s "${csv%.csv}-by-distance.csv" ]; then
        say "FAILED: ns-$release $label: diameter-sweep wrote $rows rows (expected $expected) or no by-distance table"
        exit 1
    fi
    say "ok: ns-$release $label: diameter-sweep wrote $csv ($rows rows) and its by-distance table"
}

SWEEP_ARGS="--diameters 4,8 --sim-time 20"

# The cross-version sweeps: NAME and diameter-sweep options (roomy filters:
# the default m = 256 slots for 4 resources; ABF advertisements of at most 9
# frames, so every release converges well within the 60 s).
VERSION_SWEEPS=(
    "line --topology line --diameters 6,12,24 --filter all --sim-time 60"
    "grid --topology grid --diameters 6,12 --filter all --sim-time 60"
    "disk --topology disk --nodes 60 --degree 8 --filter all --sim-time 60"
)

# version_sweeps LABEL COMMAND...: run every cross-version sweep with the
# program COMMAND (the tree's runner, or the standalone binary) into
# WORK/versions/LABEL/NAME.csv.  COMMAND gets the program name and options
# as one string (the way ./waf --run and ./ns3 run take them).
version_sweeps() {
    local label="$1"
    shift
    local dir="$WORK/versions/$label" spec
    rm -rf "$dir"
    mkdir -p "$dir"
    for spec in "${VERSION_SWEEPS[@]}"; do
        local name="${spec%% *}" options="${spec#* }"
        step "$label: cross-version sweep $name" "$dir/$name.log" \
            "$@" "diameter-sweep $options --quiet --out $dir/$name.csv"
    done
}

standalone_runner() {
    # "diameter-sweep OPTIONS" -> build/bin/diameter-sweep OPTIONS
    local words
    read -r -a words <<< "$1"
    "$STANDALONE/bin/${words[0]}" "${words[@]:1}"
}

# The programs of the module and the repository: every example of the
# module(s) (build_lib_example NAME) and every scratch program.
program_names() {
    sed -n 's/^ *NAME \([A-Za-z0-9_-]*\).*/\1/p' "$BG_ROOT"/src/*/examples/CMakeLists.txt
    local f
    for f in "$BG_ROOT"/scratch/*.cc; do basename "$f" .cc; done
}

# modules_list SEPARATOR RELEASE: bloom-gossip-scenario, wifi on 3.35 and
# 3.48 (the --device wifi feature; the in-tree 3.37 build goes without it, so
# that the feature's absence is built and its refusal tested too; BG_NS3_NO_WIFI=1
# leaves it out everywhere) and BG_NS3_EXTRA_MODULES, joined (waf takes
# commas, ./ns3 semicolons).
modules_list() {
    local IFS="$1" modules=("${EXTRA_MODULES[@]}")
    case "$2" in
    3.35 | 3.48) [ "${BG_NS3_NO_WIFI:-0}" = 1 ] || modules=(wifi "${modules[@]}") ;;
    esac
    echo "bloom-gossip-scenario${modules[*]:+$1${modules[*]}}"
}

# build_layout RELEASE TREE LABEL TESTS: configure with the README's command
# and build what the check runs (the module, its examples, the scratch
# programs and, when TESTS is 1, the test runner; ns-3's own examples and
# utilities are not needed).
build_layout() {
    local release="$1" tree="$2" label="$3" tests="$4"
    local log="$WORK/ns-$release-$label"
    cd "$tree"
    local targets=() name
    if [ -x waf ]; then
        step "ns-$release $label: ./waf configure" "$log-configure.log" \
            ./waf configure --enable-examples --enable-tests --disable-werror \
            "--enable-modules=$(modules_list , "$release")"
        # The README's ./waf build, not --targets: waf posts a module's header
        # copies (ns3header task generators) only in a full build, so a
        # targeted build compiles against a stale or missing build/ns3/.
        step "ns-$release $label: ./waf build" "$log-build.log" ./waf build
    else
        [ "$tests" = 1 ] && targets+=(test-runner)
        for name in $(program_names); do
            if [ -f "$BG_ROOT/scratch/$name.cc" ]; then
                targets+=("scratch_$name")
            else
                targets+=("$name")
            fi
        done
        # Only the two modules' examples and tests are built (ns-3 >= 3.37):
        # the test runner would otherwise compile and link every enabled
        # module's test suites (core, network, internet, lr-wpan, ...).
        step "ns-$release $label: ./ns3 configure" "$log-configure.log" \
            ./ns3 configure --build-profile=debug --enable-examples --enable-tests \
            "--enable-modules=$(modules_list ';' "$release")" \
            "--filter-module-examples-and-tests=bloom-gossip;bloom-gossip-scenario"
        # ./ns3 build runs cores - 1 jobs (one on a 2-core machine, whatever -j
        # says in 3.37 and 3.48); CMake's own driver uses every core.
        check_configure_log "$release" "$label" "$log-configure.log"
        step "ns-$release $label: cmake --build cmake-cache -j $JOBS" "$log-build.log" \
            cmake --build cmake-cache -j "$JOBS" --target "${targets[@]}"
    fi
    # Each installed header set is checked once: in layout A of a waf tree
    # (layout B installs the same headers of the same release) and in the
    # 3.48 tree; the 3.37 tree's are the standalone build's
    # build-headers-alone test against Debian's 3.37 headers, and 3.48's
    # tree checks the installed set the same CMake lists give.
    if [ "$label" = layout-B ] && [ -x waf ]; then
        say "ok: ns-$release $label: installed headers: checked in layout A (same release, same headers)"
    elif [ "$release" = 3.37 ]; then
        say "ok: ns-$release $label: installed headers: checked by the standalone build (Debian's 3.37) and the 3.48 tree"
    else
        check_headers "$release" "$label" "$tree"
    fi
}

# check_configure_log RELEASE LABEL LOG: ns-3 >= 3.37's configure lists under
# "Modules that cannot be built" every name its dependency scan read in a
# module's CMakeLists.txt that is no module folder of the tree (before issue 26:
# "<name>" and "raries"); none may come from ours.
check_configure_log() {
    local release="$1" label="$2" log="$3" tree="$WORK/ns-$1" name bad=()
    for name in $(sed 's/\x1b\[[0-9;]*m//g' "$log" |
        awk '/^Modules that cannot be built:/ {f = 1; next} f && NF == 0 && n {exit}
             f && NF {n = 1; print}'); do
        [ -d "$tree/src/$name" ] || [ -d "$tree/contrib/$name" ] || bad+=("$name")
    done
    if [ ${#bad[@]} -gt 0 ]; then
        say "FAILED: ns-$release $label: configure lists ${bad[*]} as modules that cannot be built (log: $log)"
        exit 1
    fi
    say "ok: ns-$release $label: configure reports no stray module names"
}

# check_headers RELEASE LABEL TREE: every header the two modules install
# (as their generated <module>-module.h lists them) compiles on its own with
# only the tree's include folder (tests/check-headers.sh).
check_headers() {
    local release="$1" label="$2" tree="$3" dir std=c++17 module headers=""
    if [ -x "$tree/waf" ]; then dir="$tree/build"; else dir="$tree/build/include"; fi
    [ "${release#3.}" -ge 48 ] && std=c++20
    for module in "$BG_ROOT"/src/*/; do
        module="$(basename "$module")"
        headers+="$module-module.h:"
        headers+="$(sed -n 's/^ *#include [<"]\(ns3\/\)\{0,1\}\([^>"]*\)[>"].*/\2/p' \
            "$dir/ns3/$module-module.h" | tr '\n' ':')"
    done
    step "ns-$release $label: installed headers compile alone" "$WORK/ns-$release-$label-headers.log" \
        env BG_CXX_STD=$std bash "$BG_ROOT/tests/check-headers.sh" "${CXX:-g++}" "$dir" "$headers"
}

# run_layout RELEASE TREE LABEL TESTS SWEEPS: run the programs a built layout
# has, and when TESTS is 1 every suite under test.py, when SWEEPS is 1 the
# cross-version sweeps.
run_layout() {
    local release="$1" tree="$2" label="$3" tests="$4" sweeps="$5"
    local out="$WORK/ns-$release-$label-out" log="$WORK/ns-$release-$label"
    rm -rf "$out"
    mkdir -p "$out"
    cd "$tree"
    local run=(./ns3 run --no-build)
    [ -x waf ] && run=(./waf --run)
    step "ns-$release $label: run bloom-filters-example" "$log-example.log" \
        "${run[@]}" bloom-filters-example
    step "ns-$release $label: run diameter-sweep" "$log-sweep.log" \
        "${run[@]}" "diameter-sweep $SWEEP_ARGS --out $out/sweep.csv"
    check_sweep "$release" "$label" "$out/sweep.csv"
    [ "$tests" = 1 ] && run_suites "$release" "$tree" "$label"
    [ "$tests" = 1 ] && run_examples "$release" "$tree" "$label"
    [ "$sweeps" = 1 ] && version_sweeps "ns-$release" "${run[@]}"
    return 0
}

# The suites on 3.37 run in the standalone build (CTest, Debian's 3.37);
# in-tree 3.37 is there for its CSVs, compared byte for byte below.
release_tests() { if [ "$1" = 3.37 ]; then echo 0; else echo 1; fi; }

# build_release RELEASE: unpack; on waf trees layout A (place, configure,
# build, run); then layout B placed, configured and built.
build_release() {
    local release="$1" tree="$WORK/ns-$1"
    unpack "$release"
    if [ -x "$tree/waf" ]; then
        place_layout_a "$tree"
        build_layout "$release" "$tree" layout-A 0
        run_layout "$release" "$tree" layout-A 0 0
    fi
    place_layout_b "$tree"
    build_layout "$release" "$tree" layout-B "$(release_tests "$release")"
}

# study_in_scratch RELEASE: the plug-in study (examples/plugin-study: a
# filter family and a query strategy outside the module, issue 39) as ns-3
# takes a scratch folder: its .cc and .h files in scratch/plugin-study/,
# built as the one program named after the file with main(), and run with
# its family (hsbf, its option --scope) and strategy (walk); its runs.csv
# must hold their rows with the family's column.  Last on the tree, after
# CMake re-reads the scratch folders: the program's shortcut
# "diameter-sweep" then collides with scratch/diameter-sweep's, so it runs
# as plugin-study/diameter-sweep.
study_in_scratch() {
    local release="$1" tree="$WORK/ns-$1" log="$WORK/ns-$1-study" out="$WORK/ns-$1-study-out"
    rm -rf "$tree/scratch/plugin-study" "$out"
    mkdir -p "$tree/scratch/plugin-study" "$out"
    cp "$BG_ROOT"/examples/plugin-study/*.cc "$BG_ROOT"/examples/plugin-study/*.h \
        "$tree/scratch/plugin-study/"
    cd "$tree"
    step "ns-$release study: cmake re-reads scratch/" "$log-configure.log" cmake cmake-cache
    step "ns-$release study: build scratch/plugin-study" "$log-build.log" \
        cmake --build cmake-cache -j "$JOBS" --target scratch_plugin-study_diameter-sweep
    step "ns-$release study: run plugin-study/diameter-sweep" "$log-run.log" \
        ./ns3 run --no-build "plugin-study/diameter-sweep --topology grid --diameters 4,6 \
            --filter all --scope 2 --queries 4 --query-strategy walk,flood --query-timeout 3 \
            --query-interval 0.5 --sim-time 20 --quiet --out $out/study.csv"
    local rows
    rows="$(python3 - "$out/study.csv" << 'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
hsbf = [r for r in rows if r["filter"] == "hsbf"]
ok = (len(hsbf) == 4 and all(r["scope"] == "2" for r in hsbf)
      and all(r["scope"] == "NA" for r in rows if r["filter"] != "hsbf")
      and {r["query_strategy"] for r in rows} == {"walk", "flood"})
print(len(rows) if ok else "bad")
PY
)"
    if [ "$rows" = bad ] || [ -z "$rows" ]; then
        say "FAILED: ns-$release study: $out/study.csv lacks hsbf's rows, its scope column or walk's"
        exit 1
    fi
    say "ok: ns-$release study: scratch/plugin-study ran hsbf and walk ($rows rows in $out/study.csv)"
    rm -rf "$tree/scratch/plugin-study"
}

# test_release RELEASE START: layout B's runs, suites and sweeps; on 3.48
# the plug-in study in a scratch folder.
test_release() {
    local release="$1" start="$2"
    run_layout "$release" "$WORK/ns-$release" layout-B "$(release_tests "$release")" 1
    [ "$release" = 3.48 ] && study_in_scratch "$release"
    say "ns-$release: every step passed in $((SECONDS - start)) s"
}

# check_releases RELEASE...: build each release in turn; test each in the
# background beside the next one's build (its output in
# WORK/ns-RELEASE-tests.out, printed in the order of the releases after the
# last build, as each test run ends).
check_releases() {
    local release pids=() outs=() failed=0 i
    trap 'kill "${pids[@]}" 2> /dev/null || true' EXIT
    for release in "$@"; do
        local start=$SECONDS out="$WORK/ns-$release-tests.out"
        build_release "$release"
        say "ns-$release: built; its runs and suites go on in the background"
        test_release "$release" "$start" > "$out" 2>&1 &
        pids+=($!)
        outs+=("$out")
    done
    for i in "${!pids[@]}"; do
        if ! wait "${pids[$i]}"; then failed=1; fi
        cat "${outs[$i]}"
    done
    trap - EXIT
    [ $failed -eq 0 ] || exit 1
}

if [[ "$PHASES" == *releases* ]]; then
    check_releases "$@"
fi
[[ "$PHASES" == *compare* ]] || exit 0

# Compare the cross-version sweeps.  Accuracy (hop estimates, membership,
# false positives, stale state) of BF, LBF and ABF must agree across
# releases (SDBF rows exempt: see the header); the in-tree 3.37
# build must be byte-identical to the standalone build against Debian's 3.37.
labels=()
for release in $(printf '%s\n' "$@" | sort -t. -k1,1n -k2,2n); do
    if [ ! -d "$WORK/versions/ns-$release" ]; then
        say "FAILED: no cross-version sweeps of ns-$release in $WORK/versions (run without -c first)"
        exit 1
    fi
    labels+=("ns-$release")
done
if [ -x "$STANDALONE/bin/diameter-sweep" ]; then
    version_sweeps standalone standalone_runner
    labels+=(standalone)
fi
if [ ${#labels[@]} -ge 2 ]; then
    for spec in "${VERSION_SWEEPS[@]}"; do
        name="${spec%% *}"
        files=()
        for label in "${labels[@]}"; do files+=("$label=$WORK/versions/$label/$name.csv"); done
        step "cross-version comparison: $name" "$WORK/versions/compare-$name.md" \
            python3 "$BG_ROOT/analysis/compare-versions.py" "${files[@]}" \
            --require 'hop_*' membership fpr stale_pairs stale_reported --exempt sdbf
        say "cross-version table: $WORK/versions/compare-$name.md"
    done
fi
if [ -d "$WORK/versions/ns-3.37" ] && [ -d "$WORK/versions/standalone" ]; then
    for spec in "${VERSION_SWEEPS[@]}"; do
        name="${spec%% *}"
        for table in "$name.csv" "$name-by-distance.csv"; do
            if ! cmp -s "$WORK/versions/ns-3.37/$table" "$WORK/versions/standalone/$table"; then
                say "FAILED: the in-tree ns-3.37 build's $table differs from the standalone build's"
                exit 1
            fi
        done
    done
    say "ok: in-tree ns-3.37 and the standalone build give byte-identical CSVs"
fi
