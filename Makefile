# Glint: set up, build, test and run. GNU make; Debian 12 with Swift 6 on PATH.
#
#   make build      install what is missing, then the one build of everything (Scripts/build.sh: release, the tests included)
#   make run        install what is missing, build and start the service (glint serve, PORT=8080)
#   make demo       build and run the CLI end to end (inspect and edit a Live Photo)
#   make test       install what is missing, `make lint`, build, `swift test` (the same release build), then the soak test alone;
#                   CONFIGURATION=debug builds and tests in debug (faster to rebuild after an edit)
#   make smoke      what `make run` builds, started on a free loopback port; one livephoto.edit over HTTP; stopped
#   make lint       swift format lint --strict, declared imports, docs/architecture.md's table, GLINT_* read in GlintOptions alone, outbound HTTP only through EgressClient, no function over 60 lines,
#                   no real clock or sleep in Tests (but Waiting.swift) or Sources (but GlintCore/Time), no test wait bound under 30 s, no polling loop (Scripts/check-test-clock.py)
#   make format     swift format the sources and tests in place (.swift-format)
#   make docs       write the README's table of job kinds from `glint jobs kinds --markdown`
#   make fixtures   generate synthetic Live Photo pairs into Fixtures/generated/
#   make bench      glint edit against the ffmpeg CLI: wall and CPU time, codecs alone, peak memory
#   make bench-rings  glint rings (1024 px PNG) against pycairo drawing the same arcs
#   make bench-badge  `glint badge` on the 12 MP JPEG against vips and ImageMagick (goal: 4x vips), and the JPEG patch alone
#   make bench-queue  the PostgreSQL job queue against pgqueuer: enqueue, drain, enqueue-to-start latency
#   make bench-serve  glint serve against nginx: a 3 MB output to wrk; job submission latency at 200/s
#   make bench-isolation  isolated job runners against in-process jobs: edit wall time, throughput, API latency under load
#   make bench-motionphoto  Motion Photo to Live Photo (the Samsung HEIC) against exiftool + ffmpeg + exiftool (goal: 3x)
#   make bench-library  a 300-item library --as motion-photo and --as pair against exiftool + ffmpeg per file (goal: 5x)
#   make bench-hdr  a 12 MP HDR still edited, against the same edit without its map (goal: at most 25% more), and what vips, ImageMagick and exiftool keep
#   make bench-latency  what tests no longer assert: cancel to runner gone, heartbeat-found cancel, serve's stop; p50/p99/max idle and beside stress-ng
#   make soak       SOAK_MINUTES (30) of 50 clients' mixed load on PostgreSQL, serve + 2 workers, with workers and runners killed
#   make fuzz       every libFuzzer harness under Fuzz/ (sanitizers on, .build-fuzz/) for FUZZ_SECONDS (300) each; fails on any finding
#   make fuzz-smoke every harness for 20 s, two at a time, from a debug build (CI runs it after the tests)
#   make api-check  schemathesis against /openapi.yaml of a throw-away glint serve (about 1,200 cases)
#   make clean      remove build outputs, out/ and Fixtures/generated/

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.ONESHELL:
.DEFAULT_GOAL := build

SWIFT ?= swift
# Real phone files live beside the checkout; they are read from there, never copied in.
SHARED_FIXTURES ?= ../shared/fixtures
# The configuration of the one build (Scripts/build.sh): release, or debug to rebuild faster after an edit.
CONFIGURATION ?= release
export CONFIGURATION
GLINT := .build/$(CONFIGURATION)/glint

