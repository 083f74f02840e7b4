#!/usr/bin/env bash
# Start-up cost of the glint executable: dynamic linking (shared libraries, symbol relocations)
# and whole-process time of commands that do little work.
#
#   GLINT=.build/release/glint [GLINT_BEFORE=/path/to/older/glint] Benchmarks/startup.sh
#
# With GLINT_BEFORE, both binaries are measured in the same run and hyperfine prints the ratio.
set -euo pipefail
GLINT=${GLINT:-.build/release/glint}
SHARED_FIXTURES=${SHARED_FIXTURES:-../shared/fixtures}
STILL=$SHARED_FIXTURES/livephoto-iphone6s/IMG_train.jpg
RUNS=${RUNS:-100}
binaries=("$GLINT")
[ -n "${GLINT_BEFORE:-}" ] && binaries=("$GLINT_BEFORE" "$GLINT")

for binary in "${binaries[@]}"; do
    echo "== $binary: $(ldd "$binary" | wc -l) shared libraries"
    LD_DEBUG=statistics "$binary" --help 2>&1 >/dev/null \
        | grep -E "total startup time|final number of relocations:|number of relative relocations" | sed 's/^ *[0-9]*:[[:space:]]*/   /'
done

scratch=$(mktemp -d /dev/shm/glint-startup.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
for command in "--help" "rings --move 0.75 --exercise 0.5 --stand 0.3 --size 64 --out $scratch/r.png" "inspect $STILL"; do
    args=()
    for binary in "${binaries[@]}"; do args+=("$binary $command"); done
    hyperfine -N --warmup 10 --runs "$RUNS" "${args[@]}"
done
