#!/usr/bin/env python3
"""Maps of what the nodes believe, and query paths drawn over them.

    analysis/plot-map.py MAP.csv OUTDIR [--walk WALK.csv] [--resource R]
                         [--time T] [--query Q] [--gif]

MAP.csv is what diameter-sweep writes with --map-csv (node rows: position,
true hop distance, estimate, status; link rows: the truth graph), WALK.csv
what it writes with --walk-csv.  One panel per filter family, side by side,
for one resource (default the smallest number) at one map time (default the
last), of the first run (seed, run) in the file.  Writes into OUTDIR:
    map.png   nodes at their positions over the truth links; colour = the hop
              estimate (LBF, ABF, SDBF; grey: none) or membership (BF: filled =
              reported, white = not); a red cross marks a wrong estimate, a
              black ring a missing one, an orange triangle a false positive
              (reported, no reachable holder); a star marks the holder
    walk.png  with --walk: the same panels with one query each (--query Q, the
              issue number within the family; default the first one that
              reached a holder), on the map nearest to the query's issue
              time unless --time is given: a gradient walk as numbered red arrows
              (backtracks dashed; a walk that reached no holder is labelled
              "not delivered" with its frames), a flood as its sending nodes ringed by hop
              count, the shortest path at issue time in green
    map.gif   with --gif and 2 to 1000 map times: the map as an animation
              (one frame per map time, 4 frames a second; needs python3-pil)
OUTDIR is created when the figures are written.  Bad input or arguments
(coordinates beyond 1e15 m, a --query or --resource the files do not have,
--query without --walk): one line on stderr, exit code 2, nothing written.
"""
import argparse
import io
import math
import os

import plot_common as pc
from plot_common import Outputs, check_outdir, check_target, die, pd, read_table, shown

plt = pc.pyplot()

# Coordinates a figure can hold: beyond this, matplotlib cannot place the
# axis limits and ticks (a span of 1e308 m overflows to inf).
MAX_COORDINATE = 1e15
# Frames of map.gif: each is held in memory (about 0.5 MB at 72 dpi with four
# panels) until the GIF is encoded.
MAX_GIF_FRAMES = 1000

RUN_KEYS = ["filter", "seed", "run"]
MAP_NEEDED = RUN_KEYS + ["time", "kind", "node", "peer", "x", "y", "resource", "truth",
                         "estimate", "present", "status", "holder"]
WALK_NEEDED = RUN_KEYS + ["query", "strategy", "origin", "key", "kind", "step", "time",
                          "node", "hops", "backtrack"]
STATUSES = {"exact", "wrong", "missing", "false-positive", "failed"}


class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(f"usage: {message}")


def parse():
    p = Parser(add_help=True)
    p.add_argument("map")
    p.add_argument("outdir")
    p.add_argument("--walk")
    p.add_argument("--resource", type=int)
    p.add_argument("--time", type=float)
    p.add_argument("--query", type=int)
    p.add_argument("--gif", action="store_true")
    return p.parse_args()


def families(df):
    return pc.family_order(df["filter"].unique())


def legend_below(ax):
    """The panel's legend under its axes, outside the nodes."""
    if ax.get_legend_handles_labels()[1]:
        from matplotlib.transforms import ScaledTranslation

        # 0.45 inch under the axes, below the x label, whatever the panel's height
        below = ax.transAxes + ScaledTranslation(0, -0.45, ax.figure.dpi_scale_trans)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below, ncol=3,
                  fontsize=7, framealpha=0.9)


