// The rows of the bad-input suite (tst_bad_inputs.cpp and tst_ui_bad_inputs.cpp run them).
// Every message was written from the parsers' rules, then checked against the output for how it
// reads.
#include "bad_input_rows.h"

#include "llmsizer/formats/hf_import.h"

#include <QDir>
#include <QFile>
#include <QtTest>
#include <string>
#include <sys/stat.h>

namespace testsupport {

namespace {

QByteArray le32(quint32 v)
{
    QByteArray b;
    for (int i = 0; i < 4; ++i) {
        b.append(static_cast<char>((v >> (8 * i)) & 0xFF));
    }
    return b;
}

QByteArray le64(quint64 v)
{
    QByteArray b;
    for (int i = 0; i < 8; ++i) {
        b.append(static_cast<char>((v >> (8 * i)) & 0xFF));
    }
    return b;
}

// A safetensors file: the 8-byte header length, the header, then `data` zero bytes.
QByteArray safetensors(const QByteArray& header, int data = 0)
{
    return le64(static_cast<quint64>(header.size())) + header + QByteArray(data, '\0');
}

// A GGUF header start: magic, version, tensor count, key/value count.
QByteArray gguf(quint32 version, quint64 tensors, quint64 kvs)
{
    return QByteArrayLiteral("GGUF") + le32(version) + le64(tensors) + le64(kvs);
}

QByteArray ggufString(const QByteArray& s)
{
    return le64(static_cast<quint64>(s.size())) + s;
}

// A complete Llama config.json with one field replaced (or added) as raw JSON text.
QByteArray llama(const char* key, const char* value)
{
    QByteArray fields[][2] = {{"model_type", "\"llama\""},     {"hidden_size", "4096"},
                              {"num_hidden_layers", "32"},     {"num_attention_heads", "32"},
                              {"num_key_value_heads", "8"},    {"intermediate_size", "14336"},
                              {"vocab_size", "128256"},        {"max_position_embeddings", "8192"},
                              {"tie_word_embeddings", "false"}};
    QByteArray out = "{";
    bool replaced = false;
    for (auto& [k, v] : fields) {
        if (k == key) {
            v = value;
            replaced = true;
        }
        out += "\"" + k + "\": " + v + ", ";
    }
    if (!replaced) {
        out += "\"" + QByteArray(key) + "\": " + value + ", ";
    }
    out.chop(2);
    return out + "}";
}

// A project preset whose architecture object is `arch` (raw JSON text).
QByteArray preset(const char* arch)
{
    return QByteArrayLiteral(R"({"id": "p", "name": "P", "family": "F", "description": "",
        "published": {"total_params": 1, "exact": true, "source": "s"}, "architecture": )") +
           arch + "}";
}

// One GPU of a user catalog with a field replaced or added (raw JSON text).
QByteArray gpu(const char* extra)
{
    return QByteArrayLiteral(R"({"gpus": [{"id": "my-gpu", "name": "Mine", "vendor": "V", )") +
           R"("bandwidth_gb_s": 1000, )" + extra + "}]}";
}

// A session file whose current architecture (or other top-level keys) are given.
QByteArray session(const char* rest)
{
    return QByteArrayLiteral(R"({"format": "llm-sizer-session", "version": 1, )") + rest + "}";
}

void row(const char* name, const char* command, const char* file, const QByteArray& content,
         const QString& message, Make make = Make::File, qint64 size = 0)
{
    QTest::newRow(name) << QString::fromLatin1(command) << QString::fromLatin1(file)
                        << static_cast<int>(make) << content << size << message;
}

QString msg(const char* text)
{
    return QString::fromUtf8(text);
}

void modelFileRows()
{
    const char* count = "count --config";
    row("empty file", count, "config.json", "", msg("config.json: file is empty"));
    row("not JSON", count, "config.json", "hello",
        msg("config.json: not valid JSON (parse error at line 1, column 1: syntax error while "
            "parsing value - invalid literal; last read: 'h')"));
    row("truncated object", count, "config.json", R"({"model_type": "llama", "hidden_size": 40)",
        msg("config.json: not valid JSON (parse error at line 1, column 42: syntax error while "
            "parsing object - unexpected end of input; expected '}')"));
    row("trailing garbage", count, "config.json", "{} x",
        msg("config.json: not valid JSON (parse error at line 1, column 4: syntax error while "
            "parsing value - invalid literal; last read: '{} x'; expected end of input)"));
    // Python's json writes NaN and Infinity bare (not JSON); a Hugging Face config reads them as
    // strings, so the field names its value.
    row("NaN literal (Python's json)", count, "config.json", llama("hidden_size", "NaN"),
        msg("config.json: hidden_size: must be a non-negative integer (got \"NaN\")"));
    row("Infinity literal (Python's json)", count, "config.json", llama("hidden_size", "Infinity"),
        msg("config.json: hidden_size: must be a non-negative integer (got \"Infinity\")"));
    row("regression: 1e999 aborted the CLI (json out_of_range escaped)", count, "config.json",
        llama("hidden_size", "1e999"),
        msg("config.json: not valid JSON (number overflow parsing '1e999')"));
    row("-1e999 in a field the count does not use", count, "config.json",
        llama("rope_theta", "-1e999"),
        msg("config.json: not valid JSON (number overflow parsing '-1e999')"));
    row("top-level array", count, "config.json", "[1, 2]",
        msg("config.json: must be a JSON object (got an array)"));
    row("neither a preset nor a config", count, "config.json", "{}",
        msg("config.json: neither a preset (no \"architecture\") nor a Hugging Face config (no "
            "\"model_type\")"));
    row("negative hidden_size", count, "config.json", llama("hidden_size", "-4096"),
        msg("config.json: hidden_size: must be a non-negative integer (got -4096)"));
    row("zero hidden_size", count, "config.json", llama("hidden_size", "0"),
        msg("config.json: hidden_size: must be between 1 and 1,048,576 (got 0)"));
    row("hidden_size 2^64 - 1", count, "config.json", llama("hidden_size", "18446744073709551615"),
        msg("config.json: hidden_size: must be between 1 and 1,048,576 (got "
            "18,446,744,073,709,551,615)"));
    row("hidden_size 2^64 (beyond 64 bits)", count, "config.json",
        llama("hidden_size", "18446744073709551616"),
        msg("config.json: hidden_size: must be a non-negative integer below 2^64 (got "
            "1.8446744073709552e+19)"));
    row("hidden_size as a string", count, "config.json", llama("hidden_size", "\"4096\""),
        msg("config.json: hidden_size: must be a non-negative integer (got \"4096\")"));
    row("fractional hidden_size", count, "config.json", llama("hidden_size", "4096.5"),
        msg("config.json: hidden_size: must be a non-negative integer (got 4096.5)"));
    row("boolean num_hidden_layers", count, "config.json", llama("num_hidden_layers", "true"),
        msg("config.json: num_hidden_layers: must be a non-negative integer (got true)"));
    row("heads do not divide hidden_size", count, "config.json", llama("num_attention_heads", "24"),
        msg("config.json: num_attention_heads: must divide d_model when head_dim is not given "
            "(4,096 is not a multiple of 24)"));
    row("kv heads do not divide heads", count, "config.json", llama("num_key_value_heads", "5"),
        msg("config.json: num_key_value_heads: must divide n_heads (32 is not a multiple of 5)"));
    row("more kv heads than heads", count, "config.json", llama("num_key_value_heads", "64"),
        msg("config.json: num_key_value_heads: must be between 1 and n_heads (32) (got 64)"));
    row("experts per token > experts", count, "config.json",
        R"({"model_type": "mixtral", "hidden_size": 4096, "num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336,
            "vocab_size": 32000, "num_local_experts": 8, "num_experts_per_tok": 9})",
        msg("config.json: num_experts_per_tok: must be between 1 and moe.n_routed_experts (8) "
            "(got 9)"));
    // An unknown type with its size fields is an estimate (tst_hf_next); without them it is
    // refused, naming every missing one.
    row("unknown model_type without size fields", count, "config.json",
        R"({"model_type": "llama9", "hidden_size": 64})",
        msg("config.json: model_type: model type 'llama9' is not known, and counting it as a "
            "standard decoder needs its size fields; missing: num_hidden_layers, "
            "num_attention_heads, vocab_size, intermediate_size"));
    row("model_type is a number", count, "config.json", llama("model_type", "42"),
        msg("config.json: model_type: must be a string (got 42)"));
    row("non-UTF-8 byte in a string", count, "config.json", llama("_name_or_path", "\"a\xff\""),
        msg("config.json: not valid JSON (parse error at line 1, column 256: syntax error while "
            "parsing value - invalid string: ill-formed UTF-8 byte; last read: '\"a\\xFF')"));
    row("NUL byte in a string", count, "config.json", QByteArray("{\"model_type\": \"ll\0a\"}", 22),
        msg("config.json: not valid JSON (parse error at line 1, column 19: syntax error while "
            "parsing value - invalid string: control character U+0000 (NUL) must be escaped to "
            "\\u0000; last read: '\"ll<U+0000>')"));
    row("100 MB file (sparse)", count, "big.json", "{",
        msg("big.json: file is too large "
            "(104,857,600 bytes; the limit is 16,777,216 bytes)"),
        Make::File, 100 << 20);
    row("100000 nested arrays", count, "config.json",
        QByteArray(100000, '[') + QByteArray(100000, ']'),
        msg("config.json: JSON nested deeper than 64 levels"));
    row("100000 unclosed arrays", count, "config.json", QByteArray(100000, '['),
        msg("config.json: not valid JSON (parse error at line 1, column 100001: syntax error "
            "while parsing value - unexpected end of input; expected '[', '{', or a literal)"));
    row("70 nested objects inside a real config", count, "config.json",
        llama("rope_scaling",
              QByteArray(70 * 6, 'x').replace("xxxxxx", "{\"a\": ") + "1" + QByteArray(70, '}')),
        msg("config.json: JSON nested deeper than 64 levels"));
    row("a directory", count, "model.json", "", msg("model.json: is a directory, not a file"),
        Make::Directory);
    row("missing file", count, "config.json", "", msg("config.json: no such file"), Make::Missing);
    row("a named pipe (reading would block)", count, "config.json", "",
        msg("config.json: is not a regular file"), Make::Fifo);
    row("a device", count, "/dev/zero", "", msg("/dev/zero: is not a regular file"), Make::Missing);
    row("a named pipe named like a checkpoint", "inspect", "m.gguf", "",
        msg("m.gguf: is not a regular file"), Make::Fifo);
    row("a named pipe named like a safetensors file", "inspect", "m.safetensors", "",
        msg("m.safetensors: is not a regular file"), Make::Fifo);
    row("gpus: a named pipe", "gpus --user-gpus", "u.json", "",
        msg("u.json: is not a regular file"), Make::Fifo);
    row("unreadable file (chmod 000)", count, "config.json", llama("hidden_size", "4096"),
        msg("config.json: cannot be opened for reading"), Make::Unreadable);
}

