#pragma once

// Quantized safetensors layouts for tests, written from the published layouts of each writer
// (names, dtypes and shapes only; the data section stays sparse). Each function rewrites the
// 2-D weights of a plain tensor list (model_tensors.h) the way that writer stores them; 1-D
// tensors (norms) stay as they are. Shapes follow the writers' sources:
// - MLX (mlx.nn.QuantizedLinear / QuantizedEmbedding): W U32 [out, in·bits/32], scales and
//   biases [out, in/group] in the model's dtype. Embeddings and lm_head are quantized too.
// - AutoGPTQ QuantLinear: qweight I32 [in·bits/32, out], qzeros I32 [in/group, out·bits/32],
//   scales F16 [in/group, out], g_idx I32 [in]. Only the decoder layers' linears.
// - AutoAWQ WQLinear_GEMM: qweight I32 [in, out·bits/32], qzeros I32 [in/group, out·bits/32],
//   scales F16 [in/group, out].
// - bitsandbytes Params4bit (NF4, blocksize 64, double quantization as in QuantState.as_dict):
//   weight U8 [n/2, 1], absmax U8 [n/64], quant_map F32 [16], nested_absmax F32 [n/64/256],
//   nested_quant_map F32 [256], quant_state.bitsandbytes__nf4 U8 [json length].
// - FP8 (DeepSeek-V3 / Qwen3-FP8): weight F8_E4M3, weight_scale_inv F32 [⌈out/128⌉, ⌈in/128⌉].
#include "safetensors_writer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace testsupport {

std::vector<StTensor> mlxQuantized(const std::vector<StTensor>& plain, std::uint64_t bits,
                                   std::uint64_t group);
std::vector<StTensor> gptqQuantized(const std::vector<StTensor>& plain, std::uint64_t bits,
                                    std::uint64_t group);
std::vector<StTensor> awqQuantized(const std::vector<StTensor>& plain, std::uint64_t bits,
                                   std::uint64_t group);
// The quant_state tensor's length: the bytes of bitsandbytes' json.dumps of the packed
// QuantState (quant_type, blocksize, dtype, shape, nested_blocksize, nested_dtype, nested_offset)
// for that shape, as written by pack_dict_to_tensor.
std::vector<StTensor> bnbNf4Quantized(const std::vector<StTensor>& plain);
std::vector<StTensor> fp8BlockQuantized(const std::vector<StTensor>& plain);

// openai/gpt-oss-20b as stored (model.safetensors.index.json names): BF16 attention with biases
// and sinks, router, MXFP4 experts (*_blocks U8 [32, rows, cols/32, 16], *_scales U8
// [32, rows, cols/32]) with BF16 biases, embed and untied lm_head.
std::vector<StTensor> gptOss20bTensors();

} // namespace testsupport
