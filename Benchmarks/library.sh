#!/usr/bin/env bash
# A whole photo library converted in one command, against what users run today on the same folder:
# exiftool + ffmpeg per file, run as many at a time as glint runs items (`xargs -P` the cores).
#
# The library (at least 300 items, nested folders) is generated first and not timed:
#   PAIRS Live Photos (glint fixture, fresh identifiers) in iPhone-like DCIM folders;
#   PIXEL Google Motion Photo JPEGs and PIXEL_HEIC HEIC ones (glint export --as motion-photo);
#   SAMSUNG_HEIC Samsung HEICs (the shared Galaxy HEIC, edited with a different exposure each:
#   its mpvd box, sefd trailer and mpv2 record kept); SAMSUNG_JPEG Samsung JPEGs (a still, then a
#   SEF trailer holding the MP4, built by library_make.py from ExifTool's layout);
#   PHOTOS plain photos and a few PNGs; BROKEN truncated files.
#
# Then, each timed once with /usr/bin/time (wall seconds and peak resident memory of the largest
# process):
#   1. the whole library --as motion-photo: `glint export LIB -r --as motion-photo --jobs N`
#      (a Motion Photo keeps its own container and codec) against, per still: a Live Photo's movie
#      remuxed to MP4 (ffmpeg, audio to AAC), the Motion Photo XMP written from a template
#      (exiftool "-xmp<=") and the MP4 appended (cat); any other still copied. Then both told to
#      make every Motion Photo a JPEG with H.264 motion (`--motion-container jpeg --motion-codec
#      h264`; the peer re-encodes HEIC stills with vips and HEVC motion with ffmpeg's libx264 on
#      glint's settings), to show what those re-encodes cost either side;
#   3. a Google Takeout export (TAKEOUT photos without a date, each with its sidecar, and ALBUM of
#      them copied again into an album's folder with their sidecars): `glint export TAKEOUT -r --as
#      still` (dates and places from the sidecars, album copies converted once) against
#      google-photos-takeout-helper 2.3.0 (PyPI, installed into a virtual environment here; it runs
#      one file at a time), and exiftool counts the outputs that carry the sidecar's date;
#   2. the Motion Photos --as pair: `glint export MOTION -r --as pair` against, per file: the video
#      out (exiftool -b -MotionPhotoVideo; -EmbeddedVideoFile for Samsung; -ee -EmbeddedVideo for a
#      JPEG's trailer), remuxed to a
#      QuickTime movie (ffmpeg), its identifier written (exiftool -Keys:ContentIdentifier), and the
#      still without its video (exiftool -trailer:all= / -MotionPhotoVideo=).
# Items per second are compared (goal: glint at least 5x), and every output is checked with exiftool:
# does each Motion Photo hold a video it finds, does each still have a movie with its identifier.
#
# GLINT=path/to/glint uses that binary (otherwise glint is built, release); JOBS (default: the cores);
# SHARED_FIXTURES=../shared/fixtures. Everything goes to out/bench/library.
set -euo pipefail
cd "$(dirname "$0")/.."

PAIRS=${PAIRS:-150} PIXEL=${PIXEL:-60} PIXEL_HEIC=${PIXEL_HEIC:-20} SAMSUNG_HEIC=${SAMSUNG_HEIC:-10}
SAMSUNG_JPEG=${SAMSUNG_JPEG:-30} PHOTOS=${PHOTOS:-30} BROKEN=${BROKEN:-5} TAKEOUT=${TAKEOUT:-600} ALBUM=${ALBUM:-180}
JOBS=${JOBS:-$(nproc)}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
galaxy="$SHARED_FIXTURES/motionphoto/motionphoto.heic"
[ -f "$galaxy" ] || { echo "library: $galaxy not found (the shared fixtures)" >&2; exit 1; }
for tool in exiftool ffmpeg ffprobe vips python3 hyperfine /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "library: needs $tool (run make deps)" >&2; exit 1; }
done
if [ -z "${GLINT:-}" ]; then
  Scripts/build.sh
  GLINT=.build/${CONFIGURATION:-release}/glint
fi
GLINT=$(realpath "$GLINT")
work=$(pwd)/out/bench/library
lib=$work/library src=$work/sources
if [ "${REUSE:-0}" = 1 ] && [ -f "$work/generated" ]; then
  # The library of an earlier run, kept; only the outputs are removed.
  find "$work" -mindepth 1 -maxdepth 1 ! -name library ! -name sources ! -name generated ! -name venv -exec rm -rf {} +
