// Adding models to the comparison: one pick adds one model (mouse and keyboard, from the list or
// from the search completer), four distinct models can be compared, and every chart group shows
// the core's numbers for its own slot, also when the same model is added twice.
#include "llmsizer/model/count.h"
#include "llmsizer/present/compare_view.h"
#include "llmsizer/present/view_support.h"
#include "support/compare_fixture.h"
#include "support/preset_pick.h"
#include "support/test_main.h"
#include "ui/charts/comparechartbars.h"
#include "ui/compare/comparepanel.h"
#include "ui/kit/presetpicker.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QLineEdit>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <cmath>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;
using namespace llmsizer::test;

using Path = PickPath;

Q_DECLARE_METATYPE(Path)

class TestUiComparePick : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void onePickAddsOne_data();
    void onePickAddsOne();
    void fourDistinctModels_data();
    void fourDistinctModels();
    void familyNameTyped();
    void groupsFollowSlots();
};

void TestUiComparePick::onePickAddsOne_data()
{
    QTest::addColumn<Path>("path");
    QTest::newRow("list, mouse") << Path::ListMouse;
    QTest::newRow("list, keyboard") << Path::ListKeyboard;
    QTest::newRow("search, mouse") << Path::SearchMouse;
    QTest::newRow("search, keyboard") << Path::SearchKeyboard;
    QTest::newRow("typed name, Enter") << Path::SearchEnter;
    QTest::newRow("typed part of the name, Enter") << Path::TypedPrefix;
}

void TestUiComparePick::onePickAddsOne()
{
    QFETCH(Path, path);
    CompareFixture f;
    QSignalSpy chosen(f.panel->presetPicker(), &PresetPicker::presetChosen);
    pickPreset(f.panel->presetPicker(), QStringLiteral("Mixtral 8x22B"), path);
    QTRY_COMPARE(f.comparison->size(), 1);
    QTest::qWait(50); // a second emission would arrive in the same or the next event
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(f.ids(), QStringList{QStringLiteral("mixtral-8x22b")});
}

void TestUiComparePick::fourDistinctModels_data()
{
    onePickAddsOne_data();
}

// Four picks, four models, in the order picked.
void TestUiComparePick::fourDistinctModels()
{
    QFETCH(Path, path);
    CompareFixture f;
    const QStringList names = {QStringLiteral("GPT-2 small"), QStringLiteral("Llama 3 70B"),
                               QStringLiteral("Mixtral 8x22B"), QStringLiteral("DeepSeek-V3")};
    for (const QString& name : names) {
        pickPreset(f.panel->presetPicker(), name, path);
        QTest::qWait(20);
    }
    QCOMPARE(f.ids(),
             (QStringList{QStringLiteral("gpt-2-small"), QStringLiteral("llama-3-70b"),
                          QStringLiteral("mixtral-8x22b"), QStringLiteral("deepseek-v3")}));
}

// A typed word that is also a family's heading ("DeepSeek", "Mixtral") picks the family's first
// preset, not the heading.
void TestUiComparePick::familyNameTyped()
{
    CompareFixture f;
    PresetPicker* picker = f.panel->presetPicker();
    picker->setFocus();
    picker->lineEdit()->selectAll();
    QTest::keyClicks(picker->lineEdit(), QStringLiteral("DeepSeek"));
    QAbstractItemView* popup = picker->completer()->popup();
    QTRY_VERIFY(popup->isVisible());
    QTest::keyClick(popup, Qt::Key_Return);
    QTRY_COMPARE(f.ids(), QStringList{QStringLiteral("deepseek-v3")});
}

// The same model twice: the copies are labelled distinctly, and each group of each chart shows
// the core's numbers for the model in its slot (a group labelled "DeepSeek-V3" once showed
// Mixtral's bars, because the category axis merged equal labels).
void TestUiComparePick::groupsFollowSlots()
{
    CompareFixture f;
    const QStringList picked = {QStringLiteral("deepseek-v3"), QStringLiteral("mixtral-8x22b"),
                                QStringLiteral("deepseek-v3"), QStringLiteral("gpt-2-small")};
    for (const QString& id : picked) {
        QCOMPARE(f.comparison->addPreset(id), QString());
    }
    const CompareChartBars* components = f.panel->componentsChart();
    QCOMPARE(components->categories(),
             (QStringList{QStringLiteral("DeepSeek-V3"), QStringLiteral("Mixtral 8x22B"),
                          QStringLiteral("DeepSeek-V3 (2)"), QStringLiteral("GPT-2 small")}));
    QCOMPARE(f.panel->memoryChart()->categories(), components->categories());
    const QStringList keys = components->seriesKeys();
    for (int m = 0; m < picked.size(); ++m) {
        const std::vector<Slice> slices =
            pieSlices(countParameters(f.model->findPreset(picked[m])->config));
        double total = 0;
        for (int s = 0; s < keys.size(); ++s) {
            double expected = 0;
            for (const Slice& slice : slices) {
                if (QString::fromStdString(slice.key) == keys[s]) {
                    expected = static_cast<double>(slice.params) / 1e9;
                }
            }
            QCOMPARE(components->value(s, m), expected);
            total += components->value(s, m);
        }
        // Published totals, within 1 %: DeepSeek-V3 671B, Mixtral 8x22B 141B, GPT-2 small 124M.
        const double published[] = {671.0, 141.0, 671.0, 0.124};
        QVERIFY2(std::abs(total - published[m]) < 0.01 * published[m] + 0.001,
                 qPrintable(QStringLiteral("slot %1: %2 billion").arg(m).arg(total)));
    }
}

LLMSIZER_TEST_MAIN(TestUiComparePick)
#include "tst_ui_compare_pick.moc"
