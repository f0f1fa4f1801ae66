#!/usr/bin/env python3
"""The plot scripts of analysis/ on every kind of CSV the project writes, and
on hostile input (issue 15, finding 13; issue 31: FIFOs, devices, oversized
CSVs, symbolic links and unknown formats as outputs, map.gif of 250 map
times, coordinates of 1e308, --query, no folder left by a refused run;
issue 37: every column inside its domain, ideal-spread.py's maps, no output
that is an input, executable scripts that name a missing numpy; issue 38:
every figure of a valid case checked by tests/figure_checks.py: texts inside
the canvas and apart, notes, legend entries and band claims true of what it
draws; issue 41: plot-codec-study.py on raw and coded runs).

    tests/check-plot-scripts.py SOURCE_DIR BUILD_DIR

The inputs are made here by the built programs (diameter-sweep runs with and
without queries, one filter family or all, line and grid; lbf-calibration
calibration and capacity runs; scenarios/scaling.sh on tiny grids), then
changed the ways a valid CSV can differ (one family, one row, missing
optional columns, NA / nan / empty values, CRLF line ends) and the ways a bad
one can (no rows, garbage, text or inf in a number column, a missing key,
bad arguments, an output folder that is a file, an output name that is a
folder).

A valid input must give exit code 0, no traceback or warning on stderr and
every figure as a complete PNG; a bad one exit code 2 and one line on stderr
naming the problem, with the figures already in the output folder left as
they were and no temporary file.  The scripts run with a Python that has
Debian's matplotlib and pandas (this one, else /usr/bin/python3).
"""
import csv
import json
import os
import pathlib
import queue
import shutil
import stat
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

root = pathlib.Path(sys.argv[1]).resolve()
build = pathlib.Path(sys.argv[2]).resolve()
analysis = root / "analysis"
failures = []
counts = {"valid": 0, "hostile": 0}


def plotting_python():
    for candidate in (sys.executable, "/usr/bin/python3", shutil.which("python3")):
        if candidate and subprocess.run([candidate, "-c", "import matplotlib, pandas"],
                                        capture_output=True).returncode == 0:
            return candidate
    sys.exit("check-plot-scripts: no python3 with matplotlib and pandas "
             "(apt-get install python3-matplotlib python3-pandas)")


python = plotting_python()
work = pathlib.Path(tempfile.mkdtemp(prefix="check-plots."))
data = work / "data"
data.mkdir()


def run(*command, **kw):
    r = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"check-plot-scripts: {' '.join(map(str, command))} failed: {r.stderr.strip()}")
    return r


# --- Inputs made by the project's programs ---------------------------------
# Every program run is listed first and run CHECK_PLOTS_JOBS (2) at a time.
jobs = []


def make(*command):
    jobs.append(command)


ds = build / "bin" / "diameter-sweep"
lc = build / "bin" / "lbf-calibration"
for name, options in [
        ("line", ["--topology", "line", "--diameters", "4,6", "--filter", "all", "--sim-time", "16",
                  "--queries", "3", "--query-timeout", "2", "--query-strategy", "all"]),
        ("grid", ["--topology", "grid", "--diameters", "4", "--filter", "all", "--sim-time", "16",
                  "--queries", "3", "--query-timeout", "2"]),
        ("bf", ["--topology", "line", "--diameters", "4,6", "--filter", "bf", "--sim-time", "16",
                "--queries", "3", "--query-timeout", "2"]),
        ("lbf", ["--topology", "line", "--diameters", "4", "--filter", "lbf", "--sim-time", "8"]),
        ("abf", ["--topology", "line", "--diameters", "4,6", "--filter", "abf", "--sim-time", "8"])]:
    for seed in (1, 2):
        make(ds, *options, f"--RngRun={seed}", "--probes", "10", "--quiet",
             "--out", data / f"{name}-{seed}.csv")

# Maps, query paths and time series (issue 19): a static grid with every
# family, a mobile one with maps every 2 s; speed 0 and 2 for the sweep plot.
make(ds, "--topology", "grid", "--grid", "4x4", "--filter", "all", "--sim-time", "16",
     "--queries", "2", "--query-timeout", "2", "--resources", "2", "--probes", "10", "--quiet",
     "--out", data / "map-runs.csv", "--map-csv", data / "map.csv", "--map-time", "12",
     "--walk-csv", data / "walk.csv")
make(ds, "--topology", "grid", "--grid", "4x4", "--filter", "lbf", "--sim-time", "10",
     "--resources", "2", "--probes", "10", "--quiet", "--mobility", "random-waypoint",
     "--speed", "3", "--out", data / "mmap-runs.csv", "--map-csv", data / "mmap.csv",
     "--map-time", "0", "--map-every", "5")
# 251 map times (issue 31: 250 or more ended in a RecursionError).
make(ds, "--topology", "grid", "--grid", "2x2", "--filter", "lbf", "--sim-time", "10",
     "--resources", "1", "--probes", "10", "--quiet", "--mobility", "random-waypoint",
     "--speed", "3", "--out", data / "gmap-runs.csv", "--map-csv", data / "gmap.csv",
     "--map-time", "0", "--map-every", "0.04")
# Energy (plot-energy.py): always-on and duty-cycled lines, every family.
for seed in (1, 2):
    for name, duty in (("energy-always", []), ("energy-duty", ["--duty-cycle", "0.5",
                                                               "--duty-period", "1"])):
        make(ds, "--topology", "line", "--diameters", "4,6", "--filter", "all", "--sim-time", "8",
             "--energy", *duty, f"--RngRun={seed}", "--probes", "10", "--quiet",
             "--out", data / f"{name}-{seed}.csv")
make(build / "bin" / "filter-space", "--elements", "1000", "--targets", "1,5", "--queries", "1000",
     "--no-timing", "--out", data / "filter-space.csv")
for speed, motion in (("0", ["--sample-interval", "1"]),
                      ("2", ["--mobility", "random-waypoint", "--speed", "2"])):
    make(ds, "--topology", "grid", "--diameters", "2,4", "--filter", "all", "--sim-time", "10",
         "--resources", "2", "--probes", "10", "--quiet", *motion, "--out",
         data / f"mob-{speed}.csv")
# Resources sweep (plot-resources.py): two resource counts, equal m and an
# equal budget, every family, two seeds.
for r in (2, 8):
    for name, budget in (("m", []), ("budget", ["--budget-bytes", "92"])):
        for seed in (1, 2):
            make(ds, "--topology", "grid", "--diameters", "4", "--filter", "all", "--sim-time",
                 "8", "--resources", str(r), "--probes", "10", "--quiet", *budget,
                 f"--RngRun={seed}", "--out", data / f"res-{name}-{r}-{seed}.csv",
                 "--map-csv", data / f"res-{name}-{r}-{seed}-map.csv")
# Compressed against raw (plot-codec-study.py, issue 41): a 92-byte budget
# with and without the codec, two diameters, every family, energy on.
for codec in ("none", "entropy"):
    make(ds, "--topology", "grid", "--diameters", "2,4", "--filter", "all", "--sim-time", "8",
         "--budget-bytes", "92", "--codec", codec, "--energy", "--resources", "4", "--probes",
         "10", "--quiet", "--out", data / f"codec-{codec}.csv")
# BCUN comparison (compare-bcun.py): the four mechanisms it compares, two seeds.
for seed in (1, 2):
    make(ds, "--topology", "grid", "--diameters", "4", "--filter", "lbf", "--sim-time", "40",
         "--queries", "3", "--query-timeout", "2", "--query-strategy",
         "blind-flood,bcir,bcir-star,abc", f"--RngRun={seed}", "--probes", "10", "--quiet",
         "--out", data / f"bcun-{seed}.csv")


make(lc, "--iterations", "100", "--out", data / "calibration.csv")
make(lc, "--experiment", "capacity", "--repetitions", "5", "--out", data / "capacity.csv")
make(lc, "--grid", "product", "--bits", "8", "--hashes", "7", "--elements", "70",
     "--quantization", "ceil", "--iterations", "100", "--out", data / "calibration-one.csv")
make(lc, "--experiment", "capacity", "--bits", "4", "--quantization", "ceil", "--repetitions", "3",
     "--out", data / "capacity-one.csv")
make(lc, "--experiment", "capacity", "--bits", "1", "--quantization", "floor", "--repetitions", "3",
     "--out", data / "capacity-never.csv")  # floor at b = 1 never stores: every mean is nan
make("bash", root / "scenarios" / "scaling.sh", "-b", build, "-o", data / "scaling", "-s", "3,4",
     "-c", "3,4", "-t", "1", "-r", "1")
with ThreadPoolExecutor(max_workers=int(os.environ.get("CHECK_PLOTS_JOBS", "2"))) as pool:
    list(pool.map(lambda command: run(*command), jobs))


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def write_rows(path, rows, newline="\n"):
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator=newline).writerows(rows)
    return path


def concat(out, *paths):
    rows = read_rows(paths[0])
    for p in paths[1:]:
        rows += read_rows(p)[1:]
    return write_rows(out, rows)


for suffix in ("", "-by-distance", "-queries"):
    for name in ("line", "grid", "bf", "lbf", "abf"):
        if (data / f"{name}-1{suffix}.csv").exists():
            concat(data / f"{name}{suffix}.csv", data / f"{name}-1{suffix}.csv",
                   data / f"{name}-2{suffix}.csv")
    concat(data / f"sweep{suffix}.csv", data / f"line{suffix}.csv", data / f"grid{suffix}.csv")
for name in ("energy-always", "energy-duty"):
    concat(data / f"{name}.csv", data / f"{name}-1.csv", data / f"{name}-2.csv")

shutil.copy(data / "scaling" / "benchmark.csv", data / "benchmark.csv")
shutil.copy(data / "scaling" / "convergence.csv", data / "convergence.csv")


# --- Changed copies ---------------------------------------------------------
def variant(source, name, change, newline="\n"):
    """A copy of source with change(header, rows) -> (header, rows) applied."""
    rows = read_rows(data / source)
    header, body = change(rows[0], rows[1:])
    return write_rows(work / name, [header] + body, newline)


def set_cells(column, value, which=lambda i, row: True):
    def change(header, rows):
        k = header.index(column)
        return header, [r[:k] + [value] + r[k + 1:] if which(i, r) else r
                        for i, r in enumerate(rows)]
    return change


def drop_columns(*columns):
    def change(header, rows):
        keep = [i for i, c in enumerate(header) if c not in columns]
        return [header[i] for i in keep], [[r[i] for i in keep] for r in rows]
    return change


def first_rows(n):
    return lambda header, rows: (header, rows[:n])


def where(column, value):
    def change(header, rows):
        k = header.index(column)
        return header, [r for r in rows if r[k] == value]
    return change


def raw(name, content):
    path = work / name
    path.write_bytes(content)
    return path


def same(header, rows):
    return header, rows


# --- Running a script -------------------------------------------------------
PNG = b"\x89PNG\r\n\x1a\n"
cases = []  # closures returning (problems, detail), run two at a time
folders = iter(range(1, 10 ** 6))


def snapshot(folder):
    if not folder.is_dir():
        return None
    return {p.name: (p.read_bytes() if p.is_file() else "folder") for p in folder.iterdir()}


def temporaries(folder):
    return [p.name for p in folder.iterdir() if ".tmp" in p.name] if folder.is_dir() else []


