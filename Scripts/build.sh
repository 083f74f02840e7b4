#!/usr/bin/env bash
# The one build of Glint: everything in the package (glint, the tests, the test runner, the
# benchmark executables) in one configuration, with the tests' @testable imports allowed
# (-enable-testing). `make build`, `make run`, `make test`, `make smoke` and every benchmark script
# that builds what it times call this, so that they never build the same package twice with other
# command lines: a fresh machine's `make run` then `make test` compiles once (about 17 minutes on 2
# cores), not a release glint and then a debug test build (12.5 + 11 minutes), and each test runs
# the same optimized code that `make run` serves.
#
#   Scripts/build.sh            release (.build/release/glint)
#   CONFIGURATION=debug Scripts/build.sh   debug (.build/debug/glint): faster to rebuild after an edit
#
# Not --static-swift-stdlib: the test runner links Swift Testing, which the toolchain ships only as a
# shared library, and a test binary with a second, static Swift runtime beside it crashes. Each glint
# process therefore loads the shared Swift runtime (about 7 ms more per start: Benchmarks/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${CONFIGURATION:-release}
[[ $configuration == release || $configuration == debug ]] ||
    { echo "build: CONFIGURATION is release or debug, not $configuration" >&2; exit 2; }
exec "${SWIFT:-swift}" build -c "$configuration" -Xswiftc -enable-testing --build-tests "$@"
