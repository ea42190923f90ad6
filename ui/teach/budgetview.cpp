#include "ui/teach/budgetview.h"

#include "llmsizer/present/budget_chart.h"
#include "llmsizer/present/explore_tables.h"
#include "ui/charts/budgetchart.h"
#include "ui/kit/showrefresh.h"
#include "ui/state/configmodel.h"
#include "ui/teach/budgettablemodel.h"
#include "ui/kit/formrows.h"
#include "ui/kit/presentation.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace llmsizer::ui {

BudgetView::BudgetView(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_budget(new QLineEdit(QStringLiteral("1e24"), this)),
      m_tokens(new QLineEdit(this)), m_ranking(new QComboBox(this)), m_family(new QComboBox(this)),
      m_layers(new QLineEdit(this)), m_widths(new QLineEdit(this)), m_summary(new QLabel(this)),
      m_table(new BudgetTableModel(this)), m_sorted(new QSortFilterProxyModel(this)),
      m_view(new QTableView(this)), m_chart(new BudgetChart(this)),
      m_split(new QSplitter(Qt::Vertical, this)),
      m_refresh(new ShowRefresh(this, [this] { runSearch(); }))
{
    const BudgetSearchOptions defaults;
    m_layers->setText(QString::fromStdString(countListText(defaults.layers)));
    m_widths->setText(QString::fromStdString(countListText(defaults.d_models)));
    m_tokens->setPlaceholderText(tr("20 per parameter (Chinchilla)"));
    m_budget->setToolTip(tr("Training compute budget in FLOPs, e.g. 1e24"));
    m_tokens->setToolTip(tr("Training tokens for every candidate; empty: 20 tokens per parameter"));
    elideLongEntries({m_ranking, m_family});
    // The exercise asks to "rank by estimated quality"; the chapter's code sorts by efficiency.
    m_ranking->addItem(tr("Quality: (params / 1e9)^0.2"), QStringLiteral("quality"));
    m_ranking->addItem(tr("Efficiency: quality / budget used"), QStringLiteral("efficiency"));
    m_ranking->addItem(tr("Chinchilla loss at these tokens"), QStringLiteral("loss"));
    m_ranking->addItem(tr("Chinchilla loss, whole budget spent"), QStringLiteral("loss-budget"));
    m_family->addItem(tr("Sizing chapter's: MHA, 4·d MLP, vocab 32,000"));
    m_family->addItem(tr("The current model's family"));

    auto* inputs = new QGroupBox(tr("Every configuration that fits a compute budget"), this);
    auto* grid = new QGridLayout(inputs);
    addLabelledField(grid, tr("&Budget (FLOPs):"), m_budget, 0, 0);
    addLabelledField(grid, tr("&Tokens:"), m_tokens, 0, 2);
    addLabelledField(grid, tr("&Rank by:"), m_ranking, 1, 0);
    addLabelledField(grid, tr("&Family:"), m_family, 1, 2);
    addLabelledField(grid, tr("&Layers:"), m_layers, 2, 0);
    addLabelledField(grid, tr("&d_model:"), m_widths, 2, 2);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    m_summary->setWordWrap(true);
    m_sorted->setSourceModel(m_table);
    m_sorted->setSortRole(Qt::UserRole);
    m_view->setModel(m_sorted);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(0, Qt::AscendingOrder);
    m_view->verticalHeader()->hide();
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);

    // The chart above the table: the class looks at the chart, the table has every number.
    m_split->addWidget(m_chart);
    m_split->addWidget(m_view);
    m_split->setChildrenCollapsible(false);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(inputs);
    layout->addWidget(m_summary);
    layout->addWidget(m_split, 1);

    for (QLineEdit* e : {m_budget, m_tokens, m_layers, m_widths}) {
        connect(e, &QLineEdit::editingFinished, this, &BudgetView::search);
    }
    connect(m_ranking, &QComboBox::activated, this, &BudgetView::search);
    connect(m_family, &QComboBox::activated, this, &BudgetView::search);
    m_model->whenChanged(ConfigModel::Change::Configuration, this, [this] { onModelChanged(); });
    connect(Presentation::instance(), &Presentation::changing, this, &BudgetView::showColumns);
}

void BudgetView::onModelChanged()
{
    // Only the current model's family depends on the configuration.
    if (m_family->currentIndex() != 1) {
        return;
    }
    m_refresh->invalidate();
}

void BudgetView::search()
{
    m_refresh->rebuild();
}

void BudgetView::setExercise(const QString& budget)
{
    const BudgetSearchOptions defaults;
    m_budget->setText(budget);
    m_tokens->clear();
    m_layers->setText(QString::fromStdString(countListText(defaults.layers)));
    m_widths->setText(QString::fromStdString(countListText(defaults.d_models)));
    m_ranking->setCurrentIndex(0);
    m_family->setCurrentIndex(0);
    search();
}

void BudgetView::runSearch()
{
    BudgetSearchOptions options;
    try {
        options.budget_flops = parseQuantity(m_budget->text().toStdString(), "budget");
        options.tokens = parseQuantity(m_tokens->text().toStdString(), "tokens");
        options.layers = parseCountList(m_layers->text().toStdString(), "layers");
        options.d_models = parseCountList(m_widths->text().toStdString(), "d_model");
        options.ranking = budgetRankingById(m_ranking->currentData().toString().toStdString());
        if (m_family->currentIndex() == 1) {
            options.base = m_model->config();
            options.head_dim = m_model->config().effectiveHeadDim();
        }
        BudgetSearchResult result = searchBudget(options);
        m_summary->setText(QString::fromStdString(budgetSummary(result, options)));
        m_summary->setStyleSheet({});
        m_chart->setData(budgetChart(result, options));
        m_table->setResult(std::move(result));
        m_chart->setEnabled(true);
    } catch (const std::exception& e) {
        m_summary->setText(QString::fromStdString(e.what()));
        m_summary->setStyleSheet(QStringLiteral("color: #d32f2f;"));
        m_table->setResult({});
        m_chart->setEnabled(false); // the last search's chart, greyed
    }
    showColumns();
}

void BudgetView::showColumns()
{
    const BudgetColumn ranked = [this] {
        const QString id = m_ranking->currentData().toString();
        if (id == QLatin1String("quality")) {
            return BudgetColumn::Quality;
        }
        if (id == QLatin1String("efficiency")) {
            return BudgetColumn::Efficiency;
        }
        return id == QLatin1String("loss") ? BudgetColumn::Loss : BudgetColumn::LossFullBudget;
    }();
    const bool compact = presentationMode();
    for (BudgetColumn c : {BudgetColumn::Heads, BudgetColumn::ChapterParams, BudgetColumn::Flops,
                           BudgetColumn::Quality, BudgetColumn::Efficiency, BudgetColumn::Loss,
                           BudgetColumn::LossFullBudget}) {
        m_view->setColumnHidden(static_cast<int>(c), compact && c != ranked);
    }
}

} // namespace llmsizer::ui
