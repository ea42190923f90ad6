#!/usr/bin/env bash
# One job of scripts/tidy.sh, run by its workers: BUILD WORK JOB. The job file holds the pass
# ("main" or "rest"), the checks, the compile command of the batch's files and then the files.
#   main:  one file, checked alone (the checks that look only at the main file, and the static
#          analyzer, which analyses only the main file's functions in depth).
#   rest:  a batch, checked with one clang-tidy run on a file that #includes every file of it, so
#          that the system headers (nlohmann/json.hpp, the standard library) are parsed and walked
#          once per batch instead of once per file. A batch that reports anything, or does not
#          compile as one (two files' internal helpers of the same name), is split in two and each
#          half checked again, down to single files: what is reported is always a single file's
#          own result. A batch of one file is checked alone.
# Appends "STATUS PASS FILE" per file to WORK/status; each file's output goes to WORK/out/.
set -uo pipefail
build=$1 work=$2 job=$3
{
    read -r pass
    read -r checks
    read -r command
    mapfile -t files
} <"$job"
tidy=(clang-tidy --quiet --extra-arg=-Wno-unknown-warning-option "--checks=$checks")

out_of() { echo "$work/out/$pass-$(echo "$1" | tr / _).out"; }

alone() {
    local code=0
    "${tidy[@]}" -p "$build" "$1" >"$(out_of "$1")" 2>&1 || code=$?
    echo "$code $pass $1" >>"$work/status"
}

together() {
    if [ $# -eq 1 ]; then
        alone "$1"
        return
    fi
    local dir code=0 f
    dir=$(mktemp -d "$work/batch.XXXXXX")
    for f in "$@"; do
        printf '#include "%s/%s"\n' "$PWD" "$f"
    done >"$dir/batch.cpp"
    printf '[{ "directory": "%s", %s "file": "%s" }]\n' "$(cd "$build" && pwd)" \
        "${command//@FILE@/$dir/batch.cpp}" "$dir/batch.cpp" >"$dir/compile_commands.json"
    # The batch file's own #include lines of .cpp files are the point: bugprone-suspicious-include
    # is checked on each file alone instead (scripts/tidy.sh lists it among the per-file checks).
    "${tidy[@]}" --config-file=.clang-tidy -p "$dir" "$dir/batch.cpp" >"$dir/out" 2>&1 || code=$?
    if [ "$code" -eq 0 ] && ! grep -qE '(error|warning):' "$dir/out"; then
        for f in "$@"; do
            : >"$(out_of "$f")"
            echo "0 $pass $f" >>"$work/status"
        done
        return
    fi
    echo "split $#" >>"$work/splits"
    local half=$(($# / 2))
    together "${@:1:half}"
    together "${@:half+1}"
}

together "${files[@]}"
