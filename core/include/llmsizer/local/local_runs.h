#pragma once

#include "llmsizer/local/local_models.h"
#include "llmsizer/shape/runs.h"

#include <map>
#include <optional>
#include <string>

// How each local copy runs on a machine, with the runtime its store belongs to. The choice of
// runtime and context per store is made in storeRuntime() alone, so that other runtime profiles
// (an Ollama profile, say) change it in one place.
namespace llmsizer {

struct StoreRuntime {
    std::string runtime_id; // the RuntimeProfile used: "llama.cpp", "vllm", "transformers"
    std::string label;      // what the user runs: "Ollama", "llama.cpp", "vLLM"
    std::uint64_t context = 0;
    std::string context_source;  // "Ollama's default for 24 GiB of VRAM", "the params' num_ctx"
    bool ollama_default = false; // Ollama's own default: retried a step lower if it runs out
};

// Ollama's store -> Ollama (its own profile when runtimeProfiles() has an "ollama" one, else
// llama.cpp's, the engine Ollama runs GGUF models with), at the params layer's num_ctx, else
// OLLAMA_CONTEXT_LENGTH, else Ollama's default by total VRAM (server/routes.go: 262,144 tokens
// from 47 GiB, 32,768 from 23 GiB, else 4,096), never beyond the trained context. Other GGUF
// files -> llama.cpp at the trained context (common.h: n_ctx 0 = the model's). Safetensors ->
// vLLM at the trained context (max_model_len defaults to it), or transformers when asked.
StoreRuntime storeRuntime(const LocalCopy& copy, const Hardware& hardware,
                          const std::map<std::string, std::string>& env, bool transformers = false);

// The copy's own weights as a precision: the file's exact bytes over the estimate's parameters
// (BitsPerWeight {8 · weight bytes, estimate parameters}), so the memory holds the file's bytes
// exactly; labelled with the file's quantization ("Q4_K_M, 4.89 bpw").
Precision filePrecision(const LocalCopy& copy, std::uint64_t estimateParams);

struct LocalRun {
    StoreRuntime runtime;
    std::optional<RunRow> row; // none: the copy has no architecture to run
    std::string why;           // when there is no row
    bool speed_known = true;   // false: the GPU's bandwidth is unknown
};

// The copy on the machine, with its store's runtime; for safetensors, vLLM when it fits on the
// GPUs, else transformers (which offloads to RAM). Without a GPU: no row, and why.
LocalRun localRun(const LocalCopy& copy, const RunQuery& base, bool hasGpu,
                  const std::map<std::string, std::string>& env);

} // namespace llmsizer