else
  rm -rf "$work"; mkdir -p "$lib" "$src"
fi
size=(--still-size 2016x1512 --frame-size 960x720 --frames 40)
export GLINT lib src

fixture() { # fixture DIR NAME [OPTIONS...]: one synthetic Live Photo with a fresh identifier
  local dir=$1 name=$2; shift 2
  mkdir -p "$dir" && "$GLINT" fixture --out "$dir" --name "$name" --identifier random "$@" >/dev/null
}
export -f fixture
started=$(date +%s)
if [ ! -f "$work/generated" ]; then
echo "== generating the library ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
started=$(date +%s)
sizes="${size[*]}"
export sizes
seq 1 "$PAIRS" | xargs -P "$JOBS" -I{} bash -c 'fixture "$lib/iPhone/DCIM/$((100 + {} % 4))APPLE" "IMG_$((1000 + {}))" $sizes'
seq 1 "$PIXEL" | xargs -P "$JOBS" -I{} bash -c 'fixture "$src/pixel" "PXL_20230601_$((100000 + {}))" $sizes'
"$GLINT" export "$src/pixel" --as motion-photo --out "$lib/Android/Pixel 7/Camera" --json >/dev/null
seq 1 "$PIXEL_HEIC" | xargs -P "$JOBS" -I{} bash -c 'fixture "$src/pixel-heic" "PXL_20230602_$((100000 + {}))" $sizes'
"$GLINT" export "$src/pixel-heic" --as motion-photo --motion-container heic --out "$lib/Android/Pixel 8/Camera" --json >/dev/null
for i in $(seq 1 "$SAMSUNG_HEIC"); do
  echo "{\"exposure\": 0.0$i}" > "$src/recipe-$i.json"
  "$GLINT" edit "$galaxy" --recipe "$src/recipe-$i.json" --out "$src/galaxy-$i" --json >/dev/null
  mkdir -p "$lib/Android/Galaxy S23/DCIM/Camera"
  mv "$src/galaxy-$i/motionphoto.heic" "$lib/Android/Galaxy S23/DCIM/Camera/20230303_$((120000 + i)).heic"
done
seq 1 "$SAMSUNG_JPEG" | xargs -P "$JOBS" -I{} bash -c 'fixture "$src/samsung" "S_{}" $sizes'
"$GLINT" export "$src/samsung" --as mp4 --out "$src/samsung-mp4" --json >/dev/null
mkdir -p "$lib/Android/Galaxy S10/DCIM/Camera"
for i in $(seq 1 "$SAMSUNG_JPEG"); do
  python3 Benchmarks/library_make.py samsung-jpeg "$src/samsung/S_$i.jpg" "$src/samsung-mp4/S_$i.mp4" \
    "$lib/Android/Galaxy S10/DCIM/Camera/20190505_$((100000 + i)).jpg"
done
seq 1 "$PHOTOS" | xargs -P "$JOBS" -I{} bash -c 'fixture "$lib/Photos" "photo_{}" $sizes; rm "$lib/Photos/photo_{}.mov"'
for i in 1 2 3; do ffmpeg -v error -f lavfi -i "testsrc=size=1170x2532:rate=1" -frames:v 1 -vf "hue=h=$((i * 40))" "$lib/Photos/Screenshot_$i.png"; done
mkdir -p "$lib/Broken"
for i in $(seq 1 "$BROKEN"); do head -c $((20000 + i * 1000)) "$lib/Photos/photo_$i.jpg" > "$lib/Broken/cut_$i.jpg"; done
touch "$work/generated"
fi
items=$((PAIRS + PIXEL + PIXEL_HEIC + SAMSUNG_HEIC + SAMSUNG_JPEG + PHOTOS + 3 + BROKEN))
motion=$((PIXEL + PIXEL_HEIC + SAMSUNG_HEIC + SAMSUNG_JPEG))
[ -f "$work/generated" ] && echo "library: $items items ($PAIRS Live Photos, $motion Motion Photos, $((PHOTOS + 3)) photos, $BROKEN broken) in $(( $(date +%s) - started )) s: $(du -sh "$lib" | cut -f1)"

# The peers: every step as a user types it.
cat > "$work/motion.xmp" <<'EOF2'
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
 xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
 GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="-1">
