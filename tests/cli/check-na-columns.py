#!/usr/bin/env python3
"""The NA rule over every column of every table: a statistic over an empty set
is NA, and only then (issue 38).

Usage: check-na-columns.py BIN_DIR

Runs the programs of BIN_DIR (diameter-sweep; sim-benchmark, filter-space and
lbf-calibration when built) on cases that leave sets empty: an LBF line beyond
its horizon (pairs without an estimate: hop_mae NA, not 0), no resource at all
(no pair), every query for an absent key, a run too short for any
advertisement, every resource removed while sampling (samples without pairs),
sim-benchmark in one process (no child's RSS), filter-space offering no key,
lbf-calibration capacity targets never reached.  Every column of every table
written is in RULES below, either as a value that is not a statistic, or with
the set it is taken over, computed from the same row (or the rows of the
run's other tables): the cell must be NA exactly when that set is empty, and a
number otherwise.  A column missing from RULES fails the check, so a new
column needs its rule.  Exits 1 listing what failed.
"""

import csv
import json
import math
import os
import subprocess
import sys
import tempfile

failures = []
DISTANCE = {f['name']: f['distance'] for f in json.load(open(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..', '..', 'analysis', 'families.json')))}


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def num(text):
    return float(text)


def read(path):
    with open(path, newline='') as f:
        return list(csv.DictReader(f))


def number(text):
    try:
        v = float(text)
    except ValueError:
        return False
    return math.isfinite(v)


# A rule: VALUE (not a statistic: a setting, a count, a name; NA or an empty
# cell where the program says "not applicable"), or a function row, ctx ->
# True (the set is not empty: a number), 'defined' (not empty: a value
# that is no number, e.g. a range), False (empty: NA), 'empty' (not
# applicable: an empty cell) or None (not decidable from the tables: NA or a
# number).
VALUE = 'value'


def hop(row, errors):
    """The hop columns: a distance family with pairs (and, for the errors, a
    pair with an estimate)."""
    pairs = int(row.get('hop_pairs', row.get('pairs')))
    if not DISTANCE[row['filter']] or pairs == 0:
        return False
    return num(row['hop_miss']) < 1 if errors else True


def right_pairs(row):
    """Pairs right at the end (dissemination latencies): an exact estimate, or
    for a family without distances a report."""
    pairs = int(row.get('hop_pairs', row.get('pairs')))
    if pairs == 0:
        return False
    share = row['hop_exact'] if DISTANCE[row['filter']] else row['membership']
    return num(share) > 0


RUNS = {
    **{c: VALUE for c in (
        'filter', 'topology', 'nodes', 'diameter', 'components', 'mean_degree', 'seed', 'run',
        'm', 'k', 'b', 'a', 'depth', 'reach', 'budget_bytes', 'interval', 'timer', 'resources',
        'replicas', 'sim_time', 'payload_bytes', 'frames_per_beacon', 'advertisements',
        'gossip_frames', 'bytes_on_air', 'gossip_bytes_per_node_s', 'hop_pairs', 'stale_pairs',
        'stale_reported', 'malformed', 'phy_frames', 'frame_loss', 'purge_bound',
        'query_strategy', 'queries', 'duty_period', 'duty_cycle', 'battery_j', 'energy_w_mean',
        'energy_w_max', 'energy_tx_w', 'energy_rx_w', 'energy_listen_w', 'energy_idle_w',
        'energy_sleep_w', 'energy_airtime_w', 'energy_total_j', 'energy_airtime_j',
        'radio_on_share', 'depleted_nodes', 'mobility', 'speed', 'pause', 'mobile_nodes',
        'sample_interval', 'sample_from', 'samples', 'link_changes', 'repairs', 'unrepaired',
        'gossip_frames_on_air', 'gossip_frames_dropped', 'fpr_ideal', 'exact_ideal', 'fpr',
        'coded_bytes', 'wifi_tx_frames', 'wifi_collision_drops', 'wifi_queue_drops',
        'wifi_retry_drops', 'wifi_collision_ns2_drops', 'wifi_collision_ns3_only_drops',
        'wifi_collision_ns2_only_received')},
    # WifiDeviceBuilder's CountDrops: shares per PHY transmission
    'wifi_collision_share': lambda r, x: int(r['wifi_tx_frames']) > 0,
    'wifi_drop_share': lambda r, x: int(r['wifi_tx_frames']) > 0,
    'hop_mae': lambda r, x: hop(r, True),
    'hop_rmse': lambda r, x: hop(r, True),
    'hop_bias': lambda r, x: hop(r, True),
    'hop_exact': lambda r, x: hop(r, False),
    'hop_within1': lambda r, x: hop(r, False),
    'hop_miss': lambda r, x: hop(r, False),
    'membership': lambda r, x: int(r['hop_pairs']) > 0,
    'diss_latency_median': lambda r, x: right_pairs(r),
    'diss_latency_p95': lambda r, x: right_pairs(r),
    'diss_latency_max': lambda r, x: right_pairs(r),
    'convergence_time': lambda r, x: int(r['hop_pairs']) + int(r['stale_pairs']) > 0,
    'purge_time': lambda r, x: int(r['stale_pairs']) > 0 and int(r['stale_reported']) == 0,
    'query_success': lambda r, x: x['queries'](r)['reachable'] > 0,
    'query_latency_median': lambda r, x: x['queries'](r)['delivered'] > 0,
    'query_latency_p95': lambda r, x: x['queries'](r)['delivered'] > 0,
    'query_stretch': lambda r, x: x['queries'](r)['stretched'] > 0,
    'query_frames': lambda r, x: x['queries'](r)['reachable'] > 0,
    'query_rtt_median': lambda r, x: x['queries'](r)['answered'] > 0,
    'query_absent_frames': lambda r, x: x['queries'](r)['absent'] > 0,
    'energy_per_adv_j': lambda r, x: int(r['advertisements']) > 0,
    'energy_airtime_per_adv_j': lambda r, x: int(r['advertisements']) > 0,
    'first_depletion': lambda r, x: int(r['depleted_nodes']) > 0,
    'query_tx_energy_j': lambda r, x: x['queries'](r)['reachable'] > 0,
    'mean_exact': lambda r, x: any(s['exact'] != 'NA' for s in x['series'](r, True)),
    'mean_within1': lambda r, x: any(s['within1'] != 'NA' for s in x['series'](r, True)),
    'mean_wrong': lambda r, x: any(s['wrong'] != 'NA' for s in x['series'](r, True)),
    'mean_stale': lambda r, x: any(s['stale'] != 'NA' for s in x['series'](r, True)),
    'final_exact': lambda r, x: (bool(x['series'](r, False)) and
                                 int(x['series'](r, False)[-1]['pairs']) > 0),
    'repair_mean_s': lambda r, x: int(r['repairs']) > 0,
    'repair_p95_s': lambda r, x: int(r['repairs']) > 0,
    'settled_share': lambda r, x: x['settle_pairs'](r) > 0,
    'settle_time_median': lambda r, x: None if x['settle_pairs'](r) > 0 else False,
    'settle_time_p90': lambda r, x: None if x['settle_pairs'](r) > 0 else False,
}

BY_DISTANCE = {
    **{c: VALUE for c in ('filter', 'topology', 'nodes', 'diameter', 'seed', 'run', 'm', 'b',
                          'depth', 'budget_bytes', 'true_hops', 'pairs')},
    'hop_mae': lambda r, x: hop(r, True),
    'hop_bias': lambda r, x: hop(r, True),
    'hop_exact': lambda r, x: hop(r, False),
    'hop_within1': lambda r, x: hop(r, False),
    'hop_miss': lambda r, x: hop(r, False),
    'membership': lambda r, x: int(r['pairs']) > 0,
    'diss_latency_median': lambda r, x: right_pairs(r),
    'diss_latency_p95': lambda r, x: right_pairs(r),
    # Holders' own pairs (true_hops 0) have no settle time.
    'settled_share': lambda r, x: int(r['pairs']) > 0 and r['true_hops'] != '0',
    'settle_time_median': lambda r, x: (None if int(r['pairs']) > 0 and r['true_hops'] != '0'
                                        else False),
    'settle_time_p90': lambda r, x: (None if int(r['pairs']) > 0 and r['true_hops'] != '0'
                                     else False),
}


def delivered(r):
    return r['delivered'] == '1'


QUERIES = {
    **{c: VALUE for c in ('filter', 'strategy', 'nodes', 'diameter', 'seed', 'run', 'query_id',
                          'origin', 'key', 'absent', 'success', 'frames', 'topology', 'issued',
                          'delivered', 'holders_reached', 'outcome', 'search_frames',
                          'cancel_frames', 'answer_frames')},
    'true_hops': lambda r, x: None if r['absent'] == '0' else False,
    'hops_taken': lambda r, x: delivered(r),
    'stretch': lambda r, x: delivered(r) and r['true_hops'] not in ('NA', '0'),
    'latency_to_holder': lambda r, x: delivered(r),
    'round_trip': lambda r, x: r['success'] == '1',
    'success_hops': lambda r, x: r['success'] == '1',
}

SERIES = {
    **{c: VALUE for c in ('filter', 'topology', 'nodes', 'diameter', 'seed', 'run', 'mobility',
                          'speed', 'time', 'pairs', 'links', 'link_changes', 'components')},
    'exact': lambda r, x: int(r['pairs']) > 0,
    'within1': lambda r, x: int(r['pairs']) > 0,
    # Over the live pairs, reachable or not (no column): some when pairs > 0.
    'wrong': lambda r, x: True if int(r['pairs']) > 0 else None,
    'stale': lambda r, x: True if int(r['pairs']) > 0 else None,
}

SIM_BENCHMARK = {
    **{c: VALUE for c in ('nodes', 'diameter', 'channel', 'app', 'frames_per_beacon', 'sim_time',
                          'repeat', 'setup_s', 'run_s', 'events', 'frames')},
    'events_per_s': lambda r, x: num(r['run_s']) > 0,
    'candidates_per_frame': lambda r, x: r['channel'] == 'grid' and int(r['frames']) > 0,
    'peak_rss_mb': lambda r, x: x['forked'],
    'ratio_to_bare': lambda r, x: r['app'].startswith('bare-') and x['paired'],
    'ratio_range': lambda r, x: ('defined' if r['app'].startswith('bare-') and x['paired']
                                 else False),
}


def fs_applies(r, filters):
    return r['filter'] in filters


FILTER_SPACE = {
    **{c: VALUE for c in ('filter', 'target_fpr', 'fill_pct', 'elements', 'offered', 'accepted',
                          'slots', 'slot_bits', 'hashes', 'buckets', 'bucket_size', 'size_bits',
                          'bits_per_element', 'load', 'expected_fpr', 'queries',
                          'false_positives', 'false_negatives', 'insert_failures', 'kicks',
                          'saturated_inserts', 'saturated_counters', 'overflows',
                          'delete_refused', 'residual_after_delete')},
    'measured_fpr': lambda r, x: int(r['queries']) > 0,
    'insert_ns': lambda r, x: int(r['offered']) > 0,
    'query_miss_ns': lambda r, x: int(r['queries']) > 0,
    'query_hit_ns': lambda r, x: int(r['offered']) > 0,
    # A BF cannot delete: the cell is empty (not applicable), not NA.
    'delete_ns': lambda r, x: 'empty' if r['filter'] == 'bf' else int(r['accepted']) > 0,
}

CAPACITY = {
    **{c: VALUE for c in ('quantization', 'ids', 'seed', 'dim', 'cells', 'bits', 'hashes',
                          'definition', 'target', 'repetitions', 'max_elements_cap', 'reachable',
                          'reached')},
    'mean_elements': lambda r, x: int(r['reached']) > 0,
    'rounded_mean_elements': lambda r, x: int(r['reached']) > 0,
    'sd_elements': lambda r, x: int(r['reached']) > 1,
    'se_elements': lambda r, x: int(r['reached']) > 1,
    'min_elements': lambda r, x: int(r['reached']) > 0,
    'max_elements': lambda r, x: int(r['reached']) > 0,
}

CALIBRATION = {
    **{c: VALUE for c in ('quantization', 'ids', 'seed', 'dim', 'cells', 'bits', 'hashes',
                          'elements', 'iterations', 'samples', 'mean_c_true', 'mean_c', 'sigma',
                          'eqm', 'occupancy_bits', 'occupancy_cells', 'overestimated')},
    'se_mean_c': lambda r, x: int(r['iterations']) > 1,
    'se_eqm': lambda r, x: int(r['iterations']) > 1,
    'max_abs_err_no_collision': lambda r, x: num(r['overestimated']) < 1,
}


def check_table(name, path, rules, ctx, empties):
    """Every column has a rule; NA exactly where its set is empty.  `empties`
    counts, per column, the cells whose set was empty (the cases must reach
    them)."""
    rows = read(path)  # a table without rows (no pair at any distance) has no cell to check
    for column in rows[0] if rows else []:
        if not check(column in rules, '%s: column %s has no NA rule in %s'
                     % (name, column, os.path.basename(__file__))):
            continue
        rule = rules[column]
        for i, r in enumerate(rows):
            cell = r[column]
            where = '%s row %d, %s = %r' % (name, i + 2, column, cell)
            if rule == VALUE:
                continue  # not a statistic (an empty cell: not applicable)
            has = rule(r, ctx)
            if has == 'empty':
                check(cell == '', where + ': expected empty (not applicable)')
            elif has == 'defined':
                check(cell not in ('', 'NA'), where + ': expected a value (its set is not empty)')
            elif has is True:
                check(number(cell), where + ': expected a number (its set is not empty)')
            elif has is False:
                empties[(name, column)] = empties.get((name, column), 0) + 1
                check(cell == 'NA', where + ': expected NA (a statistic over an empty set)')
            else:
                check(cell == 'NA' or number(cell), where + ': expected NA or a number')


def sweep_context(base):
    """Lookups across a diameter-sweep run's tables."""
    queries = read(base + '-queries.csv') if os.path.exists(base + '-queries.csv') else []
    series = read(base + '-series.csv') if os.path.exists(base + '-series.csv') else []
    by_distance = read(base + '-by-distance.csv')
    key = ('filter', 'nodes', 'seed', 'run')

    def same(a, b):
        return all(a[k] == b[k] for k in key)

    def query_sets(r):
        rows = [q for q in queries if same(q, r) and q['strategy'] == r['query_strategy']]
        reach = [q for q in rows if q['absent'] == '0' and q['true_hops'] != 'NA']
        return {'reachable': len(reach),
                'delivered': sum(delivered(q) for q in reach),
                'stretched': sum(delivered(q) and q['true_hops'] != '0' for q in reach),
                'answered': sum(q['success'] == '1' for q in reach),
                'absent': sum(q['absent'] == '1' for q in rows)}

    def series_rows(r, from_only):
        rows = [s for s in series if same(s, r)]
        return [s for s in rows if num(s['time']) >= num(r['sample_from']) - 1e-9] \
            if from_only else rows

    def settle_pairs(r):
        return sum(int(d['pairs']) for d in by_distance
                   if same(d, r) and d['true_hops'] != '0')

    return {'queries': query_sets, 'series': series_rows, 'settle_pairs': settle_pairs}


def run(args, cwd):
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)
    check(p.returncode == 0, '%s: exit %d: %s' % (' '.join(args), p.returncode, p.stderr[-300:]))
    return p.returncode == 0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bin_dir = os.path.abspath(sys.argv[1])
    repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
    empties = {}
    with tempfile.TemporaryDirectory(prefix='check-na-') as d:
        ds = os.path.join(bin_dir, 'diameter-sweep')
        cases = {
            # LBF beyond its horizon: pairs without an estimate (hop_miss 1).
            'horizon': ['--config', os.path.join(repo, 'scenarios', 'quick-line.ini'),
                        '--diameters', '48', '--filter', 'lbf', '--RngRun=2'],
            # No resource: no pair at all; every query for an absent key.
            'nothing': ['--topology', 'line', '--nodes', '6', '--resources', '0',
                        '--queries', '3', '--query-absent', '1', '--sim-time', '40',
                        '--filter', 'all'],
            # Too short for an advertisement (energy per advertisement, the
            # queries' round trips).
            'short': ['--topology', 'line', '--nodes', '5', '--sim-time', '0.001', '--energy',
                      '--filter', 'bf'],
            # Sampling while every resource goes: samples without pairs.
            'removed': ['--topology', 'grid', '--nodes', '9', '--resources', '1',
                        '--events', '5:remove:1', '--mobility', 'random-waypoint', '--speed',
                        '1', '--sample-interval', '2', '--sim-time', '12', '--filter', 'lbf',
                        '--queries', '2', '--query-start', '1', '--query-timeout', '2'],
        }
        # The 802.11 drop counter (when the build has wifi): a run with
        # transmissions, and one too short for any (shares NA).
        count = ['--device', 'wifi', '--topology', 'line', '--nodes', '5', '--filter', 'bf',
                 '--ns3::WifiDeviceBuilder::CountDrops=true']
        probe = subprocess.run([ds, '--dry-run'] + count, cwd=d, capture_output=True, text=True,
                               timeout=600)
        wifi = probe.returncode == 0
        # Only a build without ns-3's wifi module may leave these cases out;
        # any other refusal is a failure, not a skip.
        check(wifi or "wifi module" in probe.stderr,
              'wifi drop-counter dry run: exit %d: %s' % (probe.returncode, probe.stderr[-300:]))
        if wifi:
            cases['wifi'] = count + ['--sim-time', '5']
            cases['wifi-short'] = count + ['--sim-time', '0.001']
        for name, args in cases.items():
            base = os.path.join(d, name)
            if not run([ds, '--quiet', '--out', base + '.csv'] + args, d):
                continue
            ctx = sweep_context(base)
            check_table(name + '.csv', base + '.csv', RUNS, ctx, empties)
            check_table(name + '-by-distance.csv', base + '-by-distance.csv', BY_DISTANCE, ctx,
                        empties)
            for suffix, rules in (('-queries.csv', QUERIES), ('-series.csv', SERIES)):
                if os.path.exists(base + suffix):
                    check_table(name + suffix, base + suffix, rules, ctx, empties)

        sb = os.path.join(bin_dir, 'sim-benchmark')
        if os.path.exists(sb):
            for forked in (True, False):
                out = os.path.join(d, 'sb-%d.csv' % forked)
                if run([sb, '--sizes', '3', '--sim-time', '5', '--repeat', '1', '--filters', 'bf',
                        '--csv', out] + ([] if forked else ['--no-fork']), d):
                    check_table(os.path.basename(out), out, SIM_BENCHMARK,
                                {'forked': forked, 'paired': True}, empties)
        fs = os.path.join(bin_dir, 'filter-space')
        if os.path.exists(fs):
            out = os.path.join(d, 'fs.csv')
            if run([fs, '--elements', '1', '--fill', '1,100', '--targets', '5',
                    '--queries', '10', '--out', out], d):
                check_table('fs.csv', out, FILTER_SPACE, {}, empties)
        lc = os.path.join(bin_dir, 'lbf-calibration')
        if os.path.exists(lc):
            out = os.path.join(d, 'cap.csv')
            if run([lc, '--experiment', 'capacity', '--dim', '64', '--bits', '2', '--hashes', '2',
                    '--repetitions', '2', '--targets', '30,100', '--max-elements', '3',
                    '--out', out], d):
                check_table('cap.csv', out, CAPACITY, {}, empties)
            out = os.path.join(d, 'cal.csv')
            if run([lc, '--dim', '64', '--bits', '2', '--hashes', '2', '--elements', '1,40',
                    '--iterations', '1', '--out', out], d):
                check_table('cal.csv', out, CALIBRATION, {}, empties)
    # The cases reach an empty set for every rule that has one.
    needed = [('horizon-by-distance.csv', 'hop_mae'), ('horizon-by-distance.csv', 'hop_bias'),
              ('nothing.csv', 'hop_exact'), ('nothing.csv', 'query_success'),
              ('nothing.csv', 'convergence_time'), ('short.csv', 'energy_per_adv_j'),
              ('removed-series.csv', 'exact'), ('removed.csv', 'final_exact'),
              ('fs.csv', 'insert_ns'), ('sb-0.csv', 'peak_rss_mb'),
              ('cap.csv', 'min_elements'), ('cal.csv', 'se_mean_c')]
    if wifi:
        needed += [('wifi-short.csv', 'wifi_collision_share'), ('wifi-short.csv', 'wifi_drop_share')]
    for table, column in needed:
        if table.startswith(('fs', 'sb', 'cap', 'cal')) and not os.path.exists(
                os.path.join(bin_dir, {'fs': 'filter-space', 'sb': 'sim-benchmark', 'cap':
                                       'lbf-calibration', 'cal': 'lbf-calibration'}[
                                           table.split('.')[0].split('-')[0]])):
            continue
        check(empties.get((table, column), 0) > 0,
              '%s: the cases reach no empty set for %s' % (table, column))
    for f in failures[:60]:
        print('FAIL ' + f)
    if len(failures) > 60:
        print('... %d more' % (len(failures) - 60))
    print('check-na-columns: %s' % ('%d problems' % len(failures) if failures else 'OK'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
