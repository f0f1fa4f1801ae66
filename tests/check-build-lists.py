#!/usr/bin/env python3
"""Check that the two build descriptions of every module under src/ agree.

Each module (src/bloom-gossip, src/bloom-gossip-scenario) is built by CMake
(ns-3 >= 3.37 and the standalone build: src/<module>/CMakeLists.txt,
examples/CMakeLists.txt) and by waf (ns-3 <= 3.35: src/<module>/wscript,
examples/wscript).  This script compares their module name, dependencies,
optional features (CMake's <module>_features and <module>_feature_<name>
lists, the wscript's OPTIONAL_FEATURES), source, header and test lists and
example programs, and checks them against
the files on disk: every listed file exists, and every .cc/.h under util/, filter/,
model/, helper/ and test/ is listed (headers under test/, test/ns3/ included,
are private to the test sources: they need only be included by a listed one),
generated headers (CMake's <module>_generated_headers, the wscript's
GENERATED_HEADERS: written from NAME.in, listed with the headers) and
internal headers (<module>_internal_headers, INTERNAL_HEADERS: included only
by the module's own sources, never installed, so no installed header may
include one) agree, ns-3's dependency scan of the module's CMakeLists.txt
finds no module but its dependencies, every
examples/*.cc belongs to an example program, the wscript recurses into
examples/, and test/examples-to-run.py (ns-3's format, read by
tests/list-examples.py) lists every example program and no other.  A module's wscript may also
create programs whose names are computed (the repository's scratch programs
in layout A); those are not example programs and are left out.

The wscripts are read with ast, never executed.  Prints one line per problem
and exits 1, or prints OK.

Usage: check-build-lists.py [REPOSITORY_ROOT]
"""

import ast
import importlib.util
import os
import re
import sys

SCANNED_DIRS = ('util', 'filter', 'model', 'helper', 'test')
# CMake link items of external libraries -> the waf uselib names the wscript
# adds to the module's `use`.
EXTERNAL_LIBS = {'fmt::fmt': 'FMT', 'Boost::program_options': 'BOOST_PROGRAM_OPTIONS',
                 'Threads::Threads': 'PTHREAD'}

problems = []

# tests/list-examples.py reads examples-to-run.py files (one reader of the format).
_spec = importlib.util.spec_from_file_location(
    'list_examples', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'list-examples.py'))
LIST_EXAMPLES = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(LIST_EXAMPLES)


def problem(text):
    problems.append(text)


# ---------------------------------------------------------------- CMake side

def strip_cmake_comments(text):
    lines = []
    for line in text.splitlines():
        quoted = False
        for i, ch in enumerate(line):
            if ch == '"' and (i == 0 or line[i - 1] != '\\'):
                quoted = not quoted
            elif ch == '#' and not quoted:
                line = line[:i]
                break
        lines.append(line)
    return '\n'.join(lines)


def cmake_calls(text, command):
    """Argument token lists of every `command(...)` call."""
    return [m.group(1).split() for m in re.finditer(r'\b%s\s*\(([^()]*)\)' % command, text)]


def keyword_args(tokens, keywords, variables):
    """Split `KEY v v KEY v ...` into a dict, expanding ${var} from set()."""
    args, key = {}, None
    for token in tokens:
        if token in keywords:
            key = token
            args.setdefault(key, [])
        elif key is not None:
            m = re.fullmatch(r'\$\{(\w+)\}', token)
            args[key].extend(variables[m.group(1)] if m and m.group(1) in variables else [token])
    return args


def read_cmake_module(path, prefix):
    text = strip_cmake_comments(open(path).read())
    variables = {tokens[0]: tokens[1:] for tokens in cmake_calls(text, 'set') if tokens}
    calls = cmake_calls(text, 'build_lib')
    if len(calls) != 1:
        problem('%s: expected one build_lib() call, found %d' % (path, len(calls)))
        return None
    args = keyword_args(calls[0], ('LIBNAME', 'SOURCE_FILES', 'HEADER_FILES',
                                   'LIBRARIES_TO_LINK', 'TEST_SOURCES'), variables)
    for name in (prefix + '_sources', prefix + '_headers', prefix + '_test_sources'):
        if name not in variables:
            problem('%s: no set(%s ...)' % (path, name))
    generated = variables.get(prefix + '_generated_headers', [])
    return {
        'name': (args.get('LIBNAME') or [None])[0],
        'source': args.get('SOURCE_FILES', []),
        # Generated headers go to build_lib() by their path in the build
        # folder, a variable computed at configure time.
        'headers': [h for h in args.get('HEADER_FILES', []) if not h.startswith('${')] + generated,
        'generated': generated,
        'internal': variables.get(prefix + '_internal_headers', []),
        'test': args.get('TEST_SOURCES', []),
        'deps': args.get('LIBRARIES_TO_LINK', []),
        # Optional features: set(<prefix>_features a b) and
        # set(<prefix>_feature_<name> module...), each linked when enabled.
        'optional': {f: variables.get('%s_feature_%s' % (prefix, f), [])
                     for f in variables.get(prefix + '_features', [])},
    }


