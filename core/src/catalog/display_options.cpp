#include "llmsizer/catalog/display_options.h"

#include "llmsizer/memory/memory.h"
#include "llmsizer/precision/precision.h"

#include <algorithm>

namespace llmsizer {

namespace {

template <typename List> bool hasId(const List& list, const std::string& id)
{
    return std::any_of(list.begin(), list.end(), [&id](const auto& e) { return e.id == id; });
}

} // namespace

DisplayOptions checkedDisplayOptions(DisplayOptions wanted, const DisplayOptions& fallback)
{
    if (!findPrecision(wanted.weight_precision).has_value()) {
        wanted.weight_precision = fallback.weight_precision;
    }
    if (!hasId(kvPrecisions(), wanted.kv_precision)) {
        wanted.kv_precision = fallback.kv_precision;
    }
    if (!hasId(overheadProfiles(), wanted.overhead)) {
        wanted.overhead = fallback.overhead;
    }
    if (wanted.tokens_per_param == 0 || wanted.tokens_per_param > kMaxTokensPerParam) {
        wanted.tokens_per_param = fallback.tokens_per_param;
    }
    return wanted;
}

} // namespace llmsizer