# Each case runs as its own process, forked from a runner that has imported
# matplotlib and pandas once (they take most of a short run's time): exit
# code, stdout and stderr as for "python3 analysis/SCRIPT ARGS...".
RUNNER = r"""
import json, os, runpy, signal, sys, traceback
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot, pandas  # noqa: E401,F401
sys.path.insert(0, os.environ["BG_FIGURE_CHECKS"])
import figure_checks
figure_checks.install(os.environ["BG_FIGURE_REPORTS"])  # a report of every PNG drawn
for line in sys.stdin:
    req = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            signal.alarm(req["timeout"])  # a script that hangs is killed: a failure
            os.chdir(req["cwd"])
            for fd, path in ((1, req["stdout"]), (2, req["stderr"])):
                os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), fd)
            sys.argv = [req["script"]] + req["args"]
            sys.path.insert(0, os.path.dirname(req["script"]))
            try:
                runpy.run_path(req["script"], run_name="__main__")
                code = 0
            except SystemExit as e:
                if e.code is None or isinstance(e.code, int):
                    code = e.code or 0
                else:
                    print(e.code, file=sys.stderr)
            except BaseException:
                traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    print(json.dumps(os.waitstatus_to_exitcode(status)), flush=True)
"""


class Result:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


# Every figure a valid case draws is checked as tests/figure_checks.py
# says (issue 38): its texts inside the canvas and apart, its notes, legend
# entries and band claims true of what it draws.
sys.path.insert(0, str(root / "tests"))
import figure_checks  # noqa: E402

reports = work / "reports"
reports.mkdir()
FAMILY_TITLES = figure_checks.families_table(analysis)
runners = queue.Queue()
for i in range(int(os.environ.get("CHECK_PLOTS_JOBS", "2"))):
    runners.put(subprocess.Popen([python, "-c", RUNNER], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True,
                                 env={**os.environ, "BG_PLOT_SERIES": "1",
                                      "BG_FIGURE_CHECKS": str(root / "tests"),
                                      "BG_FIGURE_REPORTS": str(reports)}))
calls = iter(range(1, 10 ** 6))


def call(script, args, timeout=300):
    runner = runners.get()
    try:
        n = next(calls)
        out, err = work / f"call-{n}.out", work / f"call-{n}.err"
        runner.stdin.write(json.dumps({"script": str(analysis / script),
                                       "args": [str(a) for a in args], "cwd": str(work),
                                       "stdout": str(out), "stderr": str(err),
                                       "timeout": timeout}) + "\n")
        runner.stdin.flush()
        code = json.loads(runner.stdout.readline())
    finally:
        runners.put(runner)
    return Result(code, out.read_text(errors="replace"), err.read_text(errors="replace"))


def folder(old=(), folders_named=()):
    """A fresh output folder; old: figures of an earlier run in it (the word
    'old'); folders_named: output names that are folders."""
    path = work / f"out-{next(folders)}"
    path.mkdir()
    for name in old:
        (path / name).write_bytes(b"old")
    for name in folders_named:
        (path / name).mkdir()
    return path


def check_series(path, families=()):
    """The series sidecar FIG.csv of a figure (written with BG_PLOT_SERIES,
    analysis/plot_common.py): every point and band inside the quantity's
    domain, low <= y <= high, and each of families drawn (a series named
    FAMILY or FAMILY/TAG)."""
    if not path.is_file():
        return [f"no series sidecar {path.name}"]
    problems, drawn = [], set()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            y, low, high = (float(row[c]) for c in ("y", "low", "high"))
            dlow, dhigh = float(row["domain_low"]), float(row["domain_high"])
            drawn.add(row["series"].split("/")[0])
            if y != y:
                continue
            if not problems and not dlow <= low <= y <= high <= dhigh:  # the first one
                problems.append(f"{path.name}: {row['panel']} {row['series']} x={row['x']}: "
                                f"band [{low:g}, {high:g}] around {y:g} leaves "
                                f"[{dlow:g}, {dhigh:g}]")
    missing = sorted(set(families) - drawn)
    if missing:
        problems.append(f"{path.name}: families {missing} not drawn")
    return problems


def figure_problems(path, seeds=None):
    """The problems tests/figure_checks.py finds in the figure at path."""
    report = figure_checks.report_of(path, reports)
    if report is None:
        return [f"{path.name}: no figure report (not saved as a PNG by matplotlib)"]
    return [f"{path.name}: {p}" for p in figure_checks.check(report, FAMILY_TITLES, seeds)]


def valid(label, script, args, figures, out=None, timeout=300, gif=False, families=None,
          check=None, seeds=None):
    """Exit 0, a clean stderr, every figure a complete PNG (with gif: and
    map.gif a GIF) with its series sidecar inside its domain, no temporary.
    args may name OUT, the output folder (made here, or with out=NEW a new
    name the script must create).  families: {figure: families it must
    draw} (every family of the input).  check(folder, result): more
    problems."""
    counts["valid"] += 1

    def case():
        o = out or folder()
        if o == "NEW":
            o = work / f"new-{next(folders)}" / "sub"
        r = call(script, [o if a == "OUT" else a for a in args], timeout)
        problems = []
        if r.returncode != 0:
            problems.append(f"exit {r.returncode}")
        if r.stderr.strip():
            problems.append(f"stderr {r.stderr.strip()[-300:]!r}")
        for name in figures:
            path = o / name
            content = path.read_bytes() if path.is_file() else b""
            if not content.startswith(PNG) or not content.endswith(b"IEND\xaeB`\x82"):
                problems.append(f"no complete {name}")
            problems += check_series(o / f"{name}.csv", (families or {}).get(name, ()))
            if content.startswith(PNG):
                problems += figure_problems(path, seeds)
        if gif:
            content = (o / "map.gif").read_bytes() if (o / "map.gif").is_file() else b""
            if not content.startswith(b"GIF89a") or not content.endswith(b";"):
                problems.append("no complete map.gif")
        if temporaries(o):
            problems.append(f"temporary files {temporaries(o)}")
        if check:
            problems += check(o, r)
        return f"{script}: {label}", problems, ""
    # A long case (the 251-frame GIF: half the cases' time) starts first, so
    # that the other runner does the rest meanwhile.
    if timeout > 300:
        cases.insert(0, case)
    else:
        cases.append(case)


def place(arg, o):
    """arg with OUT the folder o: "OUT", "OUT/NAME" or "X=OUT/NAME" (as
    text: "OUT/./NAME" stays another name of OUT/NAME)."""
    if arg == "OUT":
        return o
    text = str(arg)
    head, sep, tail = text.rpartition("=")
    return f"{head}{sep}{o}/{tail[4:]}" if tail.startswith("OUT/") else arg


def refused(label, script, args, named, old=(), folders_named=(), new=False, setup=None,
            code=2):
    """Exit code (2), one stderr line naming `named`, the output folder OUT as it
    was (figures of an earlier run kept), no temporary file; with new, OUT is
    a name that does not exist, and must not exist afterwards.  An argument
    "OUT/NAME" is NAME in OUT; setup(OUT) puts files there first (inputs
    that must stay as they are)."""
    counts["hostile"] += 1

    def case():
        o = work / f"new-{next(folders)}" / "sub" if new else folder(old, folders_named)
        if setup:
            setup(o)
        before = snapshot(o)
        r = call(script, [place(a, o) for a in args])
        lines = r.stderr.strip().splitlines()
        problems = []
        if r.returncode != code:
            problems.append(f"exit {r.returncode}")
        if len(lines) != 1:
            problems.append(f"{len(lines)} stderr lines")
        if named not in r.stderr:
            problems.append(f"{named!r} not named")
        if snapshot(o) != before:
            problems.append("output folder changed")
        if new and os.path.lexists(o.parent):
            problems.append("an output folder was created")
        if temporaries(o):
            problems.append(f"temporary files {temporaries(o)}")
        return f"{script}: {label}", problems, r.stderr.strip()[-300:]
    cases.append(case)


afile = raw("a-file.txt", b"not a folder\n")
garbage = raw("garbage.csv", bytes(range(256)) * 8)
empty = raw("empty.csv", b"")


def combine(*changes):
    def change(header, rows):
        for c in changes:
            header, rows = c(header, rows)
        return header, rows
    return change


def all_na_from(first, keep=()):
    """Every column from first on NA, but those of keep (written always)."""
    def change(h, rows):
        start = h.index(first)
        return h, [r[:start] + [v if c in keep else "NA" for c, v in zip(h[start:], r[start:])]
                   for r in rows]
    return change


# The columns of runs.csv that diameter-sweep always writes a value in (from
# payload_bytes on): analysis/plot_common.py's COLUMNS refuses NA there.
ALWAYS = ("advertisements", "gossip_frames", "bytes_on_air", "hop_pairs", "stale_pairs",
          "stale_reported", "malformed", "phy_frames", "frame_loss", "queries")


# --- plot-sweep.py ----------------------------------------------------------
SWEEP = ["message-size.png", "traffic.png", "latency.png", "hop-accuracy.png",
         "error-by-distance.png"]
s = "plot-sweep.py"
ALL4 = ["bf", "lbf", "abf", "sdbf"]
HOP3 = ["lbf", "abf", "sdbf"]  # the hop panels leave the BF out
FOUR = {"message-size.png": ALL4, "traffic.png": ALL4, "latency.png": ALL4,
        "hop-accuracy.png": ALL4, "error-by-distance.png": HOP3}
for label, runs, dist, fams in [
        ("line and grid, 4 filters, 2 seeds, queries", data / "sweep.csv",
         data / "sweep-by-distance.csv", FOUR),
        ("--filter bf only", data / "bf.csv", data / "bf-by-distance.csv",
         {f: ["bf"] for f in SWEEP if f != "error-by-distance.png"}),
        ("--filter lbf only, one row each", variant("lbf.csv", "r1.csv", first_rows(1)),
         variant("lbf-by-distance.csv", "d1.csv", first_rows(1)), None),
        ("--filter abf only, one seed, CRLF line ends", variant("abf-1.csv", "a1.csv", same, "\r\n"),
         variant("abf-1-by-distance.csv", "da1.csv", same, "\r\n"),
         {f: ["abf"] for f in SWEEP}),
        ("nan, empty and NA values", variant("sweep.csv", "nan.csv", combine(
            set_cells("payload_bytes", "nan", lambda i, r: i == 0), set_cells("hop_mae", ""),
            set_cells("diss_latency_median", "nan"), set_cells("diss_latency_p95", "NA"))),
         variant("sweep-by-distance.csv", "dnan.csv", combine(
             set_cells("hop_mae", ""), set_cells("hop_exact", "nan", lambda i, r: i < 4))),
         {"message-size.png": ALL4, "hop-accuracy.png": ALL4}),
        ("every metric NA", variant("sweep.csv", "na.csv", all_na_from("payload_bytes", ALWAYS)),
         variant("sweep-by-distance.csv", "dna.csv", all_na_from("pairs")), None),
        ("optional columns missing", variant("sweep.csv", "opt.csv", drop_columns(
            "membership", "hop_within1", "diss_latency_median", "diss_latency_p95", "hop_mae",
            "queries", "query_strategy", "frames_per_beacon", "bytes_on_air")),
         variant("sweep-by-distance.csv", "dopt.csv", drop_columns(
             "hop_mae", "membership", "nodes", "run")), {"traffic.png": ALL4})]:
    # one seed in the files made of run 1 only
    valid(label, s, [runs, dist, "OUT"], SWEEP, families=fams,
          seeds=1 if "one seed" in label or "one row" in label else 2)
