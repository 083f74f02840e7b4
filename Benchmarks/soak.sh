#!/usr/bin/env bash
# The soak test (`make soak`, issue 15 item 4): SOAK_MINUTES (30) of mixed load with failures on the
# deployment Glint supports, on one machine:
#   - a throw-away PostgreSQL (Scripts/postgres-test-server.sh, as `make test` starts), one data
#     directory, `glint serve` (2 worker slots) and two more `glint worker` processes sharing both;
#   - CLIENTS (50) clients from Benchmarks/soak_driver.py: uploads of the real iPhone pair, a mix of
#     livephoto.edit, livephoto.export (Motion Photo, stripLocation), rings.render, badge.apply and
#     queue.noop, /events followed to the end, outputs downloaded, share pages and their downloads;
#   - faults, while the load runs: every WORKER_KILL_SECONDS (180) one `glint worker` is killed with
#     SIGKILL and started again, every RUNNER_KILL_SECONDS (60) one runner process is killed with SIGKILL.
# Then the load stops and every job is waited for. The report (out/bench/soak/report.md and
# report.json): jobs completed per minute by kind, p50 and p99 per route, 5xx responses (must be 0),
# jobs lost or completed twice (must be 0), glint serve's RSS and open descriptors at minute 1, half
# way and the end (growth from half way to the end under 10%), temporary files and orphaned blobs
# after `glint retention run` (must be 0: a put that a SIGKILL cut short leaves its temporary file,
# which the pass removes). Exits 1 when a count that must be 0 is not (CI's 2-minute run, a test, reads
# report.json).
set -euo pipefail
cd "$(dirname "$0")/.."

