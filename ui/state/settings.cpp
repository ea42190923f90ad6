#include "ui/state/settings.h"

#include "llmsizer/catalog/gpu_choices.h"
#include "ui/state/hardwareitems.h"
#include "ui/state/qstrings.h"
#include "ui/state/settingsfile.h"

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
const Key<bool> kTextbook{"memory/textbook", kDisplayDefaults.textbook};
const Key<bool> kLogScale{"memory/logScale", false};
// The Overview's parameter chart: "pie", "diagram" or "rule" (anything else reads as the pie).
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
        .arg(QLatin1String(key.name), shownName(text.left(40)),
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

// A settings file that cannot be read would be overwritten with defaults at the next save: it is
// moved aside (NAME.unreadable) before QSettings decodes any of its values (it splits the file into
// sections when it opens it and decodes a section's values when one is first read), and problem()
// tells the user once. A value the app does not know (a precision "fp17", an overhead "nope") is
// named with the default used instead.
void Settings::check()
{
    const QString file = m_settings->fileName();
    QStringList problems;
    QString unreadable;
    if (QFileInfo(file).isDir()) {
        problems << QStringLiteral("%1: is a directory; settings cannot be saved").arg(file);
    } else if (QFile in(file); QFileInfo(file).isFile() && in.open(QIODevice::ReadOnly)) {
        unreadable = iniProblem(in.read(kMaxSettingsBytes + 1));
    }
    if (!unreadable.isEmpty() ||
        (problems.isEmpty() && m_settings->status() != QSettings::NoError)) {
        const QString copy = file + QStringLiteral(".unreadable");
        QFile::remove(copy);
        bool kept = false;
        if (!unreadable.isEmpty()) {
            // Nothing of it is read: the file moves aside, and QSettings opens the place it left
            // (the next save writes a clean file there).
            const QSettings::Format format = m_settings->format();
            m_settings.reset();
            kept = QFile::rename(file, copy);
            m_settings = std::make_unique<QSettings>(
                kept ? file : file + QStringLiteral(".defaults"), format);
        } else {
            kept = QFile::copy(file, copy);
        }
        problems << QStringLiteral("%1: %2; the defaults are used%3")
                        .arg(file,
                             unreadable.isEmpty()
                                 ? QStringLiteral("could not be read")
                                 : QStringLiteral("is not a settings file (%1)").arg(unreadable),
                             kept ? QStringLiteral(" (the file is kept as %1)").arg(copy)
                             : unreadable.isEmpty()
                                 ? QString()
                                 : QStringLiteral(" (the file could not be moved aside; this "
                                                  "session's settings go to %1)")
                                       .arg(m_settings->fileName()));
        m_problem = problems.join(QLatin1Char('\n'));
        return;
    }
    for (const Key<bool>* key : {&kBinaryUnits, &kTraining, &kLogScale}) {
        const QString bad = badBool(*m_settings, *key);
        if (!bad.isEmpty()) {
            problems << file + QStringLiteral(": ") + bad;
        }
    }
    for (const QString& bad : unknownValues()) {
        problems << file + QStringLiteral(": ") + bad;
    }
    m_problem = problems.join(QLatin1Char('\n'));
}

// "KEY: 'TEXT' is not …  (DEFAULT is used)" for each stored value the app would replace.
QStringList Settings::unknownValues() const
{
    QStringList out;
    const DisplayOptions stored = displayOptions();
    const DisplayOptions used = checkedDisplayOptions(stored);
    const auto report = [&out, this](const char* key, const QString& what, const QString& def) {
        out << QStringLiteral("%1: '%2' is not %3 (%4 is used)")
                   .arg(QLatin1String(key),
                        shownName(m_settings->value(QLatin1StringView(key)).toString().left(40)),
                        what, def);
    };
    if (stored.weight_precision != used.weight_precision) {
        report(kPrecision.name, QStringLiteral("a known precision"),
               QString::fromStdString(used.weight_precision));
    }
    if (stored.kv_precision != used.kv_precision) {
        report(kKvPrecision.name, QStringLiteral("a known KV cache precision"),
               QString::fromStdString(used.kv_precision));
    }
    if (stored.overhead != used.overhead) {
        report(kOverhead.name, QStringLiteral("a known runtime overhead"),
               QString::fromStdString(used.overhead));
    }
    if (stored.tokens_per_param != used.tokens_per_param ||
        (m_settings->contains(QLatin1StringView(kTokensPerParam.name)) &&
         !m_settings->value(QLatin1StringView(kTokensPerParam.name)).canConvert<qulonglong>())) {
        report(kTokensPerParam.name,
               QStringLiteral("from 1 to %1 tokens per parameter").arg(kMaxTokensPerParam),
               QString::number(used.tokens_per_param));
    }
    const QString chart = get(*m_settings, kOverviewChart);
    if (chart != QLatin1String("pie") && chart != QLatin1String("diagram")) {
        report(kOverviewChart.name, QStringLiteral("pie or diagram"), kOverviewChart.fallback);
    }
    if (const QString bad = hardwareItemsProblem(hardware()); !bad.isEmpty()) {
        out << QStringLiteral("%1: %2 (that item's default is used)")
                   .arg(QLatin1String(kHardware.name), bad);
    }
    return out;
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
bool Settings::textbook() const
{
    return get(*m_settings, kTextbook);
}
void Settings::setTextbook(bool textbook)
{
    put(*m_settings, kTextbook, textbook);
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
    return name == QLatin1String("diagram") || name == QLatin1String("rule")
               ? name
               : kOverviewChart.fallback;
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
    o.textbook = textbook();
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
    setTextbook(o.textbook);
    setTokensPerParam(o.tokens_per_param);
}

} // namespace llmsizer::ui
