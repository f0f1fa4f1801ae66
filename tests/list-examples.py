#!/usr/bin/env python3
"""List the example runs of every module's test/examples-to-run.py.

Each module under src/ may have test/examples-to-run.py in ns-3's format
(see ns-3's src/lr-wpan/test/examples-to-run.py):

    cpp_examples = [("name args", "True", "True"), ...]
    python_examples = []

ns-3's test.py runs these entries inside an ns-3 tree; this script gives the
same list to the standalone build (tests/CMakeLists.txt makes one CTest
entry per run) and to tests/check-ns3-trees.sh.  The file is read with ast,
never executed.  Only what every supported ns-3 release reads the same way
is accepted: three fields (ns-3.35's test.py unpacks exactly three; the
fourth, fullness, came later), do_run and do_valgrind_run "True" or "False"
(test.py evaluates them as Python; here they must be literals), arguments
without ';' '|' (CMake lists, this script's output), '/' (ns-3.48's
`test.py -e "name args"` compares the text after the last '/'), '#' or ']'
(ns-3.35 reads the list line by line, cutting at '#' and ending at ']'),
quotes or backslashes, and no Python examples.

Output: one line per entry whose do_run is "True":

    MODULE|NAME|ARGS

(ARGS may be empty).  Problems: one line each on stderr, exit 1.

Usage: list-examples.py [REPOSITORY_ROOT]
"""

import ast
import os
import re
import sys

def read_examples_to_run(path):
    """(entries, problems): entries are (name, args, do_run) of cpp_examples."""
    problems, entries = [], []
    try:
        tree = ast.parse(open(path).read(), path)
    except SyntaxError as e:
        return [], ['%s: line %s: Python syntax error: %s' % (path, e.lineno, e.msg)]
    lists = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name):
            try:
                lists[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                problems.append('%s: line %d: %s is not a literal'
                                % (path, node.lineno, node.targets[0].id))
    if 'cpp_examples' not in lists:
        problems.append('%s: no cpp_examples = [...]' % path)
    if lists.get('python_examples', []) != []:
        problems.append('%s: python_examples must be empty (the module has no Python '
                        'examples)' % path)
    cpp = lists.get('cpp_examples', [])
    if not isinstance(cpp, list):
        return [], problems + ['%s: cpp_examples is not a list' % path]
    seen = set()
    for item in cpp:
        if not (isinstance(item, tuple) and len(item) == 3
                and all(isinstance(field, str) for field in item)):
            problems.append('%s: %r is not ("name args", "True", "True")' % (path, item))
            continue
        command, do_run, do_valgrind = item
        for label, value in (('do_run', do_run), ('do_valgrind_run', do_valgrind)):
            if value not in ('True', 'False'):
                problems.append('%s: %s: %s must be "True" or "False", not %r'
                                % (path, command, label, value))
        parts = command.split(None, 1)
        if not parts or not re.fullmatch(r'[A-Za-z0-9_.-]+', parts[0]):
            problems.append('%s: %r: no example name' % (path, command))
            continue
        args = parts[1].strip() if len(parts) > 1 else ''
        if re.search(r'[;|/#\]"\'\\]', args):
            problems.append('%s: %s: arguments may not hold ; | / # ] quotes or backslashes'
                            % (path, command))
            continue
        if command != ' '.join(command.split()):
            problems.append('%s: %r: one space between words (test.py -e matches the text)'
                            % (path, command))
        if command in seen:
            problems.append('%s: %s listed twice' % (path, command))
        seen.add(command)
        entries.append((parts[0], args, do_run == 'True'))
    return entries, problems


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), '..'))
    problems = []
    for module in sorted(os.listdir(os.path.join(root, 'src'))):
        path = os.path.join(root, 'src', module, 'test', 'examples-to-run.py')
        if not os.path.isfile(path):
            continue
        entries, found = read_examples_to_run(path)
        problems += found
        for name, args, do_run in entries:
            if do_run:
                print('%s|%s|%s' % (module, name, args))
    for text in problems:
        print(text, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