void presetRows()
{
    const char* count = "count --config";
    row("preset: unknown architecture key", count, "p.json", preset(R"({"n_layer": 2})"),
        msg("p.json: architecture.n_layer: unknown key"));
    row("preset: null value", count, "p.json", preset(R"({"d_model": null})"),
        msg("p.json: architecture.d_model: must not be null (leave the key out to use the "
            "default)"));
    row("preset: zero heads", count, "p.json", preset(R"({"n_heads": 0})"),
        msg("p.json: architecture.n_heads: must be between 1 and 65,536 (got 0)"));
    row("preset: d_model one past its maximum", count, "p.json",
        preset(R"({"d_model": 1048577, "n_heads": 1, "n_kv_heads": 1})"),
        msg("p.json: architecture.d_model: must be between 1 and 1,048,576 (got 1,048,577)"));
    row("preset: ffn_dim_multiplier 1e308", count, "p.json",
        preset(R"({"ffn_rule": {"ffn_dim_multiplier": 1e308}})"),
        msg("p.json: architecture.ffn_rule.ffn_dim_multiplier: must be 0 (unused) or a number up "
            "to 16"));
    row("preset: negative ffn_dim_multiplier", count, "p.json",
        preset(R"({"ffn_rule": {"ffn_dim_multiplier": -0.5}})"),
        msg("p.json: architecture.ffn_rule.ffn_dim_multiplier: must be 0 (unused) or a number up "
            "to 16"));
    row("preset: experts per token > experts", count, "p.json",
        preset(R"({"moe": {"n_routed_experts": 8, "experts_per_token": 9, "expert_d_ff": 64}})"),
        msg("p.json: architecture.moe.experts_per_token: must be between 1 and "
            "moe.n_routed_experts (8) (got 9)"));
    row("preset: unknown enum value", count, "p.json", preset(R"({"mlp": "swiglu"})"),
        msg("p.json: architecture.mlp: must be one of \"plain\", \"gated\" (got \"swiglu\")"));
    row("preset: architecture is a list", count, "p.json", preset("[4096]"),
        msg("p.json: architecture: must be a JSON object (got an array)"));
}

