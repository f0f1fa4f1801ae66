"""Shared by the plot scripts of analysis/ (plot-sweep.py, plot-queries.py,
plot-scaling.py, plot-paper.py, plot-energy.py, plot-mobility.py, plot-map.py,
plot-filter-space.py): every input is read and every figure written here.

* Errors: one line "SCRIPT: problem" on stderr and exit code 2 (`die`); the
  values a message repeats are quoted and cut (`shown`).
* Input: `open_input` opens a regular file of at most MAX_CSV_BYTES (256 MiB)
  without blocking: a FIFO, a device, a folder or a bigger file is refused at
  once instead of hanging or running out of memory.  `read_table` reads a
  CSV of the project through it, strictly: the needed columns present, at least one row, numbers in the numeric
  columns (NA, nan and empty cells are missing values), no missing value in
  the key columns.  Columns a script can do without are optional: a panel
  whose column is missing or empty stays empty; `limits` bounds columns
  (plot-map.py's coordinates).
* Output: `Outputs` draws every figure into memory first and writes them at
  the end, each to a temporary file in its folder renamed into place, after
  checking every target (a new name or a regular file, not a folder, device,
  FIFO or symbolic link; a figure format matplotlib knows from the name):
  a failure leaves the earlier figures as they were and no partial or
  temporary file.  The output folder is created only then, so a refused run
  leaves no empty folder behind.
"""
import io
import math
import os
import signal
import stat
import sys
import tempfile

import pandas as pd

PROG = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "plot"

# The largest CSV a plot script reads: 256 MiB (pandas needs several times
# the file's size in memory).  The programs' own inputs are bounded at 64 MiB
# (src/bloom-gossip/helper/input-file.h); a sweep's concatenated CSVs and a
# map of many map times are bigger, hence the larger bound here.
MAX_CSV_BYTES = 256 << 20


def shown(value, limit=80):
    """A value as a message quotes it: 'text', cut at limit characters, with
    control characters escaped so that the message stays one line."""
    text = str(value)
    cut = len(text) > limit
    text = text[:limit]
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return f"'{text}'" + ("..." if cut else "")


def die(message):
    """One line on stderr, exit code 2."""
    line = " ".join(str(message).splitlines())
    print(f"{PROG}: {line}", file=sys.stderr)
    sys.exit(2)


def reason(error):
    """The reason of an OSError or a parser error, on one line."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    text = str(error).strip().splitlines()
    return text[-1] if text else type(error).__name__


def open_input(path, what, limit=MAX_CSV_BYTES):
    """The file at path opened for reading (binary): a regular file of at
    most limit bytes.  It is opened without blocking (O_NONBLOCK, so a FIFO
    with no writer does not wait) and checked on the open descriptor before
    anything is read; a refusal is one line naming what (e.g. RUNS.csv)."""
    if not path:
        die(f"{what}: empty file name")
    if any(not c.isprintable() for c in path):
        die(f"{what}: {shown(path)} contains a control character")
    if not os.path.lexists(path):
        die(f"{what}: {shown(path)} does not exist")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        die(f"{what}: cannot read {shown(path)}: {reason(e)}")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = ("a folder" if stat.S_ISDIR(info.st_mode) else
                    "a FIFO" if stat.S_ISFIFO(info.st_mode) else
                    "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                    else "not a regular file")
            die(f"{what}: {shown(path)} is {kind}, not a regular file")
        if info.st_size > limit:
            die(f"{what}: {shown(path)} has {info.st_size} bytes, more than the "
                f"{limit >> 20} MiB a plot script reads")
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_table(path, what, needed, numeric=(), keys=(), optional=(), limits=None):
    """Reads the CSV at path (what: its name in messages, e.g. RUNS.csv).

    needed: columns that must be there; optional: columns used when present.
    numeric: columns (needed or optional) whose values must be numbers or
    missing (NA, nan, empty); inf is refused.  keys: columns that must have
    a value in every row.  limits: {column: (low, high)}, values outside
    refused.  Returns a DataFrame; an absent optional column is added with
    missing values, so that a script need not test for it.  The file is
    opened by open_input (regular, bounded, without blocking).
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
    for c in optional:
        if c not in df.columns:
            df[c] = math.nan
    for c in numeric:
        if c not in df.columns:
            continue
        values = pd.to_numeric(df[c], errors="coerce")
        bad = values.isna() & df[c].notna()
        if bad.any():
            row = int(bad.to_numpy().nonzero()[0][0])
            die(f"{what}: {shown(path)}, column {c}, row {row + 2}: {shown(df[c].iloc[row], 40)} "
                "is not a number")
        infinite = values.abs() == math.inf
        if infinite.any():
            row = int(infinite.to_numpy().nonzero()[0][0])
            die(f"{what}: {shown(path)}, column {c}, row {row + 2}: {shown(df[c].iloc[row], 40)} "
                "is not a finite number")
        low, high = (limits or {}).get(c, (-math.inf, math.inf))
        outside = (values < low) | (values > high)
        if outside.any():
            row = int(outside.to_numpy().nonzero()[0][0])
            die(f"{what}: {shown(path)}, column {c}, row {row + 2}: {shown(df[c].iloc[row], 40)} "
                f"is outside [{low:g}, {high:g}]")
        if values.dtype != df[c].dtype:
            df[c] = values
    for c in keys:
        empty = df[c].isna()
        if empty.any():
            row = int(empty.to_numpy().nonzero()[0][0])
            die(f"{what}: {shown(path)}, row {row + 2}: no value in column {c}")
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
    folder, device, FIFO or symbolic link); with folder, in an existing
    writable folder."""
    if not path:
        die(f"{what}: empty file name")
    if any(not c.isprintable() for c in path):
        die(f"{what}: {shown(path)} contains a control character")
    if os.path.lexists(path) and (os.path.islink(path) or not os.path.isfile(path)):
        die(f"{what}: {shown(path)} exists and is not a regular file")
    if folder:
        parent = os.path.dirname(path) or "."
        if not os.path.isdir(parent):
            die(f"{what}: folder {shown(parent)} does not exist")
        if not os.access(parent, os.W_OK | os.X_OK):
            die(f"{what}: cannot write into {shown(parent)}")


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
        plt.close(fig)
        self.items.append((path, buffer.getvalue(), message, what))

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
