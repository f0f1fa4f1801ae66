#!/usr/bin/env bash
# Quick-start command 2: install what is missing, build, run every test.
set -euo pipefail
source "$(dirname "$0")/cmake/bootstrap.sh"
bg_bootstrap
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
