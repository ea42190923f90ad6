// What each local copy does on this machine (local_runs.h): the store's runtime and context,
// the file's own bytes as the precision, and runs.h's evaluateRun.
#include "llmsizer/local/local_runs.h"

#include "llmsizer/model/count.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

const RuntimeProfile* findRuntime(std::string_view id)
{
    for (const RuntimeProfile& r : runtimeProfiles()) {
        if (r.id == id) {
            return &r;
        }
    }
    return nullptr;
}

std::string tokens(u64 n)
{
    return withThousands(n);
}

} // namespace

StoreRuntime storeRuntime(const LocalCopy& copy, const Hardware& hw,
                          const std::map<std::string, std::string>& env, bool transformers)
{
    StoreRuntime r;
    const u64 trained = copy.context_length;
    if (copy.store == StoreKind::Ollama) {
        r.runtime_id = findRuntime("ollama") != nullptr ? "ollama" : "llama.cpp";
        r.label = "Ollama";
        const auto it = env.find("OLLAMA_CONTEXT_LENGTH");
        const auto fromEnv = it == env.end() ? std::nullopt : text::parseUnsigned(it->second);
        if (copy.num_ctx != 0) {
            r.context = copy.num_ctx;
            r.context_source = "the model's num_ctx parameter";
        } else if (fromEnv && *fromEnv > 0) {
            r.context = *fromEnv;
            r.context_source = "OLLAMA_CONTEXT_LENGTH";
        } else {
            // server/routes.go: the default context by the VRAM Ollama reports, as `runs` and My
            // hardware count it (ollamaDefaultContext); cut to the trained context below.
            const RuntimeProfile* ollama = findRuntime("ollama");
            const RuntimeProfile& profile = ollama != nullptr ? *ollama : runtimeProfiles().front();
            r.context = ollamaDefaultContext(profile, hw, 0);
            const u64 vram = ollamaVramBytes(profile, hw);
            r.context_source =
                vram == 0
                    ? std::string("Ollama's default with no GPU")
                    : "Ollama's default for " +
                          text::general(static_cast<double>(vram) / static_cast<double>(1ull << 30),
                                        4) +
                          " GiB of VRAM";
            r.ollama_default = true;
        }
        if (trained != 0 && r.context > trained) {
            r.context = trained;
            r.context_source += ", cut to the trained " + tokens(trained);
        }
        return r;
    }
    if (copy.format == "gguf") {
        r.runtime_id = "llama.cpp";
        r.label = "llama.cpp";
        r.context = trained != 0 ? trained : 4096;
        r.context_source = trained != 0 ? "llama.cpp's default: the trained context"
                                        : "llama.cpp's 4,096 (no trained context in the file)";
        return r;
    }
    r.runtime_id = transformers ? "transformers" : "vllm";
    r.label = transformers ? "transformers" : "vLLM";
    r.context = trained != 0 ? trained : 4096;
    r.context_source =
        transformers ? "the trained context" : "vLLM's default max_model_len: the trained context";
    return r;
}

Precision filePrecision(const LocalCopy& copy, u64 estimateParams)
{
    Precision p;
    p.id = "file";
    p.kind = PrecisionKind::Float;
    p.bpw = {copy.weight_bytes * 8, std::max<u64>(estimateParams, 1)};
    p.label = (copy.quantization.empty() ? std::string("file") : copy.quantization) +
              (copy.bpw ? ", " + text::fixed(*copy.bpw, 2) + " bpw" : std::string());
    p.source = "the file's own bytes";
    return p;
}

LocalRun localRun(const LocalCopy& copy, const RunQuery& base, bool hasGpu,
                  const std::map<std::string, std::string>& env)
{
    LocalRun out;
    out.runtime = storeRuntime(copy, base.hardware, env);
    if (!copy.error.empty()) {
        out.why = "not readable";
        return out;
    }
    if (!copy.config) {
        out.why = "no architecture in the headers";
        return out;
    }
    if (copy.weight_bytes == 0) {
        // A vocabulary-only or metadata-only file: nothing to load, so no verdict (sized from
        // its headers alone, it read "fits, 914 tok/s").
        out.why = "the file holds no weights";
        return out;
    }
    if (!hasGpu) {
        out.why = "no GPU detected";
        return out;
    }
    const auto evaluate = [&](const StoreRuntime& rt) {
        RunQuery q = base;
        const RuntimeProfile* profile = findRuntime(rt.runtime_id);
        q.runtime = profile != nullptr ? *profile : runtimeProfiles().front();
        // The store's runtime, on the llama.cpp backend asked for (runs --local --backend).
        q.runtime.llama_cpp.backend = base.runtime.llama_cpp.backend;
        q.context = std::max<u64>(rt.context, 1);
        q.context_given = !rt.ollama_default; // then Ollama's retry a step lower (runs.h)
        // An unknown bandwidth (a custom GPU): memory and fit still hold; evaluateRun drops the
        // speeds.
        const ParamCount count = countParameters(*copy.config);
        RunRow row = evaluateRun(*copy.config, count, filePrecision(copy, count.total), q);
        out.speed_known = !row.speed_unknown;
        return row;
    };
    try {
        RunRow row = evaluate(out.runtime);
        if (copy.format == "safetensors" && row.verdict == RunVerdict::No) {
            // vLLM refuses a max_model_len whose KV cache does not fit: the largest that does.
            StoreRuntime shorter = out.runtime;
            shorter.context = 1;
            const RunRow one = evaluate(shorter);
            if (one.verdict != RunVerdict::No && one.max_context > 0) {
                shorter.context = one.max_context;
                shorter.context_source = "the largest max_model_len that fits (the trained " +
                                         tokens(out.runtime.context) + " does not)";
                out.runtime = shorter;
                row = evaluate(shorter);
            }
        }
        if (copy.format == "safetensors" && row.verdict == RunVerdict::No) {
            // vLLM keeps everything on the GPUs; transformers can put layers in RAM.
            const StoreRuntime tf = storeRuntime(copy, base.hardware, env, true);
            RunRow other = evaluate(tf);
            if (other.verdict != RunVerdict::No) {
                out.runtime = tf;
                row = other;
            }
        }
        if (!row.context_note.empty()) {
            out.runtime.context = row.context;
            out.runtime.context_source += "; " + row.context_note;
        }
        out.row = row;
    } catch (const std::exception& e) {
        out.why = e.what();
    }
    return out;
}

} // namespace llmsizer
