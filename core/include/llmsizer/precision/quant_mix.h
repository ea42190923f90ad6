#pragma once

#include "llmsizer/model/model.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// GGUF file types (llama.cpp's llama_ftype, "Q4_K_M") as per-tensor type mixes computed from the
// model's own tensors, following llama.cpp src/llama-quant.cpp (llama_tensor_get_type).
// docs/memory.md lists which rules are implemented and which are not.
namespace llmsizer {

// A group of tensors that share a GGUF name and a ggml type, e.g. the 12 attn_v tensors that
// Q4_K_M raises to Q6_K.
struct TensorAssignment {
    std::string name;          // GGUF tensor name, "blk.N." as "blk.*.": "blk.*.attn_v.weight"
    std::string type;          // ggml type name: "Q6_K", "F32"
    std::uint64_t tensors = 0; // how many tensors (layers) of this name got this type
    std::uint64_t params = 0;  // weights over those tensors
    std::uint64_t bytes = 0;   // ggml bytes: Σ rows · ggml_row_size
    bool expert = false;       // routed experts (read only in part per token)
    bool fallback = false;     // row size not a multiple of the block size: fallback type used
    bool operator==(const TensorAssignment&) const = default;
};

// Assumptions a user might dispute, with llama.cpp's behaviour as the default.
struct QuantMixParams {
    // Type of tensors llama.cpp leaves unquantized: 1-D tensors (norms, biases), the MoE router
    // (ffn_gate_inp) and learned position embeddings. convert_hf_to_gguf.py writes these as F32.
    std::string unquantized_type = "F32";
    // llama.cpp raises attn_v from Q3_K/Q4_K to Q5_K for models it classifies as 70B
    // (LLM_TYPE_70B). It classifies by layer count per architecture; we use n_layers == 80.
    std::uint64_t llama_70b_layers = 80;
    bool has_imatrix = false; // rules that differ with an importance matrix (Q4_0/Q5_0 ffn_down)
    // The GGUF stores q, k, v as one attn_qkv tensor (GPT-2, GPT-NeoX, Phi-3, BLOOM, Falcon do).
    // It follows from the architecture, which ModelConfig does not carry; the attn_v rules then
    // apply to the whole fused tensor.
    bool fused_qkv = false;
    // The model ships its routed experts in MXFP4 (gpt-oss): convert_hf_to_gguf.py writes them
    // as MXFP4 and llama-quantize leaves them so in every file type, which changes only the
    // other tensors (gpt-oss-120b: 63.4 GB at Q8_0 as at MXFP4, AlexsJones/llmfit PR 1059 on
    // the published GGUFs; llama.cpp issue 15117: "all other smaller quantizations are around
    // 11 GB" for gpt-oss-20b).
    bool keep_experts_mxfp4 = false;
    bool operator==(const QuantMixParams&) const = default;
};

struct QuantMix {
    std::string ftype; // "Q4_K_M"
    std::vector<TensorAssignment> tensors;
    std::uint64_t params = 0;
    std::uint64_t bytes = 0;
    std::uint64_t expert_params = 0; // routed-expert tensors only
    std::uint64_t expert_bytes = 0;
    // Per decoder layer (index = layer): its tensors' bytes, and of those the routed experts'.
    std::vector<std::uint64_t> layer_bytes;
    std::vector<std::uint64_t> layer_expert_bytes;
    std::uint64_t output_bytes = 0; // output.weight and output_norm (the rest of the global
                                    // tensors, token_embd and its kin, are the input side)
};

// File types this module knows, as precision ids: q4_0, q4_1, q5_0, q5_1, q8_0, q2_k, q3_k_s,
// q3_k_m, q3_k_l, q4_k_s, q4_k_m, q5_k_s, q5_k_m, q6_k. ggufMix also takes a ggml block type
// name ("q4_k", "iq4_xs"): every quantizable tensor in that type (llama-quantize --pure).
const std::vector<std::string>& ggufFileTypeIds();
bool isGgufFileType(std::string_view id);

// Throws InputError for an unknown id, InvalidConfigError for an invalid config.
QuantMix ggufMix(const ModelConfig& config, std::string_view ftypeId,
                 const QuantMixParams& params = {});

// llama.cpp's use_more_bits(i, n): i < n/8 || i >= 7n/8 || (i - n/8) % 3 == 2 (integer division).
bool useMoreBits(std::int64_t layer, std::int64_t layers);

} // namespace llmsizer
