// The speed calibration the app states on screen ("off by 18% (median)") is what the published
// measurements in docs/data/speed-measurements.json give against the estimates, worked out here
// as scripts/calibration.py works out the table in docs/compute.md.
#include "llmsizer/catalog/preset.h"
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

int medianPercent(std::vector<double> errors)
{
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    const double median = n % 2 == 1 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
    return static_cast<int>(std::lround(100 * median));
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void summaryMatchesTheMeasurements()
    {
        const json rows =
            readJsonFile(std::string(LLMSIZER_TEST_DOCS_DIR) + "/data/speed-measurements.json");
        std::vector<double> decode;
        std::vector<double> prefill;
        for (const json& m : rows) {
            RunQuery q;
            q.hardware.gpu = testsupport::bundledCatalog().at(m.at("gpu").get<std::string>());
            q.hardware.gpus = m.at("gpus").get<std::uint64_t>();
            q.runtime = runtimeById(m.at("runtime").get<std::string>());
            q.context = m.at("context").get<std::uint64_t>();
            q.batch = m.at("batch").get<std::uint64_t>();
            q.prompt = m.at("prompt").get<std::uint64_t>();
            const ModelConfig c = testsupport::bundledPreset(m.at("preset").get<std::string>());
            const RunRow r = evaluateRun(c, countParameters(c),
                                         precisionById(m.at("precision").get<std::string>()), q);
            const QString what = QString::fromStdString(m.at("preset").get<std::string>() + " on " +
                                                        m.at("gpu").get<std::string>());
            QVERIFY2(r.decode_tokens_per_s.has_value(), qPrintable(what));
            const double d = *r.decode_tokens_per_s / static_cast<double>(q.batch);
            const double md = m.at("measured_decode_tokens_per_s").get<double>();
            decode.push_back(std::abs(d - md) / md);
            if (!m.at("measured_prefill_tokens_per_s").is_null() && r.prefill_tokens_per_s) {
                const double mp = m.at("measured_prefill_tokens_per_s").get<double>();
                prefill.push_back(std::abs(*r.prefill_tokens_per_s - mp) / mp);
            }
        }
        const CalibrationSummary s = calibrationSummary();
        QCOMPARE(static_cast<int>(decode.size()), s.decode_measurements);
        QCOMPARE(static_cast<int>(prefill.size()), s.prefill_measurements);
        QCOMPARE(medianPercent(decode), s.decode_median_error_percent);
        QCOMPARE(medianPercent(prefill), s.prefill_median_error_percent);
        QVERIFY(decode.size() >= 8); // the calibration rests on at least eight measurements
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
