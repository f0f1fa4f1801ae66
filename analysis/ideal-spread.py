#!/usr/bin/env python3
"""How far the resources sweep's measurements may sit from the ideal-hashing
model: the realisation-to-realisation spread of the ideal process
(issues 28 and 37).

    analysis/ideal-spread.py RUNS.csv BY_DISTANCE.csv [--map MAP.csv ...]
                             [--reps N] [--seed S] [--probes P] [--out TABLE.csv]

RUNS.csv and BY_DISTANCE.csv: a sweep's runs.csv and by-distance.csv
(scenarios/resources-sweep.sh); MAP.csv: maps of its runs (diameter-sweep
--map-csv; one family's map serves every family of the run: the truth is
the network's).  The keys are the ids 1..R in every run and the probe keys
the same, so a (topology, comparison, R) point is ONE hash realisation and
the spread over seeds does not say how far it may sit from fpr_ideal and
exact_ideal.  This script simulates the ideal process, N times per group of
BF and LBF rows (same topology, budget_bytes, resources, filter, m and k;
comparison "equal-m" for budget_bytes 0, "budget-B" otherwise).  One
repetition: R keys with k cells each, uniform in [0, m) with repetition,
and P probe keys (the run's `probes` column if RUNS.csv has one, else
--probes, default 1000) with k cells each, shared by every run (seed) of
the group as the real hashes are; then, for every run of the group, its
nodes with their true distances to the keys.

The distances (column `distances` of the table):
* map: the run's real distance matrix, node by key, from a MAP.csv node
  row per (node, resource) at its last map time (`truth`; NA: unreachable,
  outside every filter and every share).  Every repetition hashes the same
  matrix, so nodes near each other see the same keys close by, as in the
  run: the spread of a share over nodes is that of correlated nodes.  A
  map is the run's when its topology, nodes, seed and run are the run's,
  it has the run's R resources or more (then the first R, ids 1..R: the
  holders are drawn in id order, so one map at the sweep's largest R
  serves every R; resources-sweep.sh writes one per network and seed) and
  its distances add up to the run's BY_DISTANCE.csv profile (LBF) or
  hop_pairs (BF); a map of the run that does not is refused.
* profile, for a run without a map: each node's key distances drawn
  independently from the run's pooled per-distance profile (its
  BY_DISTANCE.csv rows, `true_hops` and `pairs`; the pairs the run lacks,
  R x nodes - hop_pairs, unreachable).  This drops the spatial correlation:
  the LBF's sd comes out too small (0.0048 where the map gives 0.0086 on the
  13 x 13 grid at R = 256) and its |z| too large; the means agree.  A BF
  whose every node reaches every key needs no distances (one filter for
  all) and gives the same either way.
BF: FPR = share of (node, probe) pairs whose k cells are all set by
reachable keys.  LBF: a cell holds the smallest distance of the keys hashed
to it; a key h hops away is exact iff h <= reach (the row's `reach`) and not
all of its k cells hold a strictly closer key; hop_exact = exact share of
the reachable pairs; FPR as the BF's with the keys within the reach.  A
repetition's value is the mean over the group's runs, as the measured one.

A run's BY_DISTANCE.csv rows are found by its filter, topology, seed, run,
budget_bytes and m, and by R: the `resources` column if BY_DISTANCE.csv has
one, else the run's rows (consecutive, true_hops increasing, as
diameter-sweep writes them) whose pairs add up to the run's hop_pairs.  A BF
run needs none.

Output, one row per group and quantity (BF: fpr; LBF: fpr and hop_exact),
as an aligned table on stdout and, with --out, as CSV: topology,
comparison, R, family, m, k, runs, reps, distances (map, profile, or
map+profile when only some runs of the group have a map), quantity,
measured (mean over the group's runs), model (mean of fpr_ideal /
exact_ideal; NA without them), mc_mean and mc_sd (mean and standard
deviation, ddof 1, of the N repetitions), z = (measured - model) / mc_sd.
z is NA when mc_sd is 0 (every repetition gave the same value, e.g. FPR 0
at small R or 1 at large R: the spread is below the simulation's resolution
and no distance in units of it exists) or when measured or model is NA.

Deterministic: numpy's default_rng seeded with --seed (default 1) and the
group (topology, budget, R, filter, m, k), so a group's numbers do not
depend on the other groups in the files; same inputs and seed, same bytes.
Cost: R x k x nodes x runs per repetition and run; the 400-node disk at
R = 1,024 (3 runs) takes about 20 s of CPU at the default --reps 200.  Use
fewer repetitions (e.g. --reps 50) for a quick look at large R: the sd's
relative error is about 1 / sqrt(2 N) (5 % at 200, 10 % at 50).

Bad input (a missing or unreadable file, a missing column, a value outside
its column's domain, no BF or LBF row, an LBF run without its
BY_DISTANCE.csv rows, a map of a run that does not fit it, a bad option
value, --out naming an input): one line on stderr naming it, exit code 2.
"""
import argparse
import math
import sys
import zlib

