#!/usr/bin/env python3
"""This project's query mechanisms beside the LBF authors' own results
(BCUN, rmlima/BCUN, results/400nodes/: analysis/bcun-reference.csv).

    analysis/compare-bcun.py OUTDIR NAME=QUERIES.csv [NAME=QUERIES.csv ...]
                             [--runs=NAME=RUNS.csv ...]

Each QUERIES.csv is the per-query table of diameter-sweep (queries.csv of
scenarios/bcun.sh, many topologies concatenated); NAME labels its setting
(e.g. faithful, wifi, lr-wpan: letters, digits and '-').  The first setting
is the one compared with BCUN.  --runs=NAME=RUNS.csv gives a setting's
per-run table (<setting>-runs.csv of bcun.sh); with its wifi_* columns
(WifiDeviceBuilder's CountDrops) the tables add the collision share: frames
lost at in-range receivers per transmission, BCUN's logPROCrgg.txt figure,
with a 95 % bootstrap interval over runs, and, when the table has them
(wifi_collision_ns2_drops ...), its split: the drops ns-2's receiver rule
loses too, those ns-3's PHY alone loses, and the frames ns-2's rule loses
that ns-3 received.  Queries are binned as BCUN bins
them: successful queries for a present key, by the hops the successful
search copy took (success_hops); per bin the mean transmissions per query
(search + cancel + answer frames, BCUN's "s" lines of the query) and the
mean latency from issue until the origin learns the answer (round_trip).
Warm-up queries (a column `warmup` equal to 1, when present) are left out.
Intervals are a 95 % percentile bootstrap over topologies (runs: the queries
of one run resampled together, fixed seed), so they stay inside [0, inf).

Success per hop bin: failed queries have no success_hops, so success is
binned by the BFS distance (true_hops): the share of the measured queries
at that distance answered (95 % Wilson interval).  BCUN publishes success
only per topology (fail.dat): its share per mechanism is drawn as a dashed
level.

Every column read is checked against its domain (plot_common.read_table);
a file with no query of the mechanisms compared (blind-flood, bcir,
bcir-star, abc) is refused in one line, exit 2; one with no successful
query of them gives a table that says so and no hop bin.

Writes into OUTDIR:
    bcun-per-hop.csv   setting, strategy, hops, queries, topologies, mean
                       frames and latency with their intervals, BCUN's
                       values and the ratio ours / BCUN (first setting),
                       and the success of the queries at BFS distance hops
                       (success, success_low, success_high, success_queries)
    bcun-table.md      the side-by-side tables at 1, 3, 6, 12 and 20 hops
                       (transmissions, latency), success and collision
                       shares, the number of topologies/queries and, with
                       two or more 802.11 settings, the ablation: per
                       mechanism, each setting's latency per hop bin,
                       success and collision share beside BCUN's
    bcun.png           per setting (one row each): transmissions, latency
                       and success per hop bin, and the bins' successful
                       queries, ours (lines; a band only where it has a
                       width, and the title names only the bands drawn)
                       and BCUN's (dashed; first setting)
"""
import csv
import io
import itertools
import math
import os
import re
import sys

import plot_common as pc
from plot_common import NONNEG, SHARE, Outputs, check_outdir, die, np, read_table

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
SUCCESS_AGREE = 0.02  # success within 2 points of BCUN's
COLLISION_AGREE = 0.01  # collision share within 1 point of BCUN's
MIN_BIN = 20  # bins with fewer successful queries are not drawn
RESAMPLES = 1000
# bcun.sh's default topology set (-t 1:4): how far a set of this many
# topologies lands from BCUN's share is shown when the runs hold at least
# twice as many.
DEFAULT_SET = 4
SUBSET_LIMIT = 20000  # above this many sets, a fixed-seed sample of them
# The columns of bcun-per-hop.csv.
FIELDS = ["setting", "strategy", "hops", "queries", "topologies", "frames", "frames_low",
          "frames_high", "latency_s", "latency_low", "latency_high", "bcun_transmissions",
          "bcun_latency_s", "bcun_queries", "frames_ratio", "latency_ratio", "success",
          "success_low", "success_high", "success_queries"]


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
    by_distance = success_by_distance(df)
    for strategy in [s for s in MECHANISMS if s in set(df["strategy"])]:
        ok = df[(df["strategy"] == strategy) & (df["success"] == 1)]
        bins = {int(h) for h in ok["success_hops"].dropna().unique()}
        bins |= {h for (m, h) in by_distance if m == strategy}
        for hops in sorted(bins):
            b = ok[ok["success_hops"] == hops]
            groups = [g for _, g in b.groupby("topo")]
            f = cluster_interval([g["frames_total"].to_numpy() for g in groups])
            lat = cluster_interval([g["round_trip"].dropna().to_numpy() for g in groups])
            ref = reference.get((strategy, hops), (math.nan, math.nan, (0, 0)))
            won = by_distance.get((strategy, hops), (math.nan, math.nan, math.nan, 0))
            rows.append({"setting": name, "strategy": strategy, "hops": hops, "queries": len(b),
                         "topologies": len(groups), "frames": f[0], "frames_low": f[1],
                         "frames_high": f[2], "latency_s": lat[0], "latency_low": lat[1],
                         "latency_high": lat[2], "bcun_transmissions": ref[0],
                         "bcun_latency_s": ref[1], "bcun_queries": ref[2][0],
                         "frames_ratio": f[0] / ref[0] if ref[0] == ref[0] else math.nan,
                         "latency_ratio": lat[0] / ref[1] if ref[1] == ref[1] else math.nan,
                         "success": won[0], "success_low": won[1], "success_high": won[2],
                         "success_queries": won[3]})
    return rows


