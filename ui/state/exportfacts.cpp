#include "ui/state/exportfacts.h"

#include "llmsizer/catalog/preset.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/error.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"

#include <QCoreApplication>
#include <optional>

namespace llmsizer::ui {

namespace {

// The runtime's name as the Overhead menu shows it (an id the app no longer knows: the id).
std::string overheadLabel(const std::string& id)
{
    try {
        return overheadProfileById(id).label;
    } catch (const InputError&) {
        return id;
    }
}

std::string precisionLabel(const std::string& id)
{
    const std::optional<Precision> p = findPrecision(id);
    return p ? p->label : id;
}

} // namespace

ExportFacts exportFacts(const ConfigModel& model)
{
    ExportFacts f;
    f.model = model.modelName().toStdString();
    f.precision = precisionLabel(model.precision().toStdString());
    f.kv_precision = precisionLabel(model.kvPrecision().toStdString());
    f.context = model.context();
    f.batch = model.batch();
    f.training = model.training();
    f.textbook = model.textbook();
    f.runtime = overheadLabel(model.overhead().toStdString());
    f.version = QCoreApplication::applicationVersion().isEmpty()
                    ? std::string(PROJECT_VERSION)
                    : QCoreApplication::applicationVersion().toStdString();
    if (const Preset* p = model.findPreset(model.presetId()); p != nullptr) {
        f.published_source = p->published.source;
    }
    return f;
}

QString exportCaptionOf(const ConfigModel& model)
{
    return QString::fromStdString(exportCaption(exportFacts(model)));
}

QString compareCaption(const ConfigModel& model, const ComparisonModel& comparison)
{
    ExportFacts f = exportFacts(model);
    std::string names;
    for (const SessionModel& e : comparison.entries()) {
        names += (names.empty() ? "" : " vs ") + e.name;
    }
    f.model = names;
    f.published_source.clear(); // one per model: in the table's published row
    if (comparison.context() > 0) {
        f.context = comparison.context();
    }
    return QString::fromStdString(exportCaption(f));
}

} // namespace llmsizer::ui
