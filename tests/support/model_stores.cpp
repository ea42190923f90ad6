#include "model_stores.h"

#include "gguf_models.h"
#include "gguf_writer.h"
#include "model_tensors.h"
#include "safetensors_writer.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace testsupport {

namespace fs = std::filesystem;

namespace {

void writeText(const fs::path& p, const std::string& text)
{
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) {
        throw std::runtime_error("cannot write " + p.string());
    }
}

// A deterministic hex name of `len` digits (blob names stand in for the real hashes).
std::string hexName(std::uint64_t seed, std::size_t len)
{
    static const char* digits = "0123456789abcdef";
    std::string s;
    std::uint64_t x = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    while (s.size() < len) {
        x ^= x >> 29;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 32;
        s += digits[x & 15];
    }
    return s;
}

std::string readFile(const std::string& p)
{
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// HF cache: the file written as blobs/<etag>, linked from snapshots/<commit>/<name>.
class HfRepo {
public:
    HfRepo(const std::string& home, const std::string& repo, std::uint64_t seed)
        : m_dir(hfRepoDir(home, repo)), m_seed(seed)
    {
        fs::create_directories(m_dir / "blobs");
        fs::create_directories(m_dir / "snapshots" / kHfCommit);
        writeText(m_dir / "refs" / "main", kHfCommit);
    }
    fs::path blob() { return m_dir / "blobs" / hexName(m_seed * 100 + m_next++, 64); }
    void link(const fs::path& blob, const std::string& name)
    {
        fs::create_symlink(fs::path("../..") / "blobs" / blob.filename(),
                           m_dir / "snapshots" / kHfCommit / name);
    }
    void addText(const std::string& name, const std::string& text)
    {
        const fs::path b = blob();
        writeText(b, text);
        link(b, name);
    }
    void addSafetensors(const std::string& name, const std::vector<StTensor>& tensors)
    {
        const fs::path b = blob();
        writeSafetensors(b.string(), tensors);
        link(b, name);
    }
    // An interrupted download: blobs/<etag>.incomplete with `bytes` of it.
    void addIncomplete(std::uint64_t bytes)
    {
        const fs::path b = blob();
        writeBytes(b.string() + ".incomplete", std::string(16, '\0'), bytes);
    }

private:
    fs::path m_dir;
    std::uint64_t m_seed;
    std::uint64_t m_next = 0;
};

// A sharded checkpoint: `shards` files of consecutive tensors and the index naming them.
void addSharded(HfRepo& repo, const std::vector<StTensor>& tensors, int shards, int skip)
{
    std::string map;
    std::uint64_t total = 0;
    const std::size_t per =
        (tensors.size() + static_cast<std::size_t>(shards) - 1) / static_cast<std::size_t>(shards);
    for (int s = 0; s < shards; ++s) {
        char name[64];
        std::snprintf(name, sizeof name, "model-%05d-of-%05d.safetensors", s + 1, shards);
        const std::size_t begin = static_cast<std::size_t>(s) * per;
        const std::size_t end = std::min(tensors.size(), begin + per);
        const std::vector<StTensor> part(tensors.begin() + static_cast<std::ptrdiff_t>(begin),
                                         tensors.begin() + static_cast<std::ptrdiff_t>(end));
        for (const StTensor& t : part) {
            map += std::string(map.empty() ? "" : ",") + "\"" + t.name + "\":\"" + name + "\"";
        }
        total += safetensorsDataBytes(part);
        if (s + 1 == skip) {
            repo.addIncomplete(safetensorsDataBytes(part) / 3);
        } else {
            repo.addSafetensors(name, part);
        }
    }
    repo.addText("model.safetensors.index.json",
                 "{\"metadata\":{\"total_size\":" + std::to_string(total) + "},\"weight_map\":{" +
                     map + "}}");
}

// Ollama: blobs/sha256-<hex> and the manifest naming them.
class OllamaModel {
public:
    OllamaModel(const std::string& home, std::uint64_t seed)
        : m_root(fs::path(home) / ".ollama" / "models"), m_seed(seed)
    {
        fs::create_directories(m_root / "blobs");
    }
    fs::path blob(std::string* digest)
    {
        const std::string hex = hexName(m_seed * 100 + m_next++, 64);
        *digest = "sha256:" + hex;
        return m_root / "blobs" / ("sha256-" + hex);
    }
    void layer(const std::string& kind, const std::string& digest, std::uint64_t size)
    {
        m_layers += std::string(m_layers.empty() ? "" : ",") +
                    "{\"mediaType\":\"application/vnd.ollama.image." + kind + "\",\"digest\":\"" +
                    digest + "\",\"size\":" + std::to_string(size) + "}";
    }
    void addText(const std::string& kind, const std::string& text)
    {
        std::string digest;
        const fs::path b = blob(&digest);
        writeText(b, text);
        layer(kind, digest, text.size());
    }
    void addGguf(const std::string& kind, const GgufWriter& w)
    {
        std::string digest;
        const fs::path b = blob(&digest);
        layer(kind, digest, w.write(b.string()));
    }
    void write(const std::string& model, const std::string& tag)
    {
        std::string config;
        const fs::path c = blob(&config);
        const std::string configText = "{\"model_format\":\"gguf\",\"model_family\":\"llama\"}";
        writeText(c, configText);
        writeText(m_root / "manifests" / "registry.ollama.ai" / "library" / model / tag,
                  "{\"schemaVersion\":2,\"mediaType\":\"application/"
                  "vnd.docker.distribution.manifest.v2+json\",\"config\":{\"mediaType\":"
                  "\"application/vnd.docker.container.image.v1+json\",\"digest\":\"" +
                      config + "\",\"size\":" + std::to_string(configText.size()) +
                      "},\"layers\":[" + m_layers + "]}");
    }

private:
    fs::path m_root;
    std::uint64_t m_seed;
    std::uint64_t m_next = 0;
    std::string m_layers;
};

GgufWriter llamaGguf(const std::string& name, const TinyLlama& s, bool q8)
{
    GgufWriter w(3);
    w.addString("general.architecture", "llama");
    w.addString("general.name", name);
    w.addU32("general.file_type", q8 ? 7 : 1);
    w.addU32("llama.context_length", static_cast<std::uint32_t>(s.context));
    w.addU32("llama.embedding_length", static_cast<std::uint32_t>(s.d));
    w.addU32("llama.block_count", static_cast<std::uint32_t>(s.layers));
    w.addU32("llama.feed_forward_length", static_cast<std::uint32_t>(s.ff));
    w.addU32("llama.attention.head_count", static_cast<std::uint32_t>(s.heads));
    w.addU32("llama.attention.head_count_kv", static_cast<std::uint32_t>(s.kv_heads));
    w.addF32("llama.attention.layer_norm_rms_epsilon", 1e-5f);
    w.addU32("llama.vocab_size", static_cast<std::uint32_t>(s.vocab));
    if (s.tokenizer) {
        w.addString("tokenizer.ggml.model", "gpt2");
        w.addStringArray("tokenizer.ggml.tokens", tokens(s.vocab));
        w.addF32Array("tokenizer.ggml.scores", s.vocab);
    }
    const GgmlBlock m = q8 ? kQ8_0 : kF16;
    const std::uint64_t kv = s.d / s.heads * s.kv_heads;
    w.addTensor("token_embd.weight", {s.d, s.vocab}, m);
    for (std::uint64_t i = 0; i < s.layers; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        w.addTensor(p + "attn_norm.weight", {s.d}, kF32);
        w.addTensor(p + "attn_q.weight", {s.d, s.d}, m);
        w.addTensor(p + "attn_k.weight", {s.d, kv}, m);
        w.addTensor(p + "attn_v.weight", {s.d, kv}, m);
        w.addTensor(p + "attn_output.weight", {s.d, s.d}, m);
        w.addTensor(p + "ffn_norm.weight", {s.d}, kF32);
        w.addTensor(p + "ffn_gate.weight", {s.d, s.ff}, m);
        w.addTensor(p + "ffn_up.weight", {s.d, s.ff}, m);
        w.addTensor(p + "ffn_down.weight", {s.ff, s.d}, m);
    }
    w.addTensor("output_norm.weight", {s.d}, kF32);
    w.addTensor("output.weight", {s.d, s.vocab}, m);
    return w;
}

GgufWriter projectorGguf()
{
    GgufWriter w(3);
    w.addString("general.architecture", "clip");
    w.addBool("clip.has_vision_encoder", true);
    w.addU32("clip.vision.embedding_length", 1024);
    w.addTensor("v.patch_embd.weight", {14, 14, 3, 1024}, kF16);
    w.addTensor("mm.0.weight", {1024, 4096}, kF16);
    w.addTensor("mm.0.bias", {4096}, kF32);
    return w;
}

std::string llamaConfig(const TinyLlama& s)
{
    return "{\"architectures\":[\"LlamaForCausalLM\"],\"model_type\":\"llama\",\"hidden_size\":" +
           std::to_string(s.d) + ",\"intermediate_size\":" + std::to_string(s.ff) +
           ",\"num_attention_heads\":" + std::to_string(s.heads) +
           ",\"num_key_value_heads\":" + std::to_string(s.kv_heads) +
           ",\"num_hidden_layers\":" + std::to_string(s.layers) +
           ",\"vocab_size\":" + std::to_string(s.vocab) +
           ",\"max_position_embeddings\":" + std::to_string(s.context) +
           ",\"rms_norm_eps\":1e-05,\"tie_word_embeddings\":false,\"torch_dtype\":\"bfloat16\"}";
}

LlamaShape shapeOf(const TinyLlama& s)
{
    LlamaShape l;
    l.d = s.d;
    l.layers = s.layers;
    l.q_out = s.d;
    l.kv_out = s.d / s.heads * s.kv_heads;
    l.ff = s.ff;
    l.vocab = s.vocab;
    return l;
}

} // namespace

