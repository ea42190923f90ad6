#include "ui/teach/scalinginsight.h"

#include "llmsizer/present/explore_view.h"
#include "ui/kit/tablecells.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/exploremodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <array>

namespace llmsizer::ui {

ScalingInsight::ScalingInsight(ExploreModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_summary(new WrapLabel(this)),
      m_table(new QTableWidget(0, 3, this))
{
    auto* heading =
        new QLabel(tr("<b>The key insight</b>: parameters grow linearly "
                      "with layers, quadratically with width. Measured on this model (blocks = "
                      "attention + MLP + norms, all layers):"),
                   this);
    heading->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table->setHorizontalHeaderLabels({tr("Doubling…"), tr("×2 layers"), tr("×2 d_model")});
    m_table->verticalHeader()->hide();
    m_table->setTabKeyNavigation(false); // Tab leaves the table; the arrows move in it
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heading);
    layout->addWidget(m_summary);
    layout->addWidget(m_table);
    connect(m_model, &ExploreModel::familyChanged, this, &ScalingInsight::sync);
    sync();
}

QString ScalingInsight::summary() const
{
    return m_summary->text();
}

void ScalingInsight::sync()
{
    const ScalingRatios& r = m_model->ratios();
    // Relative size: it follows the application font (presentation mode).
    m_summary->setText(QStringLiteral("<span style=\"font-size:large; font-weight:bold\">%1</span>")
                           .arg(QString::fromStdString(r.summary).toHtmlEscaped()));
    const std::vector<ScalingRow> rows = scalingRows(r);
    m_table->setRowCount(static_cast<int>(rows.size()));
    // The cells are kept and only what changed of them is set: each change tells the view.
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::array<std::string, 3> texts{rows[i].label, rows[i].deeper, rows[i].wider};
        const bool bold = rows[i].key == "blocks" || rows[i].key == "total";
        for (int c = 0; c < 3; ++c) {
            QTableWidgetItem* item = setTableCell(
                m_table, static_cast<int>(i), c, QString::fromStdString(texts[std::size_t(c)]),
                Qt::AlignVCenter | (c == 0 ? Qt::AlignLeft : Qt::AlignRight));
            if (bold != item->data(Qt::FontRole).isValid()) {
                if (bold) {
                    QFont f; // a new cell's font, bold
                    f.setBold(true);
                    item->setFont(f);
                } else {
                    item->setData(Qt::FontRole, QVariant());
                }
            }
        }
    }
    fitColumns();
}

void ScalingInsight::fitColumns()
{
    fitColumnsToText(m_table, {1, 2});
}

} // namespace llmsizer::ui
