#pragma once

#include "llmsizer/shape/runtime.h"

#include <string_view>
#include <vector>

// The rows of the architecture-support table (runtime_support.h): for each Hugging Face
// model_type, what llama.cpp, vLLM and MLX (mlx-lm) call it and from which version they run it.
namespace llmsizer::archtable {

struct Entry {
    const char* name = nullptr;  // the runtime's name for it; nullptr: the runtime does not run it
    const char* since = nullptr; // first version that runs it; nullptr: older than every profile
    const char* added = nullptr; // "Feb 2026"
    const char* source = nullptr;
};

struct Row {
    const char* model_type;
    const char* label; // "Qwen3.5"
    Entry llama;       // llama.cpp (GGUF architecture name; Ollama runs its llama.cpp)
    Entry vllm;        // vLLM (the architecture class its registry maps)
    Entry mlx;         // mlx-lm (the module under mlx_lm/models)
};

const std::vector<Row>& rows();
const Row* find(std::string_view model_type);
// The code each runtime's column was read from.
const char* checkedOn(Runtime kind);
// The same in short for a row's note: "00395eb (2026)".
const char* checkedShort(Runtime kind);
// When the version of the runtime's profile was made ("2025-11-02"), to set an entry's date
// against when it names no version.
const char* versionDate(Runtime kind);

} // namespace llmsizer::archtable
