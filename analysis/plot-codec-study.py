#!/usr/bin/env python3
"""Compressed against raw advertisements at one byte budget, side by side (issue 41).

    analysis/plot-codec-study.py RAW.csv CODED.csv OUT.png

RAW.csv and CODED.csv are runs.csv files of diameter-sweep (or of
scenarios/resources-sweep.sh) with the same options but --codec: RAW.csv
of --codec none runs (every row's coded_bytes equals its payload_bytes,
else refused), CODED.csv of --codec entropy runs; their rows with
--budget-bytes are drawn (budget_bytes > 0, one budget; resources-sweep.sh's
equal-m rows are left out).  x is the network's hop
diameter when the files hold several, else the resources R (log2 axis).
Six panels, one line per family and codec (raw: dashed, open markers;
coded: solid, filled markers), the mean over the files' seeds (runs) at a
point: the exact share of the pairs (hop_exact; BF: membership, the share
of the resources it reports), the measured FPR (log axis; a run with no
false positive among its probes is not drawn: below 1 / probes), hop MAE
(families with distance), frames per advertisement, the radio's air-time
energy per node (energy_airtime_j / nodes; runs with --energy, else not
drawn) and the median settle time (the harness' settle_time_median).  The
ideal-hashing model of each compressed point (fpr_ideal, exact_ideal: the
family's model for the run's own m, k and true distances; BF and LBF) is
drawn beside it as a grey-edged marker of the family's colour, no line;
an ideal FPR below 1e-12 is not drawn (IdealHashingFpr, an
inclusion-exclusion sum, is exact to about 1e-15 only: a coded BF's model
may come out as -1e-17, which is accepted down to -1e-12 and said on the
panel).

Needs python3-matplotlib and python3-pandas (Debian).  The figure's format
comes from OUT's extension (PNG without one; an unknown one is refused); it
is written to a temporary file next to OUT and renamed into place, and OUT
must be a new name or a regular file.  Bad input (a missing column, a value
outside its column's domain, no row, a RAW.csv row that was coded, files
of different budgets or x values): one line on stderr, exit code 2.
"""
import argparse
import math

import plot_common as pc
from plot_common import Outputs, check_target, die, read_table

PROG = "plot-codec-study.py"
KEYS = ["filter", "topology", "nodes", "diameter", "resources", "budget_bytes", "run"]
NEEDED = KEYS + ["payload_bytes", "coded_bytes", "frames_per_beacon", "fpr", "hop_exact",
                 "hop_mae", "membership", "settle_time_median"]
OPTIONAL = ["exact_ideal", "energy_airtime_j"]
# fpr_ideal (IdealHashingFpr, an inclusion-exclusion sum of terms up to 1)
# is exact only to about 1e-15: coded filters' models fall below that and
# may come out a little negative.  Values in [-RESOLUTION, RESOLUTION) are
# below the model's resolution (not drawn, and the panel says so).
RESOLUTION = 1e-12
CODECS = [("none", "raw", dict(linestyle="--", mfc="none", lw=1.2)),
          ("entropy", "coded", dict(linestyle="-", lw=1.8))]


class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(f"usage: {message}")


def read(path, what):
    df = read_table(path, what, needed=NEEDED, optional=OPTIONAL, keys=KEYS)
    if "fpr_ideal" in df.columns:
        values = pc.pd.to_numeric(df["fpr_ideal"], errors="coerce")
        bad = (values.isna() & df["fpr_ideal"].notna()) | (values < -RESOLUTION) | (values > 1)
        if bad.any():
            row = int(bad.to_numpy().nonzero()[0][0])
            die(f"{what}: {pc.shown(path)}, column fpr_ideal, row {row + 2}: "
                f"{pc.shown(df['fpr_ideal'].iloc[row], 40)} is outside [-{RESOLUTION:g}, 1]")
        df["fpr_ideal"] = values.where(values >= RESOLUTION)
    else:
        df["fpr_ideal"] = math.nan
    df = df[df["budget_bytes"] > 0].reset_index(drop=True)  # resources-sweep.sh's equal m
    if df.empty:
        die(f"{what}: {pc.shown(path)}: no row with budget_bytes > 0 (runs with --budget-bytes)")
    return df


def exact_share(row):
    """hop_exact, or the BF's membership (no distance)."""
    return row["hop_exact"] if pc.family(row["filter"]).distance else row["membership"]


def panels():
    """(column or function, title, y label, log y, domain, ideal column)."""
    return [
        (exact_share, "exact share (BF: membership)", "share of pairs", False, pc.SHARE,
         "exact_ideal"),
        ("fpr", "false-positive rate (log)", "FPR", True, pc.SHARE, "fpr_ideal"),
        ("hop_mae", "hop MAE", "hops", False, pc.NONNEG, None),
        ("frames_per_beacon", "frames per advertisement", "frames", False, pc.NONNEG, None),
        (lambda r: r["energy_airtime_j"] / r["nodes"] * 1e3 if "energy_airtime_j" in r else
         math.nan, "air-time energy per node", "mJ", False, pc.NONNEG, None),
        ("settle_time_median", "median settle time", "s", False, pc.NONNEG, None)]


def value(row, column):
    v = column(row) if callable(column) else row[column]
    return float(v) if v == v else math.nan


