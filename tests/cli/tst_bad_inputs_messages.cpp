// The twelve messages that were unclear, each pinned end to end as the user meets it: the files
// written the way they arrive, the program run on them (llm-sizer-cli, or the app offscreen with
// a settings file of the test's own), and the whole message compared. Every expected message is
// written here from the rule it states (the hand calculation beside it), not from the program's
// output; each names the file with the path it was reached by, and the field.
#include "support/bad_input_rows.h"
#include "support/cli_runner.h"
#include "support/gguf_writer.h"
#include "support/safetensors_writer.h"
#include "tst_bad_inputs.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

namespace {

using testsupport::TreeMaker;
using testsupport::writeBytes;
using testsupport::writeSafetensors;

std::string lfsPointer(const char* size)
{
    return std::string("version https://git-lfs.github.com/spec/v1\noid sha256:") +
           std::string(64, 'a') + "\nsize " + size + "\n";
}

// A directory "ckpt" holding the given files.
TreeMaker ckpt(std::function<void(const std::string& ckptDir)> write)
{
    return [write = std::move(write)](const std::string& dir) {
        std::filesystem::create_directories(dir + "/ckpt");
        write(dir + "/ckpt");
    };
}

// An index of two shards: the first holds "a", the second is written by `second`.
TreeMaker twoShards(std::function<void(const std::string& path)> second)
{
    return ckpt([second = std::move(second)](const std::string& d) {
        writeBytes(d + "/model.safetensors.index.json",
                   R"({"weight_map": {"a": "model-00001-of-00002.safetensors",
                                      "m.weight": "model-00002-of-00002.safetensors"}})");
        writeSafetensors(d + "/model-00001-of-00002.safetensors", {{"a", "F32", {2}}});
        second(d + "/model-00002-of-00002.safetensors");
    });
}

TreeMaker oneFile(const std::string& name, const std::string& content)
{
    return [name, content](const std::string& dir) {
        std::filesystem::create_directories(std::filesystem::path(dir + "/" + name).parent_path());
        writeBytes(dir + "/" + name, content);
    };
}

TreeMaker nothing()
{
    return [](const std::string&) {};
}

QStringList words(const char* text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '));
}

// A row: the program ("cli" or "app"), the files, the arguments, the exit code, the whole
// stderr (for the app: its own "llm-sizer: " lines) and, for a run that succeeds, a line its
// stdout must hold.
void row(const char* name, const char* program, const TreeMaker& make, const char* args,
         int exitCode, const char* err, const char* line = "")
{
    QTest::newRow(name) << QString::fromLatin1(program) << make << words(args) << exitCode
                        << QString::fromUtf8(err) << QString::fromUtf8(line);
}

// The app, offscreen, in `dir` with the settings file it is given (or one of the test's own).
llmsizer::test::CliRun runApp(QStringList args, const QString& dir)
{
    llmsizer::test::CliRun r;
#ifdef LLMSIZER_GUI_PATH
    if (!args.contains(QStringLiteral("--settings"))) {
        args << QStringLiteral("--settings") << dir + QStringLiteral("/s.ini");
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(dir);
    p.start(QStringLiteral(LLMSIZER_GUI_PATH), args);
    if (p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit) {
        r.exitCode = p.exitCode();
    }
    r.out = p.readAllStandardOutput();
    // Its own lines only, without the platform's notes.
    for (const QByteArray& l : p.readAllStandardError().split('\n')) {
        if (l.startsWith("llm-sizer: ")) {
            r.err += l + '\n';
        }
    }
#else
    Q_UNUSED(args);
    Q_UNUSED(dir);
#endif
    return r;
}

} // namespace