from plot_common import Outputs, check_target, die, np, read_table, shown

RUN_KEYS = ["filter", "topology", "seed", "run", "budget_bytes", "m"]
RUNS_NEEDED = RUN_KEYS + ["resources", "k", "reach", "nodes", "hop_pairs", "fpr", "hop_exact"]
RUNS_OPTIONAL = ["fpr_ideal", "exact_ideal", "probes"]
DIST_NEEDED = RUN_KEYS + ["true_hops", "pairs"]
# A map's node rows: the network (topology, nodes, seed, run) and, per
# (node, resource), the true distance at the map's time.
MAP_NETWORK = ["topology", "nodes", "seed", "run"]
MAP_NEEDED = ["filter"] + MAP_NETWORK + ["time", "kind", "node", "resource", "truth"]
FAMILIES = ("bf", "lbf")
COLUMNS = ["topology", "comparison", "R", "family", "m", "k", "runs", "reps", "distances",
           "quantity", "measured", "model", "mc_mean", "mc_sd", "z"]
UNREACHABLE = np.iinfo(np.int32).max  # the distance of a key a node cannot reach
MAX_REPS = 1000000
MAX_PROBES = 1000000
# The largest nodes x max(m, R x k) of a run: the arrays of one repetition
# (about 20 bytes a cell) stay within a few GiB.
MAX_CELLS = 100000000


class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(f"usage: {message}")


def parse():
    p = Parser(add_help=True, description="The ideal process's spread against the resources "
               "sweep's measurements (see the module docstring: pydoc or the source).")
    p.add_argument("runs", metavar="RUNS.csv")
    p.add_argument("by_distance", metavar="BY_DISTANCE.csv")
    p.add_argument("--map", metavar="MAP.csv", action="append", default=[],
                   help="maps of the runs (diameter-sweep --map-csv), each given once: the "
                   "real distances of their runs (without one, a run's distances are drawn "
                   "from its pooled profile, which understates the LBF's spread)")
    p.add_argument("--reps", type=int, default=200,
                   help="repetitions per group (default 200; fewer, e.g. 50, for a quick "
                   "look at large R: the 400-node disk at R = 1,024 costs ~0.1 s each)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--probes", type=int, default=1000,
                   help="probe keys per run when RUNS.csv has no probes column (default 1000)")
    p.add_argument("--out", metavar="TABLE.csv", help="also write the table as CSV")
    args = p.parse_args()
    if not 2 <= args.reps <= MAX_REPS:
        die(f"--reps: {args.reps} is outside [2, {MAX_REPS}] (the sd needs two repetitions)")
    if not 0 <= args.seed < 2 ** 63:
        die(f"--seed: {args.seed} is outside [0, 2^63)")
    if not 1 <= args.probes <= MAX_PROBES:
        die(f"--probes: {args.probes} is outside [1, {MAX_PROBES}]")
    if args.out is not None:
        check_target(args.out, "--out")
    return args


