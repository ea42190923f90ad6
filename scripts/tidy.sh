#!/usr/bin/env bash
# Runs clang-tidy (configuration in .clang-tidy) over every core/ and present/ source (the Qt-free
# layers), or the files given, with the compile commands of a build directory (default
# build/release, configured here if needed), one file per core at a time. Exits non-zero on any
# finding.
#   scripts/tidy.sh                                  # all of core/src and present/src
#   scripts/tidy.sh core/src/formats/gguf.cpp        # some files
#   LLMSIZER_TIDY_BUILD_DIR=build/dev scripts/tidy.sh
#   LLMSIZER_TIDY_CACHE=0 scripts/tidy.sh            # check every file again, ignoring the record
#
# A file found clean is recorded in BUILD/tidy-clean/ under a key made of everything its result
# depends on: the file, every header of the project, .clang-tidy, the file's compile command and
# the versions of clang-tidy and the system headers' packages. A file whose key is recorded is not
# checked again; a finding is never recorded, so it is reported on every run until fixed.
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

record="$build/tidy-clean"
mkdir -p "$record"
# This run's own outputs (two runs at once, or the workers of a stopped run, never mix).
work=$(mktemp -d)
workers=""
stop() {
    if [ -n "$workers" ]; then
        kill -TERM -- "-$workers" 2>/dev/null || true # xargs and every clang-tidy it started
    fi
    rm -rf "$work"
}
trap stop EXIT
trap 'exit 143' TERM INT HUP
# What every file's result depends on besides the file itself.
common=$({
    clang-tidy --version
    cat .clang-tidy
    dpkg-query -W libstdc++-12-dev nlohmann-json3-dev 2>/dev/null || true
    find core present -name '*.h' -o -name '*.hpp' | LC_ALL=C sort | xargs cat
} | sha256sum | cut -c1-64)
# The key of one file: its text, its compile command (with the build directory's path) and the
# common part above.
key_of() {
    local file="$1" command
    # CMake writes each entry's "command" line before its "file" line.
    command=$(awk -v want="\"file\": \"$PWD/$file\"" \
        'index($0, "\"command\":") { last = $0 } index($0, want) { print last; exit }' \
        "$build/compile_commands.json")
    { echo "$common"; echo "$command"; cat "$file"; } | sha256sum | cut -c1-64
}

todo=()
skipped=0
declare -A keys=()
for file in "${files[@]}"; do
    key=$(key_of "$file")
    keys[$file]=$key
    if [ "${LLMSIZER_TIDY_CACHE:-1}" != 0 ] && [ -f "$record/$key" ]; then
        skipped=$((skipped + 1))
    else
        todo+=("$file")
    fi
done

log="$work/log"
: >"$log"
status=0
if [ ${#todo[@]} -gt 0 ]; then
    # One clang-tidy per file, so that each file's own exit status says whether it is clean.
    # The compile commands may be g++'s (the release tree): clang-tidy's clang does not know
    # every g++ warning option (-Wno-maybe-uninitialized), which it would report as an error.
    # In a process group of their own, so that stopping this script stops them.
    printf '%s\n' "${todo[@]}" |
        setsid xargs -P "$(nproc)" -I{} sh -c \
            'exec >"$3/$(echo "$2" | tr / _).out" 2>&1
             clang-tidy -p "$1" --quiet --extra-arg=-Wno-unknown-warning-option "$2"
             echo "$? $2" >>"$3/status"' \
            _ "$build" {} "$work" &
    workers=$!
    wait "$workers" || true
    workers=""
fi
clean=0
if [ -f "$work/status" ]; then
    while read -r code file; do
        if [ "$code" -eq 0 ]; then
            : >"$record/${keys[$file]}"
            clean=$((clean + 1))
        else
            status=1
        fi
        grep -v "warnings generated" "$work/$(echo "$file" | tr / _).out" >>"$log" || true
    done <"$work/status"
fi
# A file with no status line was not checked (a worker that could not start): not clean.
if [ "$clean" -ne ${#todo[@]} ] && [ $status -eq 0 ]; then
    echo "clang-tidy: $((${#todo[@]} - clean)) of ${#todo[@]} files were not checked" >>"$log"
    status=1
fi
cat "$log"
if [ $status -eq 0 ]; then
    echo "clang-tidy: ${#files[@]} files clean (${#todo[@]} checked, $skipped unchanged since a clean check)"
fi
exit $status
