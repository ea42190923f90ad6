#!/usr/bin/env python3
"""Writes the checked-in seed corpora under fuzz/corpus/<target>/ from the project's own files.

Run by hand after a format changes (python3 fuzz/make_corpus.py); the fuzz runs never call it.
Every seed is small (the largest is a few KiB) so that the corpora stay cheap to check in.
"""
import json
import os
import shutil
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")


def out_dir(target):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    return d


def write(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(out_dir(target), name), "wb") as f:
        f.write(data)


def presets():
    d = os.path.join(ROOT, "presets")
    for name in sorted(os.listdir(d)):
        if name.endswith(".json"):
            with open(os.path.join(d, name)) as f:
                yield name[:-5], json.load(f)


def preset_seeds():
    for pid, p in presets():
        shutil.copy(os.path.join(ROOT, "presets", pid + ".json"), os.path.join(out_dir("fuzz_preset"), pid + ".json"))
    write("fuzz_preset", "minimal.json", json.dumps({
        "id": "m", "name": "M", "family": "F", "description": "",
        "published": {"total_params": 1, "exact": True, "source": "s"},
        "architecture": {"d_model": 8, "n_layers": 1, "n_heads": 2, "n_kv_heads": 1, "vocab_size": 16}}))


def session_seeds():
    chosen = {pid: p for pid, p in presets() if pid in (
        "gpt-2-small", "llama-3-70b", "mixtral-8x7b", "deepseek-v3", "gemma-2-9b", "opt-125m")}
    for pid, p in sorted(chosen.items()):
        s = {"format": "llm-sizer-session", "version": 1,
             "current": {"name": p["name"], "preset": pid, "architecture": p["architecture"]}}
        write("fuzz_session", pid + ".json", json.dumps(s, indent=1))
    ids = sorted(chosen)
    full = {"format": "llm-sizer-session", "version": 1,
            "current": {"name": "edited", "architecture": chosen[ids[0]]["architecture"]},
            "comparison": [{"name": chosen[i]["name"], "preset": i, "architecture": chosen[i]["architecture"]}
                           for i in ids[:4]],
            "gpus": [{"id": "h100-sxm-80gb", "count": 8}, {"id": "rtx-4090-24gb"}],
            "workload": {"mode": "training", "context": 8192, "batch": 4, "precision": "F16",
                         "kv_precision": "fp8"},
            "units": "GiB"}
    write("fuzz_session", "full.json", json.dumps(full))
    write("fuzz_session", "minimal.json", json.dumps(
        {"format": "llm-sizer-session", "version": 1, "current": {"name": "x", "architecture": {}}}))


def gpu_seeds():
    with open(os.path.join(ROOT, "resources", "gpus.json")) as f:
        builtin = json.load(f)["gpus"]
    for g in builtin[:6]:
        user = dict(g)
        user["id"] = "my-" + g["id"]
        write("fuzz_gpu_catalog", user["id"] + ".json", json.dumps({"gpus": [user]}, indent=1))
    write("fuzz_gpu_catalog", "minimal.json", json.dumps(
        {"gpus": [{"id": "x", "name": "X", "vendor": "V", "memory_gb": 24, "bandwidth_gb_s": 1000}]}))
    write("fuzz_gpu_catalog", "apple.json", json.dumps(
        {"gpus": [{"id": "m-user", "name": "M", "vendor": "Apple", "category": "apple", "memory_gib": 64,
                   "usable_fraction": 0.75, "bandwidth_gb_s": 400, "bf16_dense_tflops": 27.2,
                   "uncertain_fields": ["bf16_dense_tflops"], "notes": "n", "sources": ["s"]}]}))
    write("fuzz_gpu_catalog", "empty-list.json", '{"gpus": []}')


def safetensors_seed(tensors, metadata=None):
    """8-byte data length (the fuzz target's framing) followed by the JSON header."""
    bits = {"F32": 32, "BF16": 16, "F16": 16, "I8": 8, "F4": 4, "F8_E4M3": 8}
    header = {}
    if metadata is not None:
        header["__metadata__"] = metadata
    offset = 0
    for name, dtype, shape in tensors:
        n = 1
        for d in shape:
            n *= d
        size = n * bits[dtype] // 8
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    return struct.pack("<Q", offset) + json.dumps(header).encode()