runs, dist = data / "sweep.csv", data / "sweep-by-distance.csv"
refused("OUTDIR is a regular file", s, [runs, dist, afile], "OUTDIR")
refused("OUTDIR ''", s, [runs, dist, ""], "OUTDIR")
refused("OUTDIR under a regular file", s, [runs, dist, afile / "sub"], "OUTDIR")
refused("OUTDIR with a newline", s, [runs, dist, str(work / "a\nb")], "OUTDIR")
refused("OUTDIR/latency.png is a folder: no figure written", s, [runs, dist, "OUT"],
        "latency.png", [f for f in SWEEP if f != "latency.png"], ["latency.png"])
for label, bad, named in [
        ("RUNS missing", work / "missing.csv", "missing.csv"),
        ("RUNS is a folder", work, "RUNS.csv"),
        ("RUNS empty", empty, "RUNS.csv"),
        ("RUNS header only", variant("sweep.csv", "h.csv", first_rows(0)), "no rows"),
        ("RUNS garbage", garbage, "RUNS.csv"),
        ("RUNS is a per-query CSV", data / "sweep-queries.csv", "payload_bytes"),
        ("text in payload_bytes", variant("sweep.csv", "t.csv", set_cells(
            "payload_bytes", "abc", lambda i, r: i == 2)), "payload_bytes"),
        ("inf in hop_mae", variant("sweep.csv", "i.csv", set_cells(
            "hop_mae", "inf", lambda i, r: i == 1)), "hop_mae"),
        ("nan topology", variant("sweep.csv", "nt.csv", set_cells(
            "topology", "nan", lambda i, r: i == 1)), "topology"),
        ("empty run", variant("sweep.csv", "er.csv", set_cells(
            "run", "", lambda i, r: i == 0)), "run")]:
    refused(label, s, [bad, dist, "OUT"], named, SWEEP)
refused("BY_DISTANCE without true_hops", s, [runs, variant(
    "sweep-by-distance.csv", "nth.csv", drop_columns("true_hops")), "OUT"], "true_hops", SWEEP)
refused("BY_DISTANCE garbage", s, [runs, garbage, "OUT"], "BY_DISTANCE", SWEEP)
refused("no arguments", s, [], "usage")
refused("two arguments", s, [runs, "OUT"], "usage", SWEEP)
refused("four arguments", s, [runs, dist, "OUT", "OUT"], "usage", SWEEP)

# --- plot-energy.py (issue 27: drawn, not only refused) ----------------------
ENERGY = ["energy-vs-diameter.png", "duty-tradeoff.png"]
ea, ed = data / "energy-always.csv", data / "energy-duty.csv"
valid("always-on and duty 0.5, 4 families, 2 seeds", "plot-energy.py", ["OUT", ea, ed, ea, ed],
      ENERGY, families={f: ALL4 for f in ENERGY}, seeds=2)


def censored_not_averaged(o, r):
    """A seed without the LBF's median at duty 0.5: no point there (the
    other seed's would be too short), and the panel says why."""
    report = figure_checks.report_of(o / "duty-tradeoff.png", reports)
    text = " ".join(figure_checks.panel_text(ax) for ax in report["axes"]) if report else ""
    want = "LBF at duty 0.5 (fewer than half its pairs right for good in at least one seed)"
    return [] if want in text else [f"duty-tradeoff.png does not say {want!r}"]


e_head = read_rows(ed)[0]
lbf_run1 = (lambda i, r: r[e_head.index("filter")] == "lbf" and r[e_head.index("run")] == "1")
valid("a censored median missing in one seed", "plot-energy.py", [
    "OUT", ea, ed, ea, variant("energy-duty.csv", "e3.csv", combine(
        set_cells("settle_time_median", "NA", lbf_run1),
        set_cells("settled_share", "0.4", lbf_run1)))], ENERGY, seeds=2,
    check=censored_not_averaged)
valid("one seed, LBF only", "plot-energy.py", [
    "OUT", variant("energy-always-1.csv", "e1.csv", where("filter", "lbf")),
    variant("energy-duty-1.csv", "e2.csv", where("filter", "lbf")),
    data / "energy-always-1.csv"], ENERGY, families={f: ["lbf"] for f in ENERGY}, seeds=1)

# --- plot-queries.py --------------------------------------------------------
s = "plot-queries.py"
QUERIES = ["queries-by-distance.png", "queries-by-diameter.png"]
queries = data / "line-queries.csv"
for label, path, figures in [
        ("line and grid, every strategy, 2 seeds", data / "sweep-queries.csv",
         [f"queries-by-{x}-{t}.png" for x in ("distance", "diameter") for t in ("grid", "line")]),
        ("BF only (flood, ring, blind flood)", data / "bf-queries.csv", QUERIES),
        ("LBF gradient only, one row", variant("line-queries.csv", "q1.csv", combine(
            where("filter", "lbf"), first_rows(1))), QUERIES),
        ("one seed, CRLF line ends", variant("line-1-queries.csv", "qc.csv", same, "\r\n"),
         QUERIES),
        ("nan and empty values", variant("line-queries.csv", "qn.csv", combine(
            set_cells("stretch", ""), set_cells("latency_to_holder", "nan"),
            set_cells("hops_taken", "NA", lambda i, r: i < 3))), QUERIES),
        ("no reachable holder (true_hops NA)", variant("line-queries.csv", "qh.csv", set_cells(
            "true_hops", "NA")), QUERIES),
        ("absent keys only", variant("line-queries.csv", "qa.csv", set_cells("absent", "1")),
         QUERIES),
        ("nothing answered", variant("line-queries.csv", "qf.csv", combine(
            set_cells("delivered", "0"), set_cells("success", "0"), set_cells("absent", "0"))),
         QUERIES),
        ("optional columns missing", variant("line-queries.csv", "qo.csv", drop_columns(
            "stretch", "latency_to_holder", "hops_taken", "round_trip", "outcome", "issued")),
         QUERIES)]:
    valid(label, s, [path, "OUT"], figures,
          families={f: ALL4 for f in figures} if label.startswith("line and grid") else None,
          seeds=1 if "one seed" in label or "one row" in label else 2)
refused("OUTDIR is a regular file", s, [queries, afile], "OUTDIR")
refused("OUTDIR ''", s, [queries, ""], "OUTDIR")
refused("OUTDIR/queries-by-diameter.png is a folder: no figure written", s, [queries, "OUT"],
        "queries-by-diameter.png", ["queries-by-distance.png"], ["queries-by-diameter.png"])
for label, path, named in [
        ("QUERIES missing", work / "missing.csv", "missing.csv"),
        ("QUERIES empty", empty, "QUERIES.csv"),
        ("QUERIES header only", variant("line-queries.csv", "qh0.csv", first_rows(0)), "no rows"),
        ("QUERIES garbage", garbage, "QUERIES.csv"),
        ("QUERIES is a per-run CSV", data / "sweep.csv", "strategy"),
        ("nan topology", variant("line-queries.csv", "qt.csv", set_cells(
            "topology", "nan", lambda i, r: i == 1)), "topology"),
        ("empty strategy", variant("line-queries.csv", "qs.csv", set_cells(
            "strategy", "", lambda i, r: i == 1)), "strategy"),
        ("text in frames", variant("line-queries.csv", "qx.csv", set_cells(
            "frames", "many", lambda i, r: i == 3)), "frames"),
        ("inf in latency", variant("line-queries.csv", "qi.csv", set_cells(
            "latency_to_holder", "inf", lambda i, r: i == 0)), "latency_to_holder")]:
    refused(label, s, [path, "OUT"], named, QUERIES)
refused("no arguments", s, [], "usage")
refused("three arguments", s, [queries, "OUT", "OUT"], "usage", QUERIES)

# --- plot-scaling.py --------------------------------------------------------
s = "plot-scaling.py"
bench, conv = data / "benchmark.csv", data / "convergence.csv"
for label, args, name in [
        ("benchmark and convergence", [bench, conv], "scaling.png"),
        ("benchmark only, one row", [variant("benchmark.csv", "b1.csv", first_rows(1))],
         "scaling.png"),
        ("grid channel, bare broadcaster only", [variant("benchmark.csv", "bb.csv", lambda h, rows: (
            h, [r for r in rows if r[h.index("app")].startswith("bare-")
                and r[h.index("channel")] == "grid"]))], "scaling.png"),
        ("one convergence row", [bench, variant("convergence.csv", "c1.csv", first_rows(1))],
         "scaling.png"),
        ("nan and empty values", [variant("benchmark.csv", "bn.csv", set_cells(
            "run_s", "nan", lambda i, r: i == 0)), variant("convergence.csv", "cn.csv", combine(
                set_cells("diameter", "nan", lambda i, r: i == 0),
                set_cells("wall_s", "", lambda i, r: i == 1)))], "scaling.png"),
        ("OUT without an extension (PNG)", [bench], "scaling")]:
    out = folder()
    valid(label, s, [*args, out / name], [name], out)
for label, args, named in [
        ("OUT is a folder", [bench, "OUT"], "OUT"),
        ("OUT ''", [bench, ""], "OUT"),
        ("OUT in a missing folder", [bench, work / "missing" / "s.png"], "missing"),
        ("OUT format unknown", [bench, work / "scaling.csv"], "csv"),
        ("BENCHMARK missing", [work / "missing.csv", work / "s.png"], "missing.csv"),
        ("BENCHMARK garbage", [garbage, work / "s.png"], "BENCHMARK"),
        ("BENCHMARK is the convergence CSV", [conv, work / "s.png"], "channel"),
        ("nan channel", [variant("benchmark.csv", "bc.csv", set_cells(
            "channel", "nan", lambda i, r: i == 0)), work / "s.png"], "channel"),
        ("empty app", [variant("benchmark.csv", "ba.csv", set_cells(
            "app", "", lambda i, r: i == 0)), work / "s.png"], "app"),
        ("text in nodes", [variant("benchmark.csv", "bx.csv", set_cells(
            "nodes", "ten", lambda i, r: i == 0)), work / "s.png"], "nodes"),
        ("CONVERGENCE header only", [bench, variant("convergence.csv", "c0.csv", first_rows(0)),
                                     work / "s.png"], "no rows"),
        ("no arguments", [], "usage"),
        ("five arguments", [bench, conv, bench, conv, work / "s.png"], "usage")]:
    refused(label, s, args, named)

# --- plot-paper.py ----------------------------------------------------------
s = "plot-paper.py"
PAPER = ["fig4.png", "fig5a.png", "fig5b.png", "fig5c.png", "fig5d.png", "fig6a.png", "fig6b.png"]
cal, cap = data / "calibration.csv", data / "capacity.csv"
for label, args, figures in [
        ("paper grid and capacity", [cal, cap], PAPER),
        ("one point, one rule", [data / "calibration-one.csv", data / "capacity-one.csv"], PAPER),
        ("capacity never reached (nan means), CRLF", [variant("calibration-one.csv", "pr.csv", same,
                                                              "\r\n"),
                                                      data / "capacity-never.csv",
                                                      "--fig4-rule", "floor"], PAPER),
        ("nan values, one rule", [variant("calibration.csv", "pn.csv", combine(
            where("quantization", "ceil"), set_cells("sigma", "nan", lambda i, r: i < 5),
            set_cells("se_mean_c", ""))),
            variant("capacity.csv", "pk.csv", where("quantization", "ceil"))], PAPER),
        ("no row with k = 3 or b = 3 (figures left out)", [data / "calibration-one.csv",
                                                          data / "capacity-one.csv",
                                                          "--paper-k", "3", "--paper-b", "3"],
         ["fig4.png"])]:
    valid(label, s, [*args, "--out", "OUT"], figures)
