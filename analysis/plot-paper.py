#!/usr/bin/env python3
"""Figures 4, 5a-d and 6a-b of the LBF paper (Lima, Baquero & Miranda, section 4)
from the CSVs of benchmarks/lbf-calibration, and the numbers the paper states next
to ours (printed as markdown on standard output).

    plot-paper.py CALIBRATION.csv CAPACITY.csv --out results/paper

Needs python3-pandas and python3-matplotlib (Debian).  Writes fig4.png,
fig5a.png ... fig5d.png, fig6a.png, fig6b.png into --out.  Fig. 5a draws the
95 % normal interval of each mean (se_mean_c of N iterations, clipped to
[0, 1]); the other curves are means over N iterations with no interval.
Zoomed axes (5a, 5b) say so and note the points off scale.
"""
import argparse
import math
import os

import plot_common as pc
from plot_common import Outputs, check_outdir, check_target, die, read_table

plt = pc.pyplot()
import matplotlib  # noqa: E402  (after pc.pyplot(): found, Agg)
import matplotlib.ticker  # noqa: E402

RULES = ["floor", "ceil", "round"]
DEFINITIONS = {"cells": "share of non-zero cells", "bits": "share of 1-bits"}
UNIFORM_SIGMA = 1 / math.sqrt(12)
LOG_TICKS = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000]


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit code 2 (argparse prints the usage too)
        die(message)


def parse_args():
    p = Parser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("calibration", help="CSV of lbf-calibration --experiment calibration")
    p.add_argument("capacity", help="CSV of lbf-calibration --experiment capacity")
    p.add_argument("--out", default="results/paper", help="output folder (default results/paper)")
    p.add_argument("--paper-k", type=int, default=7, help="k of the b sweep (Fig. 5), default 7")
    p.add_argument("--paper-b", type=int, default=8, help="b of the k sweep (Fig. 6), default 8")
    p.add_argument("--fig4-rule", default="ceil", choices=RULES,
                   help="quantisation rule of Fig. 4 (default ceil: every insertion sets its cells)")
    p.add_argument("--sigma-n", type=int, default=70, help="n of Fig. 5b (paper: 70)")
    return p.parse_args()


# Per CSV: the columns that identify a point (a value in every row) and the
# other numeric columns used.
COLUMNS = {
    "calibration": (["quantization", "ids", "seed", "dim", "bits", "hashes", "elements",
                     "iterations"],
                    ["mean_c_true", "mean_c", "se_mean_c", "sigma", "eqm", "occupancy_bits",
                     "occupancy_cells"]),
    "capacity": (["quantization", "ids", "seed", "dim", "bits", "hashes", "definition", "target",
                  "repetitions"],
                 ["mean_elements"]),
}


def load(path, kind):
    keys, values = COLUMNS[kind]
    d = read_table(path, f"{kind.upper()}.csv", needed=keys + values, keys=keys)
    if d["ids"].nunique() > 1 or d["seed"].nunique() > 1:
        die(f"{kind.upper()}.csv: {path} mixes several --ids or --seed runs; give one run")
    return d


def rules_in(d):
    return [r for r in RULES if r in set(d["quantization"])]


FIGURES = ["fig4.png", "fig5a.png", "fig5b.png", "fig5c.png", "fig5d.png", "fig6a.png",
           "fig6b.png"]
OUTPUTS = Outputs()  # every figure and line, written at the end (all or none)


# The domain of what each figure draws (its sidecar, plot_common.Outputs).
DOMAINS = {"fig4.png": pc.NONNEG, "fig5a.png": pc.SHARE, "fig5b.png": pc.NONNEG,
           "fig5c.png": pc.NONNEG, "fig5d.png": pc.SHARE, "fig6a.png": pc.NONNEG,
           "fig6b.png": pc.SHARE}