def safetensors_seeds():
    d, v, f = 8, 16, 16
    llama = [("model.embed_tokens.weight", "BF16", [v, d])]
    for p, shape in (("self_attn.q_proj", [d, d]), ("self_attn.k_proj", [4, d]), ("self_attn.v_proj", [4, d]),
                     ("self_attn.o_proj", [d, d]), ("mlp.gate_proj", [f, d]), ("mlp.up_proj", [f, d]),
                     ("mlp.down_proj", [d, f])):
        llama.append(("model.layers.0." + p + ".weight", "BF16", shape))
    llama += [("model.layers.0.input_layernorm.weight", "F32", [d]),
              ("model.layers.0.post_attention_layernorm.weight", "F32", [d]),
              ("model.norm.weight", "F32", [d]), ("lm_head.weight", "BF16", [v, d])]
    write("fuzz_safetensors", "tiny-llama.bin", safetensors_seed(llama, {"format": "pt"}))
    write("fuzz_safetensors", "scalar-and-empty.bin", safetensors_seed(
        [("a", "F32", []), ("b", "F16", [0, 3]), ("c", "F4", [2, 2]), ("d", "F8_E4M3", [3])]))
    write("fuzz_safetensors", "index.bin", struct.pack("<Q", 0) + json.dumps(
        {"metadata": {"total_size": 96},
         "weight_map": {"a.weight": "model-00001-of-00002.safetensors",
                        "b.weight": "model-00002-of-00002.safetensors"}}).encode())


# GGUF v3 (ggml docs/gguf.md): magic, version, tensor count, kv count, key/values, tensor infos,
# padding to the alignment, data.
def gguf_string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def gguf_kv(key, kind, value):
    out = gguf_string(key)
    if kind == "str":
        return out + struct.pack("<I", 8) + gguf_string(value)
    if kind == "u16":
        return out + struct.pack("<IH", 2, value)
    if kind == "u32":
        return out + struct.pack("<II", 4, value)
    if kind == "i32":
        return out + struct.pack("<Ii", 5, value)
    if kind == "f32":
        return out + struct.pack("<If", 6, value)
    if kind == "strs":
        return out + struct.pack("<IIQ", 9, 8, len(value)) + b"".join(gguf_string(s) for s in value)
    raise ValueError(kind)


def gguf_file(kvs, tensors, alignment=32):
    types = {"F32": (0, 4), "F16": (1, 2)}
    body = b"".join(gguf_kv(*kv) for kv in kvs)
    infos = b""
    offset = 0
    for name, dims, t in tensors:
        type_id, size = types[t]
        n = 1
        for d in dims:
            n *= d
        infos += gguf_string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        infos += struct.pack("<IQ", type_id, offset)
        offset += n * size
        offset = (offset + alignment - 1) // alignment * alignment
    head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(kvs)) + body + infos
    head += b"\0" * ((-len(head)) % alignment)
    return head + b"\0" * offset


def gguf_seeds():
    d, v, f = 8, 16, 16
    kvs = [("general.architecture", "str", "llama"), ("general.name", "str", "tiny"),
           ("llama.block_count", "u32", 1), ("llama.embedding_length", "u32", d),
           ("llama.feed_forward_length", "u32", f), ("llama.attention.head_count", "u32", 2),
           ("llama.attention.head_count_kv", "u32", 1), ("llama.context_length", "u32", 64),
           ("llama.attention.layer_norm_rms_epsilon", "f32", 1e-5),
           ("tokenizer.ggml.tokens", "strs", ["<s>", "</s>"] + ["t%d" % i for i in range(v - 2)])]
    tensors = [("token_embd.weight", [d, v], "F16"), ("blk.0.attn_norm.weight", [d], "F32"),
               ("blk.0.attn_q.weight", [d, d], "F16"), ("blk.0.attn_k.weight", [d, 4], "F16"),
               ("blk.0.attn_v.weight", [d, 4], "F16"), ("blk.0.attn_output.weight", [d, d], "F16"),
               ("blk.0.ffn_norm.weight", [d], "F32"), ("blk.0.ffn_gate.weight", [d, f], "F16"),
               ("blk.0.ffn_up.weight", [d, f], "F16"), ("blk.0.ffn_down.weight", [f, d], "F16"),
               ("output_norm.weight", [d], "F32"), ("output.weight", [d, v], "F16")]
    write("fuzz_gguf", "tiny-llama.gguf", gguf_file(kvs, tensors))
    write("fuzz_gguf", "tiny-llama-tied.gguf", gguf_file(kvs, tensors[:-1]))
    write("fuzz_gguf", "metadata-only.gguf", gguf_file(kvs[:3], []))
    moe = kvs + [("llama.expert_count", "u32", 4), ("llama.expert_used_count", "u32", 2)]
    moe_tensors = tensors[:7] + [("blk.0.ffn_gate_inp.weight", [d, 4], "F32"),
                                 ("blk.0.ffn_gate_exps.weight", [d, f, 4], "F16"),
                                 ("blk.0.ffn_up_exps.weight", [d, f, 4], "F16"),
                                 ("blk.0.ffn_down_exps.weight", [f, d, 4], "F16")] + tensors[10:]
    write("fuzz_gguf", "tiny-moe.gguf", gguf_file(moe, moe_tensors))


