#!/usr/bin/env bash
# `glint edit` against the ffmpeg CLI doing the same work with the same encoder settings
# (libx264, preset medium, CRF 20; still as JPEG): wall time with hyperfine, peak RSS with
# /usr/bin/time -v. See Benchmarks/README.md.
#
# GLINT=path/to/glint uses that binary (otherwise glint is built, release); RUNS=3 timed runs;
# SHARED_FIXTURES=../shared/fixtures holds the real pair. Outputs go to out/bench/.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
for tool in ffmpeg ffprobe hyperfine /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "edit-vs-ffmpeg: needs $tool (run make deps)" >&2; exit 1; }
done
if [ -z "${GLINT:-}" ]; then
  swift build -c release --product glint
  GLINT=.build/release/glint
fi

RECIPE='{"exposure":0.5,"crop":{"x":0.1,"y":0.1,"width":0.8,"height":0.8}}'
# ffmpeg has no exposure control: a gamma of 2^(0.5/2.2) ~ 1.17 brightens mid-tones about as
# much as +0.5 EV of linear light. The crop is centred (x = y = 0.1, 0.8 of each side).
EQ='eq=gamma=1.17'
work=out/bench
mkdir -p "$work"
results=$work/results.md

# peak_kib COMMAND...: the peak resident set size of COMMAND, in KiB.
peak_kib() {
  /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>&1
  awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt"
}
# mean NAME CSV: hyperfine's mean wall time for NAME, in seconds.
mean() { awk -F, -v name="$1" '$1 == name {printf "%.2f", $2}' "$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
mib() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }
json_int() { sed -n "s/.*\"$1\" *: *\([0-9]*\).*/\1/p"; }
size_of() { ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 "$1"; }
quoted() { printf '%q ' "$@"; }

{
  echo "| case | glint s | ffmpeg s | time ratio | glint peak MiB | ffmpeg peak MiB | memory ratio | glint peak <= ffmpeg |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
} > "$results"
decode_rows=()

# bench NAME STILL MOVIE
bench() {
  local name=$1 still=$2 movie=$3 dir=$work/$1
  rm -rf "$dir"; mkdir -p "$dir/glint" "$dir/ffmpeg"
  echo; echo "=== $name: $still + $movie"

  # One edit first, for the output sizes ffmpeg must match. glint writes under the input names.
  local document sw sh mw mh
  document=$("$GLINT" edit "$still" "$movie" --recipe "$RECIPE" --out "$dir/glint" --json 2>"$dir/glint.log") \
    || { cat "$dir/glint.log" >&2; exit 1; }
  sw=$(json_int stillWidth <<<"$document"); sh=$(json_int stillHeight <<<"$document")
  mw=$(json_int movieWidth <<<"$document"); mh=$(json_int movieHeight <<<"$document")

  local glint=("$GLINT" edit "$still" "$movie" --recipe "$RECIPE" --out "$dir/glint")
  local ff_movie=(ffmpeg -v error -y -i "$movie" -vf "crop=$mw:$mh,$EQ"
                  -c:v libx264 -preset medium -crf 20 -pix_fmt yuv420p -c:a copy "$dir/ffmpeg/$(basename "$movie")")
  local ff_still=(ffmpeg -v error -y -i "$still" -vf "crop=$sw:$sh,$EQ" -c:v mjpeg -q:v 2 -frames:v 1
                  "$dir/ffmpeg/$(basename "$still")")
  local decode=(ffmpeg -v error -i "$movie" -f null -)

  "${ff_movie[@]}"; "${ff_still[@]}"
  local sizes="glint still $(size_of "$dir/glint/$(basename "$still")"), movie $(size_of "$dir/glint/$(basename "$movie")"); ffmpeg still $(size_of "$dir/ffmpeg/$(basename "$still")"), movie $(size_of "$dir/ffmpeg/$(basename "$movie")")"
  echo "output sizes: $sizes"

  hyperfine --warmup 1 --runs "$RUNS" --export-csv "$dir/times.csv" \
    -n glint "$(quoted "${glint[@]}")" \
    -n ffmpeg "$(quoted "${ff_movie[@]}") && $(quoted "${ff_still[@]}")" \
    -n decode "$(quoted "${decode[@]}")"

  local g_kib fm_kib fs_kib f_kib d_kib
  g_kib=$(peak_kib "${glint[@]}")
  fm_kib=$(peak_kib "${ff_movie[@]}")
  fs_kib=$(peak_kib "${ff_still[@]}")
  f_kib=$(( fm_kib > fs_kib ? fm_kib : fs_kib ))
  d_kib=$(peak_kib "${decode[@]}")

  local g_s f_s d_s
  g_s=$(mean glint "$dir/times.csv"); f_s=$(mean ffmpeg "$dir/times.csv"); d_s=$(mean decode "$dir/times.csv")
  echo "peak RSS: glint $(mib "$g_kib") MiB; ffmpeg movie $(mib "$fm_kib") MiB, still $(mib "$fs_kib") MiB; ffmpeg decode-only $(mib "$d_kib") MiB"
  echo "| $name | $g_s | $f_s | $(ratio "$g_s" "$f_s") | $(mib "$g_kib") | $(mib "$f_kib") (movie $(mib "$fm_kib"), still $(mib "$fs_kib")) | $(ratio "$g_kib" "$f_kib") | $([ "$g_kib" -le "$f_kib" ] && echo yes || echo NO) |" >> "$results"
  decode_rows+=("| $name | $d_s | $(mib "$d_kib") |")
}

if [ -f "$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.jpg" ]; then
  bench iphone6s "$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.jpg" "$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.mov"
else
  echo "($SHARED_FIXTURES/livephoto-iphone6s not found: the real pair is skipped)"
fi
generated=Fixtures/generated
if [ ! -f "$generated/bench-12mp.jpg" ]; then GLINT=$GLINT Fixtures/make-fixtures.sh; fi
bench 12mp-hevc-1920x1440 "$generated/bench-12mp.jpg" "$generated/bench-12mp.mov"

{
  echo
  echo "ffmpeg decode-only of the movie (\`ffmpeg -i MOVIE -f null -\`), for orientation:"
  echo
  echo "| case | decode s | decode peak MiB |"
  echo "| --- | ---: | ---: |"
  printf '%s\n' "${decode_rows[@]}"
} >> "$results"

echo
echo "Results ($RUNS runs after 1 warm-up; peak RSS of one run; ffmpeg peak = the larger of its two commands)"
echo "$(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(ffmpeg -version | head -1 | cut -d' ' -f1-3):"
echo
cat "$results"
