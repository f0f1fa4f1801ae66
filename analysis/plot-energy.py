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
Means over seeds with a 95 % percentile bootstrap band over seeds
(plot_common.interval, never below 0).  With the frame columns
(plot_common.COL_FRAMES_*), energy-vs-diameter.png also shows the gossip
frames handed to the MAC, sent on the air and dropped by channel access.
"""
import os
import sys

import plot_common as pc
from plot_common import NONNEG, Outputs, check_outdir, die, pd, read_table

plt = pc.pyplot()

KEYS = ["filter", "diameter", "run", "duty_cycle"]
METRICS = ["energy_w_mean", "energy_airtime_w", "energy_listen_w", "energy_per_adv_j",
           "diss_latency_median", "convergence_time", "radio_on_share", pc.COL_FRAMES_TO_MAC,
           pc.COL_RIGHT_MEDIAN, pc.COL_RIGHT_SHARE,
           pc.COL_FRAMES_ON_AIR, pc.COL_FRAMES_CCA_DROP]


def read(path, what):
    df = read_table(path, what, needed=KEYS + ["energy_w_mean"], keys=KEYS, optional=METRICS)
    # Runs with queries repeat the gossip columns once per strategy.
    gossip = [c for c in df.columns if c != "queries" and not c.startswith("query_")]
    return df.drop_duplicates(subset=gossip)


def by_diameter(ax, df, y, scale, title, ylabel, integer_y=False):
    series = {}
    for f in pc.family_order(df["filter"].unique()):
        g = df[df["filter"] == f]
        series[(f, None)] = [(d, *pc.interval(h[y] * scale, NONNEG))
                             for d, h in g.groupby("diameter")]
    pc.draw_families(ax, series, NONNEG, title)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("network diameter (hops)")
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    pc.tidy_axes(ax, NONNEG, integer_x=True, integer_y=integer_y)


def frames(ax, df, title):
    """Gossip frames per run, per family: sent on the air (the family's line,
    band and legend entry), handed down to the MAC (thin, faint) and dropped
    by channel access (dotted, x); the kinds are told apart by the panel's
    own legend, the families by the figure's."""
    from matplotlib.lines import Line2D

    kinds = ((pc.COL_FRAMES_TO_MAC, "handed to the MAC", dict(linestyle="-", linewidth=3,
                                                             alpha=0.3, marker=None)),
             (pc.COL_FRAMES_CCA_DROP, "dropped (channel access)",
              dict(linestyle=":", linewidth=1.2, alpha=0.9, marker="x", ms=5)))
    on_air = {}
    for f in pc.family_order(df["filter"].unique()):
        g = df[df["filter"] == f]
        pts = [(d, *pc.interval(h[pc.COL_FRAMES_ON_AIR], NONNEG)) for d, h in g.groupby("diameter")]
        if any(p[1] == p[1] for p in pts):
            on_air[(f, None)] = pts
        for column, tag, style in kinds:
            pts = sorted((d, *pc.interval(h[column], NONNEG)) for d, h in g.groupby("diameter"))
            pts = [p for p in pts if p[1] == p[1]]
            if not pts:
                continue
            ax.plot([p[0] for p in pts], [p[1] for p in pts], color=pc.family(f).color,
                    label="_nolegend_", clip_on=False, zorder=2, **style)
            pc.record(ax, title, f"{f}/{tag}", [p[0] for p in pts], [p[1] for p in pts],
                      [p[2] for p in pts], [p[3] for p in pts], NONNEG)
    pc.draw_families(ax, on_air, NONNEG, title)
    ax.legend(handles=[Line2D([], [], color="0.2", marker="o", mfc="none", label="on the air"),
                       Line2D([], [], color="0.2", linewidth=3, alpha=0.3,
                              label=kinds[0][1]),
                       Line2D([], [], color="0.2", linestyle=":", marker="x", label=kinds[1][1])],
              loc="upper left", fontsize=7, framealpha=0.9)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("network diameter (hops)")
    ax.set_ylabel("frames per run")
    ax.grid(True, alpha=0.3)
    pc.tidy_axes(ax, NONNEG, integer_x=True, integer_y=True)


