// The glossary's definitions: two lines each, the first saying what the term is, the second why it
// matters for a model's size, memory or speed. Numbers quoted here are the app's own counts (the
// teaching guide and docs/counting.md give the derivations); the rest come from: Kaplan et al. 2020
// §2.1 (2N forward FLOPs per token, 6ND, 12·L·d²); Hoffmann et al. 2022 (Chinchilla, about 20
// tokens per parameter); Shazeer 2019 (MQA); Ainslie et al. 2023 (GQA); Shazeer 2020 (GLU
// variants); DeepSeek-AI 2024, DeepSeek-V2 (MLA); Rajbhandari et al. 2020, ZeRO (16 bytes per
// parameter with mixed-precision AdamW; stages 1 to 3 and Figure 1's 7.5B model on 64 GPUs: 120
// GB per GPU without ZeRO, 1.9 GB at stage 3); Shoeybi et al. 2019, Megatron-LM (tensor
// parallel: each layer's matrices split across the GPUs of a server); Huang et al. 2019, GPipe
// (pipeline parallel: stages of consecutive layers, micro-batches, the bubble); Korthikanti et
// al. 2022 (activations); Dettmers et al.
// 2023, QLoRA (NF4, double quantization); the OCP Microscaling Formats (MX) v1.0 specification
// (MXFP4); NVIDIA's NVFP4 introduction (2025); ggml's block formats in llama.cpp (Q8_0, Q4_0,
// K-quants); the model papers and cards for Llama 2 and 3, Mixtral, GPT-2 and gpt-oss.
#include "glossary_terms.h"

