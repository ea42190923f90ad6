// My hardware's table as a lecturer shows it: on a 1280×800 projector (a 1240×760 window) in
// presentation mode every column shown fits the view, so nothing scrolls sideways; the columns that
// other columns or the filters already say (year, family, GPU layers, headroom, parameters) give
// way, the status says how many, and switched off again the table is as it was. The
// current row reads whole under the table, whatever the cells elide; vLLM's own settings show
// under vLLM and apply; and in the dark theme a field (enabled or not) and an unchecked check box
// keep a frame.
#include "llmsizer/present/hardware_view.h"
#include "support/hardware_rows.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/hardware/hardwaretable.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/overview/knobstrip.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/hardwaremodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTableView>
#include <QtTest>
#include <cstdlib>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

HardwareChoice rtx4090()
{
    return test::rtx4090Choice();
}

// My hardware shown on one RTX 4090's rows, computed.
HardwareView* showHardware(test::WindowFixture& f)
{
    HardwareView* view = f.window->hardwareView();
    view->model()->setChoice(rtx4090());
    if (!f.window->views()->showView(QStringLiteral("hardware"))) {
        return nullptr;
    }
    view->model()->computeNow();
    return view;
}

int shownWidth(const QTableView* table)
{
    const QHeaderView* header = table->horizontalHeader();
    int used = 0;
    for (int c = 0; c < header->count(); ++c) {
        used += header->isSectionHidden(c) ? 0 : header->sectionSize(c);
    }
    return used;
}

bool hidden(const QTableView* table, HardwareColumn c)
{
    return table->isColumnHidden(static_cast<int>(c));
}

QLabel* labelNamed(const QWidget* view, const char* name)
{
    for (QLabel* l : view->findChildren<QLabel*>()) {
        if (l->accessibleName() == QString::fromLatin1(name)) {
            return l;
        }
    }
    return nullptr;
}

} // namespace

class TestUiHardwareLayout : public QObject {
    Q_OBJECT
private slots:
    void projectorInPresentationMode()
    {
        test::WindowFixture::Options options;
        options.size = QSize(1240, 760);
        test::WindowFixture f(QStringLiteral("llama-3-70b"), options);
        HardwareView* view = showHardware(f);
        QVERIFY(view != nullptr);
        QTableView* table = view->table();
        QTRY_VERIFY(table->model()->rowCount() > 0);
        // Normal mode at 1240: the numbers all shown; the year and family may give way, which the
        // filters above the table still choose by.
        QTRY_VERIFY(shownWidth(table) <= table->viewport()->width());
        for (const HardwareColumn c :
             {HardwareColumn::Params, HardwareColumn::GpuLayers, HardwareColumn::Headroom}) {
            QTRY_VERIFY(!hidden(table, c)); // once the tab's layout has settled
        }
        const int modelWidth = table->columnWidth(static_cast<int>(HardwareColumn::Model));
        const bool yearHidden = hidden(table, HardwareColumn::Year);

        f.window->presentation()->setOn(true);
        // The model's sliders edit the Overview's model: not here, where every model is listed.
        QVERIFY(!f.window->knobStrip()->isVisible());
        QTRY_VERIFY(hidden(table, HardwareColumn::GpuLayers));
        QTRY_VERIFY(shownWidth(table) <= table->viewport()->width());
        for (const HardwareColumn c :
             {HardwareColumn::Model, HardwareColumn::Precision, HardwareColumn::Verdict,
              HardwareColumn::MemoryPerGpu, HardwareColumn::Ram, HardwareColumn::MaxContext,
              HardwareColumn::Decode, HardwareColumn::Prefill, HardwareColumn::Machine}) {
            QVERIFY2(!hidden(table, c), qPrintable(QString::number(static_cast<int>(c))));
        }
        // The precision of a GGUF row stays whole, in the presentation font.
        const QFontMetrics metrics = table->fontMetrics();
        QVERIFY(table->columnWidth(static_cast<int>(HardwareColumn::Precision)) >
                metrics.horizontalAdvance(QStringLiteral("GGUF Q4_K_M")));
        int gaveWay = 0;
        for (int c = 0; c < static_cast<int>(HardwareColumn::Count); ++c) {
            gaveWay += table->isColumnHidden(c) ? 1 : 0;
        }
        QLabel* status = labelNamed(view, "Rows shown");
        QVERIFY(status != nullptr);
        QVERIFY2(status->text().contains(QStringLiteral("%1 columns hidden").arg(gaveWay)),
                 qPrintable(status->text()));

        f.window->presentation()->setOn(false);
        QTRY_VERIFY(!hidden(table, HardwareColumn::GpuLayers));
        QTRY_COMPARE(table->columnWidth(static_cast<int>(HardwareColumn::Model)), modelWidth);
        QCOMPARE(hidden(table, HardwareColumn::Year), yearHidden);
        QVERIFY(!status->text().contains(QStringLiteral("5 columns")));
    }

