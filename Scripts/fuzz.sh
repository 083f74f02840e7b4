#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Fuzz/, see docs/fuzzing.md) with the fuzzer and address
# sanitizers into .build-fuzz/ and runs each for FUZZ_SECONDS, one after another.
#
# The flags: SwiftPM's --sanitize options set up the link (libFuzzer's main), but they reach swiftc
# as two -sanitize= flags of which it keeps only the last; -Xswiftc -sanitize=fuzzer,address, last,
# gives every Swift module both coverage counters and ASan (a run whose binary has no counters fails).
#
#   Scripts/fuzz.sh [--seconds N] [--runs N] [--build-only | --no-build] [HARNESS...]    (default: every harness)
#
# --runs (FUZZ_RUNS) also ends a harness's run after that many executions, whichever comes first
# (the record runs of docs/fuzzing.md: --seconds 1800 --runs 10000000).
# FUZZ_CONFIGURATION (release) is the build's configuration: debug builds in about half the time
# and runs each input a few times slower (make fuzz-smoke, whose 20 s runs are about crashes, not
# depth, uses it; the record runs use release).
# A harness fails on a crash, a sanitizer report, a leak, an input slower than 2 s
# (FUZZ_INPUT_TIMEOUT) or over 2 GiB of memory; its input is kept under
# .build-fuzz/artifacts/<harness>/ and the script exits 1 after running the others. Each run's
# numbers (executions, edges, corpus) are appended to .build-fuzz/results.tsv. FUZZ_JOBS (1) runs
# that many harnesses at once.
set -euo pipefail
# A Swift trap is reported by libFuzzer (deadly signal, with the stack), not by the runtime's backtracer.
export SWIFT_BACKTRACE=enable=no

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${FUZZ_SECONDS:-300}
runs=${FUZZ_RUNS:--1}
input_timeout=${FUZZ_INPUT_TIMEOUT:-2}
build_only=0
no_build=0
selected=()
while (($#)); do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --no-build) no_build=1; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz: unknown option $1" >&2; exit 2 ;;
        *) selected+=("$1"); shift ;;
    esac
done

build=.build-fuzz
configuration=${FUZZ_CONFIGURATION:-release}
[[ $configuration == release || $configuration == debug ]] || { echo "fuzz: FUZZ_CONFIGURATION is release or debug, not $configuration" >&2; exit 2; }
shared_fixtures=$(cd "${SHARED_FIXTURES:-$root/../shared/fixtures}" 2>/dev/null && pwd || echo "${SHARED_FIXTURES:-$root/../shared/fixtures}")
generated=$root/$build/generated

harnesses() {
    for conf in Fuzz/*/fuzz.conf; do basename "$(dirname "$conf")"; done
}
if ((${#selected[@]} == 0)); then mapfile -t selected < <(harnesses); fi
for name in "${selected[@]}"; do
    [[ -f Fuzz/$name/fuzz.conf ]] || { echo "fuzz: no harness Fuzz/$name (one of: $(harnesses | tr '\n' ' '))" >&2; exit 2; }
done

((no_build)) || echo "fuzz: building the harnesses into $build/ (fuzzer + address sanitizers)"
mkdir -p "$build/logs"
build_log=$build/logs/build-$$.log
# Every harness, always: a build of one product (--product) compiles its dependencies with other
# command lines than a build of all, so alternating the two would rebuild everything each time.
# SwiftPM (6.3) keeps its build plan of the Glint package (a path dependency of Fuzz/) while only
# the contents of its files change, so a source file added to Glint would not be compiled in: the
# plan is made again whenever the list of source files differs from the last build's.
sources_list=$build/$configuration.sources.list
if ((!no_build)); then
    listed=$(find Sources Fuzz -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
    if [[ ! -f $sources_list || $listed != "$(cat "$sources_list")" ]]; then
        rm -f "$build/$configuration.yaml" "$build/$configuration/description.json"
    fi
    if ! swift build --package-path Fuzz --build-path "$build" -c "$configuration" \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing > "$build_log" 2>&1; then
        grep -E "error:" "$build_log" | head -20 >&2 || tail -20 "$build_log" >&2
        echo "fuzz: the build failed; see $build_log" >&2
        exit 1
    fi
    printf '%s\n' "$listed" > "$sources_list"
fi
rm -f "$build_log"
((build_only)) && exit 0

# The seed folder of a harness: its own seeds (Fuzz/<name>/seeds/) and links to the shared
# fixtures and generated files its fuzz.conf names (never copies).
seed_folder() {
    local name=$1 folder=$build/seeds/$1 pattern file
    rm -rf "$folder"
    mkdir -p "$folder"
    [[ -d Fuzz/$name/seeds ]] && for file in Fuzz/$name/seeds/*; do ln -sf "$root/$file" "$folder/own-$(basename "$file")"; done
    for pattern in ${SHARED_SEEDS:-}; do
        for file in "$shared_fixtures"/$pattern; do [[ -f $file ]] && ln -sf "$file" "$folder/shared-$(echo "${file#"$shared_fixtures"/}" | tr / -)"; done
    done
    for pattern in ${GENERATED_SEEDS:-}; do
        for file in "$generated"/$pattern; do [[ -f $file ]] && ln -sf "$file" "$folder/generated-$(basename "$file")"; done
    done
    echo "$folder"
}

# Seeds the build generates: small synthetic pairs made by `glint fixture` (JPEG and HEIC stills,
# H.264 and HEVC movies, with and without audio and identifiers), once, with whichever glint was built.
generate_seeds() {
    local glint
    [[ -d $generated ]] && return
    for glint in .build/release/glint .build/debug/glint; do [[ -x $glint ]] && break; done
    [[ -x $glint ]] || { echo "fuzz: no glint built (make build): no generated seeds this time"; return; }
    mkdir -p "$generated.partial"
    "$glint" fixture --out "$generated.partial" --name default >/dev/null 2>&1
    "$glint" fixture --out "$generated.partial" --name hevc-rotated-90 --codec hevc --rotation 90 >/dev/null 2>&1
    "$glint" fixture --out "$generated.partial" --name no-audio --no-audio --identifier none >/dev/null 2>&1
    "$glint" fixture --out "$generated.partial" --name heic-hevc --still-format heic --codec hevc >/dev/null 2>&1
    "$glint" fixture --out "$generated.partial" --name display-p3 --color-space display-p3 --codec hevc >/dev/null 2>&1
    local hdr=(--still-size 320x240 --frame-size 64x48 --frames 4 --no-audio)
    "$glint" fixture --out "$generated.partial" --name hdr-ultra --gain-map ultrahdr "${hdr[@]}" >/dev/null 2>&1
    "$glint" fixture --out "$generated.partial" --name hdr-apple --gain-map apple "${hdr[@]}" >/dev/null 2>&1
    "$glint" fixture --out "$generated.partial" --name hdr-apple-heic --gain-map apple --still-format heic --codec hevc "${hdr[@]}" >/dev/null 2>&1
    rm -f "$generated.partial"/hdr-*.mov
    mv "$generated.partial" "$generated"
}
generate_seeds

results=$build/results.tsv
[[ -f $results ]] || printf 'date\tharness\tseconds\texecutions\texec/s\tedges\tfeatures\tcorpus\tcorpus_bytes\tpeak_rss_mb\tresult\n' > "$results"
# Runs harness $1 once; its line goes to results.tsv, its outcome to $build/outcomes/$1.
run_harness() {
    local name=$1 corpus artifacts log seeds status=0 started executions peak last edges features corpus_count corpus_bytes elapsed rate result
    API=0; MAX_LEN=65536; SHARED_SEEDS=""; GENERATED_SEEDS=""
    # shellcheck disable=SC1090
    source "Fuzz/$name/fuzz.conf"
    corpus=$build/corpus/$name
    artifacts=$build/artifacts/$name
    log=$build/logs/$name.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    seeds=$(seed_folder "$name")
    local options=(-max_total_time="$seconds" -runs="$runs" -timeout="$input_timeout" -rss_limit_mb=2048 -max_len="$MAX_LEN"
        -print_final_stats=1 -use_value_profile=1 -close_fd_mask=1 -artifact_prefix="$artifacts/")
    [[ -f Fuzz/$name/$name.dict ]] && options+=(-dict="Fuzz/$name/$name.dict")
    echo "fuzz: $name for ${seconds}s (max_len $MAX_LEN, $(find -L "$seeds" -type f | wc -l) seed(s), corpus $(find "$corpus" -type f | wc -l))"
    started=$(date +%s)
    "$build/$configuration/$name" "${options[@]}" "$corpus" "$seeds" > "$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    # The DONE line has no cov: the edges come from the last line that has them.
    last=$(grep -E '^#[0-9]+.* cov: ' "$log" | tail -1 || true)
    edges=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    last=$(grep -E '^#[0-9]+.* ft: ' "$log" | tail -1 || true)
    features=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corpus_count=$(find "$corpus" -type f | wc -l)
    corpus_bytes=$(du -sb "$corpus" | cut -f1)
    elapsed=$(( $(date +%s) - started ))
    rate=$(( ${executions:-0} / (elapsed > 0 ? elapsed : 1) ))
    result=ok
    if ((status == 0)) && ! grep -q 'inline 8-bit counters' "$log"; then
        status=3
        echo "fuzz: $name has no coverage counters: the build lost -sanitize=fuzzer" >&2
    fi
    if ((status != 0)); then
        result="FAILED($status)"
        echo "fuzz: $name FAILED (exit $status); the input is under $artifacts/, the report in $log:" >&2
        grep -E 'ERROR|SUMMARY|Fatal error|Precondition|Assertion|timeout|out-of-memory|leak' "$log" | head -8 >&2 || true
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$name" "$elapsed" "${executions:-0}" "$rate" \
        "${edges:-0}" "${features:-0}" "$corpus_count" "$corpus_bytes" "${peak:-0}" "$result" >> "$results"
    echo "fuzz: $name: ${elapsed}s, ${executions:-0} executions (${rate}/s), ${edges:-0} edges, ${features:-0} features, corpus $corpus_count files, $result"
    echo "$result" > "$build/outcomes/$name"
}

# One after another, or FUZZ_JOBS at a time (make fuzz-smoke: one per core).
rm -rf "$build/outcomes"
mkdir -p "$build/outcomes"
for name in "${selected[@]}"; do
    while (($(jobs -rp | wc -l) >= ${FUZZ_JOBS:-1})); do wait -n || true; done
    run_harness "$name" &
done
wait
failed=()
for name in "${selected[@]}"; do
    [[ $(cat "$build/outcomes/$name" 2>/dev/null) == ok ]] || failed+=("$name")
done

if ((${#failed[@]})); then
    echo "fuzz: ${#failed[@]} harness(es) failed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: every harness ran ${seconds}s without a finding"
