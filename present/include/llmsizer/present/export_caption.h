#pragma once

#include <cstdint>
#include <string>

namespace llmsizer {

// What an exported image or table says about itself, so that a slide or a handout shows which
// model and workload it is about: the model, the weight and KV precisions, the context and batch,
// the runtime whose overhead the memory includes, the app's version and where the published
// figure comes from.
struct ExportFacts {
    std::string model;        // "Llama 3 70B"
    std::string precision;    // the weights' precision label, "FP16/BF16"
    std::string kv_precision; // "FP16"
    std::uint64_t context = 0;
    std::uint64_t batch = 1;
    bool training = false;
    bool textbook = false;        // textbook numbers (DisplayOptions::textbook)
    std::string runtime;          // the overhead profile's label, "transformers"
    std::string version;          // "0.1.0"
    std::string published_source; // the preset's source of its published count; "" for none
};

// One line: "Llama 3 70B · inference · weights FP16/BF16, KV cache FP16 · 8,192 tokens × batch 1
// · overhead: transformers · LLM Sizer 0.1.0 · published count: https://…".
std::string exportCaption(const ExportFacts& facts);

} // namespace llmsizer
