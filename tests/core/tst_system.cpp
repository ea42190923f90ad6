// Detecting the machine (local/system.h, gpu_match.h) on fake roots with the kernel's and the
// drivers' file layouts: the parsers on their own text, the SMBIOS memory devices, nvidia-smi
// failing or hanging, GPUs matched to the catalog by name, PCI id and memory, and the machine
// chosen for `runs`. Every expected value is worked out by hand in the row.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/local/gpu_match.h"
#include "llmsizer/local/system.h"
#include "support/fake_machine.h"
#include "support/test_main.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace llmsizer;
using testsupport::FakeMachine;

namespace {

SystemInfo detect(const QString& root, int timeoutMs = 5000)
{
    ProbeOptions o;
    o.root = root.toStdString();
    o.env = {{"PATH", "/usr/local/bin:/usr/bin:/bin"}};
    o.command_timeout_ms = timeoutMs;
    return detectSystem(o);
}

const GpuCatalog& catalog()
{
    static const GpuCatalog c =
        GpuCatalog::loadBuiltin(std::string(LLMSIZER_TEST_RESOURCES_DIR) + "/gpus.json");
    return c;
}

// The bundled catalog less one device, written to a temporary file and read back.
const GpuCatalog& catalogWithout(const std::string& id)
{
    static const GpuCatalog c = [&id] {
        std::ifstream in(std::string(LLMSIZER_TEST_RESOURCES_DIR) + "/gpus.json");
        nlohmann::json j = nlohmann::json::parse(in);
        nlohmann::json& list = j.is_array() ? j : j.at("gpus");
        for (auto it = list.begin(); it != list.end(); ++it) {
            if (it->value("id", "") == id) {
                list.erase(it);
                break;
            }
        }
        static QTemporaryDir dir;
        const std::string file = dir.path().toStdString() + "/gpus.json";
        std::ofstream(file) << j.dump();
        return GpuCatalog::loadBuiltin(file);
    }();
    return c;
}

} // namespace

class TestSystem : public QObject {
    Q_OBJECT
private slots:
    void meminfoInKib()
    {
        // fs/proc/meminfo.c prints KiB as "kB".
        const MemInfo m = parseMeminfo("MemTotal:       65798488 kB\nMemFree:  100 kB\n"
                                       "MemAvailable:   60123456 kB\n");
        QCOMPARE(m.total_bytes, 65798488ull * 1024); // 67,377,651,712
        QCOMPARE(m.available_bytes, 61566418944ull);
    }

    void cpuinfoCores()
    {
        // Two cores with two threads each, and an ARM-style listing without core ids.
        const CpuInfo c =
            parseCpuinfo("processor\t: 0\nmodel name\t: X\nphysical id\t: 0\ncore id\t: 0\n\n"
                         "processor\t: 1\nmodel name\t: X\nphysical id\t: 0\ncore id\t: 1\n\n"
                         "processor\t: 2\nmodel name\t: X\nphysical id\t: 0\ncore id\t: 0\n\n"
                         "processor\t: 3\nmodel name\t: X\nphysical id\t: 0\ncore id\t: 1\n\n");
        QCOMPARE(c.model, std::string("X"));
        QCOMPARE(c.threads, 4ull);
        QCOMPARE(c.cores, 2ull);
        const CpuInfo arm = parseCpuinfo("processor\t: 0\nBogoMIPS\t: 48.00\n\nprocessor\t: 1\n");
        QCOMPARE(arm.threads, 2ull);
        QCOMPARE(arm.cores, 2ull);
        QCOMPARE(arm.model, std::string());
    }

    void nvidiaSmiLines()
    {
        std::vector<std::string> problems;
        const auto gpus = parseNvidiaSmi("NVIDIA H100 80GB HBM3, 81559 MiB, 00000000:18:00.0\n"
                                         "NVIDIA GB10, [N/A], 0000000F:01:00.0\n"
                                         "garbage line\n"
                                         "NVIDIA L4, 23034 GB, 00000000:3B:00.0\n",
                                         &problems);
        QCOMPARE(gpus.size(), 3u);
        QCOMPARE(gpus[0].memory_bytes, 81559ull << 20);
        QCOMPARE(gpus[0].bus_id, std::string("0000:18:00.0"));
        QCOMPARE(gpus[1].memory_bytes, 0ull); // unified memory: nvidia-smi says [N/A]
        QCOMPARE(gpus[1].bus_id, std::string("000f:01:00.0"));
        QCOMPARE(problems.size(), 2u);
        QCOMPARE(problems[0], std::string("line 'garbage line' is not 'name, memory, bus id'"));
        QCOMPARE(problems[1], std::string("NVIDIA L4: memory '23034 GB' is not 'N MiB'"));
    }