for label, args, named in [
        ("--out is a regular file", [cal, cap, "--out", afile], "--out"),
        ("--out ''", [cal, cap, "--out", ""], "--out"),
        ("--paper-k abc", [cal, cap, "--out", "OUT", "--paper-k", "abc"], "--paper-k"),
        ("--fig4-rule odd", [cal, cap, "--out", "OUT", "--fig4-rule", "odd"], "--fig4-rule"),
        ("unknown option", [cal, cap, "--out", "OUT", "--bogus"], "--bogus"),
        ("one CSV only", [cal, "--out", "OUT"], "capacity"),
        ("CALIBRATION missing", [work / "missing.csv", cap, "--out", "OUT"], "missing.csv"),
        ("CALIBRATION garbage", [garbage, cap, "--out", "OUT"], "CALIBRATION"),
        ("CALIBRATION empty", [empty, cap, "--out", "OUT"], "CALIBRATION"),
        ("the CSVs swapped", [cap, cal, "--out", "OUT"], "CALIBRATION"),
        ("two seeds in one CSV", [concat(work / "two-seeds.csv", cal, variant(
            "calibration.csv", "s2.csv", set_cells("seed", "2"))), cap, "--out", "OUT"], "seed"),
        ("no ids column", [variant("calibration.csv", "pi.csv", drop_columns("ids")), cap,
                           "--out", "OUT"], "ids"),
        ("text in bits", [variant("calibration.csv", "pb.csv", set_cells(
            "bits", "eight", lambda i, r: i == 4)), cap, "--out", "OUT"], "bits"),
        ("empty quantization", [variant("calibration.csv", "pq.csv", set_cells(
            "quantization", "", lambda i, r: i == 0)), cap, "--out", "OUT"], "quantization"),
        ("nan dim", [variant("calibration.csv", "pd.csv", set_cells("dim", "nan")), cap,
                     "--out", "OUT"], "dim")]:
    refused(label, s, args, named, PAPER)
refused("--out/fig5b.png is a folder: no figure written", s, [cal, cap, "--out", "OUT"],
        "fig5b.png", [f for f in PAPER if f != "fig5b.png"], ["fig5b.png"])

# --- plot-map.py ------------------------------------------------------------
s = "plot-map.py"
MAP = ["map.png"]
mp, wk = data / "map.csv", data / "walk.csv"
for label, args, figures, *fams in [
        ("4 families, map and walk", [mp, "OUT", "--walk", wk], MAP + ["walk.png"], ALL4),
        ("map only, resource 2, time 12", [mp, "OUT", "--resource", "2", "--time", "12"], MAP),
        ("one family, CRLF", [variant("map.csv", "m1.csv", where("filter", "abf"), "\r\n"),
                              "OUT", "--walk", variant("walk.csv", "w1.csv", where("filter",
                                                                                   "abf"))],
         MAP + ["walk.png"]),
        ("query 1 of each family", [mp, "OUT", "--walk", wk, "--query", "1"],
         MAP + ["walk.png"]),
        ("moving nodes, animation", [data / "mmap.csv", "OUT", "--gif"], MAP + ["map.gif"])]:
    if "--gif" in args and subprocess.run([python, "-c", "import PIL"]).returncode != 0:
        continue
    valid(label, s, args, [f for f in figures if f.endswith(".png")],
          families={f: fams[0] for f in figures} if fams else None)
for label, args, named in [
        ("OUTDIR is a regular file", [mp, afile], "OUTDIR"),
        ("no arguments", [], "usage"),
        ("unknown option", [mp, "OUT", "--bogus"], "usage"),
        ("MAP missing", [work / "missing.csv", "OUT"], "missing.csv"),
        ("MAP garbage", [garbage, "OUT"], "MAP.csv"),
        ("MAP empty", [empty, "OUT"], "MAP.csv"),
        ("MAP is a walk CSV", [wk, "OUT"], "MAP.csv"),
        ("text in x", [variant("map.csv", "mx.csv", set_cells(
            "x", "abc", lambda i, r: i == 3)), "OUT"], "x"),
        ("unknown status", [variant("map.csv", "ms.csv", set_cells(
            "status", "odd", lambda i, r: i == 1)), "OUT"], "status"),
        ("unknown kind", [variant("map.csv", "mk.csv", set_cells(
            "kind", "edge", lambda i, r: i == 1)), "OUT"], "kind"),
        ("link rows only", [variant("map.csv", "ml.csv", where("kind", "link")), "OUT"],
         "node rows"),
        ("no such resource", [mp, "OUT", "--resource", "99"], "--resource"),
        ("no map at that time", [mp, "OUT", "--time", "3"], "--time"),
        ("--gif with one map time", [mp, "OUT", "--gif"], "--gif"),
        ("WALK garbage", [mp, "OUT", "--walk", garbage], "WALK.csv"),
        ("WALK of another run", [mp, "OUT", "--walk", variant("walk.csv", "wr.csv", set_cells(
            "run", "7"))], "WALK.csv")]:
    refused(label, s, args, named, MAP)
refused("OUTDIR/map.png is a folder: no figure written", s, [mp, "OUT", "--walk", wk],
        "map.png", ["walk.png"], ["map.png"])

# --- plot-mobility.py -------------------------------------------------------
s = "plot-mobility.py"


def bf_not_exact(o, r):
    """No BF on a panel of exact hop estimates (its "exact" is the resource
    reported: drawn there it looked the most exact of all)."""
    problems = []
    for name in ("mobility-vs-speed.png", "mobility-vs-diameter.png"):
        report = figure_checks.report_of(o / name, reports)
        for ax in report["axes"] if report else []:
            if "xact" in " ".join(ax["titles"]) and any(
                    ln["label"] == "Bloom filter" and ln["points"] for ln in ax["lines"]):
                problems.append(f"{name}: the BF on {ax['titles'][0].splitlines()[0]!r}")
    return problems


MOB = ["mobility-vs-speed.png", "mobility-vs-diameter.png", "mobility-series.png"]
mruns = concat(work / "mob-runs.csv", data / "mob-0.csv", data / "mob-2.csv")
mseries = concat(work / "mob-series.csv", data / "mob-0-series.csv", data / "mob-2-series.csv")
for label, args, *fams in [
        ("speeds 0 and 2, 4 families", [mruns, mseries, "OUT"], ALL4),
        ("one speed, one family, CRLF", [variant("mob-2.csv", "mo1.csv", where("filter", "lbf"),
                                                 "\r\n"), data / "mob-2-series.csv", "OUT"]),
        ("NA repair delays", [variant("mob-0.csv", "mo2.csv", set_cells("repair_mean_s", "NA")),
                              data / "mob-0-series.csv", "OUT"]),
        ("optional columns missing", [variant("mob-2.csv", "mo3.csv", drop_columns(
            "mean_within1", "repair_mean_s")), data / "mob-2-series.csv", "OUT"])]:
    # the BF estimates no distance: not on the exact share over time
    valid(label, s, args, MOB, families={f: [x for x in fams[0] if f != "mobility-series.png"
                                             or x != "bf"] for f in MOB} if fams else None,
          seeds=1, check=bf_not_exact)
for label, args, named in [
        ("OUTDIR is a regular file", [mruns, mseries, afile], "OUTDIR"),
        ("two arguments", [mruns, "OUT"], "usage"),
        ("RUNS without mobility columns", [data / "line-1.csv", mseries, "OUT"], "RUNS.csv"),
        ("RUNS garbage", [garbage, mseries, "OUT"], "RUNS.csv"),
        ("SERIES empty", [mruns, empty, "OUT"], "SERIES.csv"),
        ("text in speed", [variant("mob-2.csv", "mo4.csv", set_cells(
            "speed", "fast", lambda i, r: i == 0)), mseries, "OUT"], "speed"),
        ("inf in mean_exact", [variant("mob-2.csv", "mo5.csv", set_cells(
            "mean_exact", "inf", lambda i, r: i == 0)), mseries, "OUT"], "mean_exact")]:
    refused(label, s, args, named, MOB)

# --- plot-resources.py ------------------------------------------------------
s = "plot-resources.py"
RES = ["resources-grid.png"]
rruns = concat(work / "res-runs.csv", *(data / f"res-{n}-{r}-{seed}.csv" for n in ("m", "budget")
                                        for r in (2, 8) for seed in (1, 2)))
rm_only = concat(work / "res-m.csv", *(data / f"res-m-{r}-1.csv" for r in (2, 8)))
for label, args, *fams in [
        ("equal m and budget, 2 counts, 2 seeds, 4 families", [rruns, "OUT"], ALL4),
        ("equal m only, one seed", [rm_only, "OUT"], ALL4),
        ("one family, one row, CRLF", [variant("res-budget-8-1.csv", "re1.csv", combine(
            where("filter", "lbf"), first_rows(1)), "\r\n"), "OUT"], ["lbf"]),
        ("NA theory and hop columns", [variant("res-m-8-1.csv", "re2.csv", combine(
            set_cells("fpr_ideal", "NA"), set_cells("exact_ideal", "NA"),
            set_cells("hop_exact", "NA"))), "OUT"]),
        ("theory columns missing (an older runs.csv)", [variant("res-m-8-2.csv", "re3.csv",
                                                                drop_columns("fpr_ideal",
                                                                             "exact_ideal")),
                                                        "OUT"], ALL4),
        ("two topologies", [concat(work / "res-two.csv", data / "res-m-8-1.csv",
                                   data / "line-1.csv"), "OUT"])]:
    figures = RES + (["resources-line.png"] if label == "two topologies" else [])
    valid(label, s, args, figures, families={f: fams[0] for f in figures} if fams else None,
          seeds=2 if "2 seeds" in label else 1)
for label, args, named in [
        ("OUTDIR is a regular file", [rruns, afile], "OUTDIR"),
        ("one argument", [rruns], "usage"),
        ("RUNS garbage", [garbage, "OUT"], "RUNS.csv"),
        ("RUNS empty", [empty, "OUT"], "RUNS.csv"),
        ("RUNS without resources", [variant("res-m-2-1.csv", "re4.csv",
                                            drop_columns("resources")), "OUT"], "resources"),
        ("text in resources", [variant("res-m-2-1.csv", "re5.csv", set_cells(
            "resources", "many", lambda i, r: i == 0)), "OUT"], "resources"),
        ("0 resources", [variant("res-m-2-1.csv", "re6.csv", set_cells(
            "resources", "0", lambda i, r: i == 0)), "OUT"], "resources"),
        ("inf in fpr_ideal", [variant("res-m-2-1.csv", "re7.csv", set_cells(
            "fpr_ideal", "inf", lambda i, r: i == 0)), "OUT"], "fpr_ideal")]:
    refused(label, s, args, named, RES)
refused("OUTDIR/resources-grid.png is a folder: no figure written", s, [rruns, "OUT"],
        "resources-grid.png", [], ["resources-grid.png"])

# --- ideal-spread.py (issue 28) ---------------------------------------------
# The resources sweep above as RUNS.csv and BY_DISTANCE.csv: a table of every
# (comparison, R) and BF / LBF quantity, the same bytes for the same seed,
# two synthetic runs whose spread is known, and the refusals.
s = SPREAD = "ideal-spread.py"
SPREAD_COLUMNS = ["topology", "comparison", "R", "family", "m", "k", "runs", "reps", "distances",
                  "quantity",
                  "measured", "model", "mc_mean", "mc_sd", "z"]
rdist = concat(work / "res-by-distance.csv", *(data / f"res-{n}-{r}-{seed}-by-distance.csv"
                                               for n in ("m", "budget") for r in (2, 8)
                                               for seed in (1, 2)))


