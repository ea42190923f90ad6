// In front of a class, by keyboard: Ctrl+Z right after a preset is picked (the picker keeps the
// focus) steps back to the model before it, Ctrl+Z from the Compare window too, and Ctrl+Shift+K
// adds the current model from the Compare window as from the main window. And the wording a class
// reads: "1 GPU" and "2 GPUs", "Compare 1 model", a model opening at a sensible context while its
// maximum stays on the slider. Tab leaves every table; the tabs stay in place.
#include "support/preset_pick.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/compare/comparewindow.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/kit/presetpicker.h"
#include "ui/overview/configpanel.h"
#include "ui/shell/edithistory.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/teach/fitsolverview.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QLineEdit>
#include <QMenuBar>
#include <QSet>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

using namespace llmsizer;
using namespace llmsizer::ui;
using namespace llmsizer::test;

namespace {

QAction* action(QWidget* w, const QString& text)
{
    for (QAction* a : w->findChildren<QAction*>()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

} // namespace

class TestUiClassKeys : public QObject {
    Q_OBJECT
private slots:
    void undoRightAfterAPick_data()
    {
        QTest::addColumn<bool>("search");
        QTest::newRow("from the list") << false;
        QTest::newRow("from the search") << true;
    }
    void undoRightAfterAPick()
    {
        QFETCH(bool, search);
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        f.window->show();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        PresetPicker* picker = f.window->configPanel()->presetPicker();
        if (search) {
            pickPreset(picker, QStringLiteral("GPT-2 sma"), PickPath::SearchEnter);
        } else {
            pickPreset(picker, QStringLiteral("GPT-2 small"), PickPath::ListKeyboard);
        }
        QTRY_COMPARE(f.model->presetId(), QStringLiteral("gpt-2-small"));
        QCOMPARE(f.window->history()->stack()->count(), 1);
        // The picker keeps the focus (the offscreen platform may hand it back to the window when
        // the list closes: give it back); Ctrl+Z goes to the app's history, and Ctrl+Shift+Z
        // brings the pick back.
        f.window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        picker->setFocus();
        QTRY_VERIFY(picker->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(f.model->presetId(), QStringLiteral("llama-2-7b"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z,
                        Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(f.model->presetId(), QStringLiteral("gpt-2-small"));
    }

    // Home and End in the closed picker go to the first and the last preset of the list
    // (families in alphabetical order: BLOOM first, Zamba last), as in a closed combo box; once a
    // search is typed they move in the text.
    void homeAndEndPickTheEnds()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        f.window->show();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        PresetPicker* picker = f.window->configPanel()->presetPicker();
        picker->setFocus();
        QTRY_VERIFY(picker->lineEdit()->hasFocus());
        // Through the combo box (how a window system's key reaches it) and to the line edit.
        QTest::keyClick(picker, Qt::Key_End);
        QTRY_COMPARE(f.model->presetId(), QStringLiteral("zamba2-1.2b"));
        QTest::keyClick(picker->lineEdit(), Qt::Key_Home);
        QTRY_COMPARE(f.model->presetId(), QStringLiteral("bloom-560m"));
        picker->lineEdit()->end(false);
        QTest::keyClicks(picker->lineEdit(), QStringLiteral("x"));
        QTest::keyClick(picker->lineEdit(), Qt::Key_Home);
        QTest::qWait(50);
        QVERIFY(picker->lineEdit()->text().endsWith(QLatin1Char('x')));
        QCOMPARE(f.model->presetId(), QStringLiteral("bloom-560m"));
    }

    // Typing in the search is the field's own to undo: Ctrl+Z there edits the text, not the model.
    void typingIsTheFieldsToUndo()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        f.window->show();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        PresetPicker* picker = f.window->configPanel()->presetPicker();
        picker->setFocus();
        picker->lineEdit()->end(false);
        QTest::keyClicks(picker->lineEdit(), QStringLiteral("xy"));
        const QString typed = picker->lineEdit()->text();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(picker->lineEdit()->text() != typed);
        QCOMPARE(f.model->presetId(), QStringLiteral("llama-2-7b"));
    }

    void keysFromTheCompareWindow()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        f.window->show();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        // An edit to undo later: twice the layers.
        QAction* dbl = action(f.window.get(), QStringLiteral("Double the &layers"));
        QVERIFY(dbl != nullptr);
        dbl->trigger();
        QCOMPARE(f.model->config().n_layers, std::uint64_t(64));

        CompareWindow* compare = f.window->compareWindow();
        compare->present();
        QVERIFY(QTest::qWaitForWindowActive(compare));
        const int before = f.window->comparison()->size();
        // Ctrl+Shift+K: Add Current to Comparison, as in the main window.
        QTest::keyClick(compare, Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(f.window->comparison()->size(), before + 1);
        if (before == 0) {
            QCOMPARE(compare->windowTitle(), QStringLiteral("Compare 1 model — LLM Sizer"));
        }
        // Ctrl+Z: the edit made in the main window is undone from here too.
        QTest::keyClick(compare, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(f.model->config().n_layers, std::uint64_t(32));
        compare->close();
    }

    // Tab leaves every table, in both windows (the arrows move within it): in the Compare table
    // Tab and Ctrl+Tab only went from cell to cell. A model's ◀ ▶ ✕ are reached by Tab, and the
    // Compare window's menu and its "Add current" button answer to different Alt keys.
    void tabLeavesEveryTable()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        CompareWindow* compare = f.window->compareWindow();
        f.window->comparison()->addCurrent();
        compare->present();
        QVERIFY(QTest::qWaitForWindowExposed(compare));
        int tables = 0;
        for (QWidget* root :
             {static_cast<QWidget*>(f.window.get()), static_cast<QWidget*>(compare)}) {
            for (const QAbstractItemView* view : root->findChildren<QAbstractItemView*>()) {
                if (qobject_cast<const QTableView*>(view) != nullptr) {
                    ++tables;
                    QVERIFY2(!view->tabKeyNavigation(),
                             qPrintable(QString::fromLatin1(
                                            view->parentWidget()->metaObject()->className()) +
                                        view->accessibleName()));
                }
            }
        }
        QVERIFY(tables >= 4); // My hardware, Compute budget, the explorer's, Compare
        int chipButtons = 0;
        for (const QToolButton* b : compare->findChildren<QToolButton*>()) {
            if (b->text() == QStringLiteral("✕")) {
                ++chipButtons;
                QVERIFY(b->focusPolicy() & Qt::TabFocus);
            }
        }
        QCOMPARE(chipButtons, 1);
        QSet<QChar> keys;
        const auto mnemonic = [](const QString& text) {
            const qsizetype at = text.indexOf(QLatin1Char('&'));
            return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
        };
        for (const QAction* menu : compare->menuBar()->actions()) {
            keys.insert(mnemonic(menu->text()));
        }
        for (const QAbstractButton* b : compare->findChildren<QAbstractButton*>()) {
            const QChar key = mnemonic(b->text());
            QVERIFY2(key.isNull() || !keys.contains(key), qPrintable(b->text()));
        }
        compare->close();
    }

    // The tabs stay where they are when My hardware or My models takes the panel's room: they
    // moved 400 pixels left, and a click on the same spot opened another tab.
    void tabsStayInPlace()
    {
        test::WindowFixture::Options options;
        options.size = QSize(1240, 760);
        test::WindowFixture f(QStringLiteral("llama-2-7b"), options);
        QTabWidget* tabs = nullptr;
        for (QTabWidget* t : f.window->findChildren<QTabWidget*>()) {
            tabs = t->indexOf(f.window->hardwareView()) >= 0 ? t : tabs;
        }
        QVERIFY(tabs != nullptr);
        QTabBar* bar = tabs->tabBar();
        const auto left = [&](int index) {
            return bar->mapTo(f.window.get(), bar->tabRect(index).topLeft()).x();
        };
        QTRY_VERIFY(left(1) > 300); // beside the configuration panel
        const int before = left(1);
        for (const char* view : {"hardware", "models", "overview"}) {
            QVERIFY(f.window->views()->showView(QString::fromLatin1(view)));
            QTest::qWait(100); // the new layout
            QCOMPARE(left(1), before);
        }
        // Leaving a tab whose field had the focus: the focus goes to the tabs, not into the next
        // field of the page shown (the Chinchilla ratio, its text selected).
        f.window->show();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        QVERIFY(f.window->views()->showView(QStringLiteral("hardware")));
        QLineEdit* search = nullptr;
        for (QLineEdit* e : f.window->hardwareView()->findChildren<QLineEdit*>()) {
            search = e->placeholderText().startsWith(QStringLiteral("Filter")) ? e : search;
        }
        QVERIFY(search != nullptr);
        search->setFocus();
        QTRY_VERIFY(search->hasFocus());
        QVERIFY(f.window->views()->showView(QStringLiteral("overview")));
        QWidget* focus = QApplication::focusWidget();
        QVERIFY2(qobject_cast<QAbstractSpinBox*>(focus) == nullptr &&
                     qobject_cast<QLineEdit*>(focus) == nullptr,
                 focus != nullptr ? focus->metaObject()->className() : "none");
        // Presentation mode on and off on My hardware: the tabs where they were (they stayed
        // 68 pixels to the right, presentation mode's wider panel measured).
        QVERIFY(f.window->views()->showView(QStringLiteral("hardware")));
        QTest::qWait(100);
        f.window->presentation()->setOn(true);
        QTest::qWait(100);
        f.window->presentation()->setOn(false);
        QTest::qWait(300);
        QCOMPARE(left(1), before);
    }

    // "1 GPU", "2 GPUs": never "GPU(s)".
    void gpuCountReadsAsEnglish()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        QSpinBox* count = nullptr;
        for (QSpinBox* box : f.window->views()->fit()->findChildren<QSpinBox*>()) {
            if (box->suffix().contains(QStringLiteral("GPU"))) {
                count = box;
            }
        }
        QVERIFY(count != nullptr);
        count->setValue(1);
        QCOMPARE(count->text(), QStringLiteral("1 GPU"));
        count->setValue(2);
        QCOMPARE(count->text(), QStringLiteral("2 GPUs"));
        count->setValue(1);
        QCOMPARE(count->text(), QStringLiteral("1 GPU"));
    }

    // Llama 4 Scout's maximum is 10,485,760 tokens: it opens at 8,192, where its weights, not a
    // 10M-token KV cache, make the bars; the slider still reaches 10,485,760. GPT-2 small's own
    // 1,024 is below the cap and stays.
    void aSensibleContextAndTheMaximumKept()
    {
        test::WindowFixture f(QStringLiteral("llama-4-scout"));
        QCOMPARE(f.model->context(), std::uint64_t(8192));
        QSlider* slider = f.window->configPanel()->contextRow()->slider();
        slider->setValue(slider->maximum());
        QCOMPARE(f.model->context(), std::uint64_t(10'485'760));
        QVERIFY(f.model->selectPreset(QStringLiteral("gpt-2-small")));
        QCOMPARE(f.model->context(), std::uint64_t(1024));
    }
};

LLMSIZER_TEST_MAIN(TestUiClassKeys)
#include "tst_ui_class_keys.moc"
