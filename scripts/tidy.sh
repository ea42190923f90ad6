#!/usr/bin/env bash
# Runs clang-tidy (configuration in .clang-tidy) over every core/ and present/ source (the Qt-free
# layers), or the files given, with
# the compile commands of a build directory (default build/release, configured here if needed), one
# file per core at a time. Exits non-zero on any finding.
#   scripts/tidy.sh                                  # all of core/src and present/src
#   scripts/tidy.sh core/src/formats/gguf.cpp        # some files
#   LLMSIZER_TIDY_BUILD_DIR=build/dev scripts/tidy.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build="${LLMSIZER_TIDY_BUILD_DIR:-build/release}"
[ -f "$build/compile_commands.json" ] || cmake --preset release -B "$build" >/dev/null
if [ $# -gt 0 ]; then
    files=("$@")
else
    mapfile -t files < <(git ls-files 'core/src/*.cpp' 'present/src/*.cpp'
        git ls-files --others --exclude-standard 'core/src/*.cpp' 'present/src/*.cpp')
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# The compile commands may be g++'s (the release tree): clang-tidy's clang does not know every
# g++ warning option (-Wno-maybe-uninitialized), which it would report as an error.
printf '%s\n' "${files[@]}" |
    xargs -P "$(nproc)" -n 2 clang-tidy -p "$build" --quiet \
        --extra-arg=-Wno-unknown-warning-option >"$log" 2>&1 || status=$?
grep -v "warnings generated" "$log" || true
if [ $status -eq 0 ]; then
    echo "clang-tidy: ${#files[@]} files clean"
fi
exit $status
