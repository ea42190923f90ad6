// Hostile stores: symbolic link loops, links out of the store, a manifest naming a missing blob,
// a blob that is a FIFO, a folder of 10,000 entries, files that only look like models. Each ends
// in a named line (a problem of the scan, or a copy's error), never a hang, a crash or an
// exception.
#include "llmsizer/local/local_models.h"
#include "support/model_stores.h"
#include "support/test_main.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>

using namespace llmsizer;
namespace fs = std::filesystem;

namespace {

void writeText(const fs::path& p, const std::string& text)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

std::string problemAt(const LocalScan& s, const fs::path& p)
{
    for (const ScanProblem& x : s.problems) {
        if (x.path == p.string()) {
            return x.message;
        }
    }
    return "(no problem named " + p.string() + ")";
}

LocalScan scanFolder(const fs::path& dir, const ScanLimits& limits = {})
{
    ModelStore s;
    s.kind = StoreKind::Folder;
    s.root = dir;
    s.exists = true;
    return scanStores({s}, limits);
}

const std::string kDigest = std::string(64, 'a');

std::string manifest(const std::string& digest)
{
    return "{\"schemaVersion\":2,\"layers\":[{\"mediaType\":\"application/vnd.ollama.image."
           "model\",\"digest\":\"sha256:" +
           digest + "\",\"size\":1000}]}";
}

} // namespace

