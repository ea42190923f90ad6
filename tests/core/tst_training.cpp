// Training memory against the ZeRO paper's Table 1, Korthikanti et al.'s per-layer activation
// formulas for GPT-3 175B, the LoRA paper's trainable-parameter counts, and hand counts.
#include "llmsizer/memory/training.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;

namespace {

// GPT-3 175B (Brown et al. 2020, Table 2.1): 96 layers, d 12288, 96 heads, 4h GELU MLP.
ModelConfig gpt3()
{
    ModelConfig c;
    c.d_model = 12288;
    c.n_layers = 96;
    c.n_heads = 96;
    c.n_kv_heads = 96;
    c.vocab_size = 50257;
    c.context_length = 2048;
    c.mlp = MlpKind::Plain;
    c.d_ff = 4 * 12288;
    c.biases = {true, true, true, true, false};
    c.norm = NormKind::LayerNorm;
    c.position = PositionKind::Learned;
    c.tied_head = true;
    return c;
}

ModelConfig llama2_7b()
{
    ModelConfig c; // Llama-shaped defaults, 4096 × 32 layers, 32 heads
    c.d_ff = 11008;
    return c;
}

} // namespace

class TestTraining : public QObject {
    Q_OBJECT
private slots:
    void zeroTable1_data()
    {
        QTest::addColumn<double>("psi");
        QTest::addColumn<int>("nd");
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("gb");   // the paper's cell
        QTest::addColumn<double>("half"); // half a unit of its last printed digit
        // ZeRO (Rajbhandari et al. 2020) §5, Table 1, K = 12, GB = 1e9 bytes.
        QTest::newRow("7.5B, N_d 64, baseline 120") << 7.5e9 << 64 << 0 << 120.0 << 0.5;
        QTest::newRow("7.5B, N_d 64, P_os 31.4") << 7.5e9 << 64 << 1 << 31.4 << 0.05;
        QTest::newRow("7.5B, N_d 64, P_os+g 16.6") << 7.5e9 << 64 << 2 << 16.6 << 0.05;
        QTest::newRow("7.5B, N_d 64, P_os+g+p 1.88") << 7.5e9 << 64 << 3 << 1.88 << 0.005;
        QTest::newRow("7.5B, N_d 4, P_os 52.5") << 7.5e9 << 4 << 1 << 52.5 << 0.05;
        QTest::newRow("7.5B, N_d 4, P_os+g 41.3") << 7.5e9 << 4 << 2 << 41.3 << 0.05;
        QTest::newRow("7.5B, N_d 4, P_os+g+p 30") << 7.5e9 << 4 << 3 << 30.0 << 0.5;
        QTest::newRow("7.5B, N_d 16, P_os 35.6") << 7.5e9 << 16 << 1 << 35.6 << 0.05;
        QTest::newRow("7.5B, N_d 16, P_os+g 21.6") << 7.5e9 << 16 << 2 << 21.6 << 0.05;
        QTest::newRow("7.5B, N_d 16, P_os+g+p 7.5") << 7.5e9 << 16 << 3 << 7.5 << 0.05;
        QTest::newRow("128B, N_d 64, baseline 2048") << 128e9 << 64 << 0 << 2048.0 << 0.5;
        QTest::newRow("128B, N_d 64, P_os 536") << 128e9 << 64 << 1 << 536.0 << 0.5;
        QTest::newRow("128B, N_d 64, P_os+g 284") << 128e9 << 64 << 2 << 284.0 << 0.5;
        QTest::newRow("128B, N_d 64, P_os+g+p 32") << 128e9 << 64 << 3 << 32.0 << 0.5;
        QTest::newRow("1T, N_d 64, baseline 16000") << 1e12 << 64 << 0 << 16000.0 << 0.5;
        QTest::newRow("1T, N_d 64, P_os+g+p 250") << 1e12 << 64 << 3 << 250.0 << 0.5;
        QTest::newRow("1T, N_d 1024, P_os+g+p 15.6") << 1e12 << 1024 << 3 << 15.6 << 0.05;
    }
    void zeroTable1()
    {
        QFETCH(double, psi);
        QFETCH(int, nd);
        QFETCH(int, stage);
        QFETCH(double, gb);
        QFETCH(double, half);
        const ModelStates m =
            zeroModelStates(static_cast<std::uint64_t>(psi), static_cast<std::uint64_t>(nd), stage);
        const double ours = static_cast<double>(m.total()) / 1e9;
        QVERIFY2(std::abs(ours - gb) <= half, qPrintable(QString::number(ours, 'f', 4)));
    }

