// Each runtime's placement rules with the constant it rests on and where that constant comes
// from: llama.cpp's token embedding in host RAM, its sliding-window cells and KV types, gpt-oss's
// MXFP4 experts in every GGUF, MoE experts in RAM; vLLM's utilization, activation profile and
// block-granular pool, FP8 checkpoints' ignore lists; SGLang's static fraction; Ollama's default
// context; MLX's wired limit; unified memory counted once.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/formats/model_file.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;
constexpr u64 kGiB = u64{1} << 30;

const GpuSpec& gpu(const char* id)
{
    return testsupport::bundledCatalog().at(id);
}

RunQuery query(const char* gpuId, Runtime runtime, u64 gpus = 1, u64 context = 4096)
{
    RunQuery q;
    q.hardware.gpu = gpu(gpuId);
    q.hardware.gpus = gpus;
    q.runtime = runtimeProfile(runtime);
    q.context = context;
    return q;
}

struct Model {
    Preset preset;
    ParamCount count;
    RunModel run() const
    {
        return {preset.config, count, preset.shipped_precision, presetFp8Checkpoint(preset)};
    }
};

Model model(const char* id)
{
    Model m{testsupport::bundledPresetEntry(id), {}};
    m.count = countParameters(m.preset.config);
    return m;
}

} // namespace

