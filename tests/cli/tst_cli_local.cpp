// `system`, `local` and `runs --detect / --local` as a user runs them, on fake machine roots
// (--sysroot, with the root's own nvidia-smi) and model stores built in a temporary home
// (--home). The expected JSON and lines are worked out by hand from the fixtures' files.
#include "llmsizer/json/jsonio.h"
#include "support/cli_runner.h"
#include "support/fake_machine.h"
#include "support/model_stores.h"
#include "support/test_main.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using nlohmann::json;
using testsupport::FakeMachine;

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

// 4090: 24,564 MiB as nvidia-smi reports it; 3090: 24,576 MiB.
constexpr std::uint64_t k4090 = 24564ull << 20; // 25,757,220,864
constexpr std::uint64_t k3090 = 24576ull << 20; // 25,769,803,776

json gpu(const char* name, const char* vendor, json pci, const char* bus, json memory, json shared,
         bool integrated, const char* source, json catalog, const char* match)
{
    return {{"name", name},
            {"vendor", vendor},
            {"pci_id", pci},
            {"bus_id", bus},
            {"memory_bytes", memory},
            {"shared_bytes", shared},
            {"integrated", integrated},
            {"source", source},
            {"catalog_id", catalog},
            {"match", match}};
}

json defaultMemory()
{
    // No SMBIOS entries: dual-channel DDR5-5600, 2 × 8 bytes × 5600 MT/s = 89.6 GB/s.
    return {{"measured", false},
            {"modules", 0},
            {"channels", 2},
            {"speed_mts", 5600},
            {"type", "DDR5"},
            {"bandwidth_gb_s", 89.6},
            {"source", "no SMBIOS memory devices under /sys/firmware/dmi/entries; default "
                       "dual-channel DDR5-5600"}};
}

} // namespace