def read_runs(path):
    df = read_table(path, "RUNS.csv", needed=RUNS_NEEDED, optional=RUNS_OPTIONAL,
                    keys=["filter", "topology", "seed", "run", "budget_bytes", "resources"],
                    limits={"resources": (1, 10 ** 6), "m": (1, 1 << 24), "k": (1, 64),
                            "nodes": (1, 10 ** 6)})
    df["filter"] = df["filter"].astype(str)
    df["topology"] = df["topology"].astype(str)
    df = df[df["filter"].isin(FAMILIES)]
    if df.empty:
        die(f"RUNS.csv: {shown(path)} has no bf or lbf rows")
    # Runs with queries repeat the gossip columns once per strategy.
    gossip = [c for c in df.columns if c != "queries" and not c.startswith("query_")]
    df = df.drop_duplicates(subset=gossip).reset_index(drop=True)
    for column in ("m", "k", "nodes", "hop_pairs", "resources", "reach"):
        need = df["filter"] == "lbf" if column == "reach" else df["filter"].isin(FAMILIES)
        if df.loc[need, column].isna().any():
            row = int(df.index[need & df[column].isna()][0])
            die(f"RUNS.csv: {shown(path)}, column {column}: a {df['filter'][row]} row "
                "has no value")
    too_many = df["hop_pairs"] > df["nodes"] * df["resources"]
    if too_many.any():
        die(f"RUNS.csv: {shown(path)}, column hop_pairs: "
            f"{int(df['hop_pairs'][too_many].iloc[0])} pairs, more than nodes x resources")
    if df.duplicated(RUN_KEYS + ["resources", "k"]).any():
        die(f"RUNS.csv: {shown(path)}: a (filter, topology, seed, run, budget_bytes, m, "
            "resources) run appears twice with different values")
    return df


def read_profiles(path):
    """{(filter, topology, seed, run, budget_bytes, m): [(resources or None,
    total pairs, hops, pairs)]}: one entry per run's block of rows."""
    df = read_table(path, "BY_DISTANCE.csv", needed=DIST_NEEDED, optional=["resources"],
                    keys=DIST_NEEDED)
    df["filter"] = df["filter"].astype(str)
    df["topology"] = df["topology"].astype(str)
    df = df[df["filter"].isin(FAMILIES)]
    with_r = df["resources"].notna().all()
    key = RUN_KEYS + (["resources"] if with_r else [])
    keys = list(df[key].itertuples(index=False, name=None))
    hops = df["true_hops"].to_numpy(dtype=np.int64)
    pairs = df["pairs"].to_numpy(dtype=np.int64)
    profiles = {}
    start = 0
    for i in range(1, len(keys) + 1):
        if i == len(keys) or keys[i] != keys[i - 1] or hops[i] <= hops[i - 1]:
            k = keys[start]
            r = int(k[-1]) if with_r else None
            h, p = hops[start:i], pairs[start:i]
            profiles.setdefault(k[:len(RUN_KEYS)], []).append((r, int(p.sum()), h, p))
            start = i
    return profiles


