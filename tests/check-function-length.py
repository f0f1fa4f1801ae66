#!/usr/bin/env python3
"""Check that no function of the harness and of the module's model and
helpers is longer than a limit (issue 39: "no function in the harness over
about 100 lines except declarative tables").

Scans the .cc and .h files of src/bloom-gossip-scenario (helper/, examples/)
and src/bloom-gossip/{model,helper} (test suites are not scanned).  A
function is a brace block that opens outside any other function after ")"
(or after a trailing "const", "override", "final", "noexcept" or
"mutable"), or after a constructor's initializer list: free functions,
member functions defined in or out of their class, and lambdas at namespace
scope.  Lambdas inside a function count with it (one in a constructor's
initializer list belongs to no function).  Its length is the number
of lines from the line of its opening brace to that of its closing brace,
both included.  Comments, string and character literals (raw strings too)
and preprocessor lines are skipped, so a brace inside them does not count;
a file whose braces do not balance is a problem, not measured.

A function over the limit is a problem unless it is listed: in TABLES, with
the reason it is a declarative table (any length), or in NOT_YET_SPLIT with
its length when the check came in (it may shrink, not grow; split it and
remove the entry).  An entry that matches no function over the limit is
printed as a note (a function split or renamed on another branch must not
fail the check), not as a problem.  Prints each problem and exits 1, or
prints OK; --list N prints the N longest functions (length, file:line,
name) and exits 0.

Usage: check-function-length.py [--limit LINES] [--list N] [REPOSITORY_ROOT]
"""

import argparse
import os
import re
import sys

FOLDERS = [
    "src/bloom-gossip-scenario/helper",
    "src/bloom-gossip-scenario/examples",
    "src/bloom-gossip/model",
    "src/bloom-gossip/helper",
]

# (file relative to the root, function name as --list prints it) -> why it
# is a declarative table: one entry per item, no control flow to split.
TABLES = {
    ("src/bloom-gossip-scenario/helper/scenario-parameters.cc", "TopologySection"):
        "the parameter table's topology and radio section: one Def per option",
    ("src/bloom-gossip-scenario/helper/scenario-parameters.cc", "QuerySection"):
        "the parameter table's query section: one Def per option",
    ("src/bloom-gossip/model/bloom-gossip-application.cc", "BloomGossipApplication::GetTypeId"):
        "the TypeId: one AddAttribute or AddTraceSource per attribute and trace",
    ("src/bloom-gossip/model/bloom-query-application.cc", "BloomQueryApplication::GetTypeId"):
        "the TypeId: one AddAttribute or AddTraceSource per attribute and trace",
}

# (file, function) -> its length when this check came in (issue 39): the
# module's own functions still to split.  They may shrink, not grow.
NOT_YET_SPLIT = {
    ("src/bloom-gossip/model/grid-spectrum-channel.cc", "GridSpectrumChannel::StartTx"): 192,
    ("src/bloom-gossip/helper/wsn-topology-generators.cc", "WsnTopology::Bcun"): 174,
    ("src/bloom-gossip/helper/wsn-network-helper.cc", "WsnNetworkHelper::Install"): 173,
    ("src/bloom-gossip/helper/gossip-metrics.cc", "GossipMetrics::Finish"): 139,
    ("src/bloom-gossip/helper/time-text.cc", "ParseTimeText"): 133,
    ("src/bloom-gossip/model/grid-spectrum-channel.cc", "GridSpectrumChannel::Rebuild"): 129,
    ("src/bloom-gossip/helper/wsn-topology-csv.cc", "WsnTopology::FromCsv"): 119,
    ("src/bloom-gossip/model/bloom-gossip-application.cc", "BloomGossipApplication::HandleFrame"):
        110,
}

QUALIFIERS = {"const", "override", "final", "noexcept", "mutable"}


def strip_code(text):
    """text with comments, literals and preprocessor lines blanked (line
    breaks kept, so line numbers stay); literals become "" or ''."""
    out = []
    i = 0
    n = len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if line_start and c == "#":
            # A preprocessor line, with its continuations.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append("\n")
                    i += 2
                    continue
                i += 1
            line_start = False
            continue
        line_start = False
        if c == "\n":
            out.append(c)
            line_start = True
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or
                                                                         text[i - 1] == "_")):
            paren = text.find("(", i + 2)
            delimiter = text[i + 2:paren]
            end = text.find(")" + delimiter + '"', paren)
            end = n if end < 0 else end + len(delimiter) + 2
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c in "\"'":
            word = i
            while word > 0 and (text[word - 1].isalnum() or text[word - 1] == "_"):
                word -= 1
            if c == "'" and word < i and text[word].isdigit():
                # A digit separator (1'000'000, 0xFF'FF), not a literal (u8'a').
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|::|->|\S")


def opens_function(head):
    """Whether a "{" after `head` (the code since the statement before it)
    opens a function body: after ")" or a qualifier after ")", or after a
    constructor's initializer list that ends in a braced member
    (") : m_a(x), m_b{y} {")."""
    tokens = TOKEN.findall(head[-400:])
    while tokens and tokens[-1] in QUALIFIERS:
        tokens.pop()
    if not tokens:
        return False
    if tokens[-1] == ")":
        return True
    return tokens[-1] == "}" and re.search(r"\)\s*:(?!:)", head) is not None


