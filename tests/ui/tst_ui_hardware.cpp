// My hardware as a user drives it: the machine's rows (one RTX 4090 with 64 GB of RAM under
// llama.cpp, worked out by hand in tst_runs), the filters, opening a row in the Overview, whose
// bar then shows the row's own memory, the rows computed off the main thread, llama.cpp's backend
// on a Radeon, and the choice kept in the settings.
#include "llmsizer/memory/memory.h"
#include "llmsizer/present/hardware_view.h"
#include "support/hardware_rows.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/hardware/hardwaretable.h"
#include "ui/hardware/hardwareview.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/hardwareitems.h"
#include "ui/state/hardwaremodel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QtTest>
#include <cmath>
#include <set>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using test::hardwareCell;
using test::hardwareRow;

HardwareChoice rtx4090()
{
    return test::rtx4090Choice();
}

const HardwareRow* find(const HardwareModel& m, const char* preset, const char* precision)
{
    return hardwareRow(m, preset, precision);
}

QString cell(const HardwareRow& r, HardwareColumn c)
{
    return hardwareCell(r, c);
}

// A field of the view by its accessible name, nullptr when there is none.
template <typename Field> Field* field(const QWidget* view, const char* name)
{
    for (Field* b : view->findChildren<Field*>()) {
        if (b->accessibleName() == QLatin1String(name)) {
            return b;
        }
    }
    return nullptr;
}

} // namespace

class TestUiHardware : public QObject {
    Q_OBJECT
private slots:
    void rowsOfOneRtx4090()
    {
        test::WindowFixture f(QStringLiteral("llama-3-70b"));
        HardwareModel* m = f.window->hardwareView()->model();
        m->setChoice(rtx4090());
        m->computeNow();
        const HardwareRow* big = find(*m, "llama-3-70b", "q4_k_m");
        QVERIFY(big != nullptr);
        QCOMPARE(big->verdict, RunVerdict::Offload);
        QCOMPARE(cell(*big, HardwareColumn::GpuLayers), QStringLiteral("46 / 80"));
        QCOMPARE(cell(*big, HardwareColumn::Ram), QStringLiteral("20.1")); // 20,105,773,056 B
        for (const char* p : {"q4_k_m", "q8_0"}) {
            const HardwareRow* small = find(*m, "llama-3-8b", p);
            QVERIFY(small != nullptr);
            QCOMPARE(small->verdict, RunVerdict::Fits);
        }
        // One row per preset and precision llama.cpp offers (gpt-oss adds its MXFP4_MOE file),
        // but one for a model llama.cpp does not run: GPT-J 6B, OPT-125M/350M/6.7B and Zamba2
        // 1.2B (no such architecture in llama.cpp; docs/memory.md).
        std::set<std::string> merged;
        for (const HardwareRow& r : m->rows()) {
            if (!r.merged_precisions.empty()) {
                merged.insert(r.model_id);
            }
        }
        QCOMPARE(merged, (std::set<std::string>{"gpt-j-6b", "opt-125m", "opt-350m", "opt-6.7b",
                                                "zamba2-1.2b"}));
        const std::size_t presets = f.model->presets().size();
        QVERIFY(m->rows().size() >= (presets - merged.size()) * 7 + merged.size());
    }

