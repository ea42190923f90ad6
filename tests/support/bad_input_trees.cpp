// Bad checkpoints of several files, as they arrive in a directory: a config.json beside quantized
// tensors, an index and its shards, GGUF splits, a LoRA adapter, and links among them. Each row
// writes its files with the test writers (support/safetensors_writer.h, gguf_writer.h), then the
// CLI inspects the directory (tst_bad_inputs) and the app opens it (tst_ui_bad_inputs). Every
// message is written from the rule the reader enforces.
#include "bad_input_rows.h"
#include "support/gguf_writer.h"
#include "support/safetensors_writer.h"

#include <QDir>
#include <QFile>
#include <QtTest>
#include <filesystem>
#include <string>

namespace testsupport {

namespace {

namespace fs = std::filesystem;

void row(const char* name, const TreeMaker& make, const char* open, const QString& text)
{
    QTest::newRow(name) << make << QString::fromLatin1(open) << text;
}

QString msg(const char* text)
{
    return QString::fromUtf8(text);
}

void mkdirs(const std::string& dir)
{
    fs::create_directories(dir);
}

void link(const std::string& target, const std::string& path)
{
    fs::create_symlink(target, path);
}

std::string lfsPointer(const char* size)
{
    return std::string("version https://git-lfs.github.com/spec/v1\noid sha256:") +
           std::string(64, 'a') + "\nsize " + size + "\n";
}

// An MLX layer whose U32 words, scales and biases agree with 4-bit values in groups of 8.
std::vector<StTensor> mlxLayer()
{
    return {{"m.weight", "U32", {4, 8}}, {"m.scales", "F16", {4, 8}}, {"m.biases", "F16", {4, 8}}};
}

// A checkpoint "ckpt" of one model.safetensors and, when given, a config.json.
TreeMaker quantized(std::vector<StTensor> tensors, std::string config)
{
    return [tensors = std::move(tensors), config = std::move(config)](const std::string& dir) {
        mkdirs(dir + "/ckpt");
        writeSafetensors(dir + "/ckpt/model.safetensors", tensors);
        if (!config.empty()) {
            writeBytes(dir + "/ckpt/config.json", config);
        }
    };
}

// `n` tensors of one F32 value each, named PREFIX.N.
std::vector<StTensor> many(const std::string& prefix, int n)
{
    std::vector<StTensor> out;
    out.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        out.push_back({prefix + "." + std::to_string(i), "F32", {1}});
    }
    return out;
}

std::string u16(std::uint32_t v)
{
    return GgufWriter::u32(v).substr(0, 2);
}

// A split of a GGUF set written by hand: split.no, split.count and, when given,
// split.tensors.count (i32), with `tensors` F32 tensors named PREFIX.N.
void writeSplit(const std::string& path, std::uint32_t no, std::uint32_t count,
                std::optional<std::uint32_t> declared, int tensors, const std::string& prefix)
{
    GgufWriter w;
    if (no == 0) {
        w.addString("general.architecture", "llama");
    }
    w.addRawKeyValue("split.no", 2, u16(no));
    w.addRawKeyValue("split.count", 2, u16(count));
    if (declared) {
        w.addRawKeyValue("split.tensors.count", 5, GgufWriter::u32(*declared));
    }
    for (int i = 0; i < tensors; ++i) {
        w.addTensor(prefix + "." + std::to_string(i), {1}, kF32);
    }
    w.write(path);
}

void quantizationRows()
{
    // SIGFPE: the group arithmetic of zero-element tensors (any dimension is allowed when another
    // is 0) wrapped to 0 and divided by it; the same file with a config of group size 0, -1 or
    // 2^32.
    const std::vector<StTensor> zero = {{"m.weight", "U32", {0, 8}},
                                        {"m.scales", "F16", {0, 1ull << 58}},
                                        {"m.biases", "F16", {0, 1ull << 58}}};
    row("MLX: zero-element tensors, no config (SIGFPE)", quantized(zero, ""), "ckpt",
        msg("ckpt/model.safetensors: tensor 'm.weight': U32 [0, 8] with scales [0, "
            "288230376151711744] is not an MLX packing in groups of 64"));
    const std::vector<StTensor> wide = {{"m.weight", "U32", {0, 8}},
                                        {"m.scales", "F16", {0, 1ull << 32}},
                                        {"m.biases", "F16", {0, 1ull << 32}}};
    for (const char* group : {"0", "-1", "4294967296"}) {
        const std::string config =
            std::string(R"({"quantization": {"group_size": )") + group + "}}";
        QTest::newRow(qPrintable(
            QStringLiteral("MLX: group_size %1 (SIGFPE)").arg(QString::fromLatin1(group))))
            << quantized(wide, config) << QStringLiteral("ckpt")
            << QStringLiteral("ckpt/config.json: quantization.group_size: must be from 1 to "
                              "16,777,216 (got %1)")
                   .arg(QString::fromLatin1(group));
    }
    row("MLX: 1,000-bit values", quantized(mlxLayer(), R"({"quantization": {"bits": 1000}})"),
        "ckpt",
        msg("ckpt/config.json: quantization.bits: must be from 2 to 8 bits (got 1000; no "
            "quantized checkpoint stores other widths)"));
    const std::vector<StTensor> gptq = {
        {"a.qweight", "I32", {16, 16}}, {"a.qzeros", "I32", {1, 2}}, {"a.scales", "F16", {1, 16}}};
    row("GPTQ: 64-bit values in config.json",
        quantized(
            gptq,
            R"({"quantization_config": {"quant_method": "gptq", "bits": 64, "group_size": 128}})"),
        "ckpt",
        msg("ckpt/config.json: quantization_config.bits: must be from 2 to 8 bits (got 64; no "
            "quantized checkpoint stores other widths)"));
    row("AWQ: 1,000-bit values in config.json",
        quantized(gptq, R"({"quantization_config": {"quant_method": "awq", "bits": 1000}})"),
        "ckpt",
        msg("ckpt/config.json: quantization_config.bits: must be from 2 to 8 bits (got 1000; no "
            "quantized checkpoint stores other widths)"));
    row("compressed-tensors: 64-bit values in config.json",
        quantized({{"a.weight_packed", "I32", {16, 8}}},
                  R"({"quantization_config": {"quant_method": "compressed-tensors",
                      "config_groups": {"group_0": {"weights": {"num_bits": 64}}}}})"),
        "ckpt",
        msg("ckpt/config.json: quantization_config.config_groups.group_0.weights.num_bits: must "
            "be from 2 to 8 bits (got 64; no quantized checkpoint stores other widths)"));
    // qzeros [1, 32] for 16 outputs: 32 words of 32 bits hold 16 values of 64 bits.
    row("GPTQ: 64-bit values from the shapes",
        quantized({{"a.qweight", "I32", {16, 16}},
                   {"a.qzeros", "I32", {1, 32}},
                   {"a.scales", "F16", {1, 16}}},
                  ""),
        "ckpt",
        msg("ckpt/model.safetensors: tensor 'a.qweight': GPTQ qweight [16, 16] with scales [1, "
            "16] would hold 64-bit values; GPTQ and AWQ pack 2 to 8 bits"));
    row("GPTQ: scales of no group (both are 2-D)",
        quantized({{"a.qweight", "I32", {8, 64}}, {"a.scales", "F16", {0, 64}}}, ""), "ckpt",
        msg("ckpt/model.safetensors: tensor 'a.qweight': scales [0, 64] hold no group (one row of "
            "scales per group of inputs)"));
    // [0, 2^60] blocks of 32 values: 2^65 values in each row, past 64 bits.
    row("MXFP4: an overflow names the file and the tensor",
        quantized({{"e.gate_up_proj_blocks", "U8", {0, 1ull << 60, 16}},
                   {"e.gate_up_proj_scales", "U8", {0, 1ull << 60}}},
                  ""),
        "ckpt",
        msg("ckpt/model.safetensors: tensor 'e.gate_up_proj_blocks': quantized element count "
            "exceeds the 64-bit range (18,446,744,073,709,551,615)"));
}

