#!/usr/bin/env bash
# Runs llm-sizer-bench of this tree beside the same bench of an earlier commit (default: the
# parent commit, HEAD~1), both built in the release preset, and prints every line with the two
# figures and their ratio (this / earlier; below 1 is faster), wall and CPU time alike.
#
#   scripts/bench-compare.sh [REF] [-- bench arguments]      (default arguments: --steps 200)
#
# The earlier commit is checked out into build/bench-previous/src (a detached worktree) and built
# in build/bench-previous/release; with ccache (CCACHE_DIR) a rebuild is quick. The two benches
# run alternately, three times each, and each figure is the median of its three runs, so that
# load that comes and goes falls on both. The load average before and after is printed: on a
# shared machine compare the CPU columns first.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

ref=HEAD~1
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    ref=$1
    shift
fi
[ "${1:-}" = "--" ] && shift
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--steps 200)
runs=${LLMSIZER_BENCH_RUNS:-3}

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

build() { # SOURCE BUILD_DIR
    cmake -S "$1" -B "$2" --preset release "${launcher[@]}" >/dev/null
    nice -n 5 cmake --build "$2" --target llm-sizer-bench >/dev/null
}

prev_src=build/bench-previous/src
prev_build=$root/build/bench-previous/release
commit=$(git rev-parse --verify "$ref^{commit}")
if [ -d "$prev_src" ]; then
    git -C "$prev_src" checkout -q --detach "$commit"
else
    mkdir -p build/bench-previous
    git worktree add -q --detach "$prev_src" "$commit"
fi
echo "building this tree ($(git rev-parse --short HEAD)$(git diff --quiet || echo ', with changes')) and $ref ($(git rev-parse --short "$commit"))" >&2
build "$root" "$root/build/release"
build "$root/$prev_src" "$prev_build"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for i in $(seq 1 "$runs"); do
    QT_QPA_PLATFORM=offscreen "$root/build/release/bench/llm-sizer-bench" "${args[@]}" > "$out/this.$i"
    QT_QPA_PLATFORM=offscreen "$prev_build/bench/llm-sizer-bench" "${args[@]}" > "$out/prev.$i"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$out" "$runs" "$ref" <<'PY'
import json, statistics, sys
out, runs, ref = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def read(prefix):
    lines = {}
    for i in range(1, runs + 1):
        with open(f"{out}/{prefix}.{i}") as f:
            for text in f:
                if not text.startswith("{"):
                    continue
                d = json.loads(text)
                lines.setdefault(d["name"], []).append(d)
    return lines

this, prev = read("this"), read("prev")
keys = [("median_ms", "wall median"), ("p99_ms", "wall p99"), ("max_ms", "wall max"),
        ("cpu_median_ms", "CPU median"), ("cpu_p99_ms", "CPU p99"), ("ms", "ms")]

def fig(runs, key):
    vals = [r[key] for r in runs if key in r]
    return statistics.median(vals) if vals else None

print(f"| line | figure | this tree | {ref} | ratio |")
print("|---|---|---|---|---|")
for name in this:
    for key, label in keys:
        a = fig(this[name], key)
        if a is None:
            continue
        b = fig(prev.get(name, []), key)
        ratio = f"{a / b:.2f}" if b else "—"
        bt = f"{b:.3f} ms" if b is not None else "—"
        print(f"| `{name}` | {label} | {a:.3f} ms | {bt} | {ratio} |")
PY