def ratio_interval(num, den):
    """(low, high): 95 % percentile bootstrap of sum(num) / sum(den) over
    runs (num, den: per run), fixed seed; inside [0, 1] for shares."""
    num, den = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    share = float(num.sum() / den.sum())
    if len(num) < 2:
        return share, share
    rng = np.random.default_rng(pc.INTERVAL_SEED)
    idx = rng.integers(0, len(num), size=(RESAMPLES, len(num)))
    shares = num[idx].sum(axis=1) / den[idx].sum(axis=1)
    low, high = (float(q) for q in np.quantile(shares, [0.025, 0.975]))
    return min(low, share), max(high, share)


def subset_spread(num, den, reference):
    """The pooled share sum(num) / sum(den) over every set of DEFAULT_SET
    runs (a fixed-seed sample of SUBSET_LIMIT sets when there are more):
    (5th percentile, 95th percentile, share of the sets more than
    COLLISION_AGREE above `reference`), or None with fewer than 2 *
    DEFAULT_SET runs."""
    num, den = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    n = len(num)
    if n < 2 * DEFAULT_SET:
        return None
    if math.comb(n, DEFAULT_SET) <= SUBSET_LIMIT:
        sets = np.array(list(itertools.combinations(range(n), DEFAULT_SET)))
    else:
        rng = np.random.default_rng(pc.INTERVAL_SEED)
        sets = np.argsort(rng.random((SUBSET_LIMIT, n)), axis=1)[:, :DEFAULT_SET]
    shares = num[sets].sum(axis=1) / den[sets].sum(axis=1)
    low, high = (float(q) for q in np.quantile(shares, [0.05, 0.95]))
    return low, high, float(np.mean(shares > reference + COLLISION_AGREE))


def load_runs(spec, names):
    """--runs=NAME=RUNS.csv: the setting's per-run table; returns (name,
    {strategy: (transmissions, collision drops, all drops, runs, (low,
    high) of the collision share: bootstrap over runs, split, (per-run
    collision drops, per-run transmissions))}), empty when the table has no
    wifi_* columns (no drop counts); split: (drops ns-2's rule loses too,
    drops by ns-3 alone, ns-2's losses ns-3 received), or None without the
    split columns."""
    if "=" not in spec:
        die(f"--runs={pc.shown(spec)}: expected --runs=NAME=RUNS.csv")
    name, path = spec.split("=", 1)
    if name not in names:
        die(f"--runs={pc.shown(spec)}: no setting {pc.shown(name)} given as NAME=QUERIES.csv")
    counts = ["wifi_tx_frames", "wifi_collision_drops", "wifi_queue_drops", "wifi_retry_drops"]
    split = ["wifi_collision_ns2_drops", "wifi_collision_ns3_only_drops",
             "wifi_collision_ns2_only_received"]
    df = read_table(path, f"{name} RUNS.csv", ["query_strategy"], optional=counts + split)
    df = df.dropna(subset=counts)
    out = {}
    for strategy, g in df.groupby("query_strategy"):
        tx = float(g["wifi_tx_frames"].sum())
        col = float(g["wifi_collision_drops"].sum())
        drops = col + float(g["wifi_queue_drops"].sum()) + float(g["wifi_retry_drops"].sum())
        if col > tx:
            die(f"{name} RUNS.csv: {pc.shown(path)}: {strategy}: more collision drops than "
                "transmissions")
        parts = None
        if not g[split].isna().any().any():
            parts = tuple(float(g[c].sum()) for c in split)
            if parts[0] + parts[1] != col:
                die(f"{name} RUNS.csv: {pc.shown(path)}: {strategy}: wifi_collision_ns2_drops + "
                    "wifi_collision_ns3_only_drops is not wifi_collision_drops")
        out[strategy] = (tx, col, drops, len(g),
                         ratio_interval(g["wifi_collision_drops"], g["wifi_tx_frames"]), parts,
                         (g["wifi_collision_drops"].to_numpy(), g["wifi_tx_frames"].to_numpy()))
    return name, out


