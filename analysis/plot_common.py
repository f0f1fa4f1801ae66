"""Shared by the scripts of analysis/ that read the programs' CSVs
(plot-sweep.py, plot-queries.py, plot-scaling.py, plot-paper.py,
plot-energy.py, plot-mobility.py, plot-map.py, plot-filter-space.py,
plot-resources.py, compare-bcun.py, ideal-spread.py): every input is read
and every output written here, as the C++ programs share one writer.

* Errors: one line "SCRIPT: problem" on stderr and exit code 2 (`die`); the
  values a message repeats are quoted and cut (`shown`).
* Modules: `require` imports numpy, pandas, matplotlib or Pillow, or stops
  with one line naming what is missing and its Debian package ("needs
  numpy (...): apt-get install python3-numpy"): a `python3` found first in
  PATH (a venv) may lack them.  This module requires numpy and pandas when
  imported, `pyplot()` matplotlib, so a script imports it first.
  `die`, `shown`, `require`, `open_input` and the column table COLUMNS
  live in csv_input.py, which needs no numpy (bench-tables.py and
  compare-versions.py use it directly), and are re-exported here.
* Input: `open_input` opens a regular file of at most MAX_CSV_BYTES (256 MiB)
  without blocking: a FIFO, a device, a folder or a bigger file is refused at
  once instead of hanging or running out of memory; every file it opens is
  remembered as an input.  `read_table` reads a CSV of the project through
  it, strictly: the needed columns present, at least one row, and every
  column it reads (needed or optional) inside its domain in COLUMNS, the
  one table of the programs' columns: text, integer or real, bounds (shares
  in [0, 1], counts >= 0, hop counts below the most nodes a scenario has),
  missing values (NA, nan, empty) allowed or not.  A value outside is
  refused with the file, row and column.  `keys` columns must have a value
  even where the table allows none; `limits` narrows a column's bounds for
  one script (plot-map.py's coordinates).  Columns a script can do without
  are optional: a panel whose column is missing or empty stays empty.
* Output: `Outputs` draws every figure into memory first and writes them at
  the end, each to a temporary file in its folder renamed into place, after
  checking every target (a new name or a regular file, not a folder, device,
  FIFO or symbolic link, and not one of the inputs: the same file under
  another name, a hard link or a link's target is refused; a figure format
  matplotlib knows from the name): a failure leaves the earlier figures as
  they were and no partial or temporary file.  The output folder is created
  only then, so a refused run leaves no empty folder behind.
* Figures that say only what they draw (issue 38): `draw_series` (and
  `draw_families`, one line per filter family) draws every line of a panel
  and notes under its title what a reader cannot see: lines that hide each
  other ("LBF = ABF: lines overlap, drawn offset", only when equal within 1 %
  of the axis at every x: `overlap_groups`, the one rule of every figure)
  and what is not drawn and why ("not drawn: SDBF (fewer than half its pairs
  right for good)"); `interval_note` claims a band only with two seeds or
  more; `finish` fits the legend and the suptitle to the figure, and
  `label_point` keeps a point's label inside its axes.
  tests/figure_checks.py checks every figure against what it draws.
"""
import importlib
import io
import math
import os
import signal
import tempfile

from csv_input import COLUMNS, INPUTS, die, open_input, reason, require, shown


def pyplot():
    """matplotlib.pyplot with the Agg backend (no display), or one line
    naming the missing package."""
    require("matplotlib").use("Agg")
    return importlib.import_module("matplotlib.pyplot")


np, pd = require("numpy", "pandas")


def _bad(what, path, column, row, message):
    die(f"{what}: {shown(path)}, column {column}, row {row + 2}: {message}")


def check_domains(df, path, what, columns, keys=(), limits=None):
    """Every value of columns (those df has) inside its domain in COLUMNS,
    narrowed by limits {column: (low, high)}; keys must have a value in
    every row.  Numeric columns become numbers.  The first value outside is
    refused in one line with the file, row (as a line of the file: the
    header is row 1) and column."""
    for c in columns:
        if c not in df.columns:
            continue
        domain = COLUMNS[c]  # a column the table lacks is this module's error
        missing = df[c].isna()
        if (c in keys or not domain.na) and missing.any():
            row = int(missing.to_numpy().nonzero()[0][0])
            _bad(what, path, c, row, f"no value ({domain.described()} is needed)")
        if domain.kind == "text":
            continue
        values = pd.to_numeric(df[c], errors="coerce")
        bad = values.isna() & ~missing
        if bad.any():
            row = int(bad.to_numpy().nonzero()[0][0])
            _bad(what, path, c, row, f"{shown(df[c].iloc[row], 40)} is not a number")
        infinite = values.abs() == math.inf
        if infinite.any():
            row = int(infinite.to_numpy().nonzero()[0][0])
            _bad(what, path, c, row, f"{shown(df[c].iloc[row], 40)} is not a finite number")
        if domain.kind == "int":
            fraction = values.notna() & (values != np.floor(values))
            if fraction.any():
                row = int(fraction.to_numpy().nonzero()[0][0])
                _bad(what, path, c, row, f"{shown(df[c].iloc[row], 40)} is not an integer")
        low, high = (limits or {}).get(c, (-math.inf, math.inf))
        low, high = max(low, domain.low), min(high, domain.high)
        outside = (values < low) | (values > high)
        if outside.any():
            row = int(outside.to_numpy().nonzero()[0][0])
            _bad(what, path, c, row, f"{shown(df[c].iloc[row], 40)} is outside "
                 f"[{low:g}, {high:g}]")
        if values.dtype != df[c].dtype:
            df[c] = values
    return df


