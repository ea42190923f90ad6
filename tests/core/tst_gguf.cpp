// GGUF headers: exact parameters and bytes of full-size (sparse) quantised files against hand
// calculations and published counts, and the architecture read from the metadata.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/text/error.h"
#include "support/gguf_models.h"
#include "support/gguf_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <filesystem>

using namespace llmsizer;
using namespace testsupport;

class TestGguf : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return (m_dir.path() + u'/').toStdString() + name; }

private slots:
    void llama2Q4KMExact()
    {
        const std::string file = path("llama-2-7b.Q4_K_M.gguf");
        llama2Q4KM().write(file);
        const Checkpoint c = inspectCheckpoint(file);
        QCOMPARE(c.format, CheckpointFormat::Gguf);
        QCOMPARE(c.gguf_version, 3u);
        // 6,738,415,616 parameters (index.json, Llama-2-7B).
        QCOMPARE(quint64(c.total_params), quint64(6'738'415'616ull));
        // By hand: F32 norms 65·4096 = 266,240 values, 1,064,960 bytes. Q6_K: 16 attn_v
        // (16·4096²) + 16 ffn_down (16·11008·4096) + output (32000·4096) = 1,120,927,744 weights
        // = 4,378,624 blocks of 210 bytes = 919,511,040. Q4_K: the other 5,617,221,632 weights =
        // 21,942,272 blocks of 144 bytes = 3,159,687,168. Total 4,080,263,168 bytes.
        QCOMPARE(quint64(c.total_bytes), quint64(4'080'263'168ull));
        QCOMPARE(c.dtypes.size(), std::size_t(3));
        QCOMPARE(c.dtypes[0].dtype, std::string("F32"));
        QCOMPARE(quint64(c.dtypes[0].tensors), quint64(65));
        QCOMPARE(quint64(c.dtypes[0].bytes), quint64(1'064'960));
        QCOMPARE(c.dtypes[1].dtype, std::string("Q4_K"));
        QCOMPARE(quint64(c.dtypes[1].tensors), quint64(193));
        QCOMPARE(quint64(c.dtypes[1].params), quint64(5'617'221'632ull));
        QCOMPARE(quint64(c.dtypes[1].bytes), quint64(3'159'687'168ull));
        QCOMPARE(c.dtypes[2].dtype, std::string("Q6_K"));
        QCOMPARE(quint64(c.dtypes[2].tensors), quint64(33));
        QCOMPARE(quint64(c.dtypes[2].bytes), quint64(919'511'040ull));
        // 8 · 4,080,263,168 / 6,738,415,616 = 4.8442 bpw; 3.80 GiB, as llama.cpp's table lists
        // for LLaMA-7B Q4_K_M (tests/data/reference/formulas.md).
        QVERIFY(c.effective_bpw.has_value());
        QVERIFY(std::abs(*c.effective_bpw - 4.84416) < 1e-4);
        QCOMPARE(std::round(static_cast<double>(c.total_bytes) / (1u << 30) * 100) / 100, 3.80);

        // The architecture from the metadata; its estimate equals the file in every component.
        QVERIFY(c.inferred.has_value());
        QCOMPARE(quint64(c.inferred->d_model), quint64(4096));
        QCOMPARE(quint64(c.inferred->vocab_size), quint64(32000));
        QCOMPARE(quint64(c.inferred->d_ff), quint64(11008));
        QCOMPARE(c.inferred->tied_head, false);
        QVERIFY(c.estimate.has_value());
        QCOMPARE(quint64(c.estimate->total), quint64(6'738'415'616ull));
        for (const ComponentDiff& d : c.diff) {
            QCOMPARE(d.difference, std::int64_t(0));
        }
        QCOMPARE(c.model_name, std::string("Llama-2-7B"));
        const nlohmann::json j = checkpointToJson(c);
        QCOMPARE(j["metadata"]["llama.block_count"].get<std::uint64_t>(), std::uint64_t(32));
        QCOMPARE(j["metadata"]["tokenizer.ggml.tokens"].get<std::string>(),
                 std::string("[32,000 x string]"));
        QCOMPARE(j["effective_bpw"].get<double>(), *c.effective_bpw);
        std::filesystem::remove(file);
    }

    // gguf_convert_endian.py's big-endian copy of the same file reads the same: byte order is
    // detected from the version field.
    void bigEndianReadsAsLittle()
    {
        const std::string le = path("le.gguf");
        const std::string be = path("llama-2-7b.Q4_K_M-be.gguf");
        llama2Q4KM().write(le);
        llama2Q4KM().writeBigEndian(be);
        const Checkpoint a = inspectCheckpoint(le);
        const Checkpoint b = inspectCheckpoint(be);
        QCOMPARE(quint64(b.total_params), quint64(6'738'415'616ull));
        QCOMPARE(quint64(b.total_bytes), quint64(a.total_bytes));
        QCOMPARE(b.gguf_version, 3u);
        QCOMPARE(b.tensors.size(), a.tensors.size());
        for (std::size_t i = 0; i < a.tensors.size(); ++i) {
            QCOMPARE(b.tensors[i].shape, a.tensors[i].shape);
            QCOMPARE(b.tensors[i].dtype, a.tensors[i].dtype);
        }
        QCOMPARE(b.metadata.size(), a.metadata.size());
        for (std::size_t i = 0; i < a.metadata.size(); ++i) {
            QCOMPARE(b.metadata[i].value, a.metadata[i].value);
        }
        QVERIFY(b.estimate.has_value());
        QCOMPARE(quint64(b.estimate->total), quint64(6'738'415'616ull));
        QCOMPARE(b.notes, std::vector<std::string>{
                              "big-endian GGUF (byte order read from the version field)"});
        std::filesystem::remove(le);
        std::filesystem::remove(be);
    }

    // ggml.h: NVFP4 = 40 (block_nvfp4, 64 values in 36 bytes), Q1_0 = 41 (128 in 18),
    // Q2_0 = 42 (64 in 18). A 4096 × 4096 matrix: 16,777,216 values.
    void newestGgmlTypes_data()
    {
        QTest::addColumn<quint32>("id");
        QTest::addColumn<quint64>("block");
        QTest::addColumn<quint64>("blockBytes");
        QTest::addColumn<QString>("name");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("NVFP4") << 40u << quint64(64) << quint64(36) << "NVFP4"
                               << quint64(16'777'216 / 64 * 36);
        QTest::newRow("Q1_0") << 41u << quint64(128) << quint64(18) << "Q1_0"
                              << quint64(16'777'216 / 128 * 18);
        QTest::newRow("Q2_0") << 42u << quint64(64) << quint64(18) << "Q2_0"
                              << quint64(16'777'216 / 64 * 18);
    }
    void newestGgmlTypes()
    {
        QFETCH(quint32, id);
        QFETCH(quint64, block);
        QFETCH(quint64, blockBytes);
        QFETCH(QString, name);
        QFETCH(quint64, bytes);
        const std::string file = path("new-type.gguf");
        smallGguf("blk.0.attn_q.weight", {4096, 4096}, GgmlBlock{id, block, blockBytes})
            .write(file);
        const Checkpoint c = inspectCheckpoint(file);
        QCOMPARE(quint64(c.total_params), quint64(16'777'216));
        QCOMPARE(quint64(c.total_bytes), bytes);
        QCOMPARE(QString::fromStdString(c.tensors.front().dtype), name);
        std::filesystem::remove(file);
    }

    // Without llama.feed_forward_length the MLP width comes from ffn_gate (ne[1] = 11008), not
    // 4·d_model; with no MLP tensor either, the 4·d_model default is listed as a guess.
    void feedForwardFromTensors()
    {
        const std::string file = path("no-ff-key.gguf");
        llama2Q4KM(false).write(file);
        const Checkpoint c = inspectCheckpoint(file);
        QVERIFY(c.inferred.has_value());
        QCOMPARE(quint64(c.inferred->d_ff), quint64(11008));
        QVERIFY(c.estimate.has_value());
        QCOMPARE(quint64(c.estimate->total), quint64(6'738'415'616ull));
        QVERIFY(c.guesses.empty());

        GgufWriter w(3);
        w.addString("general.architecture", "llama");
        w.addU32("llama.embedding_length", 64);
        w.addU32("llama.block_count", 1);
        w.addU32("llama.attention.head_count", 4);
        w.addU32("llama.vocab_size", 100);
        w.addTensor("blk.0.attn_norm.weight", {64}, kF32);
        const std::string bare = path("no-ffn.gguf");
        w.write(bare);
        const Checkpoint b = inspectCheckpoint(bare);
        QCOMPARE(b.guesses, std::vector<std::string>{"d_ff: no llama.feed_forward_length and no "
                                                     "ffn_gate or ffn_up tensor; 4 x d_model "
                                                     "assumed"});
        std::filesystem::remove(file);
        std::filesystem::remove(bare);
    }

    // Metadata strings reach the JSON whole: a 3,000-byte chat template with newlines.
    void longMetadataStringsWhole()
    {
        std::string tmpl;
        while (tmpl.size() < 3000) {
            tmpl += "{% for message in messages %}\n{{ message['content'] }}\n";
        }
        GgufWriter w = smallGguf("blk.0.attn_norm.weight", {64}, kF32);
        w.addString("tokenizer.chat_template", tmpl);
        const std::string file = path("template.gguf");
        w.write(file);
        const nlohmann::json j = checkpointToJson(inspectCheckpoint(file));
        QCOMPARE(j["metadata"]["tokenizer.chat_template"].get<std::string>(), tmpl);
        std::filesystem::remove(file);
    }

    void llama31Q8Exact()
    {
        const std::string file = path("llama-3.1-8b.Q8_0.gguf");
        llama31Q8().write(file);
        const Checkpoint c = inspectCheckpoint(file);
        // 8,030,261,248 parameters (index.json); rope_freqs is a buffer, not a parameter.
        QCOMPARE(quint64(c.total_params), quint64(8'030'261'248ull));
        QCOMPARE(c.buffers, std::vector<std::string>{"rope_freqs.weight"});
        QCOMPARE(quint64(c.buffer_bytes), quint64(256));
        // Q8_0 (34 bytes per 32): (8,030,261,248 − 266,240 norm values)·34/32 = 8,531,869,696,
        // plus 266,240·4 norm bytes = 8,532,934,656.
        QCOMPARE(quint64(c.total_bytes), quint64(8'532'934'656ull));
        // 8.5008 bpw: llama.cpp's tools/quantize/README.md lists Q8_0 at 8.5008 for
        // Llama-3.1-8B (tests/data/reference/formulas.md).
        QCOMPARE(std::round(*c.effective_bpw * 10000) / 10000, 8.5008);
        QCOMPARE(quint64(c.inferred->vocab_size), quint64(128256));
        QCOMPARE(quint64(c.inferred->n_kv_heads), quint64(8));
        QCOMPARE(quint64(c.estimate->total), quint64(8'030'261'248ull));
        std::filesystem::remove(file);
    }

    void mixtralFusedExperts()
    {
        const std::string file = path("mixtral.gguf");
        mixtralQ8().write(file);
        const Checkpoint c = inspectCheckpoint(file);
        // 46,702,792,704 (index.json): experts 32·8·3·4096·14336 = 45,097,156,608 and the
        // router 32·4096·8 = 1,048,576 as in the safetensors layout.
        QCOMPARE(quint64(c.total_params), quint64(46'702'792'704ull));
        QCOMPARE(quint64(c.component(Component::Mlp).part("routed_experts")),
                 quint64(45'097'156'608ull));
        QCOMPARE(quint64(c.component(Component::Router).params), quint64(1'048'576));
        // Bytes: F32 norms (65·4096) and routers (32·4096·8) = 1,314,816 values, 5,259,264
        // bytes; Q8_0 for the other 46,701,477,888 weights = 1,459,421,184 blocks of 34 bytes =
        // 49,620,320,256. Total 49,625,579,520.
        QCOMPARE(quint64(c.total_bytes), quint64(49'625'579'520ull));
        QCOMPARE(quint64(c.inferred->moe.n_routed_experts), quint64(8));
        QCOMPARE(quint64(c.inferred->moe.experts_per_token), quint64(2));
        for (const ComponentDiff& d : c.diff) {
            QCOMPARE(d.difference, std::int64_t(0));
        }
        std::filesystem::remove(file);
    }

    void gpt2Version2()
    {
        const std::string file = path("gpt2.gguf");
        gpt2V2().write(file);
        const Checkpoint c = inspectCheckpoint(file);
        QCOMPARE(c.gguf_version, 2u);
        // 124,439,808 (index.json, GPT-2 small), 4 bytes each.
        QCOMPARE(quint64(c.total_params), quint64(124'439'808ull));
        QCOMPARE(quint64(c.total_bytes), quint64(4 * 124'439'808ull));
        QCOMPARE(quint64(c.component(Component::PositionEmbedding).params), quint64(786'432));
        QCOMPARE(c.inferred->norm, NormKind::LayerNorm);
        QCOMPARE(c.inferred->position, PositionKind::Learned);
        QCOMPARE(c.inferred->mlp, MlpKind::Plain);
        QCOMPARE(c.inferred->tied_head, true);
        QCOMPARE(quint64(c.estimate->total), quint64(124'439'808ull));
        std::filesystem::remove(file);
    }

    void fromMemory()
    {
        const std::string h = smallGguf("a", {32, 2}, kF32).header();
        std::string bytes = h;
        bytes.resize((h.size() + 31) / 32 * 32 + 256, '\0');
        const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
        const GgufFile g = parseGgufHeader({data, bytes.size()}, "mem.gguf");
        QCOMPARE(g.tensors.size(), std::size_t(1));
        QCOMPARE(quint64(g.tensors[0].bytes), quint64(256));
        QCOMPARE(quint64(g.data_start), quint64((h.size() + 31) / 32 * 32));
        QCOMPARE(*g.stringValue("general.architecture"), std::string("llama"));
    }

    // Metadata arrays do not amplify: 200 keys of 65,536 u8 each (12.5 MiB on disk) once kept
    // 13,107,200 integers (100 MiB); now at most 2^20 integers (8 MiB) are kept in all, and
    // tokenizer arrays never, while the per-layer arrays the reader needs are still kept.
    void metadataArraysAreCapped()
    {
        GgufWriter w;
        w.addString("general.architecture", "llama");
        w.addU32Array("llama.feed_forward_length", std::vector<std::uint32_t>(32, 14336));
        std::string u8Array =
            GgufWriter::u32(0) + GgufWriter::u64(65536) + std::string(65536, '\1');
        for (int i = 0; i < 200; ++i) {
            w.addRawKeyValue("x.blob" + std::to_string(i), 9 /* array */, u8Array);
        }
        w.addU32Array("tokenizer.ggml.token_type", std::vector<std::uint32_t>(1000, 1));
        w.addTensor("token_embd.weight", {8, 4}, kF32);
        const std::string file = path("arrays.gguf");
        w.write(file);
        const GgufFile g = readGgufHeader(file);
        std::uint64_t kept = 0;
        for (const GgufKeyValue& kv : g.metadata) {
            kept += kv.value.array_ints.size();
        }
        QVERIFY2(kept <= (1u << 20), qPrintable(QString::number(kept)));
        QCOMPARE(g.find("llama.feed_forward_length")->array_ints.size(), std::size_t(32));
        QCOMPARE(g.find("tokenizer.ggml.token_type")->array_ints.size(), std::size_t(0));
        QCOMPARE(g.find("tokenizer.ggml.token_type")->array_count, std::uint64_t(1000));
        QCOMPARE(g.find("x.blob199")->array_count, std::uint64_t(65536));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestGguf)
#include "tst_gguf.moc"