def tradeoff(ax, df, y, title, ylabel):
    """y against the energy, one point per duty cycle; a censored quantile
    only where every seed has it (plot_common.seed_interval), the duty
    cycles a family lacks named with why."""
    missing, labels = [], []
    for f in pc.family_order(df["filter"].unique()):
        g = df[df["filter"] == f]
        pts, lacking = [], []
        for duty, h in g.groupby("duty_cycle"):
            e = pc.interval(h["energy_w_mean"] * 1e3, NONNEG)
            lat = pc.seed_interval(h[y], y, NONNEG)
            if e[0] == e[0] and lat[0] == lat[0]:
                pts.append((duty, e, lat))
            else:
                lacking.append(duty)
        pts.sort()
        if lacking:
            why = pc.censored_why(g[g["duty_cycle"].isin(lacking)], y, "duty_cycle") or f"{y} NA"
            where = "" if not pts else \
                f" at duty {', '.join(f'{d:g}' for d in sorted(lacking))}"
            missing.append(f"{pc.family(f).short}{where} ({why})")
        if not pts:
            continue
        fam = pc.family(f)
        ax.plot([p[1][0] for p in pts], [p[2][0] for p in pts], linestyle=fam.line,
                marker=fam.marker, ms=5, mfc="none", color=fam.color, label=fam.label,
                alpha=0.9)
        # the interval of both coordinates as error bars (bootstrap, >= 0)
        ax.errorbar([p[1][0] for p in pts], [p[2][0] for p in pts],
                    xerr=[[p[1][0] - p[1][1] for p in pts], [p[1][2] - p[1][0] for p in pts]],
                    yerr=[[p[2][0] - p[2][1] for p in pts], [p[2][2] - p[2][0] for p in pts]],
                    fmt="none", ecolor=fam.color, alpha=0.5, elinewidth=1)
        pc.record(ax, f"{title} (x: mW)", f, [p[0] for p in pts], [p[1][0] for p in pts],
                  [p[1][1] for p in pts], [p[1][2] for p in pts], NONNEG)
        pc.record(ax, f"{title} (y)", f, [p[0] for p in pts], [p[2][0] for p in pts],
                  [p[2][1] for p in pts], [p[2][2] for p in pts], NONNEG)
        if f == "lbf":
            labels = [(f"duty {duty:g}", (e[0], lat[0])) for duty, e, lat in pts]
    ax.set_xscale("log")
    if missing:  # a median needs half the pairs right for good
        title += "\n" + pc.wrap_to_axes(ax, f"(not drawn: {'; '.join(missing)})", 10)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("mean radio power per node (mW, log)")
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    pc.tidy_axes(ax, NONNEG)
    for text, xy in labels:  # the duty cycles, on the LBF's points
        pc.label_point(ax, xy, text)


def figure(outputs, panels, path, suptitle, cols=2):
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5.4 * cols, 3.9 * rows + 0.8), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax, spec in zip(flat, panels):
        spec(ax)
    handles, labels = pc.legend_entries(flat)
    pc.finish(fig, suptitle, handles, labels, ncol=6)
    outputs.add(fig, path, f"wrote {path}", "OUTDIR", dpi=110)


def main(argv):
    if len(argv) < 5:
        die("usage: plot-energy.py OUTDIR ALWAYS_RUNS.csv DUTY_RUNS.csv TRADEOFF_RUNS.csv...")
    out = check_outdir(argv[1])
    always = read(argv[2], "ALWAYS_RUNS.csv")
    duty = read(argv[3], "DUTY_RUNS.csv")
    trade = pd.concat([read(p, "TRADEOFF_RUNS.csv") for p in argv[4:]], ignore_index=True)
    duty_value = duty["duty_cycle"].iloc[0]
    trade_seeds = trade.groupby(["filter", "duty_cycle"])["run"].nunique().min()
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
                                   "mJ (network total / advertisements)")]
           + ([lambda ax: frames(ax, always, "Always-on radio: gossip frames"),
               lambda ax: frames(ax, duty, f"Duty cycle {duty_value:g}: gossip frames")]
              if always[pc.COL_FRAMES_TO_MAC].notna().any() else []),
           os.path.join(out, "energy-vs-diameter.png"),
           "Radio energy vs diameter (CC2420 at 3 V; "
           f"{pc.interval_note(always.groupby('filter')['run'].nunique().min())})")
    figure(outputs,
           [(lambda ax: tradeoff(ax, trade, pc.COL_RIGHT_MEDIAN,
                                 "Energy vs median time until right for good", "seconds"))
            if trade[pc.COL_RIGHT_MEDIAN].notna().any() else
            (lambda ax: tradeoff(ax, trade, "diss_latency_median",
                                 "Energy vs median dissemination latency", "seconds")),
            lambda ax: tradeoff(ax, trade, "convergence_time",
                                "Energy vs convergence time", "seconds")],
           os.path.join(out, "duty-tradeoff.png"),
           "Duty-cycle trade-off, line of diameter "
           f"{', '.join(f'{d:g}' for d in sorted(trade['diameter'].unique()))} (labels: duty "
           "cycle, on LBF; " + (f"error bars: {pc.INTERVAL_TEXT})" if trade_seeds > 1 else
                                "one seed: no error bars)"))
    check_outdir(out, create=True)
    outputs.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
