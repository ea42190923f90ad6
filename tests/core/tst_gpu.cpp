// The GPU catalog: built-in entries, the user catalog and its error messages.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/gpu_choices.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <optional>
#include <set>

using namespace llmsizer;

namespace {

std::filesystem::path builtinPath()
{
    return std::filesystem::path(LLMSIZER_TEST_RESOURCES_DIR) / "gpus.json";
}

GpuCatalog builtin()
{
    return GpuCatalog::loadBuiltin(builtinPath());
}

void writeText(const std::filesystem::path& file, const std::string& text)
{
    std::ofstream(file, std::ios::binary) << text;
}

// A valid user entry with one field replaced (or removed when value is empty).
std::string userFile(const std::string& field, const std::string& value)
{
    nlohmann::json g = {{"id", "my-card"},  {"name", "My card"},      {"vendor", "NVIDIA"},
                        {"memory_gib", 24}, {"bandwidth_gb_s", 1000}, {"bf16_dense_tflops", 100.0}};
    if (value.empty()) {
        g.erase(field);
    } else {
        g[field] = nlohmann::json::parse(value);
    }
    return nlohmann::json{{"gpus", {g}}}.dump();
}

// A CPU-only device of 4.3 TFLOPS (24 cores × 5.3 GHz × 32 FP32 FLOP a clock, a Threadripper
// 7960X) with `cores`.
std::string cpuFile(const std::string& cores)
{
    nlohmann::json g = {{"id", "my-cpu"},
                        {"name", "My CPU"},
                        {"vendor", "CPU"},
                        {"memory_gib", 128},
                        {"memory_type", "DDR5"},
                        {"unified_memory", true},
                        {"bandwidth_gb_s", 166.4},
                        {"bf16_dense_tflops", 4.3},
                        {"cpu_cores", nlohmann::json::parse(cores)}};
    return nlohmann::json{{"gpus", {g}}}.dump();
}

} // namespace

class TestGpu : public QObject {
    Q_OBJECT
private slots:
    void builtinCatalog()
    {
        const GpuCatalog c = builtin();
        QVERIFY(c.gpus().size() >= 25);
        std::set<std::string> ids;
        std::set<std::string> vendors;
        for (const GpuSpec& g : c.gpus()) {
            QVERIFY2(ids.insert(g.id).second, g.id.c_str());
            QVERIFY2(!g.sources.empty(), g.id.c_str());
            QVERIFY2(g.memory_bytes > 0 && g.usableBytes() > 0, g.id.c_str());
            QVERIFY2(g.bandwidth_gb_s > 0, g.id.c_str());
            QVERIFY2(!g.memory_note.empty(), g.id.c_str());
            QVERIFY(!g.user);
            vendors.insert(g.vendor);
        }
        QVERIFY(vendors.count("NVIDIA") && vendors.count("AMD") && vendors.count("Apple"));
        for (const char* id :
             {"a100-sxm-40gb",    "a100-sxm-80gb",  "h100-sxm-80gb",  "h100-pcie-80gb",
              "h100-nvl-94gb",    "h200-sxm-141gb", "b200-180gb",     "l40s-48gb",
              "l4-24gb",          "a10-24gb",       "v100-sxm2-32gb", "t4-16gb",
              "rtx-3090-24gb",    "rtx-4090-24gb",  "rtx-5090-32gb",  "rtx-3060-12gb",
              "rtx-4060-ti-16gb", "mi250x-128gb",   "mi300x-192gb",   "mi325x-256gb",
              "m2-ultra-192gb",   "m3-max-128gb",   "m4-max-128gb"}) {
            QVERIFY2(c.find(id) != nullptr, id);
        }
        // Every GPU the app and the CLI name before the user picks one (gpu_choices.h).
        for (const GpuGroup& g : defaultReferenceGroups()) {
            QVERIFY2(c.find(g.gpu_id) != nullptr, g.gpu_id.c_str());
        }
        for (const char* id : {kDefaultGpuId, kDatacenterGpuId}) {
            QVERIFY2(c.find(id) != nullptr, id);
        }
        for (const std::string& id : nodeGpuIds()) {
            QVERIFY2(c.find(id) != nullptr, id.c_str());
        }
        for (const std::string& line : defaultGpuLines()) {
            const std::string id = line.substr(0, line.find(':'));
            QVERIFY2(c.find(id) != nullptr, line.c_str());
        }
        QCOMPARE(GpuGroup({"h100-sxm-80gb", 8}).label(), std::string("8× h100-sxm-80gb"));
    }

