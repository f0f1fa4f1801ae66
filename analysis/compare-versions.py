#!/usr/bin/env python3
"""Compare the per-run CSVs of the same sweep built against different ns-3 releases.

    analysis/compare-versions.py LABEL=RUNS.CSV LABEL=RUNS.CSV ... [--require COLUMN ...]
                                 [--exempt FILTER ...]

Every file must hold the same runs (same rows in the same order, matched on
filter, topology, nodes, diameter, seed and run).  For every column the
script prints whether all files agree, byte for byte, and otherwise the
largest relative difference to the first file, as a markdown table.
--require names columns (or prefixes ending in '*', e.g. 'hop_*') that must
agree; the exit code is 1 when one does not, 2 on bad input.  --exempt names
filter families whose rows are shown but not held to --require (the SDBF: its
keep masks come from ns-3 streams, numbered after the devices' streams, and
ns-3.48's lr-wpan devices take more of them).  Standard library only (any
python3, as tests/check-ns3-trees.sh runs it): the files are read through
csv_input.open_input and every cell is checked against csv_input.COLUMNS.
"""
import argparse
import csv
import io
import math
import sys

from csv_input import check_cells, die, open_input, reason

KEY = ("filter", "topology", "nodes", "diameter", "seed", "run")


def fail(message):
    die(message)


def read(spec):
    """The rows of LABEL=FILE as text, through csv_input (any python3: no
    numpy): a regular file, every cell in its column's domain."""
    if "=" not in spec:
        fail(f"'{spec}': expected LABEL=FILE")
    label, path = spec.split("=", 1)
    with open_input(path, f"{label} RUNS.csv") as f:
        try:
            rows = list(csv.DictReader(io.TextIOWrapper(f, encoding="utf-8", newline="")))
        except (OSError, UnicodeDecodeError, csv.Error) as e:
            fail(f"{path}: cannot read it: {reason(e)}")
    if not rows:
        fail(f"{path}: no rows")
    missing = [k for k in KEY if k not in rows[0]]
    if missing:
        fail(f"{path}: not a per-run table (no {', '.join(missing)})")
    check_cells(rows, path, f"{label} RUNS.csv")
    return label, path, rows


def relative(a, b):
    if a == b:
        return 0.0
    try:
        x, y = float(a), float(b)
    except ValueError:
        return math.inf
    if math.isnan(x) and math.isnan(y):
        return 0.0
    if x == y:
        return 0.0
    return abs(x - y) / max(abs(x), abs(y))


def matches(column, patterns):
    return any(column == p or (p.endswith("*") and column.startswith(p[:-1])) for p in patterns)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+", metavar="LABEL=RUNS.CSV")
    parser.add_argument("--require", nargs="*", default=[], metavar="COLUMN")
    parser.add_argument("--exempt", nargs="*", default=[], metavar="FILTER")
    args = parser.parse_args()
    if len(args.files) < 2:
        fail("give at least two LABEL=FILE")
    tables = [read(spec) for spec in args.files]
    base_label, base_path, base = tables[0]
    columns = list(base[0].keys())
    for label, path, rows in tables[1:]:
        if list(rows[0].keys()) != columns:
            fail(f"{path}: other columns than {base_path}")
        if [tuple(r[k] for k in KEY) for r in rows] != [tuple(r[k] for k in KEY) for r in base]:
            fail(f"{path}: other runs than {base_path}")

    labels = [t[0] for t in tables]
    print(f"| column | agree | largest relative difference to {base_label} |")
    print("|---|---|---|")
    failed = []
    for c in columns:
        worst = {}
        held = True
        for label, _, rows in tables[1:]:
            worst[label] = max(relative(a[c], b[c]) for a, b in zip(base, rows))
            held = held and all(
                relative(a[c], b[c]) == 0
                for a, b in zip(base, rows)
                if a["filter"] not in args.exempt
            )
        agree = all(v == 0 for v in worst.values())
        detail = ", ".join(f"{label} {v:.3g}" for label, v in worst.items() if v != 0)
        if not agree and held and args.exempt:
            detail += f" (only {', '.join(args.exempt)} rows)"
        print(f"| {c} | {'yes' if agree else 'no'} | {detail or '-'} |")
        if not held and matches(c, args.require):
            failed.append(c)
    if failed:
        print(f"compare-versions: {', '.join(failed)} differ between {', '.join(labels)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
