#!/usr/bin/env python3
"""End-to-end checks of diameter-sweep's outputs.

Usage: check-sweep-outputs.py DIAMETER_SWEEP

  * a good invocation exits 0 and writes both CSVs (header and one row per
    network and filter), nothing else;
  * the per-run CSV ends with the frame and settle-time columns (after the
    energy columns under a duty cycle): a share in [0, 1], a median (p90)
    exactly when at least half (90 %) of the non-holder pairs settled, frames
    on the air + dropped <= handed down; per distance, h = 0 (the holders) NA;
  * two runs with the same --RngRun give byte-identical CSVs, another
    --RngRun on a random-disk topology gives different ones;
  * --dry-run exits 0 and writes nothing;
  * --help prints each section heading once;
  * every column of every table is NA exactly where its statistic's set is
    empty (tests/cli/check-na-columns.py, over the programs beside it);
  * a run killed while it simulates leaves no CSV (outputs are written at the
    end, through a temporary file renamed into place);
  * a --netanim run stopped by SIGTERM, SIGINT or SIGHUP while it simulates
    leaves nothing either: not its outputs, nor a temporary file in TMPDIR
    (when the build has the netanim module; on Linux the trace is recorded
    in a memory file).
Exits 1 listing what failed.
"""

import csv
import filecmp
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

failures = []


def check(ok, what):
    print('%s %s' % ('ok  ' if ok else 'FAIL', what))
    if not ok:
        failures.append(what)


def run(program, folder, out, *args):
    return subprocess.run([program, '--out', os.path.join(folder, out), '--quiet'] + list(args),
                          cwd=folder, capture_output=True, text=True, timeout=300)


def rows(path):
    with open(path) as f:
        return f.read().splitlines()


TAIL = ['gossip_frames_on_air', 'gossip_frames_dropped', 'settled_share', 'settle_time_median',
        'settle_time_p90', 'fpr_ideal', 'exact_ideal']