std::string hfRepoDir(const std::string& home, const std::string& repo)
{
    std::string folder = "models--" + repo;
    const std::size_t slash = folder.find('/');
    folder.replace(slash, 1, "--");
    return (fs::path(home) / ".cache" / "huggingface" / "hub" / folder).string();
}

std::uint64_t writeLlamaGguf(const std::string& path, const std::string& name, const TinyLlama& s,
                             bool q8)
{
    fs::create_directories(fs::path(path).parent_path());
    return llamaGguf(name, s, q8).write(path);
}

void writeLlamaFolder(const std::string& dir, const TinyLlama& s)
{
    writeText(fs::path(dir) / "config.json", llamaConfig(s));
    writeSafetensors((fs::path(dir) / "model.safetensors").string(), llamaTensors(shapeOf(s)));
}

std::uint64_t writeProjectorGguf(const std::string& path)
{
    fs::create_directories(fs::path(path).parent_path());
    return projectorGguf().write(path);
}

void buildTestStores(const std::string& home)
{
    const std::string data = LLMSIZER_TEST_DATA_DIR;
    {
        HfRepo repo(home, "meta-llama/Llama-3.1-8B", 1);
        repo.addText("config.json",
                     readFile(data + "/reference/hf-configs/llama-3.1-8b/config.json"));
        addSharded(repo, llamaTensors(llama31_8b()), 4, 0);
    }
    {
        HfRepo repo(home, "mistralai/Mistral-7B-v0.1", 2);
        repo.addText("config.json",
                     readFile(data + "/reference/hf-configs/mistral-7b-v0.1/config.json"));
        LlamaShape mistral = llama31_8b();
        mistral.vocab = 32000;
        addSharded(repo, llamaTensors(mistral), 2, 2);
    }
    {
        HfRepo repo(home, "Qwen/Qwen3-0.6B", 3);
        repo.addText("config.json",
                     readFile(data + "/reference/hf-configs-2026/qwen3-0.6b/config.json"));
        repo.addIncomplete(300000000);
    }
    {
        OllamaModel m(home, 4);
        m.addGguf("model", llama31Q8());
        m.addText("template", "{{ .Prompt }}");
        m.addText("license", "LLAMA 3.1 COMMUNITY LICENSE AGREEMENT");
        m.addText("params", "{\"num_ctx\":16384,\"stop\":[\"<|eot_id|>\"]}");
        m.write("llama3.1", "8b");
    }
    {
        OllamaModel m(home, 5);
        TinyLlama llama2;
        llama2.d = 4096;
        llama2.layers = 32;
        llama2.heads = 32;
        llama2.kv_heads = 32;
        llama2.ff = 11008;
        llama2.vocab = 32000;
        llama2.context = 4096;
        m.addGguf("model", llamaGguf("LLaVA", llama2, true));
        m.addGguf("projector", projectorGguf());
        m.addText("params", "{\"stop\":[\"USER:\"]}");
        m.write("llava", "7b");
    }
    {
        OllamaModel m(home, 6);
        std::string digest;
        (void)m.blob(&digest); // named by the manifest, never written
        m.layer("model", digest, 4661211424);
        m.write("broken", "latest");
    }
    const TinyLlama tiny;
    const fs::path lms = fs::path(home) / ".lmstudio" / "models" / "acme";
    writeLlamaGguf((lms / "Tiny-Llama-GGUF" / "tiny-llama-Q8_0.gguf").string(), "Tiny Llama", tiny,
                   true);
    writeProjectorGguf((lms / "Tiny-Llama-GGUF" / "mmproj-tiny-f16.gguf").string());
    writeLlamaFolder((lms / "Tiny-Llama").string(), tiny);
    const fs::path cache = fs::path(home) / ".cache" / "llama.cpp";
    writeLlamaGguf((cache / "acme_Tiny-Llama-GGUF_tiny-llama-Q8_0.gguf").string(), "Tiny Llama",
                   tiny, true);
    writeText(cache / "acme_Tiny-Llama-GGUF_tiny-llama-Q8_0.gguf.json",
              "{\"etag\":\"\\\"" + hexName(7, 64) + "\\\"\"}");
}

