#pragma once

// What every checkpoint-directory target checks on a checkpoint it read (fuzz_tree_*.cpp):
// the parameters of its tensors add up to its totals, the quantized parameters and their
// metadata lie within them, the whole-checkpoint budget held, and the JSON form can be written.
#include "llmsizer/formats/checkpoint.h"

#include <cstdint>
#include <nlohmann/json.hpp>

namespace fuzzsupport {

inline void checkCheckpoint(const llmsizer::Checkpoint& c, const llmsizer::InspectOptions& o)
{
    std::uint64_t params = 0;
    for (const llmsizer::CheckpointTensor& t : c.tensors) {
        if (t.role.kind != llmsizer::TensorKind::QuantMetadata) {
            params += t.params;
        }
    }
    if (params != c.total_params + c.buffer_params || c.quantized_params > c.total_params ||
        c.quant_metadata_bytes > c.total_bytes || c.tensors.size() > o.max_tensors ||
        c.files.size() > o.max_files) {
        __builtin_trap();
    }
    (void)llmsizer::checkpointToJson(c).dump(-1, ' ', false,
                                             nlohmann::json::error_handler_t::replace);
}

} // namespace fuzzsupport
