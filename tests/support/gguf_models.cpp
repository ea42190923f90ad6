#include "gguf_models.h"

namespace testsupport {

std::vector<std::string> tokens(std::size_t n)
{
    std::vector<std::string> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        out.push_back("<t" + std::to_string(i) + ">");
    }
    return out;
}

namespace {

// ff 0: no feed_forward_length key (the width is then only in the tensors).
void llamaMetadata(GgufWriter& w, const char* name, std::uint32_t ff, std::uint32_t kv)
{
    w.addString("general.architecture", "llama");
    w.addString("general.name", name);
    w.addU32("llama.context_length", 4096);
    w.addU32("llama.embedding_length", 4096);
    w.addU32("llama.block_count", 32);
    if (ff > 0) {
        w.addU32("llama.feed_forward_length", ff);
    }
    w.addU32("llama.rope.dimension_count", 128);
    w.addU32("llama.attention.head_count", 32);
    w.addU32("llama.attention.head_count_kv", kv);
    w.addF32("llama.attention.layer_norm_rms_epsilon", 1e-5f);
}

// llama.cpp's use_more_bits(i, n) (src/llama-quant.cpp): the layers Q4_K_M raises to Q6_K.
bool moreBits(int i, int n)
{
    return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

} // namespace

// Llama-2-7B as a Q4_K_M file: Q4_K everywhere except attn_v and ffn_down in the use_more_bits
// layers and the output matrix (Q6_K); norms F32. dims in ggml order.
GgufWriter llama2Q4KM(bool feedForwardLength)
{
    GgufWriter w(3);
    llamaMetadata(w, "Llama-2-7B", feedForwardLength ? 11008 : 0, 32);
    w.addU32("general.file_type", 15);
    w.addString("tokenizer.ggml.model", "llama");
    w.addStringArray("tokenizer.ggml.tokens", tokens(32000));
    w.addF32Array("tokenizer.ggml.scores", 32000);
    w.addU32("general.quantization_version", 2);
    w.addTensor("token_embd.weight", {4096, 32000}, kQ4_K);
    for (int i = 0; i < 32; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        const GgmlBlock bumped = moreBits(i, 32) ? kQ6_K : kQ4_K;
        w.addTensor(p + "attn_norm.weight", {4096}, kF32);
        w.addTensor(p + "attn_q.weight", {4096, 4096}, kQ4_K);
        w.addTensor(p + "attn_k.weight", {4096, 4096}, kQ4_K);
        w.addTensor(p + "attn_v.weight", {4096, 4096}, bumped);
        w.addTensor(p + "attn_output.weight", {4096, 4096}, kQ4_K);
        w.addTensor(p + "ffn_gate.weight", {4096, 11008}, kQ4_K);
        w.addTensor(p + "ffn_up.weight", {4096, 11008}, kQ4_K);
        w.addTensor(p + "ffn_down.weight", {11008, 4096}, bumped);
        w.addTensor(p + "ffn_norm.weight", {4096}, kF32);
    }
    w.addTensor("output_norm.weight", {4096}, kF32);
    w.addTensor("output.weight", {4096, 32000}, kQ6_K);
    return w;
}

// Llama-3.1-8B as Q8_0 with Llama 3's rope_freqs buffer; vocab from llama.vocab_size.
GgufWriter llama31Q8()
{
    GgufWriter w(3);
    llamaMetadata(w, "Llama-3.1-8B", 14336, 8);
    w.addU32("llama.vocab_size", 128256);
    w.addU32("general.alignment", 32);
    w.addTensor("rope_freqs.weight", {64}, kF32);
    w.addTensor("token_embd.weight", {4096, 128256}, kQ8_0);
    for (int i = 0; i < 32; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        w.addTensor(p + "attn_norm.weight", {4096}, kF32);
        w.addTensor(p + "attn_q.weight", {4096, 4096}, kQ8_0);
        w.addTensor(p + "attn_k.weight", {4096, 1024}, kQ8_0);
        w.addTensor(p + "attn_v.weight", {4096, 1024}, kQ8_0);
        w.addTensor(p + "attn_output.weight", {4096, 4096}, kQ8_0);
        w.addTensor(p + "ffn_gate.weight", {4096, 14336}, kQ8_0);
        w.addTensor(p + "ffn_up.weight", {4096, 14336}, kQ8_0);
        w.addTensor(p + "ffn_down.weight", {14336, 4096}, kQ8_0);
        w.addTensor(p + "ffn_norm.weight", {4096}, kF32);
    }
    w.addTensor("output_norm.weight", {4096}, kF32);
    w.addTensor("output.weight", {4096, 128256}, kQ8_0);
    return w;
}

// Mixtral-8x7B with the experts fused into 3-D tensors (ffn_*_exps, ne = [in, out, experts]).
GgufWriter mixtralQ8()
{
    GgufWriter w(3);
    llamaMetadata(w, "Mixtral-8x7B", 14336, 8);
    w.addU32("llama.expert_count", 8);
    w.addU32("llama.expert_used_count", 2);
    w.addStringArray("tokenizer.ggml.tokens", tokens(32000));
    w.addTensor("token_embd.weight", {4096, 32000}, kQ8_0);
    for (int i = 0; i < 32; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        w.addTensor(p + "attn_norm.weight", {4096}, kF32);
        w.addTensor(p + "attn_q.weight", {4096, 4096}, kQ8_0);
        w.addTensor(p + "attn_k.weight", {4096, 1024}, kQ8_0);
        w.addTensor(p + "attn_v.weight", {4096, 1024}, kQ8_0);
        w.addTensor(p + "attn_output.weight", {4096, 4096}, kQ8_0);
        w.addTensor(p + "ffn_gate_inp.weight", {4096, 8}, kF32);
        w.addTensor(p + "ffn_gate_exps.weight", {4096, 14336, 8}, kQ8_0);
        w.addTensor(p + "ffn_down_exps.weight", {14336, 4096, 8}, kQ8_0);
        w.addTensor(p + "ffn_up_exps.weight", {4096, 14336, 8}, kQ8_0);
        w.addTensor(p + "ffn_norm.weight", {4096}, kF32);
    }
    w.addTensor("output_norm.weight", {4096}, kF32);
    w.addTensor("output.weight", {4096, 32000}, kQ8_0);
    return w;
}

// GPT-2 small as a GGUF v2 file in F32: LayerNorms with bias, learned positions, fused qkv,
// biases everywhere, no output matrix (tied).
GgufWriter gpt2V2()
{
    GgufWriter w(2);
    w.addString("general.architecture", "gpt2");
    w.addU32("gpt2.context_length", 1024);
    w.addU32("gpt2.embedding_length", 768);
    w.addU32("gpt2.feed_forward_length", 3072);
    w.addU32("gpt2.block_count", 12);
    w.addU32("gpt2.attention.head_count", 12);
    w.addF32("gpt2.attention.layer_norm_epsilon", 1e-5f);
    w.addStringArray("tokenizer.ggml.tokens", tokens(50257));
    w.addTensor("token_embd.weight", {768, 50257}, kF32);
    w.addTensor("position_embd.weight", {768, 1024}, kF32);
    for (int i = 0; i < 12; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        w.addTensor(p + "attn_norm.weight", {768}, kF32);
        w.addTensor(p + "attn_norm.bias", {768}, kF32);
        w.addTensor(p + "attn_qkv.weight", {768, 2304}, kF32);
        w.addTensor(p + "attn_qkv.bias", {2304}, kF32);
        w.addTensor(p + "attn_output.weight", {768, 768}, kF32);
        w.addTensor(p + "attn_output.bias", {768}, kF32);
        w.addTensor(p + "ffn_norm.weight", {768}, kF32);
        w.addTensor(p + "ffn_norm.bias", {768}, kF32);
        w.addTensor(p + "ffn_up.weight", {768, 3072}, kF32);
        w.addTensor(p + "ffn_up.bias", {3072}, kF32);
        w.addTensor(p + "ffn_down.weight", {3072, 768}, kF32);
        w.addTensor(p + "ffn_down.bias", {768}, kF32);
    }
    w.addTensor("output_norm.weight", {768}, kF32);
    w.addTensor("output_norm.bias", {768}, kF32);
    return w;
}

GgufWriter smallGguf(const std::string& name, std::vector<std::uint64_t> dims, GgmlBlock type)
{
    GgufWriter w(3);
    w.addString("general.architecture", "llama");
    w.addTensor(name, std::move(dims), type);
    return w;
}

} // namespace testsupport
