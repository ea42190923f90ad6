// The bad-input suite's rows that only the app has: the screenshot mode and the command line
// (the built llm-sizer, offscreen), the settings file, the user GPU catalog and the recent files
// shared by two windows, sessions and exports onto links and pipes, names as shown (fields as
// typed and pasted: tst_ui_bad_inputs_fields.cpp).
// Each expected message is written from the rule it pins.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/text/error.h"
#include "support/bad_input_rows.h"
#include "support/full_disk.h"
#include "support/gpu_editor_fixture.h"
#include "support/window_fixture.h"
#include "tst_ui_bad_inputs.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/export.h"
#include "ui/shell/recentfiles.h"
#include "ui/shell/sessioncontroller.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"
#include "ui/state/usergpus.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLockFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace llmsizer;
using namespace llmsizer::ui;
using llmsizer::test::readAll;
using llmsizer::test::writeAll;

namespace {

struct GuiRun {
    int exitCode = -1;
    QByteArray err;
    qint64 ms = 0;
};

// The built app, offscreen, with a settings file of the test's own unless args name one.
GuiRun runGui(QStringList args, const QTemporaryDir& dir)
{
    if (!args.contains(QStringLiteral("--settings"))) {
        args << QStringLiteral("--settings") << dir.filePath(QStringLiteral("s.ini"));
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(dir.path());
    QElapsedTimer timer;
    timer.start();
    p.start(QStringLiteral(LLMSIZER_GUI_PATH), args);
    GuiRun r;
    if (p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit) {
        r.exitCode = p.exitCode();
    }
    r.ms = timer.elapsed();
    r.err = p.readAllStandardError();
    return r;
}

// The lines the app printed itself ("llm-sizer: …"), without the platform's notes.
QStringList appLines(const QByteArray& err)
{
    QStringList out;
    for (const QByteArray& line : err.split('\n')) {
        if (line.startsWith("llm-sizer: ")) {
            out << QString::fromUtf8(line);
        }
    }
    return out;
}

bool makeFifo(const QString& path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
}

GpuSpec userGpu(const char* id, const char* name)
{
    return gpuFromJson({{"id", id},
                        {"name", name},
                        {"vendor", "V"},
                        {"memory_gb", 24},
                        {"bandwidth_gb_s", 1000},
                        {"sources", {"a test"}}},
                       "", "", true);
}

} // namespace

void TestUiBadInputs::screenshotSavesThroughLinksAndRefusesPipes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeAll(dir.filePath(QStringLiteral("real.png")), "old"));
    QVERIFY(QFile::link(QStringLiteral("real.png"), dir.filePath(QStringLiteral("link.png"))));
    const QStringList shot = {QStringLiteral("--preset"), QStringLiteral("gpt-2-small"),
                              QStringLiteral("--size"), QStringLiteral("400x300"),
                              QStringLiteral("--screenshot")};
    GuiRun r = runGui(shot + QStringList{QStringLiteral("link.png")}, dir);
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("link.png"))).isSymLink());
    QVERIFY(readAll(dir.filePath(QStringLiteral("real.png"))).startsWith("\x89PNG"));

    QVERIFY(makeFifo(dir.filePath(QStringLiteral("pipe.png"))));
    r = runGui(shot + QStringList{QStringLiteral("pipe.png")}, dir);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(appLines(r.err),
             QStringList{QStringLiteral(
                 "llm-sizer: pipe.png: is not a regular file (a named pipe); it is not replaced")});
    // Nothing else was written beside them (no temporary is left).
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System, QDir::Name),
             (QStringList{QStringLiteral("link.png"), QStringLiteral("pipe.png"),
                          QStringLiteral("real.png")}));
}

void TestUiBadInputs::screenshotOnAFullDiskKeepsTheOldFile()
{
    llmsizer::test::FullDisk disk;
    if (!disk.mounted()) {
        QSKIP("needs root to mount a small tmpfs");
    }
    const QByteArray old = "the old picture";
    QVERIFY(disk.prepare(QStringLiteral("shot.png"), old));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString target = disk.path(QStringLiteral("shot.png"));
    const GuiRun r = runGui({QStringLiteral("--preset"), QStringLiteral("gpt-2-small"),
                             QStringLiteral("--screenshot"), target},
                            dir);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(appLines(r.err),
             QStringList{QStringLiteral("llm-sizer: %1: cannot be written (write: No space left "
                                        "on device)")
                             .arg(target)});
    QCOMPARE(readAll(target), old);
}