void linkAndBudgetRows()
{
    row(
        "index: a shard that is a symlink loop",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeBytes(dir + "/ckpt/model.safetensors.index.json",
                       R"({"weight_map": {"a": "model-00001-of-00002.safetensors",
                                          "b": "model-00002-of-00002.safetensors"}})");
            writeSafetensors(dir + "/ckpt/model-00001-of-00002.safetensors", {{"a", "F32", {2}}});
            link("model-00002-of-00002.safetensors",
                 dir + "/ckpt/model-00002-of-00002.safetensors");
        },
        "ckpt",
        msg("ckpt/model-00002-of-00002.safetensors: cannot be opened (Too many levels of "
            "symbolic links)"));
    row(
        "GGUF: a split that is a symlink loop",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeSplit(dir + "/ckpt/m-00001-of-00002.gguf", 0, 2, 2, 1, "a");
            link("m-00002-of-00002.gguf", dir + "/ckpt/m-00002-of-00002.gguf");
        },
        "ckpt/m-00001-of-00002.gguf",
        msg("ckpt/m-00002-of-00002.gguf: cannot be opened (Too many levels of symbolic links)"));
    row(
        "GGUF: split.tensors.count beyond a checkpoint",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeSplit(dir + "/ckpt/m-00001-of-00002.gguf", 0, 2, 2'147'483'646, 1, "a");
        },
        "ckpt/m-00001-of-00002.gguf",
        msg("ckpt/m-00001-of-00002.gguf: split.tensors.count: is 2,147,483,646; a checkpoint "
            "holds at most 131,072 tensors"));
    row(
        "GGUF: 5,000 splits",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeSplit(dir + "/ckpt/m-00001-of-05000.gguf", 0, 5000, std::nullopt, 1, "a");
        },
        "ckpt/m-00001-of-05000.gguf",
        msg("ckpt/m-00001-of-05000.gguf: split.count: is 5,000 splits; a checkpoint is read from "
            "at most 4,096 files"));
    row(
        "index: 5,000 shards",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            std::string index = R"({"weight_map": {)";
            for (int i = 0; i < 5000; ++i) {
                index += (i == 0 ? "" : ", ") + std::string("\"t") + std::to_string(i) + "\": \"s" +
                         std::to_string(i) + ".safetensors\"";
            }
            writeBytes(dir + "/ckpt/model.safetensors.index.json", index + "}}");
        },
        "ckpt",
        msg("ckpt/model.safetensors.index.json: weight_map: names 5,000 shard files; a "
            "checkpoint is read from at most 4,096 files"));
    // The tensor limit is the whole checkpoint's: 20 shards of 131,072 tensors took 49 s and
    // 1.5 GB, each file within its own limit.
    row(
        "two shards of 70,000 tensors (one budget for the checkpoint)",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeSafetensors(dir + "/ckpt/model-00001-of-00002.safetensors", many("a", 70'000));
            writeSafetensors(dir + "/ckpt/model-00002-of-00002.safetensors", many("b", 70'000));
        },
        "ckpt",
        msg("ckpt/model-00002-of-00002.safetensors: the header lists more than the 61,072 "
            "tensors left of the checkpoint's limit of 131,072 (the files read before it hold "
            "70,000)"));
    row(
        "two GGUF splits of 70,000 tensors (one budget for the checkpoint)",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeSplit(dir + "/ckpt/m-00001-of-00002.gguf", 0, 2, std::nullopt, 70'000, "a");
            writeSplit(dir + "/ckpt/m-00002-of-00002.gguf", 1, 2, std::nullopt, 70'000, "b");
        },
        "ckpt/m-00001-of-00002.gguf",
        msg("ckpt/m-00002-of-00002.gguf: tensor_count: 70,000 exceeds the 61,072 tensors left of "
            "the checkpoint's limit of 131,072 (the files read before it hold 70,000)"));
}

} // namespace

void addCheckpointTreeRows()
{
    QTest::addColumn<TreeMaker>("make");
    QTest::addColumn<QString>("open");
    QTest::addColumn<QString>("message");
    quantizationRows();
    linkAndBudgetRows();
}

void addCheckpointNoteRows()
{
    QTest::addColumn<TreeMaker>("make");
    QTest::addColumn<QString>("open");
    QTest::addColumn<QString>("note");
    row(
        "LoRA: ranks 8 and 16 with r 8",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeBytes(dir + "/ckpt/adapter_config.json", R"({"r": 8})");
            const std::string p = "base_model.model.model.layers.0.self_attn.";
            writeSafetensors(dir + "/ckpt/adapter_model.safetensors",
                             {{p + "q_proj.lora_A.weight", "F32", {8, 16}},
                              {p + "q_proj.lora_B.weight", "F32", {16, 8}},
                              {p + "v_proj.lora_A.weight", "F32", {16, 16}},
                              {p + "v_proj.lora_B.weight", "F32", {16, 16}}});
        },
        "ckpt", msg("ckpt/adapter_config.json: r: is 8, but the tensors have ranks 8 and 16"));
    row(
        "a config.json that is a symlink loop",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeSafetensors(dir + "/ckpt/model.safetensors", {{"a", "F32", {2}}});
            link("config.json", dir + "/ckpt/config.json");
        },
        "ckpt",
        msg("no estimate: ckpt/config.json: cannot be opened (Too many levels of symbolic "
            "links)"));
    row(
        "a config.json that is a Git LFS pointer",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeSafetensors(dir + "/ckpt/model.safetensors", {{"a", "F32", {2}}});
            writeBytes(dir + "/ckpt/config.json", lfsPointer("1234"));
        },
        "ckpt",
        msg("no estimate: ckpt/config.json: a Git LFS pointer to a 1,234-byte file, not the file "
            "itself: run `git lfs pull`"));
    row(
        "a shard that is a Git LFS pointer to 2^64 - 1 bytes",
        [](const std::string& dir) {
            mkdirs(dir + "/ckpt");
            writeBytes(dir + "/ckpt/model.safetensors.index.json",
                       R"({"weight_map": {"a": "model-00001-of-00002.safetensors",
                                          "b": "model-00002-of-00002.safetensors"}})");
            writeSafetensors(dir + "/ckpt/model-00001-of-00002.safetensors", {{"a", "F32", {2}}});
            writeBytes(dir + "/ckpt/model-00002-of-00002.safetensors",
                       lfsPointer("18446744073709551615"));
        },
        "ckpt",
        msg("ckpt/model-00002-of-00002.safetensors: a Git LFS pointer (to a file it says is "
            "larger than 10 TB), not the file itself: run `git lfs pull`"));
}

bool makeTree(const QString& dir, const TreeMaker& make)
{
    try {
        make(QFile::encodeName(dir).toStdString());
        return true;
    } catch (const std::exception& e) {
        qWarning("%s", e.what());
        return false;
    }
}

} // namespace testsupport
