#include "support/sweep.h"

#include <QByteArray>
#include <QtGlobal>

namespace llmsizer::test {

bool lightSweep()
{
    return qgetenv("LLMSIZER_TEST_SWEEP") == QByteArrayLiteral("light");
}

QList<QSize> sweepSizes()
{
    if (lightSweep()) {
        return {QSize(1280, 800)};
    }
    return {QSize(1280, 800), QSize(1920, 1080)};
}

QList<bool> sweepDarkThemes()
{
    if (lightSweep()) {
        return {false};
    }
    return {false, true};
}

} // namespace llmsizer::test