def success_by_distance(df):
    """{(strategy, true hops): (share, low, high, queries)} of the measured
    queries for a present key."""
    out = {}
    known = df.dropna(subset=["true_hops"])
    for (strategy, hops), g in known.groupby(["strategy", "true_hops"]):
        k, n = int(g["success"].sum()), len(g)
        out[(strategy, int(hops))] = (k / n, *pc.wilson(k, n), n)
    return out


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
# BCUN's drops per transmission: results/400nodes/logPROCrgg.txt lines 16-19
# (DropsFLOOD, DropsBCIR, DropsBCIR2, DropsGBC), drop.awk's every "d" line
# over totaltrans.awk's every "s" line, all 500 topologies.
BCUN_DROPS = {"blind-flood": 0.05963, "bcir": 0.05644, "bcir-star": 0.05807, "abc": 0.03712}


def bcun_success(m):
    return 1 - BCUN_FAILS[m][0] / BCUN_FAILS[m][1]


def fmt(v, digits=1):
    return "-" if v != v else f"{v:.{digits}f}"


def pct(v):
    return "-" if v != v else f"{100 * v:.1f} %"


def pct2(v):
    return "-" if v != v else f"{100 * v:.2f} %"


def table(settings, rows, successes, drops, reference):
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

    def diff_cell(ratio):
        diff = (ratio - 1) * 100
        mark = "" if diff != diff or abs(diff) <= AGREE * 100 else " **"
        return f"{diff:+.0f} %{mark}" if diff == diff else "-"

    for h in TABLE_HOPS:
        cells = []
        for m in MECHANISMS:
            r = by.get((first, m, h))
            if r is None or r["queries"] == 0:
                cells += ["-", "-", "-"]
                continue
            cells += [f"{fmt(r['frames'])} ({r['queries']})", fmt(r["bcun_transmissions"]),
                      diff_cell(r["frames_ratio"])]
        lines.append(f"| {h} | " + " | ".join(cells) + " |")
    lines += ["", "(n) = successful queries in the bin; ** = outside the 15 % agreement.", "",
              f"## Latency (s) from issue to answer ({first} vs BCUN's lat*_avgRND.dat)", "",
              "| hops | " + " | ".join(f"{NAMES[m]} ours | BCUN | diff" for m in MECHANISMS) + " |",
              "|---|" + "---|---|---|" * len(MECHANISMS)]
    for h in TABLE_HOPS:
        cells = []
        for m in MECHANISMS:
            r = by.get((first, m, h))
            if r is None or r["queries"] == 0:
                cells += ["-", "-", "-"]
                continue
            cells += [fmt(r["latency_s"], 3), fmt(r["bcun_latency_s"], 3),
                      diff_cell(r["latency_ratio"])]
        lines.append(f"| {h} | " + " | ".join(cells) + " |")
    lines += ["", "** = outside the 15 % agreement.", "",
              "## Success (share of measured queries answered; BCUN: fail.dat)", "",
              "| setting | " + " | ".join(NAMES[m] for m in MECHANISMS) + " |",
              "|---|" + "---|" * len(MECHANISMS)]
    for name, _ in settings:
        s = successes[name]
        lines.append(f"| {name} | " + " | ".join(
            f"{s[m][0]:.3f} [{s[m][1]:.3f}, {s[m][2]:.3f}]"
            + ("" if name != first or abs(s[m][0] - bcun_success(m)) <= SUCCESS_AGREE else " **")
            if m in s else "-" for m in MECHANISMS) + " |")
    lines.append("| BCUN | " + " | ".join(f"{bcun_success(m):.3f}" for m in MECHANISMS) + " |")
    lines += ["", f"** ({first}) = more than {SUCCESS_AGREE * 100:.0f} points from BCUN's."]
    if drops:
        lines += ["", "## Collision share (frames lost at in-range receivers per transmission; "
                  "BCUN: logPROCrgg.txt)", "",
                  "| setting | " + " | ".join(NAMES[m] for m in MECHANISMS) + " |",
                  "|---|" + "---|" * len(MECHANISMS)]
        for name, _ in settings:
            if name not in drops:
                continue
            d = drops[name]
            lines.append(f"| {name} | " + " | ".join(
                pct(d[m][1] / d[m][0])
                + f" [{100 * d[m][4][0]:.1f}, {100 * d[m][4][1]:.1f}]" + (
                    "" if name != first or abs(d[m][1] / d[m][0] - BCUN_DROPS[m])
                    <= COLLISION_AGREE else " **")
                if m in d and d[m][0] > 0 else "-" for m in MECHANISMS) + " |")
        lines.append("| BCUN | " + " | ".join(pct(BCUN_DROPS[m]) for m in MECHANISMS) + " |")
        lines += ["", "Brackets: 95 % bootstrap interval over runs (one topology each).  "
                  "Every drop BCUN's drop.awk counts is a collision here (no queue or retry "
                  "drop in any run of these settings: the wifi_queue_drops and wifi_retry_drops "
                  "columns hold the others).  ** = more than 1 point from BCUN's."]
        if any(d[m][2] != d[m][1] for d in drops.values() for m in d):
            lines[-1] = ("Brackets: 95 % bootstrap interval over runs (one topology each).  Queue "
                         "and retry drops (wifi_queue_drops, wifi_retry_drops) are not in the "
                         "share above.  ** = more than 1 point from BCUN's.")
        spreads = {(name, m): subset_spread(*drops[name][m][6], BCUN_DROPS[m])
                   for name, _ in settings if name in drops for m in MECHANISMS
                   if m in drops[name]}
        spread_names = [name for name, _ in settings
                        if any(spreads.get((name, m)) for m in MECHANISMS)]
        if spread_names:
            lines += ["", f"Sets of {DEFAULT_SET} of these topologies (bcun.sh's default set "
                      f"size; every set, or {SUBSET_LIMIT:,} drawn when there are more): the "
                      "pooled collision share from the 5th to the 95th percentile, and the "
                      "share of the sets more than 1 point above BCUN's.", "",
                      "| setting | " + " | ".join(NAMES[m] for m in MECHANISMS) + " |",
                      "|---|" + "---|" * len(MECHANISMS)]
            for name in spread_names:
                lines.append(f"| {name} | " + " | ".join(
                    f"{pct(v[0])} to {pct(v[1])}; {100 * v[2]:.0f} % above"
                    if (v := spreads.get((name, m))) else "-" for m in MECHANISMS) + " |")
        split = [name for name, _ in settings
                 if name in drops and any(v[5] is not None for v in drops[name].values())]
        if split:
            lines += ["", "## Collision share split by ns-2's receiver rule (per transmission)",
                      "", "Of the collision share: the drops ns-2's rule (Ns2ReceiverRule: "
                      "first frame above carrier sense held, capture at CaptureThreshold) loses "
                      "too, + those ns-3's PHY alone loses; then the frames ns-2's rule loses "
                      "that ns-3 received.", "",
                      "| setting | " + " | ".join(NAMES[m] for m in MECHANISMS) + " |",
                      "|---|" + "---|" * len(MECHANISMS)]
            for name in split:
                d = drops[name]
                lines.append(f"| {name} | " + " | ".join(
                    f"{pct2(d[m][5][0] / d[m][0])} + {pct2(d[m][5][1] / d[m][0])}; "
                    f"{pct2(d[m][5][2] / d[m][0])}"
                    if m in d and d[m][0] > 0 and d[m][5] is not None else "-"
                    for m in MECHANISMS) + " |")
            lines.append("| BCUN | " + " | ".join(pct(BCUN_DROPS[m]) for m in MECHANISMS) + " |")
        ablation = [name for name, _ in settings if name in drops]
        if len(ablation) >= 2:
            lines += ["", "## Ablation: each setting per mechanism", "",
                      "Latency (s) per hop bin of the successful search copy, success (all "
                      "measured queries), collision share; BCUN's last."]
            for m in MECHANISMS:
                lines += ["", f"### {NAMES[m]}", "",
                          "| setting | " + " | ".join(f"lat. {h}" for h in TABLE_HOPS)
                          + " | success | collision share |",
                          "|---|" + "---|" * (len(TABLE_HOPS) + 2)]
                for name in ablation:
                    cells = []
                    for h in TABLE_HOPS:
                        r = by.get((name, m, h))
                        cells.append(fmt(r["latency_s"], 3) if r and r["queries"] else "-")
                    sm = successes[name].get(m)
                    dm = drops[name].get(m)
                    cells.append(f"{sm[0]:.3f}" if sm else "-")
                    cells.append(pct(dm[1] / dm[0]) if dm and dm[0] > 0 else "-")
                    lines.append(f"| {name} | " + " | ".join(cells) + " |")
                ref = {h: v for (mm, h), v in reference.items() if mm == m}
                lines.append("| BCUN | " + " | ".join(
                    fmt(ref[h][1], 3) if h in ref else "-" for h in TABLE_HOPS)
                    + f" | {bcun_success(m):.3f} | {pct(BCUN_DROPS[m])} |")
    for name, _ in settings[1:]:
        lines += ["", f"## Transmissions per successful query: {name} (ours only)", "",
                  "| hops | " + " | ".join(NAMES[m] for m in MECHANISMS) + " |",
                  "|---|" + "---|" * len(MECHANISMS)]
        for h in TABLE_HOPS:
            lines.append(f"| {h} | " + " | ".join(
                f"{fmt(by[(name, m, h)]['frames'])} ({by[(name, m, h)]['queries']})"
                if (name, m, h) in by and by[(name, m, h)]["queries"] else "-"
                for m in MECHANISMS) + " |")
    return "\n".join(lines) + "\n"


