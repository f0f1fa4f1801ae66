#!/usr/bin/env bash
# Resume of scenarios/sweep.sh: a re-run skips finished parts, re-runs only a
# missing one, and concatenates the same CSVs.
#
#   tests/cli/check-sweep-resume.sh BUILD_DIR     (BUILD_DIR/bin/diameter-sweep)
set -uo pipefail  # no -e: every check runs and reports
here="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "$1" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
check() { # check CONDITION-STATUS TEXT
    if [ "$1" -eq 0 ]; then echo "ok   $2"; else echo "FAIL $2"; failed=1; fi
}
cat > "$work/tiny.ini" <<'INI'
topology = line
nodes = 5
filter = lbf
sim-time = 5
probes = 10
INI
sweep() { "$here/scenarios/sweep.sh" -j 2 -s 1:2 -o "$work/out" -b "$build" "$work/tiny.ini"; }
stamp() { stat -c '%i %.9Y %s' "$1"; }

sweep > "$work/first.log" 2>&1
check $? "first sweep runs"
grep -q "2 runs to do" "$work/first.log"; check $? "first sweep: 2 runs to do"
parts="$work/out/parts"
# The parts are named <config>-<key>-run<seed> (the key: what produced them),
# listed in tasks.txt relative to the output folder.
stem="$work/out/$(cut -f 3 "$work/out/tasks.txt" | head -n 1)"
stem="${stem%-run1.csv}"
case "$stem" in "$parts"/tiny-[0-9a-f]*) status=0 ;; *) status=1 ;; esac
check $status "parts named tiny-<key>-run<seed> ($stem)"
cp "$work/out/runs.csv" "$work/runs-first.csv"
cp "$work/out/by-distance.csv" "$work/by-distance-first.csv"
kept1="$(stamp "$stem-run1.csv")"
kept2="$(stamp "$stem-run1-by-distance.csv")"

# Part 2 lost (as if the sweep had been interrupted before it finished);
# a leftover temporary file must not count as a finished part.
rm "$stem-run2.csv"
echo "filter,truncated" > "$stem-run2.csv.tmp.12345"
sweep > "$work/second.log" 2>&1
check $? "second sweep runs"
grep -q "1 runs to do" "$work/second.log"; check $? "second sweep: only 1 run to do"
[ "$(stamp "$stem-run1.csv")" = "$kept1" ]; check $? "finished part 1 not rewritten"
[ "$(stamp "$stem-run1-by-distance.csv")" = "$kept2" ]; check $? "finished part 1 (by distance) not rewritten"
[ -s "$stem-run2.csv" ]; check $? "part 2 written again"
cmp -s "$work/out/runs.csv" "$work/runs-first.csv"; check $? "runs.csv identical after resume"
cmp -s "$work/out/by-distance.csv" "$work/by-distance-first.csv"; check $? "by-distance.csv identical after resume"
[ "$(wc -l < "$work/out/runs.csv")" -eq 3 ]; check $? "runs.csv: header and 2 rows"

# Nothing left to do: nothing re-runs, same output.
sweep > "$work/third.log" 2>&1
grep -q "0 runs to do" "$work/third.log"; check $? "third sweep: nothing to do"
cmp -s "$work/out/runs.csv" "$work/runs-first.csv"; check $? "runs.csv identical again"

# A part with another header (stale) is refused, and runs.csv is kept.
sed -i '1s/^filter,/filtre,/' "$stem-run2.csv"
if sweep > "$work/fourth.log" 2>&1; then status=1; else status=0; fi
check $status "a stale part with another header fails the concatenation"
cmp -s "$work/out/runs.csv" "$work/runs-first.csv"; check $? "runs.csv untouched by the failed concatenation"
ls "$work/out" | grep -q '\.tmp\.' && status=1 || status=0
check $status "no temporary file left in the output folder"

exit $failed
