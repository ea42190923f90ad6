// The app under a decimal-comma locale: QApplication sets the C library's locale from LC_ALL,
// and the summary still shows a '.' decimal point and ',' thousands separators.
#include "support/test_main.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QApplication>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <array>
#include <clocale>
#include <cstdio>
#include <memory>

using namespace llmsizer::ui;

class TestUiLocale : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const char* numeric = std::setlocale(LC_NUMERIC, nullptr);
        if (numeric == nullptr || QByteArray(numeric).toLower() != "de_de.utf-8") {
            QSKIP("the de_DE.UTF-8 locale is not generated on this machine (scripts/deps.sh "
                  "generates it)");
        }
        std::array<char, 16> buf{};
        std::snprintf(buf.data(), buf.size(), "%.1f", 1.5);
        QCOMPARE(QByteArray(buf.data()), QByteArray("1,5"));
    }

    // Llama 3 70B: 70,553,706,496 parameters (Meta's model card). FP16 weights: 2 bytes each =
    // 141,107,412,992 bytes = 141.1 GB. KV cache per token at FP16: K and V × 80 layers × 8 KV
    // heads × 128 dimensions × 2 bytes = 327,680 bytes = 327.7 KB.
    void summaryUnderGermanLocale()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("settings.ini")));
        ConfigModel model;
        QVERIFY(loadCatalogs(model).isEmpty());
        MainWindow window(&model, &settings);
        window.restoreSettings();
        model.selectPreset(QStringLiteral("llama-3-70b"));
        const SummaryPanel* s = window.summaryPanel();
        QCOMPARE(s->figure(QStringLiteral("total")), QStringLiteral("70,553,706,496 (70.6B)"));
        QCOMPARE(s->figure(QStringLiteral("weights")), QStringLiteral("141.1 GB"));
        QVERIFY2(s->figure(QStringLiteral("kv_token")).startsWith(QStringLiteral("327.7 KB")),
                 qPrintable(s->figure(QStringLiteral("kv_token"))));
        QVERIFY2(s->figure(QStringLiteral("approx")).contains(QLatin1Char('.')),
                 qPrintable(s->figure(QStringLiteral("approx"))));
        for (const char* key : {"total", "active", "approx", "flops", "memory", "weights",
                                "kv_token", "kv_context"}) {
            const QString text = s->figure(QString::fromLatin1(key));
            // A decimal comma would show as a digit, a comma and one or two digits at the end of
            // a number ("141,1 GB"); thousands groups always have three digits.
            static const QRegularExpression decimalComma(QStringLiteral("\\d,\\d{1,2}(?!\\d)"));
            QVERIFY2(!decimalComma.match(text).hasMatch(),
                     qPrintable(QString::fromLatin1(key) + QStringLiteral(": ") + text));
        }
    }
};

static int unitMain(int argc, char** argv)
{
    qputenv("LC_ALL", "de_DE.UTF-8");
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestUiLocale test;
    return QTest::qExec(&test, argc, argv);
}

LLMSIZER_TEST_CUSTOM_MAIN(unitMain)
#include "tst_ui_locale.moc"
