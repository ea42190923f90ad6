#include "llmsizer/present/runtime_menu.h"

#include "llmsizer/memory/memory.h"
#include "llmsizer/shape/runtime.h"

namespace llmsizer {

std::vector<RuntimeMenuEntry> runtimeMenuEntries()
{
    std::vector<RuntimeMenuEntry> out;
    for (const RuntimeProfile& r : runtimeProfiles()) {
        RuntimeMenuEntry e;
        e.title = r.label + " " + r.version;
        e.overhead_id = r.overhead_id;
        e.overhead_label = overheadProfileById(r.overhead_id).label;
        for (const RuntimeConstant& c : runtimeConstants(r)) {
            e.constants.push_back({c.name + ": " + c.value, c.source});
        }
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace llmsizer
