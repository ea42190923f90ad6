#include "ui/teach/budgetview.h"

#include "llmsizer/present/budget.h"
#include "ui/charts/budgetchart.h"
#include "ui/kit/formrows.h"
#include "ui/kit/presentation.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/budgetmodel.h"
#include "ui/state/qstrings.h"
#include "ui/teach/budgettablemodel.h"

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
#include <algorithm>

namespace llmsizer::ui {

BudgetView::BudgetView(BudgetModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_budget(new QLineEdit(this)), m_tokens(new QLineEdit(this)),
      m_ranking(new QComboBox(this)), m_family(new QComboBox(this)), m_layers(new QLineEdit(this)),
      m_widths(new QLineEdit(this)), m_summary(new WrapLabel(this)),
      m_table(new BudgetTableModel(this)), m_sorted(new QSortFilterProxyModel(this)),
      m_view(new QTableView(this)), m_chart(new BudgetChart(this)),
      m_split(new QSplitter(Qt::Vertical, this))
{
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
    showQuestion();

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

    m_sorted->setSourceModel(m_table);
    m_sorted->setSortRole(Qt::UserRole);
    m_view->setModel(m_sorted);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(0, Qt::AscendingOrder);
    m_view->verticalHeader()->hide();
    m_view->setAlternatingRowColors(true);
    m_view->setTabKeyNavigation(false); // Tab leaves the table; the arrows move in it
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
        connect(e, &QLineEdit::editingFinished, this, &BudgetView::ask);
    }
    connect(m_ranking, &QComboBox::activated, this, &BudgetView::ask);
    connect(m_family, &QComboBox::activated, this, &BudgetView::ask);
    connect(m_model, &BudgetModel::questionChanged, this, &BudgetView::showQuestion);
    connect(m_model, &BudgetModel::changed, this, &BudgetView::showSnapshot);
    connect(Presentation::instance(), &Presentation::changing, this, &BudgetView::showColumns);
}

void BudgetView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_model->setActive(true);
}

void BudgetView::hideEvent(QHideEvent* event)
{
    m_model->setActive(false);
    QWidget::hideEvent(event);
}

// The fields as the model's question.
void BudgetView::ask()
{
    BudgetQuestion q;
    q.budget = m_budget->text().toStdString();
    q.tokens = m_tokens->text().toStdString();
    q.layers = m_layers->text().toStdString();
    q.d_models = m_widths->text().toStdString();
    q.ranking = m_ranking->currentData().toString().toStdString();
    q.current_family = m_family->currentIndex() == 1;
    if (!(q == m_model->question())) {
        m_model->setQuestion(q);
    }
}

void BudgetView::search()
{
    ask();
    m_model->refresh();
}

// The model's question in the fields (a lesson asks one).
void BudgetView::showQuestion()
{
    const BudgetQuestion& q = m_model->question();
    const auto show = [](QLineEdit* edit, const std::string& text) {
        if (edit->text() != qs(text)) {
            edit->setText(qs(text));
        }
    };
    show(m_budget, q.budget);
    show(m_tokens, q.tokens);
    show(m_layers, q.layers);
    show(m_widths, q.d_models);
    m_ranking->setCurrentIndex(std::max(0, m_ranking->findData(qs(q.ranking))));
    m_family->setCurrentIndex(q.current_family ? 1 : 0);
}

void BudgetView::showSnapshot()
{
    const BudgetSnapshot& s = m_model->snapshot();
    if (s.ok) {
        m_summary->setText(qs(s.summary));
        m_summary->setStyleSheet({});
        m_chart->setData(s.chart);
        m_chart->setEnabled(true);
    } else {
        m_summary->setText(qs(s.error));
        m_summary->setStyleSheet(QStringLiteral("color: #d32f2f;"));
        m_chart->setEnabled(false); // the last search's chart, greyed
    }
    m_table->setResult(s.result);
    showColumns();
}

void BudgetView::showColumns()
{
    const BudgetColumn ranked = budgetRankedColumn(m_model->question().ranking);
    static constexpr BudgetColumn kOptional[] = {
        BudgetColumn::Heads,         BudgetColumn::ChapterParams, BudgetColumn::Flops,
        BudgetColumn::Quality,       BudgetColumn::Efficiency,    BudgetColumn::Loss,
        BudgetColumn::LossFullBudget};
    // Every column's width as its contents ask (ResizeToContents), all shown, against the view.
    int all = 0;
    const QAbstractItemView* view = m_view; // sizeHintForColumn is public there
    for (int c = 0; c < m_view->model()->columnCount(); ++c) {
        all += std::max(view->sizeHintForColumn(c), m_view->horizontalHeader()->sectionSizeHint(c));
    }
    const bool compact = presentationMode() || all > m_view->viewport()->width();
    for (BudgetColumn c : kOptional) {
        m_view->setColumnHidden(static_cast<int>(c), compact && c != ranked);
    }
}

void BudgetView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_fitColumns.schedule();
}

} // namespace llmsizer::ui
