#pragma once

#include <QString>
#include <QStringList>

namespace llmsizer::ui {

class ConfigModel;

// Loads the preset directory and the GPU catalog (defaultPresetDir(), defaultResourceDir()) into
// the model; returns the problems met ("presets/x.json: architecture.n_heads: …"), if any.
QStringList loadCatalogs(ConfigModel& model);

// Selects the first known of `wanted`, `fallback`, "llama-3-70b", "llama-2-7b", or the first
// preset. Returns false when a non-empty `wanted` is unknown.
bool selectStartPreset(ConfigModel& model, const QString& wanted, const QString& fallback);

} // namespace llmsizer::ui
