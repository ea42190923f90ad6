#include "ui/state/startup.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "ui/state/configmodel.h"

namespace llmsizer::ui {

QStringList loadCatalogs(ConfigModel& model)
{
    QStringList problems;
    try {
        model.setPresets(loadPresetDir(defaultPresetDir()));
    } catch (const std::exception& e) {
        problems << QString::fromStdString(e.what());
    }
    try {
        model.setGpuCatalog(GpuCatalog::loadBuiltin());
    } catch (const std::exception& e) {
        problems << QString::fromStdString(e.what());
    }
    return problems;
}

bool selectStartPreset(ConfigModel& model, const QString& wanted, const QString& fallback)
{
    if (!wanted.isEmpty()) {
        return model.selectPreset(wanted);
    }
    for (const QString& id :
         {fallback, QStringLiteral("llama-3-70b"), QStringLiteral("llama-2-7b")}) {
        if (!id.isEmpty() && model.selectPreset(id)) {
            return true;
        }
    }
    if (!model.presets().empty()) {
        model.selectPreset(QString::fromStdString(model.presets().front().id));
    }
    return true;
}

} // namespace llmsizer::ui