# Debian packages the build, the tests (ffmpeg and exiftool check outputs; postgresql for the queue's
# PostgreSQL store) and the benchmarks need.
# libseccomp-dev: the runners' seccomp filter (libseccomp2 at run time); bubblewrap: the runners' sandbox,
# without which glint serve and glint worker refuse to start unless told --sandbox none.
# stress-ng: the CPU hog that `make bench-latency` measures beside.
# libheif-dev: Debian 12's libheif1 (1.15) has the HEVC decoder (libde265) and encoder (x265) built in;
# later Debian releases split them out as libheif-plugin-libde265 and libheif-plugin-x265.
DEB_PACKAGES := pkg-config libjpeg62-turbo-dev libheif-dev \
	libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev liblcms2-dev \
	libgif-dev libwebp-dev libexempi-dev libpng-dev zlib1g-dev librsvg2-dev libcairo2-dev libsqlite3-dev libseccomp-dev \
	bubblewrap ffmpeg libimage-exiftool-perl time hyperfine webp gifsicle libjpeg-turbo-progs libvips-tools imagemagick postgresql chromium \
	libheif-examples stress-ng
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# $(call timed,STAGE,COMMAND): runs COMMAND, then prints how long it took (`== STAGE: N s`), the per-stage
# times CI's log shows.
timed = stage_started=$$(date +%s); $(2); echo "== $(1): $$(( $$(date +%s) - stage_started )) s"

.PHONY: deps build smoke test lint format docs run demo fixtures bench bench-rings bench-badge bench-queue bench-serve bench-isolation bench-motionphoto bench-library bench-hdr bench-latency soak fuzz fuzz-smoke api-check clean

deps:
	@command -v $(SWIFT) >/dev/null || { echo "make deps: '$(SWIFT)' is not on PATH: install Swift 6 (https://www.swift.org/install/linux/) and put its usr/bin on PATH" >&2; exit 1; }
	missing=$$(for p in $(DEB_PACKAGES); do dpkg -s "$$p" 2>/dev/null | grep '^Status: install ok installed' >/dev/null || echo "$$p"; done)
	[ -z "$$missing" ] && exit 0
	echo "make deps: installing" $$missing
	[ -z "$(SUDO)" ] || command -v sudo >/dev/null || { echo "make deps: not root and no sudo: install as root:" $$missing >&2; exit 1; }
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing

# What `make run` runs, `make smoke` proves, `make test` tests and the benchmarks time: one build of the
# whole package (Scripts/build.sh: release, the tests and benchmark executables included, -enable-testing),
# so that a fresh machine compiles Glint and its dependencies once, not once per configuration, and the tests
# run the optimized code that the service runs. The benchmark scripts that build what they time call the
# same script.
BUILD := Scripts/build.sh
build: deps
	$(call timed,build,SWIFT=$(SWIFT) $(BUILD))

# The queue's PostgreSQL tests run against a throw-away server on loopback (Scripts/postgres-test-server.sh:
# a temporary data directory, port 54329 or the next free one), stopped whatever the tests do; `swift test`
# alone skips them.
TEST_POSTGRES_PORT ?= 54329
# The longest the main test run may take: a guard against a hang, far above what a run takes (11.6
# minutes on an idle 2-core machine of ours, 24.7 beside `stress-ng --cpu 2`, which takes half the CPU).
TEST_TIMEOUT ?= 45m
# How many test cases run at once (Swift Testing's experimental width; unset, every test of the run
# starts at once and shares the task pool's two threads in turns, so that none ends until nearly all
# do, and a test's own waits stretch with the whole suite's).
TEST_WIDTH ?= 8
# The CPUs the test runs (tests and soak) are pinned to, as taskset(1) reads a list ("0", "0,1"); unset, any.
# `TEST_CPUS=0 make test` is the single-core proof of issue 39: every test passes with one core for all of it.
TEST_CPUS ?=
PIN := $(if $(TEST_CPUS),taskset -c $(TEST_CPUS))