class TestLocalHostile : public QObject {
    Q_OBJECT
private slots:
    void linkLoops()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        testsupport::writeLlamaGguf((root / "ok" / "tiny.gguf").string(), "Tiny", {}, true);
        fs::create_symlink("loop-b.gguf", root / "ok" / "loop-a.gguf");
        fs::create_symlink("loop-a.gguf", root / "ok" / "loop-b.gguf");
        fs::create_symlink("self", root / "ok" / "self");              // a link to itself
        fs::create_symlink("..", root / "ok" / "up");                  // a folder loop
        fs::create_symlink("/etc", root / "ok" / "etc");               // out of the store
        fs::create_symlink("/etc/hostname", root / "ok" / "out.gguf"); // out of the store
        fs::create_symlink("gone.gguf", root / "ok" / "dangling.gguf");
        QElapsedTimer t;
        t.start();
        const LocalScan s = scanFolder(root);
        QVERIFY(t.elapsed() < 5000);
        QCOMPARE(s.models.size(), 1u);
        QCOMPARE(s.models[0].name, std::string("Tiny"));
        QCOMPARE(problemAt(s, root / "ok" / "loop-a.gguf"), std::string("is a symbolic link loop"));
        QCOMPARE(problemAt(s, root / "ok" / "loop-b.gguf"), std::string("is a symbolic link loop"));
        QCOMPARE(problemAt(s, root / "ok" / "self"), std::string("is a symbolic link loop"));
        QCOMPARE(problemAt(s, root / "ok" / "etc"),
                 std::string("is a symbolic link out of the store (to /etc): not followed"));
        QCOMPARE(problemAt(s, root / "ok" / "out.gguf"),
                 std::string("is a symbolic link out of the store (to /etc/hostname): not "
                             "followed"));
        QCOMPARE(problemAt(s, root / "ok" / "dangling.gguf"),
                 std::string("is a symbolic link to a missing file"));
        QCOMPARE(s.problems.size(), 6u); // "up" leads inside the store: reached by its own path
    }

    void fifoAndMissingBlobs()
    {
        QTemporaryDir dir;
        const fs::path home = dir.path().toStdString();
        const fs::path ollama = home / ".ollama" / "models";
        const fs::path lib = ollama / "manifests" / "registry.ollama.ai" / "library";
        fs::create_directories(ollama / "blobs");
        // A blob that is a FIFO: reading it would wait for a writer forever.
        QCOMPARE(::mkfifo((ollama / "blobs" / ("sha256-" + kDigest)).c_str(), 0600), 0);
        writeText(lib / "fifo" / "latest", manifest(kDigest));
        writeText(lib / "gone" / "latest", manifest(std::string(64, 'b')));
        writeText(lib / "bad-digest" / "latest", manifest("xyz"));
        writeText(lib / "not-json" / "latest", "{\"layers\": [");
        writeText(lib / "no-layers" / "latest", "{\"schemaVersion\": 2}");
        QCOMPARE(::mkfifo((lib / "fifo-manifest").c_str(), 0600), 0); // a model folder that is not
        fs::create_directories(lib / "fifo-tag");
        QCOMPARE(::mkfifo((lib / "fifo-tag" / "latest").c_str(), 0600), 0);
        // A download in progress, and a FIFO named like a model in LM Studio's folder.
        writeText(ollama / "blobs" / ("sha256-" + std::string(64, 'c') + "-partial"), "xx");
        fs::create_directories(home / ".lmstudio" / "models" / "pub");
        QCOMPARE(::mkfifo((home / ".lmstudio/models/pub/pipe.gguf").c_str(), 0600), 0);
        ScanEnvironment env;
        env.home = home;
        QElapsedTimer t;
        t.start();
        const LocalScan s = scanLocalModels(env);
        QVERIFY(t.elapsed() < 5000);
        std::map<std::string, std::string> errors;
        for (const LocalModel& m : s.models) {
            errors[m.name] = m.primary().error;
        }
        const std::string blob = "blobs/sha256-" + kDigest;
        QCOMPARE(errors["fifo:latest"],
                 "its model blob is a FIFO, not a file: not read (" + blob + ")");
        QCOMPARE(errors["gone:latest"],
                 "its model blob is missing (blobs/sha256-" + std::string(64, 'b') + ")");
        QCOMPARE(errors["bad-digest:latest"], std::string("the manifest has no model layer"));
        QVERIFY2(
            errors["not-json:latest"].starts_with((lib / "not-json" / "latest").string() + ": "),
            errors["not-json:latest"].c_str());
        QCOMPARE(errors["no-layers:latest"],
                 (lib / "no-layers" / "latest").string() + ": layers: missing or not a list");
        QVERIFY2(errors["fifo-tag:latest"].find("is not a regular file") != std::string::npos,
                 errors["fifo-tag:latest"].c_str());
        QCOMPARE(problemAt(s, home / ".lmstudio/models/pub/pipe.gguf"),
                 std::string("is a FIFO, not a file: not read"));
        QCOMPARE(problemAt(s, ollama / "blobs" / ("sha256-" + std::string(64, 'c') + "-partial")),
                 std::string("a download that did not finish (2 bytes so far; no manifest names "
                             "it yet)"));
    }

    void tenThousandEntries()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path big = root / "big";
        fs::create_directories(big);
        for (int i = 0; i < 10000; ++i) {
            std::ofstream(big / ("note-" + std::to_string(i) + ".txt")) << i;
        }
        testsupport::writeLlamaGguf((big / "model.gguf").string(), "Needle", {}, true);
        QElapsedTimer t;
        t.start();
        const LocalScan s = scanFolder(root);
        QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(s.models.size(), 1u);
        QCOMPARE(s.models[0].name, std::string("Needle"));
        QVERIFY(s.entries >= 10001);
        // The entry budget ends the walk with a named line.
        ScanLimits small;
        small.max_entries = 500;
        const LocalScan cut = scanFolder(root, small);
        QCOMPARE(cut.problems.size(), 1u);
        QCOMPARE(cut.problems[0].message,
                 std::string("the store holds more than 500 entries; the rest were not looked at"));
    }

    void filesThatOnlyLookLikeModels()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        writeText(root / "a" / "fake.gguf", "GGUF\x03");
        writeText(root / "b" / "model.safetensors", "not a header");
        writeText(root / "c" / "empty.gguf", "");
        fs::path deep = root;
        for (int i = 0; i < 12; ++i) {
            deep /= "d" + std::to_string(i);
        }
        testsupport::writeLlamaGguf((deep / "deep.gguf").string(), "Deep", {}, true);
        const LocalScan s = scanFolder(root);
        std::map<std::string, std::string> errors;
        for (const LocalModel& m : s.models) {
            errors[m.primary().name] = m.primary().error;
        }
        QCOMPARE(errors.size(), 3u);
        QVERIFY2(errors["a/fake"].starts_with((root / "a" / "fake.gguf").string() + ": "),
                 errors["a/fake"].c_str());
        QVERIFY2(errors["b"].starts_with((root / "b" / "model.safetensors").string() + ": "),
                 errors["b"].c_str());
        QVERIFY2(errors["c/empty"].starts_with((root / "c" / "empty.gguf").string() + ": "),
                 errors["c/empty"].c_str());
        // Nine folders deep at most: the deeper one is named, not walked.
        fs::path ninth = root;
        for (int i = 0; i < 9; ++i) {
            ninth /= "d" + std::to_string(i);
        }
        QCOMPARE(problemAt(s, ninth), std::string("is more than 8 folders deep: not looked into"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestLocalHostile)
#include "tst_local_hostile.moc"