def read_table(path, what, needed, optional=(), keys=(), limits=None):
    """Reads the CSV at path (what: its name in messages, e.g. RUNS.csv).

    needed: columns that must be there; optional: columns used when present.
    Every one of them is checked against its domain in COLUMNS (text,
    integer or real, bounds, missing values allowed or not; check_domains),
    numeric ones become numbers.  keys: columns that must have a value in
    every row.  limits: {column: (low, high)}, narrower bounds for this
    script.  Returns a DataFrame; an absent optional column is added with
    missing values, so that a script need not test for it.  The file is
    opened by open_input (regular, bounded, without blocking, remembered as
    an input).
    """
    with open_input(path, what) as f:
        try:
            df = pd.read_csv(f, na_values=["NA"])
        except pd.errors.EmptyDataError:
            die(f"{what}: {shown(path)} is empty (no header)")
        except (OSError, UnicodeDecodeError, ValueError, pd.errors.ParserError) as e:
            die(f"{what}: cannot read {shown(path)}: {reason(e)}")
        except MemoryError:
            die(f"{what}: {shown(path)} does not fit in memory")
    missing = [c for c in needed if c not in df.columns]
    if missing:
        die(f"{what}: {shown(path)} has no column {', '.join(missing)}")
    if df.empty:
        die(f"{what}: {shown(path)} has no rows")
    check_domains(df, path, what, list(dict.fromkeys(list(needed) + list(optional))), keys,
                  limits)
    for c in optional:
        if c not in df.columns:
            df[c] = math.nan
    return df


def check_outdir(path, what="OUTDIR", create=False):
    """An output folder: not empty, no control character, not an existing
    non-folder.  With create, it is made (with its parents) when missing and
    must be writable."""
    if not path:
        die(f"{what}: empty folder name")
    if any(not c.isprintable() for c in path):
        die(f"{what}: {shown(path)} contains a control character")
    if os.path.lexists(path) and not os.path.isdir(path):
        die(f"{what}: {shown(path)} exists and is not a folder")
    ancestor = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(ancestor):
        ancestor = os.path.dirname(ancestor)
    if not os.path.isdir(ancestor):
        die(f"{what}: cannot create {shown(path)}: {shown(ancestor)} is not a folder")
    if create:
        try:
            os.makedirs(path, exist_ok=True)
        except OSError as e:
            die(f"{what}: cannot create {shown(path)}: {reason(e)}")
        if not os.access(path, os.W_OK | os.X_OK):
            die(f"{what}: cannot write into {shown(path)}")
    return path


def check_target(path, what, folder=True):
    """A file to (re)write: a new name or an existing regular file (not a
    folder, device, FIFO or symbolic link, and not an input read so far:
    the same file by another name, a hard link to it, or a symbolic link to
    it); with folder, in an existing writable folder."""
    if not path:
        die(f"{what}: empty file name")
    if any(not c.isprintable() for c in path):
        die(f"{what}: {shown(path)} contains a control character")
    try:
        info = os.stat(path)
    except OSError:
        info = None
    if info is not None and (info.st_dev, info.st_ino) in INPUTS:
        input_what, input_path = INPUTS[info.st_dev, info.st_ino]
        die(f"{what}: {shown(path)} is the input {input_what} ({shown(input_path)}); "
            "an output never replaces an input")
    if os.path.lexists(path) and (os.path.islink(path) or not os.path.isfile(path)):
        die(f"{what}: {shown(path)} exists and is not a regular file")
    if folder:
        parent = os.path.dirname(path) or "."
        if not os.path.isdir(parent):
            die(f"{what}: folder {shown(parent)} does not exist")
        if not os.access(parent, os.W_OK | os.X_OK):
            die(f"{what}: cannot write into {shown(parent)}")


# With BG_PLOT_SERIES set (to anything but empty), every figure FIG is
# accompanied by FIG.csv: the series it draws, one row per point, with the
# interval's bounds and the quantity's domain (tests/check-plot-scripts.py
# checks them).  Unset (the default), only the figures are written.
SERIES_ENV = "BG_PLOT_SERIES"
SERIES_COLUMNS = ["panel", "series", "x", "y", "low", "high", "domain_low", "domain_high"]


