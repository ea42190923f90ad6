#!/usr/bin/env bash
# Runs clang-tidy (configuration in .clang-tidy) over every core/ and present/ source (the Qt-free
# layers), or the files given, with the compile commands of a build directory (default
# build/release, configured here if needed), on every core. Exits non-zero on any finding.
#   scripts/tidy.sh                                  # all of core/src and present/src
#   scripts/tidy.sh core/src/formats/gguf.cpp        # some files
#   LLMSIZER_TIDY_BUILD_DIR=build/dev scripts/tidy.sh
#   LLMSIZER_TIDY_CACHE=0 scripts/tidy.sh            # check every file again, ignoring the record
#   LLMSIZER_TIDY_BATCH=1 scripts/tidy.sh            # every check on each file alone (slower)
#
# Every enabled check runs on every file, in two passes (scripts/tidy-job.sh):
# - each file alone: the static analyzer (clang-analyzer-*, which analyses the paths of the main
#   file's functions only) and the checks that look only at the main file (kMainFileChecks);
# - the other checks on batches of up to LLMSIZER_TIDY_BATCH files (default 16) compiled as one
#   unit, which parses and walks the system headers once per batch instead of once per file (most
#   of a file's time: nlohmann/json.hpp and the standard library). A batch that reports anything
#   is split down to single files, so a finding is always a single file's own result.
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
# The checks that report only on the main file of a unit (in clang-tidy 14's sources:
# misc/UnusedUsingDeclsCheck.cpp, misc/UnusedAliasDeclsCheck.cpp,
# readability/RedundantPreprocessorCheck.cpp; they would see nothing in a batch, where every file
# is included), the check that a source includes no .cpp file (a batch is made of such includes)
# and the static analyzer: run on each file alone.
kMainFileChecks="clang-analyzer-*,misc-unused-using-decls,misc-unused-alias-decls,readability-redundant-preprocessor,bugprone-suspicious-include"

# A file's compile command line as CMake wrote it (a JSON member, escaped as JSON): CMake writes
# each entry's "command" line before its "file" line.
command_of() {
    awk -v want="\"file\": \"$PWD/$1\"" \
        'index($0, "\"command\":") { last = $0 } index($0, want) { print last; exit }' \
        "$build/compile_commands.json"
}

todo=()
skipped=0
declare -A keys=() commands=()
for file in "${files[@]}"; do
    commands[$file]=$(command_of "$file")
    # The key of one file: its text, its compile command (with the build directory's path) and
    # the common part above.
    key=$({ echo "$common"; echo "${commands[$file]}"; cat "$file"; } | sha256sum | cut -c1-64)
    keys[$file]=$key
    if [ "${LLMSIZER_TIDY_CACHE:-1}" != 0 ] && [ -f "$record/$key" ]; then
        skipped=$((skipped + 1))
    else
        todo+=("$file")
    fi
done

# The names a file defines at the top level (its internal helpers: `u64 mul(`,
# `constexpr double kMiB =`, `struct Row`): two files that define the same name do not compile
# as one unit, so they go to different batches. (Aliases are left out: `using u64 =
# std::uint64_t;` may be repeated.) A clash this misses only costs a split.
names_of() {
    sed -nE -e 's/^[A-Za-z_][A-Za-z0-9_:<>, ]*[ *&]([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/p' \
        -e 's/^(static |inline |constexpr |const )+[^=(]*[ *&]([A-Za-z_][A-Za-z0-9_]*)( =|\{|\[).*/\2/p' \
        -e 's/^(struct|class|enum|enum class|union) ([A-Za-z_][A-Za-z0-9_]*).*/\2/p' "$1" |
        sort -u | tr '\n' ' '
}

mkdir -p "$work/jobs" "$work/out"
batches=()
size=${LLMSIZER_TIDY_BATCH:-16}
jobs=0
add_job() { # PASS CHECKS COMMAND FILES...
    jobs=$((jobs + 1))
    printf '%s\n' "$@" >"$work/jobs/$(printf '%04d' "$jobs")"
}
if [ ${#todo[@]} -gt 0 ]; then
    # Batches first (the larger jobs), first fit: files with the same compile flags and no name in
    # common, up to $size files.
    declare -A group_of=() batch_files=() batch_names=() batch_count=() batch_command=()
    for file in "${todo[@]}"; do
        command=${commands[$file]//$PWD\/$file/@FILE@}
        flags=$(echo "$command" | sed -E 's/ -o [^ ]+//')
        names=$(names_of "$file")
        chosen=""
        for b in "${batches[@]}"; do
            [ "${group_of[$b]}" = "$flags" ] && [ "${batch_count[$b]}" -lt "$size" ] || continue
            clash=0
            for n in $names; do
                case " ${batch_names[$b]} " in *" $n "*) clash=1 && break ;; esac
            done
            [ $clash -eq 0 ] && chosen=$b && break
        done
        if [ -z "$chosen" ]; then
            chosen=${#batches[@]}
            batches+=("$chosen")
            group_of[$chosen]=$flags
            batch_command[$chosen]=$command
            batch_count[$chosen]=0
        fi
        batch_files[$chosen]+="$file"$'\n'
        batch_names[$chosen]+=" $names"
        batch_count[$chosen]=$((batch_count[$chosen] + 1))
    done
    # Every check but the per-file ones (kMainFileChecks holds the analyzer).
    for b in "${batches[@]}"; do
        mapfile -t members < <(printf '%s' "${batch_files[$b]}")
        add_job rest "-${kMainFileChecks//,/,-}" "${batch_command[$b]}" "${members[@]}"
    done
    for file in "${todo[@]}"; do
        add_job main "-*,$kMainFileChecks" "" "$file"
    done
fi

log="$work/log"
: >"$log"
status=0
if [ "$jobs" -gt 0 ]; then
    # In a process group of their own, so that stopping this script stops them.
    # The compile commands may be g++'s (the release tree): clang-tidy's clang does not know
    # every g++ warning option (-Wno-maybe-uninitialized), which it would report as an error.
    find "$work/jobs" -type f | LC_ALL=C sort |
        setsid xargs -P "$(nproc)" -I{} scripts/tidy-job.sh "$build" "$work" {} &
    workers=$!
    wait "$workers" || true
    workers=""
fi
# A file is clean when both passes found it clean; a file with a pass missing was not checked.
clean=0
declare -A passed=()
if [ -f "$work/status" ]; then
    while read -r code pass file; do
        if [ "$code" -eq 0 ]; then
            passed[$file]+="$pass "
        else
            status=1
        fi
        grep -v "warnings generated" "$work/out/$pass-$(echo "$file" | tr / _).out" >>"$log" || true
    done <"$work/status"
fi
for file in "${todo[@]}"; do
    case "${passed[$file]:-}" in
    *main*rest* | *rest*main*) : >"$record/${keys[$file]}" && clean=$((clean + 1)) ;;
    esac
done
if [ "$clean" -ne ${#todo[@]} ] && [ $status -eq 0 ]; then
    echo "clang-tidy: $((${#todo[@]} - clean)) of ${#todo[@]} files were not checked" >>"$log"
    status=1
fi
cat "$log"
if [ "${#batches[@]}" -gt 0 ]; then
    echo "clang-tidy: ${#batches[@]} batches of at most $size files, $(cat "$work/splits" 2>/dev/null | wc -l) split"
fi
if [ $status -eq 0 ]; then
    echo "clang-tidy: ${#files[@]} files clean (${#todo[@]} checked, $skipped unchanged since a clean check)"
fi
exit $status
