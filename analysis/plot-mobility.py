#!/usr/bin/env python3
"""Plots of the mobile sweep (scenarios/mobility-sweep.sh): accuracy and
staleness of the estimates while nodes move.

    analysis/plot-mobility.py RUNS.csv SERIES.csv OUTDIR

RUNS.csv is diameter-sweep's per-run table of runs that sampled the truth
(--mobility or --sample-interval: the columns speed, mean_exact,
mean_within1, mean_stale, repair_mean_s), SERIES.csv its time series
(--out-series).  Writes into OUTDIR:
    mobility-vs-speed.png     vs speed, at the largest diameter, one line per
                              family: the shares of exact and of within-1
                              hop estimates (the families that estimate
                              distances), the BF's share of resources
                              reported (its own panel: membership is no hop
                              estimate), the stale share and the mean repair
                              delay (link change to right again); band: the
                              mean's 95 % percentile bootstrap over seeds
                              (plot_common; none with one seed)
    mobility-vs-diameter.png  exact (distance families) and stale shares vs
                              diameter, one column per speed
    mobility-series.png       exact share over time at the largest diameter,
                              slowest and fastest speed, per distance family
                              (mean over seeds)
"exact" is over (node, resource) pairs with a reachable holder: the hop
estimate equals the BFS distance (BF: the resource is reported, drawn apart);
"stale" over all pairs: wrong although right for an earlier truth.  Means
are over the samples from --sample-from on.  A panel names the families it
leaves out and why (plot_common.draw_series).
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


def reason(df, x, y):
    """why(family, tag, xs): the runs of the family at those x tell why y
    has no value there."""
    def why(fam, _, xs):
        rows = df[(df["filter"] == fam) & df[x].isin(xs)]
        if rows.empty:
            return "no run"
        if y == "repair_mean_s" and rows["link_changes"].notna().all() and \
                (rows["link_changes"] == 0).all():
            return "no link changed"
        return f"{y} NA"
    return why


def lines(ax, df, fams, x, y, domain, title, ylabel, xlabel, absent=()):
    """One line per family of fams: the mean over seeds of y per x, with its
    band; absent: {family: reason} of the families the panel leaves out."""
    series = {}
    for fam in fams:
        sel = df[df["filter"] == fam]
        series[(fam, None)] = [(v, *pc.interval(g[y], domain)) for v, g in sel.groupby(x)]
    ax.set_title(title, fontsize=10)
    pc.draw_families(ax, series, domain, title, xname="v" if x == "speed" else "D",
                     why=reason(df, x, y), absent=absent)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    pc.tidy_axes(ax, domain, integer_x=(x == "diameter"), data_ticks=True)


def finish(fig, axes, suptitle):
    """The legend of the panels' families below them, the suptitle above."""
    handles, labels = pc.legend_entries(axes)
    pc.finish(fig, suptitle, handles, labels)


# The BF estimates no distance: its "exact" is the resource reported, drawn
# on a panel of its own, never on an axis of exact hop estimates.
NO_HOPS = "no hop estimate: its share reported is drawn apart"


