#pragma once

// Model stores laid out as the tools that fill them do, in a temporary home: the Hugging Face
// cache (huggingface_hub: models--ORG--NAME/{refs/main, blobs/, snapshots/REV/ links into
// ../../blobs}), Ollama's store (manifests/HOST/NAMESPACE/MODEL/TAG naming blobs/sha256-…),
// LM Studio's folders and llama.cpp's cache. Every weights file is a real header (sparse data).
#include <cstdint>
#include <string>
#include <vector>

namespace testsupport {

// A Llama-layout decoder as a GGUF file (llama.cpp tensor names; matrices in `q8` ? Q8_0 : F16,
// norms F32), with general.name and general.file_type (7 Q8_0, 1 F16).
struct TinyLlama {
    std::uint64_t d = 64;
    std::uint64_t layers = 2;
    std::uint64_t heads = 4;
    std::uint64_t kv_heads = 2;
    std::uint64_t ff = 128;
    std::uint64_t vocab = 256;
    std::uint64_t context = 2048;
    bool tokenizer = false; // tokenizer.ggml.tokens and .scores of `vocab` entries, as real files
};
std::uint64_t writeLlamaGguf(const std::string& path, const std::string& name, const TinyLlama& s,
                             bool q8);
// The same model as a Hugging Face folder: config.json and model.safetensors (BF16).
void writeLlamaFolder(const std::string& dir, const TinyLlama& s);
// A vision projector as llama.cpp's clip converter writes it (general.architecture "clip").
std::uint64_t writeProjectorGguf(const std::string& path);

// The test layout under `home` (docs in tests/core/tst_local_models.cpp):
//  HF:  meta-llama/Llama-3.1-8B (4 shards + index), mistralai/Mistral-7B-v0.1 (shard 2 of 2 not
//       downloaded, an .incomplete blob), Qwen/Qwen3-0.6B (config only, an .incomplete blob)
//  Ollama: llama3.1:8b (GGUF, params num_ctx 16384, template, license), llava:7b (GGUF and a
//       projector layer), broken:latest (its model blob missing)
//  LM Studio: acme/Tiny-Llama-GGUF/{tiny-llama-Q8_0.gguf, mmproj-tiny-f16.gguf},
//       acme/Tiny-Llama (config.json + model.safetensors)
//  llama.cpp: acme_Tiny-Llama-GGUF_tiny-llama-Q8_0.gguf (and its .json)
void buildTestStores(const std::string& home);

// The Hugging Face cache's repository folder for `repo` ("meta-llama/Llama-3.1-8B").
std::string hfRepoDir(const std::string& home, const std::string& repo);
// The snapshot commit the test layout's refs/main name.
inline constexpr const char* kHfCommit = "5206a32e0bd3067aef1ce90f5528ade7d866253f";

// The test layout and six more real models (a dozen in all, one of them in two stores), for the
// screenshots of My models: Mistral-7B-Instruct-v0.3 and Llama-2-13B-chat in LM Studio,
// TinyLlama-1.1B-Chat in llama.cpp's cache and the Hugging Face cache, codellama:7b, llama3:8b
// and llama3.1:70b in Ollama.
void buildShowcaseStores(const std::string& home);

// `count` small models spread over the four stores (a store of a few hundred models for the
// local_scan benchmark and the screenshots).
// With `tokenizers`, every GGUF also carries its tokenizer's arrays (most of a real header).
void buildManyStores(const std::string& home, int count, bool tokenizers = false);

} // namespace testsupport
