// The models on disk (local/local_models.h) in stores laid out as their tools lay them out
// (support/model_stores.cpp), built in a temporary home: every model and copy the scan lists,
// with the published parameter counts, the bytes worked out by hand, and every problem line.
#include "llmsizer/local/local_models.h"
#include "llmsizer/local/local_runs.h"
#include "llmsizer/model/count.h"
#include "support/model_stores.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace llmsizer;

namespace {

const LocalModel* findModel(const LocalScan& s, const std::string& name)
{
    for (const LocalModel& m : s.models) {
        if (m.name == name) {
            return &m;
        }
    }
    return nullptr;
}

std::vector<std::string> roles(const LocalCopy& c)
{
    std::vector<std::string> out;
    for (const LocalFile& f : c.files) {
        out.push_back(f.role + (f.state.empty() ? "" : " (" + f.state + ")"));
    }
    return out;
}

// Q8_0: 34 bytes per block of 32 weights (ggml-common.h block_q8_0: a half scale, 32 int8).
constexpr std::uint64_t q8Bytes(std::uint64_t weights)
{
    return weights / 32 * 34;
}

} // namespace

class TestLocalModels : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_home;
    LocalScan m_scan;

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        testsupport::buildTestStores(m_home.path().toStdString());
        ScanEnvironment env;
        env.home = m_home.path().toStdString();
        m_scan = scanLocalModels(env);
    }

    void storesLookedAt()
    {
        // No variable set: every default under the home, in order.
        const std::string h = m_home.path().toStdString();
        QCOMPARE(m_scan.stores.size(), 5u);
        QCOMPARE(m_scan.stores[0].root.string(), h + "/.cache/huggingface/hub");
        QCOMPARE(m_scan.stores[1].root.string(), h + "/.ollama/models");
        QCOMPARE(m_scan.stores[2].root.string(), h + "/.lmstudio/models");
        QCOMPARE(m_scan.stores[3].root.string(), h + "/.cache/lm-studio/models");
        QVERIFY(!m_scan.stores[3].exists);
        QCOMPARE(m_scan.stores[4].root.string(), h + "/.cache/llama.cpp");
        // The variables, as huggingface_hub, ollama and llama.cpp read them.
        ScanEnvironment e;
        e.home = "/home/u";
        e.env = {{"HF_HOME", "~/hf"},
                 {"OLLAMA_MODELS", "/data/ollama"},
                 {"XDG_CACHE_HOME", "/var/cache/u"}};
        const auto stores = modelStores(e);
        QCOMPARE(stores[0].root.string(), std::string("/home/u/hf/hub"));
        QCOMPARE(stores[0].because, std::string("HF_HOME"));
        QCOMPARE(stores[1].root.string(), std::string("/data/ollama"));
        QCOMPARE(stores[4].root.string(), std::string("/var/cache/u/llama.cpp"));
        e.env["HF_HUB_CACHE"] = "/models/hub";
        QCOMPARE(modelStores(e)[0].root.string(), std::string("/models/hub"));
    }

    void everyModelListed()
    {
        std::vector<std::string> names;
        for (const LocalModel& m : m_scan.models) {
            names.push_back(m.name);
        }
        const std::vector<std::string> expected = {
            "broken:latest",   "llava:7b",  "meta-llama/Llama-3.1-8B", "mistralai/Mistral-7B-v0.1",
            "Qwen/Qwen3-0.6B", "Tiny Llama"};
        QCOMPARE(names, expected);
        QVERIFY2(m_scan.problems.empty(),
                 m_scan.problems.empty() ? "" : m_scan.problems[0].message.c_str());
    }

    void llama31InTwoStores()
    {
        const LocalModel* m = findModel(m_scan, "meta-llama/Llama-3.1-8B");
        QVERIFY(m != nullptr);
        QCOMPARE(m->copies.size(), 2u);
        // Llama-3.1-8B: 8,030,261,248 parameters (meta-llama/Llama-3.1-8B model card).
        constexpr std::uint64_t params = 8030261248;
        // The smaller copy first: Ollama's Q8_0 GGUF. Norms (2 per layer + the final one) are
        // F32, every matrix Q8_0; rope_freqs is a buffer, not a parameter.
        const LocalCopy& ollama = m->copies[0];
        QCOMPARE(ollama.store, StoreKind::Ollama);
        QCOMPARE(ollama.name, std::string("llama3.1:8b"));
        QCOMPARE(ollama.params, params);
        constexpr std::uint64_t norms = 32 * 2 * 4096 + 4096;
        QCOMPARE(ollama.weight_bytes, q8Bytes(params - norms) + norms * 4);
        QCOMPARE(ollama.quantization, std::string("Q8_0"));
        QCOMPARE(ollama.architecture, std::string("llama"));
        QCOMPARE(ollama.context_length, 4096ull); // llama.context_length in the file
        QCOMPARE(ollama.num_ctx, 16384ull);
        QCOMPARE(roles(ollama),
                 (std::vector<std::string>{"weights", "template", "license", "params"}));
        QVERIFY(ollama.problems.empty());
        const LocalCopy& hf = m->copies[1];
        QCOMPARE(hf.store, StoreKind::HuggingFace);
        QCOMPARE(hf.revision, std::string(testsupport::kHfCommit));
        QCOMPARE(hf.params, params);
        QCOMPARE(hf.weight_bytes, 2 * params); // BF16
        QCOMPARE(hf.quantization, std::string("BF16"));
        QCOMPARE(*hf.bpw, 16.0);
        QCOMPARE(hf.context_length, 131072ull); // max_position_embeddings
        QCOMPARE(roles(hf), (std::vector<std::string>{"config", "weights", "weights", "weights",
                                                      "weights", "index"}));
        QVERIFY(hf.disk_bytes > hf.weight_bytes && hf.disk_bytes < hf.weight_bytes + 100000);
        QVERIFY(!hf.partial);
    }

    void partialAndIncomplete()
    {
        const LocalModel* mistral = findModel(m_scan, "mistralai/Mistral-7B-v0.1");
        QVERIFY(mistral != nullptr);
        const LocalCopy& c = mistral->primary();
        QVERIFY(c.partial);
        QVERIFY(c.error.empty());
        QCOMPARE(c.problems.size(), 2u);
        QVERIFY(c.problems[0].find(".incomplete: a download that did not finish (") !=
                std::string::npos);
        QVERIFY(c.problems[0].ends_with(" bytes so far)"));
        QCOMPARE(c.problems[1], std::string("model-00002-of-00002.safetensors: missing (not "
                                            "downloaded)"));
        // The architecture still comes from config.json: Mistral-7B-v0.1 has 7,241,732,096.
        QVERIFY(c.config.has_value());
        QCOMPARE(countParameters(*c.config).total, 7241732096ull);
        QVERIFY(c.params > 0 && c.params < 7241732096ull);

        const LocalModel* qwen = findModel(m_scan, "Qwen/Qwen3-0.6B");
        QVERIFY(qwen != nullptr);
        QCOMPARE(qwen->primary().error,
                 std::string("no weights downloaded yet: 1 download did not finish"));
        QCOMPARE(roles(qwen->primary()),
                 (std::vector<std::string>{"config", "weights (incomplete download)"}));
        QCOMPARE(qwen->primary().disk_bytes, 300000000ull + qwen->primary().files[0].bytes);
    }

    void ollamaProjectorAndMissingBlob()
    {
        const LocalModel* llava = findModel(m_scan, "llava:7b");
        QVERIFY(llava != nullptr);
        const LocalCopy& c = llava->primary();
        // Llama-2-7B's language model: 6,738,415,616 parameters (Touvron et al. 2023, Table 1
        // rounds it to 7B; the checkpoint's tensors sum to this).
        QCOMPARE(c.params, 6738415616ull);
        QCOMPARE(c.quantization, std::string("Q8_0")); // general.file_type 7
        QCOMPARE(roles(c), (std::vector<std::string>{"weights", "projector", "params"}));
        QCOMPARE(c.num_ctx, 0ull);

        const LocalModel* broken = findModel(m_scan, "broken:latest");
        QVERIFY(broken != nullptr);
        const LocalCopy& b = broken->primary();
        QVERIFY(b.error.starts_with("its model blob is missing (blobs/sha256-"));
        QVERIFY(b.error.ends_with(")"));
        QCOMPARE(b.problems.size(), 1u);
        QVERIFY(b.problems[0].ends_with(" (model layer, 4,661,211,424 bytes) is missing"));
        QCOMPARE(roles(b), (std::vector<std::string>{"weights (missing)"}));
    }

    void tinyLlamaThreeCopies()
    {
        const LocalModel* m = findModel(m_scan, "Tiny Llama");
        QVERIFY(m != nullptr);
        QCOMPARE(m->copies.size(), 3u);
        // d 64, 2 layers, 4 heads (2 KV heads of 16), d_ff 128, vocab 256, untied head:
        // embed 16,384 + 2 × (q 4,096 + k 2,048 + v 2,048 + o 4,096 + MLP 3 × 8,192 + norms 128)
        // + final norm 64 + head 16,384 = 106,816.
        constexpr std::uint64_t params = 106816;
        constexpr std::uint64_t norms = 2 * 128 + 64;
        for (const LocalCopy& c : m->copies) {
            QCOMPARE(c.params, params);
        }
        QCOMPARE(m->copies[0].weight_bytes, q8Bytes(params - norms) + norms * 4); // 114,432
        QCOMPARE(m->copies[0].weight_bytes, 114432ull);
        QCOMPARE(m->copies[1].weight_bytes, 114432ull);
        QCOMPARE(m->copies[2].weight_bytes, 2 * params);
        QCOMPARE(m->copies[2].name, std::string("acme/Tiny-Llama"));
        QCOMPARE(m->copies[2].store, StoreKind::LmStudio);
        std::vector<StoreKind> stores{m->copies[0].store, m->copies[1].store};
        std::sort(stores.begin(), stores.end());
        QCOMPARE(stores, (std::vector<StoreKind>{StoreKind::LmStudio, StoreKind::LlamaCpp}));
        for (const LocalCopy& c : m->copies) {
            if (c.store == StoreKind::LmStudio && c.format == "gguf") {
                QCOMPARE(c.name, std::string("acme/Tiny-Llama-GGUF/tiny-llama-Q8_0"));
                QCOMPARE(roles(c), (std::vector<std::string>{"weights", "projector"}));
            }
        }
    }

    void runtimePerStore()
    {
        Hardware hw;
        hw.gpu.memory_bytes = 24ull << 30;
        hw.gpus = 1;
        const LocalModel* m = findModel(m_scan, "meta-llama/Llama-3.1-8B");
        // Ollama: num_ctx 16,384 from the params layer, cut to the file's trained 4,096.
        const StoreRuntime o = storeRuntime(m->copies[0], hw, {});
        QCOMPARE(o.label, std::string("Ollama"));
        QCOMPARE(o.context, 4096ull);
        QCOMPARE(o.context_source,
                 std::string("the model's num_ctx parameter, cut to the trained 4,096"));
        // Safetensors: vLLM at max_model_len = the trained context.
        const StoreRuntime v = storeRuntime(m->copies[1], hw, {});
        QCOMPARE(v.runtime_id, std::string("vllm"));
        QCOMPARE(v.context, 131072ull);
        // Ollama without num_ctx: its default by VRAM (server/routes.go): 24 GiB -> 32,768 (cut
        // to llava's 4,096), 16 GiB -> 4,096, 2 × 24 GiB -> 262,144.
        LocalCopy llava = findModel(m_scan, "llava:7b")->primary();
        llava.context_length = 0;
        QCOMPARE(storeRuntime(llava, hw, {}).context, 32768ull);
        hw.gpus = 2;
        QCOMPARE(storeRuntime(llava, hw, {}).context, 262144ull);
        QCOMPARE(storeRuntime(llava, hw, {{"OLLAMA_CONTEXT_LENGTH", "8192"}}).context, 8192ull);
        hw.gpus = 1;
        hw.gpu.memory_bytes = 16ull << 30;
        QCOMPARE(storeRuntime(llava, hw, {}).context, 4096ull);
        // By the VRAM the driver reports, as My hardware and `runs` count it: an L40S with ECC
        // on shows 44.99 GiB (46,068 MiB), under 47, so 32,768, not 262,144.
        hw.gpu.memory_bytes = 48ull << 30;
        hw.gpu.usable_fraction = 46068.0 / 49152.0;
        const StoreRuntime l40s = storeRuntime(llava, hw, {});
        QCOMPARE(l40s.context, 32768ull);
        QCOMPARE(l40s.context_source, std::string("Ollama's default for 44.99 GiB of VRAM"));
        QVERIFY(l40s.ollama_default);
    }

    // A copy whose file holds no weights (a GGUF of a vocabulary alone) has no verdict: the
    // headers describe a model the file does not hold.
    void noWeightsNoVerdict()
    {
        LocalCopy c = findModel(m_scan, "meta-llama/Llama-3.1-8B")->copies[0];
        QVERIFY(c.config.has_value());
        c.weight_bytes = 0;
        RunQuery q;
        q.hardware.gpu.memory_bytes = 24ull << 30;
        q.hardware.gpu.bandwidth_gb_s = 1000;
        const LocalRun run = localRun(c, q, true, {});
        QVERIFY(!run.row.has_value());
        QCOMPARE(run.why, std::string("the file holds no weights"));
    }

    void filePrecisionIsTheFilesBytes()
    {
        const LocalCopy& c = findModel(m_scan, "meta-llama/Llama-3.1-8B")->copies[0];
        const Precision p = filePrecision(c, c.params);
        QCOMPARE(bytesFor(c.params, p.bpw), c.weight_bytes);
        QCOMPARE(p.label, std::string("Q8_0, 8.50 bpw"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestLocalModels)
#include "tst_local_models.moc"
