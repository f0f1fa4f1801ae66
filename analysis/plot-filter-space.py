#!/usr/bin/env python3
"""Space and accuracy of the Bloom, counting Bloom and cuckoo filters.

    analysis/plot-filter-space.py FILTER-SPACE.csv OUT.png [--fill PERCENT]

FILTER-SPACE.csv is written by filter-space (benchmarks/filter-space.cc).
Left panel: bits per element against the target false-positive rate, one
line per filter, with the information-theoretic floor log2(1/target).
Right panel: measured against target false-positive rate, at --fill (default
100: the n keys the filters are sized for; solid) and at every other fill
of the file (past capacity; dashed), with the line measured = target.

Needs python3-matplotlib and python3-pandas (Debian).  The figure's format
comes from OUT's extension (PNG without one; an unknown one is refused); it
is written to a temporary file next to OUT and renamed into place, and OUT
must be a new name or a regular file (not a folder, device, FIFO or
symbolic link).  The CSV must be a regular file of at most 256 MiB (a FIFO
is refused, not waited on).  Bad input: one line on stderr, exit code 2.
All of this is analysis/plot_common.py's, as for the other plot scripts.
"""
import argparse
import math

from plot_common import Outputs, check_target, die, read_table, shown

NEEDED = ["filter", "target_fpr", "fill_pct", "elements", "bits_per_element", "measured_fpr",
          "queries"]
STYLE = {
    "bf": dict(color="tab:blue", marker="o", label="Bloom filter"),
    "cbf": dict(color="tab:orange", marker="s", label="counting Bloom filter"),
    "cuckoo": dict(color="tab:green", marker="^", label="cuckoo filter"),
}
PROG = "plot-filter-space.py"


class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(f"usage: {message}")


def read(path):
    import pandas as pd

    df = read_table(path, "FILTER-SPACE.csv", needed=NEEDED)
    name = f"FILTER-SPACE.csv: {shown(path)}"
    unknown = sorted(set(df["filter"].astype(str)) - set(STYLE))
    if unknown:
        die(f"{name}: unknown filter {shown(unknown[0])} (expected bf, cbf, cuckoo)")
    for column in NEEDED[1:]:
        values = pd.to_numeric(df[column], errors="coerce")
        if values.isna().any():
            die(f"{name}: column {column} has a missing or non-numeric value")
        df[column] = values
    if (df["target_fpr"] <= 0).any() or (df["target_fpr"] >= 1).any():
        die(f"{name}: target_fpr outside (0, 1)")
    if df["elements"].nunique() > 1:
        die(f"{name}: mixes runs of different --elements; give one run")
    if df.duplicated(["filter", "target_fpr", "fill_pct"]).any():
        die(f"{name}: a (filter, target_fpr, fill_pct) appears twice; give one run")
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
    check_target(args.out, "OUT")
    Outputs.check_format(args.out, "OUT")

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

    out = Outputs()
    out.add(fig, args.out, f"{PROG}: wrote {args.out}", "OUT", dpi=110)
    out.commit()


if __name__ == "__main__":
    main()
