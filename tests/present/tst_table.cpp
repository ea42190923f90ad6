// The comparison table: cells against hand calculations and countParameters, and the three
// exports read back.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/hardware_view.h"
#include "llmsizer/present/table.h"
#include "llmsizer/text/error.h"
#include "support/bundled_data.h"
#include "support/model_configs.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;
using namespace testsupport::configs;

namespace {

const QString kQuotedName = QStringLiteral("Llama 3 \"70B\", hand-built");

std::vector<NamedConfig> threeModels()
{
    return {{kQuotedName.toStdString(), llama3_70b()},
            {"Llama 3 8B", llama3_8b()},
            {"GPT-2 small", gpt2Small()}};
}

ComparisonTable buildTable()
{
    TableOptions o;
    o.context = 8192;
    return buildComparisonTable(threeModels(), o);
}

quint64 integerAt(const ComparisonTable& t, const char* key, int column)
{
    const TableRow* row = t.row(key);
    if (row == nullptr || !row->cells[std::size_t(column)].integral) {
        return ~quint64(0);
    }
    return row->cells[std::size_t(column)].integer;
}

// RFC 4180 reader: quoted fields may hold commas, CRLF and doubled quotes.
QList<QStringList> parseCsv(const QString& text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        if (quoted) {
            if (ch == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (ch == u'"') {
                quoted = false;
            } else {
                field += ch;
            }
        } else if (ch == u'"') {
            quoted = true;
        } else if (ch == u',') {
            row << field;
            field.clear();
        } else if (ch == u'\r' && i + 1 < text.size() && text[i + 1] == u'\n') {
            row << field;
            rows << row;
            row.clear();
            field.clear();
            ++i;
        } else {
            field += ch;
        }
    }
    return rows;
}

} // namespace

