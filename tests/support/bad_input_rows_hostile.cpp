// Bad-input rows found by attacking every input as a careless or hostile user would: file system
// errors that must not read as "no such file", duplicate keys, NUL bytes, text that would drive
// the terminal. Each message is written from the rule it pins.
#include "bad_input_rows.h"

#include <QtTest>

namespace testsupport {

namespace {

void row(const char* name, const char* command, const QByteArray& file, const QByteArray& content,
         const QString& message, Make make = Make::File, qint64 size = 0)
{
    QTest::newRow(name) << QString::fromLatin1(command) << QString::fromUtf8(file)
                        << static_cast<int>(make) << content << size << message;
}

QString msg(const QByteArray& text)
{
    return QString::fromUtf8(text);
}

void fileSystemRows()
{
    const char* count = "count --config";
    const char* gpus = "gpus --user-gpus";
    row("symlink loop", count, "loop.json", "",
        msg("loop.json: cannot be opened (Too many levels of symbolic links)"), Make::SymlinkLoop);
    const QByteArray longName = QByteArray(300, 'a') + ".json";
    row("file name of 305 bytes", count, longName, "",
        msg(longName + ": cannot be opened (File name too long)"), Make::Missing);
    row("gpus: symlink loop", gpus, "u.json", "",
        msg("u.json: cannot be opened (Too many levels of symbolic links)"), Make::SymlinkLoop);
    row("gpus: missing file (exit 3 like a missing --config)", gpus, "u.json", "",
        msg("u.json: no such file"), Make::Missing);
}

} // namespace

void addHostileRows()
{
    fileSystemRows();
}

} // namespace testsupport