def save(fig, out, name):
    path = os.path.join(out, name)
    for ax in fig.axes:
        if ax.get_yscale() != "log":  # fig4's log ticks are its own
            pc.tidy_axes(ax)
        for line in ax.get_lines():
            label = line.get_label()
            xs, ys = line.get_xdata(), line.get_ydata()
            if label.startswith("_") or len(xs) < 2 or line.get_linestyle() in ("--",) \
                    and len(set(ys)) == 1:
                continue  # reference lines (axhline) are not data
            pc.record(ax, ax.get_title(), label, list(xs), list(ys),
                      domain=DOMAINS.get(name, pc.REAL))
    OUTPUTS.add(fig, path, f"<!-- wrote {path} -->", "--out", dpi=110, bbox_inches="tight")


def say(text):
    OUTPUTS.say(text)


def n_colors(ns):
    cmap = plt.get_cmap("viridis")
    return {n: cmap(i / max(1, len(ns) - 1) * 0.9) for i, n in enumerate(ns)}


def fig4(cap, out, rule):
    d = cap[(cap.quantization == rule)]
    if d.empty:
        say(f"<!-- fig4: no rows for rule {rule} -->")
        return
    k = int(d.hashes.iloc[0])
    dim = int(d.dim.iloc[0])
    reps = int(d.repetitions.iloc[0])
    targets = sorted(d.target.unique())
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.8), sharey=True)
    colors = n_colors(targets)
    for ax, definition in zip(axes, ["cells", "bits"]):
        sub = d[d.definition == definition]
        for t in targets:
            s = sub[sub.target == t].sort_values("bits")
            ax.plot(s.bits, s.mean_elements, marker="o", ms=4, color=colors[t],
                    label=f"{t * 100:.0f} %")
        ax.axhline(100, color="grey", ls=":", lw=1)
        ax.axvline(4, color="grey", ls=":", lw=1)
        ax.text(0.97, 0.97, "dotted: paper's reading, ~100 elements\nat 50 % needs b <= 4",
                transform=ax.transAxes, ha="right", va="top", fontsize=8, color="dimgrey",
                bbox=dict(facecolor="white", edgecolor="lightgrey", alpha=0.9))
        ax.set_yscale("log")
        ax.set_yticks(LOG_TICKS)
        ax.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
        ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_xlabel("bits per cell b")
        ax.set_title(f"occupancy = {DEFINITIONS[definition]}")
        ax.set_xticks(range(1, 17))
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("elements inserted until the target (mean)")
    axes[1].legend(title="occupancy target", fontsize=8, loc="lower left")
    fig.suptitle(f"Fig. 4 - capacity: dim = {dim} bits, k = {k}, {reps} repetitions, "
                 f"rule {rule}", fontsize=11)
    save(fig, out, "fig4.png")


def sweep(cal, fixed, value):
    return cal[cal[fixed] == value]


def per_rule_panels(d, x, y, out, name, title, ylabel, rules, log=False, ylim=None, hline=None,
                    band=None, note=None):
    ns = sorted(d.elements.unique())
    colors = n_colors(ns)
    fig, axes = plt.subplots(1, len(rules), figsize=(5.2 * len(rules), 4.4), sharey=True,
                             squeeze=False)
    for ax, rule in zip(axes[0], rules):
        sub = d[d.quantization == rule]
        for n in ns:
            s = sub[sub.elements == n].sort_values(x)
            ax.plot(s[x], s[y], marker="o", ms=3, color=colors[n], label=f"n = {n}")
            if y == "mean_c" and "se_mean_c" in s:
                # 95 % normal interval of the mean over N iterations, in [0, 1]
                ax.fill_between(s[x], (s[y] - 1.96 * s["se_mean_c"]).clip(0, 1),
                                (s[y] + 1.96 * s["se_mean_c"]).clip(0, 1), color=colors[n],
                                alpha=0.15, linewidth=0)
        if hline is not None:
            ax.axhline(hline[0], color="black", ls="--", lw=1, label=hline[1])
        if band is not None:
            ax.axvspan(band[0], band[1], color="orange", alpha=0.12, label=band[2])
        if log:
            ax.set_yscale("log")
        if ylim is not None:
            ax.set_ylim(*ylim)
        if note is not None:
            text = note(sub)
            if text:
                ax.text(0.02, 0.02, text, transform=ax.transAxes, fontsize=8, color="dimgrey",
                        va="bottom")
        ax.set_xlabel("bits per cell b" if x == "bits" else "hash functions k")
        ax.set_xticks(sorted(d[x].unique()))
        ax.set_title(f"rule {rule}")
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel(ylabel)
    axes[0][-1].legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1))
    fig.suptitle(title, fontsize=11)
    save(fig, out, name)


