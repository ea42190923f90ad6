// Undo and redo as a teacher uses them: the lesson's exact moves (double the layers, double
// d_model, halve the KV heads) as one action each, undo back to the exact previous model, redo,
// a slider drag as one step, and a preset switch undone to the edited model before it.
#include "llmsizer/model/count.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/kit/knobrow.h"
#include "ui/overview/configpanel.h"
#include "ui/shell/edithistory.h"

#include <QAction>
#include <QMenuBar>
#include <QSlider>
#include <QUndoStack>
#include <QtTest>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

QAction* action(QMainWindow* w, const QString& text)
{
    for (QAction* a : w->findChildren<QAction*>()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

} // namespace

class TestUiHistory : public QObject {
    Q_OBJECT
private slots:
    // Llama 2 7B: 32 layers of 202,383,360 parameters (4·4096² attention + 3·4096·11,008 MLP +
    // 2·4096 norms) and 262,148,096 outside them (2·32,000·4096 embedding and head, 4096 final
    // norm). Doubling the layers: 64 · 202,383,360 + 262,148,096 = 13,214,683,136 (×1.96).
    void doubleTheLayersAndUndo()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        QCOMPARE(quint64(f.model->count().total), quint64(6'738'415'616ull));
        const ModelConfig before = f.model->config();
        QAction* dbl = action(f.window.get(), QStringLiteral("Double the &layers"));
        QVERIFY(dbl != nullptr);
        dbl->trigger();
        QCOMPARE(quint64(f.model->config().n_layers), quint64(64));
        QCOMPARE(quint64(f.model->count().total), quint64(13'214'683'136ull));
        f.window->history()->undoAction()->trigger();
        QVERIFY(f.model->config() == before);
        QCOMPARE(quint64(f.model->count().total), quint64(6'738'415'616ull));
        f.window->history()->redoAction()->trigger();
        QCOMPARE(quint64(f.model->config().n_layers), quint64(64));
    }

    // Llama 3 70B has 8 KV heads; halving gives 4 and the KV cache per token halves:
    // 2 · 80 · 4 · 128 · 2 bytes = 163,840.
    void halveTheKvHeads()
    {
        test::WindowFixture f(QStringLiteral("llama-3-70b"));
        action(f.window.get(), QStringLiteral("&Halve the KV heads"))->trigger();
        QCOMPARE(quint64(f.model->config().n_kv_heads), quint64(4));
        QCOMPARE(quint64(f.model->kv().bytes_per_token), quint64(163'840));
        action(f.window.get(), QStringLiteral("Double &d_model"))->trigger();
        QCOMPARE(quint64(f.model->config().d_model), quint64(16'384));
    }

    // A drag of the slider is one undo step back to where it started.
    void aDragIsOneStep()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        const ModelConfig before = f.model->config();
        QSlider* slider = f.window->configPanel()->row(Knob::Layers)->slider();
        for (int i = 0; i < 5; ++i) {
            slider->setValue(slider->value() + 1);
        }
        QVERIFY(!(f.model->config() == before));
        QCOMPARE(f.window->history()->stack()->count(), 1);
        f.window->history()->undoAction()->trigger();
        QVERIFY(f.model->config() == before);
    }

    // Switching presets is a step too: undo returns to the edited model before it.
    void presetSwitchIsUndone()
    {
        test::WindowFixture f(QStringLiteral("llama-2-7b"));
        action(f.window.get(), QStringLiteral("Double the &layers"))->trigger();
        const ModelConfig edited = f.model->config();
        QTest::qWait(800); // a separate step, not merged with the edit
        QVERIFY(f.model->selectPreset(QStringLiteral("gpt-2-small")));
        QCOMPARE(f.model->presetId(), QStringLiteral("gpt-2-small"));
        f.window->history()->undoAction()->trigger();
        QCOMPARE(f.model->presetId(), QStringLiteral("llama-2-7b"));
        QVERIFY(f.model->config() == edited);
        QVERIFY(f.model->isModified());
        f.window->history()->undoAction()->trigger();
        QVERIFY(!f.model->isModified());
    }
};

LLMSIZER_TEST_MAIN(TestUiHistory)
#include "tst_ui_history.moc"