def read_maps(paths):
    """{(topology, nodes, seed, run): [(path, name, matrix, ids)]}: per map
    file and family, the node x resource distances (int32, UNREACHABLE where
    NA) at the block's last map time, resources in increasing id order
    (ids)."""
    maps = {}
    for path in paths:
        what = "MAP.csv"
        df = read_table(path, what, needed=MAP_NEEDED, keys=MAP_NEEDED[:-2])
        df = df[df["kind"] == "node"]
        if df.empty:
            die(f"{what}: {shown(path)} has no node rows")
        df = df.assign(filter=df["filter"].astype(str), topology=df["topology"].astype(str))
        missing = df["resource"].isna()
        if missing.any():
            row = int(df.index[missing][0])
            die(f"{what}: {shown(path)}, column resource, row {row + 2}: no value in a node row")
        for key, block in df.groupby(["filter"] + MAP_NETWORK, sort=False):
            family, topology, nodes, seed, run = key
            block = block[block["time"] == block["time"].max()]
            node = block["node"].to_numpy(dtype=np.int64)
            resources, column = np.unique(block["resource"].to_numpy(dtype=np.int64),
                                          return_inverse=True)
            name = (f"the {family} map of {topology}, seed {seed:g}, run {run:g} "
                    f"at {block['time'].iloc[0]:g} s")
            if node.max() >= nodes:
                die(f"{what}: {shown(path)}: {name} has node {int(node.max())} of {nodes:g} nodes")
            cells = node * len(resources) + column
            if len(np.unique(cells)) != len(block) or len(block) != nodes * len(resources):
                die(f"{what}: {shown(path)}: {name} does not have one row per node and "
                    f"resource ({len(block)} rows, {nodes:g} nodes x {len(resources)} "
                    "resources)")
            matrix = np.full((int(nodes), len(resources)), UNREACHABLE, dtype=np.int32)
            truth = block["truth"].to_numpy()
            known = ~np.isnan(truth)
            matrix[node[known], column[known]] = truth[known].astype(np.int32)
            maps.setdefault((topology, int(nodes), int(seed), int(run)),
                            []).append((path, name, matrix, resources))
    return maps


def profile_of(row, profiles, path):
    """The run's (hops, pairs) from BY_DISTANCE.csv."""
    key = tuple(row[c] for c in RUN_KEYS)
    r = int(row["resources"])
    found = [(h, p) for res, total, h, p in profiles.get(key, [])
             if (res == r if res is not None else total == int(row["hop_pairs"]))]
    if not found:
        die(f"BY_DISTANCE.csv: {shown(path)} has no rows of the {row['filter']} run "
            f"(topology {row['topology']}, seed {row['seed']:g}, run {row['run']:g}, "
            f"budget_bytes {row['budget_bytes']:g}, m {row['m']:g}, R {r}, "
            f"hop_pairs {row['hop_pairs']:g})")
    h, p = found[0]
    for h2, p2 in found[1:]:
        if not (np.array_equal(h, h2) and np.array_equal(p, p2)):
            die(f"BY_DISTANCE.csv: {shown(path)}: two different blocks of rows fit the "
                f"{row['filter']} run (topology {row['topology']}, seed {row['seed']:g}, "
                f"run {row['run']:g}, R {r})")
    return h, p


def map_of(row, maps, hops, pairs):
    """The run's distance matrix from its map (None without one): a map of
    its network with its R resources, or with more whose first R are the ids
    1..R (the resources of a run with fewer: a resource's holders are drawn
    in id order, so the run's R are the map's first R), whose reachable
    pairs are the run's hop_pairs and, with hops and pairs (its
    BY_DISTANCE.csv profile), whose distances add up to that profile."""
    key = (row["topology"], int(row["nodes"]), int(row["seed"]), int(row["run"]))
    r = int(row["resources"])
    candidates = [(path, name, matrix if len(ids) == r else matrix[:, :r], ids)
                  for path, name, matrix, ids in maps.get(key, [])
                  if len(ids) == r or (len(ids) > r and
                                       np.array_equal(ids[:r], np.arange(1, r + 1)))]
    for _, _, matrix, _ in candidates:
        reached = matrix[matrix != UNREACHABLE]
        if len(reached) != int(row["hop_pairs"]):
            continue
        if hops is not None:
            values, counts = np.unique(reached, return_counts=True)
            if not (np.array_equal(values, hops) and np.array_equal(counts, pairs)):
                continue
        return matrix
    if candidates:
        path, name, _, _ = candidates[0]
        die(f"MAP.csv: {shown(path)}: {name} is not the {row['filter']} run's (R "
            f"{int(row['resources'])}, budget_bytes {row['budget_bytes']:g}, m "
            f"{row['m']:g}): its distances do not add up to the run's "
            + ("BY_DISTANCE.csv profile" if hops is not None else
               f"hop_pairs {row['hop_pairs']:g}"))
    return None


