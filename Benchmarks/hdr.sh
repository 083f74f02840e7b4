#!/usr/bin/env bash
# HDR kept through an edit. Two parts:
#
# 1. Cost. A 12 MP still edited (crop, quarter turn, exposure) with `glint edit`, timed with
#    hyperfine against the same edit of the same still without its gain map, in one run: the
#    iPhone 12 Pro HEIC (Apple map; its copy without the map made by `glint edit --sdr`), and
#    4032x3024 synthetic stills from `glint fixture` with and without `--gain-map` (the same
#    picture): an Ultra HDR JPEG and an Apple HEIC. Goal: the map costs at most 25% more time.
# 2. Who keeps what. The same edit by each peer as installed here (vips 8.14: crop, rot, linear;
#    ImageMagick 6: -crop -rotate -evaluate; vips then exiftool -tagsFromFile copying every tag
#    back from the input) and by glint, on an Ultra HDR JPEG, an Apple JPEG and an Apple HEIC;
#    `glint inspect` says which form each output carries, exiftool what is left of the map's
#    metadata (a claim without a map shows the photo wrong on an HDR screen).
#
# GLINT=path/to/glint uses that binary (otherwise glint is built, release); RUNS=10 timed runs
# each (after 2 warm-ups); SHARED_FIXTURES=../shared/fixtures. Outputs go to out/bench/hdr.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-10}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
iphone="$SHARED_FIXTURES/heic/iphone12pro.heic"
[ -f "$iphone" ] || { echo "hdr: $iphone not found (the shared fixtures)" >&2; exit 1; }
for tool in exiftool vips convert hyperfine; do
  command -v "$tool" >/dev/null || { echo "hdr: needs $tool (run make deps)" >&2; exit 1; }
done
if [ -z "${GLINT:-}" ]; then
  Scripts/build.sh
  GLINT=.build/${CONFIGURATION:-release}/glint
fi
work=out/bench/hdr
rm -rf "$work"; mkdir -p "$work/in" "$work/out" "$work/peers"
recipe='{"crop":{"x":0.05,"y":0.05,"width":0.9,"height":0.9},"rotate":90,"exposure":0.3}'

# Inputs.
cp "$iphone" "$work/in/iphone.heic"
"$GLINT" edit "$iphone" --recipe '{}' --sdr --out "$work/in/sdr" >/dev/null
mv "$work/in/sdr/iphone12pro.heic" "$work/in/iphone-nomap.heic"
rmdir "$work/in/sdr"
fixture() { "$GLINT" fixture --out "$work/in" --name "$1" --still-size 4032x3024 --frame-size 320x240 --frames 4 --no-audio "${@:2}" >/dev/null; }
fixture ultra --gain-map ultrahdr
fixture ultra-nomap
fixture apple-heic --still-format heic --codec hevc --gain-map apple
fixture apple-heic-nomap --still-format heic --codec hevc
fixture apple-jpeg --gain-map apple
rm -f "$work/in"/*.mov

echo "HDR edit cost: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); recipe $recipe"
"$GLINT" inspect "$work/in"/* | grep HDR | cut -d' ' -f1 | sed 's/^/  with a map: /'
edit() { echo "rm -rf $work/out/$2; $GLINT edit $work/in/$1 --recipe '$recipe' --out $work/out/$2 >/dev/null"; }
hyperfine --warmup 2 --runs "$RUNS" --export-json "$work/times.json" \
  -n "iphone HEIC, map" "$(edit iphone.heic a)" -n "iphone HEIC, no map" "$(edit iphone-nomap.heic b)" \
  -n "Ultra HDR JPEG, map" "$(edit ultra.jpg c)" -n "Ultra HDR JPEG, no map" "$(edit ultra-nomap.jpg d)" \
  -n "Apple HEIC, map" "$(edit apple-heic.heic e)" -n "Apple HEIC, no map" "$(edit apple-heic-nomap.heic f)"

python3 - "$work/times.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
print("\n| still (12 MP) | with its map | without | extra time | goal (25%) |")
print("| --- | ---: | ---: | ---: | --- |")
for name in ["iphone HEIC", "Ultra HDR JPEG", "Apple HEIC"]:
    with_map, without = results[f"{name}, map"], results[f"{name}, no map"]
    extra = with_map["median"] / without["median"] - 1
    print(f"| {name} | {with_map['median']:.3f} s | {without['median']:.3f} s | {extra * 100:+.1f}% | {'met' if extra <= 0.25 else 'missed'} |")
PY

# Who keeps what.
peers="$work/peers"
for input in ultra.jpg apple-jpeg.jpg apple-heic.heic; do
  name="${input%.*}"; ext="${input##*.}"; src="$work/in/$input"
  vips crop "$src" "$peers/a.$ext" 200 150 3632 2724 && vips rot "$peers/a.$ext" "$peers/b.$ext" d90 \
    && vips linear "$peers/b.$ext" "$peers/$name~vips.$ext" 1.23 0 || echo "vips failed on $input"
  rm -f "$peers/a.$ext" "$peers/b.$ext"
  convert "$src" -crop 3632x2724+200+150 +repage -rotate 90 -evaluate multiply 1.23 "$peers/$name~imagemagick.$ext" \
    || echo "ImageMagick failed on $input"
  cp "$peers/$name~vips.$ext" "$peers/$name~vips+exiftool.$ext"
  exiftool -q -q -overwrite_original -tagsFromFile "$src" -all:all "$peers/$name~vips+exiftool.$ext" || true
  "$GLINT" edit "$src" --recipe "$recipe" --out "$peers/glint-out" >/dev/null
  mv "$peers/glint-out/$input" "$peers/$name~glint.$ext"; rmdir "$peers/glint-out"
done
python3 - "$GLINT" "$peers" <<'PY'
import json, os, subprocess, sys
glint, folder = sys.argv[1], sys.argv[2]
def left(path):
    tags = subprocess.run(["exiftool", "-s", "-HDRGainMapVersion", "-HDRGainMapHeadroom", "-HDRHeadroom", "-XMP-hdrgm:Version",
                           "-MPImageType", path], capture_output=True, text=True).stdout
    return ", ".join(line.split(":")[0].strip() for line in tags.splitlines()) or "none"
print("\n| input | tool | output's gain map (glint inspect) | map metadata left (exiftool) |")
print("| --- | --- | --- | --- |")
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    source, tool = os.path.splitext(name)[0].split("~")
    run = subprocess.run([glint, "inspect", path, "--json"], capture_output=True, text=True)
    files = json.loads(run.stdout or "{}").get("files") or [{}]
    hdr = (files[0].get("still") or {}).get("hdr")
    kept = "none"
    if hdr and hdr.get("forms"):
        kept = " + ".join(hdr["forms"]) + f", map {hdr.get('mapWidth')}x{hdr.get('mapHeight')}"
    if hdr and hdr.get("warnings"):
        kept += " (warning: " + "; ".join(hdr["warnings"]) + ")"
    print(f"| {source} | {tool} | {kept} | {left(path)} |")
PY
