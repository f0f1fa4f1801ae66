#!/usr/bin/env python3
"""Plots of query-based discovery: one line per (filter, strategy), mean over
seeds with a 95 % percentile bootstrap band (plot_common.interval).

    analysis/plot-queries.py QUERIES.csv OUTDIR

QUERIES.csv is the per-query table of diameter-sweep (--out-queries, or
queries.csv concatenated by scenarios/sweep.sh).  For every topology in it,
writes into OUTDIR (the topology's name is appended when there are several):
    queries-by-distance.png  success ratio, latency to the holder, frames per
                             query and stretch vs true hop distance (all
                             networks of the topology pooled)
    queries-by-diameter.png  success ratio, latency to the holder, frames per
                             query (present keys) and per absent-key query vs
                             network diameter
Statistics are computed per run (seed) first - share answered, median
latency, mean frames, mean stretch - then averaged over runs; the band is
the 95 % CI of that mean.  Queries for present keys whose holder is reachable
count towards success, latency, frames and stretch; absent-key queries only
towards "frames per absent-key query".  Latency and stretch are over the
queries that reached a holder.
"""
import os
import sys

import plot_common as pc
from plot_common import NONNEG, SHARE, Outputs, check_outdir, check_target, die, pd, read_table

plt = pc.pyplot()

STRATEGY_NAMES = {"gradient": "gradient", "flood": "flood (gated)",
                  "ring": "expanding ring (gated)", "blind-flood": "blind flood",
                  "abc": "ABC", "bcir": "BCIR", "bcir-star": "BCIR*"}
# A (filter, strategy) looks the same in every figure: the family's colour
# and marker (plot_common.FAMILIES), the strategy's line style.
STRATEGY_LINES = {"gradient": "-", "flood": "--", "ring": "-.", "blind-flood": ":",
                  "abc": (0, (5, 1)), "bcir": (0, (3, 1, 1, 1)), "bcir-star": (0, (1, 1))}
STRATEGY_ORDER = list(STRATEGY_LINES)


# The keys of a query must be there and have values; the outcome columns
# must be there; latency and stretch may be missing (their panels stay empty).
KEYS = ["filter", "strategy", "nodes", "diameter", "run", "topology"]
NEEDED = ["absent", "true_hops", "success", "frames", "delivered"]
OPTIONAL = ["stretch", "latency_to_holder", "hops_taken"]


def read(path):
    return read_table(path, "QUERIES.csv", needed=KEYS + NEEDED, keys=KEYS, optional=OPTIONAL)


# Distance bins (lower edges): single hops up to 6, then wider bins so that
# every point pools enough queries per seed.
BIN_EDGES = [1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 17, 21, 25, 33, 41, 49, 65, 97, 129, 193, 256]


def bin_distance(df):
    """Adds `dist_bin` (bin index) and `dist_x` (mean true distance of the bin)."""
    idx = pd.cut(df["true_hops"], bins=BIN_EDGES + [10 ** 6], right=False, labels=False)
    df = df.assign(dist_bin=idx)
    centre = df.groupby("dist_bin")["true_hops"].mean()
    return df.assign(dist_x=df["dist_bin"].map(centre))


def label(f, s):
    name = pc.FAMILIES[f].short if f in pc.FAMILIES else f
    return f"{name} {STRATEGY_NAMES.get(s, s)}"


def per_run(df, keys):
    """Per-run statistics of the queries grouped by keys + (filter, strategy, run)."""
    group = keys + ["filter", "strategy", "run"]
    present = df[(df["absent"] == 0) & df["true_hops"].notna()]
    delivered = present[present["delivered"] == 1]
    out = present.groupby(group).agg(success=("success", "mean"), frames=("frames", "mean"))
    lat = delivered.groupby(group)["latency_to_holder"].median().rename("latency_ms") * 1e3
    stretch = delivered.groupby(group)["stretch"].mean().rename("stretch")
    absent = df[df["absent"] == 1].groupby(group)["frames"].mean().rename("absent_frames")
    return out.join(lat, how="outer").join(stretch, how="outer").join(absent, how="outer") \
              .reset_index()


def summarise(runs, xkey, y, domain):
    """Mean of y over runs and its interval (plot_common.interval), per
    (filter, strategy, x); mean nan where no run has a value."""
    rows = []
    for (f, s, x), g in runs.groupby(["filter", "strategy", xkey]):
        mean, low, high = pc.interval(g[y].dropna(), domain)
        rows.append({"filter": f, "strategy": s, "x": x, "mean": mean, "lo": low, "hi": high})
    return pd.DataFrame(rows, columns=["filter", "strategy", "x", "mean", "lo", "hi"])


# Why a (filter, strategy) has no value of a panel's quantity at some x.
WHY = {"latency_ms": "no query reached a holder", "stretch": "no query reached a holder",
       "absent_frames": "no absent-key query", "success": "no query for a present key",
       "frames": "no query for a present key"}