def spread_case(label, check):
    """ideal-spread.py run by check(run), which returns a list of problems;
    run(args) -> (Result, {out name: bytes})."""
    counts["valid"] += 1

    def case():
        o = folder()

        def run_spread(args, outs=()):
            r = call(SPREAD, [o / a if a in outs else a for a in args])
            problems = []
            if r.returncode != 0:
                problems.append(f"exit {r.returncode}")
            if r.stderr.strip():
                problems.append(f"stderr {r.stderr.strip()[-300:]!r}")
            return r, problems, {a: (o / a).read_bytes() if (o / a).is_file() else b""
                                 for a in outs}
        return f"{SPREAD}: {label}", check(run_spread), ""
    cases.append(case)


def spread_rows(content):
    rows = list(csv.reader(content.decode().splitlines()))
    return rows[0] if rows else [], [dict(zip(rows[0], r)) for r in rows[1:]]


def sweep_table(run_spread):
    r, problems, outs = run_spread([rruns, rdist, "--reps", "20", "--out", "t.csv"], ["t.csv"])
    header, rows = spread_rows(outs["t.csv"])
    if header != SPREAD_COLUMNS:
        problems.append(f"columns {header}")
    want = sorted((c, R, f, q) for c in ("equal-m", "budget-92") for R in ("2", "8")
                  for f, q in (("bf", "fpr"), ("lbf", "fpr"), ("lbf", "hop_exact")))
    got = sorted((x.get("comparison"), x.get("R"), x.get("family"), x.get("quantity"))
                 for x in rows)
    if got != want:
        problems.append(f"rows {got}")
    for x in rows:
        if x.get("runs") != "2" or x.get("reps") != "20" or x.get("measured") in ("NA", None):
            problems.append(f"row {x}")
            break
    if "hop_exact" not in r.stdout or "mc_sd" not in r.stdout:
        problems.append("no table on stdout")
    return problems


def same_seed(run_spread):
    _, p1, o1 = run_spread([rruns, rdist, "--reps", "20", "--seed", "7", "--out", "a.csv"],
                           ["a.csv"])
    _, p2, o2 = run_spread([rruns, rdist, "--reps", "20", "--seed", "7", "--out", "b.csv"],
                           ["b.csv"])
    _, p3, o3 = run_spread([rruns, rdist, "--reps", "20", "--seed", "8", "--out", "c.csv"],
                           ["c.csv"])
    problems = p1 + p2 + p3
    if not o1["a.csv"] or o1["a.csv"] != o2["b.csv"]:
        problems.append("seed 7 twice: different bytes")
    if o1["a.csv"] == o3["c.csv"]:
        problems.append("seeds 7 and 8: the same bytes (the seed is not used)")
    return problems


# Synthetic: a BF of m = 2 cells, k = 1, one key: a probe is positive with
# probability 1/2 whatever the hash, so the FPR of 1,000 probes has mean 0.5
# and sd sqrt(0.25 / 1000) = 0.0158; measured = model = 0.5, so z = 0.  An
# LBF of m = 1 cell, k = 1, two keys at 0 or 1 hop (half each): a key is
# exact unless the other is strictly closer, 0.75 of the pairs; its FPR is 1
# in every repetition, sd 0, so z is NA.
SYN_RUNS = ["filter,topology,seed,run,budget_bytes,m,resources,k,reach,nodes,hop_pairs,fpr,"
            "hop_exact,fpr_ideal,exact_ideal",
            "bf,syn,1,1,0,2,1,1,NA,4,4,0.5,NA,0.5,NA",
            "lbf,syn,1,1,0,1,2,1,5,50,100,1,0.75,1,0.75"]
SYN_DIST = ["filter,topology,seed,run,budget_bytes,m,true_hops,pairs",
            "lbf,syn,1,1,0,1,0,50", "lbf,syn,1,1,0,1,1,50"]
syn_runs = raw("syn-runs.csv", ("\n".join(SYN_RUNS) + "\n").encode())
syn_dist = raw("syn-dist.csv", ("\n".join(SYN_DIST) + "\n").encode())


def known_spread(run_spread):
    reps = 400
    _, problems, outs = run_spread([syn_runs, syn_dist, "--reps", str(reps), "--out", "s.csv"],
                                   ["s.csv"])
    rows = {(x["family"], x["quantity"]): x for x in spread_rows(outs["s.csv"])[1]}
    try:
        bf, lbf_fpr, lbf_exact = rows["bf", "fpr"], rows["lbf", "fpr"], rows["lbf", "hop_exact"]
        sd = (0.25 / 1000) ** 0.5
        if abs(float(bf["mc_mean"]) - 0.5) > 4 * sd / reps ** 0.5:
            problems.append(f"BF mc_mean {bf['mc_mean']}, not 0.5")
        if not 0.8 < float(bf["mc_sd"]) / sd < 1.2:
            problems.append(f"BF mc_sd {bf['mc_sd']}, not {sd:.4f}")
        if bf["z"] != "0":
            problems.append(f"BF z {bf['z']} with measured = model")
        if (lbf_fpr["mc_mean"], lbf_fpr["mc_sd"], lbf_fpr["z"]) != ("1", "0", "NA"):
            problems.append(f"LBF fpr {lbf_fpr}")
        mean, mc_sd = float(lbf_exact["mc_mean"]), float(lbf_exact["mc_sd"])
        if not mc_sd > 0 or abs(mean - 0.75) > 4 * mc_sd / reps ** 0.5 + 1e-9:
            problems.append(f"LBF hop_exact mc_mean {mean} (sd {mc_sd}), not 0.75")
    except (KeyError, ValueError) as e:
        problems.append(f"table {rows}: {e!r}")
    return problems


spread_case("the sweep's table: columns and rows", sweep_table)
spread_case("same seed, same bytes; another seed, others", same_seed)
spread_case("synthetic runs of known spread: BF sd, LBF strictly closer, z = 0 and NA",
            known_spread)
lbf_only_dist = variant("res-m-8-1-by-distance.csv", "sp1.csv", where("filter", "bf"))
for label, args, named in [
        ("RUNS missing", [work / "missing.csv", rdist], "RUNS.csv"),
        ("BY_DISTANCE missing", [rruns, work / "missing.csv"], "BY_DISTANCE.csv"),
        ("RUNS without hop_pairs", [variant("res-m-8-1.csv", "sp2.csv",
                                            drop_columns("hop_pairs")), rdist], "hop_pairs"),
        ("BY_DISTANCE without pairs", [rruns, variant("res-m-8-1-by-distance.csv", "sp3.csv",
                                                      drop_columns("pairs"))], "pairs"),
        ("no BF or LBF rows", [variant("res-m-8-1.csv", "sp4.csv", where("filter", "abf")),
                               rdist], "bf or lbf"),
        ("an LBF run without its BY_DISTANCE rows", [data / "res-m-8-1.csv", lbf_only_dist],
         "BY_DISTANCE.csv"),
        ("text in pairs", [rruns, variant("res-m-8-1-by-distance.csv", "sp5.csv", set_cells(
            "pairs", "many", lambda i, r: i == 6))], "pairs"),
        ("text in k", [variant("res-m-8-1.csv", "sp6.csv", set_cells(
            "k", "four", lambda i, r: i == 0)), rdist], "column k"),
        ("--reps 0", [rruns, rdist, "--reps", "0"], "--reps"),
        ("--reps 1", [rruns, rdist, "--reps", "1"], "--reps"),
        ("--reps abc", [rruns, rdist, "--reps", "abc"], "--reps"),
        ("--seed -1", [rruns, rdist, "--seed", "-1"], "--seed"),
        ("--probes 0", [rruns, rdist, "--probes", "0"], "--probes"),
        ("--out is a folder", [rruns, rdist, "--out", work], "--out"),
        ("one argument", [rruns], "usage")]:
    refused(label, s, args, named)

# --- compare-bcun.py (issue 29) ---------------------------------------------
s = "compare-bcun.py"
BCUN = ["bcun.png"]
bq = concat(work / "bcun-queries.csv", data / "bcun-1-queries.csv", data / "bcun-2-queries.csv")
for label, args in [
        ("one setting, 2 seeds", [f"wifi={bq}"]),
        ("two settings", [f"wifi={bq}", f"lr-wpan={data / 'bcun-1-queries.csv'}"]),
        ("one strategy, CRLF", [f"wifi={variant('bcun-1-queries.csv', 'bq1.csv', where('strategy', 'abc'), chr(13) + chr(10))}"]),
        ("warm-up rows left out", [f"wifi={variant('bcun-1-queries.csv', 'bq2.csv', lambda h, rows: (h + ['warmup'], [r + [str(i % 2)] for i, r in enumerate(rows)]))}"])]:
    valid(label, s, ["OUT", *args], BCUN, seeds=2 if "2 seeds" in label else None)
for label, args, named in [
        ("one argument", ["OUT"], "usage"),
        ("no NAME=", ["OUT", str(bq)], "NAME=QUERIES.csv"),
        ("bad NAME", ["OUT", f"a b={bq}"], "NAME"),
        ("NAME twice", ["OUT", f"w={bq}", f"w={bq}"], "twice"),
        ("QUERIES garbage", ["OUT", f"w={garbage}"], "QUERIES.csv"),
        ("QUERIES without success_hops", ["OUT", f"w={variant('bcun-1-queries.csv', 'bq3.csv', drop_columns('success_hops'))}"], "success_hops"),
        ("text in cancel_frames", ["OUT", f"w={variant('bcun-1-queries.csv', 'bq4.csv', set_cells('cancel_frames', 'many', lambda i, r: i == 0))}"], "cancel_frames"),
        ("absent keys only", ["OUT", f"w={variant('bcun-1-queries.csv', 'bq5.csv', set_cells('absent', '1'))}"], "present key")]:
    refused(label, s, args, named, BCUN)


# Issue 40: --runs=NAME=RUNS.csv with the wifi_* drop counts of CountDrops.
def with_drops(tx, collisions):
    def change(header, rows):
        extra = ["wifi_tx_frames", "wifi_collision_drops", "wifi_queue_drops", "wifi_retry_drops",
                 "wifi_collision_share", "wifi_drop_share"]
        return header + extra, [r + [tx, collisions, "0", "0", "0.1", "0.1"] for r in rows]
    return change


br = variant("bcun-1.csv", "br1.csv", with_drops("100", "10"))


def eight_runs(header, rows):
    """8 runs per mechanism: 4 with 10 collision drops of 100 frames, 4 with none."""
    extra = ["wifi_tx_frames", "wifi_collision_drops", "wifi_queue_drops", "wifi_retry_drops",
             "wifi_collision_share", "wifi_drop_share"]
    return header + extra, [r + ["100", "10" if i < 4 else "0", "0", "0", "0.1", "0.1"]
                            for i in range(8) for r in rows]


def spread_of_sets(o, result):
    # Of the 70 sets of 4 runs the pooled shares are 0 % (1 set), 2.5 (16),
    # 5 (36), 7.5 (16), 10 (1): 5th to 95th percentile 2.5 to 7.5 %; 17 sets
    # above FLOOD's 5.963 % + 1 point, 24 %; above ABC's 3.712 + 1: 53, 76 %.
    table = (o / "bcun-table.md").read_text()
    want = ["| wifi | 2.5 % to 7.5 %; 24 % above |", "2.5 % to 7.5 %; 76 % above |"]
    return [f"bcun-table.md lacks {w!r}" for w in want if w not in table]


for label, args in [
        ("--runs with drop counts, ablation", [f"wifi={bq}", f"ns2={bq}", f"--runs=wifi={br}",
                                               f"--runs=ns2={br}"]),
        ("--runs without drop counts", [f"wifi={bq}", f"--runs=wifi={data / 'bcun-1.csv'}"])]:
    valid(label, s, ["OUT", *args], BCUN)
