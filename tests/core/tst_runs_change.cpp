// Every "no" row names the smallest change that makes it run (docs/memory.md, "The whole machine,
// and its best answer"), also when no single change does: a model too large for 64 GPUs of its
// kind at its precision gets a lower precision with more GPUs.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/shape/runs.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

// The row of a preset on `gpus` devices of `gpu` (a unified one resized to `gib` GiB when
// given), at 8,192 tokens unless `context` says otherwise.
RunRow runOn(const char* id, const char* precision, const char* gpu, Runtime runtime,
             std::uint64_t gpus = 1, std::uint64_t context = 8192, std::uint64_t gib = 0)
{
    const Preset& p = testsupport::bundledPresetEntry(id);
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(gpu);
    if (gib > 0) {
        q.hardware.gpu.memory_value = static_cast<double>(gib);
        q.hardware.gpu.memory_bytes = gib << 30;
    }
    q.hardware.gpus = gpus;
    q.runtime = runtimeProfile(runtime);
    q.context = context;
    return evaluateRun(
        RunModel{p.config, countParameters(p.config), p.shipped_precision, presetFp8Checkpoint(p)},
        precisionById(precision), q);
}

RunRow run(const char* precision, std::uint64_t gpus, const char* gpu = "rtx-4060-ti-16gb",
           Runtime runtime = Runtime::Vllm)
{
    return runOn("deepseek-v3", precision, gpu, runtime, gpus);
}

} // namespace

