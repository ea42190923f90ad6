// The weight precisions a user asks `runs` to list (runtime.h, choosePrecisions).
#include "llmsizer/precision/precision.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/shape/runtime.h"
#include "llmsizer/text/error.h"

#include <algorithm>

namespace llmsizer {

void choosePrecisions(RuntimeProfile& profile, const std::vector<std::string>& ids,
                      const std::string& field)
{
    if (ids.empty()) {
        throw InputError("", field, "no precision given");
    }
    std::vector<std::string> chosen;
    for (const std::string& raw : ids) {
        if (raw.empty()) {
            throw InputError("", field, "an empty item in the list");
        }
        if (raw.size() > 40) {
            throw InputError("", field, "'" + raw.substr(0, 40) + "…' is no precision");
        }
        const std::optional<Precision> p = findPrecision(raw);
        if (!p) {
            throw InputError("", field, "unknown precision '" + raw + "'");
        }
        const bool own = std::find(profile.precisions.begin(), profile.precisions.end(), p->id) !=
                         profile.precisions.end();
        // A GGUF file: a file type (Q4_K_M), one block type throughout (IQ4_XS, llama-quantize
        // --pure) or 16/32-bit floats.
        const bool gguf =
            profile.llamaCppFamily() &&
            (p->kind == PrecisionKind::GgufFile || p->kind == PrecisionKind::GgmlBlock ||
             p->id == "fp16" || p->id == "bf16" || p->id == "fp32");
        if (!own && !gguf) {
            std::string why = profile.label + " does not run '" + raw + "' weights (it runs ";
            for (std::size_t i = 0; i < profile.precisions.size(); ++i) {
                why += (i == 0 ? "" : ", ") + profile.precisions[i];
            }
            why += profile.llamaCppFamily() ? " and any GGUF file type or ggml block type)" : ")";
            throw InputError("", field, why);
        }
        if (std::find(chosen.begin(), chosen.end(), p->id) != chosen.end()) {
            throw InputError("", field, "'" + raw + "' is given twice");
        }
        chosen.push_back(p->id);
    }
    profile.precisions = std::move(chosen);
}

} // namespace llmsizer
