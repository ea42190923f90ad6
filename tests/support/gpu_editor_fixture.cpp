#include "support/gpu_editor_fixture.h"

#include "ui/hardware/gpueditordialog.h"
#include "ui/hardware/gpuformwidget.h"
#include "ui/state/startup.h"

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <filesystem>

namespace llmsizer::test {

GpuEditorApp::GpuEditorApp()
{
    ui::loadCatalogs(model);
    window = std::make_unique<ui::MainWindow>(&model, &settings);
    window->setPersistent(false);
    model.selectPreset(QStringLiteral("llama-3-8b"));
    window->resize(1280, 800);
    window->show();
}

void fillNewGpu(ui::GpuEditorDialog* dialog, const QString& name)
{
    dialog->newButton()->click();
    ui::GpuFormWidget* f = dialog->form();
    QTest::keyClicks(f->nameEdit(), name);
    f->vendorEdit()->setText(QStringLiteral("NVIDIA"));
    f->memoryEdit()->setText(QStringLiteral("12"));
    f->unitBox()->setCurrentIndex(0); // GiB
    f->bandwidthEdit()->setText(QStringLiteral("504.2"));
    f->bf16Edit()->setText(QStringLiteral("58"));
    f->sourcesEdit()->setPlainText(QStringLiteral("https://example.com/rtx-4070\nmy measurement"));
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

GpuCatalog builtinGpus()
{
    return GpuCatalog::loadBuiltin(std::filesystem::path(LLMSIZER_TEST_RESOURCES_DIR) /
                                   "gpus.json");
}

std::vector<GpuSpec> userGpusOf(const QString& file)
{
    GpuCatalog c = builtinGpus();
    c.loadUser(QFile::encodeName(file).toStdString());
    return c.userGpus();
}

} // namespace llmsizer::test
