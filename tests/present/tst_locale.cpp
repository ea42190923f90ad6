// Numbers as text do not follow the process locale: under de_DE.UTF-8 (decimal comma, '.' as the
// thousands separator) the core writes and reads a '.' decimal point, and llm-sizer-cli prints the
// same text as under the C locale.
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "support/cli_runner.h"
#include "support/test_main.h"

#include <QtTest>
#include <array>
#include <clocale>
#include <cstdio>

using namespace llmsizer;

namespace {

constexpr const char* kGerman = "de_DE.UTF-8";

// Llama 3 70B has 70,553,706,496 parameters (Meta's model card); at 2 bytes each (FP16) the
// weights take 141,107,412,992 bytes = 141.107... GB (1 GB = 1e9 bytes), shown as 141.11 GB.
constexpr std::uint64_t kLlama3_70b = 70553706496ULL;
constexpr std::uint64_t kLlama3_70bFp16Bytes = 2 * kLlama3_70b;

} // namespace

class TestLocale : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (std::setlocale(LC_ALL, kGerman) == nullptr) {
            QSKIP("the de_DE.UTF-8 locale is not generated on this machine (scripts/deps.sh "
                  "generates it)");
        }
        // The test means something only if the C library now writes a decimal comma.
        std::array<char, 16> buf{};
        std::snprintf(buf.data(), buf.size(), "%.1f", 1.5);
        QCOMPARE(QByteArray(buf.data()), QByteArray("1,5"));
    }

    void formats_data()
    {
        QTest::addColumn<QString>("got");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, const std::string& got, const char* expected) {
            QTest::newRow(name) << QString::fromStdString(got) << QString::fromUtf8(expected);
        };
        row("fixed", text::fixed(141.107412992, 2), "141.11");
        row("fixed rounds up", text::fixed(2.675, 1), "2.7");
        row("fixed no decimals", text::fixed(1234.5678, 0), "1235");
        row("signed positive", text::signedFixed(3.14159, 2), "+3.14");
        row("signed negative", text::signedFixed(-0.5, 1), "-0.5");
        row("general", text::general(3.5e23, 3), "3.5e+23");
        row("general small", text::general(0.000125, 2), "0.00013");
        row("scientific", text::scientific(1234.0, 3), "1.234e+03");
        row("shortest", text::shortest(0.1), "0.1");
        row("shortest large", text::shortest(1e40), "1e+40");
        row("plain decimal", text::plainDecimal(80), "80");
        row("plain decimal fraction", text::plainDecimal(989.4), "989.4");
        row("plain decimal small", text::plainDecimal(0.0001), "0.0001");
        row("plain decimal million", text::plainDecimal(1e6), "1000000");
        row("plain decimal negative", text::plainDecimal(-2.5), "-2.5");
        row("plain decimal huge", text::plainDecimal(1e120), "1e+120");
        row("short count", shortCount(kLlama3_70b), "70.6B");
        row("count with short", countWithShort(kLlama3_70b), "70,553,706,496 (70.6B)");
        row("bytes decimal", formatBytes(kLlama3_70bFp16Bytes, ByteUnits::Decimal), "141.11 GB");
        // 141,107,412,992 / 2^30 = 131.417... GiB
        row("bytes binary", formatBytes(kLlama3_70bFp16Bytes, ByteUnits::Binary), "131.42 GiB");
        row("signed thousands", signedThousands(-1234567), "-1,234,567");
        row("signed thousands minus sign", signedThousands(1234, "\u2212"), "+1,234");
        row("signed thousands zero", signedThousands(0), "0");
        // Shares as the pie's legend writes them: two significant digits, never an exponent
        // (Kimi K2's norms, 881,664 of 1,026,408,232,448 parameters).
        row("share", formatShare(0.643), "64.3%");
        row("share small", formatShare(0.0019), "0.19%");
        row("share tiny", formatShare(881'664.0 / 1'026'408'232'448.0), "0.000086%");
        row("share 0.00013%", formatShare(0.0000013), "0.00013%");
    }
    void formats()
    {
        QFETCH(QString, got);
        QFETCH(QString, expected);
        QCOMPARE(got, expected);
    }

    void parses_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("expected");
        QTest::newRow("exponent") << QStringLiteral("3.5e23") << true << 3.5e23;
        QTest::newRow("decimal point") << QStringLiteral("1.5") << true << 1.5;
        QTest::newRow("plus sign") << QStringLiteral("+2") << true << 2.0;
        QTest::newRow("decimal comma") << QStringLiteral("1,5") << false << 0.0;
        QTest::newRow("trailing text") << QStringLiteral("1.5x") << false << 0.0;
        QTest::newRow("infinite") << QStringLiteral("inf") << false << 0.0;
        QTest::newRow("out of range") << QStringLiteral("1e400") << false << 0.0;
        QTest::newRow("two signs") << QStringLiteral("+-1") << false << 0.0;
        QTest::newRow("empty") << QString() << false << 0.0;
    }
    void parses()
    {
        QFETCH(QString, input);
        QFETCH(bool, ok);
        QFETCH(double, expected);
        const std::optional<double> v = text::parseDouble(input.toStdString());
        QCOMPARE(v.has_value(), ok);
        if (ok) {
            QCOMPARE(*v, expected);
        }
    }

    // The budget view's input: 3.5e23 FLOPs is read as such under a decimal-comma locale.
    void budgetQuantity()
    {
        QCOMPARE(parseQuantity(" 3.5e23 ", "budget"), 3.5e23);
        QVERIFY_THROWS_EXCEPTION(InputError, parseQuantity("3,5e23", "budget"));
    }

    void cliUnderGermanLocale()
    {
        qputenv("LC_ALL", kGerman);
        const test::CliRun r = test::runCliAt(
            QStringLiteral(LLMSIZER_CLI_PATH),
            {QStringLiteral("memory"), QStringLiteral("--preset"), QStringLiteral("llama-3-70b")});
        qunsetenv("LC_ALL");
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QStringLiteral("70,553,706,496 (70.6B)")), r.out.constData());
        QVERIFY2(out.contains(QStringLiteral("141.11 GB")), r.out.constData());
        QVERIFY2(!out.contains(QStringLiteral("141,11")), r.out.constData());
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestLocale)
#include "tst_locale.moc"
