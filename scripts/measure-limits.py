#!/usr/bin/env python3
"""Measures the promise of docs/reliability.md ("Limits"): no accepted input takes more than 512 MB
or 2 s. Writes the largest input each reader accepts at its documented caps into a temporary
directory, runs llm-sizer-cli on it under /usr/bin/time -v and prints one line per input: wall
time, peak resident memory, exit code and whether the promise holds.

    cmake --preset release && cmake --build build/release --target llm-sizer-cli
    scripts/measure-limits.py [build/release/app/llm-sizer-cli]
"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MIB = 1 << 20


def config_json(path):
    """A Hugging Face config.json just under 16 MiB and 1,000,000 JSON values."""
    with open(os.path.join(ROOT, "tests", "data", "reference", "hf-configs", "llama-3.1-8b", "config.json")) as f:
        config = json.load(f)
    config["padding"] = [123456789012345] * 999_000  # 16 bytes each: 15,984,000 bytes
    text = json.dumps(config, separators=(",", ":"))
    assert len(text) < 16 * MIB
    with open(path, "w") as f:
        f.write(text)
    return ["count", "--config", path]


def gpu_catalog(path):
    """A user GPU catalog at its cap, 4,096 GPUs."""
    gpus = [{"id": "g%06d" % i, "name": "GPU %06d" % i, "vendor": "V", "memory_gb": 24,
             "bandwidth_gb_s": 1000} for i in range(4096)]
    text = json.dumps({"gpus": gpus}, separators=(",", ":"))
    assert len(text) < 16 * MIB
    with open(path, "w") as f:
        f.write(text)
    return ["gpus", "--user-gpus", path]


def safetensors_header(path):
    """A safetensors file whose header lists 131,072 tensors (F32 [1]): the tensor cap."""
    n = 1 << 17
    parts = []
    for i in range(n):
        parts.append('"t%07d":{"dtype":"F32","shape":[1],"data_offsets":[%d,%d]}' % (i, 4 * i, 4 * i + 4))
    header = ("{" + ",".join(parts) + "}").encode()
    assert len(header) < 100_000_000
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header)
        f.truncate(8 + len(header) + 4 * n)
    return ["inspect", path]


def safetensors_index(path):
    """A model.safetensors.index.json at the tensor cap, 131,072 tensors, under 16 MiB."""
    shard = "model-00001-of-00001.safetensors"
    weight_map = {"model.layers.%06d.mlp.experts.%03d.gate_proj.weight" % (i // 256, i % 256): shard
                  for i in range(1 << 17)}
    text = json.dumps({"metadata": {"total_size": 0}, "weight_map": weight_map}, separators=(",", ":"))
    assert len(text) < 16 * MIB, len(text)
    with open(path, "w") as f:
        f.write(text)
    return ["inspect", path]


def gguf_string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def gguf_file(path):
    """A GGUF with 131,072 tensors, 65,536 keys, 16 integer arrays of 65,536 items (2^20 kept) and
    a tokenizer array of 262,144 strings (never kept)."""
    kvs = [gguf_string("general.architecture") + struct.pack("<I", 8) + gguf_string("llama")]
    for a in range(16):
        kvs.append(gguf_string("test.array.%02d" % a) + struct.pack("<IIQ", 9, 4, 65536) +
                   struct.pack("<65536I", *range(65536)))
    tokens = [b"tok%06d" % i for i in range(262_144)]
    kvs.append(gguf_string("tokenizer.ggml.tokens") + struct.pack("<IIQ", 9, 8, len(tokens)) +
               b"".join(struct.pack("<Q", len(t)) + t for t in tokens))
    while len(kvs) < 65536:
        kvs.append(gguf_string("test.key.%05d" % len(kvs)) + struct.pack("<II", 4, len(kvs)))
    n = 1 << 17
    infos = b"".join(gguf_string("t.%07d" % i) + struct.pack("<IQIQ", 1, 1, 0, 32 * i) for i in range(n))
    head = b"GGUF" + struct.pack("<IQQ", 3, n, len(kvs)) + b"".join(kvs) + infos
    head += b"\0" * ((-len(head)) % 32)
    assert len(head) < 256 * MIB
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(len(head) + 32 * n)
    return ["inspect", path]


def measure(cli, args):
    run = subprocess.run(["/usr/bin/time", "-v", cli] + args, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, errors="replace")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", run.stderr).group(1)
    minutes, seconds = wall.rsplit(":", 1)
    secs = float(seconds) + 60 * float(minutes.split(":")[-1])
    cpu = sum(float(re.search(r"%s time \(seconds\): (\S+)" % k, run.stderr).group(1))
              for k in ("User", "System"))
    error = [line for line in run.stderr.splitlines() if line.startswith("error:")]
    return run.returncode, secs, cpu, rss / 1024, error[:1]


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "release", "app", "llm-sizer-cli")
    with tempfile.TemporaryDirectory() as d:
        cases = [("config.json, 16 MiB, 999,000 values", config_json, "config.json"),
                 ("user GPU catalog, 4,096 GPUs", gpu_catalog, "gpus.json"),
                 ("safetensors header, 131,072 tensors", safetensors_header, "model.safetensors"),
                 ("safetensors index, 131,072 tensors", safetensors_index, "model.safetensors.index.json"),
                 ("GGUF, 131,072 tensors, 65,536 keys", gguf_file, "model.gguf")]
        # The promise is judged on CPU time (user + system): on a shared machine the wall time
        # also counts the other processes' turns.
        print("input\tbytes\texit\twall s\tCPU s\tpeak MB\tpromise")
        for label, make, name in cases:
            path = os.path.join(d, name)
            args = make(path)
            # Text output, then --json (which holds the whole result as one JSON document).
            for variant in (args, args + ["--json"]):
                code, secs, cpu, mb, error = measure(cli, variant)
                ok = code == 0 and cpu <= 2.0 and mb <= 512
                print("%s%s\t%d\t%d\t%.2f\t%.2f\t%.0f\t%s%s" % (
                    label, ", --json" if variant is not args else "", os.path.getsize(path), code,
                    secs, cpu, mb, "kept" if ok else "BROKEN", "\t" + error[0] if error else ""))
            os.remove(path)


if __name__ == "__main__":
    main()
