// Checkpoints as people download them: LoRA adapters, "__metadata__": null, Git LFS pointers
// instead of files, partial downloads. Files are built here with the layouts their writers use.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/error.h"
#include "support/gguf_writer.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace llmsizer;
using namespace testsupport;

Q_DECLARE_METATYPE(std::vector<testsupport::StTensor>)

namespace fs = std::filesystem;

namespace {

using u64 = std::uint64_t;

// What git leaves for an LFS-tracked file when git-lfs is not installed (git-lfs spec v1).
const std::string kPointer = "version https://git-lfs.github.com/spec/v1\n"
                             "oid sha256:"
                             "4d7a11f1b4a6d8d1b5e4b8a0c6c1d3f2e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4\n"
                             "size 1415337224\n";
const char* kPointerMessage =
    "a Git LFS pointer to a 1,415,337,224-byte file, not the file itself: run `git lfs pull`";

std::string indexJson(const std::vector<std::pair<std::string, std::string>>& map,
                      const std::string& metadata)
{
    std::string out = "{\"metadata\": {" + metadata + "}, \"weight_map\": {";
    for (std::size_t i = 0; i < map.size(); ++i) {
        out += (i ? ", \"" : "\"") + map[i].first + "\": \"" + map[i].second + "\"";
    }
    return out + "}}";
}

// PEFT's names for a LoRA on q_proj and v_proj: lora_A [r, in], lora_B [out, r].
std::vector<StTensor> peftQv(u64 layers, u64 r, u64 d, u64 kvOut)
{
    std::vector<StTensor> t;
    for (u64 i = 0; i < layers; ++i) {
        const std::string p = "base_model.model.model.layers." + std::to_string(i) + ".self_attn.";
        t.push_back({p + "q_proj.lora_A.weight", "F32", {r, d}});
        t.push_back({p + "q_proj.lora_B.weight", "F32", {d, r}});
        t.push_back({p + "v_proj.lora_A.weight", "F32", {r, d}});
        t.push_back({p + "v_proj.lora_B.weight", "F32", {kvOut, r}});
    }
    return t;
}

// mlx-lm's LoRALinear: lora_a [in, r], lora_b [r, out], on the last `layers` of `total`.
std::vector<StTensor> mlxQv(u64 total, u64 layers, u64 r, u64 d, u64 kvOut)
{
    std::vector<StTensor> t;
    for (u64 i = total - layers; i < total; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".self_attn.";
        t.push_back({p + "q_proj.lora_a", "F32", {d, r}});
        t.push_back({p + "q_proj.lora_b", "F32", {r, d}});
        t.push_back({p + "v_proj.lora_a", "F32", {d, r}});
        t.push_back({p + "v_proj.lora_b", "F32", {r, kvOut}});
    }
    return t;
}

} // namespace

class TestCheckpointFiles : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    int m_case = 0;

    fs::path freshDir()
    {
        const fs::path dir = fs::path(m_dir.path().toStdString()) / std::to_string(++m_case);
        fs::create_directories(dir);
        return dir;
    }