    // NVIDIA's "80GB" H100 has 80 GiB of HBM (nvidia-smi shows 81559 MiB of it; the A100 80GB
    // shows 81920 MiB = 80 GiB exactly).
    void capacitiesInBytes()
    {
        const GpuCatalog c = builtin();
        QCOMPARE(c.at("h100-sxm-80gb").memory_bytes, quint64(85899345920ull));
        QCOMPARE(c.at("a100-sxm-80gb").memory_bytes, quint64(81920ull << 20));
        QCOMPARE(c.at("h100-sxm-80gb").bandwidthBytesPerSecond(), 3.35e12);
        QCOMPARE(c.at("h100-sxm-80gb").peakFlops(), 989.4e12);
        // Apple: 75% of 192 GiB for the GPU by default.
        QCOMPARE(c.at("m2-ultra-192gb").usableBytes(), quint64(154618822656ull));
        QVERIFY(c.at("m2-ultra-192gb").isUncertain("usable_fraction"));
        QVERIFY(!c.at("a100-sxm-80gb").fp8_tflops.has_value());
        QVERIFY_THROWS_EXCEPTION(UnknownGpuError, c.at("h100"));
    }

    // Dense INT8 TOPS where a vendor document states it (H100 whitepaper 1978.9, A100 datasheet
    // 624; both halve the sparse figures 3957.8 and 1248), absent elsewhere.
    void int8Tops()
    {
        const GpuCatalog c = builtin();
        QCOMPARE(c.at("h100-sxm-80gb").int8_tops, std::optional<double>(1978.9));
        QCOMPARE(c.at("a100-sxm-80gb").int8_tops, std::optional<double>(624.0));
        QVERIFY(!c.at("rtx-4090-24gb").int8_tops.has_value());
        const nlohmann::json j = nlohmann::json::parse(userFile("int8_dense_tops", "400"));
        const std::vector<GpuSpec> gpus = gpusFromJson(j, "f", true);
        QCOMPARE(gpus.front().int8_tops, std::optional<double>(400.0));
        QCOMPARE(gpuToJson(gpus.front()).at("int8_dense_tops").get<double>(), 400.0);
        QVERIFY(!gpuToJson(c.at("rtx-4090-24gb")).contains("int8_dense_tops"));
        try {
            (void)gpusFromJson(nlohmann::json::parse(userFile("int8_dense_tops", "0")), "f", true);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QStringLiteral("f: gpus[0].int8_dense_tops: must be a positive number no "
                                    "larger than 1000000 (got 0)"));
        }
    }

    // A user file may list a GPU without sources; one added or edited through setUserGpu names
    // at least one, and the catalog is unchanged when it does not.
    void setUserGpuNeedsASource()
    {
        GpuCatalog c = builtin();
        const std::size_t before = c.gpus().size();
        GpuSpec g =
            gpusFromJson(nlohmann::json::parse(userFile("id", "\"no-source\"")), "f", true).front();
        QVERIFY(g.sources.empty());
        try {
            c.setUserGpu(g);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("sources"));
            QCOMPARE(QString::fromStdString(e.what()),
                     QStringLiteral("sources: needs at least one source (a URL, a datasheet or "
                                    "your own measurement)"));
        }
        QCOMPARE(c.gpus().size(), before);
        g.sources = {"https://example.com/my-card"};
        c.setUserGpu(g);
        QCOMPARE(c.gpus().size(), before + 1);
    }

    // Every device of the project's reference table (tests/data/reference/gpus.json, compiled from
    // the sources it lists) carries the same numbers here, and its uncertain fields stay marked.
    void matchesReferenceTable()
    {
        const auto ref = readJsonFile(std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/gpus.json");
        const GpuCatalog c = builtin();
        int matched = 0;
        for (const auto& r : ref.at("gpus")) {
            const std::string name = r.at("name").get<std::string>();
            const GpuSpec* g = nullptr;
            for (const GpuSpec& x : c.gpus()) {
                // Apple entries add the memory size: "Apple M4 Max (40-core GPU, 128GB)"; the
                // chip comes in several sizes, and the reference row names one.
                if (x.name == name ||
                    (x.name.rfind(name.substr(0, name.size() - 1) + ",", 0) == 0 &&
                     x.memory_value == r.at("memory_gb").get<double>())) {
                    g = &x;
                }
            }
            QVERIFY2(g != nullptr, name.c_str());
            ++matched;
            QCOMPARE(g->memory_value, r.at("memory_gb").get<double>());
            QCOMPARE(g->bandwidth_gb_s, r.at("memory_bandwidth_gbps").get<double>());
            // Every device has a BF16 figure (a prefill estimate needs one); where the reference
            // has none, the catalog's is derived and marked uncertain.
            const auto& bf16 = r.at("bf16_dense_tflops");
            QVERIFY2(g->bf16_tflops.has_value(), name.c_str());
            if (!bf16.is_null()) {
                QCOMPARE(*g->bf16_tflops, bf16.get<double>());
            } else {
                QVERIFY2(g->isUncertain("bf16_dense_tflops"), name.c_str());
            }
            const auto& fp8 = r.at("fp8_dense_tflops");
            if (!fp8.is_null()) {
                QCOMPARE(*g->fp8_tflops, fp8.get<double>());
            } else if (g->fp8_tflops) {
                QVERIFY2(g->isUncertain("fp8_dense_tflops"), name.c_str());
            }
            for (const auto& f : r.value("uncertain_fields", nlohmann::json::array())) {
                std::string key = f.get<std::string>();
                if (key == "memory_gb") {
                    key = "memory_gib";
                } else if (key == "memory_bandwidth_gbps") {
                    key = "bandwidth_gb_s";
                }
                QVERIFY2(g->isUncertain(key), (name + ": " + key).c_str());
            }
        }
        QCOMPARE(matched, 29);
    }

    void userCatalogRoundTrip()
    {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("gpus.json")).toStdString();
        GpuCatalog c = builtin();
        c.loadUser(file); // no file yet: nothing added
        QVERIFY(c.userGpus().empty());
        GpuSpec g;
        g.id = "my-rtx-4070";
        g.name = "My RTX 4070";
        g.vendor = "NVIDIA";
        g.category = "consumer";
        g.memory_value = 12;
        g.bandwidth_gb_s = 504;
        g.bf16_tflops = 58.0;
        g.sources = {"my own measurement"};
        c.setUserGpu(g);
        c.saveUser(file);
        QCOMPARE(std::distance(std::filesystem::directory_iterator(dir.path().toStdString()),
                               std::filesystem::directory_iterator()),
                 1); // no temporary file left behind
        GpuCatalog d = builtin();
        d.loadUser(file);
        QCOMPARE(d.gpus().size(), builtin().gpus().size() + 1);
        const GpuSpec& back = d.at("my-rtx-4070");
        QVERIFY(back.user);
        QCOMPARE(back.memory_bytes, quint64(12ull << 30));
        g.user = true;
        g.memory_bytes = 12ull << 30;
        QVERIFY(back == g);
        QVERIFY(d.removeUserGpu("my-rtx-4070"));
        QVERIFY(!d.removeUserGpu("h100-sxm-80gb")); // built-ins cannot be removed
        QVERIFY_THROWS_EXCEPTION(InputError, [&] {
            GpuSpec clash = g;
            clash.id = "h100-sxm-80gb";
            d.setUserGpu(clash);
        }());
    }

    // A GPU detected on this machine and unknown to the catalog is in the catalog for this run:
    // after the built-ins and before the user's, never written by saveUser, kept when the user
    // file is read again, given way to by a user GPU of its id, and refused a built-in id.
    void detectedGpuForThisRunOnly()
    {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("gpus.json")).toStdString();
        GpuCatalog c = builtin();
        const std::size_t builtins = c.gpus().size();
        GpuSpec mine;
        mine.id = "my-card";
        mine.name = "My Card";
        mine.vendor = "NVIDIA";
        mine.category = "consumer";
        mine.memory_value = 12;
        mine.bandwidth_gb_s = 504;
        mine.sources = {"my own measurement"};
        c.setUserGpu(mine);
        GpuSpec found;
        found.id = "detected-amd-radeon-rx-7900-xtx";
        found.name = "AMD Radeon RX 7900 XTX";
        found.vendor = "AMD";
        found.category = "other";
        found.memory_bytes = 25'753'026'560; // mem_info_vram_total of a real card
        found.memory_value = 23.984375;      // 25,753,026,560 / 2^30
        found.bandwidth_gb_s = 0;            // unknown
        c.setDetectedGpu(found);
        QCOMPARE(c.gpus().size(), builtins + 2);
        QCOMPARE(c.gpus().at(builtins).id, found.id);
        QVERIFY(c.gpus().at(builtins).detected);
        QVERIFY(!c.gpus().at(builtins).user);
        QCOMPARE(c.gpus().at(builtins + 1).id, std::string("my-card"));
        QCOMPARE(c.userGpus().size(), std::size_t(1));
        // Saved: only the user's GPU.
        c.saveUser(file);
        const nlohmann::json saved = readJsonFile(file);
        QCOMPARE(saved.at("gpus").size(), std::size_t(1));
        QCOMPARE(saved.at("gpus").at(0).at("id").get<std::string>(), std::string("my-card"));
        // Read again: the detected GPU stays.
        c.loadUser(file);
        QVERIFY(c.find(found.id) != nullptr);
        QCOMPARE(c.find(found.id)->memory_bytes, std::uint64_t(25'753'026'560));
        // A built-in id is refused, the catalog unchanged.
        GpuSpec clash = found;
        clash.id = "h100-sxm-80gb";
        QVERIFY_THROWS_EXCEPTION(InputError, c.setDetectedGpu(clash));
        QVERIFY(!c.at("h100-sxm-80gb").detected);
        QCOMPARE(c.gpus().size(), builtins + 2);
        // The user keeps it as a GPU of their own, with a bandwidth: it is the user's now, and a
        // later detection does not replace it.
        GpuSpec kept = found;
        kept.bandwidth_gb_s = 960;
        kept.sources = {"AMD RX 7900 XTX specifications"};
        c.setUserGpu(kept);
        QVERIFY(c.at(found.id).user);
        QVERIFY(!c.at(found.id).detected);
        c.setDetectedGpu(found);
        QCOMPARE(c.at(found.id).bandwidth_gb_s, 960.0);
        QCOMPARE(c.gpus().size(), builtins + 2);
    }

    // A CPU's cores are read and written back; a device without them is counted from its peak
    // at 150 GFLOP/s a core: a 1.2 TFLOPS CPU is 8 cores.
    void cpuCores()
    {
        nlohmann::json j = nlohmann::json::parse(cpuFile("24"));
        GpuSpec g = gpusFromJson(j, "f", true).front();
        QCOMPARE(g.cpu_cores.value_or(0), 24u);
        QCOMPARE(g.cpuCores(), 24.0);
        QCOMPARE(gpuToJson(g).at("cpu_cores").get<int>(), 24);
        g.cpu_cores.reset();
        g.bf16_tflops = 1.2;
        QCOMPARE(g.cpuCores(), 8.0);
        g.bf16_tflops.reset();
        QCOMPARE(g.cpuCores(), 1.0);
    }

    void decimalGigabytes()
    {
        const nlohmann::json j = nlohmann::json::parse(userFile("memory_gib", ""));
        nlohmann::json k = j;
        k["gpus"][0]["memory_gb"] = 24;
        QCOMPARE(gpusFromJson(k, "f", true).front().memory_bytes, quint64(24000000000ull));
    }

    // Bad user files: the message names the file and the field.
    void badUserFiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("built-in id")
            << QString::fromStdString(userFile("id", "\"h100-sxm-80gb\""))
            << QStringLiteral("gpus[0].id: 'h100-sxm-80gb' is a built-in GPU id; a user GPU "
                              "needs an id of its own");
        QTest::newRow("id with capitals")
            << QString::fromStdString(userFile("id", "\"H100\""))
            << QStringLiteral("gpus[0].id: must be 1 to 64 characters of a-z, 0-9 and '-', not "
                              "starting or ending with '-' (got 'H100')");
        QTest::newRow("no memory") << QString::fromStdString(userFile("memory_gib", ""))
                                   << QStringLiteral("gpus[0]: needs memory_gib (2^30 bytes) or "
                                                     "memory_gb (1e9 bytes)");
        QTest::newRow("negative bandwidth")
            << QString::fromStdString(userFile("bandwidth_gb_s", "-5"))
            << QStringLiteral("gpus[0].bandwidth_gb_s: must be a positive number no larger than "
                              "1000000 (got -5)");
        QTest::newRow("bandwidth as text")
            << QString::fromStdString(userFile("bandwidth_gb_s", "\"fast\""))
            << QStringLiteral("gpus[0].bandwidth_gb_s: must be a number (got \"fast\")");
        QTest::newRow("typo in a key")
            << QString::fromStdString(userFile("memroy_gib", "24"))
            << QStringLiteral("gpus[0].memroy_gib: is not a known GPU field");
        QTest::newRow("usable fraction above 1")
            << QString::fromStdString(userFile("usable_fraction", "1.5"))
            << QStringLiteral("gpus[0].usable_fraction: must be from 0.1 to 1 (got 1.5; no real "
                              "GPU makes less than a tenth of its memory usable)");
        QTest::newRow("no cores")
            << QString::fromStdString(userFile("cpu_cores", "0"))
            << QStringLiteral("gpus[0].cpu_cores: must be a whole number of cores from 1 to 4096 "
                              "(got 0)");
        QTest::newRow("half a core")
            << QString::fromStdString(userFile("cpu_cores", "2.5"))
            << QStringLiteral("gpus[0].cpu_cores: must be a whole number of cores from 1 to 4096 "
                              "(got 2.5)");
        QTest::newRow("cores as text")
            << QString::fromStdString(userFile("cpu_cores", "\"16\""))
            << QStringLiteral("gpus[0].cpu_cores: must be a number (got \"16\")");
        QTest::newRow("cores on a GPU")
            << QString::fromStdString(userFile("cpu_cores", "16"))
            << QStringLiteral("gpus[0].cpu_cores: only a CPU-only device (memory_type DDR4 or "
                              "DDR5) has cores here");
        // A 24-core Threadripper 7960X's 4.3 TFLOPS over 4,096 "cores": 1.05 GFLOP/s a core.
        QTest::newRow("cores beyond the peak")
            << QString::fromStdString(cpuFile("4096"))
            << QStringLiteral("gpus[0].cpu_cores: 4096 cores at 4.3 TFLOPS is 1.05 GFLOP/s a "
                              "core; a CPU core gives 4 to 400 (count physical cores, and "
                              "bf16_dense_tflops is cores x clock x FP32 FLOP a clock)");
        QTest::newRow("compute capability beyond Blackwell")
            << QString::fromStdString(userFile("compute_capability", "13.5"))
            << QStringLiteral("gpus[0].compute_capability: must be a CUDA compute capability "
                              "from 1.0 to 12.9 such as 8.9 (got 13.5)");
        QTest::newRow("compute capability of two minor digits")
            << QString::fromStdString(userFile("compute_capability", "8.95"))
            << QStringLiteral("gpus[0].compute_capability: must be a CUDA compute capability "
                              "from 1.0 to 12.9 such as 8.9 (got 8.95)");
        QTest::newRow("compute capability of an AMD GPU")
            << QString::fromStdString(nlohmann::json{{"gpus",
                                                      {{{"id", "my-radeon"},
                                                        {"name", "My Radeon"},
                                                        {"vendor", "AMD"},
                                                        {"memory_gib", 24},
                                                        {"bandwidth_gb_s", 960},
                                                        {"compute_capability", 8.9}}}}}
                                          .dump())
            << QStringLiteral("gpus[0].compute_capability: only an NVIDIA GPU has a CUDA compute "
                              "capability (vendor is 'AMD')");
        QTest::newRow("unknown uncertain field")
            << QString::fromStdString(userFile("uncertain_fields", "[\"speed\"]"))
            << QStringLiteral("gpus[0].uncertain_fields[0]: 'speed' is not a GPU field that can "
                              "be uncertain");
        QTest::newRow("gpus not an array") << QStringLiteral("{\"gpus\": {}}")
                                           << QStringLiteral("gpus: must be an array of GPU "
                                                             "objects");
        QTest::newRow("duplicate ids")
            << QStringLiteral("{\"gpus\": [{\"id\": \"a\", \"name\": \"A\", \"vendor\": \"V\", "
                              "\"memory_gib\": 8, \"bandwidth_gb_s\": 100}, {\"id\": \"a\", "
                              "\"name\": \"B\", \"vendor\": \"V\", \"memory_gib\": 8, "
                              "\"bandwidth_gb_s\": 100}]}")
            << QStringLiteral("gpus[1].id: 'a' is already used by gpus[0]");
    }
    void badUserFiles()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("user.json")).toStdString();
        writeText(file, text.toStdString());
        GpuCatalog c = builtin();
        const std::size_t before = c.gpus().size();
        try {
            c.loadUser(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString::fromStdString(file) + QStringLiteral(": ") + message);
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(file));
        }
        QCOMPARE(c.gpus().size(), before); // unchanged on error
    }

    void notJson()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("user.json")).toStdString();
        writeText(file, "{\"gpus\": [");
        GpuCatalog c = builtin();
        QVERIFY_THROWS_EXCEPTION(InputError, c.loadUser(file));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestGpu)
#include "tst_gpu.moc"
