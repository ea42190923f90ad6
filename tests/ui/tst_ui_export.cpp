// Exports of the comparison view: the table files parse back with the core's numbers (CSV columns
// and cells, JSON rows and values, Markdown byte for byte), chart images are real pictures in the
// palette's colours (PNG at twice the size, SVG that renders), the clipboard gets the image, and
// a failed export names the file and leaves an existing file whole.
#include "llmsizer/present/table.h"
#include "support/test_main.h"
#include "ui/compare/comparepanel.h"
#include "ui/kit/export.h"
#include "ui/kit/palette.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/exportfacts.h"
#include "ui/state/startup.h"

#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QLocale>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

struct Fixture {
    QTemporaryDir dir;
    std::unique_ptr<ConfigModel> model;
    std::unique_ptr<ComparisonModel> comparison;
    std::unique_ptr<ComparePanel> panel;

    Fixture()
    {
        model = std::make_unique<ConfigModel>();
        loadCatalogs(*model);
        model->selectPreset(QStringLiteral("llama-3-70b"));
        comparison = std::make_unique<ComparisonModel>(model.get());
        for (const char* id : {"llama-3-70b", "llama-2-70b", "mixtral-8x22b"}) {
            comparison->addPreset(QString::fromLatin1(id));
        }
        // A name that needs CSV quoting and Markdown escaping.
        model->setKnob(Knob::Layers, 40);
        comparison->add({"Half \"Llama\", 40 | layers", "", model->config()});
        panel = std::make_unique<ComparePanel>(comparison.get(), model.get());
        panel->resize(1600, 1000);
        panel->show();
    }

    QString path(const char* name) const { return dir.filePath(QString::fromLatin1(name)); }
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// RFC 4180 fields of one record (quoted fields may hold commas and doubled quotes).
QStringList csvFields(const QString& line)
{
    QStringList out;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            out << field;
            field.clear();
        } else {
            field += c;
        }
    }
    out << field;
    return out;
}

// How many pixels of the image have (almost) this colour.
int countColour(const QImage& image, const QColor& colour)
{
    int n = 0;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            const QColor p = image.pixelColor(x, y);
            if (std::abs(p.red() - colour.red()) <= 2 &&
                std::abs(p.green() - colour.green()) <= 2 &&
                std::abs(p.blue() - colour.blue()) <= 2) {
                ++n;
            }
        }
    }
    return n;
}

} // namespace

class TestUiExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void csvParsesBack();
    void jsonParsesBack();
    void markdownIsTheCoreText();
    void pngShowsTheChart_data();
    void pngShowsTheChart();
    void svgRenders();
    void clipboardGetsTheImage();
    void failuresNameTheFile();
};

void TestUiExport::initTestCase()
{
    QLocale::setDefault(QLocale::c());
}

void TestUiExport::csvParsesBack()
{
    Fixture f;
    const QString file = f.path("comparison.csv");
    QCOMPARE(f.panel->exportTable(file), QString());
    // The table, then a row saying what it is about: the compared models and the workload.
    ComparisonTable table = f.comparison->table();
    table.caption = compareCaption(*f.model, *f.comparison).toStdString();
    QVERIFY2(table.caption.find(" vs ") != std::string::npos, table.caption.c_str());
    const QByteArray bytes = readAll(file);
    QCOMPARE(bytes.toStdString(), tableToCsv(table));
    QStringList lines = QString::fromUtf8(bytes).split(QStringLiteral("\r\n"));
    QCOMPARE(lines.takeLast(), QString()); // ends with CRLF
    QCOMPARE(csvFields(lines.takeLast()).at(0), QStringLiteral("export.caption"));
    QCOMPARE(lines.size(), static_cast<qsizetype>(table.rows.size() + 1));
    QStringList header{QStringLiteral("key"), QStringLiteral("label"), QStringLiteral("unit"),
                       QStringLiteral("differs")};
    for (const std::string& name : table.names) {
        header << QString::fromStdString(name);
    }
    QCOMPARE(csvFields(lines[0]), header);
    QCOMPARE(header.last(), QStringLiteral("Half \"Llama\", 40 | layers"));
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const TableRow& row = table.rows[r];
        const QStringList fields = csvFields(lines[static_cast<qsizetype>(r + 1)]);
        QCOMPARE(fields.size(), header.size());
        QCOMPARE(fields[0], QString::fromStdString(row.key));
        QCOMPARE(fields[3], row.differs ? QStringLiteral("true") : QStringLiteral("false"));
        for (std::size_t c = 0; c < row.cells.size(); ++c) {
            const QString v = fields[static_cast<qsizetype>(c + 4)];
            const TableCell& cell = row.cells[c];
            bool ok = false;
            if (cell.integral) {
                QCOMPARE(v.toULongLong(&ok), cell.integer);
            } else {
                QCOMPARE(v.toDouble(&ok), cell.real);
            }
            QVERIFY2(ok, qPrintable(v));
        }
    }
}

