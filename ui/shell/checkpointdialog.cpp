#include "ui/shell/checkpointdialog.h"

#include "llmsizer/present/checkpoint_view.h"
#include "ui/kit/palette.h"
#include "ui/kit/theme.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace llmsizer::ui {

namespace {

QTableWidgetItem* cell(const QString& text, bool number)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number) {
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    return item;
}

QTableWidget* table(const QStringList& headers, QWidget* parent)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setTabKeyNavigation(false); // Tab leaves the table; the arrows move in it
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setWordWrap(false);
    // The first column (names) takes the spare width; numbers stay beside each other.
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int col = 1; col < t->columnCount(); ++col) {
        t->horizontalHeaderItem(col)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    return t;
}

} // namespace

CheckpointDialog::CheckpointDialog(ConfigModel* model, QWidget* parent)
    : QDialog(parent), m_model(model), m_heading(new QLabel(this)),
      m_components(
          table({tr("Component"), tr("Checkpoint"), tr("Estimate"), tr("Difference")}, this)),
      m_facts(table({tr("Checkpoint"), tr("")}, this))
{
    setWindowTitle(tr("Checkpoint vs estimate"));
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_facts->horizontalHeader()->hide();
    // Facts: labels as wide as they need, values take the rest.
    m_facts->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_facts->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
    buttons->button(QDialogButtonBox::Close)->setFocus();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_components, 3);
    layout->addWidget(m_facts, 2);
    layout->addWidget(buttons);
    resize(760, 640);
    // The comparison follows the configuration (the estimate), the checkpoint and the units.
    using Change = ConfigModel::Change;
    m_model->whenChanged(Change::Configuration | Change::Checkpoint | Change::ModelLoaded |
                             Change::Display,
                         this, [this] { refresh(); });
    refresh();
}

void CheckpointDialog::refresh()
{
    const Checkpoint* c = m_model->checkpoint();
    m_components->setRowCount(0);
    m_facts->setRowCount(0);
    if (c == nullptr) {
        m_heading->setText(tr("No checkpoint is loaded."));
        return;
    }
    const QColor flag = fitColor(false, isDark(palette()));
    QString heading = tr("<b>%1</b> — parameters stored in the checkpoint next to the exact "
                         "count of its configuration.")
                          .arg(m_model->checkpointName().toHtmlEscaped());
    if (c->partial) {
        const auto missing = static_cast<int>(c->missing_shards.size());
        heading += QStringLiteral("<br><span style=\"color:%1\">").arg(flag.name()) +
                   (missing == 1 ? tr("<b>Partial:</b> 1 file is missing")
                                 : tr("<b>Partial:</b> %1 files are missing").arg(missing)) +
                   tr("; the counts cover the files present.") + QStringLiteral("</span>");
    }
    m_heading->setText(heading);
    const std::vector<CheckpointRow> rows = checkpointRows(*c);
    m_components->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const CheckpointRow& row = rows[static_cast<std::size_t>(r)];
        m_components->setItem(r, 0, cell(qs(row.label), false));
        m_components->setItem(r, 1, cell(qs(row.checkpoint), true));
        m_components->setItem(r, 2, cell(qs(row.estimate), true));
        QTableWidgetItem* diff = cell(qs(row.difference), true);
        if (row.differs) {
            diff->setForeground(flag);
            QFont bold = diff->font();
            bold.setBold(true);
            diff->setFont(bold);
        }
        m_components->setItem(r, 3, diff);
    }
    // The component table is as tall as its rows; the facts below take the rest.
    int height =
        m_components->horizontalHeader()->sizeHint().height() + 2 * m_components->frameWidth();
    for (int r = 0; r < m_components->rowCount(); ++r) {
        height += m_components->rowHeight(r);
    }
    m_components->setMaximumHeight(height);
    const std::vector<CheckpointFact> facts = checkpointFacts(*c, m_model->units());
    m_facts->setRowCount(static_cast<int>(facts.size()));
    for (int r = 0; r < static_cast<int>(facts.size()); ++r) {
        const CheckpointFact& f = facts[static_cast<std::size_t>(r)];
        m_facts->setItem(r, 0, cell(qs(f.label), false));
        QTableWidgetItem* value = cell(qs(f.value), false);
        value->setToolTip(qs(f.value));
        if (f.warning) {
            value->setForeground(flag);
        }
        m_facts->setItem(r, 1, value);
    }
}

CheckpointBar::CheckpointBar(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_label(new QLabel(this)),
      m_button(new QPushButton(tr("Checkpoint vs estimate…"), this)),
      m_action(new QAction(tr("Checkpoint vs &Estimate…"), this))
{
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_button);
    m_action->setStatusTip(tr("Compare the opened checkpoint's parameters with the estimate"));
    connect(m_button, &QPushButton::clicked, this, [this] { showDialog(); });
    connect(m_action, &QAction::triggered, this, [this] { showDialog(); });
    using Change = ConfigModel::Change;
    m_model->whenChanged(Change::Configuration | Change::Checkpoint | Change::ModelLoaded, this,
                         [this] { refresh(); });
    refresh();
}

CheckpointDialog* CheckpointBar::showDialog()
{
    if (m_model->checkpoint() == nullptr) {
        return nullptr;
    }
    if (m_dialog == nullptr) {
        m_dialog = new CheckpointDialog(m_model, window());
    }
    m_dialog->show();
    m_dialog->raise();
    return m_dialog;
}

void CheckpointBar::refresh()
{
    const bool loaded = m_model->checkpoint() != nullptr;
    m_button->setVisible(loaded);
    m_action->setEnabled(loaded);
    if (m_model->showsCheckpoint()) {
        m_label->setText(
            tr("Parameter breakdown: from checkpoint %1").arg(m_model->checkpointName()));
    } else if (loaded) {
        m_label->setText(tr("Parameter breakdown: counted from the edited configuration "
                            "(checkpoint %1 is still available)")
                             .arg(m_model->checkpointName()));
    } else if (!m_model->config().estimate.empty() || !m_model->config().not_counted.empty()) {
        // A model type counted from its size fields only, or parts the count leaves out: the
        // breakdown is what the configuration says, not the checkpoint's exact count.
        m_label->setText(tr("Parameter breakdown: estimate from the configuration"));
    } else {
        m_label->setText(tr("Parameter breakdown: counted from the configuration"));
    }
}

} // namespace llmsizer::ui
