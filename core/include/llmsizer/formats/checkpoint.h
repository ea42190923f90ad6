#pragma once

#include "llmsizer/formats/tensor_map.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace llmsizer {

enum class CheckpointFormat { Safetensors, Gguf };
std::string_view checkpointFormatName(CheckpointFormat f); // "safetensors", "gguf"

// One stored tensor with its exact size and the component it counts towards.
struct CheckpointTensor {
    std::string name;
    std::string dtype;                // safetensors dtype or ggml type name
    std::vector<std::uint64_t> shape; // as stored: safetensors outermost first, GGUF ne[0] first
    std::uint64_t params = 0;
    std::uint64_t bytes = 0;
    std::string file; // the file (shard) it is stored in, as a file name
    TensorRole role;
    // Quantized (packed) weights: params is the logical count and logical_shape the unpacked
    // shape (empty when it is the stored one); quant names the scheme ("MLX Q4 g64"), also on
    // the scales/zeros/absmax tensors, whose role is TensorKind::QuantMetadata. quant_bytes: the
    // metadata bytes that belong to this weight (scales, zeros, …).
    std::vector<std::uint64_t> logical_shape;
    std::string quant;
    std::uint64_t quant_bytes = 0;
};

// Parameters and bytes stored in one dtype.
struct DtypeTotal {
    std::string dtype;
    std::uint64_t tensors = 0;
    std::uint64_t params = 0;
    std::uint64_t bytes = 0;
};

// A metadata entry in display form; kind is "string", "integer", "float", "bool" or "array".
struct MetadataItem {
    std::string key;
    std::string value;
    std::string kind;
};

// One row of the estimate-versus-checkpoint table ("unmapped" has no estimate).
struct ComponentDiff {
    std::string key;
    std::uint64_t estimate = 0;
    std::uint64_t checkpoint = 0;
    std::int64_t difference = 0; // checkpoint − estimate
};

// A LoRA adapter's tensors (PEFT lora_A/lora_B, MLX lora_a/lora_b): ranks, adapted modules and
// parameters, with what adapter_config.json says.
struct LoraSummary {
    std::vector<std::uint64_t> ranks; // distinct ranks found in the shapes, ascending
    std::vector<std::string> targets; // adapted module names ("q_proj", "v_proj"), sorted
    std::uint64_t params = 0;         // A and B parameters
    std::uint64_t tensors = 0;
    std::string config_source;                // adapter_config.json path, if read
    std::optional<std::uint64_t> config_rank; // its r / lora_parameters.rank
    std::string base_model;                   // its base_model_name_or_path / model
};

// What a checkpoint holds, read from its headers only. Parameter totals exclude buffers and
// include unmapped tensors (listed by name; they are never dropped).
struct Checkpoint {
    std::string path; // what was opened (file, index or directory)
    // Read with InspectOptions::header_only; data_present is false when a file ends before its
    // tensor data (a header downloaded alone, an interrupted download).
    bool header_only = false;
    bool data_present = true;
    CheckpointFormat format = CheckpointFormat::Safetensors;
    std::vector<std::string> files; // the files whose headers were read

    std::vector<CheckpointTensor> tensors; // every tensor, buffers included, in file order
    std::uint64_t total_params = 0;        // parameters (mapped + unmapped), buffers excluded
    std::uint64_t total_bytes = 0;         // bytes of those parameters
    std::uint64_t unmapped_params = 0;
    std::uint64_t buffer_params = 0;
    std::uint64_t buffer_bytes = 0;
    std::vector<ComponentCount> components; // one per Component, in kAllComponents order
    std::vector<DtypeTotal> dtypes;         // parameters only, by dtype name
    std::vector<std::string> unmapped;      // names of unmapped tensors
    std::vector<std::string> buffers;       // names of buffers

    // Quantized safetensors (docs/checkpoints.md, "Quantized safetensors"): the schemes found
    // and where their settings came from; total_bytes includes the quantization metadata
    // (scales, zeros, absmax), which are bytes but not parameters.
    std::vector<std::string> quantization;
    std::uint64_t quantized_params = 0; // logical parameters of quantized weights
    std::uint64_t quant_metadata_tensors = 0;
    std::uint64_t quant_metadata_bytes = 0;