def occupancy_panels(d, x, out, name, title, rules):
    ns = sorted(d.elements.unique())
    colors = n_colors(ns)
    fig, axes = plt.subplots(2, len(rules), figsize=(5.2 * len(rules), 8), sharey=True,
                             sharex=True, squeeze=False)
    for row, definition in enumerate(["bits", "cells"]):
        for col, rule in enumerate(rules):
            ax = axes[row][col]
            sub = d[d.quantization == rule]
            for n in ns:
                s = sub[sub.elements == n].sort_values(x)
                ax.plot(s[x], s[f"occupancy_{definition}"], marker="o", ms=3, color=colors[n],
                        label=f"n = {n}")
            ax.axhline(0.5, color="black", ls="--", lw=1, label="50 %")
            ax.set_ylim(0, 1)
            ax.set_title(f"rule {rule}; occupancy = {DEFINITIONS[definition]}", fontsize=10)
            ax.set_xticks(sorted(d[x].unique()))
            ax.grid(True, alpha=0.3)
            if col == 0:
                ax.set_ylabel("occupancy after n insertions")
            if row == 1:
                ax.set_xlabel("bits per cell b" if x == "bits" else "hash functions k")
    axes[0][-1].legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1))
    fig.suptitle(title, fontsize=11)
    save(fig, out, name)


def off_scale_note(lo, hi):
    def note(sub):
        s = sub[(sub.mean_c < lo) | (sub.mean_c > hi)]
        if s.empty:
            return ""
        vals = s.groupby("bits").mean_c.mean()
        return "off scale: " + ", ".join(f"b={b}: {v:.3f}" for b, v in vals.items())
    return note


