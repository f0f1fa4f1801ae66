"""What the project checks of tests/ written in Python share: a list of
problems, running a program with its expected exit code, and finding a
Python that can plot (Debian's python3-matplotlib and python3-pandas, which
the python3 on PATH may lack)."""
import shutil
import subprocess
import sys

problems = []


def check(ok, text):
    """Records text as a problem unless ok; returns ok."""
    if not ok:
        problems.append(text)
    return ok


def python_with_plotting():
    """The first of this Python, python3 and /usr/bin/python3 that imports
    matplotlib and pandas (None: none does)."""
    for candidate in (sys.executable, "python3", "/usr/bin/python3"):
        path = shutil.which(candidate) or candidate
        try:
            r = subprocess.run([path, "-c", "import matplotlib, pandas"], capture_output=True)
        except OSError:
            continue
        if r.returncode == 0:
            return path
    return None


def run(args, expect=0, timeout=600):
    """Runs args, recording a problem unless it exits with expect."""
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    check(p.returncode == expect,
          "%s: exit %d, expected %d (stderr: %s)" % (" ".join(args), p.returncode, expect,
                                                      p.stderr.strip()[-300:]))
    return p
