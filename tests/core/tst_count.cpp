// Exact counting against hand calculations and the worked examples of the teaching guide and the
// sizing chapter.
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "support/model_configs.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;
using namespace testsupport::configs;

Q_DECLARE_METATYPE(llmsizer::ModelConfig)

class TestCount : public QObject {
    Q_OBJECT
private slots:
    void llamaRule_data()
    {
        QTest::addColumn<quint64>("d");
        QTest::addColumn<quint64>("multipleOf");
        QTest::addColumn<double>("multiplier");
        QTest::addColumn<quint64>("expected");
        // The LLaMA model-card Q&A: dim 4096, multiple_of 256 -> 11008.
        QTest::newRow("LLaMA 7B (the LLaMA model-card Q&A)")
            << quint64(4096) << quint64(256) << 0.0 << quint64(11008);
        // Llama 2 70B params.json: dim 8192, ffn_dim_multiplier 1.3, multiple_of 4096 -> 28672.
        QTest::newRow("Llama 2 70B") << quint64(8192) << quint64(4096) << 1.3 << quint64(28672);
        // Llama 3 8B params.json: dim 4096, multiplier 1.3, multiple_of 1024 -> 14336.
        QTest::newRow("Llama 3 8B") << quint64(4096) << quint64(1024) << 1.3 << quint64(14336);
        // LLaMA 13B: dim 5120 -> int(2*20480/3) = 13653 -> 13824.
        QTest::newRow("LLaMA 13B") << quint64(5120) << quint64(256) << 0.0 << quint64(13824);
    }
    void llamaRule()
    {
        QFETCH(quint64, d);
        QFETCH(quint64, multipleOf);
        QFETCH(double, multiplier);
        QFETCH(quint64, expected);
        QCOMPARE(quint64(llamaHiddenDim(d, multipleOf, multiplier)), expected);
    }

