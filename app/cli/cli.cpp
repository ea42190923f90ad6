#include "cli.h"

#include "llmsizer/catalog/preset.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace llmsizer::cli {

void parseOrThrow(QCommandLineParser& parser, const QStringList& args, bool allowPositional)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    // args = {program, subcommand, options...}; the parser expects {program, options...}.
    QStringList rest = args;
    if (rest.size() >= 2) {
        rest.removeAt(1);
    }
    parser.addHelpOption();
    if (!parser.parse(rest)) {
        throw UsageError(parser.errorText().toStdString());
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt's text starts "Usage: <argv[0]> [options]"; name the subcommand instead.
        QString text = parser.helpText();
        const QString program = QStringLiteral("Usage: ") + args.value(0);
        if (text.startsWith(program)) {
            text.replace(0, program.size(),
                         QStringLiteral("Usage: llm-sizer-cli ") + args.value(1));
        }
        throw HelpRequested(text.toStdString());
    }
    // An option given twice would silently take one of the values.
    QStringList seen;
    for (const QString& name : parser.optionNames()) {
        if (seen.contains(name)) {
            const QString dashes = name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--");
            throw UsageError((dashes + name).toStdString() + " is given twice (give it once)");
        }
        seen << name;
    }
    if (!allowPositional && !parser.positionalArguments().isEmpty()) {
        throw UsageError("unexpected argument '" +
                         parser.positionalArguments().front().toStdString() + "'");
    }
}

namespace {

std::vector<std::string>& rawArguments()
{
    static std::vector<std::string> args;
    return args;
}

// The argument as QCoreApplication::arguments() decodes it (lossy for bytes outside UTF-8).
QString decoded(const std::string& raw)
{
    return QString::fromLocal8Bit(raw.data(), static_cast<qsizetype>(raw.size()));
}

} // namespace

void setRawArguments(int argc, const char* const* argv)
{
    rawArguments().assign(argv, argv + argc);
}

std::string fileOption(const QCommandLineParser& parser, const QString& name)
{
    const QString value = parser.value(name);
    const std::vector<std::string>& raw = rawArguments();
    const std::string n = name.toStdString();
    // Skips the program and the subcommand; "--" ends the options.
    for (std::size_t i = 2; i < raw.size() && raw[i] != "--"; ++i) {
        for (const std::string& flag : {"--" + n, "-" + n}) {
            if (raw[i] == flag && i + 1 < raw.size() && decoded(raw[i + 1]) == value) {
                return raw[i + 1];
            }
            if (raw[i].starts_with(flag + "=") &&
                decoded(raw[i].substr(flag.size() + 1)) == value) {
                return raw[i].substr(flag.size() + 1);
            }
        }
    }
    return value.toStdString();
}

std::string fileArgument(const QString& value)
{
    for (const std::string& raw : rawArguments()) {
        if (decoded(raw) == value) {
            return raw;
        }
    }
    return value.toStdString();
}

void addModelOptions(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("preset"),
                      QStringLiteral("A preset id (see 'llm-sizer-cli presets')."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("config"),
                      QStringLiteral("A project preset file or a Hugging Face config.json."),
                      QStringLiteral("FILE")});
}

LoadedModel loadModel(const QCommandLineParser& parser)
{
    const bool hasPreset = parser.isSet(QStringLiteral("preset"));
    const bool hasConfig = parser.isSet(QStringLiteral("config"));
    if (hasPreset == hasConfig) {
        throw UsageError("give exactly one of --preset ID or --config FILE");
    }
    if (hasConfig) {
        return loadModelFile(fileOption(parser, QStringLiteral("config")));
    }
    const std::string id = parser.value(QStringLiteral("preset")).toStdString();
    const std::filesystem::path dir = defaultPresetDir();
    const std::filesystem::path file = dir / (id + ".json");
    std::error_code ec; // an id too long for a file name is simply not a preset
    if (id.empty() || id.find('/') != std::string::npos || !std::filesystem::exists(file, ec)) {
        throw UsageError("unknown preset '" + id + "' (see 'llm-sizer-cli presets')");
    }
    return loadModelFile(file);
}

void addJsonOption(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
}

bool wantsJson(const QCommandLineParser& parser)
{
    return parser.isSet(QStringLiteral("json"));
}

std::uint64_t uintOption(const QCommandLineParser& parser, const QString& name,
                         std::uint64_t fallback, std::uint64_t lo, std::uint64_t hi)
{
    if (!parser.isSet(name)) {
        return fallback;
    }
    bool ok = false;
    const QString text = parser.value(name);
    const qulonglong v = text.toULongLong(&ok);
    if (!ok || v < lo || v > hi) {
        // The range as the app and the file readers print it (65,536); the value as typed.
        throw UsageError("--" + name.toStdString() + " must be an integer from " +
                         withThousands(lo) + " to " + withThousands(hi) + " (got '" +
                         text.toStdString() + "')");
    }
    return v;
}

double doubleOption(const QCommandLineParser& parser, const QString& name, double fallback,
                    double lo, double hi)
{
    if (!parser.isSet(name)) {
        return fallback;
    }
    bool ok = false;
    const QString text = parser.value(name);
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < lo || v > hi) {
        throw UsageError("--" + name.toStdString() + " must be a number from " +
                         text::shortest(lo) + " to " + text::shortest(hi) + " (got '" +
                         text.toStdString() + "')");
    }
    return v;
}

void printJson(const nlohmann::json& j)
{
    // File names and names read from files may hold bytes that are not UTF-8: replaced, never
    // thrown on.
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void printLine(const std::string& line)
{
    // Lines carry names read from files: control characters are shown, never obeyed, and a
    // newline inside a name cannot start a line of its own.
    std::cout << terminalSafe(line, /*keepNewlines=*/false) << '\n';
}

} // namespace llmsizer::cli