def read_cmake_examples(path):
    text = strip_cmake_comments(open(path).read())
    programs = {}
    for tokens in cmake_calls(text, 'build_lib_example'):
        args = keyword_args(tokens, ('NAME', 'SOURCE_FILES', 'LIBRARIES_TO_LINK'), {})
        name = (args.get('NAME') or [None])[0]
        programs[name] = {'source': args.get('SOURCE_FILES', []),
                          'deps': args.get('LIBRARIES_TO_LINK', [])}
    return programs


def split_cmake_deps(items, where):
    """${libcore} -> core; known external targets -> waf uselib names."""
    modules, external = [], []
    for item in items:
        m = re.fullmatch(r'\$\{lib([\w-]+)\}', item)
        if m:
            modules.append(m.group(1))
        elif item in EXTERNAL_LIBS:
            external.append(EXTERNAL_LIBS[item])
        else:
            problem('%s: no waf equivalent known for link item %s '
                    '(add it to EXTERNAL_LIBS in tests/check-build-lists.py)' % (where, item))
    return modules, external


# ------------------------------------------------------------------ waf side

# The set(NAME ...) lists of the module's CMakeLists.txt being checked, which
# a wscript reads with cmake_list(bld, 'NAME') (the one list of the files).
CMAKE_LISTS = {}
# The wscript's module-level lists a build() expression may name.
MODULE_CONSTANTS = {}


def read_cmake_lists(path):
    """{NAME: [items]} of every set(NAME items...) of a CMakeLists.txt."""
    text = strip_cmake_comments(open(path).read())
    return {m.group(1): m.group(2).split()
            for m in re.finditer(r'^set\((\w+)\s([^)]*)\)', text, re.M)}


def literal(node, where):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = literal(node.left, where), literal(node.right, where)
        return None if left is None or right is None else as_list(left) + as_list(right)
    if isinstance(node, ast.Name) and node.id in MODULE_CONSTANTS:
        return MODULE_CONSTANTS[node.id]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id == 'cmake_list' and len(node.args) == 2 and \
            isinstance(node.args[1], ast.Constant):
        name = node.args[1].value
        if name not in CMAKE_LISTS:
            problem('%s: line %d: cmake_list(bld, %r): no set(%s ...) in CMakeLists.txt'
                    % (where, node.lineno, name, name))
            return None
        return CMAKE_LISTS[name]
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        problem('%s: line %d: not a literal, cannot be checked' % (where, node.lineno))
        return None


def as_list(value):
    return [value] if isinstance(value, str) else list(value or [])


