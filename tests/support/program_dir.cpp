// Every test program tells the core where it runs, as the app's and the CLI's main() do, so that
// the presets and resources are found through <build>/share/llm-sizer like an installed tree's.
#include "llmsizer/catalog/preset.h"

#include <QCoreApplication>

namespace {

void tellProgramDirectory()
{
    llmsizer::setProgramDirectory(QCoreApplication::applicationDirPath().toStdString());
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(tellProgramDirectory)
