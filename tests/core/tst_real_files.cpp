// Files written by other tools, kept in tests/data/real/ (its README says which tool wrote each
// and how). Each gives the result its writer or its publisher states; none was made by this
// project's own test writers.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>
#include <filesystem>

using namespace llmsizer;

namespace fs = std::filesystem;

namespace {

using u64 = std::uint64_t;

fs::path real(const char* name)
{
    return fs::path(LLMSIZER_TEST_DATA_DIR) / "real" / name;
}

bool hasNote(const Checkpoint& c, const std::string& text)
{
    return std::find(c.notes.begin(), c.notes.end(), text) != c.notes.end();
}

std::string metadataValue(const Checkpoint& c, const std::string& key)
{
    for (const MetadataItem& m : c.metadata) {
        if (m.key == key) {
            return m.value;
        }
    }
    return "(absent)";
}

// ollama's discollama adapter (convert/testdata/adapters/discollama.json): an MLX LoRA of
// Meta-Llama-3-8B-Instruct, rank 8 on q_proj and v_proj of layers 30 and 31, whose converted GGUF
// ollama expects to state general.parameter_count = 212992. By hand: q_proj A 4096×8 + B 8×4096 =
// 65,536; v_proj A 4096×8 + B 8×1024 = 40,960; (65,536 + 40,960) × 2 layers = 212,992.
constexpr u64 kDiscollamaParams = 212'992;

} // namespace

class TestRealFiles : public QObject {
    Q_OBJECT

private slots:
    // The adapter as ollama's converter test writes it: Go's encoding/json, "__metadata__": null,
    // MLX names (lora_a / lora_b) and MLX's transposed A, F32 data.
    void mlxLoraAdapter_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("directory with adapter_config.json") << QStringLiteral("discollama");
        QTest::newRow("the safetensors file alone")
            << QStringLiteral("discollama/adapters.safetensors");
    }
    void mlxLoraAdapter()
    {
        QFETCH(QString, path);
        const Checkpoint c = inspectCheckpoint(real(path.toUtf8().constData()));
        QCOMPARE(c.total_params, kDiscollamaParams);
        QCOMPARE(c.total_bytes, kDiscollamaParams * 4); // F32
        QVERIFY(c.lora.has_value());
        QCOMPARE(c.lora->params, kDiscollamaParams);
        QCOMPARE(c.lora->tensors, u64(8));
        QCOMPARE(c.lora->ranks, std::vector<u64>{8});
        QCOMPARE(c.lora->targets, (std::vector<std::string>{"q_proj", "v_proj"}));
        QVERIFY(c.unmapped.empty());
        QVERIFY(!c.estimate.has_value()); // an adapter is not a whole model
        QVERIFY(c.headline.empty());
    }

    void mlxLoraAdapterConfig()
    {
        const Checkpoint c = inspectCheckpoint(real("discollama"));
        QVERIFY(c.lora.has_value());
        QCOMPARE(c.lora->config_rank, std::optional<u64>(8)); // lora_parameters.rank
        QCOMPARE(c.lora->base_model, std::string("/Users/pdevine/git/Meta-Llama-3-8B-Instruct"));
    }

    // The first 872 bytes of the adapter: its 8-byte length and its JSON header, as a range
    // request (bytes=0-871) returns them.
    void rangeDownloadedHeader()
    {
        const fs::path file = real("adapters-header-only.safetensors");
        try {
            inspectCheckpoint(file);
            QFAIL("a header without its data was read as a whole file");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("tensor 'model.layers.30.self_attn.q_proj.lora_a'"));
            QCOMPARE(e.message(), std::string("data_offsets [0, 131072] end past the end of the "
                                              "file (the data section holds 0 bytes)"));
        }
        InspectOptions options;
        options.header_only = true;
        const Checkpoint c = inspectCheckpoint(file, options);
        QCOMPARE(c.total_params, kDiscollamaParams);
        QCOMPARE(c.total_bytes, kDiscollamaParams * 4);
        QVERIFY(!c.data_present);
    }

    // Vocabulary-only GGUFs written by Hugging Face's JavaScript GGUF writer
    // (@huggingface/gguf 0.4.6, serializeGgufMetadata), once little-endian and once big-endian:
    // a llama tokenizer of 259 tokens (three specials and 256 byte tokens) and TinyLlama's
    // hyperparameters, no tensors.
    void vocabOnlyGguf_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("bigEndian");
        QTest::newRow("little-endian") << QStringLiteral("vocab-only-le.gguf") << false;
        QTest::newRow("big-endian") << QStringLiteral("vocab-only-be.gguf") << true;
    }
    void vocabOnlyGguf()
    {
        QFETCH(QString, file);
        QFETCH(bool, bigEndian);
        const Checkpoint c = inspectCheckpoint(real(file.toUtf8().constData()));
        QCOMPARE(c.format, CheckpointFormat::Gguf);
        QCOMPARE(c.gguf_version, std::uint32_t(3));
        QVERIFY(c.tensors.empty());
        QCOMPARE(c.total_params, u64(0));
        QCOMPARE(c.headline, std::string("The file holds no tensors (a vocabulary-only GGUF: "
                                         "tokenizer and metadata only): nothing is counted."));
        // Without tensors a GGUF's structure is unknown: no estimate, so no all-red comparison.
        QVERIFY(!c.estimate.has_value());
        QVERIFY(c.diff.empty());
        QCOMPARE(c.estimate_note,
                 std::string("no estimate: a GGUF's structure (gated MLP, norms, biases, a "
                             "separate LM head) is read from its tensors, and this file has none"));
        QCOMPARE(metadataValue(c, "general.name"), std::string("TinyLlama vocab"));
        QCOMPARE(metadataValue(c, "llama.block_count"), std::string("22"));
        QCOMPARE(metadataValue(c, "llama.feed_forward_length"), std::string("5632"));
        QCOMPARE(hasNote(c, "big-endian GGUF (byte order read from the version field)"), bigEndian);
    }

    // A Git LFS pointer written by git-lfs 3.3.0 (`git lfs pointer --file=adapters.safetensors`):
    // what a clone without git-lfs leaves in place of the adapter.
    void gitLfsPointer()
    {
        const fs::path file = real("lfs-pointer.safetensors");
        try {
            inspectCheckpoint(file);
            QFAIL("a Git LFS pointer was read as a checkpoint");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), file.string());
            QCOMPARE(e.message(), std::string("a Git LFS pointer to a 852,840-byte file, not the "
                                              "file itself: run `git lfs pull`"));
        }
        // The size it names is the real adapter's.
        QCOMPARE(u64(fs::file_size(real("discollama/adapters.safetensors"))), u64(852'840));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestRealFiles)
#include "tst_real_files.moc"
