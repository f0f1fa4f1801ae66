#!/usr/bin/env bash
# Shared by quick-start.sh and run-tests.sh: install the Debian packages the
# project needs (when missing), configure and build.  Source it; it defines
# bg_bootstrap.  BUILD_DIR (default build) and CMAKE_BUILD_TYPE (default
# Release) may be set by the caller.
set -euo pipefail

BG_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$BG_ROOT/build}"

# Debian 12 package names.  ns-3's CMake config needs files from `ns3` and
# libgsl.so from libgsl-dev besides libns3-dev (see README).
BG_PACKAGES=(cmake ninja-build g++ pkg-config libns3-dev ns3 libgsl-dev libfmt-dev
    libboost-program-options-dev libxxhash-dev libbenchmark-dev zlib1g-dev libzstd-dev rsync time python3 python3-matplotlib python3-pandas python3-pil parallel)

bg_install_packages() {
    local missing=()
    local p
    for p in "${BG_PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    echo "bloom-gossip: installing Debian packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            echo "bloom-gossip: missing packages (${missing[*]}) and not root; install them first" >&2
            return 1
        fi
    fi
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
}

# A Python 3 that has Debian's matplotlib and pandas (a pyenv or venv python3
# first in PATH may not).
bg_python() {
    local py
    for py in python3 /usr/bin/python3; do
        if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import matplotlib, pandas' 2>/dev/null; then
            echo "$py"
            return 0
        fi
    done
    echo "bloom-gossip: no python3 with matplotlib and pandas (apt-get install python3-matplotlib python3-pandas)" >&2
    return 1
}

bg_bootstrap() {
    bg_install_packages
    local jobs
    jobs="$(nproc 2>/dev/null || echo 2)"
    cmake -S "$BG_ROOT" -B "$BUILD_DIR" -G Ninja \
        -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" ${BG_CMAKE_ARGS:-}
    cmake --build "$BUILD_DIR" -j "$jobs"
}
