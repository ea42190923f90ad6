// `runs` as a user runs it: the JSON rows (the CLI contract) agree with `memory` for the same
// workload, the hand-checked rows of one RTX 4090 with 64 GB of RAM hold, llama.cpp's backend
// moves a Radeon's decode only, and bad sizes, runtimes and backends are usage errors (exit 2).
#include "llmsizer/json/jsonio.h"
#include "support/cli_runner.h"
#include "support/test_main.h"

#include <QtTest>

using nlohmann::json;

namespace {

using Run = llmsizer::test::CliRun;

Run runCli(const QStringList& args)
{
    return llmsizer::test::runCliAt(QStringLiteral(LLMSIZER_CLI_PATH), args);
}

json runJson(const QString& line)
{
    QStringList args = line.split(QLatin1Char(' '));
    args << QStringLiteral("--json");
    const Run r = runCli(args);
    if (r.exitCode != 0) {
        qWarning() << r.err;
        return json();
    }
    return json::parse(r.out.toStdString());
}

json row(const json& runs, const char* precision)
{
    for (const json& r : runs.at("rows")) {
        if (r.at("precision") == precision) {
            return r;
        }
    }
    return json();
}

} // namespace

class TestCliRuns : public QObject {
    Q_OBJECT
private slots:
    void rowsMatchMemory()
    {
        const json runs = runJson(QStringLiteral(
            "runs --gpu rtx-4090-24gb --ram 64GB --context 8192 --preset llama-3-70b"));
        const json q4 = row(runs, "q4_k_m");
        QCOMPARE(q4.at("verdict").get<std::string>(), std::string("offload"));
        QCOMPARE(q4.at("gpu_layers").get<quint64>(), quint64(46)); // tst_runs works it out
        for (const char* key :
             {"preset", "precision", "verdict", "gpus", "gpu_layers", "bytes_per_gpu",
              "max_context", "decode_tokens_per_s", "prefill_tokens_per_s"}) {
            QVERIFY2(q4.contains(key), key);
        }
        const json mem = runJson(QStringLiteral(
            "memory --preset llama-3-70b --precision q4_k_m --context 8192 --overhead llama.cpp "
            "--gpu-layers 46"));
        QCOMPARE(q4.at("bytes_per_gpu").get<quint64>(),
                 mem.at("offload").at("gpu_total_bytes").get<quint64>());
        QCOMPARE(q4.at("ram_bytes").get<quint64>(),
                 mem.at("offload").at("ram_total_bytes").get<quint64>());
        // On one GPU, llama.cpp keeps the token embedding (Q4_K: 128,256 · 4,608 = 591,003,648
        // bytes) in host RAM: the GPU holds memory's whole workload less that.
        QCOMPARE(q4.at("single_gpu_bytes").get<quint64>() + 591'003'648,
                 mem.at("total_bytes").get<quint64>());

        const json small =
            runJson(QStringLiteral("runs --gpu rtx-4090-24gb --context 8192 --preset llama-3-8b"));
        for (const char* p : {"q4_k_m", "q8_0"}) {
            const json r = row(small, p);
            QCOMPARE(r.at("verdict").get<std::string>(), std::string("fits"));
            const json m = runJson(QStringLiteral("memory --preset llama-3-8b --precision ") +
                                   QString::fromLatin1(p) +
                                   QStringLiteral(" --context 8192 --overhead llama.cpp"));
            // The GPU and host RAM (the token embedding) hold memory's whole workload.
            QCOMPARE(r.at("bytes_per_gpu").get<quint64>() + r.at("ram_bytes").get<quint64>(),
                     m.at("total_bytes").get<quint64>());
        }

        const json vllm = runJson(QStringLiteral("runs --gpu h100-sxm-80gb --gpus 8 --runtime vllm "
                                                 "--context 8192 --preset llama-3-70b"));
        const json bf16 = row(vllm, "bf16");
        QCOMPARE(bf16.at("verdict").get<std::string>(), std::string("fits_tp"));
        // 4 GPUs: on 2, the sampler's profile (1,024 sequences' logits) leaves no KV cache room.
        QCOMPARE(bf16.at("gpus").get<quint64>(), quint64(4));
        const json tp = runJson(QStringLiteral("memory --preset llama-3-70b --precision bf16 "
                                               "--context 8192 --overhead vllm --tp 4"));
        // vLLM's share of each GPU holds memory's weights per GPU (and its KV pool, activations
        // and reserve: docs/memory.md §8).
        QCOMPARE(bf16.at("gpu_bytes").at("weights").get<quint64>(),
                 tp.at("weights_bytes").get<quint64>());
        const json& parts = bf16.at("gpu_bytes");
        QCOMPARE(parts.at("weights").get<quint64>() + parts.at("kv_cache").get<quint64>() +
                     parts.at("buffers").get<quint64>() + parts.at("reserve").get<quint64>(),
                 bf16.at("bytes_per_gpu").get<quint64>());
    }

