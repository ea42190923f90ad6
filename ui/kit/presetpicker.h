#pragma once

#include "llmsizer/catalog/preset.h"

#include <QComboBox>
#include <string>
#include <vector>

class QKeyEvent;
class QStandardItemModel;

namespace llmsizer::ui {

// The preset picker: a searchable combo box, grouped by family (a bold, unselectable header per
// family), each entry showing the preset's total parameter count from the core. Typing filters by
// any part of the name ("70b", "mixtral").
class PresetPicker : public QComboBox {
    Q_OBJECT
public:
    explicit PresetPicker(QWidget* parent = nullptr);

    // The catalogue with each preset's total as text (ConfigModel::presetTotals()).
    void setPresets(const std::vector<Preset>& presets, const std::vector<std::string>& totals);
    // Shows `id` as the current entry, or `name` as free text when id names no preset.
    void showCurrent(const QString& id, const QString& name);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

signals:
    // Once per pick (mouse or keyboard, list or search), just after the event that made it.
    void presetChosen(const QString& id);

private:
    // Records a pick; presetChosen follows once, from the event loop.
    void notePick(const QString& id);
    // Home or End while the text is the current entry's: the first or the last preset is picked.
    bool pickEnd(const QKeyEvent* key);
    // The item a typed search names: the preset with that name (any case), else the first whose
    // text contains it; -1 if none.
    int searchMatch(const QString& text) const;

    QStandardItemModel* m_model;
    QStringList m_searchTexts;
    QString m_picked;              // the pick waiting to be emitted
    bool m_pickedBySearch = false; // it came from the completer: the combo box's index is ignored
};

} // namespace llmsizer::ui
