// Malformed GGUF headers: each refused with an InputError naming the file, the field and the
// problem, never a crash, a hang or a huge allocation.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/text/error.h"
#include "support/gguf_writer.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <functional>

using namespace llmsizer;
using namespace testsupport;

using WriterFn = std::function<GgufWriter()>;
Q_DECLARE_METATYPE(WriterFn)

namespace {

constexpr std::uint64_t kTwo60 = 1ull << 60;

// A small valid file the malformed cases start from.
GgufWriter small()
{
    GgufWriter w(3);
    w.addString("general.architecture", "llama");
    return w;
}

GgufWriter withTensor(const std::string& name, std::vector<std::uint64_t> dims, GgmlBlock type)
{
    GgufWriter w = small();
    w.addTensor(name, std::move(dims), type);
    return w;
}

} // namespace

class TestGgufErrors : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return (m_dir.path() + u'/').toStdString() + name; }

private slots:
    void malformed_data()
    {
        QTest::addColumn<WriterFn>("make");
        QTest::addColumn<QByteArray>("raw"); // written instead of make() when not empty
        QTest::addColumn<QString>("error");
        auto row = [](const char* name, WriterFn f, const char* error) {
            QTest::newRow(name) << f << QByteArray() << QString::fromUtf8(error);
        };
        // kv_count 1, then a key length of 2^62.
        GgufWriter keyed(3);
        keyed.setKvCount(1);
        const std::string absurdKey = keyed.header() + GgufWriter::u64(1ull << 62);
        QTest::newRow("absurd key length")
            << WriterFn() << QByteArray::fromStdString(absurdKey)
            << QStringLiteral("metadata[0] key: string length 4,611,686,018,427,387,904 exceeds "
                              "the limit of 65,535 bytes");
        row(
            "bad magic",
            [] {
                auto w = small();
                w.setMagic("GGML");
                return w;
            },
            R"(not a GGUF file (it starts with "GGML", not "GGUF"))");
        row(
            "version 1",
            [] {
                auto w = small();
                w.setVersion(1);
                return w;
            },
            "version: GGUF version 1 (2023) predates the format's stable layout (its counts and "
            "lengths are 32-bit) and is not read; convert the model again with a current llama.cpp "
            "(versions 2 and 3 are read)");
        row(
            "version 4",
            [] {
                auto w = small();
                w.setVersion(4);
                return w;
            },
            "version: unsupported GGUF version 4 (versions 2 and 3 are read)");
        row(
            "big-endian version 4",
            [] {
                auto w = small();
                w.setVersion(0x04000000);
                return w;
            },
            "version: unsupported GGUF version 4 (versions 2 and 3 are read)");
        row(
            "tensor_count 2^60",
            [] {
                auto w = small();
                w.setTensorCount(kTwo60);
                return w;
            },
            "tensor_count: 1,152,921,504,606,846,976 exceeds the limit of 131,072 tensors");
        row(
            "kv_count 2^40",
            [] {
                auto w = small();
                w.setKvCount(1ull << 40);
                return w;
            },
            "kv_count: 1,099,511,627,776 exceeds the limit of 65,536 keys");
        // Header: 24 bytes, key length at 24, key "x" at 32, type at 33: the key length 2^62.
        row(
            "absurd string length",
            [] {
                GgufWriter w(3);
                w.addRawKeyValue("general.name", 8, GgufWriter::u64(1ull << 40));
                return w;
            },
            "metadata 'general.name': truncated (needs 1,099,511,627,776 bytes at byte 56, but "
            "the file is 64 bytes)");
        row(
            "absurd array length",
            [] {
                GgufWriter w(3);
                w.addRawKeyValue("tokenizer.ggml.tokens", 9,
                                 GgufWriter::u32(8) + GgufWriter::u64(kTwo60));
                return w;
            },
            "metadata 'tokenizer.ggml.tokens': array of 1,152,921,504,606,846,976 string items "
            "runs past the end of the header (27 bytes remain)");
        row(
            "unknown value type",
            [] {
                auto w = small();
                w.addRawKeyValue("x", 13, "");
                return w;
            },
            "metadata 'x': unknown value type 13");
        row(
            "unknown array element type",
            [] {
                auto w = small();
                w.addRawKeyValue("x", 9, GgufWriter::u32(42) + GgufWriter::u64(1));
                return w;
            },
            "metadata 'x': unknown array element type 42");
        row(
            "arrays nested too deep",
            [] {
                const std::string level = GgufWriter::u32(9) + GgufWriter::u64(1);
                auto w = small();
                w.addRawKeyValue("x", 9, level + level + level + level);
                return w;
            },
            "metadata 'x': arrays are nested deeper than 4 levels");
        row(
            "duplicate key",
            [] {
                auto w = small();
                w.addString("general.architecture", "gpt2");
                return w;
            },
            "metadata 'general.architecture': duplicate key");
        row(
            "non-UTF-8 key",
            [] {
                auto w = small();
                w.addString("a\xff", "x");
                return w;
            },
            R"(metadata[1]: key 'a\xFF' is not valid UTF-8)");
        row(
            "alignment not a power of two",
            [] {
                auto w = small();
                w.addU32("general.alignment", 48);
                return w;
            },
            "metadata 'general.alignment': must be a power of two (got 48)");
        row(
            "unknown ggml type",
            [] {
                return withTensor("a", {32}, GgmlBlock{99, 1, 4});
            },
            "tensor 'a': a ggml type newer than this version knows (type 99)");
        row(
            "removed ggml type (Q4_2)",
            [] {
                return withTensor("a", {32}, GgmlBlock{4, 32, 20});
            },
            "tensor 'a': unknown ggml type 4 (an id ggml has removed)");
        row(
            "five dimensions",
            [] {
                return withTensor("a", {1, 1, 1, 1, 1}, kF32);
            },
            "tensor 'a': n_dims is 5 (1 to 4 are allowed)");
        row(
            "shape overflows 64 bits",
            [] {
                return withTensor("a", {1ull << 32, 1ull << 32, 2}, kF32);
            },
            "tensor 'a': dims [4294967296, 4294967296, 2] have more elements than fit in 64 "
            "bits");
        row(
            "bytes overflow 64 bits", [] { return withTensor("a", {1ull << 62}, kF32); },
            "tensor 'a': dims [4611686018427387904] in F32 have more bytes than fit in 64 bits");
        row(
            "zero dimension",
            [] {
                return withTensor("a", {32, 0}, kF32);
            },
            "tensor 'a': dimension 1 is 0 (each must be 1 to 2^63-1)");
        row(
            "row not a whole number of blocks",
            [] {
                return withTensor("a", {100, 2}, kQ4_K);
            },
            "tensor 'a': row length 100 is not a multiple of the Q4_K block size 256");
        row(
            "duplicate tensor name",
            [] {
                auto w = withTensor("a", {32}, kF32);
                w.addTensor("a", {32}, kF32);
                return w;
            },
            "tensor 'a': duplicate tensor name");
        row(
            "non-UTF-8 tensor name", [] { return withTensor("a\xff", {32}, kF32); },
            R"(tensor[0]: name 'a\xFF' is not valid UTF-8)");
        row(
            "tensor name too long", [] { return withTensor(std::string(5000, 'n'), {32}, kF32); },
            "tensor[0] name: string length 5,000 exceeds the limit of 4,096 bytes");
        row(
            "misaligned offset",
            [] {
                auto w = withTensor("a", {32}, kF32);
                w.addTensor("b", {32}, kF32);
                w.overrideLastOffset(16);
                return w;
            },
            "tensor 'b': data offset 16 is not a multiple of the alignment 32");
        row(
            "overlapping offset",
            [] {
                auto w = withTensor("a", {32}, kF32);
                w.addTensor("b", {32}, kF32);
                w.overrideLastOffset(0);
                return w;
            },
            "tensor 'b': data offset 0, expected 128 (tensors follow one another, each padded "
            "to the alignment)");
        row(
            "offset far past the end",
            [] {
                auto w = withTensor("a", {32}, kF32);
                w.overrideLastOffset(1ull << 40);
                return w;
            },
            "tensor 'a': data offset 1,099,511,627,776, expected 0 (tensors follow one another, "
            "each padded to the alignment)");
    }
    void malformed()
    {
        QFETCH(WriterFn, make);
        QFETCH(QByteArray, raw);
        QFETCH(QString, error);
        const std::string file = path("bad.gguf");
        if (raw.isEmpty()) {
            make().write(file);
        } else {
            writeBytes(file, raw.toStdString(), 64);
        }
        try {
            (void)readGgufHeader(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString::fromStdString(file) + QStringLiteral(": ") + error);
        }
        std::filesystem::remove(file);
    }

    void truncated_data()
    {
        QTest::addColumn<int>("cut");
        QTest::addColumn<QString>("error");
        // small(): magic, version, counts = 24 bytes; key length 24–31; "general.architecture"
        // 32–51; type 52–55; value length 56–63; "llama" 64–68.
        QTest::newRow("3 bytes") << 3
                                 << QStringLiteral(
                                        "the file is too short to be a GGUF file (3 bytes)");
        QTest::newRow("in the counts")
            << 20
            << QStringLiteral("kv_count: truncated (needs 8 bytes at byte 16, but the file is "
                              "20 bytes)");
        QTest::newRow("in a value length")
            << 60
            << QStringLiteral("metadata 'general.architecture': truncated (needs 8 bytes at "
                              "byte 56, but the file is 60 bytes)");
        QTest::newRow("in a value")
            << 66
            << QStringLiteral("metadata 'general.architecture': truncated (needs 5 bytes at "
                              "byte 64, but the file is 66 bytes)");
    }
    void truncated()
    {
        QFETCH(int, cut);
        QFETCH(QString, error);
        const std::string file = path("cut.gguf");
        writeBytes(file, small().header().substr(0, static_cast<std::size_t>(cut)));
        try {
            (void)readGgufHeader(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString::fromStdString(file) + QStringLiteral(": ") + error);
        }
    }

    void dataPastTheEnd()
    {
        // One F32 tensor of 32·2 values = 256 bytes, but the file stops 100 bytes into the data.
        const std::string file = path("short-data.gguf");
        GgufWriter w = withTensor("a", {32, 2}, kF32);
        w.write(file);
        std::filesystem::resize_file(file, w.dataStart() + 100);
        try {
            (void)readGgufHeader(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString::fromStdString(file) +
                         QStringLiteral(": tensor 'a': data (256 bytes at byte 0 of the data "
                                        "section) runs past the end of the file (the data section "
                                        "holds 100 bytes)"));
        }
    }

    void headerLimit()
    {
        GgufLimits limits;
        limits.maxHeaderBytes = 40;
        const std::string h = small().header();
        const auto* data = reinterpret_cast<const std::uint8_t*>(h.data());
        try {
            (void)parseGgufHeader({data, h.size()}, "x.gguf", limits);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QStringLiteral("x.gguf: metadata[0] key: the header is larger than the limit "
                                    "of 40 bytes"));
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestGgufErrors)
#include "tst_gguf_errors.moc"
