#include "settings.h"

namespace llmsizer::ui {

namespace {

template <typename T> struct Key {
    const char* name;
    T fallback;
};

// Every key and its default, once.
const Key<QByteArray> kGeometry{"window/geometry", {}};
const Key<QByteArray> kCompareGeometry{"compare/geometry", {}};
const Key<QString> kLastPreset{"model/lastPreset", QStringLiteral("llama-3-70b")};
const Key<QString> kPrecision{"memory/precision", QStringLiteral("fp16")};
// GGUF file types are opt-in (GGUF types menu): their per-tensor mix is the costliest bar.
const Key<QStringList> kExtraPrecisions{"memory/extraPrecisions", {}};
// GPU reference lines: catalog ids, ":8" for an 8-GPU node.
const Key<QStringList> kGpus{"memory/gpus",
                             {QStringLiteral("rtx-4090-24gb"), QStringLiteral("a100-sxm-80gb"),
                              QStringLiteral("h100-sxm-80gb"), QStringLiteral("h200-sxm-141gb"),
                              QStringLiteral("h100-sxm-80gb:8")}};
// The memory bars' KV cache precision and runtime overhead profile (core: MemoryViewOptions).
const Key<QString> kKvPrecision{"memory/kvPrecision", QStringLiteral("fp16")};
const Key<QString> kOverhead{"memory/overhead", QStringLiteral("transformers")};
const Key<bool> kBinaryUnits{"memory/binaryUnits", false};
const Key<bool> kTraining{"memory/training", false};
const Key<bool> kLogScale{"memory/logScale", false};
// Recently opened or saved files (sessions, presets, config.json), newest first.
const Key<QStringList> kRecentFiles{"files/recent", {}};

template <typename T> T get(const QSettings& s, const Key<T>& key)
{
    const QVariant v = s.value(QLatin1StringView(key.name));
    if (!v.isValid() || !v.canConvert<T>()) {
        return key.fallback;
    }
    return v.value<T>();
}

// Stores and reports whether the value changed.
template <typename T> bool put(QSettings& s, const Key<T>& key, const T& value)
{
    if (get(s, key) == value) {
        return false;
    }
    s.setValue(QLatin1StringView(key.name), QVariant::fromValue(value));
    return true;
}

} // namespace

Settings::Settings(QObject* parent) : QObject(parent), m_settings(std::make_unique<QSettings>()) {}

Settings::Settings(const QString& iniFile, QObject* parent)
    : QObject(parent), m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

void Settings::sync()
{
    m_settings->sync();
}

#define LLMSIZER_SETTING(Type, getter, setter, key, signal)                                        \
    Type Settings::getter() const                                                                  \
    {                                                                                              \
        return get(*m_settings, key);                                                              \
    }                                                                                              \
    void Settings::setter(const Type& value)                                                       \
    {                                                                                              \
        if (put(*m_settings, key, value)) {                                                        \
            emit signal();                                                                         \
        }                                                                                          \
    }

LLMSIZER_SETTING(QByteArray, windowGeometry, setWindowGeometry, kGeometry, windowGeometryChanged)
LLMSIZER_SETTING(QByteArray, compareGeometry, setCompareGeometry, kCompareGeometry,
                 compareGeometryChanged)
LLMSIZER_SETTING(QString, lastPreset, setLastPreset, kLastPreset, lastPresetChanged)
LLMSIZER_SETTING(QString, precision, setPrecision, kPrecision, precisionChanged)
LLMSIZER_SETTING(QStringList, extraPrecisions, setExtraPrecisions, kExtraPrecisions,
                 extraPrecisionsChanged)
LLMSIZER_SETTING(QStringList, gpus, setGpus, kGpus, gpusChanged)
LLMSIZER_SETTING(QString, kvPrecision, setKvPrecision, kKvPrecision, kvPrecisionChanged)
LLMSIZER_SETTING(QString, overhead, setOverhead, kOverhead, overheadChanged)
LLMSIZER_SETTING(QStringList, recentFiles, setRecentFiles, kRecentFiles, recentFilesChanged)

#undef LLMSIZER_SETTING

bool Settings::binaryUnits() const
{
    return get(*m_settings, kBinaryUnits);
}
void Settings::setBinaryUnits(bool binary)
{
    if (put(*m_settings, kBinaryUnits, binary)) {
        emit binaryUnitsChanged();
    }
}
bool Settings::training() const
{
    return get(*m_settings, kTraining);
}
void Settings::setTraining(bool training)
{
    if (put(*m_settings, kTraining, training)) {
        emit trainingChanged();
    }
}
bool Settings::logScale() const
{
    return get(*m_settings, kLogScale);
}
void Settings::setLogScale(bool log)
{
    if (put(*m_settings, kLogScale, log)) {
        emit logScaleChanged();
    }
}

} // namespace llmsizer::ui
