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
[ -x "$BENCH" ] || { echo "queue-vs-pgqueuer: $BENCH not built (swift build -c release --product PostgresQueueBench)" >&2; exit 1; }
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

printf '\n%-34s %14s %14s %8s\n' "jobs/s ($JOBS jobs, $WORKERS workers)" "Glint" "pgqueuer" "ratio"
for batch in 10 100; do
  fresh
  glint_enqueue=$("$BENCH" enqueue "$url" "$JOBS" 1000)
  glint_drain=$("$BENCH" drain "$url" "$WORKERS" "$batch")
  fresh
  peer_enqueue=$(python3 Benchmarks/queue_pgqueuer.py enqueue "$url" "$JOBS" 1000)
  peer_drain=$(python3 Benchmarks/queue_pgqueuer.py drain "$url" "$WORKERS" "$batch" "$JOBS")
  [ "$(field "$glint_drain" jobs)" = "$JOBS" ] || { echo "queue-vs-pgqueuer: Glint drained $(field "$glint_drain" jobs) of $JOBS" >&2; exit 1; }
  if [ "$batch" = 10 ]; then
    printf '%-34s %14s %14s %8s\n' "enqueue (batches of 1,000)" "$(field "$glint_enqueue" per_second)" "$(field "$peer_enqueue" per_second)" \
      "$(ratio "$(field "$glint_enqueue" per_second)" "$(field "$peer_enqueue" per_second)")"
  fi
  printf '%-34s %14s %14s %8s\n' "drain, batch $batch" "$(field "$glint_drain" per_second)" "$(field "$peer_drain" per_second)" \
    "$(ratio "$(field "$glint_drain" per_second)" "$(field "$peer_drain" per_second)")"
done

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
