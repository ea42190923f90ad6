#pragma once

// Hand-built configurations of real models shared by the tests, with the published sizes they
// must reproduce noted beside each (tests/data/reference/hf-configs/index.json).
#include "llmsizer/model/model.h"

namespace testsupport::configs {

// GPT-2 small: 12 × 768, 12 heads, plain MLP (4h), LayerNorm, biases, learned positions,
// tied head; 124,439,808 parameters.
llmsizer::ModelConfig gpt2Small();
// Llama 2 7B: 32 × 4096, 32 heads (MHA), d_ff from the Llama rule (11008), vocab 32000,
// untied head; 6,738,415,616 parameters.
llmsizer::ModelConfig llama2_7b();
// Llama 3 70B: 80 × 8192, 64/8 heads, d_ff 28672, vocab 128256; 70,553,706,496 parameters.
llmsizer::ModelConfig llama3_70b();
// Llama 3.1 8B: 32 × 4096, 32/8 heads, d_ff 14336, vocab 128256; 8,030,261,248 parameters.
llmsizer::ModelConfig llama3_8b();

} // namespace testsupport::configs
