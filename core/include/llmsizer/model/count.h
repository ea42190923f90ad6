#pragma once

#include "llmsizer/model/model.h"

#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace llmsizer {

// Top-level parameter components, in display order. The keys are part of the CLI's JSON contract.
// VisionTower, AudioTower and Projector are a multimodal model's parts outside the language model.
// Mixer: the state-space / linear-attention / convolution layers (ModelConfig::mixer).
enum class Component {
    Embedding,
    PositionEmbedding,
    Attention,
    Mixer,
    Mlp,
    Router,
    Norms,
    LmHead,
    VisionTower,
    AudioTower,
    Projector
};

inline constexpr Component kAllComponents[] = {Component::Embedding,   Component::PositionEmbedding,
                                               Component::Attention,   Component::Mixer,
                                               Component::Mlp,         Component::Router,
                                               Component::Norms,       Component::LmHead,
                                               Component::VisionTower, Component::AudioTower,
                                               Component::Projector};

// A component of the language model (everything but the towers and the projector).
bool isLanguageModel(Component c);

std::string_view componentKey(Component c);   // "embedding", "position_embedding", …
std::string_view componentLabel(Component c); // "Token embedding", "Position embedding", …

struct ComponentCount {
    Component component = Component::Embedding;
    std::uint64_t params = 0;
    std::vector<Part> parts;                        // sums to params; empty parts are left out
    std::uint64_t part(std::string_view key) const; // 0 when absent
};

// Tensors a published checkpoint stores beside the model that transformers builds: MTP layers
// (with or without copies of the embedding and head, per family), FP8 block scales, rotary
// buffers. Not in ParamCount::total.
struct CheckpointExtra {
    std::string key;  // "mtp", "fp8_scales", "rotary"
    std::string what; // "1 MTP layer, with its copies of the embedding and head"
    std::uint64_t params = 0;
    // false: the family's checkpoints may or may not store these (`what` says why); views show
    // the line as possible and leave it out of sums.
    bool known = true;
};

// Exact parameter count of a configuration, as the reference implementation instantiates it:
// tied weights once, no non-parameter buffers.
struct ParamCount {
    std::vector<ComponentCount> components; // one per Component, in kAllComponents order
    std::uint64_t total = 0;
    std::uint64_t language_model = 0; // total without the vision tower and the projector
    // In the checkpoint, not in the model: the MTP layers (ModelConfig::mtp_layers), each one
    // MoE decoder layer, eh_proj Linear(2d, d), enorm, hnorm and shared_head.norm, and copies of
    // the token embedding and the head. 0 without MTP.
    std::uint64_t mtp = 0;
    // Every line "in the checkpoint, not in the model" (the MTP layers among them).
    std::vector<CheckpointExtra> checkpoint_extras;
    std::uint64_t active = 0; // per token: all but the routed experts a token does not visit

    // Per-layer figures the views and the memory model reuse.
    std::uint64_t attention_per_layer = 0; // one attention layer (0 if no layer attends)
    std::uint64_t dense_mlp_per_layer = 0; // MLP of a dense layer (0 if every layer is MoE)
    std::uint64_t expert_params = 0;       // one routed expert
    std::uint64_t norms_per_layer = 0;

    const ComponentCount& get(Component c) const&;
    // A reference into a temporary count would dangle: copy the count first.
    const ComponentCount& get(Component c) const&& = delete;
    std::uint64_t params(Component c) const { return get(c).params; }
    // Gemma 3n's per-layer embedding table (embed_tokens_per_layer), a table of its own beside
    // the token embedding: a step gathers one row of it per token; 0 for other models.
    std::uint64_t perLayerTable() const;
    // The token embedding (and OPT-350m's project_in): the embedding component less Gemma 3n's
    // per-layer table and its projection from d_model.
    std::uint64_t tokenEmbedding() const;
};

// FP8 block scales (weight_scale_inv) an FP8 checkpoint stores: one per fp8_block_rows ×
// fp8_block_cols block of every FP8 weight matrix of the decoder layers and MTP layers
// (count_fp8.cpp); 0 when the configuration is not an FP8 block checkpoint.
std::uint64_t fp8BlockScales(const ModelConfig& config);

// Thrown by requireValid and countParameters for a configuration that fails validate().
class InvalidConfigError : public std::invalid_argument {
public:
    explicit InvalidConfigError(std::vector<ValidationIssue> issues);
    const std::vector<ValidationIssue>& issues() const { return m_issues; }

private:
    std::vector<ValidationIssue> m_issues;
};

// validate() as a precondition: throws InvalidConfigError holding every issue. Functions that
// need a valid configuration but not its count call this; counting is never used to validate.
void requireValid(const ModelConfig& config);

// Throws InvalidConfigError or OverflowError; never returns a wrapped number.
ParamCount countParameters(const ModelConfig& config);

// Called with every configuration countParameters is asked to count (nullptr: nobody). The app
// counts each configuration once per edit and passes the count down (the overloads taking a
// ParamCount); tests and the benchmark watch that through this hook. Set it only while nothing
// counts on another thread.
using CountObserver = void (*)(const ModelConfig&);
void setCountObserver(CountObserver observer);

// Counts each configuration once: count() counts a configuration the first time it is asked and
// returns the stored count after (references stay valid while the cache lives). The app keeps
// one per edit and hands it to everything that needs counts of the model or of its pipeline
// stages: the memory bars, their verdicts and the fit searches behind them.
class CountCache {
public:
    const ParamCount& count(const ModelConfig& config);
    // Stores a count made elsewhere (it must be countParameters(config)).
    const ParamCount& add(const ModelConfig& config, ParamCount count);

private:
    std::deque<std::pair<ModelConfig, ParamCount>> m_entries; // a few: searched in order
};

// Slices for a parameter pie: the components with the MLP split into dense MLP, routed experts
// and shared experts. Keys are stable across views so colours can be keyed on them.
struct Slice {
    std::string key;   // embedding, position_embedding, attention, mlp, experts, shared_experts,
                       // router, norms, lm_head
    std::string label; // "Attention", "Routed experts", …
    std::uint64_t params = 0;
    std::vector<Part> parts;
    bool operator==(const Slice&) const = default;
};
std::vector<Slice> pieSlices(const ParamCount& count); // zero slices left out

// Teaching approximations (the teaching material) next to the exact count.
// 12·L·d²: 4d² attention + 8d² MLP (d_ff = 4d) per block, no embeddings (the blog post).
std::uint64_t approx12Ld2(const ModelConfig& config);
// The teaching guide's textbook total: V·d + L·[4(d² + d) + (d·d_ff + d_ff) + (d_ff·d + d) + 2·2d]
// + d·V when the head is untied, with the model's own d_ff.
std::uint64_t teachingGuideTotal(const ModelConfig& config);
// (approx − exact) / exact.
double relativeError(std::uint64_t approx, std::uint64_t exact);
// The count of the language model alone, as a runtime that loads no towers holds it: the vision
// and audio towers and the projector at 0, the total the language model's, the active count
// less them. The count itself for a model without towers.
ParamCount languageModelOnly(const ParamCount& count);

} // namespace llmsizer
