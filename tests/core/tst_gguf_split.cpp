// Split GGUF files (llama.cpp's gguf-split): the splits of a set are found from any one of them
// or from their directory and counted as one checkpoint; missing splits are listed; splits that
// disagree with each other or with their names are refused with the file and key.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/error.h"
#include "support/gguf_models.h"
#include "support/gguf_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

using namespace llmsizer;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

// Llama-2-7B Q4_K_M (6,738,415,616 parameters, index.json; 4,080,263,168 bytes by hand in
// tst_gguf) as three splits: 291 tensors, 97 per split.
const char* const kSplits[] = {"llama-2-7b-00001-of-00003.gguf", "llama-2-7b-00002-of-00003.gguf",
                               "llama-2-7b-00003-of-00003.gguf"};

void writeSplits(const fs::path& dir)
{
    fs::create_directories(dir);
    const std::vector<GgufWriter> parts = llama2Q4KM().splitInto(3);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        parts[i].write((dir / kSplits[i]).string());
    }
}

std::string u16(std::uint32_t v)
{
    return GgufWriter::u32(v).substr(0, 2);
}

// One split of a small set written by hand: its split keys and the named tensors (32 F32 each).
void writePart(const fs::path& file, std::uint32_t no, std::uint32_t count,
               std::uint32_t tensorsCount, const std::vector<std::string>& tensors)
{
    GgufWriter w(3);
    if (no == 0) {
        w.addString("general.architecture", "llama");
    }
    w.addRawKeyValue("split.no", 2, u16(no));
    w.addRawKeyValue("split.count", 2, u16(count));
    w.addRawKeyValue("split.tensors.count", 5, GgufWriter::u32(tensorsCount));
    for (const std::string& t : tensors) {
        w.addTensor(t, {32}, kF32);
    }
    w.write(file.string());
}

QString errorOf(const fs::path& p)
{
    try {
        inspectCheckpoint(p);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("(no error)");
}

} // namespace

class TestGgufSplit : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    fs::path dir(const char* name) const { return fs::path(m_tmp.path().toStdString()) / name; }

