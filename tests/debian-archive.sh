#!/usr/bin/env bash
# Fetch packages from the Debian archive without touching the system's apt
# configuration: a private apt state (sources list, lists, cache) in a folder
# of the caller's.  Source it; it defines
#
#   bg_apt_fetch DIR SUITE TYPE WHAT...
#
# which downloads into DIR, from deb.debian.org SUITE main, either binary
# packages (TYPE deb: apt-get download WHAT...) or source packages (TYPE
# deb-src: apt-get source --download-only WHAT...).  apt checks every file
# against the archive's signed indexes.  Returns 2 (after printing the end of
# apt's output) when the archive cannot be reached or the package is missing.
# Used by tests/check-later-ns3.sh and tests/check-ns3-trees.sh.

bg_apt_fetch() {
    local dir="$1" suite="$2" type="$3"
    shift 3
    local state="$dir/apt-state"
    mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
    echo "$type [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
        > "$state/sources.list"
    local opts=(-o "Dir::Etc::SourceList=$state/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache"
        -o APT::Sandbox::User=root)
    local verb=(download)
    [ "$type" = deb-src ] && verb=(source --download-only)
    if ! apt-get "${opts[@]}" -qq update > "$state/update.log" 2>&1 ||
        ! (cd "$dir" && apt-get "${opts[@]}" -qq "${verb[@]}" "$@" > "$state/download.log" 2>&1); then
        echo "bloom-gossip: cannot fetch $* ($type, $suite) from deb.debian.org:" >&2
        cat "$state/update.log" "$state/download.log" 2> /dev/null | tail -5 >&2
        return 2
    fi
}
