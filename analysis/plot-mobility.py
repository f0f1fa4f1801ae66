#!/usr/bin/env python3
"""Plots of the mobile sweep (scenarios/mobility-sweep.sh): accuracy and
staleness of the estimates while nodes move.

    analysis/plot-mobility.py RUNS.csv SERIES.csv OUTDIR

RUNS.csv is diameter-sweep's per-run table of runs that sampled the truth
(--mobility or --sample-interval: the columns speed, mean_exact,
mean_within1, mean_stale, repair_mean_s), SERIES.csv its time series
(--out-series).  Writes into OUTDIR:
    mobility-vs-speed.png     mean share of exact and within-1 estimates,
                              stale share and mean repair delay (link change
                              to right again) vs speed, one line per family,
                              at the largest diameter; bars: one standard
                              deviation over seeds
    mobility-vs-diameter.png  exact and stale shares vs diameter, one panel
                              per speed, one line per family
    mobility-series.png       exact share over time at the largest diameter,
                              slowest and fastest speed, per family (mean
                              over seeds)
"exact" is over (node, resource) pairs with a reachable holder: the hop
estimate equals the BFS distance (BF: the resource is reported); "stale" over
all pairs: wrong although right for an earlier truth.  Means are over the
samples from --sample-from on.
"""
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from plot_common import Outputs, check_outdir, die, read_table  # noqa: E402

FILTER_ORDER = ["bf", "lbf", "abf", "sdbf"]
FILTER_NAMES = {"bf": "BF", "lbf": "LBF", "abf": "ABF", "sdbf": "SDBF"}
COLOURS = {"bf": "tab:green", "lbf": "tab:blue", "abf": "tab:orange", "sdbf": "tab:red"}
KEYS = ["filter", "diameter", "speed", "run"]
RUN_NUMERIC = ["diameter", "speed", "run", "mean_exact", "mean_within1", "mean_stale",
               "repair_mean_s"]
SERIES_KEYS = ["filter", "diameter", "speed", "run", "time"]
SERIES_NUMERIC = ["diameter", "speed", "run", "time", "exact", "stale"]


def families(df):
    present = list(dict.fromkeys(df["filter"]))
    return [f for f in FILTER_ORDER if f in present] + [f for f in present
                                                        if f not in FILTER_ORDER]


def mean_sd(values):
    v = [x for x in values if not (isinstance(x, float) and math.isnan(x))]
    if not v:
        return math.nan, math.nan
    m = sum(v) / len(v)
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1)) if len(v) > 1 else 0.0
    return m, sd


def line(ax, df, fam, x, y, **kw):
    sel = df[df["filter"] == fam]
    xs = sorted(sel[x].unique())
    stats = [mean_sd(list(sel[sel[x] == v][y])) for v in xs]
    if all(math.isnan(m) for m, _ in stats):
        return
    ax.errorbar(xs, [m for m, _ in stats], yerr=[s for _, s in stats], marker="o",
                capsize=3, color=COLOURS.get(fam), label=FILTER_NAMES.get(fam, fam), **kw)


def main():
    if len(sys.argv) != 4:
        die("usage: plot-mobility.py RUNS.csv SERIES.csv OUTDIR")
    runs_path, series_path, outdir = sys.argv[1:]
    check_outdir(outdir)
    runs = read_table(runs_path, "RUNS.csv", needed=KEYS + ["mean_exact", "mean_stale"],
                      keys=KEYS, numeric=RUN_NUMERIC,
                      optional=["mean_within1", "repair_mean_s"])
    series = read_table(series_path, "SERIES.csv", needed=SERIES_KEYS + ["exact", "stale"],
                        keys=SERIES_KEYS, numeric=SERIES_NUMERIC)
    # A per-query-strategy table repeats a run's row: one per (run, family, network).
    runs = runs.drop_duplicates(subset=["filter", "diameter", "speed", "run"] +
                                (["topology"] if "topology" in runs.columns else []))
    fams = families(runs)
    largest = runs["diameter"].max()
    out = Outputs(outdir)  # OUTDIR created with the figures, not before

    fig, axes = plt.subplots(1, 4, figsize=(18, 4.2))
    big = runs[runs["diameter"] == largest]
    panels = [("mean_exact", "exact share (BF: reported)", (0, 1.02)),
              ("mean_within1", "within-1 share", (0, 1.02)),
              ("mean_stale", "stale share", None),
              ("repair_mean_s", "repair delay (s)", None)]
    for ax, (column, label, ylim) in zip(axes, panels):
        for fam in fams:
            line(ax, big, fam, "speed", column)
        ax.set_xlabel("speed (m/s)")
        ax.set_ylabel(label)
        if ylim:
            ax.set_ylim(*ylim)
        ax.grid(alpha=0.3)
    axes[0].legend()
    fig.suptitle(f"Accuracy while nodes move (diameter {int(largest)} at rest)")
    fig.tight_layout()
    out.add(fig, os.path.join(outdir, "mobility-vs-speed.png"),
            f"wrote {outdir}/mobility-vs-speed.png", "mobility-vs-speed.png")

    speeds = sorted(runs["speed"].unique())
    fig, axes = plt.subplots(2, len(speeds), figsize=(4 * len(speeds), 7), squeeze=False)
    for col, v in enumerate(speeds):
        at = runs[runs["speed"] == v]
        for row, (column, label) in enumerate([("mean_exact", "exact share"),
                                               ("mean_stale", "stale share")]):
            ax = axes[row][col]
            for fam in fams:
                line(ax, at, fam, "diameter", column)
            ax.set_title(f"{v:g} m/s")
            ax.set_xlabel("diameter at rest (hops)")
            ax.set_ylabel(label)
            ax.grid(alpha=0.3)
            if row == 0:
                ax.set_ylim(0, 1.02)
    axes[0][0].legend()
    fig.tight_layout()
    out.add(fig, os.path.join(outdir, "mobility-vs-diameter.png"),
            f"wrote {outdir}/mobility-vs-diameter.png", "mobility-vs-diameter.png")

    fig, ax = plt.subplots(figsize=(8, 4.2))
    s = series[series["diameter"] == series["diameter"].max()]
    chosen = sorted(s["speed"].unique())
    chosen = [chosen[0], chosen[-1]] if len(chosen) > 1 else chosen
    for v, style in zip(chosen, ["--", "-"]):
        for fam in families(s):
            sel = s[(s["filter"] == fam) & (s["speed"] == v)]
            mean = sel.groupby("time")["exact"].mean()
            if mean.notna().any():
                ax.plot(mean.index, mean.values, ls=style, color=COLOURS.get(fam),
                        label=f"{FILTER_NAMES.get(fam, fam)}, {v:g} m/s")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("exact share")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    out.add(fig, os.path.join(outdir, "mobility-series.png"),
            f"wrote {outdir}/mobility-series.png", "mobility-series.png")
    out.commit()


if __name__ == "__main__":
    main()