def read_wscript(path, root):
    """Task generators created in build(bld), in source order."""
    text, path = open(path).read(), os.path.relpath(path, root)
    try:
        tree = ast.parse(text, path)
    except SyntaxError as e:
        problem('%s: line %s: Python syntax error: %s' % (path, e.lineno, e.msg))
        return []
    build = [f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == 'build']
    if not build:
        problem('%s: no build(bld) function' % path)
        return []
    statements = sorted((n for n in ast.walk(build[0])
                         if isinstance(n, (ast.Assign, ast.AugAssign, ast.Expr))),
                        key=lambda n: (n.lineno, n.col_offset))
    bound, tgens = {}, []
    for st in statements:
        value = st.value
        if isinstance(st, ast.Assign) and isinstance(value, ast.Call):
            func = value.func
            kind = func.attr if isinstance(func, ast.Attribute) else None
            if kind == 'create_ns3_program' and value.args and \
                    not isinstance(value.args[0], ast.Constant):
                continue  # a computed name: the repository's scratch programs
            if kind in ('create_ns3_module', 'create_ns3_module_test_library',
                        'create_ns3_program'):
                args = [literal(a, path) for a in value.args]
                tg = {'kind': kind, 'name': args[0] if args else None,
                      'deps': as_list(args[1]) if len(args) > 1 else [],
                      'source': [], 'use': [], 'module': None}
            elif isinstance(func, ast.Name) and func.id == 'bld' and any(
                    k.arg == 'features' and 'ns3header' in str(literal(k.value, path))
                    for k in value.keywords):
                tg = {'kind': 'ns3header', 'name': None, 'deps': [], 'source': [],
                      'use': [], 'module': None}
            else:
                tg = None
            if tg is not None:
                tgens.append(tg)
                for target in st.targets:
                    if isinstance(target, ast.Name):
                        bound[target.id] = tg
                continue
        # obj.source = [...], obj.module = '...', obj.use += [...], obj.use.append(...)
        target = None
        if isinstance(st, (ast.Assign, ast.AugAssign)):
            target = st.targets[0] if isinstance(st, ast.Assign) else st.target
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            target = value.func.value
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                and target.value.id in bound):
            continue
        tg, attr = bound[target.value.id], target.attr
        if isinstance(st, ast.Assign) and attr in ('source', 'module'):
            tg[attr] = literal(value, path)
            if attr == 'source':
                tg[attr] = as_list(tg[attr])
        elif isinstance(st, ast.AugAssign) and attr == 'use' and isinstance(value, ast.Call) \
                and isinstance(value.func, ast.Name) and value.func.id == 'optional_uses':
            tg['optional_uses'] = True  # the OPTIONAL_FEATURES, compared on their own
        elif isinstance(st, ast.AugAssign) and attr in ('source', 'use'):
            tg[attr].extend(as_list(literal(value, path)))
        elif isinstance(st, ast.Expr) and attr in ('source', 'use') and \
                value.func.attr in ('append', 'extend'):
            items = [literal(a, path) for a in value.args]
            tg[attr].extend(items if value.func.attr == 'append' else as_list(items[0]))
        elif attr in ('source', 'use'):
            problem('%s: line %d: unsupported change of .%s' % (path, st.lineno, attr))
    return tgens


def read_wscript_constant(path, root, name, default):
    """A module-level NAME = literal of a wscript (default when absent)."""
    rel = os.path.relpath(path, root)
    try:
        tree = ast.parse(open(path).read(), rel)
    except SyntaxError:
        return default  # reported by read_wscript
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            value = literal(node.value, rel)
            return value if isinstance(value, type(default)) else default
    return default


def read_optional_features(path, root):
    """The wscript's module-level OPTIONAL_FEATURES dict ({} when absent)."""
    return read_wscript_constant(path, root, 'OPTIONAL_FEATURES', {})


# ------------------------------------------------------------------- compare

def compare_lists(what, cmake_list, waf_list, cmake_path, waf_path):
    for label, items, path in (('CMake', cmake_list, cmake_path), ('waf', waf_list, waf_path)):
        seen = set()
        for item in items:
            if item in seen:
                problem('%s: %s listed twice in the %s' % (path, item, what))
            seen.add(item)
    for item in sorted(set(cmake_list) - set(waf_list)):
        problem('%s: %s is in %s but not in %s' % (what, item, cmake_path, waf_path))
    for item in sorted(set(waf_list) - set(cmake_list)):
        problem('%s: %s is in %s but not in %s' % (what, item, waf_path, cmake_path))


def check_exist(base, items, listed_in, generated=()):
    for item in items:
        if item in generated:
            if not os.path.isfile(os.path.join(base, item + '.in')):
                problem('%s lists the generated header %s, but there is no %s.in'
                        % (listed_in, item, item))
        elif not os.path.isfile(os.path.join(base, item)):
            problem('%s lists %s, which does not exist' % (listed_in, item))


def check_ns3_scan(path, where, modules):
    """ns-3's configure (>= 3.37) picks a module's dependencies out of the raw
    text of its CMakeLists.txt, comments included, with the regular expression
    of filter_libraries() in build-support/custom-modules/ns3-filter-modules.cmake,
    and reports every name it cannot build as a module that "cannot be built"
    (before issue 26: "<name>" from a comment and "raries" from a variable).
    That scan must find exactly the module's ns-3 dependencies."""
    found = [m[len('{lib'):-1] for m in re.findall(r'\{lib[^}]*[^obj]\}', open(path).read())
             if m != '{libraries_to_link}']
    for name in sorted(set(found) - set(modules)):
        problem('%s: ns-3\'s dependency scan reads "{lib%s}" as the ns-3 module "%s", which is '
                'no dependency of the module (reword it)' % (where, name, name))


