// llm-sizer-cli compute (--preset ID | --config FILE) [--tokens N] [--seq N]
// [--recompute none|selective|full] [--tokens-per-param K] [--gpu ID [--gpus N] [--mfu F]]
// [--budget FLOPS [--rank efficiency|quality|loss|loss-budget]] [--json]
// Training FLOPs (6·N·D and the count with attention and logits), Chinchilla tokens, FLOPs per
// token, the attention/MLP split, training time on a GPU, and the sizing chapter's budget search.
#include "cli.h"
#include "gpu_options.h"
#include "llmsizer/compute/budget.h"
#include "llmsizer/compute/compute.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

namespace llmsizer::cli {

namespace {

std::string sci(double v)
{
    return text::scientific(v, 3);
}

std::string fixed(double v, int decimals = 2)
{
    return text::fixed(v, decimals);
}

std::string general(double v)
{
    return text::general(v, 6);
}

Recompute recomputeOption(const QCommandLineParser& parser)
{
    const QString v = parser.value(QStringLiteral("recompute"));
    if (v.isEmpty() || v == QLatin1String("none")) {
        return Recompute::None;
    }
    if (v == QLatin1String("selective")) {
        return Recompute::Selective;
    }
    if (v == QLatin1String("full")) {
        return Recompute::Full;
    }
    throw UsageError("--recompute must be none, selective or full (got '" + v.toStdString() + "')");
}

nlohmann::json budgetJson(const ModelConfig& base, const QCommandLineParser& parser, double tokens,
                          double tokensPerParam)
{
    BudgetSearchOptions o;
    o.budget_flops =
        doubleOption(parser, QStringLiteral("budget"), 1e24, kMinBudgetFlops, kMaxBudgetFlops);
    o.base = base;
    o.tokens = parser.isSet(QStringLiteral("tokens")) ? tokens : 0.0;
    o.tokens_per_param = tokensPerParam;
    o.head_dim = base.effectiveHeadDim();
    if (parser.isSet(QStringLiteral("rank"))) {
        const std::string id = parser.value(QStringLiteral("rank")).toStdString();
        try {
            o.ranking = budgetRankingById(id);
        } catch (const InputError& e) {
            throw UsageError("--rank: " + e.message());
        }
    }
    const BudgetSearchResult r = searchBudget(o);
    nlohmann::json list = nlohmann::json::array();
    for (const BudgetCandidate& k : r.candidates) {
        list.push_back({{"n_layers", k.n_layers},
                        {"d_model", k.d_model},
                        {"n_heads", k.n_heads},
                        {"n_kv_heads", k.n_kv_heads},
                        {"params", k.params},
                        {"chapter_estimate_params", k.chapter_params},
                        {"tokens", k.tokens},
                        {"required_flops", k.required_flops},
                        {"utilization", k.utilization},
                        {"quality", k.quality},
                        {"efficiency", k.efficiency},
                        {"loss_at_tokens", k.loss_at_tokens},
                        {"loss_at_full_budget", k.loss_at_full_budget}});
    }
    return {{"budget_flops", o.budget_flops}, {"ranking", std::string(budgetRankingId(o.ranking))},
            {"head_dim", o.head_dim},         {"candidates", std::move(list)},
            {"over_budget", r.over_budget},   {"skipped", r.skipped}};
}

} // namespace

int runCompute(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Training FLOPs, Chinchilla tokens and training time."));
    addModelOptions(parser);
    parser.addOption({QStringLiteral("tokens"),
                      QStringLiteral("Training tokens D (default: the Chinchilla count)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("tokens-per-param"),
                      QStringLiteral("Chinchilla tokens per parameter (default 20)."),
                      QStringLiteral("K")});
    parser.addOption(
        {QStringLiteral("seq"),
         QStringLiteral("Training sequence length (default: the context, at most 8192)."),
         QStringLiteral("N")});
    parser.addOption({QStringLiteral("recompute"),
                      QStringLiteral("Activation recomputation: none, selective or full."),
                      QStringLiteral("MODE")});
    parser.addOption({QStringLiteral("gpu"),
                      QStringLiteral("GPU id for the training time (see 'llm-sizer-cli gpus')."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("gpus"), QStringLiteral("Number of GPUs (default 1)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("mfu"),
                      QStringLiteral("Model FLOPs utilization, 0 to 1 (default 0.4)."),
                      QStringLiteral("F")});
    parser.addOption(
        {QStringLiteral("budget"),
         QStringLiteral("The sizing chapter's budget search: FLOPs to spend over a layers × "
                        "d_model grid of this model's family."),
         QStringLiteral("FLOPS")});
    parser.addOption({QStringLiteral("rank"),
                      QStringLiteral("Budget ranking: efficiency, quality, loss or loss-budget."),
                      QStringLiteral("KEY")});
    addUserGpusOption(parser);
    addJsonOption(parser);
    parseOrThrow(parser, args);

    const ComputeAssumptions defaults;
    const double k = doubleOption(parser, QStringLiteral("tokens-per-param"),
                                  defaults.tokens_per_param, 1e-3, 1e6);
    const double mfu = doubleOption(parser, QStringLiteral("mfu"), defaults.mfu, 1e-6, 1.0);
    const std::uint64_t gpus = uintOption(parser, QStringLiteral("gpus"), 1, 1, 1u << 24);
    if ((parser.isSet(QStringLiteral("gpus")) || parser.isSet(QStringLiteral("mfu"))) &&
        !parser.isSet(QStringLiteral("gpu"))) {
        throw UsageError("--gpus and --mfu need --gpu ID");
    }
    if (parser.isSet(QStringLiteral("rank")) && !parser.isSet(QStringLiteral("budget"))) {
        throw UsageError("--rank needs --budget FLOPS");
    }
    const LoadedModel model = loadModel(parser);
    const ModelConfig& c = model.config;
    // Default: the context length, capped at 8192 (Llama 3's pre-training sequence; long-context
    // stages are a small share of the tokens).
    const std::uint64_t seq =
        uintOption(parser, QStringLiteral("seq"), std::min<std::uint64_t>(c.context_length, 8192),
                   1, Limits::maxContext);
    const Recompute recompute = recomputeOption(parser);

    const TrainingFlops base = trainingFlops(c, 1.0, seq, recompute);
    const double chinchilla = chinchillaTokens(base.params, k);
    const double tokens = doubleOption(parser, QStringLiteral("tokens"), chinchilla, 1.0, 1e20);
    const TrainingFlops t = trainingFlops(c, tokens, seq, recompute);
    const FlopSplit split = flopSplit(t.per_token);
    const ChapterComputeSplit chapter =
        chapterAllocateCompute(t.six_nd, c.n_layers, c.d_model, c.effectiveDff());
    const ForwardFlops decode = decodeFlopsPerToken(c, seq);

    nlohmann::json j;
    j["model"] = model.name;
    j["params"] = t.params;
    j["tokens"] = tokens;
    j["tokens_are_chinchilla"] = !parser.isSet(QStringLiteral("tokens"));
    j["chinchilla_tokens"] = chinchilla;
    j["tokens_per_param"] = k;
    j["seq_len"] = seq;
    j["recompute"] = std::string(recomputeId(recompute));
    j["training_flops"] = t.six_nd;
    j["training_flops_8nd"] = t.eight_nd;
    j["training_flops_with_attention"] = t.model_flops;
    j["hardware_flops"] = t.hardware_flops;
    j["flops_per_token"] = t.model_flops / tokens;
    j["forward_flops_per_token"] = t.per_token.total();
    j["inference_flops_per_token"] = decode.total();
    j["inference_context"] = seq;
    j["attention_flop_share"] = split.attention_share;
    j["mlp_flop_share"] = split.mlp_share;
    j["lm_head_flop_share"] = split.lm_head_share;
    j["attention_vs_mlp"] = split.attention_vs_mlp;
    j["chapter_attention_fraction"] = chapter.attention_fraction;
    j["per_token"] = {{"attention_proj", t.per_token.attention_proj},
                      {"attention_scores", t.per_token.attention_scores},
                      {"mlp", t.per_token.mlp},
                      {"router", t.per_token.router},
                      {"lm_head", t.per_token.lm_head}};
    if (parser.isSet(QStringLiteral("gpu"))) {
        const GpuCatalog catalog = loadGpuCatalog(parser);
        const GpuSpec& g = gpuById(catalog, parser.value(QStringLiteral("gpu")).toStdString());
        if (g.peakFlops() <= 0.0) {
            throw UsageError("GPU '" + g.id + "' has no BF16 TFLOPS figure in the catalog");
        }
        const double seconds = trainingSeconds(t.six_nd, gpus, g.peakFlops(), mfu);
        j["gpu"] = g.id;
        j["gpus"] = gpus;
        j["mfu"] = mfu;
        j["peak_flops_per_gpu"] = g.peakFlops();
        j["training_seconds"] = seconds;
        j["training_days"] = seconds / 86400.0;
        j["training_seconds_with_attention"] =
            trainingSeconds(t.model_flops, gpus, g.peakFlops(), mfu);
    }
    if (parser.isSet(QStringLiteral("budget"))) {
        j["budget_search"] = budgetJson(c, parser, tokens, k);
    }
    if (wantsJson(parser)) {
        printJson(j);
        return kOk;
    }

    printLine(model.name + ": " + countWithShort(static_cast<std::uint64_t>(t.params)) +
              " active parameters");
    printLine("  Training tokens D      " + sci(tokens) +
              (parser.isSet(QStringLiteral("tokens"))
                   ? ""
                   : " (Chinchilla, " + general(k) + " tokens per parameter)"));
    printLine("  Chinchilla tokens      " + sci(chinchilla));
    printLine("  Training FLOPs 6ND     " + sci(t.six_nd) +
              "   (8ND with full recompute: " + sci(t.eight_nd) + ")");
    printLine("  With attention, seq " + std::to_string(seq) + ": " + sci(t.model_flops) +
              " model FLOPs, " + sci(t.hardware_flops) + " executed");
    printLine("  FLOPs per token        " + sci(t.model_flops / tokens) + " training, " +
              sci(decode.total()) + " inference at " + std::to_string(seq) + " context");
    printLine("  Attention share        " + fixed(100 * split.attention_share) +
              "% of forward FLOPs (attention vs MLP " + fixed(100 * split.attention_vs_mlp) +
              "%; the sizing chapter's 4d² vs 6·d·d_ff gives " +
              fixed(100 * chapter.attention_fraction) + "%)");
    if (j.contains("training_seconds")) {
        printLine("  Training time          " + fixed(j["training_days"].get<double>()) +
                  " days on " + std::to_string(gpus) + " × " + j["gpu"].get<std::string>() +
                  " at MFU " + fixed(mfu) + " (6ND / (G · peak · MFU))");
    }
    if (j.contains("budget_search")) {
        const auto& b = j["budget_search"];
        printLine("");
        printLine("Budget " + sci(b["budget_flops"].get<double>()) + ", ranked by " +
                  b["ranking"].get<std::string>() + ":");
        printLine(padLeft("layers", 8) + padLeft("d_model", 9) + padLeft("params", 14) +
                  padLeft("tokens", 11) + padLeft("FLOPs used", 13) + padLeft("quality", 10) +
                  padLeft("efficiency", 12) + padLeft("loss(N,D)", 11));
        for (const auto& k2 : b["candidates"]) {
            printLine(padLeft(std::to_string(k2["n_layers"].get<std::uint64_t>()), 8) +
                      padLeft(std::to_string(k2["d_model"].get<std::uint64_t>()), 9) +
                      padLeft(shortCount(k2["params"].get<std::uint64_t>()), 14) +
                      padLeft(sci(k2["tokens"].get<double>()), 11) +
                      padLeft(fixed(100 * k2["utilization"].get<double>()) + "%", 13) +
                      padLeft(fixed(k2["quality"].get<double>(), 3), 10) +
                      padLeft(fixed(k2["efficiency"].get<double>(), 3), 12) +
                      padLeft(fixed(k2["loss_at_tokens"].get<double>(), 4), 11));
        }
        printLine("  " + std::to_string(b["over_budget"].get<std::uint64_t>()) +
                  " grid points need more than the budget.");
    }
    return kOk;
}

} // namespace llmsizer::cli
