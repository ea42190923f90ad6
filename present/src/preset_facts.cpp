// A preset's published figures beside the app's count: the headline against the exact count, the
// training tokens against Chinchilla's rule. The figures come from the preset file; the count is
// the caller's (countParameters of the preset's configuration).
#include "llmsizer/present/preset_facts.h"

#include "llmsizer/present/view_support.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <array>
#include <cmath>

namespace llmsizer {

namespace {

// "175B", "6.7B", "125M": a nominal figure as the paper writes it.
std::string figureText(std::uint64_t n)
{
    struct Scale {
        double value;
        const char* suffix;
    };
    static constexpr std::array<Scale, 3> scales{{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}}};
    const auto v = static_cast<double>(n);
    for (const Scale& s : scales) {
        if (v >= s.value) {
            return text::general(v / s.value, 4) + s.suffix;
        }
    }
    return withThousands(n);
}

double gapOf(std::uint64_t counted, std::uint64_t headline)
{
    return headline == 0 ? 0.0
                         : (static_cast<double>(counted) - static_cast<double>(headline)) /
                               static_cast<double>(headline);
}

std::string joined(const std::string& a, const std::string& b)
{
    if (a.empty()) {
        return b;
    }
    return b.empty() ? a : a + " " + b;
}

} // namespace

std::string tokensText(std::uint64_t tokens)
{
    const auto v = static_cast<double>(tokens);
    if (v >= 1e12) {
        return text::general(v / 1e12, 3) + "T";
    }
    if (v >= 1e9) {
        return text::general(v / 1e9, 3) + "B";
    }
    if (v >= 1e6) {
        return text::general(v / 1e6, 3) + "M";
    }
    return withThousands(tokens);
}

PublishedFacts publishedFacts(const PublishedCount& published, std::uint64_t counted)
{
    PublishedFacts f;
    f.counted = counted;
    f.exact = published.exact;
    const std::string exactSource = "Exact count: " + published.source + ".";
    if (!published.exact) {
        // The published total is itself the headline ("175B"): no checkpoint to count.
        f.headline = published.total_params;
        f.gap = gapOf(counted, f.headline);
        const std::string figure = figureText(published.total_params);
        f.text = figure + " published — counted " + withThousands(counted) +
                 " from the published shapes (" + signedPercent(f.gap) + ")";
        f.short_text = figure + " nominal (" + signedPercent(f.gap) + ")";
        f.term = "nominal";
        f.detail = joined(published.note, "Published figure: " + published.source + ".");
        return f;
    }
    if (!published.headline.empty()) {
        f.has_headline = true;
        f.headline = headlineValue(published.headline).value_or(0);
        f.gap = gapOf(counted, f.headline);
        // The exact count is the checkpoint's published one when they agree: said, so that
        // the headline's gap is not read as the count's.
        f.text = published.headline + " published (" + published.headline_source +
                 ") — exact count " + withThousands(counted) +
                 (counted == published.total_params ? ", the checkpoint's" : "") + " (" +
                 signedPercent(f.gap) + " on " + published.headline + ")";
        f.short_text = published.headline + " headline (" + signedPercent(f.gap) + ")";
        f.detail = joined(published.note, exactSource);
        return f;
    }
    f.text = withThousands(published.total_params) + " published — the exact count";
    f.short_text = "exact, as published";
    f.detail = joined(published.note, exactSource);
    return f;
}

TrainingFacts trainingFacts(const TrainingTokens& training, std::uint64_t counted,
                            double tokens_per_param)
{
    TrainingFacts f;
    f.detail = joined(training.note.empty() ? std::string() : training.note + ".",
                      training.source.empty() ? std::string() : "Source: " + training.source);
    if (training.tokens == 0 || counted == 0) {
        f.text = training.source.empty() ? "No token count on file for this model"
                                         : "No token count was published";
        f.short_text = "not published";
        return f;
    }
    f.known = true;
    f.tokens = training.tokens;
    f.tokens_per_param = static_cast<double>(training.tokens) / static_cast<double>(counted);
    f.vs_chinchilla = f.tokens_per_param / tokens_per_param;
    if (f.tokens_per_param >= 100) {
        f.per_param_text =
            withThousands(static_cast<std::uint64_t>(std::llround(f.tokens_per_param)));
    } else {
        f.per_param_text = text::fixed(f.tokens_per_param, f.tokens_per_param >= 10 ? 0 : 1);
    }
    f.vs_text = multipleText(f.vs_chinchilla);
    f.verdict = f.vs_chinchilla >= 1.5    ? "overtrained"
                : f.vs_chinchilla <= 0.67 ? "undertrained"
                                          : "about compute-optimal";
    f.text = tokensText(training.tokens) + " tokens = " + f.per_param_text +
             " tokens per parameter, " + f.vs_text + " Chinchilla — " + f.verdict;
    f.short_text = f.per_param_text + " (" + f.vs_text + " Chinchilla)";
    f.detail = joined(f.detail, "Chinchilla: " + text::general(tokens_per_param, 3) +
                                    " tokens per parameter (Hoffmann et al. 2022).");
    return f;
}

namespace {

TableCell cellOf(bool integral, std::uint64_t integer, double real, std::string text,
                 std::string detail = {})
{
    TableCell c;
    c.integral = integral;
    c.integer = integer;
    c.real = real;
    c.text = std::move(text);
    c.detail = std::move(detail);
    return c;
}

const char* const kNotPreset = "– (not a preset)";

} // namespace

TableCell publishedCell(const NamedConfig& model, std::uint64_t total)
{
    if (!model.published) {
        return cellOf(true, 0, 0, kNotPreset);
    }
    const PublishedFacts f = publishedFacts(*model.published, total);
    return cellOf(true, f.headline != 0 ? f.headline : model.published->total_params, 0,
                  f.short_text, f.text + ". " + f.detail);
}

TableCell trainingTokensCell(const NamedConfig& model, std::uint64_t total, double k)
{
    if (!model.published) {
        return cellOf(true, 0, 0, kNotPreset);
    }
    const TrainingFacts f = trainingFacts(model.training.value_or(TrainingTokens{}), total, k);
    return cellOf(true, f.tokens, 0, f.known ? tokensText(f.tokens) : f.short_text, f.detail);
}

TableCell tokensPerParamCell(const NamedConfig& model, std::uint64_t total, double k)
{
    if (!model.published) {
        return cellOf(false, 0, 0, kNotPreset);
    }
    const TrainingFacts f = trainingFacts(model.training.value_or(TrainingTokens{}), total, k);
    return cellOf(false, 0, f.tokens_per_param, f.short_text,
                  f.known ? f.text + ". " + f.detail : f.detail);
}

} // namespace llmsizer
