// My hardware's line about the machine (hardwareSummary): what each runtime counts and nothing it
// does not. vLLM's own settings as its rows count them; RAM for offloaded layers only under a
// runtime that offloads (vLLM's line offered 64 GB of RAM its rows never use); on a CPU-only
// machine a row fits in RAM, not "on one GPU", and no count of CPUs is "needed".
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/hardware_view.h"
#include "llmsizer/present/table.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

RunQuery h100(Runtime runtime)
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at("h100-sxm-80gb");
    q.hardware.ram_bytes = 64'000'000'000;
    q.runtime = runtimeProfile(runtime);
    return q;
}

bool has(const std::string& text, const char* part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestHardwareSummary : public QObject {
    Q_OBJECT
private slots:
    void vllmSaysItsSettings()
    {
        RunQuery q = h100(Runtime::Vllm);
        std::string line = hardwareSummary(q);
        QVERIFY2(has(line, "vLLM (share 0.90, its default sequences, sorting sampler)"),
                 line.c_str());
        QVERIFY2(!has(line, "offloaded"), line.c_str());
        q.runtime.vllm.max_num_seqs = 256;
        q.runtime.vllm.flashinfer_sampler = true;
        q.runtime.vllm.gpu_memory_utilization = {95, 100};
        line = hardwareSummary(q);
        QVERIFY2(has(line, "(share 0.95, 256 sequences, FlashInfer sampler)"), line.c_str());
        // llama.cpp offloads layers to the RAM: the line says how much and how fast.
        line = hardwareSummary(h100(Runtime::LlamaCpp));
        QVERIFY2(has(line, "+ 64.0 GB of RAM at 89.6 GB/s for offloaded layers"), line.c_str());
    }

    // TensorRT-LLM on an Apple M3 Max: the runtime does not run on the device (CUDA only), said
    // once on the machine's line; on an H100 nothing is said.
    void runtimeOffItsDevice()
    {
        RunQuery q = h100(Runtime::TensorRtLlm);
        QVERIFY2(!has(hardwareSummary(q), "does not run"), hardwareSummary(q).c_str());
        q.hardware.gpu = testsupport::bundledCatalog().at("m3-max-64gb");
        const std::string line = hardwareSummary(q);
        QVERIFY2(has(line, "TensorRT-LLM (does not run on it: use llama.cpp or MLX)"),
                 line.c_str());
    }

    // A model the runtime does not run (llama.cpp has no OPT architecture) is one row for all its
    // precisions: "all 7", no memory or headroom, its note on the tooltip; a precision filter
    // still finds it. Llama 3 8B beside it keeps its 7 rows.
    // A row Ollama runs a step below its default context (its one retry of a load that ran out
    // of memory: Llama 3.3 70B Q4_K_M on a 64 GB M3 Max, tst_runs) says so in the change column.
    void ollamaRetryIsShown()
    {
        RunQuery q;
        q.hardware.gpu = testsupport::bundledCatalog().at("m3-max-64gb");
        q.runtime = runtimeProfile(Runtime::Ollama);
        q.context_given = false;
        const std::vector<ModelRuns> runs{
            presetRuns(testsupport::bundledPresetEntry("llama-3.3-70b"), q)};
        bool seen = false;
        for (const HardwareRow& row : hardwareRows(runs, ByteUnits::Decimal)) {
            const std::string machine =
                row.cells.at(static_cast<std::size_t>(HardwareColumn::Machine)).text;
            if (row.precision_id == "q4_k_m") {
                QCOMPARE(machine, std::string("at 32,768 tokens: Ollama's retry"));
                seen = true;
            }
        }
        QVERIFY(seen);
    }

    void unsupportedModelIsOneRow()
    {
        const RunQuery q = h100(Runtime::LlamaCpp);
        const std::vector<ModelRuns> runs =
            presetRuns({testsupport::bundledPresetEntry("opt-125m"),
                        testsupport::bundledPresetEntry("llama-3-8b")},
                       q);
        QCOMPARE(runs.at(0).rows.size(), std::size_t(7));
        const std::vector<HardwareRow> rows = hardwareRows(runs, ByteUnits::Decimal);
        QCOMPARE(rows.size(), std::size_t(1 + 7));
        const HardwareRow& opt = rows.at(0);
        const auto cell = [&opt](HardwareColumn c) {
            return opt.cells.at(static_cast<std::size_t>(c)).text;
        };
        QCOMPARE(cell(HardwareColumn::Precision), std::string("all 7"));
        QCOMPARE(cell(HardwareColumn::Verdict), std::string("✗ unsupported"));
        QCOMPARE(cell(HardwareColumn::MemoryPerGpu), std::string("–"));
        QCOMPARE(cell(HardwareColumn::Headroom), std::string("–"));
        QCOMPARE(opt.merged_precisions.size(), std::size_t(7));
        QVERIFY2(has(opt.tooltip, "at every precision (") && has(opt.tooltip, "OPT architecture"),
                 opt.tooltip.c_str());
        HardwareFilter f;
        f.precision = "q4_k_m";
        QVERIFY(hardwareRowPasses(opt, f));
        QVERIFY(hardwareRowPasses(rows.at(5), f) != hardwareRowPasses(rows.at(6), f));
        f.gpu_only = true;
        QVERIFY(!hardwareRowPasses(opt, f));
    }

    void cpuOnlyFitsInRam()
    {
        RunQuery q;
        q.hardware.gpu = testsupport::bundledCatalog().at("cpu-ddr5-5600-2ch-64gb");
        q.runtime = runtimeProfile(Runtime::LlamaCpp);
        const Preset& p = testsupport::bundledPresetEntry("llama-3-8b");
        const RunRow r = evaluateRun(
            RunModel{p.config, countParameters(p.config), p.shipped_precision, std::nullopt},
            precisionById("q4_k_m"), q);
        QCOMPARE(r.verdict, RunVerdict::Fits);
        QVERIFY2(r.note.rfind("fits in RAM, ", 0) == 0, r.note.c_str());
        // My hardware's GPU layers column says where the layers run.
        ModelRuns runs;
        runs.id = p.id;
        runs.name = p.name;
        runs.rows = {r};
        const std::vector<HardwareRow> rows = hardwareRows({runs}, ByteUnits::Decimal);
        QCOMPARE(rows.at(0).cells.at(static_cast<std::size_t>(HardwareColumn::GpuLayers)).text,
                 std::string("CPU"));
        // Compare's "GPUs needed" for a model it cannot hold: no count of CPUs pools their RAM.
        TableOptions o;
        o.hardware = q;
        o.hardware_precision = "fp16";
        const ComparisonTable t =
            buildComparisonTable({{"DeepSeek-V3", testsupport::bundledPreset("deepseek-v3")}}, o);
        QCOMPARE(t.row("hardware.gpus_needed")->cells[0].text,
                 std::string("– (one device runs it alone)"));
    }

    // The Runs? column marks what the CLI stars: a build newer than the profile's (Qwen3.5 under
    // vLLM 0.11.0, from 0.17.0) and an architecture whose support is not known (Zamba2, which
    // SGLang has no class of its own for); Llama 3 8B, which SGLang has always run, is plain.
    void runsColumnMarksArchitectureSupport()
    {
        const auto verdict = [](const char* id, Runtime runtime = Runtime::Sglang) {
            const Preset& p = testsupport::bundledPresetEntry(id);
            RunQuery q = h100(runtime);
            q.context = 4096;
            return runVerdictText(evaluateRun(RunModel{p.config, countParameters(p.config),
                                                       p.shipped_precision, std::nullopt},
                                              precisionById("bf16"), q),
                                  false);
        };
        QCOMPARE(verdict("qwen3.5-27b", Runtime::Vllm), std::string("✓ fits (newer build)"));
        QCOMPARE(verdict("zamba2-1.2b"), std::string("✓ fits (?)"));
        QCOMPARE(verdict("llama-3-8b"), std::string("✓ fits"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestHardwareSummary)
#include "tst_hardware_summary.moc"
