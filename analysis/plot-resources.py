#!/usr/bin/env python3
"""Plots of the resources sweep (scenarios/resources-sweep.sh): accuracy,
false positives and message size of every family against the number of
resources R on a fixed network, at equal m and at an equal message budget.

    analysis/plot-resources.py RUNS.csv OUTDIR

RUNS.csv: the sweep's runs.csv (diameter-sweep rows with `resources`,
`budget_bytes`, `fpr_ideal` and `exact_ideal`).  Writes into OUTDIR one
figure per topology in RUNS.csv, resources-<topology>.png: rows hop_exact,
within-1, miss, false-positive rate on probe keys, payload bytes and frames
per advertisement against R (log2 axis); left column equal m (budget_bytes
0), right column the equal budget (budget_bytes > 0; one column when the
sweep has only one of them).  Measured: the family's markers and line, mean
over seeds with a 95 % percentile bootstrap band over seeds
(plot_common.interval, inside the quantity's range).  Theory: the ideal
hashing model of the BF and the LBF (fpr_ideal, exact_ideal; mean over
seeds) as a broad, faint solid line of the family's colour without markers,
under the measured points.  With BG_PLOT_SERIES set, each figure has its series
sidecar (FIG.csv).
"""
import math
import os
import sys

import plot_common as pc
from plot_common import NONNEG, SHARE, Outputs, check_outdir, die, read_table

plt = pc.pyplot()
from matplotlib import ticker  # noqa: E402  (after pc.pyplot(): found, Agg)
from matplotlib.lines import Line2D  # noqa: E402

KEYS = ["filter", "topology", "resources", "budget_bytes", "run"]
METRICS = ["hop_exact", "hop_within1", "hop_miss", "fpr", "payload_bytes", "frames_per_beacon",
           "fpr_ideal", "exact_ideal", "nodes", "diameter", "m", "convergence_time"]
# (column, theory column, title, y label, domain)
ROWS = [("hop_exact", "exact_ideal", "Exact hop estimates", "share of pairs", SHARE),
        ("hop_within1", None, "Within one hop", "share of pairs", SHARE),
        ("hop_miss", None, "Missed (no estimate)", "share of pairs", SHARE),
        ("fpr", "fpr_ideal", "False positives on probe keys", "share of probes", SHARE),
        ("payload_bytes", None, "Payload per advertisement", "bytes", NONNEG),
        ("frames_per_beacon", None, "Frames per advertisement", "frames", NONNEG)]


def read(path):
    df = read_table(path, "RUNS.csv", needed=KEYS + ["hop_exact", "fpr", "payload_bytes",
                                                      "frames_per_beacon"],
                    keys=KEYS, optional=METRICS, limits={"resources": (1, math.inf)})
    df["filter"] = df["filter"].astype(str)
    df["topology"] = df["topology"].astype(str)
    # Runs with queries repeat the gossip columns once per strategy.
    gossip = [c for c in df.columns if c != "queries" and not c.startswith("query_")]
    return df.drop_duplicates(subset=gossip)


def points(g, column, domain):
    return [(r, *pc.interval(h[column], domain)) for r, h in g.groupby("resources")]


def log2_axis(ax, rs):
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(ticker.FixedLocator(rs))
    ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    ax.xaxis.set_minor_locator(ticker.NullLocator())
    lo, hi = min(rs), max(rs)
    # Room on the right for series drawn offset (plot_common.draw_families
    # moves a line that hides another by a factor to the right).
    ax.set_xlim(lo / 1.25, hi * 1.6)