def series_csv(rows):
    """The sidecar of a figure: SERIES_COLUMNS, one row per point drawn."""
    def cell(v):
        if isinstance(v, float):
            return "nan" if v != v else repr(v)
        text = str(v)
        return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text
    lines = [",".join(SERIES_COLUMNS)]
    lines += [",".join(cell(float(v) if i >= 2 else v) for i, v in enumerate(row)) for row in rows]
    return ("\n".join(lines) + "\n").encode()


def _terminate(signum, frame):
    raise SystemExit(128 + signum)


class Outputs:
    """Figures drawn first, written last: all of them or none.

    add(fig, path, message, what, **savefig_options) renders fig into memory
    (the format from path's extension, PNG without one) and closes it; say()
    queues a line for stdout; add_bytes(path, data, ...) queues bytes drawn
    otherwise (an animation).  commit() creates the output folder given to
    the constructor (folder, named folder_what in messages), checks every
    target, writes each file to a temporary file in its folder, renames them
    all into place and prints the queued lines in order.  Until commit()
    nothing is written or created; if writing fails, the temporary files
    are removed and nothing is renamed.
    """

    def __init__(self, folder=None, folder_what="OUTDIR"):
        self.items = []
        self.folder, self.folder_what = folder, folder_what

    @staticmethod
    def check_format(path, what, formats=None):
        """The format of a figure path from its extension (PNG without one);
        refused unless matplotlib (or formats) knows it."""
        import matplotlib.figure
        extension = os.path.splitext(path)[1][1:].lower()
        fmt = extension or "png"
        known = formats or matplotlib.figure.Figure().canvas.get_supported_filetypes()
        if fmt not in known:
            die(f"{what}: {shown(path)}: no figure format {shown(extension)} "
                f"(e.g. .png, .pdf, .svg)")
        return fmt

    def add(self, fig, path, message=None, what="output", **options):
        import matplotlib.pyplot as plt

        check_target(path, what, folder=False)
        extension = os.path.splitext(path)[1][1:].lower()
        fmt = extension or "png"
        if fmt not in fig.canvas.get_supported_filetypes():
            plt.close(fig)
            die(f"{what}: {shown(path)}: no figure format {shown(extension)} "
                f"(e.g. .png, .pdf, .svg)")
        buffer = io.BytesIO()
        fig.savefig(buffer, format=fmt, **options)
        series = fig.__dict__.get("_bg_series", [])
        plt.close(fig)
        self.items.append((path, buffer.getvalue(), message, what))
        if os.environ.get(SERIES_ENV):
            self.add_bytes(path + ".csv", series_csv(series), None, what)

    def add_bytes(self, path, data, message=None, what="output"):
        check_target(path, what, folder=False)
        self.items.append((path, data, message, what))

    def say(self, text):
        self.items.append((None, None, text, None))

    def commit(self):
        if self.folder is not None:
            check_outdir(self.folder, self.folder_what, create=True)
        files = [item for item in self.items if item[0] is not None]
        for path, _, _, what in files:
            check_target(path, what)
        old = signal.signal(signal.SIGTERM, _terminate)
        temporary = []
        try:
            umask = os.umask(0)
            os.umask(umask)
            for path, data, _, what in files:
                folder = os.path.dirname(path) or "."
                try:
                    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.",
                                               suffix=".tmp")
                    temporary.append(tmp)
                    with os.fdopen(fd, "wb") as f:
                        f.write(data)
                    os.chmod(tmp, 0o666 & ~umask)
                except OSError as e:
                    die(f"{what}: cannot write {shown(path)}: {reason(e)}")
            for (path, _, _, what), tmp in zip(files, temporary):
                try:
                    os.replace(tmp, path)
                except OSError as e:
                    die(f"{what}: cannot write {shown(path)}: {reason(e)}")
            temporary = []
        finally:
            for tmp in temporary:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            signal.signal(signal.SIGTERM, old)
        for path, _, message, _ in self.items:
            if message is not None:
                print(message)
        self.items = []


# --- Figures a reviewer accepts (issue 27) ----------------------------------
# Column names of metrics written by the C++ side that a script draws when
# present (issue 27, items 4 and 5); adjust here only.
COL_RIGHT_MEDIAN = "settle_time_median"  # censored time until right for good, h >= 1
COL_RIGHT_P90 = "settle_time_p90"
COL_RIGHT_SHARE = "settled_share"  # share of non-holder pairs right for good
COL_FRAMES_TO_MAC = "gossip_frames"  # gossip frames handed down (MAC or duty scheduler)
COL_FRAMES_ON_AIR = "gossip_frames_on_air"  # gossip frames the MAC sent (MacTxOk)
COL_FRAMES_CCA_DROP = "gossip_frames_dropped"  # gossip frames the MAC dropped (MacTxDrop)


class Family:
    """How one filter family is drawn in every figure."""

    def __init__(self, key, label, short, color, marker, line, distance=False):
        self.key, self.label, self.short = key, label, short
        self.color, self.marker, self.line = color, marker, line
        self.distance = distance  # whether it estimates hop distances


