#!/usr/bin/env python3
"""Plots of a diameter sweep: one line per filter, the mean over seeds with
a 95 % percentile bootstrap band over seeds (plot_common.interval: inside
[0, 1] for shares, >= 0 for latency, bytes and MAE).

    analysis/plot-sweep.py RUNS.csv BY_DISTANCE.csv OUTDIR

RUNS.csv and BY_DISTANCE.csv are written by diameter-sweep (or concatenated by
scenarios/sweep.sh).  Writes into OUTDIR:
    message-size.png      payload bytes and frames per advertisement vs diameter
    traffic.png           gossip bytes per node per second and bytes on air vs diameter
    latency.png           time until right for good (median, p90) and the
                          share of pairs right for good vs diameter (older
                          CSVs: dissemination latency, median and p95)
    hop-accuracy.png      hop MAE, exact-match and miss rate (the families
                          that estimate distances) and the share reported
                          present (all) vs diameter
    error-by-distance.png hop MAE, exact-match and miss rate vs true hop
                          distance (every network and seed pooled)
Networks are grouped by (topology, nodes); x is their mean diameter.  Runs
with queries (one row per query strategy) are counted once.  NA is no data:
a point without a value is not drawn, and its panel says so and why (a
family without hop estimates, no pair with an estimate, fewer than half or
90 % of the pairs right for good: a censored quantile is drawn only where
every seed has it).  With one seed there is no band, and the titles say so.
"""
import os
import sys

import plot_common as pc
from plot_common import NONNEG, SHARE, Outputs, check_outdir, die, pd, read_table

plt = pc.pyplot()

# Columns: the keys of a run must be there and have values; a metric missing
# from the file (or empty) leaves its panel empty.
RUN_KEYS = ["filter", "topology", "nodes", "diameter", "run"]
RUN_METRICS = ["payload_bytes", "frames_per_beacon", "gossip_bytes_per_node_s", "bytes_on_air",
               "sim_time", "hop_mae", "hop_exact", "hop_within1", "hop_miss", "membership",
               "diss_latency_median", "diss_latency_p95", pc.COL_RIGHT_MEDIAN, pc.COL_RIGHT_P90,
               pc.COL_RIGHT_SHARE]
DIST_KEYS = ["filter", "topology", "true_hops"]
DIST_METRICS = ["hop_mae", "hop_exact", "hop_miss"]


def read(path, what, keys, metrics, needed):
    return read_table(path, what, needed=keys + needed, keys=keys, optional=metrics)


def summarise(df, keys, x, y, domain):
    """Mean of y and its interval over seeds (plot_common.interval), per
    keys; x is averaged.  A censored quantile (plot_common.CENSORED) has a mean
    only where every seed has one: a seed without it lies beyond the run's
    end, and the others' mean would be too short."""
    rows = []
    for key, g in df.groupby(keys):
        mean, low, high = pc.seed_interval(g[y], y, domain)
        rows.append({**dict(zip(keys, key if isinstance(key, tuple) else (key,))),
                     "x": g[x].mean(), "mean": mean, "low": low, "high": high})
    return pd.DataFrame(rows, columns=keys + ["x", "mean", "low", "high"])


def reason(df, x, y):
    """why(family, topology, xs) of a panel of y over df: the rows of the
    family at those x tell why they have no value."""
    def why(fam, topo, xs):
        rows = df[(df["filter"] == fam) & df[x].isin(xs)]
        if topo is not None:
            rows = rows[rows["topology"] == topo]
        if rows.empty:
            return "no run"
        censored = pc.censored_why(rows, y, x)
        if censored:
            return censored
        if y == "hop_mae" and rows["hop_miss"].notna().all() and (rows["hop_miss"] == 1).all():
            return "no pair with an estimate"
        return f"{y} NA"
    return why


def panel(ax, df, keys, x, y, title, ylabel, domain, logy=False, integer_y=False, xname="D",
          absent=(), band=True):
    s = summarise(df, keys + ["filter"], x, y, domain)
    series = {}
    for f in pc.family_order(s["filter"].unique()):
        for topo, g in s[s["filter"] == f].groupby("topology"):
            g = g.sort_values("x")  # a mean nan: no value there, the panel says so
            series[(f, topo)] = list(zip(g["x"], g["mean"], g["low"], g["high"]))
    # the x of a point is the mean of its networks: the rows there tell why
    # it has no value
    means = df.assign(_x=df.groupby(keys + ["filter"])[x].transform("mean"))
    why = reason(means.assign(**{x: means["_x"]}), x, y)
    pc.draw_families(ax, series, domain, title, xname=xname, log_y=logy, band=band,
                     why=lambda f, t, xs: why(f, t if len(set(df["topology"])) > 1 else None, xs),
                     absent={f: "no hop estimate" for f in absent})
    ax.set_title(title, fontsize=10)
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    if logy:
        ax.set_yscale("log")
    pc.tidy_axes(ax, domain, integer_x=True, integer_y=integer_y)


def figure(outputs, panels, path, xlabel, suptitle):
    cols = 2 if len(panels) == 4 else len(panels)
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5.4 * cols, 3.9 * rows + 0.8), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax, spec in zip(flat, panels):
        spec(ax)
        ax.set_xlabel(xlabel)
    handles, labels = pc.legend_entries(flat)  # the union of the panels' legends
    pc.finish(fig, suptitle, handles, labels, ncol=6)
    outputs.add(fig, path, f"wrote {path}", "OUTDIR", dpi=110)


