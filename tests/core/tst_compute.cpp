// FLOPs, Chinchilla and training time against the papers' own figures.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/compute/budget.h"
#include "llmsizer/compute/compute.h"
#include "llmsizer/model/count.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;

namespace {

bool near(double actual, double expected, double relTol)
{
    return std::abs(actual - expected) <= relTol * std::abs(expected);
}

// GPT-3 175B as Korthikanti et al. 2022 evaluate it (Table 3; §6: s = 2048, v = 51200).
ModelConfig gpt3Like(std::uint64_t h = 12288, std::uint64_t L = 96, std::uint64_t heads = 96)
{
    ModelConfig c;
    c.d_model = h;
    c.n_layers = L;
    c.n_heads = heads;
    c.n_kv_heads = heads;
    c.vocab_size = 51200;
    c.context_length = 2048;
    c.mlp = MlpKind::Plain;
    c.norm = NormKind::LayerNorm;
    c.biases = {true, true, true, true, false};
    c.tied_head = true;
    return c;
}

ModelConfig preset(const char* id)
{
    return loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/" + id + ".json").config;
}

} // namespace

class TestCompute : public QObject {
    Q_OBJECT
private slots:
    // Hoffmann et al. 2022 (arXiv:2203.15556) Table 3, Approach 1, as printed; the rows were
    // read from the paper's text. The table's FLOPs are C = 6·N·D: checked within the rounding
    // of its printed figures (FLOPs to 3 significant digits, tokens to 2–4: "3.7 Trillion" is
    // ±1.4%), 1%. The 67B row prints 1.5T tokens where 5.76e23 / (6 × 67e9) = 1.43T; 5% there.
    void chinchillaTable3_data()
    {
        QTest::addColumn<double>("params");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("400 Million") << 400e6 << 1.92e19 << 8.0e9 << 0.01;
        QTest::newRow("1 Billion") << 1e9 << 1.21e20 << 20.2e9 << 0.01;
        QTest::newRow("10 Billion") << 10e9 << 1.23e22 << 205.1e9 << 0.01;
        QTest::newRow("67 Billion") << 67e9 << 5.76e23 << 1.5e12 << 0.05;
        QTest::newRow("175 Billion") << 175e9 << 3.85e24 << 3.7e12 << 0.01;
        QTest::newRow("280 Billion") << 280e9 << 9.90e24 << 5.9e12 << 0.01;
        QTest::newRow("520 Billion") << 520e9 << 3.43e25 << 11.0e12 << 0.01;
        QTest::newRow("1 Trillion") << 1e12 << 1.27e26 << 21.2e12 << 0.01;
        QTest::newRow("10 Trillion") << 10e12 << 1.30e28 << 216.2e12 << 0.01;
    }
    void chinchillaTable3()
    {
        QFETCH(double, params);
        QFETCH(double, flops);
        QFETCH(double, tokens);
        QFETCH(double, tolerance);
        // C = 6·N·D with the table's N and D.
        QVERIFY2(near(sixND(params, tokens), flops, tolerance), QTest::currentDataTag());
        // The library's copy of the table matches the paper.
        bool found = false;
        for (const ChinchillaRow& row : llmsizer::chinchillaTable3()) {
            if (row.params == params) {
                QCOMPARE(row.flops, flops);
                QCOMPARE(row.tokens, tokens);
                found = true;
            }
        }
        QVERIFY(found);
        // The 20-tokens-per-parameter rule lands within 11% of every row (the table's ratio runs
        // from 20.0 at 400M to 22.4 at 67B).
        QVERIFY(near(chinchillaTokens(params), tokens, 0.11));
        // Inverting C = 6·N·(20N) recovers N within the same margin.
        QVERIFY(near(computeOptimalByRule(flops).params, params, 0.06));
    }

    void chinchillaRuleExamples()
    {
        // The teaching guide's table: 1B -> 20B, 7B -> 140B, 70B -> 1.4T, 175B -> 3.5T tokens.
        QCOMPARE(chinchillaTokens(1e9), 20e9);
        QCOMPARE(chinchillaTokens(7e9), 140e9);
        QCOMPARE(chinchillaTokens(70e9), 1.4e12);
        QCOMPARE(chinchillaTokens(175e9), 3.5e12);
        QCOMPARE(chinchillaTokens(7e9, 30.0), 210e9);
    }

