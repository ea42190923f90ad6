#!/usr/bin/env bash
# Builds the libFuzzer targets (clang; by default in the sanitizer tree of the "asan" preset, which
# scripts/test.sh has already built with them) and runs each for SECONDS (default 30),
# starting from the checked-in seed corpus in fuzz/corpus/<target>/. Targets run side by side,
# one per core. Crashes are written to <build>/artifacts/ and the script fails.
#   scripts/fuzz.sh 30               # what the test script runs
#   scripts/fuzz.sh 3600             # a longer campaign (an hour per target)
#   scripts/fuzz.sh 600 fuzz_gguf    # one target
#   LLMSIZER_FUZZ_BUILD_DIR=build/my-fuzz scripts/fuzz.sh   # another build directory
#   LLMSIZER_FUZZ_JOBS=1 scripts/fuzz.sh                    # one target at a time
#   LLMSIZER_FUZZ_PRESET=fuzz scripts/fuzz.sh               # a fuzz-only build (no GUI, no tests)
#   LLMSIZER_FUZZ_CAMPAIGN=10000000 scripts/fuzz.sh 3600    # campaign: up to 10^7 runs or an hour
#                                                           # per target, "fuzz-fast" build
# A campaign (LLMSIZER_FUZZ_CAMPAIGN=RUNS) builds with the fuzz-fast preset (UBSan only, no ASan:
# several times the executions per second) in build/fuzz-fast, stops each target after RUNS
# executions or SECONDS, whichever comes first, and appends one line per target to
# <build>/campaign.tsv: target, executions, seconds, exec/s, corpus files, peak RSS, result.
# Reproduce a crash:  <build>/fuzz/fuzz_gguf <build>/artifacts/fuzz_gguf-crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
only="${2:-}"
campaign="${LLMSIZER_FUZZ_CAMPAIGN:-}"
preset="${LLMSIZER_FUZZ_PRESET:-asan}"
[ -n "$campaign" ] && preset=fuzz-fast
build="${LLMSIZER_FUZZ_BUILD_DIR:-build/$preset}"
jobs="${LLMSIZER_FUZZ_JOBS:-$(nproc)}"
runs=()
[ -n "$campaign" ] && runs=(-runs="$campaign")

cmake --preset "$preset" -B "$build" >/dev/null
cmake --build "$build" --target fuzzers -j "$(nproc)"

artifacts="$build/artifacts"
mkdir -p "$artifacts"

# Runs one target; its log goes to <build>/<target>.log.
run_one() {
    local exe=$1 name
    name=$(basename "$exe")
    local work="$build/corpus/$name"
    mkdir -p "$work"
    # The checked-in corpus seeds the run (and replays every past crash input first), with the
    # real files the tests use; new inputs go to the build tree, never the source tree.
    # An input that takes over 2 s or 512 MB is a finding (a quadratic parse or an amplification),
    # the same limits docs/reliability.md promises for every accepted input.
    local seeds=()
    case "$name" in
    fuzz_hf_config) seeds=(tests/data/hf tests/data/reference/hf-configs tests/data/reference/hf-configs-2026) ;;
    fuzz_preset) seeds=(presets) ;;
    fuzz_session_apply) seeds=(fuzz/corpus/fuzz_session) ;;
    fuzz_gpu_catalog) seeds=(resources) ;;
    esac
    local start status=0
    start=$(date +%s)
    "$exe" "$work" "fuzz/corpus/$name" "${seeds[@]}" -max_total_time="$seconds" "${runs[@]}" \
        -timeout=2 -rss_limit_mb=512 -malloc_limit_mb=512 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$name-" >"$build/$name.log" 2>&1 || status=$?
    if [ -n "$campaign" ]; then
        local stat
        stat() { grep -E "^stat::$1:" "$build/$name.log" | tail -1 | awk '{print $2}'; }
        printf '%s\t%s\t%s\t%s\t%s\t%s MB\t%s\n' "$name" "$(stat number_of_executed_units)" \
            "$(($(date +%s) - start))" "$(stat average_exec_per_sec)" \
            "$(find "$work" -type f | wc -l)" "$(stat peak_rss_mb)" \
            "$([ "$status" -eq 0 ] && echo "no finding" || echo "FINDING (exit $status)")" \
            >>"$build/campaign.tsv"
    fi
    return "$status"
}

names=()
pids=()
for exe in "$build"/fuzz/fuzz_*; do
    [ -f "$exe" ] && [ -x "$exe" ] || continue
    name=$(basename "$exe")
    [ -n "$only" ] && [ "$name" != "$only" ] && continue
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    echo "-- $name for ${seconds}s"
    run_one "$exe" &
    names+=("$name")
    pids+=("$!")
done
if [ ${#names[@]} -eq 0 ]; then
    echo "error: no fuzz target${only:+ named $only} in $build/fuzz" >&2
    exit 2
fi

status=0
for i in "${!names[@]}"; do
    name=${names[$i]}
    if wait "${pids[$i]}"; then
        echo "$name: $(grep -E '^Done [0-9]+ runs' "$build/$name.log" | tail -1)"
    else
        echo "FAILED: $name (see $build/$name.log and $artifacts/)" >&2
        tail -40 "$build/$name.log" >&2
        status=1
    fi
done
exit $status