    void filters()
    {
        test::WindowFixture f(QStringLiteral("llama-3-70b"));
        HardwareView* view = f.window->hardwareView();
        view->model()->setChoice(rtx4090());
        view->model()->computeNow();
        HardwareFilterModel* filter = view->filterModel();
        HardwareFilter only;
        only.gpu_only = true;
        filter->setFilter(only);
        QVERIFY(filter->rowCount() > 0);
        for (int r = 0; r < filter->rowCount(); ++r) {
            const QString verdict =
                filter->index(r, static_cast<int>(HardwareColumn::Verdict)).data().toString();
            QVERIFY2(verdict.startsWith(QStringLiteral("✓")), qPrintable(verdict));
        }
        HardwareFilter llama;
        llama.family = "Llama";
        llama.year = 2024;
        llama.precision = "q4_k_m";
        filter->setFilter(llama);
        QVERIFY(filter->rowCount() >= 3); // Llama 3 8B, 70B, 3.1 405B, 3.2 1B, 3.3 70B
        for (int r = 0; r < filter->rowCount(); ++r) {
            QCOMPARE(filter->index(r, static_cast<int>(HardwareColumn::Family)).data().toString(),
                     QStringLiteral("Llama"));
            QCOMPARE(filter->index(r, static_cast<int>(HardwareColumn::Year)).data().toString(),
                     QStringLiteral("2024"));
        }
        // Sorted by decode speed, fastest first: the numbers, not their text.
        filter->setFilter({});
        view->table()->sortByColumn(static_cast<int>(HardwareColumn::Decode), Qt::DescendingOrder);
        const double first =
            filter->index(0, 0).data(HardwareTableModel::SortRole).toDouble() >= 0 ? 1 : 0;
        QCOMPARE(first, 1.0);
        double previous = 1e300;
        for (int r = 0; r < filter->rowCount(); ++r) {
            const double v = filter->index(r, static_cast<int>(HardwareColumn::Decode))
                                 .data(HardwareTableModel::SortRole)
                                 .toDouble();
            QVERIFY(v <= previous);
            previous = v;
        }
    }

    // Opening a row shows its model and precision in the Overview with the row's workload: the
    // Overview's bar at that precision holds the row's memory exactly — what the GPU holds and
    // what llama.cpp keeps in RAM (the token embedding) together.
    void openInOverviewShowsTheSameMemory()
    {
        test::WindowFixture f(QStringLiteral("gpt-2-small"));
        HardwareModel* m = f.window->hardwareView()->model();
        m->setChoice(rtx4090());
        m->computeNow();
        const HardwareRow* row = find(*m, "llama-3-8b", "q8_0");
        QVERIFY(row != nullptr);
        const double memory =
            row->cells.at(static_cast<std::size_t>(HardwareColumn::MemoryPerGpu)).sort +
            row->cells.at(static_cast<std::size_t>(HardwareColumn::Ram)).sort;
        f.window->openInOverview(QStringLiteral("llama-3-8b"), QStringLiteral("q8_0"));
        QCOMPARE(f.model->presetId(), QStringLiteral("llama-3-8b"));
        QCOMPARE(f.model->precision(), QStringLiteral("q8_0"));
        QCOMPARE(f.model->context(), quint64(8192));
        QCOMPARE(f.model->overhead(), QStringLiteral("llama.cpp"));
        QVERIFY(f.model->gpus().contains(QStringLiteral("rtx-4090-24gb")));
        const MemoryBar& bar = f.model->selectedBar();
        QCOMPARE(static_cast<double>(bar.total), memory);
        // The GGUF file type has its own bar on the chart.
        QVERIFY(f.model->extraPrecisions().contains(QStringLiteral("q8_0")));
    }

    // Shown, the view computes on a worker thread and the rows arrive on the main thread.
    void computedOffTheMainThread()
    {
        test::WindowFixture f(QStringLiteral("llama-3-70b"));
        f.window->show();
        QVERIFY(f.window->views()->showView(QStringLiteral("hardware")));
        HardwareModel* m = f.window->hardwareView()->model();
        QSignalSpy rows(m, &HardwareModel::rowsChanged);
        m->setChoice(rtx4090());
        QVERIFY(m->busy() || !m->rows().empty());
        QTRY_VERIFY_WITH_TIMEOUT(!m->busy() && find(*m, "llama-3-70b", "q4_k_m") != nullptr, 30000);
        QVERIFY(!rows.isEmpty());
        // Opened on Llama 3 70B, the table shows its rows: the first current and in view.
        QTableView* table = f.window->hardwareView()->table();
        QTRY_COMPARE(table->currentIndex().data(HardwareTableModel::PresetRole).toString(),
                     QStringLiteral("llama-3-70b"));
        QVERIFY(table->visualRect(table->currentIndex()).intersects(table->viewport()->rect()));
        // A model chosen in the Overview since is followed when the view is shown again.
        QVERIFY(f.window->views()->showView(QStringLiteral("overview")));
        QVERIFY(f.model->selectPreset(QStringLiteral("gpt-2-small")));
        QVERIFY(f.window->views()->showView(QStringLiteral("hardware")));
        QTRY_COMPARE(table->currentIndex().data(HardwareTableModel::PresetRole).toString(),
                     QStringLiteral("gpt-2-small"));
    }