    void chinchillaLossByHand()
    {
        // L(70e9, 1.4e12) = 1.69 + 406.4/70e9^0.34 + 410.7/1.4e12^0.28
        //                 = 1.69 + 0.083487 + 0.163158 = 1.936645 (by hand, via logarithms).
        QVERIFY(near(chinchillaLoss(70e9, 1.4e12), 1.936645, 1e-5));
        // With infinite data and parameters only E remains.
        QVERIFY(near(chinchillaLoss(1e30, 1e30), 1.69, 1e-6));
        QCOMPARE(besiroglu2024Fit().E, 1.8172);
    }

    // Llama 3 405B: "pre-trained using 3.8 × 10^25 FLOPs" on 15.6T tokens (Llama 3 Herd of
    // Models, arXiv:2407.21783, abstract and §3). 6 × 405.85e9 × 15.6e12 = 3.799e25.
    void llama3_405bSixND()
    {
        const ModelConfig c = preset("llama-3.1-405b");
        const TrainingFlops t = trainingFlops(c, 15.6e12, 8192);
        QCOMPARE(t.params, 405853388800.0);
        QVERIFY(near(t.six_nd, 3.8e25, 0.005));
        QCOMPARE(t.eight_nd, t.six_nd * 8.0 / 6.0);
        // Beyond 2^64: why FLOPs are doubles.
        QVERIFY(t.six_nd > 1.8446744073709552e19);
    }

    // Korthikanti et al. 2022 Table 5: MFU and HFU from iteration times on A100s (312 TFLOP/s
    // dense BF16); configurations from Table 3; s = 2048, v = 51200. The times are printed to
    // 3–4 significant digits (1.10 s is ±0.45%), so the paper's percentages are reproduced
    // within 0.5% relative.
    void korthikantiTable5_data()
    {
        QTest::addColumn<double>("B");
        QTest::addColumn<double>("L");
        QTest::addColumn<double>("h");
        QTest::addColumn<double>("gpus");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<double>("mfu");
        QTest::addColumn<double>("hfu");
        QTest::newRow("22B") << 4.0 << 48.0 << 6144.0 << 8.0 << 1.10 << 0.415 << 0.437;
        QTest::newRow("175B (GPT-3)") << 64.0 << 96.0 << 12288.0 << 64.0 << 13.75 << 0.514 << 0.528;
        QTest::newRow("530B (MT-NLG)")
            << 280.0 << 105.0 << 20480.0 << 280.0 << 37.83 << 0.560 << 0.570;
        QTest::newRow("1T") << 512.0 << 128.0 << 25600.0 << 512.0 << 71.49 << 0.563 << 0.570;
    }
    void korthikantiTable5()
    {
        QFETCH(double, B);
        QFETCH(double, L);
        QFETCH(double, h);
        QFETCH(double, gpus);
        QFETCH(double, seconds);
        QFETCH(double, mfu);
        QFETCH(double, hfu);
        const double peak = seconds * gpus * 312e12;
        QVERIFY(near(korthikantiModelFlops(B, L, 2048, h, 51200) / peak, mfu, 0.005));
        QVERIFY(near(korthikantiHardwareFlops(B, L, 2048, h, 51200) / peak, hfu, 0.005));
    }

    // The exact count on GPT-3's shape equals Megatron's form of eq. 7, which halves the s²
    // term for the causal mask: 72·B·s·L·h²·(1 + s/(12h) + V/(12hL)) (formulas.md §4).
    void gpt3ModelFlopsMatchMegatronForm()
    {
        const ModelConfig c = gpt3Like();
        const double s = 2048, h = 12288, L = 96, V = 51200;
        const TrainingFlops t = trainingFlops(c, s, 2048); // one sequence
        const double megatron = 72.0 * s * L * h * h * (1.0 + s / (12.0 * h) + V / (12.0 * h * L));
        QVERIFY(near(t.model_flops, megatron, 1e-12));
        // Full recomputation adds one forward: 4/3 of the model FLOPs (8ND vs 6ND).
        const TrainingFlops full = trainingFlops(c, s, 2048, Recompute::Full);
        QVERIFY(near(full.hardware_flops, t.model_flops * 4.0 / 3.0, 1e-12));
        // Selective adds the score FLOPs of one forward pass (Korthikanti eq. 8).
        const TrainingFlops sel = trainingFlops(c, s, 2048, Recompute::Selective);
        QVERIFY(near(sel.hardware_flops - sel.model_flops, 2.0 * L * s * s * h, 1e-12));
    }