# The gossip families (name, labels, distance) are the C++ family
# descriptors' (src/bloom-gossip/model/filter-family.cc), written to
# families.json by the families-json program; CTest families-json-in-sync
# keeps the two the same.  How each is drawn is the plots' own: STYLES.
FAMILIES_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "families.json")


def _gossip_families(path=FAMILIES_JSON):
    """The Family of every gossip family in families.json, in its order."""
    import json

    try:
        with open(path, encoding="ascii") as f:
            rows = json.load(f)
        return [Family(r["name"], r["title"], r["label"], *style(r["name"]),
                       bool(r["distance"])) for r in rows]
    except (OSError, ValueError, KeyError, TypeError) as e:
        die(f"{shown(path)}: cannot read the family table: {reason(e)}")


# How each family is drawn, by family name: matplotlib colour, marker and
# line style, the same in every figure (the gossip families and the
# membership filters of plot-filter-space.py).
STYLES = {
    "bf": ("tab:gray", "s", "-"),
    "lbf": ("tab:blue", "o", "--"),
    "abf": ("tab:orange", "^", "-."),
    "sdbf": ("tab:green", "D", ":"),
    "dv": ("tab:red", "v", "-"),
    "cbf": ("tab:purple", "v", (0, (5, 1, 1, 1))),
    "cuckoo": ("tab:brown", "P", (0, (1, 1))),
}
_SPARE = [("tab:purple", "v", (0, (5, 1, 1, 1))), ("tab:brown", "P", (0, (1, 1))),
          ("tab:pink", "X", (0, (3, 1, 3, 3))), ("tab:olive", "*", (0, (8, 2))),
          ("tab:cyan", "h", (0, (2, 2, 6, 2)))]


def style(key):
    """(colour, marker, line) of family key: its STYLES entry, else a spare
    style, the same for the same name in every figure."""
    key = str(key)
    return STYLES[key] if key in STYLES else _SPARE[sum(key.encode()) % len(_SPARE)]


# One table for every figure: the families in families.json's order, then
# the membership filters of plot-filter-space.py (the BF above is theirs
# too; benchmarks/filter-space only, no gossip family).
FAMILIES = {f.key: f for f in _gossip_families() + [
    Family("cbf", "counting Bloom filter", "CBF", *style("cbf")),
    Family("cuckoo", "cuckoo filter", "cuckoo", *style("cuckoo")),
]}


def family(key):
    """The drawing of family key; a family the table does not know (a
    plug-in's) gets its style() and is drawn too."""
    key = str(key)
    if key not in FAMILIES:
        # its hop columns are drawn (empty panels when it has no distance)
        FAMILIES[key] = Family(key, key, key.upper(), *style(key), True)
    return FAMILIES[key]


def with_distance(df, column="filter"):
    """The rows of df whose family estimates hop distances."""
    return df[df[column].map(lambda k: family(k).distance).astype(bool)]


def family_order(keys):
    """keys in the table's order, unknown ones last in sorted order."""
    keys = {str(k) for k in keys}
    known = [k for k in FAMILIES if k in keys]
    return known + sorted(keys - set(known))


# Domains of the quantities drawn: an interval never leaves its domain.
SHARE = (0.0, 1.0)  # exact, miss, present, within-1, FPR, success ...
NONNEG = (0.0, math.inf)  # latency, MAE, bytes, frames, energy ...
REAL = (-math.inf, math.inf)

INTERVAL_SEED = 27  # the bootstrap's fixed seed: figures are byte-reproducible
INTERVAL_RESAMPLES = 2000
INTERVAL_TEXT = "95 % percentile bootstrap over seeds"


def interval_note(n_seeds, what="seed"):
    """The caption text of the interval every figure draws: with one seed
    (what) there is no interval, and the caption says so."""
    n_seeds = int(n_seeds)
    if n_seeds < 2:
        return f"one {what}: no band"
    return f"mean of {n_seeds} {what}s, band: {INTERVAL_TEXT.replace('seed', what)}"


def interval(values, domain=REAL):
    """(mean, low, high) of values (one per seed) with a 95 % percentile
    bootstrap interval of the mean (fixed seed, INTERVAL_RESAMPLES
    resamples).  A bootstrap mean lies between the smallest and the largest
    value, so the interval stays inside any interval domain the values
    respect (shares in [0, 1], nonnegative quantities >= 0); it is clipped
    to domain as well.  No value: (nan, nan, nan); one value: a point."""
    import numpy as np

    vals = np.asarray([v for v in values if v == v], dtype=float)
    if vals.size == 0:
        return math.nan, math.nan, math.nan
    mean = float(vals.mean())
    if vals.size == 1 or float(vals.min()) == float(vals.max()):
        low = high = mean
    else:
        rng = np.random.default_rng(INTERVAL_SEED)
        idx = rng.integers(0, vals.size, size=(INTERVAL_RESAMPLES, vals.size))
        means = vals[idx].mean(axis=1)
        low, high = (float(q) for q in np.quantile(means, [0.025, 0.975]))
    lo_d, hi_d = domain
    clip = lambda v: min(max(v, lo_d), hi_d)  # noqa: E731
    return clip(mean), clip(min(low, mean)), clip(max(high, mean))