    void everyPresetByDefault()
    {
        const json all = runJson(QStringLiteral("runs --gpu h100-sxm-80gb --fits-only"));
        QVERIFY(all.at("rows").size() > 100);
        for (const json& r : all.at("rows")) {
            const std::string v = r.at("verdict").get<std::string>();
            QVERIFY(v == "fits" || v == "fits_tp" || v == "fits_split");
        }
        const json year = runJson(QStringLiteral("runs --gpu h100-sxm-80gb --year 2019"));
        for (const json& r : year.at("rows")) {
            QVERIFY(r.at("preset").get<std::string>().rfind("gpt-2", 0) == 0);
        }
    }

    // --backend: on an RX 7900 XTX Vulkan's decode is the Vulkan efficiency's, auto is ROCm/HIP;
    // the JSON states the backend, both AMD figures and the Vulkan expert share, and a MoE's
    // routed experts in a term of their own; a GeForce's rows do not move.
    void backendOnARadeon()
    {
        const QString radeon =
            QStringLiteral("runs --gpu rx-7900-xtx-24gb --context 512 --preset llama-3-8b");
        const json autoRuns = runJson(radeon);
        const json rocm = runJson(radeon + QStringLiteral(" --backend rocm"));
        const json vulkan = runJson(radeon + QStringLiteral(" --backend vulkan"));
        QCOMPARE(autoRuns.at("backend").get<std::string>(), std::string("auto"));
        QCOMPARE(vulkan.at("backend").get<std::string>(), std::string("vulkan"));
        const json& sc = vulkan.at("speed_constants");
        QVERIFY(sc.contains("bandwidth_gddr_amd") && sc.contains("bandwidth_gddr_amd_vulkan"));
        QVERIFY(sc.at("vulkan_expert_efficiency").get<double>() < 1.0);
        const auto decode = [](const json& runs) {
            return row(runs, "q4_k_m").at("decode_tokens_per_s").get<double>();
        };
        QCOMPARE(decode(autoRuns), decode(rocm));
        QVERIFY(decode(vulkan) > decode(rocm));
        const json terms = row(vulkan, "q4_k_m").at("decode_terms");
        QCOMPARE(terms.at("gddr_amd_s").get<double>(), 0.0);
        QVERIFY(terms.at("gddr_amd_vulkan_s").get<double>() > 0);
        QCOMPARE(terms.at("gddr_amd_vulkan_expert_s").get<double>(), 0.0);
        const json moe = row(runJson(QStringLiteral("runs --gpu rx-7900-xtx-24gb --context 512 "
                                                    "--preset qwen3-30b-a3b --backend vulkan")),
                             "q4_k_m")
                             .at("decode_terms");
        QVERIFY(moe.at("gddr_amd_vulkan_expert_s").get<double>() > 0);
        QVERIFY(moe.at("gddr_amd_vulkan_s").get<double>() > 0);
        const QString geforce =
            QStringLiteral("runs --gpu rtx-4090-24gb --context 512 --preset llama-3-8b");
        QCOMPARE(decode(runJson(geforce + QStringLiteral(" --backend vulkan"))),
                 decode(runJson(geforce)));
        // The text names the backend a Radeon's speeds assume.
        const Run text =
            runCli((radeon + QStringLiteral(" --backend vulkan")).split(QLatin1Char(' ')));
        QVERIFY2(text.out.contains("llama.cpp b6918 on Vulkan"), text.out.constData());
    }