class TestRunsChange : public QObject {
    Q_OBJECT
private slots:
    // DeepSeek-V3 in BF16 is 1.34 TB: 82 cards of 16 GiB at 100 % before any KV cache, so more
    // than the 64 the search for more GPUs goes to; in FP8 (671 GB, 44 cards at least) it runs
    // on a few nodes of eight. The change says both, and the GPUs it names run the FP8 weights
    // where one node fewer does not.
    void tooLargeForMoreGpusAlone()
    {
        const RunRow r = run("bf16", 1);
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("no"));
        const std::string prefix = "FP8 weights and ";
        QVERIFY2(r.change.rfind(prefix, 0) == 0, r.change.c_str());
        const std::size_t in = r.change.find(" in all");
        QVERIFY2(in != std::string::npos, r.change.c_str());
        const std::size_t open = r.change.rfind('(', in);
        const std::uint64_t all = std::stoull(r.change.substr(open + 1, in - open - 1));
        QVERIFY2(all >= 44 && all % 8 == 0, r.change.c_str());
        // Beyond a node, in nodes of eight: "(56 in all: 7 nodes of 8)".
        QVERIFY2(r.change.find(std::to_string(all) + " in all: " + std::to_string(all / 8) +
                               " nodes of 8)") != std::string::npos,
                 r.change.c_str());
        QVERIFY(runVerdictKey(run("fp8", all).verdict) != std::string_view("no"));
        QCOMPARE(runVerdictKey(run("fp8", all - 8).verdict), std::string_view("no"));
        // INT4 (group 128), about 671e9 × 4.25 / 8 = 356 GB (hand count), 23 cards at least:
        // named too, on at least a quarter fewer GPUs, which run it where a node fewer does not.
        const std::string alt = "; or INT4 (group 128) weights and ";
        const std::size_t at = r.change.find(alt);
        QVERIFY2(at != std::string::npos, r.change.c_str());
        const std::size_t in4 = r.change.rfind(" in all");
        const std::size_t open4 = r.change.rfind('(', in4);
        const std::uint64_t int4 = std::stoull(r.change.substr(open4 + 1, in4 - open4 - 1));
        QVERIFY2(int4 >= 23 && int4 * 4 <= all * 3 && int4 % 8 == 0, r.change.c_str());
        QVERIFY(runVerdictKey(run("int4_g128", int4).verdict) != std::string_view("no"));
        QCOMPARE(runVerdictKey(run("int4_g128", int4 - 8).verdict), std::string_view("no"));
    }

    // Under SGLang a "no" row first names its share raised (its own error's advice): Qwen3.5
    // 35B-A3B BF16 on one H100 at 32,768 tokens, above the default of (81,920 − 13,904) /
    // 81,920 = 0.830 (hand count); the share named runs it and a hundredth less does not. A
    // share set so high that the activations and graphs do not fit names the highest that runs.
    void sglangShareRaised()
    {
        const RunRow r =
            runOn("qwen3.5-35b-a3b", "bf16", "h100-sxm-80gb", Runtime::Sglang, 1, 32768);
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("no"));
        const std::string flag = "--mem-fraction-static 0.";
        QVERIFY2(r.change.rfind(flag, 0) == 0, r.change.c_str());
        const std::uint64_t k = std::stoull(r.change.substr(flag.size(), 2));
        QVERIFY2(k > 83 && k <= 95, r.change.c_str());
        const auto at = [](std::uint64_t hundredths) {
            const Preset& p = testsupport::bundledPresetEntry("qwen3.5-35b-a3b");
            RunQuery q;
            q.hardware.gpu = testsupport::bundledCatalog().at("h100-sxm-80gb");
            q.runtime = runtimeProfile(Runtime::Sglang);
            q.runtime.sglang.mem_fraction_static = {hundredths, 100};
            q.context = 32768;
            return evaluateRun(RunModel{p.config, countParameters(p.config), p.shipped_precision,
                                        presetFp8Checkpoint(p)},
                               precisionById("bf16"), q);
        };
        QVERIFY(runVerdictKey(at(k).verdict) != std::string_view("no"));
        QCOMPARE(runVerdictKey(at(k - 1).verdict), std::string_view("no"));
        // At 1.00 nothing is left for them: the highest share up to 0.95 that runs.
        const RunRow full = at(100);
        QVERIFY2(full.change.find("leaves too little beside it") != std::string::npos,
                 full.change.c_str());
        const std::uint64_t highest = std::stoull(full.change.substr(flag.size(), 2));
        QVERIFY2(highest >= k && highest <= 95 &&
                     runVerdictKey(at(highest).verdict) != std::string_view("no"),
                 full.change.c_str());
    }

    // On one pool of unified memory the change names a device that exists: DeepSeek-V3 in BF16
    // would need 1.8 TB of it (no Mac has more than 512 GB), in MLX's 4-bit about 671e9 × 4.5 /
    // 8 = 377 GB of weights, so 377 / 0.75 (the GPU's default share) = 503 GB = 469 GiB and a
    // little more for the cache (hand count): a device of 512 GB (M3 Ultra) holds it.
    void unifiedDeviceThatExists()
    {
        const RunRow r = run("bf16", 1, "m3-max-64gb", Runtime::Mlx);
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("no"));
        const std::string prefix = "MLX 4-bit weights and a device with at least ";
        QVERIFY2(r.change.rfind(prefix, 0) == 0, r.change.c_str());
        const std::uint64_t gib = std::stoull(r.change.substr(prefix.size()));
        QVERIFY2(gib >= 469 && gib <= 512, r.change.c_str());
        QCOMPARE(runVerdictKey(run("mlx_4bit", 1, "m3-ultra-512gb", Runtime::Mlx).verdict),
                 std::string_view("fits"));
    }

    // llama.cpp on unified memory uses all of it but the system's part, not the GPU's default
    // share: the device named for MiniMax-M2 Q2_K (85.9 GB) is its size and 2 GiB, and such a
    // device runs it where one 2 GiB smaller does not (it had asked for a third more).
    void unifiedDeviceForLlamaCpp()
    {
        const auto onMac = [](std::uint64_t gib) {
            return runOn("minimax-m2", "q2_k", "m3-max-64gb", Runtime::LlamaCpp, 1, 8192, gib);
        };
        const RunRow r = onMac(0);
        const std::string prefix = "a device with at least ";
        QVERIFY2(r.change.rfind(prefix, 0) == 0, r.change.c_str());
        QVERIFY2(r.change.find("(all but the system's 2 GiB for the model)") != std::string::npos,
                 r.change.c_str());
        const std::uint64_t gib = std::stoull(r.change.substr(prefix.size()));
        QVERIFY2(gib >= 80 && gib <= 90, r.change.c_str());
        QVERIFY(runVerdictKey(onMac(gib).verdict) != std::string_view("no"));
        QCOMPARE(runVerdictKey(onMac(gib - 2).verdict), std::string_view("no"));
    }

    // A context cut to under half of what was asked is not the only answer: Llama 2 13B in FP8
    // on a 16 GB card under vLLM holds about 1,700 of its 4,096 tokens (13 GB of weights leave
    // little of vLLM's 90 % share), and in INT4 (6.5 GB) all of them; the row names both.
    void drasticContextCutHasAnAlternative()
    {
        const auto at = [](const char* precision) {
            return runOn("llama-2-13b", precision, "rtx-4060-ti-16gb", Runtime::Vllm, 1, 4096);
        };
        const RunRow r = at("fp8");
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("no"));
        QVERIFY2(r.max_context > 1024 && r.max_context < 2048, r.change.c_str());
        QVERIFY2(r.change.rfind("a context of ", 0) == 0, r.change.c_str());
        QVERIFY2(r.change.ends_with("; or INT4 (group 128) weights"), r.change.c_str());
        QVERIFY(runVerdictKey(at("int4_g128").verdict) != std::string_view("no"));
    }

    // More GPUs at the same precision is not the only answer when a lower one needs at most half
    // as many: Llama 3 70B in BF16 (141 GB) needs 16 cards of 16 GB under vLLM (tensor parallel
    // in powers of two), in INT4 (about 38 GB) 4; the row names both, and 2 INT4 cards are too few.
    void fewerGpusAtALowerPrecision()
    {
        const auto at = [](const char* precision, std::uint64_t gpus) {
            return runOn("llama-3-70b", precision, "rtx-4060-ti-16gb", Runtime::Vllm, gpus);
        };
        const RunRow r = at("bf16", 1);
        QCOMPARE(
            QString::fromStdString(r.change),
            QStringLiteral("15 more GPUs (16 in all: 2 nodes of 8); or INT4 (group 128) weights "
                           "and 3 more GPUs (4 in all)"));
        QVERIFY(runVerdictKey(at("int4_g128", 4).verdict) != std::string_view("no"));
        QCOMPARE(runVerdictKey(at("int4_g128", 2).verdict), std::string_view("no"));
        QVERIFY(runVerdictKey(at("bf16", 16).verdict) != std::string_view("no"));
        QCOMPARE(runVerdictKey(at("bf16", 8).verdict), std::string_view("no"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestRunsChange)
#include "tst_runs_change.moc"