class TestTable : public QObject {
    Q_OBJECT
private slots:
    void cells_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("column");
        QTest::addColumn<quint64>("expected");
        // Totals from index.json.
        QTest::newRow("Llama 3 70B total")
            << QStringLiteral("total_params") << 0 << quint64(70'553'706'496ull);
        QTest::newRow("Llama 3 8B total")
            << QStringLiteral("total_params") << 1 << quint64(8'030'261'248ull);
        QTest::newRow("GPT-2 total")
            << QStringLiteral("total_params") << 2 << quint64(124'439'808ull);
        // 80 × (8192·64·128 + 2·8192·8·128 + 64·128·8192) = 80 × 150,994,944.
        QTest::newRow("Llama 3 70B attention")
            << QStringLiteral("params.attention") << 0 << quint64(12'079'595'520ull);
        // 80 × 3·8192·28672 = 56,371,445,760.
        QTest::newRow("Llama 3 70B MLP")
            << QStringLiteral("params.mlp") << 0 << quint64(56'371'445'760ull);
        // Untied head 128256·8192 = 1,050,673,152; GPT-2's is tied: row present, 0.
        QTest::newRow("Llama 3 70B head")
            << QStringLiteral("params.lm_head") << 0 << quint64(1'050'673'152ull);
        QTest::newRow("GPT-2 head") << QStringLiteral("params.lm_head") << 2 << quint64(0);
        // The teaching guide part 5: N × bytes. 70,553,706,496 × 4 / 2 / 1 / 0.5.
        QTest::newRow("70B FP32") << QStringLiteral("weights.fp32") << 0
                                  << quint64(282'214'825'984ull);
        QTest::newRow("70B BF16") << QStringLiteral("weights.bf16") << 0
                                  << quint64(141'107'412'992ull);
        QTest::newRow("70B INT8") << QStringLiteral("weights.int8") << 0
                                  << quint64(70'553'706'496ull);
        QTest::newRow("70B INT4") << QStringLiteral("weights.int4") << 0
                                  << quint64(35'276'853'248ull);
        QTest::newRow("GPT-2 INT4")
            << QStringLiteral("weights.int4") << 2 << quint64(62'219'904ull);
        // KV per token 2·L·kv·head_dim·2 bytes: 2·80·8·128·2 = 327,680; GPT-2 2·12·12·64·2 =
        // 36,864. At 8192 tokens: 2,684,354,560 and 301,989,888.
        QTest::newRow("70B KV per token")
            << QStringLiteral("kv_per_token") << 0 << quint64(327'680);
        QTest::newRow("GPT-2 KV per token")
            << QStringLiteral("kv_per_token") << 2 << quint64(36'864);
        QTest::newRow("70B KV at 8192")
            << QStringLiteral("kv_at_context") << 0 << quint64(2'684'354'560ull);
        // GPT-2's own context is 1,024 tokens: counted there, 36,864 × 1,024 = 37,748,736.
        QTest::newRow("GPT-2 KV at 8192, at its 1024")
            << QStringLiteral("kv_at_context") << 2 << quint64(37'748'736ull);
        // Chinchilla: 20 tokens per parameter.
        QTest::newRow("70B tokens")
            << QStringLiteral("chinchilla_tokens") << 0 << quint64(1'411'074'129'920ull);
        QTest::newRow("kv heads") << QStringLiteral("n_kv_heads") << 1 << quint64(8);
        QTest::newRow("head_dim") << QStringLiteral("head_dim") << 2 << quint64(64);
    }
    void cells()
    {
        QFETCH(QString, key);
        QFETCH(int, column);
        QFETCH(quint64, expected);
        const ComparisonTable t = buildTable();
        QCOMPARE(integerAt(t, key.toUtf8().constData(), column), expected);
    }

    void componentsMatchCount()
    {
        const ComparisonTable t = buildTable();
        const auto models = threeModels();
        for (int col = 0; col < 3; ++col) {
            const ParamCount count = countParameters(models[std::size_t(col)].config);
            QCOMPARE(integerAt(t, "active_params", col), quint64(count.active));
            for (Component c : kAllComponents) {
                const std::string key = "params." + std::string(componentKey(c));
                if (t.row(key) != nullptr) {
                    QCOMPARE(integerAt(t, key.c_str(), col), quint64(count.params(c)));
                } else {
                    QCOMPARE(quint64(count.params(c)), quint64(0));
                }
            }
        }
        // GPT-2's tied head: a zero shown as "0".
        QCOMPARE(QString::fromStdString(t.row("params.lm_head")->cells[2].text),
                 QStringLiteral("0"));
        // Rows that are zero everywhere are left out (no MoE router here).
        QVERIFY(t.row("params.router") == nullptr);
        QVERIFY(t.row("n_routed_experts") == nullptr);
    }

    void flops()
    {
        const ComparisonTable t = buildTable();
        // Llama 3 70B at 8192 tokens: 2 FLOPs per matmul weight (all but the embedding
        // 1,050,673,152 and the norms 80·2·8192 + 8192 = 1,318,912: 69,501,714,432)
        // = 139,003,428,864, plus 4·L·ctx·heads·head_dim = 4·80·8192·64·128 = 21,474,836,480.
        QCOMPARE(t.row("flops_per_token")->cells[0].real, 160'478'265'344.0);
        // GPT-2 small: matmul weights 12·(4·768² + 2·768·3072) + the tied head 50257·768 (the
        // logits are computed either way) = 123,532,032 -> 247,064,064, plus, at its own 1,024
        // tokens (8,192 is past its context), 4·12·1024·12·64 = 37,748,736: 284,812,800.
        QCOMPARE(t.row("flops_per_token")->cells[2].real, 284'812'800.0);
        // 6·N·D with D = 20·N: 120·N².
        const double n = 70'553'706'496.0;
        QCOMPARE(t.row("training_flops")->cells[0].real, 6.0 * n * (20.0 * n));
        QVERIFY(!t.row("training_flops")->cells[0].integral);
        // Shown as the other views show FLOPs, with the unit, never "1.6e+11":
        // 160,478,265,344 = 160.5 GFLOP (the Overview's SI prefixes); 284,812,800 = 284.8 MFLOP,
        // said to be at GPT-2's own context;
        // 120·70,553,706,496² = 597,339,060,038,845,511,761,920 = 5.97e23 FLOP (Compute budget's
        // powers of ten).
        QCOMPARE(QString::fromStdString(t.row("flops_per_token")->cells[0].text),
                 QStringLiteral("160.5 GFLOP"));
        QCOMPARE(QString::fromStdString(t.row("flops_per_token")->cells[2].text),
                 QStringLiteral("284.8 MFLOP (at its 1,024)"));
        QCOMPARE(QString::fromStdString(t.row("kv_at_context")->cells[2].detail),
                 QStringLiteral("Longer than this model's context of 1,024 tokens: counted at "
                                "1,024."));
        QCOMPARE(QString::fromStdString(t.row("training_flops")->cells[0].text),
                 QStringLiteral("5.97e23 FLOP"));
    }

    // Routed experts are a row of their own, as in the pies, never "MLP". Mixtral 8x7B: 32 MoE
    // layers × 8 experts × 3·4,096·14,336 (176,160,768) = 45,097,156,608, and no dense MLP;
    // Llama 3 70B's MLP is all dense: 80 × 3·8,192·28,672 = 56,371,445,760.
    void expertsHaveTheirOwnRow()
    {
        const Preset mixtral =
            loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/mixtral-8x7b.json");
        const ComparisonTable t = buildComparisonTable(
            {{"Llama 3 70B", llama3_70b()}, {"Mixtral 8x7B", mixtral.config}}, TableOptions{});
        const TableRow* experts = t.row("params.experts");
        QVERIFY(experts != nullptr);
        QCOMPARE(QString::fromStdString(experts->label), QStringLiteral("Routed experts"));
        QCOMPARE(integerAt(t, "params.experts", 1), quint64(45'097'156'608ull));
        QCOMPARE(integerAt(t, "params.experts", 0), quint64(0));
        QCOMPARE(QString::fromStdString(t.row("params.mlp")->label), QStringLiteral("Dense MLP"));
        QCOMPARE(integerAt(t, "params.mlp", 1), quint64(0));
        QCOMPARE(integerAt(t, "params.mlp", 0), quint64(56'371'445'760ull));
        // No shared experts in either: the row is left out.
        QVERIFY(t.row("params.shared_experts") == nullptr);
    }

    void differsFlag()
    {
        const ComparisonTable t =
            buildComparisonTable({{"70B", llama3_70b()}, {"8B", llama3_8b()}}, TableOptions{});
        QVERIFY(t.row("d_model")->differs);
        QVERIFY(t.row("total_params")->differs);
        QVERIFY(!t.row("vocab_size")->differs);     // 128256 both
        QVERIFY(!t.row("n_kv_heads")->differs);     // 8 both
        QVERIFY(!t.row("head_dim")->differs);       // 128 both
        QVERIFY(!t.row("context_length")->differs); // 8192 both
        QVERIFY(t.row("kv_per_token")->differs);    // 2·80·8·128·2 against 2·32·8·128·2
    }

    // MLA's heads: DeepSeek-V3's q·k heads are 128 (nope) + 64 (rope) = 192 wide and its v heads
    // 128 (config.json qk_nope_head_dim, qk_rope_head_dim, v_head_dim), not d_model / n_heads =
    // 7168 / 128 = 56.
    void latentHeadDim()
    {
        ModelConfig v3 = llama3_70b();
        v3.attention = AttentionKind::Latent;
        v3.d_model = 7168;
        v3.n_heads = 128;
        v3.n_kv_heads = 128;
        v3.mla = {1536, 512, 128, 64, 128};
        const ComparisonTable t =
            buildComparisonTable({{"V3-like", v3}, {"70B", llama3_70b()}}, TableOptions{});
        QCOMPARE(integerAt(t, "head_dim", 0), quint64(192));
        QCOMPARE(t.row("head_dim")->cells[0].text, std::string("192 q·k, 128 v (MLA)"));
        QCOMPARE(integerAt(t, "head_dim", 1), quint64(128));
    }

    // A model type the tool does not know is an estimate, said on its total; MTP layers the
    // checkpoint stores beyond the model get their own row (one layer of the 8B's shape with
    // copies of the embedding and head: its layer, 2·d·d, three norms and 2·V·d).
    void estimateAndCheckpointRows()
    {
        ModelConfig unknown = llama3_8b();
        unknown.estimate = "model type 'acme' is not known; counted as a standard decoder from "
                           "its size fields";
        ModelConfig mtp = llama3_8b();
        mtp.mtp_layers = 1;
        const ComparisonTable t = buildComparisonTable(
            {{"Acme", unknown}, {"8B", llama3_8b()}, {"8B + MTP", mtp}}, TableOptions{});
        QVERIFY(t.row("total_params")->cells[0].text.rfind("estimate: ", 0) == 0);
        QVERIFY(t.row("total_params")->cells[1].text.find("estimate") == std::string::npos);
        const quint64 d = 4096;
        const quint64 layer = 2 * d * d + 2 * d * 1024 + 3 * d * 14336 + 2 * d;
        QCOMPARE(integerAt(t, "checkpoint_extras", 2),
                 layer + 2 * d * d + 3 * d + 2 * quint64(128256) * d);
        QCOMPARE(integerAt(t, "checkpoint_extras", 1), quint64(0));
    }

    void csvRoundTrip()
    {
        const ComparisonTable t = buildTable();
        const QString csv = QString::fromStdString(tableToCsv(t));
        // The header quotes the name with a comma and doubles its quotes (RFC 4180 §2.6, §2.7).
        QVERIFY(csv.startsWith(QStringLiteral(
            "key,label,unit,differs,\"Llama 3 \"\"70B\"\", hand-built\",Llama 3 8B,GPT-2 "
            "small\r\n")));
        const QList<QStringList> rows = parseCsv(csv);
        QCOMPARE(rows.size(), qsizetype(t.rows.size() + 1));
        QCOMPARE(rows[0][4], kQuotedName);
        const auto models = threeModels();
        bool sawTotal = false;
        for (const QStringList& r : rows.mid(1)) {
            QCOMPARE(r.size(), 7);
            if (r[0] == u"total_params") {
                sawTotal = true;
                QCOMPARE(r[3], QStringLiteral("true"));
                for (int col = 0; col < 3; ++col) {
                    QCOMPARE(r[4 + col].toULongLong(),
                             quint64(countParameters(models[std::size_t(col)].config).total));
                }
            }
            if (r[0] == u"flops_per_token") {
                QCOMPARE(r[4].toDouble(), 160'478'265'344.0);
            }
        }
        QVERIFY(sawTotal);
    }

    // A caption (the model and the workload of the export) is a last CSV row of its own, with a
    // cell per model, a paragraph above the Markdown table and a member of the JSON.
    void captionInEveryFormat()
    {
        ComparisonTable t = buildTable();
        t.caption = "Llama 3 70B · inference · 8,192 tokens × batch 1 · LLM Sizer 0.1.0";
        const QList<QStringList> rows = parseCsv(QString::fromStdString(tableToCsv(t)));
        QCOMPARE(rows.size(), qsizetype(t.rows.size() + 2));
        QCOMPARE(
            rows.last(),
            QStringList({QStringLiteral("export.caption"), QString::fromStdString(t.caption),
                         QString(), QStringLiteral("false"), QString(), QString(), QString()}));
        const std::string md = tableToMarkdown(t);
        QVERIFY(md.rfind("_" + t.caption + "_\n\n| |", 0) == 0);
        QCOMPARE(tableToJson(t).at("caption").get<std::string>(), t.caption);
        // Without one, nothing is added.
        t.caption.clear();
        QCOMPARE(parseCsv(QString::fromStdString(tableToCsv(t))).size(),
                 qsizetype(t.rows.size() + 1));
        QVERIFY(!tableToJson(t).contains("caption"));
    }

    void jsonRoundTrip()
    {
        const ComparisonTable t = buildTable();
        const nlohmann::json j = nlohmann::json::parse(tableToJson(t).dump());
        QCOMPARE(j.at("names").size(), std::size_t(3));
        QCOMPARE(j.at("context").get<quint64>(), quint64(8192));
        QCOMPARE(QString::fromStdString(j.at("units").get<std::string>()), QStringLiteral("GB"));
        const auto models = threeModels();
        int checked = 0;
        for (const auto& row : j.at("rows")) {
            const std::string key = row.at("key").get<std::string>();
            for (int col = 0; col < 3; ++col) {
                const auto& cell = row.at("cells").at(std::size_t(col));
                const ParamCount count = countParameters(models[std::size_t(col)].config);
                if (key == "total_params") {
                    QCOMPARE(cell.at("value").get<quint64>(), quint64(count.total));
                    QCOMPARE(cell.at("exact").get<std::string>(), std::to_string(count.total));
                    ++checked;
                } else if (key == "params.attention") {
                    QCOMPARE(cell.at("value").get<quint64>(),
                             quint64(count.params(Component::Attention)));
                    ++checked;
                }
            }
        }
        QCOMPARE(checked, 6);
        QCOMPARE(QString::fromStdString(
                     j.at("rows").at(0).at("cells").at(0).at("text").get<std::string>()),
                 QStringLiteral("8,192"));
    }

    void markdown()
    {
        std::vector<NamedConfig> two{{"A|B", gpt2Small()}, {"C", gpt2Small()}};
        two[1].config.n_layers = 24;
        const QString md = QString::fromStdString(tableToMarkdown(buildComparisonTable(two)));
        QVERIFY(md.startsWith(QStringLiteral("| | A\\|B | C |\n|---|---:|---:|\n")));
        QVERIFY(md.contains(QStringLiteral("| d_model | 768 | 768 |\n")));    // same: plain
        QVERIFY(md.contains(QStringLiteral("| **n_layers** | 12 | 24 |\n"))); // differs: bold
        QVERIFY(md.contains(QStringLiteral("| **Total parameters** | 124,439,808 (124.4M) |")));
    }

    void errors()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildComparisonTable({}));
        std::vector<NamedConfig> five(5, NamedConfig{"x", gpt2Small()});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildComparisonTable(five));
        TableOptions o;
        o.weight_precisions = {"int3"};
        QVERIFY_THROWS_EXCEPTION(InputError, buildComparisonTable({{"x", gpt2Small()}}, o));
        ModelConfig bad = gpt2Small();
        bad.n_heads = 7;
        bad.n_kv_heads = 7;
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, buildComparisonTable({{"x", bad}}));
    }

    // With the My hardware view's machine, the table says whether each model runs there: one RTX
    // 4090 with 64 GB of RAM under llama.cpp at Q4_K_M (tst_runs works out the 46 layers).
    void hardwareRows()
    {
        TableOptions o;
        RunQuery q;
        q.hardware.gpu = testsupport::bundledCatalog().at("rtx-4090-24gb");
        q.hardware.ram_bytes = 64'000'000'000;
        q.runtime = runtimeById("llama.cpp");
        q.context = 8192;
        o.hardware = q;
        o.hardware_precision = "q4_k_m";
        const ComparisonTable t =
            buildComparisonTable({{"Llama 3 8B", testsupport::bundledPreset("llama-3-8b")},
                                  {"Llama 3 70B", testsupport::bundledPreset("llama-3-70b")}},
                                 o);
        const TableRow* runs = t.row("hardware.runs");
        QVERIFY(runs != nullptr);
        QCOMPARE(runs->cells[0].text, std::string("✓ fits"));
        QCOMPARE(runs->cells[1].text, std::string("◐ 46/80 layers on GPU"));
        QVERIFY(runs->differs);
        QCOMPARE(t.row("hardware.gpus_needed")->cells[0].integer, quint64(1));
        QCOMPARE(t.row("hardware.gpus_needed")->cells[1].integer, quint64(2));
        QVERIFY(t.row("hardware.max_context")->cells[0].integer >= 8192);
        QVERIFY(t.row("hardware.decode")->cells[1].real > 0);
        // A GPU whose bandwidth is unknown (detected, not in the catalog): the verdicts stand,
        // the speeds are "–" (never 0 tok/s), and the machine's line says why.
        o.hardware->hardware.gpu.bandwidth_gb_s = 0;
        const ComparisonTable u =
            buildComparisonTable({{"Llama 3 8B", testsupport::bundledPreset("llama-3-8b")}}, o);
        QCOMPARE(u.row("hardware.runs")->cells[0].text, std::string("✓ fits"));
        QCOMPARE(u.row("hardware.decode")->cells[0].text, std::string("–"));
        const std::string summary = hardwareSummary(*o.hardware);
        QVERIFY2(summary.find("bandwidth unknown, so no speeds") != std::string::npos,
                 summary.c_str());
        QCOMPARE(runSpeedText(std::nullopt), std::string("–"));
        QCOMPARE(runSpeedText(1490.4), std::string("1,490"));
        QCOMPARE(runSpeedText(37.74), std::string("37.7"));
        // Without a machine, no such rows.
        QVERIFY(buildComparisonTable({{"x", testsupport::bundledPreset("llama-3-8b")}})
                    .row("hardware.runs") == nullptr);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestTable)
#include "tst_table.moc"
