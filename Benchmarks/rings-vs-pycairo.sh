#!/usr/bin/env bash
# `glint rings` at 1024 px to PNG (angular gradients, 15% tracks, round caps, a ring above 100%
# with its head shadow) against the same three arcs drawn with pycairo (solid colours, round
# caps, on black, tracks too) and written to PNG, measured in one run. Prints ratios.
# See Benchmarks/README.md.
#
# glint is timed three ways: in process, like pycairo (the hidden `--repeat-count N --timing`
# draws, encodes and atomically writes (fsync included) the file N times and prints the mean
# per round of each phase); by hyperfine as a whole process (process start included: glint links
# all of FFmpeg, libheif and friends, whose loading costs far more than the drawing); and that
# less a 16 px run of the same command (start-up plus a trivial drawing).
# pycairo is timed inside Python (time.perf_counter over ITERATIONS renders, each drawing and
# writing the file), so Python's start and `import cairo` are excluded.
# The two are run alternately in ROUNDS rounds so that a shared machine's drifting load falls on
# both; the means over the rounds are compared.
#
# Both write their images into IMAGES (default: a folder in /dev/shm when there is one), so that
# the disk's latency is not measured: glint's atomic write fsyncs, which on tmpfs costs next to
# nothing, while pycairo's write_to_png never syncs; set IMAGES=out/bench-rings to include it.
#
# GLINT=path/to/glint uses that binary (otherwise glint is built, release); ROUNDS=5;
# ITERATIONS=10 renders per round for each; SIZE=1024. The table goes to out/bench-rings/results.md.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-5}
ITERATIONS=${ITERATIONS:-10}
SIZE=${SIZE:-1024}
PYTHON=${PYTHON:-python3}
command -v hyperfine >/dev/null || { echo "rings-vs-pycairo: needs hyperfine (run make deps)" >&2; exit 1; }
"$PYTHON" -c 'import cairo' 2>/dev/null || { echo "rings-vs-pycairo: needs pycairo for $PYTHON (pip install pycairo)" >&2; exit 1; }
if [ -z "${GLINT:-}" ]; then
  Scripts/build.sh
  GLINT=.build/${CONFIGURATION:-release}/glint
fi

work=out/bench-rings
mkdir -p "$work"
if [ -z "${IMAGES:-}" ]; then
  IMAGES=$(mktemp -d "$([ -d /dev/shm ] && echo /dev/shm || echo "$work")/glint-rings.XXXXXX")
  trap 'rm -rf "$IMAGES"' EXIT
fi
mkdir -p "$IMAGES"
PROGRESS=(0.75 1.3 0.5)   # Move 75%, Exercise 130% (overlap + shadow), Stand 50%
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
glint_args=(rings --move "${PROGRESS[0]}" --exercise "${PROGRESS[1]}" --stand "${PROGRESS[2]}")

add() { awk -v a="$1" -v b="$2" 'BEGIN {print a + b}'; }
sum_glint=0 sum_start=0 sum_cairo=0 sum_inproc=0 sum_render=0 sum_encode=0 sum_write=0
for ((round = 1; round <= ROUNDS; round++)); do
  cairo_ms=$("$PYTHON" Benchmarks/rings_pycairo.py "$SIZE" "$ITERATIONS" "$IMAGES/pycairo.png" "${PROGRESS[@]}" | awk '/pycairo_ms_per_image/ {print $2}')
  timing=$("$GLINT" "${glint_args[@]}" --size "$SIZE" --out "$IMAGES/glint.png" --repeat-count "$ITERATIONS" --timing 2>&1 >/dev/null)
  read -r render_ms encode_ms write_ms inproc_ms < <(awk '{print $2, $4, $6, $8}' <<<"$timing")
  hyperfine --style none --warmup 1 --runs "$ITERATIONS" --export-json "$work/round.json" \
    -n glint "$GLINT ${glint_args[*]} --size $SIZE --out $IMAGES/glint.png" \
    -n start "$GLINT ${glint_args[*]} --size 16 --out $IMAGES/glint-16.png" >/dev/null
  read -r glint_ms start_ms < <("$PYTHON" -c '
import json, sys
r = {x["command"]: x["mean"] * 1000 for x in json.load(open(sys.argv[1]))["results"]}
print("%.3f %.3f" % (r["glint"], r["start"]))' "$work/round.json")
  printf 'round %d: pycairo %.1f ms; glint in process %.1f ms (render %.1f, encode %.1f, write %.1f), process %.1f ms, 16 px process %.1f ms\n' \
    "$round" "$cairo_ms" "$inproc_ms" "$render_ms" "$encode_ms" "$write_ms" "$glint_ms" "$start_ms"
  sum_inproc=$(add "$sum_inproc" "$inproc_ms")
  sum_render=$(add "$sum_render" "$render_ms")
  sum_encode=$(add "$sum_encode" "$encode_ms")
  sum_write=$(add "$sum_write" "$write_ms")
  sum_glint=$(add "$sum_glint" "$glint_ms")
  sum_start=$(add "$sum_start" "$start_ms")
  sum_cairo=$(add "$sum_cairo" "$cairo_ms")
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

awk -v g="$sum_glint" -v s="$sum_start" -v c="$sum_cairo" -v n="$ROUNDS" -v size="$SIZE" \
    -v i="$sum_inproc" -v r="$sum_render" -v e="$sum_encode" -v w="$sum_write" \
    -v gb="$(stat -c %s "$IMAGES/glint.png")" -v cb="$(stat -c %s "$IMAGES/pycairo.png")" -v images="$IMAGES" \
    -v lb="$load_before" -v la="$load_after" 'BEGIN {
  g /= n; s /= n; c /= n; i /= n; r /= n; e /= n; w /= n
  printf "\n%d px, %d rounds, images written to %s; load average %s before, %s after\n\n", size, n, images, lb, la
  printf "| measure | ms | ratio to pycairo |\n| --- | ---: | ---: |\n"
  printf "| pycairo (draw + write PNG, in-process) | %.1f | 1.00 |\n", c
  printf "| glint rings, in process (draw + encode + atomic write) | %.1f | **%.2f** |\n", i, i / c
  printf "| of which drawing | %.1f | %.2f |\n", r, r / c
  printf "| of which PNG encoding | %.1f | %.2f |\n", e, e / c
  printf "| of which writing (fsync, rename) | %.1f | %.2f |\n", w, w / c
  printf "| glint rings, whole process | %.1f | %.2f |\n", g, g / c
  printf "| glint rings, whole process less a 16 px run | %.1f | %.2f |\n", g - s, (g - s) / c
  printf "\nPNG sizes: glint %d bytes, pycairo %d bytes. Goal: glint <= 0.5x pycairo.\n", gb, cb
}' | tee "$work/results.md"
