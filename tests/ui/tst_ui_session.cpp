// Sessions through the desktop app: a state saved from one window opens in a fresh window as
// the same state (current configuration, comparison, GPUs, workload, units); File > Open and
// drops tell sessions, presets and config.json files apart; a bad session file is refused with
// the file and field named and leaves every part of the state as it was; recent files are kept.
#include "llmsizer/catalog/session.h"
#include "support/test_main.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparetablemodel.h"
#include "ui/compare/comparewindow.h"
#include "ui/overview/memorypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/sessioncontroller.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QAction>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUrl>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

struct Fixture {
    QString settingsFile;
    std::unique_ptr<Settings> settings;
    std::unique_ptr<ConfigModel> model;
    std::unique_ptr<MainWindow> window;

    explicit Fixture(const QString& settingsPath) : settingsFile(settingsPath)
    {
        settings = std::make_unique<Settings>(settingsFile);
        model = std::make_unique<ConfigModel>();
        loadCatalogs(*model);
        window = std::make_unique<MainWindow>(model.get(), settings.get());
        window->setPersistent(false);
        window->restoreSettings();
        model->selectPreset(QStringLiteral("llama-3-8b"));
        window->resize(1600, 1000);
        window->show();
    }

    SessionController* sessions() const { return window->sessions(); }
    ComparisonModel* comparison() const { return window->comparison(); }
};

// A state that touches every part of a session.
void makeRichState(Fixture& f)
{
    QVERIFY(f.model->selectPreset(QStringLiteral("llama-3-70b")));
    f.model->pinBaseline(); // Llama 3 70B as published, against which the edit is shown
    QVERIFY(f.model->setKnob(Knob::Layers, 40));
    QCOMPARE(f.comparison()->addPreset(QStringLiteral("llama-2-70b")), QString());
    QCOMPARE(f.comparison()->addPreset(QStringLiteral("mixtral-8x22b")), QString());
    QCOMPARE(f.comparison()->addCurrent(), QString());
    QVERIFY(f.comparison()->setKvPrecision(QStringLiteral("fp8")));
    QVERIFY(f.model->setContext(16384));
    QVERIFY(f.model->setBatch(4));
    f.model->setTraining(true);
    f.model->setPrecision(QStringLiteral("int8"));
    f.model->setGpus({QStringLiteral("h100-sxm-80gb:8"), QStringLiteral("rtx-4090-24gb")});
    f.model->setUnits(ByteUnits::Binary);
    f.model->setOverhead(QStringLiteral("vllm")); // the Runtime menu, not the default
}

// Whether the memory panel's Runtime menu has the action with this data checked.
bool runtimeChecked(const Fixture& f, const QString& key)
{
    const QList<QAction*> actions = f.window->memoryPanel()->runtimeButton()->menu()->actions();
    for (const QAction* a : actions) {
        if (a->data().toString() == key) {
            return a->isChecked();
        }
    }
    return false;
}

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& text)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(text);
    }
    return path;
}

} // namespace

class TestUiSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void roundTripThroughAFreshWindow();
    void savedTextIsTheCoreFormat();
    void badSessionLeavesStateAlone_data();
    void badSessionLeavesStateAlone();
    void openDetectsTheKind();
    void dropOpensASession();
    void recentFiles();
    void menus();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Fixture> m_bad; // the window the bad sessions are opened in
};

void TestUiSession::initTestCase()
{
    QLocale::setDefault(QLocale::c());
    QVERIFY(m_dir.isValid());
}

