#pragma once

// Building blocks of the vision towers (hf_import_vision.cpp), shared with the towers of
// hf_import_vision_more.cpp. Every sum and product is checked for overflow.
#include "formats/hf_import_internal.h"

namespace llmsizer::hf::vision {

u64 mul(u64 a, u64 b);
u64 add(u64 a, u64 b);
// nn.Linear(in, out, bias): in·out (+ out).
u64 linear(u64 in, u64 out, bool bias);
// Adds n to the part `key` (created when missing; zero adds nothing).
void put(std::vector<Part>& parts, const std::string& key, u64 n);
// A width of the tower's config: its class default when missing (a guess), 1..maxDModel.
u64 positive(Reader& r, std::initializer_list<const char*> names, u64 classDefault);
// `layers` pre-norm ViT blocks with biases (CLIP / SigLIP encoder layers).
void vitLayers(std::vector<Part>& t, u64 layers, u64 D, u64 F);
// A SigLIP tower (embeddings, encoder, post_layernorm, and the pooling head when
// vision_use_head, default headDefault); returns its width.
u64 siglip(Reader& r, std::vector<Part>& t, bool headDefault);

} // namespace llmsizer::hf::vision
