// Depth against width at equal parameters, the sizing chapter's scaling ratios and the largest
// model that fits a memory budget. Expected values are hand calculations written next to each
// check.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/explore.h"
#include "support/model_configs.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;
using namespace testsupport::configs;

namespace {

quint64 totalOf(const ModelConfig& c)
{
    return countParameters(c).total;
}

quint64 distance(quint64 a, quint64 b)
{
    return a > b ? a - b : b - a;
}

// Checks a width solution against countParameters and against its neighbours on the family.
void checkWidthSolution(const ModelConfig& base, const IsoSolution& s, quint64 target,
                        quint64 layers, const QString& what, const ShapeRules& rules = {})
{
    const QByteArray msg = what.toUtf8();
    QVERIFY2(s.config.n_layers == layers, msg.constData());
    QVERIFY2(s.config.d_model % widthStep(base, rules) == 0, msg.constData());
    QVERIFY2(s.config.effectiveHeadDim() == base.effectiveHeadDim(), msg.constData());
    const quint64 total = totalOf(s.config);
    QVERIFY2(total == s.total, msg.constData());
    QVERIFY2(distance(total, target) == s.abs_error, msg.constData());
    QVERIFY2(s.above == (total > target), msg.constData());
    const double rel =
        (static_cast<double>(total) - static_cast<double>(target)) / static_cast<double>(target);
    QVERIFY2(std::abs(s.relativeError() - rel) <= 1e-12, msg.constData());
    // No other width within 16 steps is closer.
    const quint64 step = widthStep(base, rules);
    const quint64 k = s.config.d_model / step;
    for (quint64 j = k > 16 ? k - 16 : 1; j <= k + 16; ++j) {
        const ModelConfig other = reshape(base, j * step, layers, rules);
        if (!validate(other).empty()) {
            break;
        }
        QVERIFY2(distance(totalOf(other), target) >= s.abs_error, msg.constData());
    }
}

// The solver recovers the preset itself with zero error, and for other layer counts keeps the
// total within its reported error, closest among its neighbours in width and in depth.
void checkPreset(const Preset& p, const ShapeRules& rules)
{
    const ModelConfig& base = p.config;
    const QString id = QString::fromStdString(p.id) +
                       (rules == ShapeRules{} ? QString() : QStringLiteral(" (strict)"));
    const quint64 target = totalOf(base);
    QVERIFY2(solveWidth(base, target, base.n_layers, rules).abs_error == 0, qPrintable(id));
    QVERIFY2(solveDepth(base, target, base.d_model, rules).abs_error == 0, qPrintable(id));
    const quint64 minLayers = base.isMoe() ? base.moe.first_dense_layers + 1 : 1;
    const quint64 half = std::max<quint64>(base.n_layers / 2, minLayers);
    for (quint64 layers : {half, quint64(base.n_layers + base.n_layers / 2)}) {
        const IsoSolution s = solveWidth(base, target, layers, rules);
        checkWidthSolution(base, s, target, layers, id + QStringLiteral(" at %1").arg(layers),
                           rules);
        const IsoSolution deep = solveDepth(base, target, s.config.d_model, rules);
        QVERIFY2(totalOf(deep.config) == deep.total, qPrintable(id));
        QVERIFY2(distance(deep.total, target) == deep.abs_error, qPrintable(id));
        for (quint64 l : {deep.config.n_layers - 1, deep.config.n_layers + 1}) {
            if (l >= minLayers) {
                const ModelConfig other = reshape(base, s.config.d_model, l, rules);
                QVERIFY2(distance(totalOf(other), target) >= deep.abs_error, qPrintable(id));
            }
        }
    }
}

} // namespace