def panel(ax, runs, xkey, y, title, ylabel, domain, logy=False):
    s = summarise(runs, xkey, y, domain)
    xname = "h" if xkey == "dist_x" else "D"
    order = pc.family_order(s["filter"].unique())
    combos = sorted(set(zip(s["filter"], s["strategy"])),
                    key=lambda c: (order.index(c[0]), STRATEGY_ORDER.index(c[1])
                                   if c[1] in STRATEGY_ORDER else len(STRATEGY_ORDER), c[1]))
    lines = []
    for f, st in combos:
        g = s[(s["filter"] == f) & (s["strategy"] == st)].sort_values("x")
        fam = pc.family(f)
        lines.append(pc.Line((f, st), label(f, st), label(f, st), None,
                             list(zip(g["x"], g["mean"], g["lo"], g["hi"])),
                             dict(linestyle=STRATEGY_LINES.get(st, (0, (1, 2))),
                                  marker=fam.marker, ms=4, mfc="none", color=fam.color)))
    ax.set_title(title, fontsize=10)
    pc.draw_series(ax, lines, domain, title, log_y=logy, xname=xname,
                   why=lambda ln, xs: WHY.get(y, f"{y} NA"))
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    if logy:
        ax.set_yscale("log")
    pc.tidy_axes(ax, domain)


def figure(outputs, panels, path, xlabel, suptitle):
    """Four panels in a 2 x 2 grid, one legend below."""
    fig, axes = plt.subplots(2, 2, figsize=(11, 8.6))
    axes = axes.flatten()
    for ax, spec in zip(axes, panels):
        spec(ax)
        ax.set_xlabel(xlabel)
    handles, labels = [], []
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in labels:
                handles.append(h)
                labels.append(lab)
    pc.finish(fig, suptitle, handles, labels, fontsize=10, title_size=12, ncol=3)
    outputs.add(fig, path, f"wrote {path}", "OUTDIR", dpi=110)


def main(argv):
    if len(argv) != 3:
        die("usage: plot-queries.py QUERIES.csv OUTDIR")
    out = check_outdir(argv[2])
    df = read(argv[1])
    for key in ("filter", "strategy", "topology"):
        df[key] = df[key].astype(str)
    topologies = sorted(df["topology"].unique())
    names = [f"queries-by-{x}{f'-{t}' if len(topologies) > 1 else ''}.png"
             for t in topologies for x in ("distance", "diameter")]
    for name in names:
        check_target(os.path.join(out, name), "OUTDIR", folder=False)
    outputs = Outputs()
    for topo in topologies:
        d = df[df["topology"] == topo]
        suffix = f"-{topo}" if len(topologies) > 1 else ""
        seeds = d["run"].nunique()
        note = f"{topo}, {pc.interval_note(seeds)}"

        by_dist = per_run(bin_distance(d[d["true_hops"].notna()]), ["dist_x"])
        xdist = "true hop distance to the nearest holder (binned beyond 6)"
        figure(outputs,
               [lambda ax: panel(ax, by_dist, "dist_x", "success", "Answered (reply at origin)",
                                 "share of queries", SHARE),
                lambda ax: panel(ax, by_dist, "dist_x", "latency_ms",
                                 "Latency to the holder (median per seed)", "ms", NONNEG),
                lambda ax: panel(ax, by_dist, "dist_x", "frames",
                                 "Frames on air per query (incl. reply, MAC retries)",
                                 "frames", NONNEG, logy=True),
                lambda ax: panel(ax, by_dist, "dist_x", "stretch",
                                 "Stretch (hops taken / shortest path)", "ratio", NONNEG)],
               os.path.join(out, f"queries-by-distance{suffix}.png"), xdist,
               f"Queries for present keys vs distance\n({note}; all network sizes pooled)")

        by_diam = per_run(d, ["nodes"])
        diam = d.groupby("nodes")["diameter"].mean()
        by_diam["diameter"] = by_diam["nodes"].map(diam)
        figure(outputs,
               [lambda ax: panel(ax, by_diam, "diameter", "success",
                                 "Answered (reply at origin)", "share of queries",
                                 SHARE),
                lambda ax: panel(ax, by_diam, "diameter", "latency_ms",
                                 "Latency to the holder (median per seed)", "ms", NONNEG),
                lambda ax: panel(ax, by_diam, "diameter", "frames",
                                 "Frames per query, present keys", "frames", NONNEG, logy=True),
                lambda ax: panel(ax, by_diam, "diameter", "absent_frames",
                                 "Frames per query, absent keys (no holder)", "frames", NONNEG)],
               os.path.join(out, f"queries-by-diameter{suffix}.png"), "network diameter (hops)",
               f"Queries vs network diameter ({note})")
    check_outdir(out, create=True)
    outputs.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
