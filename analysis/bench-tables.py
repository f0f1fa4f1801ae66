#!/usr/bin/env python3
"""Markdown tables of the filter micro-benchmarks (README "Performance").

    build/bin/filter-benchmarks --benchmark_repetitions=5 \
        --benchmark_enable_random_interleaving=true \
        --benchmark_report_aggregates_only=true \
        --benchmark_out_format=json --benchmark_out=bench.json
    analysis/bench-tables.py bench.json

JSON, because Google Benchmark's CSV reporter aborts when a benchmark with
counters (QueryPair) is reported after one without, which random interleaving
makes likely.  Google Benchmark CSV (as committed before 2026-11-25) is read
too.

Median CPU time per operation (ns) by filter, m and operation; the before/after
table of the LBF whole-word paths at 4096 bits (dim = m b); LBF/BF query ratios
from the separate benchmarks and, when present, from QueryPair (BF and LBF
timed in alternating batches).

    build/bin/sim-benchmark --csv sim.csv
    analysis/bench-tables.py --sim sim.csv

The simulation benchmark as one row per (nodes, filter, channel): run time of
the gossip application and of the bare broadcaster, their ratio, events per
second and peak RSS of both.

Standard library only (any python3): every file is opened through
csv_input.open_input (a regular file, not waited on) and sim-benchmark's
cells are checked against csv_input.COLUMNS.  Bad input: one line on
stderr, exit code 1.
"""
import csv
import io
import json
import os
import re
import sys

from csv_input import check_cells, open_input


def bad_input_exits_1(call, *args):
    """call(*args), its refusals (csv_input's: one line, exit code 2) with
    this script's exit code for bad input, 1."""
    try:
        return call(*args)
    except SystemExit as e:
        if e.code == 2:
            sys.exit(1)
        raise


