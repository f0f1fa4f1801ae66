#!/usr/bin/env python3
"""Bytes on air of the advertisements' entropy codec against the content's entropy, zlib and zstd.

    analysis/plot-codec.py CODEC-ENTROPY.csv OUT.png

CODEC-ENTROPY.csv is written by codec-entropy (benchmarks/codec-entropy.cc,
--out).  One column of panels per family (BF, LBF, ABF, DV).  Top row: per
advertisement, mean over the trials, the size of the coded slots (codec
bytes not counted), of zlib (raw deflate, level 9) and of zstd (level 22,
magicless) on the whole payload, each divided by the empirical entropy of the
content counted per segment as sent (ABF: per level piece), against the share
of non-zero slots (DV: against the resources R, ids 1..R of w = bits of R);
one colour per filter shape.  The band of a shape's colour is the target of
issue 41 (within 5 % or 2 bytes of the entropy, whichever is larger); the raw
payload is the dotted grey line of each shape.  Bottom row: the coded size
over the NML (Shtarkov) code length of the same content (nml_bytes: the best
an order-0 universal code guarantees, per segment as sent; ABF per level
piece), means over the trials; below 1 the codec is shorter.  In the LBF's
bottom panel, when the CSV has true_entropy_bytes (the content's -log2 P
under codec-entropy's generator, its information: what no code beats on
average), that (dash-dotted, diamonds) and the order-0 entropy (dotted) over
the NML code too: the order-0 figure below the true entropy is a target no
code reaches on average.

Needs python3-matplotlib and python3-pandas (Debian).  The figure's format
comes from OUT's extension (PNG without one; an unknown one is refused); it
is written to a temporary file next to OUT and renamed into place, and OUT
must be a new name or a regular file.  The CSV must be a regular file of at
most 256 MiB.  Bad input: one line on stderr, exit code 2.  All of this is
analysis/plot_common.py's, as for the other plot scripts.
"""
import argparse

import plot_common as pc
from plot_common import Outputs, check_target, die, read_table

NUMERIC = ["target_fill", "fill_pct", "raw_bytes", "coded_bytes", "entropy_bytes",
           "entropy_level_bytes", "nml_bytes", "zlib_bytes", "zstd_bytes"]
NEEDED = ["family", "shape"] + NUMERIC
FAMILIES = ["bf", "lbf", "abf", "dv"]
OPTIONAL = ["true_entropy_bytes"]
# The LBF's bottom panel over the NML code: the coded size, the true and the order-0 entropy.
OVER_NML = [("coded_bytes", "coded", dict(ls="-", marker="o", ms=4)),
            ("true_entropy_bytes", "true entropy (-log2 P)", dict(ls="-.", marker="d", ms=4)),
            ("entropy", "order-0 entropy", dict(ls=":", marker=".", ms=5))]
PROG = "plot-codec.py"
METHODS = [("coded_bytes", "entropy codec", dict(ls="-", marker="o", ms=4)),
           ("zlib_bytes", "zlib -9 (raw deflate)", dict(ls=":", marker="x", ms=4)),
           ("zstd_bytes", "zstd -22 (magicless)", dict(ls="--", marker="+", ms=5)),
           ("raw_bytes", "raw payload", dict(ls=(0, (1, 3)), color="0.6", lw=1))]
SHADES = ["#1b6ca8", "#d1495b", "#2a9d8f", "#e09f3e", "#6d597a"]


class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(f"usage: {message}")


def read(path):
    df = read_table(path, "CODEC-ENTROPY.csv", needed=NEEDED, optional=OPTIONAL, keys=NEEDED)
    unknown = sorted(set(df["family"].astype(str)) - set(FAMILIES))
    if unknown:
        die(f"CODEC-ENTROPY.csv: {pc.shown(path)}: unknown family {pc.shown(unknown[0])} "
            f"(expected {', '.join(FAMILIES)})")
    return df


