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
                              at the largest diameter; band: the mean's 95 %
                              percentile bootstrap over seeds (plot_common)
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
import os
import sys

import plot_common as pc
from plot_common import NONNEG, SHARE, Outputs, check_outdir, die, read_table

plt = pc.pyplot()

KEYS = ["filter", "diameter", "speed", "run"]
SERIES_KEYS = ["filter", "diameter", "speed", "run", "time"]


def families(df):
    return pc.family_order(df["filter"].unique())


def lines(ax, df, fams, x, y, domain, title):
    """One line per family: the mean over seeds of y per x, with its band."""
    series = {}
    for fam in fams:
        sel = df[df["filter"] == fam]
        series[(fam, None)] = [(v, *pc.interval(g[y], domain)) for v, g in sel.groupby(x)]
    pc.draw_families(ax, series, domain, title)
    pc.tidy_axes(ax, domain, integer_x=(x == "diameter"), data_ticks=True)


def legend_below(fig, axes):
    handles, labels = pc.legend_entries(axes)
    if labels:
        fig.legend(handles, labels, loc="lower center",
                   ncol=min(len(labels), 8), fontsize=9)


def main():
    if len(sys.argv) != 4:
        die("usage: plot-mobility.py RUNS.csv SERIES.csv OUTDIR")
    runs_path, series_path, outdir = sys.argv[1:]
    check_outdir(outdir)
    runs = read_table(runs_path, "RUNS.csv", needed=KEYS + ["mean_exact", "mean_stale"],
                      keys=KEYS, optional=["mean_within1", "repair_mean_s"])
    series = read_table(series_path, "SERIES.csv", needed=SERIES_KEYS + ["exact", "stale"],
                        keys=SERIES_KEYS)
    # A per-query-strategy table repeats a run's row: one per (run, family, network).
    runs = runs.drop_duplicates(subset=["filter", "diameter", "speed", "run"] +
                                (["topology"] if "topology" in runs.columns else []))
    fams = families(runs)
    largest = runs["diameter"].max()
    out = Outputs(outdir)  # OUTDIR created with the figures, not before

    fig, axes = plt.subplots(1, 4, figsize=(18, 4.2))
    big = runs[runs["diameter"] == largest]
    panels = [("mean_exact", "exact share (BF: reported)", SHARE),
              ("mean_within1", "within-1 share", SHARE),
              ("mean_stale", "stale share", SHARE),
              ("repair_mean_s", "repair delay (s)", NONNEG)]
    seeds = runs.groupby(["filter", "diameter", "speed"])["run"].nunique().min()
    for ax, (column, label, domain) in zip(axes, panels):
        lines(ax, big, fams, "speed", column, domain, label)
        ax.set_xlabel("speed (m/s)")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    legend_below(fig, axes)
    fig.suptitle(f"Accuracy while nodes move (diameter {int(largest)} at rest; "
                 f"{pc.interval_note(seeds)})")
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    out.add(fig, os.path.join(outdir, "mobility-vs-speed.png"),
            f"wrote {outdir}/mobility-vs-speed.png", "mobility-vs-speed.png")

    speeds = sorted(runs["speed"].unique())
    fig, axes = plt.subplots(2, len(speeds), figsize=(4 * len(speeds), 7), squeeze=False)
    for col, v in enumerate(speeds):
        at = runs[runs["speed"] == v]
        for row, (column, label) in enumerate([("mean_exact", "exact share"),
                                               ("mean_stale", "stale share")]):
            ax = axes[row][col]
            ax.set_title(f"{v:g} m/s")
            lines(ax, at, fams, "diameter", column, SHARE, f"{label}, {v:g} m/s")
            ax.set_xlabel("diameter at rest (hops)")
            ax.set_ylabel(label)
            ax.grid(alpha=0.3)
    legend_below(fig, [ax for row in axes for ax in row])
    fig.suptitle(f"Exact and stale shares vs diameter ({pc.interval_note(seeds)})")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
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
                f = pc.family(fam)
                ax.plot(mean.index, mean.values, ls=style, color=f.color, marker=f.marker,
                        markevery=max(1, len(mean) // 12), ms=4, mfc="none",
                        label=f"{f.short}, {v:g} m/s")
                pc.record(ax, "exact share over time", f"{fam}/{v:g}", list(mean.index),
                          list(mean.values), domain=SHARE)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("exact share (mean over seeds)")
    ax.grid(alpha=0.3)
    pc.tidy_axes(ax, SHARE)
    ax.legend(fontsize=7, ncol=1, loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.tight_layout()
    out.add(fig, os.path.join(outdir, "mobility-series.png"),
            f"wrote {outdir}/mobility-series.png", "mobility-series.png")
    out.commit()


if __name__ == "__main__":
    main()
