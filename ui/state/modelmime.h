#pragma once

#include "llmsizer/catalog/session.h"

#include <QString>
#include <optional>

class QMimeData;

namespace llmsizer::ui {

// A model dragged between windows (My models into Compare): its name and configuration as JSON
// under this MIME type.
inline const QString kModelMimeType = QStringLiteral("application/x-llmsizer-model");

QMimeData* modelMimeData(const std::string& name, const ModelConfig& config);
// The model a drop carries; nullopt when it carries none or the configuration does not validate.
std::optional<SessionModel> modelFromMime(const QMimeData* mime);

} // namespace llmsizer::ui
