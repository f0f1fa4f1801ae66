# shellcheck shell=bash
# Shared by the scripts of scenarios/ (sourced, not run): argument checks
# that refuse bad input with one line "PROGRAM: OPTION: problem" on stderr
# and exit code 2 before anything is written or run, strict number lists,
# output folders that are checked, created and locked the same way
# everywhere, the key that names a sweep's parts after what produced them,
# one end for every script (its runs end with it on INT, TERM and HUP; its
# temporaries and new empty folders go), outputs written through private
# temporaries, and the runs of a script and the joining of their parts.
# The caller sets BG_PROG (its name in messages) before using it.

# One line on stderr, exit 2 (usage).  Control characters never reach the
# terminal raw (bg_show quotes the values a message repeats).
bg_fail() { # bg_fail OPTION PROBLEM
    _bg_fail_line 2 "$1: $2"
}

# The same for what is not a usage error (a missing or stale part, a file
# that cannot be written, a run that failed): exit 1.
bg_die() { # bg_die WHAT PROBLEM
    _bg_fail_line 1 "$1: $2"
}

_bg_fail_line() { # _bg_fail_line STATUS TEXT: "PROG: TEXT" on one line, exit STATUS
    local line="${BG_PROG:-scenarios}: $2"
    line="${line//[$'\n\r']/ }"
    printf '%s\n' "$line" >&2
    exit "$1"
}

