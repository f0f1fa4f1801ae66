#!/usr/bin/env python3
"""Space and accuracy of the Bloom, counting Bloom and cuckoo filters.

    analysis/plot-filter-space.py FILTER-SPACE.csv OUT.png [--fill PERCENT]

FILTER-SPACE.csv is written by filter-space (benchmarks/filter-space.cc).
Left panel: bits per element against the target false-positive rate, one
line per filter, with the information-theoretic floor log2(1/target).
Right panel: measured against target false-positive rate, at --fill (default
100: the n keys the filters are sized for; solid) and at every other fill
of the file (past capacity; dashed), with the line measured = target.

Needs python3-matplotlib and python3-pandas (Debian).  The PNG is written to
a temporary file next to OUT.png and renamed into place.  Bad input: one
line on stderr, exit code 2.
"""
import argparse
import math
import os
import sys
import tempfile

NEEDED = ["filter", "target_fpr", "fill_pct", "elements", "bits_per_element", "measured_fpr",
          "queries"]
STYLE = {
    "bf": dict(color="tab:blue", marker="o", label="Bloom filter"),
    "cbf": dict(color="tab:orange", marker="s", label="counting Bloom filter"),
    "cuckoo": dict(color="tab:green", marker="^", label="cuckoo filter"),
}
PROG = "plot-filter-space.py"


def die(message):
    print(f"{PROG}: {message}", file=sys.stderr)
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(message)


def read(path):
    try:
        with open(path, "rb"):
            pass
    except OSError as e:
        die(f"cannot read {path}: {e.strerror or e}")
    import pandas as pd

    try:
        df = pd.read_csv(path)
    except (OSError, UnicodeDecodeError, pd.errors.ParserError, pd.errors.EmptyDataError) as e:
        die(f"cannot read {path}: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
    missing = [c for c in NEEDED if c not in df.columns]
    if missing:
        die(f"{path}: not a filter-space CSV (missing columns {', '.join(missing)})")
    if df.empty:
        die(f"{path}: no rows")
    unknown = sorted(set(df["filter"].astype(str)) - set(STYLE))
    if unknown:
        die(f"{path}: unknown filter {unknown[0]} (expected bf, cbf, cuckoo)")
    for column in NEEDED[1:]:
        values = pd.to_numeric(df[column], errors="coerce")
        if values.isna().any():
            die(f"{path}: column {column} has a missing or non-numeric value")
        df[column] = values
    if (df["target_fpr"] <= 0).any() or (df["target_fpr"] >= 1).any():
        die(f"{path}: target_fpr outside (0, 1)")
    if df["elements"].nunique() > 1:
        die(f"{path}: mixes runs of different --elements; give one run")
    if df.duplicated(["filter", "target_fpr", "fill_pct"]).any():
        die(f"{path}: a (filter, target_fpr, fill_pct) appears twice; give one run")
    return df


def main():
    p = Parser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("csv", help="CSV written by filter-space")
    p.add_argument("out", help="PNG file to write")
    p.add_argument("--fill", default="100",
                   help="fill (percent of n) of the main curves (default 100)")
    args = p.parse_args()
    try:
        fill = float(args.fill)
    except ValueError:
        die(f"--fill: '{args.fill}' is not a number")
    out_dir = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(out_dir):
        die(f"{args.out}: folder {out_dir} does not exist")
    if os.path.isdir(args.out):
        die(f"{args.out} is a folder")

    df = read(args.csv)
    if not (df["fill_pct"] == fill).any():
        fills = ", ".join(f"{v:g}" for v in sorted(df["fill_pct"].unique()))
        die(f"--fill: no rows at fill {fill:g} % in {args.csv} (fills: {fills})")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    n = int(df["elements"].iloc[0])
    fig, (left, right) = plt.subplots(1, 2, figsize=(12.4, 4.8))
    main_rows = df[df["fill_pct"] == fill]
    for name, style in STYLE.items():
        d = main_rows[main_rows["filter"] == name].sort_values("target_fpr")
        if not d.empty:
            left.plot(d["target_fpr"] * 100, d["bits_per_element"], **style)
    targets = sorted(df["target_fpr"].unique())
    left.plot([t * 100 for t in targets], [math.log2(1 / t) for t in targets], color="0.5",
              ls=":", label="floor log2(1/target)")
    left.set_xscale("log")
    left.set_yscale("log")
    left.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    left.yaxis.set_minor_formatter(matplotlib.ticker.FormatStrFormatter("%g"))
    left.tick_params(axis="y", which="minor", labelsize=7)
    left.set_xlabel("target false-positive rate (%)")
    left.set_ylabel("bits per element (table bits / n)")
    left.set_title(f"Space for n = {n} keys")
    left.grid(True, which="both", alpha=0.3)
    left.legend(fontsize=8)

    for name, style in STYLE.items():
        for f in sorted(df["fill_pct"].unique()):
            d = df[(df["filter"] == name) & (df["fill_pct"] == f)].sort_values("target_fpr")
            if d.empty:
                continue
            s = dict(style)
            if f != fill:
                s.update(ls="--", mfc="none", label=f"{style['label']}, {f:g} % of n")
            else:
                s["label"] = f"{style['label']}, {f:g} % of n"
            # Zero false positives cannot be drawn on a log axis: 1/queries instead.
            y = d["measured_fpr"].where(d["measured_fpr"] > 0, 1 / d["queries"])
            right.plot(d["target_fpr"] * 100, y * 100, **s)
    lo, hi = min(targets) * 100, max(targets) * 100
    right.plot([lo, hi], [lo, hi], color="0.5", ls=":", label="measured = target")
    right.set_xscale("log")
    right.set_yscale("log")
    right.set_xlabel("target false-positive rate (%)")
    right.set_ylabel("measured false-positive rate (%)")
    right.set_title("Accuracy at capacity (solid) and past it (dashed)")
    right.grid(True, which="both", alpha=0.3)
    right.legend(fontsize=7)
    fig.tight_layout()

    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(args.out) + ".", suffix=".tmp",
                               dir=out_dir)
    try:
        with os.fdopen(fd, "wb") as f:
            fig.savefig(f, format="png", dpi=110)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp creates 0600
        os.replace(tmp, args.out)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            die(f"cannot write {args.out}: {e.strerror or e}")
        raise
    plt.close(fig)
    print(f"{PROG}: wrote {args.out}")


if __name__ == "__main__":
    main()
