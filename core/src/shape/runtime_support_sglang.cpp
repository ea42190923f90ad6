// SGLang's column of the architecture table (runtime_support_table.h): for each model_type, the
// class its registry runs (the EntryClass of a module under python/sglang/srt/models, which must
// equal the config's "architectures" entry) and the first release whose modules hold it, read at
// every release tag up to v0.5.18 (21 Aug 2026). Llama, Mistral and Mixtral ran from v0.1.3
// through model_runner.py's own list, before EntryClass. A type with no class of its own is not
// known ("?"): SGLang's Transformers fallback (--model-impl transformers) may run it.
#include "shape/runtime_support_table.h"

#include <string_view>

namespace llmsizer::archtable {

namespace {

struct SglangRow {
    const char* model_type;
    Entry entry;
};

} // namespace

Entry sglangEntry(std::string_view model_type)
{
    // clang-format off
    static const SglangRow table[] = {
        {"gpt2", {"GPT2LMHeadModel", "0.3.5", "2024-11", "SGLang: GPT2LMHeadModel (gpt2.py), from v0.3.5"}},
        {"gptj", {"GPTJForCausalLM", "0.5.9", "2026-02", "SGLang: GPTJForCausalLM (gpt_j.py), from v0.5.9"}},
        {"gpt_neox", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"opt", {"OPTForCausalLM", "0.5.2", "2025-09", "SGLang: OPTForCausalLM (opt.py), from v0.5.2"}},
        {"bloom", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"falcon", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"phi", {"PhiForCausalLM", "0.4.9.post3", "2025-07", "SGLang: PhiForCausalLM (phi.py), from v0.4.9.post3"}},
        {"starcoder2", {"Starcoder2ForCausalLM", "0.5.3rc2", "2025-10", "SGLang: Starcoder2ForCausalLM (starcoder2.py), from v0.5.3rc2"}},
        {"llama", {"LlamaForCausalLM", "0.1.3", "2024-01", "SGLang: LlamaForCausalLM (llama.py), from v0.1.3"}},
        {"granite", {"GraniteForCausalLM", "0.4.0.post2", "2024-12", "SGLang: GraniteForCausalLM (granite.py), from v0.4.0.post2"}},
        {"smollm3", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"cohere", {"CohereForCausalLM", "0.1.15", "2024-05", "SGLang: CohereForCausalLM (commandr.py), from v0.1.15"}},
        {"internlm2", {"InternLM2ForCausalLM", "0.1.22", "2024-07", "SGLang: InternLM2ForCausalLM (internlm2.py), from v0.1.22"}},
        {"mistral", {"MistralForCausalLM", "0.1.3", "2024-01", "SGLang: MistralForCausalLM (mistral.py), from v0.1.3"}},
        {"ministral3", {"Ministral3ForCausalLM", "0.5.6.post1", "2025-12", "SGLang: Ministral3ForCausalLM (ministral3.py), from v0.5.6.post1"}},
        {"mixtral", {"MixtralForCausalLM", "0.1.3", "2024-01", "SGLang: MixtralForCausalLM (mixtral.py), from v0.1.3"}},
        {"qwen2", {"Qwen2ForCausalLM", "0.1.10", "2024-01", "SGLang: Qwen2ForCausalLM (qwen2.py), from v0.1.10"}},
        {"qwen2_moe", {"Qwen2MoeForCausalLM", "0.1.19", "2024-07", "SGLang: Qwen2MoeForCausalLM (qwen2_moe.py), from v0.1.19"}},
        {"qwen3", {"Qwen3ForCausalLM", "0.4.5.post2", "2025-04", "SGLang: Qwen3ForCausalLM (qwen3.py), from v0.4.5.post2"}},
        {"qwen3_moe", {"Qwen3MoeForCausalLM", "0.4.5.post2", "2025-04", "SGLang: Qwen3MoeForCausalLM (qwen3_moe.py), from v0.4.5.post2"}},
        {"gemma", {"GemmaForCausalLM", "0.1.13", "2024-03", "SGLang: GemmaForCausalLM (gemma.py), from v0.1.13"}},
        {"gemma2", {"Gemma2ForCausalLM", "0.1.19", "2024-07", "SGLang: Gemma2ForCausalLM (gemma2.py), from v0.1.19"}},
        {"gemma3_text", {"Gemma3ForCausalLM", "0.4.4.post2", "2025-03", "SGLang: Gemma3ForCausalLM (gemma3_causal.py), from v0.4.4.post2"}},
        {"gemma3", {"Gemma3ForConditionalGeneration", "0.4.4.post2", "2025-03", "SGLang: Gemma3ForConditionalGeneration (gemma3_mm.py), from v0.4.4.post2"}},
        {"phi3", {"Phi3ForCausalLM", "0.3.0", "2024-09", "SGLang: Phi3ForCausalLM (llama.py), from v0.3.0"}},
        {"olmo2", {"Olmo2ForCausalLM", "0.3.6.post3", "2024-11", "SGLang: Olmo2ForCausalLM (olmo2.py), from v0.3.6.post3"}},
        {"olmo3", {"Olmo2ForCausalLM", "0.5.4", "2025-10", "SGLang: its configs/olmo3.py maps Olmo3ForCausalLM to Olmo2ForCausalLM (olmo2.py), from v0.5.4"}},
        {"cohere2", {"Cohere2ForCausalLM", "0.4.2", "2025-01", "SGLang: Cohere2ForCausalLM (commandr.py), from v0.4.2"}},
        {"exaone", {"ExaoneForCausalLM", "0.2.15", "2024-09", "SGLang: ExaoneForCausalLM (exaone.py), from v0.2.15"}},
        {"exaone4", {"Exaone4ForCausalLM", "0.5.9", "2026-02", "SGLang: Exaone4ForCausalLM (exaone4.py), from v0.5.9"}},
        {"ernie4_5", {"?", nullptr, nullptr, "SGLang: its class is Ernie4_5_ForCausalLM (ernie4.py, from v0.5.0rc0), Baidu's spelling; a config naming the transformers class Ernie4_5ForCausalLM finds none and goes to the Transformers fallback"}},
        {"ernie4_5_moe", {"Ernie4_5_MoeForCausalLM", "0.5.0rc0", "2025-08", "SGLang: Ernie4_5_MoeForCausalLM (ernie4.py), from v0.5.0rc0"}},
        {"glm4", {"Glm4ForCausalLM", "0.4.8", "2025-06", "SGLang: Glm4ForCausalLM (glm4.py), from v0.4.8"}},
        {"seed_oss", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"apertus", {"ApertusForCausalLM", "0.5.3rc0", "2025-09", "SGLang: ApertusForCausalLM (apertus.py), from v0.5.3rc0"}},
        {"arcee", {"ArceeForCausalLM", "0.4.10", "2025-07", "SGLang: ArceeForCausalLM (arcee.py), from v0.4.10"}},
        {"mimo", {"MiMoForCausalLM", "0.4.6.post3", "2025-05", "SGLang: MiMoForCausalLM (mimo.py), from v0.4.6.post3"}},
        {"dots1", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"phimoe", {"PhiMoEForCausalLM", "0.4.9.post2", "2025-07", "SGLang: PhiMoEForCausalLM (phimoe.py), from v0.4.9.post2"}},
        {"minimax_m2", {"MiniMaxM2ForCausalLM", "0.5.4.post1", "2025-10", "SGLang: MiniMaxM2ForCausalLM (minimax_m2.py), from v0.5.4.post1"}},
        {"granitemoe", {"GraniteMoeForCausalLM", "0.4.9.post3", "2025-07", "SGLang: GraniteMoeForCausalLM (granitemoe.py), from v0.4.9.post3"}},
        {"granitemoeshared", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"hunyuan_v1_dense", {"HunYuanDenseV1ForCausalLM", "0.4.9.post3", "2025-07", "SGLang: HunYuanDenseV1ForCausalLM (hunyuan.py), from v0.4.9.post3"}},
        {"hunyuan_v1_moe", {"HunYuanMoEV1ForCausalLM", "0.4.8.post1", "2025-06", "SGLang: HunYuanMoEV1ForCausalLM (hunyuan.py), from v0.4.8.post1"}},
        {"bailing_moe", {"BailingMoeV2ForCausalLM", "0.5.3rc0", "2025-09", "SGLang: BailingMoeV2ForCausalLM (bailing_moe.py), from v0.5.3rc0"}},
        {"gemma3n_text", {"Gemma3nForCausalLM", "0.4.8.post1", "2025-06", "SGLang: Gemma3nForCausalLM (gemma3n_causal.py), from v0.4.8.post1"}},
        {"gemma3n", {"Gemma3nForConditionalGeneration", "0.4.8.post1", "2025-06", "SGLang: Gemma3nForConditionalGeneration (gemma3n_mm.py), from v0.4.8.post1"}},
        {"deepseek_v2", {"DeepseekV2ForCausalLM", "0.2.6", "2024-07", "SGLang: DeepseekV2ForCausalLM (deepseek_v2.py), from v0.2.6"}},
        {"deepseek_v3", {"DeepseekV3ForCausalLM", "0.4.1", "2024-12", "SGLang: DeepseekV3ForCausalLM (deepseek_v2.py), from v0.4.1"}},
        {"kimi_k2", {"DeepseekV3ForCausalLM", "0.4.1", "2024-12", "SGLang: DeepseekV3ForCausalLM (deepseek_v2.py), from v0.4.1"}},
        {"glm4_moe_lite", {"Glm4MoeLiteForCausalLM", "0.5.8", "2026-01", "SGLang: Glm4MoeLiteForCausalLM (glm4_moe_lite.py), from v0.5.8"}},
        {"deepseek_v32", {"DeepseekV32ForCausalLM", "0.5.3rc2", "2025-10", "SGLang: DeepseekV32ForCausalLM (deepseek_v2.py), from v0.5.3rc2"}},
        {"glm_moe_dsa", {"GlmMoeDsaForCausalLM", "0.5.9", "2026-02", "SGLang: GlmMoeDsaForCausalLM (glm4_moe.py), from v0.5.9"}},
        {"gpt_oss", {"GptOssForCausalLM", "0.5.0rc0", "2025-08", "SGLang: GptOssForCausalLM (gpt_oss.py), from v0.5.0rc0"}},
        {"glm4_moe", {"Glm4MoeForCausalLM", "0.4.9.post5", "2025-07", "SGLang: Glm4MoeForCausalLM (glm4_moe.py), from v0.4.9.post5"}},
        {"olmoe", {"OlmoeForCausalLM", "0.3.1.post1", "2024-09", "SGLang: OlmoeForCausalLM (olmoe.py), from v0.3.1.post1"}},
        {"llama4_text", {"Llama4ForCausalLM", "0.4.5", "2025-04", "SGLang: Llama4ForCausalLM (llama4.py), from v0.4.5"}},
        {"llama4", {"Llama4ForConditionalGeneration", "0.4.5", "2025-04", "SGLang: Llama4ForConditionalGeneration (mllama4.py), from v0.4.5"}},
        {"lfm2", {"Lfm2ForCausalLM", "0.5.9", "2026-02", "SGLang: Lfm2ForCausalLM (lfm2.py), from v0.5.9"}},
        {"qwen3_next", {"Qwen3NextForCausalLM", "0.5.2", "2025-09", "SGLang: Qwen3NextForCausalLM (qwen3_next.py), from v0.5.2"}},
        {"qwen3_5_text", {"Qwen3_5ForCausalLM", "0.5.17", "2026-08", "SGLang: Qwen3_5ForCausalLM (qwen3_5_text.py), from v0.5.17"}},
        {"qwen3_5", {"Qwen3_5ForConditionalGeneration", "0.5.9", "2026-02", "SGLang: Qwen3_5ForConditionalGeneration (qwen3_5.py), from v0.5.9"}},
        {"qwen3_5_moe_text", {"Qwen3_5MoeForCausalLM", "0.5.17", "2026-08", "SGLang: Qwen3_5MoeForCausalLM (qwen3_5_text.py), from v0.5.17"}},
        {"qwen3_5_moe", {"Qwen3_5MoeForConditionalGeneration", "0.5.9", "2026-02", "SGLang: Qwen3_5MoeForConditionalGeneration (qwen3_5.py), from v0.5.9"}},
        {"mamba", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"falcon_mamba", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"mamba2", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"jamba", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"granitemoehybrid", {"GraniteMoeHybridForCausalLM", "0.5.9", "2026-02", "SGLang: GraniteMoeHybridForCausalLM (granitemoehybrid.py), from v0.5.9"}},
        {"bamba", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"nemotron_h", {"NemotronHForCausalLM", "0.5.3.post1", "2025-10", "SGLang: NemotronHForCausalLM (nemotron_h.py), from v0.5.3.post1"}},
        {"nemotron_h_moe", {"NemotronHForCausalLM", "0.5.6", "2025-12", "SGLang: NemotronHForCausalLM (nemotron_h.py) runs the MoE models from v0.5.6 (PR 12690)"}},
        {"falcon_h1", {"FalconH1ForCausalLM", "0.5.3rc2", "2025-10", "SGLang: FalconH1ForCausalLM (falcon_h1.py), from v0.5.3rc2"}},
        {"zamba2", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"qwen2_vl_text", {"?", nullptr, nullptr, "SGLang: no class for the text model alone; it runs the whole model (Qwen2VLForConditionalGeneration, from v0.3.4.post1)"}},
        {"qwen2_vl", {"Qwen2VLForConditionalGeneration", "0.3.4.post1", "2024-10", "SGLang: Qwen2VLForConditionalGeneration (qwen2_vl.py), from v0.3.4.post1"}},
        {"qwen2_5_vl_text", {"?", nullptr, nullptr, "SGLang: no class for the text model alone; it runs the whole model (Qwen2_5_VLForConditionalGeneration, from v0.4.3.post1)"}},
        {"qwen2_5_vl", {"Qwen2_5_VLForConditionalGeneration", "0.4.3.post1", "2025-02", "SGLang: Qwen2_5_VLForConditionalGeneration (qwen2_5_vl.py), from v0.4.3.post1"}},
        {"qwen3_vl_text", {"?", nullptr, nullptr, "SGLang: no class for the text model alone; it runs the whole model (Qwen3VLForConditionalGeneration, from v0.5.3rc2)"}},
        {"qwen3_vl", {"Qwen3VLForConditionalGeneration", "0.5.3rc2", "2025-10", "SGLang: Qwen3VLForConditionalGeneration (qwen3_vl.py), from v0.5.3rc2"}},
        {"qwen3_vl_moe_text", {"?", nullptr, nullptr, "SGLang: no class for the text model alone; it runs the whole model (Qwen3VLMoeForConditionalGeneration, from v0.5.3rc2)"}},
        {"qwen3_vl_moe", {"Qwen3VLMoeForConditionalGeneration", "0.5.3rc2", "2025-10", "SGLang: Qwen3VLMoeForConditionalGeneration (qwen3_vl_moe.py), from v0.5.3rc2"}},
        {"llava", {"LlavaForConditionalGeneration", "0.4.6.post4", "2025-05", "SGLang: LlavaForConditionalGeneration (llava.py), from v0.4.6.post4"}},
        {"llava_next", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"internvl_chat", {"InternVLChatModel", "0.4.6.post3", "2025-05", "SGLang: InternVLChatModel (internvl.py), from v0.4.6.post3"}},
        {"internvl", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"idefics3", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"smolvlm", {"?", nullptr, nullptr, "SGLang: no class of its own at v0.5.18 (python/sglang/srt/models); its Transformers fallback (--model-impl transformers) may run it"}},
        {"mistral3", {"Mistral3ForConditionalGeneration", "0.4.6.post5", "2025-05", "SGLang: Mistral3ForConditionalGeneration (mistral.py), from v0.4.6.post5"}},
    };
    // clang-format on
    for (const SglangRow& r : table) {
        if (model_type == r.model_type) {
            return r.entry;
        }
    }
    return {"?", nullptr, nullptr, "SGLang: this model type was not looked up in its registry"};
}

} // namespace llmsizer::archtable
