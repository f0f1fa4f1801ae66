"""The part of analysis/plot_common.py that needs no numpy or pandas, for
every script of analysis/ that reads the programs' CSVs (plot_common
re-exports it; bench-tables.py and compare-versions.py, which run on any
python3, use it directly):

* `die`: one line "SCRIPT: problem" on stderr, exit code 2; `shown` quotes
  a value in it; `require` imports a module or names it and its Debian
  package.
* `open_input`: a regular file of at most MAX_CSV_BYTES opened without
  blocking, remembered in INPUTS (which no output may replace).
* COLUMNS: the domain of every column the programs write (`Column`: text,
  integer or real, bounds, missing values allowed or not), one table for
  every script; `check_cells` checks rows of text cells against it (the
  pandas reader, plot_common.check_domains, checks whole columns).
"""
import importlib
import math
import os
import stat
import sys

PROG = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "plot"

# The largest CSV a plot script reads: 256 MiB (pandas needs several times
# the file's size in memory).  The programs' own inputs are bounded at 64 MiB
# (src/bloom-gossip/helper/input-file.h); a sweep's concatenated CSVs and a
# map of many map times are bigger, hence the larger bound here.
MAX_CSV_BYTES = 256 << 20


def shown(value, limit=80):
    """A value as a message quotes it: 'text', cut at limit characters, with
    control characters escaped so that the message stays one line."""
    text = str(value)
    cut = len(text) > limit
    text = text[:limit]
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return f"'{text}'" + ("..." if cut else "")


def die(message):
    """One line on stderr, exit code 2."""
    line = " ".join(str(message).splitlines())
    print(f"{PROG}: {line}", file=sys.stderr)
    sys.exit(2)


# The Debian package of each module a script of analysis/ imports.
DEBIAN_PACKAGES = {"numpy": "python3-numpy", "pandas": "python3-pandas",
                   "matplotlib": "python3-matplotlib", "PIL": "python3-pil"}


def require(*modules):
    """The modules imported (one: the module, several: a list); one that
    cannot be imported stops the script with one line naming it, the Python
    that lacks it and its Debian package, exit code 2."""
    loaded = []
    for name in modules:
        try:
            loaded.append(importlib.import_module(name))
        except ImportError as e:
            # pandas without numpy fails on numpy: name the one missing.
            missing = (getattr(e, "name", None) or name).split(".")[0]
            package = DEBIAN_PACKAGES.get(missing, f"python3-{missing.lower()}")
            die(f"needs {missing} ({shown(sys.executable or 'python3')} cannot import it): "
                f"apt-get install {package}")
    return loaded[0] if len(loaded) == 1 else loaded