def header_json(tensors, metadata=None):
    """A safetensors JSON header whose data offsets tile the data section."""
    bits = {"F32": 32, "BF16": 16, "F16": 16, "I8": 8, "U8": 8, "I32": 32, "U32": 32, "I64": 64,
            "F8_E4M3": 8}
    header = {}
    if metadata is not None:
        header["__metadata__"] = metadata
    offset = 0
    for name, dtype, shape in tensors:
        n = 1
        for d in shape:
            n *= d
        size = n * bits[dtype] // 8
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    return json.dumps(header)


def hf_config(name):
    with open(os.path.join(ROOT, "tests", "data", "hf", name, "config.json")) as f:
        return json.load(f)


def quant_seeds():
    """config.json, a NUL byte, a safetensors header: one per quantized layout the reader knows."""
    def seed(name, config, tensors):
        write("fuzz_safetensors_quant", name + ".bin", json.dumps(config) + "\0" + header_json(tensors))

    llama = hf_config("olmo-2-1124-7b")
    p = "model.layers.0.self_attn.q_proj."
    seed("mlx-4bit-g64", dict(llama, quantization={"group_size": 64, "bits": 4}),
         [(p + "weight", "U32", [16, 8]), (p + "scales", "BF16", [16, 1]), (p + "biases", "BF16", [16, 1])])
    seed("mlx-8bit-no-settings", llama,
         [(p + "weight", "U32", [16, 16]), (p + "scales", "BF16", [16, 1]), (p + "biases", "BF16", [16, 1])])
    seed("gptq-4bit-g128", dict(llama, quantization_config={"quant_method": "gptq", "bits": 4, "group_size": 128}),
         [(p + "qweight", "I32", [16, 16]), (p + "qzeros", "I32", [1, 2]), (p + "scales", "F16", [1, 16]),
          (p + "g_idx", "I32", [128])])
    seed("awq-4bit-g128", dict(llama, quantization_config={"quant_method": "awq", "bits": 4, "group_size": 128,
                                                           "version": "gemm"}),
         [(p + "qweight", "I32", [128, 2]), (p + "qzeros", "I32", [1, 2]), (p + "scales", "F16", [1, 16])])
    seed("bnb-nf4", dict(llama, quantization_config={"quant_method": "bitsandbytes", "load_in_4bit": True,
                                                     "bnb_4bit_quant_type": "nf4"}),
         [(p + "weight", "U8", [1024, 1]), (p + "weight.absmax", "F32", [32]), (p + "weight.quant_map", "F32", [16]),
          (p + "weight.quant_state.bitsandbytes__nf4", "U8", [64])])
    seed("bnb-int8", dict(llama, quantization_config={"quant_method": "bitsandbytes", "load_in_8bit": True}),
         [(p + "weight", "I8", [16, 64]), (p + "SCB", "F32", [16]), (p + "weight_format", "U8", [1])])
    seed("fp8-block-128", hf_config("deepseek-v3"),
         [(p + "weight", "F8_E4M3", [256, 128]), (p + "weight_scale_inv", "F32", [2, 1])])
    seed("compressed-tensors-int4", dict(llama, quantization_config={
        "quant_method": "compressed-tensors", "format": "pack-quantized",
        "config_groups": {"group_0": {"weights": {"num_bits": 4, "group_size": 32, "type": "int"},
                                      "targets": ["Linear"]}}}),
         [(p + "weight_packed", "I32", [16, 8]), (p + "weight_scale", "BF16", [16, 2]),
          (p + "weight_shape", "I64", [2])])
    seed("mxfp4-experts", dict(llama, quantization_config={"quant_method": "mxfp4"}),
         [("model.layers.0.mlp.experts.gate_up_proj_blocks", "U8", [4, 32, 2, 16]),
          ("model.layers.0.mlp.experts.gate_up_proj_scales", "U8", [4, 32, 2])])


