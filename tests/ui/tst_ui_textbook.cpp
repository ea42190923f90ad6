// Textbook numbers in the main window: View > Textbook numbers (Ctrl+T) and the Overview's
// Numbers box switch the memory bars to what the course computes by hand and the parameter chart
// to the 12·L·d² rule taken to the exact count, and switch back to the chart shown before. The
// rows fit whole at what a window manager leaves on a projector and on a laptop, normal and
// presentation mode. Expected values are Llama 2 70B's published count and hand calculations
// (tests/present/tst_textbook.cpp works them out).
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/rulestepswidget.h"
#include "ui/kit/presentation.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/parameterchart.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QTest>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using Fixture = llmsizer::test::WindowFixture;

std::unique_ptr<Fixture> openWindow(const QString& preset, QSize size)
{
    Fixture::Options options;
    options.size = size;
    return std::make_unique<Fixture>(preset, options);
}

} // namespace

class TestUiTextbook : public QObject {
    Q_OBJECT
private slots:
    // Ctrl+T on, Ctrl+T off: the bars, the chart, the Numbers box, the summary and the settings
    // file follow; the diagram shown before comes back.
    void switchByKeyboard()
    {
        const auto f = openWindow(QStringLiteral("llama-2-70b"), QSize(1240, 760));
        MainWindow* w = f->window.get();
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        w->parameterChart()->setKind(ParameterChart::Kind::Diagram);
        QVERIFY(w->memoryPanel()->chart()->segmentKeys().contains(QStringLiteral("kv_cache")));

        QTest::keyClick(w, Qt::Key_T, Qt::ControlModifier);
        QVERIFY(f->model->textbook());
        QCOMPARE(w->parameterChart()->kind(), ParameterChart::Kind::Rule);
        QCOMPARE(w->memoryPanel()->numbersBox()->currentText(), QStringLiteral("Textbook"));
        QCOMPARE(w->memoryPanel()->chart()->segmentKeys(), QStringList{QStringLiteral("weights")});
        // 68,976,648,192 × 2 bytes = 137,953,296,384 = 138.0 GB.
        QCOMPARE(w->memoryPanel()->chart()->value(QStringLiteral("weights"), 1), 137.953296384);
        QVERIFY2(w->summaryPanel()
                     ->figure(QStringLiteral("memory"))
                     .startsWith(QStringLiteral("138.0 GB at FP16/BF16, inference (textbook)")),
                 qPrintable(w->summaryPanel()->figure(QStringLiteral("memory"))));
        const QStringList rows = w->parameterChart()->ruleSteps()->rowTexts();
        QCOMPARE(rows.front(), QStringLiteral("12·L·d² rule  64,424,509,440"));
        QCOMPARE(rows.back(), QStringLiteral("Exact count  68,976,648,192"));
        QVERIFY(f->settings->textbook());
        // Right-click exports it like the pie and the diagram (File > Export's chart menu).
        QCOMPARE(w->parameterChart()->ruleSteps()->contextMenuPolicy(), Qt::CustomContextMenu);

        // Training shows training over inference: 16 bytes a parameter over 2 (AdamW, BF16).
        f->model->setTraining(true);
        QVERIFY2(w->summaryPanel()
                     ->figure(QStringLiteral("memory"))
                     .contains(QStringLiteral("×8 inference")),
                 qPrintable(w->summaryPanel()->figure(QStringLiteral("memory"))));
        f->model->setTraining(false);

        QTest::keyClick(w, Qt::Key_T, Qt::ControlModifier);
        QVERIFY(!f->model->textbook());
        QCOMPARE(w->parameterChart()->kind(), ParameterChart::Kind::Diagram);
        QCOMPARE(w->memoryPanel()->numbersBox()->currentText(), QStringLiteral("Realistic"));
        QVERIFY(w->memoryPanel()->chart()->segmentKeys().contains(QStringLiteral("kv_cache")));
        QVERIFY(!f->settings->textbook());
    }

    // The Numbers box and the View menu's entry say the same.
    void boxAndMenuAgree()
    {
        const auto f = openWindow(QStringLiteral("gpt-2-small"), QSize(1240, 760));
        MainWindow* w = f->window.get();
        auto* action = w->findChild<QAction*>(QStringLiteral("textbookAction"));
        QVERIFY(action != nullptr);
        QComboBox* box = w->memoryPanel()->numbersBox();
        box->setCurrentIndex(1);
        emit box->activated(1);
        QVERIFY(f->model->textbook());
        QVERIFY(action->isChecked());
        action->trigger();
        QVERIFY(!f->model->textbook());
        QCOMPARE(box->currentIndex(), 0);
    }