def fig5(cal, out, k, sigma_n):
    d = sweep(cal, "hashes", k)
    if d.empty:
        say(f"<!-- fig5: no rows with k = {k} -->")
        return
    rules = rules_in(d)
    dim = int(d.dim.iloc[0])
    iters = int(d.iterations.iloc[0])
    head = f"dim = {dim} bits, k = {k}, N = {iters:,}"
    per_rule_panels(d, "bits", "mean_c", out, "fig5a.png",
                    f"Fig. 5a - mean estimate $\\hat{{c}}$ vs precision b ({head}; band: 95 % normal "
                    "interval of the mean, in [0, 1]; axis zoomed, points off scale noted)", r"mean of $\hat{c}$", rules,
                    ylim=(0.44, 0.56), hline=(0.5, "c ~ U(0,1): 0.5"),
                    note=off_scale_note(0.44, 0.56))

    # 5b: sigma at one n, the three rules, full range and zoom.
    s = d[d.elements == sigma_n]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4))
    styles = {"floor": ("tab:blue", "o"), "ceil": ("tab:red", "s"), "round": ("tab:green", "^")}
    for ax, zoom in zip(axes, [False, True]):
        drawn = {}
        for rule in rules:
            r = s[s.quantization == rule].sort_values("bits")
            color, marker = styles[rule]
            ax.plot(r.bits, r.sigma, marker=marker, ms=4, color=color, label=f"rule {rule}",
                    alpha=0.8)
            drawn[f"rule {rule}"] = list(zip(r.bits, r.sigma))
        ax.axhline(UNIFORM_SIGMA, color="black", ls="--", lw=1, label="uniform: 1/sqrt(12)")
        ax.set_xticks(range(1, 17))
        ax.set_xlabel("bits per cell b")
        ax.grid(True, alpha=0.3)
        if zoom:
            ax.set_ylim(0.270, 0.292)
            title = "zoom (b = 1 is off scale)"
        else:
            ax.set_ylim(0, 0.52)
            title = "full range"
        low, high = ax.get_ylim()
        note = pc.overlap_note(drawn, span=high - low)  # lines that hide each other
        ax.set_title(f"{title}\n({note})" if note else title)
    axes[0].set_ylabel(r"standard deviation $\sigma$ of $\hat{c}$")
    axes[1].legend(fontsize=8)
    # the suptitle over the panels' titles (two lines with an overlap note)
    pc.finish(fig, f"Fig. 5b - $\\sigma$ of $\\hat{{c}}$ vs b, n = {sigma_n} ({head}), rules "
              + ", ".join(rules), title_size=11)
    save(fig, out, "fig5b.png")

    per_rule_panels(d, "bits", "eqm", out, "fig5c.png",
                    f"Fig. 5c - mean squared error EQM vs b ({head}); band: paper's 5 <= b <= 12",
                    r"EQM = mean of $(\hat{c} - c)^2$ (log scale)", rules, log=True,
                    hline=(0.0005, "0.0005"), band=(5, 12, "paper: 5 <= b <= 12"))
    occupancy_panels(d, "bits", out, "fig5d.png",
                     f"Fig. 5d - occupancy vs b ({head}), both definitions", rules)


def fig6(cal, out, b):
    d = sweep(cal, "bits", b)
    if d.empty:
        say(f"<!-- fig6: no rows with b = {b} -->")
        return
    rules = rules_in(d)
    dim = int(d.dim.iloc[0])
    iters = int(d.iterations.iloc[0])
    head = f"dim = {dim} bits, b = {b}, N = {iters:,}"
    per_rule_panels(d, "hashes", "eqm", out, "fig6a.png",
                    f"Fig. 6a - EQM vs k ({head}); band: paper's 4 <= k <= 12",
                    r"EQM = mean of $(\hat{c} - c)^2$ (log scale)", rules, log=True,
                    hline=(0.0005, "0.0005"), band=(4, 12, "paper: 4 <= k <= 12"))
    occupancy_panels(d, "hashes", out, "fig6b.png",
                     f"Fig. 6b - occupancy vs k ({head}), both definitions", rules)


def fmt_range(values):
    values = list(values)
    return "none" if not values else f"{min(values)}..{max(values)}"