# A censored quantile of the time until right for good (never-right pairs
# censored at the run's end) exists only where that share of the pairs is
# right for good (the harness chapter's column table): column -> (share
# column, share needed, why a run has none).
CENSORED = {COL_RIGHT_MEDIAN: (COL_RIGHT_SHARE, 0.5, "fewer than half its pairs right for good"),
            COL_RIGHT_P90: (COL_RIGHT_SHARE, 0.9, "fewer than 90 % of its pairs right for good")}


def seed_interval(values, column, domain=REAL):
    """interval of the seeds' values of column, NA left out - but a
    censored quantile (CENSORED) has a mean only where every seed has one:
    a seed without it lies beyond the run's end, and the others' mean would
    be too short."""
    values = [float(v) for v in values]
    if column in CENSORED and any(v != v for v in values):
        return math.nan, math.nan, math.nan
    return interval(values, domain)


def censored_why(rows, column, by):
    """Why rows (a series' runs at the x values it has no value of column
    at; by: the x column) lack the censored quantile column: its CENSORED
    reason ("... in at least one seed" when other seeds have it), or None
    when that is not why."""
    if column not in CENSORED or rows.empty:
        return None
    share, needed, text = CENSORED[column]
    short = rows[share] < needed
    if rows[share].notna().all() and short.any() and (rows[column].isna() == short).all():
        some = not short.all() and rows.groupby(by)["run"].nunique().max() > 1
        return text + (" in at least one seed" if some else "")
    return None


def wilson(k, n, z=1.959964):
    """The 95 % Wilson score interval (low, high) of a share of k in n
    (pooled counts): always inside [0, 1]."""
    if n <= 0:
        return math.nan, math.nan
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def record(ax, panel, series, x, y, low=None, high=None, domain=REAL):
    """Remembers what ax draws (one point per x) for the figure's series
    sidecar (see Outputs): panel and series name it, domain is the
    quantity's."""
    store = ax.figure.__dict__.setdefault("_bg_series", [])
    low = y if low is None else low
    high = y if high is None else high
    for xi, yi, lo, hi in zip(x, y, low, high):
        store.append((panel, str(series), xi, yi, lo, hi, domain[0], domain[1]))


def dodge_width(xs):
    """A small horizontal offset for a series that coincides with another:
    1.2 % of the x span (of log10 x on a log axis: a factor)."""
    xs = [float(x) for x in xs if x == x]
    span = (max(xs) - min(xs)) if xs else 0.0
    return 0.012 * span if span > 0 else 0.05


# Two series look like one line when they are within OVERLAP_SHARE of the
# panel's y span at every x: 1 % of the span their values cover from 0 (of
# log10 y on a log axis), and on a bounded axis (a share: tidy_axes draws
# 0..1 whatever the values) at least 1 % of the domain, never more than 1 %
# of the axis tidy_axes draws.
OVERLAP_SHARE = 0.01


def overlap_tolerance(ys, log_y=False, domain=REAL):
    """The tolerance below which two series of a panel drawing ys overlap:
    OVERLAP_SHARE of the span of ys and 0 (log_y: of log10 of the positive
    ys), of the domain's span when that is finite and larger (a share of
    0.0001 on a 0..1 axis is drawn on the 0 line).  Absolute (log_y: in
    decades)."""
    ys = [float(y) for y in ys if y == y and (y > 0 or not log_y)]
    if not ys:
        return 0.0
    if log_y:
        return OVERLAP_SHARE * (math.log10(max(ys)) - math.log10(min(ys)))
    span = max(ys) - min(min(ys), 0.0)
    if all(math.isfinite(d) for d in domain):
        span = max(span, domain[1] - domain[0])
    return OVERLAP_SHARE * span


def equal_series(a, b, tol, log_y=False):
    """Whether two series (lists of (x, y), finite y) look like one line:
    the same x values and at every one |y_a - y_b| <= tol (log_y: of log10
    y; a value <= 0 only equals itself), to 1e-9 relative."""
    da, db = dict(a), dict(b)
    if not da or set(da) != set(db):
        return False
    for x, ya in da.items():
        yb = db[x]
        if log_y and (ya <= 0 or yb <= 0):
            if ya != yb:
                return False
            continue
        diff = abs(math.log10(ya) - math.log10(yb)) if log_y else abs(ya - yb)
        if diff > tol + 1e-9 * max(1.0, abs(ya), abs(yb)):
            return False
    return True


def overlap_groups(series, tol, log_y=False):
    """The groups of series that hide each other: series is {key: [(x, y),
    ...]} in drawing order; a key joins the first group whose every member it
    equals (equal_series), else starts one.  Returns the groups of two or
    more keys, each in drawing order.  Every figure's overlap note comes from
    here: a series equal to another at some x only is no overlap."""
    groups = []
    for key, xy in series.items():
        for g in groups:
            if all(equal_series(series[k], xy, tol, log_y) for k in g):
                g.append(key)
                break
        else:
            groups.append([key])
    return [g for g in groups if len(g) > 1]


