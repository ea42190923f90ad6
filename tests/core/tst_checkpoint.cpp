// Checkpoint inspection: directories, sharded indexes (complete, partial, hostile), the estimate
// from an adjacent config.json and its per-component diff, unmapped tensors, the JSON form, and
// the tensor name patterns.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/tensor_map.h"
#include "llmsizer/text/error.h"
#include "support/gguf_writer.h"
#include "support/model_tensors.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace llmsizer;
using namespace testsupport;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(llmsizer::TensorKind)
Q_DECLARE_METATYPE(llmsizer::Component)

namespace {

const fs::path kReference = LLMSIZER_TEST_REFERENCE_DIR;

void copyConfig(const char* model, const fs::path& dir)
{
    fs::copy_file(kReference / "hf-configs" / model / "config.json", dir / "config.json",
                  fs::copy_options::overwrite_existing);
}

void writeText(const fs::path& file, const std::string& text)
{
    std::ofstream(file, std::ios::binary) << text;
}

// Llama-3.1-8B in the repository's four shards: embed + layers 0–7, 8–15, 16–23, 24–31 + norm +
// head (9 tensors per layer), with the index mapping each tensor to its shard.
const char* const kShards[] = {
    "model-00001-of-00004.safetensors", "model-00002-of-00004.safetensors",
    "model-00003-of-00004.safetensors", "model-00004-of-00004.safetensors"};

void writeShardedLlama31(const fs::path& dir)
{
    const std::vector<StTensor> all = llamaTensors(llama31_8b());
    const std::size_t bounds[] = {0, 1 + 9 * 8, 1 + 9 * 16, 1 + 9 * 24, all.size()};
    std::string map;
    for (int s = 0; s < 4; ++s) {
        std::vector<StTensor> part(all.begin() + static_cast<long>(bounds[s]),
                                   all.begin() + static_cast<long>(bounds[s + 1]));
        writeSafetensors((dir / kShards[s]).string(), part, {{"format", "pt"}});
        for (const StTensor& t : part) {
            map += (map.empty() ? "" : ",") + ("\"" + t.name + "\":\"" + kShards[s] + "\"");
        }
    }
    writeText(dir / "model.safetensors.index.json",
              R"({"metadata":{"total_size":16060522496},"weight_map":{)" + map + "}}");
}

QString errorOf(const fs::path& p)
{
    try {
        (void)inspectCheckpoint(p);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("(no error)");
}

} // namespace

class TestCheckpoint : public QObject {
    Q_OBJECT
private:
    fs::path freshDir(const char* name)
    {
        const fs::path dir = fs::path(m_dir.path().toStdString()) / name;
        fs::remove_all(dir);
        fs::create_directories(dir);
        return dir;
    }
    QTemporaryDir m_dir;

private slots:
    void shardedDirectoryWithConfig()
    {
        const fs::path dir = freshDir("llama-3.1-8b");
        writeShardedLlama31(dir);
        copyConfig("llama-3.1-8b", dir);
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.files.size(), std::size_t(4));
        // 8,030,261,248 (index.json); the index's total_size 16,060,522,496 agrees, so no note.
        QCOMPARE(quint64(c.total_params), quint64(8'030'261'248ull));
        QCOMPARE(quint64(c.total_bytes), quint64(16'060'522'496ull));
        QVERIFY(c.notes.empty());
        QVERIFY(!c.partial);
        QVERIFY(c.estimate.has_value());
        QCOMPARE(c.config_source, (dir / "config.json").string());
        QCOMPARE(c.diff.size(), std::size(kAllComponents));
        for (const ComponentDiff& d : c.diff) {
            QCOMPARE(d.difference, std::int64_t(0));
        }
        // Pointing at the index file itself gives the same.
        const Checkpoint viaIndex = inspectCheckpoint(dir / "model.safetensors.index.json");
        QCOMPARE(quint64(viaIndex.total_params), quint64(8'030'261'248ull));
    }

    void missingShardIsPartial()
    {
        const fs::path dir = freshDir("partial");
        writeShardedLlama31(dir);
        fs::remove(dir / kShards[2]);
        const Checkpoint c = inspectCheckpoint(dir);
        QVERIFY(c.partial);
        QCOMPARE(c.missing_shards, std::vector<std::string>{kShards[2]});
        // Shard 3 holds layers 16–23: 8·(41,943,040 attention + 176,160,768 MLP + 8,192 norms) =
        // 1,744,896,000 fewer than 8,030,261,248; its 72 tensors are counted as missing.
        QCOMPARE(quint64(c.total_params), quint64(6'285'365'248ull));
        QCOMPARE(quint64(c.missing_tensors), quint64(72));
        const nlohmann::json j = checkpointToJson(c);
        QCOMPARE(j["partial"].get<bool>(), true);
        QCOMPARE(j["missing_shards"][0].get<std::string>(), std::string(kShards[2]));
    }

    void hostileIndex_data()
    {
        QTest::addColumn<QByteArray>("index");
        QTest::addColumn<QString>("error"); // after "INDEX: "
        QTest::newRow("parent directory")
            << QByteArray(R"({"weight_map":{"a":"../x.safetensors"}})")
            << QStringLiteral("weight_map.a: shard file '../x.safetensors' is not a file name in "
                              "the index's directory (paths are refused)");
        QTest::newRow("absolute path")
            << QByteArray(R"({"weight_map":{"a":"/etc/passwd"}})")
            << QStringLiteral("weight_map.a: shard file '/etc/passwd' is not a file name in the "
                              "index's directory (paths are refused)");
        QTest::newRow("subdirectory")
            << QByteArray(R"({"weight_map":{"a":"sub/x.safetensors"}})")
            << QStringLiteral("weight_map.a: shard file 'sub/x.safetensors' is not a file name in "
                              "the index's directory (paths are refused)");
        QTest::newRow("dot dot")
            << QByteArray(R"({"weight_map":{"a":".."}})")
            << QStringLiteral("weight_map.a: shard file '..' is not a file name in the index's "
                              "directory (paths are refused)");
        QTest::newRow("not a string") << QByteArray(R"({"weight_map":{"a":1}})")
                                      << QStringLiteral("weight_map.a: must be a shard file name "
                                                        "(a string)");
        QTest::newRow("no weight_map")
            << QByteArray(R"({"metadata":{}})") << QStringLiteral("weight_map: is required");
        QTest::newRow("empty weight_map")
            << QByteArray(R"({"weight_map":{}})") << QStringLiteral("weight_map: lists no tensors");
        QTest::newRow("tensor not in its shard")
            << QByteArray(R"({"weight_map":{"a":"s.safetensors","b":"s.safetensors"}})")
            << QStringLiteral("weight_map.b: the tensor is not in its shard s.safetensors");
    }
    void hostileIndex()
    {
        QFETCH(QByteArray, index);
        QFETCH(QString, error);
        const fs::path dir = freshDir("hostile");
        writeSafetensors((dir / "s.safetensors").string(), {{"a", "F32", {4}}});
        const fs::path file = dir / "model.safetensors.index.json";
        writeText(file, index.toStdString());
        QCOMPARE(errorOf(dir),
                 QString::fromStdString(file.string()) + QStringLiteral(": ") + error);
    }

    void duplicateAcrossShards()
    {
        const fs::path dir = freshDir("dup");
        writeSafetensors((dir / "a.safetensors").string(), {{"w", "F32", {4}}});
        writeSafetensors((dir / "b.safetensors").string(), {{"w", "F32", {4}}});
        QCOMPARE(errorOf(dir), QString::fromStdString((dir / "b.safetensors").string()) +
                                   QStringLiteral(": tensor 'w': is also stored in a.safetensors"));
    }

    void directories()
    {
        const fs::path empty = freshDir("empty");
        QCOMPARE(errorOf(empty),
                 QString::fromStdString(empty.string()) +
                     QStringLiteral(": holds no .safetensors, .safetensors.index.json or .gguf "
                                    "file"));
        QCOMPARE(errorOf(empty / "nothing"), QString::fromStdString((empty / "nothing").string()) +
                                                 QStringLiteral(": no such file or directory"));

        const fs::path ggufs = freshDir("ggufs");
        GgufWriter w;
        w.addString("general.architecture", "llama");
        w.write((ggufs / "a.gguf").string());
        w.write((ggufs / "b.gguf").string());
        QCOMPARE(errorOf(ggufs), QString::fromStdString(ggufs.string()) +
                                     QStringLiteral(": holds 2 .gguf files (a.gguf, b.gguf) "
                                                    "that are not the splits of one model; "
                                                    "name one"));
        fs::remove(ggufs / "b.gguf");
        const Checkpoint one = inspectCheckpoint(ggufs);
        QCOMPARE(one.format, CheckpointFormat::Gguf);
        QCOMPARE(quint64(one.total_params), quint64(0));
        // No block_count: no estimate, and the reason says which key is missing.
        QCOMPARE(one.estimate_note, std::string("no estimate: llama.embedding_length is missing"));
    }

    void consolidatedCopyLeftOut()
    {
        // Mistral's layout: the same weights as consolidated.safetensors (Meta names) and as HF
        // files; only the HF files are counted.
        const fs::path dir = freshDir("mistral");
        writeSafetensors((dir / "consolidated.safetensors").string(),
                         {{"tok_embeddings.weight", "BF16", {32, 8}}});
        writeSafetensors((dir / "model.safetensors").string(),
                         {{"model.embed_tokens.weight", "BF16", {32, 8}}});
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(quint64(c.total_params), quint64(256));
        QCOMPARE(c.files.size(), std::size_t(1));
        QCOMPARE(c.notes, std::vector<std::string>{"consolidated.safetensors not read (the same "
                                                   "weights under their original names)"});
    }

    void estimateDiffersFromTheFile()
    {
        // A Llama-2-7B checkpoint described by a config that ties the head: the estimate has
        // no lm_head, the checkpoint has 32000·4096 = 131,072,000 in it.
        const fs::path dir = freshDir("tied-config");
        writeSafetensors((dir / "model.safetensors").string(), llamaTensors(llama2_7b()));
        writeText(dir / "config.json",
                  R"({"model_type":"llama","hidden_size":4096,"intermediate_size":11008,)"
                  R"("num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":32,)"
                  R"("vocab_size":32000,"max_position_embeddings":4096,)"
                  R"("tie_word_embeddings":true})");
        const Checkpoint c = inspectCheckpoint(dir);
        QVERIFY(c.estimate.has_value());
        const ComponentDiff& head = c.diff[static_cast<std::size_t>(Component::LmHead)];
        QCOMPARE(head.key, std::string("lm_head"));
        QCOMPARE(quint64(head.estimate), quint64(0));
        QCOMPARE(quint64(head.checkpoint), quint64(131'072'000));
        QCOMPARE(head.difference, std::int64_t(131'072'000));
        const nlohmann::json j = checkpointToJson(c);
        QCOMPARE(j["estimate"]["diff"]["lm_head"]["difference"].get<std::int64_t>(),
                 std::int64_t(131'072'000));
        QCOMPARE(j["estimate"]["total_params"].get<std::uint64_t>(),
                 std::uint64_t(6'738'415'616ull - 131'072'000ull));
        QCOMPARE(j["buffer_params"].get<std::uint64_t>(), std::uint64_t(2048));
    }

    void unmappedTensorsAreListed()
    {
        const fs::path dir = freshDir("unmapped");
        std::vector<StTensor> t = llamaTensors(llama2_7b());
        t.push_back({"model.vision_tower.patch_embed.weight", "F16", {1024, 588}});
        writeSafetensors((dir / "model.safetensors").string(), t);
        copyConfig("llama-2-7b", dir);
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.unmapped, std::vector<std::string>{"model.vision_tower.patch_embed.weight"});
        // Counted in the total (6,738,415,616 + 1024·588), in no component.
        QCOMPARE(quint64(c.unmapped_params), quint64(602'112));
        QCOMPARE(quint64(c.total_params), quint64(6'738'415'616ull + 602'112ull));
        QCOMPARE(c.diff.back().key, std::string("unmapped"));
        QCOMPARE(c.diff.back().difference, std::int64_t(602'112));
        const nlohmann::json j = checkpointToJson(c);
        for (const char* key : {"total_params", "total_bytes", "components", "tensors", "unmapped",
                                "buffers", "estimate", "dtypes"}) {
            QVERIFY2(j.contains(key), key);
        }
        QCOMPARE(j["unmapped"][0].get<std::string>(), t.back().name);
        const auto& last = j["tensors"].back();
        QCOMPARE(last["component"].get<std::string>(), std::string("unmapped"));
        QCOMPARE(last["shape"], nlohmann::json({1024, 588}));
        QCOMPARE(j["components"]["attention"].get<std::uint64_t>(),
                 std::uint64_t(2'147'483'648ull));
    }

    void names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<TensorKind>("kind");
        QTest::addColumn<Component>("component");
        QTest::addColumn<QString>("part");
        const auto P = TensorKind::Parameter;
        const auto B = TensorKind::Buffer;
        const auto U = TensorKind::Unmapped;
        using C = Component;
        auto row = [](const char* n, TensorKind k, Component c, const char* part) {
            QTest::newRow(n) << QString::fromLatin1(n) << k << c << QString::fromLatin1(part);
        };
        row("model.embed_tokens.weight", P, C::Embedding, "token");
        row("model.layers.0.self_attn.q_proj.weight", P, C::Attention, "q");
        row("model.layers.0.self_attn.k_proj.bias", P, C::Attention, "qkv_bias");
        row("model.layers.3.self_attn.o_proj.weight", P, C::Attention, "o");
        row("model.layers.0.self_attn.qkv_proj.weight", P, C::Attention, "qkv");
        row("model.layers.0.self_attn.q_norm.weight", P, C::Attention, "qk_norm");
        row("model.layers.0.self_attn.kv_a_proj_with_mqa.weight", P, C::Attention, "kv_a");
        row("model.layers.0.self_attn.kv_a_layernorm.weight", P, C::Attention, "latent_norms");
        row("model.layers.0.mlp.gate_proj.weight", P, C::Mlp, "gate");
        row("model.layers.0.mlp.gate_up_proj.weight", P, C::Mlp, "gate_up");
        row("model.layers.0.mlp.down_proj.weight", P, C::Mlp, "down");
        row("model.layers.0.block_sparse_moe.experts.7.w2.weight", P, C::Mlp, "routed_experts");
        row("model.layers.0.mlp.experts.63.up_proj.weight", P, C::Mlp, "routed_experts");
        row("model.layers.0.mlp.experts.gate_up_proj", P, C::Mlp, "routed_experts");
        row("model.layers.0.mlp.experts.down_proj_bias", P, C::Mlp, "routed_experts");
        row("model.layers.0.mlp.shared_expert.up_proj.weight", P, C::Mlp, "shared_experts");
        row("model.layers.0.mlp.shared_experts.down_proj.weight", P, C::Mlp, "shared_experts");
        row("model.layers.0.block_sparse_moe.gate.weight", P, C::Router, "gate");
        row("model.layers.0.mlp.gate.weight", P, C::Router, "gate");
        row("model.layers.0.mlp.shared_expert_gate.weight", P, C::Router, "shared_expert_gate");
        row("model.layers.3.mlp.gate.e_score_correction_bias", P, C::Router, "bias");
        row("model.layers.0.input_layernorm.weight", P, C::Norms, "block");
        row("model.layers.0.pre_feedforward_layernorm.weight", P, C::Norms, "block");
        row("model.norm.weight", P, C::Norms, "final");
        row("lm_head.weight", P, C::LmHead, "weight");
        row("lm_head.bias", P, C::LmHead, "bias");
        row("model.layers.0.self_attn.rotary_emb.inv_freq", B, C::Attention, "");
        row("model.layers.0.self_attn.q_proj.weight_scale_inv", TensorKind::QuantMetadata,
            C::Attention, "");
        // GPT-2 / GPT-J / GPT-NeoX / OPT / BLOOM.
        row("wte.weight", P, C::Embedding, "token");
        row("transformer.wpe.weight", P, C::PositionEmbedding, "learned");
        row("h.0.attn.c_attn.weight", P, C::Attention, "qkv");
        row("h.0.attn.c_attn.bias", P, C::Attention, "qkv_bias");
        row("h.0.attn.c_proj.bias", P, C::Attention, "o_bias");
        row("h.0.attn.bias", B, C::Attention, "");
        row("transformer.h.0.attn.masked_bias", B, C::Attention, "");
        row("h.0.mlp.c_fc.weight", P, C::Mlp, "up");
        row("h.0.mlp.c_proj.bias", P, C::Mlp, "bias");
        row("h.0.ln_1.bias", P, C::Norms, "block");
        row("transformer.ln_f.weight", P, C::Norms, "final");
        row("transformer.h.0.mlp.fc_in.weight", P, C::Mlp, "up");
        row("gpt_neox.layers.0.attention.query_key_value.weight", P, C::Attention, "qkv");
        row("gpt_neox.layers.0.attention.bias", B, C::Attention, "");
        row("gpt_neox.layers.0.mlp.dense_4h_to_h.weight", P, C::Mlp, "down");
        row("embed_out.weight", P, C::LmHead, "weight");
        row("model.decoder.embed_positions.weight", P, C::PositionEmbedding, "learned");
        row("model.decoder.layers.0.fc1.weight", P, C::Mlp, "up");
        row("model.decoder.layers.0.final_layer_norm.weight", P, C::Norms, "block");
        row("model.decoder.final_layer_norm.weight", P, C::Norms, "final");
        row("word_embeddings_layernorm.weight", P, C::Norms, "embedding_norm");
        row("h.0.self_attention.query_key_value.weight", P, C::Attention, "qkv");
        row("language_model.model.layers.0.mlp.up_proj.weight", P, C::Mlp, "up");
        // GGUF.
        row("token_embd.weight", P, C::Embedding, "token");
        row("blk.0.attn_q.weight", P, C::Attention, "q");
        row("blk.0.attn_q.bias", P, C::Attention, "qkv_bias");
        row("blk.0.attn_qkv.weight", P, C::Attention, "qkv");
        row("blk.0.attn_output.weight", P, C::Attention, "o");
        row("blk.0.attn_k_norm.weight", P, C::Attention, "qk_norm");
        row("blk.0.attn_kv_b.weight", P, C::Attention, "kv_b");
        row("blk.0.ffn_gate.weight", P, C::Mlp, "gate");
        row("blk.0.ffn_down_exps.weight", P, C::Mlp, "routed_experts");
        row("blk.0.ffn_gate.5.weight", P, C::Mlp, "routed_experts");
        row("blk.0.ffn_up_shexp.weight", P, C::Mlp, "shared_experts");
        row("blk.0.ffn_gate_inp.weight", P, C::Router, "gate");
        row("blk.0.ffn_gate_inp_shexp.weight", P, C::Router, "shared_expert_gate");
        row("blk.3.exp_probs_b.bias", P, C::Router, "bias");
        row("blk.0.attn_norm.weight", P, C::Norms, "block");
        row("blk.0.post_ffw_norm.weight", P, C::Norms, "block");
        row("output_norm.weight", P, C::Norms, "final");
        row("output.weight", P, C::LmHead, "weight");
        row("rope_freqs.weight", B, C::Attention, "");
        // Unknown names are reported, never guessed.
        row("model.vision_tower.blocks.0.attn.proj.weight", U, C::Embedding, "");
        row("model.layers.0.self_attn.sinks", U, C::Embedding, "");
        row("weight", U, C::Embedding, "");
        row("", U, C::Embedding, "");
    }
    void names()
    {
        QFETCH(QString, name);
        QFETCH(TensorKind, kind);
        QFETCH(Component, component);
        QFETCH(QString, part);
        const TensorRole r = classifyTensor(name.toStdString());
        QCOMPARE(r.kind, kind);
        if (kind == TensorKind::Parameter) {
            QCOMPARE(r.component, component);
            QCOMPARE(QString::fromStdString(r.part), part);
        }
    }

    void layerIndex()
    {
        QCOMPARE(tensorLayer("model.layers.12.mlp.up_proj.weight"), 12);
        QCOMPARE(tensorLayer("blk.7.attn_q.weight"), 7);
        QCOMPARE(tensorLayer("lm_head.weight"), -1);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