def summary(cal, cap, k, b, fig4_rule):
    """The paper's stated numbers next to ours, as markdown lines."""
    out = ["", f"## Numbers for the comparison (k sweep at b = {b}, b sweep at k = {k})", ""]
    out.append(f"* mean of the true c over all points: {cal.mean_c_true.min():.5f} .. "
               f"{cal.mean_c_true.max():.5f} (paper 0.5005)")
    c = cap[(cap.quantization == fig4_rule) & (cap.target == 0.5)]
    for definition in ["cells", "bits"]:
        s = c[c.definition == definition].set_index("bits").mean_elements
        below = [int(x) for x, v in s.items() if v >= 100]
        out.append(f"* Fig. 4, 50 %, rule {fig4_rule}, {definition}: b=4 -> {s.get(4, float('nan')):.0f},"
                   f" b=5 -> {s.get(5, float('nan')):.0f}; >= 100 elements for b in {fmt_range(below)}")
    d5 = cal[cal.hashes == k]
    for rule in rules_in(d5):
        r = d5[d5.quantization == rule]
        m = r.groupby("bits").mean_c.mean()
        sig70 = r[r.elements == 70].set_index("bits").sigma
        out.append(f"* Fig. 5a/5b {rule}: mean c^ b=1..4: " + ", ".join(f"{m[x]:.4f}" for x in range(1, 5) if x in m)
                   + f"; sigma(n=70) b=1: {sig70.get(1, float('nan')):.4f}, b=2: {sig70.get(2, float('nan')):.4f}, "
                   f"b=8: {sig70.get(8, float('nan')):.4f}, b=16: {sig70.get(16, float('nan')):.4f}")
        for n in sorted(r.elements.unique()):
            e = r[r.elements == n].set_index("bits").eqm
            ok = [int(x) for x, v in e.items() if v < 0.0005]
            out.append(f"  * EQM < 0.0005 ({rule}, n={n}): b in {fmt_range(ok)}"
                       + ("" if len(ok) == 0 or len(ok) == max(ok) - min(ok) + 1 else " (not contiguous)"))
        for definition in ["bits", "cells"]:
            o = r.groupby(["elements", "bits"])[f"occupancy_{definition}"].mean()
            first = {n: next((x for x in range(1, 17) if o.get((n, x), 0) > 0.5), None)
                     for n in sorted(r.elements.unique())}
            out.append(f"  * occupancy ({definition}) > 50 % from b = "
                       + ", ".join(f"{v if v else 'never'} (n={n})" for n, v in first.items()))
    d6 = cal[(cal.bits == b)]
    for rule in rules_in(d6):
        r = d6[(d6.quantization == rule) & (d6.elements == 70)].set_index("hashes")
        if r.empty:
            continue
        out.append(f"* Fig. 6, n=70, {rule}: c^ at k={k}: {r.mean_c.get(k, float('nan')):.4f} "
                   f"(se {r.se_mean_c.get(k, float('nan')):.4f}), over k: {r.mean_c.min():.4f}..{r.mean_c.max():.4f} "
                   f"(mean {r.mean_c.mean():.4f}, sd {r.mean_c.std():.4f}); sigma at k={k}: "
                   f"{r.sigma.get(k, float('nan')):.4f}, over k {r.sigma.min():.4f}..{r.sigma.max():.4f}")
        for n in sorted(d6.elements.unique()):
            e = d6[(d6.quantization == rule) & (d6.elements == n)].set_index("hashes").eqm
            ok = [int(x) for x, v in e.items() if v < 0.0005]
            low = int(e.idxmin()) if e.notna().any() else "none"
            out.append(f"  * EQM < 0.0005 ({rule}, n={n}): k in {fmt_range(ok)}; min at k = {low}"
                       + ("" if len(ok) == 0 or len(ok) == max(ok) - min(ok) + 1 else " (not contiguous)"))
        for definition in ["bits", "cells"]:
            o = d6[(d6.quantization == rule)].groupby(["elements", "hashes"])[f"occupancy_{definition}"].mean()
            first = {n: next((x for x in range(1, 33) if o.get((n, x), 0) > 0.5), None)
                     for n in sorted(d6.elements.unique())}
            out.append(f"  * occupancy ({definition}) > 50 % from k = "
                       + ", ".join(f"{v if v else 'never'} (n={n})" for n, v in first.items()))
    return "\n".join(out)


def main():
    a = parse_args()
    check_outdir(a.out, "--out")
    for name in FIGURES:
        check_target(os.path.join(a.out, name), "--out", folder=False)
    cal = load(a.calibration, "calibration")
    cap = load(a.capacity, "capacity")
    fig4(cap, a.out, a.fig4_rule)
    fig5(cal, a.out, a.paper_k, a.sigma_n)
    fig6(cal, a.out, a.paper_b)
    say(summary(cal, cap, a.paper_k, a.paper_b, a.fig4_rule))
    check_outdir(a.out, "--out", create=True)
    OUTPUTS.commit()


if __name__ == "__main__":
    main()
