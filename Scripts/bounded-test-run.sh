#!/usr/bin/env bash
# Runs a test command for LIMIT at most, as timeout(1) does, but says what a run that outlives it
# was doing before it is killed (Scripts/hang-report.sh: the processes, the test runner's threads'
# backtraces, its sockets): a killed process tells nothing afterwards.
#
#   Scripts/bounded-test-run.sh LIMIT COMMAND [ARGUMENT...]
#
# LIMIT is what sleep(1) takes (25m, 900). Past it the report goes to standard error, then the
# command and every process under it get SIGTERM, and those left SIGKILL 30 s later; the exit status is then
# 124, as timeout's; otherwise the command's own.
set -uo pipefail

limit=${1:?usage: $0 LIMIT COMMAND [ARGUMENT...]}
shift
here=$(cd "$(dirname "$0")" && pwd)

descendants() {
  local pid=$1
  echo "$pid"
  for child in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do
    descendants "$child"
  done
}

marker=$(mktemp "${TMPDIR:-/tmp}/bounded-test-run.XXXXXX")
rm -f "$marker"
"$@" &
command=$!
(
  trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
  sleep "$limit" &
  sleeper=$!
  wait "$sleeper"
  touch "$marker"
  echo "bounded-test-run: $* ran past $limit; what it was doing:" >&2
  "$here"/hang-report.sh "$command" >&2
  tree=$(descendants "$command")
  # shellcheck disable=SC2086
  kill -TERM $tree 2>/dev/null
  for _ in $(seq 30); do
    # shellcheck disable=SC2086
    kill -0 $tree 2>/dev/null || break
    sleep 1
  done
  # shellcheck disable=SC2086
  kill -KILL $tree 2>/dev/null
) &
watchdog=$!
wait "$command"
status=$?
if [ -e "$marker" ]; then
  wait "$watchdog" 2>/dev/null
  rm -f "$marker"
  exit 124
fi
kill "$watchdog" 2>/dev/null
wait "$watchdog" 2>/dev/null
exit "$status"
