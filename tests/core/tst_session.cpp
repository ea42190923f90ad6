// Session files: round trips, and bad files rejected with the exact message naming the file and
// the JSON path.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/session.h"
#include "llmsizer/text/error.h"
#include "support/model_configs.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace llmsizer;
using namespace testsupport::configs;
using nlohmann::json;

namespace {

Session sample()
{
    Session s;
    s.current = {"Llama 3 70B", "llama-3-70b", llama3_70b()};
    ModelConfig mixtral = llama3_70b();
    mixtral.d_model = 4096;
    mixtral.n_layers = 32;
    mixtral.n_heads = 32;
    mixtral.vocab_size = 32000;
    mixtral.d_ff = 0;
    mixtral.ffn_rule = {1024, 1.3};
    mixtral.moe.n_routed_experts = 8;
    mixtral.moe.experts_per_token = 2;
    mixtral.moe.expert_d_ff = 14336;
    mixtral.sliding_window = 4096;
    ModelConfig gemma = llama3_70b();
    gemma.d_model = 3072;
    gemma.n_heads = 16;
    gemma.n_kv_heads = 16;
    gemma.head_dim = 256;
    gemma.tied_head = true;
    s.comparison = {{"GPT-2 small", "gpt-2-small", gpt2Small()},
                    {"Mixtral-like, \"edited\"", "", mixtral},
                    {"Gemma-like", "", gemma}};
    s.workload = {8192, 4};
    // Every display option away from its default.
    s.display.units = ByteUnits::Binary;
    s.display.training = true;
    s.display.textbook = true;
    s.display.weight_precision = "q4_k_m";
    s.display.kv_precision = "q8_0";
    s.display.overhead = "vllm";
    s.display.extra_precisions = {"q4_k_m", "q8_0"};
    s.display.gpus = {"h100-sxm-80gb:8", "rtx-4090-24gb"};
    s.display.tokens_per_param = 25;
    s.baseline = SessionModel{"GPT-2 small", "gpt-2-small", gpt2Small()};
    return s;
}

// The sample as JSON, for breaking one field at a time.
json sampleJson()
{
    return json::parse(saveSession(sample()));
}

QString errorOf(const json& j, const GpuCatalog* catalog = nullptr)
{
    try {
        parseSession(j.dump(), "s.json", catalog);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("(no error)");
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void roundTrip()
    {
        const Session s = sample();
        const std::string text = saveSession(s);
        const Session back = parseSession(text, "s.json");
        QVERIFY(back == s);
        QCOMPARE(saveSession(back), text);
        // The format and version come first, for a reader opening the file.
        QVERIFY(QString::fromStdString(text).startsWith(
            QStringLiteral("{\n  \"format\": \"llm-sizer-session\",\n  \"version\": 4,\n")));
        // The pinned baseline is kept (version 3), and a session without one has none.
        QVERIFY(back.baseline.has_value());
        QCOMPARE(back.baseline->config.d_model, std::uint64_t{768});
        Session none = s;
        none.baseline.reset();
        QVERIFY(!parseSession(saveSession(none), "s.json").baseline.has_value());
        QVERIFY(saveSession(none).find("baseline") == std::string::npos);
        QVERIFY(sessionToJson(s).at("comparison").at(1).count("preset") == 0);
    }

    void fileRoundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path file = dir.filePath(QStringLiteral("class.json")).toStdString();
        saveSessionFile(file, sample());
        const GpuCatalog catalog = GpuCatalog::loadBuiltin();
        QVERIFY(loadSession(file, &catalog) == sample());
        // Overwriting leaves one complete file.
        Session other = sample();
        other.comparison.clear();
        saveSessionFile(file, other);
        QVERIFY(loadSession(file) == other);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), qsizetype(1));
    }

    void defaultsAndCanonicalIds()
    {
        // Only the required keys: workload, display and comparison take their defaults.
        json j = sampleJson();
        j.erase("workload");
        j.erase("display");
        j.erase("comparison");
        const Session s = parseSession(j.dump(), "s.json");
        QVERIFY(s.workload == SessionWorkload{});
        QVERIFY(s.display == DisplayOptions{});
        QVERIFY(s.comparison.empty());
        // Precision aliases are stored under their canonical ids.
        j["display"] = {{"precision", "F16"}, {"kv_precision", "f32"}};
        const Session t = parseSession(j.dump(), "s.json");
        QCOMPARE(QString::fromStdString(t.display.weight_precision), QStringLiteral("fp16"));
        QCOMPARE(QString::fromStdString(t.display.kv_precision), QStringLiteral("fp32"));
    }

    // Every field of DisplayOptions is saved, in one "display" object (version 4), and read back.
    void everyDisplayOptionRoundTrips()
    {
        const Session s = sample();
        const json d = sessionToJson(s).at("display");
        QCOMPARE(d.size(), std::size_t(9)); // DisplayOptions' nine fields
        QCOMPARE(d.at("units").get<std::string>(), std::string("GiB"));
        QCOMPARE(d.at("mode").get<std::string>(), std::string("training"));
        QCOMPARE(d.at("numbers").get<std::string>(), std::string("textbook"));
        QCOMPARE(d.at("precision").get<std::string>(), std::string("q4_k_m"));
        QCOMPARE(d.at("kv_precision").get<std::string>(), std::string("q8_0"));
        QCOMPARE(d.at("overhead").get<std::string>(), std::string("vllm"));
        QVERIFY(d.at("extra_precisions") == json::array({"q4_k_m", "q8_0"}));
        QVERIFY(d.at("gpus") == json::parse(R"([{"id": "h100-sxm-80gb", "count": 8},
                                                 {"id": "rtx-4090-24gb", "count": 1}])"));
        QCOMPARE(d.at("tokens_per_param").get<std::uint64_t>(), std::uint64_t{25});
        const Session back = parseSession(saveSession(s), "s.json");
        QVERIFY(back.display == s.display);
        QCOMPARE(back.version, kSessionVersion);
        // A GPU line and its entry.
        QVERIFY(sessionGpu("h100-sxm-80gb:8") == (SessionGpu{"h100-sxm-80gb", 8}));
        QVERIFY(sessionGpu("rtx-4090-24gb") == (SessionGpu{"rtx-4090-24gb", 1}));
        QCOMPARE(gpuLine({"h100-sxm-80gb", 8}), std::string("h100-sxm-80gb:8"));
    }

    // A version 3 file (the display options at the top and in the workload) still opens: its
    // GPUs, units, mode, precisions and overhead profile become the display options; it holds no
    // GGUF extras and no tokens per parameter.
    void versionThreeStillOpens()
    {
        const std::string v3 =
            R"({
  "format": "llm-sizer-session",
  "version": 3,
  "current": {"name": "GPT-2 small", "preset": "gpt-2-small",
              "architecture": )" +
            sessionToJson(sample()).at("comparison").at(0).at("architecture").dump() +
            R"(},
  "gpus": [{"id": "h100-sxm-80gb", "count": 8}, {"id": "rtx-4090-24gb", "count": 1}],
  "workload": {"mode": "training", "context": 2048, "batch": 2, "precision": "int8",
               "kv_precision": "q4_0", "overhead": "llama.cpp"},
  "units": "GiB"
})";
        const Session s = parseSession(v3, "v3.json");
        QCOMPARE(s.version, std::uint64_t{3});
        QCOMPARE(s.workload.context, std::uint64_t{2048});
        QCOMPARE(s.workload.batch, std::uint64_t{2});
        QVERIFY(s.display.training);
        QCOMPARE(s.display.weight_precision, std::string("int8"));
        QCOMPARE(s.display.kv_precision, std::string("q4_0"));
        QCOMPARE(s.display.overhead, std::string("llama.cpp"));
        QCOMPARE(s.display.units, ByteUnits::Binary);
        QVERIFY((s.display.gpus == std::vector<std::string>{"h100-sxm-80gb:8", "rtx-4090-24gb"}));
        QVERIFY(s.display.extra_precisions.empty());
        QCOMPARE(s.display.tokens_per_param, kChinchillaTokensPerParam);
        // Version 3 had no "display" object; version 4 has no top-level "gpus".
        json bad = json::parse(v3);
        bad["display"] = json::object();
        QCOMPARE(errorOf(bad), QStringLiteral("s.json: display: unknown key"));
        json gpusAtTop = sampleJson();
        gpusAtTop["gpus"] = json::array();
        QCOMPARE(errorOf(gpusAtTop), QStringLiteral("s.json: gpus: unknown key"));
    }

    // A version 1 file (written before the overhead profile was saved) still opens: its
    // workload has no "overhead" key (the default profile is used), and a missing weight
    // precision means BF16, version 1's documented default.
    void versionOneStillOpens()
    {
        const std::string v1 =
            R"({
  "format": "llm-sizer-session",
  "version": 1,
  "current": {"name": "GPT-2 small", "preset": "gpt-2-small",
              "architecture": )" +
            sessionToJson(sample()).at("comparison").at(0).at("architecture").dump() +
            R"(},
  "workload": {"mode": "inference", "context": 1024, "batch": 2, "kv_precision": "fp8"},
  "units": "GB"
})";
        const Session s = parseSession(v1, "old.json");
        QCOMPARE(s.current.name, std::string("GPT-2 small"));
        QCOMPARE(s.workload.context, std::uint64_t{1024});
        QCOMPARE(s.workload.batch, std::uint64_t{2});
        QCOMPARE(QString::fromStdString(s.display.kv_precision), QStringLiteral("fp8"));
        QCOMPARE(QString::fromStdString(s.display.weight_precision), QStringLiteral("bf16"));
        QCOMPARE(QString::fromStdString(s.display.overhead),
                 QString::fromStdString(DisplayOptions{}.overhead));
        // Saving writes the current version.
        QVERIFY(saveSession(s).find("\"version\": 4") != std::string::npos);
        // Version 1 did not know the overhead key.
        json bad = json::parse(v1);
        bad["workload"]["overhead"] = "vllm";
        QCOMPARE(errorOf(bad), QStringLiteral("s.json: workload.overhead: unknown key"));
    }

    void badSessions_data()
    {
        QTest::addColumn<QString>("pointer"); // JSON pointer of the field to replace ("" = none)
        QTest::addColumn<QString>("value");   // JSON text of the new value ("" = remove)
        QTest::addColumn<QString>("message");
        QTest::newRow("future version")
            << QStringLiteral("/version") << QStringLiteral("5")
            << QStringLiteral("s.json: version: unsupported session version 5 (this build reads "
                              "versions 1 to 4)");
        QTest::newRow("version 0")
            << QStringLiteral("/version") << QStringLiteral("0")
            << QStringLiteral("s.json: version: unsupported session version 0 (this build reads "
                              "versions 1 to 4)");
        // Versions 1 to 3 had no "display" object (and version 2 no baseline, which comes after).
        QTest::newRow("display in version 3") << QStringLiteral("/version") << QStringLiteral("3")
                                              << QStringLiteral("s.json: display: unknown key");
        QTest::newRow("mode in the version 4 workload")
            << QStringLiteral("/workload/mode") << QStringLiteral("\"training\"")
            << QStringLiteral("s.json: workload.mode: unknown key");
        QTest::newRow("bad baseline")
            << QStringLiteral("/baseline/architecture/n_layers") << QStringLiteral("0")
            << QStringLiteral(
                   "s.json: baseline.architecture.n_layers: must be between 1 and 100,000 "
                   "(got 0)");
        QTest::newRow("unknown overhead profile")
            << QStringLiteral("/display/overhead") << QStringLiteral("\"tgi\"")
            << QStringLiteral("s.json: display.overhead: unknown overhead profile 'tgi' (known: "
                              "none, llama.cpp, vllm, transformers, tm101)");
        QTest::newRow("unknown GGUF extra")
            << QStringLiteral("/display/extra_precisions/1") << QStringLiteral("\"q3_z\"")
            << QStringLiteral("s.json: display.extra_precisions[1]: unknown GGUF file type 'q3_z'");
        QTest::newRow("tokens per parameter 0")
            << QStringLiteral("/display/tokens_per_param") << QStringLiteral("0")
            << QStringLiteral("s.json: display.tokens_per_param: must be between 1 and 100,000 "
                              "(got 0)");
        QTest::newRow("not a session")
            << QStringLiteral("/format") << QString()
            << QStringLiteral("s.json: format: must be \"llm-sizer-session\" (this is not a "
                              "session file)");
        QTest::newRow("version as text")
            << QStringLiteral("/version") << QStringLiteral("\"1\"")
            << QStringLiteral("s.json: version: must be a non-negative integer (got \"1\")");
        // d_model 3072 = 2^10·3 is not a multiple of 80 heads (the third comparison entry,
        // head_dim removed so that it is derived; its 16 KV heads still divide 80).
        QTest::newRow("heads do not divide d_model")
            << QStringLiteral("/comparison/2/architecture/n_heads") << QStringLiteral("80")
            << QStringLiteral("s.json: comparison[2].architecture.n_heads: must divide d_model "
                              "when head_dim is not given (3,072 is not a multiple of 80)");
        QTest::newRow("unknown architecture key")
            << QStringLiteral("/comparison/0/architecture/d_modle") << QStringLiteral("768")
            << QStringLiteral("s.json: comparison[0].architecture.d_modle: unknown key");
        QTest::newRow("unknown top-level key")
            << QStringLiteral("/colour") << QStringLiteral("\"blue\"")
            << QStringLiteral("s.json: colour: unknown key");
        QTest::newRow("no current") << QStringLiteral("/current") << QString()
                                    << QStringLiteral("s.json: current: is required");
        QTest::newRow("empty name") << QStringLiteral("/current/name") << QStringLiteral("\"\"")
                                    << QStringLiteral("s.json: current.name: must not be empty");
        QTest::newRow("no architecture")
            << QStringLiteral("/comparison/1/architecture") << QString()
            << QStringLiteral("s.json: comparison[1].architecture: is required");
        QTest::newRow("comparison not an array")
            << QStringLiteral("/comparison") << QStringLiteral("{}")
            << QStringLiteral("s.json: comparison: must be an array");
        QTest::newRow("five compared")
            << QStringLiteral("/comparison/-") << QStringLiteral("\"copy\"")
            << QStringLiteral("s.json: comparison: holds at most 4 configurations (got 4)");
        QTest::newRow("zero GPUs")
            << QStringLiteral("/display/gpus/1/count") << QStringLiteral("0")
            << QStringLiteral(
                   "s.json: display.gpus[1].count: must be between 1 and 65,536 (got 0)");
        QTest::newRow("GPU without id")
            << QStringLiteral("/display/gpus/0/id") << QString()
            << QStringLiteral("s.json: display.gpus[0].id: is required");
        QTest::newRow("mode") << QStringLiteral("/display/mode") << QStringLiteral("\"serving\"")
                              << QStringLiteral("s.json: display.mode: must be \"inference\" or "
                                                "\"training\" (got \"serving\")");
        QTest::newRow("numbers") << QStringLiteral("/display/numbers")
                                 << QStringLiteral("\"by hand\"")
                                 << QStringLiteral("s.json: display.numbers: must be "
                                                   "\"realistic\" or \"textbook\" (got \"by "
                                                   "hand\")");
        QTest::newRow("context 0")
            << QStringLiteral("/workload/context") << QStringLiteral("0")
            << QStringLiteral("s.json: workload.context: must be between 1 and 67,108,864 (got 0)");
        QTest::newRow("units") << QStringLiteral("/display/units") << QStringLiteral("\"MB\"")
                               << QStringLiteral("s.json: display.units: must be \"GB\" or "
                                                 "\"GiB\" (got \"MB\")");
    }
    void badSessions()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, message);
        json j = sampleJson();
        j["comparison"][2]["architecture"].erase("head_dim");
        const json::json_pointer ptr(pointer.toStdString());
        if (value.isEmpty()) {
            j[ptr.parent_pointer()].erase(ptr.back());
        } else if (ptr.back() == "-") {
            // "five compared": the sample has three; append a fourth valid one and a fifth.
            j["comparison"].push_back(j["comparison"][0]);
            j["comparison"].push_back(j["comparison"][0]);
            message.replace(QStringLiteral("(got 4)"), QStringLiteral("(got 5)"));
        } else {
            j[ptr] = json::parse(value.toStdString());
        }
        QCOMPARE(errorOf(j), message);
    }

    void badPrecision()
    {
        json j = sampleJson();
        j["display"]["precision"] = "int3";
        QVERIFY(errorOf(j).startsWith(
            QStringLiteral("s.json: display.precision: unknown precision 'int3' (known: ")));
        j = sampleJson();
        j["display"]["kv_precision"] = "q2_k";
        QVERIFY(errorOf(j).startsWith(QStringLiteral(
            "s.json: display.kv_precision: unknown KV cache precision 'q2_k' (known: ")));
    }

    void unknownGpuWithCatalog()
    {
        const GpuCatalog catalog = GpuCatalog::loadBuiltin();
        json j = sampleJson();
        j["display"]["gpus"][1]["id"] = "h900-imaginary";
        QCOMPARE(errorOf(j, &catalog),
                 QStringLiteral("s.json: display.gpus[1].id: unknown GPU 'h900-imaginary'"));
        QCOMPARE(errorOf(j), QStringLiteral("(no error)")); // no catalog: any id
    }

    void notJson()
    {
        try {
            parseSession("{\"format\": ", "s.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("s.json"));
            QVERIFY(
                QString::fromStdString(e.message()).startsWith(QStringLiteral("not valid JSON")));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, loadSession("/nonexistent/session.json"));
    }

    // A caller adopts the parsed session only on success: a bad file leaves it as it was.
    void badFileNeverHalfApplies()
    {
        Session current = sample();
        json j = sampleJson();
        j["current"]["name"] = "Changed";
        j["display"]["gpus"][0]["count"] = 0; // invalid, after a valid change earlier in the file
        try {
            current = parseSession(j.dump(), "s.json");
            QFAIL("no error");
        } catch (const InputError&) {
        }
        QVERIFY(current == sample());
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
