// My hardware's table as laid out (HardwareView::fitColumns): each column as wide as its contents,
// the text columns elided and then the family and year given up before the table scrolls
// sideways; the current row whole under it (showCurrentRow), and the Overview's model in view.
#include "ui/hardware/hardwaretable.h"
#include "ui/hardware/hardwareview.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <algorithm>

namespace llmsizer::ui {

// Every column as wide as its contents; the width left over goes to the model's name, so the table
// fills the view when it can. Where it cannot (1240 pixels; a projector's 1280 in presentation
// mode), the change and precision texts are elided, then the year and family give way, then the
// name and verdict are elided, then GPU layers, headroom and parameters give way (what other
// columns already say); the table scrolls sideways only when the rest alone is wider.
void HardwareView::fitColumns()
{
    // A hidden view's table keeps the size it last had: fitted to it, a tab shown later would
    // keep floors and hidden columns it has room for. It is fitted when shown (showEvent).
    if (!isVisible()) {
        return;
    }
    QHeaderView* header = m_table->horizontalHeader();
    // Offloading needs a runtime that can: without it the RAM column is empty.
    m_table->setColumnHidden(static_cast<int>(HardwareColumn::Ram), !m_model->runtime().offloads());
    for (const HardwareColumn c :
         {HardwareColumn::Year, HardwareColumn::Family, HardwareColumn::GpuLayers,
          HardwareColumn::Headroom, HardwareColumn::Params}) {
        m_table->setColumnHidden(static_cast<int>(c), false);
    }
    m_table->resizeColumnsToContents();
    int used = 0;
    for (int c = 0; c < header->count(); ++c) {
        if (!header->isSectionHidden(c)) {
            used += header->sectionSize(c);
        }
    }
    // The vertical scroll bar may appear after this layout: leave its width free.
    const int bar = m_table->verticalScrollBar()->isVisible()
                        ? 0
                        : style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_table);
    int spare = m_table->viewport()->width() - used - bar;
    // Step by step until the columns fit: a text column elided down to a floor (the line under
    // the table and the row's tooltip have it whole; "GGUF Q4_K_M", "✓ fits (tight)" and
    // "✗ unsupported" stay whole), or a column that others or the filters already say hidden.
    const QFontMetrics metrics = m_table->fontMetrics();
    const int pad = 2 * metrics.averageCharWidth();
    const auto floorOf = [&](const char* text) {
        return metrics.horizontalAdvance(QString::fromUtf8(text)) + pad;
    };
    struct Step {
        HardwareColumn column;
        int floor; // 0: the column is hidden
        int full = 0;
    };
    Step steps[] = {
        {HardwareColumn::Machine, floorOf("with 2 more GPUs")},
        {HardwareColumn::Precision, floorOf("GGUF Q4_K_M")},
        {HardwareColumn::Year, 0},
        {HardwareColumn::Family, 0},
        {HardwareColumn::Model, floorOf("Llama 3 70B")},
        {HardwareColumn::Verdict, std::max({floorOf("✓ fits (tight)"), floorOf("✗ unsupported"),
                                            floorOf("◐ experts in RAM")})},
        {HardwareColumn::GpuLayers, 0},
        {HardwareColumn::Headroom, 0},
        {HardwareColumn::Params, 0}};
    int gaveWay = 0;
    for (Step& step : steps) {
        const int c = static_cast<int>(step.column);
        step.full = header->sectionSize(c);
        if (spare >= 0) {
            continue;
        }
        if (step.floor == 0) {
            m_table->setColumnHidden(c, true);
            spare += step.full;
            ++gaveWay;
            continue;
        }
        const int shrunk = std::max(std::min(step.floor, step.full), step.full + spare);
        header->resizeSection(c, shrunk);
        spare += step.full - shrunk;
    }
    // What a hidden column freed beyond the need goes back to the elided texts, the name first.
    for (const int i : {4, 1, 5, 0}) {
        const int c = static_cast<int>(steps[i].column);
        const int more = std::clamp(steps[i].full - header->sectionSize(c), 0, std::max(spare, 0));
        header->resizeSection(c, header->sectionSize(c) + more);
        spare -= more;
    }
    if (spare > 0) {
        const int model = static_cast<int>(HardwareColumn::Model);
        header->resizeSection(model, header->sectionSize(model) + spare);
    }
    if (gaveWay != m_columnsGaveWay) {
        m_columnsGaveWay = gaveWay;
        updateStatus();
    }
}

void HardwareView::showCurrentRow()
{
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid()) {
        m_currentKey = {current.data(HardwareTableModel::PresetRole).toString(),
                        current.data(HardwareTableModel::PrecisionRole).toString()};
    }
    const QString text = current.isValid() ? current.data(Qt::ToolTipRole).toString() : QString();
    m_current->setText(text);
    m_current->setVisible(!text.isEmpty());
}

// New rows (a field applied): the row that was current is current again, where it now is.
void HardwareView::restoreCurrentRow()
{
    if (m_table->currentIndex().isValid() || m_currentKey.second.isEmpty()) {
        return;
    }
    const QAbstractItemModel* rows = m_table->model();
    for (int r = 0; r < rows->rowCount(); ++r) {
        const QModelIndex i = rows->index(r, 0);
        if (i.data(HardwareTableModel::PresetRole).toString() == m_currentKey.first &&
            i.data(HardwareTableModel::PrecisionRole).toString() == m_currentKey.second) {
            m_table->setCurrentIndex(i);
            m_table->scrollTo(i);
            return;
        }
    }
}

// Opened on a preset (or one chosen in the Overview since), the table shows that model's rows: its
// first row current and in view. A row the user picked stays until the Overview's model changes.
void HardwareView::followOverviewModel()
{
    const QString preset = m_config->isModified() ? QString() : m_config->presetId();
    if (preset.isEmpty() || preset == m_followedPreset) {
        return;
    }
    const QAbstractItemModel* rows = m_table->model();
    for (int r = 0; r < rows->rowCount(); ++r) {
        const QModelIndex i = rows->index(r, 0);
        if (i.data(HardwareTableModel::PresetRole).toString() == preset) {
            m_followedPreset = preset;
            if (m_table->currentIndex().data(HardwareTableModel::PresetRole).toString() != preset) {
                m_table->setCurrentIndex(i);
            }
            m_table->scrollTo(m_table->currentIndex(), QAbstractItemView::PositionAtTop);
            return;
        }
    }
}

// The columns follow the table's width, whatever changed it (the window, the layout settling when
// the tab is first shown, a label above it wrapping): once per turn of the event loop.
bool HardwareView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize &&
        static_cast<QResizeEvent*>(event)->oldSize().width() !=
            static_cast<QResizeEvent*>(event)->size().width()) {
        scheduleFit();
    }
    return QWidget::eventFilter(watched, event);
}

void HardwareView::scheduleFit()
{
    m_fit.schedule();
}

// Presentation mode and the theme change the font: the columns follow it, shown or not.
void HardwareView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        scheduleFit();
    }
}

} // namespace llmsizer::ui
