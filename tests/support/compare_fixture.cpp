#include "support/compare_fixture.h"

#include "ui/state/startup.h"

#include <QColor>
#include <QTest>

namespace llmsizer::test {

using namespace llmsizer::ui;

const QStringList kFourCompared = {QStringLiteral("llama-3-70b"), QStringLiteral("llama-2-70b"),
                                   QStringLiteral("mixtral-8x22b"), QStringLiteral("qwen2.5-72b")};

CompareFixture::CompareFixture(const QStringList& presets)
{
    model = std::make_unique<ConfigModel>();
    const QStringList problems = loadCatalogs(*model);
    if (!problems.isEmpty()) {
        qWarning("%s", qPrintable(problems.join(QLatin1Char('\n'))));
    }
    model->selectPreset(QStringLiteral("llama-3-8b"));
    comparison = std::make_unique<ComparisonModel>(model.get());
    panel = std::make_unique<ComparePanel>(comparison.get(), model.get());
    panel->resize(1920, 1000);
    panel->show();
    if (!QTest::qWaitForWindowExposed(panel.get())) {
        qWarning("the comparison panel was not exposed");
    }
    for (const QString& id : presets) {
        const QString error = comparison->addPreset(id);
        if (!error.isEmpty()) {
            qWarning("%s", qPrintable(error));
        }
    }
}

// The entries as the core's input, with each preset's published figures (a preset compared as
// loaded carries them; ComparisonModel::namedConfigs says which).
std::vector<NamedConfig> CompareFixture::configs() const
{
    std::vector<NamedConfig> out;
    for (const SessionModel& e : comparison->entries()) {
        NamedConfig nc{e.name, e.config};
        const Preset* p =
            e.preset_id.empty() ? nullptr : model->findPreset(QString::fromStdString(e.preset_id));
        if (p != nullptr && p->config == e.config) {
            nc.published = p->published;
            nc.training = p->training;
        }
        out.push_back(nc);
    }
    return out;
}

QStringList CompareFixture::ids() const
{
    QStringList out;
    for (const SessionModel& e : comparison->entries()) {
        out << QString::fromStdString(e.preset_id);
    }
    return out;
}

ComparisonTable CompareFixture::expectedTable() const
{
    TableOptions o;
    o.context = comparison->context();
    o.units = model->units();
    o.kv_precision = comparison->kvPrecision().toStdString();
    o.tokens_per_param = model->tokensPerParam();
    return buildComparisonTable(configs(), o);
}

// Every cell of the view equals the core's cell: exact value, display text, differs flag.
void compareTable(const CompareTableModel* view, const ComparisonTable& expected)
{
    QCOMPARE(view->rowCount(), static_cast<int>(expected.rows.size()));
    QCOMPARE(view->columnCount(), static_cast<int>(expected.names.size()));
    for (int c = 0; c < view->columnCount(); ++c) {
        QCOMPARE(view->headerData(c, Qt::Horizontal).toString(),
                 QString::fromStdString(expected.names[static_cast<std::size_t>(c)]));
    }
    for (int r = 0; r < view->rowCount(); ++r) {
        const TableRow& row = expected.rows[static_cast<std::size_t>(r)];
        QCOMPARE(view->headerData(r, Qt::Vertical).toString(), QString::fromStdString(row.label));
        for (int c = 0; c < view->columnCount(); ++c) {
            const QModelIndex index = view->index(r, c);
            const TableCell& cell = row.cells[static_cast<std::size_t>(c)];
            QCOMPARE(index.data(CompareTableModel::KeyRole).toString(),
                     QString::fromStdString(row.key));
            QCOMPARE(index.data(CompareTableModel::ExactRole).toString(),
                     QString::fromStdString(cell.exact()));
            QCOMPARE(index.data().toString(), QString::fromStdString(cell.text));
            QCOMPARE(index.data(CompareTableModel::DiffersRole).toBool(), row.differs);
            // The tooltip names the row; a cell with more to say (a source, a note) says it.
            const QString tip = index.data(Qt::ToolTipRole).toString();
            QVERIFY(tip.startsWith(QString::fromStdString(row.label) + QStringLiteral(": ")));
            if (!cell.detail.empty()) {
                QVERIFY(tip.endsWith(QString::fromStdString(cell.detail)));
            }
            // Differing rows, and only those, carry the highlight.
            const QVariant background = index.data(Qt::BackgroundRole);
            QCOMPARE(background.isValid(), row.differs);
            if (row.differs) {
                QCOMPARE(background.value<QColor>(), view->highlight());
            }
        }
    }
}

} // namespace llmsizer::test
