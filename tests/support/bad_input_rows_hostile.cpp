// Bad-input rows found by attacking every input as a careless or hostile user would: file system
// errors that must not read as "no such file", duplicate keys, NUL bytes, text that would drive
// the terminal. Each message is written from the rule it pins.
#include "bad_input_rows.h"

#include <QtTest>

namespace testsupport {

namespace {

void row(const char* name, const char* command, const QByteArray& file, const QByteArray& content,
         const QString& message, Make make = Make::File, qint64 size = 0)
{
    QTest::newRow(name) << QString::fromLatin1(command) << QString::fromUtf8(file)
                        << static_cast<int>(make) << content << size << message;
}

QString msg(const QByteArray& text)
{
    return QString::fromUtf8(text);
}

void fileSystemRows()
{
    const char* count = "count --config";
    const char* gpus = "gpus --user-gpus";
    row("symlink loop", count, "loop.json", "",
        msg("loop.json: cannot be opened (Too many levels of symbolic links)"), Make::SymlinkLoop);
    const QByteArray longName = QByteArray(300, 'a') + ".json";
    row("file name of 305 bytes", count, longName, "",
        msg(longName + ": cannot be opened (File name too long)"), Make::Missing);
    row("gpus: symlink loop", gpus, "u.json", "",
        msg("u.json: cannot be opened (Too many levels of symbolic links)"), Make::SymlinkLoop);
    row("gpus: missing file (exit 3 like a missing --config)", gpus, "u.json", "",
        msg("u.json: no such file"), Make::Missing);
}

QByteArray le64(quint64 v)
{
    QByteArray b;
    for (int i = 0; i < 8; ++i) {
        b.append(static_cast<char>((v >> (8 * i)) & 0xFF));
    }
    return b;
}

QByteArray safetensors(const QByteArray& header)
{
    return le64(static_cast<quint64>(header.size())) + header;
}

QByteArray withNul(const char* text, const char* after)
{
    return QByteArray(text) + '\0' + after;
}

const char* kGpu = R"({"id": "g", "name": "G", "vendor": "V", "memory_gb": 24, )";

// JSON that a document tree would hide: keys given twice (the tree keeps the last), text after a
// NUL byte (the parser stops there), text that is not UTF-8, documents too large to hold.
void jsonRows()
{
    const char* count = "count --config";
    const char* gpus = "gpus --user-gpus";
    row("duplicate key at the top", count, "config.json",
        R"({"model_type": "llama", "hidden_size": 4096, "hidden_size": 8192})",
        msg("config.json: duplicate key 'hidden_size'"));
    row("duplicate key in a nested object", count, "config.json",
        R"({"model_type": "llama", "rope_scaling": {"factor": 8, "factor": 32}})",
        msg("config.json: rope_scaling: duplicate key 'factor'"));
    row("gpus: duplicate key in gpus[1]", gpus, "u.json",
        QByteArray(R"({"gpus": [{"id": "a"}, {"id": "b", "id": "c"}]})"),
        msg("u.json: gpus[1]: duplicate key 'id'"));
    row("text after a NUL byte", count, "config.json",
        withNul(R"({"model_type": "llama"})", "garbage"),
        msg("config.json: not valid JSON (a NUL byte at byte 24 of 31)"));
    row("gpus: text after a NUL byte", gpus, "u.json", withNul(R"({"gpus": []})", "x"),
        msg("u.json: not valid JSON (a NUL byte at byte 13 of 14)"));
    row("index: text after a NUL byte", "inspect", "m.safetensors.index.json",
        withNul(R"({"weight_map": {"a": "b.safetensors"}})", "x"),
        msg("m.safetensors.index.json: not valid JSON (a NUL byte at byte 39 of 40)"));
    row("safetensors: a text file (its bytes are not echoed)", "inspect", "m.safetensors",
        "root:x:0:0:root:/root:/bin/bash\n",
        msg("m.safetensors: not a safetensors file (its first 8 bytes are not a header length; a "
            "safetensors file starts with its header's length, then '{')"));
    row("safetensors: header text after a NUL byte", "inspect", "m.safetensors",
        safetensors(withNul("{}", "x")),
        msg("m.safetensors: the header is not valid JSON (a NUL byte at byte 3 of the header)"));
    row("UTF-16 config (with byte order mark)", count, "config.json",
        QByteArray("\xFF\xFE{\0}\0", 6),
        msg("config.json: is UTF-16 text; JSON files must be UTF-8 (save it as UTF-8)"));
    row("UTF-16 config (big endian, no byte order mark)", count, "config.json",
        QByteArray("\0{\0}", 4),
        msg("config.json: is UTF-16 text; JSON files must be UTF-8 (save it as UTF-8)"));
    // what() is a C string: the message ended at the NUL ("architecture.evil").
    row("a NUL byte inside a key is shown, not the end of the message", count, "preset.json",
        R"({"id": "m", "name": "M", "family": "F", "description": "",
            "published": {"total_params": 1, "exact": true, "source": "s"},
            "architecture": {"d_model": 8, "n_layers": 1, "n_heads": 2, "n_kv_heads": 1,
                             "vocab_size": 16, "evil\u0000key": 1}})",
        msg("preset.json: architecture.evil\\x00key: unknown key"));
    row("gpus: a NUL byte inside a key is shown", gpus, "u.json",
        QByteArray(R"({"gpus": [)") + kGpu + R"("bandwidth_gb_s": 100, "oops\u0000": 1}]})",
        msg("u.json: gpus[0].oops\\x00: is not a known GPU field"));
    row("1e-400 (too small for a double) is not 0", count, "config.json",
        R"({"model_type": "llama", "head_dim": 1e-400})",
        msg("config.json: not valid JSON (number underflow parsing '1e-400': too small for a "
            "double)"));
    row("-0 is 0", count, "config.json",
        R"({"model_type": "llama", "hidden_size": -0, "num_hidden_layers": 2,
            "num_attention_heads": 2, "intermediate_size": 8, "vocab_size": 8})",
        msg("config.json: hidden_size: must be between 1 and 1,048,576 (got 0)"));
    row("safetensors: a dimension of 2^64", "inspect", "m.safetensors",
        safetensors(R"({"a": {"dtype": "F32", "shape": [18446744073709551616],
                        "data_offsets": [0, 4]}})"),
        msg("m.safetensors: tensor 'a': shape must be a list of non-negative integers (got an "
            "integer beyond 64 bits)"));
    // One past the tensor limits (2^20 tensors took 9.5 s and 610 MB, docs/reliability.md).
    QByteArray tensors = "{";
    QByteArray index = R"({"weight_map": {)";
    for (int i = 0; i <= 131'072; ++i) {
        const QByteArray name = "t" + QByteArray::number(i);
        const QByteArray offsets = QByteArray::number(4 * i) + ", " + QByteArray::number(4 * i + 4);
        tensors += (i == 0 ? "\"" : ", \"") + name +
                   R"(": {"dtype": "F32", "shape": [1], "data_offsets": [)" + offsets + "]}";
        index += (i == 0 ? "\"" : ", \"") + name + R"(": "a.safetensors")";
    }
    row("safetensors: 131,073 tensors", "inspect", "m.safetensors",
        safetensors(tensors + "}") + QByteArray(4 * 131'073, '\0'),
        msg("m.safetensors: the header lists more than the limit of 131,072 tensors"));
    row("index: 131,073 tensors", "inspect", "m.safetensors.index.json", index + "}}",
        msg("m.safetensors.index.json: weight_map: lists 131,073 tensors; the limit is 131,072"));
    QByteArray catalog = R"({"gpus": [)";
    for (int i = 0; i <= 4096; ++i) {
        catalog += (i == 0 ? R"({"id": "g)" : R"(, {"id": "g)") + QByteArray::number(i) +
                   R"(", "name": "G", "vendor": "V", "memory_gb": 24, "bandwidth_gb_s": 100})";
    }
    row("gpus: 4,097 GPUs", gpus, "u.json", catalog + "]}",
        msg("u.json: gpus: lists 4,097 GPUs; a user catalog holds at most 4,096"));
    QByteArray many = "[0";
    for (int i = 0; i < 1'000'000; ++i) {
        many += ",0";
    }
    row("1,000,001 values", count, "config.json", many + "]",
        msg("config.json: holds more than 1,000,000 JSON values (the limit for this kind of "
            "file)"));
    row("gpus: 1e-300 GB/s of bandwidth", gpus, "u.json",
        QByteArray(R"({"gpus": [)") + kGpu + R"("bandwidth_gb_s": 1e-300}]})",
        msg("u.json: gpus[0].bandwidth_gb_s: must be at least 0.1 (got 1e-300; no real GPU is "
            "that small)"));
    row("gpus: 1e-300 TFLOPS", gpus, "u.json",
        QByteArray(R"({"gpus": [)") + kGpu +
            R"("bandwidth_gb_s": 1000, "bf16_dense_tflops": 1e-300}]})",
        msg("u.json: gpus[0].bf16_dense_tflops: must be at least 0.001 (got 1e-300; no real GPU "
            "is that small)"));
}

