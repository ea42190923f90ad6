// Exact bits per weight against the published block layouts and papers, and the the teaching guide
// table.
#include "llmsizer/memory/memory.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

class TestPrecision : public QObject {
    Q_OBJECT
private slots:
    void blockBpw_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<quint64>("bytes");   // per block
        QTest::addColumn<quint64>("weights"); // per block
        QTest::addColumn<double>("bpw");
        // formulas.md §1 table, from ggml-common.h struct definitions (ggml_half = 2 bytes).
        QTest::newRow("Q4_0: d + qs[16]") << QStringLiteral("q4_0") << 18ull << 32ull << 4.5;
        QTest::newRow("Q4_1: d, m + qs[16]") << QStringLiteral("q4_1") << 20ull << 32ull << 5.0;
        QTest::newRow("Q5_0: d + qh[4] + qs[16]")
            << QStringLiteral("q5_0") << 22ull << 32ull << 5.5;
        QTest::newRow("Q5_1") << QStringLiteral("q5_1") << 24ull << 32ull << 6.0;
        QTest::newRow("Q8_0: d + qs[32]") << QStringLiteral("q8_0") << 34ull << 32ull << 8.5;
        QTest::newRow("Q2_K") << QStringLiteral("q2_k") << 84ull << 256ull << 2.625;
        QTest::newRow("Q3_K") << QStringLiteral("q3_k") << 110ull << 256ull << 3.4375;
        QTest::newRow("Q4_K") << QStringLiteral("q4_k") << 144ull << 256ull << 4.5;
        QTest::newRow("Q5_K") << QStringLiteral("q5_k") << 176ull << 256ull << 5.5;
        QTest::newRow("Q6_K") << QStringLiteral("q6_k") << 210ull << 256ull << 6.5625;
        QTest::newRow("IQ4_XS") << QStringLiteral("iq4_xs") << 136ull << 256ull << 4.25;
        QTest::newRow("IQ4_NL") << QStringLiteral("iq4_nl") << 18ull << 32ull << 4.5;
        QTest::newRow("IQ3_S") << QStringLiteral("iq3_s") << 110ull << 256ull << 3.4375;
        QTest::newRow("IQ3_XXS") << QStringLiteral("iq3_xxs") << 98ull << 256ull << 3.0625;
        QTest::newRow("IQ2_S") << QStringLiteral("iq2_s") << 82ull << 256ull << 2.5625;
        QTest::newRow("IQ2_XS") << QStringLiteral("iq2_xs") << 74ull << 256ull << 2.3125;
        QTest::newRow("IQ2_XXS") << QStringLiteral("iq2_xxs") << 66ull << 256ull << 2.0625;
        QTest::newRow("IQ1_M") << QStringLiteral("iq1_m") << 56ull << 256ull << 1.75;
        QTest::newRow("IQ1_S") << QStringLiteral("iq1_s") << 50ull << 256ull << 1.5625;
        QTest::newRow("TQ1_0") << QStringLiteral("tq1_0") << 54ull << 256ull << 1.6875;
        QTest::newRow("TQ2_0") << QStringLiteral("tq2_0") << 66ull << 256ull << 2.0625;
        // A file type's nominal figure is its base block type's (Q4_K_M -> Q4_K).
        QTest::newRow("GGUF Q4_K_M nominal") << QStringLiteral("q4_k_m") << 144ull << 256ull << 4.5;
    }
    void blockBpw()
    {
        QFETCH(QString, id);
        QFETCH(quint64, bytes);
        QFETCH(quint64, weights);
        QFETCH(double, bpw);
        const Precision p = precisionById(id.toStdString());
        QCOMPARE(quint64(p.bpw.bits), bytes * 8);
        QCOMPARE(quint64(p.bpw.weights), weights);
        QCOMPARE(p.bpw.value(), bpw); // exact in binary: all are multiples of 1/16
    }

    void nf4DoubleQuant()
    {
        // QLoRA §3: 4 + 8/64 + 32/(64·256) = 4.127 bits per parameter.
        const Precision p = precisionById("nf4_dq");
        QVERIFY(p.bpw.sameRate({4 * 16384 + 8 * 256 + 32, 16384}));
        QVERIFY(std::abs(p.bpw.value() - 4.127) < 0.0005); // the paper prints 3 decimals
        // QLoRA §3: without double quantization, 32/64 = 0.5 bits of constants -> 4.5.
        QCOMPARE(precisionById("nf4").bpw.value(), 4.5);
    }

    void int4Group()
    {
        // formulas.md open item 5: group 128 with fp16 scale and zero = 4 + 32/128 = 4.25.
        QCOMPARE(precisionById("int4_g128").bpw.value(), 4.25);
        QVERIFY(groupQuantBpw({4, 64, 16, 0}).sameRate({4 * 64 + 16, 64})); // 4.25 as well
        QCOMPARE(groupQuantBpw({4, 32, 16, 16}).value(), 5.0);
    }

    void teachingGuideTable_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<quint64>("bytes");
        // The teaching guide, "Llama 2 70B": 70B × 4 = 280 GB, × 2 = 140 GB, × 1 = 70 GB, × 0.5 =
        // 35 GB.
        QTest::newRow("FP32") << QStringLiteral("fp32") << 280'000'000'000ull;
        QTest::newRow("FP16") << QStringLiteral("fp16") << 140'000'000'000ull;
        QTest::newRow("BF16") << QStringLiteral("bf16") << 140'000'000'000ull;
        QTest::newRow("INT8") << QStringLiteral("int8") << 70'000'000'000ull;
        QTest::newRow("INT4") << QStringLiteral("int4") << 35'000'000'000ull;
    }
    void teachingGuideTable()
    {
        QFETCH(QString, id);
        QFETCH(quint64, bytes);
        QCOMPARE(quint64(nominalWeightBytes(70'000'000'000ull, precisionById(id.toStdString()))),
                 bytes);
    }

    void roundingIsExact()
    {
        // 3 weights at 4.5 bpw = 13.5 bits = 1.6875 bytes -> 2 bytes (rounded up once).
        QCOMPARE(quint64(bytesFor(3, {144, 32})), 2ull);
        // 16 weights at 4.5 bpw = 72 bits = 9 bytes exactly.
        QCOMPARE(quint64(bytesFor(16, {144, 32})), 9ull);
        // ggml rows are whole blocks: 33 values of Q8_0 take 2 blocks of 34 bytes.
        QCOMPARE(quint64(rowBytes(33, {272, 32})), 68ull);
        QCOMPARE(quint64(rowBytes(4096, {16, 1})), 8192ull);
        // 2^61 weights at 32 bits = 2^63 bytes fits; 2^62 at 32 bits does not.
        QCOMPARE(quint64(bytesFor(1ull << 61, {32, 1})), 1ull << 63);
        QVERIFY_THROWS_EXCEPTION(OverflowError, bytesFor(1ull << 62, {32, 1}));
    }

    void lookup()
    {
        QCOMPARE(QString::fromStdString(precisionById("F16").id), QStringLiteral("fp16"));
        QCOMPARE(QString::fromStdString(precisionById("Q4_K_M").id), QStringLiteral("q4_k_m"));
        QVERIFY(!findPrecision("q9_9").has_value());
        try {
            precisionById("q9_9");
            QFAIL("no exception");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("precision"));
            QVERIFY(QString::fromStdString(e.message())
                        .startsWith(QStringLiteral("unknown precision 'q9_9' (known: fp32, fp16")));
        }
        // Every id is unique and every default id resolves.
        QSet<QString> seen;
        for (const Precision& p : weightPrecisions()) {
            QVERIFY2(!seen.contains(QString::fromStdString(p.id)), p.id.c_str());
            seen.insert(QString::fromStdString(p.id));
        }
        for (const std::string& id : defaultPrecisionIds()) {
            QVERIFY2(findPrecision(id).has_value(), id.c_str());
        }
    }

    void kvPrecisions_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("bpw");
        // formulas.md §2: f16 = 2 bytes; llama.cpp q8_0 / q4_0 caches use the block bpw.
        QTest::newRow("f16") << QStringLiteral("f16") << 16.0;
        QTest::newRow("bf16") << QStringLiteral("bf16") << 16.0;
        QTest::newRow("fp8") << QStringLiteral("fp8") << 8.0;
        QTest::newRow("q8_0") << QStringLiteral("q8_0") << 8.5;
        QTest::newRow("q4_0") << QStringLiteral("q4_0") << 4.5;
    }
    void kvPrecisions()
    {
        QFETCH(QString, id);
        QFETCH(double, bpw);
        QCOMPARE(kvPrecisionById(id.toStdString()).bpw.value(), bpw);
    }
    void kvPrecisionUnknown() { QVERIFY_THROWS_EXCEPTION(InputError, kvPrecisionById("q4_k_m")); }
};

LLMSIZER_TEST_GUILESS_MAIN(TestPrecision)
#include "tst_precision.moc"