def panel(ax, nodes, links, family, resource, t):
    """Truth links, nodes coloured by estimate, marks; returns positions by node."""
    pos = {int(r.node): (r.x, r.y) for r in nodes.itertuples()}
    for r in links.itertuples():
        a, b = int(r.node), int(r.peer)
        if a in pos and b in pos:
            ax.plot([pos[a][0], pos[b][0]], [pos[a][1], pos[b][1]], color="0.85", lw=0.8,
                    zorder=1)
    distance = nodes["estimate"].notna().any() or pc.family(family).distance
    if distance:
        est = nodes["estimate"]
        vmax = max(1.0, float(pd.concat([est, nodes["truth"]]).max(skipna=True) or 1.0))
        known = nodes[est.notna()]
        sc = ax.scatter(known["x"], known["y"], c=known["estimate"], cmap="viridis", vmin=0,
                        vmax=vmax, s=60, edgecolors="k", linewidths=0.4, zorder=3)
        unknown = nodes[est.isna()]
        ax.scatter(unknown["x"], unknown["y"], color="0.7", s=60, edgecolors="k",
                   linewidths=0.4, zorder=3)
        plt.colorbar(sc, ax=ax, fraction=0.046, pad=0.02, label="hop estimate")
    else:
        reported = nodes[nodes["present"] == 1]
        ax.scatter(reported["x"], reported["y"], color="tab:blue", s=60, edgecolors="k",
                   linewidths=0.4, zorder=3, label="reported")
        absent = nodes[nodes["present"] != 1]
        ax.scatter(absent["x"], absent["y"], color="white", s=60, edgecolors="k",
                   linewidths=0.4, zorder=3, label="not reported")
    marks = [("wrong", dict(marker="x", color="red", s=70, linewidths=1.6)),
             ("missing", dict(marker="o", facecolors="none", edgecolors="black", s=150,
                              linewidths=1.4)),
             ("false-positive", dict(marker="^", color="orange", s=60, edgecolors="k"))]
    for status, style in marks:
        sel = nodes[nodes["status"] == status]
        if len(sel):
            ax.scatter(sel["x"], sel["y"], zorder=4, label=f"{status} ({len(sel)})", **style)
    holders = nodes[nodes["holder"] == 1]
    ax.scatter(holders["x"], holders["y"], marker="*", color="gold", s=260, edgecolors="k",
               zorder=5, label="holder")
    exact = (nodes["status"] == "exact").sum()
    f = pc.family(family)
    ax.set_title(f"{f.short}: resource {resource}, t = {t:g} s\n"
                 f"{exact}/{len(nodes)} nodes exact", color=f.color)
    pc.record(ax, "nodes exact", family, [t], [exact / len(nodes) if len(nodes) else 0.0],
              domain=pc.SHARE)
    # room around the outer nodes for their marks and labels (a flood's hop
    # counts stand 7 points beside a node, towards the middle)
    ax.margins(0.08)
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    pc.tidy_axes(ax)
    legend_below(ax)
    return pos


def draw_walk(ax, pos, rows, family):
    """One query: gradient walk arrows (backtracks dashed) or flood senders; shortest path."""
    shortest = rows[rows["kind"] == "shortest"].sort_values("step")
    pts = [pos[int(n)] for n in shortest["node"] if int(n) in pos]
    if len(pts) > 1:
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color="tab:green", lw=4, alpha=0.5,
                zorder=2, label=f"shortest ({len(pts) - 1} hops)")
    sends = rows[rows["kind"] == "send"].sort_values(["time", "step"])
    strategy = str(rows["strategy"].iloc[0])
    origin = int(rows["origin"].iloc[0])
    if origin in pos:
        ax.scatter([pos[origin][0]], [pos[origin][1]], marker="s", s=140, facecolors="none",
                   edgecolors="tab:red", linewidths=2, zorder=6, label="origin")
    delivered = rows[rows["kind"] == "deliver"]
    if strategy == "gradient":
        path = [int(n) for n in sends["node"]] + [int(n) for n in delivered["node"][:1]]
        backs = list(sends["backtrack"]) + [0]
        steps = {}  # the steps over each link, numbered in one label (20 above 23)
        for i in range(len(path) - 1):
            a, b = path[i], path[i + 1]
            if a not in pos or b not in pos or a == b:
                continue
            ax.annotate("", xy=pos[b], xytext=pos[a], zorder=7,
                        arrowprops=dict(arrowstyle="->", color="tab:red", lw=1.6,
                                        ls="--" if backs[i + 1] else "-"))
            steps.setdefault(tuple(sorted((a, b))), []).append(i + 1)
        for (a, b), numbers in steps.items():
            mx, my = (pos[a][0] + pos[b][0]) / 2, (pos[a][1] + pos[b][1]) / 2
            ax.text(mx, my, "\n".join(map(str, numbers)), color="tab:red", fontsize=8, zorder=8,
                    ha="center", va="center", fontweight="bold",
                    bbox=dict(boxstyle="circle,pad=0.15" if len(numbers) == 1 else
                              "round,pad=0.15", fc="white", ec="tab:red", lw=0.6))
        backtracks = int(sum(sends["backtrack"]))
        if delivered.empty:  # the last frame's receiver is not known: no arrow
            label = f"walk: {len(sends)} frames, {backtracks} backtracks, not delivered"
        else:
            label = f"walk: {len(path) - 1} hops, {backtracks} backtracks"
    else:
        senders = sends.drop_duplicates("node")
        sel = senders[senders["node"].astype(int).isin(pos)]
        ax.scatter([pos[int(n)][0] for n in sel["node"]], [pos[int(n)][1] for n in sel["node"]],
                   s=200, facecolors="none", edgecolors="tab:red", linewidths=1, zorder=6)
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        for r in sel.itertuples():
            # up and right of the node, but left of one in the right fifth of
            # the nodes and under one in their top fifth: inside the frame
            # whatever width the layout leaves the panel
            x, y = pos[int(r.node)]
            dx = -7 if x > min(xs) + 0.8 * (max(xs) - min(xs)) else 7
            dy = -7 if y > min(ys) + 0.8 * (max(ys) - min(ys)) else 7
            ax.annotate(str(int(r.hops)), (x, y), textcoords="offset points",
                        xytext=(dx, dy), fontsize=7, color="tab:red", zorder=8, ha="center",
                        va="center", fontweight="bold")
        label = f"{strategy}: {len(sends)} frames from {len(senders)} nodes"
    ax.plot([], [], color="tab:red", label=label)
    legend_below(ax)
    return label


