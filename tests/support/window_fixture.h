#pragma once

#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"

#include <QSize>
#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace llmsizer::test {

// The app's main window as a user opens it, on a preset, with the repository's presets and GPU
// catalog and a settings file of its own in a temporary directory (removed afterwards).
struct WindowFixture {
    struct Options {
        QSize size{1600, 1000};
        bool restoreSettings = true; // read the (empty) settings file as the app does at start
        bool persistent = true;      // false: the window never writes the settings file
    };

    QTemporaryDir dir;
    std::unique_ptr<ui::Settings> settings;
    std::unique_ptr<ui::ConfigModel> model;
    std::unique_ptr<ui::MainWindow> window;

    explicit WindowFixture(const QString& preset) : WindowFixture(preset, Options{}) {}
    WindowFixture(const QString& preset, const Options& options);
};

} // namespace llmsizer::test
