// The line every export carries (export_caption.h).
#include "llmsizer/present/export_caption.h"

#include "llmsizer/text/format.h"

namespace llmsizer {

std::string exportCaption(const ExportFacts& f)
{
    std::string s = f.model.empty() ? std::string("(unnamed model)") : f.model;
    s += f.training ? " · training" : " · inference";
    if (f.textbook) {
        s += " (textbook numbers: by hand)";
    }
    s += " · weights " + f.precision + ", KV cache " + f.kv_precision;
    s += " · " + withThousands(f.context) + " tokens × batch " + withThousands(f.batch);
    if (!f.runtime.empty()) {
        s += " · overhead: " + f.runtime;
    }
    s += " · LLM Sizer " + f.version;
    if (!f.published_source.empty()) {
        s += " · published count: " + f.published_source;
    }
    return terminalSafe(s, false);
}

} // namespace llmsizer
