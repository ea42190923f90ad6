#!/usr/bin/env bash
# Quick start, command 2: install what is missing, then check formatting, build with warnings as
# errors (g++) and run every test (offscreen), run clang-tidy over core/ and present/, build
# everything again with clang under AddressSanitizer + UndefinedBehaviorSanitizer (warnings as
# errors there too) with the libFuzzer targets, run the whole suite under it, and run each fuzz
# target briefly. Prints each stage's time, the ten slowest compile units and tests, and every test
# over 10 s, at the end; docs/reliability.md keeps the figures of a 2-core machine.
#   LLMSIZER_SKIP_TIDY=1     skip clang-tidy
#   LLMSIZER_SKIP_ASAN=1     skip the sanitizer pass (and the fuzzing, which uses its build)
#   LLMSIZER_SKIP_FUZZ=1     skip the short fuzz runs
#   LLMSIZER_FUZZ_SECONDS=N  seconds per fuzz target (default 20; targets run one per core)
#
# Each thing is done once: the g++ stage builds the release tree that command 1 (scripts/run.sh)
# built the app in, so only the tests are compiled there (at -O0; the libraries keep -O2);
# clang-tidy reads that tree's compile database and runs beside the tests and the sanitizer build
# at the lowest priority, on the cores they leave idle; the fuzz targets are built in the sanitizer
# tree and run from it.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
jobs=$(nproc)
start=$SECONDS
last=$SECONDS
names=()
times=()
current=""
stage() {
    if [ -n "$current" ]; then
        names+=("$current")
        times+=($((SECONDS - last)))
    fi
    echo "== $* (at $((SECONDS - start)) s; previous stage $((SECONDS - last)) s)"
    current="$*"
    last=$SECONDS
}

tidy_pid=""
cleanup() {
    if [ -n "$tidy_pid" ]; then
        kill -- "$tidy_pid" 2>/dev/null || true
    fi
}
trap cleanup EXIT

stage "install missing packages"
scripts/deps.sh

stage "clang-format check"
scripts/check-format.sh

stage "build (g++, warnings as errors; the release tree, tests at -O0)"
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"

if [ "${LLMSIZER_SKIP_TIDY:-0}" != 1 ]; then
    echo "-- clang-tidy on core/ and present/ starts beside the next stages (lowest priority)"
    LLMSIZER_TIDY_BUILD_DIR=build/release nice -n 19 scripts/tidy.sh >build/tidy.log 2>&1 &
    tidy_pid=$!
fi

stage "test (g++)"
ctest --preset release -j "$jobs" 2>&1 | tee build/release/ctest.log

if [ "${LLMSIZER_SKIP_ASAN:-0}" != 1 ]; then
    stage "AddressSanitizer + UndefinedBehaviorSanitizer build with the fuzz targets (clang, warnings as errors)"
    cmake --preset asan >/dev/null
    cmake --build --preset asan -j "$jobs"
    stage "test under AddressSanitizer + UndefinedBehaviorSanitizer (leak checks on)"
    ctest --preset asan -j "$jobs" 2>&1 | tee build/asan/ctest.log

    if [ "${LLMSIZER_SKIP_FUZZ:-0}" != 1 ] && [ -d fuzz ]; then
        stage "fuzz targets: ${LLMSIZER_FUZZ_SECONDS:-20} s each, from the sanitizer build"
        scripts/fuzz.sh "${LLMSIZER_FUZZ_SECONDS:-20}"
    fi
fi

if [ -n "$tidy_pid" ]; then
    stage "clang-tidy on core/ and present/ (what was left of it)"
    tidy_status=0
    wait "$tidy_pid" || tidy_status=$?
    tidy_pid=""
    cat build/tidy.log
    [ "$tidy_status" -eq 0 ] || exit "$tidy_status"
fi
stage "done"

scripts/timings.sh --stages "$(printf '%s\n' "${names[@]}")" "$(printf '%s\n' "${times[@]}")" \
    build/release build/asan
