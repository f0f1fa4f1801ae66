#!/usr/bin/env python3
"""End-to-end check of codec-entropy and analysis/plot-codec.py.

Usage: check-codec-entropy.py CODEC_ENTROPY PLOT_SCRIPT WORKDIR

Runs codec-entropy on a small case (2 trials, fills 1, 10 and 50 %, every
family) and checks:
  * the CSV's shape: the header, one row per (shape, target_fill, trial);
  * every advertisement is at most its raw payload plus one codec byte per
    segment, and its coded form takes no more frames than the worst case
    (every segment raw);
  * the NML code lengths (nml_bytes, nml_alphabet_bytes) at least the
    entropy they are measured against;
  * true_entropy_bytes (the LBF content's -log2 P under the generator) is
    finite and positive in every LBF row, NA in the others;
  * issue 41's target for the BF: coded bytes within 5 % or 2 bytes (the
    larger) of the entropy counted per segment as sent, in every row;
  * zlib and zstd give the payload back (the program checks; it would fail);
  * --no-timing with the same seed gives a byte-identical file, another seed
    another file; the timing columns are there without it;
  * bad options are refused with one line naming the option, exit code 2
    and no file;
  * the plot script writes a PNG, and refuses a bad CSV with one line and
    exit code 2.
Prints OK or the problems (exit 1).
"""
import csv
import math
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_common import check, problems, python_with_plotting, run  # noqa: E402

COLUMNS = ["family", "shape", "m", "b", "d", "k", "target_fill", "trial", "fill_pct", "raw_bytes",
           "plain_frames", "coded_frames", "coded_bytes", "codec_bytes", "raw_segments",
           "entropy_bytes", "entropy_level_bytes", "entropy_whole_bytes", "true_entropy_bytes",
           "nml_bytes",
           "nml_alphabet_bytes", "histogram_bytes",
           "zlib_bytes", "zstd_bytes", "zlib_segment_bytes", "zstd_segment_bytes"]
TIMING = ["encode_us", "decode_us", "plain_encode_us", "plain_decode_us", "zlib_encode_us",
          "zlib_decode_us", "zstd_encode_us", "zstd_decode_us"]
SHAPES = {"bf": 3, "lbf": 3, "abf": 2, "dv": 5}
FRAME = 114


def main():
    program, plot, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    a = os.path.join(work, "a.csv")
    small = ["--trials", "2", "--fills", "1,10,50"]
    p = run([program] + small + ["--no-timing", "--out", a])
    check(p.stdout.startswith("| family | shape |"), "the table on standard output")
    with open(a) as f:
        rows = list(csv.DictReader(f))
    with open(a) as f:
        header = f.readline().strip().split(",")
    check(header == COLUMNS, "CSV columns: %s" % header)
    if problems:  # the rows' checks need the columns
        print("\n".join(problems))
        return 1
    expected = sum(n * (1 if fam == "dv" else 3) * 2 for fam, n in SHAPES.items())
    check(len(rows) == expected, "%d rows, expected %d" % (len(rows), expected))
    for r in rows:
        name = "%s %s target %s trial %s" % (r["family"], r["shape"], r["target_fill"], r["trial"])
        raw, coded = int(r["raw_bytes"]), int(r["coded_bytes"])
        frames, codec = int(r["coded_frames"]), int(r["codec_bytes"])
        check(codec == frames, name + ": one codec byte per segment")
        check(coded + codec <= raw + frames,
              name + ": %d + %d coded bytes above the raw %d + %d" % (coded, codec, raw, frames))
        # At most ceil(d m b / 8 (frame - 23)) frames were every segment raw.
        bits = int(r["m"]) * int(r["b"]) * int(r["d"])
        per = (FRAME - 23) * 8 // int(r["b"])
        worst = max(1, -(-(bits // int(r["b"])) // per))
        check(frames <= worst, name + ": %d frames, more than %d" % (frames, worst))
        # An NML code length is the entropy plus a regret of at least 0 (ABF:
        # per level piece, as its nml columns).
        entropy = float(r["entropy_level_bytes" if r["family"] == "abf" else "entropy_bytes"])
        for column in ("nml_bytes", "nml_alphabet_bytes"):
            check(float(r[column]) >= entropy - 1e-9,
                  name + ": %s %s below the entropy %.3f" % (column, r[column], entropy))
        true = r["true_entropy_bytes"]
        if r["family"] == "lbf":
            value = float(true) if true != "NA" else math.nan
            check(math.isfinite(value) and value > 0,
                  name + ": true_entropy_bytes %s, not finite and positive" % true)
        else:
            check(true == "NA", name + ": true_entropy_bytes %s, not NA" % true)
        if r["family"] == "bf":
            entropy = float(r["entropy_bytes"])
            check(coded <= entropy + max(2, 0.05 * entropy) + 1e-9,
                  name + ": %d coded bytes, entropy %.2f (issue 41's target)" % (coded, entropy))
    b = os.path.join(work, "b.csv")
    run([program] + small + ["--no-timing", "--out", b])
    with open(a, "rb") as f1, open(b, "rb") as f2:
        check(f1.read() == f2.read(), "--no-timing: the same seed, another file")
    c = os.path.join(work, "c.csv")
    run([program] + small + ["--no-timing", "--seed", "2", "--out", c])
    with open(a, "rb") as f1, open(c, "rb") as f2:
        check(f1.read() != f2.read(), "--seed 2 gives the seed 1 file")
    t = os.path.join(work, "t.csv")
    run([program, "--trials", "1", "--fills", "5", "--families", "lbf", "--out", t])
    with open(t) as f:
        check(f.readline().strip().split(",") == COLUMNS + TIMING, "timing columns")

    for args, option in [(["--fills", "0"], "--fills"), (["--fills", "61"], "--fills"),
                         (["--families", "bf,xyz"], "--families"),
                         (["--families", "bf,bf"], "--families"), (["--trials", "0"], "--trials"),
                         (["--frame-bytes", "24"], "--frame-bytes"), (["--out", work], "--out"),
                         (["--bogus", "1"], "--bogus")]:
        out = os.path.join(work, "refused.csv")
        p = run([program] + args + (["--out", out] if "--out" not in args else []), expect=2)
        lines = p.stderr.strip().splitlines()
        check(len(lines) == 1 and option in lines[0] if lines else False,
              "%s: stderr %r (one line naming %s)" % (" ".join(args), p.stderr, option))
        check(not os.path.exists(out), "%s: left %s" % (" ".join(args), out))

    python = python_with_plotting()
    if python is None:
        print("check-codec-entropy: no python3 with matplotlib and pandas; plot not checked")
    else:
        png = os.path.join(work, "codec.png")
        p = run([python, plot, a, png])
        check(os.path.getsize(png) > 10000 if os.path.exists(png) else False, "no PNG")
        bad = os.path.join(work, "bad.csv")
        with open(a) as f:
            text = f.read().replace(",bf,", ",xx,", 1).replace("\nbf,", "\nxx,", 1)
        with open(bad, "w") as f:
            f.write(text)
        p = run([python, plot, bad, os.path.join(work, "bad.png")], expect=2)
        check(len(p.stderr.strip().splitlines()) == 1, "plot: one line for a bad CSV")
    if problems:
        print("\n".join(problems))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