void TestUiBadInputs::hardwareOptionIsChecked_data()
{
    QTest::addColumn<QString>("items");
    QTest::addColumn<QString>("message");
    QTest::newRow("the issue's line")
        << QStringLiteral("gpus=99999,context=0,batch=-5,ramGB=nan,runtime=bogus")
        << QStringLiteral("gpus=99999: must be an integer from 1 to 65,536");
    QTest::newRow("context 0") << QStringLiteral("context=0")
                               << QStringLiteral("context=0: must be an integer from 1 to "
                                                 "67,108,864");
    QTest::newRow("batch -5") << QStringLiteral("batch=-5")
                              << QStringLiteral("batch=-5: must be an integer from 1 to 65,536");
    QTest::newRow("RAM nan") << QStringLiteral("ramGB=nan")
                             << QStringLiteral("ramGB=nan: must be a number from 0 to 65536");
    QTest::newRow("an unknown runtime")
        << QStringLiteral("runtime=bogus")
        // The runtime profiles of docs/memory.md, in their order there.
        << QStringLiteral("runtime=bogus: unknown runtime 'bogus' (known: llama.cpp, ollama, "
                          "vllm, sglang, tensorrt-llm, mlx, transformers)");
    QTest::newRow("an unknown backend")
        << QStringLiteral("backend=cuda")
        << QStringLiteral("backend=cuda: unknown backend 'cuda' (known: auto, rocm, vulkan)");
    QTest::newRow("an unknown item")
        << QStringLiteral("gpu=h100-sxm-80gb,colour=red")
        << QStringLiteral("unknown item 'colour' (known: gpu, gpus, ram, ramGB, ramBandwidth, "
                          "osReserve, runtime, backend, context, batch, decodeEfficiency, "
                          "prefillEfficiency, vllmUtilization, vllmMaxSeqs, vllmSampler, "
                          "sglangFraction, ollamaDefaultContext, detected)");
    QTest::newRow("a reserve beyond 1 TiB")
        << QStringLiteral("osReserve=2000000000000")
        << QStringLiteral("osReserve=2000000000000: must be an integer from 0 to "
                          "1,099,511,627,776");
    QTest::newRow("an unknown vLLM sampler")
        << QStringLiteral("runtime=vllm,vllmSampler=bogus")
        << QStringLiteral("vllmSampler=bogus: must be sort or flashinfer");
    QTest::newRow("a vLLM share above 1")
        << QStringLiteral("vllmUtilization=1.5")
        << QStringLiteral("vllmUtilization=1.5: must be a number from 0.05 to 1");
    QTest::newRow("an SGLang share below 0.05")
        << QStringLiteral("runtime=sglang,sglangFraction=0.01")
        << QStringLiteral("sglangFraction=0.01: must be a number from 0.05 to 1");
}

void TestUiBadInputs::hardwareOptionIsChecked()
{
    QFETCH(QString, items);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const GuiRun r = runGui({QStringLiteral("--hardware"), items, QStringLiteral("--screenshot"),
                             QStringLiteral("x.png")},
                            dir);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(appLines(r.err), QStringList{QStringLiteral("llm-sizer: --hardware: ") + message});
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.png"))));
}

void TestUiBadInputs::settingsProblemsPrintALineEach()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString ini = dir.filePath(QStringLiteral("bad.ini"));
    QVERIFY(writeAll(ini, "[memory]\nprecision=fp17\noverhead=nope\n"));
    const GuiRun r = runGui({QStringLiteral("--settings"), ini, QStringLiteral("--screenshot"),
                             QStringLiteral("x.png")},
                            dir);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(appLines(r.err),
             (QStringList{QStringLiteral("llm-sizer: %1: memory/precision: 'fp17' is not a known "
                                         "precision (fp16 is used)")
                              .arg(ini),
                          QStringLiteral("llm-sizer: %1: memory/overhead: 'nope' is not a known "
                                         "runtime overhead (transformers is used)")
                              .arg(ini)}));
}