def check_internal_headers(mod, module_dir, cm, w):
    """Internal headers are not installed and no installed header includes one."""
    names = {os.path.basename(h) for h in cm['internal']}
    for header in cm['headers']:
        if header in cm['internal']:
            problem('%s/%s is internal but listed with the installed headers' % (module_dir, header))
        path = os.path.join(mod, header)
        if header in cm['generated'] or not os.path.isfile(path):
            continue
        for m in re.finditer(r'#\s*include\s+"(?:ns3/)?([^"]+)"', open(path).read()):
            if os.path.basename(m.group(1)) in names:
                problem('%s/%s is installed but includes the internal header %s'
                        % (module_dir, header, m.group(1)))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), '..'))
    modules = sorted(d for d in os.listdir(os.path.join(root, 'src'))
                     if os.path.isdir(os.path.join(root, 'src', d)))
    if not modules:
        problem('no module folder under src/')
    for name in modules:
        check_module(root, os.path.join('src', name))
    return report()


def check_module(root, module_dir):
    mod = os.path.join(root, module_dir)
    rel = lambda p: os.path.relpath(p, root)
    cmake_path, waf_path = os.path.join(mod, 'CMakeLists.txt'), os.path.join(mod, 'wscript')
    before = len(problems)
    for path in (cmake_path, waf_path):
        if not os.path.isfile(path):
            problem('%s is missing' % rel(path))
    if len(problems) > before:
        return

    cm = read_cmake_module(cmake_path, os.path.basename(mod).replace('-', '_'))
    CMAKE_LISTS.clear()
    CMAKE_LISTS.update(read_cmake_lists(cmake_path))
    MODULE_CONSTANTS.clear()
    for name in ('GENERATED_HEADERS', 'INTERNAL_HEADERS'):
        MODULE_CONSTANTS[name] = read_wscript_constant(waf_path, root, name, [])
    tgens = read_wscript(waf_path, root)
    by_kind = {}
    for tg in tgens:
        by_kind.setdefault(tg['kind'], []).append(tg)
    for kind in ('create_ns3_module', 'create_ns3_module_test_library', 'ns3header'):
        if len(by_kind.get(kind, [])) != 1:
            problem('%s: expected one %s, found %d' % (rel(waf_path), kind,
                                                       len(by_kind.get(kind, []))))
    if cm is None or len(problems) > before:
        return
    module = by_kind['create_ns3_module'][0]
    test = by_kind['create_ns3_module_test_library'][0]
    headers = by_kind['ns3header'][0]

    # Names: the folder, LIBNAME, create_ns3_module, the test library, headers.module.
    names = {'module folder': os.path.basename(mod), 'CMake LIBNAME': cm['name'],
             'create_ns3_module': module['name'],
             'create_ns3_module_test_library': test['name'],
             'ns3header module': headers['module']}
    if len(set(names.values())) != 1:
        problem('module names differ: ' + ', '.join('%s %s' % kv for kv in names.items()))

    c, w = rel(cmake_path), rel(waf_path)
    compare_lists('sources', cm['source'], module['source'], c, w)
    compare_lists('headers', cm['headers'], headers['source'], c, w)
    compare_lists('test sources', cm['test'], test['source'], c, w)
    compare_lists('generated headers', cm['generated'],
                  read_wscript_constant(waf_path, root, 'GENERATED_HEADERS', []), c, w)
    compare_lists('internal headers', cm['internal'],
                  read_wscript_constant(waf_path, root, 'INTERNAL_HEADERS', []), c, w)
    check_internal_headers(mod, module_dir, cm, c)
    cm_modules, cm_external = split_cmake_deps(cm['deps'], c)
    compare_lists('module dependencies', cm_modules, module['deps'], c, w)
    check_ns3_scan(cmake_path, c, cm_modules)
    # Optional features: CMake's <prefix>_features and <prefix>_feature_<name>
    # lists, waf's OPTIONAL_FEATURES (linked by module.use += optional_uses(bld)).
    waf_features = read_optional_features(waf_path, root)
    compare_lists('optional features', list(cm['optional']), list(waf_features), c, w)
    for feature in sorted(set(cm['optional']) & set(waf_features)):
        compare_lists('modules of optional feature ' + feature, cm['optional'][feature],
                      as_list(waf_features[feature]), c, w)
    if waf_features and not module.get('optional_uses'):
        problem('%s: OPTIONAL_FEATURES but no module.use += optional_uses(bld)' % w)
    for use in module['use']:
        if use.startswith('ns3-'):
            problem('%s: %s in the module\'s use: a dependency goes in create_ns3_module, '
                    'an optional one in OPTIONAL_FEATURES' % (w, use))
    waf_external = [u for u in module['use'] if u in EXTERNAL_LIBS.values()]
    compare_lists('external libraries', cm_external, waf_external, c, w)
    for items, path in ((cm['source'] + cm['headers'] + cm['test'] + cm['internal'], c),
                        (module['source'] + headers['source'] + test['source'], w)):
        check_exist(mod, items, path, cm['generated'])

    # Files on disk must be listed (test headers: included by a listed test source).
    listed = set(cm['source'] + cm['headers'] + cm['test'] + cm['internal'])
    test_text = ''.join(open(os.path.join(mod, t)).read() for t in cm['test']
                        if os.path.isfile(os.path.join(mod, t)))
    for sub in SCANNED_DIRS:
        for dirpath, _, files in os.walk(os.path.join(mod, sub)):
            for f in sorted(files):
                item = os.path.relpath(os.path.join(dirpath, f), mod).replace(os.sep, '/')
                if not f.endswith(('.cc', '.h')) or item in listed:
                    continue
                if sub == 'test' and f.endswith('.h'):
                    # test/X.h as "X.h", test/ns3/X.h as "ns3/X.h" (found
                    # beside the including suite before the include path).
                    name = os.path.relpath(os.path.join(dirpath, f), os.path.join(mod, sub))
                    if not re.search(r'#\s*include\s+"%s"' % re.escape(name.replace(os.sep, '/')),
                                     test_text):
                        problem('%s/%s is a test header that no listed test source includes'
                                % (module_dir, item))
                    continue
                problem('%s/%s is not listed in %s (nor in %s)' % (module_dir, item, c, w))

    # Examples.
    ex_dir = os.path.join(mod, 'examples')
    ex_cmake, ex_waf = os.path.join(ex_dir, 'CMakeLists.txt'), os.path.join(ex_dir, 'wscript')
    if os.path.isdir(ex_dir):
        if not os.path.isfile(ex_cmake) or not os.path.isfile(ex_waf):
            problem('%s needs both CMakeLists.txt and wscript' % rel(ex_dir))
        else:
            c, w = rel(ex_cmake), rel(ex_waf)
            cm_programs = read_cmake_examples(ex_cmake)
            waf_programs = {tg['name']: tg for tg in read_wscript(ex_waf, root)
                            if tg['kind'] == 'create_ns3_program'}
            compare_lists('example programs', list(cm_programs), list(waf_programs), c, w)
            for name in sorted(set(cm_programs) & set(waf_programs)):
                compare_lists('sources of example %s' % name, cm_programs[name]['source'],
                              waf_programs[name]['source'], c, w)
                deps, external = split_cmake_deps(cm_programs[name]['deps'], c)
                compare_lists('dependencies of example %s' % name, deps,
                              waf_programs[name]['deps'], c, w)
            used = set()
            for path, programs in ((c, cm_programs), (w, waf_programs)):
                for program in programs.values():
                    check_exist(ex_dir, program['source'], path)
                    used.update(program['source'])
            for f in sorted(os.listdir(ex_dir)):
                if f.endswith('.cc') and f not in used:
                    problem('%s/examples/%s belongs to no example program' % (module_dir, f))
            if not wscript_recurses(waf_path, 'examples'):
                problem("%s: build(bld) does not recurse into examples "
                        "(if bld.env['ENABLE_EXAMPLES']: bld.recurse('examples'))" % rel(waf_path))
            check_examples_to_run(root, module_dir, set(cm_programs))


