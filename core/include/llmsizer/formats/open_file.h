#pragma once

#include "llmsizer/catalog/session.h"
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/model_file.h"

#include <filesystem>

// What the desktop app's File > Open and drag-and-drop accept: a session file, a project preset,
// a Hugging Face config.json, or a checkpoint (.safetensors, *.index.json, .gguf or a directory
// holding them; read by inspectCheckpoint). For JSON files the content decides, not the name.
namespace llmsizer {

class GpuCatalog;

enum class OpenedKind { Session, Model, Checkpoint };

struct OpenedFile {
    OpenedKind kind = OpenedKind::Model;
    Session session;       // when kind == Session
    LoadedModel model;     // when kind == Model
    Checkpoint checkpoint; // when kind == Checkpoint
};

// A JSON object with a "format", "version" or "current" key is read as a session (so a session
// with a wrong format or version is reported as such, not as "not a preset"); anything else goes
// to loadModelFile. Parses and validates everything before returning; throws InputError naming
// the file and the field ("s.json: comparison[1].architecture.n_heads: …").
OpenedFile openAnyFile(const std::filesystem::path& file, const GpuCatalog* catalog = nullptr);

// Whether a path is opened as a checkpoint: a directory, *.safetensors, *.gguf, *.index.json, or
// a file starting with the GGUF magic.
bool looksLikeCheckpoint(const std::filesystem::path& file);

// Whether a parsed JSON document is meant as a session file (the rule above).
bool looksLikeSession(const nlohmann::json& j);

} // namespace llmsizer
