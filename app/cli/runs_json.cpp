// The JSON of `llm-sizer-cli runs --json` (and the parts `runs --local --json` shares).
#include "runs_json.h"

#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"

#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace llmsizer::cli {

nlohmann::json speedJson(const std::optional<double>& v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json machineJson(const Hardware& h)
{
    return {{"gpu", h.gpu.id},
            {"gpu_name", h.gpu.name},
            {"gpus", h.gpus},
            {"ram_bytes", h.ram_bytes},
            {"ram_bandwidth_gb_s", h.ram_bandwidth_gb_s}};
}

namespace {

nlohmann::json termsJson(const StepTerms& t)
{
    return {{"gddr_s", t.gddr_s},
            {"gddr_amd_s", t.gddr_amd_s},
            {"gddr_amd_vulkan_s", t.gddr_amd_vulkan_s},
            {"gddr_amd_vulkan_expert_s", t.gddr_amd_vulkan_expert_s},
            {"hbm_s", t.hbm_s},
            {"unified_s", t.unified_s},
            {"lpddr5x_s", t.lpddr5x_s},
            {"ddr_s", t.ddr_s},
            {"layers", t.layers},
            {"allreduces", t.allreduces},
            {"moe_dispatches", t.moe_dispatches},
            {"expert_visits", t.expert_visits},
            {"latent_layers", t.latent_layers},
            {"instinct", t.instinct},
            {"hops", t.hops},
            {"compute_s", t.compute_s},
            {"kernel_slowdown", t.kernel_slowdown},
            {"slow_kernel_types", t.slow_kernel_types},
            {"prefill_class", t.prefill_class},
            {"cpu_cores", t.cpu_cores},
            {"quantized_share", t.quantized_share}};
}

} // namespace

namespace {

// Several GPUs holding whole layers in turn (llama.cpp's default -sm layer) are no tensor
// parallel: "fits_split", where vLLM's and -sm row's split is "fits_tp".
std::string verdictKey(const RunRow& r)
{
    return r.verdict == RunVerdict::FitsTp && r.split.tensor_parallel <= 1
               ? std::string("fits_split")
               : std::string(runVerdictKey(r.verdict));
}

} // namespace

std::string runVerdictJson(const RunRow& r)
{
    return r.arch_support == ArchSupport::Unsupported ? std::string("unsupported") : verdictKey(r);
}

nlohmann::json archSupportJson(const RunRow& r)
{
    return {{"status", archSupportKey(r.arch_support)}, {"note", r.arch_note}};
}

std::string runVerdictCell(const RunRow& r)
{
    if (r.arch_support == ArchSupport::Unsupported) {
        return "unsupported*";
    }
    std::string v = verdictKey(r);
    if (r.verdict == RunVerdict::ExpertsInRam) {
        v = "experts";
    }
    if (r.tight) {
        v += "!";
    }
    // The architecture needs a newer build, or whether the build runs it is not known; or the
    // row runs below Ollama's default context.
    return r.arch_note.empty() && r.context_note.empty() ? v : v + "*";
}

nlohmann::json runRowJson(const ModelRuns& m, const RunRow& r)
{
    nlohmann::json j;
    j["preset"] = m.id.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.id);
    j["model"] = m.name;
    j["precision"] = r.precision_id;
    j["verdict"] = runVerdictJson(r);
    // Whether the runtime's version runs the architecture (runtime_support.h).
    j["architecture_support"] = archSupportJson(r);
    j["tight"] = r.tight;
    j["context"] = r.context;
    j["gpus"] = r.gpus;
    j["gpu_layers"] = r.gpu_layers;
    j["cpu_moe_layers"] = r.cpu_moe_layers;
    j["layers"] = r.layers;
    // Beyond 64 bits the byte totals are unknown: null, with the note saying why.
    const auto bytes = [&r](auto v) {
        return r.beyond_64_bits ? nlohmann::json(nullptr) : nlohmann::json(v);
    };
    j["bytes_per_gpu"] = bytes(r.bytes_per_gpu);
    j["gpu_bytes"] = {{"weights", bytes(r.load.weight_bytes)},
                      {"kv_cache", bytes(r.load.kv_bytes)},
                      {"buffers", bytes(r.load.buffer_bytes)},
                      {"reserve", bytes(r.load.reserve_bytes)},
                      {"total", bytes(r.load.total_bytes)}};
    j["capacity_bytes"] = r.capacity_bytes;
    j["headroom_bytes"] = bytes(r.headroom_bytes);
    j["ram_bytes"] = bytes(r.ram_bytes);
    j["kv_tokens"] = r.kv_tokens;
    j["single_gpu_bytes"] = bytes(r.single_gpu_bytes);
    j["gpus_needed"] = r.gpus_needed == 0 ? nlohmann::json(nullptr) : nlohmann::json(r.gpus_needed);
    j["tensor_parallel"] = r.split.tensor_parallel;
    j["pipeline_parallel"] = r.split.pipeline_parallel;
    j["max_context"] = r.max_context;
    j["decode_tokens_per_s"] = speedJson(r.decode_tokens_per_s);
    j["prefill_tokens_per_s"] = speedJson(r.prefill_tokens_per_s);
    j["decode_terms"] = termsJson(r.decode_terms);
    j["prefill_terms"] = termsJson(r.prefill_terms);
    if (r.machine) {
        j["whole_machine"] = {{"gpus", r.machine->gpus},
                              {"gives_more", r.machine->gives_more},
                              {"tensor_parallel", r.machine->split.tensor_parallel},
                              {"bytes_per_gpu", r.machine->bytes_per_gpu},
                              {"max_context", r.machine->max_context},
                              {"flags", r.machine->flags},
                              {"decode_tokens_per_s", speedJson(r.machine->decode_tokens_per_s)},
                              {"prefill_tokens_per_s", speedJson(r.machine->prefill_tokens_per_s)},
                              {"decode_terms", termsJson(r.machine->decode_terms)},
                              {"prefill_terms", termsJson(r.machine->prefill_terms)}};
    } else {
        j["whole_machine"] = nullptr;
    }
    j["flags"] = r.flags;
    j["change"] = r.change.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.change);
    j["note"] = r.note;
    j["context_note"] =
        r.context_note.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.context_note);
    return j;
}

