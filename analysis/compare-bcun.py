#!/usr/bin/env python3
"""This project's query mechanisms beside the LBF authors' own results
(BCUN, rmlima/BCUN, results/400nodes/: analysis/bcun-reference.csv).

    analysis/compare-bcun.py OUTDIR NAME=QUERIES.csv [NAME=QUERIES.csv ...]

Each QUERIES.csv is the per-query table of diameter-sweep (queries.csv of
scenarios/bcun.sh, many topologies concatenated); NAME labels its setting
(e.g. wifi, lr-wpan: letters, digits and '-').  The first setting is the
one compared with BCUN.  Queries are binned as BCUN bins them: successful
queries for a present key, by the hops the successful search copy took
(success_hops); per bin the mean transmissions per query (search + cancel +
answer frames, BCUN's "s" lines of the query) and the mean latency from
issue until the origin learns the answer (round_trip).  Warm-up queries
(a column `warmup` equal to 1, when present) are left out.  Intervals are a
95 % percentile bootstrap over topologies (runs: the queries of one run
resampled together, fixed seed), so they stay inside [0, inf).

Every column read is checked against its domain (plot_common.read_table);
a file with no query of the mechanisms compared (blind-flood, bcir,
bcir-star, abc) is refused in one line, exit 2; one with no successful
query of them gives a table that says so and no hop bin.

Writes into OUTDIR:
    bcun-per-hop.csv   setting, strategy, hops, queries, topologies, mean
                       frames and latency with their intervals, BCUN's
                       values and the ratio ours / BCUN (first setting)
    bcun-table.md      the side-by-side table at 1, 3, 6, 12 and 20 hops,
                       success shares and the number of topologies/queries
    bcun.png           transmissions and latency per hop bin, ours (lines,
                       bands) and BCUN's (dashed), one row per setting
"""
import csv
import io
import math
import os
import re
import sys

import plot_common as pc
from plot_common import NONNEG, Outputs, check_outdir, die, np, read_table

plt = pc.pyplot()

HERE = os.path.dirname(os.path.abspath(__file__))
# BCUN's per-hop means, copied from rmlima/BCUN at commit b5ebe86 (2018-01-10),
# results/400nodes/trans<file>_avgRND.dat and lat<file>_avgRND.dat (file:
# flood, bcir, bcir2 = BCIR*, gbc = ABC); trans_line and lat_line give the
# line of each value in those files.
REFERENCE = os.path.join(HERE, "bcun-reference.csv")
MECHANISMS = ["blind-flood", "bcir", "bcir-star", "abc"]
NAMES = {"blind-flood": "FLOOD", "bcir": "BCIR", "bcir-star": "BCIR*", "abc": "ABC"}
COLOURS = {"blind-flood": "tab:gray", "bcir": "tab:blue", "bcir-star": "tab:green",
           "abc": "tab:red"}
TABLE_HOPS = [1, 3, 6, 12, 20]
AGREE = 0.15  # the tolerance: |ours / BCUN - 1| <= 15 %
MIN_BIN = 20  # bins with fewer successful queries are not drawn
RESAMPLES = 1000
# The columns of bcun-per-hop.csv.
FIELDS = ["setting", "strategy", "hops", "queries", "topologies", "frames", "frames_low",
          "frames_high", "latency_s", "latency_low", "latency_high", "bcun_transmissions",
          "bcun_latency_s", "bcun_queries", "frames_ratio", "latency_ratio"]


def cluster_interval(groups):
    """(mean, low, high) of the pooled mean over queries, with a 95 %
    percentile bootstrap that resamples runs (groups: per run, an array of
    values).  A pooled mean lies between the smallest and the largest value,
    so the interval stays inside the values' domain."""
    groups = [np.asarray(g, dtype=float) for g in groups if len(g)]
    if not groups:
        return math.nan, math.nan, math.nan
    sums = np.array([g.sum() for g in groups])
    counts = np.array([g.size for g in groups])
    mean = float(sums.sum() / counts.sum())
    if len(groups) == 1:
        return mean, mean, mean
    rng = np.random.default_rng(pc.INTERVAL_SEED)
    idx = rng.integers(0, len(groups), size=(RESAMPLES, len(groups)))
    means = sums[idx].sum(axis=1) / counts[idx].sum(axis=1)
    low, high = (float(q) for q in np.quantile(means, [0.025, 0.975]))
    return mean, min(low, mean), max(high, mean)


