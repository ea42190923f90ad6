// My models in the main window: its tab's signals, a copy on disk opened as the current model,
// and the detected machine put into My hardware.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/precision/quant_mix.h"
#include "ui/hardware/gpueditordialog.h"
#include "ui/local/localmodelsview.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/localmodelsmodel.h"
#include "ui/state/qstrings.h"
#include "ui/state/settings.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QTabWidget>

namespace llmsizer::ui {

void MainWindow::connectLocalModels()
{
    connect(m_localView, &LocalModelsView::openCopy, this,
            [this](qulonglong index, qulonglong copy, bool show) {
                const QString error = openLocalCopy(index, copy, show);
                if (!error.isEmpty()) {
                    QMessageBox::warning(this, tr("Cannot open the model"), error);
                }
            });
    connect(m_localView, &LocalModelsView::useMachineRequested, this,
            &MainWindow::useDetectedMachine);
    connect(m_localView, &LocalModelsView::addGpuRequested, this,
            [this] { showGpuEditor()->startFrom(m_local->machine().hardware.gpu); });
    // A GPU added in Custom GPUs may be the one found here: match again.
    m_model->whenChanged(ConfigModel::Change::Catalog, this, [this] {
        if (m_local->hasResults()) {
            m_local->refresh();
        }
    });
    connect(m_localView, &LocalModelsView::addFolderRequested, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a folder of models"));
        if (dir.isEmpty()) {
            return;
        }
        QStringList folders = m_local->folders();
        if (!folders.contains(dir)) {
            folders << dir;
            m_local->setFolders(folders);
            m_local->refresh();
            if (m_persistent) {
                m_settings->setLocalFolders(folders);
            }
        }
    });
    // The machine found at start goes into My hardware when the settings held none, or held
    // the machine detected last time.
    connect(m_local, &LocalModelsModel::systemDetected, this, [this] {
        if (m_detectOnStart || m_hardware->choice().detected) {
            m_detectOnStart = false;
            useDetectedMachine();
        }
    });
}

QString MainWindow::openLocalCopy(std::size_t model, std::size_t copy, bool show)
{
    const LocalCopy* c = m_local->copy(model, copy);
    if (c == nullptr) {
        return tr("That model is no longer in the list");
    }
    if (!c->error.empty()) {
        return qs(c->error);
    }
    Checkpoint checkpoint;
    try {
        InspectOptions options;
        options.header_only = true;
        checkpoint = inspectCheckpoint(c->open_path, options);
    } catch (const std::exception& e) {
        return qs(e.what());
    }
    const std::string& name = m_local->scan().models[model].name;
    const QString label =
        qs(name) + QStringLiteral(" (") + qs(std::string(storeKindLabel(c->store))) +
        (c->quantization.empty() ? QString() : QStringLiteral(", ") + qs(c->quantization)) +
        QStringLiteral(")");
    if (!m_model->loadCheckpoint(checkpoint, label)) {
        return label + QStringLiteral(": ") + issuesText(m_model->issues(), QStringLiteral("; "));
    }
    // The memory bars at the file's own quantization when it is one of the precisions (Q8_0,
    // Q4_K_M, BF16, F16), a GGUF file type with a bar of its own.
    if (const std::optional<Precision> p = findPrecision(c->quantization)) {
        m_model->setPrecision(qs(p->id));
        QStringList extras = m_model->extraPrecisions();
        if (isGgufFileType(p->id) && !extras.contains(qs(p->id))) {
            extras << qs(p->id);
            m_model->setExtraPrecisions(extras);
        }
    }
    if (show) {
        m_tabs->setCurrentIndex(0);
    }
    return {};
}

void MainWindow::setMachine(const HardwareChoice& choice)
{
    m_detectOnStart = false;
    HardwareChoice given = choice;
    given.detected = false;
    m_hardware->setChoice(given);
}

bool MainWindow::useDetectedMachine()
{
    const DetectedMachine& m = m_local->machine();
    if (!m.has_gpu && !m.cpu_only) {
        return false;
    }
    HardwareChoice ch = m_hardware->choice();
    // A GPU the catalog does not know is used as a custom GPU for this run, with the memory its
    // driver reports and its speed unknown; My models offers to add it to Custom GPUs, which
    // keeps it (with a bandwidth the user gives).
    if (m_model->gpuCatalog().find(m.hardware.gpu.id) == nullptr) {
        GpuCatalog catalog = m_model->gpuCatalog();
        try {
            catalog.setDetectedGpu(m.hardware.gpu);
        } catch (const std::exception&) {
            return false; // a built-in id: find() would have found it
        }
        m_model->setGpuCatalog(std::move(catalog));
    }
    ch.gpu = qs(m.hardware.gpu.id);
    ch.gpus = m.hardware.gpus;
    // A CPU-only machine's RAM field is its size: all of its RAM (the free RAM moved from one
    // start to the next, and every row's headroom with it).
    ch.ram_bytes = m.cpu_only ? m.hardware.gpu.memory_bytes : m.hardware.ram_bytes;
    ch.ram_bandwidth_gb_s = m.hardware.ram_bandwidth_gb_s;
    ch.detected = true;
    m_hardware->setChoice(ch);
    return true;
}

} // namespace llmsizer::ui
