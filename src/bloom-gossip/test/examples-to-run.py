#! /usr/bin/env python3

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information.  The standalone build runs the same
# list as CTest entries (tests/CMakeLists.txt, tests/list-examples.py).
cpp_examples = [
    ("bloom-filters-example", "True", "True"),
    ("gossip-line-example", "True", "True"),
    ("gossip-line-example --filter=abf --nodes=8", "True", "True"),
    ("gossip-line-example --filter=bf --nodes=6 --time=10", "True", "True"),
    ("gossip-line-example --filter=sdbf --nodes=6 --time=10", "True", "True"),
    ("gossip-line-example --filter=dv --nodes=6 --time=10", "True", "True"),
    ("gossip-line-example --codec=entropy", "True", "True"),
    ("gossip-line-example --filter=abf --nodes=8 --codec=entropy", "True", "True"),
    ("query-walk-example", "True", "True"),
    ("query-walk-example --topology=line --size=8", "True", "True"),
    ("sdbf-estimator-example --seeds=2 --nodes=6", "True", "True"),
]

# A list of Python examples to run in order to ensure that they remain
# runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run).
#
# See test.py for more information.
python_examples = []
