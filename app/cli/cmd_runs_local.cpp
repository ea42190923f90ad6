// llm-sizer-cli runs --local: the runs table for exactly the models on this machine's disk. Each
// copy runs in its own file's quantization (its exact bytes) with the runtime of its store
// (local_runs.h: Ollama's store with Ollama's context, GGUF files with llama.cpp, safetensors
// with vLLM, or transformers when only offloading makes them run).
#include "llmsizer/local/local_runs.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "local_options.h"
#include "runs_json.h"
#include "runs_table.h"

#include <cmath>

namespace llmsizer::cli {

int printLocalRuns(const LocalScan& scan, const RunQuery& q,
                   const std::vector<std::string>& machineNotes, bool fitsOnly, bool json)
{
    const std::map<std::string, std::string> env = processEnvironment();
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::string> lines;
    std::vector<std::string> archNotes; // '*': the runtime's support of the architecture
    for (const LocalModel& m : scan.models) {
        for (const LocalCopy& c : m.copies) {
            const LocalRun run = localRun(c, q, true, env);
            const RunRow* r = run.row ? &*run.row : nullptr;
            if (fitsOnly && (r == nullptr || (r->verdict != RunVerdict::Fits &&
                                              r->verdict != RunVerdict::FitsTp))) {
                continue;
            }
            nlohmann::json j;
            j["model"] = m.name;
            j["copy"] = c.name;
            j["store"] = std::string(storeKindId(c.store));
            j["location"] = c.location;
            j["runtime"] = run.runtime.label;
            j["runtime_profile"] = run.runtime.runtime_id;
            j["context"] = run.runtime.context;
            j["context_source"] = run.runtime.context_source;
            j["quantization"] = c.quantization;
            j["params"] = c.params;
            j["weight_bytes"] = c.weight_bytes;
            j["verdict"] = r ? nlohmann::json(runVerdictJson(*r)) : nlohmann::json(nullptr);
            j["architecture_support"] = r ? archSupportJson(*r) : nlohmann::json(nullptr);
            j["why"] = r ? nlohmann::json(nullptr) : nlohmann::json(run.why);
            j["gpus"] = r ? r->gpus : 0;
            j["gpu_layers"] = r ? r->gpu_layers : 0;
            j["layers"] = r ? r->layers : 0;
            j["bytes_per_gpu"] = r ? r->bytes_per_gpu : 0;
            j["ram_bytes"] = r ? r->ram_bytes : 0;
            j["max_context"] = r ? r->max_context : 0;
            j["decode_tokens_per_s"] = r ? speedJson(r->decode_tokens_per_s) : nlohmann::json();
            j["prefill_tokens_per_s"] = r ? speedJson(r->prefill_tokens_per_s) : nlohmann::json();
            j["note"] = r ? r->note : std::string();
            rows.push_back(std::move(j));
            const auto safe = [](const std::string& s) { return terminalSafe(s, false); };
            std::string line = padRight(safe(c.name) + " ", 40) +
                               padRight(std::string(storeKindId(c.store)), 10) +
                               padRight(run.runtime.label, 13) +
                               padRight(c.quantization.empty() ? "-" : safe(c.quantization), 11);
            if (r == nullptr) {
                line += "- (" + run.why + ")";
            } else {
                const std::string layers = runLayersCell(*r);
                const auto col = [](const std::string& v, std::size_t w) {
                    return padLeft(" " + v, w);
                };
                line += padRight(runVerdictCell(*r), 13) +
                        col(r->gpus == 0 ? "-" : std::to_string(r->gpus), 5) + col(layers, 8) +
                        col(gb(r->bytes_per_gpu), 8) + col(gb(r->ram_bytes), 8) +
                        col(withThousands(run.runtime.context), 10) +
                        col(r->max_context == 0 ? "-" : withThousands(r->max_context), 10) +
                        col(tokensPerSecond(r->decode_tokens_per_s), 8) +
                        col(tokensPerSecond(r->prefill_tokens_per_s), 9);
            }
            lines.push_back(line);
            if (r != nullptr && !r->arch_note.empty()) {
                archNotes.push_back("* " + terminalSafe(c.name, false) + ": " + r->arch_note);
            }
        }
    }
    if (json) {
        nlohmann::json j = machineJson(q.hardware);
        j["machine_notes"] = machineNotes;
        j["rows"] = std::move(rows);
        printJson(j);
        return kOk;
    }
    printLine(std::to_string(q.hardware.gpus) + " × " + terminalSafe(q.hardware.gpu.name, false) +
              (q.hardware.ram_bytes > 0 ? " + " + gb(q.hardware.ram_bytes) + " GB RAM" : "") +
              "; each model with its store's runtime, in its file's quantization");
    printLine(padRight("model", 40) + padRight("store", 10) + padRight("runtime", 13) +
              padRight("quant", 11) + padRight("verdict", 13) + padLeft("GPUs", 5) +
              padLeft("layers", 8) + padLeft("GB/GPU", 8) + padLeft("RAM GB", 8) +
              padLeft("context", 10) + padLeft("max ctx", 10) + padLeft("tok/s", 8) +
              padLeft("prefill", 9));
    for (const std::string& l : lines) {
        printLine(l);
    }
    for (const std::string& n : archNotes) {
        printLine(n);
    }
    for (const std::string& n : machineNotes) {
        printLine("note: " + terminalSafe(n, false));
    }
    printLine("Context: Ollama's default by VRAM (or the model's num_ctx), llama.cpp and vLLM the "
              "trained context; speeds are roofline estimates (docs/compute.md). GB = 10^9 "
              "bytes.");
    return kOk;
}

} // namespace llmsizer::cli
