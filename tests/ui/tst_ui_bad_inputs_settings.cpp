// A settings file the app did not write, or wrote with values it does not know: kept aside or
// named, never read into the app silently, never decoded by QDataStream.
#include "support/gpu_editor_fixture.h"
#include "tst_ui_bad_inputs.h"
#include "ui/state/settings.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace llmsizer::ui;
using llmsizer::test::readAll;
using llmsizer::test::writeAll;

void TestUiBadInputs::garbageSettingsAreKeptAside_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reason");
    QByteArray random(4096, '\0');
    QRandomGenerator rng(31); // fixed: the same 4 KB on every run
    for (char& c : random) {
        c = static_cast<char>(rng.bounded(256));
    }
    QTest::newRow("4 KB of random bytes") << random << QStringLiteral("is not UTF-8 text");
    QTest::newRow("a text that is not INI")
        << QByteArray("[memory]\nbinaryUnits=true\nhello world\n")
        << QStringLiteral("line 3 is neither a [section], a key=value nor a comment");
    QTest::newRow("a control character")
        << QByteArray("[memory]\nprecision=fp16\x1b[2J\n")
        << QStringLiteral("line 2 holds a control character (byte 0x1b)");
    // QSettings deserializes these with QDataStream: a string's claimed length (here 4 GB) is
    // allocated before anything is checked (found by the settings fuzz target).
    const QString serialized = QStringLiteral(
        "line 2 holds a serialized Qt value (@Variant…), which this app never writes");
    QTest::newRow("@Variant with a 4 G-character string")
        << QByteArray("[model]\nlastPreset=@Variant(\\0\\0\\0\\n\\xff\\xff\\xff\\xfe)\n")
        << serialized;
    QTest::newRow("@Variant spelled with an escaped @")
        << QByteArray("[model]\nlastPreset=\\x40Variant(\\0)\n") << serialized;
    QTest::newRow("@Variant behind a 16-bit wrap of \\x")
        << QByteArray("[model]\nlastPreset=\\x10040Variant(\\0)\n") << serialized;
    QTest::newRow("@Variant split by quotes")
        << QByteArray("[model]\nlastPreset=\"@Var\"\"iant(\\0)\"\n") << serialized;
    QTest::newRow("@DateTime as a list's second item")
        << QByteArray("[memory]\ngpus=h100-sxm-80gb, @DateTime(\\0)\n")
        << QStringLiteral("line 2 holds a serialized Qt value (@DateTime…), which this app never "
                          "writes");
    QTest::newRow("@Variant after a carriage return")
        << QByteArray("[model]\nlastPreset=x\rother=@Variant(\\0)\n") << serialized;
    QTest::newRow("@Variant on a continued line")
        << QByteArray("[model]\nlastPreset=a, \\\n@Variant(\\0)\n")
        << QStringLiteral("line 3 holds a serialized Qt value (@Variant…), which this app never "
                          "writes");
    // QSettings would read on to the next line, and the next ones, until a quote closes it.
    QTest::newRow("a quote left open")
        << QByteArray("[memory]\nprecision=\"bf16\nkvPrecision=fp8\"\n")
        << QStringLiteral("line 2 leaves a quote open");
    QTest::newRow("over 1 MiB") << QByteArray(1024 * 1024 + 1, '#')
                                << QStringLiteral("is larger than 1024 KiB");
}

// What QSettings writes itself stays readable: an escaped "@", a window geometry in escapes.
void TestUiBadInputs::escapedSettingValuesAreRead()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("settings.ini"));
    QVERIFY(writeAll(file, "[model]\nlastPreset=@@Variant(x)\n[window]\n"
                           "geometry=@ByteArray(\\x1\\xd9\\xd0\\xcb\\0\\x3@Variant\\0)\n"));
    const Settings settings(file);
    QCOMPARE(settings.problem(), QString());
    QCOMPARE(settings.lastPreset(), QStringLiteral("@Variant(x)"));
    QCOMPARE(settings.windowGeometry(), QByteArray("\x01\xd9\xd0\xcb\x00\x03@Variant\x00", 15));
}

// QSettings reads such a file without an error and replaced it with its own at the next save,
// without a word: the file is kept as NAME.unreadable, the defaults are used, said once.
void TestUiBadInputs::garbageSettingsAreKeptAside()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("settings.ini"));
    QVERIFY(writeAll(file, content));
    {
        Settings settings(file);
        QCOMPARE(settings.problem(),
                 QStringLiteral("%1: is not a settings file (%2); the defaults are used (the file "
                                "is kept as %1.unreadable)")
                     .arg(file, reason));
        QCOMPARE(settings.precision(), QStringLiteral("fp16"));
        settings.setLastPreset(QStringLiteral("gpt-2-small"));
    }
    QCOMPARE(readAll(file + QStringLiteral(".unreadable")), content);
    const Settings again(file);
    QCOMPARE(again.problem(), QString()); // said once
    QCOMPARE(again.lastPreset(), QStringLiteral("gpt-2-small"));
}

void TestUiBadInputs::unknownSettingValuesAreNamed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("settings.ini"));
    QVERIFY(writeAll(file, "[memory]\nprecision=fp17\nkvPrecision=fp3\noverhead=nope\n"
                           "[overview]\nchart=bars\n[teaching]\ntokensPerParam=0\n"
                           "[hardware]\nchoice=gpu=h100-sxm-80gb, gpus=99999\n"));
    const Settings settings(file);
    const QString f = file + QStringLiteral(": ");
    QCOMPARE(settings.problem().split(QLatin1Char('\n')),
             (QStringList{
                 f + QStringLiteral("memory/precision: 'fp17' is not a known precision (fp16 is "
                                    "used)"),
                 f + QStringLiteral("memory/kvPrecision: 'fp3' is not a known KV cache precision "
                                    "(fp16 is used)"),
                 f + QStringLiteral("memory/overhead: 'nope' is not a known runtime overhead "
                                    "(transformers is used)"),
                 f + QStringLiteral("teaching/tokensPerParam: '0' is not from 1 to 100000 tokens "
                                    "per parameter (20 is used)"),
                 f + QStringLiteral("overview/chart: 'bars' is not pie or diagram (pie is used)"),
                 f + QStringLiteral("hardware/choice: gpus=99999: must be an integer from 1 to "
                                    "65,536 (that item's default is used)")}));
}

// A value may hold an escaped newline or a right-to-left override: each problem stays one line,
// the value shown with its control characters escaped (found by the settings fuzz target: the
// message's second line read as another problem).
void TestUiBadInputs::settingValuesAreEchoedOnOneLine()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("settings.ini"));
    QVERIFY(writeAll(file, "[memory]\nbinaryUnits=tr\\nue\nprecision=bf1\\n6\n"
                           "[hardware]\nchoice=gpus=\xE2\x80\xAE"
                           "8\n"));
    const Settings settings(file);
    const QString f = file + QStringLiteral(": ");
    QCOMPARE(settings.problem().split(QLatin1Char('\n')),
             (QStringList{
                 f + QStringLiteral("memory/binaryUnits: 'tr\\x0Aue' is not true or false (false "
                                    "is used)"),
                 f + QStringLiteral("memory/precision: 'bf1\\x0A6' is not a known precision (fp16 "
                                    "is used)"),
                 f + QStringLiteral("hardware/choice: gpus=\\u202E8: must be an integer from 1 to "
                                    "65,536 (that item's default is used)")}));
}
