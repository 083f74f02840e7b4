#!/usr/bin/env bash
# The PostgreSQL job queue (PostgresQueueBench over PostgresJobStore) against pgqueuer (PyPI), on one
# throw-away PostgreSQL server started here with PostgreSQL's durable defaults (fsync and synchronous
# commit on), the same for both:
#   - enqueue JOBS no-op jobs in batches of 1,000, then drain them with WORKERS concurrent consumers
#     claiming BATCH jobs at a time and completing in batches, for BATCH in 10 and 100;
#   - enqueue-to-start latency, p50 and p99, with one producer at RATE jobs/s for SECONDS and WORKERS
#     consumers idle-waiting on LISTEN/NOTIFY.
# Prints jobs/s for both and Glint's ratio. Run through `make bench-queue`.
set -euo pipefail
cd "$(dirname "$0")/.."

BENCH=${BENCH:-.build/release/PostgresQueueBench}
JOBS=${JOBS:-100000}
WORKERS=${WORKERS:-4}
RATE=${RATE:-500}
SECONDS_STEADY=${SECONDS_STEADY:-10}
PORT=${PORT:-54339}
# Each measurement ROUNDS times, Glint and pgqueuer alternating (which goes first swaps each round), the
# best of each kept: the machine is shared, and a burst of someone else's load should not decide it.
ROUNDS=${ROUNDS:-2}
[ -x "$BENCH" ] || { echo "queue-vs-pgqueuer: $BENCH not built (make build)" >&2; exit 1; }
python3 -c 'import pgqueuer, asyncpg' || { echo "queue-vs-pgqueuer: pip install pgqueuer asyncpg" >&2; exit 1; }

pgdir=$(mktemp -d "${TMPDIR:-/tmp}/glint-bench-postgres.XXXXXX")
trap 'Scripts/postgres-test-server.sh stop "$pgdir"' EXIT
url=$(Scripts/postgres-test-server.sh start "$pgdir" "$PORT" durable)
echo "PostgreSQL $(psql "$url" -Atc 'SHOW server_version') at $url (fsync=$(psql "$url" -Atc 'SHOW fsync'), synchronous_commit=$(psql "$url" -Atc 'SHOW synchronous_commit'))"
echo "$(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

field() { python3 -c "import json,sys; print(round(json.loads(sys.argv[1])[sys.argv[2]], ${3:-0}))" "$1" "$2"; }
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$1" "$2"; }
fresh() {
  psql -q "$url" -c 'DROP SCHEMA IF EXISTS glint_bench CASCADE' 2>/dev/null
  psql -q "$url" -c 'VACUUM' 2>/dev/null
  psql -q "$url" -c 'CHECKPOINT' 2>/dev/null
}

best() { python3 -c "import json,sys; print(max((json.loads(a) for a in sys.argv[1:]), key=lambda r: r['per_second'])['per_second'])" "$@"; }
glint_drain_once() {
  fresh
  glint_enqueues+=("$("$BENCH" enqueue "$url" "$JOBS" 1000)")
  local drained; drained=$("$BENCH" drain "$url" "$WORKERS" "$1")
  [ "$(field "$drained" jobs)" = "$JOBS" ] || { echo "queue-vs-pgqueuer: Glint drained $(field "$drained" jobs) of $JOBS" >&2; exit 1; }
  glint_drains+=("$drained")
}
peer_drain_once() {
  fresh
  peer_enqueues+=("$(python3 Benchmarks/queue_pgqueuer.py enqueue "$url" "$JOBS" 1000)")
  peer_drains+=("$(python3 Benchmarks/queue_pgqueuer.py drain "$url" "$WORKERS" "$1" "$JOBS")")
}

printf '\n%-34s %14s %14s %8s\n' "jobs/s ($JOBS jobs, $WORKERS workers, best of $ROUNDS)" "Glint" "pgqueuer" "ratio"
glint_enqueues=() peer_enqueues=()
for batch in 10 100; do
  glint_drains=() peer_drains=()
  for round in $(seq "$ROUNDS"); do
    if [ $((round % 2)) = 1 ]; then glint_drain_once "$batch"; peer_drain_once "$batch"; else peer_drain_once "$batch"; glint_drain_once "$batch"; fi
  done
  g=$(best "${glint_drains[@]}") p=$(best "${peer_drains[@]}")
  rows+=("$(printf '%-34s %14.0f %14.0f %8s' "drain, batch $batch" "$g" "$p" "$(ratio "$g" "$p")")")
done
g=$(best "${glint_enqueues[@]}") p=$(best "${peer_enqueues[@]}")
printf '%-34s %14.0f %14.0f %8s\n' "enqueue (batches of 1,000)" "$g" "$p" "$(ratio "$g" "$p")"
printf '%s\n' "${rows[@]}"

fresh
glint_latency=$("$BENCH" latency "$url" "$WORKERS" "$RATE" "$SECONDS_STEADY")
fresh
peer_latency=$(python3 Benchmarks/queue_pgqueuer.py latency "$url" "$WORKERS" "$RATE" "$SECONDS_STEADY")
printf '\n%-34s %14s %14s\n' "enqueue-to-start at $RATE jobs/s" "Glint" "pgqueuer"
printf '%-34s %14s %14s\n' "p50 (ms)" "$(field "$glint_latency" p50_ms 2)" "$(field "$peer_latency" p50_ms 2)"
printf '%-34s %14s %14s\n' "p99 (ms)" "$(field "$glint_latency" p99_ms 2)" "$(field "$peer_latency" p99_ms 2)"
printf '%-34s %14s %14s\n' "jobs started / submitted" "$(field "$glint_latency" started)/$(field "$glint_latency" jobs)" \
  "$(field "$peer_latency" started)/$(field "$peer_latency" jobs)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
