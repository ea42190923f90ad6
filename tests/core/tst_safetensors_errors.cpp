// Malformed safetensors headers: each refused with an InputError naming the file, the field and
// the problem, never a crash, a hang or a huge allocation.
#include "llmsizer/formats/safetensors.h"
#include "llmsizer/text/error.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

using namespace llmsizer;
using namespace testsupport;

namespace {

QString message(const std::exception& e)
{
    return QString::fromStdString(e.what());
}

} // namespace

class TestSafetensorsErrors : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return (m_dir.path() + u'/').toStdString() + name; }

private slots:
    void malformed_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<qint64>("declared"); // header length field; -1 = the header's size
        QTest::addColumn<quint64>("dataBytes");
        QTest::addColumn<QString>("error"); // after "FILE: "
        const QByteArray one = R"({"a":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]}})";
        QTest::newRow("header length past the end of the file")
            << one << qint64(1000) << quint64(0)
            << QStringLiteral("header length 1,000 runs past the end of the file (the file is "
                              "65 bytes)");
        QTest::newRow("header length over the limit")
            << QByteArray("{}") << qint64(100'000'001) << quint64(100'000'000)
            << QStringLiteral("header length 100,000,001 exceeds the limit of 100,000,000 bytes");
        QTest::newRow("empty header") << QByteArray() << qint64(-1) << quint64(0)
                                      << QStringLiteral("header length is 0 (the header must be "
                                                        "a JSON object)");
        QTest::newRow("not JSON")
            << QByteArray(R"({"a": )") << qint64(-1) << quint64(0)
            << QStringLiteral("the header is not valid JSON (parse error at line 1, column 7: "
                              "syntax error while parsing value - unexpected end of input; "
                              "expected '[', '{', or a literal)");
        QTest::newRow("not an object")
            << QByteArray("[1]") << qint64(-1) << quint64(0)
            << QStringLiteral("the header must be a JSON object (got an array)");
        QTest::newRow("non-UTF-8 tensor name")
            << QByteArray("{\"a\xff\":{}}") << qint64(-1) << quint64(0)
            << QStringLiteral("the header is not valid UTF-8 (byte 3 of the header)");
        QTest::newRow("duplicate tensor names")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                          R"("a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})")
            << qint64(-1) << quint64(8) << QStringLiteral("duplicate tensor name 'a'");
        QTest::newRow("duplicate field")
            << QByteArray(R"({"a":{"dtype":"F32","dtype":"F16","shape":[1],"data_offsets":[0,4]}})")
            << qint64(-1) << quint64(4) << QStringLiteral("tensor 'a': duplicate field 'dtype'");
        QTest::newRow("duplicate metadata key")
            << QByteArray(R"({"__metadata__":{"format":"pt","format":"tf"}})") << qint64(-1)
            << quint64(0) << QStringLiteral("__metadata__: duplicate key 'format'");
        QTest::newRow("metadata value not a string")
            << QByteArray(R"({"__metadata__":{"format":1}})") << qint64(-1) << quint64(0)
            << QStringLiteral("__metadata__: 'format' must be a string");
        QTest::newRow("entry not an object")
            << QByteArray(R"({"a":[1]})") << qint64(-1) << quint64(0)
            << QStringLiteral("tensor 'a': must be an object (got an array)");
        QTest::newRow("unknown dtype")
            << QByteArray(R"({"a":{"dtype":"Q4","shape":[1],"data_offsets":[0,1]}})") << qint64(-1)
            << quint64(1) << QStringLiteral("tensor 'a': dtype 'Q4' is not a safetensors dtype");
        QTest::newRow("negative dimension")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})")
            << qint64(-1) << quint64(4)
            << QStringLiteral("tensor 'a': shape must be a list of non-negative integers (got a "
                              "negative number)");
        QTest::newRow("fractional dimension")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[1.5],"data_offsets":[0,4]}})")
            << qint64(-1) << quint64(4)
            << QStringLiteral("tensor 'a': shape must be a list of non-negative integers (got a "
                              "fractional number)");
        QTest::newRow("too many dimensions")
            << QByteArray(
                   R"({"a":{"dtype":"F32","shape":[1,1,1,1,1,1,1,1,1],"data_offsets":[0,4]}})")
            << qint64(-1) << quint64(4)
            << QStringLiteral("tensor 'a': shape has more than 8 dimensions");
        QTest::newRow("missing data_offsets")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[1]}})") << qint64(-1) << quint64(0)
            << QStringLiteral("tensor 'a': data_offsets is required");
        QTest::newRow("three data_offsets")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4,8]}})")
            << qint64(-1) << quint64(4)
            << QStringLiteral("tensor 'a': data_offsets must be two integers [begin, end]");
        // 2^32 · 2^32 · 2 = 2^65 elements.
        QTest::newRow("shape overflows 64 bits")
            << QByteArray(
                   R"({"a":{"dtype":"F32","shape":[4294967296,4294967296,2],"data_offsets":[0,4]}})")
            << qint64(-1) << quint64(4)
            << QStringLiteral("tensor 'a': shape [4294967296, 4294967296, 2] has more elements "
                              "than fit in 64 bits");
        // 2^62 elements of 4 bytes = 2^64 bytes.
        QTest::newRow("bytes overflow 64 bits")
            << QByteArray(
                   R"({"a":{"dtype":"F32","shape":[4611686018427387904],"data_offsets":[0,4]}})")
            << qint64(-1) << quint64(4)
            << QStringLiteral("tensor 'a': shape [4611686018427387904] in F32 has more bytes than "
                              "fit in 64 bits");
        QTest::newRow("size does not match the shape")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[2,3],"data_offsets":[0,10]}})")
            << qint64(-1) << quint64(10)
            << QStringLiteral("tensor 'a': data_offsets [0, 10] hold 10 bytes, but shape [2, 3] "
                              "in F32 needs 24 bytes");
        QTest::newRow("end before begin")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[2,3],"data_offsets":[24,0]}})")
            << qint64(-1) << quint64(24)
            << QStringLiteral("tensor 'a': data_offsets [24, 0] end before they begin");
        QTest::newRow("offsets past the end of the file")
            << one << qint64(-1) << quint64(16)
            << QStringLiteral("tensor 'a': data_offsets [0, 24] end past the end of the file "
                              "(the data section holds 16 bytes)");
        QTest::newRow("overlapping tensors")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[6],"data_offsets":[0,24]},)"
                          R"("b":{"dtype":"F32","shape":[6],"data_offsets":[16,40]}})")
            << qint64(-1) << quint64(40)
            << QStringLiteral("tensor 'b': data_offsets [16, 40] begin at byte 16, but the "
                              "previous tensor 'a' ends at byte 24 (tensors must follow one "
                              "another without gaps or overlaps)");
        QTest::newRow("gap between tensors")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[6],"data_offsets":[0,24]},)"
                          R"("b":{"dtype":"F32","shape":[6],"data_offsets":[32,56]}})")
            << qint64(-1) << quint64(56)
            << QStringLiteral("tensor 'b': data_offsets [32, 56] begin at byte 32, but the "
                              "previous tensor 'a' ends at byte 24 (tensors must follow one "
                              "another without gaps or overlaps)");
        QTest::newRow("data does not start at 0")
            << QByteArray(R"({"a":{"dtype":"F32","shape":[6],"data_offsets":[8,32]}})")
            << qint64(-1) << quint64(32)
            << QStringLiteral("tensor 'a': data_offsets [8, 32] begin at byte 8, but the data "
                              "section starts at byte 0 (tensors must follow one another without "
                              "gaps or overlaps)");
        QTest::newRow("bytes after the last tensor")
            << one << qint64(-1) << quint64(32)
            << QStringLiteral("the tensors end at byte 24 of the data section, but it holds 32 "
                              "bytes");
    }
    void malformed()
    {
        QFETCH(QByteArray, header);
        QFETCH(qint64, declared);
        QFETCH(quint64, dataBytes);
        QFETCH(QString, error);
        const std::string file = path("bad.safetensors");
        writeSafetensorsRaw(file, header.toStdString(), dataBytes, declared);
        try {
            (void)readSafetensorsHeader(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(message(e), QString::fromStdString(file) + QStringLiteral(": ") + error);
        }
        std::filesystem::remove(file);
    }

    void shortFile_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty file")
            << QByteArray()
            << QStringLiteral("the file is too short for a safetensors header (0 "
                              "bytes; the length field alone is 8)");
        QTest::newRow("truncated length")
            << QByteArray("\x10\0\0", 3)
            << QStringLiteral("the file is too short for a safetensors header (3 bytes; the "
                              "length field alone is 8)");
        QTest::newRow("truncated header")
            << QByteArray("\x40\0\0\0\0\0\0\0{\"a\":", 13)
            << QStringLiteral("header length 64 runs past the end of the file (the file is 13 "
                              "bytes)");
    }
    void shortFile()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        const std::string file = path("short.safetensors");
        writeBytes(file, bytes.toStdString());
        try {
            (void)readSafetensorsHeader(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(message(e), QString::fromStdString(file) + QStringLiteral(": ") + error);
        }
    }

    void notAFile()
    {
        try {
            (void)readSafetensorsHeader(m_dir.path().toStdString());
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(message(e), m_dir.path() + QStringLiteral(": is a directory, not a file"));
        }
        try {
            (void)readSafetensorsHeader("/dev/zero");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(message(e), QStringLiteral("/dev/zero: is not a regular file"));
        }
    }

    void tooManyTensors()
    {
        SafetensorsLimits limits;
        limits.maxTensors = 2;
        const std::string json =
            safetensorsHeader({{"a", "F32", {1}}, {"b", "F32", {1}}, {"c", "F32", {1}}});
        try {
            (void)parseSafetensorsHeader(json, 8 + json.size() + 12, "x.safetensors", limits);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(message(e),
                     QStringLiteral("x.safetensors: the header lists more than the limit of 2 "
                                    "tensors"));
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSafetensorsErrors)
#include "tst_safetensors_errors.moc"