GLINT=${GLINT:-.build/release/glint}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
SOAK_MINUTES=${SOAK_MINUTES:-30}
CLIENTS=${CLIENTS:-50}
PORT=${PORT:-18590}
PG_PORT=${PG_PORT:-54339}
WORKER_KILL_SECONDS=${WORKER_KILL_SECONDS:-180}
RUNNER_KILL_SECONDS=${RUNNER_KILL_SECONDS:-60}
OUT=${OUT:-out/bench/soak}
[ -x "$GLINT" ] || { echo "soak: $GLINT not built (make build)" >&2; exit 1; }
still="$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.jpg"
movie="$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.mov"
[ -f "$still" ] && [ -f "$movie" ] || { echo "soak: $still and $movie not found (the shared fixtures)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/glint-soak.XXXXXX")
# PostgreSQL's own folder, beside (not inside: the server runs as postgres, and $work is root's alone).
pgdir=$(mktemp -d "${TMPDIR:-/tmp}/glint-soak-postgres.XXXXXX")
mkdir -p "$OUT"
rm -f "$OUT"/report.* "$OUT"/*.log
pids=()
stop() { # pid: SIGTERM, then SIGKILL if it has not stopped within 90 s (said in stopped.txt; its threads' stacks in stuck-PID.log)
  kill "$1" 2>/dev/null || return 0
  for _ in $(seq 900); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  echo "$1 did not stop within 90 s of SIGTERM" >> "$work/stopped.txt"
  if command -v lldb >/dev/null; then timeout 120 lldb --batch -p "$1" -o "thread backtrace all" > "$work/stuck-$1.log" 2>&1 || true; fi
  kill -9 "$1" 2>/dev/null || true
}
cleanup() {
  for pid in "${pids[@]}" $(worker_pid 0) $(worker_pid 1); do stop "$pid"; done
  wait 2>/dev/null || true
  cp "$work"/*.log "$OUT"/ 2>/dev/null || true
  Scripts/postgres-test-server.sh stop "$pgdir" >/dev/null 2>&1 || true
  rm -rf "$work" "$pgdir"
}
trap cleanup EXIT

store=$(Scripts/postgres-test-server.sh start "$pgdir" "$PG_PORT")
data="$work/data"
export GLINT_LOG_LEVEL=${GLINT_LOG_LEVEL:-info}
keys=()
for tenant in 1 2 3 4 5; do
  keys+=("$("$GLINT" keys create --tenant "soak-$tenant" --name soak --store "$store" --data-dir "$data" --json |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')")
done
"$GLINT" serve --host 127.0.0.1 --port "$PORT" --store "$store" --data-dir "$data" --workers 2 --enable-test-kinds > "$work/serve.log" 2>&1 &
serve_pid=$!
pids+=("$serve_pid")
for _ in $(seq 300); do curl -fs "http://127.0.0.1:$PORT/health/ready" >/dev/null && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$PORT/health/ready" >/dev/null || { echo "soak: glint serve did not start:" >&2; cat "$work/serve.log" >&2; exit 1; }

# The worker processes' ids in worker-N.pid (the fault loop, a subshell, restarts them).
start_worker() { # index
  "$GLINT" worker --store "$store" --data-dir "$data" --concurrency 1 --enable-test-kinds >> "$work/worker-$1.log" 2>&1 &
  echo $! > "$work/worker-$1.pid"
}
worker_pid() { cat "$work/worker-$1.pid" 2>/dev/null; }
start_worker 0
start_worker 1

# serve's resident memory (kB) and open descriptors, by the minute they were read at.
sample() { # label
  local rss fds
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$serve_pid/status")
  fds=$(ls "/proc/$serve_pid/fd" | wc -l)
  echo "$1 $rss $fds" >> "$work/samples.txt"
}
descendants() { # pid...: every process below them
  local pid child
  for pid in "$@"; do
    for child in $(pgrep -P "$pid" || true); do
      echo "$child"
      descendants "$child"
    done
  done
}
# The load's length in seconds, and its half way.
half=$(python3 -c "print(max(1, round($SOAK_MINUTES * 30)))")
end=$(python3 -c "print(max(2, round($SOAK_MINUTES * 60)))")
# Faults while the load runs, none once it has stopped: the wait for every job (the drain) is then
# as long as the backlog takes. Kept up through the drain, a runner killed every RUNNER_KILL_SECONDS
# never let an edit finish once an attempt took longer than that (beside stress-ng, CI's 2-minute
# soak was still draining after 9 minutes, one edit on its fifth attempt).
faults() {
  local elapsed=0 victim=0
  while ((elapsed < end)); do
    sleep 1
    elapsed=$((elapsed + 1))
    if ((elapsed % RUNNER_KILL_SECONDS == 0)); then
      # Only this soak's runners (or their bubblewrap), below its own serve and workers.
      runner=$(for pid in $(descendants "$serve_pid" "$(worker_pid 0)" "$(worker_pid 1)"); do
        grep -qa runner "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
      done | shuf -n 1 || true)
      [ -n "$runner" ] && kill -9 "$runner" 2>/dev/null && echo "$(date +%T) killed runner $runner" >> "$work/faults.log"
    fi
    if ((elapsed % WORKER_KILL_SECONDS == 0)); then
      pid=$(worker_pid "$victim")
      kill -9 "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      echo "$(date +%T) killed worker $victim ($pid)" >> "$work/faults.log"
      start_worker "$victim"
      victim=$((1 - victim))
    fi
  done
}
faults &
fault_pid=$!
pids+=("$fault_pid")
# Samples at minute 1 (or half way, if sooner), half way and the end of the load.
first=$((half < 60 ? half : 60))
( sleep "$first"; sample "$(python3 -c "print($first / 60)")"; sleep $((half - first)); sample "$(python3 -c "print($half / 60)")"
  sleep $((end - half - 5 > 0 ? end - half - 5 : 0)); sample "$SOAK_MINUTES" ) &
pids+=($!)

echo "soak: $SOAK_MINUTES min, $CLIENTS clients, $(nproc) cores; $GLINT at $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
python3 Benchmarks/soak_driver.py --url "http://127.0.0.1:$PORT" --keys "$(IFS=,; echo "${keys[*]}")" --clients "$CLIENTS" \
  --minutes "$SOAK_MINUTES" --still "$still" --movie "$movie" --out "$work/driver.json"
# SIGKILL: a shell started with SIGTERM ignored (as a test runner may start it) cannot take it back.
kill -9 "$fault_pid" 2>/dev/null || true
wait "$fault_pid" 2>/dev/null || true

# What the store says of every job the driver submitted, the logs' completions, the files left.
psql -X -q -At "$store" -c "COPY (SELECT id, state, kind FROM glint_jobs) TO STDOUT" > "$work/jobs.tsv"
# The processes stop as a deployment stops them (SIGTERM: running jobs finish, work folders go);
# then retention runs (a file put by a worker killed before it recorded the job's completion is
# nobody's: no grace is needed with every process stopped), and the files left behind are counted.
for index in 0 1; do stop "$(worker_pid "$index")"; done
stop "$serve_pid"
"$GLINT" retention run --orphan-grace-seconds 0 --store "$store" --data-dir "$data" --json > "$work/retention.json"
psql -X -q -At "$store" -c "COPY (SELECT DISTINCT blob FROM glint_server_blob_owners) TO STDOUT" > "$work/claimed.txt"
psql -X -q -At "$store" -c "COPY (SELECT value FROM glint_jobs, jsonb_each_text(inputs) UNION SELECT value FROM glint_jobs, jsonb_each_text(outputs)) TO STDOUT" > "$work/named.txt"
grep -ho 'job completed job=[0-9a-f-]*' "$work"/serve.log "$work"/worker-*.log | sort | uniq -c | awk '$1 > 1' > "$work/twice.txt" || true
find "$data/blobs" -mindepth 3 -maxdepth 3 -type f -not -path "$data/blobs/tmp/*" -printf '%f\n' > "$work/files.txt"
# Temporary files: uploads and puts in progress (blobs/tmp), attempts' and runners' folders (work/).
find "$data/blobs/tmp" "$data/work" -type f 2>/dev/null | sed "s|^$data/||" > "$work/temporary.txt" || true
temporary=$(wc -l < "$work/temporary.txt")
python3 Benchmarks/soak_report.py --work "$work" --temporary "$temporary" --minutes "$SOAK_MINUTES" --out "$OUT"
