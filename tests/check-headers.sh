#!/usr/bin/env bash
# Every installed header of the modules compiles on its own, with only the
# include path: for each NAME, a translation unit holding only
#   #include "ns3/NAME"
# is compiled (-fsyntax-only, no -D of the build) against the build's include
# folder and ns-3's.  This is what a program, ns-3's Python bindings or a
# user's script get from `#include "ns3/<header>"`: no header may need a
# definition from the build (the ns-3 release is in the generated
# ns3/bloom-gossip-config.h) or an include the header forgot.  Stops at the
# first header that does not compile and prints the compiler's message.
# -Werror=undef: a header testing BLOOM_GOSSIP_NS3_VERSION without including
# ns3/bloom-gossip-version.h would otherwise silently read it as 0.
# BG_CXX_STD (default c++17; ns-3.48 needs c++20) sets the language standard.
#
#   tests/check-headers.sh CXX INCLUDE_DIRS HEADERS
#
# INCLUDE_DIRS: ':'-separated folders (the build's include folder holding
# ns3/, ns-3's, xxHash's ...); HEADERS: ':'-separated header names as
# installed (CTest build-headers-alone passes the modules' lists).  Exit 0
# when every header compiles, 1 at the first that does not, 2 on bad
# arguments.
set -euo pipefail
if [ $# -ne 3 ] || [ -z "$1" ] || [ -z "$3" ]; then
    echo "usage: tests/check-headers.sh CXX 'DIR:DIR...' 'HEADER:HEADER...'" >&2
    exit 2
fi
cxx="$1"
IFS=':' read -r -a dirs <<< "$2"
IFS=':' read -r -a headers <<< "$3"
flags=("-std=${BG_CXX_STD:-c++17}" -fsyntax-only -x c++ -Werror=undef)
for d in "${dirs[@]}"; do
    [ -n "$d" ] && flags+=("-I$d")
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
count=0
for h in "${headers[@]}"; do
    [ -n "$h" ] || continue
    printf '#include "ns3/%s"\n' "$h" > "$work/tu.cc"
    if ! "$cxx" "${flags[@]}" "$work/tu.cc" > "$work/err" 2>&1; then
        echo "check-headers: ns3/$h does not compile on its own (with only the include path):" >&2
        head -n 20 "$work/err" >&2
        exit 1
    fi
    count=$((count + 1))
done
echo "check-headers: $count headers compile on their own"