<Container:Directory><rdf:Seq>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="LENGTH" Item:Padding="0"/></rdf:li>
</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
EOF2
cat > "$work/peer-motion-photo.sh" <<'EOF2'
# peer-motion-photo.sh LIB OUT STILL: a Live Photo still (its movie beside it) to a Motion Photo; any other still copied.
lib=$1 out=$2 file=$3 work=$(dirname "$0")
rel=${file#"$lib"/}; dest="$out/$(dirname "$rel")"; stem=${file%.*}; name=$(basename "$stem")
mkdir -p "$dest"
movie=; for ext in MOV mov; do [ -f "$stem.$ext" ] && movie="$stem.$ext"; done
if [ -z "$movie" ]; then cp "$file" "$dest/"; exit 0; fi
tmp=$(mktemp -d)
ffmpeg -v error -y -i "$movie" -map 0:v:0 -map '0:a?' -c:v copy -c:a aac -f mp4 "$tmp/video.mp4"
sed "s/LENGTH/$(stat -c %s "$tmp/video.mp4")/" "$work/motion.xmp" > "$tmp/motion.xmp"
exiftool -q -q -o "$tmp/still.jpg" "-xmp<=$tmp/motion.xmp" "$file"
cat "$tmp/still.jpg" "$tmp/video.mp4" > "$dest/$name.MP.jpg"
rm -rf "$tmp"
EOF2
cat > "$work/peer-motion-convert.sh" <<'EOF2'
# peer-motion-convert.sh LIB OUT STILL: as peer-motion-photo.sh, and a Motion Photo made JPEG + H.264
# (what glint's --motion-container jpeg --motion-codec h264 writes): its video out (exiftool), HEVC
# transcoded (ffmpeg libx264, glint's preset medium and CRF 20), a HEIC still made a JPEG (vips, quality
# 92, metadata kept), the Motion Photo XMP written and the MP4 appended.
lib=$1 out=$2 file=$3 work=$(dirname "$0")
stem=${file%.*}; for ext in MOV mov; do [ -f "$stem.$ext" ] && exec bash "$work/peer-motion-photo.sh" "$@"; done
rel=${file#"$lib"/}; dest="$out/$(dirname "$rel")"; name=$(basename "${stem%.MP}")
mkdir -p "$dest"
tmp=$(mktemp -d)
exiftool -b -MotionPhotoVideo "$file" > "$tmp/video.mp4"
[ -s "$tmp/video.mp4" ] || exiftool -b -EmbeddedVideoFile "$file" > "$tmp/video.mp4"
[ -s "$tmp/video.mp4" ] || exiftool -b -ee -EmbeddedVideo "$file" > "$tmp/video.mp4"
if [ ! -s "$tmp/video.mp4" ]; then cp "$file" "$dest/"; rm -rf "$tmp"; exit 0; fi
video=(-c:v copy)
[ "$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name -of default=nw=1:nk=1 "$tmp/video.mp4" | head -1)" = hevc ] &&
  video=(-c:v libx264 -preset medium -crf 20 -pix_fmt yuv420p)
ffmpeg -v error -y -i "$tmp/video.mp4" -map 0:v:0 -map '0:a?' "${video[@]}" -c:a copy -f mp4 "$tmp/motion.mp4"
case "$file" in
  *.heic|*.HEIC) vips copy "$file" "$tmp/still.jpg[Q=92]" ;;
  *) exiftool -q -q -o "$tmp/still.jpg" -trailer:all= -MotionPhotoVideo= "$file" ;;