    void workedExamples()
    {
        // The blog post: 32 × (12 × 4096²) = 6,442,450,944.
        QCOMPARE(quint64(approx12Ld2(llama2_7b())), quint64(6'442'450'944ull));

        // The LLaMA model-card Q&A: 32 × (4·dim·dim + 3·dim·hidden_dim) = 6,476,005,376 for the
        // LLaMA-7B blocks.
        const ParamCount llama = countParameters(llama2_7b());
        QCOMPARE(quint64(llama.params(Component::Attention) + llama.params(Component::Mlp)),
                 quint64(6'476'005'376ull));

        // The teaching guide: a Linear 768 -> 3072 with bias has 768·3072 + 3072 = 2,362,368
        // parameters; it is GPT-2 small's MLP up projection, so 12 layers hold 12 of them.
        const ParamCount gpt2 = countParameters(gpt2Small());
        const auto& mlp = gpt2.get(Component::Mlp);
        QCOMPARE(quint64((mlp.part("up") + 12 * 3072) / 12), quint64(2'362'368));

        // The teaching guide exercise 1: d_model 2048, 24 layers, vocab 32000, estimated with
        // 12·L·d² plus the embedding: 12·24·2048² + 32000·2048 = 1,207,959,552 + 65,536,000 =
        // 1,273,495,552.
        ModelConfig ex1 = gpt2Small();
        ex1.d_model = 2048;
        ex1.n_layers = 24;
        ex1.n_heads = 16;
        ex1.n_kv_heads = 16;
        ex1.vocab_size = 32000;
        const ParamCount ex = countParameters(ex1);
        QCOMPARE(quint64(approx12Ld2(ex1) + ex.params(Component::Embedding)),
                 quint64(1'273'495'552ull));
    }

    void exactTotals_data()
    {
        QTest::addColumn<ModelConfig>("config");
        QTest::addColumn<quint64>("total");
        QTest::addColumn<quint64>("active");
        // GPT-2 small by hand: wte 50257·768 = 38,597,376; wpe 1024·768 = 786,432; per block
        // c_attn 768·2304+2304 + c_proj 768·768+768 + c_fc 768·3072+3072 + c_proj 3072·768+768
        // + 2 LayerNorms 4·768 = 7,087,872, ×12 = 85,054,464; ln_f 1,536. Published 124,439,808
        // (tests/data/reference/hf-configs/index.json).
        QTest::newRow("GPT-2 small")
            << gpt2Small() << quint64(124'439'808ull) << quint64(124'439'808ull);
        // Llama-2-7B: 2·32000·4096 + 32·(4·4096² + 3·4096·11008 + 2·4096) + 4096 = 6,738,415,616.
        QTest::newRow("Llama 2 7B")
            << llama2_7b() << quint64(6'738'415'616ull) << quint64(6'738'415'616ull);
        // Mixtral-8x7B: Llama-shaped, GQA 32/8, 8 experts of d_ff 14336, top-2, router 4096·8.
        // Per layer: attention 2·4096² + 2·4096·1024 = 41,943,040; experts 8·3·4096·14336 =
        // 1,409,286,144; router 32,768; norms 8,192. ×32 = 46,440,644,608; + 2·32000·4096 + 4096
        // = 46,702,792,704 (index.json). Active: minus 6 experts × 176,160,768 × 32 layers.
        ModelConfig mixtral = llama2_7b();
        mixtral.n_kv_heads = 8;
        mixtral.moe.n_routed_experts = 8;
        mixtral.moe.experts_per_token = 2;
        mixtral.moe.expert_d_ff = 14336;
        QTest::newRow("Mixtral 8x7B") << mixtral << quint64(46'702'792'704ull)
                                      << quint64(46'702'792'704ull - 6ull * 176'160'768ull * 32);
    }
    void exactTotals()
    {
        QFETCH(ModelConfig, config);
        QFETCH(quint64, total);
        QFETCH(quint64, active);
        const ParamCount count = countParameters(config);
        QCOMPARE(quint64(count.total), total);
        QCOMPARE(quint64(count.active), active);
        quint64 sum = 0;
        for (const ComponentCount& cc : count.components) {
            quint64 parts = 0;
            for (const Part& p : cc.parts) {
                parts += p.params;
            }
            QCOMPARE(parts, quint64(cc.params));
            sum += cc.params;
        }
        QCOMPARE(sum, total);
    }

    void validation_data()
    {
        QTest::addColumn<ModelConfig>("config");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        ModelConfig c = llama2_7b();
        c.n_heads = 24;
        c.n_kv_heads = 24;
        QTest::newRow("heads do not divide d_model")
            << c << QStringLiteral("n_heads")
            << QStringLiteral("must divide d_model when head_dim is not given (4,096 is not a "
                              "multiple of 24)");
        c = llama2_7b();
        c.n_kv_heads = 5;
        QTest::newRow("kv heads do not divide heads")
            << c << QStringLiteral("n_kv_heads")
            << QStringLiteral("must divide n_heads (32 is not a multiple of 5)");
        c = llama2_7b();
        c.d_model = 0;
        QTest::newRow("zero d_model") << c << QStringLiteral("d_model")
                                      << QStringLiteral("must be between 1 and 1,048,576 (got 0)");
        c = llama2_7b();
        c.n_layers = 0;
        QTest::newRow("zero layers") << c << QStringLiteral("n_layers")
                                     << QStringLiteral("must be between 1 and 100,000 (got 0)");
        c = llama2_7b();
        c.moe.n_routed_experts = 8;
        c.moe.experts_per_token = 9;
        c.moe.expert_d_ff = 14336;
        QTest::newRow("more experts per token than experts")
            << c << QStringLiteral("moe.experts_per_token")
            << QStringLiteral("must be between 1 and moe.n_routed_experts (8) (got 9)");
        c = llama2_7b();
        c.vocab_size = 100'000'000;
        QTest::newRow("huge vocab")
            << c << QStringLiteral("vocab_size")
            << QStringLiteral("must be between 1 and 16,777,216 (got 100,000,000)");
    }
    void validation()
    {
        QFETCH(ModelConfig, config);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const auto issues = validate(config);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues.front().field), field);
        QCOMPARE(QString::fromStdString(issues.front().message), message);
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, countParameters(config));
    }

    void validationReportsEveryProblem()
    {
        ModelConfig c = llama2_7b();
        c.d_model = 0;
        c.n_kv_heads = 5;
        c.vocab_size = 0;
        const auto issues = validate(c);
        QCOMPARE(issues.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(issues[0].field), QStringLiteral("d_model"));
        QCOMPARE(QString::fromStdString(issues[1].field), QStringLiteral("n_kv_heads"));
        QCOMPARE(QString::fromStdString(issues[2].field), QStringLiteral("vocab_size"));
    }

    void overflowIsAnError()
    {
        QVERIFY_THROWS_EXCEPTION(OverflowError, checkedMul(1ull << 33, 1ull << 31, "x"));
        QCOMPARE(quint64(checkedMul(1ull << 32, 1ull << 31, "x")), quint64(1ull << 63));
        // At every validator maximum at once the count still fits in 64 bits or is refused.
        ModelConfig c = llama2_7b();
        c.d_model = Limits::maxDModel;
        c.n_layers = Limits::maxLayers;
        c.n_heads = Limits::maxHeads;
        c.n_kv_heads = Limits::maxHeads;
        c.head_dim = Limits::maxHeadDim;
        c.vocab_size = Limits::maxVocab;
        c.d_ff = Limits::maxDff;
        QVERIFY(validate(c).empty());
        // q alone is 2^20 · 2^32 · 100,000 ≈ 4.5e20 > 2^64.
        try {
            countParameters(c);
            QFAIL("no overflow reported");
        } catch (const OverflowError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("parameter count exceeds the 64-bit range "
                                    "(18,446,744,073,709,551,615)"));
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCount)
#include "tst_count.moc"