valid("--runs of 8 topologies: sets of 4", s,
      ["OUT", f"wifi={bq}", f"--runs=wifi={variant('bcun-1.csv', 'br8.csv', eight_runs)}"], BCUN,
      check=spread_of_sets)
for label, args, named in [
        ("--runs for no setting", ["OUT", f"w={bq}", f"--runs=x={br}"], "no setting"),
        ("--runs without NAME=", ["OUT", f"w={bq}", f"--runs={br}"], "--runs"),
        ("--runs twice", ["OUT", f"w={bq}", f"--runs=w={br}", f"--runs=w={br}"], "twice"),
        ("--runs without query_strategy", ["OUT", f"w={bq}", f"--runs=w={variant('bcun-1.csv', 'br2.csv', drop_columns('query_strategy'))}"], "query_strategy"),
        ("--runs with negative drops", ["OUT", f"w={bq}", f"--runs=w={variant('bcun-1.csv', 'br3.csv', with_drops('100', '-1'))}"], "wifi_collision_drops"),
        ("--runs with more drops than frames", ["OUT", f"w={bq}", f"--runs=w={variant('bcun-1.csv', 'br4.csv', with_drops('10', '11'))}"], "more collision drops"),
        ("unknown option", ["OUT", f"w={bq}", "--bogus"], "unknown option")]:
    refused(label, s, args, named, BCUN)

# --- Issue 31: inputs, outputs and plot-map.py ---------------------------------
# Inputs: a FIFO with no writer (waited on forever), a device, a sparse file
# of 1 GiB and one just past the 256 MiB bound (read to a MemoryError), all
# refused by plot_common.open_input before anything is read.
fifo = work / "fifo.csv"
os.mkfifo(fifo)
huge = work / "huge.csv"
with open(huge, "wb") as f:
    f.truncate(1 << 30)
past = work / "past-bound.csv"
with open(past, "wb") as f:
    f.truncate((256 << 20) + 1)
for label, script, args, named in [
        ("RUNS is a FIFO", "plot-sweep.py", [fifo, dist, "OUT"], "FIFO"),
        ("BY_DISTANCE is a FIFO", "plot-sweep.py", [runs, fifo, "OUT"], "FIFO"),
        ("RUNS is /dev/zero", "plot-sweep.py", ["/dev/zero", dist, "OUT"], "device"),
        ("RUNS is 1 GiB", "plot-sweep.py", [huge, dist, "OUT"], "256 MiB"),
        ("RUNS is 256 MiB + 1 byte", "plot-sweep.py", [past, dist, "OUT"], "256 MiB"),
        ("QUERIES is a FIFO", "plot-queries.py", [fifo, "OUT"], "FIFO"),
        ("QUERIES is 1 GiB", "plot-queries.py", [huge, "OUT"], "256 MiB"),
        ("BENCHMARK is a FIFO", "plot-scaling.py", [fifo, work / "s.png"], "FIFO"),
        ("CALIBRATION is a FIFO", "plot-paper.py", [fifo, cap, "--out", "OUT"], "FIFO"),
        ("CAPACITY is 1 GiB", "plot-paper.py", [cal, huge, "--out", "OUT"], "256 MiB"),
        ("ALWAYS_RUNS is a FIFO", "plot-energy.py", ["OUT", fifo, fifo, fifo], "FIFO"),
        ("MAP is a FIFO", "plot-map.py", [fifo, "OUT"], "FIFO"),
        ("MAP is 1 GiB", "plot-map.py", [huge, "OUT"], "256 MiB"),
        ("WALK is /dev/zero", "plot-map.py", [mp, "OUT", "--walk", "/dev/zero"], "device"),
        ("RUNS is a FIFO", "plot-mobility.py", [fifo, mseries, "OUT"], "FIFO"),
        ("SERIES is 1 GiB", "plot-mobility.py", [mruns, huge, "OUT"], "256 MiB")]:
    refused(label, script, args, named)