    // F5 on and off leaves the summary exactly as it was, pixel for pixel, and the keyboard focus
    // where it was: the summary's figures are measured again in the normal font (they stayed
    // stacked under their names), the focus comes back from the panel that gave way. (The whole
    // window, compared the same way under X11 with a window manager, is identical but for the
    // caret; the offscreen platform lets a window grow while the fonts change, so the window as a
    // whole is not compared here.)
    void presentationLeavesTheSummaryAsItWas_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("textbook");
        for (const QSize size : {QSize(1240, 760), QSize(1880, 1040)}) {
            for (const bool textbook : {false, true}) {
                QTest::addRow("%dx%d%s", size.width(), size.height(), textbook ? " textbook" : "")
                    << size << textbook;
            }
        }
    }
    void presentationLeavesTheSummaryAsItWas()
    {
        QFETCH(QSize, size);
        QFETCH(bool, textbook);
        QApplication::setCursorFlashTime(0); // no caret blinking between the two pictures
        const auto f = openWindow(QStringLiteral("llama-2-70b"), size);
        MainWindow* w = f->window.get();
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        f->model->setTextbook(textbook);
        // The window laid out at its size and its queued relayouts done: two pictures 100 ms
        // apart agree (a slow machine may take longer than any fixed wait).
        const auto picture = [w] { return w->summaryPanel()->grab().toImage(); };
        QImage before = picture();
        const auto settled = [&] {
            QTest::qWait(100);
            const QImage now = picture();
            const bool same = now == before;
            before = now;
            return same;
        };
        QVERIFY(QTest::qWaitFor(settled, 10000));
        QWidget* focus = QApplication::focusWidget();
        QVERIFY(focus != nullptr);
        w->presentation()->setOn(true);
        QApplication::processEvents();
        QVERIFY(QApplication::focusWidget() != focus); // the panel gave way
        w->presentation()->setOn(false);
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), focus, 10000);
        // Back as it was once the relayouts are done; never settling elsewhere fails.
        QImage after;
        const bool same = QTest::qWaitFor([&] { return (after = picture()) == before; }, 10000);
        if (!same) {
            before.save(QDir::temp().filePath(QStringLiteral("summary-f5-before.png")));
            after.save(QDir::temp().filePath(QStringLiteral("summary-f5-after.png")));
        }
        QVERIFY2(same, "the summary differs after F5 on and off (both pictures saved "
                       "as summary-f5-*.png in the temporary directory)");
    }

    // Every row whole, at the smallest font or larger, for few and many steps.
    void rowsFit_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presentation");
        for (const char* preset : {"gpt-2-small", "llama-2-70b", "deepseek-v3", "jamba-1.5-mini"}) {
            for (const QSize size : {QSize(1240, 760), QSize(1880, 1040)}) {
                for (const bool presentation : {false, true}) {
                    QTest::addRow("%s %dx%d%s", preset, size.width(), size.height(),
                                  presentation ? " presentation" : "")
                        << QString::fromLatin1(preset) << size << presentation;
                }
            }
        }
    }
    void rowsFit()
    {
        QFETCH(QString, preset);
        QFETCH(QSize, size);
        QFETCH(bool, presentation);
        const auto f = openWindow(preset, size);
        MainWindow* w = f->window.get();
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        w->presentation()->setOn(presentation);
        f->model->setTextbook(true);
        QApplication::processEvents();
        RuleStepsWidget* rule = w->parameterChart()->ruleSteps();
        QVERIFY(rule->isVisible());
        rule->grab(); // paints it
        QVERIFY2(rule->fitsWhole(), qPrintable(QString::number(rule->drawnPointSize())));
        QVERIFY(rule->drawnPointSize() >= RuleStepsWidget::kMinPointSize);
        QCOMPARE(rule->rowRects().size(), rule->rowTexts().size());
        for (const QRect& r : rule->rowRects()) {
            QVERIFY(rule->rect().contains(r));
        }
        // The window stays within the screen.
        QVERIFY(w->height() <= size.height() && w->width() <= size.width());
        w->presentation()->setOn(false);
    }
};

LLMSIZER_TEST_MAIN(TestUiTextbook)
#include "tst_ui_textbook.moc"