def figure(settings, rows, reference, successes):
    panels = [("frames", 0, "transmissions per successful query", "hops of the successful "
               "search copy"),
              ("latency_s", 1, "latency, issue to answer (s)", "hops of the successful "
               "search copy"),
              ("success", None, "success (share answered)", "BFS hops origin - holder"),
              ("queries", None, "successful queries in the bin", "hops of the successful "
               "search copy")]
    fig, axes = plt.subplots(len(settings), len(panels), figsize=(19, 4.2 * len(settings)),
                             squeeze=False)
    for i, (name, _) in enumerate(settings):
        for j, (col, ref_col, label, xlabel) in enumerate(panels):
            ax = axes[i][j]
            drawn = {}  # label: points, for the panel's overlap note
            banded = False  # a band with some width drawn: the panel's title says which
            for m in MECHANISMS:
                if col == "success":
                    pts = [r for r in rows if r["setting"] == name and r["strategy"] == m
                           and r["success_queries"] >= MIN_BIN]
                elif col == "queries":
                    pts = [r for r in rows if r["setting"] == name and r["strategy"] == m
                           and r["queries"] > 0]
                else:
                    pts = [r for r in rows if r["setting"] == name and r["strategy"] == m
                           and r["queries"] >= MIN_BIN]
                if not any(r["setting"] == name and r["strategy"] == m for r in rows):
                    continue  # the setting did not run this mechanism
                x = [r["hops"] for r in pts]
                y = [r[col] for r in pts]
                if pts:
                    drawn[f"{NAMES[m]} ({name})"] = list(zip(x, y))
                if col == "queries" and pts:
                    ax.plot(x, y, color=COLOURS[m], lw=1.8, label=f"{NAMES[m]} ({name})")
                    pc.record(ax, f"{name} {col}", m, x, y, domain=NONNEG)
                elif pts:
                    stem = col.replace("_s", "")
                    lo = [r[stem + "_low"] for r in pts]
                    hi = [r[stem + "_high"] for r in pts]
                    ax.plot(x, y, color=COLOURS[m], lw=1.8, label=f"{NAMES[m]} ({name})")
                    if any(b > a for a, b in zip(lo, hi)):
                        ax.fill_between(x, lo, hi, color=COLOURS[m], alpha=0.2, lw=0)
                        banded = True
                    pc.record(ax, f"{name} {col}", m, x, y, lo, hi,
                              SHARE if col == "success" else NONNEG)
                if i != 0:
                    continue
                if col == "success":
                    # BCUN publishes success per topology only: its share as a level.
                    level = bcun_success(m)
                    ax.axhline(level, color=COLOURS[m], lw=1.2, ls="--",
                               label=f"{NAMES[m]} (BCUN, all bins)")
                    pc.record(ax, f"{name} {col}", f"{m} BCUN", [0], [level], domain=SHARE)
                    continue
                if col == "queries":
                    # BCUN's bins, scaled to our successful queries.
                    ref = sorted((h, v[2][0]) for (sm, h), v in reference.items() if sm == m)
                    total = sum(v for _, v in ref)
                    ours = sum(r["queries"] for r in rows
                               if r["setting"] == name and r["strategy"] == m)
                    if total > 0:
                        xs = [h for h, _ in ref]
                        ys = [v * ours / total for _, v in ref]
                        ax.plot(xs, ys, color=COLOURS[m], lw=1.2, ls="--",
                                label=f"{NAMES[m]} (BCUN, scaled)")
                        drawn[f"{NAMES[m]} (BCUN, scaled)"] = list(zip(xs, ys))
                        pc.record(ax, f"{name} {col}", f"{m} BCUN", xs, ys, domain=NONNEG)
                    continue
                ref = sorted((h, v[ref_col]) for (sm, h), v in reference.items()
                             if sm == m and v[2][ref_col] >= MIN_BIN and v[ref_col] == v[ref_col])
                ax.plot([h for h, _ in ref], [v for _, v in ref], color=COLOURS[m], lw=1.2,
                        ls="--", marker=".", ms=4, label=f"{NAMES[m]} (BCUN)")
                drawn[f"{NAMES[m]} (BCUN)"] = list(ref)
                pc.record(ax, f"{name} {col}", f"{m} BCUN", [h for h, _ in ref],
                          [v for _, v in ref], domain=NONNEG)
            if not ax.get_lines():
                ax.text(0.5, 0.5, f"no hop bin with >= {MIN_BIN} successful queries",
                        transform=ax.transAxes, ha="center", va="center", fontsize=9,
                        color="0.4")
            ax.set_xlabel(xlabel)
            ax.set_ylabel(label)
            title = f"{name}: {label}"
            notes = []
            if banded:
                # Each panel names its own bands (the count panel has none).
                notes.append("band: 95 % Wilson" if col == "success"
                             else "band: 95 % bootstrap over topologies")
            note = pc.overlap_note(drawn, domain=SHARE if col == "success" else NONNEG)
            if note:
                notes.append(note)
            if notes:
                title += "\n" + pc.wrap_to_axes(ax, f"({'; '.join(notes)})", 9)
            ax.set_title(title, fontsize=10)
            if col == "success":
                ax.set_ylim(0.5, 1.01)
            else:
                ax.set_ylim(bottom=0)
            ax.grid(alpha=0.3)
            if ax.get_legend_handles_labels()[0]:
                ax.legend(fontsize=7, ncol=2)
    fig.suptitle(f"Query mechanisms per hop bin (bins with >= {MIN_BIN} queries; dashed: BCUN, "
                 "success over all its queries, its query counts scaled to ours)", fontsize=10)
    fig.tight_layout()
    return fig


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) < 3:
        die("usage: compare-bcun.py OUTDIR NAME=QUERIES.csv [NAME=QUERIES.csv ...] "
            "[--runs=NAME=RUNS.csv ...]")
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
    specs, run_specs = [], []
    for arg in argv[2:]:
        if arg.startswith("--runs="):
            run_specs.append(arg[len("--runs="):])
        elif arg.startswith("-"):
            die(f"{pc.shown(arg)}: unknown option (only --runs=NAME=RUNS.csv)")
        else:
            specs.append(arg)
    if not specs:
        die("no NAME=QUERIES.csv given")
    settings = [load(spec) for spec in specs]
    names = [n for n, _ in settings]
    if len(set(names)) != len(names):
        die("a setting NAME is given twice")
    drops = {}
    for spec in run_specs:
        name, counts = load_runs(spec, names)
        if name in drops:
            die(f"--runs: setting {name} given twice")
        if counts:
            drops[name] = counts
    rows = []
    for name, df in settings:
        rows += per_hop(name, df, reference if name == names[0] else {})
    successes = {name: success(df) for name, df in settings}
    out = Outputs(outdir)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: (("NA" if v != v else f"{v:.6g}") if isinstance(v, float) else v)
                    for k, v in r.items()})
    for leaf, data in [("bcun-per-hop.csv", buf.getvalue()),
                       ("bcun-table.md", table(settings, rows, successes, drops, reference))]:
        path = os.path.join(outdir, leaf)
        out.add_bytes(path, data.encode(), f"wrote {path}", "OUTDIR")
    path = os.path.join(outdir, "bcun.png")
    out.add(figure(settings, rows, reference, successes), path, f"wrote {path}", "OUTDIR",
            dpi=110)
    out.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
