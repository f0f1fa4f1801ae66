#!/usr/bin/env python3
"""analysis/bench-tables.py on the committed benchmark outputs.

Reads doc/performance/filter-benchmarks.json (Google Benchmark JSON) and the
older CSV, prints every table, compares a file with itself in --ab mode
(every ratio 1.00), and refuses bad input with exit code 1 and one line.

    tests/check-bench-tables.py SOURCE_DIR
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(sys.argv[1])
script = root / "analysis" / "bench-tables.py"
perf = root / "doc" / "performance"
failures = []


def run(*args):
    return subprocess.run([sys.executable, str(script), *map(str, args)],
                          capture_output=True, text=True)


def check(condition, what):
    if not condition:
        failures.append(what)


for source in (perf / "filter-benchmarks.json", perf / "filter-benchmarks-2026-11-24.csv"):
    r = run(source)
    check(r.returncode == 0, f"{source.name}: exit {r.returncode}: {r.stderr.strip()}")
    rows = [l for l in r.stdout.splitlines() if l.startswith("| ")]
    for family in ("| BF | 4096 |", "| LBF b=4 | 1024 |", "| LBF b=16 | 4096 |", "| ABF d=32 | 256 |"):
        check(any(l.startswith(family) for l in rows), f"{source.name}: no row {family}")
    pair_rows = [l for l in rows if re.match(r"\| \d+ \| (½|all) present \|", l)]
    check(len(pair_rows) == 10, f"{source.name}: {len(pair_rows)} QueryPair rows, expected 10")
    for line in pair_rows:
        ratios = re.findall(r"\| (\d+\.\d\d)× ", line + " ")
        check(len(ratios) == 3, f"{source.name}: three ratios in {line}")

json_file = perf / "filter-benchmarks.json"
for extra, expected in (([], 255), (["--generic"], 300)):
    r = run("--ab", *extra, json_file, "--", json_file)
    check(r.returncode == 0, f"--ab {extra}: exit {r.returncode}: {r.stderr.strip()}")
    ab = [l for l in r.stdout.splitlines() if l.startswith("| ") and not l.startswith("| benchmark")]
    check(len(ab) == expected, f"--ab {extra}: {len(ab)} rows, expected {expected}")
    check(all(l.endswith("| 1.00 |") for l in ab), "--ab of a file with itself: every ratio 1.00")

for args in (["/nonexistent.json"], [perf / "sim-benchmark.csv"], ["--sim"], [],
             ["--ab", json_file], ["--ab", json_file, "--"]):
    r = run(*args)
    check(r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and not r.stdout,
          f"bad input {args}: exit {r.returncode}, stderr {r.stderr!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("bench-tables.py: all checks passed")
