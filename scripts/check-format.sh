#!/usr/bin/env bash
# Fails if any C++ source differs from .clang-format. Pass --fix to rewrite the files instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.h' '*.cpp' 2>/dev/null; git ls-files --others --exclude-standard '*.h' '*.cpp' 2>/dev/null)
if [ ${#files[@]} -eq 0 ]; then
    echo "error: no C++ sources found (is this a git checkout, with git installed?)" >&2
    exit 1
fi
if [ "${1:-}" = "--fix" ]; then
    clang-format -i "${files[@]}"
else
    clang-format --dry-run --Werror "${files[@]}"
fi
