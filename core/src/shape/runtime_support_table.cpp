// The architecture-support table (runtime_support_table.h). Each row: a Hugging Face model_type,
// and for llama.cpp, vLLM, mlx-lm and TensorRT-LLM the name the runtime gives it (nullptr: it
// does not run it), the first version that does when that is newer than about September 2025,
// when it came and the source. What llama.cpp, vLLM and mlx-lm run at all was read from their
// code, what TensorRT-LLM runs from its release notes and model lists (column() below); the
// versions from the runtimes' pull requests, release notes and issue threads named in each entry.
// llama.cpp's since is a build ("b7186") when one is known, else the date of the pull request;
// "?" marks a build not known relative to the profile's. docs/memory.md, "Architectures".
#include "shape/runtime_support_table.h"

#include <string_view>

namespace llmsizer::archtable {

const std::vector<TableRow>& decoderRows()
{
    // clang-format off
    static const std::vector<TableRow> table = {
        {"gpt2", "GPT-2",
         {"gpt2", nullptr, nullptr, "llama.cpp"},
         {"GPT2LMHeadModel", nullptr, nullptr, "vLLM"},
         {"gpt2", nullptr, nullptr, "mlx-lm"},
         {"GPTForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP GPT2LMHeadModel)"}},
        {"gptj", "GPT-J",
         {nullptr, nullptr, nullptr, "llama.cpp: the gptj name is listed, but no converter registers GPTJForCausalLM and no graph builds it"},
         {"GPTJForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"},
         {"GPTJForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP)"}},
        {"gpt_neox", "GPT-NeoX",
         {"gptneox", nullptr, nullptr, "llama.cpp"},
         {"GPTNeoXForCausalLM", nullptr, nullptr, "vLLM"},
         {"gpt_neox", nullptr, nullptr, "mlx-lm"},
         {"GPTNeoXForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP)"}},
        {"opt", "OPT",
         {nullptr, nullptr, nullptr, "llama.cpp"},
         {"OPTForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"},
         {"OPTForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP; release notes 0.7.1)"}},
        {"bloom", "BLOOM",
         {"bloom", nullptr, nullptr, "llama.cpp"},
         {"BloomForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"},
         {"BloomForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP)"}},
        {"falcon", "Falcon",
         {"falcon", nullptr, nullptr, "llama.cpp"},
         {"FalconForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"},
         {"FalconForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP)"}},
        {"phi", "Phi-2",
         {"phi2", nullptr, nullptr, "llama.cpp"},
         {"PhiForCausalLM", nullptr, nullptr, "vLLM"},
         {"phi", nullptr, nullptr, "mlx-lm"},
         {"PhiForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP; release notes 0.8.0)"}},
        {"starcoder2", "StarCoder2",
         {"starcoder2", nullptr, nullptr, "llama.cpp"},
         {"Starcoder2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"starcoder2", nullptr, nullptr, "mlx-lm"},
         {"Starcoder2ForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend from 0.9.0 (MODEL_MAP); the PyTorch one from about 1.2 (PR 8923)"}},
        {"llama", "Llama",
         {"llama", nullptr, nullptr, "llama.cpp"},
         {"LlamaForCausalLM", nullptr, nullptr, "vLLM"},
         {"llama", nullptr, nullptr, "mlx-lm"},
         {"LlamaForCausalLM", nullptr, nullptr, "TensorRT-LLM"}},
        {"granite", "Granite",
         {"granite", nullptr, nullptr, "llama.cpp"},
         {"GraniteForCausalLM", nullptr, nullptr, "vLLM"},
         {"granite", nullptr, nullptr, "mlx-lm"},
         {"GraniteForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP GraniteForCausalLM, 2025) [inferred]"}},
        {"smollm3", "SmolLM3",
         {"smollm3", nullptr, nullptr, "llama.cpp"},
         {"SmolLM3ForCausalLM", nullptr, nullptr, "vLLM: through vLLM's transformers backend (no module of its own)"},
         {"smollm3", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: only its AutoDeploy backend (beta) runs it, after 1.0 (docs/source/models/supported-models.md, 2026)"}},
        {"cohere", "Command R",
         {"command-r", nullptr, nullptr, "llama.cpp"},
         {"CohereForCausalLM", nullptr, nullptr, "vLLM"},
         {"cohere", nullptr, nullptr, "mlx-lm"},
         {"CohereForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (release notes 0.15.0)"}},
        {"internlm2", "InternLM2",
         {"internlm2", nullptr, nullptr, "llama.cpp"},
         {"InternLM2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"internlm2", nullptr, nullptr, "mlx-lm"},
         {"InternLM2ForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (release notes 0.11.0)"}},
        {"mistral", "Mistral",
         {"llama", nullptr, nullptr, "llama.cpp"},
         {"MistralForCausalLM", nullptr, nullptr, "vLLM"},
         {"llama", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING mistral -> llama"},
         {"MistralForCausalLM", nullptr, nullptr, "TensorRT-LLM"}},
        {"ministral3", "Ministral 3",
         {"mistral3", nullptr, "2025-12-01", "llama.cpp: PR 17644 (model: support Ministral3)"},
         {"Mistral3ForConditionalGeneration", nullptr, "2025-12-02", "vLLM: the Ministral 3 release (2 Dec 2025), after 0.11.0"},
         {"ministral3", "0.28.4", "2025-12-02", "mlx-lm: commit 4bc21cc1 (#642)"},
         {"?", nullptr, nullptr, "TensorRT-LLM: its Mistral3ForConditionalGeneration class is in 1.0, but 1.0 pins transformers 4.53.1, which has no ministral3 config; which version loads Ministral 3 checkpoints is not known"}},
        {"mixtral", "Mixtral",
         {"llama", nullptr, nullptr, "llama.cpp"},
         {"MixtralForCausalLM", nullptr, nullptr, "vLLM"},
         {"mixtral", nullptr, nullptr, "mlx-lm"},
         {"MixtralForCausalLM", nullptr, nullptr, "TensorRT-LLM"}},
        {"qwen2", "Qwen2",
         {"qwen2", nullptr, nullptr, "llama.cpp"},
         {"Qwen2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen2", nullptr, nullptr, "mlx-lm"},
         {"Qwen2ForCausalLM", nullptr, nullptr, "TensorRT-LLM"}},
        {"qwen2_moe", "Qwen2-MoE",
         {"qwen2moe", nullptr, nullptr, "llama.cpp"},
         {"Qwen2MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen2_moe", nullptr, nullptr, "mlx-lm"},
         {"Qwen2MoeForCausalLM", nullptr, nullptr, "TensorRT-LLM: release notes 0.19.0"}},
        {"qwen3", "Qwen3",
         {"qwen3", nullptr, nullptr, "llama.cpp"},
         {"Qwen3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen3", nullptr, nullptr, "mlx-lm"},
         {"Qwen3ForCausalLM", nullptr, nullptr, "TensorRT-LLM: release notes 0.20.0"}},
        {"qwen3_moe", "Qwen3-MoE",
         {"qwen3moe", nullptr, nullptr, "llama.cpp"},
         {"Qwen3MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"qwen3_moe", nullptr, nullptr, "mlx-lm"},
         {"Qwen3MoeForCausalLM", nullptr, nullptr, "TensorRT-LLM: release notes 0.20.0"}},
        {"gemma", "Gemma",
         {"gemma", nullptr, nullptr, "llama.cpp"},
         {"GemmaForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma", nullptr, nullptr, "mlx-lm"},
         {"GemmaForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (release notes 0.9.0)"}},
        {"gemma2", "Gemma 2",
         {"gemma2", nullptr, nullptr, "llama.cpp"},
         {"Gemma2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma2", nullptr, nullptr, "mlx-lm"},
         {"GemmaForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (release notes 0.13.0)"}},
        {"gemma3_text", "Gemma 3",
         {"gemma3", nullptr, nullptr, "llama.cpp"},
         {"Gemma3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma3_text", nullptr, nullptr, "mlx-lm"},
         {"Gemma3ForCausalLM", nullptr, nullptr, "TensorRT-LLM: release notes 0.20.0"}},
        {"gemma3", "Gemma 3",
         {"gemma3", nullptr, nullptr, "llama.cpp"},
         {"Gemma3ForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"gemma3", nullptr, nullptr, "mlx-lm"},
         {"Gemma3ForConditionalGeneration", nullptr, nullptr, "TensorRT-LLM: release notes 0.21.0"}},
        {"phi3", "Phi-3",
         {"phi3", nullptr, nullptr, "llama.cpp"},
         {"Phi3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"phi3", nullptr, nullptr, "mlx-lm"},
         {"Phi3ForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (release notes 0.10.0)"}},
        {"olmo2", "OLMo 2",
         {"olmo2", nullptr, nullptr, "llama.cpp"},
         {"Olmo2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"olmo2", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: only its AutoDeploy backend (beta) runs it, after 1.0 (docs/source/models/supported-models.md, 2026)"}},
        {"olmo3", "OLMo 3",
         {"olmo2", nullptr, nullptr, "llama.cpp: conversion/olmo.py registers Olmo3ForCausalLM as olmo2"},
         {"Olmo3ForCausalLM", "0.11.0", "2025-10", "vLLM: new in 0.11.0 (release notes)"},
         {"olmo3", "0.28.2", "2025-10-02", "mlx-lm: commit 9a4039a5"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: only its AutoDeploy backend (beta) runs it, after 1.0 (docs/source/models/supported-models.md, 2026)"}},
        {"cohere2", "Command R7B / A",
         {"cohere2", nullptr, nullptr, "llama.cpp"},
         {"Cohere2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"cohere2", nullptr, nullptr, "mlx-lm"},
         {"Cohere2ForCausalLM", "1.3", "2026-02", "TensorRT-LLM: PR 11505, merged Feb 2026, in the 1.3 release candidates"}},
        {"exaone", "EXAONE 3",
         {"exaone", nullptr, nullptr, "llama.cpp"},
         {"ExaoneForCausalLM", nullptr, nullptr, "vLLM"},
         {"exaone", nullptr, nullptr, "mlx-lm"},
         {"ExaoneForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (release notes 0.12.0)"}},
        {"exaone4", "EXAONE 4",
         {"exaone4", nullptr, nullptr, "llama.cpp"},
         {"Exaone4ForCausalLM", nullptr, nullptr, "vLLM"},
         {"exaone4", nullptr, nullptr, "mlx-lm"},
         {"Exaone4ForCausalLM", nullptr, nullptr, "TensorRT-LLM: release notes 1.0"}},
        {"ernie4_5", "ERNIE 4.5",
         {"ernie4_5", nullptr, nullptr, "llama.cpp"},
         {"Ernie4_5ForCausalLM", nullptr, nullptr, "vLLM"},
         {"ernie4_5", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"ernie4_5_moe", "ERNIE 4.5 MoE",
         {"ernie4_5-moe", nullptr, nullptr, "llama.cpp"},
         {"Ernie4_5_MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"ernie4_5_moe", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"glm4", "GLM-4",
         {"glm4", nullptr, nullptr, "llama.cpp"},
         {"Glm4ForCausalLM", nullptr, nullptr, "vLLM"},
         {"glm4", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: no Glm4ForCausalLM in its model lists (2026); its ChatGLM path is the older remote-code GLM-4"}},
        {"seed_oss", "Seed-OSS",
         {"seed_oss", nullptr, nullptr, "llama.cpp"},
         {"SeedOssForCausalLM", nullptr, nullptr, "vLLM"},
         {"seed_oss", nullptr, nullptr, "mlx-lm"},
         {"SeedOssForCausalLM", "1.1", "2025-12-19", "TensorRT-LLM: release notes 1.1"}},
        {"apertus", "Apertus",
         {"apertus", nullptr, nullptr, "llama.cpp"},
         {"ApertusForCausalLM", nullptr, nullptr, "vLLM"},
         {"apertus", nullptr, nullptr, "mlx-lm"},
         {"?", nullptr, nullptr, "TensorRT-LLM: a modeling_apertus.py appears in its history but in none of its model lists"}},
        {"arcee", "Arcee AFM",
         {"arcee", nullptr, nullptr, "llama.cpp"},
         {"ArceeForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"mimo", "MiMo",
         {"?", nullptr, nullptr, "llama.cpp"},
         {"MiMoForCausalLM", nullptr, nullptr, "vLLM"},
         {"mimo", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"dots1", "dots.llm1",
         {"dots1", nullptr, nullptr, "llama.cpp"},
         {"Dots1ForCausalLM", nullptr, nullptr, "vLLM"},
         {"dots1", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"phimoe", "Phi-3.5-MoE",
         {"phimoe", nullptr, nullptr, "llama.cpp"},
         {"PhiMoEForCausalLM", nullptr, nullptr, "vLLM"},
         {"phimoe", nullptr, nullptr, "mlx-lm"},
         {"PhiMoEForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP; release notes 0.14.0)"}},
        {"minimax_m2", "MiniMax-M2",
         {"minimax-m2", "?", "2025-11", "llama.cpp: minimax-m2 GGUFs load in llama.cpp builds of Nov 2025 (ollama issue 13049); the PR's build is not known"},
         {"MiniMaxM2ForCausalLM", "0.11.1", "2025-11", "vLLM: 0.11.0 refuses MiniMaxM2ForCausalLM (MiniMax-AI/MiniMax-M2 issue 40); 0.11.1 is the next release"},
         {"minimax", "0.30.1", "2025-12-26", "mlx-lm: MODEL_REMAPPING minimax_m2 -> minimax, commit 08c8c0a5 (#700)"},
         {"MiniMaxM2ForCausalLM", "1.3", "2026-01", "TensorRT-LLM: PR 10532, merged Jan 2026, in the 1.3 release candidates"}},
        {"granitemoe", "Granite MoE",
         {"granitemoe", nullptr, nullptr, "llama.cpp"},
         {"GraniteMoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"granitemoe", nullptr, nullptr, "mlx-lm"},
         {"GraniteMoeForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (MODEL_MAP, 2025) [inferred]"}},
        {"granitemoeshared", "Granite MoE (shared expert)",
         {"granitemoe", nullptr, nullptr, "llama.cpp: conversion/granite.py registers GraniteMoeSharedForCausalLM as granitemoe"},
         {"GraniteMoeSharedForCausalLM", nullptr, nullptr, "vLLM"},
         {nullptr, nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"hunyuan_v1_dense", "Hunyuan dense",
         {"hunyuan-dense", nullptr, nullptr, "llama.cpp"},
         {"HunYuanDenseV1ForCausalLM", nullptr, nullptr, "vLLM"},
         {"hunyuan_v1_dense", nullptr, nullptr, "mlx-lm"},
         {"HunYuanDenseV1ForCausalLM", "1.1", "2025-12-19", "TensorRT-LLM: release notes 1.1"}},
        {"hunyuan_v1_moe", "Hunyuan MoE",
         {"hunyuan-moe", nullptr, nullptr, "llama.cpp"},
         {"HunYuanMoEV1ForCausalLM", nullptr, nullptr, "vLLM"},
         {"?", nullptr, nullptr, "mlx-lm: its hunyuan module runs Hunyuan-A13B (commit 90230d31) for a config whose model_type is hunyuan; one that says hunyuan_v1_moe, as transformers names it, finds no module"},
         {"HunYuanMoEV1ForCausalLM", "1.1", "2025-12-19", "TensorRT-LLM: release notes 1.1"}},
        {"bailing_moe", "Ling (Bailing MoE)",
         {"bailingmoe", nullptr, nullptr, "llama.cpp"},
         {"BailingMoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"bailing_moe", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"gemma3n_text", "Gemma 3n",
         {"gemma3n", nullptr, nullptr, "llama.cpp"},
         {"Gemma3nForCausalLM", nullptr, nullptr, "vLLM"},
         {"gemma3n", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: only its AutoDeploy backend (beta) runs it, after 1.0 (docs/source/models/supported-models.md, 2026), text only"}},
        {"gemma3n", "Gemma 3n",
         {"gemma3n", nullptr, nullptr, "llama.cpp"},
         {"Gemma3nForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"gemma3n", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: only its AutoDeploy backend (beta) runs it, after 1.0 (docs/source/models/supported-models.md, 2026), text only"}},
        {"deepseek_v2", "DeepSeek-V2",
         {"deepseek2", nullptr, nullptr, "llama.cpp"},
         {"DeepseekV2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"deepseek_v2", nullptr, nullptr, "mlx-lm"},
         {"DeepseekV2ForCausalLM", nullptr, nullptr, "TensorRT-LLM: its TensorRT engine backend (release notes 0.15.0)"}},
        {"deepseek_v3", "DeepSeek-V3",
         {"deepseek2", nullptr, nullptr, "llama.cpp"},
         {"DeepseekV3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"deepseek_v3", nullptr, nullptr, "mlx-lm"},
         {"DeepseekV3ForCausalLM", nullptr, nullptr, "TensorRT-LLM: release notes 0.19.0"}},
        {"kimi_k2", "Kimi K2",
         {"deepseek2", nullptr, nullptr, "llama.cpp"},
         {"DeepseekV3ForCausalLM", nullptr, nullptr, "vLLM"},
         {"deepseek_v3", nullptr, nullptr, "mlx-lm: MODEL_REMAPPING kimi_k2 -> deepseek_v3"},
         {"DeepseekV3ForCausalLM", nullptr, nullptr, "TensorRT-LLM: Kimi K2 is a DeepseekV3ForCausalLM, registered in 1.0 [inferred]; named in its docs from 1.3"}},
        {"glm4_moe_lite", "GLM-4.7-Flash",
         {"deepseek2", nullptr, "2026-01-19", "llama.cpp: PR 18936 (support Glm4MoeLite, converted to the deepseek2 architecture)"},
         {"Glm4MoeLiteForCausalLM", "0.15.0", "2026-01", "vLLM: 0.15.0 or newer (xorbitsai/inference PR 4835)"},
         {"glm4_moe_lite", "0.30.4", "2026-01-19", "mlx-lm: commit 02228601 (#776)"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: only its AutoDeploy backend (beta) runs it, after 1.0 (docs/source/models/supported-models.md, 2026)"}},
        {"deepseek_v32", "DeepSeek-V3.2",
         {"deepseek32", nullptr, "2026-05-19", "llama.cpp: PR 23346 (DeepSeek Sparse Attention), opened 19 May 2026"},
         {"DeepseekV32ForCausalLM", "0.11.0", "2025-09-29", "vLLM: new in 0.11.0 (DeepSeek-V3.2-Exp day-0 support)"},
         {"deepseek_v32", "0.28.4", "2025-12-03", "mlx-lm: commit abc52a0a (#512)"},
         {"DeepseekV32ForCausalLM", "1.2", "2025-10", "TensorRT-LLM: PR 8405, merged Oct 2025; release notes 1.2"}},
        {"glm_moe_dsa", "GLM-5",
         {"glm-dsa", nullptr, "2026-02-13", "llama.cpp: PR 19460 (GLM MoE DSA; the sparse indexer not yet run)"},
         {"GlmMoeDsaForCausalLM", nullptr, "2026-02-11", "vLLM: the GLM-5 release (Feb 2026), after 0.11.0"},
         {"glm_moe_dsa", "0.30.7", "2026-02-12", "mlx-lm: commit 1974376d (#867)"},
         {"GlmMoeDsaForCausalLM", "1.3", "2026-02", "TensorRT-LLM: PR 11579, Feb 2026, in the 1.3 release candidates"}},
        {"gpt_oss", "gpt-oss",
         {"gpt-oss", nullptr, nullptr, "llama.cpp"},
         {"GptOssForCausalLM", nullptr, nullptr, "vLLM"},
         {"gpt_oss", nullptr, nullptr, "mlx-lm"},
         {"GptOssForCausalLM", "1.1", "2025-12-19", "TensorRT-LLM: release 1.1.0rc0 (PR 6645); release notes 1.1"}},
        {"glm4_moe", "GLM-4.5",
         {"glm4moe", "b6085", "2025-08-04", "llama.cpp: b6085 (oobabooga/text-generation-webui issue 7177)"},
         {"Glm4MoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"glm4_moe", nullptr, nullptr, "mlx-lm"},
         {"Glm4MoeForCausalLM", "1.2", "2025-10", "TensorRT-LLM: PR 8256, merged Oct 2025 [version inferred]"}},
        {"olmoe", "OLMoE",
         {"olmoe", nullptr, nullptr, "llama.cpp"},
         {"OlmoeForCausalLM", nullptr, nullptr, "vLLM"},
         {"olmoe", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"llama4_text", "Llama 4",
         {"llama4", nullptr, nullptr, "llama.cpp"},
         {"Llama4ForCausalLM", nullptr, nullptr, "vLLM"},
         {"llama4_text", nullptr, nullptr, "mlx-lm"},
         {"?", nullptr, nullptr, "TensorRT-LLM: a Llama4ForCausalLM class is registered in modeling_llama.py, but not in its 2026 model index"}},
        {"llama4", "Llama 4",
         {"llama4", nullptr, nullptr, "llama.cpp"},
         {"Llama4ForConditionalGeneration", nullptr, nullptr, "vLLM"},
         {"llama4", nullptr, nullptr, "mlx-lm"},
         {"Llama4ForConditionalGeneration", nullptr, nullptr, "TensorRT-LLM: support matrix 0.19.0"}},
        {"lfm2", "LFM2",
         {"lfm2", nullptr, nullptr, "llama.cpp"},
         {"Lfm2ForCausalLM", nullptr, nullptr, "vLLM"},
         {"lfm2", nullptr, nullptr, "mlx-lm"},
         {nullptr, nullptr, nullptr, "TensorRT-LLM: in none of its PyTorch models, MODEL_MAP, supported-models or AutoDeploy's list (2026)"}},
        {"qwen3_next", "Qwen3-Next",
         {"qwen3next", "b7186", "2025-11-28", "llama.cpp: PR 16095, in b7186 (ollama/ollama issue 12349)"},
         {"Qwen3NextForCausalLM", "0.10.2", "2025-09", "vLLM: in 0.10.2's registry"},
         {"qwen3_next", "0.28.0", "2025-09-13", "mlx-lm: commit cf8e59ef (#441)"},
         {"Qwen3NextForCausalLM", "1.2", "2025-10", "TensorRT-LLM: PR 7892; release notes 1.2"}},
        {"qwen3_5_text", "Qwen3.5",
         {"qwen35", nullptr, "2026-02-16", "llama.cpp: PR 19468 (the first, PR 19435, was reverted on 9 Feb 2026)"},
         {"Qwen3_5ForCausalLM", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"},
         {"Qwen3_5ForCausalLM", "?", "2026-05", "TensorRT-LLM: in its PyTorch backend by May 2026 (PR 12203 closed: 'main branch supports Qwen3.5 now'); the release is not known"}},
        {"qwen3_5", "Qwen3.5",
         {"qwen35", nullptr, "2026-02-16", "llama.cpp: PR 19468 (the first, PR 19435, was reverted on 9 Feb 2026)"},
         {"Qwen3_5ForConditionalGeneration", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"},
         {"Qwen3_5ForConditionalGeneration", "?", "2026-05", "TensorRT-LLM: in its PyTorch backend by May 2026 (PR 12203); the release is not known"}},
        {"qwen3_5_moe_text", "Qwen3.5 MoE",
         {"qwen35moe", nullptr, "2026-02-16", "llama.cpp: PR 19468"},
         {"Qwen3_5MoeForCausalLM", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5_moe", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"},
         {"Qwen3_5MoeForCausalLM", "?", "2026-05", "TensorRT-LLM: in its PyTorch backend by May 2026 (PR 12203); the release is not known"}},
        {"qwen3_5_moe", "Qwen3.5 MoE",
         {"qwen35moe", nullptr, "2026-02-16", "llama.cpp: PR 19468"},
         {"Qwen3_5MoeForConditionalGeneration", "0.17.0", "2026-02", "vLLM: 0.16.0 refuses it, 0.17.0 runs it (runpod-workers/worker-vllm issue 279)"},
         {"qwen3_5_moe", "0.30.7", "2026-02-12", "mlx-lm: commit 0fd31264 (#869)"},
         {"Qwen3_5MoeForConditionalGeneration", "?", "2026-05", "TensorRT-LLM: in its PyTorch backend by May 2026 (PR 12203); the release is not known"}},
    };
    // clang-format on
    return table;
}

const std::vector<Row>& rows()
{
    static const std::vector<Row> all = [] {
        std::vector<Row> v;
        for (const std::vector<TableRow>* half : {&decoderRows(), &hybridAndVisionRows()}) {
            for (const TableRow& t : *half) {
                Row r{};
                static_cast<TableRow&>(r) = t;
                r.sglang = sglangEntry(t.model_type);
                v.push_back(r);
            }
        }
        return v;
    }();
    return all;
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

const Column* column(Runtime kind)
{
    // {name, the code its column was read from, the same in short, when the profile's version
    // was made}
    static const Column llama{
        "llama.cpp", "llama.cpp",
        "ggml-org/llama.cpp src/llama-arch.cpp at 00395eb and conversion/ (2026)",
        "commit 00395eb, 2026",
        // b6918: between b6900 (cited on 31 Oct 2025, xorbitsai/xllamacpp PR 88) and b7186
        // (28 Nov 2025) [uncertain within those days].
        "2025-11-02", &Row::llama};
    // Ollama 0.33.0 runs llama.cpp b10488 (19 Aug 2026, microsoft/winget-pkgs PR 420410).
    static const Column ollama{"Ollama",     "llama.cpp", llama.checked, llama.checked_short,
                               "2026-08-19", &Row::llama};
    static const Column vllm{"vLLM",
                             "vLLM",
                             "vllm-project/vllm vllm/model_executor/models/registry.py (Dec "
                             "2025) and later release notes",
                             "its registry and releases to 2026",
                             "2025-10-02" /* v0.11.0 */,
                             &Row::vllm};
    static const Column mlx{
        "MLX",
        "mlx-lm",
        "ml-explore/mlx-lm mlx_lm/models and MODEL_REMAPPING at d78bf58 (22 Aug 2026)",
        "commit d78bf58, Aug 2026",
        "2026-08-19" /* mlx-lm 0.32.0: its version set in commit d06c5374 */,
        &Row::mlx};
    static const Column trt{
        "TensorRT-LLM",
        "TensorRT-LLM",
        "NVIDIA/TensorRT-LLM release notes 0.7.1-1.2, its supported-models pages (1.0.0, 2026), "
        "MODEL_MAP and _torch/models/_arch_index.py (2026)",
        "its release notes and model lists to 2026",
        "2025-09-24" /* v1.0.0, commit ae8270b7 (tensorrtllm_backend tag v1.0.0) */,
        &Row::trt};
    // Read at every release to v0.5.18, the newest here and the version of the profile's memory
    // rules (runtime.cpp).
    static const Column sglang{
        "SGLang",
        "SGLang",
        "sgl-project/sglang python/sglang/srt/models (EntryClass) at each release tag to v0.5.18 "
        "(21 Aug 2026)",
        "v0.5.18, Aug 2026",
        "2026-08-21" /* v0.5.18 */,
        &Row::sglang};
    switch (kind) {
    case Runtime::LlamaCpp:
        return &llama;
    case Runtime::Ollama:
        return &ollama;
    case Runtime::Vllm:
        return &vllm;
    case Runtime::Mlx:
        return &mlx;
    case Runtime::TensorRtLlm:
        return &trt;
    case Runtime::Sglang:
        return &sglang;
    case Runtime::Transformers:
        break;
    }
    return nullptr;
}

} // namespace llmsizer::archtable
