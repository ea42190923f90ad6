#pragma once

#include "llmsizer/catalog/gpu_catalog.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>
#include <memory>
#include <vector>

namespace llmsizer::ui {
class GpuEditorDialog;
}

namespace llmsizer::test {

// The app as it starts, shown at 1280 × 800, with a settings file (and so the user GPU catalog,
// gpus.json beside it) in a temporary directory; the user catalog is not read unless a test
// calls window->userGpus()->load().
struct GpuEditorApp {
    QTemporaryDir dir;
    ui::Settings settings{dir.filePath(QStringLiteral("settings.ini"))};
    ui::ConfigModel model;
    std::unique_ptr<ui::MainWindow> window;

    GpuEditorApp();
    QString file() const { return dir.filePath(QStringLiteral("gpus.json")); }
    ui::GpuEditorDialog* dialog() { return window->showGpuEditor(); }
};

// Starts a new GPU in the dialog and fills its form through the widgets: `name` typed (so that
// the id follows it), NVIDIA, 12 GiB, 504.2 GB/s, 58 BF16 TFLOPS, two sources
// ("https://example.com/rtx-4070", "my measurement").
void fillNewGpu(ui::GpuEditorDialog* dialog, const QString& name);

QByteArray readAll(const QString& path); // "<missing>" when it cannot be read
bool writeAll(const QString& path, const QByteArray& bytes);

// The repository's built-in catalog (resources/gpus.json).
GpuCatalog builtinGpus();
// The user GPUs of a file, as the core (and `llm-sizer-cli --user-gpus`) reads them.
std::vector<GpuSpec> userGpusOf(const QString& file);

} // namespace llmsizer::test