    // The row's cells elide; the line under the table has the row whole: the model, the
    // precision and its note, with the smallest change for a "no".
    void currentRowWhole()
    {
        test::WindowFixture f(QStringLiteral("llama-3-70b"));
        HardwareView* view = showHardware(f);
        QVERIFY(view != nullptr);
        QTableView* table = view->table();
        QTRY_VERIFY(table->model()->rowCount() > 0);
        QLabel* line = labelNamed(view, "Selected row");
        QVERIFY(line != nullptr);
        int no = -1;
        for (int r = 0; r < table->model()->rowCount() && no < 0; ++r) {
            const QModelIndex verdict =
                table->model()->index(r, static_cast<int>(HardwareColumn::Verdict));
            no = verdict.data().toString() == QStringLiteral("✗ no") ? r : -1;
        }
        QVERIFY(no >= 0);
        table->setCurrentIndex(table->model()->index(no, 0));
        QVERIFY(line->isVisible());
        QVERIFY2(line->text().contains(QStringLiteral("smallest change")),
                 qPrintable(line->text()));
        const QString change =
            table->model()->index(no, static_cast<int>(HardwareColumn::Machine)).data().toString();
        QVERIFY(change.startsWith(QStringLiteral("with ")));
        QVERIFY2(line->text().contains(change.mid(5)), qPrintable(change));
    }

