// Editing the comparison: adding the edited model, the limit of four, removing and reordering (by
// the model and by the chips' buttons), and the empty comparison; the table and the charts follow
// each change with the core's numbers.
#include "support/compare_fixture.h"
#include "support/test_main.h"
#include "ui/charts/comparechartbars.h"
#include "ui/charts/comparechartpies.h"

#include <QFontMetricsF>
#include <QHeaderView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace llmsizer;
using namespace llmsizer::ui;
using namespace llmsizer::test;

class TestUiCompareEdit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void addCurrentAndLimit();
    void removeAndReorder();
    void chipButtons();
    void emptyComparison();
    void fewerModelsRelabelTheAxes();
    void contextStepEditsCells();
};

void TestUiCompareEdit::addCurrentAndLimit()
{
    CompareFixture f({QStringLiteral("llama-2-70b")});
    f.model->setKnob(Knob::Layers, 40);
    QVERIFY(f.model->isModified());
    QSignalSpy changed(f.comparison.get(), &ComparisonModel::changed);
    QTest::mouseClick(f.panel->addCurrentButton(), Qt::LeftButton);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(f.comparison->size(), 2);
    const SessionModel& added = f.comparison->entries().back();
    QCOMPARE(added.name, std::string("Llama 3 8B (edited)"));
    QVERIFY(added.preset_id.empty());
    QVERIFY(added.config == f.model->config());
    compareTable(f.panel->tableModel(), f.expectedTable());
    QCOMPARE(f.comparison->addPreset(QStringLiteral("gpt-2-small")), QString());
    QCOMPARE(f.comparison->addPreset(QStringLiteral("no-such-model")),
             QStringLiteral("unknown preset 'no-such-model'"));
    QCOMPARE(f.comparison->addPreset(QStringLiteral("mistral-7b")), QString());
    QVERIFY(f.comparison->isFull());
    QVERIFY(!f.panel->addCurrentButton()->isEnabled());
    const int recomputes = f.comparison->recomputeCount();
    const QString refused = f.comparison->addPreset(QStringLiteral("phi-3-mini"));
    QVERIFY(refused.contains(QStringLiteral("at most 4")));
    QCOMPARE(f.comparison->size(), 4);
    QCOMPARE(f.comparison->recomputeCount(), recomputes);
}

void TestUiCompareEdit::removeAndReorder()
{
    CompareFixture f(kFourCompared);
    QSignalSpy changed(f.comparison.get(), &ComparisonModel::changed);
    QVERIFY(f.comparison->move(3, 0)); // Qwen first
    QCOMPARE(changed.size(), 1);
    QCOMPARE(f.comparison->entries()[0].preset_id, std::string("qwen2.5-72b"));
    QCOMPARE(f.comparison->entries()[1].preset_id, std::string("llama-3-70b"));
    compareTable(f.panel->tableModel(), f.expectedTable());
    QCOMPARE(f.panel->componentsChart()->categories().front(), QStringLiteral("Qwen2.5 72B"));
    QVERIFY(f.comparison->remove(2)); // Llama 2 70B
    QCOMPARE(changed.size(), 2);
    QCOMPARE(f.comparison->size(), 3);
    QCOMPARE(f.panel->pies()->pieCount(), 3);
    compareTable(f.panel->tableModel(), f.expectedTable());
    QVERIFY(!f.comparison->remove(3));
    QVERIFY(!f.comparison->move(0, 3));
    QCOMPARE(changed.size(), 2);
}

void TestUiCompareEdit::chipButtons()
{
    CompareFixture f(kFourCompared);
    auto* right = f.panel->findChild<QToolButton*>(QStringLiteral("right0"));
    QVERIFY(right != nullptr);
    QTest::mouseClick(right, Qt::LeftButton);
    QTRY_COMPARE(f.comparison->entries()[1].preset_id, std::string("llama-3-70b"));
    auto* remove = f.panel->findChild<QToolButton*>(QStringLiteral("remove3"));
    QVERIFY(remove != nullptr);
    QTest::mouseClick(remove, Qt::LeftButton);
    QTRY_COMPARE(f.comparison->size(), 3);
    QCOMPARE(f.comparison->entries()[2].preset_id, std::string("mixtral-8x22b"));
    auto* left = f.panel->findChild<QToolButton*>(QStringLiteral("left0"));
    QVERIFY(left != nullptr);
    QVERIFY(!left->isEnabled());
}

void TestUiCompareEdit::emptyComparison()
{
    CompareFixture f;
    QCOMPARE(f.comparison->size(), 0);
    QCOMPARE(f.panel->tableModel()->rowCount(), 0);
    QCOMPARE(f.panel->pies()->pieCount(), 0);
    QVERIFY(f.panel->componentsChart()->categories().isEmpty());
    QCOMPARE(f.comparison->addPreset(QStringLiteral("gpt-2-small")), QString());
    QCOMPARE(f.panel->pies()->pieCount(), 1);
    f.comparison->clear();
    QCOMPARE(f.panel->tableModel()->rowCount(), 0);
    QCOMPARE(f.panel->pies()->pieCount(), 0);
}

