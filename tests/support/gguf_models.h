#pragma once

// Full-size GGUF files of real models for tests, laid out as llama.cpp writes them (tensor names
// and ggml dims from src/llama-arch.cpp and convert_hf_to_gguf.py; dims ne[0] first).
#include "gguf_writer.h"

#include <string>
#include <vector>

namespace testsupport {

// n placeholder tokens "<t0>", "<t1>", …
std::vector<std::string> tokens(std::size_t n);

// Llama-2-7B as a Q4_K_M file: Q4_K except attn_v and ffn_down in llama.cpp's use_more_bits
// layers and the output matrix (Q6_K); norms F32.
// feedForwardLength false: without llama.feed_forward_length (older converters).
GgufWriter llama2Q4KM(bool feedForwardLength = true);
// Llama-3.1-8B as Q8_0 with Llama 3's rope_freqs buffer; vocab from llama.vocab_size.
GgufWriter llama31Q8();
// Mixtral-8x7B with the experts fused into 3-D tensors (ffn_*_exps), Q8_0.
GgufWriter mixtralQ8();
// GPT-2 small as a GGUF v2 file in F32 (LayerNorms with bias, learned positions, tied head).
GgufWriter gpt2V2();
// A one-tensor file (general.architecture "llama").
GgufWriter smallGguf(const std::string& name, std::vector<std::uint64_t> dims, GgmlBlock type);

} // namespace testsupport