def overlap_note(lines, log_y=False, domain=REAL, span=None):
    """The note of lines drawn by plain plot calls (not draw_series) that
    hide each other: lines is {name: [(x, y), ...]} in drawing order; the
    groups of overlap_groups at overlap_tolerance (span: the axis' y span
    when it is set, e.g. a zoom), as "A = B: lines overlap" ('' if none)."""
    finite = {k: [(x, y) for x, y in v if y == y] for k, v in lines.items()}
    finite = {k: v for k, v in finite.items() if v}
    tol = OVERLAP_SHARE * span if span is not None else \
        overlap_tolerance([y for v in finite.values() for _, y in v], log_y, domain)
    groups = overlap_groups(finite, tol, log_y)
    return "; ".join(" = ".join(g) for g in groups) + ": lines overlap" if groups else ""


def _spans(xs, axis_xs, fmt):
    """xs (a subset of axis_xs) as text, runs of neighbours in axis_xs
    joined: "4, 8", "18-23"."""
    order = sorted(axis_xs)
    index = {x: i for i, x in enumerate(order)}
    runs = []
    for x in sorted(xs):
        if runs and index[x] == index[runs[-1][-1]] + 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    return ", ".join(fmt(r[0]) if len(r) == 1 else
                     f"{fmt(r[0])}{', ' if len(r) == 2 else '–'}{fmt(r[-1])}" for r in runs)


class Line:
    """One series of a panel: key (e.g. (family, tag)), label (the legend's),
    short (its name in the panel's notes), tag (None, or what tells several
    lines of a family apart), points [(x, mean, low, high)] (mean nan: no
    value at x), style (matplotlib keywords of its line)."""

    def __init__(self, key, label, short, tag, points, style):
        self.key, self.label, self.short, self.tag = key, label, short, tag
        self.points, self.style = points, style