void gpuRows()
{
    const char* gpus = "gpus --user-gpus";
    row("gpus: empty file", gpus, "u.json", "", msg("u.json: file is empty"));
    row("gpus: not an array", gpus, "u.json", R"({"gpus": {}})",
        msg("u.json: gpus: must be an array of GPU objects"));
    row("gpu: negative memory", gpus, "u.json", gpu(R"("memory_gb": -24)"),
        msg("u.json: gpus[0].memory_gb: must be a positive number no larger than 1048576 (got "
            "-24)"));
    row("gpu: memory 1e300 GiB", gpus, "u.json", gpu(R"("memory_gib": 1e300)"),
        msg("u.json: gpus[0].memory_gib: must be a positive number no larger than 1048576 (got "
            "1e+300)"));
    row("gpu: bandwidth 1e999", gpus, "u.json", gpu(R"("memory_gb": 24, "x": 1e999)"),
        msg("u.json: not valid JSON (number overflow parsing '1e999')"));
    row("gpu: both memory units", gpus, "u.json", gpu(R"("memory_gb": 24, "memory_gib": 24)"),
        msg("u.json: gpus[0]: give memory_gib or memory_gb, not both"));
    row("gpu: usable_fraction 2", gpus, "u.json", gpu(R"("memory_gb": 24, "usable_fraction": 2)"),
        msg("u.json: gpus[0].usable_fraction: must be from 0.1 to 1 (got 2; no real GPU makes "
            "less than a tenth of its memory usable)"));
    row("gpu: id of a built-in GPU", gpus, "u.json",
        R"({"gpus": [{"id": "h100-sxm-80gb", "name": "X", "vendor": "V", "memory_gb": 24,
            "bandwidth_gb_s": 1}]})",
        msg("u.json: gpus[0].id: 'h100-sxm-80gb' is a built-in GPU id; a user GPU needs an id of "
            "its own"));
    row("gpu: unknown field", gpus, "u.json", gpu(R"("memory_gb": 24, "clock_mhz": 1)"),
        msg("u.json: gpus[0].clock_mhz: is not a known GPU field"));
}