def panel(ax, df, row, title):
    column, theory, label, ylabel, domain = row
    fams = pc.family_order(df["filter"].unique())
    # a family without hop estimates is left out of the hop panels, said so
    absent = {f: "no hop estimate" for f in fams
              if column.startswith("hop_") and not pc.family(f).distance}
    series = {(f, None): points(df[df["filter"] == f], column, domain) for f in fams
              if f not in absent}
    log_y = False
    if domain is NONNEG:
        ys = [p[1] for pts in series.values() for p in pts if p[1] == p[1] and p[1] > 0]
        log_y = bool(ys) and max(ys) / min(ys) > 20
    pc.draw_families(ax, series, domain, f"{title}: {label}", log_x=True, log_y=log_y,
                     xname="R", why=lambda f, t, xs: f"{column} NA", absent=absent)
    if theory:
        ideal = {}
        for f in pc.family_order(df["filter"].unique()):
            pts = [p for p in points(df[df["filter"] == f], theory, domain) if p[1] == p[1]]
            if pts:
                ideal[f] = pts
        # models that are one curve (the BF's and the LBF's FPR at equal m):
        # drawn once, and the panel says so
        tol = pc.overlap_tolerance([p[1] for pts in ideal.values() for p in pts], log_y, domain)
        groups = pc.overlap_groups({f: [(p[0], p[1]) for p in pts] for f, pts in ideal.items()},
                                   tol, log_y)
        hidden = {f for g in groups for f in g[1:]}
        for f, pts in ideal.items():
            fam = pc.family(f)
            pc.record(ax, f"{title}: {label}", f"{f}/ideal", [p[0] for p in pts],
                      [p[1] for p in pts], [p[2] for p in pts], [p[3] for p in pts], domain)
            if f in hidden:
                continue
            # Broad and faint under the measured line: both stay visible.
            ax.plot([p[0] for p in pts], [p[1] for p in pts], color=fam.color, linewidth=5,
                    linestyle="-", alpha=0.3, zorder=2, solid_capstyle="round",
                    label=f"{fam.label} ideal model")
        if groups:
            note = "; ".join(" = ".join(pc.family(f).short for f in g) for g in groups) + \
                ": one ideal model, drawn once"
            old = ax.__dict__.get("_bg_note")
            ax.__dict__["_bg_note"] = f"{old}; {note}" if old else note
    ax.set_title(label, fontsize=10)
    ax.set_xlabel("resources R (log2)")
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    if log_y:
        ax.set_yscale("log")
    pc.tidy_axes(ax, domain, integer_y=(column == "frames_per_beacon"))
    log2_axis(ax, sorted(df["resources"].unique()))
    if not any(p[1] == p[1] for pts in series.values() for p in pts):
        ax.text(0.5, 0.5, "no family has this figure", transform=ax.transAxes, ha="center",
                va="center", fontsize=9, color="0.4")


def comparison_title(sub):
    budget = sorted(sub["budget_bytes"].unique())
    if budget == [0]:
        ms = sorted(sub["m"].dropna().unique())
        return "equal m" + (f" (m = {', '.join(f'{m:g}' for m in ms)})" if ms else "")
    return "equal budget (" + ", ".join(f"{b:g}" for b in budget if b) + " payload bytes)"


def figure(outputs, df, topology, path):
    comparisons = []
    equal_m = df[df["budget_bytes"] == 0]
    budget = df[df["budget_bytes"] > 0]
    for sub in (equal_m, budget):
        if not sub.empty:
            comparisons.append((comparison_title(sub), sub))
    cols = len(comparisons)
    fig, axes = plt.subplots(len(ROWS), cols, figsize=(5.6 * cols, 3.1 * len(ROWS) + 1.2),
                             squeeze=False)
    for c, (title, sub) in enumerate(comparisons):
        for r, row in enumerate(ROWS):
            panel(axes[r][c], sub, row, title)
        axes[0][c].set_title(f"{title}\n{axes[0][c].get_title()}", fontsize=10)
    flat = [ax for row in axes for ax in row]
    handles, labels = pc.legend_entries(flat)
    if any(lab.endswith(" ideal model") for lab in labels):
        keep = [i for i, lab in enumerate(labels) if not lab.endswith(" ideal model")]
        handles, labels = [handles[i] for i in keep], [labels[i] for i in keep]
        handles.append(Line2D([], [], color="0.3", linewidth=5, alpha=0.3))
        labels.append("broad faint line: ideal-hashing model (BF, LBF)")
    ncol = 2 if cols == 1 else 4
    nodes = sorted(df["nodes"].dropna().unique())
    diameters = sorted(df["diameter"].dropna().unique())
    net = f"{topology}, {', '.join(f'{n:g}' for n in nodes)} nodes" + \
        (f", diameter {', '.join(f'{d:g}' for d in diameters)}" if diameters else "")
    seeds = df.groupby(["filter", "budget_bytes", "resources"])["run"].nunique().min()
    pc.finish(fig, f"Accuracy and message size vs resources R\n({net};\n"
              f"{pc.interval_note(seeds)})", handles, labels, title_size=10, ncol=ncol)
    outputs.add(fig, path, f"wrote {path}", "OUTDIR", dpi=100)


def main(argv):
    if len(argv) != 3:
        die("usage: plot-resources.py RUNS.csv OUTDIR")
    df = read(argv[1])
    out = check_outdir(argv[2])
    outputs = Outputs()
    for topology in sorted(df["topology"].unique()):
        figure(outputs, df[df["topology"] == topology], topology,
               os.path.join(out, f"resources-{topology}.png"))
    check_outdir(out, create=True)
    outputs.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
