// The Overview's evaluation (present/workspace.h): one Workspace gives every number the Overview
// shows, counting the configuration once. Expected values are the published count and hand
// calculations written here.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/workspace.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>

using namespace llmsizer;

namespace {

std::vector<ModelConfig> g_counted;

void recordCount(const ModelConfig& c)
{
    g_counted.push_back(c);
}

Workspace llama3_70b()
{
    Workspace w;
    w.config = loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/llama-3-70b.json").config;
    w.context = 8192;
    w.batch = 1;
    w.display.gpus = {"h100-sxm-80gb:8"};
    return w;
}

GpuCatalog catalog()
{
    return GpuCatalog::loadBuiltin(std::string(LLMSIZER_TEST_RESOURCES_DIR) + "/gpus.json");
}

} // namespace

class TestWorkspace : public QObject {
    Q_OBJECT
private slots:
    void llama3_70b_numbers()
    {
        const Snapshot s = evaluate(llama3_70b(), catalog());
        // Meta's published count for Llama 3 70B.
        QCOMPARE(s.count.total, std::uint64_t(70'553'706'496));
        std::uint64_t sliced = 0;
        for (const Slice& slice : s.slices) {
            sliced += slice.params;
        }
        QCOMPARE(sliced, s.count.total);
        // FP16 weights: 2 bytes per parameter.
        QCOMPARE(s.selected.precision_id, std::string("fp16"));
        QCOMPARE(s.selected.segments.front().bytes, std::uint64_t(141'107'412'992));
        // KV cache, FP16: K and V × 80 layers × 8 KV heads × 128 dims × 2 bytes = 327,680 bytes per
        // token; × 8,192 tokens.
        QCOMPARE(s.kv.bytes_per_token, std::uint64_t(327'680));
        QCOMPARE(s.kv.bytes, std::uint64_t(2'684'354'560));
        // 12 · L · d² = 12 · 80 · 8192².
        QCOMPARE(s.approx_12ld2, std::uint64_t(64'424'509'440));
        // One verdict per bar, one line for the selected GPUs.
        QCOMPARE(s.verdicts.size(), s.bars.size());
        QCOMPARE(s.lines.size(), std::size_t(1));
        // 141.1 GB of FP16 weights need more than one 80 GiB H100 and fit on the node.
        const auto fp16 = std::find_if(s.bars.begin(), s.bars.end(),
                                       [](const MemoryBar& b) { return b.precision_id == "fp16"; });
        QVERIFY(fp16 != s.bars.end());
        const BarVerdict& v = s.verdicts[static_cast<std::size_t>(fp16 - s.bars.begin())];
        QCOMPARE(v.kind, BarVerdict::Kind::Fits);
        QVERIFY(v.gpus >= 2 && v.gpus <= 8);
    }

    // 12·L·d² is a dense-model rule. Llama 3 70B: 64,424,509,440 against 70,553,706,496 is
    // −8.69%, shown without a note. Mixtral 8x7B: 12·32·4,096² = 6,442,450,944 against
    // 46,702,792,704 (Mistral AI's count) is −86.2%, and the figure says the rule is for dense
    // models; the note names the 8 experts it leaves out.
    void ruleOfThumbOnMoe()
    {
        const Snapshot dense = evaluate(llama3_70b(), catalog());
        QCOMPARE(QString::fromStdString(dense.approx_text.text),
                 QStringLiteral("64,424,509,440 (64.4B) (error −8.7%)"));
        QVERIFY(dense.approx_text.note.empty());

        Workspace w;
        w.config =
            loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/mixtral-8x7b.json").config;
        w.context = 4096;
        const Snapshot moe = evaluate(w, catalog());
        QCOMPARE(moe.count.total, std::uint64_t(46'702'792'704));
        QCOMPARE(moe.approx_12ld2, std::uint64_t(6'442'450'944));
        QCOMPARE(QString::fromStdString(moe.approx_text.text),
                 QStringLiteral("6,442,450,944 (6.4B) (error −86.2%; a rule for dense models)"));
        QCOMPARE(QString::fromStdString(moe.approx_text.short_text),
                 QStringLiteral("6.4B (error −86.2%; dense-model rule)"));
        const QString note = QString::fromStdString(moe.approx_text.note);
        QVERIFY2(note.contains(QStringLiteral("rule for dense models")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("8 routed experts")), qPrintable(note));
    }

    // A model opens at its own context, capped at 8,192 tokens: Llama 4 Scout's 10,485,760 and
    // Llama 3.1's 131,072 open at 8,192, GPT-2's 1,024 and Llama 2's 4,096 at their own.
    void defaultContexts()
    {
        ModelConfig c;
        for (const auto& [own, opens] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
                 {10'485'760, 8192}, {131'072, 8192}, {8192, 8192}, {4096, 4096}, {1024, 1024}}) {
            c.context_length = own;
            QCOMPARE(defaultContext(c), opens);
        }
    }

    // The configuration itself is counted once; other counts are the fit searches' pipeline
    // stages (different configurations), each once.
    void countsOnce()
    {
        const Workspace w = llama3_70b();
        const GpuCatalog gpus = catalog();
        g_counted.clear();
        setCountObserver(&recordCount);
        evaluate(w, gpus);
        setCountObserver(nullptr);
        QCOMPARE(std::count(g_counted.begin(), g_counted.end(), w.config), 1);
        for (std::size_t i = 0; i < g_counted.size(); ++i) {
            QCOMPARE(std::count(g_counted.begin(), g_counted.end(), g_counted[i]), 1);
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestWorkspace)
#include "tst_workspace.moc"