    std::optional<LoraSummary> lora; // when LoRA tensors are present

    // A safetensors index whose shards are not all present: counts cover the present shards.
    bool partial = false;
    std::vector<std::string> missing_shards;
    std::uint64_t missing_tensors = 0; // tensors the index places in missing shards

    // GGUF and quantized safetensors: 8·bytes/params over the parameters, and the GGUF version.
    // metadata: the GGUF key/values (long strings cut, arrays as their length) or safetensors'
    // __metadata__.
    std::optional<double> effective_bpw;
    std::uint32_t gguf_version = 0;
    std::vector<MetadataItem> metadata;

    // The architecture: from GGUF metadata, or from config.json beside a safetensors file.
    std::optional<ModelConfig> inferred;
    std::string config_source;          // "GGUF metadata" or the config.json path
    std::string model_name;             // general.name or the config's name
    std::vector<std::string> guesses;   // fields the config did not settle
    std::optional<ParamCount> estimate; // countParameters(*inferred)
    std::string estimate_note;          // why there is no estimate, when there is none
    // Per component (and "unmapped"), when compared(): checkpoint minus estimate.
    std::vector<ComponentDiff> diff;
    std::int64_t total_difference = 0; // total_params − estimate->total, when compared()

    std::vector<std::string> notes; // non-fatal findings (index total_size mismatch, …)

    // One line to show before anything else when nothing was counted ("The file holds no
    // tensors: …", "None of the 4 shards the index names is present: …"); empty otherwise.
    std::string headline;
    // A safetensors index's own totals, shown beside the count as a cross-check.
    std::optional<std::uint64_t> index_total_size;
    std::optional<std::uint64_t> index_total_parameters;

    const ComponentCount& component(Component c) const;
    // Whether the tensors were compared with the estimate: there is an estimate and there are
    // tensors (an index whose shards are all absent has the first only, and shows it alone).
    bool compared() const { return estimate.has_value() && !tensors.empty(); }
};

// Inspects a .safetensors file, a model.safetensors.index.json, a .gguf file, or a directory
// holding one of them (an index first, else every *.safetensors, else a single *.gguf). A
// config.json beside a safetensors checkpoint supplies the architecture for the estimate.
// Throws InputError naming the file and the problem.
struct InspectOptions {
    // Accept files that end before their tensor data (llm-sizer-cli inspect --header-only; the
    // app always does, with a "data not present" note): the counts come from the headers.
    bool header_only = false;
    // One budget for the whole checkpoint, over all its files (shards, splits, the index): no
    // more tensors and header bytes than one file at its limits may hold, no more files than
    // the largest real checkpoints have, and a time limit on reading them (docs/reliability.md,
    // "Limits"). DeepSeek-V3, among the largest, has 91,991 tensors in 163 shards, about 18 MB
    // of index and headers. Header bytes: safetensors headers and the index together (JSON,
    // parsed whole: the reference implementation's limit for one header), GGUF headers together
    // (mostly arrays that are skipped).
    std::uint64_t max_tensors = 131'072;
    std::uint64_t max_header_bytes = 100'000'000;
    std::uint64_t max_gguf_header_bytes = 256ull << 20;
    std::uint64_t max_files = 4'096;
    std::chrono::milliseconds max_time{10'000};
};
Checkpoint inspectCheckpoint(const std::filesystem::path& fileOrDir,
                             const InspectOptions& options = {});

// The CLI's JSON form: total_params, total_bytes, components, tensors, unmapped, buffers,
// dtypes, and as they apply effective_bpw, metadata, partial/missing_shards, estimate.
nlohmann::json checkpointToJson(const Checkpoint& c);

// The architecture a GGUF file describes (general.architecture and its keys, structural flags
// from the tensors present); nullopt with *why set when it cannot be read as a ModelConfig.
// Fields the file does not settle are listed in *guesses (when given).
struct GgufFile;
std::optional<ModelConfig> ggufModelConfig(const GgufFile& gguf, std::string* why,
                                           std::vector<std::string>* guesses = nullptr);

} // namespace llmsizer
