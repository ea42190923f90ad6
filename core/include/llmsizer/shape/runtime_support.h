#pragma once

#include "llmsizer/model/model.h"
#include "llmsizer/shape/runtime.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Which architectures a runtime runs, and from which version. A runtime profile's constants are
// those of one version (RuntimeProfile::version: llama.cpp b6918, vLLM 0.11.0, …); a model whose
// architecture that version does not know needs a newer one, and a model whose architecture the
// runtime does not implement at all does not run under it, whatever its memory. The table
// (runtime_support.cpp) is keyed by the Hugging Face model_type a checkpoint declares (its top
// config's, e.g. "qwen3_5" for Qwen3.5 with its vision tower), each runtime's entry with the name
// the runtime gives it, the version that added it and the source; docs/memory.md, "Architectures".
namespace llmsizer {

enum class ArchSupport {
    Unknown,     // the model type or the runtime is not in the table: nothing is said
    Supported,   // the profile's version runs it
    Newer,       // the runtime runs it from a version newer than the profile's
    Unsupported, // the runtime does not implement it (as of the code the table was checked on)
};

// "unknown", "supported", "newer", "unsupported".
std::string_view archSupportKey(ArchSupport s);

struct RuntimeArchSupport {
    ArchSupport status = ArchSupport::Unknown;
    std::string arch;   // the runtime's name for it: "qwen35", "Qwen3_5ForConditionalGeneration"
    std::string since;  // the first version that runs it: "b7920", "0.16.0" ("" if older)
    std::string added;  // when that was: "Feb 2026"
    std::string note;   // one sentence for a row ("" when Supported or Unknown)
    std::string others; // Unsupported: the runtimes that run it ("vLLM, MLX or transformers")
    std::string source;
};

// The support of the architecture `model_type` under `runtime` at the runtime's version.
// llama.cpp and Ollama (its llama.cpp build) by the build number, vLLM and MLX by the release;
// llama.cpp and Ollama (its llama.cpp build) by the build number, vLLM, MLX and TensorRT-LLM by
// the release; SGLang and transformers are not in the table (Unknown).
RuntimeArchSupport runtimeArchSupport(std::string_view model_type, const RuntimeProfile& runtime);
// The same for a model: its model_type, and for Nemotron-H's mixtures of experts (Nemotron 3)
// the row "nemotron_h_moe".
RuntimeArchSupport runtimeArchSupport(const ModelConfig& config, const RuntimeProfile& runtime);
// The runtimes that run the config's architecture and that a user of this device would reach
// for ("vLLM or transformers"; on Apple silicon "MLX or transformers"); "" when the table does
// not hold its model_type.
std::string runtimesThatRun(const ModelConfig& config, const GpuSpec& gpu);

// What holds for every row of a runtime on a device. Unsupported, with a note and the runtimes
// that do run there, when the runtime does not run on the device at all: TensorRT-LLM on NVIDIA
// GPUs only (its kernels are CUDA's); vLLM and SGLang have no Metal backend, so not on Apple
// silicon's GPU (vLLM's CPU backend on a Mac is another device); MLX on Apple silicon, NVIDIA
// GPUs from SM 7.5 and CPUs, not on AMD or Intel GPUs. Unknown with a note when every row's
// figures hold with a caveat: MLX on NVIDIA GPUs or a CPU (its constants are Apple silicon's),
// SGLang and transformers (no column in the architecture table). Else Unknown with no note.
RuntimeArchSupport runtimeDeviceSupport(const RuntimeProfile& runtime, const GpuSpec& gpu);

// The model_type of a GGUF file's general.architecture ("qwen35" -> "qwen3_5"); "" if the table
// does not name it.
std::string modelTypeOfGgufArch(std::string_view arch);

// The table's snapshot of a runtime's code, for the Runtime menu and docs: "ggml-org/llama.cpp
// src/llama-arch.cpp at 00395eb"; none for the runtimes the table does not cover.
struct ArchTableSource {
    std::string runtime;              // "llama.cpp", "Ollama", "vLLM", "MLX"
    std::string checked;              // the code the list was read from
    std::vector<std::string> missing; // model types of the table it does not run
    std::vector<std::string> unknown; // … of which whether it runs them is not known
    std::string version; // the profile's version the entries are read against ("b6918")
};
std::optional<ArchTableSource> archTableSource(Runtime kind);

// Every model type the table holds, in its order (tests and docs).
std::vector<std::string> archTableModelTypes();

} // namespace llmsizer