    void smbiosDevices()
    {
        MemoryDevice d;
        // 32 GiB needs the extended size (0x7FFF at 0x0C, MiB at 0x1C); configured speed 6000.
        QVERIFY(parseMemoryDevice(
            testsupport::smbiosMemoryDevice(32768, 4800, 6000, "DIMM 0", "P0 CHANNEL A"), &d));
        QCOMPARE(d.size_bytes, 32ull << 30);
        QCOMPARE(d.speed_mts, 6000ull);
        QCOMPARE(d.type, std::string("DDR5"));
        QCOMPARE(d.bank_locator, std::string("P0 CHANNEL A"));
        QCOMPARE(d.device_locator, std::string("DIMM 0"));
        QVERIFY(parseMemoryDevice(
            testsupport::smbiosMemoryDevice(16384, 5600, 0, "ChannelB-DIMM0", "BANK 2"), &d));
        QCOMPARE(d.size_bytes, 16ull << 30);
        QCOMPARE(d.speed_mts, 5600ull); // no configured speed: the rated one
        QVERIFY(!parseMemoryDevice(testsupport::smbiosMemoryDevice(0, 0, 0, "DIMM 1", "X"), &d));
        QVERIFY(!parseMemoryDevice(std::string("\x11\x05", 2), &d));
        QVERIFY(!parseMemoryDevice(std::string(), &d));
    }

    void channelsFromSlotNames()
    {
        // Four DDR4-3200 modules in two channels (A1, A2, B1, B2): 2 × 8 bytes × 3200 MT/s.
        std::vector<MemoryDevice> four(4);
        const char* names[] = {"DIMM_A1", "DIMM_A2", "DIMM_B1", "DIMM_B2"};
        for (int i = 0; i < 4; ++i) {
            four[static_cast<std::size_t>(i)] = {8ull << 30, 3200, 64, "DDR4", "BANK", names[i]};
        }
        const MemoryModules m = memoryModulesFrom(four, "test");
        QCOMPARE(m.channels, 2ull);
        QCOMPARE(m.bandwidth_gb_s, 51.2);
        // Without names each module is a channel; eight 16-bit LPDDR5-6400 devices: 128 bits.
        std::vector<MemoryDevice> lp(8, MemoryDevice{2ull << 30, 6400, 16, "LPDDR5", "", "X"});
        const MemoryModules l = memoryModulesFrom(lp, "test");
        QCOMPARE(l.channels, 2ull);
        QCOMPARE(l.bandwidth_gb_s, 102.4); // 16 bytes × 6400 MT/s
    }

    void rtx4090Machine()
    {
        QTemporaryDir dir;
        testsupport::buildFakeMachine(dir.path().toStdString(), FakeMachine::Rtx4090);
        SystemInfo info = detect(dir.path());
        QCOMPARE(info.ram_total_bytes, 67377651712ull);
        QCOMPARE(info.cpu_cores, 16ull);
        QCOMPARE(info.cpu_threads, 32ull);
        QVERIFY(info.memory.measured);
        QCOMPARE(info.memory.channels, 2ull);
        QCOMPARE(info.memory.speed_mts, 6000ull);
        QCOMPARE(info.memory.bandwidth_gb_s, 96.0); // 2 × 8 bytes × 6000 MT/s
        // nvidia-smi, /proc/driver/nvidia and /sys/class/drm each see the card: one GPU.
        QCOMPARE(info.gpus.size(), 1u);
        QCOMPARE(info.gpus[0].source, std::string("nvidia-smi"));
        QCOMPARE(info.gpus[0].pci_id, std::string("10de:2684"));
        QCOMPARE(info.gpus[0].memory_bytes, 24564ull << 20);
        QVERIFY2(info.notes.empty(), info.notes.empty() ? "" : info.notes[0].c_str());
        matchGpus(info.gpus, catalog());
        QCOMPARE(info.gpus[0].catalog_id, std::string("rtx-4090-24gb"));
        const DetectedMachine m = machineFromSystem(info, catalog());
        QVERIFY(m.has_gpu);
        QCOMPARE(m.hardware.gpu.id, std::string("rtx-4090-24gb"));
        QCOMPARE(m.hardware.gpus, 1ull);
        QCOMPARE(m.hardware.ram_bytes, 61566418944ull); // MemAvailable
        QCOMPARE(m.hardware.ram_bandwidth_gb_s, 96.0);
    }