// The machine, the runtime and its constants the rows were computed for.
nlohmann::json runQueryJson(const RunQuery& q)
{
    nlohmann::json j = machineJson(q.hardware);
    j["runtime"] = q.runtime.id;
    // Ollama without --context: its own default by VRAM (each row's "context" is that, or the
    // model's own where shorter), not the query's 8,192.
    const bool ollamaDefault = q.ollamaDefault();
    j["context"] = ollamaDefault ? ollamaDefaultContext(q.runtime, q.hardware,
                                                        std::numeric_limits<std::uint64_t>::max())
                                 : q.context;
    j["context_source"] = ollamaDefault ? "ollama_default" : "query";
    j["batch"] = q.batch;
    j["prompt"] = q.prompt;
    j["kv_precision"] = q.kv.id;
    j["runtime_version"] = q.runtime.version;
    // llama.cpp's backend (llama.cpp, Ollama): only a Radeon's decode depends on it.
    j["backend"] = q.runtime.llamaCppFamily()
                       ? nlohmann::json(std::string(llamaCppBackendId(q.runtime.llama_cpp.backend)))
                       : nlohmann::json(nullptr);
    j["unified_memory"] = q.hardware.gpu.unified_memory;
    nlohmann::json constants = nlohmann::json::array();
    for (const RuntimeConstant& c : runtimeConstants(q.runtime)) {
        constants.push_back({{"name", c.name}, {"value", c.value}, {"source", c.source}});
    }
    j["runtime_constants"] = constants;
    const SpeedConstants& sc = q.runtime.speed;
    j["speed_constants"] = {{"bandwidth_gddr", sc.bandwidth_gddr},
                            {"bandwidth_gddr_amd", sc.bandwidth_gddr_amd},
                            {"bandwidth_gddr_amd_vulkan", sc.bandwidth_gddr_amd_vulkan},
                            {"vulkan_expert_efficiency", sc.vulkan_expert_efficiency},
                            {"bandwidth_hbm", sc.bandwidth_hbm},
                            {"bandwidth_unified", sc.bandwidth_unified},
                            {"bandwidth_lpddr5x", sc.bandwidth_lpddr5x},
                            {"bandwidth_ddr", sc.bandwidth_ddr},
                            {"quantized_efficiency", sc.quantized_efficiency},
                            {"layer_us", sc.layer_us},
                            {"legacy_layer_us", sc.legacy_layer_us},
                            {"allreduce_us", sc.allreduce_us},
                            {"moe_dispatch_us", sc.moe_dispatch_us},
                            {"expert_visit_us", sc.expert_visit_us},
                            {"latent_layer_us", sc.latent_layer_us},
                            {"instinct_fixed_factor", sc.instinct_fixed_factor},
                            {"hop_us", sc.hop_us},
                            {"prefill_consumer", sc.prefill_consumer},
                            {"prefill_pro", sc.prefill_pro},
                            {"prefill_datacenter", sc.prefill_datacenter},
                            {"prefill_unified", sc.prefill_unified},
                            {"prefill_cpu", sc.prefill_cpu},
                            {"prefill_cpu_cores", sc.prefill_cpu_cores},
                            {"cpu_kernel_rate", sc.cpu_kernel_rate}};
    return j;
}

} // namespace llmsizer::cli