void TestBadInputs::unclearMessages_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<TreeMaker>("make");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("err");
    QTest::addColumn<QString>("line");

    // 1. The second shard of two: U32 [4, 8] is 8 · 32 = 256 bits a row, with 3 scales a row.
    // No group size is given, so MLX's default of 64 is tried: 3 · 64 = 192 values cannot share
    // 256 bits evenly, so it is not an MLX packing. Named with the folder given, "ckpt/" (it
    // named the shard alone).
    row("1. a quantization error names the shard with its folder", "cli",
        twoShards([](const std::string& p) {
            writeSafetensors(p, {{"m.weight", "U32", {4, 8}},
                                 {"m.scales", "F16", {4, 3}},
                                 {"m.biases", "F16", {4, 3}}});
        }),
        "inspect ckpt", 3,
        "error: ckpt/model-00002-of-00002.safetensors: tensor 'm.weight': U32 [4, 8] with scales "
        "[4, 3] is not an MLX packing in groups of 64\n");
    // 2. MXFP4 blocks [0, 2^60, 16]: 2^60 · 16 bytes · 2 values a byte = 2^65 values in a row,
    // past 2^64 - 1. It named neither file nor tensor.
    row("2. an overflow names the file and the tensor", "cli", ckpt([](const std::string& d) {
            writeSafetensors(d + "/model.safetensors",
                             {{"e.gate_up_proj_blocks", "U8", {0, 1ull << 60, 16}},
                              {"e.gate_up_proj_scales", "U8", {0, 1ull << 60}}});
        }),
        "inspect ckpt", 3,
        "error: ckpt/model.safetensors: tensor 'e.gate_up_proj_blocks': quantized element count "
        "exceeds the 64-bit range (18,446,744,073,709,551,615)\n");
    // 2^58 groups of the default 64 overflow 2^64: the packing cannot be (it was "MLX group
    // size exceeds the 64-bit range", no file, no tensor).
    row("2. an MLX group product past 64 bits names the file and the tensor", "cli",
        ckpt([](const std::string& d) {
            writeSafetensors(d + "/model.safetensors", {{"m.weight", "U32", {0, 8}},
                                                        {"m.scales", "F16", {0, 1ull << 58}},
                                                        {"m.biases", "F16", {0, 1ull << 58}}});
        }),
        "inspect ckpt", 3,
        "error: ckpt/model.safetensors: tensor 'm.weight': U32 [0, 8] with scales [0, "
        "288230376151711744] is not an MLX packing in groups of 64\n");
    // 3. Both are 2-D; what is wrong is that scales [0, 64] have no row, so no group.
    row("3. GPTQ scales [0, 64] hold no group", "cli", ckpt([](const std::string& d) {
            writeSafetensors(d + "/model.safetensors",
                             {{"a.qweight", "I32", {8, 64}}, {"a.scales", "F16", {0, 64}}});
        }),
        "inspect ckpt", 3,
        "error: ckpt/model.safetensors: tensor 'a.qweight': scales [0, 64] hold no group (one "
        "row of scales per group of inputs)\n");
    // 4. q_proj's A is [8, 16] (rank 8), v_proj's [16, 16] (rank 16): both ranks, and the field.
    row("4. LoRA ranks 8 and 16 with r 8", "cli", ckpt([](const std::string& d) {
            writeBytes(d + "/adapter_config.json", R"({"r": 8})");
            const std::string p = "base_model.model.model.layers.0.self_attn.";
            writeSafetensors(d + "/adapter_model.safetensors",
                             {{p + "q_proj.lora_A.weight", "F32", {8, 16}},
                              {p + "q_proj.lora_B.weight", "F32", {16, 8}},
                              {p + "v_proj.lora_A.weight", "F32", {16, 16}},
                              {p + "v_proj.lora_B.weight", "F32", {16, 16}}});
        }),
        "inspect ckpt", 0, "",
        "Note: ckpt/adapter_config.json: r: is 8, but the tensors have ranks 8 and 16");
    // 5. The link is there, it cannot be followed: the system's reason, not "no config.json".
    row("5. a config.json that is a symlink loop beside a checkpoint", "cli",
        ckpt([](const std::string& d) {
            writeSafetensors(d + "/model.safetensors", {{"a", "F32", {2}}});
            std::filesystem::create_symlink("config.json", d + "/config.json");
        }),
        "inspect ckpt", 0, "",
        "no estimate: ckpt/config.json: cannot be opened (Too many levels of symbolic links)");
    // 6. count --config reads the pointer as one (it was "not valid JSON (… last read: 'v')").
    row("6. count --config on a config.json that is a Git LFS pointer", "cli",
        oneFile("m/config.json", lfsPointer("1234")), "count --config m/config.json", 3,
        "error: m/config.json: a Git LFS pointer to a 1,234-byte file, not the file itself: run "
        "`git lfs pull`\n");
    // 7. Sizes past 10 TB (no checkpoint file is that large) and tensor counts past the
    // checkpoint's limit of 131,072 are not echoed as given.
    row("7. a config.json pointing to 2^64 - 1 bytes", "cli",
        oneFile("m/config.json", lfsPointer("18446744073709551615")),
        "count --config m/config.json", 3,
        "error: m/config.json: a Git LFS pointer (to a file it says is larger than 10 TB), not "
        "the file itself: run `git lfs pull`\n");
    row("7. a shard pointing to 2^64 - 1 bytes", "cli",
        twoShards([](const std::string& p) { writeBytes(p, lfsPointer("18446744073709551615")); }),
        "inspect ckpt", 0, "",
        "Note: ckpt/model-00002-of-00002.safetensors: a Git LFS pointer (to a file it says is "
        "larger than 10 TB), not the file itself: run `git lfs pull`");
    row("7. split.tensors.count 2,147,483,646", "cli", ckpt([](const std::string& d) {
            testsupport::GgufWriter w;
            w.addString("general.architecture", "llama");
            w.addRawKeyValue("split.no", 2, testsupport::GgufWriter::u32(0).substr(0, 2));
            w.addRawKeyValue("split.count", 2, testsupport::GgufWriter::u32(2).substr(0, 2));
            w.addRawKeyValue("split.tensors.count", 5, testsupport::GgufWriter::u32(2147483646));
            w.addTensor("a.0", {1}, testsupport::kF32);
            w.write(d + "/m-00001-of-00002.gguf");
        }),
        "inspect ckpt/m-00001-of-00002.gguf", 3,
        "error: ckpt/m-00001-of-00002.gguf: split.tensors.count: is 2,147,483,646; a checkpoint "
        "holds at most 131,072 tensors\n");
