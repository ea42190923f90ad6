#!/usr/bin/env bash
# Where a run's time went, printed at the end of scripts/test.sh: each stage's time, the ten slowest
# compile units (from each build tree's .ninja_log), the ten slowest tests (from the ctest.log the
# test script keeps in each tree), and every test over 10 s, those not listed in
# tests/slow-tests.txt marked NEW (a change made them slow: speed them up or list them there).
#   scripts/timings.sh [--stages "NAME\n..." "SECONDS\n..."] BUILD_DIR...
# Uses only bash, awk and sort (a minbase root has no Python).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--stages" ]; then
    stage_names=$2
    stage_times=$3
    shift 3
    echo "== Stage times"
    paste -d '\t' <(printf '%s\n' "$stage_times") <(printf '%s\n' "$stage_names") |
        awk -F '\t' '$2 != "" { printf "%7d s  %s\n", $1, $2; total += $1 }
                     END { printf "%7d s  whole run\n", total }'
fi

dirs=()
for d in "$@"; do
    [ -d "$d" ] && dirs+=("$d")
done
[ ${#dirs[@]} -gt 0 ] || exit 0

echo "== The ten slowest compile units"
for d in "${dirs[@]}"; do
    [ -f "$d/.ninja_log" ] || continue
    # .ninja_log: start and end in ms, then the output; the newest line of each output counts.
    awk -v dir="$d" '!/^#/ && $4 ~ /\.o$/ { t[$4] = ($2 - $1) / 1000 }
        END { for (o in t) printf "%7.1f s  %s/%s\n", t[o], dir, o }' "$d/.ninja_log"
done | sort -rn | awk 'NR <= 10' # awk reads to the end: head would leave sort a SIGPIPE

tests=$(for d in "${dirs[@]}"; do
    [ -f "$d/ctest.log" ] || continue
    awk -v dir="$(basename "$d")" 'match($0, /Test +#[0-9]+: [^ ]+/) {
            name = substr($0, RSTART, RLENGTH); sub(/.*: /, "", name)
            if (match($0, /[0-9.]+ sec/)) { s = substr($0, RSTART, RLENGTH); sub(/ sec/, "", s)
                printf "%7.1f s  %s (%s)\n", s, name, dir } }' "$d/ctest.log"
done | sort -rn)
[ -n "$tests" ] || exit 0
echo "== The ten slowest tests"
printf '%s\n' "$tests" | awk 'NR <= 10'

echo "== Tests over 10 s (NEW: not in tests/slow-tests.txt)"
known=$(awk '!/^#/ && NF { print $1 " " $2 }' tests/slow-tests.txt 2>/dev/null || true)
printf '%s\n' "$tests" | awk -v known="$known" '
    BEGIN { n = split(known, lines, "\n"); for (i = 1; i <= n; i++) listed[lines[i]] = 1 }
    $1 + 0 > 10 { name = $3; tree = $4; gsub(/[()]/, "", tree)
        printf "%s%s\n", $0, ((name " " tree) in listed ? "" : "   NEW") }'