    // A model the runtime does not run at any precision (llama.cpp has no OPT architecture: its
    // LLM_ARCH_NAMES has no "opt") is one line of the table, "all 7" of llama.cpp's precisions
    // (F16, Q8_0, Q6_K, Q5_K_M, Q4_K_M, Q3_K_M, Q2_K), with no memory; --json keeps the seven
    // rows, each unsupported with the bytes it would take.
    void unsupportedModelIsOneLine()
    {
        const QString line = QStringLiteral("runs --gpu rtx-4090-24gb --preset opt-125m");
        const Run text = runCli(line.split(QLatin1Char(' ')));
        QCOMPARE(text.exitCode, 0);
        const QStringList lines = QString::fromUtf8(text.out).split(QLatin1Char('\n'));
        const QStringList rows = lines.filter(QStringLiteral("OPT-125M  "));
        QCOMPARE(rows.size(), 1);
        const QStringList cells = rows.front().simplified().split(QLatin1Char(' '));
        // OPT-125M | all 7 | unsupported* | GPUs - | layers - | GB/GPU - | RAM - | ctx - | …
        QCOMPARE(cells.mid(1, 7),
                 (QStringList{QStringLiteral("all"), QStringLiteral("7"),
                              QStringLiteral("unsupported*"), QStringLiteral("-"),
                              QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("-")}));
        QVERIFY2(rows.front().contains(QStringLiteral("change: vLLM, SGLang or transformers")),
                 qPrintable(rows.front()));
        const json runs = runJson(line);
        QCOMPARE(runs.at("rows").size(), std::size_t(7));
        for (const json& r : runs.at("rows")) {
            QCOMPARE(r.at("verdict").get<std::string>(), std::string("unsupported"));
            QVERIFY(r.at("bytes_per_gpu").get<quint64>() > 0);
        }
        // The family in any case; no row left says so.
        const QString family = QString::fromUtf8(
            runCli(QStringLiteral("runs --gpu rtx-4090-24gb --family opt").split(QLatin1Char(' ')))
                .out);
        QCOMPARE(family.split(QLatin1Char('\n')).filter(QStringLiteral("  all 7  ")).size(), 3);
        const Run none = runCli(QStringLiteral("runs --gpu rtx-4090-24gb --family OPT --fits-only")
                                    .split(QLatin1Char(' ')));
        QVERIFY2(none.out.contains("(no row runs entirely on the GPUs)"), none.out.constData());
        // A model it runs keeps a line per precision.
        const Run llama = runCli(
            QStringLiteral("runs --gpu rtx-4090-24gb --preset llama-3-8b").split(QLatin1Char(' ')));
        QCOMPARE(QString::fromUtf8(llama.out)
                     .split(QLatin1Char('\n'))
                     .filter(QStringLiteral("Llama 3 8B  "))
                     .size(),
                 7);
    }

