#!/usr/bin/env bash
# Generates synthetic Live Photo pairs (JPEG or HEIC + QuickTime) into Fixtures/generated/ with `glint fixture`.
# GLINT=path/to/glint uses that binary; otherwise glint is built (release) first.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${GLINT:-}" ]; then
  swift build -c release --static-swift-stdlib --product glint
  GLINT=.build/release/glint
fi
out=Fixtures/generated
log=$(mktemp); trap 'rm -f "$log"' EXIT

# fixture NAME [glint fixture options...]
fixture() {
  local name=$1; shift
  # The encoders log to standard error: shown only when something fails.
  "$GLINT" fixture --out "$out" --name "$name" "$@" >/dev/null 2>"$log" || { cat "$log" >&2; exit 1; }
  printf '%-24s %s\n' "$name" "$*"
}

echo "Generating synthetic pairs into $out/:"
fixture default                                   # H.264 480x360, 20 frames, LPCM audio, matching identifiers
fixture hevc-rotated-90 --codec hevc --rotation 90
fixture no-audio --no-audio
fixture still-without-identifier --still-without-identifier
fixture no-identifiers --identifier none
# Modern iPhone pairs: HEIC still + HEVC movie, with and without identifiers.
fixture heic-hevc --still-format heic --codec hevc --rotation 90
fixture heic-no-identifiers --still-format heic --codec hevc --identifier none
# Display P3: the still carries a Display P3 ICC profile, the movie P3 primaries in its tags.
fixture display-p3 --color-space display-p3 --codec hevc
# For benchmarks: a 12-megapixel still with 2 s of 1920x1440 HEVC frames at 30 fps.
fixture bench-12mp --still-size 4032x3024 --frame-size 1920x1440 --codec hevc --frames 60 --fps 30

echo
"$GLINT" inspect "$out"/*.jpg "$out"/*.heic "$out"/*.mov