    void nvidiaSmiFails()
    {
        QTemporaryDir dir;
        testsupport::buildFakeMachine(dir.path().toStdString(), FakeMachine::SmiFails);
        SystemInfo info = detect(dir.path());
        const std::string smi = dir.path().toStdString() + "/usr/bin/nvidia-smi";
        QCOMPARE(info.notes.size(), 2u);
        QCOMPARE(info.notes[0], smi + ": exit 9: NVIDIA-SMI has failed because it couldn't "
                                      "communicate with the NVIDIA driver. Make sure that the "
                                      "latest NVIDIA driver is installed and running.");
        QCOMPARE(info.notes[1], std::string("/sys/class/drm/card0/device: an NVIDIA GPU "
                                            "(10de:2684, driver nvidia) that reports no memory: "
                                            "nvidia-smi was not found or failed"));
        // The card is still seen in /sys, and its PCI id names it.
        QCOMPARE(info.gpus.size(), 1u);
        QCOMPARE(info.gpus[0].memory_bytes, 0ull);
        matchGpus(info.gpus, catalog());
        QCOMPARE(info.gpus[0].catalog_id, std::string("rtx-4090-24gb"));
        QCOMPARE(info.gpus[0].name, std::string("NVIDIA GeForce RTX 4090"));
        QCOMPARE(info.gpus[0].match, std::string("PCI id 10de:2684"));
    }

    void nvidiaSmiHangs()
    {
        QTemporaryDir dir;
        testsupport::buildFakeMachine(dir.path().toStdString(), FakeMachine::SmiHangs);
        QElapsedTimer t;
        t.start();
        const SystemInfo info = detect(dir.path(), 300);
        QVERIFY2(t.elapsed() < 5000, "a hanging nvidia-smi is stopped at the deadline");
        const std::string smi = dir.path().toStdString() + "/usr/bin/nvidia-smi";
        QVERIFY(std::find(info.notes.begin(), info.notes.end(),
                          smi + ": gave no answer within 300 ms and was stopped") !=
                info.notes.end());
        QVERIFY(info.gpus.empty());
    }