    // vLLM's own settings, under vLLM only: gpt-oss-120b on one H100 is "no" at vLLM's 1,024
    // sequences (the sampler's sort over 1,024 × 201,088 logits, tst_runs); the row's change,
    // 256 sequences, set in the field makes it run. The settings file keeps the fields.
    void vllmSettingsApply()
    {
        test::WindowFixture f(QStringLiteral("gpt-oss-120b"));
        HardwareView* view = f.window->hardwareView();
        HardwareModel* m = view->model();
        HardwareChoice ch = rtx4090();
        ch.gpu = QStringLiteral("h100-sxm-80gb");
        ch.runtime = QStringLiteral("vllm");
        m->setChoice(ch);
        QVERIFY(f.window->views()->showView(QStringLiteral("hardware")));
        m->computeNow();
        const auto verdict = [m] {
            const HardwareRow* r = test::hardwareRow(*m, "gpt-oss-120b", "mxfp4_experts");
            return r != nullptr ? test::hardwareCell(*r, HardwareColumn::Verdict) : QString();
        };
        QCOMPARE(verdict(), QStringLiteral("✗ no"));
        QSpinBox* seqs = nullptr;
        for (QSpinBox* b : view->findChildren<QSpinBox*>()) {
            seqs = b->accessibleName() == QStringLiteral("vLLM max num seqs") ? b : seqs;
        }
        QComboBox* sampler = nullptr;
        for (QComboBox* b : view->findChildren<QComboBox*>()) {
            sampler = b->accessibleName() == QStringLiteral("vLLM sampler") ? b : sampler;
        }
        QVERIFY(seqs != nullptr && sampler != nullptr);
        QVERIFY(seqs->isVisibleTo(view) && !view->backendBox()->isVisibleTo(view));
        QCOMPARE(seqs->text(), QStringLiteral("auto"));
        // The row looked at stays current across the new rows, its line under the table with it.
        QTableView* table = view->table();
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const QModelIndex i = table->model()->index(r, 0);
            if (i.data(HardwareTableModel::PresetRole).toString() ==
                    QLatin1String("gpt-oss-120b") &&
                i.data(HardwareTableModel::PrecisionRole).toString() ==
                    QLatin1String("mxfp4_experts")) {
                table->setCurrentIndex(i);
            }
        }
        QVERIFY(table->currentIndex().isValid());
        seqs->setValue(256);
        emit seqs->editingFinished();
        QCOMPARE(m->choice().vllm_max_seqs, std::uint64_t{256});
        m->computeNow();
        QVERIFY2(verdict().startsWith(QStringLiteral("✓")), qPrintable(verdict()));
        QTRY_VERIFY(table->currentIndex().isValid());
        QCOMPARE(table->currentIndex().data(HardwareTableModel::PresetRole).toString(),
                 QStringLiteral("gpt-oss-120b"));
        QLabel* line = labelNamed(view, "Selected row");
        QVERIFY2(line->text().contains(QStringLiteral("fits")), qPrintable(line->text()));
        sampler->setCurrentIndex(sampler->findData(QStringLiteral("flashinfer")));
        emit sampler->activated(sampler->currentIndex());
        QVERIFY(m->choice().vllm_flashinfer);
        QCOMPARE(HardwareChoice::fromStrings(m->choice().toStrings()), m->choice());
        // Another runtime: no vLLM fields; llama.cpp's backend only where it changes something,
        // on a Radeon.
        ch.runtime = QStringLiteral("llama.cpp");
        m->setChoice(ch);
        QVERIFY(!seqs->isVisibleTo(view) && !view->backendBox()->isVisibleTo(view));
        ch.gpu = QStringLiteral("rx-7900-xtx-24gb");
        m->setChoice(ch);
        QVERIFY(view->backendBox()->isVisibleTo(view));
    }

    // Ollama's own context unless set: by the VRAM its discovery reports, 32,768 tokens from 23
    // GiB up to 47 (ollama/ollama server/routes.go), so on an L40S (44.99 GiB with ECC on) the
    // field shows 32,768 greyed and the machine's line says so; unchecked, the field's 8,192 is
    // the context. A context given on the command line is the one Ollama runs at.
    void ollamaDefaultContext()
    {
        test::WindowFixture f(QStringLiteral("llama-3-8b"));
        HardwareView* view = f.window->hardwareView();
        HardwareModel* m = view->model();
        HardwareChoice ch = rtx4090();
        ch.gpu = QStringLiteral("l40s-48gb");
        ch.runtime = QStringLiteral("ollama");
        m->setChoice(ch);
        QVERIFY(f.window->views()->showView(QStringLiteral("hardware")));
        QSpinBox* context = nullptr;
        for (QSpinBox* b : view->findChildren<QSpinBox*>()) {
            context =
                b->accessibleName() == QStringLiteral("Context, tokens per sequence") ? b : context;
        }
        QCheckBox* own = nullptr;
        for (QCheckBox* b : view->findChildren<QCheckBox*>()) {
            own = b->text().contains(QStringLiteral("Ollama")) ? b : own;
        }
        QVERIFY(context != nullptr && own != nullptr);
        QVERIFY(own->isVisibleTo(view) && own->isChecked());
        QVERIFY(!context->isEnabled());
        QCOMPARE(context->value(), 32768);
        QVERIFY(!m->query().context_given);
        QLabel* machine = nullptr;
        for (QLabel* l : view->findChildren<QLabel*>()) {
            machine = l->text().contains(QStringLiteral(" × NVIDIA L40S")) ? l : machine;
        }
        QVERIFY(machine != nullptr);
        QVERIFY2(
            machine->text().contains(QStringLiteral("Ollama's default context (32,768 tokens")),
            qPrintable(machine->text()));
        own->click();
        QVERIFY(!m->choice().ollama_default_context && m->query().context_given);
        QVERIFY(context->isEnabled());
        QCOMPARE(context->value(), 8192);
        QVERIFY2(machine->text().contains(QStringLiteral("8,192 tokens, batch 1")),
                 qPrintable(machine->text()));
        QCOMPARE(HardwareChoice::fromStrings(m->choice().toStrings()), m->choice());
        // Under another runtime the box is hidden and the field is the context.
        ch.runtime = QStringLiteral("llama.cpp");
        m->setChoice(ch);
        QVERIFY(!own->isVisibleTo(view) && context->isEnabled() && m->query().context_given);
        // A CPU-only machine's RAM is its memory: the greyed RAM bandwidth is its own 51.2 GB/s
        // (2 channels × 8 bytes × 3,200 MT/s), not the 89.6 kept for a GPU's offloaded layers.
        QDoubleSpinBox* bandwidth = nullptr;
        for (QDoubleSpinBox* b : view->findChildren<QDoubleSpinBox*>()) {
            bandwidth =
                b->accessibleName() == QStringLiteral("RAM bandwidth, GB/s") ? b : bandwidth;
        }
        QVERIFY(bandwidth != nullptr);
        ch.gpu = QStringLiteral("cpu-ddr4-3200-2ch-64gb");
        m->setChoice(ch);
        QVERIFY(!bandwidth->isEnabled());
        QCOMPARE(bandwidth->value(), 51.2);
        QCOMPARE(m->choice().ram_bandwidth_gb_s, HardwareChoice{}.ram_bandwidth_gb_s);
        QVERIFY(!HardwareChoice::fromStrings(
                     {QStringLiteral("runtime=ollama"), QStringLiteral("context=16384")})
                     .ollama_default_context);
        QVERIFY(
            HardwareChoice::fromStrings({QStringLiteral("runtime=ollama")}).ollama_default_context);
    }

    // A saved machine whose GPU the catalog does not hold yet (this machine's own, before its
    // detection is done): the picker shows the GPU the rows use meanwhile (the default RTX
    // 4090), as the machine's line does, not the first entry of the list; and a field changed
    // then keeps the saved GPU for when the catalog has it.
    void unknownGpuShowsWhatTheRowsUse()
    {
        test::WindowFixture f(QStringLiteral("llama-3-8b"));
        HardwareView* view = f.window->hardwareView();
        HardwareModel* m = view->model();
        HardwareChoice ch = rtx4090();
        ch.gpu = QStringLiteral("detected-gpu-0");
        m->setChoice(ch);
        QVERIFY(f.window->views()->showView(QStringLiteral("hardware")));
        QComboBox* picker = nullptr;
        for (QComboBox* b : view->findChildren<QComboBox*>()) {
            picker = b->accessibleName() == QStringLiteral("GPU") ? b : picker;
        }
        QVERIFY(picker != nullptr);
        QCOMPARE(picker->currentData().toString(),
                 QString::fromStdString(m->query().hardware.gpu.id));
        QCOMPARE(picker->currentData().toString(), HardwareChoice{}.gpu);
        QSpinBox* batch = nullptr;
        for (QSpinBox* b : view->findChildren<QSpinBox*>()) {
            batch = b->accessibleName() == QStringLiteral("Concurrent sequences") ? b : batch;
        }
        QVERIFY(batch != nullptr);
        batch->setValue(2);
        emit batch->editingFinished();
        QCOMPARE(m->choice().batch, std::uint64_t{2});
        QCOMPARE(m->choice().gpu, QStringLiteral("detected-gpu-0"));
    }

    // Fusion frames a field in the window colour darkened; a disabled field filled with the
    // base colour (as dark as that frame) showed none.
    void darkFieldsAndBoxesKeepAFrame()
    {
        const QPalette dark = darkPalette();
        const QColor window = dark.color(QPalette::Window);
        const QColor frame = window.darker(140);
        const QColor fill = dark.color(QPalette::Disabled, QPalette::Base);
        QVERIFY2(std::abs(fill.lightness() - frame.lightness()) >= 10,
                 qPrintable(QStringLiteral("%1 vs %2").arg(fill.name(), frame.name())));
        // So did an unchecked check box ("Runs entirely on the GPUs"): its frame is now half way
        // between its text and its fill.
        applyTheme(*qApp, Theme::Dark);
        QCheckBox box(QStringLiteral("Runs entirely on the GPUs"));
        box.setPalette(dark);
        box.resize(box.sizeHint());
        const QImage image = box.grab().toImage();
        QStyleOptionButton option;
        option.initFrom(&box);
        const QRect indicator =
            box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
        const QColor edge = image.pixelColor(indicator.left(), indicator.center().y());
        QVERIFY2(edge.lightness() - dark.color(QPalette::Base).lightness() >= 40,
                 qPrintable(edge.name()));
        // And a spin box and a text field, enabled (System RAM, the filter).
        QSpinBox spin;
        QLineEdit line;
        for (QWidget* w : {static_cast<QWidget*>(&spin), static_cast<QWidget*>(&line)}) {
            w->setPalette(dark);
            w->resize(120, 28);
            const QImage shot = w->grab().toImage();
            const QColor left = shot.pixelColor(0, shot.height() / 2);
            QVERIFY2(left.lightness() - dark.color(QPalette::Base).lightness() >= 40,
                     qPrintable(QString::fromLatin1(w->metaObject()->className()) + left.name()));
        }
    }
};

LLMSIZER_TEST_MAIN(TestUiHardwareLayout)
#include "tst_ui_hardware_layout.moc"