void safetensorsRows()
{
    const char* inspect = "inspect";
    row("safetensors: shorter than the length field", inspect, "m.safetensors", "abc",
        msg("m.safetensors: the file is too short for a safetensors header (3 bytes; the length "
            "field alone is 8)"));
    row("safetensors: header length past the end", inspect, "m.safetensors", le64(1000) + "{}",
        msg("m.safetensors: header length 1,000 runs past the end of the file "
            "(the file is 10 bytes)"));
    row("safetensors: 200 MB header (sparse)", inspect, "m.safetensors", le64(200000000) + "{",
        msg("m.safetensors: header length 200,000,000 exceeds the limit of 100,000,000 bytes"),
        Make::File, 200000008);
    row("safetensors: header not JSON", inspect, "m.safetensors", safetensors("hello"),
        msg("m.safetensors: the header is not valid JSON (parse error at line 1, column 1: "
            "syntax error while parsing value - invalid literal; last read: 'h')"));
    row("safetensors: header not UTF-8", inspect, "m.safetensors", safetensors("{\"\xc3\"}"),
        msg("m.safetensors: the header is not valid UTF-8 (byte 2 of the header)"));
    row("safetensors: unknown dtype", inspect, "m.safetensors",
        safetensors(R"({"a": {"dtype": "Q9", "shape": [2], "data_offsets": [0, 4]}})", 4),
        msg("m.safetensors: tensor 'a': dtype 'Q9' is not a safetensors dtype"));
    row("safetensors: overlapping tensors", inspect, "m.safetensors",
        safetensors(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                        "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}})",
                    12),
        msg("m.safetensors: tensor 'b': data_offsets [4, 12] begin at byte 4, but the previous "
            "tensor 'a' ends at byte 8 (tensors must follow one another without gaps or "
            "overlaps)"));
    row("safetensors: shape beyond 64 bits", inspect, "m.safetensors",
        safetensors(R"({"a": {"dtype": "F32", "shape": [4294967296, 4294967296],
                        "data_offsets": [0, 8]}})",
                    8),
        msg("m.safetensors: tensor 'a': shape [4294967296, 4294967296] has more elements than "
            "fit in 64 bits"));
    row("safetensors: negative dimension", inspect, "m.safetensors",
        safetensors(R"({"a": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 8]}})", 8),
        msg("m.safetensors: tensor 'a': shape must be a list of non-negative integers (got a "
            "negative number)"));
}