def text_of(path, what):
    """The file's text, read through csv_input.open_input (a regular file,
    bounded, not waited on)."""
    with bad_input_exits_1(open_input, path, what) as f:
        try:
            return f.read().decode("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            sys.exit(f"bench-tables.py: {path}: {e}")


def family_labels():
    """{name: label} of the gossip families, from families.json (the C++
    family descriptors' table, which plot_common.py reads too)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "families.json")
    try:
        with open(path, encoding="ascii") as f:
            return {r["name"]: r["label"] for r in json.load(f)}
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"bench-tables.py: {path}: cannot read the family table ({e})")


def median_rows(path):
    """The _median rows as dicts of strings: name, cpu_time and the counters."""
    text = text_of(path, "BENCHMARKS")
    if text.lstrip().startswith("{"):
        try:
            runs = json.loads(text)["benchmarks"]
        except (ValueError, KeyError) as e:
            sys.exit(f"bench-tables.py: {path}: not Google Benchmark JSON ({e})")
        return [{k: str(v) for k, v in r.items()} for r in runs
                if r.get("name", "").endswith("_median")]
    # Google Benchmark may put its context (date, CPU, caches) above the CSV header.
    lines = [l for l in text.splitlines(keepends=True) if not l.startswith('#')]
    start = next((i for i, l in enumerate(lines) if l.startswith('name,')), None)
    if start is None:
        sys.exit(f"bench-tables.py: {path}: neither Google Benchmark JSON nor CSV (name,...)")
    return [r for r in csv.DictReader(lines[start:]) if r['name'].endswith('_median')]


def f(x):
    """A time in ns with 3 significant digits."""
    return f"{x:.0f}" if x >= 100 else (f"{x:.1f}" if x >= 10 else f"{x:.2f}")


def pairs(bare):
    """' (a–b)': the range of the interleaved pair ratios, when recorded."""
    span = bare.get("ratio_range", "NA")
    return "" if span in ("", "NA", None) else " (" + span.replace("-", "–") + ")"


SIM_COLUMNS = ["nodes", "diameter", "channel", "app", "frames_per_beacon", "run_s",
               "events_per_s", "peak_rss_mb", "ratio_to_bare"]


def sim_table(path):
    try:
        rows = list(csv.DictReader(io.StringIO(text_of(path, "SIM-BENCHMARK.csv"), newline="")))
    except csv.Error as e:
        sys.exit(f"bench-tables.py: {path}: {e}")
    missing = [c for c in SIM_COLUMNS if not rows or c not in rows[0]]
    if missing:
        sys.exit(f"bench-tables.py: {path}: not sim-benchmark's CSV (no rows or no column "
                 f"{', '.join(missing)})")
    # every cell in its column's domain (csv_input.COLUMNS), and the ones
    # printed as numbers never missing
    bad_input_exits_1(check_cells, rows, path, "SIM-BENCHMARK.csv")
    for i, r in enumerate(rows):
        for c in ("nodes", "run_s", "events_per_s"):
            if r[c] in ("", "NA", "nan"):
                sys.exit(f"bench-tables.py: {path}, column {c}, row {i + 2}: no value")
    by = {(r["nodes"], r["channel"], r["app"]): r for r in rows}
    labels = family_labels()
    print("| nodes | diameter | channel | filter | frames / adv. | gossip run (s) | bare run (s) "
          "| gossip ÷ bare (pairs) | events/s (gossip) | peak RSS gossip / bare (MB) |")
    print("|---:|---:|---|---|---:|---:|---:|---|---:|---:|")
    for r in rows:
        if r["app"].startswith("bare-"):
            continue
        bare = by.get((r["nodes"], r["channel"], "bare-" + r["app"]))
        if bare is None:
            continue
        name = labels.get(r["app"], r["app"])
        print(f"| {int(r['nodes']):,} | {r['diameter']} | {r['channel']} | {name} "
              f"| {r['frames_per_beacon']} | {float(r['run_s']):.2f} | {float(bare['run_s']):.2f} "
              f"| {bare['ratio_to_bare']}{pairs(bare)} | {int(r['events_per_s']):,} "
              f"| {r['peak_rss_mb']} / {bare['peak_rss_mb']} |")


def ab_table(before_paths, after_paths, generic=False):
    """Benchmarks run by two builds: median over the runs of each build's
    medians, and after / before.  The runs are given alternately (before,
    after, before, ...) so that both builds see the same spells of the machine.
    The per-cell reference paths (…Generic) only with --generic."""
    def medians(paths):
        out = {}
        for path in paths:
            for r in median_rows(path):
                name = r['name'].replace('_median', '')
                ratio = r.get('lbf_over_bf')
                value = float(ratio) if ratio not in (None, '') else float(r['cpu_time'])
                out.setdefault(name, []).append(value)
        return {k: sorted(v)[len(v) // 2] for k, v in out.items()}
    before, after = medians(before_paths), medians(after_paths)
    print("| benchmark | before | after | after ÷ before |")
    print("|---|---:|---:|---:|")
    def order(name):
        family, _, rest = name.partition("/")
        return (family, [int(x) if x.isdigit() else x for x in re.split(r"(\d+)", rest)])
    for name in sorted(before, key=order):
        if name in after and (generic or "Generic/" not in name):
            unit = "×" if name.startswith("QueryPair/") else " ns"
            fmt = (lambda x: f"{x:.2f}") if unit == "×" else f
            print(f"| {name} | {fmt(before[name])}{unit} | {fmt(after[name])}{unit} "
                  f"| {after[name] / before[name]:.2f} |")


if len(sys.argv) == 3 and sys.argv[1] == "--sim":
    sim_table(sys.argv[2])
    sys.exit(0)
if len(sys.argv) >= 4 and sys.argv[1] == "--ab" and "--" in sys.argv[3:]:
    args = [a for a in sys.argv[2:] if a != "--generic"]
    split = args.index("--")
    if split == 0 or split == len(args) - 1:
        sys.exit("bench-tables.py: --ab needs files before and after --")
    ab_table(args[:split], args[split + 1:], generic="--generic" in sys.argv)
    sys.exit(0)
if len(sys.argv) != 2 or sys.argv[1].startswith("--"):
    sys.exit("usage: bench-tables.py FILTER-BENCHMARKS.json|.csv | --sim SIM-BENCHMARK.csv"
             " | --ab [--generic] BEFORE.json... -- AFTER.json...")

rows = median_rows(sys.argv[1])
class Medians(dict):
    def __missing__(self, key):
        sys.exit(f"bench-tables.py: {sys.argv[1]}: no median for {key} (run all benchmarks)")


d = Medians({r['name'].replace('_median', ''): float(r['cpu_time']) for r in rows})
ms=(256,1024,4096)
print("| filter | m | insert | query (½ hit) | query (hit) | merge | attenuate (on a copy) | merge + attenuate | encode | decode |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for m in ms:
    print(f"| BF | {m} | {f(d[f'BfInsert/m:{m}'])} | {f(d[f'BfQuery/m:{m}'])} | {f(d[f'BfQueryHit/m:{m}'])} | {f(d[f'BfMerge/m:{m}'])} | – | – | {f(d[f'BfEncode/m:{m}'])} | {f(d[f'BfDecode/m:{m}'])} |")
for b in (4,8,16):
  for m in ms:
    k=f"m:{m}/b:{b}"
    att=d[f"LbfAttenuate/{k}"]
    print(f"| LBF b={b} | {m} | {f(d[f'LbfInsert/{k}'])} | {f(d[f'LbfQuery/{k}'])} | {f(d[f'LbfQueryHit/{k}'])} | {f(d[f'LbfMerge/{k}'])} | {f(att)} | {f(d[f'LbfMergeAttenuated/{k}'])} | {f(d[f'LbfEncode/{k}'])} | {f(d[f'LbfDecode/{k}'])} |")
for dd in (8,32):
  for m in ms:
    k=f"m:{m}/d:{dd}"
    print(f"| ABF d={dd} | {m} | {f(d[f'AbfInsert/{k}'])} | {f(d[f'AbfQuery/{k}'])} | – | {f(d[f'AbfMerge/{k}'])} | – | {f(d[f'AbfMergeShifted/{k}'])} | {f(d[f'AbfEncode/{k}'])} | {f(d[f'AbfDecode/{k}'])} |")
print()
print("| LBF, 4096 bits | per-cell (before) | whole-word (now) | speed-up |")
print("|---|---:|---:|---:|")
for b,m in ((4,1024),(8,512),(16,256)):
    k=f"m:{m}/b:{b}"
    for op,g in (("merge + attenuate (MergeAttenuated)","MergeAttenuated"),("merge","Merge"),("query, ½ hit","Query")):
        a=d[f'Lbf{g}Generic/{k}']; n=d[f'Lbf{g}/{k}']
        print(f"| b={b}, m={m}: {op} | {f(a)} ns | {f(n)} ns | {a/n:.1f}× |")
print()
print("| m | BF query | LBF query b=4 / 8 / 16 | ratio to BF |")
print("|---:|---:|---:|---:|")
for m in (256,512,1024,2048,4096):
    bq=d[f'BfQuery/m:{m}']; l=[d[f'LbfQuery/m:{m}/b:{b}'] for b in (4,8,16)]
    bh=d[f'BfQueryHit/m:{m}']; lh=[d[f'LbfQueryHit/m:{m}/b:{b}'] for b in (4,8,16)]
    print(f"| {m} | {f(bq)} / hit {f(bh)} | {' / '.join(f(x) for x in l)} / hit {' / '.join(f(x) for x in lh)} | {min(x/bq for x in l):.2f}–{max(x/bq for x in l):.2f} / hit {min(x/bh for x in lh):.2f}–{max(x/bh for x in lh):.2f} |")

# QueryPair: BF and LBF queries timed in alternating batches (robust to a
# drifting machine speed); median of the repetitions' ratios.
pair = {r['name'].replace('_median', ''): r for r in rows if r['name'].startswith('QueryPair/')}
if pair:
    print()
    print("| m | probes | LBF ÷ BF, b=4 | b=8 | b=16 | BF query (ns) | LBF query b=4 / 8 / 16 (ns) |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for hit, label in ((0, "½ present"), (1, "all present")):
        for m in (256, 512, 1024, 2048, 4096):
            got = [pair.get(f'QueryPair/m:{m}/b:{b}/hit:{hit}') for b in (4, 8, 16)]
            if None in got:
                continue
            bf = sorted(float(r['bf_ns']) for r in got)[1]
            print(f"| {m} | {label} | " + " | ".join(f"{float(r['lbf_over_bf']):.2f}×" for r in got)
                  + f" | {f(bf)} | " + " / ".join(f(float(r['lbf_ns'])) for r in got) + " |")
