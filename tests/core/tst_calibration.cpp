// The speed model against published measurements (docs/compute.md, "Speed model"): every
// calibration row still gives the estimate recorded beside it (a change of the model or of a
// constant that moves one fails here, and the fit is to be redone with scripts/calibration.py),
// and the held-out rows — measurements the fit never saw — stay within the stated error, which
// is what the app and the CLI print (calibrationSummary).
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/shape/runs.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <set>

using namespace llmsizer;
using nlohmann::json;

namespace {

struct Estimate {
    std::optional<double> decode; // per sequence
    std::optional<double> prefill;
};

// The estimate `runs` gives for a measurement, at the machine it ran on: the whole machine's
// answer when the model needs fewer GPUs than the run used. Rows from spring-2024 llama.cpp
// builds take the fixed layer cost those builds paid (SpeedConstants::legacy_layer_us).
Estimate estimate(const json& m)
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(m.at("gpu").get<std::string>());
    q.hardware.gpus = m.at("gpus").get<std::uint64_t>();
    q.runtime = runtimeById(m.at("runtime").get<std::string>());
    // A run on an AMD Radeon names llama.cpp's backend (ROCm/HIP or Vulkan).
    if (m.contains("backend")) {
        q.runtime.llama_cpp.backend = llamaCppBackendById(m.at("backend").get<std::string>());
    }
    q.context = m.at("context").get<std::uint64_t>();
    q.batch = m.at("batch").get<std::uint64_t>();
    q.prompt = m.at("prompt").get<std::uint64_t>();
    const Preset& p = testsupport::bundledPresetEntry(m.at("preset").get<std::string>());
    const ParamCount count = countParameters(p.config);
    const RunRow r =
        evaluateRun(RunModel{p.config, count, p.shipped_precision, presetFp8Checkpoint(p)},
                    precisionById(m.at("precision").get<std::string>()), q);
    StepTerms decode = r.decode_terms;
    StepTerms prefill = r.prefill_terms;
    std::optional<double> d = r.decode_tokens_per_s;
    std::optional<double> pre = r.prefill_tokens_per_s;
    if (r.gpus != q.hardware.gpus && r.machine) {
        decode = r.machine->decode_terms;
        prefill = r.machine->prefill_terms;
        d = r.machine->decode_tokens_per_s;
        pre = r.machine->prefill_tokens_per_s;
    }
    if (m.value("legacy", false)) {
        SpeedConstants s = q.runtime.speed;
        s.layer_us = s.legacy_layer_us;
        d = static_cast<double>(q.batch) / stepSeconds(decode, s, false);
        if (pre) {
            pre = static_cast<double>(q.prompt) / stepSeconds(prefill, s, true);
        }
    }
    Estimate e;
    if (d) {
        e.decode = *d / static_cast<double>(q.batch);
    }
    e.prefill = pre;
    return e;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

json rows(const char* file)
{
    return readJsonFile(std::string(LLMSIZER_TEST_DOCS_DIR) + "/data/" + file);
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    // Each calibration row's estimate is the one recorded when the constants were fitted.
    void calibrationRowsDoNotDrift()
    {
        const json cal = rows("speed-calibration.json");
        QVERIFY(cal.size() >= 100);
        for (const json& m : cal) {
            const Estimate e = estimate(m);
            const QString what = QString::fromStdString(
                m.at("preset").get<std::string>() + " " + m.at("precision").get<std::string>() +
                " on " + std::to_string(m.at("gpus").get<int>()) + "× " +
                m.at("gpu").get<std::string>() + " (" + m.at("runtime").get<std::string>() + ")");
            QVERIFY2(e.decode.has_value(), qPrintable(what));
            const double recorded = m.at("estimated_decode_tokens_per_s").get<double>();
            QVERIFY2(std::abs(*e.decode - recorded) <= 0.005 * recorded,
                     qPrintable(
                         what +
                         QStringLiteral(": decode %1, recorded %2").arg(*e.decode).arg(recorded)));
            const json& rp = m.at("estimated_prefill_tokens_per_s");
            if (!rp.is_null()) {
                QVERIFY2(e.prefill &&
                             std::abs(*e.prefill - rp.get<double>()) <= 0.005 * rp.get<double>(),
                         qPrintable(what + QStringLiteral(": prefill")));
            }
        }
    }

    // The held-out rows: decode within 10 % at the median and 35 % at worst, prefill within 20 %
    // and 60 %, every row estimated; these are the figures the app and the CLI state. ERNIE 4.5
    // 21B-A3B on an RX 7900 XT under Vulkan, the MoE row that once missed the worst bound (+38 %
    // with one Vulkan figure for dense and MoE models), is at +17 % now that a MoE's routed
    // experts stream at a share of their own (vulkan_expert_efficiency; docs/compute.md, "Speed
    // model").
    void heldOutError()
    {
        const json held = rows("speed-heldout.json");
        std::vector<double> decode;
        std::vector<double> prefill;
        for (const json& m : held) {
            const Estimate e = estimate(m);
            const QString what = QString::fromStdString(m.at("preset").get<std::string>() + " on " +
                                                        m.at("gpu").get<std::string>());
            QVERIFY2(e.decode.has_value(), qPrintable(what));
            const double md = m.at("measured_decode_tokens_per_s").get<double>();
            decode.push_back(std::abs(*e.decode - md) / md);
            QVERIFY2(decode.back() <= 0.35, qPrintable(what));
            if (!m.at("measured_prefill_tokens_per_s").is_null()) {
                QVERIFY2(e.prefill.has_value(), qPrintable(what));
                const double mp = m.at("measured_prefill_tokens_per_s").get<double>();
                prefill.push_back(std::abs(*e.prefill - mp) / mp);
                QVERIFY2(prefill.back() <= 0.60, qPrintable(what));
            }
        }
        QVERIFY(median(decode) <= 0.10);
        QVERIFY(median(prefill) <= 0.20);
        const CalibrationSummary s = calibrationSummary();
        QCOMPARE(static_cast<int>(decode.size()), s.decode_measurements);
        QCOMPARE(static_cast<int>(prefill.size()), s.prefill_measurements);
        QCOMPARE(static_cast<int>(std::lround(100 * median(decode))),
                 s.decode_median_error_percent);
        QCOMPARE(static_cast<int>(std::lround(100 * median(prefill))),
                 s.prefill_median_error_percent);
    }

    // TensorRT-LLM's own runs are not fitted; what the app and the CLI say of them holds: the
    // decode error's median and largest as stated, dense models estimated high and DeepSeek-R1
    // (72.6 tok/s measured on 8 x H200) at less than half.
    void tensorRtRowsAsStated()
    {
        std::vector<double> errors;
        for (const json& m : rows("speed-tensorrt-llm.json")) {
            QCOMPARE(m.at("runtime").get<std::string>(), std::string("tensorrt-llm"));
            const Estimate e = estimate(m);
            const json& measured = m.at("measured_decode_tokens_per_s");
            if (measured.is_null()) {
                continue;
            }
            QVERIFY(e.decode.has_value());
            const double ratio = *e.decode / measured.get<double>();
            errors.push_back(std::abs(ratio - 1));
            if (m.at("preset") == "deepseek-r1") {
                QVERIFY2(ratio < 0.5, qPrintable(QString::number(ratio)));
            } else {
                QVERIFY2(ratio > 1, qPrintable(QString::number(ratio)));
            }
        }
        const CalibrationSummary s = calibrationSummary();
        QCOMPARE(static_cast<int>(errors.size()), s.tensorrt_decode_measurements);
        QCOMPARE(static_cast<int>(std::lround(100 * median(errors))),
                 s.tensorrt_decode_median_error_percent);
        QCOMPARE(
            static_cast<int>(std::lround(100 * *std::max_element(errors.begin(), errors.end()))),
            s.tensorrt_decode_max_error_percent);
    }

    // Every run on an AMD Radeon says which llama.cpp backend ran it, and both backends have
    // calibration rows and held-out rows.
    void radeonRowsNameTheirBackend()
    {
        for (const char* file : {"speed-calibration.json", "speed-heldout.json"}) {
            std::set<std::string> backends;
            for (const json& m : rows(file)) {
                const GpuSpec& g = testsupport::bundledCatalog().at(m.at("gpu").get<std::string>());
                if (g.memoryClass() == MemoryClass::GddrAmd) {
                    QVERIFY2(m.contains("backend"), file);
                    backends.insert(m.at("backend").get<std::string>());
                } else {
                    QVERIFY2(!m.contains("backend"), file);
                }
            }
            QVERIFY2((backends == std::set<std::string>{"rocm", "vulkan"}), file);
        }
    }

    // The two sets share no machine-and-source: a held-out row never repeats a calibration
    // row's source.
    void setsAreKeptApart()
    {
        const json cal = rows("speed-calibration.json");
        const json held = rows("speed-heldout.json");
        for (const json& h : held) {
            for (const json& c : cal) {
                QVERIFY(h.at("source") != c.at("source"));
            }
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
