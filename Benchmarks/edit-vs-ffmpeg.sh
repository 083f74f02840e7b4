#!/usr/bin/env bash
# `glint edit` against the ffmpeg CLI doing the same work with the same encoder settings
# (libx264, preset medium, CRF 20; still as JPEG), timed together with hyperfine: wall time and
# CPU time (user + system), the codecs alone (ffmpeg decode-only, x264 encode-only from
# pre-decoded frames, libjpeg-turbo djpeg/cjpeg for the still), and peak RSS with
# /usr/bin/time -v. Prints ratios against the peer measured in the same run.
# See Benchmarks/README.md.
#
# GLINT=path/to/glint uses that binary (otherwise glint is built, release); RUNS=5 rounds, each
# timing every command once (after 1 warm-up); MEMORY_RUNS=3 runs for peak RSS (the median is kept);
# SHARED_FIXTURES=../shared/fixtures holds the real pair. Outputs go to out/bench/.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
MEMORY_RUNS=${MEMORY_RUNS:-3}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
for tool in ffmpeg ffprobe hyperfine /usr/bin/time djpeg cjpeg; do
  command -v "$tool" >/dev/null || { echo "edit-vs-ffmpeg: needs $tool (run make deps)" >&2; exit 1; }
done
if [ -z "${GLINT:-}" ]; then
  Scripts/build.sh
  GLINT=.build/${CONFIGURATION:-release}/glint
fi