def load(spec):
    if "=" not in spec:
        die(f"{pc.shown(spec)}: expected NAME=QUERIES.csv")
    name, path = spec.split("=", 1)
    if not re.fullmatch(r"[A-Za-z0-9-]{1,32}", name):
        die(f"{pc.shown(spec)}: NAME must be 1-32 letters, digits or '-'")
    what = f"{name} QUERIES.csv"
    df = read_table(path, what,
                    ["strategy", "seed", "run", "absent", "true_hops", "success", "success_hops",
                     "round_trip", "search_frames", "cancel_frames", "answer_frames"],
                    optional=["warmup", "topology"])
    # A successful query has the hops and the latency it is binned and
    # measured by (diameter-sweep writes both exactly then).
    for column in ("success_hops", "round_trip"):
        lacking = (df["success"] == 1) & df[column].isna()
        if lacking.any():
            row = int(lacking.to_numpy().nonzero()[0][0])
            die(f"{what}: {pc.shown(path)}, column {column}, row {row + 2}: no value in a "
                "successful query (success = 1)")
    df = df[df["warmup"].fillna(0) == 0]
    df = df[df["absent"] == 0]
    if df.empty:
        die(f"{what}: {pc.shown(path)} has no measured query for a present key")
    if not df["strategy"].isin(MECHANISMS).any():
        found = sorted(map(str, df["strategy"].unique()))
        die(f"{what}: {pc.shown(path)} has no measured query of {', '.join(MECHANISMS)} "
            f"(the mechanisms compared; it has {pc.shown(', '.join(found))})")
    df = df.assign(frames_total=df["search_frames"] + df["cancel_frames"] + df["answer_frames"],
                   topo=df["seed"].astype(str) + "/" + df["run"].astype(str))
    return name, df


def per_hop(name, df, reference):
    rows = []
    for strategy in [s for s in MECHANISMS if s in set(df["strategy"])]:
        ok = df[(df["strategy"] == strategy) & (df["success"] == 1)]
        for hops in sorted(int(h) for h in ok["success_hops"].dropna().unique()):
            b = ok[ok["success_hops"] == hops]
            groups = [g for _, g in b.groupby("topo")]
            f = cluster_interval([g["frames_total"].to_numpy() for g in groups])
            lat = cluster_interval([g["round_trip"].dropna().to_numpy() for g in groups])
            ref = reference.get((strategy, hops), (math.nan, math.nan, (0, 0)))
            rows.append({"setting": name, "strategy": strategy, "hops": hops, "queries": len(b),
                         "topologies": len(groups), "frames": f[0], "frames_low": f[1],
                         "frames_high": f[2], "latency_s": lat[0], "latency_low": lat[1],
                         "latency_high": lat[2], "bcun_transmissions": ref[0],
                         "bcun_latency_s": ref[1], "bcun_queries": ref[2][0],
                         "frames_ratio": f[0] / ref[0] if ref[0] == ref[0] else math.nan,
                         "latency_ratio": lat[0] / ref[1] if ref[1] == ref[1] else math.nan})
    return rows


def success(df):
    out = {}
    for strategy, g in df.groupby("strategy"):
        k, n = int(g["success"].sum()), len(g)
        out[strategy] = (k / n, *pc.wilson(k, n), n)
    return out


# BCUN's success shares: results/400nodes/fail.dat (per topology: FLOOD,
# BCIR, BCIR*, ABC failures), means over its 500 lines; FLOOD/BCIR/BCIR* of
# 200 queries, ABC of 205 (its count includes the 5 warm-up queries).
BCUN_FAILS = {"blind-flood": (13.91, 200), "bcir": (3.06, 200), "bcir-star": (3.84, 200),
              "abc": (5.15, 205)}


