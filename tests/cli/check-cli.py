#!/usr/bin/env python3
"""Run a scenario program with bad arguments and check that each is refused cleanly.

Usage: check-cli.py PROGRAM CASES_FILE [--min-cases N] [--timeout SECONDS] [--verbose]
       check-cli.py --count CASES_FILE...   (the number of cases of each file)

For every case of CASES_FILE, PROGRAM runs in a fresh empty folder and must
  * exit with code 2,
  * print exactly one line on stderr, "<program name>: ...", containing every
    expected substring of the case (the option's name first, then e.g. the
    allowed range),
  * print nothing on stdout,
  * leave the folder empty: no output file, no temporary file,
  * leave every fixture as it was (an output must never overwrite an input).

CASES_FILE holds one case per line (blank lines and lines starting with # are
skipped), read as shell words (shlex):

    EXPECTED... :: ARGUMENTS...         e.g.   --b 1..16 :: --b 0

Cases accepted rather than refused (issue 26: --PrintHelp, flag values, SEM's
"20.0") are written

    %ok EXPECTED... :: ARGUMENTS...     e.g.   %ok "Program Options:" :: --PrintHelp

and must exit with code 0, print every EXPECTED text on stdout or stderr (an
EXPECTED starting with ! must not appear) and leave the folder empty (use
--dry-run where the program has it).

and directives:

    %args WORDS...      arguments put before every following case's own
                        (%args alone clears them)
    %file NAME TEXT     create fixture file NAME with TEXT (Python escapes:
                        \\n a line break, \\x1b one byte; written as bytes)
    %dir NAME           create fixture folder NAME
    %fifo NAME          create fixture FIFO NAME
    %symlink NAME TARGET  create fixture symbolic link NAME -> TARGET

In arguments, {out} is the case's folder (also its working directory) and
{fixtures} the folder of the fixtures.  Exits 1 listing the failed cases, or
when there are fewer than --min-cases cases.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile


def parse_cases(path):
    cases, files, dirs = [], [], []
    args = []
    with open(path, encoding='utf-8') as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            where = '%s:%d' % (os.path.basename(path), number)
            words = shlex.split(line)
            if words[0] == '%args':
                args = words[1:]
            elif words[0] == '%file':
                if len(words) != 3:
                    sys.exit('%s: expected %%file NAME TEXT' % where)
                files.append((words[1], words[2].encode('latin-1').decode('unicode_escape')
                              .encode('latin-1')))
            elif words[0] == '%dir':
                dirs.extend(words[1:])
            elif words[0] == '%fifo':
                dirs.extend(('fifo', name) for name in words[1:])
            elif words[0] == '%symlink':
                if len(words) != 3:
                    sys.exit('%s: expected %%symlink NAME TARGET' % where)
                dirs.append(('symlink', words[1], words[2]))
            elif '::' in words:
                ok = words[0] == '%ok'
                if ok:
                    words = words[1:]
                cut = words.index('::')
                if cut == 0:
                    sys.exit('%s: no expected text before ::' % where)
                cases.append({'where': where, 'expect': words[:cut], 'ok': ok,
                              'args': args + words[cut + 1:]})
            else:
                sys.exit('%s: expected "EXPECTED... :: ARGUMENTS..." or a %%directive' % where)
    return cases, files, dirs


def run_case(program, case, root, fixtures, timeout):
    """Returns a list of problems (empty: passed) and the stderr text."""
    out = tempfile.mkdtemp(prefix='case-', dir=root)
    args = [a.replace('{out}', out).replace('{fixtures}', fixtures) for a in case['args']]
    try:
        p = subprocess.run([program] + args, cwd=out, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ['no answer within %g s' % timeout], ''
    stderr = p.stderr.decode('utf-8', 'replace')
    problems = []
    if case['ok']:
        if p.returncode != 0:
            problems.append('exit code %d, expected 0' % p.returncode)
        both = p.stdout.decode('utf-8', 'replace') + stderr
        for text in case['expect']:
            if text.startswith('!') and text[1:] in both:
                problems.append('output has %r' % text[1:])
            elif not text.startswith('!') and text not in both:
                problems.append('output lacks %r' % text)
        left = sorted(os.listdir(out))
        if left:
            problems.append('left files behind: %s' % ', '.join(left))
        return problems, stderr
    if p.returncode != 2:
        problems.append('exit code %d, expected 2' % p.returncode)
    lines = stderr.splitlines()
    name = os.path.basename(program)
    if len(lines) != 1 or not stderr.endswith('\n'):
        problems.append('%d lines on stderr, expected 1' % len(lines))
    if not stderr.startswith(name + ': '):
        problems.append('stderr does not start with "%s: "' % name)
    for text in case['expect']:
        if text not in stderr:
            problems.append('stderr lacks %r' % text)
    if p.stdout:
        problems.append('%d bytes on stdout' % len(p.stdout))
    left = sorted(os.listdir(out))
    if left:
        problems.append('left files behind: %s' % ', '.join(left))
    return problems, stderr


def main():
    if sys.argv[1:2] == ['--count']:
        # check-cli.py --count CASES_FILE...: the cases of each file, as a run counts them.
        for path in sys.argv[2:]:
            print('%s: %d cases' % (os.path.basename(path), len(parse_cases(path)[0])))
        return
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('program')
    parser.add_argument('cases')
    parser.add_argument('--min-cases', type=int, default=0)
    parser.add_argument('--timeout', type=float, default=60)
    parser.add_argument('--verbose', action='store_true', help='print every error line')
    opts = parser.parse_args()
    program = os.path.abspath(opts.program)
    cases, files, dirs = parse_cases(opts.cases)
    failed = 0
    with tempfile.TemporaryDirectory(prefix='check-cli-') as root:
        fixtures = os.path.join(root, 'fixtures')
        os.mkdir(fixtures)
        for name, text in files:
            with open(os.path.join(fixtures, name), 'wb') as f:
                f.write(text)
        for entry in dirs:
            if isinstance(entry, tuple) and entry[0] == 'fifo':
                os.mkfifo(os.path.join(fixtures, entry[1]))
            elif isinstance(entry, tuple):
                os.symlink(entry[2], os.path.join(fixtures, entry[1]))
            else:
                os.makedirs(os.path.join(fixtures, entry), exist_ok=True)
        def snapshot():
            state = {}
            for name in sorted(os.listdir(fixtures)):
                path = os.path.join(fixtures, name)
                st = os.lstat(path)
                state[name] = (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)
            return state

        for case in cases:
            before = snapshot()
            problems, stderr = run_case(program, case, root, fixtures, opts.timeout)
            after = snapshot()
            for name in sorted(set(before) | set(after)):
                if before.get(name) != after.get(name):
                    problems.append('changed fixture %s' % name)
            shown = ' '.join(shlex.quote(a) for a in case['args'])
            if problems:
                failed += 1
                print('FAIL %s: %s' % (case['where'], shown))
                for problem in problems:
                    print('     %s' % problem)
                print('     stderr: %s' % stderr.rstrip('\n').replace('\n', '\n             '))
            elif opts.verbose:
                print('ok   %s: %s\n     %s' % (case['where'], shown, stderr.rstrip('\n')))
    print('%s: %d cases, %d failed' % (os.path.basename(opts.cases), len(cases), failed))
    if len(cases) < opts.min_cases:
        print('fewer cases than --min-cases %d' % opts.min_cases)
        return 1
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