def split_seeds():
    """A 4-byte length, then two GGUF splits of one model (llama.cpp's gguf-split keys)."""
    d, v, f = 8, 16, 16
    kvs = [("general.architecture", "str", "llama"), ("llama.block_count", "u32", 1),
           ("llama.embedding_length", "u32", d), ("llama.feed_forward_length", "u32", f),
           ("llama.attention.head_count", "u32", 2), ("llama.attention.head_count_kv", "u32", 1)]
    first = [("token_embd.weight", [d, v], "F16"), ("blk.0.attn_norm.weight", [d], "F32"),
             ("blk.0.attn_q.weight", [d, d], "F16"), ("blk.0.attn_k.weight", [d, 4], "F16")]
    second = [("blk.0.attn_v.weight", [d, 4], "F16"), ("blk.0.attn_output.weight", [d, d], "F16"),
              ("blk.0.ffn_norm.weight", [d], "F32"), ("blk.0.ffn_gate.weight", [d, f], "F16"),
              ("blk.0.ffn_up.weight", [d, f], "F16"), ("blk.0.ffn_down.weight", [f, d], "F16"),
              ("output_norm.weight", [d], "F32")]
    total = len(first) + len(second)

    def split(no, tensors, extra):
        keys = [("split.no", "u16", no), ("split.count", "u16", 2), ("split.tensors.count", "i32", total)]
        return gguf_file(extra + keys, tensors)

    one = split(0, first, kvs)
    two = split(1, second, [])
    write("fuzz_gguf_split", "llama-two-splits.bin", struct.pack("<I", len(one)) + one + two)
    write("fuzz_gguf_split", "metadata-split-only.bin", struct.pack("<I", len(one)) + one)


def tree(files):
    """A checkpoint directory as one input (fuzz/fuzz_tree.h): per file a role byte, a 4-byte
    little-endian length and the bytes (a safetensors role's bytes are its JSON header)."""
    out = b""
    for role, data in files:
        if isinstance(data, str):
            data = data.encode()
        out += struct.pack("<BI", role, len(data)) + data
    return out