private slots:
    void wholeSet_data()
    {
        QTest::addColumn<QString>("open"); // relative to the set's directory; "" = the directory
        QTest::newRow("first split") << QString::fromLatin1(kSplits[0]);
        QTest::newRow("middle split") << QString::fromLatin1(kSplits[1]);
        QTest::newRow("directory") << QString();
    }
    void wholeSet()
    {
        QFETCH(QString, open);
        const fs::path d = dir("whole");
        if (!fs::exists(d)) {
            writeSplits(d);
        }
        const Checkpoint c = inspectCheckpoint(open.isEmpty() ? d : d / open.toStdString());
        QCOMPARE(c.format, CheckpointFormat::Gguf);
        QCOMPARE(c.files.size(), std::size_t(3));
        QCOMPARE(c.tensors.size(), std::size_t(291)); // 1 + 32·9 + 2
        QCOMPARE(c.tensors.back().file, std::string(kSplits[2]));
        QVERIFY(!c.partial);
        QCOMPARE(quint64(c.total_params), quint64(6'738'415'616ull));
        QCOMPARE(quint64(c.total_bytes), quint64(4'080'263'168ull));
        // The metadata comes from the first split, whichever was opened.
        QCOMPARE(c.model_name, std::string("Llama-2-7B"));
        QVERIFY(c.estimate.has_value());
        QCOMPARE(quint64(c.estimate->total), quint64(6'738'415'616ull));
        for (const ComponentDiff& diff : c.diff) {
            QCOMPARE(diff.difference, std::int64_t(0));
        }
    }

    void missingSplits_data()
    {
        QTest::addColumn<int>("removed"); // 0-based
        QTest::addColumn<quint64>("missingTensors");
        QTest::addColumn<bool>("estimate");
        QTest::newRow("last split missing") << 2 << quint64(291 - 2 * 97) << true;
        QTest::newRow("first split missing") << 0 << quint64(97) << false;
    }
    void missingSplits()
    {
        QFETCH(int, removed);
        QFETCH(quint64, missingTensors);
        QFETCH(bool, estimate);
        const fs::path d = dir(QTest::currentDataTag());
        writeSplits(d);
        fs::remove(d / kSplits[removed]);
        const Checkpoint c = inspectCheckpoint(d);
        QVERIFY(c.partial);
        QCOMPARE(c.missing_shards, std::vector<std::string>{kSplits[removed]});
        QCOMPARE(quint64(c.missing_tensors), missingTensors);
        QCOMPARE(c.files.size(), std::size_t(2));
        QCOMPARE(c.estimate.has_value(), estimate);
        if (estimate) {
            // Whether the head is tied is read from the tensors, and output.weight is in the
            // missing split: the estimate says it is unsure.
            QCOMPARE(c.guesses, std::vector<std::string>{"tied head, biases and norms: read from "
                                                         "the splits present (1 missing)"});
            // The last layer is in the missing split; the layers present have two norms each,
            // so the estimate has 32·2·4096 block norms (output_norm is missing with the split).
            QCOMPARE(quint64(c.inferred->norms_per_block), quint64(2));
            QCOMPARE(quint64(c.estimate->params(Component::Norms)), quint64(32 * 2 * 4096));
        } else {
            QCOMPARE(c.estimate_note,
                     std::string("no estimate: the first split, which holds the metadata, is "
                                 "missing"));
        }
    }

    void badSets_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("error"); // after "<dir>/"
        QTest::newRow("split.no disagrees with the name")
            << "no"
            << "m-00002-of-00002.gguf: split.no: is 0, but the file name makes it split "
               "2 of 2 (split.no 1)";
        QTest::newRow("split.count without a split name")
            << "unnamed"
            << "m.gguf: split.count: is 2, but the file name does not end in "
               "-NNNNN-of-00002.gguf, so the other splits cannot be found";
        QTest::newRow("splits disagree on split.count")
            << "count"
            << "m-00002-of-00002.gguf: split.count: differs from DIR/"
               "m-00001-of-00002.gguf's 2";
        QTest::newRow("tensor in two splits")
            << "duplicate"
            << "m-00002-of-00002.gguf: tensor 'a': is also stored in "
               "m-00001-of-00002.gguf";
        QTest::newRow("split.tensors.count disagrees")
            << "tensors"
            << "m-00001-of-00002.gguf: split.tensors.count: is 5, but the 2 splits "
               "hold 2 tensors";
        QTest::newRow("split.count beyond u16")
            << "huge"
            << "m-00001-of-00002.gguf: split.count: is 70000; a u16 holds at most 65535";
        QTest::newRow("unrelated .gguf files")
            << "mixed"
            << ": holds 3 .gguf files (m-00001-of-00002.gguf, m-00002-of-00002.gguf, "
               "other.gguf) that are not the splits of one model; name one";
    }
    void badSets()
    {
        QFETCH(QString, name);
        QFETCH(QString, error);
        const std::string tag = name.toStdString();
        const fs::path d = dir(("bad-" + tag).c_str());
        fs::create_directories(d);
        const fs::path first = d / "m-00001-of-00002.gguf", second = d / "m-00002-of-00002.gguf";
        writePart(first, 0, 2, 2, {"a"});
        writePart(second, 1, 2, 2, {"b"});
        fs::path open = first;
        if (tag == "no") {
            writePart(second, 0, 2, 2, {"b"});
            open = second;
        } else if (tag == "unnamed") {
            fs::rename(first, d / "m.gguf");
            open = d / "m.gguf";
        } else if (tag == "count") {
            writePart(second, 1, 3, 2, {"b"});
        } else if (tag == "duplicate") {
            writePart(second, 1, 2, 2, {"a"});
        } else if (tag == "tensors") {
            writePart(first, 0, 2, 5, {"a"});
        } else if (tag == "huge") {
            GgufWriter w(3);
            w.addU32("split.count", 70000);
            w.write(first.string());
        } else if (tag == "mixed") {
            writePart(d / "other.gguf", 0, 1, 1, {"c"});
            open = d;
        }
        const QString dirText = QString::fromStdString(d.string());
        QString expected = error;
        expected.replace(QStringLiteral("DIR"), dirText);
        if (!expected.startsWith(u':')) {
            expected.prepend(u'/');
        }
        QCOMPARE(errorOf(open), dirText + expected);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestGgufSplit)
#include "tst_gguf_split.moc"
