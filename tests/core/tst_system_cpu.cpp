// The CPU's FP32 vector peak read from a machine (local/system.h): /proc/cpuinfo's vector
// extensions, each core's clock under sys/devices/system/cpu/cpuN/cpufreq, Intel's E-cores
// (sys/devices/cpu_atom/cpus) and the package's long-term power limit (RAPL). Every expected
// peak is cores × GHz × FLOP a clock, worked out by hand in the row.
#include "llmsizer/local/gpu_match.h"
#include "llmsizer/local/system.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace llmsizer;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& file, const std::string& text)
{
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

// A /proc/cpuinfo of `cores` physical cores, the first `smt` of them with two threads (numbered
// as x86 kernels do: the first thread of each core, then the siblings), then the others.
std::string cpuinfo(const std::string& model, int cores, int smt, const std::string& flags)
{
    std::string text;
    int processor = 0;
    auto add = [&](int core) {
        text += "processor\t: " + std::to_string(processor++) + "\nmodel name\t: " + model +
                "\nphysical id\t: 0\ncore id\t\t: " + std::to_string(core) +
                "\nflags\t\t: " + flags + "\n\n";
    };
    for (int c = 0; c < smt; ++c) {
        add(c);
    }
    for (int c = 0; c < smt; ++c) {
        add(c);
    }
    for (int c = smt; c < cores; ++c) {
        add(c);
    }
    return text;
}

void clocks(const fs::path& root, int first, int count, int maxKhz, int baseKhz)
{
    for (int n = first; n < first + count; ++n) {
        const fs::path dir = root / ("sys/devices/system/cpu/cpu" + std::to_string(n) + "/cpufreq");
        write(dir / "cpuinfo_max_freq", std::to_string(maxKhz) + "\n");
        if (baseKhz != 0) {
            write(dir / "base_frequency", std::to_string(baseKhz) + "\n");
        }
    }
}

void powerLimit(const fs::path& root, int watts)
{
    const fs::path dir = root / "sys/class/powercap/intel-rapl:0";
    write(dir / "constraint_0_name", "long_term\n");
    write(dir / "constraint_0_power_limit_uw", std::to_string(watts * 1000000) + "\n");
}

SystemInfo detect(const fs::path& root)
{
    ProbeOptions o;
    o.root = root;
    o.run_nvidia_smi = false;
    return detectSystem(o);
}

const std::string kAvx2 = "fpu sse sse2 avx fma avx2";

} // namespace

