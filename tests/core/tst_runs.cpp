// What runs on a machine, read as a user would: the cases the runtime profiles were built for
// (Llama 3 8B F16 on a 16 GB card, gpt-oss on one H100, DeepSeek-V3 on 8 × H200), the whole
// machine beside the fewest GPUs, a "no" with its largest context and smallest change, and
// llama.cpp's layer split.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;

RunQuery query(const char* gpuId, Runtime runtime, u64 gpus, u64 context)
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(gpuId);
    q.hardware.gpus = gpus;
    q.runtime = runtimeProfile(runtime);
    q.context = context;
    return q;
}

RunRow run(const char* id, const char* precision, const RunQuery& q)
{
    const Preset& p = testsupport::bundledPresetEntry(id);
    const ParamCount count = countParameters(p.config);
    return evaluateRun(RunModel{p.config, count, p.shipped_precision, presetFp8Checkpoint(p)},
                       precisionById(precision), q);
}

std::string_view verdict(const RunRow& r)
{
    return runVerdictKey(r.verdict);
}

} // namespace

class TestRuns : public QObject {
    Q_OBJECT
private slots:
    // Llama 3 8B F16 on a 16 GB card runs at 4,096 tokens under llama.cpp: the token embedding
    // (1.05 GB) stays in host RAM. At 8,192 it still fits an RTX 4080 16 GB, which ran it
    // (XiongjieDai/GPU-Benchmarks-on-LLM-Inference: 40.29 tok/s at -c 0, the model's 8,192),
    // with under 5 % to spare: tight.
    void llama3_8bF16OnA16GbCard()
    {
        const RunRow at4k =
            run("llama-3-8b", "fp16", query("rtx-4060-ti-16gb", Runtime::LlamaCpp, 1, 4096));
        QCOMPARE(verdict(at4k), std::string_view("fits"));
        QCOMPARE(at4k.ram_bytes, u64(1'050'673'152));
        const RunRow at8k =
            run("llama-3-8b", "fp16", query("rtx-4080-16gb", Runtime::LlamaCpp, 1, 8192));
        QCOMPARE(verdict(at8k), std::string_view("fits"));
        QVERIFY(at8k.tight);
    }

    // A GPU whose bandwidth is unknown (detected, not in the catalog): where the model goes and
    // its context are the same as on the catalog card of that memory, the speeds are absent
    // (never 0 tok/s) and the note says why.
    void unknownBandwidthLeavesOutTheSpeeds()
    {
        RunQuery known = query("rtx-4090-24gb", Runtime::LlamaCpp, 2, 8192);
        RunQuery unknown = known;
        unknown.hardware.gpu.id = "detected-card";
        unknown.hardware.gpu.bandwidth_gb_s = 0;
        for (const char* preset : {"llama-3-8b", "llama-3-70b"}) {
            const RunRow a = run(preset, "q4_k_m", known);
            const RunRow b = run(preset, "q4_k_m", unknown);
            QCOMPARE(verdict(b), verdict(a));
            QCOMPARE(b.bytes_per_gpu, a.bytes_per_gpu);
            QCOMPARE(b.max_context, a.max_context);
            QVERIFY(a.decode_tokens_per_s.has_value());
            QVERIFY(!b.decode_tokens_per_s.has_value());
            QVERIFY(!b.prefill_tokens_per_s.has_value());
            QVERIFY(b.speed_unknown);
            QVERIFY(!a.speed_unknown);
            QVERIFY2(b.note.find("speed unknown") != std::string::npos, b.note.c_str());
            if (b.machine) {
                QVERIFY(!b.machine->decode_tokens_per_s.has_value());
            }
        }
    }

    // gpt-oss-120b does not run on an M3 Max 64GB under MLX at any precision (its MXFP4 experts
    // alone are about 63 GB; macOS gives the GPU 3/4 of 64 GiB = 48 GiB): the "no" names the
    // device it needs, the smallest whole GiB of unified memory whose 75 % holds the workload.
    void unifiedMemoryNoNamesTheDeviceItNeeds()
    {
        const RunQuery q = query("m3-max-64gb", Runtime::Mlx, 1, 8192);
        const RunRow r = run("gpt-oss-120b", "mlx_4bit", q);
        QCOMPARE(verdict(r), std::string_view("no"));
        const std::string prefix = "a device with at least ";
        QVERIFY2(r.change.rfind(prefix, 0) == 0, r.change.c_str());
        const u64 gib = std::stoull(r.change.substr(prefix.size()));
        QVERIFY2(r.change.find(" GiB of unified memory (75% of it for the GPU)") !=
                     std::string::npos,
                 r.change.c_str());
        const double gpuShare = 0.75 * 1073741824.0;
        QVERIFY(static_cast<double>(gib) * gpuShare >= static_cast<double>(r.bytes_per_gpu));
        QVERIFY(static_cast<double>(gib - 1) * gpuShare < static_cast<double>(r.bytes_per_gpu));
        QVERIFY(gib > 64);
    }

    // Every GGUF of gpt-oss-120b runs on one H100 80GB under llama.cpp (the experts stay MXFP4:
    // about 63 GB), with its full 131,072-token context.
    void gptOssGgufQuantsOnOneH100()
    {
        const RunQuery q = query("h100-sxm-80gb", Runtime::LlamaCpp, 1, 8192);
        const Preset& p = testsupport::bundledPresetEntry("gpt-oss-120b");
        for (const Precision& x : runPrecisions(q.runtime, p.shipped_precision)) {
            const RunRow r = run("gpt-oss-120b", x.id.c_str(), q);
            QVERIFY2(r.verdict == RunVerdict::Fits, x.id.c_str());
            QVERIFY2(r.bytes_per_gpu < 70'000'000'000, x.id.c_str());
        }
        // Its two kinds of file say which they are: MXFP4_MOE (the rest in Q8_0) as published,
        // and a 16-bit GGUF whose other weights, BF16, make every step read more.
        const RunRow moe = run("gpt-oss-120b", "mxfp4_moe", q);
        const RunRow wide = run("gpt-oss-120b", "mxfp4_experts", q);
        QVERIFY(moe.note.find("experts MXFP4, every other weight Q8_0") != std::string::npos);
        QVERIFY(wide.note.find("experts MXFP4, every other weight BF16") != std::string::npos);
        QVERIFY(*wide.decode_tokens_per_s < *moe.decode_tokens_per_s);
    }

    // Under vLLM the same checkpoint does not start on one H100 at vLLM's defaults: vLLM issue
    // 23278 logged "Model loading took 65.9651 GiB" and "Available KV cache memory: -2.14 GiB"
    // of the 0.9 · 79.19 GiB it may use. vLLM pads the MXFP4 experts for its MoE kernel: 2,880 ×
    // 2,880 matrices become 2,944 × 3,072, 36 layers · 128 experts · 3 matrices · (9,043,968 −
    // 8,294,400) weights · 17/32 bytes = 5,504,827,392 bytes more. Beside them the profile's
    // sampler sorts 1,024 × 201,088 logits. At 0.95 with 1,024 batched tokens it had 1.71 GiB for
    // the KV cache (issue 27508), not enough for 131,072 tokens.
    void gptOssUnderVllmOnOneH100()
    {
        const RunQuery q = query("h100-sxm-80gb", Runtime::Vllm, 1, 131072);
        const Preset& p = testsupport::bundledPresetEntry("gpt-oss-120b");
        const ParamCount count = countParameters(p.config);
        const RunModel m{p.config, count, p.shipped_precision, presetFp8Checkpoint(p)};
        const Precision mxfp4 = precisionById("mxfp4_experts");
        const Placement pl = placeModel(m, mxfp4, q, 131072, 1, false);
        QCOMPARE(pl.load.weight_bytes,
                 weightMemory(p.config, count, mxfp4).bytes + u64(5'504'827'392));
        const double gib = static_cast<double>(pl.load.weight_bytes) / (u64{1} << 30);
        QVERIFY2(std::abs(gib - 65.9651) / 65.9651 < 0.01, qPrintable(QString::number(gib)));
        // What is left for the KV cache: the share less the weights, the activation peak and the
        // memory outside PyTorch (the rest of the reserve is the CUDA graphs' 1 GiB).
        const auto kvGiB = [&](const RunQuery& x) {
            const Placement l = placeModel(m, mxfp4, x, 131072, 1, false);
            const double share = 0.99 * 80 * x.runtime.vllm.gpu_memory_utilization.value();
            const double used = static_cast<double>(l.load.weight_bytes + l.load.buffer_bytes +
                                                    l.load.reserve_bytes - (u64{1} << 30)) /
                                (u64{1} << 30);
            return share - used;
        };
        QVERIFY2(std::abs(kvGiB(q) - -2.14) < 0.25, qPrintable(QString::number(kvGiB(q))));
        const RunRow r = run("gpt-oss-120b", "mxfp4_experts", q);
        QCOMPARE(verdict(r), std::string_view("no"));
        QCOMPARE(r.max_context, u64(0));
        RunQuery high = q;
        high.runtime.vllm.gpu_memory_utilization = {95, 100};
        high.runtime.vllm.max_num_batched_tokens = 1024;
        QVERIFY2(std::abs(kvGiB(high) - 1.71) < 0.25, qPrintable(QString::number(kvGiB(high))));
        QCOMPARE(verdict(run("gpt-oss-120b", "mxfp4_experts", high)), std::string_view("no"));
        // With FlashInfer's sampler (vLLM's default since April 2026) the profile holds 14 bytes
        // a logit, not 38: 1,024 × 201,088 × 24 = 4.60 GiB more than the logged −2.14, so the
        // KV cache gets about 2.46 GiB and the model starts, at a long context.
        RunQuery flash = q;
        flash.runtime.vllm.flashinfer_sampler = true;
        QVERIFY2(std::abs(kvGiB(flash) - (-2.14 + 1024.0 * 201'088 * 24 / (u64{1} << 30))) < 0.25,
                 qPrintable(QString::number(kvGiB(flash))));
        QVERIFY(run("gpt-oss-120b", "mxfp4_experts", flash).max_context >= 32768);
        flash.context = 32768;
        QVERIFY(run("gpt-oss-120b", "mxfp4_experts", flash).verdict == RunVerdict::Fits);
    }

    // vLLM captures its CUDA graphs (1 GiB) in what its share leaves: at 0.995 of an H100's 79.2
    // visible GiB that is 0.40 GiB, so it starts at no context, and the row says the share to use
    // (it once said "not at 4,096 tokens; runs at up to 40,960").
    void vllmShareLeavesNoRoomForGraphs()
    {
        RunQuery q = query("h100-sxm-80gb", Runtime::Vllm, 1, 4096);
        q.runtime.vllm.gpu_memory_utilization = Ratio{995, 1000};
        const RunRow r = run("qwen3-32b", "bf16", q);
        QCOMPARE(verdict(r), std::string_view("no"));
        QCOMPARE(r.max_context, u64(0));
        QVERIFY2(r.change.rfind("--gpu-memory-utilization 0.90", 0) == 0, r.change.c_str());
        q.runtime.vllm.gpu_memory_utilization = Ratio{9, 10};
        QCOMPARE(verdict(run("qwen3-32b", "bf16", q)), std::string_view("fits"));
    }

    // An INT8 or grouped INT4 checkpoint quantizes the decoder's linears only and keeps the token
    // embedding, the head and the norms in 16 bits (AWQ, GPTQ, W8A8 quantizers skip them). Llama
    // 3 70B at INT8: embedding and head 2 · 1,050,673,152, norms 80 · 2 · 8,192 + 8,192 =
    // 1,318,912, so linears 70,553,706,496 − 2,101,346,304 − 1,318,912 = 68,451,041,280 bytes,
    // + 2 · 2,102,665,216 = 72,656,371,712, the FP8 checkpoint's, and like it no longer fits one
    // H100 under vLLM (it did when the embedding was 8-bit).
    void quantizedCheckpointsKeepTheEmbedding()
    {
        const RunQuery q = query("h100-sxm-80gb", Runtime::Vllm, 1, 8192);
        const Preset& p = testsupport::bundledPresetEntry("llama-3-70b");
        const ParamCount count = countParameters(p.config);
        const Placement pl = placeModel(RunModel{p.config, count, p.shipped_precision, {}},
                                        precisionById("int8"), q, 8192, 1, false);
        QCOMPARE(pl.load.weight_bytes, u64(72'656'371'712));
        QCOMPARE(verdict(run("llama-3-70b", "int8", q)), verdict(run("llama-3-70b", "fp8", q)));
        // A vision tower stays 16-bit too (llm-compressor's VLM recipes ignore
        // "re:vision_tower.*"): Qwen2.5-VL 7B at INT8 is its FP8 size, the tower's params at 2
        // bytes beside the linears' 1, not 1 byte more per tower parameter below it.
        const Preset& vl = testsupport::bundledPresetEntry("qwen2.5-vl-7b");
        const ParamCount vlCount = countParameters(vl.config);
        const RunModel vlm{vl.config, vlCount, vl.shipped_precision, {}};
        const u64 int8 =
            placeModel(vlm, precisionById("int8"), q, 8192, 1, false).load.weight_bytes;
        const u64 fp8 = placeModel(vlm, precisionById("fp8"), q, 8192, 1, false).load.weight_bytes;
        QCOMPARE(int8, fp8);
        QVERIFY(vlCount.params(Component::VisionTower) > 600'000'000);
    }

    // Ollama 0.33 leaves placement to llama.cpp's fit (envconfig LLAMA_ARG_FIT, default on; no
    // -ngl unless num_gpu is set, llm/llama_server.go), which moves a MoE's experts to RAM before
    // whole layers (llama_params_fit_impl, "dense-only layers") and keeps 1,024 MiB free on each
    // GPU (--fit-target). Qwen3-30B-A3B Q4_K_M on a 16 GB card with 64 GB of RAM: experts in RAM
    // under both; Ollama's row names no option. Its context is Ollama's -c, never shortened by
    // fit: 4,096 on this card.
    void ollamaLeavesPlacementToFit()
    {
        RunQuery q = query("rtx-5060-ti-16gb", Runtime::LlamaCpp, 1, 4096);
        q.hardware.ram_bytes = 64'000'000'000;
        const RunRow cpp = run("qwen3-30b-a3b", "q4_k_m", q);
        QCOMPARE(verdict(cpp), std::string_view("experts_in_ram"));
        QVERIFY2(cpp.flags.find("--n-cpu-moe") != std::string::npos, cpp.flags.c_str());
        q.runtime = runtimeProfile(Runtime::Ollama);
        q.context_given = false;
        const RunRow ollama = run("qwen3-30b-a3b", "q4_k_m", q);
        QCOMPARE(verdict(ollama), std::string_view("experts_in_ram"));
        QCOMPARE(ollama.context, u64(4096));
        QCOMPARE(ollama.flags, std::string("chosen by llama.cpp's fit"));
        // 1 GiB kept free by fit beside llama.cpp's own reserve: more experts in RAM than under
        // llama.cpp at the same context.
        QVERIFY2(
            ollama.cpu_moe_layers > cpp.cpu_moe_layers,
            (std::to_string(ollama.cpu_moe_layers) + " vs " + std::to_string(cpp.cpu_moe_layers))
                .c_str());
        QCOMPARE(ollama.load.reserve_bytes - cpp.load.reserve_bytes, u64(1024) << 20);
    }

    // Ollama's default is never shortened to fit; only a load that runs out of memory is retried
    // once a step lower (sched.go reduceAutoNumCtxForLoadOOM, nextLowerAutoNumCtx). Llama 3.3 70B
    // Q4_K_M on a 64 GB M3 Max (262,144 by its VRAM, 131,072 the model's own): the KV cache at
    // 131,072 tokens is 80 layers x 8 heads x 128 x 2 x 2 bytes x 131,072 = 42.9 GB beside 42.5
    // GB of weights, more than the 68.7 GB pool; at 32,768, 10.7 GB, it loads. Q6_K (57.9 GB)
    // does not load at 32,768 either: the row is a no at the default.
    void ollamaRetriesOnceAStepLower()
    {
        RunQuery q = query("m3-max-64gb", Runtime::Ollama, 1, 8192);
        q.context_given = false;
        const RunRow q4 = run("llama-3.3-70b", "q4_k_m", q);
        QCOMPARE(q4.context, u64(32768));
        QVERIFY(q4.verdict != RunVerdict::No);
        QVERIFY2(q4.context_note.find("Ollama's default 131,072") != std::string::npos,
                 q4.context_note.c_str());
        const RunRow q6 = run("llama-3.3-70b", "q6_k", q);
        QCOMPARE(verdict(q6), std::string_view("no"));
        QCOMPARE(q6.context, u64(131072));
        QVERIFY(q6.context_note.empty());
        // A context set (num_ctx) is never retried lower.
        q.context_given = true;
        q.context = 131072;
        const RunRow set = run("llama-3.3-70b", "q4_k_m", q);
        QCOMPARE(verdict(set), std::string_view("no"));
        QVERIFY(set.context_note.empty());
    }

    // Mistral 7B v0.1 at 32,768 tokens and F16 does not run on a 16 GB card under llama.cpp (a
    // full cache: 4.3 GB beside 14.5 GB of weights); the row says the largest context that does
    // and the smallest change.
    void mistralAt32kOnA16GbCard()
    {
        const RunRow r =
            run("mistral-7b", "fp16", query("rtx-4060-ti-16gb", Runtime::LlamaCpp, 1, 32768));
        QCOMPARE(verdict(r), std::string_view("no"));
        QVERIFY(r.max_context > 4096 && r.max_context < 32768);
        QCOMPARE(QString::fromStdString(r.change),
                 QStringLiteral("a context of %1 tokens (-c %2)")
                     .arg(QString::fromStdString(withThousands(r.max_context)))
                     .arg(r.max_context));
        // The largest context runs; one more token does not.
        QCOMPARE(verdict(run("mistral-7b", "fp16",
                             query("rtx-4060-ti-16gb", Runtime::LlamaCpp, 1, r.max_context))),
                 std::string_view("fits"));
    }

    // DeepSeek-V3 FP8 on 8 × H200 decodes one sequence at about 30 tokens/s (SGLang 0.4.1:
    // 30.29; vLLM on 8 × H20: 30): the MoE dispatch and per-layer costs, not the bandwidth,
    // bound a step.
    void deepSeekV3On8H200()
    {
        for (const Runtime rt : {Runtime::Sglang, Runtime::Vllm}) {
            const RunRow r = run("deepseek-v3", "fp8", query("h200-sxm-141gb", rt, 8, 4096));
            QCOMPARE(verdict(r), std::string_view("fits_tp"));
            QVERIFY2(*r.decode_tokens_per_s > 24 && *r.decode_tokens_per_s < 40,
                     qPrintable(QString::number(*r.decode_tokens_per_s)));
        }
    }

    // 8 × H100 under vLLM: Llama 3.3 70B at BF16 needs 4 GPUs at 8,192 tokens (on 2 its 65.7 GiB
    // of weights per GPU and the sampler's 4.65 GiB profile leave 0.2 GiB); the whole node (tensor
    // parallel 8) gives the same full 131,072-token context and a faster decode.
    void wholeMachineBesideTheFewestGpus()
    {
        const RunRow r =
            run("llama-3.3-70b", "bf16", query("h100-sxm-80gb", Runtime::Vllm, 8, 8192));
        QCOMPARE(verdict(r), std::string_view("fits_tp"));
        QCOMPARE(r.gpus, u64(4));
        QVERIFY(r.machine.has_value());
        QCOMPARE(r.machine->gpus, u64(8));
        QCOMPARE(r.machine->split.tensor_parallel, u64(8));
        QCOMPARE(r.machine->max_context, u64(131072));
        QCOMPARE(r.max_context, u64(131072));
        QVERIFY(*r.machine->decode_tokens_per_s > *r.decode_tokens_per_s);
        // vLLM takes its whole share at start: what the context leaves is KV cache, not memory
        // to spare (gpu_worker.py determine_available_memory).
        QVERIFY2(r.note.find("KV cache too") != std::string::npos &&
                     r.note.find("to spare") == std::string::npos,
                 r.note.c_str());
    }

    // 2 × RTX 3090 under llama.cpp: Llama 3 70B Q4_K_M (42.5 GB) splits by layers (-sm layer),
    // one GPU working at a time: no faster than one card's bandwidth would make it (measured
    // 16.29 tok/s, XiongjieDai).
    void llamaCppSplitsLayers()
    {
        const RunRow r =
            run("llama-3-70b", "q4_k_m", query("rtx-3090-24gb", Runtime::LlamaCpp, 2, 4096));
        QCOMPARE(verdict(r), std::string_view("fits_tp"));
        QCOMPARE(r.split.pipeline_parallel, u64(2));
        QCOMPARE(r.split.tensor_parallel, u64(1));
        QVERIFY2(std::abs(*r.decode_tokens_per_s - 16.29) / 16.29 < 0.15,
                 qPrintable(QString::number(*r.decode_tokens_per_s)));
    }

    // Nemotron 3 Nano at Q8_0 (about 34 GB) on 2 × RTX 3090: its layers split in two, each half
    // holding about half the experts (its pattern interleaves Mamba and expert layers). With
    // every expert layer at one end, one card got 32.8 GB and the row said "no", though the
    // smaller Q4_K_M fitted one card.
    void hybridLayersSplitEvenly()
    {
        const RunRow r =
            run("nemotron-3-nano", "q8_0", query("rtx-3090-24gb", Runtime::LlamaCpp, 2, 4096));
        QCOMPARE(verdict(r), std::string_view("fits_tp"));
        QVERIFY2(r.bytes_per_gpu < r.single_gpu_bytes * 6 / 10,
                 qPrintable(QString::number(r.bytes_per_gpu)));
    }

    // Llama 3 70B at Q4_K_M on one RTX 4090 with 64 GB of RAM, 8,192 tokens, by hand. Every tensor
    // Q4_K (144 bytes per 256 weights) but attn_v (Q6_K on use_more_bits layers, Q5_K on the
    // others: a 70B model) and ffn_down (Q6_K on use_more_bits layers); norms F32. A
    // use_more_bits layer holds 544,079,872 bytes, another 482,410,496, each with 33,554,432
    // bytes of KV (2 · 8 · 128 · 2 · 8,192). The card's 25,769,803,776 bytes less the 320 MiB
    // reserve (335,544,320) and the attention-phase compute buffer (512 · (8,192 + 8,192 +
    // 2,048) · 4 = 37,748,736; the logits are computed in RAM, where the output layer is) leave
    // 25,396,510,720. From layer 79 down: layers 70–79 take 10 · 577,634,304 = 5,776,343,040;
    // below, every third layer uses more bits (69, 66, …): twelve runs of three take 12 ·
    // (577,634,304 + 2 · 515,964,928) = 19,314,769,920, down to layer 34, leaving 305,397,760,
    // too little for layer 33. 46 layers on the GPU (-ngl 46). In RAM: layers 0–33 (18 of them
    // use_more_bits) with their KV, the token embedding (Q4_K, 591,003,648), the head (Q6_K,
    // 861,880,320) and the output norm (32,768): 20,105,773,056 bytes.
    // The RAM need not hold the whole model (42.5 GB): 21 GB holds what the GPU leaves, and the
    // answer is the same; 20 GB does not.
    void llama3_70bOffloadsByHand_data()
    {
        QTest::addColumn<u64>("ram");
        QTest::newRow("64 GB of RAM") << u64(64'000'000'000);
        QTest::newRow("21 GB of RAM, less than the model") << u64(21'000'000'000);
    }
    void llama3_70bOffloadsByHand()
    {
        QFETCH(u64, ram);
        RunQuery q = query("rtx-4090-24gb", Runtime::LlamaCpp, 1, 8192);
        q.hardware.ram_bytes = ram;
        const RunRow r = run("llama-3-70b", "q4_k_m", q);
        QCOMPARE(verdict(r), std::string_view("offload"));
        QCOMPARE(r.gpu_layers, u64(46));
        QCOMPARE(r.ram_bytes, u64(20'105'773'056));
        QCOMPARE(r.bytes_per_gpu, u64(25'769'803'776) - u64(305'397'760));
        QCOMPARE(QString::fromStdString(r.flags), QStringLiteral("-ngl 46"));
        q.hardware.ram_bytes = 20'000'000'000;
        QCOMPARE(verdict(run("llama-3-70b", "q4_k_m", q)), std::string_view("no"));
    }

    // A "no" on a discrete card without RAM names the RAM that makes it run; with 64 GB of RAM
    // the 70B offloads layers (-ngl).
    void noRowsNameTheSmallestChange()
    {
        RunQuery q = query("rtx-4090-24gb", Runtime::LlamaCpp, 1, 8192);
        const RunRow alone = run("llama-3-70b", "q4_k_m", q);
        QCOMPARE(verdict(alone), std::string_view("no"));
        QVERIFY(alone.change.find("of system RAM for layers (-ngl ") != std::string::npos);
        q.hardware.ram_bytes = 64'000'000'000;
        const RunRow r = run("llama-3-70b", "q4_k_m", q);
        QCOMPARE(verdict(r), std::string_view("offload"));
        QVERIFY(r.gpu_layers > 30 && r.gpu_layers < 60);
        QCOMPARE(QString::fromStdString(r.flags), QStringLiteral("-ngl %1").arg(r.gpu_layers));
        QVERIFY(r.decode_tokens_per_s.has_value() && !r.prefill_tokens_per_s.has_value());
    }

    // A CPU-only machine runs from its RAM: the size given replaces the catalog's example.
    void cpuOnly()
    {
        RunQuery q = query("cpu-ddr5-5600-2ch-64gb", Runtime::LlamaCpp, 1, 4096);
        q.hardware.ram_bytes = 32'000'000'000;
        const RunRow r = run("llama-3-8b", "q4_k_m", q);
        QCOMPARE(verdict(r), std::string_view("fits"));
        QVERIFY(r.decode_tokens_per_s && *r.decode_tokens_per_s > 5 && *r.decode_tokens_per_s < 25);
        QVERIFY(verdict(run("llama-3-70b", "q4_k_m", q)) == std::string_view("no"));
    }

    void unknownRuntime()
    {
        try {
            (void)runtimeById("lmstudio");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QStringLiteral("unknown runtime 'lmstudio' (known: llama.cpp, ollama, vllm, "
                                    "sglang, tensorrt-llm, mlx, transformers)"));
        }
    }

    // Every preset gets one row per precision the runtime offers, and no engine that keeps
    // everything on the GPUs offloads.
    void everyPresetHasItsRows()
    {
        for (const Runtime rt : {Runtime::Vllm, Runtime::Mlx}) {
            RunQuery q = query(rt == Runtime::Mlx ? "m3-max-64gb" : "rtx-4090-24gb", rt, 1, 4096);
            q.hardware.ram_bytes = 64'000'000'000;
            for (const Preset& p : testsupport::bundledPresets()) {
                const ModelRuns m = presetRuns(p, q);
                QVERIFY2(m.rows.size() == runPrecisions(q.runtime, p.shipped_precision).size(),
                         p.id.c_str());
                for (const RunRow& r : m.rows) {
                    QVERIFY(r.verdict != RunVerdict::Offload &&
                            r.verdict != RunVerdict::ExpertsInRam);
                    QVERIFY2(r.verdict == RunVerdict::No || r.max_context >= r.context,
                             p.id.c_str());
                }
            }
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestRuns)
#include "tst_runs.moc"