namespace {

TinyLlama shape(std::uint64_t d, std::uint64_t layers, std::uint64_t heads, std::uint64_t kv,
                std::uint64_t ff, std::uint64_t vocab, std::uint64_t context)
{
    TinyLlama s;
    s.d = d;
    s.layers = layers;
    s.heads = heads;
    s.kv_heads = kv;
    s.ff = ff;
    s.vocab = vocab;
    s.context = context;
    return s;
}

} // namespace

void buildShowcaseStores(const std::string& home)
{
    buildTestStores(home);
    const fs::path lms = fs::path(home) / ".lmstudio" / "models";
    writeLlamaGguf((lms / "lmstudio-community" / "Mistral-7B-Instruct-v0.3-GGUF" /
                    "Mistral-7B-Instruct-v0.3-Q8_0.gguf")
                       .string(),
                   "Mistral 7B Instruct v0.3", shape(4096, 32, 32, 8, 14336, 32768, 32768), true);
    writeLlamaGguf(
        (lms / "TheBloke" / "Llama-2-13B-chat-GGUF" / "llama-2-13b-chat.Q8_0.gguf").string(),
        "Llama 2 13B Chat", shape(5120, 40, 40, 40, 13824, 32000, 4096), true);
    const TinyLlama tiny = shape(2048, 22, 32, 4, 5632, 32000, 2048);
    writeLlamaGguf((fs::path(home) / ".cache" / "llama.cpp" /
                    "TinyLlama_TinyLlama-1.1B-Chat-v1.0-GGUF_tinyllama-1.1b-chat-v1.0.f16.gguf")
                       .string(),
                   "TinyLlama 1.1B Chat v1.0", tiny, false);
    {
        HfRepo repo(home, "TinyLlama/TinyLlama-1.1B-Chat-v1.0", 9);
        repo.addText("config.json", llamaConfig(tiny));
        repo.addSafetensors("model.safetensors", llamaTensors(shapeOf(tiny)));
    }
    {
        OllamaModel m(home, 10);
        m.addGguf("model",
                  llamaGguf("CodeLlama", shape(4096, 32, 32, 32, 11008, 32016, 16384), true));
        m.addText("params", "{\"stop\":[\"[INST]\"]}");
        m.write("codellama", "7b");
    }
    {
        OllamaModel m(home, 11);
        m.addGguf("model", llamaGguf("Meta Llama 3 8B Instruct",
                                     shape(4096, 32, 32, 8, 14336, 128256, 8192), true));
        m.write("llama3", "8b");
    }
    {
        OllamaModel m(home, 12);
        m.addGguf("model", llamaGguf("Meta Llama 3.1 70B Instruct",
                                     shape(8192, 80, 64, 8, 28672, 128256, 131072), true));
        m.write("llama3.1", "70b-instruct-q8_0");
    }
}

