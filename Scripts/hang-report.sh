#!/usr/bin/env bash
# What a stuck test run is doing, said before it is killed: for every process under PID (a
# `swift test`, its test runner and what the tests started), its state and what it waits in, and for
# the test runner (the `*.xctest` process) every thread's backtrace (gdb) and its TCP sockets, a
# socket in CLOSE-WAIT (the peer closed it, this side never did) first.
#
#   Scripts/hang-report.sh PID     report on PID and its descendants, on standard output
#
# `make test` runs it when a test run outlives TEST_TIMEOUT (Scripts/bounded-test-run.sh), then
# kills the run; Scripts/open-tests.py then names the tests that were open. Never fails: a tool that
# is missing (gdb, ss) is said in one line.
set -uo pipefail

root=${1:?usage: $0 PID}

# PID and every descendant, parents first.
descendants() {
  local pid=$1
  echo "$pid"
  for child in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do
    descendants "$child"
  done
}

pids=$(descendants "$root" | awk '!seen[$0]++')
echo "== hang-report: the processes under $root (state, parent, elapsed, kernel wait, command)"
# shellcheck disable=SC2086
ps -o pid=,stat=,ppid=,etime=,wchan:24=,args= -p "$(echo $pids | tr ' ' ',')" 2>/dev/null | cut -c1-240

runner=""
for pid in $pids; do
  case "$(readlink /proc/"$pid"/exe 2>/dev/null)" in *.xctest) runner=$pid ;; esac
done
if [ -z "$runner" ]; then
  echo "== hang-report: no *.xctest process under $root"
  exit 0
fi

echo "== hang-report: TCP sockets of the processes under $root (CLOSE-WAIT: the peer closed, this side did not)"
if command -v ss >/dev/null; then
  ss -tanpH 2>/dev/null | grep -E "pid=($(echo $pids | tr ' ' '|'))," | sort -k1,1 -s | cut -c1-240
else
  echo "(ss is not installed)"
fi

echo "== hang-report: listening ports now (a CLOSE-WAIT peer missing here has exited)"
ss -tlnH 2>/dev/null | awk '{print $4}' | tr '\n' ' '
echo

echo "== hang-report: threads of the test runner $runner (name, state, kernel wait)"
for task in /proc/"$runner"/task/*; do
  printf '%s %s %s %s\n' "${task##*/}" "$(cat "$task"/comm 2>/dev/null)" \
    "$(awk '{print $3}' "$task"/stat 2>/dev/null)" "$(cat "$task"/wchan 2>/dev/null)"
done

echo "== hang-report: backtraces of the test runner $runner"
if command -v gdb >/dev/null; then
  timeout 120 gdb -p "$runner" -batch -nx -iex 'set debuginfod enabled off' -ex 'set pagination off' -ex 'thread apply all bt 40' 2>&1 |
    grep -vE '^(\[New LWP|warning: |Reading symbols|Downloading|During symbol reading)' | cut -c1-300
else
  echo "(gdb is not installed)"
fi
exit 0
