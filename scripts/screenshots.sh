#!/usr/bin/env bash
# Regenerates the README screenshots with the app's screenshot mode (offscreen, no display
# needed). Usage: scripts/screenshots.sh [BUILD_DIR] (default build/release).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
app="$build/app/llm-sizer"
if [ ! -x "$app" ]; then
    cmake --preset release >/dev/null
    cmake --build --preset release --target llm-sizer
    app=build/release/app/llm-sizer
fi
out=docs/screenshots
mkdir -p "$out"
settings=$(mktemp -d)
trap 'rm -rf "$settings"' EXIT
shot() { # NAME PRESET SIZE THEME [extra args]
    local name=$1 preset=$2 size=$3 theme=$4
    shift 4
    QT_QPA_PLATFORM=offscreen "$app" --preset "$preset" --size "$size" --theme "$theme" \
        --settings "$settings/settings.ini" --screenshot "$out/$name.png" "$@"
    echo "$out/$name.png"
}
# A saved session as the starting state (precision, GPUs and workload included).
shotfile() { # NAME SESSION SIZE THEME [extra args]
    local name=$1 session=$2 size=$3 theme=$4
    shift 4
    QT_QPA_PLATFORM=offscreen "$app" "$session" --size "$size" --theme "$theme" \
        --settings "$settings/settings.ini" --screenshot "$out/$name.png" "$@"
    echo "$out/$name.png"
}
shot llama-3-70b-light llama-3-70b 1600x1000 light
shot mixtral-8x7b-dark mixtral-8x7b 1600x1000 dark
shot deepseek-v3-light deepseek-v3 1600x1000 light
shot gpt-2-small-dark gpt-2-small 1280x800 dark
shot llama-3-8b-training-light llama-3-8b 1600x1000 light --training
# The verdicts on the bars against 8× H100: DeepSeek-V3 at FP8 with its full context (the MLA
# latent cache on every tensor-parallel GPU: needs 16), and Llama 3 8B training.
for theme in light dark; do
    shotfile "deepseek-v3-fp8-8x-h100-$theme" "$out/sessions/deepseek-v3-fp8-8x-h100.json" \
        1920x1080 "$theme"
    shotfile "llama-3-8b-training-8x-h100-$theme" \
        "$out/sessions/llama-3-8b-training-8x-h100.json" 1920x1080 "$theme"
done
four=llama-3-70b,llama-2-70b,mixtral-8x22b,qwen2.5-72b
shot compare-1920x1080-light llama-3-70b 1920x1080 light --compare "$four"
shot compare-1920x1080-dark llama-3-70b 1920x1080 dark --compare "$four"
shot compare-table-1280x800-light llama-3-70b 1280x800 light --compare "$four"
shot compare-charts-1280x800-dark llama-3-70b 1280x800 dark --compare "$four" --compare-charts
shot compare-table-1280x800-light-presentation llama-3-70b 1280x800 light --compare "$four" \
    --presentation
# One diagram per model, at one scale.
shot compare-diagrams-1920x1080-light llama-3-70b 1920x1080 light \
    --compare llama-3-70b,mixtral-8x7b,deepseek-v3,gpt-2-small --compare-diagrams
# The teaching views (--view) and presentation mode.
shot explorer-1920x1080-light llama-2-7b 1920x1080 light --view explorer
shot explorer-1920x1080-dark-presentation llama-2-7b 1920x1080 dark --view explorer --presentation
shot explorer-1280x800-light-presentation llama-2-7b 1280x800 light --view explorer --presentation
shot math-1920x1080-light llama-3-70b 1920x1080 light --view math
shot math-1280x800-dark-presentation gpt-2-small 1280x800 dark --view math --presentation
shot budget-1280x800-light llama-3-70b 1280x800 light --view budget
shot budget-1920x1080-dark-presentation llama-3-70b 1920x1080 dark --view budget --presentation
shot fit-1280x800-dark llama-2-7b 1280x800 dark --view fit
shot overview-1920x1080-light-presentation llama-3-70b 1920x1080 light --presentation
shot overview-1280x800-dark-presentation deepseek-v3 1280x800 dark --presentation
# Pin as baseline: Llama 2 13B against Llama 2 7B, pie and diagram.
shot baseline-llama-2-13b-1920x1080-light llama-2-13b 1920x1080 light --baseline llama-2-7b
shot baseline-diagram-1280x800-dark llama-2-13b 1280x800 dark --baseline llama-2-7b --view diagram
# Lessons (Help > Lessons): the bar above the views and the figure framed.
shot lesson-gqa-saving-1280x800-light llama-3-70b 1280x800 light --lesson gqa-saving
shot lesson-exercise-shape-1920x1080-dark llama-3-70b 1920x1080 dark --lesson exercise-shape \
    --presentation
shot lesson-fits-h100-1280x800-light llama-3-70b 1280x800 light --lesson fits-h100
shot lesson-budget-1e24-1920x1080-dark llama-3-70b 1920x1080 dark --lesson budget-1e24
# The parameter diagram in place of the pie.
shot diagram-mixtral-8x7b-1920x1080-light mixtral-8x7b 1920x1080 light --overview-chart diagram
shot diagram-llama-2-7b-1280x800-dark llama-2-7b 1280x800 dark --view diagram
# My hardware: one RTX 4090 with 64 GB of RAM under llama.cpp, and a node of 8 × H100 under vLLM.
rtx=gpu=rtx-4090-24gb,gpus=1,ramGB=64,runtime=llama.cpp,context=8192
h100=gpu=h100-sxm-80gb,gpus=8,ramGB=0,runtime=vllm,context=8192
shot hardware-rtx-4090-light llama-3-70b 1920x1080 light --view hardware --hardware "$rtx"
shot hardware-rtx-4090-1280x800-dark llama-3-70b 1280x800 dark --view hardware --hardware "$rtx"
shot hardware-8x-h100-light llama-3-70b 1920x1080 light --view hardware --hardware "$h100"
shot hardware-8x-h100-1280x800-dark llama-3-70b 1280x800 dark --view hardware --hardware "$h100"
# An M3 Max 64 GB under MLX (unified memory, the wired limit).
m3=gpu=m3-max-64gb,gpus=1,ramGB=0,runtime=mlx,context=8192
shot hardware-m3-max-mlx-1920x1080-light llama-3-70b 1920x1080 light --view hardware --hardware "$m3"
# My models: the tests' stores and six more real models (headers only, sparse files) in a
# temporary home, on a fake machine root with one RTX 4090 (tests/support/make_fixtures.cpp).
fixtures="$build/tests/make_fixtures"
if [ -x "$fixtures" ]; then
    local_dir=$(mktemp -d)
    "$fixtures" "$local_dir/home" showcase
    "$fixtures" "$local_dir/root" machine rtx4090
    HOME="$local_dir/home" shot local-models-1920 llama-3-70b 1920x1080 light --view models \
        --sysroot "$local_dir/root"
    HOME="$local_dir/home" shot local-models-presentation llama-3-70b 1240x760 light \
        --view models --presentation --sysroot "$local_dir/root"
    rm -rf "$local_dir"
else
    echo "skipped the My models screenshots: build $fixtures (tests) first" >&2
fi
