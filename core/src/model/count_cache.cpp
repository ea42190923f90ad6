// CountCache: each configuration counted once per edit (count.h).
#include "llmsizer/model/count.h"

namespace llmsizer {

const ParamCount& CountCache::count(const ModelConfig& config)
{
    for (const auto& [c, n] : m_entries) {
        // Shapes of one search differ in width or depth: those two first, the rest only then.
        if (c.d_model == config.d_model && c.n_layers == config.n_layers && c == config) {
            return n;
        }
    }
    return add(config, countParameters(config));
}

const ParamCount& CountCache::add(const ModelConfig& config, ParamCount count)
{
    return m_entries.emplace_back(config, std::move(count)).second;
}

} // namespace llmsizer