class TestRuntimes : public QObject {
    Q_OBJECT
private slots:
    // llama.cpp keeps the input layer on the CPU (src/llama-model.cpp: "there is very little
    // benefit to offloading the input layer, so always keep it on the CPU"). Llama 3 8B at F16:
    // 16,060,522,496 bytes of weights, of which the token embedding is 128,256 · 4,096 · 2 =
    // 1,050,673,152 (1,002.00 MiB, the host buffer llama.cpp's load log names); the GPU holds the
    // other 15,009,849,344.
    void llamaCppKeepsTheEmbeddingInHostRam()
    {
        const Model m = model("llama-3-8b");
        const RunQuery q = query("rtx-4060-ti-16gb", Runtime::LlamaCpp);
        const Placement p = placeModel(m.run(), precisionById("fp16"), q, 4096, 1, false);
        QCOMPARE(p.load.weight_bytes, u64(15'009'849'344));
        QCOMPARE(p.host_bytes, u64(1'050'673'152));
        QCOMPARE(u64(1'050'673'152) / (u64{1} << 20), u64(1002));
        RunQuery onGpu = q;
        onGpu.runtime.llama_cpp.embedding_in_host = false;
        const Placement all = placeModel(m.run(), precisionById("fp16"), onGpu, 4096, 1, false);
        QCOMPARE(all.load.weight_bytes, u64(16'060'522'496));
        QCOMPARE(all.host_bytes, u64(0));
    }

    // Sliding windows: llama.cpp implements them only for architectures that interleave window
    // and full layers; Mistral 7B v0.1 (every layer slides, window 4,096) loads as `llama` and
    // Phi-3 as `phi3` ("Phi SWA is currently disabled", PR 13676), so both get a full cache. At
    // 32,768 tokens, F16: 32 layers · 8 KV heads · 128 · 2 (K and V) · 2 bytes · 32,768 =
    // 4,294,967,296 bytes; vLLM keeps the window, 536,870,912.
    void slidingWindowOnlyWhereImplemented()
    {
        const ModelConfig mistral = testsupport::bundledPreset("mistral-7b");
        QCOMPARE(runtimeConfig(mistral, runtimeProfile(Runtime::LlamaCpp)).sliding_window, u64(0));
        QCOMPARE(runtimeConfig(mistral, runtimeProfile(Runtime::Mlx)).sliding_window, u64(0));
        QCOMPARE(runtimeConfig(mistral, runtimeProfile(Runtime::Vllm)).sliding_window, u64(4096));
        const ModelConfig phi = testsupport::bundledPreset("phi-3-mini");
        QCOMPARE(runtimeConfig(phi, runtimeProfile(Runtime::Ollama)).sliding_window, u64(0));
        const ModelConfig gemma = testsupport::bundledPreset("gemma-2-9b");
        QCOMPARE(runtimeConfig(gemma, runtimeProfile(Runtime::LlamaCpp)).sliding_window, u64(4096));
        const Model m = model("mistral-7b");
        const Placement full =
            placeModel(m.run(), precisionById("q8_0"), query("rtx-4090-24gb", Runtime::LlamaCpp),
                       32768, 1, false);
        QCOMPARE(full.load.kv_bytes, u64(4'294'967'296));
        QCOMPARE(kvCache(mistral, 32768, 1, kvPrecisionById("fp16")).bytes, u64(536'870'912));
    }

    // llama.cpp's SWA cache (src/llama-kv-cache-iswa.cpp): the window layers hold
    // min(n_ctx, window · n_seq + n_ubatch) cells. Gemma 2 9B (42 layers, every 2nd global,
    // window 4,096; 8 KV heads of 256) at 8,192 tokens, F16: 21 global layers of 8,192 cells and
    // 21 window layers of 4,096 + 512 = 4,608, at 8 · 256 · 2 · 2 = 8,192 bytes per cell.
    void llamaCppSwaCells()
    {
        const Model m = model("gemma-2-9b");
        const Placement p = placeModel(m.run(), precisionById("q4_k_m"),
                                       query("rtx-4090-24gb", Runtime::LlamaCpp), 8192, 1, false);
        QCOMPARE(p.load.kv_bytes, u64(21) * 8192 * 8192 + u64(21) * 4608 * 8192);
    }

    // KV cache types (--cache-type-k/-v): q8_0 stores 34 bytes per 32 values, q4_0 18; a row
    // of 8 · 128 = 1,024 values is 32 blocks. Llama 3 8B, 4,096 tokens: f16 536,870,912 bytes,
    // q8_0 285,212,672, q4_0 150,994,944.
    void kvCacheTypes()
    {
        const Model m = model("llama-3-8b");
        RunQuery q = query("rtx-4090-24gb", Runtime::LlamaCpp);
        for (const auto& [kv, bytes] :
             {std::pair{"fp16", u64(536'870'912)}, std::pair{"q8_0", u64(285'212'672)},
              std::pair{"q4_0", u64(150'994'944)}}) {
            q.kv = kvPrecisionById(kv);
            QCOMPARE(placeModel(m.run(), precisionById("q4_k_m"), q, 4096, 1, false).load.kv_bytes,
                     bytes);
        }
    }

    // gpt-oss ships its experts in MXFP4 and every GGUF keeps them so (gpt-oss-120b: 63.4 GB at
    // Q8_0 as at MXFP4, AlexsJones/llmfit PR 1059 on the published files). gpt-oss-20b's
    // experts: 24 · 32 · 3 · 2,880 · 2,880 = 19,110,297,600 weights, 17 bytes per 32 =
    // 10,152,345,600 bytes, plus their F32 biases (24 · 32 · 8,640 · 4 = 26,542,080), in every
    // file type llama.cpp offers.
    void gptOssExpertsStayMxfp4()
    {
        const Model m = model("gpt-oss-20b");
        QuantMixParams keep;
        keep.keep_experts_mxfp4 = true;
        for (const char* ftype : {"q8_0", "q6_k", "q4_k_m", "q2_k"}) {
            const QuantMix mix = ggufMix(m.preset.config, ftype, keep);
            QCOMPARE(mix.expert_bytes, u64(10'152'345'600) + u64(26'542'080));
        }
        const Model big = model("gpt-oss-120b");
        const double gb = static_cast<double>(ggufMix(big.preset.config, "q8_0", keep).bytes) / 1e9;
        QVERIFY2(std::abs(gb - 63.4) < 0.7, qPrintable(QString::number(gb)));
    }

    // --n-cpu-moe N keeps the experts of the first N layers in RAM: the fewest N with which the
    // rest fits. Qwen3-30B-A3B at Q4_K_M on an 8 GB card with 64 GB of RAM.
    void expertsInRamTakeTheFewestLayers()
    {
        const Model m = model("qwen3-30b-a3b");
        RunQuery q = query("rtx-3070-8gb", Runtime::LlamaCpp, 1, 8192);
        q.hardware.ram_bytes = 64'000'000'000;
        const Placement p = placeModel(m.run(), precisionById("q4_k_m"), q, 8192, 1, true);
        QVERIFY(p.fits);
        QVERIFY(p.kind == PlacementKind::ExpertsInRam);
        QVERIFY(p.cpu_moe_layers > 0 && p.cpu_moe_layers <= m.preset.config.n_layers);
        QCOMPARE(QString::fromStdString(p.flags),
                 p.cpu_moe_layers == m.preset.config.n_layers
                     ? QStringLiteral("-ngl 999 -ot exps=CPU")
                     : QStringLiteral("-ngl 999 --n-cpu-moe %1").arg(p.cpu_moe_layers));
        QVERIFY(p.load.total_bytes <= p.capacity_bytes);
        const RunRow r = evaluateRun(m.run(), precisionById("q4_k_m"), q);
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("experts_in_ram"));
        QVERIFY(r.decode_tokens_per_s.has_value());
    }

    // The RAM need not hold every expert: a RAM just larger than what the fewest layers leave
    // there gives the same placement, though all the experts would not fit in it.
    void expertsInRamNeedNotAllFit()
    {
        const Model m = model("qwen3-30b-a3b");
        RunQuery q = query("rtx-3070-8gb", Runtime::LlamaCpp, 1, 8192);
        q.hardware.ram_bytes = 64'000'000'000;
        const Placement roomy = placeModel(m.run(), precisionById("q4_k_m"), q, 8192, 1, true);
        const u64 layers = m.preset.config.n_layers;
        QVERIFY(roomy.fits && roomy.cpu_moe_layers < layers);
        q.hardware.ram_bytes = roomy.host_bytes + 1'000'000'000;
        const Placement tight = placeModel(m.run(), precisionById("q4_k_m"), q, 8192, 1, true);
        QVERIFY(tight.fits);
        QVERIFY(tight.kind == PlacementKind::ExpertsInRam);
        QCOMPARE(tight.cpu_moe_layers, roomy.cpu_moe_layers);
        QCOMPARE(tight.host_bytes, roomy.host_bytes);
        // Every layer's experts in RAM would need more than that RAM.
        const u64 perLayer = roomy.host_bytes / roomy.cpu_moe_layers;
        QVERIFY(perLayer * layers > q.hardware.ram_bytes);
    }

    // vLLM (vllm/config/cache.py): gpu_memory_utilization 0.9 of the visible memory, less the
    // weights, the activation peak of a max_num_batched_tokens profile (8,192 tokens and 1,024
    // sequences on a device of 70 GiB or more, arg_utils.py) and non-torch memory, is the KV
    // pool. Llama 3.3 70B as an FP8 checkpoint (lm_head kept in BF16): 68,451,041,280 FP8
    // weights and 2 · (1,050,673,152 + 1,050,673,152 + 1,318,912) BF16 bytes = 72,656,371,712.
    // One H100 80GB held about 4k tokens of context ("Llama 3.1 70B FP8 on one 80 GB GPU: about
    // 4k measured", the vLLM version not given). With V1's defaults there (1,024 sequences) the
    // sampler's profile alone takes 1,024 · 128,256 logits · 38 bytes = 4.65 GiB and nothing is
    // left for the KV cache; with 256 sequences, the default of smaller GPUs, it runs at 4,096
    // tokens and not at 8,192.
    void vllmPoolOnOneH100()
    {
        const Model m = model("llama-3.3-70b");
        QCOMPARE(fp8CheckpointBytes(m.preset.config, m.count, Fp8Checkpoint{}),
                 u64(72'656'371'712));
        RunQuery q = query("h100-sxm-80gb", Runtime::Vllm, 1, 4096);
        QCOMPARE(placeModel(m.run(), precisionById("fp8"), q, 4096, 1, false).max_context, u64(0));
        QVERIFY(evaluateRun(m.run(), precisionById("fp8"), q).change.find("--max-num-seqs 256") !=
                std::string::npos);
        q.runtime.vllm.max_num_seqs = 256;
        const Placement p = placeModel(m.run(), precisionById("fp8"), q, 4096, 1, false);
        QVERIFY2(p.max_context >= 4096 && p.max_context < 8192,
                 qPrintable(QString::number(p.max_context)));
        // Block-granular: the longest sequence fills whole 16-token blocks (a token more would
        // need a block the pool does not have).
        QCOMPARE(p.max_context % 16, u64(0));
        QCOMPARE(runVerdictKey(evaluateRun(m.run(), precisionById("fp8"), q).verdict),
                 std::string_view(p.max_context >= 4096 ? "fits" : "no"));
    }

    // Meta's Llama 3.1 405B FP8 keeps attention and the first and last layers' MLP in BF16
    // (its quantization_config ignore list; Llama 3 paper §6.2): 56.7 GiB per GPU at TP 8, where
    // vLLM logged "Loading model weights took 57.7520 GB" (issue 6746) — within 2 %; all-FP8 it
    // would be about 47. Without chunked prefill (vLLM 0.5.3) the profile run takes a whole
    // 131,072-token prompt and the model did not start; with --max-model-len 4096 it ran
    // (issue 6689).
    void vllmFp8CheckpointKeepsBf16Layers()
    {
        const Model m = model("llama-3.1-405b");
        const Fp8Checkpoint fp8 = *presetFp8Checkpoint(m.preset);
        QVERIFY(fp8.attention_bf16 && fp8.lm_head_bf16);
        QCOMPARE(fp8.bf16_mlp_layers, (std::vector<u64>{0, 125}));
        const double perGpu =
            static_cast<double>(fp8CheckpointBytes(m.preset.config, m.count, fp8)) / 8 / kGiB;
        QVERIFY2(std::abs(perGpu - 57.752) / 57.752 < 0.02, qPrintable(QString::number(perGpu)));
        QVERIFY(static_cast<double>(fp8CheckpointBytes(m.preset.config, m.count, {})) / 8 / kGiB <
                48);
        RunQuery v0 = query("h100-sxm-80gb", Runtime::Vllm, 8, 131072);
        v0.runtime.vllm.chunked_prefill = false;
        QCOMPARE(runVerdictKey(evaluateRun(m.run(), precisionById("fp8"), v0).verdict),
                 std::string_view("no"));
        v0.context = 4096;
        v0.hardware.gpu = gpu("a100-sxm-80gb");
        QCOMPARE(runVerdictKey(evaluateRun(m.run(), precisionById("fp8"), v0).verdict),
                 std::string_view("fits_tp"));
        const Fp8Checkpoint read = fp8CheckpointFromIgnoreList(
            {"model.layers.3.self_attn.q_proj", "model.layers.7.mlp.down_proj"}, 126, "test");
        QVERIFY(read.attention_bf16 && !read.lm_head_bf16);
        QCOMPARE(read.bf16_mlp_layers, (std::vector<u64>{7}));
    }

    // Held out (the constants were not fitted to it): Llama 3.1 8B BF16 on one RTX 3090 under
    // vLLM 0.6 (V0, chunked prefill off up to 32k tokens), vLLM issue 10517. The log's
    // "kv_cache_size" over 131,072 bytes of KV per token (32 layers · K and V · 8 heads · 128 ·
    // 2 bytes): at --max-model-len 20000 it ran, 3.81 GiB = 31,211 tokens; at 29000 it stopped,
    // "the maximum number of tokens that can be stored in KV cache (23648)". The pool within
    // 5 %, and the verdicts those two runs had.
    void vllmV0PoolOnAnRtx3090()
    {
        const LoadedModel m = loadModelFile(std::string(LLMSIZER_TEST_REFERENCE_DIR) +
                                            "/hf-configs/llama-3.1-8b/config.json");
        const ParamCount count = countParameters(m.config);
        const RunModel run{m.config, count, "bf16", std::nullopt};
        struct Case {
            u64 context;
            u64 pool; // tokens the KV cache held
            const char* verdict;
        };
        for (const Case& c : {Case{20000, 31211, "fits"}, Case{29000, 23648, "no"}}) {
            RunQuery q = query("rtx-3090-24gb", Runtime::Vllm, 1, c.context);
            q.runtime.vllm.chunked_prefill = false;
            const Placement p = placeModel(run, precisionById("bf16"), q, c.context, 1, false);
            const double off = (static_cast<double>(p.kv_tokens) - static_cast<double>(c.pool)) /
                               static_cast<double>(c.pool);
            QVERIFY2(std::abs(off) < 0.05,
                     qPrintable(QStringLiteral("%1: %2 tokens").arg(c.context).arg(p.kv_tokens)));
            QCOMPARE(runVerdictKey(evaluateRun(run, precisionById("bf16"), q).verdict),
                     std::string_view(c.verdict));
        }
    }

    // SGLang v0.5.18's defaults (server_args.py _handle_gpu_memory_settings), by hand from the
    // device's nvidia-smi total in MiB: reserve = 512 + 1.5 × max(chunk, 2048) + 1024 × TP / 8
    // + 2 × decode max_bs + 8 a prefill graph size (MLA: 1536), at least 10,240 above 60 GiB;
    // mem_fraction_static = round((total - reserve) / total, 3).
    void sglangStaticFraction_data()
    {
        QTest::addColumn<double>("mib");
        QTest::addColumn<u64>("tp");
        QTest::addColumn<bool>("mla");
        QTest::addColumn<u64>("chunk");
        QTest::addColumn<u64>("maxBs");
        QTest::addColumn<u64>("graphs");
        QTest::addColumn<bool>("hip");
        QTest::addColumn<u64>("fraction"); // thousandths
        // H100: chunk 8,192, prefill graphs 8 + 14 + 8 + 8 + 12 + 8 = 58 sizes (464 MiB);
        // 512 + 12,288 + 128 + 512 + 464 = 13,904; (81,559 - 13,904) / 81,559 = 0.8295.
        QTest::newRow("H100, 1 GPU")
            << 81559.0 << u64(1) << false << u64(8192) << u64(256) << u64(58) << false << u64(830);
        // At TP 8: max_bs 512, 512 + 12,288 + 1,024 + 1,024 + 464 = 15,312 -> 0.8123.
        QTest::newRow("H100, 8 GPUs")
            << 81559.0 << u64(8) << false << u64(8192) << u64(512) << u64(58) << false << u64(812);
        // H200 with an MLA model at TP 8: 512 + 12,288 + 1,024 + 1,024 + 1,536 = 16,384 of
        // 143,771 -> 0.8860 (prefill graphs to 2,048 tokens: 42 sizes, not counted by size).
        QTest::newRow("H200, MLA, 8 GPUs")
            << 143771.0 << u64(8) << true << u64(8192) << u64(512) << u64(42) << false << u64(886);
        // RTX 4090: chunk 2,048, max_bs 24, 42 sizes: 512 + 3,072 + 128 + 48 + 336 = 4,096 of
        // 24,564 -> 0.8333 (under 60 GiB no 10 GiB floor).
        QTest::newRow("RTX 4090") << 24564.0 << u64(1) << false << u64(2048) << u64(24) << u64(42)
                                  << false << u64(833);
        // A 16 GB card: max_bs 8: 512 + 3,072 + 128 + 16 + 336 = 4,064 of 16,380 -> 0.7519.
        QTest::newRow("16 GB") << 16380.0 << u64(1) << false << u64(2048) << u64(8) << u64(42)
                               << false << u64(752);
        // MI300X: chunk 16,384, max_bs 512, 58 + 16 = 74 sizes (592 MiB); at TP 8
        // 512 + 24,576 + 1,024 + 1,024 + 592 = 27,728 of 196,592 -> 0.8590.
        QTest::newRow("MI300X, 8 GPUs") << 196592.0 << u64(8) << false << u64(16384) << u64(512)
                                        << u64(74) << false << u64(859);
        // On ROCm no prefill graphs: 512 + 24,576 + 1,024 + 1,024 = 27,136 -> 0.8620.
        QTest::newRow("MI300X, ROCm, 8 GPUs")
            << 196592.0 << u64(8) << false << u64(16384) << u64(512) << u64(0) << true << u64(862);
        // A 40 GB A100 at TP 4: chunk 4,096, max_bs 160, 50 sizes: 512 + 6,144 + 512 + 320 +
        // 400 = 7,888 of 40,960 -> 0.8074.
        QTest::newRow("A100 40GB, 4 GPUs")
            << 40960.0 << u64(4) << false << u64(4096) << u64(160) << u64(50) << false << u64(807);
    }
    void sglangStaticFraction()
    {
        QFETCH(double, mib);
        QFETCH(u64, tp);
        QFETCH(bool, mla);
        QFETCH(u64, chunk);
        QFETCH(u64, maxBs);
        QFETCH(u64, graphs);
        QFETCH(bool, hip);
        QFETCH(u64, fraction);
        SglangEngine e;
        e.device_bytes = static_cast<u64>(mib * 1048576.0);
        e.tensor_parallel = tp;
        e.mla = mla;
        e.hip = hip;
        const SglangMemory m = sglangMemory(SglangSettings{}, e);
        QCOMPARE(m.chunked_prefill_size, chunk);
        QCOMPARE(m.cuda_graph_max_bs, maxBs);
        QCOMPARE(m.prefill_graph_sizes, graphs);
        QCOMPARE(m.mem_fraction_static, (Ratio{fraction, 1000}));
    }

    // Set by hand, SGLang's settings win: --mem-fraction-static 0.9 and a smaller chunk.
    void sglangSettingsWin()
    {
        SglangSettings s;
        s.mem_fraction_static = {9, 10};
        s.chunked_prefill_size = 4096;
        s.cuda_graph_max_bs = 64;
        SglangEngine e;
        e.device_bytes = u64(81559) << 20;
        const SglangMemory m = sglangMemory(s, e);
        QCOMPARE(m.mem_fraction_static, (Ratio{9, 10}));
        QCOMPARE(m.chunked_prefill_size, u64(4096));
        QCOMPARE(m.cuda_graph_max_bs, u64(64));
        // 512 + 6,144 + 128 + 128 + 400, below the 10 GiB floor of an 80 GB card.
        QCOMPARE(m.reserved_mib, 10240.0);
        // A vision-language model's default share × 0.95 (its encoder), a share set left alone:
        // the RTX 4090's 0.833 above becomes 0.79135.
        SglangEngine vlm;
        vlm.device_bytes = u64(24564) << 20;
        vlm.vision = true;
        QCOMPARE(sglangMemory(SglangSettings{}, vlm).mem_fraction_static.value(), 0.79135);
        QCOMPARE(sglangMemory(s, vlm).mem_fraction_static, (Ratio{9, 10}));
        // On ROCm above 8,192 tokens aiter takes 15 % of it, set or not: 0.9 × 0.85 = 0.765.
        e.hip = true;
        e.aiter_long = true;
        QCOMPARE(sglangMemory(s, e).mem_fraction_static.value(), 0.765);
    }

    // Ollama's default context by VRAM (docs/context-length.mdx: under 24 GiB 4k, 24–48 GiB 32k,
    // 48 GiB and more 256k; routes.go compares with 23 and 47 GiB), never above the model's.
    void ollamaDefaultContextByVram()
    {
        const RuntimeProfile& o = runtimeProfile(Runtime::Ollama);
        Hardware hw;
        hw.gpu = gpu("rtx-4060-ti-16gb");
        QCOMPARE(ollamaDefaultContext(o, hw, 131072), u64(4096));
        hw.gpu = gpu("rtx-4090-24gb");
        QCOMPARE(ollamaDefaultContext(o, hw, 131072), u64(32768));
        hw.gpus = 2;
        QCOMPARE(ollamaDefaultContext(o, hw, 131072), u64(131072));
        QCOMPARE(ollamaDefaultContext(o, hw, 1u << 20), u64(262144));
        const Model m = model("llama-3-8b");
        RunQuery q = query("rtx-4090-24gb", Runtime::Ollama);
        q.context_given = false;
        QCOMPARE(evaluateRun(m.run(), precisionById("q4_k_m"), q).context, u64(8192));
    }

    // MLX wires the model within Metal's recommendedMaxWorkingSetSize (the GPU's usable share:
    // 3/4 of a 64 GB Mac); mlx-lm's 4-bit is 4.5 bits per weight. Llama 3 70B at 4-bit
    // (about 39.7 GB) runs on an M3 Max 64 GB; at BF16 it does not.
    void mlxWiredLimit()
    {
        const Model m = model("llama-3-70b");
        const RunQuery q = query("m3-max-64gb", Runtime::Mlx, 1, 8192);
        QCOMPARE(precisionById("mlx_4bit").bpw.bits * 2, precisionById("mlx_4bit").bpw.weights * 9);
        const Placement p = placeModel(m.run(), precisionById("mlx_4bit"), q, 8192, 1, false);
        QCOMPARE(p.capacity_bytes, gpu("m3-max-64gb").usableBytes());
        QVERIFY(p.fits);
        QVERIFY(!placeModel(m.run(), precisionById("bf16"), q, 8192, 1, false).fits);
        // Above the limit but under nine tenths of the machine, raising the limit keeps the
        // precision (mlx-lm README: a wired limit "larger than the size of the model in
        // megabytes but smaller than the memory size of the machine"): Gemma 2 27B at BF16,
        // 27.2 B x 2 bytes = 54.4 GB of weights, under 0.9 x 68.7 GB. Llama 3 70B's 141 GB is not.
        const Model gemma = model("gemma-2-27b");
        const RunRow g = evaluateRun(gemma.run(), precisionById("bf16"), q);
        QCOMPARE(g.verdict, RunVerdict::No);
        const std::size_t at = g.change.find("sudo sysctl iogpu.wired_limit_mb=");
        QVERIFY2(at != std::string::npos, g.change.c_str());
        // In MiB, as the sysctl takes it: the model's and 1 GiB more, within nine tenths of the
        // 65,536 MiB machine (58,982).
        const u64 limit = std::stoull(g.change.substr(at + 33));
        QVERIFY2(limit * (u64{1} << 20) > g.bytes_per_gpu && limit <= 58'982, g.change.c_str());
        const RunRow l = evaluateRun(m.run(), precisionById("bf16"), q);
        QVERIFY2(l.change.find("wired_limit") == std::string::npos, l.change.c_str());
    }

    // Unified memory is one pool: RAM given beside an Apple chip is the same memory. Llama 3 70B
    // at F16 (141 GB) does not run on a 64 GB Mac however much --ram says.
    void unifiedMemoryCountedOnce()
    {
        const Model m = model("llama-3-70b");
        RunQuery q = query("m3-max-64gb", Runtime::LlamaCpp, 1, 4096);
        q.hardware.ram_bytes = 128'000'000'000;
        const RunRow r = evaluateRun(m.run(), precisionById("fp16"), q);
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("no"));
        // Q4_K_M (42.5 GB) runs within the pool, the token embedding beside the working set.
        const RunRow q4 = evaluateRun(m.run(), precisionById("q4_k_m"), q);
        QVERIFY(q4.verdict != RunVerdict::No);
        QVERIFY(q4.ram_bytes + q4.bytes_per_gpu <= gpu("m3-max-64gb").memory_bytes);
        // Qwen3 32B at F16 (65.5 GB): 50 of 64 layers fit the GPU's 75 % share (51.5 GB) and
        // the other 14 need 17.2 GB, which leaves the 64 GiB (68.7 GB) Mac 0.7 GB: no, the
        // system keeping 2 GiB. Keeping half a GiB (--os-reserve) makes it run.
        const Model qwen = model("qwen3-32b");
        RunQuery mac = query("m3-max-64gb", Runtime::LlamaCpp, 1, 8192);
        QCOMPARE(mac.hardware.unified_os_reserve_bytes, u64(2) * kGiB);
        QCOMPARE(evaluateRun(qwen.run(), precisionById("fp16"), mac).verdict, RunVerdict::No);
        mac.hardware.unified_os_reserve_bytes = kGiB / 2;
        const RunRow allowed = evaluateRun(qwen.run(), precisionById("fp16"), mac);
        QCOMPARE(allowed.verdict, RunVerdict::Offload);
        QVERIFY(allowed.ram_bytes > 17'000'000'000 && allowed.ram_bytes < 17'500'000'000);
    }

    // Memory as the runtimes reported it, within 10 %: llama-bench's model sizes on the DGX Spark
    // (ggml-org/llama.cpp benches/dgx-spark.md: Qwen3-30B-A3B Q8_0 30.25 GiB, Qwen2.5-Coder-7B
    // Q8_0 7.54 GiB, gpt-oss-120b MXFP4_MOE 59.02 GiB) and vLLM's weights per GPU for Meta's
    // Llama 3.1 405B FP8 at tensor parallel 8 (issue 6746: 57.752 GiB).
    void memoryAsTheRuntimesReportedIt()
    {
        auto gib = [](u64 bytes) { return static_cast<double>(bytes) / static_cast<double>(kGiB); };
        struct Case {
            const char* model;
            const char* precision;
            double reported;
        };
        for (const Case& c :
             {Case{"qwen3-30b-a3b", "q8_0", 30.25}, Case{"qwen2.5-7b", "q8_0", 7.54},
              Case{"gpt-oss-120b", "mxfp4_moe", 59.02}}) {
            const Model m = model(c.model);
            const double ours =
                gib(weightMemory(m.preset.config, m.count, precisionById(c.precision)).bytes);
            QVERIFY2(std::abs(ours - c.reported) / c.reported < 0.10,
                     qPrintable(
                         QStringLiteral("%1: %2 GiB").arg(QString::fromLatin1(c.model)).arg(ours)));
        }
        const Model big = model("llama-3.1-405b");
        const Placement p =
            placeModel(big.run(), precisionById("fp8"),
                       query("h100-sxm-80gb", Runtime::Vllm, 8, 4096), 4096, 8, false);
        QVERIFY2(std::abs(gib(p.load.weight_bytes) - 57.752) / 57.752 < 0.10,
                 qPrintable(QString::number(gib(p.load.weight_bytes))));
    }

    // Every runtime lists its constants with a source.
    void everyConstantHasASource()
    {
        for (const RuntimeProfile& p : runtimeProfiles()) {
            const std::vector<RuntimeConstant> c = runtimeConstants(p);
            QVERIFY2(c.size() >= 3, p.id.c_str());
            for (const RuntimeConstant& k : c) {
                QVERIFY2(!k.source.empty() && !k.value.empty(), (p.id + ": " + k.name).c_str());
            }
            QVERIFY(!p.version.empty());
            QCOMPARE(&runtimeById(p.id), &runtimeProfile(p.kind));
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestRuntimes)
#include "tst_runtimes.moc"
