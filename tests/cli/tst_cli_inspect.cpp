// llm-sizer-cli inspect as a user runs it: the JSON contract on a sharded safetensors directory
// and a GGUF file, the plain summary with its per-component diff, and exit code 3 with
// "error: FILE: what is wrong" for bad files.
#include "support/cli_runner.h"
#include "support/gguf_models.h"
#include "support/model_tensors.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using nlohmann::json;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

using Run = llmsizer::test::CliRun;

Run runCli(const QStringList& args)
{
    return llmsizer::test::runCliAt(QStringLiteral(LLMSIZER_CLI_PATH), args);
}

QStringList inspect(const fs::path& p, bool asJson)
{
    QStringList args{QStringLiteral("inspect"), QString::fromStdString(p.string())};
    if (asJson) {
        args << QStringLiteral("--json");
    }
    return args;
}

} // namespace

class TestCliInspect : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    fs::path root() const { return fs::path(m_dir.path().toStdString()); }

private slots:
    void initTestCase()
    {
        // Llama-3.1-8B as two shards with an index and the model's config.json.
        const fs::path dir = root() / "llama";
        fs::create_directories(dir);
        const std::vector<StTensor> all = llamaTensors(llama31_8b());
        const std::vector<StTensor> a(all.begin(), all.begin() + 150);
        const std::vector<StTensor> b(all.begin() + 150, all.end());
        writeSafetensors((dir / "model-00001-of-00002.safetensors").string(), a);
        writeSafetensors((dir / "model-00002-of-00002.safetensors").string(), b);
        std::string map;
        for (std::size_t i = 0; i < all.size(); ++i) {
            map += (i ? "," : "") + ("\"" + all[i].name + "\":\"model-0000" +
                                     (i < 150 ? "1" : "2") + "-of-00002.safetensors\"");
        }
        std::ofstream(dir / "model.safetensors.index.json") << "{\"weight_map\":{" << map << "}}";
        fs::copy_file(fs::path(LLMSIZER_TEST_REFERENCE_DIR) / "hf-configs/llama-3.1-8b/config.json",
                      dir / "config.json");
        llama2Q4KM().write((root() / "llama-2-7b.Q4_K_M.gguf").string());
    }

    void safetensorsJson()
    {
        const Run r = runCli(inspect(root() / "llama", true));
        QCOMPARE(r.exitCode, 0);
        const json j = json::parse(r.out.toStdString());
        // 8,030,261,248 (tests/data/reference/hf-configs/index.json), BF16: 2 bytes each.
        QCOMPARE(j["total_params"].get<std::uint64_t>(), std::uint64_t(8'030'261'248ull));
        QCOMPARE(j["total_bytes"].get<std::uint64_t>(), std::uint64_t(16'060'522'496ull));
        QCOMPARE(j["format"].get<std::string>(), std::string("safetensors"));
        QCOMPARE(j["files"].size(), std::size_t(2));
        QCOMPARE(j["tensors"].size(), std::size_t(291));
        QCOMPARE(j["components"]["mlp"].get<std::uint64_t>(), std::uint64_t(5'637'144'576ull));
        QCOMPARE(j["unmapped"].size(), std::size_t(0));
        QCOMPARE(j["buffers"].size(), std::size_t(0));
        QCOMPARE(j["partial"].get<bool>(), false);
        QCOMPARE(j["estimate"]["total_params"].get<std::uint64_t>(),
                 std::uint64_t(8'030'261'248ull));
        for (const auto& [key, row] : j["estimate"]["diff"].items()) {
            QVERIFY2(row["difference"].get<std::int64_t>() == 0, key.c_str());
        }
        const json& t = j["tensors"][1];
        QCOMPARE(t["name"].get<std::string>(),
                 std::string("model.layers.0.input_layernorm.weight"));
        QCOMPARE(t["component"].get<std::string>(), std::string("norms"));
        QCOMPARE(t["file"].get<std::string>(), std::string("model-00001-of-00002.safetensors"));
    }

    void safetensorsPlain()
    {
        const Run r = runCli(inspect(root() / "llama", false));
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains(QStringLiteral("(safetensors, 2 files)")));
        QVERIFY(out.contains(
            QStringLiteral("The checkpoint matches the estimate in every component.")));
        QVERIFY(out.contains(
            QRegularExpression(QStringLiteral("Total +8,030,261,248 +8,030,261,248 +0\\n"))));
    }

    void ggufJson()
    {
        const Run r = runCli(inspect(root() / "llama-2-7b.Q4_K_M.gguf", true));
        QCOMPARE(r.exitCode, 0);
        const json j = json::parse(r.out.toStdString());
        // Hand calculation in tst_gguf: 4,080,263,168 bytes for 6,738,415,616 parameters.
        QCOMPARE(j["total_params"].get<std::uint64_t>(), std::uint64_t(6'738'415'616ull));
        QCOMPARE(j["total_bytes"].get<std::uint64_t>(), std::uint64_t(4'080'263'168ull));
        QCOMPARE(j["format"].get<std::string>(), std::string("gguf"));
        QVERIFY(std::abs(j["effective_bpw"].get<double>() - 4.84416) < 1e-4);
        QCOMPARE(j["metadata"]["general.architecture"].get<std::string>(), std::string("llama"));
        QCOMPARE(j["metadata"]["general.file_type"].get<std::uint64_t>(), std::uint64_t(15));
        QCOMPARE(j["tensors"][0]["dtype"].get<std::string>(), std::string("Q4_K"));
        QCOMPARE(j["tensors"][0]["shape"], json({4096, 32000}));
        QCOMPARE(j["estimate"]["diff"]["lm_head"]["difference"].get<std::int64_t>(), 0);
    }

    void differencesAreMarked()
    {
        // A Llama-2-7B checkpoint next to a config that ties the head.
        const fs::path dir = root() / "tied";
        fs::create_directories(dir);
        writeSafetensors((dir / "model.safetensors").string(), llamaTensors(llama2_7b()));
        std::ofstream(dir / "config.json")
            << R"({"model_type":"llama","hidden_size":4096,"intermediate_size":11008,)"
            << R"("num_hidden_layers":32,"num_attention_heads":32,"vocab_size":32000,)"
            << R"("tie_word_embeddings":true})";
        const Run r = runCli(inspect(dir, false));
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        // The head: 32000·4096 = 131,072,000 in the file, none in a tied estimate.
        QVERIFY(out.contains(QRegularExpression(
            QStringLiteral("LM head +131,072,000 +0 +\\+131,072,000  <- differs"))));
        QVERIFY(out.contains(
            QStringLiteral("The checkpoint differs from the estimate in the rows marked.")));
        QVERIFY(out.contains(QStringLiteral("Buffers (not parameters, left out of the total): 32 "
                                            "tensors, 2,048 values, 8,192 bytes")));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error"); // after "error: FILE: "
        QTest::newRow("header length past the end")
            << QStringLiteral("bad.safetensors") << QByteArray("\xe8\x03\0\0\0\0\0\0{}", 10)
            << QStringLiteral("header length 1,000 runs past the end of the file (the file is 10 "
                              "bytes)");
        QTest::newRow("GGUF with a bad magic")
            << QStringLiteral("bad.gguf") << QByteArray("GGML\3\0\0\0", 8)
            << QStringLiteral("not a GGUF file (it starts with \"GGML\", not \"GGUF\")");
    }
    void errors()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        const fs::path file = root() / name.toStdString();
        writeBytes(file.string(), bytes.toStdString());
        const Run r = runCli(inspect(file, false));
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(QString::fromUtf8(r.err), QStringLiteral("error: ") +
                                               QString::fromStdString(file.string()) +
                                               QStringLiteral(": ") + error + u'\n');
        QVERIFY(r.out.isEmpty());
    }

    // With --json an input error is also one JSON object on stdout, for every subcommand that
    // reads input; exit code 3 and the stderr line stay.
    void jsonErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        const QString missing = QString::fromStdString((root() / "missing.json").string());
        for (const char* cmd : {"count", "memory", "train", "compute"}) {
            QTest::newRow(cmd) << QStringList{QString::fromLatin1(cmd), QStringLiteral("--config"),
                                              missing, QStringLiteral("--json")}
                               << missing << QStringLiteral("no such file");
        }
        QTest::newRow("fit") << QStringList{QStringLiteral("fit"),
                                            QStringLiteral("--config"),
                                            missing,
                                            QStringLiteral("--gpu"),
                                            QStringLiteral("h100-sxm-80gb"),
                                            QStringLiteral("--json")}
                             << missing << QStringLiteral("no such file");
        const QString nothing = QString::fromStdString((root() / "nothing").string());
        QTest::newRow("inspect") << QStringList{QStringLiteral("inspect"), nothing,
                                                QStringLiteral("--json")}
                                 << nothing << QStringLiteral("no such file or directory");
    }
    void jsonErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, file);
        QFETCH(QString, message);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(QString::fromUtf8(r.err),
                 QStringLiteral("error: ") + file + QStringLiteral(": ") + message + u'\n');
        const json j = json::parse(r.out.toStdString());
        QCOMPARE(QString::fromStdString(j["error"]["file"].get<std::string>()), file);
        QCOMPARE(j["error"]["field"].get<std::string>(), std::string());
        QCOMPARE(QString::fromStdString(j["error"]["message"].get<std::string>()), message);
    }

    void usage()
    {
        const Run none = runCli({QStringLiteral("inspect")});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.startsWith("error: give exactly one FILE_OR_DIR"));
        const Run missing = runCli(inspect(root() / "nothing", false));
        QCOMPARE(missing.exitCode, 3);
        QCOMPARE(QString::fromUtf8(missing.err),
                 QStringLiteral("error: ") + QString::fromStdString((root() / "nothing").string()) +
                     QStringLiteral(": no such file or directory\n"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCliInspect)
#include "tst_cli_inspect.moc"