test: deps lint
	pgdir=$$(mktemp -d "$${TMPDIR:-/tmp}/glint-test-postgres.XXXXXX")
	events=$$(mktemp "$${TMPDIR:-/tmp}/glint-test-events.XXXXXX")
	trap 'Scripts/postgres-test-server.sh stop "$$pgdir"; rm -f "$$events"' EXIT
	GLINT_TEST_POSTGRES_URL=$$(Scripts/postgres-test-server.sh start "$$pgdir" $(TEST_POSTGRES_PORT))
	export GLINT_TEST_POSTGRES_URL
	$(call timed,build,SWIFT=$(SWIFT) $(BUILD))
	# Not here: the soak (below) and PageScreenshots, which writes docs/*.png (Scripts/screenshots.sh runs it).
	# Every suite has a time limit (.suiteTimeLimit); Scripts/bounded-test-run.sh bounds each run as a whole
	# too, so that even a test stuck where cancellation cannot reach it cannot hold CI, and before it ends a
	# run that outlived its bound it prints what the run was doing (Scripts/hang-report.sh: every thread's
	# backtrace, the processes and sockets left). Swift Testing's event stream is kept so that a failed or
	# stopped run names the tests it was inside, or, when none was open, where it stopped (Scripts/open-tests.py).
	$(call timed,tests,SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) Scripts/bounded-test-run.sh $(TEST_TIMEOUT) $(PIN) $(SWIFT) test -c $(CONFIGURATION) --skip-build --skip SoakTests --skip PageScreenshots \
		--experimental-event-stream-output "$$events" --experimental-event-stream-version 0 \
		|| { status=$$?; python3 Scripts/open-tests.py "$$events" >&2; exit $$status; })
	# The 2-minute soak (SoakTests) loads both cores and kills processes: alone, after the rest; named as the
	# rest are when it fails or stops.
	$(call timed,soak,GLINT_SOAK_TEST=1 Scripts/bounded-test-run.sh 15m $(PIN) $(SWIFT) test -c $(CONFIGURATION) --skip-build --filter SoakTests \
		--experimental-event-stream-output "$$events" --experimental-event-stream-version 0 \
		|| { status=$$?; python3 Scripts/open-tests.py "$$events" >&2; exit $$status; })

# Coverage-guided fuzzing of Glint's own parsers (docs/fuzzing.md): each harness under Fuzz/ built with
# the fuzzer and address sanitizers into .build-fuzz/ (the normal build is untouched), then run for
# FUZZ_SECONDS, one after another, its corpus kept in .build-fuzz/corpus/. A crash, sanitizer report,
# leak, input slower than 2 s or over 2 GiB fails the target (the input under .build-fuzz/artifacts/).
FUZZ_SECONDS ?= 300

fuzz: deps
	$(call timed,fuzz,FUZZ_SECONDS=$(FUZZ_SECONDS) SHARED_FIXTURES=$(SHARED_FIXTURES) Scripts/fuzz.sh)

# The smoke run builds in debug (579 s from scratch on our idle 2 cores; release takes longer): its
# 20 s runs are there to catch a crash, not to go deep.
fuzz-smoke: deps
	$(call timed,fuzz-smoke,FUZZ_CONFIGURATION=debug FUZZ_SECONDS=20 FUZZ_JOBS=2 SHARED_FIXTURES=$(SHARED_FIXTURES) Scripts/fuzz.sh)

# The proof of `make run` (.ci/run calls it after the tests): the same build, glint serve started as `make
# run` starts it but on a free loopback port (runners at --runner-priority normal) with a throw-away data
# directory and a fresh key, one livephoto.edit of the shared iPhone pair over HTTP, both outputs
# checked to still pair, then SIGTERM (exit 0 within 30 s). Scripts/smoke.sh removes whatever it made.
smoke: build
	$(call timed,smoke,Scripts/smoke.sh $(GLINT) $(SHARED_FIXTURES))

# The shape of the code: swift-format's rules (.swift-format) with warnings as errors, every module a
# target imports declared in Package.swift, docs/architecture.md's module table and diagram true to
# Package.swift and the sources, no GLINT_* variable read outside Sources/GlintOptions, no function
# in Sources or Benchmarks over 60 lines, and tests that cannot flake (issue 39, Scripts/check-test-clock.py:
# no read of the real clock and no sleep in Tests but Tests/GlintTestSupport/Waiting.swift, no
# Waiting bound under 30 s, no loop that polls for a state, no real clock in Sources but
# Sources/GlintCore/Time; its self-test on planted cases runs first).
FORMATTED := Sources Tests Fuzz Benchmarks/JPEGPatchBench Benchmarks/PostgresQueueBench Benchmarks/SQLiteQueueBench

