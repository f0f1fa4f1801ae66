#!/usr/bin/env bash
# Quick-start command 2: install what is missing, build, run the tests (CTest).
#
#   ./run-tests.sh [--all] [CTEST ARGUMENTS...]     e.g. -R codec, --all -R tidy
#
# Without --all, every test but the lint ones (CTest label "lint": format,
# tidy, build-headers-alone; tests/CMakeLists.txt), about 3 minutes on a
# 2-core machine; --all runs every test, as .ci/run does.  A test whose
# optional tool is missing (clang-format, clang-tidy, SEM...) is reported as
# skipped with one line saying what it needs; BLOOM_GOSSIP_NO_SKIP=1 in the
# environment makes that a failure (.ci/run).  BUILD_DIR, CMAKE_BUILD_TYPE
# and BG_CMAKE_ARGS as for quick-start.sh (cmake/bootstrap.sh).
set -euo pipefail
all=0
if [ "${1:-}" = --all ]; then
    all=1
    shift
fi
source "$(dirname "$0")/cmake/bootstrap.sh"
bg_bootstrap
select=(-LE lint)
[ $all -eq 1 ] && select=()
junit="$BUILD_DIR/Testing/run-tests.xml"
rm -f "$junit"
status=0
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" \
    --output-junit "$junit" ${select[@]+"${select[@]}"} "$@" || status=$?
# CTest prints "Skipped" alone: print each skipped test's last line, its reason.
if [ -s "$junit" ]; then
    python3 - "$junit" << 'EOF' || true
import sys
import xml.etree.ElementTree as ET
for case in ET.parse(sys.argv[1]).iter("testcase"):
    if case.find("skipped") is not None:
        lines = (case.findtext("system-out") or "").strip().splitlines()
        print("run-tests.sh: %s skipped: %s" % (case.get("name"),
                                               lines[-1] if lines else "(no output)"))
EOF
fi
if [ $all -eq 0 ]; then
    echo "run-tests.sh: lint (format, tidy, build-headers-alone) left out;" \
        "./run-tests.sh --all runs every test"
fi
exit $status
