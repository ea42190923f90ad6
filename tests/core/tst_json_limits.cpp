// JSON reading stays linear in the size of the input: parsing (every reader's parseJsonText) and
// the user GPU catalog's duplicate-id check. Time is compared between an input and one 8 times
// larger, so that the test holds on a slow or busy machine: linear work takes about 8 times as
// long, quadratic work 64 times (the callback parser this replaced took 13 s for 200,000 small
// objects). The depth limit keeps its meaning at the boundary.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QElapsedTimer>
#include <QtTest>
#include <functional>
#include <string>

using namespace llmsizer;

namespace {

// {"x": [{"a": 1}, {"a": 1}, ...]}: n small objects in one array.
std::string smallObjects(int n)
{
    std::string text = R"({"x": [)";
    for (int i = 0; i < n; ++i) {
        text += i == 0 ? R"({"a": 1})" : R"(, {"a": 1})";
    }
    return text + "]}";
}

// A user catalog of n GPUs with distinct ids.
nlohmann::json catalog(int n)
{
    nlohmann::json gpus = nlohmann::json::array();
    for (int i = 0; i < n; ++i) {
        gpus.push_back({{"id", "gpu-" + std::to_string(i)},
                        {"name", "G"},
                        {"vendor", "V"},
                        {"memory_gb", 24},
                        {"bandwidth_gb_s", 1000}});
    }
    return {{"gpus", gpus}};
}

// Nanoseconds of the fastest of three runs (the least disturbed by other processes); a run of
// over a second is not repeated.
qint64 fastest(const std::function<void()>& work)
{
    qint64 best = -1;
    for (int i = 0; i < 3; ++i) {
        QElapsedTimer t;
        t.start();
        work();
        const qint64 ns = t.nsecsElapsed();
        best = best < 0 || ns < best ? ns : best;
        if (ns > 1'000'000'000) {
            break;
        }
    }
    return best;
}

// Linear work grows 8x for 8x the input; allow 3x that for noise (quadratic work grows 64x).
void expectLinear(qint64 small, qint64 large)
{
    const double ratio = static_cast<double>(large) / static_cast<double>(small);
    qInfo("8x the input: %.1f ms -> %.1f ms (%.1fx)", static_cast<double>(small) / 1e6,
          static_cast<double>(large) / 1e6, ratio);
    QVERIFY2(ratio < 24.0, qPrintable(QStringLiteral("8x the input took %1x the time (%2 ms)")
                                          .arg(ratio, 0, 'f', 1)
                                          .arg(static_cast<double>(large) / 1e6, 0, 'f', 0)));
}

std::string nested(int containers)
{
    return std::string(static_cast<std::size_t>(containers), '[') + "1" +
           std::string(static_cast<std::size_t>(containers), ']');
}

} // namespace

class TestJsonLimits : public QObject {
    Q_OBJECT
private slots:
    void parseIsLinear()
    {
        const std::string small = smallObjects(4'000);
        const std::string large = smallObjects(32'000);
        const qint64 a = fastest([&] { (void)parseJsonText(small, "small.json"); });
        const qint64 b = fastest([&] { (void)parseJsonText(large, "large.json"); });
        expectLinear(a, b);
        QCOMPARE(parseJsonText(large, "large.json").at("x").size(), std::size_t(32'000));
    }

    void gpuCatalogIsLinear()
    {
        const nlohmann::json small = catalog(4'000);
        const nlohmann::json large = catalog(32'000);
        const qint64 a = fastest([&] { (void)gpusFromJson(small, "u.json", true); });
        const qint64 b = fastest([&] { (void)gpusFromJson(large, "u.json", true); });
        expectLinear(a, b);
        // The duplicate check still finds a duplicate, and names the first use.
        nlohmann::json twice = large;
        twice["gpus"].push_back(twice["gpus"][31'999]);
        try {
            (void)gpusFromJson(twice, "u.json", true);
            QFAIL("a duplicate id was accepted");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("u.json: gpus[32000].id: 'gpu-31999' is already used by "
                                 "gpus[31999]"));
        }
    }

    // 64 levels are read: a value inside 64 nested arrays is at depth 64 (the top-level value is
    // at depth 0); one more level is refused.
    void depthLimitBoundary()
    {
        QCOMPARE(parseJsonText(nested(64), "d.json").size(), std::size_t(1));
        QVERIFY_THROWS_EXCEPTION(InputError, parseJsonText(nested(65), "d.json"));
    }

    // The value limit: exactly maxValues values are read, one more is refused.
    void valueLimitBoundary()
    {
        JsonLimits limits;
        limits.maxValues = 5;
        QCOMPARE(parseJsonText("[1, 2, 3, 4]", "v.json", limits).size(), std::size_t(4));
        try {
            (void)parseJsonText("[1, 2, 3, 4, 5]", "v.json", limits);
            QFAIL("six values were accepted under a limit of five");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("v.json: holds more than 5 JSON values (the limit for this kind "
                                 "of file)"));
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestJsonLimits)
#include "tst_json_limits.moc"
