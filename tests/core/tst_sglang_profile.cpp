// SGLang's and TensorRT-LLM's memory as their code places it: Llama 4's chunked layers hold the
// whole context (SGLang's hybrid KV cache is opt-in, TensorRT-LLM's max_attention_window unset),
// and SGLang's request-to-token table, (max_num_reqs + 1) × (context_len + 4) int32 on every GPU
// beside mem_fraction_static (model_runner.py, ReqToTokenPool), bounds a long context.
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

Placement placeOn(const char* gpu, const char* preset, const char* precision, u64 gpus, u64 context,
                  Runtime runtime = Runtime::Sglang, Ratio share = {0, 1})
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(gpu);
    q.hardware.gpus = gpus;
    q.runtime = runtimeProfile(runtime);
    q.runtime.sglang.mem_fraction_static = share;
    q.context = context;
    const Preset& p = testsupport::bundledPresetEntry(preset);
    const RunModel m{p.config, countParameters(p.config), p.shipped_precision,
                     presetFp8Checkpoint(p)};
    return placeModel(m, precisionById(precision), q, context, gpus, false);
}

Placement place(const char* preset, const char* precision, u64 gpus, u64 context,
                Runtime runtime = Runtime::Sglang)
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at("h100-sxm-80gb");
    q.hardware.gpus = gpus;
    q.runtime = runtimeProfile(runtime);
    q.context = context;
    const Preset& p = testsupport::bundledPresetEntry(preset);
    const RunModel m{p.config, countParameters(p.config), p.shipped_precision,
                     presetFp8Checkpoint(p)};
    return placeModel(m, precisionById(precision), q, context, gpus, false);
}

} // namespace

