#include "ui/overview/knobstrip.h"

#include "ui/kit/flowlayout.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presetpicker.h"
#include "ui/kit/showrefresh.h"
#include "ui/kit/wraplabel.h"
#include "ui/overview/configpanel.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QSlider>
#include <QVBoxLayout>

namespace llmsizer::ui {

KnobStrip::KnobStrip(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_picker(new PresetPicker(this)),
      m_issues(new WrapLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    auto* flow = new FlowLayout(nullptr, 12);
    layout->addLayout(flow);
    m_picker->setMinimumContentsLength(18);
    flow->addWidget(m_picker);
    const std::array<QString, kKnobs.size()> labels{tr("d_model"), tr("Layers"), tr("Heads"),
                                                    tr("Vocab")};
    for (std::size_t i = 0; i < kKnobs.size(); ++i) {
        auto* cell = new QWidget(this);
        auto* grid = new QGridLayout(cell);
        grid->setContentsMargins(0, 0, 0, 0);
        grid->setColumnStretch(1, 1);
        m_rows[i] = new KnobRow(labels[i], grid, 0, cell);
        m_rows[i]->setLabelWidthFor(kKnobs[i] == Knob::Heads ? tr("Heads  (head dim 000)")
                                                             : labels[i]);
        m_rows[i]->setGlossary(knobGlossaryKey(kKnobs[i]));
        flow->addWidget(cell);
        const Knob knob = kKnobs[i];
        connect(m_rows[i], &KnobRow::valueEdited, this,
                [this, knob](std::uint64_t v) { m_model->setKnob(knob, v); });
    }
    m_issues->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    m_issues->setVisible(false);
    layout->addWidget(m_issues);

    connect(m_picker, &PresetPicker::presetChosen, m_model, &ConfigModel::selectPreset);
    // Outside presentation mode the strip is hidden: it catches up when it is shown.
    m_refresh = new ShowRefresh(
        this, [this] { sync(); }, ShowRefresh::Waits::WhileHiddenInShownWindow);
    connect(m_model, &ConfigModel::changed, m_refresh, &ShowRefresh::invalidate);
    connect(m_model, &ConfigModel::issuesChanged, m_refresh, &ShowRefresh::invalidate);
    connect(m_model, &ConfigModel::presetsChanged, this, [this] {
        m_picker->setPresets(m_model->presets(), m_model->presetTotals());
        sync();
    });
    m_picker->setPresets(m_model->presets(), m_model->presetTotals());
    for (KnobRow* r : m_rows) {
        r->slider()->setMinimumWidth(12 * fontMetrics().averageCharWidth());
    }
    sync();
}

KnobRow* KnobStrip::row(Knob knob) const
{
    for (std::size_t i = 0; i < kKnobs.size(); ++i) {
        if (kKnobs[i] == knob) {
            return m_rows[i];
        }
    }
    return nullptr;
}

void KnobStrip::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        // Sliders long enough to drag on a projector, in the (enlarged) font's units.
        for (KnobRow* r : m_rows) {
            r->slider()->setMinimumWidth(12 * fontMetrics().averageCharWidth());
        }
    }
    QWidget::changeEvent(event);
}

void KnobStrip::sync()
{
    for (std::size_t i = 0; i < kKnobs.size(); ++i) {
        showKnob(m_rows[i], kKnobs[i], *m_model);
    }
    m_picker->showCurrent(m_model->presetId(), m_model->modelName());
    const QString issues = issuesText(m_model->issues(), QStringLiteral("\n"));
    m_issues->setText(issues);
    m_issues->setVisible(!issues.isEmpty());
}

} // namespace llmsizer::ui