lint:
	lint_started=$$(date +%s)
	$(SWIFT) format lint --strict --parallel --recursive $(FORMATTED)
	python3 Scripts/check-imports.py
	python3 Scripts/check-architecture.py
	python3 Scripts/check-environment.py
	python3 Scripts/check-probe.py
	python3 Scripts/check-egress.py
	python3 Scripts/check-test-clock.py --self-test
	python3 Scripts/check-test-clock.py
	python3 Scripts/open-tests.py --self-test
	Scripts/long-functions.sh Sources Benchmarks Fuzz
	echo "== lint: $$(( $$(date +%s) - lint_started )) s"

format:
	$(SWIFT) format format --in-place --parallel --recursive $(FORMATTED)

# The README's table of job kinds, between its `<!-- kinds: ... -->` and `<!-- /kinds -->` lines, from
# the registry (a test fails while it is out of date).
docs: build
	table=$$($(GLINT) jobs kinds --markdown)
	python3 -c 'import re, sys; path, table = sys.argv[1], sys.argv[2]; text = open(path).read(); \
	  begin = text.index("<!-- kinds:"); begin = text.index("\n", begin) + 1; end = text.index("<!-- /kinds -->"); \
	  open(path, "w").write(text[:begin] + table + "\n" + text[end:])' README.md "$$table"

# The main job: the service. `glint serve` on PORT with embedded workers, its data in RUN_DATA. A demo
# API key (tenant `demo`) is created on the first run, kept in RUN_DATA/demo-key (mode 0600) and printed
# on every run, so that running it again reuses the same data and key. Ctrl-C stops it gracefully.
PORT ?= 8080
RUN_DATA ?= out/glint-data

run: build
	@mkdir -p $(RUN_DATA)
	if [ ! -s $(RUN_DATA)/demo-key ]; then
	  (umask 077; $(GLINT) keys create --tenant demo --name "make run" --data-dir $(RUN_DATA) > $(RUN_DATA)/demo-key.tmp)
	  mv $(RUN_DATA)/demo-key.tmp $(RUN_DATA)/demo-key
	fi
	key=$$(cat $(RUN_DATA)/demo-key)
	echo "== glint serve on http://127.0.0.1:$(PORT) (data in $(RUN_DATA)); API key for tenant demo:"
	echo "   $$key"
	echo "   curl -H 'Authorization: Bearer $$key' http://127.0.0.1:$(PORT)/v1/jobs   (API: http://127.0.0.1:$(PORT)/openapi.yaml)"
	echo "   dashboard: http://127.0.0.1:$(PORT)/ (sign in with this key: it shows tenant demo's jobs)"
	exec $(GLINT) serve --data-dir $(RUN_DATA) --port $(PORT)

# The CLI end to end: generate a pair, inspect a real one, edit it with the sample recipe and show
# that the output is still a Live Photo.
demo: build
	@$(GLINT) fixture --out out/demo --name demo
	if [ -f $(SHARED_FIXTURES)/livephoto-iphone6s/IMG_train.jpg ]; then
	  still=$(SHARED_FIXTURES)/livephoto-iphone6s/IMG_train.jpg movie=$(SHARED_FIXTURES)/livephoto-iphone6s/IMG_train.mov
	else
	  echo "($(SHARED_FIXTURES) not found: using the generated pair)"
	  still=out/demo/demo.jpg movie=out/demo/demo.mov
	fi
	echo; echo "== glint inspect $$still $$movie"
	$(GLINT) inspect "$$still" "$$movie"
	echo; echo "== glint edit (recipe $$(tr -d ' \n' < Fixtures/recipes/sample.json)) into out/edited/"
	$(GLINT) edit "$$still" "$$movie" --recipe Fixtures/recipes/sample.json --out out/edited
	edited="out/edited/$$(basename "$$still") out/edited/$$(basename "$$movie")"
	echo; echo "== glint inspect $$edited"
	report=$$($(GLINT) inspect $$edited)
	echo "$$report"
	grep -q '^Live Photos:' <<<"$$report" || { echo "make demo: the edited pair is no longer a Live Photo" >&2; exit 1; }

