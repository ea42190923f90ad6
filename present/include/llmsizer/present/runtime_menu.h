#pragma once

#include <string>
#include <vector>

namespace llmsizer {

// The Runtime menu's "Runtimes as they place memory" section: each runtime profile
// (core/shape/runtime.h) with its version, the overhead profile it brings to the memory bars,
// and every constant with its source (the item's tooltip).
struct RuntimeMenuConstant {
    std::string text;   // "gpu_memory_utilization: 0.9"
    std::string source; // "vllm/config/cache.py (v0.11.0)"
};

struct RuntimeMenuEntry {
    std::string title;          // "vLLM 0.11.0"
    std::string overhead_id;    // the overhead profile "Use its overhead" selects
    std::string overhead_label; // its label
    std::vector<RuntimeMenuConstant> constants;
};

std::vector<RuntimeMenuEntry> runtimeMenuEntries();

} // namespace llmsizer
