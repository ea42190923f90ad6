#pragma once

#include "llmsizer/compute/hardware.h"

#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// The Custom GPUs dialog's form as the text of its fields, one string each, as typed.
struct GpuForm {
    std::string id;
    std::string name;
    std::string vendor;
    std::string category = "other";
    std::string memory; // in memory_unit
    MemoryUnit memory_unit = MemoryUnit::GiB;
    std::string usable_fraction; // empty = 1
    std::string bandwidth;       // GB/s (1e9 bytes/s)
    std::string bf16_tflops;     // empty = unknown (optional fields)
    std::string fp8_tflops;
    std::string int8_tops;
    std::string sources; // one per line
    std::string notes;
    bool operator==(const GpuForm&) const = default;
};

// The form showing a GPU: numbers as their shortest text ("3350", "989.4"), sources one per line.
GpuForm gpuForm(const GpuSpec& gpu);

// The user GPU the form describes, checked by the catalog's own parser (gpuFromJson): throws
// InputError naming the catalog field ("bandwidth_gb_s: must be a positive number …"; text that
// is not a number: "bf16_dense_tflops: must be a number (got \"fast\")"). Empty optional fields
// are left out. The fields the form does not show (memory_note, memory_type, unified_memory,
// cpu_cores, fp16_acc16_dense_tflops, uncertain_fields) come from `base`, the GPU being edited.
GpuSpec gpuFromForm(const GpuForm& form, const GpuSpec& base = {});

// An id for a GPU of this name: lowercase letters and digits, other runs as one '-', at most 64
// characters ("NVIDIA RTX 4070 (12 GB)" -> "nvidia-rtx-4070-12-gb"); empty for a name without
// letters or digits.
std::string gpuIdFromName(std::string_view name);

// One GPU as the dialog's list shows it. Figures no primary source confirmed end in '*'.
struct GpuListRow {
    std::string id;
    std::string name;
    std::string memory;    // "80 GiB", "192 GiB (144 usable)", "51.5 GB (46.4 usable)"
    std::string bandwidth; // "3350"
    std::string bf16;      // "989.4", "-" when unknown
    std::string fp8;
    std::string int8;
    std::string source;     // the first source, "+ N more" when there are others; "-" for none
    std::string memory_tip; // memory in bytes and the memory note
    bool user = false;
};
GpuListRow gpuListRow(const GpuSpec& gpu);

// What the dialog shows below the list for the selected GPU.
struct GpuDetails {
    std::string title;                  // "NVIDIA H100 SXM5 80GB (h100-sxm-80gb), built in"
    std::string capacity;               // "80 GiB = 85,899,345,920 bytes"
    std::string memory_note;            // may be empty
    std::vector<std::string> sources;   // as stored
    std::vector<std::string> uncertain; // "FP8 dense TFLOPS", … (the fields' labels)
    std::string notes;
};
GpuDetails gpuDetails(const GpuSpec& gpu);

// The label of a catalog field, as the form names it ("bandwidth_gb_s" -> "Bandwidth").
std::string gpuFieldLabel(std::string_view field);

} // namespace llmsizer