def draw_series(ax, lines, domain, panel, band=True, log_x=False, log_y=False, xname="x",
                why=None, absent=(), dodge=True):
    """Draws lines (Line objects, in drawing order) on ax with their bands
    and says on the panel what a reader cannot see:

    * overlaps: lines of one tag equal within overlap_tolerance at every x
      (overlap_groups) are drawn offset sideways a little and named ("LBF =
      ABF: lines overlap, drawn offset");
    * lines within 2 % of each other on an axis from 0 ("... within 0.69 %
      of each other");
    * what is not drawn and why: a line with no value at all, or none at
      some x the panel's other lines of its tag have ("not drawn: SDBF
      (fewer than half its pairs right for good); ABF at D = 20, 24 (...)"),
      why(line, xs) giving the reason (default "no value"), and absent, a
      list of (name, reason) of series the panel leaves out on purpose.

    The notes go under the panel's title (tidy_axes); the facts behind them
    (the lines' points as drawn, before any offset, the overlaps with their
    tolerance, what is not drawn) are kept with the axes for the figure's
    checks (ax._bg_facts, figure_facts).  xname names x in the notes."""
    why = why or (lambda line, xs: "no value")
    finite = {ln.key: [p for p in sorted(ln.points, key=lambda p: p[0]) if p[1] == p[1]]
              for ln in lines}
    tol = overlap_tolerance([p[1] for pts in finite.values() for p in pts], log_y, domain)
    tags = []
    for ln in lines:
        if ln.tag not in tags:
            tags.append(ln.tag)
    axis_x = {t: sorted({p[0] for ln in lines if ln.tag == t for p in ln.points}) for t in tags}
    all_x = sorted({x for xs in axis_x.values() for x in xs})
    width = dodge_width([math.log10(x) for x in all_x if x > 0] if log_x else all_x)
    groups = []
    for t in tags:
        groups += overlap_groups({ln.key: [(p[0], p[1]) for p in finite[ln.key]]
                                  for ln in lines if ln.tag == t and finite[ln.key]}, tol, log_y)
    place = {k: i for g in groups for i, k in enumerate(g)} if dodge else {}
    by_key = {ln.key: ln for ln in lines}
    facts = {"panel": panel, "tolerance": tol, "log_y": bool(log_y), "x": {}, "series": [],
             "overlaps": [], "not_drawn": [], "absent": [list(a) for a in absent]}
    missing_notes = []
    fmt = (lambda v: f"{v:g}")
    for ln in lines:
        pts = finite[ln.key]
        missing = [x for x in axis_x[ln.tag] if x not in {p[0] for p in pts}]
        name = ln.short + (f" on {ln.tag}" if len(tags) > 1 and ln.tag is not None else "")
        if missing:
            where = "" if not pts else f" at {xname} = {_spans(missing, axis_x[ln.tag], fmt)}"
            missing_notes.append((name, where, why(ln, missing)))
            facts["not_drawn"].append({"label": ln.label, "name": name,
                                       "x": "all" if not pts else missing})
        facts["series"].append({"label": ln.label, "name": name, "tag": ln.tag,
                                "points": [[p[0], p[1]] for p in pts]})
        if not pts:
            continue
        xs = [p[0] for p in pts]
        shift = width * place.get(ln.key, 0)
        drawn_x = [x * 10 ** shift if log_x else x + shift for x in xs]
        ax.plot(drawn_x, [p[1] for p in pts], label=ln.label, clip_on=False, zorder=3,
                **ln.style)
        if band:
            ax.fill_between(drawn_x, [p[2] for p in pts], [p[3] for p in pts],
                            color=ln.style.get("color"), alpha=0.15, linewidth=0)
        # the sidecar holds the data's x (the offset is only drawn)
        record(ax, panel, "/".join(str(k) for k in (ln.key if isinstance(ln.key, tuple)
                                                    else (ln.key,)) if k is not None),
               xs, [p[1] for p in pts], [p[2] for p in pts], [p[3] for p in pts], domain)
    for t in tags:
        facts["x"][str(t)] = axis_x[t]
    notes = []
    if groups:
        def member(k):
            ln = by_key[k]
            return ln.short
        text = "; ".join(" = ".join(member(k) for k in g)
                         + (f" on {by_key[g[0]].tag}" if len(tags) > 1 and by_key[g[0]].tag
                            is not None else "") for g in groups)
        notes.append(text + ": lines overlap, drawn offset")
        facts["overlaps"] = [{"labels": [by_key[k].label for k in g],
                              "names": [by_key[k].short for k in g],
                              "tag": by_key[g[0]].tag} for g in groups]
    # Lines within 2 % of each other on an axis from 0 look like one line:
    # say how close they are (the axis is not cropped to exaggerate).
    by_x = {}
    for ln in lines:
        for p in finite[ln.key]:
            by_x.setdefault(p[0], {})[ln.key] = p[1]
    keys = [ln.key for ln in lines if finite[ln.key]]
    if len(tags) == 1 and len(keys) > 1 and by_x and \
            all(len(v) == len(keys) for v in by_x.values()):
        spread = max((max(v.values()) - min(v.values())) / max(abs(max(v.values())), 1e-300)
                     for v in by_x.values())
        if 0 < spread < 0.02:
            notes.append(f"{', '.join(by_key[k].short for k in keys)} within "
                         f"{spread * 100:.2g} % of each other")
            facts["close"] = {"names": [by_key[k].short for k in keys],
                              "labels": [by_key[k].label for k in keys],
                              "percent": float(f"{spread * 100:.2g}")}
    # "not drawn: LBF, ABF at D = 20 (reason); ...": the series left out
    # for one reason at the same x named together
    left_out = {}
    for name, where, cause in [(n, "", c) for n, c in absent] + missing_notes:
        left_out.setdefault((where, cause), []).append(name)
    if left_out:
        notes.append("not drawn: " + "; ".join(f"{', '.join(names)}{where} ({cause})"
                                               for (where, cause), names in left_out.items()))
    if notes:  # shown under the title by tidy_axes, outside the data
        ax.__dict__["_bg_note"] = "; ".join(notes)
    ax.__dict__["_bg_x"] = all_x
    ax.__dict__.setdefault("_bg_facts", []).append(facts)
    return facts


def draw_families(ax, series, domain, panel, band=True, log_x=False, suffix=None, log_y=False,
                  xname="x", why=None, absent=()):
    """Draws one line per family with its band (draw_series).  series:
    {(family, tag): [(x, mean, low, high), ...]} in drawing order (a mean
    nan: no value at x); tag (e.g. a topology) is added to the label when
    there are several (suffix(tag) -> text) and drawn by the marker's fill
    (the first tag open, the next filled).  why(family, tag, xs) -> the
    reason a family has no value at xs; absent: {family: reason} of the
    families the panel leaves out on purpose (e.g. the BF on a hop panel)."""
    tags = []
    for _, tag in series:
        if tag not in tags:
            tags.append(tag)
    lines = []
    for (fam, tag), pts in series.items():
        f = family(fam)
        label = f.label + (f" ({suffix(tag) if suffix else tag})" if len(tags) > 1 else "")
        fill = "none" if tags.index(tag) % 2 == 0 else f.color
        lines.append(Line((fam, tag if len(tags) > 1 else None), label, f.short,
                          (suffix(tag) if suffix else tag) if len(tags) > 1 else None, pts,
                          dict(linestyle=f.line, marker=f.marker, ms=5, mfc=fill, color=f.color,
                               alpha=0.9)))
    reason = (lambda ln, xs: why(ln.key[0], ln.key[1], xs)) if why else None
    return draw_series(ax, lines, domain, panel, band=band, log_x=log_x, log_y=log_y,
                       xname=xname, why=reason,
                       absent=[(family(f).short, r) for f, r in dict(absent).items()])


