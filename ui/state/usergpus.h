#pragma once

#include "llmsizer/compute/hardware.h"

#include <QString>

namespace llmsizer::ui {

class ConfigModel;

// The app's user GPU catalog: one file (Settings::userGpuFile(), the one `llm-sizer-cli
// --user-gpus FILE` reads), merged into the model's GPU catalog after the built-ins. Every change
// is all or nothing: the core checks the GPU (GpuCatalog::setUserGpu), the whole user catalog is
// written atomically (saveUser), and only then does the model get the new catalog
// (ConfigModel::setGpuCatalog, so every view follows). When any step fails, the file and the model
// stay as they were and the error comes back. Qt Core only.
//
// Several app windows (instances) may share the file. A save holds a lock file (FILE.lock) while
// it re-reads the file, applies its one change to what is there now and writes the result: a GPU
// another window added, edited or removed since this one read the file is kept as that window
// left it, and the notice says so. A change that would undo the other window's (editing or
// removing a GPU it changed or removed, adding an id it added) is refused, the file's GPUs are
// shown, and nothing is written (docs/reliability.md, "Saving").
class UserGpus {
public:
    UserGpus(ConfigModel* model, QString file);

    QString file() const { return m_file; }

    // What went wrong, "FILE: FIELD: what" ("" when nothing did), and the catalog field it names
    // ("bandwidth_gb_s", "sources", "id"; "" when the file itself failed).
    struct Result {
        QString error;
        QString field;
        QString notice; // a saved change's note: the file had changed since it was read
        bool ok() const { return error.isEmpty(); }
    };

    // Reads the file into the model's catalog. A missing file is normal. An invalid one leaves
    // the catalog as it is (the built-ins), is copied beside itself (FILE.invalid) so that the
    // next save cannot lose it, and its problem comes back to be shown once ("FILE:
    // gpus[0].bandwidth_gb_s: …; the built-in GPUs are used (the file is kept as FILE.invalid)").
    Result load();
    // load()'s problem until a save replaces the file; empty when there was none.
    QString problem() const { return m_problem; }

    // Adds `gpu`, or replaces the user GPU `replacing` with it (its id may change: reference lines
    // of the old id move to the new one).
    Result save(const GpuSpec& gpu, const QString& replacing = {});
    // Removes a user GPU; its reference lines go too.
    Result remove(const QString& id);

private:
    // The one change a save makes, applied to the catalog as the file now holds it.
    struct Change {
        GpuSpec gpu;       // the GPU to store (add, replace); unused for a removal
        QString replacing; // the id edited or removed; empty to add
        bool remove = false;
    };
    Result commit(const Change& change);

    ConfigModel* m_model;
    QString m_file;
    QString m_problem;
    QByteArray m_seen; // the file's bytes when this window last read or wrote it
    bool m_seenExists = false;
};

} // namespace llmsizer::ui
