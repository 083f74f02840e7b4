#!/usr/bin/env bash
# SQLiteJobStore throughput (Benchmarks/SQLiteQueueBench, release build): enqueue JOBS no-op jobs
# in transactions of 1,000, then drain them with WORKERS tasks that each claim BATCH jobs and
# complete them in one batch. Goal (issue 5): SQLite drains at least 5,000 jobs/s.
# The peer: litequeue 0.9 (PyPI), a minimal SQLite queue (no tenants, leases or retries; WAL and
# synchronous=NORMAL like SQLiteJobStore), which pops and acks one message per transaction. Its
# pop sorts every ready message, so it runs on PEER_JOBS (10,000), and glint runs the same
# PEER_JOBS with one worker claiming one job at a time for the ratio. Every run is printed with
# wall-clock rates and jobs per CPU second (the machine is shared). See Benchmarks/README.md.
#
# JOBS=100000 BATCH=100 WORKERS=2 TENANTS=1 PEER_JOBS=10000; PYTHON=python3 (needs
# `pip install litequeue==0.9`; skipped with a note when missing); BENCH=path/to/SQLiteQueueBench
# skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."

JOBS=${JOBS:-100000}
BATCH=${BATCH:-100}
WORKERS=${WORKERS:-2}
TENANTS=${TENANTS:-1}
PEER_JOBS=${PEER_JOBS:-10000}
PYTHON=${PYTHON:-python3}
if [ -z "${BENCH:-}" ]; then
  Scripts/build.sh
  BENCH=.build/${CONFIGURATION:-release}/SQLiteQueueBench
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/glint-queue-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
glint_batch=$("$BENCH" --jobs "$JOBS" --batch "$BATCH" --workers "$WORKERS" --tenants "$TENANTS" --path "$work/batch.sqlite")
echo "$glint_batch"
glint_one=$("$BENCH" --jobs "$PEER_JOBS" --batch 1 --workers 1 --tenants "$TENANTS" --path "$work/one.sqlite")
echo "$glint_one"
rate() { awk -v key="$1" '$1 == key {print $2}'; }

if "$PYTHON" -c 'import litequeue' 2>/dev/null; then
  peer=$("$PYTHON" Benchmarks/queue_sqlite_litequeue.py "$PEER_JOBS" "$work/litequeue.sqlite")
  peer_enqueue=$(rate enqueue_jobs_per_s <<<"$peer")
  peer_drain=$(rate drain_jobs_per_s <<<"$peer")
  echo "litequeue: enqueue $peer_enqueue jobs/s, drain $peer_drain jobs/s (pop + done per job)"
  awk -v ge="$(rate enqueue: <<<"$glint_one")" -v g1="$(rate drain: <<<"$glint_one")" \
      -v gb="$(rate drain: <<<"$glint_batch")" -v pe="$peer_enqueue" -v pd="$peer_drain" -v b="$BATCH" -v n="$PEER_JOBS" 'BEGIN {
    printf "ratio enqueue glint/litequeue (%d jobs): %.2f\n", n, ge / pe
    printf "ratio drain glint (claim 1, 1 worker)/litequeue (%d jobs): %.2f\n", n, g1 / pd
    printf "ratio drain glint (claim %d, JOBS)/litequeue (%d jobs): %.2f\n", b, n, gb / pd
  }'
else
  echo "litequeue not installed for $PYTHON (pip install litequeue==0.9): no peer run"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