fixtures: build
	GLINT=$(GLINT) Fixtures/make-fixtures.sh

bench: build
	GLINT=$(GLINT) SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/edit-vs-ffmpeg.sh

bench-rings: build
	python3 -c 'import cairo' 2>/dev/null || python3 -m pip install --quiet pycairo
	GLINT=$(GLINT) Benchmarks/rings-vs-pycairo.sh

# The script times glint and JPEGPatchBench from the one build (`make build`).
bench-badge: build
	SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/badge-vs-vips.sh

# The queue benchmark of the one build (`make build`) against pgqueuer (PyPI) on one throw-away PostgreSQL server.
bench-queue: build
	python3 -c 'import pgqueuer' 2>/dev/null || python3 -m pip install --quiet pgqueuer
	BENCH=.build/$(CONFIGURATION)/PostgresQueueBench Benchmarks/queue-vs-pgqueuer.sh

# glint (`make build`) serves a 3 MB job output to wrk, against nginx serving the same file.
bench-serve: build
	command -v wrk >/dev/null && command -v nginx >/dev/null || $(SUDO) apt-get install -y wrk nginx
	GLINT=$(GLINT) Benchmarks/serve-vs-nginx.sh

# Builds glint as `make build` does (unless GLINT=... names another binary) and runs two glint serve, one
# --isolation in-process and one --isolation runner, through the same jobs and requests (results in out/bench/isolation/).
bench-isolation: deps
	[ "$(GLINT)" != .build/$(CONFIGURATION)/glint ] || SWIFT=$(SWIFT) $(BUILD)
	GLINT=$(GLINT) SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/isolation-overhead.sh

# Motion Photo to Live Photo on the Samsung HEIC against exiftool + ffmpeg + exiftool (Benchmarks/motionphoto-vs-exiftool.sh).
bench-motionphoto: build
	GLINT=$(GLINT) SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/motionphoto-vs-exiftool.sh

# A generated library of at least 300 items converted by glint and by exiftool + ffmpeg per file (Benchmarks/library.sh).
bench-library: build
	GLINT=$(GLINT) SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/library.sh

# HDR edit cost against the same edit without the map, and what each peer keeps (Benchmarks/hdr.sh).
bench-hdr: build
	GLINT=$(GLINT) SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/hdr.sh

# The latency claims that tests no longer assert (issue 39), each over TRIES (50) tries, p50 / p99 / max, idle and beside
# stress-ng --cpu 2 (Benchmarks/latency.sh; results in out/bench/latency/). Builds glint as `make build` does unless GLINT=... names another binary.
bench-latency: deps
	[ "$(GLINT)" != .build/$(CONFIGURATION)/glint ] || SWIFT=$(SWIFT) $(BUILD)
	GLINT=$(GLINT) SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/latency.sh

# The soak test (Benchmarks/soak.sh): SOAK_MINUTES (default 30) of load with failures; report in out/bench/soak.
soak: deps
	[ "$(GLINT)" != .build/$(CONFIGURATION)/glint ] || SWIFT=$(SWIFT) $(BUILD)
	GLINT=$(GLINT) SHARED_FIXTURES=$(SHARED_FIXTURES) Benchmarks/soak.sh

# schemathesis (PyPI) against the OpenAPI document of a throw-away server: no 5xx, no response that
# the document does not describe.
api-check: build
	Scripts/schemathesis.sh $(GLINT)

clean:
	rm -rf .build out Fixtures/generated