    // Kaplan et al. 2020 Table 1 on GPT-3 175B, by hand: N = 2·d·L·(2·d_attn + d_ff)
    // = 2 × 12288 × 96 × (24576 + 49152) = 173,946,175,488; C_forward = 2N + 2·L·n_ctx·d_attn
    // = 347,892,350,976 + 4,831,838,208 = 352,724,189,184 per token.
    void kaplanOnGpt3()
    {
        QCOMPARE(kaplanParams(12288, 96, 12288, 49152), 173946175488.0);
        QCOMPARE(kaplanForwardFlopsPerToken(173946175488.0, 96, 2048, 12288), 352724189184.0);
        // The per-token count without the logits is exactly Kaplan's C_forward.
        const ForwardFlops f = sequenceFlopsPerToken(gpt3Like(), 2048);
        QCOMPARE(f.total() - f.lm_head, 352724189184.0);
        QCOMPARE(f.lm_head, 2.0 * 51200 * 12288);
    }

    // Narayanan et al. 2021 §5.1 eq. 4: time ≈ 8TP/(nX). GPT-3 (P = 175B, T = 300B) on
    // n = 1024 A100s at X = 140 TFLOP/s "is 34 days"; 1T parameters, 450B tokens, 3072 GPUs at
    // 163 TFLOP/s: "84 days" (83.2 by the formula; the paper rounds its own inputs).
    void narayananTrainingTime()
    {
        const double day = 86400;
        const double gpt3 = trainingSeconds(8 * 175e9 * 300e9, 1024, 312e12, 140.0 / 312.0);
        QVERIFY(std::abs(gpt3 / day - 34.0) < 0.5);
        const double oneT = trainingSeconds(8 * 1e12 * 450e9, 3072, 312e12, 163.0 / 312.0);
        QVERIFY(std::abs(oneT / day - 84.0) < 1.0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainingSeconds(1e20, 0, 312e12, 0.4));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainingSeconds(1e20, 8, 312e12, 0.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainingSeconds(1e20, 8, 312e12, 1.5));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainingSeconds(1e20, 8, 0.0, 0.4));
    }

    // The sizing chapter's allocate_compute_budget by hand for d = 4096, L = 32: attention 4·d²·L =
    // 2,147,483,648 and FFN 6·d·(4d)·L = 12,884,901,888: fraction 1/7, ratio 1/6.
    void chapterSplit()
    {
        const ChapterComputeSplit s = chapterAllocateCompute(1e24, 32, 4096);
        QVERIFY(near(s.attention_fraction, 1.0 / 7.0, 1e-15));
        QVERIFY(near(s.ratio, 1.0 / 6.0, 1e-15));
        QVERIFY(near(s.attention_flops, 1e24 / 7.0, 1e-15));
        QVERIFY(near(s.ffn_flops, 6e24 / 7.0, 1e-15));
        // With Llama 2 7B's d_ff = 11008: 16384 / (16384 + 66048) = 0.19876.
        QVERIFY(near(chapterAllocateCompute(1, 32, 4096, 11008).attention_fraction,
                     16384.0 / 82432.0, 1e-15));
    }

    // The real split of Llama 2 7B at 4096 tokens of context, by hand: projections
    // 2·4·4096²·32 = 4,294,967,296; MLP 2·3·4096·11008·32 = 8,657,043,456; logits
    // 2·32000·4096 = 262,144,000; scores 4·32·4096·(32·128) = 2,147,483,648.
    void exactSplitLlama2()
    {
        const ModelConfig c = preset("llama-2-7b");
        const ForwardFlops f = decodeFlopsPerToken(c, 4096);
        QCOMPARE(f.attention_proj, 4294967296.0);
        QCOMPARE(f.mlp, 8657043456.0);
        QCOMPARE(f.lm_head, 262144000.0);
        QCOMPARE(f.attention_scores, 2147483648.0);
        QCOMPARE(f.router, 0.0);
        const FlopSplit s = flopSplit(f);
        QVERIFY(near(s.attention_vs_mlp, 6442450944.0 / 15099494400.0, 1e-15));
        QVERIFY(near(s.attention_share + s.mlp_share + s.lm_head_share, 1.0, 1e-15));
        // Training average (s/2 keys per token) halves the score term.
        QCOMPARE(sequenceFlopsPerToken(c, 4096).attention_scores, 1073741824.0);
    }

    // Mixtral 8x7B: a token visits 2 of 8 experts; the matmul FLOPs are twice the weights it
    // multiplies, which are the active parameters less the embedding lookup and the norms.
    void moeUsesActiveExperts()
    {
        const ModelConfig c = preset("mixtral-8x7b");
        const ParamCount n = countParameters(c);
        const ForwardFlops f = decodeFlopsPerToken(c, 1);
        const double weights = static_cast<double>(n.active - n.params(Component::Embedding) -
                                                   n.params(Component::Norms));
        QCOMPARE(f.matmul(), 2.0 * weights);
        // Published: 12.9B active parameters of 46.7B (Mistral AI, Mixtral of experts).
        QVERIFY(near(static_cast<double>(n.active), 12.9e9, 0.01));
    }

    // The sizing chapter's estimate_model_size by hand for its own example (d 4096, 32 layers,
    // V 32000, 8 KV heads of 32): 131,072,000 + 1,342,177,280 + 4,294,967,296 + 270,336
    // = 5,768,486,912 ("5.8B"); MHA: 6,573,793,280.
    void chapterEstimate()
    {
        QCOMPARE(chapterEstimateParams(4096, 32, 32000, 8, 32), quint64(5768486912ull));
        QCOMPARE(chapterEstimateParams(4096, 32, 32000), quint64(6573793280ull));
    }

    // The exercise: 1e24 FLOPs over the sizing chapter's grid. The exact count of the chapter's
    // family (LayerNorm has weight and bias) is the chapter's estimate plus 2·d·L.
    void budgetSearch()
    {
        BudgetSearchOptions o;
        o.tokens = 15e12;
        const BudgetSearchResult r = searchBudget(o);
        QCOMPARE(int(r.candidates.size()) + int(r.over_budget), 30);
        QVERIFY(r.skipped.empty());
        for (const BudgetCandidate& k : r.candidates) {
            QCOMPARE(k.params, k.chapter_params + 2 * k.d_model * k.n_layers);
            QVERIFY(k.required_flops <= 1e24);
            QCOMPARE(k.required_flops, 6.0 * double(k.params) * 15e12);
        }
        // 6·N·15e12 ≤ 1e24 needs N ≤ 11.1B: 40 × 5120 (12.75B) is out; 40 × 4096 (8.2B) is in.
        QCOMPARE(r.over_budget, quint64(1));
        QCOMPARE(r.over.size(), std::size_t(1));
        QCOMPARE(r.over.front().n_layers, quint64(40));
        QCOMPARE(r.over.front().d_model, quint64(5120));
        QVERIFY(r.over.front().utilization > 1.0);
        // The sizing chapter's efficiency favours the smallest model; its quality the largest that
        // fits.
        QCOMPARE(r.candidates.front().n_layers, quint64(8));
        QCOMPARE(r.candidates.front().d_model, quint64(2048));
        o.ranking = BudgetRanking::ChapterQuality;
        const BudgetSearchResult q = searchBudget(o);
        QCOMPARE(q.candidates.front().n_layers, quint64(32));
        QCOMPARE(q.candidates.front().d_model, quint64(5120));
        QCOMPARE(budgetRankingById("loss-budget"), BudgetRanking::LossAtFullBudget);
    }

    // Hoffmann et al. 2022, eq. 4 with eq. 10's constants, worked by hand: α + β = 0.62;
    // G = (0.34·406.4 / (0.28·410.7))^(1/0.62) = (138.176 / 114.996)^1.6129 = 1.34471;
    // N_opt = G·(1e24/6)^(0.28/0.62) = 4.1297e10, D_opt = (1e24/6)^(0.34/0.62) / G = 4.0358e12,
    // and 6·N·D gives the budget back. The 20-tokens rule's size is sqrt(1e24/120) = 9.1287e10.
    void optimumByFit()
    {
        const ComputeOptimal fit = computeOptimalByFit(1e24);
        QVERIFY(std::abs(fit.params / 4.1297e10 - 1.0) < 1e-4);
        QVERIFY(std::abs(fit.tokens / 4.0358e12 - 1.0) < 1e-4);
        QVERIFY(std::abs(6.0 * fit.params * fit.tokens / 1e24 - 1.0) < 1e-12);
        const ComputeOptimal rule = computeOptimalByRule(1e24);
        QVERIFY(std::abs(rule.params / 9.1287e10 - 1.0) < 1e-4);
        // The fit is lowest there: a size a tenth off either way loses.
        const double at = chinchillaLoss(fit.params, fit.tokens);
        for (double f : {0.9, 1.1}) {
            QVERIFY(chinchillaLoss(f * fit.params, 1e24 / (6.0 * f * fit.params)) > at);
        }
    }

    void familyKeepsGqaRatio()
    {
        ModelConfig base = preset("llama-3-8b"); // 32 heads, 8 KV heads
        const ModelConfig m = familyMember(base, 2048, 16, 128);
        QCOMPARE(m.n_heads, quint64(16));
        QCOMPARE(m.n_kv_heads, quint64(4));
        // The Llama rule re-derived for d 2048: int(1.3 · int(2·8192/3)) = 7099 -> 7168.
        QCOMPARE(m.effectiveDff(), quint64(7168));
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, familyMember(base, 2000, 16, 128));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCompute)
#include "tst_compute.moc"