def tree_seeds():
    """Seeds of the directory targets: the quantized layouts with their configs, a sharded
    checkpoint with its index, GGUF splits, LoRA adapters (PEFT and MLX)."""
    llama = hf_config("olmo-2-1124-7b")
    p = "model.layers.0.self_attn.q_proj."
    layouts = {
        "mlx-4bit-g64": (dict(llama, quantization={"group_size": 64, "bits": 4}),
                         [(p + "weight", "U32", [16, 8]), (p + "scales", "BF16", [16, 1]),
                          (p + "biases", "BF16", [16, 1])]),
        "gptq-4bit-g128": (dict(llama, quantization_config={"quant_method": "gptq", "bits": 4,
                                                            "group_size": 128}),
                           [(p + "qweight", "I32", [16, 16]), (p + "qzeros", "I32", [1, 2]),
                            (p + "scales", "F16", [1, 16]), (p + "g_idx", "I32", [128])]),
        "awq-4bit-g128": (dict(llama, quantization_config={"quant_method": "awq", "bits": 4,
                                                           "group_size": 128, "version": "gemm"}),
                          [(p + "qweight", "I32", [128, 2]), (p + "qzeros", "I32", [1, 2]),
                           (p + "scales", "F16", [1, 16])]),
        "fp8-block-128": (hf_config("deepseek-v3"),
                          [(p + "weight", "F8_E4M3", [256, 128]), (p + "weight_scale_inv", "F32", [2, 1])]),
        "bnb-nf4": (dict(llama, quantization_config={"quant_method": "bitsandbytes", "load_in_4bit": True,
                                                     "bnb_4bit_quant_type": "nf4"}),
                    [(p + "weight", "U8", [1024, 1]), (p + "weight.absmax", "F32", [32]),
                     (p + "weight.quant_map", "F32", [16]),
                     (p + "weight.quant_state.bitsandbytes__nf4", "U8", [64])]),
    }
    for name, (config, tensors) in layouts.items():
        write("fuzz_tree_safetensors", name + ".bin", tree([(0, json.dumps(config)), (1, header_json(tensors))]))
    d, v, f = 8, 16, 16
    plain = [("model.embed_tokens.weight", "BF16", [v, d])]
    for q, shape in (("self_attn.q_proj", [d, d]), ("self_attn.k_proj", [4, d]), ("self_attn.v_proj", [4, d]),
                     ("self_attn.o_proj", [d, d]), ("mlp.gate_proj", [f, d]), ("mlp.up_proj", [f, d]),
                     ("mlp.down_proj", [d, f])):
        plain.append(("model.layers.0." + q + ".weight", "BF16", shape))
    plain += [("model.layers.0.input_layernorm.weight", "F32", [d]),
              ("model.layers.0.post_attention_layernorm.weight", "F32", [d]),
              ("model.norm.weight", "F32", [d]), ("lm_head.weight", "BF16", [v, d])]
    config = {"model_type": "llama", "hidden_size": d, "num_hidden_layers": 1, "num_attention_heads": 2,
              "num_key_value_heads": 1, "intermediate_size": f, "vocab_size": v, "tie_word_embeddings": False}
    write("fuzz_tree_safetensors", "plain-llama.bin", tree([(0, json.dumps(config)), (1, header_json(plain))]))
    write("fuzz_tree_safetensors", "two-unindexed-shards.bin",
          tree([(0, json.dumps(config)), (2, header_json(plain[:6])), (3, header_json(plain[6:]))]))
    shards = [plain[:4], plain[4:8], plain[8:]]
    index = {"metadata": {"total_size": 0}, "weight_map": {}}
    for i, part in enumerate(shards):
        for name, dtype, shape in part:
            index["weight_map"][name] = "model-%05d-of-00003.safetensors" % (i + 1)
    write("fuzz_tree_sharded", "llama-three-shards.bin",
          tree([(0, json.dumps(config)), (1, json.dumps(index))] +
               [(2 + i, header_json(part)) for i, part in enumerate(shards)]))
    write("fuzz_tree_sharded", "llama-one-shard-missing.bin",
          tree([(0, json.dumps(config)), (1, json.dumps(index)), (2, header_json(shards[0]))]))
    # Regressions: MLX layouts of zero-element tensors whose group arithmetic wrapped to a
    # division by zero (SIGFPE), with no config and with a group size of 0.
    zero = [(p + "weight", "U32", [0, 8]), (p + "scales", "F16", [0, 2 ** 58]), (p + "biases", "F16", [0, 2 ** 58])]
    write("fuzz_tree_safetensors", "regression-mlx-zero-elements.bin", tree([(1, header_json(zero))]))
    write("fuzz_tree_safetensors", "regression-mlx-group-0.bin", tree([
        (0, json.dumps({"quantization": {"group_size": 0}})),
        (1, header_json([(p + "weight", "U32", [0, 8]), (p + "scales", "F16", [0, 2 ** 32]),
                         (p + "biases", "F16", [0, 2 ** 32])]))]))
    write("fuzz_safetensors_quant", "regression-mlx-zero-elements.bin", "{}\0" + header_json(zero))
    # GGUF: three splits of one model.
    kvs = [("general.architecture", "str", "llama"), ("general.name", "str", "tiny"),
           ("llama.block_count", "u32", 1), ("llama.embedding_length", "u32", d),
           ("llama.feed_forward_length", "u32", f), ("llama.attention.head_count", "u32", 2),
           ("llama.attention.head_count_kv", "u32", 1)]
    parts = [[("token_embd.weight", [d, v], "F16"), ("blk.0.attn_norm.weight", [d], "F32"),
              ("blk.0.attn_q.weight", [d, d], "F16"), ("blk.0.attn_k.weight", [d, 4], "F16")],
             [("blk.0.attn_v.weight", [d, 4], "F16"), ("blk.0.attn_output.weight", [d, d], "F16"),
              ("blk.0.ffn_norm.weight", [d], "F32")],
             [("blk.0.ffn_gate.weight", [d, f], "F16"), ("blk.0.ffn_up.weight", [d, f], "F16"),
              ("blk.0.ffn_down.weight", [f, d], "F16"), ("output_norm.weight", [d], "F32")]]
    total = sum(len(x) for x in parts)
    splits = []
    for no, tensors in enumerate(parts):
        keys = [("split.no", "u16", no), ("split.count", "u16", 3), ("split.tensors.count", "i32", total)]
        splits.append(gguf_file((kvs if no == 0 else []) + keys, tensors))
    write("fuzz_tree_gguf_split", "llama-three-splits.bin", tree([(i, s) for i, s in enumerate(splits)]))
    write("fuzz_tree_gguf_split", "llama-middle-split-missing.bin", tree([(0, splits[0]), (2, splits[2])]))
    # LoRA: PEFT (lora_A [r, in], lora_B [out, r]) and MLX (lora_a [in, r], lora_b [r, out]).
    peft = []
    mlx = []
    for m in ("q_proj", "v_proj"):
        peft += [("base_model.model.model.layers.0.self_attn.%s.lora_A.weight" % m, "F32", [4, d]),
                 ("base_model.model.model.layers.0.self_attn.%s.lora_B.weight" % m, "F32", [d, 4])]
        mlx += [("model.layers.0.self_attn.%s.lora_a" % m, "F32", [d, 4]),
                ("model.layers.0.self_attn.%s.lora_b" % m, "F32", [4, d])]
    write("fuzz_tree_lora", "peft-r4.bin", tree([
        (0, json.dumps({"r": 4, "lora_alpha": 8, "target_modules": ["q_proj", "v_proj"],
                        "base_model_name_or_path": "tiny-llama", "peft_type": "LORA"})),
        (1, header_json(peft)), (2, json.dumps(config))]))
    write("fuzz_tree_lora", "mlx-rank4.bin", tree([
        (0, json.dumps({"lora_parameters": {"rank": 4, "scale": 20.0}, "model": "tiny-llama"})),
        (1, header_json(mlx))]))
    write("fuzz_tree_lora", "peft-ranks-differ.bin", tree([
        (0, json.dumps({"r": 8})), (1, header_json(peft[:2] + [
            ("base_model.model.model.layers.0.self_attn.v_proj.lora_A.weight", "F32", [16, d]),
            ("base_model.model.model.layers.0.self_attn.v_proj.lora_B.weight", "F32", [d, 16])]))]))


