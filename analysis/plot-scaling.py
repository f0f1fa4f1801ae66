#!/usr/bin/env python3
"""Scaling curve of the simulation: cost against network size.

    analysis/plot-scaling.py BENCHMARK.csv [CONVERGENCE.csv] OUT.png

BENCHMARK.csv is written by sim-benchmark (--csv) and CONVERGENCE.csv by
scenarios/scaling.sh.  Left panel: Simulator::Run() wall seconds per simulated
second against the number of nodes, log-log, one line per (channel, app)
(LBF gossip and the bare broadcaster, stock and grid channel), with the
reference slopes N and N^2.  Right panel (when CONVERGENCE.csv is given):
wall and CPU seconds of the runs to convergence against the number of nodes,
with the 10-minute line.  One run per point (timings, no seeds): no
interval is drawn, and the figure says so.
"""
import math
import sys

import plot_common as pc
from plot_common import Outputs, check_target, die, read_table

plt = pc.pyplot()

STYLE = {
    ("stock", False): dict(color="tab:red", marker="o", label="stock channel, LBF gossip"),
    ("stock", True): dict(color="tab:red", marker="o", ls="--", mfc="none",
                          label="stock channel, bare broadcaster"),
    ("grid", False): dict(color="tab:blue", marker="s", label="grid channel, LBF gossip"),
    ("grid", True): dict(color="tab:blue", marker="s", ls="--", mfc="none",
                         label="grid channel, bare broadcaster"),
}


def read(path, what, keys, values):
    return read_table(path, what, needed=keys + values, keys=keys)


def reference(ax, xs, y0, power, label, ls):
    """A grey reference line y0 (x / x0)^power, named in the legend (a text
    beside its end could meet the other line's where the timings span many
    decades)."""
    x0 = min(xs)
    ax.plot(xs, [y0 * (x / x0) ** power for x in xs], color="0.6", lw=0.8, ls=ls, label=label)


def main(argv):
    if len(argv) not in (3, 4):
        die("usage: plot-scaling.py BENCHMARK.csv [CONVERGENCE.csv] OUT.png")
    out = argv[-1]
    check_target(out, "OUT")
    bench = read(argv[1], "BENCHMARK.csv", ["nodes", "channel", "app"], ["sim_time", "run_s"])
    bench["channel"] = bench["channel"].astype(str)
    bench["app"] = bench["app"].astype(str)
    conv = read(argv[2], "CONVERGENCE.csv", ["nodes"], ["diameter", "wall_s", "cpu_s"]) \
        if len(argv) == 4 else None

    panels = 2 if conv is not None else 1
    fig, axes = plt.subplots(1, panels, figsize=(6.2 * panels, 4.6), squeeze=False)
    ax = axes[0][0]
    bench = bench.assign(bare=bench["app"].str.startswith("bare-"),
                         per_s=bench["run_s"] / bench["sim_time"])
    drawn = {}
    for (channel, bare), style in STYLE.items():
        d = bench[(bench["channel"] == channel) & (bench["bare"] == bare)].sort_values("nodes")
        if not d.empty:
            ax.plot(d["nodes"], d["per_s"], **style)
            drawn[style["label"]] = list(zip(d["nodes"], d["per_s"]))
            pc.record(ax, "wall s per simulated s", f"{channel}/{'bare' if bare else 'lbf'}",
                      list(d["nodes"]), list(d["per_s"]), domain=pc.NONNEG)
    xs = sorted(bench["nodes"].unique())
    grid = bench[(bench["channel"] == "grid") & ~bench["bare"]].sort_values("nodes")
    if len(xs) > 1 and not grid.empty:
        y0 = grid["per_s"].iloc[0]
        reference(ax, xs, y0 * 0.5, 1, "reference ∝ N", ":")
        reference(ax, xs, y0 * 0.5, 2, "reference ∝ N²", "-.")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("nodes N (square grid, 4 neighbours)")
    ax.set_ylabel("wall seconds per simulated second")
    low, high = ax.get_ylim()  # timings: two lines may meet on the log axis
    note = pc.overlap_note(drawn, log_y=True, span=math.log10(high) - math.log10(low)) \
        if low > 0 else ""
    ax.set_title("Simulation cost (LBF, 1 beacon/s per node)"
                 + ("\n" + pc.wrap_to_axes(ax, f"({note})", 10) if note else ""), fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    pc.tidy_axes(ax)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(0, -0.16), ncol=2)

    if conv is not None:
        ax = axes[0][1]
        conv = conv.sort_values("nodes")
        ax.plot(conv["nodes"], conv["wall_s"], marker="s", color="tab:blue", label="wall time")
        ax.plot(conv["nodes"], conv["cpu_s"], marker="^", color="tab:green", ls="--",
                label="CPU time (user + system)")
        pc.record(ax, "wall s", "wall", list(conv["nodes"]), list(conv["wall_s"]),
                  domain=pc.NONNEG)
        pc.record(ax, "cpu s", "cpu", list(conv["nodes"]), list(conv["cpu_s"]),
                  domain=pc.NONNEG)
        ax.axhline(600, color="tab:red", lw=0.8, ls=":")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("nodes N (square grid)")
        ax.set_ylabel("seconds")
        low, high = ax.get_ylim()  # wall and CPU time may meet on the log axis
        note = pc.overlap_note({"wall time": list(zip(conv["nodes"], conv["wall_s"])),
                                "CPU time (user + system)": list(zip(conv["nodes"],
                                                                     conv["cpu_s"]))},
                               log_y=True, span=math.log10(high) - math.log10(low)) \
            if low > 0 else ""
        ax.set_title("LBF to convergence, grid channel (D/2 + 30 s simulated)"
                     + ("\n" + pc.wrap_to_axes(ax, f"({note})", 10) if note else ""),
                     fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        pc.tidy_axes(ax)
        # beside the line, inside the frame wherever 600 s lies on the axis
        pc.label_point(ax, (conv["nodes"].min(), 600), "10 min", fontsize=8, color="tab:red")
        for _, r in conv.iterrows():
            if math.isnan(r["diameter"]) or math.isnan(r["wall_s"]):
                continue  # no label where there is no point or no diameter
            pc.label_point(ax, (r["nodes"], r["wall_s"]), f"D={int(r['diameter'])}",
                           color="black")
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(0, -0.16), ncol=2)

    fig.suptitle("One run per point (timings; no interval)", fontsize=9)
    fig.tight_layout()
    outputs = Outputs()
    outputs.add(fig, out, f"plot-scaling.py: wrote {out}", "OUT", dpi=120)
    outputs.commit()


if __name__ == "__main__":
    main(sys.argv)
