#!/usr/bin/env python3
"""End-to-end check of filter-space and analysis/plot-filter-space.py.

Usage: check-filter-space.py FILTER_SPACE PLOT_SCRIPT WORKDIR

Runs filter-space on a small case (n = 3700 keys: the cuckoo table of 1024
buckets of 4 is 90 % full at n and overloaded at 150 %) and checks:
  * the CSV's shape: the header, one row per (filter, target, fill);
  * measured false-positive rates within a sane band of the target (BF, CBF)
    and of the filter's own expected rate (all three), CBF answers = BF's;
  * expected_fpr exact (issue 37): the BF's and CBF's the ideal-hashing rate
    computed here independently (not the textbook (1 - e^(-kn/m))^k), the
    cuckoo filter's the filled table's rate, within 5 binomial sigmas of the
    measured one;
  * no false negatives, no refused deletion, deletion empties the filters;
  * the cuckoo filter refuses keys past capacity and never beyond B * b;
  * --no-timing with the same seed gives a byte-identical file, another seed
    another file; timing columns are there without it;
  * the plot script writes a PNG atomically, and refuses bad input with one
    line and exit code 2.
Prints OK or the problems (exit 1).
"""
import csv
import math
import os
import shutil
import subprocess
import sys

COLUMNS = ["filter", "target_fpr", "fill_pct", "elements", "offered", "accepted", "slots",
           "slot_bits", "hashes", "buckets", "bucket_size", "size_bits", "bits_per_element",
           "load", "expected_fpr", "queries", "false_positives", "measured_fpr",
           "false_negatives", "insert_failures", "kicks", "saturated_inserts",
           "saturated_counters", "overflows", "delete_refused", "residual_after_delete"]
TIMING = ["insert_ns", "query_miss_ns", "query_hit_ns", "delete_ns"]
TARGETS = ["0.01", "0.05", "0.2"]
FILLS = ["100", "150"]
FILTERS = ["bf", "cbf", "cuckoo"]

problems = []


def check(ok, text):
    if not ok:
        problems.append(text)
    return ok


def python_with_plotting():
    for candidate in (sys.executable, "python3", "/usr/bin/python3"):
        path = shutil.which(candidate) or candidate
        try:
            r = subprocess.run([path, "-c", "import matplotlib, pandas"], capture_output=True)
        except OSError:
            continue
        if r.returncode == 0:
            return path
    return None


def run(args, expect=0):
    p = subprocess.run(args, capture_output=True, text=True, timeout=300)
    check(p.returncode == expect,
          "%s: exit %d, expected %d (stderr: %s)" % (" ".join(args), p.returncode, expect,
                                                     p.stderr.strip()))
    return p


def read_rows(path):
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        return header, [dict(zip(header, row)) for row in reader if row]


def check_table(path, timing):
    header, rows = read_rows(path)
    expected = COLUMNS + (TIMING if timing else [])
    if not check(header == expected, "%s: header %s, expected %s" % (path, header, expected)):
        return {}
    check(len(rows) == len(TARGETS) * len(FILLS) * len(FILTERS),
          "%s: %d rows, expected %d" % (path, len(rows), len(TARGETS) * len(FILLS) * len(FILTERS)))
    by = {}
    for r in rows:
        check(len(r) == len(header), "%s: a row of %d fields" % (path, len(r)))
        key = (r["filter"], r["target_fpr"], r["fill_pct"])
        check(key not in by, "%s: row %s twice" % (path, key))
        by[key] = r
    for f in FILTERS:
        for t in TARGETS:
            for fill in FILLS:
                check((f, t, fill) in by, "%s: no row for %s" % (path, (f, t, fill)))
    if timing:
        for r in rows:
            for c in TIMING:
                if c == "delete_ns" and r["filter"] == "bf":
                    check(r[c] == "", "bf delete_ns should be empty (a BF cannot delete)")
                    continue
                v = float(r[c])
                check(math.isfinite(v) and v > 0, "%s %s = %s" % (r["filter"], c, r[c]))
    return by


def ideal_hashing_fpr(m, k, n):
    """The BF's false-positive rate under ideal hashing, exact: k query
    positions hitting d distinct slots (Stirling numbers of the second kind),
    all d held by one of k n independent uniform positions
    (inclusion-exclusion)."""
    stirling = [[0] * (k + 1) for _ in range(k + 1)]
    stirling[0][0] = 1
    for a in range(1, k + 1):
        for d in range(1, a + 1):
            stirling[a][d] = d * stirling[a - 1][d] + stirling[a - 1][d - 1]
    total, falling = 0.0, 1.0
    for d in range(1, min(k, m) + 1):
        falling *= (m - d + 1) / m
        held = math.fsum((-1) ** i * math.comb(d, i) * (1 - i / m) ** (k * n)
                         for i in range(d + 1))
        total += stirling[k][d] * falling * m ** (d - k) * held
    return total


