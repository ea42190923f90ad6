#include "ui/state/modelmime.h"

#include "llmsizer/catalog/preset.h"

#include <QMimeData>

namespace llmsizer::ui {

QMimeData* modelMimeData(const std::string& name, const ModelConfig& config)
{
    nlohmann::json j;
    j["name"] = name;
    j["config"] = modelConfigToJson(config);
    auto* mime = new QMimeData;
    mime->setData(kModelMimeType, QByteArray::fromStdString(j.dump()));
    mime->setText(QString::fromStdString(name));
    return mime;
}

std::optional<SessionModel> modelFromMime(const QMimeData* mime)
{
    if (mime == nullptr || !mime->hasFormat(kModelMimeType)) {
        return std::nullopt;
    }
    try {
        const nlohmann::json j = nlohmann::json::parse(mime->data(kModelMimeType).toStdString());
        SessionModel m;
        m.name = j.at("name").get<std::string>();
        m.config = modelConfigFromJson(j.at("config"), "drop", "config");
        return m;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace llmsizer::ui
