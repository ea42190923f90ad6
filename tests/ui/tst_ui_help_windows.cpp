// The Help menu's windows on a projector as a window manager gives it (a 1280×800 screen leaves
// about 1240×760, a 1920×1080 one about 1880×1040), normal and presentation mode: the glossary
// and the About box open no larger than the screen, the glossary's count line whole and every
// term found by its search.
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QTest>
#include <QTimer>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;
using Fixture = llmsizer::test::WindowFixture;

namespace {

QAction* helpAction(MainWindow* w, const QString& text)
{
    for (QAction* a : w->findChildren<QAction*>()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

QString tooLarge(const QWidget* w, QSize screen)
{
    const QSize min = w->minimumSizeHint().expandedTo(w->minimumSize());
    if (min.width() > screen.width() || min.height() > screen.height()) {
        return QStringLiteral("needs at least %1×%2").arg(min.width()).arg(min.height());
    }
    if (w->width() > screen.width() || w->height() > screen.height()) {
        return QStringLiteral("opens at %1×%2").arg(w->width()).arg(w->height());
    }
    return {};
}

} // namespace

class TestUiHelpWindows : public QObject {
    Q_OBJECT
private slots:
    void fitTheScreen_data();
    void fitTheScreen();
};

void TestUiHelpWindows::fitTheScreen_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    for (const QSize size : {QSize(1240, 760), QSize(1880, 1040)}) {
        for (const bool presentation : {false, true}) {
            QTest::addRow("%dx%d%s", size.width(), size.height(),
                          presentation ? " presentation" : "")
                << size << presentation;
        }
    }
}

void TestUiHelpWindows::fitTheScreen()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    applyTheme(*qApp, Theme::Light);
    Fixture::Options options;
    options.size = size;
    options.persistent = false;
    Fixture f(QStringLiteral("llama-3-70b"), options);
    f.window->presentation()->setOn(presentation);
    QApplication::processEvents();

    QAction* glossaryAction = helpAction(f.window.get(), QStringLiteral("&Glossary…"));
    QVERIFY(glossaryAction != nullptr);
    glossaryAction->trigger();
    auto* glossary = f.window->findChild<GlossaryDialog*>();
    QVERIFY(glossary != nullptr);
    QTRY_VERIFY(glossary->isVisible());
    QVERIFY2(tooLarge(glossary, size).isEmpty(), qPrintable(tooLarge(glossary, size)));
    // A term typed in the search is found ("n_embd" is d_model's other name), and the count line
    // above the text reads whole.
    glossary->setQuery(QStringLiteral("n_embd"));
    QVERIFY(glossary->shownKeys().contains(QStringLiteral("d_model")));
    for (const QLabel* label : glossary->findChildren<QLabel*>()) {
        if (label->isVisible() && !label->wordWrap()) {
            QVERIFY2(label->sizeHint().width() <= label->width(), qPrintable(label->text()));
        }
    }
    glossary->close();

    // The About box is modal: measured from inside its event loop, then closed.
    QString aboutProblem = QStringLiteral("the About box did not open");
    QTimer::singleShot(0, this, [&aboutProblem, size] {
        QWidget* box = QApplication::activeModalWidget();
        if (box != nullptr) {
            aboutProblem = tooLarge(box, size);
            box->close();
        }
    });
    QAction* about = helpAction(f.window.get(), QStringLiteral("&About LLM Sizer"));
    QVERIFY(about != nullptr);
    about->trigger();
    QVERIFY2(aboutProblem.isEmpty(), qPrintable(aboutProblem));
    f.window->presentation()->setOn(false);
}

LLMSIZER_TEST_MAIN(TestUiHelpWindows)
#include "tst_ui_help_windows.moc"