class TestSystemCpu : public QObject {
    Q_OBJECT
private slots:
    void flopPerClock_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<uint>("flop");
        // Two 256-bit FMA pipes: 2 × 8 lanes × 2 FLOP.
        QTest::newRow("avx2 fma") << "flags\t: fpu sse sse2 avx fma avx2" << 32u;
        QTest::newRow("avx-512") << "flags\t: sse2 avx avx512f" << 32u;
        // One add and one multiply of 8 lanes (Sandy Bridge).
        QTest::newRow("avx") << "flags\t: fpu sse sse2 avx" << 16u;
        QTest::newRow("avx2 without fma") << "flags\t: sse2 avx avx2" << 16u;
        QTest::newRow("sse") << "flags\t: fpu sse sse2" << 8u;
        QTest::newRow("neon") << "Features\t: fp asimd evtstrm" << 16u;
        QTest::newRow("none") << "BogoMIPS\t: 48.00" << 0u;
    }
    void flopPerClock()
    {
        QFETCH(QString, line);
        QFETCH(uint, flop);
        const CpuInfo c = parseCpuinfo("processor\t: 0\n" + line.toStdString() + "\n");
        QCOMPARE(c.fp32_flop_per_clock, flop);
    }

    void cpuLists()
    {
        QCOMPARE(parseCpuList("0-3,8,10-11\n"),
                 (std::vector<std::uint64_t>{0, 1, 2, 3, 8, 10, 11}));
        QCOMPARE(parseCpuList("16-23"),
                 (std::vector<std::uint64_t>{16, 17, 18, 19, 20, 21, 22, 23}));
        QVERIFY(parseCpuList("3-1").empty());
        QVERIFY(parseCpuList("x").empty());
        QVERIFY(parseCpuList("0-99999999").empty());
        // Many short ranges are capped as one long one: at most 65,536 processors in all.
        std::string many;
        for (int i = 0; i < 100; ++i) {
            many += "0-1000,";
        }
        QVERIFY(parseCpuList(many).empty());
    }

    void desktop()
    {
        // A Ryzen 9 7950X: 16 cores of 32 threads, 5.7 GHz; its 170 W limit does not bind.
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        write(root / "proc/cpuinfo", cpuinfo("AMD Ryzen 9 7950X 16-Core Processor", 16, 16, kAvx2));
        clocks(root, 0, 32, 5700000, 4500000);
        powerLimit(root, 170);
        const SystemInfo info = detect(root);
        QCOMPARE(info.cpu_cores, 16ull);
        QCOMPARE(info.cpu_peak.cores, 16ull);
        QVERIFY(!info.cpu_peak.base_clock);
        QCOMPARE(info.cpu_peak.gflops, 2918.4); // 16 × 5.7 × 32
        const GpuSpec g = cpuMachine(info);
        QCOMPARE(*g.bf16_tflops, 2.9184);
        QVERIFY2(g.notes.find("FP32 peak 2.92 TFLOPS: 16 cores × 5.70 GHz × 32 FLOP a clock") !=
                     std::string::npos,
                 g.notes.c_str());
    }

    void powerLimitedLaptop()
    {
        // A Core i7-8550U held to 15 W: 4 cores at their 1.8 GHz base clock, not the 4.0 GHz
        // boost (Intel defines the TDP at the base frequency under a heavy all-core load).
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        write(root / "proc/cpuinfo",
              cpuinfo("Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz", 4, 4, kAvx2));
        clocks(root, 0, 8, 4000000, 1800000);
        powerLimit(root, 15);
        const SystemInfo info = detect(root);
        QVERIFY(info.cpu_peak.base_clock);
        QCOMPARE(info.cpu_peak.power_limit_w, 15.0);
        QCOMPARE(info.cpu_peak.gflops, 230.4); // 4 × 1.8 × 32
        const GpuSpec g = cpuMachine(info);
        QVERIFY2(g.notes.find("at base clocks (a long-term power limit of 15 W") !=
                     std::string::npos,
                 g.notes.c_str());
        // The same chip allowed 35 W runs at its boost: 4 × 4.0 × 32.
        powerLimit(root, 35);
        QCOMPARE(detect(root).cpu_peak.gflops, 512.0);
    }

    void hybridCores_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("pcores");
        QTest::addColumn<int>("smt");
        QTest::addColumn<int>("ecores");
        QTest::addColumn<int>("pkhz");
        QTest::addColumn<int>("ekhz");
        QTest::addColumn<double>("gflops");
        // The P-cores only: llama.cpp's default threads on a hybrid part under Linux
        // (cpu_get_num_math, common.cpp) skip the E-cores. 8 P-cores with two threads
        // (processors 0–15) and 8 E-cores (16–23): 8 × 5.4 × 32.
        QTest::newRow("i7-13700K") << "13th Gen Intel(R) Core(TM) i7-13700K" << 8 << 8 << 8
                                   << 5400000 << 4200000 << 1382.4;
        // Arrow Lake: 8 P-cores without SMT (0–7), 16 E-cores (8–23): 8 × 5.7 × 32.
        QTest::newRow("Core Ultra 9 285K")
            << "Intel(R) Core(TM) Ultra 9 285K" << 8 << 0 << 16 << 5700000 << 4600000 << 1459.2;
    }
    void hybridCores()
    {
        QFETCH(QString, model);
        QFETCH(int, pcores);
        QFETCH(int, smt);
        QFETCH(int, ecores);
        QFETCH(int, pkhz);
        QFETCH(int, ekhz);
        QFETCH(double, gflops);
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        write(root / "proc/cpuinfo", cpuinfo(model.toStdString(), pcores + ecores, smt, kAvx2));
        const int pThreads = pcores + smt;
        clocks(root, 0, pThreads, pkhz, 0);
        clocks(root, pThreads, ecores, ekhz, 0);
        write(root / "sys/devices/cpu_atom/cpus",
              std::to_string(pThreads) + "-" + std::to_string(pThreads + ecores - 1) + "\n");
        const SystemInfo info = detect(root);
        QCOMPARE(info.cpu_peak.efficiency_cores, static_cast<std::uint64_t>(ecores));
        QVERIFY(qAbs(info.cpu_peak.gflops - gflops) < 1e-6);
    }

    // The vector width the flags do not tell, by family and name (each maker's core
    // descriptions): Zen and Zen+ run AVX2 on two 128-bit pipes, Alder Lake-N's Gracemont cores
    // too; Zen 5 on a desktop and Xeon Scalable Platinum have two 512-bit FMA pipes, a Ryzen AI
    // laptop's Zen 5 256-bit ones.
    void flopByFamily_data()
    {
        QTest::addColumn<QString>("cpuinfo");
        QTest::addColumn<uint>("flop");
        const QString avx2 = QStringLiteral("flags\t: sse2 avx fma avx2\n");
        const QString avx512 = QStringLiteral("flags\t: sse2 avx fma avx2 avx512f\n");
        const auto amd = [](int family, int model, const char* name) {
            return QStringLiteral("vendor_id\t: AuthenticAMD\ncpu family\t: %1\nmodel\t\t: %2\n"
                                  "model name\t: %3\n")
                .arg(family)
                .arg(model)
                .arg(QLatin1String(name));
        };
        const auto intel = [](const char* name) {
            return QStringLiteral("vendor_id\t: GenuineIntel\nmodel name\t: %1\n")
                .arg(QLatin1String(name));
        };
        QTest::newRow("Ryzen 7 1700 (Zen)") << amd(23, 1, "AMD Ryzen 7 1700") + avx2 << 16u;
        QTest::newRow("Ryzen 9 3950X (Zen 2)") << amd(23, 113, "AMD Ryzen 9 3950X") + avx2 << 32u;
        QTest::newRow("N100") << intel("Intel(R) N100") + avx2 << 16u;
        QTest::newRow("i3-N305") << intel("Intel(R) Core(TM) i3-N305") + avx2 << 16u;
        QTest::newRow("Ryzen 9 9950X (Zen 5)") << amd(26, 68, "AMD Ryzen 9 9950X") + avx512 << 64u;
        QTest::newRow("Ryzen AI 9 HX 370")
            << amd(26, 36, "AMD Ryzen AI 9 HX 370 w/ Radeon 890M") + avx512 << 32u;
        QTest::newRow("Ryzen 9 7950X (Zen 4)") << amd(25, 97, "AMD Ryzen 9 7950X") + avx512 << 32u;
        QTest::newRow("Xeon Platinum 8380")
            << intel("Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz") + avx512 << 64u;
        QTest::newRow("Xeon Silver 4210")
            << intel("Intel(R) Xeon(R) Silver 4210 CPU") + avx512 << 32u;
    }
    void flopByFamily()
    {
        QFETCH(QString, cpuinfo);
        QFETCH(uint, flop);
        const CpuInfo c = parseCpuinfo("processor\t: 0\n" + cpuinfo.toStdString());
        QCOMPARE(c.fp32_flop_per_clock, flop);
    }

    void implausibleInputs()
    {
        // A clock of 1 kHz or 20 GHz is no core's: the peak falls back to 150 GFLOP/s a core
        // and says why; a power limit under 1 W is ignored.
        for (const int khz : {1, 20000000}) {
            QTemporaryDir dir;
            const fs::path root = dir.path().toStdString();
            write(root / "proc/cpuinfo", cpuinfo("X", 4, 0, kAvx2));
            clocks(root, 0, 4, khz, 0);
            const SystemInfo info = detect(root);
            QCOMPARE(info.cpu_peak.gflops, 0.0);
            QVERIFY(info.cpu_peak.why.find("a clock of 0.2 to 7 GHz") != std::string::npos);
        }
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        write(root / "proc/cpuinfo", cpuinfo("X", 4, 0, kAvx2));
        clocks(root, 0, 4, 4000000, 1800000);
        write(root / "sys/class/powercap/intel-rapl:0/constraint_0_name", "long_term\n");
        write(root / "sys/class/powercap/intel-rapl:0/constraint_0_power_limit_uw", "1\n");
        const SystemInfo info = detect(root);
        QVERIFY(!info.cpu_peak.base_clock);
        QCOMPARE(info.cpu_peak.gflops, 512.0); // 4 × 4.0 × 32
        // No /proc/cpuinfo: no peak, and the line says so.
        QTemporaryDir empty;
        const SystemInfo none = detect(empty.path().toStdString());
        QVERIFY2(cpuPeakText(none).rfind("FP32 peak unknown (/proc/cpuinfo: no such file)", 0) == 0,
                 cpuPeakText(none).c_str());
    }

    void withoutClocks()
    {
        // No cpufreq (a virtual machine): 150 GFLOP/s a core, and the note says why.
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        write(root / "proc/cpuinfo", cpuinfo("Intel(R) Xeon(R) Processor", 2, 0, kAvx2));
        const SystemInfo info = detect(root);
        QCOMPARE(info.cpu_peak.gflops, 0.0);
        const GpuSpec g = cpuMachine(info);
        QCOMPARE(*g.bf16_tflops, 0.3);
        QVERIFY2(g.notes.find("FP32 peak taken as 150 GFLOP/s a core "
                              "(/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq could not "
                              "be read as a clock of 0.2 to 7 GHz)") != std::string::npos,
                 g.notes.c_str());
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSystemCpu)
#include "tst_system_cpu.moc"