class Run:
    """One run of a group: its nodes, their distances to the keys (a matrix,
    or the distribution of a (node, key) pair's distance, the unreachable
    ones last) and the LBF's reach."""

    def __init__(self, nodes, resources, reach, matrix=None, hops=None, pairs=None):
        self.nodes, self.reach, self.matrix = nodes, reach, matrix
        if matrix is not None:
            reachable = matrix[matrix != UNREACHABLE]
            unreachable = matrix.size - reachable.size
            farthest = int(reachable.max()) if reachable.size else 0
        else:
            unreachable = nodes * resources - int(pairs.sum())
            farthest = int(hops.max())
            self.values = np.append(hops, UNREACHABLE).astype(np.int32)
            weights = np.append(pairs, unreachable).astype(np.float64)
            self.cdf = np.cumsum(weights) / weights.sum()
            self.cdf[-1] = 1.0
        # Every pair within the reach: one filter for every node.
        self.same_filter = unreachable == 0 and (reach is None or farthest <= reach)

    def distances(self, rng, resources):
        """nodes x R distances: the map's, or drawn from the profile."""
        if self.matrix is not None:
            return self.matrix
        u = rng.random((self.nodes, resources))
        return self.values[np.searchsorted(self.cdf, u, side="right")]


def one_run(rng, run, pos, probe, m, lbf):
    """(fpr, exact share) of one simulated run with m cells, the key cells
    pos (R x k) and the probe cells probe (P x k)."""
    resources, k = pos.shape
    if run.same_filter and not lbf:
        occupied = np.zeros(m, dtype=bool)
        occupied[pos.ravel()] = True
        return float(occupied[probe].all(axis=1).mean()), math.nan
    d = run.distances(rng, resources)  # nodes x R
    cells = pos.ravel()
    order = np.argsort(cells, kind="stable")
    sorted_cells = cells[order]
    starts = np.flatnonzero(np.r_[True, sorted_cells[1:] != sorted_cells[:-1]])
    # A cell holds the smallest distance of the keys hashed to it.
    cover = np.full((run.nodes, m), UNREACHABLE, dtype=np.int32)
    cover[:, sorted_cells[starts]] = np.minimum.reduceat(d[:, order // k], starts, axis=1)
    limit = run.reach if lbf else UNREACHABLE - 1
    if run.same_filter:
        fpr = float((cover[0] <= limit)[probe].all(axis=1).mean())
    else:
        fpr = float((cover <= limit)[:, probe].all(axis=2).mean())
    if not lbf:
        return fpr, math.nan
    count = int((d != UNREACHABLE).sum())
    if count == 0:
        return fpr, math.nan
    # Exact iff within the reach and one of its cells holds no strictly
    # closer key (a key's own cells hold at most its distance).
    exact = (cover[:, pos].max(axis=2) >= d) & (d <= run.reach)
    return fpr, float(exact.sum()) / count


def simulate(group, runs, probes, reps, seed):
    """The group's fpr and exact share (NaN for the BF) in each repetition:
    the mean over its runs."""
    topology, budget, resources, family, m, k = group
    lbf = family == "lbf"
    entropy = [seed, int(budget), int(resources), int(m), int(k), FAMILIES.index(family),
               zlib.crc32(topology.encode())]
    rng = np.random.default_rng(entropy)
    fprs, exacts = np.empty(reps), np.empty(reps)
    for rep in range(reps):
        pos = rng.integers(0, m, size=(int(resources), int(k)))
        probe = rng.integers(0, m, size=(probes, int(k)))
        values = [one_run(rng, run, pos, probe, int(m), lbf) for run in runs]
        fprs[rep] = sum(v[0] for v in values) / len(values)
        known = [v[1] for v in values if v[1] == v[1]]
        exacts[rep] = sum(known) / len(known) if known else math.nan
    return fprs, exacts


def mean(values):
    known = [float(v) for v in values if v == v]
    return sum(known) / len(known) if known else math.nan


def spread(samples):
    """(mean, sd with ddof 1) of the repetitions; NaN when any is NaN."""
    if np.isnan(samples).any():
        return math.nan, math.nan
    return float(samples.mean()), float(samples.std(ddof=1))


def cell(value):
    if isinstance(value, str):
        return value
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if value != value:
        return "NA"
    return f"{value:.6g}"


def main():
    args = parse()
    runs = read_runs(args.runs)
    profiles = read_profiles(args.by_distance)
    maps = read_maps(args.map)
    if args.out is not None:  # now that every input is known: none of them
        check_target(args.out, "--out")
    group_columns = ["topology", "budget_bytes", "resources", "filter", "m", "k"]
    rows = []
    for group, sub in runs.groupby(group_columns, sort=True):
        topology, budget, resources, family, m, k = group
        probes = sorted(set(sub["probes"].dropna().astype(int))) or [args.probes]
        if len(probes) > 1:
            die(f"RUNS.csv: {shown(args.runs)}, column probes: the runs of {family} on "
                f"{topology}, R {int(resources)} differ ({probes[0]}, {probes[1]})")
        sims, sources = [], set()
        for _, row in sub.iterrows():
            cells = int(row["nodes"]) * max(int(m), int(resources) * int(k))
            if cells > MAX_CELLS:
                die(f"RUNS.csv: {shown(args.runs)}: the {family} run on {topology} with "
                    f"{int(row['nodes'])} nodes, m {int(m)}, R {int(resources)} and k {int(k)} "
                    f"is too large to simulate (nodes x max(m, R x k) > {MAX_CELLS})")
            if family == "lbf":
                hops, pairs = profile_of(row, profiles, args.by_distance)
                reach = int(row["reach"])
                matrix = map_of(row, maps, hops, pairs)
            else:
                # Only reachability matters: one bin at distance 0.
                hops, pairs = np.array([0]), np.array([int(row["hop_pairs"])])
                reach = None
                matrix = map_of(row, maps, None, None)
            sources.add("profile" if matrix is None else "map")
            sims.append(Run(int(row["nodes"]), int(resources), reach, matrix, hops, pairs))
        try:
            fprs, exacts = simulate((topology, budget, resources, family, m, k), sims,
                                    probes[0], args.reps, args.seed)
        except MemoryError:
            die(f"RUNS.csv: {shown(args.runs)}: the {family} runs on {topology} at R "
                f"{int(resources)} do not fit in memory")
        comparison = "equal-m" if budget == 0 else f"budget-{budget:g}"
        distances = "+".join(sorted(sources))
        quantities = [("fpr", "fpr", "fpr_ideal", fprs)]
        if family == "lbf":
            quantities.append(("hop_exact", "hop_exact", "exact_ideal", exacts))
        for name, measured_column, model_column, samples in quantities:
            measured, model = mean(sub[measured_column]), mean(sub[model_column])
            mc_mean, mc_sd = spread(samples)
            z = (measured - model) / mc_sd if mc_sd > 0 else math.nan
            rows.append([topology, comparison, int(resources), family, int(m), int(k),
                         len(sims), args.reps, distances, name, measured, model, mc_mean,
                         mc_sd, z])
    table = [COLUMNS] + [[cell(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(COLUMNS))]
    text = "\n".join("  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in table)
    outputs = Outputs()
    outputs.say(text)
    if args.out is not None:
        csv = "".join(",".join(r) + "\n" for r in table)
        outputs.add_bytes(args.out, csv.encode(), f"wrote {args.out}", "--out")
    outputs.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
