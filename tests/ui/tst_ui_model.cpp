// The desktop app's state object and the slider tables behind it: every slider value is a valid
// configuration, one edit recomputes once, and a rejected edit leaves the results alone.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/memory_view.h"
#include "llmsizer/present/view_support.h"
#include "support/bundled_data.h"
#include "support/test_main.h"
#include "ui/state/configmodel.h"

#include <QSignalSpy>
#include <QTest>

using namespace llmsizer;
using llmsizer::ui::ConfigModel;

Q_DECLARE_METATYPE(llmsizer::Knob)

namespace {

const std::vector<Preset>& presets()
{
    return testsupport::bundledPresets();
}

const Preset& preset(const std::string& id)
{
    return testsupport::bundledPresetEntry(id);
}

struct KnobName {
    Knob knob;
    const char* name;
};
constexpr KnobName kKnobs[] = {
    {Knob::DModel, "d_model"},        {Knob::Layers, "layers"},
    {Knob::Heads, "heads"},           {Knob::KvHeads, "kv_heads"},
    {Knob::Vocab, "vocab"},           {Knob::Dff, "d_ff"},
    {Knob::Experts, "experts"},       {Knob::ExpertsPerToken, "experts_per_token"},
    {Knob::ExpertDff, "expert_d_ff"}, {Knob::SharedExperts, "shared_experts"},
};

bool appliesTo(Knob knob, const ModelConfig& c)
{
    const bool moeKnob = knob == Knob::Experts || knob == Knob::ExpertsPerToken ||
                         knob == Knob::ExpertDff || knob == Knob::SharedExperts;
    return !moeKnob || c.isMoe();
}

} // namespace

class TestUiModel : public QObject {
    Q_OBJECT
private slots:
    void divisorsAreComplete();
    void everyStepIsValid_data();
    void everyStepIsValid();
    void stepTablesStayPutWhileDragging_data();
    void stepTablesStayPutWhileDragging();
    void contextStepsAreLogScaled();
    void nearestStep();
    void headsStayRealistic();
    void widthFollowsTheFamilyRule();
    void mixerFollowsTheKnobs();
    void oneEditOneRecompute();
    void rejectedEditKeepsResults();
    void workloadIsValidated();
    void presetSetsEverything();
    void modifiedAndReset();
    void barsMatchTheCore();
    void referenceLinesAndFit();
    void axisCoversBarsAndNextGpu();
};

void TestUiModel::divisorsAreComplete()
{
    QCOMPARE(divisors(12), (std::vector<std::uint64_t>{1, 2, 3, 4, 6, 12}));
    QCOMPARE(divisors(1), (std::vector<std::uint64_t>{1}));
    QCOMPARE(divisors(49), (std::vector<std::uint64_t>{1, 7, 49}));
    QVERIFY(divisors(0).empty());
}

void TestUiModel::everyStepIsValid_data()
{
    QTest::addColumn<QString>("presetId");
    QTest::addColumn<Knob>("knob");
    for (const char* id : {"gpt-2-small", "llama-3-70b", "mixtral-8x7b", "deepseek-v3",
                           "gemma-2-9b", "falcon-7b", "qwen3-30b-a3b", "lfm2-700m", "mamba-130m",
                           "jamba-1.5-mini", "falcon-h1-0.5b", "zamba2-1.2b"}) {
        for (const KnobName& k : kKnobs) {
            QTest::addRow("%s, %s", id, k.name) << QString::fromLatin1(id) << k.knob;
        }
    }
}

void TestUiModel::everyStepIsValid()
{
    QFETCH(QString, presetId);
    QFETCH(Knob, knob);
    const ModelConfig base = preset(presetId.toStdString()).config;
    if (!appliesTo(knob, base)) {
        QVERIFY(true);
        return;
    }
    const std::vector<std::uint64_t> steps = knobSteps(knob, base);
    QVERIFY(!steps.empty());
    QVERIFY(std::is_sorted(steps.begin(), steps.end()));
    QVERIFY(std::find(steps.begin(), steps.end(), knobValue(knob, base)) != steps.end());
    QVERIFY(steps.size() <= 4096);
    for (std::uint64_t v : steps) {
        const ModelConfig c = withKnob(base, knob, v);
        const auto issues = validate(c);
        if (!issues.empty()) {
            QFAIL(qPrintable(QStringLiteral("%1 = %2: %3: %4")
                                 .arg(presetId)
                                 .arg(v)
                                 .arg(QString::fromStdString(issues.front().field),
                                      QString::fromStdString(issues.front().message))));
        }
        QCOMPARE(knobValue(knob, c), v);
    }
}

