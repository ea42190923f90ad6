// The compute, fit and gpus subcommands as a user runs them: their JSON keys (the CLI contract)
// and the exit codes for bad command lines (2) and bad files (3).
#include "llmsizer/json/jsonio.h"
#include "support/cli_runner.h"
#include "support/test_main.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

using nlohmann::json;

namespace {

using Run = llmsizer::test::CliRun;

Run runCli(const QStringList& args)
{
    return llmsizer::test::runCliAt(QStringLiteral(LLMSIZER_CLI_PATH), args);
}

json runJson(QStringList args)
{
    args << QStringLiteral("--json");
    const Run r = runCli(args);
    if (r.exitCode != 0) {
        qWarning() << r.err;
        return json();
    }
    return json::parse(r.out.toStdString());
}

QStringList words(const char* line)
{
    return QString::fromUtf8(line).split(QLatin1Char(' '));
}

} // namespace

class TestCliCompute : public QObject {
    Q_OBJECT
private slots:
    // Llama 3 405B on 15.6T tokens: 3.8e25 FLOPs (Llama 3 Herd of Models, abstract).
    void computeJson()
    {
        const json j =
            runJson(words("compute --preset llama-3.1-405b --tokens 15.6e12 --gpu h100-sxm-80gb "
                          "--gpus 16384 --mfu 0.4"));
        QVERIFY(j.is_object());
        for (const char* key : {"training_flops", "chinchilla_tokens", "flops_per_token",
                                "training_seconds", "attention_flop_share"}) {
            QVERIFY2(j.contains(key), key);
        }
        QVERIFY(std::abs(j.at("training_flops").get<double>() / 3.8e25 - 1.0) < 0.005);
        // T = 6ND / (G · peak · MFU) = 3.7988e25 / (16384 × 989.4e12 × 0.4) = 5.859e6 s.
        QVERIFY(std::abs(j.at("training_seconds").get<double>() / 5.8588e6 - 1.0) < 1e-3);
        QCOMPARE(j.at("chinchilla_tokens").get<double>(), std::round(405853388800.0 * 20));
        // Without --tokens, D is the Chinchilla count and no GPU means no time.
        const json k = runJson(words("compute --preset llama-2-7b"));
        QCOMPARE(k.at("tokens").get<double>(), k.at("chinchilla_tokens").get<double>());
        QVERIFY(!k.contains("training_seconds"));
    }

    void computeBudget()
    {
        const json j = runJson(words("compute --preset gpt-2-small --budget 1e24 --tokens 15e12"));
        const json& b = j.at("budget_search");
        QCOMPARE(b.at("ranking").get<std::string>(), std::string("efficiency"));
        QCOMPARE(b.at("candidates").size() + b.at("over_budget").get<std::size_t>(),
                 std::size_t(30));
    }

    void fitJson()
    {
        const json j = runJson(words("fit --preset llama-2-70b --gpu h100-sxm-80gb --gpus 1 "
                                     "--mode inference --precision fp16 --context 2048 --batch 1"));
        for (const char* key : {"fits", "headroom_bytes", "required_bytes", "capacity_bytes",
                                "gpus_needed", "reason"}) {
            QVERIFY2(j.contains(key), key);
        }
        QCOMPARE(j.at("fits").get<bool>(), false);
        QCOMPARE(j.at("gpus_needed").get<int>(), 2);
        QCOMPARE(j.at("capacity_bytes").get<std::uint64_t>(), std::uint64_t(80) << 30);
        QCOMPARE(j.at("headroom_bytes").get<std::int64_t>(),
                 std::int64_t(j.at("capacity_bytes").get<std::uint64_t>()) -
                     std::int64_t(j.at("required_bytes").get<std::uint64_t>()));
        QCOMPARE(j.at("deficit_bytes").get<std::uint64_t>(),
                 j.at("required_bytes").get<std::uint64_t>() -
                     j.at("capacity_bytes").get<std::uint64_t>());
        // Regression: a deficit beyond 2^63 was clamped to -(2^63 - 1) without a word. GPT-3
        // 175B at the largest context and batch (2^26 tokens, 65,536 sequences) needs an FP8 KV
        // cache of 2·96 layers·96 heads·128·1 byte·2^42 = 2,359,296·2^42 bytes alone, more than
        // 2^63 beyond one H100: headroom is null (no int64 holds it), deficit_bytes is exact.
        const json q = runJson(words("fit --preset gpt-3-175b --gpu h100-sxm-80gb --gpus 1 --mode "
                                     "inference --context 67108864 --batch 65536 --kv-precision "
                                     "fp8"));
        QVERIFY(q.at("headroom_bytes").is_null());
        const auto required = q.at("required_bytes").get<std::uint64_t>();
        QVERIFY(required > 2'359'296ull << 42);
        QCOMPARE(q.at("deficit_bytes").get<std::uint64_t>(), required - (80ull << 30));
        QVERIFY(q.at("deficit_bytes").get<std::uint64_t>() > (1ull << 63));
        const json t = runJson(words("fit --preset llama-2-7b --gpu h100-sxm-80gb --gpus 8 "
                                     "--mode training --zero 3 --recompute full"));
        QCOMPARE(t.at("fits").get<bool>(), true);
        QCOMPARE(t.at("deficit_bytes").get<std::uint64_t>(), std::uint64_t(0));
        QCOMPARE(t.at("headroom_bytes").get<std::uint64_t>(),
                 t.at("capacity_bytes").get<std::uint64_t>() -
                     t.at("required_bytes").get<std::uint64_t>());
        QCOMPARE(t.at("split").at("tensor_parallel").get<int>(), 8);
    }