    // Ollama without --context runs at its own default by VRAM: 4,096 tokens under 24 GiB
    // (Ollama's docs/context-length.mdx), not the query's 8,192. The JSON's top-level context says
    // the same as its rows, and the table's header gives the figure.
    void ollamaDefaultContextAgrees()
    {
        const QString line = QStringLiteral("runs --gpu rtx-4060-ti-16gb --runtime ollama "
                                            "--preset llama-3-8b");
        const json runs = runJson(line);
        QCOMPARE(runs.at("context").get<quint64>(), quint64(4096));
        QCOMPARE(runs.at("context_source").get<std::string>(), std::string("ollama_default"));
        for (const json& r : runs.at("rows")) {
            QCOMPARE(r.at("context").get<quint64>(), quint64(4096));
        }
        // By the VRAM Ollama's discovery reports: an L40S shows 46,068 MiB with ECC on (44.99
        // GiB, under 47: 32,768, not 262,144); a CPU-only machine has none (4,096).
        const auto defaultOn = [](const char* gpu) {
            return runJson(QStringLiteral("runs --gpu %1 --runtime ollama --preset qwen3-8b")
                               .arg(QLatin1String(gpu)))
                .at("context")
                .get<quint64>();
        };
        QCOMPARE(defaultOn("l40s-48gb"), quint64(32768));
        const Run l40s = runCli(QStringLiteral("runs --gpu l40s-48gb --runtime ollama --preset "
                                               "qwen3-8b")
                                    .split(QLatin1Char(' ')));
        QVERIFY2(l40s.out.contains("32,768 tokens at the 44.99 GiB of VRAM Ollama sees"),
                 l40s.out.constData());
        QCOMPARE(defaultOn("cpu-ddr5-5600-2ch-64gb"), quint64(4096));
        QCOMPARE(defaultOn("h100-sxm-80gb"), quint64(262144));
        const Run text = runCli(line.split(QLatin1Char(' ')));
        QVERIFY2(text.out.contains("16 GiB = 17.2 GB"), text.out.constData());
        QVERIFY2(text.out.contains("Ollama's default context (4,096 tokens at the 16 GiB of "
                                   "VRAM Ollama sees, at most each model's own)"),
                 text.out.constData());
        const Run cpu = runCli(QStringLiteral("runs --gpu cpu-ddr5-5600-2ch-64gb --runtime ollama "
                                              "--preset qwen3-8b")
                                   .split(QLatin1Char(' ')));
        QVERIFY2(cpu.out.contains("(4,096 tokens with no GPU, at most each model's own)"),
                 cpu.out.constData());
    }

    // Two GPUs under llama.cpp hold whole layers in turn (-sm layer), no tensor parallel: Llama 3
    // 70B Q4_K_M (42.5 GB) on 2 × RTX 3090 is "fits_split"; vLLM's split of Llama 3 70B over
    // 4 H100s is tensor parallel, "fits_tp".
    void layerSplitIsNotTensorParallel()
    {
        const json cpp = runJson(QStringLiteral("runs --gpu rtx-3090-24gb --gpus 2 --runtime "
                                                "llama.cpp --context 4096 --preset llama-3-70b"));
        const json q4 = row(cpp, "q4_k_m");
        QCOMPARE(q4.at("verdict").get<std::string>(), std::string("fits_split"));
        QCOMPARE(q4.at("tensor_parallel").get<quint64>(), quint64(1));
        const Run text = runCli(QStringLiteral("runs --gpu rtx-3090-24gb --gpus 2 --runtime "
                                               "llama.cpp --context 4096 --preset llama-3-70b")
                                    .split(QLatin1Char(' ')));
        bool seen = false;
        for (const QByteArray& l : text.out.split('\n')) {
            if (l.contains(" q4_k_m ")) {
                QVERIFY2(l.contains(" fits_split "), l.constData());
                seen = true;
            }
        }
        QVERIFY(seen);
        const json vllm = runJson(QStringLiteral("runs --gpu h100-sxm-80gb --gpus 8 --runtime vllm "
                                                 "--context 8192 --preset llama-3-70b"));
        QCOMPARE(row(vllm, "bf16").at("verdict").get<std::string>(), std::string("fits_tp"));
    }

