#!/usr/bin/env bash
# Options that do not apply to the run (issue 31), ScenarioOptionScopes: the
# motion, sampling and duty-cycle options, given on the command line or in a
# --config file where they do not apply, are ignored with exactly one warning
# line naming the option and the condition under which it applies (the other
# conditional options are refused: tests/cli/diameter-sweep.cases); every
# conditional option where it applies (a family of a --filter all sweep, the
# mobility it needs) gives no warning.  Dry runs: nothing is simulated or
# written.
#
#   tests/cli/check-ignored-options.sh BIN_DIR
#
# Exit 1 listing what failed.
set -uo pipefail
bin="$(cd "$1" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/in" "$work/run" && cd "$work/in" || exit 1
# shellcheck disable=SC2016 # ns-2 syntax, not shell
printf '$node_(0) set X_ 0.0\n$node_(0) set Y_ 0.0\n' > trace.tcl
cd "$work/run" || exit 1
failed=0
cases=0
fail() {
    echo "FAIL: $*"
    failed=1
}
# ignored OPTION CONDITION -- ARGS...: exit 0, one warning naming OPTION.
ignored() {
    local option="$1" condition="$2"
    shift 3
    cases=$((cases + 1))
    local err rc
    err="$("$bin/diameter-sweep" --dry-run --quiet --nodes 5 --sim-time 20 --out "$work/run/run.csv" \
        "$@" 2>&1 >/dev/null)"
    rc=$?
    local want="diameter-sweep: warning: $option: applies only with $condition; ignored"
    [ $rc -eq 0 ] || fail "$*: exit $rc: $err"
    [ "$(grep -cF -- "$want" <<< "$err")" -eq 1 ] || fail "$*: no line '$want' in: $err"
    [ "$(grep -c "warning: " <<< "$err")" -eq 1 ] || fail "$*: other warnings: $err"
    [ -z "$(ls -A "$work/run")" ] || fail "$*: wrote $(ls -A "$work/run")"
}
# applies ARGS...: exit 0 and no warning at all.
applies() {
    cases=$((cases + 1))
    local err rc
    err="$("$bin/diameter-sweep" --dry-run --quiet --nodes 5 --sim-time 20 --out "$work/run/run.csv" \
        "$@" 2>&1 >/dev/null)"
    rc=$?
    [ $rc -eq 0 ] || fail "$*: exit $rc: $err"
    [ -z "$err" ] || fail "$*: expected no warning: $err"
}

mob="--mobility random-waypoint or gauss-markov"
sampling="--mobility or --sample-interval above 0"
ignored --speed "$mob" -- --speed 2
ignored --speed "$mob" -- --mobility ns2 --ns2-trace "$work/in/trace.tcl" --speed 2
ignored --pause "--mobility random-waypoint" -- --pause 1
ignored --pause "--mobility random-waypoint" -- --mobility gauss-markov --topology grid --pause 1
ignored --mobile-share "--mobility" -- --mobile-share 0.5
ignored --sample-from "$sampling" -- --sample-from 3
ignored --out-series "$sampling" -- --out-series "$work/run/series.csv"
ignored --duty-period "--duty-cycle below 1" -- --duty-period 2
ignored --duty-period "--duty-cycle below 1" -- --duty-cycle 1 --duty-period 2
# From a --config file: the same rule (mobility-sweep.sh's speed-0 point).
printf 'sample-interval = 1\npause = 2\n' > "$work/in/cfg1.ini"
ignored --pause "--mobility random-waypoint" -- --config "$work/in/cfg1.ini" --mobility none
printf 'duty-period = 2\n' > "$work/in/cfg2.ini"
ignored --duty-period "--duty-cycle below 1" -- --config "$work/in/cfg2.ini"
# The warm-up's start and strategies without warm-up queries (bcun.ini's
# runs of the other mechanisms: --query-warmup 0).
ignored --query-warmup-start "--query-warmup above 0" -- --filter lbf --queries 5 --query-warmup-start 1
ignored --query-warmup-strategy "--query-warmup above 0" -- --filter lbf --queries 5 --query-warmup-strategy abc
printf 'filter = lbf\nqueries = 5\nquery-warmup = 2\nquery-warmup-start = 1\n' > "$work/in/cfg3.ini"
ignored --query-warmup-start "--query-warmup above 0" -- --config "$work/in/cfg3.ini" --query-warmup 0
# Where they apply: no warning.
applies --filter all --decay-probability 0.2 --min-count 2 --estimator ratio --b 6 --depth 4
applies --filter sdbf --decay-probability 0.2
applies --mobility random-waypoint --topology grid --speed 2 --pause 1 --mobile-share 0.5 \
    --sample-from 3 --out-series "$work/run/series.csv"
applies --sample-interval 1 --sample-from 3
applies --duty-cycle 0.5 --duty-period 0.5
applies --radio log-distance --exponent 2.5 --reference-loss 40 --shadowing 2
applies --topology disk --degree 3 --radio log-distance --range 20
applies --timer trickle --trickle-imax 8
applies --queries 1 --query-ttl 4 --query-timeout 5
applies --filter lbf --queries 5 --query-warmup 2 --query-warmup-start 1 --query-warmup-strategy abc
applies --config "$work/in/cfg2.ini" --duty-cycle 0.5
# Refused invocations print their one error line only (check-cli.py checks
# the line count): the warnings come once the sweep is accepted.
cases=$((cases + 1))
err="$("$bin/diameter-sweep" --dry-run --quiet --speed 2 --m 0 2>&1 >/dev/null)"
if [ "$(wc -l <<< "$err")" -ne 1 ] || ! grep -q "^diameter-sweep: --m:" <<< "$err"; then
    fail "a refused invocation printed: $err"
fi

echo "check-ignored-options: $cases cases"
exit $failed