def main(argv):
    if len(argv) != 4:
        die("usage: plot-sweep.py RUNS.csv BY_DISTANCE.csv OUTDIR")
    out = check_outdir(argv[3])
    runs = read(argv[1], "RUNS.csv", RUN_KEYS, RUN_METRICS, ["payload_bytes"])
    dist = read(argv[2], "BY_DISTANCE.csv", DIST_KEYS, DIST_METRICS, [])
    # Runs with queries have one row per query strategy, the gossip columns
    # repeated: keep one row per run.
    gossip_columns = [c for c in runs.columns if c != "queries" and not c.startswith("query_")]
    runs = runs.drop_duplicates(subset=gossip_columns)
    outputs = Outputs()
    keys = ["topology", "nodes"]
    runs["air_per_node_s"] = runs["bytes_on_air"] / (runs["nodes"] * runs["sim_time"])
    n_seeds = runs.groupby(["filter", "topology", "nodes"])["run"].nunique().min()
    note = pc.interval_note(n_seeds)
    xd = "network diameter (hops)"

    figure(outputs,
           [lambda ax: panel(ax, runs, keys, "diameter", "payload_bytes",
                             "Filter payload per advertisement", "bytes", NONNEG),
            lambda ax: panel(ax, runs, keys, "diameter", "frames_per_beacon",
                             "802.15.4 frames per advertisement", "frames", NONNEG,
                             integer_y=True)],
           os.path.join(out, "message-size.png"), xd, f"Message size vs diameter ({note})")
    figure(outputs,
           [lambda ax: panel(ax, runs, keys, "diameter", "gossip_bytes_per_node_s",
                             "Gossip payload", "bytes / node / s", NONNEG),
            lambda ax: panel(ax, runs, keys, "diameter", "air_per_node_s",
                             "On air (MAC + PHY overhead)", "bytes / node / s", NONNEG)],
           os.path.join(out, "traffic.png"), xd, f"Traffic vs diameter ({note})")
    latency = [lambda ax: panel(ax, runs, keys, "diameter", "diss_latency_median",
                                "Median dissemination latency", "seconds", NONNEG),
               lambda ax: panel(ax, runs, keys, "diameter", "diss_latency_p95",
                                "95th percentile dissemination latency", "seconds", NONNEG)]
    if runs[pc.COL_RIGHT_MEDIAN].notna().any() or runs[pc.COL_RIGHT_SHARE].notna().any():
        # The censored "time until right for good" over the non-holder pairs
        # (never-right pairs censored at the end of the run), with the share
        # of pairs right for good: a family rarely right cannot look fast.
        latency = [lambda ax: panel(ax, runs, keys, "diameter", pc.COL_RIGHT_MEDIAN,
                                    "Median time until right for good", "seconds", NONNEG),
                   lambda ax: panel(ax, runs, keys, "diameter", pc.COL_RIGHT_P90,
                                    "90th percentile time until right for good", "seconds",
                                    NONNEG),
                   lambda ax: panel(ax, runs, keys, "diameter", pc.COL_RIGHT_SHARE,
                                    "Pairs right for good at the end", "share of pairs", SHARE)]
    figure(outputs, latency, os.path.join(out, "latency.png"), xd,
           f"Time until a node's estimate is right for good ({note})")
    hop = pc.with_distance(runs)
    # the families without hop estimates, left out of the hop panels (said so)
    membership_only = [f for f in pc.family_order(runs["filter"].unique())
                       if not pc.family(f).distance]
    figure(outputs,
           [lambda ax: panel(ax, hop, keys, "diameter", "hop_mae", "Hop MAE (pairs with an "
                             "estimate)", "hops", NONNEG, absent=membership_only),
            lambda ax: panel(ax, hop, keys, "diameter", "hop_exact", "Exact hop estimate",
                             "share of pairs", SHARE, absent=membership_only),
            lambda ax: panel(ax, hop, keys, "diameter", "hop_miss",
                             "Miss (beyond horizon / depth)", "share of pairs", SHARE,
                             absent=membership_only),
            lambda ax: panel(ax, runs, keys, "diameter", "membership",
                             "Reported present (all filters)", "share of pairs", SHARE)],
           os.path.join(out, "hop-accuracy.png"), xd, f"Hop-distance estimation ({note})")
    dhop = pc.with_distance(dist)
    dist_families = [f for f in pc.family_order(dist["filter"].unique())
                     if not pc.family(f).distance]
    dk = ["topology", "true_hops"]
    # a point pools every network and seed that has the distance; its band
    # (over those runs) needs two seeds, as every other figure's
    band = n_seeds >= 2
    pooled = "networks and seeds pooled; " + (
        f"band: {pc.INTERVAL_TEXT.replace('seeds', 'the runs (networks and seeds)')}" if band
        else "one seed: no band")
    figure(outputs,
           [lambda ax: panel(ax, dhop, dk, "true_hops", "hop_mae",
                             "Hop MAE (pairs with an estimate)", "hops", NONNEG, xname="h",
                             absent=dist_families, band=band),
            lambda ax: panel(ax, dhop, dk, "true_hops", "hop_exact",
                             "Exact hop estimate", "share of pairs", SHARE, xname="h",
                             absent=dist_families, band=band),
            lambda ax: panel(ax, dhop, dk, "true_hops", "hop_miss",
                             "Miss (no estimate)", "share of pairs", SHARE, xname="h",
                             absent=dist_families, band=band)],
           os.path.join(out, "error-by-distance.png"), "true hop distance h",
           f"Estimation error vs true distance ({pooled})")
    check_outdir(out, create=True)
    outputs.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
