#pragma once

#include "llmsizer/present/table.h"

#include <QAbstractTableModel>
#include <QColor>

namespace llmsizer::ui {

class ComparisonModel;

// The comparison table as a Qt item model for a QTableView: one row per core table row, one
// column per model. Display texts, exact values (tool tip and ExactRole) and the "differs" flag
// all come from the core's ComparisonTable; rows whose values differ get a highlight background
// chosen for the light or dark palette, and a bold label.
class CompareTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Roles {
        ExactRole = Qt::UserRole + 1, // TableCell::exact(): the machine-readable value
        DiffersRole,                  // bool, per row
        KeyRole,                      // the row key, "params.attention"
    };

    explicit CompareTableModel(ComparisonModel* comparison, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Highlight colours: a soft amber on light palettes, a deep amber on dark ones; the text
    // colour stays the palette's, so both stay readable.
    void setDark(bool dark);
    QColor highlight() const;
    // Presentation mode (presentation.h) switched: counts become their short form ("70.6B"), the
    // exact one in the tooltip, so that four models fit the width of a projector without
    // scrolling sideways; or the exact ones again.
    void presentationChanged();

signals:
    // Rows whose label, unit or highlight changed while the rows stayed the same: the labels'
    // header repaints those (a model's headerDataChanged makes a table view lay out and repaint
    // every cell).
    void rowLabelsChanged(int first, int last);

public:
    // How many changes reset the whole model, and how many only announced their changed rows.
    int resetCount() const { return m_resets; }
    int rowUpdateCount() const { return m_rowUpdates; }

private:
    void reset();
    // A new table: when it has the rows and models of the shown one, only the rows that changed
    // are announced (a context step changes a few), so that the view measures and repaints those
    // instead of every row and header section; otherwise the model is reset.
    void update();

    ComparisonModel* m_comparison;
    ComparisonTable m_shown; // the table the view last heard of
    int m_resets = 0;
    int m_rowUpdates = 0;
    bool m_dark = false;
};

} // namespace llmsizer::ui
