// Which runtime runs which architecture, from which version (runtime_support.h). The expected
// values come from the runtimes' code and release history, named at each case: llama.cpp's
// architecture list (src/llama-arch.cpp) and converters, vLLM's registry and release reports,
// mlx-lm's models folder and its MODEL_REMAPPING.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime_support.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>
#include <set>

using namespace llmsizer;

namespace {

RunRow run(const char* presetId, Runtime r, const char* gpuId, const char* precision)
{
    const Preset& p = testsupport::bundledPresetEntry(presetId);
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(gpuId);
    q.runtime = runtimeProfile(r);
    q.context = 4096;
    const ParamCount count = countParameters(p.config);
    return evaluateRun(p.config, count, precisionById(precision), q);
}

} // namespace

class TestRuntimeSupport : public QObject {
    Q_OBJECT
private slots:
    void statusByVersion_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("runtime");
        QTest::addColumn<int>("expected");
        QTest::addColumn<QString>("since");
        const auto row = [](const char* name, const char* type, Runtime r, ArchSupport s,
                            const char* since) {
            QTest::newRow(name) << QString::fromLatin1(type) << static_cast<int>(r)
                                << static_cast<int>(s) << QString::fromLatin1(since);
        };
        // Llama is everywhere.
        row("llama: llama.cpp", "llama", Runtime::LlamaCpp, ArchSupport::Supported, "");
        row("llama: vLLM", "llama", Runtime::Vllm, ArchSupport::Supported, "");
        row("llama: MLX", "llama", Runtime::Mlx, ArchSupport::Supported, "");
        // Qwen3-Next: llama.cpp PR 16095, in b7186 (an Ollama maintainer: "the next vendor sync
        // after b7186"), after b6918; Ollama 0.33.0 vendors b10488. vLLM had it in 0.10.2.
        row("Qwen3-Next: llama.cpp b6918", "qwen3_next", Runtime::LlamaCpp, ArchSupport::Newer,
            "b7186");
        row("Qwen3-Next: Ollama", "qwen3_next", Runtime::Ollama, ArchSupport::Supported, "b7186");
        row("Qwen3-Next: vLLM 0.11.0", "qwen3_next", Runtime::Vllm, ArchSupport::Supported,
            "0.10.2");
        // Qwen3.5 (Feb 2026): vLLM 0.16.0 refuses Qwen3_5MoeForConditionalGeneration, 0.17.0 runs
        // it; mlx-lm from 0.30.7 (commit 0fd31264), before the profile's 0.32.0.
        row("Qwen3.5: vLLM 0.11.0", "qwen3_5", Runtime::Vllm, ArchSupport::Newer, "0.17.0");
        row("Qwen3.5 MoE: vLLM 0.11.0", "qwen3_5_moe", Runtime::Vllm, ArchSupport::Newer, "0.17.0");
        row("Qwen3.5: MLX", "qwen3_5", Runtime::Mlx, ArchSupport::Supported, "0.30.7");
        row("Qwen3.5: llama.cpp b6918", "qwen3_5", Runtime::LlamaCpp, ArchSupport::Newer, "");
        // GLM-5 (glm-dsa, PR 19460, Feb 2026) and Ministral 3 (PR 17644, Dec 2025).
        row("GLM-5: llama.cpp b6918", "glm_moe_dsa", Runtime::LlamaCpp, ArchSupport::Newer, "");
        row("GLM-5: Ollama", "glm_moe_dsa", Runtime::Ollama, ArchSupport::Supported, "");
        row("Ministral 3: vLLM 0.11.0", "ministral3", Runtime::Vllm, ArchSupport::Newer, "");
        // Qwen3-VL: llama.cpp b6887 (PR 16780), before b6918.
        row("Qwen3-VL: llama.cpp b6918", "qwen3_vl", Runtime::LlamaCpp, ArchSupport::Supported,
            "b6887");
        // Not implemented at all: no llama.cpp architecture for OPT or Zamba2, no converter for
        // GPT-J; no mlx-lm module for OPT, BLOOM, Zamba2, Arcee or LLaVA-NeXT.
        row("OPT: llama.cpp", "opt", Runtime::LlamaCpp, ArchSupport::Unsupported, "");
        row("Zamba2: Ollama", "zamba2", Runtime::Ollama, ArchSupport::Unsupported, "");
        row("GPT-J: llama.cpp", "gptj", Runtime::LlamaCpp, ArchSupport::Unsupported, "");
        row("BLOOM: MLX", "bloom", Runtime::Mlx, ArchSupport::Unsupported, "");
        row("Arcee: MLX", "arcee", Runtime::Mlx, ArchSupport::Unsupported, "");
        row("Zamba2: vLLM", "zamba2", Runtime::Vllm, ArchSupport::Supported, "");
        // Bamba and Granite MoE (shared) are converted as granitehybrid and granitemoe.
        row("Bamba: llama.cpp", "bamba", Runtime::LlamaCpp, ArchSupport::Supported, "");
        // MiniMax-M2 in llama.cpp: a build of Nov 2025, the month of b6918: not known.
        row("MiniMax-M2: llama.cpp b6918", "minimax_m2", Runtime::LlamaCpp, ArchSupport::Unknown,
            "");
        row("MiniMax-M2: Ollama", "minimax_m2", Runtime::Ollama, ArchSupport::Supported, "");
        // vLLM 0.11.0 refuses MiniMaxM2ForCausalLM (MiniMax-AI/MiniMax-M2 issue 40).
        row("MiniMax-M2: vLLM 0.11.0", "minimax_m2", Runtime::Vllm, ArchSupport::Newer, "0.11.1");
        // TensorRT-LLM 1.0 (24 Sep 2025): Llama in its PyTorch backend, OPT in its TensorRT
        // engine backend (MODEL_MAP); gpt-oss new in 1.1 (its release notes, "Model Support");
        // Qwen3-Next in 1.2 (release notes 1.2); Qwen3.5 on its main branch by May 2026 (PR
        // 12203), the release not known: after 1.0 by date. No Zamba2 in any of its model lists;
        // OLMo 2 through AutoDeploy only, after 1.0. Ministral 3's checkpoints need a
        // transformers newer than 1.0's pin: not known.
        row("llama: TensorRT-LLM", "llama", Runtime::TensorRtLlm, ArchSupport::Supported, "");
        row("OPT: TensorRT-LLM", "opt", Runtime::TensorRtLlm, ArchSupport::Supported, "");
        row("gpt-oss: TensorRT-LLM 1.0", "gpt_oss", Runtime::TensorRtLlm, ArchSupport::Newer,
            "1.1");
        row("Qwen3-Next: TensorRT-LLM 1.0", "qwen3_next", Runtime::TensorRtLlm, ArchSupport::Newer,
            "1.2");
        row("Qwen3.5: TensorRT-LLM 1.0", "qwen3_5", Runtime::TensorRtLlm, ArchSupport::Newer, "");
        row("Zamba2: TensorRT-LLM", "zamba2", Runtime::TensorRtLlm, ArchSupport::Unsupported, "");
        row("OLMo 2: TensorRT-LLM", "olmo2", Runtime::TensorRtLlm, ArchSupport::Unsupported, "");
        row("Ministral 3: TensorRT-LLM", "ministral3", Runtime::TensorRtLlm, ArchSupport::Unknown,
            "");
        // SGLang, its models' EntryClass at each release tag to v0.5.18, the profile's version:
        // Qwen3.5 from v0.5.9 (qwen3_5.py), gpt-oss from v0.5.0rc0, Qwen3 from v0.4.5.post2 and
        // Llama from the first release all run; GPT-NeoX and
        // Zamba2 have no class of their own (its Transformers fallback may run them: not known).
        row("Qwen3.5: SGLang 0.5.18", "qwen3_5", Runtime::Sglang, ArchSupport::Supported, "0.5.9");
        row("gpt-oss: SGLang 0.5.18", "gpt_oss", Runtime::Sglang, ArchSupport::Supported,
            "0.5.0rc0");
        row("Qwen3: SGLang 0.5.18", "qwen3", Runtime::Sglang, ArchSupport::Supported,
            "0.4.5.post2");
        row("llama: SGLang", "llama", Runtime::Sglang, ArchSupport::Supported, "0.1.3");
        row("GPT-NeoX: SGLang", "gpt_neox", Runtime::Sglang, ArchSupport::Unknown, "");
        row("Zamba2: SGLang", "zamba2", Runtime::Sglang, ArchSupport::Unknown, "");
        // Not in the table: a type the app does not know.
        row("unknown type", "not_a_type", Runtime::LlamaCpp, ArchSupport::Unknown, "");
    }
    void statusByVersion()
    {
        QFETCH(QString, type);
        QFETCH(int, runtime);
        QFETCH(int, expected);
        QFETCH(QString, since);
        const RuntimeArchSupport s =
            runtimeArchSupport(type.toStdString(), runtimeProfile(static_cast<Runtime>(runtime)));
        QCOMPARE(static_cast<int>(s.status), expected);
        if (!since.isEmpty()) {
            QCOMPARE(QString::fromStdString(s.since), since);
        }
        // Unknown says why (a type the table does not hold, a build of the same month, a type
        // with no class of its own).
        QCOMPARE(!s.note.empty(), s.status != ArchSupport::Supported);
    }

    // Nemotron-H's model_type covers the dense models (llama.cpp nemotron_h) and Nemotron 3's
    // mixtures of experts (nemotron_h_moe, Dec 2025).
    void nemotronMoeIsItsOwnRow()
    {
        ModelConfig dense;
        dense.model_type = "nemotron_h";
        QCOMPARE(runtimeArchSupport(dense, runtimeProfile(Runtime::LlamaCpp)).status,
                 ArchSupport::Supported);
        const ModelConfig moe = testsupport::bundledPreset("nemotron-3-nano");
        QCOMPARE(moe.model_type, std::string("nemotron_h"));
        const RuntimeArchSupport s = runtimeArchSupport(moe, runtimeProfile(Runtime::LlamaCpp));
        QCOMPARE(s.status, ArchSupport::Newer);
        QCOMPARE(s.arch, std::string("nemotron_h_moe"));
    }

    // A runtime that does not implement the architecture runs nothing: Zamba2 1.2B would take
    // 2.4 GB at F16, a fraction of an RTX 4090, yet llama.cpp has no zamba2 architecture.
    void unsupportedRowsSayNo()
    {
        const RunRow r = run("zamba2-1.2b", Runtime::LlamaCpp, "rtx-4090-24gb", "fp16");
        QCOMPARE(r.verdict, RunVerdict::No);
        QCOMPARE(r.arch_support, ArchSupport::Unsupported);
        QCOMPARE(r.max_context, std::uint64_t(0));
        QCOMPARE(r.gpus, std::uint64_t(0));
        QVERIFY(!r.decode_tokens_per_s);
        QVERIFY(r.bytes_per_gpu > 0); // what it would take
        QCOMPARE(r.change, std::string("vLLM or transformers"));
        QVERIFY2(r.note.find("zamba2") != std::string::npos, r.note.c_str());
        // On a Mac the runtimes named are ones that run there: not vLLM (no Metal backend).
        QCOMPARE(run("zamba2-1.2b", Runtime::LlamaCpp, "m3-max-64gb", "fp16").change,
                 std::string("transformers"));
        QCOMPARE(run("opt-125m", Runtime::LlamaCpp, "m3-max-64gb", "fp16").change,
                 std::string("transformers"));
        // vLLM runs it.
        const RunRow v = run("zamba2-1.2b", Runtime::Vllm, "rtx-4090-24gb", "bf16");
        QCOMPARE(v.arch_support, ArchSupport::Supported);
        QCOMPARE(v.verdict, RunVerdict::Fits);
    }

    // A runtime that does not run on the device: TensorRT-LLM is CUDA's (NVIDIA only); vLLM and
    // SGLang have no Metal backend. llama.cpp runs everywhere.
    void deviceSupport()
    {
        const GpuSpec& m3 = testsupport::bundledCatalog().at("m3-max-64gb");
        const GpuSpec& xtx = testsupport::bundledCatalog().at("rx-7900-xtx-24gb");
        const GpuSpec& h100 = testsupport::bundledCatalog().at("h100-sxm-80gb");
        QCOMPARE(runtimeDeviceSupport(runtimeProfile(Runtime::TensorRtLlm), m3).status,
                 ArchSupport::Unsupported);
        QCOMPARE(runtimeDeviceSupport(runtimeProfile(Runtime::TensorRtLlm), xtx).status,
                 ArchSupport::Unsupported);
        QCOMPARE(runtimeDeviceSupport(runtimeProfile(Runtime::TensorRtLlm), h100).status,
                 ArchSupport::Unknown);
        QCOMPARE(runtimeDeviceSupport(runtimeProfile(Runtime::Vllm), m3).status,
                 ArchSupport::Unsupported);
        QCOMPARE(runtimeDeviceSupport(runtimeProfile(Runtime::Vllm), xtx).status,
                 ArchSupport::Unknown);
        QCOMPARE(runtimeDeviceSupport(runtimeProfile(Runtime::LlamaCpp), m3).status,
                 ArchSupport::Unknown);
        const RunRow r = run("llama-3-8b", Runtime::TensorRtLlm, "m3-max-64gb", "bf16");
        QCOMPARE(r.verdict, RunVerdict::No);
        QCOMPARE(r.arch_support, ArchSupport::Unsupported);
        // The runtimes named run on a Mac and run the architecture: Llama everywhere, GPT-J
        // (no llama.cpp converter, no mlx-lm module) only under transformers.
        QCOMPARE(r.change, std::string("llama.cpp, MLX or transformers"));
        QCOMPARE(run("gpt-j-6b", Runtime::Sglang, "m3-max-64gb", "bf16").change,
                 std::string("transformers"));
    }

    // MLX's backends (its install page): Metal on Apple silicon, CUDA on Linux for NVIDIA GPUs
    // of SM 7.5 or newer (mlx[cuda12]), and the CPU (mlx[cpu]); none for AMD or Intel GPUs. On
    // CUDA or a CPU its rows stand with a note said once (its constants are Apple silicon's); a
    // V100 is SM 7.0.
    void mlxOffApple()
    {
        const auto& catalog = testsupport::bundledCatalog();
        const RuntimeProfile mlx = runtimeProfile(Runtime::Mlx);
        const RuntimeArchSupport mac = runtimeDeviceSupport(mlx, catalog.at("m3-max-64gb"));
        QCOMPARE(mac.status, ArchSupport::Unknown);
        QVERIFY(mac.note.empty());
        const RuntimeArchSupport xtx = runtimeDeviceSupport(mlx, catalog.at("rx-7900-xtx-24gb"));
        QCOMPARE(xtx.status, ArchSupport::Unsupported);
        QCOMPARE(xtx.others, std::string("llama.cpp, vLLM or SGLang"));
        QCOMPARE(runtimeDeviceSupport(mlx, catalog.at("v100-sxm2-32gb")).status,
                 ArchSupport::Unsupported);
        for (const char* id : {"h100-sxm-80gb", "cpu-ddr5-5600-2ch-64gb"}) {
            const RuntimeArchSupport s = runtimeDeviceSupport(mlx, catalog.at(id));
            QCOMPARE(s.status, ArchSupport::Unknown);
            QVERIFY2(s.note.find("measured on Apple silicon") != std::string::npos, id);
        }
        const RunRow cuda = run("llama-3-8b", Runtime::Mlx, "h100-sxm-80gb", "bf16");
        QCOMPARE(cuda.verdict, RunVerdict::Fits);
        QVERIFY2(cuda.arch_note.find("CUDA backend") != std::string::npos, cuda.arch_note.c_str());
        const RunRow radeon = run("llama-3-8b", Runtime::Mlx, "rx-7900-xtx-24gb", "bf16");
        QCOMPARE(radeon.verdict, RunVerdict::No);
        // SGLang's architectures are in the table (no note for every row); transformers runs
        // every type, some through remote code, which its note says once.
        const RuntimeArchSupport sglang =
            runtimeDeviceSupport(runtimeProfile(Runtime::Sglang), catalog.at("h100-sxm-80gb"));
        QCOMPARE(sglang.status, ArchSupport::Unknown);
        QVERIFY2(sglang.note.empty(), sglang.note.c_str());
        const RuntimeArchSupport hf = runtimeDeviceSupport(runtimeProfile(Runtime::Transformers),
                                                           catalog.at("h100-sxm-80gb"));
        QVERIFY2(hf.note.find("every model type") != std::string::npos, hf.note.c_str());
    }

    // mlx-lm's hunyuan module runs Hunyuan-A13B for a config naming model_type "hunyuan"; the
    // transformers name "hunyuan_v1_moe" finds no module: not known, and said.
    void hunyuanUnderMlxIsNotKnown()
    {
        const RuntimeArchSupport s =
            runtimeArchSupport("hunyuan_v1_moe", runtimeProfile(Runtime::Mlx));
        QCOMPARE(s.status, ArchSupport::Unknown);
        QVERIFY2(s.note.find("hunyuan module") != std::string::npos, s.note.c_str());
    }

    // A newer build runs it: the verdict stands and the note names the version.
    void newerBuildKeepsTheVerdict()
    {
        const RunRow r = run("qwen3.5-27b", Runtime::Vllm, "h100-sxm-80gb", "bf16");
        QCOMPARE(r.arch_support, ArchSupport::Newer);
        QCOMPARE(r.verdict, RunVerdict::Fits);
        QVERIFY2(r.note.rfind("needs vLLM 0.17.0 or newer", 0) == 0, r.note.c_str());
    }

    // Every model_type of the table is one the importer reads (or Nemotron 3's row), and every
    // preset of a published checkpoint names its model_type, which the table holds.
    void tableCoversTheImporterAndPresets()
    {
        std::set<std::string> known;
        for (const std::string& t : supportedHfModelTypes()) {
            known.insert(t);
        }
        for (const std::string& t : archTableModelTypes()) {
            QVERIFY2(known.contains(t) || t == "nemotron_h_moe", t.c_str());
        }
        const std::vector<std::string> types = archTableModelTypes();
        const std::set<std::string> table(types.begin(), types.end());
        for (const Preset& p : testsupport::bundledPresets()) {
            if (p.hf_id.empty()) {
                QVERIFY2(p.config.model_type.empty(), p.id.c_str());
                continue;
            }
            QVERIFY2(table.contains(p.config.model_type), p.id.c_str());
        }
    }

    // A config names the model_type the runtimes see: the top config's, not its text model's.
    void importKeepsTheTopModelType()
    {
        const ModelConfig qwen35 = testsupport::bundledPreset("qwen3.5-27b");
        QCOMPARE(qwen35.model_type, std::string("qwen3_5"));
        // The real config: model_type qwen3_5 at the top, qwen3_5_text in text_config.
        const HfImport vl = importHfConfigFile(std::filesystem::path(LLMSIZER_TEST_REFERENCE_DIR) /
                                               "hf-configs-2026/qwen3.5-27b/config.json");
        QCOMPARE(vl.model_type, std::string("qwen3_5_text"));
        QCOMPARE(vl.config.model_type, std::string("qwen3_5"));
        QCOMPARE(modelTypeOfGgufArch("qwen35"), std::string("qwen3_5_text"));
        QCOMPARE(modelTypeOfGgufArch("mistral3"), std::string("ministral3"));
        QCOMPARE(modelTypeOfGgufArch("talkie"), std::string());
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestRuntimeSupport)
#include "tst_runtime_support.moc"