void buildManyStores(const std::string& home, int count, bool tokenizers)
{
    for (int i = 0; i < count; ++i) {
        TinyLlama s;
        if (tokenizers) {
            s.vocab = 32000; // Llama 2's, and the size of its tokenizer arrays
            s.tokenizer = true;
        }
        s.layers = 2 + static_cast<std::uint64_t>(i % 7);
        s.d = 64 * (1 + static_cast<std::uint64_t>(i % 3));
        s.ff = 2 * s.d;
        const std::string name = "Model-" + std::to_string(i);
        switch (i % 4) {
        case 0: {
            HfRepo repo(home, "org" + std::to_string(i % 10) + "/" + name,
                        100 + static_cast<std::uint64_t>(i));
            repo.addText("config.json", llamaConfig(s));
            repo.addSafetensors("model.safetensors", llamaTensors(shapeOf(s)));
            break;
        }
        case 1: {
            OllamaModel m(home, 100 + static_cast<std::uint64_t>(i));
            m.addGguf("model", llamaGguf(name, s, true));
            m.addText("params", "{\"num_ctx\":8192}");
            m.write("model-" + std::to_string(i), "latest");
            break;
        }
        case 2:
            writeLlamaGguf((fs::path(home) / ".lmstudio" / "models" / "pub" / (name + "-GGUF") /
                            (name + "-Q8_0.gguf"))
                               .string(),
                           name, s, true);
            break;
        default:
            writeLlamaGguf(
                (fs::path(home) / ".cache" / "llama.cpp" / ("pub_" + name + "_f16.gguf")).string(),
                name, s, false);
            break;
        }
    }
}

} // namespace testsupport
