#!/usr/bin/env python3
"""Plots of a diameter sweep: one line per filter, mean over seeds with a 95 %
confidence band (Student t).

    analysis/plot-sweep.py RUNS.csv BY_DISTANCE.csv OUTDIR

RUNS.csv and BY_DISTANCE.csv are written by diameter-sweep (or concatenated by
scenarios/sweep.sh).  Writes into OUTDIR:
    message-size.png      payload bytes and frames per advertisement vs diameter
    traffic.png           gossip bytes per node per second and bytes on air vs diameter
    latency.png           dissemination latency (median, p95) vs diameter
    hop-accuracy.png      hop MAE, exact-match, within-1 and miss rate vs diameter
    error-by-distance.png hop MAE, exact-match and miss rate vs true hop distance
Networks are grouped by (topology, nodes); x is their mean diameter.  Runs
with queries (one row per query strategy) are counted once.
"""
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from plot_common import Outputs, check_outdir, die, read_table  # noqa: E402

COLORS = {"bf": "tab:gray", "lbf": "tab:blue", "abf": "tab:orange", "sdbf": "tab:green"}
LABELS = {"bf": "Bloom filter", "lbf": "Linear BF", "abf": "Attenuated BF",
          "sdbf": "Scope-decay BF"}
MARKERS = {"bf": "s", "lbf": "o", "abf": "^", "sdbf": "D"}
# Two-sided 95 % Student t quantiles by degrees of freedom (1..30); 1.96 beyond.
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
       2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
       2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


# Columns: the keys of a run must be there and have values; a metric missing
# from the file (or empty) leaves its panel empty.
RUN_KEYS = ["filter", "topology", "nodes", "diameter", "run"]
RUN_METRICS = ["payload_bytes", "frames_per_beacon", "gossip_bytes_per_node_s", "bytes_on_air",
               "sim_time", "hop_mae", "hop_exact", "hop_within1", "hop_miss", "membership",
               "diss_latency_median", "diss_latency_p95"]
DIST_KEYS = ["filter", "topology", "true_hops"]
DIST_METRICS = ["hop_mae", "hop_exact", "hop_miss"]


def read(path, what, keys, metrics, needed):
    return read_table(path, what, needed=keys + needed, keys=keys,
                      numeric=[c for c in keys + metrics if c not in ("filter", "topology")],
                      optional=metrics)


def summarise(df, keys, x, y):
    """Mean of y and its 95 % CI half-width over seeds, per keys; x is averaged."""
    rows = []
    for key, g in df.groupby(keys):
        vals = g[y].dropna()
        n = len(vals)
        mean = vals.mean() if n else math.nan
        half = 0.0
        if n > 1:
            t = T95[n - 2] if n - 2 < len(T95) else 1.96
            half = t * vals.std(ddof=1) / math.sqrt(n)
        rows.append({**dict(zip(keys, key if isinstance(key, tuple) else (key,))),
                     "x": g[x].mean(), "mean": mean, "half": half, "n": n})
    return pd.DataFrame(rows, columns=keys + ["x", "mean", "half", "n"])


def panel(ax, df, keys, x, y, title, ylabel, logy=False):
    s = summarise(df, keys + ["filter"], x, y)
    for f in ["bf", "lbf", "abf", "sdbf"]:
        for topo, g in s[s["filter"] == f].groupby("topology") if "topology" in s else [(None, s)]:
            g = g.sort_values("x").dropna(subset=["mean"])
            if g.empty:
                continue
            label = LABELS[f] + (f" ({topo})" if s["topology"].nunique() > 1 else "")
            style = "-" if topo in (None, "line") else ("--" if topo == "grid" else ":")
            ax.plot(g["x"], g["mean"], style, marker=MARKERS[f], ms=5, mfc="none",
                    color=COLORS[f], label=label, alpha=0.9)
            ax.fill_between(g["x"], g["mean"] - g["half"], g["mean"] + g["half"],
                            color=COLORS[f], alpha=0.2, linewidth=0)
    ax.set_title(title, fontsize=10)
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    if logy:
        ax.set_yscale("log")


def figure(outputs, panels, path, xlabel, suptitle):
    cols = 2 if len(panels) == 4 else len(panels)
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5.4 * cols, 3.9 * rows + 0.8), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax, spec in zip(flat, panels):
        spec(ax)
        ax.set_xlabel(xlabel)
    handles, labels = {}, []
    for ax in flat:  # the union of the panels' legends
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in handles:
                handles[lab] = h
                labels.append(lab)
    if labels:
        fig.legend([handles[lab] for lab in labels], labels, loc="lower center",
                   ncol=min(len(labels), 6), fontsize=9)
    fig.suptitle(suptitle, fontsize=11)
    fig.tight_layout(rect=(0, 0.5 / (3.9 * rows + 0.8), 1, 0.95))
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
    note = f"mean over {n_seeds} seed(s), 95 % CI band"
    xd = "network diameter (hops)"

    figure(outputs,
           [lambda ax: panel(ax, runs, keys, "diameter", "payload_bytes",
                             "Filter payload per advertisement", "bytes"),
            lambda ax: panel(ax, runs, keys, "diameter", "frames_per_beacon",
                             "802.15.4 frames per advertisement", "frames")],
           os.path.join(out, "message-size.png"), xd, f"Message size vs diameter ({note})")
    figure(outputs,
           [lambda ax: panel(ax, runs, keys, "diameter", "gossip_bytes_per_node_s",
                             "Gossip payload", "bytes / node / s"),
            lambda ax: panel(ax, runs, keys, "diameter", "air_per_node_s",
                             "On air (MAC + PHY overhead)", "bytes / node / s")],
           os.path.join(out, "traffic.png"), xd, f"Traffic vs diameter ({note})")
    figure(outputs,
           [lambda ax: panel(ax, runs, keys, "diameter", "diss_latency_median",
                             "Median dissemination latency", "seconds"),
            lambda ax: panel(ax, runs, keys, "diameter", "diss_latency_p95",
                             "95th percentile dissemination latency", "seconds")],
           os.path.join(out, "latency.png"), xd,
           f"Time until a node's estimate is right for good ({note})")
    hop = runs[runs["filter"] != "bf"]
    figure(outputs,
           [lambda ax: panel(ax, hop, keys, "diameter", "hop_mae", "Hop MAE", "hops"),
            lambda ax: panel(ax, hop, keys, "diameter", "hop_exact", "Exact hop estimate",
                             "share of pairs"),
            lambda ax: panel(ax, hop, keys, "diameter", "hop_miss",
                             "Miss (beyond horizon / depth)", "share of pairs"),
            lambda ax: panel(ax, runs, keys, "diameter", "membership",
                             "Reported present (all filters)", "share of pairs")],
           os.path.join(out, "hop-accuracy.png"), xd, f"Hop-distance estimation ({note})")
    dist["topology_all"] = "all"
    dhop = dist[dist["filter"] != "bf"]
    figure(outputs,
           [lambda ax: panel(ax, dhop, ["topology", "true_hops"], "true_hops", "hop_mae", "Hop MAE",
                             "hops"),
            lambda ax: panel(ax, dhop, ["topology", "true_hops"], "true_hops", "hop_exact",
                             "Exact hop estimate", "share of pairs"),
            lambda ax: panel(ax, dist, ["topology", "true_hops"], "true_hops", "hop_miss",
                             "Miss", "share of pairs")],
           os.path.join(out, "error-by-distance.png"), "true hop distance",
           "Estimation error vs true distance (all networks pooled, per seed)")
    check_outdir(out, create=True)
    outputs.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