// Four compared models replaced by three (a lesson opening Compare): both bar charts' axes name
// the three, in order, whatever they held before.
void TestUiCompareEdit::fewerModelsRelabelTheAxes()
{
    CompareFixture f({QStringLiteral("gpt-2-small"), QStringLiteral("llama-3-8b"),
                      QStringLiteral("mixtral-8x7b"), QStringLiteral("deepseek-v3")});
    QCOMPARE(f.panel->memoryChart()->categoryTexts().size(), 4);
    std::vector<SessionModel> three(f.comparison->entries().begin() + 1,
                                    f.comparison->entries().end());
    QCOMPARE(f.comparison->setEntries(three), QString());
    for (const CompareChartBars* chart : {f.panel->componentsChart(), f.panel->memoryChart()}) {
        QStringList shown = chart->categoryTexts();
        for (QString& t : shown) { // a long name breaks at a hyphen or a space
            t.replace(QStringLiteral("-<br>"), QStringLiteral("-"));
            t.replace(QStringLiteral("<br>"), QStringLiteral(" "));
        }
        QCOMPARE(shown, (QStringList{QStringLiteral("Llama 3 8B"), QStringLiteral("Mixtral 8x7B"),
                                     QStringLiteral("DeepSeek-V3")}));
    }
}

// A context step changes a few cells and two row labels: the table model says which (one cell a
// signal, so the view repaints those cells only) instead of resetting, and every text still fits
// its column and the labels' header (measured here with the fonts' own metrics).
void TestUiCompareEdit::contextStepEditsCells()
{
    CompareFixture f({QStringLiteral("llama-3-8b"), QStringLiteral("llama-3-70b"),
                      QStringLiteral("mixtral-8x22b"), QStringLiteral("deepseek-v3")});
    CompareTableModel* table = f.panel->tableModel();
    const int resets = table->resetCount();
    QSignalSpy cells(table, &QAbstractItemModel::dataChanged);
    QSignalSpy labels(table, &CompareTableModel::rowLabelsChanged);
    QSignalSpy reset(table, &QAbstractItemModel::modelReset);
    QVERIFY(f.model->setContext(16'384));
    QCOMPARE(reset.size(), 0);
    QCOMPARE(table->resetCount(), resets);
    QVERIFY(!cells.isEmpty());
    for (const QList<QVariant>& signal : cells) {
        QCOMPARE(signal[0].toModelIndex(), signal[1].toModelIndex());
    }
    int kvRow = -1;
    for (int r = 0; r < table->rowCount(); ++r) {
        if (table->index(r, 0).data(CompareTableModel::KeyRole).toString() ==
            QStringLiteral("kv_at_context")) {
            kvRow = r;
        }
    }
    QVERIFY(kvRow >= 0);
    bool kvLabel = false;
    for (const QList<QVariant>& signal : labels) {
        kvLabel = kvLabel || (signal[0].toInt() <= kvRow && kvRow <= signal[1].toInt());
    }
    QVERIFY(kvLabel);
    QVERIFY(table->headerData(kvRow, Qt::Vertical).toString().contains(QStringLiteral("16,384")));
    compareTable(table, f.expectedTable());
    // Llama 3 8B at 16,384 tokens is past its own 8,192: counted at 8,192, 2 × 32 layers × 8 KV
    // heads × 128 × 2 bytes × 8,192 = 1,073,741,824 bytes, and the cell says so.
    QCOMPARE(table->index(kvRow, 0).data(CompareTableModel::ExactRole).toString(),
             QStringLiteral("1073741824"));
    QVERIFY(table->index(kvRow, 0).data().toString().contains(QStringLiteral("at its 8,192")));

    QTableView* view = f.panel->table();
    QCoreApplication::processEvents();
    const QFontMetricsF cellMetrics(view->font());
    for (int c = 0; c < table->columnCount(); ++c) {
        for (int r = 0; r < table->rowCount(); ++r) {
            const QString text = table->index(r, c).data().toString();
            QVERIFY2(view->columnWidth(c) >= cellMetrics.horizontalAdvance(text) + 6,
                     qPrintable(text));
        }
    }
    for (int r = 0; r < table->rowCount(); ++r) {
        QFont font = view->verticalHeader()->font();
        font.setBold(table->headerData(r, Qt::Vertical, Qt::FontRole).value<QFont>().bold());
        const QString label = table->headerData(r, Qt::Vertical).toString();
        QVERIFY2(view->verticalHeader()->width() >= QFontMetricsF(font).horizontalAdvance(label),
                 qPrintable(label));
    }

    // The row labels act as QTableView's own header: clickable (a click selects the row) and
    // marking the rows of a selection.
    QHeaderView* rows = view->verticalHeader();
    QVERIFY(rows->sectionsClickable());
    QVERIFY(rows->highlightSections());

    // A new model is a new table: reset.
    QVERIFY(f.comparison->remove(3));
    QCOMPARE(table->resetCount(), resets + 1);
}

LLMSIZER_TEST_MAIN(TestUiCompareEdit)
#include "tst_ui_compare_edit.moc"