# A value as a message shows it: 'text', at most 60 characters, with
# control characters escaped ($'a\tb' style) so the line stays one line.
bg_show() {
    local v="$1" cut=""
    if [ ${#v} -gt 60 ]; then
        v="${v:0:60}"
        cut="..."
    fi
    if [[ "$v" == *[[:cntrl:]]* ]]; then
        printf '%q%s' "$v" "$cut"
    else
        printf "'%s'%s" "$v" "$cut"
    fi
}

# ---------------------------------------------------------------------------
# The end of a script: its children, its temporaries, its new folders.
#
# Sourcing this file installs one handler for EXIT and one for INT, TERM and
# HUP in the script (a script sets no trap of its own: it registers what to
# undo here).  Whenever the script ends - done, failed, or stopped by one of
# those signals - every process it started goes with it: the whole tree of
# its descendants (xargs, GNU parallel and the jobs parallel puts in their
# own process groups, the programs and their forked children) is frozen
# with SIGSTOP, round after round until no new process appears, then sent
# SIGTERM and SIGCONT, waited for (the programs remove their unfinished
# outputs on SIGTERM), and any left after 10 s get SIGKILL.  Then the
# temporaries not yet renamed into place are removed (bg_temp_file,
# bg_temp_dir), the functions registered with bg_at_exit run, and on
# failure the folders the script created are removed while empty.  A signal
# then ends the script by that same signal (exit status 128 + N for the
# caller).  Long commands run through bg_run, so that a signal is acted on
# at once (bash runs a trap only when the foreground command has ended).
# The descendants are found in /proc (Linux).

BG_TEMPS=()   # temporaries and scratch folders, removed at exit unless committed
BG_PENDING=() # pairs TEMP OUT queued by bg_queue_output for bg_commit_outputs
BG_AT_EXIT=() # functions run at exit with the exit status as $1

# bg_at_exit FUNCTION: FUNCTION STATUS runs when the script ends (last
# registered first), after its children have ended; STATUS is the exit
# status (128 + N for signal N).
bg_at_exit() {
    BG_AT_EXIT+=("$1")
}

# bg_run COMMAND...: runs COMMAND (a program or a shell function) as a child
# and waits for it; its exit status.  A signal to the script interrupts the
# wait, and the handler ends COMMAND and everything it started.  Standard
# input is /dev/null (nothing here reads it).
bg_run() {
    "$@" < /dev/null &
    wait "$!"
}

# The live descendants of this shell, now: sets the array BG_TREE.
_bg_tree() {
    local f line rest pid ppid p c
    local -A kids=()
    local -a queue=("$$")
    for f in /proc/[0-9]*/stat; do
        { IFS= read -r line < "$f"; } 2>/dev/null || continue
        pid="${line%% *}"
        rest="${line##*) }" # "STATE PPID ...": comm may hold spaces and ")"
        case "$rest" in Z* | X*) continue ;; esac
        rest="${rest#* }"
        ppid="${rest%% *}"
        kids[$ppid]+=" $pid"
    done
    BG_TREE=()
    while [ ${#queue[@]} -gt 0 ]; do
        p="${queue[0]}"
        queue=("${queue[@]:1}")
        for c in ${kids[$p]:-}; do
            BG_TREE+=("$c")
            queue+=("$c")
        done
    done
}

_bg_alive() { # _bg_alive PID: running or stopped (not gone, not a zombie)
    local line
    { IFS= read -r line < "/proc/$1/stat"; } 2>/dev/null || return 1
    line="${line##*) }"
    case "$line" in Z* | X*) return 1 ;; esac
    return 0
}

# Ends every descendant of this shell (see above) and waits for them.
bg_end_children() {
    local round p left i
    local -A stopped=()
    local -a new=() all=()
    for ((round = 0; round < 100; round++)); do
        _bg_tree
        new=()
        for p in ${BG_TREE[@]+"${BG_TREE[@]}"}; do
            [ -n "${stopped[$p]:-}" ] || new+=("$p")
        done
        [ ${#new[@]} -gt 0 ] || break
        kill -STOP "${new[@]}" 2>/dev/null || true
        for p in "${new[@]}"; do stopped[$p]=1; done
    done
    all=("${!stopped[@]}")
    [ ${#all[@]} -gt 0 ] || return 0
    kill -TERM "${all[@]}" 2>/dev/null || true
    kill -CONT "${all[@]}" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do
        left=()
        for p in "${all[@]}"; do
            _bg_alive "$p" && left+=("$p")
        done
        [ ${#left[@]} -gt 0 ] || return 0
        sleep 0.1
    done
    kill -KILL "${left[@]}" 2>/dev/null || true
}

# The common end: children, temporaries, registered functions, new folders.
_bg_finish() { # _bg_finish STATUS
    local status="$1" i t
    trap '' INT TERM HUP
    bg_end_children
    for t in ${BG_TEMPS[@]+"${BG_TEMPS[@]}"}; do
        [ -z "$t" ] || rm -rf -- "$t"
    done
    BG_TEMPS=()
    for ((i = ${#BG_AT_EXIT[@]} - 1; i >= 0; i--)); do
        "${BG_AT_EXIT[$i]}" "$status" || true
    done
    BG_AT_EXIT=()
    [ "$status" -eq 0 ] || bg_remove_new_outdirs
}

_bg_on_exit() {
    local status=$?
    set +e
    _bg_finish "$status"
    exit "$status"
}

_bg_on_signal() { # _bg_on_signal SIGNAL NUMBER
    set +e
    _bg_finish $((128 + $2))
    trap - EXIT "$1"
    kill -s "$1" "$$"
    exit $((128 + $2))
}

trap _bg_on_exit EXIT
trap '_bg_on_signal INT 2' INT
trap '_bg_on_signal TERM 15' TERM
trap '_bg_on_signal HUP 1' HUP

# bg_temp_file OUT: a new private temporary file beside OUT (in its folder,
# named .OUT.XXXXXX, created exclusively with mode 0600: never an existing
# file or a symbolic link's target), removed at exit unless bg_commit or
# bg_commit_outputs renames it to OUT.  Sets BG_TEMP.
bg_temp_file() {
    local out="$1" dir base err
    dir="$(dirname -- "$out")"
    base="$(basename -- "$out")"
    if ! err="$(mktemp -- "$dir/.$base.XXXXXX" 2>&1)"; then
        bg_die "$(bg_show "$out")" "cannot create a temporary file in $(bg_show "$dir"): ${err##*: }"
    fi
    BG_TEMP="$err"
    BG_TEMPS+=("$BG_TEMP")
}

# bg_temp_dir: a new private scratch folder (mktemp -d), removed at exit.
# Sets BG_TEMP.
bg_temp_dir() {
    local err
    if ! err="$(mktemp -d 2>&1)"; then
        bg_die "mktemp" "cannot create a scratch folder: ${err##*: }"
    fi
    BG_TEMP="$err"
    BG_TEMPS+=("$BG_TEMP")
}

# bg_remove_temp PATH: removes a temporary now (and forgets it).
bg_remove_temp() {
    rm -rf -- "$1"
    _bg_forget_temp "$1"
}

_bg_forget_temp() {
    local i
    for i in "${!BG_TEMPS[@]}"; do
        [ "${BG_TEMPS[i]}" != "$1" ] || BG_TEMPS[i]=""
    done
}

# bg_commit TEMP OUT: renames the temporary TEMP to OUT (replacing a file or
# a symbolic link there, never writing through it; refused when OUT is a
# folder), with the permissions of a new file (0666 less the umask).
bg_commit() {
    local temp="$1" out="$2" err
    if [ -d "$out" ] && [ ! -L "$out" ]; then
        bg_die "$(bg_show "$out")" "is a folder; the output was not written"
    fi
    chmod "$(printf '%o' $((0666 & ~$(umask))))" -- "$temp"
    if ! err="$(mv -fT -- "$temp" "$out" 2>&1)"; then
        bg_die "$(bg_show "$out")" "cannot write it: ${err##*: }"
    fi
    _bg_forget_temp "$temp"
}

# bg_queue_output TEMP OUT: TEMP becomes OUT at bg_commit_outputs, with the
# other queued outputs; none of them if the script fails or is stopped
# before (their temporaries are removed at exit).
bg_queue_output() {
    BG_PENDING+=("$1" "$2")
}

# bg_concat OUT PART...: OUT is to be the CSV files PART... joined under the
# first one's header.  Every part is checked now: a missing, empty,
# unreadable or non-regular part, or one whose header differs from the first
# part's (a part of another version), is refused in one line naming it
# (exit 1).  The join itself is queued: bg_commit_outputs writes every
# queued output once all of them have been checked.
BG_JOINS=() # OUT COUNT PART... for each queued join
bg_concat() {
    local out="$1" part header="" line first="" name
    shift
    name="$(basename -- "$out")"
    [ $# -gt 0 ] || bg_die "$name" "no parts to join"
    for part in "$@"; do
        if [ ! -e "$part" ] && [ ! -L "$part" ]; then
            bg_die "$name" "part $(bg_show "$part") is missing (its run did not finish)"
        fi
        [ -f "$part" ] || bg_die "$name" "part $(bg_show "$part") is not a regular file"
        [ -r "$part" ] || bg_die "$name" "cannot read part $(bg_show "$part")"
        [ -s "$part" ] || bg_die "$name" "part $(bg_show "$part") is empty"
        line=""
        IFS= read -r line < "$part" || [ -n "$line" ] ||
            bg_die "$name" "cannot read part $(bg_show "$part")"
        if [ -z "$first" ]; then
            first="$part"
            header="$line"
        elif [ "$line" != "$header" ]; then
            bg_die "$name" "part $(bg_show "$part") has another header than $(bg_show "$first") (a part of another version? delete it and run again)"
        fi
    done
    BG_JOINS+=("$out" "$#" "$@")
}

# bg_commit_outputs: writes every queued join into a private temporary beside
# its output (bg_temp_file), then renames every queued output into place.
# Every target is checked first (not a folder), so that a refusal renames
# none; a failed write (disk full) leaves no temporary and renames none.
bg_commit_outputs() {
    local i=0 n out
    while [ $i -lt ${#BG_JOINS[@]} ]; do
        out="${BG_JOINS[$i]}"
        n="${BG_JOINS[$((i + 1))]}"
        bg_temp_file "$out"
        if ! (
            cat -- "${BG_JOINS[$((i + 2))]}" &&
                for part in "${BG_JOINS[@]:$((i + 3)):$((n - 1))}"; do
                    tail -n +2 -- "$part" || exit 1
                done
        ) > "$BG_TEMP" 2>/dev/null; then
            bg_die "$(basename -- "$out")" "cannot write $(bg_show "$BG_TEMP") (disk full?)"
        fi
        bg_queue_output "$BG_TEMP" "$out"
        i=$((i + 2 + n))
    done
    BG_JOINS=()
    for ((i = 1; i < ${#BG_PENDING[@]}; i += 2)); do
        if [ -d "${BG_PENDING[$i]}" ] && [ ! -L "${BG_PENDING[$i]}" ]; then
            bg_die "$(bg_show "${BG_PENDING[$i]}")" "is a folder; no output was written"
        fi
    done
    for ((i = 0; i < ${#BG_PENDING[@]}; i += 2)); do
        bg_commit "${BG_PENDING[$i]}" "${BG_PENDING[$((i + 1))]}"
    done
    BG_PENDING=()
}

# The value of an option that takes one: fails when it is missing.
#   bg_need_value "$@"   (in the option loop, before using $2)
bg_need_value() {
    [ $# -ge 2 ] || bg_fail "$1" "needs a value"
}

# An unsigned decimal integer in [MIN, MAX] (MAX <= 2^63 - 1, so that bash
# arithmetic holds it): no sign, no leading zero, no spaces, no other base.
bg_check_uint() { # bg_check_uint OPTION VALUE MIN MAX [WHAT]
    local opt="$1" v="$2" min="$3" max="$4" what="${5:-}"
    [ -n "$what" ] && what="$what "
    if [[ ! "$v" =~ ^[0-9]+$ ]]; then
        bg_fail "$opt" "$what$(bg_show "$v") is not a whole number (allowed $min..$max)"
    fi
    if [[ "$v" =~ ^0[0-9] ]]; then
        local plain="${v#"${v%%[1-9]*}"}"
        bg_fail "$opt" "$what$(bg_show "$v") has a leading zero (write ${plain:-0}; allowed $min..$max)"
    fi
    if [ ${#v} -gt ${#max} ] || { [ ${#v} -eq ${#max} ] && [[ "$v" > "$max" ]]; } ||
        [ "$v" -lt "$min" ]; then
        bg_fail "$opt" "$what$v is out of range (allowed $min..$max)"
    fi
}

# A decimal number > 0 (simulated seconds and the like): digits with at most
# one decimal point, no sign, no exponent, no nan/inf.
bg_check_positive_real() { # bg_check_positive_real OPTION VALUE
    if [[ ! "$2" =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] || [[ ! "$2" =~ [1-9] ]]; then
        bg_fail "$1" "$(bg_show "$2") is not a number > 0"
    fi
}

# A list of whole numbers: items N or A:B (A <= B, both ends included),
# comma-separated, in the order given.  Strict: every item in [MIN, MAX], no
# leading zero, no empty item, no other syntax (A:B:C, spaces, signs), no
# number twice, at most LIMIT numbers.  Sets the array BG_LIST.
bg_parse_list() { # bg_parse_list OPTION VALUE MIN MAX LIMIT WHAT
    local opt="$1" value="$2" min="$3" max="$4" limit="$5" what="$6"
    local syntax="expected N, A:B or a comma list of them (e.g. 1:5 or 1,3,7)"
    BG_LIST=()
    [ -n "$value" ] || bg_fail "$opt" "empty list; $syntax"
    local rest="$value," item a b n count=0
    local -A seen=()
    while [ -n "$rest" ]; do
        item="${rest%%,*}"
        rest="${rest#*,}"
        if [ -z "$item" ]; then
            bg_fail "$opt" "empty item in $(bg_show "$value"); $syntax"
        elif [[ "$item" =~ ^([0-9]+)$ ]]; then
            a="$item"
            b="$item"
        elif [[ "$item" =~ ^([0-9]+):([0-9]+)$ ]]; then
            a="${BASH_REMATCH[1]}"
            b="${BASH_REMATCH[2]}"
        else
            bg_fail "$opt" "$(bg_show "$item") is not N or A:B; $syntax"
        fi
        bg_check_uint "$opt" "$a" "$min" "$max" "$what"
        bg_check_uint "$opt" "$b" "$min" "$max" "$what"
        if [ "$a" -gt "$b" ]; then
            bg_fail "$opt" "$(bg_show "$item") is an empty range (write the smaller end first)"
        fi
        count=$((count + b - a + 1))
        if [ "$count" -gt "$limit" ]; then
            bg_fail "$opt" "$(bg_show "$value") gives more than $limit ${what}s"
        fi
        for ((n = a; n <= b; n++)); do
            if [ -n "${seen[$n]:-}" ]; then
                bg_fail "$opt" "$what $n given twice in $(bg_show "$value")"
            fi
            seen[$n]=1
            BG_LIST+=("$n")
        done
    done
}

# An output folder named by OPTION: refused when empty, made of control
# characters, looking like an option, the filesystem root, an existing
# non-folder, or a new folder that cannot be made (its nearest existing
# ancestor is not a folder, or not writable).  Nothing is created here (see
# bg_make_outdir).
bg_check_outdir() { # bg_check_outdir OPTION DIR
    local opt="$1" dir="$2" probe
    [ -n "$dir" ] || bg_fail "$opt" "empty folder name"
    if [[ "$dir" == *[[:cntrl:]]* ]]; then
        bg_fail "$opt" "$(bg_show "$dir") contains a control character (tab, newline, ...)"
    fi
    case "$dir" in
        -*) bg_fail "$opt" "$(bg_show "$dir") looks like an option (a folder of that name: ./$dir)" ;;
    esac
    if [ -e "$dir" ] || [ -L "$dir" ]; then
        [ -d "$dir" ] || bg_fail "$opt" "$(bg_show "$dir") exists and is not a folder"
        (cd -P -- "$dir" 2>/dev/null) || bg_fail "$opt" "cannot enter $(bg_show "$dir")"
        [ ! "$dir" -ef / ] || bg_fail "$opt" "$(bg_show "$dir") is the filesystem root"
        return 0
    fi
    probe="$dir"
    while [ ! -e "$probe" ] && [ ! -L "$probe" ] && [ "$(dirname -- "$probe")" != "$probe" ]; do
        probe="$(dirname -- "$probe")"
    done
    if [ ! -d "$probe" ]; then
        bg_fail "$opt" "cannot create $(bg_show "$dir"): $(bg_show "$probe") is not a folder"
    fi
    [ -w "$probe" ] || bg_fail "$opt" "cannot create $(bg_show "$dir"): cannot write into $(bg_show "$probe")"
}

# Creates the checked folder DIR (and its parents), requires it writable,
# and sets BG_OUTDIR to its absolute path (symbolic links resolved).  The
# folders it had to create are remembered (BG_NEW_DIRS, in the order they
# were made): when the script fails or is stopped by a signal, the exit
# handler below removes them again, innermost first, while they hold
# nothing, so a script whose program refuses its options, or that is
# stopped before its first output, leaves no empty folder behind.  A
# script's own subfolders (DIR/parts) are made the same way.
bg_make_outdir() { # bg_make_outdir OPTION DIR
    local opt="$1" dir="$2" err probe i
    local -a new=()
    bg_check_outdir "$opt" "$dir"
    probe="$dir"
    while [ ! -e "$probe" ] && [ ! -L "$probe" ]; do
        new+=("$probe")
        [ "$(dirname -- "$probe")" != "$probe" ] || break
        probe="$(dirname -- "$probe")"
    done
    if ! err="$(mkdir -p -- "$dir" 2>&1)"; then
        bg_fail "$opt" "cannot create $(bg_show "$dir"): ${err##*: }"
    fi
    for ((i = ${#new[@]} - 1; i >= 0; i--)); do
        BG_NEW_DIRS+=("$(cd -P -- "${new[$i]}" && pwd)")
    done
    BG_OUTDIR="$(cd -P -- "$dir" && pwd)"
    [ ! "$BG_OUTDIR" -ef / ] || bg_fail "$opt" "$(bg_show "$dir") is the filesystem root"
    [ -w "$BG_OUTDIR" ] || bg_fail "$opt" "cannot write into $(bg_show "$dir")"
}
BG_NEW_DIRS=()

# Removes the folders bg_make_outdir created, the last made first, each only
# if it holds nothing but this script's lock file (the lock stays held: the
# descriptor is open).  Run by the exit handler when the script fails.
bg_remove_new_outdirs() {
    local d i
    for ((i = ${#BG_NEW_DIRS[@]} - 1; i >= 0; i--)); do
        d="${BG_NEW_DIRS[$i]}"
        [ -d "$d" ] && [ ! -L "$d" ] || continue
        if [ -z "$(find "$d" -mindepth 1 -maxdepth 1 ! -name .sweep.lock -print -quit 2>/dev/null)" ]; then
            rm -f -- "$d/.sweep.lock"
            rmdir -- "$d" 2>/dev/null || true
        fi
    done
}

# One script at a time per output folder: an exclusive flock(1) on
# DIR/.sweep.lock, held until this shell and every process it started (the
# runs) have exited.  A second script on the same folder fails at once.  A
# child script of the holder (sweep.sh -> concat-parts.sh, energy-sweep.sh
# -> sweep.sh) inherits the locks of its caller through BG_LOCKS (lines
# "FD DIR") instead of waiting for itself: a script that runs other scripts
# takes the locks of all their folders before the first of them starts.
bg_lock_outdir() { # bg_lock_outdir OPTION DIR   (DIR absolute, as BG_OUTDIR)
    local opt="$1" dir="$2" lock="$2/.sweep.lock" entry fd
    while IFS= read -r entry; do
        [ -n "$entry" ] || continue
        fd="${entry%% *}"
        if [ "${entry#* }" = "$dir" ] && [[ "$fd" =~ ^[0-9]+$ ]] &&
            [ "/proc/self/fd/$fd" -ef "$lock" ] 2>/dev/null; then
            return 0
        fi
    done <<< "${BG_LOCKS:-}"
    command -v flock >/dev/null 2>&1 || bg_fail "$opt" "flock not found (Debian package util-linux)"
    if ! { exec {fd}>>"$lock"; } 2>/dev/null && ! { exec {fd}<"$lock"; } 2>/dev/null; then
        bg_fail "$opt" "cannot create the lock file $(bg_show "$lock")"
    fi
    if ! flock -n "$fd"; then
        bg_fail "$opt" "$(bg_show "$dir") is in use by another sweep or script (lock $lock); wait for it to end or choose another folder"
    fi
    BG_LOCKS="${BG_LOCKS:+$BG_LOCKS
}$fd $dir"
    export BG_LOCKS
}

# An input file: readable, regular (not a folder, FIFO or device).
bg_check_input_file() { # bg_check_input_file OPTION FILE
    local opt="$1" f="$2"
    [ -n "$f" ] || bg_fail "$opt" "empty file name"
    [ -e "$f" ] || bg_fail "$opt" "$(bg_show "$f") does not exist"
    [ -f "$f" ] || bg_fail "$opt" "$(bg_show "$f") is not a regular file"
    [ -r "$f" ] || bg_fail "$opt" "cannot read $(bg_show "$f")"
}

# diameter-sweep's options that name an output file.  A script that runs
# the program more than once with the same options (a sweep: one run per
# config and seed) cannot pass them on: every run would write the same file,
# each seed overwriting the last, outside the script's folder.  The script
# names its own outputs (--out, and the default OUT-by-distance.csv,
# OUT-queries.csv and OUT-series.csv beside each part).
BG_DS_OUTPUTS=(out out-distance out-queries out-series map-csv walk-csv netanim)

# bg_help_if_asked SCRIPT WORD...: a script's --help (or -h) anywhere among
# its words prints its header comment (line 2 up to "set -e") and exits 0.
bg_help_if_asked() {
    local script="$1" word
    shift
    for word in "$@"; do
        case "$word" in
            -h | --help) sed -n '2,/^set -e/{/^set -e/!p}' "$script"; exit 0 ;;
        esac
    done
}

# bg_refuse_options WHY NAME... -- WORD...: one rule for the options a script
# sets itself or cannot pass on: refuses the first WORD that is --NAME or
# --NAME=VALUE (NAME may be a ns-3 argument such as RngRun) with
# "--NAME: WHY".
bg_refuse_options() {
    local why="$1" word name
    local -a refused=()
    shift
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do refused+=("$1"); shift; done
    if [ $# -gt 0 ]; then shift; fi
    for word in "$@"; do
        for name in "${refused[@]}"; do
            case "$word" in
                "--$name" | "--$name="*) bg_fail "--$name" "$why" ;;
            esac
        done
    done
}

# bg_refuse_config_keys CONFIG WHY NAME...: the same rule for the keys of an
# ini file (diameter-sweep --config: "key = value", "#" starts a comment):
# refuses the first key NAME the file sets with "NAME: CONFIG sets it; WHY".
bg_refuse_config_keys() {
    local cfg="$1" why="$2" key name
    shift 2
    while IFS= read -r key; do
        for name in "$@"; do
            if [ "$key" = "$name" ]; then
                bg_fail "$name" "$(bg_show "$(basename -- "$cfg")") sets it; $why"
            fi
        done
    done < <(sed -e 's/#.*//' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*=.*//' -- "$cfg")
}

# A list of decimal numbers in (0, 1], comma-separated, order kept: no empty
# item, no sign, exponent, nan or inf, no value given twice (0.5 and 0.50 are
# one value), at most LIMIT items.  Sets the array BG_LIST (as written).
bg_parse_fraction_list() { # bg_parse_fraction_list OPTION VALUE LIMIT WHAT
    local opt="$1" value="$2" limit="$3" what="$4" rest item norm
    local -A seen=()
    BG_LIST=()
    [ -n "$value" ] || bg_fail "$opt" "empty list; expected numbers in (0, 1], comma-separated"
    rest="$value,"
    while [ -n "$rest" ]; do
        item="${rest%%,*}"
        rest="${rest#*,}"
        [ -n "$item" ] || bg_fail "$opt" "empty item in $(bg_show "$value"); expected numbers in (0, 1], comma-separated"
        if [[ ! "$item" =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] ||
            ! awk -v d="$item" 'BEGIN { exit !(d + 0 > 0 && d + 0 <= 1) }'; then
            bg_fail "$opt" "$what $(bg_show "$item") is not a number in (0, 1]"
        fi
        norm="$(awk -v d="$item" 'BEGIN { printf "%.17g", d + 0 }')"
        [ -z "${seen[$norm]:-}" ] || bg_fail "$opt" "$what $item given twice in $(bg_show "$value")"
        seen[$norm]=1
        BG_LIST+=("$item")
        [ ${#BG_LIST[@]} -le "$limit" ] || bg_fail "$opt" "$(bg_show "$value") gives more than $limit ${what}s"
    done
}

# Parts are named after what produced them: the program, the config file's
# content and every extra option.  bg_program_id PROG prints a SHA-256 of
# the executable and of every library it loads from the build folder or
# from ns-3 (libns3*), so a rebuild with other code or another ns-3 gives
# other part names, and a re-run sweep does not take their CSVs as its own.
bg_program_id() { # bg_program_id PROG
    local prog="$1" build lib
    build="$(cd -P -- "$(dirname -- "$prog")/.." && pwd)"
    {
        sha256sum < "$prog"
        if command -v ldd >/dev/null 2>&1; then
            { ldd "$prog" 2>/dev/null || true; } | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' |
                while IFS= read -r lib; do
                    lib="$(readlink -f -- "$lib")"
                    case "$lib" in
                        "$build"/* | */libns3*)
                            printf '%s ' "${lib##*/}"
                            sha256sum < "$lib"
                            ;;
                    esac
                done
        fi
    } | sha256sum | cut -c 1-64
}

# bg_part_key PROGRAM_ID CONFIG [EXTRA...] sets BG_KEY, the 12-hex-digit key
# of a (program, config content, extra options) triple, and BG_KEY_TEXT, the
# inputs it covers (a manifest a person can read).  A positions
# file named in the config or the extra options (positions = FILE,
# --positions FILE) counts with its content.
bg_part_key() {
    local id="$1" cfg="$2" positions="" word prev=""
    shift 2
    positions="$(sed -n 's/^[[:space:]]*positions[[:space:]]*=[[:space:]]*//p' -- "$cfg" |
        sed 's/[[:space:]]*$//' | tail -n 1)"
    for word in "$@"; do
        case "$word" in
            --positions=*) positions="${word#--positions=}" ;;
        esac
        [ "$prev" = "--positions" ] && positions="$word"
        prev="$word"
    done
    BG_KEY_TEXT="$(
        echo "program $id"
        echo "config $(sha256sum < "$cfg" | cut -c 1-64) $(cd "$(dirname "$cfg")" && pwd)/${cfg##*/}"
        if [ -n "$positions" ]; then
            if [ -f "$positions" ] && [ -r "$positions" ]; then
                echo "positions $(sha256sum < "$positions" | cut -c 1-64) $positions"
            else
                echo "positions (unreadable here) $positions"
            fi
        fi
        for word in "$@"; do printf 'option %q\n' "$word"; done
    )"
    # The key hashes the config content, not its path.
    BG_KEY="$(printf '%s\n' "$BG_KEY_TEXT" | sed 's/^\(config [0-9a-f]*\) .*/\1/' | sha256sum |
        cut -c 1-12)"
}

# The program of a build folder given by OPTION: sets BG_DS (absolute).
bg_find_program() { # bg_find_program OPTION BUILD_DIR PROGRAM
    local opt="$1" build="$2" name="$3"
    [ -n "$build" ] || bg_fail "$opt" "empty build folder name"
    build="$(cd -- "$build" 2>/dev/null && pwd || printf '%s' "$build")"
    BG_DS="$build/bin/$name"
    [ -f "$BG_DS" ] && [ -x "$BG_DS" ] ||
        bg_fail "$opt" "$(bg_show "$BG_DS") not built (run ./quick-start.sh or cmake --build build)"
}

# The program NAME of the build: with SKIP_BUILD=1, BUILD_DIR (default
# build/) as it is; otherwise cmake/bootstrap.sh installs what is missing
# and builds first.  Sets BG_DS (absolute) and BUILD_DIR.
bg_build() { # bg_build NAME   (also defines bg_python)
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    case "${SKIP_BUILD:-}" in
        "" | 0 | 1) ;;
        *) bg_fail SKIP_BUILD "$(bg_show "$SKIP_BUILD") is neither 0 nor 1" ;;
    esac
    # shellcheck source=/dev/null
    source "$root/cmake/bootstrap.sh"
    if [ "${SKIP_BUILD:-}" = 1 ]; then
        bg_find_program BUILD_DIR "$BUILD_DIR" "$1"
        BUILD_DIR="$(cd -- "$BUILD_DIR" && pwd)"
    else
        bg_run bg_bootstrap
        BG_DS="$BUILD_DIR/bin/$1"
    fi
}

# The program NAME of a script with a -b option: with BUILD_DIR given (the
# option's value, OPTION in messages) that build as it is; otherwise
# cmake/bootstrap.sh installs what is missing and builds into $BUILD_DIR or
# build/ (its output not shown).  Sets BG_DS (absolute); defines bg_python.
bg_script_program() { # bg_script_program OPTION BUILD_DIR NAME
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    # shellcheck source=/dev/null
    source "$root/cmake/bootstrap.sh"
    if [ -n "$2" ]; then
        bg_find_program "$1" "$2" "$3"
    else
        bg_run bg_bootstrap >/dev/null
        BG_DS="$BUILD_DIR/bin/$3"
    fi
}

# One run's options through "$BG_DS" --dry-run (every option checked, the
# network set up, nothing simulated): on failure, one line "OPTION: WHAT:
# <the program's last line>" (without WHAT when it is empty; with OPTION
# empty, the program's line alone after the script's name) and exit 2,
# before anything is written.  The run's outputs are named in a scratch
# folder, removed after: --out, and --NAME for each NAME of the array
# BG_DRY_OUTPUTS (default: none more; e.g. map-csv walk-csv).
BG_DRY_OUTPUTS=()
bg_dry_run() { # bg_dry_run OPTION WHAT WORD...
    local opt="$1" what="$2" err scratch name
    local -a outputs=()
    shift 2
    bg_temp_dir
    scratch="$BG_TEMP"
    outputs=(--out "$scratch/out.csv")
    for name in ${BG_DRY_OUTPUTS[@]+"${BG_DRY_OUTPUTS[@]}"}; do
        outputs+=("--$name" "$scratch/$name.csv")
    done
    if ! err="$("$BG_DS" "$@" --dry-run --quiet "${outputs[@]}" 2>&1 >/dev/null)"; then
        bg_remove_temp "$scratch"
        err="$(printf '%s\n' "$err" | sed '/^[[:space:]]*$/d' | tail -n 1)"
        err="${err:-${BG_DS##*/} --dry-run failed}"
        [ -z "$what" ] || err="$what: $err"
        if [ -n "$opt" ]; then bg_fail "$opt" "$err"; else _bg_fail_line 2 "$err"; fi
    fi
    bg_remove_temp "$scratch"
}

# A comma list of names, each one of ALLOWED, none twice, no empty item.
# Sets the array BG_WORDS, in the order given.
bg_parse_words() { # bg_parse_words OPTION VALUE ALLOWED...
    local opt="$1" value="$2" word a allowed
    shift 2
    BG_WORDS=()
    local rest="$value,"
    while [ -n "$rest" ]; do
        word="${rest%%,*}"
        rest="${rest#*,}"
        allowed=0
        for a in "$@"; do [ "$word" != "$a" ] || allowed=1; done
        [ $allowed -eq 1 ] || bg_fail "$opt" "$(bg_show "$word") is not one of: $*"
        case " ${BG_WORDS[*]:-} " in *" $word "*) bg_fail "$opt" "$word is given twice" ;; esac
        BG_WORDS+=("$word")
    done
}

# sweep.sh and slurm-sweep.sh: checks of the configs (array configs), the
# seeds ($seeds, -s) and the build ($build, -b) and the extra options (array
# extra).  Sets BG_SEEDS and BG_DS.
bg_sweep_check_common() {
    local cfg name names=" " word
    [ ${#configs[@]} -gt 0 ] || bg_fail CONFIG.ini "no config file given (e.g. scenarios/line.ini)"
    for cfg in "${configs[@]}"; do
        bg_check_input_file CONFIG.ini "$cfg"
        if [[ "$cfg" == *[[:cntrl:]]* ]]; then
            bg_fail CONFIG.ini "$(bg_show "$cfg") contains a control character (tab, newline, ...)"
        fi
        name="$(basename "$cfg" .ini)"
        case "$names" in
            *" $name "*) bg_fail CONFIG.ini "two configs named $name.ini (their parts would collide)" ;;
        esac
        names="$names$name "
    done
    bg_parse_list -s "$seeds" 0 9223372036854775807 100000 seed
    BG_SEEDS=("${BG_LIST[@]}")
    bg_find_program -b "$build" diameter-sweep
    bg_sweep_check_outputs ${extra[@]+"${extra[@]}"}
}

# The one rule for the options a sweep sets itself or cannot pass on, on the
# extra options (WORD...) and on every config of the array configs: the
# output files (BG_DS_OUTPUTS; each run's are named after its part),
# --config, --RngRun (the seeds are -s), --dry-run and --help.
bg_sweep_check_outputs() { # bg_sweep_check_outputs WORD...
    local cfg word
    local why="names one file, which every run of the sweep would write (each seed overwriting the last, outside the output folder); each run's outputs are named after its part, under the output folder"
    bg_refuse_options "$why" "${BG_DS_OUTPUTS[@]}" -- "$@"
    bg_refuse_options "set by the sweep for every run; not an extra option" config dry-run help -- "$@"
    bg_refuse_options "set by the sweep for every run (give the seeds with -s)" RngRun -- "$@"
    for word in "$@"; do
        [ "$word" != "-h" ] || bg_fail -h "set by the sweep for every run; not an extra option"
    done
    for cfg in "${configs[@]}"; do
        bg_refuse_config_keys "$cfg" "$why" "${BG_DS_OUTPUTS[@]}"
    done
}

# Each config with the extra options through diameter-sweep --dry-run (every
# option checked, every network set up, nothing simulated or written), at
# the first seed: a bad option or config fails before any run starts.
bg_sweep_check_runs() {
    local cfg
    for cfg in "${configs[@]}"; do
        bg_dry_run "$(basename "$cfg")" "" --config "$cfg" --RngRun="${BG_SEEDS[0]}" \
            ${extra[@]+"${extra[@]}"}
    done
}

# The part stems of a sweep into OUTDIR: BG_PART_STEMS[i] is
# OUTDIR/parts/<config>-<key> for configs[i]; OUTDIR/parts/<config>-<key>.txt
# records what the key covers.
bg_sweep_parts() { # bg_sweep_parts OUTDIR
    local outdir="$1" id i cfg stem
    id="$(bg_program_id "$BG_DS")"
    BG_PART_CONFIGS=("${configs[@]}")
    BG_PART_STEMS=()
    for i in "${!configs[@]}"; do
        cfg="${configs[$i]}"
        bg_part_key "$id" "$cfg" ${extra[@]+"${extra[@]}"}
        stem="$outdir/parts/$(basename "$cfg" .ini)-$BG_KEY"
        if [ ! -e "$stem.txt" ]; then
            bg_temp_file "$stem.txt"
            printf '%s\n' "$BG_KEY_TEXT" > "$BG_TEMP"
            bg_commit "$BG_TEMP" "$stem.txt"
        fi
        BG_PART_STEMS+=("$stem")
    done
}

# The runs of a scenario script, JOBS at a time, and their parts joined.
# bg_add_task PART WORD... adds a run: PART names its outputs
# ($BG_OUTDIR/parts/PART.csv and the files diameter-sweep names after it),
# the WORDs are its options (any characters).  One validation for every
# script: PART is a plain file name stem (a letter or digit, then letters,
# digits, '.', '_' and '-'; at most 200 characters, so that the longest
# name made from it, PART-by-distance.csv, fits in 255), no PART twice (two
# runs would write one file), and the WORDs come back from their quoting
# unchanged.  bg_run_tasks runs each as "$BG_DS" WORD... --quiet --out
# PART.csv; the first failure stops the others (exit 255 of xargs) and
# fails the script (exit 1); a signal ends them all (see bg_run).
# Progress goes to stderr, one line per run.
BG_TASKS=()      # "PART QUOTED-WORDS", one line each, for xargs
BG_TASK_PARTS=() # PART of each task, in order
bg_add_task() { # bg_add_task PART WORD...
    local part="$1" quoted="" p i
    local -a back=() words=()
    shift
    words=("$@")
    if [[ ! "$part" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || [ ${#part} -gt 200 ]; then
        bg_fail "part" "$(bg_show "$part") is not a part name (a letter or digit, then letters, digits, '.', '_' or '-'; at most 200 characters)"
    fi
    for p in ${BG_TASK_PARTS[@]+"${BG_TASK_PARTS[@]}"}; do
        [ "$p" != "$part" ] || bg_fail "part" "$(bg_show "$part") is given to two runs (both would write parts/$part.csv)"
    done
    if [ $# -gt 0 ]; then quoted="$(printf '%q ' "$@")"; fi
    eval "back=($quoted)"
    [ ${#back[@]} -eq $# ] || bg_fail "part $part" "its options do not survive quoting"
    for ((i = 0; i < $#; i++)); do
        [ "${back[$i]}" = "${words[$i]}" ] || bg_fail "part $part" "option $(bg_show "${back[$i]}") does not survive quoting"
    done
    BG_TASK_PARTS+=("$part")
    BG_TASKS+=("$part $quoted")
}

_bg_run_task() { # one line of BG_TASKS, in a child of xargs
    local part="${1%% *}" words
    eval "words=(${1#* })"
    "$BG_DS" ${words[@]+"${words[@]}"} --quiet --out "$BG_OUTDIR/parts/$part.csv" ||
        { echo "${BG_PROG:-scenarios}: run $part failed" >&2; exit 255; }
    echo "${BG_PROG:-scenarios}: $part done" >&2
}

_bg_xargs_tasks() { # _bg_xargs_tasks JOBS
    printf '%s\n' "${BG_TASKS[@]}" | xargs -d '\n' -P "$1" -I{} bash -c '_bg_run_task "$1"' _ {}
}

bg_run_tasks() { # bg_run_tasks JOBS
    local start
    start=$(date +%s)
    export -f _bg_run_task
    export BG_DS BG_OUTDIR BG_PROG
    bg_run _bg_xargs_tasks "$1" ||
        bg_die "runs" "a run failed (see above); the parts so far are in $BG_OUTDIR/parts"
    echo "${BG_PROG:-scenarios}: ${#BG_TASKS[@]} runs in $(($(date +%s) - start)) s" >&2
}

# bg_concat_tasks OUT SUFFIX [PREFIX]: the parts PART$SUFFIX.csv of the
# tasks whose name starts with PREFIX (all: ""), in task order, joined into
# OUT by bg_concat (queued: bg_commit_outputs writes every output at once).
bg_concat_tasks() {
    local part
    local -a files=()
    for part in ${BG_TASK_PARTS[@]+"${BG_TASK_PARTS[@]}"}; do
        [[ "$part" == "${3:-}"* ]] || continue
        files+=("$BG_OUTDIR/parts/$part$2.csv")
    done
    bg_concat "$1" ${files[@]+"${files[@]}"}
}
