#pragma once

// The comparison as the app shows it (a ConfigModel on Llama 3 8B, a ComparisonModel and its
// ComparePanel at 1920×1000), for the UI tests of the Compare window.
#include "llmsizer/present/table.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparetablemodel.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"

#include <QStringList>
#include <memory>
#include <vector>

namespace llmsizer::test {

// Four 70B-class presets that fill the comparison.
extern const QStringList kFourCompared;

struct CompareFixture {
    std::unique_ptr<ui::ConfigModel> model;
    std::unique_ptr<ui::ComparisonModel> comparison;
    std::unique_ptr<ui::ComparePanel> panel;

    // Shows the panel and adds `presets` in order (a refused one is a warning).
    explicit CompareFixture(const QStringList& presets = {});

    std::vector<NamedConfig> configs() const;
    // The compared presets' ids, in order ("" for an edited model).
    QStringList ids() const;
    // The table the core builds for the same models and options.
    ComparisonTable expectedTable() const;
};

// Every cell of the view equals the core's cell: exact value, display text, differs flag and the
// highlight of differing rows (a failed comparison fails the calling test).
void compareTable(const ui::CompareTableModel* view, const ComparisonTable& expected);

} // namespace llmsizer::test