def fmt(v, digits=1):
    return "-" if v != v else f"{v:.{digits}f}"


def table(settings, rows, successes):
    first = settings[0][0]
    lines = ["# BCUN beside this project", ""]
    for name, df in settings:
        ok = int(((df["success"] == 1) & df["strategy"].isin(MECHANISMS)).sum())
        lines.append(f"- `{name}`: {df['topo'].nunique()} topologies, {len(df)} measured "
                     f"queries for a present key (all strategies)"
                     + ("" if ok else "; no successful query of the mechanisms compared, "
                        "so no hop bin"))
    lines += ["", f"## Transmissions per successful query ({first} vs BCUN's "
              "trans*_avgRND.dat)", "",
              "| hops | " + " | ".join(f"{NAMES[m]} ours | BCUN | diff" for m in MECHANISMS) + " |",
              "|---|" + "---|---|---|" * len(MECHANISMS)]
    by = {(r["setting"], r["strategy"], r["hops"]): r for r in rows}
    for h in TABLE_HOPS:
        cells = []
        for m in MECHANISMS:
            r = by.get((first, m, h))
            if r is None:
                cells += ["-", "-", "-"]
                continue
            diff = (r["frames_ratio"] - 1) * 100
            mark = "" if diff != diff or abs(diff) <= AGREE * 100 else " **"
            cells += [f"{fmt(r['frames'])} ({r['queries']})", fmt(r["bcun_transmissions"]),
                      f"{diff:+.0f} %{mark}" if diff == diff else "-"]
        lines.append(f"| {h} | " + " | ".join(cells) + " |")
    lines += ["", "(n) = successful queries in the bin; ** = outside the 15 % agreement.", "",
              f"## Latency (s) from issue to answer ({first} vs BCUN's lat*_avgRND.dat)", "",
              "| hops | " + " | ".join(f"{NAMES[m]} ours | BCUN" for m in MECHANISMS) + " |",
              "|---|" + "---|---|" * len(MECHANISMS)]
    for h in TABLE_HOPS:
        cells = []
        for m in MECHANISMS:
            r = by.get((first, m, h))
            cells += ([fmt(r["latency_s"], 3), fmt(r["bcun_latency_s"], 3)] if r else ["-", "-"])
        lines.append(f"| {h} | " + " | ".join(cells) + " |")
    lines += ["", "## Success (share of measured queries answered; BCUN: fail.dat)", "",
              "| setting | " + " | ".join(NAMES[m] for m in MECHANISMS) + " |",
              "|---|" + "---|" * len(MECHANISMS)]
    for name, _ in settings:
        s = successes[name]
        lines.append(f"| {name} | " + " | ".join(
            f"{s[m][0]:.3f} [{s[m][1]:.3f}, {s[m][2]:.3f}]" if m in s else "-"
            for m in MECHANISMS) + " |")
    lines.append("| BCUN | " + " | ".join(
        f"{1 - BCUN_FAILS[m][0] / BCUN_FAILS[m][1]:.3f}" for m in MECHANISMS) + " |")
    for name, _ in settings[1:]:
        lines += ["", f"## Transmissions per successful query: {name} (ours only)", "",
                  "| hops | " + " | ".join(NAMES[m] for m in MECHANISMS) + " |",
                  "|---|" + "---|" * len(MECHANISMS)]
        for h in TABLE_HOPS:
            lines.append(f"| {h} | " + " | ".join(
                f"{fmt(by[(name, m, h)]['frames'])} ({by[(name, m, h)]['queries']})"
                if (name, m, h) in by else "-" for m in MECHANISMS) + " |")
    return "\n".join(lines) + "\n"


