#include "ui/state/settings.h"

#include "llmsizer/catalog/gpu_choices.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

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
// The display options' defaults are DisplayOptions' (display_options.h); GPUs have their own.
const DisplayOptions kDisplayDefaults;
const Key<QString> kPrecision{"memory/precision",
                              QString::fromStdString(kDisplayDefaults.weight_precision)};
// GGUF file types are opt-in (GGUF types menu): their per-tensor mix is the costliest bar.
const Key<QStringList> kExtraPrecisions{"memory/extraPrecisions", {}};
// GPU reference lines: catalog ids, ":8" for an 8-GPU node.
const Key<QStringList> kGpus{"memory/gpus", [] {
                                 QStringList lines;
                                 for (const std::string& line : defaultGpuLines()) {
                                     lines << QString::fromStdString(line);
                                 }
                                 return lines;
                             }()};
// The memory bars' KV cache precision and runtime overhead profile (core: MemoryViewOptions).
const Key<QString> kKvPrecision{"memory/kvPrecision",
                                QString::fromStdString(kDisplayDefaults.kv_precision)};
const Key<QString> kOverhead{"memory/overhead", QString::fromStdString(kDisplayDefaults.overhead)};
const Key<bool> kBinaryUnits{"memory/binaryUnits", kDisplayDefaults.units == ByteUnits::Binary};
const Key<bool> kTraining{"memory/training", kDisplayDefaults.training};
const Key<bool> kLogScale{"memory/logScale", false};
// The Overview's parameter chart: "pie" or "diagram" (anything else reads as the pie).
const Key<QString> kOverviewChart{"overview/chart", QStringLiteral("pie")};
// Chinchilla's tokens per parameter, as the summary and the Compare table use it.
const Key<qulonglong> kTokensPerParam{"teaching/tokensPerParam",
                                      qulonglong{kDisplayDefaults.tokens_per_param}};
// The My hardware view's choice ("gpu=rtx-4090-24gb", "gpus=1", …); empty: its defaults.
const Key<QStringList> kHardware{"hardware/choice", {}};
// Folders the user added to My models.
const Key<QStringList> kLocalFolders{"local/folders", {}};
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

// Read strictly: an INI file holds text, and QVariant takes any text but "false" and "0" for
// true ("maybe", "2"); only true and false are read, anything else is the default.
template <> bool get(const QSettings& s, const Key<bool>& key)
{
    const QVariant v = s.value(QLatin1StringView(key.name));
    if (v.typeId() == QMetaType::Bool) {
        return v.toBool();
    }
    const QString text = v.toString();
    if (text == QLatin1String("true")) {
        return true;
    }
    if (text == QLatin1String("false")) {
        return false;
    }
    return key.fallback;
}

// A stored boolean that is neither true nor false, as "KEY: 'TEXT' is not true or false".
QString badBool(const QSettings& s, const Key<bool>& key)
{
    const QVariant v = s.value(QLatin1StringView(key.name));
    if (!v.isValid() || v.typeId() == QMetaType::Bool) {
        return {};
    }
    const QString text = v.toString();
    if (text == QLatin1String("true") || text == QLatin1String("false")) {
        return {};
    }
    return QStringLiteral("%1: '%2' is not true or false (%3 is used)")
        .arg(QLatin1String(key.name), text.left(40),
             key.fallback ? QStringLiteral("true") : QStringLiteral("false"));
}

// Stores the value when it differs from the one stored (an unchanged file is not rewritten).
template <typename T> void put(QSettings& s, const Key<T>& key, const T& value)
{
    if (get(s, key) != value) {
        s.setValue(QLatin1StringView(key.name), QVariant::fromValue(value));
    }
}

} // namespace

Settings::Settings(QObject* parent) : QObject(parent), m_settings(std::make_unique<QSettings>())
{
    check();
}

Settings::Settings(const QString& iniFile, QObject* parent)
    : QObject(parent), m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
    check();
}

// A settings file that cannot be read would be overwritten with defaults at the next save: a copy
// is kept beside it (NAME.unreadable), and problem() tells the user once.
void Settings::check()
{
    const QString file = m_settings->fileName();
    QStringList problems;
    if (QFileInfo(file).isDir()) {
        problems << QStringLiteral("%1: is a directory; settings cannot be saved").arg(file);
    } else if (m_settings->status() != QSettings::NoError) {
        const QString copy = file + QStringLiteral(".unreadable");
        QFile::remove(copy);
        const bool kept = QFile::copy(file, copy);
        problems << QStringLiteral("%1: could not be read; the defaults are used%2")
                        .arg(file, kept ? QStringLiteral(" (the file is kept as %1)").arg(copy)
                                        : QString());
    }
    for (const Key<bool>* key : {&kBinaryUnits, &kTraining, &kLogScale}) {
        const QString bad = badBool(*m_settings, *key);
        if (!bad.isEmpty()) {
            problems << file + QStringLiteral(": ") + bad;
        }
    }
    m_problem = problems.join(QLatin1Char('\n'));
}