void TestUiModel::stepTablesStayPutWhileDragging_data()
{
    everyStepIsValid_data();
}

// A slider maps its position to an index into the table; if moving it changed its own table,
// the value under the mouse would jump.
void TestUiModel::stepTablesStayPutWhileDragging()
{
    QFETCH(QString, presetId);
    QFETCH(Knob, knob);
    const ModelConfig base = preset(presetId.toStdString()).config;
    if (!appliesTo(knob, base)) {
        QVERIFY(true);
        return;
    }
    const std::uint64_t anchor = knobValue(knob, base);
    const std::vector<std::uint64_t> steps = knobSteps(knob, base, anchor);
    for (std::size_t i = 0; i < steps.size(); i += std::max<std::size_t>(1, steps.size() / 40)) {
        QCOMPARE(knobSteps(knob, withKnob(base, knob, steps[i]), anchor), steps);
    }
}

void TestUiModel::contextStepsAreLogScaled()
{
    const auto steps = contextSteps(8192);
    QCOMPARE(steps.front(), std::uint64_t{128});
    QCOMPARE(steps.back(), std::uint64_t{1} << 20);
    QVERIFY(std::find(steps.begin(), steps.end(), 163840u) != steps.end());
    QVERIFY(steps.size() < 30);
    const auto odd = contextSteps(5000);
    QVERIFY(std::find(odd.begin(), odd.end(), 5000u) != odd.end());
}

void TestUiModel::nearestStep()
{
    const std::vector<std::uint64_t> steps{1, 2, 4, 8};
    QCOMPARE(nearestStepIndex(steps, 4), 2);
    QCOMPARE(nearestStepIndex(steps, 5), 2);
    QCOMPARE(nearestStepIndex(steps, 7), 3);
    QCOMPARE(nearestStepIndex(steps, 100), 3);
    QCOMPARE(nearestStepIndex(steps, 0), 0);
}

// Llama 3 70B: d_model 8192 and 8 KV heads. The heads a real model could have keep head_dim
// between 32 and 512 and stay multiples of 8 above 8: 16, 32, 64, 128 and 256 heads (head_dim
// 512, 256, 128, 64, 32), not 8,192 heads of one dimension.
void TestUiModel::headsStayRealistic()
{
    ConfigModel model;
    model.setPresets(presets());
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    const std::vector<std::uint64_t> steps = knobSteps(Knob::Heads, model.config());
    QCOMPARE(steps, (std::vector<std::uint64_t>{16, 32, 64, 128, 256}));
}

// The d_model slider widens as Depth × width does: Llama 3 70B has 64 heads of 128 over 8 KV
// heads (8 queries each) and d_ff from Meta's rule (ffn_dim_multiplier 1.3, multiple_of 4096).
// One step up, d_model 9216, is 72 heads of 128 over 9 KV heads, and the rule gives
// int(8 · 9216 / 3) = 24576, · 1.3 = 31948, rounded up to 4096: 32768. The narrowest step keeps
// 2 KV heads (2048 = 16 heads of 128), so GQA stays GQA.
void TestUiModel::widthFollowsTheFamilyRule()
{
    ConfigModel model;
    model.setPresets(presets());
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    const std::vector<std::uint64_t> steps = knobSteps(Knob::DModel, model.config());
    QCOMPARE(steps.front(), std::uint64_t{2048});
    QCOMPARE(steps[1] - steps[0], std::uint64_t{1024});
    QVERIFY(model.setKnob(Knob::DModel, 9216));
    const ModelConfig& c = model.config();
    QCOMPARE(c.n_heads, std::uint64_t{72});
    QCOMPARE(c.n_kv_heads, std::uint64_t{9});
    QCOMPARE(c.effectiveHeadDim(), std::uint64_t{128});
    QCOMPARE(c.effectiveDff(), std::uint64_t{32768});
    QCOMPARE(model.widthRule(),
             std::string("Widening: d_model in steps of 1,024, head dim 128 kept, 8 query heads "
                         "per KV head; d_ff by the model's rule."));
    // A typed width off the steps changes d_model alone; validate() names what breaks.
    QVERIFY(!model.setKnob(Knob::DModel, 9001));
    QCOMPARE(model.config().d_model, std::uint64_t{9216});
}