def wscript_recurses(path, folder):
    """Whether a wscript calls bld.recurse(folder) somewhere."""
    try:
        tree = ast.parse(open(path).read(), path)
    except SyntaxError:
        return True  # reported by read_wscript
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
               and n.func.attr == 'recurse' and n.args
               and isinstance(n.args[0], ast.Constant) and n.args[0].value == folder
               for n in ast.walk(tree))


def check_examples_to_run(root, module_dir, programs):
    """test/examples-to-run.py (ns-3's format) runs every example program, and
    only those."""
    path = os.path.join(root, module_dir, 'test', 'examples-to-run.py')
    rel = os.path.relpath(path, root)
    if not os.path.isfile(path):
        problem('%s is missing (ns-3 test.py runs the examples it lists)' % rel)
        return
    entries, found = LIST_EXAMPLES.read_examples_to_run(path)
    for text in found:
        problem(os.path.relpath(text, root) if text.startswith(root) else text)
    listed = {name for name, _, _ in entries}
    for name in sorted(programs - listed):
        problem('%s does not list the example %s' % (rel, name))
    for name in sorted(listed - programs):
        problem('%s lists %s, which is no example program of the module' % (rel, name))


def report():
    for text in problems:
        print(text)
    if problems:
        return 1
    print('OK')
    return 0


if __name__ == '__main__':
    sys.exit(main())
