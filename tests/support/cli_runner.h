#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace llmsizer::test {

// One finished run of llm-sizer-cli: exit code (-1 when it crashed or timed out, with the reason
// in err), standard output and standard error.
struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// The environment the CLI tests run it in: this one, with the repository's presets and GPU catalog.
QProcessEnvironment cliEnvironment();

// Runs the CLI at `cliPath` with `args` (in `workDir` when given) and waits up to a minute.
CliRun runCliAt(const QString& cliPath, const QStringList& args, const QString& workDir = {});

} // namespace llmsizer::test