private slots:
    // The reference reader takes "__metadata__": null as no metadata (serde Option).
    void metadataNull()
    {
        const fs::path dir = freshDir();
        const std::vector<StTensor> tensors{{"model.norm.weight", "F32", {8}}};
        std::string header = safetensorsHeader(tensors);
        header.insert(1, "\"__metadata__\":null,");
        writeSafetensorsRaw((dir / "a.safetensors").string(), header,
                            safetensorsDataBytes(tensors));
        const Checkpoint c = inspectCheckpoint(dir / "a.safetensors");
        QCOMPARE(c.total_params, u64(8));
        QVERIFY(c.metadata.empty());
    }

    void gitLfsPointerFile_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("safetensors") << "model.safetensors";
        QTest::newRow("gguf") << "model-Q4_K_M.gguf";
        QTest::newRow("index") << "model.safetensors.index.json";
    }
    void gitLfsPointerFile()
    {
        QFETCH(QString, name);
        const fs::path file = freshDir() / name.toStdString();
        writeBytes(file.string(), kPointer);
        try {
            inspectCheckpoint(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString::fromStdString(file.string() + ": " + kPointerMessage));
        }
    }

    // A clone without git-lfs: one shard real, one a pointer. The pointer is a missing shard.
    void gitLfsPointerShard()
    {
        const fs::path dir = freshDir();
        writeSafetensors((dir / "model-00001-of-00002.safetensors").string(),
                         {{"model.embed_tokens.weight", "F32", {8, 4}}});
        writeBytes((dir / "model-00002-of-00002.safetensors").string(), kPointer);
        std::ofstream(dir / "model.safetensors.index.json")
            << indexJson({{"model.embed_tokens.weight", "model-00001-of-00002.safetensors"},
                          {"lm_head.weight", "model-00002-of-00002.safetensors"}},
                         "\"total_size\": 256");
        const Checkpoint c = inspectCheckpoint(dir);
        QVERIFY(c.partial);
        QCOMPARE(c.missing_shards, std::vector<std::string>{"model-00002-of-00002.safetensors"});
        QCOMPARE(c.missing_tensors, u64(1));
        QCOMPARE(c.total_params, u64(32));
        // Named by its path, as every message about a file is.
        QCOMPARE(c.notes,
                 std::vector<std::string>{(dir / "model-00002-of-00002.safetensors").string() +
                                          ": " + kPointerMessage});
        QVERIFY(c.headline.empty());
    }

    // An index without its shards: one line says nothing is counted, and the index's own
    // totals are shown (Llama-3.1-8B's: 8,030,261,248 parameters, 16,060,522,496 bytes).
    void indexOnly()
    {
        const fs::path dir = freshDir();
        std::vector<std::pair<std::string, std::string>> map;
        for (int i = 1; i <= 4; ++i) {
            map.emplace_back("t" + std::to_string(i),
                             "model-0000" + std::to_string(i) + "-of-00004.safetensors");
        }
        std::ofstream(dir / "model.safetensors.index.json")
            << indexJson(map, "\"total_parameters\": 8030261248, \"total_size\": 16060522496");
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.headline,
                 std::string("None of the 4 shards the index names is present: nothing is "
                             "counted."));
        QCOMPARE(c.index_total_parameters, std::optional<u64>(8'030'261'248ull));
        QCOMPARE(c.index_total_size, std::optional<u64>(16'060'522'496ull));
        const auto j = checkpointToJson(c);
        QCOMPARE(j["index_metadata"]["total_parameters"].get<u64>(), u64(8'030'261'248ull));
    }

    // The same with the model's config.json beside the index: the estimate stands alone, with
    // nothing to differ from (GPT-2 small: 124,439,808 parameters, the published count).
    void indexOnlyWithConfig()
    {
        const fs::path dir = freshDir();
        std::ofstream(dir / "model.safetensors.index.json")
            << indexJson({{"wte.weight", "model-00001-of-00002.safetensors"},
                          {"h.0.attn.c_attn.weight", "model-00002-of-00002.safetensors"}},
                         "\"total_size\": 248879616");
        fs::copy_file(fs::path(LLMSIZER_TEST_REFERENCE_DIR) / "hf-configs/gpt-2-small/config.json",
                      dir / "config.json");
        const Checkpoint c = inspectCheckpoint(dir);
        QVERIFY(c.estimate.has_value());
        QCOMPARE(c.estimate->total, u64(124'439'808));
        QVERIFY(!c.compared());
        QVERIFY(c.diff.empty());
        const auto j = checkpointToJson(c);
        QCOMPARE(j["estimate"]["total_params"].get<u64>(), u64(124'439'808));
        QVERIFY(!j["estimate"].contains("diff"));
        QVERIFY(!j["estimate"].contains("total_difference"));
    }

    // llama.cpp's vocab-only GGUFs (models/ggml-vocab-*.gguf) hold metadata and no tensors.
    void vocabOnlyGguf()
    {
        const fs::path file = freshDir() / "ggml-vocab-llama.gguf";
        GgufWriter w(3);
        w.addString("general.architecture", "llama");
        w.addU32("llama.embedding_length", 4096);
        w.addU32("llama.block_count", 32);
        w.addU32("llama.attention.head_count", 32);
        w.addStringArray("tokenizer.ggml.tokens", {"<unk>", "<s>", "</s>"});
        w.write(file.string());
        const Checkpoint c = inspectCheckpoint(file);
        QCOMPARE(c.total_params, u64(0));
        QCOMPARE(c.headline, std::string("The file holds no tensors (a vocabulary-only GGUF: "
                                         "tokenizer and metadata only): nothing is counted."));
    }

    // candle's examples directory: unrelated files, no index. They are summed, with a note.
    void unrelatedFiles()
    {
        const fs::path dir = freshDir();
        for (const char* name : {"a.safetensors", "b.safetensors", "c.safetensors"}) {
            writeSafetensors((dir / name).string(), {{std::string(name) + ".x", "F32", {4}}});
        }
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.total_params, u64(12));
        QCOMPARE(c.notes, std::vector<std::string>{
                              "3 .safetensors files without an index are counted as one "
                              "checkpoint; if they are separate models, inspect each file on its "
                              "own"});
        // Shards named as transformers names them get no such note.
        const fs::path sharded = freshDir();
        writeSafetensors((sharded / "model-00001-of-00002.safetensors").string(),
                         {{"model.norm.weight", "F32", {4}}});
        writeSafetensors((sharded / "model-00002-of-00002.safetensors").string(),
                         {{"lm_head.weight", "F32", {4, 4}}});
        QVERIFY(inspectCheckpoint(sharded).notes.empty());
    }

    // A range-downloaded header (gguf-parser, hf-mem): the file ends where the data begins.
    // Refused by default; read with header_only, with a note that the data is not present.
    void headerOnly_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("refusal"); // without header_only, after "FILE: "
        QTest::newRow("safetensors")
            << "model.safetensors"
            << "tensor 'model.embed_tokens.weight': data_offsets [0, 262144] end past the end of "
               "the file (the data section holds 0 bytes)";
        QTest::newRow("gguf") << "model.gguf"
                              << "tensor 'token_embd.weight': data (262,144 bytes at byte 0 of "
                                 "the data section) runs past the end of the file (the data "
                                 "section holds 0 bytes)";
    }
    void headerOnly()
    {
        QFETCH(QString, name);
        QFETCH(QString, refusal);
        const fs::path file = freshDir() / name.toStdString();
        if (name.endsWith(QStringLiteral(".gguf"))) {
            GgufWriter w(3);
            w.addString("general.architecture", "llama");
            w.addTensor("token_embd.weight", {4096, 32}, kF16); // 4096·32·2 = 262,144 bytes
            writeBytes(file.string(), w.header());
        } else {
            const std::vector<StTensor> t{{"model.embed_tokens.weight", "BF16", {32, 4096}}};
            writeSafetensorsRaw(file.string(), safetensorsHeader(t), 0);
        }
        try {
            inspectCheckpoint(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString::fromStdString(file.string() + ": ") + refusal);
        }
        const Checkpoint c = inspectCheckpoint(file, InspectOptions{true});
        QCOMPARE(c.total_params, u64(4096 * 32)); // 131,072 in both files
        QVERIFY(!c.data_present);
        QCOMPARE(c.notes.back(),
                 name.toStdString() +
                     ": data not present (the file ends before its tensor data); the counts "
                     "come from the header");
        QCOMPARE(checkpointToJson(c)["data_present"].get<bool>(), false);
    }

    void loraAdapters_data()
    {
        QTest::addColumn<std::vector<StTensor>>("tensors");
        QTest::addColumn<bool>("metadataNull");
        QTest::addColumn<QString>("adapterConfig");
        QTest::addColumn<quint64>("params");
        QTest::addColumn<quint64>("rank");
        QTest::addColumn<QString>("baseModel");
        // PEFT on Meta-Llama-3-8B, r 16 on q_proj and v_proj: 32·16·((4096 + 4096) + (4096 +
        // 1024)) = 6,815,744, the "trainable params" PEFT prints for this setup.
        QTest::newRow("PEFT Llama-3-8B r16 q_proj v_proj")
            << peftQv(32, 16, 4096, 1024) << false
            << QStringLiteral(R"({"peft_type": "LORA", "r": 16, "lora_alpha": 32,
                "target_modules": ["q_proj", "v_proj"],
                "base_model_name_or_path": "meta-llama/Meta-Llama-3-8B"})")
            << quint64(6'815'744) << quint64(16) << QStringLiteral("meta-llama/Meta-Llama-3-8B");
        // mlx-lm on Mistral-7B, rank 8 on the last 16 layers' q_proj and v_proj, written by
        // mx.save_safetensors with "__metadata__": null: 16·8·((4096 + 4096) + (4096 + 1024))
        // = 1,703,936.
        QTest::newRow("MLX Mistral-7B rank 8, __metadata__ null")
            << mlxQv(32, 16, 8, 4096, 1024) << true
            << QStringLiteral(R"({"fine_tune_type": "lora", "num_layers": 16,
                "lora_parameters": {"rank": 8, "scale": 20.0, "dropout": 0.0},
                "model": "mistralai/Mistral-7B-v0.1"})")
            << quint64(1'703'936) << quint64(8) << QStringLiteral("mistralai/Mistral-7B-v0.1");
    }

    void loraAdapters()
    {
        QFETCH(std::vector<StTensor>, tensors);
        QFETCH(bool, metadataNull);
        QFETCH(QString, adapterConfig);
        QFETCH(quint64, params);
        QFETCH(quint64, rank);
        QFETCH(QString, baseModel);
        const fs::path dir = freshDir();
        std::string header = safetensorsHeader(tensors, {{"format", "pt"}});
        if (metadataNull) {
            header = safetensorsHeader(tensors);
            header.insert(1, "\"__metadata__\":null,");
        }
        writeSafetensorsRaw((dir / "adapter_model.safetensors").string(), header,
                            safetensorsDataBytes(tensors));
        std::ofstream(dir / "adapter_config.json") << adapterConfig.toStdString();
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.total_params, params);
        QVERIFY(c.unmapped.empty());
        QVERIFY(c.lora.has_value());
        QCOMPARE(c.lora->params, params);
        QCOMPARE(c.lora->ranks, std::vector<u64>{rank});
        QCOMPARE(c.lora->config_rank, std::optional<u64>(rank));
        QCOMPARE(c.lora->targets, (std::vector<std::string>{"q_proj", "v_proj"}));
        QCOMPARE(QString::fromStdString(c.lora->base_model), baseModel);
        QVERIFY(!c.estimate.has_value());
        QVERIFY(c.estimate_note.find("LoRA adapter") != std::string::npos);
        QCOMPARE(c.component(Component::Attention).params, params);
        const auto j = checkpointToJson(c);
        QCOMPARE(j["lora"]["params"].get<quint64>(), params);
    }

    // One budget for the whole checkpoint (InspectOptions): files, tensors, header bytes and
    // time over every shard, each refused naming what was left of it.
    void wholeCheckpointBudget()
    {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "ckpt";
        fs::create_directories(dir);
        const std::vector<StTensor> two = {{"a", "F32", {2}}, {"b", "F32", {2}}};
        for (int i = 1; i <= 3; ++i) {
            std::vector<StTensor> t = two;
            for (StTensor& x : t) {
                x.name += std::to_string(i);
            }
            writeSafetensors(
                (dir / ("model-0000" + std::to_string(i) + "-of-00003.safetensors")).string(), t);
        }
        QCOMPARE(inspectCheckpoint(dir).tensors.size(), std::size_t{6});
        // 8 bytes of length and the header of the first shard, as the writer made it.
        const u64 first = 8 + safetensorsHeader({{"a1", "F32", {2}}, {"b1", "F32", {2}}}).size();
        const std::string shard2 = (dir / "model-00002-of-00003.safetensors").string();
        const auto refused = [&dir](InspectOptions o) {
            try {
                (void)inspectCheckpoint(dir, o);
                return std::string("read");
            } catch (const InputError& e) {
                return std::string(e.what());
            }
        };
        InspectOptions o;
        o.max_time = std::chrono::milliseconds(0);
        QCOMPARE(refused(o), dir.string() + ": reading its headers took longer than 0 ms (the "
                                            "limit for one checkpoint; 1 file read, stopped "
                                            "before model-00002-of-00003.safetensors)");
        o = {};
        o.max_files = 2;
        QCOMPARE(refused(o), dir.string() + ": holds 3 .safetensors files; a checkpoint is read "
                                            "from at most 2 files");
        o = {};
        o.max_tensors = 3;
        QCOMPARE(refused(o), shard2 + ": the header lists more than the 1 tensor left of the "
                                      "checkpoint's limit of 3 (the files read before it hold 2)");
        o = {};
        o.max_header_bytes = first + 10;
        QCOMPARE(refused(o), shard2 + ": header length " + std::to_string(first - 8) +
                                 " exceeds the 10 header bytes left of the checkpoint's limit "
                                 "of " +
                                 std::to_string(first + 10) + " (the files read before it hold " +
                                 std::to_string(first) + ")");
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCheckpointFiles)
#include "tst_checkpoint_files.moc"
