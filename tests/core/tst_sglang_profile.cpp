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

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;

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

    // On 8 × H100 the table, not the KV pool, sets Scout's longest context: the same at every
    // precision though the smaller weights leave a larger pool, and under what the pool holds.
    // SGLang's Llama 4 guide runs it "up to 1M on 8*H100" (docs basic_usage/llama4): that fits.
    void tableBoundsScoutsContext()
    {
        const Placement bf16 = place("llama-4-scout", "bf16", 8, 8192);
        const Placement fp8 = place("llama-4-scout", "fp8", 8, 8192);
        QCOMPARE(bf16.max_context, fp8.max_context);
        QVERIFY(bf16.max_context < bf16.kv_tokens);
        QVERIFY(bf16.max_context >= 1'000'000);
        QVERIFY(place("llama-4-scout", "bf16", 8, 1'000'000).fits);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSglangProfile)
#include "tst_sglang_profile.moc"
