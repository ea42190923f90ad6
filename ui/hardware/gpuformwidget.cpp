#include "ui/hardware/gpuformwidget.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "ui/kit/palette.h"
#include "ui/kit/theme.h"
#include "ui/state/qstrings.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <algorithm>
#include <utility>

namespace llmsizer::ui {

namespace {

// A field with what follows it on its row: a unit ("GB/s (10⁹ bytes/s)") or a unit picker.
QWidget* withUnit(QWidget* parent, QWidget* field, QWidget* after)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field);
    layout->addWidget(after);
    layout->addStretch(1);
    return row;
}

QWidget* withUnit(QWidget* parent, QWidget* field, const QString& unit)
{
    auto* label = new QLabel(unit, parent);
    label->setForegroundRole(QPalette::PlaceholderText);
    return withUnit(parent, field, label);
}

QLineEdit* numberEdit(QWidget* parent, const QString& placeholder)
{
    auto* edit = new QLineEdit(parent);
    edit->setPlaceholderText(placeholder);
    // One width for every figure, so that they line up whatever follows them on the row.
    edit->setFixedWidth(edit->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 14);
    return edit;
}

} // namespace

GpuFormWidget::GpuFormWidget(QWidget* parent)
    : QWidget(parent), m_layout(new QFormLayout(this)), m_name(new QLineEdit(this)),
      m_id(new QLineEdit(this)), m_vendor(new QLineEdit(this)), m_category(new QComboBox(this)),
      m_memory(numberEdit(this, tr("e.g. 24"))), m_unit(new QComboBox(this)),
      m_usable(numberEdit(this, QStringLiteral("1"))),
      m_bandwidth(numberEdit(this, tr("e.g. 1008"))), m_bf16(numberEdit(this, tr("optional"))),
      m_fp8(numberEdit(this, tr("optional"))), m_int8(numberEdit(this, tr("optional"))),
      m_sources(new QPlainTextEdit(this)), m_notes(new QLineEdit(this))
{
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_name->setPlaceholderText(tr("e.g. NVIDIA GeForce RTX 4070"));
    m_id->setPlaceholderText(tr("derived from the name"));
    m_id->setToolTip(tr("a–z, 0–9 and '-'; what --gpu takes on the command line. Derived from the "
                        "name until you edit it."));
    m_vendor->setPlaceholderText(tr("e.g. NVIDIA"));
    for (const std::string& c : gpuCategories()) {
        m_category->addItem(qs(c), qs(c));
    }
    m_unit->addItem(tr("GiB (2³⁰ bytes)"), QStringLiteral("GiB"));
    m_unit->addItem(tr("GB (10⁹ bytes)"), QStringLiteral("GB"));
    m_unit->setAccessibleName(tr("Memory unit"));
    m_unit->setToolTip(tr("The unit the vendor's figure is in. Memory chips come in binary sizes: "
                          "an \"80GB\" card usually has 80 GiB."));
    m_usable->setToolTip(tr("The share of the memory a model may use: 1 for a discrete card, about "
                            "0.75 for an Apple GPU's unified memory."));
    m_sources->setPlaceholderText(
        tr("One per line: a URL, a datasheet, or your own measurement (at least one)"));
    m_sources->setTabChangesFocus(true);
    const int line = m_sources->fontMetrics().lineSpacing();
    m_sources->setFixedHeight(line * 4 + 2 * m_sources->frameWidth() + 8);
    m_notes->setPlaceholderText(tr("optional"));

    auto addRow = [this](const QString& label, QWidget* field) {
        auto* text = new QLabel(label, this);
        text->setBuddy(field);
        m_layout->addRow(text, field);
    };
    addRow(tr("Na&me"), m_name);
    addRow(tr("&Id"), m_id);
    addRow(tr("&Vendor"), m_vendor);
    addRow(tr("Ca&tegory"), m_category);
    addRow(tr("Memor&y"), withUnit(this, m_memory, m_unit));
    addRow(tr("Usable &fraction"), withUnit(this, m_usable, tr("0 to 1")));
    addRow(tr("&Bandwidth"), withUnit(this, m_bandwidth, tr("GB/s (10⁹ bytes/s)")));
    addRow(tr("BF1&6 dense"), withUnit(this, m_bf16, tr("TFLOPS, without sparsity")));
    addRow(tr("FP&8 dense"), withUnit(this, m_fp8, tr("TFLOPS, without sparsity")));
    addRow(tr("I&NT8 dense"), withUnit(this, m_int8, tr("TOPS, without sparsity")));
    addRow(tr("S&ources"), m_sources);
    addRow(tr("Not&es"), m_notes);

    connect(m_name, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (m_idFollowsName) {
            m_id->setText(qs(gpuIdFromName(text.toStdString())));
        }
    });
    connect(m_id, &QLineEdit::textEdited, this,
            [this](const QString& text) { m_idFollowsName = text.isEmpty(); });
    for (QLineEdit* e : {m_name, m_id, m_vendor, m_memory, m_usable, m_bandwidth, m_bf16, m_fp8,
                         m_int8, m_notes}) {
        connect(e, &QLineEdit::textEdited, this, &GpuFormWidget::edited);
    }
    connect(m_sources, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_readOnly) {
            emit edited();
        }
    });
    for (QComboBox* box : {m_category, m_unit}) {
        connect(box, &QComboBox::activated, this, &GpuFormWidget::edited);
    }
}

