#pragma once

#include "llmsizer/shape/runtime.h"

#include <string_view>
#include <vector>

// The rows of the architecture-support table (runtime_support.h): for each Hugging Face
// model_type, what llama.cpp, vLLM, MLX (mlx-lm), TensorRT-LLM and SGLang call it and from which
// version they run it.
namespace llmsizer::archtable {

struct Entry {
    const char* name = nullptr;  // the runtime's name for it; nullptr: the runtime does not run it
    const char* since = nullptr; // first version that runs it; nullptr: older than every profile
    const char* added = nullptr; // "Feb 2026"
    const char* source = nullptr;
};

// A row as the tables spell it; Row adds SGLang's entry (runtime_support_sglang.cpp).
struct TableRow {
    const char* model_type;
    const char* label; // "Qwen3.5"
    Entry llama;       // llama.cpp (GGUF architecture name; Ollama runs its llama.cpp)
    Entry vllm;        // vLLM (the architecture class its registry maps)
    Entry mlx;         // mlx-lm (the module under mlx_lm/models)
    Entry trt;         // TensorRT-LLM (the class its PyTorch or TensorRT engine backend maps)
};
struct Row : TableRow {
    Entry sglang; // SGLang (the EntryClass of its models)
};

const std::vector<Row>& rows();
// The two halves of rows(): decoder-only models (runtime_support_table.cpp), and state-space,
// hybrid and vision-language models (runtime_support_rows_more.cpp).
const std::vector<TableRow>& decoderRows();
const std::vector<TableRow>& hybridAndVisionRows();
const Row* find(std::string_view model_type);
// SGLang's entry for a model_type (runtime_support_sglang.cpp).
Entry sglangEntry(std::string_view model_type);
// What the table holds of one runtime: its name, the code its column was read from (in full
// for the Runtime menu, in short for a row's note), when the profile's version was made (to set
// an entry's date against when it names no version) and its entry in a row.
struct Column {
    const char* name;
    const char* code; // whose code it is: "llama.cpp" (also Ollama's), "vLLM", "mlx-lm", …
    const char* checked;
    const char* checked_short;
    const char* version_date;
    Entry Row::*entry;
};
// nullptr for the runtime the table does not cover (transformers, which runs every type, some
// through their checkpoints' remote code).
const Column* column(Runtime kind);

} // namespace llmsizer::archtable