// Dragging d_model or the layers of a state-space or hybrid model keeps its mixer meaningful:
// Mamba's d_inner stays 2·d_model and its Δ rank ceil(d_model/16), and every layer stays a Mamba
// layer; a hybrid keeps its share of mixer layers.
void TestUiModel::mixerFollowsTheKnobs()
{
    ConfigModel model;
    model.setPresets(presets());
    QVERIFY(model.selectPreset(QStringLiteral("mamba-130m")));
    // Mamba-370m's shape: published count 371,516,416 (tests/core/tst_hf_ssm.cpp derives it).
    QVERIFY(model.setKnob(Knob::DModel, 1024));
    QVERIFY(model.setKnob(Knob::Layers, 48));
    QCOMPARE(model.config().mixer.layers, std::uint64_t{48});
    QCOMPARE(model.config().mixer.d_inner, std::uint64_t{2048});
    QCOMPARE(model.count().total, std::uint64_t{371516416});
    // LFM2-700M at 32 layers: 20 of them convolve, as 10 of 16 did.
    QVERIFY(model.selectPreset(QStringLiteral("lfm2-700m")));
    QVERIFY(model.setKnob(Knob::Layers, 32));
    QCOMPARE(model.config().mixer.layers, std::uint64_t{20});
}

void TestUiModel::oneEditOneRecompute()
{
    ConfigModel model;
    model.setPresets(presets());
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    QSignalSpy changed(&model, &ConfigModel::changed);
    const int before = model.recomputeCount();
    QVERIFY(model.setKnob(Knob::Layers, 81));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.recomputeCount(), before + 1);
    QCOMPARE(model.config().n_layers, std::uint64_t{81});
    QCOMPARE(model.count().total, countParameters(model.config()).total);
    // Setting the same value again is not an edit.
    QVERIFY(model.setKnob(Knob::Layers, 81));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.recomputeCount(), before + 1);
}

void TestUiModel::rejectedEditKeepsResults()
{
    ConfigModel model;
    model.setPresets(presets());
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    const ModelConfig good = model.config();
    const std::uint64_t total = model.count().total;
    QSignalSpy changed(&model, &ConfigModel::changed);
    QSignalSpy issues(&model, &ConfigModel::issuesChanged);
    const int before = model.recomputeCount();
    QVERIFY(!model.setKnob(Knob::Heads, 7)); // 8192 is not a multiple of 7
    QCOMPARE(changed.size(), 0);
    QCOMPARE(issues.size(), 1);
    QCOMPARE(model.recomputeCount(), before);
    QVERIFY(model.config() == good);
    QCOMPARE(model.count().total, total);
    QCOMPARE(model.issues(), validate(withKnob(good, Knob::Heads, 7)));
    // The next valid edit clears the message.
    QVERIFY(model.setKnob(Knob::Layers, 40));
    QCOMPARE(issues.size(), 2);
    QVERIFY(model.issues().empty());
}