// A config whose _name_or_path is 100,000 characters (one word) took 5.3 s and 799 MB to show,
// a baseline of that name 9.8 s and 7 GB: the name is cut to 256 characters on reading, so the
// screenshot takes about as long as one of a short name (at most 1.5 times, plus a second).
void TestUiBadInputs::longNamesRenderInTime()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto config = [](const QByteArray& name) {
        return R"({"_name_or_path": ")" + name + R"(", "model_type": "llama", "hidden_size": 64,
            "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 128,
            "vocab_size": 100})";
    };
    QVERIFY(writeAll(dir.filePath(QStringLiteral("short.json")), config("short")));
    QVERIFY(writeAll(dir.filePath(QStringLiteral("long.json")), config(QByteArray(100'000, 'n'))));
    const auto shot = [&dir](const char* file) {
        return runGui(
            {QString::fromLatin1(file), QStringLiteral("--screenshot"), QStringLiteral("x.png")},
            dir);
    };
    const GuiRun s = shot("short.json");
    const GuiRun l = shot("long.json");
    QCOMPARE(s.exitCode, 0);
    QCOMPARE(l.exitCode, 0);
    qInfo("screenshot: a short name %lld ms, 100,000 characters %lld ms", s.ms, l.ms);
    QVERIFY2(l.ms < s.ms * 3 / 2 + 1000, qPrintable(QString::number(l.ms)));
}

// Two app windows (two models, each with its own view of gpus.json): a GPU one adds is kept when
// the other adds its own (it was erased); an edit of a GPU the other window changed meanwhile is
// refused, and the file's version is shown; a held lock is waited for, then reported.
void TestUiBadInputs::twoWindowsShareGpus()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("gpus.json"));
    ConfigModel modelA;
    ConfigModel modelB;
    loadCatalogs(modelA);
    loadCatalogs(modelB);
    UserGpus a(&modelA, file);
    UserGpus b(&modelB, file);
    QVERIFY(a.load().ok());
    QVERIFY(b.load().ok());

    QVERIFY(a.save(userGpu("one", "One")).ok());
    const UserGpus::Result added = b.save(userGpu("two", "Two"));
    QVERIFY2(added.ok(), qPrintable(added.error));
    QCOMPARE(added.notice,
             file + QStringLiteral(" had changed since this window read it (another LLM Sizer "
                                   "window?): its GPUs are kept beside your change"));
    GpuCatalog onDisk = modelA.gpuCatalog();
    onDisk.loadUser(QFile::encodeName(file).toStdString());
    QVERIFY(onDisk.find("one") != nullptr && onDisk.find("two") != nullptr);
    QVERIFY(modelB.gpuCatalog().find("one") != nullptr); // B shows A's GPU too

    // A renames "two" (B's); then B edits its older copy of "two": refused, A's version shown.
    QVERIFY(a.load().ok());
    QVERIFY(a.save(userGpu("two", "Two, renamed"), QStringLiteral("two")).ok());
    const UserGpus::Result stale = b.save(userGpu("two", "Two, edited"), QStringLiteral("two"));
    QCOMPARE(stale.error, file + QStringLiteral(": 'two' was changed in another window since "
                                                "this one read the file; your change is not "
                                                "saved (the file's GPUs are now shown)"));
    QCOMPARE(modelB.gpuCatalog().at("two").name, std::string("Two, renamed"));

    // Another window holds the lock: the save waits for it, then says so; nothing is written.
    const QByteArray before = readAll(file);
    QLockFile held(file + QStringLiteral(".lock"));
    QVERIFY(held.tryLock(0));
    const UserGpus::Result locked = a.save(userGpu("three", "Three"));
    QCOMPARE(locked.error, QStringLiteral("%1: is being saved by another LLM Sizer window (its "
                                          "lock file %1.lock is held); nothing was written, try "
                                          "again")
                               .arg(file));
    QCOMPARE(readAll(file), before);
}

void TestUiBadInputs::twoWindowsShareRecentFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString ini = dir.filePath(QStringLiteral("settings.ini"));
    Settings settingsA(ini);
    Settings settingsB(ini);
    RecentFiles a(&settingsA);
    RecentFiles b(&settingsB);
    (void)b.files(); // B has read the (empty) list before A adds to it
    a.add(dir.filePath(QStringLiteral("a.json")));
    b.add(dir.filePath(QStringLiteral("b.json")));
    const QStringList both{dir.filePath(QStringLiteral("b.json")),
                           dir.filePath(QStringLiteral("a.json"))};
    QCOMPARE(b.files(), both);
    settingsA.sync();
    QCOMPARE(a.files(), both);
    const Settings later(ini);
    QCOMPARE(later.recentFiles(), both);
}

void TestUiBadInputs::savesKeepLinksAndRefusePipes()
{
    llmsizer::test::WindowFixture f(QStringLiteral("gpt-2-small"));
    const QString real = f.dir.filePath(QStringLiteral("real.json"));
    const QString link = f.dir.filePath(QStringLiteral("link.json"));
    QVERIFY(writeAll(real, "{}"));
    QVERIFY(QFile::link(QStringLiteral("real.json"), link));
    QCOMPARE(f.window->sessions()->save(link), QString());
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(readAll(real).contains("\"llm-sizer-session\""));

    const QString pipe = f.dir.filePath(QStringLiteral("pipe.json"));
    QVERIFY(makeFifo(pipe));
    const QString refused =
        pipe + QStringLiteral(": is not a regular file (a named pipe); it is not replaced");
    QCOMPARE(f.window->sessions()->save(pipe), refused);
    QCOMPARE(saveFileAtomically(pipe, "a,b\n"), refused); // every table and chart export
}

