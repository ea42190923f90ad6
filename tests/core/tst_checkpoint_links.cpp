// Symbolic links in a checkpoint: a shard, a listed file or a GGUF split that links outside the
// checkpoint's directory is refused naming the link (the reader never follows an index to
// /etc/passwd), while links inside the directory and the Hugging Face cache layout
// (snapshots/<hash>/x -> ../../blobs/<sha>) read as before. A file that is not a checkpoint is
// refused without echoing its bytes.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/error.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace llmsizer;

namespace {

const std::vector<testsupport::StTensor> kTensors{{"model.embed_tokens.weight", "BF16", {8, 4}},
                                                  {"model.norm.weight", "BF16", {4}}};

void writeText(const fs::path& file, const std::string& text)
{
    std::ofstream(file, std::ios::binary) << text;
}

// An index naming one shard, "model-00001-of-00001.safetensors".
void writeIndex(const fs::path& dir)
{
    writeText(dir / "model.safetensors.index.json",
              R"({"weight_map": {"model.embed_tokens.weight": "model-00001-of-00001.safetensors",
                  "model.norm.weight": "model-00001-of-00001.safetensors"}})");
}

std::string errorOf(const fs::path& path)
{
    try {
        (void)inspectCheckpoint(path);
    } catch (const InputError& e) {
        return e.what();
    }
    return "accepted";
}

} // namespace

class TestCheckpointLinks : public QObject {
    Q_OBJECT
private slots:
    void shardLinkedOutsideIsRefused()
    {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        fs::create_directories(root / "ckpt");
        fs::create_directories(root / "elsewhere");
        testsupport::writeSafetensors((root / "elsewhere/real.safetensors").string(), kTensors);
        writeIndex(root / "ckpt");
        const fs::path link = root / "ckpt/model-00001-of-00001.safetensors";
        fs::create_symlink(root / "elsewhere/real.safetensors", link);
        const std::string expected =
            link.string() +
            ": is a symbolic link to a file outside the checkpoint's directory (only links "
            "within it, or into a Hugging Face cache's blobs, are followed)";
        // Through the index, through the directory, and through a directory without an index.
        QCOMPARE(errorOf(root / "ckpt/model.safetensors.index.json"), expected);
        QCOMPARE(errorOf(root / "ckpt"), expected);
        fs::remove(root / "ckpt/model.safetensors.index.json");
        QCOMPARE(errorOf(root / "ckpt"), expected);
    }

    // The example from the report: a shard that is a link to a text file outside.
    void shardLinkedToATextFileEchoesNothing()
    {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        fs::create_directories(root / "ckpt");
        writeText(root / "passwd", "root:x:0:0:root:/root:/bin/bash\n");
        fs::create_symlink(root / "passwd", root / "ckpt/s.safetensors");
        const std::string error = errorOf(root / "ckpt");
        QVERIFY2(error.find("outside the checkpoint's directory") != std::string::npos,
                 error.c_str());
        // Named directly, the same text file is refused without its bytes as a number
        // ("root:x:0" read as a little-endian length is 3,475,485,838,096,051,570).
        const std::string direct = errorOf(root / "passwd");
        QCOMPARE(direct, (root / "passwd").string() +
                             ": not a safetensors file (its first 8 bytes are not a header "
                             "length; a safetensors file starts with its header's length, then "
                             "'{')");
    }

    void linksInsideAndTheHuggingFaceCacheAreRead()
    {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        // Inside the directory.
        fs::create_directories(root / "plain/sub");
        testsupport::writeSafetensors((root / "plain/sub/data.bin").string(), kTensors);
        writeIndex(root / "plain");
        fs::create_symlink("sub/data.bin", root / "plain/model-00001-of-00001.safetensors");
        QCOMPARE(inspectCheckpoint(root / "plain").tensors.size(), std::size_t(2));
        // huggingface_hub's cache: relative links from the snapshot into ../../blobs.
        const fs::path repo = root / "hub/models--org--name";
        fs::create_directories(repo / "blobs");
        fs::create_directories(repo / "snapshots/0123abcd");
        testsupport::writeSafetensors((repo / "blobs/9f86d081884c7d65").string(), kTensors);
        writeText(repo / "blobs/aa11", R"({"weight_map": {"model.embed_tokens.weight":
            "model-00001-of-00001.safetensors", "model.norm.weight":
            "model-00001-of-00001.safetensors"}})");
        fs::create_symlink("../../blobs/9f86d081884c7d65",
                           repo / "snapshots/0123abcd/model-00001-of-00001.safetensors");
        fs::create_symlink("../../blobs/aa11",
                           repo / "snapshots/0123abcd/model.safetensors.index.json");
        const Checkpoint c = inspectCheckpoint(repo / "snapshots/0123abcd");
        QCOMPARE(c.tensors.size(), std::size_t(2));
        QVERIFY(c.missing_shards.empty());
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCheckpointLinks)
#include "tst_checkpoint_links.moc"
