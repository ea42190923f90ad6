// Quantized safetensors: full-size sparse checkpoints in each writer's layout (support/
// quant_tensors.h), checked against published parameter counts, hand-calculated bytes and bits
// per weight, and the estimate from the model's config.json.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/error.h"
#include "support/model_tensors.h"
#include "support/quant_tensors.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace llmsizer;
using namespace testsupport;
using nlohmann::json;

Q_DECLARE_METATYPE(std::vector<testsupport::StTensor>)

namespace fs = std::filesystem;

namespace {

const fs::path kReference = LLMSIZER_TEST_REFERENCE_DIR;

json referenceConfig(const char* dir)
{
    std::ifstream in(kReference / "hf-configs" / dir / "config.json");
    return json::parse(in);
}

// Qwen3-14B's published config.json (Qwen/Qwen3-14B): the Qwen3-8B file with its sizes.
json qwen3_14bConfig()
{
    json j = referenceConfig("qwen3-8b");
    j["hidden_size"] = 5120;
    j["intermediate_size"] = 17408;
    j["num_hidden_layers"] = 40;
    j["num_attention_heads"] = 40;
    return j;
}

LlamaShape qwen3_14b()
{
    LlamaShape s = qwen3_8b();
    s.d = 5120;
    s.layers = 40;
    s.q_out = 5120;
    s.ff = 17408;
    return s;
}

json with(json j, const char* key, json value)
{
    j[key] = std::move(value);
    return j;
}

const CheckpointTensor* tensor(const Checkpoint& c, const std::string& name)
{
    for (const CheckpointTensor& t : c.tensors) {
        if (t.name == name) {
            return &t;
        }
    }
    return nullptr;
}

} // namespace

class TestSafetensorsQuant : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    int m_case = 0;

    // A directory holding model.safetensors and (unless null) config.json.
    fs::path checkpointDir(const std::vector<StTensor>& tensors, const json& config)
    {
        const fs::path dir = fs::path(m_dir.path().toStdString()) / std::to_string(++m_case);
        fs::create_directories(dir);
        writeSafetensors((dir / "model.safetensors").string(), tensors);
        if (!config.is_null()) {
            std::ofstream(dir / "config.json") << config.dump(2);
        }
        return dir;
    }