class TestExplore : public QObject {
    Q_OBJECT
private slots:
    void familyRule()
    {
        // Llama 2 7B: width step = head_dim = 128; d_model 5120 gives 40 heads (head_dim kept),
        // MHA stays MHA, and d_ff follows the Llama rule: int(2·4·5120/3) = 13653 -> 13824.
        const ModelConfig wide = reshape(llama2_7b(), 5120, 40);
        QCOMPARE(quint64(widthStep(llama2_7b())), quint64(128));
        QCOMPARE(quint64(wide.n_heads), quint64(40));
        QCOMPARE(quint64(wide.n_kv_heads), quint64(40));
        QCOMPARE(quint64(wide.effectiveDff()), quint64(13824));
        // Llama 2 13B has exactly this shape: 2·32000·5120 + 40·(4·5120² + 3·5120·13824 +
        // 2·5120) + 5120 = 327,680,000 + 40·(104,857,600 + 212,336,640 + 10,240) + 5120
        // = 13,015,864,320.
        QCOMPARE(totalOf(wide), quint64(13'015'864'320ull));

        // Llama 3 8B (explicit d_ff, GQA: 32 heads, 8 KV heads, head_dim 128). The default
        // rule keeps 32/8 = 4 query heads per KV head, so widths move in steps of 4 · 128 = 512
        // and d_model 8192 has 64 heads with 16 KV heads; d_ff keeps the ratio 14336/4096 = 3.5.
        QCOMPARE(quint64(widthStep(llama3_8b())), quint64(512));
        const ModelConfig ratio = reshape(llama3_8b(), 8192, 80);
        QCOMPARE(quint64(ratio.n_heads), quint64(64));
        QCOMPARE(quint64(ratio.n_kv_heads), quint64(16));
        QCOMPARE(quint64(ratio.effectiveDff()), quint64(28672));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, reshape(llama3_8b(), 4096 + 128, 32));

        // Keeping exactly 8 KV heads, as the Llama 3 family does: widths move in steps of
        // 8 heads · 128 = 1024, and d_model 8192 with 80 layers is Llama 3 70B (d_ff 28672):
        // 70,553,706,496 (tests/data/reference/hf-configs/index.json).
        ShapeRules exact;
        exact.kv = KvScaling::KeepCountExact;
        const ModelConfig big = reshape(llama3_8b(), 8192, 80, exact);
        QCOMPARE(quint64(big.n_heads), quint64(64));
        QCOMPARE(quint64(big.n_kv_heads), quint64(8));
        QCOMPARE(quint64(big.effectiveDff()), quint64(28672));
        QCOMPARE(totalOf(big), quint64(70'553'706'496ull));

        // KeepCount keeps a divisor: 1152/128 = 9 heads cannot hold 8 KV heads; the largest
        // divisor of 9 that is at most 8 is 3.
        ShapeRules divisor;
        divisor.kv = KvScaling::KeepCount;
        QCOMPARE(quint64(reshape(llama3_8b(), 1152, 32, divisor).n_kv_heads), quint64(3));
        QCOMPARE(quint64(widthStep(llama3_8b(), exact)), quint64(1024));
        QCOMPARE(quint64(reshape(llama3_8b(), 5120, 40, exact).n_kv_heads), quint64(8));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, reshape(llama3_8b(), 4608, 36, exact));
        // Limits: d_model ≤ 1,048,576 = 1024 · 1024 and n_heads ≤ 65,536 = 8192 · 8.
        QCOMPARE(quint64(maxWidthMultiple(llama3_8b(), exact)), quint64(1024));
        for (quint64 layers : {16u, 48u, 64u}) {
            const IsoSolution s = solveWidth(llama3_8b(), 8'030'261'248ull, layers, exact);
            QCOMPARE(quint64(s.config.n_kv_heads), quint64(8));
            QCOMPARE(quint64(s.config.d_model % 1024), quint64(0));
            QCOMPARE(quint64(totalOf(s.config)), quint64(s.total));
        }
        // Gemma-7B-like: head_dim 256 with d_model 3072 and 16 heads: step 3072/gcd(3072,16)
        // = 192, one head per 192 of width; head_dim stays 256.
        ModelConfig gemma = llama2_7b();
        gemma.d_model = 3072;
        gemma.n_heads = 16;
        gemma.n_kv_heads = 16;
        gemma.head_dim = 256;
        QCOMPARE(quint64(widthStep(gemma)), quint64(192));
        QCOMPARE(quint64(reshape(gemma, 3072 + 192, 28).n_heads), quint64(17));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, reshape(gemma, 3100, 28));
    }

    // The sentence every view shows, for the three kinds of attention; the numbers by hand from
    // the configurations above (Falcon-7B: 71 heads of 64 over d_model 4544, one KV head).
    void widthRuleSentence()
    {
        QCOMPARE(widthRuleText(llama3_8b()),
                 std::string("Widening: d_model in steps of 512, head dim 128 kept, 4 query heads "
                             "per KV head; d_ff ×3.50 d_model."));
        ShapeRules exact;
        exact.kv = KvScaling::KeepCountExact;
        QCOMPARE(widthRuleText(llama3_8b(), exact),
                 std::string("Widening: d_model in steps of 1,024, head dim 128 kept, exactly 8 "
                             "KV heads; d_ff ×3.50 d_model."));
        QCOMPARE(widthRuleText(llama2_7b()),
                 std::string("Widening: d_model in steps of 128, head dim 128 kept, one KV head "
                             "per head (MHA); d_ff by the model's rule."));
        ModelConfig falcon = llama2_7b();
        falcon.d_model = 4544;
        falcon.n_heads = 71;
        falcon.n_kv_heads = 1;
        QCOMPARE(quint64(widthStep(falcon)), quint64(64));
        QCOMPARE(quint64(reshape(falcon, 4544 + 64, 32).n_kv_heads), quint64(1));
        QVERIFY(widthRuleText(falcon).find("one KV head (MQA)") != std::string::npos);
    }

    void scalingRatios_data()
    {
        QTest::addColumn<int>("which"); // 0 GPT-2 small, 1 Llama 2 7B
        QTest::addColumn<quint64>("baseBlocks");
        QTest::addColumn<quint64>("wideBlocks");
        QTest::addColumn<quint64>("baseTotal");
        QTest::addColumn<quint64>("wideTotal");
        QTest::addColumn<quint64>("deepTotal");
        // GPT-2 small per block: attention 4·768² + 4·768 = 2,362,368 (q, k, v, o with biases),
        // MLP 2·768·3072 + 3072 + 768 = 4,722,432, 2 LayerNorms 4·768 = 3,072; ×12 blocks =
        // 85,054,464. ×2 width (d 1536, 24 heads of 64, d_ff 6144): attention 4·1536² + 4·1536
        // = 9,443,328, MLP 2·1536·6144 + 6144 + 1536 = 18,882,048, norms 6,144; ×12 =
        // 339,978,240. Biases and norms grow only 2×, so the block ratio is 3.9972, under 4.
        // Totals: 124,439,808 (index.json); wide: 50257·1536 + 1024·1536 + 339,978,240 + 2·1536
        // = 77,194,752 + 1,572,864 + 339,978,240 + 3,072 = 418,748,928; deep: 124,439,808 +
        // 85,054,464 = 209,494,272.
        QTest::newRow("GPT-2 small")
            << 0 << quint64(85'054'464) << quint64(339'978'240) << quint64(124'439'808)
            << quint64(418'748'928) << quint64(209'494'272);
        // Llama 2 7B per block: attention 4·4096² = 67,108,864, MLP 3·4096·11008 = 135,266,304,
        // norms 2·4096 = 8,192; ×32 = 6,476,267,520. ×2 width: attention 4·8192² exactly 4×,
        // d_ff by the Llama rule int(2·32768/3) = 21845 -> 22016 = 2·11008, so the MLP
        // 3·8192·22016 is exactly 4× too; only the norms (2·8192) are 2×: blocks
        // 32·(268,435,456 + 541,065,216 + 16,384) = 25,904,545,792, ratio 3.99992.
        // Totals: 6,738,415,616 (index.json); wide 2·32000·8192 + 25,904,545,792 + 8192 =
        // 26,428,841,984; deep 6,738,415,616 + 6,476,267,520 = 13,214,683,136.
        QTest::newRow("Llama 2 7B") << 1 << quint64(6'476'267'520ull) << quint64(25'904'545'792ull)
                                    << quint64(6'738'415'616ull) << quint64(26'428'841'984ull)
                                    << quint64(13'214'683'136ull);
    }
    void scalingRatios()
    {
        QFETCH(int, which);
        QFETCH(quint64, baseBlocks);
        QFETCH(quint64, wideBlocks);
        QFETCH(quint64, baseTotal);
        QFETCH(quint64, wideTotal);
        QFETCH(quint64, deepTotal);
        const ModelConfig base = which == 0 ? gpt2Small() : llama2_7b();
        const ScalingRatios r = llmsizer::scalingRatios(base);
        QCOMPARE(quint64(r.base_blocks.total()), baseBlocks);
        QCOMPARE(quint64(r.base_total), baseTotal);
        // ×2 layers: blocks exactly 2.00.
        QCOMPARE(quint64(r.deeper.blocks.total()), 2 * baseBlocks);
        QCOMPARE(r.deeper.block_ratio.value(), 2.0);
        QCOMPARE(quint64(r.deeper.total), deepTotal);
        // ×2 width.
        QCOMPARE(quint64(r.wider.blocks.total()), wideBlocks);
        QCOMPARE(quint64(r.wider.total), wideTotal);
        QCOMPARE(quint64(r.wider.block_ratio.num), wideBlocks);
        QCOMPARE(quint64(r.wider.block_ratio.den), baseBlocks);
        QVERIFY(r.wider.block_ratio.value() < 4.0);
        QCOMPARE(r.wider.norms_ratio.value(), 2.0);
        if (which == 1) { // no biases: attention and MLP exactly 4×
            QCOMPARE(r.wider.attention_ratio.value(), 4.0);
            QCOMPARE(r.wider.mlp_ratio.value(), 4.0);
            QCOMPARE(QString::fromStdString(r.summary),
                     QStringLiteral("×2 layers → ×2 blocks, ×1.96 total; ×2 width → ×4 "
                                    "blocks, ×3.92 total with embeddings"));
        } else {
            QCOMPARE(QString::fromStdString(r.summary),
                     QStringLiteral("×2 layers → ×2 blocks, ×1.68 total; ×2 width → ×4 "
                                    "blocks, ×3.37 total with embeddings"));
        }
    }

    void solveWidthByHand()
    {
        // Llama 2 7B's 6,738,415,616 parameters at 64 layers. Per layer 4·d² + 3·d·d_ff + 2·d,
        // plus 2·32000·d + d:
        //   d 2816 (22 heads, d_ff int(8·2816/3) = 7509 -> 7680): 64·96,605,696 + 180,224,000
        //     + 2816 = 6,362,991,360 (−375,424,256)
        //   d 2944 (23 heads, d_ff 7850 -> 7936): 64·104,765,184 + 188,416,000 + 2944
        //     = 6,893,390,720 (+154,975,104)  <- closest
        const IsoSolution s = solveWidth(llama2_7b(), 6'738'415'616ull, 64);
        QCOMPARE(quint64(s.config.d_model), quint64(2944));
        QCOMPARE(quint64(s.config.n_heads), quint64(23));
        QCOMPARE(quint64(s.total), quint64(6'893'390'720ull));
        QCOMPARE(quint64(s.abs_error), quint64(154'975'104ull));
        QVERIFY(s.above);
        checkWidthSolution(llama2_7b(), s, 6'738'415'616ull, 64, QStringLiteral("Llama 2 7B"));
    }

    void solveDepthByHand()
    {
        // Llama 2 7B width at a 13B target: total = 262,148,096 + L·202,383,360 (embeddings
        // 2·32000·4096 + final norm 4096; per layer 67,108,864 + 135,266,304 + 8,192).
        // L 62: 12,809,916,416 (−190,083,584); L 63: 13,012,299,776 (+12,299,776) <- closest.
        const IsoSolution s = solveDepth(llama2_7b(), 13'000'000'000ull, 4096);
        QCOMPARE(quint64(s.config.n_layers), quint64(63));
        QCOMPARE(quint64(s.total), quint64(13'012'299'776ull));
        QCOMPARE(quint64(s.abs_error), quint64(12'299'776ull));
        // A target below one layer snaps to one layer.
        QCOMPARE(quint64(solveDepth(llama2_7b(), 1, 4096).config.n_layers), quint64(1));
    }

    // Every preset, under two sets of family rules (checkPreset).
    void solverOnEveryPreset()
    {
        const std::vector<Preset> presets = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
        if (presets.empty()) {
            QSKIP("presets/ holds no presets yet");
        }
        // The default rules, and the strict ones: d_ff by ratio, exactly the base's KV heads.
        ShapeRules strict;
        strict.dff = DffScaling::Ratio;
        strict.kv = KvScaling::KeepCountExact;
        for (const Preset& p : presets) {
            for (const ShapeRules& rules : {ShapeRules{}, strict}) {
                checkPreset(p, rules);
            }
        }
    }

    // Each point of a curve starts its search from the last point's width; every point must
    // still be the closest width at its depth (checked against its 16 neighbours each side).
    void isoCurveOnEveryPreset()
    {
        const std::vector<Preset> presets = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
        for (const Preset& p : presets) {
            const ModelConfig& base = p.config;
            const quint64 target = totalOf(base);
            const quint64 l0 = base.isMoe() ? base.moe.first_dense_layers + base.moe.every : 1;
            const quint64 from = std::max<quint64>(l0, base.n_layers / 2);
            const quint64 to = std::max<quint64>(from + 8, 3 * base.n_layers);
            const quint64 step = std::max<quint64>(1, (to - from) / 24);
            const std::vector<IsoPoint> curve = isoCurve(base, target, from, to, step, {}, 4096);
            QVERIFY2(!curve.empty(), p.id.c_str());
            for (const IsoPoint& point : curve) {
                const quint64 layers = point.solution.config.n_layers;
                checkWidthSolution(base, point.solution, target, layers,
                                   QString::fromStdString(p.id) +
                                       QStringLiteral(" at %1").arg(layers));
                QCOMPARE(quint64(point.metrics.total), quint64(point.solution.total));
            }
        }
    }

    void isoCurveAndMetrics()
    {
        const quint64 target = 6'738'415'616ull;
        const std::vector<IsoPoint> curve = isoCurve(llama2_7b(), target, 16, 64, 16, {}, 4096);
        QCOMPARE(curve.size(), std::size_t(4)); // 16, 32, 48, 64
        QCOMPARE(quint64(curve[1].solution.config.d_model), quint64(4096));
        QCOMPARE(quint64(curve[1].solution.abs_error), quint64(0));
        QCOMPARE(quint64(curve[3].solution.config.d_model), quint64(2944)); // solveWidthByHand
        for (const IsoPoint& p : curve) {
            QCOMPARE(quint64(p.metrics.total), quint64(p.solution.total));
        }

        const ShapeMetrics m = curve[1].metrics;
        // KV per token: 2·L·kv·head_dim·2 bytes = 2·32·32·128·2 = 524,288.
        QCOMPARE(quint64(m.kv_bytes_per_token), quint64(524'288));
        // Korthikanti eq. 1, s = 4096, b = 1: 32·(34·4096·4096 + 5·32·4096²) = 104,152,956,928.
        QCOMPARE(quint64(m.activation_bytes), quint64(104'152'956'928ull));
        // Forward FLOPs: 2 per matmul weight (all but the embedding 131,072,000 and the norms
        // 266,240: 6,607,077,376) + 4·L·ctx·heads·head_dim = 2,147,483,648 -> 15,361,638,400.
        QCOMPARE(m.flops_per_token, 15'361'638'400.0);
        QCOMPARE(m.aspect_ratio, 128.0);
        // Embedding + untied head: 2·32000·4096 = 262,144,000 of 6,738,415,616.
        QCOMPARE(quint64(m.embedding_params), quint64(262'144'000));
        QCOMPARE(m.embedding_share, 262'144'000.0 / 6'738'415'616.0);

        // The 64-layer shape at the same size: d 2944, 23 heads. KV 2·64·23·128·2 = 753,664;
        // activations 64·(34·4096·2944 + 5·23·4096²) = 149,719,875,584.
        QCOMPARE(quint64(curve[3].metrics.kv_bytes_per_token), quint64(753'664));
        QCOMPARE(quint64(curve[3].metrics.activation_bytes), quint64(149'719'875'584ull));
        QCOMPARE(curve[3].metrics.aspect_ratio, 46.0);
    }

    void largestThatFits_data()
    {
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("dModel");
        QTest::addColumn<quint64>("params");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<quint64>("nextParams");
        // The teaching guide exercise 2 on the Llama 2 family: head_dim 128, MHA, Llama-rule d_ff,
        // vocab 32000, layers = d_model / 128 (Llama 2 7B's aspect). N(d) = 64000·d + d
        // + (d/128)·(4d² + 3·d·d_ff + 2d). Budget 24 GB = 24,000,000,000 bytes.
        //
        // Weights only, INT8 (1 byte per weight): d 6272 (49 layers, d_ff int(8·6272/3) = 16725
        // -> 16896): 49·(157,351,936 + 317,915,136 + 12,544) + 401,408,000 + 6272
        // = 23,690,115,456 bytes fits; d 6400 (50 layers, d_ff 17066 -> 17152):
        // 50·(163,840,000 + 329,318,400 + 12,800) + 409,600,000 + 6400 = 25,068,166,400 does
        // not. The teaching guide's rule of thumb "≈ 24B at INT8": 23.7B.
        QTest::newRow("INT8, weights only")
            << quint64(8) << quint64(0) << quint64(6272) << quint64(23'690'115'456ull)
            << quint64(23'690'115'456ull) << quint64(25'068'166'400ull);
        // INT4 (half a byte): d 7936 (62 layers, d_ff 21162 -> 21248): N = 62·(251,920,384 +
        // 505,872,384 + 15,872) + 507,904,000 + 7936 = 47,492,047,616, bytes N/2 =
        // 23,746,023,808 fits; d 8064 (63 layers, d_ff 21504): N = 49,678,360,704, 24,839,180,352
        // bytes, does not. "≈ 48B at INT4": 47.5B.
        QTest::newRow("INT4, weights only")
            << quint64(4) << quint64(0) << quint64(7936) << quint64(47'492'047'616ull)
            << quint64(23'746'023'808ull) << quint64(49'678'360'704ull);
        // INT8 with a 4096-token FP16 KV cache: 2·L·d·4096·2 bytes = 16384·L·d. d 5760 (45
        // layers, d_ff 15360): N = 45·(132,710,400 + 265,420,800 + 11,520) + 368,640,000 + 5760
        // = 18,285,068,160; KV 16384·45·5760 = 4,246,732,800; 22,531,800,960 fits. d 5888 (46
        // layers): N = 19,653,090,048 + KV 4,437,573,632 = 24,090,663,680 does not.
        QTest::newRow("INT8, 4K context")
            << quint64(8) << quint64(4096) << quint64(5760) << quint64(18'285'068'160ull)
            << quint64(22'531'800'960ull) << quint64(19'653'090'048ull);
    }
    void largestThatFits()
    {
        QFETCH(quint64, bits);
        QFETCH(quint64, context);
        QFETCH(quint64, dModel);
        QFETCH(quint64, params);
        QFETCH(quint64, bytes);
        QFETCH(quint64, nextParams);
        FitBudget budget;
        budget.budget_bytes = 24'000'000'000ull;
        budget.weight_bpw = {bits, 1};
        budget.context = context;
        const FitResult r = llmsizer::largestThatFits(llama2_7b(), budget);
        QVERIFY(r.found);
        QCOMPARE(quint64(r.best.config.d_model), dModel);
        QCOMPARE(quint64(r.best.config.n_layers), dModel / 128);
        QCOMPARE(quint64(r.best.params), params);
        QCOMPARE(quint64(r.best.total_bytes), bytes);
        QCOMPARE(quint64(r.headroom_bytes), 24'000'000'000ull - bytes);
        QVERIFY(r.has_next);
        QCOMPARE(quint64(r.next.params), nextParams);
        QVERIFY(r.next.total_bytes > budget.budget_bytes);
    }

    // With GQA the KV heads snap to divisors, so the total is not monotone along the path; the
    // search must still find the largest fitting point. Checked against a plain scan.
    void largestThatFitsMatchesScan()
    {
        FitBudget budget;
        budget.budget_bytes = 24'000'000'000ull;
        budget.weight_bpw = {4, 1};
        budget.context = 8192;
        budget.overhead_bytes = 1'000'000'000;
        const FitResult r = llmsizer::largestThatFits(llama3_8b(), budget);
        quint64 best = 0;
        // The default rule's widths are multiples of 512 (4 query heads per KV head of 128),
        // and the path keeps the base's 4096 / 32 = 128 of width per layer.
        for (quint64 k = 1; k <= 50; ++k) { // d 25,600: far beyond 24 GB at any width
            const ModelConfig c = reshape(llama3_8b(), 512 * k, 4 * k);
            const FitPoint p = fitPoint(c, budget);
            if (p.total_bytes <= budget.budget_bytes) {
                best = std::max<quint64>(best, p.params);
            }
        }
        QVERIFY(r.found);
        QCOMPARE(quint64(r.best.params), best);
        QVERIFY(r.best.total_bytes <= budget.budget_bytes);
    }

    void nothingFits()
    {
        FitBudget budget;
        budget.budget_bytes = 1000;
        QVERIFY(!llmsizer::largestThatFits(llama2_7b(), budget).found);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestExplore)
#include "tst_explore.moc"