GpuForm GpuFormWidget::form() const
{
    GpuForm f;
    f.id = m_id->text().toStdString();
    f.name = m_name->text().toStdString();
    f.vendor = m_vendor->text().toStdString();
    f.category = m_category->currentData().toString().toStdString();
    f.memory = m_memory->text().toStdString();
    f.memory_unit = m_unit->currentIndex() == 1 ? MemoryUnit::GB : MemoryUnit::GiB;
    f.usable_fraction = m_usable->text().toStdString();
    f.bandwidth = m_bandwidth->text().toStdString();
    f.bf16_tflops = m_bf16->text().toStdString();
    f.fp8_tflops = m_fp8->text().toStdString();
    f.int8_tops = m_int8->text().toStdString();
    f.sources = m_sources->toPlainText().toStdString();
    f.notes = m_notes->text().toStdString();
    return f;
}

void GpuFormWidget::setForm(const GpuForm& f, bool idFollowsName)
{
    const QSignalBlocker block(m_sources);
    m_id->setText(qs(f.id));
    m_name->setText(qs(f.name));
    m_vendor->setText(qs(f.vendor));
    m_category->setCurrentIndex(std::max(0, m_category->findData(qs(f.category))));
    m_memory->setText(qs(f.memory));
    m_unit->setCurrentIndex(f.memory_unit == MemoryUnit::GB ? 1 : 0);
    m_usable->setText(qs(f.usable_fraction));
    m_bandwidth->setText(qs(f.bandwidth));
    m_bf16->setText(qs(f.bf16_tflops));
    m_fp8->setText(qs(f.fp8_tflops));
    m_int8->setText(qs(f.int8_tops));
    m_sources->setPlainText(qs(f.sources));
    m_notes->setText(qs(f.notes));
    m_idFollowsName = idFollowsName;
    markField(QString());
}

void GpuFormWidget::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    for (QLineEdit* e : {m_name, m_id, m_vendor, m_memory, m_usable, m_bandwidth, m_bf16, m_fp8,
                         m_int8, m_notes}) {
        e->setReadOnly(readOnly);
    }
    m_sources->setReadOnly(readOnly);
    m_category->setEnabled(!readOnly);
    m_unit->setEnabled(!readOnly);
}

QWidget* GpuFormWidget::fieldWidget(const QString& field) const
{
    // "sources[1]" and "gpus[0].bandwidth_gb_s" name the same rows as "sources" and
    // "bandwidth_gb_s".
    QString key = field.section(QLatin1Char('.'), -1);
    key = key.left(key.indexOf(QLatin1Char('[')));
    const std::pair<const char*, QWidget*> fields[] = {
        {"id", m_id},
        {"name", m_name},
        {"vendor", m_vendor},
        {"category", m_category},
        {"memory_gib", m_memory},
        {"memory_gb", m_memory},
        {"usable_fraction", m_usable},
        {"bandwidth_gb_s", m_bandwidth},
        {"bf16_dense_tflops", m_bf16},
        {"fp8_dense_tflops", m_fp8},
        {"int8_dense_tops", m_int8},
        {"sources", m_sources},
        {"notes", m_notes},
    };
    for (const auto& [name, widget] : fields) {
        if (key == QLatin1String(name)) {
            return widget;
        }
    }
    return nullptr;
}

void GpuFormWidget::markField(const QString& field)
{
    for (int row = 0; row < m_layout->rowCount(); ++row) {
        const QLayoutItem* item = m_layout->itemAt(row, QFormLayout::LabelRole);
        if (auto* label = qobject_cast<QLabel*>(item != nullptr ? item->widget() : nullptr)) {
            label->setPalette(QPalette());
            QFont font = label->font();
            font.setBold(false);
            label->setFont(font);
        }
    }
    QWidget* widget = fieldWidget(field);
    m_marked = widget != nullptr ? field : QString();
    if (widget == nullptr) {
        return;
    }
    QWidget* row = widget->parentWidget() == this ? widget : widget->parentWidget();
    if (auto* label = qobject_cast<QLabel*>(m_layout->labelForField(row))) {
        QPalette p = label->palette();
        p.setColor(QPalette::WindowText, fitColor(false, isDark(palette())));
        label->setPalette(p);
        QFont font = label->font();
        font.setBold(true);
        label->setFont(font);
    }
    widget->setFocus();
    if (auto* edit = qobject_cast<QLineEdit*>(widget)) {
        edit->selectAll();
    }
}

} // namespace llmsizer::ui