#ifdef LLMSIZER_GUI_PATH
    // 8. The first bad item is named (gpus past Limits::maxGpus = 2^16), exit 2 like every other
    // option; no screenshot is written.
    row("8. the app's --hardware with bad values", "app", nothing(),
        "--hardware gpus=99999,context=0,batch=-5,ramGB=nan,runtime=bogus --screenshot x.png", 2,
        "llm-sizer: --hardware: gpus=99999: must be an integer from 1 to 65,536\n");
    // 11. One line each (they were joined with a literal "\x0A"): the settings file's whole
    // path ({dir} is the run's directory), section/key, the value and the default used.
    row("11. settings problems a line each", "app",
        oneFile("bad.ini", "[memory]\nprecision=fp17\noverhead=nope\n"),
        "--settings bad.ini --screenshot x.png", 0,
        "llm-sizer: {dir}/bad.ini: memory/precision: 'fp17' is not a known precision (fp16 is "
        "used)\n"
        "llm-sizer: {dir}/bad.ini: memory/overhead: 'nope' is not a known runtime overhead "
        "(transformers is used)\n");
#endif
    // 12. One limit of GPUs, Limits::maxGpus = 2^16 = 65,536, for fit and runs (runs stopped at
    // 4,096); --family chooses among the presets, so with one model it is refused, not ignored.
    // A usage error names the command's help.
    row("12. fit --gpus one past the limit", "cli", nothing(),
        "fit --preset llama-3-70b --gpu h100-sxm-80gb --gpus 65537", 2,
        "error: --gpus must be an integer from 1 to 65,536 (got '65537')\n"
        "(see 'llm-sizer-cli fit --help')\n");
    row("12. runs --gpus one past the limit", "cli", nothing(),
        "runs --gpu h100-sxm-80gb --gpus 65537", 2,
        "error: --gpus must be an integer from 1 to 65,536 (got '65537')\n"
        "(see 'llm-sizer-cli runs --help')\n");
    row("12. runs --family with --preset", "cli", nothing(),
        "runs --gpu h100-sxm-80gb --preset llama-3-70b --family Llama", 2,
        "error: --family chooses among the presets; it does not apply with --preset or --config "
        "(one model)\n(see 'llm-sizer-cli runs --help')\n");
}

void TestBadInputs::unclearMessages()
{
    QFETCH(QString, program);
    QFETCH(TreeMaker, make);
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, err);
    QFETCH(QString, line);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeTree(dir.path(), make));
    const llmsizer::test::CliRun r =
        program == QLatin1String("app")
            ? runApp(args, dir.path())
            : llmsizer::test::runCliAt(QStringLiteral(LLMSIZER_CLI_PATH), args, dir.path());
    // The app names its settings file by its absolute path, from the working directory.
    err.replace(QStringLiteral("{dir}"), QDir(dir.path()).canonicalPath());
    QCOMPARE(QString::fromUtf8(r.err), err);
    QCOMPARE(r.exitCode, exitCode);
    if (program == QLatin1String("app")) {
        // A refused option writes no screenshot.
        QCOMPARE(QFile::exists(dir.filePath(QStringLiteral("x.png"))), exitCode == 0);
    } else if (exitCode != 0) {
        QCOMPARE(r.out, QByteArray());
    }
    if (!line.isEmpty()) {
        const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        QVERIFY2(lines.contains(line), r.out.constData());
    }
}