void TestUiSession::roundTripThroughAFreshWindow()
{
    const QString file = m_dir.filePath(QStringLiteral("round-trip.json"));
    Session saved;
    {
        Fixture a(m_dir.filePath(QStringLiteral("a.ini")));
        makeRichState(a);
        saved = a.sessions()->capture();
        QCOMPARE(a.sessions()->save(file), QString());
        QCOMPARE(a.sessions()->sessionFile(), QFileInfo(file).absoluteFilePath());
    }
    QCOMPARE(saved.comparison.size(), std::size_t{3});
    QCOMPARE(saved.current.name, std::string("Llama 3 70B (edited)"));
    QCOMPARE(saved.current.config.n_layers, std::uint64_t{40});

    Fixture b(m_dir.filePath(QStringLiteral("b.ini")));
    QCOMPARE(b.window->loadFile(file), QString()); // File > Open detects the session
    QVERIFY(b.sessions()->capture() == saved);
    // Each part, as the views see it.
    QCOMPARE(b.model->config().n_layers, std::uint64_t{40});
    QVERIFY(b.model->config() == saved.current.config);
    // The baseline pinned before the edit: Llama 3 70B's 80 layers; 40 of 80 layers keep the
    // embedding and head (2·128,256·8,192 = 2,101,346,304) and half of the rest.
    QVERIFY(b.model->hasBaseline());
    QCOMPARE(b.model->baselineName(), QStringLiteral("Llama 3 70B"));
    QCOMPARE(b.model->baselineConfig()->n_layers, std::uint64_t{80});
    QCOMPARE(b.model->baselineCount()->total, std::uint64_t{70553706496});
    QCOMPARE(b.model->modelName(), QStringLiteral("Llama 3 70B (edited)"));
    QCOMPARE(b.model->context(), std::uint64_t{16384});
    QCOMPARE(b.model->batch(), std::uint64_t{4});
    QVERIFY(b.model->training());
    QCOMPARE(b.model->precision(), QStringLiteral("int8"));
    QCOMPARE(b.model->gpus(),
             (QStringList{QStringLiteral("h100-sxm-80gb:8"), QStringLiteral("rtx-4090-24gb")}));
    QCOMPARE(b.model->units(), ByteUnits::Binary);
    QCOMPARE(b.comparison()->kvPrecision(), QStringLiteral("fp8"));
    // The Runtime menu reopens as it was saved: overhead profile and KV precision.
    QCOMPARE(b.model->overhead(), QStringLiteral("vllm"));
    QCOMPARE(b.model->kvPrecision(), QStringLiteral("fp8"));
    QVERIFY(runtimeChecked(b, QStringLiteral("vllm")));
    QVERIFY(runtimeChecked(b, QStringLiteral("kv:fp8")));
    QVERIFY(!runtimeChecked(b, QStringLiteral("transformers")));
    QCOMPARE(b.comparison()->size(), 3);
    QCOMPARE(b.comparison()->entries()[1].preset_id, std::string("mixtral-8x22b"));
    const CompareTableModel* table = b.window->compareWindow()->panel()->tableModel();
    QCOMPARE(table->columnCount(), 3);
    QCOMPARE(table->headerData(2, Qt::Horizontal).toString(),
             QStringLiteral("Llama 3 70B (edited)"));
    // Saving again writes the same bytes.
    const QString again = m_dir.filePath(QStringLiteral("again.json"));
    QCOMPARE(b.sessions()->save(again), QString());
    QFile first(file);
    QFile second(again);
    QVERIFY(first.open(QIODevice::ReadOnly) && second.open(QIODevice::ReadOnly));
    QCOMPARE(second.readAll(), first.readAll());
}