void TestUiModel::workloadIsValidated()
{
    ConfigModel model;
    QVERIFY(!model.setContext(0));
    QCOMPARE(model.issues().front().field, std::string("context"));
    QVERIFY(!model.setBatch(0));
    QVERIFY(model.setBatch(8));
    QCOMPARE(model.batch(), std::uint64_t{8});
    // One batch limit, 65,536, as in session files (docs/session-format.md; they allowed
    // 1,048,576, which the app refused).
    QVERIFY(model.setBatch(65'536));
    QVERIFY(!model.setBatch(65'537));
    QCOMPARE(model.issues().front().message,
             std::string("must be between 1 and 65,536 (got 65,537)"));
}

void TestUiModel::presetSetsEverything()
{
    ConfigModel model;
    model.setPresets(presets());
    for (const Preset& p : presets()) {
        QVERIFY2(model.selectPreset(QString::fromStdString(p.id)), p.id.c_str());
        QVERIFY(model.config() == p.config);
        // Its own context, capped at 8,192 tokens (a 1M-token default filled small models' bars
        // with KV cache).
        QCOMPARE(model.context(), std::min<std::uint64_t>(p.config.context_length, 8192));
        QCOMPARE(model.presetId(), QString::fromStdString(p.id));
        QVERIFY(!model.isModified());
    }
    QVERIFY(!model.selectPreset(QStringLiteral("no-such-model")));
}

void TestUiModel::modifiedAndReset()
{
    ConfigModel model;
    model.setPresets(presets());
    QVERIFY(model.selectPreset(QStringLiteral("gpt-2-small")));
    QVERIFY(model.setKnob(Knob::Layers, 24));
    QVERIFY(model.isModified());
    QSignalSpy changed(&model, &ConfigModel::changed);
    const auto loads = [&] {
        int n = 0;
        for (const QList<QVariant>& args : changed) {
            n += args.at(0).value<ConfigModel::Changes>().testFlag(ConfigModel::Change::ModelLoaded)
                     ? 1
                     : 0;
        }
        return n;
    };
    model.resetToBase();
    QCOMPARE(changed.size(), 1);
    QVERIFY(!model.isModified());
    QVERIFY(model.config() == preset("gpt-2-small").config);
    // Edits and a reset are not a new model; a preset or a file is, in its one change.
    QVERIFY(model.setKnob(Knob::Layers, 24));
    QCOMPARE(loads(), 0);
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-8b")));
    QCOMPARE(changed.size(), 3);
    QCOMPARE(loads(), 1);
    QVERIFY(model.loadConfig(preset("gpt-2-small").config, QStringLiteral("config.json")));
    QCOMPARE(loads(), 2);
    QVERIFY(!model.selectPreset(QStringLiteral("no-such-preset")));
    QCOMPARE(changed.size(), 4);
}

void TestUiModel::barsMatchTheCore()
{
    ConfigModel model;
    model.setPresets(presets());
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    model.setExtraPrecisions({QStringLiteral("q4_k_m")});
    MemoryViewOptions o;
    o.context = model.context();
    o.batch = model.batch();
    const auto expected = memoryBars(model.config(), barPrecisionIds({"q4_k_m"}, false), o);
    QCOMPARE(model.bars().size(), expected.size());
    QCOMPARE(model.bars().size(), std::size_t{5});
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(model.bars()[i].total, expected[i].total);
        QCOMPARE(model.bars()[i].segments.front().bytes, expected[i].segments.front().bytes);
    }
    // FP16 weights of a 70.6B model: 2 bytes each.
    QCOMPARE(model.bars()[1].segments.front().bytes, 2 * model.count().total);
    model.setTraining(true);
    QCOMPARE(model.bars().size(), std::size_t{4});
    QCOMPARE(model.bars()[1].segments[1].key, std::string("gradients"));
}

void TestUiModel::referenceLinesAndFit()
{
    const GpuCatalog catalog =
        GpuCatalog::loadBuiltin(std::filesystem::path(LLMSIZER_TEST_RESOURCES_DIR) / "gpus.json");
    const auto lines = referenceLines(catalog, {"h100-sxm-80gb:8", "rtx-4090-24gb", "nope"});
    QCOMPARE(lines.size(), std::size_t{2});
    QCOMPARE(lines[0].short_label, std::string("RTX 4090"));
    QCOMPARE(lines[1].short_label, std::string("8× H100"));
    QCOMPARE(lines[1].bytes, 8 * catalog.at("h100-sxm-80gb").usableBytes());
    QCOMPARE(smallestFit(lines[0].bytes, lines), 0);
    QCOMPARE(smallestFit(lines[0].bytes + 1, lines), 1);
    QCOMPARE(smallestFit(lines[1].bytes + 1, lines), -1);
}

void TestUiModel::axisCoversBarsAndNextGpu()
{
    MemoryBar bar;
    bar.total = 145'000'000'000;
    const std::vector<ReferenceLine> lines{{"a", "A", "A", 80'000'000'000},
                                           {"b", "B", "B", 151'000'000'000},
                                           {"c", "C", "C", 687'000'000'000}};
    const MemoryAxis axis = memoryAxis({bar}, lines, ByteUnits::Decimal);
    QVERIFY(axis.max >= 151);
    QVERIFY(axis.max < 687);
    QCOMPARE(niceCeil(161), 200.0);
    QCOMPARE(niceCeil(7.5), 8.0);
    QVERIFY(axis.max / axis.tick <= 8);
    // Llama 3 70B at FP32 on one GPU, 285.9 GB, with 8× H100 selected (687 GB): the line is
    // 2.4× the bar, so the axis is not stretched to it (the bar would use a third of the chart):
    // 285.9 × 1.15 = 328.8, rounded up to 400.
    MemoryBar fp32;
    fp32.total = 285'900'000'000;
    const MemoryAxis tall = memoryAxis({fp32}, lines, ByteUnits::Decimal);
    QCOMPARE(tall.max, 400.0);
    // A line within 1.5× of the bar is shown: 151 GB over a 110 GB bar, 151 × 1.08 = 163.1,
    // rounded up to 200.
    MemoryBar fp16;
    fp16.total = 110'000'000'000;
    QCOMPARE(memoryAxis({fp16}, lines, ByteUnits::Decimal).max, 200.0);
}

LLMSIZER_TEST_GUILESS_MAIN(TestUiModel)
#include "tst_ui_model.moc"
