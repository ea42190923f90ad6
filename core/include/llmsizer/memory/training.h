#pragma once

#include "llmsizer/model/model.h"
#include "llmsizer/precision/precision.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Training memory per GPU: weights, gradients, optimizer states (ZeRO stages 0-3, tensor and
// pipeline parallel) and activations (Korthikanti et al. 2022), plus LoRA/QLoRA. Exact bytes.
// Sources are cited in training_memory.cpp, activations.cpp, lora.cpp; docs/memory.md derives
// each formula.
namespace llmsizer {

struct ParamCount; // count.h

// ---- Optimizer ----------------------------------------------------------------------------

// Optimizer state bytes per trainable parameter, fp32 master copy included (ZeRO's K).
struct OptimizerSpec {
    std::string id;    // "adamw", "adam8bit", "sgd"
    std::string label; // "AdamW (fp32 master + 2 moments)"
    std::uint64_t bytes_per_param = 12;
    std::string source;
};
const std::vector<OptimizerSpec>& optimizers(); // adamw 12, adam8bit 6, sgd 8
OptimizerSpec optimizerById(std::string_view id, const std::string& field = "optimizer");

// ---- ZeRO on its own (paper §5, Table 1) ----------------------------------------------------

// Model-state bytes per GPU for psi parameters over nd data-parallel GPUs at ZeRO stage 0-3:
// stage 0 (w+g+K)Ψ; 1: (w+g)Ψ + KΨ/N_d; 2: wΨ + (g+K)Ψ/N_d; 3: (w+g+K)Ψ/N_d. The paper's
// mixed-precision Adam is w = g = 2, K = 12. Each sharded part is rounded up separately.
struct ModelStates {
    std::uint64_t weights = 0;
    std::uint64_t gradients = 0;
    std::uint64_t optimizer = 0;
    std::uint64_t total() const;
};
ModelStates zeroModelStates(std::uint64_t psi, std::uint64_t nd, int stage,
                            std::uint64_t weightBytes = 2, std::uint64_t gradBytes = 2,
                            std::uint64_t optimizerBytes = 12);

// ---- Activations (Korthikanti et al. 2022) -------------------------------------------------

enum class Recompute { None, Selective, Full };
std::string_view recomputeId(Recompute r); // "none", "selective", "full"

struct ActivationParams {
    std::uint64_t seq = 2048;            // s
    std::uint64_t micro_batch = 1;       // b
    std::uint64_t tensor_parallel = 1;   // t
    std::uint64_t pipeline_parallel = 1; // p (1F1B: the first stage holds p micro-batches)
    bool sequence_parallel = false;
    Recompute recompute = Recompute::None;
    // FlashAttention never stores the s x s score matrix: drops the 5as²b term (the softmax
    // statistics it keeps, 4·a·s·b bytes, are left out) [formulas.md §3.2, uncertain].
    bool flash_attention = false;
    // The paper assumes dropout after attention scores, attention output and MLP (1-byte masks).
    // Most current LLM training uses none; false drops sbh + sbh + as²b.
    bool dropout = true;
    // true: the paper's fixed 34 (MHA, 4h GELU MLP). false: the same breakdown with the model's
    // real widths (q, kv heads, d_ff, gated MLP); equals 34 for GPT-3-like models.
    bool paper_constants = false;
    std::uint64_t bytes_per_value = 2;        // 16-bit activations (the paper's assumption)
    bool include_embedding_and_logits = true; // eq. 5's extra terms (embedding dropout, logits)
};

struct ActivationMemory {
    std::uint64_t per_layer = 0;    // one layer, one micro-batch, one GPU
    std::uint64_t layers_held = 0;  // layer-activations the first stage holds (ceil(L/p) · p)
    std::uint64_t layers_bytes = 0; // per_layer · layers_held
    std::uint64_t extra_bytes = 0;  // embedding/output terms
    std::uint64_t total = 0;
};
ActivationMemory trainingActivations(const ModelConfig& config, const ActivationParams& params);

// ---- LoRA / QLoRA -------------------------------------------------------------------------

// Adapted projection families (PEFT target_modules q_proj, k_proj, …).
enum class LoraTarget : unsigned { Q = 1, K = 2, V = 4, O = 8, Gate = 16, Up = 32, Down = 64 };
// "q,v" -> Q|V; throws InputError naming `field` for an unknown name. "all" = all seven.
unsigned parseLoraTargets(std::string_view list, const std::string& field = "lora_targets");
std::string loraTargetsToString(unsigned targets); // "q,v"

struct LoraParams {
    std::uint64_t rank = 0; // 0: full fine-tuning
    unsigned targets = static_cast<unsigned>(LoraTarget::Q) | static_cast<unsigned>(LoraTarget::V);
    bool include_experts = true; // adapt every routed and shared expert when gate/up/down targeted
    // The frozen base weights: "bf16" (LoRA) or "nf4_dq" (QLoRA). Applied to the linear layers of
    // the blocks; embeddings, LM head and norms stay at `unquantized` (as bitsandbytes does).
    std::string base_precision = "bf16";
    std::string unquantized = "bf16";
};

// Trainable parameters: Σ r·(d_in + d_out) over adapted matrices and layers (LoRA paper §4),
// with the model's real shapes (GQA k/v widths; each expert of a MoE layer).
std::uint64_t loraTrainableParams(const ModelConfig& config, const LoraParams& lora);
// The same for one layer (0-based; MoE layers differ from DeepSeek's first dense layers).
std::uint64_t loraLayerParams(const ModelConfig& config, const LoraParams& lora,
                              std::uint64_t layer);

// ---- Full training memory per GPU ---------------------------------------------------------

struct TrainingParams {
    OptimizerSpec optimizer = optimizerById("adamw");
    std::uint64_t weight_bytes = 2; // bf16/fp16 working copy
    // fp16/bf16 2 (ZeRO paper: 16 B/param with Adam) or fp32 4 (Megatron, DeepSpeed: 18 B/param).
    std::uint64_t grad_bytes = 2;
    int zero_stage = 0;              // 0-3
    std::uint64_t data_parallel = 1; // N_d
    ActivationParams activations;    // holds t, p, s, b, recompute
    LoraParams lora;
};

struct TrainingMemory {
    std::uint64_t params = 0;           // whole model
    std::uint64_t params_per_gpu = 0;   // most-loaded TP/PP shard, before ZeRO
    std::uint64_t trainable_params = 0; // whole model (LoRA: adapters only)
    std::uint64_t trainable_per_gpu = 0;
    std::uint64_t frozen_per_gpu = 0; // LoRA base weights on this GPU
    std::uint64_t weights_bytes = 0;  // per GPU (LoRA: frozen base + adapter weights)
    std::uint64_t gradients_bytes = 0;
    std::uint64_t optimizer_bytes = 0;
    std::uint64_t activation_bytes = 0;
    std::uint64_t per_gpu_bytes = 0;
    ActivationMemory activations;
};

// Throws InputError for inconsistent parallel settings (t must divide n_heads, zero_stage 0-3,
// …), InvalidConfigError for an invalid config, OverflowError beyond 64 bits.
TrainingMemory trainingMemory(const ModelConfig& config, const TrainingParams& params);
// The same with the configuration's count already made (count = countParameters(config)).
TrainingMemory trainingMemory(const ModelConfig& config, const ParamCount& count,
                              const TrainingParams& params);

} // namespace llmsizer
