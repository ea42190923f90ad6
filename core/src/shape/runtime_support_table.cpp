// The architecture-support table (runtime_support_table.h). Each row: a Hugging Face model_type,
// and for llama.cpp, vLLM and mlx-lm the name the runtime gives it (nullptr: it does not run it),
// the first version that does when that is newer than about September 2025, when it came and the
// source. What each runtime runs at all was read from its code (checkedOn below); the versions
// from the runtime's pull requests, release notes and issue threads named in each entry.
// llama.cpp's since is a build ("b7186") when one is known, else the date of the pull request;
// "?" marks a build not known relative to the profile's. docs/memory.md, "Architectures".
#include "shape/runtime_support_table.h"

#include <string_view>

namespace llmsizer::archtable {

const std::vector<Row>& rows()
{
    // clang-format off
    static const std::vector<Row> table = {
        {"gpt2", "GPT-2",
         {"gpt2", nullptr, nullptr, "llama.cpp"},
         {"GPT2LMHeadModel", nullptr, nullptr, "vLLM"},
         {"gpt2", nullptr, nullptr, "mlx-lm"}},
        {"gptj", "GPT-J",
         {nullptr, nullptr, nullptr, "llama.cpp: the gptj name is listed but no converter registers GPTJForCausalLM (conversion/)"},
         {"GPTJForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"gpt_neox", "GPT-NeoX",
         {"gptneox", nullptr, nullptr, "llama.cpp"},
         {"GPTNeoXForCausalLM", nullptr, nullptr, "vLLM"},
         {"gpt_neox", nullptr, nullptr, "mlx-lm"}},
        {"opt", "OPT",
         {nullptr, nullptr, nullptr, "llama.cpp"},
         {"OPTForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"bloom", "BLOOM",
         {"bloom", nullptr, nullptr, "llama.cpp"},
         {"BloomForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"falcon", "Falcon",
         {"falcon", nullptr, nullptr, "llama.cpp"},
         {"FalconForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"phi", "Phi-2",
         {"phi2", nullptr, nullptr, "llama.cpp"},
         {"PhiForCausalLM", nullptr, nullptr, "vLLM"},
         {"phi", nullptr, nullptr, "mlx-lm"}},
        {"starcoder2", "StarCoder2",
         {"starcoder2", nullptr, nullptr, "llama.cpp"},
         {"Starcoder2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"starcoder2", nullptr, nullptr, "mlx-lm"}},
        {"llama", "Llama",
         {"llama", nullptr, nullptr, "llama.cpp"},
         {"LlamaForCausalLM", nullptr, nullptr, "vLLM"},
         {"llama", nullptr, nullptr, "mlx-lm"}},
        {"granite", "Granite",
         {"granite", nullptr, nullptr, "llama.cpp"},
         {"GraniteForCausalLM", nullptr, nullptr, "vLLM"},
         {"granite", nullptr, nullptr, "mlx-lm"}},
        {"smollm3", "SmolLM3",
         {"smollm3", nullptr, nullptr, "llama.cpp"},
         {"SmolLM3ForCausalLM", nullptr, nullptr, "vLLM: through vLLM's transformers backend (no module of its own)"},
         {"smollm3", nullptr, nullptr, "mlx-lm"}},
        {"cohere", "Command R",
         {"command-r", nullptr, nullptr, "llama.cpp"},
         {"CohereForCausalLM", nullptr, nullptr, "vLLM"},
         {"cohere", nullptr, nullptr, "mlx-lm"}},
        {"internlm2", "InternLM2",
         {"internlm2", nullptr, nullptr, "llama.cpp"},
         {"InternLM2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"internlm2", nullptr, nullptr, "mlx-lm"}},
        {"mistral", "Mistral",
         {"llama", nullptr, nullptr, "llama.cpp"},
         {"MistralForCausalLM", nullptr, nullptr, "vLLM"},
         {"llama", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING mistral -> llama"}},
        {"ministral3", "Ministral 3",
         {"mistral3", nullptr, "2025-12-01", "llama.cpp: PR 17644 (model: support Ministral3)"},
         {"Mistral3ForConditionalGeneration", nullptr, "2025-12-02", "vLLM: the Ministral 3 release (2 Dec 2025), after 0.11.0"},
         {"ministral3", "0.28.4", "2025-12-02", "mlx-lm: commit 4bc21cc1 (#642)"}},
        {"mixtral", "Mixtral",
         {"llama", nullptr, nullptr, "llama.cpp"},
         {"MixtralForCausalLM", nullptr, nullptr, "vLLM"},
         {"mixtral", nullptr, nullptr, "mlx-lm"}},
        {"qwen2", "Qwen2",
         {"qwen2", nullptr, nullptr, "llama.cpp"},
         {"Qwen2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen2", nullptr, nullptr, "mlx-lm"}},
        {"qwen2_moe", "Qwen2-MoE",
         {"qwen2moe", nullptr, nullptr, "llama.cpp"},
         {"Qwen2MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen2_moe", nullptr, nullptr, "mlx-lm"}},
        {"qwen3", "Qwen3",
         {"qwen3", nullptr, nullptr, "llama.cpp"},
         {"Qwen3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen3", nullptr, nullptr, "mlx-lm"}},
        {"qwen3_moe", "Qwen3-MoE",
         {"qwen3moe", nullptr, nullptr, "llama.cpp"},
         {"Qwen3MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen3_moe", nullptr, nullptr, "mlx-lm"}},
        {"gemma", "Gemma",
         {"gemma", nullptr, nullptr, "llama.cpp"},
         {"GemmaForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma", nullptr, nullptr, "mlx-lm"}},
        {"gemma2", "Gemma 2",
         {"gemma2", nullptr, nullptr, "llama.cpp"},
         {"Gemma2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma2", nullptr, nullptr, "mlx-lm"}},
        {"gemma3_text", "Gemma 3",
         {"gemma3", nullptr, nullptr, "llama.cpp"},
         {"Gemma3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma3_text", nullptr, nullptr, "mlx-lm"}},
        {"gemma3", "Gemma 3",
         {"gemma3", nullptr, nullptr, "llama.cpp"},
         {"Gemma3ForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"gemma3", nullptr, nullptr, "mlx-lm"}},
        {"phi3", "Phi-3",
         {"phi3", nullptr, nullptr, "llama.cpp"},
         {"Phi3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"phi3", nullptr, nullptr, "mlx-lm"}},
        {"olmo2", "OLMo 2",
         {"olmo2", nullptr, nullptr, "llama.cpp"},
         {"Olmo2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"olmo2", nullptr, nullptr, "mlx-lm"}},
        {"olmo3", "OLMo 3",
         {"olmo2", nullptr, nullptr, "llama.cpp: conversion/olmo.py registers Olmo3ForCausalLM as olmo2"},
         {"Olmo3ForCausalLM", "0.11.0", "2025-10", "vLLM: new in 0.11.0 (release notes)"},
         {"olmo3", "0.28.2", "2025-10-02", "mlx-lm: commit 9a4039a5"}},
        {"cohere2", "Command R7B / A",
         {"cohere2", nullptr, nullptr, "llama.cpp"},
         {"Cohere2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"cohere2", nullptr, nullptr, "mlx-lm"}},
        {"exaone", "EXAONE 3",
         {"exaone", nullptr, nullptr, "llama.cpp"},
         {"ExaoneForCausalLM", nullptr, nullptr, "vLLM"},
         {"exaone", nullptr, nullptr, "mlx-lm"}},
        {"exaone4", "EXAONE 4",
         {"exaone4", nullptr, nullptr, "llama.cpp"},
         {"Exaone4ForCausalLM", nullptr, nullptr, "vLLM"},
         {"exaone4", nullptr, nullptr, "mlx-lm"}},
        {"ernie4_5", "ERNIE 4.5",
         {"ernie4_5", nullptr, nullptr, "llama.cpp"},
         {"Ernie4_5ForCausalLM", nullptr, nullptr, "vLLM"},
         {"ernie4_5", nullptr, nullptr, "mlx-lm"}},
        {"ernie4_5_moe", "ERNIE 4.5 MoE",
         {"ernie4_5-moe", nullptr, nullptr, "llama.cpp"},
         {"Ernie4_5_MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"ernie4_5_moe", nullptr, nullptr, "mlx-lm"}},
        {"glm4", "GLM-4",
         {"glm4", nullptr, nullptr, "llama.cpp"},
         {"Glm4ForCausalLM", nullptr, nullptr, "vLLM"},
         {"glm4", nullptr, nullptr, "mlx-lm"}},
        {"seed_oss", "Seed-OSS",
         {"seed_oss", nullptr, nullptr, "llama.cpp"},
         {"SeedOssForCausalLM", nullptr, nullptr, "vLLM"},
         {"seed_oss", nullptr, nullptr, "mlx-lm"}},
        {"apertus", "Apertus",
         {"apertus", nullptr, nullptr, "llama.cpp"},
         {"ApertusForCausalLM", nullptr, nullptr, "vLLM"},
         {"apertus", nullptr, nullptr, "mlx-lm"}},
        {"arcee", "Arcee AFM",
         {"arcee", nullptr, nullptr, "llama.cpp"},
         {"ArceeForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"mimo", "MiMo",
         {"?", nullptr, nullptr, "llama.cpp"},
         {"MiMoForCausalLM", nullptr, nullptr, "vLLM"},
         {"mimo", nullptr, nullptr, "mlx-lm"}},
        {"dots1", "dots.llm1",
         {"dots1", nullptr, nullptr, "llama.cpp"},
         {"Dots1ForCausalLM", nullptr, nullptr, "vLLM"},
         {"dots1", nullptr, nullptr, "mlx-lm"}},
        {"phimoe", "Phi-3.5-MoE",
         {"phimoe", nullptr, nullptr, "llama.cpp"},
         {"PhiMoEForCausalLM", nullptr, nullptr, "vLLM"},
         {"phimoe", nullptr, nullptr, "mlx-lm"}},
        {"minimax_m2", "MiniMax-M2",
         {"minimax-m2", "?", "2025-11", "llama.cpp: minimax-m2 GGUFs load in llama.cpp builds of Nov 2025 (ollama issue 13049); the PR's build is not known"},
         {"MiniMaxM2ForCausalLM", "0.11.1", "2025-11", "vLLM: 0.11.0 refuses MiniMaxM2ForCausalLM (MiniMax-AI/MiniMax-M2 issue 40); 0.11.1 is the next release"},
         {"minimax", "0.30.1", "2025-12-26", "mlx-lm: MODEL_REMAPPING minimax_m2 -> minimax, commit 08c8c0a5 (#700)"}},
        {"granitemoe", "Granite MoE",
         {"granitemoe", nullptr, nullptr, "llama.cpp"},
         {"GraniteMoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"granitemoe", nullptr, nullptr, "mlx-lm"}},
        {"granitemoeshared", "Granite MoE (shared expert)",
         {"granitemoe", nullptr, nullptr, "llama.cpp: conversion/granite.py registers GraniteMoeSharedForCausalLM as granitemoe"},
         {"GraniteMoeSharedForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"hunyuan_v1_dense", "Hunyuan dense",
         {"hunyuan-dense", nullptr, nullptr, "llama.cpp"},
         {"HunYuanDenseV1ForCausalLM", nullptr, nullptr, "vLLM"},
         {"hunyuan_v1_dense", nullptr, nullptr, "mlx-lm"}},
        {"hunyuan_v1_moe", "Hunyuan MoE",
         {"hunyuan-moe", nullptr, nullptr, "llama.cpp"},
         {"HunYuanMoEV1ForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm: no hunyuan_v1_moe module or remapping (hunyuan.py reads model_type hunyuan)"}},
        {"bailing_moe", "Ling (Bailing MoE)",
         {"bailingmoe", nullptr, nullptr, "llama.cpp"},
         {"BailingMoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"bailing_moe", nullptr, nullptr, "mlx-lm"}},
        {"gemma3n_text", "Gemma 3n",
         {"gemma3n", nullptr, nullptr, "llama.cpp"},
         {"Gemma3nForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma3n", nullptr, nullptr, "mlx-lm"}},
        {"gemma3n", "Gemma 3n",
         {"gemma3n", nullptr, nullptr, "llama.cpp"},
         {"Gemma3nForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"gemma3n", nullptr, nullptr, "mlx-lm"}},
        {"deepseek_v2", "DeepSeek-V2",
         {"deepseek2", nullptr, nullptr, "llama.cpp"},
         {"DeepseekV2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"deepseek_v2", nullptr, nullptr, "mlx-lm"}},
        {"deepseek_v3", "DeepSeek-V3",
         {"deepseek2", nullptr, nullptr, "llama.cpp"},
         {"DeepseekV3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"deepseek_v3", nullptr, nullptr, "mlx-lm"}},
        {"kimi_k2", "Kimi K2",
         {"deepseek2", nullptr, nullptr, "llama.cpp"},
         {"DeepseekV3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"deepseek_v3", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING kimi_k2 -> deepseek_v3"}},
        {"glm4_moe_lite", "GLM-4.7-Flash",
         {"deepseek2", nullptr, "2026-01-19", "llama.cpp: PR 18936 (support Glm4MoeLite, converted to the deepseek2 architecture)"},
         {"Glm4MoeLiteForCausalLM", "0.15.0", "2026-01", "vLLM: 0.15.0 or newer (xorbitsai/inference PR 4835)"},
         {"glm4_moe_lite", "0.30.4", "2026-01-19", "mlx-lm: commit 02228601 (#776)"}},
        {"deepseek_v32", "DeepSeek-V3.2",
         {"deepseek32", nullptr, "2026-05-19", "llama.cpp: PR 23346 (DeepSeek Sparse Attention), opened 19 May 2026"},
         {"DeepseekV32ForCausalLM", "0.11.0", "2025-09-29", "vLLM: new in 0.11.0 (DeepSeek-V3.2-Exp day-0 support)"},
         {"deepseek_v32", "0.28.4", "2025-12-03", "mlx-lm: commit abc52a0a (#512)"}},
        {"glm_moe_dsa", "GLM-5",
         {"glm-dsa", nullptr, "2026-02-13", "llama.cpp: PR 19460 (GLM MoE DSA; the sparse indexer not yet run)"},
         {"GlmMoeDsaForCausalLM", nullptr, "2026-02-11", "vLLM: the GLM-5 release (Feb 2026), after 0.11.0"},
         {"glm_moe_dsa", "0.30.7", "2026-02-12", "mlx-lm: commit 1974376d (#867)"}},
        {"gpt_oss", "gpt-oss",
         {"gpt-oss", nullptr, nullptr, "llama.cpp"},
         {"GptOssForCausalLM", nullptr, nullptr, "vLLM"},
         {"gpt_oss", nullptr, nullptr, "mlx-lm"}},
        {"glm4_moe", "GLM-4.5",
         {"glm4moe", "b6085", "2025-08-04", "llama.cpp: b6085 (oobabooga/text-generation-webui issue 7177)"},
         {"Glm4MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"glm4_moe", nullptr, nullptr, "mlx-lm"}},
        {"olmoe", "OLMoE",
         {"olmoe", nullptr, nullptr, "llama.cpp"},
         {"OlmoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"olmoe", nullptr, nullptr, "mlx-lm"}},
        {"llama4_text", "Llama 4",
         {"llama4", nullptr, nullptr, "llama.cpp"},
         {"Llama4ForCausalLM", nullptr, nullptr, "vLLM"},
         {"llama4_text", nullptr, nullptr, "mlx-lm"}},
        {"llama4", "Llama 4",
         {"llama4", nullptr, nullptr, "llama.cpp"},
         {"Llama4ForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"llama4", nullptr, nullptr, "mlx-lm"}},
        {"lfm2", "LFM2",
         {"lfm2", nullptr, nullptr, "llama.cpp"},
         {"Lfm2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"lfm2", nullptr, nullptr, "mlx-lm"}},
        {"qwen3_next", "Qwen3-Next",
         {"qwen3next", "b7186", "2025-11-28", "llama.cpp: PR 16095, in b7186 (ollama/ollama issue 12349)"},
         {"Qwen3NextForCausalLM", "0.10.2", "2025-09", "vLLM: in 0.10.2's registry"},
         {"qwen3_next", "0.28.0", "2025-09-13", "mlx-lm: commit cf8e59ef (#441)"}},
        {"qwen3_5_text", "Qwen3.5",
         {"qwen35", nullptr, "2026-02-16", "llama.cpp: PR 19468 (the first, PR 19435, was reverted on 9 Feb 2026)"},
         {"Qwen3_5ForCausalLM", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"}},
        {"qwen3_5", "Qwen3.5",
         {"qwen35", nullptr, "2026-02-16", "llama.cpp: PR 19468 (the first, PR 19435, was reverted on 9 Feb 2026)"},
         {"Qwen3_5ForConditionalGeneration", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"}},
        {"qwen3_5_moe_text", "Qwen3.5 MoE",
         {"qwen35moe", nullptr, "2026-02-16", "llama.cpp: PR 19468"},
         {"Qwen3_5MoeForCausalLM", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5_moe", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"}},
        {"qwen3_5_moe", "Qwen3.5 MoE",
         {"qwen35moe", nullptr, "2026-02-16", "llama.cpp: PR 19468"},
         {"Qwen3_5MoeForConditionalGeneration", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5_moe", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"}},
        {"mamba", "Mamba",
         {"mamba", nullptr, nullptr, "llama.cpp"},
         {"MambaForCausalLM", nullptr, nullptr, "vLLM"},
         {"mamba", nullptr, nullptr, "mlx-lm"}},
        {"falcon_mamba", "Falcon Mamba",
         {"mamba", nullptr, nullptr, "llama.cpp"},
         {"FalconMambaForCausalLM", nullptr, nullptr, "vLLM"},
         {"mamba", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING falcon_mamba -> mamba"}},
        {"mamba2", "Mamba-2",
         {"mamba2", nullptr, nullptr, "llama.cpp"},
         {"Mamba2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"mamba2", nullptr, nullptr, "mlx-lm"}},
        {"jamba", "Jamba",
         {"jamba", nullptr, nullptr, "llama.cpp"},
         {"JambaForCausalLM", nullptr, nullptr, "vLLM"},
         {"jamba", nullptr, nullptr, "mlx-lm"}},
        {"granitemoehybrid", "Granite 4.0-H",
         {"granitehybrid", nullptr, nullptr, "llama.cpp"},
         {"GraniteMoeHybridForCausalLM", nullptr, nullptr, "vLLM"},
         {"granitemoehybrid", nullptr, nullptr, "mlx-lm"}},
        {"bamba", "Bamba",
         {"granitehybrid", nullptr, nullptr, "llama.cpp: conversion/granite.py registers BambaForCausalLM as granitehybrid"},
         {"BambaForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"nemotron_h", "Nemotron-H",
         {"nemotron_h", nullptr, nullptr, "llama.cpp"},
         {"NemotronHForCausalLM", nullptr, nullptr, "vLLM"},
         {"nemotron_h", nullptr, nullptr, "mlx-lm"}},
        {"nemotron_h_moe", "Nemotron-H MoE",
         {"nemotron_h_moe", nullptr, "2025-12-15", "llama.cpp: nemotron_h_moe GGUFs run in builds of 15-16 Dec 2025 (ollama PR 13485)"},
         {"NemotronHForCausalLM", nullptr, "2025-12-15", "vLLM: the Nemotron 3 release (15 Dec 2025), after 0.11.0"},
         {"nemotron_h", "0.29.0", "2025-12-16", "mlx-lm: commit f3ed8566 (#678)"}},
        {"falcon_h1", "Falcon-H1",
         {"falcon-h1", nullptr, nullptr, "llama.cpp"},
         {"FalconH1ForCausalLM", nullptr, nullptr, "vLLM"},
         {"falcon_h1", nullptr, nullptr, "mlx-lm"}},
        {"zamba2", "Zamba2",
         {nullptr, nullptr, nullptr, "llama.cpp"},
         {"Zamba2ForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"}},
        {"qwen2_vl_text", "Qwen2-VL",
         {"qwen2vl", nullptr, nullptr, "llama.cpp"},
         {"Qwen2VLForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"qwen2_vl", nullptr, nullptr, "mlx-lm"}},
        {"qwen2_vl", "Qwen2-VL",
         {"qwen2vl", nullptr, nullptr, "llama.cpp"},
         {"Qwen2VLForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"qwen2_vl", nullptr, nullptr, "mlx-lm"}},
        {"qwen2_5_vl_text", "Qwen2.5-VL",
         {"qwen2vl", nullptr, nullptr, "llama.cpp"},
         {"Qwen2_5_VLForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"qwen2_vl", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING qwen2_5_vl -> qwen2_vl"}},
        {"qwen2_5_vl", "Qwen2.5-VL",
         {"qwen2vl", nullptr, nullptr, "llama.cpp"},
         {"Qwen2_5_VLForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"qwen2_vl", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING qwen2_5_vl -> qwen2_vl"}},
        {"qwen3_vl_text", "Qwen3-VL",
         {"qwen3vl", "b6887", "2025-10-30", "llama.cpp: PR 16780, b6887"},
         {"Qwen3VLForConditionalGeneration", "0.11.0", "2025-10", "vLLM: new in 0.11.0"},
         {"qwen3_vl", "0.28.3", "2025-10-14", "mlx-lm: commit 1d114498 (#553)"}},
        {"qwen3_vl", "Qwen3-VL",
         {"qwen3vl", "b6887", "2025-10-30", "llama.cpp: PR 16780, b6887"},
         {"Qwen3VLForConditionalGeneration", "0.11.0", "2025-10", "vLLM: new in 0.11.0"},
         {"qwen3_vl", "0.28.3", "2025-10-14", "mlx-lm: commit 1d114498 (#553)"}},
        {"qwen3_vl_moe_text", "Qwen3-VL MoE",
         {"qwen3vlmoe", "b6887", "2025-10-30", "llama.cpp: PR 16780, b6887"},
         {"Qwen3VLMoeForConditionalGeneration", "0.11.0", "2025-10", "vLLM: new in 0.11.0"},
         {"qwen3_vl_moe", "0.28.3", "2025-10-10", "mlx-lm: commit cceb45d6 (#547)"}},
        {"qwen3_vl_moe", "Qwen3-VL MoE",
         {"qwen3vlmoe", "b6887", "2025-10-30", "llama.cpp: PR 16780, b6887"},
         {"Qwen3VLMoeForConditionalGeneration", "0.11.0", "2025-10", "vLLM: new in 0.11.0"},
         {"qwen3_vl_moe", "0.28.3", "2025-10-10", "mlx-lm: commit cceb45d6 (#547)"}},
        {"llava", "LLaVA",
         {"llama", nullptr, nullptr, "llama.cpp: text model as llama, vision through mtmd (conversion/llava.py)"},
         {"LlavaForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"mistral3", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING llava -> mistral3 (Mistral-style text models only)"}},
        {"llava_next", "LLaVA-NeXT",
         {"llama", nullptr, nullptr, "llama.cpp: text model as llama, vision through mtmd"},
         {"LlavaNextForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm: no llava_next module (mlx-vlm runs it)"}},
        {"mistral3", "Mistral Small 3",
         {"llama", nullptr, nullptr, "llama.cpp: text model as llama, vision through mtmd (conversion/mistral3.py)"},
         {"Mistral3ForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"mistral3", nullptr, nullptr, "mlx-lm"}},
    };
    // clang-format on
    return table;
}

const Row* find(std::string_view model_type)
{
    for (const Row& r : rows()) {
        if (model_type == r.model_type) {
            return &r;
        }
    }
    return nullptr;
}

const char* checkedOn(Runtime kind)
{
    switch (kind) {
    case Runtime::LlamaCpp:
    case Runtime::Ollama:
        return "ggml-org/llama.cpp src/llama-arch.cpp at 00395eb and conversion/ (2026)";
    case Runtime::Vllm:
        return "vllm-project/vllm vllm/model_executor/models/registry.py (Dec 2025) and later "
               "release notes";
    case Runtime::Mlx:
        return "ml-explore/mlx-lm mlx_lm/models and MODEL_REMAPPING at d78bf58 (22 Aug 2026)";
    case Runtime::Sglang:
    case Runtime::TensorRtLlm:
    case Runtime::Transformers:
        break;
    }
    return "";
}

const char* checkedShort(Runtime kind)
{
    switch (kind) {
    case Runtime::LlamaCpp:
    case Runtime::Ollama:
        return "commit 00395eb (2026)";
    case Runtime::Vllm:
        return "its 2026 releases";
    case Runtime::Mlx:
        return "commit d78bf58 (Aug 2026)";
    case Runtime::Sglang:
    case Runtime::TensorRtLlm:
    case Runtime::Transformers:
        break;
    }
    return "";
}

const char* versionDate(Runtime kind)
{
    switch (kind) {
    case Runtime::LlamaCpp:
        // b6918: between b6900 (cited on 31 Oct 2025, xorbitsai/xllamacpp PR 88) and b7186
        // (28 Nov 2025) [uncertain within those days].
        return "2025-11-02";
    case Runtime::Ollama:
        return "2026-08-19"; // llama.cpp b10488 (microsoft/winget-pkgs PR 420410)
    case Runtime::Vllm:
        return "2025-10-02"; // v0.11.0
    case Runtime::Mlx:
        return "2026-08-19"; // mlx-lm 0.32.0: its version set in commit d06c5374
    case Runtime::Sglang:
    case Runtime::TensorRtLlm:
    case Runtime::Transformers:
        break;
    }
    return "";
}

} // namespace llmsizer::archtable
