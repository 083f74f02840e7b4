#!/usr/bin/env bash
# The latency claims that used to be test assertions (issue 39: tests advance a test clock and check
# outcomes; how long things take is measured here), `make bench-latency`. Benchmarks/latency.py runs
# each claim TRIES times (50) and prints p50 / p99 / max, first on the machine as it is ("idle"),
# then beside a CPU hog (`stress-ng --cpu HOG_CPUS`, 2: every core of ours busy), which this script
# starts and stops itself; the peer of each measure is the same measure idle:
#   runner-gone        a cancelled livephoto.edit's runner (and bubblewrap) gone, from `glint jobs cancel` (claim: within a second)
#   runner-gone-job    the same tries: until the job is cancelled (where runner-gone's time goes)
#   orphan-runner-gone an edit's runner (and bubblewrap) gone, from its worker's SIGKILL (claim: within 2 s)
#   heartbeat-cancel   a running edit that reports no progress (its runner SIGSTOPped), cancelled: the heartbeat asks (claim: within a second)
#   progress-cancel    a running queue.noop cancelled: its next progress report finds the request (the peer of heartbeat-cancel)
#   serve-stop-stream  glint serve, SIGTERM to exit with an /events stream open (claim: long before the 30 s stop margin)
#   serve-stop-upload  glint serve --stop-margin-seconds 2, SIGTERM to exit with an upload in flight (claim: cut off after the margin)
# The edit is of the iPhone 6s pair in SHARED_FIXTURES (a generated pair when it is absent). Results
# in OUT (out/bench/latency): results.md (the table), idle.json and hog.json (every sample), the logs.
# About 25 s per try of all the measures on each phase in a debug build (much of it glint starting).
#
#   GLINT=.build/release/glint TRIES=50 [SANDBOX=none] Benchmarks/latency.sh
set -euo pipefail
cd "$(dirname "$0")/.."

GLINT=${GLINT:-.build/release/glint}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
TRIES=${TRIES:-50}
HOG_CPUS=${HOG_CPUS:-2}
SANDBOX=${SANDBOX:-}
OUT=${OUT:-out/bench/latency}
[ -x "$GLINT" ] || { echo "latency: $GLINT not built (make build)" >&2; exit 1; }
command -v stress-ng >/dev/null || { echo "latency: stress-ng is not installed (make deps)" >&2; exit 1; }
if [ -z "$SANDBOX" ] && ! bwrap --unshare-all --ro-bind / / true 2>/dev/null; then
  echo "latency: bubblewrap cannot make a sandbox here: runners and serve need it (or SANDBOX=none)" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/glint-bench-latency.XXXXXX")
hog=
cleanup() {
  if [ -n "$hog" ]; then kill "$hog" 2>/dev/null && wait "$hog" 2>/dev/null || true; fi
  for log in "$work"/*.log; do [ -f "$log" ] && cp "$log" "$OUT/"; done
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$OUT"
rm -f "$OUT"/*.json "$OUT"/*.log "$OUT"/results.md

still="$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.jpg"
movie="$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.mov"
if ! [ -f "$still" ] || ! [ -f "$movie" ]; then
  echo "latency: $still not found: a generated pair instead"
  "$GLINT" fixture --out "$work/pair" --name pair >/dev/null
  still="$work/pair/pair.jpg" movie="$work/pair/pair.mov"
fi

started=$(date +%s)
binary="$GLINT at $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo ' (with changes)')"
echo "latency: $(nproc) cores; $binary; TRIES $TRIES; sandbox ${SANDBOX:-default}"
measure() { # phase note
  python3 Benchmarks/latency.py measure --glint "$GLINT" --still "$still" --movie "$movie" --phase "$1" --tries "$TRIES" \
    --out "$OUT" --work "$work" --sandbox "$SANDBOX" --note "$2; $binary; $(nproc) cores, load before $(cut -d' ' -f1-3 /proc/loadavg)"
}
measure idle "as the machine is (no hog)"

# The hog ends by itself too, should this script be killed before it can stop it.
stress-ng --cpu "$HOG_CPUS" --timeout "$((TRIES * 120))s" --quiet &
hog=$!
sleep 3 # its workers running at full speed
measure hog "beside stress-ng --cpu $HOG_CPUS"
kill "$hog" && wait "$hog" 2>/dev/null || true
hog=

python3 Benchmarks/latency.py report --out "$OUT"
echo "latency: $(( $(date +%s) - started )) s in all; load after $(cut -d' ' -f1-3 /proc/loadavg); results in $OUT/results.md"
