#include "ui/state/hardwareitems.h"

#include "llmsizer/model/model.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "ui/state/qstrings.h"

#include <optional>

namespace llmsizer::ui {

namespace {

QString thousands(std::uint64_t n)
{
    return QString::fromStdString(withThousands(n));
}

QString uintProblem(const QString& value, std::uint64_t lo, std::uint64_t hi)
{
    bool ok = false;
    const qulonglong v = value.toULongLong(&ok);
    if (ok && v >= lo && v <= hi) {
        return {};
    }
    return QStringLiteral("must be an integer from %1 to %2").arg(thousands(lo), thousands(hi));
}

QString numberProblem(const QString& value, double lo, double hi)
{
    const std::optional<double> v = text::parseDouble(value.toStdString());
    if (v && *v >= lo && *v <= hi) {
        return {};
    }
    return QStringLiteral("must be a number from %1 to %2")
        .arg(QString::fromStdString(text::shortest(lo)),
             QString::fromStdString(text::shortest(hi)));
}

} // namespace

QString hardwareItemsProblem(const QStringList& items)
{
    for (const QString& item : items) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            return QStringLiteral("'%1': not a key=value item (gpu=ID, gpus=N, ramGB=N, "
                                  "runtime=R, context=N, batch=N, …)")
                .arg(shownName(item.left(80)));
        }
        const QString key = item.left(eq);
        const QString value = item.mid(eq + 1);
        QString problem;
        if (key == QLatin1String("gpu")) {
            problem = value.isEmpty() ? QStringLiteral("must name a GPU id") : QString();
        } else if (key == QLatin1String("gpus")) {
            problem = uintProblem(value, 1, Limits::maxGpus);
        } else if (key == QLatin1String("ram")) {
            problem = uintProblem(value, 0, 65'536'000'000'000ull); // bytes: 65,536 GB
        } else if (key == QLatin1String("ramGB")) {
            problem = numberProblem(value, 0, 65536);
        } else if (key == QLatin1String("ramBandwidth")) {
            problem = numberProblem(value, 0.1, 100000);
        } else if (key == QLatin1String("osReserve")) {
            problem = uintProblem(value, 0, 1ull << 40); // bytes the system keeps of unified memory
        } else if (key == QLatin1String("runtime")) {
            try {
                (void)runtimeById(value.toStdString());
            } catch (const InputError& e) {
                problem = QString::fromStdString(e.message());
            }
        } else if (key == QLatin1String("backend")) {
            try {
                (void)llamaCppBackendById(value.toStdString());
            } catch (const InputError& e) {
                problem = QString::fromStdString(e.message());
            }
        } else if (key == QLatin1String("context")) {
            problem = uintProblem(value, 1, Limits::maxContext);
        } else if (key == QLatin1String("batch")) {
            problem = uintProblem(value, 1, Limits::maxBatch);
        } else if (key == QLatin1String("detected") ||
                   key == QLatin1String("ollamaDefaultContext")) {
            // written by the settings (HardwareChoice::toStrings): the machine came from detection;
            // Ollama's own default context rather than the context field
            problem = value == QLatin1String("0") || value == QLatin1String("1")
                          ? QString()
                          : QStringLiteral("must be 0 or 1");
        } else if (key == QLatin1String("vllmUtilization")) {
            // 0: vLLM's own 0.9, as the settings keep a share left alone
            problem = value == QLatin1String("0") ? QString() : numberProblem(value, 0.05, 1);
        } else if (key == QLatin1String("sglangFraction")) {
            // 0: SGLang's own share from the GPU's memory
            problem = value == QLatin1String("0") ? QString() : numberProblem(value, 0.05, 1);
        } else if (key == QLatin1String("vllmMaxSeqs")) {
            problem = uintProblem(value, 0, Limits::maxBatch); // 0: vLLM's default
        } else if (key == QLatin1String("vllmSampler")) {
            problem = value == QLatin1String("sort") || value == QLatin1String("flashinfer")
                          ? QString()
                          : QStringLiteral("must be sort or flashinfer");
        } else if (key == QLatin1String("decodeEfficiency") ||
                   key == QLatin1String("prefillEfficiency")) {
            // 0: the runtime's own figure, as the settings keep an efficiency left alone
            const double most =
                key == QLatin1String("prefillEfficiency") ? kMaxPrefillEfficiency : 1.0;
            problem = value == QLatin1String("0") ? QString() : numberProblem(value, 0.05, most);
        } else {
            return QStringLiteral("unknown item '%1' (known: gpu, gpus, ram, ramGB, "
                                  "ramBandwidth, osReserve, runtime, backend, context, batch, "
                                  "decodeEfficiency, prefillEfficiency, vllmUtilization, "
                                  "vllmMaxSeqs, vllmSampler, sglangFraction, "
                                  "ollamaDefaultContext, detected)")
                .arg(shownName(key.left(80)));
        }
        if (!problem.isEmpty()) {
            return QStringLiteral("%1=%2: %3")
                .arg(key, shownName(value.left(80)), shownName(problem));
        }
    }
    return {};
}

} // namespace llmsizer::ui
