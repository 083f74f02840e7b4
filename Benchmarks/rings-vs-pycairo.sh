#!/usr/bin/env bash
# `glint rings` at 1024 px to PNG (angular gradients, 15% tracks, round caps, a ring above 100%
# with its head shadow) against the same three arcs drawn with pycairo (solid colours, round
# caps, on black, tracks too) and written to PNG, measured in one run. Prints ratios.
# See Benchmarks/README.md.
#
# glint is timed by hyperfine as a whole process (process start included), and again at
# 16 px (start-up plus a trivial drawing) so that the start-subtracted time is shown too.
# pycairo is timed inside Python (time.perf_counter over ITERATIONS renders, each drawing and
# writing the file), so Python's start and `import cairo` are excluded.
# The two are run alternately in ROUNDS rounds so that a shared machine's drifting load falls on
# both; the means over the rounds are compared.
#
# GLINT=path/to/glint uses that binary (otherwise glint is built, release); ROUNDS=5;
# ITERATIONS=10 renders per round for each; SIZE=1024. Outputs go to out/bench-rings/.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-5}
ITERATIONS=${ITERATIONS:-10}
SIZE=${SIZE:-1024}
PYTHON=${PYTHON:-python3}
command -v hyperfine >/dev/null || { echo "rings-vs-pycairo: needs hyperfine (run make deps)" >&2; exit 1; }
"$PYTHON" -c 'import cairo' 2>/dev/null || { echo "rings-vs-pycairo: needs pycairo for $PYTHON (pip install pycairo)" >&2; exit 1; }
if [ -z "${GLINT:-}" ]; then
  swift build -c release --product glint
  GLINT=.build/release/glint
fi

work=out/bench-rings
mkdir -p "$work"
PROGRESS=(0.75 1.3 0.5)   # Move 75%, Exercise 130% (overlap + shadow), Stand 50%
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
glint_args=(rings --move "${PROGRESS[0]}" --exercise "${PROGRESS[1]}" --stand "${PROGRESS[2]}")

sum_glint=0 sum_start=0 sum_cairo=0
for ((round = 1; round <= ROUNDS; round++)); do
  cairo_ms=$("$PYTHON" Benchmarks/rings_pycairo.py "$SIZE" "$ITERATIONS" "$work/pycairo.png" "${PROGRESS[@]}" | awk '/pycairo_ms_per_image/ {print $2}')
  hyperfine --style none --warmup 1 --runs "$ITERATIONS" --export-json "$work/round.json" \
    -n glint "$GLINT ${glint_args[*]} --size $SIZE --out $work/glint.png" \
    -n start "$GLINT ${glint_args[*]} --size 16 --out $work/glint-16.png" >/dev/null
  read -r glint_ms start_ms < <("$PYTHON" -c '
import json, sys
r = {x["command"]: x["mean"] * 1000 for x in json.load(open(sys.argv[1]))["results"]}
print(f"{r[\"glint\"]:.3f} {r[\"start\"]:.3f}")' "$work/round.json")
  printf 'round %d: glint %.1f ms (start %.1f ms), pycairo %.1f ms\n' "$round" "$glint_ms" "$start_ms" "$cairo_ms"
  sum_glint=$(awk -v a="$sum_glint" -v b="$glint_ms" 'BEGIN {print a + b}')
  sum_start=$(awk -v a="$sum_start" -v b="$start_ms" 'BEGIN {print a + b}')
  sum_cairo=$(awk -v a="$sum_cairo" -v b="$cairo_ms" 'BEGIN {print a + b}')
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

awk -v g="$sum_glint" -v s="$sum_start" -v c="$sum_cairo" -v n="$ROUNDS" -v size="$SIZE" \
    -v gb="$(stat -c %s "$work/glint.png")" -v cb="$(stat -c %s "$work/pycairo.png")" \
    -v lb="$load_before" -v la="$load_after" 'BEGIN {
  g /= n; s /= n; c /= n
  printf "\n%d px, %d rounds; load average %s before, %s after\n\n", size, n, lb, la
  printf "| measure | ms | ratio to pycairo |\n| --- | ---: | ---: |\n"
  printf "| pycairo (draw + write PNG, in-process) | %.1f | 1.00 |\n", c
  printf "| glint rings, whole process | %.1f | **%.2f** |\n", g, g / c
  printf "| glint rings, less process start (16 px run) | %.1f | **%.2f** |\n", g - s, (g - s) / c
  printf "\nPNG sizes: glint %d bytes, pycairo %d bytes. Goal: glint <= 0.5x pycairo.\n", gb, cb
}' | tee "$work/results.md"