def main():
    args = parse()
    check_outdir(args.outdir, create=False)
    if args.query is not None and args.walk is None:
        die("--query: needs --walk (the queries are in WALK.csv)")
    if args.gif:
        Image = pc.require("PIL.Image")
    df = read_table(args.map, "MAP.csv", needed=MAP_NEEDED,
                    keys=RUN_KEYS + ["time", "kind", "node"],
                    limits={"x": (-MAX_COORDINATE, MAX_COORDINATE),
                            "y": (-MAX_COORDINATE, MAX_COORDINATE)})
    bad = set(df["kind"]) - {"node", "link"}
    if bad:
        die(f"MAP.csv: {shown(args.map)}: kind {shown(sorted(map(str, bad))[0])} is neither "
            "node nor link")
    nodes_all = df[df["kind"] == "node"]
    if nodes_all.empty:
        die(f"MAP.csv: {shown(args.map)} has no node rows")
    statuses = set(nodes_all["status"].dropna()) - STATUSES
    if statuses or nodes_all["status"].isna().any():
        die(f"MAP.csv: {shown(args.map)}: column status has "
            f"{shown(sorted(map(str, statuses))[0]) if statuses else 'an empty value'}")
    first = nodes_all.iloc[0]
    run = (df["seed"] == first["seed"]) & (df["run"] == first["run"])
    df = df[run]
    nodes_all = df[df["kind"] == "node"]
    resources = sorted(nodes_all["resource"].dropna().unique())
    if not resources:
        die(f"MAP.csv: {shown(args.map)}: no resource in the node rows")
    resource = args.resource if args.resource is not None else int(resources[0])
    if resource not in resources:
        die(f"--resource: {resource} is not in {shown(args.map)} "
            f"(resources {', '.join(str(int(r)) for r in resources[:10])})")
    times = sorted(nodes_all["time"].unique())
    t = times[-1] if args.time is None else args.time
    if not any(math.isclose(t, x, abs_tol=1e-6) for x in times):
        die(f"--time: no map at {t:g} s in {shown(args.map)} "
            f"(times {', '.join(f'{x:g}' for x in times[:10])})")
    fams = families(nodes_all)

    walks = None
    if args.walk is not None:
        walks = read_table(args.walk, "WALK.csv", needed=WALK_NEEDED,
                           keys=RUN_KEYS + ["query", "kind", "node", "step"])
        walks = walks[(walks["seed"] == first["seed"]) & (walks["run"] == first["run"])]
        if walks.empty:
            die(f"WALK.csv: {shown(args.walk)} has no query of seed {int(first['seed'])}, "
                f"run {int(first['run'])} (the map's run)")
        if args.query is not None and not (walks["query"] == args.query).any():
            numbers = sorted(walks["query"].dropna().unique())
            die(f"--query: {args.query} is not in {shown(args.walk)} "
                f"(queries {', '.join(str(int(q)) for q in numbers[:10])}"
                f"{', ...' if len(numbers) > 10 else ''})")
    if args.gif and len(times) < 2:
        die(f"--gif: {shown(args.map)} has one map time; write more with --map-every")
    if args.gif and len(times) > MAX_GIF_FRAMES:
        die(f"--gif: {shown(args.map)} has {len(times)} map times, more than the "
            f"{MAX_GIF_FRAMES} frames of a GIF here; write fewer with --map-every")
    out = Outputs(args.outdir)
    for name in ["map.png"] + (["walk.png"] if walks is not None else []) + \
            (["map.gif"] if args.gif else []):
        check_target(os.path.join(args.outdir, name), name, folder=False)

    def frame(fig, axes, at, with_walk):
        for ax, fam in zip(axes, fams):
            w = None
            shown_resource = resource
            if with_walk:
                w = walks[walks["filter"] == fam]
                if args.query is not None:
                    w = w[w["query"] == args.query]
                elif not w.empty:
                    delivered = w[w["kind"] == "deliver"]["query"]
                    w = w[w["query"] == (delivered.min() if len(delivered) else w["query"].min())]
                # The map of the resource the query looks for (when the map has it).
                if not w.empty and int(w["key"].iloc[0]) in resources and args.resource is None:
                    shown_resource = int(w["key"].iloc[0])
            shown_at = at
            if w is not None and not w.empty and args.time is None:
                # Moving nodes: the map nearest to the query's issue time.
                issued = float(w["time"].min())
                shown_at = min(times, key=lambda x: abs(x - issued))
            sel = df[(df["filter"] == fam) & (abs(df["time"] - shown_at) < 1e-6)]
            nodes = sel[(sel["kind"] == "node") & (sel["resource"] == shown_resource)]
            links = sel[sel["kind"] == "link"]
            pos = panel(ax, nodes, links, fam, shown_resource, shown_at)
            if w is not None:
                if w.empty:
                    ax.text(0.5, 0.02, "no query", transform=ax.transAxes, ha="center")
                else:
                    draw_walk(ax, pos, w, fam)

    # Panels shaped like the network: a long strip (a line) one under the
    # other across the page, a squarer network two by two; each node some
    # 0.3 inch apart at least, so that nodes and step numbers can be read.
    nodes_xy = nodes_all[["x", "y"]].dropna()
    span_x = float(nodes_xy["x"].max() - nodes_xy["x"].min()) if len(nodes_xy) else 1.0
    span_y = float(nodes_xy["y"].max() - nodes_xy["y"].min()) if len(nodes_xy) else 1.0
    ratio = span_y / span_x if span_x > 0 else 1.0
    per_row = max(1, int(math.ceil(math.sqrt(max(1, nodes_all["node"].nunique())))))
    if ratio < 0.35:
        cols = 1
        width = min(16.0, max(9.0, 0.32 * nodes_all["node"].nunique() ** (1 if ratio < 0.1
                                                                        else 0.5)))
        height = max(2.6, width * ratio + 2.4)
    else:
        cols = 1 if len(fams) == 1 else 2
        width = min(8.0, max(5.2, 0.45 * per_row + 1.5))
        height = min(8.5, max(4.6, width * min(ratio, 1.6) + 1.2))
    rows = (len(fams) + cols - 1) // cols

    def figure():
        fig, axes = plt.subplots(rows, cols, figsize=(width * cols, height * rows),
                                 squeeze=False)
        flat = [ax for row in axes for ax in row]
        for ax in flat[len(fams):]:
            ax.set_visible(False)
        return fig, flat[:len(fams)]

    fig, axes = figure()
    frame(fig, axes, t, False)
    fig.tight_layout()
    out.add(fig, os.path.join(args.outdir, "map.png"), f"wrote {args.outdir}/map.png", "map.png",
            dpi=110)
    if walks is not None:
        fig, axes = figure()
        frame(fig, axes, t, True)
        fig.tight_layout()
        out.add(fig, os.path.join(args.outdir, "walk.png"), f"wrote {args.outdir}/walk.png",
                "walk.png", dpi=110)
    if args.gif:
        # One figure per frame, drawn as map.png's (reusing one figure would
        # nest a colorbar layout per frame), encoded in memory as
        # matplotlib's PillowWriter does; written with the figures.
        def frames():
            for at in times:
                fig, axes = figure()
                frame(fig, axes, at, False)
                fig.tight_layout()
                # at most the pixels of four 5.2 x 5 inch panels at 72 dpi
                w, h = fig.get_size_inches()
                dpi = 72 * min(1.0, math.sqrt(4 * 5.2 * 5 / (w * h)))
                size = (int(w * dpi), int(h * dpi))
                buf = io.BytesIO()
                fig.savefig(buf, format="rgba", dpi=dpi)
                plt.close(fig)
                yield Image.frombuffer("RGBA", size, buf.getbuffer(), "raw", "RGBA", 0, 1)

        sequence = frames()
        gif = io.BytesIO()
        next(sequence).save(gif, format="GIF", save_all=True, append_images=sequence,
                            duration=250, loop=0)
        path = os.path.join(args.outdir, "map.gif")
        out.add_bytes(path, gif.getvalue(), f"wrote {path} ({len(times)} frames)", "map.gif")
    out.commit()


if __name__ == "__main__":
    main()