// Names read from files are at most 256 characters (a 100,000-character name took 9.8 s and
// 7 GB to lay out); values no real file or GPU has are refused; an MLX layout of zero-element
// tensors divided by zero (SIGFPE) in inspect and in the app's File > Open.
void boundRows()
{
    const char* gpus = "gpus --user-gpus";
    const QByteArray name257(257, 'G');
    row("gpus: a name of 257 characters", gpus, "u.json",
        QByteArray(R"({"gpus": [{"id": "g", "name": ")") + name257 +
            R"(", "vendor": "V", "memory_gb": 24, "bandwidth_gb_s": 100}]})",
        msg("u.json: gpus[0].name: is 257 characters long; a name is at most 256"));
    // 300 characters of two bytes each: characters are counted, not bytes.
    QByteArray vendor;
    for (int i = 0; i < 300; ++i) {
        vendor += "\xC3\xA9"; // é
    }
    row("gpus: a vendor of 300 characters (600 bytes)", gpus, "u.json",
        QByteArray(R"({"gpus": [{"id": "g", "name": "G", "vendor": ")") + vendor +
            R"(", "memory_gb": 24, "bandwidth_gb_s": 100}]})",
        msg("u.json: gpus[0].vendor: is 300 characters long; a name is at most 256"));
    row("gpus: usable_fraction 1e-300", gpus, "u.json",
        QByteArray(R"({"gpus": [)") + kGpu +
            R"("bandwidth_gb_s": 100, "usable_fraction": 1e-300}]})",
        msg("u.json: gpus[0].usable_fraction: must be from 0.1 to 1 (got 1e-300; no real GPU makes "
            "less than a tenth of its memory usable)"));
    row("preset: a name of 300 characters", "count --config", "p.json",
        QByteArray(R"({"id": "p", "name": ")") + QByteArray(300, 'n') +
            R"(", "family": "F", "description": "",
            "published": {"total_params": 1, "exact": true, "source": "s"},
            "architecture": {"d_model": 8, "n_layers": 1, "n_heads": 2, "n_kv_heads": 1,
                             "vocab_size": 16}})",
        msg("p.json: name: is 300 characters long; a name is at most 256"));
    row("config.json that is a Git LFS pointer", "count --config", "config.json",
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + QByteArray(64, 'a') +
            "\nsize 1234\n",
        msg("config.json: a Git LFS pointer to a 1,234-byte file, not the file itself: run `git "
            "lfs pull`"));
    row("MLX: zero-element tensors alone (SIGFPE)", "inspect", "m.safetensors",
        safetensors(R"({"m.weight": {"dtype": "U32", "shape": [0, 8], "data_offsets": [0, 0]},
            "m.scales": {"dtype": "F16", "shape": [0, 288230376151711744], "data_offsets": [0, 0]},
            "m.biases": {"dtype": "F16", "shape": [0, 288230376151711744],
                         "data_offsets": [0, 0]}})"),
        msg("m.safetensors: tensor 'm.weight': U32 [0, 8] with scales [0, 288230376151711744] is "
            "not an MLX packing in groups of 64"));
}

} // namespace