esac
sed "s/LENGTH/$(stat -c %s "$tmp/motion.mp4")/" "$work/motion.xmp" > "$tmp/motion.xmp"
exiftool -q -q -o "$tmp/out.jpg" "-xmp<=$tmp/motion.xmp" "$tmp/still.jpg"
cat "$tmp/out.jpg" "$tmp/motion.mp4" > "$dest/$name.MP.jpg"
rm -rf "$tmp"
EOF2
cat > "$work/peer-pair.sh" <<'EOF2'
# peer-pair.sh LIB OUT MOTIONPHOTO: the video out and remuxed to QuickTime, both halves given one identifier.
lib=$1 out=$2 file=$3
rel=${file#"$lib"/}; dest="$out/$(dirname "$rel")"; name=$(basename "${file%.*}"); ext=${file##*.}
mkdir -p "$dest"
uuid=$(cat /proc/sys/kernel/random/uuid | tr a-z A-Z)
tmp=$(mktemp -d)
exiftool -b -MotionPhotoVideo "$file" > "$tmp/video.mp4"
[ -s "$tmp/video.mp4" ] || exiftool -b -EmbeddedVideoFile "$file" > "$tmp/video.mp4"
[ -s "$tmp/video.mp4" ] || exiftool -b -ee -EmbeddedVideo "$file" > "$tmp/video.mp4"
ffmpeg -v error -y -i "$tmp/video.mp4" -map 0 -c copy -f mov "$dest/$name.MOV"
exiftool -q -q -overwrite_original "-Keys:ContentIdentifier=$uuid" "$dest/$name.MOV" || true
exiftool -q -q -o "$dest/$name.$ext" -trailer:all= -MotionPhotoVideo= -XMP-GCamera:all= -XMP-Container:all= "-MediaGroupUUID=$uuid" "$file" || true
rm -rf "$tmp"
EOF2

timed() { # timed LABEL COMMAND...: wall seconds and peak memory (KB) into $work/LABEL.time
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/$label.time" "$@" > "$work/$label.out" 2> "$work/$label.err" || true
  read -r seconds memory < <(tail -1 "$work/$label.time")
  echo "$label: $seconds s, peak memory $((memory / 1024)) MB"
}
stills() { find "$1" -type f \( -iname '*.jpg' -o -iname '*.heic' -o -iname '*.png' \) -print0; }

echo; echo "== 1. the library --as motion-photo ($items items, $JOBS at a time)"
timed glint-motion "$GLINT" export "$lib" -r --as motion-photo --out "$work/glint-motion" --jobs "$JOBS" --json
timed peer-motion bash -c "$(declare -f stills); stills '$lib' | xargs -0 -P $JOBS -n 1 bash '$work/peer-motion-photo.sh' '$lib' '$work/peer-motion'"
echo "   and told to make every Motion Photo a JPEG with H.264 motion (HEIC stills and HEVC motion re-encoded, on both sides)"
timed glint-motion-convert "$GLINT" export "$lib" -r --as motion-photo --motion-container jpeg --motion-codec h264 \
  --out "$work/glint-motion-convert" --jobs "$JOBS" --json
timed peer-motion-convert bash -c "$(declare -f stills); stills '$lib' | xargs -0 -P $JOBS -n 1 bash '$work/peer-motion-convert.sh' '$lib' '$work/peer-motion-convert'"
echo; echo "== 2. the $motion Motion Photos --as pair"
timed glint-pair "$GLINT" export "$lib/Android" -r --as pair --out "$work/glint-pair" --jobs "$JOBS" --json
timed peer-pair bash -c "$(declare -f stills); stills '$lib/Android' | xargs -0 -P $JOBS -n 1 bash '$work/peer-pair.sh' '$lib/Android' '$work/peer-pair'"

echo; echo "== 3. a Takeout export: $TAKEOUT photos and their sidecars, $ALBUM of them again in an album"
python3 -m venv "$work/venv" && "$work/venv/bin/pip" install --quiet google-photos-takeout-helper==2.3.0
[ -f "$src/takeout/IMG_$TAKEOUT.jpg" ] ||
  seq 1 "$TAKEOUT" | xargs -P "$JOBS" -I{} bash -c 'fixture "$src/takeout" "IMG_{}" --still-size 1600x1200 --frames 2; rm "$src/takeout/IMG_{}.mov"'
# Each side takes about a second here, so one run each is mostly noise: hyperfine times TAKEOUT_RUNS
# runs of each and the ratio is of the medians. Every run gets a tree of its own, built just before it
# in a folder of its own (the helper changes the files it reads), and nothing is deleted until all runs
# are over: ext4 without a journal (as on these machines) skips every inode freed in the last 30 s when
# it allocates one, so after thousands of files are deleted each new file costs a scan past all of
# them, and a run just after deleting the last run's trees would time that. Each tree is written to
# the disk (sync) before its run, as an export that has been sitting there is: glint makes its outputs
# durable with syncfs(2), which would otherwise also write out the tree just made. Then one more run each,
# timed as above, for peak memory and the outputs checked below. (The helper runs in $work: it writes
# its log file into the folder it runs in.)
TAKEOUT_RUNS=${TAKEOUT_RUNS:-5}
runs=$work/takeout-runs
rm -rf "$runs"; mkdir -p "$runs"; echo 0 > "$runs/last"
sleep 31 # the inodes the runs above freed age out
takeout_tree="n=\$((\$(cat '$runs/last') + 1)) && echo \$n > '$runs/last' && python3 Benchmarks/library_make.py takeout '$src/takeout' '$runs/'\$n'/Takeout/Google Photos' $TAKEOUT $ALBUM && sync"
glint_takeout="n=\$(cat '$runs/last') && '$GLINT' export '$runs/'\$n -r --as still --out '$runs/'\$n'-glint' --jobs $JOBS --json"
gpth_takeout="n=\$(cat '$runs/last') && cd '$work' && '$work/venv/bin/google-photos-takeout-helper' -i '$runs/'\$n -o '$runs/'\$n'-gpth'"
hyperfine --style basic --runs "$TAKEOUT_RUNS" --prepare "$takeout_tree" --export-json "$work/takeout.hyperfine.json" \
  -n glint-takeout "$glint_takeout > /dev/null" -n gpth-takeout "$gpth_takeout > /dev/null 2>&1" | grep -v '^ *Range\|^ *$' || true
python3 Benchmarks/library_make.py takeout "$src/takeout" "$work/takeout/Takeout/Google Photos" "$TAKEOUT" "$ALBUM" && sync
timed glint-takeout "$GLINT" export "$work/takeout" -r --as still --out "$work/glint-takeout" --jobs "$JOBS" --json
python3 Benchmarks/library_make.py takeout "$src/takeout" "$work/takeout-gpth/Takeout/Google Photos" "$TAKEOUT" "$ALBUM" && sync
timed gpth-takeout bash -c "cd '$work' && '$work/venv/bin/google-photos-takeout-helper' -i '$work/takeout-gpth' -o '$work/gpth-takeout'"
rm -rf "$runs"

echo; echo "== results"
python3 - "$work" "$items" "$motion" "$TAKEOUT" <<'EOF2'
import json, sys
work, items, motion = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def seconds(label): return float(open(f"{work}/{label}.time").read().split()[-2])
takeout = int(sys.argv[4])
# The Takeout runs: the medians of hyperfine's runs.
medians = {r["command"]: r["median"] for r in json.load(open(f"{work}/takeout.hyperfine.json"))["results"]}
seconds_of_one_run = seconds
def seconds(label): return medians.get(label) or seconds_of_one_run(label)
for test, count, peer, name in (("motion", items, "peer", "exiftool + ffmpeg"), ("motion-convert", items, "peer", "exiftool + ffmpeg + vips"),
                                ("pair", motion, "peer", "exiftool + ffmpeg"),
                                ("takeout", takeout, "gpth", "google-photos-takeout-helper")):
    g, p = seconds(f"glint-{test}"), seconds(f"{peer}-{test}")
    goal = "(both re-encode: no goal)" if test == "motion-convert" else "(goal: at least 5x)"
    print(f"{test}: glint {count / g:.1f} items/s, {name} {count / p:.1f} items/s: glint is {p / g:.1f}x faster {goal}")
for label in ("glint-motion", "glint-motion-convert", "glint-pair", "glint-takeout"):
    counts = json.load(open(f"{work}/{label}.out"))["counts"]
    print(f"{label}: {counts}")
EOF2
echo; echo "== does every output pair? (exiftool)"
for side in glint peer; do
  exiftool -q -q -j -r -ee -MotionPhoto -MotionPhotoVideo -EmbeddedVideoFile -EmbeddedVideo -ext jpg -ext heic "$work/$side-motion" > "$work/$side-motion.exif.json" 2>/dev/null || true
  echo -n "$side --as motion-photo: "; python3 Benchmarks/library_make.py check-motion "$work/$side-motion.exif.json"
  exiftool -q -q -j -r -ee -MotionPhoto -MotionPhotoVideo -EmbeddedVideoFile -EmbeddedVideo -ext jpg -ext heic "$work/$side-motion-convert" \
    > "$work/$side-motion-convert.exif.json" 2>/dev/null || true
  echo -n "$side --as motion-photo, made JPEG + H.264: "; python3 Benchmarks/library_make.py check-motion "$work/$side-motion-convert.exif.json"
  exiftool -q -q -j -r -ContentIdentifier -MediaGroupUUID "$work/$side-pair" > "$work/$side-pair.exif.json" 2>/dev/null || true
  echo -n "$side --as pair: "; python3 Benchmarks/library_make.py check-pairs "$work/$side-pair.exif.json"
done
echo "(expected: $((PAIRS + motion)) Motion Photos, and $motion pairs)"
for side in glint gpth; do
  exiftool -q -q -j -r -DateTimeOriginal -GPSLatitude -n "$work/$side-takeout" > "$work/$side-takeout.exif.json" 2>/dev/null || true
  echo -n "$side takeout: "; python3 Benchmarks/library_make.py check-dates "$work/$side-takeout.exif.json"
done
echo "(expected: $TAKEOUT photos, each with the date and place of its sidecar)"