# Outputs: a FIFO, a symbolic link, a device node, a folder, an unknown
# format, a missing folder: refused, and the special files still what they
# were (plot-filter-space.py replaced them with regular files).
special = work / "special"
special.mkdir()
out_fifo = special / "fifo.png"
os.mkfifo(out_fifo)
(special / "target.png").write_bytes(b"kept")
out_link = special / "link.png"
out_link.symlink_to(special / "target.png")
out_device = special / "null.png"
try:
    os.mknod(out_device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
except OSError:
    out_device = None  # not root: no device node to offer
(special / "folder.png").mkdir()
fsp = data / "filter-space.csv"
s = "plot-filter-space.py"
valid("bf, cbf, cuckoo at 1 % and 5 %", s, [fsp, work / "fs-out" / "filter-space.png"],
      ["filter-space.png"], out=work / "fs-out")
(work / "fs-out").mkdir()
valid("OUT without an extension (PNG)", s, [fsp, work / "fs-out2" / "fs"], ["fs"],
      out=work / "fs-out2")
(work / "fs-out2").mkdir()
for label, args, named in [
        ("OUT out.xyz (no figure format)", [fsp, work / "out.xyz"], "xyz"),
        ("OUT is a FIFO", [fsp, out_fifo], "OUT"),
        ("OUT is a symbolic link", [fsp, out_link], "OUT"),
        ("OUT is a folder", [fsp, special / "folder.png"], "OUT"),
        ("OUT in a missing folder", [fsp, work / "missing" / "x.png"], "missing"),
        ("CSV is a FIFO", [fifo, work / "x.png"], "FIFO"),
        ("CSV is /dev/zero", ["/dev/zero", work / "x.png"], "device"),
        ("CSV is 1 GiB", [huge, work / "x.png"], "256 MiB"),
        ("CSV garbage", [garbage, work / "x.png"], "FILTER-SPACE.csv"),
        ("CSV is a sweep's runs.csv", [runs, work / "x.png"], "target_fpr"),
        ("--fill 42 (no such fill)", [fsp, work / "x.png", "--fill", "42"], "--fill"),
        ("no arguments", [], "usage")] + (
        [("OUT is a device", [fsp, out_device], "OUT")] if out_device else []):
    refused(label, s, args, named)
# --- plot-codec-study.py (issue 41) ------------------------------------------
s = "plot-codec-study.py"
craw, ccoded = data / "codec-none.csv", data / "codec-entropy.csv"
for i, (label, args) in enumerate([
        ("raw and coded, 2 diameters, every family", [craw, ccoded]),
        ("one family, no energy columns, CRLF",
         [variant("codec-none.csv", "cs1.csv", where("filter", "lbf"), "\r\n"),
          variant("codec-entropy.csv", "cs2.csv", combine(where("filter", "lbf"), drop_columns(
              "energy_airtime_j", "fpr_ideal", "exact_ideal")))])]):
    valid(label, s, args + [work / f"cs-out{i}" / "codec.png"], ["codec.png"],
          out=work / f"cs-out{i}")
    (work / f"cs-out{i}").mkdir()
for label, args, named in [
        ("RAW of coded runs", [ccoded, ccoded, work / "x.png"], "not a --codec none run"),
        ("two budgets", [craw, variant("codec-entropy.csv", "cs3.csv", set_cells(
            "budget_bytes", "60", lambda i, r: i == 0)), work / "x.png"], "one budget"),
        ("no budget", [variant("codec-none.csv", "cs4.csv", set_cells("budget_bytes", "0")),
                       ccoded, work / "x.png"], "budget_bytes > 0"),
        ("other diameters", [craw, variant("codec-entropy.csv", "cs5.csv",
                                           where("diameter", "2")), work / "x.png"], "diameter"),
        ("CODED garbage", [craw, garbage, work / "x.png"], "CODED.csv"),
        ("text in hop_exact", [craw, variant("codec-entropy.csv", "cs6.csv", set_cells(
            "hop_exact", "high", lambda i, r: i == 0)), work / "x.png"], "hop_exact"),
        ("OUT is a folder", [craw, ccoded, special / "folder.png"], "OUT"),
        ("two arguments", [craw, ccoded], "usage")]:
    refused(label, s, args, named)
for label, script, args in [
        ("plot-scaling.py", "plot-scaling.py", [bench, out_fifo]),
        ("plot-scaling.py", "plot-scaling.py", [bench, out_link])]:
    refused(f"OUT {os.path.basename(args[-1])}", script, args, "OUT")


def special_files_kept():
    problems = []
    if not stat.S_ISFIFO(os.lstat(out_fifo).st_mode):
        problems.append("the FIFO output was replaced")
    if not out_link.is_symlink() or (special / "target.png").read_bytes() != b"kept":
        problems.append("the symbolic link or its target was replaced")
    if out_device and not stat.S_ISCHR(os.lstat(out_device).st_mode):
        problems.append("the device node was replaced")
    return "special files refused as outputs are unchanged", problems, ""


# plot-map.py: 251 map times drawn into map.gif (a RecursionError at 250 or
# more), in a folder it creates (the GIF's folder was not checked); huge
# coordinates, an unknown --query, --query without --walk; no folder left
# by a refused run of plot-map.py or plot-mobility.py.
if subprocess.run([python, "-c", "import PIL"]).returncode == 0:
    valid("251 map times into map.gif, in a new folder", "plot-map.py",
          [data / "gmap.csv", "OUT", "--gif"], MAP, out="NEW", timeout=1200, gif=True)
    refused("OUTDIR/map.gif is a folder: no figure written", "plot-map.py",
            [data / "mmap.csv", "OUT", "--gif"], "map.gif", MAP, ["map.gif"])
valid("map only, into a new folder", "plot-map.py", [mp, "OUT"], MAP, out="NEW")
s = "plot-map.py"
for label, args, named in [
        ("x = 1e308", [variant("map.csv", "mx308.csv", set_cells(
            "x", "1e308", lambda i, r: i == 0)), "OUT"], "column x"),
        ("x = 1e308 and -1e308", [variant("map.csv", "mx2.csv", combine(
            set_cells("x", "1e308", lambda i, r: i == 0),
            set_cells("x", "-1e308", lambda i, r: i == 1))), "OUT", "--walk", wk], "column x"),
        ("y = -1e16", [variant("map.csv", "my.csv", set_cells(
            "y", "-1e16", lambda i, r: i == 2)), "OUT"], "column y"),
        ("--query 999", [mp, "OUT", "--walk", wk, "--query", "999"], "--query"),
        ("--query without --walk", [mp, "OUT", "--query", "1"], "--query"),
        ("--gif with 1001 map times", [variant("gmap.csv", "g1001.csv", lambda h, rows: (
            h, [r[:h.index("time")] + [f"{i * 0.01:g}"] + r[h.index("time") + 1:]
                for i, r in enumerate(rows[:1] * 1001)])), "OUT", "--gif"], "--gif")]:
    refused(label, s, args, named, MAP)
for label, script, args, named in [
        ("plot-map.py: MAP garbage", "plot-map.py", [garbage, "OUT"], "MAP.csv"),
        ("plot-map.py: --resource 99", "plot-map.py", [mp, "OUT", "--resource", "99"],
         "--resource"),
        ("plot-map.py: --gif with one map time", "plot-map.py", [mp, "OUT", "--gif"], "--gif"),
        ("plot-mobility.py: RUNS garbage", "plot-mobility.py", [garbage, mseries, "OUT"],
         "RUNS.csv"),
        ("plot-mobility.py: text in speed", "plot-mobility.py", [variant(
            "mob-2.csv", "mo6.csv", set_cells("speed", "fast", lambda i, r: i == 0)), mseries,
            "OUT"], "speed")]:
    refused(f"{label}, into a new folder: none left", script, args, named, new=True)


# --- Issue 37: every column in its domain, outputs never inputs, modules --------
# One column-domain table (analysis/plot_common.py COLUMNS) read by every
# script: a share outside [0, 1], a negative count, a fraction where an
# integer belongs, NA where the program always writes a value, a hop count
# beyond the most nodes: one line naming the file's column, exit 2.
def one(column, value, row=0):
    return set_cells(column, value, lambda i, r: i == row)


rq = "res-m-8-1.csv"
for label, script, source, change, args, named in [
        ("hop_exact 1.5", "plot-sweep.py", "sweep.csv", one("hop_exact", "1.5", 1),
         lambda p: [p, dist, "OUT"], "column hop_exact"),
        ("diameter 4.5", "plot-sweep.py", "sweep.csv", one("diameter", "4.5"),
         lambda p: [p, dist, "OUT"], "column diameter"),
        ("payload_bytes -5", "plot-sweep.py", "sweep.csv", one("payload_bytes", "-5"),
         lambda p: [p, dist, "OUT"], "column payload_bytes"),
        ("NA bytes_on_air (always written)", "plot-sweep.py", "sweep.csv",
         one("bytes_on_air", "NA"), lambda p: [p, dist, "OUT"], "column bytes_on_air"),
        ("BY_DISTANCE true_hops -1", "plot-sweep.py", "sweep-by-distance.csv",
         one("true_hops", "-1"), lambda p: [runs, p, "OUT"], "column true_hops"),
        ("BY_DISTANCE hop_miss 2", "plot-sweep.py", "sweep-by-distance.csv",
         one("hop_miss", "2"), lambda p: [runs, p, "OUT"], "column hop_miss"),
        ("success 2", "plot-queries.py", "line-queries.csv", one("success", "2"),
         lambda p: [p, "OUT"], "column success"),
        ("frames -1", "plot-queries.py", "line-queries.csv", one("frames", "-1"),
         lambda p: [p, "OUT"], "column frames"),
        ("NA frames (always written)", "plot-queries.py", "line-queries.csv",
         one("frames", "NA"), lambda p: [p, "OUT"], "column frames"),
        ("true_hops 2.5", "plot-queries.py", "line-queries.csv", one("true_hops", "2.5"),
         lambda p: [p, "OUT"], "column true_hops"),
        ("nodes 0", "plot-scaling.py", "benchmark.csv", one("nodes", "0"),
         lambda p: [p, work / "s37.png"], "column nodes"),
        ("run_s -1", "plot-scaling.py", "benchmark.csv", one("run_s", "-1"),
         lambda p: [p, work / "s37.png"], "column run_s"),
        ("bits 2.5", "plot-paper.py", "calibration.csv", one("bits", "2.5"),
         lambda p: [p, cap, "--out", "OUT"], "column bits"),
        ("occupancy_cells 1.5", "plot-paper.py", "calibration.csv",
         one("occupancy_cells", "1.5"), lambda p: [p, cap, "--out", "OUT"],
         "column occupancy_cells"),
        ("energy_w_mean -1", "plot-energy.py", "energy-always.csv",
         one("energy_w_mean", "-1"), lambda p: ["OUT", p, ed, ea], "column energy_w_mean"),
        ("duty_cycle 1.5", "plot-energy.py", "energy-duty.csv", one("duty_cycle", "1.5"),
         lambda p: ["OUT", ea, p, ea], "column duty_cycle"),
        ("truth -1", "plot-map.py", "map.csv", one("truth", "-1"), lambda p: [p, "OUT"],
         "column truth"),
        ("node 2.5", "plot-map.py", "map.csv", one("node", "2.5"), lambda p: [p, "OUT"],
         "column node"),
        ("present 2", "plot-map.py", "map.csv", one("present", "2"), lambda p: [p, "OUT"],
         "column present"),
        ("mean_exact 1.2", "plot-mobility.py", "mob-2.csv", one("mean_exact", "1.2"),
         lambda p: [p, mseries, "OUT"], "column mean_exact"),
        ("SERIES stale -0.1", "plot-mobility.py", "mob-2-series.csv", one("stale", "-0.1"),
         lambda p: [mruns, p, "OUT"], "column stale"),
        ("measured_fpr 1.5", "plot-filter-space.py", "filter-space.csv",
         one("measured_fpr", "1.5"), lambda p: [p, work / "fs37.png"], "column measured_fpr"),
        ("queries 0", "plot-filter-space.py", "filter-space.csv", one("queries", "0"),
         lambda p: [p, work / "fs37.png"], "column queries"),
        # the issue's cases of plot-resources.py
        ("hop_exact 2", "plot-resources.py", rq, one("hop_exact", "2"), lambda p: [p, "OUT"],
         "column hop_exact"),
        ("fpr -0.5", "plot-resources.py", rq, one("fpr", "-0.5"), lambda p: [p, "OUT"],
         "column fpr"),
        ("payload_bytes -5", "plot-resources.py", rq, one("payload_bytes", "-5"),
         lambda p: [p, "OUT"], "column payload_bytes"),
        ("resources 2.5", "plot-resources.py", rq, one("resources", "2.5"),
         lambda p: [p, "OUT"], "column resources"),
        ("budget_bytes -92 (was a ValueError)", "plot-resources.py", "res-budget-8-1.csv",
         set_cells("budget_bytes", "-92"), lambda p: [p, "OUT"], "column budget_bytes"),
        ("seed 1.5", "ideal-spread.py", rq, one("seed", "1.5"), lambda p: [p, rdist],
         "column seed"),
        ("run -1", "ideal-spread.py", rq, one("run", "-1"), lambda p: [p, rdist],
         "column run"),
        ("BY_DISTANCE seed 1.5", "ideal-spread.py", "res-m-8-1-by-distance.csv",
         one("seed", "1.5"), lambda p: [rruns, p], "column seed"),
        # the issue's cases of compare-bcun.py
        ("search_frames -991", "compare-bcun.py", "bcun-1-queries.csv",
         set_cells("search_frames", "-991"), lambda p: ["OUT", f"w={p}"],
         "column search_frames"),
        ("success_hops 2.5", "compare-bcun.py", "bcun-1-queries.csv",
         set_cells("success_hops", "2.5", lambda i, r: r[11] == "1"),
         lambda p: ["OUT", f"w={p}"], "column success_hops"),
        ("success_hops -3", "compare-bcun.py", "bcun-1-queries.csv",
         set_cells("success_hops", "-3", lambda i, r: r[11] == "1"),
         lambda p: ["OUT", f"w={p}"], "column success_hops"),
        ("success_hops 1e9", "compare-bcun.py", "bcun-1-queries.csv",
         set_cells("success_hops", "1e9", lambda i, r: r[11] == "1"),
         lambda p: ["OUT", f"w={p}"], "column success_hops"),
        ("NA search_frames (always written)", "compare-bcun.py", "bcun-1-queries.csv",
         one("search_frames", "NA"), lambda p: ["OUT", f"w={p}"], "column search_frames"),
        ("success 2", "compare-bcun.py", "bcun-1-queries.csv", one("success", "2"),
         lambda p: ["OUT", f"w={p}"], "column success"),
        ("a successful query without success_hops", "compare-bcun.py", "bcun-1-queries.csv",
         set_cells("success_hops", "NA"), lambda p: ["OUT", f"w={p}"],
         "column success_hops")]:
    path = variant(source, f"d37-{next(folders)}.csv", change)
    refused(f"domain: {label}", script, args(path), named,
            ["old.png"] if "OUT" in args(path) else ())

# compare-bcun.py with no successful query of a compared mechanism: a table
# that says so (was an IndexError); no query of one: refused (was the same).
# bcun-per-hop.csv then has no hop bin of successful queries (queries 0 in
# every row); its rows are the success per BFS distance, 0 in each.
def no_bin(o, r):
    table = (o / "bcun-table.md").read_text() if (o / "bcun-table.md").is_file() else ""
    path = o / "bcun-per-hop.csv"
    problems = [] if "no successful query" in table else ["the table does not say so"]
    if not path.is_file():
        return problems + ["no bcun-per-hop.csv"]
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        problems.append("bcun-per-hop.csv has no success row per BFS distance")
    for row in rows:
        if row["queries"] != "0" or float(row["success"]) != 0:
            problems.append(f"bcun-per-hop.csv row {row}: a bin with queries or success")
            break
    return problems


valid("no successful query (success = 0 everywhere)", "compare-bcun.py",
      ["OUT", f"w={variant('bcun-1-queries.csv', 'bq0.csv', set_cells('success', '0'))}"],
      ["bcun.png"], check=no_bin)
for label, change in [("gradient queries only", set_cells("strategy", "gradient")),
                      ("ABC in capitals", set_cells("strategy", "ABC"))]:
    refused(f"{label}: no compared mechanism (was an IndexError)", "compare-bcun.py",
            ["OUT", f"w={variant('bcun-1-queries.csv', f'bq-{next(folders)}.csv', change)}"],
            "blind-flood, bcir, bcir-star, abc", ["old.png"])

# ideal-spread.py draws from the run's real distances (its map).  Synthetic:
# 4 nodes, an LBF of m = 2 cells, k = 1, two keys; nodes 0 and 1 hold key 1
# and are 1 hop from key 2, nodes 2 and 3 the other way round.  The keys
# share a cell with probability 1/2, and then every node's farther key is
# inexact: hop_exact is 1 or 0.5, mean 0.75, sd 0.25.  Drawn from the pooled
# profile (each pair 0 or 1 hop, independently) a node's two keys are as
# often at the same distance, both exact then: mean 0.875.
MAP_HEADER = ("filter,topology,nodes,diameter,seed,run,mobility,speed,time,kind,node,peer,x,y,"
              "resource,truth,estimate,present,status,holder")
corr_map = raw("corr-map.csv", ("\n".join(
    [MAP_HEADER] + [f"lbf,syn,4,1,1,1,none,0,60,node,{n},,{n},0,{key},"
                    f"{0 if (n < 2) == (key == 1) else 1},NA,1,exact,"
                    f"{1 if (n < 2) == (key == 1) else 0}"
                    for n in range(4) for key in (1, 2)]
    + ["lbf,syn,4,1,1,1,none,0,60,link,0,2,NA,NA,NA,NA,NA,NA,NA,NA"]) + "\n").encode())
corr_runs = raw("corr-runs.csv", (
    "filter,topology,seed,run,budget_bytes,m,resources,k,reach,nodes,hop_pairs,fpr,hop_exact,"
    "fpr_ideal,exact_ideal\nlbf,syn,1,1,0,2,2,1,5,4,8,0.75,0.75,0.75,0.75\n").encode())
corr_dist = raw("corr-dist.csv", ("filter,topology,seed,run,budget_bytes,m,true_hops,pairs\n"
                                  "lbf,syn,1,1,0,2,0,4\nlbf,syn,1,1,0,2,1,4\n").encode())


def correlated(run_spread):
    reps, problems, found = 400, [], {}
    for name, extra, want in (("map", ["--map", corr_map], 0.75), ("profile", [], 0.875)):
        _, p, outs = run_spread([corr_runs, corr_dist, "--reps", str(reps), *extra,
                                 "--out", f"{name}.csv"], [f"{name}.csv"])
        problems += p
        rows = {x["quantity"]: x for x in spread_rows(outs[f"{name}.csv"])[1]}
        try:
            x = rows["hop_exact"]
            mean, sd = float(x["mc_mean"]), float(x["mc_sd"])
            found[name] = sd
            if x["distances"] != name:
                problems.append(f"distances {x['distances']!r}, not {name}")
            if abs(mean - want) > 4 * max(sd, 0.01) / reps ** 0.5:
                problems.append(f"{name}: hop_exact mc_mean {mean}, not {want}")
        except (KeyError, ValueError) as e:
            problems.append(f"{name}: table {rows}: {e!r}")
    if "map" in found and not 0.8 < found["map"] / 0.25 < 1.2:
        problems.append(f"map: hop_exact mc_sd {found['map']}, not 0.25")
    return problems


def sweep_maps(run_spread):
    """The tiny sweep with the maps of its R = 8 runs (equal m: its network
    and R are the budget runs' too): every group from the maps (the R = 2
    runs from their first 2 resources: the holders are drawn in id order),
    the BF's rows (one filter for every node) as from the profiles."""
    maps = [a for seed in (1, 2) for a in ("--map", data / f"res-m-8-{seed}-map.csv")]
    _, problems, outs = run_spread([rruns, rdist, "--reps", "20", "--out", "p.csv"], ["p.csv"])
    _, p2, outs2 = run_spread([rruns, rdist, "--reps", "20", *maps, "--out", "m.csv"],
                              ["m.csv"])
    problems += p2
    plain, mapped = spread_rows(outs["p.csv"])[1], spread_rows(outs2["m.csv"])[1]
    for x, y in zip(plain, mapped):
        want = "map"
        if y.get("distances") != want or x.get("distances") != "profile":
            problems.append(f"distances {x.get('distances')} / {y.get('distances')} at R "
                            f"{y.get('R')}")
            break
        if y["family"] == "bf" and x != {**y, "distances": "profile"}:
            problems.append(f"BF rows differ with the map: {x} / {y}")
            break
    if len(plain) != len(mapped) or not plain:
        problems.append(f"{len(plain)} rows without the maps, {len(mapped)} with")
    return problems


spread_case("synthetic correlated nodes: map sd 0.25 and mean 0.75, profile mean 0.875",
            correlated)
spread_case("the sweep with the maps of its R = 8 runs", sweep_maps)
rmap = data / "res-m-8-1-map.csv"


def swap13(header, rows):
    """Resources 1 and 3 of a map swapped: the R = 8 run's distances are the
    same set, the first two resources' are not the R = 2 run's."""
    k = header.index("resource")
    other = {"1": "3", "3": "1"}
    return header, [r[:k] + [other.get(r[k], r[k])] + r[k + 1:] for r in rows]


def farther(header, rows):
    """Node 0 one hop farther from each key it reaches, in every family's map."""
    node, truth = header.index("node"), header.index("truth")
    return header, [r[:truth] + [str(int(r[truth]) + 1)] + r[truth + 1:]
                    if r[node] == "0" and r[truth] not in ("", "NA") else r for r in rows]


for label, args, named in [
        ("--map of the run with node 0 a hop farther from every key",
         [rruns, rdist, "--map", variant("res-m-8-1-map.csv", "mp1.csv", farther)], "not the"),
        ("--map of R = 8 with resources 1 and 3 swapped (the R = 2 runs' first 2 are not "
         "theirs)", [rruns, rdist, "--map", variant("res-m-8-1-map.csv", "mp5.csv", swap13)],
         "not the"),
        ("--map with its rows twice", [rruns, rdist, "--map", concat(
            work / "mp2.csv", rmap, rmap)], "one row per node"),
        ("--map truth -1", [rruns, rdist, "--map", variant("res-m-8-1-map.csv", "mp3.csv", one(
            "truth", "-1"))], "column truth"),
        ("--map garbage", [rruns, rdist, "--map", garbage], "MAP.csv"),
        ("--map without truth", [rruns, rdist, "--map", variant(
            "res-m-8-1-map.csv", "mp4.csv", drop_columns("truth"))], "truth")]:
    refused(label, "ideal-spread.py", args, named)

# No output replaces an input (plot_common.check_target: the same file by
# any name, a hard link, a symbolic link to it): the inputs unchanged.
def inputs(**files):
    """setup: each NAME=SOURCE copied into OUT; NAME=("link"|"hard", OTHER)
    a symbolic or hard link to OUT/OTHER."""
    def setup(o):
        for name, source in files.items():
            name = name.replace("_", "-") + ".csv" if "." not in name else name
            if isinstance(source, tuple):
                kind, other = source
                (os.symlink if kind == "link" else os.link)(o / other, o / name)
            else:
                shutil.copy(source, o / name)
    return setup


for label, script, args, files in [
        ("--out RUNS", "ideal-spread.py",
         ["OUT/runs.csv", "OUT/dist.csv", "--reps", "2", "--out", "OUT/runs.csv"],
         dict(runs=rruns, dist=rdist)),
        ("--out BY_DISTANCE by another name", "ideal-spread.py",
         ["OUT/runs.csv", "OUT/dist.csv", "--reps", "2", "--out", "OUT/./dist.csv"],
         dict(runs=rruns, dist=rdist)),
        ("--out a hard link to BY_DISTANCE", "ideal-spread.py",
         ["OUT/runs.csv", "OUT/dist.csv", "--reps", "2", "--out", "OUT/hard.csv"],
         dict(runs=rruns, dist=rdist, hard=("hard", "dist.csv"))),

        ("--out the --map", "ideal-spread.py",
         [rruns, rdist, "--reps", "2", "--map", "OUT/map.csv", "--out", "OUT/map.csv"],
         dict(map=rmap)),
        ("RUNS is OUTDIR/message-size.png", "plot-sweep.py",
         ["OUT/message-size.png", dist, "OUT"], {"message-size.png": runs}),
        ("BENCHMARK is OUT", "plot-scaling.py", ["OUT/b.png", "OUT/b.png"],
         {"b.png": bench}),
        ("QUERIES is OUTDIR/bcun.png", "compare-bcun.py", ["OUT", "w=OUT/bcun.png"],
         {"bcun.png": bq}),
        ("MAP is a hard link to OUTDIR/map.png", "plot-map.py", ["OUT/m.csv", "OUT"],
         {"map.png": mp, "m.csv": ("hard", "map.png")}),
        ("CSV is OUT", "plot-filter-space.py", ["OUT/f.png", "OUT/f.png"], {"f.png": fsp}),
        ("RUNS is OUTDIR/resources-grid.png", "plot-resources.py",
         ["OUT/resources-grid.png", "OUT"], {"resources-grid.png": rruns})]:
    refused(f"output = input: {label}", script, args, "input", setup=inputs(**files))
refused("output = input: --out a symbolic link to RUNS", "ideal-spread.py",
        ["OUT/runs.csv", "OUT/dist.csv", "--reps", "2", "--out", "OUT/sym.csv"], "--out",
        setup=inputs(runs=rruns, dist=rdist, sym=("link", "runs.csv")))


# Every script the docs run is executable, and one run by a python3 that
# lacks numpy (first in PATH: a venv) names it and its Debian package.
SCRIPTS = sorted(p.name for p in analysis.glob("*.py") if "__main__" in p.read_text())


def executable():
    problems = [f"{name} is not executable" for name in SCRIPTS
                if not os.access(analysis / name, os.X_OK)]
    problems += [f"{name} has no #!/usr/bin/env python3" for name in SCRIPTS
                 if not (analysis / name).read_text().startswith("#!/usr/bin/env python3\n")]
    return "every script of analysis/ is executable", problems, ""


bare = work / "bare-python"
bare.mkdir()
(bare / "python3").write_text(f'#!/bin/sh\nexec {python} -S "$@"\n')  # no dist-packages
(bare / "python3").chmod(0o755)


def without_numpy(name):
    def case():
        if not os.access(analysis / name, os.X_OK):
            return f"{name}: run by a python3 without numpy", ["not executable"], ""
        r = subprocess.run([analysis / name, "--help"], capture_output=True, text=True,
                           env={**os.environ, "PATH": f"{bare}:{os.environ['PATH']}"})
        lines = r.stderr.strip().splitlines()
        problems = [] if r.returncode == 2 else [f"exit {r.returncode}"]
        if len(lines) != 1 or "needs numpy" not in r.stderr or \
                "apt-get install python3-numpy" not in r.stderr:
            problems.append(f"stderr {r.stderr.strip()[-200:]!r}")
        return f"{name}: run by a python3 without numpy", problems, r.stderr.strip()
    return case


for name in SCRIPTS:
    if "plot_common" in (analysis / name).read_text():
        counts["hostile"] += 1
        cases.append(without_numpy(name))
counts["hostile"] += 1
cases.append(executable)


def stdlib_only():
    """compare-versions.py (run by check-ns3-trees.sh with the python3 of
    PATH) and bench-tables.py check their CSVs with csv_input.py, which
    needs no numpy: they still work there."""
    env = {**os.environ, "PATH": f"{bare}:{os.environ['PATH']}"}
    problems = []
    for args in ([analysis / "compare-versions.py", f"a={runs}", f"b={runs}"],
                 [analysis / "bench-tables.py", "--sim", bench]):
        try:
            r = subprocess.run(args, capture_output=True, text=True, env=env)
        except OSError as e:  # not executable
            problems.append(f"{args[0].name}: {e.strerror}")
            continue
        if r.returncode != 0 or r.stderr or "|" not in r.stdout:
            problems.append(f"{args[0].name}: exit {r.returncode}, {r.stderr.strip()[-200:]!r}")
    return "compare-versions.py and bench-tables.py without numpy", problems, ""


counts["valid"] += 1
cases.append(stdlib_only)
# Their cells are checked against the same table (csv_input.COLUMNS).
for label, script, args, named in [
        ("diameter 4.5", "compare-versions.py",
         [f"a={runs}", f"b={variant('sweep.csv', 'cv1.csv', one('diameter', '4.5'))}"],
         "column diameter"),
        ("hop_exact 1.5", "compare-versions.py",
         [f"a={runs}", f"b={variant('sweep.csv', 'cv2.csv', one('hop_exact', '1.5'))}"],
         "column hop_exact"),
        ("a FIFO", "compare-versions.py", [f"a={runs}", f"b={fifo}"], "FIFO"),
        ("run_s -1", "bench-tables.py",
         ["--sim", variant("benchmark.csv", "bt1.csv", one("run_s", "-1"))], "column run_s"),
        ("events_per_s 1.5e9x", "bench-tables.py",
         ["--sim", variant("benchmark.csv", "bt2.csv", one("events_per_s", "1.5e9x"))],
         "column events_per_s"),
        ("a FIFO", "bench-tables.py", ["--sim", fifo], "FIFO")]:
    # bench-tables.py's bad input exits 1 (tests/check-bench-tables.py)
    refused(f"{label}", script, args, named, code=1 if script == "bench-tables.py" else 2)

# --- Two at a time; the report in order. -----------------------------------
with ThreadPoolExecutor(max_workers=int(os.environ.get("CHECK_PLOTS_JOBS", "2"))) as pool:
    results = list(pool.map(lambda case: case(), cases))
counts["hostile"] += 1
results.append(special_files_kept())
if True:
    for name, problems, detail in results:
        if problems:
            failures.append(f"{name}: {'; '.join(problems)}")
            print(f"FAIL {name}: {'; '.join(problems)} {detail!r}")
        else:
            print(f"ok   {name}" + (f": {detail}" if detail else ""))
while not runners.empty():
    runner = runners.get()
    runner.stdin.close()
    runner.wait()
shutil.rmtree(work)
if failures:
    print(f"{len(failures)} of {counts['valid'] + counts['hostile']} cases failed")
    sys.exit(1)
print(f"plot scripts: {counts['valid']} valid inputs drawn, {counts['hostile']} hostile cases "
      "refused with one line")
