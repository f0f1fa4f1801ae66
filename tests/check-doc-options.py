#!/usr/bin/env python3
"""Check (or rewrite) the generated option tables of the scenario chapter.

Usage: check-doc-options.py DIAMETER_SWEEP RST [--write]

The text between the lines ".. begin generated: diameter-sweep
--print-options=rst" and ".. end generated" of RST must be what
`DIAMETER_SWEEP --print-options=rst` prints (the tables derived from the
parameter registry, helper/scenario-parameters.cc).  Exits 1 with a diff when
it is not; --write replaces the text instead.
"""

import difflib
import subprocess
import sys

BEGIN = '.. begin generated: diameter-sweep --print-options=rst\n'
END = '.. end generated\n'


def main():
    args = [a for a in sys.argv[1:] if a != '--write']
    write = len(args) != len(sys.argv) - 1
    if len(args) != 2:
        sys.exit(__doc__)
    program, rst = args
    generated = subprocess.run([program, '--print-options=rst'], check=True,
                               stdout=subprocess.PIPE, universal_newlines=True).stdout
    with open(rst, encoding='utf-8') as f:
        text = f.read()
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        sys.exit('%s: expected one "%s" and one "%s" line' % (rst, BEGIN.strip(), END.strip()))
    head, rest = text.split(BEGIN)
    body, tail = rest.split(END)
    want = '\n' + generated
    if body == want:
        return 0
    if write:
        with open(rst, 'w', encoding='utf-8') as f:
            f.write(head + BEGIN + want + END + tail)
        print('%s: generated tables rewritten' % rst)
        return 0
    sys.stdout.writelines(difflib.unified_diff(body.splitlines(True), want.splitlines(True),
                                               rst + ' (generated part)', program + ' --print-options=rst'))
    print('%s: the option tables differ from the parameter registry; run '
          'tests/check-doc-options.py %s %s --write' % (rst, program, rst))
    return 1


if __name__ == '__main__':
    sys.exit(main())
