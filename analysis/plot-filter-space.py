#!/usr/bin/env python3
"""Space and accuracy of the Bloom, counting Bloom and cuckoo filters.

    analysis/plot-filter-space.py FILTER-SPACE.csv OUT.png [--fill PERCENT]

FILTER-SPACE.csv is written by filter-space (benchmarks/filter-space.cc).
Left panel: bits per element against the target false-positive rate, one
line per filter, with the information-theoretic floor log2(1/target).
Right panel: measured against target false-positive rate, at --fill (default
100: the n keys the filters are sized for; solid) and at every other fill
of the file (past capacity; dashed), with the line measured = target and
the 95 % Wilson interval of each measured rate (false positives in
`queries` absent keys) as a band.

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

import plot_common as pc
from plot_common import Outputs, check_target, die, read_table, shown

plt = pc.pyplot()

NEEDED = ["filter", "target_fpr", "fill_pct", "elements", "bits_per_element", "measured_fpr",
          "queries"]
# Colour, marker and line style from plot_common.FAMILIES (bf, cbf, cuckoo).
STYLE = {k: dict(color=pc.family(k).color, marker=pc.family(k).marker, label=pc.family(k).label,
                 ls=pc.family(k).line) for k in ("bf", "cbf", "cuckoo")}
PROG = "plot-filter-space.py"


class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(f"usage: {message}")


def read(path):
    # every column a value (keys); a rate needs a query
    df = read_table(path, "FILTER-SPACE.csv", needed=NEEDED, keys=NEEDED,
                    limits={"queries": (1, math.inf), "elements": (1, math.inf)})
    name = f"FILTER-SPACE.csv: {shown(path)}"
    unknown = sorted(set(df["filter"].astype(str)) - set(STYLE))
    if unknown:
        die(f"{name}: unknown filter {shown(unknown[0])} (expected bf, cbf, cuckoo)")
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

    n = int(df["elements"].iloc[0])
    fig, (left, right) = plt.subplots(1, 2, figsize=(12.4, 4.8))
    main_rows = df[df["fill_pct"] == fill]
    for name, style in STYLE.items():
        d = main_rows[main_rows["filter"] == name].sort_values("target_fpr")
        if not d.empty:
            left.plot(d["target_fpr"] * 100, d["bits_per_element"], **style)
            pc.record(left, "bits per element", name, list(d["target_fpr"]),
                      list(d["bits_per_element"]), domain=pc.NONNEG)
    targets = sorted(df["target_fpr"].unique())
    left.plot([t * 100 for t in targets], [math.log2(1 / t) for t in targets], color="0.5",
              ls=":", label="floor log2(1/target)")
    left.set_xscale("log")
    left.set_yscale("log")
    pc.tidy_axes(left)
    left.set_xlabel("target false-positive rate (%)")
    left.set_ylabel("bits per element (table bits / n)")
    left.set_title(f"Space for n = {n} keys")
    left.grid(True, which="both", alpha=0.3)
    left.legend(fontsize=8, loc="upper left", bbox_to_anchor=(0, -0.14), ncol=2)

    lines = []
    fills = sorted(df["fill_pct"].unique())
    for name, style in STYLE.items():
        for f in fills:
            d = df[(df["filter"] == name) & (df["fill_pct"] == f)].sort_values("target_fpr")
            if d.empty:
                continue
            # Zero false positives cannot be drawn on a log axis: 1/queries instead.
            y = d["measured_fpr"].where(d["measured_fpr"] > 0, 1 / d["queries"])
            # 95 % Wilson interval of the measured rate (k false positives in
            # `queries` absent keys); its zero lower end drawn at the point.
            bounds = [pc.wilson(round(m * q), q) for m, q in zip(d["measured_fpr"], d["queries"])]
            points = [(t * 100, v * 100, (max(b[0], v) if b[0] <= 0 else b[0]) * 100, b[1] * 100)
                      for t, v, b in zip(d["target_fpr"], y, bounds)]
            lines.append(pc.Line((name, f), f"{style['label']}, {f:g} % of n",
                                 pc.family(name).short, f"{f:g} % of n", points,
                                 dict(color=style["color"], marker=style["marker"],
                                      ls="-" if f == fill else "--",
                                      mfc=style["color"] if f == fill else "none")))
    # the same rates (e.g. a CBF hashes as the BF) are drawn offset and named
    pc.draw_series(right, lines, (0.0, 100.0), "measured FPR (%)", log_x=True, log_y=True,
                   xname="target %")
    lo, hi = min(targets) * 100, max(targets) * 100
    right.plot([lo, hi], [lo, hi], color="0.5", ls=":", label="measured = target")
    right.set_xscale("log")
    right.set_yscale("log")
    right.set_xlabel("target false-positive rate (%)")
    right.set_ylabel("measured false-positive rate (%)")
    right.set_title("Accuracy at capacity (solid) and past it (dashed);\n"
                    "band: 95 % Wilson interval of the measured rate")
    right.grid(True, which="both", alpha=0.3)
    pc.tidy_axes(right)
    right.legend(fontsize=7, loc="upper left", bbox_to_anchor=(0, -0.14), ncol=2)
    fig.suptitle("Filter space and accuracy", fontsize=10)
    fig.tight_layout()

    out = Outputs()
    out.add(fig, args.out, f"{PROG}: wrote {args.out}", "OUT", dpi=110)
    out.commit()


if __name__ == "__main__":
    main()
