// Fuzzes the app's settings reader (ui/state/settings.cpp: QSettings' INI format, read strictly).
// Any file gives typed values, with its problems listed; the values the app would write back read
// again as the same values, with no problem reported but values the app does not know.
#include "fuzz_file_dir.h"
#include "ui/state/settings.h"

#include <QString>
#include <QtGlobal>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

struct Values {
    QByteArray geometry, compareGeometry;
    QString lastPreset, precision, kvPrecision, overhead;
    QStringList extraPrecisions, gpus, recentFiles;
    bool binaryUnits = false, training = false, logScale = false;
    bool operator==(const Values&) const = default;
};

Values read(const llmsizer::ui::Settings& s)
{
    return {s.windowGeometry(), s.compareGeometry(), s.lastPreset(),      s.precision(),
            s.kvPrecision(),    s.overhead(),        s.extraPrecisions(), s.gpus(),
            s.recentFiles(),    s.binaryUnits(),     s.training(),        s.logScale()};
}

void write(llmsizer::ui::Settings& s, const Values& v)
{
    s.setWindowGeometry(v.geometry);
    s.setCompareGeometry(v.compareGeometry);
    s.setLastPreset(v.lastPreset);
    s.setPrecision(v.precision);
    s.setKvPrecision(v.kvPrecision);
    s.setOverhead(v.overhead);
    s.setExtraPrecisions(v.extraPrecisions);
    s.setGpus(v.gpus);
    s.setRecentFiles(v.recentFiles);
    s.setBinaryUnits(v.binaryUnits);
    s.setTraining(v.training);
    s.setLogScale(v.logScale);
    s.sync();
}

// A file written by Settings may still hold a value the app does not know (a precision "fp17"
// read from the input and written back as it was): reported, naming its key. Any other problem
// (a format the writer itself produced and the reader refused, a boolean neither true nor false)
// is a finding.
bool onlyUnknownValues(const QString& problem, const QString& file)
{
    if (problem.isEmpty()) {
        return true;
    }
    for (const QString& line : problem.split(QLatin1Char('\n'))) {
        bool known = false;
        for (const char* key : {"memory/precision", "memory/kvPrecision", "memory/overhead",
                                "teaching/tokensPerParam", "overview/chart", "hardware/choice"}) {
            known = known || line.startsWith(file + QStringLiteral(": ") + QLatin1String(key) +
                                             QLatin1Char(':'));
        }
        if (!known) {
            return false;
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const fuzzsupport::FileDir dir;
    // Qt's warnings about the file ("QVariant::load: unknown user type") are expected; printing
    // one per input slowed the target several times over.
    static const bool quiet = [] {
        qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
        return true;
    }();
    (void)quiet;
    // A new name for every input: QSettings caches a file it has read by name.
    static std::uint64_t serial = 0;
    ++serial;
    const std::string in = "in-" + std::to_string(serial) + ".ini";
    const std::string out = "out-" + std::to_string(serial) + ".ini";
    const auto inPath = dir.write(in, std::string_view(reinterpret_cast<const char*>(data), size));
    Values values;
    {
        const llmsizer::ui::Settings s(QString::fromStdString(inPath.string()));
        values = read(s);
        (void)s.problem();
    }
    const QString outPath = QString::fromStdString((dir.path() / out).string());
    {
        llmsizer::ui::Settings s(outPath);
        write(s, values);
    }
    {
        const llmsizer::ui::Settings s(outPath);
        if (!(read(s) == values) || !onlyUnknownValues(s.problem(), outPath)) {
            __builtin_trap();
        }
    }
    // Every file of this input goes, the copy Settings keeps of an unreadable file too: left
    // behind, those copies grew the directory by thousands of files a second (gigabytes of RAM
    // over a campaign, and every file name lookup in it slower).
    std::error_code ec;
    std::filesystem::remove(inPath, ec);
    std::filesystem::remove(inPath.string() + ".unreadable", ec);
    std::filesystem::remove(dir.path() / out, ec);
    std::filesystem::remove((dir.path() / out).string() + ".unreadable", ec);
    return 0;
}