    void zeroExactBytes()
    {
        // 7.5e9 · (4 + 12/64) = 30e9 + 1.40625e9 exactly.
        QCOMPARE(quint64(zeroModelStates(7'500'000'000ull, 64, 1).total()), 31'406'250'000ull);
        // Megatron's distributed optimizer, bf16 params + fp32 grads: 6 + 12/d bytes per
        // parameter (formulas.md §3.1); d = 8 -> 7.5 bytes.
        QCOMPARE(quint64(zeroModelStates(1'000'000, 8, 1, 2, 4, 12).total()), 7'500'000ull);
        // 16 vs 18 B/param: fp16 or fp32 gradients, no sharding.
        QCOMPARE(quint64(zeroModelStates(1000, 1, 0, 2, 2, 12).total()), 16'000ull);
        QCOMPARE(quint64(zeroModelStates(1000, 1, 0, 2, 4, 12).total()), 18'000ull);
        QVERIFY_THROWS_EXCEPTION(InputError, zeroModelStates(1000, 1, 4));
    }

    void korthikantiGpt3_data()
    {
        QTest::addColumn<quint64>("t");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<quint64>("bytes");
        // Korthikanti et al. 2022, Table 2, GPT-3 175B: s = 2048, b = 1, h = 12288, a = 96.
        // sbh = 25,165,824; 5as²b = 5 · 96 · 2048² = 2,013,265,920.
        // eq. 1, no parallelism: 34·sbh + 5as²b = 855,638,016 + 2,013,265,920.
        QTest::newRow("eq. 1: sbh(34 + 5as/h)") << 1ull << false << 0 << 2'868'903'936ull;
        // eq. 2, t = 8: sbh(10 + 24/8) + 5as²b/8 = 327,155,712 + 251,658,240.
        QTest::newRow("eq. 2: TP 8") << 8ull << false << 0 << 578'813'952ull;
        // eq. 4, t = 8, sequence parallel: 34·sbh/8 + 5as²b/8 = 106,954,752 + 251,658,240.
        QTest::newRow("eq. 4: TP 8 + SP") << 8ull << true << 0 << 358'612'992ull;
        // TP + selective recompute: sbh(10 + 24/8) = 327,155,712.
        QTest::newRow("TP 8 + selective") << 8ull << false << 1 << 327'155'712ull;
        // eq. 6, TP + SP + selective: 34·sbh/8 = 106,954,752.
        QTest::newRow("eq. 6: TP 8 + SP + selective") << 8ull << true << 1 << 106'954'752ull;
        // Full recompute: 2sbh = 50,331,648 (the layer input only).
        QTest::newRow("full recompute") << 8ull << false << 2 << 50'331'648ull;
    }
    void korthikantiGpt3()
    {
        QFETCH(quint64, t);
        QFETCH(bool, sp);
        QFETCH(int, recompute);
        QFETCH(quint64, bytes);
        ActivationParams p;
        p.seq = 2048;
        p.micro_batch = 1;
        p.tensor_parallel = t;
        p.sequence_parallel = sp;
        p.recompute = static_cast<Recompute>(recompute);
        // The model's own widths reproduce the paper's constants for GPT-3 ...
        QCOMPARE(quint64(trainingActivations(gpt3(), p).per_layer), bytes);
        // ... and so do the paper's fixed constants.
        p.paper_constants = true;
        QCOMPARE(quint64(trainingActivations(gpt3(), p).per_layer), bytes);
    }

    void korthikantiFirstStage()
    {
        // eq. 5: the first 1F1B stage holds sbhL/t·(34 + 5as/h), independent of p: with t = 8,
        // p = 8, 96 layers = 96 · 358,612,992 (SP) = 34,426,847,232 bytes, plus the extra
        // terms sbhL/t·p/L = 25,165,824 · 8 / 8 (embedding dropout, p micro-batches).
        ActivationParams p;
        p.tensor_parallel = 8;
        p.pipeline_parallel = 8;
        p.sequence_parallel = true;
        const ActivationMemory a = trainingActivations(gpt3(), p);
        QCOMPARE(quint64(a.layers_held), 96ull);
        QCOMPARE(quint64(a.layers_bytes), 34'426'847'232ull);
        QCOMPARE(quint64(a.extra_bytes), 25'165'824ull);
    }

    void activationOptions()
    {
        ActivationParams p;
        p.seq = 2048;
        const ModelConfig g = gpt3();
        // FlashAttention drops 5as²b: 34·sbh.
        p.flash_attention = true;
        QCOMPARE(quint64(trainingActivations(g, p).per_layer), 34ull * 25'165'824);
        // No dropout and FlashAttention: 32·sbh (two 1-byte masks fewer).
        p.dropout = false;
        QCOMPARE(quint64(trainingActivations(g, p).per_layer), 32ull * 25'165'824);
        // Llama 2 7B, gated MLP of 11008, FlashAttention, no dropout; s = 4096, b = 1:
        // LN 4sbh + inputs 4sbh + Q,K,V,O 8sbh + MLP 4 · 2 · sb·11008 [derived].
        const std::uint64_t sb = 4096;
        const std::uint64_t expected = 16 * sb * 4096 + 8 * sb * 11008;
        p.seq = 4096;
        QCOMPARE(quint64(trainingActivations(llama2_7b(), p).per_layer), quint64(expected));
    }

    void loraCounts_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<quint64>("rank");
        QTest::addColumn<QString>("targets");
        QTest::addColumn<quint64>("params");
        // Llama 2 7B, r = 8 on q and v: 32 layers · 2 · 8 · (4096 + 4096) = 4,194,304.
        QTest::newRow("Llama 2 7B r8 q,v") << "l2" << 8ull << "q,v" << 4'194'304ull;
        // LoRA paper Table 4, GPT-3 175B on W_q and W_v: "4.7M" (r = 1) and "37.7M" (r = 8):
        // 96 · 2 · r · (12288 + 12288) = 4,718,592 and 37,748,736.
        QTest::newRow("GPT-3 r1 q,v (4.7M)") << "g3" << 1ull << "q,v" << 4'718'592ull;
        QTest::newRow("GPT-3 r8 q,v (37.7M)") << "g3" << 8ull << "q_proj,v_proj" << 37'748'736ull;
        // GQA: Llama 3 8B (8 KV heads), r = 8 on q,k,v,o: per layer 8·(8192 + 5120 + 5120 +
        // 8192) = 212,992; × 32 = 6,815,744.
        QTest::newRow("Llama 3 8B r8 q,k,v,o") << "l3" << 8ull << "q,k,v,o" << 6'815'744ull;
    }
    void loraCounts()
    {
        QFETCH(QString, model);
        QFETCH(quint64, rank);
        QFETCH(QString, targets);
        QFETCH(quint64, params);
        ModelConfig c = model == QStringLiteral("g3") ? gpt3() : llama2_7b();
        if (model == QStringLiteral("l3")) {
            c.n_kv_heads = 8;
            c.d_ff = 14336;
            c.vocab_size = 128256;
        }
        LoraParams l;
        l.rank = rank;
        l.targets = parseLoraTargets(targets.toStdString());
        QCOMPARE(quint64(loraTrainableParams(c, l)), params);
    }

    void loraExperts()
    {
        // 2 layers, d 64, 4 experts of 32 + 1 shared of 32, gated; r = 2 on gate,up,down:
        // per FFN 2·(64+32)·3 = 576; per layer 5 FFNs = 2,880; 2 layers = 5,760.
        ModelConfig c;
        c.d_model = 64;
        c.n_layers = 2;
        c.n_heads = 4;
        c.n_kv_heads = 4;
        c.vocab_size = 100;
        c.moe = {4, 2, 32, 1, 32, 0, /*every*/ 1, false, false};
        LoraParams l;
        l.rank = 2;
        l.targets = parseLoraTargets("gate,up,down");
        QCOMPARE(quint64(loraTrainableParams(c, l)), 5760ull);
        l.include_experts = false;
        QCOMPARE(quint64(loraTrainableParams(c, l)), 0ull);
        QVERIFY_THROWS_EXCEPTION(InputError, parseLoraTargets("q,x"));
        QCOMPARE(QString::fromStdString(loraTargetsToString(parseLoraTargets("all"))),
                 QStringLiteral("q,k,v,o,gate,up,down"));
    }

    void fullFineTune()
    {
        // Llama 2 7B (6,738,415,616 parameters), AdamW, fp16 grads, one GPU: 16 B/param.
        TrainingParams tp;
        tp.activations.seq = 4096;
        const TrainingMemory m = trainingMemory(llama2_7b(), tp);
        QCOMPARE(quint64(m.params), 6'738'415'616ull);
        QCOMPARE(quint64(m.weights_bytes + m.gradients_bytes + m.optimizer_bytes),
                 16ull * 6'738'415'616ull);
        QCOMPARE(quint64(m.per_gpu_bytes), quint64(m.weights_bytes + m.gradients_bytes +
                                                   m.optimizer_bytes + m.activation_bytes));
        // 8-bit Adam: 2 + 2 + 6 = 10 B/param; SGD: 2 + 2 + 8.
        tp.optimizer = optimizerById("adam8bit");
        QCOMPARE(quint64(trainingMemory(llama2_7b(), tp).optimizer_bytes), 6ull * 6'738'415'616ull);
        tp.optimizer = optimizerById("sgd");
        QCOMPARE(quint64(trainingMemory(llama2_7b(), tp).optimizer_bytes), 8ull * 6'738'415'616ull);
    }

    void parallelSplit()
    {
        // Llama 2 7B, t = 2, p = 4: first stage = 8 layers + the embedding; last = 8 layers +
        // final norm + head. Per layer 202,383,360 parameters (8,192 of them norms).
        // First: 8 · 202,375,168 + 131,072,000 split 2 ways + 8 · 8,192 norms:
        //   (1,619,001,344 + 131,072,000) / 2 + 65,536 = 875,102,208.
        // Last: (1,619,001,344 + 131,072,000) / 2 + 65,536 + 4,096 = 875,106,304 (the larger).
        TrainingParams tp;
        tp.activations.tensor_parallel = 2;
        tp.activations.pipeline_parallel = 4;
        const TrainingMemory m = trainingMemory(llama2_7b(), tp);
        QCOMPARE(quint64(m.params_per_gpu), 875'106'304ull);
        QCOMPARE(quint64(m.weights_bytes), 2ull * 875'106'304ull);
    }

    void qlora()
    {
        // QLoRA: Llama 2 7B, NF4 + DQ base, r = 8 on q,v: weights = frozen base + 2 bytes per
        // adapter parameter; gradients 2 and AdamW 12 per adapter parameter.
        TrainingParams tp;
        tp.lora.rank = 8;
        tp.lora.base_precision = "nf4_dq";
        const TrainingMemory m = trainingMemory(llama2_7b(), tp);
        QCOMPARE(quint64(m.trainable_params), 4'194'304ull);
        QCOMPARE(quint64(m.gradients_bytes), 2ull * 4'194'304ull);
        QCOMPARE(quint64(m.optimizer_bytes), 12ull * 4'194'304ull);
        // Embedding + head (2 · 32000 · 4096) and norms (65 · 4096) stay bf16; the rest NF4.
        const std::uint64_t plain = 2ull * 32000 * 4096 + 65ull * 4096;
        const std::uint64_t blocks = 6'738'415'616ull - plain;
        const std::uint64_t frozen = bytesFor(blocks, precisionById("nf4_dq").bpw) + 2 * plain;
        QCOMPARE(quint64(m.weights_bytes), quint64(frozen + 2ull * 4'194'304ull));
    }

    void badSettings()
    {
        TrainingParams tp;
        tp.activations.tensor_parallel = 3; // 32 heads
        QVERIFY_THROWS_EXCEPTION(InputError, trainingMemory(llama2_7b(), tp));
        tp.activations.tensor_parallel = 1;
        tp.activations.pipeline_parallel = 33;
        QVERIFY_THROWS_EXCEPTION(InputError, trainingMemory(llama2_7b(), tp));
        tp.activations.pipeline_parallel = 1;
        tp.zero_stage = 5;
        QVERIFY_THROWS_EXCEPTION(InputError, trainingMemory(llama2_7b(), tp));
        QVERIFY_THROWS_EXCEPTION(InputError, optimizerById("lion"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestTraining)
#include "tst_training.moc"