OPERATOR = re.compile(r"((?:[A-Za-z_]\w*\s*(?:<[^<>]*>)?\s*::\s*)*)operator\s*(\S+?)\s*$")
IDENTIFIER = re.compile(r"((?:[A-Za-z_]\w*\s*(?:<[^<>]*>)?\s*::\s*)*~?[A-Za-z_]\w*)\s*$")


def first_paren(head, at=0):
    """The index of the first "(" of head from `at` outside template
    arguments ("std::function<void(int)> F(...)": F's), -1 for none."""
    depth = 0
    for j in range(at, len(head)):
        ch = head[j]
        if ch == "<" and not re.search(r"operator\s*<*$", head[:j]):
            depth += 1
        elif ch == ">" and depth > 0 and head[j - 1] != "-":
            depth -= 1
        elif ch == "(" and depth == 0:
            return j
    return -1


def name_of(head):
    """The name of the function whose code before its body is `head` (from
    the end of the statement before it): the words before its first "(",
    or "<lambda>"."""
    cut = first_paren(head)
    if re.search(r"\boperator\s*$", head[:cut]):
        cut = first_paren(head, head.find(")", cut) + 1)  # operator()(...)
    before = head[:cut].rstrip()
    if before.endswith("]"):
        return "<lambda>"
    operator = OPERATOR.search(before)
    if operator is not None:
        return (re.sub(r"\s+", "", operator.group(1)) + "operator" + operator.group(2))
    match = IDENTIFIER.search(before)
    return "?" if match is None else re.sub(r"\s+", "", match.group(1))


def functions(path):
    """(name, first line, length in lines) of every function of the file,
    or raises ValueError when its braces do not balance."""
    with open(path, encoding="utf-8") as f:
        code = strip_code(f.read())
    found = []
    stack = []  # (opens a function, opens a scope (namespace, class), name, line)
    inside = 0  # open function bodies around the current point
    paren = 0  # open "(" outside functions
    start = 0  # where the current statement outside functions began
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
        elif inside:
            if c == "{":
                stack.append((False, False, None, line))
            elif c == "}":
                starts, _, name, first = stack.pop()
                if starts:
                    inside -= 1
                    found.append((name, first, line - first + 1))
                    start = i + 1
        elif c == "(":
            paren += 1
        elif c == ")":
            paren = max(0, paren - 1)
        elif c == ";" and paren == 0:
            start = i + 1
        elif c == "{":
            starts = paren == 0 and opens_function(code[start:i])
            # A braced initializer ("m_b{2}", "= {...}") is no scope of its own.
            scope = not starts and paren == 0 and re.search(r"(\w|=\s*)$", code[start:i]) is None
            stack.append((starts, scope, name_of(code[start:i]) if starts else None, line))
            inside += starts
            if scope:
                start = i + 1
        elif c == "}":
            if not stack:
                raise ValueError("%s:%d: a } without its {" % (path, line))
            if stack.pop()[1]:
                start = i + 1
    if stack:
        raise ValueError("%s:%d: a { without its }" % (path, stack[-1][3]))
    return found


def scan(root):
    """(length, file, line, name) of every function, longest first."""
    result = []
    for folder in FOLDERS:
        for base, dirs, files in os.walk(os.path.join(root, folder)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith((".cc", ".h")):
                    path = os.path.join(base, name)
                    relative = os.path.relpath(path, root)
                    for function, line, length in functions(path):
                        result.append((length, relative, line, function))
    result.sort(key=lambda r: (-r[0], r[1], r[2]))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--list", type=int, metavar="N")
    opts = parser.parse_args()
    try:
        found = scan(opts.root)
    except ValueError as e:
        print("check-function-length: %s" % e)
        return 1
    if not found:
        print("check-function-length: no function found under %s" % ", ".join(FOLDERS))
        return 1
    if opts.list is not None:
        for length, path, line, name in found[:opts.list]:
            print("%5d  %s:%d  %s" % (length, path, line, name))
        return 0
    problems = []
    listed = set()
    for length, path, line, name in found:
        if length <= opts.limit:
            break
        key = (path, name)
        if key in TABLES:
            listed.add(key)
        elif key in NOT_YET_SPLIT and length <= NOT_YET_SPLIT[key]:
            listed.add(key)
        elif key in NOT_YET_SPLIT:
            problems.append("%s:%d: %s is %d lines, longer than the %d it had (NOT_YET_SPLIT): "
                            "split it, do not grow it" %
                            (path, line, name, length, NOT_YET_SPLIT[key]))
        else:
            problems.append("%s:%d: %s is %d lines, over %d (split it into named steps, or, a "
                            "declarative table, list it in TABLES with the reason)" %
                            (path, line, name, length, opts.limit))
    for problem in problems:
        print(problem)
    if problems:
        return 1
    for path, name in sorted((set(TABLES) | set(NOT_YET_SPLIT)) - listed):
        print("note: %s: %s is listed but is not a function over %d lines (remove the entry)" %
              (path, name, opts.limit))
    print("OK: %d functions; over %d lines: %d declarative tables, %d not yet split" %
          (len(found), opts.limit, len(listed & set(TABLES)), len(listed & set(NOT_YET_SPLIT))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