def main():
    p = Parser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("csv", help="CSV written by codec-entropy --out")
    p.add_argument("out", help="figure to write (PNG)")
    args = p.parse_args()
    check_target(args.out, "OUT")
    Outputs.check_format(args.out, "OUT")
    df = read(args.csv)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    present = [f for f in FAMILIES if (df["family"] == f).any()]
    lbf_true = df[df["family"] == "lbf"]["true_entropy_bytes"].notna().any()
    fig, axes = plt.subplots(2, len(present), figsize=(4.2 * len(present) + 0.6, 7.6),
                             squeeze=False, gridspec_kw=dict(height_ratios=[1.6, 1]))
    for ax, low, family in zip(axes[0], axes[1], present):
        d = df[df["family"] == family].copy()
        d["entropy"] = d["entropy_level_bytes"] if family == "abf" else d["entropy_bytes"]
        x_column = "target_fill" if family == "dv" else "fill_pct"
        if family == "dv":
            d["shape"] = "w = bits of R, 6-bit hops"  # one series over R
        means = d.groupby(["shape", "target_fill"], sort=False).mean(numeric_only=True).reset_index()
        shapes = list(dict.fromkeys(d["shape"]))
        for i, shape in enumerate(shapes):
            m = means[means["shape"] == shape].sort_values(x_column)
            colour = SHADES[i % len(SHADES)]
            for column, _, style in METHODS:
                s = dict(style)
                s.setdefault("color", colour)
                y = m[column] / m["entropy"].where(m["entropy"] > 0)
                ax.plot(m[x_column], y, **s)
                pc.record(ax, f"{column} / entropy", f"{family} {shape}", list(m[x_column]),
                          list(y), domain=pc.NONNEG)
            # The target: within 5 % or 2 bytes of the entropy, the larger.
            e = m["entropy"].where(m["entropy"] > 0)
            ax.fill_between(m[x_column], 1, 1 + (2 / e).clip(lower=0.05), color=colour,
                            alpha=0.12, linewidth=0)
            # The coded size over the NML code's, below (LBF with the true
            # entropy: and the entropies).
            over = OVER_NML if family == "lbf" and lbf_true else OVER_NML[:1]
            for column, _, style in over:
                y = m[column] / m["nml_bytes"].where(m["nml_bytes"] > 0)
                low.plot(m[x_column], y, color=colour, **style)
                pc.record(low, f"{column} / nml_bytes", f"{family} {shape}", list(m[x_column]),
                          list(y), domain=pc.NONNEG)
        ax.axhline(1, color="0.3", lw=0.8)
        ax.set_yscale("log")
        ax.set_xscale("log")
        ax.set_title(f"{pc.family(family).label}: " + ", ".join(shapes), fontsize=8)
        low.axhline(1, color="0.3", lw=0.8)
        low.set_xscale("log")
        low.set_xlabel("resources R" if family == "dv" else "non-zero slots (%)")
        if family == "lbf" and lbf_true:
            low.set_title(f"{pc.family(family).label}: coded, true and order-0 entropy / NML code",
                          fontsize=8)
            low.legend(handles=[Line2D([], [], color="0.2", label=label, **style)
                                for _, label, style in OVER_NML], fontsize=7, loc="lower right")
        else:
            low.set_title(f"{pc.family(family).label}: coded / NML code", fontsize=8)
        low.grid(True, which="both", alpha=0.3)
        pc.tidy_axes(low)
        ax.grid(True, which="both", alpha=0.3)
        pc.tidy_axes(ax)
        ax.legend(handles=[Line2D([], [], color=SHADES[i % len(SHADES)], label=s)
                           for i, s in enumerate(shapes)], fontsize=7, loc="upper right")
    axes[0][0].set_ylabel("bytes per advertisement / entropy")
    axes[1][0].set_ylabel("coded / NML code length")
    fig.legend(handles=[Line2D([], [], color="0.2", **{k: v for k, v in s.items() if k != "color"},
                               label=label) for _, label, s in METHODS],
               loc="lower center", ncol=len(METHODS), fontsize=8)
    fig.suptitle("Coded advertisements against the content's entropy per segment as sent "
                 "(top; bands: within 5 % or 2 bytes) and against the NML code, the best an "
                 "order-0 universal code guarantees (bottom)", fontsize=10)
    fig.tight_layout(rect=(0, 0.045, 1, 0.96))

    out = Outputs()
    out.add(fig, args.out, f"{PROG}: wrote {args.out}", "OUT", dpi=110)
    out.commit()


if __name__ == "__main__":
    main()