def main():
    if len(sys.argv) != 4:
        die("usage: plot-mobility.py RUNS.csv SERIES.csv OUTDIR")
    runs_path, series_path, outdir = sys.argv[1:]
    check_outdir(outdir)
    runs = read_table(runs_path, "RUNS.csv", needed=KEYS + ["mean_exact", "mean_stale"],
                      keys=KEYS, optional=["mean_within1", "repair_mean_s", "link_changes"])
    series = read_table(series_path, "SERIES.csv", needed=SERIES_KEYS + ["exact", "stale"],
                        keys=SERIES_KEYS)
    # A per-query-strategy table repeats a run's row: one per (run, family, network).
    runs = runs.drop_duplicates(subset=["filter", "diameter", "speed", "run"] +
                                (["topology"] if "topology" in runs.columns else []))
    fams = families(runs)
    hop_fams = [f for f in fams if pc.family(f).distance]
    member_fams = [f for f in fams if not pc.family(f).distance]
    no_hops = {f: NO_HOPS for f in member_fams}
    largest = runs["diameter"].max()
    out = Outputs(outdir)  # OUTDIR created with the figures, not before
    seeds = runs.groupby(["filter", "diameter", "speed"])["run"].nunique().min()

    big = runs[runs["diameter"] == largest]
    panels = [(hop_fams, "mean_exact", "Exact hop estimates", "share of pairs", SHARE, no_hops),
              (hop_fams, "mean_within1", "Within one hop", "share of pairs", SHARE, no_hops)]
    if member_fams:
        panels.append((member_fams, "mean_exact", "BF: resource reported (membership)",
                       "share of pairs", SHARE,
                       {f: "hop estimates: the other panels" for f in hop_fams}))
    panels += [(fams, "mean_stale", "Stale (right for an earlier truth)", "share of pairs",
                SHARE, {}),
               (fams, "repair_mean_s", "Repair delay (link change to right again)", "seconds",
                NONNEG, {})]
    fig, axes = plt.subplots(1, len(panels), figsize=(max(8.6, 4.3 * len(panels)), 4.6),
                             squeeze=False)
    axes = axes[0]
    for ax, (which, column, title, ylabel, domain, absent) in zip(axes, panels):
        lines(ax, big, which, "speed", column, domain, title, ylabel, "speed (m/s)", absent)
    finish(fig, axes, f"Accuracy while nodes move (diameter {int(largest)} at rest; "
           f"{pc.interval_note(seeds)})")
    out.add(fig, os.path.join(outdir, "mobility-vs-speed.png"),
            f"wrote {outdir}/mobility-vs-speed.png", "mobility-vs-speed.png")

    speeds = sorted(runs["speed"].unique())
    fig, axes = plt.subplots(2, len(speeds), figsize=(max(8.4, 4.2 * len(speeds)), 7.6),
                             squeeze=False)
    for col, v in enumerate(speeds):
        at = runs[runs["speed"] == v]
        for row, (which, column, label, absent) in enumerate(
                [(hop_fams, "mean_exact", "exact hop estimates", no_hops),
                 (fams, "mean_stale", "stale", {})]):
            lines(axes[row][col], at, which, "diameter", column, SHARE, f"{label}, {v:g} m/s",
                  f"{label} (share of pairs)", "diameter at rest (hops)", absent)
    finish(fig, [ax for row in axes for ax in row],
           f"Exact and stale shares vs diameter ({pc.interval_note(seeds)})")
    out.add(fig, os.path.join(outdir, "mobility-vs-diameter.png"),
            f"wrote {outdir}/mobility-vs-diameter.png", "mobility-vs-diameter.png")

    fig, ax = plt.subplots(figsize=(8.4, 4.4))
    s = series[series["diameter"] == series["diameter"].max()]
    chosen = sorted(s["speed"].unique())
    chosen = [chosen[0], chosen[-1]] if len(chosen) > 1 else chosen
    left_out = [pc.family(f).short for f in families(s) if not pc.family(f).distance]
    drawn = {}
    for v, style in zip(chosen, ["--", "-"]):
        for fam in families(s):
            if not pc.family(fam).distance:
                continue
            sel = s[(s["filter"] == fam) & (s["speed"] == v)]
            mean = sel.groupby("time")["exact"].mean()
            if mean.notna().any():
                f = pc.family(fam)
                ax.plot(mean.index, mean.values, ls=style, color=f.color, marker=f.marker,
                        markevery=max(1, len(mean) // 12), ms=4, mfc="none",
                        label=f"{f.short}, {v:g} m/s")
                drawn[f"{f.short}, {v:g} m/s"] = list(zip(mean.index, mean.values))
                pc.record(ax, "exact share over time", f"{fam}/{v:g}", list(mean.index),
                          list(mean.values), domain=SHARE)
    n = int(s["run"].nunique())
    title = (f"Exact hop estimates over time, diameter {int(s['diameter'].max())} at rest "
             f"({f'mean of {n} seeds' if n > 1 else 'one seed'})")
    notes = [pc.overlap_note(drawn, domain=SHARE)]
    if left_out:
        notes.append(f"not drawn: {', '.join(left_out)} ({NO_HOPS.split(':')[0]})")
    if any(notes):
        title += "\n" + pc.wrap_to_axes(ax, f"({'; '.join(n for n in notes if n)})", 10)
    ax.set_title(title, fontsize=10)
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