def check_values(by):
    for (f, t, fill), r in sorted(by.items()):
        where = "%s target %s fill %s" % (f, t, fill)
        target, measured = float(t), float(r["measured_fpr"])
        expected = float(r["expected_fpr"])
        check(int(r["false_negatives"]) == 0, "%s: false negatives" % where)
        check(int(r["elements"]) == 3700, "%s: elements" % where)
        check(int(r["offered"]) == round(3700 * int(fill) / 100), "%s: offered" % where)
        check(abs(float(r["bits_per_element"]) - int(r["size_bits"]) / 3700) < 1e-6,
              "%s: bits_per_element = size_bits / n" % where)
        if f in ("bf", "cbf"):
            exact = ideal_hashing_fpr(int(r["slots"]), int(r["hashes"]), int(r["offered"]))
            check(abs(expected - exact) <= 1e-7 * exact,
                  "%s: expected_fpr %s is not the exact ideal-hashing rate %.10g"
                  % (where, r["expected_fpr"], exact))
        else:
            sigma = math.sqrt(expected * (1 - expected) / int(r["queries"]))
            check(abs(measured - expected) <= 5 * sigma,
                  "%s: measured %g more than 5 sigma from the table's exact rate %g"
                  % (where, measured, expected))
        # 200000 queries: sampling error about 1-3 %; the band is wide on purpose.
        check(abs(measured - expected) <= 0.25 * expected,
              "%s: measured FPR %g not within 25 %% of expected %g" % (where, measured, expected))
        if f != "bf":
            check(int(r["delete_refused"]) == 0, "%s: deletions refused" % where)
        if fill == "100":
            if f in ("bf", "cbf"):
                check(0.7 * target <= measured <= 1.3 * target,
                      "%s: measured FPR %g not within 30 %% of the target" % (where, measured))
            else:
                # Whole fingerprint bits sized at full load: at or below the target.
                check(target / 4 <= measured <= 1.1 * target,
                      "%s: measured FPR %g not in [target/4, 1.1 target]" % (where, measured))
                check(int(r["insert_failures"]) == 0, "%s: failures below capacity" % where)
        if f == "cbf":
            bf = by[("bf", t, fill)]
            check(r["false_positives"] == bf["false_positives"],
                  "%s: CBF answers differ from the BF's" % where)
            check(int(r["size_bits"]) == 4 * int(bf["size_bits"]), "%s: 4-bit counters" % where)
            if int(r["saturated_counters"]) == 0:
                check(int(r["residual_after_delete"]) == 0, "%s: counters left" % where)
        if f == "cuckoo":
            check(int(r["residual_after_delete"]) == 0, "%s: entries left" % where)
            check(int(r["accepted"]) + int(r["insert_failures"]) == int(r["offered"]),
                  "%s: accepted + failures = offered" % where)
            check(int(r["accepted"]) <= int(r["slots"]), "%s: more keys than entries" % where)
            check(int(r["buckets"]) == 1024 and int(r["bucket_size"]) == 4,
                  "%s: table shape" % where)
            if fill == "150":
                check(int(r["insert_failures"]) > 0, "%s: no refusal past capacity" % where)
                check(float(r["load"]) > 0.95, "%s: load %s past capacity" % (where, r["load"]))
        if f in ("bf", "cbf") and fill == "150":
            check(measured > float(by[(f, t, "100")]["measured_fpr"]),
                  "%s: FPR does not grow past capacity" % where)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: check-filter-space.py FILTER_SPACE PLOT_SCRIPT WORKDIR")
    program, plot, work = sys.argv[1:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    base = [program, "--elements", "3700", "--targets", "1,5,20", "--queries", "200000",
            "--fill", "100,150"]
    a, b, c, timed = (os.path.join(work, n) for n in ("a.csv", "b.csv", "c.csv", "timed.csv"))
    run(base + ["--seed", "7", "--no-timing", "--out", a])
    run(base + ["--seed", "7", "--no-timing", "--out", b])
    run(base + ["--seed", "8", "--no-timing", "--out", c])
    run(base + ["--seed", "7", "--out", timed])
    if problems:
        return report()
    check(open(a, "rb").read() == open(b, "rb").read(), "same seed, different files")
    check(open(a, "rb").read() != open(c, "rb").read(), "another seed, the same file")
    by = check_table(a, timing=False)
    if by:
        check_values(by)
    timed_by = check_table(timed, timing=True)
    for key, r in timed_by.items():
        check(all(r[col] == by[key][col] for col in COLUMNS),
              "%s: timing run differs outside the timing columns" % (key,))

    python = python_with_plotting()
    if not check(python is not None, "no python3 with matplotlib and pandas"):
        return report()
    png = os.path.join(work, "filter-space.png")
    p = run([python, plot, a, png])
    check(p.stdout.strip() == "plot-filter-space.py: wrote %s" % png, "plot output: %r" % p.stdout)
    check(os.path.isfile(png) and open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n",
          "no PNG written")
    check(sorted(os.listdir(work)) == ["a.csv", "b.csv", "c.csv", "filter-space.png",
                                       "timed.csv"], "files left: %s" % os.listdir(work))
    bad = os.path.join(work, "bad.csv")
    with open(bad, "w") as f:
        f.write("filter,target_fpr\nbf,0.01\n")
    for args in ([os.path.join(work, "missing.csv"), png],
                 [bad, png],
                 [a, os.path.join(work, "no-such-folder", "x.png")],
                 [a, png, "--fill", "42"],
                 [a]):
        p = run([python, plot] + args, expect=2)
        lines = p.stderr.strip().splitlines()
        check(len(lines) == 1 and lines[0].startswith("plot-filter-space.py: "),
              "plot %s: stderr %r, expected one line" % (args, p.stderr))
    return report()


def report():
    for text in problems:
        print(text)
    if problems:
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
