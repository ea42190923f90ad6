#pragma once

#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/model/model.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The models already on this machine's disk: the Hugging Face cache, Ollama's store, LM Studio's
// folders, llama.cpp's cache and any folder the user adds, read header-only (docs/local.md).
namespace llmsizer {

enum class StoreKind { HuggingFace, Ollama, LmStudio, LlamaCpp, Folder };
std::string_view storeKindId(StoreKind k);    // "hf", "ollama", "lmstudio", "llama.cpp", "folder"
std::string_view storeKindLabel(StoreKind k); // "Hugging Face", "Ollama", "LM Studio", …

// Where the stores are: the home directory and environment are passed in, so tests point them
// at a temporary home.
struct ScanEnvironment {
    std::filesystem::path home;
    std::map<std::string, std::string> env;
    std::vector<std::filesystem::path> folders; // added by the user
};

struct ModelStore {
    StoreKind kind = StoreKind::Folder;
    std::filesystem::path root;
    std::string because; // "HF_HUB_CACHE", "default", "added"
    bool exists = false;
};
// Every place looked at, in order: HF_HUB_CACHE, else HF_HOME/hub, else
// $XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub; OLLAMA_MODELS, else
// ~/.ollama/models; ~/.lmstudio/models and ~/.cache/lm-studio/models; LLAMA_CACHE, else
// $XDG_CACHE_HOME/llama.cpp, else ~/.cache/llama.cpp; then the user's folders.
std::vector<ModelStore> modelStores(const ScanEnvironment& env);

// One file of a copy: its role, its size and, for a problem, what it is.
struct LocalFile {
    std::string path; // as found (a snapshot's link, a blob, a GGUF file)
    std::string role; // "weights", "index", "config", "projector", "adapter", "template",
                      // "params", "license", "system", "other"
    std::uint64_t bytes = 0;
    std::string state; // "" when present; "incomplete download", "missing", …
};

// One copy of a model in one store, with what its headers say.
struct LocalCopy {
    StoreKind store = StoreKind::Folder;
    std::string store_root;
    std::string name;     // as the store names it: "Qwen/Qwen3-8B", "llama3.2:3b", a file name
    std::string location; // the path shown ("…/models--Qwen--Qwen3-8B/snapshots/abc123")
    std::filesystem::path open_path; // what File > Open reads (a directory or a file)
    std::string revision;            // the Hugging Face snapshot, "" elsewhere
    std::vector<LocalFile> files;
    std::uint64_t disk_bytes = 0; // the files present, each blob once

    // From the headers (when `error` is empty).
    std::string format;                // "safetensors", "gguf"
    std::string architecture;          // GGUF general.architecture or config.json model_type
    std::string header_name;           // GGUF general.name ("" for safetensors)
    std::string source_repo;           // GGUF general.source.huggingface.repository, or the HF repo
    std::uint64_t params = 0;          // exact, from the tensors
    std::uint64_t weight_bytes = 0;    // bytes of those parameters
    std::string quantization;          // "Q4_K_M", "BF16", "MLX Q4 g64"
    std::optional<double> bpw;         // 8 · weight_bytes / params
    std::uint64_t context_length = 0;  // what the model was trained for (0: unknown)
    std::optional<ModelConfig> config; // the architecture, when the headers give one
    std::uint64_t num_ctx = 0;         // Ollama: the params layer's num_ctx (0: not set)
    bool partial = false;              // files missing or incomplete: counts cover what is there
    std::vector<std::string> problems; // named lines ("model-00002-of-00002.safetensors: missing")
    std::string error;                 // the copy could not be read at all
};

// One model, with every copy found of it (the same weights in two stores are one model).
struct LocalModel {
    std::string name;
    std::vector<LocalCopy> copies;
    const LocalCopy& primary() const { return copies.front(); }
};

// A problem that is not a model: a loop, a link out of the store, a folder too large.
struct ScanProblem {
    std::string path;
    std::string message;
};

struct ScanLimits {
    std::uint64_t max_entries = 200000; // directory entries per store
    int max_depth = 8;                  // folders below a store's root (LM Studio, folders)
};

struct LocalScan {
    std::vector<ModelStore> stores;
    std::vector<LocalModel> models; // sorted by name
    std::vector<ScanProblem> problems;
    std::uint64_t entries = 0; // directory entries looked at
};

// Finds and reads every model of every store. Never throws for what it finds on disk: each
// broken entry is a problem line or a copy's error.
LocalScan scanLocalModels(const ScanEnvironment& env, const ScanLimits& limits = {});
// The same on given stores (modelStores' result, or a subset).
LocalScan scanStores(const std::vector<ModelStore>& stores, const ScanLimits& limits = {});

// Fills a copy's header fields from its checkpoint (the scan does this; the app's click reads
// the checkpoint again for the pie).
void describeCopy(LocalCopy& copy, const Checkpoint& checkpoint);

// llama.cpp's file type names (include/llama.h, enum llama_ftype): 15 -> "Q4_K_M".
std::string ggufFileTypeName(std::uint64_t ftype);

nlohmann::json localScanToJson(const LocalScan& scan);

} // namespace llmsizer