def reason(error):
    """The reason of an OSError or a parser error, on one line."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    text = str(error).strip().splitlines()
    return text[-1] if text else type(error).__name__


# Every file open_input opened: (device, inode) -> (what, path).  No output
# may be one of them (check_target).
INPUTS = {}


def open_input(path, what, limit=MAX_CSV_BYTES):
    """The file at path opened for reading (binary): a regular file of at
    most limit bytes.  It is opened without blocking (O_NONBLOCK, so a FIFO
    with no writer does not wait) and checked on the open descriptor before
    anything is read; a refusal is one line naming what (e.g. RUNS.csv).
    The file is remembered as an input (INPUTS), which no output replaces."""
    if not path:
        die(f"{what}: empty file name")
    if any(not c.isprintable() for c in path):
        die(f"{what}: {shown(path)} contains a control character")
    if not os.path.lexists(path):
        die(f"{what}: {shown(path)} does not exist")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        die(f"{what}: cannot read {shown(path)}: {reason(e)}")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = ("a folder" if stat.S_ISDIR(info.st_mode) else
                    "a FIFO" if stat.S_ISFIFO(info.st_mode) else
                    "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                    else "not a regular file")
            die(f"{what}: {shown(path)} is {kind}, not a regular file")
        if info.st_size > limit:
            die(f"{what}: {shown(path)} has {info.st_size} bytes, more than the "
                f"{limit >> 20} MiB a plot script reads")
    except BaseException:
        os.close(fd)
        raise
    INPUTS.setdefault((info.st_dev, info.st_ino), (what, path))
    return os.fdopen(fd, "rb")


# --- The domains of the programs' columns -----------------------------------
# The most nodes a scenario has (kMaxScenarioNodes,
# src/bloom-gossip-scenario/helper/scenario-limits.h): a hop count is below it.
MAX_NODES = 0xFFFD


class Column:
    """The domain of a column: kind "text", "int" (a whole number) or
    "real"; values in [low, high]; na: whether a row may leave it missing
    (NA, nan or empty), as the program that writes it may."""

    def __init__(self, kind, low=-math.inf, high=math.inf, na=True):
        self.kind, self.low, self.high, self.na = kind, low, high, na

    def described(self):
        what = {"text": "text", "int": "an integer", "real": "a number"}[self.kind]
        return what if self.kind == "text" else f"{what} in [{self.low:g}, {self.high:g}]"


def _text(na=False):
    return Column("text", na=na)


def _int(low=0, high=math.inf, na=False):
    return Column("int", low, high, na)


def _real(low=-math.inf, high=math.inf, na=True):
    return Column("real", low, high, na)


_COUNT = _int()  # a count the program always writes
_FLAG = _int(0, 1)  # 0 or 1
_HOPS = _int(0, MAX_NODES - 1, na=True)  # a hop distance; NA: unreachable
_NODE = _int(0, MAX_NODES - 1)  # a node's index
_SHARE = _real(0, 1)  # a share (NA where it has no pairs, probes ...)
_NONNEG = _real(0)  # seconds, bytes, joules, watts, means of counts


def _columns(domain, names):
    return {name: domain for name in names.split()}


# Every column a script of analysis/ reads, by name: the programs' columns
# are the same in every CSV that has them (diameter-sweep's runs.csv,
# by-distance.csv, queries.csv, series.csv, map.csv and walk.csv, written by
# src/bloom-gossip-scenario/helper/scenario-tables.cc and dynamics-tables.cc;
# sim-benchmark's and scaling.sh's tables; lbf-calibration's calibration and
# capacity tables; filter-space's table; analysis/bcun-reference.csv).  NA
# is allowed where the program can write it (a family without distances, a
# run without probes, an unreachable key), not where it writes a value always.
COLUMNS = {
    **_columns(_text(), "filter topology timer mobility kind strategy outcome channel app "
               "quantization ids definition mechanism file"),
    **_columns(_text(na=True), "a query_strategy status ratio_range"),
    "nodes": _int(1, MAX_NODES),
    "diameter": _int(0, MAX_NODES - 1, na=True),  # scaling.sh: NA before a run finished
    "components": _int(0, MAX_NODES),
    **_columns(_int(), "seed run depth budget_bytes resources"),
    "m": _int(1),
    **_columns(_int(1, na=True), "k b"),
    "reach": _int(na=True),
    "replicas": _int(1),
    "probes": _int(1, na=True),
    **_columns(_COUNT, "advertisements gossip_frames bytes_on_air hop_pairs stale_pairs "
               "stale_reported malformed phy_frames queries depleted_nodes mobile_nodes "
               "samples link_changes repairs unrepaired query_id holders_reached frames "
               "search_frames cancel_frames answer_frames pairs links events elements "
               "offered accepted size_bits false_positives false_negatives reached "
               "max_elements_cap trans_line"),
    **_columns(_FLAG, "absent success delivered warmup reachable"),
    **_columns(_int(0, 1, na=True), "present holder"),  # NA in link rows
    "backtrack": _FLAG,
    **_columns(_HOPS, "true_hops success_hops truth"),
    **_columns(_int(na=True), "hops_taken estimate resource"),
    **_columns(_int(), "hops step query origin key"),
    "node": _NODE,
    "peer": _int(0, MAX_NODES - 1, na=True),
    **_columns(_SHARE, "hop_exact hop_within1 hop_miss membership fpr query_success "
               "radio_on_share mean_exact mean_within1 mean_wrong mean_stale final_exact "
               "settled_share fpr_ideal exact_ideal exact within1 wrong stale mean_c_true "
               "mean_c occupancy_bits occupancy_cells overestimated measured_fpr "
               "expected_fpr"),
    **_columns(_real(0, 1, na=False), "frame_loss duty_cycle target target_fpr"),
    **_columns(_NONNEG, "mean_degree payload_bytes frames_per_beacon gossip_bytes_per_node_s "
               "hop_mae hop_rmse diss_latency_median diss_latency_p95 diss_latency_max "
               "convergence_time purge_time purge_bound query_latency_median "
               "query_latency_p95 query_stretch query_frames query_rtt_median "
               "query_absent_frames battery_j energy_w_mean energy_w_max energy_tx_w "
               "energy_rx_w energy_listen_w energy_idle_w energy_sleep_w energy_airtime_w "
               "energy_total_j energy_airtime_j energy_per_adv_j energy_airtime_per_adv_j "
               "first_depletion query_tx_energy_j speed pause repair_mean_s repair_p95_s "
               "gossip_frames_on_air gossip_frames_dropped settle_time_median "
               "settle_time_p90 stretch latency_to_holder round_trip setup_s run_s "
               "events_per_s candidates_per_frame peak_rss_mb ratio_to_bare wall_s cpu_s "
               "load_before se_mean_c sigma eqm se_eqm max_abs_err_no_collision "
               "mean_elements rounded_mean_elements sd_elements se_elements "
               "bits_per_element load transmissions latency_s"),
    **_columns(_real(0, na=False), "interval sim_time duty_period sample_interval sample_from "
               "issued time fill_pct"),
    **_columns(_real(), "hop_bias x y"),
    **_columns(_int(1), "repeat dim cells bits iterations repetitions slots slot_bits"),
    # filter-space leaves the columns of another kind of filter empty
    "hashes": _int(1, na=True),
    **_columns(_int(1, na=True), "buckets bucket_size"),
    **_columns(_int(na=True), "insert_failures kicks saturated_inserts saturated_counters "
               "overflows delete_refused residual_after_delete"),
    **_columns(_NONNEG, "insert_ns query_miss_ns query_hit_ns delete_ns"),
    # codec-entropy (benchmarks/codec-entropy.cc): the content of each row
    **_columns(_text(), "family shape"),
    "target_fill": _real(0, na=False),  # percent of slots set (dv: the resources R)
    **_columns(_real(0, na=False), "raw_bytes coded_bytes entropy_bytes entropy_level_bytes "
               "nml_bytes zlib_bytes zstd_bytes"),
    "true_entropy_bytes": _real(0, na=True),  # the LBF content's -log2 P (NA: another family)
    # diameter-sweep's runs.csv with WifiDeviceBuilder's CountDrops (NA in
    # a run without the counter)
    **_columns(_int(na=True), "wifi_tx_frames wifi_collision_drops wifi_queue_drops "
               "wifi_retry_drops wifi_collision_ns2_drops wifi_collision_ns3_only_drops "
               "wifi_collision_ns2_only_received"),
    **_columns(_real(0, 1, na=True), "wifi_collision_share wifi_drop_share"),
    # BCUN's latency file lacks some of its transmission file's hop bins
    **_columns(_int(na=True), "min_elements max_elements latency_queries lat_line"),
}


# The text of a missing value (pandas' default NA strings, read so by
# plot_common.read_table too).
NA_TEXT = {"", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND",
           "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"}


def cell_problem(column, text):
    """What is wrong with a cell's text in column (None: nothing, or a
    column COLUMNS does not know)."""
    domain = COLUMNS.get(column)
    if domain is None:
        return None
    if text is None or text in NA_TEXT:
        return None if domain.na else f"no value ({domain.described()} is needed)"
    if domain.kind == "text":
        return None
    try:
        value = float(text) if "_" not in text else math.nan
    except ValueError:
        value = math.nan
    if value != value:
        return f"{shown(text, 40)} is not a number"
    if abs(value) == math.inf:
        return f"{shown(text, 40)} is not a finite number"
    if domain.kind == "int" and not value.is_integer():
        return f"{shown(text, 40)} is not an integer"
    if not domain.low <= value <= domain.high:
        return f"{shown(text, 40)} is outside [{domain.low:g}, {domain.high:g}]"
    return None


def check_cells(rows, path, what):
    """Every cell of rows (dicts of text, csv.DictReader's) inside its
    column's domain; the first one outside is refused in one line with the
    file, row (the header is row 1) and column, exit code 2."""
    for i, row in enumerate(rows):
        for column, text in row.items():
            problem = cell_problem(column, text)
            if problem:
                die(f"{what}: {shown(path)}, column {column}, row {i + 2}: {problem}")