    void matchByName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qulonglong>("mib");
        QTest::addColumn<QString>("id");
        // nvidia-smi's names of the catalog's cards, with the memory each reports.
        QTest::newRow("4090") << "NVIDIA GeForce RTX 4090" << 24564ull << "rtx-4090-24gb";
        QTest::newRow("H100 SXM") << "NVIDIA H100 80GB HBM3" << 81559ull << "h100-sxm-80gb";
        QTest::newRow("H100 PCIe") << "NVIDIA H100 PCIe" << 81559ull << "h100-pcie-80gb";
        QTest::newRow("A100 SXM4 80") << "NVIDIA A100-SXM4-80GB" << 81920ull << "a100-sxm-80gb";
        QTest::newRow("A100 SXM4 40") << "NVIDIA A100-SXM4-40GB" << 40960ull << "a100-sxm-40gb";
        QTest::newRow("A100 PCIe 40: not in the catalog")
            << "NVIDIA A100-PCIE-40GB" << 40960ull << "";
        QTest::newRow("T4 with ECC") << "Tesla T4" << 15360ull << "t4-16gb";
        QTest::newRow("L40S") << "NVIDIA L40S" << 46068ull << "l40s-48gb";
        QTest::newRow("L40") << "NVIDIA L40" << 46068ull << "l40-48gb";
        QTest::newRow("6000 Ada") << "NVIDIA RTX 6000 Ada Generation" << 49140ull
                                  << "rtx-6000-ada-48gb";
        QTest::newRow("4060 Ti 8 GB: not the 16 GB card")
            << "NVIDIA GeForce RTX 4060 Ti" << 8188ull << "";
        QTest::newRow("4060 Ti 16 GB")
            << "NVIDIA GeForce RTX 4060 Ti" << 16380ull << "rtx-4060-ti-16gb";
        QTest::newRow("4090 laptop: 16 GB")
            << "NVIDIA GeForce RTX 4090 Laptop GPU" << 16376ull << "";
        QTest::newRow("V100 SXM2 32") << "Tesla V100-SXM2-32GB" << 32768ull << "v100-sxm2-32gb";
    }
    void matchByName()
    {
        QFETCH(QString, name);
        QFETCH(qulonglong, mib);
        QFETCH(QString, id);
        std::vector<DetectedGpu> gpus(1);
        gpus[0].name = name.toStdString();
        gpus[0].vendor = "NVIDIA";
        gpus[0].memory_bytes = mib << 20;
        matchGpus(gpus, catalog());
        QCOMPARE(QString::fromStdString(gpus[0].catalog_id), id);
    }

    void mixedMachine()
    {
        QTemporaryDir dir;
        testsupport::buildFakeMachine(dir.path().toStdString(), FakeMachine::MixedNvidia);
        SystemInfo info = detect(dir.path());
        matchGpus(info.gpus, catalog());
        QCOMPARE(info.gpus.size(), 2u);
        const DetectedMachine m = machineFromSystem(info, catalog());
        // Both 24 GiB: two GPUs, each counted as the slower RTX 3090 (936 GB/s).
        QCOMPARE(m.hardware.gpus, 2ull);
        QCOMPARE(m.hardware.gpu.id, std::string("rtx-3090-24gb"));
        QCOMPARE(m.hardware.gpu.bandwidth_gb_s, 936.0);
        QCOMPARE(m.notes.size(), 1u);
        QCOMPARE(m.notes[0], std::string("GPUs of different kinds: counted as 2 × NVIDIA GeForce "
                                         "RTX 3090 (24.0 GiB each, the lowest bandwidth among "
                                         "them)"));
    }

    void amdAndIntegrated()
    {
        QTemporaryDir dir;
        testsupport::buildFakeMachine(dir.path().toStdString(), FakeMachine::Rx7900Xtx);
        SystemInfo info = detect(dir.path());
        // The bundled catalog holds the RX 7900 XTX; a catalog without it shows what an
        // unknown card becomes (a custom GPU of the memory its driver reports).
        const GpuCatalog& without = catalogWithout("rx-7900-xtx-24gb");
        matchGpus(info.gpus, without);
        QCOMPARE(info.gpus.size(), 2u);
        QCOMPARE(info.gpus[0].name, std::string("Intel UHD Graphics 770"));
        QVERIFY(info.gpus[0].integrated);
        QCOMPARE(info.gpus[1].name, std::string("AMD Radeon RX 7900 XTX"));
        QCOMPARE(info.gpus[1].memory_bytes, 25753026560ull);
        QVERIFY(!info.gpus[1].integrated);
        QCOMPARE(info.gpus[1].catalog_id, std::string());
        const DetectedMachine m = machineFromSystem(info, without);
        QCOMPARE(m.hardware.gpus, 1ull);
        QCOMPARE(m.hardware.gpu.id, std::string("detected-amd-radeon-rx-7900-xtx"));
        QCOMPARE(m.hardware.gpu.memory_bytes, 25753026560ull);
        QCOMPARE(m.hardware.gpu.bandwidth_gb_s, 0.0); // unknown: speeds are not estimated
        QCOMPARE(m.notes.size(), 2u);
        // With the bundled catalog: matched by its name and 24 GiB (AMD's specifications:
        // 24 GB GDDR6, the catalog's 24 GiB).
        SystemInfo known = detect(dir.path());
        matchGpus(known.gpus, catalog());
        QCOMPARE(known.gpus[1].catalog_id, std::string("rx-7900-xtx-24gb"));
        QCOMPARE(machineFromSystem(known, catalog()).hardware.gpu.id,
                 std::string("rx-7900-xtx-24gb"));
    }

    void noGpuAndNoRoot()
    {
        QTemporaryDir dir;
        testsupport::buildFakeMachine(dir.path().toStdString(), FakeMachine::NoGpu);
        const SystemInfo info = detect(dir.path());
        QVERIFY(info.gpus.empty());
        QCOMPARE(info.ram_total_bytes, 16303412ull * 1024);
        // No GPU: the machine is its CPU, all of its 16,303,412 KiB of RAM one pool (90 % of
        // it usable, as the catalog's CPU-only machines) at its memory's bandwidth; `runs
        // --detect` and My hardware answer for it.
        const DetectedMachine cpu = machineFromSystem(info, catalog());
        QVERIFY(!cpu.has_gpu && cpu.cpu_only);
        QCOMPARE(cpu.hardware.gpu.memory_bytes, 16303412ull * 1024);
        QVERIFY(cpu.hardware.gpu.cpuOnly() && cpu.hardware.gpu.unified_memory);
        QCOMPARE(cpu.hardware.gpu.usableBytes(), 16303412ull * 1024 * 9 / 10);
        QCOMPARE(cpu.hardware.gpu.bandwidth_gb_s, info.memory.bandwidth_gb_s);
        QCOMPARE(cpu.hardware.gpus, 1ull);
        // A root with nothing in it: every file named, nothing thrown.
        const SystemInfo none = detect(dir.path() + QStringLiteral("/missing"));
        QCOMPARE(none.notes.size(), 2u);
        QCOMPARE(none.notes[0], std::string("/proc/meminfo: no such file"));
        QCOMPARE(none.notes[1], std::string("/proc/cpuinfo: no such file"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSystem)
#include "tst_system.moc"