def settings_seeds():
    """The app's settings file (QSettings INI) as the app writes it, and with hand edits."""
    write("fuzz_settings", "written.ini", "\n".join([
        "[compare]", "geometry=@ByteArray(\\x1\\xd9\\xd0\\xcb\\0\\x3)", "",
        "[files]", "recent=/home/u/llama.json, /home/u/s.llmsizer.json", "",
        "[memory]", "binaryUnits=true", "extraPrecisions=q4_k_m, q8_0",
        "gpus=rtx-4090-24gb, h100-sxm-80gb:8", "kvPrecision=fp8", "logScale=false",
        "overhead=vllm", "precision=bf16", "training=false", "",
        "[model]", "lastPreset=deepseek-v3", ""]))
    write("fuzz_settings", "hand-edited.ini", "[memory]\nbinaryUnits=maybe\ntraining=2\ngpus=\n"
          "[files]\nrecent=@Invalid()\n[model]\nlastPreset=@Variant(\\0\\0\\0\\x7f)\n")
    write("fuzz_settings", "empty.ini", "")


if __name__ == "__main__":
    preset_seeds()
    session_seeds()
    gpu_seeds()
    safetensors_seeds()
    gguf_seeds()
    quant_seeds()
    split_seeds()
    tree_seeds()
    settings_seeds()
