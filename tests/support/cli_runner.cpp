#include "cli_runner.h"

#include <QProcess>

namespace llmsizer::test {

QProcessEnvironment cliEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LLMSIZER_PRESETS_DIR"), QStringLiteral(LLMSIZER_TEST_PRESETS_DIR));
    env.insert(QStringLiteral("LLMSIZER_RESOURCES_DIR"),
               QStringLiteral(LLMSIZER_TEST_RESOURCES_DIR));
    return env;
}

CliRun runCliAt(const QString& cliPath, const QStringList& args, const QString& workDir)
{
    QProcess p;
    p.setProcessEnvironment(cliEnvironment());
    if (!workDir.isEmpty()) {
        p.setWorkingDirectory(workDir);
    }
    p.start(cliPath, args);
    CliRun r;
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit) {
        r.err = "crashed or timed out: " + p.readAllStandardError();
        return r;
    }
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace llmsizer::test