void ggufRows()
{
    const char* inspect = "inspect";
    row("gguf: wrong magic", inspect, "m.gguf", "GGUX" + QByteArray(60, '\0'),
        msg("m.gguf: not a GGUF file (it starts with \"GGUX\", not \"GGUF\")"));
    row("gguf: version 1", inspect, "m.gguf", gguf(1, 0, 0),
        msg("m.gguf: version: GGUF version 1 (2023) predates the format's stable layout (its "
            "counts and lengths are 32-bit) and is not read; convert the model again with a "
            "current llama.cpp (versions 2 and 3 are read)"));
    row("gguf: 2^63 tensors", inspect, "m.gguf", gguf(3, quint64(1) << 63, 0),
        msg("m.gguf: tensor_count: 9,223,372,036,854,775,808 exceeds the limit of 131,072 "
            "tensors"));
    row("gguf: key length 2^62", inspect, "m.gguf", gguf(3, 0, 1) + le64(quint64(1) << 62) + "abc",
        msg("m.gguf: metadata[0] key: string length 4,611,686,018,427,387,904 exceeds the limit of "
            "65,535 bytes"));
    row("gguf: truncated in the counts", inspect, "m.gguf", gguf(3, 0, 0).left(16),
        msg("m.gguf: kv_count: truncated (needs 8 bytes at byte 16, but the file is 16 bytes)"));
    row("gguf: unknown value type", inspect, "m.gguf", gguf(3, 0, 1) + ggufString("x") + le32(13),
        msg("m.gguf: metadata 'x': unknown value type 13"));
}

} // namespace

void addBadInputRows()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("make");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<QString>("message");
    modelFileRows();
    presetRows();
    gpuRows();
    safetensorsRows();
    ggufRows();
    addHostileRows();
}

void addSessionRows()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    const char* current = R"("current": {"name": "x", "architecture": {}})";
    auto add = [](const char* name, const QByteArray& content, const char* message) {
        QTest::newRow(name) << content << QString::fromUtf8(message);
    };
    add("session: empty file", "", "file is empty");
    add("session: a preset opened as a session", preset("{}"),
        "format: must be \"llm-sizer-session\" (this is not a session file)");
    add("session: version 5", R"({"format": "llm-sizer-session", "version": 5})",
        "version: unsupported session version 5 (this build reads versions 1 to 4)");
    add("session: negative version", R"({"format": "llm-sizer-session", "version": -1})",
        "version: must be a non-negative integer (got -1)");
    add("session: no current model", session(R"("units": "GB")"), "current: is required");
    add("session: unknown key", session(R"("current": {}, "colour": "red")"),
        "colour: unknown key");
    add("session: five comparison models",
        session((std::string(current) + R"(, "comparison": [{}, {}, {}, {}, {}])").c_str()),
        "comparison: holds at most 4 configurations (got 5)");
    add("session: heads do not divide d_model in comparison[1]",
        session(R"("current": {"name": "x", "architecture": {}}, "comparison": [
            {"name": "a", "architecture": {}},
            {"name": "b", "architecture": {"n_heads": 24, "n_kv_heads": 8}}])"),
        "comparison[1].architecture.n_heads: must divide d_model when head_dim is not given "
        "(4,096 is not a multiple of 24)");
    add("session: zero GPUs",
        session(
            (std::string(current) + R"(, "gpus": [{"id": "h100-sxm-80gb", "count": 0}])").c_str()),
        "gpus[0].count: must be between 1 and 65,536 (got 0)");
    add("session: context one past its maximum",
        session((std::string(current) + R"(, "workload": {"context": 67108865})").c_str()),
        "workload.context: must be between 1 and 67,108,864 (got 67,108,865)");
    add("session: units MB", session((std::string(current) + R"(, "units": "MB")").c_str()),
        "units: must be \"GB\" or \"GiB\" (got \"MB\")");
    add("session: 1e999", session(R"("current": 1e999)"),
        "not valid JSON (number overflow parsing '1e999')");
    addHostileSessionRows();
}

bool makeBadInput(const QString& dir, const QString& name, Make make, const QByteArray& content,
                  qint64 size)
{
    const QString path = dir + QLatin1Char('/') + name;
    switch (make) {
    case Make::Missing:
        return true;
    case Make::Directory:
        return QDir(dir).mkdir(name);
    case Make::Fifo:
        return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
    case Make::SymlinkLoop:
        return QFile::link(name, path);
    case Make::File:
    case Make::Unreadable: {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size()) {
            return false;
        }
        if (size > content.size() && !f.resize(size)) { // sparse: no disk space used
            return false;
        }
        f.close();
        return make == Make::File || QFile::setPermissions(path, QFileDevice::Permissions());
    }
    }
    return false;
}

} // namespace testsupport