def wrap_to_axes(ax, text, fontsize):
    """text broken into lines no wider than ax (at fontsize points, an
    average character about 0.55 of it), at spaces."""
    import textwrap

    width_in = ax.get_position().width * ax.figure.get_figwidth()
    chars = max(20, int(width_in * 72 / (0.55 * fontsize)))
    return "\n".join(textwrap.wrap(text, chars, break_long_words=False,
                                    break_on_hyphens=False))


def finish(fig, suptitle=None, handles=(), labels=(), fontsize=9, title_size=11, ncol=8):
    """Lays a figure of panels out: the legend (handles, labels) centred
    under the panels in as many columns as fit the figure's width (ncol at
    most), the suptitle wrapped to that width on top, and tight_layout in
    between, so that no text leaves the canvas or runs into another."""
    renderer = fig.canvas.get_renderer()
    width = fig.bbox.width
    bottom = 0.0
    if labels:
        n = min(len(labels), ncol)
        while True:
            legend = fig.legend(list(handles), list(labels), loc="lower center", ncol=n,
                                fontsize=fontsize)
            if legend.get_window_extent(renderer).width <= 0.98 * width or n == 1:
                break
            legend.remove()
            n -= 1
        bottom = legend.get_window_extent(renderer).height / fig.bbox.height + 0.01
    top = 1.0
    if suptitle:
        import textwrap

        chars = max(30, int(fig.get_figwidth() * 72 / (0.55 * title_size)))
        text = "\n".join(line for part in suptitle.split("\n")
                         for line in textwrap.wrap(part, chars, break_long_words=False))
        title = fig.suptitle(text, fontsize=title_size)
        top = 1.0 - (title.get_window_extent(renderer).height + 8) / fig.bbox.height
    fig.tight_layout(rect=(0, bottom, 1, top))


def label_point(ax, xy, text, fontsize=7, color="0.3", offset=4, **options):
    """text beside the data point xy, on the side that keeps it inside the
    axes: up and right, but left of a point in the right fifth of the axes
    and under one in its top sixth.  Call it once the limits are final."""
    ax.get_xlim(), ax.get_ylim()  # the limits as drawn (autoscaled now)
    fx, fy = ax.transAxes.inverted().transform(ax.transData.transform(xy))
    left, low = fx > 0.8, fy > 5 / 6
    return ax.annotate(text, xy, textcoords="offset points",
                       xytext=(-offset if left else offset, -offset if low else offset),
                       ha="right" if left else "left", va="top" if low else "bottom",
                       fontsize=fontsize, color=color, **options)


def legend_entries(axes):
    """The union of the axes' legend entries, families in the table's order
    (a label starting with a family's label sorts with it)."""
    handles, labels = {}, []
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in handles:
                handles[lab] = h
                labels.append(lab)
    rank = {f.label: i for i, f in enumerate(FAMILIES.values())}

    def key(lab):
        best = [r for name, r in rank.items() if lab == name or lab.startswith(name + " (")]
        return (best[0] if best else len(rank), first[lab])
    first = {lab: i for i, lab in enumerate(labels)}
    labels.sort(key=key)
    return [handles[lab] for lab in labels], labels


def tidy_axes(ax, domain=REAL, integer_x=False, integer_y=False, data_ticks=False):
    """Axes a reviewer accepts: no offset notation, integer ticks on an
    integer axis, y from 0 for a nonnegative quantity (0..1 for a share),
    readable ticks on a log axis.  With integer_x or data_ticks, the x ticks
    are the values drawn by draw_families (13 at most)."""
    from matplotlib import ticker

    for axis, integer in ((ax.xaxis, integer_x), (ax.yaxis, integer_y)):
        log = (ax.get_xscale() if axis is ax.xaxis else ax.get_yscale()) == "log"
        if log:
            axis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
            axis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
            axis.set_minor_formatter(ticker.NullFormatter())
            continue
        fmt = ticker.ScalarFormatter(useOffset=False)
        fmt.set_scientific(False)
        axis.set_major_formatter(fmt)
        if integer:
            axis.set_major_locator(ticker.MaxNLocator(integer=True))
    xs = ax.__dict__.get("_bg_x")
    if (integer_x or data_ticks) and xs and len(xs) <= 13 and ax.get_xscale() != "log":
        ax.set_xticks(xs)  # the values that exist (e.g. only even diameters)
    note = ax.__dict__.pop("_bg_note", None)
    if note:
        title = ax.get_title()
        note = wrap_to_axes(ax, f"({note})", 8)
        ax.set_title(f"{title}\n{note}" if title else note, fontsize=8)
    if ax.get_yscale() != "log":
        # From 0 (no crop that exaggerates), with a 3 % margin at both ends so
        # that a line at 0, at 1 or at the top is not hidden by the frame.
        if domain == SHARE:
            ax.set_ylim(-0.03, 1.03)
        elif domain[0] == 0:
            low, high = ax.get_ylim()
            high = high if high > 0 else 1.0
            ax.set_ylim(-0.03 * high, 1.03 * high)
