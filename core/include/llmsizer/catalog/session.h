#pragma once

#include "llmsizer/catalog/display_options.h"
#include "llmsizer/model/model.h"
#include "llmsizer/text/format.h"

#include <cstdint>
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

// A saved working session: the configuration being edited, the configurations in the comparison,
// the workload and every display option (display_options.h: units, precisions, overhead profile,
// GGUF extras, GPUs, training, tokens per parameter). The JSON format is documented in
// docs/session-format.md.
namespace llmsizer {

class GpuCatalog;

// Version 2 added workload.overhead (the Runtime menu's profile) and made workload.kv_precision
// the one KV precision of the Overview and the comparison; version 3 the pinned baseline; version
// 4 holds every display option in one "display" object (adding the GGUF extras and the tokens
// per parameter). Older files still open.
inline constexpr std::uint64_t kSessionVersion = 4;
inline constexpr std::uint64_t kOldestSessionVersion = 1;
inline constexpr const char* kSessionFormat = "llm-sizer-session";
inline constexpr std::size_t kMaxSessionComparison = 4; // = kMaxCompared (table.h)
// GPU entries of a session: more than the built-in catalog holds, few enough to open at once (a
// session of 20,000 entries took 12 s to open).
inline constexpr std::size_t kMaxSessionGpus = 256;

// A named configuration; preset_id is kept for display ("from preset llama-3-70b"), the
// architecture is always stored in full so that the session never depends on the presets.
struct SessionModel {
    std::string name;
    std::string preset_id; // empty: not from a preset (or edited)
    ModelConfig config;
    bool operator==(const SessionModel&) const = default;
};

struct SessionGpu {
    std::string id; // gpu.h catalog id, "h100-sxm-80gb"
    std::uint64_t count = 1;
    bool operator==(const SessionGpu&) const = default;
};

struct SessionWorkload {
    std::uint64_t context = 4096;
    std::uint64_t batch = 1;
    bool operator==(const SessionWorkload&) const = default;
};

struct Session {
    SessionModel current;
    std::vector<SessionModel> comparison; // 0 to kMaxSessionComparison
    SessionWorkload workload;
    // Every display option, precision and profile ids canonical. A file older than version 4
    // holds no GGUF extras and no tokens per parameter: they are the defaults here, and an app
    // that opens it keeps its own (`version`).
    DisplayOptions display;
    // The model pinned as the baseline the views set their figures against (version 3); none
    // when empty.
    std::optional<SessionModel> baseline;
    // The version of the file read (kSessionVersion for a session made here); saving always
    // writes kSessionVersion.
    std::uint64_t version = kSessionVersion;
    bool operator==(const Session&) const = default;
};

// A display option's GPU line ("h100-sxm-80gb:8") as a session's GPU entry, and back.
SessionGpu sessionGpu(const std::string& line);
std::string gpuLine(const SessionGpu& gpu);

nlohmann::json sessionToJson(const Session& session);
// Pretty-printed JSON text, "format" and "version" first, ending in a newline.
std::string saveSession(const Session& session);
// saveSession written through writeFileAtomically: the file is the old or the new session.
void saveSessionFile(const std::filesystem::path& file, const Session& session);

// Parses and validates everything before returning, so a bad file never half-applies. Errors are
// InputError naming the file and the JSON path ("comparison[2].architecture.n_heads: must divide
// d_model …"); an unknown format or version is rejected first. With a catalog, GPU ids must
// exist in it; without one any well-formed id is accepted.
Session sessionFromJson(const nlohmann::json& j, const std::string& file,
                        const GpuCatalog* catalog = nullptr);
Session parseSession(const std::string& text, const std::string& fileLabel,
                     const GpuCatalog* catalog = nullptr);
Session loadSession(const std::filesystem::path& file, const GpuCatalog* catalog = nullptr);

} // namespace llmsizer