void TestUiExport::jsonParsesBack()
{
    Fixture f;
    f.model->setUnits(ByteUnits::Binary);
    const QString file = f.path("comparison.json");
    QCOMPARE(f.panel->exportTable(file), QString());
    const nlohmann::json j = nlohmann::json::parse(readAll(file).toStdString());
    const ComparisonTable& table = f.comparison->table();
    QCOMPARE(j.at("names").get<std::vector<std::string>>(), table.names);
    QCOMPARE(j.at("units").get<std::string>(), std::string("GiB"));
    QCOMPARE(j.at("context").get<std::uint64_t>(), f.comparison->context());
    QCOMPARE(j.at("rows").size(), table.rows.size());
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const nlohmann::json& row = j.at("rows").at(r);
        QCOMPARE(row.at("key").get<std::string>(), table.rows[r].key);
        QCOMPARE(row.at("differs").get<bool>(), table.rows[r].differs);
        for (std::size_t c = 0; c < table.names.size(); ++c) {
            const TableCell& cell = table.rows[r].cells[c];
            const nlohmann::json& v = row.at("cells").at(c);
            if (cell.integral) {
                QCOMPARE(v.at("value").get<std::uint64_t>(), cell.integer);
            } else {
                QCOMPARE(v.at("value").get<double>(), cell.real);
            }
            QCOMPARE(v.at("text").get<std::string>(), cell.text);
        }
    }
    const nlohmann::json* total = nullptr;
    for (const nlohmann::json& row : j.at("rows")) {
        if (row.at("key") == "total_params") {
            total = &row;
        }
    }
    QVERIFY(total != nullptr);
    QCOMPARE(total->at("cells").at(0).at("value").get<std::uint64_t>(), 70553706496ULL);
}

void TestUiExport::markdownIsTheCoreText()
{
    Fixture f;
    const QString file = f.path("comparison.md");
    QCOMPARE(f.panel->exportTable(file), QString());
    const QByteArray bytes = readAll(file);
    ComparisonTable table = f.comparison->table();
    table.caption = compareCaption(*f.model, *f.comparison).toStdString();
    QCOMPARE(bytes.toStdString(), tableToMarkdown(table));
    QVERIFY(bytes.contains("Half \"Llama\", 40 \\| layers"));
    QVERIFY(bytes.contains("| **Total parameters** |"));
}

void TestUiExport::pngShowsTheChart_data()
{
    QTest::addColumn<int>("chart");
    QTest::addColumn<QString>("colourKey");
    QTest::newRow("parameters per component: MLP green")
        << static_cast<int>(ComparePanel::Chart::Components) << QStringLiteral("mlp");
    QTest::newRow("memory per precision: BF16 weights")
        << static_cast<int>(ComparePanel::Chart::Memory) << QStringLiteral("weights");
    QTest::newRow("pies: attention orange")
        << static_cast<int>(ComparePanel::Chart::Pies) << QStringLiteral("attention");
}

void TestUiExport::pngShowsTheChart()
{
    QFETCH(int, chart);
    QFETCH(QString, colourKey);
    Fixture f;
    const auto which = static_cast<ComparePanel::Chart>(chart);
    const QString file = f.path("chart.png");
    QCOMPARE(f.panel->exportChart(which, file), QString());
    const QImage image(file);
    QVERIFY(!image.isNull());
    // LLMSIZER_KEEP_EXPORTS=DIR keeps the images for a look.
    const QString keep = qEnvironmentVariable("LLMSIZER_KEEP_EXPORTS");
    if (!keep.isEmpty()) {
        QFile::copy(file, QDir(keep).filePath(QStringLiteral("%1.png").arg(chart)));
    }
    // The chart, and below it the caption strip naming the models and the workload.
    QWidget* w = f.panel->chartWidget(which);
    const int strip = captionHeight(w, compareCaption(*f.model, *f.comparison), w->width());
    QVERIFY(strip > 0);
    QCOMPARE(image.size(), QSize(w->width(), w->height() + strip) * 2);
    QVERIFY2(countColour(image, componentColor(colourKey, false)) > 100,
             "the chart's bars or slices are missing");
}

