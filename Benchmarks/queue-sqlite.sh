#!/usr/bin/env bash
# SQLiteJobStore throughput (Benchmarks/SQLiteQueueBench, release build): enqueue JOBS no-op jobs
# in transactions of 1,000, then drain them with WORKERS tasks that claim a batch and complete it
# in one batch; at claim batch 1 (one job per claim, as litequeue pops) and at BATCH (100).
# litequeue 0.9 (PyPI, a minimal SQLite queue: pop + done per message, no tenants, no leases) does
# the same JOBS in the same run on the same disk, and the ratios are printed. Goal (issue 5):
# SQLite drains at least 5,000 jobs/s. See Benchmarks/README.md.
#
# JOBS=100000 BATCH=100 WORKERS=2 TENANTS=1; PYTHON=python3 (needs `pip install litequeue==0.9`;
# the peer is skipped with a note when missing); BENCH=path/to/SQLiteQueueBench skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."

JOBS=${JOBS:-100000}
BATCH=${BATCH:-100}
WORKERS=${WORKERS:-2}
TENANTS=${TENANTS:-1}
PYTHON=${PYTHON:-python3}
if [ -z "${BENCH:-}" ]; then
  swift build -c release --product SQLiteQueueBench
  BENCH=.build/release/SQLiteQueueBench
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/glint-queue-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
glint_batch=$("$BENCH" --jobs "$JOBS" --batch "$BATCH" --workers "$WORKERS" --tenants "$TENANTS" --path "$work/batch.sqlite")
echo "$glint_batch"
glint_one=$("$BENCH" --jobs "$JOBS" --batch 1 --workers 1 --tenants "$TENANTS" --path "$work/one.sqlite")
echo "$glint_one"
rate() { awk -v key="$1" '$1 == key {print $2}'; }

if "$PYTHON" -c 'import litequeue' 2>/dev/null; then
  peer=$("$PYTHON" Benchmarks/queue_sqlite_litequeue.py "$JOBS" "$work/litequeue.sqlite")
  peer_enqueue=$(rate enqueue_jobs_per_s <<<"$peer")
  peer_drain=$(rate drain_jobs_per_s <<<"$peer")
  echo "litequeue: enqueue $peer_enqueue jobs/s, drain $peer_drain jobs/s (pop + done per job)"
  awk -v ge="$(rate enqueue: <<<"$glint_batch")" -v gb="$(rate drain: <<<"$glint_batch")" \
      -v g1="$(rate drain: <<<"$glint_one")" -v pe="$peer_enqueue" -v pd="$peer_drain" -v b="$BATCH" 'BEGIN {
    printf "ratio enqueue glint/litequeue: %.2f\n", ge / pe
    printf "ratio drain glint(batch 1, 1 worker)/litequeue: %.2f\n", g1 / pd
    printf "ratio drain glint(batch %d)/litequeue: %.2f\n", b, gb / pd
  }'
else
  echo "litequeue not installed for $PYTHON (pip install litequeue==0.9): no peer run"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