    void gpusJson()
    {
        const json j = runJson(words("gpus"));
        QVERIFY(j.at("gpus").size() >= 25);
        QCOMPARE(j.at("gpus").at(0).at("memory_bytes").get<std::uint64_t>(),
                 std::uint64_t(85899345920ull));
        QVERIFY(!j.at("reference_groups").empty());
    }

    // The table's id and name columns: every id, however long ("rtx-4070-ti-super-16gb" is 22
    // characters), starts its line and is followed by at least two spaces, and every name
    // starts in the same column as the heading's "name".
    void gpusTableColumns()
    {
        const json j = runJson(words("gpus"));
        const Run r = runCli(words("gpus"));
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        const qsizetype nameColumn = lines.at(0).indexOf(QStringLiteral("name"));
        QVERIFY(nameColumn > 0);
        for (const json& g : j.at("gpus")) {
            const QString id = QString::fromStdString(g.at("id").get<std::string>());
            const QString name = QString::fromStdString(g.at("name").get<std::string>());
            const auto line = std::find_if(lines.begin(), lines.end(), [&](const QString& l) {
                return l.startsWith(id + QStringLiteral("  "));
            });
            QVERIFY2(line != lines.end(), qPrintable(id));
            QCOMPARE(line->indexOf(name), nameColumn);
        }
    }

    void errors_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown GPU") << "fit --preset llama-2-7b --gpu h100" << 2
                                     << "error: unknown GPU id 'h100' (run 'llm-sizer-cli gpus' "
                                        "to list the ids)";
        QTest::newRow("unknown GPU in compute")
            << "compute --preset llama-2-7b --gpu x1" << 2
            << "error: unknown GPU id 'x1' (run 'llm-sizer-cli gpus' to list the ids)";
        QTest::newRow("fit without GPU") << "fit --preset llama-2-7b" << 2
                                         << "error: --gpu ID is required (run 'llm-sizer-cli "
                                            "gpus' to list the ids)";
        QTest::newRow("bad mode") << "fit --preset llama-2-7b --gpu t4-16gb --mode serve" << 2
                                  << "error: --mode must be inference or training (got 'serve')";
        QTest::newRow("mfu without gpu") << "compute --preset llama-2-7b --mfu 0.5" << 2
                                         << "error: --gpus and --mfu need --gpu ID";
        QTest::newRow("mfu above 1") << "compute --preset llama-2-7b --gpu t4-16gb --mfu 1.5" << 2
                                     << "error: --mfu must be a number from 1e-06 to 1 (got '1.5')";
        QTest::newRow("unknown precision")
            << "fit --preset llama-2-7b --gpu t4-16gb --precision fp7" << 2
            << "error: --precision: unknown precision 'fp7'";
    }
    void errors()
    {
        QFETCH(QString, line);
        QFETCH(int, code);
        QFETCH(QString, message);
        const Run r = runCli(line.split(QLatin1Char(' ')));
        QCOMPARE(r.exitCode, code);
        QVERIFY2(QString::fromUtf8(r.err).startsWith(message), r.err.constData());
    }

    void badUserCatalog()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("mine.json"));
        std::ofstream(file.toStdString()) << R"({"gpus": [{"id": "t4-16gb", "name": "T4",
            "vendor": "NVIDIA", "memory_gib": 16, "bandwidth_gb_s": 320}]})";
        const Run r = runCli({QStringLiteral("gpus"), QStringLiteral("--user-gpus"), file});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(QString::fromUtf8(r.err).trimmed(),
                 QStringLiteral("error: ") + file +
                     QStringLiteral(": gpus[0].id: 't4-16gb' is a built-in GPU id; a user GPU "
                                    "needs an id of its own"));
        std::ofstream(file.toStdString()) << R"({"gpus": [{"id": "my-t4", "name": "My T4",
            "vendor": "NVIDIA", "memory_gib": 16, "bandwidth_gb_s": 320}]})";
        const Run ok = runCli({QStringLiteral("gpus"), QStringLiteral("--user-gpus"), file});
        QCOMPARE(ok.exitCode, 0);
        QVERIFY(ok.out.contains("my-t4 (user)"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCliCompute)
#include "tst_cli_compute.moc"