def figure(settings, rows, reference):
    fig, axes = plt.subplots(len(settings), 2, figsize=(11, 4.2 * len(settings)), squeeze=False)
    for i, (name, _) in enumerate(settings):
        for j, (col, ref_col, label) in enumerate(
                [("frames", 0, "transmissions per successful query"),
                 ("latency_s", 1, "latency, issue to answer (s)")]):
            ax = axes[i][j]
            for m in MECHANISMS:
                pts = [r for r in rows if r["setting"] == name and r["strategy"] == m
                       and r["queries"] >= MIN_BIN]
                if not pts:
                    continue
                x = [r["hops"] for r in pts]
                y = [r[col] for r in pts]
                lo = [r[col.replace("_s", "") + "_low"] for r in pts]
                hi = [r[col.replace("_s", "") + "_high"] for r in pts]
                ax.plot(x, y, color=COLOURS[m], lw=1.8, label=f"{NAMES[m]} ({name})")
                ax.fill_between(x, lo, hi, color=COLOURS[m], alpha=0.2, lw=0)
                pc.record(ax, f"{name} {col}", m, x, y, lo, hi, NONNEG)
                if i == 0:
                    ref = sorted((h, v[ref_col]) for (s, h), v in reference.items()
                                 if s == m and v[2][ref_col] >= MIN_BIN
                                 and v[ref_col] == v[ref_col])
                    ax.plot([h for h, _ in ref], [v for _, v in ref], color=COLOURS[m], lw=1.2,
                            ls="--", marker=".", ms=4, label=f"{NAMES[m]} (BCUN)")
                    pc.record(ax, f"{name} {col}", f"{m} BCUN", [h for h, _ in ref],
                              [v for _, v in ref], domain=NONNEG)
            if not ax.get_lines():
                ax.text(0.5, 0.5, f"no hop bin with >= {MIN_BIN} successful queries",
                        transform=ax.transAxes, ha="center", va="center", fontsize=9,
                        color="0.4")
            ax.set_xlabel("hops of the successful search copy")
            ax.set_ylabel(label)
            ax.set_title(f"{name}: {label}", fontsize=10)
            ax.set_ylim(bottom=0)
            ax.grid(alpha=0.3)
            if ax.get_legend_handles_labels()[0]:
                ax.legend(fontsize=7, ncol=2)
    fig.suptitle(f"Query mechanisms per hop bin (bins with >= {MIN_BIN} queries; band: 95 % "
                 "bootstrap over topologies)", fontsize=10)
    fig.tight_layout()
    return fig


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) < 3:
        die("usage: compare-bcun.py OUTDIR NAME=QUERIES.csv [NAME=QUERIES.csv ...]")
    outdir = argv[1]
    check_outdir(outdir)
    ref = read_table(REFERENCE, "bcun-reference.csv",
                     ["mechanism", "hops", "transmissions", "latency_s", "queries",
                      "latency_queries"])
    # (transmissions, latency, queries behind each: BCUN's latency file has
    # fewer queries in some bins than its transmissions file)
    reference = {(r.mechanism, int(r.hops)): (r.transmissions, r.latency_s,
                                              (int(r.queries), r.latency_queries))
                 for r in ref.itertuples()}
    settings = [load(spec) for spec in argv[2:]]
    names = [n for n, _ in settings]
    if len(set(names)) != len(names):
        die("a setting NAME is given twice")
    rows = []
    for name, df in settings:
        rows += per_hop(name, df, reference if name == names[0] else {})
    successes = {name: success(df) for name, df in settings}
    out = Outputs(outdir)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: (f"{v:.6g}" if isinstance(v, float) else v) for k, v in r.items()})
    for leaf, data in [("bcun-per-hop.csv", buf.getvalue()),
                       ("bcun-table.md", table(settings, rows, successes))]:
        path = os.path.join(outdir, leaf)
        out.add_bytes(path, data.encode(), f"wrote {path}", "OUTDIR")
    path = os.path.join(outdir, "bcun.png")
    out.add(figure(settings, rows, reference), path, f"wrote {path}", "OUTDIR", dpi=110)
    out.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
