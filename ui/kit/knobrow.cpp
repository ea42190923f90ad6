#include "ui/kit/knobrow.h"

#include "llmsizer/present/view_support.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/wraplabel.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>
#include <limits>

namespace llmsizer::ui {

void StepSpinBox::stepBy(int steps)
{
    if (m_steps == nullptr || m_steps->empty()) {
        QSpinBox::stepBy(steps);
        return;
    }
    const auto value = static_cast<std::uint64_t>(std::max(0, this->value()));
    int index = nearestStepIndex(*m_steps, value);
    const std::uint64_t nearest = (*m_steps)[static_cast<std::size_t>(index)];
    // A value between two steps moves to the neighbouring step in the pressed direction first.
    if (nearest != value && ((steps > 0) == (nearest > value))) {
        steps += steps > 0 ? -1 : 1;
    }
    index = std::clamp(index + steps, 0, static_cast<int>(m_steps->size()) - 1);
    setValue(static_cast<int>((*m_steps)[static_cast<std::size_t>(index)]));
}

QAbstractSpinBox::StepEnabled StepSpinBox::stepEnabled() const
{
    if (m_steps == nullptr || m_steps->empty()) {
        return QSpinBox::stepEnabled();
    }
    const auto value = static_cast<std::uint64_t>(std::max(0, this->value()));
    StepEnabled e = StepNone;
    if (value > m_steps->front()) {
        e |= StepDownEnabled;
    }
    if (value < m_steps->back()) {
        e |= StepUpEnabled;
    }
    return e;
}

namespace {
// The room the digits of a spin box take beyond "16,777,216" (the widest knob value).
int excessDigitWidth(const QSpinBox& box, const QString& widest)
{
    const QFontMetrics fm(box.font());
    const QString max = box.locale().toString(box.maximum());
    return std::max(0, fm.horizontalAdvance(max) - fm.horizontalAdvance(widest));
}
} // namespace

QSize StepSpinBox::sizeHint() const
{
    QSize s = QSpinBox::sizeHint();
    s.rwidth() -= excessDigitWidth(*this, QStringLiteral("16,777,216"));
    return s;
}

QSize StepSpinBox::minimumSizeHint() const
{
    QSize s = QSpinBox::minimumSizeHint();
    s.rwidth() -= excessDigitWidth(*this, QStringLiteral("16,777,216"));
    return s;
}

KnobRow::KnobRow(const QString& label, QGridLayout* grid, int row, QWidget* parent)
    : QObject(parent), m_text(label), m_label(new QLabel(label, parent)),
      m_slider(new QSlider(Qt::Horizontal, parent)), m_spin(new StepSpinBox(parent)),
      m_message(new WrapLabel(parent))
{
    m_label->setBuddy(m_spin);
    fitLabel();
    m_label->installEventFilter(this); // refit when the font changes (presentation mode)
    m_slider->setAccessibleName(label);
    m_spin->setAccessibleName(label);
    m_spin->setRange(0, std::numeric_limits<int>::max());
    m_spin->setKeyboardTracking(false); // typing commits on Enter or focus out, not per digit
    m_spin->setGroupSeparatorShown(true);
    m_spin->setAlignment(Qt::AlignRight);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("16,777,216")) +
                            40);
    m_spin->setSteps(&m_steps);
    m_message->setVisible(false);
    m_message->setForegroundRole(QPalette::BrightText);
    m_message->setStyleSheet(QStringLiteral("color: #d32f2f;"));

    grid->addWidget(m_label, row, 0);
    grid->addWidget(m_slider, row, 1);
    grid->addWidget(m_spin, row, 2);
    grid->addWidget(m_message, row + 1, 0, 1, 3);

    connect(m_slider, &QSlider::valueChanged, this, [this](int index) {
        if (index < 0 || static_cast<std::size_t>(index) >= m_steps.size()) {
            return;
        }
        const std::uint64_t v = m_steps[static_cast<std::size_t>(index)];
        {
            const QSignalBlocker block(m_spin);
            m_spin->setValue(static_cast<int>(v));
        }
        emit valueEdited(v);
    });
    connect(m_spin, &QSpinBox::valueChanged, this, [this](int v) {
        const auto value = static_cast<std::uint64_t>(std::max(0, v));
        emit typed(value);
        emit valueEdited(value);
    });
}

void KnobRow::fitLabel()
{
    // A fixed size keeps note changes ("head dim 128" -> "head dim 129" while dragging d_model)
    // from relayouting the window.
    const QFontMetrics fm(m_label->font());
    m_label->setFixedSize(fm.horizontalAdvance(m_labelSample) + 4, fm.height() + 2);
}

void KnobRow::setLabelWidthFor(const QString& sample)
{
    m_labelSample = sample;
    fitLabel();
}

bool KnobRow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_label && event->type() == QEvent::FontChange) {
        fitLabel();
    }
    return QObject::eventFilter(watched, event);
}

void KnobRow::setState(const std::vector<std::uint64_t>& steps, std::uint64_t value)
{
    const QSignalBlocker blockSlider(m_slider);
    const QSignalBlocker blockSpin(m_spin);
    if (steps != m_steps) {
        m_steps = steps;
        const int n = static_cast<int>(m_steps.size());
        m_slider->setRange(0, std::max(0, n - 1));
        m_slider->setPageStep(std::max(1, n / 10));
    }
    // Only touch what differs: an unchanged spin box would still repaint itself.
    const int index = nearestStepIndex(m_steps, value);
    if (m_slider->value() != index) {
        m_slider->setValue(index);
    }
    const int shown = static_cast<int>(std::min<std::uint64_t>(
        value, static_cast<std::uint64_t>(std::numeric_limits<int>::max())));
    if (m_spin->value() != shown) {
        m_spin->setValue(shown);
    }
}

std::uint64_t KnobRow::sliderValue() const
{
    const int i = m_slider->value();
    return i >= 0 && static_cast<std::size_t>(i) < m_steps.size()
               ? m_steps[static_cast<std::size_t>(i)]
               : 0;
}

void KnobRow::setGlossary(const char* key)
{
    for (QWidget* w : {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_slider),
                       static_cast<QWidget*>(m_spin)}) {
        attachGlossary(w, key);
    }
    m_help = m_label->toolTip();
}

void KnobRow::setNote(const QString& note)
{
    m_label->setToolTip(m_help.isEmpty() ? note : m_help);
    m_label->setText(note.isEmpty() ? m_text : m_text + QStringLiteral("  ") + note);
}

void KnobRow::setMessage(const QString& message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty() && m_label->isVisibleTo(m_label->parentWidget()));
}

void KnobRow::setVisible(bool visible)
{
    m_label->setVisible(visible);
    m_slider->setVisible(visible);
    m_spin->setVisible(visible);
    m_message->setVisible(visible && !m_message->text().isEmpty());
}

void KnobRow::setEnabled(bool enabled)
{
    m_label->setEnabled(enabled);
    m_slider->setEnabled(enabled);
    m_spin->setEnabled(enabled);
}

} // namespace llmsizer::ui