    // On an RX 7900 XTX under llama.cpp, choosing Vulkan in the backend box moves a row's decode
    // by the two backends' efficiencies (runtime.cpp: ROCm/HIP, the automatic choice, and
    // Vulkan), and the efficiency field shows Vulkan's; on an RTX 4090 the choice changes nothing.
    void vulkanChangesARadeonRow()
    {
        test::WindowFixture f(QStringLiteral("llama-3-70b"));
        HardwareView* view = f.window->hardwareView();
        HardwareModel* m = view->model();
        HardwareChoice radeon = rtx4090();
        radeon.gpu = QStringLiteral("rx-7900-xtx-24gb");
        m->setChoice(radeon);
        m->computeNow();
        const HardwareRow* rocm = find(*m, "llama-3-8b", "q4_k_m");
        QVERIFY(rocm != nullptr);
        const double rocmDecode =
            rocm->cells.at(static_cast<std::size_t>(HardwareColumn::Decode)).sort;
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QDoubleSpinBox* efficiency = field<QDoubleSpinBox>(view, "Decode efficiency");
        QVERIFY(efficiency != nullptr);
        QVERIFY(std::abs(efficiency->value() - s.bandwidth_gddr_amd) < 0.006);
        QVERIFY(hardwareSpeedNote(m->runtime(), m->query().hardware.gpu).find("routed experts") ==
                std::string::npos);
        QComboBox* backend = view->backendBox();
        QVERIFY(backend->isEnabled());
        QCOMPARE(backend->currentData().toString(), QStringLiteral("auto"));
        backend->setCurrentIndex(backend->findData(QStringLiteral("vulkan")));
        emit backend->activated(backend->currentIndex());
        QCOMPARE(m->choice().backend, QStringLiteral("vulkan"));
        QCOMPARE(m->choice().decode_efficiency, 0.0); // still the runtime's own figure
        m->computeNow();
        const HardwareRow* vulkan = find(*m, "llama-3-8b", "q4_k_m");
        QVERIFY(vulkan != nullptr);
        const double vulkanDecode =
            vulkan->cells.at(static_cast<std::size_t>(HardwareColumn::Decode)).sort;
        QVERIFY2(vulkanDecode > rocmDecode * 1.05,
                 qPrintable(QStringLiteral("%1 vs %2").arg(vulkanDecode).arg(rocmDecode)));
        // Memory bound with the same layer cost: less than the efficiencies' whole ratio.
        QVERIFY(vulkanDecode < rocmDecode * s.bandwidth_gddr_amd_vulkan / s.bandwidth_gddr_amd);
        QCOMPARE(decodeEfficiency(m->runtime(), m->query().hardware.gpu),
                 s.bandwidth_gddr_amd_vulkan);
        QVERIFY(std::abs(efficiency->value() - s.bandwidth_gddr_amd_vulkan) < 0.006);
        QCOMPARE(cell(*vulkan, HardwareColumn::Verdict), cell(*rocm, HardwareColumn::Verdict));
        // The note under the table states the Vulkan figure and what a MoE's routed experts
        // reach of the peak: round(100 × 0.811) = 81 %, round(100 × 0.811 × 0.634) = 51 %.
        const std::string note = hardwareSpeedNote(m->runtime(), m->query().hardware.gpu);
        QVERIFY2(note.find("on Vulkan: 81% of peak memory bandwidth on this memory (a MoE's "
                           "routed experts: 51%),") != std::string::npos,
                 note.c_str());

        // The same choice on a GeForce: no row moves.
        HardwareChoice nv = rtx4090();
        m->setChoice(nv);
        m->computeNow();
        const double auto4090 = find(*m, "llama-3-8b", "q4_k_m")
                                    ->cells.at(static_cast<std::size_t>(HardwareColumn::Decode))
                                    .sort;
        nv.backend = QStringLiteral("vulkan");
        m->setChoice(nv);
        m->computeNow();
        QCOMPARE(find(*m, "llama-3-8b", "q4_k_m")
                     ->cells.at(static_cast<std::size_t>(HardwareColumn::Decode))
                     .sort,
                 auto4090);
        // A serving engine has no llama.cpp backend to choose.
        nv.runtime = QStringLiteral("vllm");
        m->setChoice(nv);
        QVERIFY(!backend->isEnabled());
    }