void TestUiExport::svgRenders()
{
    Fixture f;
    for (auto chart : {ComparePanel::Chart::Components, ComparePanel::Chart::Memory,
                       ComparePanel::Chart::Pies}) {
        const QString file = f.path("chart.svg");
        QCOMPARE(f.panel->exportChart(chart, file), QString());
        const QByteArray svg = readAll(file);
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svg.contains(f.panel->chartName(chart).toUtf8()));
        // Vector shapes in the component colours, not one embedded bitmap.
        QVERIFY(svg.contains("<path") || svg.contains("<polygon") || svg.contains("<rect"));
        QVERIFY(!svg.contains("<image"));
        QVERIFY(svg.contains(componentColor(u"attention", false).name().toUtf8()) ||
                svg.contains(componentColor(u"weights", false).name().toUtf8()));
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QWidget* w = f.panel->chartWidget(chart);
        QCOMPARE(renderer.viewBox(),
                 QRect(0, 0, w->width(),
                       w->height() +
                           captionHeight(w, compareCaption(*f.model, *f.comparison), w->width())));
    }
}

void TestUiExport::clipboardGetsTheImage()
{
    Fixture f;
    f.panel->copyChart(ComparePanel::Chart::Memory);
    const QImage image = QGuiApplication::clipboard()->image();
    QVERIFY(!image.isNull());
    QWidget* w = f.panel->chartWidget(ComparePanel::Chart::Memory);
    const int strip = captionHeight(w, compareCaption(*f.model, *f.comparison), w->width());
    // At projector resolution: at least 1,920 pixels wide (a full-HD slide) and at least twice
    // the chart's size, its proportions kept.
    const QSize logical(w->width(), w->height() + strip);
    QVERIFY2(image.width() >= 1920, qPrintable(QString::number(image.width())));
    QCOMPARE(image.size(), logical * std::max(2.0, 1920.0 / logical.width()));
}

void TestUiExport::failuresNameTheFile()
{
    Fixture f;
    const QString missingDir = f.path("no/such/dir/table.csv");
    const QString error = f.panel->exportTable(missingDir);
    QVERIFY2(error.startsWith(missingDir + QStringLiteral(": ")), qPrintable(error));
    QCOMPARE(f.panel->message(), error);
    QVERIFY(f.panel->exportTable(f.path("table.xlsx")).contains(QStringLiteral("use .csv")));
    QVERIFY(f.panel->exportChart(ComparePanel::Chart::Pies, f.path("pies.gif"))
                .contains(QStringLiteral("use .png or .svg")));
    // An existing file is replaced whole, or not at all: a target that is a directory fails and
    // stays a directory; an existing CSV is overwritten only by a complete new table.
    QVERIFY(QDir(f.dir.path()).mkdir(QStringLiteral("taken.csv")));
    QVERIFY(!f.panel->exportTable(f.path("taken.csv")).isEmpty());
    QVERIFY(QFileInfo(f.path("taken.csv")).isDir());
    const QString csv = f.path("old.csv");
    QCOMPARE(saveFileAtomically(csv, "old\r\n"), QString());
    QCOMPARE(f.panel->exportTable(csv), QString());
    ComparisonTable table = f.comparison->table();
    table.caption = compareCaption(*f.model, *f.comparison).toStdString();
    QCOMPARE(readAll(csv).toStdString(), tableToCsv(table));
    QCOMPARE(QDir(f.dir.path()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral("old")),
             QStringList{QStringLiteral("old.csv")});
    // Success clears the message line.
    QCOMPARE(f.panel->message(), QString());
}

LLMSIZER_TEST_MAIN(TestUiExport)
#include "tst_ui_export.moc"
