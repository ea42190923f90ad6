#pragma once

#include "llmsizer/present/gpu_form.h"

#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace llmsizer::ui {

// The fields of one GPU as text (GpuForm): name, id, vendor, category, memory and its unit,
// usable fraction, bandwidth, dense BF16 / FP8 TFLOPS, INT8 TOPS, sources, notes. It checks
// nothing: the dialog hands form() to the core, which names the field that is wrong.
class GpuFormWidget : public QWidget {
    Q_OBJECT
public:
    explicit GpuFormWidget(QWidget* parent = nullptr);

    GpuForm form() const;
    // Shows `form`. With `idFollowsName` (a new GPU) the id is derived from the name as it is
    // typed, until the id is edited by hand.
    void setForm(const GpuForm& form, bool idFollowsName);
    void setReadOnly(bool readOnly);
    bool isReadOnly() const { return m_readOnly; }
    // Marks the row of a catalog field an error names ("bandwidth_gb_s", "sources[1]") and
    // focuses it; an empty or unknown field clears the mark.
    void markField(const QString& field);
    QString markedField() const { return m_marked; }

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* idEdit() const { return m_id; }
    QLineEdit* vendorEdit() const { return m_vendor; }
    QComboBox* categoryBox() const { return m_category; }
    QLineEdit* memoryEdit() const { return m_memory; }
    QComboBox* unitBox() const { return m_unit; }
    QLineEdit* usableEdit() const { return m_usable; }
    QLineEdit* bandwidthEdit() const { return m_bandwidth; }
    QLineEdit* bf16Edit() const { return m_bf16; }
    QLineEdit* fp8Edit() const { return m_fp8; }
    QLineEdit* int8Edit() const { return m_int8; }
    QPlainTextEdit* sourcesEdit() const { return m_sources; }
    QLineEdit* notesEdit() const { return m_notes; }

signals:
    void edited();

private:
    QWidget* fieldWidget(const QString& field) const;

    QFormLayout* m_layout;
    QLineEdit* m_name;
    QLineEdit* m_id;
    QLineEdit* m_vendor;
    QComboBox* m_category;
    QLineEdit* m_memory;
    QComboBox* m_unit;
    QLineEdit* m_usable;
    QLineEdit* m_bandwidth;
    QLineEdit* m_bf16;
    QLineEdit* m_fp8;
    QLineEdit* m_int8;
    QPlainTextEdit* m_sources;
    QLineEdit* m_notes;
    bool m_idFollowsName = true;
    bool m_readOnly = false;
    QString m_marked;
};

} // namespace llmsizer::ui
