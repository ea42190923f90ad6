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
        const std::optional<Precision> p = findPrecision(raw);
        if (!p) {
            throw InputError("", field, "unknown precision '" + raw + "'");
        }
        const bool own = std::find(profile.precisions.begin(), profile.precisions.end(), p->id) !=
                         profile.precisions.end();
        const bool gguf = profile.llamaCppFamily() && isGgufFileType(p->id);
        if (!own && !gguf) {
            std::string why = profile.label + " does not run '" + raw + "' weights (it runs ";
            for (std::size_t i = 0; i < profile.precisions.size(); ++i) {
                why += (i == 0 ? "" : ", ") + profile.precisions[i];
            }
            why += profile.llamaCppFamily() ? " and every GGUF file type)" : ")";
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
