#!/usr/bin/env python3
"""Plots of the energy sweep (scenarios/energy-sweep.sh): radio energy of the
four families vs the network diameter, always-on and duty-cycled, and the
duty-cycle trade-off between energy and dissemination latency.

    analysis/plot-energy.py OUTDIR ALWAYS_RUNS.csv DUTY_RUNS.csv TRADEOFF_RUNS.csv...

The CSVs are runs.csv files of diameter-sweep with the energy columns
(--energy).  Writes into OUTDIR:
    energy-vs-diameter.png  mean radio power per node (total, and air time TX + RX
                            of frames) vs diameter, always-on and duty-cycled
    duty-tradeoff.png       mean radio power per node vs median dissemination
                            latency, one point per duty cycle, per family
Means over seeds with a 95 % confidence band (Student t).
"""
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from plot_common import Outputs, check_outdir, die, read_table  # noqa: E402

FAMILIES = ["bf", "lbf", "abf", "sdbf"]
COLORS = {"bf": "tab:gray", "lbf": "tab:blue", "abf": "tab:orange", "sdbf": "tab:green"}
LABELS = {"bf": "Bloom filter", "lbf": "Linear BF", "abf": "Attenuated BF",
          "sdbf": "Scope-decay BF"}
MARKERS = {"bf": "s", "lbf": "o", "abf": "^", "sdbf": "D"}
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
       2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
       2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
KEYS = ["filter", "diameter", "run", "duty_cycle"]
METRICS = ["energy_w_mean", "energy_airtime_w", "energy_listen_w", "energy_per_adv_j",
           "diss_latency_median", "convergence_time", "radio_on_share"]


def read(path, what):
    df = read_table(path, what, needed=KEYS + ["energy_w_mean"], keys=KEYS,
                    numeric=[c for c in KEYS + METRICS if c != "filter"], optional=METRICS)
    # Runs with queries repeat the gossip columns once per strategy.
    gossip = [c for c in df.columns if c != "queries" and not c.startswith("query_")]
    return df.drop_duplicates(subset=gossip)


def mean_ci(vals):
    vals = vals.dropna()
    n = len(vals)
    if n == 0:
        return math.nan, 0.0
    half = 0.0
    if n > 1:
        t = T95[n - 2] if n - 2 < len(T95) else 1.96
        half = t * vals.std(ddof=1) / math.sqrt(n)
    return vals.mean(), half


def by_diameter(ax, df, y, scale, title, ylabel):
    for f in FAMILIES:
        g = df[df["filter"] == f]
        if g.empty:
            continue
        rows = []
        for d, h in g.groupby("diameter"):
            m, half = mean_ci(h[y] * scale)
            rows.append((d, m, half))
        rows.sort()
        xs = [r[0] for r in rows]
        ms = [r[1] for r in rows]
        hs = [r[2] for r in rows]
        ax.plot(xs, ms, "-", marker=MARKERS[f], ms=5, mfc="none", color=COLORS[f],
                label=LABELS[f], alpha=0.9)
        ax.fill_between(xs, [m - h for m, h in zip(ms, hs)], [m + h for m, h in zip(ms, hs)],
                        color=COLORS[f], alpha=0.2, linewidth=0)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("network diameter (hops)")
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)


def tradeoff(ax, df, y, title, ylabel):
    for f in FAMILIES:
        g = df[df["filter"] == f]
        if g.empty:
            continue
        pts = []
        for duty, h in g.groupby("duty_cycle"):
            e, _ = mean_ci(h["energy_w_mean"] * 1e3)
            lat, _ = mean_ci(h[y])
            pts.append((duty, e, lat))
        pts.sort()
        ax.plot([p[1] for p in pts], [p[2] for p in pts], "-", marker=MARKERS[f], ms=5,
                mfc="none", color=COLORS[f], label=LABELS[f], alpha=0.9)
        if f == "lbf":
            for duty, e, lat in pts:
                ax.annotate(f"{duty:g}", (e, lat), textcoords="offset points", xytext=(4, 4),
                            fontsize=7, color="0.3")
    ax.set_xscale("log")
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("mean radio power per node (mW, log)")
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)


def figure(outputs, panels, path, suptitle, cols=2):
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5.4 * cols, 3.9 * rows + 0.8), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax, spec in zip(flat, panels):
        spec(ax)
    handles, labels = {}, []
    for ax in flat:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in handles:
                handles[lab] = h
                labels.append(lab)
    if labels:
        fig.legend([handles[lab] for lab in labels], labels, loc="lower center",
                   ncol=len(labels), fontsize=9)
    fig.suptitle(suptitle, fontsize=11)
    fig.tight_layout(rect=(0, 0.5 / (3.9 * rows + 0.8), 1, 0.95))
    outputs.add(fig, path, f"wrote {path}", "OUTDIR", dpi=110)


def main(argv):
    if len(argv) < 5:
        die("usage: plot-energy.py OUTDIR ALWAYS_RUNS.csv DUTY_RUNS.csv TRADEOFF_RUNS.csv...")
    out = check_outdir(argv[1])
    always = read(argv[2], "ALWAYS_RUNS.csv")
    duty = read(argv[3], "DUTY_RUNS.csv")
    trade = pd.concat([read(p, "TRADEOFF_RUNS.csv") for p in argv[4:]], ignore_index=True)
    duty_value = duty["duty_cycle"].iloc[0]
    outputs = Outputs()
    figure(outputs,
           [lambda ax: by_diameter(ax, always, "energy_w_mean", 1e3,
                                   "Always-on radio: total", "mW per node"),
            lambda ax: by_diameter(ax, always, "energy_airtime_w", 1e3,
                                   "Always-on radio: air time (TX + RX of frames)",
                                   "mW per node"),
            lambda ax: by_diameter(ax, duty, "energy_w_mean", 1e3,
                                   f"Duty cycle {duty_value:g}: total", "mW per node"),
            lambda ax: by_diameter(ax, duty, "energy_per_adv_j", 1e3,
                                   f"Duty cycle {duty_value:g}: energy per advertisement",
                                   "mJ (network total / advertisements)")],
           os.path.join(out, "energy-vs-diameter.png"),
           "Radio energy vs diameter (CC2420 at 3 V; mean over seeds, 95 % CI band)")
    figure(outputs,
           [lambda ax: tradeoff(ax, trade, "diss_latency_median",
                                "Energy vs median dissemination latency", "seconds"),
            lambda ax: tradeoff(ax, trade, "convergence_time",
                                "Energy vs convergence time", "seconds")],
           os.path.join(out, "duty-tradeoff.png"),
           "Duty-cycle trade-off, line of diameter 16 (labels: duty cycle, on LBF)")
    check_outdir(out, create=True)
    outputs.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