void TestUiSession::savedTextIsTheCoreFormat()
{
    Fixture f(m_dir.filePath(QStringLiteral("c.ini")));
    makeRichState(f);
    const QString file = m_dir.filePath(QStringLiteral("core-format.json"));
    QCOMPARE(f.sessions()->save(file), QString());
    QFile in(file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const std::string text = in.readAll().toStdString();
    QCOMPARE(text, saveSession(f.sessions()->capture()));
    const Session parsed = parseSession(text, "core-format.json", &f.model->gpuCatalog());
    QVERIFY(parsed == f.sessions()->capture());
    QCOMPARE(parsed.display.gpus.front(), std::string("h100-sxm-80gb:8"));
    QVERIFY(parsed.display.training);
}

void TestUiSession::badSessionLeavesStateAlone_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected"); // the message after "FILE: "
    const Session good = [] {
        Session s;
        s.current.name = "GPT-2 small";
        s.current.config.d_model = 768;
        s.current.config.n_layers = 12;
        s.current.config.n_heads = 12;
        s.current.config.n_kv_heads = 12;
        s.current.config.vocab_size = 50257;
        s.current.config.context_length = 1024;
        return s;
    }();
    const std::string base = saveSession(good);
    auto edited = [&base](const std::string& from, const std::string& to) {
        std::string t = base;
        t.replace(t.find(from), from.size(), to);
        return QByteArray::fromStdString(t);
    };
    QTest::newRow("newer version")
        << edited("\"version\": 4", "\"version\": 5")
        << QStringLiteral(
               "version: unsupported session version 5 (this build reads versions 1 to 4)");
    QTest::newRow("wrong format") << edited("\"llm-sizer-session\"", "\"llm-sizer-sessions\"")
                                  << QStringLiteral("format:");
    QTest::newRow("n_heads does not divide d_model")
        << edited("\"d_model\": 768", "\"d_model\": 770")
        << QStringLiteral("current.architecture.");
    QTest::newRow("unknown GPU") << edited("\"gpus\": []",
                                           "\"gpus\": [{\"id\": \"h900-imaginary\"}]")
                                 << QStringLiteral(
                                        "display.gpus[0].id: unknown GPU 'h900-imaginary'");
    QTest::newRow("batch beyond the limit")
        << edited("\"batch\": 1", "\"batch\": 1000000") << QStringLiteral("workload.batch:");
    const std::string one = sessionToJson(good).at("current").dump();
    QTest::newRow("five models in the comparison")
        << edited("\"comparison\": []",
                  "\"comparison\": [" + one + "," + one + "," + one + "," + one + "," + one + "]")
        << QStringLiteral("comparison");
    std::string badBaseline = one;
    badBaseline.replace(badBaseline.find("\"d_model\":768"), 13, "\"d_model\":770");
    QTest::newRow("baseline does not validate")
        << edited("\"comparison\": []", "\"comparison\": [], \"baseline\": " + badBaseline)
        << QStringLiteral("baseline.architecture.");
    QTest::newRow("not JSON") << QByteArray("{\"format\": \"llm-sizer-session\",")
                              << QStringLiteral("");
}

// Every row opens its bad file in one window (a window and its rich state cost seconds under the
// sanitizers): a refused file leaves the state as it was, which each row checks, so the next row
// starts from the same state.
void TestUiSession::badSessionLeavesStateAlone()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    if (!m_bad) {
        m_bad = std::make_unique<Fixture>(m_dir.filePath(QStringLiteral("d.ini")));
        makeRichState(*m_bad);
    }
    Fixture& f = *m_bad;
    const Session before = f.sessions()->capture();
    const int recomputes = f.comparison()->recomputeCount();
    const QString file = writeFile(m_dir, "bad-session.json", text);
    const QString error = f.window->loadFile(file);
    QVERIFY2(error.startsWith(file + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(f.sessions()->capture() == before);
    QCOMPARE(f.model->config().n_layers, std::uint64_t{40});
    QCOMPARE(f.comparison()->recomputeCount(), recomputes);
    QVERIFY(f.sessions()->sessionFile().isEmpty());
}

void TestUiSession::openDetectsTheKind()
{
    Fixture f(m_dir.filePath(QStringLiteral("e.ini")));
    makeRichState(f);
    const Session before = f.sessions()->capture();
    // A preset file replaces only the current configuration.
    QCOMPARE(f.window->loadFile(QStringLiteral(LLMSIZER_TEST_PRESETS_DIR "/gpt-2-small.json")),
             QString());
    QCOMPARE(f.model->count().total, std::uint64_t{124439808});
    QCOMPARE(f.comparison()->entries(), before.comparison);
    QCOMPARE(f.model->gpus().size(), qsizetype{2});
    // A config.json likewise.
    const QString hf =
        writeFile(m_dir, "config.json",
                  R"({"model_type": "llama", "hidden_size": 2048, "num_hidden_layers": 16,
            "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 8192,
            "vocab_size": 128256, "max_position_embeddings": 131072, "tie_word_embeddings": true})");
    QCOMPARE(f.window->loadFile(hf), QString());
    QCOMPARE(f.model->config().d_model, std::uint64_t{2048});
    // Neither kind: the core's message, state kept.
    const Session now = f.sessions()->capture();
    const QString other = writeFile(m_dir, "other.json", R"({"hello": 1})");
    const QString error = f.window->loadFile(other);
    QVERIFY2(error.contains(QStringLiteral("neither a preset")), qPrintable(error));
    QVERIFY(f.sessions()->capture() == now);
}