private slots:
    void layouts_data()
    {
        QTest::addColumn<std::vector<StTensor>>("tensors");
        QTest::addColumn<QString>("config"); // config.json text, empty for none
        QTest::addColumn<quint64>("params");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<quint64>("metadataBytes");
        QTest::addColumn<QString>("name"); // one tensor checked in detail
        QTest::addColumn<QString>("label");
        QTest::addColumn<quint64>("tensorParams");
        QTest::addColumn<double>("tensorBpw");
        QTest::addColumn<bool>("estimated"); // the estimate exists and agrees in every component

        const json q14 = qwen3_14bConfig();
        const json mlx4 = {{"group_size", 64}, {"bits", 4}};
        // Qwen3-14B (published 14,768,307,200). Quantized: every 2-D weight, 14,767,882,240
        // values; norms 40·(2·5120 + 2·128) + 5120 = 424,960 stay BF16. 4-bit, group 64, BF16
        // scales and biases: 14,767,882,240·(4/8 + 2·2/64) + 2·424,960 = 8,307,783,680 bytes,
        // the total_size of mlx-community/Qwen3-14B-4bit's index. q_proj: 5120·5120 =
        // 26,214,400 values at 4 + 2·16/64 = 4.5 bits.
        const auto mlx14 = mlxQuantized(llamaTensors(qwen3_14b()), 4, 64);
        QTest::newRow("MLX 4-bit Qwen3-14B, config quantization")
            << mlx14
            << QString::fromStdString(
                   with(with(q14, "quantization", mlx4), "quantization_config", mlx4).dump())
            << quint64(14'768'307'200ull) << quint64(8'307'783'680ull)
            << quint64(14'767'882'240ull / 64 * 4) << "model.layers.0.self_attn.q_proj.weight"
            << "MLX Q4 g64" << quint64(26'214'400) << 4.5 << true;
        QTest::newRow("MLX 4-bit Qwen3-14B, no quantization in config (group 64 assumed)")
            << mlx14 << QString::fromStdString(q14.dump()) << quint64(14'768'307'200ull)
            << quint64(8'307'783'680ull) << quint64(14'767'882'240ull / 64 * 4) << "lm_head.weight"
            << "MLX Q4 g64" << quint64(151'936ull * 5120) << 4.5 << true;
        // 8-bit, group 32: 14,767,882,240·(1 + 2·2/32) + 849,920 = 16,614,717,440 bytes;
        // 8 + 32/32 = 9 bits per weight.
        const json mlx8 = {{"group_size", 32}, {"bits", 8}};
        QTest::newRow("MLX 8-bit group 32 Qwen3-14B")
            << mlxQuantized(llamaTensors(qwen3_14b()), 8, 32)
            << QString::fromStdString(with(q14, "quantization", mlx8).dump())
            << quint64(14'768'307'200ull) << quint64(16'614'717'440ull)
            << quint64(14'767'882'240ull / 32 * 4) << "model.embed_tokens.weight"
            << "MLX Q8 g32" << quint64(151'936ull * 5120) << 9.0 << true;

        // Llama-3-8B (published 8,030,261,248; same shapes as the Llama-3.1-8B reference config).
        // Decoder linears: N = 32·(2·4096² + 2·1024·4096 + 3·4096·14336) = 6,979,321,856 values,
        // inputs Σin = 32·(6·4096 + 14336) = 1,245,184. Embed, head and norms F16:
        // 2·(2·525,336,576 + 266,240) = 2,101,878,784 bytes.
        // GPTQ 4-bit g128: N/2 + scales N/128·2 + qzeros N/128/8·4 + g_idx 4·Σin
        // = 3,489,660,928 + 109,051,904 + 27,262,976 + 4,980,736 → 5,732,835,328 bytes.
        // q_proj: (8,388,608 + 262,144 + 65,536 + 16,384)·8 / 16,777,216 = 4.1640625 bits.
        const json llama = referenceConfig("llama-3.1-8b");
        const auto gptq = gptqQuantized(llamaTensors(llama31_8b()), 4, 128);
        const json gptqCfg = {{"quant_method", "gptq"}, {"bits", 4}, {"group_size", 128}};
        QTest::newRow("GPTQ 4-bit g128 Llama-3-8B, quantization_config")
            << gptq << QString::fromStdString(with(llama, "quantization_config", gptqCfg).dump())
            << quint64(8'030'261'248ull) << quint64(5'732'835'328ull) << quint64(141'295'616ull)
            << "model.layers.0.self_attn.q_proj.qweight"
            << "GPTQ Q4 g128" << quint64(16'777'216) << 4.1640625 << true;
        QTest::newRow("GPTQ 4-bit g128 Llama-3-8B, bits from qzeros")
            << gptq << QString::fromStdString(llama.dump()) << quint64(8'030'261'248ull)
            << quint64(5'732'835'328ull) << quint64(141'295'616ull)
            << "model.layers.31.mlp.down_proj.qweight"
            << "GPTQ Q4 g128" << quint64(4096ull * 14336) << 4.1640625 << true;
        // AWQ GEMM 4-bit g128: no g_idx: 5,732,835,328 − 4,980,736 = 5,727,854,592 bytes;
        // q_proj (8,388,608 + 262,144 + 65,536)·8 / 16,777,216 = 4.15625 bits.
        const auto awq = awqQuantized(llamaTensors(llama31_8b()), 4, 128);
        const json awqCfg = {
            {"quant_method", "awq"}, {"bits", 4}, {"group_size", 128}, {"version", "gemm"}};
        QTest::newRow("AWQ 4-bit g128 Llama-3-8B, quantization_config")
            << awq << QString::fromStdString(with(llama, "quantization_config", awqCfg).dump())
            << quint64(8'030'261'248ull) << quint64(5'727'854'592ull) << quint64(136'314'880ull)
            << "model.layers.0.self_attn.q_proj.qweight"
            << "AWQ Q4 g128" << quint64(16'777'216) << 4.15625 << true;
        QTest::newRow("AWQ 4-bit g128 Llama-3-8B, recognised by shapes")
            << awq << QString() << quint64(8'030'261'248ull) << quint64(5'727'854'592ull)
            << quint64(136'314'880ull) << "model.layers.0.self_attn.k_proj.qweight"
            << "AWQ Q4 g128" << quint64(4'194'304) << 4.15625 << false;
        // bitsandbytes NF4 with double quantization, blocksize 64: N/2 packed, absmax U8 N/64,
        // nested_absmax F32 N/64/256·4, per weight nested_quant_map 1,024 + quant_map 64 bytes
        // and the quant_state JSON (35,936 bytes in all 224 weights):
        // 3,489,660,928 + 109,051,904 + 1,703,936 + 224·1,088 + 35,936 + 2,101,878,784
        // = 5,702,575,200 bytes. q_proj: 8,388,608 + 262,144 + 4,096 + 1,088 + 160 = 8,656,096
        // bytes for 16,777,216 values = 4.1275482177734375 bits.
        QTest::newRow("bitsandbytes NF4 double-quant Llama-3-8B")
            << bnbNf4Quantized(llamaTensors(llama31_8b()))
            << QString::fromStdString(with(llama, "quantization_config",
                                           {{"quant_method", "bitsandbytes"},
                                            {"load_in_4bit", true},
                                            {"bnb_4bit_quant_type", "nf4"},
                                            {"bnb_4bit_use_double_quant", true}})
                                          .dump())
            << quint64(8'030'261'248ull) << quint64(5'702'575'200ull) << quint64(111'035'488ull)
            << "model.layers.0.self_attn.q_proj.weight"
            << "bnb NF4 DQ" << quint64(16'777'216) << 4.1275482177734375 << true;
        // Qwen3-8B-FP8 (published 8,190,735,360): decoder linears F8_E4M3, one F32 scale per
        // 128×128 block. Linears 36·(2·4096² + 2·1024·4096 + 3·4096·12288) = 6,945,767,424
        // bytes; scales 36·4·(32·32 + 2·8·32 + 32·32 + 2·96·32 + 32·96) = 1,695,744 bytes;
        // embed, head, norms BF16: 2·(2·151,936·4096 + 36·(2·4096 + 2·128) + 4096) =
        // 2,489,935,872. Total 9,437,399,040. k_proj: 8·32 scales: (4,194,304 + 1,024)·8 /
        // 4,194,304 = 8.001953125 bits.
        QTest::newRow("FP8 128x128 block scales Qwen3-8B")
            << fp8BlockQuantized(llamaTensors(qwen3_8b()))
            << QString::fromStdString(with(referenceConfig("qwen3-8b"), "quantization_config",
                                           {{"quant_method", "fp8"},
                                            {"fmt", "e4m3"},
                                            {"activation_scheme", "dynamic"},
                                            {"weight_block_size", {128, 128}}})
                                          .dump())
            << quint64(8'190'735'360ull) << quint64(9'437'399'040ull) << quint64(1'695'744)
            << "model.layers.0.self_attn.k_proj.weight"
            << "F8_E4M3 b128x128" << quint64(4'194'304) << 8.001953125 << true;
        // gpt-oss-20b (published 20,914,757,184): experts 24·32·(5760·2880 + 2880·2880) =
        // 19,110,297,600 FP4 values in 16-byte blocks of 32 (9,555,148,800 bytes) with one
        // scale byte each (597,196,800); the other 1,804,459,584 parameters BF16
        // (3,608,919,168 bytes). Total 13,761,264,768 bytes, the index's total_size.
        // gate_up: 32·5760·2880 = 530,841,600 values at 4 + 8/32 = 4.25 bits.
        QTest::newRow("MXFP4 gpt-oss-20b")
            << gptOss20bTensors() << QString() << quint64(20'914'757'184ull)
            << quint64(13'761'264'768ull) << quint64(597'196'800ull)
            << "model.layers.0.mlp.experts.gate_up_proj_blocks"
            << "MXFP4" << quint64(530'841'600ull) << 4.25 << false;
    }

    void layouts()
    {
        QFETCH(std::vector<StTensor>, tensors);
        QFETCH(QString, config);
        QFETCH(quint64, params);
        QFETCH(quint64, bytes);
        QFETCH(quint64, metadataBytes);
        QFETCH(QString, name);
        QFETCH(QString, label);
        QFETCH(quint64, tensorParams);
        QFETCH(double, tensorBpw);
        QFETCH(bool, estimated);

        const fs::path dir =
            checkpointDir(tensors, config.isEmpty() ? json() : json::parse(config.toStdString()));
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.total_params, params);
        QCOMPARE(c.total_bytes, bytes);
        QCOMPARE(c.quant_metadata_bytes, metadataBytes);
        QVERIFY(!c.quantization.empty());
        QVERIFY(c.effective_bpw.has_value());
        QCOMPARE(*c.effective_bpw, 8.0 * double(bytes) / double(params));
        const CheckpointTensor* t = tensor(c, name.toStdString());
        QVERIFY(t != nullptr);
        QCOMPARE(QString::fromStdString(t->quant), label);
        QCOMPARE(t->params, tensorParams);
        QCOMPARE(8.0 * double(t->bytes + t->quant_bytes) / double(t->params), tensorBpw);
        QCOMPARE(t->role.kind, TensorKind::Parameter);
        const json j = checkpointToJson(c);
        QCOMPARE(j["quantization"]["metadata_bytes"].get<quint64>(), metadataBytes);
        if (estimated) {
            QVERIFY2(c.estimate.has_value(), c.estimate_note.c_str());
            QCOMPARE(c.estimate->total, params);
            for (const ComponentDiff& d : c.diff) {
                QVERIFY2(d.difference == 0, d.key.c_str());
            }
            QVERIFY(c.unmapped.empty());
        }
    }

    // DeepSeek-V3's kv_a_proj_with_mqa is 576 × 7168: its scales cover ⌈576/128⌉ = 5 by
    // 7168/128 = 56 blocks, the last row of blocks only half full.
    void fp8PartialBlocks()
    {
        const std::string p = "model.layers.0.self_attn.kv_a_proj_with_mqa.";
        const fs::path dir = checkpointDir(
            {{p + "weight", "F8_E4M3", {576, 7168}}, {p + "weight_scale_inv", "F32", {5, 56}}},
            json());
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.total_params, quint64(576 * 7168));
        QCOMPARE(c.total_bytes, quint64(576 * 7168 + 5 * 56 * 4));
        QCOMPARE(c.tensors[1].role.kind, TensorKind::QuantMetadata);
        QCOMPARE(c.tensors[0].quant, std::string("F8_E4M3 b128x128"));
    }

    // Single-tensor layouts, by hand. A 4096 × 4096 projection holds 16,777,216 values.
    void singleLayouts_data()
    {
        QTest::addColumn<std::vector<StTensor>>("tensors");
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("label");
        QTest::addColumn<quint64>("bytes"); // all tensors
        const std::string w = "model.layers.0.self_attn.q_proj.";
        // compressed-tensors pack-quantized W4A16, group 128: weight_packed I32 [4096, 512]
        // (8,388,608 bytes), weight_scale BF16 [4096, 32] (262,144), weight_shape I64 [2] (16).
        QTest::newRow("compressed-tensors INT4 g128")
            << std::vector<StTensor>{{w + "weight_packed", "I32", {4096, 512}},
                                     {w + "weight_scale", "BF16", {4096, 32}},
                                     {w + "weight_shape", "I64", {2}}}
            << QStringLiteral(R"({"quantization_config": {"quant_method": "compressed-tensors",
                 "format": "pack-quantized", "config_groups": {"group_0": {"weights":
                 {"num_bits": 4, "group_size": 128, "type": "int"}}}}})")
            << "CT INT4 g128" << quint64(8'388'608 + 262'144 + 16);
        // NVFP4 (compressed-tensors nvfp4-pack-quantized): U8 [4096, 2048] two values a byte,
        // F8_E4M3 scales per 16 [4096, 256] (1,048,576), two F32 global scales (8).
        QTest::newRow("NVFP4 g16")
            << std::vector<StTensor>{{w + "weight_packed", "U8", {4096, 2048}},
                                     {w + "weight_scale", "F8_E4M3", {4096, 256}},
                                     {w + "weight_global_scale", "F32", {1}},
                                     {w + "input_global_scale", "F32", {1}}}
            << QString() << "NVFP4 g16" << quint64(8'388'608 + 1'048'576 + 8);
        // bitsandbytes LLM.int8: I8 weight (16,777,216 bytes), SCB F32 [4096] (16,384).
        QTest::newRow("bitsandbytes INT8")
            << std::vector<StTensor>{{w + "weight", "I8", {4096, 4096}}, {w + "SCB", "F32", {4096}}}
            << QString() << "bnb INT8" << quint64(16'777'216 + 16'384);
        // FP8 with a per-tensor scale (compressed-tensors float-quantized, ModelOpt).
        QTest::newRow("FP8 per-tensor scale")
            << std::vector<StTensor>{{w + "weight", "F8_E4M3", {4096, 4096}},
                                     {w + "weight_scale", "F32", {1}},
                                     {w + "input_scale", "F32", {1}}}
            << QString() << "F8_E4M3 scaled" << quint64(16'777'216 + 8);
    }
    void singleLayouts()
    {
        QFETCH(std::vector<StTensor>, tensors);
        QFETCH(QString, config);
        QFETCH(QString, label);
        QFETCH(quint64, bytes);
        const Checkpoint c = inspectCheckpoint(
            checkpointDir(tensors, config.isEmpty() ? json() : json::parse(config.toStdString())));
        QCOMPARE(c.total_params, quint64(16'777'216));
        QCOMPARE(c.total_bytes, bytes);
        QCOMPARE(QString::fromStdString(c.tensors.front().quant), label);
        QCOMPARE(c.tensors.front().role.kind, TensorKind::Parameter);
        QCOMPARE(c.tensors.front().role.component, Component::Attention);
        for (std::size_t i = 1; i < c.tensors.size(); ++i) {
            QCOMPARE(c.tensors[i].role.kind, TensorKind::QuantMetadata);
        }
        QVERIFY(c.unmapped.empty());
    }

    // Without config.json, MLX's group size is taken as mlx-lm's default 64 and said so once.
    void mlxAssumedGroupIsNoted()
    {
        const fs::path dir = checkpointDir({{"a.weight", "U32", {64, 32}},
                                            {"a.scales", "BF16", {64, 4}},
                                            {"a.biases", "BF16", {64, 4}},
                                            {"b.weight", "U32", {64, 32}},
                                            {"b.scales", "BF16", {64, 4}},
                                            {"b.biases", "BF16", {64, 4}}},
                                           json());
        const Checkpoint c = inspectCheckpoint(dir);
        QCOMPARE(c.total_params, quint64(2 * 64 * 256)); // 32 words · 32 / 4 bits = 256
        QCOMPARE(c.notes, std::vector<std::string>{
                              "MLX group size not given in config.json: read as 64 (mlx-lm's "
                              "default) for 2 weights"});
    }

    void layoutErrors_data()
    {
        QTest::addColumn<std::vector<StTensor>>("tensors");
        QTest::addColumn<QString>("message");
        QTest::newRow("FP8 scales of the wrong block count")
            << std::vector<StTensor>{{"a.weight", "F8_E4M3", {576, 7168}},
                                     {"a.weight_scale_inv", "F32", {4, 56}}}
            << "tensor 'a.weight': weight_scale_inv [4, 56] is not one "
               "scale per 128x128 block of [576, 7168]";
        QTest::newRow("MLX scales that do not match the packed rows")
            << std::vector<StTensor>{{"a.weight", "U32", {64, 64}},
                                     {"a.scales", "BF16", {32, 8}},
                                     {"a.biases", "BF16", {32, 8}}}
            << "tensor 'a.weight': MLX-packed U32 [64, 64] does not match "
               "its scales [32, 8]";
        QTest::newRow("GPTQ qweight without scales")
            << std::vector<StTensor>{{"a.qweight", "I32", {16, 64}}}
            << "tensor 'a.qweight': qweight without its scales tensor "
               "a.scales";
    }

    void layoutErrors()
    {
        QFETCH(std::vector<StTensor>, tensors);
        QFETCH(QString, message);
        const fs::path dir = checkpointDir(tensors, json());
        try {
            inspectCheckpoint(dir);
            QFAIL("no error");
        } catch (const InputError& e) {
            // The shard is named with the directory the checkpoint was opened from.
            QCOMPARE(QString::fromStdString(e.what()),
                     QString::fromStdString((dir / "model.safetensors").string()) +
                         QStringLiteral(": ") + message);
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSafetensorsQuant)
#include "tst_safetensors_quant.moc"
