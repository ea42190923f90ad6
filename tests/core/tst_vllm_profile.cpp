// vLLM V1's profile run, as its logs report it: the sampler's sort over max_num_seqs rows of
// logits (gpu_model_runner.py _dummy_sampler_run, v1/sample/ops/topk_topp_sampler.py), not the
// forward pass, sets the activation peak of a large-vocabulary model on a large GPU.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;
constexpr double kGiB = 1073741824.0;

Placement place(const char* preset, const char* precision, u64 gpus, const RunQuery& q)
{
    const Preset& p = testsupport::bundledPresetEntry(preset);
    const RunModel m{p.config, countParameters(p.config), p.shipped_precision,
                     presetFp8Checkpoint(p)};
    return placeModel(m, precisionById(precision), q, q.context, gpus, false);
}

RunQuery h100(u64 gpus)
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at("h100-sxm-80gb");
    q.hardware.gpus = gpus;
    q.runtime = runtimeProfile(Runtime::Vllm);
    q.context = 8192;
    return q;
}

} // namespace

class TestVllmProfile : public QObject {
    Q_OBJECT
private slots:
    // The sampler's peak by hand: 1,024 sequences (vLLM's default on an H100) × 151,936 logits
    // (Qwen3) × 38 bytes = 5,912,133,632, above the forward pass of 8,192 tokens.
    void samplerSetsThePeak()
    {
        const Placement p = place("qwen3-235b-a22b", "fp8", 4, h100(4));
        QCOMPARE(p.load.buffer_bytes, u64(1024) * 151'936 * 38);
        RunQuery fewer = h100(4);
        fewer.runtime.vllm.max_num_seqs = 16; // the forward pass's peak is then the larger
        QVERIFY(place("qwen3-235b-a22b", "fp8", 4, fewer).load.buffer_bytes <
                u64(256) * 151'936 * 38);
    }

    // FlashInfer's sampler (vLLM's default again since April 2026) masks and softmaxes the FP32
    // logits without a sort: 2 + 4 + 4 + 4 = 14 bytes per logit, 1,024 × 151,936 × 14 =
    // 2,178,154,496, still above the forward pass. A V100 (compute capability 7.0, no INT8
    // tensor cores in the catalog) keeps the sort.
    void flashInferSamplerHoldsFewerBytes()
    {
        RunQuery q = h100(4);
        q.runtime.vllm.flashinfer_sampler = true;
        const Placement sorted = place("qwen3-235b-a22b", "fp8", 4, h100(4));
        const Placement flash = place("qwen3-235b-a22b", "fp8", 4, q);
        QCOMPARE(flash.load.buffer_bytes, u64(1024) * 151'936 * 14);
        // The 24 bytes a logit saves go to the KV pool: 1,024 × 151,936 × 24 = 3,734,175,744
        // bytes per GPU at 2 × 94 layers × 1 KV head (4 over TP 4) × 128 × 2 bytes = 48,128 a
        // token: 77,589 tokens more, to a 16-token block.
        const double more =
            static_cast<double>(flash.kv_tokens) - static_cast<double>(sorted.kv_tokens);
        QVERIFY2(std::abs(more - 77'589.0) <= 16.0, qPrintable(QString::number(more)));
        const GpuSpec& v100 = testsupport::bundledCatalog().at("v100-sxm2-32gb");
        QVERIFY(!vllmUsesFlashInferSampler(q.runtime.vllm, v100));
        QVERIFY(vllmUsesFlashInferSampler(q.runtime.vllm, q.hardware.gpu));
        QVERIFY(!vllmUsesFlashInferSampler(h100(1).runtime.vllm, q.hardware.gpu)); // default: sort
    }

    // Llama 4's chunked layers (attention_chunk_size 8,192, three layers in four) hold the whole
    // context under vLLM, which keeps them out of its hybrid KV cache manager by default
    // (VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=0, PR 21761); llama.cpp keeps the
    // chunk, and vLLM keeps Gemma 3's sliding window.
    void llama4ChunksAreFullUnderVllm()
    {
        const ModelConfig scout = testsupport::bundledPreset("llama-4-scout");
        QVERIFY(scout.chunked_attention);
        QCOMPARE(runtimeConfig(scout, runtimeProfile(Runtime::Vllm)).sliding_window, u64(0));
        QCOMPARE(runtimeConfig(scout, runtimeProfile(Runtime::LlamaCpp)).sliding_window, u64(8192));
        const ModelConfig gemma = testsupport::bundledPreset("gemma-3-27b-it");
        QCOMPARE(runtimeConfig(gemma, runtimeProfile(Runtime::Vllm)).sliding_window, u64(1024));
        // 48 layers · 8 KV heads · 128 · K and V · 2 bytes = 196,608 bytes a token, at tensor
        // parallel 4 a quarter of it on each GPU.
        const Placement p = place("llama-4-scout", "bf16", 4, h100(4));
        QCOMPARE(p.load.kv_bytes, u64(8192) * 196'608 / 4);
    }

    // A GDDR card with ECC on shows a process what ECC leaves: nvidia-smi reports 46068MiB for an
    // L40S and 23034MiB for an L4, where an HBM card shows 0.99 of its memory (79.19 GiB of an
    // H100's 80).
    void eccLeavesFifteenSixteenths()
    {
        const RuntimeProfile vllm = runtimeProfile(Runtime::Vllm);
        const auto& catalog = testsupport::bundledCatalog();
        const double l40s = static_cast<double>(runtimeCapacity(vllm, catalog.at("l40s-48gb")));
        QVERIFY(std::abs(l40s - 46068.0 * 1048576) < 1048576);
        const double l4 = static_cast<double>(runtimeCapacity(vllm, catalog.at("l4-24gb")));
        QVERIFY(std::abs(l4 - 23034.0 * 1048576) < 1048576);
        const double h100 =
            static_cast<double>(runtimeCapacity(vllm, catalog.at("h100-sxm-80gb"))) / kGiB;
        QVERIFY(std::abs(h100 - 79.2) < 0.01);
    }

    // Held out: Qwen3-235B-A22B-FP8 at tensor parallel 4 on H100s, vLLM's defaults (vLLM issue
    // 21348): "Available KV cache memory: 8.11 GiB" of the 0.9 · 79.19 = 71.27 GiB it may use,
    // so 63.16 GiB beside the KV cache. What this counts there (weights, the profile's peak and
    // the memory outside PyTorch) within 5 % (61.30); without the sampler's sort it was 57.17.
    void qwen3OnFourH100s()
    {
        const Placement p = place("qwen3-235b-a22b", "fp8", 4, h100(4));
        const double beside = static_cast<double>(p.load.weight_bytes + p.load.buffer_bytes +
                                                  p.load.reserve_bytes - (u64{1} << 30)) /
                              kGiB; // the reserve less the CUDA graphs, captured outside the share
        QVERIFY2(std::abs(beside - 63.16) / 63.16 < 0.05, qPrintable(QString::number(beside)));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestVllmProfile)
#include "tst_vllm_profile.moc"