RECIPE='{"exposure":0.5,"contrast":0.2,"saturation":0.3,"crop":{"x":0.1,"y":0.1,"width":0.8,"height":0.8}}'
# ffmpeg has no exposure control: a gamma of 2^(0.5/2.2) ~ 1.17 brightens mid-tones about as
# much as +0.5 EV of linear light; eq's contrast and saturation scale code values about their
# middle. The crop is centred (x = y = 0.1, 0.8 of each side).
EQ='eq=gamma=1.17:contrast=1.2:saturation=1.3'
work=out/bench
mkdir -p "$work"
# Pre-decoded frames for the encode-only run: in memory when /dev/shm is there.
scratch=$(mktemp -d "$([ -d /dev/shm ] && echo /dev/shm || echo "$work")/glint-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
results=$work/results.md
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# median_peak_kib COMMAND...: the median over MEMORY_RUNS runs of COMMAND's peak RSS, in KiB.
median_peak_kib() {
  local values=() i
  for ((i = 0; i < MEMORY_RUNS; i++)); do
    /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>&1
    values+=("$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")")
  done
  printf '%s\n' "${values[@]}" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'
}
# column NAME FIELD CSV: the mean over the rounds of a column of hyperfine's CSV (one row per
# command per round) for the command NAME: mean (wall time), user, system.
column() {
  awk -F, -v name="$1" -v field="$2" '
    NR == 1 {for (i = 1; i <= NF; i++) index_of[$i] = i; next}
    $1 == name {sum += $(index_of[field]); n++}
    END {printf "%.3f", sum / n}' "$3"
}
cpu() { awk -v u="$(column "$1" user "$2")" -v s="$(column "$1" system "$2")" 'BEGIN {printf "%.3f", u + s}'; }
fmt() { awk -v x="$1" 'BEGIN {printf "%.2f", x}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
mib() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }
json_int() { sed -n "s/.*\"$1\" *: *\([0-9]*\).*/\1/p"; }
size_of() { ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 "$1"; }
quoted() { printf '%q ' "$@"; }

time_rows=() codec_rows=() memory_rows=()

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
  local rate
  rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$movie")

  local glint=("$GLINT" edit "$still" "$movie" --recipe "$RECIPE" --out "$dir/glint")
  # The same frames as glint (no frame-rate conversion), the decoder's own pixel format.
  local ff_movie=(ffmpeg -v error -y -i "$movie" -vf "crop=$mw:$mh,$EQ" -fps_mode passthrough
                  -c:v libx264 -preset medium -crf 20 -c:a copy "$dir/ffmpeg/$(basename "$movie")")
  local ff_still=(ffmpeg -v error -y -i "$still" -vf "crop=$sw:$sh,$EQ" -c:v mjpeg -q:v 2 -frames:v 1
                  "$dir/ffmpeg/$(basename "$still")")
  # The codecs alone: decode the movie; encode its edited frames, decoded beforehand; decode and
  # encode the still with libjpeg-turbo (as glint: RGB out, quality 92, optimised Huffman tables).
  local raw=$scratch/$name.yuv ppm=$scratch/$name.ppm
  ffmpeg -v error -y -i "$movie" -vf "crop=$mw:$mh,$EQ" -fps_mode passthrough -pix_fmt yuv420p -f rawvideo "$raw"
  djpeg -outfile "$ppm" "$dir/glint/$(basename "$still")"
  local decode=(ffmpeg -v error -i "$movie" -f null -)
  local encode=(ffmpeg -v error -f rawvideo -pix_fmt yuv420p -s "${mw}x${mh}" -r "$rate" -i "$raw"
                -c:v libx264 -preset medium -crf 20 -f null -)
  local jpeg_decode=(djpeg -outfile /dev/null "$still")
  local jpeg_encode=(cjpeg -quality 92 -optimize -sample 2x2 -outfile /dev/null "$ppm")
  # What starting ffmpeg costs, taken off the codec-only commands.
  local start=(ffmpeg -v error -f lavfi -i nullsrc=s=16x16:d=0.04 -f null -)

  "${ff_movie[@]}"; "${ff_still[@]}"
  echo "output sizes: glint still $(size_of "$dir/glint/$(basename "$still")"), movie $(size_of "$dir/glint/$(basename "$movie")"); ffmpeg still $(size_of "$dir/ffmpeg/$(basename "$still")"), movie $(size_of "$dir/ffmpeg/$(basename "$movie")")"

  # RUNS rounds, each running every command once: the load of a shared machine drifts, and
  # interleaving spreads it evenly over the commands compared. One warm-up before the first.
  local round
  for ((round = 1; round <= RUNS; round++)); do
    printf 'round %d of %d\r' "$round" "$RUNS"
    hyperfine --style none --warmup "$(( round == 1 ? 1 : 0 ))" --runs 1 --export-csv "$dir/round.csv" \
      -n glint "$(quoted "${glint[@]}")" \
      -n ffmpeg "$(quoted "${ff_movie[@]}") && $(quoted "${ff_still[@]}")" \
      -n decode "$(quoted "${decode[@]}")" \
      -n encode "$(quoted "${encode[@]}")" \
      -n jpeg "$(quoted "${jpeg_decode[@]}") && $(quoted "${jpeg_encode[@]}")" \
      -n start "$(quoted "${start[@]}")"
    if ((round == 1)); then cp "$dir/round.csv" "$dir/times.csv"; else tail -n +2 "$dir/round.csv" >> "$dir/times.csv"; fi
  done
  echo

  local csv=$dir/times.csv
  local g_s f_s d_s e_s g_cpu f_cpu d_cpu e_cpu j_cpu s_cpu codecs own
  g_s=$(column glint mean "$csv"); f_s=$(column ffmpeg mean "$csv")
  d_s=$(column decode mean "$csv"); e_s=$(column encode mean "$csv")
  g_cpu=$(cpu glint "$csv"); f_cpu=$(cpu ffmpeg "$csv"); d_cpu=$(cpu decode "$csv"); e_cpu=$(cpu encode "$csv")
  j_cpu=$(cpu jpeg "$csv"); s_cpu=$(cpu start "$csv")
  codecs=$(awk -v d="$d_cpu" -v e="$e_cpu" -v j="$j_cpu" -v s="$s_cpu" 'BEGIN {printf "%.3f", d + e + j - 2 * s}')
  own=$(awk -v g="$g_cpu" -v c="$codecs" 'BEGIN {printf "%.3f", g - c}')

  local g_kib fm_kib fs_kib f_kib
  g_kib=$(median_peak_kib "${glint[@]}")
  fm_kib=$(median_peak_kib "${ff_movie[@]}")
  fs_kib=$(median_peak_kib "${ff_still[@]}")
  f_kib=$(( fm_kib > fs_kib ? fm_kib : fs_kib ))

  time_rows+=("| $name | $(fmt "$g_s") | $(fmt "$f_s") | **$(ratio "$g_s" "$f_s")** | $(fmt "$g_cpu") | $(fmt "$f_cpu") | **$(ratio "$g_cpu" "$f_cpu")** |")
  codec_rows+=("| $name | $(fmt "$d_s") / $(fmt "$d_cpu") | $(fmt "$e_s") / $(fmt "$e_cpu") | $(fmt "$j_cpu") | $(fmt "$codecs") | $(fmt "$own") | **$(awk -v o="$own" -v g="$g_cpu" 'BEGIN {printf "%.0f%%", 100 * o / g}')** |")
  memory_rows+=("| $name | $(mib "$g_kib") | $(mib "$f_kib") (movie $(mib "$fm_kib"), still $(mib "$fs_kib")) | **$(ratio "$g_kib" "$f_kib")** | $([ "$g_kib" -le "$f_kib" ] && echo yes || echo NO) |")
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
  echo "Wall time and CPU time (user + system), means of $RUNS interleaved rounds; ffmpeg = its movie command then its still command:"
  echo
  echo "| case | glint s | ffmpeg s | time ratio | glint CPU s | ffmpeg CPU s | CPU ratio |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${time_rows[@]}"
  echo
  echo "The codecs alone (wall s / CPU s), and glint's own work: its CPU time beyond the codecs' (each codec-only"
  echo "command's CPU less what starting ffmpeg costs):"
  echo
  echo "| case | movie decode only | movie encode only (x264) | still decode + encode (libjpeg-turbo) CPU s | codecs CPU s | glint beyond codecs CPU s | share of glint's CPU |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s\n' "${codec_rows[@]}"
  echo
  echo "Peak RSS (median of $MEMORY_RUNS runs; for ffmpeg the larger of its two commands):"
  echo
  echo "| case | glint MiB | ffmpeg MiB | memory ratio | glint peak <= ffmpeg |"
  echo "| --- | ---: | ---: | ---: | --- |"
  printf '%s\n' "${memory_rows[@]}"
} > "$results"

echo
echo "Results: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(ffmpeg -version | head -1 | cut -d' ' -f1-3); load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after"
echo
cat "$results"
