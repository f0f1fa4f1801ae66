#!/usr/bin/env bash
# Outputs and resources under hostile conditions (issue 15), end to end:
#   #6  a disk that fills during the final writes: diameter-sweep's tables are
#       all replaced or none is (the file-size limit stands in for a full disk:
#       writes fail with EFBIG, as with ENOSPC), exit 1, no temporary left;
#   #9  lbf-calibration --experiment capacity --repetitions 10^7 under a 600 MB
#       address-space limit keeps running (it used to allocate 3.77 GB at
#       once and fail with bad_alloc);
#   #14 lbf-calibration stopped by SIGTERM or SIGINT leaves no file;
#   #21 a disconnected positions file: a warning on stderr and components = 2;
#   #24 an output name of 249 characters is written (no probe suffix).
#
#   tests/cli/check-outputs-hostile.sh BIN_DIR
#
# Not for the sanitizer build (address-space limits break ASan).  Exit 1
# listing what failed.
set -uo pipefail
bin="$(cd "$1" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}
ds() { "$bin/diameter-sweep" --quiet --sim-time 20 "$@"; }

# #6: the first run writes three tables; the second (another seed, queries)
# cannot write its tables past 1 KiB: every old table stays, no new file.
cd "$work" && mkdir full && cd full
ds --nodes 6 --queries 2 --out run.csv > /dev/null 2>&1 || fail "#6: first run"
cp run.csv run.bak && cp run-by-distance.csv dist.bak && cp run-queries.csv queries.bak
(
    trap '' XFSZ
    ulimit -f 1
    ds --queries 2 --RngRun=7 --nodes 30 --out run.csv
) > /dev/null 2> err.txt
rc=$?
[ $rc -eq 1 ] || fail "#6: exit $rc on a full disk, expected 1"
grep -q "cannot write" err.txt || fail "#6: no 'cannot write' in: $(cat err.txt)"
cmp -s run.csv run.bak && cmp -s run-by-distance.csv dist.bak && cmp -s run-queries.csv queries.bak ||
    fail "#6: a table changed although another could not be written"
left=$(find . -name '.bloom-gossip.*' | wc -l)
[ "$left" -eq 0 ] || fail "#6: $left temporary files left"
cd "$work"

# #9 and #14: a long capacity run stays small, and a stopped one leaves nothing.
for sig in TERM INT; do
    mkdir "cal-$sig" && cd "cal-$sig"
    (
        ulimit -v 600000
        exec timeout -s "$sig" 4 "$bin/lbf-calibration" --experiment capacity \
            --repetitions 10000000 --bits 4 --hashes 1 --threads 1 --out cal.csv
    ) > /dev/null 2> err.txt
    rc=$?
    [ $rc -eq 124 ] || fail "#9: lbf-calibration ended with $rc before SIG$sig: $(head -c 300 err.txt)"
    rm -f err.txt
    [ -z "$(ls -A .)" ] || fail "#14: SIG$sig left: $(ls -A . | tr '\n' ' ')"
    cd "$work"
done

# #21: two pairs of nodes far apart.
printf '0,0,0\n1,10,0\n2,5000,0\n3,5010,0\n' > apart.csv
"$bin/diameter-sweep" --quiet --sim-time 5 --topology file --positions apart.csv \
    --filter lbf --out apart-run.csv 2> err.txt > /dev/null || fail "#21: run failed"
grep -q "disconnected (2 components" err.txt || fail "#21: no warning: $(cat err.txt)"
col=$(head -1 apart-run.csv | tr ',' '\n' | grep -n '^components$' | cut -d: -f1)
[ -n "$col" ] && [ "$(sed -n 2p apart-run.csv | cut -d, -f"$col")" = 2 ] ||
    fail "#21: components column is not 2"

# #24: 249 characters fit (255 with "-by-distance" would not: name it).
long="$(printf 'a%.0s' $(seq 1 245)).csv"
ds --nodes 6 --out "$long" --out-distance d.csv > /dev/null 2>&1 || fail "#24: a 249-character name refused"
[ -s "$long" ] || fail "#24: no file written"

[ $failed -eq 0 ] && echo "check-outputs-hostile: all checks passed"
exit $failed
