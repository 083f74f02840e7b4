#!/bin/sh
# Screenshots of the share page and the dashboard at phone (390x844) and desktop (1440x900)
# widths: docs/share-page-{phone,desktop}.png and docs/dashboard-{phone,desktop}.png.
# The test (Tests/GlintServerTests/Pages/Browser/PageScreenshots.swift) serves the pages on
# loopback over the real iPhone pair (../shared/fixtures) and drives headless Chromium.
set -eu
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { echo "screenshots.sh: chromium is not installed (make deps)" >&2; exit 1; }
Scripts/build.sh
GLINT_SCREENSHOTS=1 swift test -c "${CONFIGURATION:-release}" --skip-build --filter PageScreenshots
ls -l docs/share-page-*.png docs/dashboard-*.png
