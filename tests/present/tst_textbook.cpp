// Textbook numbers (rule_steps.h, DisplayOptions::textbook): the 12·L·d² rule taken to the exact
// count step by step, the bars as computed by hand, the verdicts as divided by hand, and training
// against inference. Every expected value is a hand calculation written here or a published count.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/bar_verdict.h"
#include "llmsizer/present/rule_steps.h"
#include "llmsizer/present/workspace.h"
#include "support/test_main.h"

#include <QtTest>
#include <filesystem>

using namespace llmsizer;

namespace {

ModelConfig presetConfig(const char* id)
{
    return loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/" + id + ".json").config;
}

GpuCatalog builtinGpus()
{
    return GpuCatalog::loadBuiltin(std::string(LLMSIZER_TEST_RESOURCES_DIR) + "/gpus.json");
}

// "key=signed value" for each step, the rule unsigned.
QStringList stepsOf(const RuleSteps& s)
{
    QStringList out;
    for (const RuleStep& step : s.steps) {
        const auto v = static_cast<qlonglong>(step.params);
        out << QStringLiteral("%1=%2")
                   .arg(QString::fromStdString(step.key))
                   .arg(step.negative ? -v : v);
    }
    return out;
}

} // namespace

class TestTextbook : public QObject {
    Q_OBJECT
private slots:
    // Each step by hand, from the configurations' published shapes:
    //  Llama 2 70B (d 8,192, 80 layers, 64 heads of 128, 8 KV heads, d_ff 28,672, vocab 32,000,
    //  untied): rule 12·80·8,192² = 64,424,509,440. Attention q, o 8,192² and k, v 8,192·1,024 a
    //  layer = 150,994,944 (2.25·d²), ×80 = 12,079,595,520, less 4·80·8,192² = 21,474,836,480:
    //  −9,395,240,960. Up and down 2·8,192·28,672·80 = 37,580,963,840 less 8·80·8,192² =
    //  42,949,672,960: −5,368,709,120. Gate 8,192·28,672·80 = 18,790,481,920. Embedding and head
    //  32,000·8,192 = 262,144,000 each. Norms 2·8,192·80 + 8,192 = 1,318,912. The sum is the
    //  published 68,976,648,192 (the Llama 2 checkpoint's count).
    //  GPT-2 small (d 768, 12 layers, MHA, d_ff 3,072, biases, learned positions 1,024, tied):
    //  rule 12·12·768² = 84,934,656; attention weights exactly 4·d² (no step); biases 12·(3·768 +
    //  768 + 3,072 + 768) = 82,944; embedding 50,257·768 = 38,597,376; positions 1,024·768 =
    //  786,432; LayerNorm weight and bias 12·2·2·768 + 2·768 = 38,400. Sum 124,439,808.
    //  Mixtral 8x7B (d 4,096, 32 layers, 32 heads, 8 KV heads, 8 experts of 14,336): rule
    //  6,442,450,944; attention 32·(2·4,096² + 2·4,096·1,024) − 4·32·4,096² = −805,306,368; no
    //  dense MLP: −8·32·4,096² = −4,294,967,296; experts 8·3·4,096·14,336·32 = 45,097,156,608;
    //  router 4,096·8·32 = 1,048,576; embedding and head 131,072,000 each; norms 266,240. Sum
    //  46,702,792,704, Mistral AI's count.
    void ruleToExact_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QStringList>("steps");
        QTest::addColumn<qulonglong>("exact");
        QTest::newRow("Llama 2 70B")
            << QStringLiteral("llama-2-70b") << QStringList{QStringLiteral("rule=64424509440"),
                                                            QStringLiteral("attention=-9395240960"),
                                                            QStringLiteral("mlp_width=-5368709120"),
                                                            QStringLiteral("gate=18790481920"),
                                                            QStringLiteral("embedding=262144000"),
                                                            QStringLiteral("lm_head=262144000"),
                                                            QStringLiteral("norms=1318912")}
            << qulonglong(68'976'648'192);
        QTest::newRow("GPT-2 small")
            << QStringLiteral("gpt-2-small")
            << QStringList{QStringLiteral("rule=84934656"), QStringLiteral("biases=82944"),
                           QStringLiteral("embedding=38597376"),
                           QStringLiteral("position_embedding=786432"),
                           QStringLiteral("norms=38400")}
            << qulonglong(124'439'808);
        QTest::newRow("Mixtral 8x7B") << QStringLiteral("mixtral-8x7b")
                                      << QStringList{QStringLiteral("rule=6442450944"),
                                                     QStringLiteral("attention=-805306368"),
                                                     QStringLiteral("mlp_width=-4294967296"),
                                                     QStringLiteral("experts=45097156608"),
                                                     QStringLiteral("router=1048576"),
                                                     QStringLiteral("embedding=131072000"),
                                                     QStringLiteral("lm_head=131072000"),
                                                     QStringLiteral("norms=266240")}
                                      << qulonglong(46'702'792'704);
    }
    void ruleToExact()
    {
        QFETCH(QString, preset);
        QFETCH(QStringList, steps);
        QFETCH(qulonglong, exact);
        const ModelConfig c = presetConfig(preset.toStdString().c_str());
        const RuleSteps s = ruleSteps(c, countParameters(c));
        QCOMPARE(stepsOf(s), steps);
        QCOMPARE(s.exact, std::uint64_t(exact));
        // The closing row: the exact count from 0, in the layer's text.
        QCOMPARE(s.exact_row.key, std::string("exact"));
        QCOMPARE(s.exact_row.to, std::uint64_t(exact));
        QCOMPARE(s.exact_row.from, std::uint64_t(0));
        QCOMPARE(s.exact_row.label, std::string("Exact count"));
        QCOMPARE(s.steps.back().to, std::uint64_t(exact));
        // Each step starts where the one before it ended; the scale covers every running total.
        for (std::size_t i = 1; i < s.steps.size(); ++i) {
            QCOMPARE(s.steps[i].from, s.steps[i - 1].to);
            QVERIFY(s.peak >= s.steps[i].to);
        }
    }

    // Every preset's steps end on its count, and each running total stays within the scale:
    // dense and MoE, GQA and MLA, hybrids with mixer layers, vision-language models.
    void everyPresetAddsUp()
    {
        int presets = 0;
        for (const auto& entry :
             std::filesystem::directory_iterator(std::string(LLMSIZER_TEST_PRESETS_DIR))) {
            if (entry.path().extension() != ".json") {
                continue;
            }
            const ModelConfig c = loadPresetFile(entry.path().string()).config;
            const ParamCount count = countParameters(c);
            const RuleSteps s = ruleSteps(c, count);
            QVERIFY2(s.steps.back().to == count.total, entry.path().filename().c_str());
            QCOMPARE(s.steps.front().key, std::string("rule"));
            for (const RuleStep& step : s.steps) {
                QVERIFY2(step.to <= s.peak && !step.label.empty(), step.key.c_str());
            }
            ++presets;
        }
        QVERIFY(presets > 50);
    }

    // What the rows say: the multiples of d² and the signed exact values.
    void labels()
    {
        const ModelConfig c = presetConfig("llama-2-70b");
        const RuleSteps s = ruleSteps(c, countParameters(c));
        QCOMPARE(QString::fromStdString(s.steps[1].label),
                 QStringLiteral("Attention: 2.25·d² a layer, not 4·d²"));
        QCOMPARE(QString::fromStdString(s.steps[1].value_text), QStringLiteral("−9,395,240,960"));
        QCOMPARE(QString::fromStdString(s.steps[2].label),
                 QStringLiteral("MLP width: d_ff = 3.5·d, not 4·d"));
        QCOMPARE(QString::fromStdString(s.steps[3].value_text), QStringLiteral("+18,790,481,920"));
        QCOMPARE(QString::fromStdString(s.steps[0].value_text), QStringLiteral("64,424,509,440"));
        QVERIFY(QString::fromStdString(s.steps[1].why).contains(QStringLiteral("8 KV heads")));
        // −6.6%: (64,424,509,440 − 68,976,648,192) / 68,976,648,192 = −0.0660.
        QVERIFY2(QString::fromStdString(s.summary).endsWith(QStringLiteral("−6.6% off")),
                 s.summary.c_str());
    }

    // The bars as the course computes them: parameters × bytes per parameter. Llama 2 70B at
    // FP16: 68,976,648,192 × 2 = 137,953,296,384 bytes (the course rounds it to 70B × 2 = 140 GB);
    // at INT4 × 0.5 = 34,488,324,096. Training in BF16 with AdamW: 2 (weights) + 2 (gradients) +
    // 12 (FP32 master copy, m and v) = 16 bytes a parameter (Rajbhandari et al. 2020, "ZeRO",
    // §3.1: 16Ψ), 8× the inference weights. Nothing else is in a textbook bar.
    void barsByHand()
    {
        Workspace w;
        w.config = presetConfig("llama-2-70b");
        w.context = 4096;
        w.display.textbook = true;
        const Snapshot inference = evaluate(w, builtinGpus());
        QCOMPARE(inference.bars.size(), std::size_t(4));
        QCOMPARE(inference.bars[1].precision_id, std::string("fp16"));
        QCOMPARE(inference.bars[1].total, std::uint64_t(137'953'296'384));
        QCOMPARE(inference.bars[1].segments.size(), std::size_t(1));
        QCOMPARE(inference.bars[3].total, std::uint64_t(34'488'324'096));
        QCOMPARE(inference.training_ratio, 8.0);
        QCOMPARE(inference.other_mode_bytes, std::uint64_t(16) * 68'976'648'192);

        w.display.training = true;
        const Snapshot training = evaluate(w, builtinGpus());
        QCOMPARE(training.selected.total, std::uint64_t(16) * 68'976'648'192);
        QCOMPARE(training.selected.segments.size(), std::size_t(3)); // no activations
        QCOMPARE(training.training_ratio, 8.0);
        QCOMPARE(QString::fromStdString(training.mode_ratio_text),
                 QStringLiteral("×8 inference (138.0 GB at FP16/BF16)"));

        // Realistic numbers hold more than the hand calculation: the KV cache and the rest.
        w.display = {};
        const Snapshot realistic = evaluate(w, builtinGpus());
        QVERIFY(realistic.bars[1].total > inference.bars[1].total);
        QVERIFY(realistic.bars[1].segments.size() > 1);
    }

    // The verdict by hand: 137,953,296,384 bytes over H100s of 80 GiB (85,899,345,920 bytes) is
    // 1.61, so 2 GPUs, each 68,976,648,192 / 85,899,345,920 = 80.3 % full. Over RTX 4090s of
    // 24 GiB (25,769,803,776 bytes) it is 5.35, so 6.
    void verdictByHand()
    {
        const GpuCatalog gpus = builtinGpus();
        const BarVerdict h100 = textbookVerdict(137'953'296'384, gpus, {"h100-sxm-80gb:8"});
        QCOMPARE(h100.kind, BarVerdict::Kind::Fits);
        QCOMPARE(h100.gpus, std::uint64_t(2));
        QCOMPARE(QString::fromStdString(h100.text), QStringLiteral("fits on 2× H100 (80 % used)"));
        const BarVerdict rtx = textbookVerdict(137'953'296'384, gpus, {"rtx-4090-24gb"});
        QCOMPARE(rtx.kind, BarVerdict::Kind::Needs);
        QCOMPARE(QString::fromStdString(rtx.text), QStringLiteral("needs 6× RTX 4090"));
        QCOMPARE(textbookVerdict(1, gpus, {}).kind, BarVerdict::Kind::NoGpus);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestTextbook)
#include "tst_textbook.moc"
