// llm-sizer-cli as a user runs it: the count and presets JSON contracts, the totals of every real
// HF config against its published count, and the exit codes and messages for bad command lines
// (2) and bad input (3).
#include "llmsizer/json/jsonio.h"
#include "support/cli_runner.h"
#include "support/test_main.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

using nlohmann::json;

namespace {

const std::string kReferenceConfigs = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs";
const std::string kExtraConfigs = std::string(LLMSIZER_TEST_DATA_DIR) + "/hf";

using Run = llmsizer::test::CliRun;

Run runCli(const QStringList& args)
{
    return llmsizer::test::runCliAt(QStringLiteral(LLMSIZER_CLI_PATH), args);
}

json parse(const QByteArray& text)
{
    return json::parse(text.toStdString());
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    // Every real config with a published count: `count --config FILE --json` prints it.
    void countJson_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<quint64>("expected");
        for (const std::string& dir : {kReferenceConfigs, kExtraConfigs}) {
            for (const json& e : llmsizer::readJsonFile(dir + "/index.json")) {
                if (e.at("num_parameters").is_null()) {
                    continue;
                }
                const std::string file =
                    dir + "/" + e.at("dir").get<std::string>() + "/config.json";
                QTest::newRow(e.at("name").get<std::string>().c_str())
                    << QString::fromStdString(file) << e.at("num_parameters").get<quint64>();
            }
        }
    }
    void countJson()
    {
        QFETCH(QString, file);
        QFETCH(quint64, expected);
        const Run r = runCli(
            {QStringLiteral("count"), QStringLiteral("--config"), file, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const json j = parse(r.out);
        QVERIFY(j.at("name").is_string());
        QVERIFY(j.at("total_params").is_number_unsigned());
        QCOMPARE(j.at("total_params").get<quint64>(), expected);
        QVERIFY(j.at("active_params").is_number_unsigned());
        QVERIFY(j.at("active_params").get<quint64>() <= expected);

        const json& comps = j.at("components");
        const bool moe = comps.contains("router");
        QCOMPARE(moe, j.at("config").at("moe").at("n_routed_experts").get<quint64>() > 0);
        QCOMPARE(j.at("active_params").get<quint64>() == expected, !moe);
        quint64 sum = 0;
        for (const char* key :
             {"embedding", "position_embedding", "attention", "mlp", "norms", "lm_head"}) {
            QVERIFY2(comps.at(key).is_number_unsigned(), key);
        }
        for (const auto& [key, value] : comps.items()) {
            QVERIFY(value.is_number_unsigned());
            sum += value.get<quint64>();
            // Each component's parts add up to it.
            quint64 parts = 0;
            for (const auto& [part, n] : j.at("parts").at(key).items()) {
                QVERIFY2(n.is_number_unsigned(), part.c_str());
                parts += n.get<quint64>();
            }
            QCOMPARE(parts, value.get<quint64>());
        }
        QCOMPARE(sum, expected);
        QVERIFY(j.at("approx_12Ld2").is_number_unsigned());
        QVERIFY(j.at("approx_12Ld2_relative_error").is_number());
        QVERIFY(j.at("textbook_estimate").is_number_unsigned());
        QVERIFY(j.at("config").is_object());
        QVERIFY(j.at("guesses").is_array());
    }

    void countTable()
    {
        // The readable table: exact counts with thousands separators. GPT-2 small's published
        // 124,439,808 (hf-configs/index.json) and its 1024·768 = 786,432 learned positions.
        const Run r =
            runCli({QStringLiteral("count"), QStringLiteral("--config"),
                    QString::fromStdString(kReferenceConfigs + "/gpt-2-small/config.json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("124,439,808"));
        QVERIFY(r.out.contains("786,432"));
        QVERIFY(r.out.contains("Total"));
        QVERIFY(r.out.contains("12*L*d^2"));
    }

    // A vision-language model: the tower and projector are components, the language model is
    // given beside the whole, the scope says everything is counted, and the tied head carries
    // its note. Gemma 3 27B (hf-configs-2026/index.json): 27,432,406,640 whole, 27,009,346,304
    // language model; tied head V·d = 262,208·5,376 = 1,409,630,208.
    void countMultimodal()
    {
        const QString file = QString::fromStdString(std::string(LLMSIZER_TEST_REFERENCE_DIR) +
                                                    "/hf-configs-2026/gemma-3-27b-it/config.json");
        const Run r = runCli(
            {QStringLiteral("count"), QStringLiteral("--config"), file, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const json j = parse(r.out);
        QCOMPARE(j.at("total_params").get<quint64>(), quint64(27432406640));
        QCOMPARE(j.at("language_model_params").get<quint64>(), quint64(27009346304));
        QCOMPARE(j.at("scope").get<std::string>(), std::string("whole model"));
        QCOMPARE(j.at("components").at("vision_tower").get<quint64>(), quint64(416866032));
        QCOMPARE(j.at("components").at("projector").get<quint64>(), quint64(6194304));
        QCOMPARE(j.at("tied_head_stored_again_params").get<quint64>(), quint64(1409630208));

        const Run t = runCli({QStringLiteral("count"), QStringLiteral("--config"), file});
        QCOMPARE(t.exitCode, 0);
        QVERIFY(t.out.contains("Vision tower"));
        QVERIFY(t.out.contains("Projector"));
        QVERIFY(t.out.contains("Language model"));
        QVERIFY(t.out.contains("27,009,346,304"));
        QVERIFY(t.out.contains("Scope: whole model"));
        QVERIFY(t.out.contains("the checkpoint may store the head again: +V*d = 1,409,630,208"));

        // A vision tower that cannot be counted: the scope says so, in the table and the JSON.
        json cfg = llmsizer::readJsonFile(file.toStdString());
        cfg["vision_config"]["model_type"] = "unknown_tower";
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString odd = dir.filePath(QStringLiteral("odd.json"));
        std::ofstream(odd.toStdString()) << cfg.dump();
        const Run o = runCli(
            {QStringLiteral("count"), QStringLiteral("--config"), odd, QStringLiteral("--json")});
        QCOMPARE(o.exitCode, 0);
        const std::string scope = parse(o.out).at("scope").get<std::string>();
        QVERIFY2(scope.rfind("language model only; not counted: the vision tower", 0) == 0,
                 scope.c_str());
        QCOMPARE(parse(o.out).at("total_params").get<quint64>(), quint64(27009346304));
        const Run ot = runCli({QStringLiteral("count"), QStringLiteral("--config"), odd});
        QVERIFY(ot.out.contains("Scope: language model only; not counted: the vision tower"));
    }

    // A model type the tool does not know: counted as a standard decoder, exit 0, labelled in
    // the table and the JSON ("scope": "estimate", the label, the assumptions). By hand: a
    // Llama 3 8B's sizes (8,030,261,248) under the name "acme_lm".
    void countUnknownTypeIsAnEstimate()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(QStringLiteral("acme.json"));
        std::ofstream(file.toStdString())
            << R"({"model_type": "acme_lm", "hidden_size": 4096, "intermediate_size": 14336,
                  "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
                  "vocab_size": 128256, "tie_word_embeddings": false})";
        const Run r = runCli(
            {QStringLiteral("count"), QStringLiteral("--config"), file, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const json j = parse(r.out);
        QCOMPARE(j.at("scope").get<std::string>(), std::string("estimate"));
        QCOMPARE(j.at("total_params").get<quint64>(), quint64(8030261248));
        QCOMPARE(j.at("estimate").get<std::string>(),
                 std::string("Estimate: model type 'acme_lm' is not known; counted as a standard "
                             "decoder from its size fields"));
        QVERIFY(!j.at("assumptions").empty());
        const Run t = runCli({QStringLiteral("count"), QStringLiteral("--config"), file});
        QCOMPARE(t.exitCode, 0);
        QVERIFY(t.out.contains("Estimate: model type 'acme_lm' is not known"));
        QVERIFY(t.out.contains("Scope: estimate"));
    }

    // What the checkpoint stores beyond the model, on its own line and in checkpoint_extras:
    // GLM-5's MTP layer without copies of the embedding and head (753,864,139,008 published for
    // the checkpoint less the model's 743,911,218,432).
    void countCheckpointExtras()
    {
        const QString file = QString::fromStdString(std::string(LLMSIZER_TEST_REFERENCE_DIR) +
                                                    "/hf-configs-2026/glm-5/config.json");
        const Run r = runCli(
            {QStringLiteral("count"), QStringLiteral("--config"), file, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const json extras = parse(r.out).at("checkpoint_extras");
        QCOMPARE(extras.size(), std::size_t(1));
        QCOMPARE(extras[0].at("params").get<quint64>(), quint64(753864139008 - 743911218432));
        const Run t = runCli({QStringLiteral("count"), QStringLiteral("--config"), file});
        QVERIFY(t.out.contains("in the checkpoint, not in the model: +9,952,920,576 (1 MTP layer, "
                               "sharing the model's embedding and head)"));
    }

    void presetsAndCountPreset()
    {
        const Run list = runCli({QStringLiteral("presets"), QStringLiteral("--json")});
        QCOMPARE(list.exitCode, 0);
        const json presets = parse(list.out);
        QVERIFY(presets.is_array());
        for (const json& p : presets) {
            QVERIFY(p.at("id").is_string());
            QVERIFY(p.at("name").is_string());
            QVERIFY(p.at("family").is_string());
            QVERIFY(p.at("total_params").is_number_unsigned());
            QVERIFY(p.at("published_total").is_number_unsigned());
            QVERIFY(p.at("exact").is_boolean());
        }
        if (presets.empty()) {
            QSKIP("no presets bundled yet");
        }
        // count --preset ID agrees with the list.
        const json& first = presets.front();
        const Run one = runCli({QStringLiteral("count"), QStringLiteral("--preset"),
                                QString::fromStdString(first.at("id").get<std::string>()),
                                QStringLiteral("--json")});
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(parse(one.out).at("total_params").get<quint64>(),
                 first.at("total_params").get<quint64>());
    }

    void helpPerCommand_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("option"); // one the command's help must list
        QTest::newRow("count") << "count"
                               << "--config <FILE>";
        QTest::newRow("presets") << "presets"
                                 << "--json";
        QTest::newRow("memory") << "memory"
                                << "--kv-precision <P>";
        QTest::newRow("train") << "train"
                               << "--zero <N>";
        QTest::newRow("compute") << "compute"
                                 << "--tokens";
        QTest::newRow("fit") << "fit"
                             << "--gpu <ID>";
        QTest::newRow("runs") << "runs"
                              << "--ram <SIZE>";
        QTest::newRow("gpus") << "gpus"
                              << "--json";
        QTest::newRow("inspect") << "inspect"
                                 << "--tensors";
    }
    void helpPerCommand()
    {
        QFETCH(QString, command);
        QFETCH(QString, option);
        for (const QString& flag : {QStringLiteral("--help"), QStringLiteral("-h")}) {
            const Run r = runCli({command, flag});
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(r.err, QByteArray());
            const QString out = QString::fromUtf8(r.out);
            QVERIFY2(out.startsWith(QStringLiteral("Usage: llm-sizer-cli ") + command),
                     qPrintable(out.left(80)));
            QVERIFY2(out.contains(option), qPrintable(out));
        }
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("firstLine");
        const QString cfg = QString::fromStdString(kReferenceConfigs + "/gpt-2-small/config.json");
        QTest::newRow("no model option")
            << QStringList{QStringLiteral("count")}
            << "error: give exactly one of --preset ID or --config FILE";
        QTest::newRow("both options")
            << QStringList{QStringLiteral("count"), QStringLiteral("--preset"),
                           QStringLiteral("gpt-2-small"), QStringLiteral("--config"), cfg}
            << "error: give exactly one of --preset ID or --config FILE";
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("count"), QStringLiteral("--bogus")}
            << "error: Unknown option 'bogus'.";
        QTest::newRow("unknown preset")
            << QStringList{QStringLiteral("count"), QStringLiteral("--preset"),
                           QStringLiteral("no-such-model")}
            << "error: unknown preset 'no-such-model' (see 'llm-sizer-cli presets')";
        QTest::newRow("stray argument")
            << QStringList{QStringLiteral("presets"), QStringLiteral("extra")}
            << "error: unexpected argument 'extra'";
        QTest::newRow("presets unknown option")
            << QStringList{QStringLiteral("presets"), QStringLiteral("--config"), cfg}
            << "error: Unknown option 'config'.";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, firstLine);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(QString::fromUtf8(r.err).split(QLatin1Char('\n')).front(), firstLine);
    }

    void inputErrors()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&dir](const char* name, const char* text) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            std::ofstream(path.toStdString()) << text;
            return path;
        };
        auto check = [](const QString& file, const QString& expected) {
            const Run r = runCli({QStringLiteral("count"), QStringLiteral("--config"), file});
            QCOMPARE(r.exitCode, 3);
            QVERIFY(r.out.isEmpty());
            QCOMPARE(QString::fromUtf8(r.err), expected);
        };
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        check(missing, QStringLiteral("error: ") + missing + QStringLiteral(": no such file\n"));
        const QString unsupported = write("u.json", R"({"model_type": "xyz"})");
        check(unsupported,
              QStringLiteral("error: ") + unsupported +
                  QStringLiteral(": model_type: model type 'xyz' is not known, and counting it "
                                 "as a standard decoder needs its size fields; missing: "
                                 "hidden_size, num_hidden_layers, num_attention_heads, "
                                 "vocab_size, intermediate_size\n"));
        const QString noWidth =
            write("w.json", R"({"model_type": "llama", "num_hidden_layers": 2})");
        check(noWidth,
              QStringLiteral("error: ") + noWidth + QStringLiteral(": hidden_size: is required\n"));

        // Bad JSON: the parser's position is part of the message.
        const QString bad = write("bad.json", "{\"model_type\": ");
        const Run r = runCli({QStringLiteral("count"), QStringLiteral("--config"), bad});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(QString::fromUtf8(r.err).startsWith(QStringLiteral("error: ") + bad +
                                                    QStringLiteral(": not valid JSON (")));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
