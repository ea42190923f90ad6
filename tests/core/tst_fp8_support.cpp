// FP8 weights need kernels a GPU's CUDA compute capability has: SGLang's and vLLM's from 8.0
// (Ampere, weight-only below 8.9), TensorRT-LLM's from 8.9 (Ada). The catalog states each
// NVIDIA device's capability; a row a runtime cannot run on its GPU says why and names another
// precision.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/shape/runs.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

RunRow runOn(const char* id, const char* precision, const char* gpu, Runtime runtime)
{
    const Preset& p = testsupport::bundledPresetEntry(id);
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(gpu);
    q.runtime = runtimeProfile(runtime);
    q.context = 4096;
    return evaluateRun(
        RunModel{p.config, countParameters(p.config), p.shipped_precision, presetFp8Checkpoint(p)},
        precisionById(precision), q);
}

} // namespace

class TestFp8Support : public QObject {
    Q_OBJECT
private slots:
    // Every NVIDIA device states its capability (NVIDIA's "CUDA GPUs" list): Turing's T4 7.5,
    // Volta's V100 7.0, Ampere's A100 8.0 and RTX 3090 8.6, Ada's RTX 4090 8.9, Hopper's H100
    // 9.0, Blackwell's B200 10.0 and RTX 5090 12.0; it is written back with the device.
    void catalogCapabilities()
    {
        const GpuCatalog& c = testsupport::bundledCatalog();
        for (const GpuSpec& g : c.gpus()) {
            QVERIFY2(g.compute_capability.has_value() == (g.vendor == "NVIDIA"), g.id.c_str());
        }
        const std::pair<const char*, double> known[] = {
            {"t4-16gb", 7.5},       {"v100-sxm2-32gb", 7.0}, {"a100-sxm-80gb", 8.0},
            {"rtx-3090-24gb", 8.6}, {"rtx-4090-24gb", 8.9},  {"h100-sxm-80gb", 9.0},
            {"b200-180gb", 10.0},   {"rtx-5090-32gb", 12.0}};
        for (const auto& [id, cc] : known) {
            QCOMPARE(c.at(id).compute_capability.value_or(0), cc);
        }
        QCOMPARE(gpuToJson(c.at("t4-16gb")).at("compute_capability").get<double>(), 7.5);
    }

    // Llama 3 8B FP8 (8 GB) would fit a 16 GB T4's memory, but neither SGLang nor vLLM has FP8
    // kernels below 8.0: no, with the reason, and a precision that runs there instead. On an
    // A100 (8.0) both run it; TensorRT-LLM's FP8 needs 8.9, so not there, but on an H100.
    void fp8ByCapability()
    {
        for (const Runtime rt : {Runtime::Sglang, Runtime::Vllm}) {
            const RunRow t4 = runOn("llama-3-8b", "fp8", "t4-16gb", rt);
            QCOMPARE(runVerdictKey(t4.verdict), std::string_view("no"));
            QVERIFY2(t4.note.find("FP8 needs CUDA compute capability 8.0 or newer, the NVIDIA "
                                  "T4 has 7.5") != std::string::npos,
                     t4.note.c_str());
            QVERIFY2(!t4.change.empty(), t4.note.c_str());
            QCOMPARE(t4.decode_tokens_per_s.has_value(), false);
            QVERIFY(runVerdictKey(runOn("llama-3-8b", "fp8", "a100-sxm-80gb", rt).verdict) !=
                    std::string_view("no"));
            // Nor does another row's change name FP8 there (BF16, 16 GB of weights, does not fit).
            const RunRow bf16 = runOn("llama-3-8b", "bf16", "t4-16gb", rt);
            QVERIFY2(!bf16.change.empty() && bf16.change.find("FP8") == std::string::npos,
                     bf16.change.c_str());
        }
        // Where no other precision runs as it is, the lowest with what it takes: Llama 3 70B on
        // 16 GB T4s, INT4 (about 70.6e9 × 4.25 / 8 = 37.5 GB, hand count) on more of them.
        const RunRow big = runOn("llama-3-70b", "fp8", "t4-16gb", Runtime::Sglang);
        QVERIFY2(big.change.rfind("INT4 (group 128) weights and ", 0) == 0 &&
                     big.change.find("more GPUs") != std::string::npos,
                 big.change.c_str());
        const RunRow a100 = runOn("llama-3-8b", "fp8", "a100-sxm-80gb", Runtime::TensorRtLlm);
        QCOMPARE(runVerdictKey(a100.verdict), std::string_view("no"));
        QVERIFY2(a100.note.find("compute capability 8.9 or newer") != std::string::npos,
                 a100.note.c_str());
        QCOMPARE(a100.change, std::string("BF16 weights"));
        QVERIFY(runVerdictKey(
                    runOn("llama-3-8b", "fp8", "h100-sxm-80gb", Runtime::TensorRtLlm).verdict) !=
                std::string_view("no"));
        // llama.cpp has no FP8 weights to offer; its rows are untouched.
        QVERIFY(runVerdictKey(runOn("llama-3-8b", "q8_0", "t4-16gb", Runtime::LlamaCpp).verdict) !=
                std::string_view("no"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestFp8Support)
#include "tst_fp8_support.moc"