def main():
    p = Parser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("raw", help="runs.csv of --codec none runs")
    p.add_argument("coded", help="runs.csv of --codec entropy runs")
    p.add_argument("out", help="figure to write (PNG)")
    args = p.parse_args()
    check_target(args.out, "OUT")
    Outputs.check_format(args.out, "OUT")
    raw = read(args.raw, "RAW.csv")
    coded = read(args.coded, "CODED.csv")
    bad = raw[raw["coded_bytes"] != raw["payload_bytes"]]
    if not bad.empty:
        die(f"RAW.csv: {pc.shown(args.raw)}: row {bad.index[0] + 2}: coded_bytes "
            f"{bad['coded_bytes'].iloc[0]:g} differs from payload_bytes: not a --codec none run")
    budgets = sorted(set(raw["budget_bytes"]) | set(coded["budget_bytes"]))
    if len(budgets) != 1:
        die(f"CODED.csv: {pc.shown(args.coded)}: budgets {', '.join(f'{b:g}' for b in budgets)}: "
            "one budget per figure")
    by_diameter = raw["diameter"].nunique() > 1 or coded["diameter"].nunique() > 1
    x = "diameter" if by_diameter else "resources"
    if sorted(set(raw[x])) != sorted(set(coded[x])):
        die(f"CODED.csv: {pc.shown(args.coded)}: its {x} values differ from RAW.csv's")
    seeds = int(min(raw.groupby(["filter", x])["run"].nunique().min(),
                    coded.groupby(["filter", x])["run"].nunique().min()))
    families = pc.family_order(list(dict.fromkeys(list(raw["filter"]) + list(coded["filter"]))))

    plt = pc.pyplot()
    fig, axes = plt.subplots(2, 3, figsize=(15, 8.6))
    for ax, (column, title, ylabel, log_y, domain, ideal) in zip(axes.flat, panels()):
        lines = []
        for fam in families:
            f = pc.family(fam)
            modelled = any(coded.loc[coded["filter"] == fam, c].notna().any()
                           for c in ("fpr_ideal", "exact_ideal"))
            applies = column != "hop_mae" or f.distance
            for codec, name, style in CODECS:
                df = raw if codec == "none" else coded
                sub = df[df["filter"] == fam]
                pts = []
                for xv, g in sub.groupby(x):
                    vals = [value(r, column) for _, r in g.iterrows()] if applies else []
                    vals = [v for v in vals if v == v and not (log_y and v <= 0)]
                    m = sum(vals) / len(vals) if vals else math.nan
                    pts.append((float(xv), m, m, m))
                s = dict(style)
                s.update(color=f.color, marker=f.marker, ms=5)
                lines.append(pc.Line((fam, codec), f"{f.label} {name}", f"{f.short} {name}",
                                     None, pts, s))
                if codec == "entropy" and modelled:
                    ipts = []
                    for xv, g in sub.groupby(x):
                        v = g[ideal].dropna() if ideal and applies else g["fpr"].iloc[:0]
                        v = v[v > 0] if log_y else v
                        m = float(v.mean()) if len(v) else math.nan
                        ipts.append((float(xv), m, m, m))
                    lines.append(pc.Line((fam, "ideal"), f"{f.label} coded, ideal model",
                                         f"{f.short} ideal", None, ipts,
                                         dict(linestyle="none", marker="D", ms=7,
                                              mfc=f.color, mec="0.25", color=f.color,
                                              alpha=0.6)))

        def why(line, xs, column=column, ideal=ideal):
            fam, codec = line.key
            if column == "hop_mae" and not pc.family(fam).distance:
                return "no distance"
            if codec == "ideal":
                if column == "fpr":
                    return f"model below {RESOLUTION:g}, its numerical resolution"
                return "no model of this quantity" if not ideal else "no model"
            if column == "fpr":
                return "no false positive: below 1 / probes"
            if column == "settle_time_median":
                return "never settles"
            if callable(column) and column is not exact_share:
                return "no energy columns"
            return "no value"

        pc.draw_series(ax, lines, domain, title, band=False, log_x=not by_diameter,
                       log_y=log_y, xname="D" if by_diameter else "R", why=why)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("hop diameter D" if by_diameter else "resources R (log2)")
        ax.set_ylabel(ylabel)
        if log_y:
            ax.set_yscale("log")
        if not by_diameter:
            ax.set_xscale("log", base=2)
        ax.grid(True, alpha=0.3)
        pc.tidy_axes(ax, domain, integer_x=by_diameter)
        if log_y:  # decades over the whole range (the ideal model reaches 1e-8 and below)
            from matplotlib.ticker import LogFormatterSciNotation, LogLocator

            ax.yaxis.set_major_locator(LogLocator(numticks=12))
            ax.yaxis.set_major_formatter(LogFormatterSciNotation())
        if not by_diameter:  # the R of the runs as ticks
            from matplotlib.ticker import FixedLocator, NullLocator, ScalarFormatter

            ax.xaxis.set_major_locator(FixedLocator(sorted(set(raw[x]) | set(coded[x]))))
            ax.xaxis.set_major_formatter(ScalarFormatter())
            ax.xaxis.set_minor_locator(NullLocator())
    handles, labels = pc.legend_entries(list(axes.flat))
    network = ", ".join(sorted(set(raw["topology"].astype(str))))
    pc.finish(fig, f"Raw and entropy-coded advertisements at {budgets[0]:g} bytes ({network}; "
                   f"mean of {seeds} seed{'s' if seeds != 1 else ''} per point; diamonds: the "
                   "ideal model of the coded run)", handles, labels, ncol=5)
    out = Outputs()
    out.add(fig, args.out, f"{PROG}: wrote {args.out}", "OUT", dpi=110)
    out.commit()


if __name__ == "__main__":
    main()