class TestCliLocal : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString root(const char* name) const
    {
        return m_dir.path() + QLatin1Char('/') + QString::fromUtf8(name);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        testsupport::buildFakeMachine(root("rtx4090").toStdString(), FakeMachine::Rtx4090);
        testsupport::buildFakeMachine(root("mixed").toStdString(), FakeMachine::MixedNvidia);
        testsupport::buildFakeMachine(root("amd").toStdString(), FakeMachine::Rx7900Xtx);
        testsupport::buildFakeMachine(root("nogpu").toStdString(), FakeMachine::NoGpu);
        testsupport::buildTestStores(root("home").toStdString());
    }

    void systemJson_data()
    {
        QTest::addColumn<QString>("machine");
        QTest::addColumn<QString>("expected");
        json rtx;
        // 65,798,488 kB and 60,123,456 kB of /proc/meminfo, in KiB.
        rtx["ram_total_bytes"] = 67377651712ull;
        rtx["ram_available_bytes"] = 61566418944ull;
        rtx["cpu"] = {
            {"model", "AMD Ryzen 9 7950X 16-Core Processor"}, {"threads", 32}, {"cores", 16}};
        // Two 32 GiB DDR5 modules at a configured 6,000 MT/s in channels A and B:
        // 2 × 8 bytes × 6000 MT/s = 96 GB/s.
        rtx["memory"] = {{"measured", true},
                         {"modules", 2},
                         {"channels", 2},
                         {"speed_mts", 6000},
                         {"type", "DDR5"},
                         {"bandwidth_gb_s", 96.0},
                         {"source", "/sys/firmware/dmi/entries/17-*/raw: 2 modules (channels "
                                    "from the slot names)"}};
        // json::array: a braced list of one json is a copy of it, not an array of one, under g++.
        rtx["gpus"] = json::array(
            {gpu("NVIDIA GeForce RTX 4090", "NVIDIA", "10de:2684", "0000:01:00.0", k4090, nullptr,
                 false, "nvidia-smi", "rtx-4090-24gb", "name and memory (24.0 GiB of 24.0 GiB)")});
        rtx["notes"] = json::array();
        rtx["machine"] = {{"has_gpu", true},
                          {"gpu", "rtx-4090-24gb"},
                          {"gpu_name", "NVIDIA GeForce RTX 4090"},
                          {"gpu_custom", false},
                          {"gpus", 1},
                          {"gpu_memory_bytes", 24ull << 30},
                          {"ram_bytes", 61566418944ull},
                          {"ram_bandwidth_gb_s", 96.0},
                          {"cpu_only", false},
                          {"notes", json::array()}};
        QTest::newRow("one RTX 4090, 64 GiB") << "rtx4090" << QString::fromStdString(rtx.dump());

        json mixed;
        mixed["ram_total_bytes"] = 131841204ull * 1024;
        mixed["ram_available_bytes"] = 120000000ull * 1024;
        mixed["cpu"] = {
            {"model", "AMD Ryzen Threadripper 7960X 24-Cores"}, {"threads", 48}, {"cores", 24}};
        mixed["memory"] = defaultMemory();
        mixed["gpus"] = {
            gpu("NVIDIA GeForce RTX 4090", "NVIDIA", nullptr, "0000:01:00.0", k4090, nullptr, false,
                "nvidia-smi", "rtx-4090-24gb", "name and memory (24.0 GiB of 24.0 GiB)"),
            gpu("NVIDIA GeForce RTX 3090", "NVIDIA", nullptr, "0000:41:00.0", k3090, nullptr, false,
                "nvidia-smi", "rtx-3090-24gb", "name and memory (24.0 GiB of 24.0 GiB)")};
        mixed["notes"] = json::array();
        // Both hold 24 GiB: the two, each counted as the slower RTX 3090 (936 GB/s).
        mixed["machine"] = {
            {"has_gpu", true},
            {"gpu", "rtx-3090-24gb"},
            {"gpu_name", "NVIDIA GeForce RTX 3090"},
            {"gpu_custom", false},
            {"gpus", 2},
            {"gpu_memory_bytes", 24ull << 30},
            {"ram_bytes", 122880000000ull},
            {"ram_bandwidth_gb_s", 89.6},
            {"cpu_only", false},
            {"notes", json::array({"GPUs of different kinds: counted as 2 × NVIDIA GeForce "
                                   "RTX 3090 (24.0 GiB each, the lowest bandwidth among "
                                   "them)"})}};
        QTest::newRow("RTX 4090 and RTX 3090") << "mixed" << QString::fromStdString(mixed.dump());

        json amd;
        amd["ram_total_bytes"] = 33554432000ull;
        amd["ram_available_bytes"] = 28672000000ull;
        amd["cpu"] = {
            {"model", "13th Gen Intel(R) Core(TM) i7-13700K"}, {"threads", 16}, {"cores", 8}};
        amd["memory"] = defaultMemory();
        // amdgpu's mem_info_vram_total: 24 GiB less 16 MiB; its GTT 16,777,216,000 bytes. The
        // catalog holds the card (AMD's specifications: 24 GB GDDR6), matched by name and memory;
        // the machine takes the catalog's 24 GiB.
        amd["gpus"] = {gpu("Intel UHD Graphics 770", "Intel", "8086:a780", "0000:00:02.0", nullptr,
                           nullptr, true, "/sys/class/drm/card0/device", nullptr,
                           "integrated GPU (shares system memory): not in the catalog"),
                       gpu("AMD Radeon RX 7900 XTX 24GB", "AMD", "1002:744c", "0000:03:00.0",
                           25753026560ull, 16777216000ull, false, "/sys/class/drm/card1/device",
                           "rx-7900-xtx-24gb", "name and memory (24.0 GiB of 24.0 GiB)")};
        amd["notes"] = json::array();
        amd["machine"] = {
            {"has_gpu", true},
            {"gpu", "rx-7900-xtx-24gb"},
            {"gpu_name", "AMD Radeon RX 7900 XTX 24GB"},
            {"gpu_custom", false},
            {"gpus", 1},
            {"gpu_memory_bytes", 24ull << 30},
            {"ram_bytes", 28672000000ull},
            {"ram_bandwidth_gb_s", 89.6},
            {"cpu_only", false},
            {"notes", json::array({"Intel UHD Graphics 770: integrated (shares system memory); "
                                   "not counted as a GPU"})}};
        QTest::newRow("AMD RX 7900 XTX and an Intel iGPU")
            << "amd" << QString::fromStdString(amd.dump());

        json none;
        none["ram_total_bytes"] = 16303412ull * 1024;
        none["ram_available_bytes"] = 12000000ull * 1024;
        none["cpu"] = {{"model", "Intel(R) Xeon(R) Processor"}, {"threads", 4}, {"cores", 2}};
        none["memory"] = defaultMemory();
        none["gpus"] = json::array();
        none["notes"] = json::array();
        none["machine"] = {{"has_gpu", false},
                           {"gpu", nullptr},
                           {"gpu_name", nullptr},
                           {"gpu_custom", false},
                           {"gpus", 0},
                           {"gpu_memory_bytes", 0},
                           // A CPU-only machine's RAM is its size: MemTotal 16,303,412 KiB.
                           {"ram_bytes", 16694693888ull},
                           {"ram_bandwidth_gb_s", 89.6},
                           {"cpu_only", true},
                           {"notes", json::array({"no GPU: the CPU runs models in system RAM"})}};
        QTest::newRow("no GPU") << "nogpu" << QString::fromStdString(none.dump());
    }
    void systemJson()
    {
        QFETCH(QString, machine);
        QFETCH(QString, expected);
        json j = runJson(
            {QStringLiteral("system"), QStringLiteral("--sysroot"), root(qPrintable(machine))});
        QCOMPARE(QString::fromStdString(j.value("root", "")), root(qPrintable(machine)));
        j.erase("root");
        // The fake machines have no cpufreq: no peak, and the text says why (tst_system_cpu
        // counts peaks from clocks).
        const json peak = j.at("cpu").at("fp32_peak");
        QVERIFY(peak.at("gflops").is_null());
        QVERIFY(peak.at("text").get<std::string>().rfind("FP32 peak taken as 150 GFLOP/s a core",
                                                         0) == 0);
        j["cpu"].erase("fp32_peak");
        const json want = json::parse(expected.toStdString());
        if (j != want) {
            qWarning().noquote() << QString::fromStdString(json::diff(want, j).dump(1));
        }
        QVERIFY(j == want);
    }

    void runsDetectUsesTheMachine()
    {
        const json r = runJson({QStringLiteral("runs"), QStringLiteral("--sysroot"), root("mixed"),
                                QStringLiteral("--preset"), QStringLiteral("llama-3-70b")});
        QCOMPARE(r.at("gpu"), "rtx-3090-24gb");
        QCOMPARE(r.at("gpus"), 2);
        QCOMPARE(r.at("ram_bytes"), 122880000000ull);
        QCOMPARE(r.at("detected"), true);
        // --gpus and --ram still override the detected values.
        const json o =
            runJson({QStringLiteral("runs"), QStringLiteral("--detect"),
                     QStringLiteral("--sysroot"), root("rtx4090"), QStringLiteral("--gpus"),
                     QStringLiteral("2"), QStringLiteral("--ram"), QStringLiteral("32GB"),
                     QStringLiteral("--preset"), QStringLiteral("llama-3-8b")});
        QCOMPARE(o.at("gpu"), "rtx-4090-24gb");
        QCOMPARE(o.at("gpus"), 2);
        QCOMPARE(o.at("ram_bytes"), 32000000000ull);
        QCOMPARE(o.at("ram_bandwidth_gb_s"), 96.0);
        // No GPU: the CPU and its RAM (16,303,412 KiB, 90 % usable); Llama 3 8B at Q4_K_M
        // (about 5 GB) runs on it.
        const json cpu =
            runJson({QStringLiteral("runs"), QStringLiteral("--sysroot"), root("nogpu"),
                     QStringLiteral("--preset"), QStringLiteral("llama-3-8b")});
        QCOMPARE(cpu.at("gpu"), "detected-cpu");
        QCOMPARE(cpu.at("gpus"), 1);
        bool q4 = false;
        for (const json& row : cpu.at("rows")) {
            if (row.at("precision") == "q4_k_m") {
                q4 = row.at("verdict") == "fits";
            }
        }
        QVERIFY(q4);
        // Nothing to read (no RAM either): a usage error that says what to do.
        const QTemporaryDir empty;
        const QString nothing = empty.path();
        const Run none = runCli({QStringLiteral("runs"), QStringLiteral("--sysroot"), nothing});
        QCOMPARE(none.exitCode, 2);
        QCOMPARE(QString::fromUtf8(none.err).split(QLatin1Char('\n')).front(),
                 QStringLiteral("error: no GPU was detected under ") + nothing +
                     QStringLiteral(", nor the size of its RAM (/proc/meminfo) (llm-sizer-cli "
                                    "system says what was found); give --gpu ID (run "
                                    "'llm-sizer-cli gpus' to list the ids)"));
        const Run both = runCli({QStringLiteral("runs"), QStringLiteral("--gpu"),
                                 QStringLiteral("h100-sxm-80gb"), QStringLiteral("--detect")});
        QCOMPARE(both.exitCode, 2);
    }

    void localListing()
    {
        const Run r = runCli({QStringLiteral("local"), QStringLiteral("--home"), root("home")});
        QCOMPARE(r.exitCode, 0);
        QString out = QString::fromUtf8(r.out);
        out.replace(root("home"), QStringLiteral("HOME"));
        out.replace(QRegularExpression(QStringLiteral("[0-9a-f]{64}")), QStringLiteral("<sha>"));
        out.replace(QString::fromLatin1(testsupport::kHfCommit), QStringLiteral("<rev>"));
        // Disk sizes: the blobs' bytes, headers included, in GB (hand sums in the comments).
        const std::vector<std::string> expected = {
            "model                                       store     architecture         "
            "parameters  quant, bpw          disk GB   context",
            "broken:latest                               ollama    -                          "
            "   -  -                      0.00         -",
            "    HOME/.ollama/models/manifests/registry.ollama.ai/library/broken/latest",
            "    error: its model blob is missing (blobs/sha256-<sha>)",
            "    note: blobs/sha256-<sha> (model layer, 4,661,211,424 bytes) is missing",
            // 7,160,348,672 bytes of Q8_0 Llama-2-7B + a 9,609,216-byte projector.
            "llava:7b                                    ollama    llama             "
            "6,738,415,616  Q8_0 8.50              7.17     4,096",
            "    HOME/.ollama/models/manifests/registry.ollama.ai/library/llava/7b",
            "meta-llama/Llama-3.1-8B (2 copies)",
            "  llama3.1:8b                               ollama    llama             "
            "8,030,261,248  Q8_0 8.50              8.53     4,096",
            "    HOME/.ollama/models/manifests/registry.ollama.ai/library/llama3.1/8b",
            "  meta-llama/Llama-3.1-8B                   hf        llama             "
            "8,030,261,248  BF16 16.00            16.06   131,072",
            "    HOME/.cache/huggingface/hub/models--meta-llama--Llama-3.1-8B/snapshots/<rev> "
            "(revision <rev>)",
            // Shard 1 of 2: the embedding (131,072,000), 16 layers of 218,112,000 and the next
            // layer's input norm (4,096); on disk its 7,241,736,192 bytes and a third of shard 2's.
            "mistralai/Mistral-7B-v0.1                   hf        mistral           "
            "3,620,868,096  BF16 16.00             9.66    32,768",
            "    HOME/.cache/huggingface/hub/models--mistralai--Mistral-7B-v0.1/snapshots/<rev> "
            "(revision <rev>)",
            "    partial: <sha>.incomplete: a download that did not finish (2,413,909,333 bytes "
            "so far)",
            "    partial: model-00002-of-00002.safetensors: missing (not downloaded)",
            "Qwen/Qwen3-0.6B                             hf        -                          "
            "   -  -                      0.30         -",
            "    HOME/.cache/huggingface/hub/models--Qwen--Qwen3-0.6B/snapshots/<rev> (revision "
            "<rev>)",
            "    error: no weights downloaded yet: 1 download did not finish",
            "Tiny Llama (3 copies)",
            "  acme/Tiny-Llama-GGUF/tiny-llama-Q8_0      lmstudio  llama                   "
            "106,816  Q8_0 8.57              0.01     2,048",
            "    HOME/.lmstudio/models/acme/Tiny-Llama-GGUF/tiny-llama-Q8_0.gguf",
            "  acme_Tiny-Llama-GGUF_tiny-llama-Q8_0      llama.cpp llama                   "
            "106,816  Q8_0 8.57              0.00     2,048",
            "    HOME/.cache/llama.cpp/acme_Tiny-Llama-GGUF_tiny-llama-Q8_0.gguf",
            "  acme/Tiny-Llama                           lmstudio  llama                   "
            "106,816  BF16 16.00             0.00     2,048",
            "    HOME/.lmstudio/models/acme/Tiny-Llama",
            "6 models in 4 stores (55 entries looked at; headers only). GB = 10^9 bytes."};
        const QStringList lines = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(static_cast<std::size_t>(lines.size()), expected.size());
        for (int i = 0; i < lines.size(); ++i) {
            QCOMPARE(lines[i], QString::fromStdString(expected[static_cast<std::size_t>(i)]));
        }
    }

    void runsLocal()
    {
        const json r =
            runJson({QStringLiteral("runs"), QStringLiteral("--local"), QStringLiteral("--sysroot"),
                     root("rtx4090"), QStringLiteral("--home"), root("home")});
        std::map<std::string, json> rows;
        for (const json& row : r.at("rows")) {
            rows[row.at("copy").get<std::string>()] = row;
        }
        QCOMPARE(rows.size(), 9u);
        // Ollama at its params' num_ctx (16,384), cut to the file's trained 4,096.
        QCOMPARE(rows["llama3.1:8b"].at("runtime"), "Ollama");
        QCOMPARE(rows["llama3.1:8b"].at("context"), 4096);
        QCOMPARE(rows["llama3.1:8b"].at("verdict"), "fits");
        QCOMPARE(rows["llama3.1:8b"].at("weight_bytes"), 8532934656ull);
        // llava without num_ctx: Ollama's default for 24 GiB of VRAM (32,768), cut to 4,096.
        QCOMPARE(rows["llava:7b"].at("context_source"),
                 "Ollama's default for 24 GiB of VRAM, cut to the trained 4,096");
        // BF16 Llama-3.1-8B (16.06 GB) with vLLM: 131,072 tokens of KV do not fit in 24 GiB.
        QCOMPARE(rows["meta-llama/Llama-3.1-8B"].at("runtime"), "vLLM");
        QVERIFY(rows["meta-llama/Llama-3.1-8B"].at("context").get<std::uint64_t>() < 131072);
        QCOMPARE(rows["acme_Tiny-Llama-GGUF_tiny-llama-Q8_0"].at("runtime"), "llama.cpp");
        QCOMPARE(rows["broken:latest"].at("verdict"), nullptr);
        QCOMPARE(rows["broken:latest"].at("why"), "not readable");
        QCOMPARE(rows["Qwen/Qwen3-0.6B"].at("why"), "not readable");
        // The AMD card is the catalog's (960 GB/s): the rows that run get a speed.
        const json a =
            runJson({QStringLiteral("runs"), QStringLiteral("--local"), QStringLiteral("--sysroot"),
                     root("amd"), QStringLiteral("--home"), root("home")});
        QCOMPARE(a.at("gpu"), "rx-7900-xtx-24gb");
        bool anySpeed = false;
        for (const json& row : a.at("rows")) {
            anySpeed = anySpeed || row.at("decode_tokens_per_s").is_number();
        }
        QVERIFY(anySpeed);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCliLocal)
#include "tst_cli_local.moc"
