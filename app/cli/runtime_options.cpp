// --runtime and the runtime settings of `llm-sizer-cli runs` (runtime_options.h).
#include "runtime_options.h"

#include "cli.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/text/error.h"

#include <cmath>

namespace llmsizer::cli {

void addRuntimeOptions(QCommandLineParser& parser)
{
    parser.addOptions({
        {QStringLiteral("runtime"),
         QStringLiteral("llama.cpp (default), ollama, vllm, sglang, tensorrt-llm, mlx or "
                        "transformers: memory placed as that runtime places it."),
         QStringLiteral("R")},
        {QStringLiteral("backend"),
         QStringLiteral("llama.cpp's backend (llama.cpp, Ollama): auto (default: ROCm/HIP on an "
                        "AMD Radeon), rocm or vulkan. Only a Radeon's speeds depend on it."),
         QStringLiteral("B")},
        {QStringLiteral("gpu-memory-utilization"),
         QStringLiteral("vLLM's share of each GPU (default 0.9)."), QStringLiteral("F")},
        {QStringLiteral("max-num-batched-tokens"),
         QStringLiteral("vLLM's profiled batch (default: 8192 on 70+ GiB GPUs, else 2048)."),
         QStringLiteral("N")},
        {QStringLiteral("max-num-seqs"),
         QStringLiteral("vLLM's sequences at once, whose logits its sampler profile holds "
                        "(default: 1024 on 70+ GiB GPUs, else 256)."),
         QStringLiteral("N")},
        {QStringLiteral("sampler"),
         QStringLiteral("vLLM's top-k/top-p sampler, whose profile holds max-num-seqs rows of "
                        "logits: sort (default: PyTorch's, as vLLM 0.11) or flashinfer (vLLM's "
                        "default since April 2026, on NVIDIA GPUs from Turing on)."),
         QStringLiteral("S")},
        {QStringLiteral("sampler-bytes"),
         QStringLiteral("Bytes per logit of that sampler's profile (default 38 for the sort, 14 "
                        "for FlashInfer's)."),
         QStringLiteral("N")},
        {QStringLiteral("mem-fraction-static"),
         QStringLiteral("SGLang's share of each GPU for the weights and the KV pool (default: "
                        "SGLang 0.5.18's, from the GPU's memory, the chunk and the graphs)."),
         QStringLiteral("F")},
        {QStringLiteral("chunked-prefill-size"),
         QStringLiteral("SGLang's prefill chunk in tokens (default by the GPU's memory: 2048 under "
                        "35 GiB, 4096 under 60, 8192 under 160, else 16384)."),
         QStringLiteral("N")},
        {QStringLiteral("cuda-graph-max-bs"),
         QStringLiteral("SGLang's largest decode CUDA-graph batch (default by the GPU's memory "
                        "and tensor parallel size, 8 to 512)."),
         QStringLiteral("N")},
        {QStringLiteral("no-chunked-prefill"),
         QStringLiteral(
             "vLLM before V1 (0.5): the profile run takes a whole max-model-len prompt.")},
        {QStringLiteral("split-mode"),
         QStringLiteral("llama.cpp multi-GPU: layer (default) or row."), QStringLiteral("M")},
        {QStringLiteral("kv-precision"), QStringLiteral("KV cache precision (default fp16)."),
         QStringLiteral("P")},
        {QStringLiteral("precisions"),
         QStringLiteral("The weight precisions to list, comma-separated, in place of the "
                        "runtime's own: llama.cpp and Ollama take any GGUF file type (q4_0, "
                        "q4_k_s, q5_k_s, q3_k_s …), ggml block type (iq4_xs, iq4_nl) or fp16, "
                        "bf16, fp32; other runtimes some of theirs."),
         QStringLiteral("LIST")},
    });
}

namespace {

// A serving engine's share of each GPU, when given: 0.05 to 1, kept to thousandths.
void shareOption(const QCommandLineParser& parser, const QString& name, Ratio& into)
{
    if (parser.isSet(name)) {
        const double share = doubleOption(parser, name, 0.9, 0.05, 1.0);
        into = {static_cast<std::uint64_t>(std::llround(share * 1000)), 1000};
    }
}

} // namespace

void applyRuntimeOptions(const QCommandLineParser& parser, RunQuery& q, bool local)
{
    const std::string runtime = parser.isSet(QStringLiteral("runtime"))
                                    ? parser.value(QStringLiteral("runtime")).toStdString()
                                    : std::string("llama.cpp");
    // An unknown value names its option: "--runtime: unknown runtime 'x' (known: …)".
    const auto named = [&parser](const char* option, auto read) {
        try {
            return read(parser.value(QString::fromLatin1(option)).toStdString());
        } catch (const InputError& e) {
            throw UsageError(std::string("--") + option + ": " + e.message());
        }
    };
    q.runtime = named("runtime", [&runtime](const std::string&) { return runtimeById(runtime); });
    if (parser.isSet(QStringLiteral("precisions"))) {
        std::vector<std::string> ids;
        for (const QString& id :
             parser.value(QStringLiteral("precisions")).split(QLatin1Char(','))) {
            ids.push_back(id.trimmed().toStdString());
        }
        named("precisions", [&](const std::string&) {
            choosePrecisions(q.runtime, ids, "precisions");
            return 0;
        });
    }
    if (parser.isSet(QStringLiteral("kv-precision"))) {
        q.kv = named("kv-precision", [](const std::string& v) { return kvPrecisionById(v); });
    }
    if (parser.isSet(QStringLiteral("backend"))) {
        q.runtime.llama_cpp.backend =
            named("backend", [](const std::string& v) { return llamaCppBackendById(v); });
    }
    if (parser.isSet(QStringLiteral("backend")) && !local && !q.runtime.llamaCppFamily()) {
        throw UsageError("--backend is llama.cpp's (llama.cpp, ollama); " + q.runtime.label +
                         " has none to choose");
    }
    shareOption(parser, QStringLiteral("gpu-memory-utilization"),
                q.runtime.vllm.gpu_memory_utilization);
    q.runtime.vllm.max_num_batched_tokens =
        uintOption(parser, QStringLiteral("max-num-batched-tokens"), 0, 0, Limits::maxContext);
    q.runtime.vllm.max_num_seqs =
        uintOption(parser, QStringLiteral("max-num-seqs"), 0, 0, Limits::maxBatch);
    if (parser.isSet(QStringLiteral("sampler"))) {
        const QString sampler = parser.value(QStringLiteral("sampler"));
        if (sampler != QStringLiteral("sort") && sampler != QStringLiteral("flashinfer")) {
            throw UsageError("--sampler must be sort or flashinfer (got '" + sampler.toStdString() +
                             "')");
        }
        q.runtime.vllm.flashinfer_sampler = sampler == QStringLiteral("flashinfer");
    }
    std::uint64_t& perLogit = q.runtime.vllm.flashinfer_sampler
                                  ? q.runtime.vllm.flashinfer_bytes_per_logit
                                  : q.runtime.vllm.sampler_bytes_per_logit;
    perLogit = uintOption(parser, QStringLiteral("sampler-bytes"), perLogit, 1, 1024);
    q.runtime.vllm.chunked_prefill = !parser.isSet(QStringLiteral("no-chunked-prefill"));
    shareOption(parser, QStringLiteral("mem-fraction-static"),
                q.runtime.sglang.mem_fraction_static);
    q.runtime.sglang.chunked_prefill_size =
        uintOption(parser, QStringLiteral("chunked-prefill-size"), 0, 0, Limits::maxContext);
    q.runtime.sglang.cuda_graph_max_bs =
        uintOption(parser, QStringLiteral("cuda-graph-max-bs"), 0, 0, Limits::maxBatch);
    if (parser.isSet(QStringLiteral("split-mode"))) {
        const QString mode = parser.value(QStringLiteral("split-mode"));
        if (mode != QStringLiteral("layer") && mode != QStringLiteral("row")) {
            throw UsageError("--split-mode must be layer or row (got '" + mode.toStdString() +
                             "')");
        }
        q.runtime.llama_cpp.row_split = mode == QStringLiteral("row");
    }
}

} // namespace llmsizer::cli