void addHostileRows()
{
    fileSystemRows();
    jsonRows();
    boundRows();
}

} // namespace testsupport

namespace testsupport {

void addHostileSessionRows()
{
    QTest::newRow("session: duplicate key")
        << QByteArray(R"({"format": "llm-sizer-session", "version": 1, "version": 2})")
        << msg("duplicate key 'version'");
    QTest::newRow("session: duplicate key in workload")
        << QByteArray(R"({"format": "llm-sizer-session", "version": 1, "current": {"name": "x",
            "architecture": {}}, "workload": {"batch": 1, "batch": 64}})")
        << msg("workload: duplicate key 'batch'");
    QByteArray gpus = R"({"format": "llm-sizer-session", "version": 1, "current": {"name": "x",
        "architecture": {}}, "gpus": [)";
    for (int i = 0; i < 20'000; ++i) {
        gpus += i == 0 ? R"({"id": "h100-sxm-80gb"})" : R"(, {"id": "h100-sxm-80gb"})";
    }
    QTest::newRow("session: 20,000 GPU entries")
        << gpus + "]}" << msg("gpus: holds at most 256 GPU entries (got 20,000)");
    QTest::newRow("session: batch one past the app's limit")
        << QByteArray(R"({"format": "llm-sizer-session", "version": 1, "current": {"name": "x",
            "architecture": {}}, "workload": {"batch": 65537}})")
        << msg("workload.batch: must be between 1 and 65,536 (got 65,537)");
    QTest::newRow("session: a name of 100,000 characters")
        << QByteArray(R"({"format": "llm-sizer-session", "version": 1, "current": {"name": ")") +
               QByteArray(100'000, 'x') + R"(", "architecture": {}}})"
        << msg("current.name: is 100,000 characters long; a name is at most 256");
    QTest::newRow("session: a baseline name of 300 characters")
        << QByteArray(R"({"format": "llm-sizer-session", "version": 3, "current": {"name": "x",
            "architecture": {}}, "baseline": {"name": ")") +
               QByteArray(300, 'b') + R"(", "architecture": {}}})"
        << msg("baseline.name: is 300 characters long; a name is at most 256");
    QTest::newRow("session: text after a NUL byte")
        << withNul(R"({"format": "llm-sizer-session", "version": 1})", "x")
        << msg("not valid JSON (a NUL byte at byte 46 of 47)");
}

} // namespace testsupport
