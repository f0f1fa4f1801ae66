#!/usr/bin/env bash
# clang-tidy with ns-3's checks (the repository's .clang-tidy, taken from
# ns-3.48) over the library sources of both modules and the scratch programs,
# compiled as the build compiles them (its compile_commands.json) against
# the installed ns-3 headers.  The module's own headers are checked where a
# listed source includes them from src/ (HeaderFilterRegex); ns-3's headers
# and the build's header copies are not.
#
#   tests/check-tidy.sh [BUILD_DIR [SOURCE...]]
#
# BUILD_DIR (default build/) is a build configured by this repository's
# CMakeLists.txt, which always writes compile_commands.json; SOURCE...
# (default src/*/{filter,util,model,helper}/*.cc, scratch/*.cc and the
# calibration of benchmarks/: lbf-calibration.cc and its library) must be
# in it.  Environment: BG_CLANG_TIDY (default clang-tidy-14, else
# clang-tidy), TIDY_JOBS (default: the number of cores).
#
# Scope.  clang-tidy parses each source with every ns-3 header it includes:
# about 2 s of CPU per ns-3-facing source with Debian 12's clang-tidy 14.  The
# default is every library source of both modules (filter/, util/, model/,
# helper/), the scratch programs and the LBF calibration (its program and
# library in benchmarks/): 83 sources (the 2-core CI machine runs two at a
# time).  The test suites, examples and other benchmarks are
# left to a run by hand (they add about 45 s of CPU), e.g.
#   tests/check-tidy.sh build $(git ls-files 'src/*.cc' 'benchmarks/*.cc')
#
# Exit 0 without findings; 1 with findings (each "FILE:LINE:COL: warning:
# ... [check]" line, then a count); 2 on bad usage or no compile database;
# 77 when clang-tidy is missing (CTest reports the test as skipped).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
[ $# -gt 0 ] && shift
jobs="${TIDY_JOBS:-$(nproc 2> /dev/null || echo 2)}"

tidy="${BG_CLANG_TIDY:-}"
if [ -z "$tidy" ]; then
    for candidate in clang-tidy-14 clang-tidy; do
        if command -v "$candidate" > /dev/null 2>&1; then
            tidy="$candidate"
            break
        fi
    done
fi
if [ -z "$tidy" ] || ! command -v "$tidy" > /dev/null 2>&1; then
    echo "check-tidy: SKIPPED, no clang-tidy (Debian 12: apt-get install clang-tidy;" \
        "or set BG_CLANG_TIDY)"
    exit 77
fi
if [ ! -f "$build/compile_commands.json" ]; then
    echo "check-tidy: no $build/compile_commands.json (configure the build first:" \
        "cmake -S . -B build -G Ninja)" >&2
    exit 2
fi

if [ $# -gt 0 ]; then
    sources=("$@")
else
    sources=("$root"/src/*/filter/*.cc "$root"/src/*/util/*.cc "$root"/src/*/model/*.cc
        "$root"/src/*/helper/*.cc "$root"/scratch/*.cc "$root"/benchmarks/lbf-calibration.cc
        "$root"/benchmarks/lbf-calibration/lbf-calibration.cc)
fi
for f in "${sources[@]}"; do
    if [ ! -f "$f" ]; then
        echo "check-tidy: no source $f" >&2
        exit 2
    fi
done

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
start=$SECONDS
# One clang-tidy per source, $jobs at a time; each writes its own log.
printf '%s\0' "${sources[@]}" |
    xargs -0 -P "$jobs" -I{} sh -c \
        '"$1" -p "$2" --quiet "$3" > "$4/$(echo "$3" | tr / _).log" 2>&1 || true' \
        sh "$tidy" "$build" {} "$logs"
findings="$(cat "$logs"/*.log | grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error):' | sort -u || true)"
if grep -q 'Error parsing\|error: unable to handle compilation' "$logs"/*.log; then
    grep -h 'Error parsing\|error: unable to handle compilation' "$logs"/*.log | sort -u >&2
    echo "check-tidy: $tidy could not run (see above)" >&2
    exit 2
fi
elapsed=$((SECONDS - start))
if [ -z "$findings" ]; then
    echo "check-tidy: ${#sources[@]} sources clean ($("$tidy" --version | grep -o 'version [0-9.]*'), $elapsed s)"
    exit 0
fi
echo "$findings" | sed "s|^$root/||"
echo "check-tidy: $(echo "$findings" | wc -l) findings in ${#sources[@]} sources ($elapsed s)"
exit 1