def table(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def check_tail(path, energy=False):
    """The frame and settle-time columns: last, and consistent with each other."""
    header = rows(path)[0].split(',')
    check(header[-len(TAIL):] == TAIL, '%s: the frame and settle columns come last'
          % os.path.basename(path))
    check(('energy_w_mean' in header) == energy and
          (not energy or TAIL[0] not in header or
           header.index('energy_w_mean') < header.index(TAIL[0])),
          '%s: energy columns %s' % (os.path.basename(path), 'before them' if energy else 'absent'))
    if header[-len(TAIL):] != TAIL:
        return
    for r in table(path):
        what = '%s %s n=%s' % (os.path.basename(path), r['filter'], r['nodes'])
        share = float(r['settled_share'])
        check(0 <= share <= 1, what + ': 0 <= settled_share <= 1')
        check((r['settle_time_median'] == 'NA') == (share < 0.5) or share == 0.5,
              what + ': median given iff at least half the pairs settled (%s, %s)'
              % (share, r['settle_time_median']))
        check((r['settle_time_p90'] == 'NA') == (share < 0.9) or share == 0.9,
              what + ': p90 given iff at least 90 %% settled (%s, %s)'
              % (share, r['settle_time_p90']))
        if r['settle_time_p90'] != 'NA':
            check(0 < float(r['settle_time_median']) <= float(r['settle_time_p90']),
                  what + ': 0 < median <= p90')
        # The ideal model: BF and LBF have one (the BF no exact count), the others NA.
        model = r['filter'] in ('bf', 'lbf')
        check((r['fpr_ideal'] != 'NA') == (model and r['fpr'] != 'NA'),
              what + ': fpr_ideal given iff the family has a model (%s)' % r['fpr_ideal'])
        check((r['exact_ideal'] != 'NA') == (r['filter'] == 'lbf'),
              what + ': exact_ideal given for the LBF alone (%s)' % r['exact_ideal'])
        for col in ('fpr_ideal', 'exact_ideal'):
            if r[col] != 'NA':
                check(0 <= float(r[col]) <= 1, what + ': 0 <= %s <= 1' % col)
        on_air, dropped = int(r['gossip_frames_on_air']), int(r['gossip_frames_dropped'])
        check(0 < on_air and on_air + dropped <= int(r['gossip_frames']),
              what + ': frames on the air + dropped <= handed down (%d + %d, %s)'
              % (on_air, dropped, r['gossip_frames']))


def check_by_distance(path):
    """Holders' own pairs (true_hops 0) have no settle time; the others a share."""
    for r in table(path):
        if 'settled_share' not in r:
            check(False, 'by-distance: settle columns present')
            return
        what = 'by-distance %s n=%s h=%s' % (r['filter'], r['nodes'], r['true_hops'])
        if r['true_hops'] == '0':
            check([r['settled_share'], r['settle_time_median'], r['settle_time_p90']] ==
                  ['NA'] * 3, what + ': holders excluded (NA)')
        else:
            check(0 <= float(r['settled_share']) <= 1, what + ': 0 <= settled_share <= 1')


def main():
    program = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix='check-sweep-') as d:
        # A good invocation.
        p = run(program, d, 'line.csv', '--topology', 'line', '--nodes', '6,8', '--sim-time', '10')
        check(p.returncode == 0, 'good invocation exits 0 (stderr: %r)' % p.stderr)
        check(p.stderr == '', '--quiet run prints nothing on stderr')
        check(sorted(os.listdir(d)) == ['line-by-distance.csv', 'line.csv'],
              'writes exactly line.csv and line-by-distance.csv (found %s)' % os.listdir(d))
        if os.path.exists(os.path.join(d, 'line.csv')):
            lines = rows(os.path.join(d, 'line.csv'))
            check(lines[0].startswith('filter,topology,nodes,diameter'), 'per-run CSV header')
            families = len(json.load(open(os.path.join(
                os.path.dirname(os.path.abspath(__file__)), '..', '..', 'analysis',
                'families.json'))))
            check(len(lines) == 1 + 2 * families,
                  'one row per network and filter (2 x %d), got %d' % (families, len(lines) - 1))
            check(all(len(r.split(',')) == len(lines[0].split(',')) for r in lines),
                  'every per-run row has as many fields as the header')
            check_tail(os.path.join(d, 'line.csv'))
        if os.path.exists(os.path.join(d, 'line-by-distance.csv')):
            lines = rows(os.path.join(d, 'line-by-distance.csv'))
            check(lines[0].startswith('filter,topology,nodes,diameter') and len(lines) > 1,
                  'per-distance CSV has a header and rows')
            check_by_distance(os.path.join(d, 'line-by-distance.csv'))

        # With energy (and a duty cycle) the same columns come last, after the energy ones.
        sub = os.path.join(d, 'energy')
        os.mkdir(sub)
        p = run(program, sub, 'e.csv', '--topology', 'line', '--nodes', '6', '--sim-time', '10',
                '--duty-cycle', '0.2')
        check(p.returncode == 0, 'duty-cycle run exits 0 (stderr: %r)' % p.stderr)
        if os.path.exists(os.path.join(sub, 'e.csv')):
            check_tail(os.path.join(sub, 'e.csv'), energy=True)

        # --help: each section heading (a line "Name:" at the margin) once.
        p = subprocess.run([program, '--help'], cwd=d, capture_output=True, text=True)
        headings = [line for line in p.stdout.splitlines()
                    if line.endswith(':') and line[:1].isalpha()]
        check(p.returncode == 0 and len(headings) > 3 and len(set(headings)) == len(headings),
              '--help prints each section heading once (%s)' % ', '.join(headings))

        # --dry-run: checks and set-up only, no file.
        sub = os.path.join(d, 'dry')
        os.mkdir(sub)
        p = run(program, sub, 'dry.csv', '--topology', 'grid', '--diameters', '4,8', '--dry-run')
        check(p.returncode == 0 and p.stderr == '' and os.listdir(sub) == [],
              '--dry-run exits 0 and writes nothing (rc %d, stderr %r, files %s)'
              % (p.returncode, p.stderr, os.listdir(sub)))

        # Reproducibility on a random topology.
        disk = ['--topology', 'disk', '--nodes', '15', '--sim-time', '10']
        outputs = {}
        for name, rng in (('a', '4'), ('b', '4'), ('c', '5')):
            p = run(program, d, name + '.csv', '--RngRun=' + rng, *disk)
            check(p.returncode == 0, 'disk run %s (RngRun %s) exits 0 (stderr: %r)'
                  % (name, rng, p.stderr))
            outputs[name] = [os.path.join(d, name + s) for s in ('.csv', '-by-distance.csv')]
        for i in range(2):
            check(filecmp.cmp(outputs['a'][i], outputs['b'][i], shallow=False),
                  'same --RngRun, byte-identical %s' % os.path.basename(outputs['b'][i]))
        check(not filecmp.cmp(outputs['a'][0], outputs['c'][0], shallow=False),
              'another --RngRun on a disk topology gives another per-run CSV')

        # Interrupted while simulating: no CSV at all.
        sub = os.path.join(d, 'killed')
        os.mkdir(sub)
        proc = subprocess.Popen([program, '--out', os.path.join(sub, 'k.csv'), '--quiet',
                                 '--topology', 'grid', '--nodes', '400', '--sim-time', '3000'],
                                cwd=sub, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(2)
        still = proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        check(still, 'the long run was still simulating when killed')
        check(os.listdir(sub) == [], 'a killed run leaves no file (found %s)' % os.listdir(sub))

        # Stopped by a signal while recording a NetAnim trace.
        probe = subprocess.run([program, '--netanim', os.path.join(d, 'probe.xml'),
                                '--filter', 'lbf', '--topology', 'grid', '--nodes', '400',
                                '--mobility', 'random-waypoint', '--dry-run'],
                               cwd=d, capture_output=True, text=True)
        if probe.returncode != 0:
            print('skipped the --netanim signal checks: %s' % probe.stderr.strip())
        for signo in ([signal.SIGTERM, signal.SIGINT, signal.SIGHUP]
                      if probe.returncode == 0 else []):
            sub = os.path.join(d, 'anim-%d' % signo)
            tmp = os.path.join(sub, 'tmp')
            os.makedirs(tmp)
            proc = subprocess.Popen([program, '--out', os.path.join(sub, 'k.csv'), '--quiet',
                                     '--netanim', os.path.join(sub, 'k.xml'),
                                     '--filter', 'lbf', '--mobility', 'random-waypoint',
                                     '--topology', 'grid',
                                     '--nodes', '400', '--sim-time', '3000'],
                                    cwd=sub, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, env=dict(os.environ, TMPDIR=tmp))
            # The trace's file (a memory file on Linux, else a temporary file
            # in TMPDIR) is opened when the simulation starts (after the
            # network is built: seconds under the sanitizers).
            def recording():
                try:
                    fds = os.listdir('/proc/%d/fd' % proc.pid)
                except OSError:
                    return os.listdir(tmp)
                links = []
                for fd in fds:
                    try:
                        links.append(os.readlink('/proc/%d/fd/%s' % (proc.pid, fd)))
                    except OSError:
                        pass
                return [link for link in links if 'bloom-gossip-netanim' in link]
            deadline = time.monotonic() + 120
            while not recording() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
            still = proc.poll() is None
            found = recording()
            proc.send_signal(signo)
            code = proc.wait()
            name = signal.Signals(signo).name
            check(still and len(found) > 0,
                  '%s: the run was recording its trace (found %s)' % (name, found))
            check(code == -signo, '%s: the run ends by the signal (exit %s)' % (name, code))
            left = os.listdir(tmp) + [f for f in os.listdir(sub) if f != 'tmp']
            check(left == [], '%s: a stopped run leaves no file (found %s)' % (name, left))

    # The NA rule over every column of every table (issue 38): the programs
    # beside diameter-sweep, on cases that leave sets empty.
    na = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                      'check-na-columns.py'),
                         os.path.dirname(program)], capture_output=True, text=True, timeout=900)
    print(na.stdout.rstrip())
    check(na.returncode == 0, 'NA exactly where a statistic has an empty set (check-na-columns.py)')

    print('%d checks failed' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
