#!/usr/bin/env bash
# Formatting check: every tracked .h/.cc under src/, scratch/, benchmarks/, examples/
# and tests/fuzz/ must be as clang-format leaves it with the repository's
# .clang-format (clang-format --dry-run -Werror).  The style is checked with
# Debian 12's clang-format 14: other major versions format some constructs
# differently, so they are not used unless BG_CLANG_FORMAT names one.
#
#   tests/check-format.sh            list the files clang-format would change
#   tests/check-format.sh --fix      reformat them in place (clang-format -i)
#
# Files: what `git ls-files` tracks (a copy without .git: every file on
# disk).  Environment: BG_CLANG_FORMAT (default clang-format-14, else
# clang-format if it is version 14).  Exit 0 when every file conforms, 1
# when some do not (one line per file, then how to fix), 2 on bad usage, 77
# when no clang-format 14 is found (CTest reports the test as skipped).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
FOLDERS=(src scratch benchmarks examples tests/fuzz)

fix=0
case "${1:-}" in
"") ;;
--fix) fix=1 ;;
*)
    echo "usage: tests/check-format.sh [--fix]" >&2
    exit 2
    ;;
esac

major() { "$1" --version 2> /dev/null | sed -n 's/.*clang-format version \([0-9]*\).*/\1/p'; }
cf="${BG_CLANG_FORMAT:-}"
if [ -z "$cf" ]; then
    for candidate in clang-format-14 clang-format; do
        if command -v "$candidate" > /dev/null 2>&1 && [ "$(major "$candidate")" = 14 ]; then
            cf="$candidate"
            break
        fi
    done
fi
if [ -z "$cf" ] || ! command -v "$cf" > /dev/null 2>&1; then
    echo "check-format: SKIPPED, no clang-format 14 (Debian 12: apt-get install clang-format;" \
        "or set BG_CLANG_FORMAT)"
    exit 77
fi

cd "$root"
files=()
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    while IFS= read -r -d '' f; do
        [ -f "$f" ] && files+=("$f")
    done < <(git ls-files -z -- "${FOLDERS[@]}" | grep -z '\.\(h\|cc\)$' || true)
else
    while IFS= read -r -d '' f; do files+=("$f"); done < <(
        find "${FOLDERS[@]}" -type f \( -name '*.h' -o -name '*.cc' \) -print0 | sort -z
    )
fi
if [ ${#files[@]} -eq 0 ]; then
    echo "check-format: no .h/.cc file under ${FOLDERS[*]}" >&2
    exit 2
fi

if [ $fix -eq 1 ]; then
    "$cf" -i "${files[@]}"
    echo "check-format: ran $cf -i on ${#files[@]} files"
    exit 0
fi

# One clang-format process for every file; each place it would change is
# a "FILE:LINE:COL: error: code should be clang-formatted" line.
if out="$("$cf" --dry-run -Werror "${files[@]}" 2>&1)"; then
    echo "check-format: ${#files[@]} files match .clang-format ($("$cf" --version | head -n 1))"
    exit 0
fi
report="$(sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: \(error\|warning\): code should be clang-formatted.*/\1/p' \
    <<< "$out" | uniq -c)"
if [ -z "$report" ]; then
    echo "$out" | head -n 20 >&2
    echo "check-format: $cf failed" >&2
    exit 1
fi
bad=0
while read -r count f; do
    echo "$f: not formatted ($count places)"
    bad=$((bad + 1))
done <<< "$report"
echo "check-format: $bad of ${#files[@]} files differ from what $cf makes of them;" \
    "fix with: $cf -i FILE (or tests/check-format.sh --fix)"
exit 1
