// Checkpoints as people download them: LoRA adapters, "__metadata__": null, Git LFS pointers
// instead of files, partial downloads. Files are built here with the layouts their writers use.
#include "llmsizer/checkpoint.h"
#include "llmsizer/error.h"
#include "support/safetensors_writer.h"

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
};

QTEST_GUILESS_MAIN(TestCheckpointFiles)
#include "tst_checkpoint_files.moc"