void TestUiSession::dropOpensASession()
{
    const QString file = m_dir.filePath(QStringLiteral("dropped.json"));
    Session saved;
    {
        Fixture a(m_dir.filePath(QStringLiteral("f.ini")));
        makeRichState(a);
        saved = a.sessions()->capture();
        QCOMPARE(a.sessions()->save(file), QString());
    }
    Fixture b(m_dir.filePath(QStringLiteral("g.ini")));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(b.window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(b.window.get(), &drop);
    QVERIFY(b.sessions()->capture() == saved);
}

void TestUiSession::recentFiles()
{
    const QString ini = m_dir.filePath(QStringLiteral("h.ini"));
    const QString one = m_dir.filePath(QStringLiteral("one.json"));
    const QString two = m_dir.filePath(QStringLiteral("two.json"));
    {
        Fixture f(ini);
        QCOMPARE(f.sessions()->save(one), QString());
        QCOMPARE(f.sessions()->save(two), QString());
        QCOMPARE(f.window->loadFile(one), QString());
        QCOMPARE(f.settings->recentFiles(), (QStringList{QFileInfo(one).absoluteFilePath(),
                                                         QFileInfo(two).absoluteFilePath()}));
        // A failed open is not recorded.
        QVERIFY(!f.window->loadFile(m_dir.filePath(QStringLiteral("missing.json"))).isEmpty());
        QCOMPARE(f.settings->recentFiles().size(), qsizetype{2});
        f.settings->sync();
    }
    Settings reread(ini);
    QCOMPARE(reread.recentFiles().front(), QFileInfo(one).absoluteFilePath());
}

// File and Compare menus carry the session and comparison actions; "Add Current to Comparison"
// adds the edited configuration and shows the comparison window.
void TestUiSession::menus()
{
    Fixture f(m_dir.filePath(QStringLiteral("i.ini")));
    auto findMenu = [&f](const QString& title) -> QMenu* {
        for (QAction* a : f.window->menuBar()->actions()) {
            if (a->text() == title) {
                return a->menu();
            }
        }
        return nullptr;
    };
    auto findAction = [](QMenu* menu, const QString& text) -> QAction* {
        for (QAction* a : menu->actions()) {
            if (a->text() == text) {
                return a;
            }
        }
        return nullptr;
    };
    QMenu* file = findMenu(QStringLiteral("&File"));
    QVERIFY(file != nullptr);
    for (const char* text : {"&Open…", "Open &Session…", "Open &Recent", "&Save Session",
                             "Save Session &As…", "&Quit"}) {
        QVERIFY2(findAction(file, QString::fromUtf8(text)) != nullptr, text);
    }
    QCOMPARE(findAction(file, QStringLiteral("&Save Session"))->shortcut(),
             QKeySequence(QKeySequence::Save));
    QMenu* compare = findMenu(QStringLiteral("&Compare"));
    QVERIFY(compare != nullptr);
    QVERIFY(findAction(compare, QStringLiteral("&Compare Models…")) != nullptr);
    QAction* add = findAction(compare, QStringLiteral("&Add Current to Comparison"));
    QVERIFY(add != nullptr);
    QVERIFY(f.model->setKnob(Knob::Layers, 16));
    add->trigger();
    QCOMPARE(f.comparison()->size(), 1);
    QVERIFY(f.comparison()->entries()[0].config == f.model->config());
    QVERIFY(f.window->compareWindow()->isVisible());
}

LLMSIZER_TEST_MAIN(TestUiSession)
#include "tst_ui_session.moc"