Settings::~Settings() = default;

QString Settings::userGpuFile() const
{
    const QString name = QStringLiteral("gpus.json");
#if defined(Q_OS_WIN) || defined(Q_OS_MACOS)
    if (m_settings->format() == QSettings::NativeFormat) {
        return QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation))
            .filePath(name);
    }
#endif
    return QFileInfo(m_settings->fileName()).absoluteDir().filePath(name);
}

void Settings::sync()
{
    m_settings->sync();
}

#define LLMSIZER_SETTING(Type, getter, setter, key)                                                \
    Type Settings::getter() const                                                                  \
    {                                                                                              \
        return get(*m_settings, key);                                                              \
    }                                                                                              \
    void Settings::setter(const Type& value)                                                       \
    {                                                                                              \
        put(*m_settings, key, value);                                                              \
    }

LLMSIZER_SETTING(QByteArray, windowGeometry, setWindowGeometry, kGeometry)
LLMSIZER_SETTING(QByteArray, compareGeometry, setCompareGeometry, kCompareGeometry)
LLMSIZER_SETTING(QString, lastPreset, setLastPreset, kLastPreset)
LLMSIZER_SETTING(QString, precision, setPrecision, kPrecision)
LLMSIZER_SETTING(QStringList, extraPrecisions, setExtraPrecisions, kExtraPrecisions)
LLMSIZER_SETTING(QStringList, gpus, setGpus, kGpus)
LLMSIZER_SETTING(QString, kvPrecision, setKvPrecision, kKvPrecision)
LLMSIZER_SETTING(QString, overhead, setOverhead, kOverhead)
LLMSIZER_SETTING(QStringList, hardware, setHardware, kHardware)
LLMSIZER_SETTING(QStringList, localFolders, setLocalFolders, kLocalFolders)
LLMSIZER_SETTING(QStringList, recentFiles, setRecentFiles, kRecentFiles)
LLMSIZER_SETTING(qulonglong, tokensPerParam, setTokensPerParam, kTokensPerParam)

#undef LLMSIZER_SETTING

bool Settings::binaryUnits() const
{
    return get(*m_settings, kBinaryUnits);
}
void Settings::setBinaryUnits(bool binary)
{
    put(*m_settings, kBinaryUnits, binary);
}
bool Settings::training() const
{
    return get(*m_settings, kTraining);
}
void Settings::setTraining(bool training)
{
    put(*m_settings, kTraining, training);
}
bool Settings::logScale() const
{
    return get(*m_settings, kLogScale);
}
void Settings::setLogScale(bool log)
{
    put(*m_settings, kLogScale, log);
}
QString Settings::overviewChart() const
{
    const QString name = get(*m_settings, kOverviewChart);
    return name == QLatin1String("diagram") ? name : kOverviewChart.fallback;
}
void Settings::setOverviewChart(const QString& name)
{
    put(*m_settings, kOverviewChart, name);
}

namespace {

std::vector<std::string> toStd(const QStringList& list)
{
    std::vector<std::string> out;
    for (const QString& s : list) {
        out.push_back(s.toStdString());
    }
    return out;
}

QStringList toQt(const std::vector<std::string>& list)
{
    QStringList out;
    for (const std::string& s : list) {
        out << QString::fromStdString(s);
    }
    return out;
}

} // namespace

DisplayOptions Settings::displayOptions() const
{
    DisplayOptions o;
    o.units = binaryUnits() ? ByteUnits::Binary : ByteUnits::Decimal;
    o.weight_precision = precision().toStdString();
    o.kv_precision = kvPrecision().toStdString();
    o.overhead = overhead().toStdString();
    o.extra_precisions = toStd(extraPrecisions());
    o.gpus = toStd(gpus());
    o.training = training();
    o.tokens_per_param = tokensPerParam();
    return o;
}

void Settings::setDisplayOptions(const DisplayOptions& o)
{
    setBinaryUnits(o.units == ByteUnits::Binary);
    setPrecision(QString::fromStdString(o.weight_precision));
    setKvPrecision(QString::fromStdString(o.kv_precision));
    setOverhead(QString::fromStdString(o.overhead));
    setExtraPrecisions(toQt(o.extra_precisions));
    setGpus(toQt(o.gpus));
    setTraining(o.training);
    setTokensPerParam(o.tokens_per_param);
}

} // namespace llmsizer::ui