    // A Mac's unified memory: no separate RAM, and the part the system keeps is a field of its
    // own. Qwen3 32B at F16 on a 64 GiB M3 Max needs 17.2 GB beside the GPU's 51.5 GB share,
    // which the default 2 GiB reserve does not leave (tst_runtimes); keeping 0.5 GiB it runs.
    void systemKeepsPartOfUnifiedMemory()
    {
        test::WindowFixture f(QStringLiteral("qwen3-32b"));
        HardwareView* view = f.window->hardwareView();
        HardwareModel* m = view->model();
        HardwareChoice mac = rtx4090();
        mac.gpu = QStringLiteral("m3-max-64gb");
        m->setChoice(mac);
        m->computeNow();
        QDoubleSpinBox* keeps = field<QDoubleSpinBox>(view, "Memory the system keeps, GiB");
        QDoubleSpinBox* ram = field<QDoubleSpinBox>(view, "System RAM for offloading, GB");
        QVERIFY(keeps != nullptr && ram != nullptr);
        QVERIFY(keeps->isEnabled() && !keeps->isHidden() && !ram->isEnabled());
        QCOMPARE(keeps->value(), 2.0);
        QCOMPARE(cell(*find(*m, "qwen3-32b", "fp16"), HardwareColumn::Verdict),
                 QStringLiteral("✗ no"));
        // Stepped down with the arrow key (by 0.5 GiB a step, three times), the field applies
        // once the stepping pauses, without Enter.
        keeps->setFocus();
        for (int i = 0; i < 3; ++i) {
            QTest::keyClick(keeps, Qt::Key_Down);
        }
        QCOMPARE(m->choice().os_reserve_bytes, std::uint64_t{2} << 30); // not yet
        QTRY_COMPARE(m->choice().os_reserve_bytes, std::uint64_t{1} << 29);
        m->computeNow();
        // It runs, with 0.7 GB beside it less the 0.5 GiB kept: under 5 % of that side to spare.
        QCOMPARE(cell(*find(*m, "qwen3-32b", "fp16"), HardwareColumn::Verdict),
                 QStringLiteral("◐ offload (tight)"));
        // Passing through a smaller device shows the reserve within its memory and keeps the
        // value set: 12 GiB on a DGX Spark, an 8 GB M1 (shown 8), the Spark again (12).
        QComboBox* gpus = view->gpuBox();
        const auto pick = [&](const char* id) {
            gpus->setCurrentIndex(gpus->findData(QString::fromLatin1(id)));
            emit gpus->activated(gpus->currentIndex());
        };
        pick("dgx-spark-128gb");
        keeps->setValue(12);
        emit keeps->editingFinished();
        QCOMPARE(m->choice().os_reserve_bytes, std::uint64_t{12} << 30);
        pick("m1-8gb");
        QCOMPARE(keeps->value(), 8.0);
        QCOMPARE(m->query().hardware.unified_os_reserve_bytes, std::uint64_t{8} << 30);
        pick("dgx-spark-128gb");
        QCOMPARE(keeps->value(), 12.0);
        QCOMPARE(m->choice().os_reserve_bytes, std::uint64_t{12} << 30);
        // One unified device runs a model alone: the count shows 1 and cannot be raised.
        QSpinBox* count = nullptr;
        for (QSpinBox* b : view->findChildren<QSpinBox*>()) {
            count = b->value() == 1 && !b->isEnabled() ? b : count;
        }
        QVERIFY(count != nullptr);
        QCOMPARE(m->query().hardware.gpus, std::uint64_t{1});
        // A discrete card has RAM of its own and no such field; a CPU-only machine's RAM is its
        // memory, which the field sets.
        m->setChoice(rtx4090());
        QVERIFY(keeps->parentWidget()->isHidden() && ram->isEnabled());
        HardwareChoice cpu = rtx4090();
        cpu.gpu = QStringLiteral("cpu-ddr5-5600-2ch-64gb");
        m->setChoice(cpu);
        QVERIFY(ram->isEnabled() && keeps->parentWidget()->isHidden());
        // Picked from the list after a 32 GB machine, it is the size its entry says: 64 GiB, as
        // memory modules are sold (2 x 32 GiB), 68.7 GB.
        HardwareChoice small = rtx4090();
        small.ram_bytes = 32'000'000'000;
        m->setChoice(small);
        pick("cpu-ddr5-5600-2ch-64gb");
        QCOMPARE(m->choice().ram_bytes, m->query().hardware.gpu.memory_bytes);
        QCOMPARE(ram->value(), 68.7);
    }

