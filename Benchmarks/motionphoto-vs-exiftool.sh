#!/usr/bin/env bash
# Motion Photo to Live Photo on the real Samsung HEIC: `glint export motionphoto.heic --as pair`
# against what a user does today, timed together with hyperfine:
#   exiftool -b -MotionPhotoVideo IN > video.mp4          (the video out of the mpvd box)
#   ffmpeg -i video.mp4 -map 0 -c copy -f mov OUT.MOV      (remuxed to QuickTime)
#   exiftool -Keys:ContentIdentifier=UUID OUT.MOV          (the movie's identifier)
#   exiftool -o OUT.HEIC -MotionPhotoVideo= -XMP-GCamera:all= -XMP-Container:all= -MediaGroupUUID=UUID IN
# Then shows, with exiftool and `glint inspect`, whether each result pairs: the identifier in both
# halves, and the still-image-time track (ffmpeg drops it; exiftool cannot make it).
# Prints the ratio against the peer measured in the same run. See Benchmarks/README.md.
#
# GLINT=path/to/glint uses that binary (otherwise glint is built, release); RUNS=10 timed runs
# each (after 2 warm-ups); SHARED_FIXTURES=../shared/fixtures. Outputs go to out/bench/motionphoto.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-10}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
input="$SHARED_FIXTURES/motionphoto/motionphoto.heic"
[ -f "$input" ] || { echo "motionphoto-vs-exiftool: $input not found (the shared fixtures)" >&2; exit 1; }
for tool in exiftool ffmpeg hyperfine; do
  command -v "$tool" >/dev/null || { echo "motionphoto-vs-exiftool: needs $tool (run make deps)" >&2; exit 1; }
done
if [ -z "${GLINT:-}" ]; then
  Scripts/build.sh
  GLINT=.build/${CONFIGURATION:-release}/glint
fi
work=out/bench/motionphoto
rm -rf "$work"; mkdir -p "$work/glint" "$work/peer"
uuid=0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0

# The peer: every step as a user types it; a step exiftool refuses (it cannot write the tag) is
# still run and timed, and its result shown below.
cat > "$work/peer.sh" <<EOF
set -u
rm -f "$work/peer/"*
exiftool -b -MotionPhotoVideo "$input" > "$work/peer/video.mp4"
ffmpeg -v error -y -i "$work/peer/video.mp4" -map 0 -c copy -f mov "$work/peer/motionphoto.MOV"
exiftool -q -q -overwrite_original "-Keys:ContentIdentifier=$uuid" "$work/peer/motionphoto.MOV" || true
exiftool -q -q -o "$work/peer/motionphoto.HEIC" -MotionPhotoVideo= -XMP-GCamera:all= -XMP-Container:all= "-MediaGroupUUID=$uuid" "$input" || true
rm -f "$work/peer/video.mp4"
EOF
glint_command="rm -f $work/glint/*; $GLINT export $input --as pair --identifier $uuid --out $work/glint"

echo "motion photo to live photo: $input ($(stat -c %s "$input") bytes), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine --warmup 2 --runs "$RUNS" --export-json "$work/times.json" \
  -n glint "$glint_command" -n "exiftool + ffmpeg + exiftool" "bash $work/peer.sh"

python3 - "$work/times.json" <<'EOF'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
glint, peer = results["glint"], results["exiftool + ffmpeg + exiftool"]
print(f"\nglint {glint['mean'] * 1000:.0f} ms, peer {peer['mean'] * 1000:.0f} ms (means of the runs): "
      f"glint is {peer['mean'] / glint['mean']:.2f}x faster (goal: at least 3x)")
EOF

for side in glint peer; do
  echo; echo "=== $side: does the result pair?"
  exiftool -q -q -a -G1 -s -ee -MediaGroupUUID -ContentIdentifier -StillImageTime -MotionPhoto "$work/$side"/* || true
  "$GLINT" inspect "$work/$side"/* | sed -n '/^Live Photos:/,$p;/^No Live Photos/,$p'
done
