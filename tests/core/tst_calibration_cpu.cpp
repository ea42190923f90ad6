// The speed model on CPU-only machines against published llama-bench runs (docs/compute.md,
// "CPU-only machines"; docs/data/speed-cpu.json): each CPU entered as its maker lists it (cores,
// max boost clock, FP32 FLOP a clock, memory channels), the calibration rows within 15 % of
// their pp512, and the held-out rows within the errors the app and the CLI state
// (calibrationSummary).
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/json/jsonio.h"
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
    g.bf16_tflops = c.at("cpu_cores").get<double>() * c.at("boost_ghz").get<double>() *
                    c.at("fp32_flop_per_clock").get<double>() / 1000;
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

    // The held-out rows: every CPU above 15 W within 30 % in prefill and 20 % in decode (the
    // 15 W and 6 W parts run far below the boost clock their peak is counted at, and are
    // estimated up to twice too fast: said in docs/compute.md); a K-quant file other than Q4_K
    // is held to the decode bound only: mainline llama.cpp had no fast CPU matrix kernel for it
    // (Q5_K_S on a 7950X prefilled at 75.88 t/s where Q4_0 ran at 153.52, ik_llama.cpp PR 132 and
    // discussion 164), which the estimate does not model. The medians of all rows are the
    // figures the app and the CLI state.
    void heldOutError()
    {
        std::vector<double> decode;
        std::vector<double> prefill;
        for (const json& m : data().at("rows")) {
            if (m.at("set") != "held-out") {
                continue;
            }
            const RunRow r = estimate(m);
            const bool powerLimited = cpuEntry(m.at("cpu").get<std::string>()).at("tdp_w") <= 15;
            if (!m.at("pp").is_null()) {
                QVERIFY2(r.prefill_tokens_per_s.has_value(), qPrintable(what(m)));
                const double mp = m.at("pp").get<double>();
                prefill.push_back(std::abs(*r.prefill_tokens_per_s - mp) / mp);
                const std::string type = m.at("published_precision").get<std::string>();
                const bool slowKQuant = type.rfind("Q5_K", 0) == 0 || type.rfind("Q6_K", 0) == 0 ||
                                        type.rfind("Q3_K", 0) == 0 || type.rfind("Q2_K", 0) == 0;
                QVERIFY2(powerLimited || slowKQuant || prefill.back() <= 0.30, qPrintable(what(m)));
            }
            if (!m.at("tg").is_null()) {
                QVERIFY2(r.decode_tokens_per_s.has_value(), qPrintable(what(m)));
                const double md = m.at("tg").get<double>();
                decode.push_back(std::abs(*r.decode_tokens_per_s - md) / md);
                QVERIFY2(powerLimited || decode.back() <= 0.20, qPrintable(what(m)));
            }
        }
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
