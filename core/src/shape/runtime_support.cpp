// Which runtime runs which architecture, from which version (runtime_support.h). The rows are in
// runtime_support_table.cpp; this file reads them against a runtime profile's version.
#include "llmsizer/shape/runtime_support.h"

#include "shape/runtime_support_table.h"

#include <cctype>
#include <optional>
#include <string>
#include <vector>

namespace llmsizer {

namespace {

using archtable::Entry;
using archtable::Row;

// The numbers of a version string in order: "b6918" -> {6918}, "0.11.0" -> {0, 11, 0}.
std::vector<long> numbers(std::string_view s)
{
    std::vector<long> out;
    long cur = -1;
    for (const char ch : s) {
        if (std::isdigit(static_cast<unsigned char>(ch)) != 0) {
            cur = (cur < 0 ? 0 : cur * 10) + (ch - '0');
            if (cur > 100'000'000) {
                return {}; // not a version
            }
        } else if (cur >= 0) {
            out.push_back(cur);
            cur = -1;
        }
    }
    if (cur >= 0) {
        out.push_back(cur);
    }
    return out;
}

// The llama.cpp build a llama.cpp-family profile runs: "b6918", or Ollama's "0.33.0 (llama.cpp
// b10488)".
std::string llamaBuild(const RuntimeProfile& p)
{
    const auto at = p.version.find('b');
    if (at == std::string::npos) {
        return {};
    }
    std::string b = "b";
    for (std::size_t i = at + 1;
         i < p.version.size() && std::isdigit(static_cast<unsigned char>(p.version[i])) != 0; ++i) {
        b += p.version[i];
    }
    return b.size() > 1 ? b : std::string();
}

// The profile's version in the table's terms ("b6918", "0.11.0", "0.32.0").
std::string versionOf(const RuntimeProfile& p)
{
    if (p.llamaCppFamily()) {
        return llamaBuild(p);
    }
    const auto digit = p.version.find_first_of("0123456789");
    return digit == std::string::npos ? std::string() : p.version.substr(digit);
}

// "2026-02-16" -> "Feb 2026"; "2025-11" -> "Nov 2025".
std::string monthYear(const std::string& iso)
{
    static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const std::vector<long> n = numbers(iso);
    if (n.size() < 2 || n[1] < 1 || n[1] > 12) {
        return iso;
    }
    return std::string(months[n[1] - 1]) + " " + std::to_string(n[0]);
}

// The runtimes of the table's columns that run the row's architecture, and transformers. On a
// known device, only those a user there would reach for: vLLM not on Apple silicon (no Metal
// backend), MLX only there (its CUDA backend aside).
std::string othersThatRun(const Row& row, const GpuSpec* gpu = nullptr)
{
    const bool apple = gpu != nullptr && gpu->vendor == "Apple";
    std::string out;
    for (const Runtime kind : {Runtime::LlamaCpp, Runtime::Vllm, Runtime::Sglang, Runtime::Mlx}) {
        if (gpu != nullptr && (((kind == Runtime::Vllm || kind == Runtime::Sglang) && apple) ||
                               (kind == Runtime::Mlx && !apple))) {
            continue;
        }
        const archtable::Column* col = archtable::column(kind);
        const char* name = (row.*(col->entry)).name;
        if (name != nullptr && std::string_view(name) != "?") {
            out += (out.empty() ? "" : ", ") + std::string(col->name);
        }
    }
    return out.empty() ? std::string("transformers") : out + " or transformers";
}

// The table's model_type for a config: Nemotron-H's covers the dense models and the mixtures of
// experts of Nemotron 3, which the runtimes took up later.
std::string tableType(const ModelConfig& config)
{
    return config.model_type == "nemotron_h" && config.isMoe() ? std::string("nemotron_h_moe")
                                                               : config.model_type;
}

} // namespace

std::string_view archSupportKey(ArchSupport s)
{
    switch (s) {
    case ArchSupport::Supported:
        return "supported";
    case ArchSupport::Newer:
        return "newer";
    case ArchSupport::Unsupported:
        return "unsupported";
    case ArchSupport::Unknown:
        break;
    }
    return "unknown";
}

RuntimeArchSupport runtimeArchSupport(std::string_view model_type, const RuntimeProfile& runtime)
{
    RuntimeArchSupport s;
    const archtable::Column* col = archtable::column(runtime.kind);
    if (col == nullptr || model_type.empty()) {
        return s; // transformers; a model of no checkpoint
    }
    const std::string who = col->name;
    const std::string type(model_type);
    const Row* row = archtable::find(model_type);
    if (row == nullptr) {
        s.note = "whether " + who + " runs model type '" + type +
                 "' is not known here (not in the architecture table)";
        return s;
    }
    const Entry& e = row->*(col->entry);
    s.source = e.source;
    // What the entry's source says beyond the runtime's name ("llama.cpp: …").
    const std::size_t colon = s.source.find(": ");
    const std::string detail =
        colon == std::string::npos ? std::string() : s.source.substr(colon + 2);
    const std::string what = "the " + std::string(row->label) + " architecture";
    if (e.name != nullptr && std::string_view(e.name) == "?") {
        s.note = "whether " + who + " runs " + what + " (" + type + ") is not known here" +
                 (detail.empty() ? std::string() : ": " + detail);
        return s;
    }
    if (e.name == nullptr) {
        s.status = ArchSupport::Unsupported;
        s.others = othersThatRun(*row);
        s.note = who + " does not run " + what + " (" + type + "): " +
                 (detail.empty() ? "not in " + std::string(col->code) + "'s code" : detail) +
                 " (checked: " + col->checked_short + ")";
        return s;
    }
    s.arch = e.name;
    s.since = e.since == nullptr ? "" : e.since;
    s.added = e.added == nullptr ? "" : e.added;
    const std::string version = versionOf(runtime);
    const std::string built = runtime.kind == Runtime::Ollama
                                  ? "the llama.cpp " + version + " of Ollama " +
                                        runtime.version.substr(0, runtime.version.find(' '))
                                  : who + " " + version;
    const std::string runsIt = who + " runs " + std::string(row->label) + " (" + s.arch + ")";
    const std::string profileDate = col->version_date;
    if (s.since == "?") {
        // The build is not known, only the month: the same month as the profile's version
        // cannot be told apart.
        s.since.clear();
        const std::string month = profileDate.substr(0, s.added.size());
        if (s.added == month) {
            s.note = runsIt + " from a build of " + monthYear(s.added) + ", about when " + built +
                     " was made: whether that build does is not known";
            return s;
        }
        if (s.added < month) {
            s.status = ArchSupport::Supported;
            return s;
        }
    }
    // By version where the entry names one, else by the date it came against the profile's.
    const std::vector<long> have = numbers(version);
    const std::vector<long> need = numbers(s.since);
    const bool newer = !need.empty() && !have.empty()
                           ? have < need
                           : !s.added.empty() && !profileDate.empty() && s.added > profileDate;
    if (newer) {
        s.status = ArchSupport::Newer;
        const std::string wants =
            s.since.empty() ? who + " newer than " + version : who + " " + s.since + " or newer";
        s.note = "needs " + wants + ": " + runsIt + " from " +
                 (s.added.empty() ? s.since : monthYear(s.added)) + ", after " + built +
                 ", whose defaults these figures use";
        return s;
    }
    s.status = ArchSupport::Supported;
    return s;
}

RuntimeArchSupport runtimeArchSupport(const ModelConfig& config, const RuntimeProfile& runtime)
{
    return runtimeArchSupport(tableType(config), runtime);
}

std::string runtimesThatRun(const ModelConfig& config, const GpuSpec& gpu)
{
    const Row* row = archtable::find(tableType(config));
    return row == nullptr ? std::string() : othersThatRun(*row, &gpu);
}

RuntimeArchSupport runtimeDeviceSupport(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    RuntimeArchSupport s;
    const bool apple = gpu.vendor == "Apple";
    const bool nvidia = gpu.vendor == "NVIDIA";
    if (runtime.kind == Runtime::TensorRtLlm && !nvidia) {
        s.status = ArchSupport::Unsupported;
        s.note = "TensorRT-LLM runs on NVIDIA GPUs only, not on " + gpu.name;
        s.others = apple ? "llama.cpp or MLX" : "llama.cpp or transformers";
    } else if ((runtime.kind == Runtime::Vllm || runtime.kind == Runtime::Sglang) && apple) {
        s.status = ArchSupport::Unsupported;
        s.note = runtime.label + " has no Metal backend: it does not run on " + gpu.name + "'s GPU";
        s.others = "llama.cpp or MLX";
    } else if (runtime.kind == Runtime::Mlx && !apple) {
        // MLX's backends: Metal on Apple silicon, CUDA on Linux (NVIDIA from SM 7.5), the CPU on
        // Linux (ml-explore.github.io/mlx install page: mlx[cuda12], mlx[cpu]); none for AMD or
        // Intel GPUs.
        if (gpu.cpuOnly()) {
            s.note = "MLX runs on a CPU through its Linux CPU package (mlx[cpu]); its constants "
                     "here were measured on Apple silicon";
        } else if (nvidia && gpu.name.find("V100") != std::string::npos) {
            s.status = ArchSupport::Unsupported;
            s.note = "MLX's CUDA backend needs an NVIDIA GPU of SM 7.5 (Turing) or newer; the " +
                     gpu.name + " is SM 7.0";
            s.others = "llama.cpp or vLLM";
        } else if (nvidia) {
            s.note = "MLX runs on NVIDIA GPUs through its CUDA backend (Linux, mlx[cuda12]); its "
                     "constants here were measured on Apple silicon";
        } else {
            s.status = ArchSupport::Unsupported;
            s.note = "MLX has backends for Apple silicon (Metal), NVIDIA GPUs (CUDA) and CPUs, "
                     "none for " +
                     gpu.name;
            s.others = gpu.vendor == "AMD" ? "llama.cpp, vLLM or SGLang" : "llama.cpp";
        }
    } else if (archtable::column(runtime.kind) == nullptr) {
        // transformers: the architecture table has no column for it.
        s.note = runtime.label + " runs every model type here, some through their checkpoints' "
                                 "own code (trust_remote_code): which version each needs is not "
                                 "checked here";
    }
    return s;
}

std::string modelTypeOfGgufArch(std::string_view arch)
{
    for (const Row& r : archtable::rows()) {
        if (r.llama.name != nullptr && arch == r.llama.name) {
            return r.model_type;
        }
    }
    return {};
}

std::optional<ArchTableSource> archTableSource(Runtime kind)
{
    const archtable::Column* col = archtable::column(kind);
    if (col == nullptr) {
        return std::nullopt;
    }
    ArchTableSource s;
    s.runtime = col->name;
    s.checked = col->checked;
    const RuntimeProfile profile = runtimeProfile(kind);
    s.version = profile.version;
    for (const Row& r : archtable::rows()) {
        const char* name = (r.*(col->entry)).name;
        if (name == nullptr) {
            s.missing.emplace_back(r.model_type);
        } else if (std::string_view(name) == "?") {
            s.unknown.emplace_back(r.model_type);
        }
    }
    return s;
}

std::vector<std::string> archTableModelTypes()
{
    std::vector<std::string> out;
    for (const Row& r : archtable::rows()) {
        out.emplace_back(r.model_type);
    }
    return out;
}

} // namespace llmsizer
