// The speed model on CPU-only machines against published llama-bench runs (docs/compute.md,
// "CPU-only machines"; docs/data/speed-cpu.json): each CPU entered as its maker lists it (cores,
// max boost clock, or its base clock when it is held to 30 W or less, as a detected machine is
// counted; FP32 FLOP a clock, memory channels), the calibration rows within 15 % of their pp512,
// and the held-out rows within the bounds and the errors the app and the CLI state
// (calibrationSummary).
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/local/system.h"
#include "llmsizer/shape/runs.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace llmsizer;
using nlohmann::json;

namespace {

const json& data()
{
    static const json d =
        readJsonFile(std::string(LLMSIZER_TEST_DOCS_DIR) + "/data/speed-cpu.json");
    return d;
}

const json& cpuEntry(const std::string& id)
{
    for (const json& c : data().at("cpus")) {
        if (c.at("id") == id) {
            return c;
        }
    }
    throw std::out_of_range(id);
}

// The row of `runs` at 512 prompt tokens on the CPU, as scripts/calibration_cpu.py asks it.
RunRow estimate(const json& m)
{
    const json& c = cpuEntry(m.at("cpu").get<std::string>());
    GpuSpec g = testsupport::bundledCatalog().at("cpu-ddr5-5600-2ch-64gb");
    g.cpu_cores = c.at("cpu_cores").get<std::uint32_t>();
    const bool base = c.at("tdp_w").get<double>() <= kPowerLimitedWatts && c.contains("base_ghz") &&
                      c.at("base_ghz").is_number();
    const double ghz = c.at(base ? "base_ghz" : "boost_ghz").get<double>();
    g.bf16_tflops =
        c.at("cpu_cores").get<double>() * ghz * c.at("fp32_flop_per_clock").get<double>() / 1000;
    g.bandwidth_gb_s = c.at("bandwidth_gb_s").get<double>();
    RunQuery q;
    q.hardware.gpu = g;
    q.hardware.gpus = 1;
    q.runtime = runtimeProfile(Runtime::LlamaCpp);
    q.context = 640;
    q.prompt = 512;
    const Preset& p = testsupport::bundledPresetEntry(m.at("preset").get<std::string>());
    return evaluateRun(
        RunModel{p.config, countParameters(p.config), p.shipped_precision, presetFp8Checkpoint(p)},
        precisionById(m.at("precision").get<std::string>()), q);
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

QString what(const json& m)
{
    return QString::fromStdString(m.at("preset").get<std::string>() + " " +
                                  m.at("published_precision").get<std::string>() + " on " +
                                  m.at("cpu").get<std::string>());
}

} // namespace

class TestCalibrationCpu : public QObject {
    Q_OBJECT
private slots:
    void calibrationRowsWithin15Percent()
    {
        int n = 0;
        for (const json& m : data().at("rows")) {
            if (m.at("set") != "calibration") {
                continue;
            }
            const RunRow r = estimate(m);
            QVERIFY2(r.prefill_tokens_per_s.has_value(), qPrintable(what(m)));
            const double measured = m.at("pp").get<double>();
            QVERIFY2(std::abs(*r.prefill_tokens_per_s - measured) <= 0.15 * measured,
                     qPrintable(what(m) + QStringLiteral(": %1").arg(*r.prefill_tokens_per_s)));
            ++n;
        }
        QCOMPARE(n, 5);
    }

    // The held-out rows against the bounds of the speed model's issue: medians of at most 20 %
    // (prefill) and 10 % (decode), no prefill beyond ±60 % and no decode beyond ±35 %, but for
    // one part: the 6 W N100, whose maker states no base clock to count it at (85 % and 73 %
    // fast, said in docs/compute.md). The medians are the figures the app and the CLI state.
    void heldOutError()
    {
        std::vector<double> decode;
        std::vector<double> prefill;
        for (const json& m : data().at("rows")) {
            if (m.at("set") != "held-out") {
                continue;
            }
            const RunRow r = estimate(m);
            const bool noBaseClock = cpuEntry(m.at("cpu").get<std::string>()).at("tdp_w") <= 6;
            if (!m.at("pp").is_null()) {
                QVERIFY2(r.prefill_tokens_per_s.has_value(), qPrintable(what(m)));
                const double mp = m.at("pp").get<double>();
                prefill.push_back(std::abs(*r.prefill_tokens_per_s - mp) / mp);
                QVERIFY2(noBaseClock || prefill.back() <= 0.60, qPrintable(what(m)));
            }
            if (!m.at("tg").is_null()) {
                QVERIFY2(r.decode_tokens_per_s.has_value(), qPrintable(what(m)));
                const double md = m.at("tg").get<double>();
                decode.push_back(std::abs(*r.decode_tokens_per_s - md) / md);
                QVERIFY2(noBaseClock || decode.back() <= 0.35, qPrintable(what(m)));
            }
        }
        QVERIFY(median(prefill) <= 0.20);
        QVERIFY(median(decode) <= 0.10);
        const CalibrationSummary s = calibrationSummary();
        QCOMPARE(static_cast<int>(decode.size()), s.cpu_decode_measurements);
        QCOMPARE(static_cast<int>(prefill.size()), s.cpu_prefill_measurements);
        QCOMPARE(static_cast<int>(std::lround(100 * median(decode))),
                 s.cpu_decode_median_error_percent);
        QCOMPARE(static_cast<int>(std::lround(100 * median(prefill))),
                 s.cpu_prefill_median_error_percent);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCalibrationCpu)
#include "tst_calibration_cpu.moc"