class TestSglangProfile : public QObject {
    Q_OBJECT
private slots:
    // 48 layers · 8 KV heads · 128 · K and V · 2 bytes = 196,608 bytes a token for every layer,
    // an eighth of it on each of 8 GPUs: no layer keeps only its 8,192-token chunk.
    void llama4ChunksAreFull()
    {
        const ModelConfig scout = testsupport::bundledPreset("llama-4-scout");
        for (const Runtime r : {Runtime::Sglang, Runtime::TensorRtLlm}) {
            QCOMPARE(runtimeConfig(scout, runtimeProfile(r)).sliding_window, u64(0));
            QCOMPARE(place("llama-4-scout", "bf16", 8, 65'536, r).load.kv_bytes,
                     u64(65'536) * 196'608 / 8);
        }
    }

    // Each server's own launch options (vllm serve, sglang.launch_server, trtllm-serve --help):
    // Llama 4 Scout BF16 on 4 GPUs at 65,536 tokens.
    void launchFlags()
    {
        QCOMPARE(place("llama-4-scout", "bf16", 4, 65'536).flags,
                 std::string("--tp 4 --context-length 65536"));
        QCOMPARE(place("llama-4-scout", "bf16", 4, 65'536, Runtime::TensorRtLlm).flags,
                 std::string("--tp_size 4 --max_seq_len 65536"));
        QCOMPARE(place("llama-4-scout", "bf16", 4, 65'536, Runtime::Vllm).flags,
                 std::string("--tensor-parallel-size 4 --max-model-len 65536"));
    }

    // The KV pool against SGLang's own "KV Cache is allocated. #tokens: N" lines (docs/memory.md,
    // "SGLang's pool held against logs"), within 5 %: Llama 3.3 70B BF16 at TP 8 on H200s,
    // default share (sglang PR 11716, Oct 2025); Qwen3-32B BF16 at TP 4 on B200s, default share
    // (sglang PR 22537, Apr 2026); and, held out of the setup fit, Qwen3-235B-A22B-FP8 at TP 4
    // on H100s with --mem-fraction-static 0.93 (vLLM issue 21348, Jul 2025).
    void poolAsLogged_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<u64>("tp");
        QTest::addColumn<u64>("share"); // thousandths, 0: SGLang's default
        QTest::addColumn<u64>("logged");
        QTest::newRow("Llama 3.3 70B, 8 x H200") << "h200-sxm-141gb"
                                                 << "llama-3.3-70b"
                                                 << "bf16" << u64(8) << u64(0) << u64(2'795'207);
        QTest::newRow("Qwen3-32B, 4 x B200") << "b200-180gb"
                                             << "qwen3-32b"
                                             << "bf16" << u64(4) << u64(0) << u64(2'206'208);
        QTest::newRow("Qwen3-235B-A22B FP8, 4 x H100, 0.93")
            << "h100-sxm-80gb"
            << "qwen3-235b-a22b"
            << "fp8" << u64(4) << u64(930) << u64(367'404);
    }
    void poolAsLogged()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, preset);
        QFETCH(QString, precision);
        QFETCH(u64, tp);
        QFETCH(u64, share);
        QFETCH(u64, logged);
        const Placement p = placeOn(qPrintable(gpu), qPrintable(preset), qPrintable(precision), tp,
                                    4096, Runtime::Sglang, Ratio{share, 1000});
        QCOMPARE(p.split.tensor_parallel, tp);
        const double off = (static_cast<double>(p.kv_tokens) - static_cast<double>(logged)) /
                           static_cast<double>(logged);
        qInfo("%s: %llu tokens, logged %llu (%+.1f %%)", qPrintable(gpu),
              static_cast<unsigned long long>(p.kv_tokens), static_cast<unsigned long long>(logged),
              100 * off);
        QVERIFY(std::abs(off) < 0.05);
    }

    // The row says the share it counts with, which depends on the model: DeepSeek-V3 (MLA) at
    // TP 8 on H200s reserves 512 + 12,288 + 1,024 + 1,024 + 1,536 (MLA's prefill graphs) =
    // 16,384 MiB of the 141 GiB = 144,384 MiB it is sold as, a share of 0.887 (by hand; SGLang
    // reads nvidia-smi's 143,771 MiB, 0.886).
    void rowSaysItsShare()
    {
        const Preset& p = testsupport::bundledPresetEntry("deepseek-v3");
        RunQuery q;
        q.hardware.gpu = testsupport::bundledCatalog().at("h200-sxm-141gb");
        q.hardware.gpus = 8;
        q.runtime = runtimeProfile(Runtime::Sglang);
        q.context = 4096;
        const RunRow r = evaluateRun(RunModel{p.config, countParameters(p.config),
                                              p.shipped_precision, presetFp8Checkpoint(p)},
                                     precisionById("fp8"), q);
        QVERIFY2(r.note.find("SGLang's share (mem_fraction_static 0.887) per GPU") !=
                     std::string::npos,
                 r.note.c_str());
    }

    // On ROCm a server launched above 8,192 tokens has 0.85 of the share (aiter): DeepSeek-V3
    // BF16 (1.34 TB, 168 GB a GPU) on 8 × MI300X runs at 8,192 tokens and not at 8,193, and a
    // shorter query's longest context says so rather than counting the longer one at the full
    // share.
    void rocmShareByContext()
    {
        const Placement at4k = placeOn("mi300x-192gb", "deepseek-v3", "bf16", 8, 4096);
        QVERIFY(at4k.fits);
        QCOMPARE(at4k.max_context, u64(8192));
        QVERIFY(placeOn("mi300x-192gb", "deepseek-v3", "bf16", 8, 8192).fits);
        QVERIFY(!placeOn("mi300x-192gb", "deepseek-v3", "bf16", 8, 8193).fits);
    }

    // The table by hand. At 8,192 tokens the pool's tokens over the context × 512 is above
    // 4,096, so 4,097 rows of 8,196 int32: 134,316,048 bytes. At 1,000,000 tokens it is under
    // 2,048, so 2,049 rows of 1,000,004: 8,196,032,784 bytes, 8,061,716,736 more of each GPU.
    void requestTableByHand()
    {
        const Placement shortCtx = place("llama-4-scout", "bf16", 8, 8192);
        const Placement longCtx = place("llama-4-scout", "bf16", 8, 1'000'000);
        QCOMPARE(longCtx.load.reserve_bytes - shortCtx.load.reserve_bytes, u64(8'061'716'736));
        // Under vLLM no such table: the reserve does not grow with the context.
        QCOMPARE(place("llama-4-scout", "bf16", 8, 1'000'000, Runtime::Vllm).load.reserve_bytes,
                 place("llama-4-scout", "bf16", 8, 8192, Runtime::Vllm).load.reserve_bytes);
    }

    // On 8 × H100 the table, not the KV pool, sets Scout's longest context at FP8 and INT4: the
    // same at both though the smaller weights leave a larger pool, and under what the pool
    // holds. At BF16 the pool (less the 2 GiB the setup takes at TP 8) is the bound. SGLang's
    // Llama 4 guide runs it "up to 1M on 8*H100" (docs basic_usage/llama4): that fits.
    void tableBoundsScoutsContext()
    {
        const Placement bf16 = place("llama-4-scout", "bf16", 8, 8192);
        const Placement fp8 = place("llama-4-scout", "fp8", 8, 8192);
        const Placement int4 = place("llama-4-scout", "int4_g128", 8, 8192);
        QCOMPARE(fp8.max_context, int4.max_context);
        QVERIFY(fp8.max_context < fp8.kv_tokens);
        QVERIFY(bf16.max_context <= bf16.kv_tokens);
        QVERIFY(bf16.kv_tokens - bf16.max_context < 16); // within a block of the pool
        for (const Placement* p : {&bf16, &fp8}) {
            QVERIFY(p->max_context >= 1'000'000);
        }
        QVERIFY(place("llama-4-scout", "bf16", 8, 1'000'000).fits);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSglangProfile)
#include "tst_sglang_profile.moc"
