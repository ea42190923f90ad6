#include "ui/overview/configpanel.h"

#include "ui/kit/glossarydialog.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/kit/presetpicker.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

namespace llmsizer::ui {

namespace {

constexpr std::array<Knob, 10> kKnobOrder{
    Knob::DModel, Knob::Layers,  Knob::Heads,           Knob::KvHeads,   Knob::Vocab,
    Knob::Dff,    Knob::Experts, Knob::ExpertsPerToken, Knob::ExpertDff, Knob::SharedExperts};

} // namespace

const char* knobGlossaryKey(Knob knob)
{
    switch (knob) {
    case Knob::DModel:
        return "d_model";
    case Knob::Layers:
        return "layers";
    case Knob::Heads:
        return "heads";
    case Knob::KvHeads:
        return "kv_heads";
    case Knob::Vocab:
        return "vocab";
    case Knob::Dff:
    case Knob::ExpertDff:
        return "d_ff";
    case Knob::ExpertsPerToken:
        return "active_params";
    case Knob::Experts:
    case Knob::SharedExperts:
        break;
    }
    return "moe";
}

void showKnob(KnobRow* row, Knob knob, const ConfigModel& model)
{
    const ModelConfig& c = model.config();
    row->setState(knobSteps(knob, c, knobValue(knob, model.baseConfig())), knobValue(knob, c));
    if (knob == Knob::Heads) {
        row->setNote(c.attention == AttentionKind::Latent
                         ? ConfigPanel::tr("(latent)")
                         : ConfigPanel::tr("(head dim %1)").arg(c.effectiveHeadDim()));
    }
}

ConfigPanel::ConfigPanel(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_picker(new PresetPicker(this)),
      m_modified(new QLabel(this)), m_reset(new QPushButton(tr("&Reset to preset"), this)),
      m_mlp(new QComboBox(this)), m_norm(new QComboBox(this)),
      m_tied(new QCheckBox(tr("&Tied LM head"), this)),
      m_biases(new QCheckBox(tr("&Biases (q/k/v, out, MLP)"), this)),
      m_moeBox(new QGroupBox(tr("Mixture of experts"), this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* presetBox = new QGroupBox(tr("Model"), this);
    auto* presetLayout = new QVBoxLayout(presetBox);
    presetLayout->addWidget(m_picker);
    auto* modifiedLine = new QHBoxLayout;
    m_modified->setText(tr("● Modified"));
    m_modified->setToolTip(tr("The sliders have left the preset's configuration"));
    modifiedLine->addWidget(m_modified);
    modifiedLine->addStretch();
    modifiedLine->addWidget(m_reset);
    presetLayout->addLayout(modifiedLine);
    layout->addWidget(presetBox);

    auto* shapeBox = new QGroupBox(tr("Shape"), this);
    auto* shapeLayout = new QVBoxLayout(shapeBox);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    shapeLayout->addLayout(grid);
    m_rows[0] = addRow(tr("d_model"), grid, shapeBox, 0);
    m_rows[1] = addRow(tr("Layers"), grid, shapeBox, 2);
    m_rows[2] = addRow(tr("Heads"), grid, shapeBox, 4);
    m_rows[3] = addRow(tr("KV heads"), grid, shapeBox, 6);
    m_rows[4] = addRow(tr("Vocab"), grid, shapeBox, 8);
    m_rows[5] = addRow(tr("d_ff"), grid, shapeBox, 10);
    m_widthRule = new WrapLabel(shapeBox);
    m_widthRule->setObjectName(QStringLiteral("widthRule"));
    m_widthRule->setForegroundRole(QPalette::PlaceholderText);
    m_widthRule->setKeepsHeight(true);
    m_widthRule->setToolTip(tr("The d_model slider moves along the model's family: the same rule "
                               "Depth × width and Largest that fits use"));
    shapeLayout->addWidget(m_widthRule);
    auto* toggles = new QFormLayout;
    m_toggles = toggles;
    m_mlp->addItem(tr("Plain (up, down)"));
    m_mlp->addItem(tr("Gated (gate, up, down)"));
    m_mlp->setAccessibleName(tr("MLP kind"));
    m_norm->addItem(tr("LayerNorm (weight + bias)"));
    m_norm->addItem(tr("RMSNorm (weight)"));
    m_norm->setAccessibleName(tr("Norm kind"));
    toggles->addRow(tr("&MLP"), m_mlp);
    toggles->addRow(tr("&Norm"), m_norm);
    toggles->addRow(m_tied);
    toggles->addRow(m_biases);
    shapeLayout->addLayout(toggles);
    layout->addWidget(shapeBox);

    auto* moeLayout = new QGridLayout(m_moeBox);
    moeLayout->setColumnStretch(1, 1);
    m_rows[6] = addRow(tr("Experts"), moeLayout, m_moeBox, 0);
    m_rows[7] = addRow(tr("Per token"), moeLayout, m_moeBox, 2);
    m_rows[8] = addRow(tr("Expert d_ff"), moeLayout, m_moeBox, 4);
    m_rows[9] = addRow(tr("Shared"), moeLayout, m_moeBox, 6);
    layout->addWidget(m_moeBox);

    auto* workBox = new QGroupBox(tr("Workload"), this);
    m_workBox = workBox;
    auto* workLayout = new QGridLayout(workBox);
    workLayout->setColumnStretch(1, 1);
    m_context = addRow(tr("Context"), workLayout, workBox, 0);
    m_batch = addRow(tr("Batch"), workLayout, workBox, 2);
    layout->addWidget(workBox);
    layout->addStretch();

    // Each control explains its term (Help > Glossary has them all).
    for (std::size_t i = 0; i < kKnobOrder.size(); ++i) {
        m_rows[i]->setGlossary(knobGlossaryKey(kKnobOrder[i]));
    }
    m_context->setGlossary("context");
    m_batch->setGlossary("batch");
    attachGlossary(m_mlp, "gated_mlp");
    attachGlossary(m_norm, "norms");
    attachGlossary(m_tied, "tied_head");
    for (std::size_t i = 0; i < kKnobOrder.size(); ++i) {
        const Knob knob = kKnobOrder[i];
        connect(m_rows[i], &KnobRow::valueEdited, this,
                [this, knob](std::uint64_t v) { m_model->setKnob(knob, v); });
    }
    connect(m_context, &KnobRow::valueEdited, this,
            [this](std::uint64_t v) { m_model->setContext(v); });
    connect(m_batch, &KnobRow::valueEdited, this,
            [this](std::uint64_t v) { m_model->setBatch(v); });
    connect(m_mlp, &QComboBox::activated, this, &ConfigPanel::editToggles);
    connect(m_norm, &QComboBox::activated, this, &ConfigPanel::editToggles);
    connect(m_tied, &QCheckBox::clicked, this, &ConfigPanel::editToggles);
    connect(m_biases, &QCheckBox::clicked, this, &ConfigPanel::editToggles);
    connect(m_reset, &QPushButton::clicked, m_model, &ConfigModel::resetToBase);
    connect(m_picker, &PresetPicker::presetChosen, m_model, &ConfigModel::selectPreset);
    connect(m_model, &ConfigModel::changed, this, [this](ConfigModel::Changes what) {
        if (what.testFlag(ConfigModel::Change::ModelLoaded)) {
            m_widthRule->releaseHeight();
        }
        sync();
    });
    connect(m_model, &ConfigModel::issuesChanged, this, &ConfigPanel::showIssues);
    connect(m_model, &ConfigModel::presetsChanged, this, [this] {
        m_picker->setPresets(m_model->presets(), m_model->presetTotals());
        sync();
    });
    // After the font changed: the long sliders are measured in the projector's font.
    connect(Presentation::instance(), &Presentation::toggled, this, &ConfigPanel::setSimplified);
    m_picker->setPresets(m_model->presets(), m_model->presetTotals());
    sync();
}

KnobRow* ConfigPanel::addRow(const QString& label, QGridLayout* grid, QWidget* box, int row)
{
    auto* r = new KnobRow(label, grid, row, box);
    connect(r, &KnobRow::typed, this, [this, r] { m_lastTyped = r; });
    connect(r->slider(), &QSlider::sliderPressed, this, [this] { m_lastTyped = nullptr; });
    return r;
}

KnobRow* ConfigPanel::row(Knob knob) const
{
    for (std::size_t i = 0; i < kKnobOrder.size(); ++i) {
        if (kKnobOrder[i] == knob) {
            return m_rows[i];
        }
    }
    return nullptr;
}

void ConfigPanel::syncValues(const KnobRow* keep)
{
    const ModelConfig& c = m_model->config();
    for (std::size_t i = 0; i < kKnobOrder.size(); ++i) {
        const Knob knob = kKnobOrder[i];
        if (m_rows[i] == keep || ((knob == Knob::Experts || knob == Knob::ExpertsPerToken ||
                                   knob == Knob::ExpertDff || knob == Knob::SharedExperts) &&
                                  !c.isMoe())) {
            continue;
        }
        showKnob(m_rows[i], knob, *m_model);
    }
    if (m_context != keep) {
        m_context->setState(contextSteps(m_model->context(), m_model->baseConfig().context_length),
                            m_model->context());
    }
    if (m_batch != keep) {
        m_batch->setState(batchSteps(m_model->batch()), m_model->batch());
    }
}

QLabel* ConfigPanel::widthRuleLabel() const
{
    return m_widthRule;
}

void ConfigPanel::sync()
{
    const ModelConfig& c = m_model->config();
    syncValues(nullptr);
    const bool latent = c.attention == AttentionKind::Latent;
    row(Knob::KvHeads)->setEnabled(!latent);
    row(Knob::KvHeads)
        ->setNote(latent                      ? QString()
                  : c.n_kv_heads == c.n_heads ? tr("(MHA)")
                  : c.n_kv_heads == 1         ? tr("(MQA)")
                                              : tr("(GQA)"));
    row(Knob::Dff)->setNote(QStringLiteral("(×%1)").arg(dffRatio(c), 0, 'f', 2));
    m_widthRule->setText(QString::fromStdString(m_model->widthRule()));

    {
        const QSignalBlocker b1(m_mlp);
        const QSignalBlocker b2(m_norm);
        const QSignalBlocker b3(m_tied);
        const QSignalBlocker b4(m_biases);
        m_mlp->setCurrentIndex(c.mlp == MlpKind::Gated ? 1 : 0);
        m_norm->setCurrentIndex(c.norm == NormKind::RMSNorm ? 1 : 0);
        m_tied->setChecked(c.tied_head);
        const int on =
            int(c.biases.qkv) + int(c.biases.out) + int(c.biases.mlp_up) + int(c.biases.mlp_down);
        m_biases->setCheckState(on == 0   ? Qt::Unchecked
                                : on == 4 ? Qt::Checked
                                          : Qt::PartiallyChecked);
    }
    m_moeBox->setVisible(c.isMoe() && !presentationMode());
    m_modified->setVisible(m_model->isModified());
    m_reset->setEnabled(m_model->isModified());
    m_picker->showCurrent(m_model->presetId(), m_model->modelName());
    showIssues();
}

bool ConfigPanel::isSimplified() const
{
    return presentationMode();
}

void ConfigPanel::setSimplified(bool on)
{
    for (QWidget* w : {static_cast<QWidget*>(m_mlp), static_cast<QWidget*>(m_norm),
                       static_cast<QWidget*>(m_tied), static_cast<QWidget*>(m_biases),
                       m_toggles->labelForField(m_mlp), m_toggles->labelForField(m_norm),
                       static_cast<QWidget*>(m_workBox)}) {
        if (w != nullptr) {
            w->setVisible(!on);
        }
    }
    row(Knob::KvHeads)->setVisible(!on);
    row(Knob::Dff)->setVisible(!on);
    // Long sliders for the projector (the font is already the enlarged one).
    const int sliderWidth = on ? 10 * QFontMetrics(QApplication::font()).averageCharWidth() : 0;
    for (const Knob k : {Knob::DModel, Knob::Layers, Knob::Heads, Knob::Vocab}) {
        row(k)->slider()->setMinimumWidth(sliderWidth);
    }
    sync();
}

void ConfigPanel::showIssues()
{
    // A refused value stays only in the field it was typed in, beside its message; every other
    // field shows what the model holds (a context refused earlier would otherwise stay in its
    // field, its message gone, while the charts use the old value).
    syncValues(m_lastTyped);
    const QString text = issuesText(m_model->issues(), QStringLiteral("\n"));
    for (KnobRow* r : m_rows) {
        r->setMessage({});
    }
    m_context->setMessage({});
    m_batch->setMessage({});
    if (!text.isEmpty() && m_lastTyped != nullptr) {
        m_lastTyped->setMessage(text);
    } else if (!text.isEmpty()) {
        m_rows[0]->setMessage(text);
    }
}

void ConfigPanel::editToggles()
{
    ModelConfig c = m_model->config();
    c.mlp = m_mlp->currentIndex() == 1 ? MlpKind::Gated : MlpKind::Plain;
    c.norm = m_norm->currentIndex() == 1 ? NormKind::RMSNorm : NormKind::LayerNorm;
    c.tied_head = m_tied->isChecked();
    if (m_biases->checkState() != Qt::PartiallyChecked) {
        const bool on = m_biases->isChecked();
        c.biases.qkv = on && c.attention == AttentionKind::Standard;
        c.biases.out = on;
        c.biases.mlp_up = on;
        c.biases.mlp_down = on;
    }
    m_lastTyped = nullptr;
    m_model->setConfig(c);
}

} // namespace llmsizer::ui