    // SGLang's share set by hand: one H100 shows 80 GiB × 0.99 = 85,040,352,460 bytes; less the
    // 512 MiB in use before the weights load, 84,503,481,548, of which half, 42,251,740,774,
    // holds the weights (Llama 3 8B, 8,030,261,248 parameters × 2 bytes) and the pool:
    // (42,251,740,774 − 16,060,522,496) / 131,072 bytes a token (32 layers × 8 KV heads × 128 ×
    // K and V × 2 bytes) = 199,823 tokens.
    void sglangShareByHand()
    {
        const json j = runJson(QStringLiteral("runs --gpu h100-sxm-80gb --runtime sglang --preset "
                                              "llama-3-8b --mem-fraction-static 0.5"));
        const json bf16 = row(j, "bf16");
        // What SGLang takes of the GPU: the share, and beside it the activations and the rest.
        const json& parts = bf16.at("gpu_bytes");
        QCOMPARE(bf16.at("capacity_bytes").get<quint64>() - parts.at("buffers").get<quint64>() -
                     parts.at("reserve").get<quint64>(),
                 quint64(42'251'740'774));
        QCOMPARE(bf16.at("gpu_bytes").at("weights").get<quint64>(), quint64(16'060'522'496));
        QCOMPARE(bf16.at("kv_tokens").get<quint64>(), quint64(199'823));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("firstLine");
        QTest::newRow("ram without unit")
            << "runs --gpu rtx-4090-24gb --ram 64"
            << "error: --ram must be a size with its unit, e.g. 64GB or 64GiB (GB = 10^9 bytes, "
               "GiB = 2^30; got '64')";
        QTest::newRow("unknown runtime")
            << "runs --gpu rtx-4090-24gb --runtime lmstudio"
            << "error: --runtime: unknown runtime 'lmstudio' (known: llama.cpp, ollama, vllm, "
               "sglang, tensorrt-llm, mlx, transformers)";
        QTest::newRow("unknown family")
            << "runs --gpu rtx-4090-24gb --family Nonexistent"
            << "error: --family: no preset of the family 'Nonexistent' (see 'llm-sizer-cli "
               "presets' for the families)";
        QTest::newRow("unknown backend")
            << "runs --gpu rx-7900-xtx-24gb --backend cuda"
            << "error: --backend: unknown backend 'cuda' (known: auto, rocm, vulkan)";
        QTest::newRow("backend of another runtime")
            << "runs --gpu rx-7900-xtx-24gb --runtime vllm --backend vulkan"
            << "error: --backend is llama.cpp's (llama.cpp, ollama); vLLM has none to choose";
        QTest::newRow("SGLang share out of range")
            << "runs --gpu h100-sxm-80gb --runtime sglang --mem-fraction-static 1.5"
            << "error: --mem-fraction-static must be a number from 0.05 to 1 (got '1.5')";
        QTest::newRow("precision a runtime does not run")
            << "runs --gpu h100-sxm-80gb --runtime vllm --precisions bf16,q4_0"
            << "error: --precisions: vLLM does not run 'q4_0' weights (it runs bf16, fp8, int8, "
               "int4_g128)";
        QTest::newRow("precision twice") << "runs --gpu rtx-4090-24gb --precisions q4_0,q8_0,q4_0"
                                         << "error: --precisions: 'q4_0' is given twice";
        QTest::newRow("empty precision") << "runs --gpu rtx-4090-24gb --precisions q4_0,,q8_0"
                                         << "error: --precisions: an empty item in the list";
        QTest::newRow("unknown precision") << "runs --gpu rtx-4090-24gb --precisions q4_k_x"
                                           << "error: --precisions: unknown precision 'q4_k_x'";
        QTest::newRow("gpu layers without precision")
            << "memory --preset llama-3-8b --gpu-layers 4"
            << "error: --gpu-layers needs --precision (one precision at a time)";
    }
    // Any GGUF file type llama.cpp reads, in the order given: a Q4_0 file of Llama 3 8B holds
    // 32 layers of Q4_0 and its output in Q6_K, and Q5_K_S every layer in Q5_K.
    void precisionsListed()
    {
        const Run r = runCli({QStringLiteral("runs"), QStringLiteral("--gpu"),
                              QStringLiteral("rtx-4090-24gb"), QStringLiteral("--preset"),
                              QStringLiteral("llama-3-8b"), QStringLiteral("--precisions"),
                              QStringLiteral("q5_k_s,q4_0"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j.at("rows").size(), std::size_t(2));
        QCOMPARE(j.at("rows")[0].at("precision"), "q5_k_s");
        QCOMPARE(j.at("rows")[1].at("precision"), "q4_0");
    }

    void usageErrors()
    {
        QFETCH(QString, line);
        QFETCH(QString, firstLine);
        const Run r = runCli(line.split(QLatin1Char(' ')));
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err).split(QLatin1Char('\n')).front(), firstLine);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestCliRuns)
#include "tst_cli_runs.moc"