// A name of 100,000 characters with a right-to-left override (U+202E) inside: 256 characters
// are kept, the override is shown as \u202E, and the baseline banner elides the name to about
// 40 characters' width, whole in its tooltip; the window renders within 2 s.
void TestUiBadInputs::namesAreBoundedAndShown()
{
    llmsizer::test::WindowFixture f(QStringLiteral("gpt-2-small"));
    const QString config = f.dir.filePath(QStringLiteral("config.json"));
    QVERIFY(writeAll(config, R"({"_name_or_path": "evil\u202eabc)" + QByteArray(100'000, 'n') +
                                 R"(", "model_type": "llama", "hidden_size": 64,
                              "num_hidden_layers": 2, "num_attention_heads": 4,
                              "intermediate_size": 128, "vocab_size": 100})"));
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(f.window->loadFile(config), QString());
    QCOMPARE(f.model->modelName().size(), 256);
    QVERIFY(f.model->modelName().endsWith(QChar(0x2026)));
    f.model->pinBaseline();
    QVERIFY(f.model->selectPreset(QStringLiteral("gpt-2-small")));
    (void)f.window->grab();
    QVERIFY2(timer.elapsed() < 2000 * 3, qPrintable(QString::number(timer.elapsed())));
    const auto* banner = f.window->findChild<QLabel*>(QStringLiteral("baselineLine"));
    QVERIFY(banner != nullptr);
    QVERIFY(banner->text().contains(QStringLiteral("evil\\u202Eabc")));
    QVERIFY(!banner->text().contains(QChar(0x202E)));
    QVERIFY2(banner->text().size() < 400, qPrintable(banner->text()));
    QVERIFY(banner->toolTip().startsWith(QStringLiteral("evil\\u202Eabcnnn")));
    QVERIFY(!f.window->windowTitle().contains(QChar(0x202E)));

    // The longest name, edited (" (edited)" added) and pinned: the saved session opens again.
    QCOMPARE(f.window->loadFile(config), QString());
    f.model->pinBaseline();
    QVERIFY(f.model->setKnob(Knob::Layers, 3));
    const QString session = f.dir.filePath(QStringLiteral("s.llmsizer.json"));
    QCOMPARE(f.window->sessions()->save(session), QString());
    QCOMPARE(f.window->sessions()->open(session), QString());
}

void TestUiBadInputs::hardwareRowsKeepTheirOverflow()
{
    llmsizer::test::WindowFixture f(QStringLiteral("gpt-2-small"));
    // The presets are evaluated at their trained context at most (GPT-3 175B: 2,048); a model
    // trained for 2^26 tokens overflows (testsupport::longContextConfig).
    const QString config = f.dir.filePath(QStringLiteral("config.json"));
    QVERIFY(writeAll(config, testsupport::longContextConfig()));
    QCOMPARE(f.window->loadFile(config), QString());
    HardwareModel* hardware = f.window->hardwareView()->model();
    HardwareChoice choice;
    choice.gpu = QStringLiteral("h100-sxm-80gb");
    choice.context = Limits::maxContext;
    choice.batch = Limits::maxBatch;
    hardware->setChoice(choice);
    hardware->computeNow();
    int beyond = 0;
    int others = 0;
    for (const HardwareRow& row : hardware->rows()) {
        const std::string& bytes =
            row.cells[static_cast<std::size_t>(HardwareColumn::MemoryPerGpu)].text;
        if (row.current) {
            ++beyond;
            QCOMPARE(QString::fromStdString(bytes), QStringLiteral("> 2⁶⁴ B"));
            // "Current model: LlamaForCausalLM at FP16: does not fit: …", one per precision.
            const QString tip = QString::fromStdString(row.tooltip);
            QVERIFY2(tip.startsWith(QStringLiteral("Current model: LlamaForCausalLM at ")) &&
                         tip.endsWith(QStringLiteral(": does not fit: KV cache bytes exceeds the "
                                                     "64-bit range (18,446,744,073,709,551,615)")),
                     qPrintable(tip));
        } else {
            ++others;
        }
    }
    QVERIFY(beyond > 0);
    QVERIFY(others > 100);
}
