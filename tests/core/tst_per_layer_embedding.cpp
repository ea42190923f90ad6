// Gemma 3n's per-layer embedding (embed_tokens_per_layer: 262,144 rows of 35 · 256 values,
// 2,348,810,240 parameters) in a GGUF file and under each runtime. llama.cpp quantizes it as it
// does token_embd (llama-quant.cpp, "token_embd.weight" || "per_layer_token_embd.weight") and
// keeps it in host RAM with it, an input-layer tensor (llama-arch.cpp LLM_TENSOR_INFOS:
// LLM_TENSOR_LAYER_INPUT, "I intentionally set LLM_TENSOR_PER_LAYER_TOKEN_EMBD to
// LLM_TENSOR_LAYER_INPUT", llama.cpp PR 14400); a step gathers one row of it per token.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runtime.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;

// Q8_0 stores 34 bytes per block of 32 values.
constexpr u64 q8(u64 values)
{
    return values / 32 * 34;
}

// Gemma 3n E4B's language model in Q8_0, tensor by tensor (config.json: d 2,048, 35 layers,
// 8 heads and 2 KV heads of 256, d_ff 16,384, vocab 262,400, per-layer 256 from 262,144 rows,
// 4 AltUp streams, LAuReL rank 64, head tied). Norm weights are F32 (4 bytes); AltUp's 4 × 4
// and 4 × 16 coefficient matrices are narrower than a block and fall back to F16.
constexpr u64 kTokenEmbd = q8(262'400 * 2'048);                    // 570,982,400
constexpr u64 kPerLayerTable = q8(262'144 * u64(35 * 256));        // 2,495,610,880
constexpr u64 kGlobals = kTokenEmbd + kPerLayerTable +             //
                         q8(2'048 * u64(35 * 256)) + 256 * 4 +     // per_layer_model_proj, norm
                         q8(2 * 3 * 2'048 * 2'048) + 2'048 * 4;    // altup_proj ×2, output_norm
constexpr u64 kLayer = 2 * q8(2'048 * 2'048) + 2 * q8(2'048 * 512) // q, o, k, v
                       + (4 * 2'048 + 2 * 256) * 4                 // block norms, q/k norms
                       + q8(3 * 2'048 * 16'384)                    // gate, up, down
                       + 2 * q8(2'048 * 256) + 2'048 * 4           // inp_gate, proj, post_norm
                       + 16 * 2 + 64 * 2 + q8(2'048 * 4) + 2 * 2'048 * 4 // AltUp
                       + 2 * q8(2'048 * 64) + 2'048 * 4;                 // LAuReL
constexpr u64 kFile = kGlobals + 35 * kLayer;
static_assert(kFile == 7'297'611'744);

} // namespace

class TestPerLayerEmbedding : public QObject {
    Q_OBJECT
private slots:
    // The GGUF file holds the table: 7.30 GB at Q8_0, not the 4.80 GB of the layers alone.
    void ggufFileHoldsTheTable()
    {
        const ModelConfig c = testsupport::bundledPreset("gemma-3n-e4b");
        const WeightMemory w = weightMemory(c, precisionById("q8_0"));
        QCOMPARE(w.bytes, kFile);
        QCOMPARE(w.gathered_bytes, kPerLayerTable);
        QCOMPARE(w.embedding_bytes, kTokenEmbd);
        // Bits per weight over the file's own parameters, not the towers' too: 8.5 and the
        // norms' F32.
        QVERIFY(w.effective.value() > 8.5 && w.effective.value() < 8.51);
    }

    // llama.cpp: token_embd and the per-layer table in host RAM, everything else on the GPU with
    // its tied head's copy of token_embd, all of which a decode step reads.
    void llamaCppKeepsTheTableInHostRam()
    {
        const Preset preset = testsupport::bundledPresetEntry("gemma-3n-e4b");
        const RunModel m{preset.config, countParameters(preset.config), preset.shipped_precision,
                         presetFp8Checkpoint(preset)};
        RunQuery q;
        q.hardware.gpu = testsupport::bundledCatalog().at("rtx-4090-24gb");
        q.hardware.gpus = 1;
        q.runtime = runtimeProfile(Runtime::LlamaCpp);
        q.context = 8192;
        const Placement p = placeModel(m, precisionById("q8_0"), q, 8192, 1, false);
        QCOMPARE(p.host_bytes, kTokenEmbd + kPerLayerTable);
        QCOMPARE(p.load.weight_bytes, kFile - kPerLayerTable);
        QCOMPARE(p.gpu_read_bytes - p.load.kv_bytes, kFile - kPerLayerTable);
        // F16 (one rate for everything): the towers of the mmproj file, token_embd and the table
        // in RAM, the language model's other 4,517,886,448 parameters and the head's copy of
        // token_embd on the GPU.
        const Placement f16 = placeModel(m, precisionById("fp16"), q, 8192, 1, false);
        QCOMPARE(f16.host_bytes,
                 (u64(537'395'200) + 2'348'810'240 + 294'126'912 + 681'348'640 + 7'805'952) * 2);
        QCOMPARE(f16.load.weight_bytes, (u64(6'866'696'688) - 2'348'810'240) * 2);
        QCOMPARE(f16.gpu_read_bytes - f16.load.kv_bytes, f16.load.weight_bytes);
    }

    // A serving engine reads every weight a step uses but the table, at any precision.
    void servingSkipsTheTable()
    {
        const ModelConfig c = testsupport::bundledPreset("gemma-3n-e4b");
        const WeightMemory w = weightMemory(c, precisionById("bf16"));
        QCOMPARE(w.gathered_bytes, u64(2'348'810'240) * 2);
        QCOMPARE(w.embedding_bytes, u64(537'395'200) * 2);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestPerLayerEmbedding)
#include "tst_per_layer_embedding.moc"