namespace llmsizer::glossarydata {

namespace {

constexpr GlossaryTerm kTerms[] = {
    // The model's shape.
    {"parameters", "Parameters",
     "The learned numbers of a model: every weight and every bias of every layer.",
     "A linear layer from in to out holds in·out weights and out biases (768 → 3072: 2,362,368).",
     "weights, biases, params, size, count"},
    {"d_model", "d_model (hidden size)",
     "The width of the vector that represents each token all the way through the model.",
     "Every weight matrix is sized by it, so the parameters grow with its square.",
     "hidden_size, hidden_dim, n_embd, embedding dimension, width"},
    {"layers", "Layers (n_layers)",
     "How many transformer blocks are stacked, each with its own attention and MLP.",
     "Parameters grow linearly with the layers: twice the layers, twice the blocks.",
     "n_layers, num_hidden_layers, depth, blocks, n_layer"},
    {"heads", "Attention heads (n_heads)",
     "Attention computations run side by side in each layer, each with its own query projection.",
     "The heads split the width (heads × head dim is usually d_model), so more heads add no "
     "parameters.",
     "n_heads, num_attention_heads, query heads"},
    {"kv_heads", "KV heads (n_kv_heads)",
     "How many key/value heads a layer keeps; the query heads share them in groups.",
     "Fewer KV heads shrink the k and v projections and, above all, the KV cache.",
     "n_kv_heads, num_key_value_heads, key value heads"},
    {"mha", "MHA (multi-head attention)",
     "Every query head has its own key and value head: KV heads = heads.",
     "The original transformer's attention, with the largest KV cache per token (Llama 2 7B).",
     "multi-head attention"},
    {"gqa", "GQA (grouped-query attention)",
     "Groups of query heads share one key/value head: 1 < KV heads < heads.",
     "Llama 3 70B: 64 query heads, 8 KV heads, so its KV cache is 8× smaller than with MHA.",
     "grouped-query attention, grouped query"},
    {"mqa", "MQA (multi-query attention)",
     "All query heads share a single key/value head: KV heads = 1.",
     "The smallest KV cache of the three; GQA is the compromise between MQA and MHA.",
     "multi-query attention"},
    {"head_dim", "Head dim (head_dim)",
     "The width of one attention head, usually d_model / heads (Llama: 128, GPT-2: 64).",
     "The k and v of each KV head are this wide; widening a family keeps it and adds heads.",
     "d_head, head size, head dimension"},
    {"d_ff", "d_ff (MLP width)",
     "The width of the MLP's hidden layer (Hugging Face intermediate_size).",
     "GPT-2 uses 4·d_model; gated MLPs use about 8/3·d_model (Llama 2 7B: 11,008 for 4,096).",
     "intermediate_size, ffn_dim, feed-forward, n_inner, hidden_dim"},
    {"gated_mlp", "Gated MLP (SwiGLU, GeGLU)",
     "An MLP of three matrices: gate and up (d × d_ff) multiply each other, down (d_ff × d) "
     "projects back.",
     "Three matrices instead of two, so d_ff is smaller for the same parameters (Llama, Mistral).",
     "swiglu, geglu, gate projection, w1 w2 w3"},
    {"tied_head", "Tied LM head",
     "The output layer reuses the token embedding matrix instead of holding its own.",
     "Counted once, it saves vocab × d_model parameters (GPT-2 small: 38,597,376).",
     "tie_word_embeddings, lm_head, output layer, shared embedding"},
    {"vocab", "Vocabulary (vocab_size)",
     "The number of tokens the tokenizer knows; the embedding holds one d_model-wide row per "
     "token.",
     "Llama 3 70B: 128,256 tokens × 8,192 = 1.05B parameters in the embedding, as many in its "
     "untied head.",
     "vocab_size, tokens, tokenizer"},
    {"embedding", "Token embedding",
     "A table of vocab_size × d_model learned numbers: one vector per token id.",
     "12·L·d² leaves it out, which is why it misses most on small models (GPT-2 small: 31.7% "
     "short).",
     "embed_tokens, wte, input embedding"},
    {"norms", "Norms (LayerNorm, RMSNorm)",
     "Normalization in each block: LayerNorm has a scale and a shift (2·d), RMSNorm a scale (d).",
     "Tiny beside the matrices: well under 0.1% of a 7B model.",
     "layernorm, rmsnorm, normalization"},
    {"approx_12ld2", "12·L·d²",
     "The rule of thumb: per layer 4·d² of attention (q, k, v, o) and 8·d² of MLP (d × 4d and "
     "back).",
     "It leaves out embeddings, norms and biases and misses gated MLPs and GQA; the app shows the "
     "exact gap.",
     "twelve, rule of thumb, approximation, 12ld2"},
    {"moe", "MoE (mixture of experts)",
     "An MoE layer holds many MLPs (experts) and a router that sends each token to a few of them.",
     "Every expert counts in the total and in memory; only the chosen ones in the compute.",
     "mixture of experts, experts, router, routed experts, sparse"},
    {"active_params", "Active parameters",
     "The parameters one token uses: all of a dense model; the shared part and k experts of an "
     "MoE.",
     "Mixtral 8x7B: 46.7B in total, 12.9B active. Compute follows the active, memory the total.",
     "active per token, activated parameters"},
    {"mla", "MLA (multi-head latent attention)",
     "DeepSeek's attention: keys and values are compressed into a small latent vector per token.",
     "The cache holds the latent and one shared RoPE key, far less than GQA's keys and values.",
     "latent attention, deepseek, kv_lora_rank"},
    {"headline", "Headline figure",
     "The round size a model is named and announced by, beside a released checkpoint: GPT-2 "
     "small's 117M, Llama 2 7B's 7B.",
     "The checkpoint can be counted exactly, and the count can differ: GPT-2 small holds "
     "124,439,808 (+6.4% over 117M).",
     "published, model name, exact count, announced"},
    {"nominal", "Nominal figure",
     "A published total with no checkpoint to count: the paper's round figure is all there is "
     "(GPT-3's 175B).",
     "The app counts the paper's shapes instead and shows the gap (GPT-3: 174,604,259,328, "
     "−0.2%); neither is exact.",
     "published, paper, gpt-3, no checkpoint"},
    // Memory.
    {"precision", "Precision (bits per weight)",
     "How many bits each stored weight takes: 32 (FP32), 16 (FP16/BF16), 8, 4, or a GGUF type's "
     "mix.",
     "Weights in memory = parameters × bits / 8: 70B at 16 bits is 140 GB, at 4 bits about 35 GB.",
     "dtype, bytes per parameter, bpw, quantization, bits"},
    {"kv_cache", "KV cache",
     "The keys and values of every token seen so far, kept so a new token need not recompute "
     "them.",
     "Per token 2 × layers × KV heads × head dim × bytes; it grows with the context and the batch.",
     "key value cache, kv"},
    {"activations", "Activations",
     "Intermediate results of the forward pass: kept for the backward pass when training.",
     "Training memory grows with them (Korthikanti et al. 2022); inference needs only one layer's.",
     "activation memory, recompute, checkpointing"},
    {"context", "Context (tokens)",
     "How many tokens the model attends to at once: the prompt and everything generated so far.",
     "It costs no parameters (except a learned position table), but the KV cache grows with it.",
     "context length, sequence length, max_position_embeddings, ctx"},
    {"batch", "Batch", "How many sequences are processed together.",
     "The weights serve the whole batch; the KV cache and the activations grow with it.",
     "batch size, sequences"},
    {"runtime_overhead", "Runtime overhead",
     "Memory the runtime needs beyond weights and cache: CUDA context, workspace, fragmentation.",
     "Each profile (transformers, vLLM, llama.cpp) gives its constants and source in the Runtime "
     "menu.",
     "runtime, overhead, vllm, llama.cpp, transformers"},
    {"training_memory", "Training memory",
     "Weights, gradients, the optimizer's states (AdamW: two per parameter) and the activations.",
     "Mixed precision with AdamW takes about 16 bytes per parameter before activations.",
     "training, gradients, optimizer, adamw"},
    {"textbook_numbers", "Textbook and realistic numbers",
     "Textbook: what is computed by hand, parameters × bytes per parameter (training: + gradients "
     "+ AdamW states), and 12·L·d² taken to the exact count. Realistic: the full memory.",
     "Realistic adds the KV cache, activations and runtime overhead: what a GPU must really hold "
     "(View > Textbook numbers, Ctrl+T).",
     "textbook, realistic, by hand, weights only, numbers"},
    {"headroom", "Headroom",
     "What is left of a GPU's usable memory once the weights, KV cache, activations and "
     "overhead are placed.",
     "Headroom is room for a longer context or a larger batch; a fit with under 10% to spare is "
     "marked tight.",
     "spare, free memory, left over, tight, margin"},
    {"zero", "ZeRO (Zero Redundancy Optimizer)",
     "Rajbhandari et al. 2020: data-parallel GPUs split the training states: stage 1 the "
     "optimizer's, 2 also gradients, 3 also weights.",
     "Mixed-precision Adam's 16 bytes per parameter then divide by the GPUs: 7.5B on 64 GPUs, "
     "120 GB each without, 1.9 GB at stage 3.",
     "zero-1, zero-2, zero-3, deepspeed, fsdp, sharding, optimizer states, data parallel"},
    {"tensor_parallel", "Tensor parallel",
     "Shoeybi et al. 2019 (Megatron-LM): each layer's matrices are split across GPUs, every GPU "
     "holding a slice of every layer.",
     "Weights per GPU divide by the GPU count, but the GPUs exchange activations in every layer, "
     "so it stays inside one server.",
     "tp, tensor parallelism, model parallel, megatron, intra-layer, tensor_parallel_size"},
    {"pipeline_parallel", "Pipeline parallel",
     "Huang et al. 2019 (GPipe): consecutive layers go to different GPUs (stages), and "
     "micro-batches flow through them in turn.",
     "Each GPU holds only its stage's layers (80 layers on 4 GPUs: 20 each); GPUs wait while the "
     "pipeline fills (the bubble).",
     "pp, pipeline parallelism, stages, gpipe, layer split, inter-layer"},
    {"gb_gib", "GB vs GiB",
     "GB = 10⁹ bytes (1,000,000,000); GiB = 2³⁰ bytes (1,073,741,824), 7.4% more.",
     "GPU makers and the app's default use GB; nvidia-smi and llama.cpp print MiB and GiB.",
     "gigabyte, gibibyte, units, bytes"},
    // Compute.
    {"flops_per_token", "FLOPs per token",
     "Floating-point operations to process one token: about 2 per parameter for a forward pass.",
     "Plus the attention over the context; training costs about 3× the forward pass (6·N per "
     "token).",
     "flops, compute, 2n, 6nd"},
    {"chinchilla", "Chinchilla rule",
     "Hoffmann et al. 2022: for a given compute budget the best model sees about 20 tokens per "
     "parameter.",
     "Training compute is about 6·N·D; a model trained on far more tokens is called overtrained.",
     "chinchilla, tokens per parameter, compute-optimal, scaling law, overtrained, 20"},
    {"decode_prefill", "Decode and prefill",
     "Prefill reads the prompt in one pass and is bound by compute; decode makes one token at a "
     "time.",
     "Each decoded token reads every weight once, so tokens/s is about bandwidth / bytes read.",
     "tokens per second, tok/s, speed, throughput, bandwidth, latency"},
    {"offload", "GPU layers (offload)",
     "llama.cpp can keep some layers on the GPU and run the others from system RAM.",
     "Layers in RAM run at the RAM's bandwidth: a partly offloaded model decodes far slower.",
     "ngl, n-gpu-layers, cpu offload, ram"},
    // The precisions.
    {"fp32", "FP32", "32-bit floating point: 4 bytes per parameter.",
     "Full precision, for master weights and optimizer states in training; rare for inference.",
     "float32, single precision, 4 bytes"},
    {"fp16_bf16", "FP16 / BF16",
     "16-bit floating point: 2 bytes per parameter. BF16 keeps FP32's range with fewer digits.",
     "The usual format to train and to serve: 70B parameters take about 140 GB.",
     "float16, bfloat16, half precision, 2 bytes"},
    {"fp8", "FP8", "8-bit floating point (E4M3 or E5M2): 1 byte per parameter.",
     "Supported by H100-class GPUs; DeepSeek-V3 ships its weights in FP8.", "float8, e4m3, e5m2"},
    {"int8", "INT8",
     "8-bit integers with a scale: 1 byte per parameter (the scales are not counted here).",
     "Half of FP16's memory with little loss in quality: 70B in about 70 GB.",
     "8-bit, quantized, quantization"},
    {"int4", "INT4",
     "4-bit integers with a scale per group of weights: half a byte per parameter and the scales.",
     "A quarter of FP16's memory (70B in about 35 GB; GPTQ, AWQ), at some loss in quality.",
     "4-bit, gptq, awq, quantized, group 128"},
    {"gguf", "GGUF types (Q8_0, Q4_0, …)",
     "llama.cpp's file format and its block quantizations: blocks of 32 weights share a scale.",
     "Bits per weight include the scales: Q8_0 stores 8.5, Q4_0 4.5.",
     "gguf, llama.cpp, q8_0, q4_0, iq"},
    {"gguf_kquants", "GGUF K-quants (Q4_K_M, Q6_K, …)",
     "llama.cpp's super-blocks of 256 weights with sub-block scales; _S, _M, _L mix types per "
     "tensor.",
     "Q4_K_M stores about 4.9 bits per weight: some attention and MLP tensors keep more bits.",
     "k-quants, q4_k_m, q5_k_m, q6_k, q3_k, q2_k"},
    {"nf4", "NF4",
     "4-bit NormalFloat (QLoRA): 16 levels spaced for normally distributed weights, a scale per "
     "64.",
     "Double quantization compresses the scales too: 4.127 bits per weight, used to fine-tune.",
     "normalfloat, qlora, bitsandbytes, double quant"},
    {"mxfp4", "MXFP4",
     "Microscaling FP4: blocks of 32 four-bit floats sharing one 8-bit scale, 4.25 bits per "
     "weight.",
     "gpt-oss ships its experts in MXFP4, which puts gpt-oss-120b on one 80 GB GPU.",
     "microscaling, fp4, e2m1, gpt-oss"},
    {"mlx_quant", "MLX 4-bit / 8-bit",
     "MLX's affine quantization: groups of 64 weights with an FP16 scale and bias, 4.5 or 8.5 "
     "bits per weight.",
     "mlx-lm quantizes every linear layer and the embedding: Llama 3 70B at 4-bit is about 40 GB "
     "on a Mac.",
     "mlx, apple, mlx-lm, 4bit, 8bit, mlx-community"},
    {"nvfp4", "NVFP4",
     "NVIDIA's 4-bit float: E2M1 values in blocks of 16, each with an FP8 (E4M3) scale: 4.5 bits "
     "per weight.",
     "Finer scales than MXFP4's blocks of 32; Blackwell GPUs compute in it, and GGUF stores it.",
     "nvidia fp4, e2m1, blackwell, fp4"},
};

} // namespace

std::span<const GlossaryTerm> terms()
{
    return kTerms;
}

} // namespace llmsizer::glossarydata
