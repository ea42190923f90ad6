// llm-sizer-cli count (--preset ID | --config FILE) [--json]: the exact parameter count per
// component and part, the total and the active count per token, next to the teaching
// approximations (12·L·d² and the textbook GPT formula).
#include "cli.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <string>

namespace llmsizer::cli {

namespace {

std::string percent(std::uint64_t part, std::uint64_t total)
{
    const double p =
        total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
    return text::fixed(p, 2) + '%';
}

std::string signedPercent(double fraction)
{
    return text::signedFixed(100.0 * fraction, 2) + '%';
}

// One table row: label, count right-aligned, a note after it.
std::string row(const std::string& label, std::uint64_t n, const std::string& note)
{
    std::string line = "  " + padRight(label, 26) + padLeft(withThousands(n), 22);
    if (!note.empty()) {
        line += "  " + note;
    }
    return line;
}

// "whole model", "estimate", or what the count leaves out.
std::string scopeText(const ModelConfig& c)
{
    if (!c.estimate.empty()) {
        return "estimate";
    }
    return c.not_counted.empty() ? std::string("whole model")
                                 : "language model only; not counted: " + c.not_counted;
}

// The line a tensor the checkpoint stores beside the model gets, in the table and the JSON.
std::string extraLine(const CheckpointExtra& e)
{
    if (!e.known) {
        return "in the checkpoint, not in the model, perhaps: +" + withThousands(e.params) + " (" +
               e.what + ")";
    }
    return "in the checkpoint, not in the model: +" + withThousands(e.params) + " (" + e.what + ")";
}

// A tied head is one tensor in the model, but a checkpoint may store lm_head.weight again
// (Qwen3-0.6B: 596,049,920 instantiated, 751,632,384 on its model page).
std::uint64_t tiedHeadCopy(const ModelConfig& c)
{
    // The embedding's width: OPT-350m's is embedding_dim, not d_model.
    return c.tied_head ? c.vocab_size * (c.embedding_dim != 0 ? c.embedding_dim : c.d_model) : 0;
}

nlohmann::json countJson(const LoadedModel& model, const ParamCount& count)
{
    using nlohmann::json;
    const ModelConfig& c = model.config;
    json j;
    j["name"] = model.name;
    j["source"] = model.preset ? "preset" : "hf_config";
    j["total_params"] = count.total;
    j["scope"] = scopeText(c);
    j["language_model_params"] = count.language_model;
    j["active_params"] = count.active;
    if (c.tied_head) {
        j["tied_head_stored_again_params"] = tiedHeadCopy(c);
    }
    if (!c.estimate.empty()) {
        j["estimate"] = "Estimate: " + c.estimate;
        j["assumptions"] = model.assumptions;
        if (!c.not_counted.empty()) {
            j["not_counted"] = c.not_counted;
        }
    }
    if (count.mtp > 0) {
        j["mtp_params_not_in_model"] = count.mtp;
    }
    json extras = json::array();
    for (const CheckpointExtra& e : count.checkpoint_extras) {
        extras.push_back({{"key", e.key},
                          {"params", e.params},
                          {"known", e.known},
                          {"what", e.what},
                          {"line", extraLine(e)}});
    }
    j["checkpoint_extras"] = std::move(extras);
    json components = json::object();
    json parts = json::object();
    for (Component comp : kAllComponents) {
        if ((comp == Component::Router && !c.isMoe()) ||
            (!isLanguageModel(comp) && count.params(comp) == 0)) {
            continue;
        }
        const ComponentCount& cc = count.get(comp);
        const std::string key(componentKey(comp));
        components[key] = cc.params;
        json p = json::object();
        for (const Part& part : cc.parts) {
            p[part.key] = part.params;
        }
        parts[key] = std::move(p);
    }
    j["components"] = std::move(components);
    j["parts"] = std::move(parts);
    const std::uint64_t approx = approx12Ld2(c);
    const std::uint64_t textbook = teachingGuideTotal(c);
    j["approx_12Ld2"] = approx;
    j["approx_12Ld2_relative_error"] = relativeError(approx, count.total);
    j["textbook_estimate"] = textbook;
    j["textbook_estimate_relative_error"] = relativeError(textbook, count.total);
    j["config"] = modelConfigToJson(c);
    j["guesses"] = model.guesses;
    if (model.preset) {
        const PublishedCount& pub = model.preset->published;
        j["preset_id"] = model.preset->id;
        j["published"] = {
            {"total_params", pub.total_params},
            {"exact", pub.exact},
            {"tolerance", pub.tolerance},
            {"source", pub.source},
            {"matches", pub.exact ? count.total == pub.total_params
                                  : (count.total > pub.total_params
                                         ? count.total - pub.total_params
                                         : pub.total_params - count.total) <= pub.tolerance}};
    }
    return j;
}

void printTable(const LoadedModel& model, const ParamCount& count)
{
    const ModelConfig& c = model.config;
    printLine(model.name);
    if (!c.estimate.empty()) {
        printLine("  Estimate: " + c.estimate);
    }
    printLine("  " + padRight("Component", 26) + padLeft("Parameters", 22) + "  Share");
    for (Component comp : kAllComponents) {
        const ComponentCount& cc = count.get(comp);
        if (cc.params == 0) {
            continue;
        }
        printLine(
            row(std::string(componentLabel(comp)), cc.params, percent(cc.params, count.total)));
        if (cc.parts.size() > 1 || (cc.parts.size() == 1 && cc.parts.front().key != "token")) {
            for (const Part& p : cc.parts) {
                printLine(row("  " + p.key, p.params, ""));
            }
        }
    }
    printLine(row("Total", count.total,
                  "(" + shortCount(count.total) + (c.estimate.empty() ? ")" : ", an estimate)")));
    if (count.language_model != count.total) {
        printLine(row("Language model", count.language_model,
                      "(" + shortCount(count.language_model) +
                          ", without the towers and the projector)"));
    }
    if (c.isMoe()) {
        printLine(
            row("Active per token", count.active,
                "(" + shortCount(count.active) + ", " + percent(count.active, count.total) + ")"));
    } else {
        printLine(row("Active per token", count.active, "(dense: all parameters)"));
    }
    for (const CheckpointExtra& e : count.checkpoint_extras) {
        printLine("  " + extraLine(e));
    }
    printLine("  Scope: " + scopeText(c) +
              (!c.estimate.empty() && !c.not_counted.empty() ? "; not counted: " + c.not_counted
                                                             : std::string()));
    if (c.tied_head) {
        printLine("  Note: the head is tied to the token embedding; the checkpoint may store the "
                  "head again: " +
                  std::string(c.embedding_dim != 0 ? "+V*e = " : "+V*d = ") +
                  withThousands(tiedHeadCopy(c)));
    }

    const std::uint64_t approx = approx12Ld2(c);
    const std::uint64_t textbook = teachingGuideTotal(c);
    printLine("");
    printLine("  Approximations (relative error against the exact total):");
    printLine(row("12*L*d^2 rule", approx, signedPercent(relativeError(approx, count.total))));
    printLine(row("Teaching guide formula", textbook,
                  signedPercent(relativeError(textbook, count.total))));
    if (model.preset) {
        const PublishedCount& pub = model.preset->published;
        printLine("");
        const std::uint64_t diff = count.total > pub.total_params ? count.total - pub.total_params
                                                                  : pub.total_params - count.total;
        std::string verdict;
        if (pub.exact) {
            verdict = diff == 0 ? "matches" : "DIFFERS by " + withThousands(diff);
        } else {
            verdict = (diff <= pub.tolerance ? "within" : "OUTSIDE") +
                      std::string(" its stated rounding (+/- ") + withThousands(pub.tolerance) +
                      ")";
        }
        printLine(row(pub.exact ? "Published (exact)" : "Published (nominal)", pub.total_params,
                      verdict));
        if (!pub.source.empty()) {
            printLine("  Source: " + pub.source);
        }
    }
    if (!model.assumptions.empty()) {
        printLine("");
        printLine("  Assumed for the estimate:");
        for (const std::string& a : model.assumptions) {
            printLine("    - " + a);
        }
    }
    if (!model.guesses.empty()) {
        printLine("");
        printLine("  Guessed (missing from the config):");
        for (const std::string& g : model.guesses) {
            printLine("    - " + g);
        }
    }
}

} // namespace

int runCount(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Exact parameter count of a model, per component and part."));
    addModelOptions(parser);
    addJsonOption(parser);
    parseOrThrow(parser, args);
    const LoadedModel model = loadModel(parser);
    const ParamCount count = countParameters(model.config);
    if (wantsJson(parser)) {
        printJson(countJson(model, count));
    } else {
        printTable(model, count);
    }
    return kOk;
}

} // namespace llmsizer::cli
