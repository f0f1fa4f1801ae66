#!/usr/bin/env bash
# Stand-in for ssh in the sweep tests (GNU parallel --ssh): drops the options
# and the host and runs the command on this machine, in a separate "remote
# home" ($FAKE_SSH_HOME), so that nothing is shared with the caller but what
# parallel transfers (rsync through this same script).  Like sshd it sets
# SHELL to the login shell: $FAKE_SSH_SHELL, else the user's from passwd.
while [ $# -gt 0 ]; do
    case "$1" in
        -o|-p|-l|-i|-S|-F) shift 2 ;;
        -*) shift ;;
        *) break ;;
    esac
done
shift # the host
[ "${1:-}" = "--" ] && shift
home="${FAKE_SSH_HOME:?set FAKE_SSH_HOME}"
mkdir -p "$home"
cd "$home" || exit 255
export HOME="$home"
SHELL="${FAKE_SSH_SHELL:-$(getent passwd "$(id -un)" | cut -d: -f7)}"
export SHELL="${SHELL:-/bin/sh}"
exec "$SHELL" -c "$*"
