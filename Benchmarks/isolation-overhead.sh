#!/usr/bin/env bash
# Isolated job runners against in-process jobs, in one run (`make bench-isolation`, issue 14 item 5).
# Two `glint serve` processes alike but for `--isolation` (in-process, runner), each with its own
# throw-away data directory, API key and 2 embedded worker slots; Benchmarks/isolation_overhead.py
# drives both, alternating them (ABAB...):
#   1. livephoto.edit on the iPhone 6s pair from ../shared/fixtures, one job at a time: wall time per
#      job, submission to completion (goal: isolated at most 3% more);
#   2. rings.render and badge.apply throughput, JOBS jobs per batch (goal: isolated within 20%);
#   3. sequential GET /v1/jobs/{id} and POST /v1/jobs latency, p50 and p99, idle and while the worker
#      runs livephoto.edit on both slots (goal: isolated p99 under 10 ms);
# and the start-up cost of a bare `glint runner` (and under bubblewrap). Where glint has `--sandbox`
# (runners under bubblewrap by default) or `--warm-runners` (runners kept for a tenant's next jobs),
# one more server each, with `--sandbox none` or `--warm-runners 0`, runs the throughput batches too,
# to tell the sandbox's and the runner start's shares. Results in out/bench/isolation/ (results.md, the
# table; results.json, every sample; run.log; the servers' logs).
set -euo pipefail
cd "$(dirname "$0")/.."

GLINT=${GLINT:-.build/release/glint}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
PORT=${PORT:-18490}
WORKERS=${WORKERS:-2}
EDIT_ROUNDS=${EDIT_ROUNDS:-10}
JOBS=${JOBS:-200}
THROUGHPUT_ROUNDS=${THROUGHPUT_ROUNDS:-3}
LATENCY_ROUNDS=${LATENCY_ROUNDS:-3}
LATENCY_SECONDS=${LATENCY_SECONDS:-10}
RATE=${RATE:-100}
OUT=${OUT:-out/bench/isolation}
[ -x "$GLINT" ] || { echo "isolation-overhead: $GLINT not built (make build)" >&2; exit 1; }
still="$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.jpg"
movie="$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.mov"
[ -f "$still" ] && [ -f "$movie" ] || { echo "isolation-overhead: $still and $movie not found (the shared fixtures)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/glint-bench-isolation.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  for log in "$work"/*.log; do [ -f "$log" ] && cp "$log" "$OUT/serve-$(basename "$log")"; done
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$OUT"
rm -f "$OUT"/results.* "$OUT"/run.log "$OUT"/serve-*.log

# One server per variant, on PORT, PORT+1 (and the references on PORT+2...); all stay up for the whole run (those not
# being measured only poll their empty queues).
start_server() { # name port flags...: sets $key (not in a subshell, so that $pids keeps the server)
  local variant=$1 port=$2 data="$work/data-$1"
  shift 2
  key=$("$GLINT" keys create --tenant bench --name bench --queues default,bench-parked --data-dir "$data" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')
  GLINT_LOG_LEVEL=${GLINT_LOG_LEVEL:-warning} "$GLINT" serve --host 127.0.0.1 --port "$port" --data-dir "$data" --workers "$WORKERS" --enable-test-kinds \
    "$@" > "$work/$variant.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/health/ready" >/dev/null && break; sleep 0.1; done
  curl -fs "http://127.0.0.1:$port/health/ready" >/dev/null || { echo "isolation-overhead: glint serve $* did not start:" >&2; cat "$work/$variant.log" >&2; exit 1; }
}
started=$(date +%s)
echo "isolation-overhead: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $GLINT at $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
start_server in-process "$PORT" --isolation in-process --sandbox none; key_in=$key
start_server runner "$((PORT + 1))" --isolation runner; key_iso=$key
# References for the throughput batches, where this glint has the flags: runners without bubblewrap,
# and one runner per attempt (no warm runners).
references=() sandbox="limits only (this glint has no --sandbox)" port=$((PORT + 2)) index=0
serve_help=$("$GLINT" serve --help)
for flags in "--sandbox none" "--warm-runners 0"; do
  grep -q -- "${flags% *}" <<<"$serve_help" || continue
  index=$((index + 1))
  # shellcheck disable=SC2086 # the flags are two words
  start_server "reference-$index" "$port" --isolation runner $flags
  references+=(--reference "$flags" "http://127.0.0.1:$port" "$key")
  port=$((port + 1))
done
if grep -q -- '--sandbox' <<<"$serve_help"; then
  # The default sandbox is required: the runner server above did not start without it.
  sandbox="under bubblewrap $(bwrap --version 2>/dev/null | cut -d' ' -f2) with seccomp (--sandbox bubblewrap, the default)"
fi
warm=$(tr -s ' \n' ' ' <<<"$serve_help" | grep -o -- '--warm-runners <warm-runners>.\{0,300\}' | grep -o '(default [0-9]*;' | head -1 | tr -dc 0-9 || true)
[ -z "$warm" ] || sandbox="$sandbox, --warm-runners $warm (the default)"
echo "isolation-overhead: isolated runners $sandbox"

python3 Benchmarks/isolation_overhead.py \
  --in-process "http://127.0.0.1:$PORT" "$key_in" --isolated "http://127.0.0.1:$((PORT + 1))" "$key_iso" \
  "${references[@]}" --runners-note "$sandbox" --glint "$GLINT" --still "$still" --movie "$movie" --out "$OUT" --concurrency "$WORKERS" \
  --edit-rounds "$EDIT_ROUNDS" --jobs "$JOBS" --throughput-rounds "$THROUGHPUT_ROUNDS" \
  --latency-rounds "$LATENCY_ROUNDS" --latency-seconds "$LATENCY_SECONDS" --rate "$RATE"
echo "isolation-overhead: $(( $(date +%s) - started )) s in all; load after $(cut -d' ' -f1-3 /proc/loadavg); results in $OUT/results.md"
