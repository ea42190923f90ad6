#include "model_configs.h"

namespace testsupport::configs {

using llmsizer::ModelConfig;

ModelConfig gpt2Small()
{
    ModelConfig c;
    c.d_model = 768;
    c.n_layers = 12;
    c.n_heads = 12;
    c.n_kv_heads = 12;
    c.vocab_size = 50257;
    c.context_length = 1024;
    c.mlp = llmsizer::MlpKind::Plain;
    c.biases = {true, true, true, true, false};
    c.norm = llmsizer::NormKind::LayerNorm;
    c.position = llmsizer::PositionKind::Learned;
    c.tied_head = true;
    return c;
}

ModelConfig llama2_7b()
{
    ModelConfig c; // defaults are Llama-shaped: gated MLP, RMSNorm, no biases
    c.d_model = 4096;
    c.n_layers = 32;
    c.n_heads = 32;
    c.n_kv_heads = 32;
    c.vocab_size = 32000;
    c.ffn_rule = {256, 0.0}; // multiple_of 256, no multiplier: 11008
    c.tied_head = false;
    return c;
}

ModelConfig llama3_70b()
{
    ModelConfig c;
    c.d_model = 8192;
    c.n_layers = 80;
    c.n_heads = 64;
    c.n_kv_heads = 8;
    c.d_ff = 28672;
    c.vocab_size = 128256;
    c.context_length = 8192;
    return c;
}

ModelConfig llama3_8b()
{
    ModelConfig c = llama3_70b();
    c.d_model = 4096;
    c.n_layers = 32;
    c.n_heads = 32;
    c.d_ff = 14336;
    return c;
}

} // namespace testsupport::configs
