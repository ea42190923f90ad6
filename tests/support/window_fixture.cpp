#include "support/window_fixture.h"

#include "ui/state/startup.h"

#include <QCoreApplication>

namespace llmsizer::test {

WindowFixture::WindowFixture(const QString& preset, const Options& options)
{
    settings = std::make_unique<ui::Settings>(dir.filePath(QStringLiteral("settings.ini")));
    model = std::make_unique<ui::ConfigModel>();
    const QStringList problems = ui::loadCatalogs(*model);
    if (!problems.isEmpty()) {
        qWarning("%s", qPrintable(problems.join(QLatin1Char('\n'))));
    }
    window = std::make_unique<ui::MainWindow>(model.get(), settings.get());
    window->setPersistent(options.persistent);
    if (options.restoreSettings) {
        window->restoreSettings();
    }
    model->selectPreset(preset);
    window->resize(options.size);
    window->show();
    QCoreApplication::processEvents();
}

} // namespace llmsizer::test
