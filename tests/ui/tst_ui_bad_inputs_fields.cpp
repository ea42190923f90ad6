// The bad-input suite's rows about fields as a user fills them in the app: a refused value and its
// message stay in the field typed in, and a list pasted into the budget view may end in a
// newline. Each expected message is written from the rule it pins.
#include "llmsizer/model/model.h"
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/text/error.h"
#include "support/window_fixture.h"
#include "tst_ui_bad_inputs.h"
#include "ui/kit/knobrow.h"
#include "ui/overview/configpanel.h"
#include "ui/state/budgetmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"
#include "ui/state/startup.h"
#include "ui/teach/budgetview.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

// The texts of the panel's message lines that are shown.
QStringList shownMessages(const QWidget* panel)
{
    QStringList out;
    for (const QLabel* l : panel->findChildren<QLabel*>()) {
        if (l->isVisibleTo(panel) && l->styleSheet().contains(QStringLiteral("#d32f2f"))) {
            out << l->text();
        }
    }
    return out;
}

// The line edit a label names as its buddy ("&Layers:").
QLineEdit* fieldOf(const QWidget* view, const QString& label)
{
    for (const QLabel* l : view->findChildren<QLabel*>()) {
        if (l->text() == label) {
            return qobject_cast<QLineEdit*>(l->buddy());
        }
    }
    return nullptr;
}

} // namespace

// Context past its limit (Limits::maxContext = 2^26 = 67,108,864) is refused with its message
// beside it; a refused KV head count (32 query heads are not a multiple of 5) then replaces that
// message: the context field shows the model's context again, the one the charts use, and only
// the KV heads' message is shown.
void TestUiBadInputs::refusedValueStaysInItsField()
{
    llmsizer::test::WindowFixture f(QStringLiteral("llama-3-8b"));
    ConfigPanel* panel = f.window->configPanel();
    QSpinBox* context = panel->contextRow()->spinBox();
    QSpinBox* kvHeads = panel->row(Knob::KvHeads)->spinBox();
    const std::uint64_t used = f.model->context();
    const auto type = [](QSpinBox* spin, int value) {
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, QString::number(value));
        QTest::keyClick(spin, Qt::Key_Return);
    };
    type(context, static_cast<int>(Limits::maxContext) + 1);
    const QString contextMessage =
        QStringLiteral("context: must be between 1 and 67,108,864 (got 67,108,865)");
    QCOMPARE(issuesText(f.model->issues(), QStringLiteral("\n")), contextMessage);
    QCOMPARE(shownMessages(panel), QStringList{contextMessage});
    QCOMPARE(f.model->context(), used);
    QCOMPARE(context->value(), static_cast<int>(Limits::maxContext) + 1);

    type(kvHeads, 5);
    const QString kvMessage =
        QStringLiteral("n_kv_heads: must divide n_heads (32 is not a multiple of 5)");
    QCOMPARE(issuesText(f.model->issues(), QStringLiteral("\n")), kvMessage);
    QCOMPARE(shownMessages(panel), QStringList{kvMessage});
    QCOMPARE(context->value(), static_cast<int>(used));
    QCOMPARE(f.model->context(), used);
}

// Pasted into the budget view's Layers field: a list ending in a newline is read as typed; a bad
// one names the field and quotes the offending word only (not 5,000 characters of pasted text).
void TestUiBadInputs::pastedListsEndingInANewline()
{
    ConfigModel model;
    loadCatalogs(model);
    BudgetModel budget(&model);
    BudgetView view(&budget);
    view.show();
    QLineEdit* layers = fieldOf(&view, QStringLiteral("&Layers:"));
    QVERIFY(layers != nullptr);
    const auto paste = [&](const QString& text) {
        QGuiApplication::clipboard()->setText(text);
        layers->selectAll();
        layers->paste();
        view.search();
    };
    paste(QStringLiteral("8, 12, 16\n"));
    QCOMPARE(layers->text(), QStringLiteral("8, 12, 16\n")); // the field keeps the newline
    QVERIFY2(budget.snapshot().ok, budget.snapshot().error.c_str());
    QCOMPARE(budget.snapshot().options.layers, (std::vector<std::uint64_t>{8, 12, 16}));

    paste(QStringLiteral("8, 12, 1x6, ") + QString(5000, QLatin1Char('7')) + QLatin1Char('\n'));
    QVERIFY(!budget.snapshot().ok);
    QCOMPARE(view.summaryLabel()->text(),
             QStringLiteral("layers: '1x6' is not a whole number (write a list such as 8, 12, "
                            "16)"));

    // Lines (CRLF too), semicolons and tabs separate values as commas do.
    QCOMPARE(parseCountList("8\r\n12\r\n16\r\n", "layers"),
             (std::vector<std::uint64_t>{8, 12, 16}));
    QCOMPARE(parseCountList("8;12\t16", "layers"), (std::vector<std::uint64_t>{8, 12, 16}));
}
