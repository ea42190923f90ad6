// The Depth × width explorer's evaluation (present/family.h): a family and the current point in;
// the equal-parameter curve, the steps, the ratios and the point's metrics out, the curve drawn
// once per family. Expected values are hand calculations for GPT-2 small's family (OpenAI's
// published 124,439,808 parameters; widening to d at L layers:
// N = (50,257 + 1,024)·d + L·(12·d² + 13·d) + 2·d).
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/family.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

Family gpt2Family()
{
    Family f;
    f.base = loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/gpt-2-small.json").config;
    f.target = 124'439'808;
    f.context = 1024;
    f.anchor_layers = f.base.n_layers;
    f.anchor_d_model = f.base.d_model;
    f.current = f.base;
    f.current_count = countParameters(f.base);
    return f;
}

} // namespace

class TestFamily : public QObject {
    Q_OBJECT
private slots:
    void basePoint();
    void curveThroughTheBase();
    void stepsAlongTheFamilyReuseTheCurve();
    void anotherPointIsMeasured();
    void anotherContextMeasuresTheSameShapes();
};

void TestFamily::basePoint()
{
    const FamilySnapshot s = evaluate(gpt2Family());
    QVERIFY(s.error.empty());
    QVERIFY(s.family != nullptr);
    QVERIFY(s.family->error.empty());
    QCOMPARE(s.metrics.total, std::uint64_t(124'439'808));
    QCOMPARE(s.solution.abs_error, std::uint64_t(0));
    QCOMPARE(s.metrics.aspect_ratio, 64.0); // 768 / 12
    // FP16 K and V × 12 layers × 768 × 2 bytes.
    QCOMPARE(s.metrics.kv_bytes_per_token, std::uint64_t(36'864));
    QCOMPARE(s.family->reference.total, std::uint64_t(124'439'808));
}

// The curve holds the base's own depth, where the solved width is the base's: d 768 exactly on
// the target.
void TestFamily::curveThroughTheBase()
{
    const FamilySnapshot s = evaluate(gpt2Family());
    QVERIFY(!s.family->curve.empty());
    bool found = false;
    for (const IsoPoint& p : s.family->curve) {
        if (p.solution.config.n_layers == 12) {
            found = true;
            QCOMPARE(p.solution.config.d_model, std::uint64_t(768));
            QCOMPARE(p.solution.total, std::uint64_t(124'439'808));
        }
    }
    QVERIFY(found);
    QVERIFY(!s.family->layer_steps.empty());
    QVERIFY(!s.family->width_steps.empty());
}

// A step of the sliders within the family keeps its curve (the same object); a new target draws
// another.
void TestFamily::stepsAlongTheFamilyReuseTheCurve()
{
    Family f = gpt2Family();
    const FamilySnapshot first = evaluate(f);
    f.current = reshape(f.base, 832, 12);
    f.current_count = countParameters(f.current);
    const FamilySnapshot step = evaluate(f, &first);
    QCOMPARE(step.family.get(), first.family.get());
    f.target = 200'000'000;
    const FamilySnapshot retarget = evaluate(f, &step);
    QVERIFY(retarget.family.get() != step.family.get());
}

// d 832 at 12 layers: 51,281·832 + 12·(12·832² + 13·832) + 2·832 = 42,665,792 + 99,810,048 +
// 1,664 = 142,477,504; 18,037,696 above the target.
void TestFamily::anotherPointIsMeasured()
{
    Family f = gpt2Family();
    f.current = reshape(f.base, 832, 12);
    f.current_count = countParameters(f.current);
    const FamilySnapshot s = evaluate(f);
    QCOMPARE(s.metrics.total, std::uint64_t(142'477'504));
    QCOMPARE(s.solution.abs_error, std::uint64_t(18'037'696));
    QVERIFY(s.solution.above);
}

// A new context keeps the curve's shapes and measures them again at it: the base's point at 4,096
// tokens holds 12 layers × (34·s·h + 5·a·s²) = 12 × (34·4,096·768 + 5·12·4,096²) = 12 ×
// (106,954,752 + 1,006,632,960) = 13,363,052,544 bytes of activations (Korthikanti et al. 2022,
// eq. 1). Every point equals what a family drawn afresh at 4,096 gives.
void TestFamily::anotherContextMeasuresTheSameShapes()
{
    Family f = gpt2Family();
    const FamilySnapshot first = evaluate(f);
    f.context = 4096;
    const FamilySnapshot moved = evaluate(f, &first);
    const FamilySnapshot fresh = evaluate(f);
    QVERIFY(moved.family.get() != first.family.get());
    QCOMPARE(moved.family->context, std::uint64_t(4096));
    QCOMPARE(moved.family->curve.size(), fresh.family->curve.size());
    bool found = false;
    for (std::size_t i = 0; i < fresh.family->curve.size(); ++i) {
        const IsoPoint& m = moved.family->curve[i];
        const IsoPoint& r = fresh.family->curve[i];
        QVERIFY(m.solution.config == r.solution.config);
        QCOMPARE(m.metrics.context, std::uint64_t(4096));
        QCOMPARE(m.metrics.activation_bytes, r.metrics.activation_bytes);
        QCOMPARE(m.metrics.flops_per_token, r.metrics.flops_per_token);
        if (m.solution.config.n_layers == 12 && m.solution.config.d_model == 768) {
            found = true;
            QCOMPARE(m.metrics.activation_bytes, std::uint64_t(13'363'052'544));
        }
    }
    QVERIFY(found);
    QCOMPARE(moved.family->reference.activation_bytes, std::uint64_t(13'363'052'544));
    QCOMPARE(moved.metrics.activation_bytes, std::uint64_t(13'363'052'544));
}

LLMSIZER_TEST_GUILESS_MAIN(TestFamily)
#include "tst_family.moc"