    // A CPU's prefill share is above 1 (llama.cpp's fitted 1.02: int8 dot products pass the FP32
    // rate): the field shows it, and changing another field leaves it the runtime's own.
    void cpuPrefillShareAboveOne()
    {
        test::WindowFixture f(QStringLiteral("llama-3-8b"));
        HardwareView* view = f.window->hardwareView();
        HardwareModel* m = view->model();
        HardwareChoice cpu = rtx4090();
        cpu.gpu = QStringLiteral("cpu-ddr5-5600-2ch-64gb");
        m->setChoice(cpu);
        QDoubleSpinBox* prefill = field<QDoubleSpinBox>(view, "Prefill efficiency");
        QVERIFY(prefill != nullptr);
        const double fitted = runtimeProfile(Runtime::LlamaCpp).speed.prefill_cpu;
        QVERIFY(fitted > 1);
        QVERIFY(std::abs(prefill->value() - fitted) < 0.006);
        QSpinBox* batch = field<QSpinBox>(view, "Concurrent sequences");
        QVERIFY(batch != nullptr);
        batch->setValue(2);
        emit batch->editingFinished();
        QTRY_COMPARE(m->choice().batch, std::uint64_t{2});
        QCOMPARE(m->choice().prefill_efficiency, 0.0);
        // Set by hand above 1, it is kept.
        prefill->setValue(1.5);
        emit prefill->editingFinished();
        QTRY_COMPARE(m->choice().prefill_efficiency, 1.5);
    }

    void choiceKeptInTheSettings()
    {
        HardwareChoice c = rtx4090();
        c.gpus = 2;
        c.runtime = QStringLiteral("vllm");
        c.decode_efficiency = 0.7;
        QCOMPARE(HardwareChoice::fromStrings(c.toStrings()), c);
        c.runtime = QStringLiteral("ollama");
        c.backend = QStringLiteral("vulkan");
        c.detected = true;
        c.os_reserve_bytes = 3'000'000'000;
        QCOMPARE(HardwareChoice::fromStrings(c.toStrings()), c);
        // What the settings keep reads back without a problem to report.
        QCOMPARE(hardwareItemsProblem(c.toStrings()), QString());
        QCOMPARE(HardwareChoice::fromStrings({QStringLiteral("backend=hip")}).backend,
                 QStringLiteral("rocm"));
        QCOMPARE(HardwareChoice::fromStrings({QStringLiteral("backend=cuda")}).backend,
                 QStringLiteral("auto"));
        // Bad values keep the defaults.
        const HardwareChoice bad = HardwareChoice::fromStrings(
            {QStringLiteral("gpus=0"), QStringLiteral("context=x"), QStringLiteral("nonsense")});
        QCOMPARE(bad, HardwareChoice{});
    }
};

LLMSIZER_TEST_MAIN(TestUiHardware)
#include "tst_ui_hardware.moc"
