#!/usr/bin/env bash
# A badge on the real 12 MP JPEG: the real `glint badge` command (release build) and Glint's
# JPEGPatchCompositor alone (bitstream splice: only the touched MCU rows are Huffman-decoded,
# nothing else re-encoded) against `vips composite2` and ImageMagick
# `convert -composite` (decode, composite, re-encode the whole photo), same input, artwork and
# position, timed in one hyperfine run; a full libjpeg-turbo decode (djpeg) and jpegtran's lossless
# coefficient transcode for orientation. Prints means and ratios. See Benchmarks/README.md.
#
# GLINT_BADGE_BENCH=path uses that JPEGPatchBench binary (otherwise it is built, release); RUNS=20
# runs each (after 3 warm-ups); SHARED_FIXTURES=../shared/fixtures holds the real still.
# glint is `glint badge` (GLINT=path/to/glint; otherwise .build/release/glint, built here
# by Scripts/build.sh, as `make build` builds it); the
# goal is glint at least 4x faster than vips in wall time, and the script prints the ratio.
# JPEGPatchBench times the JPEGPatchCompositor alone (a PNG composited onto a JPEG, written
# atomically), by the splice and by the coefficient path.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-20}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
IMAGE=${IMAGE:-$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.jpg}
for tool in hyperfine vips convert djpeg jpegtran python3; do
  command -v "$tool" >/dev/null || { echo "badge-vs-vips: needs $tool (run make deps)" >&2; exit 1; }
done
[ -f "$IMAGE" ] || { echo "badge-vs-vips: $IMAGE not found" >&2; exit 1; }
if [ -z "${GLINT_BADGE_BENCH:-}" ]; then
  Scripts/build.sh
  GLINT_BADGE_BENCH=.build/${CONFIGURATION:-release}/JPEGPatchBench
fi
if [ -z "${GLINT:-}" ]; then
  Scripts/build.sh
  GLINT=.build/${CONFIGURATION:-release}/glint
fi

work=out/bench-badge
rm -rf "$work"
mkdir -p "$work"
# Every command writes its JPEG to memory (/dev/shm) when there is one: glint's atomic write fsyncs,
# vips and ImageMagick do not, and a disk flush would otherwise decide the result.
outdir=$work
if [ -d /dev/shm ]; then outdir=$(mktemp -d /dev/shm/glint-badge.XXXXXX); trap 'rm -rf "$outdir"' EXIT; fi
# The artwork: a 240 px badge (translucent disc, ring, a play glyph) with anti-aliased edges, as
# a PNG with straight alpha, drawn with ImageMagick.
SIZE=240
convert -size ${SIZE}x${SIZE} xc:none \
  -fill 'rgba(0,0,0,0.55)' -draw 'circle 120,120 120,8' \
  -fill none -stroke white -strokewidth 10 -draw 'circle 120,120 120,24' \
  -stroke none -fill white -draw 'circle 120,120 120,86' \
  -fill black -draw 'polygon 108,100 140,120 108,140' \
  "PNG32:$work/badge.png"
read -r WIDTH HEIGHT < <(python3 - "$IMAGE" <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
i = 2
while i < len(data):
    marker, length = data[i + 1], struct.unpack('>H', data[i + 2:i + 4])[0]
    if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
        h, w = struct.unpack('>HH', data[i + 5:i + 9]); print(w, h); break
    i += 2 + length
PY
)
# glint places the badge by its own rules (top-left, 6% of the shorter side, 10% clear space) and
# scales the artwork to that height; the peers get the same artwork already scaled to that size
# and the same position, so all of them composite the same pixels at the same place.
[ -x "$GLINT" ] || { echo "badge-vs-vips: $GLINT not found (run make build)" >&2; exit 1; }
read -r X Y W H < <("$GLINT" badge "$IMAGE" --kind live --artwork "$work/badge.png" --out "$work/glint-once" --json |
  python3 -c 'import json,sys; r=json.load(sys.stdin)[0]["badges"][0]["rect"]; print(r["x"], r["y"], r["width"], r["height"])')
convert "$work/badge.png" -resize "${W}x${H}!" "PNG32:$work/badge-sized.png"
echo "badge-vs-vips: $IMAGE (${WIDTH}x${HEIGHT}), ${W}x${H} badge at ($X, $Y), $RUNS runs each"
JPEGPATCH_VERBOSE=1 "$GLINT_BADGE_BENCH" "$IMAGE" "$work/badge-sized.png" $X $Y "$work/patch.jpg"

commands=(
  -n glint "$GLINT badge $IMAGE --kind live --artwork $work/badge.png --out $outdir/glint"
  -n glint-patch-only "$GLINT_BADGE_BENCH $IMAGE $work/badge-sized.png $X $Y $outdir/patch.jpg"
  -n glint-coefficients "$GLINT_BADGE_BENCH $IMAGE $work/badge-sized.png $X $Y $outdir/glint-coefficients.jpg coefficients"
  -n vips "vips composite2 $IMAGE $work/badge-sized.png $outdir/vips.jpg over --x $X --y $Y"
  -n imagemagick "convert $IMAGE $work/badge-sized.png -geometry +$X+$Y -composite $outdir/magick.jpg"
  -n glint-start "$GLINT --help"
  -n djpeg "djpeg -outfile /dev/null $IMAGE"
  -n jpegtran "jpegtran -copy all -outfile $outdir/jpegtran.jpg $IMAGE"
)
hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$work/hyperfine.json" "${commands[@]}" >/dev/null

python3 - "$work/hyperfine.json" <<'PY' | tee "$work/results.md"
import json, sys
results = {r['command']: r for r in json.load(open(sys.argv[1]))['results']}
vips = results['vips']['mean']
cpu = {name: r['user'] + r['system'] for name, r in results.items()}
print('| command | wall ms (mean) | σ ms | vips / command (wall) | CPU ms (user + system) | vips / command (CPU) |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for name, r in results.items():
    print(f"| {name} | {r['mean'] * 1000:.1f} | {r['stddev'] * 1000:.1f} | {vips / r['mean']:.2f}x "
          f"| {cpu[name] * 1000:.1f} | {cpu['vips'] / cpu[name]:.2f}x |")
glint = results['glint']['mean']
work = glint - results['glint-start']['mean']
print()
print(f"glint's process start (`glint --help`) is "
      f"{results['glint-start']['mean'] * 1000:.0f} ms of its {glint * 1000:.0f} ms; the badge itself {work * 1000:.0f} ms")
print(f"glint is {vips / glint:.2f}x faster than vips in wall time (goal: 4x, {'met' if vips / glint >= 4 else 'NOT met'}), "
      f"{cpu['vips'] / cpu['glint']:.2f}x in CPU time; "
      f"{results['imagemagick']['mean'] / glint:.1f}x faster than ImageMagick, "
      f"{results['djpeg']['mean'] / glint:.1f}x faster than a full djpeg decode")
PY
