// The names of the count's components and lookups into a ParamCount (count.h).
#include "llmsizer/model/count.h"

namespace llmsizer {

std::string_view componentKey(Component c)
{
    switch (c) {
    case Component::Embedding:
        return "embedding";
    case Component::PositionEmbedding:
        return "position_embedding";
    case Component::Attention:
        return "attention";
    case Component::Mixer:
        return "mixer";
    case Component::Mlp:
        return "mlp";
    case Component::Router:
        return "router";
    case Component::Norms:
        return "norms";
    case Component::LmHead:
        return "lm_head";
    case Component::VisionTower:
        return "vision_tower";
    case Component::AudioTower:
        return "audio_tower";
    case Component::Projector:
        return "projector";
    }
    return "unknown";
}

std::string_view componentLabel(Component c)
{
    switch (c) {
    case Component::Embedding:
        return "Token embedding";
    case Component::PositionEmbedding:
        return "Position embedding";
    case Component::Attention:
        return "Attention";
    case Component::Mixer:
        return "SSM / linear attention";
    case Component::Mlp:
        return "MLP";
    case Component::Router:
        return "Router";
    case Component::Norms:
        return "Norms";
    case Component::LmHead:
        return "LM head";
    case Component::VisionTower:
        return "Vision tower";
    case Component::AudioTower:
        return "Audio encoder";
    case Component::Projector:
        return "Projector";
    }
    return "Unknown";
}

bool isLanguageModel(Component c)
{
    return c != Component::VisionTower && c != Component::AudioTower && c != Component::Projector;
}

std::uint64_t ComponentCount::part(std::string_view key) const
{
    for (const Part& p : parts) {
        if (p.key == key) {
            return p.params;
        }
    }
    return 0;
}

std::uint64_t ParamCount::perLayerTable() const
{
    return get(Component::Embedding).part("per_layer_token");
}

std::uint64_t ParamCount::tokenEmbedding() const
{
    const ComponentCount& e = get(Component::Embedding);
    return e.params - e.part("per_layer_token") - e.part("per_layer_projection");
}

const ComponentCount& ParamCount::get(Component c) const&
{
    return components.at(static_cast<std::size_t>(c));
}

} // namespace llmsizer
